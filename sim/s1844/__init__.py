"""1844: Schweiz: a company-level model of the whole 18xx game (no map) for 3-7 players."""

from tableodds.sim.core.game import game, rules_functions
from tableodds.sim.s1844.options import PLAYERS

# imported on first call: ``import tableodds.sim.s1844`` stays free of numpy and numba
check, make_settings = rules_functions(__name__, "check", "make_settings")

GAME = game(__name__, "1844", PLAYERS, chunk_size=4096, compile_seconds=30)
