"""Every game's cheat-sheet builder: ``reports.<game>.cheatsheet(variants=, seed=) -> Sheet``."""
from __future__ import annotations

import importlib

from sim.registry import PACKAGES


def builders() -> dict:
    out = {}
    for name in PACKAGES:
        try:
            module = importlib.import_module(f"reports.{name}")
        except ModuleNotFoundError:
            continue
        if hasattr(module, "cheatsheet"):
            out[name] = module.cheatsheet
    return out
