"""Every ``$ tableodds ...`` example of README.md and docs/*.md runs, at reduced sizes.

A ```text block whose first line starts with ``$ tableodds`` is an example; each ``$`` line is
run in a scratch folder (``sim/`` linked in, so packaged files are found by their path; a
``$ cat FILE`` the folder lacks is written from the lines shown).  Sizes are cut to at most
``CAP`` games, so the whole file stays quick.  The output is compared with the lines shown
(up to a ``...`` line, where the page shows only the head):

* at the documented size (nothing cut, or no games at all: calculators, templates, errors)
  line for line, with the run's time and games/s masked and a first compile's notice left out;
* at a reduced size, with every number masked (``#`` for each token that holds a digit):
  each line shown must be a line of the output, so headers, labels, row names and messages
  stay what the page says (rows may rank otherwise at another size).

Examples that need a running Dask scheduler (``--scheduler``) are left out; the full-size
outputs are refreshed with ``python scripts/readme_examples.py``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"```(?:text)?\n(\$ tableodds[^\n]*\n.*?)```", re.S)
CAP = 2_000  # games per example run
SIZE = re.compile(r"(--games|-n|--decks)(\s+|=)(\d+)")
TIMING = re.compile(r"· [\d.]+ s \([\d,]+ games/s\)")
NUMBER = re.compile(r"\S*\d\S*")


def examples():
    for page in PAGES:
        text = page.read_text("utf-8")
        for m in BLOCK.finditer(text):
            block = m.group(1)
            if "--scheduler" in block:
                continue
            line = text[: m.start()].count("\n") + 2
            yield pytest.param(block, id=f"{page.relative_to(ROOT)}:{line}")


def reduce(command: str) -> tuple[str, bool]:
    """The command with its sizes cut to CAP (and a tiny report), and whether it was cut."""
    cut = False

    def small(m: re.Match) -> str:
        nonlocal cut
        n = int(m.group(3))
        cap = CAP
        if n <= cap:
            return m.group(0)
        cut = True
        return f"{m.group(1)}{m.group(2)}{cap}"

    if "--decks" in command:  # its conclusions need every deck at the documented size
        return command, False
    command = SIZE.sub(small, command)
    if re.match(r"tableodds report\b", command) and "--scale" not in command:
        command, cut = command + " --scale 0.001 --workers 1", True
    return command, cut


def skeleton(line: str) -> str:
    """The line with each run of numbers as one ``#`` (a distribution lists more or fewer)."""
    return re.sub(r"#(?: #)+", "#", " ".join(NUMBER.sub("#", line).split()))


def compare(shown: list[str], fresh: list[str], cut: bool, command: str) -> None:
    """The shown lines, in runs between ``...`` lines: the first run is the output's head, each
    later run follows somewhere after the one before; without a trailing ``...`` the last
    run is the output's tail."""
    if cut:  # another size may rank rows otherwise: each line shown is a line of the output
        got = [skeleton(s) for s in fresh]
        missing = [s for s in shown if s.strip() != "..." and skeleton(s) not in got]
        assert not missing, (command, missing)
        return
    norm = lambda s: TIMING.sub("· T", s).rstrip()  # noqa: E731
    got = [norm(s) for s in fresh]
    runs, run = [], []
    for line in shown:
        if line.strip() == "...":
            runs.append(run)
            run = []
        else:
            run.append(norm(line))
    runs.append(run)
    if len(runs) == 1:
        assert got == runs[0], command
        return
    assert got[: len(runs[0])] == runs[0], command
    at = len(runs[0])
    for run in runs[1:]:
        if not run:
            continue
        found = next(
            (i for i in range(at, len(got) - len(run) + 1) if got[i : i + len(run)] == run), None
        )
        assert found is not None, (command, run)
        at = found + len(run)
    if runs[-1]:
        assert got[-len(runs[-1]) :] == runs[-1], command


@pytest.mark.parametrize("block", list(examples()))
def test_example(block, tmp_path):
    (tmp_path / "sim").symlink_to(ROOT / "sim")
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    env.pop("COLUMNS", None)
    parts = re.split(r"(?m)^\$ ([^\n]*)\n?", block)
    for i in range(1, len(parts), 2):
        command = parts[i]
        shown = parts[i + 1].rstrip("\n").split("\n") if parts[i + 1].strip() else []
        if command.startswith("cat ") and not (tmp_path / command[4:]).exists():
            (tmp_path / command[4:]).write_text("\n".join(shown) + "\n")
        command, cut = reduce(command)
        proc = subprocess.run(
            command, shell=True, cwd=tmp_path, capture_output=True, text=True, env=env, timeout=900
        )
        # a first compile's notice depends on the cache, not on the command (test_compile.py)
        stderr = "".join(
            x for x in proc.stderr.splitlines(True) if not x.startswith("tableodds: compiling ")
        )
        fresh = (proc.stdout + stderr).rstrip("\n").split("\n") if command else []
        if not shown:
            assert proc.returncode == 0, (command, proc.stderr)
            continue
        compare(shown, fresh, cut, command)
