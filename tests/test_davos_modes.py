"""Davos team and dissident variants (seed lines 189-217): seating, shared colours, profit
sharing, pooled scoring, dissident players, kernel = reference, and how the bots play them."""

import copy
import random

import polars as pl
import pytest

from tableodds.sim.core.errors import InputError
from tableodds.sim.davos import GAME, check
from tableodds.sim.davos import reference as ref
from tableodds.sim.davos.rules import make_settings, seating

L = 0


# ---------------------------------------------------------------- seating
def test_seating_follows_the_seed():
    # teams of two, mates diagonally opposite
    assert seating(4, "team") == ((0, 1, 0, 1), (False,) * 4, 2)
    assert seating(8, "team")[0] == (0, 1, 2, 3, 0, 1, 2, 3)
    # 3-5 players: one dissident, the others alone
    assert seating(5, "dissident") == ((0, 1, 2, 3, 4), (False,) * 4 + (True,), 4)
    # 6 or 8: a dissident team of two, the others in teams
    colour, diss, n = seating(6, "dissident")
    assert colour == (0, 1, 2, 0, 1, 2) and n == 2 and diss == (False, False, True) * 2
    colour, diss, n = seating(8, "dissident")
    assert n == 3 and sum(diss) == 2 and colour[3] == colour[7] == 3
    # 7: one super dissident with 10 assets, three teams
    st = make_settings(7, mode="dissident")
    assert st.colour == (0, 1, 2, 0, 1, 2, 3) and st.start_assets == (5,) * 6 + (10,)


@pytest.mark.parametrize(
    "players,mode", [(5, "team"), (3, "team"), (2, "dissident"), (9, "dissident"), (6, "normal")]
)
def test_player_counts_outside_the_mode_are_refused(players, mode):
    with pytest.raises(InputError, match=str(players)):
        make_settings(players, mode=mode)


def test_unknown_mode_is_refused():
    with pytest.raises(InputError, match="--mode"):
        make_settings(4, mode="teams")


# ---------------------------------------------------------------- kernel = reference
CONFIGS = [
    (4, "team", ["goal"]),
    (4, "team", ["random"]),
    (6, "team", ["contest", "goal", "random", "goal", "random", "contest"]),
    (8, "team", ["bargain"]),
    (3, "dissident", ["goal"]),
    (4, "dissident", ["random", "goal", "contest", "random"]),
    (5, "dissident", ["bargain", "bargain", "goal", "random", "contest"]),
    (6, "dissident", ["goal"]),
    (7, "dissident", ["contest", "random", "goal", "goal", "random", "bargain", "goal"]),
    (8, "dissident", ["random"]),
]


@pytest.mark.parametrize("game", ["base", "mean"])
@pytest.mark.parametrize("players,mode,policies", CONFIGS)
def test_kernel_equals_reference(players, mode, policies, game):
    st = make_settings(players, game, policies, mode=mode)
    kernel = pl.DataFrame(GAME.simulate_chunk(st, 19, 300, 12))
    reference = pl.DataFrame(GAME.reference_chunk(st, 19, 300, 12))
    assert kernel.equals(reference)


@pytest.mark.parametrize("players,mode,policies", CONFIGS)
def test_invariants_hold(players, mode, policies):
    st = make_settings(players, "base", policies, mode=mode)
    frame = pl.DataFrame(GAME.simulate_chunk(st, 5, 0, 1500))
    check(frame, st)
    assert frame["colour"].max() == st.colours - (mode == "team")
    if mode == "dissident":
        white = frame.filter(pl.col("colour") == st.colours)
        assert (white["g0_goal"] == -1).all()  # dissident players never hold goals
        assert (frame["dissidents_placed"] == 0).all()  # nor are white assets placed for them
        assert white["board"].sum() > 0  # they play the white assets
    else:
        assert frame["dissidents_placed"].min() > 0  # the team variant places dissidents


def test_check_catches_broken_team_records():
    st = make_settings(4, policies=["goal"], mode="team")
    frame = pl.DataFrame(GAME.simulate_chunk(st, 3, 0, 50))
    # one mate scored apart from the other
    bumped = frame.with_columns(
        pl.when(pl.col("seat") == 0).then(pl.col("score") + 1).otherwise(pl.col("score"))
    )
    with pytest.raises(AssertionError, match="disagree"):
        check(bumped, st)
    # a seat wins without its mate
    alone = frame.with_columns((pl.col("won") * (pl.col("seat") < 2)).cast(pl.Int16))
    with pytest.raises(AssertionError):
        check(alone, st)


def test_check_catches_a_dissident_score_that_ignores_the_failed_goals():
    st = make_settings(4, policies=["goal"], mode="dissident")
    frame = pl.DataFrame(GAME.simulate_chunk(st, 3, 0, 50))
    bad = frame.with_columns(
        pl.when(pl.col("colour") == 3).then(pl.col("score") + 1).otherwise(pl.col("score"))
    )
    with pytest.raises(AssertionError, match="dissident score"):
        check(bad, st)


# ---------------------------------------------------------------- the team rules
def _team_game(policy="goal"):
    st = make_settings(4, policies=[policy], mode="team")
    g = ref.Game(st, 1, 0)
    g.c_hidden, g.c_disc, g.c_open = [], [], -1
    return g


def test_a_team_is_one_colour_on_the_board():
    g = _team_game()
    # seats 0 and 2 are one team: both place in colour 0, and together they are biggest
    g.corp_sector[0] = 0
    g.supply = [2, 2, 2, 2]
    g.place(0, ("corp", 0), 1)
    g.place(1, ("corp", 0), 2)
    assert g.req_margin(0, 0, 0) < 0
    g.place(2, ("corp", 0), 2)
    assert g.corp_assets[0] == [3, 2, 0] and g.req_margin(g.col[2], 0, 0) == 1


def test_a_team_shares_its_profit():
    # the rulebook: "een corp levert winst op voor het team ... Jullie verdelen die winst onderling"
    g = _team_game()
    bill = ref.R.Bill("L subsidy: all", L, -1, (3, 1), (1, 0))
    g.corp_sector[0], g.corp_assets[0][0] = 0, 2  # America L corp: team 0 biggest
    g.party_assets[0][0] = 1  # and it decides the America L party
    g.supply = [2, 0, 1, 0]
    g.resolve(0, bill)
    # one share for the team (3), each asset to the mate with the smaller supply (a tie: the
    # lower seat)
    assert g.bills_passed == 1
    assert g.gained == [1, 0, 2, 0] and g.supply == [3, 0, 3, 0]


def test_a_team_pools_its_goals_and_counts_a_category_once():
    g = _team_game()
    cat = {}
    for i, goal in enumerate(g.st.goals):
        cat.setdefault(goal.category, []).append(i)
    a, b = cat["industry"][:2]
    c = cat["markets"][0]
    g.goals = [[[a, 1, 0, 1, 1, 0]], [], [[b, 1, 0, 2, 2, 0], [c, 1, 0, 0, 0, 0]], []]
    res = g.score()
    # team 0: 2 achieved, 1 category (industry twice), 1 failed
    assert res["score"] == [2, 0, 2, 0] and res["categories"] == [1, 0, 1, 0]
    assert res["won"] == [1, 0, 1, 0]


def _team_positions(policy, players=4, seeds=range(3), limit=300):
    seen = []

    class Recorded(ref.Game):
        def contest_turn(self, p, eff, year, final):
            if len(seen) < limit:
                seen.append((copy.deepcopy(self), p))
            return super().contest_turn(p, eff, year, final)

    st = make_settings(players, policies=[policy], mode="team")
    for seed in seeds:
        Recorded(st, seed, 0).play()
    return seen


def test_team_mates_do_not_block_each_other():
    blocks, pairs = 0, []
    for g, p in _team_positions("contest"):
        g.passed = [True] * g.P  # every seat could be blocked
        cost = g.block_cost
        g.block_cost = lambda c, o, k, a, cost=cost: pairs.append((c, o)) or cost(c, o, k, a)
        blocks += g.contest_block(p, g.supply[p], 4) is not None
    # blocks are weighed against rival colours only, never against its own team
    assert blocks >= 5 and pairs and all(c != o for c, o in pairs)


# ---------------------------------------------------------------- the dissident rules
def test_dissident_scoring_gives_the_failed_goals_to_the_dissidents():
    st = make_settings(3, policies=["goal"], mode="dissident")
    g = ref.Game(st, 1, 0)
    cat = {}
    for i, goal in enumerate(st.goals):
        cat.setdefault(goal.category, []).append(i)
    a, b = cat["industry"][:2]
    c = cat["politics"][0]
    # seat 0: one achieved, one failed; seat 1: one failed; seat 2 is the dissident
    g.goals = [[[a, 1, 0, 1, 1, 0], [b, 1, 0, 0, 0, 0]], [[c, 1, 0, 0, 0, 0]], []]
    res = g.score()
    # failed goals cost nothing; the dissident scores 2 goals in 2 categories
    assert res["score"] == [2, 0, 4] and res["won"] == [0, 0, 1]


def test_dissident_players_play_the_white_assets():
    st = make_settings(3, policies=["goal"], mode="dissident")
    g = ref.Game(st, 1, 0)
    g.setup()
    assert g.goals[2] == [] and all(sum(row) == 0 for row in g.party_assets)  # none placed for them
    assert g.nw == 3  # the white assets vote as the dissident players wish
    g.party_assets[0] = [0, 0, 2]
    assert g.party_vote_of(0, [False, False, True], ref.R.Bill("x", 1, -1, (1, 0), (0, 0))) == 1


def test_super_dissident_takes_ten_assets_every_year():
    st = make_settings(7, policies=["goal"], mode="dissident")
    frame = pl.DataFrame(GAME.simulate_chunk(st, 2, 0, 200))
    sup = frame.filter(pl.col("seat") == 6)
    # 10 at set-up and at two resets, plus the first-pass asset it may take
    assert sup["income"].min() >= 30 and (sup["income"] - 30).max() <= 3


def _dissident_positions(players=4, seeds=range(3), limit=300):
    seen = []

    class Recorded(ref.Game):
        def dissident_turn(self, p, eff, year, final):
            if len(seen) < limit:
                seen.append((copy.deepcopy(self), p, year, final))
            return super().dissident_turn(p, eff, year, final)

    st = make_settings(players, policies=["goal"], mode="dissident")
    for seed in seeds:
        Recorded(st, seed, 0).play()
    return seen


def _shuffle_hidden(g, p, rng):
    """Deal again the goals seat p cannot see: every unrevealed goal of another seat and the
    goal stack below the top two cards."""
    g = copy.deepcopy(g)
    slots = [s for o in range(g.P) if o != p for s in g.goals[o] if not s[2] and not s[3]]
    keep = min(2, len(g.g_hidden))
    pool = [s[0] for s in slots] + g.g_hidden[: len(g.g_hidden) - keep]
    rng.shuffle(pool)
    for s in slots:
        s[0] = pool.pop()
    g.g_hidden[: len(g.g_hidden) - keep] = pool
    return g


def _decide(g, p, year, final):
    g = copy.deepcopy(g)
    g.dissident_turn(p, g.supply[p], year, final)
    return g.corp_assets, g.party_assets, g.corp_sector, g.supply[p]


def test_dissident_bot_decides_only_from_what_its_seat_may_know():
    rng = random.Random(2)
    blocks = 0
    for g, p, year, final in _dissident_positions():
        decision = _decide(g, p, year, final)
        blocks += decision[3] < g.supply[p]
        for _ in range(2):
            assert _decide(_shuffle_hidden(g, p, rng), p, year, final) == decision
    assert blocks >= 20


def test_a_blocking_dissident_fails_more_goals_than_a_random_one():
    def failed_share(dissident):
        st = make_settings(4, policies=["goal", "goal", "goal", dissident], mode="dissident")
        f = pl.DataFrame(GAME.simulate_chunk(st, 8, 0, 3000)).filter(pl.col("seat") < 3)
        return f["failed"].sum() / (f["failed"].sum() + f["achieved"].sum())

    assert failed_share("goal") > failed_share("random") + 0.02


# ---------------------------------------------------------------- the command
def test_goals_command_plays_a_mode(tmp_path):
    import json

    from click.testing import CliRunner

    from tableodds.reports.cli.davos import group

    args = ["goals", "-p", "6", "-n", "300", "--mode", "dissident", "--json"]
    res = CliRunner().invoke(group, args + ["--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert doc["command"] == "davos goals" and doc["settings"]["mode"] == "dissident"
    assert doc["settings"]["dissident_seats"] == [2, 5]
    res = CliRunner().invoke(group, ["goals", "-p", "5", "-n", "10", "--mode", "team"])
    assert isinstance(res.exception, InputError)  # the top-level CLI: one line, exit 2
    assert "4, 6 or 8 players, not 5" in str(res.exception)


@pytest.mark.parametrize("players", [4, 7])
def test_dissident_players_can_be_read_to_take_no_profit(players):
    seats = [p for p, d in enumerate(seating(players, "dissident")[1]) if d]
    mixes = (
        ["bargain", "goal", "bargain", "contest", "bargain", "random", "goal"][:players],
        ["goal", "contest", "random", "goal", "contest", "random", "goal"][:players],
    )
    gained = {}
    for reading in ("take", "none"):
        for pols in mixes:
            st = make_settings(players, "base", pols, mode="dissident", dissident_profit=reading)
            kernel = pl.DataFrame(GAME.simulate_chunk(st, 23, 0, 12))
            assert kernel.equals(pl.DataFrame(GAME.reference_chunk(st, 23, 0, 12)))
        frame = pl.DataFrame(GAME.simulate_chunk(st, 23, 0, 1500))  # no bargain seat: no shares
        check(frame, st)
        gained[reading] = frame.filter(pl.col("seat").is_in(seats))["gained"].sum()
    assert gained["take"] > 0 and gained["none"] == 0


def test_dissident_profit_is_for_the_dissident_variant():
    with pytest.raises(InputError, match="dissident variant"):
        make_settings(4, dissident_profit="take")
    with pytest.raises(InputError, match="none or take"):
        make_settings(4, mode="dissident", dissident_profit="half")


def test_dissident_players_take_no_profit_by_default():
    # the rulebook: "Winst voor de dissidents negeer je"; the other reading is --dissident-profit take
    st = make_settings(4, "base", ["goal"], mode="dissident")
    assert st.dissident_profit == "none" and st.profit_colours == st.colours
    frame = pl.DataFrame(GAME.simulate_chunk(st, 23, 0, 300))
    assert frame.filter(pl.col("seat") == 3)["gained"].sum() == 0
