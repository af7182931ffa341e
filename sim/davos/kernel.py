"""The numba game loop for Davos (Base, Mean and Big Game, 2-5 players).

State lives in one int64 array laid out by :data:`STATE` (``sim.core.layout``): holdings
``corp_assets[slot, holder]`` and ``party_assets[party, holder]`` (dissidents are holder
``players``), ``corp_sector[slot]`` (sector or -1), decks as stacks with their top at the
end, per-seat counters ``seat_counts`` and goal slots ``goal_slots[seat, slot, field]``;
the layout of ``scalars`` is in ``policies.py``.
Each function of the game loop takes the array and its table (``work, table``) and views
the fields it uses.  The bots in ``policies.py`` decide; the functions here carry decisions
out.  Every random choice comes from the game's own stream, in this order:

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
:func:`simulate` and ``_turns`` take its flags and state in one argument, ``big``, None in
the Base and Mean Game: numba compiles a separate machine version for each type of
``big`` and drops the ``if big is not None`` branches of the other before typing, so
the Base and Mean Game pay nothing for it.  The rules, the bots'
valuation and the draw order are those of ``reference_big.py`` (its docstring, also
for the team and dissident variants, played through ``col``, ``dmode`` and
``cseat``); the records follow ``rules.columns`` (the colour column in the variants,
then rules.BIG_COLUMNS last).  The Big Game's fields (empty in the other games):

  control_stack[nk]    the control stack, top at the end (control_counts[K_N] cards)
  open_controls[4]     the open cards: three control positions, then the stack's turned card
  held[P, nk]          the cards in front of each seat (controls_n[p] of them), in the order
                       taken
  used[nk]             played this year
  tok[P, GOAL_SLOTS]   victory tokens per goal slot
  big_counts[P, 4]     bought, played, specialty assets, control gains
  control_kind, control_arg, control_action[nk]
                       each card's domain kind, domain argument and action
  specialty_kind, specialty_arg[P + 1]
                       each seat's specialty (kind, argument), the start player card's last
  buf[BUF, 4]          action instances (x, y, h, n); pick, best[4]
  corp_assets_copy, party_assets_copy, corp_sector_copy, seat_counts_copy
                       a copy of the board that a look-ahead changes
"""

import numpy as np

from tableodds.sim.core.jit import entry, jit
from tableodds.sim.core.rng import bounded, seed_stream, shuffle
from tableodds.sim.davos import rules as R
from tableodds.sim.davos.policies import (
    ACTIONS,
    B_N,
    BANKRUPT,
    BARGAIN,
    BUY,
    BUY_CONTROL,
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
    ON_CORP,
    ON_PARTY,
    PASS,
    PASSED,
    PLACE,
    RANDOM,
    START,
    biggest,
    bill_net,
    contest_block,
    goal_margin,
    goal_turn,
    leader,
    margin,
    own_best,
    pass_gain,
    random_turn,
    req_margin,
    reveal,
    wish,
)
from tableodds.sim.davos.rules import COLUMNS, record_columns  # noqa: F401 (record layout)
from tableodds.sim.davos.state import STATE, views

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

# per-seat counters seat_counts[seat, field]
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
K_N, K_HOME = 0, 1  # control_counts: cards in the control stack, white assets sent home
BOUGHT, PLAYED, SPEC, CGAIN = 0, 1, 2, 3  # big_counts fields
BUF = 4096  # instances a bot weighs at once (every amount "all": at most ~1,000)
# typed constants for arguments: the literals -2, -1, True or False would compile the callee
# once for each value
COUNT, STORE = np.int64(-2), np.int64(-1)  # _walk modes besides the k-th instance
TRUE, FALSE = np.bool_(True), np.bool_(False)
N_BIG = len(R.BIG_COLUMNS)


# ------------------------------------------------------------------ basics
@jit(inline="always")
def party_vote(party_assets, q, H, nw, wishes, party_ideo, bill_ideo):
    """+1 for, -1 against, 0 no vote; party_assets[q] holds H holders, the white assets last.  The
    first ``nw`` holders vote as they wish: H - 1 (the white assets are dissidents, who
    vote their ideology) or H (in the dissident variant white is a player's colour)."""
    total = 0
    for h in range(H):
        total += party_assets[q, h]
    if total == 0:
        return 0
    dv = 1 if bill_ideo == party_ideo else -1
    b = biggest(party_assets, q, H)
    if b >= nw:
        return dv
    if b >= 0:
        return 1 if wishes[b] else -1
    seen_for, seen_against = False, False
    for h in range(nw):
        if party_assets[q, h] > 0:
            if wishes[h]:
                seen_for = True
            else:
                seen_against = True
    if nw < H and party_assets[q, H - 1] > 0:
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


@jit(alloc=False)
def _bloc_votes(bloc, bill, H, nw, work, table):
    """Each party of ``bloc`` votes on ``bill`` by the current wishes, into ``votes``."""
    st = views(work, table)
    party_bloc, party_ideo, b_ideo = st.party_bloc, st.party_ideo, st.b_ideo
    party_assets, wishes, votes = st.party_assets, st.wishes, st.votes
    m = 0
    for q in range(9):
        if party_bloc[q] == bloc:
            votes[m] = party_vote(party_assets, q, H, nw, wishes, party_ideo[q], b_ideo[bill])
            m += 1


@jit(alloc=False)
def bargain(H, nw, npr, work, table, bloc, bill, target, none, n):
    """The bargaining rule (rules.POLICIES["bargain"]) for a bill about to fail: each
    bargaining colour (``cpol``: the policy of its first seat) that wants it, in order, offers each seat that decides a party of
    the bloc against it (in party order) the smallest share of its profit that leaves the
    other better off, its loss from the bill + 1 asset, if that is at most 1/BARGAIN_SHARE
    of the profit; a bargaining seat accepts when its votes then pass the bill.  Returns
    (payer, payee, price), or -1s when no deal is made (wishes and votes then unchanged)."""
    st = views(work, table)
    slot_bloc, party_bloc, b_own, b_other = st.slot_bloc, st.party_bloc, st.b_own, st.b_other
    cpol, corp_assets, party_assets = st.cpol, st.corp_assets, st.party_assets
    corp_sector, wishes, votes, totals = st.corp_sector, st.wishes, st.votes, st.totals
    for p in range(nw):
        if cpol[p] != BARGAIN or not wishes[p]:
            continue
        gain = bill_net(
            p,
            bill,
            bloc,
            target,
            b_own,
            b_other,
            H,
            npr,
            True,
            corp_sector,
            corp_assets,
            slot_bloc,
        )
        for q in range(9):
            if party_bloc[q] != bloc:
                continue
            o = biggest(party_assets, q, H)
            if o < 0 or o >= nw or o == p or cpol[o] != BARGAIN or wishes[o]:
                continue
            loss = -pass_gain(o, bill, bloc, target, none, H, npr, work, table)
            price = max(loss, 0) + 1
            if price * R.BARGAIN_SHARE > gain:
                continue
            wishes[o] = True
            _bloc_votes(bloc, bill, H, nw, work, table)
            _, _, ok = parliament(votes, totals, n)
            if ok:
                return p, o, price
            wishes[o] = False
            _bloc_votes(bloc, bill, H, nw, work, table)
    return -1, -1, 0


@jit(alloc=False)
def trade(s, P, H, nw, npr, work, table, bloc, bill, target, none, n):
    """Vote trading, a logroll across the year's bills (rules.POLICIES["bargain"]), for a
    bill about to fail: each bargaining colour ``a`` that wants it, in order, asks each
    bargaining colour ``b`` that decides a party of the bloc against it (in party order) for
    its vote, and promises its own vote for a later bill of the year (in bloc order, none
    promised yet) where ``a`` decides a party, would vote against and ``b`` for; both take
    the trade when b's vote passes the bill now and each gains at least R.TRADE_GAIN net
    from the two bills passing, on the board as it stands.  Returns (a, b, later bloc), or
    -1s when no trade is made (wishes unchanged)."""
    st = views(work, table)
    party_bloc, b_ideo, b_target, cseat = st.party_bloc, st.b_ideo, st.b_target, st.cseat
    cpol, party_assets, cur, wishes = st.cpol, st.party_assets, st.cur, st.wishes
    votes, totals, promise, col = st.votes, st.totals, st.promise, st.col
    for a in range(nw):
        if cpol[a] != BARGAIN or not wishes[a]:
            continue
        ga = pass_gain(a, bill, bloc, target, none, H, npr, work, table)
        for q in range(9):
            if party_bloc[q] != bloc:
                continue
            b = biggest(party_assets, q, H)
            if b < 0 or b >= nw or b == a or cpol[b] != BARGAIN or wishes[b]:
                continue
            wishes[b] = True
            _bloc_votes(bloc, bill, H, nw, work, table)
            _, _, ok = parliament(votes, totals, n)
            wishes[b] = False
            if not ok:
                continue
            gb = pass_gain(b, bill, bloc, target, none, H, npr, work, table)
            for y in range(bloc + 1, 4):
                if promise[y] >= 0:
                    continue
                decides = False
                for r in range(9):
                    if party_bloc[r] == y and biggest(party_assets, r, H) == a:
                        decides = True
                if not decides:  # a's vote decides no party there
                    continue
                later = cur[y]
                lt, ln = b_target[later], b_ideo[later] == R.NONE
                wa = wish(s, cseat[a, 0], a, cpol[a], y, later, lt, ln, H, P, npr, col, work, table)
                wb = wish(s, cseat[b, 0], b, cpol[b], y, later, lt, ln, H, P, npr, col, work, table)
                if wa or not wb:  # a's promise would change nothing b wants
                    continue
                ya = pass_gain(a, later, y, lt, ln, H, npr, work, table)
                yb = pass_gain(b, later, y, lt, ln, H, npr, work, table)
                if ga + ya >= R.TRADE_GAIN and gb + yb >= R.TRADE_GAIN:
                    return a, b, y
    return -1, -1, -1


# ------------------------------------------------------------------ decks
@jit(inline="always")
def _restock(s, scalars, n, dn, hidden, discard):
    """An empty stack (scalars[n] cards) takes back its discard pile (scalars[dn] cards),
    shuffled."""
    if scalars[n] == 0 and scalars[dn] > 0:
        for i in range(scalars[dn]):
            hidden[i] = discard[i]
        scalars[n] = scalars[dn]
        scalars[dn] = 0
        shuffle(s, hidden, scalars[n])


@jit(inline="always")
def _refill(s, scalars, top, n, dn, hidden, discard):
    """Turn up a new open card (scalars[top]) when there is none, restocking first."""
    if scalars[top] < 0:
        _restock(s, scalars, n, dn, hidden, discard)
        if scalars[n] > 0:
            scalars[n] -= 1
            scalars[top] = hidden[scalars[n]]


@jit(inline="always")
def _goal_away(g, mean, scalars, goal_deck, goal_discard):
    if mean:  # one stack: under it
        for i in range(scalars[G_N], 0, -1):
            goal_deck[i] = goal_deck[i - 1]
        goal_deck[0] = g
        scalars[G_N] += 1
    else:
        goal_discard[scalars[G_DN]] = g
        scalars[G_DN] += 1


@jit(alloc=False)
def _deal_goal(s, p, year, work, table):
    st = views(work, table)
    goal_slots, goal_count, scalars = st.goal_slots, st.goal_count, st.scalars
    goal_deck, goal_discard = st.goal_deck, st.goal_discard
    if goal_count[p] >= R.GOAL_SLOTS:
        return
    _restock(s, scalars, G_N, G_DN, goal_deck, goal_discard)
    if scalars[G_N] > 0:
        scalars[G_N] -= 1
        g = goal_deck[scalars[G_N]]
    elif scalars[G_OPEN] >= 0:
        g = scalars[G_OPEN]
        scalars[G_OPEN] = -1
    else:
        return
    _new_goal(p, g, year, HOW_RESET, goal_slots, goal_count)
    _refill(s, scalars, G_OPEN, G_N, G_DN, goal_deck, goal_discard)


@jit(inline="always")
def _new_goal(p, g, year, how, goal_slots, goal_count):
    k = goal_count[p]
    goal_slots[p, k, G_ID] = g
    goal_slots[p, k, G_ACQ] = year
    goal_slots[p, k, G_DISC] = 0
    goal_slots[p, k, G_REV] = 0
    goal_slots[p, k, G_MET] = 0
    goal_slots[p, k, G_HOW] = how
    goal_count[p] += 1


# ------------------------------------------------------------------ actions
@jit(inline="always")
def _take_corp(s, src, keep, scalars, corp_deck, corp_discard):
    if src == 0:
        card = scalars[C_OPEN]
        scalars[C_OPEN] = -1
    elif src == 1:
        scalars[C_DN] -= 1
        card = corp_discard[scalars[C_DN]]
    else:
        if scalars[C_OPEN] >= 0:
            corp_discard[scalars[C_DN]] = scalars[C_OPEN]
            scalars[C_DN] += 1
            scalars[C_OPEN] = -1
        a = corp_deck[scalars[C_N] - 1]
        b = corp_deck[scalars[C_N] - 2]
        scalars[C_N] -= 2
        if keep == 0:
            card, scalars[C_OPEN] = a, b
        else:
            card, scalars[C_OPEN] = b, a
    _refill(s, scalars, C_OPEN, C_N, C_DN, corp_deck, corp_discard)
    return card


@jit(inline="always")
def _take_goal_open_or_discard(src, scalars, goal_discard):
    if src == 0:
        g = scalars[G_OPEN]
        scalars[G_OPEN] = -1
    else:
        scalars[G_DN] -= 1
        g = goal_discard[scalars[G_DN]]
    return g


@jit(inline="always")
def _draw_two_goals(mean, scalars, goal_deck, goal_discard, two):
    if scalars[G_OPEN] >= 0:
        _goal_away(scalars[G_OPEN], mean, scalars, goal_deck, goal_discard)
        scalars[G_OPEN] = -1
    two[0] = goal_deck[scalars[G_N] - 1]
    two[1] = goal_deck[scalars[G_N] - 2]
    scalars[G_N] -= 2


@jit(inline="always")
def _finish_buy(
    s, p, g, year, old_choice, mean, goal_slots, goal_count, scalars, goal_deck, goal_discard
):
    """Record the bought goal ``g``; lay off the old goal slot ``old_choice`` (-1 none)."""
    _new_goal(p, g, year, HOW_BOUGHT, goal_slots, goal_count)
    if old_choice >= 0:
        goal_slots[p, old_choice, G_DISC] = year
        _goal_away(goal_slots[p, old_choice, G_ID], mean, scalars, goal_deck, goal_discard)
    _refill(s, scalars, G_OPEN, G_N, G_DN, goal_deck, goal_discard)
    scalars[ACTIONS] += 1


@jit(inline="always")
def _pay_goal(p, seat_counts):
    seat_counts[p, SUPPLY] -= R.GOAL_PRICE
    seat_counts[p, PAID] += R.GOAL_PRICE


@jit(alloc=False, cache=True)
def _execute(s, p, c, year, mean, work, table):
    """Carry out a bot's decision (placement or goal buy)."""
    st = views(work, table)
    corp_assets, party_assets, corp_sector = st.corp_assets, st.party_assets, st.corp_sector
    seat_counts, goal_slots, goal_count, scalars = (
        st.seat_counts,
        st.goal_slots,
        st.goal_count,
        st.scalars,
    )
    corp_deck, corp_discard, goal_deck, goal_discard = (
        st.corp_deck,
        st.corp_discard,
        st.goal_deck,
        st.goal_discard,
    )
    dec, two = st.dec, st.two
    if dec[D_KIND] == BUY:
        _pay_goal(p, seat_counts)
        if dec[D_SRC] == 2:
            _draw_two_goals(mean, scalars, goal_deck, goal_discard, two)
            k = dec[D_KEEP]
            g = two[k]
            scalars[G_OPEN] = two[1 - k]
        else:
            g = _take_goal_open_or_discard(dec[D_SRC], scalars, goal_discard)
        _finish_buy(
            s,
            p,
            g,
            year,
            dec[D_SWAP],
            mean,
            goal_slots,
            goal_count,
            scalars,
            goal_deck,
            goal_discard,
        )
    else:  # seat p puts ``amount`` of its supply on the board in its colour c
        typ, where, amount = dec[D_TYP], dec[D_WHERE], dec[D_AMOUNT]
        if typ == ON_CORP:
            corp_assets[where, c] += amount
        elif typ == ON_PARTY:
            party_assets[where, c] += amount
        else:
            slot = dec[D_SLOT]
            corp_sector[slot] = _take_corp(
                s, dec[D_SRC], dec[D_KEEP], scalars, corp_deck, corp_discard
            )
            corp_assets[slot, c] += amount
        seat_counts[p, SUPPLY] -= amount
        scalars[ACTIONS] += 1


# ------------------------------------------------------------------ the control deck
@jit(inline="always")
def _k_draw(control_counts, control_stack):
    if control_counts[K_N] == 0:
        return -1
    control_counts[K_N] -= 1
    return control_stack[control_counts[K_N]]


@jit(inline="always")
def _choosable(open_controls, three, out):
    n = R.CONTROL_OPEN - 1 if three else R.CONTROL_OPEN
    k = 0
    for i in range(n):
        if open_controls[i] >= 0:
            out[k] = i
            k += 1
    return k


@jit(alloc=False)
def _take_control(p, i, work, table):
    st = views(work, table)
    seat_counts, scalars, control_stack = st.seat_counts, st.scalars, st.control_stack
    control_counts, open_controls, held = st.control_counts, st.open_controls, st.held
    controls_n, big_counts = st.controls_n, st.big_counts
    seat_counts[p, SUPPLY] -= R.CONTROL_PRICE
    seat_counts[p, PAID] += R.CONTROL_PRICE
    held[p, controls_n[p]] = open_controls[i]
    controls_n[p] += 1
    last = R.CONTROL_OPEN - 1
    if i < last:  # the turned card moves to the position, a new one is turned
        open_controls[i] = open_controls[last]
    open_controls[last] = _k_draw(control_counts, control_stack)
    big_counts[p, BOUGHT] += 1
    scalars[ACTIONS] += 1


@jit(alloc=False)
def _domain_margin(c, dk, da, H, work, table):
    """Colour c's lead in a domain: sector (its corps), bloc (corps and parties), ideology."""
    st = views(work, table)
    slot_bloc, party_bloc, party_ideo = st.slot_bloc, st.party_bloc, st.party_ideo
    corp_assets, party_assets, corp_sector = st.corp_assets, st.party_assets, st.corp_sector
    agg = st.agg
    for h in range(H):
        agg[0, h] = 0
    if dk == 0 or dk == 1:
        for x in range(corp_sector.shape[0]):
            if corp_sector[x] >= 0 and (
                (dk == 0 and corp_sector[x] == da) or (dk == 1 and slot_bloc[x] == da)
            ):
                for h in range(H):
                    agg[0, h] += corp_assets[x, h]
    for q in range(9):
        if (dk == 1 and party_bloc[q] == da) or (dk == 2 and party_ideo[q] == da):
            for h in range(H):
                agg[0, h] += party_assets[q, h]
    return margin(agg, 0, H, c)


@jit(alloc=False)
def _buy_bot(p, c, H, three, work, table, tmp):
    """The goal bots' control buy (reference_big.BigGame.buy_control): the open position, or -1."""
    st = views(work, table)
    control_kind, control_arg = st.control_kind, st.control_arg
    control_action, open_controls, held = st.control_action, st.open_controls, st.held
    controls_n = st.controls_n
    for j in range(controls_n[p]):
        k = held[p, j]
        if control_action[k] != BLOCK and control_action[k] != COPY:
            if _domain_margin(c, control_kind[k], control_arg[k], H, work, table) > 0:
                return -1
    n = _choosable(open_controls, three, tmp)
    best, where = 0, -1
    for j in range(n):
        i = tmp[j]
        k = open_controls[i]
        m = _domain_margin(c, control_kind[k], control_arg[k], H, work, table)
        if control_action[k] != BLOCK and control_action[k] != COPY and m > best:
            best, where = m, i
    return where


@jit(inline="always")
def _copy(dst, src):
    """dst[:] = src element by element (a slice copy needs numba's allocator)."""
    for i in range(dst.shape[0]):
        dst[i] = src[i]


@jit(inline="always")
def _copy2(dst, src):
    """dst[:, :] = src element by element."""
    for i in range(dst.shape[0]):
        for j in range(dst.shape[1]):
            dst[i, j] = src[i, j]


@jit(inline="always")
def _emit(buf, cnt, k, x, y, h, n):
    """Instance number ``cnt``: kept in buf (STORE), as buf[0] when it is the k-th."""
    if (k == STORE and cnt < BUF) or k == cnt:
        j = cnt if k == STORE else 0
        buf[j, 0], buf[j, 1], buf[j, 2], buf[j, 3] = x, y, h, n
    return cnt + 1


@jit(alloc=False)
def _walk(p, action, full, k, work, table, P, H):
    """The instances of ``action`` for seat p in reference_big.BigGame.instances order;
    returns their number (``k``: COUNT, STORE or the one to keep)."""
    st = views(work, table)
    corp_assets, party_assets, corp_sector = st.corp_assets, st.party_assets, st.corp_sector
    scalars, held, controls_n, buf = st.scalars, st.held, st.controls_n, st.buf
    nslot = corp_sector.shape[0]
    cnt = 0
    if action == FAIL_TO_PARTY:
        for x in range(nslot):
            if corp_sector[x] >= 0:
                for q in range(9):
                    cnt = _emit(buf, cnt, k, x, q, 0, 0)
    elif action == CORP_TO_PARTY:
        for h in range(H):
            for x in range(nslot):
                if corp_sector[x] >= 0 and corp_assets[x, h] > 0:
                    for q in range(9):
                        for n in range(1 if full else corp_assets[x, h], corp_assets[x, h] + 1):
                            cnt = _emit(buf, cnt, k, x, q, h, n)
    elif action == PARTY_TO_PARTY:
        for h in range(H):
            for x in range(9):
                if party_assets[x, h] > 0:
                    for y in range(9):
                        if y != x:
                            for n in range(
                                1 if full else party_assets[x, h], party_assets[x, h] + 1
                            ):
                                cnt = _emit(buf, cnt, k, x, y, h, n)
    elif action == PARTY_HOME:
        for x in range(9):
            t = 0
            for h in range(H):
                t += party_assets[x, h]
            if t > 0:
                cnt = _emit(buf, cnt, k, x, 0, 0, 0)
    elif action == GAIN:
        for h in range(P):
            cnt = _emit(buf, cnt, k, 0, 0, h, 0)
    elif action == SWAP_CARD:
        for o in range(P):
            if o != p:
                for j in range(controls_n[o]):
                    cnt = _emit(buf, cnt, k, o, held[o, j], 0, 0)
    elif action == PARTY_TO_CORP:
        for h in range(H):
            for x in range(9):
                if party_assets[x, h] > 0:
                    for y in range(nslot):
                        if corp_sector[y] >= 0:
                            for n in range(
                                1 if full else party_assets[x, h], party_assets[x, h] + 1
                            ):
                                cnt = _emit(buf, cnt, k, x, y, h, n)
    elif action == FAIL_TO_CORP or action == SWAP_CORPS:
        for x in range(nslot):
            if corp_sector[x] >= 0:
                for y in range(nslot):
                    ok = y > x if action == SWAP_CORPS else y != x
                    if corp_sector[y] >= 0 and ok:
                        cnt = _emit(buf, cnt, k, x, y, 0, 0)
    elif action == PARTY_MERGE:
        for x in range(9):
            t = 0
            for h in range(H):
                t += party_assets[x, h]
            if t > 0:
                for y in range(9):
                    if y != x:
                        cnt = _emit(buf, cnt, k, x, y, 0, 0)
    elif action == FAIL_HOME:
        for x in range(nslot):
            if corp_sector[x] >= 0:
                cnt = _emit(buf, cnt, k, x, 0, 0, 0)
    elif action == FAIL_TO_NEW:
        for x in range(nslot):
            if corp_sector[x] < 0:
                continue
            for src in range(3):
                if src == 0 and scalars[C_OPEN] < 0:
                    continue
                if src == 1 and scalars[C_DN] == 0:
                    continue
                if src == 2 and (not full or scalars[C_N] < 2):
                    continue
                for keep in range(2 if src == 2 else 1):
                    for z in range(nslot):
                        if corp_sector[z] < 0 or z == x:
                            cnt = _emit(buf, cnt, k, x, z, src, keep)
    elif action == REPLACE_BILL:
        if scalars[B_N] > 0:
            for b in range(4):
                cnt = _emit(buf, cnt, k, b, 0, 0, 0)
    return cnt


@jit(alloc=False)
def _act(
    real,
    s,
    p,
    c,
    action,
    inst,
    H,
    work,
    table,
    corp_assets,
    party_assets,
    corp_sector,
    seat_counts,
):
    """Carry out an instance (x, y, h, n); ``real`` False (a bot's look-ahead on copies)
    changes the board only: no cards, bills or counters move and nothing is drawn."""
    st = views(work, table)
    cseat, scalars, corp_discard = st.cseat, st.scalars, st.corp_discard
    bill_deck, cur, control_counts, held = st.bill_deck, st.cur, st.control_counts, st.held
    controls_n, big_counts, corp_deck = st.controls_n, st.big_counts, st.corp_deck
    x, y, h, n = inst[0], inst[1], inst[2], inst[3]
    if action == FAIL_TO_PARTY or action == FAIL_TO_CORP or action == FAIL_HOME:
        for k in range(H):
            if action == FAIL_TO_PARTY:
                party_assets[y, k] += corp_assets[x, k]
            elif action == FAIL_TO_CORP:
                corp_assets[y, k] += corp_assets[x, k]
            else:
                _home(real, k, corp_assets[x, k], cseat, seat_counts, control_counts)
            corp_assets[x, k] = 0
        _fail(real, x, corp_sector, scalars, corp_discard)
    elif action == CORP_TO_PARTY:
        corp_assets[x, h] -= n
        party_assets[y, h] += n
        t = 0
        for k in range(H):
            t += corp_assets[x, k]
        if t == 0:
            _fail(real, x, corp_sector, scalars, corp_discard)
    elif action == PARTY_TO_PARTY:
        party_assets[x, h] -= n
        party_assets[y, h] += n
    elif action == PARTY_HOME:
        for k in range(H):
            _home(real, k, party_assets[x, k], cseat, seat_counts, control_counts)
            party_assets[x, k] = 0
    elif action == GAIN:  # "one player": a seat (h), a dissident player too
        seat_counts[h, SUPPLY] += 2
        if real:
            seat_counts[h, GAINED] += 2
            big_counts[h, CGAIN] += 2
    elif action == SWAP_CARD:
        if real:
            for j in range(controls_n[p]):
                if held[p, j] == c:
                    held[p, j] = y
                    break
            for j in range(controls_n[x]):
                if held[x, j] == y:
                    held[x, j] = c
                    break
    elif action == PARTY_TO_CORP:
        party_assets[x, h] -= n
        corp_assets[y, h] += n
    elif action == PARTY_MERGE:
        for k in range(H):
            party_assets[y, k] += party_assets[x, k]
            party_assets[x, k] = 0
    elif action == SWAP_CORPS:
        corp_sector[x], corp_sector[y] = corp_sector[y], corp_sector[x]
        for k in range(H):
            corp_assets[x, k], corp_assets[y, k] = corp_assets[y, k], corp_assets[x, k]
    elif action == FAIL_TO_NEW:
        z, src, keep = y, h, n
        if real:  # the new card is taken before x reaches the discard pile
            card = _take_corp(s, src, keep, scalars, corp_deck, corp_discard)
            _fail(real, x, corp_sector, scalars, corp_discard)
        else:
            card = scalars[C_OPEN] if src == 0 else corp_discard[scalars[C_DN] - 1]
            corp_sector[x] = -1
        corp_sector[z] = card
        if z != x:
            for k in range(H):
                corp_assets[z, k] += corp_assets[x, k]
                corp_assets[x, k] = 0
    elif action == REPLACE_BILL:
        if real:
            scalars[B_N] -= 1
            cur[x] = bill_deck[scalars[B_N]]


@jit(inline="always")
def _home(real, k, n, cseat, seat_counts, control_counts):
    """n assets of colour k back to its first seat's supply (the white assets to the first
    dissident player); the neutral white assets, which no seat plays, leave the board."""
    if cseat[k, 0] >= 0:
        seat_counts[cseat[k, 0], SUPPLY] += n
    elif real:
        control_counts[K_HOME] += n


@jit(inline="always")
def _fail(real, x, corp_sector, scalars, corp_discard):
    if real:
        corp_discard[scalars[C_DN]] = corp_sector[x]
        scalars[C_DN] += 1
        scalars[BANKRUPT] += 1
    corp_sector[x] = -1


# ------------------------------------------------------------------ the goal bots' valuation
@jit(alloc=False)
def _value(p, lead, work, table, H, corp_assets, corp_sector, party_assets, seat_counts):
    """4 x requirements of p's own open goals met on its colour's assets + p's supply - 2 x
    places the leader leads; a mate's goals are hidden until revealed ("alleen openlijk aan
    tafel"), and a revealed goal is achieved."""
    st = views(work, table)
    col, g_nreq, goal_slots, goal_count = st.col, st.g_nreq, st.goal_slots, st.goal_count
    slot_bloc, party_bloc, g_kind, g_arg, agg = (
        st.slot_bloc,
        st.party_bloc,
        st.g_kind,
        st.g_arg,
        st.agg,
    )
    met = 0
    for i in range(goal_count[p]):
        if goal_slots[p, i, G_DISC] != 0 or goal_slots[p, i, G_REV] != 0:
            continue
        g = goal_slots[p, i, G_ID]
        for j in range(g_nreq[g]):
            m = req_margin(
                col[p],
                g,
                j,
                H,
                corp_assets,
                corp_sector,
                party_assets,
                slot_bloc,
                party_bloc,
                g_kind,
                g_arg,
                agg,
            )
            if m > 0:
                met += 1
    places = 0
    if lead >= 0:
        for x in range(corp_sector.shape[0]):
            if corp_sector[x] >= 0 and biggest(corp_assets, x, H) == lead:
                places += 1
        for q in range(9):
            if biggest(party_assets, q, H) == lead:
                places += 1
    return 4 * met + seat_counts[p, SUPPLY] - 2 * places


@jit(alloc=False)
def _value_after(s, p, lead, who, c, action, inst, work, table, H):
    """p's value had seat ``who`` carried out ``inst`` (on copies of the board)."""
    st = views(work, table)
    corp_assets, party_assets, corp_sector = st.corp_assets, st.party_assets, st.corp_sector
    seat_counts, corp_assets_copy = st.seat_counts, st.corp_assets_copy
    party_assets_copy, corp_sector_copy = st.party_assets_copy, st.corp_sector_copy
    seat_counts_copy = st.seat_counts_copy
    _copy2(corp_assets_copy, corp_assets)
    _copy2(party_assets_copy, party_assets)
    _copy(corp_sector_copy, corp_sector)
    _copy2(seat_counts_copy, seat_counts)
    _act(
        FALSE,
        s,
        who,
        c,
        action,
        inst,
        H,
        work,
        table,
        corp_assets_copy,
        party_assets_copy,
        corp_sector_copy,
        seat_counts_copy,
    )
    return _value(
        p,
        lead,
        work,
        table,
        H,
        corp_assets_copy,
        corp_sector_copy,
        party_assets_copy,
        seat_counts_copy,
    )


# the Big Game's arguments after the seat, card and action, in this order
@jit(alloc=False)
def _best_instance(s, p, c, action, P, H, work, table):
    """The gain of the instance that raises p's value the most (into ``best``), 0 for none."""
    st = views(work, table)
    col, corp_assets, party_assets = st.col, st.corp_assets, st.party_assets
    corp_sector, seat_counts, buf, best = st.corp_sector, st.seat_counts, st.buf, st.best
    o = leader(p, P, H, work, table)
    lead = col[o] if o >= 0 else -1
    now = _value(p, lead, work, table, H, corp_assets, corp_sector, party_assets, seat_counts)
    cnt = _walk(p, action, FALSE, STORE, work, table, P, H)
    top = 0
    for i in range(min(cnt, BUF)):
        v = _value_after(s, p, lead, p, c, action, buf[i], work, table, H) - now
        if v > top:
            top = v
            _copy(best, buf[i])
    return top


@jit(alloc=False)
def _reaction_card(r, kind, c, H, work, table):
    """r's first unused card of the reaction ``kind`` whose domain it leads, or -1."""
    st = views(work, table)
    control_kind, control_arg = st.control_kind, st.control_arg
    control_action, held, controls_n, used = st.control_action, st.held, st.controls_n, st.used
    for j in range(controls_n[r]):
        k = held[r, j]
        if control_action[k] == kind and used[k] == 0:
            if _domain_margin(c, control_kind[k], control_arg[k], H, work, table) > 0:
                return k
    return -1


@jit(alloc=False, cache=True)
def _control(s, P, H, work, table):
    """Seed "Fase Control" (reference_big.BigGame.control_phase and play_card)."""
    st = views(work, table)
    pol, col, seat_counts, scalars = st.pol, st.col, st.seat_counts, st.scalars
    passed, control_kind, control_arg = st.passed, st.control_kind, st.control_arg
    control_action, held, controls_n, used = st.control_action, st.held, st.controls_n, st.used
    buf, best, pick, playable = st.buf, st.best, st.pick, st.playable
    passed[:P] = 0
    npassed, last_regular = 0, False
    p = scalars[START]
    while npassed < P:
        if not passed[p]:
            extra = 0
            if npassed == P - 1:
                if last_regular:
                    extra = R.EXTRA_TURN_COST
                last_regular = True
            card = -1
            if seat_counts[p, SUPPLY] >= extra:
                # the playable cards, in the order held
                n = 0
                for j in range(controls_n[p]):
                    k = held[p, j]
                    a = control_action[k]
                    if a == BLOCK or a == COPY or used[k] != 0:
                        continue
                    if _domain_margin(col[p], control_kind[k], control_arg[k], H, work, table) <= 0:
                        continue
                    if _walk(p, a, TRUE, COUNT, work, table, P, H) > 0:
                        playable[n] = k
                        n += 1
                if n > 0 and pol[p] == RANDOM:
                    j = bounded(s, n + 1)
                    if j < n:
                        card = playable[j]
                        cnt = _walk(p, control_action[card], TRUE, COUNT, work, table, P, H)
                        _walk(p, control_action[card], TRUE, bounded(s, cnt), work, table, P, H)
                        _copy(pick, buf[0])
                elif n > 0:
                    top = 0
                    for j in range(n):
                        k = playable[j]
                        g = _best_instance(s, p, k, control_action[k], P, H, work, table)
                        if g > top:
                            top = g
                            card = k
                            _copy(pick, best)
            if card < 0:
                passed[p] = True
                npassed += 1
            else:
                seat_counts[p, SUPPLY] -= extra
                seat_counts[p, PAID] += extra
                _play_card(s, p, card, P, H, work, table)
        p += 1
        if p == P:
            p = 0


@jit(alloc=False, cache=True)
def _play_card(s, p, c, P, H, work, table):
    """Card c with instance ``pick``: the others may block it, then it acts, then copies."""
    st = views(work, table)
    pol, col, corp_assets, party_assets = st.pol, st.col, st.corp_assets, st.party_assets
    corp_sector, seat_counts, control_action = st.corp_sector, st.seat_counts, st.control_action
    used, big_counts, buf, best, pick = st.used, st.big_counts, st.buf, st.best, st.pick
    action = control_action[c]
    used[c] = 1
    big_counts[p, PLAYED] += 1
    for i in range(1, P):
        r = (p + i) % P
        b = _reaction_card(r, np.int64(BLOCK), col[r], H, work, table)
        if b < 0:
            continue
        if pol[r] == RANDOM:
            block = bounded(s, 2) == 1
        else:
            block = False
            if col[r] != col[p]:  # a team never blocks its own card
                o = leader(r, P, H, work, table)
                lead = col[o] if o >= 0 else -1
                now = _value(
                    r,
                    lead,
                    work,
                    table,
                    H,
                    corp_assets,
                    corp_sector,
                    party_assets,
                    seat_counts,
                )
                after = _value_after(s, r, lead, p, c, action, pick, work, table, H)
                block = after < now
        if block:
            used[b] = 1
            big_counts[r, PLAYED] += 1
            return
    _act(
        TRUE,
        s,
        p,
        c,
        action,
        pick,
        H,
        work,
        table,
        corp_assets,
        party_assets,
        corp_sector,
        seat_counts,
    )
    for i in range(1, P):
        r = (p + i) % P
        k = _reaction_card(r, np.int64(COPY), col[r], H, work, table)
        if k < 0:
            continue
        if pol[r] == RANDOM:
            cnt = _walk(r, action, TRUE, COUNT, work, table, P, H)
            if cnt == 0 or bounded(s, 2) == 0:
                continue
            _walk(r, action, TRUE, bounded(s, cnt), work, table, P, H)
            _copy(best, buf[0])
        else:
            g = _best_instance(s, r, k, action, P, H, work, table)
            if g == 0:
                continue
        used[k] = 1
        big_counts[r, PLAYED] += 1
        _act(
            TRUE,
            s,
            r,
            k,
            action,
            best,
            H,
            work,
            table,
            corp_assets,
            party_assets,
            corp_sector,
            seat_counts,
        )


# ------------------------------------------------------------------ Specialty, tokens
@jit(alloc=False, cache=True)
def _specialty(P, H, work, table):
    st = views(work, table)
    col, slot_bloc, slot_ideo, corp_assets = st.col, st.slot_bloc, st.slot_ideo, st.corp_assets
    corp_sector, seat_counts, scalars = st.corp_sector, st.seat_counts, st.scalars
    specialty_kind, specialty_arg = st.specialty_kind, st.specialty_arg
    big_counts = st.big_counts
    for p in range(P):
        n = 0
        for t in range(2):
            if t == 1 and p != scalars[START]:
                continue
            kind = specialty_kind[p] if t == 0 else specialty_kind[P]
            a = specialty_arg[p] if t == 0 else specialty_arg[P]
            for x in range(corp_sector.shape[0]):
                if corp_sector[x] < 0:
                    continue
                if kind == 0:
                    fits = corp_sector[x] == a
                else:  # kind -1: rules.NO_SPECIALTY
                    fits = kind == 1 and slot_bloc[x] == a and slot_ideo[x] == 1
                if fits and biggest(corp_assets, x, H) == col[p]:
                    n += 1
        seat_counts[p, SUPPLY] += n  # to the seat: a team shares profit, not assets
        seat_counts[p, GAINED] += n
        big_counts[p, SPEC] += n


@jit(alloc=False, cache=True)
def _tokens(year, P, H, work, table):
    """A goal revealed in an earlier year and met again: 1 victory token, then 2 more."""
    st = views(work, table)
    goal_slots, goal_count, tok = st.goal_slots, st.goal_count, st.tok
    col, g_nreq, corp_assets, party_assets = st.col, st.g_nreq, st.corp_assets, st.party_assets
    corp_sector = st.corp_sector
    slot_bloc, party_bloc, g_kind, g_arg, agg = (
        st.slot_bloc,
        st.party_bloc,
        st.g_kind,
        st.g_arg,
        st.agg,
    )
    for p in range(P):
        for i in range(goal_count[p]):
            if (
                goal_slots[p, i, G_DISC] != 0
                or goal_slots[p, i, G_REV] == 0
                or goal_slots[p, i, G_REV] >= year
            ):
                continue
            if tok[p, i] >= R.TOKENS_PER_GOAL:
                continue
            g = goal_slots[p, i, G_ID]
            if (
                goal_margin(
                    p,
                    g,
                    H,
                    col,
                    g_nreq,
                    corp_assets,
                    corp_sector,
                    party_assets,
                    slot_bloc,
                    party_bloc,
                    g_kind,
                    g_arg,
                    agg,
                )
                > 0
            ):
                tok[p, i] += 1 if tok[p, i] == 0 else 2


@jit(alloc=False)
def _turns(s, year, final, P, H, work, table, swaps, mean, big, randoms, blocks):
    """One phase of turns (the Final when ``final``).  A seat of colour H - 1 is a dissident
    player (no goals): its random bot never buys a goal, its other bots block.  ``big`` is
    None, or in the Big Game its flags (:func:`simulate`), and a turn may also buy a control
    card (reference_big); ``randoms`` and ``blocks`` are None when no seat plays the random
    bot, or blocks (:func:`simulate`)."""
    st = views(work, table)
    pol, col, seat_counts, scalars, dec = st.pol, st.col, st.seat_counts, st.scalars, st.dec
    tmp, passed, open_controls = st.tmp, st.passed, st.open_controls
    goal_count, goal_slots, g_nreq, g_kind = st.goal_count, st.goal_slots, st.g_nreq, st.g_kind
    g_arg, act = st.g_arg, st.act
    if big is not None:
        three = big[0]
    passed[:P] = 0
    npassed, first_done, last_regular = 0, False, False
    p = scalars[START]
    while npassed < P:
        if not passed[p]:
            extra = 0
            if npassed == P - 1 and not final:  # the Final places every asset: no fee
                if last_regular:
                    extra = R.EXTRA_TURN_COST
                last_regular = True
            eff = seat_counts[p, SUPPLY] - extra
            c = col[p]
            white = c == H - 1
            dec[D_KIND] = PASS
            if eff >= 1:
                blocked = False
                if randoms is not None and pol[p] == RANDOM:
                    nctl = 0
                    if big is not None:
                        nctl = _choosable(open_controls, three, tmp[3])
                    random_turn(s, p, eff, final, not white, swaps, nctl, work, table)
                elif blocks is not None and (white or pol[p] == CONTEST or pol[p] == BARGAIN):
                    co = INF
                    if not white:
                        co = own_best(
                            p,
                            c,
                            H,
                            goal_count,
                            goal_slots,
                            g_nreq,
                            g_kind,
                            g_arg,
                            dec,
                            act,
                            work,
                            table,
                        )
                    blocked = contest_block(
                        p, c, eff, co if co < INF else 2 * R.GOAL_PRICE, white, P, H, work, table
                    )
                    if white and not blocked:
                        dec[D_KIND] = PASS
                        if final:  # nothing to block: the rest on America's first party
                            dec[D_KIND] = PLACE
                            dec[D_TYP], dec[D_WHERE], dec[D_SLOT] = ON_PARTY, 0, 0
                            dec[D_SRC], dec[D_KEEP], dec[D_AMOUNT] = 0, 0, eff
                if pol[p] != RANDOM and not blocked and not white:
                    goal_turn(p, c, eff, final, swaps, H, work, table)
                if big is not None and pol[p] != RANDOM and not blocked and not final:
                    if dec[D_KIND] != PLACE:
                        # a control card before a goal; a dissident player's before passing
                        where = _buy_bot(p, c, H, three, work, table, tmp[3])
                        if where >= 0:
                            dec[D_KIND] = BUY_CONTROL
                            dec[D_WHERE] = where
            acted = dec[D_KIND] != PASS
            if big is not None and dec[D_KIND] == BUY_CONTROL:
                _take_control(p, dec[D_WHERE], work, table)
            elif acted:
                _execute(s, p, c, year, mean, work, table)
            if acted:
                seat_counts[p, SUPPLY] -= extra
                seat_counts[p, PAID] += extra
            else:
                passed[p] = True
                npassed += 1
                if not first_done and not final:  # no next year to start in the Final
                    first_done = True
                    scalars[START] = p
                    seat_counts[p, SUPPLY] += R.FIRST_PASS_BONUS
                    seat_counts[p, INCOME] += R.FIRST_PASS_BONUS
        p += 1
        if p == P:
            p = 0


# ------------------------------------------------------------------ bills
@jit(inline="always")
def _give(h, n, csize, cseat, seat_counts):
    """Colour h takes n assets from the bank: one seat's, or a team's, each asset to the mate
    with the smaller supply (the lower seat on a tie; the rulebook: the team shares its profit)."""
    if csize[h] == 1:
        seat_counts[cseat[h, 0], SUPPLY] += n
        seat_counts[cseat[h, 0], GAINED] += n
        return
    for _ in range(n):
        a, b = cseat[h, 0], cseat[h, 1]
        m = b if seat_counts[b, SUPPLY] < seat_counts[a, SUPPLY] else a
        seat_counts[m, SUPPLY] += 1
        seat_counts[m, GAINED] += 1


@jit(inline="always")
def _take(h, n, csize, cseat, seat_counts):
    """Colour h pays n assets of profit: each from the mate with the larger supply."""
    if csize[h] == 1:
        seat_counts[cseat[h, 0], SUPPLY] -= n
        seat_counts[cseat[h, 0], GAINED] -= n
        return
    for _ in range(n):
        a, b = cseat[h, 0], cseat[h, 1]
        m = b if seat_counts[b, SUPPLY] > seat_counts[a, SUPPLY] else a
        seat_counts[m, SUPPLY] -= 1
        seat_counts[m, GAINED] -= 1


@jit(alloc=False)
def _resolve(s, bloc, bill, P, H, nw, npr, work, table, bargains):
    """One bill: the wishes of the ``nw`` colours that vote as they wish (each decided by its
    first seat), the party and parliament votes, a bargain, the payout to the ``npr`` colours
    that take profits (``nw``, or the player colours when the dissident players take none)
    and losses off the corps (``lost`` per colour).  ``bargains`` is None when no seat
    bargains: the bargaining code is then not compiled (:func:`simulate`)."""
    st = views(work, table)
    pol, col, slot_bloc, party_bloc = st.pol, st.col, st.slot_bloc, st.party_bloc
    party_ideo = st.party_ideo
    b_ideo, b_target, b_own, b_other = st.b_ideo, st.b_target, st.b_own, st.b_other
    r_own, r_other, cseat, csize, lost = st.r_own, st.r_other, st.cseat, st.csize, st.lost
    corp_assets, party_assets, corp_sector = st.corp_assets, st.party_assets, st.corp_sector
    seat_counts, scalars, corp_discard = st.seat_counts, st.scalars, st.corp_discard
    wishes, votes, totals, promise = st.wishes, st.votes, st.totals, st.promise
    target = b_target[bill]
    none = b_ideo[bill] == R.NONE
    for h in range(nw):
        p = cseat[h, 0]
        wishes[h] = wish(s, p, h, pol[p], bloc, bill, target, none, H, P, npr, col, work, table)
    if promise[bloc] >= 0:  # a vote traded away earlier this year is kept
        wishes[promise[bloc]] = True
    n = np.int64(0)  # typed: a literal first value would compile trade and bargain twice
    for q in range(9):
        if party_bloc[q] == bloc:
            votes[n] = party_vote(party_assets, q, H, nw, wishes, party_ideo[q], b_ideo[bill])
            t = 0
            for h in range(H):
                t += party_assets[q, h]
            totals[0, n] = t
            n += 1
    _, _, passed = parliament(votes, totals, n)
    payer, payee, price = -1, -1, 0
    if bargains is not None:  # first a vote for a vote, then a share for a vote
        if not passed:
            a, b2, y = trade(s, P, H, nw, npr, work, table, bloc, bill, target, none, n)
            if a >= 0:
                promise[y] = a
                passed = True
        if not passed:
            payer, payee, price = bargain(H, nw, npr, work, table, bloc, bill, target, none, n)
            passed = payer >= 0
    if passed:
        scalars[PASSED] += 1
    if not (passed or none):
        return
    got = 0  # the payer's gains from this bill, out of which it pays the promised share
    for x in range(corp_sector.shape[0]):
        if corp_sector[x] < 0 or (target >= 0 and corp_sector[x] != target):
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
            before += corp_assets[x, h]
        big = biggest(corp_assets, x, H)
        after = 0
        for h in range(H):
            if corp_assets[x, h] > 0:
                amt = big_amt if h == big else stake_amt
                if amt > 0 and h < npr:
                    _give(h, amt, csize, cseat, seat_counts)
                    if h == payer:
                        got += amt
                elif amt < 0:
                    take = min(-amt, corp_assets[x, h])
                    corp_assets[x, h] -= take
                    lost[h] += take
                    if h == H - 1:
                        scalars[D_LOST] += take
            after += corp_assets[x, h]
        if before > 0 and after == 0:
            corp_discard[scalars[C_DN]] = corp_sector[x]
            scalars[C_DN] += 1
            corp_sector[x] = -1
            scalars[BANKRUPT] += 1
    if bargains is not None and payer >= 0:  # paid in the payee's colour ("Onderhandelen")
        paid = min(price, got)
        _take(payer, paid, csize, cseat, seat_counts)
        _give(payee, paid, csize, cseat, seat_counts)


# ------------------------------------------------------------------ set-up, checks, reset
@jit(alloc=False)
def _dissidents(W, work, table):
    """One white asset (holder W) per party and corp position of each bloc's bill's ideology."""
    st = views(work, table)
    slot_bloc, slot_ideo, party_bloc = st.slot_bloc, st.slot_ideo, st.party_bloc
    party_ideo, b_ideo, corp_assets = st.party_ideo, st.b_ideo, st.corp_assets
    party_assets, corp_sector, scalars = st.party_assets, st.corp_sector, st.scalars
    cur = st.cur
    for b in range(4):
        ideo = b_ideo[cur[b]]
        for q in range(9):
            if party_bloc[q] == b and party_ideo[q] == ideo:
                party_assets[q, W] += 1
                scalars[D_PLACED] += 1
        for x in range(corp_sector.shape[0]):
            if slot_bloc[x] == b and slot_ideo[x] == ideo and corp_sector[x] >= 0:
                corp_assets[x, W] += 1
                scalars[D_PLACED] += 1


@jit(alloc=False, cache=True)
def _check_goals(s, year, P, H, work, table):
    """Seat p's goals are judged on its colour's holdings."""
    st = views(work, table)
    pol, goal_slots, goal_count = st.pol, st.goal_slots, st.goal_count
    col, g_nreq, corp_assets, party_assets = st.col, st.g_nreq, st.corp_assets, st.party_assets
    corp_sector = st.corp_sector
    slot_bloc, party_bloc, g_kind, g_arg, agg = (
        st.slot_bloc,
        st.party_bloc,
        st.g_kind,
        st.g_arg,
        st.agg,
    )
    for p in range(P):
        for i in range(goal_count[p]):
            if goal_slots[p, i, G_DISC] != 0 or goal_slots[p, i, G_REV] != 0:
                continue
            low = goal_margin(
                p,
                goal_slots[p, i, G_ID],
                H,
                col,
                g_nreq,
                corp_assets,
                corp_sector,
                party_assets,
                slot_bloc,
                party_bloc,
                g_kind,
                g_arg,
                agg,
            )
            if low <= 0:
                continue
            goal_slots[p, i, G_MET] |= 1 << (year - 1)
            if year < R.YEARS:
                if reveal(s, pol[p], year, low):
                    goal_slots[p, i, G_REV] = year


@jit(alloc=False, cache=True)
def _score_game(gi, start, P, H, NC, dmode, nbase, work, table, ncat, nslot, out, s):
    """Score game ``gi``, write its records' first ``nbase`` columns and draw its winner.

    ``tok[seat, goal slot]`` are victory tokens (the Big Game; zero columns otherwise)."""
    st = views(work, table)
    pol, col, g_cat, cseat, csize, lost = st.pol, st.col, st.g_cat, st.cseat, st.csize, st.lost
    side_a, side_f, corp_assets = st.side_a, st.side_f, st.corp_assets
    party_assets, seat_counts, goal_slots = st.party_assets, st.seat_counts, st.goal_slots
    goal_count, scalars, tmp, got, score = st.goal_count, st.scalars, st.tmp, st.got, st.score
    board, tok = st.board, st.tok
    # final scoring, per colour (seed "Eindtelling"; a team pools its goals, so a
    # category counts once per team; in the dissident variant the others' failed goals
    # are the dissident players' achieved goals, and cost their owners nothing)
    for h in range(H):
        side_a[h], side_f[h] = 0, 0
        got[:] = 0
        for m in range(csize[h]):
            p = cseat[h, m]
            for i in range(goal_count[p]):
                if goal_slots[p, i, G_DISC] != 0:
                    continue
                if goal_slots[p, i, G_REV] != 0 or goal_slots[p, i, G_MET] & 4:
                    side_a[h] += 1
                    got[g_cat[goal_slots[p, i, G_ID]]] = 1
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
            bsum += corp_assets[x, h]
        for q in range(9):
            bsum += party_assets[q, h]
        board[h] = bsum
        tmp[0, h] = nc
    if dmode:  # the dissident players' goals: every failed goal of the others
        got[:] = 0
        nf = 0
        for p in range(P):
            if col[p] == NC:
                continue
            for i in range(goal_count[p]):
                if (
                    goal_slots[p, i, G_DISC] == 0
                    and goal_slots[p, i, G_REV] == 0
                    and goal_slots[p, i, G_MET] & 4 == 0
                ):
                    nf += 1
                    got[g_cat[goal_slots[p, i, G_ID]]] = 1
        nc = 0
        for c in range(ncat):
            nc += got[c]
        score[NC] = nf + nc
        tmp[0, NC] = nc
    for p in range(P):
        h = col[p]
        a, f = 0, 0
        for i in range(goal_count[p]):
            if goal_slots[p, i, G_DISC] != 0:
                continue
            if goal_slots[p, i, G_REV] != 0 or goal_slots[p, i, G_MET] & 4:
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
        out[row, COL_SUPPLY] = seat_counts[p, SUPPLY]
        out[row, COL_INCOME] = seat_counts[p, INCOME]
        out[row, COL_GAINED] = seat_counts[p, GAINED]
        out[row, COL_PAID] = seat_counts[p, PAID]
        out[row, COL_LOST] = lost[h]
        out[row, COL_BILLS_PASSED] = scalars[PASSED]
        out[row, COL_BANKRUPTCIES] = scalars[BANKRUPT]
        out[row, COL_ACTIONS] = scalars[ACTIONS]
        out[row, COL_DISSIDENTS_BOARD] = board[NC]
        out[row, COL_DISSIDENTS_PLACED] = scalars[D_PLACED]
        out[row, COL_DISSIDENTS_LOST] = scalars[D_LOST]
        for i in range(R.GOAL_SLOTS):
            for f2 in range(N_SLOT_FIELDS):
                v = goal_slots[p, i, f2] if i < goal_count[p] else (-1 if f2 == 0 else 0)
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
    mean,
    dissidents,
    out,
    work,
    table,
    big=None,
    randoms=None,
    blocks=None,
    bargains=None,
):
    """Play games start .. start+count-1; out[game*P + seat, column] in COLUMNS order.

    All state, and the input tables (written in by :func:`simulate_chunk`), lives in
    ``work`` as :data:`STATE` lays it out at ``table``.  ``big`` is None in the Base and Mean
    Game, in the Big Game (three, final_tokens).  The bots a table plays are compile-time
    too, each None when no seat plays it, else True: ``randoms`` the random bot, ``blocks``
    a bot that blocks (contest, bargain, a dissident player's), ``bargains`` the bargaining
    bot (:func:`config`).  numba compiles each combination on its own, without the code it
    does not run (the ``is not None`` branches of the other are dropped before typing).
    """
    H = NC + 1  # the player colours, then the white assets
    nw = H if dmode else NC  # colours that vote as they wish and take profits
    st = views(work, table)
    rng, pol, col, base, slot_bloc = st.rng, st.pol, st.col, st.base, st.slot_bloc
    slot_ideo, b_ideo, cseat, csize, cpol = st.slot_ideo, st.b_ideo, st.cseat, st.csize, st.cpol
    lost, corp_assets, party_assets = st.lost, st.corp_assets, st.party_assets
    corp_sector, seat_counts, goal_slots = st.corp_sector, st.seat_counts, st.goal_slots
    goal_count, scalars, corp_deck = st.goal_count, st.scalars, st.corp_deck
    corp_discard, goal_deck, goal_discard = st.corp_discard, st.goal_deck, st.goal_discard
    bill_deck, cur, promise, got, tok = st.bill_deck, st.cur, st.promise, st.got, st.tok
    control_kind, control_stack = st.control_kind, st.control_stack
    control_counts, open_controls, held = st.control_counts, st.open_controls, st.held
    controls_n, used, big_counts = st.controls_n, st.used, st.big_counts
    s = rng
    nslot, ncorp, ngoal = slot_bloc.shape[0], corp_deck.shape[0], goal_deck.shape[0]
    nbill, ncat = bill_deck.shape[0], got.shape[0]
    csize[:] = 0
    if big is not None:
        cseat[:, :] = -1  # a colour no seat plays: the neutral white assets
    for p in range(P):
        cseat[col[p], csize[col[p]]] = p
        csize[col[p]] += 1
    for h in range(H):
        cpol[h] = pol[cseat[h, 0]] if csize[h] > 0 else RANDOM
    if big is not None:
        final_tokens = big[1]
        ncols = out.shape[1] - N_BIG
        nk = control_kind.shape[0]
    else:
        ncols = out.shape[1]
    for gi in range(count):
        seed_stream(s, seed, start + gi)
        corp_assets[:] = 0
        party_assets[:] = 0
        corp_sector[:] = -1
        seat_counts[:] = 0
        goal_count[:] = 0
        scalars[:] = 0
        lost[:] = 0
        # set-up
        for i in range(ncorp):
            corp_deck[i] = i // R.CORPS_PER_SECTOR
        for i in range(nbill):
            bill_deck[i] = i
        for i in range(ngoal):
            goal_deck[i] = i
        shuffle(s, corp_deck, ncorp)
        shuffle(s, bill_deck, nbill)
        shuffle(s, goal_deck, ngoal)
        scalars[C_N], scalars[B_N], scalars[G_N] = ncorp, nbill, ngoal
        scalars[C_OPEN], scalars[G_OPEN] = -1, -1
        for p in range(P):
            if col[p] < NC or not dmode:  # dissident players never hold goals
                scalars[G_N] -= 1
                _new_goal(p, goal_deck[scalars[G_N]], 1, HOW_DEALT, goal_slots, goal_count)
        for b in range(4):
            scalars[B_N] -= 1
            cur[b] = bill_deck[scalars[B_N]]
        for b in range(4):
            for x in range(nslot):
                if slot_bloc[x] == b and slot_ideo[x] == b_ideo[cur[b]]:
                    scalars[C_N] -= 1
                    corp_sector[x] = corp_deck[scalars[C_N]]
        scalars[C_N] -= 1
        corp_discard[0] = corp_deck[scalars[C_N]]
        scalars[C_DN] = 1
        scalars[C_N] -= 1
        scalars[C_OPEN] = corp_deck[scalars[C_N]]
        if dissidents:
            _dissidents(NC, work, table)
        if not mean:
            scalars[G_N] -= 1
            goal_discard[0] = goal_deck[scalars[G_N]]
            scalars[G_DN] = 1
        scalars[G_N] -= 1
        scalars[G_OPEN] = goal_deck[scalars[G_N]]
        scalars[START] = bounded(s, P)
        for p in range(P):
            seat_counts[p, SUPPLY] = base[p]
            seat_counts[p, INCOME] = base[p]
        if big is not None:
            # the Big Game's set-up: the control deck, three positions and the turned card
            held[:] = 0
            controls_n[:] = 0
            tok[:] = 0
            big_counts[:] = 0
            control_counts[:] = 0
            for i in range(nk):
                control_stack[i] = i
            shuffle(s, control_stack, nk)
            control_counts[K_N] = nk
            for i in range(R.CONTROL_OPEN):
                open_controls[i] = _k_draw(control_counts, control_stack)
        # three years
        for year in range(1, R.YEARS + 1):
            _turns(s, year, FALSE, P, H, work, table, not dmode, mean, big, randoms, blocks)
            if big is not None:
                used[:] = 0
                _control(s, P, H, work, table)
            promise[:] = -1  # promises are for this year's bills
            for b in range(4):
                _resolve(s, b, cur[b], P, H, nw, npr, work, table, bargains)
            if big is not None:
                _specialty(P, H, work, table)
            if year < R.YEARS:
                if big is not None:
                    _tokens(year, P, H, work, table)
                _check_goals(s, year, P, H, work, table)
                for b in range(4):
                    scalars[B_N] -= 1
                    cur[b] = bill_deck[scalars[B_N]]
                if dissidents:
                    _dissidents(NC, work, table)
                for p in range(P):
                    if col[p] < NC or not dmode:
                        _deal_goal(s, p, year + 1, work, table)
                for p in range(P):
                    nrev = 0
                    for i in range(goal_count[p]):
                        if goal_slots[p, i, G_REV] != 0:
                            nrev += 1
                    inc = max(0, base[p] - nrev)  # the rulebook: 5 minus the goals revealed so far
                    seat_counts[p, SUPPLY] += inc
                    seat_counts[p, INCOME] += inc
                if big is not None:
                    for i in range(R.CONTROL_OPEN):  # four new control cards
                        open_controls[i] = _k_draw(control_counts, control_stack)
        final_year = np.int64(R.YEARS)  # a typed int: a literal would compile a second variant
        _turns(s, final_year, TRUE, P, H, work, table, not dmode, mean, big, randoms, blocks)
        if big is not None and final_tokens:
            _tokens(final_year, P, H, work, table)
        _check_goals(s, final_year, P, H, work, table)
        _score_game(gi, start, P, H, NC, dmode, ncols, work, table, ncat, nslot, out, s)
        if big is not None:
            for p in range(P):  # rules.BIG_COLUMNS close the record
                row, cb = gi * P + p, ncols
                t = 0
                for i in range(R.GOAL_SLOTS):
                    t += tok[p, i]
                out[row, cb] = t
                out[row, cb + 1] = big_counts[p, BOUGHT]
                out[row, cb + 2] = controls_n[p]
                out[row, cb + 3] = big_counts[p, PLAYED]
                out[row, cb + 4] = big_counts[p, SPEC]
                out[row, cb + 5] = big_counts[p, CGAIN]
                out[row, cb + 6] = control_counts[K_HOME]


def place(settings):
    """The state array of :data:`STATE` at these settings, with the input tables written in,
    and its placed layout: (work, placed)."""
    bloc, ideo = R.slot_layout(settings.game)
    goals, bills = settings.goals, settings.bills
    cats = settings.categories
    rejected = settings.rejected_effects()
    big = settings.game == "big"
    ctl, spec = (settings.controls, settings.specialties) if big else ((), ())
    g_kind = np.zeros((len(goals), R.MAX_REQS), np.int64)
    g_arg = np.zeros((len(goals), R.MAX_REQS), np.int64)
    for i, g in enumerate(goals):
        for j, (k, a) in enumerate(g.requires):
            g_kind[i, j], g_arg[i, j] = k, a
    g_cat = [cats.index(g.category) for g in goals]
    placed = STATE.place(
        P=settings.players,
        H=settings.colours + 1,
        slots=len(bloc),
        corps=R.CORPS_PER_SECTOR * settings.sectors,
        goals=len(goals),
        bills=len(bills),
        categories=max(g_cat, default=-1) + 1,
        cparams=len(R.CONTEST_WEIGHTS),
        controls=len(ctl),
        specialties=len(spec),
        tokens=R.GOAL_SLOTS if big else 0,
        buf=BUF if big else 0,
        scalars=N_SCALARS,
    )
    work = placed.new()
    placed.fill(
        work,
        col=settings.colour,
        base=settings.start_assets,
        pol=[R.POLICY_CODES[p] for p in settings.policies],
        slot_bloc=bloc,
        slot_ideo=ideo,
        party_bloc=R.PARTY_BLOC,
        party_ideo=settings.party_ideology,
        g_nreq=[len(g.requires) for g in goals],
        g_kind=g_kind,
        g_arg=g_arg,
        g_cat=g_cat,
        b_ideo=[b.ideology for b in bills],
        b_target=[b.target for b in bills],
        b_own=np.array([b.own for b in bills], np.int64).reshape(-1, 2),
        b_other=np.array([b.other for b in bills], np.int64).reshape(-1, 2),
        r_own=np.array([r[0] for r in rejected], np.int64).reshape(-1, 2),
        r_other=np.array([r[1] for r in rejected], np.int64).reshape(-1, 2),
        cparam=R.CONTEST_WEIGHTS,
        control_kind=[c.domain[0] for c in ctl],
        control_arg=[c.domain[1] for c in ctl],
        control_action=[c.action for c in ctl],
        specialty_kind=[k for k, _ in spec],
        specialty_arg=[a for _, a in spec],
    )
    return work, placed


def config(settings):
    """The settings the kernel takes besides its state: the scalars and the Big Game's flags."""
    big = None
    bots = set(settings.policies)
    if settings.game == "big":
        big = (settings.control_open == "three", settings.big_tokens == "final")
    return dict(
        P=settings.players,
        NC=settings.colours,
        dmode=settings.mode == "dissident",
        npr=settings.profit_colours,
        mean=settings.game != "base",  # the Big Game builds on the Mean Game
        dissidents=settings.dissidents,
        big=big,
        # the bots at the table (simulate): None compiles the kernel without one
        randoms=True if "random" in bots else None,
        blocks=True if bots & {"contest", "bargain"} or settings.mode == "dissident" else None,
        bargains=True if "bargain" in bots else None,
    )


def simulate_chunk(settings, seed, start, count):
    """The game's chunk simulator: one record per game and seat (see rules.columns)."""
    out = np.zeros((count * settings.players, len(R.columns(settings))), np.int64)
    work, placed = place(settings)
    simulate(
        np.uint64(seed), start, count, out=out, work=work, table=placed.table, **config(settings)
    )
    return record_columns(out, settings)
