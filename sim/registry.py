"""Every game tableodds knows, in one place: its contract and its CLI group."""
from __future__ import annotations

import importlib

from sim.core.game import GameSpec

# name -> package; each package has ``GAME`` (a GameSpec) in __init__ and ``group`` in cli.py
PACKAGES = {
    "davoserjas": "sim.davoserjas",
}


def game(name: str) -> GameSpec:
    return importlib.import_module(PACKAGES[name]).GAME


def games() -> list[GameSpec]:
    return [game(n) for n in PACKAGES]


def cli_groups():
    return [importlib.import_module(p + ".cli").group for p in PACKAGES.values()]
