"""``tableodds GAME score FILE``: every game's scoring calculator through the driver."""

from __future__ import annotations

import importlib
from pathlib import Path

import click

from tableodds.analysis.registry import Entry
from tableodds.reports.cli.driver import run_and_print
from tableodds.reports.cli.lazy import first_paragraph, module_doc
from tableodds.reports.cli.options import force_option
from tableodds.sim.registry import PACKAGES


def score_command(entry: Entry) -> click.Command:
    """``tableodds GAME score FILE [--json] [--out DIR]`` / ``--template``: the registered
    score command ``entry`` (:func:`tableodds.analysis.registry.scores`)."""
    game = entry.game
    # the help is read from the source: the module itself loads the rules (numpy) when run
    module = PACKAGES[game] + ".scoring"

    @click.command(
        name=entry.command,
        help=first_paragraph(module_doc(module))
        + "\n\nRun with --template for an example file to start from.",
    )
    @click.argument("file", type=click.Path(path_type=Path, dir_okay=False), required=False)
    @click.option("--template", is_flag=True, help="Print a filled-in example file and exit.")
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document on stdout.")
    @click.option(
        "--out",
        "-o",
        type=click.Path(path_type=Path, file_okay=False),
        default=None,
        help="Write run.json and the score table (Parquet + CSV).",
    )
    @force_option
    def command(file, template, as_json, out, force):
        if template:
            click.echo(importlib.import_module(module).TEMPLATE.rstrip("\n"))
            return
        if file is None:
            raise click.UsageError("give a FILE to score, or --template for an example")
        score = entry.load()
        run_and_print(lambda _plan: score(game, file), as_json=as_json, out=out, force=force)

    return command
