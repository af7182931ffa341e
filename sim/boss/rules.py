"""I'm the Boss! rules: the influence deck, the board data, house rules and settings.

Source: shared/seeds/im-the-boss.nl.txt (Dutch) and shared/rules/im-the-boss.md.
The board spaces, deal-card values, die faces and the bargaining rule are data
(``deals.toml``); house rules are switches on the settings, never code forks.

Influence cards are counted by type in hands (16 types, see ``TYPE_NAMES``):
family cards 0-5 and coloured travel cards 6-11 in family order, then the wild
travel card, recruitment, boss and stop.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from math import factorial
from pathlib import Path

import numpy as np

from tableodds.sim.boss.options import (
    PLAYERS,
    POLICIES,
    VARIANTS,
)
from tableodds.sim.core.data import int_field, load_toml, seat_policies, unknown_keys, whole
from tableodds.sim.core.errors import InputError

FAMILIES = ("red", "blue", "yellow", "pink", "orange", "green")
N_FAMILIES = 6
SPACES = 16  # the rulebook: the board has 16 deal spaces
DEAL_CARDS = 15  # the rulebook: deal cards #1 .. #15
WIN_SHARE = 60  # lcm(1..6): a win tied among k seats gives each 60/k, an exact integer

# Influence card types and how many of each the 98-card deck holds (seed + digest).
FAMILY, TRAVEL, WILD, RECRUIT, BOSS, STOP = 0, 6, 12, 13, 14, 15
N_TYPES = 16
TYPE_NAMES = (
    tuple(f"family-{f}" for f in FAMILIES)
    + tuple(f"travel-{f}" for f in FAMILIES)
    + ("travel-wild", "recruit", "boss", "stop")
)
DECK_COUNTS = (4,) * 6 + (3,) * 6 + (3, 33, 10, 10)
DECK_SIZE = sum(DECK_COUNTS)
assert DECK_SIZE == 98
CARD_GROUPS = {
    "family": range(0, 6),
    "travel": range(6, 13),
    "recruit": (13,),
    "boss": (14,),
    "stop": (15,),
}

HAND_START = 5  # the rulebook: 5 influence cards each at the start
HAND_LIMIT = 12  # the rulebook: at most 12 influence cards
LATE_LIMIT = 10  # house rule: at most 10 from the tenth deal on
DRAW = 3  # the rulebook: draw 3 after moving
RECRUIT_SET = 3  # the rulebook: recruitment cards are used in sets of 3
SCALE = 60  # bargaining weights in units of 1/60 (1/m for m = 1..6 is whole)
MAX_TURNS = 2000  # a safety stop; games never reach it (records say so)
PATIENT_HAND = 7  # the patient bot starts deals only with this many cards in hand

# The table size: investor cards each player is dealt (the rulebook: "Elke speler ontvangt
# een van de zes investeerderskaarten ... Bij een spel met 3 spelers krijgt elke speler twee
# investeerderskaarten"; 2 players: assumed 3 each, the 2-player rules do not say).  The rest
# lie beside the board ("Bij een spel met 4 of 5 spelers worden de overgebleven
# investeerderskaarten naast het bord geplaatst"): 2 at 4 players, 1 at 5, none otherwise.
INVESTORS_EACH = {2: 3, 3: 2, 4: 1, 5: 1, 6: 1}
SPARES = {p: N_FAMILIES - p * each for p, each in INVESTORS_EACH.items()}
assert set(INVESTORS_EACH) == set(PLAYERS) and {p for p in SPARES if SPARES[p]} == {4, 5}
SPARE_RULE = (
    "the rulebook puts investor cards beside the board only with 4 or 5 players ('Bij een "
    "spel met 4 of 5 spelers worden de overgebleven investeerderskaarten naast het bord "
    "geplaatst'; with 3 each player holds two, with 6 one each)"
)


def check_spares(players: int, spares: int, where: str) -> None:
    """Refuse investor cards beside the board that the table size cannot leave there."""
    if spares > SPARES[players]:
        most = SPARES[players]
        raise InputError(
            f"{where}: {spares} spare investor card{'s' * (spares != 1)} at {players} players, "
            f"but {SPARE_RULE}" + (f": at most {most} at {players} players" if most else "")
        )


def two_player_price(payout: int, required: int, pick: int, sixth: bool = False) -> int:
    """What the boss pays, under the 2-player rules, for each investor card of another player
    it uses without consent: "een bedrag dat gelijk is aan de totale dividenden gedeeld door
    het aantal investeerderskaarten", read as the investors the deal needs (required +
    ``pick``), or with ``sixth`` (variant ``two-player-sixth``) all six; whole M, rounded
    down, as the bank pays.  The kernel's ``_offer`` computes the same inline."""
    per = N_FAMILIES if sixth else bin(required).count("1") + pick
    return payout // per


POLICY_CODES = {name: i for i, name in enumerate(POLICIES)}
RANDOM, SHREWD, PATIENT = POLICY_CODES["random"], POLICY_CODES["shrewd"], POLICY_CODES["patient"]


@dataclass(frozen=True)
class Space:
    required: int  # family bit mask
    optional: int  # family bit mask
    pick: int
    dividends: int


@dataclass(frozen=True)
class Cards:
    """The board data: spaces, deal cards, bargaining."""

    spaces: tuple[Space, ...]
    values: tuple[int, ...]  # money per dividend of deal cards #1..#15
    faces: tuple[int, ...]  # die-face bit masks (bit d-1 = face d) of cards #1..#15
    boss_weight: int = 2
    min_boss_percent: int = 20
    source: str = "deals.toml"


PRICE_DEN = 720  # 6!: every family's Shapley price on any space is a whole number of 1/720


@functools.cache
def shapley_prices(required: int, optional: int, pick: int) -> tuple[Fraction, ...]:
    """Each family's Shapley value in a space's requirement game (families as players; a
    set of families wins when it holds every required one and ``pick`` optional ones)."""

    def wins(s):
        return s & required == required and bin(s & optional).count("1") >= pick

    fams = [f for f in range(N_FAMILIES) if (required | optional) >> f & 1]
    m = len(fams)
    price = [Fraction(0)] * N_FAMILIES
    for f in fams:
        rest = [g for g in fams if g != f]
        for s in range(1 << len(rest)):
            members = sum(1 << g for i, g in enumerate(rest) if s >> i & 1)
            if wins(members | 1 << f) and not wins(members):
                k = bin(s).count("1")
                price[f] += Fraction(factorial(k) * factorial(m - k - 1), factorial(m))
    return tuple(price)


def _families(table: dict, key: str, where: str) -> int:
    names = table.get(key, [])
    if not isinstance(names, list):
        raise InputError(f"{where}: {key} must be a list of families")
    mask = 0
    for n in names:
        if n not in FAMILIES:
            raise InputError(
                f"{where}: {key}: unknown family {n!r}; choose from: {', '.join(FAMILIES)}"
            )
        if mask >> FAMILIES.index(n) & 1:
            raise InputError(f"{where}: {key}: family {n!r} listed twice")
        mask |= 1 << FAMILIES.index(n)
    return mask


def load_cards(path: Path | None = None) -> Cards:
    """Read the board data; the packaged ``deals.toml`` when ``path`` is None."""
    data, where = load_toml(path, "tableodds.sim.boss", "deals.toml")
    unknown = set(data) - {"space", "card", "investors", "bargain"}
    if unknown:
        raise InputError(f"{where}: unknown table {sorted(unknown)[0]!r}")
    raw = data.get("space")
    if not isinstance(raw, list) or len(raw) != SPACES:
        raise InputError(
            f"{where}: needs exactly {SPACES} [[space]] tables, "
            f"got {len(raw) if isinstance(raw, list) else 0}"
        )
    spaces = []
    for i, t in enumerate(raw, start=1):
        w = f"{where}: space {i}"
        unknown_keys(t, ("required", "optional", "pick", "dividends"), w)
        req = _families(t, "required", w)
        opt = _families(t, "optional", w)
        if req & opt:
            raise InputError(f"{w}: a family is both required and optional")
        pick = int_field(t, "pick", w, 0, 0, bin(opt).count("1"))
        if req == 0 and pick == 0:
            raise InputError(f"{w}: needs at least one investor")
        spaces.append(Space(req, opt, pick, int_field(t, "dividends", w, None, 1, 100)))
    raw = data.get("card")
    if not isinstance(raw, list) or len(raw) != DEAL_CARDS:
        raise InputError(
            f"{where}: needs exactly {DEAL_CARDS} [[card]] tables, "
            f"got {len(raw) if isinstance(raw, list) else 0}"
        )
    values, faces = [], []
    for i, t in enumerate(raw, start=1):
        w = f"{where}: card {i}"
        unknown_keys(t, ("value", "faces"), w)
        values.append(int_field(t, "value", w, None, 0, 1000))
        f = t.get("faces", [])
        if (
            not isinstance(f, list)
            or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 6 for x in f)
            or len(set(f)) < len(f)
        ):
            raise InputError(f"{w}: faces must be a list of distinct die faces 1-6, got {f!r}")
        if not f and 10 <= i < DEAL_CARDS:
            raise InputError(
                f"{w}: faces: from the tenth deal on the boss rolls for the end after every "
                f"deal but the last, so cards 10-{DEAL_CARDS - 1} carry at least one face"
            )
        if f and i < 10:
            raise InputError(
                f"{w}: faces: the end roll starts at the tenth deal (the rules: 'vanaf de "
                f"tiende transactie'), so cards 1-9 carry none, got {f!r}"
            )
        faces.append(sum(1 << (x - 1) for x in f))
    # investor cards per player are the rulebook's (INVESTORS_EACH); an older board file may
    # still list them, and then must agree
    inv = data.get("investors", {})
    if not isinstance(inv, dict):
        raise InputError(f"{where}: [investors] must be a table of player counts")
    unknown_keys(inv, tuple(str(p) for p in PLAYERS), f"{where}: [investors]")
    for key in inv:
        p = int(key)
        got = int_field(inv, key, f"{where}: [investors]", None, 1, N_FAMILIES)
        if got != INVESTORS_EACH[p]:
            raise InputError(
                f"{where}: [investors] {p} = {got}, but with {p} players each holds "
                f"{INVESTORS_EACH[p]} investor card{'s' * (INVESTORS_EACH[p] != 1)} "
                f"and {SPARES[p] or 'none'} lie beside the board: {SPARE_RULE}"
            )
    bar = data.get("bargain", {})
    unknown_keys(bar, ("boss_weight", "min_boss_percent"), f"{where}: [bargain]")
    # a board file stands in for deals.toml whole: the bargaining rule too, every key of it
    whole(data, ("bargain",), where)
    whole(bar, ("boss_weight", "min_boss_percent"), f"{where}: [bargain]")
    return Cards(
        spaces=tuple(spaces),
        values=tuple(values),
        faces=tuple(faces),
        boss_weight=int_field(bar, "boss_weight", f"{where}: [bargain]", 2, 0, 100),
        min_boss_percent=int_field(bar, "min_boss_percent", f"{where}: [bargain]", 20, 0, 100),
        source=where,
    )


@dataclass(frozen=True)
class Settings:
    """Everything one simulation needs; built by :func:`make_settings`."""

    players: int
    cards: Cards
    policies: tuple[str, ...]
    variants: tuple[str, ...] = ()
    extra: int = -1  # card type dealt as one extra starting card (-1: none)

    def has(self, variant: str) -> bool:
        return variant in self.variants

    @property
    def two_player_rules(self) -> bool:
        return self.players == 2 or self.has("two-player-rules")

    @property
    def prices(self) -> np.ndarray:
        """Each space's family prices in units of 1 / PRICE_DEN (int64[space, family])."""
        return np.array(
            [
                [int(x * PRICE_DEN) for x in shapley_prices(sp.required, sp.optional, sp.pick)]
                for sp in self.cards.spaces
            ],
            np.int64,
        )

    @property
    def stack(self) -> tuple[int, ...]:
        """Deal-card numbers (1-based) from the top of the stack down."""
        short = self.has("short") or self.has("short-late-roll")
        return tuple(c for c in range(1, DEAL_CARDS + 1) if not (short and c in (3, 6, 9)))

    def rolls_after(self, deal: int) -> int:
        """Die faces that end the game after the ``deal``-th success (1-based), as a mask."""
        card = self.stack[deal - 1]
        if self.has("short-late-roll") and deal < 10:
            return 0
        return self.cards.faces[card - 1]

    def describe(self) -> dict:
        return {
            "players": self.players,
            "policies": list(self.policies),
            "variants": list(self.variants),
            "cards": self.cards.source,
            "extra_card": TYPE_NAMES[self.extra] if self.extra >= 0 else None,
            "investors_each": INVESTORS_EACH[self.players],
            "deal_values": list(self.cards.values),
            "bargain": {
                "rule": "weights" if self.has("weight-bargain") else "investors",
                "boss_weight": self.cards.boss_weight,
                "min_boss_percent": self.cards.min_boss_percent,
            },
        }


def parse_extra(name: str | None) -> int:
    """An extra starting card: a type name (``boss``, ``family-red``) or a group's first type."""
    if name is None or name == "none":
        return -1
    if name in TYPE_NAMES:
        return TYPE_NAMES.index(name)
    groups = {"family": 0, "travel": 12, "recruit": RECRUIT, "boss": BOSS, "stop": STOP}
    if name in groups:
        return groups[name]
    raise InputError(
        f"unknown card type {name!r}; choose from: {', '.join(groups)} "
        f"or one of {', '.join(TYPE_NAMES)}"
    )


def make_settings(
    players: int,
    policies=None,
    variants=(),
    cards_file: Path | None = None,
    extra: str | None = None,
    cards: Cards | None = None,
) -> Settings:
    """Validate user choices and build the frozen settings."""
    if players not in PLAYERS:
        raise InputError(f"I'm the Boss! is for 2-6 players, not {players}")
    if cards is None:
        cards = load_cards(cards_file)
    variants = tuple(variants)
    for v in variants:
        if v not in VARIANTS:
            raise InputError(f"unknown variant {v!r}; choose from: {', '.join(VARIANTS)}")
    if len(set(variants)) != len(variants):
        raise InputError("a variant is listed twice")
    if "short" in variants and "short-late-roll" in variants:
        raise InputError("choose one of the variants short and short-late-roll")
    if "card-to-earn" in variants and "card-to-earn-discard" in variants:
        raise InputError("choose one of the variants card-to-earn and card-to-earn-discard")
    policies = seat_policies(policies, players, POLICIES, "random")
    return Settings(
        players=players, cards=cards, policies=policies, variants=variants, extra=parse_extra(extra)
    )


def exact_deal_counts(settings: Settings) -> dict[int, Fraction]:
    """P(the game ends after exactly d completed deals), from the card backs alone.

    After each success the boss rolls against the faces on the placed card; the
    last card of the stack ends the game.  Exact (fractions); it assumes every
    game reaches its end, which the records' ``end`` column confirms.
    """
    n = len(settings.stack)
    alive, dist = Fraction(1), {}
    for d in range(1, n + 1):
        p_end = Fraction(1) if d == n else Fraction(bin(settings.rolls_after(d)).count("1"), 6)
        if alive * p_end > 0:
            dist[d] = alive * p_end
        alive *= 1 - p_end
    return dist


# --- records: one per game and seat; game-wide values repeat on every seat's row ------------
COLUMNS = {
    name: np.dtype(dtype)
    for name, dtype in (
        [
            ("game", np.int64),
            ("seat", np.int8),
            ("policy", np.int8),
            ("position", np.int8),
            ("extra", np.int8),
            ("money", np.int32),
            ("share", np.int8),  # of the win, in 1/WIN_SHARE: a tie for the most money splits it
            ("boss_deals", np.int16),
            ("started", np.int16),
            ("takeovers", np.int16),
            ("investors", np.int8),
            ("hand", np.int8),
            ("hand_max", np.int8),
            ("deals", np.int8),
            ("turns", np.int32),
            ("end", np.int8),
            ("paid", np.int32),
            ("pile", np.int16),
            ("discard", np.int16),
            ("cards_low", np.int16),
            ("cards_high", np.int16),
            ("spread", np.int32),  # the richest seat's money minus the poorest's
        ]
        + [(f"d{k + 1:02d}", np.int8) for k in range(15)]  # space of the k-th deal, -1: none
        + [(f"a{s:02d}", np.int16) for s in range(SPACES)]
    )
}  # deals this seat started there


def columns(settings=None) -> dict[str, np.dtype]:
    """The record columns and their dtypes (the same for every setup)."""
    return dict(COLUMNS)


def check(frame, settings: Settings) -> None:
    """Assert the game's invariants on records (one row per game and seat).

    The bank pays dividends x the top card's value for each deal in order and
    the boss passes on shares, so the seats' money sums to the payout rule; the
    98 influence cards are all in hands, the draw pile or the discard pile
    after every turn; no hand passes the limit; no game runs past its last
    deal card, and a game ends on the last card or on a die face of the card
    placed last.
    """
    import polars as pl

    frame = frame.collect() if isinstance(frame, pl.LazyFrame) else frame
    stack, P = settings.stack, settings.players
    n = len(stack)
    div = [sp.dividends for sp in settings.cards.spaces]
    dcols = [f"d{k + 1:02d}" for k in range(15)]
    acols = [f"a{s:02d}" for s in range(SPACES)]
    richest = (pl.col("money") == pl.col("money").max()).cast(pl.Int64)
    per_game = frame.group_by("game").agg(
        pl.len().alias("seats"),
        pl.col("money").sum().alias("money"),
        pl.col("money").min().alias("money_min"),
        pl.col("money").max().alias("money_max"),
        # each seat's share of the win: 60 / (seats with the most money) if it has the most
        (pl.col("share").cast(pl.Int64) != richest * (WIN_SHARE // richest.sum()))
        .sum()
        .alias("uneven"),
        pl.col("hand").sum().alias("hands"),
        pl.col("boss_deals").sum().alias("boss_deals"),
        pl.col("started").sum().alias("started"),
        pl.col("investors").sum().alias("investors"),
        pl.col("hand_max").max().alias("hand_max"),
        pl.sum_horizontal(acols).sum().alias("attempts"),
        *[
            pl.col(c).first()
            for c in [
                "deals",
                "turns",
                "end",
                "paid",
                "pile",
                "discard",
                "cards_low",
                "cards_high",
                "spread",
                *dcols,
            ]
        ],
    )
    rule = pl.lit(0)
    for k in range(n):
        d = pl.col(dcols[k])
        rule = rule + pl.when(d >= 0).then(
            d.replace_strict(list(range(SPACES)), div, default=0, return_dtype=pl.Int64)
            * settings.cards.values[stack[k] - 1]
        ).otherwise(0)
    listed = pl.sum_horizontal([(pl.col(c) >= 0).cast(pl.Int64) for c in dcols])
    last_faces = pl.lit(0)
    for k in range(1, n):
        last_faces = (
            pl.when(pl.col("deals") == k).then(settings.rolls_after(k)).otherwise(last_faces)
        )
    per_game = per_game.with_columns(
        rule.alias("rule"), listed.alias("listed"), last_faces.alias("faces")
    )

    def fail(mask, what):
        bad = per_game.filter(mask)
        if bad.height:
            raise AssertionError(f"game {bad['game'][0]}: {what}")

    limit = HAND_LIMIT
    fail(pl.col("seats") != P, "wrong number of seat records")
    fail(pl.col("money") != pl.col("paid"), "the seats' money is not what the bank paid")
    fail(pl.col("paid") != pl.col("rule"), "the bank did not pay dividends x card value")
    fail(pl.col("money_min") < 0, "a seat has negative money")
    fail(pl.col("spread") != pl.col("money_max") - pl.col("money_min"), "the spread is wrong")
    fail(pl.col("uneven") > 0, "the win is not split evenly among the richest seats")
    fail(
        (pl.col("cards_low") != DECK_SIZE) | (pl.col("cards_high") != DECK_SIZE),
        f"the influence deck was not {DECK_SIZE} cards after every turn",
    )
    fail(
        pl.col("hands") + pl.col("pile") + pl.col("discard") != DECK_SIZE,
        f"hands + pile + discard is not {DECK_SIZE} at the end",
    )
    fail(pl.col("hand_max") > limit, f"a hand held more than {limit} cards")
    fail(pl.col("listed") != pl.col("deals"), "deal spaces listed do not match the deal count")
    fail(pl.col("boss_deals") != pl.col("deals"), "a successful deal without a boss")
    fail(pl.col("started") != pl.col("attempts"), "deal attempts do not add up")
    fail(pl.col("started") < pl.col("deals"), "more deals than attempts")
    fail(pl.col("deals") > n, f"more than {n} deals")
    fail(pl.col("end") == 2, "the game hit the turn cap")
    fail((pl.col("end") == 1) != (pl.col("deals") == n), "ended on the last card wrongly")
    fail((pl.col("end") == 0) & (pl.col("faces") == 0), "ended by a die with no faces to roll")
    lo = P * INVESTORS_EACH[P]
    fail(
        (pl.col("investors") < lo) | (pl.col("investors") > N_FAMILIES),
        "investor cards lost or duplicated",
    )
    for k in range(n):
        for j in range(k):
            fail(
                (pl.col(dcols[k]) >= 0) & (pl.col(dcols[k]) == pl.col(dcols[j])),
                "two deals on one space",
            )
