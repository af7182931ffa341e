"""The two ways tableodds compiles a function with numba, so that every kernel reads alike.

* :func:`entry`: a function called from Python (a kernel's chunk function, or a helper the
  tests and analyses call): compiled once per version of its sources into the on-disk cache
  (``sim/core/cache.py``, where any install of the same sources finds it) and run without
  the GIL, so the runner's threads run chunks side by side;
* :func:`jit`: a function called only from other compiled functions; ``inline="always"``
  inlines it into its callers in numba's IR (small helpers: numba types and lowers it again at
  every call site), ``inline="llvm"`` compiles it once and has LLVM inline its machine code
  into every caller (larger hot helpers: the speed of inlining for a fraction of the compile
  time), and the default leaves that to LLVM's own judgement.

Both use numpy's error model: integer code with no per-division zero check (no kernel divides
by zero; the reference twins would raise where one did).  ``alloc=False`` compiles without
numba's reference counting (a function that allocates no array), which saves the count
updates on every array argument in the hottest loops (the 1844 kernel and the Boss's bots; a
function that makes layout views needs the counting, ``sim/core/layout.py``).
"""

import hashlib
import os
from pathlib import Path

from numba import njit
from numba.core import caching, sigutils
from numba.core.compiler_lock import global_compiler_lock

try:
    import fcntl
except ImportError:  # Windows: no lock, so two processes may compile the same kernel at once
    fcntl = None

from tableodds.sim.core import cache, compiling

_ERRORS = "numpy"


class _GameLocator(caching._SourceFileBackedLocatorMixin, caching._CacheLocator):
    """numba's cache for a function of tableodds.sim: in its package's folder of
    ``sim/core/cache.py`` (by version and a hash of the sources, not by install path)."""

    def __init__(self, py_func, py_file, package):
        self._py_file, self._package = py_file, package
        self._lineno = py_func.__code__.co_firstlineno
        self._cache_path = str(cache.folder(package))

    def ensure_cache_path(self):
        cache.mark(cache.folder(self._package), self._package)
        super().ensure_cache_path()

    def get_cache_path(self):
        return self._cache_path

    def get_source_stamp(self):
        return cache.digest(self._package)  # the folder's sources, whatever numba's version

    @classmethod
    def from_function(cls, py_func, py_file):
        package = cache.package_of(py_file)
        if package is None:
            return None
        self = cls(py_func, py_file, package)
        try:
            self.ensure_cache_path()
        except OSError:  # no writable cache folder: numba's own locators, or none
            return None
        return self


compiling.Watch.install()  # before any kernel compiles: a command hears of each first compile
if not os.environ.get("NUMBA_CACHE_LOCATOR_CLASSES"):  # a user's own choice stands
    if _GameLocator not in caching.CacheImpl._locator_classes:
        caching.CacheImpl._locator_classes.insert(0, _GameLocator)


def named(fn, name: str):
    """``fn`` under its own ``name``: each version a factory makes of one inner function
    needs one.  numba names machine code by the function's qualified name and a counter of
    its own process, so two versions under one name could be given each other's code from
    the cache (a process that compiled one and loaded the other ran the wrong one)."""
    fn.__name__ = fn.__qualname__ = name
    return fn


def lock_path(dispatcher, sig) -> Path:
    """The file a process holds while it compiles ``dispatcher`` for ``sig``."""
    args, _ = sigutils.normalize_signature(sig)
    what = f"{dispatcher.py_func.__module__}.{dispatcher.py_func.__qualname__}{tuple(args)}"
    key = hashlib.sha256(what.encode()).hexdigest()[:16]
    return Path(dispatcher._cache._cache_path) / f"compiling-{key}.lock"


def _compile_once(dispatcher):
    """One process compiles a cached kernel for a signature while any other that needs it
    waits, then loads it from the cache: the test suite's workers, the report's compile
    workers and two commands started at once would otherwise each compile it.  numba's
    own lock is taken first, so the threads of one process never wait on each other's file
    lock; across processes the locks are taken down the call graph, which has no cycle."""
    compile_here = dispatcher.compile

    def compile(sig):
        args, _ = sigutils.normalize_signature(sig)
        if fcntl is None or tuple(args) in dispatcher.overloads:
            return compile_here(sig)
        with global_compiler_lock:
            try:
                path = lock_path(dispatcher, sig)
                path.parent.mkdir(parents=True, exist_ok=True)
                held = open(path, "w")
            except OSError:  # no writable cache folder: compile unlocked
                return compile_here(sig)
            with held:
                fcntl.flock(held, fcntl.LOCK_EX)  # released when the file closes
                return compile_here(sig)  # numba's compile looks in the cache first

    dispatcher.compile = compile
    return dispatcher


def _apply(deco, fn, cached: bool):
    """``deco`` as a decorator (``fn`` None) or applied to ``fn``; a function kept on disk
    also compiles one process at a time."""

    def apply(f):
        return _compile_once(deco(f)) if cached else deco(f)

    return apply if fn is None else apply(fn)


def entry(fn=None, *, alloc: bool = True):
    """``@entry``: a compiled function called from Python (cached, without the GIL)."""
    deco = njit(cache=True, nogil=True, error_model=_ERRORS, _nrt=alloc, forceinline=False)
    return _apply(deco, fn, cached=True)


def jit(fn=None, *, inline: str = "never", alloc: bool = True, cache: bool = False):
    """``@jit``: a compiled function called from compiled code only.  ``cache=True`` keeps
    its machine code on disk like an entry's, for a large helper that every compile-time
    version of a kernel calls alike: a process compiling another version loads it."""
    llvm = inline == "llvm"
    # numba hands forceinline down to every callee that does not set it: always set it
    deco = njit(
        inline="never" if llvm else inline,
        forceinline=llvm,
        error_model=_ERRORS,
        _nrt=alloc,
        cache=cache,
    )
    return _apply(deco, fn, cached=cache)
