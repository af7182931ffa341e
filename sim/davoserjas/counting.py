"""The ``counting`` bot as numba functions (its plain-Python twin is in ``reference.py``).

It decides only from what its seat may know: its hand, the cards played so
far this deal (``played``), who showed out of which suit (``voids``, a 4-bit
suit mask per seat) and the round's scoring.  ``unseen`` below is every dealt
card that is neither in the hand nor played: the cards the other seats hold
between them, whoever holds which.

Trick rounds (every tie broken by the higher card id unless said otherwise):

* a trick is *free* when taking it costs nothing whatever falls on it: no
  per-trick penalty, it is not a penalised first or last trick, and the round
  penalises no card.  In a free trick the bot sheds its most dangerous card
  (the one with most unseen cards of its suit below it), keeping low cards as
  exits for the penalised last trick;
* leading otherwise: prefer a card some unseen card of its suit can beat, then
  no penalty on it, then a suit fewer other seats are void in, then low rank
  (lowest card id on ties);
* following: last to play on a trick that has cost nothing so far and whose
  penalties are only on cards, take it with the highest unpenalised card;
  else stay under the winner with the most penalised card below it (highest
  first); else, last to play, the least penalised then highest card; else the
  lowest card;
* void in the led suit: the most penalised card, then the most dangerous one,
  then the highest rank.

Kabalen: the card that frees most own cards behind it (x4), plus 2 for each
card it opens that the bot holds, minus 2 for each it opens for the others,
minus ``THREAT`` more for each it opens that a seat about to go out (at most
``SHORT`` cards left) may hold, plus 1 for not being a 7; ties to the lowest
card id.  The bot plans with the passes it has seen: a seat that passed holds
none of the cards open at that moment, so such a card cannot be the one that
lets that seat go out, and opening it costs only the 2.  Under the pool scoring
(the round goes on to a second player out, and only those two score) the
``THREAT`` term is left out: there it cost points in duels against ``careful``.
"""

import numpy as np

from tableodds.sim.core.bits import ONE, lowest_bit, popcount
from tableodds.sim.core.jit import jit
from tableodds.sim.davoserjas.rules import SUIT_BITS

_ONE, _SUIT = ONE, SUIT_BITS
SHORT = 3  # Kabalen: a seat with at most this many cards left is about to go out
THREAT = 3  # ... and opening a card it may hold costs this much more


@jit(inline="always")
def _below(c):
    """Cards of c's suit lower than c."""
    return ((_ONE << np.uint64(c)) - _ONE) & ~((_ONE << np.uint64(13 * (c // 13))) - _ONE)


@jit(inline="always")
def _above(c):
    return (_SUIT << np.uint64(13 * (c // 13))) & ~((_ONE << np.uint64(c + 1)) - _ONE)


@jit(inline="always")
def _danger(c, unseen):
    return popcount(_below(c) & unseen)


@jit
def counting_trick(
    hand, legal, k, led, win, points, free, card_round, players, seat, unseen, voids, pen
):
    """One card for a trick round; ``k`` is the seat's place in the trick (0 leads),
    ``points`` what the trick carries so far (trick, first/last and card penalties),
    ``free`` whether this trick costs nothing whatever falls on it."""
    if free:
        best, bd = -1, -1
        x = legal
        while x:
            c = lowest_bit(x)
            x &= x - _ONE
            d = _danger(c, unseen) * 16 + c % 13
            if d >= bd:
                best, bd = c, d
        return best
    if k == 0:
        # other seats void in each suit, one 4-bit count per suit
        vc = np.int64(0)
        for q in range(players):
            v = voids[q] if q != seat else 0
            vc += (v & 1) | ((v & 2) << 3) | ((v & 4) << 6) | ((v & 8) << 9)
        best, bkey = -1, np.int64(1) << 62
        x = legal
        while x:
            c = lowest_bit(x)
            x &= x - _ONE
            s = c // 13
            beat = 0 if _above(c) & unseen else 1
            nv = (vc >> (4 * s)) & 15
            key = ((beat * 1024 + np.int64(pen[c])) * 8 + nv) * 16 + c % 13
            if key < bkey:
                best, bkey = c, key
        return best
    last = k == players - 1
    if legal & (_SUIT << np.uint64(13 * led)):
        if last and points == 0 and card_round:
            best = -1
            x = legal
            while x:
                c = lowest_bit(x)
                x &= x - _ONE
                if pen[c] == 0:
                    best = c
            if best >= 0:
                return best
        below = legal & ((_ONE << np.uint64(win)) - _ONE)
        if below:
            best, bp = -1, -1
            x = below
            while x:
                c = lowest_bit(x)
                x &= x - _ONE
                if pen[c] >= bp:
                    best, bp = c, pen[c]
            return best
        if last:
            best, bkey = -1, np.int64(-1)
            x = legal
            while x:
                c = lowest_bit(x)
                x &= x - _ONE
                key = (1000 - np.int64(pen[c])) * 64 + c
                if key > bkey:
                    best, bkey = c, key
            return best
        return lowest_bit(legal)
    best, bkey = -1, np.int64(-1)
    x = legal
    while x:
        c = lowest_bit(x)
        x &= x - _ONE
        key = (np.int64(pen[c]) * 64 + _danger(c, unseen)) * 16 + c % 13
        if key >= bkey:
            best, bkey = c, key
    return best


@jit
def counting_kabalen(hand, legal, unseen, behind, opens, hands, barred, me, players, pool):
    """One Kabalen card; ``behind[c]`` the cards only playable after c, ``opens[c]``
    the cards c makes playable, ``barred[q]`` the cards open when seat q passed (so
    not in its hand), ``pool`` the pool scoring.  Of ``hands`` it reads only the
    sizes, which are public."""
    reach = np.uint64(0)  # unseen cards a seat about to go out may hold
    for q in range(players):
        n = popcount(hands[q])
        if q != me and 0 < n <= SHORT and not pool:
            reach |= ~barred[q]
    reach &= unseen
    best, bs = -1, np.int64(-1) << 40
    x = legal
    while x:
        c = lowest_bit(x)
        x &= x - _ONE
        o = opens[c]
        score = (
            4 * popcount(behind[c] & hand)
            + 2 * popcount(o & hand)
            - 2 * popcount(o & unseen)
            - THREAT * popcount(o & reach)
            + (0 if c % 13 == 5 else 1)
        )
        if score > bs:
            best, bs = c, score
    return best


# the same function inlined into the search bot's play-outs, where it runs per card
counting_trick_inline = jit(inline="always")(counting_trick.py_func)
