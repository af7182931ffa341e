"""The I'm the Boss! part of the main report: game length and the house rules side by side."""
from __future__ import annotations

from tableodds.analysis import boss as analysis
from tableodds.reports.html import img, p, table
from tableodds.reports.report import facts


def section(book) -> str:
    parts = ["<h2 id=boss>I'm the Boss!</h2>",
             p("Board spaces, deal-card values and the die faces on the backs of cards 10-14 "
               "are assumed defaults (sim/boss/deals.toml; see the README). Probabilities "
               "carry 95% Wilson intervals, means ± their standard error.")]
    # 1. game length: simulated against the exact answer from the card backs
    r = book.analyse("boss/length4", analysis.length, book.size(100_000), 16_384, players=4)
    s = r.summary
    rows = [[x["deals"], f"{x['p']:.4f} [{x['low']:.4f}, {x['high']:.4f}]", f"{x['exact']:.4f}",
             "yes" if x["inside"] else "NO"] for x in s.deals.iter_rows(named=True)]
    parts.append(table(["completed deals", "simulated", "exact", "exact inside CI"], rows,
                       f"game length, 4 random players, {facts(r)}"))
    q = s.turn_quantiles
    parts.append(p(f"Mean deals {s.mean_deals} (exact {s.exact_mean_deals:.3f}); "
                   f"turns per game {s.mean_turns}, median {q['0.5']:.0f}, 90% of games "
                   f"between {q['0.05']:.0f} and {q['0.95']:.0f} turns."))
    parts.append(img("boss/length4/length", "deals and turns per game"))
    # 2. every house rule alone against the standard game
    r = book.analyse("boss/variants4", analysis.variants, book.size(15_000), 16_384, players=4)
    body = [[x.variant, f"{x.deals.n:,}", str(x.deals), str(x.turns), str(x.spread),
             str(x.first_win), f"{x.first_win.estimate - 0.25:+.3f}"] for x in r.summary.rows]
    parts.append(table(["house rule", "games", "deals", "turns", "money spread (M)",
                        "start player's win share", "edge over 1/4"], body,
                       "each house rule alone, 4 random players, seed "
                       f"{book.seed}"))
    parts.append(p("Money spread: the richest minus the poorest seat's money per game. "
                   "The start player's edge is its win share (ties split) minus 1/4."))
    return "".join(parts)
