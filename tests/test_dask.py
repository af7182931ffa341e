"""The Dask backend: real local clusters give the same bytes as the thread pool here."""

import functools
import importlib
import os
import signal

import pytest
from click.testing import CliRunner
from distributed import Client, LocalCluster

from tableodds.reports.cli import cli, main
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.runner import DaskBackend, LocalBackend, make_backend, run
from tableodds.sim.registry import games

GAMES = {g.name: g for g in games()}


@pytest.fixture(scope="module")
def cluster():
    """Two single-threaded worker processes, each under a nanny that restarts it if killed."""
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as c:
        yield c


def _chunk(name, players):
    game = GAMES[name]
    return functools.partial(game.simulate_chunk, game.settings(players))


def _parts(path):
    return {p.name: p.read_bytes() for p in sorted(path.glob("part-*.parquet"))}


def _run(chunk, backend, path, games=600, chunk_size=50, workers=2):
    return run(
        chunk,
        games,
        11,
        path,
        workers=workers,
        chunk_size=chunk_size,
        progress=False,
        backend=backend,
    )


@pytest.mark.parametrize("name,players", [("davoserjas", 5), ("boss", 4), ("borgia", 3)])
def test_cluster_parts_are_bit_identical_to_local(cluster, tmp_path, name, players):
    chunk = _chunk(name, players)
    local = _run(chunk, LocalBackend(), tmp_path / "local")
    backend = DaskBackend(cluster.scheduler_address)
    try:
        dask = _run(chunk, backend, tmp_path / "dask")
    finally:
        backend.close()
    assert dask.games_done == local.games_done == 600 and not dask.interrupted
    assert dask.workers == 2
    assert _parts(tmp_path / "dask") == _parts(tmp_path / "local")
    assert len(_parts(tmp_path / "local")) == 12


def test_each_worker_compiles_the_kernel_once(cluster, tmp_path):
    backend = DaskBackend(cluster.scheduler_address)
    try:
        _run(_chunk("davoserjas", 4), backend, tmp_path, games=400, chunk_size=10)
        # 40 chunks, one compiled kernel per process: the module's dispatcher was reused,
        # not rebuilt from a pickled copy for each chunk.
        counts = backend.client.run(
            lambda: len(
                importlib.import_module("tableodds.sim.davoserjas.kernel").simulate.signatures
            )
        )
    finally:
        backend.close()
    # at most one each (a worker a busy machine left without a chunk compiled nothing)
    assert set(counts.values()) <= {0, 1} and 1 in counts.values()


def test_a_worker_killed_mid_run_changes_nothing(tmp_path):
    chunk = _chunk("boss", 5)
    games, size = 4000, 20
    _run(chunk, LocalBackend(), tmp_path / "local", games=games, chunk_size=size)
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as c,
        Client(c) as client,
    ):
        pids = client.run(os.getpid)
        victim = max(pids.values())
        killed = {}

        class KillMidRun(DaskBackend):
            """Kills a worker from the driver itself once 20 parts are in: mid-run by
            construction (180 chunks are still to come), however busy the machine is."""

            collected = 0

            def result(self, future):
                value = super().result(future)
                KillMidRun.collected += 1
                if KillMidRun.collected == 20:
                    os.kill(victim, signal.SIGKILL)
                    killed["parts"] = KillMidRun.collected
                return value

        backend = KillMidRun(client=client)
        try:
            res = _run(chunk, backend, tmp_path / "dask", games=games, chunk_size=size)
        finally:
            backend.close()
        assert victim not in client.run(os.getpid).values()
    assert killed == {"parts": 20}
    assert res.games_done == games and not res.interrupted
    assert _parts(tmp_path / "dask") == _parts(tmp_path / "local")


def test_driver_keeps_two_chunks_per_worker_in_flight(cluster, tmp_path):
    class Counting(DaskBackend):
        most = 0

        def wait(self, pending, timeout):
            Counting.most = max(Counting.most, len(pending))
            return super().wait(pending, timeout)

    backend = Counting(cluster.scheduler_address)
    try:
        _run(_chunk("davoserjas", 4), backend, tmp_path, games=300, chunk_size=5)
    finally:
        backend.close()
    assert 1 <= Counting.most <= 4


def test_cli_backend_dask_prints_what_local_prints(cluster):
    runner = CliRunner()
    args = [
        "boss",
        "simulate",
        "--players",
        "3",
        "--games",
        "3000",
        "--chunk-size",
        "500",
        "--json",
    ]
    local = runner.invoke(cli, args)
    dask = runner.invoke(cli, args + ["--scheduler", cluster.scheduler_address])
    assert local.exit_code == dask.exit_code == 0, dask.output
    varies = ('"seconds"', '"games_per_s"', '"workers"', '"backend"')  # how, not what

    def strip(text):
        return [line for line in text.splitlines() if not any(v in line for v in varies)]

    assert strip(dask.output) == strip(local.output)
    assert '"backend": "dask"' in dask.output


def test_backend_options_refuse_nonsense(monkeypatch, capsys):
    with pytest.raises(InputError, match="--scheduler needs --backend dask"):
        make_backend("local", "tcp://127.0.0.1:1")
    with pytest.raises(InputError, match="--workers does not apply to a running cluster"):
        make_backend(None, "tcp://127.0.0.1:1", 4)
    assert isinstance(make_backend(None, None), LocalBackend)
    assert isinstance(make_backend("dask", None, 4), DaskBackend)
    monkeypatch.setattr(DaskBackend, "timeout", 1)
    with pytest.raises(SystemExit) as e:
        main(["boss", "simulate", "--games", "10", "--scheduler", "tcp://127.0.0.1:1"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("tableodds: error: cannot reach the Dask scheduler at tcp://127.0.0.1:1")
    assert len(err.splitlines()) == 1


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 4])
def test_every_game_is_bit_identical_on_1_and_4_workers(tmp_path, workers):
    with (
        LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as c,
        Client(c) as client,
    ):
        for game in GAMES.values():
            chunk = _chunk(game.name, game.players.start + 1)
            local = tmp_path / game.name / "local"
            _run(chunk, LocalBackend(), local, games=400)
            _run(chunk, DaskBackend(client=client), tmp_path / game.name / "dask", games=400)
            assert _parts(tmp_path / game.name / "dask") == _parts(local), game.name
