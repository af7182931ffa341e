"""Davoserjas: six rounds of minus tricks and Kabalen.

``tableodds davoserjas ...``: simulate whole games, value one hand, duel the bots, or rank
them on a ladder.
"""

from __future__ import annotations

import click

from tableodds.reports.cli.lazy import group as game_group
from tableodds.reports.cli.options import (
    INT_LIST,
    Real,
    game_options,
    list_callback,
    pick,
    simulation,
)
from tableodds.sim.davoserjas import GAME
from tableodds.sim.davoserjas.options import CONFIDENCE, ENDGAME, ENDGAMES, POLICIES, SETTINGS

_variants, _rules = pick(SETTINGS, "variants", "rules")
_rounds = click.option(
    "--rounds",
    type=INT_LIST,
    default=None,
    metavar="1,2,...",
    help="Play only these rounds (numbers in the round list) [default: all].",
)
_names = ", ".join(POLICIES)


_simulate = simulation(GAME, options=game_options(POLICIES, "random", *SETTINGS), extra=[_rounds])

_hand = simulation(
    GAME,
    options=game_options(
        None,
        "",
        _variants,
        _rules,
        click.option(
            "--holder",
            type=click.Choice(list(POLICIES)),
            default="search",
            show_default=True,
            help="The policy the hand's holder plays.",
        ),
        click.option(
            "--opponents",
            default="counting",
            show_default=True,
            metavar="MODEL[,MODEL...]",
            callback=list_callback,
            help=f"The other seats' policy; several are compared side by side ({_names}).",
        ),
    ),
    extra=[
        click.option(
            "--round",
            type=int,
            default=1,
            show_default=True,
            help="Round number in the round list (seat (round-1) mod players leads).",
        ),
        click.option(
            "--seat", type=int, default=0, show_default=True, help="The seat holding the hand."
        ),
        click.argument("cards", nargs=-1, required=True),
    ],
)


def _policies(default: str, what: str):
    return click.option(
        "--policies",
        default=default,
        show_default=True,
        metavar="A,B,...",
        callback=list_callback,
        help=f"The policies {what}, every pair in turn ({_names}).",
    )


_duel = simulation(
    GAME,
    options=game_options(
        None,
        "",
        _variants,
        _policies("search,counting,careful", "to compare"),
        click.option(
            "--samples",
            type=click.IntRange(1, 256),
            default=None,
            help="The search bot's sampled deals per decision [default: 12].",
        ),
        click.option(
            "--exact",
            type=click.IntRange(0, 13),
            default=None,
            help="Tricks left from which search solves exactly [default: 4].",
        ),
        click.option(
            "--endgame",
            type=click.Choice(ENDGAMES),
            default=None,
            help="How search solves those tricks: its best line against counting "
            "opponents, or paranoid (the others all play against it) "
            f"[default: {ENDGAME}].",
        ),
        click.option(
            "--confidence",
            type=Real(-1, 1),
            default=None,
            help="Where a network fits the round (3-5 players, packaged rounds), search "
            "plays its card when it is at least this sure, else samples; -1: never "
            f"[default: {CONFIDENCE}, always].",
        ),
    ),
    extra=[_rounds],
)

_ladder = simulation(
    GAME,
    options=game_options(
        None,
        "",
        _variants,
        _policies("search,counting,careful,random", "on the ladder"),
        click.option(
            "--fairness-games",
            type=click.IntRange(2, 10**9),
            default=1_000,
            show_default=True,
            help="Games with every seat the top-rated policy, for the seats' fairness.",
        ),
    ),
    extra=[_rounds],
)

COMMANDS = {"simulate": _simulate, "hand": _hand, "duel": _duel, "ladder": _ladder}
group = game_group("davoserjas", COMMANDS)
