"""Davos (Martijn Snelder, Marty.Games): Base, Mean and Big Game for 2-5 players, the team
variant (4, 6, 8) and the dissident variant (3-8), each with any of the three games.

The three modes are simulator kinds of one game loop: ``games`` (the normal mode),
``team`` and ``dissident``; ``big``, ``big_team`` and ``big_dissident`` are the Big Game
(``big`` of ``kernel.simulate``) in the three modes; the suite runs each for the player counts the rulebook
gives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tableodds.sim.core.game import GameSpec, SimKind, lazy_chunk, lazy_function
from tableodds.sim.davos.options import MODE_PLAYERS, PLAYERS

if TYPE_CHECKING:
    from tableodds.sim.davos.rules import Settings

__all__ = ["GAME", "check", "settings"]

# imported on first call: ``import tableodds.sim.davos`` stays free of numpy and numba
_RULES = "tableodds.sim.davos.rules"
check = lazy_function(_RULES, "check")
columns = lazy_function(_RULES, "columns")
make_settings = lazy_function(_RULES, "make_settings")
seating = lazy_function(_RULES, "seating")
simulate_chunk = lazy_chunk("tableodds.sim.davos.kernel", "simulate_chunk")
reference_chunk = lazy_chunk("tableodds.sim.davos.reference", "reference_chunk")


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


GAME = GameSpec(
    name="davos",
    players=PLAYERS,
    settings=settings,
    kinds=(
        SimKind("games", simulate_chunk, reference_chunk, check, columns),
        SimKind("big", simulate_chunk, reference_chunk, check, columns, big_settings, PLAYERS),
        SimKind(
            "team",
            simulate_chunk,
            reference_chunk,
            check,
            columns,
            team_settings,
            MODE_PLAYERS["team"],
        ),
        SimKind(
            "dissident",
            simulate_chunk,
            reference_chunk,
            check,
            columns,
            dissident_settings,
            MODE_PLAYERS["dissident"],
        ),
        SimKind(
            "big_team",
            simulate_chunk,
            reference_chunk,
            check,
            columns,
            big_team_settings,
            MODE_PLAYERS["team"],
        ),
        SimKind(
            "big_dissident",
            simulate_chunk,
            reference_chunk,
            check,
            columns,
            big_dissident_settings,
            MODE_PLAYERS["dissident"],
        ),
    ),
    chunk_size=8_192,
)
