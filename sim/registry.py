"""Every game tableodds knows, in one place: its contract and its CLI group."""
from __future__ import annotations

import importlib
import importlib.util

from sim.core.game import GameSpec

# name -> package; each package has ``GAME`` (a GameSpec) in __init__ and ``group`` in cli.py
PACKAGES = {
    "davoserjas": "sim.davoserjas",
    "davos": "sim.davos",
    "1844": "sim.s1844",
    "borgia": "sim.borgia",
    "boss": "sim.boss",
}


def game(name: str) -> GameSpec:
    return importlib.import_module(PACKAGES[name]).GAME


def games() -> list[GameSpec]:
    return [game(n) for n in PACKAGES]


def cli_groups():
    """Each game's click group, with ``score`` attached where the game has a scoring module."""
    from sim.core.scoring import score_command
    groups = []
    for name, package in PACKAGES.items():
        group = importlib.import_module(package + ".cli").group
        if importlib.util.find_spec(package + ".scoring") is not None:
            group.add_command(score_command(name, importlib.import_module(package + ".scoring")))
        groups.append(group)
    return groups
