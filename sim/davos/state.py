"""The state of a chunk of Davos games, declared once (``sim.core.layout``).

The kernel (``kernel.py``) and the bots (``policies.py``) take the array and its table
(``work, table``) and unpack the fields they use once, ``st = views(work, table)`` then
``corp_assets, party_assets = st.corp_assets, st.party_assets`` (every read of ``st.name``
loads the whole tuple of views, which LLVM then takes apart: slow to compile); what each
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
    ("corp_assets", ("slots", "H")),  # the board, the seats and the decks (module docstring)
    ("party_assets", (9, "H")),
    ("corp_sector", ("slots",)),
    ("seat_counts", ("P", 5)),
    ("goal_slots", ("P", R.GOAL_SLOTS, len(R.SLOT_FIELDS))),
    ("goal_count", ("P",)),
    ("scalars", ("scalars",)),  # the scalar layout of policies.py
    ("corp_deck", ("corps",)),
    ("corp_discard", ("corps",)),
    ("goal_deck", ("goals",)),
    ("goal_discard", ("goals",)),
    ("bill_deck", ("bills",)),
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
    ("control_kind", ("controls",)),
    ("control_arg", ("controls",)),
    ("control_action", ("controls",)),
    ("specialty_kind", ("specialties",)),
    ("specialty_arg", ("specialties",)),
    ("control_stack", ("controls",)),
    ("control_counts", (2,)),
    ("open_controls", (R.CONTROL_OPEN,)),
    ("held", ("P", "controls")),
    ("controls_n", ("P",)),
    ("used", ("controls",)),
    ("big_counts", ("P", 4)),
    ("buf", ("buf", 4)),
    ("best", (4,)),
    ("pick", (4,)),
    ("corp_assets_copy", ("slots", "H")),
    ("party_assets_copy", (9, "H")),
    ("corp_sector_copy", ("slots",)),
    ("seat_counts_copy", ("P", 5)),
    ("playable", ("controls",)),
)
views = STATE.views  # every field of the state array, by name
