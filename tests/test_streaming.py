"""The summaries stream over the Parquet parts (or add up the counts of each chunk) and give
the same numbers as before.

The Davoserjas distribution table used to come from one query over the whole run; it is now
read from (round, seat, penalty) counts that add up over chunks.  These tests pin that the
tables are identical to those of the former query on a seeded run split into many parts.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from tableodds.analysis import davoserjas as dj
from tableodds.analysis.stats import quantile_of_counts, value_counts, wilson
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


def _same(new: pl.DataFrame, old: pl.DataFrame) -> bool:
    """Equal values; the counts are now Int64 where ``pl.len()`` gave UInt32."""
    return new.equals(old.with_columns(pl.col("count", "n").cast(pl.Int64)))


def test_distribution_tables_equal_the_former_query(records):
    settings, res = records
    counts = dj.counts(settings, res.scan())["dist"]
    old = former_distribution(pl.read_parquet(res.path / "part-*.parquet").lazy(), settings.rounds)
    assert _same(dj.distribution(counts), old)
    pooled = dj.distribution(counts, by_seat=False)
    assert _same(pooled, former_distribution(res.scan(), settings.rounds, by_seat=False))


def test_summary_tables_are_the_same_scanned_counted_or_in_memory(records):
    """Every table of the summary, from the parts slice by slice, from counts added chunk by
    chunk as a run adds them, and from the records read whole into memory, is the same."""
    settings, res = records
    streamed = dj.summarise(res.scan(), settings).tables()
    whole = dj.summarise(pl.read_parquet(res.path / "part-*.parquet").lazy(), settings).tables()
    again = run(
        lambda seed, start, count: simulate_chunk(settings, seed, start, count),
        6000,
        11,
        res.path.parent / "again",
        workers=2,
        chunk_size=333,
        tally=lambda frame: dj.counts(settings, frame),
    )
    counted = dj.summarise_counts(again.counts, settings).tables()
    assert streamed.keys() == whole.keys() == counted.keys()
    for name in streamed:
        assert streamed[name].equals(whole[name]), name
        assert counted[name].equals(whole[name]), name
    assert streamed["penalty_distribution"]["count"].sum() == 6000 * 5 * 6


# --- quantiles from value counts --------------------------------------------------------------
#
# The quantiles of the Borgia auctions, the Boss game length and the 1844 forecast used to be
# Polars ``quantile``/``median`` over the column, which holds the column in memory; they are now
# read from value counts.  The tests below pin that they equal the former expressions.


def test_quantiles_of_counts_equal_polars_on_the_column():
    rng = np.random.default_rng(7)
    for _ in range(300):
        n = int(rng.integers(1, 500))
        x = rng.integers(-20, int(rng.integers(1, 80)), n)
        lf = pl.DataFrame({"x": x, "g": rng.integers(0, 3, n)}).lazy()
        h = value_counts(lf, "x")
        assert h["count"].sum() == n and h["value"].is_sorted()
        for q in (0.0, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 1.0, float(rng.random())):
            for method in ("nearest", "linear"):
                want = lf.select(pl.col("x").quantile(q, method)).collect().item()
                assert quantile_of_counts(h["value"], h["count"], q, method) == want, (n, q)
        per = lf.group_by("g").agg(pl.col("x").median().alias("m")).collect()
        hg = value_counts(lf, "x", "g")
        for g, m in per.iter_rows():
            part = hg.filter(pl.col("g") == g)
            assert quantile_of_counts(part["value"], part["count"], 0.5, "linear") == m
    assert quantile_of_counts([], [], 0.5) is None
    with pytest.raises(ValueError):
        quantile_of_counts([1], [1], 1.5)
    with pytest.raises(ValueError):
        quantile_of_counts([1], [1], 0.5, "midpoint")


def _parts(chunk, games, tmp_path, size):
    res = run(chunk, games, 5, tmp_path, workers=1, chunk_size=size)
    assert len(list(tmp_path.glob("part-*.parquet"))) == -(-games // size)
    return res.scan(), pl.read_parquet(tmp_path / "part-*.parquet")


def test_borgia_auction_quantiles_equal_the_former_query(tmp_path):
    from tableodds.analysis.borgia import summarise_auctions
    from tableodds.sim.borgia.kernel import auction_chunk
    from tableodds.sim.borgia.rules import make_settings as borgia_settings

    s = borgia_settings(4, ["value", "random", "value", "random"])
    lf, whole = _parts(lambda *a: auction_chunk(s, *a), 1500, tmp_path, 200)
    table = summarise_auctions(lf, s, 1500).types
    former = (
        whole.filter(pl.col("method") == 0)
        .group_by(pl.col("type").cast(pl.Int64))
        .agg(
            pl.col("price").median().alias("median"),
            pl.col("price").quantile(0.1, "nearest").alias("p10"),
            pl.col("price").quantile(0.9, "nearest").alias("p90"),
            pl.col("price").cast(pl.Int64).min().alias("min"),
            pl.col("price").cast(pl.Int64).max().alias("max"),
        )
        .sort("type")
    )
    got = table.drop_nulls("median").select(former.columns[1:])
    assert got.height == former.height > 1
    assert got.equals(former.drop("type")), (got, former)


def test_boss_turn_quantiles_equal_the_former_query(tmp_path):
    from tableodds.analysis.boss import length_summary
    from tableodds.sim.boss.kernel import simulate_chunk as boss_chunk
    from tableodds.sim.boss.rules import make_settings as boss_settings

    s = boss_settings(4)
    lf, whole = _parts(lambda *a: boss_chunk(s, *a), 3000, tmp_path, 400)
    games = whole.filter(pl.col("seat") == 0)
    want = {str(x): games["turns"].quantile(x, "nearest") for x in (0.05, 0.25, 0.5, 0.75, 0.95)}
    want["max"] = games["turns"].max()
    got = length_summary(lf, s).turn_quantiles
    assert got == want and len(set(want.values())) > 2


def test_s1844_quantiles_equal_the_former_query(tmp_path):
    from tableodds.analysis.s1844 import summarise
    from tableodds.sim.s1844.kernel import simulate_chunk as s1844_chunk
    from tableodds.sim.s1844.rules import DEPOT_COUNT, EVENTS, TRAIN_NAMES
    from tableodds.sim.s1844.rules import make_settings as s1844_settings

    s = s1844_settings(4)
    lf, whole = _parts(lambda *a: s1844_chunk(s, *a), 300, tmp_path, 40)
    rush = summarise(lf, s)

    def q(col, x):
        return col.quantile(x, "nearest")

    for e, timing in zip(EVENTS, rush.events):
        o = whole.filter(pl.col(f"{e}_or") >= 0)[f"{e}_or"]
        if o.len():
            assert (timing.median, timing.p10, timing.p90) == (q(o, 0.5), q(o, 0.1), q(o, 0.9))
            assert timing.mean.estimate == pytest.approx(o.mean(), rel=1e-12)
        else:
            assert timing.median is None
    scores = whole.select(pl.col(r"^score_\d+$"))
    spread = scores.max_horizontal() - scores.min_horizontal()
    assert rush.spread_band == tuple(q(spread, x) for x in (0.1, 0.5, 0.9))
    first = [sum(DEPOT_COUNT[:t]) for t in range(len(DEPOT_COUNT))]
    assert rush.per_or.height > 5
    for row in rush.per_or.iter_rows(named=True):
        k = row["or"]
        part = whole.filter(pl.col(f"rev_{k}") >= 0)
        assert row["games"] == part.height
        for name, col in (("revenue", f"rev_{k}"), ("bank", f"bankcash_{k}")):
            for tag, x in (("p10", 0.1), ("p25", 0.25), ("median", 0.5), ("p75", 0.75)):
                assert row[f"{name}_{tag}"] == q(part[col], x), (k, name, tag)
            assert row[f"{name}_p90"] == q(part[col], 0.9)
        for t, name in enumerate(TRAIN_NAMES):
            gone = (part[f"depot_{k}"] - first[t]).clip(0, DEPOT_COUNT[t]).mean()
            assert row[f"gone_{name}"] == gone, (k, name)
