"""``tableodds --help`` and every command's --help load no numpy, numba, polars or kernel: the
CLI imports a game's analyses only when one of its commands runs, and reads its options from
the numpy-free ``sim/<game>/options.py``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tableodds.analysis import registry
from tableodds.reports.cli.lazy import GROUPS, Lazy

# Runs --help of the given command path and, when it is a group, of each of its commands,
# then prints the heavy modules that were imported and the commands seen.
PROBE = """
import json, sys
import click
from tableodds.reports.cli import cli, main
HEAVY = ("numpy", "numba", "polars", "scipy", "matplotlib")

def helps(path):
    try:
        main([*path, "--help"])
    except SystemExit as e:
        assert e.code in (0, None), (path, e.code)

path = sys.argv[1:]
helps(path)
seen = [path]
ctx = click.Context(cli)
cmd = cli.get_command(ctx, path[0]) if path else cli
if path and isinstance(cmd, click.Group):
    for name in cmd.list_commands(ctx):
        helps([*path, name])
        seen.append([*path, name])
heavy = sorted({m.split(".")[0] for m in sys.modules if m.split(".")[0] in HEAVY}
               | {m for m in sys.modules if m.rsplit(".", 1)[-1].startswith("kernel")})
print(json.dumps({"heavy": heavy, "seen": seen}))
"""


@pytest.mark.parametrize("path", [[], *([g] for g in GROUPS), ["report"], ["cheatsheet"]])
def test_help_loads_no_numpy_numba_polars_or_kernel(path):
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *path], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout.strip().splitlines()[-1])
    assert doc["heavy"] == [], f"tableodds {' '.join(path)} --help imported {doc['heavy']}"
    if path and path[0] in GROUPS:
        assert len(doc["seen"]) > 2  # the group and its commands


def test_the_probe_can_fail():
    # running a command (not its help) does load the kernels, and the probe would see them
    code = PROBE.replace('main([*path, "--help"])', "import tableodds.sim.boss.kernel")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "numba" in json.loads(out.stdout.strip().splitlines()[-1])["heavy"]
    # and a game's rules (numpy arrays), which the options once came from, would be seen too
    code = PROBE.replace('main([*path, "--help"])', "import tableodds.sim.boss.rules")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "numpy" in json.loads(out.stdout.strip().splitlines()[-1])["heavy"]


def test_help_texts_read_from_the_source_are_the_docstrings():
    """The help read with ast is each analysis function's own docstring."""
    import importlib
    import inspect

    names = sorted({e.module for e in registry.entries()})
    checked = 0
    for name in names:
        real = importlib.import_module(name)
        for attr, fn in vars(real).items():
            if inspect.isfunction(fn) and fn.__module__ == name and fn.__doc__:
                assert Lazy(name, attr).__doc__ == fn.__doc__, f"{name}.{attr}"
                checked += 1
    assert checked > 10
