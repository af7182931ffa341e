"""``tableodds boss ...``: game length, money and deals, and the house rules side by side."""
from __future__ import annotations

import click

from tableodds.analysis import boss as analysis
from tableodds.reports.cli.driver import drive
from tableodds.reports.cli.options import (data_option, game_options, output_options,
                                           players_option, run_options, variant_option)
from tableodds.sim.boss import GAME
from tableodds.sim.boss.rules import PLAYERS, POLICIES, VARIANTS

group = click.Group(name="boss", help="I'm the Boss!: deals, dividends and the dice-driven end.")

_cards = data_option("--cards", "Board spaces, deal-card values and die faces in TOML instead "
                     "of the packaged defaults (same layout as sim/boss/deals.toml).")
options = game_options(POLICIES, "random", variant_option(VARIANTS, "House rule"), _cards)


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=200_000, chunk_size=GAME.chunk_size)
@options
@output_options
def length(players, run, game, output):
    """How long a game runs: completed deals (simulated and exact) and turns per game.

    The deal count follows from the die faces on the deal cards alone, so it is
    also computed exactly from the data file; the table shows both.

    Example: tableodds boss length --players 4 --variant short
    """
    drive(lambda plan: analysis.length(plan, players, **game), **run, **output)


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=200_000, chunk_size=GAME.chunk_size)
@options
@click.option("--card-values", is_flag=True,
              help="Also measure one extra starting card of each type (5 more runs of "
                   "--games games; the extra card rotates over the seats).")
@output_options
def simulate(players, run, game, card_values, output):
    """Money per seat, turn position and policy; deal success per space; card values.

    Example: tableodds boss simulate -p 4 --policies shrewd,random,random,random --card-values
    """
    drive(lambda plan: analysis.simulate(plan, players, card_values=card_values, **game),
          **run, **output)


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=50_000, chunk_size=GAME.chunk_size)
@game_options(POLICIES, "random",
              click.option("--variant", "chosen", multiple=True, metavar="NAME",
                           help="Only these house rules [default: all of them]."), _cards)
@output_options
def variants(players, run, game, output):
    """Each house rule side by side: game length, money spread and start-player advantage.

    Example: tableodds boss variants --players 4 --policy shrewd
    """
    drive(lambda plan: analysis.variants(plan, players, **game), **run, **output)
