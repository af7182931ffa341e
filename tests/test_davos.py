"""Davos: vote rules, bills, conservation, kernel = reference, reproducibility, bad input."""

import json

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from tableodds.sim.core.errors import InputError
from tableodds.sim.davos import GAME, check
from tableodds.sim.davos import kernel as K
from tableodds.sim.davos import reference as ref
from tableodds.sim.davos.rules import IDEOLOGIES, load_cards, make_settings

L, C, RR, NONE = 0, 1, 2, 3
FOR, AGAINST, NO_VOTE = 1, -1, 0


# ---------------------------------------------------------------- party votes, both twins
def both_party_votes(players, dissidents, wishes, party_ideo, bill_ideo):
    """The reference and the kernel verdict for one party; they must agree."""
    r = ref.party_vote(players, dissidents, wishes, party_ideo, bill_ideo)
    party_assets = np.array([list(players) + [dissidents]], np.int64)
    n = len(players)
    k = K.party_vote(party_assets, 0, n + 1, n, np.array(wishes, np.bool_), party_ideo, bill_ideo)
    assert r == k
    return r


def both_parliaments(votes, totals):
    r = ref.parliament(votes, totals)
    k = K.parliament(np.array(votes, np.int64), np.array([totals], np.int64), len(votes))
    assert tuple(r) == tuple(k)
    return r


def test_biggest_player_decides_the_party_vote():
    # red 3 against blue 2 and one dissident: red's wish is the party's vote
    assert both_party_votes([3, 2], 1, [True, False], L, L) == FOR
    assert both_party_votes([3, 2], 1, [False, True], L, L) == AGAINST
    # alone in a party is biggest, whatever the party's ideology
    assert both_party_votes([0, 1], 0, [False, True], RR, L) == FOR


def test_biggest_needs_more_than_the_dissidents():
    # red 2 against 2 dissidents: no biggest, so red and the dissidents must agree
    assert both_party_votes([2, 0], 2, [True, False], L, L) == FOR
    assert both_party_votes([2, 0], 2, [False, False], L, L) == NO_VOTE


def test_dissidents_vote_their_ideology():
    assert both_party_votes([1, 0], 2, [False, False], L, L) == FOR
    assert both_party_votes([1, 0], 2, [True, True], C, L) == AGAINST
    assert both_party_votes([0, 0], 1, [True, True], RR, RR) == FOR
    # Mean Game bills without ideology: dissidents always vote against
    assert both_party_votes([0, 0], 1, [True, True], C, NONE) == AGAINST


def test_no_biggest_needs_unanimity():
    assert both_party_votes([2, 2], 0, [True, True], L, C) == FOR
    assert both_party_votes([2, 2], 0, [False, False], L, L) == AGAINST
    assert both_party_votes([2, 2], 0, [True, False], L, L) == NO_VOTE
    # the dissidents count in the unanimity: an L dissident blocks a C bill both want
    assert both_party_votes([2, 2, 0], 1, [True, True, False], L, C) == NO_VOTE
    # a player without assets in the party has no say
    assert both_party_votes([2, 2, 0], 0, [True, True, False], L, C) == FOR


def test_empty_party_does_not_vote():
    assert both_party_votes([0, 0], 0, [True, True], L, L) == NO_VOTE
    # ... and carries no weight in parliament
    assert both_parliaments([FOR, NO_VOTE], [1, 0]) == (3, 0, True)


def test_largest_party_has_one_and_a_half_votes():
    # a 1.5 for against a 1 against: passes; the other way round fails
    assert both_parliaments([FOR, AGAINST], [5, 3]) == (3, 2, True)
    assert both_parliaments([AGAINST, FOR], [5, 3]) == (2, 3, False)
    # Europe: largest for, two others against: 1.5 against 2 fails
    assert both_parliaments([FOR, AGAINST, AGAINST], [6, 2, 3]) == (3, 4, False)


def test_ties_and_no_votes_fail():
    # two parties of equal size: no 1.5, so 1 against 1 is a tie and fails
    assert both_parliaments([FOR, AGAINST], [4, 4]) == (2, 2, False)
    # nobody votes: fails
    assert both_parliaments([NO_VOTE, NO_VOTE, NO_VOTE], [3, 0, 2]) == (0, 0, False)
    # the largest party abstains: its half vote is lost, 1 against 1 fails
    assert both_parliaments([NO_VOTE, FOR, AGAINST], [5, 2, 2]) == (2, 2, False)


# ---------------------------------------------------------------- bills and bankruptcies
def _bills_game(order):
    """Two goal bots; America's bill bankrupts two Pharma corps, then Europe's pays all corps.

    Returns (blue's gains, red's gains, corps bankrupt, discard pile) after resolving
    the blocs in ``order`` with the reference, and checks the kernel agrees.
    """
    cards = load_cards()
    st = make_settings(2, "base", ["goal"], cards=cards)
    bills = {
        0: ref.R.Bill("L tax: Pharma", L, 2, (-2, -1), (-1, 0)),
        1: ref.R.Bill("L subsidy: all", L, -1, (2, 1), (1, 0)),
    }
    g = ref.Game(st, 1, 0)
    g.c_hidden, g.c_disc, g.c_open = [], [], -1
    g.corp_sector[0], g.corp_assets[0][0] = 2, 1  # America L slot: Pharma, red 1
    g.corp_sector[3], g.corp_assets[3][1] = 2, 1  # Europe L slot: Pharma, blue 1
    g.corp_sector[4], g.corp_assets[4][0] = 3, 2  # Europe C slot: Tech, red 2
    g.party_assets[0][2] = 2  # America L party: 2 dissidents (vote for L)
    g.party_assets[2][2] = 2  # Europe L party: 2 dissidents
    for b in order:
        g.resolve(b, bills[b])
    # the kernel on the same position
    work, placed = K.place(st)
    v = {name: placed.view(work, name) for name in K.STATE.names}
    v["corp_assets"][0, 0], v["corp_assets"][3, 1], v["corp_assets"][4, 0] = 1, 1, 2
    v["corp_sector"][:] = -1
    v["corp_sector"][0], v["corp_sector"][3], v["corp_sector"][4] = 2, 2, 3
    v["party_assets"][0, 2] = v["party_assets"][2, 2] = 2
    v["cseat"][:] = [[0, 0], [1, 0], [0, 0]]
    v["csize"][:] = [1, 1, 0]
    v["cpol"][:] = [*v["pol"], K.RANDOM]
    v["b_ideo"][:2] = [L, L]
    v["b_target"][:2] = [2, -1]
    v["b_own"][:2] = [[-2, -1], [2, 1]]
    v["b_other"][:2] = [[-1, 0], [1, 0]]
    v["r_own"][:2] = v["r_other"][:2] = 0
    v["promise"][:] = -1
    s = np.zeros(4, np.uint64)
    for b in order:
        v["cur"][:] = b
        K._resolve(s, b, b, 2, 3, 2, 2, work, placed.table, None)
    seat_counts, lost, corp_sector, corp_assets, corp_discard, scalars = (
        v[n]
        for n in ("seat_counts", "lost", "corp_sector", "corp_assets", "corp_discard", "scalars")
    )
    assert list(seat_counts[:, K.GAINED]) == g.gained and list(lost) == g.lost_c
    assert list(corp_sector) == g.corp_sector and corp_assets.tolist() == g.corp_assets
    assert list(corp_discard[: scalars[K.C_DN]]) == g.c_disc and scalars[K.BANKRUPT] == g.bankrupt
    return g.gained[1], g.gained[0], g.bankrupt, g.c_disc


def test_bankruptcy_in_america_removes_the_corp_before_europe_pays():
    blue, red, bankrupt, discard = _bills_game([0, 1])
    assert bankrupt == 2 and discard == [2, 2]  # both Pharma corps, in slot order
    assert blue == 0  # its Europe Pharma corp was gone
    assert red == 2  # Europe Tech: red biggest, own bloc +2


def test_resolving_europe_first_would_pay_the_pharma_corp():
    blue, red, bankrupt, _ = _bills_game([1, 0])
    assert blue == 2 and red == 2 + 1 and bankrupt == 2  # America Pharma +1 elsewhere


# ---------------------------------------------------------------- scoring
def test_seed_scoring_example():
    # three goals achieved in three categories and one failed: 3 + 3 - 1 = 5
    st = make_settings(2, policies=["goal"])
    cats = {}
    for i, g in enumerate(st.goals):
        cats.setdefault(g.category, i)
    a, b, c, _ = list(cats.values())[:4]
    g = ref.Game(st, 1, 0)
    g.goals = [
        [[a, 1, 0, 1, 1], [b, 1, 0, 2, 2], [c, 2, 0, 0, 4], [c, 3, 0, 0, 0]],
        [[a, 1, 2, 0, 0]],
    ]
    res = g.score()
    assert res["achieved"] == [3, 0] and res["failed"] == [1, 0]
    assert res["categories"] == [3, 0] and res["score"] == [5, 0] and res["won"] == [1, 0]


# ---------------------------------------------------------------- whole games
CONFIGS = [
    (p, game, pol)
    for game in ("base", "mean")
    for p, pol in [
        (2, ["random"]),
        (3, ["goal"]),
        (4, ["goal", "random", "goal", "random"]),
        (5, ["random", "goal", "random", "goal", "goal"]),
        (3, ["contest"]),
        (4, ["contest", "goal", "random", "contest"]),
        (4, ["bargain", "bargain", "contest", "bargain"]),
    ]
]


@pytest.mark.parametrize("players,game,policies", CONFIGS)
def test_kernel_equals_reference(players, game, policies):
    st = make_settings(players, game, policies)
    kernel = pl.DataFrame(GAME.simulate_chunk(st, 17, 500, 30))
    reference = pl.DataFrame(GAME.reference_chunk(st, 17, 500, 30))
    assert kernel.equals(reference)


@pytest.mark.parametrize("players,game,policies", CONFIGS)
def test_invariants_and_conservation(players, game, policies):
    st = make_settings(players, game, policies)
    frame = pl.DataFrame(GAME.simulate_chunk(st, 3, 0, 3000))
    check(frame, st)
    # the rule-given flows happen: gains, losses, goal buys, bankruptcies
    assert frame["gained"].sum() > 0 and frame["lost"].sum() > 0 and frame["paid"].sum() > 0
    assert frame["bankruptcies"].max() > 0 or players == 5


@pytest.mark.parametrize("policies", [["goal"], ["random"], ["goal", "random"]])
def test_the_final_places_every_asset(policies):
    # seed line 105: in the Final every player places all remaining assets
    st = make_settings(4, policies=policies * (4 // len(policies)))
    frame = pl.DataFrame(GAME.simulate_chunk(st, 11, 0, 2000))
    assert frame["supply"].max() == 0
    check(frame, st)


def test_rejected_bills_without_ideology_act_only_when_split():
    cards = load_cards()
    st = {
        nb: make_settings(3, "mean", ["goal"], cards=cards, none_bills=nb)
        for nb in ("split", "same")
    }
    for nb, s in st.items():
        for (own, other), b in zip(s.rejected_effects(), s.bills):
            if b.ideology != NONE:
                assert own == other == (0, 0)
            elif nb == "same":
                assert (own, other) == (b.own, b.other)
            else:  # the packaged default: the mirror of the passed effect
                assert own == tuple(-x for x in b.own) and other == tuple(-x for x in b.other)
    a, b = (pl.DataFrame(GAME.simulate_chunk(s, 5, 0, 300)) for s in st.values())
    assert not a.equals(b)
    for s in st.values():
        assert pl.DataFrame(GAME.simulate_chunk(s, 5, 0, 20)).equals(
            pl.DataFrame(GAME.reference_chunk(s, 5, 0, 20))
        )
    with pytest.raises(InputError, match="none-bills"):
        make_settings(3, "mean", none_bills="both")


def test_tiny_decks_run_out_and_reshuffle_the_same_way():
    # 8 goals and 12 bills: goal decks run dry, discards are reshuffled, open cards dealt
    from tableodds.sim.davos.rules import Cards

    cards = load_cards()
    tiny = Cards(cards.goals[:4] + cards.goals[20:24], cards.bills[:12], cards.party_ideology)
    for game, players, policies in (
        ("base", 2, ["random"]),
        ("mean", 5, ["goal", "random"] * 2 + ["random"]),
    ):
        st = make_settings(players, game, policies, cards=tiny)
        kernel = pl.DataFrame(GAME.simulate_chunk(st, 8, 0, 40))
        assert kernel.equals(pl.DataFrame(GAME.reference_chunk(st, 8, 0, 40)))
        check(pl.DataFrame(GAME.simulate_chunk(st, 8, 0, 3000)), st)


def test_check_catches_a_broken_record():
    st = make_settings(4, policies=["goal"])
    frame = pl.DataFrame(GAME.simulate_chunk(st, 3, 0, 50))
    broken = frame.with_columns(
        pl.when(pl.col("game") == 7)
        .then(pl.col("supply") + 1)
        .otherwise(pl.col("supply"))
        .alias("supply")
    )
    with pytest.raises(AssertionError, match="conserved: game 7"):
        check(broken, st)
    two_winners = frame.with_columns(pl.lit(1, pl.Int16).alias("won"))
    with pytest.raises(AssertionError, match="winner"):
        check(two_winners, st)


def test_dissidents_only_up_to_four_players():
    for players in (4, 5):
        st = make_settings(players)
        frame = pl.DataFrame(GAME.simulate_chunk(st, 2, 0, 200))
        assert (frame["dissidents_placed"].min() > 0) == (players <= 4)


def test_goal_bots_beat_random_bots():
    st = make_settings(4, policies=["goal", "random", "goal", "random"])
    frame = pl.DataFrame(GAME.simulate_chunk(st, 9, 0, 4000))
    by = frame.group_by("policy").agg(pl.col("score").mean(), pl.col("won").mean()).sort("policy")
    random_score, goal_score = by["score"].to_list()
    assert goal_score > random_score + 2


@pytest.mark.slow
def test_first_goal_is_uniform_over_the_deck():
    from scipy.stats import chisquare

    st = make_settings(4)
    frame = pl.DataFrame(GAME.simulate_chunk(st, 5, 0, 60_000))
    counts = np.bincount(frame["g0_goal"].to_numpy(), minlength=len(st.goals))
    assert chisquare(counts).pvalue > 1e-4


# ---------------------------------------------------------------- the contesting bot
def _positions(players, seeds, limit=400):
    """(game, seat, year, final) at contesting bots' turns in whole reference games."""
    import copy

    seen = []

    class Recorded(ref.Game):
        def contest_turn(self, p, eff, year, final):
            if len(seen) < limit:
                seen.append((copy.deepcopy(self), p, year, final))
            return super().contest_turn(p, eff, year, final)

    st = make_settings(players, policies=["contest"])
    for seed in seeds:
        Recorded(st, seed, 0).play()
    return seen


def _decide(g, p, year, final):
    """What the contesting bot does on its turn, as what it changes that everyone sees."""
    import copy

    g = copy.deepcopy(g)
    g.contest_turn(p, g.supply[p], year, final)
    return (
        g.corp_assets,
        g.party_assets,
        g.corp_sector,
        g.supply[p],
        [s[:4] for s in g.goals[p]],
        g.g_open,
    )


def _shuffle_hidden(g, p, rng):
    """Deal again what seat p cannot see: the other seats' unrevealed goals and the goal stack
    below the two cards a draw would show."""
    import copy

    g = copy.deepcopy(g)
    slots = [s for o in range(g.P) if o != p for s in g.goals[o] if not s[2] and not s[3]]
    keep = 2 if len(g.g_hidden) >= 2 else len(g.g_hidden)
    pool = [s[0] for s in slots] + g.g_hidden[: len(g.g_hidden) - keep]
    rng.shuffle(pool)
    for s in slots:
        s[0] = pool.pop()
    g.g_hidden[: len(g.g_hidden) - keep] = pool
    return g


def test_contest_bot_decides_only_from_what_its_seat_may_know():
    import random

    rng = random.Random(1)
    blocks = changed = 0
    for g, p, year, final in _positions(4, range(4)):
        co = g.own_best(p)[0]
        blocked = g.contest_block(p, g.supply[p], co if co < ref.INF else 4) is not None
        blocks += blocked
        decision = _decide(g, p, year, final)
        for _ in range(2):
            assert _decide(_shuffle_hidden(g, p, rng), p, year, final) == decision
        if blocked:  # the control: what the seat sees (who has passed) matters
            g.passed = [False] * g.P
            changed += _decide(g, p, year, final) != decision
    assert blocks >= 5 and changed == blocks


def test_contest_bot_votes_against_the_leader():
    g = _positions(3, [2], limit=1)[0][0]
    bill = ref.R.Bill("subsidy", L, -1, (2, 1), (1, 0))
    lead = g.leader(0)
    g.pol = [ref.R.POLICY_CODES["contest"]] * 3
    # a bill that pays the leader more than seat 0 gets seat 0's vote against it
    g.corp_assets = [[0] * 4 for _ in g.corp_assets]
    g.corp_sector = [-1] * g.nslot
    g.corp_sector[0], g.corp_assets[0][0], g.corp_assets[0][lead] = (
        0,
        1,
        3,
    )  # seat 0 stakeholder, leader biggest
    assert g.net(0, 0, bill, bill.own, bill.other) > 0
    assert not g.wish(0, 0, bill, ((0, 0), (0, 0)))
    g.corp_assets[0][0], g.corp_assets[0][lead] = 3, 1  # now seat 0 is the biggest
    assert g.wish(0, 0, bill, ((0, 0), (0, 0)))


def test_contest_bot_beats_the_goal_bot_head_to_head():
    from tableodds.analysis.davos import _duel_chunk

    P, n = 4, 1500
    rec = _duel_chunk(
        "contest", "goal", P, "base", load_cards(), "split", "normal", "none", 21, 0, n
    )
    for col in ("score", "won"):
        x = rec[col] / (P * (P - 1))
        low = x.mean() - 1.96 * x.std(ddof=1) / np.sqrt(n)
        assert low > 0, col


# ---------------------------------------------------------------- bargaining
def _deal_position(policy):
    """Two seats, America: red is the biggest in the L corp, blue decides the larger party."""
    st = make_settings(2, policies=[policy])
    g = ref.Game(st, 1, 0)
    g.c_hidden, g.c_disc, g.c_open = [], [], -1
    g.corp_sector[0], g.corp_assets[0][0] = 0, 1  # America L slot: a Banking corp, red 1
    g.party_assets[0][1] = 2  # America L party: blue 2 (largest party, 1.5 votes)
    g.party_assets[1][0] = 1  # America R party: red 1
    return g


def test_bargaining_buys_a_vote_with_a_share_of_the_profit():
    bill = ref.R.Bill("L subsidy: all", L, -1, (2, 1), (1, 0))
    g = _deal_position("bargain")
    # red wants it (+2), blue does not care (0) but votes against the leader: it would fail
    assert g.bargain(0, bill, ((0, 0), (0, 0)), [True, False], [0, 1]) == (0, 1, 1)
    g.resolve(0, bill)
    assert g.bills_passed == 1 and g.gained == [1, 1] and g.supply == [1, 1]
    # without the opt-in nobody bargains: the bill fails and nobody gains
    g = _deal_position("contest")
    g.resolve(0, bill)
    assert g.bills_passed == 0 and g.gained == [0, 0]
    # a price above half the profit is not offered: blue would lose 2 from a tax on itself
    g = _deal_position("bargain")
    g.corp_sector[3], g.corp_assets[3][1] = (
        0,
        2,
    )  # a Europe corp of blue's: the bill pays it only +1 elsewhere
    tax = ref.R.Bill("L deal", L, -1, (2, 1), (-2, -1))
    assert g.pass_gain(1, 0, tax, ((0, 0), (0, 0))) == -2
    assert g.bargain(0, tax, ((0, 0), (0, 0)), [True, False], [0, 1]) == (-1, -1, 0)


def test_vote_trade_swaps_a_vote_now_for_one_on_a_later_bill():
    g = _deal_position("bargain")
    g.party_assets[5][0] = 2  # Global South's first party: red decides it
    g.corp_sector[6], g.corp_assets[6][1] = 1, 2  # a Global South Energy corp: blue is the biggest
    g.corp_sector[4], g.corp_assets[4][0] = (
        1,
        1,
    )  # a Europe Energy corp of red's, which the later bill taxes
    now = ref.R.Bill("L subsidy: all", L, -1, (2, 1), (1, 0))  # red +3, blue +1
    later = ref.R.Bill("R energy", RR, 1, (3, 1), (-1, 0))  # blue +3, red -1 in Europe
    g.bills = [now, now, later, now]
    none = ((0, 0), (0, 0))
    assert g.pass_gain(0, 0, now, none) == 3 and g.pass_gain(0, 2, later, none) == -1
    # blue would vote against (the contesting rule), red promises its Global South vote
    assert g.trade(0, now, none, [True, False], [0, 1]) == (0, 1, 2)
    g.resolve(0, now)
    assert g.bills_passed == 1 and g.trades == 1 and g.promise == [-1, -1, 0, -1]
    assert g.gained == [3, 1]  # no share paid: the vote was the price
    # the promise is kept: red votes for the later bill although it loses from it
    assert not g.wish(0, 2, later, none)
    g.resolve(2, later)
    assert g.bills_passed == 2 and g.gained == [3, 4]
    # a trade each side would lose from is not made: red's loss outweighs its gain
    g = _deal_position("bargain")
    g.party_assets[5][0] = 2
    g.corp_sector[6], g.corp_assets[6][1] = 1, 2
    g.corp_sector[4], g.corp_assets[4][0] = 1, 3
    g.bills = [now, now, ref.R.Bill("R energy", RR, 1, (3, 1), (-3, 0)), now]
    assert g.trade(0, now, none, [True, False], [0, 1])[0] == -1


def _bill_positions(players, games):
    """(game, bloc) before each bill of whole reference games (seed 0) with bargaining seats."""
    import copy

    seen = []

    class Recorded(ref.Game):
        def resolve(self, bloc, bill):
            seen.append((copy.deepcopy(self), bloc))
            return super().resolve(bloc, bill)

    st = make_settings(players, policies=["bargain"])
    for game in games:
        Recorded(st, 0, game).play()
    return seen


def test_trades_and_deals_use_only_what_every_seat_may_know():
    import copy
    import random

    rng = random.Random(2)

    def outcome(g, bloc):
        g = copy.deepcopy(g)
        ref.Game.resolve(g, bloc, g.bills[bloc])  # not the recording one
        return g.corp_assets, g.supply, g.gained, g.promise, g.trades, g.bills_passed

    trades = 0
    for g, bloc in _bill_positions(4, [5, 32, 42]):  # games with a vote trade
        before = outcome(g, bloc)
        trades += before[4] - g.trades
        for p in range(g.P):  # whatever any seat cannot see, dealt again
            assert outcome(_shuffle_hidden(g, p, rng), bloc) == before
    assert trades >= 3  # the control: the trades are among the positions


# ---------------------------------------------------------------- deck sensitivity
def test_generated_decks_are_plausible_and_reproducible():
    from tableodds.sim.davos.decks import random_deck

    cards = load_cards()
    for game, n in (("base", 30), ("mean", 42)):
        decks = [random_deck(cards, game, 3, d) for d in range(1, 6)]
        assert decks[0] == random_deck(cards, game, 3, 1) and decks[0] != decks[1]
        for deck in decks:
            st = make_settings(4, game, cards=deck)  # valid for the game
            assert len(st.goals) == n and st.bills == make_settings(4, game).bills
            pairs = sum(len(g.requires) == 2 for g in st.goals)
            assert n // 6 <= pairs <= n // 2
            for g in st.goals:
                assert len(set(g.requires)) == len(g.requires)
                assert (g.category == "power") == (len(g.requires) == 2)


def test_deck_conclusions_need_every_deck():
    from tableodds.analysis.davos import KIND_CLASSES, DeckSensitivity
    from tableodds.analysis.stats import wilson

    def deck(**control_counts):
        return {
            c: (wilson(control_counts[c], 1000) if c in control_counts else None)
            for c in KIND_CLASSES
        }

    d = DeckSensitivity(
        "x",
        (deck(corp=990, corps=800, sector=900), deck(corp=995, corps=850, sector=860)),
        ({c: 1 for c in KIND_CLASSES},) * 2,
    )
    assert set(d.conclusions()) == {("corps", "corp"), ("sector", "corp")}
    assert [r["kind"] for r in d.across()] == ["corps", "sector", "corp"]
    assert d.across()[0]["worst_rank"] == 1 and d.across()[1]["best_rank"] == 2


def test_goals_command_with_decks(tmp_path):
    from tableodds.reports.cli.davos import group

    res = CliRunner().invoke(group, ["goals", "-n", "300", "-w", "1", "--decks", "3", "--json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert len(doc["results"]["decks"]) == 3 and len(doc["runs"]) == 3
    res = CliRunner().invoke(group, ["goals", "-n", "30", "--decks", "2", "--players", "3,4"])
    assert isinstance(res.exception, InputError) and "one player count" in str(res.exception)


# ---------------------------------------------------------------- the goal table
def test_goal_table_ranks_hardest_first():
    from tableodds.analysis.davos import goal_difficulty

    st = make_settings(4, policies=["goal"])
    frame = pl.DataFrame(GAME.simulate_chunk(st, 4, 0, 3000))
    table = goal_difficulty(frame.lazy(), st)
    heads = [g.headline.estimate for g in table.goals if g.headline]
    assert heads == sorted(heads)
    # dealt, reset and bought split every holder at the final check, and the years split them
    for g in table.goals:
        if g.final is None:
            continue
        by = dict(g.by_acquisition)
        assert sum(by[c].n for c in ("dealt", "reset", "bought") if by[c]) == g.final.n
        assert sum(by[c].k for c in ("dealt", "reset", "bought") if by[c]) == g.final.k
        years = [by[f"bought y{y}"] for y in (1, 2, 3)]
        assert sum(p.n for p in years if p) == (by["bought"].n if by["bought"] else 0)
    # a goal dealt at set-up has three years: it is achieved more often than one drawn later
    kinds = {k.kind: k for k in table.kinds}
    assert kinds["corps+parties"].headline.low > kinds["corps+parties"].acquired("reset").high
    assert {g.goal for g in table.goals} == set(range(len(st.goals)))
    for g in table.goals:
        for pr in g.by_check:
            assert pr is None or pr.low <= pr.estimate <= pr.high
    # every held goal at the final check is either achieved or failed
    final_n = sum(g.final.n for g in table.goals if g.final)
    assert final_n == int(frame["achieved"].sum() + frame["failed"].sum())
    final_k = sum(g.final.k for g in table.goals if g.final)
    assert final_k == int(frame["achieved"].sum())
    assert sum(k.goals for k in table.kinds) == len(st.goals)


def test_goals_command_json(tmp_path):
    from tableodds.reports.cli.davos import group

    res = CliRunner().invoke(
        group,
        [
            "goals",
            "-p",
            "3",
            "-n",
            "300",
            "--policies",
            "goal",
            "--policies",
            "random",
            "--json",
            "--out",
            str(tmp_path),
        ],
    )
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert len(doc["runs"]) == 2 and doc["runs"][0]["games"] == 300
    assert "negotiate" in doc["results"]["limits"]
    assert len(doc["results"]["differences"][0]["goals"]) > 0
    assert (tmp_path / "goal_ranking.png").exists() and (tmp_path / "differences.csv").exists()


# ---------------------------------------------------------------- the vote calculator
def test_vote_calculator_on_the_example():
    from importlib import resources

    from tableodds.analysis.davos import count_votes
    from tableodds.sim.davos.rules import load_parliament

    path = resources.files("tableodds.sim.davos").joinpath("example_parliament.toml")
    result = count_votes(load_parliament(path))
    assert [r["vote"] for r in result["parties"]] == ["for", "none", "against"]
    assert [r["weight"] for r in result["parties"]] == [1, 1.5, 1]
    assert (result["for"], result["against"], result["passes"]) == (1, 1, False)


def _write(tmp_path, text):
    p = tmp_path / "f.toml"
    p.write_text(text)
    return p


@pytest.mark.parametrize(
    "text,match",
    [
        ('bill = "X"\n[[parties]]\nideology = "L"', "bill must be"),
        ('bill = "L"\n[wishes]\nred = "maybe"\n[[parties]]\nideology = "L"', "wishes.red"),
        ('bill = "L"\n[[parties]]\nideology = "Q"', "party 1: ideology"),
        ('bill = "L"\n[[parties]]\nideology = "L"\nassets = { red = 1 }', "no entry in"),
        ('bill = "L"\n[[parties]]\nideology = "L"\ndissidents = -1', "dissidents must"),
        ('bill = "L"', "at least one"),
    ],
)
def test_bad_parliament_files_are_refused(tmp_path, text, match):
    from tableodds.sim.davos.rules import load_parliament

    with pytest.raises(InputError, match=match):
        load_parliament(_write(tmp_path, text))


# ---------------------------------------------------------------- bad input
GOOD_PARTIES = (
    '[parties]\nAmerica = ["L", "R"]\nEurope = ["L", "C", "R"]\n'
    '"Global South" = ["L", "C", "R"]\nChina = ["C"]\n'
)
BILL = '{ name = "b", ideology = "L", target = "all", own = [1, 0], other = [0, 0] }'
GOAL = '{ name = "g", category = "x", requires = ["sector:Pharma"] }'


@pytest.mark.parametrize(
    "body,match",
    [
        (f'goals = [{GOAL}]\nbills = [{BILL}]\n[parties]\nAmerica = ["L"]', "parties"),
        (
            f'goals = [{{ name = "g", category = "x", requires = ["sector:Oil"] }}]\nbills = [{BILL}]',
            "sector needs one of",
        ),
        (
            f'goals = [{{ name = "g", category = "x", requires = ["bloc:Europe"] }}]\nbills = [{BILL}]',
            "kind 'bloc'",
        ),
        (
            f'goals = [{{ name = "g", category = "x", requires = [] }}]\nbills = [{BILL}]',
            r"goal 1 \('g'\): requires",
        ),
        (
            f'goals = [{GOAL}]\nbills = [{{ name = "b", ideology = "L", target = "all", '
            "own = [1], other = [0, 0] }]",
            "own must be",
        ),
        (
            f'goals = [{GOAL}]\nbills = [{{ name = "b", ideology = "X", target = "all", '
            "own = [1, 0], other = [0, 0] }]",
            "ideology must be",
        ),
        (
            f'goals = [{GOAL}]\nbills = [{{ name = "b", ideology = "L", target = "Oil", '
            "own = [1, 0], other = [0, 0] }]",
            "target must be",
        ),
        (
            f'goals = [{GOAL}]\nbills = [{{ name = "b", ideology = "L", target = "all", '
            "own = [1, 0], other = [0, 0], rejected_own = [1, 0] }]",
            "rejected_own is only for bills without ideology",
        ),
        (f"goals = [{GOAL}]\nbills = [{BILL}]\ncolour = 1", "unknown key 'colour'"),
        ("goals = [", "not valid TOML"),
    ],
)
def test_bad_card_files_are_refused(tmp_path, body, match):
    text = body if "[parties]" in body or "TOML" in match else body + "\n" + GOOD_PARTIES
    with pytest.raises(InputError, match=match):
        load_cards(_write(tmp_path, text))


def test_card_files_that_do_not_fit_the_game_are_refused(tmp_path):
    goals = ",\n".join(GOAL.replace('"g"', f'"g{i}"') for i in range(8))  # names differ
    short = _write(tmp_path, f"goals = [{goals}]\nbills = [{BILL}]\n" + GOOD_PARTIES)
    with pytest.raises(InputError, match="needs at least 12 bills"):
        make_settings(4, cards_file=short)
    bills = ",\n".join([BILL] * 12)
    arms = (
        f'goals = [{goals}, {{ name = "a", category = "x", requires = ["sector:Arms"] }}]\n'
        f"bills = [{bills}]\n" + GOOD_PARTIES
    )
    with pytest.raises(InputError, match="only in the Mean Game"):
        make_settings(4, cards_file=_write(tmp_path, arms))
    assert make_settings(4, "mean", cards_file=tmp_path / "f.toml").game == "mean"
    with pytest.raises(InputError, match="cannot read"):
        load_cards(tmp_path / "missing.toml")


def test_bad_settings_are_refused():
    for players in (1, 6):
        with pytest.raises(InputError, match=str(players)):
            make_settings(players)
    with pytest.raises(InputError, match="unknown policy"):
        make_settings(3, policies=["greedy"])
    with pytest.raises(InputError, match="2 policies given for 3 players"):
        make_settings(3, policies=["goal", "random"])
    with pytest.raises(InputError, match="--game"):
        make_settings(3, "huge")


def test_packaged_cards_match_the_digest():
    cards = load_cards()
    base = [g for g in cards.goals if not g.mean]
    assert len(base) == 30 and len(cards.goals) - len(base) == 12
    assert sum(not b.mean for b in cards.bills) == 30 and sum(b.mean for b in cards.bills) == 19
    assert [IDEOLOGIES[i] for i in cards.party_ideology] == list("LRLCRLCRC")
