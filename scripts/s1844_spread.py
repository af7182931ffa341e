"""Coverage and band width of the 1844 position forecast on the two recorded games, cut
after global ORs 4, 6, 8, 10, with the bots' parameters fixed or drawn per game from
ranges (sim/s1844/options.py, SPREADS): the per-cut table of docs/1844-forecast.md.

    python scripts/s1844_spread.py [GAMES_PER_CUT] [SPREAD ...]
"""

import sys
from pathlib import Path

import polars as pl

from tableodds.analysis import s1844_forecast as F
from tableodds.sim.core.runner import Counts
from tableodds.sim.s1844 import rules as R
from tableodds.sim.s1844.export import load_export, read_export, read_timeline
from tableodds.sim.s1844.kernel import simulate_chunk, simulate_from_chunk
from tableodds.sim.s1844.position import start_state

DATA = Path(R.__file__).parent / "games"
CUTS = (4, 6, 8, 10)


def table(games: int, spread: dict, whole: dict) -> tuple[list, int, int, int, int]:
    rows, inside, total, width, all_width = [], 0, 0, 0, 0
    for name, n in (("160062", 5), ("202933", 7)):
        full = read_export(DATA / f"{name}.json")
        s = R.make_settings(n, None, None, R.ENGINE_READINGS)
        for at in CUTS:
            doc = load_export(DATA / f"{name}.json")
            t = read_timeline(doc, upto=at)
            start = start_state(t, s, doc)
            on = pl.DataFrame(simulate_from_chunk(s, start.state, start.first, 1, 0, games, spread))
            c_all, c_on = F.counts(t, whole[name]), F.counts(t, on, position=True)
            c = Counts({"all": c_all["all"]} | {k: c_on[k] for k in F._KEYS if k != "all"}, F._KEYS)
            f = F.forecast_of(c, t, start=start)
            i = k = w = aw = 0
            out = []
            for r in f.events:
                if r["happened_at"] is not None:
                    continue
                real = F.real_value(full, r["event"])
                ok = r["p10_or"] <= real <= r["p90_or"]
                i += ok
                k += 1
                w += r["p90_or"] - r["p10_or"]
                aw += r["unconditional"]["p90_or"] - r["unconditional"]["p10_or"]
                if not ok:
                    out.append(f"{r['event']} #{real} vs {r['p10_or']}-{r['p90_or']}")
            rows.append((name, at, i, k, w, aw, "; ".join(out) or "-"))
            inside, total, width, all_width = inside + i, total + k, width + w, all_width + aw
    return rows, inside, total, width, all_width


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    names = sys.argv[2:] or list(F.SPREADS)
    whole = {}
    for name, n in (("160062", 5), ("202933", 7)):
        s = R.make_settings(n, None, None, R.ENGINE_READINGS)
        whole[name] = pl.DataFrame(simulate_chunk(s, 1, 0, 20000))
    for sp in names:
        rows, inside, total, width, all_width = table(games, F.SPREADS[sp], whole)
        print(
            f"\n### {sp}: {inside} of {total} inside, width {width} / {all_width} "
            f"({1 - width / all_width:.0%} narrower), {games:,} games per cut\n"
        )
        print("| game | cut | later events inside | width (narrower by) | outside |")
        print("|---|---|---|---|---|")
        for name, at, i, k, w, aw, out in rows:
            print(f"| {name} | #{at} | {i} of {k} | {w} / {aw} ({1 - w / aw:.0%}) | {out} |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
