"""I'm the Boss! bots, as numba functions the kernel calls; names and descriptions in
``rules.POLICIES``, codes in ``rules.POLICY_CODES``.

The shrewd and patient bots judge a deal by running the bargaining rule ahead as their
seat can foresee it (``kernel._would_deal`` with the seat as ``viewer``: no family card in
another hidden hand is counted; it needs the kernel's deal machinery and so stays there);
their other decisions are here and read only the seat's own hand, the board and the
family cards laid face up on the table.  ``reference.py`` has independent plain-Python twins.
"""

import numpy as np

from tableodds.sim.boss.rules import BOSS, N_FAMILIES, N_TYPES, RANDOM, RECRUIT, STOP, TRAVEL, WILD
from tableodds.sim.core.jit import jit
from tableodds.sim.core.rng import bounded

__all__ = [
    "DISCARD_ORDER",
    "discard_one",
    "first_space",
    "hand_count",
    "lay_target",
    "limit_recruit",
    "recruit_target",
    "says_yes",
]

# The shrewd bot discards the first type it holds in this order.
DISCARD_ORDER = np.array(
    list(range(TRAVEL, TRAVEL + 6)) + list(range(6)) + [RECRUIT, WILD, STOP, BOSS], np.int64
)


@jit(alloc=False)
def hand_count(hands, p):
    n = 0
    for t in range(N_TYPES):
        n += hands[p, t]
    return n


@jit(alloc=False)
def discard_one(s, hands, p, discard, pol):
    """Seat p discards one card: a uniform one (random), else by DISCARD_ORDER."""
    if pol[p] == RANDOM:
        k = bounded(s, hand_count(hands, p))
        t = 0
        while k >= hands[p, t]:
            k -= hands[p, t]
            t += 1
    else:
        i = 0
        while hands[p, DISCARD_ORDER[i]] == 0:
            i += 1
        t = DISCARD_ORDER[i]
    hands[p, t] -= 1
    discard[t] += 1


@jit(alloc=False)
def says_yes(s, pol, p):
    """Whether seat p plays an optional card (stop, boss, travel): a coin for the random bot."""
    if pol[p] == RANDOM:
        return bounded(s, 2) == 0
    return True


@jit(alloc=False)
def recruit_target(boss, req, opt, pick, owner, hands, laid):
    """The family the boss would recruit for this space (needed ones first), or -1: one it
    has neither as an investor card nor as a family card in hand or laid."""
    spare = False
    for f in range(N_FAMILIES):
        if owner[f] == -1:
            spare = True
    for f in range(N_FAMILIES):
        if (req >> f) & 1 and owner[f] != boss and hands[boss, f] + laid[boss, f] == 0:
            if (spare and owner[f] == -1) or (not spare and owner[f] >= 0):
                return f
    have = 0
    for f in range(N_FAMILIES):
        if (opt >> f) & 1 and (owner[f] == boss or hands[boss, f] + laid[boss, f] > 0):
            have += 1
    if have < pick:
        for f in range(N_FAMILIES):
            if (opt >> f) & 1 and owner[f] != boss and hands[boss, f] + laid[boss, f] == 0:
                if (spare and owner[f] == -1) or (not spare and owner[f] >= 0):
                    return f
    return -1


@jit(alloc=False)
def lay_target(q, boss, need, P, hands, laid, owner, trav, pol):
    """The family card seat q lays face up in a deal, or -1: one of a family the space asks
    for (``need``), held and not yet laid by q.  Laying is speculative and costs nothing
    when the card is not used (it goes back to the hand), so the random bot takes the first
    such card (after its coin); the others one the table does not offer yet: for the boss,
    a family it has no untravelled investor card of; for another seat, one with no
    untravelled investor card and no laid card on the table (a sale nobody else can make)."""
    for f in range(N_FAMILIES):
        if not (need >> f) & 1 or hands[q, f] == 0 or laid[q, f] > 0:
            continue
        if pol[q] == RANDOM:
            return f
        if q == boss:
            if owner[f] != boss or trav[f] == 1:
                return f
        elif owner[f] < 0 or trav[f] == 1:
            offered = False
            for p in range(P):
                if laid[p, f] > 0:
                    offered = True
            if not offered:
                return f
    return -1


@jit(alloc=False)
def limit_recruit(s, p, owner, hands, pol):
    """Over the hand limit, the family seat p takes with a set of 3 recruitment cards instead
    of discarding (the rulebook allows it), or -1 to discard.  A spare investor card must be taken
    while there is one, else one of another seat's.  The shrewd and patient bots always recruit,
    the first such family; the random bot tosses a coin, then picks one uniformly."""
    if hands[p, RECRUIT] < 3 or (pol[p] == RANDOM and bounded(s, 2) != 0):
        return -1
    spare = False
    for f in range(N_FAMILIES):
        if owner[f] == -1:
            spare = True
    n = 0
    for f in range(N_FAMILIES):
        if owner[f] != p and (owner[f] == -1) == spare:
            n += 1
    if n == 0:
        return -1
    k = bounded(s, n) if pol[p] == RANDOM else 0
    for f in range(N_FAMILIES):
        if owner[f] != p and (owner[f] == -1) == spare:
            if k == 0:
                return f
            k -= 1
    return -1


@jit(alloc=False)
def first_space(div):
    """Where the shrewd and patient bots place the marker before the game (the rulebook lets the
    player to the right of the start player choose): the lowest-paying space, the first of
    those, so the start player, who moves first, gains least by dealing there at once."""
    best = 0
    for sp in range(len(div)):
        if div[sp] < div[best]:
            best = sp
    return best
