"""tableodds: odds, scores and cheat sheets for five tabletop games.

The Python API returns the same :class:`~tableodds.analysis.result.Result` objects the
commands print::

    import tableodds
    r = tableodds.simulate("davoserjas", players=4, games=10**6, seed=1)
    r.tables()["seats"]        # Polars frames
    r.records().collect()      # every game's record (stays readable while r lives)
    r.print_summary()          # the command's text
    r.as_dict()                # the --json document

Every analysis of a game is :func:`analyse` (``tableodds.analyse("davoserjas", "hand",
cards=["AS", ...], round=4)``); :func:`simulate` is each game's main one.
"""

from __future__ import annotations

import inspect
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tableodds.sim.core.errors import InputError
from tableodds.sim.registry import PACKAGES

if TYPE_CHECKING:
    from tableodds.analysis.result import Result


def __getattr__(name: str):
    # loaded on first use, so that ``import tableodds`` (and the CLI's --help) stays free
    # of polars and numba
    if name == "Result":
        from tableodds.analysis.result import Result

        return Result
    if name == "__version__":
        from importlib.metadata import version

        return version("tableodds")
    raise AttributeError(f"module 'tableodds' has no attribute {name!r}")


__all__ = [
    "ANALYSES",
    "InputError",
    "Result",
    "analyse",
    "cheatsheet",
    "games",
    "report",
    "score",
    "simulate",
]

# game -> its analyses (functions of tableodds.analysis.<package>); the first is simulate()'s
ANALYSES: dict[str, tuple[str, ...]] = {
    "davoserjas": ("simulate", "hand", "duel"),
    "davos": ("goals", "vote"),
    "1844": ("train_rush", "compare"),
    "borgia": ("simulate", "auction", "election", "conquest", "attacks"),
    "boss": ("simulate", "length", "variants"),
}


def games() -> list[str]:
    """The games tableodds knows, by the names the other functions take."""
    return list(PACKAGES)


def _function(game: str, analysis: str):
    if game not in ANALYSES:
        raise InputError(f"unknown game {game!r}; choose from: {', '.join(ANALYSES)}")
    name = analysis.replace("-", "_")
    if name not in ANALYSES[game]:
        raise InputError(
            f"{game} has no analysis {analysis!r}; choose from: {', '.join(ANALYSES[game])}"
        )
    package = PACKAGES[game].rsplit(".", 1)[-1]
    try:  # an analysis with a module of its own (analysis/s1844_compare.py), else the game's
        module = import_module(f"tableodds.analysis.{package}_{name}")
    except ModuleNotFoundError:
        module = import_module(f"tableodds.analysis.{package}")
    return getattr(module, name)


def analyse(
    game: str,
    analysis: str,
    *,
    games: int = 100_000,
    seed: int = 1,
    workers: int | None = None,
    chunk_size: int | None = None,
    out: str | Path | None = None,
    force: bool = False,
    progress: bool = False,
    **settings: Any,
) -> Result:
    """Run one of a game's analyses (see :data:`ANALYSES`) and return its result.

    ``settings`` are the analysis's own keywords (``players``, ``policies``, ``variants``,
    ...; see its docstring).  With ``out`` the result's files (``run.json``, tables, plots,
    records) replace that folder's, as ``--out`` does.  Bad settings raise
    :class:`InputError`.
    """
    from tableodds.reports.driver import execute
    from tableodds.reports.progress import Bar

    fn = _function(game, analysis)
    bar = (lambda total, label: Bar(True, total, label)) if progress else None
    if next(iter(inspect.signature(fn).parameters)) == "plan":
        return execute(
            lambda plan: fn(plan, **settings),
            games=games,
            seed=seed,
            workers=workers,
            chunk_size=chunk_size,
            progress=bar,
            out=out,
            force=force,
        )
    return execute(lambda _plan: fn(**settings), out=out, force=force)


def simulate(game: str, **kwargs: Any) -> Result:
    """The game's main analysis: Davoserjas, Borgia and I'm the Boss! whole games, Davos's
    goal table, the 1844 train-rush forecast.  Keywords as for :func:`analyse`."""
    if game not in ANALYSES:
        raise InputError(f"unknown game {game!r}; choose from: {', '.join(ANALYSES)}")
    return analyse(game, ANALYSES[game][0], **kwargs)


def score(game: str, record: str | Path) -> Result:
    """Score a finished game from its record file (``tableodds GAME score --template``)."""
    from tableodds.analysis.scores import score as _score

    if game not in ANALYSES:
        raise InputError(f"unknown game {game!r}; choose from: {', '.join(ANALYSES)}")
    return _score(game, record)


def cheatsheet(
    game: str, out: str | Path = "out", variants=(), seed: int = 1, paper: str = "a4"
) -> list[Path]:
    """Write GAME's one-page cheat sheet (PDF on ``paper``, "a4" or "letter"; Markdown, HTML)
    into ``out``; returns the paths.  An unknown paper raises :class:`InputError`."""
    from tableodds.reports.cheatsheets import builders
    from tableodds.reports.sheet import write_sheet

    available = builders()
    if game not in available:
        raise InputError(f"no cheat sheet for {game!r}; choose from: {', '.join(available)}")
    from tableodds.reports.sheet import PAPERS

    if paper not in PAPERS:
        raise InputError(f"unknown paper {paper!r}; choose from: {', '.join(PAPERS)}")
    return write_sheet(available[game](variants=variants, seed=seed), Path(out), paper)


def report(
    out: str | Path = "out",
    scale: float = 1.0,
    seed: int = 1,
    workers: int | None = None,
    force: bool = False,
    progress: bool = False,
) -> Path:
    """Write the full HTML report into ``out``; returns the path of its index.html.
    ``progress``: one progress bar on stderr for the whole report."""
    from tableodds.reports.report import build_report

    return build_report(
        out, scale=scale, seed=seed, workers=workers, force=force, progress=progress
    )[0]
