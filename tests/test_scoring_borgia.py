"""Borgia: the scoring calculator and the cheat sheet."""

import pytest
from scoring_helpers import load, sheet_markdown, sheet_pdf_text, totals

from tableodds.sim.borgia import scoring as borgia
from tableodds.sim.core.errors import InputError


def test_template_scores(tmp_path):
    s = borgia.score(load(borgia, tmp_path, borgia.TEMPLATE))
    assert s.ranking() and all(p.total == sum(p.components.values()) for p in s.players)


def test_sheet_pdf_has_its_numbers(tmp_path):
    pages, text = sheet_pdf_text("borgia", tmp_path)
    assert pages == 1 and "high office" in text


def bturns(*turns):
    return "".join(f"[[players.turns]]\n{t}\n" for t in turns)


def test_borgia_vp_from_cash_pope_offices_and_artists(tmp_path):
    rec = (
        '[[players]]\nname = "A"\n'
        + bturns("cash = 109\npope = true\nartists = ['painter']", "cash = 9\noffices = ['office']")
        + '[[players]]\nname = "B"\n'
        + bturns("cash = 10\ncities = ['capital']", "cash = 0\npope = true")
        + '[[players]]\nname = "C"\n'
        + bturns("cash = 0", "cash = 0")
    )
    r = load(borgia, tmp_path, rec)
    vp = r["vp"]
    s = borgia.score(r)
    assert totals(s)["A"] == 10 + 10 + vp[("artist", "painter")] + 0 + vp[("office", "office")]
    assert totals(s)["B"] == 1 + 10  # cities score nothing by default
    assert "partial game: turns 1-2 of 3" in s.notes[0]
    r2 = load(borgia, tmp_path, "cities_score = true\n" + rec)
    assert totals(borgia.score(r2))["B"] == 11 + vp[("city", "capital")]


@pytest.mark.parametrize(
    "turn_a,msg",
    [
        ("cash = 5\npope = true", "exactly one player is the new pope, not 2"),
        ("cash = 5\noffices = ['archbishop']", "no office card named 'archbishop'"),
        ("cash = -1", "cash cannot be negative"),
    ],
)
def test_borgia_bad_records(tmp_path, turn_a, msg):
    rec = (
        '[[players]]\nname = "A"\n'
        + bturns(turn_a)
        + '[[players]]\nname = "B"\n'
        + bturns("cash = 1\npope = true")
        + '[[players]]\nname = "C"\n'
        + bturns("cash = 1")
    )
    with pytest.raises(InputError, match=msg):
        load(borgia, tmp_path, rec)


def test_sheet_follows_the_city_setting():
    assert "| city | capital |" not in sheet_markdown("borgia")
    assert "| city | capital |" in sheet_markdown("borgia", ["cities-score"])
