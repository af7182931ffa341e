"""I'm the Boss!: deals, dividends and the dice-driven end (2-6 players)."""

from tableodds.sim.boss.options import PLAYERS
from tableodds.sim.core.game import GameSpec, SimKind, lazy_chunk, lazy_function

# imported on first call: ``import tableodds.sim.boss`` stays free of numpy and numba
_RULES = "tableodds.sim.boss.rules"
check = lazy_function(_RULES, "check")
columns = lazy_function(_RULES, "columns")
make_settings = lazy_function(_RULES, "make_settings")

simulate_chunk = lazy_chunk("tableodds.sim.boss.kernel", "simulate_chunk")
reference_chunk = lazy_chunk("tableodds.sim.boss.reference", "reference_chunk")

GAME = GameSpec(
    name="boss",
    players=PLAYERS,
    settings=make_settings,
    kinds=(SimKind("games", simulate_chunk, reference_chunk, check, columns),),
    chunk_size=16_384,
)
