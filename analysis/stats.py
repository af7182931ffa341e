"""Estimates that carry their uncertainty.

Every number tableodds reports is one of these frozen results: a proportion
with a Wilson (default) or Clopper-Pearson interval, or a mean with its
standard error and a normal interval.  ``as_dict`` gives the JSON form.

Printed, an estimate shows the digits its error supports and no more (:func:`digits`: the
standard error's first two significant digits), so ``9214 ± 35`` and ``2.345 ± 0.039``;
every summary's text goes through ``str()`` of these objects or through :func:`shown`.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import numpy as np

LEVEL = 0.95  # every interval's confidence, unless one is asked for
Z95 = 1.959963984540054  # its normal quantile


def digits(se: float) -> int | None:
    """Decimal places that show an estimate to its standard error ``se``: down to the
    error's second significant digit (0.039 -> 3, 0.0026 -> 4, 35 -> 0).  None where the
    error is zero or unknown: the value is exact as computed."""
    if not (se > 0 and math.isfinite(se)):
        return None
    return max(0, 1 - math.floor(math.log10(se)))


def shown(x: float, se: float, signed: bool = False) -> str:
    """``x`` to the digits its standard error ``se`` supports (:func:`digits`); a value with
    no error as it is (``%g``)."""
    d = digits(se)
    sign = "+" if signed else ""
    return f"{x:{sign}g}" if d is None else f"{x:{sign}.{d}f}"


def plus_minus(x: float, se: float, signed: bool = False) -> str:
    """``x ± se``, both to the digits of the error's two significant digits (``± 0``: none)."""
    d = digits(se)
    return f"{shown(x, se, signed)} ± {'0' if d is None else f'{se:.{d}f}'}"


def ci(x: float, low: float, high: float, level: float = LEVEL, signed: bool = False) -> str:
    """``x [low, high]``: an estimate with its interval (from a table's columns) to the
    digits the interval supports (its half-width in standard errors, as :func:`shown`)."""
    se = (high - low) / (2 * _z(level))
    return f"{shown(x, se, signed)} [{shown(low, se, signed)}, {shown(high, se, signed)}]"


@dataclass(frozen=True)
class Proportion:
    """k successes in n trials, with a two-sided interval at ``level``."""

    k: int
    n: int
    estimate: float
    low: float
    high: float
    level: float = LEVEL
    method: str = "wilson"

    def as_dict(self) -> dict:
        return asdict(self)

    @property
    def se(self) -> float:
        """The interval's half-width in standard errors (the binomial standard error where
        the normal approximation holds; not zero at 0 or n successes)."""
        return (self.high - self.low) / (2 * _z(self.level))

    def value(self, signed: bool = False) -> str:
        """The estimate alone, to the digits its interval supports."""
        return shown(self.estimate, self.se, signed)

    def interval(self, signed: bool = False) -> str:
        """``[low, high]`` to the estimate's digits."""
        return f"[{shown(self.low, self.se, signed)}, {shown(self.high, self.se, signed)}]"

    def __str__(self) -> str:
        return f"{self.value()} {self.interval()}"


@dataclass(frozen=True)
class Mean:
    """A sample mean with its standard error and a normal interval at ``level``."""

    estimate: float
    se: float
    n: int
    low: float
    high: float
    level: float = LEVEL

    def as_dict(self) -> dict:
        return asdict(self)

    def value(self, signed: bool = False) -> str:
        """The estimate alone, to the digits its standard error supports."""
        return shown(self.estimate, self.se, signed)

    def interval(self, signed: bool = False) -> str:
        """``[low, high]`` to the estimate's digits."""
        return f"[{shown(self.low, self.se, signed)}, {shown(self.high, self.se, signed)}]"

    def with_error(self, signed: bool = False) -> str:
        """``estimate ± se`` (the error to two significant digits)."""
        return plus_minus(self.estimate, self.se, signed)

    def __str__(self) -> str:
        return self.with_error()


def _z(level: float) -> float:
    if level == LEVEL:
        return Z95
    from scipy import stats  # imported when needed: it takes seconds to load

    return float(stats.norm.ppf(0.5 + level / 2))


def wilson(k: int, n: int, level: float = LEVEL) -> Proportion:
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


def clopper_pearson(k: int, n: int, level: float = LEVEL) -> Proportion:
    """Exact (conservative) Clopper-Pearson interval for k successes in n trials."""
    if not 0 <= k <= n or n <= 0:
        raise ValueError(f"need 0 <= k <= n and n > 0, got k={k}, n={n}")
    a = (1 - level) / 2
    from scipy import stats  # imported when needed: it takes seconds to load

    low = 0.0 if k == 0 else float(stats.beta.ppf(a, k, n - k + 1))
    high = 1.0 if k == n else float(stats.beta.ppf(1 - a, k + 1, n - k))
    return Proportion(k, n, k / n, low, high, level, "clopper-pearson")


def mean_from_moments(n: int, total: float, total_sq: float, level: float = LEVEL) -> Mean:
    """Mean and standard error from n, sum and sum of squares (as lazy scans give them)."""
    if n <= 0:
        raise ValueError("need at least one observation")
    m = total / n
    var = max(total_sq / n - m * m, 0.0) * n / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n)
    z = _z(level)
    return Mean(m, se, n, m - z * se, m + z * se, level)


def mean(values, level: float = LEVEL) -> Mean:
    x = np.asarray(values, dtype=np.float64)
    return mean_from_moments(len(x), float(x.sum()), float((x * x).sum()), level)


def exact_moments(lf, cols: list[str], by=None) -> list[dict]:
    """Count ``n``, sums ``<col>_s`` and sums of squares ``<col>_q`` of integer columns.

    Per group of ``by`` (a column name or a list of them; None for one pooled row),
    sorted by the group keys, from a lazy scan in streaming mode.  The sums are
    exact integers, so the tables built on them do not depend on chunking or on
    the order in which workers finished.
    """
    keys = [by] if isinstance(by, str) else list(by or [])
    q = moments_query(lf, cols, by)
    return (q.sort(keys) if keys else q).collect(engine="streaming").to_dicts()


def moments_query(lf, cols: list[str], by=None):
    """The lazy query behind :func:`exact_moments`, rows unsorted: its totals add up over
    chunks (a run's tally can collect it chunk by chunk)."""
    import polars as pl

    keys = [by] if isinstance(by, str) else list(by or [])
    aggs = [pl.len().cast(pl.Int64).alias("n")]
    for c in cols:
        x = pl.col(c).cast(pl.Int64)
        aggs += [x.sum().alias(f"{c}_s"), (x * x).sum().alias(f"{c}_q")]
    return lf.group_by(keys).agg(aggs) if keys else lf.select(aggs)


def moment_counts(cols: list[str], records):
    """:func:`exact_moments` of ``cols`` (one pooled row) as counts that add up over chunks:
    a run's tally (``partial(moment_counts, cols)``); read the row back with
    ``counts["moments"].row(0, named=True)``."""
    from tableodds.sim.core.runner import Counts

    return Counts({"moments": moments_query(records.lazy(), cols).collect()}, {"moments": ()})


def mean_of(row: dict, col: str, scale: int = 1) -> Mean:
    """The mean of ``col`` from an :func:`exact_moments` row; ``scale`` divides the values
    (for shares kept as integer multiples of 1/scale)."""
    return mean_from_moments(row["n"], row[f"{col}_s"] / scale, row[f"{col}_q"] / scale**2)


# --- quantiles from value counts ---------------------------------------------------------
#
# A quantile of an integer column needs the column's values in order, which a query keeps in
# memory whole (Polars gathers a group's values for ``quantile`` and ``median``): memory grows
# with the run.  The value counts (a histogram: one row per distinct value, accumulated chunk
# by chunk in a streaming ``group_by``) hold the same order statistics in memory bounded by the
# number of distinct values, so the quantiles below are read from them, exactly as Polars'
# ``quantile(q, "nearest")`` and ``median()`` read them from the sorted column.


def value_counts(lf, expr, by=None, name: str = "value"):
    """How often each value of ``expr`` (a column name or an integer expression) occurs.

    One row per (``by`` groups, value) with its ``count``, sorted by the groups then the value,
    from a streaming ``group_by``; nulls are dropped (as quantiles skip them).  ``name`` names
    the value column.
    """
    import polars as pl

    keys = [by] if isinstance(by, str) else list(by or [])
    e = (pl.col(expr) if isinstance(expr, str) else expr).alias(name)
    return (
        lf.select(*keys, e)
        .drop_nulls(name)
        .group_by([*keys, name])
        .agg(pl.len().alias("count"))
        .sort([*keys, name])
        .collect(engine="streaming")
    )


def _order_statistic(cum: np.ndarray, values: np.ndarray, index: int):
    """The value at 0-based ``index`` of the sorted column whose value counts are cumulated in
    ``cum``."""
    return values[int(np.searchsorted(cum, index, side="right"))]


def quantile_of_counts(values, counts, q: float, method: str = "nearest") -> float | None:
    """The ``q`` quantile of the column whose sorted distinct ``values`` occur ``counts`` times.

    ``method`` is ``"nearest"`` (Polars' ``quantile(q, "nearest")``: the value at index
    round((n - 1) q), halves away from zero) or ``"linear"`` (Polars' ``quantile(q, "linear")``
    and ``median()``: interpolated between the two values around (n - 1) q).  Returns a float,
    as Polars does, or None for an empty column.
    """
    if not 0.0 <= q <= 1.0:
        raise ValueError(f"need 0 <= q <= 1, got {q}")
    values = np.asarray(values)
    cum = np.cumsum(np.asarray(counts, dtype=np.int64))
    n = int(cum[-1]) if len(cum) else 0
    if n == 0:
        return None
    at = (n - 1.0) * q
    low = math.floor(at)
    if method == "nearest":
        return float(_order_statistic(cum, values, low + (at - low >= 0.5)))
    if method == "linear":
        a = float(_order_statistic(cum, values, low))
        frac = at - low
        if frac == 0.0:
            return a
        b = float(_order_statistic(cum, values, low + 1))
        return a + (b - a) * frac
    raise ValueError(f"unknown quantile method {method!r}")
