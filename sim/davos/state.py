"""The state of a chunk of Davos games, declared once (``sim.core.layout``).

The kernel (``kernel.py``) and the bots (``policies.py``) take the array and its table
(``work, table``) and read the fields they use as ``views(work, table).name``; what each
field holds is said in ``kernel.py``'s docstring.
"""

from tableodds.sim.core.layout import Layout
from tableodds.sim.davos import rules as R

# The state of a chunk's games, and a copy of every input table (sim.core.layout).  A
# dimension is given by ``kernel.place``; the Big Game's fields are empty in the other games.
STATE = Layout(
    ("rng", (4,), "uint64"),
    ("pol", ("P",)),  # the inputs: per seat, per slot and party, per goal and bill card
    ("col", ("P",)),
    ("base", ("P",)),
    ("slot_bloc", ("slots",)),
    ("slot_ideo", ("slots",)),
    ("party_bloc", (9,)),
    ("party_ideo", (9,)),
    ("g_nreq", ("goals",)),
    ("g_kind", ("goals", R.MAX_REQS)),
    ("g_arg", ("goals", R.MAX_REQS)),
    ("g_cat", ("goals",)),
    ("b_ideo", ("bills",)),
    ("b_target", ("bills",)),
    ("b_own", ("bills", 2)),
    ("b_other", ("bills", 2)),
    ("r_own", ("bills", 2)),
    ("r_other", ("bills", 2)),
    ("cparam", ("cparams",)),
    ("cseat", ("H", 2)),  # per colour: its seats, their number, its policy, assets lost
    ("csize", ("H",)),
    ("cpol", ("H",)),
    ("lost", ("H",)),
    ("side_a", ("H",)),
    ("side_f", ("H",)),
    ("ch", ("slots", "H")),  # the board, the seats and the decks (module docstring)
    ("ph", (9, "H")),
    ("csec", ("slots",)),
    ("sv", ("P", 5)),
    ("gs", ("P", R.GOAL_SLOTS, len(R.SLOT_FIELDS))),
    ("gn", ("P",)),
    ("sc", ("scalars",)),  # the scalar layout of policies.py
    ("chid", ("corps",)),
    ("cdisc", ("corps",)),
    ("ghid", ("goals",)),
    ("gdisc", ("goals",)),
    ("bhid", ("bills",)),
    ("cur", (4,)),  # the bills on the table, one per bloc
    ("agg", (1, "H")),  # scratch of the bots and the vote
    ("act", (4,)),
    ("dec", (8,)),
    ("two", (2,)),
    ("tmp", (4, R.GOAL_SLOTS + 8)),
    ("passed", ("P",)),
    ("seen", ("goals",)),
    ("val", (len(R.REQ_KINDS), len(R.SECTORS))),
    ("wishes", ("H",)),
    ("votes", (3,)),
    ("totals", (1, 3)),
    ("promise", (4,)),  # per bloc: the colour that promised to vote for its bill
    ("got", ("categories",)),
    ("score", ("H",)),
    ("board", ("H",)),
    ("tok", ("P", "tokens")),  # the Big Game (module docstring)
    ("kdk", ("controls",)),
    ("kda", ("controls",)),
    ("kact", ("controls",)),
    ("spk", ("specialties",)),
    ("spa", ("specialties",)),
    ("kid", ("controls",)),
    ("ks", (2,)),
    ("kopen", (R.CONTROL_OPEN,)),
    ("held", ("P", "controls")),
    ("hn", ("P",)),
    ("used", ("controls",)),
    ("bv", ("P", 4)),
    ("buf", ("buf", 4)),
    ("best", (4,)),
    ("pick", (4,)),
    ("ch2", ("slots", "H")),
    ("ph2", (9, "H")),
    ("csec2", ("slots",)),
    ("sv2", ("P", 5)),
    ("kc", ("controls",)),
)
views = STATE.views  # every field of the state array, by name
