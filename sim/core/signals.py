"""The process's stop request, set by the CLI's SIGINT and SIGTERM handlers.

The handlers also raise KeyboardInterrupt, which stops whatever the main thread is doing;
but code that catches too much (a bare ``except:``) can swallow it.  The runner therefore
also checks this flag while it waits for chunks and before each run, so a signal stops the
command even then.  Imports nothing heavy: the CLI sets it before any game is loaded.
"""

from __future__ import annotations

import signal
import threading

requested = threading.Event()
sigint = None  # the CLI's SIGINT handler while it runs a command (None: Python's own)


def reclaim() -> None:
    """Put the CLI's SIGINT handler back in front of the process's.

    Polars hooks SIGINT when it is imported, to abort its own queries.  The flag it sets
    outlives the signal: after an interrupted run, the next query (the summary of the games
    that finished) raised KeyboardInterrupt about one time in ten.  The CLI answers the
    signal itself, so the runner calls this before each run to keep Polars out of it.
    """
    if sigint is not None and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, sigint)
