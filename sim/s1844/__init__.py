"""1844: Schweiz: a company-level model of the whole 18xx game (no map) for 3-7 players."""

from tableodds.sim.core.game import GameSpec, SimKind
from tableodds.sim.s1844.kernel import simulate_chunk
from tableodds.sim.s1844.reference import reference_chunk
from tableodds.sim.s1844.rules import PLAYERS, check, columns, make_settings

GAME = GameSpec(
    name="1844",
    players=PLAYERS,
    settings=make_settings,
    kinds=(SimKind("games", simulate_chunk, reference_chunk, check, columns),),
    chunk_size=4096,
)
