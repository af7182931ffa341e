"""``python -m tableodds.reports.cli``: the same as the ``tableodds`` command."""

from tableodds.reports.cli import main

main()
