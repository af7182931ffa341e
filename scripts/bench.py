"""Benchmarks: games/s per core of each kernel and of its plain-Python reference.

Both are measured in the same run on one thread, so the ratio is fair.  Other
games add ``scripts/bench_<game>.py`` with ``bench(seconds) -> list[dict]``;
this script runs them all.  Usage: python scripts/bench.py [--seconds S] [--only NAME]
"""
from __future__ import annotations

import argparse
import importlib.util
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def rate(fn, batch: int, seconds: float) -> float:
    """Calls of fn(start, batch) per second over at least ``seconds``, after a warm-up."""
    fn(0, min(batch, 2))
    done, start, t0 = 0, 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        fn(start, batch)
        start += batch
        done += batch
    return done / (time.perf_counter() - t0)


def case(name: str, kernel, reference, seconds: float, batch: int = 100_000) -> dict:
    k = rate(kernel, batch, seconds)
    r = rate(reference, 20, seconds)
    return {"case": name, "kernel_per_s": k, "reference_per_s": r, "ratio": k / r}


def bench_davoserjas(seconds: float) -> list[dict]:
    from sim.davoserjas.kernel import penalties
    from sim.davoserjas.reference import play_game
    from sim.davoserjas.rules import make_settings

    rows = []
    for label, settings in [
            ("davoserjas: random round-1 deal, 4 players", make_settings(4, rounds=[1])),
            ("davoserjas: random Kabalen deal, 4 players", make_settings(4, rounds=[6])),
            ("davoserjas: random six-round game, 4 players", make_settings(4)),
            ("davoserjas: careful six-round game, 4 players", make_settings(4, ["careful"]))]:
        def kernel(start, n, s=settings):
            penalties(s, 1, start, n)

        def reference(start, n, s=settings):
            for g in range(start, start + n):
                play_game(s, 1, g)
        rows.append(case(label, kernel, reference, seconds))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    ap.add_argument("--only", default=None, help="one game's benchmarks")
    args = ap.parse_args()
    benches = {"davoserjas": bench_davoserjas}
    for path in sorted(HERE.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        benches[path.stem.removeprefix("bench_")] = mod.bench
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()},"
          f" one thread (per core)")
    print(f"{'case':<50} {'kernel/s':>12} {'reference/s':>12} {'ratio':>8}")
    for name, fn in benches.items():
        if args.only and name != args.only:
            continue
        for row in fn(args.seconds):
            print(f"{row['case']:<50} {row['kernel_per_s']:>12,.0f} "
                  f"{row['reference_per_s']:>12,.1f} {row['ratio']:>8,.0f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
