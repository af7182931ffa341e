"""Davoserjas: the Danish six-round minus game (tricks, then Kabalen)."""

from tableodds.sim.core.game import GameSpec, SimKind, lazy_chunk, lazy_function
from tableodds.sim.davoserjas.options import PLAYERS

# imported on first call: ``import tableodds.sim.davoserjas`` stays free of numpy and numba
_RULES = "tableodds.sim.davoserjas.rules"
check = lazy_function(_RULES, "check")
columns = lazy_function(_RULES, "columns")
make_settings = lazy_function(_RULES, "make_settings")

simulate_chunk = lazy_chunk("tableodds.sim.davoserjas.kernel", "simulate_chunk")
reference_chunk = lazy_chunk("tableodds.sim.davoserjas.reference", "reference_chunk")

GAME = GameSpec(
    name="davoserjas",
    players=PLAYERS,
    settings=make_settings,
    kinds=(SimKind("games", simulate_chunk, reference_chunk, check, columns),),
)
