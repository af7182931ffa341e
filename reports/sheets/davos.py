"""The Davos cheat sheet: turn options, votes, reset income and final scoring."""

from __future__ import annotations

from importlib.metadata import version

from tableodds.analysis import davos as analysis
from tableodds.reports.sheet import INTERVAL, Section, Sheet, Table, grid, proportion, table
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.runner import CommandRuns
from tableodds.sim.davos import rules as R
from tableodds.sim.davos import scoring
from tableodds.sim.davos.parliament import parliament, party_vote

IDEOLOGY = {"L": 0, "C": 1, "R": 2}
GAMES = 2_000  # simulated games behind the hardest-goals tables
CARDS = 8  # goal cards in the hardest-cards table


# the final score's parts: (the calculator's component, what one of it is), and the tally's rows
POINTS = (
    ("goals", "achieved goal"),
    ("categories", "distinct category achieved"),
    ("failed", "failed goal"),
    ("tokens", "victory token (Big Game)"),
)
LABELS = {
    "goals": "goals achieved",
    "categories": "distinct categories achieved",
    "failed": "failed goals",
    "tokens": "victory tokens, Big Game",
}


def _points() -> dict[str, int]:
    """What one of each part of the final score is worth, read off the calculator: a
    player with one achieved goal, one failed goal and one victory token."""
    one = scoring.score(
        {
            "mode": "normal",
            "players": [
                {
                    "name": "one of each",
                    "assets": 0,
                    "tokens": 1,
                    "team": None,
                    "dissident": False,
                    "goals": [
                        {"name": "a", "category": "sector", "achieved": True},
                        {"name": "b", "category": "sector", "achieved": False},
                    ],
                }
            ],
        }
    )
    return dict(one.players[0].components)


def _weight(party: int) -> float:
    """The votes of the largest party (0) and of another voting party (1) of two, from the
    parliament's own count (half-votes)."""
    return parliament([1 if i == party else 0 for i in range(2)], [2, 1])[0] / 2


def _pct(pr) -> str:
    return "—" if pr is None else proportion(pr)


# how the sheet's numbers relate to the report's goal ranking
MEASURES = (
    "“Dealt” is P(achieved at the final check | the goal was dealt at set-up and kept), the "
    "measure the report ranks goals by; “any holder” counts every holder at the final check, "
    "including goals drawn at a reset or bought late, which have less time and so are "
    "achieved less often. The report runs more games (narrower intervals) on the same bots."
)


def hardest_kinds(seed: int = 1, games: int = GAMES, players: int = 4):
    """P(a goal is achieved at the final check) by requirement kind, hardest first by the
    report's measure (dealt at set-up), beside the rate over every holder; also the
    per-card table of the hardest goals and the result they came from (goal-seeking bots)."""
    result = analysis.goals(
        CommandRuns(games, seed, progress=False), players=players, policies=["goal"]
    )
    diff = result.summary.configs[0][1]
    kinds = sorted(
        (k for k in diff.kinds if k.headline is not None),
        key=lambda k: (k.headline.estimate, k.kind),
    )
    run = f"{players} goal-seeking bots, {result.games_done:,} simulated games, seed {seed}"
    by_kind = table(
        ["requirement", "cards", "dealt", "any holder"],
        [[k.kind, k.goals, _pct(k.headline), _pct(k.final)] for k in kinds],
        f"How often a goal is achieved by the final check, hardest first: {run}; "
        f"{INTERVAL} in brackets. Bots do not negotiate.",
        align=("l", "r", "r", "r"),
    )
    cards = table(
        ["goal card", "requires", "dealt", "any holder"],
        [
            [g.name, g.requires, _pct(g.headline), _pct(g.final)]
            for g in diff.goals[:CARDS]
            if g.headline is not None
        ],
        f"The {CARDS} hardest goal cards (the report's ranking, hardest first): {run}.",
        align=("l", "l", "r", "r"),
    )
    return by_kind, cards, result


def _vote_example() -> Table:
    """A Europe vote on an L bill, computed by the simulator's own vote rules."""
    # (party, ideology, [Anna, Bo, Cai] assets, dissidents); Anna and Bo want it, Cai does not
    parties = [("L", [3, 1, 0], 1), ("C", [0, 2, 2], 0), ("R", [1, 0, 0], 3)]
    wishes = [True, True, False]
    votes, totals, rows = [], [], []
    for ideo, held, diss in parties:
        v = party_vote(held, diss, wishes, IDEOLOGY[ideo], IDEOLOGY["L"])
        votes.append(v)
        totals.append(sum(held) + diss)
        rows.append(
            [
                ideo,
                " / ".join(map(str, held)),
                diss,
                totals[-1],
                {1: "for", -1: "against", 0: "does not vote"}[v],
            ]
        )
    yes, no, passed = parliament(votes, totals)
    rows.append(
        [
            "parliament",
            "",
            "",
            "",
            f"{yes / 2:g} for, {no / 2:g} against: " + ("passes" if passed else "fails"),
        ]
    )
    return table(
        ["party", "Anna / Bo / Cai", "dissidents", "assets", "votes"],
        rows,
        "example: an L bill in Europe; Anna and Bo want it, Cai does not",
    )


def build(variants=(), seed: int = 1) -> Sheet:
    if variants:
        raise InputError("the Davos cheat sheet has no variants")
    turn = table(
        ["on your turn", "cost"],
        [
            [
                "place assets in a new corp (open card, discard, or one of two drawn)",
                "the assets placed",
            ],
            ["place assets in an existing corp or a party", "the assets placed"],
            ["buy or swap a goal", f"{R.GOAL_PRICE} assets to the bank"],
            ["pass (the first to pass starts next and gains)", f"+{R.FIRST_PASS_BONUS} asset"],
            ["the last player's extra turns", f"{R.EXTRA_TURN_COST} asset each"],
        ],
    )
    income = table(
        ["goals revealed so far", *range(R.INCOME + 1)],
        [["assets at the reset", *(R.INCOME - g for g in range(R.INCOME + 1))]],
        f"reset income: {R.INCOME} minus the goals revealed so far",
    )
    vote_rules = (
        "Biggest = strictly more assets than every other holder, dissidents "
        "included. A party votes as its biggest player wishes; dissidents biggest: "
        "its ideology; no biggest: all holders must agree, else it does not vote; "
        f"empty parties do not vote. The largest party has {_weight(0):g} votes, every "
        f"other voting party {_weight(1):g}; a tie fails. Blocs resolve "
        + " → ".join(R.BLOCS)
        + "."
    )
    example = scoring.score(
        {
            "mode": "normal",
            "players": [
                {
                    "name": "you",
                    "assets": 10,
                    "tokens": 0,
                    "team": None,
                    "dissident": False,
                    "goals": [
                        {"name": n, "category": c, "achieved": ok}
                        for n, c, ok in (
                            ("a", "sector", True),
                            ("b", "bloc", True),
                            ("c", "party", True),
                            ("d", "sector", False),
                        )
                    ],
                }
            ],
        }
    )
    c = example.players[0].components
    points = _points()
    final = table(
        ["", "points"],
        [
            *([f"per {what}", f"{points[k]:+d}"] for k, what in POINTS),
            [
                f"example: {c['goals']} goals in {c['categories']} categories, "
                f"{-c['failed']} failed",
                f"{c['goals']} + {c['categories']} - {-c['failed']} = {example.players[0].total}",
            ],
        ],
        "tie-break: most assets on the board; still tied, the tied players each "
        "draw a goal and reveal them together",
    )
    tally = grid(
        ["", *(f"player {i}" for i in range(1, max(R.PLAYERS) + 1))],
        [
            *(f"{LABELS[k]} ({points[k]:+d} each)".replace("-", "−") for k, _ in POINTS),
            "= total",
            "assets on the board (tie-break)",
        ],
        "Final scoring: one column per player.",
        row_height="2.1em",
    )
    kinds, cards, _ = hardest_kinds(seed)
    sections = (
        Section("Final score", (tally,), wide=True),
        Section("Turns", (turn,)),
        Section("Reset", (income,)),
        Section("Final scoring", (final,)),
        Section("Bills and politics", (vote_rules, _vote_example())),
        Section("Hardest goals", (kinds,)),
        Section("The hardest goal cards", (cards, MEASURES)),
    )
    return Sheet(
        "davos",
        "Davos — score sheet",
        "Three years of assets, bills and secret goals; most victory points wins.",
        sections,
        f"tableodds {version('tableodds')} · Davos · base game rules · seed {seed}",
        assumptions=(
            "The goal cards, bills and party ideologies behind the "
            "hardest-goals table are defaults from sim/davos/cards.toml.",
        ),
    )
