"""``tableodds boss ...``: game length, money and deals, and the house rules side by side."""

from __future__ import annotations

import click

from tableodds.analysis import boss as analysis
from tableodds.reports.cli.options import (
    data_option,
    game_options,
    simulation_command,
    variant_option,
)
from tableodds.sim.boss import GAME
from tableodds.sim.boss.rules import POLICIES, VARIANTS

group = click.Group(name="boss", help="I'm the Boss!: deals, dividends and the dice-driven end.")

_cards = data_option(
    "--cards",
    "Board spaces, deal-card values and die faces in TOML instead "
    "of the packaged defaults (same layout as sim/boss/deals.toml).",
)
options = game_options(POLICIES, "random", variant_option(VARIANTS, "House rule"), _cards)

simulation_command(
    group,
    analysis.length,
    GAME,
    games=200_000,
    options=options,
    example="tableodds boss length --players 4 --variant short",
)
simulation_command(
    group,
    analysis.simulate,
    GAME,
    games=200_000,
    options=options,
    extra=[
        click.option(
            "--card-values",
            is_flag=True,
            help="Also measure one extra starting card of each type (5 more runs "
            "of --games games; the extra card rotates over the seats).",
        )
    ],
    example="tableodds boss simulate -p 4 --policies shrewd,random,random,random --card-values",
)
simulation_command(
    group,
    analysis.variants,
    GAME,
    games=50_000,
    options=game_options(
        POLICIES,
        "random",
        click.option(
            "--variant",
            "chosen",
            multiple=True,
            metavar="NAME",
            help="Only these house rules [default: all of them].",
        ),
        _cards,
    ),
    example="tableodds boss variants --players 4 --policy shrewd",
)
