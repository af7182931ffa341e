"""I'm the Boss! bots decide only from what their seat may know.

A seat sees its own hand, the board (investor cards, travelled ones, covered spaces), the
cards played, the family cards laid face up on the table and how many cards each hand and
the draw pile hold.  It does not see the other hands or the draw pile: shuffling those
(each hand keeping its size, the laid cards staying where they are) must not change any
decision of any bot: whether to deal, recruitment and laying, boss and travel cards, the
stop answers (``Game.answer``: to a boss card, a recruitment set in a deal or at the hand
limit, a travel card), recruitment and discards at the hand limit, under the standard game
and the house rules that change what a bot weighs.  For each kind of hidden thing (family
cards in another hand, the card player's other cards, the draw pile, the investors' owners'
stops at the hand limit) a bot planted with a leak of it must fail the same test.
"""

import copy
import random

import pytest

from tableodds.sim.boss.reference import Game
from tableodds.sim.boss.rules import (
    BOSS,
    FAMILY,
    N_FAMILIES,
    N_TYPES,
    POLICIES,
    POLICY_CODES,
    RANDOM,
    RECRUIT,
    SPACES,
    STOP,
    make_settings,
)
from tableodds.sim.core.rng import PyStream


class Peeking(Game):
    """A bot that counts every hand's family cards as if it could see them."""

    def has_card(self, p, f, viewer):
        return self.laid[p][f] > 0 or self.hands[p][f] > 0


class PeekingAnswer(Game):
    """Planted leak: a stop answer that looks into the card player's hand (it lets a boss
    card or a recruitment set go when its player holds a second one anyway)."""

    def answer(self, a, target, boss, o=None):
        if o is None and (self.hands[a][BOSS] or self.hands[a][RECRUIT] >= 3):
            return False
        return super().answer(a, target, boss, o)


class PeekingPile(Game):
    """Planted leak: a deal decision that reads the top of the hidden draw pile (it draws
    instead when a boss card would come)."""

    def would_deal(self, p, space):
        return super().would_deal(p, space) and self.pile[-1] != BOSS


class PeekingLimit(Game):
    """Planted leak: at the hand limit, a recruitment set on an investor whose owner holds
    no stop card (the owners' hands are hidden)."""

    def limit_recruit(self, p):
        f = super().limit_recruit(p)
        if f >= 0 and POLICY_CODES[self.st.policies[p]] != RANDOM:
            safe = [
                g
                for g in range(N_FAMILIES)
                if self.owner[g] not in (-1, p) and not self.hands[self.owner[g]][STOP]
            ]
            return safe[0] if safe and -1 not in self.owner else f
        return f


# the house rules that change what a bot weighs or may do (the others change only the turn
# order, the draw, the end or the limit, which ``decisions`` covers without them)
VARIANTS = (
    "card-to-earn",
    "card-to-earn-discard",
    "two-player-rules",
    "two-player-sixth",
    "weight-bargain",
    "narrow-stops",
    "min-hand",
    "late-limit",
    "limit-discard-only",
)


def position(policy, players, seed, cls=Game, variants=()):
    """A game a few draws in, in the middle of a deal: random hands of 3-12 cards, a random
    investor layout, travelled investors and family cards laid face up."""
    rng = random.Random(seed)
    v = list(variants) + (["two-player-rules"] if "two-player-sixth" in variants else [])
    g = cls(make_settings(players, [policy], v), PyStream(seed, 0), 0)
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
    out += answers(g, p, open_spaces[:3])
    out += at_the_limit(g, p)
    return out


def alone(g, p):
    """A copy where only seat p could answer a card: the others' stop cards (hidden from p)
    become family cards, so an answer seen is p's own, never a stop of another seat that
    the re-deal moved."""
    h = copy.deepcopy(g)
    for q in range(h.P):
        if q != p:
            h.hands[q][FAMILY] += h.hands[q][STOP]
            h.hands[q][STOP] = 0
    h.hands[p][STOP] = max(1, h.hands[p][STOP])
    return h


def answers(g, p, spaces):
    """Seat p's stop answer (``Game.answer``) to each card another seat could play: a boss
    card against each boss, a recruitment set on each investor (in a deal and at the hand
    limit), a travel card on each family of the terms on the table."""
    h = alone(g, p)
    out = []

    def ask(*args):  # p's stop (the only one), played and taken back
        played = h.played[p]
        stopped = h.answer(*args)
        if stopped:
            h.hands[p][STOP] += 1
            h.discard[STOP] -= 1
            h.played[p] = played
        return stopped

    for a in range(h.P):
        if a == p:
            continue
        for b in range(h.P):
            if b != a:
                out.append(("stop boss card", a, b, ask(a, b, b)))
        for f in range(N_FAMILIES):
            if h.owner[f] != a:
                out.append(("stop recruitment", a, f, ask(a, h.owner[f], -1)))
        for s in spaces:
            for b in range(h.P):
                if b == a:
                    continue
                o = h.offer(b, s, h.payout(s))
                if o.ok:
                    for f, victim in sorted(o.supplier.items()):
                        out.append(("stop travel", a, b, s, f, ask(a, victim, b, o)))
    return out


def at_the_limit(g, p):
    """Seat p over the hand limit: the investor its recruitment sets take (``limit_recruit``)
    and the hand and investors it ends with (``enforce_limit``), the others holding no stop."""
    out = []
    for h in (copy.deepcopy(g), alone(g, p)):  # the choice; then the outcome, unanswered
        h.hands[p][RECRUIT] += 3 * 2  # two sets, and over the limit
        while h.count(p) <= h.limit:
            h.hands[p][BOSS] += 1
        if not out:
            out.append(("limit recruit", h.limit_recruit(p)))
        else:
            h.enforce_limit(p)
            out.append(("enforce limit", tuple(h.hands[p]), tuple(h.owner)))
    return out


def changed_decisions(policy, players, seeds, cls=Game, variants=()):
    """How many (position, seat, re-deal) cases change a decision of the seat."""
    rng = random.Random(players)
    changed = 0
    for seed in seeds:
        g = position(policy, players, seed, cls, variants)
        for p in range(players):
            base = decisions(copy.deepcopy(g), p)
            for _ in range(3):
                changed += decisions(shuffle_hidden(g, p, rng), p) != base
    return changed


@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize("players", [2, 4])
def test_no_bot_decision_depends_on_hidden_cards(policy, players):
    assert changed_decisions(policy, players, range(8)) == 0


@pytest.mark.slow
@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize("players", [3, 5, 6])
def test_no_bot_decision_depends_on_hidden_cards_at_every_size(policy, players):
    assert changed_decisions(policy, players, range(12)) == 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_bot_decision_depends_on_hidden_cards_under_a_house_rule(variant):
    for policy in ("shrewd", "random"):
        assert changed_decisions(policy, 4, range(3), variants=[variant]) == 0


@pytest.mark.parametrize(
    "leak",
    [Peeking, PeekingAnswer, PeekingPile, PeekingLimit],
    ids=["hand's family cards", "card player's hand", "draw pile", "owners' stops at the limit"],
)
@pytest.mark.parametrize("policy", ["shrewd", "patient"])
def test_a_planted_leak_fails_the_test(policy, leak):
    assert changed_decisions(policy, 4, range(8), leak) > 0
