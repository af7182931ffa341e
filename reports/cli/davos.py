"""Davos: secret goals, corps, parliaments and bills.

``tableodds davos ...``: which goals are hardest, which bot is stronger, and how a
parliament votes.
"""

from __future__ import annotations

from pathlib import Path

import click

from tableodds.reports.cli.driver import run_and_print
from tableodds.reports.cli.lazy import Lazy
from tableodds.reports.cli.lazy import group as game_group
from tableodds.reports.cli.options import (
    data_option,
    game_options,
    list_callback,
    simulation,
)
from tableodds.sim.davos import GAME
from tableodds.sim.davos.options import (
    BIG_TOKENS,
    CONTROL_OPENS,
    DISSIDENT_PROFIT,
    DISSIDENT_SPECIALTIES,
    GAMES,
    MODES,
    NONE_BILLS,
    POLICIES,
)


def _choice(flag: str, choices, default: str, help: str):
    """A Davos rule setting: one of ``choices``, its default shown in --help."""
    return click.option(
        flag, type=click.Choice(list(choices)), default=default, show_default=True, help=help
    )


def _game_option():
    return _choice(
        "--game",
        GAMES,
        "base",
        "Base Game, the Mean Game (7 sectors, two C positions, bills "
        "without ideology, one goal deck), or the Big Game (the Mean Game with control "
        "cards, specialties and victory tokens; with every --mode).",
    )


def _none_bills_option():
    return _choice(
        "--none-bills",
        NONE_BILLS,
        "split",
        "Mean Game bills without ideology: split = one effect when passed, "
        "another when rejected (the card's rejected_own/rejected_other); same = the "
        "passed effect either way.",
    )


def _mode_option():
    return _choice(
        "--mode",
        MODES,
        "normal",
        "normal (2-5 players); team: teams of two, mates diagonally opposite, a shared "
        "colour and pooled goals (4, 6 or 8 players); dissident: dissident players play the "
        "white assets and take the others' failed goals (3-8; with 7 a super dissident). "
        "Each mode plays with the Base, the Mean or the Big Game (--game).",
    )


def _dissident_profit_option():
    return _choice(
        "--dissident-profit",
        DISSIDENT_PROFIT,
        "none",
        "The dissident variant's reading of the rulebook's 'Winst voor de dissidents negeer "
        "je': none = the dissident players' white assets earn no profit from bills, as the "
        "seed says (their losses still apply); take = they take bill profits like any colour "
        "(the sentence read as being about the normal game's neutral white assets only).",
    )


def _big_options():
    """The Big Game's readings of the rulebook (rules.CONTROL_OPENS, BIG_TOKENS and
    DISSIDENT_SPECIALTIES)."""
    return [
        _choice(
            "--control-open",
            CONTROL_OPENS,
            "four",
            "Big Game: four = all four open control cards may be bought (the three "
            "positions and the stack's turned card); three = only the three positions.",
        ),
        _choice(
            "--big-tokens",
            BIG_TOKENS,
            "final",
            "Big Game: final = a revealed goal met again at the end of year 3 also takes "
            "victory tokens; goals = tokens only in the Goals phase of years 1 and 2.",
        ),
        _choice(
            "--dissident-specialty",
            DISSIDENT_SPECIALTIES,
            "none",
            "Big Game, dissident variant: none = a dissident player's member card has no "
            "specialty (the rulebook gives none); card = it keeps its seat's specialty.",
        ),
    ]


def _cards_option():
    return data_option(
        "--cards",
        "Goals, bills and party ideologies in TOML instead of the "
        "packaged defaults (same format as sim/davos/cards.toml).",
    )


def _vote(entry):
    analysis = Lazy(entry.module, entry.function)

    @click.command(entry.command)
    @click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document on stdout.")
    def vote(file, as_json):
        """How a parliament votes on a bill, party by party.

        FILE is TOML: bill = "L" (the bill's ideology, or "none"), a [wishes] table
        (player = "for" / "against") and one [[parties]] table per party with
        name, ideology, dissidents = N and assets = { player = N, ... }.
        """
        run_and_print(lambda _plan: analysis(file), as_json=as_json)

    return vote


COMMANDS = {
    "goals": simulation(
        GAME,
        several=True,
        options=game_options(
            POLICIES,
            "goal",
            _game_option(),
            _none_bills_option(),
            _cards_option(),
            click.option(
                "--decks",
                type=click.IntRange(1, 200),
                default=1,
                show_default=True,
                help="Run the given cards and DECKS - 1 plausible decks drawn from the run's "
                "seed (tableodds.sim.davos.decks); rank the requirement kinds per deck and "
                "across.",
            ),
            _mode_option(),
            *_big_options(),
            _dissident_profit_option(),
            mixes=True,
        ),
    ),
    "duel": simulation(
        GAME,
        options=game_options(
            None,
            "",
            click.option(
                "--policies",
                default="contest,goal",
                show_default=True,
                metavar="A,B,...",
                callback=list_callback,
                help=f"The policies to compare, every pair in turn ({', '.join(POLICIES)}).",
            ),
            _game_option(),
            _none_bills_option(),
            _cards_option(),
            _mode_option(),
            _dissident_profit_option(),
        ),
        # a duel plays each deal once per colour: chunks of the game's size froze the bar for
        # 13 s on one core in the Big Game; 16 times smaller ones take about a second
        chunk_size=GAME.chunk_size // 16,
    ),
    "vote": _vote,
}
group = game_group("davos", COMMANDS)
