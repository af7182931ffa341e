"""The Davos part of the main report: which goals are hardest, by player count and policy."""
from __future__ import annotations

from pathlib import Path

from tableodds.analysis.davos import plot_goals
from tableodds.reports.html import img, p, scaled, table
from tableodds.reports.output import save_figure
from tableodds.sim.davos import GAME
from tableodds.sim.davos.cli import LIMITS, run_goals, write_goals
from tableodds.sim.davos.rules import make_settings


def _cell(pr) -> str:
    return "—" if pr is None else f"{pr.estimate:.3f} [{pr.low:.3f}, {pr.high:.3f}]"


def section(out: Path, scale: float, seed: int, workers) -> str:
    parts = ["<h2>Davos</h2>",
             p("Which secret goals are hardest? For every goal card: the share of the times a "
               "player held it at a check in which it was achieved by then (revealed earlier, "
               "or biggest where the card asks at that check), with 95% Wilson intervals. "
               "Goal cards, bills and party ideologies are assumed defaults (sim/davos/cards.toml, "
               "see the README). " + LIMITS)]
    runs = {}
    for label, players, policies, n in [("4 goal-seeking", 4, ["goal"], 150_000),
                                        ("3 goal-seeking", 3, ["goal"], 50_000),
                                        ("5 goal-seeking", 5, ["goal"], 50_000),
                                        ("4 random", 4, ["random"], 50_000)]:
        s = make_settings(players, "base", policies)
        sub = out / f"{players}p-{policies[0]}"
        summary, res = run_goals(s, scaled(n, scale), seed, workers, GAME.chunk_size, sub,
                                 progress=False)
        write_goals(summary, s, res, sub)
        runs[label] = (summary, res)
    main, res = runs["4 goal-seeking"]
    rows = [[i, g.name, g.requires] + [_cell(x) for x in g.by_check]
            for i, g in enumerate(main.goals, start=1)]
    parts.append(table(["rank", "goal", "requires", "by year 1", "by year 2", "final"], rows,
                       f"Base Game, 4 goal-seeking players, {res.games_done:,} games, hardest first"))
    save_figure(plot_goals([runs[k][0] for k in ("3 goal-seeking", "4 goal-seeking",
                                                 "5 goal-seeking")],
                           "Davos goals by player count (goal-seeking bots), hardest first"),
                out, "goal_ranking")
    parts.append(img("davos/goal_ranking", "goal ranking by player count"))
    labels = list(runs)
    kinds = [k.kind for k in main.kinds]
    by = {lab: {k.kind: k.by_check[2] for k in runs[lab][0].kinds} for lab in labels}
    parts.append(table(["requirement kind"] + [f"final, {lab}" for lab in labels],
                       [[k] + [_cell(by[lab].get(k)) for lab in labels] for k in kinds],
                       "P(achieved at the final check) by requirement kind, Base Game"))
    seats = [[lab, f"{runs[lab][0].score[0]}", _cell(runs[lab][0].wins[0]),
              f"{runs[lab][1].games_done:,}"] for lab in labels]
    parts.append(table(["players", "seat 0 score (± se)", "seat 0 P(win)", "games"], seats,
                       "final score of seat 0"))
    return "".join(parts)
