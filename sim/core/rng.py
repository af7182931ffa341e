"""Per-game random streams.

Game ``i`` of a run with master seed ``s`` draws only from the stream
``stream_state(s, i)``: splitmix64 mixes (s, i) into a key and seeds a
xoshiro256** state from it.  Because no game touches another game's stream,
results do not depend on how games are split into chunks or spread over
workers.

The same generator exists twice: numba functions for the kernels and the
``PyStream`` class for the plain-Python references.  Tests check they agree.
Bounded draws use Lemire's multiply-shift on the top 32 bits without
rejection; the bias is below n / 2**32 (< 2e-8 for the n <= 64 used here).
"""

import numpy as np

from tableodds.sim.core.jit import entry, jit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_MASK = (1 << 64) - 1


@jit(inline="always")
def _mix(z):
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@jit(inline="always")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@jit(inline="always")
def seed_stream(state, seed, game, at=0):
    """Fill ``state[at:at+4]`` (uint64) with the stream of game ``game`` under ``seed``.

    ``at`` lets one flat array hold the streams of several games that a kernel
    plays interleaved.
    """
    z = _mix(np.uint64(seed) + _GOLDEN)
    z = _mix(z ^ (np.uint64(game) * _GOLDEN + _GOLDEN))
    for k in range(4):
        z = z + _GOLDEN
        state[at + k] = _mix(z)


@jit(inline="always")
def step(st):
    """One step of xoshiro256** on its four words ``st`` (a tuple, kept in registers by a
    kernel that draws in a tight loop): (the next four words, the output)."""
    s0, s1, s2, s3 = st
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    return (s0, s1, s2, _rotl(s3, 45)), result


@jit(inline="always")
def next_u64(s, at=0):
    """Next output of the xoshiro256** state ``s[at:at+4]``."""
    st, result = step((s[at], s[at + 1], s[at + 2], s[at + 3]))
    s[at], s[at + 1], s[at + 2], s[at + 3] = st
    return result


@jit(inline="always")
def bounded(s, n, at=0):
    """Uniform integer in [0, n) for 0 < n < 2**32, from the state at ``s[at:at+4]``."""
    return np.int64(((next_u64(s, at) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@entry
def stream_head(seed, game, n):
    """First ``n`` raw outputs of a game's stream (used to test the Python twin)."""
    s = np.empty(4, np.uint64)
    seed_stream(s, seed, game)
    out = np.empty(n, np.uint64)
    for k in range(n):
        out[k] = next_u64(s)
    return out


def _pymix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _pyrotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK


class PyStream:
    """Plain-Python twin of the kernel stream, for reference implementations."""

    def __init__(self, seed: int, game: int):
        g = 0x9E3779B97F4A7C15
        z = _pymix((seed + g) & _MASK)
        z = _pymix(z ^ ((game * g + g) & _MASK))
        self.s = []
        for _ in range(4):
            z = (z + g) & _MASK
            self.s.append(_pymix(z))

    def next_u64(self) -> int:
        s = self.s
        result = (_pyrotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 17) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _pyrotl(s[3], 45)
        return result

    def bounded(self, n: int) -> int:
        return ((self.next_u64() >> 32) * n) >> 32


@jit
def shuffle(state, a, n):
    """Fisher-Yates over ``a[:n]`` from the top, one bounded draw per place: the shuffle
    every game's draw order documents (its reference twin shuffles the same way)."""
    for i in range(n - 1, 0, -1):
        j = bounded(state, i + 1)
        a[i], a[j] = a[j], a[i]
