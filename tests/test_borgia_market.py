"""Borgia's vote market: exact Shapley-Shubik prices and the trading rule."""

from fractions import Fraction
from itertools import permutations
from math import factorial

import pytest

from tableodds.sim.borgia import reference
from tableodds.sim.borgia.policies import pivot_counts, shapley_shubik
from tableodds.sim.borgia.rules import make_settings


def brute_force(weights, quota):
    """Pivot counts by walking all n! orders."""
    counts = [0] * len(weights)
    for order in permutations(range(len(weights))):
        total = 0
        for p in order:
            total += weights[p]
            if total >= quota:
                counts[p] += 1
                break
    return counts


@pytest.mark.parametrize(
    "weights,quota,expected",
    [
        # A pivots in 2nd or 3rd place (4 of 6 orders); B only in A,B,C; C only in A,C,B
        ([2, 1, 1], 3, [4, 1, 1]),
        ([1, 1, 1], 2, [2, 2, 2]),  # symmetric: 1/3 each
        ([51, 49, 1], 51, [6, 0, 0]),  # A alone has the quota: a dictator
        ([50, 49, 1], 51, [4, 1, 1]),  # B + C = 50 falls short: the same as [3; 2, 1, 1]
        # one big voter and three small: the big one pivots in 2nd or 3rd place (1/2),
        # each small one in 1/6 of the orders
        ([20, 12, 14, 12], 30, [12, 4, 4, 4]),
        ([3, 3, 3, 3, 3], 8, [24] * 5),  # five equal voters, three needed
    ],
)
def test_pivot_counts_match_hand_computed_games(weights, quota, expected):
    out = [0] * len(weights)
    pivot_counts(weights, quota, out)
    assert out == expected == brute_force(weights, quota)


def test_pivot_counts_agree_with_walking_every_order():
    import random

    rng = random.Random(3)
    for _ in range(200):
        n = rng.randint(3, 5)
        weights = [rng.randint(0, 30) for _ in range(n)]
        quota = sum(weights) // 2 + 1
        out = [0] * n
        pivot_counts(weights, quota, out)
        assert out == brute_force(weights, quota)
        if sum(weights) >= quota:
            assert sum(out) == factorial(n)  # exactly one pivot in every order


def test_shapley_shubik_is_the_count_over_n_factorial():
    assert shapley_shubik([2, 1, 1], 3) == (Fraction(2, 3), Fraction(1, 6), Fraction(1, 6))


def hand_game(own, policies, pope=0):
    """A game at its first election with the given vote totals (cardinals only)."""
    s = make_settings(len(own), policies)
    g = reference.Game(s, 1, 0)
    g.cardinals = [v // 3 for v in own]
    g.pope = pope
    return g


def test_the_cheapest_majority_is_bought_at_shapley_shubik_prices():
    # 3 votes per cardinal: 30, 12, 12, 12 of 66; quota 34: the big seat needs one more
    g = hand_game([30, 12, 12, 12], ["market"])
    own = [30, 12, 12, 12]
    # [34; 30, 12, 12, 12] is [3; 2, 1, 1, 1]: prices 50 D and 17 D (100 D x 1/6, rounded up)
    assert g.market(own) == (0, {1: 17})  # cheapest; a tie among sellers goes to the lower seat
    # a seat that is no market bot neither buys nor sells
    g = hand_game([30, 12, 12, 12], ["value", "market", "market", "market"])
    assert g.market(own) == (1, {2: 17, 3: 17})  # 12 + 12 + 12 = 36 >= 34 for 34 D
    # one market bot alone has nobody to trade with; a majority of one's own needs nobody
    assert hand_game(own, ["market", "value", "value", "value"]).market(own) == (-1, {})
    assert hand_game([36, 12, 12], ["market"]).market([36, 12, 12]) == (-1, {})


def test_no_trade_when_nothing_can_pay_for_it():
    """At the last election nothing follows, so offices and cardinals buy nothing."""
    g = hand_game([30, 12, 12, 12], ["market"])
    g.turn = g.d.turns - 1
    assert g.budget() == 0 and g.market([30, 12, 12, 12]) == (-1, {})


def test_sellers_vote_for_the_buyer_and_are_paid():
    deals = paid = 0

    class Watched(reference.Game):
        def election(self):
            own = [
                3 * self.cardinals[p]
                + sum(self.card[c].votes for c in self.table[p] if c in self.offices)
                for p in range(self.P)
            ]
            buyer, sellers = self.market(own)
            winner = super().election()
            if buyer >= 0:
                assert winner == buyer
                for q in sellers:
                    assert self.owed[q] == sellers[q] > 0
            self.deal = sellers if buyer >= 0 and self.turn < self.d.turns - 1 else {}
            return winner

        def redistribute(self):
            nonlocal deals, paid
            super().redistribute()
            for q in self.deal:
                deals += 1
                paid += self.owed[q] <= 0

    s = make_settings(4, ["market"])
    offices = {c.id for c in s.cards if c.type == "office"}
    for g in range(30):
        game = Watched(s, 4, g)
        game.offices = offices
        game.play()
    assert deals > 20 and paid == deals
