"""The Davoserjas cheat sheet: deal table, rounds with totals per deal, expected penalties."""

from __future__ import annotations

from fractions import Fraction
from importlib.metadata import version

from tableodds.analysis import davoserjas as analysis
from tableodds.analysis.stats import wilson
from tableodds.reports.sheet import (
    INTERVAL,
    Section,
    Sheet,
    Table,
    exact,
    grid,
    mean,
    proportion,
    table,
)
from tableodds.sim.core.runner import CommandRuns
from tableodds.sim.davoserjas.rules import (
    PLAYERS,
    RANK_PLURALS,
    RANKS,
    REMOVED_TWOS,
    SEVEN,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    card_id,
    card_name,
    hand_size,
    make_settings,
    parse_card,
)

_GROUPS = set(RANK_PLURALS) | set(SUIT_NAMES)
GAMES = 20_000  # simulated games behind "what to expect" (its estimated cells)


def _singular(group: str) -> str:
    g = group.lower()
    return {"sixes": "six"}.get(g, g[:-1])


def _pretty(card: str) -> str:
    c = parse_card(card)
    return RANKS[c % 13] + SUIT_SYMBOLS[c // 13]


def _rule_text(r, settings) -> str:
    if r.kind == "kabalen":
        if settings.kabalen_scoring == "pool":
            w, s = settings.pool_shares()
            return f"pool: first out -{w}, second out -{s}"
        return "a point per card left; the first out scores none"
    parts = []
    if r.per_trick:
        parts.append(f"{r.per_trick} per trick")
    for sel, v in r.cards:
        parts.append(
            f"{v} per {_singular(sel)}" if sel.lower() in _GROUPS else f"{v} for {_pretty(sel)}"
        )
    if r.first_trick:
        parts.append(f"{r.first_trick} first trick")
    if r.last_trick:
        parts.append(f"{r.last_trick} last trick")
    return ", ".join(parts)


def exact_expectations(settings, players: int) -> dict[int, tuple]:
    """Round number -> (exact mean penalty per player or None, exact P(no penalty) or None).

    A trick round hands out the same total every deal, so the mean over the seats is that
    total over the players, exactly.  When the whole total lands on one trick (one card, or
    only the first or only the last trick) exactly one player scores: P(no penalty) is
    (players - 1) / players; a round whose total is 0 charges no one.
    """
    out = {}
    for r in settings.rounds:
        if r.kind != "tricks":
            out[r.number] = (None, None)
            continue
        total = r.deal_total(players)
        one_trick = not r.per_trick and (
            (
                len(r.cards) == 1
                and r.cards[0][0].lower() not in _GROUPS
                and not r.first_trick
                and not r.last_trick
            )
            or (not r.cards and bool(r.first_trick) != bool(r.last_trick))
        )
        p0 = Fraction(1) if total == 0 else (Fraction(players - 1, players) if one_trick else None)
        out[r.number] = (Fraction(total, players), p0)
    return out


def build(variants=(), seed: int = 1, games: int = GAMES) -> Sheet:
    """The sheet for the given variants; expectations from ``games`` seeded games (4 players)."""
    by_players = {p: make_settings(p, variants=list(variants)) for p in PLAYERS}
    four = by_players[4]
    totals = {
        p: [
            by_players[p].rounds[i].deal_total(p) if r.kind == "tricks" else None
            for i, r in enumerate(four.rounds)
        ]
        for p in PLAYERS
    }
    result = analysis.simulate(CommandRuns(games, seed, progress=False), 4, variants=list(variants))
    expect, seats = _simulated(result, four, seed)
    sections = (
        Section("Score sheet", (_score_grid(four, totals),), wide=True),
        Section(
            "Before you deal",
            (
                _deal_table(),
                "All cards are dealt every round. The deal rotates "
                "one seat per round; left of the dealer leads.",
            ),
        ),
        Section(
            "The rounds",
            (
                table(
                    ["#", "round", "penalty"],
                    [[r.number, r.name, _rule_text(r, four)] for r in four.rounds],
                ),
                "Trick rounds: follow suit if you can, no trumps, ace "
                "high; the highest card of the led suit wins and leads "
                "next. Lowest total after all rounds wins.",
            ),
        ),
        Section(
            "Kabalen",
            (
                f"A {RANKS[SEVEN]} opens its suit; build one card at a time up to the king "
                "and down to the ace (ace low). You must play if you can. "
                + (
                    f"A removed {RANKS[0]} is bridged: the ace goes on the {RANKS[1]}."
                    if four.gaps == "bridge"
                    else f"A removed {RANKS[0]} leaves its ace dead."
                ),
            ),
        ),
        Section("What to expect", (expect,)),
        Section("Seat by seat", (seats,)),
        Section("By player count", (_per_count(four, totals),), wide=True),
    )
    footer = (
        f"tableodds {version('tableodds')} · Davoserjas · variants: "
        f"{', '.join(variants) or 'none (the rulebook as written)'} · seed {seed}"
    )
    return Sheet(
        "davoserjas",
        "Davoserjas — score sheet",
        "Six rounds of penalties; lowest total wins.",
        sections,
        footer,
    )


def _deal_table() -> Table:
    """The twos each player count removes, and the hands."""
    return table(
        ["players", "remove", "cards", "hand"],
        [
            [
                p,
                " ".join(_pretty(card_name(card_id(s, RANKS[0]))) for s in REMOVED_TWOS[p])
                or "none",
                hand_size(p) * p,
                hand_size(p),
            ]
            for p in PLAYERS
        ],
    )


def _score_grid(four, totals: dict) -> Table:
    """The grid to write the penalties in, with each trick round's total per player count."""
    return grid(
        [
            "#",
            "round",
            *(f"player {i}" for i in range(1, max(PLAYERS) + 1)),
            "row sum: " + " · ".join(f"{p}p" for p in PLAYERS),
        ],
        [(r.number, r.name) for r in four.rounds] + [("", "total")],
        after=[
            (" · ".join("?" if totals[p][i] is None else str(totals[p][i]) for p in PLAYERS),)
            for i in range(len(four.rounds))
        ]
        + [("",)],
        row_height="2.6em",
        caption="Write each player's penalty per round. Check: a trick round's row "
        "adds up to the number under your player count (? = Kabalen, no fixed "
        "total).",
    )


def _simulated(result, four, seed: int) -> tuple[Table, Table]:
    """What to expect per round (exact where it can be) and seat by seat, from ``result``."""
    summary = result.summary
    dist = summary.distribution
    exacts = exact_expectations(four, 4)
    rows = []
    for r in summary.rounds:
        part = dist.filter(dist["round"] == r.number)
        zero = int(part.filter(part["penalty"] == 0)["count"].sum())
        m, p0 = exacts[r.number]
        rows.append(
            [
                r.number,
                r.name,
                exact(m) if m is not None else mean(r.overall),
                exact(p0, percent=True)
                if p0 is not None
                else proportion(wilson(zero, int(part["count"].sum()))),
            ]
        )
    rows.append(["", "whole game", mean(summary.overall_total), ""])
    expect = table(
        ["#", "round", "mean per player", "P(no penalty)"],
        rows,
        f"{summary.players} players, random play. Fractions are exact; the rest is "
        f"estimated from {result.games_done:,} simulated games (seed {seed}) with its "
        f"{INTERVAL} in brackets.",
        align=("r", "l", "r", "r"),
    )
    players = summary.players
    seats = table(
        ["seat", "leads rounds", "mean total", "P(lowest total)"],
        [
            [
                s,
                ", ".join(str(r.number) for r in four.rounds if (r.number - 1) % players == s),
                mean(summary.total[s]),
                proportion(summary.lowest[s]),
            ]
            for s in range(players)
        ],
        f"The same {result.games_done:,} games, seat by seat; the lead moves one seat "
        "each round. Ties for the lowest total count for every tied seat.",
        align=("r", "l", "r", "r"),
    )
    return expect, seats


def _per_count(four, totals: dict) -> Table:
    """The exact mean penalty per player of each trick round, by player count."""
    return table(
        ["#", "round", *(f"{p}p" for p in PLAYERS)],
        [
            [
                r.number,
                r.name,
                *(
                    "—" if totals[p][i] is None else exact(Fraction(totals[p][i], p))
                    for p in PLAYERS
                ),
            ]
            for i, r in enumerate(four.rounds)
        ],
        "Mean penalty per player and round by player count, exact: a trick round "
        "hands out the same total every deal (— : Kabalen has none).",
        align=("r", "l") + ("r",) * len(PLAYERS),
    )
