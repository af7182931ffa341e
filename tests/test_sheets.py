"""The cheat sheets: one page on A4 and US Letter, and their numbers read back and compared
with the calculators and simulators that made them."""

import functools
import io
import math
from fractions import Fraction

import pytest
from pypdf import PdfReader

import tableodds
from tableodds.reports.cheatsheets import builders, games
from tableodds.reports.cli import main
from tableodds.reports.sheet import Table, exact, fitted_size, proportion, to_data, to_pdf
from tableodds.sim.core.errors import InputError

SIZES = {"a4": (595, 842), "letter": (612, 792)}  # points
SHEETS = games()  # every game with a sheet (test_registry checks that every game has one)


@functools.cache
def sheet(game):
    return builders()[game](seed=1)


@functools.cache
def pdf(game, paper):
    return PdfReader(io.BytesIO(to_pdf(sheet(game), paper)))


def text(game, paper="a4"):
    return " ".join(" ".join(p.extract_text().split()) for p in pdf(game, paper).pages)


def find(sh, header):
    """The first table of the sheet with that header."""
    for sec in sh.sections:
        for item in sec.items:
            if isinstance(item, Table) and header in item.headers:
                return item
    raise KeyError(header)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", SHEETS)
def test_every_sheet_is_one_page_on_a4_and_letter(game, paper):
    reader = pdf(game, paper)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == SIZES[paper]
    # a grid to fill in, and the data handed to the template is plain JSON
    data = to_data(sheet(game))
    assert any(
        i["kind"] == "grid" for s in data["sections"] for i in s["items"] if i["type"] == "table"
    )


def test_exact_values_print_exact_and_estimates_carry_intervals():
    assert exact(Fraction(13, 4)) == "13/4 = 3.25"
    assert exact(Fraction(3, 4), percent=True) == "3/4 (75%)"
    assert exact(Fraction(1)) == "1"
    from tableodds.analysis import davoserjas as analysis
    from tableodds.reports.sheets.davoserjas import GAMES, exact_expectations
    from tableodds.sim.core.runner import CommandRuns
    from tableodds.sim.davoserjas.rules import make_settings

    expect = find(sheet("davoserjas"), "P(no penalty)")
    rows = {r[1]: r for r in expect.rows}
    # the king of clubs goes to exactly one player: 3/4 at four players, not "75.0% ± 0.1%"
    assert rows["avoid the king of clubs"][2:] == ("15/4 = 3.75", "3/4 (75%)")
    assert rows["fewest tricks"][2] == "13/4 = 3.25"
    ex = exact_expectations(make_settings(4), 4)
    assert ex[4] == (Fraction(15, 4), Fraction(3, 4)) and ex[5][1] is None
    # the estimates are the simulator's, with the 95% interval
    s = analysis.simulate(CommandRuns(GAMES, 1, progress=False), 4).summary
    kab = s.rounds[-1].overall
    lo, hi = kab.estimate - 1.96 * kab.se, kab.estimate + 1.96 * kab.se
    assert rows["Kabalen"][2] == f"{kab.estimate:.2f} ({lo:.2f}–{hi:.2f})"
    assert "3/4 (75%)" in text("davoserjas") and "13/4 = 3.25" in text("davoserjas")


def test_davoserjas_grid_checks_each_rounds_total():
    from tableodds.sim.davoserjas.rules import PLAYERS, make_settings

    grid = find(sheet("davoserjas"), "player 1")
    assert grid.kind == "grid" and grid.blank.count(True) == max(PLAYERS)
    queens = next(r for r in grid.rows if r[1] == "avoid queens")
    assert queens[-1] == " · ".join(str(make_settings(p).rounds[2].deal_total(p)) for p in PLAYERS)


def test_boss_end_odds_are_the_exact_calculators():
    from tableodds.sim.boss.rules import exact_deal_counts, make_settings

    ends = exact_deal_counts(make_settings(4))
    grid = find(sheet("boss"), "P(game ends here)")
    for row in grid.rows[:-1]:
        assert row[-2] == exact(ends.get(int(row[0]), 0), percent=True)
    assert sum(ends.values()) == 1
    t = text("boss")
    assert "Assumed data" in t and "sim/boss/deals.toml" in t
    assert exact(ends[11], percent=True) in t


def test_boss_space_values_are_the_simulators():
    from tableodds.analysis import boss as analysis
    from tableodds.reports.sheets.boss import GAMES
    from tableodds.sim.core.runner import CommandRuns

    spaces = analysis.simulate(CommandRuns(GAMES, 1, progress=False), 4).summary.game.spaces
    table = find(sheet("boss"), "P(deal succeeds)")
    for row, x in zip(table.rows, spaces.iter_rows(named=True)):
        assert int(row[0]) == x["space"] and int(row[2]) == x["dividends"]
        est = float(row[4].split("%")[0]) / 100
        assert math.isclose(est, x["p"], abs_tol=0.006)


def test_borgia_conquest_odds_and_prices():
    from tableodds.analysis import borgia as analysis
    from tableodds.analysis.borgia import conquest_exact
    from tableodds.analysis.stats import shown
    from tableodds.reports.sheets.borgia import GAMES, POSITIONS
    from tableodds.sim.core.runner import CommandRuns

    odds = find(sheet("borgia"), "P(it falls)")
    for row, (attack, base, defend) in zip(odds.rows, POSITIONS):
        assert row[-1] == exact(conquest_exact(attack, defend, base, "all", "random"), percent=True)
    prices = find(sheet("borgia"), "mean price D (95%)")
    types = analysis.auction(CommandRuns(GAMES, 1, progress=False), players=4).summary.types
    city = types.filter(types["type"] == "city").to_dicts()[0]
    row = next(r for r in prices.rows if r[0] == "city")
    # to the digits its standard error supports
    assert row[1].startswith(f"{shown(city['mean_price'], city['se'])} (")
    t = text("borgia")
    assert "Assumed data" in t and "cards.toml" in t and row[1].split()[0] in t


def test_1844_train_rush_for_three_to_seven_players():
    from tableodds.analysis import s1844 as analysis
    from tableodds.reports.sheets.s1844 import GAMES, _how_often, _when
    from tableodds.sim.core.runner import CommandRuns

    rush = find(sheet("1844"), "event")
    assert rush.headers[1:] == tuple(f"{p} players" for p in range(3, 8))
    r = analysis.train_rush(CommandRuns(GAMES, 1, progress=False), players=[3, 4, 5, 6, 7])
    bank = next(row for row in rush.rows if row[0] == "bank breaks")
    events = [next(e for e in x.events if e.event == "bank") for x in r.summary.results]
    assert bank[1:] == tuple(_when(e) for e in events)
    # the set.round beside the median is one the median OR number can be: the median
    # global OR of an event at "OR t.n" is at least t (one OR per set at the least)
    for e in events:
        t = int(e.typical.removeprefix("OR ").split(".")[0])
        assert t <= e.median
    # the rarer events get their own table: how often they happen at all
    tables = [i for s in sheet("1844").sections for i in s.items if isinstance(i, Table)]
    often = next(t for t in tables if t.caption.startswith("How often"))
    sbb = [next(e for e in x.events if e.event == "sbb") for x in r.summary.results]
    row = next((row for row in often.rows if row[0] == sbb[0].label), None)
    if row is not None:
        assert row[1:] == tuple(_how_often(e) for e in sbb)
    assert "7 players" in text("1844") and "End-game value" in text("1844")


def test_davos_hardest_goals_are_the_reports_measure():
    from tableodds.reports.sheets.davos import CARDS, MEASURES, hardest_kinds

    by_kind = find(sheet("davos"), "requirement")
    cards = find(sheet("davos"), "goal card")
    again, again_cards, result = hardest_kinds(1)
    assert by_kind.rows == again.rows and cards.rows == again_cards.rows
    assert result.games_done > 0
    # ranked hardest first by P(achieved | dealt at set-up), the report's ranking
    dealt = [float(r[2].split("%")[0]) for r in by_kind.rows]
    assert dealt == sorted(dealt)
    goals = result.summary.configs[0][1].goals
    assert [r[0] for r in cards.rows] == [g.name for g in goals[:CARDS]]
    # the line that says how the two rates differ is on the page
    assert "dealt at set-up" in MEASURES and "any holder" in MEASURES
    t = text("davos")
    assert "Assumed data" in t and "the measure the report ranks goals by" in t


def test_borgia_pope_odds_are_the_elections():
    from tableodds.analysis import borgia as analysis
    from tableodds.reports.sheets.borgia import GAMES
    from tableodds.sim.core.runner import CommandRuns

    pope = find(sheet("borgia"), "turn 1")
    e = analysis.election(CommandRuns(GAMES, 1, progress=False), players=4, market_compare=False)
    first = [row[1] for row in pope.rows]
    assert first == [proportion(e.summary.pope[s][0]) for s in range(4)]


def test_boss_deal_example_is_exact():
    deal = find(sheet("boss"), "first: investor prices")
    lotte = next(r for r in deal.rows if r[0] == "Lotte")
    first = deal.headers.index("first: investor prices")
    final = deal.headers.index("final: Shapley")
    # the rules settle the first moment at 8 M for Lotte, the final one at 10/10/10
    assert lotte[first] == "8" and lotte[final].startswith("10")
    # exact values as fractions, never a rounded split called exact (Shapley 17.5, not 19)
    daan = next(r for r in deal.rows if r[0] == "Daan")
    assert daan[deal.headers.index("first: Shapley")] == "35/2"
    said = next(
        x for sec in sheet("boss").sections for x in sec.items if isinstance(x, str) and "35/2" in x
    )
    assert "as 19 · 2 · 2 · 7" in said and "rounded down" in said and "whole millions" in said


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", SHEETS)
def test_every_sheet_fills_its_page_at_a_readable_size(game, paper):
    size = fitted_size(sheet(game), paper)
    assert 7.0 <= size <= sheet(game).size
    # the lowest line of text (above the footer) sits near the bottom margin: the page is
    # used, not a third of it left blank
    height = SIZES[paper][1]
    ys = []

    def visit(txt, cm, tm, font, font_size):
        if txt.strip():
            ys.append(cm[5] + tm[5] * cm[3])

    pdf(game, paper).pages[0].extract_text(visitor_text=visit)
    footer = min(ys)  # the footer's line is the lowest of all
    body = [y for y in ys if y > footer + 5]
    assert body and min(body) < 0.15 * height, (game, paper, min(body), size)


def test_cheatsheet_help_lists_the_games(capsys):
    with pytest.raises(SystemExit) as e:
        main(["cheatsheet", "--help"])
    assert e.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "GAME is one of: " + ", ".join(builders()) + ", or all." in out


def test_paper_option_and_bad_paper(tmp_path, capsys):
    for paper in ("a4", "letter"):
        with pytest.raises(SystemExit) as e:
            main(["cheatsheet", "boss", "--paper", paper, "--out", str(tmp_path)])
        assert e.value.code == 0
    # the file name says the paper: Letter does not overwrite A4
    for paper in ("a4", "letter"):
        box = PdfReader(tmp_path / f"boss-cheatsheet-{paper}.pdf").pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == SIZES[paper]
    assert not (tmp_path / "boss-cheatsheet.pdf").exists()
    capsys.readouterr()
    with pytest.raises(SystemExit) as e:
        main(["cheatsheet", "boss", "--paper", "a5", "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "'a5' is not one of 'a4', 'letter'" in err
    paths = tableodds.cheatsheet("boss", tmp_path / "api", paper="letter")
    assert [p.name for p in paths] == [
        "boss-cheatsheet-letter.pdf",
        "boss-cheatsheet.md",
        "boss-cheatsheet.html",
    ]
    with pytest.raises(InputError, match="unknown paper 'a5'"):
        tableodds.cheatsheet("boss", tmp_path / "api", paper="a5")
