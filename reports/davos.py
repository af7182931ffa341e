"""The Davos part of the main report: which goals are hardest, by player count and policy."""

from __future__ import annotations

from tableodds.analysis import davos as analysis
from tableodds.analysis.stats import ci
from tableodds.reports.html import img, p, table
from tableodds.reports.report import facts

# the questions this section answers, linked from the top of the report: (question, anchor)
QUESTIONS = (("Which Davos goals are hardest?", "davos-goals"),)
# the goal tables: (label, players, policy, default games)
GOAL_RUNS = (
    ("4 goal-seeking", 4, "goal", 150_000),
    ("3 goal-seeking", 3, "goal", 50_000),
    ("5 goal-seeking", 5, "goal", 50_000),
    ("4 random", 4, "random", 50_000),
    ("4 contesting", 4, "contest", 50_000),
    ("4 bargaining", 4, "bargain", 50_000),
)
# the analyses section() runs (the report's progress bar counts them): the goal tables and
# the deck sizes
RUNS = len(GOAL_RUNS) + 1


def _cell(pr) -> str:
    return "—" if pr is None else str(pr)


def section(book):
    yield from [
        "<h2 id=davos>Davos</h2>",
        p(
            "Which secret goals are hardest? For every goal card: the share of the times a "
            "player held it at a check in which it was achieved by then (revealed earlier, "
            "or biggest where the card asks at that check), with 95% Wilson intervals. "
            "A goal dealt at set-up has three years, one drawn at a reset or bought has less, "
            "so the final check is split by how the goal came into the hand and the ranking "
            "is for goals dealt at set-up. "
            "Goal cards, bills and party ideologies are assumed defaults (sim/davos/cards.toml, "
            "see the README). " + analysis.LIMITS
        ),
    ]
    runs = {}
    for label, players, policy, n in GOAL_RUNS:
        runs[label] = book.analyse(
            f"davos/{players}p-{policy}",
            analysis.goals,
            book.size(n),
            players=players,
            policies=[policy],
        )
    main = runs["4 goal-seeking"]
    goals = main.summary.configs[0][1]
    shown = ("dealt", "reset", "bought")
    rows = [
        [i, g.name, g.requires] + [_cell(g.acquired(c)) for c in shown] + [_cell(g.final)]
        for i, g in enumerate(goals.goals, start=1)
    ]
    yield ("<h3 id=davos-goals>Which goals are hardest?</h3>")
    yield (
        table(
            ["rank", "goal", "requires", "dealt at set-up", "drawn at a reset", "bought", "all"],
            rows,
            f"P(achieved at the final check) by how the goal was acquired, Base Game, "
            f"4 goal-seeking players, {facts(main)}, hardest first (dealt at set-up)",
        )
    )
    yield (img("davos/4p-goal/goal_ranking", "goal ranking, 4 goal-seeking players"))
    labels = list(runs)
    summaries = {lab: runs[lab].summary.configs[0][1] for lab in labels}
    kinds = [k.kind for k in goals.kinds]
    by = {lab: {k.kind: k.headline for k in summaries[lab].kinds} for lab in labels}
    yield (
        table(
            ["requirement kind"] + [f"dealt, {lab}" for lab in labels],
            [[k] + [_cell(by[lab].get(k)) for lab in labels] for k in kinds],
            "P(achieved at the final check | dealt at set-up) by requirement kind and bot model, "
            "Base Game (contest: reads and blocks the others; bargain: also buys votes with "
            "profit shares)",
        )
    )
    decks = book.analyse(
        "davos/decks", analysis.goals, book.size(20_000), players=4, policies=["goal"], decks=10
    )
    sens = decks.summary
    yield (
        p(
            "Does the kind ranking depend on the assumed cards? The same 4-player run on the "
            "packaged deck and 9 plausible decks drawn by sim/davos/decks.py (see the README): "
            "P(achieved | dealt at set-up) per kind class, the mean over decks with the 95% "
            "interval of the deck-to-deck spread, the range and the rank range (1 = hardest). "
            "Orderings that hold in every deck: "
            + (
                "; ".join(f"{a} harder than {b}" for a, b in sens.conclusions())
                or "none at this size"
            )
            + "."
        )
    )
    yield (
        table(
            ["kind", "decks", "mean [95% CI]", "range", "rank"],
            [
                [
                    r["kind"],
                    r["decks"],
                    ci(r["mean"], r["low"], r["high"]),
                    f"{r['min']:.3f}-{r['max']:.3f}",
                    f"{r['best_rank']}-{r['worst_rank']}",
                ]
                for r in sens.across()
            ],
            f"kind classes across {len(decks.runs)} decks of "
            f"{next(iter(decks.runs.values())).games_done:,} games each",
        )
    )
    seats = [
        [lab, f"{summaries[lab].score[0]}", _cell(summaries[lab].wins[0]), facts(runs[lab])]
        for lab in labels
    ]
    yield (
        table(
            ["players", "seat 0 score (± se)", "seat 0 P(win)", "games"],
            seats,
            "final score of seat 0",
        )
    )
