"""Benchmarks of this tree and of an earlier commit, side by side in one run.

Each tree's ``scripts/bench_<game>.py`` runs in its own process, the two trees
taking turns ``--rounds`` times so that load on the machine falls on both alike;
rows are matched by case name and the table shows each tree's best kernel rate
and their ratio (this tree / the commit). Rates are per CPU second on one thread.

Usage: python scripts/bench_against.py REV [--only GAME] [--seconds S] [--rounds R]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tableodds.sim.core.bench import game_benches

ROOT = Path(__file__).resolve().parent.parent
# Where each part of the tableodds package lives in a checkout (pyproject's package-dir).
PARTS = {"sim": "sim", "analysis": "analysis", "reports": "reports"}
RUN_ONE = """
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("b", sys.argv[1])
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
print(json.dumps(m.bench(float(sys.argv[2]))))
"""


def import_root(tree: Path, into: Path) -> Path:
    """A folder that makes ``import tableodds`` load ``tree``'s sources, with no install."""
    package = into / "tableodds"
    package.mkdir(parents=True)
    for f in (tree / "reports" / "api").iterdir():
        (package / f.name).symlink_to(f)
    for name, folder in PARTS.items():
        (package / name).symlink_to(tree / folder)
    return into


def run_tree(root: Path, script: Path, seconds: float) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=str(root), NUMBA_NUM_THREADS="1")
    out = subprocess.run(
        [sys.executable, "-c", RUN_ONE, str(script), str(seconds)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode:
        sys.exit(f"bench_against: {script} failed:\n{out.stderr.strip().splitlines()[-1]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the earlier commit, e.g. HEAD~1 or a hash")
    ap.add_argument("--only", default=None, help="one game's benchmarks, e.g. boss")
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU time per measurement")
    ap.add_argument("--rounds", type=int, default=2, help="turns each tree takes")
    args = ap.parse_args()
    # the commit's tree and its import root stay in one folder per commit, so that a second
    # run finds the commit's kernels in numba's cache (an old tree's cache may be keyed by path;
    # this tree's is keyed by its sources, sim/core/cache.py)
    sha = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", args.rev], capture_output=True, text=True, check=True
    ).stdout.strip()
    kept = Path(tempfile.gettempdir()) / "tableodds-bench-trees" / sha
    old = kept / "tree"
    if not (kept / "ready").exists():
        shutil.rmtree(kept, ignore_errors=True)
        old.mkdir(parents=True)
        subprocess.run(
            f"git -C {ROOT} archive {sha} | tar -x -C {old}",
            shell=True,
            check=True,
            executable="/bin/bash",
        )
        import_root(old, kept / "root")
        (kept / "ready").touch()
    trees = {"this": ROOT, args.rev: old}
    best: dict[str, dict[str, float]] = {k: {} for k in trees}
    with tempfile.TemporaryDirectory() as tmp:
        roots = {"this": import_root(ROOT, Path(tmp) / "root"), args.rev: kept / "root"}
        for _ in range(args.rounds):
            for key, tree in trees.items():
                for _, script in game_benches(tree / "scripts", args.only):
                    for row in run_tree(roots[key], script, args.seconds):
                        b = best[key]
                        b[row["case"]] = max(b.get(row["case"], 0.0), row["kernel_per_s"])
    new, base = best["this"], best[args.rev]
    print(f"{'case':<52} {'this/s':>12} {args.rev[:10] + '/s':>12} {'ratio':>7}")
    for name in list(new) + [n for n in base if n not in new]:
        a, b = new.get(name), base.get(name)
        ratio = f"{a / b:.2f}" if a and b else "-"
        a = f"{a:,.0f}" if a else "-"
        b = f"{b:,.0f}" if b else "-"
        print(f"{name:<52} {a:>12} {b:>12} {ratio:>7}")


if __name__ == "__main__":
    main()
