"""Bit tricks for card hands held as uint64 masks (bit c set = card c held).

numba has no public popcount / count-trailing-zeros, so two tiny LLVM
intrinsics provide them; they compile to POPCNT / TZCNT where the CPU has them.
"""

import numpy as np
from numba import types
from numba.extending import intrinsic

from tableodds.sim.core.jit import jit

ONE = np.uint64(1)  # bit sets are uint64: shifts and masks of this one


def _bit_count(op: str):
    """The LLVM intrinsic ``op`` (ctpop, cttz or ctlz) on a uint64, as a numba intrinsic."""

    @intrinsic
    def count(typingctx, x):
        def codegen(context, builder, signature, args):
            if op == "ctpop":
                return builder.ctpop(args[0])
            # cttz / ctlz of 0 is defined (64): the flag says not to assume x != 0
            return getattr(builder, op)(args[0], context.get_constant(types.boolean, False))

        return types.uint64(types.uint64), codegen

    return count


_ctpop, _cttz, _ctlz = (_bit_count(op) for op in ("ctpop", "cttz", "ctlz"))


@jit(inline="always")
def popcount(x):
    return np.int64(_ctpop(np.uint64(x)))


@jit(inline="always")
def lowest_bit(x):
    """Index of the lowest set bit (x must be non-zero)."""
    return np.int64(_cttz(np.uint64(x)))


@jit(inline="always")
def highest_bit(x):
    """Index of the highest set bit (x must be non-zero)."""
    return np.int64(63) - np.int64(_ctlz(np.uint64(x)))


def _select_in_byte_table():
    table = np.zeros(8 * 256, np.uint8)
    for byte in range(256):
        bits = [i for i in range(8) if byte >> i & 1]
        for rank, i in enumerate(bits):
            table[rank * 256 + byte] = i
    return table


_SELECT_IN_BYTE = _select_in_byte_table()
_ONES8 = np.uint64(0x0101010101010101)
_MSBS8 = np.uint64(0x8080808080808080)


@jit(inline="always")
def kth_bit(x, k):
    """Index of the k-th lowest set bit, k counted from 0 (k < popcount(x)).

    Branch-free broadword select: byte counts summed by one multiply locate the
    byte, a 2 KiB table the bit inside it.  A loop clearing k low bits was
    slower, since its trip count is random and its exit mispredicts.
    """
    x = np.uint64(x)
    k = np.uint64(k)
    s = x - ((x & np.uint64(0xAAAAAAAAAAAAAAAA)) >> np.uint64(1))
    s = (s & np.uint64(0x3333333333333333)) + ((s >> np.uint64(2)) & np.uint64(0x3333333333333333))
    sums = ((s + (s >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)) * _ONES8
    geq = ((k * _ONES8 | _MSBS8) - sums) & _MSBS8
    place = np.uint64(_ctpop(geq)) * np.uint64(8)
    rank = k - (((sums << np.uint64(8)) >> place) & np.uint64(0xFF))
    return np.int64(place) + np.int64(
        _SELECT_IN_BYTE[((x >> place) & np.uint64(0xFF)) + rank * np.uint64(256)]
    )
