"""``tableodds davoserjas ...``: simulate whole games, or value one hand."""
from __future__ import annotations

import click

from tableodds.analysis import davoserjas as analysis
from tableodds.reports.cli.driver import drive
from tableodds.reports.cli.options import (data_option, game_options, int_list, output_options,
                                           players_option, run_options, variant_option)
from tableodds.sim.davoserjas import GAME
from tableodds.sim.davoserjas.rules import PLAYERS, POLICIES, VARIANTS

group = click.Group(name="davoserjas", help="Davoserjas: six rounds of minus tricks and Kabalen.")

options = game_options(POLICIES, "random",
                       variant_option(VARIANTS, metavar="NAME[=VALUE]"),
                       data_option("--rules", "A round list in TOML instead of the packaged one."))


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=100_000, chunk_size=GAME.chunk_size)
@options
@click.option("--rounds", default=None, metavar="1,2,...",
              help="Play only these rounds (numbers in the round list) [default: all].")
@output_options
def simulate(players, run, game, rounds, output):
    """Simulate whole games: mean penalty per round and seat, distributions, P(lowest total).

    Example: tableodds davoserjas simulate --players 4 --games 1000000 --policies careful,random,random,random
    """
    rounds = int_list(rounds, "--rounds")
    drive(lambda plan: analysis.simulate(plan, players, rounds=rounds, **game), **run, **output)


@group.command()
@players_option(PLAYERS, 4)
@click.option("--round", "round_number", type=int, default=1, show_default=True,
              help="Round number in the round list (seat (round-1) mod players leads).")
@click.option("--seat", type=int, default=0, show_default=True, help="The seat holding the hand.")
@run_options(games=100_000, chunk_size=GAME.chunk_size)
@options
@output_options
@click.argument("cards", nargs=-1, required=True)
def hand(players, round_number, seat, run, game, output, cards):
    """Expected penalty of one hand in one round; the unseen cards are dealt at random.

    CARDS are rank then suit: AS KH 10D 2C (T for ten and the symbols ♠♥♦♣ work too).
    """
    drive(lambda plan: analysis.hand(plan, cards, players, round_number, seat, **game),
          **run, **output)
