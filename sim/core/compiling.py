"""What the process hears of numba compiling: one listener, installed with the kernels.

numba sends a ``numba:compile`` event when it really compiles a function (a cache hit sends
none).  :class:`Watch` counts the outermost ones, names the sim package of each (``davos``,
``s1844``; None outside the games) and tells each function given to :func:`on_first` the
first time a package compiles in this process, so a command can say so once, whatever
runs the kernel.  Importing this module imports no numba; ``jit.py`` installs the watch
before any kernel can compile.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

_first: list[Callable[[str | None], None]] = []


def on_first(tell: Callable[[str | None], None]) -> Callable[[], None]:
    """Call ``tell(package)`` when a package first compiles in this process; returns a
    function that stops it."""
    _first.append(tell)
    return lambda: _first.remove(tell) if tell in _first else None


def _package(dispatcher) -> str | None:
    module = getattr(getattr(dispatcher, "py_func", None), "__module__", "") or ""
    parts = module.split(".")
    if "sim" in parts[:-1] and parts[parts.index("sim") + 1] != "core":
        return parts[parts.index("sim") + 1]
    return None


class Watch:
    """Counts outermost compiles and the seconds they took; ``what`` is the package of the
    last one begun."""

    _one: Watch | None = None

    def __init__(self):
        self.count = 0
        self.seconds = 0.0
        self.what: str | None = None
        self.told: set[str | None] = set()
        self._since: float | None = None  # when the compile under way began
        self._depth = threading.local()
        self._lock = threading.Lock()

    @classmethod
    def install(cls) -> Watch:
        if cls._one is None:
            cls._one = cls()
            try:
                from numba.core import event
            except ImportError:  # no numba: nothing compiles
                return cls._one
            cls._one._register(event)
        return cls._one

    def _start(self, dispatcher) -> None:
        depth = getattr(self._depth, "n", 0)
        self._depth.n = depth + 1
        if depth:
            return  # a callee of a function being compiled
        package = _package(dispatcher)
        with self._lock:
            self._since = time.perf_counter()
            self.count += 1
            self.what = package
        self.tell(package)

    def tell(self, package: str | None) -> None:
        """Tell the functions of :func:`on_first` that ``package`` compiles, the first time
        (also for a compile in a worker process: :func:`side_by_side`'s caller says so)."""
        with self._lock:
            first = package not in self.told
            self.told.add(package)
        if first:
            for tell in list(_first):
                tell(package)

    def _end(self) -> None:
        self._depth.n -= 1
        if not self._depth.n:
            with self._lock:
                self.seconds += time.perf_counter() - self._since
                self._since = None

    def seconds_now(self) -> float:
        """Seconds spent compiling so far, the compile under way included."""
        with self._lock:
            now = 0.0 if self._since is None else time.perf_counter() - self._since
            return self.seconds + now

    def _register(self, event) -> None:
        watch = self

        class Listener(event.Listener):
            def on_start(self, ev):
                watch._start(ev.data.get("dispatcher"))

            def on_end(self, ev):
                watch._end()

        event.register("numba:compile", Listener())


def _ignore_sigint() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides: it stops the pool


def side_by_side(fn: Callable, items: list, processes: int | None = None) -> list:
    """``[fn(x) for x in items]``, each in a worker process (``spawn``: a fresh interpreter,
    no numba state inherited), at most ``processes`` at once (None: one per core): numba
    compiles a function on one core, so kernels that are not in the cache yet compile side by
    side and the caller then loads them from the cache.  With fewer than two items or
    processes it starts nothing and returns ``[]``: the caller compiles where it runs.

    Ctrl-C in the caller stops the workers (they ignore SIGINT) and re-raises; numba writes
    each cache entry whole, so a stopped worker leaves no half entry."""
    import multiprocessing
    import os

    processes = min(len(items), processes or os.cpu_count() or 1)
    if processes < 2:
        return []
    pool = multiprocessing.get_context("spawn").Pool(processes, initializer=_ignore_sigint)
    try:
        done = pool.map(fn, items, chunksize=1)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
    return done
