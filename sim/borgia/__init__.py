"""Borgia (Phalanx Games 2003): auctions, papal elections and conquest.

Three simulator kinds share one game loop: whole games (one record per game and seat),
the auctions (one per pile card taken) and the attacks (one per attack).  The conquest
calculator (``kernel.conquest_chunk``) is not a kind: it takes two lists of strengths and
two strategies, not a table of players, and has no reference twin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tableodds.sim.borgia.options import PLAYERS
from tableodds.sim.core.game import SimKind, game, lazy_chunk, rules_functions

if TYPE_CHECKING:
    from tableodds.sim.borgia.rules import Settings

__all__ = ["GAME", "check"]

# imported on first call: ``import tableodds.sim.borgia`` stays free of numpy and numba
check, make_settings = rules_functions(__name__, "check", "make_settings")
check_auctions, check_attacks, auction_schema, attack_schema = rules_functions(
    __name__, "check_auctions", "check_attacks", "auction_schema", "attack_schema"
)


def _settings(players: int) -> Settings:
    # a mixed table, so that the shared suite exercises every bot (two market bots trade)
    return make_settings(players, ["market", "random", "market", "value", "value"][:players])


_K, _R = "tableodds.sim.borgia.kernel", "tableodds.sim.borgia.reference"
GAME = game(
    __name__,
    "borgia",
    PLAYERS,
    settings=_settings,
    chunk_size=4096,
    compile_seconds=30,
    kinds=(
        SimKind(
            "auctions",
            lazy_chunk(_K, "auction_chunk"),
            lazy_chunk(_R, "auction_chunk"),
            check_auctions,
            auction_schema,
        ),
        SimKind(
            "attacks",
            lazy_chunk(_K, "attack_chunk"),
            lazy_chunk(_R, "attack_chunk"),
            check_attacks,
            attack_schema,
        ),
    ),
)
