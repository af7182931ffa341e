"""A kernel's state declared once: named int64 fields of one flat array.

A game lists its fields with their shapes, in order::

    STATE = Layout(("pol", ("P",)), ("ch", ("slots", "H")), ("sc", (N_SCALARS,)))

A shape entry is a number or the name of a dimension that is known only from the settings.
``STATE.place(P=4, slots=12, H=5)`` gives a :class:`Placed` layout: each field's offset and
shape, the exact size of the array, and named views of it (to fill the inputs before a kernel
runs). The array is made at that size, so nothing is written past its end: there is no bound
to guess and nothing to check after the fact.

In compiled code, ``views = STATE.views`` and ``st = views(work, table)`` give every field as
an array, by name (``st.pol``), in a named tuple: a function of the game loop takes the array
and its table, or ``st`` itself where it is inlined into its caller.  The arrays are views of
raw memory without a reference count (numba pays an atomic count update for every ordinary
array passed between functions; these carry none).  Where every shape is a number, the
offsets are module constants too (``STATE.place().offset(name)``).
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic
from numba.np.arrayobj import make_array, populate_array

MAX_DIMS = 3


class Layout:
    """Fields ``(name, shape)`` in the order they lie in the array; ``(name, shape, "uint64")``
    for a field read as unsigned (a random stream's state)."""

    def __init__(self, *fields: tuple):
        self.fields = tuple((f[0], tuple(f[1])) for f in fields)
        self.unsigned = frozenset(f[0] for f in fields if f[2:] == ("uint64",))
        self.names = tuple(name for name, _ in self.fields)
        if len(set(self.names)) != len(self.names):
            raise ValueError("a field is declared twice")
        for name, shape in self.fields:
            if name in self.unsigned and len(shape) != 1:
                raise ValueError(f"{name}: an unsigned field has one dimension")
            if not 1 <= len(shape) <= MAX_DIMS:
                raise ValueError(f"{name}: a field has 1 to {MAX_DIMS} dimensions")
        self.views = self._views()

    def _views(self):
        """``views(work, table)``, compiled: every field as an array of its shape, in a named
        tuple (``views(work, table).pol``).  One intrinsic builds them all in machine code, so
        a function that takes the state pays one call to type, and the compiler drops the
        fields it does not read."""
        Views = namedtuple("Views", self.names)
        kinds = [
            types.Array(types.uint64 if name in self.unsigned else types.int64, len(shape), "C")
            for name, shape in self.fields
        ]

        @intrinsic
        def views(typingctx, work, table):
            resty = types.NamedTuple(kinds, Views)

            def codegen(context, builder, signature, args):
                base = make_array(signature.args[0])(context, builder, args[0]).data
                rows = make_array(signature.args[1])(context, builder, args[1]).data
                items = []
                for i, kind in enumerate(kinds):

                    def cell(k, i=i):
                        return builder.load(
                            builder.gep(rows, [ir.Constant(ir.IntType(64), i * 4 + k)])
                        )

                    shape = [cell(1 + k) for k in range(kind.ndim)]
                    eight = ir.Constant(ir.IntType(64), 8)
                    strides = []
                    for k in range(kind.ndim):
                        stride = eight
                        for d in shape[k + 1 :]:
                            stride = builder.mul(stride, d)
                        strides.append(stride)
                    data = builder.bitcast(
                        builder.gep(base, [cell(0)]), context.get_data_type(kind.dtype).as_pointer()
                    )
                    ary = make_array(kind)(context, builder)
                    populate_array(ary, data, shape, strides, eight, None)
                    items.append(ary._getvalue())
                return context.make_tuple(builder, resty, items)

            return resty(work, table), codegen

        return views

    def index(self, name: str) -> int:
        """The field's row in a placed table."""
        return self.names.index(name)

    def dimensions(self) -> set[str]:
        """The names of the dimensions that :meth:`place` must be given."""
        return {d for _, shape in self.fields for d in shape if isinstance(d, str)}

    def place(self, **dims: int) -> Placed:
        """The layout for these dimensions; a missing or unknown dimension is an error."""
        missing, unknown = self.dimensions() - set(dims), set(dims) - self.dimensions()
        if missing or unknown:
            raise ValueError(f"dimensions missing {sorted(missing)}, unknown {sorted(unknown)}")
        table = np.ones((len(self.fields), 1 + MAX_DIMS), np.int64)
        offset = 0
        for i, (name, shape) in enumerate(self.fields):
            sizes = [dims[d] if isinstance(d, str) else int(d) for d in shape]
            if min(sizes) < 0:
                raise ValueError(f"{name}: a negative dimension {sizes}")
            table[i, 0] = offset
            table[i, 1 : 1 + len(sizes)] = sizes
            offset += int(np.prod(sizes))
        return Placed(self, table, offset)


class Placed:
    """A layout at given dimensions: ``table[i]`` is field i's offset and shape (1 for a
    dimension it lacks), ``size`` the exact number of int64s."""

    def __init__(self, layout: Layout, table: np.ndarray, size: int):
        self.layout, self.table, self.size = layout, table, size

    def offset(self, name: str) -> int:
        return int(self.table[self.layout.index(name), 0])

    def shape(self, name: str) -> tuple[int, ...]:
        i = self.layout.index(name)
        return tuple(int(n) for n in self.table[i, 1 : 1 + len(self.layout.fields[i][1])])

    def new(self) -> np.ndarray:
        """A zeroed array of exactly this layout's size."""
        return np.zeros(self.size, np.int64)

    def view(self, work: np.ndarray, name: str) -> np.ndarray:
        """The field as a numpy view of ``work`` (to write inputs in before a kernel runs)."""
        if work.shape != (self.size,):
            raise ValueError(f"the array holds {work.shape}, the layout {self.size} int64s")
        o, shape = self.offset(name), self.shape(name)
        return work[o : o + int(np.prod(shape))].reshape(shape)

    def fill(self, work: np.ndarray, **values) -> None:
        """Write each named field of ``work`` from an array of its shape."""
        for name, value in values.items():
            self.view(work, name)[...] = value
