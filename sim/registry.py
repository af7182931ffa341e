"""Every game tableodds knows, in one place: name -> package with its contract."""

from __future__ import annotations

import importlib
import importlib.util

from tableodds.sim.core.game import GameSpec

# name -> package; each package has ``GAME`` (a GameSpec) in __init__
PACKAGES = {
    "davoserjas": "tableodds.sim.davoserjas",
    "davos": "tableodds.sim.davos",
    "1844": "tableodds.sim.s1844",
    "borgia": "tableodds.sim.borgia",
    "boss": "tableodds.sim.boss",
}


def game(name: str) -> GameSpec:
    return importlib.import_module(PACKAGES[name]).GAME


def games() -> list[GameSpec]:
    return [game(n) for n in PACKAGES]
