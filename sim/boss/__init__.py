"""I'm the Boss!: deals, dividends and the dice-driven end (2-6 players)."""

from tableodds.sim.boss.rules import PLAYERS, check, columns, make_settings
from tableodds.sim.core.game import GameSpec, SimKind, lazy_chunk

# imported on first call: ``import tableodds.sim.boss`` stays free of numba
simulate_chunk = lazy_chunk("tableodds.sim.boss.kernel", "simulate_chunk")
reference_chunk = lazy_chunk("tableodds.sim.boss.reference", "reference_chunk")

GAME = GameSpec(
    name="boss",
    players=PLAYERS,
    settings=make_settings,
    kinds=(SimKind("games", simulate_chunk, reference_chunk, check, columns),),
    chunk_size=16_384,
)
