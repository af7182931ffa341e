"""I'\''m the Boss!: the scoring calculator and the cheat sheet."""

import pytest
from scoring_helpers import load, sheet_markdown, sheet_pdf_text, totals

from tableodds.sim.boss import scoring as boss
from tableodds.sim.core.errors import InputError


def test_template_scores(tmp_path):
    s = boss.score(load(boss, tmp_path, boss.TEMPLATE))
    assert s.ranking() and all(p.total == sum(p.components.values()) for p in s.players)


def test_sheet_pdf_has_its_numbers(tmp_path):
    pages, text = sheet_pdf_text("boss", tmp_path)
    assert pages == 1 and "P(deal reached)" in text


def test_boss_replay_pays_dividends_times_value(tmp_path):
    r = load(boss, tmp_path, boss.TEMPLATE)
    for d in r["deals"]:
        from tableodds.sim.boss.rules import load_cards

        board = load_cards()
        assert d["payout"] == board.spaces[d["space"] - 1].dividends * board.values[d["deal"] - 1]
    s = boss.score(r)
    assert sum(totals(s).values()) == sum(d["payout"] for d in r["deals"])


@pytest.mark.parametrize(
    "extra,msg",
    [
        ("money = { Anna = 99, Bo = 6, Cai = 2, Dee = 3 }", "the deals give Anna"),
    ],
)
def test_boss_money_must_match_the_deals(tmp_path, extra, msg):
    text = boss.TEMPLATE.replace("# money = { Anna = 12, Bo = 9, Cai = 4, Dee = 7 }", extra)
    with pytest.raises(InputError, match=msg):
        boss.score(load(boss, tmp_path, text))


@pytest.mark.parametrize(
    "deal,msg",
    [
        ('deal = 1\nspace = 1\nboss = "A"\nshares = { B = 99 }', "shares add up to 99"),
        ('deal = 16\nspace = 1\nboss = "A"', "deal cards are #1-#15"),
        ('deal = 1\nspace = 17\nboss = "A"', "spaces 1-16"),
        ('deal = 1\nspace = 1\nboss = "Z"', "not a player"),
        ('deal = 1\nspace = 1\nboss = "A"\nshares = { A = 1 }', "not a partner"),
    ],
)
def test_boss_bad_deals(tmp_path, deal, msg):
    with pytest.raises(InputError, match=msg):
        load(boss, tmp_path, f'players = ["A", "B", "C"]\n[[deals]]\n{deal}\n')


def test_boss_money_only(tmp_path):
    s = boss.score(
        load(boss, tmp_path, 'players = ["A", "B", "C"]\nmoney = { A = 3, B = 5, C = 5 }')
    )
    assert [(k, p.name) for k, p in s.ranking()] == [(1, "B"), (1, "C"), (3, "A")]
    with pytest.raises(InputError, match="money.C is missing"):
        load(boss, tmp_path, 'players = ["A", "B", "C"]\nmoney = { A = 3, B = 5 }')


def test_sheet_follows_the_variant():
    plain, short = sheet_markdown("boss"), sheet_markdown("boss", ["short"])
    assert "| 12 | #15 |" in short and "| 12 | #15 |" not in plain
    with pytest.raises(InputError):
        sheet_markdown("boss", ["turbo"])


@pytest.mark.parametrize(
    "deals,msg",
    [
        ([(1, 1), (2, 1)], r"deals\[2\].space = 1: deals\[1\] already covered that space"),
        ([(2, 1)], r"deals\[1\].deal = 2: .* deal 1 uses card #1"),
        ([(1, 1), (3, 2)], r"deals\[2\].deal = 3: .* deal 2 uses card #2"),
        ([(1, 1), (2, 2), (4, 3), (6, 4)], r"deals\[4\].deal = 6: .* uses card #5"),
    ],
)
def test_boss_impossible_deal_logs_are_refused(tmp_path, deals, msg):
    text = 'players = ["A", "B"]\n' + "".join(
        f'[[deals]]\ndeal = {d}\nspace = {s}\nboss = "A"\n' for d, s in deals
    )
    with pytest.raises(InputError, match=msg):
        load(boss, tmp_path, text)


def test_boss_short_game_log_skips_3_6_9(tmp_path):
    deals = [(1, 1), (2, 2), (4, 3), (5, 4), (7, 5)]
    text = 'players = ["A", "B"]\n' + "".join(
        f'[[deals]]\ndeal = {d}\nspace = {s}\nboss = "A"\n' for d, s in deals
    )
    assert len(load(boss, tmp_path, text)["deals"]) == 5
