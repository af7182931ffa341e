"""``tableodds davoserjas ...``: simulate whole games, or value one hand."""
from __future__ import annotations

from pathlib import Path

import click

from tableodds.analysis import davoserjas as analysis
from tableodds.reports.cli.driver import drive
from tableodds.reports.cli.options import (chosen_policies, int_list, output_options,
                                           players_option, policy_options, run_options)
from tableodds.sim.davoserjas import GAME
from tableodds.sim.davoserjas.rules import PLAYERS, POLICIES, VARIANTS

group = click.Group(name="davoserjas", help="Davoserjas: six rounds of minus tricks and Kabalen.")

_VARIANT_HELP = "; ".join(f"{k}: {v}" for k, v in VARIANTS.items())
_POLICY_HELP = "; ".join(f"{k}: {v}" for k, v in POLICIES.items())


def game_options(f):
    f = click.option("--rules", "rules_file", type=click.Path(path_type=Path, dir_okay=False),
                     default=None, help="A round list in TOML instead of the packaged one.")(f)
    f = click.option("--variant", "variants", multiple=True, metavar="NAME[=VALUE]",
                     help=f"Rule variant, repeatable. {_VARIANT_HELP}.")(f)
    return policy_options(_POLICY_HELP, "random")(f)


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=100_000, chunk_size=GAME.chunk_size)
@game_options
@click.option("--rounds", default=None, metavar="1,2,...",
              help="Play only these rounds (numbers in the round list) [default: all].")
@output_options
def simulate(players, run, policy, policies, variants, rules_file, rounds, output):
    """Simulate whole games: mean penalty per round and seat, distributions, P(lowest total).

    Example: tableodds davoserjas simulate --players 4 --games 1000000 --policies careful,random,random,random
    """
    pols, rounds = chosen_policies(policy, policies), int_list(rounds, "--rounds")
    drive(lambda plan: analysis.simulate(plan, players, pols, rounds, variants, rules_file),
          **run, **output)


@group.command()
@players_option(PLAYERS, 4)
@click.option("--round", "round_number", type=int, default=1, show_default=True,
              help="Round number in the round list (seat (round-1) mod players leads).")
@click.option("--seat", type=int, default=0, show_default=True, help="The seat holding the hand.")
@run_options(games=100_000, chunk_size=GAME.chunk_size)
@game_options
@output_options
@click.argument("cards", nargs=-1, required=True)
def hand(players, round_number, seat, run, policy, policies, variants, rules_file, output,
         cards):
    """Expected penalty of one hand in one round; the unseen cards are dealt at random.

    CARDS are rank then suit: AS KH 10D 2C (T for ten and the symbols ♠♥♦♣ work too).
    """
    pols = chosen_policies(policy, policies)
    drive(lambda plan: analysis.hand(plan, cards, players, round_number, seat, pols, variants,
                                     rules_file), **run, **output)
