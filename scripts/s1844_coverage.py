"""How many of the recorded games' later events a forecast that is exactly right would put
inside its own 10-90% bands: the section "What a right forecast would hold" of
docs/1844-forecast.md.

For each game and cut (after global ORs 4, 6, 8, 10) the conditioning forecast's kept games
stand for a model that is right: the share of them whose event lies inside the band is the
chance the real game's does, and the share whose every later event lies inside is the
chance the whole cut is held.

    python scripts/s1844_coverage.py [GAMES]
"""

import sys
from pathlib import Path

import numpy as np
import polars as pl

from tableodds.analysis import s1844_forecast as F
from tableodds.sim.s1844 import rules as R
from tableodds.sim.s1844.export import read_export
from tableodds.sim.s1844.kernel import simulate_chunk

DATA = Path(R.__file__).parent / "games"
CUTS = (4, 6, 8, 10)


def main(games: int = 100_000) -> None:
    expected = real = total = var = 0
    joint = 1.0
    print(
        "| game | cut | games kept | later events | inside (real) | inside (expected) |"
        " kept games with every later event inside |"
    )
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, n in (("160062", 5), ("202933", 7)):
        s = R.make_settings(n, None, None, R.ENGINE_READINGS)
        df = pl.concat(
            [pl.DataFrame(simulate_chunk(s, 1, k, 25_000)) for k in range(0, games, 25_000)]
        )
        full = read_export(DATA / f"{name}.json")
        for at in CUTS:
            t = read_export(DATA / f"{name}.json", at)
            f = F.forecast_game(df, t)
            keep, dist = F._candidates(t)
            kept = df.filter(keep & (dist <= f.tolerance))
            every = np.ones(kept.height, bool)
            exp = got = k = 0
            for r in f.events:
                if r["happened_at"] is not None:
                    continue
                x = kept.select(F._value(r["event"])).to_series().to_numpy()
                inside = (x >= r["p10_or"]) & (x <= r["p90_or"])
                every &= inside
                exp += inside.mean()
                var += inside.mean() * (1 - inside.mean())
                got += r["p10_or"] <= F.real_value(full, r["event"]) <= r["p90_or"]
                k += 1
            print(
                f"| {name} | #{at} | {kept.height:,} | {k} | {got} | {exp:.2f} |"
                f" {every.mean():.1%} |"
            )
            expected, real, total = expected + exp, real + got, total + k
            joint *= every.mean()
    print(
        f"\nall cuts: {total} later events, {real} inside, {expected:.1f} expected"
        f" ({expected / total:.1%}, standard deviation {var**0.5:.1f} were they independent);"
        f" the product of the last column: {joint:.1%}"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
