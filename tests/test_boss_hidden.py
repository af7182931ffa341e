"""I'm the Boss! bots decide only from what their seat may know.

A seat sees its own hand, the board (investor cards, travelled ones, covered spaces), the
cards played, the family cards laid face up on the table and how many cards each hand and
the draw pile hold.  It does not see the other hands or the draw pile: shuffling those
(each hand keeping its size, the laid cards staying where they are) must not change any
decision of any bot.  A bot that peeks at the other hands fails the same test.
"""

import copy
import random

import pytest

from tableodds.sim.boss.reference import Game
from tableodds.sim.boss.rules import N_FAMILIES, N_TYPES, POLICIES, SPACES, make_settings
from tableodds.sim.core.rng import PyStream


class Peeking(Game):
    """A bot that counts every hand's family cards as if it could see them."""

    def has_card(self, p, f, viewer):
        return self.laid[p][f] > 0 or self.hands[p][f] > 0


def position(policy, players, seed, cls=Game):
    """A game a few draws in, in the middle of a deal: random hands of 3-12 cards, a random
    investor layout, travelled investors and family cards laid face up."""
    rng = random.Random(seed)
    g = cls(make_settings(players, [policy]), PyStream(seed, 0), 0)
    for p in range(players):
        for _ in range(rng.randint(0, 7)):
            g.draw(p)
    owners = [rng.randrange(-1, players) for _ in range(N_FAMILIES)]
    g.owner = owners
    g.fresh_table()
    for f in range(N_FAMILIES):
        g.travelled[f] = rng.random() < 0.15
    g.covered = [rng.random() < 0.3 for _ in range(SPACES)]
    for p in range(players):
        for f in range(N_FAMILIES):
            if g.hands[p][f] and rng.random() < 0.4:
                g.hands[p][f] -= 1
                g.laid[p][f] += 1
    return g


def shuffle_hidden(g, p, rng):
    """A copy where the cards seat p cannot see are dealt again: the same random stream."""
    h = copy.deepcopy(g)
    pool = list(h.pile)
    sizes = {q: h.count(q) for q in range(h.P) if q != p}
    for q in sizes:
        pool += [t for t in range(N_TYPES) for _ in range(h.hands[q][t])]
        h.hands[q] = [0] * N_TYPES
    rng.shuffle(pool)
    for q, n in sizes.items():
        for _ in range(n):
            h.hands[q][pool.pop()] += 1
    h.pile = pool
    return h


def decisions(g, p):
    """Every choice seat p makes, in a fixed order (the random bot's coins included)."""
    out = []
    open_spaces = [s for s in range(SPACES) if not g.covered[s]]
    start = copy.deepcopy(g)  # would_deal clears the table, as at a turn's start
    for s in open_spaces:
        out.append(("deal", s, start.would_deal(p, s)))
        out.append(("recruit", s, g.recruit_target(p, s)))
    for s in open_spaces[:4]:  # a deal under way: every seat as boss
        for b in range(g.P):
            out.append(("lay", s, b, g.lay_target(p, b, s)))
            out.append(("act", s, b, g.choose(p, b, s, g.payout(s))))
            if b != p:
                out.append(("boss card", s, b, g.wants_boss(p, b, s, g.payout(s))))
            o = g.offer(b, s, g.payout(s))  # the terms on the table: laid cards only
            out.append(("travel", s, b, o.ok and g.travel_target(p, b, o)))
    out.append(("yes", g.yes(p)))
    c = copy.deepcopy(g)
    c.discard_one(p)
    out.append(("discard", tuple(c.hands[p])))
    return out


def changed_decisions(policy, players, seeds, cls=Game):
    """How many (position, seat, re-deal) cases change a decision of the seat."""
    rng = random.Random(players)
    changed = 0
    for seed in seeds:
        g = position(policy, players, seed, cls)
        for p in range(players):
            base = decisions(copy.deepcopy(g), p)
            for _ in range(3):
                changed += decisions(shuffle_hidden(g, p, rng), p) != base
    return changed


@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize("players", [2, 4, 6])
def test_no_bot_decision_depends_on_hidden_cards(policy, players):
    assert changed_decisions(policy, players, range(12)) == 0


@pytest.mark.parametrize("policy", ["shrewd", "patient"])
def test_a_peeking_bot_fails_the_test(policy):
    assert changed_decisions(policy, 4, range(12), Peeking) > 0
