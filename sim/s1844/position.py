"""The kernel's state at a recorded game's cut: what ``forecast`` plays on from.

The position is the exact replay's (:mod:`tableodds.sim.s1844.replay`, the one
``tableodds 1844 replay --at N`` shows): every player's cash, debt and certificates, every
company's status, par, cell, treasury, IPO and pool, director, trains (and their side),
tokens and destination, the privates, mountain railways and tunnels, the bank, the depot
and the phase.  The kernel's history (the events, trains bought and exported per type,
revenue per OR) comes from the timeline; the model's own tile lists from the older reading
below (``_Replay``), which is otherwise overwritten.

:func:`start_state` turns a :class:`~tableodds.sim.s1844.export.Timeline` (read to the cut)
into the kernel's flat state (``kernel.STATE``) and the OR of the set under way to resume
with.  From the timeline's ``position``: the trains per company (the H side where bought so
or downgraded since), the phase, the depot, the events so far, the companies floated and
closed.  Replayed from the log's moves (``Timeline.moves``) with the kernel's own rules:
the privates' owners and the auction prices, share holdings, the IPO and the pool, the
directors, share prices (par, one row down per sale, right on a payout, left on a
withhold, the end of each stock round's moves), player cash and treasuries (auction,
shares bought at par or market, sales, the float capital, route revenue paid out or
withheld, trains at the log's prices, privates and tokens bought, the privates' revenue,
the SBB's exchange).  What the log does not give is filled in by the rules in ``FILLED``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from tableodds.sim.s1844 import kernel as K
from tableodds.sim.s1844 import rules as R
from tableodds.sim.s1844.export import DECK, Timeline
from tableodds.sim.s1844.replay import replay

CI = {name: c for c, name in enumerate(R.CORPS)}
PRIVATES = {f"P{i + 1}": i for i in range(7)}
MOUNTAINS = {f"B{k + 1}": k for k in range(R.NMOUNTAIN)}
TUNNELS = {f"T{k + 1}": k for k in range(R.NTUNNEL)}
FILLED = (
    "tiles: the log's tiles do not map on the model's lists (map.toml); a company's list "
    "counts the tiles the kernel's turns would have laid (a tile per OR it operated while "
    "the treasury paid the terrain), its destination reached as the replay has it",
    "the debt: all of it under the engine's 50% interest per stock round (the replay's rule)",
    "the record of the ORs so far: revenue and depot from the log, the bank's cash per OR not",
)


@dataclass(frozen=True)
class Start:
    """A game's state at the cut: ``state`` (kernel.STATE) and ``first`` (the OR of the set
    under way to go on with: the next one, or the one the log ends inside, which the state's
    ``G_RESUME`` then marks; 0: a stock round comes next), with what went into it."""

    state: np.ndarray
    first: int
    cash: dict  # player id -> cash
    treasury: dict  # company -> cash (operating companies)
    prices: dict  # company -> share price (parred companies)
    notes: list
    debt: dict = field(default_factory=dict)  # player id -> debt
    values: dict = field(default_factory=dict)  # player id -> value (the final score's rule)
    names: dict = field(default_factory=dict)  # player id -> name in the export
    bank: int = 0


class _Replay:
    """The log's moves replayed on the kernel's state with the kernel's rules."""

    def __init__(self, t: Timeline, st: np.ndarray):
        self.t, self.st = t, st
        self.seat = {pid: i for i, pid in enumerate(t.player_ids)}
        self.loc: dict = {}  # share id -> seat or "pool" (unseen: in the IPO)
        self.bids: dict = {}  # private -> (seat, price)
        self.turn = None  # (company, revenue, paid or withheld)
        self.sets = self.srs = 0
        self.nors = 1
        self.after_sr = False  # the last round read is a stock round (its set not begun)
        self.operated = 0  # the companies that took their turn in the last OR read (bits)
        self.notes: list = []

    # the state's fields
    def f(self, field, c):
        return K.O_CS + field * 15 + c

    def get(self, field, c):
        return int(self.st[self.f(field, c)])

    def add(self, field, c, v):
        self.st[self.f(field, c)] += v

    def put(self, field, c, v):
        self.st[self.f(field, c)] = v

    def hold(self, p, c):
        return K.O_HOLD + p * 15 + c

    def cell(self, c, r, k):
        self.put(K.F_ROW, c, r)
        self.put(K.F_COL, c, k)
        self.put(K.F_PRICE, c, int(R.PRICE[r, k]))

    def move(self, c, m):
        """m: 0 right (1 for a regional), 2 left (kernel.MOVE_ROW/MOVE_COL)."""
        r, k = self.get(K.F_ROW, c), self.get(K.F_COL, c)
        self.cell(c, int(K.MOVE_ROW[m, r, k]), int(K.MOVE_COL[m, r, k]))

    def vertical(self, c, d):
        r, k = self.get(K.F_ROW, c) + d, self.get(K.F_COL, c)
        if 0 <= r < R.ROWS and R.PRICE[r, k] > 0:
            self.cell(c, r, k)

    def pay(self, who, v):
        """Money from the bank to a seat (int) or a company (str)."""
        if isinstance(who, str):
            self.add(K.F_CASH, CI[who], v)
        else:
            self.st[K.O_CASH + who] += v

    def director(self, c):
        best = self.get(K.F_DIR, c)
        most = self.st[self.hold(best, c)] if best >= 0 else 1
        for p in range(self.t.players):
            if self.st[self.hold(p, c)] > most:
                best, most = p, self.st[self.hold(p, c)]
        self.put(K.F_DIR, c, best)

    def float_check(self, c):
        sold = self.get(K.F_UNITS, c) - self.get(K.F_IPO, c)
        if self.get(K.F_STATUS, c) == 1 and sold >= R.FLOAT_UNITS[R.CTYPE[c]]:
            self.put(K.F_STATUS, c, 2)
            self.st[K.G_FLOATED] += 1
            ct = R.CTYPE[c]
            mult = 2 if ct == R.PRE else 10 if ct == R.HISTORICAL and self.st[K.G_FULL] else 5
            self.add(K.F_CASH, c, mult * self.get(K.F_PAR, c))
            self.put(K.F_TLAID, c, 1)

    def settle_auction(self):
        for name, (p, v) in self.bids.items():
            i = PRIVATES.get(name)
            if i is None:
                continue
            self.st[K.O_CASH + p] -= v
            self.st[K.O_PRIV + i] = p
            if i == R.P3:
                self.st[K.O_TUN] = p
            elif i == R.P5:
                self.st[self.hold(p, R.MOB)] += 1
                self.add(K.F_IPO, R.MOB, -1)
        self.bids = {}

    # the moves
    def bid(self, pid, name, v):
        self.bids[name] = (self.seat[pid], v)

    def par(self, pid, corp, v):
        p, c = self.seat[pid], CI[corp]
        v = v if v in R.PAR_ROW else 100
        self.loc[f"{corp}_0"] = p
        self.put(K.F_PAR, c, v)
        self.cell(c, R.PAR_ROW[v], R.PAR_COL)
        self.put(K.F_DIR, c, p)
        self.st[self.hold(p, c)] += 2
        if c == R.FNM and self.st[K.O_PRIV + R.P6] == p:
            # P6's director certificate: FNM floats at once (as the kernel's auction has it)
            self.put(K.F_STATUS, c, 2)
            self.put(K.F_POOL, c, 3)
            self.put(K.F_IPO, c, 5)
            self.put(K.F_CASH, c, 5 * v)
            self.put(K.F_TTOT, c, R.HIST_TOKENS[v])
            self.put(K.F_TLAID, c, 1)
            self.st[K.G_FLOATED] += 1
            return
        self.put(K.F_STATUS, c, 1)
        self.add(K.F_IPO, c, -2)
        self.st[K.O_CASH + p] -= 2 * v
        ct = R.CTYPE[c]
        self.put(K.F_TTOT, c, R.HIST_TOKENS[v] if ct == R.HISTORICAL else R.TYPE_TOKENS[ct])
        self.float_check(c)

    def units(self, ids, pct):
        """(share id, company, units) of a purchase or sale: the action's percent (ids of a
        director's certificate may stand for ordinary shares after it changed hands)."""
        out = []
        for sid in ids:
            corp, _, k = sid.rpartition("_")
            if corp in CI:
                out.append((sid, CI[corp], 2 if k == "0" else 1))
        if out and isinstance(pct, (int, float)) and len({c for _, c, _ in out}) == 1:
            c = out[0][1]
            total = int(round(pct * int(R.UNITS[R.CTYPE[c]]) / 100))
            each = [total // len(out) + (j < total % len(out)) for j in range(len(out))]
            out = [(sid, c, u) for (sid, c, _), u in zip(out, each)]
        return out

    def buy(self, pid, ids, pct=None):
        p = self.seat[pid]
        for sid, c, u in self.units(ids, pct):
            if self.loc.get(sid) == "pool" or self.get(K.F_IPO, c) < u:
                v = self.get(K.F_PRICE, c)
                self.add(K.F_POOL, c, -u)
            else:
                v = self.get(K.F_PAR, c)
                self.add(K.F_IPO, c, -u)
            self.st[K.O_CASH + p] -= u * v
            self.st[self.hold(p, c)] += u
            self.loc[sid] = p
            self.director(c)
            self.float_check(c)

    def sell(self, pid, ids, pct=None):
        p = self.seat[pid]
        units: dict = {}
        for sid, c, u in self.units(ids, pct):
            units[c] = units.get(c, 0) + u
            self.loc[sid] = "pool"
        for c, u in units.items():
            v = self.get(K.F_PRICE, c)
            r, k = self.get(K.F_ROW, c), self.get(K.F_COL, c)
            if not self.get(K.F_OPER, c) and r + 1 < R.ROWS and R.PRICE[r + 1, k] > 0:
                v = int(R.PRICE[r + 1, k])  # not yet operated: one row lower
            self.st[K.O_CASH + p] += u * v
            self.st[self.hold(p, c)] -= u
            self.add(K.F_POOL, c, u)
            self.vertical(c, 1)
            self.director(c)

    def sr_end(self):
        for c in range(15):
            if self.get(K.F_STATUS, c) in (1, 2):
                if self.get(K.F_POOL, c) > 0:
                    self.move(c, 2)
                elif self.get(K.F_IPO, c) == 0:
                    self.vertical(c, -1)
        self.nors = int(R.ORS_PER_SET[self.st[K.G_PHASE]])
        self.srs += 1
        self.after_sr = True

    def new_or(self, g, n):
        self.end_turn()
        self.after_sr = False
        self.operated = 0
        self.sets += n == 1
        self.st[K.G_OR], self.st[K.G_NIN], self.st[K.G_SET] = g, n, self.sets
        for i in range(6):
            if self.st[K.O_PRIV + 7 + i]:
                c = self.st[K.O_PRIV + 14 + i]
                self.pay(R.CORPS[c] if c >= 0 else int(self.st[K.O_PRIV + i]), R.PRIVATE_REV[i])
        for k in range(R.NMOUNTAIN):
            if self.st[K.O_MR + 5 + k]:
                self.pay(int(self.st[K.O_MR + k]), R.MOUNTAIN_REV)
        for k in range(R.NTUNNEL):
            if self.st[K.O_TUN + 10 + k]:
                self.pay(int(self.st[K.O_TUN + k]), R.TUNNEL_REV)

    def start_turn(self, corp):
        self.end_turn()
        if corp not in CI:
            return
        c = CI[corp]
        self.operated |= 1 << c
        if self.get(K.F_STATUS, c) != 2:
            self.notes.append(f"{corp} operated before it floated by the replay")
            self.put(K.F_STATUS, c, 2)
        self.add(K.F_ORS, c, 1)
        self.put(K.F_OPER, c, 1)
        self.turn = [c, 0, None]
        self.track(c)

    def track(self, c):
        """The log's tiles do not map on the model's lists (map.toml): a turn lays the next
        tile of the company's list, paying its terrain, and reaching the destination pays
        the bonus, as the kernel's turn does (the kernel's operate)."""
        k = self.get(K.F_TILES, c)
        if k < R.NTILES[c] and self.get(K.F_CASH, c) >= R.TERRAIN[c, k]:
            self.add(K.F_CASH, c, -int(R.TERRAIN[c, k]))
            self.add(K.F_TILES, c, 1)
        need = R.DEST_NEEDS[c]
        if (
            self.get(K.F_HASDEST, c)
            and not self.get(K.F_REACHED, c)
            and self.get(K.F_TILES, c) >= R.NTILES[c]
            and (need != 1 or self.st[K.G_PHASE] >= 3)
            and (need != 2 or self.st[K.G_P4])
        ):
            self.put(K.F_REACHED, c, 1)
            self.add(K.F_CASH, c, (2 if R.CTYPE[c] == R.PRE else 5) * self.get(K.F_PAR, c))

    def end_turn(self):
        if self.turn is not None and self.turn[2] is None:
            self.dividend(False)
        self.turn = None

    def dividend(self, payout):
        c, rev, _ = self.turn
        self.turn[2] = payout
        if payout:
            rev20 = rev * int(K.PER_20[c])
            for p in range(self.t.players):
                self.st[K.O_CASH + p] += (rev20 * int(self.st[self.hold(p, c)]) + 19) // 20
            self.add(K.F_CASH, c, rev20 * self.get(K.F_POOL, c) // 20)
            self.put(K.F_LASTDIV, c, rev20 // 20)
            self.move(c, int(R.CTYPE[c] == R.REGIONAL))
        else:
            self.add(K.F_CASH, c, rev)
            self.put(K.F_LASTDIV, c, 0)
            self.move(c, 2)

    def train(self, corp, v, seller):
        c = CI[corp]
        self.add(K.F_CASH, c, -v)
        if self.get(K.F_CASH, c) < 0:
            d = self.get(K.F_DIR, c)
            if d >= 0:
                self.st[K.O_CASH + d] += self.get(K.F_CASH, c)
            self.put(K.F_CASH, c, 0)
        if seller in CI and seller != corp:
            self.add(K.F_CASH, CI[seller], v)

    def token(self, corp):
        c = CI[corp]
        v = R.TOKEN_COST[min(self.get(K.F_TLAID, c), 4)]
        self.add(K.F_CASH, c, -min(v, max(self.get(K.F_CASH, c), 0)))
        self.add(K.F_TLAID, c, 1)

    def company(self, buyer, name, v):
        st = self.st
        if buyer in CI:
            i = PRIVATES.get(name)
            if i is None:
                return
            c = CI[buyer]
            self.add(K.F_CASH, c, -v)
            if st[K.O_PRIV + i] >= 0:
                st[K.O_CASH + st[K.O_PRIV + i]] += v
            st[K.O_PRIV + i], st[K.O_PRIV + 14 + i] = -1, c
            st[K.G_PRIVB] += 1
            return
        p = self.seat[buyer]
        st[K.O_CASH + p] -= v
        if name in MOUNTAINS:
            k = MOUNTAINS[name]
            st[K.O_MR + k], st[K.O_MR + 5 + k] = p, 1
            st[K.O_PL + p * 3 + 1] = 1
        elif name in TUNNELS:
            st[K.O_TUN + TUNNELS[name]] = p
            st[K.O_PL + p * 3 + 2] = 1

    def phase(self, k):
        st = self.st
        st[K.G_PHASE] = k
        if k == 5:
            for i in range(6):
                if st[K.O_PRIV + 7 + i]:
                    if i == R.P4:
                        c = st[K.O_PRIV + 14 + i]
                        self.pay(R.CORPS[c] if c >= 0 else int(st[K.O_PRIV + i]), 80)
                    st[K.O_PRIV + 7 + i] = 0
            st[K.G_P4], st[K.G_EVA], st[K.G_SBBP] = 1, 1, 1
        if k == 6:
            st[K.G_FULL] = 1
            for c in range(15):
                if R.CTYPE[c] == R.HISTORICAL and self.get(K.F_STATUS, c) < 2:
                    self.put(K.F_HASDEST, c, 0)

    def sbb(self):
        """The SBB forms (the kernel's form_sbb, on the replayed holdings and prices)."""
        st, s = self.st, R.SBB
        self.put(K.F_STATUS, s, 2)
        self.cell(s, R.SBB_ROW, R.SBB_COL)
        self.put(K.F_CASH, s, R.SBB_START_CASH + sum(self.get(K.F_CASH, c) for c in range(5)))
        self.put(K.F_ORS, s, max(self.get(K.F_ORS, c) for c in range(5)))
        self.put(K.F_TTOT, s, sum(self.get(K.F_TTOT, c) for c in range(5)))
        self.put(K.F_TLAID, s, max(1, sum(self.get(K.F_TLAID, c) for c in range(5))))
        self.put(K.F_OPER, s, 1)
        held = 0
        for p in range(self.t.players):
            for c in range(5):
                u = int(st[self.hold(p, c)])
                if u:
                    diff = u * (self.get(K.F_PRICE, c) - 100)
                    pay = diff if diff >= 0 else -min(int(st[K.O_CASH + p]), -diff)
                    st[K.O_CASH + p] += pay
                    st[K.O_DEBT + p] += pay - diff
                    st[K.O_FREE + p] += pay - diff
                    st[self.hold(p, s)] += u
                    held += u
        self.put(K.F_POOL, s, 20 - held)
        best, key = -1, None
        for p in range(self.t.players):
            u = int(st[self.hold(p, s)])
            old = min([c for c in range(5) if self.get(K.F_DIR, c) == p], default=5)
            if u >= 2 and (key is None or (u, -old) > key):
                best, key = p, (u, -old)
        self.put(K.F_DIR, s, best)
        for c in range(5):
            for p in range(self.t.players):
                st[self.hold(p, c)] = 0
            for fld, v in ((K.F_STATUS, 3), (K.F_CASH, 0), (K.F_IPO, 0), (K.F_POOL, 0)):
                self.put(fld, c, v)
            self.put(K.F_DIR, c, -1)
        st[K.G_SBBP], st[K.G_SBBF] = 0, 1

    def run(self, moves):
        for m in moves:
            self.step(m)
        self.end_turn()
        if self.bids:
            self.settle_auction()

    def step(self, m):
        kind = m[0]
        if self.bids and kind != "bid":
            self.settle_auction()
        if True:
            if kind == "bid":
                self.bid(*m[1:])
            elif kind == "par":
                self.par(*m[1:])
            elif kind == "buy":
                self.buy(*m[1:])
            elif kind == "sell":
                self.sell(*m[1:])
            elif kind == "sr_end":
                self.end_turn()
                self.sr_end()
            elif kind == "or":
                self.new_or(*m[1:])
            elif kind == "turn":
                self.start_turn(m[1])
            elif kind == "run" and self.turn is not None:
                self.turn[1] += m[2]
            elif kind == "div" and self.turn is not None:
                self.dividend(m[2] != "withhold")
            elif kind == "train" and m[1] in CI:
                self.train(*m[1:])
            elif kind == "token" and m[1] in CI:
                self.token(m[1])
            elif kind == "company":
                self.company(*m[1:])
            elif kind == "phase":
                self.phase(m[1])
            elif kind == "sbb":
                self.sbb()


def fresh_state(settings) -> np.ndarray:
    """The kernel's state of a game before its auction (``simulate_from`` with first -1 plays
    the games ``simulate`` plays)."""
    n = settings.players
    st = np.zeros(K.NSTATE, np.int64)
    st[K.O_PRM : K.O_PRM + K.NP] = K.pack_params(settings.params, n)
    st[K.O_POL : K.O_POL + n] = K.policy_codes(settings)
    # reset's body without its route loading, which ``simulate_from`` does for every game
    # (called from here it would compile load_routes in this process at every run)
    maprev = st[K.O_PRM + K.P_MAPREV]
    st[K.O_PRM + K.P_MAPREV] = 0
    K.reset.py_func(st, n, R.START_CASH[n])
    st[K.O_PRM + K.P_MAPREV] = maprev
    return st


def start_state(t: Timeline, settings, doc: dict, where: str = "export") -> Start:
    """The kernel's state at the end of ``t`` (a timeline read to its cut) for ``settings``
    (its player count, policies, parameters), from the export ``doc`` replayed exactly
    (:func:`tableodds.sim.s1844.replay.replay`) to the same cut."""
    st = fresh_state(settings)
    rp = _Replay(t, st)
    rp.run(t.moves)
    g = replay(doc, where, t.cut, through_sr=True)
    _timeline_fields(t, st, rp)
    _exact_fields(g, t, st, rp)
    return _start(t, st, rp, g)


def _timeline_fields(t: Timeline, st: np.ndarray, rp: _Replay) -> None:
    """What the kernel keeps of the game's history: the events, the trains bought and
    exported per type, across and withholds, the revenue and depot of every OR so far."""
    cut = t.ors[-1][0]
    for k, name in enumerate(R.TRAIN_NAMES):
        st[K.O_CNT + k] = t.bought[name]
        st[K.O_CNT + 6 + k] = t.exported[name]
    st[K.G_ACRS] = t.across
    st[K.G_WH] = t.withholds
    for e, v in t.events.items():
        if v is not None and v[0] <= cut and e in R.EV:
            st[K.O_EV + R.EV[e] * 3 : K.O_EV + R.EV[e] * 3 + 3] = v
    if t.events.get("bank") is not None and t.events["bank"][0] <= cut:
        st[K.G_BROKEN] = 1
    for k, (_g, _s, _n) in enumerate(t.ors[: R.MAX_OR_RECORD]):
        st[K.O_ROW + K.C_REV + k] = t.revenue[k]
        st[K.O_ROW + K.C_DEPOT + k] = t.depot_gone[k]


def _exact_fields(g, t: Timeline, st: np.ndarray, rp: _Replay) -> None:
    """The replayed position (``replay.Game``) in the kernel's fields: every player's cash,
    debt and certificates; every company's status, par, cell, treasury, IPO and pool,
    director, trains, tokens and destination; the privates, mountain railways and tunnels;
    the bank, the depot, the phase."""
    seat = {pid: i for i, pid in enumerate(g.players)}
    if g.current is not None and not g.divided and g.corps[g.current].revenue:
        # the log ends inside a turn, after its run: withheld (its turn counts as taken)
        g.do_dividend(g.corps[g.current], {"kind": "withhold"})
    for pid, p in g.players.items():
        i = seat[pid]
        st[K.O_CASH + i] = p.cash
        st[K.O_DEBT + i] = p.debt
        st[K.O_FREE + i] = 0  # the engine charges its interest on every debt
        for c in range(15):
            st[rp.hold(i, c)] = 0
        for sym, pct in p.shares.items():
            co = g.corps[sym]
            if not co.closed:
                st[rp.hold(i, CI[sym])] = pct // co.unit
    st[K.O_PL : K.O_PL + 21] = 0
    st[K.O_TR : K.O_TR + 15 * 12] = 0
    floated = 0
    for sym, co in g.corps.items():
        c = CI[sym]
        if co.closed:
            status = 3
        elif co.floated:
            status = 2
        elif co.par:
            status = 1
        else:
            status = 0
        floated += co.floated and sym != "SBB"
        rp.put(K.F_STATUS, c, status)
        rp.put(K.F_PAR, c, co.par)
        if co.row >= 0:
            rp.cell(c, co.row, co.col)
        rp.put(K.F_CASH, c, co.cash)
        rp.put(K.F_IPO, c, 0 if co.closed else co.ipo // co.unit)
        rp.put(K.F_POOL, c, 0 if co.closed else co.pool // co.unit)
        d = g.dirs.get(sym)
        rp.put(K.F_DIR, c, seat[d] if d is not None and not co.closed else -1)
        if co.par or co.floated:
            rp.put(K.F_TTOT, c, len(co.token_costs))
            rp.put(K.F_TLAID, c, len(co.tokens) if co.operated else int(co.floated))
        rp.put(K.F_OPER, c, int(co.operated))
        rp.put(K.F_REACHED, c, int(co.destinated))
        if co.destinated:
            rp.put(K.F_TILES, c, int(R.NTILES[c]))
        elif rp.get(K.F_HASDEST, c):  # not reached yet: the bonus is still to come
            rp.put(K.F_TILES, c, min(rp.get(K.F_TILES, c), max(int(R.NTILES[c]) - 1, 0)))
        for tid in co.trains:
            k = g.train_type(tid)
            st[K.O_TR + c * 12 + k * 2 + int(tid in g.h_side)] += 1
        rp.put(K.F_TUNNELS, c, sum(1 for x in g.tunnel_for.values() if x == sym))
    st[K.G_FLOATED] = floated
    for i, name in enumerate(PRIVATES):
        owner = g.company_owner.get(name)
        st[K.O_PRIV + i] = seat.get(owner, -1) if owner in seat else -1
        st[K.O_PRIV + 14 + i] = CI[owner] if owner in CI else -1
        st[K.O_PRIV + 7 + i] = int(owner is not None and name not in g.closed_companies)
        if owner is None and name not in g.closed_companies:
            st[K.O_PRIV + 7 + i] = 1
    for name, k in MOUNTAINS.items():
        owner = g.company_owner.get(name)
        st[K.O_MR + k] = seat[owner] if owner in seat else -1
        st[K.O_MR + 5 + k] = int(name in g.active)
    for name, k in TUNNELS.items():
        owner = g.company_owner.get(name)
        st[K.O_TUN + k] = seat[owner] if owner in seat else -1
        built = g.tunnel_for.get(name)
        st[K.O_TUN + 5 + k] = CI[built] if built is not None else -1
        st[K.O_TUN + 10 + k] = int(name in g.active)
    # the phase and what comes with it, the depot, the bank
    st[K.G_PHASE] = g.phase
    st[K.G_SEEN] = sum(1 << k for k in range(R.NTYPE) if R.PHASE_OF[k] <= g.phase)
    st[K.G_POS] = len(DECK) - len(g.depot)
    st[K.G_FULL] = int(g.phase >= 6)
    st[K.G_SBBF] = int(g.sbb.floated)
    st[K.G_SBBP] = int(g.sbb_due)
    st[K.G_P4] = int("P4" in g.closed_companies and g.phase >= 3)
    st[K.G_P2USED] = int("P2" in g.used)
    eva = "5-1" in g.train_owner or "P7" in g.closed_companies
    st[K.G_EVA] = 2 if eva else 1 if g.phase >= 5 else 0
    if eva:
        st[K.O_PRIV + 7 + R.P7] = 0
    st[K.G_BANK] = g.bank
    if g.bank_broke_at is not None:
        st[K.G_BROKEN] = 1
    owned = int(st[K.O_TR : K.O_TR + 15 * 12].sum())
    pending = 1 if st[K.G_EVA] == 1 else 0
    reserved = (1 if st[K.G_EVA] == 0 else 0) + (1 - int(st[K.G_SBBF]))
    st[K.G_RUSTED] = R.TOTAL_TRAINS - len(g.depot) - owned - len(g.exported) - pending - reserved
    st[K.G_DISC] = 0
    st[K.G_SR] = g.sr
    st[K.G_OR] = g.g
    st[K.G_NIN] = g.n
    st[K.G_NORS] = g.set_ors


def _start(t: Timeline, st: np.ndarray, rp: _Replay, g) -> Start:
    """The OR to go on with, and what the state was made of."""
    notes: list = []
    if g.cut_next:
        first = 1  # the set's export and the next stock round are read: its first OR
    elif g.mode == "sr":
        first = 0
    else:
        first = g.n + 1 if g.n < g.set_ors else 0
    if not t.last_or_over and g.mode == "or" and not g.cut_next:
        # the OR goes on with the companies yet to operate in it, in the order of the prices
        # now; the company whose turn the log ends in has had it
        first = g.n
        done = sum(1 << CI[s] for s in g.turned if s in CI)
        st[K.G_RESUME] = (1 << 15) | done
        taken = ", ".join(s for s in R.CORPS if s in g.turned) or "none"
        notes.append(
            f"the log ends inside OR #{g.g}: the games go on with the companies yet "
            f"to operate in it (operated: {taken}; a turn the log ends in counts as taken)"
        )
    if not t.finished and g.mode == "sr" and not g.cut_next:
        notes.append("the log ends inside a stock round: the games play a whole one from there")
        st[K.G_NORS] = int(R.ORS_PER_SET[g.phase])
    if t.finished:
        # the game is over at the log's end: the games played on end at once, in its final
        # position (their scores are the export's result)
        reason = {"bank": 1, "bankrupt": 2, "bankruptcy": 2}.get(t.end_reason, 3)
        st[K.G_ENDED] = reason
        notes.append("the game is over at the log's end: its final position, nothing to play on")
    names = dict(zip(t.player_ids, map(t.name, t.player_ids)))
    prices = {s: co.price for s, co in g.corps.items() if co.par and not co.closed}
    return Start(
        state=st,
        first=first,
        cash={pid: p.cash for pid, p in g.players.items()},
        treasury={s: co.cash for s, co in g.corps.items() if co.floated and not co.closed},
        prices=prices,
        notes=notes,
        debt={pid: p.debt for pid, p in g.players.items()},
        values={pid: g.value(pid) for pid in g.players},
        names=names,
        bank=g.bank,
    )
