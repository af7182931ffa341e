"""Running the ``tableodds`` command in-process, as the tests of every command do."""

import click
import pytest

from tableodds.reports.cli import cli, main


def run_cli(args, capsys):
    """(exit status, stdout, stderr) of ``tableodds ARGS``; main always ends with an exit."""
    with pytest.raises(SystemExit) as e:
        main(args)
    out, err = capsys.readouterr()
    return e.value.code, out, err


# A bound on a hung process only, never a timing assumption: a busy machine may take minutes
# to compile a kernel before a command writes anything, and the tests wait for what the
# command does (a file appears, the process ends), however long that takes.
HANG = 1800


def wait_for(found, proc) -> None:
    """Poll until ``found()`` holds (a file the command writes, say); fail at once with the
    command's stderr if it ended first, or if it seems hung (no result in HANG seconds)."""
    import time

    deadline = time.monotonic() + HANG
    while not found():
        if proc.poll() is not None:
            pytest.fail(f"the command ended (exit {proc.returncode}) first: {proc.stderr.read()}")
        if time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"no result in {HANG} s: the command seems hung")
        time.sleep(0.05)


def default_sigint() -> None:
    """``preexec_fn`` of a command the test will interrupt: SIGINT at its default, as from a
    terminal, even when the tests themselves were started with it ignored (``cmd &``)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def cli_commands() -> dict[str, click.Command]:
    """Every command of the real ``tableodds`` click tree (``"davos goals"``, ``"report"``),
    walked through its groups: what the fuzz tests must cover (:func:`test_every_command_is_
    fuzzed`)."""
    ctx = click.Context(cli)
    found = {}
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        if isinstance(command, click.Group):
            for sub in command.list_commands(ctx):
                found[f"{name} {sub}"] = command.get_command(ctx, sub)
        else:
            found[name] = command
    return found
