"""Re-run every ``$ tableodds ...`` example of README.md and docs/*.md; put the real output in place.

A ```text block whose first line starts with ``$ tableodds`` is an example (those that need a
running Dask scheduler, and the benchmarks' ``$ python scripts/`` blocks, are left as measured): each ``$`` line is run from a scratch folder holding the files the examples use, and
the lines after it become that command's output.  Where the README shows only the head of an
output (the block's part ends with ``...``, or is much shorter than the output), the same
number of lines is kept and ``...`` added.  Usage: python scripts/readme_examples.py [--only WORD]
"""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"```(text)?\n(\$ (?:tableodds|python scripts/)[^\n]*\n.*?)```", re.S)


def run(command: str, cwd: Path) -> str:
    if command.startswith("python scripts/"):
        command = f"{shlex.quote(sys.executable)} {ROOT}/{command.removeprefix('python ')}"
    proc = subprocess.run(command, shell=True, cwd=cwd, capture_output=True, text=True, timeout=900)
    return (proc.stdout + proc.stderr).rstrip("\n")


def redo(block: str, cwd: Path) -> str:
    parts = re.split(r"(?m)^(\$ [^\n]*)\n?", block)
    out = []
    for i in range(1, len(parts), 2):
        command, shown = parts[i], parts[i + 1].rstrip("\n").split("\n") if parts[i + 1] else []
        if command.startswith("$ cat ") and not (cwd / command[6:]).exists():
            (cwd / command[6:]).write_text("\n".join(shown) + "\n")  # the file it shows
        fresh = run(command[2:], cwd).split("\n") if command else []
        if shown and shown[-1].strip() == "...":
            fresh = fresh[: len(shown) - 1] + ["..."]
        elif len(shown) > 1 and len(fresh) > len(shown) + 2:  # an abbreviated output
            fresh = fresh[: max(len(shown), 1)] + ["..."]
        out.append("\n".join([command, *fresh]).rstrip("\n"))
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default=None, help="only blocks whose text contains WORD")
    ap.add_argument("--skip", default=None, help="leave blocks whose text contains WORD")
    args = ap.parse_args()
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        redo_page(page, args)


def redo_page(page: Path, args) -> None:
    text = page.read_text("utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        cwd = Path(tmp)
        (cwd / "sim").symlink_to(ROOT / "sim")  # examples name packaged files by their path

        def swap(m: re.Match) -> str:
            block = m.group(2)
            if args.only and args.only not in block:
                return m.group(0)
            if args.skip and args.skip in block:
                return m.group(0)
            if "--scheduler" in block or "$ python scripts/" in block:
                return m.group(0)  # needs a running cluster, or a benchmark: measured by hand
            print(block.split("\n", 1)[0], file=sys.stderr, flush=True)
            return f"```{m.group(1) or ''}\n" + redo(block, cwd) + "```"

        text = BLOCK.sub(swap, text)
    page.write_text(text, "utf-8")


if __name__ == "__main__":
    main()
