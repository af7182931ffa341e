"""1844: Schweiz: a company-level model of the whole 18xx game (no map) for 3-7 players."""
from tableodds.sim.core.game import GameSpec
from tableodds.sim.s1844.kernel import simulate_chunk
from tableodds.sim.s1844.reference import reference_chunk
from tableodds.sim.s1844.rules import PLAYERS, check, make_settings

GAME = GameSpec(name="1844", players=PLAYERS, settings=make_settings,
                simulate_chunk=simulate_chunk, reference_chunk=reference_chunk, check=check,
                chunk_size=4096)
