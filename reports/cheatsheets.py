"""Every game's cheat-sheet builder: ``reports.sheets.<package>.build(variants=, seed=) -> Sheet``."""

from __future__ import annotations

import importlib
import importlib.util

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
