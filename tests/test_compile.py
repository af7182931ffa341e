"""Compiling: once per version of the sources wherever they are installed, said once while it
happens, and kept where `tableodds cache` shows it."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


_COMPILES = """
import sys
import time
from numba.core import event
seen = []
class L(event.Listener):
    def on_start(self, ev): seen.append(ev.data["dispatcher"].py_func.__qualname__)
    def on_end(self, ev): pass
event.register("numba:compile", L())
import tableodds.sim.core.rng as rng
from tableodds.sim.core import cache
rng.stream_head(1, 2, 3)
print(rng.__file__); print(cache.folder("core")); print(",".join(seen))
"""


def _compiles(env: dict, tree: Path | None = None) -> tuple[str, str, str]:
    """(the rng module's file, core's cache folder, the functions numba compiled) in a fresh
    process, on the installed sources or on those of ``tree``."""
    clean = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    if tree is not None:
        clean["PYTHONPATH"] = str(tree)
    out = subprocess.run(
        [sys.executable, "-c", _COMPILES], env={**clean, **env}, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return tuple((out.stdout.splitlines() + [""])[:3])


def test_a_kernel_compiles_once_for_every_install_of_the_same_sources(tmp_path):
    # numba keys its own cache by where a file lies: an install that moves the code (pip
    # install . then -e .) compiled every kernel again
    spec = importlib.util.spec_from_file_location("ba", ROOT / "scripts" / "bench_against.py")
    bench_against = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench_against)
    import_root = bench_against.import_root  # a tree importable as tableodds, no install
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    here, folder, compiled = _compiles(env)
    assert "stream_head" in compiled.split(",")
    version = Path(folder).parent
    assert version.parent == tmp_path / "cache" / "tableodds" / "numba"
    assert (
        Path(folder).name.startswith("core-") and (Path(folder) / "tableodds-cache.json").exists()
    )
    assert _compiles(env)[2] == ""  # loaded, not compiled

    copy = tmp_path / "copy"  # the same sources elsewhere, as another install
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".git", ".ci", "__pycache__"))
    there, folder2, compiled2 = _compiles(env, import_root(copy, tmp_path / "root"))
    assert (
        Path(there).resolve().is_relative_to(copy) and Path(here).resolve() != Path(there).resolve()
    )
    assert (folder2, compiled2) == (folder, "")

    (copy / "sim" / "core" / "rng.py").write_text(
        (copy / "sim" / "core" / "rng.py").read_text() + "\n# an edit\n"
    )
    _, folder3, compiled3 = _compiles(env, import_root(copy, tmp_path / "root3"))
    assert folder3 != folder and "stream_head" in compiled3.split(",")  # edited: compiled anew
    mine = tmp_path / "mine"
    assert Path(_compiles({"NUMBA_CACHE_DIR": str(mine)})[1]).parent.parent == mine


def _tableodds(args: list[str], cache: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    return subprocess.run(
        [sys.executable, "-m", "tableodds.reports.cli", *args],
        env={**env, "NUMBA_CACHE_DIR": str(cache)},
        capture_output=True,
        text=True,
    )


def test_a_first_compile_says_so_once_on_stderr_also_when_piped(tmp_path):
    cache = tmp_path / "kernels"
    run = ["boss", "simulate", "--games", "20", "-w", "1"]
    first = _tableodds(run, cache)
    assert first.returncode == 0, first.stderr
    lines = first.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tableodds: compiling the boss kernels, about")
    again = _tableodds(run, cache)
    assert again.returncode == 0 and again.stderr == ""  # loaded from the cache: nothing said
    assert again.stdout.splitlines()[1:] == first.stdout.splitlines()[1:]  # all but the timing
    listing = _tableodds(["cache"], cache).stdout
    assert str(cache) in listing
    boss = next(line.split() for line in listing.splitlines() if line.split()[:1] == ["boss"])
    assert int(boss[3]) > 0 and boss[-1] == "current"


def test_prune_removes_only_folders_it_made_from_other_sources(tmp_path):
    cache = tmp_path / "kernels"
    old = cache / "0.0.1" / "boss-0123456789abcdef"
    old.mkdir(parents=True)
    (old / "kernel.simulate-1.py311.nbi").write_bytes(b"x" * 10)
    meta = {"package": "boss", "version": "0.0.1", "digest": "0123456789abcdef"}
    (old / "tableodds-cache.json").write_text(json.dumps(meta))
    theirs = cache / "0.0.1" / "notes"  # a folder tableodds did not make
    theirs.mkdir()
    (theirs / "keep.txt").write_text("mine")
    listing = _tableodds(["cache"], cache).stdout
    assert "other sources (--prune removes it)" in listing
    pruned = _tableodds(["cache", "--prune"], cache)
    assert pruned.returncode == 0 and f"removed {old}" in pruned.stdout
    assert not old.exists() and (theirs / "keep.txt").read_text() == "mine"


def test_the_report_clock_leaves_compile_time_out_of_the_time_left(monkeypatch):
    from types import SimpleNamespace

    from tableodds.reports import progress
    from tableodds.sim.core.compiling import Watch

    watch, now = Watch.install(), [100.0]
    compiled = [0.0]
    monkeypatch.setattr(progress.time, "perf_counter", lambda: now[0])
    monkeypatch.setattr(watch, "seconds_now", lambda: compiled[0])
    clock = progress._clock()
    task = SimpleNamespace(completed=0, total=4)
    assert str(clock.render(task)) == "elapsed 0:00:00 · left ?"
    now[0], compiled[0], task.completed = 160.0, 40.0, 1  # a minute, 40 s of it compiling
    assert str(clock.render(task)) == "elapsed 0:01:00 · left 0:01:00"  # 20 s a step, 3 to go


_TWICE = """
import sys
import time
from numba import int64
from numba.core import event
from tableodds.sim.core.jit import entry, lock_path

@entry
def triple(x):
    return x * 3

if sys.argv[1] == "lock":
    print(lock_path(triple, (int64,)))
    raise SystemExit
compiled = []

class Heard(event.Listener):
    def on_start(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__name__)

    def on_end(self, ev):
        pass

event.register("numba:compile", Heard())
open(sys.argv[1], "w").close()  # ready: what it waits on now is the lock
assert triple(7) == 21
print(compiled.count("triple"))
"""


def test_two_processes_that_need_one_kernel_compile_it_once(tmp_path):
    """Both wait while the kernel's compile lock is held; once it is let go one compiles
    and the other loads what that one wrote (without the lock, both compile)."""
    import fcntl

    script = tmp_path / "twice.py"
    script.write_text(_TWICE)
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}

    def start(*args, **kw):
        return subprocess.Popen([sys.executable, str(script), *args], env=env, text=True, **kw)

    out, _ = start("lock", stdout=subprocess.PIPE).communicate(timeout=120)
    path = Path(out.strip())
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        ready = [tmp_path / f"ready{k}" for k in range(2)]
        procs = [start(str(r), stdout=subprocess.PIPE) for r in ready]
        deadline = time.monotonic() + 120
        while not all(r.exists() for r in ready):
            assert time.monotonic() < deadline and all(p.poll() is None for p in procs)
            time.sleep(0.05)
        time.sleep(1.0)
        assert all(p.poll() is None for p in procs)  # both wait at the lock
    counts = sorted(int(p.communicate(timeout=120)[0]) for p in procs)
    assert counts == [0, 1]


_BOTH_ORDERS = """
import polars as pl
from tableodds.sim.registry import game

boss = game("boss")
for variants in ([], ["fixed-order"]):  # the open deal compiles here, the fixed order loads
    s = boss.settings(4, ["random", "shrewd", "patient", "shrewd"], variants)
    kernel = pl.DataFrame(boss.simulate_chunk(s, 5, 0, 20))
    assert kernel.equals(pl.DataFrame(boss.reference_chunk(s, 5, 0, 20))), variants
"""


def test_each_version_of_a_kernel_loads_its_own_code_from_the_cache(tmp_path):
    """Boss's game loop is made in two versions by one factory. Under one name, a process
    that compiled the open deal and loaded the fixed order (compiled by an earlier process)
    ran the open deal's code for it."""
    cache = tmp_path / "kernels"
    first = _tableodds(["boss", "length", "--variant", "fixed-order", "--games", "50"], cache)
    assert first.returncode == 0, first.stderr
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    second = subprocess.run(
        [sys.executable, "-c", _BOTH_ORDERS], env=env, capture_output=True, text=True
    )
    assert second.returncode == 0, second.stderr[-2000:]


def test_only_the_core_modules_a_kernel_imports_key_its_compiles(tmp_path):
    """An edit to the runner leaves every game's compiles alone; one to the random numbers,
    which every kernel imports, compiles them all again."""
    from tableodds.sim.core import cache
    from tableodds.sim.registry import PACKAGES

    sim = tmp_path / "sim"
    shutil.copytree(cache.SIM, sim, ignore=shutil.ignore_patterns("__pycache__"))

    packages = [module.rsplit(".", 1)[1] for module in PACKAGES.values()]

    def digests():
        return {g: cache.digest_of(g, sim) for g in packages}

    def edit(name):
        path = sim / "core" / name
        path.write_text(path.read_text("utf-8") + "\n# an edit\n", "utf-8")

    before = digests()
    assert before == {g: cache.digest(g) for g in packages}
    edit("runner.py")
    assert digests() == before
    edit("rng.py")
    after = digests()
    assert all(after[g] != before[g] for g in packages), (before, after)
