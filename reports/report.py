"""``tableodds report``: every game's default analyses on one HTML page.

Each game contributes ``reports.<game>.section(out, scale, seed, workers)``,
which runs its analyses, saves tables and plots into ``out/<game>/`` and
returns an HTML fragment.  A game without a report module is skipped.
"""
from __future__ import annotations

import importlib
from importlib.metadata import version
from pathlib import Path

from reports.html import page
from reports.output import write_text
from sim.registry import PACKAGES


def build_report(out, scale: float = 1.0, seed: int = 1, workers: int | None = None) -> Path:
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    sections = []
    for name in PACKAGES:
        try:
            module = importlib.import_module(f"reports.{name}")
        except ModuleNotFoundError:
            continue
        sections.append(module.section(out / name, scale, seed, workers))
    footer = f"tableodds {version('tableodds')} · seed {seed} · scale {scale}"
    return write_text(out / "index.html", page("tableodds report", sections, footer))
