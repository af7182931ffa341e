"""The ``search`` bot's trick-round decisions as numba functions (twin in ``reference.py``).

At a decision with more than one legal card the bot draws ``samples`` deals of
the cards hidden from it (see :func:`sample_world`), consistent with the hand
sizes and the voids it has seen, and scores every legal card in each:

* once at most ``exact`` tricks are left (the current one included), exactly,
  with one of two endgame models (``ENDGAMES``, a setting of the bot):
  ``counting`` (the default): the least penalty the seat can reach over all
  its own continuations, the other seats playing ``counting`` (a deterministic
  model, so a fixed sequence of own cards is as good as any strategy;
  :func:`play_out` searches them depth first); ``paranoid``: a two-sided
  search, the seat minimising its penalty and the other seats together
  maximising it (:func:`paranoid`, alpha-beta);
* before that, by one rollout with every seat playing ``counting``.

The kernel passes both in one ``exact`` integer, tricks + 64 x model code
(:func:`exact_budget`).

It plays the card with the lowest total over the samples; ties go to the card
``counting`` would play, else to the lowest card.  Where no point is left to
take (no penalised card unplayed, none on the trick, no per-trick or last-trick
penalty) every card scores 0, so the bot plays ``counting``'s card without
sampling, and a play-out stops as soon as it reaches that point.  Random
draws come from the game's stream: per sample one ``bounded`` draw per hidden
card.  Kabalen is played as ``counting``.
"""

import numpy as np
from numba import njit

from tableodds.sim.core.bits import highest_bit, kth_bit, lowest_bit, popcount
from tableodds.sim.core.rng import bounded
from tableodds.sim.davoserjas.counting import counting_trick, counting_trick_inline
from tableodds.sim.davoserjas.rules import ENDGAME, ENDGAMES

_ONE = np.uint64(1)
_SUIT = np.uint64(0x1FFF)
SAMPLES = 12  # default budget: deals sampled per decision
TRICKS = 4  # ... and tricks left (the current one included) from which each is solved exactly
_MODEL = 64  # the kernel's ``exact`` carries both: tricks + _MODEL * endgame code


def exact_budget(tricks: int = TRICKS, endgame: str = ENDGAME) -> int:
    """The ``exact`` argument for ``tricks`` tricks solved with the ``endgame`` model."""
    return tricks + _MODEL * ENDGAMES.index(endgame)


EXACT = exact_budget()
_WORST = np.int64(1) << 40  # more than any penalty


@njit(inline="always")
def _below(c):
    """Cards of c's suit lower than c."""
    return ((_ONE << np.uint64(c)) - _ONE) & ~((_ONE << np.uint64(13 * (c // 13))) - _ONE)


ATTEMPTS = 8


@njit(inline="never")
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


@njit(inline="always")
def lay(wh, wv, played, seat, hand, c, k, led, win, win_seat, points, pen, players):
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
    if seat == players:
        seat = 0
    return played, led, win, win_seat, points, seat


@njit(inline="never")
def play_out(
    wh,
    wv,
    played,
    players,
    size,
    t,
    k,
    led,
    win,
    win_seat,
    points,
    seat,
    me,
    pen,
    per_trick,
    first,
    last,
    card_round,
    deck_mask,
    penmask,
    forced,
    exact,
):
    """Play the deal to its end from trick ``t`` with ``k`` cards in it and ``seat``
    to play, every other seat playing ``counting``; the seat ``me`` plays card
    ``forced`` at its next turn, then ``counting`` too, or with ``exact`` the best
    of its legal cards each time (the least penalty over all its own later cards;
    the others' play is deterministic, so a fixed sequence of own cards is as good
    as any strategy).  A depth-first search: each of the seat's decisions branches
    on its legal cards, so the common start of two continuations is played once.
    Returns the penalty ``me`` takes from here; ``wh`` and ``wv`` (hands, voids) are
    changed.  ``penmask``: the penalised cards; once none is left in a round that
    scores nothing else from here, the rest of the deal costs nothing and is not
    played."""
    mine = np.int64(0)
    tail_free = per_trick == 0 and last == 0
    while t < size:
        extra = per_trick + (first if t == 0 else 0) + (last if t == size - 1 else 0)
        free = extra == 0 and not card_round
        if k == 0:
            if tail_free and extra == 0 and not (penmask & ~played):
                return mine
            points, led, win, win_seat = np.int64(extra), -1, -1, seat
        while k < players:
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
                        wh.copy(),
                        wv.copy(),
                        played,
                        players,
                        size,
                        t,
                        k,
                        led,
                        win,
                        win_seat,
                        points,
                        seat,
                        me,
                        pen,
                        per_trick,
                        first,
                        last,
                        card_round,
                        deck_mask,
                        penmask,
                        c,
                        True,
                    )
                    if v < best:
                        best = v
                return mine + best
            if seat == me and forced >= 0:
                c = forced
                forced = -1
            else:
                c = counting_trick_inline(
                    hand,
                    legal,
                    k,
                    led,
                    win,
                    points,
                    free,
                    card_round,
                    players,
                    seat,
                    deck_mask & ~hand & ~played,
                    wv,
                    pen,
                )
            played, led, win, win_seat, points, seat = lay(
                wh, wv, played, seat, hand, c, k, led, win, win_seat, points, pen, players
            )
            k += 1
        if win_seat == me:
            mine += points
        t += 1
        k = 0
        seat = win_seat
    return mine


@njit(inline="always")
def _left(cards, pen):
    """The card penalties on ``cards``."""
    n = np.int64(0)
    while cards:
        n += pen[lowest_bit(cards)]
        cards &= cards - _ONE
    return n


@njit(inline="never")
def paranoid(
    wh,
    wv,
    played,
    gone,
    players,
    size,
    t,
    k,
    led,
    win,
    win_seat,
    points,
    seat,
    me,
    pen,
    per_trick,
    first,
    last,
    penmask,
    alpha,
    beta,
):
    """The penalty ``me`` takes from here when it minimises it and the other seats
    together maximise it, every card known (alpha-beta; the value is exact whenever
    it lies inside (alpha, beta), else a bound on the side of the window it left).
    ``gone``: the cards of the tricks before this one.  A card is skipped when the
    next lower card of its suit not yet gone is in the same hand with the same
    penalty: nothing can tell the two apart.  ``wh`` is restored on return; ``wv``
    is scratch."""
    if k == players:
        got = points if win_seat == me else 0
        t += 1
        extra = per_trick + (last if t == size - 1 else 0)
        if t == size or (
            per_trick == 0 and last == 0 and not (penmask & ~played)
        ):  # the rest costs nothing
            return got
        # every argument typed as at the first call: one compiled version (a second,
        # recursive one would not survive numba's cache)
        return got + paranoid(
            wh,
            wv,
            np.uint64(played),
            np.uint64(played),
            players,
            size,
            np.int64(t),
            np.int64(0),
            np.int64(-1),
            np.int64(-1),
            np.int64(win_seat),
            np.int64(extra),
            np.int64(win_seat),
            me,
            pen,
            per_trick,
            first,
            last,
            penmask,
            np.int64(alpha - got),
            np.int64(beta - got),
        )
    # the most ``me`` can still take: this trick, the penalised cards left, the
    # later tricks' own penalties
    most = points + _left(penmask & ~played, pen) + per_trick * (size - 1 - t)
    if t < size - 1:
        most += last
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
            wh, wv, played, seat, hand, c, k, led, win, win_seat, points, pen, players
        )
        v = paranoid(
            wh,
            wv,
            np.uint64(p2),
            np.uint64(gone),
            players,
            size,
            np.int64(t),
            np.int64(k + 1),
            np.int64(led2),
            np.int64(win2),
            np.int64(ws2),
            np.int64(pts2),
            np.int64(nxt),
            me,
            pen,
            per_trick,
            first,
            last,
            penmask,
            np.int64(alpha),
            np.int64(beta),
        )
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


@njit(inline="never")
def exact_values(
    world,
    voids,
    played,
    players,
    size,
    t,
    k,
    led,
    win,
    win_seat,
    points,
    me,
    pen,
    per_trick,
    first,
    last,
    card_round,
    deck_mask,
    legal,
    out,
    penmask,
    model,
):
    """out[i]: the penalty ``me`` takes from here when it plays the i-th legal card
    now and then its best: against ``counting`` opponents (``model`` 0), or against
    opponents who all play to make it take the most (``model`` 1, :func:`paranoid`)."""
    x = legal
    ci = 0
    while x:
        c = lowest_bit(x)
        x &= x - _ONE
        if model == 1:
            wh = world.copy()
            wv = voids.copy()
            p2, led2, win2, ws2, pts2, nxt = lay(
                wh, wv, played, me, world[me], c, k, led, win, win_seat, points, pen, players
            )
            # the cards of this trick are not told apart from earlier ones: gone = 0
            out[ci] = paranoid(
                wh,
                wv,
                np.uint64(p2),
                np.uint64(0),
                np.int64(players),
                np.int64(size),
                np.int64(t),
                np.int64(k + 1),
                np.int64(led2),
                np.int64(win2),
                np.int64(ws2),
                np.int64(pts2),
                np.int64(nxt),
                np.int64(me),
                pen,
                per_trick,
                first,
                last,
                penmask,
                np.int64(-1),
                _WORST,
            )
            ci += 1
            continue
        out[ci] = play_out(
            world.copy(),
            voids.copy(),
            played,
            players,
            size,
            np.int64(t),
            np.int64(k),
            np.int64(led),
            np.int64(win),
            np.int64(win_seat),
            np.int64(points),
            np.int64(me),
            np.int64(me),
            pen,
            per_trick,
            first,
            last,
            card_round,
            deck_mask,
            penmask,
            np.int64(c),
            True,
        )
        ci += 1


@njit(inline="never")
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
    size,
    players,
    played,
    voids,
    pen,
    per_trick,
    first,
    last,
    card_round,
    deck_mask,
    samples,
    exact,
):
    """The search bot's card.  ``sizes`` are the hand sizes of all seats (public);
    the bot sees no other seat's cards."""
    nl = popcount(legal)
    free = (
        per_trick + (first if t == 0 else 0) + (last if t == size - 1 else 0)
    ) == 0 and not card_round
    default = counting_trick(
        hand,
        legal,
        k,
        led,
        win,
        points,
        free,
        card_round,
        players,
        me,
        deck_mask & ~hand & ~played,
        voids,
        pen,
    )
    if nl == 1:
        return default
    penmask = np.uint64(0)
    for c in range(52):
        if pen[c]:
            penmask |= _ONE << np.uint64(c)
    penmask &= deck_mask
    if points == 0 and per_trick == 0 and last == 0 and not (penmask & ~played):
        return default  # nothing is left to take: every card scores 0
    unseen = deck_mask & ~hand & ~played
    world = np.zeros(players, np.uint64)
    wh = np.zeros(players, np.uint64)
    wv = voids.copy()
    tot = np.zeros(nl, np.int64)
    vals = np.zeros(nl, np.int64)
    is_exact = size - t <= exact % _MODEL
    model = exact // _MODEL
    for _ in range(samples):
        sample_world(s, at, unseen, sizes, voids, me, players, world)
        world[me] = hand
        if is_exact:
            exact_values(
                world,
                voids,
                played,
                players,
                size,
                t,
                k,
                led,
                win,
                win_seat,
                points,
                me,
                pen,
                per_trick,
                first,
                last,
                card_round,
                deck_mask,
                legal,
                vals,
                penmask,
                model,
            )
            for ci in range(nl):
                tot[ci] += vals[ci]
        else:
            x = legal
            for ci in range(nl):
                c = lowest_bit(x)
                x &= x - _ONE
                wh[:] = world
                wv[:] = voids
                tot[ci] += play_out(
                    wh,
                    wv,
                    played,
                    players,
                    size,
                    t,
                    k,
                    led,
                    win,
                    win_seat,
                    points,
                    me,
                    me,
                    pen,
                    per_trick,
                    first,
                    last,
                    card_round,
                    deck_mask,
                    penmask,
                    c,
                    False,
                )
    best = 0
    for ci in range(1, nl):
        if tot[ci] < tot[best]:
            best = ci
    x = legal
    for ci in range(nl):
        c = kth_bit(x, 0)
        x &= x - _ONE
        if c == default and tot[ci] == tot[best]:
            return default
    return kth_bit(legal, best)
