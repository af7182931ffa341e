"""Running one analysis for a command or the Python API: check ``--out`` before any work,
run inside one stop scope (the first Ctrl-C or SIGTERM stops the whole command), write the
result's files into a staging folder and swap it in whole.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tableodds.analysis.result import Result
from tableodds.reports.output import OutFolder, write_result
from tableodds.sim.core.runner import CommandRuns, stop_scope

Analysis = Callable[[CommandRuns | None], Result]


def run_into(
    analyse: Analysis,
    folder: Path | None,
    *,
    games: int | None = None,
    seed: int = 1,
    workers: int | None = None,
    chunk_size: int | None = None,
    progress=None,
) -> tuple[Result, list[Path]]:
    """The one step every command, the API and each analysis of the report take: build the
    run plan (``games=None``: a calculator, no plan), run the analysis on it with its records
    streamed to ``folder/records``, and write the result's files into ``folder``.

    ``folder=None`` writes nothing (the records stay in a temporary folder that lives as long
    as the result).  Returns the result and the files written beside the records.
    """
    plan = (
        None
        if games is None
        else CommandRuns(
            games,
            seed,
            workers,
            chunk_size,
            progress,
            records=Path(folder) / "records" if folder is not None else None,
        )
    )
    result = analyse(plan)
    return result, ([] if folder is None else write_result(result, Path(folder)))


def run_and_save(
    analyse: Analysis,
    *,
    games: int | None = None,
    seed: int = 1,
    workers: int | None = None,
    chunk_size: int | None = None,
    progress=None,
    out: Path | None = None,
    force: bool = False,
) -> Result:
    """Run one analysis (:func:`run_into`) inside one stop scope; with ``out``, its files
    replace that folder's when it is done.

    ``games=None`` is for commands that simulate nothing (calculators): they get no plan.
    """
    folder = OutFolder(out, force) if out is not None else None
    try:
        with stop_scope():
            result, _ = run_into(
                analyse,
                folder.staging if folder is not None else None,
                games=games,
                seed=seed,
                workers=workers,
                chunk_size=chunk_size,
                progress=progress,
            )
        if folder is not None:
            folder.commit()
    except BaseException:
        if folder is not None:
            folder.discard()
        raise
    return result
