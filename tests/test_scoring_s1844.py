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


# ---- every cap and limit the rules set, planted just past it (and accepted at it) ----------

OTHERS = p1844("B", 1) + p1844("C", 1)


@pytest.mark.parametrize(
    "at,past,msg",
    [
        # the regional price cap, 200: 200 is on the grid for regionals, 210 and 220 are "t"
        (
            "[prices]\nJN = 200\n" + p1844("A", 1, "JN = 40") + OTHERS,
            "[prices]\nJN = 210\n" + p1844("A", 1, "JN = 40") + OTHERS,
            "prices.JN = 210: a regional's share price is capped at 200",
        ),
        (
            "[prices]\nVZ = 200\n" + OTHERS + p1844("A", 1),
            "[prices]\nVZ = 220\n" + OTHERS + p1844("A", 1),
            "prices.VZ = 220: a regional's share price is capped at 200",
        ),
        # the market-pool limit, 50%
        (
            "[prices]\nBLS = 80\n[pool]\nBLS = 50\n" + p1844("A", 1, "BLS = 20") + OTHERS,
            "[prices]\nBLS = 80\n[pool]\nBLS = 60\n" + p1844("A", 1, "BLS = 20") + OTHERS,
            "pool.BLS = 60%: the market pool holds at most 50% of a historical corporation",
        ),
        (
            "[prices]\nJN = 80\n[pool]\nJN = 40\n" + p1844("A", 1, "JN = 40") + OTHERS,
            "[prices]\nJN = 80\n[pool]\nJN = 60\n" + p1844("A", 1, "JN = 40") + OTHERS,
            "pool.JN = 60%: the market pool holds at most 50% of a regional",
        ),
        # the share counts per type: 100% of 4 / 5 / 10 / 20 units
        (
            "[prices]\nJN = 80\n[pool]\nJN = 20\n"
            + p1844("A", 1, "JN = 40")
            + p1844("B", 1, "JN = 40")
            + p1844("C", 1),
            "[prices]\nJN = 80\n[pool]\nJN = 20\n"
            + p1844("A", 1, "JN = 40")
            + p1844("B", 1, "JN = 60")
            + p1844("C", 1),
            "JN: players and pool hold 120%, more than 100%",
        ),
        (
            "[prices]\nNOB = 80\n"
            + p1844("A", 1, "NOB = 50")
            + p1844("B", 1, "NOB = 50")
            + p1844("C", 1),
            "[prices]\nNOB = 80\n"
            + p1844("A", 1, "NOB = 50")
            + p1844("B", 1, "NOB = 75")
            + p1844("C", 1),
            "NOB: players and pool hold 125%, more than 100%",
        ),
        (
            "[prices]\nSBB = 100\n[pool]\nSBB = 60\n" + p1844("A", 1, "SBB = 40") + OTHERS,
            "[prices]\nSBB = 100\n[pool]\nSBB = 65\n" + p1844("A", 1, "SBB = 40") + OTHERS,
            "SBB: players and pool hold 105%, more than 100%",
        ),
        # the certificate limit (3 players: 24): 60% of a historical with its director
        # certificate is 5 certificates: 4 x 5 + AB 50% (4) = 24
        (
            "[prices]\nFNM = 80\nRhB = 80\nBLS = 80\nSTB = 80\nAB = 80\n"
            + p1844("A", 1, "FNM = 60, RhB = 60, BLS = 60, STB = 60, AB = 50")
            + p1844("B", 1, "AB = 20")
            + p1844("C", 1),
            "[prices]\nFNM = 80\nRhB = 80\nBLS = 80\nSTB = 80\nAB = 80\n"
            + p1844("A", 1, "FNM = 60, RhB = 60, BLS = 60, STB = 60, AB = 60")
            + p1844("B", 1, "AB = 20")
            + p1844("C", 1),
            "A holds 25 certificates; the 3-player limit is 24",
        ),
    ],
)
def test_1844_caps_and_limits_just_past_each(tmp_path, at, past, msg):
    load(s1844, tmp_path, at)  # at the limit: accepted
    with pytest.raises(InputError, match=msg):
        load(s1844, tmp_path, past)


def test_1844_limits_are_the_simulators():
    from tableodds.sim.s1844 import kernel
    from tableodds.sim.s1844 import rules as R

    # the kernel's pool limit per corporation and its market moves read the same rules
    assert list(kernel.HALF_UNITS[:-1]) == list(R.POOL_UNITS[R.CTYPE])
    assert kernel.CERT_LIMIT[3:].tolist() == [R.CERT_LIMIT[n] for n in range(3, 8)]
    regional_cells = R.PRICE[(R.PRICE > 0) & (R.LIMITED == 0)]
    assert regional_cells.max() == R.REGIONAL_PRICE_CAP
