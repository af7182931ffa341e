"""The 1844 part of the main report: the train-rush forecast for 4 and 5 players."""
from __future__ import annotations

from pathlib import Path

from tableodds.reports.html import img, p, scaled, table
from tableodds.sim.s1844.cli import run_forecast, write_forecast
from tableodds.sim.s1844.rules import make_settings


def section(out: Path, scale: float, seed: int, workers) -> str:
    from tableodds.analysis.s1844 import compare
    out = Path(out)
    settings, results, runs = [], [], []
    for players in (4, 5):
        s = make_settings(players)
        r, res = run_forecast(s, scaled(80_000, scale), seed, workers, 4096,
                              out / f"p{players}", progress=False)
        settings.append(s)
        results.append(r)
        runs.append(res)
    write_forecast(results, settings, runs, out)
    parts = ["<h2>1844: Schweiz — the train rush</h2>",
             p("A company-level model of the whole game without the map (careful bots in "
               "every seat; revenue from the documented model in sim/s1844/params.toml). "
               "Each cell: global OR number (OR 1.1 = #1) as median [10%-90%], the most "
               "common 'OR t.n' label, and how often the event happens at all when not "
               "always. Compare with recorded games before trusting the late events.")]
    cmp = compare(results)
    sizes = ", ".join(f"{r.players} players: {r.games:,} games" for r in results)
    parts.append(table(cmp.columns, [list(r) for r in cmp.iter_rows()],
                       f"when it happens ({sizes})"))
    rows = []
    for r in results:
        lo, med, hi = r.spread_band
        rows.append([r.players, str(r.exported), str(r.rusted), str(r.loans), str(r.winner),
                     f"{med:g} [{lo:g}-{hi:g}]"])
    parts.append(table(["players", "trains exported", "trains rusted", "player loans",
                        "winning score", "score spread (winner - last) median [10-90%]"],
                       rows, "per game: mean ± standard error"))
    name = out.name
    parts.append(img(f"{name}/timeline", "phase and rust timeline"))
    parts.append(img(f"{name}/bank_cash", "bank cash fan chart"))
    parts.append(img(f"{name}/trains_by_type", "cumulative trains by type"))
    return "".join(parts)
