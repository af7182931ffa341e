"""Chunked, parallel, reproducible Monte Carlo runs that stream to Parquet.

The chunk grid is fixed by (games, chunk size) before anything runs; chunk
``k`` holds games ``k*size .. (k+1)*size-1`` and each game draws only from its
own stream, so the records do not depend on the number of workers or on the
chunk size.  Chunks run on a thread pool (the kernels release the GIL) and each
finished chunk is written at once to ``part-<first game>.parquet`` (written to
a temporary name, then renamed, so a part on disk is always whole).  Memory
stays flat: nothing but the parts is kept, and analyses scan them lazily.

Ctrl-C stops scheduling, lets the running chunks finish, keeps every finished
part and returns a result marked ``interrupted`` (or re-raises the interrupt
when no chunk had finished, since there is nothing to report).
"""
from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import numpy as np
import polars as pl

from sim.core.errors import InputError

ChunkFn = Callable[[int, int, int], dict[str, np.ndarray]]  # (seed, start, count) -> columns

MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class RunResult:
    """Where a run's records are and how it went."""
    path: Path
    seed: int
    games: int        # games asked for
    games_done: int   # games in finished chunks (less than games if interrupted)
    seconds: float
    workers: int
    chunk_size: int
    interrupted: bool

    @property
    def games_per_s(self) -> float:
        return self.games_done / self.seconds if self.seconds > 0 else float("nan")

    def scan(self) -> pl.LazyFrame:
        """All finished records, in game order, as a lazy frame."""
        return pl.scan_parquet(self.path / "part-*.parquet")

    def describe(self) -> dict:
        return {"seed": self.seed, "games": self.games, "games_done": self.games_done,
                "seconds": round(self.seconds, 3), "games_per_s": round(self.games_per_s),
                "workers": self.workers, "chunk_size": self.chunk_size,
                "interrupted": self.interrupted}


def chunk_grid(games: int, chunk_size: int) -> list[tuple[int, int]]:
    """(start, count) of every chunk: a function of games and chunk size only."""
    return [(a, min(chunk_size, games - a)) for a in range(0, games, chunk_size)]


def validate(games: int, seed: int, workers: int | None, chunk_size: int) -> int:
    if games < 1:
        raise InputError(f"--games must be at least 1, not {games}")
    if not 0 <= seed <= MAX_SEED:
        raise InputError(f"--seed must be between 0 and {MAX_SEED}, not {seed}")
    if chunk_size < 1:
        raise InputError(f"--chunk-size must be at least 1, not {chunk_size}")
    if workers is None:
        return os.cpu_count() or 1
    if workers < 1:
        raise InputError(f"--workers must be at least 1, not {workers}")
    return workers


def _write_part(path: Path, start: int, columns: dict[str, np.ndarray]) -> None:
    final = path / f"part-{start:015d}.parquet"
    tmp = path / f".part-{start:015d}.tmp"
    pl.DataFrame(columns).write_parquet(tmp)
    os.replace(tmp, final)


def run(chunk_fn: ChunkFn, games: int, seed: int, path: Path, *, workers: int | None = None,
        chunk_size: int = 65_536, progress: bool | None = None, label: str = "games") -> RunResult:
    """Run ``games`` games in chunks on ``workers`` threads; records go to ``path``."""
    workers = validate(games, seed, workers, chunk_size)
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    for old in path.glob("part-*.parquet"):
        old.unlink()  # a record directory holds one run only
    grid = chunk_grid(games, chunk_size)
    done = 0
    interrupted = False
    lock = threading.Lock()
    t0 = time.perf_counter()
    bar = _progress(progress, games, label)

    def job(start: int, count: int) -> int:
        nonlocal done
        _write_part(path, start, chunk_fn(seed, start, count))
        with lock:
            done += count  # counted here, once the part is on disk
        return count

    pool = ThreadPoolExecutor(max_workers=workers)
    pending = set()
    try:
        # Submit lazily so Ctrl-C leaves little queued work to cancel.
        todo = iter(grid)
        for start, count in todo:
            pending.add(pool.submit(job, start, count))
            if len(pending) >= 2 * workers:
                break
        while pending:
            finished, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for f in finished:
                bar.advance(f.result())
            for start, count in todo:
                pending.add(pool.submit(job, start, count))
                if len(pending) >= 2 * workers:
                    break
    except KeyboardInterrupt:
        interrupted = True
        for f in pending:
            f.cancel()
        wait(pending)  # chunks already running finish and are kept
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        bar.close()
        for tmp in path.glob(".part-*.tmp"):
            tmp.unlink()
    if interrupted and done == 0:
        raise KeyboardInterrupt  # nothing finished: there are no results to show
    return RunResult(path=path, seed=seed, games=games, games_done=done,
                     seconds=time.perf_counter() - t0, workers=workers,
                     chunk_size=chunk_size, interrupted=interrupted)


@contextmanager
def record_dir(out: Path | None) -> Iterator[Path]:
    """``OUT/records`` when an output directory is given, else a temporary one."""
    if out is not None:
        yield Path(out) / "records"
        return
    tmp = tempfile.mkdtemp(prefix="tableodds-")
    try:
        yield Path(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


class _Bar:
    """A rich progress bar on a terminal; nothing when stderr is piped."""

    def __init__(self, enabled: bool, total: int, label: str):
        self.progress = None
        if not enabled:
            return
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                   TimeRemainingColumn)
        self.progress = Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
            console=Console(stderr=True), transient=True)
        self.task = self.progress.add_task(label, total=total, rate="")
        self.t0 = time.perf_counter()
        self.done = 0
        self.progress.start()

    def advance(self, n: int) -> None:
        if self.progress is None:
            return
        self.done += n
        rate = self.done / max(time.perf_counter() - self.t0, 1e-9)
        self.progress.update(self.task, advance=n, rate=f"{rate:,.0f} games/s")

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()


def _progress(enabled: bool | None, total: int, label: str) -> _Bar:
    if enabled is None:
        import sys
        enabled = sys.stderr.isatty()
    return _Bar(enabled, total, label)
