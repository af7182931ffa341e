"""Borgia (Phalanx Games 2003): auctions, papal elections and conquest."""
from __future__ import annotations

import numpy as np

from tableodds.sim.borgia.rules import PLAYERS, Settings, make_settings
from tableodds.sim.core.game import GameSpec


def _settings(players: int) -> Settings:
    # a mixed table, so that the shared suite exercises both bots
    return make_settings(players, (["value", "random"] * 3)[:players])


def _simulate(settings, seed, start, count):
    from tableodds.sim.borgia.kernel import simulate_chunk
    return simulate_chunk(settings, seed, start, count)


def _reference(settings, seed, start, count):
    from tableodds.sim.borgia.reference import reference_chunk
    return reference_chunk(settings, seed, start, count)


def check(frame, settings: Settings) -> None:
    """Invariants of the per-seat records (raises AssertionError naming the game)."""
    import polars as pl
    df = frame.collect() if hasattr(frame, "collect") else frame
    P, d = settings.players, settings.deck
    parts = sum(df[c] for c in ("vp_cash", "vp_pope", "vp_office", "vp_artist", "vp_city"))
    bad = df.filter(parts != df["vp"])
    assert bad.is_empty(), f"game {bad['game'][0]}: VP sources do not add up"
    bad = df.filter(pl.col("money") < 0)
    assert bad.is_empty(), f"game {bad['game'][0]}: negative cash"
    if not d.city_vp:
        assert (df["vp_city"] == 0).all(), "cities scored although city_vp is off"
    turns = [f"pope_t{t + 1}" for t in range(d.turns)]
    g = df.group_by("game").agg(
        [pl.col("money").sum(), pl.col("bank").first(), pl.col("cardinals").sum(),
         pl.col("vp_pope").sum()] + [pl.col(t).sum() for t in turns]
        + [pl.col(f"votes_t{t + 1}").sum().alias(f"v{t}") for t in range(d.turns)]
        + [pl.col(f"received_t{t + 1}").sum().alias(f"r{t}") for t in range(d.turns)])
    # money is conserved: every payment goes between a player and the bank
    bad = g.filter(pl.col("money") + pl.col("bank") != d.bank)
    assert bad.is_empty(), f"game {bad['game'][0]}: money not conserved"
    bad = g.filter(pl.col("cardinals") != P * d.cardinals)
    assert bad.is_empty(), f"game {bad['game'][0]}: cardinals not conserved"
    for t in range(d.turns):
        bad = g.filter(pl.col(turns[t]) != 1)
        assert bad.is_empty(), f"game {bad['game'][0]}: not exactly one pope in turn {t + 1}"
        bad = g.filter(pl.col(f"v{t}") != pl.col(f"r{t}"))
        assert bad.is_empty(), f"game {bad['game'][0]}: votes cast != votes received"
    bad = g.filter(pl.col("vp_pope") != 10 * d.turns)
    assert bad.is_empty(), f"game {bad['game'][0]}: pope VP is not 10 per turn"
    # the pope has the most votes received
    for t in range(d.turns):
        top = df.group_by("game").agg(pl.col(f"received_t{t + 1}").max().alias("top"))
        j = df.join(top, on="game").filter(pl.col(turns[t]) == 1)
        bad = j.filter(pl.col(f"received_t{t + 1}") != pl.col("top"))
        assert bad.is_empty(), f"game {bad['game'][0]}: pope without the most votes"


GAME = GameSpec(name="borgia", players=PLAYERS, settings=_settings, simulate_chunk=_simulate,
                reference_chunk=_reference, check=check, chunk_size=4096)

__all__ = ["GAME", "check", "np"]
