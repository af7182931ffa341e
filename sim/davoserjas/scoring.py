"""Score a Davoserjas sheet: penalties per round and player, lowest total wins.

Every filled-in round is checked against that round's rules for the player count
and variants: a trick round must hand out exactly its deal total and each
player's penalty must be one a player can take (queens come in fives, K♣ is 15
to exactly one player); Kabalen has exactly one player out with 0 (bridged gaps)
and nobody above a hand.  Rounds not yet played may be left out at the end.
"""

from __future__ import annotations

import csv
import io
from functools import cache
from pathlib import Path

from tableodds.sim.core.data import read_text, unknown_keys
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.scoring import PlayerScore, Scores, bounded, need, read_toml, unique_names
from tableodds.sim.davoserjas.rules import Round, Settings, deck_mask, make_settings

TEMPLATE = """\
# Davoserjas score sheet: one list of penalties per player, in round order.
# Leave rounds not yet played off the end of every list.
players = 4
variants = []          # e.g. ["last-trick-only", "queen=3"]; see `tableodds davoserjas simulate --help`
# rules = "my-rounds.toml"   # your own round list

[penalties]
Anna = [3, 4, 5, 0, 10, 0]
Bo   = [4, 2, 10, 15, 0, 3]
Cai  = [2, 7, 0, 0, 0, 1]
Dee  = [4, 0, 5, 0, 10, 2]
"""


def load(path: Path) -> dict:
    """Read a TOML sheet, or a CSV with a header ``round,NAME,...`` and one row per round."""
    path = Path(path)
    if path.suffix.lower() == ".csv":
        return _load_csv(path)
    data = read_toml(path)
    unknown_keys(data, ("players", "variants", "rules", "penalties"), "sheet")
    pen = need(data, "penalties", "sheet", dict)
    if not pen:
        raise InputError("sheet.penalties lists no player")
    variants = need(data, "variants", "sheet", list, default=[], items=str)
    rules = data.get("rules")
    if rules is not None:
        rules = (path.parent / need(data, "rules", "sheet", str)).resolve()
    players = need(data, "players", "sheet", int, default=len(pen))
    if players != len(pen):
        raise InputError(f"sheet.players says {players} but penalties has {len(pen)} players")
    unique_names(list(pen), "sheet.penalties")
    rows = {}
    for name, values in pen.items():
        if not isinstance(values, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values
        ):
            raise InputError(f"penalties.{name} must be a list of integers, got {values!r}")
        for v in values:
            bounded(v, f"penalties.{name}")
        rows[name] = values
    return {
        "players": players,
        "variants": [str(v) for v in variants],
        "rules": rules,
        "penalties": rows,
    }


def _load_csv(path: Path) -> dict:
    table = list(csv.reader(io.StringIO(read_text(path, newline=""), newline="")))
    table = [r for r in table if any(c.strip() for c in r)]
    if not table or len(table[0]) < 2:
        raise InputError(f"{path}: needs a header row: round,NAME,NAME,...")
    names = [c.strip() for c in table[0][1:]]
    if any(not n for n in names):
        raise InputError(f"{path}: a player name in the header is empty")
    unique_names(names, str(path))
    by_round: dict[int, list[int]] = {}
    for line, row in enumerate(table[1:], start=2):
        cells = [c.strip() for c in row[1:]] + [""] * (len(names) + 1 - len(row))
        if len(row) > len(names) + 1:
            raise InputError(f"{path}, line {line}: more cells than players")
        if not any(cells):
            continue
        try:
            number = int(row[0])
        except ValueError:
            raise InputError(
                f"{path}, line {line}: the round {row[0].strip()!r} is not a round number"
            ) from None
        if number in by_round:
            raise InputError(f"{path}, line {line}: round {number} is listed twice")
        values = []
        for name, cell in zip(names, cells):
            if cell == "":
                raise InputError(f"{path}, line {line}: {name}'s penalty is missing")
            try:
                values.append(bounded(int(cell), f"{path}, line {line}: {name}'s penalty"))
            except ValueError:
                raise InputError(
                    f"{path}, line {line}: {name}'s penalty {cell!r} is not an integer"
                ) from None
        by_round[number] = values
    missing = sorted(set(range(1, len(by_round) + 1)) - set(by_round))
    if missing:
        raise InputError(
            f"{path}: round {missing[0]} is missing (rounds are numbered from 1 and "
            "played in order)"
        )
    columns = {n: [by_round[r][i] for r in sorted(by_round)] for i, n in enumerate(names)}
    return {"players": len(names), "variants": [], "rules": None, "penalties": columns}


@cache
def possible_penalties(rnd: Round, players: int, size: int) -> frozenset[int]:
    """Every penalty one player can take in a trick round of this player count."""
    dealt = deck_mask(players)
    values = [int(v) for c, v in enumerate(rnd.card_penalties()) if v and dealt >> c & 1]
    pairs = {(0, 0)}  # (penalty cards taken, their points)
    for v in values:
        pairs |= {(k + 1, s + v) for k, s in pairs}
    out = set()
    for t in range(size + 1):
        for f in (0, 1):
            for last in (0, 1):
                if t == 0 and (f or last):
                    continue
                if t == size and not (f and last):
                    continue  # all tricks include the first and the last
                if f + last > t and size > 1:
                    continue
                for k, s in pairs:
                    if k <= players * t and (t < size or k == len(values)):
                        out.add(t * rnd.per_trick + f * rnd.first_trick + last * rnd.last_trick + s)
    return frozenset(out)


def _describe(values: frozenset[int]) -> str:
    v = sorted(values)
    if len(v) <= 12:
        return ", ".join(map(str, v))
    return f"{v[0]} to {v[-1]}"


def check_round(rnd: Round, settings: Settings, penalties: dict[str, int]) -> None:
    where = f"round {rnd.number} ({rnd.name})"
    players, size = settings.players, settings.hand_size
    if rnd.kind == "tricks":
        ok = possible_penalties(rnd, players, size)
        for name, v in penalties.items():
            if v not in ok:
                raise InputError(
                    f"{where}: {name}'s {v} is not possible (a player can take {_describe(ok)})"
                )
        total = sum(penalties.values())
        if total != rnd.deal_total(players):
            raise InputError(
                f"{where}: penalties sum to {total}, but every deal hands out "
                f"{rnd.deal_total(players)}"
            )
        return
    if settings.kabalen_scoring == "pool":
        win, second = settings.pool_shares()
        for name, v in penalties.items():
            if v not in (0, -win, -second):
                raise InputError(
                    f"{where}: {name}'s {v} is not a pool share (0, -{win} or -{second})"
                )
        firsts = sum(v == -win for v in penalties.values())
        if firsts != 1 and not (settings.gaps == "strict" and firsts == 0):
            raise InputError(f"{where}: exactly one player takes the winner's share -{win}")
        return
    for name, v in penalties.items():
        if not 0 <= v <= size:
            raise InputError(f"{where}: {name}'s {v} is not a number of cards left (0-{size})")
    zeros = sum(v == 0 for v in penalties.values())
    if zeros > 1 or (zeros == 0 and settings.gaps == "bridge"):
        raise InputError(f"{where}: exactly one player goes out with 0, not {zeros}")


def score(record: dict) -> Scores:
    names = list(record["penalties"])
    settings = make_settings(
        record["players"], variants=record["variants"], rules_file=record["rules"]
    )
    lengths = {len(v) for v in record["penalties"].values()}
    if len(lengths) > 1:
        short = min(names, key=lambda n: len(record["penalties"][n]))
        raise InputError(
            f"{short} has {len(record['penalties'][short])} rounds but others have "
            f"{max(lengths)}: fill every player's penalties for a round"
        )
    played = lengths.pop()
    if played == 0:
        raise InputError("the sheet has no penalties yet")
    rounds = settings.rounds
    if played > len(rounds):
        raise InputError(f"the sheet has {played} rounds but the rules have {len(rounds)}")
    for i in range(played):
        check_round(rounds[i], settings, {n: record["penalties"][n][i] for n in names})
    players = tuple(
        PlayerScore(
            n,
            {f"r{rounds[i].number}": record["penalties"][n][i] for i in range(played)},
            sum(record["penalties"][n]),
        )
        for n in names
    )
    notes = (
        ()
        if played == len(rounds)
        else (f"partial game: rounds 1-{played} of {len(rounds)} played",)
    )
    return Scores("davoserjas", players, lower_wins=True, notes=notes)
