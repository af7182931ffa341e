"""Peak memory of each game's summary against the number of games summarised.

What is measured is the summary step alone, not the simulation: for each game, the summary a
command prints over the Parquet parts of its run (Davoserjas ``simulate``, Borgia ``auction``,
I'm the Boss! ``length``, 1844 ``train-rush``; Davos has no quantiles and is left out).  Where
a command's summary is made of counts (every one here), each part is counted and the counts
added one part after another, as a run does while it plays.  To
avoid simulating 10^8 games, the record folder is built from one real chunk: its records are
simulated once (seed 1) and written again under consecutive part names, each with the game
column shifted by the chunk's offset, the last one cut to the remaining games; so every part is
a real, well-formed chunk and the folder looks like a run of that many games.  Each size is then
summarised in a fresh subprocess, which prints its peak RSS (``VmHWM`` of /proc/self/status;
not ``ru_maxrss``, which Linux carries over from the parent through fork and exec) and the RSS
after the imports, before the summary.  A flat summary has the same peak at every size.

Usage: python scripts/bench_memory.py [--game NAME ...] [--games 1e6,1e7,1e8] [--part N]
    [--dir DIR] [--keep]
(disk per million games: about 13 MB for Davoserjas, 4 MB for the Boss, 40 MB for Borgia's
auctions and 60 MB for 1844; the folders are deleted afterwards unless --keep).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# game -> (chunk of the template, settings expression, summary call, what the summary is)
GAMES = {
    "davoserjas": (
        65_536,
        "from tableodds.sim.davoserjas.rules import make_settings; "
        "from tableodds.sim.davoserjas.kernel import simulate_chunk as chunk; "
        "from tableodds.analysis.davoserjas import counts, summarise_counts; "
        "from functools import partial; "
        "settings = make_settings(4, None, None, (), None)",
        "summarise_counts(add_parts(partial(counts, settings)), settings).games",
        "davoserjas simulate, 4 seats, counted part by part as a run does",
    ),
    "borgia": (
        16_384,
        "from tableodds.sim.borgia.rules import make_settings; "
        "from tableodds.sim.borgia.kernel import auction_chunk as chunk; "
        "from tableodds.analysis.borgia import auction_counts, summarise_auction_counts; "
        "settings = make_settings(4)",
        'int(summarise_auction_counts(add_parts(auction_counts), settings, GAMES).types["offered"]'
        ".sum()) // 36",
        "borgia auction, 4 players (36 auctions a game), counted part by part as a run does",
    ),
    "boss": (
        65_536,
        "from tableodds.sim.boss.rules import make_settings; "
        "from tableodds.sim.boss.kernel import simulate_chunk as chunk; "
        "from tableodds.analysis.boss import counts, length_of; "
        "settings = make_settings(4)",
        "length_of(add_parts(counts), settings).games",
        "boss length, 4 players, counted part by part as a run does",
    ),
    "1844": (
        65_536,
        "from tableodds.sim.s1844.rules import make_settings; "
        "from tableodds.sim.s1844.kernel import simulate_chunk as chunk; "
        "from tableodds.analysis.s1844 import summarise_counts, tally; "
        "from functools import partial; "
        "settings = make_settings(5)",
        "summarise_counts(add_parts(partial(tally, settings)), settings).games",
        "1844 train-rush, 5 players, counted part by part as a run does",
    ),
}

CHILD = r"""
import glob, json, sys, time
import polars as pl
from tableodds.sim.core.runner import Adder
SETUP
def add_parts(tally):
    # what a run does with a tally: each chunk counted as it finishes, the counts added
    adder = Adder()
    for part in sorted(glob.glob(sys.argv[1] + "/part-*.parquet")):
        adder.add(tally(pl.read_parquet(part)))
    return adder.total()
def rss_kb(field="VmRSS:"):
    for line in open("/proc/self/status"):
        if line.startswith(field):
            return int(line.split()[1])
    return 0
GAMES = int(sys.argv[2])
lf = pl.scan_parquet(sys.argv[1] + "/part-*.parquet")
before = rss_kb()
t0 = time.perf_counter()
games = CALL
seconds = time.perf_counter() - t0
print(json.dumps({"games": games, "before_kb": before, "seconds": seconds,
                  "peak_kb": rss_kb("VmHWM:")}))
"""


def build(folder: Path, games: int, template, chunk: int) -> None:
    """``games`` games of records in ``folder``: the template chunk, shifted, as parts."""
    import polars as pl

    folder.mkdir(parents=True, exist_ok=True)
    for start in range(0, games, chunk):
        count = min(chunk, games - start)
        part = template if count == chunk else template.filter(pl.col("game") < count)
        part.with_columns(pl.col("game") + start).write_parquet(
            folder / f"part-{start:015d}.parquet"
        )


def template(name: str, chunk: int):
    import polars as pl

    _, setup, _, _ = GAMES[name]
    scope: dict = {}
    exec(setup, scope)
    return pl.DataFrame(scope["chunk"](scope["settings"], 1, 0, chunk))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--game", action="append", choices=list(GAMES), help="game to measure (default: all)"
    )
    ap.add_argument(
        "--games", default="1e6,1e7,1e8", help="comma-separated game counts (default 1e6,1e7,1e8)"
    )
    ap.add_argument("--dir", default=None, help="where to build the record folders")
    ap.add_argument("--keep", action="store_true", help="keep the record folders")
    ap.add_argument(
        "--part", type=int, default=None, help="games per part (default: the game's own above)"
    )
    args = ap.parse_args()
    sizes = [int(float(g)) for g in args.games.split(",")]
    root = Path(args.dir or tempfile.mkdtemp(prefix="tableodds-mem-"))
    print("# peak RSS of each game's summary over parts built from one real chunk")
    print(
        f"{'game':>10} {'games':>13} {'parts':>6} {'before MB':>10} {'peak MB':>9} {'seconds':>8}"
    )
    try:
        for name in args.game or list(GAMES):
            chunk, setup, call, what = GAMES[name]
            chunk = args.part or chunk
            print(f"# {name}: {what}; parts of {chunk:,} games", flush=True)
            records = template(name, chunk)
            code = CHILD.replace("SETUP", setup.replace("; ", "\n")).replace("CALL", call)
            for games in sizes:
                folder = root / name / f"g{games}"
                if not folder.exists():
                    build(folder, games, records, chunk)
                out = subprocess.run(
                    [sys.executable, "-c", code, str(folder), str(games)],
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout
                r = json.loads(out.strip().splitlines()[-1])
                assert r["games"] == games, r
                print(
                    f"{name:>10} {games:>13,} {-(-games // chunk):>6} "
                    f"{r['before_kb'] / 1024:>10.0f} {r['peak_kb'] / 1024:>9.0f} "
                    f"{r['seconds']:>8.1f}",
                    flush=True,
                )
                if not args.keep:
                    shutil.rmtree(folder, ignore_errors=True)
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
