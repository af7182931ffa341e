"""Borgia (Phalanx Games 2003): auctions, papal elections and conquest.

Three simulator kinds share one game loop: whole games (one record per game and seat),
the auctions (one per pile card taken) and the attacks (one per attack).  The conquest
calculator (``kernel.conquest_chunk``) is not a kind: it takes two lists of strengths and
two strategies, not a table of players, and has no reference twin.
"""

from __future__ import annotations

from tableodds.sim.borgia.rules import (
    PLAYERS,
    Settings,
    attack_schema,
    auction_schema,
    check,
    check_attacks,
    check_auctions,
    columns,
    make_settings,
)
from tableodds.sim.core.game import GameSpec, SimKind

__all__ = ["GAME", "check"]


def _settings(players: int) -> Settings:
    # a mixed table, so that the shared suite exercises every bot (two market bots trade)
    return make_settings(players, ["market", "random", "market", "value", "value"][:players])


def _lazy(module: str, name: str):
    """A chunk function imported on first call (keeps ``import borgia`` free of numba)."""

    def chunk(settings, seed, start, count):
        import importlib

        return getattr(importlib.import_module(module), name)(settings, seed, start, count)

    chunk.__name__ = chunk.__qualname__ = name
    return chunk


_K, _R = "tableodds.sim.borgia.kernel", "tableodds.sim.borgia.reference"
GAME = GameSpec(
    name="borgia",
    players=PLAYERS,
    settings=_settings,
    chunk_size=4096,
    kinds=(
        SimKind("games", _lazy(_K, "simulate_chunk"), _lazy(_R, "reference_chunk"), check, columns),
        SimKind(
            "auctions",
            _lazy(_K, "auction_chunk"),
            _lazy(_R, "auction_chunk"),
            check_auctions,
            auction_schema,
        ),
        SimKind(
            "attacks",
            _lazy(_K, "attack_chunk"),
            _lazy(_R, "attack_chunk"),
            check_attacks,
            attack_schema,
        ),
    ),
)
