"""I'm the Boss!: deals, dividends and the dice-driven end (2-6 players)."""

from tableodds.sim.boss.kernel import simulate_chunk
from tableodds.sim.boss.reference import reference_chunk
from tableodds.sim.boss.rules import PLAYERS, check, columns, make_settings
from tableodds.sim.core.game import GameSpec, SimKind

GAME = GameSpec(
    name="boss",
    players=PLAYERS,
    settings=make_settings,
    kinds=(SimKind("games", simulate_chunk, reference_chunk, check, columns),),
    chunk_size=16_384,
)
