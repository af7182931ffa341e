"""Writing results: JSON on stdout, tables as Parquet + CSV, plots as PNG + SVG.

Every file is written under a temporary name and renamed into place, so an
interrupted command never leaves a half-written table or plot behind.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import signal
import sys
import threading
from pathlib import Path

import polars as pl

from tableodds.sim.core.errors import InputError


def _atomic(path: Path, write) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        write(tmp)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def write_tables(out: Path, tables: dict[str, pl.DataFrame]) -> list[Path]:
    """``out/NAME.parquet`` and ``out/NAME.csv`` for every table."""
    paths = []
    for name, df in tables.items():
        for ext, writer in (("parquet", df.write_parquet), ("csv", df.write_csv)):
            p = Path(out) / f"{name}.{ext}"
            _atomic(p, writer)
            paths.append(p)
    return paths


def save_figure(fig, out: Path, name: str) -> list[Path]:
    """``out/NAME.png`` and ``out/NAME.svg``; closes the figure."""
    import matplotlib
    import matplotlib.pyplot as plt

    paths = []
    for ext in ("png", "svg"):
        p = Path(out) / f"{name}.{ext}"
        # no date or software stamp and a fixed hash salt: the same run gives byte-identical
        # files
        meta = {"Date": None} if ext == "svg" else {"Software": None}
        with matplotlib.rc_context({"svg.hashsalt": "tableodds"}):
            _atomic(
                p,
                lambda t, ext=ext, meta=meta: fig.savefig(
                    t, format=ext, dpi=120, bbox_inches="tight", metadata=meta
                ),
            )
        paths.append(p)
    plt.close(fig)
    return paths


def write_text(path: Path, text: str) -> Path:
    _atomic(Path(path), lambda t: Path(t).write_text(text, "utf-8"))
    return Path(path)


def write_bytes(path: Path, data: bytes) -> Path:
    _atomic(Path(path), lambda t: Path(t).write_bytes(data))
    return Path(path)


def _clean(obj):
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    if isinstance(obj, dict):
        return {str(k): _clean(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_clean(v) for v in obj]
    if hasattr(obj, "as_dict"):
        return _clean(obj.as_dict())
    if hasattr(obj, "item"):  # numpy scalars
        return obj.item()
    return obj


def emit_json(document: dict) -> None:
    """One JSON document on stdout (NaN and inf become null)."""
    json.dump(_clean(document), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def write_result(result, folder: Path) -> list[Path]:
    """A result's files: ``run.json``, every table (Parquet + CSV) and plot (PNG + SVG).

    The records are already in ``folder/records``: the run streamed them there.
    """
    folder = Path(folder)
    tables = result.tables()
    paths = write_tables(folder, tables)
    # an interrupted run is written at once: drawing its plots takes seconds, so they are
    # left out (run.json lists none)
    plots = {} if result.interrupted else result.plots()
    for name, fig in plots.items():
        paths += save_figure(fig, folder, name)
    document = {k: v for k, v in result.as_dict().items() if k != "results"}
    document["tables"] = sorted(tables)
    document["plots"] = sorted(plots)
    paths.append(
        write_text(
            folder / "run.json", json.dumps(_clean(document), indent=2, ensure_ascii=False) + "\n"
        )
    )
    return paths


# Folders no run may write into: the filesystem root and the system's own trees.
_SYSTEM = (
    "/",
    "/bin",
    "/boot",
    "/dev",
    "/etc",
    "/lib",
    "/lib64",
    "/proc",
    "/run",
    "/sbin",
    "/sys",
    "/usr",
    "/var",
)
# nothing below these is a user's folder
_SYSTEM_TREES = (
    "/bin",
    "/boot",
    "/dev",
    "/etc",
    "/lib",
    "/lib64",
    "/proc",
    "/sbin",
    "/sys",
    "/usr",
)

MANIFEST = "tableodds-manifest.json"
"""The list of what a run wrote into its ``--out`` folder: the only files a later run removes."""


def _source_roots() -> list[Path]:
    """The folders of tableodds's own code (and, from a checkout, its tests)."""
    from importlib.util import find_spec

    names = ("tableodds", "tableodds.sim", "tableodds.analysis", "tableodds.reports")
    roots = [Path(next(iter(find_spec(n).submodule_search_locations))) for n in names]
    tests = Path(__file__).parent.parent / "tests"
    if tests.is_dir():
        roots.append(tests)
    return [Path(os.path.realpath(r)) for r in roots]


def _is_within(path: Path, folder: Path) -> bool:
    return path == folder or path.is_relative_to(folder)


def check_out(path: Path, force: bool = True) -> None:
    """Refuse an ``--out`` that cannot or must not be written, before any work.

    The folder's contents are checked by :class:`OutFolder`; here only where it is.
    """
    path = Path(path)
    _check_names(path)
    real = Path(os.path.realpath(path))
    for system in _SYSTEM:
        if real == Path(system) or (system in _SYSTEM_TREES and real.is_relative_to(system)):
            raise InputError(f"--out {path}: refusing to write into the system folder {system}")
    cwd = Path(os.path.realpath(Path.cwd()))
    if _is_within(cwd, real):
        what = "the current folder" if real == cwd else f"a folder above the current one ({cwd})"
        raise InputError(f"--out {path} is {what}; give a folder of its own, such as ./out")
    home = Path(os.path.realpath(Path.home()))
    if _is_within(home, real):
        what = "the home folder" if real == home else "a folder above the home folder"
        raise InputError(
            f"--out {path} is {what}; give a folder of its own, such as ~/tableodds-out"
        )
    for root in _source_roots():
        if _is_within(real, root) or _is_within(root, real):
            raise InputError(
                f"--out {path}: refusing to write into tableodds's source tree ({root})"
            )
    if path.exists() and not path.is_dir():
        raise InputError(f"--out {path} is a file, not a folder")
    for link in (path, *path.parents):
        # a symlink that leads nowhere (or in a loop) would make the run fail at its end
        if link.is_symlink() and not link.exists():
            raise InputError(
                f"--out {path}: {link} is a symlink to {os.readlink(link)}, which leads nowhere"
            )
    if (path / ".git").exists():
        raise InputError(f"--out {path} holds a .git repository; give a folder of its own")
    ancestor = path.parent
    while not ancestor.exists():
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise InputError(f"--out {path}: {ancestor} is a file, not a folder")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise InputError(f"--out {path}: {ancestor} is not writable")


# the longest name a run writes beside --out (OutFolder's staging folders), past the folder's own
_STAGING = ".{}.tableodds-old-{}"


def _check_names(path: Path) -> None:
    """Refuse a path the filesystem cannot name (a name over its limit, a path over PATH_MAX)."""
    full = Path(path).expanduser().absolute()
    ancestor = full.parent
    while not os.path.isdir(ancestor):  # (False, not an error, for a name too long)
        ancestor = ancestor.parent
    try:
        name_max = os.pathconf(ancestor, "PC_NAME_MAX")
        path_max = os.pathconf(ancestor, "PC_PATH_MAX")
    except (OSError, ValueError):
        name_max, path_max = 255, 4096
    for part in full.parts[1:]:
        size = len(os.fsencode(part))
        if size > name_max:
            shown = part if len(part) <= 40 else part[:20] + "..." + part[-12:]
            raise InputError(
                f"--out: the name {shown!r} is {size} bytes long; a name holds at most "
                f"{name_max} bytes"
            )
    # (a pid of 7 digits, Linux's largest: the limit does not change from run to run)
    staging = len(os.fsencode(_STAGING.format(full.name, 9_999_999)))
    if staging > name_max:
        raise InputError(
            f"--out: the folder's name is {len(os.fsencode(full.name))} bytes; give one of at "
            f"most {len(os.fsencode(full.name)) - (staging - name_max)} bytes (tableodds "
            "writes it under a longer temporary name first)"
        )
    if len(os.fsencode(str(full))) + (staging - len(os.fsencode(full.name))) >= path_max:
        raise InputError(f"--out: the path is longer than the {path_max} bytes a path may hold")


def _stamp(p: Path) -> list[int]:
    st = p.stat()
    return [st.st_size, st.st_mtime_ns]


def _files(folder: Path) -> list[str]:
    """Every file below ``folder`` (as a relative POSIX path), folders last-first."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if not p.is_dir())


def _read_manifest(folder: Path) -> dict[str, list[int]]:
    """What an earlier run wrote into ``folder`` and is still as it wrote it."""
    try:
        document = json.loads((folder / MANIFEST).read_text("utf-8"))
        files = document["files"]
        if not isinstance(files, dict):
            return {}
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return {}
    ours = {}
    for rel, stamp in files.items():
        p = folder / rel
        # a listed file the user changed since (or a path that leaves the folder) is not ours
        if ".." in Path(rel).parts or Path(rel).is_absolute():
            continue
        if p.is_file() and not p.is_symlink() and _stamp(p) == list(stamp):
            ours[rel] = stamp
    return ours


def _foreign(folder: Path, ours: dict) -> list[str]:
    """What is in ``folder`` that tableodds did not write (top-level names, sorted)."""
    names = set()
    for p in folder.rglob("*"):
        rel = p.relative_to(folder).as_posix()
        if p.is_dir() and not p.is_symlink():
            continue
        if rel == MANIFEST or rel in ours:
            continue
        names.add(rel.split("/", 1)[0] + ("/" if "/" in rel else ""))
    return sorted(names)


def _shown(names: list[str], most: int = 3) -> str:
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more


class OutFolder:
    """An ``--out`` folder: checked before any work, filled only when the run is complete.

    Everything is written into a hidden staging folder beside it and moved in by
    :meth:`commit`, which also writes the manifest (:data:`MANIFEST`) of what it wrote.
    Only files listed in an earlier manifest, and unchanged since, are ever removed or
    replaced; anything else in the folder is the user's and is never touched.

    - ``beside=False`` (an analysis, the report): the folder must be new, empty or hold
      only an earlier run; that run's files are replaced by the new run's.
    - ``beside=True`` (``--force``, the cheat sheets): the run's files are added beside
      whatever the folder holds; only a file of the same name that tableodds wrote is
      replaced, and a name the user's file already has is refused.

    The old run stays in place until the new one is complete, and the swap itself runs
    with Ctrl-C and SIGTERM held back, so an interrupted command leaves the old run or
    the new one, never a mix.
    """

    def __init__(self, path, force: bool = False, *, beside: bool | None = None):
        self.path = Path(path).expanduser().absolute()
        self.beside = force if beside is None else beside
        check_out(self.path)
        if self.path.is_dir():
            foreign = _foreign(self.path, _read_manifest(self.path))
            if foreign and not self.beside:
                raise InputError(
                    f"--out {path} holds files tableodds did not write ({_shown(foreign)}); "
                    "give a new or empty folder, or --force to write beside them"
                )
        self.staging = self.path.parent / f".{self.path.name}.tableodds-{os.getpid()}"
        if self.staging.exists():
            shutil.rmtree(self.staging)  # our own leftover from a process of this pid
        try:
            self.staging.mkdir(parents=True)
        except OSError as e:
            raise InputError(f"--out {path}: cannot create a folder there ({e.strerror})") from None

    def commit(self) -> Path:
        """Move the staged run into the folder (see the class); returns the folder."""
        # Ctrl-C and SIGTERM wait for the swap to finish, then take effect as they would have
        held, pending = (signal.SIGINT, signal.SIGTERM), []
        main = threading.current_thread() is threading.main_thread()
        saved = {s: signal.signal(s, lambda n, _f: pending.append(n)) for s in held} if main else {}
        try:
            self._swap()
        finally:
            for s, handler in saved.items():
                signal.signal(s, handler)
            for s in pending:
                signal.raise_signal(s)
        return self.path

    def _swap(self) -> None:
        new = [rel for rel in _files(self.staging) if rel != MANIFEST]
        if not self.path.exists():
            self._write_manifest(self.staging, {rel: _stamp(self.staging / rel) for rel in new})
            os.replace(self.staging, self.path)
            return
        ours = _read_manifest(self.path)
        clash = [rel for rel in new if rel not in ours and (self.path / rel).exists()]
        if clash:
            raise InputError(
                f"--out {self.path}: {_shown(clash)} would replace files tableodds did not "
                f"write; nothing was changed there, the new files are in {self.staging}"
            )
        # the earlier run's files that the new run does not write again are removed in
        # replace mode and kept beside the new ones (and in the manifest) with --force
        keep = {} if not self.beside else {r: s for r, s in ours.items() if r not in new}
        old = self.path.parent / _STAGING.format(self.path.name, os.getpid())
        for rel in ours:
            if rel in keep:
                continue
            (old / rel).parent.mkdir(parents=True, exist_ok=True)
            os.replace(self.path / rel, old / rel)
        for rel in new:
            (self.path / rel).parent.mkdir(parents=True, exist_ok=True)
            os.replace(self.staging / rel, self.path / rel)
        self._write_manifest(self.path, keep | {rel: _stamp(self.path / rel) for rel in new})
        self._prune(ours)
        shutil.rmtree(old, ignore_errors=True)  # only files moved there from our manifest
        shutil.rmtree(self.staging, ignore_errors=True)

    def _prune(self, removed: dict) -> None:
        """Remove folders the earlier run's files left empty (never the --out folder)."""
        folders = {(self.path / rel).parent for rel in removed}
        for folder in sorted(folders, key=lambda p: len(p.parts), reverse=True):
            while folder != self.path and folder.is_relative_to(self.path):
                try:
                    folder.rmdir()  # only succeeds on an empty folder
                except OSError:
                    break
                folder = folder.parent

    @staticmethod
    def _write_manifest(folder: Path, files: dict) -> None:
        document = {"written_by": "tableodds", "files": dict(sorted(files.items()))}
        write_text(folder / MANIFEST, json.dumps(document, indent=1) + "\n")

    def discard(self) -> None:
        """Forget the staged run (an error or an interrupt before the result was written)."""
        shutil.rmtree(self.staging, ignore_errors=True)
