"""Scoring calculators (shared parts and Davoserjas) and the cheat sheets."""

import json

import pytest
from cli_helpers import run_cli

from tableodds.sim.core.errors import InputError
from tableodds.sim.core.scoring import PlayerScore, Scores
from tableodds.sim.davoserjas import scoring as dj
from tableodds.sim.davoserjas.rules import make_settings


def test_ranking_shares_places_and_uses_tiebreaks():
    s = Scores(
        "x",
        (
            PlayerScore("a", {}, 5, (3,)),
            PlayerScore("b", {}, 7, (1,)),
            PlayerScore("c", {}, 7, (2,)),
            PlayerScore("d", {}, 5, (3,)),
        ),
    )
    assert [(k, p.name) for k, p in s.ranking()] == [(1, "c"), (2, "b"), (3, "a"), (3, "d")]
    low = Scores("x", s.players, lower_wins=True)
    assert [k for k, _ in low.ranking()] == [1, 1, 3, 4]


def test_template_scores(tmp_path, capsys):
    f = tmp_path / "sheet.toml"
    code, out, _ = run_cli(["davoserjas", "score", "--template"], capsys)
    f.write_text(out)
    code, out, _ = run_cli(["davoserjas", "score", str(f), "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and [r["name"] for r in doc["results"]["ranking"]] == [
        "Cai",
        "Dee",
        "Anna",
        "Bo",
    ]
    assert [p["total"] for p in doc["results"]["players"]] == [22, 34, 10, 21]


def sheet(**pen):
    return {"players": len(pen), "variants": [], "rules": None, "penalties": pen}


def test_possible_penalties_follow_the_round_rules():
    s = make_settings(4)
    queens = dj.possible_penalties(s.rounds[2], 4, 13)
    assert queens == {0, 5, 10, 15, 20}
    assert dj.possible_penalties(s.rounds[3], 4, 13) == {0, 15}
    assert dj.possible_penalties(s.rounds[4], 4, 13) == {0, 10, 20}
    assert dj.possible_penalties(s.rounds[0], 4, 13) == set(range(14))


@pytest.mark.parametrize(
    "pen,msg",
    [
        (dict(A=[3], B=[3], C=[3], D=[3]), "sum to 12, but every deal hands out 13"),
        (dict(A=[3, 1], B=[3, 2], C=[3, 4], D=[4, 6]), None),
        (dict(A=[4, 13, 7], B=[3, 0, 5], C=[3, 0, 5], D=[3, 0, 3]), "A's 7 is not possible"),
        (
            dict(A=[4, 13, 5, 15], B=[3, 0, 5, 15], C=[3, 0, 5, 0], D=[3, 0, 5, 0]),
            "sum to 30, but every deal hands out 15",
        ),
        (
            dict(
                A=[4, 13, 5, 15, 0, 0],
                B=[3, 0, 5, 0, 20, 0],
                C=[3, 0, 5, 0, 0, 1],
                D=[3, 0, 5, 0, 0, 2],
            ),
            "exactly one player goes out with 0, not 2",
        ),
        (
            dict(
                A=[4, 13, 5, 15, 0, 14],
                B=[3, 0, 5, 0, 20, 0],
                C=[3, 0, 5, 0, 0, 1],
                D=[3, 0, 5, 0, 0, 2],
            ),
            "not a number of cards left",
        ),
        (dict(A=[4, 1], B=[3], C=[3], D=[3]), "B has 1 rounds"),
    ],
)
def test_impossible_sheets_are_refused(pen, msg):
    if msg is None:
        assert dj.score(sheet(**pen)).notes == ("partial game: rounds 1-2 of 6 played",)
        return
    with pytest.raises(InputError, match=msg):
        dj.score(sheet(**pen))


def test_k_of_clubs_goes_to_exactly_one_player():
    pen = dict(A=[4, 13, 5, 15], B=[3, 0, 5, 15], C=[3, 0, 5, 0], D=[3, 0, 5, 0])
    with pytest.raises(InputError, match="sum to 30"):
        dj.check_round(
            make_settings(4).rounds[3],
            make_settings(4),
            {k: v[3] for k, v in pen.items()} | {"B": 15, "A": 15},
        )


def test_variant_changes_what_is_possible():
    s = sheet(A=[4, 13, 3], B=[3, 0, 3], C=[3, 0, 3], D=[3, 0, 3])
    with pytest.raises(InputError):
        dj.score(s)
    assert dj.score(s | {"variants": ["queen=3"]}).players[0].total == 20


def test_csv_sheet_and_half_filled_rows(tmp_path, capsys):
    f = tmp_path / "s.csv"
    f.write_text("round,Anna,Bo,Cai\n1,5,6,6\n2,4,4,5\n")
    code, out, _ = run_cli(["davoserjas", "score", str(f)], capsys)
    assert code == 0 and "partial game: rounds 1-2 of 6" in out
    f.write_text("round,Anna,Bo,Cai\n1,5,6,6\n2,4,,5\n")
    code, _, err = run_cli(["davoserjas", "score", str(f)], capsys)
    assert code == 2 and "line 3: Bo's penalty is missing" in err
    f.write_text("round,Anna,Bo,Cai\n1,5,six,6\n")
    code, _, err = run_cli(["davoserjas", "score", str(f)], capsys)
    assert code == 2 and "'six' is not an integer" in err


@pytest.mark.parametrize(
    "text,msg",
    [
        ("players = 4\n", "penalties is missing"),
        ("[penalties]\nA = [1, 'x']\n", "penalties.A must be a list of integers"),
        ("players = 3\n[penalties]\nA=[1]\nB=[1]\n", "says 3 but penalties has 2"),
        ("not toml = = 3", "not valid TOML"),
    ],
)
def test_bad_toml_sheets_name_the_field(tmp_path, capsys, text, msg):
    f = tmp_path / "s.toml"
    f.write_text(text)
    code, _, err = run_cli(["davoserjas", "score", str(f)], capsys)
    assert code == 2 and msg in err and len(err.strip().splitlines()) == 1


def test_score_needs_a_file(capsys):
    code, _, err = run_cli(["davoserjas", "score"], capsys)
    assert code == 2 and "--template" in err


def _pdf_text(path):
    from pypdf import PdfReader

    reader = PdfReader(path)
    return len(reader.pages), "\n".join(p.extract_text() for p in reader.pages)


def test_cheatsheet_pdf_has_the_numbers_and_follows_the_settings(tmp_path, capsys):
    code, out, _ = run_cli(["cheatsheet", "davoserjas", "--out", str(tmp_path / "a")], capsys)
    assert code == 0
    pages, text = _pdf_text(tmp_path / "a" / "davoserjas-cheatsheet-a4.pdf")
    assert pages == 1 and "Kabalen" in text and "5 per queen" in text
    md = (tmp_path / "a" / "davoserjas-cheatsheet.md").read_text()
    assert "| 3 | avoid queens | 5 per queen |" in md
    assert "| 3 | avoid queens |" + "  |" * 7 + " 20 · 20 · 20 · 20 · 20 |" in md
    run_cli(
        ["cheatsheet", "davoserjas", "--variant", "queen=3", "--out", str(tmp_path / "b")], capsys
    )
    md = (tmp_path / "b" / "davoserjas-cheatsheet.md").read_text()
    assert "| 3 | avoid queens | 3 per queen |" in md
    assert "| 3 | avoid queens |" + "  |" * 7 + " 12 · 12 · 12 · 12 · 12 |" in md
    assert "queen=3" in (tmp_path / "b" / "davoserjas-cheatsheet.html").read_text()


def test_cheatsheet_unknown_game(capsys):
    code, _, err = run_cli(["cheatsheet", "chess"], capsys)
    assert code == 2 and "no cheat sheet for 'chess'" in err
