"""Davos analyses over simulated records (one row per game and seat, goal slots wide).

"Which goals are hardest": for every goal card, the share of the times a seat
held it at a check (end of year 1, end of year 2, the final check) in which the
seat had achieved it by then, i.e. revealed it at an earlier check or was the
biggest where it asks at that check.  A goal dealt at set-up has three years to be
met, one drawn at a reset or bought late has less, and a bought goal was chosen
because it looked cheap: so the final check is also split by how the goal came into
the hand (``ACQUISITIONS``), and the headline ranking is for goals dealt at set-up.
Everything is a lazy Polars scan; nothing here simulates.
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass
from functools import partial

import polars as pl

from tableodds.analysis.registry import analysis
from tableodds.analysis.result import Result, Summary
from tableodds.analysis.stats import (
    Z95,
    Mean,
    Proportion,
    ci,
    digits,
    mean_from_moments,
    wilson,
)
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.runner import CommandRuns, Counts
from tableodds.sim.davos import GAME
from tableodds.sim.davos.kernel import simulate_chunk
from tableodds.sim.davos.parliament import biggest, party_vote
from tableodds.sim.davos.parliament import parliament as tally
from tableodds.sim.davos.rules import (
    GOAL_SLOTS,
    IDEOLOGIES,
    POLICY_CODES,
    REQ_KINDS,
    SLOT_FIELDS,
    Settings,
    load_cards,
    load_parliament,
    make_settings,
    seating,
)

CHECKS = ("year 1", "year 2", "final")
# final-check groups by how (rules.HOW) and when a goal was acquired; the first three pool years
ACQUISITIONS = (
    ("dealt", 0, (1,)),
    ("reset", 1, (2, 3)),
    ("bought", 2, (1, 2, 3)),
    ("reset y2", 1, (2,)),
    ("reset y3", 1, (3,)),
    ("bought y1", 2, (1,)),
    ("bought y2", 2, (2,)),
    ("bought y3", 2, (3,)),
)
HEADLINE = "dealt"
_POLICY_NAMES = {v: k for k, v in POLICY_CODES.items()}


def requirement_kind(goal) -> str:
    """The goal's requirement kinds, e.g. 'sector' or 'corp+sector'."""
    return "+".join(sorted(REQ_KINDS[k] for k, _ in goal.requires))


def goal_slots(records: pl.LazyFrame) -> pl.LazyFrame:
    """One row per goal a seat took: game, seat, policy, goal, acquired, discarded, revealed, met."""
    parts = [
        records.select(
            "game", "seat", "policy", *[pl.col(f"g{i}_{f}").alias(f) for f in SLOT_FIELDS]
        )
        for i in range(GOAL_SLOTS)
    ]
    return pl.concat(parts).filter(pl.col("goal") >= 0)


def _held(k: int) -> pl.Expr:
    return (pl.col("acquired") <= k) & ((pl.col("discarded") == 0) | (pl.col("discarded") > k))


def _achieved(k: int) -> pl.Expr:
    revealed = (pl.col("revealed") > 0) & (pl.col("revealed") <= k)
    met = (pl.col("met") & (1 << (k - 1))) > 0
    return _held(k) & (revealed | met)


_CELLS = ["policy", "goal", "how", "acquired"]  # the finest split any goal table needs
_TALLIES = [f"{x}{k}" for k in (1, 2, 3) for x in "na"]


def _slot_query(slots: pl.LazyFrame) -> pl.LazyFrame:
    """Goals held (``n1``..``n3``) and achieved (``a1``..``a3``) at each check, per policy,
    goal, way of getting it and year got: a few hundred rows, whatever the number of games.
    Every goal table sums these rows (:func:`_counts`)."""
    aggs = []
    for k in (1, 2, 3):
        aggs += [
            _held(k).cast(pl.Int64).sum().alias(f"n{k}"),
            _achieved(k).cast(pl.Int64).sum().alias(f"a{k}"),
        ]
    return slots.group_by(_CELLS).agg(aggs)


def _counts(tallies: pl.DataFrame, by: list[str]) -> pl.DataFrame:
    return tallies.group_by(by).agg(pl.col(_TALLIES).sum())


def _proportions(row: dict) -> tuple[Proportion | None, ...]:
    return tuple(wilson(row[f"a{k}"], row[f"n{k}"]) if row[f"n{k}"] else None for k in (1, 2, 3))


def _acquisition_counts(tallies: pl.DataFrame, by: list[str]) -> dict:
    """{key: {(how, acquired): (achieved, held)}} at the final check, key = the ``by`` values."""
    out: dict = {}
    for r in _counts(tallies, by + ["how", "acquired"]).to_dicts():
        key = tuple(r[b] for b in by)
        out.setdefault(key, {})[(r["how"], r["acquired"])] = (r["a3"], r["n3"])
    return out


def _by_acquisition(cells: dict) -> tuple[tuple[str, Proportion | None], ...]:
    out = []
    for label, how, years in ACQUISITIONS:
        a = sum(cells.get((how, y), (0, 0))[0] for y in years)
        n = sum(cells.get((how, y), (0, 0))[1] for y in years)
        out.append((label, wilson(a, n) if n else None))
    return tuple(out)


@dataclass(frozen=True)
class GoalRow:
    goal: int
    name: str
    category: str
    requires: str
    kind: str
    by_check: tuple[Proportion | None, ...]  # year 1, year 2, final; None when never held
    by_acquisition: tuple[tuple[str, Proportion | None], ...] = ()  # final check, ACQUISITIONS

    @property
    def final(self) -> Proportion | None:
        return self.by_check[2]

    def acquired(self, label: str) -> Proportion | None:
        return dict(self.by_acquisition).get(label)

    @property
    def headline(self) -> Proportion | None:
        """P(achieved at the final check) for the goal dealt at set-up and kept."""
        return self.acquired(HEADLINE)


@dataclass(frozen=True)
class KindRow:
    kind: str
    goals: int
    by_check: tuple[Proportion | None, ...]
    by_acquisition: tuple[tuple[str, Proportion | None], ...] = ()

    @property
    def final(self) -> Proportion | None:
        return self.by_check[2]

    def acquired(self, label: str) -> Proportion | None:
        return dict(self.by_acquisition).get(label)

    @property
    def headline(self) -> Proportion | None:
        return self.acquired(HEADLINE)


@dataclass(frozen=True)
class GoalDifficulty:
    """Goal achievement by check, hardest first, with Wilson 95% intervals."""

    players: int
    game: str
    policies: tuple[str, ...]
    games: int
    goals: tuple[GoalRow, ...]  # ranked: lowest P(achieved | dealt at set-up) first
    kinds: tuple[KindRow, ...]
    by_policy: tuple[tuple[str, GoalRow], ...] = ()  # per holder policy when seats differ
    score: tuple[Mean, ...] = ()  # mean final score per seat
    wins: tuple[Proportion, ...] = ()  # P(seat wins) per seat

    @property
    def label(self) -> str:
        pol = self.policies[0] if len(set(self.policies)) == 1 else ",".join(self.policies)
        return f"{self.players}p {self.game} {pol}"

    def tables(self) -> dict[str, pl.DataFrame]:
        def rows(items, extra):
            out = []
            for item in items:
                d = extra(item)
                for k, pr in zip((1, 2, 3), item.by_check):
                    d |= {
                        f"p{k}": pr.estimate if pr else None,
                        f"low{k}": pr.low if pr else None,
                        f"high{k}": pr.high if pr else None,
                        f"n{k}": pr.n if pr else 0,
                    }
                for label, pr in item.by_acquisition:
                    c = label.replace(" ", "_")
                    d |= {
                        f"p_{c}": pr.estimate if pr else None,
                        f"low_{c}": pr.low if pr else None,
                        f"high_{c}": pr.high if pr else None,
                        f"n_{c}": pr.n if pr else 0,
                    }
                out.append(d)
            return out

        goals = rows(
            self.goals,
            lambda g: {
                "rank": self.goals.index(g) + 1,
                "goal": g.goal,
                "name": g.name,
                "category": g.category,
                "requires": g.requires,
                "kind": g.kind,
            },
        )
        kinds = rows(self.kinds, lambda r: {"kind": r.kind, "goals": r.goals})
        seats = [
            {
                "seat": s,
                "policy": self.policies[s],
                "score": m.estimate,
                "score_se": m.se,
                "p_win": w.estimate,
                "p_win_low": w.low,
                "p_win_high": w.high,
            }
            for s, (m, w) in enumerate(zip(self.score, self.wins))
        ]
        out = {
            "goals": pl.DataFrame(goals),
            "kinds": pl.DataFrame(kinds),
            "seats": pl.DataFrame(seats),
        }
        if self.by_policy:
            out["goals_by_policy"] = pl.DataFrame(
                rows([g for _, g in self.by_policy], lambda g: {"goal": g.goal, "name": g.name})
            ).with_columns(pl.Series("policy", [p for p, _ in self.by_policy]))
        return out

    def as_dict(self) -> dict:
        def checks(by):
            return {c: (p.as_dict() if p else None) for c, p in zip(CHECKS, by)}

        def acquired(by):
            return {label: (p.as_dict() if p else None) for label, p in by}

        return {
            "players": self.players,
            "game": self.game,
            "policies": list(self.policies),
            "games": self.games,
            "goals": [
                {
                    "rank": i + 1,
                    "goal": g.goal,
                    "name": g.name,
                    "category": g.category,
                    "requires": g.requires,
                    "kind": g.kind,
                    "achieved_by": checks(g.by_check),
                    "final_by_acquisition": acquired(g.by_acquisition),
                }
                for i, g in enumerate(self.goals)
            ],
            "ranked_by": f"P(achieved at the final check | {HEADLINE} at set-up)",
            "kinds": [
                {
                    "kind": r.kind,
                    "goals": r.goals,
                    "achieved_by": checks(r.by_check),
                    "final_by_acquisition": acquired(r.by_acquisition),
                }
                for r in self.kinds
            ],
            "by_policy": [
                {"policy": p, "goal": g.goal, "name": g.name, "achieved_by": checks(g.by_check)}
                for p, g in self.by_policy
            ],
            "score_by_seat": [m.as_dict() for m in self.score],
            "win_by_seat": [w.as_dict() for w in self.wins],
        }


def _rank_key(row):
    """Hardest first by the headline (dealt at set-up), then over all holders."""
    h, f = row.headline, row.final
    return (h.estimate if h else math.inf, f.estimate if f else math.inf, getattr(row, "goal", 0))


def goal_counts(settings: Settings, records: pl.LazyFrame | pl.DataFrame) -> Counts:
    """What the goal table of a run is made of, as counts that add up over chunks: the goal
    slots' tallies (:func:`_slot_query`) and each seat's games, score sums and wins."""
    lf = records.lazy()
    seats = lf.group_by("seat").agg(
        pl.len().cast(pl.Int64).alias("n"),
        pl.col("score").cast(pl.Int64).sum().alias("s"),  # exact: no chunk-order rounding
        (pl.col("score").cast(pl.Int64) ** 2).sum().alias("s2"),
        pl.col("won").cast(pl.Int64).sum().alias("w"),
    )
    slots, seats = pl.collect_all([_slot_query(goal_slots(lf)), seats], engine="streaming")
    return Counts({"slots": slots, "seats": seats}, {"slots": tuple(_CELLS), "seats": ("seat",)})


def goal_difficulty(records: pl.LazyFrame, settings: Settings) -> GoalDifficulty:
    """Aggregate a run's records into the goal table."""
    return goal_difficulty_of(goal_counts(settings, records), settings)


def goal_difficulty_of(counts: Counts, settings: Settings) -> GoalDifficulty:
    """The goal table from a run's counts (:func:`goal_counts`)."""
    slots = counts["slots"]
    per_goal = {r["goal"]: r for r in _counts(slots, ["goal"]).to_dicts()}
    acq = _acquisition_counts(slots, ["goal"])
    goals = []
    for i, g in enumerate(settings.goals):
        r = per_goal.get(i, {f"{x}{k}": 0 for x in "na" for k in (1, 2, 3)})
        goals.append(
            GoalRow(
                i,
                g.name,
                g.category,
                g.requirement_text(),
                requirement_kind(g),
                _proportions(r),
                _by_acquisition(acq.get((i,), {})),
            )
        )
    goals.sort(key=_rank_key)
    kind_of = pl.DataFrame(
        {
            "goal": list(range(len(settings.goals))),
            "kind": [requirement_kind(g) for g in settings.goals],
        },
        schema={"goal": pl.Int16, "kind": pl.String},
    )
    kinds = []
    with_kind = slots.join(kind_of, on="goal")
    kind_acq = _acquisition_counts(with_kind, ["kind"])
    for r in _counts(with_kind, ["kind"]).sort("kind").to_dicts():
        kinds.append(
            KindRow(
                r["kind"],
                sum(g.kind == r["kind"] for g in goals),
                _proportions(r),
                _by_acquisition(kind_acq.get((r["kind"],), {})),
            )
        )
    kinds.sort(key=lambda k: _rank_key(k)[:2] + (k.kind,))
    by_policy = []
    if len(set(settings.policies)) > 1:
        for r in _counts(slots, ["policy", "goal"]).sort(["policy", "goal"]).to_dicts():
            g = settings.goals[r["goal"]]
            by_policy.append(
                (
                    _POLICY_NAMES[r["policy"]],
                    GoalRow(
                        r["goal"],
                        g.name,
                        g.category,
                        g.requirement_text(),
                        requirement_kind(g),
                        _proportions(r),
                    ),
                )
            )
    seats = counts["seats"].sort("seat").to_dicts()
    games = seats[0]["n"] if seats else 0
    return GoalDifficulty(
        players=settings.players,
        game=settings.game,
        policies=settings.policies,
        games=games,
        goals=tuple(goals),
        kinds=tuple(kinds),
        by_policy=tuple(by_policy),
        score=tuple(mean_from_moments(r["n"], r["s"], r["s2"]) for r in seats),
        wins=tuple(wilson(r["w"], r["n"]) for r in seats),
    )


@dataclass(frozen=True)
class Difference:
    """p(b) - p(a) for one goal (the headline: dealt at set-up, final check), normal 95%."""

    goal: int
    name: str
    a: Proportion
    b: Proportion
    estimate: float
    low: float
    high: float

    def as_dict(self) -> dict:
        return {
            "goal": self.goal,
            "name": self.name,
            "a": self.a.as_dict(),
            "b": self.b.as_dict(),
            "difference": self.estimate,
            "low": self.low,
            "high": self.high,
        }


def differences(a: GoalDifficulty, b: GoalDifficulty) -> tuple[Difference, ...]:
    """Headline achievement of every goal in b minus a (same card list), largest first."""
    fa = {g.goal: g for g in a.goals}
    out = []
    for g in b.goals:
        pa, pb = fa[g.goal].headline if g.goal in fa else None, g.headline
        if not pa or not pb:
            continue
        d = pb.estimate - pa.estimate
        se = math.sqrt(
            pa.estimate * (1 - pa.estimate) / pa.n + pb.estimate * (1 - pb.estimate) / pb.n
        )
        out.append(Difference(g.goal, g.name, pa, pb, d, d - Z95 * se, d + Z95 * se))
    return tuple(sorted(out, key=lambda x: (-abs(x.estimate), x.goal)))


def plot_goals(results: list[GoalDifficulty], title: str = ""):
    """Horizontal bars: P(achieved at the final check | dealt at set-up) per goal, 95%."""
    from tableodds.analysis.plots import figure, legend_outside

    first = results[0]
    order = [g.goal for g in first.goals]
    names = {g.goal: g.name for g in first.goals}
    fig, ax = figure(figsize=(8, 0.28 * len(order) + 1.5))
    n = len(results)
    h = 0.8 / n
    for j, res in enumerate(results):
        by = {g.goal: g.headline for g in res.goals}
        ys, xs, lo, hi = [], [], [], []
        for i, goal in enumerate(order):
            pr = by.get(goal)
            if pr is None:
                continue
            ys.append(i + (j - (n - 1) / 2) * h)
            xs.append(pr.estimate)
            lo.append(pr.estimate - pr.low)
            hi.append(pr.high - pr.estimate)
        ax.barh(ys, xs, height=h, xerr=[lo, hi], capsize=2, label=res.label)
    ax.set_yticks(range(len(order)), [names[g] for g in order], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(
        "P(achieved at the final check | dealt at set-up); error bars: 95% Wilson interval"
    )
    ax.set_title(title or "Davos goals, hardest first")
    if n > 1:
        legend_outside(ax)
    ax.grid(axis="y", visible=False)
    return fig


# --- the vote calculator -----------------------------------------------------------------
@dataclass(frozen=True)
class VoteCount(Summary):
    """How each party of a parliament votes on one bill, and whether it passes."""

    result: dict

    def tables(self) -> dict[str, pl.DataFrame]:
        return {
            "votes": pl.DataFrame(
                [{k: v for k, v in r.items() if k != "holders"} for r in self.result["parties"]]
            )
        }

    def as_dict(self) -> dict:
        return self.result

    def text(self) -> str:
        result = self.result
        held = [
            " ".join(f"{k}:{v}" for k, v in r["holders"].items()) or "-" for r in result["parties"]
        ]
        pw = max(len("party"), *(len(r["party"]) for r in result["parties"]))  # never cut
        hw = max(len("holders"), *map(len, held))
        lines = [
            f"Bill ideology: {result['bill']}",
            "",
            f"{'party':<{pw}} {'ideo':<4} {'holders':<{hw}} {'weight':>6}  {'vote':<8} why",
        ]
        for r, holders in zip(result["parties"], held):
            lines.append(
                f"{r['party']:<{pw}} {r['ideology']:<4} {holders:<{hw}} "
                f"{r['weight']:>6g}  {r['vote']:<8} {r['why']}"
            )
        verdict = "PASSES" if result["passes"] else "FAILS"
        lines += [
            "",
            f"For {result['for']:g} · against {result['against']:g} → the bill {verdict}",
            f"({result['rule']})",
        ]
        return "\n".join(lines)


def count_votes(parliament: dict) -> dict:
    """How each party votes and whether the bill passes (the rulebook, sim.davos.parliament)."""
    players = sorted(
        {who for p in parliament["parties"] for who in p["assets"]} | set(parliament["wishes"])
    )
    wishes = [parliament["wishes"].get(who) == "for" for who in players]
    bill = IDEOLOGIES.index(parliament["bill"])
    votes, totals, rows = [], [], []
    for party in parliament["parties"]:
        counts = [party["assets"].get(who, 0) for who in players]
        ideo = IDEOLOGIES.index(party["ideology"])
        v = party_vote(counts, party["dissidents"], wishes, ideo, bill)
        b = biggest(counts + [party["dissidents"]])
        votes.append(v)
        totals.append(sum(counts) + party["dissidents"])
        if sum(counts) + party["dissidents"] == 0:
            why = "empty: does not vote"
        elif b == len(players):
            why = f"dissidents biggest: vote their ideology {party['ideology']}"
        elif b >= 0:
            why = f"{players[b]} biggest: decides"
        else:
            why = "no biggest: unanimous" if v else "no biggest, no agreement: does not vote"
        rows.append(
            {
                "party": party["name"],
                "ideology": party["ideology"],
                "holders": {
                    **{w: n for w, n in zip(players, counts) if n},
                    **({"dissidents": party["dissidents"]} if party["dissidents"] else {}),
                },
                "biggest": ("dissidents" if b == len(players) else players[b]) if b >= 0 else None,
                "vote": {1: "for", -1: "against", 0: "none"}[v],
                "why": why,
            }
        )
    yes, no, passed = tally(votes, totals)
    largest = biggest(totals)
    for i, r in enumerate(rows):
        r["weight"] = 0 if totals[i] == 0 else (1.5 if i == largest else 1.0)
    return {
        "bill": parliament["bill"],
        "parties": rows,
        "for": yes / 2,
        "against": no / 2,
        "passes": passed,
        "rule": "largest party 1.5 votes, other non-empty parties 1; a tie or no votes fails",
    }


@analysis("davos", "vote", about="how a parliament votes on a bill")
def vote(path) -> Result:
    """How a parliament votes on a bill, party by party."""
    return Result("davos vote", {"file": str(path)}, VoteCount(count_votes(load_parliament(path))))


# --- the goal analysis: a CommandRuns and keyword settings in, a Result out ------------------
LIMITS = (
    "Only the bargain bot makes deals, by two rules (a vote for a vote on a later bill of "
    "the year; a share of a bill's profit for a party's vote); no bot negotiates otherwise, "
    "promises or pays; every number describes games between these bots only."
)


def _cell(pr) -> str:
    """A chance with its interval, compact: ``0.77 [0.71,0.81]`` (``—``: none held)."""
    return "—" if pr is None else f"{pr.value()} {pr.interval().replace(', ', ',')}"


SHOWN = ("dealt", "reset", "bought")


def goal_text(summary: GoalDifficulty) -> str:
    lines = [
        "P(achieved at the final check | held then), 95% Wilson intervals, by how the goal came",
        "into the hand: dealt at set-up (ranked on this, hardest first), drawn at a reset, bought;",
        "under each goal: what it requires, 'all' (every holder pooled; year-1/2 checks and",
        "each year in --json / --out) and how many held it dealt at set-up",
    ]
    cells = [[_cell(g.acquired(c)) for c in SHOWN] for g in summary.goals]
    name = max(len(g.name) for g in summary.goals)
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(SHOWN)]
    lines.append(
        f"{'':>3} {'goal':<{name}} " + "  ".join(f"{c:>{w}}" for c, w in zip(SHOWN, widths))
    )
    for i, (g, row) in enumerate(zip(summary.goals, cells), start=1):
        n = g.headline.n if g.headline else 0
        lines.append(
            f"{i:>3} {g.name:<{name}} " + " ".join(f"{c:>{w}}" for c, w in zip(row, widths))
        )
        lines.append(f"{'':>3}   requires {g.requires} · all {_cell(g.final)} · dealt n {n:,}")
    kinds = [[_cell(k.acquired(c)) for c in SHOWN] + [_cell(k.by_check[2])] for k in summary.kinds]
    columns = (*SHOWN, "all")
    kw = [max(len(c), *(len(row[i]) for row in kinds)) for i, c in enumerate(columns)]
    lines += [
        "",
        "By requirement kind (final check)",
        f"{'kind':<20} {'goals':>5} " + "  ".join(f"{c:>{w}}" for c, w in zip(columns, kw)),
    ]
    for k, row in zip(summary.kinds, kinds):
        lines.append(
            f"{k.kind:<20} {k.goals:>5} " + "  ".join(f"{c:>{w}}" for c, w in zip(row, kw))
        )
    lines += ["", f"{'seat':<6} {'policy':<8} {'score (± se)':>14} {'P(win) [95% CI]':>20}"]
    for s, (m, w) in enumerate(zip(summary.score, summary.wins)):
        lines.append(f"{s:<6} {summary.policies[s]:<8} {str(m):>14} {_cell(w):>20}")
    return "\n".join(lines)


def _signed(m) -> str:
    """A difference with its interval, signed and compact: ``+0.12 [+0.05,+0.19]``."""
    return f"{m.value(signed=True)} {m.interval(signed=True).replace(', ', ',')}"


def differences_text(diffs, a, b, top: int = 12) -> str:
    lines = [
        f"Difference (dealt at set-up, final check), {b.label} minus {a.label} "
        "(95% interval), largest first"
    ]
    for d in diffs[:top]:
        lines.append(
            f"  {d.name:<28} {d.a.value()} -> {d.b.value()}  "
            f"{ci(d.estimate, d.low, d.high, signed=True).replace(', ', ',')}"
        )
    if len(diffs) > top:
        lines.append(f"  ... {len(diffs) - top} more in --json / --out")
    return "\n".join(lines)


@dataclass(frozen=True)
class GoalComparison(Summary):
    """The goal table of one or more configurations (player counts, policy mixes), each
    against the first."""

    configs: tuple[tuple[str, GoalDifficulty], ...]

    def differences(self):
        first = self.configs[0][1]
        return [(name, differences(first, g)) for name, g in self.configs[1:]]

    def tables(self) -> dict[str, pl.DataFrame]:
        if len(self.configs) == 1:
            return self.configs[0][1].tables()
        merged: dict[str, list] = {}
        for name, g in self.configs:
            for k, df in g.tables().items():
                merged.setdefault(k, []).append(df.with_columns(pl.lit(name).alias("config")))
        out = {k: pl.concat(v, how="diagonal") for k, v in merged.items()}
        rows = [
            {
                "config": name,
                **{k: v for k, v in d.as_dict().items() if k not in ("a", "b")},
                "p_a": d.a.estimate,
                "p_b": d.b.estimate,
            }
            for name, ds in self.differences()
            for d in ds
        ]
        if rows:
            out["differences"] = pl.DataFrame(rows)
        return out

    def plots(self) -> dict:
        return {"goal_ranking": plot_goals([g for _, g in self.configs])}

    def as_dict(self) -> dict:
        base = self.configs[0][1].label
        return {
            "limits": LIMITS,
            "configs": [{"name": name, "goals": g.as_dict()} for name, g in self.configs],
            "differences": [
                {"baseline": base, "config": name, "goals": [d.as_dict() for d in ds]}
                for name, ds in self.differences()
            ],
        }

    def text(self) -> str:
        blocks = [textwrap.fill(LIMITS, 88)]
        many = len(self.configs) > 1
        for name, g in self.configs:
            blocks.append((f"— {name} —\n" if many else "") + goal_text(g))
        first = self.configs[0][1]
        blocks += [
            differences_text(ds, first, dict(self.configs)[name]) for name, ds in self.differences()
        ]
        return "\n\n".join(blocks)


def config_name(settings) -> str:
    pol = settings.policies[0] if len(set(settings.policies)) == 1 else "-".join(settings.policies)
    mode = "" if settings.mode == "normal" else f"{settings.mode}-"
    return f"{mode}{settings.game}-{settings.players}p-{pol}"


def title(settings) -> str:
    mode = "" if settings.mode == "normal" else f" · {settings.mode} variant"
    return (
        f"Davos · {settings.game}{mode} · {settings.players} players · policies "
        f"{','.join(settings.policies)}"
    )


@analysis(
    "davos",
    "goals",
    games=100_000,
    main=True,
    about="which goals are hardest",
    example="tableodds davos goals --players 4 --games 200000 --policies goal --policies random",
)
def goals(
    plan: CommandRuns,
    players=4,
    policies=None,
    game: str = "base",
    cards=None,
    none_bills="split",
    decks: int = 1,
    mode: str = "normal",
    control_open: str = "four",
    big_tokens: str = "final",
    dissident_profit: str = "none",
    dissident_specialty: str = "none",
) -> Result:
    """Which goals are hardest: P(achieved) by year-1, year-2 and final check, per goal and
    kind.

    Several player counts and policy mixes are compared side by side (every count with every
    mix), each against the first.  Policies default to goal-seeking bots.  With DECKS > 1 one
    configuration is run on the given cards and on DECKS - 1 plausible decks drawn by
    tableodds.sim.davos.decks (documented there), and the ranking by requirement kind is
    shown per deck, across decks, and where it holds for every deck.  MODE team or dissident
    plays the rulebook's team variant (teams of two, 4, 6 or 8 players) or dissident variant
    (3-8 players, dissident players who take the others' failed goals); a seat's goal is
    judged on its colour (its team's assets count).  GAME big plays the Big Game (control
    cards, specialties, victory tokens), in any MODE; CONTROL_OPEN and BIG_TOKENS are its two
    readings, DISSIDENT_SPECIALTY that of a dissident player's member card.
    """
    big = dict(
        control_open=control_open, big_tokens=big_tokens, dissident_specialty=dissident_specialty
    )
    if decks > 1:
        return _deck_sensitivity(
            plan, players, policies, game, cards, none_bills, decks, mode, dissident_profit, big
        )
    if decks < 1:
        raise InputError(f"--decks must be 1 or more, not {decks}")
    counts = [players] if isinstance(players, int) else list(players)
    mixes = (
        policies if policies and isinstance(policies[0], (list, tuple)) else [policies or ["goal"]]
    )
    deck = load_cards(cards)
    configs = [
        make_settings(
            p,
            game,
            pols,
            cards=deck,
            none_bills=none_bills,
            mode=mode,
            dissident_profit=dissident_profit,
            **big,
        )
        for p in counts
        for pols in mixes
    ]
    named = {config_name(s): s for s in configs}
    if len(named) < len(configs):
        raise InputError("a configuration is listed twice")
    if len(configs) == 1:
        named = {"": configs[0]}
    runs = plan.run_all(
        [
            (
                name,
                partial(simulate_chunk, s),
                {
                    "default_chunk": GAME.chunk_size,
                    "label": name or "davos",
                    "tally": partial(goal_counts, s),
                },
            )
            for name, s in named.items()
        ]
    )
    summaries = tuple(
        (name or config_name(named[name]), goal_difficulty_of(runs[name].counts, named[name]))
        for name in named
        if name in runs
    )
    settings = (
        configs[0].describe()
        if len(configs) == 1
        else {
            "players": counts,
            "game": game,
            "policies": [list(s.policies) for s in configs],
            "none_bills": none_bills,
        }
        | ({} if mode == "normal" else {"mode": mode})
        | ({"dissident_profit": dissident_profit} if mode == "dissident" else {})
    )
    return Result(
        "davos goals",
        settings,
        GoalComparison(summaries),
        plan,
        titles={name: title(s) for name, s in named.items()},
        run_settings={name: s.describe() for name, s in named.items() if name},
    )


# --- head to head: one seat of A against B in every other seat, the seats rotated ----------
def _duel_chunk(
    a: str, b: str, players: int, game: str, cards, none_bills, mode, profit, seed, start, count
):
    """Per deal (game index): A's score and win minus the mean of the B sides, summed over the
    K rotations (A plays one colour, each of the K colours in turn: a seat in the normal mode,
    a team, or the dissident players; the same deal: bots without chance draw nothing
    else), kept as integers in units of 1 / (K (K - 1))."""
    import numpy as np

    P = players
    colour = seating(P, mode)[0]
    sides = sorted(set(colour))
    first = [colour.index(c) for c in sides]  # a colour's score and win are on each of its seats
    K = len(sides)
    score = np.zeros(count, np.int64)
    won = np.zeros(count, np.int64)
    for r, c in enumerate(sides):
        pols = [a if colour[p] == c else b for p in range(P)]
        st = make_settings(
            P, game, pols, cards=cards, none_bills=none_bills, mode=mode, dissident_profit=profit
        )
        rec = simulate_chunk(st, seed, start, count)
        s = rec["score"].astype(np.int64).reshape(count, P)[:, first]
        w = rec["won"].astype(np.int64).reshape(count, P)[:, first]
        score += (K - 1) * s[:, r] - (s.sum(axis=1) - s[:, r])
        won += (K - 1) * w[:, r] - (w.sum(axis=1) - w[:, r])
    return {"game": np.arange(start, start + count, dtype=np.int64), "score": score, "won": won}


@dataclass(frozen=True)
class Duel(Summary):
    """A against B per deal, the seats rotated: score and P(win) margins with 95% intervals."""

    players: int
    game: str
    pairs: tuple[tuple[str, str, Mean, Mean], ...]  # a, b, score margin, win margin
    mode: str = "normal"
    sides: int = 0  # colours A rotates over (the players in the normal mode)

    def tables(self) -> dict[str, pl.DataFrame]:
        rows = []
        for a, b, s, w in self.pairs:
            rows.append(
                {
                    "a": a,
                    "b": b,
                    "score_margin": s.estimate,
                    "score_se": s.se,
                    "score_low": s.low,
                    "score_high": s.high,
                    "win_margin": w.estimate,
                    "win_se": w.se,
                    "win_low": w.low,
                    "win_high": w.high,
                    "deals": s.n,
                }
            )
        return {"duel": pl.DataFrame(rows)}

    def as_dict(self) -> dict:
        return {
            "players": self.players,
            "game": self.game,
            **({} if self.mode == "normal" else {"mode": self.mode, "sides": self.sides}),
            "pairs": [
                {"a": a, "b": b, "score_margin": s.as_dict(), "win_margin": w.as_dict()}
                for a, b, s, w in self.pairs
            ],
        }

    def text(self) -> str:
        if self.mode == "normal":
            lines = [
                f"Head to head, {self.players} players, {self.game} game: each deal is played "
                f"{self.players} times, A in one seat",
                "(each seat in turn) and B in the others; A minus the mean of the B seats, per "
                "deal, with 95% intervals",
            ]
        else:
            lines = [
                f"Head to head, {self.players} players, {self.game} game, {self.mode} variant: "
                f"each deal is played {self.sides} times,",
                "A playing one colour (a team or the dissident players; each colour in turn) and "
                "B the others; A minus the mean",
                "of the B colours, per deal, with 95% intervals",
            ]
        lines += [
            f"{'A - B':<20} {'score margin [95% CI]':>30} {'P(win) margin [95% CI]':>30} "
            f"{'deals':>9}",
        ]
        for a, b, s, w in self.pairs:
            lines.append(f"{f'{a} - {b}':<20} {_signed(s):>30} {_signed(w):>30} {s.n:>9,}")
        return "\n".join(lines + ["", textwrap.fill(LIMITS, 88)])


@analysis(
    "davos",
    "duel",
    games=20_000,
    about="which bot is stronger, head to head",
    example="tableodds davos duel --players 4 --policies contest,goal --games 20000",
)
def duel(
    plan: CommandRuns,
    players=4,
    policies=("contest", "goal"),
    game: str = "base",
    cards=None,
    none_bills="split",
    mode: str = "normal",
    dissident_profit: str = "none",
) -> Result:
    """Head to head: every pair A, B of POLICIES plays the same deals with A in one seat and B in
    the others, A taking every seat in turn; the score and P(win) margin of A over a B seat per
    deal with 95% intervals (a P(win) margin of 0 is an even game)."""
    from tableodds.analysis.stats import mean_of, moment_counts

    policies = list(policies)
    if len(policies) < 2 or len(set(policies)) != len(policies):
        raise InputError("a duel needs two or more different policies, e.g. contest,goal")
    deck = load_cards(cards)
    for p in policies:
        make_settings(
            players,
            game,
            [p],
            cards=deck,
            none_bills=none_bills,
            mode=mode,
            dissident_profit=dissident_profit,
        )  # checked first
    pairs = [(a, b) for i, a in enumerate(policies) for b in policies[i + 1 :]]
    k = len(set(seating(players, mode)[0]))  # the sides: colours
    # A chunk plays each deal k times: a chunk of the game's size took 13 s on one core (Big
    # Game, contest against goal: 637 deals/s in docs/davos.md), the bar frozen meanwhile.
    # Chunks 4k times smaller take about a second (the records do not depend on the size).
    chunk = max(64, GAME.chunk_size // (k * 4))
    runs = plan.run_all(
        [
            (
                f"{a}-{b}",
                partial(_duel_chunk, a, b, players, game, deck, none_bills, mode, dissident_profit),
                {
                    "default_chunk": chunk,
                    "label": f"{a} vs {b}",
                    "tally": partial(moment_counts, ["score", "won"]),
                },
            )
            for a, b in pairs
        ]
    )
    variant = "" if mode == "normal" else f" · {mode} variant"
    scale = k * (k - 1)
    out = []
    for a, b in pairs:
        if f"{a}-{b}" not in runs:
            continue
        row = runs[f"{a}-{b}"].counts["moments"].row(0, named=True)
        out.append((a, b, mean_of(row, "score", scale), mean_of(row, "won", scale)))
    return Result(
        "davos duel",
        {"players": players, "game": game, "policies": policies, "none_bills": none_bills}
        | ({} if mode == "normal" else {"mode": mode})
        | ({"dissident_profit": dissident_profit} if mode == "dissident" else {}),
        Duel(players, game, tuple(out), mode, k),
        plan,
        titles={
            f"{a}-{b}": f"Davos duel · {players} players{variant} · {a} against {b}"
            for a, b in pairs
        },
    )


# --- deck sensitivity: the kind ranking over plausible decks --------------------------------
KIND_CLASSES = (
    "sector",
    "corp",
    "corps",
    "party",
    "parties",
    "pair with a whole-bloc requirement",
    "pair of one-place requirements",
)


def kind_class(goal) -> str:
    """The goal's class for the deck comparison: its kind, or which kind of pair it is."""
    if len(goal.requires) == 1:
        return REQ_KINDS[goal.requires[0][0]]
    whole = any(REQ_KINDS[k] in ("corps", "parties") for k, _ in goal.requires)
    return KIND_CLASSES[5] if whole else KIND_CLASSES[6]


def class_table(summary: GoalDifficulty, settings: Settings) -> dict[str, Proportion | None]:
    """P(achieved at the final check | dealt at set-up) per kind class, pooling its goals."""
    k = dict.fromkeys(KIND_CLASSES, 0)
    n = dict.fromkeys(KIND_CLASSES, 0)
    for row in summary.goals:
        c = kind_class(settings.goals[row.goal])
        if row.headline:
            k[c] += row.headline.k
            n[c] += row.headline.n
    return {c: wilson(k[c], n[c]) if n[c] else None for c in KIND_CLASSES}


@dataclass(frozen=True)
class DeckSensitivity(Summary):
    """The kind-class ranking in each of K decks (deck 0 the given one) and across them."""

    label: str
    decks: tuple[dict[str, Proportion | None], ...]
    goals: tuple[dict[str, int], ...]  # goals per class in each deck

    def across(self) -> list[dict]:
        """Per class: the mean over decks with a 95% interval (deck to deck spread), the
        range, and the best and worst rank (1 = hardest)."""
        ranks = []
        for d in self.decks:
            order = sorted((p.estimate, c) for c, p in d.items() if p)
            ranks.append({c: i + 1 for i, (_, c) in enumerate(order)})
        out = []
        for c in KIND_CLASSES:
            xs = [d[c].estimate for d in self.decks if d[c]]
            if not xs:
                continue
            m = sum(xs) / len(xs)
            sd = (sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) ** 0.5 if len(xs) > 1 else 0.0
            half = Z95 * sd / len(xs) ** 0.5
            rk = [r[c] for r in ranks if c in r]
            out.append(
                {
                    "kind": c,
                    "decks": len(xs),
                    "mean": m,
                    "low": m - half,
                    "high": m + half,
                    "min": min(xs),
                    "max": max(xs),
                    "best_rank": min(rk),
                    "worst_rank": max(rk),
                }
            )
        return sorted(out, key=lambda r: r["mean"])

    def conclusions(self) -> list[tuple[str, str]]:
        """(A, B): A is harder than B in every deck that has both, with the 95% intervals
        apart in each (and both are in at least two decks)."""
        out = []
        for a in KIND_CLASSES:
            for b in KIND_CLASSES:
                both = [d for d in self.decks if a != b and d[a] and d[b]]
                if len(both) >= 2 and all(d[a].high < d[b].low for d in both):
                    out.append((a, b))
        return out

    def tables(self) -> dict[str, pl.DataFrame]:
        rows = [
            {
                "deck": i,
                "kind": c,
                "goals": self.goals[i][c],
                "p": p.estimate if p else None,
                "low": p.low if p else None,
                "high": p.high if p else None,
                "n": p.n if p else 0,
            }
            for i, d in enumerate(self.decks)
            for c, p in d.items()
        ]
        return {
            "deck_kinds": pl.DataFrame(rows),
            "kinds": pl.DataFrame(self.across()),
            "conclusions": pl.DataFrame(
                self.conclusions() or None, schema=["harder", "easier"], orient="row"
            ),
        }

    def as_dict(self) -> dict:
        return {
            "config": self.label,
            "measure": "P(achieved at the final check | dealt at set-up) per kind class",
            "decks": [{c: (p.as_dict() if p else None) for c, p in d.items()} for d in self.decks],
            "goals_per_kind": list(self.goals),
            "across_decks": self.across(),
            "hold_for_every_deck": [{"harder": a, "easier": b} for a, b in self.conclusions()],
        }

    def text(self) -> str:
        k = len(self.decks)
        lines = [
            f"{self.label}: {k} decks (deck 0 the given cards, the others drawn by "
            "tableodds.sim.davos.decks)",
            "P(achieved at the final check | dealt at set-up) by kind, hardest first: the mean",
            "over decks [95% interval of the deck-to-deck spread], the range and the rank range",
            f"{'kind':<36} {'decks':>5} {'mean [95% CI]':>22} {'range':>14} {'rank':>6}",
        ]
        for r in self.across():
            rank = f"{r['best_rank']}-{r['worst_rank']}"
            ci_ = ci(r["mean"], r["low"], r["high"]).replace(", ", ",")
            d = digits((r["high"] - r["low"]) / (2 * Z95)) or 3
            span = f"{r['min']:.{d}f}-{r['max']:.{d}f}"
            lines.append(f"{r['kind']:<36} {r['decks']:>5} {ci_:>22} {span:>14} {rank:>6}")
        lines += ["", "Holds for every deck (95% intervals apart in each):"]
        lines += [f"  {a} is harder than {b}" for a, b in self.conclusions()] or ["  nothing"]
        short = ("sector", "corp", "corps", "party", "parties", "pair+bloc", "pair+place")
        lines += [
            "",
            "Per deck: goals of the kind in the deck and P (intervals in --json / --out)",
            f"{'deck':<5}" + "".join(f"{c:>12}" for c in short),
        ]
        for i, d in enumerate(self.decks):
            cells = "".join(
                f"{self.goals[i][c]:>6} " + (f"{d[c].value():>5}" if d[c] else "    -")
                for c in KIND_CLASSES
            )
            lines.append(f"{i:<5}{cells}")
        return "\n".join(lines + ["", textwrap.fill(LIMITS, 88)])


def _deck_goals(settings: Settings) -> dict[str, int]:
    out = dict.fromkeys(KIND_CLASSES, 0)
    for g in settings.goals:
        out[kind_class(g)] += 1
    return out


def _deck_sensitivity(
    plan, players, policies, game, cards, none_bills, decks, mode, dissident_profit, big=None
) -> Result:
    from tableodds.sim.davos.decks import random_deck

    if not isinstance(players, int) and len(players) > 1:
        raise InputError("--decks compares decks for one player count: give one --players")
    if policies and isinstance(policies[0], (list, tuple)):
        if len(policies) > 1:
            raise InputError("--decks compares decks for one policy mix: give one --policies")
        policies = policies[0]
    players = players if isinstance(players, int) else players[0]
    given = load_cards(cards)
    deck_list = [given] + [random_deck(given, game, plan.seed, d) for d in range(1, decks)]
    named = {
        f"deck{d}": make_settings(
            players,
            game,
            policies or ["goal"],
            cards=c,
            none_bills=none_bills,
            mode=mode,
            **(big or {}),
            dissident_profit=dissident_profit,
        )
        for d, c in enumerate(deck_list)
    }
    runs = plan.run_all(
        [
            (
                name,
                partial(simulate_chunk, s),
                {
                    "default_chunk": GAME.chunk_size,
                    "label": name,
                    "tally": partial(goal_counts, s),
                },
            )
            for name, s in named.items()
        ]
    )
    done = [name for name in named if name in runs]
    tables = tuple(
        class_table(goal_difficulty_of(runs[n].counts, named[n]), named[n]) for n in done
    )
    first = named["deck0"]
    return Result(
        "davos goals",
        {**first.describe(), "decks": decks, "goals": [len(named[n].goals) for n in done]},
        DeckSensitivity(config_name(first), tables, tuple(_deck_goals(named[n]) for n in done)),
        plan,
        titles={n: f"{title(named[n])} · deck {n[4:]}" for n in named},
        run_settings={n: named[n].describe() for n in named},
    )
