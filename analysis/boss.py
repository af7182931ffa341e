"""I'm the Boss! analyses over simulated records (one row per game and seat).

Everything is computed with lazy Polars scans; nothing here simulates.  Game-wide
columns repeat on every seat's row, so per-game figures read the rows of seat 0.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from pathlib import Path

import polars as pl

from tableodds.analysis.registry import analysis
from tableodds.analysis.result import Result, Summary
from tableodds.analysis.stats import (
    Mean,
    ci,
    mean_of,
    moments_query,
    quantile_of_counts,
    shown,
    wilson,
)
from tableodds.sim.boss import GAME, bargain
from tableodds.sim.boss.kernel import simulate_chunk
from tableodds.sim.boss.rules import FAMILIES, SPACES, VARIANTS, exact_deal_counts, make_settings
from tableodds.sim.boss.rules import WIN_SHARE as _SHARE
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.runner import CommandRuns, Counts, part_file, tally_scan


def _games(lf: pl.LazyFrame) -> pl.LazyFrame:
    return lf.filter(pl.col("seat") == 0)


# ---- game length -----------------------------------------------------------------------


@dataclass(frozen=True)
class LengthSummary(Summary):
    """Completed deals (simulated and exact) and turns per game."""

    games: int
    capped: int  # games stopped by the turn cap (should be 0)
    deals: pl.DataFrame = field(repr=False)  # deals, count, n, p, low, high, exact, inside
    turns: pl.DataFrame = field(repr=False)  # turns, count, n, p, low, high
    mean_deals: Mean = None
    exact_mean_deals: float = 0.0
    mean_turns: Mean = None
    turn_quantiles: dict = field(default_factory=dict)

    @property
    def agrees(self) -> bool:
        """Every exact probability lies inside the simulated 95% interval."""
        return bool(self.deals["inside"].all())

    def tables(self) -> dict[str, pl.DataFrame]:
        return {"deal_count": self.deals, "turns": self.turns}

    def plots(self) -> dict:
        return {"length": plot_length(self, f"I'm the Boss!, {self.games:,} games")}

    def text(self) -> str:
        lines = [
            f"completed deals per game: mean {self.mean_deals} (exact {self.exact_mean_deals:.3f})",
            f"{'deals':>6} {'simulated [95% CI]':>28} {'exact':>8}  agrees",
        ]
        for r in self.deals.iter_rows(named=True):
            sim = ci(r["p"], r["low"], r["high"])
            lines.append(
                f"{r['deals']:>6} {sim:>28} {r['exact']:>8.4f}  {'yes' if r['inside'] else 'NO'}"
            )
        q = self.turn_quantiles
        lines += [
            "",
            f"turns per game: mean {self.mean_turns}; 5%/25%/50%/75%/95%: "
            f"{q['0.05']:.0f}/{q['0.25']:.0f}/{q['0.5']:.0f}/{q['0.75']:.0f}/"
            f"{q['0.95']:.0f}; longest {q['max']}",
        ]
        if self.capped:
            lines.append(f"WARNING: {self.capped} games stopped at the turn cap")
        return "\n".join(lines)

    def as_dict(self) -> dict:
        return {
            "games": self.games,
            "capped": self.capped,
            "agrees_with_exact": self.agrees,
            "mean_deals": self.mean_deals.as_dict(),
            "exact_mean_deals": self.exact_mean_deals,
            "mean_turns": self.mean_turns.as_dict(),
            "turn_quantiles": self.turn_quantiles,
            "deal_count": self.deals.to_dicts(),
            "turns": self.turns.to_dicts(),
        }


def counts(records: pl.LazyFrame | pl.DataFrame) -> Counts:
    """What the game summaries of a run are made of, as counts that add up over chunks:
    money and win share per seat, turn position and policy; per game the spread, deals and
    turns (and how often each count of deals and of turns occurs), games stopped by the turn
    cap, and deal attempts and successes per space."""
    lf = records.lazy()
    games = _games(lf)
    by = {k: moments_query(lf, ["money", "share"], k) for k in ("seat", "position", "policy")}
    tables = pl.collect_all(
        [
            *by.values(),
            pl.concat(
                [
                    moments_query(games, ["spread", "deals", "turns"]),
                    games.select((pl.col("end") == 2).cast(pl.Int64).sum().alias("capped")),
                ],
                how="horizontal",
            ),
            *(games.group_by(c).agg(pl.len().cast(pl.Int64).alias("count")) for c in _LENGTHS),
            pl.concat(
                [
                    lf.select(pl.col(f"a{s:02d}").cast(pl.Int64).sum() for s in range(SPACES)),
                    games.select(
                        sum((pl.col(f"d{k + 1:02d}") == s).cast(pl.Int64) for k in range(15))
                        .sum()
                        .alias(f"s{s:02d}")
                        for s in range(SPACES)
                    ),
                ],
                how="horizontal",
            ),
        ]
    )
    keys = {**{k: (k,) for k in by}, "games": (), **{c: (c,) for c in _LENGTHS}, "spaces": ()}
    return Counts(dict(zip(keys, tables)), keys)


_LENGTHS = ("deals", "turns")


def _distribution(c: Counts, col: str) -> pl.DataFrame:
    df = c[col].sort(col)
    n = int(df["count"].sum())
    cis = [wilson(int(k), n) for k in df["count"]]
    return df.with_columns(
        pl.lit(n).alias("n"),
        pl.Series("p", [c.estimate for c in cis]),
        pl.Series("low", [c.low for c in cis]),
        pl.Series("high", [c.high for c in cis]),
    )


def length_summary(lf: pl.LazyFrame, settings) -> LengthSummary:
    """The length summary of a run from its records."""
    return length_of(tally_scan(counts, lf), settings)


def length_of(c: Counts, settings) -> LengthSummary:
    """The length summary of a run from its counts (:func:`counts`)."""
    exact = {d: float(p) for d, p in exact_deal_counts(settings).items()}
    deals = _distribution(c, "deals").with_columns(pl.col("deals").cast(pl.Int64))
    n = int(deals["n"][0])
    missing = [d for d in exact if d not in deals["deals"].to_list()]
    if missing:  # a length the exact answer allows but no game had
        extra = pl.DataFrame(
            {"deals": missing, "count": [0] * len(missing)},
            schema={"deals": pl.Int64, "count": deals["count"].dtype},
        )
        cis = [wilson(0, n) for _ in missing]
        extra = extra.with_columns(
            pl.lit(n).alias("n"),
            pl.Series("p", [0.0] * len(missing)),
            pl.Series("low", [c.low for c in cis]),
            pl.Series("high", [c.high for c in cis]),
        )
        deals = pl.concat([deals, extra.cast(deals.schema)]).sort("deals")
    deals = deals.with_columns(
        pl.col("deals")
        .replace_strict(list(exact), list(exact.values()), default=0.0, return_dtype=pl.Float64)
        .alias("exact")
    )
    deals = deals.with_columns(
        ((pl.col("exact") >= pl.col("low")) & (pl.col("exact") <= pl.col("high"))).alias("inside")
    )
    turns = _distribution(c, "turns")
    row = c["games"].to_dicts()[0]
    # the quantiles from the turn counts (as Polars' "nearest" reads the sorted column), so
    # memory does not grow with the run
    q = {
        str(x): quantile_of_counts(turns["turns"], turns["count"], x)
        for x in (0.05, 0.25, 0.5, 0.75, 0.95)
    }
    q["max"] = turns["turns"].max()
    return LengthSummary(
        games=n,
        capped=int(row["capped"]),
        deals=deals,
        turns=turns,
        mean_deals=mean_of(row, "deals"),
        exact_mean_deals=sum(d * p for d, p in exact.items()),
        mean_turns=mean_of(row, "turns"),
        turn_quantiles=q,
    )


def plot_length(s: LengthSummary, title: str):
    from tableodds.analysis.plots import ERRORBARS, figure, integer_ticks, legend_outside

    fig, (a, b) = figure(ncols=2, figsize=(11, 3.6))
    d = s.deals
    x = d["deals"].to_numpy()
    p = d["p"].to_numpy()
    a.bar(
        x - 0.2,
        p,
        width=0.4,
        label="simulated (95% CI)",
        yerr=[p - d["low"].to_numpy(), d["high"].to_numpy() - p],
        capsize=3,
    )
    a.bar(x + 0.2, d["exact"].to_numpy(), width=0.4, label="exact from the card backs")
    a.set_xlabel("completed deals")
    a.set_ylabel("P(game ends after d deals)")
    legend_outside(a)
    integer_ticks(a)
    a.set_title(f"completed deals per game ({ERRORBARS})")
    t = s.turns
    b.bar(t["turns"].to_numpy(), t["p"].to_numpy(), width=1.0)
    b.set_xlabel("turns")
    b.set_ylabel("P(turns = t)")
    integer_ticks(b)
    b.set_title(f"turns per game (mean ± se {s.mean_turns})")
    fig.suptitle(title)
    fig.tight_layout()
    return fig


# ---- money, seats, spaces ------------------------------------------------------------------


@dataclass(frozen=True)
class SimulationSummary(Summary):
    """Money per seat, policy and turn position; deal success per board space."""

    players: int
    games: int
    policies: tuple[str, ...]
    money: tuple[Mean, ...]  # per seat
    win_share: tuple[Mean, ...]  # per seat, a tied win split evenly
    by_position: tuple[Mean, ...]  # money by place in turn order (0 = start player)
    win_by_position: tuple[Mean, ...]
    by_policy: dict  # policy -> (money Mean, win share Mean)
    spread: Mean  # richest minus poorest seat per game
    deals: Mean
    turns: Mean
    spaces: pl.DataFrame = field(repr=False)  # space, attempts, successes, p, low, high

    def tables(self) -> dict[str, pl.DataFrame]:
        seats = pl.DataFrame(
            [
                {
                    "seat": s,
                    "policy": self.policies[s],
                    "money": m.estimate,
                    "money_se": m.se,
                    "win_share": w.estimate,
                    "win_share_se": w.se,
                    "games": m.n,
                }
                for s, (m, w) in enumerate(zip(self.money, self.win_share))
            ]
        )
        pos = pl.DataFrame(
            [
                {
                    "position": i,
                    "money": m.estimate,
                    "money_se": m.se,
                    "win_share": w.estimate,
                    "win_share_se": w.se,
                }
                for i, (m, w) in enumerate(zip(self.by_position, self.win_by_position))
            ]
        )
        pol = pl.DataFrame(
            [
                {
                    "policy": k,
                    "money": m.estimate,
                    "money_se": m.se,
                    "win_share": w.estimate,
                    "win_share_se": w.se,
                    "seat_games": m.n,
                }
                for k, (m, w) in self.by_policy.items()
            ]
        )
        return {"seats": seats, "positions": pos, "policies": pol, "spaces": self.spaces}

    def plots(self) -> dict:
        return {
            "money": plot_money(
                self, f"I'm the Boss!, {self.players} players, {self.games:,} games"
            )
        }

    def text(self) -> str:
        w = 16
        seats = range(self.players)
        lines = [
            f"deals per game {self.deals} · turns {self.turns} · richest minus poorest "
            f"{self.spread} M",
            "",
            f"{'':<28}" + "".join(f"{'seat ' + str(i):>{w}}" for i in seats),
            f"{'policy':<28}" + "".join(f"{self.policies[i]:>{w}}" for i in seats),
            f"{'money (M) ± se':<28}" + "".join(f"{str(m):>{w}}" for m in self.money),
            f"{'win share ± se':<28}" + "".join(f"{str(m):>{w}}" for m in self.win_share),
            f"{'money by turn position':<28}" + "".join(f"{str(m):>{w}}" for m in self.by_position),
            f"{'win share by turn position':<28}"
            + "".join(f"{str(m):>{w}}" for m in self.win_by_position),
        ]
        if len(self.by_policy) > 1:
            lines += [
                "",
                "by policy: "
                + " · ".join(
                    f"{k}: money {m}, win share {v}" for k, (m, v) in self.by_policy.items()
                ),
            ]
        lines += [
            "",
            f"{'space':>5}  {'needs':<38} {'div':>3} {'attempts':>9}  success [95% CI]",
        ]
        for r in self.spaces.iter_rows(named=True):
            p = ci(r["p"], r["low"], r["high"]) if r["attempts"] else "not tried"
            lines.append(
                f"{r['space']:>5}  {r['needs']:<38} {r['dividends']:>3} {r['attempts']:>9,}  {p}"
            )
        return "\n".join(lines)

    def as_dict(self) -> dict:
        return {
            "players": self.players,
            "games": self.games,
            "policies": list(self.policies),
            "money_by_seat": [m.as_dict() for m in self.money],
            "win_share_by_seat": [m.as_dict() for m in self.win_share],
            "money_by_position": [m.as_dict() for m in self.by_position],
            "win_share_by_position": [m.as_dict() for m in self.win_by_position],
            "by_policy": {
                k: {"money": m.as_dict(), "win_share": w.as_dict()}
                for k, (m, w) in self.by_policy.items()
            },
            "spread": self.spread.as_dict(),
            "deals": self.deals.as_dict(),
            "turns": self.turns.as_dict(),
            "spaces": self.spaces.to_dicts(),
        }


def describe_space(settings, s: int) -> str:
    sp = settings.cards.spaces[s]
    req = "+".join(FAMILIES[f] for f in range(6) if sp.required >> f & 1)
    if sp.pick:
        opt = "/".join(FAMILIES[f] for f in range(6) if sp.optional >> f & 1)
        req += f" +{sp.pick} of {opt}"
    return req


def spaces(c: Counts, settings) -> pl.DataFrame:
    totals = c["spaces"].row(0)
    a, k = totals[:SPACES], totals[SPACES:]
    rows = []
    for s in range(SPACES):
        p = wilson(int(k[s]), int(a[s])) if a[s] else None
        rows.append(
            {
                "space": s + 1,
                "needs": describe_space(settings, s),
                "dividends": settings.cards.spaces[s].dividends,
                "attempts": int(a[s]),
                "successes": int(k[s]),
                "p": p.estimate if p else None,
                "low": p.low if p else None,
                "high": p.high if p else None,
            }
        )
    return pl.DataFrame(rows)


def _rows(c: Counts, by: str) -> list[dict]:
    return c[by].sort(by).to_dicts()


def summarise(lf: pl.LazyFrame, settings) -> SimulationSummary:
    """The game summary of a run from its records."""
    return summarise_counts(tally_scan(counts, lf), settings)


def summarise_counts(c: Counts, settings) -> SimulationSummary:
    """The game summary of a run from its counts (:func:`counts`)."""
    seat, pos, pol = (_rows(c, k) for k in ("seat", "position", "policy"))
    g = c["games"].to_dicts()[0]
    from tableodds.sim.boss.kernel import POLICY_CODES

    names = {v: k for k, v in POLICY_CODES.items()}
    return SimulationSummary(
        players=settings.players,
        games=g["n"],
        policies=settings.policies,
        money=tuple(mean_of(r, "money") for r in seat),
        win_share=tuple(mean_of(r, "share", _SHARE) for r in seat),
        by_position=tuple(mean_of(r, "money") for r in pos),
        win_by_position=tuple(mean_of(r, "share", _SHARE) for r in pos),
        by_policy={
            names[r["policy"]]: (mean_of(r, "money"), mean_of(r, "share", _SHARE)) for r in pol
        },
        spread=mean_of(g, "spread"),
        deals=mean_of(g, "deals"),
        turns=mean_of(g, "turns"),
        spaces=spaces(c, settings),
    )


def plot_money(s: SimulationSummary, title: str):
    from tableodds.analysis.plots import ERRORBARS, figure, integer_ticks, legend_outside

    fig, (a, b) = figure(ncols=2, figsize=(11, 3.8))
    seats = list(range(s.players))
    a.errorbar(
        seats,
        [m.estimate for m in s.money],
        yerr=[m.high - m.estimate for m in s.money],
        fmt="o",
        capsize=4,
        label="by seat",
    )
    a.errorbar(
        seats,
        [m.estimate for m in s.by_position],
        yerr=[m.high - m.estimate for m in s.by_position],
        fmt="s",
        capsize=4,
        label="by turn position (0 = start player)",
    )
    a.set_xticks(seats, [f"seat {i}\n({s.policies[i]})" for i in seats])
    a.set_xlabel("seat (policy) · turn position")
    a.set_ylabel("mean money (M)")
    legend_outside(a)
    a.set_title(f"money per seat ({ERRORBARS})")
    sp = s.spaces.filter(pl.col("attempts") > 0)
    p = sp["p"].to_numpy()
    b.bar(
        sp["space"].to_numpy(),
        p,
        yerr=[p - sp["low"].to_numpy(), sp["high"].to_numpy() - p],
        capsize=2,
    )
    b.set_xlabel("board space")
    b.set_ylabel("P(deal succeeds)")
    integer_ticks(b)
    b.set_title(f"deal success rate per space ({ERRORBARS})")
    fig.suptitle(title)
    fig.tight_layout()
    return fig


# ---- the value of one more card ---------------------------------------------------------


@dataclass(frozen=True)
class CardValue:
    """What one extra starting card of a type is worth to its holder."""

    card: str
    money: Mean  # holder's mean money
    gain: Mean  # holder minus the baseline mean per seat (independent runs)
    win_share: Mean
    win_gain: Mean
    # counterfactual: the holder against the same seat of the same game (same seed and game
    # number) in the run without the extra card; paired, so the seed's luck cancels
    paired_gain: Mean = None
    paired_win: Mean = None

    def as_dict(self) -> dict:
        return {
            "card": self.card,
            "money": self.money.as_dict(),
            "gain": self.gain.as_dict(),
            "win_share": self.win_share.as_dict(),
            "win_gain": self.win_gain.as_dict(),
            "paired_gain": self.paired_gain.as_dict(),
            "paired_win": self.paired_win.as_dict(),
        }


def _difference(a: Mean, b: Mean) -> Mean:
    se = (a.se**2 + b.se**2) ** 0.5
    d = a.estimate - b.estimate
    return Mean(d, se, min(a.n, b.n), d - 1.959963984540054 * se, d + 1.959963984540054 * se)


def card_counts(base: Path, records: pl.DataFrame) -> Counts:
    """Counts of a chunk of a run in which seat (game mod players) started with one extra
    card: that seat's money and win share, and the same minus the same seat's in the same
    game of the run without it (read from that run's part in ``base``, so counted here)."""
    cols = ["game", "seat", "money", "share"]
    extra = records.lazy().filter(pl.col("extra") == 1).select(cols)
    start = int(records["game"].min())
    without = pl.scan_parquet(part_file(base, start)).select(cols)
    paired = extra.join(without, on=["game", "seat"], suffix="_0").select(
        (pl.col("money") - pl.col("money_0")).alias("dm"),
        (pl.col("share") - pl.col("share_0")).alias("ds"),
    )
    tables = pl.collect_all(
        [moments_query(extra, ["money", "share"]), moments_query(paired, ["dm", "ds"])]
    )
    return Counts({"extra": tables[0], "paired": tables[1]}, {"extra": (), "paired": ()})


def card_value(base: SimulationSummary, c: Counts, card: str) -> CardValue:
    """One extra ``card``'s value from its run's counts (:func:`card_counts`)."""
    pair = c["paired"].row(0, named=True)
    paired_gain, paired_win = mean_of(pair, "dm"), mean_of(pair, "ds", _SHARE)
    row = c["extra"].row(0, named=True)
    base_rows = [(m.estimate, m.se) for m in base.money]
    n = base.games * base.players
    # the baseline is the mean over all seats (the extra card rotates over the seats)
    bm = sum(e for e, _ in base_rows) / len(base_rows)
    bse = (sum(se**2 for _, se in base_rows)) ** 0.5 / len(base_rows)
    bw = sum(w.estimate for w in base.win_share) / len(base_rows)
    bwse = (sum(w.se**2 for w in base.win_share)) ** 0.5 / len(base_rows)
    bmean = Mean(bm, bse, n, bm - 1.96 * bse, bm + 1.96 * bse)
    bwin = Mean(bw, bwse, n, bw - 1.96 * bwse, bw + 1.96 * bwse)
    money, share = mean_of(row, "money"), mean_of(row, "share", _SHARE)
    return CardValue(
        card,
        money,
        _difference(money, bmean),
        share,
        _difference(share, bwin),
        paired_gain,
        paired_win,
    )


# ---- house rules side by side ------------------------------------------------------------


@dataclass(frozen=True)
class VariantRow:
    variant: str
    deals: Mean
    turns: Mean
    spread: Mean
    first_win: Mean  # the start player's win share
    first_money: Mean  # the start player's money

    def as_dict(self) -> dict:
        return {
            "variant": self.variant,
            "deals": self.deals.as_dict(),
            "turns": self.turns.as_dict(),
            "spread": self.spread.as_dict(),
            "first_player_win_share": self.first_win.as_dict(),
            "first_player_money": self.first_money.as_dict(),
        }


def variant_row(c: Counts, name: str) -> VariantRow:
    """One house rule's row from its run's counts (:func:`counts`)."""
    g = c["games"].to_dicts()[0]
    first = c["position"].filter(pl.col("position") == 0).to_dicts()[0]
    return VariantRow(
        name,
        mean_of(g, "deals"),
        mean_of(g, "turns"),
        mean_of(g, "spread"),
        mean_of(first, "share", _SHARE),
        mean_of(first, "money"),
    )


def variant_table(rows: list[VariantRow], players: int) -> pl.DataFrame:
    return pl.DataFrame(
        [
            {
                "variant": r.variant,
                "deals": r.deals.estimate,
                "deals_se": r.deals.se,
                "turns": r.turns.estimate,
                "turns_se": r.turns.se,
                "spread": r.spread.estimate,
                "spread_se": r.spread.se,
                "first_player_win_share": r.first_win.estimate,
                "first_player_win_share_se": r.first_win.se,
                "first_player_edge": r.first_win.estimate - 1 / players,
                "first_player_money": r.first_money.estimate,
                "first_player_money_se": r.first_money.se,
                "games": r.deals.n,
            }
            for r in rows
        ]
    )


@dataclass(frozen=True)
class SimulationWithCards(Summary):
    """``boss simulate``: the game summary and, when asked, the value of each extra card."""

    game: SimulationSummary
    values: tuple[CardValue, ...] = ()

    def tables(self) -> dict[str, pl.DataFrame]:
        tables = self.game.tables()
        if self.values:
            tables["card_values"] = pl.DataFrame(
                [
                    {
                        "card": v.card,
                        "money": v.money.estimate,
                        "money_se": v.money.se,
                        "gain": v.gain.estimate,
                        "gain_se": v.gain.se,
                        "win_share": v.win_share.estimate,
                        "win_gain": v.win_gain.estimate,
                        "win_gain_se": v.win_gain.se,
                        "paired_gain": v.paired_gain.estimate,
                        "paired_gain_se": v.paired_gain.se,
                        "paired_win": v.paired_win.estimate,
                        "paired_win_low": v.paired_win.low,
                        "paired_win_high": v.paired_win.high,
                        "games": v.money.n,
                    }
                    for v in self.values
                ]
            )
        return tables

    def plots(self) -> dict:
        return self.game.plots()

    def as_dict(self) -> dict:
        return {**self.game.as_dict(), "card_values": [v.as_dict() for v in self.values]}

    def text(self) -> str:
        lines = [self.game.text()]
        if self.values:
            lines += [
                "",
                "one extra starting card: the holder against the average seat (gain, win gain;",
                "± se), and against the same seat of the same game without it (paired, same",
                "seed: ΔP(win) with its 95% interval)",
                f"{'card':<8} {'money':>15} {'gain':>15} {'win gain':>15} "
                f"{'paired gain':>15} {'ΔP(win) [95% CI]':>25}",
            ]
            for v in self.values:
                w = v.paired_win
                lines.append(
                    f"{v.card:<8} {str(v.money):>15} {str(v.gain):>15} {str(v.win_gain):>15} "
                    f"{str(v.paired_gain):>15} "
                    f"{f'{w.value(signed=True)} {w.interval(signed=True)}':>25}"
                )
        return "\n".join(lines)


@dataclass(frozen=True)
class VariantComparison(Summary):
    """Each house rule alone against the standard game, at equal size and seed."""

    players: int
    rows: tuple[VariantRow, ...]

    def tables(self) -> dict[str, pl.DataFrame]:
        return {"variants": variant_table(list(self.rows), self.players)}

    def as_dict(self) -> dict:
        return {"variants": [r.as_dict() for r in self.rows]}

    def text(self) -> str:
        lines = [
            "each house rule alone against the standard game (± se)",
            "",
            f"{'house rule':<20} {'games':>9} {'deals':>15} {'turns':>15} "
            f"{'money spread (M)':>17} {'start player wins':>18} {'edge':>7}",
        ]
        for r in self.rows:
            lines.append(
                f"{r.variant:<20} {r.deals.n:>9,} {str(r.deals):>15} "
                f"{str(r.turns):>15} {str(r.spread):>17} {str(r.first_win):>18} "
                f"{shown(r.first_win.estimate - 1 / self.players, r.first_win.se, True):>7}"
            )
        lines += [
            "",
            "money spread: richest minus poorest seat; edge: the start player's win "
            f"share minus 1/{self.players}",
        ]
        if len({r.deals.n for r in self.rows}) > 1:
            lines.append(
                "NOTE: the rows cover different numbers of games (the run was interrupted)"
            )
        return "\n".join(lines)


# --- the analyses: a CommandRuns and keyword settings in, a Result out ----------------------
# The extra starting cards whose value ``simulate(card_values=True)`` measures.
CARD_TYPES = ("family", "travel", "recruit", "boss", "stop")


def title(settings) -> str:
    extra = f" · variants {','.join(settings.variants)}" if settings.variants else ""
    return (
        f"I'm the Boss! · {settings.players} players · policies "
        f"{','.join(settings.policies)}{extra}"
    )


def _job(name, settings, **tally):
    """A run of ``settings``, counted by :func:`counts` unless another ``tally`` is given."""
    return (
        name,
        partial(simulate_chunk, settings),
        {"default_chunk": GAME.chunk_size, "label": f"boss {name}".strip(), "tally": counts}
        | tally,
    )


@analysis(
    "boss",
    "length",
    games=200_000,
    about="game length (exact and simulated)",
    example="tableodds boss length --players 4 --variant short",
)
def length(plan: CommandRuns, players: int = 4, policies=None, variants=(), cards=None) -> Result:
    """How long a game runs: completed deals (simulated and exact) and turns per game.

    The deal count follows from the die faces on the deal cards alone, so it is also
    computed exactly from the data file; the table shows both.
    """
    settings = make_settings(players, policies, variants, cards)
    _, chunk, options = _job("", settings)
    res = plan.run(chunk, **options)
    return Result(
        "boss length",
        settings.describe(),
        length_of(res.counts, settings),
        plan,
        titles={"": title(settings)},
    )


@analysis(
    "boss",
    "simulate",
    games=200_000,
    main=True,
    about="money by seat and policy, deals, card values",
    example="tableodds boss simulate -p 4 --policies shrewd,random,random,random --card-values",
)
def simulate(
    plan: CommandRuns,
    players: int = 4,
    policies=None,
    variants=(),
    cards=None,
    card_values: bool = False,
) -> Result:
    """Money per seat, turn position and policy; deal success per space; card values."""
    settings = make_settings(players, policies, variants, cards)
    jobs = [_job("", settings)]
    if card_values:  # one run per card type; the extra card rotates over the seats
        jobs += [
            _job(
                card,
                make_settings(
                    players, settings.policies, settings.variants, cards=settings.cards, extra=card
                ),
                tally=partial(card_counts, plan.records),  # beside the base run's parts
                tally_here=True,
            )
            for card in CARD_TYPES
        ]
    runs = plan.run_all(jobs)
    base = summarise_counts(runs[""].counts, settings)
    values = tuple(card_value(base, runs[c].counts, c) for c in CARD_TYPES if c in runs)
    return Result(
        "boss simulate",
        settings.describe(),
        SimulationWithCards(base, values),
        plan,
        titles={
            "": title(settings),
            **{c: f"{title(settings)} · one extra {c} card" for c in CARD_TYPES if card_values},
        },
    )


@analysis(
    "boss",
    "variants",
    games=50_000,
    about="the house rules side by side",
    example="tableodds boss variants --players 4 --policy shrewd",
)
def variants(plan: CommandRuns, players: int = 4, policies=None, chosen=(), cards=None) -> Result:
    """Each house rule side by side: game length, money spread and start-player advantage,
    every rule alone against the standard game at the same size and seed."""
    chosen = tuple(chosen) or tuple(VARIANTS)
    for v in chosen:
        if v not in VARIANTS:
            raise InputError(f"unknown variant {v!r}; choose from: {', '.join(VARIANTS)}")
    if len(set(chosen)) != len(chosen):
        raise InputError("a house rule is given twice in --variant")
    base = make_settings(players, policies, (), cards)
    configs = {
        "standard": base,
        **{v: make_settings(players, base.policies, (v,), cards=base.cards) for v in chosen},
    }
    runs = plan.run_all([_job(name, s) for name, s in configs.items()])
    rows = tuple(variant_row(runs[name].counts, name) for name in configs if name in runs)
    return Result(
        "boss variants",
        {**base.describe(), "variants": list(chosen)},
        VariantComparison(players, rows),
        plan,
        titles={name: title(s) for name, s in configs.items()},
        run_settings={name: s.describe() for name, s in configs.items()},
    )


# ---- one deal as a cooperative game (exact; nothing simulated) ------------------------


def _money(x) -> float:
    return float(x)


def _fmt(x) -> str:
    return f"{float(x):g}" if float(x) == round(float(x), 2) else f"{float(x):.2f}"


def exact(x) -> str:
    """An exact share in M as it is: whole (``30``) or a fraction (``35/2``); the core's
    bounds, floats from a linear program with whole-million data, back to their fraction."""
    return str(Fraction(x).limit_denominator(10_000))


# the rule a whole-million settlement follows, said wherever one is shown
SETTLED = (
    "settled in whole millions (the rulebook's money) as the simulator settles a deal: "
    "every share but the boss's rounded down, the boss keeping the rest"
)
MODELS = ("shapley", "nash", "investors", "weights")  # the models that split a deal


@dataclass(frozen=True)
class DealSummary(Summary):
    """Coalitions, each player's threats and the shares under every model of one deal."""

    solution: bargain.Solution

    def _shares(self) -> list[dict]:
        """Each model's share settled as the simulator settles (whole millions, the boss
        keeps the rest), the exact split beside it; the core as exact ranges."""
        s, d = self.solution, self.solution.deal
        settled = s.settled()
        rows = []
        for i, p in enumerate(d.players):
            row = {
                "player": p.name,
                "boss": i == d.boss,
                "veto": i in s.veto,
                "alone": s.v[1 << i],
                "core_low": None if s.core is None else s.core[i][0],
                "core_high": None if s.core is None else s.core[i][1],
                "outside_option": _money(s.outside[i]),
            }
            for name in ("shapley", "nash", "investors", "weights"):
                split = getattr(s, name)
                row[name] = settled[name][0][i] if name in settled else None
                row[f"{name}_exact"] = None if split is None else _money(split[i])
            rows.append(row)
        return rows

    def exact_shares(self) -> list[dict]:
        """Each player's exact share under every model, as text (:func:`exact`): the
        Shapley value, the core's range, the Nash split, the investor prices and the weight
        rule; None where a model gives none."""
        s, d = self.solution, self.solution.deal
        rows = []
        for i, p in enumerate(d.players):
            row = {"player": p.name, "boss": i == d.boss}
            row["core"] = None if s.core is None else "–".join(dict.fromkeys(map(exact, s.core[i])))
            for name in MODELS:
                split = getattr(s, name)
                row[name] = None if split is None else exact(split[i])
            row["outside"] = exact(s.outside[i])
            rows.append(row)
        return rows

    def _walks_away(self) -> list[str]:
        """The models under which the simulator's boss would keep less than its minimum."""
        return [name for name, (_, ok) in self.solution.settled().items() if not ok]

    def _coalitions(self) -> list[dict]:
        s, d = self.solution, self.solution.deal
        minimal = set(bargain.minimal_winning(list(s.v), d.n))
        return [
            {
                "coalition": " + ".join(d.names(c)),
                "size": bin(c).count("1"),
                "completes": s.completes[c] > 0,
                "guaranteed": s.v[c] > 0,
                "value": s.v[c],
                "minimal": c in minimal,
            }
            for c in sorted(range(1, 1 << d.n), key=lambda c: (bin(c).count("1"), c))
        ]

    def _prices(self) -> list[dict]:
        d, s = self.solution.deal, self.solution
        return [
            {
                "family": FAMILIES[f],
                "role": "required" if d.required >> f & 1 else f"{d.pick} of optional",
                "price": _money(s.prices[f] * d.payout),
            }
            for f in range(len(FAMILIES))
            if d.needed >> f & 1
        ]

    def tables(self) -> dict[str, pl.DataFrame]:
        return {
            "shares": pl.DataFrame(self._shares()),
            "coalitions": pl.DataFrame(self._coalitions()),
            "prices": pl.DataFrame(self._prices()),
        }

    def as_dict(self) -> dict:
        s, d = self.solution, self.solution.deal
        return {
            "payout": d.payout,
            "threats": s.threats,
            "unconsented_price": d.unconsented,
            "can_complete": s.v[-1] > 0,
            "core_empty": s.core is None,
            "veto": [d.players[i].name for i in s.veto],
            "nash_coalitions": [d.names(c) for c in s.nash_coalitions],
            "boss_walks_away": self._walks_away(),
            "shares": self._shares(),
            "coalitions": self._coalitions(),
            "prices": self._prices(),
        }

    def text(self) -> str:
        s, d = self.solution, self.solution.deal
        fam = [FAMILIES[f] for f in range(len(FAMILIES)) if d.required >> f & 1]
        opt = [FAMILIES[f] for f in range(len(FAMILIES)) if d.optional >> f & 1]
        need = " + ".join(fam) + (f" + {d.pick} of {'/'.join(opt)}" if d.pick else "")
        lines = [
            f"deal: {need}; payout {d.payout} M; boss {d.players[d.boss].name}",
            "v(S) = what a coalition can "
            + (
                "guarantee against the others' travel, stop, recruitment and boss cards"
                if s.threats
                else "complete with its own cards (--no-threats: the others do not interfere)"
            ),
        ]
        if d.unconsented is not None:
            lines.append(
                "2-player rules: the leader uses the others' investors without consent at "
                f"{d.unconsented} M each, less in v(S); an owner may travel its own to block"
            )
        if not s.v[-1]:
            lines.append("no coalition can complete this deal: every model pays nobody")
        rows = self._coalitions()
        winning = [r for r in rows if r["guaranteed"]]
        shown = rows if len(rows) <= 15 else winning
        cw = max(len("coalition"), *(len(r["coalition"]) for r in shown))  # never cut
        pw = max(len("player"), *(len(p.name) + 2 for p in d.players))
        lines += [
            "",
            "coalitions" + ("" if shown is rows else f" (the {len(winning)} that win)"),
            f"  {'coalition':<{cw}} {'completes':>9} {'guaranteed':>10} {'value':>6}",
        ]
        for r in shown:
            mark = " minimal" if r["minimal"] else ""
            lines.append(
                f"  {r['coalition']:<{cw}} {'yes' if r['completes'] else '-':>9} "
                f"{'yes' if r['guaranteed'] else '-':>10} {r['value']:>6}{mark}"
            )
        veto = ", ".join(d.players[i].name for i in s.veto) or "none"
        simple = all(x in (0, d.payout) for x in s.v)  # v is 0 or the payout
        core = (
            "empty: no split gives every coalition at least its value"
            if s.core is None and not simple
            else "empty: two coalitions without a common member can each complete the deal"
            if s.core is None
            else "every split among the veto players"
            if s.veto and simple
            else "not empty"
        )
        lines += [
            "",
            f"veto players (in every winning coalition): {veto}; core: {core}",
            "Nash bargaining inside "
            + (" or ".join(" + ".join(d.names(c)) for c in s.nash_coalitions) or "nobody")
            + " (outside options as floors"
            + ("; the tied coalitions' splits averaged)" if len(s.nash_coalitions) > 1 else ")"),
            "",
            "shares (M), exact",
            f"  {'player':<{pw}} {'alone':>5} {'shapley':>8} {'core':>11} {'nash':>6} "
            f"{'outside':>7} {'investors':>9} {'weights':>7}",
        ]
        for r, e in zip(self._shares(), self.exact_shares()):
            name = r["player"] + (" *" if r["boss"] else "")
            lines.append(
                f"  {name:<{pw}} {r['alone']:>5} {e['shapley'] or '-':>8} "
                f"{e['core'] or '-':>11} {e['nash'] or '-':>6} {e['outside']:>7} "
                f"{e['investors'] or '-':>9} {e['weights'] or '-':>7}"
            )
        lines += [
            "  * the boss. alone: what the player guarantees alone; shapley: the Shapley value",
            "  of v; core: lowest-highest share in the core; nash: the Nash split, outside: its",
            "  floor; investors: each family at its Shapley price in the space's requirement",
            "  game, the boss keeps the rest; weights: the original boss_weight rule",
        ]
        settled = self.solution.settled()
        if settled:
            names = [m for m in MODELS if m in settled]
            lines += [
                "",
                *textwrap.wrap(f"shares (M), {SETTLED}", 88, subsequent_indent="  "),
                f"  {'player':<{pw}} " + " ".join(f"{m:>9}" for m in names),
            ]
            for i, r in enumerate(self._shares()):
                name = r["player"] + (" *" if r["boss"] else "")
                lines.append(f"  {name:<{pw}} " + " ".join(f"{settled[m][0][i]:>9}" for m in names))
        away = self._walks_away()
        if away:
            lines.append(
                f"  under {', '.join(away)} the boss keeps less than its minimum "
                f"({d.weights[1]}% of the payout): the simulator's boss would walk away"
            )
        lines += [
            "",
            "family prices (investors model): "
            + ", ".join(f"{r['family']} {_fmt(r['price'])}" for r in self._prices()),
        ]
        return "\n".join(lines)


@analysis(
    "boss", "deal", about="fair shares of one deal", example="tableodds boss deal --example first"
)
def deal(
    path=None,
    boss=None,
    threats: bool = True,
    cards=None,
    example: str | None = None,
    variants=(),
):
    """Fair shares of one deal: which coalitions can complete it, what each player can
    guarantee alone, and the split under each model (Shapley value, core, Nash bargaining
    with outside options, investor prices, the original weight rule).  A deal of 2 players,
    or ``variants=("two-player-rules",)``, is valued by the 2-player rules."""
    if example is not None:
        if example not in bargain.EXAMPLES:
            raise InputError(
                f"unknown example {example!r}; choose from: {', '.join(bargain.EXAMPLES)}"
            )
        path = bargain.example_path(example)
    d = bargain.load_deal(path, cards, boss, variants)
    settings = {
        "file": str(path),
        "boss": d.players[d.boss].name,
        "threats": threats,
        "cards": str(cards) if cards else "deals.toml",
        "variants": list(variants),
        "two_player_rules": d.unconsented is not None,
    }
    return Result("boss deal", settings, DealSummary(bargain.solve(d, threats)))
