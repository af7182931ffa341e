"""``tableodds davos ...``: which goals are hardest, and how a parliament votes."""
from __future__ import annotations

from pathlib import Path

import click

from tableodds.analysis import davos as analysis
from tableodds.reports.cli.driver import drive
from tableodds.reports.cli.options import (data_option, int_list, output_options, run_options,
                                           split_list)
from tableodds.sim.davos import GAME
from tableodds.sim.davos.rules import GAMES, PLAYERS, POLICIES

group = click.Group(name="davos", help="Davos: secret goals, corps, parliaments and bills.")

_POLICY_HELP = "; ".join(f"{k}: {v}" for k, v in POLICIES.items())


def _policy_sets(policy: str | None, policies: tuple[str, ...]) -> list[list[str]]:
    if policy and policies:
        raise click.UsageError("give --policy or --policies, not both")
    if policies:
        return [split_list(p) for p in policies]
    return [[policy] if policy else ["goal"]]


@group.command()
@click.option("--players", "-p", default="4", show_default=True, metavar="P[,P...]",
              help=f"Number of players ({PLAYERS.start}-{PLAYERS.stop - 1}); several "
                   "comma-separated to compare player counts.")
@run_options(games=100_000, chunk_size=GAME.chunk_size)
@click.option("--policy", default=None, metavar="NAME",
              help=f"Policy for every seat [default: goal]. {_POLICY_HELP}.")
@click.option("--policies", multiple=True, metavar="A,B,...",
              help="One policy per seat (or one for all), comma-separated; repeat the option "
                   "to compare policy mixes.")
@click.option("--game", "variant", type=click.Choice(GAMES), default="base", show_default=True,
              help="Base Game, or the Mean Game (7 sectors, two C positions, bills without "
                   "ideology, one goal deck).")
@data_option("--cards", "Goals, bills and party ideologies in TOML instead of the packaged "
             "defaults (same format as sim/davos/cards.toml).")
@output_options
def goals(players, run, policy, policies, variant, cards, output):
    """Which goals are hardest: P(achieved) by year-1, year-2 and final check, per goal and kind.

    Example: tableodds davos goals --players 4 --games 200000 --policies goal --policies random
    """
    counts = int_list(players, "--players")
    if not counts:
        raise click.UsageError("--players needs at least one player count")
    mixes = _policy_sets(policy, policies)
    drive(lambda plan: analysis.goals(plan, counts, mixes, variant, cards), **run, **output)


@group.command()
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document on stdout.")
def vote(file, as_json):
    """How a parliament votes on a bill, party by party.

    FILE is TOML: bill = "L" (the bill's ideology, or "none"), a [wishes] table
    (player = "for" / "against") and one [[parties]] table per party with
    name, ideology, dissidents = N and assets = { player = N, ... }.
    """
    drive(lambda _plan: analysis.vote(file), as_json=as_json)
