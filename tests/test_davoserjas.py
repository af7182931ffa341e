"""Davoserjas: rules data, exact odds, bots, Kabalen, variants and the CLI."""

import json
from math import comb

import numpy as np
import polars as pl
import pytest
from cli_helpers import run_cli as cli

from tableodds.sim.core.errors import InputError
from tableodds.sim.davoserjas import GAME
from tableodds.sim.davoserjas.kernel import deal_hands, penalties
from tableodds.sim.davoserjas.reference import (
    choose_duck,
    choose_hold,
    kabalen_row_after,
    play_game,
)
from tableodds.sim.davoserjas.rules import (
    card_id,
    deck_mask,
    hand_size,
    load_rules,
    make_settings,
    parse_card,
)


def cards(*names):
    return [parse_card(n) for n in names]


@pytest.mark.parametrize(
    "players,removed,size",
    [
        (3, ["2D"], 17),
        (4, [], 13),
        (5, ["2D", "2H"], 10),
        (6, ["2D", "2H", "2S", "2C"], 8),
        (7, ["2D", "2H", "2S"], 7),
    ],
)
def test_removal_table(players, removed, size):
    mask = deck_mask(players)
    assert [c for c in range(52) if not mask >> c & 1] == sorted(cards(*removed))
    assert hand_size(players) == size and size * players == bin(mask).count("1")


def test_default_round_totals_match_the_digest():
    rounds, _ = load_rules()
    assert [r.name for r in rounds][-1] == "Kabalen"
    for players, tricks, clubs in [(3, 17, 13), (4, 13, 13), (5, 10, 13), (6, 8, 12), (7, 7, 13)]:
        assert [r.deal_total(players) for r in rounds] == [tricks, clubs, 20, 15, 20, None]


def test_every_deal_of_every_round_hands_out_its_total():
    for players in range(3, 8):
        s = make_settings(players, ["careful", "random"] + ["duck"] * (players - 2))
        GAME.check(pl.DataFrame(GAME.simulate_chunk(s, 5, 0, 3000)), s)


def _deals(players, n, seed=9):
    out = np.empty((n, players), np.uint64)
    deal_hands(
        np.uint64(seed), 0, n, players, hand_size(players), np.uint64(deck_mask(players)), out
    )
    return out


@pytest.mark.parametrize("players", range(3, 8))
def test_deal_frequencies_match_exact_combinatorics(players):
    n, size = 40_000, hand_size(players)
    deck = bin(deck_mask(players)).count("1")
    hands = _deals(players, n)
    assert np.all(np.bitwise_or.reduce(hands, axis=1) == np.uint64(deck_mask(players)))
    sevens = np.uint64(sum(1 << card_id(s, "7") for s in "CDHS"))
    no_seven = np.mean((hands[:, 0] & sevens) == 0)
    p = comb(deck - 4, size) / comb(deck, size)
    assert abs(no_seven - p) < 4 * np.sqrt(p * (1 - p) / n)
    kc = np.mean((hands[:, players - 1] >> np.uint64(card_id("C", "K"))) & np.uint64(1))
    q = size / deck
    assert abs(kc - q) < 4 * np.sqrt(q * (1 - q) / n)


def test_round_four_penalty_follows_the_king_of_clubs():
    s = make_settings(4, rounds=[4])
    pen = penalties(s, 1, 0, 20_000)[:, 0, :]
    assert set(np.unique(pen)) == {0, 15} and np.all((pen == 15).sum(axis=1) == 1)


def test_duck_stays_under_the_winner_and_sheds_danger():
    pen = np.zeros(52, np.int16)
    pen[cards("QH", "QS")] = 5
    hand = set(cards("2H", "9H", "KH", "QS", "3C"))
    trick = cards("10H")
    hearts = sorted(cards("2H", "9H", "KH"))
    assert choose_duck(hand, hearts, trick, pen, False) == parse_card("9H")
    assert choose_duck(hand, sorted(cards("KH")), trick, pen, True) == parse_card("KH")
    void = sorted(cards("QS", "3C", "AD"))
    assert choose_duck(hand, void, cards("5H"), pen, False) == parse_card("QS")
    assert choose_duck(hand, sorted(hand), [], pen, False) == parse_card("2H")


def test_hold_frees_own_cards_and_keeps_sevens():
    hand = set(cards("7H", "6S", "5S", "4S", "8C"))
    legal = sorted(cards("7H", "6S", "8C"))
    assert choose_hold(hand, legal) == parse_card("6S")
    assert choose_hold(set(cards("7H", "8C")), sorted(cards("7H", "8C"))) == parse_card("8C")


def test_kabalen_rows_and_gaps():
    mask3 = deck_mask(3)  # 2D removed
    assert kabalen_row_after(parse_card("7D"), False, mask3) == cards("6D", "8D")
    assert kabalen_row_after(parse_card("3D"), False, mask3) == cards("AD")
    assert kabalen_row_after(parse_card("3D"), True, mask3) == []
    assert kabalen_row_after(parse_card("3H"), True, mask3) == cards("2H")
    assert kabalen_row_after(parse_card("2H"), True, mask3) == cards("AH")
    assert kabalen_row_after(parse_card("KH"), False, mask3) == []


def test_strict_gaps_strand_the_dead_ace():
    s = make_settings(3, rounds=[6], variants=["strict-gaps"])
    hand = {parse_card("AD")} | set(c for c in range(52) if deck_mask(3) >> c & 1 and c // 13 == 0)
    hand = sorted(hand)[:17]
    pen = penalties(s, 2, 0, 2000, fixed_seat=0, fixed_hand=sum(1 << c for c in hand))
    assert np.all(pen[:, 0, 0] >= 1)
    bridged = penalties(make_settings(3, rounds=[6]), 2, 0, 2000, 0, sum(1 << c for c in hand))
    assert np.any(bridged[:, 0, 0] == 0)


def test_variants_edit_the_round_data():
    s = make_settings(4, variants=["last-trick-only", "queen=3", "king-of-clubs=10", "trick=2"])
    totals = [r.deal_total(4) for r in s.rounds]
    assert totals == [26, 13, 12, 10, 10, None]
    pool = make_settings(4, variants=["pool=60", "pool-split=3:1"])
    assert pool.kabalen_scoring == "pool" and pool.pool_shares() == (45, 15)
    pen = penalties(pool, 1, 0, 2000)[:, -1, :]
    assert np.all(pen.sum(axis=1) == -60)


def test_reference_leader_rotates_with_the_round():
    # seat (r-1) mod P leads round r: with duck everywhere the leader of round 5 takes
    # the first trick only if it cannot lead under everyone; check against the reference
    s = make_settings(5, ["duck"])
    for g in range(10):
        assert np.array_equal(np.array(play_game(s, 8, g)), penalties(s, 8, g, 1)[0])


@pytest.mark.parametrize("text", ["1S", "AX", "11H", "", "KHH"])
def test_bad_cards_are_named(text):
    with pytest.raises(InputError, match="bad card"):
        parse_card(text)


@pytest.mark.parametrize(
    "kw,msg",
    [
        (dict(players=8), "3-7 players"),
        (dict(policies=["nope"]), "unknown policy"),
        (dict(variants=["turbo"]), "unknown variant"),
        (dict(rounds=[9]), "no round 9"),
        (dict(variants=["queen=x"]), "integer"),
        (dict(policies=["random"] * 3), "3 policies"),
        (dict(variants=["pool-split=1:1", "pool=7"]), "whole points"),
    ],
)
def test_bad_settings_are_refused(kw, msg):
    with pytest.raises(InputError, match=msg):
        make_settings(**({"players": 4} | kw))


def test_bad_rules_file_names_the_field(tmp_path):
    f = tmp_path / "r.toml"
    f.write_text('[[rounds]]\nkind = "tricks"\ncards = { purple = 1 }\n')
    with pytest.raises(InputError, match="purple"):
        make_settings(4, rules_file=f)
    f.write_text('[[rounds]]\nkind = "tricks"\nper_trick = "one"\n')
    with pytest.raises(InputError, match="per_trick"):
        make_settings(4, rules_file=f)


def test_custom_round_list(tmp_path):
    f = tmp_path / "r.toml"
    f.write_text('[[rounds]]\nname = "hearts"\nkind = "tricks"\ncards = { hearts = 2, QS = 13 }\n')
    s = make_settings(4, rules_file=f)
    assert s.rounds[0].deal_total(4) == 39
    GAME.check(pl.DataFrame(GAME.simulate_chunk(s, 1, 0, 2000)), s)


@pytest.mark.parametrize(
    "args,msg",
    [
        (["davoserjas", "simulate", "--players", "9"], "3-7 players, not 9"),
        (["davoserjas", "simulate", "--policy", "smart"], "unknown policy 'smart'"),
        (["davoserjas", "simulate", "--variant", "turbo"], "unknown variant 'turbo'"),
        (["davoserjas", "simulate", "--games", "0"], "--games"),
        (["davoserjas", "simulate", "--players", "x"], "'x' is not a valid integer"),
        (["davoserjas", "hand", "AS", "ZZ"], "bad card 'ZZ'"),
        (["davoserjas", "hand", "AS", "AS"], "listed twice"),
        (["davoserjas", "hand", "--players", "3", "2D"], "2D is not in the 3-player deck"),
        (["davoserjas", "hand", "AS", "KS"], "13 cards, 2 given"),
        (["nosuchgame"], "No such command"),
    ],
)
def test_cli_errors_are_one_line_and_exit_2(args, msg, capsys):
    code, out, err = cli(args, capsys)
    assert code == 2 and msg in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_cli_simulate_json_and_out(tmp_path, capsys):
    code, out, _ = cli(
        [
            "davoserjas",
            "simulate",
            "-n",
            "3000",
            "--json",
            "--policies",
            "careful,random,random,random",
            "--out",
            str(tmp_path),
        ],
        capsys,
    )
    doc = json.loads(out)
    assert code == 0 and doc["run"]["games_done"] == 3000
    assert [r["round"] for r in doc["results"]["rounds"]] == [1, 2, 3, 4, 5, 6]
    for name in (
        "round_means.parquet",
        "seats.csv",
        "penalty_distribution.png",
        "seat_advantage.svg",
        "run.json",
    ):
        assert (tmp_path / name).exists()


def test_cli_tables_are_identical_for_any_workers_and_chunks(tmp_path, capsys):
    a, b = tmp_path / "a", tmp_path / "b"
    cli(
        [
            "davoserjas",
            "simulate",
            "-n",
            "5000",
            "-w",
            "1",
            "--chunk-size",
            "5000",
            "-o",
            str(a),
            "--json",
        ],
        capsys,
    )
    cli(
        [
            "davoserjas",
            "simulate",
            "-n",
            "5000",
            "-w",
            "2",
            "--chunk-size",
            "777",
            "-o",
            str(b),
            "--json",
        ],
        capsys,
    )
    for name in ("round_means", "seats", "penalty_distribution"):
        assert (a / f"{name}.parquet").read_bytes() == (b / f"{name}.parquet").read_bytes()
    assert pl.read_parquet(a / "records").equals(pl.read_parquet(b / "records"))


def test_cli_hand(capsys):
    hand = "2C 3C 4C 5C 6C 2D 3D 4D 5D 2H 3H 4H 5H".split()
    code, out, _ = cli(
        [
            "davoserjas",
            "hand",
            "--round",
            "1",
            "-n",
            "4000",
            "--json",
            "--holder",
            "careful",
            "--opponents",
            "counting,random",
            *hand,
        ],
        capsys,
    )
    res = json.loads(out)["results"]
    assert code == 0 and res["holder"] == "careful"
    assert [a["opponents"] for a in res["against"]] == ["counting", "random"]
    for doc in res["against"]:
        assert doc["penalty"]["estimate"] < 1.0  # all low cards: few tricks
        assert sum(d["p"] for d in doc["distribution"]) == pytest.approx(1.0)


def test_cli_duel_ranks_counting_above_careful(capsys):
    code, out, _ = cli(
        ["davoserjas", "duel", "--policies", "counting,careful,random", "-n", "1500", "--json"],
        capsys,
    )
    res = json.loads(out)["results"]
    assert code == 0 and [p["a"] + "-" + p["b"] for p in res["pairs"]] == [
        "counting-careful",
        "counting-random",
        "careful-random",
    ]
    assert [r["policy"] for r in res["ranking"]] == ["counting", "careful", "random"]
    first = res["pairs"][0]["difference"]
    assert first["high"] < 0  # counting beats careful by a margin whose interval excludes 0


def test_bradley_terry_two_policies_is_the_log_odds_and_symmetric_results_are_even():
    from tableodds.analysis.davoserjas import bradley_terry

    # two policies: the rating gap is 400 log10(wins / losses), ties half each
    (a, ra, sa), (b, rb, sb) = bradley_terry(["x", "y"], {("x", "y"): (299, 2, 99)}, prior=0)
    assert ra - rb == pytest.approx(400 * np.log10(300 / 100))
    assert ra == pytest.approx(-rb) and sa == pytest.approx(sb) and sa > 0
    # the standard error of the gap: 1 / sqrt(n p (1 - p)) in log-odds
    assert 2 * sa == pytest.approx(400 / np.log(10) / np.sqrt(400 * 0.75 * 0.25), rel=1e-6)
    even = bradley_terry(
        ["x", "y", "z"], {("x", "y"): (50, 0, 50), ("x", "z"): (50, 0, 50), ("y", "z"): (50, 0, 50)}
    )
    assert all(abs(r) < 1e-9 for _, r, _ in even)
    # a policy that never lost keeps a finite rating (the prior's half wins)
    top = bradley_terry(["x", "y"], {("x", "y"): (100, 0, 0)})
    assert 0 < top[0][1] < 1000


def test_cli_ladder_rates_counting_careful_random_and_seats(capsys):
    code, out, _ = cli(
        [
            "davoserjas",
            "ladder",
            "--policies",
            "random,careful,counting",
            "-n",
            "1500",
            "--fairness-games",
            "3000",
            "-w",
            "1",
            "--json",
        ],
        capsys,
    )
    res = json.loads(out)["results"]
    assert code == 0
    assert [r["policy"] for r in res["ratings"]] == ["counting", "careful", "random"]
    assert res["ratings"][1]["high"] < res["ratings"][0]["low"]  # intervals apart
    assert abs(sum(r["elo"] for r in res["ratings"])) < 1e-6
    assert all(r["a_better"] + r["ties"] + r["b_better"] == 1500 for r in res["record"])
    fair = res["fairness"]
    assert fair["policy"] == "counting" and len(fair["seats"]) == 4
    assert sum(s["minus_table"]["estimate"] for s in fair["seats"]) == pytest.approx(0, abs=1e-9)
    # the seat leading the first-and-last-trick round is ahead under counting play
    assert fair["seats"][0]["minus_table"]["high"] < 0


@pytest.mark.slow
@pytest.mark.parametrize("players", range(3, 8))
@pytest.mark.parametrize("variants", [[], ["strict-gaps", "last-trick-only"], ["pool"]])
def test_invariants_over_many_games(players, variants):
    s = make_settings(players, variants=variants)
    GAME.check(pl.DataFrame(GAME.simulate_chunk(s, 2024, 0, 200_000)), s)


@pytest.mark.slow
@pytest.mark.parametrize("players", range(3, 8))
def test_kernel_equals_reference_on_many_games(players):
    s = make_settings(players, ["careful", "duck", "hold"] + ["random"] * (players - 3))
    kernel = penalties(s, 77, 0, 300)
    for g in range(300):
        assert np.array_equal(np.array(play_game(s, 77, g)), kernel[g])


@pytest.mark.slow
def test_no_seven_probability_to_high_precision():
    n = 1_000_000
    hands = _deals(4, n, seed=31)
    sevens = np.uint64(sum(1 << card_id(s, "7") for s in "CDHS"))
    for seat in range(4):
        freq = np.mean((hands[:, seat] & sevens) == 0)
        p = comb(48, 13) / comb(52, 13)
        assert abs(freq - p) < 4 * np.sqrt(p * (1 - p) / n)


@pytest.mark.slow
def test_careful_beats_random():
    s = make_settings(4, ["careful", "random", "random", "random"])
    pen = penalties(s, 5, 0, 50_000).sum(axis=1)
    diff = pen[:, 1:].mean(axis=1) - pen[:, 0]
    assert diff.mean() - 4 * diff.std() / np.sqrt(len(diff)) > 0


def test_fixed_hand_deals_agree_with_the_reference():
    s = make_settings(5, ["careful", "random"] + ["duck"] * 3, rounds=[3])
    hand = {parse_card(c) for c in "QS QH AS KS 3D 4D 5D 6C 7C 8C".split()}
    mask = sum(1 << c for c in hand)
    kernel = penalties(s, 4, 0, 50, fixed_seat=2, fixed_hand=mask)
    for g in range(50):
        assert play_game(s, 4, g, fixed_seat=2, fixed_hand=hand) == kernel[g].tolist()
