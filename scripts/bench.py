"""Benchmarks: games/s per core of each kernel and of its plain-Python reference.

Each game has ``scripts/bench_<game>.py`` with ``bench(seconds) -> list[dict]``
(see ``sim.core.bench``); this script runs them all, or one with ``--only``.
Usage: python scripts/bench.py [--seconds S] [--only NAME]
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
from pathlib import Path

from tableodds.sim.core.bench import game_benches, print_rows

HERE = Path(__file__).resolve().parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU time per measurement")
    ap.add_argument("--only", default=None, help="one game's benchmarks, e.g. davoserjas")
    args = ap.parse_args()
    print(f"# {platform.machine()}, Python {platform.python_version()}, one thread (per core)")
    first = True
    for _, path in game_benches(HERE, args.only):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print_rows(module.bench(args.seconds), header=first)
        first = False


if __name__ == "__main__":
    main()
