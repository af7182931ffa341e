"""Davos bots, as numba functions the kernel calls; names and descriptions in ``rules.POLICIES``.

A bot only decides: it reads the board and writes its choice into ``dec`` (see
the D_* fields), drawing from the game's stream if it is random; the kernel
then carries the choice out.  ``reference.py`` has independent plain-Python
twins and the tests require both to make the same choices on the same seeds.

The board measures the rules also use ("biggest", a seat's lead) live here too,
so that the bots and the rules judge "biggest" the same way.

How they compile (compile time grows fast with what numba inlines): a function is a call
on ``(work, table)`` without reference counts (``alloc=False``: a call then costs no count
update for its arrays), compiled once for all its callers; ``inline="always"`` is kept
for small helpers whose callees are calls or other small inlined helpers (``biggest``,
``margin``, the glue around a call such as ``own_best``), which take the arrays they read
rather than the state (each copy of the 80-field ``st`` costs LLVM time).  A function
unpacks the fields it reads once after ``views``, for the same reason.
"""

import numpy as np

from tableodds.sim.core.jit import jit
from tableodds.sim.core.rng import bounded
from tableodds.sim.davos import rules as R
from tableodds.sim.davos.state import views

INF = 99  # cost of a requirement with no place to meet it
RANDOM, GOAL = R.POLICY_CODES["random"], R.POLICY_CODES["goal"]
CONTEST, BARGAIN = R.POLICY_CODES["contest"], R.POLICY_CODES["bargain"]

# scalar game state (one int64 array ``scalars``), shared with kernel.py
C_N, C_DN, C_OPEN, G_N, G_DN, G_OPEN, B_N, START = 0, 1, 2, 3, 4, 5, 6, 7
D_PLACED, D_LOST, PASSED, BANKRUPT, ACTIONS = 8, 9, 10, 11, 12
N_SCALARS = 13
# goal slot fields of goal_slots[seat, slot]
G_ID, G_ACQ, G_DISC, G_REV, G_MET, G_HOW = 0, 1, 2, 3, 4, 5
# a decision: pass, place assets or buy a goal, with its details
D_KIND, D_TYP, D_WHERE, D_SLOT, D_SRC, D_KEEP, D_AMOUNT, D_SWAP = 0, 1, 2, 3, 4, 5, 6, 7
PASS, PLACE, BUY = 0, 1, 2
BUY_CONTROL = 3  # the Big Game: a control card bought (D_WHERE: the open position)
ON_CORP, ON_PARTY, NEW_CORP = 0, 1, 2  # D_TYP of a placement; also act[0] of a cost


# ------------------------------------------------------------------ board measures
@jit(inline="always")
def biggest(tab, i, n):
    """Holder (index < n) of row ``i`` with strictly the most, or -1 when empty or tied.

    Rows are read in place rather than sliced: a slice is an array view whose
    reference counting cost more than the game logic.
    """
    top, who, tied = 0, -1, False
    for h in range(n):
        v = tab[i, h]
        if v > top:
            top, who, tied = v, h, False
        elif v == top and top > 0:
            tied = True
    return -1 if tied else who


@jit(inline="always")
def margin(tab, i, n, p):
    """Seat p's lead over the largest other holder in row ``i`` (> 0: p is the biggest)."""
    other = 0
    for h in range(n):
        if h != p and tab[i, h] > other:
            other = tab[i, h]
    return tab[i, p] - other


@jit(inline="always")
def req_margin(
    p, g, j, H, corp_assets, corp_sector, party_assets, slot_bloc, party_bloc, g_kind, g_arg, agg
):
    """Colour p's lead over goal g's j-th requirement on a board (the board itself, or the
    copy a look-ahead changed); inlined: the blocking bots call it in their inner loop."""
    kind, arg = g_kind[g, j], g_arg[g, j]
    best = -INF
    if kind == 0 or kind == 1:
        for x in range(corp_sector.shape[0]):
            if corp_sector[x] >= 0 and (
                (kind == 0 and corp_sector[x] == arg) or (kind == 1 and slot_bloc[x] == arg)
            ):
                m = margin(corp_assets, x, H, p)
                if m > best:
                    best = m
    elif kind == 3:
        for q in range(9):
            if party_bloc[q] == arg:
                m = margin(party_assets, q, H, p)
                if m > best:
                    best = m
    else:
        for h in range(H):
            agg[0, h] = 0
        if kind == 2:
            for x in range(corp_sector.shape[0]):
                if corp_sector[x] >= 0 and slot_bloc[x] == arg:
                    for h in range(H):
                        agg[0, h] += corp_assets[x, h]
        else:
            for q in range(9):
                if party_bloc[q] == arg:
                    for h in range(H):
                        agg[0, h] += party_assets[q, h]
        best = margin(agg, 0, H, p)
    return best


@jit(inline="always")
def goal_margin(
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
):
    """Seat p's lowest lead over goal g's requirements on the board (> 0: the goal is met);
    it stops at the first requirement not met."""
    low = INF
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
        low = min(low, m)
        if low <= 0:
            break
    return low


@jit(inline="always")
def new_corp_option(sector, bloc, corp_sector, slot_bloc, corp_discard, scalars, act):
    """Fill act[2], act[3] = (slot, source) for founding a corp; False when impossible."""
    free = -1
    for x in range(corp_sector.shape[0]):
        if corp_sector[x] < 0 and (bloc < 0 or slot_bloc[x] == bloc):
            free = x
            break
    if free < 0:
        return False
    act[2] = free
    top = corp_discard[scalars[C_DN] - 1] if scalars[C_DN] > 0 else -1
    if sector >= 0:
        if scalars[C_OPEN] == sector:
            act[3] = 0
            return True
        if top == sector:
            act[3] = 1
            return True
        return False
    if scalars[C_OPEN] >= 0:
        act[3] = 0
    elif scalars[C_DN] > 0:
        act[3] = 1
    elif scalars[C_N] >= 2:
        act[3] = 2
    else:
        return False
    return True


@jit(inline="always")
def bloc_total(
    bloc, H, parties, corp_assets, corp_sector, slot_bloc, party_assets, party_bloc, agg
):
    """The corps of ``bloc`` (its parties when ``parties``) summed per holder into agg[0];
    the first of them (a slot or a party), or -1."""
    tab = party_assets if parties else corp_assets
    first = -1
    for h in range(H):
        agg[0, h] = 0
    for i in range(tab.shape[0]):
        if party_bloc[i] == bloc if parties else corp_sector[i] >= 0 and slot_bloc[i] == bloc:
            if first < 0:
                first = i
            for h in range(H):
                agg[0, h] += tab[i, h]
    return first


@jit(alloc=False)
def req_cost(p, kind, arg, target, cap, H, work, table):
    """Cheapest cost to lead by ``target``; act = (ON_CORP/ON_PARTY/NEW_CORP, where, slot, source).
    A new corp (cost ``target``) is looked for only when ``target < cap``: a caller that keeps
    only costs below ``cap`` needs no slot search it would discard."""
    st = views(work, table)
    slot_bloc, party_bloc, corp_assets = st.slot_bloc, st.party_bloc, st.corp_assets
    party_assets, corp_sector, scalars = st.party_assets, st.corp_sector, st.scalars
    corp_discard, agg, act = st.corp_discard, st.agg, st.act
    best = INF
    try_new = False
    nsec, nbloc = -1, -1
    if kind == 0 or kind == 1:
        for x in range(corp_sector.shape[0]):
            if corp_sector[x] >= 0 and (
                (kind == 0 and corp_sector[x] == arg) or (kind == 1 and slot_bloc[x] == arg)
            ):
                c = target - margin(corp_assets, x, H, p)
                if c < best:
                    best = c
                    act[0] = ON_CORP
                    act[1] = x
        try_new = True
        if kind == 0:
            nsec = arg
        else:
            nbloc = arg
    elif kind == 2:
        first = bloc_total(
            arg,
            H,
            False,
            corp_assets,
            corp_sector,
            slot_bloc,
            party_assets,
            party_bloc,
            agg,
        )
        if first >= 0:
            best = target - margin(agg, 0, H, p)
            act[0] = ON_CORP
            act[1] = first
        else:
            try_new = True
            nbloc = arg
    elif kind == 3:
        for q in range(9):
            if party_bloc[q] == arg:
                c = target - margin(party_assets, q, H, p)
                if c < best:
                    best = c
                    act[0] = ON_PARTY
                    act[1] = q
    else:
        first = bloc_total(
            arg,
            H,
            True,
            corp_assets,
            corp_sector,
            slot_bloc,
            party_assets,
            party_bloc,
            agg,
        )
        best = target - margin(agg, 0, H, p)
        act[0] = ON_PARTY
        act[1] = first
    if try_new and target < best and target < cap:
        a2, a3 = act[2], act[3]
        if new_corp_option(nsec, nbloc, corp_sector, slot_bloc, corp_discard, scalars, act):
            act[0] = NEW_CORP
            best = target
        else:
            act[2], act[3] = a2, a3
    return best


@jit(inline="always")
def goal_cost(p, g, target, H, g_nreq, g_kind, g_arg, work, table):
    total = 0
    for j in range(g_nreq[g]):
        c = req_cost(p, g_kind[g, j], g_arg[g, j], target, INF * 10, H, work, table)
        if c > 0:
            total += c
    return total


# ------------------------------------------------------------------ the bots
@jit(inline="always")
def _sources(scalars, top, dn, n, out):
    """The sources a card can be taken from, in order (0 the open card, 1 the discard,
    2 two drawn from the stack) into ``out``; returns how many."""
    k = 0
    if scalars[top] >= 0:
        out[k] = 0
        k += 1
    if scalars[dn] > 0:
        out[k] = 1
        k += 1
    if scalars[n] >= 2:
        out[k] = 2
        k += 1
    return k


@jit(alloc=False, cache=True)
def random_turn(s, p, eff, final, buys, swaps, nctl, work, table):
    """Uniform over the legal kinds of action, then uniform within the kind (rules.POLICIES);
    in the Final passing is not one of them while the seat has assets.  ``buys``: the seat
    may buy goals (not a dissident player); ``swaps``: it may lay one off (not in the
    dissident variant, which draws no swap); ``nctl``: the Big Game's choosable control
    cards, in tmp[3] (a buy is a kind before passing; 0 outside the Big Game)."""
    st = views(work, table)
    corp_sector, goal_slots, goal_count = st.corp_sector, st.goal_slots, st.goal_count
    scalars, dec, tmp = st.scalars, st.dec, st.tmp
    nslot = corp_sector.shape[0]
    nfree, nocc = 0, 0
    for x in range(nslot):
        if corp_sector[x] < 0:
            nfree += 1
        else:
            nocc += 1
    ncs = _sources(scalars, C_OPEN, C_DN, C_N, tmp[0])
    ngs = _sources(scalars, G_OPEN, G_DN, G_N, tmp[1])
    nk = 0
    if nfree > 0 and ncs > 0:
        tmp[2, nk] = 0
        nk += 1
    if nocc > 0:
        tmp[2, nk] = 1
        nk += 1
    tmp[2, nk] = 2
    nk += 1
    if buys and eff >= R.GOAL_PRICE and goal_count[p] < R.GOAL_SLOTS and ngs > 0:
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
            for i in range(goal_count[p]):
                if goal_slots[p, i, G_DISC] == 0 and goal_slots[p, i, G_REV] == 0:
                    tmp[3, nold] = i
                    nold += 1
            k = bounded(s, nold + 1)  # 0 keeps every goal
            dec[D_SWAP] = tmp[3, k - 1] if k > 0 else -1
        return
    dec[D_KIND] = PLACE
    dec[D_TYP], dec[D_WHERE], dec[D_SLOT], dec[D_SRC], dec[D_KEEP] = (
        ON_CORP,
        0,
        0,
        0,
        0,
    )
    if kind == 0:
        dec[D_TYP] = NEW_CORP
        dec[D_SRC] = tmp[0, bounded(s, ncs)]
        if dec[D_SRC] == 2:
            dec[D_KEEP] = bounded(s, 2)
        k = bounded(s, nfree)
        for x in range(nslot):
            if corp_sector[x] < 0:
                if k == 0:
                    dec[D_SLOT] = x
                    break
                k -= 1
    elif kind == 1:
        k = bounded(s, nocc)
        for x in range(nslot):
            if corp_sector[x] >= 0:
                if k == 0:
                    dec[D_WHERE] = x
                    break
                k -= 1
    else:
        dec[D_TYP] = ON_PARTY
        dec[D_WHERE] = bounded(s, 9)
    dec[D_AMOUNT] = 1 + bounded(s, min(eff, R.MAX_PLACE))


@jit(inline="always")
def own_best(p, pc, H, goal_count, goal_slots, g_nreq, g_kind, g_arg, dec, act, work, table):
    """Cost of the cheapest requirement of seat p's unrevealed goals for its colour ``pc`` to
    lead by 2 (INF: none); its place goes to dec[D_TYP], dec[D_WHERE], dec[D_SLOT], dec[D_SRC]."""
    target = 2
    best = np.int64(INF)  # typed: a literal first value would compile req_cost a second time
    for i in range(goal_count[p]):
        if best == 1:  # no cost of 1 or more can beat it (the first of the cheapest is kept)
            break
        if goal_slots[p, i, G_DISC] != 0 or goal_slots[p, i, G_REV] != 0:
            continue
        g = goal_slots[p, i, G_ID]
        for j in range(g_nreq[g]):
            c = req_cost(pc, g_kind[g, j], g_arg[g, j], target, best, H, work, table)
            if 0 < c < best:
                best = c
                _found_at(dec, act)
    return best


@jit(inline="always")
def _found_at(dec, act):
    """The place a cost was found at (act[:4]) into dec[D_TYP:D_SRC + 1] (element by element:
    a slice copy would need an allocation)."""
    for i in range(4):
        dec[D_TYP + i] = act[i]


@jit(alloc=False, cache=True)
def goal_turn(p, pc, eff, final, swaps, H, work, table):
    """Goal-seeking: the cheapest requirement to secure, else buy (and swap) a goal, else pass;
    in the Final, 1 asset on its weakest requirement instead of passing."""
    st = views(work, table)
    g_nreq, g_kind, g_arg, goal_slots = st.g_nreq, st.g_kind, st.g_arg, st.goal_slots
    goal_count, scalars, goal_deck, goal_discard = (
        st.goal_count,
        st.scalars,
        st.goal_deck,
        st.goal_discard,
    )
    act, dec = st.act, st.dec
    target = 2
    best = own_best(p, pc, H, goal_count, goal_slots, g_nreq, g_kind, g_arg, dec, act, work, table)
    if best < INF:
        dec[D_KIND] = PLACE
        dec[D_KEEP] = 0
        dec[D_AMOUNT] = min(best, eff)
        return
    dec[D_KIND] = PASS
    if final:
        _final_rest(
            p, pc, eff, H, goal_count, goal_slots, g_nreq, g_kind, g_arg, dec, act, work, table
        )
        return
    if eff < 2 * R.GOAL_PRICE or goal_count[p] >= R.GOAL_SLOTS:
        return

    src, src_cost = -1, INF * 10
    if scalars[G_OPEN] >= 0:
        src_cost = goal_cost(pc, scalars[G_OPEN], target, H, g_nreq, g_kind, g_arg, work, table)
        src = 0
    if scalars[G_DN] > 0:
        c = goal_cost(
            pc, goal_discard[scalars[G_DN] - 1], target, H, g_nreq, g_kind, g_arg, work, table
        )
        if c < src_cost:
            src, src_cost = 1, c
    keep = 0
    if src < 0:
        if scalars[G_N] < 2:
            return
        src = 2  # no open card and no discard: the two top cards, the cheaper one kept
        ca = goal_cost(
            pc, goal_deck[scalars[G_N] - 1], target, H, g_nreq, g_kind, g_arg, work, table
        )
        cb = goal_cost(
            pc, goal_deck[scalars[G_N] - 2], target, H, g_nreq, g_kind, g_arg, work, table
        )
        keep = 1 if cb < ca else 0
    worst, wi = -1, -1
    for i in range(goal_count[p]):
        if goal_slots[p, i, G_DISC] == 0 and goal_slots[p, i, G_REV] == 0:
            c = goal_cost(pc, goal_slots[p, i, G_ID], target, H, g_nreq, g_kind, g_arg, work, table)
            if c > worst:
                worst, wi = c, i
    dec[D_KIND] = BUY
    dec[D_SRC] = src
    dec[D_KEEP] = keep
    dec[D_SWAP] = wi if swaps and worst > eff - R.GOAL_PRICE else -1  # one it cannot afford


@jit(inline="always")
def _final_rest(
    p, pc, eff, H, goal_count, goal_slots, g_nreq, g_kind, g_arg, dec, act, work, table
):
    """Every requirement safe in the Final: half its assets (rounded up) where its lead is
    smallest (later seats still play), or, with no unrevealed goal to defend, all of them on
    America's first party."""
    worst = -INF
    for i in range(goal_count[p]):
        if goal_slots[p, i, G_DISC] != 0 or goal_slots[p, i, G_REV] != 0:
            continue
        g = goal_slots[p, i, G_ID]
        for j in range(g_nreq[g]):
            c = req_cost(pc, g_kind[g, j], g_arg[g, j], 2, INF * 10, H, work, table)
            if worst < c < INF:
                worst = c
                _found_at(dec, act)
    dec[D_KIND] = PLACE
    dec[D_KEEP] = 0
    if worst > -INF:
        dec[D_AMOUNT] = (eff + 1) // 2  # half now, half to answer the seats after it
    else:
        dec[D_TYP], dec[D_WHERE], dec[D_SLOT], dec[D_SRC] = ON_PARTY, 0, 0, 0
        dec[D_AMOUNT] = eff


# ------------------------------------------------------------------ the contesting bot
@jit(alloc=False, cache=True)
def leader(p, P, H, work, table):
    """The seat of another colour whose colour has the most revealed goals, then the most
    assets on the board (the first such seat)."""
    st = views(work, table)
    col, corp_assets, party_assets = st.col, st.corp_assets, st.party_assets
    goal_slots, goal_count = st.goal_slots, st.goal_count
    best_r, best_b, who = -1, -1, -1
    for o in range(P):
        if col[o] == col[p]:
            continue
        r = 0
        for o2 in range(P):
            if col[o2] == col[o]:
                for i in range(goal_count[o2]):
                    if goal_slots[o2, i, G_REV] != 0:
                        r += 1
        b = 0
        c = col[o]
        for x in range(corp_assets.shape[0]):
            b += corp_assets[x, c]
        for q in range(9):
            b += party_assets[q, c]
        if r > best_r or (r == best_r and b > best_b):
            best_r, best_b, who = r, b, o
    return who


@jit(alloc=False)
def _block_cost(p, o, kind, arg, H, work, table):
    """Assets p needs to tie o wherever o is the biggest for the requirement; the cheapest
    such place and its tie amount go to act[0], act[1], act[2]."""
    st = views(work, table)
    slot_bloc, party_bloc, corp_assets = st.slot_bloc, st.party_bloc, st.corp_assets
    party_assets, corp_sector, agg, act = st.party_assets, st.corp_sector, st.agg, st.act
    if kind == 2 or kind == 4:
        if kind == 2:
            first = bloc_total(
                arg,
                H,
                False,
                corp_assets,
                corp_sector,
                slot_bloc,
                party_assets,
                party_bloc,
                agg,
            )
            act[0] = ON_CORP
        else:
            first = bloc_total(
                arg,
                H,
                True,
                corp_assets,
                corp_sector,
                slot_bloc,
                party_assets,
                party_bloc,
                agg,
            )
            act[0] = ON_PARTY
        c = agg[0, o] - agg[0, p]
        act[1] = first
        act[2] = c
        return c
    total, cheapest = 0, INF
    if kind == 3:
        for q in range(9):
            if party_bloc[q] == arg and biggest(party_assets, q, H) == o:
                c = party_assets[q, o] - party_assets[q, p]
                total += c
                if c < cheapest:
                    cheapest = c
                    act[0], act[1], act[2] = ON_PARTY, q, c
    else:
        for x in range(corp_sector.shape[0]):
            if (
                corp_sector[x] >= 0
                and ((kind == 0 and corp_sector[x] == arg) or (kind == 1 and slot_bloc[x] == arg))
                and biggest(corp_assets, x, H) == o
            ):
                c = corp_assets[x, o] - corp_assets[x, p]
                total += c
                if c < cheapest:
                    cheapest = c
                    act[0], act[1], act[2] = ON_CORP, x, c
    return total


@jit(alloc=False, cache=True)
def contest_block(p, c, eff, co, anyone, P, H, work, table):
    """The block worth more per asset than p's own progress (1 / ``co``) into dec; False when
    none (rules.POLICIES["contest"]; reference.Game.contest_block is the plain twin).  It
    reads only what seat p may know: the board, its own goals, the open goal card, the
    discard pile, the revealed goals and how many goals each seat holds.  Seats of its own
    colour (a team-mate) are never blocked; ``anyone`` (a dissident player, with no progress
    of its own) also blocks seats still playing, and takes the best block whatever it costs."""
    st = views(work, table)
    col, g_nreq, g_kind, g_arg, cparam = st.col, st.g_nreq, st.g_kind, st.g_arg, st.cparam
    corp_assets, party_assets, corp_sector = st.corp_assets, st.party_assets, st.corp_sector
    goal_slots, goal_count, scalars = st.goal_slots, st.goal_count, st.scalars
    goal_discard, act, dec, passed, seen = st.goal_discard, st.act, st.dec, st.passed, st.seen
    val = st.val
    slot_bloc, party_bloc, agg = st.slot_bloc, st.party_bloc, st.agg
    ngoal = g_nreq.shape[0]
    for g in range(ngoal):
        seen[g] = 0
    for i in range(goal_count[p]):
        seen[goal_slots[p, i, G_ID]] = 1
    for i in range(scalars[G_DN]):
        seen[goal_discard[i]] = 1
    if scalars[G_OPEN] >= 0:
        seen[scalars[G_OPEN]] = 1
    for o in range(P):
        for i in range(goal_count[o]):
            if goal_slots[o, i, G_REV] != 0:
                seen[goal_slots[o, i, G_ID]] = 1
    lead_seat = leader(p, P, H, work, table)
    found = False
    best_num, best_den = 0, 1
    for o in range(P):
        if col[o] == c or (not anyone and not passed[o]):  # a seat still playing would answer
            continue
        oc = col[o]
        h = 0
        for i in range(goal_count[o]):
            if goal_slots[o, i, G_DISC] == 0 and goal_slots[o, i, G_REV] == 0:
                h += 1
        if h == 0:
            continue
        val[:, :] = 0
        total_w = 0
        for g in range(ngoal):
            if seen[g]:
                continue
            w, met = 1, True
            for j in range(g_nreq[g]):
                m = req_margin(
                    oc,
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
                    w *= R.BELIEF
                else:
                    met = False
            total_w += w
            if met:
                for j in range(g_nreq[g]):
                    val[g_kind[g, j], g_arg[g, j]] += h * w
        weight = cparam[0] if o == lead_seat else cparam[1]
        if weight == 0:
            continue
        for k in range(val.shape[0]):
            for a in range(val.shape[1]):
                if val[k, a] == 0:
                    continue
                cost = _block_cost(c, oc, k, a, H, work, table)
                if cost > eff:
                    continue
                num, den = val[k, a] * weight, cost * total_w
                worth = anyone or num * co > cparam[2] * den
                if worth and (not found or num * best_den > best_num * den):
                    found = True
                    best_num, best_den = num, den
                    dec[D_TYP], dec[D_WHERE], dec[D_AMOUNT] = (
                        act[0],
                        act[1],
                        act[2],
                    )
    if found:
        dec[D_KIND] = PLACE
        dec[D_SLOT], dec[D_SRC], dec[D_KEEP] = 0, 0, 0
    return found


@jit(inline="always")
def bill_net(
    p, bill, bloc, target, own, other, H, npr, gains_only, corp_sector, corp_assets, slot_bloc
):
    """What a bill's effect (own, other) does to colour p's holdings: gains (for the first
    ``npr`` colours, which take profits) minus losses; only the gains (the assets p would
    take from the bank if the bill passes) when ``gains_only``."""
    net = 0
    for x in range(corp_sector.shape[0]):
        if (
            corp_sector[x] < 0
            or (target >= 0 and corp_sector[x] != target)
            or corp_assets[x, p] == 0
        ):
            continue
        role = 0 if biggest(corp_assets, x, H) == p else 1
        amt = own[bill, role] if slot_bloc[x] == bloc else other[bill, role]
        if amt > 0:
            if p < npr:
                net += amt
        elif not gains_only:
            net -= min(-amt, corp_assets[x, p])
    return net


@jit(inline="always")
def wish(s, p, c, pol, bloc, bill, target, none, H, P, npr, col, work, table):
    """For (True) or against a bill, seat p for its colour ``c``: random; for the goal bot
    'passing profits my colour's holdings more than rejecting' (only bills without ideology,
    ``none``, act when rejected); for the contesting bot 'passing helps me more than the
    leader'."""
    if pol == RANDOM:
        return bounded(s, 2) == 1
    net = pass_gain(c, bill, bloc, target, none, H, npr, work, table)
    if pol == CONTEST or pol == BARGAIN:
        lead = col[leader(p, P, H, work, table)]
        d = net - pass_gain(lead, bill, bloc, target, none, H, npr, work, table)
        return d > 0 or (d == 0 and net > 0)
    return net > 0


@jit(inline="always")
def reveal(s, pol, year, lead):
    """Reveal a goal met at the year-1/2 check (it then costs 1 asset of every later income)?"""
    if pol == RANDOM:
        return bounded(s, 2) == 1
    return year == 2 or lead <= 2


@jit(alloc=False, cache=True)
def pass_gain(p, bill, bloc, target, none, H, npr, work, table):
    """What passing rather than rejecting the bill does to p's holdings."""
    st = views(work, table)
    slot_bloc, b_own, b_other, r_own = st.slot_bloc, st.b_own, st.b_other, st.r_own
    r_other, corp_assets, corp_sector = st.r_other, st.corp_assets, st.corp_sector
    net = bill_net(
        p,
        bill,
        bloc,
        target,
        b_own,
        b_other,
        H,
        npr,
        False,
        corp_sector,
        corp_assets,
        slot_bloc,
    )
    if none:
        net -= bill_net(
            p,
            bill,
            bloc,
            target,
            r_own,
            r_other,
            H,
            npr,
            False,
            corp_sector,
            corp_assets,
            slot_bloc,
        )
    return net
