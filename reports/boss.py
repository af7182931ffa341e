"""The I'm the Boss! part of the main report: game length and the house rules side by side."""
from __future__ import annotations

from pathlib import Path

from tableodds.reports.html import img, p, scaled, table
from tableodds.sim.boss.cli import run_length, run_variants, write_length
from tableodds.sim.boss.rules import VARIANTS, make_settings


def section(out: Path, scale: float, seed: int, workers) -> str:
    parts = ["<h2>I'm the Boss!</h2>",
             p("Board spaces, deal-card values and the die faces on the backs of cards 10-14 "
               "are assumed defaults (sim/boss/deals.toml; see the README). Probabilities "
               "carry 95% Wilson intervals, means ± their standard error.")]
    # 1. game length: simulated against the exact answer from the card backs
    s = make_settings(4)
    summary, res = run_length(s, scaled(100_000, scale), seed, workers, 16_384,
                              out / "length4", progress=False)
    write_length(summary, s, res, out / "length4")
    rows = [[r["deals"], f"{r['p']:.4f} [{r['low']:.4f}, {r['high']:.4f}]", f"{r['exact']:.4f}",
             "yes" if r["inside"] else "NO"] for r in summary.deals.iter_rows(named=True)]
    parts.append(table(["completed deals", "simulated", "exact", "exact inside CI"], rows,
                       f"game length, 4 random players, {res.games_done:,} games"))
    q = summary.turn_quantiles
    parts.append(p(f"Mean deals {summary.mean_deals} (exact {summary.exact_mean_deals:.3f}); "
                   f"turns per game {summary.mean_turns}, median {q['0.5']:.0f}, 90% of games "
                   f"between {q['0.05']:.0f} and {q['0.95']:.0f} turns."))
    parts.append(img("boss/length4/length", "deals and turns per game"))
    # 2. every house rule alone against the standard game
    games = scaled(15_000, scale)
    _, rows = run_variants(4, None, tuple(VARIANTS), None, games, seed, workers, 16_384,
                           progress=False)
    from tableodds.analysis.boss import variant_table
    from tableodds.reports.output import write_tables
    write_tables(out / "variants4", {"variants": variant_table(rows, 4)})
    body = [[r.variant, str(r.deals), str(r.turns), str(r.spread), str(r.first_win),
             f"{r.first_win.estimate - 0.25:+.3f}"] for r in rows]
    parts.append(table(["house rule", "deals", "turns", "money spread (M)",
                        "start player's win share", "edge over 1/4"], body,
                       f"each house rule alone, 4 random players, {games:,} games each"))
    parts.append(p("Money spread: the richest minus the poorest seat's money per game. "
                   "The start player's edge is its win share (ties split) minus 1/4."))
    return "".join(parts)
