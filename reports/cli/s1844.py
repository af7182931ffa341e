"""``tableodds 1844 ...``: the train-rush forecast over whole simulated games."""
from __future__ import annotations

import click

from tableodds.analysis import s1844 as analysis
from tableodds.reports.cli.driver import drive
from tableodds.reports.cli.options import data_option, game_options, int_list, output_options, run_options
from tableodds.sim.s1844 import GAME
from tableodds.sim.s1844.rules import POLICIES

group = click.Group(name="1844", help="1844: Schweiz: when the phases start, the trains rust, "
                    "the SBB forms and the bank breaks.")


@group.command("train-rush")
@click.option("--players", "-p", default="5", show_default=True, metavar="P[,P...]",
              help="Player count(s), 3-7; several are compared side by side.")
@run_options(games=20_000, chunk_size=GAME.chunk_size)
@game_options(POLICIES, "careful", data_option(
    "--params", "A TOML file overriding model parameters (see params.toml)."))
@output_options
def train_rush(players, run, game, output):
    """Forecast the train rush: the OR of each phase, rust, SBB formation, bank break and end.

    Example: tableodds 1844 train-rush --players 4,5 --games 100000 --out rush
    """
    counts = int_list(players, "--players") or []
    drive(lambda plan: analysis.train_rush(plan, counts, **game), **run, **output)
