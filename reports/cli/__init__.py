"""The ``tableodds`` command: one group per game, the cheat sheets and the report.

Errors a user can make (bad flags, bad files, impossible records) end as one line on
stderr and exit status 2; the first Ctrl-C stops the whole command, prints what
finished marked INTERRUPTED and exits 130 (SIGTERM: the same, exit 143); a closed pipe
(``| head``) ends quietly.
"""

from __future__ import annotations

import math
import os
import signal
import sys
from pathlib import Path

import click

from tableodds.reports.cli.driver import Interrupted
from tableodds.reports.cli.lazy import GROUPS, LazyRoot
from tableodds.reports.cli.options import backend_options, force_option
from tableodds.sim.core.errors import InputError

# game name -> the module of its commands (tableodds.reports.cli.<package>), loaded when named
COMMANDS = {name: module for name, (module, _) in GROUPS.items()}


class _Root(LazyRoot):
    """``tableodds`` alone lists the commands instead of a usage error."""

    def parse_args(self, ctx, args):
        if not args:
            click.echo(ctx.get_help())
            ctx.exit(0)
        return super().parse_args(ctx, args)


@click.group(
    cls=_Root, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100}
)
@click.version_option(package_name="tableodds")
def cli():
    """Odds, scores and cheat sheets for Davoserjas, Davos, 1844, Borgia and I'm the Boss!.

    Every command takes --help. Simulations are seeded: the same --seed gives the
    same numbers on any number of --workers.
    """


@cli.command()
@click.option(
    "--out",
    "-o",
    type=click.Path(file_okay=False, path_type=Path),
    default="out",
    show_default=True,
    help="Folder for index.html, its plots and the data behind them, written when "
    "the report is done; an earlier report's files there are replaced, nothing else.",
)
@force_option
@click.option(
    "--scale",
    type=float,
    default=1.0,
    show_default=True,
    help="Multiply every default run size (0.1 for a quick look).",
)
@click.option("--seed", "-s", type=int, default=1, show_default=True, help="Master seed.")
@click.option(
    "--workers", "-w", type=int, default=None, help="Worker threads [default: all cores]."
)
@backend_options
def report(out, force, scale, seed, workers):
    """Run every analysis at its default size and write OUT/index.html."""
    from tableodds.reports.report import build_report

    if not math.isfinite(scale) or scale <= 0:
        raise InputError(f"--scale must be a positive number, not {scale}")
    _, interrupted = build_report(
        out, scale=scale, seed=seed, workers=workers, force=force, progress=sys.stderr.isatty()
    )
    click.echo(
        f"wrote {Path(out) / 'index.html'}"
        + (" (INTERRUPTED: only the finished sections)" if interrupted else "")
    )
    if interrupted:
        sys.exit(143 if _terminated else 130)


def _sheet_help() -> str:
    from tableodds.reports.cheatsheets import games

    return (
        "Write a one-page score sheet (PDF, Markdown, HTML) for GAME, or for all games.\n\n"
        f"GAME is one of: {', '.join(games())}, or all."
    )


@cli.command(help=_sheet_help())
@click.argument("game")
@click.option(
    "--out",
    "-o",
    type=click.Path(file_okay=False, path_type=Path),
    default="out",
    show_default=True,
    help="Folder for GAME-cheatsheet-PAPER.pdf (the paper in the name, so A4 and Letter "
    "sit side by side), .md and .html, added beside what it holds (only earlier sheets "
    "are replaced).",
)
@click.option(
    "--variant",
    "variants",
    multiple=True,
    metavar="NAME[=VALUE]",
    help="A variant of the game's rules, as its simulate command takes them.",
)
@click.option(
    "--seed",
    "-s",
    type=int,
    default=1,
    show_default=True,
    help="Seed of the simulations behind the sheet's expectations.",
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default="a4",
    show_default=True,
    help="Paper size of the PDF (US Letter or A4); one page either way.",
)
def cheatsheet(game, out, variants, seed, paper):
    from tableodds.reports.cheatsheets import builders
    from tableodds.reports.output import OutFolder
    from tableodds.reports.sheet import write_sheet

    available = builders()
    names = list(available) if game == "all" else [game]
    for name in names:
        if name not in available:
            raise InputError(
                f"no cheat sheet for {name!r}; choose from: {', '.join(available)} or all"
            )
    # the sheets are added beside what the folder holds; only earlier sheets are replaced
    folder = OutFolder(out, beside=True)
    try:
        written = []
        for name in names:
            sheet = available[name](variants=variants, seed=seed)
            written += write_sheet(sheet, folder.staging, paper)
        folder.commit()
    except BaseException:
        folder.discard()
        raise
    for path in written:
        click.echo(f"wrote {Path(out) / path.relative_to(folder.staging)}")


class _Terminated(KeyboardInterrupt):
    """SIGTERM, handled like Ctrl-C (finished work kept and printed) but exit 143."""


def _on_sigterm(signum, frame):
    global _terminated
    _terminated = True
    raise _Terminated


_terminated = False


def _fail(message: str, code: int) -> None:
    click.echo(f"tableodds: error: {message}", err=True)
    sys.exit(code)


def main(argv: list[str] | None = None) -> None:
    global _terminated
    _terminated = False
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        code = cli.main(args=argv, prog_name="tableodds", standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except click.UsageError as e:
        _fail(e.format_message().splitlines()[0], 2)
    except click.ClickException as e:
        _fail(e.format_message().splitlines()[0], e.exit_code)
    except InputError as e:
        _fail(str(e), 2)
    except Interrupted as e:
        r = e.result
        click.echo(
            f"tableodds: interrupted; results cover the {r.games_done:,} games "
            f"finished of {r.games:,}",
            err=True,
        )
        sys.exit(143 if _terminated else 130)
    except (KeyboardInterrupt, click.Abort):
        click.echo("tableodds: interrupted before any game finished; nothing written", err=True)
        sys.exit(143 if _terminated else 130)
    except BrokenPipeError:
        # stdout went away (e.g. piped into head): leave without a traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    finally:
        signal.signal(signal.SIGTERM, previous)
