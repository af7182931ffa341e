"""Davoserjas rules: cards, the deal per player count, rounds and variant settings.

Source: shared/seeds/davoserjas.da.txt (Danish).  The round list is data
(``rounds.toml``); variants are edits of that data, never code forks.

Cards are numbered ``suit * 13 + rank`` with suits C, D, H, S and ranks
2 (0) … A (12), so a hand is a 52-bit mask and a higher id within a suit is a
higher card in the trick rounds (ace high).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from tableodds.sim.core.data import (
    int_field,
    load_toml,
    seat_policies,
    table_list,
    unknown_keys,
    whole,
)
from tableodds.sim.core.errors import InputError
from tableodds.sim.davoserjas.options import (
    ENDGAME,  # noqa: F401 (read as rules.ENDGAME)
    ENDGAMES,  # noqa: F401 (read as rules.ENDGAMES)
    PLAYERS,
    POLICIES,
    VARIANTS,
)

SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_BITS = np.uint64(0x1FFF)  # one suit's 13 cards in a hand's bit set (card = 13 * suit + rank)
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_PLURALS = (
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)
SEVEN = 5  # rank index of the 7, where every Kabalen row starts

# The rulebook: 2s are removed in the order diamonds, hearts, spades, clubs until hands are equal.
REMOVED_TWOS = {3: "D", 4: "", 5: "DH", 6: "DHSC", 7: "DHS"}


POLICY_CODES = {name: i for i, name in enumerate(POLICIES)}
# A policy is a pair of choices, one for trick rounds and one for Kabalen: the kernel
# branches on each part separately, so the pair per policy is derived here, once.
TRICK_RANDOM, TRICK_DUCK, TRICK_COUNTING, TRICK_SEARCH = 0, 1, 2, 3
KABALEN_RANDOM, KABALEN_HOLD, KABALEN_COUNTING = 0, 1, 2
POLICY_PARTS = {
    "random": (TRICK_RANDOM, KABALEN_RANDOM),
    "duck": (TRICK_DUCK, KABALEN_RANDOM),
    "hold": (TRICK_RANDOM, KABALEN_HOLD),
    "careful": (TRICK_DUCK, KABALEN_HOLD),
    "counting": (TRICK_COUNTING, KABALEN_COUNTING),
    "search": (TRICK_SEARCH, KABALEN_COUNTING),
}  # search plays Kabalen as counting
assert list(POLICY_PARTS) == list(POLICIES)


def policy_codes(names):
    """Per-seat (trick, kabalen) policy codes as two int8 arrays."""
    codes = np.array([POLICY_PARTS[n] for n in names], np.int8).reshape(-1, 2)
    return codes[:, 0].copy(), codes[:, 1].copy()


def card_id(suit: str, rank: str) -> int:
    return SUITS.index(suit) * 13 + RANKS.index(rank)


def card_name(c: int) -> str:
    return RANKS[c % 13] + SUITS[c // 13]


_CARD_RE = re.compile(r"^(10|[2-9]|[TJQKA])([CDHS♣♦♥♠])$", re.IGNORECASE)


def parse_card(text: str) -> int:
    """Parse ``AS``, ``10h``, ``TD``, ``K♣`` (rank then suit) into a card id."""
    m = _CARD_RE.match(text.strip())
    if not m:
        raise InputError(f"bad card {text!r}: write rank then suit, e.g. AS, 10H, QD, 2C")
    rank = m.group(1).upper().replace("T", "10")
    suit = m.group(2).upper()
    if suit in SUIT_SYMBOLS:
        suit = SUITS[SUIT_SYMBOLS.index(suit)]
    return card_id(suit, rank)


def deck_mask(players: int) -> int:
    mask = (1 << 52) - 1
    for s in REMOVED_TWOS[players]:
        mask &= ~(1 << card_id(s, "2"))
    return mask


def hand_size(players: int) -> int:
    return bin(deck_mask(players)).count("1") // players


def select_cards(selector: str) -> list[int]:
    """Cards matched by a penalty selector: a suit, a rank in plural, or one card."""
    key = selector.strip()
    if key.lower() in SUIT_NAMES:
        s = SUIT_NAMES.index(key.lower())
        return list(range(13 * s, 13 * s + 13))
    if key.lower() in RANK_PLURALS:
        r = RANK_PLURALS.index(key.lower())
        return [13 * s + r for s in range(4)]
    try:
        return [parse_card(key)]
    except InputError:
        raise InputError(
            f"bad card selector {selector!r}: use a suit (clubs), "
            "a rank in plural (queens) or a card (KC)"
        ) from None


@dataclass(frozen=True)
class Round:
    """One round of the game. ``number`` is its place in the full round list."""

    number: int
    name: str
    kind: str  # "tricks" or "kabalen"
    per_trick: int = 0
    first_trick: int = 0
    last_trick: int = 0
    cards: tuple[tuple[str, int], ...] = ()

    def card_penalties(self) -> np.ndarray:
        pen = np.zeros(52, np.int64)
        for selector, value in self.cards:
            pen[select_cards(selector)] += value
        return pen.astype(np.int16)  # in range: make_settings checks the worst game total

    def worst(self, players: int, pool: int) -> int:
        """The most penalty points (in size) one player can take in this round's deal."""
        if self.kind != "tricks":
            return max(hand_size(players), abs(pool))
        cards = sum(abs(v) * len(select_cards(s)) for s, v in self.cards)
        return (
            hand_size(players) * abs(self.per_trick)
            + abs(self.first_trick)
            + abs(self.last_trick)
            + cards
        )

    def deal_total(self, players: int) -> int | None:
        """Penalty points handed out per deal (trick rounds), the digest's invariant."""
        if self.kind != "tricks":
            return None
        dealt = np.array([bool(deck_mask(players) >> c & 1) for c in range(52)])
        return (
            hand_size(players) * self.per_trick
            + self.first_trick
            + self.last_trick
            + int(self.card_penalties()[dealt].sum())
        )


@dataclass(frozen=True)
class Settings:
    """Everything one simulation needs; built by :func:`make_settings`."""

    players: int
    rounds: tuple[Round, ...]
    policies: tuple[str, ...]
    gaps: str = "bridge"
    kabalen_scoring: str = "cards"
    pool: int = 30
    pool_split: tuple[int, int] = (2, 1)
    variants: tuple[str, ...] = field(default=())

    @property
    def hand_size(self) -> int:
        return hand_size(self.players)

    @property
    def deck_mask(self) -> int:
        return deck_mask(self.players)

    def pool_shares(self) -> tuple[int, int]:
        w, r = self.pool_split
        return self.pool * w // (w + r), self.pool * r // (w + r)

    def describe(self) -> dict:
        return {
            "players": self.players,
            "hand_size": self.hand_size,
            "rounds": [dataclasses.asdict(r) for r in self.rounds],
            "policies": list(self.policies),
            "gaps": self.gaps,
            "kabalen_scoring": self.kabalen_scoring,
            "pool": self.pool,
            "pool_split": list(self.pool_split),
            "variants": list(self.variants),
        }


def load_rules(path: Path | None = None) -> tuple[tuple[Round, ...], dict]:
    """Read a round list; the packaged ``rounds.toml`` when ``path`` is None."""
    data, where = load_toml(path, "tableodds.sim.davoserjas", "rounds.toml")
    unknown_keys(data, ("rounds", "kabalen"), where)
    rounds = []
    for i, r in enumerate(table_list(data.get("rounds"), where, "rounds", item="round"), start=1):
        w = f"{where}: round {i}"
        unknown_keys(r, ("name", "kind", "per_trick", "first_trick", "last_trick", "cards"), w)
        kind = r.get("kind")
        if kind not in ("tricks", "kabalen"):
            raise InputError(f"{w}: kind must be 'tricks' or 'kabalen', got {kind!r}")
        cards = r.get("cards", {})
        if not isinstance(cards, dict):
            raise InputError(f"{w}: cards must be a table like {{ clubs = 1 }}")
        for sel in cards:
            select_cards(sel)
            int_field(cards, sel, f"{w}: cards", 0, 0)  # penalties: a negative one is no rule
        rnd = Round(
            number=i,
            name=str(r.get("name", f"round {i}")),
            kind=kind,
            per_trick=int_field(r, "per_trick", w, 0, 0),
            first_trick=int_field(r, "first_trick", w, 0, 0),
            last_trick=int_field(r, "last_trick", w, 0, 0),
            cards=tuple(cards.items()),
        )
        charges = rnd.per_trick or rnd.first_trick or rnd.last_trick or any(v for _, v in rnd.cards)
        if kind == "kabalen" and (charges or rnd.cards):
            raise InputError(f"{w}: a kabalen round takes no trick penalties")
        if kind == "tricks" and not charges:
            raise InputError(
                f"{w}: a trick round charges a penalty (per_trick, first_trick, last_trick or "
                "cards), this one none (is the file cut short?)"
            )
        rounds.append(rnd)
    kab = data.get("kabalen", {})
    if not isinstance(kab, dict):
        raise InputError(f"{where}: [kabalen] must be a table")
    unknown_keys(kab, ("gaps", "scoring", "pool", "pool_split"), f"{where}: [kabalen]")
    # [kabalen] settles the Kabalen round: with one in the list it is given whole (every key),
    # without one it is not given (a packaged file cut short loses its last round, Kabalen)
    if any(r.kind == "kabalen" for r in rounds):
        whole(data, ("kabalen",), where)
        whole(kab, ("gaps", "scoring", "pool", "pool_split"), f"{where}: [kabalen]")
    elif "kabalen" in data:
        raise InputError(
            f"{where}: [kabalen] is given, but no round is a kabalen round (is the file cut short?)"
        )
    return tuple(rounds), kab


_PENALTY_FIELDS = {"trick": "per_trick", "first-trick": "first_trick", "last-trick": "last_trick"}
_PENALTY_CARDS = {"club": "clubs", "queen": "queens", "king-of-clubs": "KC"}


# What each variant takes, from its declaration (options.VARIANTS): "NAME" is switched on
# bare, "NAME=N" takes a value; "pool" is both.
_TAKES: dict[str, set] = {}
for _key in VARIANTS:
    _name, _eq, _form = _key.partition("=")
    _TAKES.setdefault(_name, set()).add(_form if _eq else None)
# the least value of a variant (a penalty of 0 switches it off; a pool needs a point to share)
_LEAST = {"pool": 1}


def _variant_int(name: str, value: str | None) -> int:
    if value is None or not re.fullmatch(r"-?\d+", value):
        raise InputError(f"variant {name} needs an integer value, e.g. {name}=5")
    least = _LEAST.get(name, 0)
    if int(value) < least:
        raise InputError(f"variant {name}={value}: the value must be at least {least}")
    return int(value)


def _check_variants(variants) -> None:
    """Names matched exactly, each given once, a value only where the variant takes one."""
    seen = set()
    for v in variants:
        name, eq, _ = v.partition("=")
        if name not in _TAKES:
            near = [
                k for k in _TAKES if re.sub(r"[\s_-]", "", k) == re.sub(r"[\s_-]", "", name.lower())
            ]
            hint = (
                f"; did you mean {near[0]!r}?" if near else f"; choose from: {', '.join(VARIANTS)}"
            )
            raise InputError(f"unknown variant {v!r}{hint}")
        if name in seen:
            raise InputError(f"variant {name} is given twice; give each variant once")
        seen.add(name)
        if eq and _TAKES[name] == {None}:
            raise InputError(f"variant {name} takes no value: give --variant {name}, not {v!r}")


# A seat's game total is recorded as int16: every rule's values must keep it in range.
PENALTY_LIMIT = int(np.iinfo(np.int16).max)


def make_settings(
    players: int,
    policies: list[str] | tuple[str, ...] | None = None,
    rounds: list[int] | None = None,
    variants: list[str] | tuple[str, ...] = (),
    rules_file: Path | None = None,
) -> Settings:
    """Validate user choices and build the frozen settings."""
    if players not in PLAYERS:
        raise InputError(f"Davoserjas is for 3-7 players, not {players}")
    all_rounds, kab = load_rules(rules_file)
    gaps = kab.get("gaps", "bridge")
    scoring = kab.get("scoring", "cards")
    pool = kab.get("pool", 30)
    split = tuple(kab.get("pool_split", (2, 1)))
    edited = list(all_rounds)
    _check_variants(variants)
    for v in variants:
        name, _, value = v.partition("=")
        value = value if "=" in v else None
        if name == "last-trick-only":
            edited = [
                dataclasses.replace(r, first_trick=0) if r.first_trick and r.last_trick else r
                for r in edited
            ]
        elif name == "strict-gaps":
            gaps = "strict"
        elif name == "pool":
            scoring = "pool"
            if value is not None:
                pool = _variant_int(name, value)
        elif name == "pool-split":
            m = re.fullmatch(r"(\d+):(\d+)", value or "")
            if not m:
                raise InputError("variant pool-split needs two integers, e.g. pool-split=2:1")
            scoring, split = "pool", (int(m.group(1)), int(m.group(2)))
        elif name in _PENALTY_FIELDS:
            f = _PENALTY_FIELDS[name]
            n = _variant_int(name, value)
            edited = [dataclasses.replace(r, **{f: n}) if getattr(r, f) else r for r in edited]
        elif name in _PENALTY_CARDS:
            sel = _PENALTY_CARDS[name]
            n = _variant_int(name, value)
            edited = [
                dataclasses.replace(r, cards=tuple((s, n if s == sel else p) for s, p in r.cards))
                for r in edited
            ]
        else:
            raise InputError(f"unknown variant {v!r}; choose from: {', '.join(VARIANTS)}")
    if gaps not in ("bridge", "strict"):
        raise InputError(f"[kabalen] gaps must be 'bridge' or 'strict', got {gaps!r}")
    if scoring not in ("cards", "pool"):
        raise InputError(f"[kabalen] scoring must be 'cards' or 'pool', got {scoring!r}")
    if not isinstance(pool, int) or pool < 0:
        raise InputError(f"[kabalen] pool must be a non-negative integer, got {pool!r}")
    if (
        len(split) != 2
        or not all(isinstance(x, int) and x >= 0 for x in split)
        or sum(split) == 0
        or pool * split[0] % sum(split)
    ):
        raise InputError(
            f"pool split {split!r} must be two non-negative integers that "
            f"divide the pool of {pool} into whole points"
        )
    if rounds:
        numbers = {r.number for r in edited}
        for n in rounds:
            if n not in numbers:
                raise InputError(f"no round {n}: the rules have rounds 1-{len(edited)}")
        if len(set(rounds)) != len(rounds):
            raise InputError("a round is listed twice in --rounds")
        edited = [r for r in edited if r.number in rounds]
    worst = sum(r.worst(players, pool) for r in edited)
    if worst > PENALTY_LIMIT:
        raise InputError(
            f"these rules can give one player {worst:,} penalty points in a game; "
            f"a record holds at most {PENALTY_LIMIT:,} (lower the values)"
        )
    policies = seat_policies(policies, players, POLICIES, "random")
    return Settings(
        players=players,
        rounds=tuple(edited),
        policies=policies,
        gaps=gaps,
        kabalen_scoring=scoring,
        pool=pool,
        pool_split=split,
        variants=tuple(variants),
    )


# --- records: one row per game and seat ----------------------------------------------------
def columns(settings: Settings) -> dict[str, np.dtype]:
    """The record columns and their dtypes: r<number> is the seat's penalty in that round."""
    return (
        {"game": np.dtype(np.int64), "seat": np.dtype(np.int8)}
        | {f"r{r.number}": np.dtype(np.int16) for r in settings.rounds}
        | {"total": np.dtype(np.int16), "lowest": np.dtype(np.bool_), "tied": np.dtype(np.int8)}
    )


def to_columns(pen, settings: Settings, start: int) -> dict:
    """Penalties int16[game, round, seat] -> the records (see :func:`columns`)."""
    count, _, players = pen.shape
    cols = {
        "game": np.repeat(np.arange(start, start + count, dtype=np.int64), players),
        "seat": np.tile(np.arange(players, dtype=np.int8), count),
    }
    for i, r in enumerate(settings.rounds):
        cols[f"r{r.number}"] = pen[:, i, :].reshape(-1)
    total = pen.sum(axis=1, dtype=np.int16)
    lowest = total == total.min(axis=1, keepdims=True)
    cols["total"] = total.reshape(-1)
    # per game: is this seat's total the lowest, and how many seats share it
    cols["lowest"] = lowest.reshape(-1)
    cols["tied"] = np.repeat(lowest.sum(axis=1, dtype=np.int8), players)
    return cols


def check(frame, settings: Settings) -> None:
    """Assert the digest's invariants on records (one row per game and seat).

    Trick rounds hand out exactly their deal total; Kabalen scored by cards has
    one player out with 0 (bridged gaps) or at most one (strict gaps), and
    nobody holds more than a hand; pool scoring pays out the pool's shares.
    """
    import polars as pl

    size = settings.hand_size
    win, second = settings.pool_shares()
    per_game = frame.group_by("game").agg(
        [pl.col(f"r{r.number}").sum().alias(f"sum{r.number}") for r in settings.rounds]
        + [(pl.col(f"r{r.number}") == 0).sum().alias(f"zeros{r.number}") for r in settings.rounds]
        + [pl.col(f"r{r.number}").min().alias(f"min{r.number}") for r in settings.rounds]
        + [pl.col(f"r{r.number}").max().alias(f"max{r.number}") for r in settings.rounds]
        + [pl.len().alias("seats")]
    )
    if isinstance(per_game, pl.LazyFrame):
        per_game = per_game.collect()

    def fail(mask, what):
        bad = per_game.filter(mask)
        if bad.height:
            raise AssertionError(f"game {bad['game'][0]}: {what}")

    fail(pl.col("seats") != settings.players, "wrong number of seat records")
    for r in settings.rounds:
        n = r.number
        if r.kind == "tricks":
            fail(
                pl.col(f"sum{n}") != r.deal_total(settings.players),
                f"round {n} penalties do not sum to {r.deal_total(settings.players)}",
            )
            fail(pl.col(f"min{n}") < 0, f"round {n} has a negative penalty")
        elif settings.kabalen_scoring == "cards":
            fail(
                (pl.col(f"min{n}") < 0) | (pl.col(f"max{n}") > size),
                f"round {n} has a penalty outside 0..{size}",
            )
            if settings.gaps == "bridge":
                fail(pl.col(f"zeros{n}") != 1, f"round {n} has not exactly one player out")
            else:
                fail(pl.col(f"zeros{n}") > 1, f"round {n} has more than one player out")
        else:
            allowed = [-(win + second)] if settings.gaps == "bridge" else [0, -win, -(win + second)]
            fail(~pl.col(f"sum{n}").is_in(allowed), f"round {n} pool shares are not {allowed}")


def parse_hand(cards, players: int, seat: int = 0) -> list[int]:
    """Card ids of a hand given as text (``AS KH 10D``), checked against the deck."""
    if not 0 <= seat < players:
        raise InputError(f"--seat must be 0-{players - 1} for {players} players, not {seat}")
    ids = [parse_card(c) for c in cards]
    seen = set()
    for text, c in zip(cards, ids):
        if c in seen:
            raise InputError(f"card {text} is listed twice")
        seen.add(c)
        if not deck_mask(players) >> c & 1:
            raise InputError(
                f"card {text} is not in the {players}-player deck "
                f"(the 2s removed for {players} players are out)"
            )
    if len(ids) != hand_size(players):
        raise InputError(
            f"a {players}-player hand has {hand_size(players)} cards, {len(ids)} given"
        )
    return ids
