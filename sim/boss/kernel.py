"""The numba game loop for I'm the Boss!.

Hands are card counts per type (int64[seat, 16]), family cards laid face up in a
deal counts per family (int64[seat, 6]); the draw pile is an int64 array drawn
from its end; the discard pile is counts per type.  Every random
choice comes from the game's own stream (``sim.core.rng``) in this order:

1. setup: a Fisher-Yates shuffle of the 6 families (investor cards go to
   seats 0, 1, ... in blocks), a Fisher-Yates shuffle of the 98 influence
   cards in type order, five cards each to seats 0, 1, ... (after the extra
   card, when one is set), the start player, the marker's first space;
2. per turn: the random bot's deal-or-roll coin, the die (1 + bounded(6)),
   the random bot's deal-or-draw coin; in a deal the random bots' coins for
   each boss card, recruitment set, travel card and family card they could
   play and each stop they could answer with, in the order the deal asks them
   (``_deal_version``, in either order); a random bot's discard is
   bounded(cards held);
   after a success with faces on the placed card, the end-of-game die;
3. a reshuffle of the discard pile (in type order) when a draw finds the pile
   empty.

``reference.py`` follows the same order, so both give identical games.
"""

from collections import namedtuple

import numpy as np

from tableodds.sim.boss.policies import DISCARD_ORDER  # noqa: F401
from tableodds.sim.boss.policies import discard_one as _discard_one
from tableodds.sim.boss.policies import first_space as _first_space
from tableodds.sim.boss.policies import hand_count as _count
from tableodds.sim.boss.policies import lay_target as _lay_target
from tableodds.sim.boss.policies import limit_recruit as _limit_recruit
from tableodds.sim.boss.policies import recruit_target as _recruit_target
from tableodds.sim.boss.policies import says_yes as _yes
from tableodds.sim.boss.rules import (  # noqa: F401
    BOSS,
    COLUMNS,
    DECK_COUNTS,
    DECK_SIZE,
    DRAW,
    HAND_LIMIT,
    HAND_START,
    INVESTORS_EACH,
    LATE_LIMIT,
    MAX_TURNS,
    N_FAMILIES,
    N_TYPES,
    PATIENT,
    PATIENT_HAND,
    POLICY_CODES,
    PRICE_DEN,
    RANDOM,
    RECRUIT,
    RECRUIT_SET,
    SCALE,
    SHREWD,
    SPACES,
    STOP,
    TRAVEL,
    WILD,
    WIN_SHARE,
)
from tableodds.sim.core.jit import entry, jit, named
from tableodds.sim.core.layout import Layout
from tableodds.sim.core.rng import bounded, seed_stream, shuffle

SEAT_COLS = ("money", "boss_deals", "started", "takeovers", "investors", "hand", "hand_max")
GAME_COLS = ("deals", "turns", "end", "paid", "pile", "discard", "cards_low", "cards_high")
# int64 output layout: per seat [game, seat, SEAT_STATS...]; per game [GAME_STATS...]
_S_MONEY, _S_BOSS, _S_STARTED, _S_TAKE, _S_INV, _S_HAND, _S_HMAX = range(7)
_G_DEALS, _G_TURNS, _G_END, _G_PAID, _G_PILE, _G_DISC, _G_LOW, _G_HIGH, _G_START, _G_EXTRA = range(
    10
)
_M_PILE, _M_MARKER, _M_LIMIT = range(3)

# The helpers take the state array and its table (two arrays) and view the fields they read:
# numba makes an atomic reference-count update for each array argument, which cost a quarter
# of the shrewd game's time when they took a dozen; error_model="numpy" drops the
# divide-by-zero checks (no divisor here can be 0).
_WEIGHT = np.array([0] + [SCALE // m for m in range(1, 8)], np.int64)  # SCALE // sellers
_DECK = np.array([t for t in range(N_TYPES) for _ in range(DECK_COUNTS[t])], np.int64)

# Constant arguments as typed numpy scalars: a literal (``-1``, ``True``) is typed as a
# constant of its own, and numba compiles the callee once more for each one it is passed.
_ZERO, _ONE, _NONE = np.int64(0), np.int64(1), np.int64(-1)
_N_FAMILIES, _DECK_SIZE, _LATE_LIMIT = (np.int64(n) for n in (N_FAMILIES, DECK_SIZE, LATE_LIMIT))
_NO, _YES = np.bool_(False), np.bool_(True)

# The state of a chunk's games and a copy of the settings' tables (sim.core.layout); each
# function takes the array and its table (``work, table``) and views the fields it uses.
STATE = Layout(
    ("rng", (4,), "uint64"),
    ("deck", (DECK_SIZE,)),  # the inputs: the cards in type order, the seats' policies,
    ("pol", ("P",)),  # each space's families and dividend, each deal's value and end roll
    ("req", (SPACES,)),
    ("opt", (SPACES,)),
    ("pick", (SPACES,)),
    ("div", (SPACES,)),
    ("prices", (SPACES, N_FAMILIES)),
    ("values", ("deals",)),
    ("rolls", ("deals",)),
    ("fam", (N_FAMILIES,)),  # the families in shuffled order, then their owners
    ("owner", (N_FAMILIES,)),
    ("trav", (N_FAMILIES,)),  # a deal: families sent travelling, family cards laid per seat
    ("laid", ("P", N_FAMILIES)),
    ("played", ("P",)),  # cards each seat played in this deal
    ("hands", ("P", N_TYPES)),
    ("pile", (DECK_SIZE,)),  # drawn from the end (meta[_M_PILE] cards)
    ("discard", (N_TYPES,)),
    ("covered", (SPACES,)),
    ("money", ("P",)),
    ("meta", (3,)),
    ("sup", (N_FAMILIES,)),  # the terms: who supplies each family, by card, each share
    ("bycard", (N_FAMILIES,)),
    ("share", ("P",)),
    ("consent", ("P",)),
    ("weights", ("P",)),
    ("cand", (3 * N_FAMILIES,)),
    ("sup2", (N_FAMILIES,)),  # the same, for terms weighed but not offered
    ("bycard2", (N_FAMILIES,)),
    ("share2", ("P",)),
    ("consent2", ("P",)),
)
views = STATE.views
# the settings' scalars, one named tuple (numba compiles its fields as constants of a type)
Config = namedtuple(
    "Config",
    "each fixed sixth to_earn narrow boss_weight min_pct rule extra fixed_turn forced min_hand "
    "late_limit by_investors limit_recruit",
)


@jit
def _draw(s, work, table, p):
    st = views(work, table)
    n = st.meta[_M_PILE]
    if n == 0:
        for t in range(N_TYPES):
            for _ in range(st.discard[t]):
                st.pile[n] = t
                n += 1
            st.discard[t] = 0
        if n == 0:
            return False
        shuffle(s, st.pile, n)
    n -= 1
    st.hands[p, st.pile[n]] += 1
    st.meta[_M_PILE] = n
    return True


@jit(inline="always")
def _play(work, table, p, t, n):
    st = views(work, table)
    st.hands[p, t] -= n
    st.discard[t] += n
    st.played[p] = 1


@jit
def _card(hands, laid, p, f, viewer, spec):
    """Whether seat p's family card f counts in the terms: laid face up, for everyone; in
    the hand, for the viewer who holds it (and, in the fixed order, for the table)."""
    return laid[p, f] > 0 or (hands[p, f] > 0 and (p == viewer or (viewer < 0 and not spec)))


@jit(inline="always")
def _investor_counts(st, cfg, p, f):
    """Seat p's investor card of family f brings it to the deal: not sent travelling and,
    where a card-to-earn variant holds, earned (a card played in this deal; in the other
    reading, one left in the hand to discard); always under the two-player rules."""
    return st.trav[f] == 0 and (
        cfg.fixed
        or cfg.to_earn == 0
        or st.played[p] == 1
        or (cfg.to_earn == 2 and _count(st.hands, p) > 0)
    )


@jit
def _offer(boss, payout, space, P, work, table, cfg, spec, owner, alt, viewer):
    """The bargaining rule: each bought family at its Shapley price (``price``, in units of
    1/PRICE_DEN; rule 1) or by the weight rule (see deals.toml; rule 0).  Fills
    sup/bycard/share/consent (sup2.. when ``alt``: terms weighed, not offered); returns the boss's take, or -1 when the deal cannot be made
    or is refused.  ``viewer`` >= 0: the terms as that seat can foresee them, counting no
    family card in another seat's hidden hand (-1: the table's terms: the laid cards, and in
    the fixed order, where none are laid, every hand's).
    ``cand`` is scratch: [0:6] option keys, [6:12] sellers per family, [12:18] free."""
    st = views(work, table)
    req, opt, pick, price = st.req[space], st.opt[space], st.pick[space], st.prices[space]
    if alt:
        sup, bycard, share, consent = st.sup2, st.bycard2, st.share2, st.consent2
    else:
        sup, bycard, share, consent = st.sup, st.bycard, st.share, st.consent
    need = req | opt
    # the 2-player price: payout / the investors the deal needs, or / 6 (``sixth``)
    per = N_FAMILIES if cfg.sixth else pick
    for f in range(N_FAMILIES):
        per += 0 if cfg.sixth else (req >> f) & 1
    for f in range(N_FAMILIES):
        sup[f] = -1
        if not (need >> f) & 1:
            continue
        # other seats able to bring f: its untravelled investor card or a family card
        m = 0
        for p in range(P):
            if p == boss:
                continue
            if _card(st.hands, st.laid, p, f, viewer, spec):
                m += 1
            elif owner[f] == p and _investor_counts(st, cfg, p, f):
                m += 1
        st.cand[6 + f] = m
        st.cand[12 + f] = (owner[f] == boss and st.trav[f] == 0) or (
            _card(st.hands, st.laid, boss, f, viewer, spec)
        )
    for p in range(P):
        share[p] = 0
        consent[p] = 0
        st.weights[p] = 0
    # required families
    for f in range(N_FAMILIES):
        if (req >> f) & 1:
            if st.cand[12 + f] == 0 and st.cand[6 + f] == 0:
                return -1
            sup[f] = 0  # marked needed; filled below
    # optional families: the cheapest `pick` (free first, then most sellers, then lowest family)
    n = 0
    for f in range(N_FAMILIES):
        if (opt >> f) & 1:
            w = 0
            if st.cand[12 + f] == 0:
                if st.cand[6 + f] == 0:
                    continue
                w = _WEIGHT[st.cand[6 + f]]
            st.cand[n] = w * 8 + f
            n += 1
    if n < pick:
        return -1
    for i in range(pick):
        best = i
        for j in range(i + 1, n):
            if st.cand[j] < st.cand[best]:
                best = j
        st.cand[i], st.cand[best] = st.cand[best], st.cand[i]
        sup[st.cand[i] % 8] = 0
    fixed_total = 0
    for f in range(N_FAMILIES):
        if sup[f] < 0:
            continue
        if st.cand[12 + f] == 1:
            sup[f] = boss
            bycard[f] = 0 if (owner[f] == boss and st.trav[f] == 0) else 1
            continue
        m = st.cand[6 + f]
        o = owner[f]
        if o >= 0 and o != boss and _investor_counts(st, cfg, o, f):
            sup[f] = o
            bycard[f] = 0
            if cfg.fixed:
                share[o] += payout // per
                fixed_total += payout // per
            else:
                st.weights[o] += price[f] if cfg.rule == 1 else _WEIGHT[m]
                consent[o] = 1
        else:
            for k in range(1, P):
                p = (boss + k) % P
                if _card(st.hands, st.laid, p, f, viewer, spec):
                    sup[f] = p
                    break
            bycard[f] = 1
            st.weights[sup[f]] += price[f] if cfg.rule == 1 else _WEIGHT[m]
            consent[sup[f]] = 1
    rest = payout - fixed_total
    total_w = PRICE_DEN
    if cfg.rule == 0:
        total_w = cfg.boss_weight * SCALE
        for p in range(P):
            total_w += st.weights[p]
    paid = 0
    for p in range(P):
        if st.weights[p] > 0:  # divisions are the costliest step here: skip the zero ones
            share[p] += rest * st.weights[p] // total_w
        paid += share[p]
    take = payout - paid
    if not cfg.fixed and take * 100 < cfg.min_pct * payout:
        return -1
    return take


@jit
def _travel_target(q, boss, P, work, table, take, cfg):
    """Family * 16 + card type that seat q would travel against, or -1."""
    st = views(work, table)
    if q == boss:
        return -1
    supplier = False
    for f in range(N_FAMILIES):
        if st.sup[f] == q:
            supplier = True
    own_only = False
    if supplier:
        if not (cfg.fixed and st.consent[q] == 0 and st.share[q] < take):
            return -1
        own_only = True
    first = -1
    for f in range(N_FAMILIES):
        if st.sup[f] < 0 or (own_only and (st.sup[f] != q or st.bycard[f] == 1)):
            continue
        if first < 0:
            first = f
        if st.hands[q, TRAVEL + f] > 0:
            return f * 16 + TRAVEL + f
    if first >= 0 and st.hands[q, WILD] > 0:
        return first * 16 + WILD
    return -1


@jit
def _wants_boss(s, q, boss, payout, space, P, work, table, cfg, spec):
    """Whether seat q plays a boss card: a coin for the random bot; the others when their take
    as boss, as their seat can foresee the terms, beats their share under the boss now."""
    st = views(work, table)
    if st.pol[q] == RANDOM:
        return bounded(s, 2) == 0
    mine = _offer(q, payout, space, P, work, table, cfg, spec, st.owner, _ONE, q)
    if mine < 0:
        return False
    now = _offer(boss, payout, space, P, work, table, cfg, spec, st.owner, _ONE, q)
    return mine > (st.share2[q] if now >= 0 else 0)


@jit
def _recruit(s, p, f, P, work, table, cfg):
    """Seat p plays a recruitment set on family f (a spare investor card while there is
    one, else another seat's), which anyone may stop (``_answer``: its owner first)."""
    st = views(work, table)
    _play(work, table, p, RECRUIT, RECRUIT_SET)
    if not _answer(s, p, st.owner[f], _NONE, _NO, P, work, table, cfg):
        st.owner[f] = p


@jit
def _settle(s, boss, payout, P, work, table, cfg, seat_out):
    """A successful deal: the family cards it used are discarded, the others laid go back to
    their players, the boss pays the shares and keeps the rest.  ``to_earn``: 0 off; 1 the
    house rule card-to-earn (only the boss and players who used an influence card in the
    deal are paid); 2 its other reading, card-to-earn-discard."""
    st = views(work, table)
    for f in range(N_FAMILIES):
        p = st.sup[f]
        if p >= 0 and st.bycard[f] == 1:
            if st.laid[p, f] > 0:
                st.laid[p, f] -= 1
            else:
                st.hands[p, f] -= 1
            st.discard[f] += 1
            st.played[p] = 1
    _take_back(st.hands, st.laid, P)
    if cfg.to_earn == 1:  # "Zo niet, dan krijg je geen dividend": no card used, no share
        for p in range(P):
            if p != boss and st.played[p] == 0:
                st.share[p] = 0
    elif cfg.to_earn == 2:  # the other reading: a partner without one discards one to be paid
        for p in range(P):
            if st.consent[p] == 1 and st.played[p] == 0:
                if _count(st.hands, p) > 0:
                    _discard_one(s, st.hands, p, st.discard, st.pol)
                else:
                    st.share[p] = 0
    paid = 0
    for p in range(P):
        st.money[p] += st.share[p]
        paid += st.share[p]
    st.money[boss] += payout - paid
    seat_out[boss, _S_BOSS] += 1


@jit
def _take_back(hands, laid, P):
    """Family cards still on the table go back to the hands that laid them."""
    for p in range(P):
        for f in range(N_FAMILIES):
            hands[p, f] += laid[p, f]
            laid[p, f] = 0


@jit
def _answer(s, a, target, boss, travel, P, work, table, cfg):
    """Whether the card seat a has just played is stopped.  The rules: anyone but its
    player may answer any card but a stop with a stop card, and the two are discarded
    together.  Asked in turn: the seat the card is aimed at (``target``; -1: none), the
    boss (-1: no deal), then the others clockwise from a's left; the first stop ends it.
    The random bot tosses a coin; the others stop a card aimed at them and, for a travel
    card, one against a deal they are in: as its boss, or bringing a family on the
    table's terms (``sup``).  ``narrow`` (variant ``narrow-stops``): only the seat aimed
    at may answer, and for a travel card then the boss."""
    st = views(work, table)
    for i in range((2 if travel else 1) if cfg.narrow else P + 1):
        if i == 0:
            x = target
        elif i == 1:
            x = boss if boss != target else -1
        else:
            x = (a + i - 1) % P
            if x == target or x == boss:
                x = -1
        if x < 0 or x == a or st.hands[x, STOP] == 0:
            continue
        if st.pol[x] == RANDOM:
            want = bounded(s, 2) == 0
        else:
            want = x == target or (travel and x == boss)
            if travel and not want:
                for f in range(N_FAMILIES):
                    if st.sup[f] == x:
                        want = True
        if want:
            _play(work, table, x, STOP, 1)
            return True
    return False


@jit
def _boss_card(s, q, boss, P, work, table, cfg, seat_out):
    """Seat q plays a boss card, which anyone may stop (``_answer``; the boss first).
    Returns the boss after it."""
    _play(work, table, q, BOSS, 1)
    if _answer(s, q, boss, boss, _NO, P, work, table, cfg):
        return boss
    seat_out[q, _S_TAKE] += 1
    return q


@jit
def _travel_card(s, q, tgt, boss, P, work, table, cfg):
    """Seat q plays the travel card ``tgt`` (family * 16 + card type) against the terms in
    sup/bycard, which anyone may stop (``_answer``: the seat bringing that family first,
    then the boss).  An investor card travels for this deal; a family card is discarded at
    once.  Returns whether the card took effect."""
    st = views(work, table)
    f, t = tgt // 16, tgt % 16
    _play(work, table, q, t, 1)
    victim = st.sup[f]
    if _answer(s, q, victim, boss, _YES, P, work, table, cfg):
        return False
    if st.bycard[f] == 1:
        if st.laid[victim, f] > 0:
            st.laid[victim, f] -= 1
        else:
            st.hands[victim, f] -= 1  # the fixed order counts family cards from the hand
        st.discard[f] += 1
    else:
        st.trav[f] = 1
    return True


def _deal_version(fixed_order):
    """The deal, compiled once per order: ``fixed_order`` is a constant of the closure, so
    numba compiles the protocol and the fixed order (variant ``fixed-order``) as two
    functions, each without the other's branches."""

    def deal(s, first, space, payout, P, work, table, cfg, spec, seat_out):
        """Play out one deal; returns boss + 1 on success, -(boss + 1) on failure.

        The protocol: anyone may act at any moment (the rules): priority starts with the
        boss and goes round the table; the seat holding it takes one action or passes, and
        then priority passes on to its left; the deal closes when every seat has passed in
        a row.  The actions, each bot taking the first it wants: a boss card
        (``_wants_boss``), a recruitment set as boss, a travel card (``_travel_target`` on
        the table's terms), laying family cards face up (``_lay_target``).

        The fixed order: boss cards asked clockwise from the boss's left, the boss's
        recruitment, the terms, travel cards; family cards count from the hand and are
        never laid."""
        st = views(work, table)
        st.trav[:] = 0  # a new deal: no family travelling, no card played
        st.played[:] = 0
        r, o, pk = st.req[space], st.opt[space], st.pick[space]
        boss = first
        if fixed_order:
            # 1. boss cards
            k = 1
            while k < P:
                q = (boss + k) % P
                if st.hands[q, BOSS] > 0 and _wants_boss(
                    s, q, boss, payout, space, P, work, table, cfg, spec
                ):
                    boss = _boss_card(s, q, boss, P, work, table, cfg, seat_out)
                    k = 1
                    continue
                k += 1
            # 2. recruitment
            while st.hands[boss, RECRUIT] >= RECRUIT_SET:
                f = _recruit_target(boss, r, o, pk, st.owner, st.hands, st.laid)
                if f < 0 or not _yes(s, st.pol, boss):
                    break
                _recruit(s, boss, f, P, work, table, cfg)
            # 3. the terms; 4. travel cards, asked clockwise from the boss's left, the
            # terms worked out again after each one that takes effect
            changed = True
            while changed:
                take = _offer(
                    boss, payout, space, P, work, table, cfg, spec, st.owner, _ZERO, _NONE
                )
                if take < 0:
                    return -(boss + 1)
                changed = False
                k = 1
                while k < P:
                    q = (boss + k) % P
                    tgt = _travel_target(q, boss, P, work, table, take, cfg)
                    if tgt >= 0 and _yes(s, st.pol, q):
                        if _travel_card(s, q, tgt, boss, P, work, table, cfg):
                            changed = True
                            break
                        k = 1
                        continue
                    k += 1
        else:
            q = first
            passes = 0
            take = -2  # the terms (the boss's take, -1: no deal) in sup..; -2: stale
            while passes < P:
                acted = False
                if q != boss and st.hands[q, BOSS] > 0:
                    if _wants_boss(s, q, boss, payout, space, P, work, table, cfg, spec):
                        boss = _boss_card(s, q, boss, P, work, table, cfg, seat_out)
                        acted = True
                if not acted and q == boss and st.hands[q, RECRUIT] >= RECRUIT_SET:
                    f = _recruit_target(q, r, o, pk, st.owner, st.hands, st.laid)
                    if f >= 0 and _yes(s, st.pol, q):
                        _recruit(s, q, f, P, work, table, cfg)
                        acted = True
                if not acted and q != boss and _travels(st.hands, q, r | o):
                    if take == -2:
                        take = _offer(
                            boss, payout, space, P, work, table, cfg, spec, st.owner, _ZERO, _NONE
                        )
                    tgt = -1
                    if take >= 0:
                        tgt = _travel_target(q, boss, P, work, table, take, cfg)
                    if tgt >= 0 and _yes(s, st.pol, q):
                        _travel_card(s, q, tgt, boss, P, work, table, cfg)
                        acted = True
                if not acted:
                    f = _lay_target(q, boss, r | o, P, st.hands, st.laid, st.owner, st.trav, st.pol)
                    if f >= 0 and _yes(s, st.pol, q):
                        # the random bot lays one card, the others every card they would
                        while f >= 0:
                            st.hands[q, f] -= 1
                            st.laid[q, f] += 1
                            f = (
                                -1
                                if st.pol[q] == RANDOM
                                else _lay_target(
                                    q, boss, r | o, P, st.hands, st.laid, st.owner, st.trav, st.pol
                                )
                            )
                        acted = True
                if acted:
                    passes = 0
                    take = -2
                else:
                    passes += 1
                q = (q + 1) % P
            if take == -2:
                take = _offer(
                    boss, payout, space, P, work, table, cfg, spec, st.owner, _ZERO, _NONE
                )
            if take < 0:
                _take_back(st.hands, st.laid, P)
                return -(boss + 1)
        _settle(s, boss, payout, P, work, table, cfg, seat_out)
        return boss + 1

    return jit(named(deal, "_deal_fixed_order" if fixed_order else "_deal_open"))


_deal_open = _deal_version(False)
_deal_fixed_order = _deal_version(True)


@jit
def _travels(hands, q, need):
    """Whether seat q holds a travel card it could play on this space."""
    if hands[q, WILD] > 0:
        return True
    for f in range(N_FAMILIES):
        if (need >> f) & 1 and hands[q, TRAVEL + f] > 0:
            return True
    return False


@jit
def _would_deal(p, space, payout, P, work, table, cfg, spec, owner2):
    """The shrewd bot's test: would the terms suit it, counting on its recruitment sets?"""
    st = views(work, table)
    st.trav[:] = 0  # a new deal: no family travelling, no card played
    st.played[:] = 0
    r, o, pk = st.req[space], st.opt[space], st.pick[space]
    if _offer(p, payout, space, P, work, table, cfg, spec, st.owner, _ZERO, p) >= 0:
        return True
    # counting on its recruitment sets, on a copy of the investor cards
    for f in range(N_FAMILIES):
        owner2[f] = st.owner[f]
    for _ in range(st.hands[p, RECRUIT] // RECRUIT_SET):
        f = _recruit_target(p, r, o, pk, owner2, st.hands, st.laid)
        if f < 0:
            break
        owner2[f] = p
    return _offer(p, payout, space, P, work, table, cfg, spec, owner2, _ZERO, p) >= 0


@jit
def _cards_in_game(work, table, P):
    st = views(work, table)
    n = st.meta[_M_PILE]
    for t in range(N_TYPES):
        n += st.discard[t]
    for p in range(P):
        n += _count(st.hands, p)
    return n


@jit
def _enforce(s, work, table, p, P, cfg, limit, recruit):
    """Bring seat p down to the hand limit: a recruitment set (``recruit``), else discards."""
    st = views(work, table)
    while _count(st.hands, p) > limit:
        f = _limit_recruit(s, p, st.owner, st.hands, st.pol) if recruit else -1
        if f < 0:
            _discard_one(s, st.hands, p, st.discard, st.pol)
            continue
        _recruit(s, p, f, P, work, table, cfg)


def _simulate_version(fixed_order):
    """The game loop, compiled once per order of the deal (see ``_deal_version``)."""

    def simulate(seed, start, count, P, work, table, cfg, seat_out, game_out, spaces_out, att_out):
        """Play games start .. start+count-1 into the output arrays."""
        spec = not fixed_order  # family cards laid face up, not counted from the hand
        if fixed_order:
            deal = _deal_fixed_order
        else:
            deal = _deal_open
        st = views(work, table)
        s = st.rng
        n_cards = st.values.shape[0]
        for g in range(count):
            gi = start + g
            seed_stream(s, seed, gi)
            so = seat_out[g]
            go = game_out[g]
            so[:, :] = 0
            go[:] = 0
            att_out[g, :, :] = 0
            spaces_out[g, :] = -1
            # setup
            for f in range(N_FAMILIES):
                st.fam[f] = f
                st.owner[f] = -1
            shuffle(s, st.fam, _N_FAMILIES)
            for p in range(P):
                for j in range(cfg.each):
                    st.owner[st.fam[p * cfg.each + j]] = p
            n = _DECK_SIZE
            for i in range(n):
                st.pile[i] = st.deck[i]
            shuffle(s, st.pile, n)
            st.hands[:, :] = 0
            st.discard[:] = 0
            go[_G_EXTRA] = -1
            if cfg.extra >= 0:
                x = gi % P
                i = n - 1
                while st.pile[i] != cfg.extra:
                    i -= 1
                for j in range(i, n - 1):
                    st.pile[j] = st.pile[j + 1]
                n -= 1
                st.hands[x, cfg.extra] += 1
                go[_G_EXTRA] = x
            st.meta[_M_PILE] = n
            for p in range(P):
                for _ in range(HAND_START):
                    _draw(s, work, table, p)
            first = bounded(s, P)
            go[_G_START] = first
            # the player to the right of the start player places the marker
            chooser = (first + P - 1) % P
            if st.pol[chooser] == RANDOM:
                st.meta[_M_MARKER] = bounded(s, SPACES)
            else:
                st.meta[_M_MARKER] = _first_space(st.div)
            st.meta[_M_LIMIT] = HAND_LIMIT
            st.covered[:] = 0
            st.money[:] = 0
            low = _cards_in_game(work, table, P)
            high = low
            cur = first
            turns = 0
            done = 0
            end = -1
            while True:
                if turns == MAX_TURNS:
                    end = 2
                    break
                turns += 1
                nh = _count(st.hands, cur)
                can_deal = not (cfg.min_hand and nh <= 3)
                must = cfg.forced and nh >= 10
                # the patient bot deals only from PATIENT_HAND cards on
                judge = st.pol[cur] != RANDOM and (st.pol[cur] == SHREWD or nh >= PATIENT_HAND)
                # decide at the marker; if not there, move it by a die and decide again (a
                # cfg.forced deal takes the new space)
                here = False
                for attempt in range(2):
                    if attempt == 1:
                        if here:
                            break
                        steps = 1 + bounded(s, 6)
                        m = st.meta[_M_MARKER]
                        while steps > 0:
                            m = (m + 1) % SPACES
                            if st.covered[m] == 0:
                                steps -= 1
                        st.meta[_M_MARKER] = m
                        if must:
                            here = True
                            break
                    if can_deal:
                        if st.pol[cur] != RANDOM:
                            m = st.meta[_M_MARKER]
                            here = judge and _would_deal(
                                cur,
                                m,
                                st.div[m] * st.values[done],
                                P,
                                work,
                                table,
                                cfg,
                                spec,
                                st.sup2,
                            )
                        else:
                            here = bounded(s, 2) == 0
                if here:
                    space = st.meta[_M_MARKER]
                    so[cur, _S_STARTED] += 1
                    att_out[g, cur, space] += 1
                    res = deal(
                        s,
                        cur,
                        space,
                        st.div[space] * st.values[done],
                        P,
                        work,
                        table,
                        cfg,
                        spec,
                        so,
                    )
                    boss = (res if res > 0 else -res) - 1
                    nxt = (cur + 1) % P if cfg.fixed_turn else (boss + 1) % P
                    if res > 0:
                        go[_G_PAID] += st.div[space] * st.values[done]
                        st.covered[space] = 1
                        spaces_out[g, done] = space
                        done += 1
                        m = st.meta[_M_MARKER]
                        while st.covered[m] == 1:
                            m = (m + 1) % SPACES
                        st.meta[_M_MARKER] = m
                        if done == n_cards:
                            end = 1
                        elif st.rolls[done - 1] != 0:
                            if (st.rolls[done - 1] >> bounded(s, 6)) & 1:
                                end = 0
                        if end < 0 and cfg.late_limit and done == 9:
                            st.meta[_M_LIMIT] = LATE_LIMIT
                            for p in range(P):
                                _enforce(s, work, table, p, P, cfg, _LATE_LIMIT, cfg.limit_recruit)
                else:
                    draws = DRAW
                    if cfg.by_investors:
                        held = 0
                        for f in range(N_FAMILIES):
                            if st.owner[f] == cur:
                                held += 1
                        draws = max(1, 4 - held)
                    for _ in range(draws):
                        if not _draw(s, work, table, cur):
                            break
                    _enforce(s, work, table, cur, P, cfg, st.meta[_M_LIMIT], cfg.limit_recruit)
                    nxt = (cur + 1) % P
                total = _cards_in_game(work, table, P)
                low = min(low, total)
                high = max(high, total)
                for p in range(P):
                    so[p, _S_HMAX] = max(so[p, _S_HMAX], _count(st.hands, p))
                if end >= 0:
                    break
                cur = nxt
            for p in range(P):
                so[p, _S_MONEY] = st.money[p]
                so[p, _S_HAND] = _count(st.hands, p)
                held = 0
                for f in range(N_FAMILIES):
                    if st.owner[f] == p:
                        held += 1
                so[p, _S_INV] = held
            go[_G_DEALS] = done
            go[_G_TURNS] = turns
            go[_G_END] = end
            go[_G_PILE] = st.meta[_M_PILE]
            s_disc = 0
            for t in range(N_TYPES):
                s_disc += st.discard[t]
            go[_G_DISC] = s_disc
            go[_G_LOW] = low
            go[_G_HIGH] = high

    return entry(named(simulate, "simulate_fixed_order" if fixed_order else "simulate"))


simulate = _simulate_version(False)
simulate_fixed_order = _simulate_version(True)


def place(settings):
    """The state array of :data:`STATE` for these settings, with the settings' tables
    written in, and its placed layout: (work, placed)."""
    c = settings.cards
    placed = STATE.place(P=settings.players, deals=len(settings.stack))
    work = placed.new()
    placed.fill(
        work,
        deck=_DECK,
        pol=[POLICY_CODES[p] for p in settings.policies],
        req=[sp.required for sp in c.spaces],
        opt=[sp.optional for sp in c.spaces],
        pick=[sp.pick for sp in c.spaces],
        div=[sp.dividends for sp in c.spaces],
        prices=settings.prices,
        values=[c.values[k - 1] for k in settings.stack],
        rolls=[settings.rolls_after(d) for d in range(1, len(settings.stack) + 1)],
    )
    return work, placed


def config(settings) -> Config:
    """The settings' scalars, as the kernel takes them."""
    return Config(
        each=INVESTORS_EACH[settings.players],
        fixed=settings.two_player_rules,
        sixth=settings.has("two-player-sixth"),
        to_earn=1  # card-to-earn, 2: its other reading, 0: neither
        if settings.has("card-to-earn")
        else 2
        if settings.has("card-to-earn-discard")
        else 0,
        narrow=settings.has("narrow-stops"),
        boss_weight=settings.cards.boss_weight,
        min_pct=settings.cards.min_boss_percent,
        rule=0 if settings.has("weight-bargain") else 1,
        extra=settings.extra,
        fixed_turn=settings.has("fixed-turn"),
        forced=settings.has("forced-deal"),
        min_hand=settings.has("min-hand"),
        late_limit=settings.has("late-limit"),
        by_investors=settings.has("draw-by-investors"),
        limit_recruit=not settings.has("limit-discard-only"),
    )


def simulate_chunk(settings, seed, start, count):
    """The game's chunk simulator: columns of one record per game and seat."""
    P = settings.players
    seat_out = np.zeros((count, P, 7), np.int64)
    game_out = np.zeros((count, 10), np.int64)
    spaces_out = np.zeros((count, 15), np.int64)
    att_out = np.zeros((count, P, SPACES), np.int64)
    run = simulate_fixed_order if settings.has("fixed-order") else simulate
    work, placed = place(settings)
    cfg = config(settings)
    run(
        np.uint64(seed),
        start,
        count,
        P,
        work,
        placed.table,
        cfg,
        seat_out,
        game_out,
        spaces_out,
        att_out,
    )
    seats = np.arange(P)
    first = game_out[:, _G_START][:, None]
    cols = {
        "game": np.repeat(np.arange(start, start + count, dtype=np.int64), P),
        "seat": np.tile(seats, count),
        "policy": np.tile(pack_policy(settings), count),
        "position": ((seats[None, :] - first) % P).reshape(-1),
        "extra": (seats[None, :] == game_out[:, _G_EXTRA][:, None]).reshape(-1),
    }
    for i, name in enumerate(SEAT_COLS):
        cols[name] = seat_out[:, :, i].reshape(-1)
    for i, name in enumerate(GAME_COLS):
        cols[name] = np.repeat(game_out[:, i], P)
    money = seat_out[:, :, _S_MONEY]
    top, bottom = money.max(axis=1), money.min(axis=1)
    richest = money == top[:, None]
    cols["share"] = (richest * (WIN_SHARE // richest.sum(axis=1))[:, None]).reshape(-1)
    cols["spread"] = np.repeat(top - bottom, P)
    for k in range(15):
        cols[f"d{k + 1:02d}"] = np.repeat(spaces_out[:, k], P)
    for sp in range(SPACES):
        cols[f"a{sp:02d}"] = att_out[:, :, sp].reshape(-1)
    return {name: cols[name].astype(dtype) for name, dtype in COLUMNS.items()}


def pack_policy(settings):
    return np.array([POLICY_CODES[p] for p in settings.policies], np.int64)
