"""Davoserjas: the Danish six-round minus game (tricks, then Kabalen)."""

from tableodds.sim.core.game import GameSpec, SimKind, lazy_chunk
from tableodds.sim.davoserjas.rules import PLAYERS, check, columns, make_settings

# imported on first call: ``import tableodds.sim.davoserjas`` stays free of numba
simulate_chunk = lazy_chunk("tableodds.sim.davoserjas.kernel", "simulate_chunk")
reference_chunk = lazy_chunk("tableodds.sim.davoserjas.reference", "reference_chunk")

GAME = GameSpec(
    name="davoserjas",
    players=PLAYERS,
    settings=make_settings,
    kinds=(SimKind("games", simulate_chunk, reference_chunk, check, columns),),
)
