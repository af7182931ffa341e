"""The Borgia cheat sheet: VP from cash, card values, votes, conquest and the turn's end."""
from __future__ import annotations

from importlib.metadata import version

from tableodds.reports.sheet import Section, Sheet, table
from tableodds.sim.borgia.rules import (CASH_PER_VP, POPE_VP, VOTES_PER_CARDINAL, conquest_succeeds,
                              make_settings)
from tableodds.sim.core.errors import InputError

VARIANTS = {"cities-score": "cities score their printed VP at every scoring"}


def _cards(deck, ctype):
    seen = {}
    for c in deck.cards:
        if c.type == ctype:
            seen.setdefault(c.name, [c, 0])[1] += 1
    return list(seen.values())


def build(variants=(), seed: int = 1) -> Sheet:
    for v in variants:
        if v not in VARIANTS:
            raise InputError(f"unknown Borgia sheet variant {v!r}; choose from: "
                             f"{', '.join(VARIANTS)}")
    deck = make_settings(4, city_vp=True if "cities-score" in variants else None).deck
    step = 10 * CASH_PER_VP  # 100 D per block of ten rows
    cash = table(["D"] + [f"{b * step}-{b * step + step - 1}" for b in range(3)] + ["300+"],
                 [[f"+{k * CASH_PER_VP}"] + [(b * step + k * CASH_PER_VP) // CASH_PER_VP
                                              for b in range(3)] + ["30" if k == 0 else ""]
                  for k in range(10)],
                 f"VP from cash at each scoring: 1 per full {CASH_PER_VP} D (row + column "
                 "start gives the amount)")
    rows = []
    for kind in ("office", "artist") + (("city",) if deck.city_vp else ()):
        for card, count in _cards(deck, kind):
            rows.append([kind, card.name, count, card.vp, card.votes if kind == "office" else "",
                         card.income if kind in ("office", "city") else ""])
    values = table(["type", "card", "in deck", "VP", "votes", "income"], rows,
                   f"card values from {deck.source}"
                   + ("" if deck.city_vp else "; cities score no VP (seed reading)"))
    votes = (f"Each cardinal is {VOTES_PER_CARDINAL} votes; each office adds its printed votes. "
             f"The new pope scores {POPE_VP} VP, loses his offices to the redistribution and "
             "may hand out cardinals (himself at most one more than anyone else).")
    conquest = table(["attack", "defence", "falls?"],
                     [[a, d, "yes" if conquest_succeeds(a, d) else "no"]
                      for a, d in ((0, 0), (3, 2), (3, 3), (2, 3))],
                     "both sides pick condottieri in secret; the attacker needs strictly more "
                     "power; a target without power falls")
    sequence = ("When the auction pile is empty: income (cities, offices) → papal election → "
                f"scoring (1 VP per full {CASH_PER_VP} D, {POPE_VP} VP for the pope, card VP) → "
                "the pope redistributes offices and cardinals → marriages end. "
                f"Family income {deck.family_income} D comes after scoring, at the start of "
                f"turns 2 and 3. The game has {deck.turns} turns.")
    sections = (Section("Scoring", (cash, values)), Section("Election", (votes,)),
                Section("Conquest", (conquest,)), Section("End of a turn", (sequence,)))
    return Sheet("borgia", "Borgia — scoring sheet", "Three turns of auctions, elections and "
                 "conquest; most VP wins.", sections,
                 f"tableodds {version('tableodds')} · Borgia · deck {deck.source} · variants: "
                 f"{', '.join(variants) or 'none'}")
