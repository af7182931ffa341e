"""Writing results: JSON on stdout, tables as Parquet + CSV, plots as PNG + SVG.

Every file is written under a temporary name and renamed into place, so an
interrupted command never leaves a half-written table or plot behind.
"""
from __future__ import annotations

import json
import math
import os
import sys
from pathlib import Path

import polars as pl


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
    import matplotlib.pyplot as plt
    paths = []
    for ext in ("png", "svg"):
        p = Path(out) / f"{name}.{ext}"
        _atomic(p, lambda t, ext=ext: fig.savefig(t, format=ext, dpi=120, bbox_inches="tight"))
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


def figure(**kw):
    """A matplotlib figure on the non-interactive backend."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt.subplots(**kw)
