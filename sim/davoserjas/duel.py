"""Duplicate duels between two Davoserjas policies.

Every deal is replayed ``players`` times with one seat played by policy A and
the others by policy B, A moving one seat on each replay, so A plays every hand
of the deal once against B.  Each round of game ``g`` is simulated on its own
(settings restricted to that round, master seed ``seed + round_number *
_ROUND_SEED``), so its deal is the first thing drawn from the game's stream
and is the same whatever the policies draw later: a random or sampling bot
cannot shift the cards of later rounds between replays.
"""

from __future__ import annotations

import math

import numpy as np

from tableodds.sim.davoserjas.kernel import penalties
from tableodds.sim.davoserjas.rules import make_settings

_ROUND_SEED = 1_000_003


def duel(
    a: str,
    b: str,
    players: int = 4,
    games: int = 100_000,
    seed: int = 1,
    start: int = 0,
    rounds: list[int] | None = None,
    variants: list[str] | tuple[str, ...] = (),
    samples: int | None = None,
    exact: int | None = None,
    confidence: float | None = None,
) -> np.ndarray:
    """Per-game, per-round penalty differences of policy ``a`` against ``b``.

    Returns float64 ``[game, round]``: A's penalty minus the mean penalty of the
    B seats at the same table, averaged over the ``players`` seatings of A.
    Negative means A did better.  Sum over axis 1 for whole games.  ``samples``,
    ``exact`` and ``confidence`` set the search bot's budget and network
    (``kernel.penalties``).
    """
    base = make_settings(players, rounds=rounds, variants=variants)
    out = np.zeros((games, len(base.rounds)))
    for i, rnd in enumerate(base.rounds):
        for q in range(players):
            lineup = [b] * players
            lineup[q] = a
            s = make_settings(players, lineup, rounds=[rnd.number], variants=variants)
            pen = penalties(
                s, seed + rnd.number * _ROUND_SEED, start, games, samples=samples, exact=exact,
                confidence=confidence,
            )[:, 0, :]  # fmt: skip
            pen = pen.astype(np.float64)
            out[:, i] += pen[:, q] - (pen.sum(axis=1) - pen[:, q]) / (players - 1)
    return out / players


def interval(diff: np.ndarray, z: float = 1.959964) -> tuple[float, float, float]:
    """Mean of per-game differences and its 95% normal interval (low, high)."""
    d = np.asarray(diff, np.float64)
    if d.ndim == 2:
        d = d.sum(axis=1)
    m = float(d.mean())
    half = z * float(d.std(ddof=1)) / math.sqrt(len(d)) if len(d) > 1 else math.inf
    return m, m - half, m + half
