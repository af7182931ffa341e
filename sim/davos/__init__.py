"""Davos (Martijn Snelder, Marty.Games): Base and Mean Game for 2-5 players."""

from __future__ import annotations

from tableodds.sim.core.game import GameSpec, SimKind
from tableodds.sim.davos.kernel import simulate_chunk
from tableodds.sim.davos.reference import reference_chunk
from tableodds.sim.davos.rules import PLAYERS, Settings, check, columns, make_settings

__all__ = ["GAME", "check", "settings"]


def settings(players: int) -> Settings:
    return make_settings(players)


GAME = GameSpec(
    name="davos",
    players=PLAYERS,
    settings=settings,
    kinds=(SimKind("games", simulate_chunk, reference_chunk, check, columns),),
    chunk_size=8_192,
)
