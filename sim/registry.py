"""Every game tableodds knows, in one place: its contract and its CLI group."""
from __future__ import annotations

import importlib
import importlib.util

from tableodds.sim.core.game import GameSpec

# name -> package; each package has ``GAME`` (a GameSpec) in __init__ and ``group`` in cli.py
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


def cli_groups():
    """Each game's click group, with ``score`` attached where the game has a scoring module."""
    from tableodds.sim.core.scoring import score_command
    groups = []
    for name, package in PACKAGES.items():
        group = importlib.import_module(package + ".cli").group
        if importlib.util.find_spec(package + ".scoring") is not None:
            group.add_command(score_command(name, importlib.import_module(package + ".scoring")))
        groups.append(group)
    return groups
