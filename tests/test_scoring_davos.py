"""Davos: the scoring calculator and the cheat sheet."""

import pytest
from scoring_helpers import load, sheet_pdf_text, totals

from tableodds.sim.core.errors import InputError
from tableodds.sim.davos import scoring as davos


def test_template_scores(tmp_path):
    s = davos.score(load(davos, tmp_path, davos.TEMPLATE))
    assert s.ranking() and all(p.total == sum(p.components.values()) for p in s.players)


def test_sheet_pdf_has_its_numbers(tmp_path):
    pages, text = sheet_pdf_text("davos", tmp_path)
    assert pages == 1 and "3 + 3 - 1 = 5" in text


def goal(cat, ok=True):
    return f'{{ category = "{cat}", achieved = {str(ok).lower()} }}'


def test_davos_worked_example_from_the_rules(tmp_path):
    # seed: three goals in three categories and one failed goal score 3 + 3 - 1 = 5
    rec = f"""[[players]]
name = "A"
assets_on_board = 3
goals = [{goal("x")}, {goal("y")}, {goal("z")}, {goal("x", False)}]
[[players]]
name = "B"
assets_on_board = 3
"""
    assert totals(davos.score(load(davos, tmp_path, rec))) == {"A": 5, "B": 0}


def test_davos_team_counts_a_category_once_and_ties_break_on_assets(tmp_path):
    rec = f"""mode = "team"
[[players]]
name = "A"
team = "red"
assets_on_board = 5
goals = [{goal("sector")}]
[[players]]
name = "B"
team = "red"
assets_on_board = 4
goals = [{goal("sector")}, {goal("bloc", False)}]
[[players]]
name = "C"
team = "blue"
assets_on_board = 10
goals = [{goal("sector")}, {goal("bloc")}, {goal("bloc", False)}]
[[players]]
name = "D"
team = "blue"
assets_on_board = 0
"""
    s = davos.score(load(davos, tmp_path, rec))
    assert totals(s) == {"team red (A, B)": 2 + 1 - 1, "team blue (C, D)": 2 + 2 - 1}
    assert [p.name for _, p in s.ranking()][0] == "team blue (C, D)"


def test_davos_dissidents_take_the_failed_goals(tmp_path):
    rec = f"""mode = "dissident"
[[players]]
name = "A"
assets_on_board = 5
goals = [{goal("sector")}, {goal("bloc", False)}, {goal("party", False)}]
[[players]]
name = "B"
assets_on_board = 2
[[players]]
name = "D"
dissident = true
assets_on_board = 8
"""
    assert totals(davos.score(load(davos, tmp_path, rec))) == {"A": 2, "B": 0, "dissidents (D)": 4}


def test_davos_tie_on_everything_is_noted(tmp_path):
    rec = "\n".join(
        f'[[players]]\nname = "{n}"\nassets_on_board = 4\ngoals = [{goal("x")}]' for n in "AB"
    )
    s = davos.score(load(davos, tmp_path, rec))
    assert [k for k, _ in s.ranking()] == [1, 1] and "draw a goal" in s.notes[0]


@pytest.mark.parametrize(
    "text,msg",
    [
        ('mode = "chaos"\n[[players]]\nname="A"\nassets_on_board=1', "record.mode"),
        (
            '[[players]]\nname="A"\nassets_on_board=1\ngoals=[{ achieved = true }]',
            "category is missing",
        ),
        ('[[players]]\nname="A"\ngoals=[]', "assets_on_board is missing"),
        ('mode = "team"\n[[players]]\nname="A"\nassets_on_board=1', "team is missing"),
        ('mode = "dissident"\n[[players]]\nname="A"\nassets_on_board=1', "at least one player"),
    ],
)
def test_davos_bad_records(tmp_path, text, msg):
    with pytest.raises(InputError, match=msg):
        load(davos, tmp_path, text)


def token_sheet(game, tokens, goals):
    return f"""game = "{game}"
[[players]]
name = "Anna"
assets_on_board = 3
victory_tokens = {tokens}
goals = [{", ".join(goals)}]
[[players]]
name = "Bo"
assets_on_board = 3
"""


def test_victory_tokens_count_in_the_big_game(tmp_path):
    rec = token_sheet("big", 4, [goal("x"), goal("y")])
    assert totals(davos.score(load(davos, tmp_path, rec))) == {"Anna": 2 + 2 + 4, "Bo": 0}


@pytest.mark.parametrize(
    "game,tokens,goals,match",
    [
        # the sheet: 7 tokens, one achieved goal, a normal game
        ("base", 7, [goal("x")], r"players\.Anna\.victory_tokens: .*only in the Big Game"),
        ("mean", 1, [goal("x")], r"players\.Anna\.victory_tokens: .*only in the Big Game"),
        ("big", 7, [goal("x")], r"players\.Anna\.victory_tokens: 7 .* 1 revealed goal: at most 3"),
        ("big", 1, [goal("x", False)], r"players\.Anna\.victory_tokens: .* at most 0"),
        (
            "big",
            1,
            ['{ category = "x", achieved = true, revealed = false }'],
            r"players\.Anna\.victory_tokens: .* at most 0",
        ),
        ("big", 0, ['{ category = "x", achieved = false, revealed = true }'], r"revealed"),
        ("huge", 0, [goal("x")], r"record\.game"),
    ],
)
def test_impossible_victory_tokens_are_refused(tmp_path, game, tokens, goals, match):
    with pytest.raises(InputError, match=match) as e:
        load(davos, tmp_path, token_sheet(game, tokens, goals))
    assert "\n" not in str(e.value)
