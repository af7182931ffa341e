"""Plain-Python 1844: the company-level model, slow and written to be read against the rules.

It shares only the random stream, the draw order and the rule constants with the kernel.
Draw order (both implementations):
  auction: per private P1..P7, one draw per seat (the bid ceiling); a random P6 buyer
    draws FNM's par;
  stock rounds: a random bot draws an action category, then the company, then the par;
    the careful bot draws nothing;
  each OR, per company in operating order: a random director's choice to lay P2's
    extra tile (when it can), a random director's choice to use P4 (when it can), a
    random director's tunnel choice (when a tunnel can be built), the run's luck (when
    it owns trains),
    a random director's payout choice (when revenue > 0), a random director's train
    choices, a random director's choice between the depot and the offers across (when
    a forced train finds offers), a random director's private purchase (in phases 3-4
    when a private is for sale: which one or none, then the price); after all
    companies, one draw per owned, inactive mountain railway.
"""

from __future__ import annotations

from tableodds.sim.core.rng import PyStream
from tableodds.sim.s1844 import rules as R

PRE, REGIONAL, HISTORICAL = R.PRE, R.REGIONAL, R.HISTORICAL
ORDER_EVA = list(range(5, 15)) + list(range(5))
FIRST_OF_TYPE = [sum(R.DEPOT_COUNT[:t]) for t in range(6)]  # depot index of each type


class Corp:
    def __init__(self, i: int):
        self.i = i
        self.ctype = int(R.CTYPE[i])
        self.units = int(R.UNITS[self.ctype])
        self.status = 0  # 0 unparred, 1 parred, 2 floated, 3 closed
        self.par = 0
        self.row = self.col = 0
        self.cash = 0
        self.ipo = self.units if i != R.SBB else 0
        self.pool = 0
        self.director = -1
        self.trains: list[tuple[int, int]] = []  # (type, side)
        self.tokens_total = 0
        self.tokens_laid = 0
        self.ors_run = 0
        self.has_dest = self.ctype in (PRE, HISTORICAL)
        self.reached = False
        self.operated = False
        self.last_div = 0
        self.tunnels = 0
        self.extra_tile = False  # laid P2's extra tile
        self.tiles = 0  # tiles laid from its list in map.toml


class Game:
    def __init__(self, settings: R.Settings, seed: int, game: int):
        self.s = settings
        self.p = settings.params
        self.rng = PyStream(seed, game)
        n = settings.players
        self.n = n
        self.pol = [R.POLICY_CODES[x] for x in settings.policies]
        self.cash = [R.START_CASH[n]] * n
        self.bank = R.BANK - R.START_CASH[n] * n
        self.debt = [0] * n
        self.free_debt = [0] * n  # the part of the debt without interest (SBB exchange)
        self.p4_laid = False  # P4's Furka-Oberalp tiles are on the map
        self.withholds = 0
        self.hold = [[0] * R.NCORP for _ in range(n)]
        self.corps = [Corp(i) for i in range(R.NCORP)]
        self.priv_owner = [-1] * 7  # the player who owns it, or -1
        self.priv_corp = [-1] * 7  # the company that bought it (phases 3-4), or -1
        self.priv_open = [True] * 7
        self.p2_used = False
        self.mr_owner = [-1] * R.NMOUNTAIN
        self.mr_active = [False] * R.NMOUNTAIN
        self.tun_owner = [-1] * R.NTUNNEL
        self.tun_corp = [-1] * R.NTUNNEL
        self.tun_active = [False] * R.NTUNNEL
        self.phase = 1
        self.pos = 0
        self.seen = [False] * 6
        self.eva = 0  # 0 in the box, 1 held by P7's owner, 2 given
        self.sbb_pending = False
        self.sbb_formed = False
        self.full_cap = False
        self.broken = False
        self.ended = 0
        self.sr = 0
        self.set = 0
        self.or_no = 0
        self.n_in_set = 0
        self.n_ors = 1
        self.bought = [0] * 6
        self.exported = [0] * 6
        self.rusted = self.discarded = self.loans = self.over_limit = self.floated = 0
        self.across_sister = self.across_other = self.privates_bought = 0
        self.events = {e: (-1, -1, -1) for e in R.EVENTS}
        self.rev = {}
        self.bankcash = {}
        self.depot_rec = {}

    # ---- small helpers ----------------------------------------------------------------
    def draw(self, k: int) -> int:
        return self.rng.bounded(k)

    def event(self, name: str) -> None:
        if self.events[name][0] < 0:
            self.events[name] = (self.or_no, self.set, self.n_in_set)

    def price(self, c: Corp) -> int:
        return int(R.PRICE[c.row, c.col])

    def next_type(self) -> int:
        return int(R.DEPOT[self.pos]) if self.pos < len(R.DEPOT) else -1

    def next_h_price(self) -> int:
        t = self.next_type()
        return int(R.PRICE_H[t]) if t >= 0 else 0

    def limit(self, c: Corp) -> int:
        return R.train_limit(self.phase, c.ctype)

    def pay_bank(self, amount: int) -> None:  # money into the bank
        self.bank += amount

    def certs(self, p: int) -> int:
        return sum(
            self.hold[p][c.i] - (1 if c.director == p else 0) for c in self.corps if c.status != 3
        )

    def directorships(self, p: int) -> int:
        return sum(1 for c in self.corps if c.director == p and c.status in (1, 2))

    # ---- market -----------------------------------------------------------------------
    def cell(self, r: int, c: int) -> bool:
        return 0 <= r < R.ROWS and 0 <= c < R.COLS and R.PRICE[r, c] > 0

    def move_right(self, c: Corp) -> None:
        r, k = c.row, c.col
        if self.cell(r, k + 1) and not (c.ctype == REGIONAL and R.LIMITED[r, k + 1]):
            c.col = k + 1
        elif self.cell(r - 1, k):
            c.row = r - 1

    def move_left(self, c: Corp) -> None:
        if self.cell(c.row, c.col - 1):
            c.col -= 1
        elif self.cell(c.row + 1, c.col):
            c.row += 1

    def move_up(self, c: Corp) -> None:
        if self.cell(c.row - 1, c.col):
            c.row -= 1

    def move_down(self, c: Corp) -> None:
        if self.cell(c.row + 1, c.col):
            c.row += 1

    # ---- shares -----------------------------------------------------------------------
    def recheck_director(self, c: Corp) -> None:
        best = c.director
        most = self.hold[best][c.i] if best >= 0 else 1  # a director needs 2 units
        for p in range(self.n):
            if self.hold[p][c.i] > most:
                best, most = p, self.hold[p][c.i]
        c.director = best

    def float_check(self, c: Corp) -> None:
        if c.status == 1 and c.units - c.ipo >= R.FLOAT_UNITS[c.ctype]:
            c.status = 2
            self.floated += 1
            if c.ctype == PRE:
                cap = 2 * c.par
            elif c.ctype == REGIONAL:
                cap = 5 * c.par
            else:
                cap = (10 if self.full_cap else 5) * c.par
            c.cash += cap
            self.bank -= cap
            c.tokens_laid = 1

    def par_corp(self, p: int, c: Corp, v: int) -> None:
        c.status, c.par, c.row, c.col, c.director = 1, v, R.PAR_ROW[v], R.PAR_COL, p
        self.hold[p][c.i] += 2
        c.ipo -= 2
        self.cash[p] -= 2 * v
        self.pay_bank(2 * v)
        c.tokens_total = R.HIST_TOKENS[v] if c.ctype == HISTORICAL else int(R.TYPE_TOKENS[c.ctype])
        self.float_check(c)

    def buy_ipo(self, p: int, c: Corp) -> None:
        self.cash[p] -= c.par
        self.pay_bank(c.par)
        self.hold[p][c.i] += 1
        c.ipo -= 1
        self.recheck_director(c)
        self.float_check(c)

    def buy_pool(self, p: int, c: Corp) -> None:
        v = self.price(c)
        self.cash[p] -= v
        self.pay_bank(v)
        self.hold[p][c.i] += 1
        c.pool -= 1
        self.recheck_director(c)

    def sell(self, p: int, c: Corp, k: int) -> None:
        v = self.sale_value(c)
        self.cash[p] += k * v
        self.bank -= k * v
        self.hold[p][c.i] -= k
        c.pool += k
        self.sold[p].add(c.i)
        self.move_down(c)
        self.recheck_director(c)

    def sellable(self, p: int, c: Corp) -> int:
        if self.sr <= 1 or c.status != 2:
            return 0
        mine = self.hold[p][c.i] - (2 if c.director == p else 0)
        return max(0, min(mine, R.POOL_UNITS[c.ctype] - c.pool))

    def ipo_ok(self, p: int, c: Corp) -> bool:
        return (
            self.debt[p] == 0
            and c.status in (1, 2)
            and c.i != R.SBB
            and c.ipo > 0
            and c.i not in self.sold[p]
            and self.cash[p] >= c.par
            and self.hold[p][c.i] + 1 <= R.IPO_LIMIT[c.ctype]
            and self.certs(p) < R.CERT_LIMIT[self.n]
        )

    def pool_ok(self, p: int, c: Corp) -> bool:
        return (
            self.debt[p] == 0
            and c.status == 2
            and c.pool > 0
            and c.i not in self.sold[p]
            and self.cash[p] >= self.price(c)
            and self.certs(p) < R.CERT_LIMIT[self.n]
        )

    def par_ok(self, p: int, c: Corp, v: int) -> bool:
        return (
            self.debt[p] == 0
            and c.status == 0
            and c.i not in (R.FNM, R.SBB)
            and self.cash[p] >= 2 * v
            and self.certs(p) < R.CERT_LIMIT[self.n]
        )

    def mountain_ok(self, p: int) -> bool:
        return (
            self.debt[p] == 0
            and not self.bought_mr[p]
            and self.cash[p] >= R.MOUNTAIN_PRICE
            and -1 in self.mr_owner
        )

    def tunnel_ok(self, p: int) -> bool:
        return (
            self.debt[p] == 0
            and not self.bought_tun[p]
            and self.cash[p] >= R.TUNNEL_PRICE
            and -1 in self.tun_owner[1:]
        )

    def buy_mountain(self, p: int) -> None:
        self.mr_owner[self.mr_owner.index(-1)] = p
        self.cash[p] -= R.MOUNTAIN_PRICE
        self.pay_bank(R.MOUNTAIN_PRICE)
        self.bought_mr[p] = True

    def buy_tunnel(self, p: int) -> None:
        self.tun_owner[self.tun_owner.index(-1, 1)] = p
        self.cash[p] -= R.TUNNEL_PRICE
        self.pay_bank(R.TUNNEL_PRICE)
        self.bought_tun[p] = True

    # ---- auction ------------------------------------------------------------------------
    def auction(self) -> None:
        pr = self.p
        for i in range(7):
            face = int(R.PRIVATE_FACE[i])
            ceiling = []
            for p in range(self.n):
                if self.pol[p] == R.CAREFUL:
                    v = face * pr.auction_value_pct[i] // 100 // 5 * 5
                    v += 5 * self.draw(pr.auction_noise + 1)
                else:
                    v = face * (pr.value_low_pct + self.draw(pr.value_span_pct + 1)) // 100
                    v = v // 5 * 5
                ceiling.append(min(v, self.cash[p] // 5 * 5))
            if i != R.P1 and max(ceiling) < face:
                # only P1's price falls when nobody bids face value; a later private goes
                # at face to the first seat that can pay it
                ceiling = [face if self.cash[p] >= face else v for p, v in enumerate(ceiling)]
            price = face
            while price > 0 and max(ceiling) < price:
                price -= 5
            bidders = [p for p in range(self.n) if ceiling[p] >= price]
            win = max(bidders, key=lambda p: (ceiling[p], -p))
            others = [ceiling[p] for p in bidders if p != win]
            pay = max(price, min(ceiling[win], max(others) + 5)) if others else price
            self.cash[win] -= pay
            self.pay_bank(pay)
            self.priv_owner[i] = win
            if i == R.P3:
                self.tun_owner[0] = win
            elif i == R.P5:
                self.hold[win][R.MOB] = 1
                self.corps[R.MOB].ipo -= 1
            elif i == R.P6:
                if self.pol[win] == R.CAREFUL:
                    v = pr.fnm_par
                else:
                    v = R.PARS[self.draw(5)]
                f = self.corps[R.FNM]
                f.status, f.par, f.row, f.col, f.director = 2, v, R.PAR_ROW[v], R.PAR_COL, win
                self.hold[win][R.FNM] = 2
                f.pool, f.ipo = 3, 5
                f.cash = 5 * v
                self.bank -= 5 * v
                f.tokens_total, f.tokens_laid = R.HIST_TOKENS[v], 1
                self.floated += 1

    # ---- stock round --------------------------------------------------------------------
    def stock_round(self) -> None:
        self.sr += 1
        if self.sr == 1:
            order = sorted(range(self.n), key=lambda p: self.cash[p])
        else:
            order = sorted(range(self.n), key=lambda p: -self.cash[p])
        self.sold = [set() for _ in range(self.n)]
        self.bought_mr = [False] * self.n
        self.bought_tun = [False] * self.n
        passes = turns = 0
        while passes < self.n and turns < self.p.max_sr_turns:
            p = order[turns % self.n]
            turns += 1
            if self.debt[p]:
                pay = min(self.cash[p], self.debt[p])
                self.cash[p] -= pay
                self.debt[p] -= pay
                self.free_debt[p] = min(self.free_debt[p], self.debt[p])
                self.pay_bank(pay)
            acted = self.random_turn(p) if self.pol[p] == R.RANDOM else self.careful_turn(p)
            passes = 0 if acted else passes + 1
        for c in self.corps:
            if c.status in (1, 2):
                if c.pool > 0:
                    self.move_left(c)
                elif c.ipo == 0:
                    self.move_up(c)
        for p in range(self.n):  # 50% interest on the emergency loans only
            free = self.free_debt[p]
            self.debt[p] = free + (3 * (self.debt[p] - free) + 1) // 2
        self.n_ors = R.ORS_PER_SET[self.phase]

    def sale_value(self, c: Corp) -> int:
        """What one share of ``c`` sells for now (one row lower before it has operated)."""
        if not c.operated and self.cell(c.row + 1, c.col):
            return int(R.PRICE[c.row + 1, c.col])
        return self.price(c)

    def float_need(self, p: int, c: Corp) -> int:
        """The shares ``p`` must buy beyond the director's certificate to float ``c``."""
        return max(0, int(R.FLOAT_UNITS[c.ctype]) - self.hold[p][c.i] - 2)

    def sell_to_float(self, p: int) -> bool:
        """sell_to_float: when its cash cannot float the first free company of float_order
        alone at par 60 but its cash and its sellable shares of companies it does not
        direct can, it sells those (company order) until the cash is there; it pars the
        company on its next turn (the par step above).  Not in stock round 1 (no sales)."""
        if self.sr <= 1 or self.debt[p] or self.certs(p) >= R.CERT_LIMIT[self.n]:
            return False
        c = next((self.corps[i] for i in self.p.float_order if self.corps[i].status == 0), None)
        if c is None:
            return False
        cost = (2 + self.float_need(p, c)) * R.PARS[-1]
        sales = [
            (x, self.sellable(p, x))
            for x in self.corps
            if x.director != p and self.sellable(p, x) > 0
        ]
        if (
            self.cash[p] >= cost
            or self.cash[p] + sum(k * self.sale_value(x) for x, k in sales) < cost
        ):
            return False
        for x, k in sales:
            if self.cash[p] >= cost:
                break
            self.sell(p, x, k)
        return True

    def random_turn(self, p: int) -> bool:
        sells = [c for c in self.corps if self.sellable(p, c) > 0]
        ipos = [c for c in self.corps if self.ipo_ok(p, c)]
        pools = [c for c in self.corps if self.pool_ok(p, c)]
        pars = [c for c in self.corps if self.par_ok(p, c, 60)]
        cats = ["pass"]
        cats += ["sell"] if sells else []
        cats += ["ipo"] if ipos else []
        cats += ["pool"] if pools else []
        cats += ["par"] if pars else []
        cats += ["mountain"] if self.mountain_ok(p) else []
        cats += ["tunnel"] if self.tunnel_ok(p) else []
        cat = cats[self.draw(len(cats))]
        if cat == "pass":
            return False
        if cat == "sell":
            self.sell(p, sells[self.draw(len(sells))], 1)
        elif cat == "ipo":
            self.buy_ipo(p, ipos[self.draw(len(ipos))])
        elif cat == "pool":
            self.buy_pool(p, pools[self.draw(len(pools))])
        elif cat == "par":
            c = pars[self.draw(len(pars))]
            values = [v for v in R.PARS if self.par_ok(p, c, v)]
            self.par_corp(p, c, values[self.draw(len(values))])
        elif cat == "mountain":
            self.buy_mountain(p)
        else:
            self.buy_tunnel(p)
        return True

    def careful_turn(self, p: int) -> bool:
        pr = self.p
        acted = False
        for c in self.corps:
            k = self.sellable(p, c)
            ref = 100 if c.i == R.SBB else c.par
            if k > 0 and c.director != p and self.price(c) * 100 < ref * pr.sell_below_pct:
                self.sell(p, c, k)
                acted = True
        for c in self.corps:  # bring a company it directs up to floating
            if c.director == p and c.status == 1 and self.ipo_ok(p, c):
                self.buy_ipo(p, c)
                return True
        if self.directorships(p) < pr.max_directorships[self.n - 3]:
            room = self.cash[p] * (pr.float_cash_pct if self.sr == 1 else 100)
            free = [self.corps[i] for i in pr.float_order if self.corps[i].status == 0]
            if pr.pre_sbb_first:
                # a pre-SBB company first (its director's 2 shares float it), at the highest
                # par that leaves the cash to float the next other company alone at par 60
                pre = next((c for c in free if c.ctype == PRE), None)
                nxt = next((c for c in free if c.ctype != PRE), None)
                second = 0 if nxt is None else (2 + self.float_need(p, nxt)) * R.PARS[-1]
                for v in R.PARS if pre is not None else ():
                    if self.par_ok(p, pre, v) and (2 * v + second) * 100 <= room:
                        self.par_corp(p, pre, v)
                        return True
            for c in free:
                need = self.float_need(p, c)
                for v in R.PARS:
                    if self.par_ok(p, c, v) and (2 + need) * v * 100 <= room:
                        self.par_corp(p, c, v)
                        return True
            if pr.sell_to_float and self.sell_to_float(p):
                return True
        if pr.float_help:  # a share of another player's parred company, so that it floats
            for c in self.corps:
                if c.director != p and c.status == 1 and self.ipo_ok(p, c):
                    self.buy_ipo(p, c)
                    return True
        best, best_yield = None, -1
        for c in self.corps:
            if c.status == 2 and (self.pool_ok(p, c) or self.ipo_ok(p, c)):
                y = c.last_div * 1000 // self.price(c)
                if y > best_yield:
                    best, best_yield = c, y
        if best is not None and best_yield >= pr.min_yield_permille:
            if self.pool_ok(p, best) and (not self.ipo_ok(p, best) or self.price(best) <= best.par):
                self.buy_pool(p, best)
            else:
                self.buy_ipo(p, best)
            return True
        if (
            self.mountain_ok(p)
            and self.phase <= pr.mountain_max_phase
            and self.cash[p] - R.MOUNTAIN_PRICE >= pr.mountain_reserve
        ):
            self.buy_mountain(p)
            return True
        if (
            self.tunnel_ok(p)
            and any(c.director == p and c.status == 2 for c in self.corps)
            and not any(self.tun_owner[k] == p and self.tun_corp[k] < 0 for k in range(R.NTUNNEL))
        ):
            self.buy_tunnel(p)
            return True
        return acted

    # ---- trains ---------------------------------------------------------------------------
    def train_price(self, t: int, side: int) -> int:
        return int(R.PRICE_H[t] if side else R.PRICE_N[t])

    def enforce_limits(self) -> None:
        for c in self.corps:
            if c.status != 2:
                continue
            lim = self.limit(c)
            while len(c.trains) > lim:
                worst = min(c.trains, key=lambda tr: (self.train_price(*tr), tr[0]))
                c.trains.remove(worst)
                self.discarded += 1
            if len(c.trains) > lim:
                self.over_limit += 1

    def new_type(self, t: int) -> None:
        """Events of the first purchase (or export) of a train type."""
        self.seen[t] = True
        self.phase = int(R.PHASE_OF[t])
        self.event(f"phase{self.phase}")
        d = int(R.DOWNGRADES[t])
        for c in self.corps:
            c.trains = [(x, 1) if x == d else (x, side) for x, side in c.trains]
        for r in range(6):
            if R.RUSTED_BY[r] == t:
                for c in self.corps:
                    keep = [tr for tr in c.trains if tr[0] != r]
                    self.rusted += len(c.trains) - len(keep)
                    c.trains = keep
                self.event(f"rust{r + 2}")
        if t == 3:
            for i in range(6):
                if self.priv_open[i]:
                    if i == R.P4:
                        self.pay_private_owner(i, R.P4_COMPENSATION)
                        self.p4_laid = True
                    self.priv_open[i] = False
            self.eva = 1
            self.sbb_pending = True
        if t == 4:
            self.full_cap = True
            for c in self.corps:
                if c.ctype == HISTORICAL and c.status < 2:
                    c.has_dest = False
        self.enforce_limits()

    def buy_depot(self, c: Corp, side: int) -> None:
        t = int(R.DEPOT[self.pos])
        self.pos += 1
        v = self.train_price(t, side)
        c.cash -= v
        self.pay_bank(v)
        c.trains.append((t, side))
        self.bought[t] += 1
        if not self.seen[t]:
            self.new_type(t)
        else:
            self.enforce_limits()

    def horizon(self, t: int) -> int:
        r = int(R.RUSTED_BY[t])
        if r < 0:
            return self.p.horizon_ors
        left = FIRST_OF_TYPE[r] - self.pos
        return left * self.p.ors_per_train_pct // 100 + 1

    def careful_trains(self, c: Corp) -> None:
        pr = self.p
        while self.pos < len(R.DEPOT):
            t = self.next_type()
            if len(c.trains) >= self.limit(c):
                if self.sister_funds(c, t):
                    continue
                break
            can_n = c.ctype != REGIONAL and c.cash >= R.PRICE_N[t]
            can_h = c.cash >= R.PRICE_H[t]
            if c.ctype != PRE and not c.trains:
                side = 0 if can_n else 1 if can_h else -1
            else:
                # what this train adds next OR: its share as the n-th train at today's
                # network maturity, times the ORs it should run before it rusts
                h = self.horizon(t)
                rate = pr.train_share_pct[min(len(c.trains), 3)] * self.maturity(c) * h
                ok_n = can_n and self.base_value(t, 0) * rate >= R.PRICE_N[t] * pr.payback_pct * 100
                ok_h = can_h and self.base_value(t, 1) * rate >= R.PRICE_H[t] * pr.payback_pct * 100
                if t == 0 and c.trains:
                    # phase 2: a further 2 only when the company keeps money for the 3
                    keep = len(c.trains) * R.PRICE_H[1] * pr.train_reserve_pct // 100
                    ok_n = ok_n and c.cash - R.PRICE_N[0] >= keep
                    ok_h = ok_h and c.cash - R.PRICE_H[0] >= keep
                side = 0 if ok_n else 1 if ok_h else -1
                if side < 0 and pr.rust_buy and (can_n or can_h) and self.rust_pays(c, t):
                    side = 1 if can_h else 0
            if side < 0:
                if self.sister_funds(c, t):
                    continue
                break
            self.buy_depot(c, side)

    def sister_sale(self, seller: Corp, buyer: Corp, tr: tuple[int, int], v: int) -> None:
        """Train ``tr`` goes from ``seller`` to ``buyer`` of the same director for ``v``."""
        seller.trains.remove(tr)
        buyer.trains.append(tr)
        buyer.cash -= v
        seller.cash += v
        self.across_sister += 1

    def sister_funds(self, c: Corp, t: int) -> bool:
        """sister_funds: c wants depot train ``t`` (from the size sister_funds on; 0: never)
        that pays back but lacks the cash for its H price or room for it; a company with the
        same director that has room buys c's cheapest older train, for the shortfall or
        sister_price_pct of its face (the larger, at least 1 SFR), so that c can buy t."""
        k = self.p.sister_funds
        if k == 0 or t < max(1, k - 2) or c.i == R.SBB or not c.trains:
            return False
        short = int(R.PRICE_H[t]) - c.cash
        if (short <= 0 and len(c.trains) < self.limit(c)) or not self.pays_back(c, t):
            return False
        for s in self.corps:
            if s is c or s.i == R.SBB or s.status != 2 or s.director != c.director:
                continue
            if len(s.trains) >= self.limit(s):
                continue
            cands = [tr for tr in c.trains if tr[0] < t and (s.ctype != REGIONAL or tr[1] == 1)]
            if not cands:
                continue
            tr = min(cands, key=lambda x: (self.train_price(*x), x[0]))
            v = max(1, short, self.train_price(*tr) * self.p.sister_price_pct // 100)
            if s.cash < v:
                continue
            self.sister_sale(c, s, tr, v)
            return True
        return False

    def rust_pays(self, c: Corp, t: int) -> bool:
        """rust_buy: ``t`` is the first of its type and rusts more trains of companies with
        other directors than of the companies of c's director."""
        if self.seen[t]:
            return False
        own = rival = 0
        for x in self.corps:
            if x.status != 2:
                continue
            n = sum(1 for tt, _ in x.trains if R.RUSTED_BY[tt] == t)
            if x.director == c.director:
                own += n
            else:
                rival += n
        return rival > own

    def random_trains(self, c: Corp) -> None:
        while self.pos < len(R.DEPOT) and len(c.trains) < self.limit(c):
            t = self.next_type()
            sides = []
            if c.ctype != REGIONAL and c.cash >= R.PRICE_N[t]:
                sides.append(0)
            if c.cash >= R.PRICE_H[t]:
                sides.append(1)
            must = c.ctype != PRE and not c.trains
            options = ([] if must else ["stop"]) + sides
            if not options:
                break
            pick = options[self.draw(len(options))]
            if pick == "stop":
                break
            self.buy_depot(c, pick)

    def buy_across(self, c: Corp) -> bool:
        """Careful rescue: take the cheapest spare train of a sister company."""
        if c.i == R.SBB or c.cash < 1:
            return False
        for s in self.corps:
            if s is c or s.i == R.SBB or s.status != 2 or s.director != c.director:
                continue
            if len(s.trains) < 2:
                continue
            cands = [tr for tr in s.trains if c.ctype != REGIONAL or tr[1] == 1]
            if not cands:
                continue
            tr = min(cands, key=lambda x: (self.train_price(*x), x[0]))
            v = max(1, min(c.cash, self.train_price(*tr) * self.p.sister_price_pct // 100))
            self.sister_sale(s, c, tr, v)
            return True
        return False

    def sister_gifts(self, c: Corp) -> None:
        """sister_gifts, after c's own purchases: (bit 1) a pre-SBB company left without
        trains from phase 4 on (the 2s rusted) takes the cheapest spare train of a company
        with the same director (the rescue of ``buy_across``); (bit 2) while the SBB is about to form (its first 5
        bought this OR), any other company takes the trains of its director's pre-SBB
        companies, dearest first, while it has room, instead of leaving them to the SBB.
        The price is sister_price_pct of face (at least 1 SFR, at most its cash)."""
        if c.ctype == PRE:
            if self.p.sister_gifts & 1 and self.phase >= 4 and not c.trains:
                self.buy_across(c)
            return
        if not (self.p.sister_gifts & 2 and self.sbb_pending):
            return
        for s in self.corps[:5]:
            if s.status != 2 or s.director != c.director:
                continue
            while s.trains and len(c.trains) < self.limit(c) and c.cash >= 1:
                cands = [tr for tr in s.trains if c.ctype != REGIONAL or tr[1] == 1]
                if not cands:
                    break
                tr = max(cands, key=lambda x: (self.train_price(*x), x[0], x[1]))
                v = max(1, min(c.cash, self.train_price(*tr) * self.p.sister_price_pct // 100))
                self.sister_sale(s, c, tr, v)

    def across_offers(self, c: Corp) -> list[tuple[Corp, tuple[int, int], int]]:
        """Trains offered to ``c`` by companies of other directors: (seller, train, price).

        A seller offers its cheapest train the buyer may run (regionals: H only) when it
        keeps at least ``across_keep_trains`` trains; the price is ``across_price_pct`` of
        face value (the digest: face value).  Only the company's own cash pays.
        """
        offers = []
        if self.phase < 3 or c.i == R.SBB:
            return offers
        for s in self.corps:
            if (
                s is c
                or s.i == R.SBB
                or s.status != 2
                or s.director < 0
                or s.director == c.director
                or len(s.trains) <= self.p.across_keep_trains
            ):
                continue
            cands = [tr for tr in s.trains if c.ctype != REGIONAL or tr[1] == 1]
            if not cands:
                continue
            tr = min(cands, key=lambda x: (self.train_price(*x), x[0]))
            v = max(1, self.train_price(*tr) * self.p.across_price_pct // 100)
            if v <= c.cash:
                offers.append((s, tr, v))
        return offers

    def buy_across_other(self, c: Corp, offer) -> None:
        s, tr, v = offer
        s.trains.remove(tr)
        c.trains.append(tr)
        c.cash -= v
        s.cash += v
        self.across_other += 1

    def forced_train(self, c: Corp) -> None:
        if c.ctype == PRE or c.trains or self.pos >= len(R.DEPOT):
            return
        d = c.director
        if d >= 0 and self.pol[d] == R.CAREFUL and self.phase >= 3 and self.buy_across(c):
            return
        offers = self.across_offers(c)
        if offers and d >= 0:
            if self.pol[d] == R.RANDOM:
                k = self.draw(len(offers) + 1)  # 0: the depot (with emergency money)
                pick = offers[k - 1] if k else None
            else:  # the cheapest offer: the company cannot afford the depot's train
                pick = min(offers, key=lambda o: o[2])
            if pick is not None:
                self.buy_across_other(c, pick)
                return
        t = self.next_type()
        v = int(R.PRICE_H[t])
        if c.cash >= v:
            self.buy_depot(c, 1)
            return
        if d < 0:
            return
        from_corp = c.cash
        from_dir = min(self.cash[d], v - from_corp)
        short = v - from_corp - from_dir
        if self.p.bankruptcy == "allowed":
            # it may declare when cash + sellable shares + company cash cannot pay the
            # train; the random bot then always does, the careful one when the loan's debt,
            # grown over bankrupt_lookahead stock rounds, would exceed its net worth after
            # it has paid in its cash
            power = (
                c.cash
                + self.cash[d]
                + sum(
                    (self.hold[d][x.i] - (2 if x.director == d else 0)) * self.price(x)
                    for x in self.corps
                    if x.status == 2
                )
            )
            debt = (3 * short + 1) // 2  # the loan's debt, grown at the next SR ends
            for _ in range(self.p.bankrupt_lookahead):
                debt = (3 * debt + 1) // 2
            if power < v and (self.pol[d] == R.RANDOM or debt > self.score(d) - from_dir):
                self.ended = 2
                return
        self.cash[d] -= from_dir
        c.cash += from_dir
        if short > 0:
            self.debt[d] += (3 * short + 1) // 2
            self.loans += 1
            c.cash += short
            self.bank -= short
        self.buy_depot(c, 1)

    # ---- operating round ---------------------------------------------------------------
    def assign_eva(self) -> None:
        if self.eva != 1:
            return
        owner = self.priv_owner[R.P7]
        for i in ORDER_EVA:
            c = self.corps[i]
            if c.status == 2 and c.director == owner and len(c.trains) < self.limit(c):
                c.trains.append((3, 1))
                self.eva = 2
                self.priv_open[R.P7] = False
                return

    def maturity(self, c: Corp) -> int:
        pr = self.p
        return min(
            100,
            pr.maturity_start_pct
            + pr.maturity_step_pct * c.ors_run
            + pr.maturity_token_pct * (c.tokens_laid - 1)
            + (pr.p2_tile_pct if c.extra_tile else 0),
        )

    def base_value(self, t: int, side: int) -> int:
        """One train's value before the company's terms: the map's route table at the
        phase (revenue_model "map") or the base value (times phase_pct in revenue)."""
        pr = self.p
        if pr.revenue_model == "map":
            return (pr.route_h if side else pr.route_normal)[t][self.phase - 1]
        return pr.base_h[t] if side else pr.base_normal[t]

    def revenue(self, c: Corp) -> int:
        pr = self.p
        values = sorted(self.base_value(t, side) for t, side in c.trains)
        values.reverse()
        total = sum(v * pr.train_share_pct[min(k, 3)] for k, v in enumerate(values))
        mat = self.maturity(c)
        luck = 100 - pr.noise_pct + self.draw(2 * pr.noise_pct + 1)
        dest = 100 + (pr.destination_pct if c.reached else 0)
        if pr.revenue_model == "map":  # (the table holds the phase)
            x = total * 100 * pr.route_type_pct[c.ctype] * mat * dest * luck
        else:
            x = total * pr.phase_pct[self.phase - 1] * pr.type_pct[c.ctype] * mat * dest * luck
        rev = x // 10**12 // 10 * 10
        return rev + pr.tunnel_bonus * len(c.trains) * c.tunnels

    def operate(self, c: Corp) -> int:
        pr = self.p
        d = c.director
        rnd = d >= 0 and self.pol[d] == R.RANDOM
        cost = self.tile_cost(c)
        if c.cash >= cost:
            c.cash -= cost
            self.pay_bank(cost)
            c.tiles += 1
        cost = self.tile_cost(c)
        if self.p2_usable(c) and c.cash >= cost:
            # P2: one extra yellow tile, paying its terrain
            if (self.draw(2) == 1) if rnd else True:
                c.cash -= cost
                self.pay_bank(cost)
                c.tiles += 1
                c.extra_tile = True
                self.p2_used = True
        if self.p4_usable(c):
            # P4: the Furka-Oberalp tiles, free; the owner gets 80 and P4 closes
            if (self.draw(2) == 1) if rnd else self.p4_helps(c):
                self.pay_private_owner(R.P4, R.P4_COMPENSATION)
                self.priv_open[R.P4] = False
                self.p4_laid = True
        if c.tokens_laid < c.tokens_total:
            cost = R.TOKEN_COST[min(c.tokens_laid, 4)]
            if c.cash >= cost + self.next_h_price():
                c.cash -= cost
                self.pay_bank(cost)
                c.tokens_laid += 1
        for k in range(R.NTUNNEL):
            if d >= 0 and self.tun_owner[k] == d and self.tun_corp[k] < 0:
                if c.cash >= R.TUNNEL_BUILD:
                    build = (
                        (self.draw(2) == 1)
                        if rnd
                        else c.cash >= R.TUNNEL_BUILD + self.next_h_price()
                    )
                    if build:
                        c.cash -= R.TUNNEL_BUILD
                        self.pay_bank(R.TUNNEL_BUILD)
                        self.tun_corp[k] = c.i
                        c.tunnels += 1
                break
        if c.has_dest and not c.reached:
            need = int(R.DEST_NEEDS[c.i])
            if (
                c.tiles >= R.NTILES[c.i]
                and (need != 1 or self.phase >= 3)
                and (need != 2 or self.p4_laid)
            ):
                c.reached = True
                bonus = (2 if c.ctype == PRE else 5) * c.par
                c.cash += bonus
                self.bank -= bonus
        rev = 0
        if c.trains:
            rev = self.revenue(c)
            for k in range(R.NTUNNEL):
                if self.tun_corp[k] == c.i:
                    self.tun_active[k] = True
            if c.i == R.FNM:
                self.priv_open[R.P6] = False
        c.ors_run += 1
        c.operated = True
        payout = False
        if rev > 0:
            if rnd:
                payout = self.draw(2) == 0
            elif c.ctype == PRE:
                payout = True
            else:
                nt = self.next_type()
                safe = sum(
                    1
                    for t, _ in c.trains
                    if R.RUSTED_BY[t] < 0 or nt < 0 or R.RUSTED_BY[t] > nt + 1
                )
                short = safe == 0 and nt >= 0 and c.cash < R.PRICE_H[nt]
                # withhold for the train it must have only when the run pays for it
                # (withhold_savings: whenever it is short, saving up)
                payout = not (short and (pr.withhold_savings or c.cash + rev >= R.PRICE_H[nt]))
                if payout and pr.withhold_for_train and nt >= 0:
                    # withhold when that completes the next train it has room for and
                    # that pays back (the H side, as careful_trains tests it)
                    v = int(R.PRICE_H[nt])
                    if (
                        len(c.trains) < self.limit(c)
                        and c.cash < v <= c.cash + rev
                        and self.pays_back(c, nt)
                    ):
                        payout = False
        if rev > 0 and not payout:
            self.withholds += 1
        if payout:
            paid = 0
            for p in range(self.n):
                u = self.hold[p][c.i]
                if u:
                    amount = (rev * u + c.units - 1) // c.units
                    self.cash[p] += amount
                    paid += amount
            pool = rev * c.pool // c.units
            c.cash += pool
            self.bank -= paid + pool
            c.last_div = rev // c.units
            self.move_right(c)
        else:
            c.cash += rev
            self.bank -= rev
            c.last_div = 0
            self.move_left(c)
        if rnd:
            self.random_trains(c)
        else:
            self.careful_trains(c)
            if pr.sister_gifts and d >= 0 and self.phase >= 3 and c.i != R.SBB:
                self.sister_gifts(c)
        self.forced_train(c)
        if not self.ended:
            self.buy_private(c, rnd)
        return rev

    def tile_cost(self, c: Corp) -> int:
        """The terrain of the company's next tile on its list; 0 after it (upgrades)."""
        k = c.tiles
        return int(R.TERRAIN[c.i, k]) if k < R.NTILES[c.i] else 0

    def p4_usable(self, c: Corp) -> bool:
        """P4 (from phase 3, until it closes): by its owning company or one its owner directs."""
        if not self.priv_open[R.P4] or self.phase < 3:
            return False
        if self.priv_corp[R.P4] >= 0:
            return self.priv_corp[R.P4] == c.i
        return c.director >= 0 and self.priv_owner[R.P4] == c.director

    def p4_helps(self, c: Corp) -> bool:
        """Careful: use P4 once its tiles give one of the director's companies its
        destination now (GB's Gotthard hex, RhB's line; its own track laid)."""
        for x in self.corps:
            if (
                x.status == 2
                and x.director == c.director
                and R.DEST_NEEDS[x.i] == 2
                and x.has_dest
                and not x.reached
                and x.tiles >= R.NTILES[x.i]
            ):
                return True
        return False

    def pays_back(self, c: Corp, t: int) -> bool:
        pr = self.p
        rate = pr.train_share_pct[min(len(c.trains), 3)] * self.maturity(c) * self.horizon(t)
        return self.base_value(t, 1) * rate >= R.PRICE_H[t] * pr.payback_pct * 100

    def p2_usable(self, c: Corp) -> bool:
        """P2's tile: from phase 3, once, by its owning company or one its owner directs."""
        if self.p2_used or not self.priv_open[R.P2] or self.phase < 3:
            return False
        if self.priv_corp[R.P2] >= 0:
            return self.priv_corp[R.P2] == c.i
        return c.director >= 0 and self.priv_owner[R.P2] == c.director

    def private_offers(self, c: Corp) -> list[int]:
        """Privates ``c`` may buy now: phases 3-4, P1-P5, from its director (the rulebook) or,
        with ``private_sellers = "any"``, from any player (the engine)."""
        if self.phase not in (3, 4) or c.ctype not in (REGIONAL, HISTORICAL) or c.director < 0:
            return []
        anyone = self.p.private_sellers == "any"
        return [
            i
            for i in range(R.P6)
            if self.priv_open[i]
            and self.priv_owner[i] >= 0
            and (anyone or self.priv_owner[i] == c.director)
        ]

    def buy_private(self, c: Corp, rnd: bool) -> None:
        """At the end of its turn a company may buy one private for 1 .. 2 x face."""
        offers = self.private_offers(c)
        if not offers or c.cash < 1:
            return
        if rnd:
            k = self.draw(len(offers) + 1)
            if k == 0:
                return
            i = offers[k - 1]
            v = 1 + self.draw(min(2 * int(R.PRIVATE_FACE[i]), c.cash))
        else:
            # careful: sell its own privates, dearest first, at private_price_pct of face
            # while the company keeps private_keep_pct of the next depot train's H price
            keep = self.next_h_price() * self.p.private_keep_pct // 100
            for i in reversed(offers):
                if self.priv_owner[i] != c.director:
                    continue
                v = max(1, int(R.PRIVATE_FACE[i]) * self.p.private_price_pct // 100)
                if c.cash - v >= keep:
                    break
            else:
                return
        seller = self.priv_owner[i]
        c.cash -= v
        self.cash[seller] += v
        self.priv_owner[i] = -1
        self.priv_corp[i] = c.i
        self.privates_bought += 1

    def form_sbb(self) -> None:
        s = self.corps[R.SBB]
        s.status, s.row, s.col = 2, R.SBB_ROW, R.SBB_COL
        s.cash = R.SBB_START_CASH
        self.bank -= R.SBB_START_CASH
        s.trains = [(3, 1)]
        s.tokens_total = s.tokens_laid = 0
        for c in self.corps[:5]:
            s.cash += c.cash
            s.trains += c.trains
            s.ors_run = max(s.ors_run, c.ors_run)
            s.tokens_total += c.tokens_total
            s.tokens_laid += c.tokens_laid
            s.extra_tile = s.extra_tile or c.extra_tile
        s.tokens_laid = max(1, s.tokens_laid)
        held = 0
        for p in range(self.n):
            for c in self.corps[:5]:
                u = self.hold[p][c.i]
                if not u:
                    continue
                diff = u * (self.price(c) - 100)
                if diff >= 0:
                    self.cash[p] += diff
                    self.bank -= diff
                else:
                    pay = min(self.cash[p], -diff)
                    self.cash[p] -= pay
                    self.pay_bank(pay)
                    self.debt[p] += -diff - pay  # a 0% loan
                    self.free_debt[p] += -diff - pay
                self.hold[p][R.SBB] += u
                held += u
        s.pool = 20 - held
        best, key = -1, None
        for p in range(self.n):
            u = self.hold[p][R.SBB]
            if u < 2:
                continue
            old = min([c.i for c in self.corps[:5] if c.director == p], default=5)
            k = (-u, old, p)
            if key is None or k < key:
                best, key = p, k
        s.director = best
        for c in self.corps[:5]:
            for p in range(self.n):
                self.hold[p][c.i] = 0
            c.status, c.cash, c.trains, c.ipo, c.pool, c.director = 3, 0, [], 0, 0, -1
        self.sbb_pending = False
        self.sbb_formed = True
        self.event("sbb")
        self.enforce_limits()

    def pay_private_owner(self, i: int, amount: int) -> None:
        if self.priv_corp[i] >= 0:
            self.corps[self.priv_corp[i]].cash += amount
        else:
            self.cash[self.priv_owner[i]] += amount
        self.bank -= amount

    def check_bank(self) -> None:
        if self.bank < 0 and not self.broken:
            self.broken = True
            self.event("bank")

    def operating_rounds(self) -> None:
        self.set += 1
        for n in range(1, self.n_ors + 1):
            self.or_no += 1
            self.n_in_set = n
            self.assign_eva()
            for i in range(6):
                if self.priv_open[i]:
                    self.pay_private_owner(i, int(R.PRIVATE_REV[i]))
            for k in range(R.NMOUNTAIN):
                if self.mr_active[k]:
                    self.cash[self.mr_owner[k]] += R.MOUNTAIN_REV
                    self.bank -= R.MOUNTAIN_REV
            for k in range(R.NTUNNEL):
                if self.tun_active[k]:
                    self.cash[self.tun_owner[k]] += R.TUNNEL_REV
                    self.bank -= R.TUNNEL_REV
            self.check_bank()
            order = sorted(
                (c for c in self.corps if c.status == 2),
                key=lambda c: (-self.price(c), -c.col, c.row, c.i),
            )
            total = 0
            for c in order:
                total += self.operate(c)
                if self.ended:
                    self.record_or(total)
                    return
                self.check_bank()
            if self.sbb_pending:
                self.form_sbb()
                self.check_bank()
            for k in range(R.NMOUNTAIN):
                if self.mr_owner[k] >= 0 and not self.mr_active[k]:
                    if self.draw(100) < self.p.mountain_chance:
                        self.mr_active[k] = True
            self.record_or(total)
        if self.broken:
            self.ended = 1
        elif self.set >= self.p.max_or_sets:
            self.ended = 3
        elif self.phase >= 2 and self.pos < len(R.DEPOT):
            t = int(R.DEPOT[self.pos])
            self.pos += 1
            self.exported[t] += 1
            if not self.seen[t]:
                self.new_type(t)
            if self.sbb_pending:
                self.form_sbb()
            if self.or_no <= R.MAX_OR_RECORD:
                self.depot_rec[self.or_no] = self.pos

    def record_or(self, total: int) -> None:
        if self.or_no <= R.MAX_OR_RECORD:
            self.rev[self.or_no] = total
            self.bankcash[self.or_no] = max(self.bank, 0)  # a broken bank holds 0
            self.depot_rec[self.or_no] = self.pos

    # ---- the whole game -----------------------------------------------------------------
    def play(self) -> list[int]:
        self.auction()
        while not self.ended:
            self.stock_round()
            self.operating_rounds()
        self.event("end")
        return self.record()

    def score(self, p: int) -> int:
        v = self.cash[p] - self.debt[p]
        for c in self.corps:
            if c.status in (1, 2):
                v += self.hold[p][c.i] * self.price(c)
        v += sum(
            R.MOUNTAIN_VALUE
            for k in range(R.NMOUNTAIN)
            if self.mr_owner[k] == p and self.mr_active[k]
        )
        v += sum(
            R.TUNNEL_VALUE
            for k in range(R.NTUNNEL)
            if self.tun_owner[k] == p and self.tun_active[k]
        )
        return v

    def record(self) -> list[int]:
        row = dict(
            end_reason=self.ended,
            ors=self.or_no,
            sets=self.set,
            phase=self.phase,
            floated=self.floated,
            loans=self.loans,
            withholds=self.withholds,
            over_limit=self.over_limit,
            bank=self.bank,
            player_cash=sum(self.cash),
            corp_cash=sum(c.cash for c in self.corps),
            debt=sum(self.debt),
            depot_left=len(R.DEPOT) - self.pos,
            owned=sum(len(c.trains) for c in self.corps),
            exported=sum(self.exported),
            rusted=self.rusted,
            discarded=self.discarded,
            eva_held=int(self.eva == 1),
            reserved=int(self.eva == 0) + int(not self.sbb_formed),
            privates_bought=self.privates_bought,
            across_sister=self.across_sister,
            across_other=self.across_other,
            p2_tile=int(self.p2_used),
        )
        for e, (o, s, n) in self.events.items():
            row[f"{e}_or"], row[f"{e}_sr"], row[f"{e}_n"] = o, s, n
        for t, name in enumerate(R.TRAIN_NAMES):
            row[f"bought_{name}"] = self.bought[t]
            row[f"exported_{name}"] = self.exported[t]
        for p in range(7):
            row[f"score_{p}"] = self.score(p) if p < self.n else 0
        for k in range(1, R.MAX_OR_RECORD + 1):
            row[f"rev_{k}"] = self.rev.get(k, -1)
            row[f"bankcash_{k}"] = self.bankcash.get(k, -1)
            row[f"depot_{k}"] = self.depot_rec.get(k, -1)
        return [row[name] for name in R.COLUMNS]


def play_game(settings: R.Settings, seed: int, game: int) -> Game:
    g = Game(settings, seed, game)
    g.play()
    return g


def reference_chunk(settings: R.Settings, seed: int, start: int, count: int):
    """The contract's reference simulator: the same columns as the kernel's."""
    import numpy as np

    rows = np.array(
        [Game(settings, seed, start + i).play() for i in range(count)], np.int32
    ).reshape(count, R.NCOL)
    return R.to_columns(rows, settings, start)
