"""Where compiled kernels are kept: one folder per game and version of its sources.

numba keys its own cache by where a source file lies, so an install that moves the code (``pip
install .`` then ``pip install -e .``, a new virtual environment) compiled everything again.
Here a game's compiled functions live in ``ROOT/<tableodds version>/<game>-<digest>``, where
the digest is a hash of every file of the game's package (data files read into constants
too) and of the ``sim/core`` modules its compiled code imports (the helpers a kernel
inlines): the same sources find the same folder wherever they are installed, an edit to one
game, or to the runner, leaves the others' compiles alone, and stale machine code is never
loaded.  ``ROOT`` is ``$NUMBA_CACHE_DIR`` when set, otherwise the
user's cache folder (``platformdirs``: ``~/.cache/tableodds/numba`` on Linux).

Each game folder holds a ``tableodds-cache.json`` naming what made it, so :func:`prune`
removes only folders this module made.  numba itself is not imported here; ``jit.py`` installs
the locator that puts compiled functions in these folders.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import os
import shutil
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

SIM = Path(__file__).resolve().parent.parent  # the tableodds.sim package
MARK = "tableodds-cache.json"
# what a kernel is compiled from: code and the data files read into constants (the recorded
# games in games/ are read at run time only); all of them ship in the wheel
SOURCES = {".py", ".toml", ".npz"}
SKIP = {"__pycache__", "games"}


def tableodds_version() -> str:
    try:
        return version("tableodds")
    except PackageNotFoundError:  # a source tree on sys.path, not installed
        return "0+source"


def root() -> Path:
    """The folder all games' compiled functions are kept under."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    from platformdirs import user_cache_path

    return user_cache_path("tableodds", appauthor=False) / "numba"


def _files(folder: Path):
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if path.suffix in SOURCES and not SKIP & set(rel.parts) and path.is_file():
            yield path


def _imported(path: Path, sim: Path) -> set[Path]:
    """The files of the tree ``sim`` that ``path`` imports, anywhere in it."""
    found = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for name in names:
            if name.startswith("tableodds.sim."):
                where = sim.joinpath(*name.split(".")[2:])
                for f in (where.with_suffix(".py"), where / "__init__.py"):
                    if f.is_file():
                        found.add(f)
    return found


def _compiled_from(package: str, sim: Path) -> list[Path]:
    """The files a package's kernels are compiled from: every file of the package, and the
    files of sim/core that its compiled modules (those that import ``sim.core.jit``) reach by
    their imports, directly or through others. The rest of sim/core (the runner, the
    backends) is no part of any kernel, so an edit to it leaves every compile alone."""
    own = list(_files(sim / package))
    if package == "core":
        return own
    seen: set[Path] = set()
    todo = [f for f in own if f.suffix == ".py" and b"sim.core.jit" in f.read_bytes()]
    while todo:
        f = todo.pop()
        if f not in seen:
            seen.add(f)
            todo.extend(_imported(f, sim) - seen)
    core = sim / "core"
    return own + sorted(f for f in seen if f.parent == core)


def digest_of(package: str, sim: Path) -> str:
    """A hash of the sources a package's kernels are compiled from
    (:func:`_compiled_from`) in the tree ``sim``."""
    h = hashlib.sha256()
    for path in _compiled_from(package, sim):
        h.update(path.relative_to(sim).as_posix().encode() + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


@functools.cache
def digest(package: str) -> str:
    """:func:`digest_of` the installed package."""
    return digest_of(package, SIM)


def package_of(py_file: str) -> str | None:
    """The sim package (``davos``, ``core``) of a source file, None outside tableodds.sim."""
    try:
        parts = Path(py_file).resolve().relative_to(SIM).parts
    except ValueError:
        return None
    return parts[0] if len(parts) > 1 else None


def folder(package: str) -> Path:
    """The folder of a package's compiled functions for the sources installed now."""
    return root() / tableodds_version() / f"{package}-{digest(package)}"


def mark(path: Path, package: str) -> None:
    """Make ``path`` (a package's folder) and say what made it, once."""
    path.mkdir(parents=True, exist_ok=True)
    note = path / MARK
    if not note.exists():
        text = json.dumps(
            {"package": package, "version": tableodds_version(), "digest": digest(package)}
        )
        tmp = path / f".{MARK}.{os.getpid()}"
        tmp.write_text(text)
        tmp.replace(note)


def note(package: str, what: str) -> None:
    """Say in the package's folder that ``what`` (``report``: the report's section) ran on
    these sources, so its kernels are all compiled (:func:`noted`)."""
    path = folder(package)
    mark(path, package)
    (path / f"{what}.done").touch()


def noted(package: str, what: str) -> bool:
    return (folder(package) / f"{what}.done").exists()


@dataclass(frozen=True)
class Entry:
    """One package folder under the root."""

    path: Path
    package: str
    version: str
    digest: str
    files: int  # compiled functions' index files (one per function)
    bytes: int
    current: bool  # made from the sources installed now


def contents() -> list[Entry]:
    """Every folder under :func:`root` that this module made, current ones first."""
    found = []
    for note in sorted(root().glob(f"*/*/{MARK}")):
        try:
            meta = json.loads(note.read_text())
            package, ver, dig = meta["package"], meta["version"], meta["digest"]
        except (OSError, ValueError, KeyError, TypeError):
            continue  # not one of ours after all
        files = [p for p in note.parent.iterdir() if p.is_file()]
        current = ver == tableodds_version() and (SIM / package).is_dir() and dig == digest(package)
        found.append(
            Entry(
                note.parent,
                package,
                ver,
                dig,
                sum(p.suffix == ".nbi" for p in files),
                sum(p.stat().st_size for p in files),
                current,
            )
        )
    return sorted(found, key=lambda e: (not e.current, e.package, e.version))


def prune() -> list[Entry]:
    """Remove the folders made from other sources than those installed now; what it removed."""
    gone = [e for e in contents() if not e.current]
    for e in gone:
        shutil.rmtree(e.path, ignore_errors=True)
        try:
            e.path.parent.rmdir()  # the version folder, once empty
        except OSError:
            pass
    return gone
