"""Game engines: one package per game, numba kernels and their plain-Python twins."""

import hashlib
import os
import sys
from pathlib import Path


def _numba_cache_dir() -> str:
    """One numba cache folder per version of these sources.

    numba keys a cached kernel by the stamp of the kernel's own file, so a kernel
    whose helpers in another file changed (a bot, the search) would load stale
    machine code; so would an upgrade that leaves old cache files beside new
    sources. A folder named by a hash of every source here avoids both. A
    NUMBA_CACHE_DIR the user set is left alone.
    """
    if os.environ.get("NUMBA_CACHE_DIR"):
        return os.environ["NUMBA_CACHE_DIR"]
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    folder = str(Path(home) / "tableodds" / "numba" / digest.hexdigest()[:16])
    os.environ["NUMBA_CACHE_DIR"] = folder  # read when numba is imported, also by workers
    if "numba" in sys.modules:  # imported already: set its config too
        sys.modules["numba"].config.CACHE_DIR = folder
    return folder


NUMBA_CACHE_DIR = _numba_cache_dir()
