"""Davoserjas bots: counting and the search's networks (kernel = reference, hidden
information), duplicate duels."""

import random

import numpy as np
import pytest

from tableodds.sim.core.rng import PyStream
from tableodds.sim.davoserjas.duel import duel, interval
from tableodds.sim.davoserjas.kernel import penalties
from tableodds.sim.davoserjas.net import load, network_of
from tableodds.sim.davoserjas.reference import (
    _Deal,
    counting_move,
    counting_view,
    deal,
    play_game,
    search_move,
    suit,
)
from tableodds.sim.davoserjas.rules import deck_mask, make_settings
from tableodds.sim.davoserjas.search import exact_budget


@pytest.mark.parametrize("players", range(3, 8))
@pytest.mark.parametrize("variants", [[], ["strict-gaps"], ["pool", "last-trick-only"]])
def test_counting_kernel_equals_reference(players, variants):
    mixes = [["counting"] * players, ["counting", "random", "careful"] + ["duck", "hold"] * 3]
    for mix in mixes:
        s = make_settings(players, mix[:players], variants=variants)
        kernel = penalties(s, 31, 0, 25)
        for g in range(25):
            assert np.array_equal(np.array(play_game(s, 31, g)), kernel[g]), (mix, g)


def _reshuffle(rng, hands, seat, voids):
    """The other seats' cards dealt again at random, sizes kept, no card in a known void."""
    others = [p for p in range(len(hands)) if p != seat]
    pool = [c for p in others for c in hands[p]]
    for _ in range(500):
        rng.shuffle(pool)
        new, k, ok = {}, 0, True
        for p in others:
            part = pool[k : k + len(hands[p])]
            k += len(hands[p])
            if any(suit(c) in voids[p] for c in part):
                ok = False
                break
            new[p] = set(part)
        if ok:
            return [hands[p] if p == seat else new[p] for p in range(len(hands))]
    return None


def _redeal_each_decision(settings, games, stream_seed, rng_seed, redeals, move):
    """Every trick round of ``games`` games, each seat playing ``move(hands, seat, history,
    rnd, t)``: at each decision the cards hidden from the seat are dealt again consistently
    (sizes kept, no card in a void it showed) ``redeals`` times, and the card must not
    change.  Returns (checks, checks where the redeal changed the table)."""
    players = settings.players
    rng = random.Random(rng_seed)
    checked = changed_table = 0
    for game in range(games):
        stream = PyStream(stream_seed, game)
        for rnd in settings.rounds:
            if rnd.kind != "tricks":
                continue
            hands = deal(stream, settings, -1, set())
            history, lead = [], (rnd.number - 1) % players
            for t in range(len(hands[0])):
                trick = []
                for k in range(players):
                    p = (lead + k) % players
                    c = move(hands, p, history, rnd, t)
                    _, voids = counting_view(history, p, players)
                    for _ in range(redeals):
                        other = _reshuffle(rng, hands, p, voids)
                        if other is None:
                            continue
                        changed_table += other != hands
                        assert move(other, p, history, rnd, t) == c, (rnd.name, t, k)
                        checked += 1
                    hands[p].remove(c)
                    history.append((p, c))
                    trick.append((p, c))
                led = suit(trick[0][1])
                lead = max((x for x in trick if suit(x[1]) == led), key=lambda x: x[1])[0]
    return checked, changed_table


@pytest.mark.parametrize("players", [3, 4, 5])
def test_counting_decides_only_from_what_its_seat_may_know(players):
    settings = make_settings(players, ["counting"] * players)

    def move(hands, p, history, rnd, t):
        return counting_move(hands, p, history, settings, rnd, t)

    checked, changed_table = _redeal_each_decision(settings, 6, 11, 5, 3, move)
    assert checked > 1000 and changed_table > checked // 2


def test_a_bot_that_peeks_at_its_neighbours_hand_fails_the_test():
    # planted leak: the counting card, but the lowest of its suit when the left neighbour
    # (hidden) holds that suit too; a card of the chosen card's suit is always legal
    settings = make_settings(4, ["counting"] * 4)

    def move(hands, p, history, rnd, t):
        c = counting_move(hands, p, history, settings, rnd, t)
        if any(suit(x) == suit(c) for x in hands[(p + 1) % len(hands)]):
            return min(x for x in hands[p] if suit(x) == suit(c))
        return c

    with pytest.raises(AssertionError):
        _redeal_each_decision(settings, 2, 11, 5, 3, move)


def test_search_networks_decide_only_from_what_their_seat_may_know():
    """Every seat the search bot with its network always played (4 players, the packaged
    rounds, where a network fits each): the card must not change when the cards hidden
    from the seat are dealt again.  With the networks the bot samples no deal here; the
    test checks that the networks, not counting's card, made many of the decisions."""
    settings = make_settings(4, ["search"] * 4)
    weights, signatures = load()
    networks = {}
    for rnd in settings.rounds:
        if rnd.kind == "tricks":
            m = network_of(signatures, settings, rnd)
            assert m >= 0, rnd.name
            networks[rnd.number] = (weights[m], 0.0)
    by_net = 0

    def move(hands, p, history, rnd, t):
        nonlocal by_net
        c = search_move(None, hands, p, history, settings, rnd, t, 0, 0, networks[rnd.number])
        by_net += c != counting_move(hands, p, history, settings, rnd, t)
        return c

    checked, changed_table = _redeal_each_decision(settings, 3, 13, 7, 2, move)
    assert checked > 500 and changed_table > checked // 2 and by_net > 20, (checked, by_net)


def test_networks_fit_only_the_rounds_they_were_trained_for():
    weights, signatures = load()
    assert len(weights) == len(signatures) >= 5
    for players, variants, fits in [(4, [], True), (7, [], False), (4, ["queen=3"], None)]:
        s = make_settings(players, variants=variants)
        for rnd in s.rounds:
            if rnd.kind != "tricks":
                continue
            m = network_of(signatures, s, rnd)
            # a variant changes only the queens round
            want = fits if fits is not None else rnd.name != "avoid queens"
            assert (m >= 0) == want, (players, variants, rnd.name)


def test_network_features_count_the_cards_as_the_rules_say():
    """One position of round 3 (avoid queens) worked by hand: seat 0 holds QS, 4S and 9H;
    the trick so far is 5S (seat 2), KS (seat 3); AS was played before; seat 1 showed
    out of hearts."""
    from tableodds.sim.davoserjas.reference import net_features
    from tableodds.sim.davoserjas.rules import card_id

    settings = make_settings(4, rounds=[3])
    deal_ = _Deal(settings, settings.rounds[0])
    hand = [card_id("S", "Q"), card_id("S", "4"), card_id("H", "9")]
    trick = [(2, card_id("S", "5")), (3, card_id("S", "K"))]
    played = {card_id("S", "A")} | {c for _, c in trick}
    voids = [set(), {2}, set(), set()]
    f = net_features(hand, card_id("S", "Q"), card_id("S", "Q"), trick, 10, played, voids, 0, deal_)
    assert f[0] == 1.0 and f[1] == 1.0  # counting's class; the queen's 5 of the most, 5
    assert f[2] == 8 / 12  # unseen spades below the queen: 2, 3, 6, 7, 8, 9, 10, J
    assert f[3] == 0.0 and f[11] == 1.0  # none above it unseen (K, A played)
    assert f[9] == 0.0  # it does not take the trick: the king leads
    assert f[15:19] == [0.0, 1.0, 0.0, 0.0]  # following, seat 1 still to play
    assert f[23] == 1 / 3 and f[26] == 0.0  # one seat after it, not void in spades
    assert f[24] == 1.0  # all four queens are live: 20 of 4 x 5
    low = net_features(
        hand, card_id("S", "4"), card_id("S", "Q"), trick, 10, played, voids, 0, deal_
    )
    assert low[0] == 0.0 and low[1] == 0.0 and low[2] == 2 / 12


def _redeal_kabalen(rng, hands, seat, barred):
    """The other seats' cards dealt again at random, sizes kept, no seat given a card
    it showed it lacks (``barred[q]``: the cards open when q passed)."""
    others = [p for p in range(len(hands)) if p != seat]
    pool = [c for p in others for c in hands[p]]
    for _ in range(500):
        rng.shuffle(pool)
        new, k = {}, 0
        for p in others:
            new[p] = set(pool[k : k + len(hands[p])])
            k += len(hands[p])
        if all(not (new[p] & barred[p]) for p in others):
            return [hands[p] if p == seat else new[p] for p in range(len(hands))]
    return None


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("variants", [[], ["strict-gaps", "pool"]])
def test_counting_kabalen_decides_only_from_what_its_seat_may_know(players, variants):
    """Kabalen as ``play_kabalen`` plays it, every seat counting: at each decision the
    cards hidden from the seat are dealt again consistently (hand sizes, and the open
    cards a seat could not lay when it passed) and the seat's card must not change."""
    from tableodds.sim.davoserjas.reference import counting_kabalen_move, kabalen_row_after

    settings = make_settings(players, ["counting"] * players, rounds=[6], variants=variants)
    strict, mask = settings.gaps == "strict", deck_mask(players)
    rng = random.Random(7 + players)
    checked = changed_table = passes_used = 0
    for game in range(8):
        hands = deal(PyStream(13, game), settings, -1, set())
        open_cards = {13 * s_ + 5 for s_ in range(4)}
        laid, barred = set(), [set() for _ in range(players)]
        turn, passes = game % players, 0
        while passes < players and all(hands):
            if hands[turn] & open_cards:
                c = counting_kabalen_move(hands, turn, laid, open_cards, settings, barred)
                for _ in range(3):
                    other = _redeal_kabalen(rng, hands, turn, barred)
                    if other is None:
                        continue
                    changed_table += other != hands
                    passes_used += any(barred[q] for q in range(players) if q != turn)
                    assert (
                        counting_kabalen_move(other, turn, laid, open_cards, settings, barred) == c
                    )
                    checked += 1
                hands[turn].remove(c)
                laid.add(c)
                open_cards.remove(c)
                open_cards.update(kabalen_row_after(c, strict, mask))
                passes = 0
            else:
                barred[turn] |= open_cards
                passes += 1
            turn = (turn + 1) % players
    assert checked > 200 and changed_table > checked // 2 and passes_used > 20


def test_duel_of_a_policy_with_itself_is_exactly_even():
    d = duel("careful", "careful", players=4, games=500, rounds=[1, 3, 6])
    assert d.shape == (500, 3) and np.allclose(d, 0)


def test_interval_is_the_normal_95_percent_interval():
    d = np.array([[1.0, 2.0], [3.0, -1.0], [0.0, 0.0], [4.0, 1.0]])  # game sums 3, 2, 0, 5
    m, lo, hi = interval(d)
    half = 1.959964 * np.std([3, 2, 0, 5], ddof=1) / 2
    assert m == pytest.approx(2.5) and (lo, hi) == pytest.approx((2.5 - half, 2.5 + half))


def test_counting_beats_careful_in_a_duel():
    m, lo, hi = interval(duel("counting", "careful", players=4, games=4000))
    assert hi < 0, (m, lo, hi)


@pytest.mark.parametrize(
    "players,mix,rounds,budget",
    [
        (4, ["search", "counting", "random", "careful"], None, (2, 3)),
        (3, ["search", "search", "counting"], [1, 3, 5, 6], (3, 5)),
        (5, ["counting", "search", "random", "duck", "search"], [2, 4], (2, 4)),
        (3, ["search", "counting", "search"], [3, 5], (2, exact_budget(2, "paranoid"))),
        (4, ["search", "random", "counting", "careful"], [4], (2, exact_budget(2, "paranoid"))),
        (4, ["search", "counting", "random", "search"], [1, 2], (2, exact_budget(3, classic=True))),
        (6, ["search", "counting", "counting", "random", "counting", "careful"], [3, 5], (2, 3)),
        # 4 players: the networks; sure enough at 0.6 or searching
        (4, ["search", "counting", "search", "counting"], [1, 3, 5], (2, 3, 0.6)),
        (4, ["search", "counting", "counting", "search"], [2, 4], (2, 3, -1.0)),
    ],
)
def test_search_kernel_equals_reference(players, mix, rounds, budget):
    s = make_settings(players, mix, rounds=rounds)
    samples, exact, *confidence = budget
    confidence = confidence[0] if confidence else None
    kernel = penalties(s, 9, 0, 3, samples=samples, exact=exact, confidence=confidence)
    for g in range(3):
        assert np.array_equal(
            np.array(play_game(s, 9, g, samples=samples, exact=exact, confidence=confidence)),
            kernel[g],
        ), g


@pytest.mark.slow
def test_search_with_networks_beats_search_without_them():
    """Duplicate deals against counting: the networks' choices lose fewer points than
    the 12-sample search's (scripts/davoserjas_strength.py measures it on 100,000)."""
    with_net = duel("search", "counting", 4, 400, seed=3)
    without = duel("search", "counting", 4, 400, seed=3, confidence=-1.0)
    m, lo, hi = interval(with_net - without)
    assert hi < 0, (m, lo, hi)


def _exhaustive(settings, rnd, world, me, played, voids, t, trick, size):
    """Brute force, independent of the bots' search code: every order of the seat's
    own cards, the others playing counting; the least penalty for each first card."""
    from itertools import permutations

    from tableodds.sim.davoserjas.reference import choose_counting

    players, penalty = settings.players, rnd.card_penalties()
    mask, card_round = deck_mask(players), bool(penalty.any())

    def extra(t):
        return (
            rnd.per_trick
            + (rnd.first_trick if t == 0 else 0)
            + (rnd.last_trick if t == size - 1 else 0)
        )

    best = {}
    for order in permutations(sorted(world[me])):
        hands = [set(h) for h in world]
        vs = [set(v) for v in voids]
        seen, cur, tt, mine, mine_i, seat, ok = set(played), list(trick), t, 0, 0, me, True
        while tt < size and ok:
            cards = [c for _, c in cur]
            hand = hands[seat]
            legal = sorted([c for c in hand if cards and suit(c) == suit(cards[0])] or hand)
            if seat == me:
                c = order[mine_i]
                mine_i += 1
                ok = c in legal
            else:
                c = choose_counting(
                    hand,
                    legal,
                    cards,
                    seen,
                    vs,
                    seat,
                    players,
                    penalty,
                    extra(tt),
                    card_round,
                    mask,
                )
            hand.discard(c)
            seen.add(c)
            if cards and suit(c) != suit(cards[0]):
                vs[seat].add(suit(cards[0]))
            cur.append((seat, c))
            seat = (seat + 1) % players
            if len(cur) == players:
                led = suit(cur[0][1])
                w = max((x for x in cur if suit(x[1]) == led), key=lambda x: x[1])[0]
                if w == me:
                    mine += extra(tt) + sum(int(penalty[x[1]]) for x in cur)
                cur, tt, seat = [], tt + 1, w
        if ok:
            best[order[0]] = min(best.get(order[0], 1 << 30), mine)
    return best


@pytest.mark.parametrize("players,round_number", [(3, 1), (3, 3), (4, 4), (4, 5), (5, 2)])
def test_search_agrees_with_exhaustive_solver_when_every_card_is_known(players, round_number):
    """Endgames where each suit lies with one other seat and the voids show it: the
    sampled deal is the true one, so search must pick an exhaustive optimum."""
    from tableodds.sim.core.rng import seed_stream
    from tableodds.sim.davoserjas.net import WEIGHTS
    from tableodds.sim.davoserjas.search import round_rules, search_trick

    settings = make_settings(players, ["counting"] * players, rounds=[round_number])
    rnd = settings.rounds[0]
    size, mask = settings.hand_size, deck_mask(players)
    pen = rnd.card_penalties()
    rng = random.Random(round_number * 10 + players)
    deck = [c for c in range(52) if mask >> c & 1]
    checked = matters = 0
    for trial in range(60):
        left = rng.randint(2, 4)
        t = size - left
        me = rng.randrange(players)
        others = [q for q in range(players) if q != me]
        suits = rng.sample(range(4), 4)  # every other seat owns a suit, the rest at random
        owner = {
            s_: others[i] if i < len(others) else rng.choice(others) for i, s_ in enumerate(suits)
        }
        world = [set() for _ in range(players)]
        for q in others:
            mine = [c for c in deck if owner[suit(c)] == q]
            if len(mine) < left:
                break
            world[q] = set(rng.sample(mine, left))
        else:
            taken = set().union(*world)
            world[me] = set(rng.sample([c for c in deck if c not in taken], left))
            played = set(deck) - set().union(*world)
            voids = [
                set() if q == me else {s_ for s_ in range(4) if owner[s_] != q}
                for q in range(players)
            ]
            want = _exhaustive(settings, rnd, world, me, played, voids, t, [], size)
            s = np.empty(4, np.uint64)
            seed_stream(s, 3, trial)
            hand = np.uint64(sum(1 << c for c in world[me]))
            extra = rnd.per_trick + (rnd.last_trick if t == size - 1 else 0)
            rules = round_rules(
                players, size, pen, rnd.per_trick, rnd.first_trick, rnd.last_trick, mask
            )
            got = search_trick(
                s, 0, hand, hand, np.array([len(h) for h in world], np.int64), me, 0, -1, -1, me,
                extra, t, np.uint64(sum(1 << c for c in played)),
                np.array([sum(1 << v for v in vs) for vs in voids], np.int64), pen, rules, 2, left,
                np.zeros(WEIGHTS), -1.0,
            )  # fmt: skip
            assert want[got] == min(want.values()), (trial, got, want)
            checked += 1
            matters += max(want.values()) > min(want.values())  # the choice changes the score
    assert checked >= 20 and matters >= 5, (checked, matters)


def _minimax(players, size, rnd, hands, trick, t, seat, me, forced=None):
    """Brute force, independent of the bots' code: the penalty ``me`` takes from here
    when it minimises it and the other seats maximise it, over every legal card
    (``seat`` plays ``forced`` if given)."""
    if t == size:
        return 0
    penalty = rnd.card_penalties()
    cards = [c for _, c in trick]
    legal = [c for c in hands[seat] if cards and suit(c) == suit(cards[0])] or hands[seat]
    values = []
    for c in [forced] if forced is not None else legal:
        rest = [h - {c} if q == seat else h for q, h in enumerate(hands)]
        now = trick + [(seat, c)]
        if len(now) < players:
            values.append(_minimax(players, size, rnd, rest, now, t, (seat + 1) % players, me))
            continue
        led = suit(now[0][1])
        w = max((x for x in now if suit(x[1]) == led), key=lambda x: x[1])[0]
        got = rnd.per_trick + sum(int(penalty[x[1]]) for x in now)
        got += (rnd.first_trick if t == 0 else 0) + (rnd.last_trick if t == size - 1 else 0)
        values.append(
            (got if w == me else 0) + _minimax(players, size, rnd, rest, [], t + 1, w, me)
        )
    return min(values) if seat == me else max(values)


@pytest.mark.parametrize("players,round_number", [(3, 1), (3, 3), (4, 2), (4, 4), (4, 5), (5, 3)])
def test_paranoid_endgame_values_equal_exhaustive_minimax(players, round_number):
    """Every card known, 1-3 tricks left (4 at 3 players), some cards of the current trick
    already laid: the two-sided search (alpha-beta with equal cards merged, a table of
    trick starts) must give, for every legal card, the exact minimax value of a
    brute-force walk over all plays."""
    from tableodds.sim.davoserjas.search import exact_values, round_rules

    settings = make_settings(players, ["counting"] * players, rounds=[round_number])
    rnd = settings.rounds[0]
    size, mask = settings.hand_size, deck_mask(players)
    pen = rnd.card_penalties()
    rng = random.Random(round_number * 7 + players)
    matters = 0
    for trial in range(60):
        # up to 4 tricks at 3 players: positions that two orders of play reach alike
        # come from the table of trick starts
        left = rng.randint(1, 4 if players == 3 else 3)
        t, lead = size - left, rng.randrange(players)
        deck = [c for c in range(52) if mask >> c & 1]
        rng.shuffle(deck)
        deck.sort(key=lambda c: pen[c] == 0)  # the penalised cards still in play
        hands = [set(deck[q * left : (q + 1) * left]) for q in range(players)]
        played = set(deck[players * left :])
        trick, seat = [], lead
        for _ in range(rng.randrange(players)):  # lay part of the current trick
            cards = [c for _, c in trick]
            legal = [c for c in hands[seat] if cards and suit(c) == suit(cards[0])]
            c = rng.choice(sorted(legal or hands[seat]))
            hands[seat].remove(c)
            played.add(c)
            trick.append((seat, c))
            seat = (seat + 1) % players
        me, k = seat, len(trick)
        cards = [c for _, c in trick]
        legal = sorted([c for c in hands[me] if cards and suit(c) == suit(cards[0])] or hands[me])
        want = [_minimax(players, size, rnd, hands, trick, t, me, me, c) for c in legal]
        led = suit(cards[0]) if cards else -1
        win = max((c for c in cards if suit(c) == led), default=-1)
        win_seat = next((q for q, c in trick if c == win), me)
        points = sum(int(pen[c]) for c in cards) + rnd.per_trick
        points += (rnd.first_trick if t == 0 else 0) + (rnd.last_trick if t == size - 1 else 0)
        out = np.zeros(len(legal), np.int64)
        rules = round_rules(
            players, size, pen, rnd.per_trick, rnd.first_trick, rnd.last_trick, mask
        )
        exact_values(
            np.array([sum(1 << c for c in h) for h in hands], np.uint64),
            np.zeros(players, np.int64), np.uint64(sum(1 << c for c in played)), pen, rules, t,
            k, led, win, win_seat, points, me, np.uint64(sum(1 << c for c in legal)), out, 1,
        )  # fmt: skip
        assert list(out) == want, (trial, legal, list(out), want)
        matters += len(set(want)) > 1
    assert matters >= 3, matters
