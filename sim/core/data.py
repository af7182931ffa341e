"""Reading the TOML files users and packages provide: data files and game records.

One place turns a missing file, a non-UTF-8 file or broken TOML into an
InputError naming the file, so every loader only checks its own keys.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from tableodds.sim.core.errors import InputError


def read_text(path: Path, where: str | None = None, newline: str | None = None) -> str:
    """The UTF-8 text of a user's file; an unreadable or non-UTF-8 file is an InputError
    naming it (every loader, TOML, JSON or CSV, reads through here).  A byte-order mark at
    the start (which some Windows editors write) is dropped."""
    where = where or str(path)
    try:
        with open(path, encoding="utf-8-sig", newline=newline) as f:
            return f.read()
    except OSError as e:
        raise InputError(f"cannot read {where}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"{where} is not a UTF-8 text file") from None


def table_list(
    value, where: str, what: str, low: int = 1, high: int | None = None, item: str | None = None
) -> list[dict]:
    """An array of tables (``[[what]]``): a list of ``low`` to ``high`` (any number) tables,
    each a table; ``item`` names one of them in a message (default: ``what``)."""
    if not isinstance(value, list) or len(value) < low or (high is not None and len(value) > high):
        if high is not None:
            need = f"{low}-{high} [[{what}]] tables"
        else:
            need = "at least one" if low == 1 else f"at least {low}"
            need += f" [[{what}]] table" + ("" if low == 1 else "s")
        raise InputError(f"{where}: needs {need}")
    for i, entry in enumerate(value, start=1):
        if not isinstance(entry, dict):
            raise InputError(f"{where}: {item or what} {i} must be a table, got {_short(entry)}")
    return value


def load_toml(
    path: Path | None, package: str | None = None, name: str | None = None
) -> tuple[dict, str]:
    """The user's file at ``path``, else the data file ``name`` shipped in ``package``.

    Returns the parsed table and the name to use in error messages.
    """
    where = str(path) if path is not None else str(name)
    try:
        if path is None:
            text = resources.files(package).joinpath(name).read_text("utf-8")
        else:
            text = read_text(Path(path), where)
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"{where} is not valid TOML: {e}") from None
    except RecursionError:
        raise too_deep(where) from None
    if not doc:
        # an empty file (or /dev/null, or only comments) would silently read as the defaults
        raise InputError(f"{where} is empty: it gives no table or key")
    return shallow(doc, where), where


# No data file or game export nests lists and tables anywhere near this deep; deeper input
# would overflow the parsers' (and every later walk's) recursion.
MAX_DEPTH = 64


def too_deep(where: str) -> InputError:
    return InputError(f"{where}: lists and tables nested more than {MAX_DEPTH} levels deep")


def shallow(doc, where: str):
    """``doc`` (parsed JSON or TOML) if its lists and tables nest at most MAX_DEPTH levels
    deep, else an InputError naming the file (checked level by level, without recursion;
    only the lists and tables of each level are kept, which halves the walk of an export)."""
    level, depth = ([doc] if isinstance(doc, (dict, list)) else []), 1
    while level:
        if depth > MAX_DEPTH:
            raise too_deep(where)
        below = []
        for value in level:
            children = value.values() if isinstance(value, dict) else value
            below += [c for c in children if isinstance(c, (dict, list))]
        level, depth = below, depth + 1
    return doc


def unknown_keys(table: dict, allowed, where: str) -> None:
    """Refuse a key the format does not have (usually a typo) by name; and a value that is
    not a table at all (``setup = 0`` where ``[setup]`` belongs), before its keys are read."""
    if not isinstance(table, dict):
        raise InputError(f"{where} must be a table, got {_short(table)}")
    extra = set(table) - set(allowed)
    if extra:
        raise InputError(f"{where}: unknown key {sorted(extra)[0]!r}")


def whole(table: dict, keys, where: str, optional=()) -> None:
    """Every one of ``keys`` (but ``optional``) in ``table``: a table of a user's data file is
    given whole, so a file cut short (at a line's end or in the middle of one) or a key left
    out is refused by the first key it lacks, never read with the packaged default."""
    missing = [k for k in keys if k not in table and k not in optional]
    if missing:
        more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
        raise InputError(
            f"{where}: {missing[0]!r}{more} missing; a table is given whole, with every key "
            "(is the file cut short?)"
        )


def seat_policies(policies, players: int, known, default: str) -> tuple[str, ...]:
    """One policy per seat: none given means ``default`` everywhere, one means it everywhere."""
    policies = tuple(policies) if policies else (default,)
    if len(policies) == 1:
        policies = policies * players
    if len(policies) != players:
        raise InputError(
            f"{len(policies)} policies given for {players} players; give one policy or one per seat"
        )
    for p in policies:
        if p not in known:
            raise InputError(f"unknown policy {p!r}; choose from: {', '.join(known)}")
    return policies


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# No count, price or score in a game's data comes near a million; larger values are typos.
MAX_FIELD = 10**6


def int_field(
    table: dict,
    key: str,
    where: str,
    default: int | None = None,
    low: int | None = None,
    high: int | None = None,
) -> int:
    """The integer ``table[key]`` (``default`` when absent; no default: required).

    ``low`` and ``high`` bound it (inclusive; each defaults to ±MAX_FIELD, so no number
    from a file can overflow the integers it lands in); every game's data files use this
    one check, so a bad integer reads the same everywhere.
    """
    ranged = low is not None and high is not None
    want = f"an integer from {low} to {high}" if ranged else "an integer"
    low = -MAX_FIELD if low is None else low
    high = MAX_FIELD if high is None else high
    value = table.get(key, default)
    if value is None:
        raise InputError(f"{where}: missing {key}")
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"{where}: {key} must be {want}, got {value!r}")
    if ranged and not low <= value <= high:
        raise InputError(f"{where}: {key} must be {want}, got {value}")
    if value < low:
        raise InputError(f"{where}: {key} must be at least {low}, got {value}")
    if value > high:
        raise InputError(f"{where}: {key} must be at most {high}, got {value}")
    return value
