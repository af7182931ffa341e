"""Plain-Python I'm the Boss!: slow and written to be read against the rules.

It shares only the random stream and its draw order with the kernel (see
``kernel.py`` for the order); the turn, the deal, the bargaining rule and the
bots are written again here, so that agreement between the two is evidence
that both follow the rules.  It also asserts the deck is conserved after
every turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from tableodds.sim.boss.rules import (
    BOSS,
    COLUMNS,
    DECK_COUNTS,
    DECK_SIZE,
    DRAW,
    HAND_LIMIT,
    HAND_START,
    INVESTORS_EACH,
    LATE_LIMIT,
    MAX_TURNS,
    N_FAMILIES,
    N_TYPES,
    PATIENT,
    PATIENT_HAND,
    POLICY_CODES,
    PRICE_DEN,
    RANDOM,
    RECRUIT,
    RECRUIT_SET,
    SCALE,
    SPACES,
    STOP,
    TRAVEL,
    WILD,
    WIN_SHARE,
    Settings,
    shapley_prices,
    two_player_price,
)

# The shrewd bot discards the first type it holds in this order.
SHREWD_DISCARD = tuple(range(TRAVEL, TRAVEL + 6)) + tuple(range(6)) + (RECRUIT, WILD, STOP, BOSS)


@dataclass
class Offer:
    """The bargaining rule's answer for one boss: who brings which family, for how much."""

    ok: bool
    take: int = 0  # what the boss keeps
    share: list[int] = field(default_factory=list)  # paid to each seat by the boss
    supplier: dict[int, int] = field(default_factory=dict)  # family -> seat
    by_card: dict[int, bool] = field(default_factory=dict)  # family -> brought by a family card
    consent: set[int] = field(default_factory=set)  # seats that agreed (2-player rules: not owners)


class Game:
    def __init__(self, settings: Settings, stream, game: int):
        self.st, self.rng, self.P = settings, stream, settings.players
        self.cards = settings.cards
        P = self.P
        families = list(range(N_FAMILIES))
        self.shuffle(families)
        each = INVESTORS_EACH[P]
        self.owner = [-1] * N_FAMILIES
        for p in range(P):
            for j in range(each):
                self.owner[families[p * each + j]] = p
        self.pile = [t for t in range(N_TYPES) for _ in range(DECK_COUNTS[t])]
        self.shuffle(self.pile)  # drawn from the end of the list
        self.discard = [0] * N_TYPES
        self.hands = [[0] * N_TYPES for _ in range(P)]
        self.extra_seat = -1
        if settings.extra >= 0:
            self.extra_seat = game % P
            top = max(i for i, t in enumerate(self.pile) if t == settings.extra)
            del self.pile[top]
            self.hands[self.extra_seat][settings.extra] += 1
        for p in range(P):
            for _ in range(HAND_START):
                self.draw(p)
        self.start = self.rng.bounded(P)
        # the player to the right of the start player places the marker: a random bot
        # anywhere, the others on the lowest-paying space (the first of those)
        chooser = (self.start - 1) % P
        if POLICY_CODES[settings.policies[chooser]] == RANDOM:
            self.marker = self.rng.bounded(SPACES)
        else:
            dividends = [sp.dividends for sp in self.cards.spaces]
            self.marker = dividends.index(min(dividends))
        self.covered = [False] * SPACES
        self.limit = HAND_LIMIT
        self.money = [0] * P
        self.boss_deals = [0] * P
        self.started = [0] * P
        self.takeovers = [0] * P
        self.attempts = [[0] * SPACES for _ in range(P)]
        self.hand_max = [0] * P
        self.deal_spaces: list[int] = []
        self.paid = 0

    # --- cards -----------------------------------------------------------
    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.rng.bounded(i + 1)
            items[i], items[j] = items[j], items[i]

    def count(self, p: int) -> int:
        return sum(self.hands[p])

    def draw(self, p: int) -> bool:
        if not self.pile:
            if not sum(self.discard):
                return False
            self.pile = [t for t in range(N_TYPES) for _ in range(self.discard[t])]
            self.discard = [0] * N_TYPES
            self.shuffle(self.pile)
        self.hands[p][self.pile.pop()] += 1
        return True

    def play(self, p: int, t: int, n: int = 1) -> None:
        """Seat p plays n cards of type t; they go to the discard pile."""
        assert self.hands[p][t] >= n
        self.hands[p][t] -= n
        self.discard[t] += n
        self.played[p] = True

    def discard_one(self, p: int) -> None:
        if POLICY_CODES[self.st.policies[p]] == RANDOM:
            k = self.rng.bounded(self.count(p))
            for t in range(N_TYPES):
                if k < self.hands[p][t]:
                    break
                k -= self.hands[p][t]
        else:
            t = next(t for t in SHREWD_DISCARD if self.hands[p][t])
        self.hands[p][t] -= 1
        self.discard[t] += 1

    def enforce_limit(self, p: int) -> None:
        """Down to the hand limit: a recruitment set taking an investor (the rulebook's
        alternative to discarding) when the seat wants one, else discards."""
        while self.count(p) > self.limit:
            f = -1 if self.st.has("limit-discard-only") else self.limit_recruit(p)
            if f < 0:
                self.discard_one(p)
                continue
            self.recruit(p, f)

    def limit_recruit(self, p: int) -> int:
        """The family a set of 3 recruitment cards takes at the hand limit, or -1: a spare
        investor while there is one, else another seat's; shrewd and patient bots always take
        the first, the random bot tosses a coin and then picks one uniformly."""
        rnd = POLICY_CODES[self.st.policies[p]] == RANDOM
        if self.hands[p][RECRUIT] < RECRUIT_SET or (rnd and self.rng.bounded(2) != 0):
            return -1
        spare = -1 in self.owner
        fams = [
            f for f in range(N_FAMILIES) if self.owner[f] != p and (self.owner[f] == -1) == spare
        ]
        if not fams:
            return -1
        return fams[self.rng.bounded(len(fams)) if rnd else 0]

    def cards_in_game(self) -> int:
        return sum(map(sum, self.hands)) + len(self.pile) + sum(self.discard)

    # --- decisions ---------------------------------------------------------
    def yes(self, p: int) -> bool:
        """A yes/no choice: a coin for the random bot, yes for the shrewd one."""
        return self.rng.bounded(2) == 0 if POLICY_CODES[self.st.policies[p]] == RANDOM else True

    # --- the bargaining rule -----------------------------------------------
    def has_card(self, p: int, f: int, viewer: int | None) -> bool:
        """Whether a family card of seat p counts in the terms: one laid face up on the table
        counts for everyone; one in the hand only for the viewer, its holder (and, in the
        fixed order, where family cards are never laid, for the table's own terms)."""
        if self.laid[p][f]:
            return True
        fixed = self.st.has("fixed-order")
        return self.hands[p][f] > 0 and (p == viewer or (viewer is None and fixed))

    def offer(self, boss: int, space: int, payout: int, viewer: int | None = None) -> Offer:
        """The terms at the table, or (``viewer``) as that seat can foresee them: a family
        card in another seat's hidden hand is not counted."""
        st, P = self.st, self.P
        sp = self.cards.spaces[space]
        fixed = st.two_player_rules
        earn = st.has("card-to-earn")  # no influence card used in this deal, no share
        discard_to_earn = st.has("card-to-earn-discard")  # or discard one at settlement

        def own(f):
            return self.owner[f] == boss and not self.travelled[f]

        def card(p, f):
            return self.has_card(p, f, viewer)

        def free(f):
            return own(f) or card(boss, f)

        def investor_of(f, p):
            if p < 0 or self.owner[f] != p or p == boss or self.travelled[f]:
                return False
            if fixed or self.played[p] or not (earn or discard_to_earn):
                return True
            return discard_to_earn and self.count(p) > 0

        def sellers(f):
            seats = [(boss + k) % P for k in range(1, P)]
            return [p for p in seats if investor_of(f, p) or card(p, f)]

        def weight(f):
            return 0 if free(f) else SCALE // len(sellers(f))

        by_price = not st.has("weight-bargain")
        prices = shapley_prices(sp.required, sp.optional, sp.pick)

        def bought(f):
            """What a bought family weighs: its Shapley price, or the old rule's 1/m."""
            return int(prices[f] * PRICE_DEN) if by_price else weight(f)

        # the 2-player price: the payout over the investors the deal needs, or over all six
        unconsented = two_player_price(payout, sp.required, sp.pick, st.has("two-player-sixth"))
        need = []
        for f in range(N_FAMILIES):
            if sp.required >> f & 1:
                if not free(f) and not sellers(f):
                    return Offer(False)
                need.append(f)
        options = [f for f in range(N_FAMILIES) if sp.optional >> f & 1 and (free(f) or sellers(f))]
        if len(options) < sp.pick:
            return Offer(False)
        need += sorted(options, key=lambda f: (weight(f), f))[: sp.pick]
        o = Offer(True, share=[0] * P)
        weights = [0] * P
        fixed_paid = [0] * P
        for f in need:
            if free(f):
                o.supplier[f], o.by_card[f] = boss, not own(f)
            elif investor_of(f, self.owner[f]):
                p = self.owner[f]
                o.supplier[f], o.by_card[f] = p, False
                if fixed:
                    fixed_paid[p] += unconsented
                else:
                    weights[p] += bought(f)
                    o.consent.add(p)
            else:
                p = next(q for q in sellers(f) if card(q, f))
                o.supplier[f], o.by_card[f] = p, True
                weights[p] += bought(f)
                o.consent.add(p)
        rest = payout - sum(fixed_paid)
        # prices are shares of the payout; weights are against the boss's own weight
        total_weight = PRICE_DEN if by_price else self.cards.boss_weight * SCALE + sum(weights)
        for p in range(P):
            o.share[p] = fixed_paid[p] + (rest * weights[p] // total_weight if total_weight else 0)
        o.take = payout - sum(o.share)
        if not fixed and o.take * 100 < self.cards.min_boss_percent * payout:
            return Offer(False)
        return o

    # --- the deal ------------------------------------------------------------
    def payout(self, space: int) -> int:
        card = self.st.stack[len(self.deal_spaces)]
        return self.cards.spaces[space].dividends * self.cards.values[card - 1]

    def fresh_table(self) -> None:
        self.travelled = [False] * N_FAMILIES
        self.played = [False] * self.P
        self.laid = [[0] * N_FAMILIES for _ in range(self.P)]  # family cards face up
        self.log: list[tuple[int, tuple]] = []  # the deal's actions: (seat, action)

    def would_deal(self, p: int, space: int) -> bool:
        """The shrewd bot's test: would the terms suit it, counting on its recruitment sets?"""
        self.fresh_table()
        if self.offer(p, space, self.payout(space), viewer=p).ok:
            return True
        saved = list(self.owner)
        for _ in range(self.hands[p][RECRUIT] // RECRUIT_SET):
            f = self.recruit_target(p, space)
            if f < 0:
                break
            self.owner[f] = p
        ok = self.offer(p, space, self.payout(space), viewer=p).ok
        self.owner = saved
        return ok

    def deal(self, first: int, space: int) -> tuple[bool, int]:
        """Play out a deal started by ``first``; returns (success, the last boss).

        The deal as the rules have it: anyone may act at any moment.  Priority starts with
        the boss and goes round the table; a seat holding it takes one action (a boss card,
        a recruitment set, a travel card, laying family cards face up) or passes, and then
        it passes on to the left.  The deal closes when every seat has passed in a row: the
        terms on the table then make it, or it fails.

        The fixed order (variant ``fixed-order``): boss cards, recruitment, terms, travel;
        family cards count from the hand and are never laid."""
        self.fresh_table()
        value = self.payout(space)
        self.started[first] += 1
        self.attempts[first][space] += 1
        P = self.P
        boss = first
        if self.st.has("fixed-order"):
            # 1. Boss cards, asked clockwise from the boss's left.
            k = 1
            while k < P:
                q = (boss + k) % P
                if self.hands[q][BOSS] and self.wants_boss(q, boss, space, value):
                    boss = self.boss_card(q, boss)
                    k = 1
                else:
                    k += 1
            # 2. The boss recruits needed investors with sets of 3.
            while self.hands[boss][RECRUIT] >= RECRUIT_SET:
                f = self.recruit_target(boss, space)
                if f < 0 or not self.yes(boss):
                    break
                self.recruit(boss, f)
            # 3. Terms by the bargaining rule; 4. travel cards against them, asked clockwise
            # from the boss's left, the terms worked out again after each that takes effect.
            o, k = self.offer(boss, space, value), 1
            while o.ok and k < P:
                q = (boss + k) % P
                target = self.travel_target(q, boss, o)
                if target is None or not self.yes(q):
                    k += 1
                    continue
                if self.travel_card(q, target, boss, o):
                    o = self.offer(boss, space, value)
                k = 1
        else:
            q, passes = first, 0
            while passes < P:
                act = self.choose(q, boss, space, value)
                if act is None:
                    passes += 1
                else:
                    self.log.append((q, act))
                    boss = self.act(q, act, boss, space, value)
                    passes = 0
                q = (q + 1) % P
            o = self.offer(boss, space, value)
        if not o.ok:
            self.take_back()
            return False, boss
        self.settle(o, boss, value)
        return True, boss

    def take_back(self) -> None:
        """Family cards still on the table go back to the hands that laid them."""
        for p in range(self.P):
            for f in range(N_FAMILIES):
                self.hands[p][f] += self.laid[p][f]
                self.laid[p][f] = 0

    def choose(self, q: int, boss: int, space: int, value: int):
        """Seat q's action when it holds priority, or None to pass; the options in this
        order, the first taken: a boss card (``wants_boss``), a recruitment set as boss
        (``recruit_target``), a travel card (``travel_target`` on the terms on the table),
        laying family cards (``lay_target``: the random bot one, the others all they would
        lay); the random bot tosses a coin at each."""
        if q != boss and self.hands[q][BOSS] and self.wants_boss(q, boss, space, value):
            return ("boss",)
        if q == boss and self.hands[q][RECRUIT] >= RECRUIT_SET:
            f = self.recruit_target(q, space)
            if f >= 0 and self.yes(q):
                return ("recruit", f)
        need = self.cards.spaces[space].required | self.cards.spaces[space].optional
        travels = self.hands[q][WILD] or any(
            self.hands[q][TRAVEL + f] for f in range(N_FAMILIES) if need >> f & 1
        )
        if q != boss and travels:
            o = self.offer(boss, space, value)
            target = self.travel_target(q, boss, o) if o.ok else None
            if target is not None and self.yes(q):
                return ("travel", *target)
        f = self.lay_target(q, boss, space)
        if f >= 0 and self.yes(q):
            if POLICY_CODES[self.st.policies[q]] == RANDOM:
                return ("lay", f)
            fams = []  # the other bots lay every card they would, at once
            while f >= 0:
                fams.append(f)
                self.laid[q][f] += 1  # so that lay_target looks further
                f = self.lay_target(q, boss, space)
            for f in fams:
                self.laid[q][f] -= 1
            return ("lay", *fams)
        return None

    def lay_target(self, q: int, boss: int, space: int) -> int:
        """The family card seat q would lay face up (speculatively: a card laid and not used
        goes back to the hand), or -1: a family the space asks for, held and not yet laid by
        q.  The random bot takes the first; the others one the table does not yet offer:
        for the boss, not its own untravelled investor nor a card it laid; for another seat,
        no untravelled investor card and no laid card of that family on the table."""
        sp = self.cards.spaces[space]
        rnd = POLICY_CODES[self.st.policies[q]] == RANDOM
        for f in range(N_FAMILIES):
            if not ((sp.required | sp.optional) >> f & 1) or not self.hands[q][f]:
                continue
            if self.laid[q][f]:
                continue
            if rnd:
                return f
            investor = self.owner[f] >= 0 and not self.travelled[f]
            if q == boss:
                if self.owner[f] != boss or self.travelled[f]:
                    return f
            elif not investor and not any(self.laid[p][f] for p in range(self.P)):
                return f
        return -1

    def act(self, q: int, act: tuple, boss: int, space: int, value: int) -> int:
        """Seat q takes its action; returns the boss after it."""
        kind = act[0]
        if kind == "boss":
            return self.boss_card(q, boss)
        if kind == "recruit":
            self.recruit(q, act[1])
        elif kind == "travel":
            self.travel_card(q, act[1:], boss, self.offer(boss, space, value))
        else:  # lay family cards face up
            for f in act[1:]:
                self.hands[q][f] -= 1
                self.laid[q][f] += 1
        return boss

    def recruit(self, p: int, f: int) -> None:
        """Seat p plays a recruitment set on family f (a spare investor card while there is
        one, else another seat's), which anyone may stop, its owner first."""
        self.play(p, RECRUIT, RECRUIT_SET)
        if not self.answer(p, self.owner[f], -1):
            self.owner[f] = p

    def answer(self, a: int, target: int, boss: int, o: Offer | None = None) -> bool:
        """Whether the card seat a has just played is stopped.  The rules ("Stopkaart"):
        anyone but its player may answer any card but a stop with a stop card, to protect
        their own deals or to help others; the two cards are discarded together.  Asked in
        turn: the seat the card is aimed at (``target``, -1: none), the boss (-1: no deal),
        then the others clockwise from a's left; the first stop ends it.  The random bot
        tosses a coin; the others stop a card aimed at them and, for a travel card (the
        table's terms ``o``), one against a deal they are in: as boss or bringing a family.
        Variant ``narrow-stops``: only the seat aimed at answers, for travel then the boss."""
        P = self.P
        seats = [target, boss] + [(a + i) % P for i in range(1, P)]
        if self.st.has("narrow-stops"):  # only the seat aimed at; for travel, then the boss
            seats = [target, boss] if o is not None else [target]
        asked = []
        for x in seats:
            if x < 0 or x == a or x in asked:
                continue
            asked.append(x)
            if not self.hands[x][STOP]:
                continue
            if POLICY_CODES[self.st.policies[x]] == RANDOM:
                want = self.rng.bounded(2) == 0
            else:
                in_deal = o is not None and (x == boss or x in o.supplier.values())
                want = x == target or in_deal
            if want:
                self.play(x, STOP)
                return True
        return False

    def boss_card(self, q: int, boss: int) -> int:
        """Seat q plays a boss card, which anyone may stop, the boss first.  Returns the
        boss after it."""
        self.play(q, BOSS)
        if self.answer(q, boss, boss):
            return boss
        self.takeovers[q] += 1
        return q

    def travel_card(self, q: int, target: tuple[int, int], boss: int, o: Offer) -> bool:
        """Seat q plays a travel card (family, card type) against the terms ``o``, which
        anyone may stop: the seat bringing that family first, then the boss.  Returns whether
        it took effect: an investor card is out of this deal, a family card discarded at
        once."""
        f, t = target
        self.play(q, t)
        victim = o.supplier[f]
        if self.answer(q, victim, boss, o):
            return False
        if o.by_card[f]:
            where = self.laid if self.laid[victim][f] else self.hands  # fixed order: the hand
            where[victim][f] -= 1
            self.discard[f] += 1
        else:
            self.travelled[f] = True
        return True

    def settle(self, o: Offer, boss: int, value: int) -> None:
        """A successful deal: the family cards it used are discarded, the others laid go back
        to their players, the bank pays and the boss pays the shares."""
        P = self.P
        for f, p in o.supplier.items():
            if o.by_card[f]:
                if self.laid[p][f]:
                    self.laid[p][f] -= 1
                else:
                    self.hands[p][f] -= 1
                self.discard[f] += 1
                self.played[p] = True
        self.take_back()
        share = list(o.share)
        if self.st.has("card-to-earn"):  # "Zo niet, dan krijg je geen dividend"
            for p in range(P):
                if p != boss and not self.played[p]:
                    share[p] = 0
        elif self.st.has("card-to-earn-discard"):
            for p in sorted(o.consent):
                if not self.played[p]:
                    if self.count(p):
                        self.discard_one(p)
                    else:
                        share[p] = 0
        for p in range(P):
            self.money[p] += share[p]
        self.money[boss] += value - sum(share)
        self.paid += value
        self.boss_deals[boss] += 1

    def wants_boss(self, q: int, boss: int, space: int, value: int) -> bool:
        if POLICY_CODES[self.st.policies[q]] == RANDOM:
            return self.rng.bounded(2) == 0
        mine = self.offer(q, space, value, viewer=q)
        if not mine.ok:
            return False
        now = self.offer(boss, space, value, viewer=q)
        return mine.take > (now.share[q] if now.ok else 0)

    def recruit_target(self, boss: int, space: int) -> int:
        """The first needed family the boss lacks and a recruitment set could take (or -1)."""
        sp = self.cards.spaces[space]
        spare = -1 in self.owner

        def lacks(f):
            return self.owner[f] != boss and not self.hands[boss][f] and not self.laid[boss][f]

        def takeable(f):
            return self.owner[f] == -1 if spare else self.owner[f] >= 0

        for f in range(N_FAMILIES):
            if sp.required >> f & 1 and lacks(f) and takeable(f):
                return f
        have = sum(1 for f in range(N_FAMILIES) if sp.optional >> f & 1 and not lacks(f))
        if have < sp.pick:
            for f in range(N_FAMILIES):
                if sp.optional >> f & 1 and lacks(f) and takeable(f):
                    return f
        return -1

    def travel_target(self, q: int, boss: int, o: Offer):
        """(family, card type) seat q would travel against, or None."""
        if q == boss:
            return None
        suppliers = set(o.supplier.values())
        own_only = False
        if q in suppliers:
            # Under the 2-player rules an owner used without consent may block its own
            # investor when the boss gains more from the deal than it does.
            if not (self.st.two_player_rules and q not in o.consent and o.share[q] < o.take):
                return None
            own_only = True
        slots = [
            f
            for f in sorted(o.supplier)
            if not own_only or (o.supplier[f] == q and not o.by_card[f])
        ]
        for f in slots:
            if self.hands[q][TRAVEL + f]:
                return f, TRAVEL + f
        if slots and self.hands[q][WILD]:
            return slots[0], WILD
        return None

    # --- the turn ------------------------------------------------------------
    def move(self) -> None:
        steps = 1 + self.rng.bounded(6)
        while steps:
            self.marker = (self.marker + 1) % SPACES
            if not self.covered[self.marker]:
                steps -= 1

    def play_game(self) -> int:
        """Play to the end; returns the end reason (0 die, 1 last card, 2 turn cap)."""
        st, P = self.st, self.P
        cur, self.turns = self.start, 0
        n_cards = len(st.stack)
        self.low = self.high = self.cards_in_game()
        while True:
            if self.turns == MAX_TURNS:
                return 2
            self.turns += 1
            n = self.count(cur)
            can_deal = not (st.has("min-hand") and n <= 3)
            forced = st.has("forced-deal") and n >= 10
            shrewd = POLICY_CODES[st.policies[cur]] != RANDOM
            # the patient bot starts deals only once it holds PATIENT_HAND cards
            ready = POLICY_CODES[st.policies[cur]] != PATIENT or n >= PATIENT_HAND
            if not can_deal:
                here = False
            elif shrewd:
                here = ready and self.would_deal(cur, self.marker)
            else:
                here = self.rng.bounded(2) == 0
            if not here:
                self.move()
                if forced:
                    here = True
                elif not can_deal:
                    here = False
                elif shrewd:
                    here = ready and self.would_deal(cur, self.marker)
                else:
                    here = self.rng.bounded(2) == 0
            end = -1
            if here:
                space = self.marker
                ok, boss = self.deal(cur, space)
                nxt = (cur + 1) % P if st.has("fixed-turn") else (boss + 1) % P
                if ok:
                    self.covered[space] = True
                    self.deal_spaces.append(space)
                    while self.covered[self.marker]:
                        self.marker = (self.marker + 1) % SPACES
                    done = len(self.deal_spaces)
                    if done == n_cards:
                        end = 1
                    else:
                        faces = st.rolls_after(done)
                        if faces and faces >> self.rng.bounded(6) & 1:
                            end = 0
                    if end < 0 and st.has("late-limit") and done == 9:
                        self.limit = LATE_LIMIT
                        for p in range(P):
                            self.enforce_limit(p)
            else:
                draws = DRAW
                if st.has("draw-by-investors"):
                    draws = max(1, 4 - self.owner.count(cur))
                for _ in range(draws):
                    if not self.draw(cur):
                        break
                self.enforce_limit(cur)
                nxt = (cur + 1) % P
            total = self.cards_in_game()
            self.low, self.high = min(self.low, total), max(self.high, total)
            assert total == DECK_SIZE, f"deck not conserved: {total}"
            for p in range(P):
                assert self.count(p) <= self.limit
                self.hand_max[p] = max(self.hand_max[p], self.count(p))
            if end >= 0:
                return end
            cur = nxt


def play_game(settings: Settings, seed: int, game: int) -> tuple[Game, int]:
    from tableodds.sim.core.rng import PyStream

    g = Game(settings, PyStream(seed, game), game)
    return g, g.play_game()


def reference_chunk(settings: Settings, seed: int, start: int, count: int):
    """Records of games start .. start+count-1, as the kernel's ``simulate_chunk``."""
    P = settings.players
    rows = {name: [] for name in COLUMNS}
    for i in range(start, start + count):
        g, end = play_game(settings, seed, i)
        spaces = g.deal_spaces + [-1] * (15 - len(g.deal_spaces))
        top, bottom = max(g.money), min(g.money)
        richest = g.money.count(top)
        for p in range(P):
            row = dict(
                game=i,
                seat=p,
                policy=POLICY_CODES[settings.policies[p]],
                position=(p - g.start) % P,
                extra=int(p == g.extra_seat),
                money=g.money[p],
                share=WIN_SHARE // richest if g.money[p] == top else 0,
                boss_deals=g.boss_deals[p],
                started=g.started[p],
                takeovers=g.takeovers[p],
                investors=g.owner.count(p),
                hand=g.count(p),
                hand_max=g.hand_max[p],
                deals=len(g.deal_spaces),
                turns=g.turns,
                end=end,
                paid=g.paid,
                pile=len(g.pile),
                discard=sum(g.discard),
                cards_low=g.low,
                cards_high=g.high,
                spread=top - bottom,
            )
            for k in range(15):
                row[f"d{k + 1:02d}"] = spaces[k]
            for s in range(SPACES):
                row[f"a{s:02d}"] = g.attempts[p][s]
            for name in COLUMNS:
                rows[name].append(row[name])
    return {name: np.array(rows[name], dtype) for name, dtype in COLUMNS.items()}
