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
    # the rulebook: three goals in three categories and one failed goal score 3 + 3 - 1 = 5
    rec = f"""[[players]]
name = "A"
assets_on_board = 3
goals = [{goal("industry")}, {goal("markets")}, {goal("politics")}, {goal("industry", False)}]
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
goals = [{goal("industry")}]
[[players]]
name = "B"
team = "red"
assets_on_board = 4
goals = [{goal("industry")}, {goal("markets", False)}]
[[players]]
name = "C"
team = "blue"
assets_on_board = 10
goals = [{goal("industry")}, {goal("markets")}, {goal("markets", False)}]
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
goals = [{goal("industry")}, {goal("markets", False)}, {goal("politics", False)}]
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
        f'[[players]]\nname = "{n}"\nassets_on_board = 4\ngoals = [{goal("industry")}]'
        for n in "AB"
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
    rec = token_sheet("big", 4, [goal("industry"), goal("markets")])
    assert totals(davos.score(load(davos, tmp_path, rec))) == {"Anna": 2 + 2 + 4, "Bo": 0}


@pytest.mark.parametrize(
    "game,tokens,goals,match",
    [
        # the sheet: 7 tokens, one achieved goal, a normal game
        ("base", 7, [goal("industry")], r"players\.Anna\.victory_tokens: .*only in the Big Game"),
        ("mean", 1, [goal("industry")], r"players\.Anna\.victory_tokens: .*only in the Big Game"),
        (
            "big",
            7,
            [goal("industry")],
            r"players\.Anna\.victory_tokens: 7 .* 1 revealed goal: at most 3",
        ),
        ("big", 1, [goal("industry", False)], r"players\.Anna\.victory_tokens: .* at most 0"),
        (
            "big",
            1,
            ['{ category = "industry", achieved = true, revealed = false }'],
            r"players\.Anna\.victory_tokens: .* at most 0",
        ),
        ("big", 0, ['{ category = "industry", achieved = false, revealed = true }'], r"revealed"),
        ("huge", 0, [goal("industry")], r"record\.game"),
    ],
)
def test_impossible_victory_tokens_are_refused(tmp_path, game, tokens, goals, match):
    with pytest.raises(InputError, match=match) as e:
        load(davos, tmp_path, token_sheet(game, tokens, goals))
    assert "\n" not in str(e.value)


# ---------------------------------------------------------------- impossible sheets
def tokens_goal(tokens, revealed=True):
    return (
        f'{{ category = "industry", achieved = true, revealed = {str(revealed).lower()}, '
        f"tokens = {tokens} }}"
    )


def test_victory_tokens_per_goal_count_and_add_up(tmp_path):
    rec = token_sheet("big", 4, [tokens_goal(1), tokens_goal(3)]).replace(
        "victory_tokens = 4\n", ""
    )
    assert totals(davos.score(load(davos, tmp_path, rec))) == {"Anna": 2 + 1 + 4, "Bo": 0}
    # the same total given twice, per goal and for the player, is accepted
    rec = token_sheet("big", 4, [tokens_goal(1), tokens_goal(3)])
    assert totals(davos.score(load(davos, tmp_path, rec)))["Anna"] == 7


@pytest.mark.parametrize(
    "game,tokens,goals,match",
    [
        # the Big Game lays 1 token, then 2 more: 0, 1 or 3 on a goal
        ("big", 2, [tokens_goal(2)], r"goals\[1\]\.tokens: 2 victory tokens on one goal"),
        ("big", 4, [tokens_goal(4)], r"goals\[1\]\.tokens: 4 victory tokens on one goal"),
        ("big", 1, [tokens_goal(1, revealed=False)], r"goals\[1\]\.tokens: .*revealed goal"),
        ("base", 1, [tokens_goal(1)], r"goals\[1\]\.tokens: .*only in the Big Game"),
        ("mean", 3, [tokens_goal(3)], r"goals\[1\]\.tokens: .*only in the Big Game"),
        # a total no goals can carry: 2 on one revealed goal, 5 on two
        (
            "big",
            2,
            [goal("industry")],
            r"victory_tokens: 2 victory tokens on 1 revealed goal cannot be",
        ),
        (
            "big",
            5,
            [goal("industry"), goal("markets")],
            r"victory_tokens: 5 .* 2 revealed goals cannot be",
        ),
        # per goal and in total, disagreeing
        ("big", 3, [tokens_goal(1)], r"victory_tokens: 3, but the player's goals carry 1"),
    ],
)
def test_impossible_tokens_per_goal_are_refused(tmp_path, game, tokens, goals, match):
    with pytest.raises(InputError, match=match) as e:
        load(davos, tmp_path, token_sheet(game, tokens, goals))
    assert "\n" not in str(e.value)


def sides_sheet(mode, players):
    """players: (name, team or None, dissident)."""
    out = [f'mode = "{mode}"']
    for name, team, dissident in players:
        out += ["[[players]]", f'name = "{name}"', "assets_on_board = 1"]
        if team is not None:
            out.append(f'team = "{team}"')
        if dissident:
            out.append("dissident = true")
    return "\n".join(out) + "\n"


def seats(n, dissidents=(), teams=None):
    teams = teams or {}
    return [(f"P{i}", teams.get(i), i in dissidents) for i in range(n)]


@pytest.mark.parametrize(
    "mode,players,match",
    [
        # teams of two
        ("team", seats(4, teams={0: "red", 1: "red", 2: "red", 3: "blue"}), r"'red' has 3 players"),
        ("team", seats(4, teams={0: "a", 1: "b", 2: "c", 3: "c"}), r"'a' has 1 player \(P0\)"),
        ("normal", seats(2, teams={0: "red"}), r"players\.P0\.team: .*only in team mode"),
        # one dissident player with 3-5 players, a team of two with 6 and 8, one with 7
        ("dissident", seats(4, dissidents=(2, 3)), r"with 4 players has one dissident player"),
        ("dissident", seats(3, dissidents=(0, 1)), r"with 3 players has one dissident player"),
        (
            "dissident",
            seats(6, dissidents=(5,), teams={0: "a", 1: "a", 2: "b", 3: "b", 4: "c"}),
            r"with 6 players has a dissident team of two, the record marks 1",
        ),
        (
            "dissident",
            seats(7, dissidents=(5, 6), teams={0: "a", 1: "a", 2: "b", 3: "b", 4: "c"}),
            r"with 7 players has one dissident player \(a super dissident\)",
        ),
        (
            "dissident",
            seats(8, dissidents=(6,), teams={i: "abc"[i // 2] for i in range(6)}),
            r"with 8 players has a dissident team of two, the record marks 1",
        ),
        # with 6-8 players the others play in teams of two; with 3-5 alone
        (
            "dissident",
            seats(6, dissidents=(4, 5), teams={0: "a", 1: "a", 2: "b"}),
            r"players\.P3\.team is missing: .*teams of two",
        ),
        (
            "dissident",
            seats(7, dissidents=(6,), teams={0: "a", 1: "a", 2: "a", 3: "b", 4: "c", 5: "c"}),
            r"'a' has 3 players",
        ),
        ("dissident", seats(4, dissidents=(3,), teams={0: "a", 1: "a"}), r"P0\.team: .*6-8"),
        (
            "dissident",
            seats(6, dissidents=(4, 5), teams={0: "a", 1: "a", 2: "b", 3: "b", 4: "d"}),
            r"P4\.team: a dissident player",
        ),
    ],
)
def test_impossible_sides_are_refused(tmp_path, mode, players, match):
    with pytest.raises(InputError, match=match) as e:
        load(davos, tmp_path, sides_sheet(mode, players))
    assert "\n" not in str(e.value)


@pytest.mark.parametrize(
    "mode,players",
    [
        ("team", seats(4, teams={0: "red", 1: "blue", 2: "red", 3: "blue"})),
        ("dissident", seats(3, dissidents=(2,))),
        ("dissident", seats(5, dissidents=(4,))),
        ("dissident", seats(6, dissidents=(2, 5), teams={0: "a", 1: "b", 3: "a", 4: "b"})),
        ("dissident", seats(7, dissidents=(6,), teams={i: "abc"[i % 3] for i in range(6)})),
        (
            "dissident",
            seats(8, dissidents=(3, 7), teams={i: "abc"[i % 4] for i in range(7) if i != 3}),
        ),
    ],
)
def test_the_seeds_sides_are_accepted(tmp_path, mode, players):
    s = davos.score(load(davos, tmp_path, sides_sheet(mode, players)))
    assert s.ranking()
