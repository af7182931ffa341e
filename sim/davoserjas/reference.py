"""Plain-Python Davoserjas: slow and written to be read against the rules.

It shares only the random stream and its draw order with the kernel (see
``kernel.py``): a Fisher-Yates deal of the undealt cards in id order, then one
draw per random-policy play.  Everything else (following suit, trick winners,
the Kabalen rows, the bots, scoring) is written again from the rules, so that
agreement between the two is evidence that both are right.
"""

from __future__ import annotations

import itertools

from tableodds.sim.core.rng import PyStream
from tableodds.sim.davoserjas.rules import (
    KABALEN_HOLD,
    POLICY_PARTS,
    SEVEN,
    TRICK_DUCK,
    Settings,
    deck_mask,
    hand_size,
    to_columns,
)


def suit(c: int) -> int:
    return c // 13


def rank(c: int) -> int:
    return c % 13


def deal(stream: PyStream, settings: Settings, fixed_seat: int, fixed_hand: set[int]):
    mask = deck_mask(settings.players)
    cards = [c for c in range(52) if mask >> c & 1 and c not in fixed_hand]
    for i in range(len(cards) - 1, 0, -1):
        j = stream.bounded(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    hands, size, k = [], hand_size(settings.players), 0
    for p in range(settings.players):
        if p == fixed_seat:
            hands.append(set(fixed_hand))
        else:
            hands.append(set(cards[k : k + size]))
            k += size
    return hands


def choose_random(stream: PyStream, legal: list[int]) -> int:
    return sorted(legal)[stream.bounded(len(legal))]


def choose_duck(hand, legal, trick, penalty, last_to_play: bool) -> int:
    """Lead low; follow under the winner; when void shed the most penalised card."""
    if not trick:
        return min(hand, key=lambda c: (rank(c), c))
    led = suit(trick[0])
    if suit(legal[0]) == led:
        winner = max(c for c in trick if suit(c) == led)
        under = [c for c in legal if c < winner]
        if under:
            return max(under)
        return max(legal) if last_to_play else min(legal)
    return max(legal, key=lambda c: (penalty[c], rank(c), c))


def kabalen_row_after(c: int, strict: bool, mask: int) -> list[int]:
    """Cards that may be laid once c lies in its row (ace low, K the top)."""
    s, r = suit(c), rank(c)
    if r == SEVEN:
        return [c - 1, c + 1]
    if SEVEN < r < 11:
        return [c + 1]
    if r == 1 and not mask >> (13 * s) & 1:  # the 3, with the 2 out of the deck
        return [] if strict else [13 * s + 12]
    if 0 < r < SEVEN:
        return [c - 1]
    if r == 0:
        return [13 * s + 12]
    return []


def choose_hold(hand, legal) -> int:
    """Lay the card that frees most of one's own cards; prefer keeping 7s."""

    def freed(c):
        s, r = suit(c), rank(c)
        mine = [d for d in hand if suit(d) == s and d != c]
        if r == SEVEN:
            return len(mine)
        if SEVEN < r < 12:
            return sum(1 for d in mine if r < rank(d) < 12)
        if r == 12:
            return 0
        return sum(1 for d in mine if rank(d) < r or rank(d) == 12)

    return max(sorted(legal), key=lambda c: (2 * freed(c) + (rank(c) != SEVEN), -c))


def _behind_kabalen(c: int) -> set[int]:
    """Cards of c's suit that can only be laid after c (the ``hold`` bot's count)."""
    s, r = suit(c), rank(c)
    row = [13 * s + q for q in range(13) if q != r]
    if r == SEVEN:
        return set(row)
    if SEVEN < r < 12:
        return {d for d in row if r < rank(d) < 12}
    if r == 12:
        return set()
    return {d for d in row if rank(d) < r or rank(d) == 12}


def counting_view(history, seat, players):
    """What a seat has seen of a trick round: the cards played and each seat's known voids.

    ``history`` lists (seat, card) for every play of the deal so far, in order.
    """
    played, voids = set(), [set() for _ in range(players)]
    for i, (p, c) in enumerate(history):
        trick_start = i - i % players
        led = suit(history[trick_start][1])
        if suit(c) != led:
            voids[p].add(led)
        played.add(c)
    return played, voids


def choose_counting(
    hand, legal, trick, played, voids, seat, players, penalty, extra, card_round, mask
):
    """The counting bot in a trick round (rules in ``counting.py``'s docstring).

    ``extra`` is the trick's own penalty (per trick, first/last); ``played`` every
    card played this deal, ``voids`` the suits each seat has shown out of.
    """
    unseen = {c for c in range(52) if mask >> c & 1} - set(hand) - played

    def danger(c):
        return sum(1 for d in unseen if suit(d) == suit(c) and d < c)

    if extra == 0 and not card_round:  # a free trick: shed the most dangerous card
        return max(legal, key=lambda c: (danger(c), rank(c), c))
    if not trick:

        def lead_key(c):
            beaten = any(suit(d) == suit(c) and d > c for d in unseen)
            void_others = sum(1 for q in range(players) if q != seat and suit(c) in voids[q])
            return (not beaten, int(penalty[c]), void_others, rank(c), c)

        return min(legal, key=lead_key)
    last = len(trick) == players - 1
    led = suit(trick[0])
    if suit(legal[0]) == led:
        so_far = extra + sum(int(penalty[c]) for c in trick)
        if last and so_far == 0 and card_round:
            clean = [c for c in legal if penalty[c] == 0]
            if clean:
                return max(clean)
        winner = max(c for c in trick if suit(c) == led)
        under = [c for c in legal if c < winner]
        if under:
            return max(under, key=lambda c: (int(penalty[c]), c))
        if last:
            return max(legal, key=lambda c: (-int(penalty[c]), c))
        return min(legal)
    return max(legal, key=lambda c: (int(penalty[c]), danger(c), rank(c), c))


def choose_counting_kabalen(hand, legal, laid, strict, mask, seat, sizes, barred, pool) -> int:
    """The counting bot in Kabalen: free own cards, open few cards for the others,
    least of all one that a seat about to go out may still hold (``barred[q]``: the
    cards open when seat q passed, which q does not hold; ``sizes``: hand sizes).
    Under the pool scoring the seats about to go out are not singled out."""
    from tableodds.sim.davoserjas.counting import SHORT, THREAT

    unseen = {c for c in range(52) if mask >> c & 1} - set(hand) - laid
    near_out = [] if pool else [q for q, n in enumerate(sizes) if q != seat and 0 < n <= SHORT]

    def score(c):
        opened = set(kabalen_row_after(c, strict, mask))
        for_others = opened & unseen
        threats = [d for d in for_others if any(d not in barred[q] for q in near_out)]
        return (
            4 * len(_behind_kabalen(c) & hand)
            + 2 * len(opened & hand)
            - 2 * len(for_others)
            - THREAT * len(threats)
            + (rank(c) != SEVEN)
        )

    return max(sorted(legal), key=lambda c: (score(c), -c))


def counting_kabalen_move(hands, seat, laid, open_cards, settings, barred):
    """The counting bot's Kabalen card for ``seat`` given the full table (``hands``),
    the cards laid, the open places and the passes seen (``barred[q]``: the cards
    open when q passed); it reads only the seat's own hand, what lies on the table,
    the passes and the other hands' sizes."""
    mask = deck_mask(settings.players)
    legal = sorted(hands[seat] & open_cards)
    sizes = [len(h) for h in hands]
    strict, pool = settings.gaps == "strict", settings.kabalen_scoring == "pool"
    return choose_counting_kabalen(
        hands[seat], legal, laid, strict, mask, seat, sizes, barred, pool
    )


def counting_move(hands, seat, history, settings, rnd, t):
    """The counting bot's card for ``seat`` given the full table (``hands``) and the
    deal's ``history``; it reads only the seat's own hand and the history."""
    players = settings.players
    trick = [c for _, c in history[len(history) - len(history) % players :]]
    hand = hands[seat]
    follow = [c for c in hand if trick and suit(c) == suit(trick[0])]
    legal = sorted(follow or hand)
    played, voids = counting_view(history, seat, players)
    penalty = rnd.card_penalties()
    size = hand_size(players)
    extra = (
        rnd.per_trick
        + (rnd.first_trick if t == 0 else 0)
        + (rnd.last_trick if t == size - 1 else 0)
    )
    return choose_counting(
        hand,
        legal,
        trick,
        played,
        voids,
        seat,
        players,
        penalty,
        extra,
        bool(penalty.any()),
        deck_mask(players),
    )


class _Deal:
    """What a trick round's scoring needs, for the search bot's play-outs."""

    def __init__(self, settings, rnd):
        self.players, self.size = settings.players, hand_size(settings.players)
        self.mask = deck_mask(settings.players)
        self.penalty = rnd.card_penalties()
        self.card_round = bool(self.penalty.any())
        self.rnd = rnd

    def extra(self, t):
        return (
            self.rnd.per_trick
            + (self.rnd.first_trick if t == 0 else 0)
            + (self.rnd.last_trick if t == self.size - 1 else 0)
        )

    def nothing_left(self, trick_points, played):
        """Whether no seat can take a point from here: the current trick carries
        none so far (its trick penalties included) and no penalised card, per-trick
        or last-trick penalty is left."""
        return (
            trick_points == 0
            and self.rnd.per_trick == 0
            and self.rnd.last_trick == 0
            and not any(
                self.penalty[c] for c in range(52) if self.mask >> c & 1 and c not in played
            )
        )


def sample_world(stream, unseen, sizes, voids, me, players):
    """Hidden cards dealt to the other seats, as ``search.sample_world`` describes."""
    from tableodds.sim.davoserjas.search import ATTEMPTS

    for attempt in range(ATTEMPTS):
        world = [set() for _ in range(players)]
        room = list(sizes)
        room[me] = 0
        ok = True
        for c in sorted(unseen):
            seats = [q for q in range(players) if room[q] > 0 and suit(c) not in voids[q]]
            if not seats:
                if attempt < ATTEMPTS - 1:
                    ok = False
                    break
                seats = [q for q in range(players) if room[q] > 0]
            r = stream.bounded(sum(room[q] for q in seats))
            for q in seats:
                if r < room[q]:
                    world[q].add(c)
                    room[q] -= 1
                    break
                r -= room[q]
        if ok:
            return world
    return world


def _ways(g, st, key, u, rooms, seats, voids, stop=None):
    """The splits of ``u`` cards of suit ``st`` over ``seats`` with ``rooms`` left
    (none to a seat void in the suit), in ``search._ways``'s order (first seat
    fastest), weighted by multinomial x g[st + 1][rooms - split]; returns the
    total, or with ``stop`` the first split at which the running total exceeds it."""
    from tableodds.sim.davoserjas.search import BINOM

    m = len(seats)
    ranges = [
        range(0, (min(rooms[i], u) if st not in voids[seats[i]] else 0) + 1) for i in range(m - 1)
    ]
    total = 0.0
    for head in itertools.product(*reversed(ranges)):
        n = list(reversed(head))
        left = u - sum(n)
        if not (0 <= left <= rooms[m - 1]) or (left and st in voids[seats[m - 1]]):
            continue
        n.append(left)
        w, k = 1.0, u
        for x in n:
            w *= float(BINOM[k, x])
            k -= x
        total += w * g[st + 1].get(tuple(r - x for r, x in zip(rooms, n)), 0.0)
        if stop is not None and total > stop:
            return n
    return total


def sample_uniform(stream, unseen, sizes, voids, me, players, tries):
    """Hidden cards dealt to the other seats uniformly over the consistent deals,
    as ``search.sample_uniform`` describes (the same draws)."""
    from tableodds.sim.davoserjas.search import TABLE

    voids = [set(v) for v in voids]
    world = [set() for _ in range(players)]
    room = [sizes[q] if q != me else 0 for q in range(players)]
    rest = set(unseen)
    for st in range(4):
        cards = {c for c in unseen if suit(c) == st}
        if not cards:
            continue
        able = [q for q in range(players) if room[q] > 0 and st not in voids[q]]
        if len(able) == 1 and len(cards) <= room[able[0]]:
            world[able[0]] |= cards
            room[able[0]] -= len(cards)
            rest -= cards
        elif not able:
            for v in voids:
                v.discard(st)
    if not rest:
        return world
    seats = [q for q in range(players) if room[q] > 0]
    size = 1
    for q in seats:
        size *= room[q] + 1
    attempt = 0
    while attempt < tries or size > TABLE:
        attempt += 1
        got = [set(h) for h in world]
        left_room = list(room)
        ok = True
        for c in sorted(rest):
            v = stream.bounded(sum(left_room))
            q = 0
            while v >= left_room[q]:
                v -= left_room[q]
                q += 1
            if suit(c) in voids[q]:
                ok = False
                break
            got[q].add(c)
            left_room[q] -= 1
        if ok:
            return got
    # the number of deals of suits st..3 for each room vector, suit by suit
    per_suit = [sum(1 for c in rest if suit(c) == st) for st in range(4)]
    g = [dict() for _ in range(5)]
    g[4][tuple(0 for _ in seats)] = 1.0
    for st in range(3, -1, -1):
        need = sum(per_suit[st:])
        for rooms in itertools.product(*(range(room[q] + 1) for q in seats)):
            if sum(rooms) == need:
                g[st][rooms] = _ways(g, st, None, per_suit[st], list(rooms), seats, voids)
    rooms = [room[q] for q in seats]
    for st in range(4):
        u = per_suit[st]
        if not u:
            continue
        total = g[st][tuple(rooms)]
        stop = (stream.next_u64() >> 11) * 2.0**-53 * total
        if not stop < total:
            stop = 0.0
        n = _ways(g, st, None, u, rooms, seats, voids, stop)
        for c in sorted(x for x in rest if suit(x) == st):
            v = stream.bounded(u)
            i = 0
            while v >= n[i]:
                v -= n[i]
                i += 1
            world[seats[i]].add(c)
            n[i] -= 1
            rooms[i] -= 1
            u -= 1
    return world


def classes(legal, unseen, trick, penalty):
    """The lowest card of each class of equal legal cards, as ``search.classes``."""
    win = -1
    if trick:
        led = suit(trick[0][1])
        win = max(c for _, c in trick if suit(c) == led)
    reps, prev = [], None
    for c in sorted(legal):
        if (
            prev is None
            or suit(c) != suit(prev)
            or penalty[c] != penalty[prev]
            or any(prev < x < c for x in unseen)
            or (trick and prev < win < c)
        ):
            reps.append(c)
        prev = c
    return reps


def play_from(deal_, hands, voids, played, trick, t, seat, me, forced, exact):
    """The penalty ``me`` takes from here to the end of the deal, every card known.

    ``trick`` holds the (seat, card) plays of the current trick and ``seat`` is to
    play.  The others play counting; ``me`` plays ``forced`` at its next turn, then
    counting, or with ``exact`` the best of all its cards (searched recursively).
    """
    hands = [set(h) for h in hands]
    voids = [set(v) for v in voids]
    played, trick, mine = set(played), list(trick), 0
    while t < deal_.size:
        if not trick and deal_.nothing_left(deal_.extra(t), played):
            return mine
        hand = hands[seat]
        cards = [c for _, c in trick]
        follow = [c for c in hand if cards and suit(c) == suit(cards[0])]
        legal = sorted(follow or hand)
        if seat == me and forced is not None:
            c, forced = forced, None
        elif seat == me and exact:
            return mine + min(
                play_from(deal_, hands, voids, played, trick, t, seat, me, d, True) for d in legal
            )
        else:
            c = choose_counting(
                hand,
                legal,
                cards,
                played,
                voids,
                seat,
                deal_.players,
                deal_.penalty,
                deal_.extra(t),
                deal_.card_round,
                deal_.mask,
            )
        hand.remove(c)
        played.add(c)
        if cards and suit(c) != suit(cards[0]):
            voids[seat].add(suit(cards[0]))
        trick.append((seat, c))
        seat = (seat + 1) % deal_.players
        if len(trick) == deal_.players:
            led = suit(trick[0][1])
            winner = max((x for x in trick if suit(x[1]) == led), key=lambda x: x[1])[0]
            if winner == me:
                mine += deal_.extra(t) + sum(int(deal_.penalty[x[1]]) for x in trick)
            trick, t, seat = [], t + 1, winner
    return mine


def paranoid_from(deal_, hands, played, trick, t, seat, me, forced=None):
    """The penalty ``me`` takes from here when it minimises it and every other seat
    maximises it, every card known: plain minimax over every legal card (``seat``
    plays ``forced`` if given)."""
    if not trick and (t == deal_.size or deal_.nothing_left(deal_.extra(t), played)):
        return 0
    cards = [c for _, c in trick]
    hand = hands[seat]
    follow = [c for c in hand if cards and suit(c) == suit(cards[0])]
    values = []
    for c in [forced] if forced is not None else sorted(follow or hand):
        now = trick + [(seat, c)]
        rest = [h - {c} if q == seat else h for q, h in enumerate(hands)]
        if len(now) < deal_.players:
            v = paranoid_from(deal_, rest, played | {c}, now, t, (seat + 1) % deal_.players, me)
        else:
            led = suit(now[0][1])
            winner = max((x for x in now if suit(x[1]) == led), key=lambda x: x[1])[0]
            got = deal_.extra(t) + sum(int(deal_.penalty[x[1]]) for x in now)
            v = (got if winner == me else 0) + paranoid_from(
                deal_, rest, played | {c}, [], t + 1, winner, me
            )
        values.append(v)
    return min(values) if seat == me else max(values)


def net_features(hand, c, default_class, trick, t, played, voids, seat, deal_):
    """The network's inputs for the class of card ``c``, as ``net.features`` lists them."""
    players, size, pen = deal_.players, deal_.size, deal_.penalty
    unseen = {x for x in range(52) if deal_.mask >> x & 1} - set(hand) - played
    scale = max([1, deal_.rnd.per_trick, deal_.rnd.first_trick, deal_.rnd.last_trick, *pen])
    k = len(trick)
    led = suit(trick[0][1]) if trick else -1
    win = max((x for _, x in trick if suit(x) == led), default=-1)
    following = any(suit(x) == led for x in hand)
    sit = 0 if k == 0 else (2 if k == players - 1 else 1) if following else 3
    mine = [x for x in hand if suit(x) == suit(c)]
    hidden = [x for x in unseen if suit(x) == suit(c)]
    later = [(seat + j) % players for j in range(1, players - k)]
    takes = float(k > 0 and suit(c) == led and c > win)
    points = deal_.extra(t) + sum(int(pen[x]) for _, x in trick)
    live = sum(int(pen[x]) for x in range(52) if deal_.mask >> x & 1 and x not in played)
    return [
        float(c == default_class),
        pen[c] / scale,
        sum(x < c for x in hidden) / 12.0,
        sum(x > c for x in hidden) / 12.0,
        len(mine) / 13.0,
        len(hidden) / 13.0,
        sum(int(pen[x]) for x in hidden) / (4.0 * scale),
        sum(suit(c) in voids[q] for q in range(players) if q != seat) / (players - 1.0),
        (c % 13) / 12.0,
        takes,
        takes * (points + pen[c]) / scale,
        0.0 if any(x > c for x in hidden) else 1.0,
        sum(x < c for x in mine) / 12.0,
        float(len(mine) == 1),
        (sum(int(pen[x]) for x in mine) - pen[c]) / (4.0 * scale),
        *(float(sit == j) for j in range(4)),
        t / size,
        float(size - t <= 2),
        points / scale,
        deal_.extra(t) / scale,
        (players - 1 - k) / (players - 1.0),
        live / (4.0 * scale),
        len(hand) / 13.0,
        sum(led in voids[q] for q in later) / (players - 1.0) if k else 0.0,
        (win % 13) / 12.0 if k else 0.0,
        (c % 13 - win % 13) / 12.0 if sit in (1, 2) else 0.0,
    ]


def net_score(w, x):
    """The network's score of features ``x``: two rectified layers, summed in the
    kernel's order so that the floats agree."""
    from tableodds.sim.davoserjas.net import _B1, _B2, _W1, _W2, _W3, HIDDEN

    h1 = []
    for j in range(HIDDEN):
        a = w[_B1 + j]
        for f, v in enumerate(x):
            a += v * w[_W1 + f * HIDDEN + j]
        h1.append(a)
    s = 0.0
    for j in range(HIDDEN):
        a = w[_B2 + j]
        for f, v in enumerate(h1):
            if v > 0.0:
                a += v * w[_W2 + f * HIDDEN + j]
        if a > 0.0:
            s += a * w[_W3 + j]
    return s


def net_move(w, confidence, hand, reps, default, trick, t, played, voids, seat, deal_):
    """The network's card (the lowest of its class), or None when unsure."""
    import math

    rep = max(c for c in reps if c <= default)
    scores = [
        net_score(w, net_features(hand, c, rep, trick, t, played, voids, seat, deal_)) for c in reps
    ]
    top = max(scores)
    if confidence > 0 and 1.0 / sum(math.exp(v - top) for v in scores) < confidence:
        return None
    return reps[scores.index(top)]


def search_move(stream, hands, seat, history, settings, rnd, t, samples, exact, network):
    """The search bot's card (rules in ``search.py``'s docstring): it reads its own
    hand, the history and the other hands' sizes only."""
    players = settings.players
    deal_ = _Deal(settings, rnd)
    n_trick = len(history) % players
    trick = history[len(history) - n_trick :]
    hand = hands[seat]
    follow = [c for c in hand if trick and suit(c) == suit(trick[0][1])]
    legal = sorted(follow or hand)
    default = counting_move(hands, seat, history, settings, rnd, t)
    if len(legal) == 1:
        return default
    played, voids = counting_view(history, seat, players)
    points = deal_.extra(t) + sum(int(deal_.penalty[c]) for _, c in trick)
    if deal_.nothing_left(points, played):
        return default  # every card scores 0
    unseen = {c for c in range(52) if deal_.mask >> c & 1} - set(hand) - played
    sizes = [len(h) for h in hands]
    from tableodds.sim.davoserjas.search import _MODEL, CLASSIC, ENDGAMES, TRIES

    is_exact = deal_.size - t <= exact % _MODEL
    classic = exact >= CLASSIC
    paranoid = ENDGAMES[(exact % CLASSIC) // _MODEL] == "paranoid"
    if not classic:
        legal = classes(legal, unseen, trick, deal_.penalty)
        if len(legal) == 1:
            return default
        w, confidence = network
        if confidence >= 0:
            c = net_move(w, confidence, hand, legal, default, trick, t, played, voids, seat, deal_)
            if c is not None:
                return default if c == max(x for x in legal if x <= default) else c
    total = [0] * len(legal)
    for _ in range(samples):
        if classic:
            world = sample_world(stream, unseen, sizes, voids, seat, players)
        else:
            world = sample_uniform(stream, unseen, sizes, voids, seat, players, TRIES)
        world[seat] = set(hand)
        for i, c in enumerate(legal):
            if is_exact and paranoid:
                total[i] += paranoid_from(deal_, world, played, trick, t, seat, seat, c)
            else:
                total[i] += play_from(
                    deal_, world, voids, played, trick, t, seat, seat, c, is_exact
                )
    best = min(total)
    # counting's card, or the card of its class that stood for it
    rep = max(c for c in legal if c <= default)
    if total[legal.index(rep)] == best:
        return default
    return legal[total.index(best)]


def play_tricks(stream, settings, rnd, hands, leader, policies, samples, exact, network):
    penalty = rnd.card_penalties()
    points = [0] * settings.players
    lead, size = leader, len(hands[0])
    history = []
    for t in range(size):
        trick, seats = [], []
        for k in range(settings.players):
            p = (lead + k) % settings.players
            hand = hands[p]
            follow = [c for c in hand if trick and suit(c) == suit(trick[0])]
            legal = sorted(follow or hand)
            if POLICY_PARTS[policies[p]][0] == TRICK_DUCK:
                c = choose_duck(hand, legal, trick, penalty, k == settings.players - 1)
            elif policies[p] == "counting":
                c = counting_move(hands, p, history, settings, rnd, t)
            elif policies[p] == "search":
                c = search_move(
                    stream, hands, p, history, settings, rnd, t, samples, exact, network
                )
            else:
                c = choose_random(stream, legal)
            hand.remove(c)
            trick.append(c)
            seats.append(p)
            history.append((p, c))
        led = suit(trick[0])
        winner = seats[
            max(range(len(trick)), key=lambda i: trick[i] if suit(trick[i]) == led else -1)
        ]
        taken = rnd.per_trick + sum(int(penalty[c]) for c in trick)
        if t == 0:
            taken += rnd.first_trick
        if t == size - 1:
            taken += rnd.last_trick
        points[winner] += taken
        lead = winner
    return points


def play_kabalen(stream, settings, hands, leader, policies):
    players, mask = settings.players, deck_mask(settings.players)
    strict = settings.gaps == "strict"
    pool = settings.kabalen_scoring == "pool"
    open_cards = {13 * s + SEVEN for s in range(4)}
    out_order, laid = [], set()
    barred = [set() for _ in range(players)]  # the cards open when each seat passed
    turn, passes = leader, 0
    while True:
        legal = sorted(hands[turn] & open_cards)
        if legal:
            if POLICY_PARTS[policies[turn]][1] == KABALEN_HOLD:
                c = choose_hold(hands[turn], legal)
            elif policies[turn] in ("counting", "search"):
                c = counting_kabalen_move(hands, turn, laid, open_cards, settings, barred)
            else:
                c = choose_random(stream, legal)
            hands[turn].remove(c)
            laid.add(c)
            open_cards.remove(c)
            open_cards.update(kabalen_row_after(c, strict, mask))
            passes = 0
            if not hands[turn]:
                out_order.append(turn)
                if len(out_order) == (2 if pool else 1):
                    break
        else:
            barred[turn] |= open_cards
            passes += 1
            if passes == players:
                break
        turn = (turn + 1) % players
    if pool:
        points = [0] * players
        for p, share in zip(out_order, settings.pool_shares()):
            points[p] -= share
        return points
    return [len(h) for h in hands]


def play_game(
    settings: Settings,
    seed: int,
    game: int,
    fixed_seat: int = -1,
    fixed_hand: set[int] = frozenset(),
    samples: int | None = None,
    exact: int | None = None,
    confidence: float | None = None,
) -> list[list[int]]:
    """Penalties of one game as [round][seat]; ``samples``/``exact``: the search budget,
    ``confidence``: its network's (as ``kernel.penalties``)."""
    from tableodds.sim.davoserjas.net import load, network_of
    from tableodds.sim.davoserjas.options import CONFIDENCE
    from tableodds.sim.davoserjas.search import EXACT, SAMPLES

    samples = SAMPLES if samples is None else samples
    exact = EXACT if exact is None else exact
    confidence = CONFIDENCE if confidence is None else confidence
    weights, signatures = load()
    stream = PyStream(seed, game)
    result = []
    for rnd in settings.rounds:
        hands = deal(stream, settings, fixed_seat, set(fixed_hand))
        leader = (rnd.number - 1) % settings.players
        if rnd.kind == "tricks":
            m = network_of(signatures, settings, rnd)
            network = (weights[m], confidence) if m >= 0 else (None, -1.0)
            result.append(
                play_tricks(
                    stream,
                    settings,
                    rnd,
                    hands,
                    leader,
                    settings.policies,
                    samples,
                    exact,
                    network,
                )
            )
        else:
            result.append(play_kabalen(stream, settings, hands, leader, settings.policies))
    return result


def reference_chunk(settings: Settings, seed: int, start: int, count: int):
    """The reference's records, shaped like the kernel's chunk simulator output."""
    import numpy as np

    pen = np.array([play_game(settings, seed, start + g) for g in range(count)], np.int16)
    return to_columns(pen.reshape(count, len(settings.rounds), settings.players), settings, start)
