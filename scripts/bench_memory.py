"""Peak memory of the Davoserjas summary against the number of games summarised.

What is measured is the summary step alone (``analysis.davoserjas.summarise`` over the
Parquet parts of a run), not the simulation.  To avoid simulating 10^8 games, the record
folder is built from one real chunk: its records are simulated once (65,536 games, 4 seats,
seed 1) and written again under consecutive part names, each with the game column shifted
by the chunk's offset, the last one cut to the remaining games; so every part is a real,
well-formed chunk and the folder looks like a run of that many games.  Each size is then
summarised in a fresh subprocess, which prints its peak RSS (``ru_maxrss``) and the RSS
after the imports, before the summary.

Usage: python scripts/bench_memory.py [--games 1e6,1e7,1e8] [--dir DIR] [--keep]
(the folders need about 13 MB of disk per million games; they are deleted afterwards
unless --keep).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CHUNK = 65_536
PLAYERS = 4

CHILD = r"""
import json, resource, sys, time
import polars as pl
from tableodds.analysis.davoserjas import summarise
from tableodds.sim.davoserjas.rules import make_settings
def rss_kb():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0
settings = make_settings(PLAYERS, None, None, (), None)
before = rss_kb()
t0 = time.perf_counter()
s = summarise(pl.scan_parquet(sys.argv[1] + "/part-*.parquet"), settings)
seconds = time.perf_counter() - t0
print(json.dumps({"games": s.games, "before_kb": before, "seconds": seconds,
                  "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
""".replace("PLAYERS", str(PLAYERS))


def build(folder: Path, games: int, template) -> None:
    """``games`` games of records in ``folder``: the template chunk, shifted, as parts."""
    import polars as pl

    folder.mkdir(parents=True, exist_ok=True)
    for start in range(0, games, CHUNK):
        count = min(CHUNK, games - start)
        part = template if count == CHUNK else template.filter(pl.col("game") < count)
        (
            part.with_columns(pl.col("game") + start).write_parquet(
                folder / f"part-{start:015d}.parquet"
            )
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--games", default="1e6,1e7,1e8", help="comma-separated game counts (default 1e6,1e7,1e8)"
    )
    ap.add_argument("--dir", default=None, help="where to build the record folders")
    ap.add_argument("--keep", action="store_true", help="keep the record folders")
    args = ap.parse_args()
    sizes = [int(float(g)) for g in args.games.split(",")]

    import polars as pl

    from tableodds.sim.davoserjas.kernel import simulate_chunk
    from tableodds.sim.davoserjas.rules import make_settings

    template = pl.DataFrame(
        simulate_chunk(make_settings(PLAYERS, None, None, (), None), 1, 0, CHUNK)
    )
    root = Path(args.dir or tempfile.mkdtemp(prefix="tableodds-mem-"))
    print(f"# Davoserjas, {PLAYERS} seats, parts of {CHUNK:,} games; peak RSS of the summary")
    print(f"{'games':>13} {'parts':>6} {'before MB':>10} {'peak MB':>9} {'seconds':>8}")
    try:
        for games in sizes:
            folder = root / f"g{games}"
            if not folder.exists():
                build(folder, games, template)
            out = subprocess.run(
                [sys.executable, "-c", CHILD, str(folder)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            r = json.loads(out.strip().splitlines()[-1])
            assert r["games"] == games, r
            print(
                f"{games:>13,} {-(-games // CHUNK):>6} {r['before_kb'] / 1024:>10.0f} "
                f"{r['peak_kb'] / 1024:>9.0f} {r['seconds']:>8.1f}",
                flush=True,
            )
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
