"""Plain-Python Davos Big Game (seed "Big Game"), on top of the Mean Game in ``reference.py``.

What the Big Game adds, in the order a year plays it:

  set-up    after the Mean set-up and the start player draw: a Fisher-Yates shuffle of the
            control deck (card ids ascending), then three cards to the control positions and
            the stack's top card turned (``open[0..2]``, ``open[3]``);
  Turns     a turn may buy an open control card for 1 asset (rules.CONTROL_OPENS says
            which); a card bought from a position is replaced by the turned card, and a new
            card is turned;
  Control   from the start player, in turn: play one unused control card whose domain the
            seat is the biggest in, or pass (passing as in Turns, the start player stays);
            every seat after the player, in turn, may then block it (the first block
            stops it), or, once it acted, copy it with its own choices;
  Specialty 1 asset per corp of the seat's specialty where its colour is the biggest; the
            start player also for the start player card's;
  Goals     a goal revealed in an earlier year and met again takes 1 victory token, the
            next time 2 more (rules.BIG_TOKENS: also at the end of year 3);
  Reset     the four open control cards leave the game and four new ones are laid.

An action is an instance ``(x, y, h, n)``: its places, holder and amount, as
:meth:`BigGame.instances` lists them.  A random seat draws uniformly: which of its playable
cards or pass, then the instance; a reaction is a coin flip.  The goal-seeking bots value a
position as ``4 x (requirements of its open goals met) + its supply - 2 x (places where the
leader is the biggest)`` and play the instance that raises it most, block an action that
lowers it, copy one that raises it, and buy a card whose domain they lead when they hold
none they lead.  Every random choice comes from the game's stream in the order above.

With the team and dissident variants (rules.seating; the README's "The Big Game"):

  colour    "the biggest" in a control card's domain and for Specialty is judged on the
            colour (a team's assets together; the dissident players' white assets);
  seat      control cards are bought, held and played by seats, and a seat may react to its
            mate's card; Specialty pays the seat whose member card it is (a team shares
            profit, not assets: "Geen assets delen"); ``gain`` ("one player takes 2 assets")
            names any seat, a dissident player too; assets sent home go to their colour's
            first seat, the white assets to the first dissident player (only the neutral
            white assets of the normal and team games leave the board, ``dissidents_home``);
  goals     victory tokens lie on a seat's revealed goals and count for its colour; dissident
            players hold no goals, so never take tokens, and their score (the others' failed
            goals) is not touched by the others' tokens, which lie on achieved goals only;
  cards     a dissident player's member card has no specialty (rules.NO_SPECIALTY; the rulebook
            gives none), or its seat's with rules.DISSIDENT_SPECIALTIES "card"; the start
            player card's still counts for whoever holds it;
  bots      a goal-seeking bot values its own open goals on its colour's assets (a mate's
            goals are hidden until revealed, and revealed goals are achieved: the rulebook's
            "alleen openlijk aan tafel"), never blocks a seat of its own colour, and a
            dissident player's bot, with nothing to block, buys a control card by the goal
            bots' rule before it passes.
"""

from __future__ import annotations

import copy

from tableodds.sim.davos import rules as R
from tableodds.sim.davos.reference import Game, biggest

A = {name: i for i, name in enumerate(R.CONTROL_ACTIONS)}
REACTIONS = (A["block"], A["copy"])


class BigGame(Game):
    def __init__(self, settings: R.Settings, seed: int, index: int):
        super().__init__(settings, seed, index)
        P, n = self.P, len(settings.controls)
        self.held = [[] for _ in range(P)]  # control cards in front of each seat, in order
        self.used = [False] * n  # played this year
        self.tok = [[0] * R.GOAL_SLOTS for _ in range(P)]  # victory tokens per goal slot
        self.bought = [0] * P
        self.played = [0] * P
        self.spec_gained = [0] * P
        self.ctl_gained = [0] * P
        self.diss_home = 0

    # --- the control deck
    def setup(self) -> None:
        super().setup()
        self.k_hidden = list(range(len(self.st.controls)))
        self.shuffle(self.k_hidden)
        self.k_open = [self.k_draw() for _ in range(R.CONTROL_OPEN)]

    def k_draw(self) -> int:
        return self.k_hidden.pop() if self.k_hidden else -1

    def choosable(self) -> list[int]:
        n = R.CONTROL_OPEN if self.st.control_open == "four" else R.CONTROL_OPEN - 1
        return [i for i in range(n) if self.k_open[i] >= 0]

    def take_control(self, p, i) -> None:
        self.supply[p] -= R.CONTROL_PRICE
        self.paid[p] += R.CONTROL_PRICE
        self.held[p].append(self.k_open[i])
        last = R.CONTROL_OPEN - 1
        if i < last:  # the turned card moves to the position, a new one is turned
            self.k_open[i] = self.k_open[last]
        self.k_open[last] = self.k_draw()
        self.bought[p] += 1
        self.actions += 1

    def extra_kinds(self, p) -> list[str]:
        return ["control"] if self.choosable() else []

    def buy_control_random(self, p) -> bool:
        opts = self.choosable()
        self.take_control(p, opts[self.rng.bounded(len(opts))])
        return True

    def buy_control(self, p) -> bool:
        """The goal bots: with no card whose domain it leads, buy the open card (not a
        reaction) whose domain it leads by the most, the first on ties."""
        for c in self.held[p]:
            card = self.st.controls[c]
            if card.action not in REACTIONS and self.domain_margin(p, card.domain) > 0:
                return False
        best, where = 0, -1
        for i in self.choosable():
            card = self.st.controls[self.k_open[i]]
            m = self.domain_margin(p, card.domain)
            if card.action not in REACTIONS and m > best:
                best, where = m, i
        if where < 0:
            return False
        self.take_control(p, where)
        return True

    # --- domains
    def domain_counts(self, domain) -> list[int]:
        kind, a = domain
        if kind == 0:
            rows = [self.corp_assets[x] for x in range(self.nslot) if self.corp_sector[x] == a]
        elif kind == 1:
            rows = [self.corp_assets[x] for x in self.corps_in(a)] + [
                self.party_assets[q] for q in self.parties_in(a)
            ]
        else:
            rows = [self.party_assets[q] for q in range(9) if self.st.party_ideology[q] == a]
        return [sum(r[h] for r in rows) for h in range(self.NC + 1)]

    def domain_margin(self, p, domain) -> int:
        return self.margin(self.domain_counts(domain), self.col[p])

    def can_play(self, p, c) -> bool:
        return not self.used[c] and self.domain_margin(p, self.st.controls[c].domain) > 0

    # --- actions: instances (x, y, h, n) in a fixed order
    def occupied(self) -> list[int]:
        return [x for x in range(self.nslot) if self.corp_sector[x] >= 0]

    def instances(self, p, c, action, full: bool) -> list[tuple]:
        """Every legal instance of ``action`` played by p with card c; ``full`` lists every
        amount (1 .. all) and the two-drawn corp source, else only "all" and the known cards."""
        H = self.NC + 1
        occ = self.occupied()
        out = []

        def amounts(k):
            return range(1, k + 1) if full else (k,)

        if action == A["fail_to_party"]:
            out = [(x, q, 0, 0) for x in occ for q in range(9)]
        elif action == A["corp_to_party"]:
            for h in range(H):
                for x in occ:
                    if self.corp_assets[x][h] > 0:
                        out += [
                            (x, q, h, n) for q in range(9) for n in amounts(self.corp_assets[x][h])
                        ]
        elif action == A["party_to_party"]:
            for h in range(H):
                for x in range(9):
                    if self.party_assets[x][h] > 0:
                        for y in range(9):
                            if y != x:
                                out += [(x, y, h, n) for n in amounts(self.party_assets[x][h])]
        elif action == A["party_home"]:
            out = [(x, 0, 0, 0) for x in range(9) if sum(self.party_assets[x]) > 0]
        elif action == A["gain"]:  # "one player": any seat, a dissident player too
            out = [(0, 0, m, 0) for m in range(self.P)]
        elif action == A["swap_card"]:
            out = [(o, k, 0, 0) for o in range(self.P) if o != p for k in self.held[o]]
        elif action == A["party_to_corp"]:
            for h in range(H):
                for x in range(9):
                    if self.party_assets[x][h] > 0:
                        out += [(x, y, h, n) for y in occ for n in amounts(self.party_assets[x][h])]
        elif action == A["fail_to_corp"]:
            out = [(x, y, 0, 0) for x in occ for y in occ if y != x]
        elif action == A["party_merge"]:
            out = [
                (x, y, 0, 0)
                for x in range(9)
                if sum(self.party_assets[x]) > 0
                for y in range(9)
                if y != x
            ]
        elif action == A["swap_corps"]:
            out = [(x, y, 0, 0) for x in occ for y in occ if y > x]
        elif action == A["fail_home"]:
            out = [(x, 0, 0, 0) for x in occ]
        elif action == A["fail_to_new"]:
            src = [0] if self.c_open >= 0 else []
            src += [1] if self.c_disc else []
            src += [2] if full and len(self.c_hidden) >= 2 else []
            for x in occ:
                slots = [z for z in range(self.nslot) if self.corp_sector[z] < 0 or z == x]
                for s in src:
                    for keep in (0, 1) if s == 2 else (0,):
                        out += [(x, z, s, keep) for z in slots]
        elif action == A["replace_bill"]:
            out = [(b, 0, 0, 0) for b in range(4)] if self.b_hidden else []
        return out

    def fail(self, x) -> None:
        """Corp x goes bankrupt (its assets already moved): to the corp discard pile."""
        self.c_disc.append(self.corp_sector[x])
        self.corp_sector[x] = -1
        self.bankrupt += 1

    def home(self, h, n, real) -> None:
        """n assets of colour h back to its first seat's supply (the white assets to the first
        dissident player); the neutral white assets, which no seat plays, leave the board."""
        if self.seats_of[h]:
            self.supply[self.seats_of[h][0]] += n
        else:
            self.diss_home += n if real else 0

    def act(self, p, c, action, inst, real: bool = True) -> None:
        """Carry out an instance; ``real`` False (a bot's look-ahead) changes the board only:
        no cards, bills or counters move and nothing is drawn."""
        x, y, h, n = inst
        H = self.NC + 1
        corp_assets, party_assets = self.corp_assets, self.party_assets
        if action == A["fail_to_party"]:
            for k in range(H):
                party_assets[y][k] += corp_assets[x][k]
                corp_assets[x][k] = 0
            self.fail(x) if real else self.corp_sector.__setitem__(x, -1)
        elif action == A["corp_to_party"]:
            corp_assets[x][h] -= n
            party_assets[y][h] += n
            if sum(corp_assets[x]) == 0:
                self.fail(x) if real else self.corp_sector.__setitem__(x, -1)
        elif action == A["party_to_party"]:
            party_assets[x][h] -= n
            party_assets[y][h] += n
        elif action == A["party_home"]:
            for k in range(H):
                self.home(k, party_assets[x][k], real)
                party_assets[x][k] = 0
        elif action == A["gain"]:
            self.supply[h] += 2
            if real:
                self.gained[h] += 2
                self.ctl_gained[h] += 2
        elif action == A["swap_card"]:
            if real:
                mine = self.held[p].index(c)
                theirs = self.held[x].index(y)
                self.held[p][mine], self.held[x][theirs] = y, c
        elif action == A["party_to_corp"]:
            party_assets[x][h] -= n
            corp_assets[y][h] += n
        elif action == A["fail_to_corp"]:
            for k in range(H):
                corp_assets[y][k] += corp_assets[x][k]
                corp_assets[x][k] = 0
            self.fail(x) if real else self.corp_sector.__setitem__(x, -1)
        elif action == A["party_merge"]:
            for k in range(H):
                party_assets[y][k] += party_assets[x][k]
                party_assets[x][k] = 0
        elif action == A["swap_corps"]:
            self.corp_sector[x], self.corp_sector[y] = self.corp_sector[y], self.corp_sector[x]
            corp_assets[x], corp_assets[y] = corp_assets[y], corp_assets[x]
        elif action == A["fail_home"]:
            for k in range(H):
                self.home(k, corp_assets[x][k], real)
                corp_assets[x][k] = 0
            self.fail(x) if real else self.corp_sector.__setitem__(x, -1)
        elif action == A["fail_to_new"]:
            z, src, keep = y, h, n
            moved = list(corp_assets[x])
            if real:
                card = self.take_corp(src, keep)  # taken before x reaches the discard pile
                self.fail(x)
            else:
                card = self.c_open if src == 0 else self.c_disc[-1]
                self.corp_sector[x] = -1
            corp_assets[x] = [0] * H
            self.corp_sector[z] = card
            corp_assets[z] = [a + b for a, b in zip(corp_assets[z], moved)]
        elif action == A["replace_bill"]:
            if real:
                self.bills[x] = self.st.bills[self.b_hidden.pop()]

    # --- the goal bots' valuation (module docstring)
    def value(self, p, lead) -> int:
        met = 0
        for slot in self.goals[p]:
            if slot[2] or slot[3]:  # p's own open goals: a mate's stay hidden until revealed
                continue
            for k, a in self.st.goals[slot[0]].requires:
                met += self.req_margin(self.col[p], k, a) > 0
        places = 0
        if lead >= 0:
            places = sum(1 for x in self.occupied() if biggest(self.corp_assets[x]) == lead)
            places += sum(1 for q in range(9) if biggest(self.party_assets[q]) == lead)
        return 4 * met + self.supply[p] - 2 * places

    def value_after(self, p, lead, who, c, action, inst) -> int:
        """p's value had seat ``who`` carried out the instance (a look-ahead on copies)."""
        saved = self.corp_assets, self.party_assets, self.corp_sector, self.supply
        self.corp_assets, self.party_assets = (
            copy.deepcopy(self.corp_assets),
            copy.deepcopy(self.party_assets),
        )
        self.corp_sector, self.supply = list(self.corp_sector), list(self.supply)
        self.act(who, c, action, inst, real=False)
        v = self.value(p, lead)
        self.corp_assets, self.party_assets, self.corp_sector, self.supply = saved
        return v

    def lead_colour(self, p) -> int:
        o = self.leader(p)
        return self.col[o] if o >= 0 else -1

    def best_instance(self, p, c, action):
        """(gain, instance) of the instance that raises p's value the most, or None."""
        lead = self.lead_colour(p)
        now = self.value(p, lead)
        best = None
        for inst in self.instances(p, c, action, False):
            v = self.value_after(p, lead, p, c, action, inst) - now
            if v > 0 and (best is None or v > best[0]):
                best = (v, inst)
        return best

    # --- the Control phase
    def playable(self, p) -> list[int]:
        out = []
        for c in self.held[p]:
            action = self.st.controls[c].action
            if action in REACTIONS or not self.can_play(p, c):
                continue
            if self.instances(p, c, action, True):
                out.append(c)
        return out

    def choose_play(self, p):
        """(card, instance) or None (pass)."""
        cards = self.playable(p)
        if not cards:
            return None
        if self.pol[p] == R.POLICY_CODES["random"]:
            k = self.rng.bounded(len(cards) + 1)
            if k == len(cards):
                return None
            c = cards[k]
            insts = self.instances(p, c, self.st.controls[c].action, True)
            return c, insts[self.rng.bounded(len(insts))]
        best = None
        for c in cards:
            got = self.best_instance(p, c, self.st.controls[c].action)
            if got is not None and (best is None or got[0] > best[0]):
                best = (got[0], c, got[1])
        return None if best is None else best[1:]

    def reaction_card(self, r, kind) -> int:
        """r's first unused card of the reaction ``kind`` whose domain it leads, or -1."""
        for c in self.held[r]:
            if self.st.controls[c].action == kind and self.can_play(r, c):
                return c
        return -1

    def play_card(self, p, c, inst) -> None:
        action = self.st.controls[c].action
        self.used[c] = True
        self.played[p] += 1
        others = [(p + i) % self.P for i in range(1, self.P)]
        for r in others:  # a block, by the first seat after p that wants one
            b = self.reaction_card(r, A["block"])
            if b < 0:
                continue
            if self.wants_block(r, p, c, action, inst):
                self.used[b] = True
                self.played[r] += 1
                return
        self.act(p, c, action, inst)
        for r in others:  # copies, each with the copier's own choices
            k = self.reaction_card(r, A["copy"])
            if k < 0:
                continue
            mine = self.copy_choice(r, k, action)
            if mine is None:
                continue
            self.used[k] = True
            self.played[r] += 1
            self.act(r, k, action, mine)

    def wants_block(self, r, p, c, action, inst) -> bool:
        """Whether seat r, holding a block card it may play, blocks p's card."""
        if self.pol[r] == R.POLICY_CODES["random"]:
            return self.rng.bounded(2) == 1
        if self.col[r] == self.col[p]:  # a team never blocks its own card
            return False
        lead = self.lead_colour(r)
        return self.value_after(r, lead, p, c, action, inst) < self.value(r, lead)

    def copy_choice(self, r, k, action):
        """The instance seat r plays with its copy card k of the action just played, or None."""
        if self.pol[r] == R.POLICY_CODES["random"]:
            insts = self.instances(r, k, action, True)
            if not insts or self.rng.bounded(2) == 0:
                return None
            return insts[self.rng.bounded(len(insts))]
        got = self.best_instance(r, k, action)
        return None if got is None else got[1]

    def control_phase(self) -> None:
        """Seed "Fase Control": passing as in Turns, without the start player's change."""
        P = self.P
        passed = [False] * P
        npassed, last_regular = 0, False
        p = self.start
        while npassed < P:
            if not passed[p]:
                extra = 0
                if npassed == P - 1:
                    if last_regular:
                        extra = R.EXTRA_TURN_COST
                    last_regular = True
                choice = self.choose_play(p) if self.supply[p] >= extra else None
                if choice is None:
                    passed[p] = True
                    npassed += 1
                else:
                    self.supply[p] -= extra
                    self.paid[p] += extra
                    self.play_card(p, *choice)
            p = (p + 1) % P

    # --- Specialty, goals, reset, the year
    def specialty(self) -> None:
        spec = self.st.specialties
        for p in range(self.P):
            mine = [spec[p]] + ([spec[-1]] if p == self.start else [])
            n = 0
            for kind, a in mine:  # kind -1: rules.NO_SPECIALTY
                for x in self.occupied():
                    if kind == 0:
                        fits = self.corp_sector[x] == a
                    else:
                        fits = kind == 1 and self.slot_bloc[x] == a and self.slot_ideo[x] == 1
                    n += fits and biggest(self.corp_assets[x]) == self.col[p]
            self.supply[p] += n  # to the seat: a team shares profit, not assets
            self.gained[p] += n
            self.spec_gained[p] += n

    def check_goals(self, year: int) -> None:
        if year < R.YEARS or self.st.big_tokens == "final":
            for p in range(self.P):
                for i, slot in enumerate(self.goals[p]):
                    if slot[2] or not slot[3] or slot[3] >= year:
                        continue
                    if self.tok[p][i] >= R.TOKENS_PER_GOAL:
                        continue
                    g = self.st.goals[slot[0]]
                    if all(self.req_margin(self.col[p], k, a) > 0 for k, a in g.requires):
                        self.tok[p][i] += 1 if self.tok[p][i] == 0 else 2
        super().check_goals(year)

    def tokens_of(self, h) -> int:
        return sum(sum(self.tok[m]) for m in self.seats_of[h])

    def play(self) -> dict:
        self.setup()
        for year in range(1, R.YEARS + 1):
            self.used = [False] * len(self.used)
            self.turns(year, False)
            self.control_phase()
            self.promise = [-1] * 4  # promises are for this year's bills
            for b in range(4):
                self.resolve(b, self.bills[b])
            self.specialty()
            if year < R.YEARS:
                self.check_goals(year)
                self.reset(year)
                self.k_open = [self.k_draw() for _ in range(R.CONTROL_OPEN)]
        self.turns(R.YEARS, True)
        self.check_goals(R.YEARS)
        return self.score()

    def big_row(self, p) -> list[int]:
        """rules.BIG_COLUMNS of seat p."""
        return [
            sum(self.tok[p]),
            self.bought[p],
            len(self.held[p]),
            self.played[p],
            self.spec_gained[p],
            self.ctl_gained[p],
            self.diss_home,
        ]
