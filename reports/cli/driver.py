"""The one driver behind every command: run -> summarise -> write -> print -> exit status.

A command parses its flags and hands the driver a function of a
:class:`~tableodds.sim.core.runner.RunPlan` that returns a
:class:`~tableodds.analysis.result.Result`.  :func:`tableodds.reports.driver.execute`
runs and writes it; the driver prints the text or one JSON document, and exits 130 (143
after SIGTERM) when the run was cut short.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:  # imported when a command runs, not when --help is asked for
    from tableodds.analysis.result import Result
    from tableodds.reports.driver import Analysis


def drive(analyse: Analysis, *, as_json: bool = False, **options) -> None:
    """``execute``, then print the text or the JSON document, then the exit status."""
    from tableodds.reports.driver import execute
    from tableodds.reports.output import emit_json
    from tableodds.reports.progress import terminal

    result = execute(analyse, progress=terminal(), **options)
    if as_json:
        emit_json(result.as_dict())
    else:
        click.echo(result.text())
    if result.interrupted:
        raise Interrupted(result)


class Interrupted(Exception):
    """A command whose run was cut short, after its partial results were printed."""

    def __init__(self, result: Result):
        super().__init__("interrupted")
        self.result = result
