"""Plausible Davos goal decks, for asking whether a conclusion depends on the assumed cards.

The rulebook does not give the goal cards, so ``cards.toml`` is one invented deck.  A generated
deck keeps everything the rulebook fixes (the board, the five requirement kinds, the blocs and
sectors) and the packaged deck's size, and draws the rest:

  - N goals, as many as the packaged deck has for the game (30 Base, 42 Mean);
  - the number of two-requirement goals ~ Binomial(N, 1/3), kept within N/6 .. N/2;
  - a mix of requirement kinds w ~ Dirichlet(2, 2, 2, 2, 2) over sector, corp, corps,
    party, parties, the same for the deck's single goals and for each half of its pairs;
  - each requirement: its kind from w, its sector (kind sector) or bloc (the others)
    uniformly; a pair's two requirements differ;
  - categories as in the packaged deck: sector goals "industry", corp and corps "markets",
    party and parties "politics", every pair "power".

Bills and party ideologies stay those of the deck given.  Draws come from numpy's PCG64
seeded with (seed, deck number), so a deck list is reproducible from the run's seed.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from tableodds.sim.davos import rules as R

CATEGORY = ("industry", "markets", "markets", "politics", "politics")
PAIR_CATEGORY = "power"


def _requirement(rng, weights, sectors: int) -> tuple[int, int]:
    kind = int(rng.choice(len(R.REQ_KINDS), p=weights))
    return kind, int(rng.integers(sectors if kind == 0 else len(R.BLOCS)))


def random_deck(cards: R.Cards, game: str, seed: int, number: int) -> R.Cards:
    """Deck ``number`` (>= 1) of the generator in the module docstring; ``cards`` gives the
    size, the bills and the parties."""
    rng = np.random.Generator(np.random.PCG64([seed, number]))
    mean = game == "mean"
    sectors = len(R.SECTORS) if mean else R.BASE_SECTORS
    n = sum(1 for g in cards.goals if mean or not g.mean)
    pairs = int(np.clip(rng.binomial(n, 1 / 3), n // 6, n // 2))
    weights = rng.dirichlet([2.0] * len(R.REQ_KINDS))
    goals = []
    for i in range(n):
        reqs = [_requirement(rng, weights, sectors)]
        if i >= n - pairs:
            second = _requirement(rng, weights, sectors)
            while second == reqs[0]:
                second = _requirement(rng, weights, sectors)
            reqs.append(second)
        category = PAIR_CATEGORY if len(reqs) > 1 else CATEGORY[reqs[0][0]]
        goal = R.Goal("", category, tuple(reqs))
        goals.append(R.Goal(f"{i + 1}: {goal.requirement_text()}", category, tuple(reqs)))
    return replace(cards, goals=tuple(goals))  # bills, parties and [big] as given
