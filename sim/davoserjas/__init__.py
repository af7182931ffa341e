"""Davoserjas: the Danish six-round minus game (tricks, then Kabalen)."""
from tableodds.sim.core.game import GameSpec
from tableodds.sim.davoserjas.kernel import simulate_chunk
from tableodds.sim.davoserjas.reference import reference_chunk
from tableodds.sim.davoserjas.rules import PLAYERS, check, make_settings

GAME = GameSpec(name="davoserjas", players=PLAYERS, settings=make_settings,
                simulate_chunk=simulate_chunk, reference_chunk=reference_chunk, check=check)
