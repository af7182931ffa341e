"""``tableodds 1844 ...``: the train-rush forecast over whole simulated games, and a recorded
game (an 18xx.games export) placed on it."""

from __future__ import annotations

import inspect
from pathlib import Path

import click

from tableodds.reports.cli.driver import drive
from tableodds.reports.cli.lazy import LazyModule
from tableodds.reports.cli.lazy import group as game_group
from tableodds.reports.cli.options import (
    data_option,
    game_options,
    output_options,
    run_options,
    simulation_command,
)
from tableodds.sim.s1844 import GAME
from tableodds.sim.s1844.rules import POLICIES

group = game_group("1844")
analysis = LazyModule("tableodds.analysis.s1844")
s1844_compare = LazyModule("tableodds.analysis.s1844_compare")
s1844_forecast = LazyModule("tableodds.analysis.s1844_forecast")

simulation_command(
    group,
    analysis.train_rush,
    GAME,
    games=20_000,
    players=5,
    several=True,
    options=game_options(
        POLICIES,
        "careful",
        data_option("--params", "A TOML file overriding model parameters (see params.toml)."),
    ),
    example="tableodds 1844 train-rush --players 4,5 --games 100000 --out rush",
)


def compare(game_file, run, game, output, players):
    drive(
        lambda plan: s1844_compare.compare(plan, game_file, players=players, **game),
        **run,
        **output,
    )


compare.__doc__ = (
    inspect.cleandoc(s1844_compare.compare.__doc__) + "\n\nGAME_FILE is the "
    "game's JSON export from 18xx.games.\n\nExample: tableodds 1844 compare "
    "160062.json --games 20000 --out game160062"
)
_f = output_options(compare)
_f = run_options(20_000, GAME.chunk_size)(
    game_options(
        POLICIES,
        "careful",
        data_option("--params", "A TOML file overriding model parameters (see params.toml)."),
    )(_f)
)
_f = click.option(
    "--players",
    "-p",
    type=int,
    default=None,
    help="The game's player count (read from the file; a different one is refused).",
)(_f)
_f = click.argument("game_file", type=click.Path(path_type=Path, dir_okay=False))(_f)
group.command("compare")(_f)


def forecast(game_file, at, run, game, output):
    drive(
        lambda plan: s1844_forecast.forecast(plan, game_file, at=at, **game),
        **run,
        **output,
    )


forecast.__doc__ = (
    inspect.cleandoc(s1844_forecast.forecast.__doc__) + "\n\nGAME_FILE is the "
    "game's JSON export from 18xx.games (a game in progress, or a finished one cut with "
    "--at).\n\nExample: tableodds 1844 forecast 160062.json --at 8 --out f160062"
)
_f = output_options(forecast)
_f = run_options(100_000, GAME.chunk_size)(
    game_options(
        POLICIES,
        "careful",
        data_option("--params", "A TOML file overriding model parameters (see params.toml)."),
    )(_f)
)
_f = click.option(
    "--at",
    type=int,
    default=None,
    help="Read the log only to the end of this global OR (OR 1.1 = 1), as if the game "
    "were still going on there [default: the whole log].",
)(_f)
_f = click.argument("game_file", type=click.Path(path_type=Path, dir_okay=False))(_f)
group.command("forecast")(_f)
