"""Davoserjas analyses over simulated records (one row per game and seat).

Everything is computed with lazy Polars scans, so a run of any size is read in
streaming fashion; nothing here simulates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

import numpy as np
import polars as pl

from tableodds.analysis.registry import analysis
from tableodds.analysis.result import Result, Summary, table
from tableodds.analysis.stats import (
    Z95,
    Mean,
    Proportion,
    ci,
    digits,
    exact_moments,
    mean_of,
    wilson,
)
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.runner import CommandRuns, Counts, tally_scan
from tableodds.sim.davoserjas import GAME
from tableodds.sim.davoserjas.duel import duel as duel_games
from tableodds.sim.davoserjas.kernel import simulate_chunk
from tableodds.sim.davoserjas.rules import card_name, make_settings, parse_hand
from tableodds.sim.davoserjas.search import ENDGAME, TRICKS, exact_budget


@dataclass(frozen=True)
class RoundSummary:
    number: int
    name: str
    by_seat: tuple[Mean, ...]
    overall: Mean


@dataclass(frozen=True)
class SimulationSummary(Summary):
    """Mean penalty per round and seat, totals, P(lowest total) and distributions."""

    players: int
    games: int
    policies: tuple[str, ...]
    rounds: tuple[RoundSummary, ...]
    total: tuple[Mean, ...]
    lowest: tuple[Proportion, ...]  # P(seat's total is the lowest, ties included)
    win_share: tuple[Mean, ...]  # expected share of the win (1/ties when lowest)
    overall_total: Mean  # a player's total, all seats pooled
    distribution: pl.DataFrame = field(repr=False)  # round, seat, penalty, count, p, low, high

    def tables(self) -> dict[str, pl.DataFrame]:
        rows = []
        for r in self.rounds:
            for seat, m in enumerate(r.by_seat):
                rows.append(
                    {
                        "round": r.number,
                        "name": r.name,
                        "seat": seat,
                        "policy": self.policies[seat],
                        "mean": m.estimate,
                        "se": m.se,
                        "low": m.low,
                        "high": m.high,
                        "n": m.n,
                    }
                )
        seats = [
            {
                "seat": s,
                "policy": self.policies[s],
                "mean_total": t.estimate,
                "se_total": t.se,
                "p_lowest": lo.estimate,
                "p_lowest_low": lo.low,
                "p_lowest_high": lo.high,
                "win_share": w.estimate,
                "win_share_se": w.se,
                "games": t.n,
            }
            for s, (t, lo, w) in enumerate(zip(self.total, self.lowest, self.win_share))
        ]
        return {
            "round_means": pl.DataFrame(rows),
            "seats": pl.DataFrame(seats),
            "penalty_distribution": self.distribution,
        }

    def plots(self) -> dict:
        return {"penalty_distribution": plot_distribution(self), "seat_advantage": plot_seats(self)}

    def text(self) -> str:
        w = 15
        seats = range(self.players)
        labels = [f"{r.number} {r.name}" for r in self.rounds]  # never cut
        lw = max(30, *(len(x) + 1 for x in labels))
        lines = [
            "Mean penalty per round and seat (± standard error)",
            f"{'round':<{lw}}" + "".join(f"{'seat ' + str(s):>{w}}" for s in seats),
        ]
        for label, r in zip(labels, self.rounds):
            lines.append(f"{label:<{lw}}" + "".join(f"{str(m):>{w}}" for m in r.by_seat))
        lines.append(f"{'total':<{lw}}" + "".join(f"{str(m):>{w}}" for m in self.total))
        lines.append(
            f"{'P(lowest, a tie too) [95% CI]':<{lw}}"
            + "".join(f"{p.value():>{w}}" for p in self.lowest)
        )
        lines.append(
            f"{'':<{lw}}" + "".join(f"{p.interval().replace(' ', ''):>{w}}" for p in self.lowest)
        )
        lines.append(
            f"{'share of the win (ties split)':<{lw}}"
            + "".join(f"{str(m):>{w}}" for m in self.win_share)
        )
        lines += [
            "",
            "P(penalty = k), all seats pooled (k:p; per-seat tables with intervals: --out/--json)",
        ]
        pooled = (
            self.distribution.group_by(["round", "penalty"])
            .agg(pl.col("count").sum())
            .with_columns((pl.col("count") / pl.col("count").sum().over("round")).alias("p"))
            .sort(["round", "penalty"])
        )
        for r in self.rounds:
            part = pooled.filter(pl.col("round") == r.number)
            n = int(part["count"].sum())
            se = (0.25 / n) ** 0.5  # the largest a share's standard error can be
            d = digits(se)
            cells = [f"{k}:{p:.{d}f}" for k, p in zip(part["penalty"], part["p"]) if p >= 0.0005]
            lines.append(f"  r{r.number:<2} {' '.join(cells)}   (each ±≤{Z95 * se:.{d}f})")
        return "\n".join(lines)

    def as_dict(self) -> dict:
        return {
            "players": self.players,
            "games": self.games,
            "policies": list(self.policies),
            "rounds": [
                {
                    "round": r.number,
                    "name": r.name,
                    "overall": r.overall.as_dict(),
                    "by_seat": [m.as_dict() for m in r.by_seat],
                }
                for r in self.rounds
            ],
            "total_by_seat": [m.as_dict() for m in self.total],
            "p_lowest_total_by_seat": [p.as_dict() for p in self.lowest],
            "win_share_by_seat": [m.as_dict() for m in self.win_share],
            "penalty_distribution": self.distribution.to_dicts(),
        }


_SHARE = 420  # lcm(1..7): a tie among k seats gives each 420/k, an exact integer


def counts(settings, records: pl.LazyFrame | pl.DataFrame) -> Counts:
    """What the summaries of a run are made of, as counts that add up over chunks: per seat
    the games, exact sums and sums of squares of each round's penalty, the total and the win
    share, and the lowest totals; and how often each (round, seat, penalty) occurs."""
    lf = records.lazy().with_columns(
        (pl.col("lowest").cast(pl.Int64) * (_SHARE // pl.col("tied").cast(pl.Int64))).alias("share")
    )
    rounds = [f"r{r.number}" for r in settings.rounds]
    aggs = [pl.len().cast(pl.Int64).alias("n"), pl.col("lowest").cast(pl.Int64).sum().alias("k")]
    for c in [*rounds, "total", "share"]:
        x = pl.col(c).cast(pl.Int64)
        aggs += [x.sum().alias(f"{c}_s"), (x * x).sum().alias(f"{c}_q")]
    dist = pl.concat(
        [
            lf.select(
                pl.lit(r.number, pl.Int16).alias("round"),
                "seat",
                pl.col(f"r{r.number}").cast(pl.Int16).alias("penalty"),
            )
            for r in settings.rounds
        ]
    )
    seat, dist = pl.collect_all(
        [
            lf.group_by("seat").agg(aggs),
            dist.group_by("round", "seat", "penalty").agg(pl.len().cast(pl.Int64).alias("count")),
        ]
    )
    return Counts({"seat": seat, "dist": dist}, {"seat": ("seat",), "dist": _DIST_KEYS})


_DIST_KEYS = ("round", "seat", "penalty")


def distribution(counts: pl.DataFrame, by_seat: bool = True) -> pl.DataFrame:
    """P(penalty = k) per round (and seat) with Wilson intervals, from the (round, seat,
    penalty) counts."""
    keys = ["seat"] if by_seat else []
    df = counts.group_by(["round", *keys, "penalty"]).agg(pl.col("count").sum())
    df = df.with_columns(pl.col("count").sum().over(["round"] + keys).alias("n"))
    cis = [wilson(k, n) for k, n in zip(df["count"].to_list(), df["n"].to_list())]
    return (
        df.with_columns(
            pl.Series("p", [c.estimate for c in cis]),
            pl.Series("low", [c.low for c in cis]),
            pl.Series("high", [c.high for c in cis]),
        )
        .select(["round", *keys, "penalty", "count", "n", "p", "low", "high"])
        .sort(["round", *keys, "penalty"])
    )


def summarise(lf: pl.LazyFrame, settings) -> SimulationSummary:
    """The summary of a run from its records."""
    return summarise_counts(tally_scan(partial(counts, settings), lf), settings)


def summarise_counts(c: Counts, settings) -> SimulationSummary:
    """The summary of a run from its counts (:func:`counts`)."""
    seat = c["seat"].sort("seat").to_dicts()
    cols = [f"r{r.number}" for r in settings.rounds] + ["total"]
    pooled = {"n": sum(row["n"] for row in seat)}
    for col in cols:
        for m in ("s", "q"):
            pooled[f"{col}_{m}"] = sum(row[f"{col}_{m}"] for row in seat)
    rounds = tuple(
        RoundSummary(
            r.number,
            r.name,
            tuple(mean_of(row, f"r{r.number}") for row in seat),
            mean_of(pooled, f"r{r.number}"),
        )
        for r in settings.rounds
    )
    return SimulationSummary(
        players=settings.players,
        games=pooled["n"] // settings.players,
        policies=settings.policies,
        rounds=rounds,
        total=tuple(mean_of(row, "total") for row in seat),
        lowest=tuple(wilson(row["k"], row["n"]) for row in seat),
        win_share=tuple(mean_of(row, "share", _SHARE) for row in seat),
        overall_total=mean_of(pooled, "total"),
        distribution=distribution(c["dist"]),
    )


@dataclass(frozen=True)
class HandSummary(Summary):
    """Penalty of one seat's given hand in one round, the rest dealt at random."""

    round: int
    name: str
    seat: int
    hand: tuple[str, ...]
    penalty: Mean
    distribution: pl.DataFrame = table("hand_distribution")  # penalty, count, n, p, low, high

    def text(self) -> str:
        p = self.penalty
        lines = [
            f"round {self.round} ({self.name}) · seat {self.seat} · hand: {' '.join(self.hand)}",
            f"expected penalty: {p} (95% CI {p.interval()})",
            "",
            f"{'penalty':>8}   P [95% CI]",
        ]
        for row in self.distribution.iter_rows(named=True):
            lines.append(f"{row['penalty']:>8}   {ci(row['p'], row['low'], row['high'])}")
        return "\n".join(lines)


def summarise_hand_counts(c: Counts, settings, seat: int, hand: list[str]) -> HandSummary:
    """The given hand's summary from a run's counts (:func:`counts`)."""
    (r,) = settings.rounds
    row = c["seat"].filter(pl.col("seat") == seat).to_dicts()[0]
    dist = distribution(c["dist"].filter(pl.col("seat") == seat), by_seat=False).drop("round")
    return HandSummary(r.number, r.name, seat, tuple(hand), mean_of(row, f"r{r.number}"), dist)


def plot_distribution(summary: SimulationSummary):
    """One panel per round: P(penalty = k) per seat, with 95% intervals."""
    from tableodds.analysis.plots import ERRORBARS, figure, integer_ticks, legend_below

    n = len(summary.rounds)
    cols = min(n, 3)
    rows = -(-n // cols)
    fig, axes = figure(nrows=rows, ncols=cols, figsize=(4.2 * cols, 3.1 * rows), squeeze=False)
    d = summary.distribution
    width = 0.8 / summary.players
    for ax, r in zip(axes.flat, summary.rounds):
        for seat in range(summary.players):
            part = d.filter((pl.col("round") == r.number) & (pl.col("seat") == seat))
            x = part["penalty"].to_numpy() + (seat - (summary.players - 1) / 2) * width
            p = part["p"].to_numpy()
            err = [p - part["low"].to_numpy(), part["high"].to_numpy() - p]
            ax.bar(
                x,
                p,
                width=width,
                yerr=err,
                capsize=0,
                label=f"seat {seat} ({summary.policies[seat]})",
            )
        ax.set_title(f"round {r.number}: {r.name}")
        ax.set_xlabel("penalty points")
        ax.set_ylabel("P(penalty = k)")
        integer_ticks(ax)
    for ax in list(axes.flat)[n:]:
        ax.set_visible(False)
    fig.suptitle(
        f"Davoserjas, {summary.players} players, {summary.games:,} games: "
        f"penalty per round and seat ({ERRORBARS})"
    )
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    legend_below(fig, axes.flat[0], ncol=min(summary.players, 7))
    return fig


def plot_seats(summary: SimulationSummary):
    """Seat advantage as differences, with 95% intervals and a zero line: each seat's mean
    total minus the mean over all seats, and its share of the win (ties split) minus
    1 / players."""
    from tableodds.analysis.plots import ERRORBARS, figure

    fig, (a, b) = figure(ncols=2, figsize=(9.5, 3.6))
    seats = list(range(summary.players))
    labels = [f"seat {s}\n({summary.policies[s]})" for s in seats]
    # the trick rounds hand out a fixed total per deal, so the all-seat mean hardly moves
    # between games: a seat's own interval is the interval of its difference
    base = summary.overall_total.estimate
    d = [t.estimate - base for t in summary.total]
    half = [t.high - t.estimate for t in summary.total]
    a.errorbar(seats, d, yerr=half, fmt="o", capsize=4)
    a.axhline(0, color="grey", lw=0.8)
    a.set_xticks(seats, labels)
    a.set_ylabel("mean total − all-seat mean")
    a.set_title(f"total penalty against the mean {base:.2f} (below 0: better)")
    # the win's share splits a tie (1/k to each of k tied seats), so the seats' shares add up
    # to 1 and a fair table sits on 1/players; P(lowest total) counts a tie for every tied
    # seat and would show an edge for every seat
    even = 1 / summary.players
    b.errorbar(
        seats,
        [x.estimate - even for x in summary.win_share],
        yerr=[x.high - x.estimate for x in summary.win_share],
        fmt="o",
        capsize=4,
    )
    b.axhline(0, color="grey", lw=0.8)
    b.set_xticks(seats, labels)
    b.set_ylabel(f"share of the win − 1/{summary.players}")
    b.set_title("share of the win (a tie split) against an even share")
    for ax in (a, b):
        lo, hi = ax.get_ylim()
        ax.set_ylim(min(lo, 0), max(hi, 0))
    fig.suptitle(f"Seat advantage, {summary.games:,} games; {ERRORBARS}")
    fig.tight_layout()
    return fig


# --- the analyses: a CommandRuns and keyword settings in, a Result out ----------------------
def title(settings) -> str:
    extra = f" · variants {','.join(settings.variants)}" if settings.variants else ""
    return (
        f"Davoserjas · {settings.players} players · policies {','.join(settings.policies)}{extra}"
    )


@analysis(
    "davoserjas",
    "simulate",
    games=100_000,
    main=True,
    about="penalties per round and seat, distributions, P(lowest total)",
    example="tableodds davoserjas simulate --players 4 --games 1000000 --policies careful,random,random,random",
)
def simulate(
    plan: CommandRuns, players: int = 4, policies=None, rounds=None, variants=(), rules=None
) -> Result:
    """Simulate whole games: mean penalty per round and seat, distributions, P(lowest total)."""
    settings = make_settings(players, policies, rounds, variants, rules)
    res = plan.run(
        partial(simulate_chunk, settings),
        default_chunk=GAME.chunk_size,
        label="davoserjas",
        tally=partial(counts, settings),
    )
    return Result(
        "davoserjas simulate",
        settings.describe(),
        summarise_counts(res.counts, settings),
        plan,
        titles={"": title(settings)},
    )


@analysis(
    "davoserjas",
    "hand",
    games=20_000,
    about="what one hand will cost",
    example="tableodds davoserjas hand --round 4 --seat 2 --opponents counting,random KC QC 9C 3C AH 10H 4H 8D 7D 2D 6S 5S 2S",
)
def hand(
    plan: CommandRuns,
    cards,
    players: int = 4,
    round: int = 1,
    seat: int = 0,
    holder: str = "search",
    opponents=("counting",),
    variants=(),
    rules=None,
) -> Result:
    """Expected penalty of one hand in one round: the holder plays ``holder`` (default the
    strongest bot), the other seats each opponent model in turn (default counting), and the
    unseen cards are dealt at random.  One run per opponent model, side by side.

    CARDS are rank then suit: AS KH 10D 2C (T for ten and the symbols ♠♥♦♣ work too).
    """
    opponents = [opponents] if isinstance(opponents, str) else list(opponents or ["counting"])
    if len(set(opponents)) != len(opponents):
        raise InputError("an opponent model is listed twice")
    configs = {}
    for model in opponents:
        lineup = [model] * players
        if 0 <= seat < players:
            lineup[seat] = holder
        configs[model] = make_settings(players, lineup, [round], variants, rules)
    ids = parse_hand(cards, players, seat)
    mask = sum(1 << c for c in ids)
    names = {m: "" if len(opponents) == 1 else f"against-{m}" for m in opponents}
    runs = plan.run_all(
        [
            (
                names[m],
                partial(simulate_chunk, s, fixed_seat=seat, fixed_hand=mask),
                {
                    "default_chunk": GAME.chunk_size,
                    "label": f"deals vs {m}",
                    "tally": partial(counts, s),
                },
            )
            for m, s in configs.items()
        ]
    )
    shown = [card_name(c) for c in sorted(ids)]
    summaries = tuple(
        (m, summarise_hand_counts(runs[names[m]].counts, configs[m], seat, shown))
        for m in opponents
        if names[m] in runs
    )
    first = configs[opponents[0]]
    return Result(
        "davoserjas hand",
        {**first.describe(), "seat": seat, "hand": shown, "holder": holder, "opponents": opponents},
        HandComparison(holder, summaries),
        plan,
        titles={
            names[m]: f"{title(s)} · holder seat {seat} plays {holder}, the others {m}"
            for m, s in configs.items()
        },
        run_settings={names[m]: s.describe() for m, s in configs.items() if names[m]},
    )


@dataclass(frozen=True)
class HandComparison(Summary):
    """One hand's penalty against each opponent model."""

    holder: str
    models: tuple[tuple[str, HandSummary], ...]

    def tables(self) -> dict[str, pl.DataFrame]:
        rows = [
            {
                "opponents": m,
                "holder": self.holder,
                "mean": h.penalty.estimate,
                "se": h.penalty.se,
                "low": h.penalty.low,
                "high": h.penalty.high,
                "deals": h.penalty.n,
            }
            for m, h in self.models
        ]
        dist = pl.concat(
            [h.distribution.with_columns(pl.lit(m).alias("opponents")) for m, h in self.models]
        )
        return {"hand": pl.DataFrame(rows), "hand_distribution": dist}

    def as_dict(self) -> dict:
        return {
            "holder": self.holder,
            "against": [{"opponents": m, **h.as_dict()} for m, h in self.models],
        }

    def text(self) -> str:
        first = self.models[0][1]
        lines = [
            f"round {first.round} ({first.name}) · seat {first.seat} plays {self.holder}"
            f" · hand: {' '.join(first.hand)}",
            "",
            f"{'opponents':<12} {'expected penalty ± se':>22}   95% CI{'deals':>16}",
        ]
        for m, h in self.models:
            p = h.penalty
            lines.append(f"{m:<12} {str(p):>22}   {p.interval():<16}{p.n:>12,}")
        for m, h in self.models:
            lines += ["", f"P(penalty = k) against {m}", f"{'penalty':>8}   P [95% CI]"]
            for row in h.distribution.iter_rows(named=True):
                lines.append(f"{row['penalty']:>8}   {ci(row['p'], row['low'], row['high'])}")
        return "\n".join(lines)


@dataclass(frozen=True)
class DuelTable(Summary):
    """Duplicate duels: per pair, A's penalty minus the mean of the B seats, per deal."""

    players: int
    pairs: tuple[tuple[str, str, Mean, tuple[Mean, ...]], ...]  # a, b, whole game, per round
    rounds: tuple

    def ranking(self) -> list[tuple[str, Mean]]:
        """Each policy's mean advantage over the others it met (lower is better)."""
        scores: dict[str, list[Mean]] = {}
        for a, b, m, _ in self.pairs:
            scores.setdefault(a, []).append(m)
            scores.setdefault(b, []).append(Mean(-m.estimate, m.se, m.n, -m.high, -m.low))
        out = []
        for name, ms in scores.items():
            est = sum(x.estimate for x in ms) / len(ms)
            se = sum(x.se**2 for x in ms) ** 0.5 / len(ms)
            out.append(
                (name, Mean(est, se, min(x.n for x in ms), est - 1.96 * se, est + 1.96 * se))
            )
        return sorted(out, key=lambda x: x[1].estimate)

    def tables(self) -> dict[str, pl.DataFrame]:
        rows = [
            {
                "a": a,
                "b": b,
                "mean": m.estimate,
                "se": m.se,
                "low": m.low,
                "high": m.high,
                "deals": m.n,
                **{f"r{r.number}": x.estimate for r, x in zip(self.rounds, by)},
            }
            for a, b, m, by in self.pairs
        ]
        rank = [
            {"rank": i + 1, "policy": n, "mean_advantage": m.estimate, "se": m.se}
            for i, (n, m) in enumerate(self.ranking())
        ]
        return {"duel": pl.DataFrame(rows), "ranking": pl.DataFrame(rank)}

    def as_dict(self) -> dict:
        return {
            "pairs": [
                {"a": a, "b": b, "difference": m.as_dict(), "by_round": [x.as_dict() for x in by]}
                for a, b, m, by in self.pairs
            ],
            "ranking": [{"policy": n, "mean_advantage": m.as_dict()} for n, m in self.ranking()],
        }

    def text(self) -> str:
        w = 9
        lines = [
            "Duplicate duel: each deal replayed with A in every seat against B in the "
            "others; A's penalty minus the B seats' mean, per game (negative: A better)",
            f"{'A - B':<22} {'per game ± se':>16} {'95% CI':>18}"
            + "".join(f"{f'r{r.number}':>{w}}" for r in self.rounds)
            + f"{'games':>10}",
        ]
        for a, b, m, by in self.pairs:
            lines.append(
                f"{f'{a} - {b}':<22} {m.with_error(signed=True):>16} "
                f"{m.interval(signed=True):>18}"
                + "".join(f"{x.value(signed=True):>{w}}" for x in by)
                + f"{m.n:>10,}"
            )
        if len(self.pairs) > 1:
            lines += ["", "ranking (mean advantage over the others met, ± se; lower is better)"]
            for i, (n, m) in enumerate(self.ranking(), start=1):
                lines.append(f"{i:>3}. {n:<10} {m.with_error(signed=True)}")
        return "\n".join(lines)


def _duel_chunk(a, b, players, rounds, variants, samples, exact, confidence, seed, start, count):
    """One record per game: A's scaled advantage per round (an exact integer)."""
    diff = duel_games(
        a, b, players, count, seed, start, rounds, variants, samples, exact, confidence
    )
    scaled = np.rint(diff * players * (players - 1)).astype(np.int32)
    cols = {"game": np.arange(start, start + count, dtype=np.int64)}
    for k in range(scaled.shape[1]):
        cols[f"d{k}"] = scaled[:, k]
    cols["total"] = scaled.sum(axis=1, dtype=np.int32)
    return cols


def _pair_runs(
    plan, what, policies, players, rounds, variants, samples=None, budget=None, confidence=None
):
    """Every pair of POLICIES on duplicate deals: the settings of the first, the pairs, and per
    pair that finished ``(a, b, lazy frame, whole-game mean, per-round means)``."""
    if len(policies) < 2 or len(set(policies)) != len(policies):
        raise InputError(f"a {what} needs two or more different policies, e.g. counting,careful")
    base = make_settings(players, policies[:1], rounds, variants)
    for p in policies:
        make_settings(players, [p], rounds, variants)  # names checked before any run
    scale = players * (players - 1)
    pairs = [(a, b) for i, a in enumerate(policies) for b in policies[i + 1 :]]
    runs = plan.run_all(
        [
            (
                f"{a}-{b}",
                partial(
                    _duel_chunk,
                    a,
                    b,
                    players,
                    rounds,
                    tuple(variants),
                    samples,
                    budget,
                    confidence,
                ),  # fmt: skip
                {"default_chunk": 4096, "label": f"{a} vs {b}"},
            )
            for a, b in pairs
        ]
    )
    cols = [f"d{k}" for k in range(len(base.rounds))]
    out = []
    for a, b in pairs:
        if f"{a}-{b}" in runs:
            lf = runs[f"{a}-{b}"].scan()
            row = exact_moments(lf, cols + ["total"])[0]
            means = tuple(mean_of(row, c, scale) for c in cols)
            out.append((a, b, lf, mean_of(row, "total", scale), means))
    return base, pairs, out


@analysis(
    "davoserjas",
    "duel",
    games=20_000,
    about="which bot is stronger, on duplicate deals",
    example="tableodds davoserjas duel --policies counting,careful --games 100000",
)
def duel(
    plan: CommandRuns,
    policies=("search", "counting", "careful"),
    players: int = 4,
    rounds=None,
    variants=(),
    samples: int | None = None,
    exact: int | None = None,
    endgame: str | None = None,
    confidence: float | None = None,
) -> Result:
    """A duplicate tournament: every pair of POLICIES plays the same deals with the seats
    rotated (how card players compare strength); the mean difference per game with its 95%
    interval, per round, and a ranking.  ``samples`` and ``exact`` set the search bot's
    budget, ``endgame`` how it solves the last tricks (counting or paranoid), ``confidence``
    how sure its network must be to play its card (negative: never)."""
    budget = None  # the kernel's exact argument: tricks and endgame model
    if exact is not None or endgame is not None:
        budget = exact_budget(TRICKS if exact is None else exact, endgame or ENDGAME)
    policies = list(policies)
    base, pairs, done = _pair_runs(
        plan, "duel", policies, players, rounds, variants, samples, budget, confidence
    )
    results = [(a, b, m, by) for a, b, _, m, by in done]
    return Result(
        "davoserjas duel",
        {
            **base.describe(),
            "policies": policies,
            "samples": samples,
            "exact": exact,
            "endgame": endgame,
            "confidence": confidence,
        },
        DuelTable(players, tuple(results), base.rounds),
        plan,
        titles={
            f"{a}-{b}": f"Davoserjas duel · {players} players · {a} against {b}" for a, b in pairs
        },
    )


def bradley_terry(
    names: list[str], results: dict[tuple[str, str], tuple[int, int, int]], prior: float = 0.5
) -> list[tuple[str, float, float]]:
    """Elo-scale ratings (mean 0) with standard errors from pairwise results.

    ``results[(a, b)]`` = (deals a did better, ties, deals b did better).  A tie counts
    half a win to each; ``prior`` wins are added to each side of every pair met, so a
    policy that never lost keeps a finite rating.  Bradley-Terry by the MM algorithm;
    the standard errors from the Fisher information of the log-strengths under the
    constraint that they sum to 0 (its pseudo-inverse).  Rating r on the Elo scale:
    P(a does better than b) = 1 / (1 + 10 ** ((r_b - r_a) / 400))."""
    k = len(names)
    index = {n: i for i, n in enumerate(names)}
    wins = np.zeros((k, k))
    for (a, b), (wa, tie, wb) in results.items():
        i, j = index[a], index[b]
        wins[i, j] += wa + tie / 2 + prior
        wins[j, i] += wb + tie / 2 + prior
    games = wins + wins.T
    p = np.ones(k)
    for _ in range(10_000):
        new = wins.sum(axis=1) / np.array(
            [sum(games[i, j] / (p[i] + p[j]) for j in range(k) if j != i) for i in range(k)]
        )
        new /= np.exp(np.log(new).mean())
        done = np.max(np.abs(np.log(new) - np.log(p))) < 1e-12
        p = new
        if done:
            break
    info = np.zeros((k, k))
    for i in range(k):
        for j in range(k):
            if i != j and games[i, j]:
                v = games[i, j] * p[i] * p[j] / (p[i] + p[j]) ** 2
                info[i, j] -= v
                info[i, i] += v
    cov = np.linalg.pinv(info)
    scale = 400 / np.log(10)
    theta = np.log(p)
    return [
        (n, float(scale * theta[i]), float(scale * np.sqrt(max(cov[i, i], 0.0))))
        for i, n in enumerate(names)
    ]


@dataclass(frozen=True)
class LadderTable(Summary):
    """Every pair of policies on duplicate deals, a rating per policy, and the seats'
    fairness when every seat plays the strongest policy."""

    duels: DuelTable
    ratings: tuple[tuple[str, float, float], ...]  # name, Elo rating, se (best first)
    record: tuple[tuple[str, str, int, int, int], ...]  # a, b, a better, ties, b better
    strongest: str
    seats: tuple[Mean, ...]  # penalty per game per seat, all seats the strongest
    vs_table: tuple[Mean, ...]  # seat minus the table's mean

    def tables(self) -> dict[str, pl.DataFrame]:
        rating = pl.DataFrame(
            [
                {
                    "rank": i + 1,
                    "policy": n,
                    "elo": r,
                    "se": se,
                    "low": r - Z * se,
                    "high": r + Z * se,
                }
                for i, (n, r, se) in enumerate(self.ratings)
            ]
        )
        record = pl.DataFrame(
            [
                {"a": a, "b": b, "a_better": wa, "ties": t, "b_better": wb}
                for a, b, wa, t, wb in self.record
            ]
        )
        seats = pl.DataFrame(
            [
                {
                    "seat": q,
                    "policy": self.strongest,
                    "mean": m.estimate,
                    "se": m.se,
                    "minus_table": d.estimate,
                    "minus_table_se": d.se,
                    "low": d.low,
                    "high": d.high,
                    "games": m.n,
                }
                for q, (m, d) in enumerate(zip(self.seats, self.vs_table))
            ]
        )
        return {**self.duels.tables(), "rating": rating, "record": record, "seats": seats}

    def as_dict(self) -> dict:
        return {
            **self.duels.as_dict(),
            "ratings": [
                {"policy": n, "elo": r, "se": se, "low": r - Z * se, "high": r + Z * se}
                for n, r, se in self.ratings
            ],
            "record": [
                {"a": a, "b": b, "a_better": wa, "ties": t, "b_better": wb}
                for a, b, wa, t, wb in self.record
            ],
            "fairness": {
                "policy": self.strongest,
                "seats": [
                    {"seat": q, "penalty": m.as_dict(), "minus_table": d.as_dict()}
                    for q, (m, d) in enumerate(zip(self.seats, self.vs_table))
                ],
            },
        }

    def text(self) -> str:
        lines = [self.duels.text(), ""]
        lines.append(
            "rating (Bradley-Terry on the duplicate deals, Elo scale, mean 0; "
            "a deal is won by the side with the lower penalty)"
        )
        lines.append(f"{'':>4}{'policy':<10}{'Elo':>8}{'95% CI':>20}   won / tied / lost")
        tally: dict[str, list[int]] = {n: [0, 0, 0] for n, _, _ in self.ratings}
        for a, b, wa, t, wb in self.record:
            tally[a][0] += wa
            tally[a][1] += t
            tally[a][2] += wb
            tally[b][0] += wb
            tally[b][1] += t
            tally[b][2] += wa
        for i, (n, r, se) in enumerate(self.ratings, start=1):
            w, t, lost = tally[n]
            ci = f"[{r - Z * se:+.0f}, {r + Z * se:+.0f}]"
            lines.append(f"{i:>3}. {n:<10}{r:>+8.0f}{ci:>20}   {w:,} / {t:,} / {lost:,}")
        if not self.seats:
            return "\n".join(lines)
        lines += [
            "",
            f"seat fairness: every seat {self.strongest} ({self.seats[0].n:,} games); "
            "penalty per game and seat minus the table's mean, 95% intervals",
            f"{'seat':>5}{'penalty ± se':>18}{'seat - table mean':>32}",
        ]
        for q, (m, d) in enumerate(zip(self.seats, self.vs_table)):
            lines.append(
                f"{q:>5}{str(m):>18}{f'{d.value(signed=True)} {d.interval(signed=True)}':>32}"
            )
        return "\n".join(lines)


Z = 1.959964


def _seat_means(lf: pl.LazyFrame, players: int) -> tuple[tuple[Mean, ...], tuple[Mean, ...]]:
    """Per seat: the mean total per game, and the mean of (seat total - table mean)."""
    df = lf.select("game", "seat", "total").collect().sort("game", "seat")
    tot = df["total"].to_numpy().astype(np.float64).reshape(-1, players)
    dev = tot - tot.mean(axis=1, keepdims=True)
    out = []
    for x in (tot, dev):
        ms = []
        for q in range(players):
            v = x[:, q]
            n = len(v)
            se = float(v.std(ddof=1)) / np.sqrt(n) if n > 1 else float("inf")
            m = float(v.mean())
            ms.append(Mean(m, se, n, m - Z * se, m + Z * se))
        out.append(tuple(ms))
    return out[0], out[1]


@analysis(
    "davoserjas",
    "ladder",
    games=2_000,
    about="a rating per bot, and the seats' fairness under the strongest",
    example="tableodds davoserjas ladder --policies counting,careful,random --games 20000",
)
def ladder(
    plan: CommandRuns,
    policies=("search", "counting", "careful", "random"),
    players: int = 4,
    rounds=None,
    variants=(),
    fairness_games: int = 1000,
) -> Result:
    """A ladder of bots: every pair of POLICIES plays duplicate deals with the seats
    rotated (as ``duel``), each policy gets a Bradley-Terry rating on the Elo scale with
    its 95% interval from the deals won, tied and lost, and FAIRNESS_GAMES games with
    every seat the top-rated policy show what each seat is worth under strong play."""
    policies = list(policies)
    base, pairs, done = _pair_runs(plan, "ladder", policies, players, rounds, variants)
    results, record = [], []
    for a, b, lf, m, by in done:
        results.append((a, b, m, by))
        signs = lf.select(
            (pl.col("total") < 0).sum().alias("a"),
            (pl.col("total") == 0).sum().alias("t"),
            (pl.col("total") > 0).sum().alias("b"),
        ).collect()
        record.append((a, b, int(signs["a"][0]), int(signs["t"][0]), int(signs["b"][0])))
    duels = DuelTable(players, tuple(results), base.rounds)
    met = sorted({n for a, b, *_ in record for n in (a, b)}, key=policies.index)
    ratings = (
        sorted(
            bradley_terry(met, {(a, b): (wa, t, wb) for a, b, wa, t, wb in record}),
            key=lambda x: -x[1],
        )
        if len(record) == len(pairs)
        else []
    )
    strongest = ratings[0][0] if ratings else policies[0]
    seats: tuple = ()
    vs_table: tuple = ()
    if ratings and not plan.interrupted:
        s = make_settings(players, [strongest] * players, rounds, variants)
        fair = plan.run_all(
            [
                (
                    "fairness",
                    partial(simulate_chunk, s),
                    {
                        "games": fairness_games,
                        "default_chunk": 256,
                        "label": f"fairness: {strongest} in every seat",
                    },
                )
            ]
        )
        if "fairness" in fair and fair["fairness"].games_done > 1:
            seats, vs_table = _seat_means(fair["fairness"].scan(), players)
    return Result(
        "davoserjas ladder",
        {**base.describe(), "policies": policies, "fairness_games": fairness_games},
        LadderTable(duels, tuple(ratings), tuple(record), strongest, seats, vs_table),
        plan,
        titles={
            **{
                f"{a}-{b}": f"Davoserjas ladder · {players} players · {a} against {b}"
                for a, b in pairs
            },
            "fairness": f"Davoserjas ladder · {players} players · {strongest} in every seat",
        },
    )
