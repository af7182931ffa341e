"""Davos rules: the board, the card data and the variant settings.

Source: shared/seeds/davos.nl.txt (Dutch, English card terms) and the digest
shared/rules/davos.md.  Numbers the rulebook gives are constants here; the card
contents it does not give (goals, bills, party ideologies) are data in
``cards.toml``, which a user can replace with ``--cards FILE``.

Encodings shared by kernel and reference:
  blocs     0 America, 1 Europe, 2 Global South, 3 China (resolved in this order)
  parties   9 fixed seats, bloc-major: America 2, Europe 3, Global South 3, China 1
  slots     corp positions, bloc-major: Base L C R per bloc (12), Mean L C C R (16)
  ideology  0 L, 1 C, 2 R, 3 none (Mean bills without ideology)
  holders   colours 0..colours-1 (a seat's own, or its team's), then the white assets
            (dissidents) at index ``colours``; in the normal mode colour = seat
  goals     requirement kinds 0 sector, 1 corp, 2 corps, 3 party, 4 parties (see cards.toml)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tableodds.sim.core.data import load_toml, seat_policies, table_list, unknown_keys
from tableodds.sim.core.errors import InputError
from tableodds.sim.davos.options import (
    BELIEF,  # noqa: F401 (read as rules.BELIEF)
    BIG_TOKENS,
    CONTROL_OPENS,
    DISSIDENT_PROFIT,
    DISSIDENT_SPECIALTIES,
    GAMES,
    MAX_PLACE,  # noqa: F401 (read as rules.MAX_PLACE)
    MODE_PLAYERS,
    MODES,
    NONE_BILLS,
    PLAYERS,  # noqa: F401 (read as rules.PLAYERS)
    POLICIES,
    TRADE_GAIN,  # noqa: F401 (read as rules.TRADE_GAIN)
)

BLOCS = ("America", "Europe", "Global South", "China")
PARTIES_PER_BLOC = (2, 3, 3, 1)  # the rulebook: "America twee, Europe en GS drie, China één"
PARTY_BLOC = np.repeat(np.arange(4), PARTIES_PER_BLOC).astype(np.int64)
SECTORS = ("Banking", "Energy", "Pharma", "Tech", "Arms", "Food", "Media")
BASE_SECTORS = 4  # Mean Game adds Arms, Food, Media
CORPS_PER_SECTOR = 3  # the rulebook: 4 sectors x 3 corps; Mean 9 more
IDEOLOGIES = ("L", "C", "R", "none")
NONE = 3
START_ASSETS = 5  # the rulebook: "Iedere speler neemt 5 assets"
INCOME = 5  # reset: 5 minus goals revealed so far
GOAL_PRICE = 2  # buy or swap a goal: 2 assets to the bank
FIRST_PASS_BONUS = 1  # the first passer takes 1 asset
EXTRA_TURN_COST = 1  # the last player's extra turns, 1 asset each
DISSIDENTS_UP_TO = 4  # dissidents are placed with <= 4 players (and in the team variant)
SUPER_DISSIDENT_ASSETS = 10  # the rulebook: "De super dissident krijgt ... 10 assets"
YEARS = 3
REQ_KINDS = ("sector", "corp", "corps", "party", "parties")
MAX_REQS = 3
GOAL_SLOTS = 8  # goal cards one seat can hold over a game (3 dealt + 5 bought)
# contest bot: weight of a goal denied to the leader, to another rival, and what one own goal
# is worth in denied goals (block iff weight x goals denied per asset > OWN / own cost); chosen
# from a small grid, 4 players, 1 contest vs 3 goal bots, seed 5: (1, 1, 1) gained the most
# score; (2, 1, 1), (2, 1, 2) and (1, 0, 1) as many wins; (4, 1, 1), (3, 3, 1) and (1, 1, 0) none
CONTEST_WEIGHTS = (1, 1, 1)
BARGAIN_SHARE = 2  # bargain bot: offers at most 1/BARGAIN_SHARE of its profit from a bill

SEAT_COLUMNS = [
    "score",
    "achieved",
    "failed",
    "categories",
    "board",
    "supply",
    "income",
    "gained",
    "paid",
    "lost",
    "won",
]
GAME_COLUMNS = [
    "bills_passed",
    "bankruptcies",
    "actions",
    "dissidents_board",
    "dissidents_placed",
    "dissidents_lost",
]
SLOT_FIELDS = ["goal", "acquired", "discarded", "revealed", "met", "how"]
TEAM_COLUMNS = ["colour"]  # team and dissident modes: the seat's colour (rules.seating)
# Big Game: the seat's victory tokens, control cards bought, held at the end and played
# (reactions included), assets from the Specialty phase and from control actions (gain),
# and the white assets sent home by control actions (a game column)
BIG_COLUMNS = [
    "tokens",
    "controls_bought",
    "controls_held",
    "controls_played",
    "specialty_gained",
    "control_gained",
    "dissidents_home",
]
TOKENS_PER_GOAL = 3  # the rulebook: 1 victory token, then 2 more, on a revealed goal met again
CONTROL_OPEN = 4  # the rulebook: "zodat er weer vier control cards open liggen"
CONTROL_PRICE = 1  # the rulebook: "Betaal 1 asset"
HOW = ("dealt", "reset", "bought")  # slot field "how": dealt at set-up, drawn at a reset, bought
# the record columns (one row per game and seat) and their dtypes, in record order
COLUMNS = {
    name: np.dtype(np.int64 if name == "game" else np.int16)
    for name in (
        ["game", "seat", "policy"]
        + SEAT_COLUMNS
        + GAME_COLUMNS
        + [f"g{i}_{f}" for i in range(GOAL_SLOTS) for f in SLOT_FIELDS]
    )
}


def columns(settings=None) -> dict[str, np.dtype]:
    """The record columns and their dtypes; the team and dissident modes add the seat's
    colour (in those modes board, lost, categories, score and won are the colour's)."""
    out = dict(COLUMNS)
    if settings is not None and settings.mode != "normal":
        out |= {name: np.dtype(np.int16) for name in TEAM_COLUMNS}
    if settings is not None and settings.game == "big":
        out |= {name: np.dtype(np.int16) for name in BIG_COLUMNS}
    return out


def record_columns(rows: np.ndarray, settings=None) -> dict:
    """Rows of int64 values in columns(settings) order -> named numpy columns."""
    return {
        name: rows[:, j].astype(dtype) for j, (name, dtype) in enumerate(columns(settings).items())
    }


def seating(players: int, mode: str) -> tuple[tuple[int, ...], tuple[bool, ...], int]:
    """(colour of every seat, which seats are dissident players, number of player colours).

    Team mates sit diagonally opposite, seat i and i + T for T teams; dissident players
    take the last seat (one) or the last seat of each half (a team of two) and play the
    white assets, colour = the number of player colours."""
    if mode == "normal":
        return tuple(range(players)), (False,) * players, players
    if mode == "team":
        t = players // 2
        return tuple(p % t for p in range(players)), (False,) * players, t
    if players <= 5:  # one dissident; the others play alone
        n = players - 1
        return tuple(range(n)) + (n,), (False,) * n + (True,), n
    if players == 7:  # one super dissident; the others in teams
        return tuple(p % 3 for p in range(6)) + (3,), (False,) * 6 + (True,), 3
    t = players // 2  # a dissident team of two; the others in teams
    n = t - 1
    colour = tuple(n if p % t == n else p % t for p in range(players))
    return colour, tuple(c == n for c in colour), n


POLICY_CODES = {name: i for i, name in enumerate(POLICIES)}


def slot_layout(game: str) -> tuple[np.ndarray, np.ndarray]:
    """(bloc, ideology) of every corp position on the board side the game uses."""
    per_bloc = (0, 1, 2) if game == "base" else (0, 1, 1, 2)  # Mean: two C positions
    bloc = np.repeat(np.arange(4), len(per_bloc)).astype(np.int64)
    ideo = np.tile(np.array(per_bloc), 4).astype(np.int64)
    return bloc, ideo


@dataclass(frozen=True)
class Goal:
    name: str
    category: str
    requires: tuple[tuple[int, int], ...]  # (kind, sector or bloc)
    mean: bool = False

    def requirement_text(self) -> str:
        return " + ".join(
            f"{REQ_KINDS[k]}:{SECTORS[a] if k == 0 else BLOCS[a]}" for k, a in self.requires
        )


@dataclass(frozen=True)
class Bill:
    name: str
    ideology: int
    target: int  # -1 every corp, else a sector
    own: tuple[int, int]  # (biggest, stakeholder) in the bill's bloc; < 0 is a loss
    other: tuple[int, int]
    mean: bool = False
    # the effect when rejected (bills without ideology only; (0, 0) is none)
    rejected_own: tuple[int, int] = (0, 0)
    rejected_other: tuple[int, int] = (0, 0)


# Big Game control cards (seed "Soorten control cards"): a domain on top, an action below.
# Domains: sector:S (all corps of a sector together), bloc:B (corps and parties of a bloc
# together), party:I (all parties of ideology I, worldwide).  Sector cards carry one of
# SECTOR_ACTIONS, bloc and party cards one of BLOC_ACTIONS, in the rulebook's order.
DOMAIN_KINDS = ("sector", "bloc", "party")
SECTOR_ACTIONS = {
    "fail_to_party": "a corp goes bankrupt and all its assets move to one party",
    "corp_to_party": "any number of one holder's assets move from a corp to a party",
    "party_to_party": "any number of one holder's assets move from a party to another party",
    "party_home": "all assets in a party go back to their owners' supplies",
    "gain": "one player takes 2 assets",
    "block": "reaction: a control card just played has no effect",
    "copy": "reaction: the player also uses a control card just played",
}
BLOC_ACTIONS = {
    "swap_card": "this control card is swapped with one of another player's",
    "party_to_corp": "any number of one holder's assets move from a party to a corp",
    "fail_to_corp": "a corp goes bankrupt and all its assets move to another corp",
    "party_merge": "all assets of a party move to another party",
    "swap_corps": "two corps on the board change places, with their assets",
    "fail_home": "a corp goes bankrupt and its assets go back to their owners' supplies",
    "fail_to_new": "a corp goes bankrupt and its assets move to a new corp, taken and laid "
    "by the usual rules",
    "replace_bill": "the top bill of the deck replaces a bill on the board",
}
CONTROL_ACTIONS = tuple(SECTOR_ACTIONS) + tuple(BLOC_ACTIONS)
# member cards' "Big" side and the start player card's: a sector (every corp of it) or the
# C-corps of a bloc (seed "Fase Specialty")
SPECIALTY_KINDS = ("sector", "ccorp")
NO_SPECIALTY = (-1, -1)  # a dissident player's member card (the rulebook gives it no specialty)


@dataclass(frozen=True)
class Control:
    name: str
    domain: tuple[int, int]  # (DOMAIN_KINDS index, sector / bloc / ideology)
    action: int  # CONTROL_ACTIONS index

    def text(self) -> str:
        k, a = self.domain
        where = (SECTORS, BLOCS, IDEOLOGIES)[k][a]
        return f"{DOMAIN_KINDS[k]}:{where} / {CONTROL_ACTIONS[self.action]}"


@dataclass(frozen=True)
class Cards:
    goals: tuple[Goal, ...]
    bills: tuple[Bill, ...]
    party_ideology: tuple[int, ...]  # per party seat, bloc-major
    # Big Game: the control deck, the member cards' specialties (seat order) and the start
    # player card's, each (SPECIALTY_KINDS index, sector or bloc); empty in a file without [big]
    controls: tuple[Control, ...] = ()
    specialties: tuple[tuple[int, int], ...] = ()
    start_specialty: tuple[int, int] | None = None


def _where(where: str, kind: str, i: int, card: dict) -> str:
    name = card.get("name") if isinstance(card, dict) else None
    return f"{where}: {kind} {i}" + (f" ({name!r})" if isinstance(name, str) else "")


def _cards(data: dict, key: str, where: str, kind: str) -> list[tuple[str, dict]]:
    """The cards file's list ``key``, each card with the words that name it in a message."""
    raw = data.get(key)
    if not isinstance(raw, list) or not raw:
        raise InputError(f"{where}: needs a non-empty {key} list")
    return [(_where(where, kind, i, card), card) for i, card in enumerate(raw, start=1)]


def _requirement(text, w: str) -> tuple[int, int]:
    if not isinstance(text, str) or ":" not in text:
        raise InputError(f"{w}: requirement {text!r} must read KIND:WHERE, e.g. sector:Pharma")
    kind, _, arg = text.partition(":")
    kind, arg = kind.strip(), arg.strip()
    if kind not in REQ_KINDS:
        raise InputError(f"{w}: requirement kind {kind!r} is not one of {', '.join(REQ_KINDS)}")
    names = SECTORS if kind == "sector" else BLOCS
    if arg not in names:
        raise InputError(f"{w}: {kind} needs one of {', '.join(names)}, not {arg!r}")
    return REQ_KINDS.index(kind), names.index(arg)


def _pair(value, key: str, w: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    ):
        raise InputError(f"{w}: {key} must be [biggest, stakeholder] integers, got {value!r}")
    if not all(-9 <= x <= 9 for x in value):
        raise InputError(f"{w}: {key} values must lie in -9..9, got {value!r}")
    return value[0], value[1]


def _check_keys(card, allowed: set, w: str) -> None:
    if not isinstance(card, dict):
        raise InputError(f"{w}: must be a table")
    unknown_keys(card, allowed, w)
    if not isinstance(card.get("name"), str) or not card["name"].strip():
        raise InputError(f"{w}: name must be a non-empty string")
    if not isinstance(card.get("mean", False), bool):
        raise InputError(f"{w}: mean must be true or false")


def _named(text, kinds, w: str, what: str, example: str) -> tuple[int, int]:
    """KIND:WHERE of a domain or specialty -> (kind index, sector / bloc / ideology index)."""
    if not isinstance(text, str) or ":" not in text:
        raise InputError(f"{w}: {what} {text!r} must read KIND:WHERE, e.g. {example}")
    kind, _, arg = (x.strip() for x in text.partition(":"))
    if kind not in kinds:
        raise InputError(f"{w}: {what} kind {kind!r} is not one of {', '.join(kinds)}")
    names = {"sector": SECTORS, "bloc": BLOCS, "ccorp": BLOCS, "party": IDEOLOGIES[:3]}[kind]
    if arg not in names:
        raise InputError(f"{w}: {what} {kind} needs one of {', '.join(names)}, not {arg!r}")
    return kinds.index(kind), names.index(arg)


def _load_big(big, where: str) -> dict:
    """The [big] table: member-card specialties, the start player card's, the control deck."""
    w = f"{where}: [big]"
    unknown_keys(big, ("specialties", "start_specialty", "controls"), w)
    spec = big.get("specialties")
    if not isinstance(spec, list) or not 2 <= len(spec) <= 8:
        raise InputError(f"{w}: specialties must list 2 to 8 member cards, one per seat")
    specialties = tuple(
        _named(x, SPECIALTY_KINDS, f"{w} member card {i}", "specialty", "sector:Pharma")
        for i, x in enumerate(spec, start=1)
    )
    start = _named(
        big.get("start_specialty"), SPECIALTY_KINDS, w, "start_specialty", "ccorp:Europe"
    )
    controls = []
    for cw, card in _cards(big, "controls", w, "control card"):
        if not isinstance(card, dict):
            raise InputError(f"{cw}: must be a table")
        unknown_keys(card, ("name", "domain", "action"), cw)
        if not isinstance(card.get("name"), str) or not card["name"].strip():
            raise InputError(f"{cw}: name must be a non-empty string")
        domain = _named(card.get("domain"), DOMAIN_KINDS, cw, "domain", "sector:Tech")
        action = card.get("action")
        allowed = SECTOR_ACTIONS if domain[0] == 0 else BLOC_ACTIONS
        if action not in allowed:
            kind = "a sector card" if domain[0] == 0 else "a bloc or party card"
            raise InputError(
                f"{cw}: action {action!r} is not one of {kind}'s: {', '.join(allowed)}"
            )
        if any(c.name == card["name"] for c in controls):
            raise InputError(f"{cw}: the control card name {card['name']!r} is listed twice")
        controls.append(Control(card["name"], domain, CONTROL_ACTIONS.index(action)))
    return dict(controls=tuple(controls), specialties=specialties, start_specialty=start)


def load_cards(path: Path | None = None) -> Cards:
    """Read and validate a card file; the packaged ``cards.toml`` when ``path`` is None."""
    data, where = load_toml(path, "tableodds.sim.davos", "cards.toml")
    unknown_keys(data, ("parties", "goals", "bills", "big"), where)

    parties = data.get("parties")
    if not isinstance(parties, dict) or set(parties) != set(BLOCS):
        raise InputError(f"{where}: [parties] must give the ideologies of {', '.join(BLOCS)}")
    ideology = []
    for b, n in zip(BLOCS, PARTIES_PER_BLOC):
        ideos = parties[b]
        if (
            not isinstance(ideos, list)
            or len(ideos) != n
            or not all(x in IDEOLOGIES[:3] for x in ideos)
        ):
            raise InputError(
                f"{where}: parties.{b} must list {n} ideologies out of L, C, R, got {ideos!r}"
            )
        ideology += [IDEOLOGIES.index(x) for x in ideos]

    goals = []
    for w, card in _cards(data, "goals", where, "goal"):
        _check_keys(card, {"name", "category", "requires", "mean"}, w)
        if not isinstance(card.get("category"), str) or not card["category"].strip():
            raise InputError(f"{w}: category must be a non-empty string")
        req = card.get("requires")
        if not isinstance(req, list) or not 1 <= len(req) <= MAX_REQS:
            raise InputError(f"{w}: requires must list 1 to {MAX_REQS} requirements")
        reqs = tuple(_requirement(r, w) for r in req)
        if len(set(reqs)) != len(reqs):
            raise InputError(f"{w}: a requirement is listed twice")
        if any(g.name == card["name"] for g in goals):
            raise InputError(f"{w}: the goal name {card['name']!r} is listed twice")
        goals.append(Goal(card["name"], card["category"], reqs, card.get("mean", False)))

    bills = []
    for w, card in _cards(data, "bills", where, "bill"):
        _check_keys(
            card,
            {
                "name",
                "ideology",
                "target",
                "own",
                "other",
                "mean",
                "rejected_own",
                "rejected_other",
            },
            w,
        )
        ideo = card.get("ideology")
        if ideo not in IDEOLOGIES:
            raise InputError(f"{w}: ideology must be L, C, R or none, got {ideo!r}")
        rejected = {k: card[k] for k in ("rejected_own", "rejected_other") if k in card}
        if rejected and ideo != "none":
            raise InputError(
                f"{w}: {next(iter(rejected))} is only for bills without ideology (ideology = none)"
            )
        target = card.get("target")
        if target != "all" and target not in SECTORS:
            raise InputError(
                f"{w}: target must be 'all' or a sector ({', '.join(SECTORS)}), got {target!r}"
            )
        bills.append(
            Bill(
                card["name"],
                IDEOLOGIES.index(ideo),
                -1 if target == "all" else SECTORS.index(target),
                _pair(card.get("own"), "own", w),
                _pair(card.get("other"), "other", w),
                card.get("mean", False),
                *(
                    _pair(rejected[k], k, w) if k in rejected else (0, 0)
                    for k in ("rejected_own", "rejected_other")
                ),
            )
        )
    big = _load_big(data["big"], where) if "big" in data else {}
    return Cards(tuple(goals), tuple(bills), tuple(ideology), **big)


def most_assets(cards: Cards, game: str, players: int, mode: str = "normal") -> int:
    """The most assets a game of ``players`` can put in play, all colours (the white ones
    too) together: a bound on the assets of any one colour (a profit may be paid in
    another colour's assets, "Onderhandelen") and on the dissidents in one party.

    What the rules hand out: every seat's assets at set-up and at each reset (START_ASSETS,
    the super dissident SUPER_DISSIDENT_ASSETS; reset income only falls with revealed goals),
    the white assets placed at set-up and each reset (one in a party and one in a corp per
    bloc), the first passer's asset in each Turns phase and in the Final, and per bill (one
    per bloc a year) on every corp position of the board the card's largest gain to the
    biggest and to every other holder; the Big Game adds the Specialty phase's asset per
    corp each year for a member card and for the start player card, and 2 assets for each
    ``gain`` (or ``copy``) control card played, each card at most once a year."""
    super_dissident = mode == "dissident" and players == 7
    income = START_ASSETS * players + (SUPER_DISSIDENT_ASSETS - START_ASSETS) * super_dissident
    white = 2 * len(BLOCS)
    passes = (YEARS + 1) * FIRST_PASS_BONUS
    slots = len(slot_layout(game)[0])
    in_play = [b for b in cards.bills if game != "base" or not b.mean]
    effects = [e for b in in_play for e in (b.own, b.other, b.rejected_own, b.rejected_other)] or [
        (0, 0)
    ]
    biggest = max(0, *(e[0] for e in effects))
    stakeholder = max(0, *(e[1] for e in effects))
    per_bill = slots * (biggest + players * stakeholder)  # a biggest and every other holder
    bills = YEARS * len(BLOCS) * per_bill
    big = 0
    if game == "big":
        gains = sum(CONTROL_ACTIONS[c.action] in ("gain", "copy") for c in cards.controls)
        big = YEARS * (2 * slots + 2 * gains)
    return YEARS * (income + white) + passes + bills + big


@dataclass(frozen=True)
class Settings:
    """Everything one simulation needs; built by :func:`make_settings`."""

    players: int
    game: str  # "base" or "mean"
    policies: tuple[str, ...]
    goals: tuple[Goal, ...]  # the cards in play; goal id = index here
    bills: tuple[Bill, ...]
    party_ideology: tuple[int, ...]
    dissidents: bool  # placed at set-up and reset (<= 4 players, and the team variant)
    none_bills: str = "split"  # see NONE_BILLS
    mode: str = "normal"  # see MODES
    # the Big Game only: the control deck, specialties (seat order, then the start player
    # card's), which open cards may be bought (CONTROL_OPENS), when tokens are laid (BIG_TOKENS)
    controls: tuple[Control, ...] = ()
    specialties: tuple[tuple[int, int], ...] = ()
    control_open: str = "four"
    big_tokens: str = "final"
    dissident_profit: str = "none"  # see DISSIDENT_PROFIT (the dissident variant only)
    dissident_specialty: str = "none"  # see DISSIDENT_SPECIALTIES (Big Game, dissident variant)

    @property
    def profit_colours(self) -> int:
        """Colours whose assets take bill profits: the first ``profit_colours`` (the white
        assets are colour ``colours``)."""
        diss = self.mode == "dissident" and self.dissident_profit == "take"
        return self.colours + 1 if diss else self.colours

    @property
    def colour(self) -> tuple[int, ...]:
        return seating(self.players, self.mode)[0]

    @property
    def dissident_seats(self) -> tuple[bool, ...]:
        return seating(self.players, self.mode)[1]

    @property
    def colours(self) -> int:
        """Player colours on the board, the white assets not counted."""
        return seating(self.players, self.mode)[2]

    @property
    def start_assets(self) -> tuple[int, ...]:
        """Assets at set-up and the income before revealed goals, per seat."""
        big = SUPER_DISSIDENT_ASSETS if self.mode == "dissident" and self.players == 7 else 0
        return tuple(big if d and big else START_ASSETS for d in self.dissident_seats)

    @property
    def sectors(self) -> int:
        return BASE_SECTORS if self.game == "base" else len(SECTORS)

    @property
    def categories(self) -> tuple[str, ...]:
        return tuple(sorted({g.category for g in self.goals}))

    def describe(self) -> dict:
        out = {
            "players": self.players,
            "game": self.game,
            "policies": list(self.policies),
            "goals": len(self.goals),
            "bills": len(self.bills),
            "parties": {
                b: [IDEOLOGIES[self.party_ideology[p]] for p in range(9) if PARTY_BLOC[p] == i]
                for i, b in enumerate(BLOCS)
            },
            "dissidents": self.dissidents,
            "none_bills": self.none_bills,
        } | (
            {}
            if self.mode == "normal"
            else {
                "mode": self.mode,
                "colours": list(self.colour),
                "dissident_seats": [p for p, d in enumerate(self.dissident_seats) if d],
            }
            | ({"dissident_profit": self.dissident_profit} if self.mode == "dissident" else {})
        )
        if self.game == "big":
            out |= {"control_open": self.control_open, "big_tokens": self.big_tokens}
            if self.mode == "dissident":
                out["dissident_specialty"] = self.dissident_specialty
        return out

    def rejected_effects(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """(own, other) of every bill when rejected: none for L/C/R bills; for bills without
        ideology the card's rejected effect ("split") or its passed effect ("same")."""
        return [self.rejected(b) for b in self.bills]

    def rejected(self, b: Bill) -> tuple[tuple[int, int], tuple[int, int]]:
        if b.ideology != NONE:
            return (0, 0), (0, 0)
        if self.none_bills == "same":
            return b.own, b.other
        return b.rejected_own, b.rejected_other


def make_settings(
    players: int,
    game: str = "base",
    policies=None,
    cards_file: Path | None = None,
    cards: Cards | None = None,
    none_bills: str = "split",
    mode: str = "normal",
    control_open: str = "four",
    big_tokens: str = "final",
    dissident_profit: str = "none",
    dissident_specialty: str = "none",
) -> Settings:
    """Validate user choices and build the frozen settings."""
    if none_bills not in NONE_BILLS:
        raise InputError(f"--none-bills must be split or same, not {none_bills!r}")
    if dissident_profit not in DISSIDENT_PROFIT:
        raise InputError(f"--dissident-profit must be none or take, not {dissident_profit!r}")
    if dissident_profit != "none" and mode != "dissident":
        raise InputError("--dissident-profit take is for the dissident variant (--mode dissident)")
    if mode not in MODES:
        raise InputError(f"--mode must be one of {', '.join(MODES)}, not {mode!r}")
    counts = MODE_PLAYERS[mode]
    if players not in counts:
        span = "2-5" if mode == "normal" else ("4, 6 or 8" if mode == "team" else "3-8")
        what = "Davos" if mode == "normal" else f"The {mode} variant of Davos"
        raise InputError(f"{what} is for {span} players, not {players}")
    if game not in GAMES:
        raise InputError(f"--game must be base, mean or big, not {game!r}")
    if control_open not in CONTROL_OPENS:
        raise InputError(f"--control-open must be four or three, not {control_open!r}")
    if big_tokens not in BIG_TOKENS:
        raise InputError(f"--big-tokens must be final or goals, not {big_tokens!r}")
    if dissident_specialty not in DISSIDENT_SPECIALTIES:
        raise InputError(f"--dissident-specialty must be none or card, not {dissident_specialty!r}")
    if dissident_specialty != "none" and (game != "big" or mode != "dissident"):
        raise InputError(
            "--dissident-specialty card is for the Big Game's dissident variant "
            "(--game big --mode dissident)"
        )
    cards = cards if cards is not None else load_cards(cards_file)
    big = {}
    if game == "big":
        if not cards.controls:
            raise InputError("the Big Game needs a [big] table with control cards in the card file")
        if len(cards.specialties) < players:
            raise InputError(
                f"the Big Game needs a member card specialty per seat ({players}), "
                f"the cards have {len(cards.specialties)}"
            )
        # a dissident player's member card: no specialty, or its seat's (DISSIDENT_SPECIALTIES)
        seats = seating(players, mode)[1]
        card = dissident_specialty == "card"
        own = tuple(NO_SPECIALTY if d and not card else s for s, d in zip(cards.specialties, seats))
        big = dict(
            controls=cards.controls,
            specialties=own + (cards.start_specialty,),
            control_open=control_open,
            big_tokens=big_tokens,
        )
    mean = game != "base"
    goals = tuple(g for g in cards.goals if mean or not g.mean)
    bills = tuple(b for b in cards.bills if mean or not b.mean)
    sectors = BASE_SECTORS if not mean else len(SECTORS)
    for g in goals:
        for k, a in g.requires:
            if k == 0 and a >= sectors:
                raise InputError(
                    f"goal {g.name!r} needs sector {SECTORS[a]}, which is only in "
                    "the Mean Game: mark it mean = true"
                )
    for b in bills:
        if b.target >= sectors:
            raise InputError(
                f"bill {b.name!r} targets {SECTORS[b.target]}, which is only in "
                "the Mean Game: mark it mean = true"
            )
        if b.ideology == NONE and not mean:
            raise InputError(
                f"bill {b.name!r} has no ideology, which only the Mean Game has: "
                "mark it mean = true"
            )
    if len(bills) < 4 * YEARS:
        raise InputError(
            f"the {game} game needs at least {4 * YEARS} bills, the cards have {len(bills)}"
        )
    if len(goals) < players + 2:
        raise InputError(
            f"the {game} game needs at least {players + 2} goals for {players} "
            f"players, the cards have {len(goals)}"
        )
    policies = seat_policies(policies, players, POLICIES, "random")
    return Settings(
        players=players,
        game=game,
        policies=policies,
        goals=goals,
        bills=bills,
        party_ideology=cards.party_ideology,
        dissidents=mode == "team" or (mode == "normal" and players <= DISSIDENTS_UP_TO),
        none_bills=none_bills,
        mode=mode,
        **big,
        dissident_profit=dissident_profit,
        dissident_specialty=dissident_specialty,
    )


def check(frame, settings: Settings) -> None:
    """The rules every record must satisfy; raises AssertionError naming the first broken one."""
    import polars as pl

    P = settings.players
    f = frame

    def ensure(mask: pl.Series, what: str) -> None:
        bad = f.filter(~mask)
        assert bad.height == 0, f"{what}: game {bad['game'][0]}, seat {bad['seat'][0]}"

    i = pl.Int64
    diss = settings.mode == "dissident"
    big = settings.game == "big"
    white = settings.colours
    if "colour" not in f.columns:
        f = f.with_columns(pl.col("seat").cast(pl.Int16).alias("colour"))
    ensure(f["categories"] <= len(settings.categories), "more categories than exist")
    # per colour (a seat, a team, the dissident players): board, lost, categories, score and won
    # are the colour's; every asset a colour owns came from income or bill gains and went to
    # the board, its seats' supplies, the bank (goal buys, extra turns) or off a corp
    side = f.group_by("game", "colour").agg(
        pl.len().alias("n"),
        *[pl.col(c).n_unique().alias(f"u_{c}") for c in ("board", "lost", "categories", "score")],
        pl.col("won").n_unique().alias("u_won"),
        *[pl.col(c).cast(i).sum().alias(c) for c in ("supply", "income", "gained", "paid")],
        *[pl.col(c).first().cast(i).alias(c) for c in ("board", "lost", "categories", "score")],
        pl.col("won").first().cast(i).alias("won"),
        pl.col("achieved").cast(i).sum().alias("a"),
        pl.col("failed").cast(i).sum().alias("f"),
        pl.col("dissidents_board").first().cast(i).alias("db"),
        pl.col("dissidents_lost").first().cast(i).alias("dl"),
        (pl.col("tokens").cast(i).sum() if big else pl.lit(0, i)).alias("tok"),
    )
    failed_others = (
        f.filter(pl.col("colour") != white)
        .group_by("game")
        .agg(pl.col("failed").cast(i).sum().alias("fo"))
    )
    side = side.join(failed_others, on="game", how="left").with_columns(pl.col("fo").fill_null(0))

    def side_ok(mask, what: str) -> None:
        bad = side.filter(~mask)
        assert bad.height == 0, f"{what}: game {bad['game'][0]}, colour {bad['colour'][0]}"

    c = pl.col
    side_ok(
        (c("u_board") == 1) & (c("u_lost") == 1) & (c("u_categories") == 1) & (c("u_score") == 1),
        "a colour's seats disagree on its board, losses, categories or score",
    )
    side_ok(c("u_won") == 1, "one seat of a colour won and another did not")
    side_ok(
        c("supply") + c("board") == c("income") + c("gained") - c("paid") - c("lost"),
        "seat assets not conserved",
    )
    ensure(f["supply"] == 0, "assets left after the Final")
    is_white = c("colour") == white
    if diss:
        side_ok(
            ~is_white | ((c("board") == c("db")) & (c("lost") == c("dl"))),
            "the dissident players' board is not the white assets",
        )
        side_ok(((c("a") + c("f")) == 0) | ~is_white, "a dissident player holds goals")
        side_ok(
            is_white | (c("score") == c("a") + c("categories") + c("tok")),
            "score is not achieved + categories (+ victory tokens; failed goals go to the "
            "dissidents)",
        )
        side_ok(
            ~is_white | (c("score") == c("fo") + c("categories")),
            "dissident score is not the others' failed goals + their categories",
        )
        side_ok(
            c("categories") <= pl.when(is_white).then(c("fo")).otherwise(c("a")),
            "more categories than achieved goals",
        )
    else:
        side_ok(
            c("score") == c("a") + c("categories") - c("f") + c("tok"),
            "score is not achieved + categories - failed (+ victory tokens)",
        )
        side_ok(c("categories") <= c("a"), "more categories than achieved goals")
    if diss:
        ensure(f["dissidents_placed"] == 0, "white assets placed automatically")
    else:
        home = f["dissidents_home"].cast(i) if big else 0  # sent home by control actions
        ensure(
            f["dissidents_board"].cast(i)
            == f["dissidents_placed"].cast(i) - f["dissidents_lost"] - home,
            "dissidents not conserved",
        )
    if not settings.dissidents:
        ensure(f["dissidents_placed"] == 0, "dissidents placed without the rule that places them")
    held = pl.lit(0, i)
    for k in range(GOAL_SLOTS):
        g = f"g{k}_"
        used = f[g + "goal"] >= 0
        ensure(used | (f[g + "acquired"] == 0), "empty goal slot with data")
        ensure(
            ~used | ((f[g + "goal"] < len(settings.goals)) & f[g + "acquired"].is_between(1, 3)),
            "goal slot out of range",
        )
        ensure(
            ~used | (f[g + "how"] == 2) | ((f[g + "how"] == 0) == (f[g + "acquired"] == 1)),
            "a goal dealt at set-up after year 1, or drawn at a reset in year 1",
        )
        ensure(~used | f[g + "how"].is_between(0, 2), "goal acquisition out of range")
        if k == 0:
            ensure(~used | (f[g + "how"] == 0), "first goal not dealt at set-up")
        if diss:
            ensure(f[g + "discarded"] == 0, "a goal swapped in the dissident variant")
        ensure(
            (f[g + "discarded"] == 0) | (f[g + "discarded"] >= f[g + "acquired"]),
            "goal laid off before it was taken",
        )
        ensure((f[g + "revealed"] == 0) | (f[g + "discarded"] == 0), "revealed goal laid off")
        ensure((f[g + "revealed"] == 0) | (f[g + "revealed"] < 3), "goal revealed in year 3")
        held = held + (used & (f[g + "discarded"] == 0)).cast(i)
    ensure(
        f.select(held == f["achieved"].cast(i) + f["failed"]).to_series(),
        "achieved + failed is not the goals held",
    )
    if big:
        revealed = sum((f[f"g{k}_revealed"] > 0).cast(i) for k in range(GOAL_SLOTS))
        ensure(
            f["tokens"].cast(i) <= TOKENS_PER_GOAL * revealed,
            "more victory tokens than 3 per revealed goal",
        )
        ensure(f["controls_held"] == f["controls_bought"], "control cards held != bought")
        games = f.group_by("game").agg(
            pl.col("controls_bought").cast(i).sum().alias("b"),
            pl.col("controls_played").cast(i).sum().alias("n"),
            pl.col("dissidents_home").n_unique().alias("u"),
        )
        bad = games.filter(
            (c("b") > len(settings.controls)) | (c("n") > YEARS * c("b")) | (c("u") != 1)
        )
        assert bad.height == 0, f"control card counts broken: game {bad['game'][0]}"
    per_game = side.group_by("game").agg(pl.col("n").sum(), pl.col("won").sum().alias("w"))
    bad = per_game.filter((pl.col("n") != P) | (pl.col("w") != 1))
    assert bad.height == 0, f"not one winner (colour) and {P} seats: game {bad['game'][0]}"


def load_parliament(path: Path) -> dict:
    """Read and validate a parliament file (see ``tableodds davos vote --help``)."""
    data, _ = load_toml(Path(path))
    unknown_keys(data, ("bill", "wishes", "parties"), str(path))
    bill = data.get("bill")
    if bill not in IDEOLOGIES:
        raise InputError(f"{path}: bill must be the bill's ideology L, C, R or none, got {bill!r}")
    wishes = data.get("wishes", {})
    if not isinstance(wishes, dict):
        raise InputError(f'{path}: [wishes] must be a table like {{ red = "for" }}')
    for who, w in wishes.items():
        if w not in ("for", "against"):
            raise InputError(f'{path}: wishes.{who} must be "for" or "against", got {w!r}')
    # a vote is one bloc's: its parliament has at most the largest bloc's parties
    most = max(PARTIES_PER_BLOC)
    parties = table_list(data.get("parties"), path, "parties", item="party")
    if len(parties) > most:
        raise InputError(
            f"{path}: {len(parties)} [[parties]]; a vote is one bloc's, of at most {most} parties"
        )
    # no party holds more assets, white or a player's, than the largest game puts in play
    cards = load_cards()
    most, players, game = max(
        (most_assets(cards, game, n, mode), n, game)
        for game in GAMES
        for mode, counts in MODE_PLAYERS.items()
        for n in counts
    )
    largest = f"{players} players, the {game.capitalize()} Game"
    out = []
    for i, party in enumerate(parties, start=1):
        w = f"{path}: party {i}"
        unknown_keys(party, ("name", "ideology", "dissidents", "assets"), w)
        name = party.get("name", f"party {i}")
        if not isinstance(name, str):
            raise InputError(f"{w}: name must be a string")
        if party.get("ideology") not in IDEOLOGIES[:3]:
            raise InputError(f"{w}: ideology must be L, C or R, got {party.get('ideology')!r}")
        diss = party.get("dissidents", 0)
        if not isinstance(diss, int) or isinstance(diss, bool) or diss < 0:
            raise InputError(f"{w}: dissidents must be a non-negative integer, got {diss!r}")
        if diss > most:
            raise InputError(
                f"{w}: {diss} dissidents, but a game of Davos puts at most {most} assets in "
                f"play ({largest})"
            )
        assets = party.get("assets", {})
        if not isinstance(assets, dict):
            raise InputError(f"{w}: assets must be a table like {{ red = 2, blue = 1 }}")
        for who, n in assets.items():
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InputError(f"{w}: assets.{who} must be a non-negative integer, got {n!r}")
            if n > most:
                raise InputError(
                    f"{w}: assets.{who} = {n}, but a game of Davos puts at most {most} assets "
                    f"in play ({largest})"
                )
            if n > 0 and who not in wishes:
                raise InputError(f"{w}: {who} holds assets but has no entry in [wishes]")
            if who.lower() == "dissidents":
                raise InputError(f"{w}: give the white assets as dissidents = N, not in assets")
        if any(p["name"] == name for p in out):
            raise InputError(f"{w}: the party name {name!r} is listed twice")
        out.append(
            {
                "name": name,
                "ideology": party["ideology"],
                "dissidents": diss,
                "assets": {k: v for k, v in assets.items()},
            }
        )
    return {"bill": bill, "wishes": wishes, "parties": out}
