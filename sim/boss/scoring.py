"""Score an I'm the Boss! game: money per player, most money wins.

Give each player's money, or a deal log to replay, or both (then they must
agree).  A deal pays dividends on its board space x the value on its deal card
(#1-#15) to the boss, who pays every agreed share to the other players and keeps
the rest.  Spaces and card values come from the board data file: the packaged
defaults, or ``cards = FILE``.
"""

from __future__ import annotations

from pathlib import Path

from tableodds.sim.boss.options import PLAYERS
from tableodds.sim.boss.rules import load_cards
from tableodds.sim.core.data import unknown_keys
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.scoring import PlayerScore, Scores, need, read_toml, unique_names

TEMPLATE = """\
# I'm the Boss! scoring: money per player, or the deals to replay (or both).
# Spaces are numbered 1-16 and deal cards #1-#15, as in the board data file.
# cards = "my-board.toml"
players = ["Anna", "Bo", "Cai", "Dee"]

# money = { Anna = 12, Bo = 9, Cai = 4, Dee = 7 }   # optional: checked against the deals

[[deals]]
deal = 1            # the deal card's number: its value is the money per dividend
space = 1           # the board space: its dividends
boss = "Anna"
shares = { Bo = 1 } # what the boss agreed to pay each partner

[[deals]]
deal = 2
space = 4
boss = "Cai"
shares = { Dee = 1, Anna = 1 }

[[deals]]
deal = 3
space = 3
boss = "Bo"
shares = { Anna = 3, Cai = 2, Dee = 2 }
"""


def load(path: Path) -> dict:
    path = Path(path)
    data = read_toml(path)
    unknown_keys(data, ("cards", "players", "money", "deals"), "record")
    board = load_cards(
        (path.parent / need(data, "cards", "record", str)).resolve() if "cards" in data else None
    )
    names = need(data, "players", "record", list)
    if not all(isinstance(n, str) for n in names):
        raise InputError("record.players must be a list of names")
    if len(names) not in PLAYERS:
        raise InputError(
            f"I'm the Boss! is for {PLAYERS.start}-{PLAYERS.stop - 1} players, "
            f"the record lists {len(names)}"
        )
    unique_names(names, "record.players")
    money = need(data, "money", "record", dict, default={})
    for n in money:
        if n not in names:
            raise InputError(f"money.{n}: not a player")
        if need(money, n, "money", int) < 0:
            raise InputError(f"money.{n} cannot be negative")
    deals, used, spaces = [], set(), {}
    for i, d in enumerate(need(data, "deals", "record", list, default=[]), start=1):
        w = f"deals[{i}]"
        if not isinstance(d, dict):
            raise InputError(f"{w} must be a table")
        unknown_keys(d, ("deal", "space", "boss", "shares"), w)
        number = need(d, "deal", w, int)
        if not 1 <= number <= len(board.values):
            raise InputError(f"{w}.deal = {number}: deal cards are #1-#{len(board.values)}")
        if number in used:
            raise InputError(f"{w}.deal = {number}: that deal card was already used")
        used.add(number)
        space = need(d, "space", w, int)
        if not 1 <= space <= len(board.spaces):
            raise InputError(f"{w}.space = {space}: the board has spaces 1-{len(board.spaces)}")
        if space in spaces:
            raise InputError(
                f"{w}.space = {space}: deals[{spaces[space]}] already covered that space "
                "with its deal card"
            )
        spaces[space] = i
        boss = need(d, "boss", w, str)
        if boss not in names:
            raise InputError(f"{w}.boss = {boss!r}: not a player")
        shares = need(d, "shares", w, dict, default={})
        payout = board.spaces[space - 1].dividends * board.values[number - 1]
        for n in shares:
            if n not in names or n == boss:
                raise InputError(f"{w}.shares.{n}: not a partner of {boss} in this deal")
            if need(shares, n, f"{w}.shares", int) < 0:
                raise InputError(f"{w}.shares.{n} cannot be negative")
        if sum(shares.values()) > payout:
            raise InputError(
                f"{w}: shares add up to {sum(shares.values())} but the deal pays "
                f"{payout} ({board.spaces[space - 1].dividends} dividends x "
                f"{board.values[number - 1]})"
            )
        deals.append(
            {"deal": number, "space": space, "boss": boss, "shares": shares, "payout": payout}
        )
    _in_stack_order([d["deal"] for d in deals], len(board.values))
    if not deals and set(money) != set(names):
        missing = next(n for n in names if n not in money)
        raise InputError(f"money.{missing} is missing (or give the deals to replay)")
    return {"players": names, "money": money, "deals": deals}


def _in_stack_order(numbers: list[int], cards: int) -> None:
    """Deal cards come off the stack from #1 down; the short game removes #3, #6 and #9."""
    orders = [list(range(1, cards + 1))]
    orders.append([c for c in orders[0] if c not in (3, 6, 9)])  # the short game
    for k, number in enumerate(numbers):
        fits = [o for o in orders if o[:k] == numbers[:k] and k < len(o)]
        if not any(o[k] == number for o in fits):
            want = " or ".join(dict.fromkeys(f"#{o[k]}" for o in fits))
            raise InputError(
                f"deals[{k + 1}].deal = {number}: deal cards are taken from the top of the "
                f"stack in order (the short game skips #3, #6 and #9), so deal {k + 1} uses "
                f"card {want}"
            )


def score(record: dict) -> Scores:
    names = record["players"]
    if not record["deals"]:
        rows = [PlayerScore(n, {"money": record["money"][n]}, record["money"][n]) for n in names]
        return Scores("boss", tuple(rows))
    kept = {n: 0 for n in names}
    received = {n: 0 for n in names}
    for d in record["deals"]:
        kept[d["boss"]] += d["payout"] - sum(d["shares"].values())
        for n, v in d["shares"].items():
            received[n] += v
    rows = []
    for n in names:
        total = kept[n] + received[n]
        stated = record["money"].get(n)
        if stated is not None and stated != total:
            raise InputError(f"money.{n} = {stated}, but the deals give {n} {total}")
        rows.append(PlayerScore(n, {"as boss": kept[n], "as partner": received[n]}, total))
    notes = (f"replayed {len(record['deals'])} deals",)
    return Scores("boss", tuple(rows), notes=notes)
