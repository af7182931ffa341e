"""Plain-Python Davos: slow and written to be read against the rules.

It shares only the random stream and its draw order with the kernel (see
``kernel.py`` for the order); the board, the votes, the bills, the bots and the
scoring are written again here from the rulebook, so agreement between the two on
the same seeds is evidence that both are right.  The parliament's vote is
``parliament.py``'s, which also serves the ``davos vote`` calculator.
"""

from __future__ import annotations

import numpy as np

from tableodds.sim.core.rng import PyStream
from tableodds.sim.davos import rules as R
from tableodds.sim.davos.parliament import biggest, parliament, party_vote

INF = 99  # cost of a requirement with no place to meet it


# ---------------------------------------------------------------- one game
class Game:
    def __init__(self, settings: R.Settings, seed: int, index: int):
        self.st = settings
        self.P = settings.players
        self.rng = PyStream(seed, index)
        self.mean = settings.game != "base"  # the Big Game builds on the Mean Game
        self.slot_bloc, self.slot_ideo = (list(map(int, a)) for a in R.slot_layout(settings.game))
        self.nslot = len(self.slot_bloc)
        self.pol = [R.POLICY_CODES[p] for p in settings.policies]
        # holders on the board are colours (rules.seating): a seat's own, a team's, and the
        # white assets last; white votes as it wishes and takes profits only when dissident
        # players play it
        self.col = list(settings.colour)
        self.NC = settings.colours
        self.dmode = settings.mode == "dissident"
        self.nw = self.NC + 1 if self.dmode else self.NC
        self.npr = settings.profit_colours  # colours whose assets take bill profits
        self.seats_of = [[p for p in range(self.P) if self.col[p] == h] for h in range(self.NC + 1)]
        H = self.NC + 1
        self.lost_c = [0] * H
        self.corp_assets = [[0] * H for _ in range(self.nslot)]  # corp holdings, dissidents last
        self.corp_sector = [-1] * self.nslot
        self.party_assets = [[0] * H for _ in range(9)]
        self.supply = [0] * self.P
        self.income = [0] * self.P
        self.gained = [0] * self.P
        self.paid = [0] * self.P
        # goal slots [id, acquired, discarded, revealed, met, how]; how indexes rules.HOW
        self.goals = [[] for _ in range(self.P)]
        self.diss_placed = self.diss_lost = 0
        self.bills_passed = self.bankrupt = self.actions = 0
        self.trades = 0  # vote trades made (not recorded; for the tests and the README)
        self.promise = [-1] * 4  # per bloc: the colour that promised to vote for its bill

    # --- decks: hidden stacks have their top at the end
    def shuffle(self, cards: list) -> None:
        for i in range(len(cards) - 1, 0, -1):
            j = self.rng.bounded(i + 1)
            cards[i], cards[j] = cards[j], cards[i]

    def turn_up(self, open_, hidden, disc):
        """A deck's open card where there is none, from its top; an empty deck is first its
        shuffled discard pile.  Returns the deck's (open card, hidden cards, discard pile)."""
        if open_ < 0:
            if not hidden and disc:
                hidden, disc = disc, []
                self.shuffle(hidden)
            if hidden:
                open_ = hidden.pop()
        return open_, hidden, disc

    def corp_refill(self):
        self.c_open, self.c_hidden, self.c_disc = self.turn_up(
            self.c_open, self.c_hidden, self.c_disc
        )

    def goal_refill(self):
        self.g_open, self.g_hidden, self.g_disc = self.turn_up(
            self.g_open, self.g_hidden, self.g_disc
        )

    def goal_away(self, g: int) -> None:
        """A goal laid off: the discard pile (Base) or under the stack (Mean)."""
        if self.mean:
            self.g_hidden.insert(0, g)
        else:
            self.g_disc.append(g)

    def deal_goal(self, p: int, year: int) -> None:
        if len(self.goals[p]) >= R.GOAL_SLOTS:
            return
        if not self.g_hidden and self.g_disc:
            self.g_hidden, self.g_disc = self.g_disc, []
            self.shuffle(self.g_hidden)
        if self.g_hidden:
            g = self.g_hidden.pop()
        elif self.g_open >= 0:
            g, self.g_open = self.g_open, -1
        else:
            return
        self.goals[p].append([g, year, 0, 0, 0, 1])
        self.goal_refill()

    # --- board questions
    def margin(self, counts, p: int) -> int:
        return counts[p] - max(c for h, c in enumerate(counts) if h != p)

    def bloc_sum(self, table, places) -> list[int]:
        return [sum(table[x][h] for x in places) for h in range(self.NC + 1)]

    def corps_in(self, bloc):
        return [
            s for s in range(self.nslot) if self.slot_bloc[s] == bloc and self.corp_sector[s] >= 0
        ]

    def parties_in(self, bloc):
        return [q for q in range(9) if R.PARTY_BLOC[q] == bloc]

    def req_margin(self, p, kind, arg) -> int:
        """p's best lead where the requirement is judged; > 0 means it is met."""
        if kind == 0:
            ms = [
                self.margin(self.corp_assets[s], p)
                for s in range(self.nslot)
                if self.corp_sector[s] == arg
            ]
        elif kind == 1:
            ms = [self.margin(self.corp_assets[s], p) for s in self.corps_in(arg)]
        elif kind == 2:
            ms = [self.margin(self.bloc_sum(self.corp_assets, self.corps_in(arg)), p)]
        elif kind == 3:
            ms = [self.margin(self.party_assets[q], p) for q in self.parties_in(arg)]
        else:
            ms = [self.margin(self.bloc_sum(self.party_assets, self.parties_in(arg)), p)]
        return max(ms) if ms else -INF

    def new_corp_option(self, sector, bloc):
        """(source, slot) of a new corp to found: of ``sector`` (any free slot) or in ``bloc``."""
        free = [
            s
            for s in range(self.nslot)
            if self.corp_sector[s] < 0 and (bloc < 0 or self.slot_bloc[s] == bloc)
        ]
        if not free:
            return None
        if sector >= 0:
            if self.c_open == sector:
                return 0, free[0]
            if self.c_disc and self.c_disc[-1] == sector:
                return 1, free[0]
            return None
        if self.c_open >= 0:
            return 0, free[0]
        if self.c_disc:
            return 1, free[0]
        if len(self.c_hidden) >= 2:
            return 2, free[0]
        return None

    def req_cost(self, p, kind, arg, target):
        """Cheapest (cost, action) that gives p a lead of ``target``; action as in act()."""
        best = (INF, None)
        if kind in (0, 1):
            where = (
                [s for s in range(self.nslot) if self.corp_sector[s] == arg]
                if kind == 0
                else self.corps_in(arg)
            )
            for s in where:
                c = target - self.margin(self.corp_assets[s], p)
                if c < best[0]:
                    best = (c, ("corp", s))
            new = self.new_corp_option(arg if kind == 0 else -1, arg if kind == 1 else -1)
        elif kind == 2:
            where = self.corps_in(arg)
            new = None
            if where:
                best = (
                    target - self.margin(self.bloc_sum(self.corp_assets, where), p),
                    ("corp", where[0]),
                )
            else:
                new = self.new_corp_option(-1, arg)
        elif kind == 3:
            new = None
            for q in self.parties_in(arg):
                c = target - self.margin(self.party_assets[q], p)
                if c < best[0]:
                    best = (c, ("party", q))
        else:
            new = None
            where = self.parties_in(arg)
            best = (
                target - self.margin(self.bloc_sum(self.party_assets, where), p),
                ("party", where[0]),
            )
        if new is not None and target < best[0]:
            best = (target, ("new",) + new)
        return best

    def goal_cost(self, p, g, target) -> int:
        return sum(max(0, self.req_cost(p, k, a, target)[0]) for k, a in self.st.goals[g].requires)

    # --- actions
    def take_corp(self, src: int, keep: int = 0) -> int:
        """Take a corp card from the open card (0), the discard (1) or two drawn (2)."""
        if src == 0:
            card, self.c_open = self.c_open, -1
        elif src == 1:
            card = self.c_disc.pop()
        else:
            if self.c_open >= 0:
                self.c_disc.append(self.c_open)
            a, b = self.c_hidden.pop(), self.c_hidden.pop()
            card, self.c_open = (a, b) if keep == 0 else (b, a)
        self.corp_refill()
        return card

    def place(self, p, action, amount, keep=0):
        """Seat p puts assets of its supply on the board, in its colour."""
        c = self.col[p]
        if action[0] == "corp":
            self.corp_assets[action[1]][c] += amount
        elif action[0] == "party":
            self.party_assets[action[1]][c] += amount
        else:
            _, src, slot = action
            self.corp_sector[slot] = self.take_corp(src, keep)
            self.corp_assets[slot][c] += amount
        self.supply[p] -= amount
        self.actions += 1

    def take_goal_card(self, src, keep_fn):
        if src == 0:
            g, self.g_open = self.g_open, -1
        elif src == 1:
            g = self.g_disc.pop()
        else:
            if self.g_open >= 0:
                self.goal_away(self.g_open)
                self.g_open = -1
            a, b = self.g_hidden.pop(), self.g_hidden.pop()
            g, self.g_open = (a, b) if keep_fn(a, b) == 0 else (b, a)
        return g

    def goal_sources(self):
        out = []
        if self.g_open >= 0:
            out.append(0)
        if self.g_disc:
            out.append(1)
        if len(self.g_hidden) >= 2:
            out.append(2)
        return out

    def buy_goal(self, p, year, src, keep_fn, swap_fn):
        self.supply[p] -= R.GOAL_PRICE
        self.paid[p] += R.GOAL_PRICE
        g = self.take_goal_card(src, keep_fn)
        self.goals[p].append([g, year, 0, 0, 0, 2])
        old = [i for i, s in enumerate(self.goals[p][:-1]) if s[2] == 0 and s[3] == 0]
        i = -1 if self.dmode else swap_fn(old)  # the dissident variant: no swaps
        if i >= 0:
            self.goals[p][i][2] = year
            self.goal_away(self.goals[p][i][0])
        self.goal_refill()
        self.actions += 1

    def random_turn(self, p, eff, year, final) -> bool:
        rng = self.rng
        free = [s for s in range(self.nslot) if self.corp_sector[s] < 0]
        corp_src = [
            x
            for x, ok in (
                (0, self.c_open >= 0),
                (1, bool(self.c_disc)),
                (2, len(self.c_hidden) >= 2),
            )
            if ok
        ]
        occupied = [s for s in range(self.nslot) if self.corp_sector[s] >= 0]
        kinds = []
        if free and corp_src:
            kinds.append("new")
        if occupied:
            kinds.append("corp")
        kinds.append("party")
        if (
            self.col[p] != self.NC  # a dissident player buys no goals
            and eff >= R.GOAL_PRICE
            and len(self.goals[p]) < R.GOAL_SLOTS
            and self.goal_sources()
        ):
            kinds.append("goal")
        if not final:  # Big Game: buy a control card (reference_big)
            kinds += self.extra_kinds(p)
        if not final:  # the Final: every asset is placed
            kinds.append("pass")
        kind = kinds[rng.bounded(len(kinds))]
        if kind == "pass":
            return False
        if kind == "control":
            return self.buy_control_random(p)
        if kind == "goal":
            src = self.goal_sources()
            src = src[rng.bounded(len(src))]

            def swap(old):  # 0 keeps every goal, k lays off the k-th old one
                k = rng.bounded(len(old) + 1)
                return old[k - 1] if k else -1

            self.buy_goal(p, year, src, lambda a, b: rng.bounded(2), swap)
            return True
        if kind == "new":
            src = corp_src[rng.bounded(len(corp_src))]
            keep = rng.bounded(2) if src == 2 else 0
            action = ("new", src, free[rng.bounded(len(free))])
        elif kind == "corp":
            action = ("corp", occupied[rng.bounded(len(occupied))])
        else:
            action = ("party", rng.bounded(9))
        amount = 1 + rng.bounded(min(eff, R.MAX_PLACE))
        self.place(p, action, amount, keep if kind == "new" else 0)
        return True

    def own_best(self, p, target=2):
        """(cost, action) of the cheapest requirement of p's unrevealed goals to secure."""
        best = (INF, None)
        for slot in self.goals[p]:
            if slot[2] or slot[3]:
                continue
            for k, a in self.st.goals[slot[0]].requires:
                c, action = self.req_cost(self.col[p], k, a, target)
                if 0 < c < best[0]:
                    best = (c, action)
        return best

    # --- Big Game hooks (reference_big.BigGame); the Base and Mean Game have none of these
    def extra_kinds(self, p) -> list[str]:
        return []

    def buy_control(self, p) -> bool:
        return False

    def tokens_of(self, h) -> int:
        return 0

    # --- what a seat may know of the others (rules.POLICIES["contest"])
    def unseen(self, p) -> list[int]:
        """Goal cards p has not seen: not its own, not the open card or the discard pile, not
        revealed by another seat; any of them may be in an opponent's hand."""
        seen = {s[0] for s in self.goals[p]} | set(self.g_disc)
        if self.g_open >= 0:
            seen.add(self.g_open)
        for o in range(self.P):
            seen |= {s[0] for s in self.goals[o] if s[3]}
        return [g for g in range(len(self.st.goals)) if g not in seen]

    def board_of(self, h) -> int:
        """Colour h's assets on the board."""
        return sum(c[h] for c in self.corp_assets) + sum(q[h] for q in self.party_assets)

    def leader(self, p) -> int:
        """The seat of another colour whose colour has the most revealed goals, then the
        most assets on the board (the first such seat)."""
        best, who = None, -1
        for o in range(self.P):
            h = self.col[o]
            if h == self.col[p]:
                continue
            revealed = sum(1 for m in self.seats_of[h] for s in self.goals[m] if s[3])
            key = (revealed, self.board_of(h))
            if best is None or key > best:
                best, who = key, o
        return who

    def block_cost(self, p, o, kind, arg):
        """(total, action, amount): assets p needs to tie o wherever o is the biggest for the
        requirement, and the cheapest such place with its tie amount."""
        if kind in (2, 4):
            table = self.corp_assets if kind == 2 else self.party_assets
            places = self.corps_in(arg) if kind == 2 else self.parties_in(arg)
            agg = self.bloc_sum(table, places)
            c = agg[o] - agg[p]
            return c, ("corp" if kind == 2 else "party", places[0]), c
        if kind == 3:
            rows = [("party", q, self.party_assets[q]) for q in self.parties_in(arg)]
        else:
            where = (
                [x for x in range(self.nslot) if self.corp_sector[x] == arg]
                if kind == 0
                else self.corps_in(arg)
            )
            rows = [("corp", x, self.corp_assets[x]) for x in where]
        total, cheapest = 0, None
        for typ, x, counts in rows:
            if biggest(counts) == o:
                c = counts[o] - counts[p]
                total += c
                if cheapest is None or c < cheapest[1]:
                    cheapest = ((typ, x), c)
        return total, cheapest[0], cheapest[1]

    def contest_block(self, p, eff, co, anyone=False):
        """The block worth more per asset than p's own progress (1 / ``co`` per asset), as
        (action, amount), or None.  Opponent o's goals are estimated from the board: a
        posterior over the unseen cards in which o is R.BELIEF times likelier to be the
        biggest at a requirement of a goal it holds; the threat to a requirement is the
        expected number of o's goals met now that ask for it, weighted by R.CONTEST_WEIGHTS;
        only a seat that has passed is blocked, since one still playing would answer, and
        never a team-mate; ``anyone`` (a dissident player) blocks any seat, whatever the cost."""
        unseen = self.unseen(p)
        leader = self.leader(p)
        best = None
        lead_w, other_w, own = R.CONTEST_WEIGHTS
        c = self.col[p]
        for o in range(self.P):
            oc = self.col[o]
            if oc == c or (not anyone and not self.passed[o]):
                continue
            h = sum(1 for s in self.goals[o] if not s[2] and not s[3])
            if h == 0:
                continue
            total_w, val = 0, {}
            for g in unseen:
                reqs = self.st.goals[g].requires
                leads = [self.req_margin(oc, k, a) > 0 for k, a in reqs]
                w = 1
                for lead in leads:
                    w *= R.BELIEF if lead else 1
                total_w += w
                if all(leads):
                    for r in reqs:
                        val[r] = val.get(r, 0) + h * w
            weight = lead_w if o == leader else other_w
            if weight == 0:
                continue
            for k, a in sorted(val):
                cost, action, amount = self.block_cost(c, oc, k, a)
                if cost > eff:
                    continue
                num, den = val[(k, a)] * weight, cost * total_w
                worth = anyone or num * co > own * den
                if worth and (best is None or num * best[1] > best[0] * den):
                    best = (num, den, action, amount)
        return None if best is None else best[2:]

    def dissident_turn(self, p, eff, year, final) -> bool:
        """A dissident player's goal, contesting or bargaining bot: it holds no goals, so it
        takes the best block against any seat (rules.POLICIES, the README's dissident
        variant); with nothing to block it buys a control card in the Big Game as the goal
        bot does, else passes, and in the Final puts the rest on America's first party."""
        block = self.contest_block(p, eff, 2 * R.GOAL_PRICE, anyone=True)
        if block is not None:
            self.place(p, block[0], block[1])
            return True
        if not final and self.buy_control(p):  # Big Game: a control card (reference_big)
            return True
        if final:
            self.place(p, ("party", 0), eff)
            return True
        return False

    def contest_turn(self, p, eff, year, final) -> bool:
        co = self.own_best(p)[0]
        block = self.contest_block(p, eff, co if co < INF else 2 * R.GOAL_PRICE)
        if block is not None:
            self.place(p, block[0], block[1])
            return True
        return self.goal_turn(p, eff, year, final)

    def goal_turn(self, p, eff, year, final) -> bool:
        target = 2
        best = self.own_best(p, target)
        if best[1] is not None:
            self.place(p, best[1], min(best[0], eff))
            return True
        if final:
            self.final_rest(p, eff)
            return True
        if self.buy_control(p):  # Big Game: a control card before a goal (reference_big)
            return True
        if eff < 2 * R.GOAL_PRICE or len(self.goals[p]) >= R.GOAL_SLOTS:
            return False
        cands = []
        if self.g_open >= 0:
            cands.append((self.goal_cost(self.col[p], self.g_open, target), 0))
        if self.g_disc:
            cands.append((self.goal_cost(self.col[p], self.g_disc[-1], target), 1))
        if cands:
            src = min(cands)[1]
        elif len(self.g_hidden) >= 2:
            src = 2
        else:
            return False

        def keep(a, b):
            return (
                1
                if self.goal_cost(self.col[p], b, target) < self.goal_cost(self.col[p], a, target)
                else 0
            )

        def swap(old):
            worst, i = -1, -1
            for j in old:
                c = self.goal_cost(self.col[p], self.goals[p][j][0], target)
                if c > worst:
                    worst, i = c, j
            return i if worst > eff - R.GOAL_PRICE else -1

        self.buy_goal(p, year, src, keep, swap)
        return True

    def final_rest(self, p, eff) -> None:
        """The Final with every requirement safe: half its assets (rounded up) on the weakest
        requirement of an unrevealed goal (later seats still play); with none, all on party 0."""
        worst = (-INF, None)
        for slot in self.goals[p]:
            if slot[2] or slot[3]:
                continue
            for k, a in self.st.goals[slot[0]].requires:
                c, action = self.req_cost(self.col[p], k, a, 2)
                if worst[0] < c < INF:
                    worst = (c, action)
        if worst[1] is not None:
            self.place(p, worst[1], (eff + 1) // 2)  # half now, half to answer later seats
        else:
            self.place(p, ("party", 0), eff)

    def turns(self, year: int, final: bool) -> None:
        P = self.P
        passed = self.passed = [False] * P
        npassed, first_done, last_regular = 0, False, False
        p = self.start
        while npassed < P:
            if not passed[p]:
                extra = 0
                if npassed == P - 1 and not final:  # the Final: no fee, every asset placed
                    if last_regular:
                        extra = R.EXTRA_TURN_COST
                    last_regular = True
                eff = self.supply[p] - extra
                acted = False
                if eff >= 1:
                    if self.pol[p] == R.POLICY_CODES["random"]:
                        acted = self.random_turn(p, eff, year, final)
                    elif self.col[p] == self.NC:
                        acted = self.dissident_turn(p, eff, year, final)
                    elif self.pol[p] in (R.POLICY_CODES["contest"], R.POLICY_CODES["bargain"]):
                        acted = self.contest_turn(p, eff, year, final)
                    else:
                        acted = self.goal_turn(p, eff, year, final)
                if acted:
                    self.supply[p] -= extra
                    self.paid[p] += extra
                else:
                    passed[p] = True
                    npassed += 1
                    if not first_done and not final:  # no next year to start
                        first_done = True
                        self.start = p
                        self.supply[p] += R.FIRST_PASS_BONUS
                        self.income[p] += R.FIRST_PASS_BONUS
            p = (p + 1) % P

    # --- bills
    def net(self, p, bloc, bill, own, other, gains_only=False) -> int:
        """Gains minus losses to p's holdings of the effect (own, other) of ``bill`` (only
        the gains when ``gains_only``)."""
        net = 0
        for s in range(self.nslot):
            if (
                self.corp_sector[s] < 0
                or (bill.target >= 0 and self.corp_sector[s] != bill.target)
                or self.corp_assets[s][p] == 0
            ):
                continue
            big, stake = own if self.slot_bloc[s] == bloc else other
            amt = big if biggest(self.corp_assets[s]) == p else stake
            if amt > 0:
                net += amt if p < self.npr else 0  # a colour that takes no profit
            elif not gains_only:
                net -= min(-amt, self.corp_assets[s][p])
        return net

    def wish(self, h, bloc, bill, rejected) -> bool:
        """For or against, colour h, as its first seat's bot decides (a team agrees openly)."""
        p = self.seats_of[h][0]
        if self.pol[p] == 0:
            return self.rng.bounded(2) == 1

        def gain(c):
            return self.pass_gain(c, bloc, bill, rejected)

        net = gain(h)
        if self.pol[p] in (R.POLICY_CODES["contest"], R.POLICY_CODES["bargain"]):
            d = net - gain(self.col[self.leader(p)])  # against the leader
            return d > 0 or (d == 0 and net > 0)
        return net > 0

    def pass_gain(self, h, bloc, bill, rejected) -> int:
        """What passing rather than rejecting the bill does to h's holdings."""
        net = self.net(h, bloc, bill, bill.own, bill.other)
        if bill.ideology == R.NONE:
            net -= self.net(h, bloc, bill, *rejected)
        return net

    def profit(self, p, bloc, bill) -> int:
        """The assets p takes from the bank if the bill passes (gains only)."""
        return self.net(p, bloc, bill, bill.own, bill.other, gains_only=True)

    def bargain(self, bloc, bill, rejected, wishes, parties):
        """The bargaining rule (rules.POLICIES["bargain"]): (payer, payee, price) of the first
        deal, in seat then party order, that passes a failing bill; (-1, -1, 0) for none."""
        bargain = R.POLICY_CODES["bargain"]
        totals = [sum(self.party_assets[q]) for q in parties]

        def pol(h):  # a colour bargains as its first seat's bot
            return self.pol[self.seats_of[h][0]]

        for p in range(self.nw):
            if pol(p) != bargain or not wishes[p]:
                continue
            gain = self.profit(p, bloc, bill)
            for q in parties:
                o = biggest(self.party_assets[q])
                if o < 0 or o >= self.nw or o == p or pol(o) != bargain or wishes[o]:
                    continue
                price = max(-self.pass_gain(o, bloc, bill, rejected), 0) + 1
                if price * R.BARGAIN_SHARE > gain:
                    continue
                trial = list(wishes)
                trial[o] = True
                votes = [self.party_vote_of(q2, trial, bill) for q2 in parties]
                if parliament(votes, totals)[2]:
                    return p, o, price
        return -1, -1, 0

    def trade(self, bloc, bill, rejected, wishes, parties):
        """Vote trading, a logroll across this year's bills (rules.POLICIES["bargain"]):
        (a, b, later bloc) of the first trade, in colour then party then bloc order, that
        passes a failing bill; (-1, -1, -1) for none."""
        bargain = R.POLICY_CODES["bargain"]
        totals = [sum(self.party_assets[q]) for q in parties]

        def pol(h):
            return self.pol[self.seats_of[h][0]]

        for a in range(self.nw):
            if pol(a) != bargain or not wishes[a]:
                continue
            ga = self.pass_gain(a, bloc, bill, rejected)
            for q in parties:
                b = biggest(self.party_assets[q])
                if b < 0 or b >= self.nw or b == a or pol(b) != bargain or wishes[b]:
                    continue
                trial = list(wishes)
                trial[b] = True
                votes = [self.party_vote_of(q2, trial, bill) for q2 in parties]
                if not parliament(votes, totals)[2]:
                    continue
                gb = self.pass_gain(b, bloc, bill, rejected)
                for y in range(bloc + 1, 4):
                    if self.promise[y] >= 0 or not any(
                        biggest(self.party_assets[r]) == a for r in self.parties_in(y)
                    ):
                        continue  # promised already, or a's vote decides no party there
                    later = self.bills[y]
                    rej = self.st.rejected(later)
                    if self.wish(a, y, later, rej) or not self.wish(b, y, later, rej):
                        continue  # a's promise would change nothing b wants
                    ya = self.pass_gain(a, y, later, rej)
                    yb = self.pass_gain(b, y, later, rej)
                    if ga + ya >= R.TRADE_GAIN and gb + yb >= R.TRADE_GAIN:
                        return a, b, y
        return -1, -1, -1

    def party_vote_of(self, q, wishes, bill) -> int:
        """The white assets vote their ideology, unless dissident players play them."""
        return party_vote(
            self.party_assets[q][: self.nw],
            self.party_assets[q][self.NC] if self.nw == self.NC else 0,
            wishes,
            self.st.party_ideology[q],
            bill.ideology,
        )

    def resolve(self, bloc: int, bill: R.Bill) -> None:
        rejected = self.st.rejected(bill)
        wishes = [self.wish(h, bloc, bill, rejected) for h in range(self.nw)]
        if self.promise[bloc] >= 0:  # a vote traded away earlier this year is kept
            wishes[self.promise[bloc]] = True
        parties = self.parties_in(bloc)
        votes = [self.party_vote_of(q, wishes, bill) for q in parties]
        _, _, passed = parliament(votes, [sum(self.party_assets[q]) for q in parties])
        payer, payee, price = -1, -1, 0
        if not passed:  # first a vote for a vote, then a share of profit for a vote
            a, b, y = self.trade(bloc, bill, rejected, wishes, parties)
            if a >= 0:
                self.promise[y] = a
                self.trades += 1
                passed = True
            else:
                payer, payee, price = self.bargain(bloc, bill, rejected, wishes, parties)
                passed = payer >= 0
        self.bills_passed += passed
        if not (passed or bill.ideology == R.NONE):
            return
        own, other = (bill.own, bill.other) if passed else rejected
        got = 0  # the payer's gains, out of which it pays the promised share
        for s in range(self.nslot):
            if self.corp_sector[s] < 0 or (bill.target >= 0 and self.corp_sector[s] != bill.target):
                continue
            big_amt, stake_amt = own if self.slot_bloc[s] == bloc else other
            counts = self.corp_assets[s]
            before = sum(counts)
            big = biggest(counts)
            for h in range(self.NC + 1):
                if counts[h] == 0:
                    continue
                amt = big_amt if h == big else stake_amt
                if amt > 0 and h < self.npr:
                    self.give(h, amt)
                    got += amt if h == payer else 0
                elif amt < 0:
                    take = min(-amt, counts[h])
                    counts[h] -= take
                    self.lost_c[h] += take
                    if h == self.NC:
                        self.diss_lost += take
            if before > 0 and sum(counts) == 0:
                self.c_disc.append(self.corp_sector[s])
                self.corp_sector[s] = -1
                self.bankrupt += 1
        if payer >= 0:  # paid in the payee's colour out of the payer's profit
            paid = min(price, got)
            self.give(payer, -paid)
            self.give(payee, paid)

    def give(self, h, n) -> None:
        """Colour h takes n assets (pays -n): a team hands each asset taken to the mate with
        the smaller supply and pays each from the one with the larger (the lower seat on a
        tie); the rulebook: "een corp levert winst op voor het team"."""
        for _ in range(abs(n)):
            seats = self.seats_of[h]
            if n > 0:
                m = min(seats, key=lambda q: (self.supply[q], q))
            else:
                m = min(seats, key=lambda q: (-self.supply[q], q))
            step = 1 if n > 0 else -1
            self.supply[m] += step
            self.gained[m] += step

    # --- set-up, checks, reset
    def place_dissidents(self) -> None:
        if not self.st.dissidents:
            return
        for b in range(4):
            ideo = self.bills[b].ideology
            for q in self.parties_in(b):
                if self.st.party_ideology[q] == ideo:
                    self.party_assets[q][self.NC] += 1
                    self.diss_placed += 1
            for s in range(self.nslot):
                if (
                    self.slot_bloc[s] == b
                    and self.slot_ideo[s] == ideo
                    and self.corp_sector[s] >= 0
                ):
                    self.corp_assets[s][self.NC] += 1
                    self.diss_placed += 1

    def setup(self) -> None:
        st = self.st
        self.c_hidden = [s for s in range(st.sectors) for _ in range(R.CORPS_PER_SECTOR)]
        self.b_hidden = list(range(len(st.bills)))
        self.g_hidden = list(range(len(st.goals)))
        self.c_disc, self.g_disc = [], []
        self.c_open = self.g_open = -1
        self.shuffle(self.c_hidden)
        self.shuffle(self.b_hidden)
        self.shuffle(self.g_hidden)
        for p in range(self.P):
            if self.col[p] != self.NC or not self.dmode:  # dissident players hold no goals
                self.goals[p].append([self.g_hidden.pop(), 1, 0, 0, 0, 0])
        self.bills = [st.bills[self.b_hidden.pop()] for _ in range(4)]
        for b in range(4):
            for s in range(self.nslot):
                if self.slot_bloc[s] == b and self.slot_ideo[s] == self.bills[b].ideology:
                    self.corp_sector[s] = self.c_hidden.pop()
        self.c_disc.append(self.c_hidden.pop())
        self.c_open = self.c_hidden.pop()
        self.place_dissidents()
        if not self.mean:
            self.g_disc.append(self.g_hidden.pop())
        self.g_open = self.g_hidden.pop()
        self.start = self.rng.bounded(self.P)
        for p in range(self.P):
            self.supply[p] = self.income[p] = self.st.start_assets[p]

    def check_goals(self, year: int) -> None:
        for p in range(self.P):
            for slot in self.goals[p]:
                if slot[2] or slot[3]:
                    continue
                g = self.st.goals[slot[0]]
                margins = [self.req_margin(self.col[p], k, a) for k, a in g.requires]
                if min(margins) <= 0:
                    continue
                slot[4] |= 1 << (year - 1)
                if year < R.YEARS:
                    if self.pol[p] == 0:
                        reveal = self.rng.bounded(2) == 1
                    else:
                        reveal = year == 2 or min(margins) <= 2
                    if reveal:
                        slot[3] = year

    def reset(self, year: int) -> None:
        self.bills = [self.st.bills[self.b_hidden.pop()] for _ in range(4)]
        self.place_dissidents()
        for p in range(self.P):
            if self.col[p] != self.NC or not self.dmode:
                self.deal_goal(p, year + 1)
        for p in range(self.P):
            n = max(0, self.st.start_assets[p] - sum(1 for s in self.goals[p] if s[3]))
            self.supply[p] += n
            self.income[p] += n

    def play(self) -> dict:
        self.setup()
        for year in range(1, R.YEARS + 1):
            self.turns(year, False)
            self.promise = [-1] * 4  # promises are for this year's bills
            for b in range(4):
                self.resolve(b, self.bills[b])
            if year < R.YEARS:
                self.check_goals(year)
                self.reset(year)
        self.turns(R.YEARS, True)
        self.check_goals(R.YEARS)
        return self.score()

    def score(self) -> dict:
        """Per colour (a seat, a team, the dissident players): +1 per achieved goal, +1 per
        distinct category, -1 per failed goal; in the dissident variant the failed goals are
        the dissident players' achieved goals instead."""
        P = self.P
        achieved, failed = [], []
        for p in range(P):
            held = [s for s in self.goals[p] if not s[2]]
            achieved.append(sum(1 for s in held if s[3] or s[4] & 4))
            failed.append(len(held) - achieved[-1])

        def cats(slots):
            return len({self.st.goals[s[0]].category for s in slots})

        sides = [h for h in range(self.NC + 1) if self.seats_of[h]]
        score, board, categories = {}, {}, {}
        for h in sides:
            slots = [s for m in self.seats_of[h] for s in self.goals[m] if not s[2]]
            won = [s for s in slots if s[3] or s[4] & 4]
            if self.dmode and h == self.NC:
                won = [
                    s
                    for o in range(P)
                    if self.col[o] != self.NC
                    for s in self.goals[o]
                    if not s[2] and not (s[3] or s[4] & 4)
                ]
            categories[h] = cats(won)
            lost = 0 if self.dmode else len(slots) - len(won)
            score[h] = len(won) + categories[h] - lost + self.tokens_of(h)
            board[h] = self.board_of(h)
        top = max((score[h], board[h]) for h in sides)
        tied = [h for h in sides if (score[h], board[h]) == top]
        # the rulebook: tied players draw goals until one wins, modelled as a uniform pick
        winner = tied[self.rng.bounded(len(tied))] if len(tied) > 1 else tied[0]
        return dict(
            achieved=achieved,
            failed=failed,
            categories=[categories[self.col[p]] for p in range(P)],
            score=[score[self.col[p]] for p in range(P)],
            board=[board[self.col[p]] for p in range(P)],
            won=[int(self.col[p] == winner) for p in range(P)],
        )


def play_game(settings: R.Settings, seed: int, index: int) -> Game:
    if settings.game == "big":
        from tableodds.sim.davos.reference_big import BigGame

        g = BigGame(settings, seed, index)
    else:
        g = Game(settings, seed, index)
    g.result = g.play()
    return g


def reference_chunk(settings: R.Settings, seed: int, start: int, count: int) -> dict:
    """The same records as ``kernel.simulate_chunk``, one game at a time in Python."""
    rows = []
    for i in range(start, start + count):
        g = play_game(settings, seed, i)
        res = g.result
        for p in range(settings.players):
            empty = [-1] + [0] * (len(R.SLOT_FIELDS) - 1)
            slots = g.goals[p] + [empty] * (R.GOAL_SLOTS - len(g.goals[p]))
            rows.append(
                [
                    i,
                    p,
                    g.pol[p],
                    res["score"][p],
                    res["achieved"][p],
                    res["failed"][p],
                    res["categories"][p],
                    res["board"][p],
                    g.supply[p],
                    g.income[p],
                    g.gained[p],
                    g.paid[p],
                    g.lost_c[g.col[p]],
                    res["won"][p],
                    g.bills_passed,
                    g.bankrupt,
                    g.actions,
                    g.board_of(g.NC),
                    g.diss_placed,
                    g.diss_lost,
                ]
                + [x for s in slots for x in s]
                + ([g.col[p]] if settings.mode != "normal" else [])
                + (g.big_row(p) if settings.game == "big" else [])
            )
    width = len(R.columns(settings))
    return R.record_columns(np.array(rows, dtype=np.int64).reshape(-1, width), settings)
