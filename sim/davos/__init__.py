"""Davos (Martijn Snelder, Marty.Games): Base, Mean and Big Game for 2-5 players, the team
variant (4, 6, 8) and the dissident variant (3-8), each with any of the three games.

The three modes are simulator kinds of one game loop: ``games`` (the normal mode),
``team`` and ``dissident``; ``big``, ``big_team`` and ``big_dissident`` are the Big Game
(``big`` of ``kernel.simulate``) in the three modes; the suite runs each for the player counts the rulebook
gives.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tableodds.sim.core.game import GameSpec, rules_functions, whole_games
from tableodds.sim.davos.options import MODE_PLAYERS, PLAYERS

if TYPE_CHECKING:
    from tableodds.sim.davos.rules import Settings

__all__ = ["GAME", "check", "settings"]

# imported on first call: ``import tableodds.sim.davos`` stays free of numpy and numba
check, make_settings, seating = rules_functions(__name__, "check", "make_settings", "seating")


def settings(players: int) -> Settings:
    return make_settings(players)


# mixed tables, so that the suite exercises every bot in every mode: in the team variant a
# colour votes and bargains as its first seat (both teams bargain at 4 players); the
# dissident players play the blocking goal bot
_TEAM_BOTS = ("bargain", "bargain", "goal", "contest", "random", "goal", "contest", "random")
_OTHER_BOTS = ("contest", "bargain", "random", "bargain", "goal", "random", "goal")


def big_settings(players: int) -> Settings:
    """The Big Game, every bot at the table (random twice, so its control plays are seen)."""
    bots = ("random", "goal", "random", "contest", "bargain")
    return make_settings(players, "big", policies=list(bots[:players]))


def team_settings(players: int) -> Settings:
    return make_settings(players, policies=list(_TEAM_BOTS[:players]), mode="team")


def _dissident_policies(players: int, others, white) -> list[str]:
    """The dissident players take ``white`` in turn, the other seats ``others``."""
    seats = seating(players, "dissident")[1]
    bots, whites = iter(others), iter(white)
    return [next(whites) if d else next(bots) for d in seats]


def dissident_settings(players: int) -> Settings:
    pols = _dissident_policies(players, _OTHER_BOTS, ("goal", "goal"))
    return make_settings(players, policies=pols, mode="dissident")


# the Big Game in the variants: random seats in every team and beside the dissident players,
# so that control plays of every kind are seen; a dissident team is a goal and a random bot
_BIG_TEAM_BOTS = ("random", "bargain", "goal", "random", "contest", "goal", "bargain", "random")
_BIG_OTHER_BOTS = ("random", "contest", "goal", "bargain", "random", "goal", "bargain")


def big_team_settings(players: int) -> Settings:
    return make_settings(players, "big", policies=list(_BIG_TEAM_BOTS[:players]), mode="team")


def big_dissident_settings(players: int) -> Settings:
    pols = _dissident_policies(players, _BIG_OTHER_BOTS, ("goal", "random"))
    return make_settings(players, "big", policies=pols, mode="dissident")


_GAMES = whole_games(__name__)  # the modes and the Big Game are settings of one game loop
GAME = GameSpec(
    name="davos",
    players=PLAYERS,
    settings=settings,
    compile_seconds=25,
    kinds=(
        _GAMES,
        *(
            replace(_GAMES, name=name, settings=make, players=players)
            for name, make, players in (
                ("big", big_settings, PLAYERS),
                ("team", team_settings, MODE_PLAYERS["team"]),
                ("dissident", dissident_settings, MODE_PLAYERS["dissident"]),
                ("big_team", big_team_settings, MODE_PLAYERS["team"]),
                ("big_dissident", big_dissident_settings, MODE_PLAYERS["dissident"]),
            )
        ),
    ),
    chunk_size=8_192,
)
