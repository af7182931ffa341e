"""Every game's cheat-sheet builder: ``reports.sheets.<package>.build(variants=, seed=) -> Sheet``,
and the one way sheets are written (``tableodds cheatsheet``, :func:`tableodds.cheatsheet`)."""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

from tableodds.sim.core.errors import InputError
from tableodds.sim.registry import PACKAGES


def games() -> list[str]:
    """The registered games that have a cheat sheet (nothing is imported but the registry)."""
    return [
        name
        for name, package in PACKAGES.items()
        if importlib.util.find_spec("tableodds.reports.sheets." + package.rsplit(".", 1)[-1])
    ]


def builders() -> dict:
    """CLI name -> builder, for the registered games that have a sheet."""
    out = {}
    for name, package in PACKAGES.items():
        module = "tableodds.reports.sheets." + package.rsplit(".", 1)[-1]
        if importlib.util.find_spec(module) is not None:
            out[name] = importlib.import_module(module).build
    return out


def write_sheets(
    game: str,
    out,
    *,
    variants=(),
    seed: int = 1,
    paper: str = "a4",
    every: bool = False,
    spinner: bool = False,
) -> list[Path]:
    """GAME's sheet (PDF on ``paper``, Markdown, HTML), or every game's with ``every`` and
    ``game == "all"``, added into ``out`` beside what it holds (only earlier sheets are
    replaced) once all are built, inside one stop scope; returns the paths written.
    ``spinner``: name the sheet being built on stderr (its simulations and PDF take seconds)."""
    from tableodds.reports.output import OutFolder
    from tableodds.reports.progress import Spinner
    from tableodds.reports.sheet import PAPERS, write_sheet
    from tableodds.sim.core.runner import stop_scope

    available = builders()
    names = list(available) if every and game == "all" else [game]
    for name in names:
        if name not in available:
            also = " or all" if every else ""
            raise InputError(
                f"no cheat sheet for {name!r}; choose from: {', '.join(available)}{also}"
            )
    if paper not in PAPERS:
        raise InputError(f"unknown paper {paper!r}; choose from: {', '.join(PAPERS)}")
    folder = OutFolder(out, beside=True)
    try:
        written = []
        with stop_scope():
            for name in names:
                busy = Spinner(f"the {name} cheat sheet") if spinner else None
                try:
                    sheet = available[name](variants=variants, seed=seed)
                    written += write_sheet(sheet, folder.staging, paper)
                finally:
                    if busy is not None:
                        busy.close()
        folder.commit()
    except BaseException:
        folder.discard()
        raise
    return [Path(out) / p.relative_to(folder.staging) for p in written]
