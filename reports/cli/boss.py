"""``tableodds boss ...``: game length, money and deals, and the house rules side by side."""
from __future__ import annotations

from pathlib import Path

import click

from tableodds.analysis import boss as analysis
from tableodds.reports.cli.driver import drive
from tableodds.reports.cli.options import (chosen_policies, output_options, players_option,
                                           policy_options, run_options)
from tableodds.sim.boss import GAME
from tableodds.sim.boss.rules import PLAYERS, POLICIES, VARIANTS

group = click.Group(name="boss", help="I'm the Boss!: deals, dividends and the dice-driven end.")

_VARIANT_HELP = "; ".join(f"{k}: {v}" for k, v in VARIANTS.items())
_POLICY_HELP = "; ".join(f"{k}: {v}" for k, v in POLICIES.items())

_cards_option = click.option(
    "--cards", "cards_file", type=click.Path(path_type=Path, dir_okay=False), default=None,
    help="Board spaces, deal-card values and die faces in TOML instead of the packaged "
    "defaults (same layout as sim/boss/deals.toml).")


def game_options(f):
    f = _cards_option(f)
    f = click.option("--variant", "variants", multiple=True, metavar="NAME",
                     help=f"House rule, repeatable. {_VARIANT_HELP}.")(f)
    return policy_options(_POLICY_HELP, "random")(f)


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=200_000, chunk_size=GAME.chunk_size)
@game_options
@output_options
def length(players, run, policy, policies, variants, cards_file, output):
    """How long a game runs: completed deals (simulated and exact) and turns per game.

    The deal count follows from the die faces on the deal cards alone, so it is
    also computed exactly from the data file; the table shows both.

    Example: tableodds boss length --players 4 --variant short
    """
    pols = chosen_policies(policy, policies)
    drive(lambda plan: analysis.length(plan, players, pols, variants, cards_file),
          **run, **output)


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=200_000, chunk_size=GAME.chunk_size)
@game_options
@click.option("--card-values", is_flag=True,
              help="Also measure one extra starting card of each type (5 more runs of "
                   "--games games; the extra card rotates over the seats).")
@output_options
def simulate(players, run, policy, policies, variants, cards_file, card_values, output):
    """Money per seat, turn position and policy; deal success per space; card values.

    Example: tableodds boss simulate -p 4 --policies shrewd,random,random,random --card-values
    """
    pols = chosen_policies(policy, policies)
    drive(lambda plan: analysis.simulate(plan, players, pols, variants, cards_file,
                                         card_values), **run, **output)


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=50_000, chunk_size=GAME.chunk_size)
@policy_options(_POLICY_HELP, "random")
@click.option("--variant", "variants", multiple=True, metavar="NAME",
              help="Only these house rules [default: all of them].")
@_cards_option
@output_options
def variants(players, run, policy, policies, variants, cards_file, output):
    """Each house rule side by side: game length, money spread and start-player advantage.

    Example: tableodds boss variants --players 4 --policy shrewd
    """
    pols = chosen_policies(policy, policies)
    drive(lambda plan: analysis.variants(plan, players, pols, variants, cards_file),
          **run, **output)
