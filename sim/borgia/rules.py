"""Borgia rules: card types, the deck and setup (data), variant settings.

Source: shared/seeds/borgia.nl.txt (Dutch) and shared/rules/borgia.md.  The
deck's numbers and the deal sizes are data (``cards.toml``, every value
documented there); a user's deck file replaces it via ``--cards FILE``.

Cards are numbered 0..N-1 in file order (a ``count`` expands in place), so a
card id names one physical card everywhere: kernel, reference and records.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tableodds.sim.borgia.options import (
    CARDINAL_DEALS,
    CONQUEST_STRATEGIES,
    PATRONAGE,
    PLAYERS,
    POLICIES,
    UNSOLD,
)
from tableodds.sim.core.data import (
    int_field,
    load_toml,
    seat_policies,
    table_list,
    unknown_keys,
    whole,
)
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.scoring import unique_names

# Card types; the codes are what the kernel sees.
TYPES = (
    "city",
    "office",
    "artist",
    "family",
    "condottiere",
    "spy",
    "poison",
    "assassin",
    "medicine",
    "marriage",
    "savonarola",
    "simony",
)
(
    CITY,
    OFFICE,
    ARTIST,
    FAMILY,
    CONDOTTIERE,
    SPY,
    POISON,
    ASSASSIN,
    MEDICINE,
    MARRIAGE,
    SAVONAROLA,
    SIMONY,
) = range(len(TYPES))
# The rulebook: these types are played face up as soon as a player receives them.
MANDATORY = (CITY, OFFICE, ARTIST, FAMILY)
# Numbers a card of each type may carry (anything else in the file is refused).
FIELDS = {
    "city": ("power", "income", "vp"),
    "office": ("votes", "income", "vp"),
    "artist": ("vp", "cost", "power"),
    "family": ("power",),
    "condottiere": ("power", "cost"),
    "medicine": ("cost",),
}
VOTES_PER_CARDINAL = 3  # the rulebook: each cardinal is 3 votes
POPE_VP = 10  # the rulebook: 10 VP for the new pope
CASH_PER_VP = 10  # the rulebook: 1 VP per full 10 D

POLICY_CODES = {name: i for i, name in enumerate(POLICIES)}


def policy_codes(names) -> np.ndarray:
    return np.array([POLICY_CODES[n] for n in names], np.int64)


# how an auction-pile card was taken (the ``method`` of the auction records)
AUCTION_METHODS = ("bid", "spied", "unsold", "opener")


@dataclass(frozen=True)
class Card:
    id: int
    type: str
    name: str
    power: int = 0
    income: int = 0
    vp: int = 0
    votes: int = 0
    cost: int = 0

    @property
    def code(self) -> int:
        return TYPES.index(self.type)


@dataclass(frozen=True)
class Deck:
    """A deck file: the cards plus setup numbers and rule readings."""

    cards: tuple[Card, ...]
    deal: dict  # players -> (hand, auction)
    money: int = 100
    cardinals: int = 4
    family_income: int = 35
    turns: int = 3
    bank: int = 100_000
    city_vp: bool = False
    unsold: str = "aside"
    home_offices: int = 1
    home_artists: int = 1
    max_attacks: int = 3
    cardinal_deal: str = "hand_out"
    cardinal_tokens: int = 40
    patronage: str = "each_turn"
    source: str = "cards.toml"


def _bool(table: dict, key: str, where: str, default: bool) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        raise InputError(f"{where}: {key} must be true or false, got {value!r}")
    return value


def _choice(table: dict, key: str, where: str, default: str, allowed: tuple) -> str:
    value = table.get(key, default)
    if value not in allowed:
        raise InputError(f"{where}: {key} must be {' or '.join(map(repr, allowed))}, got {value!r}")
    return value


# The pope's bot, not a rule: the rulebook's "de paus mag alle Ambten opnieuw verdelen" ("mag": he
# may) leaves it to the pope whether he redistributes the offices; whether the value and market
# bots do is this policy parameter (the first is the default).  A random pope always does, each
# office to a uniform other seat.
POPE_OFFICES = {
    "always": "the pope's bot redistributes every office at every election, his own to the "
    "other players (most votes first, each to the rival with the fewest votes so far, a market "
    "pope's sellers first)",
    "never": "the pope's bot leaves every office where it lies and keeps his own; he still "
    "hands out cardinals, and a market pope pays his sellers in cardinals only",
}

# The rulebook plays three turns; a deck file may ask for more, but a record holds per-turn columns.
MAX_TURNS = 12


_SETUP_KEYS = ("money", "cardinals", "cardinal_tokens", "family_income", "turns", "bank")
_RULES_KEYS = (
    "city_vp",
    "unsold",
    "home_offices",
    "home_artists",
    "max_attacks",
    "cardinal_deal",
    "patronage",
)


def load_deck(path: Path | None = None) -> Deck:
    """Read and validate a deck file; the packaged ``cards.toml`` when ``path`` is None."""
    data, where = load_toml(path, "tableodds.sim.borgia", "cards.toml")
    unknown_keys(data, ("setup", "deal", "rules", "card"), where)
    setup = data.get("setup", {})
    unknown_keys(setup, _SETUP_KEYS, f"{where}: [setup]")
    rules = data.get("rules", {})
    unknown_keys(rules, _RULES_KEYS, f"{where}: [rules]")
    raw = data.get("card")
    if not isinstance(raw, list) or not raw:
        raise InputError(f"{where}: needs [[card]] tables")
    cards, seen = [], set()
    for i, c in enumerate(raw, start=1):
        w = f"{where}: card {i}"
        kind = c.get("type")
        if kind not in TYPES:
            raise InputError(f"{w}: type must be one of {', '.join(TYPES)}, got {kind!r}")
        nums = FIELDS.get(kind, ())
        unknown_keys(c, ("type", "name", "count") + nums, w)
        count = int_field(c, "count", w, 1, 1, 64)
        name = str(c.get("name", kind))
        if (kind, name) in seen:
            raise InputError(f"{w}: the {kind} {name!r} is listed twice; give it count = N instead")
        seen.add((kind, name))
        values = {f: int_field(c, f, w, 0, 0) for f in nums}
        # every number of its type (a card cut short is refused); an artist's defence is
        # Da Vinci's alone
        whole(c, nums, w, optional=("power",) if kind == "artist" else ())
        for _ in range(count):
            cards.append(Card(id=len(cards), type=kind, name=name, **values))
    if len(cards) > 64:
        raise InputError(f"{where}: at most 64 cards, got {len(cards)}")
    deal = {}
    raw_deal = data.get("deal", {})
    for key, d in raw_deal.items():
        w = f"{where}: [deal.{key}]"
        if not key.isdigit() or int(key) not in PLAYERS:
            raise InputError(f"{w}: player count must be 3, 4 or 5")
        unknown_keys(d, ("hand", "auction"), w)
        whole(d, ("hand", "auction"), w)
        deal[int(key)] = (int_field(d, "hand", w, 0, 0), int_field(d, "auction", w, 0, 1))
    s, r = f"{where}: [setup]", f"{where}: [rules]"
    unsold = rules.get("unsold", "aside")
    if unsold not in UNSOLD:
        raise InputError(f"{r}: unsold must be 'aside' or 'opener', got {unsold!r}")
    # a deck file stands in for cards.toml whole: every table, and every key of each
    whole(data, ("setup", "deal", "rules"), where)
    whole(setup, _SETUP_KEYS, s)
    whole(rules, _RULES_KEYS, r)
    whole(raw_deal, [str(p) for p in PLAYERS], f"{where}: [deal]")
    missing = [t for t in TYPES if not any(c.type == t for c in cards)]
    if missing:
        raise InputError(
            f"{where}: no {missing[0]} card; a deck has every card type the rules play "
            f"({', '.join(TYPES)}) (is the file cut short?)"
        )
    return Deck(
        cards=tuple(cards),
        deal=deal,
        money=int_field(setup, "money", s, 100, 0),
        cardinals=int_field(setup, "cardinals", s, 4, 0),
        family_income=int_field(setup, "family_income", s, 35, 0),
        turns=int_field(setup, "turns", s, 3, 1, MAX_TURNS),
        bank=int_field(setup, "bank", s, 100_000, 0),
        city_vp=_bool(rules, "city_vp", r, False),
        unsold=unsold,
        home_offices=int_field(rules, "home_offices", r, 1, 0),
        home_artists=int_field(rules, "home_artists", r, 1, 0),
        max_attacks=int_field(rules, "max_attacks", r, 3, 0),
        cardinal_deal=_choice(rules, "cardinal_deal", r, "hand_out", CARDINAL_DEALS),
        cardinal_tokens=int_field(setup, "cardinal_tokens", s, 40, 0, 1000),
        patronage=_choice(rules, "patronage", r, "each_turn", PATRONAGE),
        source=where,
    )


@dataclass(frozen=True)
class Settings:
    """Everything one simulation needs; built by :func:`make_settings`."""

    players: int
    policies: tuple[str, ...]
    deck: Deck
    extra: str | None = None  # a card type: one more such card for one seat (see extra_card)
    pope_offices: str = "always"  # the pope bot's choice (POPE_OFFICES), a policy parameter

    @property
    def dealt(self) -> int:
        """The cards shuffled and dealt at the start (all but the extra card)."""
        return len(self.deck.cards) - (self.extra is not None)

    @property
    def hand(self) -> int:
        return self.deck.deal[self.players][0]

    @property
    def auction(self) -> int:
        return self.deck.deal[self.players][1]

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.deck.cards

    def card_arrays(self) -> dict[str, np.ndarray]:
        """Per-card numbers as int64 arrays indexed by card id."""
        cs = self.deck.cards
        return {
            "ctype": np.array([c.code for c in cs], np.int64),
            "power": np.array([c.power for c in cs], np.int64),
            "income": np.array([c.income for c in cs], np.int64),
            "vp": np.array([c.vp for c in cs], np.int64),
            "votes": np.array([c.votes for c in cs], np.int64),
            "cost": np.array([c.cost for c in cs], np.int64),
        }

    def describe(self) -> dict:
        d = self.deck
        return (
            {
                "players": self.players,
                "policies": list(self.policies),
                "cards": d.source,
                "hand": self.hand,
                "auction": self.auction,
                "money": d.money,
                "cardinals": d.cardinals,
                "family_income": d.family_income,
                "turns": d.turns,
                "city_vp": d.city_vp,
                "unsold": d.unsold,
                "home_offices": d.home_offices,
                "home_artists": d.home_artists,
                "max_attacks": d.max_attacks,
                "cardinal_deal": d.cardinal_deal,
                "cardinal_tokens": d.cardinal_tokens,
                "patronage": d.patronage,
            }
            | (
                {}
                if self.extra is None
                else {"extra": self.extra, "extra_card": self.cards[-1].name}
            )
            | ({} if self.pope_offices == "always" else {"pope_offices": self.pope_offices})
        )


def make_settings(
    players: int = 4,
    policies=None,
    cards_file: Path | None = None,
    city_vp: bool | None = None,
    unsold: str | None = None,
    cardinal_deal: str | None = None,
    patronage: str | None = None,
    extra: str | None = None,
    pope_offices: str = "always",
) -> Settings:
    """Validate user choices and build the frozen settings."""
    if pope_offices not in POPE_OFFICES:
        raise InputError(f"pope_offices must be 'always' or 'never', not {pope_offices!r}")
    if players not in PLAYERS:
        raise InputError(f"Borgia is for 3-5 players, not {players}")
    deck = load_deck(cards_file)
    if players not in deck.deal:
        raise InputError(f"{deck.source}: no [deal.{players}] for {players} players")
    hand, auction = deck.deal[players]
    if hand * players + auction > len(deck.cards):
        raise InputError(
            f"{deck.source}: [deal.{players}] needs {hand * players + auction} "
            f"cards, the deck has {len(deck.cards)}"
        )
    if city_vp is not None:
        deck = _replace(deck, city_vp=city_vp)
    if unsold is not None:
        if unsold not in UNSOLD:
            raise InputError(f"--unsold must be 'aside' or 'opener', not {unsold!r}")
        deck = _replace(deck, unsold=unsold)
    if cardinal_deal is not None:
        if cardinal_deal not in CARDINAL_DEALS:
            raise InputError(
                f"--cardinal-deal must be 'hand_out' or 'redeal', not {cardinal_deal!r}"
            )
        deck = _replace(deck, cardinal_deal=cardinal_deal)
    if patronage is not None:
        if patronage not in PATRONAGE:
            raise InputError(f"--patronage must be 'each_turn' or 'once', not {patronage!r}")
        deck = _replace(deck, patronage=patronage)
    if deck.cardinal_tokens < players * deck.cardinals:
        raise InputError(
            f"{deck.source}: [setup] cardinal_tokens = {deck.cardinal_tokens} is fewer than the "
            f"{players * deck.cardinals} cardinals dealt at the start"
        )
    policies = seat_policies(policies, players, POLICIES, "value")
    if extra is not None:
        deck = _replace(deck, cards=deck.cards + (extra_card(deck, extra),))
    return Settings(
        players=players, policies=policies, deck=deck, extra=extra, pope_offices=pope_offices
    )


def extra_card(deck: Deck, kind: str) -> Card:
    """A copy of the middle card of type ``kind`` in deck order, as one card more (the last
    id). Game g gives it to seat g mod players right after the deal (the card-worth
    analysis); the shuffle and deal of the other cards stay those of the same seed."""
    same = [c for c in deck.cards if c.type == kind]
    if kind not in TYPES or not same:
        raise InputError(f"{deck.source}: no {kind!r} card to add one more of")
    if len(deck.cards) >= 64:
        raise InputError(f"{deck.source}: at most 63 cards leave room for one more")
    import dataclasses

    return dataclasses.replace(same[len(same) // 2], id=len(deck.cards))


def _replace(deck: Deck, **kw) -> Deck:
    import dataclasses

    return dataclasses.replace(deck, **kw)


def election_winner(received: list[int], pope: int) -> int:
    """The new pope: most votes received; a tie keeps the sitting pope if he is
    among the tied, else goes to the first tied player clockwise from him."""
    top = max(received)
    n = len(received)
    for k in range(n):
        p = (pope + k) % n
        if received[p] == top:
            return p
    raise AssertionError("unreachable")


def conquest_succeeds(attack: int, defence: int) -> bool:
    """Seed: a target without power falls; otherwise the attacker needs strictly more."""
    return defence == 0 or attack > defence


STRATEGY_CODES = {name: i for i, name in enumerate(CONQUEST_STRATEGIES)}
DEFENCE_PARTS = ("city", "family", "davinci", "other")


# Bounds for the conquest calculator: far above any card (condottieri are worth 1-6, a city's
# defence a few points) and small enough for exact enumeration and int64 sums.
MAX_STRENGTH = 99
MAX_DEFENCE = 999


def parse_strengths(text: str | None, flag: str) -> list[int]:
    """``3,2`` -> [3, 2]: condottiere strengths, each a positive integer; ``None`` (the
    option left out) is no condottieri, an empty text is refused."""
    if text is None:
        return []
    if not text.strip():
        raise InputError(f"{flag} needs at least one strength, like 3,2 (or leave it out)")
    out = []
    for item in text.split(","):
        item = item.strip()
        if not item.isdigit() or not 1 <= int(item) <= MAX_STRENGTH:
            raise InputError(
                f"{flag} takes comma-separated strengths from 1 to {MAX_STRENGTH} "
                f"like 3,2; got {item!r}"
            )
        out.append(int(item))
    if len(out) > 16:
        raise InputError(f"{flag}: at most 16 condottieri, got {len(out)}")
    return out


def parse_defence(text: str | None) -> dict[str, int]:
    """``city=2,family=1`` -> {'city': 2, 'family': 1}; a bare number counts as 'other'.

    ``None`` (the option left out) is no defence; an empty text, or a part given twice,
    is refused."""
    parts: dict[str, int] = {}
    if text is None:
        return parts
    if not text.strip():
        raise InputError("--defend needs PART=N items, like city=2 (or leave it out)")
    for item in text.split(","):
        name, eq, value = item.strip().partition("=")
        if not eq:
            name, value = "other", name
        name = name.strip()
        if name not in DEFENCE_PARTS:
            near = [p for p in DEFENCE_PARTS if p == name.lower()]
            hint = f"did you mean {near[0]!r}?" if near else f"use {', '.join(DEFENCE_PARTS)}"
            raise InputError(f"--defend: unknown part {name!r}; {hint}")
        if not value.strip().isdigit() or int(value) > MAX_DEFENCE:
            raise InputError(
                f"--defend: {name} needs an integer from 0 to {MAX_DEFENCE}, got {value!r}"
            )
        if name in parts:
            raise InputError(f"--defend: {name} is given twice; give each part once")
        parts[name] = int(value)
    return parts


@dataclass(frozen=True)
class Voter:
    name: str
    cardinals: int
    offices: tuple[int, ...]
    vote_for: str

    @property
    def votes(self) -> int:
        return VOTES_PER_CARDINAL * self.cardinals + sum(self.offices)


def load_vote_table(path: Path) -> tuple[tuple[Voter, ...], str]:
    """A vote table (TOML): ``pope = NAME`` and one ``[[player]]`` per player with
    ``name``, ``cardinals``, ``offices = [votes, ...]`` and optional ``vote_for``."""
    data, where = load_toml(Path(path))
    unknown_keys(data, ("pope", "player"), where)
    raw = table_list(data.get("player"), where, "player", 3, 5)
    names = []
    for i, r in enumerate(raw, start=1):
        name = r.get("name")
        if not isinstance(name, str) or not name:
            raise InputError(f"{where}: player {i}: name must be a non-empty string")
        names.append(name)
    unique_names(names, where)
    voters = []
    for i, r in enumerate(raw, start=1):
        w = f"{where}: player {i} ({r['name']})"
        unknown_keys(r, ("name", "cardinals", "offices", "vote_for"), w)
        offices = r.get("offices", [])
        if not isinstance(offices, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in offices
        ):
            raise InputError(f"{w}: offices must be a list of non-negative vote counts")
        vote_for = r.get("vote_for", r["name"])
        if vote_for not in names:
            raise InputError(f"{w}: vote_for {vote_for!r} is not a player")
        voters.append(
            Voter(r["name"], int_field(r, "cardinals", w, 0, 0), tuple(offices), vote_for)
        )
    pope = data.get("pope", names[0])
    if pope not in names:
        raise InputError(f"{where}: pope {pope!r} is not a player")
    return tuple(voters), pope


def count_votes(voters, pope: str) -> tuple[list[int], str]:
    """Votes each player receives, and the new pope (see :func:`election_winner`)."""
    names = [v.name for v in voters]
    received = [0] * len(voters)
    for v in voters:
        received[names.index(v.vote_for)] += v.votes
    return received, names[election_winner(received, names.index(pope))]


# --- records --------------------------------------------------------------------------------
# Kernel and reference fill the same raw arrays (empty_out); these turn them into records:
# one per game and seat (the games), one per auction-pile card taken, one per attack.
def columns(settings: Settings) -> dict[str, np.dtype]:
    """The per-seat records' columns and dtypes (pope_t/votes_t/received_t for every turn)."""
    i8, i16, i32, i64 = (np.dtype(t) for t in (np.int8, np.int16, np.int32, np.int64))
    cols = {"game": i64, "seat": i8, "policy": i8, "vp": i32} | {n: i32 for n in PART_NAMES}
    cols |= {"money": i32, "cardinals": i16, "office_vp_given": i16, "offices_given": i16}
    for t in range(settings.deck.turns):
        cols |= {f"pope_t{t + 1}": i8, f"votes_t{t + 1}": i16, f"received_t{t + 1}": i16}
    return cols | {"won": i8, "winners": i8, "bank": i64}


def auction_schema(settings: Settings) -> dict[str, np.dtype]:
    """The auction records' columns and dtypes."""
    i8, i16 = np.dtype(np.int8), np.dtype(np.int16)
    return {
        "game": np.dtype(np.int64),
        "turn": i8,
        "card": i8,
        "type": i8,
        "method": i8,
        "price": i16,
        "buyer": i8,
        "opener": i8,
    }


def attack_schema(settings: Settings) -> dict[str, np.dtype]:
    """The attack records' columns and dtypes."""
    i8, i16 = np.dtype(np.int8), np.dtype(np.int16)
    return {
        "game": np.dtype(np.int64),
        "turn": i8,
        "attacker": i8,
        "defender": i8,
        "target": i8,
        "type": i8,
        "base": i16,
        "attack": i16,
        "defence": i16,
        "success": i8,
    }


def empty_out(settings, count):
    """Output arrays for ``count`` games (kernel and reference fill the same ones)."""
    P, T, N = settings.players, settings.deck.turns, len(settings.cards)
    max_auc = T * settings.auction
    max_att = max_auc * settings.deck.max_attacks
    return {
        "parts": np.zeros((count, P, 5), np.int64),
        "money": np.zeros((count, P), np.int64),
        "cardinals": np.zeros((count, P), np.int64),
        "given_vp": np.zeros((count, P), np.int64),
        "given": np.zeros((count, P), np.int64),
        "is_pope": np.zeros((count, P, T), np.int64),
        "own_votes": np.zeros((count, P, T), np.int64),
        "received": np.zeros((count, P, T), np.int64),
        "bank": np.zeros(count, np.int64),
        "loc": np.zeros((count, N), np.int64),
        "owner": np.zeros((count, N), np.int64),
        "host": np.zeros((count, N), np.int64),
        "auctions": np.full((count, max_auc, 6), -9, np.int64),
        "n_auctions": np.zeros(count, np.int64),
        "attacks": np.full((count, max(max_att, 1), 8), -9, np.int64),
        "n_attacks": np.zeros(count, np.int64),
    }


PART_NAMES = ("vp_cash", "vp_pope", "vp_office", "vp_artist", "vp_city")


def seat_columns(out, settings, start):
    """One record per game and seat."""
    count, P = out["money"].shape
    T = settings.deck.turns
    pol = policy_codes(settings.policies)
    vp = out["parts"].sum(axis=2)
    best = vp.max(axis=1, keepdims=True)
    cols = {
        "game": np.repeat(np.arange(start, start + count, dtype=np.int64), P),
        "seat": np.tile(np.arange(P, dtype=np.int8), count),
        "policy": np.tile(pol.astype(np.int8), count),
        "vp": vp.reshape(-1).astype(np.int32),
    }
    for i, name in enumerate(PART_NAMES):
        cols[name] = out["parts"][:, :, i].reshape(-1).astype(np.int32)
    cols["money"] = out["money"].reshape(-1).astype(np.int32)
    cols["cardinals"] = out["cardinals"].reshape(-1).astype(np.int16)
    cols["office_vp_given"] = out["given_vp"].reshape(-1).astype(np.int16)
    cols["offices_given"] = out["given"].reshape(-1).astype(np.int16)
    for t in range(T):
        cols[f"pope_t{t + 1}"] = out["is_pope"][:, :, t].reshape(-1).astype(np.int8)
        cols[f"votes_t{t + 1}"] = out["own_votes"][:, :, t].reshape(-1).astype(np.int16)
        cols[f"received_t{t + 1}"] = out["received"][:, :, t].reshape(-1).astype(np.int16)
    cols["won"] = (vp == best).reshape(-1).astype(np.int8)
    cols["winners"] = np.repeat((vp == best).sum(axis=1).astype(np.int8), P)
    cols["bank"] = np.repeat(out["bank"], P)
    return cols


def auction_columns(out, settings, start):
    """One record per auction-pile card taken: bought, spied, unsold or given to the opener."""
    count = out["n_auctions"].shape[0]
    n = out["n_auctions"]
    mask = np.arange(out["auctions"].shape[1])[None, :] < n[:, None]
    rows = out["auctions"][mask]
    ctype = settings.card_arrays()["ctype"]
    return {
        "game": np.repeat(np.arange(start, start + count, dtype=np.int64), n),
        "turn": (rows[:, 0] + 1).astype(np.int8),
        "card": rows[:, 1].astype(np.int8),
        "type": ctype[rows[:, 1]].astype(np.int8),
        "method": rows[:, 2].astype(np.int8),
        "price": rows[:, 3].astype(np.int16),
        "buyer": rows[:, 4].astype(np.int8),
        "opener": rows[:, 5].astype(np.int8),
    }


def attack_columns(out, settings, start):
    """One record per attack."""
    count = out["n_attacks"].shape[0]
    n = out["n_attacks"]
    mask = np.arange(out["attacks"].shape[1])[None, :] < n[:, None]
    rows = out["attacks"][mask]
    ctype = settings.card_arrays()["ctype"]
    return {
        "game": np.repeat(np.arange(start, start + count, dtype=np.int64), n),
        "turn": (rows[:, 0] + 1).astype(np.int8),
        "attacker": rows[:, 1].astype(np.int8),
        "defender": rows[:, 2].astype(np.int8),
        "target": rows[:, 3].astype(np.int8),
        "type": ctype[rows[:, 3]].astype(np.int8),
        "base": rows[:, 4].astype(np.int16),
        "attack": rows[:, 5].astype(np.int16),
        "defence": rows[:, 6].astype(np.int16),
        "success": rows[:, 7].astype(np.int8),
    }


def check(frame, settings: Settings) -> None:
    """Invariants of the per-seat records (raises AssertionError naming the game)."""
    import polars as pl

    df = frame.collect() if hasattr(frame, "collect") else frame
    P, d = settings.players, settings.deck
    parts = sum(df[c] for c in ("vp_cash", "vp_pope", "vp_office", "vp_artist", "vp_city"))
    bad = df.filter(parts != df["vp"])
    assert bad.is_empty(), f"game {bad['game'][0]}: VP sources do not add up"
    bad = df.filter(pl.col("money") < 0)
    assert bad.is_empty(), f"game {bad['game'][0]}: negative cash"
    if not d.city_vp:
        assert (df["vp_city"] == 0).all(), "cities scored although city_vp is off"
    turns = [f"pope_t{t + 1}" for t in range(d.turns)]
    g = df.group_by("game").agg(
        [
            pl.col("money").sum(),
            pl.col("bank").first(),
            pl.col("cardinals").sum(),
            pl.col("vp_pope").sum(),
        ]
        + [pl.col(t).sum() for t in turns]
        + [pl.col(f"votes_t{t + 1}").sum().alias(f"v{t}") for t in range(d.turns)]
        + [pl.col(f"received_t{t + 1}").sum().alias(f"r{t}") for t in range(d.turns)]
    )
    # money is conserved: every payment goes between a player and the bank
    bad = g.filter(pl.col("money") + pl.col("bank") != d.bank)
    assert bad.is_empty(), f"game {bad['game'][0]}: money not conserved"
    if d.cardinal_deal == "redeal":
        bad = g.filter(pl.col("cardinals") != P * d.cardinals)
        assert bad.is_empty(), f"game {bad['game'][0]}: cardinals not conserved"
    else:  # handed out from the box: never fewer than dealt, never more than the box holds
        bad = g.filter(
            (pl.col("cardinals") < P * d.cardinals) | (pl.col("cardinals") > d.cardinal_tokens)
        )
        assert bad.is_empty(), f"game {bad['game'][0]}: cardinals outside the box's supply"
    for t in range(d.turns):
        bad = g.filter(pl.col(turns[t]) != 1)
        assert bad.is_empty(), f"game {bad['game'][0]}: not exactly one pope in turn {t + 1}"
        bad = g.filter(pl.col(f"v{t}") != pl.col(f"r{t}"))
        assert bad.is_empty(), f"game {bad['game'][0]}: votes cast != votes received"
    bad = g.filter(pl.col("vp_pope") != 10 * d.turns)
    assert bad.is_empty(), f"game {bad['game'][0]}: pope VP is not 10 per turn"
    # the pope has the most votes received
    for t in range(d.turns):
        top = df.group_by("game").agg(pl.col(f"received_t{t + 1}").max().alias("top"))
        j = df.join(top, on="game").filter(pl.col(turns[t]) == 1)
        bad = j.filter(pl.col(f"received_t{t + 1}") != pl.col("top"))
        assert bad.is_empty(), f"game {bad['game'][0]}: pope without the most votes"


def check_auctions(frame, settings: Settings) -> None:
    """Every pile card is taken once per turn (a full pile in turn 1); a bought card has a
    buyer and a price of at least 1, any other card is free; an unsold card has no buyer."""
    import polars as pl

    a = frame.collect() if hasattr(frame, "collect") else frame
    bid, unsold = AUCTION_METHODS.index("bid"), AUCTION_METHODS.index("unsold")

    def ensure(bad, what):
        assert bad.is_empty(), f"game {bad['game'][0]}: {what}"

    per_turn = a.group_by(["game", "turn"]).agg(pl.len().alias("n"), pl.col("card").n_unique())
    ensure(per_turn.filter(pl.col("n") != pl.col("card")), "a pile card taken twice")
    ensure(per_turn.filter(pl.col("n") > settings.auction), "more cards than the pile holds")
    ensure(
        per_turn.filter((pl.col("turn") == 1) & (pl.col("n") != settings.auction)),
        "turn 1 did not auction a full pile",
    )
    bought = a.filter(pl.col("method") == bid)
    ensure(
        bought.filter((pl.col("buyer") < 0) | (pl.col("price") < 1)),
        "a card bought without a buyer or a price",
    )
    ensure(a.filter((pl.col("method") != bid) & (pl.col("price") != 0)), "a free card cost money")
    unsold_rows = a.filter(pl.col("method") == unsold)
    ensure(unsold_rows.filter(pl.col("buyer") != -1), "an unsold card has a buyer")
    if settings.deck.unsold == "opener":
        ensure(unsold_rows, "a card left unsold although the opener takes it")


def check_attacks(frame, settings: Settings) -> None:
    """An attack succeeds exactly when the rule says so (conquest_succeeds)."""
    import polars as pl

    c = frame.collect() if hasattr(frame, "collect") else frame
    expect = ((pl.col("defence") == 0) | (pl.col("attack") > pl.col("defence"))).cast(pl.Int8)
    bad = c.filter(pl.col("success") != expect)
    assert bad.is_empty(), f"game {bad['game'][0]}: attack outcome breaks the conquest rule"
    bad = c.filter(pl.col("attacker") == pl.col("defender"))
    assert bad.is_empty(), f"game {bad['game'][0]}: a player attacked himself"
