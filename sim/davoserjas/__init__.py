"""Davoserjas: the Danish six-round minus game (tricks, then Kabalen)."""

from tableodds.sim.core.game import GameSpec, SimKind
from tableodds.sim.davoserjas.kernel import simulate_chunk
from tableodds.sim.davoserjas.reference import reference_chunk
from tableodds.sim.davoserjas.rules import PLAYERS, check, columns, make_settings

GAME = GameSpec(
    name="davoserjas",
    players=PLAYERS,
    settings=make_settings,
    kinds=(SimKind("games", simulate_chunk, reference_chunk, check, columns),),
)
