"""Options shared by every simulation and analysis command, so they read the same everywhere."""

from __future__ import annotations

import functools
import inspect
import math
from pathlib import Path

import click

from tableodds.sim.core.limits import MAX_CHUNK, MAX_GAMES, MAX_SEED, MAX_WORKERS


def players_option(players: range, default: int, several: bool = False):
    """--players P; with ``several``, a comma-separated list of counts to compare."""
    span = f"{players.start}-{players.stop - 1}"
    if several:
        return click.option(
            "--players",
            "-p",
            type=INT_LIST,
            default=str(default),
            show_default=True,
            metavar="P[,P...]",
            help=f"Number of players ({span}); several, comma-separated, "
            "are compared side by side.",
        )
    return click.option(
        "--players",
        "-p",
        type=int,
        default=default,
        show_default=True,
        help=f"Number of players ({span}).",
    )


class IntList(click.ParamType):
    """``1,2,3`` -> [1, 2, 3]."""

    name = "N[,N...]"

    def convert(self, value, param, ctx):
        if isinstance(value, list):
            return value
        items = split_list(value, "--" + param.name if param is not None else "the list")
        try:
            return [int(v) for v in items]
        except ValueError:
            self.fail(f"takes comma-separated integers, got {value!r}", param, ctx)


INT_LIST = IntList()


class Bounded(click.ParamType):
    """An integer from ``low`` to ``high``: any other is refused by the option's name, never
    replaced by a default (``--chunk-size 0`` is an error, not 65,536)."""

    name = "integer"

    def __init__(self, low: int, high: int):
        self.low, self.high = low, high

    def convert(self, value, param, ctx):
        n = click.INT.convert(value, param, ctx)
        if not self.low <= n <= self.high:
            self.fail(f"must be from {self.low:,} to {self.high:,}, not {n:,}", param, ctx)
        return n


class Real(click.ParamType):
    """A finite number from ``low`` to ``high`` (``nan`` and ``inf`` refused: a NaN passes every
    comparison's range check by failing it)."""

    name = "number"

    def __init__(self, low: float, high: float):
        self.low, self.high = low, high

    def convert(self, value, param, ctx):
        x = click.FLOAT.convert(value, param, ctx)
        if not (math.isfinite(x) and self.low <= x <= self.high):
            self.fail(
                f"must be a number from {self.low:g} to {self.high:g}, not {value}", param, ctx
            )
        return x


def simulation_command(
    entry,
    spec,
    *,
    options,
    extra=(),
    players: int = 4,
    several: bool = False,
    chunk_size: int | None = None,
) -> click.Command:
    """The command ``tableodds GAME NAME`` of a registered analysis (``entry``, an
    :class:`~tableodds.analysis.registry.Entry`) that runs
    ``analysis(plan, players=, **game, **extra)``.

    Every simulation command is this one shape: --players, the run options (--games defaults
    to the registered size), the game's options (``options``, from :func:`game_options`), its
    own ``extra`` click options and the output options; the help text is the analysis's
    docstring and the registered example.
    ``chunk_size``: the default --chunk-size when not the game's (``spec.chunk_size``).
    """
    from tableodds.reports.cli.lazy import Lazy

    analysis = Lazy(entry.module, entry.function)

    def command(players, run, game, output, **more):
        from tableodds.reports.cli.driver import run_and_print

        run_and_print(lambda plan: analysis(plan, players=players, **game, **more), **run, **output)

    command.__doc__ = help_text(entry)
    f = output_options(command)
    for option in reversed(extra):
        f = option(f)
    f = run_options(entry.games, chunk_size or spec.chunk_size)(options(f))
    f = players_option(spec.players, players, several)(f)
    return click.command(entry.command)(f)


def simulation(spec, **kwargs):
    """A game's recipe for the command of one registered analysis: ``entry -> command``
    (:func:`simulation_command` with ``kwargs``)."""
    return lambda entry: simulation_command(entry, spec, **kwargs)


def calculator_command(entry, *params, call, spec=None, more: str = "") -> click.Command:
    """The command ``tableodds GAME NAME`` of a registered analysis that answers from what the
    user gives it (a file, a few numbers) rather than from a simulation of whole games.

    Every calculator is this one shape: its own click arguments and options (``params``, in
    the order --help lists them), for one that simulates from its inputs the run options of
    the game (``spec``: --games defaulting to the registered size, --seed, --workers, ...),
    and the output options.  ``call(analysis,
    **values)`` reads the values before anything runs (a bad one is one usage line) and returns
    the function of the run plan that gives the result.  Values named ``games``, ``seed`` or
    ``workers`` (a calculator that samples, with its own flags for them) go to the run, not
    to ``call``.  The help text is the analysis's docstring, ``more`` and the example.
    """
    from tableodds.reports.cli.lazy import Lazy

    analysis = Lazy(entry.module, entry.function)

    def command(output, run=None, **values):
        from tableodds.reports.cli.driver import run_and_print

        plan = dict(run or {})
        for key in ("games", "seed", "workers"):
            if key in values:
                plan[key] = values.pop(key)
        run_and_print(call(analysis, **values), **plan, **output)

    command.__doc__ = help_text(entry, more)
    f = output_options(command)
    if spec is not None:
        f = run_options(entry.games, spec.chunk_size)(f)
    for param in reversed(params):
        f = param(f)
    return click.command(entry.command)(f)


def calculator(*params, **kwargs):
    """A game's recipe for a calculator command: ``entry -> command``
    (:func:`calculator_command`)."""
    return lambda entry: calculator_command(entry, *params, **kwargs)


def help_text(entry, more: str = "") -> str:
    """A command's --help: the analysis's docstring (read from its source), ``more``, and the
    registered example."""
    from tableodds.reports.cli.lazy import Lazy

    doc = inspect.cleandoc(Lazy(entry.module, entry.function).__doc__ or "")
    return (
        doc
        + (f"\n\n{more}" if more else "")
        + (f"\n\nExample: {entry.example}" if entry.example else "")
    )


def run_options(games: int, chunk_size: int = 65_536):
    """--games, --seed, --workers, --chunk-size, --backend, --scheduler.

    The command receives them as one ``run`` dict, the driver's keyword arguments.
    """

    def deco(command):
        @functools.wraps(command)
        def wrapper(*args, games, seed, workers, chunk_size, **kwargs):
            run = {"games": games, "seed": seed, "workers": workers, "chunk_size": chunk_size}
            return command(*args, run=run, **kwargs)

        f = click.option(
            "--chunk-size",
            type=Bounded(1, MAX_CHUNK),
            default=chunk_size,
            show_default=True,
            help="Games per chunk; results do not depend on it.",
        )(wrapper)
        f = workers_option(
            "Worker threads (local) or processes (a local Dask cluster) "
            "[default: all cores]; results do not depend on it."
        )(f)
        f = seed_option("Master seed; game i draws from a stream of (seed, i).")(f)
        f = click.option(
            "--games",
            "-n",
            type=Bounded(1, MAX_GAMES),
            default=games,
            show_default=True,
            help="Number of games to simulate.",
        )(f)
        return backend_options(f)

    return deco


def seed_option(help: str = "Master seed."):
    """--seed/-s: the master seed, 0 to MAX_SEED, default 1 (every command that simulates)."""
    return click.option(
        "--seed", "-s", type=Bounded(0, MAX_SEED), default=1, show_default=True, help=help
    )


def workers_option(help: str = "Worker threads [default: all cores]."):
    """--workers/-w: 1 to MAX_WORKERS, default all cores (every command that simulates)."""
    return click.option("--workers", "-w", type=Bounded(1, MAX_WORKERS), default=None, help=help)


def backend_options(f):
    """--backend and --scheduler: every run inside the command uses that backend."""

    @functools.wraps(f)
    def wrapper(*args, backend, scheduler, **kwargs):
        from tableodds.sim.core.runner import make_backend, using

        with using(make_backend(backend, scheduler, kwargs.get("workers"))):
            return f(*args, **kwargs)

    wrapper = click.option(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="Address of a running Dask scheduler, e.g. tcp://10.0.0.5:8786 "
        "(implies --backend dask).",
    )(wrapper)
    return click.option(
        "--backend",
        type=click.Choice(["local", "dask"]),
        default=None,
        help="Where the chunks run: threads here (local, the default) or a Dask cluster "
        "(dask; a local cluster unless --scheduler is given). Results are identical.",
    )(wrapper)


force_option = click.option(
    "--force",
    is_flag=True,
    help="Let --out write beside files tableodds did not write (they are never touched; "
    "a name already taken by one is refused).",
)


def output_options(command):
    """--json, --out and --force, passed to the command as one ``output`` dict."""

    @functools.wraps(command)
    def wrapper(*args, as_json, out, force, **kwargs):
        return command(*args, output={"as_json": as_json, "out": out, "force": force}, **kwargs)

    f = force_option(wrapper)
    f = click.option(
        "--out",
        "-o",
        type=click.Path(path_type=Path, file_okay=False),
        default=None,
        help="Write run.json, tables (Parquet + CSV), plots (PNG + SVG) and the records "
        "here when the command finishes; an earlier run's files there are replaced, "
        "nothing else is touched.",
    )(f)
    f = click.option(
        "--json",
        "as_json",
        is_flag=True,
        help="Print one JSON document on stdout instead of tables.",
    )(f)
    return f


def split_list(value: str | None, flag: str = "the list") -> list[str] | None:
    """``a,b,c`` -> ['a', 'b', 'c']; an empty list, or an empty item (``a,,b``, ``a,``),
    is a usage error naming ``flag``, never skipped."""
    if value is None:
        return None
    items = [v.strip() for v in value.split(",")]
    if not any(items):
        raise click.UsageError(f"{flag} needs at least one item, got {value!r}")
    if not all(items):
        raise click.UsageError(f"{flag} has an empty item in {value!r}")
    return items


def list_callback(ctx, param, value):
    """A comma-list option's callback: :func:`split_list` naming the option."""
    return split_list(value, param.opts[0])


def policy_options(policies: dict[str, str], default: str, mixes: bool = False):
    """--policy NAME (every seat) and --policies A,B,... (one per seat; with ``mixes`` the
    option repeats, one policy mix per use, to compare them)."""
    described = "; ".join(f"{k}: {v}" for k, v in policies.items())

    def deco(f):
        f = click.option(
            "--policies",
            default=None,
            metavar="A,B,...",
            multiple=mixes,
            help="One policy per seat (or one for all), comma-separated"
            + ("; repeat the option to compare policy mixes." if mixes else "."),
        )(f)
        return click.option(
            "--policy",
            default=None,
            metavar="NAME",
            help=f"Policy for every seat [default: {default}]. {described}.",
        )(f)

    return deco


def chosen_policies(policy: str | None, policies) -> list | None:
    """The seats' policies from --policy/--policies; a list of mixes when --policies repeats."""
    if policy is not None and policies:
        raise click.UsageError("give --policy or --policies, not both")
    if policy is not None and not policy.strip():
        raise click.UsageError("--policy needs a policy name")
    mixes = policies if isinstance(policies, tuple) else (policies,) if policies is not None else ()
    for p in mixes:
        if not p.strip(","):
            raise click.UsageError("--policies needs policy names, e.g. A,B,C")
        split_list(p, "--policies")
    if isinstance(policies, tuple):  # a repeatable --policies: one mix per use
        chosen = [split_list(p, "--policies") for p in policies]
        if len({tuple(m) for m in chosen}) != len(chosen):
            raise click.UsageError("--policies: the same policy mix is given twice")
        return chosen or ([[policy]] if policy else None)
    return split_list(policies, "--policies") or ([policy] if policy else None)


def data_option(flag: str, help: str):
    """A game's data file instead of the packaged one (``--cards``, ``--rules``, ``--params``)."""
    return click.option(
        flag, type=click.Path(path_type=Path, dir_okay=False), default=None, help=help
    )


def click_option(o):
    """The click option of a game's declared setting (a :class:`tableodds.sim.core.options.Option`)."""
    if o.kind == "file":
        return data_option(o.flag, o.help)
    if o.kind == "switch":
        return click.option(f"{o.flag}/--no-{o.flag[2:]}", o.name, default=o.default, help=o.help)
    if o.kind == "repeat":
        return click.option(
            o.flag, o.name, multiple=True, metavar=o.metavar or "NAME", help=o.described()
        )
    if o.kind == "int":
        return click.option(
            o.flag,
            o.name,
            type=click.IntRange(o.low, o.high),
            default=o.default,
            show_default=o.default is not None,
            help=o.help,
        )
    return click.option(
        o.flag,
        o.name,
        type=click.Choice(list(o.choices)),
        default=o.default,
        show_default=o.default is not None,
        help=o.described(),
    )


def pick(settings, *names: str) -> list:
    """The declared settings called ``names``, in that order (a name not declared fails at
    import, so a renamed setting cannot silently drop out of a command)."""
    by_name = {o.name: o for o in settings}
    return [by_name[n] for n in names]


def game_options(policies: dict[str, str] | None, default: str, *extra, mixes: bool = False):
    """--policy/--policies (unless ``policies`` is None) and the game's own options (``extra``:
    declared settings, :class:`tableodds.sim.core.options.Option`, or click options), passed to
    the command as one ``game`` dict of the analysis's keywords."""
    extra = [click_option(o) if hasattr(o, "kind") else o for o in extra]

    def deco(command):
        @functools.wraps(command)
        def wrapper(*args, **kwargs):
            game = {}
            if policies is not None:
                game["policies"] = chosen_policies(kwargs.pop("policy"), kwargs.pop("policies"))
            for key in names:
                game[key] = kwargs.pop(key)
            return command(*args, game=game, **kwargs)

        f = wrapper
        before = len(getattr(f, "__click_params__", []))
        for option in extra:
            f = option(f)
        names = [p.name for p in f.__click_params__[before:]]
        return f if policies is None else policy_options(policies, default, mixes)(f)

    return deco
