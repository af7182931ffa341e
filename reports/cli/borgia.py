"""Borgia: auctions, papal elections and conquest odds.

``tableodds borgia ...``: auction prices, papal elections, conquest odds, whole games.
"""

from __future__ import annotations

import click

from tableodds.reports.cli.lazy import group as game_group
from tableodds.reports.cli.options import (
    Bounded,
    calculator_command,
    data_option,
    game_options,
    seed_option,
    simulation,
    workers_option,
)
from tableodds.sim.borgia import GAME
from tableodds.sim.borgia.options import CONQUEST_STRATEGIES, POLICIES, SETTINGS
from tableodds.sim.core.limits import MAX_GAMES

_STRATEGY_HELP = "; ".join(f"{k}: {v}" for k, v in CONQUEST_STRATEGIES.items())


options = game_options(POLICIES, "value", *SETTINGS)


_simulate = simulation(GAME, options=options)
_auction = simulation(GAME, options=options)
_attacks = simulation(GAME, options=options)
_card_worth = simulation(GAME, options=options)
_election = simulation(
    GAME,
    options=options,
    extra=[
        data_option(
            "--votes",
            "Count one election from a vote table (TOML) instead of "
            "simulating; see the Borgia chapter of the README.",
        ),
        click.option(
            "--market-compare/--no-market-compare",
            default=True,
            show_default=True,
            help="Also play the same games with the vote market switched (every value bot "
            "a market bot and back) and show what it changes.",
        ),
    ],
)


def _conquest(analysis, attack, defend, hand, sa, sd):
    from tableodds.sim.borgia.rules import parse_defence, parse_strengths

    att = parse_strengths(attack, "--attack")
    dfd = parse_strengths(hand, "--hand")
    base = sum(parse_defence(defend).values())
    return lambda plan: analysis(plan, att, dfd, base, sa, sd)


_CONQUEST = (
    click.option(
        "--attack",
        required=True,
        metavar="S,S,...",
        help="Strengths of the attacker's condottieri in hand, e.g. 3,2.",
    ),
    click.option(
        "--defend",
        default=None,
        metavar="PART=N,...",
        help="The target's own power: city=N, family=N (independent families), "
        "davinci=N, other=N, each part once; leave out for an unprotected office or artist.",
    ),
    click.option(
        "--hand",
        default=None,
        metavar="S,S,...",
        help="Strengths of the defender's condottieri in hand.",
    ),
    click.option(
        "--attacker",
        "sa",
        type=click.Choice(list(CONQUEST_STRATEGIES)),
        default="all",
        show_default=True,
        help=f"Attacker's secret choice. {_STRATEGY_HELP}.",
    ),
    click.option(
        "--defender",
        "sd",
        type=click.Choice(list(CONQUEST_STRATEGIES)),
        default="random",
        show_default=True,
        help="Defender's secret choice.",
    ),
)


def _conquest_command(entry):
    trials = click.option(
        "--trials",
        "-n",
        "games",
        type=Bounded(0, MAX_GAMES),
        default=entry.games,
        show_default=True,
        callback=lambda _ctx, _param, n: n or None,  # 0: exact only
        help="Simulated attacks (0: exact only).",
    )
    return calculator_command(
        entry, *_CONQUEST, trials, seed_option(), workers_option(), call=_conquest
    )


COMMANDS = {
    "simulate": _simulate,
    "auction": _auction,
    "election": _election,
    "attacks": _attacks,
    "conquest": _conquest_command,
    "card-worth": _card_worth,
}
group = game_group("borgia", COMMANDS)
