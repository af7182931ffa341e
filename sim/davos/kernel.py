"""The numba game loop for Davos (Base, Mean and Big Game, 2-5 players).

State lives in fixed-size int64 arrays carved once per chunk out of one
scratch array in :func:`simulate`: holdings ``ch[slot, holder]`` and ``ph[party, holder]``
(dissidents are holder ``players``), ``csec[slot]`` (sector or -1), decks as
stacks with their top at the end, per-seat counters ``sv`` and goal slots
``gs[seat, slot, field]``; the scalar layout is in ``policies.py``.  The bots
in ``policies.py`` decide; the functions here carry decisions out.
Every random choice comes from the game's own stream, in this order:

  set-up   Fisher-Yates shuffles of the corp deck (sector ids, 3 per sector,
           ascending), the bill deck and the goal deck (card ids ascending), then
           one draw for the start player;
  turns    random bots only: the kind of action among the legal ones (new corp,
           corp, party, goal, pass; no pass in the Final), then its source (open, discard, two drawn),
           the kept card of two drawn, the slot / corp / party, the number of
           assets; a goal buy draws the source, the kept card, then the goal to
           lay off (0 = none).  Goal-seeking bots draw nothing;
  reshuffles  a Fisher-Yates shuffle of a discard pile that becomes the deck;
  bills    per bloc, one for/against draw per random seat, in seat order;
  checks   one reveal draw per random seat's goal met at the year-1/2 checks;
  end      one draw among players still tied on points and board assets.

``reference.py`` follows the same order, so both give identical games.

The Big Game is the Mean Game plus its phases: a turn may buy a control card
(``_turns``), the control phase (``_control``), specialties and victory tokens.
:func:`simulate` and ``_turns`` take its state in one argument, ``big``, None in the
Base and Mean Game: numba compiles a separate machine version for each type of
``big`` and drops the ``if big is not None`` branches of the other before typing, so
the Base and Mean Game pay nothing for it (docs/kernels.md).  The rules, the bots'
valuation and the draw order are those of ``reference_big.py`` (its docstring, also
for the team and dissident variants, played through ``col``, ``dmode`` and
``cseat``); the records follow ``rules.columns`` (the colour column in the variants,
then rules.BIG_COLUMNS last).  The Big Game's state is carved out of a second
scratch array (``kwork``):

  kid[nk]      the control stack, top at the end (ks[K_N] cards)
  kopen[4]     the open cards: three control positions, then the stack's turned card
  held[P, nk]  the cards in front of each seat (hn[p] of them), in the order taken
  used[nk]     played this year
  tok[P, GOAL_SLOTS]  victory tokens per goal slot
  bv[P, 4]     bought, played, specialty assets, control gains
  kdk, kda, kact[nk]  each card's domain kind, domain argument and action
  spk, spa[P + 1]     each seat's specialty (kind, argument), the start player card's last
  buf[BUF, 4]  action instances (x, y, h, n); pick, best[4]; ch2, ph2, csec2, sv2 copies
"""

import numpy as np
from numba import carray, types
from numba.extending import intrinsic

from tableodds.sim.core.jit import entry, jit
from tableodds.sim.core.rng import bounded, seed_stream
from tableodds.sim.davos import rules as R
from tableodds.sim.davos.policies import (
    ACTIONS,
    B_N,
    BANKRUPT,
    BARGAIN,
    BUY,
    C_DN,
    C_N,
    C_OPEN,
    CONTEST,
    D_AMOUNT,
    D_KEEP,
    D_KIND,
    D_LOST,
    D_PLACED,
    D_SLOT,
    D_SRC,
    D_SWAP,
    D_TYP,
    D_WHERE,
    G_ACQ,
    G_DISC,
    G_DN,
    G_HOW,
    G_ID,
    G_MET,
    G_N,
    G_OPEN,
    G_REV,
    INF,
    N_SCALARS,
    NEW_CORP,
    ON_CORP,
    ON_PARTY,
    PASS,
    PASSED,
    PLACE,
    RANDOM,
    START,
    _sources,
    biggest,
    contest_block,
    goal_turn,
    leader,
    margin,
    own_best,
    pass_gain,
    profit,
    random_turn,
    req_margin,
    reveal,
    wish,
)
from tableodds.sim.davos.rules import COLUMNS, record_columns  # noqa: F401 (record layout)

# the record columns' places in rules.COLUMNS, by name
_COL = {name: j for j, name in enumerate(R.COLUMNS)}
COL_GAME, COL_SEAT, COL_POLICY, COL_SCORE = (
    _COL["game"],
    _COL["seat"],
    _COL["policy"],
    _COL["score"],
)
COL_ACHIEVED, COL_FAILED, COL_CATEGORIES = _COL["achieved"], _COL["failed"], _COL["categories"]
COL_BOARD, COL_SUPPLY, COL_INCOME = _COL["board"], _COL["supply"], _COL["income"]
COL_GAINED, COL_PAID, COL_LOST, COL_WON = _COL["gained"], _COL["paid"], _COL["lost"], _COL["won"]
COL_BILLS_PASSED, COL_BANKRUPTCIES = _COL["bills_passed"], _COL["bankruptcies"]
COL_ACTIONS, COL_DISSIDENTS_BOARD = _COL["actions"], _COL["dissidents_board"]
COL_DISSIDENTS_PLACED, COL_DISSIDENTS_LOST = _COL["dissidents_placed"], _COL["dissidents_lost"]
COL_G0_GOAL = _COL["g0_goal"]  # then the goal slots, N_SLOT_FIELDS columns each
COL_COLOUR = len(R.COLUMNS)  # team and dissident modes: rules.TEAM_COLUMNS follow
N_SLOT_FIELDS = len(R.SLOT_FIELDS)
HOW_DEALT, HOW_RESET, HOW_BOUGHT = 0, 1, 2  # rules.HOW

# per-seat counters sv[seat, field]
SUPPLY, INCOME, GAINED, PAID = 0, 1, 2, 3  # (a colour's losses: ``lost``)


# the Big Game
A = {name: i for i, name in enumerate(R.CONTROL_ACTIONS)}
FAIL_TO_PARTY, CORP_TO_PARTY, PARTY_TO_PARTY, PARTY_HOME = 0, 1, 2, 3
GAIN, BLOCK, COPY, SWAP_CARD, PARTY_TO_CORP, FAIL_TO_CORP = 4, 5, 6, 7, 8, 9
PARTY_MERGE, SWAP_CORPS, FAIL_HOME, FAIL_TO_NEW, REPLACE_BILL = 10, 11, 12, 13, 14
assert [A[n] for n in ("fail_to_party", "block", "copy", "swap_card", "replace_bill")] == [
    FAIL_TO_PARTY,
    BLOCK,
    COPY,
    SWAP_CARD,
    REPLACE_BILL,
]
BUY_CONTROL = 3  # D_KIND of a control card bought (D_WHERE: the open position)
K_N, K_HOME = 0, 1  # ks: cards in the control stack, white assets sent home
BOUGHT, PLAYED, SPEC, CGAIN = 0, 1, 2, 3  # bv fields
BUF = 4096  # instances a bot weighs at once (every amount "all": at most ~1,000)
COUNT, STORE = -2, -1  # _walk modes besides the k-th instance
N_BIG = len(R.BIG_COLUMNS)


types_int64 = types.int64
types_uint64 = types.uint64


@intrinsic
def _ptr(typingctx, addr, dtype):
    """The integer address ``addr`` as a pointer to ``dtype`` (for numba.carray)."""
    target = dtype.dtype if isinstance(dtype, types.DTypeSpec) else dtype
    if isinstance(target, types.NumberClass):
        target = target.instance_type
    sig = types.CPointer(target)(addr, dtype)

    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], context.get_value_type(signature.return_type))

    return sig, codegen


# ------------------------------------------------------------------ basics
@entry
def _shuffle(s, a, n):
    for i in range(n - 1, 0, -1):
        j = bounded(s, i + 1)
        a[i], a[j] = a[j], a[i]


@jit(inline="always")
def party_vote(ph, q, H, nw, wishes, party_ideo, bill_ideo):
    """+1 for, -1 against, 0 no vote; ph[q] holds H holders, the white assets last.  The
    first ``nw`` holders vote as they wish: H - 1 (the white assets are dissidents, who
    vote their ideology) or H (in the dissident variant white is a player's colour)."""
    total = 0
    for h in range(H):
        total += ph[q, h]
    if total == 0:
        return 0
    dv = 1 if bill_ideo == party_ideo else -1
    b = biggest(ph, q, H)
    if b >= nw:
        return dv
    if b >= 0:
        return 1 if wishes[b] else -1
    seen_for, seen_against = False, False
    for h in range(nw):
        if ph[q, h] > 0:
            if wishes[h]:
                seen_for = True
            else:
                seen_against = True
    if nw < H and ph[q, H - 1] > 0:
        if dv > 0:
            seen_for = True
        else:
            seen_against = True
    if seen_for and seen_against:
        return 0
    return 1 if seen_for else -1


@jit(inline="always")
def parliament(votes, totals, n):
    """(half-votes for, against, passed): the strictly largest party has 3 halves."""
    big = biggest(totals, 0, n)
    yes, no = 0, 0
    for i in range(n):
        w = 3 if i == big else 2
        if votes[i] > 0:
            yes += w
        elif votes[i] < 0:
            no += w
    return yes, no, yes > no


@entry
def bargain(
    H,
    nw,
    npr,
    cpol,
    bloc,
    bill,
    target,
    none,
    wishes,
    votes,
    totals,
    n,
    b_ideo,
    b_own,
    b_other,
    r_own,
    r_other,
    ch,
    csec,
    ph,
    slot_bloc,
    party_bloc,
    party_ideo,
):
    """The bargaining rule (rules.POLICIES["bargain"]) for a bill about to fail: each
    bargaining colour (``cpol``: the policy of its first seat) that wants it, in order, offers each seat that decides a party of
    the bloc against it (in party order) the smallest share of its profit that leaves the
    other better off, its loss from the bill + 1 asset, if that is at most 1/BARGAIN_SHARE
    of the profit; a bargaining seat accepts when its votes then pass the bill.  Returns
    (payer, payee, price), or -1s when no deal is made (wishes and votes then unchanged)."""
    for p in range(nw):
        if cpol[p] != BARGAIN or not wishes[p]:
            continue
        gain = profit(p, bill, bloc, target, b_own, b_other, H, ch, csec, slot_bloc, npr)
        for q in range(9):
            if party_bloc[q] != bloc:
                continue
            o = biggest(ph, q, H)
            if o < 0 or o >= nw or o == p or cpol[o] != BARGAIN or wishes[o]:
                continue
            loss = -pass_gain(
                o,
                bill,
                bloc,
                target,
                none,
                b_own,
                b_other,
                r_own,
                r_other,
                H,
                ch,
                csec,
                slot_bloc,
                npr,
            )
            price = max(loss, 0) + 1
            if price * R.BARGAIN_SHARE > gain:
                continue
            wishes[o] = True
            m = 0
            for q2 in range(9):
                if party_bloc[q2] == bloc:
                    votes[m] = party_vote(ph, q2, H, nw, wishes, party_ideo[q2], b_ideo[bill])
                    m += 1
            _, _, ok = parliament(votes, totals, n)
            if ok:
                return p, o, price
            wishes[o] = False
            m = 0
            for q2 in range(9):
                if party_bloc[q2] == bloc:
                    votes[m] = party_vote(ph, q2, H, nw, wishes, party_ideo[q2], b_ideo[bill])
                    m += 1
    return -1, -1, 0


@entry
def trade(
    s,
    P,
    H,
    nw,
    npr,
    col,
    cseat,
    cpol,
    gs,
    gn,
    bloc,
    bill,
    target,
    none,
    wishes,
    votes,
    totals,
    n,
    cur,
    promise,
    b_ideo,
    b_target,
    b_own,
    b_other,
    r_own,
    r_other,
    ch,
    csec,
    ph,
    slot_bloc,
    party_bloc,
    party_ideo,
):
    """Vote trading, a logroll across the year's bills (rules.POLICIES["bargain"]), for a
    bill about to fail: each bargaining colour ``a`` that wants it, in order, asks each
    bargaining colour ``b`` that decides a party of the bloc against it (in party order) for
    its vote, and promises its own vote for a later bill of the year (in bloc order, none
    promised yet) where ``a`` decides a party, would vote against and ``b`` for; both take
    the trade when b's vote passes the bill now and each gains at least R.TRADE_GAIN net
    from the two bills passing, on the board as it stands.  Returns (a, b, later bloc), or
    -1s when no trade is made (wishes unchanged)."""
    for a in range(nw):
        if cpol[a] != BARGAIN or not wishes[a]:
            continue
        ga = pass_gain(
            a, bill, bloc, target, none, b_own, b_other, r_own, r_other, H, ch, csec, slot_bloc, npr
        )
        for q in range(9):
            if party_bloc[q] != bloc:
                continue
            b = biggest(ph, q, H)
            if b < 0 or b >= nw or b == a or cpol[b] != BARGAIN or wishes[b]:
                continue
            wishes[b] = True
            m = 0
            for q2 in range(9):
                if party_bloc[q2] == bloc:
                    votes[m] = party_vote(ph, q2, H, nw, wishes, party_ideo[q2], b_ideo[bill])
                    m += 1
            _, _, ok = parliament(votes, totals, n)
            wishes[b] = False
            if not ok:
                continue
            gb = pass_gain(
                b,
                bill,
                bloc,
                target,
                none,
                b_own,
                b_other,
                r_own,
                r_other,
                H,
                ch,
                csec,
                slot_bloc,
                npr,
            )
            for y in range(bloc + 1, 4):
                if promise[y] >= 0:
                    continue
                decides = False
                for r in range(9):
                    if party_bloc[r] == y and biggest(ph, r, H) == a:
                        decides = True
                if not decides:  # a's vote decides no party there
                    continue
                later = cur[y]
                lt, ln = b_target[later], b_ideo[later] == R.NONE
                wa = wish(
                    s,
                    cseat[a, 0],
                    a,
                    cpol[a],
                    y,
                    later,
                    lt,
                    ln,
                    b_own,
                    b_other,
                    r_own,
                    r_other,
                    H,
                    ch,
                    csec,
                    slot_bloc,
                    ph,
                    gs,
                    gn,
                    P,
                    col,
                    npr,
                )
                wb = wish(
                    s,
                    cseat[b, 0],
                    b,
                    cpol[b],
                    y,
                    later,
                    lt,
                    ln,
                    b_own,
                    b_other,
                    r_own,
                    r_other,
                    H,
                    ch,
                    csec,
                    slot_bloc,
                    ph,
                    gs,
                    gn,
                    P,
                    col,
                    npr,
                )
                if wa or not wb:  # a's promise would change nothing b wants
                    continue
                ya = pass_gain(
                    a, later, y, lt, ln, b_own, b_other, r_own, r_other, H, ch, csec, slot_bloc, npr
                )
                yb = pass_gain(
                    b, later, y, lt, ln, b_own, b_other, r_own, r_other, H, ch, csec, slot_bloc, npr
                )
                if ga + ya >= R.TRADE_GAIN and gb + yb >= R.TRADE_GAIN:
                    return a, b, y
    return -1, -1, -1


# ------------------------------------------------------------------ decks
@entry
def _restock(s, sc, n, dn, hidden, discard):
    """An empty stack (sc[n] cards) takes back its discard pile (sc[dn] cards), shuffled."""
    if sc[n] == 0 and sc[dn] > 0:
        for i in range(sc[dn]):
            hidden[i] = discard[i]
        sc[n] = sc[dn]
        sc[dn] = 0
        _shuffle(s, hidden, sc[n])


@entry
def _refill(s, sc, top, n, dn, hidden, discard):
    """Turn up a new open card (sc[top]) when there is none, restocking first."""
    if sc[top] < 0:
        _restock(s, sc, n, dn, hidden, discard)
        if sc[n] > 0:
            sc[n] -= 1
            sc[top] = hidden[sc[n]]


@entry
def _goal_away(g, mean, sc, ghid, gdisc):
    if mean:  # one stack: under it
        for i in range(sc[G_N], 0, -1):
            ghid[i] = ghid[i - 1]
        ghid[0] = g
        sc[G_N] += 1
    else:
        gdisc[sc[G_DN]] = g
        sc[G_DN] += 1


@entry
def _deal_goal(s, p, year, sc, ghid, gdisc, gs, gn):
    if gn[p] >= R.GOAL_SLOTS:
        return
    _restock(s, sc, G_N, G_DN, ghid, gdisc)
    if sc[G_N] > 0:
        sc[G_N] -= 1
        g = ghid[sc[G_N]]
    elif sc[G_OPEN] >= 0:
        g = sc[G_OPEN]
        sc[G_OPEN] = -1
    else:
        return
    _new_goal(p, g, year, HOW_RESET, gs, gn)
    _refill(s, sc, G_OPEN, G_N, G_DN, ghid, gdisc)


@entry
def _new_goal(p, g, year, how, gs, gn):
    k = gn[p]
    gs[p, k, G_ID] = g
    gs[p, k, G_ACQ] = year
    gs[p, k, G_DISC] = 0
    gs[p, k, G_REV] = 0
    gs[p, k, G_MET] = 0
    gs[p, k, G_HOW] = how
    gn[p] += 1


# ------------------------------------------------------------------ actions
@entry
def _take_corp(s, src, keep, sc, chid, cdisc):
    if src == 0:
        card = sc[C_OPEN]
        sc[C_OPEN] = -1
    elif src == 1:
        sc[C_DN] -= 1
        card = cdisc[sc[C_DN]]
    else:
        if sc[C_OPEN] >= 0:
            cdisc[sc[C_DN]] = sc[C_OPEN]
            sc[C_DN] += 1
            sc[C_OPEN] = -1
        a = chid[sc[C_N] - 1]
        b = chid[sc[C_N] - 2]
        sc[C_N] -= 2
        if keep == 0:
            card, sc[C_OPEN] = a, b
        else:
            card, sc[C_OPEN] = b, a
    _refill(s, sc, C_OPEN, C_N, C_DN, chid, cdisc)
    return card


@jit(inline="always")
def _place(s, p, c, typ, where, slot, src, keep, amount, sc, sv, ch, csec, ph, chid, cdisc):
    """Seat p puts ``amount`` of its supply on the board in its colour ``c``."""
    if typ == ON_CORP:
        ch[where, c] += amount
    elif typ == ON_PARTY:
        ph[where, c] += amount
    else:
        csec[slot] = _take_corp(s, src, keep, sc, chid, cdisc)
        ch[slot, c] += amount
    sv[p, SUPPLY] -= amount
    sc[ACTIONS] += 1


@entry
def _take_goal_open_or_discard(src, sc, gdisc):
    if src == 0:
        g = sc[G_OPEN]
        sc[G_OPEN] = -1
    else:
        sc[G_DN] -= 1
        g = gdisc[sc[G_DN]]
    return g


@entry
def _draw_two_goals(mean, sc, ghid, gdisc, two):
    if sc[G_OPEN] >= 0:
        _goal_away(sc[G_OPEN], mean, sc, ghid, gdisc)
        sc[G_OPEN] = -1
    two[0] = ghid[sc[G_N] - 1]
    two[1] = ghid[sc[G_N] - 2]
    sc[G_N] -= 2


@entry
def _finish_buy(s, p, g, year, old_choice, mean, sc, sv, gs, gn, ghid, gdisc):
    """Record the bought goal ``g``; lay off the old goal slot ``old_choice`` (-1 none)."""
    _new_goal(p, g, year, HOW_BOUGHT, gs, gn)
    if old_choice >= 0:
        gs[p, old_choice, G_DISC] = year
        _goal_away(gs[p, old_choice, G_ID], mean, sc, ghid, gdisc)
    _refill(s, sc, G_OPEN, G_N, G_DN, ghid, gdisc)
    sc[ACTIONS] += 1


@entry
def _pay_goal(p, sv):
    sv[p, SUPPLY] -= R.GOAL_PRICE
    sv[p, PAID] += R.GOAL_PRICE


@jit(inline="always")
def _execute(s, p, c, dec, year, mean, sc, sv, ch, csec, ph, chid, cdisc, ghid, gdisc, gs, gn, two):
    """Carry out a bot's decision (placement or goal buy)."""
    if dec[D_KIND] == BUY:
        _pay_goal(p, sv)
        if dec[D_SRC] == 2:
            _draw_two_goals(mean, sc, ghid, gdisc, two)
            k = dec[D_KEEP]
            g = two[k]
            sc[G_OPEN] = two[1 - k]
        else:
            g = _take_goal_open_or_discard(dec[D_SRC], sc, gdisc)
        _finish_buy(s, p, g, year, dec[D_SWAP], mean, sc, sv, gs, gn, ghid, gdisc)
    else:
        _place(
            s,
            p,
            c,
            dec[D_TYP],
            dec[D_WHERE],
            dec[D_SLOT],
            dec[D_SRC],
            dec[D_KEEP],
            dec[D_AMOUNT],
            sc,
            sv,
            ch,
            csec,
            ph,
            chid,
            cdisc,
        )


# ------------------------------------------------------------------ the control deck
@entry
def _k_draw(ks, kid):
    if ks[K_N] == 0:
        return -1
    ks[K_N] -= 1
    return kid[ks[K_N]]


@entry
def _choosable(kopen, three, out):
    n = R.CONTROL_OPEN - 1 if three else R.CONTROL_OPEN
    k = 0
    for i in range(n):
        if kopen[i] >= 0:
            out[k] = i
            k += 1
    return k


@entry
def _take_control(p, i, sc, sv, ks, kid, kopen, held, hn, bv):
    sv[p, SUPPLY] -= R.CONTROL_PRICE
    sv[p, PAID] += R.CONTROL_PRICE
    held[p, hn[p]] = kopen[i]
    hn[p] += 1
    last = R.CONTROL_OPEN - 1
    if i < last:  # the turned card moves to the position, a new one is turned
        kopen[i] = kopen[last]
    kopen[last] = _k_draw(ks, kid)
    bv[p, BOUGHT] += 1
    sc[ACTIONS] += 1


@entry
def _domain_margin(c, dk, da, H, ch, csec, ph, slot_bloc, party_bloc, party_ideo, agg):
    """Colour c's lead in a domain: sector (its corps), bloc (corps and parties), ideology."""
    for h in range(H):
        agg[0, h] = 0
    if dk == 0 or dk == 1:
        for x in range(csec.shape[0]):
            if csec[x] >= 0 and ((dk == 0 and csec[x] == da) or (dk == 1 and slot_bloc[x] == da)):
                for h in range(H):
                    agg[0, h] += ch[x, h]
    for q in range(9):
        if (dk == 1 and party_bloc[q] == da) or (dk == 2 and party_ideo[q] == da):
            for h in range(H):
                agg[0, h] += ph[q, h]
    return margin(agg, 0, H, c)


@entry
def _buy_bot(p, c, H, three, kopen, held, hn, kdk, kda, kact, ch, csec, ph, sb, pb, pi, agg, tmp):
    """The goal bots' control buy (reference_big.BigGame.buy_control): the open position, or -1."""
    for j in range(hn[p]):
        k = held[p, j]
        if kact[k] != BLOCK and kact[k] != COPY:
            if _domain_margin(c, kdk[k], kda[k], H, ch, csec, ph, sb, pb, pi, agg) > 0:
                return -1
    n = _choosable(kopen, three, tmp)
    best, where = 0, -1
    for j in range(n):
        i = tmp[j]
        k = kopen[i]
        m = _domain_margin(c, kdk[k], kda[k], H, ch, csec, ph, sb, pb, pi, agg)
        if kact[k] != BLOCK and kact[k] != COPY and m > best:
            best, where = m, i
    return where


@entry
def _random_buy_turn(s, p, eff, final, buys, swaps, nctl, sc, csec, gs, gn, tmp, dec):
    """``policies.random_turn`` with the Big Game's kind 5 (buy one of the ``nctl`` choosable
    control cards, tmp[3]) before pass; the same draws otherwise."""
    nslot = csec.shape[0]
    nfree, nocc = 0, 0
    for x in range(nslot):
        if csec[x] < 0:
            nfree += 1
        else:
            nocc += 1
    ncs = _sources(sc, C_OPEN, C_DN, C_N, tmp[0])
    ngs = _sources(sc, G_OPEN, G_DN, G_N, tmp[1])
    nk = 0
    if nfree > 0 and ncs > 0:
        tmp[2, nk] = 0
        nk += 1
    if nocc > 0:
        tmp[2, nk] = 1
        nk += 1
    tmp[2, nk] = 2
    nk += 1
    if buys and eff >= R.GOAL_PRICE and gn[p] < R.GOAL_SLOTS and ngs > 0:
        tmp[2, nk] = 3
        nk += 1
    if not final and nctl > 0:
        tmp[2, nk] = 5
        nk += 1
    if not final:
        tmp[2, nk] = 4
        nk += 1
    kind = tmp[2, bounded(s, nk)]
    if kind == 5:
        dec[D_KIND] = BUY_CONTROL
        dec[D_WHERE] = tmp[3, bounded(s, nctl)]
        return
    if kind == 4:
        dec[D_KIND] = PASS
        return
    if kind == 3:
        dec[D_KIND] = BUY
        dec[D_SRC] = tmp[1, bounded(s, ngs)]
        dec[D_KEEP] = bounded(s, 2) if dec[D_SRC] == 2 else 0
        dec[D_SWAP] = -1
        if swaps:
            nold = 0
            for i in range(gn[p]):
                if gs[p, i, G_DISC] == 0 and gs[p, i, G_REV] == 0:
                    tmp[3, nold] = i
                    nold += 1
            k = bounded(s, nold + 1)  # 0 keeps every goal
            dec[D_SWAP] = tmp[3, k - 1] if k > 0 else -1
        return
    dec[D_KIND] = PLACE
    dec[D_TYP], dec[D_WHERE], dec[D_SLOT], dec[D_SRC], dec[D_KEEP] = ON_CORP, 0, 0, 0, 0
    if kind == 0:
        dec[D_TYP] = NEW_CORP
        dec[D_SRC] = tmp[0, bounded(s, ncs)]
        if dec[D_SRC] == 2:
            dec[D_KEEP] = bounded(s, 2)
        k = bounded(s, nfree)
        for x in range(nslot):
            if csec[x] < 0:
                if k == 0:
                    dec[D_SLOT] = x
                    break
                k -= 1
    elif kind == 1:
        k = bounded(s, nocc)
        for x in range(nslot):
            if csec[x] >= 0:
                if k == 0:
                    dec[D_WHERE] = x
                    break
                k -= 1
    else:
        dec[D_TYP] = ON_PARTY
        dec[D_WHERE] = bounded(s, 9)
    dec[D_AMOUNT] = 1 + bounded(s, min(eff, R.MAX_PLACE))


# ------------------------------------------------------------------ control actions
@jit(inline="always")
def _emit(buf, cnt, k, x, y, h, n):
    """Instance number ``cnt``: kept in buf (STORE), as buf[0] when it is the k-th."""
    if (k == STORE and cnt < BUF) or k == cnt:
        j = cnt if k == STORE else 0
        buf[j, 0], buf[j, 1], buf[j, 2], buf[j, 3] = x, y, h, n
    return cnt + 1


@entry
def _walk(p, action, full, k, buf, P, H, ch, ph, csec, sc, held, hn):
    """The instances of ``action`` for seat p in reference_big.BigGame.instances order;
    returns their number (``k``: COUNT, STORE or the one to keep)."""
    nslot = csec.shape[0]
    cnt = 0
    if action == FAIL_TO_PARTY:
        for x in range(nslot):
            if csec[x] >= 0:
                for q in range(9):
                    cnt = _emit(buf, cnt, k, x, q, 0, 0)
    elif action == CORP_TO_PARTY:
        for h in range(H):
            for x in range(nslot):
                if csec[x] >= 0 and ch[x, h] > 0:
                    for q in range(9):
                        for n in range(1 if full else ch[x, h], ch[x, h] + 1):
                            cnt = _emit(buf, cnt, k, x, q, h, n)
    elif action == PARTY_TO_PARTY:
        for h in range(H):
            for x in range(9):
                if ph[x, h] > 0:
                    for y in range(9):
                        if y != x:
                            for n in range(1 if full else ph[x, h], ph[x, h] + 1):
                                cnt = _emit(buf, cnt, k, x, y, h, n)
    elif action == PARTY_HOME:
        for x in range(9):
            t = 0
            for h in range(H):
                t += ph[x, h]
            if t > 0:
                cnt = _emit(buf, cnt, k, x, 0, 0, 0)
    elif action == GAIN:
        for h in range(P):
            cnt = _emit(buf, cnt, k, 0, 0, h, 0)
    elif action == SWAP_CARD:
        for o in range(P):
            if o != p:
                for j in range(hn[o]):
                    cnt = _emit(buf, cnt, k, o, held[o, j], 0, 0)
    elif action == PARTY_TO_CORP:
        for h in range(H):
            for x in range(9):
                if ph[x, h] > 0:
                    for y in range(nslot):
                        if csec[y] >= 0:
                            for n in range(1 if full else ph[x, h], ph[x, h] + 1):
                                cnt = _emit(buf, cnt, k, x, y, h, n)
    elif action == FAIL_TO_CORP or action == SWAP_CORPS:
        for x in range(nslot):
            if csec[x] >= 0:
                for y in range(nslot):
                    ok = y > x if action == SWAP_CORPS else y != x
                    if csec[y] >= 0 and ok:
                        cnt = _emit(buf, cnt, k, x, y, 0, 0)
    elif action == PARTY_MERGE:
        for x in range(9):
            t = 0
            for h in range(H):
                t += ph[x, h]
            if t > 0:
                for y in range(9):
                    if y != x:
                        cnt = _emit(buf, cnt, k, x, y, 0, 0)
    elif action == FAIL_HOME:
        for x in range(nslot):
            if csec[x] >= 0:
                cnt = _emit(buf, cnt, k, x, 0, 0, 0)
    elif action == FAIL_TO_NEW:
        for x in range(nslot):
            if csec[x] < 0:
                continue
            for src in range(3):
                if src == 0 and sc[C_OPEN] < 0:
                    continue
                if src == 1 and sc[C_DN] == 0:
                    continue
                if src == 2 and (not full or sc[C_N] < 2):
                    continue
                for keep in range(2 if src == 2 else 1):
                    for z in range(nslot):
                        if csec[z] < 0 or z == x:
                            cnt = _emit(buf, cnt, k, x, z, src, keep)
    elif action == REPLACE_BILL:
        if sc[B_N] > 0:
            for b in range(4):
                cnt = _emit(buf, cnt, k, b, 0, 0, 0)
    return cnt


@entry
def _act(
    real,
    s,
    p,
    c,
    action,
    x,
    y,
    h,
    n,
    H,
    cseat,
    ch,
    ph,
    csec,
    sv,
    sc,
    ks,
    held,
    hn,
    bv,
    chid,
    cdisc,
    bhid,
    cur,
):
    """Carry out an instance; ``real`` False (a bot's look-ahead on copies) changes the board
    only: no cards, bills or counters move and nothing is drawn."""
    if action == FAIL_TO_PARTY or action == FAIL_TO_CORP or action == FAIL_HOME:
        for k in range(H):
            if action == FAIL_TO_PARTY:
                ph[y, k] += ch[x, k]
            elif action == FAIL_TO_CORP:
                ch[y, k] += ch[x, k]
            else:
                _home(real, k, ch[x, k], cseat, sv, ks)
            ch[x, k] = 0
        _fail(real, x, csec, sc, cdisc)
    elif action == CORP_TO_PARTY:
        ch[x, h] -= n
        ph[y, h] += n
        t = 0
        for k in range(H):
            t += ch[x, k]
        if t == 0:
            _fail(real, x, csec, sc, cdisc)
    elif action == PARTY_TO_PARTY:
        ph[x, h] -= n
        ph[y, h] += n
    elif action == PARTY_HOME:
        for k in range(H):
            _home(real, k, ph[x, k], cseat, sv, ks)
            ph[x, k] = 0
    elif action == GAIN:  # "one player": a seat (h), a dissident player too
        sv[h, SUPPLY] += 2
        if real:
            sv[h, GAINED] += 2
            bv[h, CGAIN] += 2
    elif action == SWAP_CARD:
        if real:
            for j in range(hn[p]):
                if held[p, j] == c:
                    held[p, j] = y
                    break
            for j in range(hn[x]):
                if held[x, j] == y:
                    held[x, j] = c
                    break
    elif action == PARTY_TO_CORP:
        ph[x, h] -= n
        ch[y, h] += n
    elif action == PARTY_MERGE:
        for k in range(H):
            ph[y, k] += ph[x, k]
            ph[x, k] = 0
    elif action == SWAP_CORPS:
        csec[x], csec[y] = csec[y], csec[x]
        for k in range(H):
            ch[x, k], ch[y, k] = ch[y, k], ch[x, k]
    elif action == FAIL_TO_NEW:
        z, src, keep = y, h, n
        if real:  # the new card is taken before x reaches the discard pile
            card = _take_corp(s, src, keep, sc, chid, cdisc)
            _fail(real, x, csec, sc, cdisc)
        else:
            card = sc[C_OPEN] if src == 0 else cdisc[sc[C_DN] - 1]
            csec[x] = -1
        csec[z] = card
        if z != x:
            for k in range(H):
                ch[z, k] += ch[x, k]
                ch[x, k] = 0
    elif action == REPLACE_BILL:
        if real:
            sc[B_N] -= 1
            cur[x] = bhid[sc[B_N]]


@jit(inline="always")
def _home(real, k, n, cseat, sv, ks):
    """n assets of colour k back to its first seat's supply (the white assets to the first
    dissident player); the neutral white assets, which no seat plays, leave the board."""
    if cseat[k, 0] >= 0:
        sv[cseat[k, 0], SUPPLY] += n
    elif real:
        ks[K_HOME] += n


@jit(inline="always")
def _fail(real, x, csec, sc, cdisc):
    if real:
        cdisc[sc[C_DN]] = csec[x]
        sc[C_DN] += 1
        sc[BANKRUPT] += 1
    csec[x] = -1


# ------------------------------------------------------------------ the goal bots' valuation
@entry
def _value(p, lead, col, H, ch, csec, ph, sv, gs, gn, g_nreq, g_kind, g_arg, sb, pb, agg):
    """4 x requirements of p's own open goals met on its colour's assets + p's supply - 2 x
    places the leader leads; a mate's goals are hidden until revealed ("alleen openlijk aan
    tafel"), and a revealed goal is achieved."""
    met = 0
    for i in range(gn[p]):
        if gs[p, i, G_DISC] != 0 or gs[p, i, G_REV] != 0:
            continue
        g = gs[p, i, G_ID]
        for j in range(g_nreq[g]):
            if req_margin(col[p], g_kind[g, j], g_arg[g, j], H, ch, csec, ph, sb, pb, agg) > 0:
                met += 1
    places = 0
    if lead >= 0:
        for x in range(csec.shape[0]):
            if csec[x] >= 0 and biggest(ch, x, H) == lead:
                places += 1
        for q in range(9):
            if biggest(ph, q, H) == lead:
                places += 1
    return 4 * met + sv[p, SUPPLY] - 2 * places


@entry
def _value_after(
    s,
    p,
    lead,
    who,
    c,
    action,
    inst,
    col,
    H,
    cseat,
    ch,
    ph,
    csec,
    sv,
    ch2,
    ph2,
    csec2,
    sv2,
    sc,
    ks,
    held,
    hn,
    bv,
    chid,
    cdisc,
    bhid,
    cur,
    gs,
    gn,
    g_nreq,
    g_kind,
    g_arg,
    sb,
    pb,
    agg,
):
    """p's value had seat ``who`` carried out ``inst`` (on copies of the board)."""
    ch2[:] = ch
    ph2[:] = ph
    csec2[:] = csec
    sv2[:] = sv
    _act(
        False,
        s,
        who,
        c,
        action,
        inst[0],
        inst[1],
        inst[2],
        inst[3],
        H,
        cseat,
        ch2,
        ph2,
        csec2,
        sv2,
        sc,
        ks,
        held,
        hn,
        bv,
        chid,
        cdisc,
        bhid,
        cur,
    )
    return _value(p, lead, col, H, ch2, csec2, ph2, sv2, gs, gn, g_nreq, g_kind, g_arg, sb, pb, agg)


# the Big Game's arguments after the seat, card and action, in this order
@entry
def _best_instance(
    s,
    p,
    c,
    action,
    P,
    H,
    col,
    cseat,
    ch,
    ph,
    csec,
    sv,
    sc,
    ks,
    held,
    hn,
    bv,
    chid,
    cdisc,
    bhid,
    cur,
    gs,
    gn,
    g_nreq,
    g_kind,
    g_arg,
    sb,
    pb,
    agg,
    buf,
    best,
    ch2,
    ph2,
    csec2,
    sv2,
):
    """The gain of the instance that raises p's value the most (into ``best``), 0 for none."""
    o = leader(p, P, H, col, ch, ph, gs, gn)
    lead = col[o] if o >= 0 else -1
    now = _value(p, lead, col, H, ch, csec, ph, sv, gs, gn, g_nreq, g_kind, g_arg, sb, pb, agg)
    cnt = _walk(p, action, False, STORE, buf, P, H, ch, ph, csec, sc, held, hn)
    top = 0
    for i in range(min(cnt, BUF)):
        v = (
            _value_after(
                s,
                p,
                lead,
                p,
                c,
                action,
                buf[i],
                col,
                H,
                cseat,
                ch,
                ph,
                csec,
                sv,
                ch2,
                ph2,
                csec2,
                sv2,
                sc,
                ks,
                held,
                hn,
                bv,
                chid,
                cdisc,
                bhid,
                cur,
                gs,
                gn,
                g_nreq,
                g_kind,
                g_arg,
                sb,
                pb,
                agg,
            )
            - now
        )
        if v > top:
            top = v
            best[:] = buf[i]
    return top


@entry
def _reaction_card(r, kind, c, H, held, hn, used, kdk, kda, kact, ch, csec, ph, sb, pb, pi, agg):
    """r's first unused card of the reaction ``kind`` whose domain it leads, or -1."""
    for j in range(hn[r]):
        k = held[r, j]
        if kact[k] == kind and used[k] == 0:
            if _domain_margin(c, kdk[k], kda[k], H, ch, csec, ph, sb, pb, pi, agg) > 0:
                return k
    return -1


@entry
def _control(
    s,
    P,
    H,
    col,
    cseat,
    pol,
    ch,
    ph,
    csec,
    sv,
    sc,
    ks,
    held,
    hn,
    used,
    bv,
    kdk,
    kda,
    kact,
    chid,
    cdisc,
    bhid,
    cur,
    gs,
    gn,
    g_nreq,
    g_kind,
    g_arg,
    sb,
    pb,
    pi,
    agg,
    buf,
    best,
    pick,
    ch2,
    ph2,
    csec2,
    sv2,
    kc,
    passed,
):
    """Seed "Fase Control" (reference_big.BigGame.control_phase and play_card)."""
    passed[:P] = 0
    npassed, last_regular = 0, False
    p = sc[START]
    while npassed < P:
        if not passed[p]:
            extra = 0
            if npassed == P - 1:
                if last_regular:
                    extra = R.EXTRA_TURN_COST
                last_regular = True
            card = -1
            if sv[p, SUPPLY] >= extra:
                # the playable cards, in the order held
                n = 0
                for j in range(hn[p]):
                    k = held[p, j]
                    a = kact[k]
                    if a == BLOCK or a == COPY or used[k] != 0:
                        continue
                    if (
                        _domain_margin(col[p], kdk[k], kda[k], H, ch, csec, ph, sb, pb, pi, agg)
                        <= 0
                    ):
                        continue
                    if _walk(p, a, True, COUNT, buf, P, H, ch, ph, csec, sc, held, hn) > 0:
                        kc[n] = k
                        n += 1
                if n > 0 and pol[p] == RANDOM:
                    j = bounded(s, n + 1)
                    if j < n:
                        card = kc[j]
                        cnt = _walk(
                            p, kact[card], True, COUNT, buf, P, H, ch, ph, csec, sc, held, hn
                        )
                        _walk(
                            p,
                            kact[card],
                            True,
                            bounded(s, cnt),
                            buf,
                            P,
                            H,
                            ch,
                            ph,
                            csec,
                            sc,
                            held,
                            hn,
                        )
                        pick[:] = buf[0]
                elif n > 0:
                    top = 0
                    for j in range(n):
                        k = kc[j]
                        g = _best_instance(
                            s,
                            p,
                            k,
                            kact[k],
                            P,
                            H,
                            col,
                            cseat,
                            ch,
                            ph,
                            csec,
                            sv,
                            sc,
                            ks,
                            held,
                            hn,
                            bv,
                            chid,
                            cdisc,
                            bhid,
                            cur,
                            gs,
                            gn,
                            g_nreq,
                            g_kind,
                            g_arg,
                            sb,
                            pb,
                            agg,
                            buf,
                            best,
                            ch2,
                            ph2,
                            csec2,
                            sv2,
                        )
                        if g > top:
                            top = g
                            card = k
                            pick[:] = best
            if card < 0:
                passed[p] = True
                npassed += 1
            else:
                sv[p, SUPPLY] -= extra
                sv[p, PAID] += extra
                _play_card(
                    s,
                    p,
                    card,
                    P,
                    H,
                    col,
                    cseat,
                    pol,
                    ch,
                    ph,
                    csec,
                    sv,
                    sc,
                    ks,
                    held,
                    hn,
                    used,
                    bv,
                    kdk,
                    kda,
                    kact,
                    chid,
                    cdisc,
                    bhid,
                    cur,
                    gs,
                    gn,
                    g_nreq,
                    g_kind,
                    g_arg,
                    sb,
                    pb,
                    pi,
                    agg,
                    buf,
                    best,
                    pick,
                    ch2,
                    ph2,
                    csec2,
                    sv2,
                )
        p += 1
        if p == P:
            p = 0


@entry
def _play_card(
    s,
    p,
    c,
    P,
    H,
    col,
    cseat,
    pol,
    ch,
    ph,
    csec,
    sv,
    sc,
    ks,
    held,
    hn,
    used,
    bv,
    kdk,
    kda,
    kact,
    chid,
    cdisc,
    bhid,
    cur,
    gs,
    gn,
    g_nreq,
    g_kind,
    g_arg,
    sb,
    pb,
    pi,
    agg,
    buf,
    best,
    pick,
    ch2,
    ph2,
    csec2,
    sv2,
):
    """Card c with instance ``pick``: the others may block it, then it acts, then copies."""
    action = kact[c]
    used[c] = 1
    bv[p, PLAYED] += 1
    for i in range(1, P):
        r = (p + i) % P
        b = _reaction_card(
            r, BLOCK, col[r], H, held, hn, used, kdk, kda, kact, ch, csec, ph, sb, pb, pi, agg
        )
        if b < 0:
            continue
        if pol[r] == RANDOM:
            block = bounded(s, 2) == 1
        else:
            block = False
            if col[r] != col[p]:  # a team never blocks its own card
                o = leader(r, P, H, col, ch, ph, gs, gn)
                lead = col[o] if o >= 0 else -1
                now = _value(
                    r,
                    lead,
                    col,
                    H,
                    ch,
                    csec,
                    ph,
                    sv,
                    gs,
                    gn,
                    g_nreq,
                    g_kind,
                    g_arg,
                    sb,
                    pb,
                    agg,
                )
                after = _value_after(
                    s,
                    r,
                    lead,
                    p,
                    c,
                    action,
                    pick,
                    col,
                    H,
                    cseat,
                    ch,
                    ph,
                    csec,
                    sv,
                    ch2,
                    ph2,
                    csec2,
                    sv2,
                    sc,
                    ks,
                    held,
                    hn,
                    bv,
                    chid,
                    cdisc,
                    bhid,
                    cur,
                    gs,
                    gn,
                    g_nreq,
                    g_kind,
                    g_arg,
                    sb,
                    pb,
                    agg,
                )
                block = after < now
        if block:
            used[b] = 1
            bv[r, PLAYED] += 1
            return
    _act(
        True,
        s,
        p,
        c,
        action,
        pick[0],
        pick[1],
        pick[2],
        pick[3],
        H,
        cseat,
        ch,
        ph,
        csec,
        sv,
        sc,
        ks,
        held,
        hn,
        bv,
        chid,
        cdisc,
        bhid,
        cur,
    )
    for i in range(1, P):
        r = (p + i) % P
        k = _reaction_card(
            r, COPY, col[r], H, held, hn, used, kdk, kda, kact, ch, csec, ph, sb, pb, pi, agg
        )
        if k < 0:
            continue
        if pol[r] == RANDOM:
            cnt = _walk(r, action, True, COUNT, buf, P, H, ch, ph, csec, sc, held, hn)
            if cnt == 0 or bounded(s, 2) == 0:
                continue
            _walk(r, action, True, bounded(s, cnt), buf, P, H, ch, ph, csec, sc, held, hn)
            best[:] = buf[0]
        else:
            g = _best_instance(
                s,
                r,
                k,
                action,
                P,
                H,
                col,
                cseat,
                ch,
                ph,
                csec,
                sv,
                sc,
                ks,
                held,
                hn,
                bv,
                chid,
                cdisc,
                bhid,
                cur,
                gs,
                gn,
                g_nreq,
                g_kind,
                g_arg,
                sb,
                pb,
                agg,
                buf,
                best,
                ch2,
                ph2,
                csec2,
                sv2,
            )
            if g == 0:
                continue
        used[k] = 1
        bv[r, PLAYED] += 1
        _act(
            True,
            s,
            r,
            k,
            action,
            best[0],
            best[1],
            best[2],
            best[3],
            H,
            cseat,
            ch,
            ph,
            csec,
            sv,
            sc,
            ks,
            held,
            hn,
            bv,
            chid,
            cdisc,
            bhid,
            cur,
        )


# ------------------------------------------------------------------ Specialty, tokens
@entry
def _specialty(P, H, col, ch, csec, sv, sc, spk, spa, bv, slot_bloc, slot_ideo):
    for p in range(P):
        n = 0
        for t in range(2):
            if t == 1 and p != sc[START]:
                continue
            kind = spk[p] if t == 0 else spk[P]
            a = spa[p] if t == 0 else spa[P]
            for x in range(csec.shape[0]):
                if csec[x] < 0:
                    continue
                if kind == 0:
                    fits = csec[x] == a
                else:  # kind -1: rules.NO_SPECIALTY
                    fits = kind == 1 and slot_bloc[x] == a and slot_ideo[x] == 1
                if fits and biggest(ch, x, H) == col[p]:
                    n += 1
        sv[p, SUPPLY] += n  # to the seat: a team shares profit, not assets
        sv[p, GAINED] += n
        bv[p, SPEC] += n


@entry
def _tokens(year, P, H, col, ch, csec, ph, gs, gn, tok, g_nreq, g_kind, g_arg, sb, pb, agg):
    """A goal revealed in an earlier year and met again: 1 victory token, then 2 more."""
    for p in range(P):
        for i in range(gn[p]):
            if gs[p, i, G_DISC] != 0 or gs[p, i, G_REV] == 0 or gs[p, i, G_REV] >= year:
                continue
            if tok[p, i] >= R.TOKENS_PER_GOAL:
                continue
            g = gs[p, i, G_ID]
            ok = True
            for j in range(g_nreq[g]):
                if req_margin(col[p], g_kind[g, j], g_arg[g, j], H, ch, csec, ph, sb, pb, agg) <= 0:
                    ok = False
                    break
            if ok:
                tok[p, i] += 1 if tok[p, i] == 0 else 2


@entry
def _turns(
    s,
    year,
    final,
    P,
    H,
    col,
    swaps,
    pol,
    mean,
    sc,
    sv,
    ch,
    csec,
    ph,
    chid,
    cdisc,
    ghid,
    gdisc,
    gs,
    gn,
    slot_bloc,
    party_bloc,
    g_nreq,
    g_kind,
    g_arg,
    agg,
    act,
    dec,
    two,
    tmp,
    passed,
    seen,
    val,
    cparam,
    big,
):
    """One phase of turns (the Final when ``final``).  A seat of colour H - 1 is a dissident
    player (no goals): its random bot never buys a goal, its other bots block.  ``big`` is
    None, or in the Big Game the control cards' state (:func:`simulate`), and a turn may also
    buy a control card (reference_big)."""
    if big is not None:
        three, ks, kid, kopen, held, hn, bv, kdk, kda, kact, party_ideo = big
    passed[:P] = 0
    npassed, first_done, last_regular = 0, False, False
    p = sc[START]
    while npassed < P:
        if not passed[p]:
            extra = 0
            if npassed == P - 1 and not final:  # the Final places every asset: no fee
                if last_regular:
                    extra = R.EXTRA_TURN_COST
                last_regular = True
            eff = sv[p, SUPPLY] - extra
            c = col[p]
            white = c == H - 1
            dec[D_KIND] = PASS
            if eff >= 1:
                blocked = False
                if pol[p] == RANDOM:
                    if big is not None:
                        nctl = _choosable(kopen, three, tmp[3])
                        _random_buy_turn(
                            s, p, eff, final, not white, swaps, nctl, sc, csec, gs, gn, tmp, dec
                        )
                    else:
                        random_turn(s, p, eff, final, not white, swaps, sc, csec, gs, gn, tmp, dec)
                elif white or pol[p] == CONTEST or pol[p] == BARGAIN:
                    co = INF
                    if not white:
                        co = own_best(
                            p,
                            c,
                            H,
                            sc,
                            ch,
                            csec,
                            ph,
                            cdisc,
                            gs,
                            gn,
                            slot_bloc,
                            party_bloc,
                            g_nreq,
                            g_kind,
                            g_arg,
                            agg,
                            act,
                            dec,
                        )
                    blocked = contest_block(
                        p,
                        c,
                        eff,
                        co if co < INF else 2 * R.GOAL_PRICE,
                        white,
                        P,
                        H,
                        col,
                        sc,
                        ch,
                        csec,
                        ph,
                        gdisc,
                        gs,
                        gn,
                        slot_bloc,
                        party_bloc,
                        g_nreq,
                        g_kind,
                        g_arg,
                        agg,
                        act,
                        seen,
                        val,
                        passed,
                        cparam,
                        dec,
                    )
                    if white and not blocked:
                        dec[D_KIND] = PASS
                        if final:  # nothing to block: the rest on America's first party
                            dec[D_KIND] = PLACE
                            dec[D_TYP], dec[D_WHERE], dec[D_SLOT] = ON_PARTY, 0, 0
                            dec[D_SRC], dec[D_KEEP], dec[D_AMOUNT] = 0, 0, eff
                if pol[p] != RANDOM and not blocked and not white:
                    goal_turn(
                        p,
                        c,
                        eff,
                        final,
                        swaps,
                        H,
                        sc,
                        ch,
                        csec,
                        ph,
                        cdisc,
                        ghid,
                        gdisc,
                        gs,
                        gn,
                        slot_bloc,
                        party_bloc,
                        g_nreq,
                        g_kind,
                        g_arg,
                        agg,
                        act,
                        dec,
                    )
                if big is not None and pol[p] != RANDOM and not blocked and not final:
                    if dec[D_KIND] != PLACE:
                        # a control card before a goal; a dissident player's before passing
                        where = _buy_bot(
                            p,
                            c,
                            H,
                            three,
                            kopen,
                            held,
                            hn,
                            kdk,
                            kda,
                            kact,
                            ch,
                            csec,
                            ph,
                            slot_bloc,
                            party_bloc,
                            party_ideo,
                            agg,
                            tmp[3],
                        )
                        if where >= 0:
                            dec[D_KIND] = BUY_CONTROL
                            dec[D_WHERE] = where
            acted = dec[D_KIND] != PASS
            if big is not None and dec[D_KIND] == BUY_CONTROL:
                _take_control(p, dec[D_WHERE], sc, sv, ks, kid, kopen, held, hn, bv)
            elif acted:
                _execute(
                    s,
                    p,
                    c,
                    dec,
                    year,
                    mean,
                    sc,
                    sv,
                    ch,
                    csec,
                    ph,
                    chid,
                    cdisc,
                    ghid,
                    gdisc,
                    gs,
                    gn,
                    two,
                )
            if acted:
                sv[p, SUPPLY] -= extra
                sv[p, PAID] += extra
            else:
                passed[p] = True
                npassed += 1
                if not first_done and not final:  # no next year to start in the Final
                    first_done = True
                    sc[START] = p
                    sv[p, SUPPLY] += R.FIRST_PASS_BONUS
                    sv[p, INCOME] += R.FIRST_PASS_BONUS
        p += 1
        if p == P:
            p = 0


# ------------------------------------------------------------------ bills
@jit(inline="always")
def _give(h, n, cseat, csize, sv):
    """Colour h takes n assets from the bank: one seat's, or a team's, each asset to the mate
    with the smaller supply (the lower seat on a tie; the rulebook: the team shares its profit)."""
    if csize[h] == 1:
        sv[cseat[h, 0], SUPPLY] += n
        sv[cseat[h, 0], GAINED] += n
        return
    for _ in range(n):
        a, b = cseat[h, 0], cseat[h, 1]
        m = b if sv[b, SUPPLY] < sv[a, SUPPLY] else a
        sv[m, SUPPLY] += 1
        sv[m, GAINED] += 1


@jit(inline="always")
def _take(h, n, cseat, csize, sv):
    """Colour h pays n assets of profit: each from the mate with the larger supply."""
    if csize[h] == 1:
        sv[cseat[h, 0], SUPPLY] -= n
        sv[cseat[h, 0], GAINED] -= n
        return
    for _ in range(n):
        a, b = cseat[h, 0], cseat[h, 1]
        m = b if sv[b, SUPPLY] > sv[a, SUPPLY] else a
        sv[m, SUPPLY] -= 1
        sv[m, GAINED] -= 1


@entry
def _resolve(
    s,
    bloc,
    bill,
    P,
    H,
    nw,
    npr,
    col,
    cseat,
    csize,
    cpol,
    lost,
    pol,
    sc,
    sv,
    ch,
    csec,
    ph,
    cdisc,
    slot_bloc,
    party_bloc,
    party_ideo,
    b_ideo,
    b_target,
    b_own,
    b_other,
    r_own,
    r_other,
    gs,
    gn,
    wishes,
    votes,
    totals,
    has_bargain,
    cur,
    promise,
):
    """One bill: the wishes of the ``nw`` colours that vote as they wish (each decided by its
    first seat), the party and parliament votes, a bargain, the payout to the ``npr`` colours
    that take profits (``nw``, or the player colours when the dissident players take none)
    and losses off the corps (``lost`` per colour)."""
    target = b_target[bill]
    none = b_ideo[bill] == R.NONE
    for h in range(nw):
        p = cseat[h, 0]
        wishes[h] = wish(
            s,
            p,
            h,
            pol[p],
            bloc,
            bill,
            target,
            none,
            b_own,
            b_other,
            r_own,
            r_other,
            H,
            ch,
            csec,
            slot_bloc,
            ph,
            gs,
            gn,
            P,
            col,
            npr,
        )
    if promise[bloc] >= 0:  # a vote traded away earlier this year is kept
        wishes[promise[bloc]] = True
    n = 0
    for q in range(9):
        if party_bloc[q] == bloc:
            votes[n] = party_vote(ph, q, H, nw, wishes, party_ideo[q], b_ideo[bill])
            t = 0
            for h in range(H):
                t += ph[q, h]
            totals[0, n] = t
            n += 1
    _, _, passed = parliament(votes, totals, n)
    payer, payee, price = -1, -1, 0
    if not passed and has_bargain:  # first a vote for a vote, then a share for a vote
        a, b2, y = trade(
            s,
            P,
            H,
            nw,
            npr,
            col,
            cseat,
            cpol,
            gs,
            gn,
            bloc,
            bill,
            target,
            none,
            wishes,
            votes,
            totals,
            n,
            cur,
            promise,
            b_ideo,
            b_target,
            b_own,
            b_other,
            r_own,
            r_other,
            ch,
            csec,
            ph,
            slot_bloc,
            party_bloc,
            party_ideo,
        )
        if a >= 0:
            promise[y] = a
            passed = True
    if not passed and has_bargain:
        payer, payee, price = bargain(
            H,
            nw,
            npr,
            cpol,
            bloc,
            bill,
            target,
            none,
            wishes,
            votes,
            totals,
            n,
            b_ideo,
            b_own,
            b_other,
            r_own,
            r_other,
            ch,
            csec,
            ph,
            slot_bloc,
            party_bloc,
            party_ideo,
        )
        passed = payer >= 0
    if passed:
        sc[PASSED] += 1
    if not (passed or none):
        return
    got = 0  # the payer's gains from this bill, out of which it pays the promised share
    for x in range(csec.shape[0]):
        if csec[x] < 0 or (target >= 0 and csec[x] != target):
            continue
        own = slot_bloc[x] == bloc
        # a rejected bill without ideology: its rejected effect (the values are read here
        # rather than an array chosen, which would cost a reference count per bill)
        if passed:
            big_amt = b_own[bill, 0] if own else b_other[bill, 0]
            stake_amt = b_own[bill, 1] if own else b_other[bill, 1]
        else:
            big_amt = r_own[bill, 0] if own else r_other[bill, 0]
            stake_amt = r_own[bill, 1] if own else r_other[bill, 1]
        before = 0
        for h in range(H):
            before += ch[x, h]
        big = biggest(ch, x, H)
        after = 0
        for h in range(H):
            if ch[x, h] > 0:
                amt = big_amt if h == big else stake_amt
                if amt > 0 and h < npr:
                    _give(h, amt, cseat, csize, sv)
                    if h == payer:
                        got += amt
                elif amt < 0:
                    take = min(-amt, ch[x, h])
                    ch[x, h] -= take
                    lost[h] += take
                    if h == H - 1:
                        sc[D_LOST] += take
            after += ch[x, h]
        if before > 0 and after == 0:
            cdisc[sc[C_DN]] = csec[x]
            sc[C_DN] += 1
            csec[x] = -1
            sc[BANKRUPT] += 1
    if payer >= 0:  # the share is paid in the payee's colour (rulebook: "Onderhandelen")
        paid = min(price, got)
        _take(payer, paid, cseat, csize, sv)
        _give(payee, paid, cseat, csize, sv)


# ------------------------------------------------------------------ set-up, checks, reset
@entry
def _dissidents(W, cur, b_ideo, sc, ch, csec, ph, slot_bloc, slot_ideo, party_bloc, party_ideo):
    """One white asset (holder W) per party and corp position of each bloc's bill's ideology."""
    for b in range(4):
        ideo = b_ideo[cur[b]]
        for q in range(9):
            if party_bloc[q] == b and party_ideo[q] == ideo:
                ph[q, W] += 1
                sc[D_PLACED] += 1
        for x in range(csec.shape[0]):
            if slot_bloc[x] == b and slot_ideo[x] == ideo and csec[x] >= 0:
                ch[x, W] += 1
                sc[D_PLACED] += 1


@entry
def _check_goals(
    s, year, P, H, col, pol, ch, csec, ph, gs, gn, slot_bloc, party_bloc, g_nreq, g_kind, g_arg, agg
):
    """Seat p's goals are judged on its colour's holdings."""
    for p in range(P):
        for i in range(gn[p]):
            if gs[p, i, G_DISC] != 0 or gs[p, i, G_REV] != 0:
                continue
            g = gs[p, i, G_ID]
            low = INF
            for j in range(g_nreq[g]):
                m = req_margin(
                    col[p], g_kind[g, j], g_arg[g, j], H, ch, csec, ph, slot_bloc, party_bloc, agg
                )
                if m < low:
                    low = m
            if low <= 0:
                continue
            gs[p, i, G_MET] |= 1 << (year - 1)
            if year < R.YEARS:
                if reveal(s, pol[p], year, low):
                    gs[p, i, G_REV] = year


@jit(inline="always")
def _view(work, off, n):
    """n int64 of ``work`` from ``off`` as an array without a reference count (see _ptr)."""
    return carray(_ptr(work.ctypes.data + off * 8, types_int64), n)


@jit(inline="always")
def _view2(work, off, rows, cols):
    return carray(_ptr(work.ctypes.data + off * 8, types_int64), (rows, cols))


@jit(inline="always")
def _copied(work, off, src):
    """A _view at ``off`` holding a copy of the 1-D ``src``."""
    v = _view(work, off, src.shape[0])
    v[:] = src
    return v


@jit(inline="always")
def _copied2(work, off, src):
    """A _view2 at ``off`` holding a copy of the 2-D ``src``."""
    v = _view2(work, off, src.shape[0], src.shape[1])
    v[:] = src
    return v


@entry
def _score_game(
    gi,
    start,
    P,
    H,
    NC,
    dmode,
    nbase,
    col,
    pol,
    csize,
    cseat,
    gs,
    gn,
    g_cat,
    ncat,
    got,
    side_a,
    side_f,
    score,
    board,
    tmp,
    tok,
    ch,
    ph,
    nslot,
    sv,
    lost,
    sc,
    out,
    s,
):
    """Score game ``gi``, write its records' first ``nbase`` columns and draw its winner.

    ``tok[seat, goal slot]`` are victory tokens (the Big Game; zero columns otherwise)."""
    # final scoring, per colour (seed "Eindtelling"; a team pools its goals, so a
    # category counts once per team; in the dissident variant the others' failed goals
    # are the dissident players' achieved goals, and cost their owners nothing)
    for h in range(H):
        side_a[h], side_f[h] = 0, 0
        got[:] = 0
        for m in range(csize[h]):
            p = cseat[h, m]
            for i in range(gn[p]):
                if gs[p, i, G_DISC] != 0:
                    continue
                if gs[p, i, G_REV] != 0 or gs[p, i, G_MET] & 4:
                    side_a[h] += 1
                    got[g_cat[gs[p, i, G_ID]]] = 1
                else:
                    side_f[h] += 1
        nc = 0
        for c in range(ncat):
            nc += got[c]
        score[h] = side_a[h] + nc - (0 if dmode else side_f[h])
        for m in range(csize[h]):  # victory tokens (the Big Game), 1 point each
            for i in range(tok.shape[1]):
                score[h] += tok[cseat[h, m], i]
        bsum = 0
        for x in range(nslot):
            bsum += ch[x, h]
        for q in range(9):
            bsum += ph[q, h]
        board[h] = bsum
        tmp[0, h] = nc
    if dmode:  # the dissident players' goals: every failed goal of the others
        got[:] = 0
        nf = 0
        for p in range(P):
            if col[p] == NC:
                continue
            for i in range(gn[p]):
                if gs[p, i, G_DISC] == 0 and gs[p, i, G_REV] == 0 and gs[p, i, G_MET] & 4 == 0:
                    nf += 1
                    got[g_cat[gs[p, i, G_ID]]] = 1
        nc = 0
        for c in range(ncat):
            nc += got[c]
        score[NC] = nf + nc
        tmp[0, NC] = nc
    for p in range(P):
        h = col[p]
        a, f = 0, 0
        for i in range(gn[p]):
            if gs[p, i, G_DISC] != 0:
                continue
            if gs[p, i, G_REV] != 0 or gs[p, i, G_MET] & 4:
                a += 1
            else:
                f += 1
        row = gi * P + p
        out[row, COL_GAME] = start + gi
        out[row, COL_SEAT] = p
        out[row, COL_POLICY] = pol[p]
        out[row, COL_SCORE] = score[h]
        out[row, COL_ACHIEVED] = a
        out[row, COL_FAILED] = f
        out[row, COL_CATEGORIES] = tmp[0, h]
        out[row, COL_BOARD] = board[h]
        out[row, COL_SUPPLY] = sv[p, SUPPLY]
        out[row, COL_INCOME] = sv[p, INCOME]
        out[row, COL_GAINED] = sv[p, GAINED]
        out[row, COL_PAID] = sv[p, PAID]
        out[row, COL_LOST] = lost[h]
        out[row, COL_BILLS_PASSED] = sc[PASSED]
        out[row, COL_BANKRUPTCIES] = sc[BANKRUPT]
        out[row, COL_ACTIONS] = sc[ACTIONS]
        out[row, COL_DISSIDENTS_BOARD] = board[NC]
        out[row, COL_DISSIDENTS_PLACED] = sc[D_PLACED]
        out[row, COL_DISSIDENTS_LOST] = sc[D_LOST]
        for i in range(R.GOAL_SLOTS):
            for f2 in range(N_SLOT_FIELDS):
                v = gs[p, i, f2] if i < gn[p] else (-1 if f2 == 0 else 0)
                out[row, COL_G0_GOAL + N_SLOT_FIELDS * i + f2] = v
        if nbase > COL_COLOUR:  # the team and dissident modes
            out[row, COL_COLOUR] = h
    # the winner: the colour with the most points, then the most assets on the board
    best_s, best_b, ntied = -INF * 10, -1, 0
    for h in range(H):
        if csize[h] == 0:
            continue
        if score[h] > best_s or (score[h] == best_s and board[h] > best_b):
            best_s, best_b, ntied = score[h], board[h], 1
        elif score[h] == best_s and board[h] == best_b:
            ntied += 1
    k = bounded(s, ntied) if ntied > 1 else 0
    for h in range(H):
        won = 0
        if csize[h] > 0 and score[h] == best_s and board[h] == best_b:
            won = 1 if k == 0 else 0
            k -= 1
        tmp[1, h] = won
    for p in range(P):
        out[gi * P + p, COL_WON] = tmp[1, col[p]]


@entry
def simulate(
    seed,
    start,
    count,
    P,
    NC,
    dmode,
    npr,
    col_in,
    base_in,
    pol_in,
    mean,
    dissidents,
    nsectors,
    slot_bloc_in,
    slot_ideo_in,
    party_bloc_in,
    party_ideo_in,
    g_nreq_in,
    g_kind_in,
    g_arg_in,
    g_cat_in,
    b_ideo_in,
    b_target_in,
    b_own_in,
    b_other_in,
    r_own_in,
    r_other_in,
    cparam_in,
    out,
    work,
    big=None,
):
    """Play games start .. start+count-1; out[game*P + seat, column] in COLUMNS order.

    All state, and a copy of every input table, lives in views of one scratch
    array ``work`` (kept alive by the caller): views made by ``carray`` carry no
    reference count, and the atomic reference counting of ordinary arrays passed
    between functions took more than half of the run time.  ``big`` is None in the
    Base and Mean Game, in the Big Game (kwork, kdk_in, kda_in, kact_in, spk_in, spa_in,
    three, final_tokens): numba compiles each on its own, and the Big Game's phases
    (module docstring) take their state from ``kwork``.
    """
    H = NC + 1  # the player colours, then the white assets
    nw = H if dmode else NC  # colours that vote as they wish and take profits
    nslot = slot_bloc_in.shape[0]
    ncorp = nsectors * R.CORPS_PER_SECTOR
    ngoal = g_nreq_in.shape[0]
    nbill = b_ideo_in.shape[0]
    o = 0
    s = carray(_ptr(work.ctypes.data, types_uint64), 4)
    o += 4
    pol = _copied(work, o, pol_in)
    o += P
    col = _copied(work, o, col_in)
    o += P
    base = _copied(work, o, base_in)
    o += P
    cseat = _view2(work, o, H, 2)
    o += 2 * H
    csize = _view(work, o, H)
    o += H
    cpol = _view(work, o, H)
    o += H
    lost = _view(work, o, H)
    o += H
    side_a = _view(work, o, H)
    o += H
    side_f = _view(work, o, H)
    o += H
    slot_bloc = _copied(work, o, slot_bloc_in)
    o += nslot
    slot_ideo = _copied(work, o, slot_ideo_in)
    o += nslot
    party_bloc = _copied(work, o, party_bloc_in)
    o += 9
    party_ideo = _copied(work, o, party_ideo_in)
    o += 9
    g_nreq = _copied(work, o, g_nreq_in)
    o += ngoal
    g_kind = _copied2(work, o, g_kind_in)
    o += ngoal * R.MAX_REQS
    g_arg = _copied2(work, o, g_arg_in)
    o += ngoal * R.MAX_REQS
    g_cat = _copied(work, o, g_cat_in)
    o += ngoal
    b_ideo = _copied(work, o, b_ideo_in)
    o += nbill
    b_target = _copied(work, o, b_target_in)
    o += nbill
    b_own = _copied2(work, o, b_own_in)
    o += nbill * 2
    b_other = _copied2(work, o, b_other_in)
    o += nbill * 2
    r_own = _copied2(work, o, r_own_in)
    o += nbill * 2
    r_other = _copied2(work, o, r_other_in)
    o += nbill * 2
    cparam = _copied(work, o, cparam_in)
    o += cparam_in.shape[0]
    ch = _view2(work, o, nslot, H)
    o += nslot * H
    ph = _view2(work, o, 9, H)
    o += 9 * H
    csec = _view(work, o, nslot)
    o += nslot
    sv = _view2(work, o, P, 5)
    o += P * 5
    gs = carray(_ptr(work.ctypes.data + o * 8, types_int64), (P, R.GOAL_SLOTS, N_SLOT_FIELDS))
    o += P * R.GOAL_SLOTS * N_SLOT_FIELDS
    gn = _view(work, o, P)
    o += P
    sc = _view(work, o, N_SCALARS)
    o += N_SCALARS
    chid = _view(work, o, ncorp)
    o += ncorp
    cdisc = _view(work, o, ncorp)
    o += ncorp
    ghid = _view(work, o, ngoal)
    o += ngoal
    gdisc = _view(work, o, ngoal)
    o += ngoal
    bhid = _view(work, o, nbill)
    o += nbill
    cur = _view(work, o, 4)
    o += 4
    agg = _view2(work, o, 1, H)
    o += H
    act = _view(work, o, 4)
    o += 4
    dec = _view(work, o, 8)
    o += 8
    two = _view(work, o, 2)
    o += 2
    tmp = _view2(work, o, 4, R.GOAL_SLOTS + 8)
    o += 4 * (R.GOAL_SLOTS + 8)
    passed = _view(work, o, P)
    o += P
    seen = _view(work, o, ngoal)
    o += ngoal
    val = _view2(work, o, len(R.REQ_KINDS), len(R.SECTORS))
    o += len(R.REQ_KINDS) * len(R.SECTORS)
    wishes = _view(work, o, H)
    o += H
    votes = _view(work, o, 3)
    o += 3
    totals = _view2(work, o, 1, 3)
    o += 3
    promise = _view(work, o, 4)  # per bloc: the colour that promised to vote for its bill
    o += 4
    has_bargain = False
    for p in range(P):
        if pol[p] == BARGAIN:
            has_bargain = True
    ncat = 0
    for g in range(ngoal):
        ncat = max(ncat, g_cat[g] + 1)
    got = _view(work, o, ncat)
    o += ncat
    score = _view(work, o, H)
    o += H
    board = _view(work, o, H)
    o += H
    csize[:] = 0
    if big is not None:
        cseat[:, :] = -1  # a colour no seat plays: the neutral white assets
    for p in range(P):
        cseat[col[p], csize[col[p]]] = p
        csize[col[p]] += 1
    for h in range(H):
        cpol[h] = pol[cseat[h, 0]] if csize[h] > 0 else RANDOM
    if o > work.shape[0]:
        raise ValueError("scratch array too small")
    if big is not None:
        kwork, kdk_in, kda_in, kact_in, spk_in, spa_in, three, final_tokens = big
        ncols = out.shape[1] - N_BIG
        nk = kdk_in.shape[0]
        o = 0
        kdk = _copied(kwork, o, kdk_in)
        o += nk
        kda = _copied(kwork, o, kda_in)
        o += nk
        kact = _copied(kwork, o, kact_in)
        o += nk
        spk = _copied(kwork, o, spk_in)
        o += P + 1
        spa = _copied(kwork, o, spa_in)
        o += P + 1
        kid = _view(kwork, o, nk)
        o += nk
        ks = _view(kwork, o, 2)
        o += 2
        kopen = _view(kwork, o, R.CONTROL_OPEN)
        o += R.CONTROL_OPEN
        held = _view2(kwork, o, P, nk)
        o += P * nk
        hn = _view(kwork, o, P)
        o += P
        used = _view(kwork, o, nk)
        o += nk
        tok = _view2(kwork, o, P, R.GOAL_SLOTS)
        o += P * R.GOAL_SLOTS
        bv = _view2(kwork, o, P, 4)
        o += P * 4
        buf = _view2(kwork, o, BUF, 4)
        o += BUF * 4
        best = _view(kwork, o, 4)
        o += 4
        pick = _view(kwork, o, 4)
        o += 4
        ch2 = _view2(kwork, o, nslot, H)
        o += nslot * H
        ph2 = _view2(kwork, o, 9, H)
        o += 9 * H
        csec2 = _view(kwork, o, nslot)
        o += nslot
        sv2 = _view2(kwork, o, P, 5)
        o += P * 5
        kc = _view(kwork, o, nk)
        o += nk
        if o > kwork.shape[0]:
            raise ValueError("Big Game scratch array too small")
        control = (three, ks, kid, kopen, held, hn, bv, kdk, kda, kact, party_ideo)
    else:
        ncols = out.shape[1]
        tok = _view2(work, o, P, 0)  # no victory tokens outside the Big Game
        control = None
    for gi in range(count):
        seed_stream(s, seed, start + gi)
        ch[:] = 0
        ph[:] = 0
        csec[:] = -1
        sv[:] = 0
        gn[:] = 0
        sc[:] = 0
        lost[:] = 0
        # set-up
        for i in range(ncorp):
            chid[i] = i // R.CORPS_PER_SECTOR
        for i in range(nbill):
            bhid[i] = i
        for i in range(ngoal):
            ghid[i] = i
        _shuffle(s, chid, ncorp)
        _shuffle(s, bhid, nbill)
        _shuffle(s, ghid, ngoal)
        sc[C_N], sc[B_N], sc[G_N] = ncorp, nbill, ngoal
        sc[C_OPEN], sc[G_OPEN] = -1, -1
        for p in range(P):
            if col[p] < NC or not dmode:  # dissident players never hold goals
                sc[G_N] -= 1
                _new_goal(p, ghid[sc[G_N]], 1, HOW_DEALT, gs, gn)
        for b in range(4):
            sc[B_N] -= 1
            cur[b] = bhid[sc[B_N]]
        for b in range(4):
            for x in range(nslot):
                if slot_bloc[x] == b and slot_ideo[x] == b_ideo[cur[b]]:
                    sc[C_N] -= 1
                    csec[x] = chid[sc[C_N]]
        sc[C_N] -= 1
        cdisc[0] = chid[sc[C_N]]
        sc[C_DN] = 1
        sc[C_N] -= 1
        sc[C_OPEN] = chid[sc[C_N]]
        if dissidents:
            _dissidents(
                NC, cur, b_ideo, sc, ch, csec, ph, slot_bloc, slot_ideo, party_bloc, party_ideo
            )
        if not mean:
            sc[G_N] -= 1
            gdisc[0] = ghid[sc[G_N]]
            sc[G_DN] = 1
        sc[G_N] -= 1
        sc[G_OPEN] = ghid[sc[G_N]]
        sc[START] = bounded(s, P)
        for p in range(P):
            sv[p, SUPPLY] = base[p]
            sv[p, INCOME] = base[p]
        if big is not None:
            # the Big Game's set-up: the control deck, three positions and the turned card
            held[:] = 0
            hn[:] = 0
            tok[:] = 0
            bv[:] = 0
            ks[:] = 0
            for i in range(nk):
                kid[i] = i
            _shuffle(s, kid, nk)
            ks[K_N] = nk
            for i in range(R.CONTROL_OPEN):
                kopen[i] = _k_draw(ks, kid)
        # three years
        for year in range(1, R.YEARS + 1):
            _turns(
                s,
                year,
                False,
                P,
                H,
                col,
                not dmode,
                pol,
                mean,
                sc,
                sv,
                ch,
                csec,
                ph,
                chid,
                cdisc,
                ghid,
                gdisc,
                gs,
                gn,
                slot_bloc,
                party_bloc,
                g_nreq,
                g_kind,
                g_arg,
                agg,
                act,
                dec,
                two,
                tmp,
                passed,
                seen,
                val,
                cparam,
                control,
            )
            if big is not None:
                used[:] = 0
                _control(
                    s,
                    P,
                    H,
                    col,
                    cseat,
                    pol,
                    ch,
                    ph,
                    csec,
                    sv,
                    sc,
                    ks,
                    held,
                    hn,
                    used,
                    bv,
                    kdk,
                    kda,
                    kact,
                    chid,
                    cdisc,
                    bhid,
                    cur,
                    gs,
                    gn,
                    g_nreq,
                    g_kind,
                    g_arg,
                    slot_bloc,
                    party_bloc,
                    party_ideo,
                    agg,
                    buf,
                    best,
                    pick,
                    ch2,
                    ph2,
                    csec2,
                    sv2,
                    kc,
                    passed,
                )
            promise[:] = -1  # promises are for this year's bills
            for b in range(4):
                _resolve(
                    s,
                    b,
                    cur[b],
                    P,
                    H,
                    nw,
                    npr,
                    col,
                    cseat,
                    csize,
                    cpol,
                    lost,
                    pol,
                    sc,
                    sv,
                    ch,
                    csec,
                    ph,
                    cdisc,
                    slot_bloc,
                    party_bloc,
                    party_ideo,
                    b_ideo,
                    b_target,
                    b_own,
                    b_other,
                    r_own,
                    r_other,
                    gs,
                    gn,
                    wishes,
                    votes,
                    totals,
                    has_bargain,
                    cur,
                    promise,
                )
            if big is not None:
                _specialty(P, H, col, ch, csec, sv, sc, spk, spa, bv, slot_bloc, slot_ideo)
            if year < R.YEARS:
                if big is not None:
                    _tokens(
                        year,
                        P,
                        H,
                        col,
                        ch,
                        csec,
                        ph,
                        gs,
                        gn,
                        tok,
                        g_nreq,
                        g_kind,
                        g_arg,
                        slot_bloc,
                        party_bloc,
                        agg,
                    )
                _check_goals(
                    s,
                    year,
                    P,
                    H,
                    col,
                    pol,
                    ch,
                    csec,
                    ph,
                    gs,
                    gn,
                    slot_bloc,
                    party_bloc,
                    g_nreq,
                    g_kind,
                    g_arg,
                    agg,
                )
                for b in range(4):
                    sc[B_N] -= 1
                    cur[b] = bhid[sc[B_N]]
                if dissidents:
                    _dissidents(
                        NC,
                        cur,
                        b_ideo,
                        sc,
                        ch,
                        csec,
                        ph,
                        slot_bloc,
                        slot_ideo,
                        party_bloc,
                        party_ideo,
                    )
                for p in range(P):
                    if col[p] < NC or not dmode:
                        _deal_goal(s, p, year + 1, sc, ghid, gdisc, gs, gn)
                for p in range(P):
                    nrev = 0
                    for i in range(gn[p]):
                        if gs[p, i, G_REV] != 0:
                            nrev += 1
                    inc = max(0, base[p] - nrev)  # the rulebook: 5 minus the goals revealed so far
                    sv[p, SUPPLY] += inc
                    sv[p, INCOME] += inc
                if big is not None:
                    for i in range(R.CONTROL_OPEN):  # four new control cards
                        kopen[i] = _k_draw(ks, kid)
        final_year = np.int64(R.YEARS)  # a typed int: a literal would compile a second variant
        _turns(
            s,
            final_year,
            True,
            P,
            H,
            col,
            not dmode,
            pol,
            mean,
            sc,
            sv,
            ch,
            csec,
            ph,
            chid,
            cdisc,
            ghid,
            gdisc,
            gs,
            gn,
            slot_bloc,
            party_bloc,
            g_nreq,
            g_kind,
            g_arg,
            agg,
            act,
            dec,
            two,
            tmp,
            passed,
            seen,
            val,
            cparam,
            control,
        )
        if big is not None and final_tokens:
            _tokens(
                final_year,
                P,
                H,
                col,
                ch,
                csec,
                ph,
                gs,
                gn,
                tok,
                g_nreq,
                g_kind,
                g_arg,
                slot_bloc,
                party_bloc,
                agg,
            )
        _check_goals(
            s,
            final_year,
            P,
            H,
            col,
            pol,
            ch,
            csec,
            ph,
            gs,
            gn,
            slot_bloc,
            party_bloc,
            g_nreq,
            g_kind,
            g_arg,
            agg,
        )
        _score_game(
            gi,
            start,
            P,
            H,
            NC,
            dmode,
            ncols,
            col,
            pol,
            csize,
            cseat,
            gs,
            gn,
            g_cat,
            ncat,
            got,
            side_a,
            side_f,
            score,
            board,
            tmp,
            tok,
            ch,
            ph,
            nslot,
            sv,
            lost,
            sc,
            out,
            s,
        )
        if big is not None:
            for p in range(P):  # rules.BIG_COLUMNS close the record
                row, cb = gi * P + p, ncols
                t = 0
                for i in range(R.GOAL_SLOTS):
                    t += tok[p, i]
                out[row, cb] = t
                out[row, cb + 1] = bv[p, BOUGHT]
                out[row, cb + 2] = hn[p]
                out[row, cb + 3] = bv[p, PLAYED]
                out[row, cb + 4] = bv[p, SPEC]
                out[row, cb + 5] = bv[p, CGAIN]
                out[row, cb + 6] = ks[K_HOME]


def pack(settings):
    """The settings as the flat arrays and scalars the kernel takes."""
    bloc, ideo = R.slot_layout(settings.game)
    goals, bills = settings.goals, settings.bills
    cats = settings.categories
    rejected = settings.rejected_effects()
    g_nreq = np.array([len(g.requires) for g in goals], np.int64)
    g_kind = np.zeros((len(goals), R.MAX_REQS), np.int64)
    g_arg = np.zeros((len(goals), R.MAX_REQS), np.int64)
    for i, g in enumerate(goals):
        for j, (k, a) in enumerate(g.requires):
            g_kind[i, j], g_arg[i, j] = k, a
    return dict(
        P=settings.players,
        NC=settings.colours,
        dmode=settings.mode == "dissident",
        npr=settings.profit_colours,
        col_in=np.array(settings.colour, np.int64),
        base_in=np.array(settings.start_assets, np.int64),
        pol_in=np.array([R.POLICY_CODES[p] for p in settings.policies], np.int64),
        mean=settings.game != "base",  # the Big Game builds on the Mean Game
        dissidents=settings.dissidents,
        nsectors=settings.sectors,
        slot_bloc_in=bloc,
        slot_ideo_in=ideo,
        party_bloc_in=R.PARTY_BLOC,
        party_ideo_in=np.array(settings.party_ideology, np.int64),
        g_nreq_in=g_nreq,
        g_kind_in=g_kind,
        g_arg_in=g_arg,
        g_cat_in=np.array([cats.index(g.category) for g in goals], np.int64),
        b_ideo_in=np.array([b.ideology for b in bills], np.int64),
        b_target_in=np.array([b.target for b in bills], np.int64),
        b_own_in=np.array([b.own for b in bills], np.int64).reshape(-1, 2),
        b_other_in=np.array([b.other for b in bills], np.int64).reshape(-1, 2),
        r_own_in=np.array([r[0] for r in rejected], np.int64).reshape(-1, 2),
        r_other_in=np.array([r[1] for r in rejected], np.int64).reshape(-1, 2),
        cparam_in=np.array(R.CONTEST_WEIGHTS, np.int64),
    )


def work_size(settings) -> int:
    """An upper bound of the scratch int64s :func:`simulate` carves its state from."""
    cards = len(settings.goals) + len(settings.bills) + R.CORPS_PER_SECTOR * settings.sectors
    return 2048 + 16 * cards


def kwork_size(settings) -> int:
    """An upper bound of the scratch int64s :func:`simulate` carves the Big Game's ``kwork`` from."""
    nk, P = len(settings.controls), settings.players
    H = settings.colours + 1
    return 64 + 6 * nk + P * (nk + R.GOAL_SLOTS + 12) + 4 * BUF + 25 * H


def simulate_chunk(settings, seed, start, count):
    """The game's chunk simulator: one record per game and seat (see rules.columns)."""
    out = np.zeros((count * settings.players, len(R.columns(settings))), np.int64)
    work = np.zeros(work_size(settings), np.int64)
    big = None
    if settings.game == "big":
        ctl, spec = settings.controls, settings.specialties
        big = (
            np.zeros(kwork_size(settings), np.int64),
            np.array([c.domain[0] for c in ctl], np.int64),
            np.array([c.domain[1] for c in ctl], np.int64),
            np.array([c.action for c in ctl], np.int64),
            np.array([k for k, _ in spec], np.int64),
            np.array([a for _, a in spec], np.int64),
            settings.control_open == "three",
            settings.big_tokens == "final",
        )
    simulate(np.uint64(seed), start, count, out=out, work=work, big=big, **pack(settings))
    return record_columns(out, settings)
