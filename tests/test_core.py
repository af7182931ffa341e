"""The Monte Carlo core: streams, chunking, the runner and the statistics."""

import subprocess
import sys
import threading

import numpy as np
import pytest
from scipy import stats as st

from tableodds.analysis.stats import clopper_pearson, mean, mean_from_moments, wilson
from tableodds.sim.core import backends, runner
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.rng import PyStream, stream_head
from tableodds.sim.core.runner import LocalBackend, chunk_grid, run


@pytest.mark.parametrize("seed,game", [(0, 0), (1, 2**40 + 3), (2**63 - 1, 17)])
def test_kernel_stream_matches_python_twin(seed, game):
    py = PyStream(seed, game)
    assert [int(x) for x in stream_head(np.uint64(seed), np.uint64(game), 64)] == [
        py.next_u64() for _ in range(64)
    ]


def test_streams_differ_between_games_and_seeds():
    heads = {tuple(stream_head(np.uint64(s), np.uint64(g), 2)) for s in range(5) for g in range(50)}
    assert len(heads) == 250


def test_bounded_draw_is_uniform():
    py = PyStream(7, 7)
    counts = np.bincount([py.bounded(7) for _ in range(70_000)], minlength=7)
    assert st.chisquare(counts).pvalue > 1e-4


def test_chunk_grid_covers_every_game_once():
    grid = list(chunk_grid(1001, 64))
    assert grid[0] == (0, 64) and grid[-1] == (960, 41)
    assert sum(c for _, c in grid) == 1001


def _toy_chunk(seed, start, count):
    idx = np.arange(start, start + count, dtype=np.int64)
    return {"game": idx, "x": (idx * 2654435761 + seed) % 97}


def test_runner_is_independent_of_workers_and_chunks(tmp_path):
    a = run(_toy_chunk, 1000, 5, tmp_path / "a", workers=1, chunk_size=1000, progress=False)
    b = run(_toy_chunk, 1000, 5, tmp_path / "b", workers=2, chunk_size=37, progress=False)
    assert a.games_done == b.games_done == 1000 and not b.interrupted
    assert a.scan().collect().equals(b.scan().collect())
    assert b.scan().collect()["game"].to_list() == list(range(1000))


def _toy_tally(frame):
    import polars as pl

    by_x = frame.group_by("x").agg(pl.len().cast(pl.Int64).alias("count"))
    total = frame.select(pl.len().cast(pl.Int64).alias("n"), pl.col("x").sum().alias("s"))
    return runner.Counts({"by_x": by_x, "total": total}, {"by_x": ("x",), "total": ()})


def test_a_runs_counts_are_those_of_its_records_whatever_the_chunks(tmp_path):
    a = run(_toy_chunk, 1000, 5, tmp_path / "a", workers=1, chunk_size=1000, tally=_toy_tally)
    b = run(_toy_chunk, 1000, 5, tmp_path / "b", workers=2, chunk_size=37, tally=_toy_tally)
    whole = _toy_tally(a.scan().collect())
    for res in (a, b):
        assert res.counts["by_x"].sort("x").equals(whole["by_x"].sort("x"))
        assert res.counts["total"].equals(whole["total"])
    assert int(b.counts["total"]["n"][0]) == 1000


def test_counts_made_here_are_those_made_where_the_chunk_ran(tmp_path):
    seen = []

    def here(frame):
        seen.append(threading.current_thread() is threading.main_thread())
        return _toy_tally(frame)

    a = run(_toy_chunk, 500, 2, tmp_path / "a", workers=2, chunk_size=50, tally=_toy_tally)
    b = run(
        _toy_chunk, 500, 2, tmp_path / "b", workers=2, chunk_size=50, tally=here, tally_here=True
    )
    assert seen == [True] * 10
    assert b.counts["by_x"].sort("x").equals(a.counts["by_x"].sort("x"))
    assert b.counts["total"].equals(a.counts["total"])


def test_an_interrupted_runs_counts_are_those_of_its_finished_chunks(tmp_path):
    def chunk(seed, start, count):
        if start == 30:
            raise KeyboardInterrupt
        return _toy_chunk(seed, start, count)

    res = run(chunk, 100, 1, tmp_path, workers=1, chunk_size=10, tally=_toy_tally)
    assert res.interrupted
    assert int(res.counts["total"]["n"][0]) == res.games_done
    assert res.counts["by_x"].sort("x").equals(_toy_tally(res.scan().collect())["by_x"].sort("x"))


def test_counts_of_different_shapes_do_not_add():
    import polars as pl

    one = runner.Counts({"t": pl.DataFrame({"x": [1], "count": [1]})}, {"t": ("x",)})
    other = runner.Counts({"t": pl.DataFrame({"x": [1], "count": [1]})}, {"t": ()})
    assert (one + one)["t"]["count"].to_list() == [2]
    with pytest.raises(ValueError):
        one + other


def test_runner_replaces_an_earlier_run(tmp_path):
    run(_toy_chunk, 500, 1, tmp_path, chunk_size=10, progress=False)
    res = run(_toy_chunk, 30, 1, tmp_path, chunk_size=10, progress=False)
    assert res.scan().collect().height == 30


def test_runner_keeps_finished_chunks_on_interrupt(tmp_path):
    calls = []

    def chunk(seed, start, count):
        calls.append(start)
        if start == 30:
            raise KeyboardInterrupt
        return _toy_chunk(seed, start, count)

    res = run(chunk, 100, 1, tmp_path, workers=1, chunk_size=10, progress=False)
    assert res.interrupted
    frame = res.scan().collect()
    assert frame.height == res.games_done
    assert set(frame["game"].to_list()) <= set(range(100)) and 30 not in frame["game"].to_list()
    assert not list(tmp_path.glob(".part-*"))


@pytest.mark.parametrize("bad", [dict(games=0), dict(seed=-1), dict(workers=0), dict(chunk_size=0)])
def test_runner_refuses_bad_sizes(tmp_path, bad):
    args = dict(games=10, seed=1, workers=1, chunk_size=5) | bad
    with pytest.raises(InputError):
        run(
            _toy_chunk,
            args["games"],
            args["seed"],
            tmp_path,
            workers=args["workers"],
            chunk_size=args["chunk_size"],
            progress=False,
        )


@pytest.mark.parametrize("k,n", [(7, 20), (0, 10), (10, 10), (1, 1000)])
def test_wilson_matches_scipy(k, n):
    p = wilson(k, n)
    ci = st.binomtest(k, n).proportion_ci(method="wilson")
    assert (p.low, p.high) == pytest.approx((ci.low, ci.high), abs=1e-12)
    assert 0.0 <= p.low <= p.estimate <= p.high <= 1.0


def test_clopper_pearson_matches_scipy():
    p = clopper_pearson(7, 20)
    ci = st.binomtest(7, 20).proportion_ci(method="exact")
    assert (p.low, p.high) == pytest.approx((ci.low, ci.high))


def test_mean_from_moments_matches_numpy():
    x = np.random.default_rng(1).normal(3, 2, 1000)
    m = mean(x)
    assert m.estimate == pytest.approx(x.mean())
    assert m.se == pytest.approx(x.std(ddof=1) / np.sqrt(len(x)))
    assert mean_from_moments(1, 5.0, 25.0).se == 0.0


def test_runner_reraises_an_interrupt_before_any_chunk_finished(tmp_path):
    def chunk(seed, start, count):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(chunk, 100, 1, tmp_path, workers=1, chunk_size=10, progress=False)
    assert not list(tmp_path.glob("*.parquet")) and not list(tmp_path.glob(".part-*"))


def test_an_interrupt_abandons_running_chunks_instead_of_waiting(tmp_path):
    """Chunk 10 is still running when the interrupt comes (chunk 20 raises it once chunk 10
    has started): the run returns marked interrupted while chunk 10 still runs."""
    started, release, state = threading.Event(), threading.Event(), {}

    def chunk(seed, start, count):
        if start == 10:
            started.set()
            state["ended"] = release.wait(120)  # a bound on a broken runner, not a timing
        if start == 20:
            started.wait()
            raise KeyboardInterrupt
        return _toy_chunk(seed, start, count)

    try:
        res = run(chunk, 100, 1, tmp_path, workers=2, chunk_size=10, progress=False)
        assert "ended" not in state  # returned while chunk 10 was running
        assert runner.abandoned()
    finally:
        release.set()
    assert res.interrupted and res.games_done >= 10
    games = res.scan().collect()["game"].to_list()
    assert len(games) == res.games_done and 0 in games and 10 not in games and 20 not in games
    for t in list(backends._Pool.abandoned):
        t.join()
    assert not runner.abandoned()
    assert not list(tmp_path.glob(".part-*"))


def test_a_backend_runs_again_after_abandoning_a_chunk(tmp_path):
    """After an interrupt left a chunk running in one of its threads, the next run on the
    same backend still has all its workers (both chunks of the second run meet at once)."""
    started, release = threading.Event(), threading.Event()

    def stuck(seed, start, count):
        if start == 10:
            started.set()
            release.wait(120)
        if start == 20:
            started.wait()
            raise KeyboardInterrupt
        return _toy_chunk(seed, start, count)

    meet = threading.Barrier(2)

    def together(seed, start, count):
        if count == 10:
            meet.wait(120)  # both workers at once, or BrokenBarrierError
        return _toy_chunk(seed, start, count)

    try:
        with runner.using(LocalBackend()):
            first = run(stuck, 40, 1, tmp_path / "a", workers=2, chunk_size=10, progress=False)
            assert first.interrupted and 10 not in first.scan().collect()["game"].to_list()
            second = run(together, 20, 1, tmp_path / "b", workers=2, chunk_size=10)
    finally:
        release.set()
    assert second.games_done == 20 and not second.interrupted


def test_the_warm_up_plays_one_game_before_the_clock_starts(tmp_path):
    calls = []

    def chunk(seed, start, count):
        calls.append((start, count))
        return _toy_chunk(seed, start, count)

    res = run(chunk, 25, 1, tmp_path, workers=1, chunk_size=10, progress=False)
    assert calls == [(0, 1), (0, 10), (10, 10), (20, 5)]
    assert res.scan().collect()["game"].to_list() == list(range(25))  # its game is not kept


class _Told:
    """A progress factory that records what the runner tells it."""

    def __init__(self):
        self.compiling_told, self.bars = [], 0

    def __call__(self, total, label):
        self.bars += 1
        return runner._NoBar()

    def compiling(self, package):
        self.compiling_told.append(package)


def test_compiling_is_told_only_when_numba_compiles(tmp_path):
    import numba

    @numba.njit(cache=False)
    def double(x):
        return x * 2

    def chunk(seed, start, count):
        idx = np.arange(start, start + count, dtype=np.int64)
        return {"game": idx, "x": double(idx)}

    told = _Told()
    run(chunk, 20, 1, tmp_path / "a", workers=1, chunk_size=10, progress=told)
    assert told.compiling_told == [None] and told.bars == 1  # compiled: told, then the bar
    run(chunk, 20, 1, tmp_path / "b", workers=1, chunk_size=10, progress=told)
    assert told.compiling_told == [None] and told.bars == 2  # compiled already: nothing said


def test_a_program_leaves_while_an_abandoned_chunk_runs(tmp_path):
    """The API leaves a chunk still running after an interrupt to itself: the program's
    exit does not wait for it (a chunk that never ends would otherwise hang it)."""
    script = f"""
import threading
import numpy as np
from tableodds.sim.core.runner import abandoned, run

never = threading.Event()

def chunk(seed, start, count):
    if start == 10:
        never.wait()
    if start == 20:
        raise KeyboardInterrupt
    return {{"game": np.arange(start, start + count)}}

res = run(chunk, 100, 1, {str(tmp_path)!r}, workers=2, chunk_size=10, progress=False)
print(res.interrupted, res.games_done, abandoned(), flush=True)
"""
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr
    interrupted, done, left = proc.stdout.split()
    assert interrupted == "True" and int(done) >= 10 and left == "True"


def test_a_signal_whose_exception_was_swallowed_still_stops_the_run(tmp_path):
    """The CLI's handlers set ``signals.requested`` as well as raising KeyboardInterrupt: a
    run sees the flag even when some code swallowed the exception."""
    from tableodds.sim.core import signals

    calls = []

    def chunk(seed, start, count):
        calls.append(start)
        if start == 20:
            signals.requested.set()  # as the handler does; no exception reaches the runner
        return _toy_chunk(seed, start, count)

    try:
        res = run(chunk, 1000, 1, tmp_path / "a", workers=1, chunk_size=10, progress=False)
        assert res.interrupted and 20 <= res.games_done < 1000
        assert max(calls) < 990  # stopped scheduling long before the end
        with pytest.raises(KeyboardInterrupt):  # and no later run starts
            run(_toy_chunk, 10, 1, tmp_path / "b", workers=1, chunk_size=10, progress=False)
    finally:
        signals.requested.clear()


def test_each_run_puts_the_clis_sigint_handler_back_in_front(tmp_path):
    """Polars hooks SIGINT when imported, and its flag, left over from the signal, aborted the
    summary of an interrupted run at random; the runner re-installs the CLI's handler (which
    puts Python's own C handler back at the OS level) before each run."""
    import signal

    from tableodds.sim.core import signals

    def cli_handler(signum, frame):
        raise KeyboardInterrupt

    before = signal.getsignal(signal.SIGINT)
    signals.sigint = cli_handler
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # stands for another hook in front
        run(_toy_chunk, 10, 1, tmp_path, workers=1, chunk_size=10, progress=False)
        assert signal.getsignal(signal.SIGINT) is cli_handler
    finally:
        signals.sigint = None
        signal.signal(signal.SIGINT, before)


def test_a_second_interrupt_while_summarising_says_so(monkeypatch, capsys):
    """The first Ctrl-C is taken by the runner (the finished games are summarised); a second
    one stops that too, and the line says it came again, not that no game finished."""
    import signal

    from tableodds.reports import driver
    from tableodds.reports.cli import main

    def run_and_save(*args, **kwargs):
        try:
            signal.raise_signal(signal.SIGINT)  # the first: the runner keeps what finished
        except KeyboardInterrupt:
            pass
        # raise_signal signals this thread, so the handler runs before the next line
        signal.raise_signal(signal.SIGINT)  # the second, while summarising

    monkeypatch.setattr(driver, "run_and_save", run_and_save)
    # as a program started from a terminal: Python's own SIGINT handler, which the CLI replaces
    # (an inherited SIG_IGN, or a handler an earlier test left, it would keep)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(SystemExit) as e:
            main(["boss", "length", "--games", "10"])
    finally:
        signal.signal(signal.SIGINT, previous)
    assert e.value.code == 130
    assert "interrupted again before the results were ready; nothing written" in (
        capsys.readouterr().err
    )
