"""Where the first answer's time goes: each game's first command from an empty numba cache.

Each command runs in a fresh process with ``NUMBA_CACHE_DIR`` set to a new empty folder,
as a new user's first run does.  numba's event API (``numba:compile`` for each function it
compiles, ``numba:run_pass`` for each compiler pass) is recorded there; the time of an
event less the events nested in it is its own.  The table gives, per command, the wall time
from start to exit, the seconds numba spent compiling, the peak memory, then the same
command again on the now-filled cache (the second run a user makes); ``--functions N``
lists the N functions that took longest to compile, with their own seconds (what their
callees took left out) and how often they were compiled (once per type signature).

Usage: python scripts/bench_compile.py [--only GAME ...] [--functions N] [--passes]
       [--report] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

# each game's first command, as a new user types it (the README's questions, at 200 games)
FIRST = {
    "davos": ["davos", "goals", "--players", "4"],
    "1844": ["1844", "train-rush", "--players", "5"],
    "davoserjas": ["davoserjas", "simulate", "--players", "4"],
    "borgia": ["borgia", "simulate", "--players", "4"],
    "boss": ["boss", "simulate", "--players", "4"],
}
GAMES = ["--games", "200"]


class _Recorder:
    """Own and inclusive seconds per compiled function and per compiler pass, from numba's
    start and end events (one stack per thread: an event's own time leaves out those nested
    in it)."""

    def __init__(self):
        self.stacks = defaultdict(list)
        self.functions = defaultdict(lambda: [0.0, 0.0, 0])  # own, inclusive, compiles
        self.passes = defaultdict(float)  # pass name -> own seconds
        self.total = 0.0  # seconds inside outermost compile events

    def listener(self, kind):
        from numba.core import event

        rec = self

        class Listener(event.Listener):
            def on_start(self, ev):
                # kind, data, start, seconds in nested events, seconds in nested compiles
                frame = [kind, ev.data, time.perf_counter(), 0.0, 0.0]
                rec.stacks[threading.get_ident()].append(frame)

            def on_end(self, ev):
                stack = rec.stacks[threading.get_ident()]
                k, data, start, nested, compiles = stack.pop()
                took = time.perf_counter() - start
                if stack:
                    stack[-1][3] += took
                    stack[-1][4] += took if k == "numba:compile" else compiles
                if k == "numba:compile":
                    if not any(s[0] == k for s in stack):
                        rec.total += took
                    fn = data["dispatcher"].py_func
                    row = rec.functions[f"{fn.__module__}.{fn.__qualname__}"]
                    row[0] += took - compiles
                    row[1] += took
                    row[2] += 1
                elif k == "numba:llvm_lock":
                    rec.passes["LLVM (optimise, link, machine code)"] += took - nested
                else:
                    rec.passes[data["name"].split(" [")[0]] += took - nested

        return Listener()


def child(out: str, argv: list[str]) -> None:
    """Run ``tableodds ARGV`` here with the recorder on, then write what it saw to ``out``."""
    from numba.core import event

    rec = _Recorder()
    for kind in ("numba:compile", "numba:run_pass", "numba:llvm_lock"):
        event.register(kind, rec.listener(kind))
    from tableodds.reports.cli import main

    code = 0
    try:
        main(argv)
    except SystemExit as e:
        code = e.code or 0
    Path(out).write_text(
        json.dumps(
            {
                "status": code,
                "compile_s": rec.total,
                "functions": {k: v for k, v in rec.functions.items()},
                "passes": dict(rec.passes),
            }
        )
    )


def measure(argv: list[str], cache: str) -> dict:
    """``tableodds ARGV`` in a fresh process on the numba cache folder ``cache``."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "events.json"
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        start = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        done = subprocess.run(
            [sys.executable, __file__, "--child", str(out), "--", *argv],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
        wall = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        if done.returncode or not out.exists():
            sys.exit(f"bench_compile: tableodds {' '.join(argv)} failed:\n{done.stderr[-2000:]}")
        seen = json.loads(out.read_text())
    # ru_maxrss of children is the largest child so far: only a new high is this run's own
    seen.update(wall_s=wall, peak_mb=peak / 1024 if peak > before else None)
    return seen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="+", choices=list(FIRST), help="these games only")
    ap.add_argument("--functions", type=int, default=0, metavar="N", help="the N slowest")
    ap.add_argument("--passes", action="store_true", help="seconds per numba compiler pass")
    ap.add_argument("--report", action="store_true", help="also `tableodds report` (minutes)")
    ap.add_argument("--json", type=Path, help="write every measurement here")
    args = ap.parse_args()
    runs = {g: FIRST[g] + GAMES for g in args.only or FIRST}
    rows, every = [], {}
    for name, argv in runs.items():
        with tempfile.TemporaryDirectory() as cache:
            cold = measure(argv, cache)
            warm = measure(argv, cache)
        every[name] = {"argv": argv, "cold": cold, "warm": warm}
        rows.append((name, argv, cold, warm))
    if args.report:
        with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as out:
            argv = ["report", "--out", str(Path(out) / "report")]
            cold = measure(argv, cache)
        every["report"] = {"argv": argv, "cold": cold}
        rows.append(("report", ["report"], cold, None))
    print("# from an empty numba cache, start to exit; then again on the filled cache")
    print(f"{'command':<44} {'wall':>8} {'compile':>8} {'peak':>8} {'2nd run':>8}")
    for _, argv, cold, warm in rows:
        peak = f"{cold['peak_mb']:.0f} MB" if cold["peak_mb"] else "-"
        second = f"{warm['wall_s']:.1f} s" if warm else "-"
        command = "tableodds " + " ".join(a for a in argv if a not in GAMES)
        print(
            f"{command:<44} {cold['wall_s']:>6.1f} s {cold['compile_s']:>6.1f} s {peak:>8} "
            f"{second:>8}"
        )
    for name, _, cold, _ in rows:
        if args.functions:
            print(f"\n# {name}: the {args.functions} functions that took longest to compile")
            print(f"{'own s':>7} {'with callees':>12} {'compiles':>8}  function")
            top = sorted(cold["functions"].items(), key=lambda kv: -kv[1][0])
            for fn, (own, incl, n) in top[: args.functions]:
                print(f"{own:7.1f} {incl:12.1f} {n:8d}  {fn.removeprefix('tableodds.sim.')}")
            print(f"({len(cold['functions'])} functions compiled)")
        if args.passes:
            print(f"\n# {name}: own seconds per compiler pass")
            for p, s in sorted(cold["passes"].items(), key=lambda kv: -kv[1])[:12]:
                print(f"{s:7.1f}  {p}")
    if args.json:
        args.json.write_text(json.dumps(every, indent=1))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[4:])
    else:
        main()
