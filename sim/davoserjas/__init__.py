"""Davoserjas: the Danish six-round minus game (tricks, then Kabalen)."""

from tableodds.sim.core.game import game, rules_functions
from tableodds.sim.davoserjas.options import PLAYERS

# imported on first call: ``import tableodds.sim.davoserjas`` stays free of numpy and numba
check, make_settings = rules_functions(__name__, "check", "make_settings")

GAME = game(__name__, "davoserjas", PLAYERS, compile_seconds=10)
