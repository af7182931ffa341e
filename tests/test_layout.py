"""The declared state layout (sim/core/layout.py): offsets, exact sizes and named views."""

import numpy as np
import pytest

from tableodds.sim.core.jit import entry
from tableodds.sim.core.layout import Layout

STATE = Layout(
    ("rng", (4,), "uint64"),
    ("pol", ("P",)),
    ("hold", ("P", 3)),
    ("cube", (2, "H", 2)),
    ("none", ("P", "k")),
)
views = STATE.views


@entry
def _write(work, table):
    st = views(work, table)
    st.hold[1, 2] = 7
    st.cube[1, 2, 1] = 5
    st.rng[0] = np.uint64(1) << np.uint64(63)
    return st.pol.shape[0] * 100 + st.hold.shape[1] * 10 + st.none.shape[1]


def test_fields_lie_in_order_and_the_size_is_exact():
    placed = STATE.place(P=4, H=3, k=0)
    assert [placed.offset(n) for n in STATE.names] == [0, 4, 8, 20, 32]
    assert placed.size == 32 and placed.shape("cube") == (2, 3, 2)
    assert placed.shape("none") == (4, 0)


def test_compiled_views_write_where_the_numpy_views_read():
    placed = STATE.place(P=4, H=3, k=0)
    work = placed.new()
    placed.fill(work, pol=[1, 2, 3, 4])
    assert _write(work, placed.table) == 430
    assert placed.view(work, "hold")[1, 2] == 7 and placed.view(work, "cube")[1, 2, 1] == 5
    assert work.view(np.uint64)[0] == 1 << 63
    assert list(placed.view(work, "pol")) == [1, 2, 3, 4]
    assert np.count_nonzero(work) == 7  # nothing else was written


def test_a_field_row_is_found_by_name():
    assert STATE.index("hold") == 2 and STATE.index("none") == 4


@pytest.mark.parametrize(
    ("dims", "message"),
    [
        ({"P": 4, "H": 3}, "missing \\['k'\\]"),
        ({"P": 4, "H": 3, "k": 0, "x": 1}, "unknown \\['x'\\]"),
        ({"P": -1, "H": 3, "k": 0}, "negative"),
    ],
)
def test_dimensions_are_checked_before_anything_is_made(dims, message):
    with pytest.raises(ValueError, match=message):
        STATE.place(**dims)


def test_a_view_of_a_wrong_sized_array_is_refused():
    placed = STATE.place(P=2, H=1, k=1)
    with pytest.raises(ValueError, match="the layout"):
        placed.view(np.zeros(placed.size + 1, np.int64), "pol")


def test_declarations_are_checked():
    with pytest.raises(ValueError, match="twice"):
        Layout(("a", (1,)), ("a", (2,)))
    with pytest.raises(ValueError, match="dimensions"):
        Layout(("a", (1, 1, 1, 1)))
    with pytest.raises(ValueError, match="unsigned"):
        Layout(("a", (2, 2), "uint64"))
