"""Every bad input a user can give: one line naming the problem, exit status 2, nothing written.

Each case is one row of the list of bad inputs found by trying the commands as a user would.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from importlib import resources

import pytest
from cli_helpers import cli_commands, run_cli

from tableodds.sim.core.errors import InputError

BIG = str(10**20)
FAST = ["-n", "50", "-w", "1"]
DAVOS_CARDS = resources.files("tableodds.sim.davos").joinpath("cards.toml").read_text("utf-8")
BORGIA_CARDS = resources.files("tableodds.sim.borgia").joinpath("cards.toml").read_text("utf-8")
PARLIAMENT = (
    resources.files("tableodds.sim.davos").joinpath("example_parliament.toml").read_text("utf-8")
)


def refused(args, capsys, tmp_path, match: str = ""):
    before = sorted(p.name for p in tmp_path.iterdir())
    code, out, err = run_cli(args, capsys)
    assert code == 2, (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tableodds: error: "), err
    assert "Traceback" not in err
    assert re.search(match, lines[0]), lines[0]
    created = sorted(p.name for p in tmp_path.iterdir())
    assert created == before or set(created) - set(before) <= {"in.toml", "in.csv"}, created
    return lines[0]


def write(tmp_path, text: str, name: str = "in.toml") -> str:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return str(path)


# every command that simulates: takes --games, --workers and --out, and needs no input file
SIMULATIONS = [
    key.split()
    for key, command in cli_commands().items()
    if {"--games", "--workers", "--out"} <= {o for p in command.params for o in p.opts}
    and not any(p.required for p in command.params)
]
assert len(SIMULATIONS) >= 10, SIMULATIONS


@pytest.mark.parametrize("cmd", SIMULATIONS + [["cheatsheet", "boss"], ["report"]], ids=" ".join)
@pytest.mark.parametrize("out", ["/proc/x", "FILE/sub", "/dev/full/x", "/sys/x", "/"])
def test_unwritable_out_is_refused_before_any_work(cmd, out, tmp_path, capsys):
    if out.startswith("FILE"):
        (tmp_path / "FILE").write_text("a file")
        out = str(tmp_path / out)
    fast = [] if cmd[0] in ("cheatsheet", "report") else FAST
    refused([*cmd, *fast, "--out", out], capsys, tmp_path)


# --out -> what the one line names
OUT_NAMES = {
    "LONG": (lambda d: d / ("a" * 300), "300 bytes"),
    "LONG/sub": (lambda d: d / ("é" * 200) / "sub", "400 bytes"),
    # fits, but its temporary name beside it does not
    "STAGING": (lambda d: d / ("a" * 250), "at most 232 bytes"),
    "DANGLING": (lambda d: d / "dangling", "leads nowhere"),
    "DANGLING/sub": (lambda d: d / "dangling" / "sub", "leads nowhere"),
    "LOOP": (lambda d: d / "loop", "leads nowhere"),
}


@pytest.mark.parametrize(
    "cmd",
    [
        ["boss", "length", *FAST],
        ["davoserjas", "simulate", *FAST],
        ["1844", "compare", "GAME", *FAST],
        ["cheatsheet", "boss"],
        ["report"],
    ],
    ids=" ".join,
)
@pytest.mark.parametrize("out", sorted(OUT_NAMES))
def test_an_out_the_filesystem_cannot_name_is_refused_before_any_work(cmd, out, tmp_path, capsys):
    from tableodds.sim.s1844.export import recorded_games

    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    (tmp_path / "loop").symlink_to("loop")
    cmd = [str(recorded_games()[0]) if a == "GAME" else a for a in cmd]
    path, named = OUT_NAMES[out]
    refused([*cmd, "--out", str(path(tmp_path))], capsys, tmp_path, named)


@pytest.mark.parametrize("games", [BIG, str(2**63), "0", "-5"])
def test_games_beyond_what_the_runner_can_do(games, tmp_path, capsys):
    refused(["davoserjas", "simulate", "--games", games], capsys, tmp_path, "--games")


def test_a_deck_with_a_million_turns(tmp_path, capsys):
    deck = re.sub(r"(?m)^turns = \d+", "turns = 1000000", BORGIA_CARDS)
    assert deck != BORGIA_CARDS
    refused(
        ["borgia", "auction", *FAST, "--cards", write(tmp_path, deck)], capsys, tmp_path, "turns"
    )


def test_borgia_money_beyond_32_bits(tmp_path, capsys):
    deck = re.sub(r"(?m)^money = \d+", "money = 10000000000", BORGIA_CARDS)
    assert deck != BORGIA_CARDS
    refused(
        ["borgia", "simulate", *FAST, "--cards", write(tmp_path, deck)], capsys, tmp_path, "money"
    )


@pytest.mark.parametrize(
    "variant", ["queen=40000", "king-of-clubs=32768", f"trick={BIG}", f"pool={BIG}", "queen=-40000"]
)
def test_davoserjas_variants_that_overflow_a_penalty(variant, tmp_path, capsys):
    refused(["davoserjas", "simulate", *FAST, "--variant", variant], capsys, tmp_path)


@pytest.mark.parametrize("value", ["40000", BIG])
def test_davoserjas_rules_that_overflow_a_penalty(value, tmp_path, capsys):
    rounds = resources.files("tableodds.sim.davoserjas").joinpath("rounds.toml").read_text()
    edited = re.sub(r"(?m)^per_trick = \d+", f"per_trick = {value}", rounds, count=1)
    assert edited != rounds
    refused(
        ["davoserjas", "simulate", *FAST, "--rules", write(tmp_path, edited)],
        capsys,
        tmp_path,
        "per_trick|penalt",
    )


@pytest.mark.parametrize("flag", ["--attack", "--hand"])
def test_conquest_strengths_of_twenty_digits(flag, tmp_path, capsys):
    args = {"--attack": "3", "--hand": "2"}
    args[flag] = BIG
    refused(
        [
            "borgia",
            "conquest",
            "--attack",
            args["--attack"],
            "--hand",
            args["--hand"],
            "--trials",
            "100",
        ],
        capsys,
        tmp_path,
        flag,
    )


# options by their declarations: a variant's value in its range, a bare variant bare, each once,
# names exactly as declared (a near miss by case or spacing named)
@pytest.mark.parametrize(
    "variants,says",
    [
        (["queen=-5"], "at least 0"),
        (["trick=-1"], "at least 0"),
        (["pool=0"], "at least 1"),
        (["strict-gaps=1"], "takes no value"),
        (["last-trick-only=yes"], "takes no value"),
        (["queen=3", "queen=4"], "given twice"),
        (["pool", "pool=20"], "given twice"),
        (["Queen=5"], "did you mean 'queen'"),
        (["last_trick_only"], "did you mean 'last-trick-only'"),
    ],
)
def test_davoserjas_variants_by_their_declarations(variants, says, tmp_path, capsys):
    flags = [x for v in variants for x in ("--variant", v)]
    refused(["davoserjas", "simulate", *FAST, *flags], capsys, tmp_path, says)


def test_davoserjas_variants_within_their_declarations_are_read(capsys):
    flags = ["--variant", "queen=0", "--variant", "pool=3", "--variant", "strict-gaps"]
    code, _, err = run_cli(["davoserjas", "simulate", *FAST, *flags], capsys)
    assert code == 0, err


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1.5"])
def test_duel_confidence_is_a_number_in_range(value, tmp_path, capsys):
    refused(["davoserjas", "duel", *FAST, "--confidence", value], capsys, tmp_path, "confidence")


def test_conquest_defence_part_names_are_exact(tmp_path, capsys):
    refused(
        ["borgia", "conquest", "--attack", "3", "--defend", "CITY=2", "--trials", "100"],
        capsys,
        tmp_path,
        "unknown part 'CITY'; did you mean 'city'",
    )


def test_conquest_defence_of_twenty_digits(tmp_path, capsys):
    refused(
        ["borgia", "conquest", "--attack", "3", "--defend", f"city={BIG}", "--trials", "100"],
        capsys,
        tmp_path,
        "defend|city",
    )


def test_twenty_digit_integers_in_card_files(tmp_path, capsys):
    deck = re.sub(r"(?m)^money = \d+", f"money = {BIG}", BORGIA_CARDS)
    refused(["borgia", "simulate", *FAST, "--cards", write(tmp_path, deck)], capsys, tmp_path)


@pytest.mark.parametrize("scale", ["nan", "inf", "-1", "0", "1e-300", "0.0009"])
def test_report_scale_must_be_a_positive_number(scale, tmp_path, capsys):
    refused(["report", "--scale", scale, "--out", str(tmp_path / "r")], capsys, tmp_path, "--scale")


@pytest.mark.parametrize(
    "game, right, wrong",
    [
        ("davoserjas", "penalties", "penaltes"),
        ("davos", "assets_on_board", "assets_onboard"),
        ("1844", "shares", "shars"),
        ("borgia", "cash", "csh"),
        ("boss", "shares", "shars"),
    ],
)
def test_a_misspelled_key_in_a_score_file_is_named(game, right, wrong, tmp_path, capsys):
    code, template, _ = run_cli([game, "score", "--template"], capsys)
    edited = re.sub(rf"(?m)^([^#\n]*?)\b{right}\b", rf"\g<1>{wrong}", template, count=1)
    assert code == 0 and edited != template
    refused([game, "score", write(tmp_path, edited)], capsys, tmp_path, wrong)


def test_davoserjas_variant_key_misspelled(tmp_path, capsys):
    code, template, _ = run_cli(["davoserjas", "score", "--template"], capsys)
    bad = write(tmp_path, template.replace("variants = []", 'variant = ["queen=3"]'))
    refused(["davoserjas", "score", bad], capsys, tmp_path, "variant")


def test_davoserjas_csv_round_column_is_read(tmp_path, capsys):
    good = "round,A,B,C,D\n2,4,2,7,0\n1,3,4,2,4\n"
    code, out, err = run_cli(
        ["davoserjas", "score", write(tmp_path, good, "in.csv"), "--json"], capsys
    )
    assert code == 0, err
    repeated = "round,A,B,C,D\n1,3,4,2,4\n1,3,4,2,4\n"
    refused(["davoserjas", "score", write(tmp_path, repeated, "in.csv")], capsys, tmp_path, "round")
    gap = "round,A,B,C,D\n1,3,4,2,4\n3,5,10,0,5\n"
    refused(["davoserjas", "score", write(tmp_path, gap, "in.csv")], capsys, tmp_path, "round")


def test_duplicate_goal_names_in_davos_cards(tmp_path, capsys):
    first = re.search(r'\{ name = "[^}]*\},\n', DAVOS_CARDS).group(0)
    deck = DAVOS_CARDS.replace(first, first + "  " + first, 1)
    refused(
        ["davos", "goals", *FAST, "--cards", write(tmp_path, deck)],
        capsys,
        tmp_path,
        "twice|duplicate",
    )


def test_duplicate_card_types_in_borgia_cards(tmp_path, capsys):
    block = re.search(r"(?ms)^\[\[card\]\].*?(?=^\[)", BORGIA_CARDS).group(0)
    refused(
        ["borgia", "simulate", *FAST, "--cards", write(tmp_path, BORGIA_CARDS + "\n" + block)],
        capsys,
        tmp_path,
        "twice|duplicate",
    )


def test_duplicate_party_names_in_davos_vote(tmp_path, capsys):
    block = re.search(r"(?ms)^\[\[parties\]\].*?(?=^\[\[parties|\Z)", PARLIAMENT).group(0)
    refused(
        ["davos", "vote", write(tmp_path, PARLIAMENT + "\n" + block)],
        capsys,
        tmp_path,
        "twice|duplicate",
    )


@pytest.mark.parametrize("players", [1, 6])
def test_davos_score_is_for_two_to_five_players(players, tmp_path, capsys):
    rows = "".join(
        f'\n[[players]]\nname = "P{i}"\nassets_on_board = 3\ngoals = []\n' for i in range(players)
    )
    refused(
        ["davos", "score", write(tmp_path, 'mode = "normal"\n' + rows)],
        capsys,
        tmp_path,
        "2-5|players",
    )


@pytest.mark.parametrize(
    "extra,match",
    [
        (["--mode", "team", "-p", "5"], "team variant of Davos is for 4, 6 or 8 players, not 5"),
        (["--mode", "dissident", "-p", "2"], "dissident variant of Davos is for 3-8 players"),
        (["--control-open", "five"], "control-open"),
        (["--big-tokens", "never"], "big-tokens"),
        (["--mode", "team", "--dissident-specialty", "card"], "Big Game's dissident variant"),
    ],
)
def test_davos_big_game_settings_that_do_not_exist(extra, match, tmp_path, capsys):
    refused(["davos", "goals", *FAST, "--game", "big", *extra], capsys, tmp_path, match)


def test_davos_big_game_without_control_cards(tmp_path, capsys):
    cards = DAVOS_CARDS[: DAVOS_CARDS.index("[big]")]
    refused(
        ["davos", "goals", *FAST, "--game", "big", "--cards", write(tmp_path, cards)],
        capsys,
        tmp_path,
        r"\[big\] table",
    )


def test_davos_control_card_with_a_wrong_action(tmp_path, capsys):
    cards = DAVOS_CARDS.replace(
        'domain = "sector:Banking", action = "fail_to_party"',
        'domain = "sector:Banking", action = "swap_card"',
        1,
    )
    assert cards != DAVOS_CARDS
    refused(
        ["davos", "goals", *FAST, "--game", "big", "--cards", write(tmp_path, cards)],
        capsys,
        tmp_path,
        "control card 1",
    )


@pytest.mark.parametrize("flag", ["--policy", "--policies"])
def test_an_empty_policy_is_refused(flag, tmp_path, capsys):
    refused(["davoserjas", "simulate", *FAST, flag, ""], capsys, tmp_path, "polic")


# Found by tests/test_fuzz.py.


def test_a_table_given_as_a_number_is_refused(tmp_path, capsys):
    """``setup = 0`` where ``[setup]`` belongs: refused by name (the shared unknown-key check
    sees a non-table first), not a crash on its keys."""
    body = re.sub(r"(?ms)^\[setup\]\n.*?(?=^\[)", "", BORGIA_CARDS)
    assert body != BORGIA_CARDS
    refused(
        ["borgia", "simulate", *FAST, "--cards", write(tmp_path, "setup = 0\n" + body)],
        capsys,
        tmp_path,
        r"setup.* must be a table, got 0",
    )


def test_a_vote_table_player_that_is_not_a_table_is_refused(tmp_path, capsys):
    text = (
        'pope = "Borgia"\nplayer = [0, {name = "A", cardinals = 1}, {name = "B", cardinals = 1}]\n'
    )
    refused(
        ["borgia", "election", *FAST, "--votes", write(tmp_path, text)],
        capsys,
        tmp_path,
        "player 1 must be a table, got 0",
    )


def test_a_non_utf8_davoserjas_score_csv_is_refused(tmp_path, capsys):
    path = tmp_path / "in.csv"
    path.write_bytes(b"round,Anna,B\xf6,Cai\n1,3,4,2\n")
    refused(["davoserjas", "score", str(path)], capsys, tmp_path, "not a UTF-8 text file")


def test_a_borgia_score_list_of_card_names_holding_a_list(tmp_path, capsys):
    code, template, _ = run_cli(["borgia", "score", "--template"], capsys)
    edited = template.replace('offices = ["office"]', "offices = [[]]", 1)
    assert code == 0 and edited != template
    refused(["borgia", "score", write(tmp_path, edited)], capsys, tmp_path, "offices")


@pytest.mark.parametrize("command", ["goals", "duel"])
@pytest.mark.parametrize(("mode", "players"), [("team", "5"), ("dissident", "2"), ("normal", "6")])
def test_davos_player_count_outside_the_mode(command, mode, players, tmp_path, capsys):
    line = refused(
        ["davos", command, *FAST, "--mode", mode, "--players", players], capsys, tmp_path
    )
    assert players in line and "players" in line, line


@pytest.mark.parametrize("command", ["goals", "duel"])
def test_davos_dissident_profit_outside_the_dissident_variant(command, tmp_path, capsys):
    refused(["davos", command, *FAST, "--dissident-profit", "take"], capsys, tmp_path, "dissident")


# data files by schema: an empty one is refused, never read as the defaults
DATA_FILES = [
    ["1844", "train-rush", "--params"],
    ["davoserjas", "simulate", "--rules"],
    ["boss", "length", "--cards"],
    ["borgia", "simulate", "--cards"],
    ["davos", "goals", "--cards"],
]


@pytest.mark.parametrize("cmd", DATA_FILES, ids=" ".join)
@pytest.mark.parametrize("text", ["", "# only a comment\n\n", "/dev/null"])
def test_an_empty_data_file_is_refused(cmd, text, tmp_path, capsys):
    path = "/dev/null" if text == "/dev/null" else write(tmp_path, text)
    refused([*cmd[:2], *FAST, cmd[2], path], capsys, tmp_path, "is empty")


# a data file cut short, at a line's end or in the middle of one: refused, never read with the
# packaged defaults for the rest (a table is given whole; see sim.core.data.whole)
CUT_FILES = [
    ("tableodds.sim.s1844", "params.toml", "tableodds.sim.s1844.rules", "load_params"),
    ("tableodds.sim.davoserjas", "rounds.toml", "tableodds.sim.davoserjas.rules", "load_rules"),
    ("tableodds.sim.boss", "deals.toml", "tableodds.sim.boss.rules", "load_cards"),
    ("tableodds.sim.borgia", "cards.toml", "tableodds.sim.borgia.rules", "load_deck"),
]


def _only_comments(lines) -> bool:
    return all(not line.strip() or line.lstrip().startswith("#") for line in lines)


@pytest.mark.parametrize("package,name,module,loader", CUT_FILES, ids=lambda x: str(x))
def test_a_data_file_cut_short_is_refused(package, name, module, loader, tmp_path):
    """Every cut of the packaged file, at each line's end and in the middle of each line, is
    refused in one line; only where the cut loses nothing is it read: in a params file (which
    overrides whole sections) between two sections, in the Borgia deck after the last card's
    type (its name and count are the type's and 1 when left out)."""
    load = getattr(importlib.import_module(module), loader)
    full = load(None)
    lines = resources.files(package).joinpath(name).read_text("utf-8").splitlines(keepends=True)
    f = tmp_path / name
    read = []
    for k in range(1, len(lines)):
        if _only_comments(lines[k:]):
            continue  # the rest is comments: nothing lost
        for cut in ("".join(lines[:k]), "".join(lines[:k]) + lines[k][: len(lines[k]) // 2]):
            f.write_text(cut, "utf-8")
            try:
                got = load(f)
            except InputError as e:
                assert "\n" not in str(e)
                continue
            read.append(k)
            if name == "params.toml":  # the cut falls between whole sections
                rest = [x for x in lines[k:] if x.strip() and not x.lstrip().startswith("#")]
                assert rest[0].startswith("["), (k, lines[k])
            else:
                assert name == "cards.toml" and dataclasses.replace(got, source=full.source) == full
    assert len(read) < len(lines) // 10, read


def test_a_params_file_cut_halfway_is_refused(tmp_path, capsys):
    params = resources.files("tableodds.sim.s1844").joinpath("params.toml").read_text("utf-8")
    lines = params.splitlines(keepends=True)
    cut = "".join(lines[: len(lines) // 2])
    refused(
        ["1844", "train-rush", *FAST, "--params", write(tmp_path, cut)],
        capsys,
        tmp_path,
        r"\[careful\]: '.*' and \d+ more missing; a table is given whole",
    )


def test_a_round_list_cut_after_a_round_is_refused(tmp_path, capsys):
    rounds = resources.files("tableodds.sim.davoserjas").joinpath("rounds.toml").read_text("utf-8")
    cut = rounds[: rounds.index('[[rounds]]\nname = "avoid queens"')]
    refused(
        ["davoserjas", "simulate", *FAST, "--rules", write(tmp_path, cut)],
        capsys,
        tmp_path,
        r"\[kabalen\] is given, but no round is a kabalen round",
    )


def test_a_late_deal_card_without_faces_is_refused(tmp_path, capsys):
    deals = resources.files("tableodds.sim.boss").joinpath("deals.toml").read_text("utf-8")
    edited = deals.replace("faces = [1, 2, 3]", "faces = []")
    refused(
        ["boss", "length", *FAST, "--cards", write(tmp_path, edited)], capsys, tmp_path, "card 12"
    )


@pytest.mark.parametrize(
    "edit",
    [
        (r"per_trick = (\d+)", r"per_trick = -\1"),
        (r"first_trick = (\d+)", r"first_trick = -\1"),
        (r"clubs = (\d+)", r"clubs = -\1"),
    ],
)
def test_a_negative_penalty_in_the_round_list_is_refused(edit, tmp_path, capsys):
    rounds = resources.files("tableodds.sim.davoserjas").joinpath("rounds.toml").read_text("utf-8")
    edited = re.sub(*edit, rounds, count=1)
    assert edited != rounds
    refused(
        ["davoserjas", "simulate", *FAST, "--rules", write(tmp_path, edited)],
        capsys,
        tmp_path,
        "at least 0",
    )


# score sheets by schema
def _davos_sheet(capsys):
    code, out, _ = run_cli(["davos", "score", "--template"], capsys)
    assert code == 0
    return out


@pytest.mark.parametrize(
    "old,new,says",
    [
        # a goal by category alone: one of the deck's categories, exactly
        (
            '{ name = "Big Tech", category = "industry"',
            '{ category = "Industry"',
            "did you mean 'industry'",
        ),
        ('category = "markets"', 'category = " "', "category is empty"),
        ('{ name = "Big Tech", category = "industry"', '{ category = ""', "category is empty"),
        (
            '{ name = "China market", category = "markets"',
            '{ category = "bloc"',
            "'bloc' is not a category of the goal cards in the packaged deck "
            r"\(industry, markets, politics, power\)",
        ),
        # a goal by name: a card of the deck, in play, with the card's category
        (
            '"China market", category = "markets"',
            '"China market", category = "power"',
            "has the category 'markets'",
        ),
        (
            '"China market", category = "markets"',
            '"China market", category = "Markets"',
            "did you mean 'markets'",
        ),
        ('"China market"', '"china  Market"', "did you mean 'China market'"),
        ('"China market"', '"Nowhere"', "'Nowhere' is not a goal card of the packaged deck"),
        ('"China market"', '"Big Arms"', "a Mean Game card; the base game plays without them"),
        ('"Big Banking"', '"Big Pharma"', "is held already"),
        ('name = "Bo"', 'name = "anna "', "did you mean 'Anna'"),
        # assets: at most what the rules put in play
        ("assets_on_board = 14", "assets_on_board = 1000000000", "puts at most 634 in play"),
        ("assets_on_board = 14", "assets_on_board = 635", "puts at most 634 in play"),
    ],
)
def test_davos_score_sheet_by_schema(old, new, says, tmp_path, capsys):
    sheet = _davos_sheet(capsys)
    assert old in sheet
    refused(["davos", "score", write(tmp_path, sheet.replace(old, new, 1))], capsys, tmp_path, says)


def test_davos_score_nine_goals(tmp_path, capsys):
    goals = '  { category = "industry", achieved = false },\n' * 9
    sheet = _davos_sheet(capsys).replace("goals = [\n", "goals = [\n" + goals, 1)
    refused(["davos", "score", write(tmp_path, sheet)], capsys, tmp_path, "at most 8")


def test_davos_vote_more_parties_than_a_bloc_has(tmp_path, capsys):
    party = '\n[[parties]]\nname = "P{}"\nideology = "L"\ndissidents = 1\n'
    text = PARLIAMENT + "".join(party.format(k) for k in range(500))
    refused(["davos", "vote", write(tmp_path, text)], capsys, tmp_path, "of at most 3 parties")


@pytest.mark.parametrize("where", ["dissidents = 2", "green = 1 }"])
def test_davos_vote_more_assets_than_a_game_puts_in_play(where, tmp_path, capsys):
    n = where.split("=")[1].split()[0]
    text = PARLIAMENT.replace(where, where.replace(n, "1000000000"), 1)
    assert text != PARLIAMENT
    refused(["davos", "vote", write(tmp_path, text)], capsys, tmp_path, "puts at most 2188 assets")
    # the largest game's bound itself is accepted
    code, _, err = run_cli(
        ["davos", "vote", write(tmp_path, PARLIAMENT.replace(where, where.replace(n, "2188"), 1))],
        capsys,
    )
    assert code == 0, err


def test_davos_score_by_a_users_deck(tmp_path, capsys):
    """cards = FILE scores by that deck's categories (relative to the sheet's folder)."""
    deck = DAVOS_CARDS.replace('category = "markets"', 'category = "economy"')
    write(tmp_path, deck, "deck.toml")
    sheet = _davos_sheet(capsys).replace(
        'game = "base"\n', 'game = "base"\ncards = "deck.toml"\n', 1
    )
    refused(
        ["davos", "score", write(tmp_path, sheet)],
        capsys,
        tmp_path,
        "has the category 'economy' in deck.toml",
    )
    code, out, err = run_cli(
        [
            "davos",
            "score",
            write(tmp_path, sheet.replace('category = "markets"', 'category = "economy"')),
        ],
        capsys,
    )
    assert code == 0 and "Anna              3          3" in out, err


def test_davoserjas_score_names_and_variants(tmp_path, capsys):
    code, sheet, _ = run_cli(["davoserjas", "score", "--template"], capsys)
    twice = sheet.replace("Bo   =", '"anna " =', 1)
    refused(
        ["davoserjas", "score", write(tmp_path, twice)], capsys, tmp_path, "did you mean 'Anna'"
    )
    variant = sheet.replace("variants = []", 'variants = ["queen=3", "queen=4"]', 1)
    refused(["davoserjas", "score", write(tmp_path, variant)], capsys, tmp_path, "given twice")
