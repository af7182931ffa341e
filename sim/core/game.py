"""The one contract every game package fulfils (see shared GUIDE, "One contract").

The runner, the conformance tests, the CLI and the report treat all games
alike through a :class:`GameSpec`; a game registers one in ``sim.registry``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

Columns = dict[str, np.ndarray]


@dataclass(frozen=True)
class GameSpec:
    """What a game exposes.

    Attributes:
        name: the CLI name (``tableodds NAME ...``).
        players: the player counts the game supports.
        settings: ``settings(players) -> Settings``, a frozen, validated default setup.
        simulate_chunk: ``(settings, seed, start, count) -> Columns`` from the numba
            kernel; records of games ``start .. start+count-1``, each with a ``game`` column.
        reference_chunk: the same signature and output from the plain-Python reference.
        check: ``(frame, settings) -> None``; raises AssertionError naming the first
            record that breaks a rule of the game.
        chunk_size: default games per chunk (about a quarter second of kernel work).
    """
    name: str
    players: range
    settings: Callable[[int], Any]
    simulate_chunk: Callable[[Any, int, int, int], Columns]
    reference_chunk: Callable[[Any, int, int, int], Columns]
    check: Callable[[Any, Any], None]
    chunk_size: int = 65_536
