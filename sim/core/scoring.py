"""What every scoring calculator shares: the result type, ranking and file reading.

A game's ``scoring.py`` provides ``TEMPLATE`` (an example record, printed by
``--template``), ``load(path) -> record`` and ``score(record) -> Scores``; the CLI
(``tableodds.reports.cli.score``) attaches the command to the game's group.  Records are TOML (the
Davoserjas sheet may also be CSV); every impossible record raises InputError
naming the field.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from tableodds.sim.core.data import load_toml
from tableodds.sim.core.errors import InputError


@dataclass(frozen=True)
class PlayerScore:
    name: str
    components: dict[str, float]  # component name -> points, in display order
    total: float
    tiebreak: tuple = ()  # compared after the total, larger first unless noted


@dataclass(frozen=True)
class Scores:
    """A finished (or partly played) game's scores and ranking."""

    game: str
    players: tuple[PlayerScore, ...]
    lower_wins: bool = False
    tiebreak_names: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=())

    def ranking(self) -> list[tuple[int, PlayerScore]]:
        """(place, player) best first; equal total and tie-breaks share a place."""
        sign = 1 if self.lower_wins else -1

        def key(p: PlayerScore):
            return (sign * p.total, tuple(-t for t in p.tiebreak))

        ordered = sorted(self.players, key=key)
        out, place = [], 0
        for i, p in enumerate(ordered):
            if i == 0 or key(p) != key(ordered[i - 1]):
                place = i + 1
            out.append((place, p))
        return out

    def as_dict(self) -> dict:
        return {
            "game": self.game,
            "lower_wins": self.lower_wins,
            "notes": list(self.notes),
            "players": [
                {
                    "name": p.name,
                    "components": p.components,
                    "total": p.total,
                    "tiebreak": dict(zip(self.tiebreak_names, p.tiebreak)),
                }
                for p in self.players
            ],
            "ranking": [{"place": k, "name": p.name, "total": p.total} for k, p in self.ranking()],
        }

    def render(self) -> str:
        comps = list(self.players[0].components)
        width = max(8, *(len(p.name) for p in self.players))
        cw = max(7, *(len(c) for c in comps))
        head = f"{'player':<{width}} " + " ".join(f"{c:>{cw}}" for c in comps) + f" {'total':>7}"
        lines = [head, "-" * len(head)]
        for p in self.players:
            lines.append(
                f"{p.name:<{width}} "
                + " ".join(f"{_num(p.components[c]):>{cw}}" for c in comps)
                + f" {_num(p.total):>7}"
            )
        lines += ["", "ranking" + (" (lowest total wins)" if self.lower_wins else "")]
        for place, p in self.ranking():
            tb = ""
            if self.tiebreak_names:
                tb = (
                    "  ("
                    + ", ".join(f"{n} {_num(v)}" for n, v in zip(self.tiebreak_names, p.tiebreak))
                    + ")"
                )
            lines.append(f"{place:>3}. {p.name:<{width}} {_num(p.total):>7}{tb}")
        lines += [f"note: {n}" for n in self.notes]
        return "\n".join(lines)


def _num(x) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def read_toml(path: Path) -> dict:
    return load_toml(Path(path))[0]


def need(table: dict, key: str, where: str, kind=int, default=None, items=None):
    """``table[key]`` checked to be of ``kind`` (a list's entries of ``items``, when given);
    names ``where.key`` when it is not."""
    if key not in table:
        if default is not None:
            return default
        raise InputError(f"{where}.{key} is missing")
    value = table[key]
    ok = isinstance(value, kind) and not (kind in (int, float) and isinstance(value, bool))
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        ok = True
    if not ok:
        want = {
            int: "an integer",
            float: "a number",
            str: "a string",
            list: "a list",
            dict: "a table",
            bool: "true or false",
        }.get(kind, kind.__name__)
        raise InputError(f"{where}.{key} must be {want}, got {value!r}")
    if kind in (int, float):
        bounded(value, f"{where}.{key}")
    if items is not None and not all(isinstance(v, items) for v in value):
        bad = next(v for v in value if not isinstance(v, items))
        raise InputError(f"{where}.{key} must list {items.__name__} values, got {bad!r}")
    return value


# No number on a score sheet comes near a billion; larger ones are typos and would overflow.
MAX_NUMBER = 10**9


def bounded(value, where: str):
    """``value`` if it lies within ±MAX_NUMBER (and is finite), else an InputError naming it."""
    if not -MAX_NUMBER <= value <= MAX_NUMBER:  # also false for NaN
        raise InputError(f"{where} = {value} is out of range (at most {MAX_NUMBER:,} in size)")
    return value


def unique_names(names: list[str], where: str) -> None:
    """Each player's name once, and each one a name: not empty, no control characters (a
    newline or tab would break the score table's rows)."""
    seen: dict = {}
    for n in names:
        player_name(n, where)
        if n in seen:
            raise InputError(f"{where}: player name {n!r} appears twice")
        # "Anna" beside "anna " is one player written twice, not two
        if loose(n) in seen.values():
            first = next(k for k, v in seen.items() if v == loose(n))
            raise InputError(
                f"{where}: player name {n!r} differs from {first!r} only by case or spacing; "
                f"did you mean {first!r}?"
            )
        seen[n] = loose(n)


def loose(name: str) -> str:
    """A name without case or spacing: two names alike in it are one name written twice."""
    return "".join(name.split()).casefold()


_UNPRINTABLE = ("Zl", "Zp")  # line and paragraph separators, beside every C* category


def player_name(name: str, where: str) -> str:
    """``name`` if it is a printable player name, else an InputError naming it."""
    if not name.strip():
        raise InputError(f"{where}: a player name is empty")
    if any(
        unicodedata.category(c) in _UNPRINTABLE or unicodedata.category(c)[0] == "C" for c in name
    ):
        raise InputError(
            f"{where}: player name {name!r} holds a control character (newline, tab, ...)"
        )
    return name
