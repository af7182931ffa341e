"""``tableodds report``: every game's default analyses on one HTML page.

Each game contributes ``reports.<package>.section(out, scale, seed, workers)``,
which runs its analyses, saves tables and plots into ``out/<game>/`` and
returns an HTML fragment; a game without one is skipped.  After the games come
the cheat sheets (``reports.sheets``) and a worked scoring example per game.
"""
from __future__ import annotations

import html
import importlib
import importlib.util
import tempfile
from importlib.metadata import version
from pathlib import Path

from tableodds.reports.cheatsheets import builders
from tableodds.reports.html import page
from tableodds.reports.output import write_text
from tableodds.reports.sheet import write_sheet
from tableodds.sim.registry import PACKAGES


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


def build_report(out, scale: float = 1.0, seed: int = 1, workers: int | None = None) -> Path:
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    sections = []
    for name, package in PACKAGES.items():
        module = "tableodds.reports." + package.rsplit(".", 1)[-1]
        if importlib.util.find_spec(module) is not None:
            sections.append(importlib.import_module(module).section(out / name, scale, seed,
                                                                     workers))
    sections += [_sheets(out, seed), _scoring_examples()]
    footer = f"tableodds {version('tableodds')} · seed {seed} · scale {scale}"
    return write_text(out / "index.html", page("tableodds report", sections, footer))
