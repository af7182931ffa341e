"""1844: Schweiz: when the phases start, the trains rust, the SBB forms and the bank breaks.

``tableodds 1844 ...``: the train-rush forecast over whole simulated games, and a recorded
game (an 18xx.games export) placed on it.
"""

from __future__ import annotations

from pathlib import Path

import click

from tableodds.reports.cli.lazy import group as game_group
from tableodds.reports.cli.options import calculator, game_options, simulation
from tableodds.sim.s1844 import GAME
from tableodds.sim.s1844.options import FORECAST_METHODS, POLICIES, SETTINGS, SPREAD, SPREADS

_GAME = game_options(POLICIES, "careful", *SETTINGS)
_EXPORT = click.argument("game_file", type=click.Path(path_type=Path, dir_okay=False))
_train_rush = simulation(GAME, players=5, several=True, options=_GAME)


def _compare(analysis, game_file, players, game):
    return lambda plan: analysis(plan, game_file, players=players, **game)


def _forecast(analysis, game_file, at, method, spread, game):
    return lambda plan: analysis(plan, game_file, at=at, method=method, spread=spread, **game)


_compare_command = calculator(
    _EXPORT,
    click.option(
        "--players",
        "-p",
        type=int,
        default=None,
        help="The game's player count (read from the file; a different one is refused).",
    ),
    _GAME,
    call=_compare,
    spec=GAME,
    more="GAME_FILE is the game's JSON export from 18xx.games.",
)
_forecast_command = calculator(
    _EXPORT,
    click.option(
        "--at",
        type=int,
        default=None,
        help="Read the log only to the end of this global OR (OR 1.1 = 1), as if the game "
        "were still going on there [default: the whole log].",
    ),
    click.option(
        "--method",
        type=click.Choice(FORECAST_METHODS),
        default=FORECAST_METHODS[0],
        show_default=True,
        help="conditioning: keep the whole games whose timeline so far matches the real one; "
        "position: play on from the exact replayed position at the cut (its bands hold fewer "
        "of the recorded games' events, see docs/1844-forecast.md); both take each player's "
        "final-score band from the games played on from it.",
    ),
    click.option(
        "--spread",
        type=click.Choice(list(SPREADS)),
        default=SPREAD,
        show_default=True,
        help="the games played on from the position draw the bots' purchase and withhold "
        "rules from these ranges (the players at the table are unknown), money: and scale "
        f"the money at the cut within {SPREADS['money']['money_pct']}%; fixed: the defaults.",
    ),
    _GAME,
    call=_forecast,
    spec=GAME,
    more="GAME_FILE is the game's JSON export from 18xx.games (a game in progress, or a "
    "finished one cut with --at).",
)

_replay_command = calculator(
    _EXPORT,
    click.option(
        "--at",
        type=int,
        default=None,
        help="The position at the end of this global OR (OR 1.1 = 1) [default: the log's end].",
    ),
    click.option(
        "--check",
        is_flag=True,
        help="Name the first action whose effect breaks a rule the replay applies, or the "
        "first value that differs from the export's result.",
    ),
    call=lambda analysis, game_file, at, check: lambda _plan: analysis(game_file, at, check),
    more="GAME_FILE is the game's JSON export from 18xx.games.",
)


COMMANDS = {
    "train-rush": _train_rush,
    "compare": _compare_command,
    "forecast": _forecast_command,
    "replay": _replay_command,
}
group = game_group("1844", COMMANDS)
