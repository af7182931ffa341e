"""Davoserjas bots: counting (kernel = reference, hidden information), duplicate duels."""
import random

import numpy as np
import pytest

from tableodds.sim.core.rng import PyStream
from tableodds.sim.davoserjas.duel import duel, interval
from tableodds.sim.davoserjas.kernel import penalties
from tableodds.sim.davoserjas.reference import (counting_move, counting_view, deal, play_game,
                                                suit)
from tableodds.sim.davoserjas.rules import make_settings


@pytest.mark.parametrize("players", range(3, 8))
@pytest.mark.parametrize("variants", [[], ["strict-gaps"], ["pool", "last-trick-only"]])
def test_counting_kernel_equals_reference(players, variants):
    mixes = [["counting"] * players,
             ["counting", "random", "careful"] + ["duck", "hold"] * 3]
    for mix in mixes:
        s = make_settings(players, mix[:players], variants=variants)
        kernel = penalties(s, 31, 0, 25)
        for g in range(25):
            assert np.array_equal(np.array(play_game(s, 31, g)), kernel[g]), (mix, g)


def _reshuffle(rng, hands, seat, voids):
    """The other seats' cards dealt again at random, sizes kept, no card in a known void."""
    others = [p for p in range(len(hands)) if p != seat]
    pool = [c for p in others for c in hands[p]]
    for _ in range(500):
        rng.shuffle(pool)
        new, k, ok = {}, 0, True
        for p in others:
            part = pool[k:k + len(hands[p])]
            k += len(hands[p])
            if any(suit(c) in voids[p] for c in part):
                ok = False
                break
            new[p] = set(part)
        if ok:
            return [hands[p] if p == seat else new[p] for p in range(len(hands))]
    return None


@pytest.mark.parametrize("players", [3, 4, 5])
def test_counting_decides_only_from_what_its_seat_may_know(players):
    settings = make_settings(players, ["counting"] * players)
    rng = random.Random(5)
    checked = changed_table = 0
    for game in range(6):
        stream = PyStream(11, game)
        for rnd in settings.rounds:
            if rnd.kind != "tricks":
                continue
            hands = deal(stream, settings, -1, set())
            history, lead = [], (rnd.number - 1) % players
            for t in range(len(hands[0])):
                trick = []
                for k in range(players):
                    p = (lead + k) % players
                    c = counting_move(hands, p, history, settings, rnd, t)
                    _, voids = counting_view(history, p, players)
                    for _ in range(3):
                        other = _reshuffle(rng, hands, p, voids)
                        if other is None:
                            continue
                        changed_table += other != hands
                        assert counting_move(other, p, history, settings, rnd, t) == c
                        checked += 1
                    hands[p].remove(c)
                    history.append((p, c))
                    trick.append((p, c))
                led = suit(trick[0][1])
                lead = max((x for x in trick if suit(x[1]) == led), key=lambda x: x[1])[0]
    assert checked > 1000 and changed_table > checked // 2


def test_duel_of_a_policy_with_itself_is_exactly_even():
    d = duel("careful", "careful", players=4, games=500, rounds=[1, 3, 6])
    assert d.shape == (500, 3) and np.allclose(d, 0)


def test_interval_is_the_normal_95_percent_interval():
    d = np.array([[1.0, 2.0], [3.0, -1.0], [0.0, 0.0], [4.0, 1.0]])  # game sums 3, 2, 0, 5
    m, lo, hi = interval(d)
    half = 1.959964 * np.std([3, 2, 0, 5], ddof=1) / 2
    assert m == pytest.approx(2.5) and (lo, hi) == pytest.approx((2.5 - half, 2.5 + half))


def test_counting_beats_careful_in_a_duel():
    m, lo, hi = interval(duel("counting", "careful", players=4, games=4000))
    assert hi < 0, (m, lo, hi)
