"""``tableodds 1844 ...``: the train-rush forecast over whole simulated games."""
from __future__ import annotations

from pathlib import Path

import click

from tableodds.analysis import s1844 as analysis
from tableodds.reports.cli.driver import drive
from tableodds.reports.cli.options import chosen_policies, int_list, output_options, policy_options, run_options
from tableodds.sim.s1844 import GAME
from tableodds.sim.s1844.rules import POLICIES

group = click.Group(name="1844", help="1844: Schweiz: when the phases start, the trains rust, "
                    "the SBB forms and the bank breaks.")

_POLICY_HELP = "; ".join(f"{k}: {v}" for k, v in POLICIES.items())


@group.command("train-rush")
@click.option("--players", "-p", default="5", show_default=True, metavar="P[,P...]",
              help="Player count(s), 3-7; several are compared side by side.")
@run_options(games=20_000, chunk_size=GAME.chunk_size)
@policy_options(_POLICY_HELP, "careful")
@click.option("--params", "params_file", type=click.Path(path_type=Path, dir_okay=False),
              default=None, help="A TOML file overriding model parameters (see params.toml).")
@output_options
def train_rush(players, run, policy, policies, params_file, output):
    """Forecast the train rush: the OR of each phase, rust, SBB formation, bank break and end.

    Example: tableodds 1844 train-rush --players 4,5 --games 100000 --out rush
    """
    counts = int_list(players, "--players") or []
    pols = chosen_policies(policy, policies)
    drive(lambda plan: analysis.train_rush(plan, counts, pols, params_file), **run, **output)
