"""The I'm the Boss! part of the main report: game length and the house rules side by side."""

from __future__ import annotations

import math

from tableodds.analysis import boss as analysis
from tableodds.analysis.stats import ci, shown
from tableodds.reports.html import img, p, table
from tableodds.reports.report import facts
from tableodds.reports.sheets.boss import MOMENTS, deal_example

# the questions this section answers, linked from the top of the report: (question, anchor)
QUESTIONS = (("How should an I'm the Boss! deal be split? (the rules' example)", "boss-deal"),)
RUNS = 2  # the analyses section() runs (the report's progress bar counts them)


def section(book):
    yield from [
        "<h2 id=boss>I'm the Boss!</h2>",
        p(
            "Board spaces, deal-card values and the die faces on the backs of cards 10-14 "
            "are assumed defaults (sim/boss/deals.toml; see the README). Probabilities "
            "carry 95% Wilson intervals, means ± their standard error."
        ),
    ]
    # 1. game length: simulated against the exact answer from the card backs
    r = book.analyse("boss/length4", analysis.length, book.size(100_000), 16_384, players=4)
    s = r.summary
    n = r.games_done
    rows, chi2, cells = [], 0.0, 0
    for x in s.deals.iter_rows(named=True):
        e = x["exact"]
        z = (x["p"] - e) / math.sqrt(e * (1 - e) / n) if 0 < e < 1 else float("nan")
        if e > 0:
            chi2 += n * (x["p"] - e) ** 2 / e
            cells += 1
        rows.append(
            [
                x["deals"],
                ci(x["p"], x["low"], x["high"]),
                f"{e:.4f}",
                "-" if math.isnan(z) else f"{z:+.2f}",
            ]
        )
    yield (
        table(
            ["completed deals", "simulated [95% CI]", "exact", "z (sim - exact)"],
            rows,
            f"game length, 4 random players, {facts(r)}",
        )
    )
    from scipy.stats import chi2 as chi2_dist

    dof = max(cells - 1, 1)
    yield (
        p(
            f"One test over the whole table instead of one interval per row (of six "
            f"95% intervals, one misses by chance about a quarter of the time): "
            f"chi-square goodness of fit of the simulated deal counts against the exact "
            f"distribution, X² = {chi2:.2f} on {dof} degrees of freedom, p = "
            f"{chi2_dist.sf(chi2, dof):.3f}. A small p (below 0.01) would say the "
            f"simulator and the card backs disagree; |z| above 3 points at the row."
        )
    )
    q = s.turn_quantiles
    yield (
        p(
            f"Mean deals {s.mean_deals} (exact {s.exact_mean_deals:.3f}); "
            f"turns per game {s.mean_turns}, median {q['0.5']:.0f}, 90% of games "
            f"between {q['0.05']:.0f} and {q['0.95']:.0f} turns."
        )
    )
    yield (img("boss/length4/length", "deals and turns per game"))
    # 2. every house rule alone against the standard game
    r = book.analyse("boss/variants4", analysis.variants, book.size(15_000), 16_384, players=4)
    body = [
        [
            x.variant,
            f"{x.deals.n:,}",
            str(x.deals),
            str(x.turns),
            str(x.spread),
            str(x.first_win),
            shown(x.first_win.estimate - 1 / 4, x.first_win.se, signed=True),
        ]
        for x in r.summary.rows
    ]
    yield (
        table(
            [
                "house rule",
                "games",
                "deals",
                "turns",
                "money spread (M)",
                "start player's win share",
                "edge over 1/4",
            ],
            body,
            f"each house rule alone, 4 random players, seed {book.seed}",
        )
    )
    yield (
        p(
            "Money spread: the richest minus the poorest seat's money per game. "
            "The start player's edge is its win share (ties split) minus 1/4."
        )
    )
    # 3. the rulebook's worked example under every bargaining model (exact, no simulation)
    yield "<h3 id=boss-deal>The deal example: who gets what?</h3>"
    for name, moment in MOMENTS:
        sol = analysis.deal(example=name).summary
        body = [
            [
                r["player"] + (" (boss)" if r["boss"] else ""),
                *(r[m] or "-" for m in ("shapley", "core", "nash", "investors", "weights")),
            ]
            for r in sol.exact_shares()
        ]
        yield table(
            ["player", "Shapley", "core", "Nash", "investor prices", "weight rule"],
            body,
            f"the rulebook's worked example, {name} moment ({moment}); "
            f"{sol.solution.deal.payout} M, exact shares in M",
        )
    yield p(
        deal_example()[1] + " The simulator's bots bargain by the investor prices; the weight "
        "rule is --variant weight-bargain."
    )
