"""``tableodds 1844 ...``: the train-rush forecast over whole simulated games."""
from __future__ import annotations

import click

from tableodds.analysis import s1844 as analysis
from tableodds.reports.cli.options import data_option, game_options, simulation_command
from tableodds.sim.s1844 import GAME
from tableodds.sim.s1844.rules import POLICIES

group = click.Group(name="1844", help="1844: Schweiz: when the phases start, the trains rust, "
                    "the SBB forms and the bank breaks.")

simulation_command(
    group, analysis.train_rush, GAME, games=20_000, players=5, several=True,
    options=game_options(POLICIES, "careful", data_option(
        "--params", "A TOML file overriding model parameters (see params.toml).")),
    example="tableodds 1844 train-rush --players 4,5 --games 100000 --out rush")
