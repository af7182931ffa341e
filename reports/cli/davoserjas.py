"""``tableodds davoserjas ...``: simulate whole games, or value one hand."""
from __future__ import annotations

import click

from tableodds.analysis import davoserjas as analysis
from tableodds.reports.cli.options import (INT_LIST, data_option, game_options,
                                           simulation_command, variant_option)
from tableodds.sim.davoserjas import GAME
from tableodds.sim.davoserjas.rules import POLICIES, VARIANTS

group = click.Group(name="davoserjas", help="Davoserjas: six rounds of minus tricks and Kabalen.")

options = game_options(POLICIES, "random",
                       variant_option(VARIANTS, metavar="NAME[=VALUE]"),
                       data_option("--rules", "A round list in TOML instead of the packaged one."))

simulation_command(
    group, analysis.simulate, GAME, games=100_000, options=options,
    extra=[click.option("--rounds", type=INT_LIST, default=None, metavar="1,2,...",
                        help="Play only these rounds (numbers in the round list) "
                        "[default: all].")],
    example="tableodds davoserjas simulate --players 4 --games 1000000 "
            "--policies careful,random,random,random")

simulation_command(
    group, analysis.hand, GAME, games=100_000, options=options,
    extra=[click.option("--round", type=int, default=1, show_default=True,
                        help="Round number in the round list (seat (round-1) mod players "
                        "leads)."),
           click.option("--seat", type=int, default=0, show_default=True,
                        help="The seat holding the hand."),
           click.argument("cards", nargs=-1, required=True)],
    example="tableodds davoserjas hand --round 4 --seat 2 KC QC 9C 3C AH 10H 4H 8D 7D 2D "
            "6S 5S 2S")
