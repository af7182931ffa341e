"""Estimates that carry their uncertainty.

Every number tableodds reports is one of these frozen results: a proportion
with a Wilson (default) or Clopper-Pearson interval, or a mean with its
standard error and a normal interval.  ``as_dict`` gives the JSON form.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import numpy as np

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Proportion:
    """k successes in n trials, with a two-sided interval at ``level``."""

    k: int
    n: int
    estimate: float
    low: float
    high: float
    level: float = 0.95
    method: str = "wilson"

    def as_dict(self) -> dict:
        return asdict(self)

    def __str__(self) -> str:
        return f"{self.estimate:.4f} [{self.low:.4f}, {self.high:.4f}]"


@dataclass(frozen=True)
class Mean:
    """A sample mean with its standard error and a normal interval at ``level``."""

    estimate: float
    se: float
    n: int
    low: float
    high: float
    level: float = 0.95

    def as_dict(self) -> dict:
        return asdict(self)

    def __str__(self) -> str:
        return f"{self.estimate:.3f} ± {self.se:.3f}"


def _z(level: float) -> float:
    if level == 0.95:
        return Z95
    from scipy import stats  # imported when needed: it takes seconds to load

    return float(stats.norm.ppf(0.5 + level / 2))


def wilson(k: int, n: int, level: float = 0.95) -> Proportion:
    """Wilson score interval for k successes in n trials."""
    if not 0 <= k <= n or n <= 0:
        raise ValueError(f"need 0 <= k <= n and n > 0, got k={k}, n={n}")
    z = _z(level)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if k == 0 else centre - half  # exact at the ends, where rounding would miss
    high = 1.0 if k == n else centre + half
    return Proportion(k, n, p, low, high, level, "wilson")


def clopper_pearson(k: int, n: int, level: float = 0.95) -> Proportion:
    """Exact (conservative) Clopper-Pearson interval for k successes in n trials."""
    if not 0 <= k <= n or n <= 0:
        raise ValueError(f"need 0 <= k <= n and n > 0, got k={k}, n={n}")
    a = (1 - level) / 2
    from scipy import stats  # imported when needed: it takes seconds to load

    low = 0.0 if k == 0 else float(stats.beta.ppf(a, k, n - k + 1))
    high = 1.0 if k == n else float(stats.beta.ppf(1 - a, k + 1, n - k))
    return Proportion(k, n, k / n, low, high, level, "clopper-pearson")


def mean_from_moments(n: int, total: float, total_sq: float, level: float = 0.95) -> Mean:
    """Mean and standard error from n, sum and sum of squares (as lazy scans give them)."""
    if n <= 0:
        raise ValueError("need at least one observation")
    m = total / n
    var = max(total_sq / n - m * m, 0.0) * n / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n)
    z = _z(level)
    return Mean(m, se, n, m - z * se, m + z * se, level)


def mean(values, level: float = 0.95) -> Mean:
    x = np.asarray(values, dtype=np.float64)
    return mean_from_moments(len(x), float(x.sum()), float((x * x).sum()), level)


def exact_moments(lf, cols: list[str], by=None) -> list[dict]:
    """Count ``n``, sums ``<col>_s`` and sums of squares ``<col>_q`` of integer columns.

    Per group of ``by`` (a column name or a list of them; None for one pooled row),
    sorted by the group keys, from a lazy scan in streaming mode.  The sums are
    exact integers, so the tables built on them do not depend on chunking or on
    the order in which workers finished.
    """
    import polars as pl

    keys = [by] if isinstance(by, str) else list(by or [])
    aggs = [pl.len().alias("n")]
    for c in cols:
        x = pl.col(c).cast(pl.Int64)
        aggs += [x.sum().alias(f"{c}_s"), (x * x).sum().alias(f"{c}_q")]
    q = lf.group_by(keys).agg(aggs).sort(keys) if keys else lf.select(aggs)
    return q.collect(engine="streaming").to_dicts()


def mean_of(row: dict, col: str, scale: int = 1) -> Mean:
    """The mean of ``col`` from an :func:`exact_moments` row; ``scale`` divides the values
    (for shares kept as integer multiples of 1/scale)."""
    return mean_from_moments(row["n"], row[f"{col}_s"] / scale, row[f"{col}_q"] / scale**2)
