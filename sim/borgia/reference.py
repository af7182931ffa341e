"""Plain-Python Borgia: slow and written to be read against the rules.

It shares with the kernel only the random stream, the order of draws and the
bots' card valuation (``policies.card_value``).  State here is Python sets
and dicts (hand and table per player, a host per card); the kernel keeps one
location/owner/host array over card ids.  Every list a draw picks from is in
card-id order (cards) or seat order (players).

Draw order of one game: a Fisher-Yates shuffle of all card ids; per turn after
the first, a shuffle of the stack plus set-aside cards (sorted by id); then
one draw per random choice as the play reaches it.  A choice with one legal
option that belongs to a coin flip or a uniform pick still draws.
"""

from __future__ import annotations

from tableodds.sim.borgia.policies import (
    CARDINAL_WORTH,
    MARKET,
    PRIZE,
    RANDOM,
    card_value,
    factorial,
    keeps_artist,
    office_worth,
    pivot_counts,
)
from tableodds.sim.borgia.rules import (
    ARTIST,
    ASSASSIN,
    AUCTION_METHODS,
    CASH_PER_VP,
    CITY,
    CONDOTTIERE,
    FAMILY,
    MARRIAGE,
    MEDICINE,
    OFFICE,
    POISON,
    POPE_VP,
    SAVONAROLA,
    SIMONY,
    SPY,
    VOTES_PER_CARDINAL,
    Settings,
    attack_columns,
    auction_columns,
    conquest_succeeds,
    election_winner,
    empty_out,
    policy_codes,
    seat_columns,
)
from tableodds.sim.core.rng import PyStream

HOME = -2  # host of a card sheltered by the family seat
# where a card is at the end (the kernel's location codes)
STACK, PILE, ASIDE, DISCARD, HAND, PLAY, SAVO_IN_PLAY, MARRIAGE_IN_PLAY = range(8)
# auction record methods
BID, SPIED, UNSOLD, OPENER = range(len(AUCTION_METHODS))


class Game:
    def __init__(self, settings: Settings, seed: int, game: int):
        self.s = settings
        d = settings.deck
        self.d = d
        self.rng = PyStream(seed, game)
        self.game = game
        self.P = P = settings.players
        self.card = settings.cards
        self.pol = [int(x) for x in policy_codes(settings.policies)]
        self.each_turn = d.patronage == "each_turn"
        self.owed = [0] * P  # D the new pope promised each seller of votes
        self.money = [0] * P
        self.bank = d.bank
        self.cardinals = [d.cardinals] * P
        self.hand = [set() for _ in range(P)]
        self.table = [set() for _ in range(P)]
        self.host: dict[int, int | None] = {}
        self.aside: set[int] = set()
        self.discard: set[int] = set()
        self.stack: list[int] = []
        self.pile: list[int] = []
        self.pope = 0  # the rulebook: the oldest player is pope; seat 0
        self.savonarola = -1  # the Savonarola card while in force
        self.marriage = None  # (card, a, b) while in force
        self.skip = -1
        self.turn = 0
        T = d.turns
        self.vp = {k: [0] * P for k in ("cash", "pope", "office", "artist", "city")}
        self.total = [0] * P
        self.is_pope = [[0] * T for _ in range(P)]
        self.own_votes = [[0] * T for _ in range(P)]
        self.received = [[0] * T for _ in range(P)]
        self.given_vp = [0] * P
        self.given = [0] * P
        self.auctions: list[tuple] = []
        self.attacks: list[tuple] = []

    # --- small utilities ----------------------------------------------------
    def draw(self, n: int) -> int:
        return self.rng.bounded(n)

    def coin(self) -> bool:
        return self.rng.bounded(2) == 1

    def kind(self, c: int) -> int:
        return self.card[c].code

    def owner(self, c: int) -> int:
        for p in range(self.P):
            if c in self.table[p]:
                return p
        return -1

    def pay(self, p: int, amount: int) -> None:
        assert 0 <= amount <= self.money[p]
        self.money[p] -= amount
        self.bank += amount

    def earn(self, p: int, amount: int) -> None:
        self.bank -= amount
        self.money[p] += amount

    def turns_left(self) -> int:
        return self.d.turns - self.turn

    def value(self, c: int) -> int:
        k = self.card[c]
        return int(
            card_value(
                k.code,
                k.power,
                k.income,
                k.vp,
                k.votes,
                k.cost,
                self.turns_left(),
                self.d.city_vp,
                self.each_turn,
            )
        )

    def married(self, a: int, b: int) -> bool:
        return self.marriage is not None and {a, b} == {self.marriage[1], self.marriage[2]}

    def blocked(self, p: int) -> bool:
        """Savonarola: the pope may play no hand cards but an assassin against him."""
        return self.savonarola >= 0 and p == self.pope

    def others(self, p: int) -> list[int]:
        return [q for q in range(self.P) if q != p]

    def weakest(self, candidates: list[int]) -> int:
        """Fewest VP so far, then the lowest seat."""
        return min(candidates, key=lambda q: (self.total[q], q))

    def of_type(self, cards, t: int) -> list[int]:
        return sorted(c for c in cards if self.kind(c) == t)

    # --- cards entering and leaving play ------------------------------------
    def patron(self, p: int, c: int) -> bool:
        """p pays artist c's patronage (True) or refuses it (False)."""
        cost = self.card[c].cost
        if self.money[p] < cost:
            return False
        if self.pol[p] == RANDOM:
            keep = self.coin()
        else:
            keep = keeps_artist(self.card[c].vp, cost, self.turns_left(), self.each_turn)
        if keep:
            self.pay(p, cost)
        return keep

    def upkeep(self, artists: list[list[int]]) -> None:
        """Start of a later turn: patronage for the artists kept from the last one; an
        artist not paid for is set aside (rulebook: "niet wil onderhouden")."""
        for p in range(self.P):
            for c in artists[p]:
                if c in self.table[p] and not self.patron(p, c):
                    self.rehouse(self.remove(c))
                    self.aside.add(c)

    def receive(self, p: int, c: int) -> None:
        """A card reaches player p: the mandatory types go face up at once."""
        t = self.kind(c)
        if t == ARTIST and not self.patron(p, c):
            self.aside.add(c)  # the rulebook: an artist whose patronage is refused is set aside
            return
        if t in (CITY, OFFICE, ARTIST, FAMILY):
            self.table[p].add(c)
            self.host[c] = None
            self.rehouse(p)
        else:
            self.hand[p].add(c)

    def hosted(self, city: int) -> list[int]:
        return sorted(c for c, h in self.host.items() if h == city)

    def rehouse(self, p: int) -> None:
        """Shelter p's unprotected offices, artists and families: the first city
        (by id) with no card of that type, else the family seat if it has room."""
        cities = self.of_type(self.table[p], CITY)
        for c in sorted(self.table[p]):
            t = self.kind(c)
            if t not in (OFFICE, ARTIST, FAMILY) or self.host[c] is not None:
                continue
            for city in cities:
                if all(self.kind(h) != t for h in self.hosted(city)):
                    self.host[c] = city
                    break
            else:
                room = {OFFICE: self.d.home_offices, ARTIST: self.d.home_artists}.get(t, 0)
                at_home = sum(
                    1 for h in self.table[p] if self.host[h] == HOME and self.kind(h) == t
                )
                if at_home < room:
                    self.host[c] = HOME

    def remove(self, c: int) -> int:
        """Take a card out of play (a city takes its sheltered cards along)."""
        p = self.owner(c)
        self.table[p].discard(c)
        del self.host[c]
        return p

    def transfer(self, c: int, q: int) -> None:
        """Card c (with a city's sheltered cards) changes hands to q."""
        p = self.owner(c)
        group = [c] + (self.hosted(c) if self.kind(c) == CITY else [])
        for g in group:
            self.table[p].discard(g)
            self.table[q].add(g)
        self.host[c] = None
        self.rehouse(p)
        self.rehouse(q)

    # --- the player phase ---------------------------------------------------
    def player_turn(self, p: int) -> None:
        spies = self.of_type(self.hand[p], SPY)
        use_spy = False
        if spies and not self.blocked(p):
            use_spy = self.coin() if self.pol[p] == RANDOM else True
        c = self.pile.pop(0)
        if use_spy:
            self.hand[p].remove(spies[0])
            self.discard.add(spies[0])
            self.auctions.append((self.turn, c, SPIED, 0, p, p))
            self.receive(p, c)
        else:
            self.auction(p, c)
        self.play_cards(p)
        self.conquer(p)

    def bid(self, q: int, c: int, high: int) -> int:
        """q's new bid, or 0 to pass."""
        if self.pol[q] == RANDOM:
            if self.money[q] <= high or not self.coin():
                return 0
            return high + 1 + self.draw(min(10, self.money[q] - high))
        limit = min(self.value(c), self.money[q])
        return high + 1 if limit > high else 0

    def auction(self, opener: int, c: int) -> None:
        """Clockwise from the opener; a pass is final; the last bidder standing buys."""
        high, holder = 0, -1
        active = [True] * self.P
        cur = opener
        while True:
            if active[cur] and cur != holder:
                b = self.bid(cur, c, high)
                if b > high:
                    high, holder = b, cur
                else:
                    active[cur] = False
            if not any(active[q] and q != holder for q in range(self.P)):
                break
            cur = (cur + 1) % self.P
        if holder >= 0:
            self.pay(holder, high)
            self.auctions.append((self.turn, c, BID, high, holder, opener))
            self.receive(holder, c)
        elif self.d.unsold == "opener":
            self.auctions.append((self.turn, c, OPENER, 0, opener, opener))
            self.receive(opener, c)
        else:
            self.auctions.append((self.turn, c, UNSOLD, 0, -1, opener))
            self.aside.add(c)

    def play_cards(self, p: int) -> None:
        if self.blocked(p):
            assassins = self.of_type(self.hand[p], ASSASSIN)
            if assassins and (self.pol[p] != RANDOM or self.coin()):
                self.kill(p, self.savonarola, assassins[0])
            if self.blocked(p):
                return
        for c in self.of_type(self.hand[p], SPY):
            self.play_spy(p, c)
        for c in self.of_type(self.hand[p], ASSASSIN):
            self.play_death(p, c, assassin=True)
        for c in self.of_type(self.hand[p], POISON):
            self.play_death(p, c, assassin=False)
        for c in self.of_type(self.hand[p], SAVONAROLA):
            if p != self.pope and self.savonarola < 0 and not self.married(p, self.pope):
                if self.pol[p] != RANDOM or self.coin():
                    self.hand[p].remove(c)
                    self.savonarola = c
        for c in self.of_type(self.hand[p], MARRIAGE):
            if self.marriage is None:
                if self.pol[p] == RANDOM:
                    if not self.coin():
                        continue
                    q = self.others(p)[self.draw(self.P - 1)]
                else:
                    q = max(self.others(p), key=lambda r: (len(self.hand[r]), -r))
                self.hand[p].remove(c)
                self.marriage = (c, p, q)

    def play_spy(self, p: int, c: int) -> None:
        victims = [q for q in self.others(p) if self.hand[q] and not self.married(p, q)]
        if not victims:
            return
        if self.pol[p] == RANDOM:
            if not self.coin():
                return
            v = victims[self.draw(len(victims))]
        else:
            if len(self.of_type(self.hand[p], SPY)) < 2:
                return  # keep the last spy for an auction
            v = max(victims, key=lambda q: (len(self.hand[q]), -q))
        loot = sorted(self.hand[v])
        taken = loot[self.draw(len(loot))]
        self.hand[v].remove(taken)
        self.hand[p].remove(c)
        self.discard.add(c)
        self.hand[p].add(taken)

    def play_death(self, p: int, c: int, assassin: bool) -> None:
        kinds = (OFFICE,) if assassin else (OFFICE, ARTIST)
        rivals = [q for q in self.others(p) if not self.married(p, q)]
        victims = sorted(x for q in rivals for x in self.table[q] if self.kind(x) in kinds)
        if self.pol[p] == RANDOM:
            targets = list(victims)
            if self.marriage is not None:
                targets.append(self.marriage[0])
            if assassin and self.savonarola >= 0:
                targets.append(self.savonarola)
            targets.sort()
            if not targets or not self.coin():
                return
            t = targets[self.draw(len(targets))]
        else:
            if not victims:
                return
            key = (lambda x: self.card[x].votes) if assassin else (lambda x: self.card[x].vp)
            t = max(victims, key=lambda x: (key(x), -x))
        if not assassin and self.kind(t) in (OFFICE, ARTIST):
            o = self.owner(t)
            meds = self.of_type(self.hand[o], MEDICINE)
            if meds and not self.blocked(o) and self.money[o] >= self.card[meds[0]].cost:
                if self.pol[o] != RANDOM or self.coin():
                    self.pay(o, self.card[meds[0]].cost)
                    self.hand[o].remove(meds[0])
                    self.discard.add(meds[0])
                    self.hand[p].remove(c)
                    self.discard.add(c)
                    return
        self.kill(p, t, c)

    def kill(self, p: int, t: int, c: int) -> None:
        """Death card c (from p's hand) strikes t."""
        self.hand[p].remove(c)
        self.discard.add(c)
        k = self.kind(t)
        if k == MARRIAGE:
            self.marriage = None
            self.discard.add(t)
        elif k == SAVONAROLA:
            self.savonarola = -1
            self.discard.add(t)
        elif k == ARTIST:
            self.rehouse(self.remove(t))
            self.discard.add(t)  # the rulebook: a dead artist leaves the game
        else:  # an office: the pope hands it on, anyone else sets it aside
            victim = self.remove(t)
            self.rehouse(victim)
            if p == self.pope:
                if self.pol[p] == RANDOM:
                    r = self.others(p)[self.draw(self.P - 1)]
                else:
                    r = self.weakest([q for q in self.others(p) if q != victim])
                self.table[r].add(t)
                self.host[t] = None
                self.rehouse(r)
            else:
                self.aside.add(t)

    # --- conquest -------------------------------------------------------------
    def defence(self, t: int) -> int:
        base = self.card[t].power
        if self.kind(t) == CITY:
            base += sum(self.card[h].power for h in self.hosted(t))
        return base

    def force(self, p: int, cond: list[int]) -> list[int]:
        """Strongest first, as far as p's cash pays."""
        budget, out = self.money[p], []
        for c in sorted(cond, key=lambda x: (-self.card[x].power, x)):
            if self.card[c].cost <= budget:
                out.append(c)
                budget -= self.card[c].cost
        return sorted(out)

    def random_force(self, p: int, cond: list[int]) -> list[int]:
        chosen = [c for c in cond if self.coin()]
        budget, out = self.money[p], []
        for c in chosen:
            if self.card[c].cost <= budget:
                out.append(c)
                budget -= self.card[c].cost
        return out

    def conquer(self, p: int) -> None:
        for _ in range(self.d.max_attacks):
            choice = self.attack_choice(p)
            if choice is None:
                return
            self.resolve(p, *choice)

    def attack_choice(self, p: int) -> tuple[int, list[int]] | None:
        """p's next attack, (target, condottieri committed), or None to stop."""
        rivals = [q for q in self.others(p) if not self.married(p, q)]
        targets = sorted(
            x
            for q in rivals
            for x in self.table[q]
            if self.kind(x) == CITY
            or (self.kind(x) in (OFFICE, ARTIST, FAMILY) and self.host[x] is None)
        )
        if not targets:
            return None
        mine = [] if self.blocked(p) else self.of_type(self.hand[p], CONDOTTIERE)
        if self.pol[p] == RANDOM:
            if not self.coin():
                return None
            t = targets[self.draw(len(targets))]
            att = self.random_force(p, mine)
        else:
            att = self.force(p, mine)
            strength = sum(self.card[c].power for c in att)
            # p cannot see a rival's hand: each of its cards is a condottiere of the
            # average strength among the cards hidden from p (stack, pile, other hands)
            hidden = self.hidden_from(p)
            n_hidden = max(len(hidden), 1)
            s_hidden = sum(self.card[c].power for c in hidden if self.kind(c) == CONDOTTIERE)
            best, best_value = -1, -1
            for x in targets:
                q = self.owner(x)
                k = 0 if self.blocked(q) else len(self.hand[q])
                expected = self.defence(x) * n_hidden + k * s_hidden
                if expected == 0 or strength * n_hidden > expected:
                    v = self.value(x) + sum(self.value(h) for h in self.hosted(x))
                    if v > best_value:
                        best, best_value = x, v
            if best < 0:
                return None
            t = best
        return t, att

    def hidden_from(self, p: int) -> list[int]:
        """The cards p cannot see: the stack, the face-down pile and the other hands."""
        cards = set(self.stack) | set(self.pile)
        for q in self.others(p):
            cards |= self.hand[q]
        return sorted(cards)

    def defence_choice(self, q: int, p: int, base: int) -> list[int]:
        """The condottieri q commits in secret against p's attack on a target of defence base."""
        mine = [] if self.blocked(q) else self.of_type(self.hand[q], CONDOTTIERE)
        if self.pol[q] == RANDOM:
            return self.random_force(q, mine)
        # the attacker's condottieri are secret: defend whenever his hand might hold one
        return self.force(q, mine) if self.hand[p] or base == 0 else []

    def resolve(self, p: int, t: int, att: list[int]) -> None:
        q = self.owner(t)
        base = self.defence(t)
        dfd = self.defence_choice(q, p, base)
        attack = sum(self.card[c].power for c in att)
        defence = base + sum(self.card[c].power for c in dfd)
        for who, used in ((p, att), (q, dfd)):
            for c in used:
                self.pay(who, self.card[c].cost)
                self.hand[who].remove(c)
                self.aside.add(c)  # the rulebook: used condottieri are set aside, not discarded
        won = conquest_succeeds(attack, defence)
        self.attacks.append((self.turn, p, q, t, base, attack, defence, int(won)))
        if won:
            self.transfer(t, p)

    # --- end of a turn --------------------------------------------------------
    def income(self) -> None:
        for p in range(self.P):
            self.earn(
                p, sum(self.card[c].income for c in self.table[p] if self.kind(c) in (CITY, OFFICE))
            )

    def vote(self, p: int, own: list[int]) -> int:
        """The candidate p votes for (own: every player's votes, all face up)."""
        if self.pol[p] == RANDOM:
            return self.draw(self.P)
        if own[p] == max(own):
            return p
        behind = [q for q in self.others(p) if self.total[q] <= self.total[p]]
        return max(behind, key=lambda q: (own[q], -q)) if behind else p

    def later(self) -> int:
        """Scorings after this turn's: what an office or cardinal paid now is worth for."""
        return self.turns_left() - 1

    def budget(self) -> int:
        """D a new pope can pay: every office in play (he redistributes them all, unless his
        bot keeps them where they lie: rules.POPE_OFFICES) and, if he hands out cardinals and
        an election follows, every token left in the box."""
        later = self.later()
        total = sum(
            office_worth(self.card[c].income, self.card[c].vp, self.card[c].votes, later)
            for p in range(self.P)
            for c in self.table[p]
            if self.kind(c) == OFFICE and self.s.pope_offices == "always"
        )
        if self.d.cardinal_deal == "hand_out" and later > 0:
            total += CARDINAL_WORTH * (self.d.cardinal_tokens - sum(self.cardinals))
        return total

    def market(self, own: list[int]) -> tuple[int, dict[int, int]]:
        """The vote market among the market bots: (buyer, {seller: price in D}) or (-1, {}).

        Each seat's price is its Shapley-Shubik index in the majority vote [quota; own
        votes] times the prize (10 VP = 100 D), rounded up. Every market bot without a
        majority of its own looks for the cheapest set of other market bots whose votes
        with its own reach a majority and that the new pope's budget pays; the cheapest
        such deal over all buyers is struck (ties: more own votes, then clockwise from
        the pope, then the lower set of seats). Its sellers vote for the buyer; the buyer,
        once pope, pays them at the redistribution."""
        P = self.P
        quota = sum(own) // 2 + 1
        traders = [p for p in range(P) if self.pol[p] == MARKET]
        if len(traders) < 2 or max(own) >= quota:
            return -1, {}
        counts = [0] * P
        pivot_counts(own, quota, counts)
        f = factorial(P)
        price = [(counts[p] * PRIZE + f - 1) // f for p in range(P)]
        budget = self.budget()
        best = None
        for k in range(P):
            c = (self.pope + k) % P
            if c not in traders:
                continue
            for m in range(1, 1 << P):
                seats = [q for q in range(P) if (m >> q) & 1]
                if any(q == c or q not in traders for q in seats):
                    continue
                if own[c] + sum(own[q] for q in seats) < quota:
                    continue
                cost = sum(price[q] for q in seats)
                key = (cost, -own[c], k, m)
                if cost <= budget and (best is None or key < best[0]):
                    best = (key, c, {q: price[q] for q in seats})
        return (-1, {}) if best is None else (best[1], best[2])

    def election(self) -> int:
        own = [
            VOTES_PER_CARDINAL * self.cardinals[p]
            + sum(self.card[c].votes for c in self.table[p] if self.kind(c) == OFFICE)
            for p in range(self.P)
        ]
        received = [0] * self.P
        buyer, sellers = self.market(own)
        self.owed = [0] * self.P
        for p in range(self.P):
            if p == buyer or p in sellers:
                received[buyer] += own[p]
                self.owed[p] = sellers.get(p, 0)
            else:
                received[self.vote(p, own)] += own[p]
        for p in range(self.P):
            self.own_votes[p][self.turn] = own[p]
            self.received[p][self.turn] = received[p]
        return election_winner(received, self.pope)

    def score(self, pope: int) -> None:
        for p in range(self.P):
            mine = self.table[p]
            parts = {
                "cash": self.money[p] // CASH_PER_VP,
                "pope": POPE_VP if p == pope else 0,
                "office": sum(self.card[c].vp for c in mine if self.kind(c) == OFFICE),
                "artist": sum(self.card[c].vp for c in mine if self.kind(c) == ARTIST),
                "city": sum(self.card[c].vp for c in mine if self.kind(c) == CITY)
                if self.d.city_vp
                else 0,
            }
            for k, v in parts.items():
                self.vp[k][p] += v
                self.total[p] += v

    def redistribute(self) -> None:
        """Seed: the pope may redistribute all offices, his own to the other players (whether
        a value or market pope does is rules.POPE_OFFICES; a random pope does); then he may
        hand out cardinals; then simony may be played against him."""
        pope, P = self.pope, self.P
        got = [False] * P
        keep = self.s.pope_offices == "never" and self.pol[pope] != RANDOM
        offices = sorted(c for q in range(P) for c in self.table[q] if self.kind(c) == OFFICE)
        if keep:
            offices = []  # every office stays where it lies, his own with him
        if self.turn < self.d.turns - 1 and not keep:
            for c in self.of_type(self.table[pope], OFFICE):
                self.given_vp[pope] += self.card[c].vp
                self.given[pope] += 1
        if self.pol[pope] == RANDOM:
            deal = [(c, self.others(pope)[self.draw(P - 1)]) for c in offices]
        else:
            # most votes first, each to the rival with the fewest votes so far (then fewest
            # VP, lowest seat): spreading the votes keeps any rival from outvoting him
            # promises first: each office to the seller still owed most (ties: lower seat)
            tally = [VOTES_PER_CARDINAL * self.cardinals[q] for q in range(P)]
            deal = []
            later = self.later()
            for c in sorted(offices, key=lambda c: (-self.card[c].votes, c)):
                owed = [q for q in self.others(pope) if self.owed[q] > 0]
                if owed:
                    r = max(owed, key=lambda q: (self.owed[q], -q))
                    k = self.card[c]
                    self.owed[r] -= office_worth(k.income, k.vp, k.votes, later)
                else:
                    r = min(self.others(pope), key=lambda q: (tally[q], self.total[q], q))
                tally[r] += self.card[c].votes
                deal.append((c, r))
        for c, r in deal:
            if self.owner(c) != r:
                self.transfer(c, r)
            got[r] = True
        self.hand_out_cardinals(got)
        if self.turn >= self.d.turns - 1:
            return  # no player phase follows: simony would change nothing
        for k in range(1, P):  # the rulebook: no limit on accusations; each accuser plays one card
            q = (pope + k) % P
            cards = self.of_type(self.hand[q], SIMONY)
            if not cards or self.married(q, pope):
                continue
            if self.pol[q] == RANDOM:
                play = self.coin()
            else:  # the rulebook's grievance, and only while the pope is not yet convicted
                play = not got[q] and self.skip != pope
            if not play:
                continue
            self.hand[q].remove(cards[0])
            self.discard.add(cards[0])
            yes = self.cardinals[q]
            no = self.cardinals[pope]
            for r in range(P):
                if r in (q, pope):
                    continue
                agree = self.coin() if self.pol[r] == RANDOM else not got[r]
                if agree:
                    yes += self.cardinals[r]
                else:
                    no += self.cardinals[r]
            if yes > no:
                self.skip = (
                    pope  # the rulebook: the pope sits out one turn of the next player phase
                )

    def hand_out_cardinals(self, got: list[bool]) -> None:
        pope, P = self.pope, self.P
        if self.d.cardinal_deal == "redeal":
            # literal reading: all cardinals come back and are dealt again
            if self.pol[pope] == RANDOM:
                return
            total = sum(self.cardinals)
            m = (total - 1 + P - 1) // P if total else 0
            mine = min(m + 1, total)
            rest = total - mine
            new = [0] * P
            new[pope] = mine
            for q in sorted(self.others(pope), key=lambda q: (self.total[q], q)):
                new[q] = min(m, rest)
                rest -= new[q]
            self.cardinals = new
            for q in self.others(pope):
                got[q] = got[q] or new[q] > 0
            return
        # natural reading: new tokens from the box, the pope himself at most one more than
        # anyone he gives most; players keep the cardinals they have
        supply = self.d.cardinal_tokens - sum(self.cardinals)
        if self.pol[pope] == RANDOM:
            top = 0
            for q in self.others(pope):
                g = min(self.draw(3), supply)
                self.cardinals[q] += g
                supply -= g
                top = max(top, g)
                got[q] = got[q] or g > 0
            self.cardinals[pope] += min(self.draw(top + 2), supply)
        else:
            # what is still owed for votes, in cardinals (rounded up) while an election
            # follows; himself one more than the most he gave (one when he gave none)
            top = 0
            for q in self.others(pope):
                if self.owed[q] > 0 and self.later() > 0:
                    g = min(-(-self.owed[q] // CARDINAL_WORTH), supply)
                    self.cardinals[q] += g
                    self.owed[q] -= g * CARDINAL_WORTH
                    supply -= g
                    top = max(top, g)
                    got[q] = got[q] or g > 0
            self.cardinals[pope] += min(top + 1, supply)

    def end_turn(self) -> None:
        self.income()
        winner = self.election()
        self.score(winner)
        self.pope = winner
        self.is_pope[winner][self.turn] = 1
        self.redistribute()
        if self.marriage is not None:
            self.discard.add(self.marriage[0])
            self.marriage = None
        if self.savonarola >= 0:
            self.discard.add(self.savonarola)
            self.savonarola = -1

    # --- the game -------------------------------------------------------------
    def shuffle(self, cards: list[int]) -> list[int]:
        cards = list(cards)
        for i in range(len(cards) - 1, 0, -1):
            j = self.draw(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        return cards

    def play(self) -> None:
        s, P = self.s, self.P
        for p in range(P):
            self.earn(p, self.d.money)
        deck = self.shuffle(range(s.dealt))
        for p in range(P):
            for c in deck[p * s.hand : (p + 1) * s.hand]:
                self.receive(p, c)
        k = P * s.hand
        self.pile, self.stack = deck[k : k + s.auction], deck[k + s.auction :]
        if s.extra is not None:  # the card-worth analysis: one card more for one seat
            self.receive(self.game % P, s.dealt)
        for self.turn in range(self.d.turns):  # noqa: B020 (the methods read self.turn)
            if self.turn > 0:
                kept = [self.of_type(self.table[p], ARTIST) for p in range(P)]
                deck = self.shuffle(sorted(self.stack + sorted(self.aside)))
                self.aside = set()
                for p in range(min(P, len(deck))):
                    self.receive(p, deck[p])
                for p in range(P):
                    self.earn(p, self.d.family_income)
                if self.each_turn:
                    self.upkeep(kept)
                self.pile, self.stack = deck[P : P + s.auction], deck[P + s.auction :]
            skip, self.skip = self.skip, -1
            cur = self.pope
            while self.pile:
                if cur == skip:
                    skip = -1
                else:
                    self.player_turn(cur)
                cur = (cur + 1) % P
            self.end_turn()

    def where(self) -> tuple[list[int], list[int], list[int]]:
        """(location code, owner, host) of every card at the end."""
        n = len(self.card)
        loc, own, host = [STACK] * n, [-1] * n, [-1] * n
        for c in self.pile:
            loc[c] = PILE
        for c in self.aside:
            loc[c] = ASIDE
        for c in self.discard:
            loc[c] = DISCARD
        for p in range(self.P):
            for c in self.hand[p]:
                loc[c], own[c] = HAND, p
            for c in self.table[p]:
                loc[c], own[c] = PLAY, p
                h = self.host[c]
                host[c] = -1 if h is None else h
        return loc, own, host


def play_game(settings: Settings, seed: int, game: int) -> Game:
    g = Game(settings, seed, game)
    g.play()
    return g


def reference_arrays(settings: Settings, seed: int, start: int, count: int) -> dict:
    """The reference's games as the same arrays the kernel fills (see rules.empty_out)."""
    out = empty_out(settings, count)
    for i in range(count):
        g = play_game(settings, seed, start + i)
        for p in range(settings.players):
            out["parts"][i, p] = [g.vp[k][p] for k in ("cash", "pope", "office", "artist", "city")]
            out["money"][i, p] = g.money[p]
            out["cardinals"][i, p] = g.cardinals[p]
            out["given_vp"][i, p] = g.given_vp[p]
            out["given"][i, p] = g.given[p]
            out["is_pope"][i, p] = g.is_pope[p]
            out["own_votes"][i, p] = g.own_votes[p]
            out["received"][i, p] = g.received[p]
        out["bank"][i] = g.bank
        loc, own, host = g.where()
        out["loc"][i], out["owner"][i], out["host"][i] = loc, own, host
        out["n_auctions"][i] = len(g.auctions)
        for k, row in enumerate(g.auctions):
            out["auctions"][i, k] = row
        out["n_attacks"][i] = len(g.attacks)
        for k, row in enumerate(g.attacks):
            out["attacks"][i, k] = row
    return out


def reference_chunk(settings: Settings, seed: int, start: int, count: int):
    return seat_columns(reference_arrays(settings, seed, start, count), settings, start)


def auction_chunk(settings: Settings, seed: int, start: int, count: int):
    return auction_columns(reference_arrays(settings, seed, start, count), settings, start)


def attack_chunk(settings: Settings, seed: int, start: int, count: int):
    return attack_columns(reference_arrays(settings, seed, start, count), settings, start)
