"""Every game's cheat-sheet builder: ``reports.sheets.<game>.build(variants=, seed=) -> Sheet``."""
from __future__ import annotations

import importlib
import importlib.util

from sim.registry import PACKAGES


def builders() -> dict:
    return {name: importlib.import_module(f"reports.sheets.{name}").build for name in PACKAGES
            if importlib.util.find_spec(f"reports.sheets.{name}") is not None}
