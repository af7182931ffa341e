"""Where a run's chunks run: threads in this process, or a Dask cluster (see :mod:`.runner`).

A backend starts its workers, takes tasks and hands back futures; after Ctrl-C it drops what
has not started and abandons what is running, never waiting for it.  The local workers are
daemon threads, so a program can leave at once (the CLI does, with ``os._exit``, while
:func:`abandoned` says one is still busy).  :func:`using` sets the backend of every run in a
block of code; :func:`make_backend` is the one the CLI's options ask for.
"""

from __future__ import annotations

import logging
import os
import queue
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from contextlib import contextmanager
from contextvars import ContextVar

from tableodds.sim.core.errors import InputError


class Backend:
    """Where chunks run.  ``start`` returns how many chunks can run at once."""

    name = "backend"
    warms_up = False  # play one game before the clock starts (compiles the kernel here)

    def start(self, workers: int) -> int:
        raise NotImplementedError

    def submit(self, fn: Callable, *args):
        """Start ``fn(*args)`` somewhere; return a future of its result."""
        raise NotImplementedError

    def wait(self, pending: set, timeout: float) -> tuple[set, set]:
        """(finished, still pending) after at most ``timeout`` seconds."""
        raise NotImplementedError

    def result(self, future):
        return future.result()

    def stop(self, pending: set) -> list:
        """After Ctrl-C: drop what has not started, abandon what is running (never wait for
        it); return the futures that finished."""
        raise NotImplementedError

    def close(self) -> None:
        pass


class LocalBackend(Backend):
    """Daemon threads in this process; the kernels release the GIL."""

    name = "local"
    warms_up = True

    def __init__(self):
        self.pool = None
        self.workers = 0

    def start(self, workers: int) -> int:
        if self.pool is None or self.workers != workers:
            self.close()
            self.pool = _Pool(workers)
            self.workers = workers
        return workers

    def submit(self, fn, *args):
        return self.pool.submit(fn, *args)

    def wait(self, pending, timeout):
        finished, pending = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
        return finished, pending

    def stop(self, pending):
        for f in pending:
            f.cancel()
        if any(not f.done() for f in pending):
            self.close()  # its running chunks are abandoned: a later run gets fresh threads
        return [f for f in pending if f.done() and not f.cancelled() and f.exception() is None]

    def close(self):
        if self.pool is not None:
            self.pool.shutdown()
            self.pool = None


class _Pool:
    """Worker threads fed from a queue, like a ThreadPoolExecutor, but daemon threads that
    nobody joins: a chunk still running when the pool shuts down is finished by its thread
    and dropped, while the program goes on (or leaves) without waiting for it."""

    def __init__(self, workers: int):
        self.queue: queue.SimpleQueue = queue.SimpleQueue()
        self.running: set[threading.Thread] = set()  # threads inside a chunk now
        self.threads = [
            threading.Thread(target=self._work, name=f"tableodds-worker-{i}", daemon=True)
            for i in range(workers)
        ]
        for t in self.threads:
            t.start()

    def submit(self, fn, *args) -> Future:
        f = Future()
        self.queue.put((f, fn, args))
        return f

    def _work(self) -> None:
        while (item := self.queue.get()) is not None:
            f, fn, args = item
            del item
            if not f.set_running_or_notify_cancel():
                continue
            me = threading.current_thread()
            self.running.add(me)
            try:
                value = fn(*args)
            except BaseException as e:  # a chunk's KeyboardInterrupt reaches the driver
                f.set_exception(e)
            else:
                f.set_result(value)
            finally:
                self.running.discard(me)
            del f, fn, args

    def shutdown(self) -> None:
        """Cancel what has not started; each thread leaves after its running chunk."""
        while True:
            try:
                item = self.queue.get_nowait()
            except queue.Empty:
                break
            if item is not None:
                item[0].cancel()
        for _ in self.threads:
            self.queue.put(None)
        left = list(self.running)
        for t in left:  # an abandoned chunk yields the CPU to what the program does next
            try:
                os.setpriority(os.PRIO_PROCESS, t.native_id, 19)  # Linux: that thread only
            except (AttributeError, OSError, TypeError):
                pass
        _Pool.abandoned.extend(left)

    abandoned: list[threading.Thread] = []  # threads of shut-down pools that were in a chunk


def abandoned() -> bool:
    """Whether a worker thread of a stopped run is still busy with a chunk nobody waits for."""
    _Pool.abandoned[:] = [t for t in _Pool.abandoned if t.is_alive()]
    return bool(_Pool.abandoned)


class DaskBackend(Backend):
    """A Dask cluster: a ``client`` you already have, an existing scheduler at
    ``scheduler``, or else a local cluster of ``workers`` single-threaded processes
    started on first use (and closed with the backend).

    Each chunk is one task whose result (the part's Parquet bytes) comes back to the
    driver, which writes it, so workers need no shared disk.  Workers must run the same
    versions of tableodds and its libraries as the driver.  A chunk lost with its worker is
    recomputed by Dask from the same (seed, start, count), hence with the same records.
    Kernels are imported once per worker process and load from numba's cache there.
    """

    name = "dask"
    timeout = 20  # seconds to reach the scheduler and to see a worker

    def __init__(self, scheduler: str | None = None, client=None):
        self.scheduler = scheduler
        self.client = client
        self.own_client = client is None
        self.cluster = None
        self.run_id = 0

    def start(self, workers: int) -> int:
        distributed = _import_distributed()
        if self.client is None:
            if self.scheduler is not None:
                try:
                    self.client = distributed.Client(self.scheduler, timeout=self.timeout)
                except (OSError, TimeoutError) as e:
                    why = str(e).splitlines()[0] if str(e) else type(e).__name__
                    raise InputError(
                        f"cannot reach the Dask scheduler at {self.scheduler}: {why}"
                    ) from None
            else:
                with _sigint_ignored():  # the workers inherit it: Ctrl-C is the driver's
                    self.cluster = distributed.LocalCluster(
                        n_workers=workers,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=":0",
                        silence_logs=logging.ERROR,
                    )
                self.client = distributed.Client(self.cluster)
        self.run_id += 1
        self.token = f"tableodds-{os.getpid()}-{id(self)}-{self.run_id}"
        self.tasks = 0
        try:
            self.client.wait_for_workers(1, timeout=self.timeout)
        except TimeoutError:
            raise InputError(
                f"the Dask cluster at {self.client.scheduler.address} has no workers"
            ) from None
        return max(1, sum(self.client.nthreads().values()))

    def submit(self, fn, *args):
        # pure=False with a key of its own: one task per chunk, never merged with another run's.
        self.tasks += 1
        return self.client.submit(fn, *args, key=f"{self.token}-{self.tasks}", pure=False)

    def wait(self, pending, timeout):
        distributed = _import_distributed()
        try:
            res = distributed.wait(list(pending), timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:
            return set(), pending
        return set(res.done), set(res.not_done)

    def stop(self, pending):
        if not pending:
            return []
        finished = [f for f in pending if f.status == "finished"]
        self.client.cancel([f for f in pending if f.status != "finished"])
        return finished

    def close(self):
        if self.client is not None and self.own_client:
            self.client.close()
            self.client = None
        if self.cluster is not None:
            self.cluster.close()
            self.cluster = None


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Processes started in this block ignore SIGINT (Python keeps an inherited SIG_IGN)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise InputError("--backend dask needs Dask: pip install 'tableodds[cluster]'") from None
    return distributed


_active: ContextVar[Backend | None] = ContextVar("tableodds_backend", default=None)


def active() -> Backend | None:
    """The backend of the innermost :func:`using` block (None outside one)."""
    return _active.get()


@contextmanager
def using(backend: Backend) -> Iterator[Backend]:
    """Run every run (``runner.run``) inside the block on ``backend``; closes it at the end."""
    token = _active.set(backend)
    try:
        yield backend
    finally:
        _active.reset(token)
        backend.close()


def make_backend(name: str | None, scheduler: str | None, workers: int | None = None) -> Backend:
    """The backend the CLI options ``--backend`` and ``--scheduler`` ask for."""
    if scheduler is not None and name == "local":
        raise InputError("--scheduler needs --backend dask")
    if scheduler is not None and workers is not None:
        raise InputError(
            "--workers does not apply to a running cluster (--scheduler): "
            "its workers are the ones started with 'dask worker'"
        )
    if name == "dask" or scheduler is not None:
        _import_distributed()
        return DaskBackend(scheduler)
    return LocalBackend()
