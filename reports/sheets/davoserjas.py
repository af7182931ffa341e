"""The Davoserjas cheat sheet: deal table, rounds with totals per deal, expected penalties."""
from __future__ import annotations

from importlib.metadata import version

from tableodds.analysis.stats import wilson
from tableodds.reports.sheet import Section, Sheet, table
from tableodds.analysis import davoserjas as analysis
from tableodds.sim.core.runner import RunPlan
from tableodds.sim.davoserjas.rules import (PLAYERS, RANK_PLURALS, RANKS, REMOVED_TWOS, SUIT_NAMES,
                                  SUIT_SYMBOLS, card_id, card_name, hand_size, make_settings,
                                  parse_card)

_GROUPS = set(RANK_PLURALS) | set(SUIT_NAMES)
GAMES = 200_000  # simulated games behind "what to expect"


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
        return "1 per card left; first out 0"
    parts = []
    if r.per_trick:
        parts.append(f"{r.per_trick} per trick")
    for sel, v in r.cards:
        parts.append(f"{v} per {_singular(sel)}" if sel.lower() in _GROUPS
                     else f"{v} for {_pretty(sel)}")
    if r.first_trick:
        parts.append(f"{r.first_trick} first trick")
    if r.last_trick:
        parts.append(f"{r.last_trick} last trick")
    return ", ".join(parts)


def build(variants=(), seed: int = 1, games: int = GAMES) -> Sheet:
    """The sheet for the given variants; expectations from ``games`` seeded games (4 players)."""
    by_players = {p: make_settings(p, variants=list(variants)) for p in PLAYERS}
    four = by_players[4]
    deal = table(["players", "remove", "cards", "hand"],
                 [[p, " ".join(_pretty(card_name(card_id(s, "2"))) for s in REMOVED_TWOS[p])
                   or "none",
                   hand_size(p) * p, hand_size(p)] for p in PLAYERS])
    rounds = table(["#", "round", "penalty", *(f"{p}p" for p in PLAYERS)],
                   [[r.number, r.name, _rule_text(r, four),
                     *(by_players[p].rounds[i].deal_total(p) if r.kind == "tricks" else "-"
                       for p in PLAYERS)]
                    for i, r in enumerate(four.rounds)],
                   "penalty points handed out per deal, by player count")
    result = analysis.simulate(RunPlan(games, seed, progress=False), 4,
                               variants=list(variants))
    summary = result.summary
    dist = summary.distribution
    p0 = {}
    for r in summary.rounds:
        part = dist.filter(dist["round"] == r.number)
        zero = int(part.filter(part["penalty"] == 0)["count"].sum())
        p0[r.number] = wilson(zero, int(part["count"].sum()))
    expect = table(["#", "round", "mean per player", "P(no penalty)"],
                   [[r.number, r.name, f"{r.overall.estimate:.3f} ± {r.overall.se:.3f}",
                     f"{p0[r.number].estimate:.1%} ± {(p0[r.number].high - p0[r.number].low) / 2:.1%}"]
                    for r in summary.rounds]
                   + [["", "whole game", f"{summary.overall_total.estimate:.2f} ± "
                       f"{summary.overall_total.se:.2f}", ""]],
                   f"4 players, random play, {result.games_done:,} simulated games "
                   "(mean ± standard error; P ± half its 95% interval)")
    kab = four.gaps
    sections = (
        Section("Before you deal", (deal, "All cards are dealt every round. The deal rotates "
                                          "one seat per round; left of the dealer leads.")),
        Section("The rounds", (rounds, "Trick rounds: follow suit if you can, no trumps, ace "
                                       "high; the highest card of the led suit wins and leads "
                                       "next. Lowest total after all rounds wins.")),
        Section("Kabalen", ("A 7 opens its suit; build one card at a time up to the king and "
                            "down to the ace (ace low). You must play if you can. "
                            + ("A removed 2 is bridged: the ace goes on the 3."
                               if kab == "bridge" else "A removed 2 leaves its ace dead."),)),
        Section("What to expect", (expect,)),
    )
    footer = (f"tableodds {version('tableodds')} · Davoserjas · variants: "
              f"{', '.join(variants) or 'none (seed rules)'} · seed {seed}")
    return Sheet("davoserjas", "Davoserjas — scoring sheet",
                 "Six rounds of penalties; lowest total wins.", sections, footer)
