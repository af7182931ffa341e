"""The ``tableodds`` command: one group per game, the cheat sheets and the report.

Errors a user can make (bad flags, bad files, impossible records) end as one line on
stderr and exit status 2; the first Ctrl-C stops the whole command, prints what
finished marked INTERRUPTED and exits 130 (SIGTERM: the same, exit 143); a closed pipe
(``| head``) ends quietly.  The statuses are defined once, in
:mod:`tableodds.reports.cli.driver`.
"""

from __future__ import annotations

import math
import os
import signal
import sys
from pathlib import Path

import click

from tableodds.reports.cli.driver import USAGE, Interrupted, stopped_status
from tableodds.reports.cli.lazy import GROUPS, LazyRoot
from tableodds.reports.cli.options import (
    backend_options,
    force_option,
    seed_option,
    workers_option,
)
from tableodds.sim.core import signals
from tableodds.sim.core.compiling import on_first
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
@click.version_option(
    package_name="tableodds",
    message="%(prog)s %(version)s (`tableodds cache` shows its compiled kernels)",
)
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
@seed_option()
@workers_option()
@backend_options
def report(out, force, scale, seed, workers):
    """Run every analysis at its default size and write OUT/index.html."""
    from tableodds.reports.report import SCALE_FLOOR, build_report

    if not math.isfinite(scale) or scale < SCALE_FLOOR:
        raise InputError(
            f"--scale must be a number of at least {SCALE_FLOOR:g}, not {scale:g} (below it "
            "every run is at its least size already)"
        )
    _, interrupted = build_report(
        out, scale=scale, seed=seed, workers=workers, force=force, progress=sys.stderr.isatty()
    )
    click.echo(
        f"wrote {Path(out) / 'index.html'}"
        + (" (INTERRUPTED: only the finished sections)" if interrupted else "")
    )
    if interrupted:
        sys.exit(stopped_status(_terminated))


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
@seed_option("Seed of the simulations behind the sheet's expectations.")
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default="a4",
    show_default=True,
    help="Paper size of the PDF (US Letter or A4); one page either way.",
)
def cheatsheet(game, out, variants, seed, paper):
    from tableodds.reports.cheatsheets import write_sheets

    for path in write_sheets(
        game,
        out,
        variants=variants,
        seed=seed,
        paper=paper,
        every=True,
        spinner=sys.stderr.isatty(),
    ):
        click.echo(f"wrote {path}")


@cli.command("cache")
@click.option(
    "--prune",
    is_flag=True,
    help="Remove the kernels compiled from other sources than those installed now "
    "(an older version, an edited tree); only folders tableodds made are touched.",
)
def cache_command(prune):
    """Where the compiled kernels are kept, and what is there.

    numba compiles each game's kernels the first time they run and keeps them here, one
    folder per game and version of its sources, so that any install of the same sources
    (pip install ., pip install -e ., a new environment) loads them instead of compiling
    again. NUMBA_CACHE_DIR moves the folder.
    """
    from tableodds.reports.progress import game_name
    from tableodds.sim.core import cache

    if prune:
        for e in cache.prune():
            click.echo(f"removed {e.path} ({e.bytes / 1e6:.1f} MB)")
    entries = [e for e in cache.contents() if e.files or not e.current]
    click.echo(f"compiled kernels in {cache.root()} (NUMBA_CACHE_DIR moves them)")
    if not entries:
        click.echo("nothing compiled yet: a game's first run compiles its kernels")
        return
    click.echo(f"  {'game':<11} {'version':<9} {'sources':<17} {'functions':>9} {'size':>9}")
    for e in entries:
        state = "current" if e.current else "other sources (--prune removes it)"
        click.echo(
            f"  {game_name(e.package):<11} {e.version:<9} {e.digest:<17} {e.files:>9} "
            f"{e.bytes / 1e6:>6.1f} MB  {state}"
        )


class _Terminated(KeyboardInterrupt):
    """SIGTERM, handled like Ctrl-C (finished work kept and printed) but exit 143."""


def _on_sigint(signum, frame):
    global _again
    _again = signals.requested.is_set()  # a second signal: the first one's results were on the way
    signals.requested.set()  # seen by the runner even if the exception is swallowed
    raise KeyboardInterrupt


def _on_sigterm(signum, frame):
    global _terminated, _again
    _terminated = True
    _again = signals.requested.is_set()
    signals.requested.set()
    raise _Terminated


_terminated = False
_again = False


def _fail(message: str, code: int) -> None:
    click.echo(f"tableodds: error: {message}", err=True)
    sys.exit(code)


def _tell_compiling(package: str | None) -> None:
    from tableodds.reports.progress import tell_compiling  # loads rich: only when it compiles

    tell_compiling(package)


def main(argv: list[str] | None = None) -> None:
    """The ``tableodds`` command.  Run as a program (``argv`` None) it leaves at once after an
    interrupt, even while abandoned chunks still run in worker threads (see :func:`_leave`)."""
    try:
        _main(argv)
    except SystemExit as e:
        if argv is None and _abandoned():
            _leave(e.code)
        raise


def _abandoned() -> bool:
    """Whether an interrupted run left a chunk running (never imports the runner itself)."""
    runner = sys.modules.get("tableodds.sim.core.runner")
    return runner is not None and runner.abandoned()


def _leave(code) -> None:
    """Exit now: output flushed and exit handlers run (temporary record folders removed), but
    the worker threads still busy with an abandoned chunk are not waited for."""
    import atexit

    if code is None:
        code = 0
    elif not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    atexit._run_exitfuncs()
    os._exit(code)


def _main(argv: list[str] | None) -> None:
    global _terminated, _again
    _terminated = _again = False
    signals.requested.clear()
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    previous_int = signal.getsignal(signal.SIGINT)
    if previous_int is signal.default_int_handler:  # not when started with SIGINT ignored
        signal.signal(signal.SIGINT, _on_sigint)
        signals.sigint = _on_sigint
    untell = on_first(_tell_compiling)  # one line per game whose kernels compile, tty or not
    try:
        code = cli.main(args=argv, prog_name="tableodds", standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except click.UsageError as e:
        _fail(e.format_message().splitlines()[0], USAGE)
    except click.ClickException as e:
        _fail(e.format_message().splitlines()[0], e.exit_code)
    except InputError as e:
        _fail(str(e), USAGE)
    except Interrupted as e:
        r = e.result
        skipped = len(r.left_out)
        click.echo(
            f"tableodds: interrupted; results cover the {r.games_done:,} games "
            f"finished of {r.games:,}"
            + (f"; {skipped} run{'s' * (skipped > 1)} not run" if skipped else ""),
            err=True,
        )
        sys.exit(stopped_status(_terminated))
    except (KeyboardInterrupt, click.Abort):
        when = "again before the results were ready" if _again else "before any game finished"
        click.echo(f"tableodds: interrupted {when}; nothing written", err=True)
        sys.exit(stopped_status(_terminated))
    except BrokenPipeError:
        # stdout went away (e.g. piped into head): leave without a traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    finally:
        untell()
        signal.signal(signal.SIGTERM, previous)
        if previous_int is signal.default_int_handler:
            signal.signal(signal.SIGINT, previous_int)
            signals.sigint = None
        signals.requested.clear()
