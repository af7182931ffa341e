"""The search bot's sampler of hidden cards: uniform over the deals consistent with
the hand sizes and the voids its seat saw (chi-square on small cases), and the
kernel's draws equal to its plain-Python twin's."""

import itertools
from collections import Counter

import numpy as np
import pytest
from scipy.stats import chi2

from tableodds.sim.core.rng import PyStream
from tableodds.sim.davoserjas.reference import sample_uniform, sample_world
from tableodds.sim.davoserjas.search import sample_many

# (players, seat that samples, hand sizes, unseen cards, voids as suit sets)
CASES = [
    # seat 1 void in spades, seat 2 in hearts: the plain deal is often rejected
    (4, 0, [5, 2, 2, 2], [0, 1, 2, 13, 14, 26], [set(), {0}, {1}, set()]),
    # two seats void in clubs: the clubs all go to seat 3, the rest is dealt
    (4, 1, [3, 3, 3, 3], [39, 40, 41, 3, 4, 16, 17, 29, 30], [{3}, set(), {3}, set()]),
    # five players, voids in two suits each for two seats
    (5, 4, [2, 2, 2, 2, 4], [0, 1, 13, 14, 26, 27, 39, 40], [{0, 1}, {2, 3}, set(), set(), set()]),
]


def _consistent(players, me, sizes, unseen, voids):
    """Every deal of ``unseen`` to the other seats with their sizes and no card of
    a suit a seat is void in, as tuples of hands (bitmasks)."""
    seats = [q for q in range(players) if q != me]
    out = []
    for owners in itertools.product(seats, repeat=len(unseen)):
        if any(owners.count(q) != sizes[q] for q in seats):
            continue
        if any(c // 13 in voids[q] for c, q in zip(unseen, owners)):
            continue
        hands = [0] * players
        for c, q in zip(unseen, owners):
            hands[q] |= 1 << c
        out.append(tuple(hands))
    return out


def _chi2_pvalue(counts: Counter, deals: list, n: int) -> float:
    expected = n / len(deals)
    stat = sum((counts.get(d, 0) - expected) ** 2 / expected for d in deals)
    return float(chi2.sf(stat, len(deals) - 1))


def _kernel_draws(players, me, sizes, unseen, voids, n, tries, seed=3):
    mask = sum(1 << c for c in unseen)
    vm = np.array([sum(1 << s for s in v) for v in voids], np.int64)
    out = sample_many(seed, n, mask, np.array(sizes, np.int64), vm, me, players, tries)
    return [tuple(int(x) for x in row) for row in out]


@pytest.mark.parametrize("tries", [64, 0])
@pytest.mark.parametrize("case", range(len(CASES)))
def test_sampler_is_uniform_over_consistent_deals(case, tries):
    """``tries`` 64: mostly plain deals with rejection; 0: the counting table only."""
    players, me, sizes, unseen, voids = CASES[case]
    deals = _consistent(players, me, sizes, unseen, voids)
    assert len(deals) > 5
    n = 40 * len(deals) + 4000
    got = _kernel_draws(players, me, sizes, unseen, voids, n, tries)
    counts = Counter(got)
    assert set(counts) <= set(deals)  # never an inconsistent deal
    assert _chi2_pvalue(counts, deals, n) > 1e-4


def test_the_classic_sampler_fails_the_same_test():
    """The test can fail: the earlier sampler (each card in id order to a seat with
    room, chance by room) is not uniform on the first case."""
    players, me, sizes, unseen, voids = CASES[0]
    deals = _consistent(players, me, sizes, unseen, voids)
    stream = PyStream(5, 0)
    n = 40 * len(deals) + 4000
    counts = Counter()
    for _ in range(n):
        w = sample_world(stream, set(unseen), sizes, voids, me, players)
        counts[tuple(sum(1 << c for c in h) for h in w)] += 1
    assert _chi2_pvalue(counts, deals, n) < 1e-6


@pytest.mark.parametrize("tries", [64, 1, 0])
@pytest.mark.parametrize("case", range(len(CASES)))
def test_sampler_kernel_equals_reference(case, tries):
    players, me, sizes, unseen, voids = CASES[case]
    got = _kernel_draws(players, me, sizes, unseen, voids, 50, tries, seed=11)
    stream = PyStream(11, 0)
    for row in got:
        w = sample_uniform(stream, set(unseen), sizes, voids, me, players, tries)
        assert tuple(sum(1 << c for c in h) for h in w) == row
