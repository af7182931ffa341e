"""The summaries stream over the Parquet parts and give the same numbers as before.

The summary used to build the distribution table from one query over the concatenated per-round
counts; that query buffered records (memory grew with the run), so it now runs one streaming
query per round.  These tests pin that the tables are identical to those of the former query on
a seeded run split into many parts.
"""

from __future__ import annotations

import polars as pl
import pytest

from tableodds.analysis import davoserjas as dj
from tableodds.analysis.stats import wilson
from tableodds.sim.core.runner import run
from tableodds.sim.davoserjas.kernel import simulate_chunk
from tableodds.sim.davoserjas.rules import make_settings


def former_distribution(lf, rounds, by_seat=True):
    """The distribution as computed before the change: one query over all rounds."""
    keys = ["seat"] if by_seat else []
    parts = [
        lf.group_by(keys + [f"r{r.number}"])
        .agg(pl.len().alias("count"))
        .rename({f"r{r.number}": "penalty"})
        .with_columns(pl.lit(r.number, pl.Int16).alias("round"), pl.col("penalty").cast(pl.Int16))
        for r in rounds
    ]
    df = pl.concat(parts).collect()
    df = df.with_columns(pl.col("count").sum().over(["round"] + keys).alias("n"))
    cis = [wilson(k, n) for k, n in zip(df["count"].to_list(), df["n"].to_list())]
    return (
        df.with_columns(
            pl.Series("p", [c.estimate for c in cis]),
            pl.Series("low", [c.low for c in cis]),
            pl.Series("high", [c.high for c in cis]),
        )
        .select(["round", *keys, "penalty", "count", "n", "p", "low", "high"])
        .sort(["round", *keys, "penalty"])
    )


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    settings = make_settings(5, ["careful", "random", "duck", "careful", "random"])
    path = tmp_path_factory.mktemp("records")
    res = run(
        lambda seed, start, count: simulate_chunk(settings, seed, start, count),
        6000,
        11,
        path,
        workers=1,
        chunk_size=700,
    )
    assert len(list(path.glob("part-*.parquet"))) == 9
    return settings, res


def test_distribution_tables_equal_the_former_query(records):
    settings, res = records
    new = dj.distribution(res.scan(), settings.rounds)
    old = former_distribution(pl.read_parquet(res.path / "part-*.parquet").lazy(), settings.rounds)
    assert new.equals(old)
    pooled = dj.distribution(res.scan(), settings.rounds, by_seat=False)
    assert pooled.equals(former_distribution(res.scan(), settings.rounds, by_seat=False))


def test_summary_tables_are_the_same_scanned_or_in_memory(records):
    """Every table of the summary, streamed over the parts, equals the one over the records
    read whole into memory (a single in-memory frame, no parts)."""
    settings, res = records
    streamed = dj.summarise(res.scan(), settings).tables()
    whole = dj.summarise(pl.read_parquet(res.path / "part-*.parquet").lazy(), settings).tables()
    assert streamed.keys() == whole.keys()
    for name in streamed:
        assert streamed[name].equals(whole[name]), name
    assert streamed["penalty_distribution"]["count"].sum() == 6000 * 5 * 6
