"""tableodds: odds, scores and cheat sheets for five tabletop games.

The Python API returns the same :class:`~tableodds.analysis.result.Result` objects the
commands print::

    import tableodds
    r = tableodds.simulate("davoserjas", players=4, games=10**6, seed=1)
    r.tables()["seats"]        # Polars frames
    r.records().collect()      # every game's record (stays readable while r lives)
    r.print_summary()          # the command's text
    r.as_dict()                # the --json document

Every analysis of a game, every command of the CLI, is :func:`analyse`
(``tableodds.analyse("davoserjas", "hand", cards=["AS", ...], round=4)``,
``tableodds.analyse("davos", "goals", game="big")``); :func:`simulate` is each game's main
one.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tableodds.analysis import registry
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

# game -> its analyses (functions of tableodds.analysis), the main one (simulate()'s) first:
# every analysis registered in tableodds.analysis.registry, each a command of the CLI
ANALYSES: dict[str, tuple[str, ...]] = {
    game: tuple(e.function for e in registry.of(game)) for game in PACKAGES
}
# the keywords analyse() keeps for itself; no analysis has a setting of these names (a test
# checks), and a game's own ``game`` setting (Davos) passes through: game and analysis are
# positional-only
RUN_KEYWORDS = ("games", "seed", "workers", "chunk_size", "out", "force", "progress")


def games() -> list[str]:
    """The games tableodds knows, by the names the other functions take."""
    return list(PACKAGES)


def _entry(game: str, analysis: str) -> registry.Entry:
    _known(game)
    entry = registry.find(game, analysis)
    if entry is None:
        names = ", ".join(e.function for e in registry.of(game))
        raise InputError(f"{game} has no analysis {analysis!r}; choose from: {names}")
    return entry


def _known(game: str) -> None:
    if game not in PACKAGES:
        raise InputError(f"unknown game {game!r}; choose from: {', '.join(PACKAGES)}")


def _function(game: str, analysis: str):
    return _entry(game, analysis).load()


def _check(game: str, entry: registry.Entry, fn, settings: dict) -> None:
    """Refuse, before anything runs, a keyword the analysis does not take and a choice its
    game's declared settings (``sim/<game>/options.py``) do not list."""
    import importlib
    import inspect

    params = inspect.signature(fn).parameters
    takes = [n for n in params if n != "plan"]
    for key in settings:
        if key not in params:
            raise InputError(
                f"{game} {entry.command} takes no setting {key!r}; its settings: {', '.join(takes)}"
            )
    for o in importlib.import_module(PACKAGES[game] + ".options").SETTINGS:
        value = settings.get(o.name)
        if o.kind == "choice" and value is not None and value not in o.choices:
            raise InputError(f"{o.name} must be one of {', '.join(o.choices)}, not {value!r}")


def analyse(
    game: str,
    analysis: str,
    /,
    *,
    games: int | None = None,
    seed: int = 1,
    workers: int | None = None,
    chunk_size: int | None = None,
    out: str | Path | None = None,
    force: bool = False,
    progress: bool = False,
    **settings: Any,
) -> Result:
    """Run one of a game's analyses (see :data:`ANALYSES`; ``"card-worth"`` or
    ``"card_worth"``) and return its result: every command of the CLI is one.

    ``games`` defaults to the command's ``--games`` default.  ``settings`` are the
    analysis's own keywords (``players``, ``policies``, ``variants``, Davos's ``game``, ...;
    see its docstring).  With ``out`` the result's files (``run.json``, tables, plots,
    records) replace that folder's, as ``--out`` does.  Bad settings raise
    :class:`InputError`.
    """
    from tableodds.reports.driver import run_and_save
    from tableodds.reports.progress import Bar

    entry = _entry(game, analysis)
    fn = entry.load()
    _check(game, entry, fn, settings)
    bar = (lambda total, label: Bar(True, total, label)) if progress else None
    if entry.games is not None:
        return run_and_save(
            lambda plan: fn(plan, **settings),
            games=entry.games if games is None else games,
            seed=seed,
            workers=workers,
            chunk_size=chunk_size,
            progress=bar,
            out=out,
            force=force,
        )
    return run_and_save(lambda _plan: fn(**settings), out=out, force=force)


def simulate(game: str, /, **kwargs: Any) -> Result:
    """The game's main analysis: Davoserjas, Borgia and I'm the Boss! whole games, Davos's
    goal table, the 1844 train-rush forecast.  Keywords as for :func:`analyse`."""
    _known(game)
    return analyse(game, registry.of(game)[0].function, **kwargs)


def score(game: str, record: str | Path) -> Result:
    """Score a finished game from its record file (``tableodds GAME score --template``)."""
    from tableodds.analysis.scores import score as _score

    _known(game)
    return _score(game, record)


def cheatsheet(
    game: str, out: str | Path = "out", variants=(), seed: int = 1, paper: str = "a4"
) -> list[Path]:
    """Write GAME's one-page cheat sheet (PDF on ``paper``, "a4" or "letter"; Markdown, HTML)
    into ``out``; returns the paths.  An unknown paper raises :class:`InputError`."""
    from tableodds.reports.cheatsheets import write_sheets

    return write_sheets(game, Path(out), variants=variants, seed=seed, paper=paper)


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
