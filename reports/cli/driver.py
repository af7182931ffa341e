"""The one driver behind every command: run -> summarise -> write -> print -> exit status.

A command parses its flags and hands the driver a function of a
:class:`~tableodds.sim.core.runner.CommandRuns` that returns a
:class:`~tableodds.analysis.result.Result`.  :func:`tableodds.reports.driver.run_and_save`
runs and writes it; the driver prints the text or one JSON document, and exits
:data:`INTERRUPTED` (:data:`TERMINATED` after SIGTERM) when the run was cut short.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

# The exit statuses of the tableodds command, in one place (besides 0, and 1 for a closed pipe)
USAGE = 2  # bad flags, a bad file, an impossible record: one line on stderr, nothing written
INTERRUPTED = 130  # the first Ctrl-C (128 + SIGINT): what finished is printed and written
TERMINATED = 143  # SIGTERM (128 + 15): handled as Ctrl-C, but this status


def stopped_status(terminated: bool) -> int:
    """The exit status of a command stopped by a signal: SIGTERM's or Ctrl-C's."""
    return TERMINATED if terminated else INTERRUPTED


if TYPE_CHECKING:  # imported when a command runs, not when --help is asked for
    from tableodds.analysis.result import Result
    from tableodds.reports.driver import Analysis


def run_and_print(analyse: Analysis, *, as_json: bool = False, **options) -> None:
    """``run_and_save``, then print the text or the JSON document, then the exit status."""
    from tableodds.reports.driver import run_and_save
    from tableodds.reports.output import emit_json
    from tableodds.reports.progress import terminal

    result = run_and_save(analyse, progress=terminal(), **options)
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
