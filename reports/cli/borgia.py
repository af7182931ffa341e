"""Borgia: auctions, papal elections and conquest odds.

``tableodds borgia ...``: auction prices, papal elections, conquest odds, whole games.
"""

from __future__ import annotations

import click

from tableodds.reports.cli.driver import run_and_print
from tableodds.reports.cli.lazy import Lazy
from tableodds.reports.cli.lazy import group as game_group
from tableodds.reports.cli.options import (
    Bounded,
    data_option,
    game_options,
    output_options,
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


def _conquest(entry):
    analysis = Lazy(entry.module, entry.function)

    @click.command(entry.command)
    @click.option(
        "--attack",
        required=True,
        metavar="S,S,...",
        help="Strengths of the attacker's condottieri in hand, e.g. 3,2.",
    )
    @click.option(
        "--defend",
        default=None,
        metavar="PART=N,...",
        help="The target's own power: city=N, family=N (independent families), "
        "davinci=N, other=N, each part once; leave out for an unprotected office or artist.",
    )
    @click.option(
        "--hand",
        default=None,
        metavar="S,S,...",
        help="Strengths of the defender's condottieri in hand.",
    )
    @click.option(
        "--attacker",
        "sa",
        type=click.Choice(list(CONQUEST_STRATEGIES)),
        default="all",
        show_default=True,
        help=f"Attacker's secret choice. {_STRATEGY_HELP}.",
    )
    @click.option(
        "--defender",
        "sd",
        type=click.Choice(list(CONQUEST_STRATEGIES)),
        default="random",
        show_default=True,
        help="Defender's secret choice.",
    )
    @click.option(
        "--trials",
        "-n",
        type=Bounded(0, MAX_GAMES),
        default=entry.games,
        show_default=True,
        help="Simulated attacks (0: exact only).",
    )
    @seed_option()
    @workers_option()
    @output_options
    def conquest(attack, defend, hand, sa, sd, trials, seed, workers, output):
        """The chance an attack succeeds when both sides pick condottieri in secret.

        Exact by enumeration when the choices are few, and simulated; the two agree.

        Example: tableodds borgia conquest --attack 3,2 --defend city=2,family=1 --hand 2,1
        """
        from tableodds.sim.borgia.rules import parse_defence, parse_strengths

        att = parse_strengths(attack, "--attack")
        dfd = parse_strengths(hand, "--hand")
        base = sum(parse_defence(defend).values())
        run_and_print(
            lambda plan: analysis(plan, att, dfd, base, sa, sd),
            games=trials or None,
            seed=seed,
            workers=workers,
            **output,
        )

    return conquest


COMMANDS = {
    "simulate": _simulate,
    "auction": _auction,
    "election": _election,
    "attacks": _attacks,
    "conquest": _conquest,
    "card-worth": _card_worth,
}
group = game_group("borgia", COMMANDS)
