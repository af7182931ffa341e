"""Borgia analyses over simulated records; nothing here simulates.

Inputs are lazy frames of the records from ``sim.borgia.kernel``: one row per
game and seat (``seat_columns``), per auction-pile card (``auction_columns``),
per attack (``attack_columns``) or per conquest trial (``conquest_chunk``).
Sums are integer, so tables do not depend on chunking or worker count.
The exact conquest odds enumerate both sides' secret choices with fractions.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from itertools import product

import numpy as np
import polars as pl

from tableodds.analysis.registry import analysis
from tableodds.analysis.result import Result, Summary, table
from tableodds.analysis.stats import (
    Mean,
    Proportion,
    ci,
    mean_from_moments,
    mean_of,
    moments_query,
    plus_minus,
    quantile_of_counts,
    wilson,
)
from tableodds.sim.borgia import GAME
from tableodds.sim.borgia.kernel import attack_chunk, auction_chunk, conquest_chunk, simulate_chunk
from tableodds.sim.borgia.policies import card_value
from tableodds.sim.borgia.rules import (
    STRATEGY_CODES,
    TYPES,
    conquest_succeeds,
    load_vote_table,
    make_settings,
)
from tableodds.sim.core.runner import CommandRuns, Counts, tally_scan

BAND = (0.1, 0.9)  # the price range shown beside the mean and median (10-90%)
SOURCES = ("vp_cash", "vp_pope", "vp_office", "vp_artist", "vp_city")
METHODS = ("bid", "spy", "unsold", "opener")

# why a source can score nothing in every game (its row is then left out and this said)
_NEVER = {"vp_city": "cities score VP only with --city-vp"}


def _never(m: Mean) -> bool:
    """A mean that is 0 in every game (a VP source that cannot score, a difference the
    switch never makes)."""
    return m.estimate == 0 and m.se == 0


def _compact(p: Proportion) -> str:
    """``0.26 [0.25,0.27]``: a chance with its interval, to its digits, for narrow columns."""
    return f"{p.value()} {p.interval().replace(', ', ',')}"


_SHARE = 60  # lcm(1..5): a tie among k seats gives each 60/k, an exact integer


# --- whole games ------------------------------------------------------------------
@dataclass(frozen=True)
class SeatSummary:
    seat: int
    policy: str
    vp: Mean
    sources: dict  # source -> Mean
    win: Proportion  # P(most VP, ties included)
    win_share: Mean  # expected share of the win (1/k on a k-way tie)
    popes: Mean  # elections won per game


@dataclass(frozen=True)
class GameSummary(Summary):
    """VP and its sources by seat (and so by policy), with the VP distribution."""

    players: int
    games: int
    policies: tuple[str, ...]
    seats: tuple[SeatSummary, ...]
    distribution: pl.DataFrame = field(repr=False)  # seat, vp, count, p
    reelected: Proportion | None = None  # the turn-1 pope re-elected in turn 2
    unanimous: Proportion | None = None  # every turn-1 vote for one player

    def tables(self) -> dict[str, pl.DataFrame]:
        rows = []
        for s in self.seats:
            row = {"seat": s.seat, "policy": s.policy, "vp": s.vp.estimate, "vp_se": s.vp.se}
            for k, m in s.sources.items():
                row[k] = m.estimate
                row[f"{k}_se"] = m.se
            row.update(
                {
                    "p_win": s.win.estimate,
                    "p_win_low": s.win.low,
                    "p_win_high": s.win.high,
                    "win_share": s.win_share.estimate,
                    "popes": s.popes.estimate,
                    "games": s.vp.n,
                }
            )
            rows.append(row)
        return {"seats": pl.DataFrame(rows), "vp_distribution": self.distribution}

    def plots(self) -> dict:
        return {"vp": plot_vp(self)}

    def text(self) -> str:
        w = 15
        head = f"{'':<22}" + "".join(f"{f'seat {s.seat} {s.policy}':>{w}}" for s in self.seats)
        lines = [
            "Mean VP per game (± standard error)",
            head,
            f"{'total VP':<22}" + "".join(f"{str(s.vp):>{w}}" for s in self.seats),
        ]
        # a source no seat ever scored (cities without --city-vp) is left out, and said
        never = [k for k in SOURCES if all(_never(s.sources[k]) for s in self.seats)]
        for k in SOURCES:
            if k not in never:
                lines.append(
                    f"{'  from ' + k.removeprefix('vp_'):<22}"
                    + "".join(f"{str(s.sources[k]):>{w}}" for s in self.seats)
                )
        lines.append(
            f"{'elected pope (times)':<22}" + "".join(f"{str(s.popes):>{w}}" for s in self.seats)
        )
        lines.append(
            f"{'P(most VP, a tie too)':<22}" + "".join(f"{s.win.value():>{w}}" for s in self.seats)
        )
        lines.append(
            f"{'  95% CI':<22}"
            + "".join(f"{s.win.interval().replace(', ', ','):>{w}}" for s in self.seats)
        )
        lines.append(
            f"{'share (a tie split)':<22}" + "".join(f"{str(s.win_share):>{w}}" for s in self.seats)
        )
        if never:
            names = " and ".join(k.removeprefix("vp_") for k in never)
            lines.append(f"(no VP from {names} in any game: {_NEVER.get(never[0], '')})")
        if self.reelected is not None:
            lines += ["", *_facts_lines(self.reelected, self.unanimous)]
        return "\n".join(lines)

    def as_dict(self) -> dict:
        return {
            "players": self.players,
            "games": self.games,
            "policies": list(self.policies),
            "seats": [
                {
                    "seat": s.seat,
                    "policy": s.policy,
                    "vp": s.vp.as_dict(),
                    "sources": {k: m.as_dict() for k, m in s.sources.items()},
                    "win": s.win.as_dict(),
                    "win_share": s.win_share.as_dict(),
                    "popes_per_game": s.popes.as_dict(),
                }
                for s in self.seats
            ],
            "vp_distribution": self.distribution.to_dicts(),
            "reelected": None if self.reelected is None else self.reelected.as_dict(),
            "unanimous_t1": None if self.unanimous is None else self.unanimous.as_dict(),
        }


def _popes(settings) -> pl.Expr:
    return pl.sum_horizontal([pl.col(f"pope_t{t + 1}") for t in range(settings.deck.turns)])


def game_counts(settings, records: pl.LazyFrame | pl.DataFrame) -> Counts:
    """What the game summary of a run is made of, as counts that add up over chunks (a
    game's rows are all in one chunk): per seat the moments of VP, its sources, the win
    share, popes and wins; how often each (seat, VP) occurs; and per game the re-elected and
    unanimous counts."""
    lf = records.lazy().with_columns(
        (pl.col("won").cast(pl.Int64) * (_SHARE // pl.col("winners").cast(pl.Int64))).alias(
            "share"
        ),
        _popes(settings).alias("popes"),
    )
    seat, vp, facts = pl.collect_all(
        [
            moments_query(lf, ["vp", *SOURCES, "share", "popes", "won"], "seat"),
            lf.group_by(["seat", "vp"]).agg(pl.len().cast(pl.Int64).alias("count")),
            _per_game(lf, settings).select(
                pl.len().cast(pl.Int64).alias("n"),
                pl.col("reelected").cast(pl.Int64).sum(),
                pl.col("unanimous").cast(pl.Int64).sum(),
            ),
        ]
    )
    return Counts(
        {"seat": seat, "vp": vp, "facts": facts},
        {"seat": ("seat",), "vp": ("seat", "vp"), "facts": ()},
    )


def summarise_games(lf: pl.LazyFrame, settings) -> GameSummary:
    """The game summary of a run from its records."""
    return summarise_game_counts(tally_scan(partial(game_counts, settings), lf), settings)


def summarise_game_counts(c: Counts, settings) -> GameSummary:
    """The game summary of a run from its counts (:func:`game_counts`)."""
    rows = c["seat"].sort("seat").to_dicts()
    seats = tuple(
        SeatSummary(
            seat=r["seat"],
            policy=settings.policies[r["seat"]],
            vp=mean_of(r, "vp"),
            sources={k: mean_of(r, k) for k in SOURCES},
            win=wilson(int(r["won_s"]), int(r["n"])),
            win_share=mean_of(r, "share", _SHARE),
            popes=mean_of(r, "popes"),
        )
        for r in rows
    )
    dist = c["vp"].sort(["seat", "vp"])
    dist = dist.with_columns((pl.col("count") / pl.col("count").sum().over("seat")).alias("p"))
    f = c["facts"].row(0, named=True)
    reelected, unanimous = (wilson(int(f[k]), int(f["n"])) for k in ("reelected", "unanimous"))
    return GameSummary(
        settings.players, rows[0]["n"], settings.policies, seats, dist, reelected, unanimous
    )


# --- elections --------------------------------------------------------------------
def _per_game(lf: pl.LazyFrame, settings) -> pl.LazyFrame:
    """One row per game: the turn-1 pope re-elected in turn 2, a unanimous turn-1 election
    (every vote for one player), and who became pope in turn 1 (``pope<seat>``)."""
    again = (
        (pl.col("pope_t1").cast(pl.Int64) * pl.col("pope_t2").cast(pl.Int64)).sum()
        if settings.deck.turns > 1
        else pl.lit(0, pl.Int64)
    )
    return lf.group_by("game").agg(
        again.alias("reelected"),
        (pl.col("received_t1").max() == pl.col("votes_t1").sum()).cast(pl.Int64).alias("unanimous"),
        *[
            pl.col("pope_t1").filter(pl.col("seat") == s).first().cast(pl.Int64).alias(f"pope{s}")
            for s in range(settings.players)
        ],
    )


def election_facts(lf: pl.LazyFrame, settings) -> tuple[Proportion, Proportion]:
    """P(the turn-1 pope is re-elected in turn 2) and P(the turn-1 election is unanimous)."""
    r = (
        _per_game(lf, settings)
        .select(pl.len().alias("n"), pl.col("reelected").sum(), pl.col("unanimous").sum())
        .collect(engine="streaming")
        .row(0, named=True)
    )
    return wilson(int(r["reelected"]), int(r["n"])), wilson(int(r["unanimous"]), int(r["n"]))


@dataclass(frozen=True)
class MarketComparison:
    """The same games (same seeds) with the vote market switched: value <-> market bots."""

    policies: tuple[str, ...]  # the other run's policies
    pope_t1: tuple[Proportion, ...]  # per seat, in the other run
    reelected: Proportion
    unanimous: Proportion
    # other run minus this one, per game on the same seed (paired), with standard errors
    d_pope_t1: tuple[Mean, ...]
    d_reelected: Mean
    d_unanimous: Mean

    def as_dict(self) -> dict:
        return {
            "policies": list(self.policies),
            "p_pope_t1": [p.as_dict() for p in self.pope_t1],
            "reelected": self.reelected.as_dict(),
            "unanimous_t1": self.unanimous.as_dict(),
            "difference": {
                "p_pope_t1": [d.as_dict() for d in self.d_pope_t1],
                "reelected": self.d_reelected.as_dict(),
                "unanimous_t1": self.d_unanimous.as_dict(),
            },
        }


def compare_market(lf: pl.LazyFrame, other: pl.LazyFrame, settings, other_settings):
    a, b = _per_game(lf, settings), _per_game(other, other_settings)
    cols = ["reelected", "unanimous", *(f"pope{s}" for s in range(settings.players))]
    j = a.join(b, on="game", suffix="_b").select(
        pl.len().alias("n"),
        *[pl.col(f"{c}_b").sum().alias(f"{c}_k") for c in cols],
        *[(pl.col(f"{c}_b") - pl.col(c)).sum().alias(f"{c}_s") for c in cols],
        *[((pl.col(f"{c}_b") - pl.col(c)) ** 2).sum().alias(f"{c}_q") for c in cols],
    )
    r = j.collect(engine="streaming").row(0, named=True)
    n = int(r["n"])

    def diff(c):
        return mean_from_moments(n, r[f"{c}_s"], r[f"{c}_q"])

    P = settings.players
    return MarketComparison(
        other_settings.policies,
        tuple(wilson(int(r[f"pope{s}_k"]), n) for s in range(P)),
        wilson(int(r["reelected_k"]), n),
        wilson(int(r["unanimous_k"]), n),
        tuple(diff(f"pope{s}") for s in range(P)),
        diff("reelected"),
        diff("unanimous"),
    )


def _facts_lines(reelected: Proportion, unanimous: Proportion) -> list[str]:
    return [
        f"{'turn-1 pope re-elected in turn 2':<36}{reelected}",
        f"{'turn-1 election unanimous':<36}{unanimous}",
    ]


@dataclass(frozen=True)
class ElectionSummary(Summary):
    """P(pope) by seat and turn; what a pope gains (10 VP) and gives away (offices)."""

    players: int
    games: int
    policies: tuple[str, ...]
    pope: tuple[tuple[Proportion, ...], ...]  # [seat][turn]
    gain_vp: int
    given_vp: tuple[Mean | None, ...]  # per seat: office VP given up per election
    given_offices: tuple[Mean | None, ...]  # per seat: offices given up per election
    reelected: Proportion | None = None  # the turn-1 pope re-elected in turn 2
    unanimous: Proportion | None = None  # every turn-1 vote for one player
    market: MarketComparison | None = None

    def tables(self) -> dict[str, pl.DataFrame]:
        rows = []
        for seat, turns in enumerate(self.pope):
            for t, p in enumerate(turns):
                rows.append(
                    {
                        "seat": seat,
                        "policy": self.policies[seat],
                        "turn": t + 1,
                        "p_pope": p.estimate,
                        "low": p.low,
                        "high": p.high,
                        "n": p.n,
                    }
                )
        loss = [
            {
                "seat": s,
                "policy": self.policies[s],
                "gain_vp": self.gain_vp,
                "office_vp_given": None if v is None else v.estimate,
                "office_vp_given_se": None if v is None else v.se,
                "offices_given": None if o is None else o.estimate,
                "elections": 0 if v is None else v.n,
            }
            for s, (v, o) in enumerate(zip(self.given_vp, self.given_offices))
        ]
        out = {"p_pope": pl.DataFrame(rows), "pope_gain_loss": pl.DataFrame(loss)}
        if self.market is not None:
            m = self.market
            facts = [
                ("reelected", self.reelected, m.reelected, m.d_reelected),
                ("unanimous_t1", self.unanimous, m.unanimous, m.d_unanimous),
            ] + [
                (f"p_pope_t1_seat{s}", self.pope[s][0], m.pope_t1[s], m.d_pope_t1[s])
                for s in range(self.players)
            ]
            out["market_comparison"] = pl.DataFrame(
                [
                    {
                        "measure": name,
                        "this": a.estimate,
                        "this_low": a.low,
                        "this_high": a.high,
                        "other": b.estimate,
                        "other_low": b.low,
                        "other_high": b.high,
                        "difference": d.estimate,
                        "difference_se": d.se,
                    }
                    for name, a, b, d in facts
                ]
            )
        return out

    def plots(self) -> dict:
        return {"p_pope": plot_pope(self)}

    def text(self) -> str:
        T = len(self.pope[0])
        pw = 2 + max(len(_compact(p)) for row in self.pope for p in row)
        lines = [
            "P(elected pope) per turn [95% CI]",
            f"{'seat':<18}" + "".join(f"{f'turn {t + 1}':>{pw}}" for t in range(T)),
        ]
        for s in range(self.players):
            lines.append(
                f"{f'{s} {self.policies[s]}':<18}"
                + "".join(f"{_compact(p):>{pw}}" for p in self.pope[s])
            )
        lines += [
            "",
            f"A new pope gains {self.gain_vp} VP at once and gives away his offices "
            f"(turns 1-{T - 1}; in the last turn nothing follows):",
            f"{'seat':<18}{'office VP given / election':>28}{'offices given':>16}{'elections':>11}",
        ]
        for s in range(self.players):
            v, o = self.given_vp[s], self.given_offices[s]
            lines.append(
                f"{f'{s} {self.policies[s]}':<18}{'-' if v is None else str(v):>28}"
                f"{'-' if o is None else str(o):>16}{0 if v is None else v.n:>11}"
            )
        lines.append(
            "(office VP: the printed VP scored at each later scoring the office would have stayed)"
        )
        if self.reelected is not None:
            lines += ["", *_facts_lines(self.reelected, self.unanimous)]
        if self.market is not None:
            m = self.market
            pairs = [self.reelected, self.unanimous, m.reelected, m.unanimous, *m.pope_t1]
            w = 2 + max(len(_compact(p)) for p in pairs)
            lines += [
                "",
                "The same games with the vote market switched (value <-> market bots); "
                "difference = switched - this run, game by game on the same seeds "
                "(± standard error):",
                f"  this run: {','.join(self.policies)}; switched: {','.join(m.policies)}",
                f"{'':<34}{'this run':>{w}}{'switched':>{w}}{'difference':>18}",
            ]
            rows = [
                ("turn-1 pope re-elected in turn 2", self.reelected, m.reelected, m.d_reelected)
            ]
            rows.append(("turn-1 election unanimous", self.unanimous, m.unanimous, m.d_unanimous))
            rows += [
                (f"P(pope, turn 1) seat {s}", self.pope[s][0], m.pope_t1[s], m.d_pope_t1[s])
                for s in range(self.players)
            ]
            same = [name for name, _, _, d in rows if _never(d)]
            for name, a, b, d in rows:
                if name not in same:
                    lines.append(
                        f"{name:<34}{_compact(a):>{w}}{_compact(b):>{w}}"
                        f"{d.with_error(signed=True):>18}"
                    )
            seats = [f"P(pope, turn 1) seat {s}" for s in range(self.players)]
            if set(seats) <= set(same):  # said once for every seat
                same = [x for x in same if x not in seats] + ["P(pope, turn 1) of every seat"]
            if same:
                lines.append(
                    f"the same in every game, switched or not (a difference of 0): "
                    f"{', '.join(same)}"
                )
        return "\n".join(lines)

    def as_dict(self) -> dict:
        return {
            "players": self.players,
            "games": self.games,
            "policies": list(self.policies),
            "p_pope": [[p.as_dict() for p in turns] for turns in self.pope],
            "gain_vp": self.gain_vp,
            "office_vp_given_per_election": [
                None if v is None else v.as_dict() for v in self.given_vp
            ],
            "offices_given_per_election": [
                None if v is None else v.as_dict() for v in self.given_offices
            ],
            "reelected": None if self.reelected is None else self.reelected.as_dict(),
            "unanimous_t1": None if self.unanimous is None else self.unanimous.as_dict(),
            "market_comparison": None if self.market is None else self.market.as_dict(),
        }


def summarise_elections(lf: pl.LazyFrame, settings) -> ElectionSummary:
    from tableodds.sim.borgia.rules import POPE_VP

    T = settings.deck.turns
    cols = [f"pope_t{t + 1}" for t in range(T)]
    df = (
        lf.group_by("seat")
        .agg([pl.len().alias("n")] + [pl.col(c).cast(pl.Int64).sum() for c in cols])
        .sort("seat")
        .collect(engine="streaming")
    )
    pope = tuple(tuple(wilson(int(r[c]), int(r["n"])) for c in cols) for r in df.to_dicts())
    # per game and seat with at least one election that gives offices away (turns 1..T-1)
    early = (
        pl.sum_horizontal([pl.col(f"pope_t{t + 1}").cast(pl.Int64) for t in range(T - 1)])
        if T > 1
        else pl.lit(0)
    )
    rows = (
        lf.with_columns(early.alias("elections"))
        .filter(pl.col("elections") > 0)
        .with_columns(
            (pl.col("office_vp_given") / pl.col("elections")).alias("vp_each"),
            (pl.col("offices_given") / pl.col("elections")).alias("n_each"),
        )
        .group_by("seat")
        .agg(
            pl.len().alias("n"),
            pl.col("vp_each").sum().alias("v_s"),
            (pl.col("vp_each") ** 2).sum().alias("v_q"),
            pl.col("n_each").sum().alias("o_s"),
            (pl.col("n_each") ** 2).sum().alias("o_q"),
        )
        .collect(engine="streaming")
    )
    by = {r["seat"]: r for r in rows.to_dicts()}
    vp = tuple(
        mean_from_moments(by[s]["n"], by[s]["v_s"], by[s]["v_q"]) if s in by else None
        for s in range(settings.players)
    )
    off = tuple(
        mean_from_moments(by[s]["n"], by[s]["o_s"], by[s]["o_q"]) if s in by else None
        for s in range(settings.players)
    )
    reelected, unanimous = election_facts(lf, settings)
    return ElectionSummary(
        settings.players,
        int(df["n"][0]),
        settings.policies,
        pope,
        POPE_VP,
        vp,
        off,
        reelected,
        unanimous,
    )


@dataclass(frozen=True)
class VoteResult(Summary):
    names: tuple[str, ...]
    own: tuple[int, ...]
    vote_for: tuple[str, ...]
    received: tuple[int, ...]
    sitting: str
    winner: str

    def table(self) -> pl.DataFrame:
        return pl.DataFrame(
            {
                "player": list(self.names),
                "votes": list(self.own),
                "votes_for": list(self.vote_for),
                "received": list(self.received),
                "pope": [n == self.winner for n in self.names],
            }
        )

    def tables(self) -> dict[str, pl.DataFrame]:
        return {"votes": self.table()}

    def text(self) -> str:
        lines = [
            f"Papal election · sitting pope {self.sitting} · 3 votes per cardinal + "
            "printed office votes",
            "",
            f"{'player':<14}{'own votes':>10}  {'votes for':<14}{'received':>9}",
        ]
        for n, o, f, r in zip(self.names, self.own, self.vote_for, self.received):
            mark = "  <- new pope" if n == self.winner else ""
            lines.append(f"{n:<14}{o:>10}  {f:<14}{r:>9}{mark}")
        lines += [
            "",
            "A tie keeps the sitting pope if he is among the tied, else the first "
            "tied player clockwise from him wins.",
        ]
        return "\n".join(lines)

    def as_dict(self) -> dict:
        return {
            "sitting_pope": self.sitting,
            "new_pope": self.winner,
            "players": self.table().to_dicts(),
        }


def vote_table(voters, pope: str) -> VoteResult:
    from tableodds.sim.borgia.rules import count_votes

    received, winner = count_votes(voters, pope)
    return VoteResult(
        tuple(v.name for v in voters),
        tuple(v.votes for v in voters),
        tuple(v.vote_for for v in voters),
        tuple(received),
        pope,
        winner,
    )


# --- auctions ---------------------------------------------------------------------
@dataclass(frozen=True)
class AuctionSummary(Summary):
    """Price paid per card type; the spy's free blind card against bidding."""

    games: int
    types: pl.DataFrame = field(repr=False)  # one row per card type
    distribution: pl.DataFrame = field(repr=False)  # type, price, count, p
    bid_net: Mean | None  # value - price of a card bought at auction
    spy_net: Mean | None  # value of a card taken with a spy (free)
    spy_beats: Proportion | None  # P(spied card's value > mean net of a bought card)

    def tables(self) -> dict[str, pl.DataFrame]:
        spy = pl.DataFrame(
            [
                {"what": k, "mean": m.estimate, "se": m.se, "n": m.n}
                for k, m in (
                    ("bought: value - price", self.bid_net),
                    ("spied: value", self.spy_net),
                )
                if m is not None
            ]
        )
        return {
            "auction_prices": self.types,
            "price_distribution": self.distribution,
            "spy_vs_bid": spy,
        }

    def plots(self) -> dict:
        return {"auction_prices": plot_prices(self)}

    def text(self) -> str:
        def whole(x) -> str:
            return "-" if x is None else f"{x:.0f}"

        lines = [
            "Auction-pile cards by type: how they were taken, and the price when bought (D)",
            f"{'type':<12}{'offered':>9}{'bought':>9}{'spied':>8}{'unsold':>8}"
            f"{'mean ± se':>15}{'median':>8}{'10%':>6}{'90%':>6}",
        ]
        for r in self.types.to_dicts():
            price = plus_minus(r["mean_price"], r["se"]) if r.get("mean_price") is not None else "-"
            lines.append(
                f"{r['type']:<12}{r['offered']:>9,}{r['bid']:>9,}{r['spy']:>8,}"
                f"{r['unsold'] + r['opener']:>8,}{price:>15}{whole(r.get('median')):>8}"
                f"{whole(r.get('p10')):>6}{whole(r.get('p90')):>6}"
            )
        if self.bid_net and self.spy_net:
            lines += [
                "",
                "Spy or bid (card worth by the value bot's yardstick, D):",
                f"  bought at auction: value - price = {self.bid_net}",
                f"  taken with a spy:  value (free)  = {self.spy_net}",
            ]
            if self.spy_beats:
                b = self.spy_beats
                lines.append(f"  P(spied card beats the mean bought card of its turn) = {b}")
        return "\n".join(lines)

    def as_dict(self) -> dict:
        return {
            "games": self.games,
            "by_type": self.types.to_dicts(),
            "bid_net_value": self.bid_net,
            "spy_value": self.spy_net,
            "p_spy_beats_bidding": self.spy_beats,
            "price_distribution": self.distribution.to_dicts(),
        }


def _value_table(settings) -> pl.DataFrame:
    """What the value bot thinks each card is worth, per turn (the auction's yardstick)."""
    rows = []
    for c in settings.cards:
        for t in range(settings.deck.turns):
            rows.append(
                {
                    "card": c.id,
                    "turn": t + 1,
                    "value": int(
                        card_value(
                            c.code,
                            c.power,
                            c.income,
                            c.vp,
                            c.votes,
                            c.cost,
                            settings.deck.turns - t,
                            settings.deck.city_vp,
                            settings.deck.patronage == "each_turn",
                        )
                    ),
                }
            )
    return pl.DataFrame(rows, schema={"card": pl.Int8, "turn": pl.Int8, "value": pl.Int64})


_AUCTION_KEYS = ("type", "card", "turn", "method", "price")


def auction_counts(records: pl.LazyFrame | pl.DataFrame) -> Counts:
    """How often each (card, turn, method, price) occurs: a few thousand rows whatever the
    number of games, counts that add up over chunks."""
    keys = list(_AUCTION_KEYS)
    cells = (
        records.lazy()
        .select(pl.col(keys).cast(pl.Int64))
        .group_by(keys)
        .agg(pl.len().cast(pl.Int64).alias("count"))  # sums of counts outgrow UInt32
        .collect(engine="streaming")
    )
    return Counts({"cells": cells}, {"cells": _AUCTION_KEYS})


def summarise_auctions(lf: pl.LazyFrame, settings, games: int) -> AuctionSummary:
    """The auction tables of a run from its records."""
    return summarise_auction_counts(auction_counts(lf), settings, games)


def summarise_auction_counts(counts: Counts, settings, games: int) -> AuctionSummary:
    # Every table below is read from the counts (a few thousand rows), so memory stays flat;
    # sums stay exact integers and the quantiles are order statistics.
    counts = (
        counts["cells"]
        .join(_value_table(settings).cast(pl.Int64), on=["card", "turn"], how="left")
        .with_columns(net=pl.col("value") - pl.col("price"))
    )
    sold = counts.filter(pl.col("method") == 0)
    dist = sold.group_by("type", "price").agg(pl.col("count").sum()).sort("type", "price")
    offered = counts.group_by("type").agg(
        pl.col("count").sum().alias("offered"),
        *[
            pl.col("count").filter(pl.col("method") == i).sum().alias(m)
            for i, m in enumerate(METHODS)
        ],
    )
    rows = []
    for r in offered.sort("type").to_dicts():
        t = r["type"]
        row = {"type": TYPES[t], **{k: r[k] for k in ("offered", *METHODS)}}
        p = dist.filter(pl.col("type") == t)
        if p.height:
            price, count = p["price"].to_numpy(), p["count"].to_numpy()
            m = mean_from_moments(
                int(count.sum()), int((price * count).sum()), int((price * price * count).sum())
            )
            row.update(
                mean_price=m.estimate,
                se=m.se,
                median=quantile_of_counts(price, count, 0.5, "linear"),
                p10=quantile_of_counts(price, count, BAND[0]),
                p90=quantile_of_counts(price, count, BAND[1]),
                min=int(price[0]),
                max=int(price[-1]),
            )
        rows.append(row)
    dist = dist.with_columns(
        (pl.col("count") / pl.col("count").sum().over("type")).alias("p"),
        pl.col("type").map_elements(lambda t: TYPES[t], return_dtype=pl.String).alias("name"),
    )
    nets = {}
    for method in (0, 1):
        g = counts.filter(pl.col("method") == method)
        if g.height:
            n, net = g["count"].to_numpy(), g["net"].to_numpy()
            nets[method] = mean_from_moments(
                int(n.sum()), int((net * n).sum()), int((net * net * n).sum())
            )
    beats = None
    if 0 in nets and 1 in nets:
        # does a spied card's value beat the mean net of the cards bought in its turn?  Compared
        # in integers: value > sum / n  <=>  value * n > sum
        bar = sold.group_by("turn").agg(
            pl.col("count").sum().alias("n_t"), (pl.col("net") * pl.col("count")).sum().alias("s_t")
        )
        spied = counts.filter(pl.col("method") == 1).join(bar, on="turn", how="left")
        k = spied.filter(pl.col("value") * pl.col("n_t") > pl.col("s_t"))["count"].sum()
        beats = wilson(int(k), int(spied["count"].sum()))
    return AuctionSummary(games, pl.DataFrame(rows), dist, nets.get(0), nets.get(1), beats)


# --- conquest ---------------------------------------------------------------------
def strength_distribution(strengths: list[int], strategy: str) -> dict[int, Fraction]:
    """P(committed strength = s) for one side's secret choice, exactly."""
    n = len(strengths)
    if strategy == "all":
        return {sum(strengths): Fraction(1)}
    if strategy == "none" or n == 0:
        return {0: Fraction(1)}
    if strategy == "strongest":
        return {max(strengths): Fraction(1)}
    dist: dict[int, Fraction] = {}
    if strategy == "one":
        for x in strengths:
            dist[x] = dist.get(x, Fraction(0)) + Fraction(1, n)
        return dist
    if strategy == "random":
        for pick in product((0, 1), repeat=n):
            s = sum(x for x, k in zip(strengths, pick) if k)
            dist[s] = dist.get(s, Fraction(0)) + Fraction(1, 2**n)
        return dist
    raise ValueError(f"unknown strategy {strategy!r}")


EXACT_LIMIT = 2**22  # outcomes enumerated at most (attacker's times defender's choices)


def choices(strengths: list[int], strategy: str) -> int:
    return 2 ** len(strengths) if strategy == "random" else max(len(strengths), 1)


def conquest_exact(
    attack: list[int], defend: list[int], base: int, sa: str, sd: str
) -> Fraction | None:
    """P(the attack succeeds) by enumeration; None when too many outcomes."""
    if choices(attack, sa) * choices(defend, sd) > EXACT_LIMIT:
        return None
    pa = strength_distribution(attack, sa)
    pd = strength_distribution(defend, sd)
    return sum(
        (qa * qd for a, qa in pa.items() for d, qd in pd.items() if conquest_succeeds(a, base + d)),
        Fraction(0),
    )


@dataclass(frozen=True)
class ConquestSummary(Summary):
    attack: tuple[int, ...]
    defend: tuple[int, ...]
    base: int
    attacker: str
    defender: str
    exact: Fraction | None
    simulated: Proportion | None
    matrix: pl.DataFrame = field(repr=False)  # exact P for every strategy pair (when small)

    def tables(self) -> dict[str, pl.DataFrame]:
        row = {
            "attack": ",".join(map(str, self.attack)),
            "hand": ",".join(map(str, self.defend)),
            "base_defence": self.base,
            "attacker": self.attacker,
            "defender": self.defender,
            "exact": None if self.exact is None else float(self.exact),
            "exact_fraction": None if self.exact is None else str(self.exact),
            "simulated": None if self.simulated is None else self.simulated.estimate,
            "sim_low": None if self.simulated is None else self.simulated.low,
            "sim_high": None if self.simulated is None else self.simulated.high,
            "trials": 0 if self.simulated is None else self.simulated.n,
        }
        return {"conquest": pl.DataFrame([row]), "conquest_strategies": self.matrix}

    def text(self) -> str:
        lines = [
            f"Conquest · attacker condottieri {list(self.attack)} ({self.attacker}) "
            f"against defence {self.base} + condottieri {list(self.defend)} "
            f"({self.defender})",
            "",
            "The attacker needs strictly more power; a target with no power falls.",
            "",
        ]
        if self.exact is not None:
            lines.append(
                f"P(attack succeeds), exact:     {float(self.exact):.6f}  (= {self.exact})"
            )
        else:
            lines.append("P(attack succeeds), exact:     too many choices to enumerate")
        if self.simulated is not None:
            s = self.simulated
            lines.append(f"P(attack succeeds), simulated: {s}  ({s.n:,} trials)")
        m = self.matrix
        lines += [
            "",
            "Exact P(success) for every pair of strategies (rows: attacker, columns: defender)",
            f"{'':<11}" + "".join(f"{c:>11}" for c in m.columns[1:]),
        ]
        for r in m.to_dicts():
            lines.append(
                f"{r['attacker']:<11}"
                + "".join(f"{'-' if r[c] is None else f'{r[c]:.4f}':>11}" for c in m.columns[1:])
            )
        return "\n".join(lines)

    def as_dict(self) -> dict:
        return {
            "attack": list(self.attack),
            "defender_hand": list(self.defend),
            "base_defence": self.base,
            "attacker_strategy": self.attacker,
            "defender_strategy": self.defender,
            "exact": None if self.exact is None else float(self.exact),
            "exact_fraction": None if self.exact is None else str(self.exact),
            "simulated": self.simulated,
            "strategies": self.matrix.to_dicts(),
        }


def strategy_matrix(attack, defend, base) -> pl.DataFrame:
    from tableodds.sim.borgia.rules import CONQUEST_STRATEGIES

    rows = []
    for sa in CONQUEST_STRATEGIES:
        row = {"attacker": sa}
        for sd in CONQUEST_STRATEGIES:
            p = conquest_exact(attack, defend, base, sa, sd)
            row[sd] = None if p is None else float(p)
        rows.append(row)
    return pl.DataFrame(rows)


def summarise_conquest(lf: pl.LazyFrame | None, attack, defend, base, sa, sd) -> ConquestSummary:
    sim = None
    if lf is not None:
        k = lf.select(
            pl.col("success").cast(pl.Int64).sum().alias("k"), pl.len().alias("n")
        ).collect(engine="streaming")
        sim = wilson(int(k["k"][0]), int(k["n"][0]))
    return ConquestSummary(
        tuple(attack),
        tuple(defend),
        base,
        sa,
        sd,
        conquest_exact(attack, defend, base, sa, sd),
        sim,
        strategy_matrix(attack, defend, base),
    )


@dataclass(frozen=True)
class AttackSummary(Summary):
    """Attacks in simulated games: success by target type."""

    table: pl.DataFrame = table("attacks_by_target", json="by_target")

    def text(self) -> str:
        lines = [
            f"{'target':<12}{'attacks':>9}  {'P(success) [95% CI]':<26}{'own def.':>9}"
            f"{'attack':>8}{'defence':>8}"
        ]
        for r in self.table.to_dicts():
            lines.append(
                f"{r['target']:<12}{r['n']:>9,}  "
                f"{ci(r['p_success'], r['low'], r['high']):<26}{r['mean_base']:>7.2f}"
                f"{r['mean_attack']:>8.2f}{r['mean_defence']:>8.2f}"
            )
        return "\n".join(lines)


def summarise_attacks(lf: pl.LazyFrame) -> AttackSummary:
    df = (
        lf.group_by("type")
        .agg(
            pl.len().alias("n"),
            pl.col("success").cast(pl.Int64).sum().alias("k"),
            pl.col("base").cast(pl.Int64).mean().alias("mean_base"),
            pl.col("attack").cast(pl.Int64).mean().alias("mean_attack"),
            pl.col("defence").cast(pl.Int64).mean().alias("mean_defence"),
        )
        .sort("type")
        .collect(engine="streaming")
    )
    ps = [wilson(int(k), int(n)) for k, n in zip(df["k"], df["n"])]
    df = df.with_columns(
        pl.Series("target", [TYPES[t] for t in df["type"]]),
        pl.Series("p_success", [p.estimate for p in ps]),
        pl.Series("low", [p.low for p in ps]),
        pl.Series("high", [p.high for p in ps]),
    )
    return AttackSummary(
        df.select(
            ["target", "n", "p_success", "low", "high", "mean_base", "mean_attack", "mean_defence"]
        )
    )


# --- plots ------------------------------------------------------------------------
def plot_vp(summary: GameSummary):
    from tableodds.analysis.plots import figure, integer_ticks, legend_outside

    fig, (a, b) = figure(ncols=2, figsize=(11.5, 3.8))
    d = summary.distribution
    for s in summary.seats:
        part = d.filter(pl.col("seat") == s.seat)
        a.plot(
            part["vp"].to_numpy(), part["p"].to_numpy(), lw=1, label=f"seat {s.seat} ({s.policy})"
        )
    a.set_xlabel("final VP")
    a.set_ylabel("P(VP = k)")
    integer_ticks(a)
    legend_outside(a)
    a.set_title(f"final VP distribution, {summary.games:,} games")
    x = np.arange(len(summary.seats))
    bottom = np.zeros(len(x))
    for k in SOURCES:
        h = np.array([s.sources[k].estimate for s in summary.seats])
        b.bar(x, h, bottom=bottom, label=k.removeprefix("vp_"))
        bottom += h
    b.set_xticks(x, [f"seat {s.seat}\n({s.policy})" for s in summary.seats])
    b.set_ylabel("mean VP per game")
    b.set_title("where the VP come from (means)")
    legend_outside(b)
    fig.tight_layout()
    return fig


def plot_prices(summary: AuctionSummary):
    """P(price <= x) per card type: prices are few discrete values, so a CDF reads best."""
    from tableodds.analysis.plots import figure, legend_outside

    fig, ax = figure(figsize=(9, 3.8))
    d = summary.distribution
    import matplotlib.pyplot as plt

    colors = plt.get_cmap("tab20").colors
    for k, name in enumerate(d["name"].unique(maintain_order=True)):
        part = d.filter(pl.col("name") == name).sort("price")
        ax.step(
            part["price"].to_numpy(),
            np.cumsum(part["p"].to_numpy()),
            where="post",
            lw=1.2,
            color=colors[k % len(colors)],
            label=name,
        )
    ax.set_xlabel("price paid (D)")
    ax.set_ylabel("P(price <= x | bought)")
    ax.set_title(f"auction prices by card type, {summary.games:,} games")
    legend_outside(ax, ncol=2)
    fig.tight_layout()
    return fig


def plot_pope(summary: ElectionSummary):
    from tableodds.analysis.plots import ERRORBARS, figure, legend_outside

    fig, ax = figure(figsize=(7, 3.4))
    T = len(summary.pope[0])
    width = 0.8 / T
    for t in range(T):
        x = np.arange(summary.players) + (t - (T - 1) / 2) * width
        p = np.array([summary.pope[s][t].estimate for s in range(summary.players)])
        lo = np.array([summary.pope[s][t].low for s in range(summary.players)])
        hi = np.array([summary.pope[s][t].high for s in range(summary.players)])
        ax.bar(x, p, width=width, yerr=[p - lo, hi - p], label=f"turn {t + 1}")
    ax.set_xticks(
        range(summary.players),
        [f"seat {s}\n({summary.policies[s]})" for s in range(summary.players)],
    )
    ax.set_ylabel("P(elected pope)")
    ax.set_title(f"who is elected pope ({ERRORBARS})")
    legend_outside(ax)
    fig.tight_layout()
    return fig


# --- the analyses: a CommandRuns and keyword settings in, a Result out ----------------------
def title(settings) -> str:
    return (
        f"Borgia · {settings.players} players · policies {','.join(settings.policies)}"
        f" · cards {settings.deck.source}"
    )


def _records(plan: CommandRuns, chunk_fn, settings, label: str, name: str = "", tally=None):
    return plan.run(
        partial(chunk_fn, settings), name, default_chunk=GAME.chunk_size, label=label, tally=tally
    )


@analysis(
    "borgia",
    "simulate",
    games=100_000,
    main=True,
    about="VP sources by seat",
    example="tableodds borgia simulate --policies value,random,random,random",
)
def simulate(
    plan: CommandRuns,
    players: int = 4,
    policies=None,
    cards=None,
    city_vp=None,
    unsold=None,
    cardinal_deal=None,
    patronage=None,
) -> Result:
    """Whole games: VP distribution and VP sources (cash, pope, offices, artists) by seat."""
    settings = make_settings(players, policies, cards, city_vp, unsold, cardinal_deal, patronage)
    res = _records(plan, simulate_chunk, settings, "borgia", tally=partial(game_counts, settings))
    return Result(
        "borgia simulate",
        settings.describe(),
        summarise_game_counts(res.counts, settings),
        plan,
        titles={"": title(settings)},
    )


@analysis(
    "borgia",
    "auction",
    games=20_000,
    about="card prices",
    example="tableodds borgia auction --players 4 --policy value --games 50000",
)
def auction(
    plan: CommandRuns,
    players: int = 4,
    policies=None,
    cards=None,
    city_vp=None,
    unsold=None,
    cardinal_deal=None,
    patronage=None,
) -> Result:
    """Price paid per card type (mean, median, 10-90%) and how often the spy beats bidding."""
    settings = make_settings(players, policies, cards, city_vp, unsold, cardinal_deal, patronage)
    res = _records(plan, auction_chunk, settings, "auctions", tally=auction_counts)
    return Result(
        "borgia auction",
        settings.describe(),
        summarise_auction_counts(res.counts, settings, res.games_done),
        plan,
        titles={"": title(settings)},
    )


@analysis(
    "borgia",
    "election",
    games=50_000,
    about="the papacy",
    example="tableodds borgia election --policies value,random,random,random",
)
def election(
    plan: CommandRuns,
    players: int = 4,
    policies=None,
    cards=None,
    city_vp=None,
    unsold=None,
    cardinal_deal=None,
    patronage=None,
    votes=None,
    market_compare: bool = True,
) -> Result:
    """P(pope) by seat and strategy, re-election and unanimity, and the VP a pope gains and
    gives away; with ``market_compare`` also the same games with every value bot a market
    bot and back. With ``votes`` (a vote table in TOML), count that one election instead."""
    if votes is not None:
        return Result("borgia election", {"votes": str(votes)}, vote_table(*load_vote_table(votes)))
    settings = make_settings(players, policies, cards, city_vp, unsold, cardinal_deal, patronage)
    res = _records(plan, simulate_chunk, settings, "borgia")
    summary = summarise_elections(res.scan(), settings)
    swap = {"value": "market", "market": "value"}
    other = tuple(swap.get(p, p) for p in settings.policies)
    if market_compare and other != settings.policies:
        other_settings = make_settings(
            players, list(other), cards, city_vp, unsold, cardinal_deal, patronage
        )
        o = _records(plan, simulate_chunk, other_settings, "market switched", "switched")
        summary = dataclasses.replace(
            summary, market=compare_market(res.scan(), o.scan(), settings, other_settings)
        )
    return Result(
        "borgia election",
        settings.describe(),
        summary,
        plan,
        titles={"": title(settings)},
    )


@analysis(
    "borgia",
    "attacks",
    games=20_000,
    about="attacks in whole games, by target",
    example="tableodds borgia attacks --players 4 --policy value",
)
def attacks(
    plan: CommandRuns,
    players: int = 4,
    policies=None,
    cards=None,
    city_vp=None,
    unsold=None,
    cardinal_deal=None,
    patronage=None,
) -> Result:
    """Attacks in whole games: success by target type."""
    settings = make_settings(players, policies, cards, city_vp, unsold, cardinal_deal, patronage)
    res = _records(plan, attack_chunk, settings, "attacks")
    return Result(
        "borgia attacks",
        settings.describe(),
        summarise_attacks(res.scan()),
        plan,
        titles={"": title(settings)},
    )


@analysis(
    "borgia",
    "conquest",
    games=1_000_000,
    about="the odds of one attack",
    example="tableodds borgia conquest --attack 3,2 --defend city=2,family=1 --hand 2,1",
)
def conquest(
    plan: CommandRuns | None,
    attack,
    defend=(),
    base: int = 0,
    attacker: str = "all",
    defender: str = "random",
) -> Result:
    """The chance an attack succeeds when both sides pick condottieri in secret.

    Exact by enumeration when the choices are few, and simulated; the two agree."""
    settings = {
        "attack": list(attack),
        "defender_hand": list(defend),
        "base_defence": base,
        "attacker": attacker,
        "defender": defender,
    }
    lf = None
    if plan is not None:
        res = plan.run(
            partial(
                conquest_chunk,
                np.array(attack, np.int64),
                np.array(defend, np.int64),
                base,
                STRATEGY_CODES[attacker],
                STRATEGY_CODES[defender],
            ),
            default_chunk=262_144,
            label="conquest",
        )
        lf = res.scan()
    return Result(
        "borgia conquest",
        settings,
        summarise_conquest(lf, attack, defend, base, attacker, defender),
        plan,
        titles={"": "Borgia conquest"},
    )


# --- what a card is worth in wins -----------------------------------------------------------
@dataclass(frozen=True)
class CardWorth:
    type: str
    card: str  # the copy given (the type's middle card in deck order)
    formula: int  # the value bot's worth of it in D at the start (turn 1)
    base: Proportion  # P(most VP) of the receiving seat without the card
    extra: Proportion  # ... with it
    change: Mean  # extra - base, game by game on the same seeds


@dataclass(frozen=True)
class CardWorthSummary(Summary):
    """P(most VP) of a seat given one more card of each type at the start, against the same
    games without it, beside the value bot's formula worth of that card."""

    players: int
    games: int
    policies: tuple[str, ...]
    rows: tuple[CardWorth, ...]

    def tables(self) -> dict[str, pl.DataFrame]:
        return {
            "card_worth": pl.DataFrame(
                [
                    {
                        "type": r.type,
                        "card": r.card,
                        "formula_d": r.formula,
                        "p_win_base": r.base.estimate,
                        "p_win_extra": r.extra.estimate,
                        "change": r.change.estimate,
                        "change_se": r.change.se,
                        "change_low": r.change.low,
                        "change_high": r.change.high,
                        "games": r.change.n,
                    }
                    for r in self.rows
                ]
            )
        }

    def text(self) -> str:
        lines = [
            "One more card at the start, in P(most VP): game g gives it to seat g mod "
            f"{self.players}; change = with - without, game by game on the same seeds",
            f"{'type':<13}{'card':<16}{'formula D':>10}{'P(win) without':>16}"
            f"{'P(win) with':>13}{'change ± se':>20}{'95% CI':>20}",
        ]
        for r in self.rows:
            lines.append(
                f"{r.type:<13}{r.card:<16}{r.formula:>10}{r.base.value():>16}"
                f"{r.extra.value():>13}"
                f"{r.change.with_error(signed=True):>20}"
                f"{r.change.interval(signed=True).replace(', ', ','):>20}"
            )
        lines.append(
            "(formula D: the value bot's worth of the card with every scoring to come, "
            "policies.card_value)"
        )
        return "\n".join(lines)

    def as_dict(self) -> dict:
        return {
            "players": self.players,
            "games": self.games,
            "policies": list(self.policies),
            "cards": [
                {
                    "type": r.type,
                    "card": r.card,
                    "formula_d": r.formula,
                    "p_win_without": r.base.as_dict(),
                    "p_win_with": r.extra.as_dict(),
                    "change": r.change.as_dict(),
                }
                for r in self.rows
            ],
        }


def _receiver(lf: pl.LazyFrame, players: int) -> pl.LazyFrame:
    """Game and win of the seat that gets the extra card (seat = game mod players)."""
    return lf.filter(pl.col("seat").cast(pl.Int64) == pl.col("game") % players).select(
        "game", pl.col("won").cast(pl.Int64)
    )


def summarise_card_worth(base_lf, extra_lfs: dict, settings, extra_settings: dict):
    P = settings.players
    base = _receiver(base_lf, P)
    rows = []
    for kind, lf in extra_lfs.items():
        r = (
            base.join(_receiver(lf, P), on="game", suffix="_x")
            .select(
                pl.len().alias("n"),
                pl.col("won").sum().alias("k0"),
                pl.col("won_x").sum().alias("k1"),
                (pl.col("won_x") - pl.col("won")).sum().alias("s"),
                ((pl.col("won_x") - pl.col("won")) ** 2).sum().alias("q"),
            )
            .collect(engine="streaming")
            .row(0, named=True)
        )
        n = int(r["n"])
        c = extra_settings[kind].cards[-1]
        d = settings.deck
        formula = int(
            card_value(
                c.code,
                c.power,
                c.income,
                c.vp,
                c.votes,
                c.cost,
                d.turns,
                d.city_vp,
                d.patronage == "each_turn",
            )
        )
        rows.append(
            CardWorth(
                kind,
                c.name,
                formula,
                wilson(int(r["k0"]), n),
                wilson(int(r["k1"]), n),
                mean_from_moments(n, r["s"], r["q"]),
            )
        )
    return CardWorthSummary(P, rows[0].change.n if rows else 0, settings.policies, tuple(rows))


@analysis(
    "borgia",
    "card-worth",
    games=20_000,
    about="what one more card at the start is worth",
    example="tableodds borgia card-worth --games 20000",
)
def card_worth(
    plan: CommandRuns,
    players: int = 4,
    policies=None,
    cards=None,
    city_vp=None,
    unsold=None,
    cardinal_deal=None,
    patronage=None,
) -> Result:
    """What one more card of each type at the start is worth in wins: P(most VP) of the
    seat that gets it against the same games (same seeds) without it, with the value
    bot's formula worth of the card beside it. One run per card type plus the base."""
    args = (players, policies, cards, city_vp, unsold, cardinal_deal, patronage)
    settings = make_settings(*args)
    base = _records(plan, simulate_chunk, settings, "base")
    extra_settings, lfs = {}, {}
    for kind in TYPES:
        if not any(c.type == kind for c in settings.cards):
            continue
        extra_settings[kind] = make_settings(*args, extra=kind)
        res = _records(plan, simulate_chunk, extra_settings[kind], f"+1 {kind}", f"extra-{kind}")
        if res.interrupted:
            break
        lfs[kind] = res.scan()
    return Result(
        "borgia card-worth",
        settings.describe(),
        summarise_card_worth(base.scan(), lfs, settings, extra_settings),
        plan,
        titles={"": title(settings)},
    )
