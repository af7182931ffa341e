"""I'm the Boss! deal calculator: the cooperative game of one deal and its solution concepts."""

import itertools
import json
import random
from fractions import Fraction

import pytest
from cli_helpers import run_cli

from tableodds.sim.boss import bargain
from tableodds.sim.boss.bargain import Deal, Holding, core_ranges, game, shapley, solve

F = Fraction
RED, BLUE, YELLOW, PINK, ORANGE, GREEN = range(6)


def table(n, winning):
    """A simple game on n players: 1 for a coalition containing one of ``winning``."""
    wins = [sum(1 << i for i in w) for w in winning]
    return [int(any(s & w == w for w in wins)) for s in range(1 << n)]


# ---- Shapley values against hand-computed games -------------------------------------------


def test_shapley_glove_game():
    # one right glove (2) and two left ones: a pair is worth 1.  By hand: the right
    # glove is pivotal unless it comes first (2/3 of the orders); each left glove
    # only when it comes second after the right one (1/6).
    v = table(3, [(0, 2), (1, 2)])
    assert shapley(v, 3) == [F(1, 6), F(1, 6), F(2, 3)]


def test_shapley_weighted_vote():
    # quota 3, weights 2, 1, 1: the big player is pivotal in positions 2 and 3 (4 of 6 orders)
    v = table(3, [(0, 1), (0, 2)])
    assert shapley(v, 3) == [F(2, 3), F(1, 6), F(1, 6)]


def test_shapley_majority_and_unanimity():
    assert shapley(table(3, [(0, 1), (0, 2), (1, 2)]), 3) == [F(1, 3)] * 3
    assert shapley([0, 0, 0, 30], 2) == [15, 15]


def test_shapley_additive_game_gives_each_its_own_worth():
    worth = [3, 5, 7]
    v = [sum(worth[i] for i in range(3) if s >> i & 1) for s in range(8)]
    assert shapley(v, 3) == worth


@pytest.mark.parametrize("seed", range(20))
def test_shapley_axioms_on_random_games(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 5)
    v = [0] + [rng.randint(0, 20) for _ in range((1 << n) - 1)]
    null = rng.randrange(n)
    for s in range(1 << n):  # make one player null: it adds nothing anywhere
        if s >> null & 1:
            v[s] = v[s & ~(1 << null)]
    phi = shapley(v, n)
    assert sum(phi) == v[-1]  # efficiency
    assert phi[null] == 0
    i, j = rng.sample(range(n), 2)
    if all(v[s | 1 << i] == v[s | 1 << j] for s in range(1 << n) if not s >> i & 1 | s >> j & 1):
        assert phi[i] == phi[j]  # symmetry


# ---- the core against its definition ------------------------------------------------------


HALF = F(1, 2)


def brute_core(v, n, step=HALF):
    """Every efficient split on a grid of ``step`` that gives each coalition its value."""
    total = v[-1]
    grid = [step * k for k in range(int(total / step) + 1)]
    points = []
    for x in itertools.product(grid, repeat=n - 1):
        last = total - sum(x)
        if last < 0:
            continue
        x = (*x, last)
        if all(sum(x[i] for i in range(n) if s >> i & 1) >= v[s] for s in range(1, 1 << n)):
            points.append(x)
    return points


@pytest.mark.parametrize("seed", range(30))
def test_core_ranges_match_the_definition(seed):
    rng = random.Random(seed)
    n = 3
    v = [0] * 8
    for s in range(1, 8):
        v[s] = rng.randint(0, 6) * bin(s).count("1")
    v[7] = max(v[7], 12)
    got = core_ranges(v, n)
    points = brute_core(v, n)
    if got is None:
        assert points == []
        return
    # the core's vertices lie on the half-integer grid for n = 3 and integer values
    assert points, "linprog found a core the definition does not"
    for i in range(n):
        assert got[i][0] == pytest.approx(float(min(p[i] for p in points)))
        assert got[i][1] == pytest.approx(float(max(p[i] for p in points)))


def test_core_of_simple_games():
    assert core_ranges(table(3, [(0, 1), (0, 2), (1, 2)]), 3) is None  # majority: empty
    glove = core_ranges(table(3, [(0, 2), (1, 2)]), 3)
    assert glove == ((0, 0), (0, 0), (1, 1))  # the scarce glove takes everything
    assert core_ranges([0, 0, 0, 30], 2) == ((0, 30), (0, 30))


# ---- the deal's games ---------------------------------------------------------------------


def holding(name, investors=(), family=(), **cards):
    fam = [0] * 6
    for f in family:
        fam[f] += 1
    return Holding(name, investors=sum(1 << f for f in investors), family=tuple(fam), **cards)


def two_family_deal(*players, boss=0, payout=10):
    return Deal(1 << RED | 1 << BLUE, 0, 0, payout, tuple(players), boss)


def test_family_prices():
    seed_space = Deal(0b000111, 0b111000, 2, 30, (holding("a"), holding("b")), 0)
    price = bargain.family_prices(seed_space)
    assert price[:3] == [F(4, 15)] * 3 and price[3:] == [F(1, 15)] * 3
    assert sum(price) == 1
    assert bargain.family_prices(two_family_deal(holding("a"), holding("b")))[:2] == [F(1, 2)] * 2


def test_competing_suppliers_lower_the_shapley_share():
    # the boss has red; blue comes from either of two players: glove game, boss gets 2/3
    d = two_family_deal(holding("boss", [RED]), holding("b", [BLUE]), holding("c", family=[BLUE]))
    s = solve(d)
    assert s.shapley == (F(20, 3), F(5, 3), F(5, 3))
    assert s.core == ((10, 10), (0, 0), (0, 0))  # competition drives the core price to 0
    assert s.veto == [0]


def test_travel_threat_makes_an_outsider_count():
    # the boss alone has both families; an outsider's travel card knocks out red
    d = two_family_deal(holding("boss", [RED, BLUE]), holding("x", travel=(1, 0, 0, 0, 0, 0)))
    assert game(d, threats=False)[0b01] == 10
    assert game(d, threats=True)[0b01] == 0 and game(d, threats=True)[0b11] == 10
    stop = two_family_deal(
        holding("boss", [RED, BLUE], stop=1), holding("x", travel=(1, 0, 0, 0, 0, 0))
    )
    assert game(stop, threats=True)[0b01] == 10  # a stop card cancels it


def test_recruitment_takes_a_missing_investor_unless_stopped():
    boss = holding("boss", [RED], recruit=3)
    d = two_family_deal(boss, holding("b", [BLUE]))
    assert game(d, threats=True)[0b01] == 10
    d = two_family_deal(boss, holding("b", [BLUE], stop=1))
    assert game(d, threats=True)[0b01] == 0 and game(d, threats=False)[0b01] == 10


def test_boss_cards_decide_the_lead():
    d = two_family_deal(holding("boss", [RED, BLUE]), holding("x", boss=1))
    assert game(d)[0b01] == 0 and game(d, threats=False)[0b01] == 10


def three_family_deal(*players, boss=0, payout=30, spare=0):
    return Deal(1 << RED | 1 << BLUE | 1 << YELLOW, 0, 0, payout, tuple(players), boss, spare)


# ---- the rules' threat model: anyone may stop any card but a stop ---------------------------


def test_a_boss_card_is_stopped():
    # the boss holds both investors and a stop; one player holds a boss card: the stop
    # cancels it, so the boss keeps the whole deal (without the stop it is shared)
    d = two_family_deal(holding("boss", [RED, BLUE], stop=1), holding("x", boss=1))
    s = solve(d)
    assert s.v[0b01] == 10 and s.shapley == (10, 0) and s.settled()["nash"] == ([10, 0], True)
    d = two_family_deal(holding("boss", [RED, BLUE]), holding("x", boss=1))
    assert solve(d).shapley == (5, 5)
    # a stop of the others cancels a boss card of the coalition's: x cannot take the lead
    d = two_family_deal(holding("boss", stop=1), holding("x", [RED, BLUE], boss=1))
    assert game(d)[0b10] == 0 and game(d)[0b11] == 10
    # ... unless x has a second one
    d = two_family_deal(holding("boss", stop=1), holding("x", [RED, BLUE], boss=2))
    assert game(d)[0b10] == 10


def test_a_partners_stop_saves_the_deal_from_travel_on_another_supplier():
    travel_blue = (0, 1, 0, 0, 0, 0)
    plain = (holding("boss", [RED]), holding("b", [BLUE]))
    d = three_family_deal(*plain, holding("c", [YELLOW]), holding("x", travel=travel_blue))
    assert game(d)[0b0111] == 0 and game(d, threats=False)[0b0111] == 30
    d = three_family_deal(*plain, holding("c", [YELLOW], stop=1), holding("x", travel=travel_blue))
    assert game(d)[0b0111] == 30  # c's stop answers the travel card aimed at b's blue


def test_a_recruitment_of_a_spare_investor_is_stopped():
    # blue lies beside the board; the boss's recruitment set takes it unless x stops it
    boss = holding("boss", [RED], recruit=3)
    d = Deal(1 << RED | 1 << BLUE, 0, 0, 10, (boss, holding("x")), 0, spare=1 << BLUE)
    assert game(d)[0b01] == 10
    d = Deal(1 << RED | 1 << BLUE, 0, 0, 10, (boss, holding("x", stop=1)), 0, spare=1 << BLUE)
    assert game(d)[0b01] == 0 and game(d)[0b11] == 10 and solve(d).shapley == (5, 5)


def test_two_travel_cards_against_one_stop():
    red = (1, 0, 0, 0, 0, 0)
    x, y = holding("x", travel=red), holding("y", travel=red)
    assert game(two_family_deal(holding("boss", [RED, BLUE], stop=1), x, y))[0b001] == 0
    assert game(two_family_deal(holding("boss", [RED, BLUE], stop=2), x, y))[0b001] == 10
    # the stops the boss spends on a boss card are gone for the travel cards
    b = holding("b", boss=1)
    assert game(two_family_deal(holding("boss", [RED, BLUE], stop=2), x, b))[0b001] == 10
    assert game(two_family_deal(holding("boss", [RED, BLUE], stop=2), x, y, b))[0b0001] == 0


def bargain_text(d):
    from tableodds.analysis.boss import DealSummary

    return DealSummary(solve(d)).text()


# ---- fair shares ----------------------------------------------------------------------------


def test_symmetric_players_get_equal_shares_in_every_column():
    # b and c each hold a blue family card, and nothing else tells them apart
    b, c = holding("b", family=[BLUE]), holding("c", family=[BLUE])
    d = two_family_deal(holding("boss", [RED]), b, c)
    s = solve(d)
    assert len(s.nash_coalitions) == 2 and s.nash[1] == s.nash[2] == F(5, 2)
    assert s.shapley[1] == s.shapley[2] and s.core[1] == s.core[2]
    for name, (split, ok) in s.settled().items():
        assert split[1] == split[2] and ok, name
        assert sum(split) == d.payout and all(isinstance(x, int) for x in split)
    assert s.settled()["nash"] == ([6, 2, 2], True)  # whole millions, the boss the rest
    assert s.investors == (5, F(5, 2), F(5, 2)) and s.settled()["investors"][0] == [6, 2, 2]
    # the optional families: pink from b or green from c, either one completes
    d = Deal(1 << RED, 1 << PINK | 1 << GREEN, 1, 10, (holding("boss", [RED]), b, c), 0)
    d = Deal(
        d.required,
        d.optional,
        1,
        10,
        (d.players[0], holding("b", [PINK]), holding("c", [GREEN])),
        0,
    )
    s = solve(d)
    assert s.shapley[1] == s.shapley[2] and s.nash[1] == s.nash[2]
    assert s.investors[1] == s.investors[2] and s.weights[1] == s.weights[2]


def test_a_split_below_the_bosss_minimum_is_marked():
    # the boss brings nothing: by the investors model it keeps 0 of 10 (minimum 20%)
    d = two_family_deal(holding("boss"), holding("b", [RED]), holding("c", [BLUE]))
    s = solve(d)
    assert s.settled()["investors"] == ([0, 5, 5], False)
    assert s.settled()["weights"] == ([6, 2, 2], True)  # the weight rule keeps it 2:1:1
    text = bargain_text(d)
    assert "under investors the boss keeps less than its minimum (20% of the payout)" in text


# ---- the rulebook's worked example ------------------------------------------------------------


def test_seed_first_moment_lone_red_supplier_gets_8_of_30():
    d = bargain.load_deal(bargain.example_path("first"))
    s = solve(d)
    assert d.payout == 30 and d.players[d.boss].name == "Daan"
    assert s.investors == (22, 8, 0, 0)  # the rulebook: "at least 8 M; you still earn 22 M"
    assert s.weights == (20, 10, 0, 0)  # the original rule gives her 10
    # Daan + Lotte complete it, but cannot guarantee it against Lars's and Sofie's travel
    assert s.completes[0b0011] and not s.v[0b0011]
    # Daan's stop answers one of Lotte's boss cards, his own boss card the other, and
    # Sofie's blue family card outlasts Lars's travel card: Daan + Sofie guarantee it
    assert s.v[0b1001] and s.veto == [0]
    assert s.shapley == (F(35, 2), F(5, 2), F(5, 2), F(15, 2))


def test_seed_final_moment_10_10_10():
    d = bargain.load_deal(bargain.example_path("final"))
    s = solve(d)
    assert d.players[d.boss].name == "Lotte"
    assert s.shapley == (10, 10, 0, 10) and s.nash == (10, 10, 0, 10)
    assert s.weights == (7, 16, 0, 7)  # the original rule: 16/7/7
    assert s.investors == (8, 14, 0, 8)
    assert s.veto == [0, 1, 3]


def test_cli_deal_example_and_json(capsys):
    code, out, err = run_cli(["boss", "deal", "--example", "final"], capsys)
    assert code == 0, err
    assert "Daan + Lotte + Sofie" in out and "shapley" in out
    code, out, err = run_cli(["boss", "deal", "--example", "first", "--json"], capsys)
    doc = json.loads(out)
    shares = {r["player"]: r for r in doc["results"]["shares"]}
    assert shares["Lotte"]["investors"] == 8 and doc["results"]["veto"] == ["Daan"]
    assert shares["Daan"]["shapley"] == 19 and shares["Daan"]["shapley_exact"] == 17.5
    code, out, err = run_cli(["boss", "deal", "--example", "first"], capsys)
    exact = out[out.index("shares (M), exact") : out.index("shares (M), settled")]
    daan = next(line for line in exact.splitlines() if line.strip().startswith("Daan"))
    assert daan.split()[3] == "35/2"  # the exact Shapley value, as a fraction
    settled = out[out.index("shares (M), settled") :]
    assert "whole millions" in settled and "rounded down" in settled
    assert next(line for line in settled.splitlines() if "Daan" in line).split()[2] == "19"


def test_cli_template_round_trips(tmp_path, capsys):
    code, text, _ = run_cli(["boss", "deal", "--template"], capsys)
    path = tmp_path / "deal.toml"
    path.write_text(text)
    code, out, err = run_cli(["boss", "deal", str(path), "--boss", "Daan", "--json"], capsys)
    assert code == 0, err
    assert json.loads(out)["settings"]["boss"] == "Daan"


@pytest.mark.parametrize(
    "edit, words",
    [
        (lambda t: t.replace("space = 3\n", ""), "missing space"),
        (lambda t: t.replace('["red"]', '["purple"]'), "unknown family 'purple'"),
        (lambda t: t.replace('investors = ["green"]', 'investors = ["red"]'), "held twice"),
        (lambda t: t.replace('boss = "Lotte"', 'boss = "Nobody"'), "boss must be one of"),
        (lambda t: t.replace("deal = 13", "deal = 99"), "deal must be"),
        (lambda t: t.replace('travelled = ["blue"]', 'travelled = ["red"]'), "travelled"),
        (lambda t: t.replace("[players.Lars]", "[players.Lars]\nstops = 1"), "unknown key"),
        (lambda t: t + "spare = [", "not valid TOML"),
        # the table size: the rulebook leaves spares beside the board at 4-5 players only
        (
            lambda t: t.replace('boss = "Lotte"', 'spare = ["green"]\nboss = "Lotte"').replace(
                '[players.Lars]\ninvestors = ["green"]\n', ""
            ),
            "1 spare investor card at 3 players, but the rulebook puts investor cards beside "
            "the board only with 4 or 5 players",
        ),
        (
            lambda t: t.replace('boss = "Lotte"', 'spare = ["green"]\nboss = "Lotte"').replace(
                '[players.Lars]\ninvestors = ["green"]\n',
                "[players.Lars]\n[players.E]\n[players.F]\n",
            ),
            "spare investor card at 6 players, but the rulebook puts",
        ),
        (
            lambda t: (
                t.replace('boss = "Lotte"', 'spare = ["green", "pink"]\nboss = "Lotte"')
                .replace('[players.Lars]\ninvestors = ["green"]\n', "[players.Lars]\n[players.E]\n")
                .replace('"blue", "pink", "yellow"', '"blue", "yellow"')
            ),
            "2 spare investor cards at 5 players, but the rulebook puts investor cards beside "
            "the board only with 4 or 5 players ('Bij een spel met 4 of 5 spelers",
        ),
    ],
)
def test_bad_deal_files_are_one_line_exit_2(edit, words, tmp_path, capsys):
    text = bargain.example_path("final").read_text()
    path = tmp_path / "bad.toml"
    path.write_text(edit(text))
    code, out, err = run_cli(["boss", "deal", str(path)], capsys)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err


def test_cli_needs_a_file_or_an_example(tmp_path, capsys):
    code, _, err = run_cli(["boss", "deal"], capsys)
    assert code == 2
    code, _, err = run_cli(["boss", "deal", str(tmp_path / "none.toml")], capsys)
    assert code == 2 and "cannot read" in err
