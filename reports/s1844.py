"""The 1844 part of the main report: the train-rush forecast for 4 and 5 players."""

from __future__ import annotations

from tableodds.analysis import s1844 as analysis
from tableodds.analysis import s1844_compare
from tableodds.reports.html import img, p, table
from tableodds.reports.report import facts
from tableodds.sim.s1844.export import recorded_games
from tableodds.sim.s1844.rules import PLAYERS

# the questions this section answers, linked from the top of the report: (question, anchor)
QUESTIONS = (("When does the 1844 train rush hit, by player count?", "s1844-rush"),)
# the analyses section() runs (the report's progress bar counts them): the forecast, and
# each recorded game against it
RUNS = 1 + len(recorded_games())


def section(book):
    yield from [
        "<h2 id=s1844>1844: Schweiz — the train rush</h2>",
        p(
            "A company-level model of the whole game without the map (careful bots in "
            "every seat; revenue from the documented model in sim/s1844/params.toml). "
            "Each cell: global OR number (OR 1.1 = #1) as median [10%-90%], the "
            "'OR t.n' label at the median (the most common one among the games where the "
            "event falls on the median OR), and how often the event happens at all when "
            "not always. Compare with recorded games before trusting the late events."
        ),
        "<h3 id=s1844-rush>The train rush by player count</h3>",
    ]
    r = book.analyse("1844", analysis.train_rush, book.size(40_000), 4096, players=list(PLAYERS))
    results = r.summary.results
    cmp = analysis.compare(list(results))
    yield (
        table(
            cmp.columns,
            [list(x) for x in cmp.iter_rows()],
            f"when it happens, {len(results)} player counts ({facts(r)})",
        )
    )
    rows = []
    for x in results:
        lo, med, hi = x.spread_band
        rows.append(
            [
                x.players,
                str(x.exported),
                str(x.rusted),
                str(x.loans),
                str(x.winner),
                f"{med:g} [{lo:g}-{hi:g}]",
            ]
        )
    yield (
        table(
            [
                "players",
                "trains exported",
                "trains rusted",
                "player loans",
                "winning score",
                "score spread (winner - last) median [10-90%]",
            ],
            rows,
            "per game: mean ± standard error",
        )
    )
    yield (img("1844/timeline", "phase and rust timeline"))
    yield (img("1844/bank_cash", "bank cash fan chart"))
    yield (img("1844/trains_by_type", "cumulative trains by type"))
    yield from recorded(book)


def recorded(book):
    """The two recorded real games (18xx.games exports) placed on their forecasts."""
    yield from [
        "<h3>Recorded games against the forecast</h3>",
        "<p>Each real value (an 18xx.games export, read by <code>tableodds 1844 compare"
        "</code>) with the forecast for its player count: median [10-90%], the real "
        "value's percentile and whether it lies inside the band.</p>",
    ]
    for path in recorded_games():
        folder = f"1844-{path.stem}"
        r = book.analyse(folder, s1844_compare.compare, book.size(20_000), 4096, game_file=path)
        c = r.summary
        rows = []
        for x in c.rows.filter(c.rows["kind"] == "event").iter_rows(named=True):
            rows.append(
                [
                    x["label"],
                    x["real_label"],
                    s1844_compare.band_text(x),
                    f"{x['percentile']:.0f}%",
                    "in" if x["inside"] else "OUT",
                ]
            )
        k, n = c.share_inside("revenue")
        yield (
            table(
                ["event", "real", "forecast median [10-90%]", "percentile", "band"],
                rows,
                f"game {c.timeline.game_id} ({c.timeline.players} players; "
                f"route revenue inside the band in {k} of {n} ORs; {facts(r)})",
            )
        )
        yield (img(f"{folder}/compare", f"game {c.timeline.game_id} over the forecast"))
