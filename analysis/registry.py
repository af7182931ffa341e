"""Every analysis of every game, registered once where it is written.

An analysis function is marked with :func:`analysis`::

    @analysis("davos", "goals", games=100_000, main=True, about="which goals are hardest",
              example="tableodds davos goals --players 4")
    def goals(plan, players=4, ...) -> Result: ...

and everything else is made from these marks: the CLI's commands (``tableodds davos goals``,
its default ``--games`` and example), the Python API's :data:`tableodds.ANALYSES`, the
protocol tests and the docs' command table.  Besides its analyses every game has one more
command, ``tableodds GAME score`` (its scoring calculator, ``sim/<game>/scoring.py``): it is
registered here too (:data:`SCORE`, :func:`commands`), so that the CLI, the protocol tests
and the fuzz tests list it from one place.  :func:`entries` reads the marks from the
sources with :mod:`ast`, so listing the commands (``tableodds --help``) imports neither
polars, numba nor a kernel; a test checks that what it reads is what the decorator records.

This module imports nothing but the standard library.
"""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "tableodds.analysis"


@dataclass(frozen=True)
class Entry:
    """One registered analysis.

    ``command`` is its name in the CLI and the API (``card-worth``; the API takes
    ``card_worth`` too), ``function`` the Python function in ``module``; ``games`` the
    default run size, None for a calculator that simulates nothing; ``main`` marks the
    game's main analysis (:func:`tableodds.simulate`); ``about`` is its line in the docs'
    command table and ``example`` the example its ``--help`` shows.
    """

    game: str
    command: str
    module: str
    function: str
    games: int | None = None
    main: bool = False
    about: str = ""
    example: str = ""

    @property
    def key(self) -> str:
        """``"davos goals"``: the command line after ``tableodds``, and the result's command."""
        return f"{self.game} {self.command}"

    def load(self):
        """The analysis function (imports its module, polars and the game's kernels)."""
        return getattr(importlib.import_module(self.module), self.function)


FIELDS = ("games", "main", "about", "example")


def analysis(
    game: str,
    command: str,
    *,
    games: int | None = None,
    main: bool = False,
    about: str = "",
    example: str = "",
):
    """Register the decorated function as ``tableodds GAME COMMAND`` (see :class:`Entry`).

    The arguments must be literals: :func:`entries` reads them from the source."""

    def mark(fn):
        fn.registered = Entry(
            game, command, fn.__module__, fn.__name__, games, main, about, example
        )
        return fn

    return mark


MARK = re.compile(r"^@analysis\((.*?)^def (\w+)\(", re.M | re.S)


def _marks(path: Path, module: str) -> list[tuple[int, Entry]]:
    """The registrations in one source file: each ``@analysis(...)`` line and the function it
    marks, parsed without parsing (or importing) the whole module."""
    source = path.read_text("utf-8")
    out = []
    for m in MARK.finditer(source):
        call = ast.parse("analysis(" + m.group(1).strip(), mode="eval").body
        game, command = (ast.literal_eval(a) for a in call.args)
        kw = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
        unknown = set(kw) - set(FIELDS)
        if unknown:
            raise TypeError(f"{module}.{m.group(2)}: unknown registry fields {sorted(unknown)}")
        out.append((m.start(), Entry(game, command, module, m.group(2), **kw)))
    return out


@functools.cache
def entries() -> tuple[Entry, ...]:
    """Every registered analysis: game by game in the order of the game registry, each
    game's main analysis first, the others in the order of their sources."""
    from tableodds.sim.registry import PACKAGES

    folder = Path(importlib.util.find_spec(PACKAGE).origin).parent
    found = []
    for path in sorted(folder.glob("*.py")):
        found += _marks(path, f"{PACKAGE}.{path.stem}")
    order = {g: i for i, g in enumerate(PACKAGES)}
    unknown = [e.key for _, e in found if e.game not in order]
    if unknown:
        raise ValueError(f"analyses of games that are not registered: {', '.join(unknown)}")
    found.sort(key=lambda x: (order[x[1].game], not x[1].main, x[1].module, x[0]))
    return tuple(e for _, e in found)


def of(game: str) -> tuple[Entry, ...]:
    """The game's analyses, its main one first."""
    return tuple(e for e in entries() if e.game == game)


def find(game: str, command: str) -> Entry | None:
    """The analysis ``tableodds GAME COMMAND`` (``card_worth`` is ``card-worth``), or None."""
    command = command.replace("_", "-")
    return next((e for e in of(game) if e.command == command), None)


# The command every game has besides its analyses: the exact score of a finished game, by the
# game's scoring calculator (``tableodds.sim.<game>.scoring`` through
# :func:`tableodds.analysis.scores.score`).  Not an analysis (it simulates nothing and takes a
# record, not settings): the Python API has it as :func:`tableodds.score`.
SCORE = "score"
SCORE_ABOUT = "the exact score of a finished game (`--template` for an example file)"


@functools.cache
def scores() -> tuple[Entry, ...]:
    """The score command of every game that has a scoring calculator, in the games' order."""
    from tableodds.sim.registry import PACKAGES

    return tuple(
        Entry(
            game,
            SCORE,
            f"{PACKAGE}.scores",
            "score",
            about=SCORE_ABOUT,
            example=f"tableodds {game} score --template",
        )
        for game, package in PACKAGES.items()
        if importlib.util.find_spec(package + ".scoring") is not None
    )


def commands(game: str | None = None) -> tuple[Entry, ...]:
    """Every command of the game groups (``tableodds GAME COMMAND``), or of one game: each
    game's analyses (:func:`of`), then its score command (:func:`scores`)."""
    from tableodds.sim.registry import PACKAGES

    every = [*entries(), *scores()]
    games = PACKAGES if game is None else [game]
    return tuple(e for g in games for e in every if e.game == g)
