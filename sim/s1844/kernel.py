"""The numba game loop for 1844: auction, stock rounds, operating rounds, the train rush.

State lives in one flat int64 vector ``st`` (section offsets below); trains are counts
per company, type and side.  Random draws follow the order
documented in ``reference.py``, so both give identical games.  Policies live in
``policies.py`` (the decisions) and are called from here.

Speed (measured on the 2-core benchmark machine, see README): company fields are stored
field by field so that scans over the 15 companies vectorise; both bots' stock round
turns fold the legality checks into bit masks built by one such scan (over 16 lanes, the
16th masked off, so that it runs as four full vectors; four masks packed in a word, so
that one reduction serves them; the careful bot's per-company masks are rescanned only
after an action, its per-player ones every turn); the market price is kept with the cell;
divisions by a variable (slow on this CPU) are avoided in the inner loops; the per-call
helpers are inlined; per-company constants (pool limit, IPO limit) come from global
arrays, which fold into the unrolled scans; picks and sorts avoid data-dependent branches
(they mispredict), as do the market moves (looked up in tables); each company's run value
is cached until its trains change; company indices read from the state are masked
(``& 15``) so that numba can drop its negative-index check on every access.
"""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from tableodds.sim.core.jit import entry, jit
from tableodds.sim.core.layout import Layout
from tableodds.sim.core.rng import bounded, seed_stream
from tableodds.sim.s1844 import rules as R
from tableodds.sim.s1844.options import split_spread
from tableodds.sim.s1844.policies import (
    CAREFUL,
    RANDOM,
    careful_par,
    careful_pays,
    careful_sells,
    careful_side,
    careful_tunnel,
    careful_yield_pick,
)
from tableodds.sim.s1844.rules import to_columns  # noqa: F401 (record layout, in rules)

# globals: st[0:NG]
G_PHASE, G_POS, G_BANK, G_EVA, G_SBBP, G_SBBF, G_FULL, G_BROKEN, G_ENDED = range(9)
G_SR, G_SET, G_OR, G_NIN, G_NORS, G_RUSTED, G_DISC, G_LOANS, G_OVER, G_FLOATED = range(9, 19)
G_SEEN, G_PLAYERS, G_P2USED, G_PRIVB, G_ACRS, G_ACRO = range(19, 25)
G_RVOK = 25  # bit c: company c's run value in S_RVT/S_RVN is that of its current trains
G_P4 = 26  # P4's Furka-Oberalp tiles are on the map
G_WH = 27  # runs withheld
G_RESUME = 28  # bit 15: the OR under way resumes (its start is behind); bits 0-14: the
# companies that operated in it already (a position read inside an OR, position.py)
NG = 29
# company fields: st[O_CS + F_... * 15 + c], st[CS_... + c] below (one run of 15 per field,
# so that scans over the companies read contiguous memory and compile to vector code)
F_STATUS, F_PAR, F_ROW, F_COL, F_CASH, F_IPO, F_POOL, F_DIR, F_TTOT, F_TLAID = range(10)
F_ORS, F_HASDEST, F_REACHED, F_OPER, F_LASTDIV, F_TUNNELS, F_CTYPE, F_UNITS = range(10, 18)
F_EXTRA = 18  # laid P2's extra tile
F_PRICE = 19  # PRICE[row, col], kept with the cell
F_TILES = 20  # tiles laid from its list in map.toml
NF = 21
# parameters: st[O_PRM + P_...], the fields of ``rules.Params`` in one declared order (the
# rule tables' sizes: 6 train types, 7 phases, 4 company types and shares, 7 privates, 13
# companies to float); ``pack_params`` writes them in this order and the offsets below are
# read off it, so a parameter's place is said once
PARAMS = Layout(
    ("base_normal", (6,)),
    ("base_h", (6,)),
    ("phase_pct", (7,)),
    ("type_pct", (4,)),
    ("train_share_pct", (4,)),
    *((name, (1,)) for name in ("maturity_start_pct", "maturity_step_pct")),
    *((name, (1,)) for name in ("maturity_token_pct", "destination_pct", "noise_pct")),
    *((name, (1,)) for name in ("tunnel_bonus", "mountain_chance")),
    ("auction_value_pct", (7,)),
    *((name, (1,)) for name in ("auction_noise", "fnm_par", "max_directorships")),
    *((name, (1,)) for name in ("sell_below_pct", "min_yield_permille", "mountain_max_phase")),
    *((name, (1,)) for name in ("mountain_reserve", "payback_pct", "ors_per_train_pct")),
    *((name, (1,)) for name in ("horizon_ors", "value_low_pct", "value_span_pct")),
    *((name, (1,)) for name in ("max_or_sets", "max_sr_turns", "bankruptcy", "p2_tile_pct")),
    *((name, (1,)) for name in ("private_price_pct", "private_keep_pct", "private_sellers")),
    *((name, (1,)) for name in ("across_price_pct", "across_keep_trains")),
    *((name, (1,)) for name in ("withhold_for_train", "train_reserve_pct")),
    ("float_order", (13,)),
    *((name, (1,)) for name in ("withhold_savings", "sister_price_pct", "float_cash_pct")),
    ("revenue_model", (1,)),  # 1: "map", P_BASE_N/P_BASE_H hold the phase's route values
    ("route", (7, 12)),  # route_normal/route_h: 7 phases x 12 slots (type * 2 + side)
    *((name, (1,)) for name in ("float_help", "rust_buy", "bankrupt_lookahead")),
    *((name, (1,)) for name in ("sell_to_float", "pre_sbb_first", "sister_funds")),
    ("sister_gifts", (1,)),
)
_PA = PARAMS.place()
# one constant per field, in the layout's order
(
    P_BASE_N, P_BASE_H, P_PHASE, P_TYPE, P_SHARE, P_MAT0, P_MATSTEP, P_MATTOK, P_DEST,
    P_NOISE, P_TUNBONUS, P_MOUNTCH, P_AUCVAL, P_AUCNOISE, P_FNMPAR, P_MAXDIR, P_SELLBELOW,
    P_MINYIELD, P_MOUNTPH, P_MOUNTRES, P_PAYBACK, P_ORSPT, P_HORIZON, P_VLOW, P_VSPAN,
    P_MAXSETS, P_MAXTURNS, P_BANKRUPT, P_P2TILE, P_PRIVPRICE, P_PRIVKEEP, P_PRIVANY,
    P_ACRPRICE, P_ACRKEEP, P_WITHHOLD, P_RESERVE, P_ORDER, P_SAVE, P_SISTER, P_FLOATCASH,
    P_MAPREV, P_ROUTE, P_FLOATHELP, P_RUSTBUY, P_BANKLOOK, P_SELLFLOAT, P_PREFIRST,
    P_SFUND, P_SGIFT,
) = (_PA.offset(name) for name in PARAMS.names)  # fmt: skip
NP = _PA.size

# One flat int64 state vector per game, laid out once (sim.core.layout; players <= 7). One
# array keeps calls cheap: numba pays per array for every array passed or unpacked in a call.
STATE = Layout(
    ("g", (NG,)),  # the globals above
    ("cs", (NF, 15)),  # company fields, one run of 15 per field
    ("tr", (15, 12)),  # train counts per company, type and side
    ("cash", (7,)),
    ("debt", (7,)),
    ("hold", (7, 15)),  # share units per player and company
    ("pl", (7, 3)),  # per player: sold-this-SR mask, bought a mountain, bought a tunnel
    ("priv", (3, 7)),  # owning player / open / owning company, per private
    ("mr", (2, 5)),  # owner / active, per mountain railway
    ("tun", (3, 5)),  # owner / company / active, per tunnel
    ("cnt", (2, 6)),  # bought / exported, per train type
    ("ev", (12, 3)),  # per timeline event: OR, set, n
    ("row", (R.NCOL,)),  # the record row
    ("prm", (NP,)),  # the parameters
    ("pol", (7,)),  # the policy per seat
    ("ceil", (7,)),  # scratch, so that no function but simulate allocates (none needs the NRT)
    ("order", (7,)),
    ("ops", (15,)),
    ("run", (12,)),  # the 12 train slots (type * 2 + side), best base value first
    ("rvt", (15,)),  # cached run_value per company (valid where G_RVOK says so)
    ("rvn", (15,)),
    ("free", (7,)),  # per player: the part of the debt without interest (SBB exchange)
)
_AT = STATE.place()
O_CS, O_TR, O_CASH, O_DEBT, O_HOLD, O_PL, O_PRIV, O_MR, O_TUN, O_CNT, O_EV, O_ROW = (
    _AT.offset(name)
    for name in ("cs", "tr", "cash", "debt", "hold", "pl", "priv", "mr", "tun", "cnt", "ev", "row")
)
O_PRM, O_POL, O_FREE = _AT.offset("prm"), _AT.offset("pol"), _AT.offset("free")
S_CEIL, S_ORDER, S_OPS, S_RUN, S_RVT, S_RVN = (
    _AT.offset(name) for name in ("ceil", "order", "ops", "run", "rvt", "rvn")
)
# where each company field's run of 15 starts (st[CS_CASH + c]: company c's cash), and
# each row of the privates, mountain railways and tunnels: one constant each, so that an
# access compiles to one addition (numba types and lowers every operation on its own)
(
    CS_STATUS, CS_PAR, CS_ROW, CS_COL, CS_CASH, CS_IPO, CS_POOL, CS_DIR, CS_TTOT, CS_TLAID,
    CS_ORS, CS_HASDEST, CS_REACHED, CS_OPER, CS_LASTDIV, CS_TUNNELS, CS_CTYPE, CS_UNITS,
    CS_EXTRA, CS_PRICE, CS_TILES,
) = (O_CS + f * 15 for f in range(NF))  # fmt: skip
PRIV_OWNER, PRIV_OPEN, PRIV_CORP = (O_PRIV + k * 7 for k in range(3))
MR_OWNER, MR_ACTIVE = (O_MR + k * 5 for k in range(2))
TUN_OWNER, TUN_CORP, TUN_ACTIVE = (O_TUN + k * 5 for k in range(3))
NSTATE = _AT.size

PRICE, LIMITED, LIMIT = R.PRICE, R.LIMITED, R.LIMIT
CTYPE, UNITS, FLOAT_UNITS, IPO_LIMIT = R.CTYPE, R.UNITS, R.FLOAT_UNITS, R.IPO_LIMIT
DEPOT, PRICE_N, PRICE_H = R.DEPOT.astype(np.int64), R.PRICE_N, R.PRICE_H
RUSTED_BY, DOWNGRADES, PHASE_OF = R.RUSTED_BY, R.DOWNGRADES, R.PHASE_OF
ORS_PER_SET = np.array(R.ORS_PER_SET, np.int64)
TOKEN_COST = np.array(R.TOKEN_COST, np.int64)
CERT_LIMIT = np.array([0, 0, 0] + [R.CERT_LIMIT[n] for n in range(3, 8)], np.int64)
PARS = np.array(R.PARS, np.int64)


def _by_par(table):
    """A rules table keyed by par as an array indexed by any value 0..100: the entry of the
    highest par at or below it (0 below the lowest par)."""
    out = np.zeros(max(R.PARS) + 1, np.int64)
    for v in range(min(R.PARS), max(R.PARS) + 1):
        out[v] = table[max(p for p in R.PARS if p <= v)]
    return out


PAR_ROW = _by_par(R.PAR_ROW)
HIST_TOKENS = _by_par(R.HIST_TOKENS)
PAR_COL = R.PAR_COL
TYPE_TOKENS = R.TYPE_TOKENS.astype(np.int64)
FIRST_OF_TYPE = np.cumsum(np.array((0,) + R.DEPOT_COUNT[:-1], np.int64))
PRIVATE_FACE, PRIVATE_REV = R.PRIVATE_FACE, R.PRIVATE_REV
NDEPOT = len(R.DEPOT)
NTYPES = np.int64(6)  # train types (an int64, not a literal: see draw)
# per company (types never change): in the unrolled scans these fold into immediates
# (16 entries, the last 0: the scans run over 16 lanes, see lanes)
HALF_UNITS = np.append(UNITS[CTYPE] // 2, 0).astype(np.int64)  # pool limit: half the shares
IPO_CAP = np.append(IPO_LIMIT[CTYPE], 0).astype(np.int64)
ALL15 = (1 << 15) - 1
REAL_LANE = np.array([-1] * 15 + [0], np.int64)  # masks sums over 16 lanes to the 15
U31 = (1 << 31) - 1
# 20 // units: x // units == x * PER_20[c] // 20 exactly (units divide 20), a division by
# a constant (a multiplication) without a branch on the units
PER_20 = (20 // UNITS[CTYPE]).astype(np.int64)
# floor(2^32 / price) for each market price (padded to 512 so that [price & 511] is in
# bounds): x // price == (x * RECIP32[price] >> 32) + at most one, for 0 <= x < 2^32
RECIP32 = np.zeros(512, np.int64)
RECIP32[1 : PRICE.max() + 1] = (1 << 32) // np.arange(1, PRICE.max() + 1)
TERRAIN = R.TERRAIN.astype(np.int64)  # [company, k]: the k-th tile's terrain
NTILES = R.NTILES.astype(np.int64)
DEST_NEEDS = R.DEST_NEEDS.astype(np.int64)  # 1: a green tile (phase 3), 2: P4's tiles
ORDER_EVA = np.array(list(range(5, 15)) + list(range(5)), np.int64)
# each market cell's place in the operating order: price high to low, then further right,
# then higher row (< 144, so that 16 x the place + the company fits in 12 bits); padded to
# 8 x 32, so that [row & 7, col & 31] is in bounds for any company, branch-free
CELL_ORDER = np.zeros((8, 32), np.uint64)
CELL_ORDER[:, : PRICE.shape[1]].flat[
    sorted(
        range(PRICE.size),
        key=lambda i: (-PRICE.flat[i], -(i % PRICE.shape[1]), i // PRICE.shape[1]),
    )
] = np.arange(PRICE.size)
LANE_TOP = np.uint64(0x8000_8000_8000_8000)  # bit 15 of each 16-bit lane
LANE_ONE = np.uint64(0x0001_0001_0001_0001)


def _market_moves():
    """Target cell of a move right (normal company, regional) and left from each cell: the
    moves below look them up instead of testing neighbours (branches that mispredict)."""

    def ok(r, k):
        return 0 <= r < 8 and 0 <= k < 18 and PRICE[r, k] > 0

    rows = np.zeros((3, 8, 18), np.int64)
    cols = np.zeros((3, 8, 18), np.int64)
    for r in range(8):
        for k in range(18):
            for m in range(3):
                to = (r, k)
                if m < 2 and ok(r, k + 1) and not (m == 1 and LIMITED[r, k + 1]):
                    to = (r, k + 1)
                elif m < 2 and ok(r - 1, k):
                    to = (r - 1, k)
                elif m == 2 and ok(r, k - 1):
                    to = (r, k - 1)
                elif m == 2 and ok(r + 1, k):
                    to = (r + 1, k)
                rows[m, r, k], cols[m, r, k] = to
    return rows, cols


MOVE_ROW, MOVE_COL = _market_moves()
EV_PHASE, EV_RUST, EV_SBB, EV_BANK, EV_END = (
    R.EV[e] for e in ("phase2", "rust2", "sbb", "bank", "end")
)
PRE, REGIONAL, HISTORICAL = R.PRE, R.REGIONAL, R.HISTORICAL
SBB, FNM, MOB = R.SBB, R.FNM, R.MOB
C_REV = R.COL["rev_1"]
C_BANKCASH = R.COL["bankcash_1"]
C_DEPOT = R.COL["depot_1"]
# the record row's scalar columns (their places in rules.COLUMNS)
(
    R_END_REASON,
    R_ORS,
    R_SETS,
    R_PHASE,
    R_FLOATED,
    R_LOANS,
    R_WITHHOLDS,
    R_OVER_LIMIT,
    R_BANK,
    R_PLAYER_CASH,
    R_CORP_CASH,
    R_DEBT,
    R_DEPOT_LEFT,
    R_OWNED,
    R_EXPORTED,
    R_RUSTED,
    R_DISCARDED,
    R_EVA_HELD,
    R_RESERVED,
    R_PRIVATES_BOUGHT,
    R_ACROSS_SISTER,
    R_ACROSS_OTHER,
    R_P2_TILE,
) = (R.COL[name] for name in R.SCALARS)
R_EVENTS = R.COL[R.EVENTS[0] + "_or"]  # then events (OR, SR, n), trains, scores


def pack_params(p: R.Params, players: int) -> np.ndarray:
    """The parameters as the flat int64 vector the kernel reads (offsets above); the
    per-player-count ones for ``players``."""
    mapped = p.revenue_model == "map"
    # the map's table holds the phase and the corporation type (the type as route_type_pct)
    special = {
        "phase_pct": [100] * 7 if mapped else p.phase_pct,
        "type_pct": p.route_type_pct if mapped else p.type_pct,
        "max_directorships": p.max_directorships[players - 3],
        "bankruptcy": int(p.bankruptcy == "allowed"),
        "private_sellers": int(p.private_sellers == "any"),
        "revenue_model": int(mapped),
        "route": [
            (p.route_h if side else p.route_normal)[t][phase]
            for phase in range(7)
            for t in range(6)
            for side in range(2)
        ],
    }
    v = np.zeros(NP, np.int64)
    for name in PARAMS.names:
        value = np.ravel(special[name] if name in special else getattr(p, name))
        view = _PA.view(v, name).reshape(-1)
        if value.size != view.size:
            raise ValueError(f"parameter {name}: {value.size} values, the kernel reads {view.size}")
        view[:] = value
    return v


# ---- small helpers -----------------------------------------------------------------------
@jit(inline="llvm", alloc=False)
def price(st, c):
    c &= 15
    return st[CS_PRICE + c]


@jit(inline="always", alloc=False)
def field(st, off):
    """One field of all 15 companies (from CS_...), as a view (scans over it vectorise)."""
    return st[off : off + 15]


@jit(inline="always", alloc=False)
def lanes(st, off):
    """A run of 15 (a field, a player's holdings) and the first value after it, as a view:
    scans over all 16 run as four full vectors (15 need masked loads for the last three);
    they mask off what the 16th lane yields."""
    return st[off : off + 16]


@jit(inline="always", alloc=False)
def set_cell(st, c, r, k):
    st[CS_ROW + c] = r
    st[CS_COL + c] = k
    st[CS_PRICE + c] = PRICE[r, k]


@jit(inline="llvm", alloc=False)
def cell(r, c):
    return 0 <= r < 8 and 0 <= c < 18 and PRICE[r, c] > 0


@jit(inline="llvm", alloc=False)
def ntrains(st, c):
    c &= 15
    n = np.int64(0)
    for t in range(6):
        n += st[O_TR + c * 12 + t * 2 + 0] + st[O_TR + c * 12 + t * 2 + 1]
    return n


@jit(inline="llvm", alloc=False)
def limit(st, c):
    c &= 15
    return np.int64(LIMIT[st[G_PHASE], st[CS_CTYPE + c]])


@jit(inline="llvm", alloc=False)
def next_type(st):
    return DEPOT[st[G_POS]] if st[G_POS] < NDEPOT else -1


@jit(inline="llvm", alloc=False)
def next_h(st):
    t = next_type(st)
    return np.int64(PRICE_H[t]) if t >= 0 else np.int64(0)


@jit(inline="always", alloc=False)
def event(st, e):
    if st[O_EV + e * 3 + 0] < 0:
        st[O_EV + e * 3 + 0] = st[G_OR]
        st[O_EV + e * 3 + 1] = st[G_SET]
        st[O_EV + e * 3 + 2] = st[G_NIN]


@jit(inline="always", alloc=False)
def draw(rs, n):
    """A uniform draw in [0, n) (``rng.bounded``) through one compiled call: the generator
    inlined at each of the kernel's draws took about 250 numba IR statements a draw;
    n goes as int64, so that draws with constant bounds share that one compile."""
    return _draw(rs, np.int64(n))


@jit(alloc=False)
def _draw(rs, n):
    return bounded(rs, n)


# ---- market --------------------------------------------------------------------------------
@jit(inline="llvm", alloc=False)
def move_right(st, c):
    c &= 15
    r, k = st[CS_ROW + c], st[CS_COL + c]
    m = np.int64(st[CS_CTYPE + c] == REGIONAL)
    set_cell(st, c, MOVE_ROW[m, r, k], MOVE_COL[m, r, k])


@jit(inline="llvm", alloc=False)
def move_left(st, c):
    c &= 15
    r, k = st[CS_ROW + c], st[CS_COL + c]
    set_cell(st, c, MOVE_ROW[2, r, k], MOVE_COL[2, r, k])


@jit(inline="always", alloc=False)
def move_vertical(st, c, d):
    r, k = st[CS_ROW + c], st[CS_COL + c]
    if cell(r + d, k):
        set_cell(st, c, r + d, k)


# ---- shares --------------------------------------------------------------------------------
@jit(inline="always", alloc=False)
def recheck_director(st, c):
    best = st[CS_DIR + c]
    most = st[O_HOLD + best * 15 + c] if best >= 0 else 1
    for p in range(st[G_PLAYERS]):
        if st[O_HOLD + p * 15 + c] > most:
            best = p
            most = st[O_HOLD + p * 15 + c]
    st[CS_DIR + c] = best


@jit(inline="llvm", alloc=False)
def float_check(st, c):
    c &= 15
    sold = st[CS_UNITS + c] - st[CS_IPO + c]
    if st[CS_STATUS + c] == 1 and sold >= FLOAT_UNITS[st[CS_CTYPE + c]]:
        st[CS_STATUS + c] = 2
        st[G_FLOATED] += 1
        t = st[CS_CTYPE + c]
        mult = 2 if t == PRE else 5
        if t == HISTORICAL and st[G_FULL]:
            mult = 10
        cap = mult * st[CS_PAR + c]
        st[CS_CASH + c] += cap
        st[G_BANK] -= cap
        st[CS_TLAID + c] = 1


@jit(inline="llvm", alloc=False)
def par_corp(st, p, c, v):
    c &= 15
    st[CS_STATUS + c] = 1
    st[CS_PAR + c] = v
    set_cell(st, c, PAR_ROW[v], PAR_COL)
    st[CS_DIR + c] = p
    st[O_HOLD + p * 15 + c] += 2
    st[CS_IPO + c] -= 2
    st[O_CASH + p] -= 2 * v
    st[G_BANK] += 2 * v
    if st[CS_CTYPE + c] == HISTORICAL:
        st[CS_TTOT + c] = HIST_TOKENS[v]
    else:
        st[CS_TTOT + c] = TYPE_TOKENS[st[CS_CTYPE + c]]
    float_check(st, c)


@jit(inline="llvm", alloc=False)
def buy_ipo(st, p, c):
    c &= 15
    v = st[CS_PAR + c]
    st[O_CASH + p] -= v
    st[G_BANK] += v
    st[O_HOLD + p * 15 + c] += 1
    st[CS_IPO + c] -= 1
    recheck_director(st, c)
    float_check(st, c)


@jit(inline="llvm", alloc=False)
def buy_pool(st, p, c):
    c &= 15
    v = price(st, c)
    st[O_CASH + p] -= v
    st[G_BANK] += v
    st[O_HOLD + p * 15 + c] += 1
    st[CS_POOL + c] -= 1
    recheck_director(st, c)


@jit(inline="llvm", alloc=False)
def sale_value(st, c):
    c &= 15
    v = price(st, c)
    row, col = st[CS_ROW + c], st[CS_COL + c]
    if st[CS_OPER + c] == 0 and cell(row + 1, col):
        v = np.int64(PRICE[row + 1, col])  # not yet operated: one row lower
    return v


@jit(inline="llvm", alloc=False)
def sell(st, p, c, k):
    c &= 15
    v = sale_value(st, c)
    st[O_CASH + p] += k * v
    st[G_BANK] -= k * v
    st[O_HOLD + p * 15 + c] -= k
    st[CS_POOL + c] += k
    st[O_PL + p * 3 + 0] |= np.int64(1) << c
    move_vertical(st, c, 1)
    recheck_director(st, c)


@jit(inline="always", alloc=False)
def free_slot(st, off, first):
    for k in range(first, 5):
        if st[off + k] < 0:
            return k
    return -1


# a mountain railway (k = 1) or a tunnel (k = 2): its section, its price, its pl column k
@jit(inline="always", alloc=False)
def _extra_ok(st, p, k):
    return (
        st[O_DEBT + p] == 0
        and st[O_PL + p * 3 + k] == 0
        and st[O_CASH + p] >= (R.MOUNTAIN_PRICE if k == 1 else R.TUNNEL_PRICE)
        and free_slot(st, O_MR if k == 1 else O_TUN, k - 1) >= 0
    )


@jit(inline="always", alloc=False)
def _buy_extra(st, p, k):
    sec, price = (O_MR, R.MOUNTAIN_PRICE) if k == 1 else (O_TUN, R.TUNNEL_PRICE)
    st[sec + free_slot(st, sec, k - 1)] = p
    st[O_CASH + p] -= price
    st[G_BANK] += price
    st[O_PL + p * 3 + k] = 1


@jit(inline="always", alloc=False)
def mountain_ok(st, p):
    return _extra_ok(st, p, 1)


@jit(inline="always", alloc=False)
def tunnel_ok(st, p):
    return _extra_ok(st, p, 2)


@jit(inline="always", alloc=False)
def buy_mountain(st, p):
    _buy_extra(st, p, 1)


@jit(inline="always", alloc=False)
def buy_tunnel(st, p):
    _buy_extra(st, p, 2)


# ---- auction ---------------------------------------------------------------------------------
@jit(alloc=False)
def auction(st, rs):
    n = st[G_PLAYERS]
    for i in range(7):
        face = np.int64(PRIVATE_FACE[i])
        top = -1
        for p in range(n):
            if st[O_POL + p] == CAREFUL:
                v = face * st[O_PRM + P_AUCVAL + i] // 100 // 5 * 5
                v += 5 * draw(rs, st[O_PRM + P_AUCNOISE] + 1)
            else:
                pct = st[O_PRM + P_VLOW] + draw(rs, st[O_PRM + P_VSPAN] + 1)
                v = face * pct // 100 // 5 * 5
            st[S_CEIL + p] = min(v, st[O_CASH + p] // 5 * 5)
            top = max(top, st[S_CEIL + p])
        if i != R.P1 and top < face:
            # only P1's price falls; a later private goes at face to the first seat that
            # can pay it
            for p in range(n):
                if st[O_CASH + p] >= face:
                    st[S_CEIL + p] = face
                    top = face
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
        st[PRIV_OWNER + i] = win
        if i == R.P3:
            st[TUN_OWNER + 0] = win
        elif i == R.P5:
            st[O_HOLD + win * 15 + MOB] = 1
            st[CS_IPO + MOB] -= 1
        elif i == R.P6:
            if st[O_POL + win] == CAREFUL:
                v = st[O_PRM + P_FNMPAR]
            else:
                v = PARS[draw(rs, 5)]
            st[CS_STATUS + FNM] = 2
            st[CS_PAR + FNM] = v
            set_cell(st, FNM, PAR_ROW[v], PAR_COL)
            st[CS_DIR + FNM] = win
            st[O_HOLD + win * 15 + FNM] = 2
            st[CS_POOL + FNM] = 3
            st[CS_IPO + FNM] = 5
            st[CS_CASH + FNM] = 5 * v
            st[G_BANK] -= 5 * v
            st[CS_TTOT + FNM] = HIST_TOKENS[v]
            st[CS_TLAID + FNM] = 1
            st[G_FLOATED] += 1


# ---- stock round -----------------------------------------------------------------------------
@jit(inline="llvm", alloc=False)
def ones(x):
    """Set bits of a 16-bit mask."""
    x = x - ((x >> 1) & 0x5555)
    x = (x & 0x3333) + ((x >> 2) & 0x3333)
    x = (x + (x >> 4)) & 0x0F0F
    return (x + (x >> 8)) & 0x1F


@jit(inline="always", alloc=False)
def listed(cats, ncat, k, legal):
    """Category k appended to the list ``cats`` (4 bits an entry, ncat entries) if legal,
    without a branch (which would mispredict: a random player's options vary at random)."""
    return cats | (k * np.int64(legal)) << (4 * ncat), ncat + np.int64(legal)


@jit(inline="always", alloc=False)
def random_turn(st, rs, p):
    # the legal moves of each kind as bit masks over the companies, from one scan (the
    # conditions of the reference's sellable, ipo_ok, pool_ok and par_ok at par 60), packed
    # in one word (as in company_scan)
    status, director = lanes(st, CS_STATUS), lanes(st, CS_DIR)
    hold, pool = lanes(st, O_HOLD + p * 15), lanes(st, CS_POOL)
    prices, par = lanes(st, CS_PRICE), lanes(st, CS_PAR)
    ipo = lanes(st, CS_IPO)
    cash = st[O_CASH + p]
    # the per-company conditions first; the player's (sold, debt, room) mask them after
    ncert = masks = np.int64(0)
    for c in range(16):
        mine = director[c] == p
        s2 = status[c] == 2
        # (a closed company (status 3) has no holdings and no director: it counts 0)
        ncert += (hold[c] - mine) & REAL_LANE[c]
        sells = s2 & (hold[c] - 2 * mine > 0) & (pool[c] < HALF_UNITS[c])
        ipos = (
            ((status[c] == 1) | s2)
            & (c != SBB)
            & (ipo[c] > 0)
            & (cash >= par[c])
            & (hold[c] < IPO_CAP[c])
        )
        pools = s2 & (pool[c] > 0) & (cash >= prices[c])
        pars = (status[c] == 0) & (c != FNM) & (c != SBB)
        masks |= (
            np.int64(sells) | np.int64(ipos) << 16 | np.int64(pools) << 32 | np.int64(pars) << 48
        ) << c
    sells, ipos = masks & ALL15, (masks >> 16) & ALL15
    pools, pars = (masks >> 32) & ALL15, (masks >> 48) & ALL15
    if st[G_SR] == 1:
        sells = 0
    # below the certificate limit? (fixed until this turn's one action)
    if st[O_DEBT + p] == 0 and ncert < CERT_LIMIT[st[G_PLAYERS]]:
        fresh = ~st[O_PL + p * 3 + 0]  # not sold this stock round
        ipos &= fresh
        pools &= fresh
        if cash < 2 * 60:
            pars = 0
    else:
        ipos = pools = pars = 0
    # the legal categories, 4 bits each: 0 pass 1 sell 2 ipo 3 pool 4 par 5 mountain 6 tunnel
    cats, ncat = listed(np.int64(0), np.int64(1), 1, sells != 0)
    cats, ncat = listed(cats, ncat, 2, ipos != 0)
    cats, ncat = listed(cats, ncat, 3, pools != 0)
    cats, ncat = listed(cats, ncat, 4, pars != 0)
    cats, ncat = listed(cats, ncat, 5, mountain_ok(st, p))
    cats, ncat = listed(cats, ncat, 6, tunnel_ok(st, p))
    cat = (cats >> (4 * draw(rs, ncat))) & 15
    if cat == 0:
        return False
    if cat == 5:
        buy_mountain(st, p)
        return True
    if cat == 6:
        buy_tunnel(st, p)
        return True
    mask = sells if cat == 1 else ipos if cat == 2 else pools if cat == 3 else pars
    # the k-th company of the mask: drop the k lowest bits, take the lowest left (fewer
    # unpredictable branches than a test per company)
    for _ in range(draw(rs, ones(mask))):
        mask &= mask - 1
    c = trailing_zeros(mask)
    if cat == 1:
        sell(st, p, c, np.int64(1))
    elif cat == 2:
        buy_ipo(st, p, c)
    elif cat == 3:
        buy_pool(st, p, c)
    else:
        nv = 0
        for j in range(5):
            nv += cash >= 2 * PARS[j]
        j = draw(rs, nv)
        for q in range(5):
            if cash >= 2 * PARS[q]:
                if j == 0:
                    par_corp(st, p, c, PARS[q])
                    break
                j -= 1
    return True


@jit(inline="always", alloc=False)
def company_scan(st):
    """The careful bot's per-company conditions, the same for every player (so recomputed
    only after an action, not every turn), from one scan: ``cw`` packs four 16-bit masks
    (floated, pool under its limit, trading low enough that a non-director sells; parred
    unfloated and floated companies with IPO shares for sale (not the SBB); floated ones
    with pool shares), ``cw2`` four (paid a dividend; not parred; parred; floated)."""
    status, pool = lanes(st, CS_STATUS), lanes(st, CS_POOL)
    prices, par = lanes(st, CS_PRICE), lanes(st, CS_PAR)
    ipo, lastdiv = lanes(st, CS_IPO), lanes(st, CS_LASTDIV)
    sb = st[O_PRM + P_SELLBELOW] & U31
    cw = cw2 = np.int64(0)
    for c in range(16):
        s1, s2 = status[c] == 1, status[c] == 2
        pc = par[c]  # (loaded unconditionally: a conditional load stops the vectoriser)
        ref = 100 if c == SBB else pc
        # (prices, pars and the percentage are < 2^31: masked, each product is one vpmuldq;
        # the director's own company is masked off per player, see careful_turn)
        sale = s2 & (pool[c] < HALF_UNITS[c]) & careful_sells(prices[c] & U31, ref & U31, sb)
        ipo_ok = (c != SBB) & (ipo[c] > 0)
        # (one shift by c per lane: shifts by c + 16 etc. stop the vectoriser)
        cw |= (
            np.int64(sale)
            | np.int64(s1 & ipo_ok) << 16
            | np.int64(s2 & ipo_ok) << 32
            | np.int64(s2 & (pool[c] > 0)) << 48
        ) << c
        cw2 |= (
            np.int64(lastdiv[c] > 0)
            | np.int64(status[c] == 0) << 16
            | np.int64(s1 | s2) << 32
            | np.int64(s2) << 48
        ) << c
    return cw, cw2


@jit(inline="llvm", alloc=False)
def player_scan(st, p):
    """The careful bot's per-player conditions, from one scan: ``pw`` packs four 16-bit
    masks (directs; holds shares; may buy one more from the IPO; can pay the pool price);
    ``ncert`` counts the certificates."""
    director = lanes(st, CS_DIR)
    hold, prices = lanes(st, O_HOLD + p * 15), lanes(st, CS_PRICE)
    par = lanes(st, CS_PAR)
    cash = st[O_CASH + p]
    pw = ncert = np.int64(0)
    for c in range(16):
        mine = director[c] == p
        pw |= (
            np.int64(mine)
            | np.int64(hold[c] > 0) << 16
            | np.int64((hold[c] < IPO_CAP[c]) & (cash >= par[c])) << 32
            | np.int64(cash >= prices[c]) << 48
        ) << c
        # (a closed company (status 3) has no holdings and no director: it counts 0)
        ncert += (hold[c] - mine) & REAL_LANE[c]
    return pw, ncert


@jit(alloc=False)
def sell_to_float(st, p, unparred, held):
    """(see the reference's sell_to_float; the caller checked debt and certificates;
    ``held``: the companies it holds shares of and does not direct)"""
    if held == 0 or st[G_SR] <= 1:
        return False
    c = -1
    for j in range(13):
        c = st[O_PRM + P_ORDER + j] & 15
        if (unparred >> c) & 1:
            break
        c = -1
    if c < 0:
        return False
    need = careful_par(FLOAT_UNITS[st[CS_CTYPE + c]], st[O_HOLD + p * 15 + c])
    cost = (2 + need) * 60
    total = st[O_CASH + p]
    if total >= cost:
        return False
    m = held
    while m:
        x = trailing_zeros(m)
        m &= m - 1
        k = min(st[O_HOLD + p * 15 + x], HALF_UNITS[x] - st[CS_POOL + x])
        if st[CS_STATUS + x] == 2 and k > 0:
            total += k * sale_value(st, x)
    if total < cost:
        return False
    m = held
    while m and st[O_CASH + p] < cost:
        x = trailing_zeros(m)
        m &= m - 1
        k = min(st[O_HOLD + p * 15 + x], HALF_UNITS[x] - st[CS_POOL + x])
        if st[CS_STATUS + x] == 2 and k > 0:
            sell(st, p, x, k)
    return True


@jit(inline="llvm", alloc=False)
def careful_turn(st, p, cw, cw2):
    # the same decisions as the reference's careful_turn, with its legality checks
    # (ipo_ok, pool_ok, par_ok, ...) unfolded into bit masks from two scans (cw, cw2 from
    # company_scan, valid for the state at the start of this turn)
    acted = False
    pw, ncert = player_scan(st, p)
    sells = cw & (pw >> 16) & ~pw & ALL15  # low enough, held, not directed
    if st[G_SR] > 1 and sells:
        # a sale changes only its own company: find them all first, then sell
        while sells:
            c = trailing_zeros(sells)
            sells &= sells - 1
            sell(
                st,
                p,
                c,
                min(st[O_HOLD + p * 15 + c], HALF_UNITS[c] - st[CS_POOL + c]),
            )
        acted = True
        cw, cw2 = company_scan(st)
        pw, ncert = player_scan(st, p)
    if st[O_DEBT + p] != 0:  # no purchases while in debt
        return acted
    mine = pw & ALL15
    ndir, directs = ones(mine & (cw2 >> 32)), mine & (cw2 >> 48) != 0
    cash = st[O_CASH + p]
    if ncert < CERT_LIMIT[st[G_PLAYERS]]:
        fresh = ~st[O_PL + p * 3 + 0]  # not sold this stock round
        parred = (cw >> 16) & mine & (pw >> 32) & fresh
        if parred:
            buy_ipo(st, p, trailing_zeros(parred))
            return True
        unparred = (cw2 >> 16) & ALL15
        if (
            ndir < st[O_PRM + P_MAXDIR]
            and cash < 2 * 60
            and unparred
            and st[O_PRM + P_SELLFLOAT]
            and sell_to_float(st, p, unparred, (pw >> 16) & ~pw & ALL15)
        ):
            return True
        if ndir < st[O_PRM + P_MAXDIR] and cash >= 2 * 60 and unparred:
            # (in stock round 1 spending at most float_cash_pct of its cash)
            room = cash * (st[O_PRM + P_FLOATCASH] if st[G_SR] == 1 else 100)
            if st[O_PRM + P_PREFIRST]:
                # pre_sbb_first: the first free pre-SBB company of float_order, at the
                # highest par that leaves the cost of floating the first free other one
                pre = nxt = np.int64(-1)
                for j in range(13):
                    c = st[O_PRM + P_ORDER + j] & 15
                    if (unparred >> c) & 1:
                        if st[CS_CTYPE + c] == 0:
                            pre = c if pre < 0 else pre
                        elif nxt < 0:
                            nxt = c
                second = 0
                if nxt >= 0:
                    need = careful_par(FLOAT_UNITS[st[CS_CTYPE + nxt]], st[O_HOLD + p * 15 + nxt])
                    second = (2 + need) * 60
                if pre >= 0:
                    for q in range(5):
                        if (2 * PARS[q] + second) * 100 <= room:
                            par_corp(st, p, pre, PARS[q])
                            return True
            for j in range(13):
                c = st[O_PRM + P_ORDER + j] & 15
                if (unparred >> c) & 1 == 0:
                    continue
                need = careful_par(FLOAT_UNITS[st[CS_CTYPE + c]], st[O_HOLD + p * 15 + c])
                # the highest par (100, 90, ..., 60) at which it floats the company alone
                for q in range(5):
                    if (2 + need) * PARS[q] * 100 <= room:
                        par_corp(st, p, c, PARS[q])
                        return True
            if st[O_PRM + P_SELLFLOAT] and sell_to_float(st, p, unparred, (pw >> 16) & ~pw & ALL15):
                return True
        # float_help: a share of another player's parred company, so that it floats
        helps = (cw >> 16) & ~mine & (pw >> 32) & fresh & ALL15
        if st[O_PRM + P_FLOATHELP] != 0 and helps:
            buy_ipo(st, p, trailing_zeros(helps))
            return True
        ipos = (cw >> 32) & (pw >> 32) & ALL15 & fresh
        pools = (cw >> 48) & (pw >> 48) & ALL15 & fresh
        eligible = ipos | pools
        paid = eligible & cw2
        best, best_yield = np.int64(-1), np.int64(-1)
        if paid:
            # a company that paid a dividend yields at least 1000 / 350 > 0 per mille
            while paid:
                c = trailing_zeros(paid)
                paid &= paid - 1
                # floor(lastdiv * 1000 / price) through the price's reciprocal and a
                # one-step correction instead of a division (exact: lastdiv < 4 million)
                x, pr = st[CS_LASTDIV + c] * 1000, st[CS_PRICE + c]
                y = x * RECIP32[pr & 511] >> 32
                y += np.int64((y + 1) * pr <= x)
                if y > best_yield:
                    best, best_yield = c, y
        elif eligible:  # all yield 0: the first one
            best, best_yield = trailing_zeros(eligible), np.int64(0)
        if best >= 0 and best_yield >= st[O_PRM + P_MINYIELD]:
            # (the masks hold pool_ok and ipo_ok for an eligible company)
            if careful_yield_pick(
                (pools >> best) & 1 != 0,
                (ipos >> best) & 1 != 0,
                price(st, best),
                st[CS_PAR + best],
            ):
                buy_pool(st, p, best)
            else:
                buy_ipo(st, p, best)
            return True
    if (
        st[G_PHASE] <= st[O_PRM + P_MOUNTPH]
        and cash - R.MOUNTAIN_PRICE >= st[O_PRM + P_MOUNTRES]
        and mountain_ok(st, p)
    ):
        buy_mountain(st, p)
        return True
    if directs and tunnel_ok(st, p):
        for k in range(R.NTUNNEL):
            if st[TUN_OWNER + k] == p and st[TUN_CORP + k] < 0:
                return acted  # it still holds an unused tunnel right
        buy_tunnel(st, p)
        return True
    return acted


@jit(alloc=False)
def stock_round(st, rs):
    n = st[G_PLAYERS]
    st[G_SR] += 1
    for i in range(n):
        st[S_ORDER + i] = i
    for i in range(1, n):  # stable insertion sort by cash (ascending in SR 1, else descending)
        j = i
        while j > 0:
            a, b = st[O_CASH + st[S_ORDER + j - 1]], st[O_CASH + st[S_ORDER + j]]
            swap = a > b if st[G_SR] == 1 else a < b
            if not swap:
                break
            st[S_ORDER + j - 1], st[S_ORDER + j] = st[S_ORDER + j], st[S_ORDER + j - 1]
            j -= 1
    st[O_PL : O_PL + 21] = 0
    passes = turns = seat = 0
    # company_scan's masks, valid until an action changes a company
    cw = cw2 = np.int64(0)
    valid = False
    while passes < n and turns < st[O_PRM + P_MAXTURNS]:
        p = st[S_ORDER + seat]
        seat = seat + 1 if seat + 1 < n else 0  # (no division by n)
        turns += 1
        if st[O_DEBT + p] > 0:
            pay = min(st[O_CASH + p], st[O_DEBT + p])
            st[O_CASH + p] -= pay
            st[O_DEBT + p] -= pay
            st[O_FREE + p] = min(st[O_FREE + p], st[O_DEBT + p])
            st[G_BANK] += pay
        if st[O_POL + p] == RANDOM:
            acted = random_turn(st, rs, p)
        else:
            if not valid:
                cw, cw2 = company_scan(st)
                valid = True
            acted = careful_turn(st, p, cw, cw2)
        valid &= not acted
        passes = 0 if acted else passes + 1
    # the end-of-round moves from one scan (a branch per company mispredicts); each move
    # changes only its own company, so all moves left may go first
    status, pool = lanes(st, CS_STATUS), lanes(st, CS_POOL)
    ipo = lanes(st, CS_IPO)
    w = np.int64(0)
    for c in range(16):
        live = (status[c] == 1) | (status[c] == 2)
        w |= (
            np.int64(live & (pool[c] > 0)) | np.int64(live & (pool[c] == 0) & (ipo[c] == 0)) << 16
        ) << c
    left, up = w & ALL15, (w >> 16) & ALL15
    while left:
        move_left(st, trailing_zeros(left))
        left &= left - 1
    while up:
        move_vertical(st, trailing_zeros(up), -1)
        up &= up - 1
    for p in range(n):  # 50% interest on the emergency loans only
        free = st[O_FREE + p]
        st[O_DEBT + p] = free + (3 * (st[O_DEBT + p] - free) + 1) // 2
    st[G_NORS] = ORS_PER_SET[st[G_PHASE]]


# ---- trains ------------------------------------------------------------------------------------
@jit(inline="llvm", alloc=False)
def train_price(t, side):
    return np.int64(PRICE_H[t]) if side else np.int64(PRICE_N[t])


@jit(alloc=False)
def enforce_limits(st):
    for c in range(15):
        if st[CS_STATUS + c] != 2:
            continue
        lim = limit(st, c)
        n = ntrains(st, c)
        while n > lim:
            # the cheapest train goes (ties: the older type)
            bt, bs, bv = -1, -1, np.int64(1 << 40)
            for t in range(6):
                for side in range(2):
                    if st[O_TR + c * 12 + t * 2 + side] > 0 and train_price(t, side) < bv:
                        bt, bs, bv = t, side, train_price(t, side)
            st[O_TR + c * 12 + bt * 2 + bs] -= 1
            st[G_RVOK] &= ~(np.int64(1) << c)
            st[G_DISC] += 1
            n -= 1
        if n > lim:
            st[G_OVER] += 1


@jit(inline="llvm", alloc=False)
def pay_private_owner(st, i, amount):
    c = st[PRIV_CORP + i]
    if c >= 0:
        st[CS_CASH + c] += amount
    else:
        st[O_CASH + st[PRIV_OWNER + i]] += amount
    st[G_BANK] -= amount


@jit(alloc=False)
def new_type(st, t):
    st[G_SEEN] |= np.int64(1) << t
    st[G_PHASE] = PHASE_OF[t]
    event(st, EV_PHASE + PHASE_OF[t] - 2)
    st[G_RVOK] = 0  # downgrades and rust below (and the phase's route values)
    if st[O_PRM + P_MAPREV]:
        load_routes(st)
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
            event(st, EV_RUST + r)
    if t == 3:
        for i in range(6):
            if st[PRIV_OPEN + i]:
                if i == R.P4:
                    pay_private_owner(st, i, R.P4_COMPENSATION)
                    st[G_P4] = 1
                st[PRIV_OPEN + i] = 0
        st[G_EVA] = 1
        st[G_SBBP] = 1
    if t == 4:
        st[G_FULL] = 1
        for c in range(15):
            if st[CS_CTYPE + c] == HISTORICAL and st[CS_STATUS + c] < 2:
                st[CS_HASDEST + c] = 0
    enforce_limits(st)


@jit(inline="llvm", alloc=False)
def buy_depot(st, c, side):
    c &= 15
    t = DEPOT[st[G_POS]]
    st[G_POS] += 1
    v = train_price(t, side)
    st[CS_CASH + c] -= v
    st[G_BANK] += v
    st[O_TR + c * 12 + t * 2 + side] += 1
    st[G_RVOK] &= ~(np.int64(1) << c)
    st[O_CNT + 0 * 6 + t] += 1
    if (st[G_SEEN] >> t) & 1:
        # the phase is unchanged and every other company is within its limit (each change
        # of limits or trains elsewhere enforces them): only c can be over
        if ntrains(st, c) > limit(st, c):
            enforce_limits(st)
    else:
        new_type(st, t)


@jit(inline="llvm", alloc=False)
def maturity(st, c):
    """Network maturity in percent: grows with ORs operated and tokens laid."""
    c &= 15
    return min(
        100,
        st[O_PRM + P_MAT0]
        + st[O_PRM + P_MATSTEP] * st[CS_ORS + c]
        + st[O_PRM + P_MATTOK] * (st[CS_TLAID + c] - 1)
        + st[O_PRM + P_P2TILE] * st[CS_EXTRA + c],
    )


@jit(inline="llvm", alloc=False)
def horizon(st, t):
    r = RUSTED_BY[t]
    if r < 0:
        return st[O_PRM + P_HORIZON]
    return (FIRST_OF_TYPE[r] - st[G_POS]) * st[O_PRM + P_ORSPT] // 100 + 1


@jit(alloc=False)
def rust_pays(st, c, t):
    """rust_buy: the next train ``t`` is the first of its type and rusts more trains of
    companies with other directors than of the companies of c's director."""
    c &= 15
    if (st[G_SEEN] >> t) & 1:
        return False
    d = st[CS_DIR + c]
    own = rival = 0
    for x in range(15):
        if st[CS_STATUS + x] != 2:
            continue
        for r in range(6):
            if RUSTED_BY[r] == t:
                n = st[O_TR + x * 12 + r * 2 + 0] + st[O_TR + x * 12 + r * 2 + 1]
                if st[CS_DIR + x] == d:
                    own += n
                else:
                    rival += n
    return rival > own


@jit(inline="llvm", alloc=False)
def sister_sale(st, seller, buyer, bt, bs, v):
    """Train (type bt, side bs) goes from ``seller`` to ``buyer`` of the same director for v."""
    st[O_TR + seller * 12 + bt * 2 + bs] -= 1
    st[O_TR + buyer * 12 + bt * 2 + bs] += 1
    st[G_RVOK] &= ~((np.int64(1) << seller) | (np.int64(1) << buyer))
    st[CS_CASH + buyer] -= v
    st[CS_CASH + seller] += v
    st[G_ACRS] += 1


@jit(alloc=False)
def sister_funds(st, c, t, owned):
    """sister_funds: ``c`` (owning ``owned`` trains) wants depot train ``t`` (from the size
    sister_funds on; 0: never) that pays back but lacks the cash for its H price or room
    for it; a company with the same director that has room buys c's cheapest older train,
    for the shortfall or sister_price_pct of its face (the larger, at least 1 SFR), so that
    c can buy t.  (Called on most careful turns: the cheap tests come first.)"""
    c &= 15
    k = st[O_PRM + P_SFUND]
    if k == 0 or t < max(1, k - 2) or c == SBB or owned == 0:
        return False
    short = PRICE_H[t] - st[CS_CASH + c]
    if short <= 0 and owned < limit(st, c):
        return False
    # one vector scan for the sisters that could pay at least the shortfall (and 1 SFR)
    director, status = lanes(st, CS_DIR), lanes(st, CS_STATUS)
    cash = lanes(st, CS_CASH)
    d, need = st[CS_DIR + c], max(1, short)
    m = np.int64(0)
    for s in range(16):
        m |= np.int64((director[s] == d) & (status[s] == 2) & (cash[s] >= need)) << s
    m &= ~((np.int64(1) << c) | (np.int64(1) << SBB) | (np.int64(1) << 15))
    if m == 0:
        return False
    for s in range(15):
        if not (m >> s) & 1 or ntrains(st, s) >= limit(st, s):
            continue
        bt, bs, bv = cheapest_train(st, s, c, t)
        if bt < 0:
            continue
        v = max(1, short, bv * st[O_PRM + P_SISTER] // 100)
        if st[CS_CASH + s] < v:
            continue
        if not pays_back(st, c, t):  # (the same for every sister)
            return False
        sister_sale(st, c, s, bt, bs, v)
        return True
    return False


@jit(inline="llvm", alloc=False)
def company_trains(st, rs, c, rnd):
    """Voluntary depot purchases by the director's policy (stops at the train limit)."""
    c &= 15
    ct = st[CS_CTYPE + c]
    while st[G_POS] < NDEPOT:
        owned = ntrains(st, c)  # (a purchase may rust or discard trains: recount)
        t = next_type(st)
        if owned >= limit(st, c):
            if not rnd and sister_funds(st, c, t, owned):
                continue
            break
        cash = st[CS_CASH + c]
        can_n = ct != REGIONAL and cash >= PRICE_N[t]
        can_h = cash >= PRICE_H[t]
        must = ct != PRE and owned == 0
        if rnd:
            nopt = (0 if must else 1) + (1 if can_n else 0) + (1 if can_h else 0)
            if nopt == 0:
                break
            k = draw(rs, nopt)
            if not must:
                if k == 0:
                    break
                k -= 1
            side = 0 if (can_n and k == 0) else 1
        else:
            if t == 0 and owned > 0:
                # phase 2: a further 2 only when the company keeps money for the 3
                keep = owned * PRICE_H[1] * st[O_PRM + P_RESERVE] // 100
                can_n &= cash - PRICE_N[0] >= keep
                can_h &= cash - PRICE_H[0] >= keep
            if not (can_n or can_h):  # (careful_side's answer too, without the rate)
                if not must and sister_funds(st, c, t, owned):
                    continue
                break
            rate = st[O_PRM + P_SHARE + min(owned, 3)] * maturity(st, c) * horizon(st, t)
            pay = st[O_PRM + P_PAYBACK] * 100
            side = careful_side(
                must,
                can_n,
                can_h,
                st[O_PRM + P_BASE_N + t] * rate,
                PRICE_N[t] * pay,
                st[O_PRM + P_BASE_H + t] * rate,
                PRICE_H[t] * pay,
            )
            if side < 0 and st[O_PRM + P_RUSTBUY] != 0 and rust_pays(st, c, t):
                side = 1 if can_h else 0
            if side < 0:
                break
        buy_depot(st, c, side)


@jit(inline="llvm", alloc=False)
def cheapest_train(st, c, s, below):
    """Company ``s``'s cheapest train of a type below ``below`` that ``c`` may own
    (regionals only H): type, side, face price; type -1 when none."""
    c, s = c & 15, s & 15
    bt, bs, bv = -1, -1, np.int64(1 << 40)
    for t in range(below):
        for side in range(2):
            if st[CS_CTYPE + c] == REGIONAL and side == 0:
                continue
            if st[O_TR + s * 12 + t * 2 + side] > 0 and train_price(t, side) < bv:
                bt, bs, bv = t, side, train_price(t, side)
    return bt, bs, bv


@jit(alloc=False)
def buy_across(st, c):
    """Careful rescue: the cheapest spare train of a company with the same director."""
    c &= 15  # (see forced_train)
    if c == SBB or st[CS_CASH + c] < 1:
        return False
    for s in range(15):
        if s == c or s == SBB or st[CS_STATUS + s] != 2 or st[CS_DIR + s] != st[CS_DIR + c]:
            continue
        if ntrains(st, s) < 2:
            continue
        bt, bs, bv = cheapest_train(st, c, s, NTYPES)
        if bt < 0:
            continue
        v = max(1, min(st[CS_CASH + c], bv * st[O_PRM + P_SISTER] // 100))
        sister_sale(st, s, c, bt, bs, v)
        return True
    return False


@jit(alloc=False)
def take_pre_trains(st, c):
    """sister_gifts while the SBB is about to form: ``c`` takes the trains of its
    director's pre-SBB companies, dearest first, while it has room (see the reference)."""
    c &= 15
    d = st[CS_DIR + c]
    regional = st[CS_CTYPE + c] == REGIONAL
    for s in range(5):
        if st[CS_STATUS + s] != 2 or st[CS_DIR + s] != d:
            continue
        while ntrains(st, c) < limit(st, c) and st[CS_CASH + c] >= 1:
            bt, bs, bv = np.int64(-1), np.int64(-1), np.int64(-1)
            for t in range(6):
                for side in range(2):
                    if regional and side == 0:
                        continue
                    if st[O_TR + s * 12 + t * 2 + side] > 0 and train_price(t, side) >= bv:
                        bt, bs, bv = t, side, train_price(t, side)
            if bt < 0:
                break
            v = max(1, min(st[CS_CASH + c], bv * st[O_PRM + P_SISTER] // 100))
            sister_sale(st, s, c, bt, bs, v)


@jit(inline="llvm", alloc=False)
def across_offer(st, c, s):
    """The train company ``s`` of another director offers ``c``, as type * 2 + side, and
    its price; (-1, 0) when none (see ``across_offers`` in the reference)."""
    c, s = c & 15, s & 15
    if (
        s == c
        or s == SBB
        or st[CS_STATUS + s] != 2
        or st[CS_DIR + s] < 0
        or st[CS_DIR + s] == st[CS_DIR + c]
        or ntrains(st, s) <= st[O_PRM + P_ACRKEEP]
    ):
        return -1, np.int64(0)
    bt, bs, bv = cheapest_train(st, c, s, NTYPES)
    if bt < 0:
        return -1, np.int64(0)
    v = max(np.int64(1), bv * st[O_PRM + P_ACRPRICE] // 100)
    if v > st[CS_CASH + c]:
        return -1, np.int64(0)
    return bt * 2 + bs, v


@jit(alloc=False)
def buy_across_other(st, rs, c):
    """Forced train from another director's company (from phase 3); True if bought."""
    c &= 15  # (see forced_train)
    if st[G_PHASE] < 3 or c == SBB:
        return False
    d = st[CS_DIR + c]
    n = 0
    pick, pv = np.int64(-1), np.int64(1 << 40)
    for s in range(15):
        ts, v = across_offer(st, c, s)
        if ts >= 0:
            n += 1
            if v < pv:  # careful: the cheapest offer, the first on ties
                pick, pv = s, v
    if n == 0 or d < 0:
        return False
    if st[O_POL + d] == RANDOM:
        k = draw(rs, n + 1)  # 0: the depot (with emergency money)
        if k == 0:
            return False
        for s in range(15):
            ts, v = across_offer(st, c, s)
            if ts >= 0:
                k -= 1
                if k == 0:
                    pick, pv = s, v
                    break
    ts, v = across_offer(st, c, pick)
    st[O_TR + pick * 12 + ts] -= 1
    st[O_TR + c * 12 + ts] += 1
    st[G_RVOK] &= ~((np.int64(1) << pick) | (np.int64(1) << c))
    st[CS_CASH + c] -= v
    st[CS_CASH + pick] += v
    st[G_ACRO] += 1
    return True


@jit(alloc=False)
def forced_train(st, rs, c):
    # (& 15: an index LLVM knows is >= 0 spares numba's negative-index wraparound on the
    # field accesses; the same in the other functions operate calls with a company)
    c &= 15
    if st[CS_CTYPE + c] == PRE or ntrains(st, c) > 0 or st[G_POS] >= NDEPOT:
        return
    d = st[CS_DIR + c]
    if d >= 0 and st[O_POL + d] == CAREFUL and st[G_PHASE] >= 3 and buy_across(st, c):
        return
    if buy_across_other(st, rs, c):
        return
    v = next_h(st)
    if st[CS_CASH + c] >= v:
        buy_depot(st, c, np.int64(1))
        return
    if d < 0:
        return
    from_corp = st[CS_CASH + c]
    from_dir = min(st[O_CASH + d], v - from_corp)
    short = v - from_corp - from_dir
    if st[O_PRM + P_BANKRUPT]:
        # it may declare when cash + sellable shares + company cash cannot pay the train
        power = from_corp + st[O_CASH + d]
        for x in range(15):
            if st[CS_STATUS + x] == 2:
                u = st[O_HOLD + d * 15 + x] - (2 if st[CS_DIR + x] == d else 0)
                power += u * price(st, x)
        debt = (3 * short + 1) // 2  # (see the reference)
        for _ in range(st[O_PRM + P_BANKLOOK]):
            debt = (3 * debt + 1) // 2
        if power < v and (st[O_POL + d] == RANDOM or debt > score(st, d) - from_dir):
            st[G_ENDED] = 2
            return
    st[O_CASH + d] -= from_dir
    st[CS_CASH + c] += from_dir
    if short > 0:
        st[O_DEBT + d] += (3 * short + 1) // 2
        st[G_LOANS] += 1
        st[CS_CASH + c] += short
        st[G_BANK] -= short
    buy_depot(st, c, np.int64(1))


# ---- operating round ---------------------------------------------------------------------
@jit(alloc=False)
def assign_eva(st):
    if st[G_EVA] != 1:
        return
    owner = st[PRIV_OWNER + R.P7]
    for j in range(ORDER_EVA.shape[0]):
        c = ORDER_EVA[j]
        if st[CS_STATUS + c] == 2 and st[CS_DIR + c] == owner and ntrains(st, c) < limit(st, c):
            st[O_TR + c * 12 + 3 * 2 + 1] += 1
            st[G_RVOK] &= ~(np.int64(1) << c)
            st[G_EVA] = 2
            st[PRIV_OPEN + R.P7] = 0
            return


@jit(inline="always", alloc=False)
def run_value(st, c):
    """Sum of train values, the k-th best weighted by share_pct[min(k, 3)]; and the count.
    Cached per company: most companies run the same trains as in their last OR (every
    change of a company's trains clears its G_RVOK bit)."""
    if (st[G_RVOK] >> c) & 1 == 0:
        n = 0
        total = np.int64(0)
        for j in range(12):
            slot = st[S_RUN + j] & 15  # (>= 0: no negative-index wraparound)
            k = st[O_TR + c * 12 + slot]
            if k > 0:
                v = st[O_PRM + (P_BASE_H if slot & 1 else P_BASE_N) + (slot >> 1)]
                for _ in range(k):
                    total += v * st[O_PRM + P_SHARE + min(n, 3)]
                    n += 1
        st[S_RVT + c] = total
        st[S_RVN + c] = n
        st[G_RVOK] |= np.int64(1) << c
    return st[S_RVT + c], st[S_RVN + c]


@jit(alloc=False)
def load_routes(st):
    """revenue_model "map": the current phase's route value of each train slot as the
    base value that run_value and the purchase tests read; slots reordered by it."""
    off = O_PRM + P_ROUTE + (st[G_PHASE] - 1) * 12
    for j in range(12):
        st[O_PRM + (P_BASE_H if j & 1 else P_BASE_N) + (j >> 1)] = st[off + j]
    order_slots(st)


@jit(alloc=False)
def order_slots(st):
    """Fill S_RUN: train slots by base value, highest first (equal values may go in any
    order: they add up the same)."""
    for j in range(12):
        v = st[O_PRM + (P_BASE_H if j & 1 else P_BASE_N) + (j >> 1)]
        i = j
        while i > 0:
            prev = st[S_RUN + i - 1]
            if st[O_PRM + (P_BASE_H if prev & 1 else P_BASE_N) + (prev >> 1)] >= v:
                break
            st[S_RUN + i] = prev
            i -= 1
        st[S_RUN + i] = j


@jit(inline="llvm", alloc=False)
def operate(st, rs, c, sellers):
    """One company's turn; ``sellers``: bit p set if player p may own an open P1-P5 (a
    superset: in an OR privates only close or pass to companies)."""
    c &= 15
    d = st[CS_DIR + c]
    rnd = d >= 0 and st[O_POL + d] == RANDOM
    ct = st[CS_CTYPE + c]
    cost = tile_cost(st, c)
    if st[CS_CASH + c] >= cost:
        st[CS_CASH + c] -= cost
        st[G_BANK] += cost
        st[CS_TILES + c] += 1
    cost = tile_cost(st, c)
    if p2_usable(st, c) and st[CS_CASH + c] >= cost:
        # P2: one extra yellow tile, paying its terrain
        if draw(rs, 2) == 1 if rnd else True:
            st[CS_CASH + c] -= cost
            st[G_BANK] += cost
            st[CS_TILES + c] += 1
            st[CS_EXTRA + c] = 1
            st[G_P2USED] = 1
    if p4_usable(st, c):
        # P4: the Furka-Oberalp tiles, free; the owner gets 80 and P4 closes
        if draw(rs, 2) == 1 if rnd else p4_helps(st, c):
            pay_private_owner(st, R.P4, R.P4_COMPENSATION)
            st[PRIV_OPEN + R.P4] = 0
            st[G_P4] = 1
    if st[CS_TLAID + c] < st[CS_TTOT + c]:
        cost = TOKEN_COST[min(st[CS_TLAID + c], 4)]
        if st[CS_CASH + c] >= cost + next_h(st):
            st[CS_CASH + c] -= cost
            st[G_BANK] += cost
            st[CS_TLAID + c] += 1
    if d >= 0:
        for k in range(R.NTUNNEL):
            if st[TUN_OWNER + k] == d and st[TUN_CORP + k] < 0:
                if st[CS_CASH + c] >= R.TUNNEL_BUILD:
                    if rnd:
                        build = draw(rs, 2) == 1
                    else:
                        build = careful_tunnel(st[CS_CASH + c], R.TUNNEL_BUILD, next_h(st))
                    if build:
                        st[CS_CASH + c] -= R.TUNNEL_BUILD
                        st[G_BANK] += R.TUNNEL_BUILD
                        st[TUN_CORP + k] = c
                        st[CS_TUNNELS + c] += 1
                break
    if st[CS_HASDEST + c] and not st[CS_REACHED + c]:
        need = DEST_NEEDS[c]
        if (
            st[CS_TILES + c] >= NTILES[c]
            and (need != 1 or st[G_PHASE] >= 3)
            and (need != 2 or st[G_P4] != 0)
        ):
            st[CS_REACHED + c] = 1
            bonus = (2 if ct == PRE else 5) * st[CS_PAR + c]
            st[CS_CASH + c] += bonus
            st[G_BANK] -= bonus
    rev = np.int64(0)
    total, n = run_value(st, c)
    if n > 0:
        mat = maturity(st, c)
        noise = st[O_PRM + P_NOISE]
        luck = 100 - noise + draw(rs, 2 * noise + 1)
        dest = 100 + (st[O_PRM + P_DEST] if st[CS_REACHED + c] else 0)
        x = (
            total
            * st[O_PRM + P_PHASE + st[G_PHASE] - 1]
            * st[O_PRM + P_TYPE + ct]
            * mat
            * dest
            * luck
        )
        rev = x // 1_000_000_000_000 // 10 * 10
        rev += st[O_PRM + P_TUNBONUS] * n * st[CS_TUNNELS + c]
        for k in range(R.NTUNNEL):
            if st[TUN_CORP + k] == c:
                st[TUN_ACTIVE + k] = 1
        if c == FNM:
            st[PRIV_OPEN + R.P6] = 0
    st[CS_ORS + c] += 1
    st[CS_OPER + c] = 1
    payout = False
    if rev > 0:
        if rnd:
            payout = draw(rs, 2) == 0
        else:
            nt = next_type(st)
            safe = 0
            for t in range(6):
                if RUSTED_BY[t] < 0 or nt < 0 or RUSTED_BY[t] > nt + 1:
                    safe += st[O_TR + c * 12 + t * 2 + 0] + st[O_TR + c * 12 + t * 2 + 1]
            cash = st[CS_CASH + c]
            payout = careful_pays(
                ct == PRE, safe, nt >= 0, cash, next_h(st), rev, st[O_PRM + P_SAVE] != 0
            )
            if payout and ct != PRE and st[O_PRM + P_WITHHOLD] != 0 and nt >= 0:
                # withhold when that completes the next train it has room for and that
                # pays back (the H side, as company_trains tests it)
                v = PRICE_H[nt]
                if (
                    ntrains(st, c) < limit(st, c)
                    and cash < v <= cash + rev
                    and pays_back(st, c, nt)
                ):
                    payout = False
    if rev > 0 and not payout:
        st[G_WH] += 1
    if payout:
        rev20 = rev * PER_20[c]  # the revenue in 20ths of a share
        paid = np.int64(0)
        for p in range(st[G_PLAYERS]):
            # rounded up; 0 for a player without shares (no branch needed)
            # (unsigned: the division by 20 needs no sign fix-up)
            amount = np.int64(np.uint64(rev20 * st[O_HOLD + p * 15 + c] + 19) // np.uint64(20))
            st[O_CASH + p] += amount
            paid += amount
        pool = rev20 * st[CS_POOL + c] // 20
        st[CS_CASH + c] += pool
        st[G_BANK] -= paid + pool
        st[CS_LASTDIV + c] = rev20 // 20
        move_right(st, c)
    else:
        st[CS_CASH + c] += rev
        st[G_BANK] -= rev
        st[CS_LASTDIV + c] = 0
        move_left(st, c)
    company_trains(st, rs, c, rnd)
    if not rnd and st[O_PRM + P_SGIFT] != 0 and d >= 0 and st[G_PHASE] >= 3 and c != SBB:
        if ct == PRE:
            if st[O_PRM + P_SGIFT] & 1 and st[G_PHASE] >= 4 and ntrains(st, c) == 0:
                buy_across(st, c)
        elif st[O_PRM + P_SGIFT] & 2 and st[G_SBBP] != 0:
            take_pre_trains(st, c)
    if ct != PRE and ntrains(st, c) == 0:  # (saves a call in most ORs)
        forced_train(st, rs, c)
    # (the call only where a private can be for sale: most turns have none)
    if (
        st[G_ENDED] == 0
        and (st[G_PHASE] == 3 or st[G_PHASE] == 4)
        and (ct == REGIONAL or ct == HISTORICAL)
        and d >= 0
        and ((sellers >> d) & 1 or (rnd and st[O_PRM + P_PRIVANY] != 0 and sellers != 0))
    ):
        buy_private(st, rs, c, rnd)
    return rev


@jit(inline="llvm", alloc=False)
def tile_cost(st, c):
    """The terrain of the company's next tile on its list; 0 after it (upgrades)."""
    c &= 15
    k = st[CS_TILES + c]
    return TERRAIN[c, k] if k < NTILES[c] else np.int64(0)


@jit(inline="llvm", alloc=False)
def p4_usable(st, c):
    """P4 (from phase 3, until it closes): by its owning company or one its owner directs."""
    c &= 15
    if st[PRIV_OPEN + R.P4] == 0 or st[G_PHASE] < 3:
        return False
    if st[PRIV_CORP + R.P4] >= 0:
        return st[PRIV_CORP + R.P4] == c
    d = st[CS_DIR + c]
    return d >= 0 and st[PRIV_OWNER + R.P4] == d


@jit(alloc=False)
def p4_helps(st, c):
    """Careful: use P4 once its tiles give one of the director's companies its
    destination now (GB's Gotthard hex, RhB's line; its own track laid)."""
    c &= 15
    d = st[CS_DIR + c]
    for x in range(15):
        if (
            st[CS_STATUS + x] == 2
            and st[CS_DIR + x] == d
            and DEST_NEEDS[x] == 2
            and st[CS_HASDEST + x] != 0
            and st[CS_REACHED + x] == 0
            and st[CS_TILES + x] >= NTILES[x]
        ):
            return True
    return False


@jit(inline="llvm", alloc=False)
def pays_back(st, c, t):
    c &= 15
    rate = st[O_PRM + P_SHARE + min(ntrains(st, c), 3)] * maturity(st, c) * horizon(st, t)
    return st[O_PRM + P_BASE_H + t] * rate >= PRICE_H[t] * st[O_PRM + P_PAYBACK] * 100


@jit(inline="llvm", alloc=False)
def p2_usable(st, c):
    """P2's tile: from phase 3, once, by its owning company or one its owner directs."""
    c &= 15
    if st[G_P2USED] or st[PRIV_OPEN + R.P2] == 0 or st[G_PHASE] < 3:
        return False
    if st[PRIV_CORP + R.P2] >= 0:
        return st[PRIV_CORP + R.P2] == c
    d = st[CS_DIR + c]
    return d >= 0 and st[PRIV_OWNER + R.P2] == d


@jit(inline="llvm", alloc=False)
def private_for_sale(st, c, i):
    """Private i (P1-P5) is for sale to c in phases 3-4 (see ``private_offers``)."""
    c &= 15
    owner = st[PRIV_OWNER + i]
    return (
        st[PRIV_OPEN + i] != 0
        and owner >= 0
        and (st[O_PRM + P_PRIVANY] != 0 or owner == st[CS_DIR + c])
    )


@jit(alloc=False)
def buy_private(st, rs, c, rnd):
    """At the end of its turn a company may buy one private for 1 .. 2 x face (operate
    checks the phase, the company type and the director)."""
    c &= 15  # (see forced_train)
    d = st[CS_DIR + c]
    cash = st[CS_CASH + c]
    n = 0
    for i in range(R.P6):
        if private_for_sale(st, c, i):
            n += 1
    if n == 0 or cash < 1:
        return
    pick, v = -1, np.int64(0)
    if rnd:
        k = draw(rs, n + 1)
        if k == 0:
            return
        for i in range(R.P6):
            if private_for_sale(st, c, i):
                k -= 1
                if k == 0:
                    pick = i
                    break
        v = 1 + draw(rs, min(2 * np.int64(PRIVATE_FACE[pick]), cash))
    else:
        # careful: sells its own, dearest first, at private_price_pct of face while the
        # company keeps private_keep_pct of the next depot train's H price
        keep = next_h(st) * st[O_PRM + P_PRIVKEEP] // 100
        for i in range(R.P6 - 1, -1, -1):
            if private_for_sale(st, c, i) and st[PRIV_OWNER + i] == d:
                v = max(np.int64(1), PRIVATE_FACE[i] * st[O_PRM + P_PRIVPRICE] // 100)
                if cash - v >= keep:
                    pick = i
                    break
        if pick < 0:
            return
    st[CS_CASH + c] -= v
    st[O_CASH + st[PRIV_OWNER + pick]] += v
    st[PRIV_OWNER + pick] = -1
    st[PRIV_CORP + pick] = c
    st[G_PRIVB] += 1


@jit(alloc=False)
def form_sbb(st):
    n = st[G_PLAYERS]
    st[CS_STATUS + SBB] = 2
    set_cell(st, SBB, R.SBB_ROW, R.SBB_COL)
    st[CS_CASH + SBB] = R.SBB_START_CASH
    st[G_BANK] -= R.SBB_START_CASH
    st[O_TR + SBB * 12 + 3 * 2 + 1] += 1
    ttot = tlaid = ors = 0
    for c in range(5):
        st[CS_CASH + SBB] += st[CS_CASH + c]
        for t in range(6):
            for side in range(2):
                st[O_TR + SBB * 12 + t * 2 + side] += st[O_TR + c * 12 + t * 2 + side]
        ors = max(ors, st[CS_ORS + c])
        ttot += st[CS_TTOT + c]
        tlaid += st[CS_TLAID + c]
        st[CS_EXTRA + SBB] |= st[CS_EXTRA + c]
    st[CS_ORS + SBB] = ors
    st[CS_TTOT + SBB] = ttot
    st[CS_TLAID + SBB] = max(1, tlaid)
    held = 0
    for p in range(n):
        for c in range(5):
            u = st[O_HOLD + p * 15 + c]
            if u == 0:
                continue
            diff = u * (price(st, c) - 100)
            if diff >= 0:
                st[O_CASH + p] += diff
                st[G_BANK] -= diff
            else:
                pay = min(st[O_CASH + p], -diff)
                st[O_CASH + p] -= pay
                st[G_BANK] += pay
                st[O_DEBT + p] += -diff - pay  # a 0% loan
                st[O_FREE + p] += -diff - pay
            st[O_HOLD + p * 15 + SBB] += u
            held += u
    st[CS_POOL + SBB] = 20 - held
    best = -1
    for p in range(n):
        u = st[O_HOLD + p * 15 + SBB]
        if u < 2:
            continue
        old = 5
        for c in range(5):
            if st[CS_DIR + c] == p:
                old = min(old, c)
        if best < 0:
            best, bu, bold = p, u, old
        elif u > bu or (u == bu and old < bold):
            best, bu, bold = p, u, old
    st[CS_DIR + SBB] = best
    for c in range(5):
        for p in range(n):
            st[O_HOLD + p * 15 + c] = 0
        st[CS_STATUS + c] = 3
        st[CS_CASH + c] = 0
        st[CS_IPO + c] = 0
        st[CS_POOL + c] = 0
        st[CS_DIR + c] = -1
        st[O_TR + c * 12 : O_TR + c * 12 + 12] = 0
    st[G_RVOK] = 0
    st[G_SBBP] = 0
    st[G_SBBF] = 1
    event(st, EV_SBB)
    enforce_limits(st)


@jit(inline="llvm", alloc=False)
def check_bank(st):
    if st[G_BANK] < 0 and not st[G_BROKEN]:
        st[G_BROKEN] = 1
        event(st, EV_BANK)


@jit(alloc=False)
def record_or(st, total):
    k = st[G_OR]
    if k <= R.MAX_OR_RECORD:
        st[O_ROW + C_REV + k - 1] = total
        st[O_ROW + C_BANKCASH + k - 1] = max(st[G_BANK], 0)  # a broken bank holds 0
        st[O_ROW + C_DEPOT + k - 1] = st[G_POS]


@jit(inline="always", alloc=False)
def order_key(rows, cols, c):
    """Company c's 12-bit sort key: its cell's place in the operating order, then c."""
    return CELL_ORDER[rows[c] & 7, cols[c] & 31] * np.uint64(16) + np.uint64(c)


@jit(inline="always", alloc=False)
def operating_order(st):
    """Fill S_OPS with the companies that operate, in operating order; return their
    number."""
    # by cell (CELL_ORDER), then index; the keys are distinct, so each
    # company's place is the count of smaller keys (branch-free: an insertion sort
    # mispredicts at every stop); the 16 keys (12 bits; the companies that do not
    # operate and the 16th lane 0x7fff) packed four to a word, so that one subtraction
    # compares four (bit 15 of (key | 0x8000) - k: set where key >= k, no borrow)
    status, cols, rows = field(st, CS_STATUS), field(st, CS_COL), field(st, CS_ROW)
    k0 = k1 = k2 = np.uint64(0)
    k3 = np.uint64(0x7FFF) << np.uint64(48)
    m = 0
    for c in range(15):
        key = order_key(rows, cols, c)  # (loaded unconditionally: no branch)
        key = (key if status[c] == 2 else np.uint64(0x7FFF)) << np.uint64(16 * (c & 3))
        m += status[c] == 2
        if c < 4:
            k0 |= key
        elif c < 8:
            k1 |= key
        elif c < 12:
            k2 |= key
        else:
            k3 |= key
    k0, k1, k2, k3 = k0 | LANE_TOP, k1 | LANE_TOP, k2 | LANE_TOP, k3 | LANE_TOP
    for c in range(15):
        if status[c] != 2:  # (ranks after the m that operate)
            continue
        k = order_key(rows, cols, c) * LANE_ONE
        ge = np.uint64(0)  # per lane: how many of its four keys are >= k
        for w in (k0, k1, k2, k3):
            ge += ((w - k) & LANE_TOP) >> np.uint64(15)
        st[S_OPS + 16 - np.int64((ge * LANE_ONE) >> np.uint64(48))] = c
    return m


@jit(alloc=False)
def operating_rounds(st, rs, first):
    """The OR set from its OR ``first`` (1: a new set; more: the rest of one under way)."""
    if first == 1 and st[G_RESUME] == 0:
        st[G_SET] += 1
    for nin in range(first, st[G_NORS] + 1):
        done = st[G_RESUME]  # 0 but in the OR a position was read inside
        st[G_RESUME] = 0
        total = np.int64(0)
        if done:
            if st[G_OR] <= R.MAX_OR_RECORD:
                total = st[O_ROW + C_REV + st[G_OR] - 1]  # the revenue the log shows
        else:
            st[G_OR] += 1
            st[G_NIN] = nin
            assign_eva(st)
            for i in range(6):
                if st[PRIV_OPEN + i]:
                    pay_private_owner(st, i, np.int64(PRIVATE_REV[i]))
            for k in range(R.NMOUNTAIN):
                if st[MR_ACTIVE + k]:
                    st[O_CASH + st[MR_OWNER + k]] += R.MOUNTAIN_REV
                    st[G_BANK] -= R.MOUNTAIN_REV
            for k in range(R.NTUNNEL):
                if st[TUN_ACTIVE + k]:
                    st[O_CASH + st[TUN_OWNER + k]] += R.TUNNEL_REV
                    st[G_BANK] -= R.TUNNEL_REV
            check_bank(st)
        m = operating_order(st)
        sellers = np.int64(0)
        for i in range(R.P6):
            owner = st[PRIV_OWNER + i]
            sellers |= np.int64(st[PRIV_OPEN + i] != 0 and owner >= 0) << (owner & 7)
        for j in range(m):
            # (& 15: an index LLVM knows is >= 0 spares numba's negative-index wraparound
            # on each of operate's field accesses)
            c = st[S_OPS + j] & 15
            if (done >> c) & 1:
                continue
            total += operate(st, rs, c, sellers)
            if st[G_ENDED]:
                record_or(st, total)
                return
            check_bank(st)
        if st[G_SBBP]:
            form_sbb(st)
            check_bank(st)
        for k in range(R.NMOUNTAIN):
            if st[MR_OWNER + k] >= 0 and st[MR_ACTIVE + k] == 0:
                if draw(rs, 100) < st[O_PRM + P_MOUNTCH]:
                    st[MR_ACTIVE + k] = 1
        record_or(st, total)
    if st[G_BROKEN]:
        st[G_ENDED] = 1
    elif st[G_SET] >= st[O_PRM + P_MAXSETS]:
        st[G_ENDED] = 3
    elif st[G_PHASE] >= 2 and st[G_POS] < NDEPOT:
        t = DEPOT[st[G_POS]]
        st[G_POS] += 1
        st[O_CNT + 1 * 6 + t] += 1
        if not (st[G_SEEN] >> t) & 1:
            new_type(st, t)
        if st[G_SBBP]:
            form_sbb(st)
        if st[G_OR] <= R.MAX_OR_RECORD:
            st[O_ROW + C_DEPOT + st[G_OR] - 1] = st[G_POS]


# ---- one game, many games ------------------------------------------------------------------
@jit(alloc=False)
def score(st, p):
    v = st[O_CASH + p] - st[O_DEBT + p]
    for c in range(15):
        status = st[CS_STATUS + c]
        if status == 1 or status == 2:
            v += st[O_HOLD + p * 15 + c] * price(st, c)
    for k in range(R.NMOUNTAIN):
        if st[MR_OWNER + k] == p and st[MR_ACTIVE + k]:
            v += R.MOUNTAIN_VALUE
    for k in range(R.NTUNNEL):
        if st[TUN_OWNER + k] == p and st[TUN_ACTIVE + k]:
            v += R.TUNNEL_VALUE
    return v


@jit(alloc=False)
def reset(st, players, start_cash):
    st[:O_PRM] = 0
    st[O_FREE : O_FREE + 7] = 0
    st[G_PLAYERS] = players
    st[G_PHASE] = 1
    st[G_NORS] = 1
    st[G_BANK] = R.BANK - start_cash * players
    for c in range(15):
        t = CTYPE[c]
        st[CS_CTYPE + c] = t
        st[CS_UNITS + c] = UNITS[t]
        st[CS_IPO + c] = UNITS[t] if c != SBB else 0
        st[CS_DIR + c] = -1
        st[CS_HASDEST + c] = 1 if (t == PRE or t == HISTORICAL) else 0
    for p in range(players):
        st[O_CASH + p] = start_cash
    for i in range(7):
        st[PRIV_OWNER + i] = -1
        st[PRIV_OPEN + i] = 1
        st[PRIV_CORP + i] = -1
    for k in range(5):
        st[MR_OWNER + k] = -1
        st[TUN_OWNER + k] = -1
        st[TUN_CORP + k] = -1
    st[O_EV : O_EV + 36] = -1
    st[O_ROW : O_ROW + R.NCOL] = -1
    if st[O_PRM + P_MAPREV]:
        load_routes(st)


@jit(alloc=False, cache=True)
def play(st, rs, first, out, gi):
    """Play the game in ``st`` to its end (from OR ``first`` of the set under way, 0: from
    the next stock round, -1: from the auction) and write its record into out[gi, :]."""
    players = st[G_PLAYERS]
    if first < 0:
        auction(st, rs)
    nin = max(first, 0)  # the OR to go on from; 0: a stock round first
    while st[G_ENDED] == 0:
        if nin == 0:
            stock_round(st, rs)
            nin = 1
        operating_rounds(st, rs, nin)
        nin = 0
    event(st, EV_END)
    row = O_ROW
    st[row + R_END_REASON] = st[G_ENDED]
    st[row + R_ORS] = st[G_OR]
    st[row + R_SETS] = st[G_SET]
    st[row + R_PHASE] = st[G_PHASE]
    st[row + R_FLOATED] = st[G_FLOATED]
    st[row + R_LOANS] = st[G_LOANS]
    st[row + R_WITHHOLDS] = st[G_WH]
    st[row + R_OVER_LIMIT] = st[G_OVER]
    st[row + R_BANK] = st[G_BANK]
    st[row + R_PLAYER_CASH] = st[O_CASH : O_CASH + players].sum()
    corp_cash = 0
    for c in range(15):
        corp_cash += st[CS_CASH + c]
    st[row + R_CORP_CASH] = corp_cash
    st[row + R_DEBT] = st[O_DEBT : O_DEBT + players].sum()
    st[row + R_DEPOT_LEFT] = NDEPOT - st[G_POS]
    st[row + R_OWNED] = st[O_TR : O_TR + 15 * 12].sum()
    st[row + R_EXPORTED] = st[O_CNT + 6 : O_CNT + 12].sum()
    st[row + R_RUSTED] = st[G_RUSTED]
    st[row + R_DISCARDED] = st[G_DISC]
    st[row + R_EVA_HELD] = 1 if st[G_EVA] == 1 else 0
    st[row + R_RESERVED] = (1 if st[G_EVA] == 0 else 0) + (1 - st[G_SBBF])
    st[row + R_PRIVATES_BOUGHT] = st[G_PRIVB]
    st[row + R_ACROSS_SISTER] = st[G_ACRS]
    st[row + R_ACROSS_OTHER] = st[G_ACRO]
    st[row + R_P2_TILE] = st[G_P2USED]
    k = row + R_EVENTS
    for e in range(36):
        st[k] = st[O_EV + e]
        k += 1
    for j in range(12):
        st[k] = st[O_CNT + j]
        k += 1
    for p in range(7):
        st[k] = score(st, p) if p < players else 0
        k += 1
    for j in range(out.shape[1]):
        out[gi, j] = st[O_ROW + j]


@entry
def simulate(seed, start, count, players, start_cash, pol, prm, out):
    """Play games start .. start+count-1; one record row per game into out[g, :]."""
    st = np.zeros(NSTATE, np.int64)
    rs = np.empty(4, np.uint64)
    for j in range(NP):
        st[O_PRM + j] = prm[j]
    for p in range(players):
        st[O_POL + p] = pol[p]
    order_slots(st)
    for gi in range(count):
        seed_stream(rs, seed, start + gi)
        reset(st, players, start_cash)
        play(st, rs, np.int64(-1), out, gi)


@jit(inline="llvm", alloc=False)
def _scale(st, rs, k, money):
    """st[k] times a percent uniform in [100 - money, 100 + money]."""
    st[k] = st[k] * (100 - money + draw(rs, 2 * money + 1)) // 100


@entry
def simulate_from(seed, start, count, state0, first, spread, money, out):
    """Play games start .. start+count-1 on from the position ``state0`` (a whole state:
    the game so far, the parameters, the policies; see ``play`` for ``first``); one record
    row per game into out[g, :].  ``spread`` (rows: parameter offset, low, high) draws
    those parameters per game, uniform in [low, high], first from the game's own stream:
    the players at the table are unknown (no rows: the parameters of ``state0``).  Then,
    with ``money`` > 0, every treasury and player's cash is scaled by a percent uniform in
    [100 - money, 100 + money]: the log carries no money, the replay only approaches it."""
    st = state0.copy()
    rs = np.empty(4, np.uint64)
    for gi in range(count):
        seed_stream(rs, seed, start + gi)
        for j in range(O_PRM):
            st[j] = state0[j]
        for j in range(spread.shape[0]):
            lo = spread[j, 1]
            st[O_PRM + spread[j, 0]] = lo + draw(rs, spread[j, 2] - lo + 1)
        if money > 0:
            for c in range(15):
                _scale(st, rs, CS_CASH + c, money)
            for p in range(st[G_PLAYERS]):
                _scale(st, rs, O_CASH + p, money)
        for p in range(7):
            st[O_FREE + p] = state0[O_FREE + p]
        st[G_RVOK] = 0
        if st[O_PRM + P_MAPREV]:
            load_routes(st)  # the phase's route values (reset's step)
        else:
            order_slots(st)
        play(st, rs, first, out, gi)


# ---- the contract's chunk simulator -------------------------------------------------------------
def policy_codes(settings) -> np.ndarray:
    return np.array([R.POLICY_CODES[p] for p in settings.policies], np.int64)


def records(settings, seed, start, count) -> np.ndarray:
    """Raw records int32[count, NCOL] of games start .. start+count-1."""
    out = np.empty((count, R.NCOL), np.int32)
    simulate(
        np.uint64(seed),
        start,
        count,
        settings.players,
        R.START_CASH[settings.players],
        policy_codes(settings),
        pack_params(settings.params, settings.players),
        out,
    )
    return out


def simulate_chunk(settings, seed, start, count):
    """The game's chunk simulator: columns of one record per game."""
    return to_columns(records(settings, seed, start, count), settings, start)


def spread_rows(spread: dict | None) -> np.ndarray:
    """``{name: (low, high)}`` as the rows ``simulate_from`` draws from."""
    rows = [(_PA.offset(k), lo, hi) for k, (lo, hi) in (spread or {}).items()]
    return np.array(rows, np.int64).reshape(len(rows), 3)


def simulate_from_chunk(settings, state0, first, seed, start, count, spread=None):
    """The chunk simulator of games played on from a position (``simulate_from``), each
    game's parameters in ``spread`` ({name: (low, high)}, "money_pct": the money's
    half-range) drawn from its stream."""
    spread, money = split_spread(spread)
    out = np.empty((count, R.NCOL), np.int32)
    simulate_from(np.uint64(seed), start, count, state0, first, spread_rows(spread), money, out)
    return to_columns(out, settings, start)
