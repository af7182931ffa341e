"""The ``tableodds`` command: one group per game plus the report.

Errors a user can make (bad flags, bad files, impossible records) end as one
line on stderr and exit status 2; Ctrl-C ends with status 130 after keeping
finished work; a closed pipe (``| head``) ends quietly.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from tableodds.sim.core.errors import InputError
from tableodds.sim.core.options import backend_options
from tableodds.sim.registry import cli_groups


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="tableodds")
def cli():
    """Odds, scores and cheat sheets for Davoserjas, Davos, 1844, Borgia and I'm the Boss!.

    Every command takes --help. Simulations are seeded: the same --seed gives the
    same numbers on any number of --workers.
    """


for _group in cli_groups():
    cli.add_command(_group)


@cli.command()
@click.option("--out", "-o", type=click.Path(file_okay=False), default="out", show_default=True,
              help="Directory for index.html, its plots and the data behind them.")
@click.option("--scale", type=float, default=1.0, show_default=True,
              help="Multiply every default run size (0.1 for a quick look).")
@click.option("--seed", "-s", type=int, default=1, show_default=True, help="Master seed.")
@click.option("--workers", "-w", type=int, default=None, help="Worker threads [default: all cores].")
@backend_options
def report(out, scale, seed, workers):
    """Run every analysis at its default size and write OUT/index.html."""
    from tableodds.reports.report import build_report
    if scale <= 0:
        raise InputError(f"--scale must be positive, not {scale}")
    path = build_report(out, scale=scale, seed=seed, workers=workers)
    click.echo(f"wrote {path}")


@cli.command()
@click.argument("game")
@click.option("--out", "-o", type=click.Path(file_okay=False, path_type=Path), default="out",
              show_default=True, help="Directory for GAME-cheatsheet.pdf, .md and .html.")
@click.option("--variant", "variants", multiple=True, metavar="NAME[=VALUE]",
              help="A variant of the game's rules, as its simulate command takes them.")
@click.option("--seed", "-s", type=int, default=1, show_default=True,
              help="Seed of the simulations behind the sheet's expectations.")
def cheatsheet(game, out, variants, seed):
    """Write an A4 scoring cheat sheet (PDF, Markdown, HTML) for GAME, or for all games."""
    from tableodds.reports.cheatsheets import builders
    available = builders()
    names = list(available) if game == "all" else [game]
    for name in names:
        if name not in available:
            raise InputError(f"no cheat sheet for {name!r}; choose from: "
                             f"{', '.join(available)} or all")
        from tableodds.reports.sheet import write_sheet
        for path in write_sheet(available[name](variants=variants, seed=seed), out):
            click.echo(f"wrote {path}")


def _fail(message: str, code: int) -> None:
    click.echo(f"tableodds: error: {message}", err=True)
    sys.exit(code)


def main(argv: list[str] | None = None) -> None:
    try:
        code = cli.main(args=argv, prog_name="tableodds", standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except click.UsageError as e:
        _fail(e.format_message().splitlines()[0], 2)
    except click.ClickException as e:
        _fail(e.format_message().splitlines()[0], e.exit_code)
    except InputError as e:
        _fail(str(e), 2)
    except (KeyboardInterrupt, click.Abort):
        click.echo("tableodds: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        # stdout went away (e.g. piped into head): leave without a traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
