"""Davoserjas bots, as numba functions the kernel calls per card.

Names and one-line descriptions live in ``rules.POLICIES``, codes in
``rules.POLICY_PARTS``.  A policy is a pair of choices: how to play trick rounds (random or duck) and how to play
Kabalen (random or hold).  ``reference.py`` has independent plain-Python
twins; the tests require both to pick the same card on the same seeds.
"""

import numpy as np

from tableodds.sim.core.bits import ONE, highest_bit, lowest_bit
from tableodds.sim.core.jit import jit
from tableodds.sim.davoserjas.rules import SUIT_BITS

_ONE, _SUIT = ONE, SUIT_BITS


@jit(inline="always")
def duck(hand, legal, leading, led, win, last_to_play, pen):
    """Trick-round heuristic: stay under the winning card, shed danger when void."""
    if leading:
        best, best_rank = -1, 99
        x = hand
        while x:
            c = lowest_bit(x)
            x &= x - _ONE
            if c % 13 < best_rank:
                best, best_rank = c, c % 13
        return best
    if legal & (_SUIT << np.uint64(13 * led)):
        below = legal & ((_ONE << np.uint64(win)) - _ONE)
        if below:
            return highest_bit(below)
        return highest_bit(legal) if last_to_play else lowest_bit(legal)
    best, best_pen, best_rank = -1, -1, -1
    x = legal
    while x:
        c = lowest_bit(x)
        x &= x - _ONE
        if pen[c] > best_pen or (pen[c] == best_pen and c % 13 >= best_rank):
            best, best_pen, best_rank = c, pen[c], c % 13
    return best


@jit(inline="always")
def _behind(c):
    """Cards of c's suit that can only be laid after c in Kabalen (ace low)."""
    s, r = c // 13, c % 13
    base = np.uint64(13 * s)
    if r == 5:
        return (_SUIT << base) & ~(_ONE << np.uint64(c))
    if 5 < r < 12:  # 8..K: the higher cards up to the king
        return ((_ONE << np.uint64(12 - r - 1)) - _ONE) << np.uint64(c + 1)
    if r == 12:
        return np.uint64(0)
    # 2..6: the lower cards and the ace
    return (((_ONE << np.uint64(r)) - _ONE) << base) | (_ONE << np.uint64(13 * s + 12))


@jit(inline="always")
def hold(hand, legal):
    """Kabalen heuristic: free own cards, keep 7s back when nothing is gained."""
    best, best_score = -1, -1
    x = legal
    while x:
        c = lowest_bit(x)
        x &= x - _ONE
        own = _behind(c) & hand
        n = np.int64(0)
        while own:
            own &= own - _ONE
            n += 1
        score = 2 * n + (0 if c % 13 == 5 else 1)
        if score > best_score:
            best, best_score = c, score
    return best
