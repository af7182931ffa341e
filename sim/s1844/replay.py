"""Replay an 18xx.games export of 1844 exactly, by the engine's rules on the real map.

The log carries the players' choices, not their effects: which private a player bid on and
for how much, which share was bought or sold, each train's price, each run's revenue and
whether it was paid out, every tile with its hex and every token.  The money follows from
the rules (``rules.py``, ``map.toml``; shared/rules/1844.md and 1844-map.md):

* the auction: each private goes to its last bidder at that bid; P5 brings its MOB share,
  P3 the tunnel company T1, P6 FNM's director certificate (FNM floats at once: 5 x par from
  the bank, three shares in the market pool);
* shares: from the IPO at par (the money to the bank), from the pool at the market price;
  a sale pays the market price (one row lower for a company that has not operated yet) and
  moves the price down one row per sale; at the end of a stock round a company with pool
  shares moves left, a sold-out one up; a company floats when half its shares are sold (60%
  for a regional) and gets its capital from the bank (2, 5 or, from phase 6 for a
  historical, 10 x par);
* operating: at each OR's start the privates, active mountain railways (40) and tunnels
  (10) pay their owners; a tile pays its hex's terrain the first time the hex is built on
  (D15: on its green upgrade), a tunnel 100, P4's tiles nothing (its owner gets 80); a
  token pays its place in the company's token list; a destination reached pays 2 x par
  (pre-SBB) or 5 x par (historical); a run is paid out (players' shares rounded up, the
  pool's rounded down to the company, the IPO's to no one; price right one, a regional
  up before a "t" cell) or withheld (all to the company; price left one);
* trains: from the depot in its order at the log's price (the bank gets it), across at the
  log's price (the seller gets it); the first of a type starts its phase (rusting, the H
  downgrades, the privates' closing and P4's forced tiles at phase 5, full capitalization
  at phase 6); at the end of every OR set from phase 2 on the next depot train is
  exported; a company short of cash for a train gets the rest from its director, who
  borrows what they lack (the debt 1.5 x the loan, rounded up; +50% at the end of every
  stock round);
* the SBB forms after the OR in which the first 5 comes: it takes the pre-SBB companies'
  cash, trains and tokens, gets 400 and its 5H from the bank; a 50% certificate becomes
  10% of the SBB, a 25% share 5%, each 5% paying or getting (old price - 100);
* bankruptcy: the bankrupt player's shares go to the pool at the market price, and the
  game ends.

The value of a player is cash + shares at market + active mountain railways (150) and
tunnels (50) - debt; privates count nothing.  At the log's end it must equal the export's
``result``: :func:`check` names the first action that breaks one of the rules above.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from tableodds.sim.core.errors import InputError
from tableodds.sim.s1844 import rules as R
from tableodds.sim.s1844.export import DECK_IDS, effective_actions, load_export

CI = {name: c for c, name in enumerate(R.CORPS)}
UNIT_PCT = {R.PRE: 25, R.REGIONAL: 20, R.HISTORICAL: 10, R.SBB_TYPE: 5}
FLOAT_PCT = {R.PRE: 50, R.REGIONAL: 60, R.HISTORICAL: 50}
DIRECTOR_PCT = {R.PRE: 50, R.REGIONAL: 40, R.HISTORICAL: 20, R.SBB_TYPE: 10}
TYPE_OF = {name: t for t, name in enumerate(R.TRAIN_NAMES)}
PRIVATES = tuple(f"P{i + 1}" for i in range(7))
MOUNTAINS = tuple(f"B{k + 1}" for k in range(R.NMOUNTAIN))
TUNNELS = tuple(f"T{k + 1}" for k in range(R.NTUNNEL))


class RuleBreak(Exception):
    """An action whose effect the engine's rules do not allow."""

    def __init__(self, action, rule: str, what: str):
        self.action, self.rule, self.what = action, rule, what
        super().__init__(f"action {action}: {what} (rule: {rule})")


@dataclass
class Corp:
    sym: str
    ctype: int
    par: int = 0
    row: int = -1
    col: int = -1
    cash: int = 0
    ipo: int = 100  # percent in the IPO
    pool: int = 0  # percent in the market pool
    floated: bool = False
    operated: bool = False
    closed: bool = False
    destinated: bool = False
    trains: list = field(default_factory=list)  # train ids
    tokens: list = field(default_factory=list)  # hexes (home first)
    token_costs: tuple = ()
    tiles: list = field(default_factory=list)  # (hex, tile) laid by this company
    revenue: int = 0  # the run of this turn, until its dividend

    @property
    def unit(self) -> int:
        return UNIT_PCT[self.ctype]

    @property
    def price(self) -> int:
        return int(R.PRICE[self.row, self.col]) if self.row >= 0 else 0


@dataclass
class Player:
    pid: object
    name: str
    cash: int
    debt: int = 0
    shares: dict = field(default_factory=dict)  # corporation -> percent
    companies: list = field(default_factory=list)  # privates, mountain railways, tunnels


class Game:
    """The game's state, changed action by action (see the module's docstring)."""

    def __init__(self, doc: dict, where: str = "export"):
        players = doc["players"]
        n = len(players)
        self.where = where
        self.names = {p["id"]: str(p.get("name", p["id"])) for p in players}
        self.players = {
            p["id"]: Player(p["id"], self.names[p["id"]], R.START_CASH[n]) for p in players
        }
        self.bank = R.BANK - n * R.START_CASH[n]
        self.corps = {sym: Corp(sym, int(R.CTYPE[c])) for c, sym in enumerate(R.CORPS)}
        for c in self.corps.values():
            c.token_costs = R.TOKEN_COST[: int(R.TYPE_TOKENS[c.ctype])]
        self.sbb = self.corps["SBB"]
        self.phase = 1
        self.depot = [f"{R.TRAIN_NAMES[t]}-{k}" for t in range(R.NTYPE) for k in DECK_IDS[t]]
        self.exported: list = []
        self.rusted: list = []
        self.discarded: list = []
        self.h_side: set = set()  # train ids on their H side
        self.train_owner: dict = {}  # train id -> corporation
        self.company_owner: dict = {}  # private / mountain / tunnel -> player id or corp
        self.closed_companies: set = set()
        self.active: set = set()  # mountain railways and tunnels activated
        self.mountain_at: dict = {}  # hex -> mountain railway
        self.tunnel_at: dict = {}  # hex -> tunnel company
        self.tunnel_for: dict = {}  # tunnel company -> the corporation it was built for
        self.hex_tiles: dict = {}  # hex -> tile
        self.tile_hex: dict = {}  # tile id -> hex
        self.bids: dict = {}  # private -> (player, price), the auction under way
        self.share_loc: dict = {}  # share id -> holder (player id, "pool"); unseen: IPO
        self.mode = "auction"
        self.sr = 0
        self.set_ors = 0  # ORs in the set under way
        self.n = 0  # the OR's number in its set
        self.g = 0  # global OR
        self.turned: set = set()
        self.current = None  # the company whose turn it is
        self.sbb_due = False
        self.over = False
        self.bankrupt = None
        self.bank_broke_at = None
        self.labels: list = []  # (global OR, "OR s.n")
        self.dirs: dict = {}  # corporation -> director (player id)
        self.gone: list = []  # depot trains bought or exported, in order
        self.violations: list = []  # RuleBreak, in the log's order
        self.laid: set = set()  # companies that laid their tile this OR
        self.bought_mr: set = set()  # (player, kind) of a mountain railway / tunnel this SR
        self.divided = True  # the company whose turn it is has had its dividend
        self.used: set = set()  # privates whose once-a-game ability is used
        self.bank_at_sr: list = []  # the bank's cash as each stock round starts

    # --- money ------------------------------------------------------------------------------
    def pay(self, frm, to, amount: int) -> None:
        """Move money between the bank (None), a player id and a company symbol."""
        for who, sign in ((frm, -1), (to, 1)):
            if who is None:
                self.bank += sign * amount
            elif who in self.corps:
                self.corps[who].cash += sign * amount
            else:
                self.players[who].cash += sign * amount
        if self.bank < 0 and self.bank_broke_at is None:
            self.bank_broke_at = self.g

    # --- market -----------------------------------------------------------------------------
    def _cell(self, r, k) -> bool:
        return 0 <= r < R.ROWS and 0 <= k < R.COLS and R.PRICE[r, k] > 0

    def right(self, c: Corp) -> None:
        r, k = c.row, c.col
        if self._cell(r, k + 1) and not (c.ctype == R.REGIONAL and R.LIMITED[r, k + 1]):
            c.col = k + 1
        elif self._cell(r - 1, k):
            c.row = r - 1

    def left(self, c: Corp) -> None:
        r, k = c.row, c.col
        if self._cell(r, k - 1):
            c.col = k - 1
        elif self._cell(r + 1, k):
            c.row = r + 1

    def vertical(self, c: Corp, d: int) -> None:
        if self._cell(c.row + d, c.col):
            c.row += d

    # --- shares -----------------------------------------------------------------------------
    def director(self, c: Corp):
        return self.dirs.get(c.sym)

    def recheck_director(self, c: Corp) -> None:
        """The director keeps the certificate until another player holds more."""
        old = self.dirs.get(c.sym)
        mine = self.players[old].shares.get(c.sym, 0) if old is not None else 0
        best, most = old, mine
        for pid, p in self.players.items():
            if p.shares.get(c.sym, 0) > most:
                best, most = pid, p.shares[c.sym]
        self.dirs[c.sym] = best if most > 0 else None

    def float_check(self, c: Corp) -> None:
        if c.floated or c.ctype == R.SBB_TYPE or c.par == 0:
            return
        if 100 - c.ipo >= FLOAT_PCT[c.ctype]:
            c.floated = True
            mult = {R.PRE: 2, R.REGIONAL: 5, R.HISTORICAL: 5}[c.ctype]
            if c.ctype == R.HISTORICAL and self.phase >= 6:
                mult = 10
            self.pay(None, c.sym, mult * c.par)

    def value(self, pid) -> int:
        p = self.players[pid]
        v = p.cash - p.debt
        for sym, pct in p.shares.items():
            c = self.corps[sym]
            if not c.closed:
                v += pct // c.unit * c.price
        for name in p.companies:
            if name in self.active:
                v += R.MOUNTAIN_VALUE if name in MOUNTAINS else R.TUNNEL_VALUE
        return v

    # --- trains -----------------------------------------------------------------------------
    def train_type(self, tid: str) -> int:
        name = tid.rsplit("-", 1)[0]
        name = {"8": "8E", "8H": "8E"}.get(name, name)
        if name not in TYPE_OF:
            raise InputError(f"{self.where}: unknown train {tid!r}")
        return TYPE_OF[name]

    def limit(self, c: Corp) -> int:
        return int(R.LIMIT[self.phase, c.ctype])

    def new_type(self, t: int) -> None:
        """The first train of type ``t`` is bought or exported: its phase and rusting."""
        phase = int(R.PHASE_OF[t])
        for r in range(R.NTYPE):
            if R.RUSTED_BY[r] == t:
                for c in self.corps.values():
                    gone = [x for x in c.trains if self.train_type(x) == r]
                    c.trains = [x for x in c.trains if x not in gone]
                    self.rusted.extend(gone)
                    for x in gone:
                        self.train_owner.pop(x, None)
        while self.phase < phase:
            self.phase += 1
            down = int(R.DOWNGRADES[t]) if self.phase == phase else -1
            if down >= 0:
                name = R.TRAIN_NAMES[down]
                self.h_side.update(
                    x for x in list(self.train_owner) + self.depot if x.startswith(name + "-")
                )
            if self.phase == 5:
                for name in PRIVATES[:5]:
                    if name == "P4" and name not in self.closed_companies:
                        self.p4_tiles()
                    self.closed_companies.add(name)
                self.sbb_due = True

    def p4_tiles(self) -> None:
        """P4's Furka-Oberalp tiles, free; its owner gets 80 and P4 closes."""
        owner = self.company_owner.get("P4")
        for h in R.P4_HEXES:
            self.hex_tiles.setdefault(h, "OP")
        if owner is not None:
            self.pay(None, owner, R.P4_COMPENSATION)
        self.closed_companies.add("P4")

    def take_from_depot(self, tid: str) -> None:
        t = self.train_type(tid)
        first = not any(self.train_type(x) == t for x in self.gone)
        self.depot.remove(tid)
        self.gone.append(tid)
        if first:
            self.new_type(t)

    def export(self) -> None:
        if self.phase >= 2 and self.depot:
            tid = self.depot[0]
            self.exported.append(tid)
            self.take_from_depot(tid)

    # --- the SBB ----------------------------------------------------------------------------
    def form_sbb(self) -> None:
        self.sbb_due = False
        s = self.sbb
        s.row, s.col, s.par = R.SBB_ROW, R.SBB_COL, int(R.PRICE[R.SBB_ROW, R.SBB_COL])
        s.floated, s.ipo, s.pool = True, 0, 0
        self.pay(None, "SBB", R.SBB_START_CASH)
        reserved = "5-2"  # the SBB's own 5H
        s.trains.append(reserved)
        self.h_side.add(reserved)
        self.train_owner[reserved] = "SBB"
        order, charter = [], 0
        for c in self.corps.values():
            if c.ctype != R.PRE:
                continue
            self.pay(c.sym, "SBB", c.cash)
            for x in c.trains:
                self.train_owner[x] = "SBB"
            s.trains.extend(c.trains)
            c.trains = []
            s.tokens.extend(h for h in c.tokens if h not in s.tokens)
            charter += len(c.token_costs)
            s.pool += (c.ipo + c.pool) // 5
            if c.par:
                order.append(self.director(c))
            for pid, p in self.players.items():
                pct = p.shares.pop(c.sym, 0)
                if not pct:
                    continue
                units = pct // 25
                p.shares["SBB"] = p.shares.get("SBB", 0) + units * 5
                diff = units * (c.price - s.price)
                if diff >= 0 or p.cash >= -diff:
                    self.pay(None, pid, diff)
                else:  # what they cannot pay is lent to them, without interest
                    p.debt += -diff - p.cash
                    self.pay(pid, None, p.cash)
            c.closed, c.cash, c.ipo, c.pool = True, 0, 0, 0
        s.token_costs = (0,) * len(s.tokens) + (R.SBB_TOKEN_COST,) * (charter - len(s.tokens))
        most = max(p.shares.get("SBB", 0) for p in self.players.values())
        tied = [pid for pid, p in self.players.items() if p.shares.get("SBB", 0) == most]
        self.dirs["SBB"] = next((d for d in order if d in tied), tied[0]) if most >= 10 else None

    # --- rounds -----------------------------------------------------------------------------
    def breaks(self, rule: str, what: str) -> None:
        self.violations.append(RuleBreak(self.aid, rule, what))

    def company_pays(self) -> None:
        """The OR's start: privates, active mountain railways and tunnels pay their owners."""
        for name in PRIVATES:
            if name in self.company_owner and name not in self.closed_companies:
                rev = int(R.PRIVATE_REV[PRIVATES.index(name)])
                if rev:
                    self.pay(None, self.company_owner[name], rev)
        for name in sorted(self.active):
            rev = R.MOUNTAIN_REV if name in MOUNTAINS else R.TUNNEL_REV
            self.pay(None, self.company_owner[name], rev)

    def new_or(self) -> None:
        if self.sbb_due:
            self.form_sbb()
        if self.cut_next:  # the cut's set and the stock round after it are read
            raise _Cut
        self.g += 1
        self.n += 1
        self.labels.append((self.g, f"OR {self.sr}.{self.n}"))
        self.turned, self.current, self.laid, self.divided = set(), None, set(), True
        self.company_pays()

    def end_turn(self) -> None:
        """A turn without a dividend (no train, no route): the engine withholds 0."""
        c = self.corps.get(self.current)
        if c is not None and not self.divided and not c.closed:
            self.left(c)
        self.divided = True

    def end_or(self) -> None:
        """An OR is over: stop here when it is the cut."""
        self.end_turn()
        if self.sbb_due:
            self.form_sbb()
        if self.upto is not None and self.g >= self.upto:
            if self.n >= self.set_ors and self.through_sr:
                self.cut_next = True  # on through the stock round, to the next OR's start
                return
            if self.n >= self.set_ors:  # the cut closes its set: with the set's export
                self.end_set()
            raise _Cut

    def end_set(self) -> None:
        self.export()
        if self.sbb_due:  # the export brought the first 5
            self.form_sbb()

    def start_sr(self) -> None:
        if self.mode == "or":
            self.end_or()
            self.end_set()
            if self.upto is not None and self.g >= self.upto and not self.cut_next:
                raise _Cut
        elif self.mode == "auction":
            self.settle()
        self.mode = "sr"
        self.sr += 1
        self.bought_mr = set()
        self.bank_at_sr.append(self.bank)

    def end_sr(self) -> None:
        for c in self.corps.values():
            if c.par and not c.closed:
                if c.pool > 0:
                    self.left(c)
                elif c.ipo == 0:
                    self.vertical(c, -1)
        for p in self.players.values():
            if p.debt:
                p.debt = math.ceil(p.debt * 3 / 2)
        self.set_ors = int(R.ORS_PER_SET[self.phase])
        self.n = 0
        self.mode = "or"

    def corp_acts(self, sym: str) -> None:
        """Round bookkeeping before an action of company ``sym`` in an operating round."""
        if self.mode != "or":
            if self.mode == "auction":
                self.start_sr()
            self.end_sr()
            self.new_or()
        elif sym != self.current and sym in self.turned:
            self.end_or()
            if self.n >= self.set_ors:  # a stock round in which no one did anything
                self.end_set()
                self.sr += 1
                self.bank_at_sr.append(self.bank)
                self.end_sr()
            self.new_or()
        if sym != self.current:
            self.end_turn()
            self.current, self.divided = sym, False
            self.turned.add(sym)
            c = self.corps[sym]
            if not c.operated:
                c.operated = True
                if sym in R.HOME:
                    c.tokens.append(R.HOME[sym])

    # --- the log ----------------------------------------------------------------------------
    def run(self, actions: list, upto: int | None = None, through_sr: bool = False) -> None:
        self.upto, self.through_sr, self.cut_next = upto, through_sr, False
        flat = []
        try:
            done = effective_actions(actions)
        except TypeError:
            raise InputError(
                f"{self.where}: an undo's action_id or an action's id is not a number"
            ) from None
        for a in done:
            auto = a.get("auto_actions")
            for x in [a, *(auto if isinstance(auto, list) else ())]:
                if isinstance(x, dict) and not str(x.get("type", "")).startswith("program_"):
                    flat.append((a.get("id"), x))
        self.flat = flat
        try:
            for i, (aid, a) in enumerate(flat):
                self.i, self.aid = i, aid
                try:
                    self.step(a)
                except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
                    # a field missing or of another kind than the site writes
                    raise InputError(
                        f"{self.where}: action {aid}: not a valid 1844 {a.get('type')!r} action "
                        f"here ({type(e).__name__}: {e})"
                    ) from None
                if self.over:
                    break
        except _Cut:
            return
        if upto is not None and self.g < upto:
            raise InputError(
                f"{self.where}: the game has {self.g} operating rounds; --at {upto} is past its end"
            )

    def next_corp(self):
        """The company whose action comes next in the log (whose turn a company's ability
        is used in)."""
        for _, a in self.flat[self.i + 1 :]:
            if a.get("entity_type") == "corporation":
                return str(a["entity"])
        return self.current

    def emergency(self) -> bool:
        """A player's sale inside an OR set raises money for the company whose turn it is
        (not the next stock round's first move) when that company acts next."""
        if self.n < self.set_ors:
            return True
        for _, a in self.flat[self.i + 1 :]:
            if a.get("entity_type") == "corporation":
                return str(a["entity"]) == self.current
            if a.get("type") in ("par", "buy_shares", "buy_company", "bid"):
                return False
        return True

    def step(self, a: dict) -> None:
        kind, etype, ent = a["type"], a.get("entity_type"), a.get("entity")
        if etype is None:
            etype = "player" if ent in self.players else "corporation"
        if etype == "corporation":
            sym = str(ent)
            if sym not in self.corps:
                raise InputError(f"{self.where}: action {self.aid}: unknown company {sym!r}")
            if kind == "destination_connection":
                for d in a.get("corporations") or ():
                    self.destination(str(d))
                return
            if kind == "discard_train":
                if sym == "SBB" and self.sbb_due:  # in the formation round after the OR
                    self.end_turn()
                    self.form_sbb()
                return self.discard(sym, str(a.get("train")))
            self.corp_acts(sym)
            handler = getattr(self, "do_" + kind, None)
            if handler is not None:
                handler(self.corps[sym], a)
        elif etype == "player":
            if ent not in self.players:
                raise InputError(f"{self.where}: action {self.aid}: unknown player {ent!r}")
            p = self.players[ent]
            if kind in ("par", "buy_shares", "buy_company") and self.mode == "auction":
                if not (kind == "par" and a.get("corporation") == "FNM"):
                    self.start_sr()
            elif kind in ("par", "buy_shares", "buy_company") and self.mode == "or":
                self.start_sr()
            elif kind == "sell_shares" and self.mode == "or" and not self.emergency():
                self.start_sr()
            elif kind == "bid" and self.mode != "auction":
                self.breaks("auction", "a bid after the private auction")
                return
            handler = getattr(self, "player_" + kind, None)
            if handler is not None:
                handler(p, a)
        elif etype == "company":
            name = str(ent)
            if kind == "lay_tile":
                if name in TUNNELS or name == "P2":
                    self.corp_acts(self.next_corp())
                self.company_tile(name, a)
            elif kind == "choose_ability":
                self.ability(name, a)

    # --- the auction and the stock round ---------------------------------------------------
    def player_bid(self, p: Player, a: dict) -> None:
        name, price = str(a.get("company")), _amount(a.get("price"))
        if name not in PRIVATES or name in self.company_owner:
            return self.breaks("auction", f"a bid on {name}, not a private for sale")
        for other in list(self.bids):
            if other != name:
                self.settle(other)
        face = int(R.PRIVATE_FACE[PRIVATES.index(name)])
        last = self.bids.get(name, (None, face - 5))[1]
        if price < face or price < last + 5 or price % 5:
            self.breaks(
                "auction",
                f"{p.name} bids {price} on {name} (at least face {face} and 5 over the last bid)",
            )
        if price > p.cash:
            self.breaks("auction", f"{p.name} bids {price} with {p.cash}")
        self.bids[name] = (p.pid, price)

    def settle(self, only=None) -> None:
        for name in [only] if only else list(self.bids):
            pid, price = self.bids.pop(name)
            self.pay(pid, None, price)
            self.company_owner[name] = pid
            p = self.players[pid]
            p.companies.append(name)
            if name == "P3":
                self.company_owner["T1"] = pid
                p.companies.append("T1")
            elif name == "P5":
                self.give(pid, self.corps["MOB"], "MOB_1", 10)
            elif name == "P6":
                self.give(pid, self.corps["FNM"], "FNM_0", 20)
                self.dirs["FNM"] = pid

    def give(self, pid, c: Corp, sid: str, pct: int) -> None:
        self.players[pid].shares[c.sym] = self.players[pid].shares.get(c.sym, 0) + pct
        c.ipo -= pct
        self.share_loc[sid] = pid

    def player_par(self, p: Player, a: dict) -> None:
        sym = str(a.get("corporation"))
        c = self.corps.get(sym)
        if self.mode == "auction":
            self.settle()
        parts = str(a.get("share_price", "")).split(",")
        try:
            price, row, col = (int(x) for x in parts)
        except ValueError:
            raise InputError(f"{self.where}: action {self.aid}: bad share_price {parts}") from None
        if c is None or c.ctype == R.SBB_TYPE:
            return self.breaks("par", f"{p.name} pars {sym}, which players cannot par")
        if c.par:
            return self.breaks("par", f"{p.name} pars {sym}, parred already")
        if price not in R.PAR_ROW or (row, col) != (R.PAR_ROW[price], R.PAR_COL):
            self.breaks("par", f"{sym} parred at {price} (cell {row},{col}), not a par cell")
        c.par, c.row, c.col = price, row, col
        if c.ctype == R.HISTORICAL:
            c.token_costs = R.TOKEN_COST[: R.HIST_TOKENS.get(price, 5)]
        if sym == "FNM" and self.dirs.get("FNM") == p.pid:
            # P6's director certificate: FNM floats at once, three shares in the pool
            for k in (1, 2, 3):
                self.share_loc[f"FNM_{k}"] = "pool"
            c.ipo -= 30
            c.pool += 30
            c.floated = True
            self.pay(None, sym, 5 * price)
            return
        if p.debt:
            self.breaks("debt", f"{p.name} pars {sym} while in debt")
        if p.cash < 2 * price:
            self.breaks("par", f"{p.name} pars {sym} at {price} with {p.cash} (2 x par needed)")
        self.pay(p.pid, None, 2 * price)
        self.give(p.pid, c, f"{sym}_0", DIRECTOR_PCT[c.ctype])
        self.dirs[sym] = p.pid
        self.float_check(c)

    def _shares(self, a: dict):
        """(company, [share ids], percent) of a purchase or sale."""
        ids = [str(x) for x in a.get("shares") or ()]
        syms = {x.rpartition("_")[0] for x in ids}
        if len(syms) != 1 or next(iter(syms)) not in self.corps:
            raise InputError(f"{self.where}: action {self.aid}: shares {ids} of no one company")
        c = self.corps[syms.pop()]
        pct = a.get("percent")
        if not isinstance(pct, int):
            pct = sum(DIRECTOR_PCT[c.ctype] if x.endswith("_0") else c.unit for x in ids)
        return c, ids, pct

    def player_buy_shares(self, p: Player, a: dict) -> None:
        c, ids, pct = self._shares(a)
        if p.debt:
            self.breaks("debt", f"{p.name} buys shares while in debt")
        if not c.par or c.closed:
            return self.breaks("shares", f"{p.name} buys {c.sym}, not parred or closed")
        # shares never go back to the IPO: one that left it before is in the pool now
        from_pool = any(x in self.share_loc for x in ids) or c.ipo < pct
        if (c.pool if from_pool else c.ipo) < pct:
            return self.breaks("shares", f"{p.name} buys {pct}% of {c.sym}: not for sale")
        price = c.price if from_pool else c.par
        cost = pct // c.unit * price
        if cost > p.cash:
            self.breaks("cash", f"{p.name} pays {cost} for {pct}% of {c.sym} with {p.cash}")
        limit = 75 if c.ctype == R.PRE else 60
        if not from_pool and p.shares.get(c.sym, 0) + pct > limit:
            self.breaks("holding limit", f"{p.name} would hold over {limit}% of {c.sym}")
        self.pay(p.pid, None, cost)
        if from_pool:
            c.pool -= pct
        else:
            c.ipo -= pct
        p.shares[c.sym] = p.shares.get(c.sym, 0) + pct
        for x in ids:
            self.share_loc[x] = p.pid
        self.recheck_director(c)
        self.float_check(c)

    def player_sell_shares(self, p: Player, a: dict) -> None:
        c, ids, pct = self._shares(a)
        if self.sr <= 1 and self.mode != "or":
            self.breaks("no sales in SR 1", f"{p.name} sells {c.sym} in the first stock round")
        if p.shares.get(c.sym, 0) < pct:
            return self.breaks("shares", f"{p.name} sells {pct}% of {c.sym}, holding less")
        if c.pool + pct > 50:
            self.breaks("pool limit", f"{c.sym}'s pool would hold over 50%")
        price = c.price
        if not c.operated and self._cell(c.row + 1, c.col):
            price = int(R.PRICE[c.row + 1, c.col])  # not yet operated: one row lower
        self.pay(None, p.pid, pct // c.unit * price)
        p.shares[c.sym] -= pct
        if not p.shares[c.sym]:
            del p.shares[c.sym]
        c.pool += pct
        for x in ids:
            self.share_loc[x] = "pool"
        self.vertical(c, 1)
        self.recheck_director(c)

    def player_buy_company(self, p: Player, a: dict) -> None:
        name, price = str(a.get("company")), _amount(a.get("price"))
        kind = "mountain" if name in MOUNTAINS else "tunnel" if name in TUNNELS else None
        if kind is None or name in self.company_owner:
            return self.breaks("companies", f"{p.name} buys {name} from the bank")
        want = R.MOUNTAIN_PRICE if kind == "mountain" else R.TUNNEL_PRICE
        if price != want:
            self.breaks("companies", f"{p.name} pays {price} for {name}, not {want}")
        if (p.pid, kind) in self.bought_mr:
            self.breaks("companies", f"{p.name}'s second {kind} company in one stock round")
        if p.debt:
            self.breaks("debt", f"{p.name} buys {name} while in debt")
        if price > p.cash:
            self.breaks("cash", f"{p.name} pays {price} for {name} with {p.cash}")
        self.bought_mr.add((p.pid, kind))
        self.pay(p.pid, None, price)
        self.company_owner[name] = p.pid
        p.companies.append(name)

    def player_payoff_player_debt(self, p: Player, a: dict) -> None:
        amount = min(p.cash, p.debt)
        self.pay(p.pid, None, amount)
        p.debt -= amount

    # --- companies' abilities ---------------------------------------------------------------
    def company_tile(self, name: str, a: dict) -> None:
        h, tile = str(a.get("hex")), str(a.get("tile"))
        kind = tile.rsplit("-", 1)[0]
        if name in MOUNTAINS:
            if kind not in R.MOUNTAIN_MARKERS or h not in R.MOUNTAIN_HEXES or h in self.mountain_at:
                self.breaks("mountain railways", f"{name} places {tile} on {h}")
            self.mountain_at[h] = name
            return
        payer = self.corps[self.current] if self.current else None
        if name in TUNNELS:
            if kind not in R.TUNNEL_TILES or h not in R.TUNNEL_HEXES or h in self.tunnel_at:
                self.breaks("tunnels", f"{name} lays {tile} on {h}")
            if payer is None or self.dirs.get(payer.sym) != self.company_owner.get(name):
                self.breaks("tunnels", f"{name} builds for a company its owner does not direct")
            self.tunnel_at[h] = name
            if payer is not None:
                self.tunnel_for[name] = payer.sym
            self.charge(payer, R.TUNNEL_BUILD, "tunnels", f"{name}'s tunnel on {h}")
            if payer is not None:
                payer.tiles.append((h, tile))
            return
        if name == "P2":  # once; P2 stays open and pays until phase 5
            if self.phase < 3 or "P2" in self.used:
                self.breaks("P2", "P2's extra tile twice or before phase 3")
            self.used.add("P2")
        self.lay(payer, h, tile)

    def ability(self, name: str, a: dict) -> None:
        choice = str(a.get("choice"))
        owner = self.company_owner.get(name)
        if name == "P4":
            if self.phase < 3 or "P4" in self.closed_companies:
                self.breaks("P4", "P4's tiles before phase 3 or after it closed")
            self.p4_tiles()
        elif name == "P7":
            c = self.corps.get(choice)
            if "P7" in self.closed_companies or "5-1" in self.train_owner or self.phase < 5:
                return self.breaks("P7", "EVA given twice or before the first 5")
            if c is None or self.dirs.get(c.sym) != owner:
                self.breaks("P7", f"EVA given to {choice}, which P7's owner does not direct")
            if c is not None:
                c.trains.append("5-1")
                self.h_side.add("5-1")
                self.train_owner["5-1"] = c.sym
            self.closed_companies.add("P7")

    # --- operating --------------------------------------------------------------------------
    def charge(self, c, cost: int, rule: str, what: str) -> None:
        if c is None:
            return
        if cost > c.cash:
            self.breaks(rule, f"{c.sym} pays {cost} for {what} with {c.cash}")
        self.pay(c.sym, None, cost)

    def lay(self, c, h: str, tile: str) -> None:
        kind = tile.rsplit("-", 1)[0]
        if R.TILE_PHASE.get(kind, 1) > self.phase:
            self.breaks("tile colours", f"tile {kind} on {h} in phase {self.phase}")
        first = h not in self.hex_tiles
        old = self.hex_tiles.get(h)
        if old is not None and old in self.tile_hex and self.tile_hex[old] == h:
            del self.tile_hex[old]
        if tile in self.tile_hex:  # the copy is on the map elsewhere
            self.breaks("tiles", f"tile {tile} on {h} lies on {self.tile_hex[tile]} already")
        self.hex_tiles[h], self.tile_hex[tile] = tile, h
        cost = R.TERRAIN_COST.get(h, 0) if first else 0
        self.charge(c, cost, "terrain", f"the terrain of {h}")
        if c is not None:
            c.tiles.append((h, tile))

    def do_lay_tile(self, c: Corp, a: dict) -> None:
        if c.sym in self.laid:
            self.breaks("one tile per OR", f"{c.sym}'s second tile lay in one OR")
        self.laid.add(c.sym)
        self.lay(c, str(a.get("hex")), str(a.get("tile")))

    def do_place_token(self, c: Corp, a: dict) -> None:
        k = len(c.tokens)
        if k >= len(c.token_costs):
            return self.breaks("tokens", f"{c.sym} has no token left to place")
        city = str(a.get("city", ""))
        tile = city.rsplit("-", 1)[0]
        h = self.tile_hex.get(tile, city.split("-")[0])
        self.charge(c, int(c.token_costs[k]), "token costs", f"token {k + 1}")
        c.tokens.append(h)

    def destination(self, sym: str) -> None:
        c = self.corps[sym]
        if c.destinated or c.ctype not in (R.PRE, R.HISTORICAL) or not c.floated:
            return self.breaks("destinations", f"{sym}'s destination bonus twice or unearned")
        c.destinated = True
        self.pay(None, sym, (2 if c.ctype == R.PRE else 5) * c.par)

    def do_run_routes(self, c: Corp, a: dict) -> None:
        total = _amount(a.get("extra_revenue"))
        for route in a.get("routes") or ():
            tid = str(route.get("train"))
            if tid not in c.trains:
                self.breaks("trains", f"{c.sym} runs train {tid}, which it does not own")
            t = self.train_type(tid)
            reach = (2, 3, 4, 5, 6, 8)[t]
            stops = len(route.get("nodes") or route.get("hexes") or ())
            if t < 5 and stops > reach:
                self.breaks("train reach", f"{c.sym}'s {tid} visits {stops} stops")
            if tid in self.h_side:
                paths = route.get("connections") or ()
                hexes = sum(len(x) for x in paths) - max(len(paths) - 1, 0)
                if hexes > reach:
                    self.breaks("train reach", f"{c.sym}'s {tid} (H) runs {hexes} hexes")
            total += _amount(route.get("revenue"))
            for h in route.get("hexes") or ():
                if h in self.mountain_at:
                    self.active.add(self.mountain_at[h])
            for path in route.get("connections") or ():
                for h in path:
                    if h in self.tunnel_at:
                        self.active.add(self.tunnel_at[h])
        if c.sym == "FNM" and a.get("routes"):
            self.closed_companies.add("P6")
        c.revenue = total

    def do_dividend(self, c: Corp, a: dict) -> None:
        kind = str(a.get("kind"))
        rev = c.revenue
        c.revenue = 0
        self.divided = True
        if kind not in ("payout", "withhold"):
            self.breaks("dividends", f"{c.sym} pays {kind!r}: 1844 pays out in full or withholds")
        if kind == "payout" and rev > 0:
            for pid, p in self.players.items():
                pct = p.shares.get(c.sym, 0)
                if pct:
                    self.pay(None, pid, -(-rev * pct // 100))
            if c.pool:
                self.pay(None, c.sym, rev * c.pool // 100)
            self.right(c)
        else:
            self.pay(None, c.sym, rev)
            self.left(c)

    def do_buy_train(self, c: Corp, a: dict) -> None:
        tid, price = str(a.get("train")), _amount(a.get("price"))
        variant = str(a.get("variant") or "")
        t = self.train_type(tid)
        seller = self.train_owner.get(tid)
        if len(c.trains) + 1 > self.limit(c):
            self.breaks("train limit", f"{c.sym} would own {len(c.trains) + 1} trains")
        if seller is not None:
            s = self.corps[seller]
            if self.phase < 3:
                self.breaks("buying across", f"{c.sym} buys {tid} across before phase 3")
            face = int(R.PRICE_H[t] if tid in self.h_side else R.PRICE_N[t])
            same = self.dirs.get(seller) == self.dirs.get(c.sym) and "SBB" not in (seller, c.sym)
            if same and not 1 <= price <= max(c.cash, 1):
                self.breaks("buying across", f"{c.sym} pays {price} for {tid} with {c.cash}")
            if not same and price != face:
                self.breaks("buying across", f"{c.sym} pays {price} for {tid}, not its face {face}")
            if c.ctype == R.REGIONAL and tid not in self.h_side:
                self.breaks("regional trains", f"{c.sym} buys {tid}, not an H train")
            s.trains.remove(tid)
        else:
            if tid not in self.depot:
                return self.breaks("depot", f"{c.sym} buys {tid}, not in the depot")
            if self.train_type(self.depot[0]) != t:
                self.breaks("depot", f"{c.sym} buys {tid} before the {self.depot[0]}s are gone")
            h = variant.endswith("H") or tid in self.h_side
            if c.ctype == R.REGIONAL and not h:
                self.breaks("regional trains", f"{c.sym} buys {tid} on its normal side")
            want = int(R.PRICE_H[t] if h else R.PRICE_N[t])
            if price != want:
                self.breaks(
                    "train prices", f"{c.sym} pays {price} for {tid} ({variant}), not {want}"
                )
            if h:
                self.h_side.add(tid)
        short = price - c.cash
        if short > 0:
            d = self.dirs.get(c.sym)
            if seller is not None or c.ctype == R.PRE or c.trains or d is None:
                self.breaks("cash", f"{c.sym} pays {price} for {tid} with {c.cash}")
            if d is not None:
                p = self.players[d]
                has = max(p.cash, 0)
                self.pay(d, c.sym, min(short, has))
                if short > has:  # the director borrows the rest
                    loan = short - has
                    p.debt += math.ceil(loan * 3 / 2)
                    self.pay(None, c.sym, loan)
        self.pay(c.sym, seller, price)
        c.trains.append(tid)
        self.train_owner[tid] = c.sym
        if seller is None:
            self.take_from_depot(tid)

    def discard(self, sym: str, tid: str) -> None:
        c = self.corps[sym]
        if tid not in c.trains:
            return self.breaks("trains", f"{sym} discards {tid}, which it does not own")
        c.trains.remove(tid)
        self.train_owner.pop(tid, None)
        self.discarded.append(tid)

    def do_buy_company(self, c: Corp, a: dict) -> None:
        name, price = str(a.get("company")), _amount(a.get("price"))
        owner = self.company_owner.get(name)
        if name not in PRIVATES[:5] or name in self.closed_companies or owner not in self.players:
            return self.breaks("buying privates", f"{c.sym} buys {name}")
        face = int(R.PRIVATE_FACE[PRIVATES.index(name)])
        if not 3 <= self.phase <= 4 or c.ctype == R.PRE or not 1 <= price <= 2 * face:
            self.breaks("buying privates", f"{c.sym} buys {name} for {price} in phase {self.phase}")
        if price > c.cash:
            self.breaks("cash", f"{c.sym} pays {price} for {name} with {c.cash}")
        self.pay(c.sym, owner, price)
        self.players[owner].companies.remove(name)
        self.company_owner[name] = c.sym

    def do_bankrupt(self, c: Corp, a: dict) -> None:
        """The director sells what the pool takes (the director's certificate only where
        another player holds as much), one block per company; their cash goes to the bank."""
        d = self.dirs.get(c.sym)
        if d is None:
            return self.breaks("bankruptcy", f"{c.sym} goes bankrupt without a director")
        if c.trains:
            self.breaks("bankruptcy", f"{c.sym} goes bankrupt owning a train")
        self.end_turn()
        p = self.players[d]
        self.bankrupt = d
        for sym in list(p.shares):
            o = self.corps[sym]
            if not o.par or o.closed:
                continue
            pct = p.shares[sym]
            if self.dirs.get(sym) == d and o.ctype != R.SBB_TYPE:
                others = max(
                    (q.shares.get(sym, 0) for q in self.players.values() if q.pid != d),
                    default=0,
                )
                if others < DIRECTOR_PCT[o.ctype]:
                    pct -= DIRECTOR_PCT[o.ctype]
            pct = min(pct, 50 - o.pool) // o.unit * o.unit
            if pct <= 0:
                continue
            self.pay(None, d, pct // o.unit * o.price)
            p.shares[sym] -= pct
            o.pool += pct
            self.vertical(o, 1)
            self.recheck_director(o)
        self.pay(d, None, p.cash)
        self.over = True


class _Cut(Exception):
    """The cut (``--at``) is reached."""


def _amount(v) -> int:
    try:
        return int(v)
    except (TypeError, ValueError):
        return 0


def replay(
    doc: dict, where: str = "export", upto: int | None = None, through_sr: bool = False
) -> Game:
    """The game replayed to the end of global OR ``upto`` (None: the log's end);
    ``through_sr``: when OR ``upto`` closes its set, on through the set's export and the
    stock round after it, to the start of the next OR (where a forecast plays on from)."""
    if upto is not None and (not isinstance(upto, int) or upto < 1):
        raise InputError(f"{where}: --at must be a global OR number of 1 or more, not {upto}")
    ids = [p.get("id") if isinstance(p, dict) else None for p in doc["players"]]
    if None in ids or len(set(map(str, ids))) != len(ids):
        raise InputError(f"{where}: every player needs an id of their own")
    g = Game(doc, where)
    g.run(doc["actions"], upto, through_sr)
    if g.g == 0:
        raise InputError(f"{where}: the log has no operating round")
    for p in g.players.values():
        p.shares = {k: v for k, v in p.shares.items() if v and not g.corps[k].closed}
    return g


def read_replay(path, upto: int | None = None) -> tuple[dict, Game]:
    """Load an export file and replay it (see :func:`replay`)."""
    doc = load_export(path)
    return doc, replay(doc, str(path), upto)


def _cert_text(g: Game, p: Player) -> str:
    return " ".join(f"{sym} {pct}%" for sym, pct in sorted(p.shares.items()))


def position(g: Game, doc: dict) -> dict:
    """The replayed position: players, companies, the bank and the depot (JSON-ready)."""
    at_end = g.upto is None
    result = doc.get("result") if at_end and isinstance(doc.get("result"), dict) else {}
    g_label = dict(g.labels)
    players = []
    for pid, p in g.players.items():
        row = {
            "player": p.name,
            "id": pid,
            "cash": p.cash,
            "debt": p.debt,
            "certificates": _cert_text(g, p),
            # open privates; mountain railways and tunnels, "*" once active (they count)
            "companies": " ".join(
                n + ("*" if n in g.active else "")
                for n in p.companies
                if n not in g.closed_companies and g.company_owner.get(n) == pid
            ),
            "value": g.value(pid),
        }
        r = result.get(str(pid))
        row["result"] = int(r) if isinstance(r, (int, float)) else None
        players.append(row)
    companies = []
    for c in g.corps.values():
        if not c.par and not c.floated:
            continue
        d = g.dirs.get(c.sym)
        companies.append(
            {
                "company": c.sym,
                "type": R.TYPE_NAMES[c.ctype],
                "director": g.names.get(d, "") if d is not None else "",
                "status": "closed" if c.closed else "floated" if c.floated else "parred",
                "par": c.par or None,
                "price": None if c.closed else c.price,
                "treasury": c.cash,
                "ipo_pct": c.ipo,
                "pool_pct": c.pool,
                "trains": " ".join(_train_name(g, t) for t in c.trains),
                "tokens": " ".join(c.tokens),
                "tiles_laid": len(c.tiles),
            }
        )
    counts: dict = {}
    for t in g.depot:
        counts[_train_name(g, t)] = counts.get(_train_name(g, t), 0) + 1
    return {
        "game_id": doc.get("id"),
        "cut": "log end" if at_end else f"end of {g_label.get(g.g, '')} (#{g.g})",
        "last_or": {"or": g.g, "label": g_label.get(g.g, "")},
        "phase": g.phase,
        # a broken bank holds 0; what the engine paid out beyond it beside
        "bank": max(g.bank, 0),
        "bank_overdrawn": max(-g.bank, 0),
        "bank_broke_in": None
        if g.bank_broke_at is None
        else {"or": g.bank_broke_at, "label": g_label.get(g.bank_broke_at, "")},
        "depot": counts,
        "next_train": _train_name(g, g.depot[0]) if g.depot else None,
        "exported": [_train_name(g, t) for t in g.exported],
        "rusted": len(g.rusted),
        "discarded": len(g.discarded),
        "bankrupt": g.names.get(g.bankrupt) if g.bankrupt is not None else None,
        "players": players,
        "companies": companies,
        "tiles": [
            {"company": c.sym, "hex": h, "tile": t} for c in g.corps.values() for h, t in c.tiles
        ],
    }


def _train_name(g: Game, tid: str) -> str:
    t = g.train_type(tid)
    return (R.TRAIN_H_NAMES if tid in g.h_side else R.TRAIN_NAMES)[t]


def check(g: Game, doc: dict) -> dict | None:
    """The first action whose effect breaks one of the engine's rules the replay applies,
    or, where none does and the log is whole, the first player whose replayed value differs
    from the export's ``result``; None when neither."""
    if g.violations:
        v = g.violations[0]
        return {"action": v.action, "rule": v.rule, "what": v.what}
    result = doc.get("result")
    if g.upto is None and isinstance(result, dict):
        for pid in g.players:
            r = result.get(str(pid))
            if isinstance(r, (int, float)) and int(r) != g.value(pid):
                return {
                    "action": None,
                    "rule": "final score",
                    "what": f"{g.names[pid]}'s value {g.value(pid)} differs from the "
                    f"export's result {int(r)}",
                }
    return None
