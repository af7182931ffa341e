"""The one result protocol every analysis speaks.

An analysis function takes a :class:`~tableodds.sim.core.runner.CommandRuns` and keyword
settings, runs what it needs and returns a :class:`Result`: the command, its settings, its
runs (game counts, seed, timing, interrupted) and a summary that offers

- ``tables()``: Polars frames, one per name (written as Parquet + CSV),
- ``plots()``: matplotlib figures, one per name (written as PNG + SVG),
- ``as_dict()``: the JSON-ready results,
- ``text()``: the printed summary.

Computing and printing are split the way numpyro splits ``summary()`` from
``print_summary()``: ``result.text()`` builds the text, ``result.print_summary()`` prints it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

import polars as pl

from tableodds.sim.core.runner import CommandRuns, RunResult

SCHEMA_VERSION = 1


def table(name: str, *, json: str | None = None, **kwargs):
    """A :class:`Summary` field holding a Polars frame: written as the table ``name`` and, in
    the JSON document, as its rows under ``json`` (default: the field's name)."""
    return field(repr=False, metadata={"table": name, "json": json}, **kwargs)


def to_json(value):
    """A summary's value as JSON-ready data: a frame as its rows, an estimate (``Mean``,
    ``Proportion``) or a nested summary by its ``as_dict()``, tuples as lists."""
    if isinstance(value, pl.DataFrame):
        return value.to_dicts()
    if hasattr(value, "as_dict"):
        return value.as_dict()
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    return value


class Summary:
    """The base of an analysis's summary (a frozen dataclass): what it offers comes from its
    fields.

    - ``tables()``: every field declared with :func:`table`, by its table name;
    - ``plots()``: none (a summary with plots says which);
    - ``as_dict()``: every field in order, by its name (a table's ``json`` name), through
      :func:`to_json`;
    - ``text()``: the scalar fields, one ``name: value`` line each, then every table.

    A summary writes its own ``text()`` (or ``as_dict()``) only where a table needs a layout
    of its own.
    """

    def tables(self) -> dict[str, pl.DataFrame]:
        return {
            f.metadata["table"]: getattr(self, f.name)
            for f in fields(self)
            if "table" in f.metadata
        }

    def plots(self) -> dict[str, Any]:
        return {}

    def as_dict(self) -> dict:
        return {
            (f.metadata.get("json") or f.name): to_json(getattr(self, f.name)) for f in fields(self)
        }

    def text(self) -> str:
        lines = [
            f"{f.name.replace('_', ' ')}: {_shown(getattr(self, f.name))}"
            for f in fields(self)
            if "table" not in f.metadata
        ]
        for name, frame in self.tables().items():
            lines += ["", name.replace("_", " "), *_rows(frame)]
        return "\n".join(lines).strip("\n")


def _shown(value) -> str:
    if isinstance(value, (tuple, list)):
        return ", ".join(map(_shown, value))
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def _rows(frame: pl.DataFrame) -> list[str]:
    """A frame as aligned text: a header, then one line per row."""
    cells = [list(frame.columns)] + [[_shown(v) for v in row] for row in frame.iter_rows()]
    widths = [max(len(r[i]) for r in cells) for i in range(frame.width)]
    return ["  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in cells]


@dataclass
class Result:
    """What one command produced.

    ``runs`` maps a run's name to its :class:`RunResult` (one run is named ``""``);
    ``titles`` gives each run's one-line description for the header (every run the command
    plans); ``run_settings`` each run's own settings when a command has several.  ``plan``
    keeps temporary records readable for as long as the result lives.  After an interrupt a
    command with several runs keeps every run that finished games: the header and the JSON
    document mark each run complete or interrupted, and name the runs left out, not run.
    """

    command: str
    settings: dict
    summary: Summary
    plan: CommandRuns | None = None
    titles: dict[str, str] = field(default_factory=dict)
    run_settings: dict[str, dict] = field(default_factory=dict)

    @property
    def runs(self) -> dict[str, RunResult]:
        """Every run that finished games, by name (one run is named ``""``)."""
        return {} if self.plan is None else dict(self.plan.runs)

    @property
    def interrupted(self) -> bool:
        """Whether the command was cut short (a run interrupted, or runs not run)."""
        return self.plan is not None and self.plan.interrupted

    @property
    def left_out(self) -> list[str]:
        """The runs an interrupt left out (not started, or no game finished), by name: those
        of ``titles`` that are not in ``runs``."""
        if not self.interrupted:
            return []
        return [name for name in self.titles if name not in self.plan.runs]

    @property
    def games(self) -> int:
        """Games asked for, over every run that finished games."""
        return sum(r.games for r in self.runs.values())

    @property
    def games_done(self) -> int:
        """Games finished, over every run."""
        return sum(r.games_done for r in self.runs.values())

    def records(self, name: str = "") -> pl.LazyFrame:
        """A run's records (every finished game) as a lazy frame."""
        runs = self.runs
        if name not in runs:
            raise KeyError(f"no run {name!r}; runs: {', '.join(map(repr, runs)) or 'none'}")
        return runs[name].scan()

    def tables(self) -> dict[str, pl.DataFrame]:
        """The command's tables as Polars frames, by name (``--out`` writes each as Parquet
        and CSV)."""
        return self.summary.tables()

    def plots(self) -> dict[str, Any]:
        """The command's plots as matplotlib figures, by name (``--out`` writes each as PNG
        and SVG)."""
        return self.summary.plots()

    def run_dict(self) -> dict:
        """The ``run`` (one run) or ``runs`` (several) entry of the JSON document, each with
        its ``status``: complete, interrupted, or (left out by an interrupt) not run."""
        runs = self.runs
        if set(runs) == {""} and not self.left_out:
            return {"run": {**runs[""].describe(), "status": _status(runs[""])}}
        if not runs and not self.left_out:
            return {"run": None}
        ran = [
            {"name": name, **self._own(name), **r.describe(), "status": _status(r)}
            for name, r in runs.items()
        ]
        not_run = [
            {"name": name, **self._own(name), "games_done": 0, "status": "not run"}
            for name in self.left_out
        ]
        return {"runs": ran + not_run}

    def _own(self, name: str) -> dict:
        return {"settings": self.run_settings[name]} if name in self.run_settings else {}

    def as_dict(self) -> dict:
        """The whole JSON document (``--json``): the same top level for every command."""
        return {
            "schema_version": SCHEMA_VERSION,
            "command": self.command,
            "settings": self.settings,
            **self.run_dict(),
            "interrupted": self.interrupted,
            "results": self.summary.as_dict(),
        }

    def header(self) -> str:
        """One line per run: what ran, games, seed, time; after an interrupt each run of a
        command with several is marked complete, INTERRUPTED or NOT RUN."""
        lines = []
        several = len(self.runs) + len(self.left_out) > 1
        for name, r in self.runs.items():
            title = self.titles.get(name, name or self.command)
            if r.interrupted:
                mark = f" · INTERRUPTED ({r.games_done:,} of {r.games:,} games)"
            else:
                mark = " · complete" if self.interrupted and several else ""
            lines.append(
                f"{title} · {r.games_done:,} games · seed {r.seed} · "
                f"{r.seconds:.1f} s ({r.games_per_s:,.0f} games/s){mark}"
            )
        for name in self.left_out:
            lines.append(f"{self.titles[name]} · NOT RUN: the command was interrupted first")
        if self.left_out:
            lines.append("NOTE: the runs marked NOT RUN are not in the tables below")
        elif self.interrupted and unequal_sizes(self.runs):
            lines.append(
                "NOTE: the runs finished different numbers of games; compare them with that in mind"
            )
        return "\n".join(lines)

    def text(self) -> str:
        """The printed summary: the header, then the summary's text."""
        head = self.header()
        body = self.summary.text()
        return f"{head}\n\n{body}" if head else body

    def print_summary(self) -> None:
        """Print :meth:`text`: the command's output."""
        print(self.text())


def _status(run: RunResult) -> str:
    return "interrupted" if run.interrupted else "complete"


def unequal_sizes(runs: dict[str, RunResult]) -> bool:
    """True when the runs of one comparison finished different numbers of games."""
    return len({r.games_done for r in runs.values()}) > 1
