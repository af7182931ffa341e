"""1844: Schweiz: a company-level model of the whole 18xx game (no map) for 3-7 players."""

from tableodds.sim.core.game import GameSpec, SimKind, lazy_chunk, lazy_function
from tableodds.sim.s1844.options import PLAYERS

# imported on first call: ``import tableodds.sim.s1844`` stays free of numpy and numba
_RULES = "tableodds.sim.s1844.rules"
check = lazy_function(_RULES, "check")
columns = lazy_function(_RULES, "columns")
make_settings = lazy_function(_RULES, "make_settings")

simulate_chunk = lazy_chunk("tableodds.sim.s1844.kernel", "simulate_chunk")
reference_chunk = lazy_chunk("tableodds.sim.s1844.reference", "reference_chunk")

GAME = GameSpec(
    name="1844",
    players=PLAYERS,
    settings=make_settings,
    kinds=(SimKind("games", simulate_chunk, reference_chunk, check, columns),),
    chunk_size=4096,
)
