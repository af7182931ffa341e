"""I'm the Boss!: deals, dividends and the dice-driven end (2-6 players)."""

from tableodds.sim.boss.options import PLAYERS
from tableodds.sim.core.game import game, rules_functions

# imported on first call: ``import tableodds.sim.boss`` stays free of numpy and numba
check, make_settings = rules_functions(__name__, "check", "make_settings")

GAME = game(__name__, "boss", PLAYERS, chunk_size=16_384, compile_seconds=30)
