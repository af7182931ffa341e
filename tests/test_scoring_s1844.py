"""1844: Schweiz: the scoring calculator and the cheat sheet."""

import pytest
from scoring_helpers import load, sheet_pdf_text, totals

from tableodds.sim.core.errors import InputError
from tableodds.sim.s1844 import scoring as s1844


def test_template_scores(tmp_path):
    s = s1844.score(load(s1844, tmp_path, s1844.TEMPLATE))
    assert s.ranking() and all(p.total == sum(p.components.values()) for p in s.players)


def test_sheet_pdf_has_its_numbers(tmp_path):
    pages, text = sheet_pdf_text("s1844", tmp_path)
    assert pages == 1 and "9,520" in text


def p1844(name, cash, shares="", extra=""):
    return f'[[players]]\nname = "{name}"\ncash = {cash}\nshares = {{ {shares} }}\n{extra}\n'


def test_1844_score_formula(tmp_path):
    rec = (
        "[prices]\nSBB = 120\nRhB = 80\n"
        + p1844(
            "A",
            500,
            "SBB = 30, RhB = 40",
            "mountain_railways = 1\ntunnel_companies = 1\n"
            "inactive_mountain_railways = 1\nprivates = ['P1', 'P2']\ndebt = 75",
        )
        + p1844("B", 700, "SBB = 10")
        + p1844("C", 100)
    )
    s = s1844.score(load(s1844, tmp_path, rec))
    # A: 500 + 6*120 + 4*80 + 150 + 50 - 75; privates and the inactive railway count nothing
    assert totals(s) == {"A": 500 + 720 + 320 + 150 + 50 - 75, "B": 700 + 240, "C": 100}


@pytest.mark.parametrize(
    "body,msg",
    [
        (
            "[prices]\nRhB = 80\n"
            + p1844("A", 1, "RhB = 60")
            + p1844("B", 1, "RhB = 50")
            + p1844("C", 1),
            "more than 100%",
        ),
        (
            "[prices]\nSBB = 100\nNOB = 90\n"
            + p1844("A", 1, "SBB = 10, NOB = 50")
            + p1844("B", 1)
            + p1844("C", 1),
            "SBB merger",
        ),
        ("[prices]\nRhB = 81\n" + p1844("A", 1) + p1844("B", 1) + p1844("C", 1), "market grid"),
        ("[prices]\n" + p1844("A", 1, "RhB = 20") + p1844("B", 1) + p1844("C", 1), "prices.RhB"),
        (
            "[prices]\nRhB = 80\n" + p1844("A", 1, "RhB = 15") + p1844("B", 1) + p1844("C", 1),
            "10% units",
        ),
        ("[prices]\n" + p1844("A", 1, "XYZ = 10") + p1844("B", 1) + p1844("C", 1), "no such"),
        (p1844("A", 1) + p1844("B", 1), "3-7 players"),
        (
            p1844("A", 1, "", "mountain_railways = 4")
            + p1844("B", 1, "", "mountain_railways = 2")
            + p1844("C", 1),
            "the game has 5",
        ),
    ],
)
def test_1844_bad_records(tmp_path, body, msg):
    with pytest.raises(InputError, match=msg):
        load(s1844, tmp_path, body)


def test_1844_certificate_limit(tmp_path):
    # 7 players: limit 11. 60% of each of FNM and RhB = 2 x (1 director + 4) = 10 certs: fine
    ok = "[prices]\nFNM = 80\nRhB = 80\nBLS = 80\n"
    others = "".join(p1844(n, 1) for n in "BCDEFG")
    load(s1844, tmp_path, ok + p1844("A", 1, "FNM = 60, RhB = 60") + others)
    with pytest.raises(InputError, match="A holds 12 certificates; the 7-player limit is 11"):
        load(
            s1844,
            tmp_path,
            ok
            + p1844("A", 1, "FNM = 60, RhB = 60, BLS = 20")
            + p1844("B", 1, "BLS = 30")
            + "".join(p1844(n, 1) for n in "CDEFG"),
        )
