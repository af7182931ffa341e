"""The process's stop request, set by the CLI's SIGINT and SIGTERM handlers.

The handlers also raise KeyboardInterrupt, which stops whatever the main thread is doing;
but code that catches too much (a bare ``except:``) can swallow it.  The runner therefore
also checks this flag while it waits for chunks and before each run, so a signal stops the
command even then.  Imports nothing heavy: the CLI sets it before any game is loaded.
"""

from __future__ import annotations

import threading

requested = threading.Event()
