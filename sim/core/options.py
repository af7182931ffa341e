"""Options shared by every simulation and analysis command, so they read the same everywhere."""
from __future__ import annotations

from pathlib import Path

import click


def players_option(players: range, default: int):
    return click.option("--players", "-p", type=int, default=default, show_default=True,
                        help=f"Number of players ({players.start}-{players.stop - 1}).")


def run_options(games: int, chunk_size: int = 65_536):
    """--games, --seed, --workers, --chunk-size."""
    def deco(f):
        f = click.option("--chunk-size", type=int, default=chunk_size, show_default=True,
                         help="Games per chunk; results do not depend on it.")(f)
        f = click.option("--workers", "-w", type=int, default=None,
                         help="Worker threads [default: all cores]; results do not depend on it.")(f)
        f = click.option("--seed", "-s", type=int, default=1, show_default=True,
                         help="Master seed; game i draws from a stream of (seed, i).")(f)
        f = click.option("--games", "-n", type=int, default=games, show_default=True,
                         help="Number of games to simulate.")(f)
        return f
    return deco


def output_options(f):
    """--json and --out."""
    f = click.option("--out", "-o", type=click.Path(path_type=Path, file_okay=False),
                     default=None, help="Write tables (Parquet + CSV), plots (PNG + SVG) "
                     "and the raw records here.")(f)
    f = click.option("--json", "as_json", is_flag=True,
                     help="Print one JSON document on stdout instead of tables.")(f)
    return f


def split_list(value: str | None) -> list[str] | None:
    if value is None:
        return None
    return [v.strip() for v in value.split(",") if v.strip()]


def int_list(value: str | None, name: str) -> list[int] | None:
    items = split_list(value)
    if items is None:
        return None
    try:
        return [int(v) for v in items]
    except ValueError:
        raise click.UsageError(f"{name} takes comma-separated integers, got {value!r}") from None
