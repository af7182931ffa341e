"""I'm the Boss! bots decide only from what their seat may know.

A seat sees its own hand, the board (investor cards, travelled ones, covered spaces), the
cards played and how many cards each hand and the draw pile hold.  It does not see the
other hands or the draw pile: shuffling those (each hand keeping its size) must not change
any decision of any bot.
"""

import copy
import random

import pytest

from tableodds.sim.boss.reference import Game
from tableodds.sim.boss.rules import N_FAMILIES, N_TYPES, POLICIES, SPACES, make_settings
from tableodds.sim.core.rng import PyStream


def position(policy, players, seed):
    """A game a few draws in: random hands of 3-12 cards and a random investor layout."""
    rng = random.Random(seed)
    g = Game(make_settings(players, [policy]), PyStream(seed, 0), 0)
    for p in range(players):
        for _ in range(rng.randint(0, 7)):
            g.draw(p)
    owners = [rng.randrange(-1, players) for _ in range(N_FAMILIES)]
    g.owner = owners
    g.fresh_table()
    for f in range(N_FAMILIES):
        g.travelled[f] = rng.random() < 0.15
    g.covered = [rng.random() < 0.3 for _ in range(SPACES)]
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


def decisions(g, p, terms):
    """Every choice seat p makes, in a fixed order (the random bot's coins included)."""
    out = []
    open_spaces = [s for s in range(SPACES) if not g.covered[s]]
    for s in open_spaces:
        out.append(("deal", s, g.would_deal(p, s)))
        out.append(("recruit", s, g.recruit_target(p, s)))
        for b in range(g.P):
            if b != p:
                out.append(("boss card", s, b, g.wants_boss(p, b, s, g.payout(s))))
    for b, o in terms:  # the terms on the table are public: the same in both worlds
        out.append(("travel", b, g.travel_target(p, b, o)))
    out.append(("yes", g.yes(p)))
    c = copy.deepcopy(g)
    c.discard_one(p)
    out.append(("discard", tuple(c.hands[p])))
    return out


@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize("players", [2, 4, 6])
def test_no_bot_decision_depends_on_hidden_cards(policy, players):
    rng = random.Random(players)
    checked = 0
    for seed in range(12):
        g = position(policy, players, seed)
        space = next(s for s in range(SPACES) if not g.covered[s])
        terms = [(b, g.offer(b, space, g.payout(space))) for b in range(players)]
        terms = [(b, o) for b, o in terms if o.ok]
        for p in range(players):
            base = decisions(copy.deepcopy(g), p, terms)
            for _ in range(3):
                assert decisions(shuffle_hidden(g, p, rng), p, terms) == base, (seed, p)
                checked += 1
    assert checked == 12 * players * 3


def test_the_shuffle_does_change_what_the_table_sees():
    # the test above can fail: the table's terms (every card counted) do change
    rng = random.Random(0)
    changed = 0
    for seed in range(30):
        g = position("shrewd", 4, seed)
        for s in range(SPACES):
            a = g.offer(0, s, g.payout(s))
            b = shuffle_hidden(g, 0, rng).offer(0, s, g.payout(s))
            changed += (a.ok, a.share, a.supplier) != (b.ok, b.share, b.supplier)
    assert changed > 0
