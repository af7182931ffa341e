"""The rest of a 1844 game in progress: when the next phases come, the trains rust, the
bank breaks and the game ends, given the game so far, and each player's final score.

The timeline at the cut is read off the export (:func:`tableodds.sim.s1844.export.
read_timeline`), and the exact position there is the replay's
(:mod:`tableodds.sim.s1844.replay`; :func:`tableodds.sim.s1844.position.start_state` puts
it in the kernel's state: every player's cash, debt and certificates, every company's
price, treasury, IPO and pool, trains and tokens, the bank, the depot, the phase).  The
events to come are forecast by one of two methods:

* **conditioning** (the default): the careful bots play whole games from the start
  (seeded, bit-identical like every run) and only the games whose timeline up to the cut
  matches the real one are kept:

  * a kept game is still running after the cut's OR (when the real one is);
  * each of phase 3-7, the SBB and the bank break has happened by the cut in the kept
    game exactly when it has in the real game;
  * the distance (the sum over the events that have happened of the ORs between the real
    and the simulated event) is at most a tolerance: the smallest that keeps at least
    ``min_kept`` games (0 = exact).

  Matching also the depot cards gone by the cut, the route revenue of the last two ORs, or
  the bank's cash at the cut (the replay's), was tried on both recorded games: it kept
  as many or fewer of their later events inside the bands, so the distance counts the
  events only (docs/1844-forecast.md).
* **position**: the games are played on from the exact position; it holds fewer of the
  recorded games' later events (docs/1844-forecast.md).

Over the kept games each event's median and 10-90% band (nearest ranks) stand beside
the same over all games.  An event that never happens in a game counts as the OR after
that game's end (the real game's events are placed the same way).  A company's train
rusts in the OR its type rusts (a train sold or discarded before that goes earlier).
Each player's final-score band comes, in both methods, from the games played on from the
exact position: from that player's own cash, debt and holdings at the cut.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import partial

import polars as pl

from tableodds.analysis.registry import analysis
from tableodds.analysis.result import Result, Summary
from tableodds.analysis.s1844 import EVENT_LABELS
from tableodds.analysis.stats import quantile_of_counts
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.runner import CommandRuns, Counts
from tableodds.sim.s1844 import GAME
from tableodds.sim.s1844 import rules as R
from tableodds.sim.s1844.export import Timeline, _parse, read_timeline
from tableodds.sim.s1844.kernel import simulate_chunk, simulate_from_chunk
from tableodds.sim.s1844.options import FORECAST_METHODS as METHODS
from tableodds.sim.s1844.options import SPREAD, SPREADS, split_spread
from tableodds.sim.s1844.position import FILLED, Start, start_state

FORECAST_EVENTS = R.TIMED_EVENTS
# the events the conditioning matches (the rusts come with phases 4, 6 and 7)
MATCHED = ("phase3", "phase4", "phase5", "phase6", "phase7", "sbb", "bank")
MIN_KEPT = 400
MAX_TOLERANCE = 40
REBUILT = (
    "trains per company (rusted ones gone; the pre-SBB companies' trains to the SBB)",
    "phase and the depot (cards left, the next train)",
    "companies that operated and the pre-SBB ones closed by the SBB",
    "share percentages of every player, directors",
    "privates' owners; station tokens placed",
)
NOT_REBUILT = (
    "the events to come: the kept games' own (their money, prices and map, matched on the "
    "timeline's events only)",
    "the final scores: played on by the bots from the exact replayed position (each "
    "player's own cash, debt and holdings at the cut)",
)
# the position method (the default): the kernel's state rebuilt at the cut (position.py)
REBUILT_POSITION = REBUILT + (
    "the exact replay of the log by the engine's rules (tableodds 1844 replay --at N): every "
    "player's cash, debt and certificates; every company's price, treasury, IPO and pool, "
    "trains, tokens and destination; the privates, mountain railways and tunnels; the bank",
)


def _value(e: str) -> pl.Expr:
    """An event's OR, or the OR after the game's end when it does not happen."""
    col = pl.col(f"{e}_or")
    return pl.when(col >= 0).then(col).otherwise(pl.col("end_or") + 1)


def real_value(t_full: Timeline, e: str) -> int:
    """The real game's event OR (or its last OR + 1 when it never happened)."""
    v = t_full.events.get(e)
    return v[0] if v is not None else t_full.ors[-1][0] + 1


def in_last_or(t: Timeline) -> bool:
    """The log ends inside the game's last OR read (a game in progress): it may go on."""
    return not t.last_or_over


def _candidates(t: Timeline) -> tuple[pl.Expr, pl.Expr]:
    """Which simulated games agree with the timeline so far (see the module's docstring), and
    their distance from it."""
    cut = t.ors[-1][0]
    # a game in progress read to the end of its log may be in the middle of its last OR:
    # what has not happened yet may still happen in it
    by = cut - 1 if in_last_or(t) else cut
    keep = pl.lit(True)
    if not t.finished:
        keep = keep & (pl.col("end_or") > by)
    dist = pl.lit(0, dtype=pl.Int64)
    for e in MATCHED:
        col = pl.col(f"{e}_or").cast(pl.Int64)
        v = t.events.get(e)
        happened = (col >= 0) & (col <= cut)
        if v is None:
            keep = keep & ~((col >= 0) & (col <= by))
        else:
            keep = keep & happened
            dist = dist + (col - v[0]).abs()
    return keep, dist


_KEYS = {
    "all": ("event", "value"),  # every game: how often each event falls in each OR
    "kept": ("distance", "event", "value"),  # the candidates, by distance from the timeline
    "never": ("distance", "event"),  # candidates in which the event does not happen
    "scores": ("distance", "seat", "value"),
}


def counts(t: Timeline, records: pl.LazyFrame | pl.DataFrame, position: bool = False) -> Counts:
    """What the forecast is made of, as counts that add up over chunks: each event's OR over
    all games, and over the candidate games by their distance from the timeline (the
    tolerance is chosen from these, once every chunk is in), with the final scores.
    ``position``: the games were played on from the position, every one is a candidate."""
    lf = records.lazy()
    keep, dist = _candidates(t) if not position else (pl.lit(True), pl.lit(0, dtype=pl.Int64))
    cand = lf.filter(keep).with_columns(dist.alias("distance"))

    def stacked(frame, value, *keys):
        return pl.concat(
            [
                frame.select(
                    *keys, pl.lit(e).alias("event"), value(e).cast(pl.Int64).alias("value")
                )
                for e in FORECAST_EVENTS
            ]
        )

    def tally(frame, keys):
        return frame.group_by(list(keys)).agg(pl.len().cast(pl.Int64).alias("count"))

    scores = pl.concat(
        [
            cand.select(
                "distance",
                pl.lit(seat, pl.Int64).alias("seat"),
                pl.col(f"score_{seat}").cast(pl.Int64).alias("value"),
            )
            for seat in range(len(t.player_ids))
        ]
    )
    never = stacked(cand, lambda e: pl.col(f"{e}_or") < 0, "distance")
    tables = pl.collect_all(
        [
            tally(stacked(lf, _value), _KEYS["all"]),
            tally(stacked(cand, _value, "distance"), _KEYS["kept"]),
            never.group_by("distance", "event").agg(
                pl.len().cast(pl.Int64).alias("count"), pl.col("value").sum().alias("never")
            ),
            tally(scores, _KEYS["scores"]),
        ]
    )
    return Counts(dict(zip(_KEYS, tables)), _KEYS)


def tolerance(c: Counts, min_kept: int = MIN_KEPT) -> int | None:
    """The smallest distance within which at least ``min_kept`` candidates lie (at most
    MAX_TOLERANCE; every candidate when there are fewer); None when there is none."""
    by = (
        c["never"]
        .filter(pl.col("event") == FORECAST_EVENTS[0])
        .select("distance", "count")
        .sort("distance")
    )
    if by.height == 0:
        return None
    total, tol = 0, int(by["distance"][-1])
    for d, k in by.iter_rows():
        total += k
        if total >= min_kept or d >= MAX_TOLERANCE:
            tol = int(d)
            break
    return tol


def _band(values: pl.DataFrame) -> dict:
    """Median and 10-90% ("nearest") from (value, count) rows."""
    if values.height == 0 or values["count"].sum() == 0:
        return {"median_or": None, "p10_or": None, "p90_or": None}
    v = values.group_by("value").agg(pl.col("count").sum()).sort("value")
    m, lo, hi = (quantile_of_counts(v["value"], v["count"], q) for q in (0.5, 0.1, 0.9))
    return {"median_or": m, "p10_or": lo, "p90_or": hi}


@dataclass(frozen=True)
class GameForecast(Summary):
    """The rest of one game, conditioned on its timeline up to the cut."""

    timeline: Timeline
    games: int
    kept: int
    tolerance: int | None
    events: list
    rusts: list
    scores: list
    players: list = field(default_factory=list)
    method: str = "conditioning"
    start: Start | None = None  # the position played on from (method "position")
    spread: str = "fixed"  # the ranges its games drew the bots' rules from (SPREADS)

    @property
    def cut(self) -> int:
        return self.timeline.ors[-1][0]

    def tables(self) -> dict[str, pl.DataFrame]:
        flat = []
        for r in self.events:
            u = r["unconditional"]
            flat.append(
                {
                    "event": r["event"],
                    "label": r["label"],
                    "happened_at": r["happened_at"],
                    "median_or": r["median_or"],
                    "p10_or": r["p10_or"],
                    "p90_or": r["p90_or"],
                    "never_share": r["never_share"],
                    "unconditional_median_or": u["median_or"],
                    "unconditional_p10_or": u["p10_or"],
                    "unconditional_p90_or": u["p90_or"],
                }
            )
        schema = {k: pl.Float64 for k in flat[0] if k.endswith("_or") or k == "never_share"}
        schema["happened_at"] = pl.Int64
        out = {"events": pl.DataFrame(flat, schema_overrides=schema)}
        if self.rusts:
            out["rusts"] = pl.DataFrame(self.rusts, infer_schema_length=None)
        if self.scores:
            out["scores"] = pl.DataFrame(
                [{**r, "directs": ",".join(r["directs"])} for r in self.scores],
                infer_schema_length=None,
            ).with_columns(pl.col("player").cast(pl.String))
        return out

    def plots(self) -> dict:
        return {"forecast": plot_forecast(self)}

    def as_dict(self) -> dict:
        t = self.timeline
        return {
            "game_id": t.game_id,
            "players": t.players,
            "cut_or": self.cut,
            "cut_label": t.label(self.cut),
            "finished_by_cut": t.finished,
            "method": self.method,
            "spread": self.spread if self.start else None,
            "scores_from": "position" if self.start else "kept games",
            "games": self.games,
            "games_kept": self.kept,
            "tolerance": self.tolerance,
            "events": self.events,
            "rusts": self.rusts,
            "scores": self.scores,
            "position": {str(k): v for k, v in t.position.items()} | self._money(),
            "rebuilt": list(REBUILT_POSITION if self.method == "position" else REBUILT),
            "not_rebuilt": list(FILLED if self.method == "position" else NOT_REBUILT),
            "notes": self.notes,
        }

    @property
    def notes(self) -> list:
        """What the export's reading and the position's replay noted."""
        return self.timeline.notes + (self.start.notes if self.start else [])

    def _money(self) -> dict:
        if self.start is None:
            return {}
        return {
            "cash": {str(k): v for k, v in self.start.cash.items()},
            "treasuries": self.start.treasury,
            "prices": self.start.prices,
            "debt": {str(k): v for k, v in self.start.debt.items()},
            "values": {str(k): v for k, v in self.start.values.items()},
            "bank": max(self.start.bank, 0),
            "resume_or": self.start.first,
        }

    def text(self) -> str:
        t = self.timeline
        pos = t.position
        if self.method == "position":
            how = [
                f"Forecast from the position: {self.kept:,} games played on by the bots from "
                f"the exact replayed position at {t.when(self.cut)} (beside {self.games:,} whole "
                f"games); " + _spread_text(self.spread) + ".",
                "Filled in by rule (not in the log): " + "; ".join(FILLED) + ".",
                "Replayed prices: "
                + ", ".join(f"{c} {v}" for c, v in self.start.prices.items())
                + "; cash: "
                + ", ".join(f"{t.name(p)} {v}" for p, v in self.start.cash.items())
                + f"; bank {max(self.start.bank, 0)}.",
            ]
        else:
            how = [
                f"Forecast by conditioning: {self.kept:,} of {self.games:,} simulated games "
                f"match the timeline so far (the events by {t.when(self.cut)} at the same ORs, "
                f"{self.tolerance} ORs off in all at most).",
                "What stands for the rest: " + "; ".join(NOT_REBUILT) + ".",
            ]
        lines = [
            f"Game {t.game_id}: {t.players} players, read to "
            + ("" if in_last_or(t) else "the end of ")
            + t.when(self.cut)
            + (" (the log's last OR, perhaps still going on)" if in_last_or(t) else "")
            + f"; phase {pos['phase']}, "
            f"{pos['depot_left']} depot cards left (next: {pos['next_train'] or '-'}).",
            *how,
            "",
            "Event                happened      given the game so far   all games",
            "                                   median [10%-90%]        median [10%-90%]",
        ]
        for r in self.events:
            u = r["unconditional"]
            when = "-" if r["happened_at"] is None else t.when(r["happened_at"])
            cond = "" if r["happened_at"] is not None else _text_band(r)
            lines.append(f"  {r['label']:<19}{when:<14}{cond:<24}{_text_band(u)}")
        lines.append(
            "  (an event that does not happen counts as the OR after its game's end; "
            "never: share of the kept games without it)"
        )
        never = [
            f"{r['label']} {r['never_share']:.0%}"
            for r in self.events
            if r["happened_at"] is None and (r["never_share"] or 0) >= 0.005
        ]
        if never:
            lines.append("  never in the kept games: " + ", ".join(never))
        if self.rusts:
            lines += ["", "Trains at the cut and the OR each rusts in (kept games):"]
            for r in self.rusts:
                lines.append(
                    f"  {r['company']:<4} {r['count']} x {r['train']:<3} "
                    + (
                        "does not rust"
                        if r["rust_event"] is None
                        else f"rusts {_text_band(r)} ({EVENT_LABELS[r['rust_event']]})"
                    )
                )
        if self.scores:
            lines += ["", "Final score by player (the same seat in the kept games):"]
            if self.start:
                lines[-1] = (
                    "Final score by player (played on from the replayed position: "
                    "each from their own cash and holdings; value at the cut beside):"
                )
            for r in self.scores:
                real = "" if r["real"] is None else f"  real {r['real']}"
                if r.get("value_at_cut") is not None:
                    real = f"  now {r['value_at_cut']}" + real
                directs = ", ".join(r["directs"]) or "-"
                lines.append(
                    f"  seat {r['seat']} {r['name'] + ' (' + str(r['player']) + ')':<20} "
                    f"{r['median']:.0f} "
                    f"[{r['p10']:.0f}-{r['p90']:.0f}]  directs {directs}{real}"
                )
        if self.notes:
            lines += ["", "Notes: " + "; ".join(self.notes)]
        return "\n".join(lines)


def _spread_text(name: str) -> str:
    sp, money = split_spread(SPREADS[name])
    if not sp and not money:
        return "every game by the bots' default rules"
    return (
        f"each game drew its bots' rules ({', '.join(f'{k} {a}-{b}' for k, (a, b) in sp.items())})"
        + (f" and scaled the money at the cut within +-{money}%" if money else "")
    )


def _text_band(r: dict) -> str:
    if r.get("median_or") is None:
        return "-"
    return f"{r['median_or']:g} [{r['p10_or']:g}-{r['p90_or']:g}]"


def plot_forecast(f: GameForecast):
    from tableodds.analysis.plots import figure

    fig, ax = figure(figsize=(9, 5.5))
    for i, r in enumerate(f.events):
        u = r["unconditional"]
        if u["median_or"] is not None:
            ax.hlines(i - 0.15, u["p10_or"], u["p90_or"], lw=5, color="0.7")
            ax.plot(
                u["median_or"], i - 0.15, "o", color="0.5", label="all games" if not i else None
            )
        if r["happened_at"] is not None:
            ax.plot(r["happened_at"], i, "D", color="C3")
        elif r["median_or"] is not None:
            ax.hlines(i + 0.15, r["p10_or"], r["p90_or"], lw=5, color="C0", alpha=0.6)
            ax.plot(r["median_or"], i + 0.15, "o", color="C0")
    ax.plot([], [], "o-", color="C0", label="given the game so far")
    ax.plot([], [], "D", color="C3", label="happened by the cut")
    ax.axvline(f.cut + 0.5, color="C3", ls=":", lw=1)
    ax.set_yticks(range(len(f.events)), [r["label"] for r in f.events])
    ax.invert_yaxis()
    ax.set_xlabel("operating round (global number; OR 1.1 = 1)")
    ax.grid(axis="x", alpha=0.3)
    handles, labels = ax.get_legend_handles_labels()
    keep = dict(zip(labels, handles))
    ax.legend(keep.values(), keep.keys(), fontsize=8)
    t = f.timeline
    ax.set_title(
        f"1844 game {t.game_id} after {t.when(f.cut)}: "
        f"10-90% bands, {f.kept:,} of {f.games:,} games kept"
    )
    return fig


def forecast_game(df: pl.DataFrame, t: Timeline, min_kept: int = MIN_KEPT) -> GameForecast:
    """The forecast from simulated records ``df`` (all games of the player count)."""
    return forecast_of(counts(t, df), t, min_kept)


def forecast_of(
    c: Counts,
    t: Timeline,
    min_kept: int = MIN_KEPT,
    start: Start | None = None,
    method: str | None = None,
) -> GameForecast:
    """The forecast from a run's counts (:func:`counts`); ``start``: the position the games
    were played on from: with ``method`` "position" (the default when there is a start)
    the counts' "all" come from whole games, the rest from those played on; with
    "conditioning" only the scores come from those played on."""
    method = method or ("position" if start is not None else "conditioning")
    tol = tolerance(c, min_kept)
    near = pl.col("distance") <= (tol if tol is not None else -1)
    kept = c["kept"].filter(near)
    never = c["never"].filter(near)
    n_kept = int(never.filter(pl.col("event") == FORECAST_EVENTS[0])["count"].sum())
    games = int(c["all"].filter(pl.col("event") == FORECAST_EVENTS[0])["count"].sum())

    def cond(e):
        return _band(kept.filter(pl.col("event") == e))

    def uncond(e):
        return _band(c["all"].filter(pl.col("event") == e))

    events = []
    cut = t.ors[-1][0]
    for e in FORECAST_EVENTS:
        v = t.events.get(e)
        happened = v is not None and v[0] <= cut
        mine = never.filter(pl.col("event") == e)
        events.append(
            {
                "event": e,
                "label": EVENT_LABELS[e],
                "happened_at": v[0] if happened else None,
                **(dict.fromkeys(cond(e)) if happened else cond(e)),
                "never_share": None
                if happened or not n_kept
                else int(mine["never"].sum()) / int(mine["count"].sum()),
                "games_kept": n_kept,
                "unconditional": uncond(e),
            }
        )
    rusts = []
    for company, names in t.position.get("trains", {}).items():
        for name in dict.fromkeys(names):
            k = R.TRAIN_NAMES.index(name)
            rust = f"rust{k + 2}" if k < 3 and R.RUSTED_BY[k] >= 0 else None
            band = cond(rust) if rust else dict.fromkeys(cond("end"))
            rusts.append(
                {
                    "company": company,
                    "train": name,
                    "count": names.count(name),
                    "rust_event": rust,
                    **band,
                }
            )
    scores = []
    if n_kept:
        directs: dict = {}
        for company, p in t.position.get("directors", {}).items():
            if company not in t.position.get("closed", ()):
                directs.setdefault(str(p), []).append(company)
        mine = c["scores"].filter(near)
        for seat, pid in enumerate(t.player_ids):
            band = _band(mine.filter(pl.col("seat") == seat))
            scores.append(
                {
                    "seat": seat,
                    "player": pid,
                    "name": t.name(pid),
                    "median": band["median_or"],
                    "p10": band["p10_or"],
                    "p90": band["p90_or"],
                    "directs": sorted(directs.get(str(pid), [])),
                    "value_at_cut": start.values.get(pid) if start is not None else None,
                    "cash_at_cut": start.cash.get(pid) if start is not None else None,
                    "real": t.scores.get(pid) if t.finished else None,
                }
            )
    return GameForecast(t, games, n_kept, tol, events, rusts, scores, [], method, start)


@analysis(
    "1844",
    "forecast",
    games=100_000,
    about="what is still to come in a game in progress",
    example="tableodds 1844 forecast 160062.json --at 8 --out f160062",
)
def forecast(
    plan: CommandRuns,
    game_file,
    at=None,
    policies=None,
    params=None,
    method=METHODS[0],
    spread=SPREAD,
) -> Result:
    """Forecast the rest of a 1844 game from its 18xx.games export.

    For each event still to come (phases 3-7, the rusts, the SBB, the bank break, the end) the median and 10-90%
    band given the game so far, beside the band over all games of its player count; the OR
    each company's trains rust in; each player's final-score band.  The position (trains,
    phase, depot, companies, shares, directors, privates, tokens) is read off the log, and
    money and share prices replayed from it by the rules; ``method`` "conditioning" (the
    default) keeps the whole games whose timeline so far matches the real one, "position"
    plays the games on from the rebuilt state (beside as many whole games, the
    unconditional bands).  The games play the rules of the 18xx.games engine (bankruptcy
    allowed).  ``spread`` (SPREADS): the ranges the position method's games draw the bots'
    parameters from, "fixed" none."""
    if method not in METHODS:
        raise InputError(f"--method must be one of {', '.join(METHODS)}, not {method!r}")
    if spread not in SPREADS:
        raise InputError(f"--spread must be one of {', '.join(SPREADS)}, not {spread!r}")
    doc = _parse(game_file)
    t = read_timeline(doc, str(game_file), at)
    settings = R.make_settings(t.players, policies, params, R.ENGINE_READINGS)
    opts = {"default_chunk": GAME.chunk_size, "label": f"1844 {t.players}p"}
    jobs = [("", partial(simulate_chunk, settings), {**opts, "tally": partial(counts, t)})]
    # both methods play the games on from the replayed position: the position method's
    # events and scores, the conditioning method's scores (a player's band from their own
    # cash and holdings at the cut)
    start = start_state(t, settings, doc, str(game_file))
    chunk = partial(simulate_from_chunk, settings, start.state, start.first, spread=SPREADS[spread])
    label = f"1844 {t.players}p from #{t.ors[-1][0]}"
    tally = partial(counts, t, position=True)
    jobs.append(("position", chunk, {**opts, "label": label, "tally": tally}))
    runs = plan.run_all(jobs)
    if "" not in runs or "position" not in runs:
        raise InputError("no games were simulated")
    c, on = runs[""].counts, runs["position"].counts
    if method == "position":
        c = Counts({"all": c["all"]} | {k: on[k] for k in _KEYS if k != "all"}, _KEYS)
    else:
        c = Counts({k: c[k] for k in _KEYS if k != "scores"} | {"scores": on["scores"]}, _KEYS)
    summary = forecast_of(c, t, start=start, method=method)
    summary = replace(summary, spread=spread)
    if not summary.kept:
        raise InputError(
            f"{game_file}: none of the {summary.games:,} simulated games matches the timeline "
            f"so far (by {t.when(summary.cut)}); try more --games"
        )
    return Result(
        "1844 forecast",
        {"game_file": str(game_file), "game_id": t.game_id, "at": at, **settings.describe()},
        summary,
        plan,
        titles={
            "": f"1844 forecast · game {t.game_id} after {t.when(summary.cut)} · {t.players} players "
            f"· policies {','.join(settings.policies)}",
            "position": f"1844 forecast · game {t.game_id} played on from {t.when(summary.cut)}",
        },
    )
