"""The search bot's learned policy: a small network that scores the classes of a trick-round
decision from what the seat may know (numba; twin in ``reference.py``).

It was trained (``scripts/davoserjas_net.py``) to pick the card a search with ``TEACHER``
sampled deals per decision would pick, on decisions of games in which the bot plays the
sampling search against three ``counting`` seats.  One network per round of the packaged
rules at 3, 4 and 5 players (but one: see the script's ``LEFT_OUT``); ``net.npz`` keeps them
with the round each fits (``signature``).  The search plays the network's card where the
network gives it at least the probability ``confidence`` (a setting, default
``options.CONFIDENCE``: always), and samples deals as before elsewhere and in every round no
network fits.

Each class of equal cards (``search.classes``) is described by ``FEATURES`` numbers, each
scored by the same network (two hidden layers of ``HIDDEN`` rectified units), and the
scores are turned into probabilities by a softmax over the classes.
"""

import functools
from pathlib import Path

import numpy as np

from tableodds.sim.core.bits import ONE, highest_bit, lowest_bit, popcount
from tableodds.sim.core.jit import jit
from tableodds.sim.davoserjas.rules import SUIT_BITS

_ONE, _SUIT = ONE, SUIT_BITS
FEATURES = 29
HIDDEN = 32
TEACHER = 48  # sampled deals per decision of the search whose choices it learned
# the weights of one network in one row: W1 (FEATURES x HIDDEN), b1, W2 (HIDDEN x HIDDEN), b2, w3
_W1 = 0
_B1 = _W1 + FEATURES * HIDDEN
_W2 = _B1 + HIDDEN
_B2 = _W2 + HIDDEN * HIDDEN
_W3 = _B2 + HIDDEN
WEIGHTS = _W3 + HIDDEN
PATH = Path(__file__).with_name("net.npz")


def signature(settings, rnd):
    """What a network is trained for: the seats, the cards, the round's scoring
    (``settings`` and one of its trick rounds)."""
    mask = int(settings.deck_mask)
    head = [settings.players, mask & 0xFFFFFFFF, mask >> 32]
    head += [rnd.per_trick, rnd.first_trick, rnd.last_trick]
    return np.concatenate([head, rnd.card_penalties().astype(np.int64)]).astype(np.int64)


@functools.cache  # read once per process: the kernel and the reference ask per run and game
def load(path=PATH):
    """(weights [network, WEIGHTS], signatures [network, 58]); none when there is no file.
    The arrays are shared between callers: read them, do not change them."""
    if not Path(path).is_file():
        return np.zeros((0, WEIGHTS)), np.zeros((0, 58), np.int64)
    with np.load(path) as f:
        return f["weights"].astype(np.float64), f["signatures"].astype(np.int64)


def network_of(signatures, settings, rnd):
    """The row of the network trained for this round of ``settings``, or -1."""
    sig = signature(settings, rnd)
    for i, s in enumerate(signatures):
        if np.array_equal(s, sig):
            return i
    return -1


@jit(inline="always")
def penalty_on(cards, pen):
    """The card penalties on ``cards``."""
    n = np.int64(0)
    while cards:
        n += pen[lowest_bit(cards)]
        cards &= cards - _ONE
    return n


@jit
def features(hand, reps, default, k, led, win, points, t, played, voids, me, pen, rnd, out):
    """out[i]: the FEATURES numbers of the i-th class (lowest card first) of ``reps``.
    Reads only the seat's hand, the cards played, the shown voids and the scoring."""
    players = rnd.players
    unseen = rnd.deck_mask & ~hand & ~played
    scale = max(1, rnd.per_trick, rnd.first, rnd.last)
    for c in range(52):
        scale = max(scale, pen[c])
    size = rnd.size
    if k == 0:
        sit = 0
    elif hand & (_SUIT << np.uint64(13 * led)):
        sit = 2 if k == players - 1 else 1
    else:
        sit = 3
    extra = rnd.per_trick + (rnd.first if t == 0 else 0) + (rnd.last if t == size - 1 else 0)
    live = penalty_on(rnd.penmask & ~played, pen)
    after_void = 0  # seats still to play this trick that showed out of the led suit
    if k > 0:
        q = me
        for _ in range(players - 1 - k):
            q = q + 1 if q + 1 < players else 0
            after_void += (voids[q] >> led) & 1
    dcls = highest_bit(reps & ((_ONE << np.uint64(default + 1)) - _ONE))
    x = reps
    i = 0
    while x:
        c = lowest_bit(x)
        x &= x - _ONE
        st = c // 13
        suit = _SUIT << np.uint64(13 * st)
        below = ((_ONE << np.uint64(c)) - _ONE) & suit
        above = suit & ~((_ONE << np.uint64(c + 1)) - _ONE)
        opp_void = 0
        for q in range(players):
            if q != me:
                opp_void += (voids[q] >> st) & 1
        takes = 1.0 if k > 0 and st == led and c > win else 0.0
        o = out[i]
        o[0] = 1.0 if c == dcls else 0.0
        o[1] = pen[c] / scale
        o[2] = popcount(below & unseen) / 12.0
        o[3] = popcount(above & unseen) / 12.0
        o[4] = popcount(hand & suit) / 13.0
        o[5] = popcount(unseen & suit) / 13.0
        o[6] = penalty_on(unseen & suit, pen) / (4.0 * scale)
        o[7] = opp_void / (players - 1.0)
        o[8] = (c % 13) / 12.0
        o[9] = takes
        o[10] = takes * (points + pen[c]) / scale
        o[11] = 0.0 if above & unseen else 1.0
        o[12] = popcount(below & hand) / 12.0
        o[13] = 1.0 if popcount(hand & suit) == 1 else 0.0
        o[14] = (penalty_on(hand & suit, pen) - pen[c]) / (4.0 * scale)
        for j in range(4):
            o[15 + j] = 1.0 if sit == j else 0.0
        o[19] = t / size
        o[20] = 1.0 if size - t <= 2 else 0.0
        o[21] = points / scale
        o[22] = extra / scale
        o[23] = (players - 1 - k) / (players - 1.0)
        o[24] = live / (4.0 * scale)
        o[25] = popcount(hand) / 13.0
        o[26] = after_void / (players - 1.0)
        o[27] = (win % 13) / 12.0 if k > 0 else 0.0
        o[28] = (c % 13 - win % 13) / 12.0 if sit == 1 or sit == 2 else 0.0
        i += 1
    return i


@jit(inline="always")
def _score(w, x, h1, h2):
    """The network's score of one class's features ``x`` (weights row ``w``; ``h1``,
    ``h2`` scratch).  Each unit sums its inputs in their order; the loops run over
    the units, which the compiler vectorises."""
    for j in range(HIDDEN):
        h1[j] = w[_B1 + j]
        h2[j] = w[_B2 + j]
    for f in range(FEATURES):
        v = x[f]
        if v != 0.0:
            row = _W1 + f * HIDDEN
            for j in range(HIDDEN):
                h1[j] += v * w[row + j]
    for f in range(HIDDEN):
        v = h1[f]
        if v > 0.0:
            row = _W2 + f * HIDDEN
            for j in range(HIDDEN):
                h2[j] += v * w[row + j]
    s = 0.0
    for j in range(HIDDEN):
        if h2[j] > 0.0:
            s += h2[j] * w[_W3 + j]
    return s


@jit
def net_card(
    w, hand, reps, default, k, led, win, points, t, played, voids, me, pen, rnd, confidence
):
    """The lowest card of the class the network rates highest, or -1 when its
    probability is below ``confidence``."""
    feat = np.empty((18, FEATURES))  # at most 17 cards a hand
    n = features(hand, reps, default, k, led, win, points, t, played, voids, me, pen, rnd, feat)
    h1 = np.empty(HIDDEN)
    h2 = np.empty(HIDDEN)
    best, bs = 0, -np.inf
    sc = np.empty(n)
    for i in range(n):
        sc[i] = _score(w, feat[i], h1, h2)
        if sc[i] > bs:
            best, bs = i, sc[i]
    if confidence > 0.0:
        z = 0.0
        for i in range(n):
            z += np.exp(sc[i] - bs)
        if 1.0 / z < confidence:
            return -1
    x = reps
    for _ in range(best):
        x &= x - _ONE
    return lowest_bit(x)
