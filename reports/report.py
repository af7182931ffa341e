"""``tableodds report``: every game's default analyses on one HTML page.

Each game contributes ``tableodds.reports.<package>.section(book)``: it runs its analyses
through ``book.analyse`` (each into its own folder ``<game>/<name>/`` with ``run.json``,
tables, plots and records, the same files as the command's ``--out``) and returns an HTML
fragment whose captions quote those results' own run facts.  After the games come the
cheat sheets and a worked scoring example per game.  The whole report is one stop scope:
the first Ctrl-C or SIGTERM stops it, and the page shows what finished, marked
INTERRUPTED.
"""
from __future__ import annotations

import html
import importlib
import importlib.util
import json
import tempfile
from importlib.metadata import version
from pathlib import Path

from tableodds.analysis.result import SCHEMA_VERSION, Result
from tableodds.reports.cheatsheets import builders
from tableodds.reports.html import page, scaled
from tableodds.reports.output import OutFolder, write_result, write_text
from tableodds.reports.sheet import write_sheet
from tableodds.sim.core.runner import RunPlan, stop_scope
from tableodds.sim.registry import PACKAGES


class Stopped(Exception):
    """The report was interrupted: no further analysis runs."""


class Book:
    """The report being built: where each analysis writes, and what has run."""

    def __init__(self, root: Path, scale: float, seed: int, workers: int | None):
        self.root, self.scale, self.seed, self.workers = root, scale, seed, workers
        self.results: dict[str, Result] = {}
        self.stopped = False

    def size(self, n: int, least: int = 1000) -> int:
        return scaled(n, self.scale, least)

    def analyse(self, folder: str, analysis, games: int, chunk_size: int | None = None,
                **settings) -> Result:
        """``analysis(plan, **settings)`` into ``folder``; its files written beside it."""
        if self.stopped:
            raise Stopped
        if folder in self.results:
            raise ValueError(f"two analyses of the report write {folder}")
        plan = RunPlan(games, self.seed, self.workers, chunk_size, progress=False,
                       records=self.root / folder / "records")
        try:
            result = analysis(plan, **settings)
        except KeyboardInterrupt:
            self.stopped = True
            raise Stopped from None
        write_result(result, self.root / folder)
        self.results[folder] = result
        self.stopped = result.interrupted
        return result

    def link(self, folder: str, name: str, kind: str = "csv") -> str:
        return f'<a href="{html.escape(folder)}/{html.escape(name)}.{kind}">{kind.upper()}</a>'


def facts(result: Result) -> str:
    """A caption's run facts, from the result itself (so they match its run.json)."""
    parts = []
    for r in result.runs.values():
        stop = f", INTERRUPTED at {r.games_done:,} of {r.games:,}" if r.interrupted else ""
        parts.append(f"{r.games_done:,} games{stop}")
    seed = next(iter(result.runs.values())).seed if result.runs else None
    return (" + ".join(parts) or "exact") + (f", seed {seed}" if seed is not None else "")


def _sheets(out: Path, seed: int) -> str:
    items = []
    for name, build in builders().items():
        paths = write_sheet(build(seed=seed), out / "cheatsheets")
        links = " · ".join(f'<a href="cheatsheets/{p.name}">{p.suffix[1:].upper()}</a>'
                           for p in paths)
        items.append(f"<li>{html.escape(name)}: {links}</li>")
    return ("<h2>Cheat sheets</h2><p>A4, to print at 100%. Every number on them comes from the "
            f"code.</p><ul>{''.join(items)}</ul>")


def _scoring_examples() -> str:
    parts = ["<h2>Scoring examples</h2><p>Each game's <code>tableodds GAME score --template"
             "</code> file, scored by <code>tableodds GAME score FILE</code>.</p>"]
    for name, package in PACKAGES.items():
        if importlib.util.find_spec(package + ".scoring") is None:
            continue
        module = importlib.import_module(package + ".scoring")
        with tempfile.TemporaryDirectory() as tmp:
            f = Path(tmp) / "record.toml"
            f.write_text(module.TEMPLATE, "utf-8")
            result = module.score(module.load(f)).render()
        parts.append(f"<h3>{html.escape(name)}</h3><details><summary>record</summary><pre>"
                     f"{html.escape(module.TEMPLATE)}</pre></details>"
                     f"<pre>{html.escape(result)}</pre>")
    return "".join(parts)


def build_report(out, scale: float = 1.0, seed: int = 1, workers: int | None = None,
                 force: bool = False) -> tuple[Path, bool]:
    """Write the report to ``out`` (replaced whole when done); returns (index, interrupted)."""
    folder = OutFolder(out, force)
    try:
        book = Book(folder.staging, scale, seed, workers)
        sections = []
        with stop_scope():
            for name, package in PACKAGES.items():
                module = "tableodds.reports." + package.rsplit(".", 1)[-1]
                if importlib.util.find_spec(module) is None:
                    continue
                try:
                    sections.append(importlib.import_module(module).section(book))
                except Stopped:
                    break
        if book.stopped:
            sections.insert(0, "<p class=stop><strong>INTERRUPTED</strong>: the report was "
                            "stopped; only the sections above the cut are complete.</p>")
        else:
            sections += [_sheets(folder.staging, seed), _scoring_examples()]
        footer = f"tableodds {version('tableodds')} · seed {seed} · scale {scale}"
        write_text(folder.staging / "index.html", page("tableodds report", sections, footer))
        write_text(folder.staging / "run.json", json.dumps({
            "schema_version": SCHEMA_VERSION, "command": "report",
            "settings": {"scale": scale, "seed": seed}, "interrupted": book.stopped,
            "analyses": {k: {"command": r.command, "games_done": r.games_done,
                             "interrupted": r.interrupted}
                         for k, r in book.results.items()}}, indent=2) + "\n")
        path = folder.commit()
    except BaseException:
        folder.discard()
        raise
    return path / "index.html", book.stopped
