"""Chunked, parallel, reproducible Monte Carlo runs that stream to Parquet.

The chunk grid is fixed by (games, chunk size) before anything runs; chunk
``k`` holds games ``k*size .. (k+1)*size-1`` and each game draws only from its
own stream, so the records depend neither on the number of workers, nor on the
chunk size, nor on where a chunk ran.  A backend runs the chunks (``backends.py``): a thread
pool here (the kernels release the GIL) or a Dask cluster.  Each chunk is encoded as
Parquet where it ran, and the driver writes it to ``part-<first game>.parquet``
(to a temporary name, then renamed, so a part on disk is always whole).  Memory stays flat: only a
few chunks are in flight, nothing but the parts is kept, and analyses scan
them lazily.

A run may also be given a ``tally``: a function of one chunk's records that returns
:class:`Counts`, tables that add up over chunks (``counts.py``).  It runs where the chunk ran,
and the driver adds each chunk's counts as the chunk is written, so a summary built on them
has nothing left to read when the run ends or is interrupted (``RunResult.counts``).

Before the clock starts, a local run plays one game in a worker: that compiles the kernel
(or loads it from numba's cache), so the run's time and games/s leave compile time out, and
a progress factory that has ``compiling(what)`` hears of it when numba really compiles.

Ctrl-C stops scheduling, keeps every finished part and returns a result marked
``interrupted`` (or re-raises the interrupt when no chunk had finished, since
there is nothing to report).  Chunks still running are abandoned, not waited for: the
local workers are daemon threads, so a program can leave at once (the CLI does, with
``os._exit``, while :func:`abandoned` says one is still busy).
"""

from __future__ import annotations

import io
import os
import shutil
import tempfile
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from tableodds.sim.core import compiling, signals
from tableodds.sim.core.backends import (
    Backend,
    DaskBackend,
    LocalBackend,
    abandoned,
    active,
    make_backend,
    using,
)
from tableodds.sim.core.counts import Adder, Counts, Tally, tally_scan
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.limits import MAX_CHUNK, MAX_GAMES, MAX_SEED, MAX_WORKERS

# the backends (backends.py) and the counts (counts.py), importable from here as before
__all__ = [
    "Adder",
    "Backend",
    "ChunkFn",
    "CommandRuns",
    "Counts",
    "DaskBackend",
    "LocalBackend",
    "Progress",
    "RunResult",
    "Tally",
    "abandoned",
    "chunk_grid",
    "encode_chunk",
    "make_backend",
    "part_file",
    "run",
    "stop_scope",
    "tally_scan",
    "using",
    "validate",
]

ChunkFn = Callable[[int, int, int], dict[str, np.ndarray]]  # (seed, start, count) -> columns


# (games, label) -> a bar with advance(n) and close(); the factory may also have
# compiling(what), called when numba starts compiling a kernel before the run's clock starts
Progress = Callable[[int, str], object]


@dataclass(frozen=True)
class RunResult:
    """Where a run's records are and how it went."""

    path: Path
    seed: int
    games: int  # games asked for
    games_done: int  # games in finished chunks (less than games if interrupted)
    seconds: float
    workers: int
    chunk_size: int
    interrupted: bool
    backend: str = "local"
    counts: Counts | None = None  # the tally of every finished chunk, when the run had one

    @property
    def games_per_s(self) -> float:
        return self.games_done / self.seconds if self.seconds > 0 else float("nan")

    def scan(self) -> pl.LazyFrame:
        """All finished records, in game order, as a lazy frame."""
        return pl.scan_parquet(self.path / "part-*.parquet")

    def describe(self) -> dict:
        return {
            "seed": self.seed,
            "games": self.games,
            "games_done": self.games_done,
            "seconds": round(self.seconds, 3),
            "games_per_s": round(self.games_per_s),
            "workers": self.workers,
            "chunk_size": self.chunk_size,
            "backend": self.backend,
            "interrupted": self.interrupted,
        }


def chunk_grid(games: int, chunk_size: int) -> Iterator[tuple[int, int]]:
    """(start, count) of every chunk, lazily: a function of games and chunk size only."""
    return ((a, min(chunk_size, games - a)) for a in range(0, games, chunk_size))


def validate(games: int, seed: int, workers: int | None, chunk_size: int) -> int:
    if not 1 <= games <= MAX_GAMES:
        raise InputError(f"--games must be from 1 to {MAX_GAMES:,}, not {games:,}")
    if not 0 <= seed <= MAX_SEED:
        raise InputError(f"--seed must be between 0 and {MAX_SEED}, not {seed}")
    if not 1 <= chunk_size <= MAX_CHUNK:
        raise InputError(f"--chunk-size must be from 1 to {MAX_CHUNK:,}, not {chunk_size:,}")
    if workers is None:
        return os.cpu_count() or 1
    if not 1 <= workers <= MAX_WORKERS:
        raise InputError(f"--workers must be from 1 to {MAX_WORKERS}, not {workers:,}")
    return workers


def encode_chunk(
    chunk_fn: ChunkFn, seed: int, start: int, count: int, tally: Tally | None = None
) -> tuple[bytes, Counts | None]:
    """One chunk's records as Parquet bytes, and their counts when there is a ``tally``: the
    task a backend runs.

    Encoding and counting where the chunk ran keeps the work parallel and what travels small.
    """
    frame = pl.DataFrame(chunk_fn(seed, start, count))
    buf = io.BytesIO()
    frame.write_parquet(buf)
    return buf.getvalue(), None if tally is None else tally(frame)


def part_file(path: Path, start: int) -> Path:
    """The part of the run in ``path`` whose first game is ``start``."""
    return path / f"part-{start:015d}.parquet"


def _write_part(path: Path, start: int, data: bytes) -> None:
    final = part_file(path, start)
    tmp = path / f".part-{start:015d}.tmp"
    tmp.write_bytes(data)
    os.replace(tmp, final)


class _Stop:
    """Set by the first interrupt inside a :func:`stop_scope`: every later run of the scope
    refuses to start, so one Ctrl-C stops a whole multi-run command."""

    requested = False


_stop: ContextVar[_Stop | None] = ContextVar("tableodds_stop", default=None)


@contextmanager
def stop_scope() -> Iterator[_Stop]:
    """One command: after the first interrupted run, no further run starts."""
    token = _stop.set(_Stop())
    try:
        yield _stop.get()
    finally:
        _stop.reset(token)


def run(
    chunk_fn: ChunkFn,
    games: int,
    seed: int,
    path: Path,
    *,
    workers: int | None = None,
    chunk_size: int = 65_536,
    progress: Progress | bool | None = None,
    label: str = "games",
    backend: Backend | None = None,
    tally: Tally | None = None,
    tally_here: bool = False,
) -> RunResult:
    """Run ``games`` games in chunks; records go to ``path``.

    ``backend`` runs the chunks: threads here (``LocalBackend``, the default) or a Dask
    cluster (``DaskBackend``); :func:`using` sets the default for a block of code.  The
    driver writes every part itself, so the files do not depend on where a chunk ran.
    ``progress``, when callable, makes the progress bar: ``progress(games, label)`` returns
    an object with ``advance(n)`` and ``close()`` (the CLI draws one on a terminal).
    ``tally`` counts each chunk where it ran; the result's ``counts`` add up every finished one.
    ``tally_here`` counts each chunk here instead, once its part is written: for a tally that
    reads what only this machine has (the parts of an earlier run).
    """
    workers = validate(games, seed, workers, chunk_size)
    signals.reclaim()
    stop = _stop.get()
    if stop is not None and stop.requested or signals.requested.is_set():
        raise KeyboardInterrupt  # an earlier run of this command was interrupted
    owned = backend is None and active() is None
    backend = backend or active() or LocalBackend()
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    for old in path.glob("part-*.parquet"):
        old.unlink()  # a record directory holds one run only
    todo = iter(chunk_grid(games, chunk_size))
    done = 0
    counts = Adder()
    interrupted = False
    chunks: dict = {}  # future -> (start, count)
    pending: set = set()
    bar = None

    def collect(finished) -> None:
        nonlocal done
        for f in sorted(finished, key=chunks.get):
            start, count = chunks.pop(f)
            data, more = backend.result(f)
            _write_part(path, start, data)
            if tally_here:
                more = tally(pl.read_parquet(io.BytesIO(data)))
            if more is not None:
                counts.add(more)
            done += count  # counted once the part is on disk
            bar.advance(count)

    try:
        slots = backend.start(workers)
        if backend.warms_up:
            _warm_up(backend, chunk_fn, seed, progress)
        # from here: neither a cluster's start-up nor compiling the kernel is the run's time
        t0 = time.perf_counter()
        bar = progress(games, label) if callable(progress) else _NoBar()
        while True:
            # Keep two chunks per worker in flight: enough to stay busy, little to cancel.
            # (Checked before each submit: a wait that finished nothing must not add more.)
            while len(pending) < 2 * slots and (item := next(todo, None)) is not None:
                start, count = item
                there = None if tally_here else tally
                f = backend.submit(encode_chunk, chunk_fn, seed, start, count, there)
                chunks[f] = (start, count)
                pending.add(f)
            if not pending:
                break
            finished, pending = backend.wait(pending, 0.2)
            collect(finished)
            if signals.requested.is_set():
                raise KeyboardInterrupt  # a signal whose KeyboardInterrupt was swallowed
    except KeyboardInterrupt:
        interrupted = True
        if stop is not None:
            stop.requested = True
        collect(backend.stop(pending))  # chunks that finish anyway are kept
    except BaseException:
        backend.stop(pending)
        raise
    finally:
        if bar is not None:
            bar.close()
        for tmp in path.glob(".part-*.tmp"):
            tmp.unlink()
        if owned:
            backend.close()
    if interrupted and done == 0:
        raise KeyboardInterrupt  # nothing finished: there are no results to show
    return RunResult(
        path=path,
        seed=seed,
        games=games,
        games_done=done,
        seconds=time.perf_counter() - t0,
        workers=slots,
        chunk_size=chunk_size,
        interrupted=interrupted,
        backend=backend.name,
        counts=counts.total(),
    )


def _play_one(chunk_fn: ChunkFn, seed: int) -> None:
    chunk_fn(seed, 0, 1)  # game 0 again: its records are dropped


def _warm_up(backend: Backend, chunk_fn: ChunkFn, seed: int, progress) -> None:
    """One game in a worker before the clock starts: numba compiles the kernel there (or loads
    it from its cache).  When it really compiles (numba's ``numba:compile`` event, which a
    cache hit does not send), ``progress.compiling(package)`` is told once, with the game
    package's name (None when the kernel is not a game's); what it returns (a spinner, say)
    is closed when the kernel is ready."""
    watch = compiling.Watch.install()
    seen, watch.what = watch.count, None
    tell = getattr(progress, "compiling", None)
    f = backend.submit(_play_one, chunk_fn, seed)
    pending = {f}
    told = False
    note = None  # what tell() returned: closed when the kernel is ready
    try:
        while pending:
            _, pending = backend.wait(pending, 0.1)
            if signals.requested.is_set():
                raise KeyboardInterrupt
            if not told and watch.count != seen:
                told = True
                if callable(tell):
                    note = tell(watch.what)
    except BaseException:
        backend.stop({f})  # abandoned, not waited for
        raise
    finally:
        if note is not None:
            note.close()
    backend.result(f)  # a kernel that fails, fails here


class CommandRuns:
    """The runs of one command: their shared options, and where their records go.

    ``records`` is a folder (``OUT/records``) or None: then the records live in a temporary
    folder that stays readable as long as this plan (or a result holding it) is alive.
    A plan with several runs puts each in ``records/<name>``.  After an interrupted run a
    plan starts no other (:func:`run` raises KeyboardInterrupt inside a :func:`stop_scope`);
    commands loop with ``if res.interrupted: break``.
    """

    def __init__(
        self,
        games: int,
        seed: int = 1,
        workers: int | None = None,
        chunk_size: int | None = None,
        progress: Progress | bool | None = None,
        records: Path | None = None,
    ):
        self.games, self.seed, self.workers = games, seed, workers
        self.chunk_size, self.progress = chunk_size, progress
        if records is None:
            records = Path(tempfile.mkdtemp(prefix="tableodds-"))
            self._cleanup = weakref.finalize(self, shutil.rmtree, records, True)
        self.records = Path(records)
        self.runs: dict[str, RunResult] = {}
        self.left_out = False

    def run(
        self,
        chunk_fn: ChunkFn,
        name: str = "",
        *,
        games: int | None = None,
        chunk_size: int | None = None,
        label: str | None = None,
        default_chunk: int = 65_536,
        tally: Tally | None = None,
        tally_here: bool = False,
    ) -> RunResult:
        """One run of ``chunk_fn``; ``name`` tells the runs of a multi-run command apart;
        ``tally`` counts each chunk as it finishes (the result's ``counts``; see :func:`run`
        for ``tally_here``)."""
        if name in self.runs:
            raise ValueError(f"run {name!r} twice in one plan")
        size = next((c for c in (chunk_size, self.chunk_size) if c is not None), default_chunk)
        res = run(
            chunk_fn,
            games or self.games,
            self.seed,
            self.records / name if name else self.records,
            workers=self.workers,
            chunk_size=size,
            progress=self.progress,
            label=label or name or "games",
            tally=tally,
            tally_here=tally_here,
        )
        self.runs[name] = res
        return res

    def run_all(self, jobs) -> dict[str, RunResult]:
        """Runs ``(name, chunk_fn, options)`` in order until one is interrupted.

        Returns the runs that finished games, so a multi-run command summarises what it
        has; raises KeyboardInterrupt only when the first run finished nothing.
        """
        done = {}
        for name, chunk_fn, options in jobs:
            try:
                res = self.run(chunk_fn, name, **options)
            except KeyboardInterrupt:
                if not done:
                    raise
                self.left_out = True  # a run that finished nothing is left out
                break
            done[name] = res
            if res.interrupted:
                break
        return done

    @property
    def interrupted(self) -> bool:
        return self.left_out or any(r.interrupted for r in self.runs.values())


class _NoBar:
    def advance(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass
