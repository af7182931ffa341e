"""1844 train-rush analyses over simulated game records (one row per game).

Counts and lazy Polars scans only; nothing here simulates.  Event timing is reported as the global
OR number (OR 1.1 = #1) with median and 10-90% band, and the most common "OR t.n" label
among the games where the event falls on the median OR (so the two never disagree); how
often an event happens at all carries a Wilson interval, means carry standard errors.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

import numpy as np
import polars as pl

from tableodds.analysis.registry import analysis
from tableodds.analysis.result import Result, Summary
from tableodds.analysis.stats import (
    Mean,
    Proportion,
    mean_from_moments,
    quantile_of_counts,
    wilson,
)
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.runner import CommandRuns, Counts, tally_scan
from tableodds.sim.s1844 import GAME
from tableodds.sim.s1844.kernel import simulate_chunk
from tableodds.sim.s1844.rules import (
    DEPOT_COUNT,
    END_REASONS,
    EVENT_LABELS,
    EVENTS,
    MAX_OR_RECORD,
    PLAYERS,
    TRAIN_NAMES,
    make_settings,
)

_FIRST = [sum(DEPOT_COUNT[:t]) for t in range(len(DEPOT_COUNT))]


@dataclass(frozen=True)
class EventTiming:
    """When one event happens: over the games in which it happens at all."""

    event: str
    label: str
    happens: Proportion
    median: float | None
    p10: float | None
    p90: float | None
    mean: Mean | None
    typical: str  # most common "OR t.n" label among the games where it falls on the median

    def as_dict(self) -> dict:
        return {
            "event": self.event,
            "label": self.label,
            "happens": self.happens.as_dict(),
            "median_or": self.median,
            "p10_or": self.p10,
            "p90_or": self.p90,
            "mean_or": self.mean.as_dict() if self.mean else None,
            "typical_label": self.typical,
        }


@dataclass(frozen=True)
class TrainRush:
    """The train-rush forecast of one player count."""

    players: int
    games: int
    policies: tuple[str, ...]
    events: tuple[EventTiming, ...]
    ends: tuple[tuple[str, Proportion], ...]
    exported: Mean
    exported_by_type: tuple[Mean, ...]
    rusted: Mean
    loans: Mean
    privates_bought: Mean  # privates bought by companies (phases 3-4)
    across_sister: Mean  # trains bought across, same director
    across_other: Mean  # trains bought across, different directors
    p2_tile: Proportion  # P2's extra tile was laid
    spread: Mean  # winner's score minus last place's
    winner: Mean
    seat_score: tuple[Mean, ...]
    seat_wins: tuple[Proportion, ...]  # the seat has the top score (ties count for all)
    spread_band: tuple[float, float, float]
    histogram: pl.DataFrame = field(repr=False)  # event, or, count, p
    per_or: pl.DataFrame = field(repr=False)  # or, games, revenue/bank quantiles, trains
    labels: pl.DataFrame = field(repr=False)  # event, label, count

    def tables(self) -> dict[str, pl.DataFrame]:
        ev = pl.DataFrame(
            [
                {
                    "players": self.players,
                    "event": e.event,
                    "label": e.label,
                    "p_happens": e.happens.estimate,
                    "p_low": e.happens.low,
                    "p_high": e.happens.high,
                    "median_or": e.median,
                    "p10_or": e.p10,
                    "p90_or": e.p90,
                    "mean_or": e.mean.estimate if e.mean else None,
                    "se_or": e.mean.se if e.mean else None,
                    "typical_label": e.typical,
                }
                for e in self.events
            ]
        )
        seats = pl.DataFrame(
            [
                {
                    "players": self.players,
                    "seat": s,
                    "policy": self.policies[s],
                    "mean_score": m.estimate,
                    "se": m.se,
                    "p_top": w.estimate,
                    "p_top_low": w.low,
                    "p_top_high": w.high,
                }
                for s, (m, w) in enumerate(zip(self.seat_score, self.seat_wins))
            ]
        )
        return {
            "events": ev,
            "event_histogram": self.histogram,
            "per_or": self.per_or,
            "event_labels": self.labels,
            "seats": seats,
        }

    def as_dict(self) -> dict:
        return {
            "players": self.players,
            "games": self.games,
            "policies": list(self.policies),
            "events": [e.as_dict() for e in self.events],
            "end_reasons": {k: p.as_dict() for k, p in self.ends},
            "trains_exported": self.exported.as_dict(),
            "trains_exported_by_type": {
                t: m.as_dict() for t, m in zip(TRAIN_NAMES, self.exported_by_type)
            },
            "trains_rusted": self.rusted.as_dict(),
            "player_loans": self.loans.as_dict(),
            "privates_bought_by_companies": self.privates_bought.as_dict(),
            "trains_across_same_director": self.across_sister.as_dict(),
            "trains_across_other_director": self.across_other.as_dict(),
            "p2_tile_laid": self.p2_tile.as_dict(),
            "score_spread": self.spread.as_dict(),
            "score_spread_p10_median_p90": list(self.spread_band),
            "winning_score": self.winner.as_dict(),
            "seat_score": [m.as_dict() for m in self.seat_score],
            "seat_top_score": [p.as_dict() for p in self.seat_wins],
            "event_histogram": self.histogram.to_dicts(),
            "per_or": self.per_or.to_dicts(),
        }


def _mean(row: dict, name: str) -> Mean:
    return mean_from_moments(row["n"], float(row[f"{name}_s"]), float(row[f"{name}_q"]))


def _quantiles(hist: pl.DataFrame, qs) -> list[float | None]:
    """The ``qs`` quantiles ("nearest") from value counts (sorted here): flat memory, the
    same numbers as Polars' ``quantile(q, "nearest")`` over the column."""
    hist = hist.sort("value")
    return [quantile_of_counts(hist["value"], hist["count"], q) for q in qs]


BAND = (0.1, 0.9)  # the band every event's OR is given in (its 10-90% range)
_QS = {"p10": BAND[0], "p25": 0.25, "median": 0.5, "p75": 0.75, "p90": BAND[1]}
_KEYS = {
    "cells": ("event", "or", "sr", "n"),
    "moments": (),
    "spread": ("value",),
    "per_or": ("or",),
    "revenue": ("or", "value"),
    "bank": ("or", "value"),
}


def tally(settings, records: pl.LazyFrame | pl.DataFrame) -> Counts:
    """Everything the forecast of one run is made of, as counts that add up over chunks
    (a run counts each chunk as it finishes; :func:`summarise` counts a whole scan)."""
    lf = records.lazy()
    scores = [f"score_{p}" for p in range(settings.players)]
    top = pl.max_horizontal(scores)
    spread = top - pl.min_horizontal(scores)
    # how many games had each event in OR number ``or``, labelled "OR sr.n", stacked event
    # by event
    cells = (
        pl.concat(
            [
                lf.select(
                    pl.lit(e).alias("event"),
                    *[pl.col(f"{e}_{c}").cast(pl.Int64).alias(c) for c in ("or", "sr", "n")],
                ).filter(pl.col("or") >= 0)
                for e in EVENTS
            ]
        )
        .group_by(_KEYS["cells"])
        .agg(pl.len().cast(pl.Int64).alias("count"))
    )
    exprs = {
        "exported": pl.col("exported"),
        "rusted": pl.col("rusted"),
        "loans": pl.col("loans"),
        "spread": spread,
        "winner": top,
        "privates_bought": pl.col("privates_bought"),
        "across_sister": pl.col("across_sister"),
        "across_other": pl.col("across_other"),
        "p2_tile": pl.col("p2_tile"),
    }
    exprs.update({f"exp_{t}": pl.col(f"exported_{t}") for t in TRAIN_NAMES})
    exprs.update({s: pl.col(s) for s in scores})
    exprs.update({f"top_{p}": (pl.col(f"score_{p}") == top) for p in range(settings.players)})
    exprs.update({f"end_{r}": (pl.col("end_reason") == r) for r in END_REASONS})
    aggs = [pl.len().cast(pl.Int64).alias("n")]
    for name, e in exprs.items():
        x = e.cast(pl.Int64)
        aggs += [x.sum().alias(f"{name}_s"), (x * x).sum().alias(f"{name}_q")]
    tables = pl.collect_all(
        [
            cells,
            lf.select(aggs),
            lf.select(spread.cast(pl.Int64).alias("value"))
            .group_by("value")
            .agg(pl.len().cast(pl.Int64).alias("count")),
        ],
        engine="streaming",
    )
    tables += _per_or_counts(lf)
    return Counts(dict(zip(_KEYS, tables)), _KEYS)


def _series(lf: pl.LazyFrame, name: str) -> np.ndarray:
    """The per-OR columns ``name_1`` .. ``name_40`` as a (games, OR) array."""
    cols = [f"{name}_{k}" for k in range(1, MAX_OR_RECORD + 1)]
    return lf.select(cols).collect().to_numpy().astype(np.int64)


def _per_or_counts(lf: pl.LazyFrame) -> list[pl.DataFrame]:
    """Route revenue, bank cash and the depot OR by OR, over the games still running in each
    OR (revenue -1 marks an OR the game did not reach): games and trains gone per OR, and how
    often each (OR, revenue) and (OR, bank cash) occurs.  In numpy: the 40 ORs of a chunk are
    one array each, not 40 stacked queries."""
    revenue, bank, depot = (_series(lf, n) for n in ("rev", "bankcash", "depot"))
    running = revenue >= 0
    present = np.flatnonzero(running.any(axis=0))
    sums = {"or": (present + 1).astype(np.int32), "games": running.sum(axis=0)[present]}
    for t, name in enumerate(TRAIN_NAMES):
        gone = np.clip(depot - _FIRST[t], 0, DEPOT_COUNT[t]) * running
        sums[f"gone_{name}"] = gone.sum(axis=0)[present]
    ors = np.nonzero(running)[1].astype(np.int64) + 1
    return [
        pl.DataFrame(sums, schema_overrides={"games": pl.Int64}),
        *(_pair_counts(ors, values[running]) for values in (revenue, bank)),
    ]


def _pair_counts(ors: np.ndarray, values: np.ndarray) -> pl.DataFrame:
    """How often each (OR, value) occurs: (or, value, count), in no particular order."""
    if not len(values):
        return pl.DataFrame(schema={"or": pl.Int32, "value": pl.Int64, "count": pl.Int64})
    low = int(values.min())
    span = int(values.max()) - low + 1
    key, counts = np.unique(ors * span + (values - low), return_counts=True)
    return pl.DataFrame(
        {
            "or": (key // span).astype(np.int32),
            "value": key % span + low,
            "count": counts.astype(np.int64),
        }
    )


def summarise(lf: pl.LazyFrame, settings) -> TrainRush:
    """The forecast of one run (one player count) from its records."""
    return summarise_counts(tally_scan(partial(tally, settings), lf), settings)


def summarise_counts(counts: Counts, settings) -> TrainRush:
    """The forecast of one run (one player count) from its counts (:func:`tally`)."""
    players = settings.players
    m = counts["moments"].row(0, named=True)
    n = m["n"]
    cells = counts["cells"]

    def tally_by(frame, by):
        return frame.group_by(by).agg(pl.col("count").sum().cast(pl.UInt32))

    def most_common(frame):
        return tally_by(frame, ["sr", "n"]).sort(
            ["count", "sr", "n"], descending=[True, False, False]
        )

    events, hist, labels = [], [], []
    for e in EVENTS:
        mine = cells.filter(pl.col("event") == e)
        when = tally_by(mine, ["or"]).sort("or").rename({"or": "value"})
        row = dict(zip(("med", "p10", "p90"), _quantiles(when, (0.5, *BAND))))
        x, c = when["value"].to_numpy(), when["count"].cast(pl.Int64).to_numpy()
        row.update(k=int(c.sum()), s=int((x * c).sum()), q=int((x * x * c).sum()))
        k = row["k"]
        lab = most_common(mine)
        # the label shown beside the median: the most common "OR t.n" among the games in
        # which the event falls on the median OR number, so the two never disagree
        at_median = lab if not k else most_common(mine.filter(pl.col("or") == int(row["med"])))
        typical = f"OR {at_median[0, 0]}.{at_median[0, 1]}" if k else "-"
        labels.append(
            lab.select(
                pl.lit(e).alias("event"),
                pl.format("OR {}.{}", "sr", "n").alias("label"),
                pl.col("count"),
            )
        )
        events.append(
            EventTiming(
                e,
                EVENT_LABELS[e],
                wilson(k, n),
                float(row["med"]) if k else None,
                float(row["p10"]) if k else None,
                float(row["p90"]) if k else None,
                mean_from_moments(k, float(row["s"]), float(row["q"])) if k else None,
                typical,
            )
        )
        hist.append(
            when.rename({"value": "or"}).with_columns(
                pl.lit(e).alias("event"), (pl.col("count") / n).alias("p")
            )
        )
    histogram = (
        pl.concat(hist)
        .select("event", pl.col("or").cast(pl.Int32), "count", "p")
        .sort("event", "or")
    )
    scores = [f"score_{p}" for p in range(players)]
    band = _quantiles(counts["spread"], (0.1, 0.5, 0.9))
    return TrainRush(
        players=players,
        games=n,
        policies=tuple(settings.policies),
        events=tuple(events),
        ends=tuple((name, wilson(int(m[f"end_{r}_s"]), n)) for r, name in END_REASONS.items()),
        exported=_mean(m, "exported"),
        exported_by_type=tuple(_mean(m, f"exp_{t}") for t in TRAIN_NAMES),
        rusted=_mean(m, "rusted"),
        loans=_mean(m, "loans"),
        spread=_mean(m, "spread"),
        privates_bought=_mean(m, "privates_bought"),
        across_sister=_mean(m, "across_sister"),
        across_other=_mean(m, "across_other"),
        p2_tile=wilson(int(m["p2_tile_s"]), n),
        winner=_mean(m, "winner"),
        seat_score=tuple(_mean(m, s) for s in scores),
        seat_wins=tuple(wilson(int(m[f"top_{p}_s"]), n) for p in range(players)),
        spread_band=tuple(float(x) for x in band),
        histogram=histogram,
        per_or=per_or(counts, n),
        labels=pl.concat(labels),
    )


def per_or(counts: Counts, n: int) -> pl.DataFrame:
    """Route revenue, bank cash and trains gone from the depot by type, OR by OR.

    Each OR counts the games still running in it; a game's last export is already in
    its last OR's depot count.
    """
    sums = counts["per_or"]
    rows = []
    for k in range(1, MAX_OR_RECORD + 1):  # up to the first OR no game reached
        at = sums.filter(pl.col("or") == k)
        if at.height == 0:
            break
        row = at.drop("or").row(0, named=True)
        games = row.pop("games")
        out = {"games": games}
        for name in ("revenue", "bank"):
            h = counts[name].filter(pl.col("or") == k)
            out.update(zip((f"{name}_{s}" for s in _QS), _quantiles(h, _QS.values())))
        out.update({g: total / games for g, total in row.items()})
        out["or"] = k
        out["share_running"] = games / n
        rows.append(out)
    return pl.DataFrame(rows).select(
        "or", "games", "share_running", pl.exclude("or", "games", "share_running")
    )


def compare(results: list[TrainRush]) -> pl.DataFrame:
    """Event medians and bands side by side, one column group per player count."""
    rows = []
    for e in EVENTS:
        row = {"event": EVENT_LABELS[e]}
        for r in results:
            t = next(x for x in r.events if x.event == e)
            row[f"{r.players}p"] = _cell(t)
        rows.append(row)
    return pl.DataFrame(rows)


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:g}"


def _cell(t: EventTiming) -> str:
    if t.median is None:
        return "never"
    s = f"#{_fmt(t.median)} [{_fmt(t.p10)}-{_fmt(t.p90)}] {t.typical}"
    if t.happens.estimate < 0.995:
        s += f" ({100 * t.happens.estimate:.0f}%)"
    return s


# ---- plots -------------------------------------------------------------------------------
def plot_timeline(results: list[TrainRush]):
    """Median OR (dot) and 10-90% band (bar) of every event, per player count; an event is
    drawn as opaque as it is likely (one that happens in 31% of games is 31% opaque)."""
    from tableodds.analysis.plots import figure, integer_ticks, legend_outside

    fig, ax = figure(figsize=(9.5, 5.5))
    k = len(results)
    for j, r in enumerate(results):
        label = f"{r.players} players"
        for i, e in enumerate(r.events):
            if e.median is None:
                continue
            y = i + (j - (k - 1) / 2) * 0.8 / max(k, 1)
            share = max(float(e.happens.estimate), 0.08)
            ax.hlines(y, e.p10, e.p90, lw=5, alpha=0.35 * share, color=f"C{j}")
            ax.plot(e.median, y, "o", color=f"C{j}", alpha=share, label=label)
            label = None
    ax.set_yticks(range(len(EVENTS)), [EVENT_LABELS[e] for e in EVENTS])
    ax.invert_yaxis()
    integer_ticks(ax)
    ax.set_xlabel("operating round (global number; OR 1.1 = 1)")
    ax.set_title(
        "1844 train rush: median (dot) and 10-90% band of each event over the games "
        "in which it happens;\nfaded in proportion to how often it happens"
    )
    ax.grid(axis="y", visible=False)
    legend_outside(ax)
    return fig


def plot_bank(results: list[TrainRush]):
    """Fan chart of the bank's cash at the end of each OR."""
    from tableodds.analysis.plots import figure, integer_ticks, legend_outside

    fig, ax = figure(figsize=(9.5, 5))
    for j, r in enumerate(results):
        d = r.per_or.filter(pl.col("share_running") >= 0.05)
        x = d["or"].to_list()
        ax.fill_between(x, d["bank_p10"], d["bank_p90"], alpha=0.15, color=f"C{j}")
        ax.fill_between(x, d["bank_p25"], d["bank_p75"], alpha=0.3, color=f"C{j}")
        ax.plot(x, d["bank_median"], color=f"C{j}", label=f"{r.players} players (median)")
    ax.axhline(0, color="k", lw=0.8)
    ax.set_xlabel("operating round")
    ax.set_ylabel("bank cash (SFR)")
    integer_ticks(ax)
    ax.set_title("Bank cash by OR: median, 25-75% and 10-90% bands (games still running)")
    legend_outside(ax)
    return fig


def plot_trains(results: list[TrainRush]):
    """Mean trains gone from the depot (bought or exported) by type, OR by OR."""
    from matplotlib.lines import Line2D

    from tableodds.analysis.plots import figure, integer_ticks

    fig, ax = figure(figsize=(9.5, 5))
    styles = ["-", "--", ":", "-."]
    for j, r in enumerate(results):
        d = r.per_or.filter(pl.col("share_running") >= 0.05)
        for t, name in enumerate(TRAIN_NAMES):
            ax.plot(
                d["or"],
                d[f"gone_{name}"],
                styles[j % 4],
                color=f"C{t}",
                label=f"{name}" if j == 0 else None,
            )
    ax.set_xlabel("operating round")
    ax.set_ylabel("trains bought or exported (cumulative mean per game)")
    integer_ticks(ax)
    ax.set_title("Cumulative trains by type")
    trains = ax.legend(title="train", loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    if len(results) > 1:
        ax.add_artist(trains)
        ax.legend(
            [Line2D([], [], color="0.3", ls=styles[j % 4]) for j in range(len(results))],
            [f"{r.players} players" for r in results],
            title="line style",
            loc="lower left",
            bbox_to_anchor=(1.01, 0.0),
            borderaxespad=0,
        )
    return fig


def plot_histograms(results: list[TrainRush]):
    """Distribution of the OR of each event (share of all games), one panel per event."""
    from tableodds.analysis.plots import figure, integer_ticks, legend_below

    fig, axes = figure(nrows=3, ncols=4, figsize=(13, 8), sharex=True)
    for ax, e in zip(axes.flat, EVENTS):
        for j, r in enumerate(results):
            d = r.histogram.filter(pl.col("event") == e).sort("or")
            if d.height:
                ax.step(
                    d["or"],
                    d["p"],
                    where="mid",
                    color=f"C{j}",
                    marker=".",
                    label=f"{r.players} players",
                )
        ax.set_title(EVENT_LABELS[e])
        integer_ticks(ax)
    for ax in axes[-1]:
        ax.set_xlabel("operating round")
    fig.suptitle("In which OR each event happens (share of all games)")
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    legend_below(fig, axes.flat[0], ncol=len(results))
    return fig


# --- the analysis: a CommandRuns and keyword settings in, a Result out -----------------------
@dataclass(frozen=True)
class Forecast(Summary):
    """The train-rush forecast for one or more player counts, side by side."""

    results: tuple[TrainRush, ...]

    def tables(self) -> dict[str, pl.DataFrame]:
        merged: dict[str, list] = {}
        for r in self.results:
            for name, df in r.tables().items():
                merged.setdefault(name, []).append(
                    df
                    if "players" in df.columns
                    else df.with_columns(pl.lit(r.players).alias("players"))
                )
        out = {name: pl.concat(dfs, how="diagonal") for name, dfs in merged.items()}
        out["compare"] = compare(list(self.results))
        return out

    def plots(self) -> dict:
        results = list(self.results)
        return {
            "timeline": plot_timeline(results),
            "bank_cash": plot_bank(results),
            "trains_by_type": plot_trains(results),
            "event_histograms": plot_histograms(results),
        }

    def as_dict(self) -> dict:
        return {"forecasts": [r.as_dict() for r in self.results]}

    def text(self) -> str:
        results = self.results
        lines = [
            "When it happens: global OR number, median [10%-90%], the most common "
            "'OR t.n' label (and how often the event happens at all, if not always)"
        ]
        table = compare(list(results))
        cols = table.columns
        widths = [max(len(c), *(len(str(v)) for v in table[c])) for c in cols]
        lines.append("  ".join(c.ljust(w) for c, w in zip(cols, widths)))
        for row in table.iter_rows():
            lines.append("  ".join(str(v).ljust(w) for v, w in zip(row, widths)))
        for r in results:
            lines += ["", f"{r.players} players ({r.games:,} games):"]
            lines.append("  game ends by: " + ", ".join(f"{name} {p}" for name, p in r.ends))
            lines.append(
                f"  trains exported {r.exported}, rusted {r.rusted}; "
                f"player loans per game {r.loans}"
            )
            lines.append(
                f"  companies bought privates {r.privates_bought} per game; trains "
                f"bought across {r.across_sister} (same director), {r.across_other} "
                f"(other director); P2's tile laid in {r.p2_tile.value()} of games"
            )
            lo, med, hi = r.spread_band
            lines.append(
                f"  winning score {r.winner}; spread (winner - last) {r.spread}, "
                f"median {med:g} [{lo:g}-{hi:g}]"
            )
            lines.append(
                "  score by seat: "
                + "  ".join(
                    f"{i}: {m} (top {w.value()})"
                    for i, (m, w) in enumerate(zip(r.seat_score, r.seat_wins))
                )
            )
            d = r.per_or
            lines.append("  OR  running  route revenue, median   bank cash at the OR's end,")
            lines.append("               [10%-90%]               median [10%-90%]")
            for row in d.filter(d["share_running"] >= 0.05).iter_rows(named=True):
                rev = (
                    f"{row['revenue_median']:.0f} [{row['revenue_p10']:.0f}-"
                    f"{row['revenue_p90']:.0f}]"
                )
                bank = f"{row['bank_median']:.0f} [{row['bank_p10']:.0f}-{row['bank_p90']:.0f}]"
                lines.append(f"  {row['or']:>2}  {row['share_running']:7.3f}  {rev:<24}{bank}")
        return "\n".join(lines)


def title(settings) -> str:
    return f"1844 · {settings.players} players · policies {','.join(settings.policies)}"


@analysis(
    "1844",
    "train-rush",
    games=20_000,
    main=True,
    about="when phases change, trains rust, the SBB forms and the bank breaks",
    example="tableodds 1844 train-rush --players 4,5 --games 100000 --out rush",
)
def train_rush(plan: CommandRuns, players=5, policies=None, params=None) -> Result:
    """Forecast the train rush: the OR of each phase, rust, SBB formation, bank break and end,
    for one player count or several side by side."""
    counts = [players] if isinstance(players, int) else list(players)
    if not counts:
        raise InputError("--players needs at least one player count")
    for n in counts:
        if n not in PLAYERS:
            raise InputError(f"1844 is for 3-7 players, not {n}")
    if len(set(counts)) != len(counts):
        raise InputError("a player count is listed twice in --players")
    if policies and len(policies) > 1 and len(counts) > 1:
        raise InputError("--policies (one per seat) needs a single player count")
    configs = {
        ("" if len(counts) == 1 else f"p{n}"): make_settings(n, policies, params) for n in counts
    }
    runs = plan.run_all(
        [
            (
                name,
                partial(simulate_chunk, s),
                {
                    "default_chunk": GAME.chunk_size,
                    "label": f"1844 {s.players}p",
                    "tally": partial(tally, s),
                },
            )
            for name, s in configs.items()
        ]
    )
    results = tuple(
        summarise_counts(runs[name].counts, s) for name, s in configs.items() if name in runs
    )
    settings = (
        configs[""].describe()
        if "" in configs
        else {"players": counts, "policies": policies, "params": params and str(params)}
    )
    return Result(
        "1844 train-rush",
        settings,
        Forecast(results),
        plan,
        titles={name: title(s) for name, s in configs.items()},
        run_settings={name: s.describe() for name, s in configs.items() if name},
    )
