"""The ``search`` bot's trick-round decisions as numba functions (twin in ``reference.py``).

At a decision with more than one legal card the bot first merges equal cards:
legal cards of one suit with no unseen card between them, the same penalty and
(when following) not on two sides of the trick's winning card can do the same
things, so only the lowest of each class is scored (:func:`classes`); with one
class left it plays ``counting``'s card.  Where a network was trained for the
round (``net.py``: the packaged rounds at 3-5 players) it plays the class the
network rates highest, if the network gives it at least the probability
``confidence`` (a setting; by default always).  Else it draws ``samples`` deals of
the cards hidden from it, uniformly over the deals consistent with the hand
sizes and the voids it has seen (:func:`sample_uniform`), and scores each class
in each deal:

* once at most ``exact`` tricks are left (the current one included), exactly,
  with one of two endgame models (``ENDGAMES``, a setting of the bot):
  ``counting`` (the default): the least penalty the seat can reach over all
  its own continuations, the other seats playing ``counting`` (a deterministic
  model, so a fixed sequence of own cards is as good as any strategy;
  :func:`play_out` searches them depth first); ``paranoid``: a two-sided
  search, the seat minimising its penalty and the other seats together
  maximising it (:func:`paranoid`, alpha-beta);
* before that, by one rollout with every seat playing ``counting``.

The kernel passes both in one ``exact`` integer, tricks + 64 x model code, plus
``CLASSIC`` for the earlier search, which scored every legal card in deals from
the approximate :func:`sample_world` (:func:`exact_budget`).

It plays the class with the lowest total over the samples; ties go to the card
``counting`` would play (or its class), else to the lowest card.  Where no point
is left to take (no penalised card unplayed, none on the trick, no per-trick or
last-trick penalty) every card scores 0, so the bot plays ``counting``'s card
without sampling, and a play-out stops as soon as it reaches that point.
Random draws come from the game's stream.  Kabalen is played as ``counting``.
"""

from collections import namedtuple

import numpy as np

from tableodds.sim.core.bits import ONE, highest_bit, kth_bit, lowest_bit, popcount
from tableodds.sim.core.jit import entry, jit
from tableodds.sim.core.rng import bounded, next_u64, seed_stream
from tableodds.sim.davoserjas.counting import counting_trick, counting_trick_inline
from tableodds.sim.davoserjas.net import net_card, penalty_on
from tableodds.sim.davoserjas.rules import ENDGAME, ENDGAMES, SUIT_BITS

_ONE, _SUIT = ONE, SUIT_BITS
SAMPLES = 12  # default budget: deals sampled per decision
TRICKS = 4  # ... and tricks left (the current one included) from which each is solved exactly
_MODEL = 64  # the kernel's ``exact`` carries both: tricks + _MODEL * endgame code


def exact_budget(tricks: int = TRICKS, endgame: str = ENDGAME, classic: bool = False) -> int:
    """The ``exact`` argument for ``tricks`` tricks solved with the ``endgame`` model;
    ``classic``: the earlier search (approximate sampler, every legal card scored)."""
    return tricks + _MODEL * ENDGAMES.index(endgame) + (256 if classic else 0)


EXACT = exact_budget()
_WORST = np.int64(1) << 40  # more than any penalty
TT_BITS = 12  # the two-sided endgame keeps 2**12 positions (trick starts) per deal


@jit(inline="always")
def _below(c):
    """Cards of c's suit lower than c."""
    return ((_ONE << np.uint64(c)) - _ONE) & ~((_ONE << np.uint64(13 * (c // 13))) - _ONE)


ATTEMPTS = 8
TRIES = 64  # uniform sampler: plain deals tried before the counting table is built
TABLE = 20_000  # ... which is built only up to this many room vectors (else more tries)
CLASSIC = 256  # ``exact`` flag: the earlier search (approximate sampler, every card scored)


def _binomials():
    b = np.zeros((53, 53), np.float64)
    for n in range(53):
        b[n, 0] = 1.0
        for k in range(1, n + 1):
            b[n, k] = b[n - 1, k - 1] + b[n - 1, k]
    return b


BINOM = _binomials()  # exact as floats: C(52, 26) < 2**53
_UNIT = 1.0 / 9007199254740992.0  # 2**-53


@jit(inline="always")
def _uniform(s, at):
    """A float in [0, 1) with 53 random bits."""
    return np.float64(next_u64(s, at) >> np.uint64(11)) * _UNIT


@jit
def forced_deal(unseen, sizes, voids, me, players, world, room):
    """Start of a uniform deal: every seat other than ``me`` gets ``sizes`` slots
    (``room``), and a suit only one seat may hold (the others with room are known
    void in it) goes to that seat whole, as in every deal consistent with what
    was seen.  Returns (the cards still to deal, the voids to respect as a 4-bit
    mask per seat in ``world``-order: a suit no seat may hold is not respected)."""
    vm = voids.copy()
    for q in range(players):
        world[q] = np.uint64(0)
        room[q] = sizes[q] if q != me else 0
    rest = unseen
    for st in range(4):
        cards = unseen & (_SUIT << np.uint64(13 * st))
        if not cards:
            continue
        n, only = 0, -1
        for q in range(players):
            if room[q] > 0 and not (vm[q] >> st) & 1:
                n += 1
                only = q
        if n == 1 and popcount(cards) <= room[only]:
            world[only] |= cards
            room[only] -= popcount(cards)
            rest &= ~cards
        elif n == 0:
            for q in range(players):
                vm[q] &= ~(1 << st)
    return rest, vm


@jit
def _table(rest, room, vm, players, seats, stride):
    """g[s, index of a room vector R]: the number of ways to deal the cards of
    ``rest`` in suits s..3 to the seats ``seats`` with exactly R slots, none in a
    suit the seat is void in (``vm``).  R is indexed by mixed radix ``stride``."""
    m = len(seats)
    size = 1
    for i in range(m):
        size *= room[seats[i]] + 1
    g = np.zeros((5, size), np.float64)
    g[4, 0] = 1.0
    need = 0
    r = np.zeros(m, np.int64)
    n = np.zeros(m, np.int64)
    for st in range(3, -1, -1):
        u = popcount(rest & (_SUIT << np.uint64(13 * st)))
        need += u
        for idx in range(size):
            x = idx
            tot = 0
            for i in range(m):
                b = room[seats[i]] + 1
                r[i] = x % b
                x //= b
                tot += r[i]
            if tot != need:
                continue
            g[st, idx] = _ways(g, st, idx, u, r, n, m, seats, vm, stride, -1.0)
    return g


@jit(inline="always")
def _ways(g, st, idx, u, r, n, m, seats, vm, stride, stop):
    """Sum over the splits n of u cards of suit st into the rooms r (none to a seat
    void in st) of multinomial(u; n) x g[st + 1, idx - n]; with ``stop`` >= 0 the
    split at which the running sum first exceeds ``stop`` is left in ``n``
    (odometer order, first seat fastest) and the sum so far returned."""
    for i in range(m):
        n[i] = 0
    total = 0.0
    while True:
        # the last seat takes what is left
        left = u
        for i in range(m - 1):
            left -= n[i]
        q = seats[m - 1]
        if 0 <= left <= r[m - 1] and (left == 0 or not (vm[q] >> st) & 1):
            n[m - 1] = left
            w = 1.0
            k = u
            j = idx
            for i in range(m):
                w *= BINOM[k, n[i]]
                k -= n[i]
                j -= n[i] * stride[i]
            total += w * g[st + 1, j]
            if stop >= 0.0 and total > stop:
                return total
        # next split of the first m - 1 seats
        i = 0
        while i < m - 1:
            q = seats[i]
            if n[i] < r[i] and n[i] < u and not (vm[q] >> st) & 1:
                n[i] += 1
                break
            n[i] = 0
            i += 1
        if i == m - 1:
            return total


@jit
def sample_uniform(s, at, unseen, sizes, voids, me, players, world, tries):
    """Deal the ``unseen`` cards to the seats other than ``me``, uniformly over the
    deals that give each seat its size and no card of a suit it showed void in.
    Suits only one seat may hold go to it (:func:`forced_deal`); the rest is
    dealt as a plain deal (each card in id order to a seat with chance
    proportional to its room) until no card lands in a void, up to ``tries``
    times; then from the number of consistent deals per room vector, suit by
    suit (:func:`_table`, where it has at most ``TABLE`` room vectors; else the
    plain deals go on).  Every branch is uniform over the same deals, so the
    whole is."""
    room = np.zeros(players, np.int64)
    rest, vm = forced_deal(unseen, sizes, voids, me, players, world, room)
    if not rest:
        return
    start = world.copy()
    r2 = room.copy()
    m, size = 0, 1
    for q in range(players):
        if room[q] > 0:
            m += 1
            size *= room[q] + 1
    attempt = 0
    while attempt < tries or size > TABLE:
        attempt += 1
        left = 0
        for q in range(players):
            world[q] = start[q]
            r2[q] = room[q]
            left += room[q]
        ok = True
        x = rest
        while x:
            c = lowest_bit(x)
            x &= x - _ONE
            v = bounded(s, left, at)
            q = 0
            while v >= r2[q]:
                v -= r2[q]
                q += 1
            if (vm[q] >> (c // 13)) & 1:
                ok = False
                break
            world[q] |= _ONE << np.uint64(c)
            r2[q] -= 1
            left -= 1
        if ok:
            return
    seats = np.zeros(m, np.int64)
    stride = np.zeros(m, np.int64)
    i, w = 0, 1
    for q in range(players):
        if room[q] > 0:
            seats[i] = q
            stride[i] = w
            w *= room[q] + 1
            i += 1
    g = _table(rest, room, vm, players, seats, stride)
    for q in range(players):
        world[q] = start[q]
    r = np.zeros(m, np.int64)
    n = np.zeros(m, np.int64)
    idx = 0
    for i in range(m):
        r[i] = room[seats[i]]
        idx += r[i] * stride[i]
    for st in range(4):
        cards = rest & (_SUIT << np.uint64(13 * st))
        u = popcount(cards)
        if u == 0:
            continue
        stop = _uniform(s, at) * g[st, idx]
        if not stop < g[st, idx]:  # a product rounded up to the total
            stop = 0.0
        _ways(g, st, idx, u, r, n, m, seats, vm, stride, stop)
        # the split's cards: each card in id order to a seat with chance
        # proportional to the cards it still gets of this suit
        x = cards
        while x:
            c = lowest_bit(x)
            x &= x - _ONE
            v = bounded(s, u, at)
            i = 0
            while v >= n[i]:
                v -= n[i]
                i += 1
            world[seats[i]] |= _ONE << np.uint64(c)
            n[i] -= 1
            r[i] -= 1
            idx -= stride[i]
            u -= 1


@entry
def sample_many(seed, count, unseen, sizes, voids, me, players, tries):
    """``count`` uniform deals (:func:`sample_uniform`) from one stream, as
    [deal, seat] hands; for tests."""
    s = np.empty(4, np.uint64)
    seed_stream(s, seed, 0)
    out = np.zeros((count, players), np.uint64)
    world = np.zeros(players, np.uint64)
    for i in range(count):
        sample_uniform(s, 0, np.uint64(unseen), sizes, voids, me, players, world, tries)
        out[i] = world
    return out


@jit
def sample_world(s, at, unseen, sizes, voids, me, players, world):
    """Deal the ``unseen`` cards to the seats other than ``me``: each card in id
    order goes to a seat with room and not known void in its suit, with chance
    proportional to the seat's room (the plain deal when nobody is void).  A
    dead end starts again, up to ``ATTEMPTS`` times; the last attempt ignores
    voids for a card no seat can take."""
    for attempt in range(ATTEMPTS):
        for q in range(players):
            world[q] = np.uint64(0)
        room = sizes.copy()
        room[me] = 0
        ok = True
        x = unseen
        while x:
            c = kth_bit(x, 0)
            x &= x - _ONE
            s_ = c // 13
            total = 0
            for q in range(players):
                if room[q] > 0 and not (voids[q] >> s_) & 1:
                    total += room[q]
            strict = total > 0
            if not strict:
                if attempt < ATTEMPTS - 1:
                    ok = False
                    break
                for q in range(players):
                    total += room[q]
            r = bounded(s, total, at)
            for q in range(players):
                if room[q] > 0 and (not strict or not (voids[q] >> s_) & 1):
                    if r < room[q]:
                        world[q] |= _ONE << np.uint64(c)
                        room[q] -= 1
                        break
                    r -= room[q]
        if ok:
            return


Round = namedtuple("Round", "players size per_trick first last card_round deck_mask penmask")
"""A trick round's rules, fixed for the whole round: the seats, the tricks, a trick's own
penalty and the first and last tricks' extras, whether cards carry penalties, the cards in
play and the penalised ones among them (bit masks).  Scalars only: the cards' penalties
(``pen``) travel beside it, since an array read out of a tuple costs a reference count
update at every read (measured: a fifth of the search's speed)."""


def round_rules(players, size, pen, per_trick, first, last, deck_mask):
    """The :class:`Round` of a trick round.  Each field is typed alike wherever it is made
    (from Python or in compiled code, :data:`round_rules_inline`), so each recursive search
    compiles once."""
    penmask = np.uint64(0)
    for c in range(52):
        if pen[c]:
            penmask |= _ONE << np.uint64(c)
    return Round(
        np.int64(players),
        np.int64(size),
        np.int64(per_trick),
        np.int64(first),
        np.int64(last),
        penmask != 0,
        np.uint64(deck_mask),
        penmask & np.uint64(deck_mask),
    )


round_rules_inline = jit(inline="always")(round_rules)


@jit(inline="always")
def trick_extra(rnd, t):
    """What trick ``t`` costs its taker besides the cards on it."""
    return rnd.per_trick + (rnd.first if t == 0 else 0) + (rnd.last if t == rnd.size - 1 else 0)


@jit(inline="always")
def lay(wh, wv, played, seat, hand, c, k, led, win, win_seat, points, pen, rnd):
    """Seat ``seat`` lays card ``c`` as the ``k``-th card of the trick: out of its hand,
    into ``played``, the lead or winner or a shown void updated, its penalty added.
    Returns (played, led, win, win_seat, points, next seat)."""
    bit = _ONE << np.uint64(c)
    wh[seat] = hand ^ bit
    played |= bit
    if k == 0:
        led, win, win_seat = c // 13, c, seat
    elif c // 13 != led:
        wv[seat] |= 1 << led
    elif c > win:
        win, win_seat = c, seat
    points += pen[c]
    seat += 1
    if seat == rnd.players:
        seat = 0
    return played, led, win, win_seat, points, seat


@jit
def play_out(wh, wv, played, pen, rnd, t, k, led, win, win_seat, points, seat, me, forced, exact):
    """Play the deal to its end from trick ``t`` with ``k`` cards in it and ``seat``
    to play, every other seat playing ``counting``; the seat ``me`` plays card
    ``forced`` at its next turn, then ``counting`` too, or with ``exact`` the best
    of its legal cards each time (the least penalty over all its own later cards;
    the others' play is deterministic, so a fixed sequence of own cards is as good
    as any strategy).  A depth-first search: each of the seat's decisions branches
    on its legal cards, so the common start of two continuations is played once.
    Returns the penalty ``me`` takes from here; ``wh`` and ``wv`` (hands, voids) are
    changed.  Once no penalised card is left in a round that scores nothing else
    from here, the rest of the deal costs nothing and is not played."""
    mine = np.int64(0)
    tail_free = rnd.per_trick == 0 and rnd.last == 0
    while t < rnd.size:
        extra = trick_extra(rnd, t)
        free = extra == 0 and not rnd.card_round
        if k == 0:
            if tail_free and extra == 0 and not (rnd.penmask & ~played):
                return mine
            points, led, win, win_seat = np.int64(extra), -1, -1, seat
        while k < rnd.players:
            hand = wh[seat]
            if k == 0:
                legal = hand
            else:
                follow = hand & (_SUIT << np.uint64(13 * led))
                legal = follow if follow else hand
            if seat == me and forced < 0 and exact:
                best = _WORST
                x = legal
                while x:
                    c = lowest_bit(x)
                    x &= x - _ONE
                    v = play_out(
                        wh.copy(), wv.copy(), played, pen, rnd, t, k, led, win, win_seat, points,
                        seat, me, c, True,
                    )  # fmt: skip
                    if v < best:
                        best = v
                return mine + best
            if seat == me and forced >= 0:
                c = forced
                forced = -1
            else:
                unseen = rnd.deck_mask & ~hand & ~played
                c = counting_trick_inline(
                    hand, legal, k, led, win, points, free, rnd.card_round, rnd.players, seat,
                    unseen, wv, pen,
                )  # fmt: skip
            played, led, win, win_seat, points, seat = lay(
                wh, wv, played, seat, hand, c, k, led, win, win_seat, points, pen, rnd
            )
            k += 1
        if win_seat == me:
            mine += points
        t += 1
        k = 0
        seat = win_seat
    return mine


@jit
def paranoid(
    wh, wv, played, gone, pen, rnd, t, k, led, win, win_seat, points, seat, me, alpha, beta, tt
):
    """The penalty ``me`` takes from here when it minimises it and the other seats
    together maximise it, every card known (alpha-beta; the value is exact whenever
    it lies inside (alpha, beta), else a bound on the side of the window it left).
    ``gone``: the cards of the tricks before this one.  A card is skipped when the
    next lower card of its suit not yet gone is in the same hand with the same
    penalty: nothing can tell the two apart.  ``wh`` is restored on return; ``wv``
    is scratch.  ``tt`` (rows key, lower, upper bound; zeros when new) keeps the value
    from each trick's start on: the deal is fixed, so the cards played and the leader
    say all of the position, and positions reached in another order are not searched
    again."""
    if k == rnd.players:
        got = points if win_seat == me else 0
        t += 1
        if t == rnd.size or (
            rnd.per_trick == 0 and rnd.last == 0 and not (rnd.penmask & ~played)
        ):  # the rest costs nothing
            return got
        a, b = alpha - got, beta - got
        key = np.int64(played | (np.uint64(win_seat) << np.uint64(52)))
        row = (np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - TT_BITS)
        lo, hi = np.int64(-1), _WORST
        if tt[row, 0] == key:
            lo, hi = tt[row, 1], tt[row, 2]
            if lo >= b or lo == hi:
                return got + lo
            if hi <= a:
                return got + hi
        # every argument typed as at the first call: one compiled version (a second,
        # recursive one would not survive numba's cache)
        v = paranoid(
            wh, wv, np.uint64(played), np.uint64(played), pen, rnd, np.int64(t), np.int64(0),
            np.int64(-1), np.int64(-1), np.int64(win_seat), np.int64(trick_extra(rnd, t)),
            np.int64(win_seat), me, np.int64(a), np.int64(b), tt,
        )  # fmt: skip
        # fail-soft: at or below the window an upper bound, at or above it a lower one
        if v > a:
            lo = max(lo, v)
        if v < b:
            hi = min(hi, v)
        tt[row, 0], tt[row, 1], tt[row, 2] = key, lo, hi
        return got + v
    # the most ``me`` can still take: this trick, the penalised cards left, the
    # later tricks' own penalties
    most = points + penalty_on(rnd.penmask & ~played, pen) + rnd.per_trick * (rnd.size - 1 - t)
    if t < rnd.size - 1:
        most += rnd.last
    if most <= alpha:
        return most
    hand = wh[seat]
    if k == 0:
        legal = hand
    else:
        follow = hand & (_SUIT << np.uint64(13 * led))
        legal = follow if follow else hand
    mini = seat == me
    best = _WORST if mini else np.int64(-1)
    x = legal
    while x:
        c = highest_bit(x)
        x ^= _ONE << np.uint64(c)
        lower = _below(c) & ~gone
        if lower:
            d = highest_bit(lower)
            if (hand >> np.uint64(d)) & _ONE and pen[d] == pen[c]:
                continue
        p2, led2, win2, ws2, pts2, nxt = lay(
            wh, wv, played, seat, hand, c, k, led, win, win_seat, points, pen, rnd
        )
        v = paranoid(
            wh, wv, np.uint64(p2), np.uint64(gone), pen, rnd, np.int64(t), np.int64(k + 1),
            np.int64(led2), np.int64(win2), np.int64(ws2), np.int64(pts2), np.int64(nxt), me,
            np.int64(alpha), np.int64(beta), tt,
        )  # fmt: skip
        wh[seat] = hand
        if mini:
            if v < best:
                best = v
                if v < beta:
                    beta = v
        elif v > best:
            best = v
            if v > alpha:
                alpha = v
        if alpha >= beta:
            break
    return best


@jit
def exact_values(
    world, voids, played, pen, rnd, t, k, led, win, win_seat, points, me, legal, out, model
):
    """out[i]: the penalty ``me`` takes from here when it plays the i-th legal card
    now and then its best: against ``counting`` opponents (``model`` 0), or against
    opponents who all play to make it take the most (``model`` 1, :func:`paranoid`)."""
    if model == 1:
        tt = np.zeros((1 << TT_BITS, 3), np.int64)  # one per deal, shared by its cards
    x = legal
    ci = 0
    while x:
        c = lowest_bit(x)
        x &= x - _ONE
        if model == 1:
            wh = world.copy()
            wv = voids.copy()
            p2, led2, win2, ws2, pts2, nxt = lay(
                wh, wv, played, me, world[me], c, k, led, win, win_seat, points, pen, rnd
            )
            # the cards of this trick are not told apart from earlier ones: gone = 0
            out[ci] = paranoid(
                wh, wv, np.uint64(p2), np.uint64(0), pen, rnd, np.int64(t), np.int64(k + 1),
                np.int64(led2), np.int64(win2), np.int64(ws2), np.int64(pts2), np.int64(nxt),
                np.int64(me), np.int64(-1), _WORST, tt,
            )  # fmt: skip
        else:
            out[ci] = play_out(
                world.copy(), voids.copy(), played, pen, rnd, np.int64(t), np.int64(k),
                np.int64(led), np.int64(win), np.int64(win_seat), np.int64(points),
                np.int64(me), np.int64(me), np.int64(c), True,
            )  # fmt: skip
        ci += 1


@jit
def values(
    s,
    at,
    hand,
    reps,
    sizes,
    me,
    k,
    led,
    win,
    win_seat,
    points,
    t,
    played,
    voids,
    pen,
    rnd,
    samples,
    exact,
    tot,
):
    """tot[i]: the total over ``samples`` sampled deals of the penalty the i-th card of
    ``reps`` costs the seat from here (by the rules of the module's docstring)."""
    players = rnd.players
    nl = popcount(reps)
    classic = exact >= CLASSIC
    unseen = rnd.deck_mask & ~hand & ~played
    world = np.zeros(players, np.uint64)
    wh = np.zeros(players, np.uint64)
    wv = voids.copy()
    vals = np.zeros(nl, np.int64)
    is_exact = rnd.size - t <= exact % _MODEL
    model = (exact % CLASSIC) // _MODEL
    tot[:nl] = 0
    for _ in range(samples):
        if classic:
            sample_world(s, at, unseen, sizes, voids, me, players, world)
        else:
            sample_uniform(s, at, unseen, sizes, voids, me, players, world, TRIES)
        world[me] = hand
        if is_exact:
            exact_values(
                world, voids, played, pen, rnd, t, k, led, win, win_seat, points, me, reps,
                vals, model,
            )  # fmt: skip
            for ci in range(nl):
                tot[ci] += vals[ci]
        else:
            x = reps
            for ci in range(nl):
                c = lowest_bit(x)
                x &= x - _ONE
                wh[:] = world
                wv[:] = voids
                tot[ci] += play_out(
                    wh, wv, played, pen, rnd, t, k, led, win, win_seat, points, me, me, c, False
                )


@jit
def search_trick(
    s,
    at,
    hand,
    legal,
    sizes,
    me,
    k,
    led,
    win,
    win_seat,
    points,
    t,
    played,
    voids,
    pen,
    rnd,
    samples,
    exact,
    net,
    confidence,
):
    """The search bot's card.  ``sizes`` are the hand sizes of all seats (public);
    the bot sees no other seat's cards.  ``net``: the weights of the round's network
    (``net.py``), played where its card's probability is at least ``confidence``
    (a negative ``confidence``: no network)."""
    nl = popcount(legal)
    free = trick_extra(rnd, t) == 0 and not rnd.card_round
    unseen = rnd.deck_mask & ~hand & ~played
    default = counting_trick(
        hand, legal, k, led, win, points, free, rnd.card_round, rnd.players, me, unseen, voids,
        pen,
    )  # fmt: skip
    if nl == 1:
        return default
    if points == 0 and rnd.per_trick == 0 and rnd.last == 0 and not (rnd.penmask & ~played):
        return default  # nothing is left to take: every card scores 0
    classic = exact >= CLASSIC
    own = default  # the card that stands for counting's
    if not classic:
        # one card per class of equal cards: the lowest stands for the class
        reps = classes(legal, unseen, k, win, pen)
        if popcount(reps) == 1:
            return default  # every legal card is the same card
        legal = reps
        nl = popcount(legal)
        own = highest_bit(legal & ((_ONE << np.uint64(default + 1)) - _ONE))
        if confidence >= 0.0:
            c = net_card(
                net, hand, legal, default, k, led, win, points, t, played, voids, me, pen, rnd,
                confidence,
            )  # fmt: skip
            if c >= 0:
                return default if c == own else c
    tot = np.zeros(nl, np.int64)
    values(
        s, at, hand, legal, sizes, me, k, led, win, win_seat, points, t, played, voids, pen, rnd,
        samples, exact, tot,
    )  # fmt: skip
    best = 0
    for ci in range(1, nl):
        if tot[ci] < tot[best]:
            best = ci
    x = legal
    for ci in range(nl):
        c = kth_bit(x, 0)
        x &= x - _ONE
        if tot[ci] == tot[best] and c == own:
            return default  # counting's card, or its class's
    return kth_bit(legal, best)


@jit(inline="always")
def _between(lo, hi):
    """The cards with ids in (lo, hi]."""
    return ((_ONE << np.uint64(hi + 1)) - _ONE) & ~((_ONE << np.uint64(lo + 1)) - _ONE)


@jit
def classes(legal, unseen, k, win, pen):
    """The lowest card of each class of equal legal cards, as a mask: cards of one
    suit with no unseen card between them (the cards played before and the seat's
    own do not tell them apart), the same penalty, and, when following, not on
    two sides of the trick's winning card.  Whatever one card of a class can do,
    another can do alike."""
    reps = np.uint64(0)
    prev = -1
    x = legal
    while x:
        c = lowest_bit(x)
        x &= x - _ONE
        if (
            prev < 0
            or c // 13 != prev // 13
            or pen[c] != pen[prev]
            or (_between(prev, c - 1) & unseen)
            or (k > 0 and prev < win < c)
        ):
            reps |= _ONE << np.uint64(c)
        prev = c
    return reps
