"""Running one analysis for a command or the Python API: check ``--out`` before any work,
run inside one stop scope (the first Ctrl-C or SIGTERM stops the whole command), write the
result's files into a staging folder and swap it in whole.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tableodds.analysis.result import Result
from tableodds.reports.output import OutFolder, write_result
from tableodds.sim.core.runner import RunPlan, stop_scope

Analysis = Callable[[RunPlan | None], Result]


def execute(
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
    """Run one analysis; with ``out``, its files replace that folder's when it is done.

    ``games=None`` is for commands that simulate nothing (calculators): they get no plan.
    """
    folder = OutFolder(out, force) if out is not None else None
    try:
        plan = (
            None
            if games is None
            else RunPlan(
                games,
                seed,
                workers,
                chunk_size,
                progress,
                records=folder.staging / "records" if folder else None,
            )
        )
        with stop_scope():
            result = analyse(plan)
        if folder is not None:
            write_result(result, folder.staging)
            folder.commit()
    except BaseException:
        if folder is not None:
            folder.discard()
        raise
    return result
