"""I'm the Boss!: deals, dividends and the dice-driven end.

``tableodds boss ...``: game length, money and deals, the house rules side by side, and the
fair shares of one deal.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import click

from tableodds.reports.cli.lazy import group as game_group
from tableodds.reports.cli.options import (
    calculator,
    data_option,
    game_options,
    pick,
    simulation,
)
from tableodds.sim.boss import GAME
from tableodds.sim.boss.options import EXAMPLES, POLICIES, SETTINGS

(_cards,) = pick(SETTINGS, "cards")  # variants picks its own --variant
options = game_options(POLICIES, "random", *SETTINGS)

_length = simulation(GAME, options=options)
_simulate = simulation(
    GAME,
    options=options,
    extra=[
        click.option(
            "--card-values",
            is_flag=True,
            help="Also measure one extra starting card of each type (5 more runs "
            "of --games games; the extra card rotates over the seats).",
        )
    ],
)
_variants = simulation(
    GAME,
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
)


def _template(ctx, _param, wanted):
    if wanted:
        deal = resources.files("tableodds.sim.boss").joinpath(EXAMPLES["final"])
        click.echo(deal.read_text("utf-8"))
        ctx.exit()


def _deal(analysis, file, example, boss, threats, cards, variants):
    if (file is None) == (example is None):
        raise click.UsageError("give a deal FILE or --example NAME (--template prints a file)")
    return lambda _plan: analysis(file, boss, threats, cards, example, variants)


_deal_command = calculator(
    click.argument("file", type=click.Path(path_type=Path, dir_okay=False), required=False),
    click.option(
        "--example",
        type=click.Choice(list(EXAMPLES)),
        default=None,
        help="Use the rulebook's worked example instead of a FILE: 'first' (Lotte's red investor, "
        "8 of 30) or 'final' (Lotte, Sofie and Daan, 10/10/10).",
    ),
    click.option(
        "--template",
        is_flag=True,
        is_eager=True,
        expose_value=False,
        callback=_template,
        help="Print the example deal file and exit.",
    ),
    click.option(
        "--boss",
        default=None,
        metavar="NAME",
        help="Who leads the deal [default: the file's boss].",
    ),
    click.option(
        "--threats/--no-threats",
        default=True,
        show_default=True,
        help="Whether a coalition's value counts what the others can do against it (travel, stop, "
        "recruitment and boss cards) or only what its own cards complete.",
    ),
    data_option(
        "--cards",
        "Board spaces and deal-card values in TOML instead of the packaged defaults "
        "(for a deal file that names a board space or a deal card).",
    ),
    click.option(
        "--variant",
        "variants",
        multiple=True,
        metavar="NAME",
        help="two-player-rules: the 2-player rules at this table (always on for a deal of 2 "
        "players); two-player-sixth: their price read as the payout / 6.",
    ),
    call=_deal,
)


COMMANDS = {"length": _length, "simulate": _simulate, "variants": _variants, "deal": _deal_command}
group = game_group("boss", COMMANDS)
