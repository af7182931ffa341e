"""The ``search`` bot's trick-round decisions as numba functions (twin in ``reference.py``).

At a decision with more than one legal card the bot draws ``samples`` deals of
the cards hidden from it (see :func:`sample_world`), consistent with the hand
sizes and the voids it has seen, and scores every legal card in each:

* once at most ``exact`` tricks are left (the current one included), exactly:
  the least penalty the seat can reach over all its own continuations, the
  other seats playing ``counting`` (a deterministic model, so a fixed sequence
  of own cards is as good as any strategy; :func:`solve` searches them depth
  first);
* before that, by one rollout with every seat playing ``counting``.

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

from tableodds.sim.core.bits import kth_bit, lowest_bit, popcount
from tableodds.sim.core.rng import bounded
from tableodds.sim.davoserjas.counting import counting_trick, counting_trick_inline

_ONE = np.uint64(1)
_SUIT = np.uint64(0x1FFF)
SAMPLES = 12  # default budget: deals sampled per decision
EXACT = 4  # ... and tricks left (the current one included) from which each is solved exactly
_WORST = np.int64(1) << 40  # more than any penalty
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
):
    """Play the deal to its end from trick ``t`` with ``k`` cards in it and ``seat``
    to play; the seat ``me`` plays card ``forced`` at its next turn, then like
    everyone else ``counting``.  Returns the penalty ``me`` takes from here.
    ``penmask``: the penalised cards; once none is left in a round that scores
    nothing else from here, the rest of the deal costs nothing and is not played."""
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
            k += 1
            seat += 1
            if seat == players:
                seat = 0
        if win_seat == me:
            mine += points
        t += 1
        k = 0
        seat = win_seat
    return mine


@njit(inline="never")
def solve(
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
):
    """The least penalty ``me`` can take from here over all its own later cards, the
    others playing ``counting``; ``me`` plays card ``forced`` at its next turn.  A
    depth-first search: each of the seat's decisions branches on its legal cards,
    so the common start of two continuations is played once.  ``wh`` and ``wv``
    (hands, voids) are changed."""
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
            if seat == me and forced < 0:
                best = _WORST
                x = legal
                while x:
                    c = lowest_bit(x)
                    x &= x - _ONE
                    v = solve(
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
                    )
                    if v < best:
                        best = v
                return mine + best
            if seat == me:
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
            k += 1
            seat += 1
            if seat == players:
                seat = 0
        if win_seat == me:
            mine += points
        t += 1
        k = 0
        seat = win_seat
    return mine


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
):
    """out[i]: the least penalty ``me`` can take from here when it plays the i-th
    legal card now, over all its later cards (the others playing counting)."""
    x = legal
    ci = 0
    while x:
        c = lowest_bit(x)
        x &= x - _ONE
        out[ci] = solve(
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
    is_exact = size - t <= exact
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
