"""Summaries by default: tables, the JSON document and the text come from the fields."""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from tableodds.analysis.result import Summary, table
from tableodds.analysis.stats import Mean

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Toy(Summary):
    players: int
    hand: tuple[str, ...]
    share: float
    penalty: Mean
    rows: pl.DataFrame = table("toy_rows", json="by_seat")


TOY = Toy(
    4,
    ("AS", "KH"),
    0.123456,
    Mean(2.5, 0.1, 100, 2.3, 2.7),
    pl.DataFrame({"seat": [0, 1], "p": [0.25, 0.75]}),
)


def test_tables_are_the_table_fields():
    assert list(TOY.tables()) == ["toy_rows"] and TOY.tables()["toy_rows"].equals(TOY.rows)
    assert TOY.plots() == {}


def test_the_json_document_is_every_field_in_order():
    assert TOY.as_dict() == {
        "players": 4,
        "hand": ["AS", "KH"],
        "share": 0.123456,
        "penalty": TOY.penalty.as_dict(),
        "by_seat": [{"seat": 0, "p": 0.25}, {"seat": 1, "p": 0.75}],
    }


def test_the_text_is_the_scalars_then_the_tables():
    assert TOY.text().splitlines() == [
        "players: 4",
        "hand: AS, KH",
        "share: 0.1235",
        f"penalty: {TOY.penalty}",
        "",
        "toy rows",
        "seat     p",
        "   0  0.25",
        "   1  0.75",
    ]


def test_a_hand_summary_keeps_its_document():
    from tableodds.analysis.davoserjas import HandSummary

    dist = pl.DataFrame({"penalty": [0, 1], "p": [0.5, 0.5]})
    h = HandSummary(4, "Kabalen", 2, ("AS", "KH"), Mean(1.0, 0.1, 10, 0.8, 1.2), dist)
    assert h.as_dict() == {
        "round": 4,
        "name": "Kabalen",
        "seat": 2,
        "hand": ["AS", "KH"],
        "penalty": h.penalty.as_dict(),
        "distribution": dist.to_dicts(),
    }
    assert list(h.tables()) == ["hand_distribution"] and h.plots() == {}


def test_every_summary_of_an_analysis_is_a_summary():
    checked = 0
    for path in sorted((ROOT / "analysis").glob("*.py")):
        module = importlib.import_module(f"tableodds.analysis.{path.stem}")
        for name, cls in vars(module).items():
            mine = inspect.isclass(cls) and cls.__module__ == module.__name__
            if mine and "text" in vars(cls) and cls.__name__ != "Result":
                assert issubclass(cls, Summary), f"{module.__name__}.{name}"
                checked += 1
    assert checked > 20


def test_an_estimate_shows_the_digits_its_error_supports():
    from tableodds.analysis.stats import Mean, digits, mean_from_moments, plus_minus, wilson

    assert TOY.text().splitlines()[3] == "penalty: 2.50 ± 0.10"
    assert [digits(se) for se in (34.988, 0.039, 0.0026, 0.0)] == [0, 3, 4, None]
    assert str(Mean(9214.389, 34.988, 200, 0, 0)) == "9214 ± 35"  # not 9214.389 ± 34.988
    assert str(Mean(2.345, 0.039, 20_000, 2.27, 2.42)) == "2.345 ± 0.039"
    assert plus_minus(5.99, 0.0) == "5.99 ± 0"  # the same in every game: no false ± 0.00
    assert Mean(-0.0123, 0.0051, 9, 0, 0).with_error(signed=True) == "-0.0123 ± 0.0051"
    # a chance's digits come from its interval, which is not zero at 0 of n
    assert str(wilson(1687, 2000)) == "0.8435 [0.8269, 0.8588]"
    assert wilson(0, 2000).value() == "0.00000" and wilson(0, 2000).high > 0
    # more games, more digits
    small, big = (mean_from_moments(n, 0.5 * n, 0.5 * n) for n in (100, 1_000_000))
    assert len(small.value()) < len(big.value())
