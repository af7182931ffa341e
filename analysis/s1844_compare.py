"""A recorded 1844 game against the train-rush forecast for its player count.

The export is read by :mod:`tableodds.sim.s1844.export`; the forecast is the simulated
train rush (:func:`tableodds.analysis.s1844.summarise`) for the game's player count.  Every
real value is placed on the forecast's distribution: median and 10-90% band (nearest
ranks), its percentile (mid-rank: the share of games below it plus half the share equal to
it) and whether it lies inside the band.  An event that never happened (the game ended
first) counts as later than any OR, in the real game and in the simulated ones alike;
per-OR revenue compares with the games still running in that OR.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

import polars as pl

from tableodds.analysis.registry import analysis
from tableodds.analysis.result import Result, Summary
from tableodds.analysis.s1844 import EVENT_LABELS, TrainRush, summarise_counts
from tableodds.analysis.s1844 import tally as rush_tally
from tableodds.analysis.stats import quantile_of_counts
from tableodds.sim.core.runner import CommandRuns, Counts
from tableodds.sim.s1844 import GAME
from tableodds.sim.s1844.export import Timeline, read_export
from tableodds.sim.s1844.kernel import simulate_chunk
from tableodds.sim.s1844.rules import ENGINE_READINGS, TIMED_EVENTS, TRAIN_NAMES, make_settings

NEVER = 999  # an event that does not happen sorts after every OR
REAL_REASONS = {"bank": "bank", "bankrupt": "bankruptcy", "bankruptcy": "bankruptcy"}
# how the text names each end (an export's unknown reason is printed as it stands)
END_WORDS = {"bank": "the bank breaking", "bankruptcy": "a bankruptcy"}


class _Placer:
    """Places real values on the forecast: median, 10% and 90% (nearest rank), the mid-rank
    percentile of the real value, and the games used.

    :func:`_rows` runs twice: first only noting what it asks (each answer a stand-in), then
    answered from the counts of every value asked (:meth:`tally`: one row per value asked and
    simulated value, counts that add up over chunks), so no column is ever held whole.
    """

    def __init__(self):
        self.asked, self.counts = {}, None

    def __call__(self, expr: pl.Expr, real: float, where: pl.Expr | None = None):
        key = tuple(e.meta.serialize(format="json") if e is not None else "" for e in (expr, where))
        if self.counts is None:
            self.asked.setdefault(key, (expr, where))
            return 0.0, 0.0, 0.0, 0.0, 1
        hist = self.counts.get(key)
        if hist is None:
            return None
        x, c = hist["x"].to_numpy(), hist["count"].to_numpy()
        n = int(c.sum())
        p10, med, p90 = (quantile_of_counts(x, c, q) for q in (0.1, 0.5, 0.9))
        pct = 100.0 * (int(c[x < real].sum()) + 0.5 * int(c[x == real].sum())) / n
        return med, p10, p90, pct, n

    def tally(self, lf: pl.LazyFrame) -> pl.DataFrame:
        """How often each value asked for occurs in ``lf``: (ask, x, count)."""
        stacked = pl.concat(
            [
                (lf if where is None else lf.filter(where)).select(
                    pl.lit(i, pl.Int32).alias("ask"), expr.cast(pl.Int64).alias("x")
                )
                for i, (expr, where) in enumerate(self.asked.values())
            ]
        )
        return (
            stacked.group_by("ask", "x")
            .agg(pl.len().cast(pl.Int64).alias("count"))
            .collect(engine="streaming")
        )

    def answer(self, counts: pl.DataFrame) -> None:
        keys = list(self.asked)
        counts = counts.sort("ask", "x")
        self.counts = {
            keys[i]: part for (i,), part in counts.partition_by("ask", as_dict=True).items()
        }


def _asks(t: Timeline, lf: pl.LazyFrame) -> _Placer:
    """A placer that knows what comparing ``t`` asks of records shaped like ``lf``."""
    place = _Placer()
    _rows(t, lf, place)
    return place


def tally(t: Timeline, settings, records: pl.LazyFrame | pl.DataFrame) -> Counts:
    """The forecast's counts and those of every value the comparison asks for: counts that
    add up over chunks."""
    lf = records.lazy()
    rush = rush_tally(settings, lf)
    asked = _asks(t, lf).tally(lf)
    return Counts({**rush.tables, "asked": asked}, {**rush.keys, "asked": ("ask", "x")})


def _row(kind, name, label, real, real_label, placed, counted=True, note=""):
    med = p10 = p90 = pct = None
    n = 0
    if placed is not None:
        med, p10, p90, pct, n = placed
    inside = None if placed is None or real is None else bool(p10 <= real <= p90)
    return {
        "kind": kind,
        "item": name,
        "label": label,
        "real": real,
        "real_label": real_label,
        "median": med,
        "p10": p10,
        "p90": p90,
        "percentile": pct,
        "inside": inside,
        "counted": counted and inside is not None,
        "games_used": n,
        "note": note,
    }


def compare_rows(t: Timeline, lf: pl.LazyFrame, counts: Counts | None = None) -> pl.DataFrame:
    """One row per compared value (events, trains, revenue per OR, scores, the end), from
    the records ``lf`` or from their counts (:func:`tally`; ``lf`` then gives only the
    columns' names)."""
    place = _asks(t, lf)
    place.answer(place.tally(lf) if counts is None else counts["asked"])
    return _rows(t, lf, place)


def _rows(t: Timeline, lf: pl.LazyFrame, place: _Placer) -> pl.DataFrame:
    rows = []
    end = t.ors[-1][0]
    for e in TIMED_EVENTS:
        v = t.events.get(e)
        col = pl.col(f"{e}_or")
        expr = pl.when(col >= 0).then(col).otherwise(NEVER)
        if v is not None:
            rows.append(
                _row(
                    "event",
                    e,
                    EVENT_LABELS[e],
                    v[0],
                    f"OR {v[1]}.{v[2]} (#{v[0]})",
                    place(expr, v[0]),
                )
            )
            continue
        # not by the real game's last OR: censored there; the simulated games with the
        # event by then rank below it, the others tie with it
        placed = place(pl.when(expr <= end).then(expr).otherwise(end + 1), end + 1)
        row = _row("event", e, EVENT_LABELS[e], NEVER, f"not by {t.when(end)}", placed)
        if placed is not None:
            row["median"], row["p10"], row["p90"] = place(expr, NEVER)[:3]
            # consistent unless 90% or more of the simulated games have it by then
            row["inside"] = place(expr, end + 0.5)[3] <= 90.0
            row["note"] = "censored at the real game's end"
        rows.append(row)
    for name in TRAIN_NAMES:
        rows.append(
            _row(
                "trains",
                f"bought_{name}",
                f"{name}s bought from the depot",
                t.bought[name],
                str(t.bought[name]),
                place(pl.col(f"bought_{name}"), t.bought[name]),
            )
        )
    rows.append(
        _row(
            "trains",
            "across",
            "trains bought across",
            t.across,
            str(t.across),
            place(pl.col("across_sister") + pl.col("across_other"), t.across),
        )
    )
    if "withholds" in lf.collect_schema().names():
        rows.append(
            _row(
                "trains",
                "withholds",
                "withheld runs",
                t.withholds,
                str(t.withholds),
                place(pl.col("withholds"), t.withholds),
            )
        )
    cut = t.end_reason in ("bankrupt", "bankruptcy")
    for i, ((g, s, n), rev) in enumerate(zip(t.ors, t.revenue)):
        last = i == len(t.ors) - 1
        col = pl.col(f"rev_{g}") if g <= 40 else None
        placed = None if col is None else place(col, rev, col >= 0)
        counted = not (last and cut)
        rows.append(
            _row(
                "revenue",
                f"rev_{g}",
                f"route revenue OR {s}.{n} (#{g})",
                rev,
                str(rev),
                placed,
                counted,
                "cut short by the bankruptcy" if not counted else "",
            )
        )
    if t.scores:
        values = sorted(t.scores.values())
        scores = [c for c in lf.collect_schema().names() if c.startswith("score_")]
        top, low = pl.max_horizontal(scores), pl.min_horizontal(scores)
        rows.append(
            _row(
                "score",
                "winner",
                "winning score",
                values[-1],
                str(values[-1]),
                place(top, values[-1]),
            )
        )
        rows.append(
            _row(
                "score",
                "last",
                "last place's score",
                values[0],
                str(values[0]),
                place(low, values[0]),
            )
        )
        rows.append(
            _row(
                "score",
                "spread",
                "winner - last",
                values[-1] - values[0],
                str(values[-1] - values[0]),
                place(top - low, values[-1] - values[0]),
            )
        )
    return pl.DataFrame(
        rows,
        schema_overrides={
            "real": pl.Float64,
            "median": pl.Float64,
            "p10": pl.Float64,
            "p90": pl.Float64,
            "percentile": pl.Float64,
        },
    )


def fmt(x, kind: str) -> str:
    if x is None:
        return "-"
    if kind == "event" and x >= NEVER:
        return "never"
    return f"{x:g}"


def band_text(r: dict) -> str:
    """A row's "median [10%-90%]"."""
    k = r["kind"]
    if r["median"] is None:
        return "-"
    return f"{fmt(r['median'], k)} [{fmt(r['p10'], k)}-{fmt(r['p90'], k)}]"


@dataclass(frozen=True)
class GameComparison(Summary):
    """One recorded game placed on its forecast."""

    timeline: Timeline
    forecast: TrainRush
    rows: pl.DataFrame = field(repr=False)
    end_share: float  # share of simulated games that end the way the real one did

    def share_inside(self, kind: str) -> tuple[int, int]:
        d = self.rows.filter((pl.col("kind") == kind) & pl.col("counted"))
        return int(d["inside"].sum()), d.height

    def tables(self) -> dict[str, pl.DataFrame]:
        t = self.timeline
        real = pl.DataFrame(
            [
                {"or": g, "label": f"OR {s}.{n}", "revenue": r}
                for (g, s, n), r in zip(t.ors, t.revenue)
            ]
        )
        return {
            "compare": self.rows,
            "real_per_or": real,
            "forecast_events": self.forecast.tables()["events"],
            "forecast_per_or": self.forecast.per_or.rename({"games": "games_running"}),
        }

    def plots(self) -> dict:
        return {"compare": plot_game(self)}

    def as_dict(self) -> dict:
        inside = {
            k: dict(zip(("inside", "counted"), self.share_inside(k)))
            for k in ("event", "trains", "revenue", "score")
        }
        return {
            "game": self.timeline.as_dict(),
            "forecast_games": self.forecast.games,
            "end_reason_share": self.end_share,
            "inside": inside,
            "rows": self.rows.to_dicts(),
            "forecast": self.forecast.as_dict(),
        }

    def text(self) -> str:
        t = self.timeline
        how = END_WORDS.get(REAL_REASONS.get(t.end_reason, ""), t.end_reason)
        lines = [
            f"Game {t.game_id}: {t.players} players, ended by {how} after "
            f"{t.label(t.ors[-1][0])} (#{t.ors[-1][0]}); {self.end_share:.1%} of the "
            f"{self.forecast.games:,} simulated games end that way.",
            "Real value against the forecast: median [10%-90%], the real value's "
            "percentile, in or out of the band.",
        ]

        heads = {
            "event": "Timeline (global OR #)",
            "trains": "Trains",
            "revenue": "Total route revenue per OR",
            "score": "Final scores",
        }
        for kind, head in heads.items():
            d = self.rows.filter(pl.col("kind") == kind)
            if not d.height:
                continue
            k, n = self.share_inside(kind)
            lines += ["", f"{head}: {k} of {n} inside"]
            width = max(len(x) for x in d["label"])
            real_width = max(15, *(len(x) for x in d["real_label"]))
            for r in d.iter_rows(named=True):
                band = band_text(r)
                pct = "-" if r["percentile"] is None else f"{r['percentile']:5.1f}%"
                mark = "-" if r["inside"] is None else ("in" if r["inside"] else "OUT")
                note = f"  ({r['note']})" if r["note"] else ""
                lines.append(
                    f"  {r['label']:<{width}}  {r['real_label']:<{real_width}} "
                    f"{band:<18} {pct:>6}  {mark}{note}"
                )
        lines += [
            "",
            f"Withheld runs: {t.withholds} (by phase: "
            + ", ".join(f"{k}: {v}" for k, v in sorted(t.withholds_by_phase.items()))
            + f"); paid out "
            f"{t.payouts}; {len(t.floated)} companies operated; exported: "
            + ", ".join(f"{v}x {k}" for k, v in t.exported.items() if v),
        ]
        if t.notes:
            lines += ["Notes: " + "; ".join(t.notes)]
        return "\n".join(lines)


def plot_game(c: GameComparison):
    """The real game over the forecast: timeline bands with the real ORs, and the
    per-OR route revenue fan with the real revenue."""
    from tableodds.analysis.plots import figure

    fig, (ax1, ax2) = figure(ncols=2, figsize=(13, 5.5))
    ev = c.rows.filter(pl.col("kind") == "event")
    t = c.timeline
    # the axis fits the game: its ORs and the bands' finite ends, a band whose end is
    # "never" drawn to the edge with an arrow (not stretched to the record's 40 ORs)
    finite = [
        v
        for r in ev.iter_rows(named=True)
        for v in (r["p10"], r["median"], r["p90"], r["real"])
        if v is not None and v < NEVER
    ]
    edge = max([t.ors[-1][0] + 2, *finite]) + 1
    arrow = "band reaching never"
    for i, r in enumerate(ev.iter_rows(named=True)):
        if r["median"] is None:
            continue
        hi = min(r["p90"], edge)
        ax1.hlines(i, min(r["p10"], edge), hi, lw=6, alpha=0.35, color="C0")
        if r["p90"] >= NEVER:
            ax1.plot(edge, i, ">", color="C0", alpha=0.6, label=arrow)
            arrow = None
        if r["median"] < NEVER:
            ax1.plot(r["median"], i, "o", color="C0", label="forecast median" if i == 0 else None)
        if r["real"] < NEVER:
            ax1.plot(
                r["real"],
                i,
                "D",
                color="C3" if not r["inside"] else "C2",
                label="real game" if i == 0 else None,
            )
    ax1.set_xlim(0.5, edge + 0.5)
    ax1.set_yticks(range(ev.height), ev["label"].to_list())
    ax1.invert_yaxis()
    ax1.set_xlabel("operating round (global number; OR 1.1 = 1)")
    ax1.set_title("events: forecast 10-90% band, real game (green in, red out)")
    ax1.grid(axis="x", alpha=0.3)
    ax1.legend(fontsize=8)
    d = c.forecast.per_or.filter(pl.col("share_running") >= 0.05)
    x = d["or"].to_list()
    ax2.fill_between(
        x, d["revenue_p10"], d["revenue_p90"], alpha=0.15, color="C0", label="forecast 10-90%"
    )
    ax2.fill_between(
        x, d["revenue_p25"], d["revenue_p75"], alpha=0.3, color="C0", label="forecast 25-75%"
    )
    ax2.plot(x, d["revenue_median"], color="C0", label="forecast median")
    ax2.set_xlim(0.5, edge + 0.5)
    ax2.plot([g for g, _, _ in t.ors], t.revenue, "D-", color="C3", label=f"game {t.game_id}")
    ax2.set_xlabel("operating round")
    ax2.set_ylabel("total route revenue (SFR)")
    ax2.set_title("route revenue of all companies per OR")
    ax2.legend(fontsize=8)
    fig.suptitle(f"1844 game {t.game_id} ({t.players} players) against the forecast")
    return fig


@analysis(
    "1844",
    "compare",
    games=20_000,
    about="a recorded game placed on the forecast",
    example="tableodds 1844 compare 160062.json --games 20000 --out game160062",
)
def compare(plan: CommandRuns, game_file, players=None, policies=None, params=None) -> Result:
    """Put a recorded game (an 18xx.games export) on the train-rush forecast for its player
    count.

    Each phase start, rust, SBB formation, bank break and the end, the trains bought,
    the route revenue of every OR and the final scores, with the forecast's median,
    10-90% band, the real value's percentile and whether it lies inside.  The forecast
    plays the rules of the 18xx.games engine the export comes from: a director may declare
    bankruptcy, which ends the game (params.toml, [game] bankruptcy)."""
    from tableodds.sim.core.errors import InputError

    t = read_export(game_file)
    if players not in (None, t.players, [t.players]):
        raise InputError(f"{game_file}: the game has {t.players} players, not {players}")
    # an 18xx.games export was played under the engine's rules: bankruptcy allowed, any
    # player sells privates (a --params file that sets them wins)
    settings = make_settings(t.players, policies, params, ENGINE_READINGS)
    runs = plan.run_all(
        [
            (
                "",
                partial(simulate_chunk, settings),
                {
                    "default_chunk": GAME.chunk_size,
                    "label": f"1844 {t.players}p",
                    "tally": partial(tally, t, settings),
                },
            )
        ]
    )
    res = runs[""]
    forecast = summarise_counts(res.counts, settings)
    reason = REAL_REASONS.get(t.end_reason)
    ends = dict(forecast.ends)
    share = ends[reason].estimate if reason in ends else 0.0
    summary = GameComparison(t, forecast, compare_rows(t, res.scan(), res.counts), share)
    return Result(
        "1844 compare",
        {"game_file": str(game_file), "game_id": t.game_id, **settings.describe()},
        summary,
        plan,
        titles={
            "": f"1844 · game {t.game_id} · {t.players} players · policies "
            f"{','.join(settings.policies)}"
        },
    )
