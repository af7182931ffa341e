"""The Davoserjas part of the main report."""
from __future__ import annotations

from pathlib import Path

from tableodds.reports.html import img, p, scaled, table
from tableodds.sim.davoserjas.cli import run_simulation, write_simulation
from tableodds.sim.davoserjas.rules import make_settings


def section(out: Path, scale: float, seed: int, workers) -> str:
    parts = ["<h2>Davoserjas</h2>",
             p("Penalties are lower-is-better. Each cell is a mean ± its standard error, or a "
               "probability with its 95% Wilson interval. Seat (r-1) mod P leads round r.")]
    # 1. four random players: the baseline for every round
    s = make_settings(4)
    summary, res = run_simulation(s, scaled(1_000_000, scale), seed, workers, 65_536,
                                  out / "random4", progress=False)
    write_simulation(summary, s, res, out / "random4")
    rows = [[f"{r.number} {r.name}"] + [str(m) for m in r.by_seat] + [str(r.overall)]
            for r in summary.rounds]
    rows.append(["total"] + [str(m) for m in summary.total] + [""])
    rows.append(["P(lowest total)"] + [str(x) for x in summary.lowest] + [""])
    parts.append(table(["round"] + [f"seat {i}" for i in range(4)] + ["all seats"], rows,
                       f"4 players, random policy, {res.games_done:,} games"))
    parts.append(img("davoserjas/random4/penalty_distribution", "penalty distribution per round"))
    parts.append(img("davoserjas/random4/seat_advantage", "seat advantage"))
    # 2. what the heuristics are worth against random players
    s = make_settings(4, ["careful", "random", "random", "random"])
    summary, res = run_simulation(s, scaled(300_000, scale), seed, workers, 65_536,
                                  out / "careful4", progress=False)
    write_simulation(summary, s, res, out / "careful4")
    rows = [[f"{r.number} {r.name}"] + [str(m) for m in r.by_seat] for r in summary.rounds]
    rows.append(["total"] + [str(m) for m in summary.total])
    rows.append(["P(lowest total)"] + [str(x) for x in summary.lowest])
    parts.append(table(["round", "seat 0 (careful)", "seat 1", "seat 2", "seat 3"], rows,
                       f"one careful player against three random ones, {res.games_done:,} games"))
    parts.append(img("davoserjas/careful4/seat_advantage", "careful against random"))
    # 3. the player count
    rows = []
    for players in range(3, 8):
        s = make_settings(players)
        summary, res = run_simulation(s, scaled(150_000, scale), seed, workers, 65_536,
                                      out / f"random{players}", progress=False)
        write_simulation(summary, s, res, out / f"random{players}")
        rows.append([players] + [str(r.overall) for r in summary.rounds]
                    + [str(summary.lowest[0])])
    parts.append(table(["players"] + [f"r{r.number}" for r in s.rounds] + ["P(seat 0 lowest)"],
                       rows, "mean penalty per seat and round by player count (random policy)"))
    return "".join(parts)
