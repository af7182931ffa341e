"""Coverage of the 1844 forecast on the two recorded games, cut after global ORs 4, 6, 8
and 10, by both methods: the tables of docs/1844-forecast.md ("On the recorded games" and
"What a right forecast would hold").

Per game, cut and method:

* the later events (those not yet happened at the cut; a never-happened real event counts
  as the real game's last OR + 1) inside their 10-90% band, beside what a right model
  would hold: were the model exactly right the real game would be one more of the
  forecast's games, so the share of those games whose event lies inside the band is the
  chance the real one does (their sum the expected count, its standard deviation as were
  the events independent);
* the band's width (the sum over the later events of p90 - p10) against the unconditional
  one (all whole games);
* the bank break inside its band;
* each player's real final score (the export's ``result``) inside their 10-90% band.

The conditioning method keeps the whole games that match the timeline; the position method
plays the games on from the exact replayed position (``position.start_state``); both take
each player's final-score band from the games played on.

    python scripts/s1844_coverage.py [GAMES] [SPREAD]
"""

import sys
from pathlib import Path

import polars as pl

from tableodds.analysis import s1844_forecast as F
from tableodds.sim.core.runner import Counts
from tableodds.sim.s1844 import rules as R
from tableodds.sim.s1844.export import load_export, read_timeline
from tableodds.sim.s1844.kernel import simulate_chunk, simulate_from_chunk
from tableodds.sim.s1844.options import SPREAD, SPREADS
from tableodds.sim.s1844.position import start_state

DATA = Path(R.__file__).parent / "games"
CUTS = (4, 6, 8, 10)
GAMES = (("160062", 5), ("202933", 7))


def _sim(fn, *args, games: int, chunk: int = 25_000) -> pl.DataFrame:
    """``fn(*args, seed 1, start, count)`` over ``games`` games, in chunks."""
    return pl.concat(
        [pl.DataFrame(fn(*args, 1, k, min(chunk, games - k))) for k in range(0, games, chunk)]
    )


def _played_on(s, start, spread, seed, first_game, count):
    return simulate_from_chunk(s, start.state, start.first, seed, first_game, count, spread)


def cut_rows(name: str, n: int, games: int, spread: str, whole: pl.DataFrame) -> list[dict]:
    """One row per cut and method (see the module's docstring)."""
    doc = load_export(DATA / f"{name}.json")
    full = read_timeline(doc)
    s = R.make_settings(n, None, None, R.ENGINE_READINGS)
    rows = []
    for at in CUTS:
        t = read_timeline(doc, upto=at)
        start = start_state(t, s, doc)
        on = _sim(_played_on, s, start, SPREADS[spread], games=games)
        c_all, c_on = F.counts(t, whole), F.counts(t, on, position=True)
        for method in ("conditioning", "position"):
            if method == "position":
                c = Counts(
                    {"all": c_all["all"]} | {k: c_on[k] for k in F._KEYS if k != "all"}, F._KEYS
                )
                games_of = on
            else:
                c = Counts(
                    {k: c_all[k] for k in F._KEYS if k != "scores"} | {"scores": c_on["scores"]},
                    F._KEYS,
                )
                games_of = None  # the kept games, once the tolerance is known (below)
            f = F.forecast_of(c, t, start=start, method=method)
            if method == "conditioning":
                keep, dist = F._candidates(t)
                games_of = whole.filter(keep & (dist <= f.tolerance))
            got = k = width = all_width = 0
            expected = var = 0.0
            outside, bank = [], None
            for r in f.events:
                if r["happened_at"] is not None:
                    continue
                real = F.real_value(full, r["event"])
                inside = r["p10_or"] <= real <= r["p90_or"]
                x = games_of.select(F._value(r["event"])).to_series().to_numpy()
                share = float(((x >= r["p10_or"]) & (x <= r["p90_or"])).mean())
                expected, var = expected + share, var + share * (1 - share)
                got, k = got + inside, k + 1
                width += r["p90_or"] - r["p10_or"]
                u = r["unconditional"]
                all_width += u["p90_or"] - u["p10_or"]
                if r["event"] == "bank":
                    bank = inside
                if not inside:
                    outside.append(f"{r['event']} #{real} vs {r['p10_or']:g}-{r['p90_or']:g}")
            scores_in = sum(
                r["p10"] <= full.scores[r["player"]] <= r["p90"] for r in f.scores if r["p10"]
            )
            rows.append(
                {
                    "game": name,
                    "cut": at,
                    "method": method,
                    "kept": f.kept,
                    "later": k,
                    "inside": got,
                    "expected": expected,
                    "var": var,
                    "width": width,
                    "all_width": all_width,
                    "bank": bank,
                    "scores_in": scores_in,
                    "players": len(f.scores),
                    "outside": "; ".join(outside) or "-",
                    "score_bands": [
                        (r["name"], r["p10"], r["p90"], full.scores[r["player"]]) for r in f.scores
                    ],
                }
            )
    return rows


def main(games: int = 20_000, spread: str = SPREAD) -> None:
    rows = []
    for name, n in GAMES:
        s = R.make_settings(n, None, None, R.ENGINE_READINGS)
        whole = _sim(simulate_chunk, s, games=games)
        rows += cut_rows(name, n, games, spread, whole)
    print(f"{games:,} games per cut (seed 1), the position method's spread {spread!r}\n")
    print(
        "| game | cut | method | later events inside | a right model: expected - 2 SD |"
        " width (narrower by) | bank inside | final scores inside | outside |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        sd = r["var"] ** 0.5
        ok = "ok" if r["inside"] >= r["expected"] - 2 * sd else "below"
        print(
            f"| {r['game']} | #{r['cut']} | {r['method']} | {r['inside']} of {r['later']} |"
            f" {r['expected']:.1f} - {2 * sd:.1f} = {r['expected'] - 2 * sd:.1f} ({ok}) |"
            f" {r['width']:g} / {r['all_width']:g} ({1 - r['width'] / r['all_width']:.0%}) |"
            f" {'yes' if r['bank'] else 'no' if r['bank'] is not None else '-'} |"
            f" {r['scores_in']} of {r['players']} | {r['outside']} |"
        )
    print()
    for method in ("conditioning", "position"):
        mine = [r for r in rows if r["method"] == method]
        inside = sum(r["inside"] for r in mine)
        later = sum(r["later"] for r in mine)
        exp = sum(r["expected"] for r in mine)
        sd = sum(r["var"] for r in mine) ** 0.5
        width = sum(r["width"] for r in mine)
        all_width = sum(r["all_width"] for r in mine)
        banks = [r["bank"] for r in mine if r["bank"] is not None]
        scores = sum(r["scores_in"] for r in mine)
        players = sum(r["players"] for r in mine)
        print(
            f"{method}: {inside} of {later} later events inside (a right model {exp:.1f},"
            f" SD {sd:.1f}); width {width:g} / {all_width:g} ({1 - width / all_width:.0%} narrower);"
            f" bank inside at {sum(banks)} of {len(banks)} cuts; final scores inside"
            f" {scores} of {players} ({scores / players:.0%}; the band's level 80%)"
        )
    print("\nfinal-score bands (position; the same in both methods): player p10-p90 real")
    for r in rows:
        if r["method"] == "position":
            bands = ", ".join(f"{a} {lo:.0f}-{hi:.0f} {v}" for a, lo, hi, v in r["score_bands"])
            print(f"  {r['game']} #{r['cut']}: {bands}")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 20_000, *(args[1:2]))
