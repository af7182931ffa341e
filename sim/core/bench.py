"""Timing for the benchmark scripts: games/s per core, kernel against reference.

Rates are per second of this process's CPU time on one thread, so other jobs
sharing the cores do not lower them; kernel and reference are measured in the
same run so their ratio is fair.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path

Play = Callable[[int, int], object]  # (first game, count) -> anything


def rate(fn: Play, batch: int, seconds: float) -> float:
    """Games per CPU second of ``fn(start, batch)`` over at least ``seconds``, after a warm-up."""
    fn(0, min(batch, 2))  # warm-up: numba compile or cache load
    done, start, t0 = 0, 0, time.process_time()
    while time.process_time() - t0 < seconds:
        fn(start, batch)
        start += batch
        done += batch
    return done / (time.process_time() - t0)


def case(
    name: str,
    kernel: Play,
    reference: Play,
    seconds: float,
    batch: int = 100_000,
    reference_batch: int = 20,
) -> dict:
    k = rate(kernel, batch, seconds)
    r = rate(reference, reference_batch, seconds)
    return {"case": name, "kernel_per_s": k, "reference_per_s": r, "ratio": k / r}


def print_rows(rows, header: bool = True) -> None:
    if header:
        print(f"{'case':<52} {'kernel/s':>12} {'reference/s':>12} {'ratio':>8}")
    for row in rows:
        ref, ratio = row["reference_per_s"], row["ratio"]
        ref = "-" if math.isnan(ref) else f"{ref:,.1f}"  # no reference for this case
        ratio = "-" if math.isnan(ratio) else f"{ratio:,.0f}"
        print(f"{row['case']:<52} {row['kernel_per_s']:>12,.0f} {ref:>12} {ratio:>8}", flush=True)


def game_benches(folder: Path, only: str | None = None) -> list[tuple[str, Path]]:
    """(game, path) of each ``bench_<game>.py`` in ``folder`` that defines ``bench(seconds)``
    (bench_memory and bench_against are scripts of their own); only ``only``'s if given."""
    found = []
    for path in sorted(Path(folder).glob("bench_*.py")):
        game = path.stem.removeprefix("bench_")
        if "\ndef bench(" in path.read_text() and only in (None, game):
            found.append((game, path))
    return found
