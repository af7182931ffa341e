"""The Davoserjas part of the main report."""
from __future__ import annotations

from pathlib import Path

from reports.html import img, p, table
from sim.davoserjas.cli import run_simulation, write_simulation
from sim.davoserjas.rules import RANK_PLURALS, SUIT_NAMES, make_settings

_GROUPS = set(RANK_PLURALS) | set(SUIT_NAMES)


def _size(n: int, scale: float) -> int:
    return max(1000, int(n * scale))


def section(out: Path, scale: float, seed: int, workers) -> str:
    parts = ["<h2>Davoserjas</h2>",
             p("Penalties are lower-is-better. Each cell is a mean ± its standard error, or a "
               "probability with its 95% Wilson interval. Seat (r-1) mod P leads round r.")]
    # 1. four random players: the baseline for every round
    s = make_settings(4)
    summary, res = run_simulation(s, _size(1_000_000, scale), seed, workers, 65_536,
                                  out / "random4", progress=False)
    write_simulation(summary, s, res, out / "random4")
    rows = [[f"{r.number} {r.name}"] + [str(m) for m in r.by_seat] + [str(r.overall)]
            for r in summary.rounds]
    rows.append(["total"] + [str(m) for m in summary.total] + [""])
    rows.append(["P(lowest total)"] + [str(x) for x in summary.lowest] + [""])
    parts.append(table(["round"] + [f"seat {i}" for i in range(4)] + ["all seats"], rows,
                       f"4 players, random policy, {res.games_done:,} games"))
    parts.append(img("davoserjas/random4/penalty_distribution", "penalty distribution per round"))
    parts.append(img("davoserjas/random4/seat_advantage", "seat advantage"))
    # 2. what the heuristics are worth against random players
    s = make_settings(4, ["careful", "random", "random", "random"])
    summary, res = run_simulation(s, _size(300_000, scale), seed, workers, 65_536,
                                  out / "careful4", progress=False)
    write_simulation(summary, s, res, out / "careful4")
    rows = [[f"{r.number} {r.name}"] + [str(m) for m in r.by_seat] for r in summary.rounds]
    rows.append(["total"] + [str(m) for m in summary.total])
    rows.append(["P(lowest total)"] + [str(x) for x in summary.lowest])
    parts.append(table(["round", "seat 0 (careful)", "seat 1", "seat 2", "seat 3"], rows,
                       f"one careful player against three random ones, {res.games_done:,} games"))
    parts.append(img("davoserjas/careful4/seat_advantage", "careful against random"))
    # 3. the player count
    rows = []
    for players in range(3, 8):
        s = make_settings(players)
        summary, res = run_simulation(s, _size(150_000, scale), seed, workers, 65_536,
                                      out / f"random{players}", progress=False)
        write_simulation(summary, s, res, out / f"random{players}")
        rows.append([players] + [str(r.overall) for r in summary.rounds]
                    + [str(summary.lowest[0])])
    parts.append(table(["players"] + [f"r{r.number}" for r in s.rounds] + ["P(seat 0 lowest)"],
                       rows, "mean penalty per seat and round by player count (random policy)"))
    return "".join(parts)


def _singular(group: str) -> str:
    g = group.lower()
    return {"sixes": "six"}.get(g, g[:-1])


def _pretty(card: str) -> str:
    from sim.davoserjas.rules import RANKS, SUIT_SYMBOLS, parse_card
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


def cheatsheet(variants=(), seed: int = 1, scale: float = 1.0):
    """The Davoserjas sheet: deal table, rounds with totals, expected penalties (4 players)."""
    from importlib.metadata import version

    from reports.sheet import Section, Sheet, table
    from sim.davoserjas.rules import PLAYERS, REMOVED_TWOS, card_id, card_name, hand_size
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
    games = _size(200_000, scale)
    summary, res = run_simulation(four, games, seed, None, 65_536, None, progress=False)
    from analysis.stats import wilson
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
                   f"4 players, random play, {res.games_done:,} simulated games "
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
