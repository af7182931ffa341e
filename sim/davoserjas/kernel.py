"""The numba game loop for Davoserjas.

Hands are uint64 masks; every random choice comes from the game's own stream
(``sim.core.rng``), in this order per round: the deal (a Fisher-Yates shuffle
of the undealt cards in id order, dealt in blocks to seats 0, 1, ...), then
one bounded draw per random-policy play (forced plays included; in Kabalen
only when the player can lay a card), and for a search-bot decision with more
than one legal card its sampled deals (``search.py``).
``reference.py`` follows the same order, so both give identical games.
"""

import functools
from collections import namedtuple

import numpy as np
from numba import types
from numba.extending import intrinsic

from tableodds.sim.core.bits import ONE, kth_bit, lowest_bit, popcount
from tableodds.sim.core.jit import entry, jit
from tableodds.sim.core.rng import bounded, seed_stream, step
from tableodds.sim.davoserjas.counting import counting_kabalen, counting_trick
from tableodds.sim.davoserjas.net import WEIGHTS, load, network_of
from tableodds.sim.davoserjas.options import CONFIDENCE
from tableodds.sim.davoserjas.policies import _behind, duck, hold
from tableodds.sim.davoserjas.rules import (  # noqa: F401 (to_columns: the record layout)
    KABALEN_COUNTING,
    KABALEN_HOLD,
    KABALEN_RANDOM,
    SUIT_BITS,
    TRICK_COUNTING,
    TRICK_DUCK,
    TRICK_RANDOM,
    TRICK_SEARCH,
    policy_codes,
    to_columns,
)
from tableodds.sim.davoserjas.search import (
    EXACT,
    SAMPLES,
    round_rules_inline,
    search_trick,
    trick_extra,
)

_ONE, _SUIT = ONE, SUIT_BITS


def _host_has_pdep():
    try:
        import llvmlite.binding as llvm

        return "+bmi2" in llvm.get_host_cpu_features().flatten().split(",")
    except Exception:  # no feature query on this platform: use the portable select
        return False


_HAS_PDEP = _host_has_pdep()


@intrinsic
def _pdep64(typingctx, src, mask):
    sig = types.uint64(types.uint64, types.uint64)

    def codegen(context, builder, signature, args):
        from llvmlite import ir

        fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(64)])
        fn = builder.module.declare_intrinsic("llvm.x86.bmi.pdep.64", fnty=fnty)
        return builder.call(fn, args)

    return sig, codegen


@jit(inline="always")
def deal(s, base, n_base, hands, players, size, fixed_seat, fixed_hand, deck):
    """Shuffle the ``n_base`` cards in ``base`` and deal them to the seats."""
    for i in range(n_base):
        deck[i] = base[i]
    for i in range(n_base - 1, 0, -1):
        j = bounded(s, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    k = 0
    for p in range(players):
        if p == fixed_seat:
            hands[p] = fixed_hand
            continue
        h = np.uint64(0)
        for _ in range(size):
            h |= _ONE << np.uint64(deck[k])
            k += 1
        hands[p] = h


@jit(inline="always")
def _opens(c, deck_mask, strict):
    """The card that becomes playable once c is laid in its Kabalen row (or -1)."""
    r = c % 13
    if r == 5:
        return -2  # a 7 opens both neighbours; handled by the caller
    if 5 < r < 11:
        return c + 1
    if 0 < r <= 4:
        below = c - 1
        if below % 13 == 0 and not (deck_mask >> np.uint64(below)) & _ONE:
            # the 2 is out of the deck: bridge to the ace, or leave the ace dead
            return -1 if strict else c + 11
        return below
    if r == 0:
        return c + 12
    return -1  # king or ace ends the row


# Games are played in blocks of _G, advanced in lock-step (one deal step, one
# trick or one Kabalen turn of each game in turn), so that the CPU overlaps
# their dependency chains.  Game i still draws only from its own stream, in
# the order above, so records do not depend on blocks, chunks or workers; a
# block that runs past the chunk's end plays its extra games and drops them.
_G = 4  # the deal and the all-random blocks are written out for four games
_HS = 8  # stride of one game's hands in the flat hands array (players <= 7)


def _make_pick():
    if _HAS_PDEP:

        @jit(inline="always")
        def fast_pick(s, legal, at):
            # the k-th set bit by pdep: the same card kth_bit gives, in fewer cycles
            k = bounded(s, popcount(legal), at)
            return lowest_bit(_pdep64(_ONE << np.uint64(k), legal))
    else:

        @jit(inline="always")
        def fast_pick(s, legal, at):
            return kth_bit(legal, bounded(s, popcount(legal), at))

    return fast_pick


_pick = _make_pick()

# The all-random loops keep each game's generator state in four local variables
# (registers) rather than in the ``s`` array: LLVM cannot tell the array from the
# hands and decks, so it reloads and stores the state around every store to them.
# ``_load``/``_store`` move a game's state between the two forms; ``_draw`` is
# ``bounded`` on the local form (the same xoshiro256** step, the same value).
# ``_draw``, ``_draw_if``, ``_u`` and ``_pick_bit`` take and return scalars and tuples only:
# plain @jit functions, compiled once and inlined by LLVM (the same machine code), where
# numba's inlining redid them at each of their dozens of call sites (seconds of compile).


@jit(inline="always")
def _load(s, at):
    return s[at], s[at + 1], s[at + 2], s[at + 3]


@jit(inline="always")
def _store(s, at, st):
    s[at], s[at + 1], s[at + 2], s[at + 3] = st


@jit
def _draw(st, n):
    """``bounded`` on a stream held in a tuple: (the next words, a uniform integer in [0, n))."""
    st, result = step(st)
    return st, ((result >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32)


@jit
def _u(i):
    # an unsigned index: numba then skips the negative-index wraparound select
    return np.uint64(i)


def _make_pick_bit():
    if _HAS_PDEP:

        @jit
        def pick_bit(legal, k):
            return _pdep64(_ONE << k, legal)
    else:

        @jit
        def pick_bit(legal, k):
            return _ONE << np.uint64(kth_bit(legal, k))

    return pick_bit


_pick_bit = _make_pick_bit()  # the bit of the k-th set bit of legal (k < popcount(legal))
# the mask of card c's suit, by table (a division by 13 costs more)
_SUIT_OF = np.array([0x1FFF << (13 * (c // 13)) if c < 52 else 0 for c in range(64)], np.uint64)


@jit(inline="always")
def _deal_one(st, deck, d0, i, a):
    """One Fisher-Yates step of the game whose deck starts at d0: position i is
    final; its card is OR-ed into a (the seat's cards so far)."""
    st, j = _draw(st, i + 1)
    a |= _ONE << np.uint64(deck[_u(d0 + j)])
    deck[_u(d0 + j)] = deck[_u(d0 + i)]
    return st, a


# A round's blocks are functions of their own (without reference counts: they allocate
# nothing), called once per round and block of games: inlined into ``simulate`` they made
# numba copy and retype their code there once more.
@jit(alloc=False)
def _deal_block(s, base, n_base, hands, seat_of, players, fixed_seat, fixed_hand, deck):
    """Fisher-Yates of each game's undealt cards, as :func:`deal`; a card is dealt
    to its seat as soon as its place in the deck is final."""
    for g in range(_G):
        for p in range(players):
            hands[g * _HS + p] = fixed_hand if p == fixed_seat else np.uint64(0)
        for i in range(n_base):
            deck[g * 52 + i] = base[i]
    st0, st1, st2, st3 = _load(s, 0), _load(s, 4), _load(s, 8), _load(s, 12)
    # positions n_base-1 .. 1 are final in turn; each seat's cards are OR-ed into
    # four registers (one per game, _G == 4) and stored once the seat's block ends
    i = n_base - 1
    while i > 0:
        seat = seat_of[i]
        a0 = a1 = a2 = a3 = np.uint64(0)
        while i > 0 and seat_of[i] == seat:
            st0, a0 = _deal_one(st0, deck, 0, i, a0)
            st1, a1 = _deal_one(st1, deck, 52, i, a1)
            st2, a2 = _deal_one(st2, deck, 104, i, a2)
            st3, a3 = _deal_one(st3, deck, 156, i, a3)
            i -= 1
        if i == 0 and seat_of[0] == seat:  # the last card left in place
            a0 |= _ONE << np.uint64(deck[0])
            a1 |= _ONE << np.uint64(deck[52])
            a2 |= _ONE << np.uint64(deck[104])
            a3 |= _ONE << np.uint64(deck[156])
        hands[seat] |= a0
        hands[_HS + seat] |= a1
        hands[2 * _HS + seat] |= a2
        hands[3 * _HS + seat] |= a3
    if n_base == 1:
        for g in range(_G):
            hands[g * _HS + seat_of[0]] |= _ONE << np.uint64(deck[g * 52])
    _store(s, 0, st0)
    _store(s, 4, st1)
    _store(s, 8, st2)
    _store(s, 12, st3)


@jit(inline="always")
def _random_trick(st, hands, h0, p, players, extra, pen, pts):
    """One trick of the game whose hands start at h0, every seat random, led by p;
    the taker's points go to pts.  Returns the state and the taker."""
    hand = hands[_u(h0 + p)]
    st, k = _draw(st, popcount(hand))
    bit = _pick_bit(hand, k)
    hands[_u(h0 + p)] = hand ^ bit
    c = _u(lowest_bit(bit))
    suit = _SUIT_OF[c]
    win, win_seat = c, p
    points = extra + pen[c]
    for _ in range(1, players):
        p += 1
        if p == players:
            p = 0
        hand = hands[_u(h0 + p)]
        follow = hand & suit
        legal = follow | (hand & (np.uint64(0) - np.uint64(follow == 0)))
        st, k = _draw(st, popcount(legal))
        bit = _pick_bit(legal, k)
        hands[_u(h0 + p)] = hand ^ bit
        c = _u(lowest_bit(bit))
        points += pen[c]
        better = ((bit & suit) != 0) & (c > win)
        win = c if better else win
        win_seat = p if better else win_seat
    pts[_u(h0 + win_seat)] += points
    return st, win_seat


@jit(alloc=False)
def _random_tricks_block(
    s, hands, players, size, leader, per_trick, first, last, pen, out, g0, count, pts
):
    """A trick round with every seat random: the four games' tricks in lock-step."""
    for g in range(_G):
        for p in range(players):
            pts[g * _HS + p] = 0
    st0, st1, st2, st3 = _load(s, 0), _load(s, 4), _load(s, 8), _load(s, 12)
    l0 = l1 = l2 = l3 = leader
    for t in range(size):
        extra = (first if t == 0 else 0) + (last if t == size - 1 else 0) + per_trick
        st0, l0 = _random_trick(st0, hands, 0, l0, players, extra, pen, pts)
        st1, l1 = _random_trick(st1, hands, _HS, l1, players, extra, pen, pts)
        st2, l2 = _random_trick(st2, hands, 2 * _HS, l2, players, extra, pen, pts)
        st3, l3 = _random_trick(st3, hands, 3 * _HS, l3, players, extra, pen, pts)
    _store(s, 0, st0)
    _store(s, 4, st1)
    _store(s, 8, st2)
    _store(s, 12, st3)
    for g in range(min(_G, count - g0)):
        for p in range(players):
            out[g0 + g, p] = pts[g * _HS + p]


@jit(alloc=False)
def _tricks_block(
    s,
    hands,
    pen,
    rnd,
    leader,
    trick_pol,
    out,
    g0,
    count,
    lead,
    pts,
    played,
    voids,
    sizes,
    search,
    r,
):
    # a round with at least one bot seat (all random: _random_tricks_block); ``search``:
    # None where no seat searches, so that its code is not compiled (numba prunes the branch)
    players = rnd.players
    track = False  # only counting and search read the cards played and the voids
    for p in range(players):
        track |= trick_pol[p] >= TRICK_COUNTING
    for g in range(_G):
        lead[g] = leader
        played[g] = 0
        for p in range(players):
            pts[g * _HS + p] = 0
            voids[g * _HS + p] = 0
    for t in range(rnd.size):
        extra = trick_extra(rnd, t)
        free = extra == 0 and not rnd.card_round
        for g in range(_G):
            h0 = g * _HS
            p = lead[g]
            # typed int64 from the start: a literal -1 would first type (and compile) the
            # bots' functions with Literal[int](-1) arguments, then again with int64
            led, win, win_seat, points = np.int64(-1), np.int64(-1), p, extra
            suit = np.uint64(0)
            for k in range(players):
                hand = hands[h0 + p]
                follow = hand & suit
                legal = follow | (hand & (np.uint64(0) - np.uint64(follow == 0)))
                if trick_pol[p] == TRICK_RANDOM:
                    c = _pick(s, legal, 4 * g)
                elif trick_pol[p] == TRICK_DUCK:
                    c = duck(hand, legal, k == 0, led, win, k == players - 1, pen)
                elif search is not None and trick_pol[p] == TRICK_SEARCH:
                    for q in range(players):
                        sizes[q] = popcount(hands[h0 + q])
                    c = search_trick(
                        s, 4 * g, hand, legal, sizes, p, k, led, win, win_seat, points, t,
                        played[g], voids[h0 : h0 + players], pen, rnd, search.samples,
                        search.exact, search.net[max(search.net_of[r], 0)], search.confidence[r],
                    )  # fmt: skip
                else:
                    c = counting_trick(
                        hand, legal, k, led, win, points, free, rnd.card_round, players, p,
                        rnd.deck_mask & ~hand & ~played[g], voids[h0 : h0 + players], pen,
                    )  # fmt: skip
                hands[h0 + p] = hand ^ (_ONE << np.uint64(c))
                if k == 0:
                    led = c // 13
                    suit = _SUIT << np.uint64(13 * led)
                if track:
                    played[g] |= _ONE << np.uint64(c)
                    if c // 13 != led:
                        voids[h0 + p] |= 1 << led
                points += pen[c]
                better = (((suit >> np.uint64(c)) & _ONE) != 0) & (c > win)
                win = c if better else win
                win_seat = p if better else win_seat
                p += 1
                if p == players:
                    p = 0
            pts[h0 + win_seat] += points
            lead[g] = win_seat
    for g in range(min(_G, count - g0)):
        for p in range(players):
            out[g0 + g, p] = pts[g * _HS + p]


@jit(inline="always")
def _bounded_if(s, n, at, cond):
    """``bounded(s, n, at)`` that advances the stream only when ``cond``: a
    branch-free way to draw exactly when a player has a card to lay."""
    st, k = _draw_if((s[at], s[at + 1], s[at + 2], s[at + 3]), n, cond)
    _store(s, at, st)
    return np.int64(k)


@jit
def _draw_if(st, n, cond):
    """``_draw(st, n)`` that advances the state only when ``cond``: a branch-free
    way to draw exactly when a player has a card to lay."""
    new, k = _draw(st, n)
    m = np.uint64(0) - np.uint64(cond)
    s0, s1, s2, s3 = st
    n0, n1, n2, n3 = new
    return (
        s0 ^ ((n0 ^ s0) & m),
        s1 ^ ((n1 ^ s1) & m),
        s2 ^ ((n2 ^ s2) & m),
        s3 ^ ((n3 ^ s3) & m),
    ), k


@functools.cache
def _tables(deck_mask, strict):
    """opens[c]: the cards that become playable once c is laid (opens[64] = 0: no
    card), and behind[c]: the cards of c's suit only playable after it.  Built once
    per deck and gap rule (a call of the njit helpers from Python costs microseconds)."""
    opens = np.zeros(65, np.uint64)
    for c in range(52):
        nxt = _opens.py_func(c, np.uint64(deck_mask), strict)
        if nxt == -2:
            opens[c] = np.uint64((1 << (c - 1)) | (1 << (c + 1)))
        elif nxt >= 0:
            opens[c] = np.uint64(1 << nxt)
    behind = np.array([_behind.py_func(c) for c in range(52)], np.uint64)
    return opens, behind


KabalenRules = namedtuple("KabalenRules", "opens pool_mode pool_win pool_second")
"""Kabalen's settings: the cards each laid card makes playable, and the pool scoring."""
KabalenState = namedtuple("KabalenState", "turn passes first_out second_out playable live")
"""The four games' Kabalen progress: whose turn, passes in a row, the first and second
seat out, the cards that may be laid, and whether the deal is still going on."""


@jit(inline="always")
def _kabalen_start(ks, leader):
    """The four games' Kabalen deals begin: the leader's turn, the four 7s open."""
    sevens = np.uint64(0)
    for suit in range(4):
        sevens |= _ONE << np.uint64(13 * suit + 5)
    for g in range(_G):
        ks.turn[g], ks.passes[g], ks.first_out[g], ks.second_out[g] = leader, 0, -1, -1
        ks.playable[g], ks.live[g] = sevens, 1


@jit(inline="always")
def _kabalen_laid(g, tn, lv, h, bit, has, hands, players, kr, ks):
    """Game g's seat tn (hand h) has laid card ``bit`` (0: it passed, or the deal has ended
    and ``lv`` is 0): the hand, the cards now open, the passes in a row, who went out and
    whether that ends the deal, then the next seat's turn.  Returns 1 if the deal ended."""
    turn, passes, first_out, second_out, playable, live = ks
    h ^= bit
    hands[_u(g * _HS + tn)] = h
    playable[g] = (playable[g] ^ bit) | kr.opens[_u(lowest_bit(bit))]
    p = 0 if has else passes[g] + lv
    passes[g] = p
    gone = has & (h == 0)
    firsts = gone & (first_out[g] < 0)
    seconds = gone & (first_out[g] >= 0)
    first_out[g] = tn if firsts else first_out[g]
    second_out[g] = tn if seconds else second_out[g]
    end = (lv != 0) & (seconds | (firsts & (not kr.pool_mode)) | (p >= players))
    live[g] = lv & (1 - np.int64(end))
    tn += lv
    turn[g] = 0 if tn == players else tn
    return np.int64(end)


@jit(inline="always")
def _random_kabalen_turn(st, g, hands, players, kr, ks):
    """One Kabalen turn of game g, every seat random, as in :func:`_kabalen_block`
    (an empty move once its deal has ended).  Returns the state and 1 if the deal
    ended with this turn."""
    lv = ks.live[g]
    tn = ks.turn[g]
    h = hands[_u(g * _HS + tn)]
    legal = h & ks.playable[g] & (np.uint64(0) - np.uint64(lv))
    has = legal != 0
    st, k = _draw_if(st, popcount(legal), has)
    if _HAS_PDEP:
        bit = _pdep64(_ONE << k, legal)  # 0 when nothing is legal
    else:
        bit = (_ONE << np.uint64(kth_bit(legal, k) & 63)) & (np.uint64(0) - np.uint64(has))
    return st, _kabalen_laid(g, tn, lv, h, bit, has, hands, players, kr, ks)


@jit(alloc=False)
def _kabalen_block(
    s, hands, players, leader, kr, ks, kab_pol, out, g0, count, played, barred, deck_mask, behind
):
    # A round with at least one bot seat (all random: _random_kabalen_block).
    # Every turn is branch-free: a game that has ended, or a player who cannot lay
    # a card, goes through the same steps with an empty move (no draw, no card).
    opens, pool_mode = kr.opens, kr.pool_mode
    turn, playable, live = ks.turn, ks.playable, ks.live
    _kabalen_start(ks, leader)
    track = False
    for p in range(players):
        track |= kab_pol[p] >= KABALEN_COUNTING
    for g in range(_G):
        played[g] = 0
        for p in range(players):
            barred[g * _HS + p] = 0
    active = _G
    while active:
        for g in range(_G):
            lv = live[g]
            tn = turn[g]
            h = hands[g * _HS + tn]
            legal = h & playable[g] & (np.uint64(0) - np.uint64(lv))
            has = legal != 0
            if kab_pol[tn] != KABALEN_RANDOM:
                if not has:
                    c = 0  # no card to lay (masked out below)
                elif kab_pol[tn] == KABALEN_HOLD:
                    c = hold(h, legal)
                else:
                    c = counting_kabalen(
                        h,
                        legal,
                        deck_mask & ~h & ~played[g],
                        behind,
                        opens,
                        hands[g * _HS : g * _HS + players],
                        barred[g * _HS : g * _HS + players],
                        tn,
                        players,
                        pool_mode,
                    )
                bit = (_ONE << np.uint64(c & 63)) & (np.uint64(0) - np.uint64(has))
            elif _HAS_PDEP:
                k = _bounded_if(s, popcount(legal), 4 * g, has)
                bit = _pdep64(_ONE << np.uint64(k), legal)  # 0 when nothing is legal
            else:
                k = _bounded_if(s, popcount(legal), 4 * g, has)
                bit = (_ONE << np.uint64(kth_bit(legal, k) & 63)) & (np.uint64(0) - np.uint64(has))
            if track:
                played[g] |= bit
                # a pass shows the seat holds none of the open cards
                barred[g * _HS + tn] |= playable[g] & (
                    np.uint64(0) - np.uint64(lv != 0 and not has)
                )
            active -= _kabalen_laid(g, tn, lv, h, bit, has, hands, players, kr, ks)
    _kabalen_out(hands, players, kr, ks, out, g0, count)


@jit(alloc=False)
def _random_kabalen_block(s, hands, players, leader, kr, ks, out, g0, count):
    """A Kabalen round with every seat random: the four games' turns written out,
    each game's generator state in registers."""
    _kabalen_start(ks, leader)
    st0, st1, st2, st3 = _load(s, 0), _load(s, 4), _load(s, 8), _load(s, 12)
    active = _G
    while active:
        st0, e0 = _random_kabalen_turn(st0, 0, hands, players, kr, ks)
        st1, e1 = _random_kabalen_turn(st1, 1, hands, players, kr, ks)
        st2, e2 = _random_kabalen_turn(st2, 2, hands, players, kr, ks)
        st3, e3 = _random_kabalen_turn(st3, 3, hands, players, kr, ks)
        active -= e0 + e1 + e2 + e3
    _store(s, 0, st0)
    _store(s, 4, st1)
    _store(s, 8, st2)
    _store(s, 12, st3)
    _kabalen_out(hands, players, kr, ks, out, g0, count)


@jit(inline="always")
def _kabalen_out(hands, players, kr, ks, out, g0, count):
    pool_mode, pool_win, pool_second = kr.pool_mode, kr.pool_win, kr.pool_second
    first_out, second_out = ks.first_out, ks.second_out
    for g in range(min(_G, count - g0)):
        if pool_mode:
            if first_out[g] >= 0:
                out[g0 + g, first_out[g]] -= pool_win
            if second_out[g] >= 0:
                out[g0 + g, second_out[g]] -= pool_second
        else:
            for p in range(players):
                out[g0 + g, p] += popcount(hands[g * _HS + p])


@entry
def simulate(
    seed,
    start,
    count,
    players,
    size,
    deck_mask,
    kind,
    number,
    per_trick,
    first,
    last,
    card_pen,
    opens,
    behind,
    pool_mode,
    pool_win,
    pool_second,
    trick_pol,
    kab_pol,
    fixed_seat,
    fixed_hand,
    search,
    out,
):
    """Play games start .. start+count-1; write penalties to out[game, round, seat].
    ``trick_pol``, ``kab_pol``: the seats' policy codes, None where every seat plays random
    (trick rounds, Kabalen); ``search``: the search bot's :data:`Search`, None where no seat
    searches.  numba drops the branches of a None argument before it compiles them, so a
    command compiles only the blocks its policies play."""
    s = np.empty(4 * _G, np.uint64)
    base = np.empty(52, np.int8)
    n_base = np.int64(0)  # not a literal 0: _deal_block would compile for Literal[int](0) too
    for c in range(52):
        if (deck_mask >> np.uint64(c)) & _ONE and not (fixed_hand >> np.uint64(c)) & _ONE:
            base[n_base] = c
            n_base += 1
    # the seat each deck position is dealt to (blocks of ``size``, skipping the fixed seat)
    # (a fixed hand shorter than a hand leaves cards undealt: they go to the spare
    # slot _HS - 1, which no seat uses)
    seat_of = np.full(52, _HS - 1, np.int64)
    k = 0
    for p in range(players):
        if p == fixed_seat:
            continue
        for _ in range(size):
            seat_of[k] = p
            k += 1
    deck = np.empty(52 * _G, np.int8)
    hands = np.empty(_HS * _G, np.uint64)
    lead = np.empty(_G, np.int64)
    pts = np.empty(_HS * _G, np.int64)
    played = np.empty(_G, np.uint64)
    barred = np.empty(_HS * _G, np.uint64)
    voids = np.empty(_HS * _G, np.int64)
    sizes = np.empty(players, np.int64)
    kr = KabalenRules(opens, pool_mode, pool_win, pool_second)
    ks = KabalenState(
        np.empty(_G, np.int64),
        np.empty(_G, np.int64),
        np.empty(_G, np.int64),
        np.empty(_G, np.int64),
        np.empty(_G, np.uint64),
        np.empty(_G, np.int64),
    )
    out[:] = 0
    for g0 in range(0, count, _G):
        for g in range(_G):
            seed_stream(s, seed, start + g0 + g, 4 * g)
        for r in range(kind.shape[0]):
            _deal_block(s, base, n_base, hands, seat_of, players, fixed_seat, fixed_hand, deck)
            leader = (number[r] - 1) % players
            if kind[r] == 0 and trick_pol is not None:
                rnd = round_rules_inline(
                    players, size, card_pen[r], per_trick[r], first[r], last[r], deck_mask
                )
                _tricks_block(
                    s, hands, card_pen[r], rnd, leader, trick_pol, out[:, r], g0, count, lead, pts,
                    played, voids, sizes, search, r,
                )  # fmt: skip
            elif kind[r] == 0:
                _random_tricks_block(
                    s,
                    hands,
                    players,
                    size,
                    leader,
                    np.int64(per_trick[r]),
                    np.int64(first[r]),
                    np.int64(last[r]),
                    card_pen[r],
                    out[:, r],
                    g0,
                    count,
                    pts,
                )
            elif kab_pol is not None:
                _kabalen_block(
                    s, hands, players, leader, kr, ks, kab_pol, out[:, r], g0, count, played,
                    barred, deck_mask, behind,
                )  # fmt: skip
            else:
                _random_kabalen_block(s, hands, players, leader, kr, ks, out[:, r], g0, count)


@entry
def deal_hands(seed, start, count, players, size, deck_mask, out):
    """The first deal of each game (the round-1 hands), for combinatorics tests."""
    s = np.empty(4, np.uint64)
    base = np.empty(52, np.int64)
    n_base = 0
    for c in range(52):
        if (deck_mask >> np.uint64(c)) & _ONE:
            base[n_base] = c
            n_base += 1
    deck = np.empty(52, np.int64)
    for g in range(count):
        seed_stream(s, seed, start + g)
        deal(s, base, n_base, out[g], players, size, -1, np.uint64(0), deck)


# The search bot's budget: deals sampled per decision, and the number of tricks
# left (the current one included) from which it solves each sample exactly.
SEARCH_SAMPLES = SAMPLES
SEARCH_EXACT = EXACT


Search = namedtuple("Search", "samples exact net net_of confidence")
"""The search bot's budget and networks: ``net[net_of[r]]`` is round r's network, played where
its card's probability is at least ``confidence[r]`` (-1 where ``net_of[r]`` is -1: none)."""


@functools.cache
def _networks():
    weights, signatures = load()
    return np.vstack([weights, np.zeros((1, WEIGHTS))]), signatures  # never empty


def pack(settings, fixed_seat=-1, fixed_hand=0, samples=None, exact=None, confidence=None):
    """The settings as the flat arrays and scalars the kernel takes; ``confidence``: the
    search bot's network's (default ``options.CONFIDENCE``, negative: no network)."""
    rounds = settings.rounds
    weights, signatures = _networks()
    confidence = CONFIDENCE if confidence is None else float(confidence)
    net_of = np.array(
        [
            network_of(signatures, settings, r) if r.kind == "tricks" else -1 for r in rounds
        ],
        np.int64,
    )  # fmt: skip
    trick_pol, kab_pol = policy_codes(settings.policies)
    search = None
    if (trick_pol == TRICK_SEARCH).any():
        search = Search(
            np.int64(SEARCH_SAMPLES if samples is None else samples),
            np.int64(SEARCH_EXACT if exact is None else exact),
            weights,
            net_of,
            np.where(net_of >= 0, confidence, -1.0),
        )
    win, second = settings.pool_shares()
    opens, behind = _tables(settings.deck_mask, settings.gaps == "strict")
    return dict(
        players=settings.players,
        size=settings.hand_size,
        deck_mask=np.uint64(settings.deck_mask),
        kind=np.array([r.kind == "kabalen" for r in rounds], np.int8),
        number=np.array([r.number for r in rounds], np.int64),
        per_trick=np.array([r.per_trick for r in rounds], np.int16),
        first=np.array([r.first_trick for r in rounds], np.int16),
        last=np.array([r.last_trick for r in rounds], np.int16),
        card_pen=np.stack([r.card_penalties() for r in rounds]),
        opens=opens,
        behind=behind,
        pool_mode=settings.kabalen_scoring == "pool",
        pool_win=win,
        pool_second=second,
        trick_pol=trick_pol if (trick_pol != TRICK_RANDOM).any() else None,
        kab_pol=kab_pol if (kab_pol != KABALEN_RANDOM).any() else None,
        fixed_seat=fixed_seat,
        fixed_hand=np.uint64(fixed_hand),
        search=search,
    )


def penalties(
    settings, seed, start, count, fixed_seat=-1, fixed_hand=0, samples=None, exact=None,
    confidence=None,
):  # fmt: skip
    """Penalties of games start .. start+count-1 as an int16 array [game, round, seat].

    ``samples``, ``exact`` and ``confidence`` set the search bot's budget and network
    (defaults SEARCH_SAMPLES, SEARCH_EXACT, ``options.CONFIDENCE``)."""
    out = np.empty((count, len(settings.rounds), settings.players), np.int16)
    simulate(
        np.uint64(seed),
        start,
        count,
        out=out,
        **pack(settings, fixed_seat, fixed_hand, samples, exact, confidence),
    )
    return out


def simulate_chunk(settings, seed, start, count, fixed_seat=-1, fixed_hand=0):
    """The game's chunk simulator: columns of one record per game and seat."""
    return to_columns(
        penalties(settings, seed, start, count, fixed_seat, fixed_hand), settings, start
    )
