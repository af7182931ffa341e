"""Davos (Martijn Snelder, Marty.Games): Base and Mean Game for 2-5 players."""
from __future__ import annotations

import polars as pl

from tableodds.sim.core.game import GameSpec
from tableodds.sim.davos.kernel import simulate_chunk
from tableodds.sim.davos.reference import reference_chunk
from tableodds.sim.davos.rules import GOAL_SLOTS, PLAYERS, Settings, make_settings


def settings(players: int) -> Settings:
    return make_settings(players)


def check(frame: pl.DataFrame, settings: Settings) -> None:
    """The rules every record must satisfy; raises AssertionError naming the first broken one."""
    P = settings.players
    f = frame

    def ensure(mask: pl.Series, what: str) -> None:
        bad = f.filter(~mask)
        assert bad.height == 0, f"{what}: game {bad['game'][0]}, seat {bad['seat'][0]}"

    i = pl.Int64
    # conservation: every asset a seat owns came from income or bill gains and went to the
    # board, its supply, the bank (goal buys, extra turns) or off a corp (bill losses)
    ensure((f["supply"].cast(i) + f["board"] == f["income"].cast(i) + f["gained"] - f["paid"]
            - f["lost"]), "seat assets not conserved")
    ensure(f["dissidents_board"].cast(i) == f["dissidents_placed"].cast(i) - f["dissidents_lost"],
           "dissidents not conserved")
    ensure(f["supply"] >= 0, "negative supply")
    ensure(f["score"].cast(i) == f["achieved"].cast(i) + f["categories"] - f["failed"],
           "score is not achieved + categories - failed")
    ensure(f["categories"] <= f["achieved"], "more categories than achieved goals")
    ensure(f["categories"] <= len(settings.categories), "more categories than exist")
    if not settings.dissidents:
        ensure(f["dissidents_placed"] == 0, "dissidents with 5 players")
    held = pl.lit(0, i)
    for k in range(GOAL_SLOTS):
        g = f"g{k}_"
        used = f[g + "goal"] >= 0
        ensure(used | (f[g + "acquired"] == 0), "empty goal slot with data")
        ensure(~used | ((f[g + "goal"] < len(settings.goals)) & f[g + "acquired"].is_between(1, 3)),
               "goal slot out of range")
        ensure((f[g + "discarded"] == 0) | (f[g + "discarded"] >= f[g + "acquired"]),
               "goal laid off before it was taken")
        ensure((f[g + "revealed"] == 0) | (f[g + "discarded"] == 0), "revealed goal laid off")
        ensure((f[g + "revealed"] == 0) | (f[g + "revealed"] < 3), "goal revealed in year 3")
        held = held + (used & (f[g + "discarded"] == 0)).cast(i)
    ensure(f.select(held == f["achieved"].cast(i) + f["failed"]).to_series(),
           "achieved + failed is not the goals held")
    per_game = f.group_by("game").agg(pl.len().alias("n"), pl.col("won").sum().alias("w"))
    bad = per_game.filter((pl.col("n") != P) | (pl.col("w") != 1))
    assert bad.height == 0, f"not one winner and {P} seats: game {bad['game'][0]}"


GAME = GameSpec(name="davos", players=PLAYERS, settings=settings,
                simulate_chunk=simulate_chunk, reference_chunk=reference_chunk, check=check,
                chunk_size=8_192)
