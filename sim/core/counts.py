"""Count tables that add up over a run's chunks (a run's ``tally``, see :mod:`.runner`).

A tally is a function of one chunk's records that returns :class:`Counts`.  It runs where the
chunk ran, and the driver adds each chunk's counts as the chunk is written, so a summary built
on them has nothing left to read when the run ends or is interrupted (``RunResult.counts``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import polars as pl


@dataclass(frozen=True)
class Counts:
    """Count tables that add up over chunks: in each table the ``keys`` columns name a cell
    and every other column is an integer total (a count, a sum, a sum of squares).

    ``a + b`` is the counts of both chunks together: cells are matched on their keys and the
    totals added, so any order of adding gives the same tables (up to row order: sort them
    where order matters).  A table with no keys is one row of totals.
    """

    tables: dict[str, pl.DataFrame]
    keys: dict[str, tuple[str, ...]]

    def __getitem__(self, name: str) -> pl.DataFrame:
        return self.tables[name]

    def __add__(self, other: Counts) -> Counts:
        return Counts.total([self, other])

    @staticmethod
    def total(parts: list[Counts]) -> Counts:
        """The counts of all ``parts`` together, added in one pass."""
        keys = parts[0].keys
        if any(p.keys != keys for p in parts):
            raise ValueError("counts of different shapes cannot be added")
        tables = {}
        for name, by in keys.items():
            every = pl.concat([p.tables[name] for p in parts], how="vertical_relaxed")
            sums = pl.exclude(by).sum() if by else pl.all().sum()
            tables[name] = every.group_by(list(by)).agg(sums) if by else every.select(sums)
        return Counts(tables, keys)


Tally = Callable[[pl.DataFrame], Counts]  # one chunk's records -> its counts


class Adder:
    """Adds counts as they come: kept apart up to ``every`` at a time, then added in one pass
    (adding is a pass over the total, so not once per chunk)."""

    def __init__(self, every: int = 16):
        self.every, self.parts = every, []

    def add(self, counts: Counts) -> None:
        self.parts.append(counts)
        if len(self.parts) > self.every:
            self.parts[:] = [Counts.total(self.parts)]

    def total(self) -> Counts | None:
        return Counts.total(self.parts) if self.parts else None


def tally_scan(tally: Tally, records: pl.LazyFrame, rows: int = 16_384) -> Counts:
    """The counts of records already on disk: ``tally`` of each slice of ``rows``, added.
    Memory stays that of one slice, whatever the number of records."""
    n = records.select(pl.len()).collect().item()
    adder = Adder()
    for start in range(0, max(n, 1), rows):
        adder.add(tally(records.slice(start, rows).collect()))
    return adder.total()
