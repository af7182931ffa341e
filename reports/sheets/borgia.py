"""The Borgia cheat sheet: VP from cash, card values, votes, conquest and the turn's end."""

from __future__ import annotations

from importlib.metadata import version

from tableodds.analysis import borgia as analysis
from tableodds.analysis.stats import LEVEL, Z95, shown
from tableodds.reports.sheet import INTERVAL, Section, Sheet, exact, grid, proportion, table
from tableodds.sim.borgia.rules import (
    CASH_PER_VP,
    PLAYERS,
    POPE_VP,
    VOTES_PER_CARDINAL,
    conquest_succeeds,
    make_settings,
)
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.runner import CommandRuns

VARIANTS = {"cities-score": "cities score their printed VP at every scoring"}
GAMES = 2_000  # simulated games behind the auction prices
# (attacker's condottieri, target's own defence, defender's condottieri) for the odds table
POSITIONS = [
    ([2], 0, [2]),
    ([3], 2, [1]),
    ([3, 2], 3, [2, 1]),
    ([4], 3, [1, 1]),
    ([4, 3, 1], 5, [3, 2]),
]


def who_is_pope(seed: int = 1, games: int = GAMES, players: int = 4):
    """P(seat s is elected pope in turn t) among value bots, the measure of the report's
    "who becomes pope" table; also the result it came from."""
    r = analysis.election(
        CommandRuns(games, seed, progress=False), players=players, market_compare=False
    )
    e = r.summary
    turns = len(e.pope[0])
    return table(
        ["seat", *(f"turn {t + 1}" for t in range(turns))],
        [[s, *(proportion(p) for p in e.pope[s])] for s in range(e.players)],
        f"P(the seat is elected pope), {players} value bots, {r.games_done:,} simulated "
        f"games, seed {seed}; {INTERVAL} in brackets. The report's table is the same "
        "measure on more games.",
        align=("r",) + ("r",) * turns,
    ), r


def conquest_odds():
    """Exact P(the attack succeeds) for a few positions: the attacker commits every
    condottiere, the defender plays each subset of his at random."""
    rows = []
    for attack, base, defend in POSITIONS:
        r = analysis.conquest(
            None, attack=attack, defend=defend, base=base, attacker="all", defender="random"
        )
        rows.append(
            [
                " + ".join(map(str, attack)),
                base,
                " + ".join(map(str, defend)) or "-",
                exact(r.summary.exact, percent=True),
            ]
        )
    return table(
        ["attack", "target's defence", "defender holds", "P(it falls)"],
        rows,
        "Exact odds (fractions, from the conquest calculator): the attacker commits "
        "all, the defender plays a random subset; ties go to the defender.",
        align=("l", "r", "l", "r"),
    )


def auction_prices(seed: int = 1, games: int = GAMES, players: int = 4):
    """Mean price (95% interval), median and 10-90% range paid per card type, value bots."""
    result = analysis.auction(CommandRuns(games, seed, progress=False), players=players)
    band = "–".join(f"{q:.0%}".removesuffix("%") for q in analysis.BAND) + "%"
    rows = []
    for x in result.summary.types.to_dicts():
        if x.get("mean_price") is None:
            continue
        m, se = x["mean_price"], x["se"]
        rows.append(
            [
                x["type"],
                f"{shown(m, se)} ({shown(m - Z95 * se, se)}–{shown(m + Z95 * se, se)})",
                f"{x['median']:.0f}",
                f"{x['p10']:.0f}–{x['p90']:.0f}",
            ]
        )
    return table(
        ["card", f"mean price D ({LEVEL:.0%})", "median", band],
        rows,
        f"What cards go for: {players} value bots, {result.games_done:,} simulated "
        f"games, seed {seed}, assumed card values.",
        align=("l", "r", "r", "r"),
    ), result


def _cards(deck, ctype):
    seen = {}
    for c in deck.cards:
        if c.type == ctype:
            seen.setdefault(c.name, [c, 0])[1] += 1
    return list(seen.values())


def build(variants=(), seed: int = 1) -> Sheet:
    for v in variants:
        if v not in VARIANTS:
            raise InputError(
                f"unknown Borgia sheet variant {v!r}; choose from: {', '.join(VARIANTS)}"
            )
    deck = make_settings(4, city_vp=True if "cities-score" in variants else None).deck
    step = 10 * CASH_PER_VP  # 100 D per block of ten rows
    blocks = 3  # columns of blocks, then one for all cash above them
    top = blocks * step
    later = " and ".join(map(str, range(2, deck.turns + 1)))
    count = {t: sum(c.type == t for c in deck.cards) for t in ("savonarola", "simony")}
    make_up = (
        f"{count['savonarola']} Savonarola, {count['simony']} simony, "
        f"{sum(c.type == 'condottiere' for c in deck.cards)} condottieri"
    )
    cash = table(
        ["D"] + [f"{b * step}-{b * step + step - 1}" for b in range(blocks)] + [f"{top}+"],
        [
            [f"+{k * CASH_PER_VP}"]
            + [(b * step + k * CASH_PER_VP) // CASH_PER_VP for b in range(blocks)]
            + [top // CASH_PER_VP if k == 0 else ""]
            for k in range(10)
        ],
        f"VP from cash at each scoring: a VP per full {CASH_PER_VP} D (row + column "
        "start gives the amount)",
    )
    rows = []
    for kind in ("office", "artist") + (("city",) if deck.city_vp else ()):
        for card, count in _cards(deck, kind):
            rows.append(
                [
                    kind,
                    card.name,
                    count,
                    card.vp,
                    card.votes if kind == "office" else "",
                    card.income if kind in ("office", "city") else "",
                ]
            )
    values = table(
        ["type", "card", "in deck", "VP", "votes", "income"],
        rows,
        f"card values ASSUMED, from {deck.source}"
        + ("" if deck.city_vp else "; cities score no VP (seed reading)"),
    )
    votes = (
        f"Each cardinal is {VOTES_PER_CARDINAL} votes; each office adds its printed votes. "
        f"The new pope scores {POPE_VP} VP, may redistribute all offices (his own go to "
        "the others) and may hand out cardinals (himself at most one more than anyone "
        "else); any player may then accuse him of simony."
    )
    conquest = table(
        ["attack", "defence", "falls?"],
        [
            [a, d, "yes" if conquest_succeeds(a, d) else "no"]
            for a, d in ((0, 0), (3, 2), (3, 3), (2, 3))
        ],
        "both sides pick condottieri in secret; the attacker needs strictly more "
        "power; a target without power falls",
    )
    sequence = (
        "When the auction pile is empty: income (cities, offices) → papal election → "
        f"scoring (a VP per full {CASH_PER_VP} D, {POPE_VP} VP for the pope, card VP) → "
        "the pope redistributes offices and cardinals → marriages end. "
        f"Family income {deck.family_income} D comes after scoring, at the start of "
        f"turns {later}. The game has {deck.turns} turns."
    )
    labels = []
    for t in range(1, deck.turns + 1):
        labels += [(f"turn {t}", "cash VP"), ("", "pope"), ("", "card VP"), ("", "= turn")]
    tally = grid(
        ["turn", "", *(f"player {i}" for i in range(1, max(PLAYERS) + 1))],
        labels + [("game", "= total")],
        "VP at each scoring, one column per player.",
        row_height="1.7em",
    )
    prices, _ = auction_prices(seed)
    where = (
        "sim/borgia/cards.toml (packaged defaults)" if deck.source == "cards.toml" else deck.source
    )
    sections = (
        Section("Score sheet", (tally,), wide=True),
        Section("Scoring", (cash, values)),
        Section("End of a turn", (sequence,)),
        Section("Election", (votes,)),
        Section("Who becomes pope", (who_is_pope(seed)[0],)),
        Section("Conquest", (conquest, conquest_odds())),
        Section("Auction prices", (prices,)),
    )
    return Sheet(
        "borgia",
        "Borgia — score sheet",
        f"{deck.turns} turns of auctions, elections and conquest; most VP wins.",
        sections,
        f"tableodds {version('tableodds')} · Borgia · deck {deck.source} · variants: "
        f"{', '.join(variants) or 'none'} · seed {seed}",
        assumptions=(
            f"Card values (VP, votes, income, power), the deck's make-up "
            f"(of the {len(deck.cards)} cards: {make_up}), the cardinal "
            f"supply and the hand and auction sizes per player count come from "
            f"{where}; the rules print none of them. Patronage is paid every turn; "
            f"the pope hands out new cardinals. Load the real deck with --cards.",
        ),
    )
