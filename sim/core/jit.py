"""The two ways tableodds compiles a function with numba, so that every kernel reads alike.

* :func:`entry`: a function called from Python (a kernel's chunk function, or a helper the
  tests and analyses call): compiled once per version into the on-disk cache
  (``tableodds.sim.NUMBA_CACHE_DIR``) and run without the GIL, so the runner's threads run
  chunks side by side;
* :func:`jit`: a function called only from other compiled functions; ``inline="always"``
  inlines it into its callers in numba's IR (small hot helpers), the default leaves that to
  LLVM.

Both use numpy's error model: integer code with no per-division zero check (no kernel divides
by zero; the reference twins would raise where one did).  ``alloc=False`` compiles without
numba's reference counting (a function that allocates no array), which saves the count
updates on every array argument in the hottest loops (the 1844 kernel and the Boss's bots; a
function that makes layout views needs the counting, ``sim/core/layout.py``).
"""

from numba import njit

_ERRORS = "numpy"


def entry(fn=None, *, alloc: bool = True):
    """``@entry``: a compiled function called from Python (cached, without the GIL)."""
    deco = njit(cache=True, nogil=True, error_model=_ERRORS, _nrt=alloc)
    return deco if fn is None else deco(fn)


def jit(fn=None, *, inline: str = "never", alloc: bool = True):
    """``@jit``: a compiled function called from compiled code only."""
    deco = njit(inline=inline, error_model=_ERRORS, _nrt=alloc)
    return deco if fn is None else deco(fn)
