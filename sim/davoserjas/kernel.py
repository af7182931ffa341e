"""The numba game loop for Davoserjas.

Hands are uint64 masks; every random choice comes from the game's own stream
(``sim.core.rng``), in this order per round: the deal (a Fisher-Yates shuffle
of the undealt cards in id order, dealt in blocks to seats 0, 1, ...), then
one bounded draw per random-policy play (forced plays included).
``reference.py`` follows the same order, so both give identical games.
"""
import numpy as np
from numba import njit

from numba import types
from numba.extending import intrinsic

from tableodds.sim.core.bits import kth_bit, lowest_bit, popcount
from tableodds.sim.core.rng import bounded, seed_stream
from tableodds.sim.davoserjas.policies import KABALEN_RANDOM, TRICK_RANDOM, duck, hold, policy_codes

_ONE = np.uint64(1)
_SUIT = np.uint64(0x1FFF)


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


@njit(inline="always")
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


@njit(inline="always")
def pick(s, legal):
    """A uniform legal card; always one draw, even when the card is forced."""
    return kth_bit(legal, bounded(s, popcount(legal)))


@njit(inline="always")
def play_tricks(s, hands, players, size, leader, per_trick, first, last, pen, trick_pol, out):
    # Written with few data-dependent branches: in random play they mispredict
    # about half the time and cost more than the card choice itself.
    lead = leader
    for t in range(size):
        hand = hands[lead]
        if trick_pol[lead] == TRICK_RANDOM:
            c = pick(s, hand)
        else:
            c = duck(hand, hand, True, -1, -1, False, pen)
        hands[lead] = hand ^ (_ONE << np.uint64(c))
        led = c // 13
        suit = _SUIT << np.uint64(13 * led)
        win, win_seat = c, lead
        points = per_trick + pen[c]
        p = lead
        for k in range(1, players):
            p += 1
            if p == players:  # not %: a division by a variable costs more than the play
                p = 0
            hand = hands[p]
            follow = hand & suit
            legal = follow if follow else hand
            if trick_pol[p] == TRICK_RANDOM:
                c = pick(s, legal)
            else:
                c = duck(hand, legal, False, led, win, k == players - 1, pen)
            hands[p] = hand ^ (_ONE << np.uint64(c))
            points += pen[c]
            better = (suit >> np.uint64(c)) & _ONE and c > win
            win = c if better else win
            win_seat = p if better else win_seat
        if t == 0:
            points += first
        if t == size - 1:
            points += last
        out[win_seat] += points
        lead = win_seat


@njit(inline="always")
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


@njit(inline="always")
def play_kabalen(s, hands, players, leader, deck_mask, strict, pool_mode, pool_win,
                 pool_second, kab_pol, out):
    playable = np.uint64(0)
    for suit in range(4):
        playable |= _ONE << np.uint64(13 * suit + 5)
    turn, passes, first_out, second_out = leader, 0, -1, -1
    while True:
        legal = hands[turn] & playable
        if legal:
            if kab_pol[turn] == KABALEN_RANDOM:
                c = pick(s, legal)
            else:
                c = hold(hands[turn], legal)
            bit = _ONE << np.uint64(c)
            hands[turn] ^= bit
            playable ^= bit
            nxt = _opens(c, deck_mask, strict)
            if nxt == -2:
                playable |= (bit << _ONE) | (bit >> _ONE)
            elif nxt >= 0:
                playable |= _ONE << np.uint64(nxt)
            passes = 0
            if hands[turn] == 0:
                if first_out < 0:
                    first_out = turn
                    if not pool_mode:
                        break
                else:
                    second_out = turn
                    break
        else:
            passes += 1
            if passes >= players:
                break  # nobody can lay a card: only with strict gaps
        turn += 1
        if turn == players:
            turn = 0
    if pool_mode:
        if first_out >= 0:
            out[first_out] -= pool_win
        if second_out >= 0:
            out[second_out] -= pool_second
    else:
        for p in range(players):
            out[p] += popcount(hands[p])


# Games are played in blocks of _G, advanced in lock-step (one deal step, one
# trick or one Kabalen turn of each game in turn), so that the CPU overlaps
# their dependency chains.  Game i still draws only from its own stream, in
# the order above, so records do not depend on blocks, chunks or workers; a
# block that runs past the chunk's end plays its extra games and drops them.
_G = 4
_HS = 8  # stride of one game's hands in the flat hands array (players <= 7)


def _make_pick():
    if _HAS_PDEP:
        @njit(inline="always")
        def fast_pick(s, legal, at):
            # the k-th set bit by pdep: the same card kth_bit gives, in fewer cycles
            k = bounded(s, popcount(legal), at)
            return lowest_bit(_pdep64(_ONE << np.uint64(k), legal))
    else:
        @njit(inline="always")
        def fast_pick(s, legal, at):
            return kth_bit(legal, bounded(s, popcount(legal), at))
    return fast_pick


_pick = _make_pick()


@njit(inline="always")
def _deal_block(s, base, n_base, hands, seat_of, players, fixed_seat, fixed_hand, deck):
    """Fisher-Yates of each game's undealt cards, as :func:`deal`; a card is dealt
    to its seat as soon as its place in the deck is final."""
    for g in range(_G):
        for p in range(players):
            hands[g * _HS + p] = fixed_hand if p == fixed_seat else np.uint64(0)
        for i in range(n_base):
            deck[g * 52 + i] = base[i]
    for i in range(n_base - 1, 0, -1):
        seat = seat_of[i]
        for g in range(_G):
            j = bounded(s, i + 1, 4 * g)
            a = deck[g * 52 + j]
            deck[g * 52 + j] = deck[g * 52 + i]
            hands[g * _HS + seat] |= _ONE << np.uint64(a)
    seat = seat_of[0]
    for g in range(_G):
        hands[g * _HS + seat] |= _ONE << np.uint64(deck[g * 52])


@njit(inline="always")
def _tricks_block(s, hands, players, size, leader, per_trick, first, last, pen, trick_pol,
                  out, g0, count, lead, pts, bots):
    # ``bots`` is a literal at each call site: the all-random copy compiles without
    # the bots' code and their per-play branches.
    for g in range(_G):
        lead[g] = leader
        for p in range(players):
            pts[g * _HS + p] = 0
    for t in range(size):
        extra = (first if t == 0 else 0) + (last if t == size - 1 else 0) + per_trick
        for g in range(_G):
            h0 = g * _HS
            p = lead[g]
            hand = hands[h0 + p]
            if not bots or trick_pol[p] == TRICK_RANDOM:
                c = _pick(s, hand, 4 * g)
            else:
                c = duck(hand, hand, True, -1, -1, False, pen)
            hands[h0 + p] = hand ^ (_ONE << np.uint64(c))
            led = c // 13
            suit = _SUIT << np.uint64(13 * led)
            win, win_seat = c, p
            points = extra + pen[c]
            for k in range(1, players):
                p += 1
                if p == players:
                    p = 0
                hand = hands[h0 + p]
                follow = hand & suit
                legal = follow | (hand & (np.uint64(0) - np.uint64(follow == 0)))
                if not bots or trick_pol[p] == TRICK_RANDOM:
                    c = _pick(s, legal, 4 * g)
                else:
                    c = duck(hand, legal, False, led, win, k == players - 1, pen)
                hands[h0 + p] = hand ^ (_ONE << np.uint64(c))
                points += pen[c]
                better = (((suit >> np.uint64(c)) & _ONE) != 0) & (c > win)
                win = c if better else win
                win_seat = p if better else win_seat
            pts[h0 + win_seat] += points
            lead[g] = win_seat
    for g in range(min(_G, count - g0)):
        for p in range(players):
            out[g0 + g, p] = pts[g * _HS + p]


@njit(inline="always")
def _kabalen_block(s, hands, players, leader, deck_mask, strict, pool_mode, pool_win,
                   pool_second, kab_pol, out, g0, count, st):
    # st[g]: 0 turn, 1 passes, 2 first out, 3 second out, 4 playable, 5 done
    sevens = np.uint64(0)
    for suit in range(4):
        sevens |= _ONE << np.uint64(13 * suit + 5)
    for g in range(_G):
        st[g, 0], st[g, 1], st[g, 2], st[g, 3] = leader, 0, -1, -1
        st[g, 4], st[g, 5] = np.int64(sevens), 0
    active = _G
    while active:
        for g in range(_G):
            if st[g, 5]:
                continue
            turn = st[g, 0]
            playable = np.uint64(st[g, 4])
            h = hands[g * _HS + turn]
            legal = h & playable
            done = False
            if legal:
                if kab_pol[turn] == KABALEN_RANDOM:
                    c = _pick(s, legal, 4 * g)
                else:
                    c = hold(h, legal)
                bit = _ONE << np.uint64(c)
                h ^= bit
                hands[g * _HS + turn] = h
                playable ^= bit
                nxt = _opens(c, deck_mask, strict)
                if nxt == -2:
                    playable |= (bit << _ONE) | (bit >> _ONE)
                elif nxt >= 0:
                    playable |= _ONE << np.uint64(nxt)
                st[g, 4] = np.int64(playable)
                st[g, 1] = 0
                if h == 0:
                    if st[g, 2] < 0:
                        st[g, 2] = turn
                        done = not pool_mode
                    else:
                        st[g, 3] = turn
                        done = True
            else:
                st[g, 1] += 1
                done = st[g, 1] >= players
            turn += 1
            st[g, 0] = 0 if turn == players else turn
            if done:
                st[g, 5] = 1
                active -= 1
    for g in range(_G):
        if g0 + g >= count:
            continue
        if pool_mode:
            if st[g, 2] >= 0:
                out[g0 + g, st[g, 2]] -= pool_win
            if st[g, 3] >= 0:
                out[g0 + g, st[g, 3]] -= pool_second
        else:
            for p in range(players):
                out[g0 + g, p] += popcount(hands[g * _HS + p])


@njit(cache=True, nogil=True)
def simulate(seed, start, count, players, size, deck_mask, kind, number, per_trick, first,
             last, card_pen, strict, pool_mode, pool_win, pool_second, trick_pol, kab_pol,
             fixed_seat, fixed_hand, out):
    """Play games start .. start+count-1; write penalties to out[game, round, seat]."""
    s = np.empty(4 * _G, np.uint64)
    base = np.empty(52, np.int8)
    n_base = 0
    for c in range(52):
        if (deck_mask >> np.uint64(c)) & _ONE and not (fixed_hand >> np.uint64(c)) & _ONE:
            base[n_base] = c
            n_base += 1
    # the seat each deck position is dealt to (blocks of ``size``, skipping the fixed seat)
    seat_of = np.empty(52, np.int64)
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
    st = np.empty((_G, 6), np.int64)
    bots = False
    for p in range(players):
        bots |= trick_pol[p] != TRICK_RANDOM
    out[:] = 0
    for g0 in range(0, count, _G):
        for g in range(_G):
            seed_stream(s, seed, start + g0 + g, 4 * g)
        for r in range(kind.shape[0]):
            _deal_block(s, base, n_base, hands, seat_of, players, fixed_seat, fixed_hand, deck)
            leader = (number[r] - 1) % players
            if kind[r] == 0 and bots:
                _tricks_block(s, hands, players, size, leader, per_trick[r], first[r], last[r],
                              card_pen[r], trick_pol, out[:, r], g0, count, lead, pts, True)
            elif kind[r] == 0:
                _tricks_block(s, hands, players, size, leader, per_trick[r], first[r], last[r],
                              card_pen[r], trick_pol, out[:, r], g0, count, lead, pts, False)
            else:
                _kabalen_block(s, hands, players, leader, deck_mask, strict, pool_mode,
                               pool_win, pool_second, kab_pol, out[:, r], g0, count, st)


@njit(cache=True, nogil=True)
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


def pack(settings, fixed_seat=-1, fixed_hand=0):
    """The settings as the flat arrays and scalars the kernel takes."""
    rounds = settings.rounds
    trick_pol, kab_pol = policy_codes(settings.policies)
    win, second = settings.pool_shares()
    return dict(
        players=settings.players, size=settings.hand_size,
        deck_mask=np.uint64(settings.deck_mask),
        kind=np.array([r.kind == "kabalen" for r in rounds], np.int8),
        number=np.array([r.number for r in rounds], np.int64),
        per_trick=np.array([r.per_trick for r in rounds], np.int16),
        first=np.array([r.first_trick for r in rounds], np.int16),
        last=np.array([r.last_trick for r in rounds], np.int16),
        card_pen=np.stack([r.card_penalties() for r in rounds]),
        strict=settings.gaps == "strict", pool_mode=settings.kabalen_scoring == "pool",
        pool_win=win, pool_second=second, trick_pol=trick_pol, kab_pol=kab_pol,
        fixed_seat=fixed_seat, fixed_hand=np.uint64(fixed_hand))


def penalties(settings, seed, start, count, fixed_seat=-1, fixed_hand=0):
    """Penalties of games start .. start+count-1 as an int16 array [game, round, seat]."""
    out = np.empty((count, len(settings.rounds), settings.players), np.int16)
    simulate(np.uint64(seed), start, count, out=out, **pack(settings, fixed_seat, fixed_hand))
    return out


def to_columns(pen, settings, start):
    """One record per game and seat: game, seat, r<number> per round, total, lowest, tied."""
    count, _, players = pen.shape
    cols = {
        "game": np.repeat(np.arange(start, start + count, dtype=np.int64), players),
        "seat": np.tile(np.arange(players, dtype=np.int8), count),
    }
    for i, r in enumerate(settings.rounds):
        cols[f"r{r.number}"] = pen[:, i, :].reshape(-1)
    total = pen.sum(axis=1, dtype=np.int16)
    lowest = total == total.min(axis=1, keepdims=True)
    cols["total"] = total.reshape(-1)
    # per game: is this seat's total the lowest, and how many seats share it
    cols["lowest"] = lowest.reshape(-1)
    cols["tied"] = np.repeat(lowest.sum(axis=1, dtype=np.int8), players)
    return cols


def simulate_chunk(settings, seed, start, count, fixed_seat=-1, fixed_hand=0):
    """The game's chunk simulator: columns of one record per game and seat."""
    return to_columns(penalties(settings, seed, start, count, fixed_seat, fixed_hand),
                      settings, start)
