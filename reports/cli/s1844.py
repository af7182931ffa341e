"""1844: Schweiz: when the phases start, the trains rust, the SBB forms and the bank breaks.

``tableodds 1844 ...``: the train-rush forecast over whole simulated games, and a recorded
game (an 18xx.games export) placed on it.
"""

from __future__ import annotations

from pathlib import Path

import click

from tableodds.reports.cli.driver import run_and_print
from tableodds.reports.cli.lazy import Lazy
from tableodds.reports.cli.lazy import group as game_group
from tableodds.reports.cli.options import (
    game_options,
    help_text,
    output_options,
    run_options,
    simulation,
)
from tableodds.sim.s1844 import GAME
from tableodds.sim.s1844.options import POLICIES, SETTINGS

_train_rush = simulation(
    GAME, players=5, several=True, options=game_options(POLICIES, "careful", *SETTINGS)
)


def _compare(entry):
    analysis = Lazy(entry.module, entry.function)

    def compare(game_file, run, game, output, players):
        run_and_print(
            lambda plan: analysis(plan, game_file, players=players, **game),
            **run,
            **output,
        )

    compare.__doc__ = help_text(entry, "GAME_FILE is the game's JSON export from 18xx.games.")
    f = output_options(compare)
    f = run_options(entry.games, GAME.chunk_size)(game_options(POLICIES, "careful", *SETTINGS)(f))
    f = click.option(
        "--players",
        "-p",
        type=int,
        default=None,
        help="The game's player count (read from the file; a different one is refused).",
    )(f)
    f = click.argument("game_file", type=click.Path(path_type=Path, dir_okay=False))(f)
    return click.command(entry.command)(f)


def _forecast(entry):
    analysis = Lazy(entry.module, entry.function)

    def forecast(game_file, at, method, run, game, output):
        run_and_print(
            lambda plan: analysis(plan, game_file, at=at, method=method, **game),
            **run,
            **output,
        )

    forecast.__doc__ = help_text(
        entry,
        "GAME_FILE is the game's JSON export from 18xx.games (a game in progress, or a finished "
        "one cut with --at).",
    )
    f = output_options(forecast)
    f = run_options(entry.games, GAME.chunk_size)(game_options(POLICIES, "careful", *SETTINGS)(f))
    f = click.option(
        "--method",
        type=click.Choice(["conditioning", "position"]),
        default="conditioning",
        show_default=True,
        help="conditioning: keep the whole games whose timeline so far matches the real one; "
        "position: play on from the state rebuilt at the cut (its bands are too narrow on "
        "the recorded games, see docs/1844-forecast.md).",
    )(f)
    f = click.option(
        "--at",
        type=int,
        default=None,
        help="Read the log only to the end of this global OR (OR 1.1 = 1), as if the game "
        "were still going on there [default: the whole log].",
    )(f)
    f = click.argument("game_file", type=click.Path(path_type=Path, dir_okay=False))(f)
    return click.command(entry.command)(f)


COMMANDS = {"train-rush": _train_rush, "compare": _compare, "forecast": _forecast}
group = game_group("1844", COMMANDS)
