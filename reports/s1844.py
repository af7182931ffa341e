"""The 1844 part of the main report: the train-rush forecast for 4 and 5 players."""
from __future__ import annotations

from tableodds.analysis import s1844 as analysis
from tableodds.reports.html import img, p, table
from tableodds.reports.report import facts


def section(book) -> str:
    r = book.analyse("1844", analysis.train_rush, book.size(80_000), 4096, players=[4, 5])
    results = r.summary.results
    parts = ["<h2 id=s1844>1844: Schweiz — the train rush</h2>",
             p("A company-level model of the whole game without the map (careful bots in "
               "every seat; revenue from the documented model in sim/s1844/params.toml). "
               "Each cell: global OR number (OR 1.1 = #1) as median [10%-90%], the most "
               "common 'OR t.n' label, and how often the event happens at all when not "
               "always. Compare with recorded games before trusting the late events.")]
    cmp = analysis.compare(list(results))
    parts.append(table(cmp.columns, [list(x) for x in cmp.iter_rows()],
                       f"when it happens (4 and 5 players: {facts(r)})"))
    rows = []
    for x in results:
        lo, med, hi = x.spread_band
        rows.append([x.players, str(x.exported), str(x.rusted), str(x.loans), str(x.winner),
                     f"{med:g} [{lo:g}-{hi:g}]"])
    parts.append(table(["players", "trains exported", "trains rusted", "player loans",
                        "winning score", "score spread (winner - last) median [10-90%]"],
                       rows, "per game: mean ± standard error"))
    parts.append(img("1844/timeline", "phase and rust timeline"))
    parts.append(img("1844/bank_cash", "bank cash fan chart"))
    parts.append(img("1844/trains_by_type", "cumulative trains by type"))
    return "".join(parts)
