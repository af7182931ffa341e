"""Writing results: JSON on stdout, tables as Parquet + CSV, plots as PNG + SVG.

Every file is written under a temporary name and renamed into place, so an
interrupted command never leaves a half-written table or plot behind.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import sys
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
    plots = result.plots()
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
_SYSTEM_TREES = ("/proc", "/sys", "/dev", "/boot")  # nothing below these is a user's folder


class OutFolder:
    """An ``--out`` folder, checked before any work and filled as one piece.

    Everything is written into a hidden staging folder beside it, then swapped in whole
    (:meth:`commit`), so the folder always holds exactly one run's files, and an
    interrupted or failed command leaves it as it was.  A folder holding files that
    tableodds did not write (no ``run.json``) is refused unless ``force``.
    """

    def __init__(self, path, force: bool = False):
        self.path = Path(path).expanduser().absolute()
        check_out(self.path, force)
        self.staging = self.path.parent / f".{self.path.name}.tableodds-{os.getpid()}"
        if self.staging.exists():
            shutil.rmtree(self.staging)
        try:
            self.staging.mkdir(parents=True)
        except OSError as e:
            raise InputError(f"--out {path}: cannot create a folder there ({e.strerror})") from None

    def commit(self) -> Path:
        old = self.path.parent / f".{self.path.name}.old-{os.getpid()}"
        if self.path.exists():
            os.replace(self.path, old)
        os.replace(self.staging, self.path)
        if old.exists():
            shutil.rmtree(old, ignore_errors=True)
        return self.path

    def discard(self) -> None:
        shutil.rmtree(self.staging, ignore_errors=True)


def check_out(path: Path, force: bool = True) -> None:
    """Refuse an ``--out`` that cannot or must not be written, before any work."""
    real = Path(os.path.realpath(path))
    for system in _SYSTEM:
        inside = system in _SYSTEM_TREES and real.is_relative_to(system)
        if real == Path(system) or inside:
            raise InputError(f"--out {path}: refusing to write into the system folder {system}")
    if path.exists() and not path.is_dir():
        raise InputError(f"--out {path} is a file, not a folder")
    ancestor = path.parent
    while not ancestor.exists():
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise InputError(f"--out {path}: {ancestor} is a file, not a folder")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise InputError(f"--out {path}: {ancestor} is not writable")
    if path.is_dir() and any(path.iterdir()) and not (path / "run.json").exists() and not force:
        raise InputError(
            f"--out {path} holds files that tableodds did not write; "
            "give an empty or new folder, or --force to replace it"
        )
