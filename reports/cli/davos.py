"""Davos: secret goals, corps, parliaments and bills.

``tableodds davos ...``: which goals are hardest, which bot is stronger, and how a
parliament votes.
"""

from __future__ import annotations

from pathlib import Path

import click

from tableodds.reports.cli.lazy import group as game_group
from tableodds.reports.cli.options import (
    calculator,
    game_options,
    list_callback,
    pick,
    simulation,
)
from tableodds.sim.davos import GAME
from tableodds.sim.davos.options import POLICIES, SETTINGS

# a duel takes the rule settings but the Big Game's readings (played at their defaults)
_FIRST = ("game", "none_bills", "cards")  # before --decks in the help; the rest after it
DUEL_SETTINGS = ("game", "none_bills", "cards", "mode", "dissident_profit")


def _vote(analysis, file):
    return lambda _plan: analysis(file)


COMMANDS = {
    "goals": simulation(
        GAME,
        several=True,
        options=game_options(
            POLICIES,
            "goal",
            *pick(SETTINGS, *_FIRST),
            click.option(
                "--decks",
                type=click.IntRange(1, 200),
                default=1,
                show_default=True,
                help="Run the given cards and DECKS - 1 plausible decks drawn from the run's "
                "seed (tableodds.sim.davos.decks); rank the requirement kinds per deck and "
                "across.",
            ),
            *[o for o in SETTINGS if o.name not in _FIRST],
            mixes=True,
        ),
    ),
    "duel": simulation(
        GAME,
        options=game_options(
            None,
            "",
            click.option(
                "--policies",
                default="contest,goal",
                show_default=True,
                metavar="A,B,...",
                callback=list_callback,
                help=f"The policies to compare, every pair in turn ({', '.join(POLICIES)}).",
            ),
            *pick(SETTINGS, *DUEL_SETTINGS),
        ),
        # a duel plays each deal once per colour: chunks of the game's size froze the bar for
        # 13 s on one core in the Big Game; 16 times smaller ones take about a second
        chunk_size=GAME.chunk_size // 16,
    ),
    "vote": calculator(
        click.argument("file", type=click.Path(path_type=Path, dir_okay=False)),
        call=_vote,
        more='FILE is TOML: bill = "L" (the bill\'s ideology, or "none"), a [wishes] table '
        '(player = "for" / "against") and one [[parties]] table per party with name, '
        "ideology, dissidents = N and assets = { player = N, ... }.",
    ),
}
group = game_group("davos", COMMANDS)
