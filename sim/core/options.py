"""Options shared by every simulation and analysis command, so they read the same everywhere."""
from __future__ import annotations

import functools
from pathlib import Path

import click


def players_option(players: range, default: int):
    return click.option("--players", "-p", type=int, default=default, show_default=True,
                        help=f"Number of players ({players.start}-{players.stop - 1}).")


def run_options(games: int, chunk_size: int = 65_536):
    """--games, --seed, --workers, --chunk-size, --backend, --scheduler."""
    def deco(f):
        f = backend_options(f)
        f = click.option("--chunk-size", type=int, default=chunk_size, show_default=True,
                         help="Games per chunk; results do not depend on it.")(f)
        f = click.option("--workers", "-w", type=int, default=None,
                         help="Worker threads (local) or processes (a local Dask cluster) "
                         "[default: all cores]; results do not depend on it.")(f)
        f = click.option("--seed", "-s", type=int, default=1, show_default=True,
                         help="Master seed; game i draws from a stream of (seed, i).")(f)
        f = click.option("--games", "-n", type=int, default=games, show_default=True,
                         help="Number of games to simulate.")(f)
        return f
    return deco


def backend_options(f):
    """--backend and --scheduler: every run inside the command uses that backend."""
    @functools.wraps(f)
    def wrapper(*args, backend, scheduler, **kwargs):
        from tableodds.sim.core.runner import make_backend, using
        with using(make_backend(backend, scheduler, kwargs.get("workers"))):
            return f(*args, **kwargs)
    wrapper = click.option(
        "--scheduler", metavar="ADDRESS", default=None,
        help="Address of a running Dask scheduler, e.g. tcp://10.0.0.5:8786 "
        "(implies --backend dask).")(wrapper)
    return click.option(
        "--backend", type=click.Choice(["local", "dask"]), default=None,
        help="Where the chunks run: threads here (local, the default) or a Dask cluster "
        "(dask; a local cluster unless --scheduler is given). Results are identical.")(wrapper)


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


def policy_options(help_policies: str, default: str):
    """--policy NAME (every seat) and --policies A,B,... (one per seat)."""
    def deco(f):
        f = click.option("--policies", default=None, metavar="A,B,...",
                         help="One policy per seat, comma-separated.")(f)
        f = click.option("--policy", default=None, metavar="NAME",
                         help=f"Policy for every seat [default: {default}]. {help_policies}.")(f)
        return f
    return deco


def chosen_policies(policy: str | None, policies: str | None) -> list[str] | None:
    if policy and policies:
        raise click.UsageError("give --policy or --policies, not both")
    return split_list(policies) or ([policy] if policy else None)


def exit_if_interrupted(res) -> None:
    """After printing what finished: say so on stderr and exit 130 if Ctrl-C stopped the run."""
    if res.interrupted:
        click.echo(f"tableodds: interrupted; results cover the {res.games_done:,} games "
                   f"finished of {res.games:,}", err=True)
        raise SystemExit(130)
