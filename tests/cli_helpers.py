"""Running the ``tableodds`` command in-process, as the tests of every command do."""

import pytest

from tableodds.reports.cli import main


def run_cli(args, capsys):
    """(exit status, stdout, stderr) of ``tableodds ARGS``; main always ends with an exit."""
    with pytest.raises(SystemExit) as e:
        main(args)
    out, err = capsys.readouterr()
    return e.value.code, out, err
