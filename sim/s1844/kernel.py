"""The numba game loop for 1844: auction, stock rounds, operating rounds, the train rush.

State lives in one flat int64 vector ``st`` (section offsets below); trains are counts
per company, type and side.  Random draws follow the order
documented in ``reference.py``, so both give identical games.  Policies live in
``policies.py`` (the decisions) and are called from here.
"""
import numpy as np
from numba import njit

from sim.core.rng import bounded, seed_stream
from sim.s1844 import rules as R
from sim.s1844.policies import (CAREFUL, RANDOM, careful_pays, careful_par,
                                careful_sells, careful_side, careful_tunnel, careful_yield_pick)

# globals: st[0:NG]
G_PHASE, G_POS, G_BANK, G_EVA, G_SBBP, G_SBBF, G_FULL, G_BROKEN, G_ENDED = range(9)
G_SR, G_SET, G_OR, G_NIN, G_NORS, G_RUSTED, G_DISC, G_LOANS, G_OVER, G_FLOATED = range(9, 19)
G_SEEN, G_PLAYERS = 19, 20
NG = 21
# company fields: st[O_CS + c * NF + F_...]
F_STATUS, F_PAR, F_ROW, F_COL, F_CASH, F_IPO, F_POOL, F_DIR, F_TTOT, F_TLAID = range(10)
F_ORS, F_HASDEST, F_REACHED, F_OPER, F_LASTDIV, F_TUNNELS, F_CTYPE, F_UNITS = range(10, 18)
NF = 18
# parameters: st[O_PRM + P_...]
P_BASE_N, P_BASE_H, P_PHASE, P_TYPE, P_SHARE = 0, 6, 12, 19, 23   # list offsets
P_MAT0, P_MATSTEP, P_MATTOK, P_DEST, P_NOISE, P_TUNBONUS = 27, 28, 29, 30, 31, 32
P_TRACK, P_DESTCH, P_MOUNTCH = 33, 40, 42
P_AUCVAL, P_AUCNOISE, P_FNMPAR, P_MAXDIR, P_SELLBELOW, P_MINYIELD = 43, 50, 51, 52, 53, 54
P_MOUNTPH, P_MOUNTRES, P_PAYBACK, P_ORSPT, P_HORIZON, P_VLOW, P_VSPAN = 55, 56, 57, 58, 59, 60, 61
P_MAXSETS, P_MAXTURNS, P_BANKRUPT = 62, 63, 64
NP = 65

# One flat int64 state vector per game, sections at these offsets (players <= 7):
# cs[c, f] company fields; tr[c, t, side] train counts; cash/debt per player;
# hold[p, c] share units; pl[p, k] sold-this-SR mask, bought a mountain, bought a tunnel;
# priv[0|1, i] owner/open; mr[0|1, k] owner/active; tun[0|1|2, k] owner/company/active;
# cnt[0|1, t] bought/exported by type; ev[e, 0..2] (OR, set, n); row = the record row;
# prm = the parameters; pol = policy per seat.  (One array keeps calls cheap: numba
# pays per array for every array passed or unpacked in a call.)
O_CS = NG
O_TR = O_CS + 15 * NF
O_CASH = O_TR + 15 * 12
O_DEBT = O_CASH + 7
O_HOLD = O_DEBT + 7
O_PL = O_HOLD + 7 * 15
O_PRIV = O_PL + 7 * 3
O_MR = O_PRIV + 2 * 7
O_TUN = O_MR + 2 * 5
O_CNT = O_TUN + 3 * 5
O_EV = O_CNT + 2 * 6
O_ROW = O_EV + 12 * 3
O_PRM = O_ROW + R.NCOL
O_POL = O_PRM + NP
# scratch space, so that no function but simulate allocates (and none needs the NRT)
S_CEIL = O_POL + 7
S_CATS = S_CEIL + 7
S_ORDER = S_CATS + 7
S_VALS = S_ORDER + 7
S_KEYS = S_VALS + 64
S_OPS = S_KEYS + 15
NSTATE = S_OPS + 15

PRICE, LIMITED, LIMIT = R.PRICE, R.LIMITED, R.LIMIT
CTYPE, UNITS, FLOAT_UNITS, IPO_LIMIT = R.CTYPE, R.UNITS, R.FLOAT_UNITS, R.IPO_LIMIT
DEPOT, PRICE_N, PRICE_H = R.DEPOT.astype(np.int64), R.PRICE_N, R.PRICE_H
RUSTED_BY, DOWNGRADES, PHASE_OF = R.RUSTED_BY, R.DOWNGRADES, R.PHASE_OF
ORS_PER_SET = np.array(R.ORS_PER_SET, np.int64)
TOKEN_COST = np.array(R.TOKEN_COST, np.int64)
CERT_LIMIT = np.array([0, 0, 0] + [R.CERT_LIMIT[n] for n in range(3, 8)], np.int64)
PARS = np.array(R.PARS, np.int64)
PAR_ROW = np.array([0] * 60 + [5] * 10 + [4] * 10 + [3] * 10 + [2] * 10 + [1], np.int64)
HIST_TOKENS = np.array([0] * 60 + [1] * 10 + [2] * 10 + [3] * 10 + [4] * 10 + [5], np.int64)
TYPE_TOKENS = R.TYPE_TOKENS.astype(np.int64)
FIRST_OF_TYPE = np.cumsum(np.array((0,) + R.DEPOT_COUNT[:-1], np.int64))
PRIVATE_FACE, PRIVATE_REV = R.PRIVATE_FACE, R.PRIVATE_REV
NDEPOT = len(R.DEPOT)
PREFER_PAR = np.array([9, 10, 11, 12, 13, 5, 6, 7, 0, 1, 2, 3, 4], np.int64)
ORDER_EVA = np.array(list(range(5, 15)) + list(range(5)), np.int64)
EV_PHASE, EV_RUST, EV_SBB, EV_BANK, EV_END = 0, 6, 9, 10, 11
PRE, REGIONAL, HISTORICAL = R.PRE, R.REGIONAL, R.HISTORICAL
SBB, FNM, MOB = R.SBB, R.FNM, R.MOB
C_REV = R.COL["rev_1"]
C_BANKCASH = R.COL["bankcash_1"]
C_DEPOT = R.COL["depot_1"]


def pack_params(p: R.Params) -> np.ndarray:
    """The parameters as the flat int64 vector the kernel reads (offsets above)."""
    v = (list(p.base_normal) + list(p.base_h) + list(p.phase_pct) + list(p.type_pct)
         + list(p.train_share_pct) + [p.maturity_start_pct, p.maturity_step_pct,
                                      p.maturity_token_pct, p.destination_pct, p.noise_pct,
                                      p.tunnel_bonus]
         + list(p.track_cost) + list(p.destination_chance) + [p.mountain_chance]
         + list(p.auction_value_pct) + [p.auction_noise, p.fnm_par, p.max_directorships,
                                        p.sell_below_pct, p.min_yield_permille,
                                        p.mountain_max_phase, p.mountain_reserve,
                                        p.payback_pct, p.ors_per_train_pct, p.horizon_ors,
                                        p.value_low_pct, p.value_span_pct, p.max_or_sets,
                                        p.max_sr_turns, int(p.bankruptcy == "allowed")])
    assert len(v) == NP
    return np.array(v, np.int64)


# ---- small helpers -----------------------------------------------------------------------
@njit(_nrt=False, inline="always")
def price(st, rs, c):
    return np.int64(PRICE[st[O_CS + c * NF + F_ROW], st[O_CS + c * NF + F_COL]])


@njit(_nrt=False, inline="always")
def cell(r, c):
    return 0 <= r < 8 and 0 <= c < 18 and PRICE[r, c] > 0


@njit(_nrt=False, inline="always")
def ntrains(st, rs, c):
    n = 0
    for t in range(6):
        n += st[O_TR + c * 12 + t * 2 + 0] + st[O_TR + c * 12 + t * 2 + 1]
    return n


@njit(_nrt=False, inline="always")
def limit(st, rs, c):
    return np.int64(LIMIT[st[G_PHASE], st[O_CS + c * NF + F_CTYPE]])


@njit(_nrt=False, inline="always")
def next_type(st, rs):
    return DEPOT[st[G_POS]] if st[G_POS] < NDEPOT else -1


@njit(_nrt=False, inline="always")
def next_h(st, rs):
    t = next_type(st, rs)
    return np.int64(PRICE_H[t]) if t >= 0 else np.int64(0)


@njit(_nrt=False)
def event(st, rs, e):
    if st[O_EV + e * 3 + 0] < 0:
        st[O_EV + e * 3 + 0] = st[G_OR]
        st[O_EV + e * 3 + 1] = st[G_SET]
        st[O_EV + e * 3 + 2] = st[G_NIN]


@njit(_nrt=False)
def certs(st, rs, p):
    n = 0
    for c in range(15):
        if st[O_CS + c * NF + F_STATUS] != 3:
            n += st[O_HOLD + p * 15 + c]
            if st[O_CS + c * NF + F_DIR] == p:
                n -= 1
    return n


@njit(_nrt=False)
def directorships(st, rs, p):
    n = 0
    for c in range(15):
        status = st[O_CS + c * NF + F_STATUS]
        if st[O_CS + c * NF + F_DIR] == p and (status == 1 or status == 2):
            n += 1
    return n


# ---- market --------------------------------------------------------------------------------
@njit(_nrt=False)
def move_right(st, rs, c):
    r, k = st[O_CS + c * NF + F_ROW], st[O_CS + c * NF + F_COL]
    if cell(r, k + 1) and not (st[O_CS + c * NF + F_CTYPE] == REGIONAL and LIMITED[r, k + 1]):
        st[O_CS + c * NF + F_COL] = k + 1
    elif cell(r - 1, k):
        st[O_CS + c * NF + F_ROW] = r - 1


@njit(_nrt=False)
def move_left(st, rs, c):
    r, k = st[O_CS + c * NF + F_ROW], st[O_CS + c * NF + F_COL]
    if cell(r, k - 1):
        st[O_CS + c * NF + F_COL] = k - 1
    elif cell(r + 1, k):
        st[O_CS + c * NF + F_ROW] = r + 1


@njit(_nrt=False)
def move_vertical(st, rs, c, d):
    if cell(st[O_CS + c * NF + F_ROW] + d, st[O_CS + c * NF + F_COL]):
        st[O_CS + c * NF + F_ROW] += d


# ---- shares --------------------------------------------------------------------------------
@njit(_nrt=False)
def recheck_director(st, rs, c):
    best = st[O_CS + c * NF + F_DIR]
    most = st[O_HOLD + best * 15 + c] if best >= 0 else 1
    for p in range(st[G_PLAYERS]):
        if st[O_HOLD + p * 15 + c] > most:
            best = p
            most = st[O_HOLD + p * 15 + c]
    st[O_CS + c * NF + F_DIR] = best


@njit(_nrt=False)
def float_check(st, rs, c):
    sold = st[O_CS + c * NF + F_UNITS] - st[O_CS + c * NF + F_IPO]
    if st[O_CS + c * NF + F_STATUS] == 1 and sold >= FLOAT_UNITS[st[O_CS + c * NF + F_CTYPE]]:
        st[O_CS + c * NF + F_STATUS] = 2
        st[G_FLOATED] += 1
        t = st[O_CS + c * NF + F_CTYPE]
        mult = 2 if t == PRE else 5
        if t == HISTORICAL and st[G_FULL]:
            mult = 10
        cap = mult * st[O_CS + c * NF + F_PAR]
        st[O_CS + c * NF + F_CASH] += cap
        st[G_BANK] -= cap
        st[O_CS + c * NF + F_TLAID] = 1


@njit(_nrt=False)
def par_corp(st, rs, p, c, v):
    st[O_CS + c * NF + F_STATUS] = 1
    st[O_CS + c * NF + F_PAR] = v
    st[O_CS + c * NF + F_ROW] = PAR_ROW[v]
    st[O_CS + c * NF + F_COL] = 4
    st[O_CS + c * NF + F_DIR] = p
    st[O_HOLD + p * 15 + c] += 2
    st[O_CS + c * NF + F_IPO] -= 2
    st[O_CASH + p] -= 2 * v
    st[G_BANK] += 2 * v
    if st[O_CS + c * NF + F_CTYPE] == HISTORICAL:
        st[O_CS + c * NF + F_TTOT] = HIST_TOKENS[v]
    else:
        st[O_CS + c * NF + F_TTOT] = TYPE_TOKENS[st[O_CS + c * NF + F_CTYPE]]
    float_check(st, rs, c)


@njit(_nrt=False)
def buy_ipo(st, rs, p, c):
    v = st[O_CS + c * NF + F_PAR]
    st[O_CASH + p] -= v
    st[G_BANK] += v
    st[O_HOLD + p * 15 + c] += 1
    st[O_CS + c * NF + F_IPO] -= 1
    recheck_director(st, rs, c)
    float_check(st, rs, c)


@njit(_nrt=False)
def buy_pool(st, rs, p, c):
    v = price(st, rs, c)
    st[O_CASH + p] -= v
    st[G_BANK] += v
    st[O_HOLD + p * 15 + c] += 1
    st[O_CS + c * NF + F_POOL] -= 1
    recheck_director(st, rs, c)


@njit(_nrt=False)
def sell(st, rs, p, c, k):
    v = price(st, rs, c)
    row, col = st[O_CS + c * NF + F_ROW], st[O_CS + c * NF + F_COL]
    if st[O_CS + c * NF + F_OPER] == 0 and cell(row + 1, col):
        v = np.int64(PRICE[row + 1, col])   # not yet operated: one row lower
    st[O_CASH + p] += k * v
    st[G_BANK] -= k * v
    st[O_HOLD + p * 15 + c] -= k
    st[O_CS + c * NF + F_POOL] += k
    st[O_PL + p * 3 + 0] |= np.int64(1) << c
    move_vertical(st, rs, c, 1)
    recheck_director(st, rs, c)


@njit(_nrt=False)
def sellable(st, rs, p, c):
    if st[G_SR] <= 1 or st[O_CS + c * NF + F_STATUS] != 2:
        return 0
    mine = st[O_HOLD + p * 15 + c]
    if st[O_CS + c * NF + F_DIR] == p:
        mine -= 2
    room = st[O_CS + c * NF + F_UNITS] // 2 - st[O_CS + c * NF + F_POOL]
    k = min(mine, room)
    return k if k > 0 else 0


@njit(_nrt=False, inline="always")
def sold_this_sr(st, rs, p, c):
    return (st[O_PL + p * 3 + 0] >> c) & 1


@njit(_nrt=False)
def ipo_ok(st, rs, p, c, room):
    status = st[O_CS + c * NF + F_STATUS]
    return (st[O_DEBT + p] == 0 and (status == 1 or status == 2) and c != SBB
            and st[O_CS + c * NF + F_IPO] > 0
            and sold_this_sr(st, rs, p, c) == 0 and st[O_CASH + p] >= st[O_CS + c * NF + F_PAR]
            and st[O_HOLD + p * 15 + c] + 1 <= IPO_LIMIT[st[O_CS + c * NF + F_CTYPE]]
            and room)


@njit(_nrt=False)
def pool_ok(st, rs, p, c, room):
    return (st[O_DEBT + p] == 0 and st[O_CS + c * NF + F_STATUS] == 2
            and st[O_CS + c * NF + F_POOL] > 0
            and sold_this_sr(st, rs, p, c) == 0 and st[O_CASH + p] >= price(st, rs, c)
            and room)


@njit(_nrt=False)
def par_ok(st, rs, p, c, v, room):
    return (st[O_DEBT + p] == 0 and st[O_CS + c * NF + F_STATUS] == 0 and c != FNM and c != SBB
            and st[O_CASH + p] >= 2 * v and room)


@njit(_nrt=False)
def free_slot(st, off, first):
    for k in range(first, 5):
        if st[off + k] < 0:
            return k
    return -1


@njit(_nrt=False)
def mountain_ok(st, rs, p):
    return (st[O_DEBT + p] == 0 and st[O_PL + p * 3 + 1] == 0 and st[O_CASH + p] >= R.MOUNTAIN_PRICE
            and free_slot(st, O_MR, 0) >= 0)


@njit(_nrt=False)
def tunnel_ok(st, rs, p):
    return (st[O_DEBT + p] == 0 and st[O_PL + p * 3 + 2] == 0 and st[O_CASH + p] >= R.TUNNEL_PRICE
            and free_slot(st, O_TUN, 1) >= 0)


@njit(_nrt=False)
def buy_mountain(st, rs, p):
    st[O_MR + 0 * 5 + free_slot(st, O_MR, 0)] = p
    st[O_CASH + p] -= R.MOUNTAIN_PRICE
    st[G_BANK] += R.MOUNTAIN_PRICE
    st[O_PL + p * 3 + 1] = 1


@njit(_nrt=False)
def buy_tunnel(st, rs, p):
    st[O_TUN + 0 * 5 + free_slot(st, O_TUN, 1)] = p
    st[O_CASH + p] -= R.TUNNEL_PRICE
    st[G_BANK] += R.TUNNEL_PRICE
    st[O_PL + p * 3 + 2] = 1


# ---- auction ---------------------------------------------------------------------------------
@njit(_nrt=False)
def auction(st, rs):
    n = st[G_PLAYERS]
    for i in range(7):
        face = np.int64(PRIVATE_FACE[i])
        top = -1
        for p in range(n):
            if st[O_POL + p] == CAREFUL:
                v = face * st[O_PRM + P_AUCVAL + i] // 100 // 5 * 5
                v += 5 * bounded(rs, st[O_PRM + P_AUCNOISE] + 1)
            else:
                pct = st[O_PRM + P_VLOW] + bounded(rs, st[O_PRM + P_VSPAN] + 1)
                v = face * pct // 100 // 5 * 5
            st[S_CEIL + p] = min(v, st[O_CASH + p] // 5 * 5)
            top = max(top, st[S_CEIL + p])
        floor = face
        while floor > 0 and top < floor:
            floor -= 5
        win, second = -1, -1
        for p in range(n):
            if st[S_CEIL + p] >= floor:
                if win < 0 or st[S_CEIL + p] > st[S_CEIL + win]:
                    if win >= 0:
                        second = max(second, st[S_CEIL + win])
                    win = p
                else:
                    second = max(second, st[S_CEIL + p])
        pay = floor
        if second >= 0:
            pay = max(floor, min(st[S_CEIL + win], second + 5))
        st[O_CASH + win] -= pay
        st[G_BANK] += pay
        st[O_PRIV + 0 * 7 + i] = win
        if i == R.P3:
            st[O_TUN + 0 * 5 + 0] = win
        elif i == R.P5:
            st[O_HOLD + win * 15 + MOB] = 1
            st[O_CS + MOB * NF + F_IPO] -= 1
        elif i == R.P6:
            if st[O_POL + win] == CAREFUL:
                v = st[O_PRM + P_FNMPAR]
            else:
                v = PARS[bounded(rs, 5)]
            st[O_CS + FNM * NF + F_STATUS] = 2
            st[O_CS + FNM * NF + F_PAR] = v
            st[O_CS + FNM * NF + F_ROW] = PAR_ROW[v]
            st[O_CS + FNM * NF + F_COL] = 4
            st[O_CS + FNM * NF + F_DIR] = win
            st[O_HOLD + win * 15 + FNM] = 2
            st[O_CS + FNM * NF + F_POOL] = 3
            st[O_CS + FNM * NF + F_IPO] = 5
            st[O_CS + FNM * NF + F_CASH] = 5 * v
            st[G_BANK] -= 5 * v
            st[O_CS + FNM * NF + F_TTOT] = HIST_TOKENS[v]
            st[O_CS + FNM * NF + F_TLAID] = 1
            st[G_FLOATED] += 1


# ---- stock round -----------------------------------------------------------------------------
@njit(_nrt=False)
def random_turn(st, rs, p):
    # below the certificate limit? (fixed until this turn's one action)
    room = certs(st, rs, p) < CERT_LIMIT[st[G_PLAYERS]]
    nsell = nipo = npool = npar = 0
    for c in range(15):
        if sellable(st, rs, p, c) > 0:
            nsell += 1
        if ipo_ok(st, rs, p, c, room):
            nipo += 1
        if pool_ok(st, rs, p, c, room):
            npool += 1
        if par_ok(st, rs, p, c, 60, room):
            npar += 1
    # st[S_CATS + k]: 0 pass 1 sell 2 ipo 3 pool 4 par 5 mountain 6 tunnel
    ncat = 1
    if nsell:
        st[S_CATS + ncat] = 1
        ncat += 1
    if nipo:
        st[S_CATS + ncat] = 2
        ncat += 1
    if npool:
        st[S_CATS + ncat] = 3
        ncat += 1
    if npar:
        st[S_CATS + ncat] = 4
        ncat += 1
    if mountain_ok(st, rs, p):
        st[S_CATS + ncat] = 5
        ncat += 1
    if tunnel_ok(st, rs, p):
        st[S_CATS + ncat] = 6
        ncat += 1
    cat = st[S_CATS + bounded(rs, ncat)]
    if cat == 0:
        return False
    if cat == 5:
        buy_mountain(st, rs, p)
        return True
    if cat == 6:
        buy_tunnel(st, rs, p)
        return True
    k = bounded(rs, nsell if cat == 1 else nipo if cat == 2 else npool if cat == 3 else npar)
    for c in range(15):
        if cat == 1:
            ok = sellable(st, rs, p, c) > 0
        elif cat == 2:
            ok = ipo_ok(st, rs, p, c, room)
        elif cat == 3:
            ok = pool_ok(st, rs, p, c, room)
        else:
            ok = par_ok(st, rs, p, c, 60, room)
        if ok:
            if k == 0:
                if cat == 1:
                    sell(st, rs, p, c, 1)
                elif cat == 2:
                    buy_ipo(st, rs, p, c)
                elif cat == 3:
                    buy_pool(st, rs, p, c)
                else:
                    nv = 0
                    for j in range(5):
                        if par_ok(st, rs, p, c, PARS[j], room):
                            nv += 1
                    j = bounded(rs, nv)
                    for q in range(5):
                        if par_ok(st, rs, p, c, PARS[q], room):
                            if j == 0:
                                par_corp(st, rs, p, c, PARS[q])
                                break
                            j -= 1
                return True
            k -= 1
    return True


@njit(_nrt=False)
def careful_turn(st, rs, p):
    acted = False
    if st[G_SR] > 1:
        for c in range(15):
            k = sellable(st, rs, p, c)
            if k > 0 and careful_sells(st[O_CS + c * NF + F_DIR], p, price(st, rs, c),
                                       100 if c == SBB else st[O_CS + c * NF + F_PAR],
                                       st[O_PRM + P_SELLBELOW]):
                sell(st, rs, p, c, k)
                acted = True
    room = certs(st, rs, p) < CERT_LIMIT[st[G_PLAYERS]]   # after the sales
    for c in range(15):
        if (st[O_CS + c * NF + F_DIR] == p and st[O_CS + c * NF + F_STATUS] == 1
                and ipo_ok(st, rs, p, c, room)):
            buy_ipo(st, rs, p, c)
            return True
    if directorships(st, rs, p) < st[O_PRM + P_MAXDIR]:
        for j in range(PREFER_PAR.shape[0]):
            c = PREFER_PAR[j]
            if st[O_CS + c * NF + F_STATUS] != 0:
                continue
            need = careful_par(FLOAT_UNITS[st[O_CS + c * NF + F_CTYPE]], st[O_HOLD + p * 15 + c])
            for q in range(5):
                v = PARS[q]
                if par_ok(st, rs, p, c, v, room) and (2 + need) * v <= st[O_CASH + p]:
                    par_corp(st, rs, p, c, v)
                    return True
    best, best_yield = -1, np.int64(-1)
    for c in range(15):
        if st[O_CS + c * NF + F_STATUS] == 2 and (pool_ok(st, rs, p, c, room)
                                                  or ipo_ok(st, rs, p, c, room)):
            y = st[O_CS + c * NF + F_LASTDIV] * 1000 // price(st, rs, c)
            if y > best_yield:
                best, best_yield = c, y
    if best >= 0 and best_yield >= st[O_PRM + P_MINYIELD]:
        if careful_yield_pick(pool_ok(st, rs, p, best, room), ipo_ok(st, rs, p, best, room),
                              price(st, rs, best),
                              st[O_CS + best * NF + F_PAR]):
            buy_pool(st, rs, p, best)
        else:
            buy_ipo(st, rs, p, best)
        return True
    if (mountain_ok(st, rs, p) and st[G_PHASE] <= st[O_PRM + P_MOUNTPH]
            and st[O_CASH + p] - R.MOUNTAIN_PRICE >= st[O_PRM + P_MOUNTRES]):
        buy_mountain(st, rs, p)
        return True
    if tunnel_ok(st, rs, p):
        directs = False
        for c in range(15):
            if st[O_CS + c * NF + F_DIR] == p and st[O_CS + c * NF + F_STATUS] == 2:
                directs = True
        unused = False
        for k in range(R.NTUNNEL):
            if st[O_TUN + 0 * 5 + k] == p and st[O_TUN + 1 * 5 + k] < 0:
                unused = True
        if directs and not unused:
            buy_tunnel(st, rs, p)
            return True
    return acted


@njit(_nrt=False)
def stock_round(st, rs):
    n = st[G_PLAYERS]
    st[G_SR] += 1
    for i in range(n):
        st[S_ORDER + i] = i
    for i in range(1, n):   # stable insertion sort by cash (ascending in SR 1, else descending)
        j = i
        while j > 0:
            a, b = st[O_CASH + st[S_ORDER + j - 1]], st[O_CASH + st[S_ORDER + j]]
            swap = a > b if st[G_SR] == 1 else a < b
            if not swap:
                break
            st[S_ORDER + j - 1], st[S_ORDER + j] = st[S_ORDER + j], st[S_ORDER + j - 1]
            j -= 1
    st[O_PL:O_PL + 21] = 0
    passes = turns = 0
    while passes < n and turns < st[O_PRM + P_MAXTURNS]:
        p = st[S_ORDER + turns % n]
        turns += 1
        if st[O_DEBT + p] > 0:
            pay = min(st[O_CASH + p], st[O_DEBT + p])
            st[O_CASH + p] -= pay
            st[O_DEBT + p] -= pay
            st[G_BANK] += pay
        acted = random_turn(st, rs, p) if st[O_POL + p] == RANDOM else careful_turn(st, rs, p)
        passes = 0 if acted else passes + 1
    for c in range(15):
        status = st[O_CS + c * NF + F_STATUS]
        if status == 1 or status == 2:
            if st[O_CS + c * NF + F_POOL] > 0:
                move_left(st, rs, c)
            elif st[O_CS + c * NF + F_IPO] == 0:
                move_vertical(st, rs, c, -1)
    for p in range(n):
        st[O_DEBT + p] = (3 * st[O_DEBT + p] + 1) // 2
    st[G_NORS] = ORS_PER_SET[st[G_PHASE]]


# ---- trains ------------------------------------------------------------------------------------
@njit(_nrt=False, inline="always")
def train_price(t, side):
    return np.int64(PRICE_H[t]) if side else np.int64(PRICE_N[t])


@njit(_nrt=False)
def enforce_limits(st, rs):
    for c in range(15):
        if st[O_CS + c * NF + F_STATUS] != 2:
            continue
        lim = limit(st, rs, c)
        n = ntrains(st, rs, c)
        while n > lim:
            # the cheapest train goes (ties: the older type)
            bt, bs, bv = -1, -1, np.int64(1 << 40)
            for t in range(6):
                for side in range(2):
                    if st[O_TR + c * 12 + t * 2 + side] > 0 and train_price(t, side) < bv:
                        bt, bs, bv = t, side, train_price(t, side)
            st[O_TR + c * 12 + bt * 2 + bs] -= 1
            st[G_DISC] += 1
            n -= 1
        if n > lim:
            st[G_OVER] += 1


@njit(_nrt=False)
def new_type(st, rs, t):
    st[G_SEEN] |= np.int64(1) << t
    st[G_PHASE] = PHASE_OF[t]
    event(st, rs, EV_PHASE + PHASE_OF[t] - 2)
    d = DOWNGRADES[t]
    if d >= 0:
        for c in range(15):
            st[O_TR + c * 12 + d * 2 + 1] += st[O_TR + c * 12 + d * 2 + 0]
            st[O_TR + c * 12 + d * 2 + 0] = 0
    for r in range(6):
        if RUSTED_BY[r] == t:
            for c in range(15):
                st[G_RUSTED] += st[O_TR + c * 12 + r * 2 + 0] + st[O_TR + c * 12 + r * 2 + 1]
                st[O_TR + c * 12 + r * 2 + 0] = 0
                st[O_TR + c * 12 + r * 2 + 1] = 0
            event(st, rs, EV_RUST + r)
    if t == 3:
        for i in range(6):
            if st[O_PRIV + 1 * 7 + i]:
                if i == R.P4:
                    st[O_CASH + st[O_PRIV + 0 * 7 + i]] += R.P4_COMPENSATION
                    st[G_BANK] -= R.P4_COMPENSATION
                st[O_PRIV + 1 * 7 + i] = 0
        st[G_EVA] = 1
        st[G_SBBP] = 1
    if t == 4:
        st[G_FULL] = 1
        for c in range(15):
            if st[O_CS + c * NF + F_CTYPE] == HISTORICAL and st[O_CS + c * NF + F_STATUS] < 2:
                st[O_CS + c * NF + F_HASDEST] = 0
    enforce_limits(st, rs)


@njit(_nrt=False)
def buy_depot(st, rs, c, side):
    t = DEPOT[st[G_POS]]
    st[G_POS] += 1
    v = train_price(t, side)
    st[O_CS + c * NF + F_CASH] -= v
    st[G_BANK] += v
    st[O_TR + c * 12 + t * 2 + side] += 1
    st[O_CNT + 0 * 6 + t] += 1
    if (st[G_SEEN] >> t) & 1:
        enforce_limits(st, rs)
    else:
        new_type(st, rs, t)


@njit(_nrt=False)
def maturity(st, rs, c):
    """Network maturity in percent: grows with ORs operated and tokens laid."""
    return min(100, st[O_PRM + P_MAT0] + st[O_PRM + P_MATSTEP] * st[O_CS + c * NF + F_ORS]
               + st[O_PRM + P_MATTOK] * (st[O_CS + c * NF + F_TLAID] - 1))


@njit(_nrt=False)
def horizon(st, rs, t):
    r = RUSTED_BY[t]
    if r < 0:
        return st[O_PRM + P_HORIZON]
    return (FIRST_OF_TYPE[r] - st[G_POS]) * st[O_PRM + P_ORSPT] // 100 + 1


@njit(_nrt=False)
def company_trains(st, rs, c, rnd):
    """Voluntary depot purchases by the director's policy (stops at the train limit)."""
    ct = st[O_CS + c * NF + F_CTYPE]
    while st[G_POS] < NDEPOT and ntrains(st, rs, c) < limit(st, rs, c):
        t = next_type(st, rs)
        cash = st[O_CS + c * NF + F_CASH]
        can_n = ct != REGIONAL and cash >= PRICE_N[t]
        can_h = cash >= PRICE_H[t]
        must = ct != PRE and ntrains(st, rs, c) == 0
        if rnd:
            nopt = (0 if must else 1) + (1 if can_n else 0) + (1 if can_h else 0)
            if nopt == 0:
                break
            k = bounded(rs, nopt)
            if not must:
                if k == 0:
                    break
                k -= 1
            side = 0 if (can_n and k == 0) else 1
        else:
            rate = (st[O_PRM + P_SHARE + min(ntrains(st, rs, c), 3)] * maturity(st, rs, c)
                    * horizon(st, rs, t))
            pay = st[O_PRM + P_PAYBACK] * 100
            side = careful_side(must, can_n, can_h, st[O_PRM + P_BASE_N + t] * rate,
                                PRICE_N[t] * pay, st[O_PRM + P_BASE_H + t] * rate,
                                PRICE_H[t] * pay)
            if side < 0:
                break
        buy_depot(st, rs, c, side)


@njit(_nrt=False)
def buy_across(st, rs, c):
    """Careful rescue: the cheapest spare train of a company with the same director."""
    if c == SBB or st[O_CS + c * NF + F_CASH] < 1:
        return False
    for s in range(15):
        if (s == c or s == SBB or st[O_CS + s * NF + F_STATUS] != 2
                or st[O_CS + s * NF + F_DIR] != st[O_CS + c * NF + F_DIR]):
            continue
        if ntrains(st, rs, s) < 2:
            continue
        bt, bs, bv = -1, -1, np.int64(1 << 40)
        for t in range(6):
            for side in range(2):
                if st[O_CS + c * NF + F_CTYPE] == REGIONAL and side == 0:
                    continue
                if st[O_TR + s * 12 + t * 2 + side] > 0 and train_price(t, side) < bv:
                    bt, bs, bv = t, side, train_price(t, side)
        if bt < 0:
            continue
        v = min(st[O_CS + c * NF + F_CASH], bv)
        st[O_TR + s * 12 + bt * 2 + bs] -= 1
        st[O_TR + c * 12 + bt * 2 + bs] += 1
        st[O_CS + c * NF + F_CASH] -= v
        st[O_CS + s * NF + F_CASH] += v
        return True
    return False


@njit(_nrt=False)
def forced_train(st, rs, c):
    if st[O_CS + c * NF + F_CTYPE] == PRE or ntrains(st, rs, c) > 0 or st[G_POS] >= NDEPOT:
        return
    d = st[O_CS + c * NF + F_DIR]
    if d >= 0 and st[O_POL + d] == CAREFUL and st[G_PHASE] >= 3 and buy_across(st, rs, c):
        return
    v = next_h(st, rs)
    if st[O_CS + c * NF + F_CASH] >= v:
        buy_depot(st, rs, c, 1)
        return
    if d < 0:
        return
    if st[O_PRM + P_BANKRUPT]:
        power = st[O_CS + c * NF + F_CASH] + st[O_CASH + d]
        for x in range(15):
            if st[O_CS + x * NF + F_STATUS] == 2:
                u = st[O_HOLD + d * 15 + x] - (2 if st[O_CS + x * NF + F_DIR] == d else 0)
                power += u * price(st, rs, x)
        if power < v:
            st[G_ENDED] = 2
            return
    from_corp = st[O_CS + c * NF + F_CASH]
    from_dir = min(st[O_CASH + d], v - from_corp)
    short = v - from_corp - from_dir
    st[O_CASH + d] -= from_dir
    st[O_CS + c * NF + F_CASH] += from_dir
    if short > 0:
        st[O_DEBT + d] += (3 * short + 1) // 2
        st[G_LOANS] += 1
        st[O_CS + c * NF + F_CASH] += short
        st[G_BANK] -= short
    buy_depot(st, rs, c, 1)


# ---- operating round ---------------------------------------------------------------------
@njit(_nrt=False)
def assign_eva(st, rs):
    if st[G_EVA] != 1:
        return
    owner = st[O_PRIV + 0 * 7 + R.P7]
    for j in range(ORDER_EVA.shape[0]):
        c = ORDER_EVA[j]
        if (st[O_CS + c * NF + F_STATUS] == 2 and st[O_CS + c * NF + F_DIR] == owner
                and ntrains(st, rs, c) < limit(st, rs, c)):
            st[O_TR + c * 12 + 3 * 2 + 1] += 1
            st[G_EVA] = 2
            st[O_PRIV + 1 * 7 + R.P7] = 0
            return


@njit(_nrt=False)
def run_value(st, rs, c):
    """Sum of train values, the k-th best weighted by share_pct[min(k, 3)]; and the count."""
    n = 0
    for t in range(6):
        for side in range(2):
            v = st[O_PRM + (P_BASE_H if side else P_BASE_N) + t]
            for _ in range(st[O_TR + c * 12 + t * 2 + side]):
                j = n     # insertion sort, highest value first
                while j > 0 and st[S_VALS + j - 1] < v:
                    st[S_VALS + j] = st[S_VALS + j - 1]
                    j -= 1
                st[S_VALS + j] = v
                n += 1
    total = np.int64(0)
    for k in range(n):
        total += st[S_VALS + k] * st[O_PRM + P_SHARE + min(k, 3)]
    return total, n


@njit(_nrt=False)
def operate(st, rs, c):
    d = st[O_CS + c * NF + F_DIR]
    rnd = d >= 0 and st[O_POL + d] == RANDOM
    ct = st[O_CS + c * NF + F_CTYPE]
    cost = st[O_PRM + P_TRACK + st[G_PHASE] - 1]
    if st[O_CS + c * NF + F_CASH] >= cost:
        st[O_CS + c * NF + F_CASH] -= cost
        st[G_BANK] += cost
    if st[O_CS + c * NF + F_TLAID] < st[O_CS + c * NF + F_TTOT]:
        cost = TOKEN_COST[min(st[O_CS + c * NF + F_TLAID], 4)]
        if st[O_CS + c * NF + F_CASH] >= cost + next_h(st, rs):
            st[O_CS + c * NF + F_CASH] -= cost
            st[G_BANK] += cost
            st[O_CS + c * NF + F_TLAID] += 1
    if d >= 0:
        for k in range(R.NTUNNEL):
            if st[O_TUN + 0 * 5 + k] == d and st[O_TUN + 1 * 5 + k] < 0:
                if st[O_CS + c * NF + F_CASH] >= R.TUNNEL_BUILD:
                    if rnd:
                        build = bounded(rs, 2) == 1
                    else:
                        build = careful_tunnel(st[O_CS + c * NF + F_CASH], R.TUNNEL_BUILD,
                                               next_h(st, rs))
                    if build:
                        st[O_CS + c * NF + F_CASH] -= R.TUNNEL_BUILD
                        st[G_BANK] += R.TUNNEL_BUILD
                        st[O_TUN + 1 * 5 + k] = c
                        st[O_CS + c * NF + F_TUNNELS] += 1
                break
    if st[O_CS + c * NF + F_HASDEST] and not st[O_CS + c * NF + F_REACHED]:
        chance = st[O_PRM + P_DESTCH + (0 if ct == PRE else 1)]
        if bounded(rs, 100) < chance:
            st[O_CS + c * NF + F_REACHED] = 1
            bonus = (2 if ct == PRE else 5) * st[O_CS + c * NF + F_PAR]
            st[O_CS + c * NF + F_CASH] += bonus
            st[G_BANK] -= bonus
    rev = np.int64(0)
    total, n = run_value(st, rs, c)
    if n > 0:
        mat = maturity(st, rs, c)
        noise = st[O_PRM + P_NOISE]
        luck = 100 - noise + bounded(rs, 2 * noise + 1)
        dest = 100 + (st[O_PRM + P_DEST] if st[O_CS + c * NF + F_REACHED] else 0)
        x = (total * st[O_PRM + P_PHASE + st[G_PHASE] - 1] * st[O_PRM + P_TYPE + ct]
             * mat * dest * luck)
        rev = x // 1_000_000_000_000 // 10 * 10
        rev += st[O_PRM + P_TUNBONUS] * n * st[O_CS + c * NF + F_TUNNELS]
        for k in range(R.NTUNNEL):
            if st[O_TUN + 1 * 5 + k] == c:
                st[O_TUN + 2 * 5 + k] = 1
        if c == FNM:
            st[O_PRIV + 1 * 7 + R.P6] = 0
    st[O_CS + c * NF + F_ORS] += 1
    st[O_CS + c * NF + F_OPER] = 1
    payout = False
    if rev > 0:
        if rnd:
            payout = bounded(rs, 2) == 0
        else:
            nt = next_type(st, rs)
            safe = 0
            for t in range(6):
                if RUSTED_BY[t] < 0 or nt < 0 or RUSTED_BY[t] > nt + 1:
                    safe += st[O_TR + c * 12 + t * 2 + 0] + st[O_TR + c * 12 + t * 2 + 1]
            payout = careful_pays(ct == PRE, safe, nt >= 0, st[O_CS + c * NF + F_CASH],
                                  next_h(st, rs))
    units = st[O_CS + c * NF + F_UNITS]
    if payout:
        paid = np.int64(0)
        for p in range(st[G_PLAYERS]):
            u = st[O_HOLD + p * 15 + c]
            if u > 0:
                amount = (rev * u + units - 1) // units
                st[O_CASH + p] += amount
                paid += amount
        pool = rev * st[O_CS + c * NF + F_POOL] // units
        st[O_CS + c * NF + F_CASH] += pool
        st[G_BANK] -= paid + pool
        st[O_CS + c * NF + F_LASTDIV] = rev // units
        move_right(st, rs, c)
    else:
        st[O_CS + c * NF + F_CASH] += rev
        st[G_BANK] -= rev
        st[O_CS + c * NF + F_LASTDIV] = 0
        move_left(st, rs, c)
    company_trains(st, rs, c, rnd)
    forced_train(st, rs, c)
    return rev


@njit(_nrt=False)
def form_sbb(st, rs):
    n = st[G_PLAYERS]
    st[O_CS + SBB * NF + F_STATUS] = 2
    st[O_CS + SBB * NF + F_ROW] = R.SBB_ROW
    st[O_CS + SBB * NF + F_COL] = R.SBB_COL
    st[O_CS + SBB * NF + F_CASH] = R.SBB_START_CASH
    st[G_BANK] -= R.SBB_START_CASH
    st[O_TR + SBB * 12 + 3 * 2 + 1] += 1
    ttot = tlaid = ors = 0
    for c in range(5):
        st[O_CS + SBB * NF + F_CASH] += st[O_CS + c * NF + F_CASH]
        for t in range(6):
            for side in range(2):
                st[O_TR + SBB * 12 + t * 2 + side] += st[O_TR + c * 12 + t * 2 + side]
        ors = max(ors, st[O_CS + c * NF + F_ORS])
        ttot += st[O_CS + c * NF + F_TTOT]
        tlaid += st[O_CS + c * NF + F_TLAID]
    st[O_CS + SBB * NF + F_ORS] = ors
    st[O_CS + SBB * NF + F_TTOT] = ttot
    st[O_CS + SBB * NF + F_TLAID] = max(1, tlaid)
    held = 0
    for p in range(n):
        for c in range(5):
            u = st[O_HOLD + p * 15 + c]
            if u == 0:
                continue
            diff = u * (price(st, rs, c) - 100)
            if diff >= 0:
                st[O_CASH + p] += diff
                st[G_BANK] -= diff
            else:
                pay = min(st[O_CASH + p], -diff)
                st[O_CASH + p] -= pay
                st[G_BANK] += pay
                st[O_DEBT + p] += -diff - pay
            st[O_HOLD + p * 15 + SBB] += u
            held += u
    st[O_CS + SBB * NF + F_POOL] = 20 - held
    best = -1
    for p in range(n):
        u = st[O_HOLD + p * 15 + SBB]
        if u < 2:
            continue
        old = 5
        for c in range(5):
            if st[O_CS + c * NF + F_DIR] == p:
                old = min(old, c)
        if best < 0:
            best, bu, bold = p, u, old
        elif u > bu or (u == bu and old < bold):
            best, bu, bold = p, u, old
    st[O_CS + SBB * NF + F_DIR] = best
    for c in range(5):
        for p in range(n):
            st[O_HOLD + p * 15 + c] = 0
        st[O_CS + c * NF + F_STATUS] = 3
        st[O_CS + c * NF + F_CASH] = 0
        st[O_CS + c * NF + F_IPO] = 0
        st[O_CS + c * NF + F_POOL] = 0
        st[O_CS + c * NF + F_DIR] = -1
        st[O_TR + c * 12:O_TR + c * 12 + 12] = 0
    st[G_SBBP] = 0
    st[G_SBBF] = 1
    event(st, rs, EV_SBB)
    enforce_limits(st, rs)


@njit(_nrt=False)
def check_bank(st, rs):
    if st[G_BANK] < 0 and not st[G_BROKEN]:
        st[G_BROKEN] = 1
        event(st, rs, EV_BANK)


@njit(_nrt=False)
def record_or(st, rs, total):
    k = st[G_OR]
    if k <= R.MAX_OR_RECORD:
        st[O_ROW + C_REV + k - 1] = total
        st[O_ROW + C_BANKCASH + k - 1] = st[G_BANK]
        st[O_ROW + C_DEPOT + k - 1] = st[G_POS]


@njit(_nrt=False)
def operating_rounds(st, rs):
    st[G_SET] += 1
    for nin in range(1, st[G_NORS] + 1):
        st[G_OR] += 1
        st[G_NIN] = nin
        assign_eva(st, rs)
        for i in range(6):
            if st[O_PRIV + 1 * 7 + i]:
                st[O_CASH + st[O_PRIV + 0 * 7 + i]] += PRIVATE_REV[i]
                st[G_BANK] -= PRIVATE_REV[i]
        for k in range(R.NMOUNTAIN):
            if st[O_MR + 1 * 5 + k]:
                st[O_CASH + st[O_MR + 0 * 5 + k]] += R.MOUNTAIN_REV
                st[G_BANK] -= R.MOUNTAIN_REV
        for k in range(R.NTUNNEL):
            if st[O_TUN + 2 * 5 + k]:
                st[O_CASH + st[O_TUN + 0 * 5 + k]] += R.TUNNEL_REV
                st[G_BANK] -= R.TUNNEL_REV
        check_bank(st, rs)
        # operating order: price high to low, then further right, then higher row, then index
        m = 0
        for c in range(15):
            if st[O_CS + c * NF + F_STATUS] == 2:
                key = (1000 - price(st, rs, c)) * 32 + (31 - st[O_CS + c * NF + F_COL])
                key = (key * 16 + st[O_CS + c * NF + F_ROW]) * 16 + c
                j = m
                while j > 0 and st[S_KEYS + j - 1] > key:
                    st[S_KEYS + j] = st[S_KEYS + j - 1]
                    st[S_OPS + j] = st[S_OPS + j - 1]
                    j -= 1
                st[S_KEYS + j] = key
                st[S_OPS + j] = c
                m += 1
        total = np.int64(0)
        for j in range(m):
            total += operate(st, rs, st[S_OPS + j])
            if st[G_ENDED]:
                record_or(st, rs, total)
                return
            check_bank(st, rs)
        if st[G_SBBP]:
            form_sbb(st, rs)
            check_bank(st, rs)
        for k in range(R.NMOUNTAIN):
            if st[O_MR + 0 * 5 + k] >= 0 and st[O_MR + 1 * 5 + k] == 0:
                if bounded(rs, 100) < st[O_PRM + P_MOUNTCH]:
                    st[O_MR + 1 * 5 + k] = 1
        record_or(st, rs, total)
    if st[G_BROKEN]:
        st[G_ENDED] = 1
    elif st[G_SET] >= st[O_PRM + P_MAXSETS]:
        st[G_ENDED] = 3
    elif st[G_PHASE] >= 2 and st[G_POS] < NDEPOT:
        t = DEPOT[st[G_POS]]
        st[G_POS] += 1
        st[O_CNT + 1 * 6 + t] += 1
        if not (st[G_SEEN] >> t) & 1:
            new_type(st, rs, t)
        if st[G_SBBP]:
            form_sbb(st, rs)
        if st[G_OR] <= R.MAX_OR_RECORD:
            st[O_ROW + C_DEPOT + st[G_OR] - 1] = st[G_POS]


# ---- one game, many games ------------------------------------------------------------------
@njit(_nrt=False)
def score(st, rs, p):
    v = st[O_CASH + p] - st[O_DEBT + p]
    for c in range(15):
        status = st[O_CS + c * NF + F_STATUS]
        if status == 1 or status == 2:
            v += st[O_HOLD + p * 15 + c] * price(st, rs, c)
    for k in range(R.NMOUNTAIN):
        if st[O_MR + 0 * 5 + k] == p and st[O_MR + 1 * 5 + k]:
            v += R.MOUNTAIN_VALUE
    for k in range(R.NTUNNEL):
        if st[O_TUN + 0 * 5 + k] == p and st[O_TUN + 2 * 5 + k]:
            v += R.TUNNEL_VALUE
    return v


@njit(_nrt=False)
def reset(st, players, start_cash):
    st[:O_PRM] = 0
    st[G_PLAYERS] = players
    st[G_PHASE] = 1
    st[G_NORS] = 1
    st[G_BANK] = R.BANK - start_cash * players
    for c in range(15):
        t = CTYPE[c]
        st[O_CS + c * NF + F_CTYPE] = t
        st[O_CS + c * NF + F_UNITS] = UNITS[t]
        st[O_CS + c * NF + F_IPO] = UNITS[t] if c != SBB else 0
        st[O_CS + c * NF + F_DIR] = -1
        st[O_CS + c * NF + F_HASDEST] = 1 if (t == PRE or t == HISTORICAL) else 0
    for p in range(players):
        st[O_CASH + p] = start_cash
    for i in range(7):
        st[O_PRIV + i] = -1
        st[O_PRIV + 7 + i] = 1
    for k in range(5):
        st[O_MR + k] = -1
        st[O_TUN + k] = -1
        st[O_TUN + 5 + k] = -1
    st[O_EV:O_EV + 36] = -1
    st[O_ROW:O_ROW + R.NCOL] = -1


@njit(cache=True, nogil=True)
def simulate(seed, start, count, players, start_cash, pol, prm, out):
    """Play games start .. start+count-1; one record row per game into out[g, :]."""
    st = np.zeros(NSTATE, np.int64)
    rs = np.empty(4, np.uint64)
    st[O_PRM:O_PRM + NP] = prm
    st[O_POL:O_POL + players] = pol
    for gi in range(count):
        seed_stream(rs, seed, start + gi)
        reset(st, players, start_cash)
        auction(st, rs)
        while st[G_ENDED] == 0:
            stock_round(st, rs)
            operating_rounds(st, rs)
        event(st, rs, EV_END)
        row = O_ROW
        st[row + 0] = st[G_ENDED]
        st[row + 1] = st[G_OR]
        st[row + 2] = st[G_SET]
        st[row + 3] = st[G_PHASE]
        st[row + 4] = st[G_FLOATED]
        st[row + 5] = st[G_LOANS]
        st[row + 6] = st[G_OVER]
        st[row + 7] = st[G_BANK]
        st[row + 8] = st[O_CASH:O_CASH + players].sum()
        corp_cash = 0
        for c in range(15):
            corp_cash += st[O_CS + c * NF + F_CASH]
        st[row + 9] = corp_cash
        st[row + 10] = st[O_DEBT:O_DEBT + players].sum()
        st[row + 11] = NDEPOT - st[G_POS]
        st[row + 12] = st[O_TR:O_TR + 15 * 12].sum()
        st[row + 13] = st[O_CNT + 6:O_CNT + 12].sum()
        st[row + 14] = st[G_RUSTED]
        st[row + 15] = st[G_DISC]
        st[row + 16] = 1 if st[G_EVA] == 1 else 0
        st[row + 17] = (1 if st[G_EVA] == 0 else 0) + (1 - st[G_SBBF])
        k = row + 18
        for e in range(36):
            st[k] = st[O_EV + e]
            k += 1
        for j in range(12):
            st[k] = st[O_CNT + j]
            k += 1
        for p in range(7):
            st[k] = score(st, rs, p) if p < players else 0
            k += 1
        for j in range(out.shape[1]):
            out[gi, j] = st[O_ROW + j]


# ---- the contract's chunk simulator -------------------------------------------------------------
def policy_codes(settings) -> np.ndarray:
    return np.array([R.POLICY_CODE[p] for p in settings.policies], np.int64)


def records(settings, seed, start, count) -> np.ndarray:
    """Raw records int32[count, NCOL] of games start .. start+count-1."""
    out = np.empty((count, R.NCOL), np.int32)
    simulate(np.uint64(seed), start, count, settings.players,
             R.START_CASH[settings.players], policy_codes(settings),
             pack_params(settings.params), out)
    return out


def to_columns(rows: np.ndarray, settings, start: int) -> dict:
    """One record per game: ``game`` and the named columns (absent seats' scores dropped)."""
    cols = {"game": np.arange(start, start + rows.shape[0], dtype=np.int64)}
    for i, name in enumerate(R.COLUMNS):
        if name.startswith("score_") and int(name[6:]) >= settings.players:
            continue
        cols[name] = np.ascontiguousarray(rows[:, i])
    return cols


def simulate_chunk(settings, seed, start, count):
    """The game's chunk simulator: columns of one record per game."""
    return to_columns(records(settings, seed, start, count), settings, start)
