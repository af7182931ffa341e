"""Backends compared: games/s with --backend local against a local Dask cluster.

Each case runs the same games on both backends with the same number of workers
(threads here, single-threaded processes on the cluster) and checks that the
Parquet parts are byte-identical.  Rates are wall-clock, since the point is the
whole run; the cluster's start-up is timed apart.  The overhead per chunk comes
from runs of one-game chunks: (wall time / chunks) on each backend.
Usage: python scripts/cluster_bench.py [--workers W] [--scale X]
"""

from __future__ import annotations

import argparse
import functools
import platform
import tempfile
import time
from pathlib import Path

from tableodds.sim.core.runner import DaskBackend, LocalBackend, run
from tableodds.sim.registry import game

CASES = [  # (game, players, games at scale 1); each game's default chunk size
    ("davoserjas", 4, 2_000_000),
    ("boss", 4, 400_000),
    ("davos", 4, 100_000),
]


def timed(chunk, games, chunk_size, workers, backend, path):
    res = run(
        chunk,
        games,
        1,
        path,
        workers=workers,
        chunk_size=chunk_size,
        progress=False,
        backend=backend,
    )
    return res.seconds


def parts(path: Path) -> dict:
    return {p.name: p.read_bytes() for p in path.glob("part-*.parquet")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--scale", type=float, default=1.0, help="multiply the game counts")
    args = ap.parse_args()
    w = args.workers
    local = LocalBackend()
    t0 = time.perf_counter()
    dask = DaskBackend()
    dask.start(w)
    print(
        f"# {platform.machine()}, Python {platform.python_version()}, workers: {w}; "
        f"local Dask cluster started in {time.perf_counter() - t0:.1f} s"
    )
    print(f"{'case':<34} {'games':>10} {'local/s':>10} {'dask/s':>10} {'dask/local':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for name, players, games in CASES:
            spec = game(name)
            size = spec.chunk_size
            chunk = functools.partial(spec.simulate_chunk, spec.settings(players))
            games = max(size, int(games * args.scale))
            for b in (local, dask):  # warm-up: numba cache load in every process
                timed(chunk, 2 * w * 8, 8, w, b, tmp / "warm")
            tl = timed(chunk, games, size, w, local, tmp / "local")
            td = timed(chunk, games, size, w, dask, tmp / "dask")
            same = "" if parts(tmp / "local") == parts(tmp / "dask") else "  PARTS DIFFER"
            print(
                f"{name + f' {players}p, chunks of {size:,}':<34} {games:>10,} "
                f"{games / tl:>10,.0f} {games / td:>10,.0f} {tl / td:>10.2f}{same}"
            )
        chunk = functools.partial(game("boss").simulate_chunk, game("boss").settings(4))
        n = int(2_000 * args.scale) or 1
        tl = timed(chunk, n, 1, w, local, tmp / "local")
        td = timed(chunk, n, 1, w, dask, tmp / "dask")
        print(
            f"overhead per chunk ({n:,} one-game chunks): local {tl / n * 1e3:.2f} ms, "
            f"dask {td / n * 1e3:.2f} ms"
        )
    local.close()
    dask.close()


if __name__ == "__main__":
    main()
