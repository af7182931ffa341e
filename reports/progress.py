"""The progress bar of long runs: games/s and ETA on a terminal, nothing when piped."""

from __future__ import annotations

import sys
import time

from tableodds.sim.core.runner import Progress


class Bar:
    """A rich progress bar on a terminal; nothing when stderr is piped."""

    def __init__(self, enabled: bool, total: int, label: str):
        self.progress = None
        if not enabled:
            return
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TextColumn("elapsed"),
            TimeElapsedColumn(),
            TextColumn("· left"),
            TimeRemainingColumn(),
            console=stderr_console(),
            transient=True,
        )
        self.task = self.progress.add_task(label, total=total, rate="")
        self.t0 = time.perf_counter()
        self.done = 0
        self.progress.start()

    def advance(self, n: int) -> None:
        if self.progress is None:
            return
        self.done += n
        rate = self.done / max(time.perf_counter() - self.t0, 1e-9)
        self.progress.update(self.task, advance=n, rate=f"{rate:,.0f} games/s")

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()


def game_name(package: str) -> str:
    """The CLI name of a game package (``s1844`` -> ``1844``)."""
    from tableodds.sim.registry import PACKAGES

    return next((n for n, p in PACKAGES.items() if p.rsplit(".", 1)[-1] == package), package)


def compiling_text(package: str | None) -> str:
    """What a command says when numba starts compiling a game's kernels (``package``: the
    game's sim package, or None): what, about how long, and that it happens once."""
    from tableodds.sim.registry import PACKAGES, game

    name = game_name(package) if package else None
    about = f", about {game(name).compile_seconds} s on 2 cores" if name in PACKAGES else ""
    return (
        f"compiling {_which(package)}{about} "
        "(once for these sources; later runs load them from the cache)"
    )


def _which(package: str | None) -> str:
    return f"the {game_name(package)} kernels" if package else "kernels"


_console = None


def stderr_console():
    """The one rich console on stderr: bars, spinners and notes share it, so a line printed
    while a bar is drawn goes above the bar instead of through it."""
    global _console
    if _console is None:
        from rich.console import Console

        _console = Console(stderr=True, soft_wrap=True, highlight=False)
    return _console


def tell_compiling(package: str | None) -> None:
    """One line on stderr when a package first compiles in this process, on a terminal or
    not (``sim.core.compiling.on_first``)."""
    stderr_console().print(f"tableodds: {compiling_text(package)}", markup=False)


class Spinner:
    """A spinner with the time elapsed on stderr, until ``close()``."""

    def __init__(self, text: str):
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.progress = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            TextColumn("elapsed"),
            TimeElapsedColumn(),
            console=stderr_console(),
            transient=True,
        )
        self.progress.add_task(text, total=None)
        self.progress.start()

    def close(self) -> None:
        self.progress.stop()


class Terminal:
    """The runner's bar factory on a terminal: a bar per run, and a spinner while numba
    compiles a kernel before the run's clock starts."""

    def __call__(self, total: int, label: str) -> Bar:
        return Bar(True, total, label)

    def compiling(self, package: str | None) -> Spinner:
        return Spinner(f"compiling {_which(package)}")  # the line above says the rest


def terminal() -> Progress | None:
    """A bar factory for the runner when stderr is a terminal; None (no bar) when piped."""
    if not sys.stderr.isatty():
        return None
    return Terminal()


def _hms(seconds: float) -> str:
    s = int(max(seconds, 0))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def _clock():
    """A column "elapsed 0:01:02 · left 0:03:04": left from the pace of the work so far, with
    the seconds numba spent compiling taken out of the pace (a compile is paid once, so it
    says nothing of the steps to come); "left ?" before any work is done."""
    from rich.progress import ProgressColumn
    from rich.text import Text

    from tableodds.sim.core.compiling import Watch

    watch = Watch.install()

    class Clock(ProgressColumn):
        def __init__(self):
            super().__init__()
            self.t0, self.c0 = time.perf_counter(), watch.seconds_now()

        def render(self, task):
            elapsed = time.perf_counter() - self.t0
            work = elapsed - (watch.seconds_now() - self.c0)
            done = task.completed / task.total if task.total else 0.0
            left = _hms(work * (1 - done) / done) if done > 0.0 else "?"
            return Text(f"elapsed {_hms(elapsed)} · left {left}")

    return Clock()


class ReportBar:
    """The one bar of ``tableodds report``: the whole report in steps (one per analysis, one
    for the cheat sheets, one for the scoring examples), moving within an analysis as its
    games finish, with the time elapsed and an estimate of the time left for the whole
    report (from the pace so far, compile time left out: analyses differ in cost, so it
    firms up as the report runs).  Nothing when disabled (stderr piped)."""

    def __init__(self, enabled: bool, steps: int):
        self.progress = None
        self.steps, self.done, self.part = steps, 0, 0.0
        if not enabled:
            return
        from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn

        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            TaskProgressColumn(),
            _clock(),
            TextColumn("{task.fields[now]}"),
            console=stderr_console(),
            transient=True,
        )
        self.task = self.progress.add_task("report", total=steps, now="")
        self.progress.start()

    def section(self, name: str) -> None:
        if self.progress is not None:
            self.progress.update(self.task, description=f"report: {name}", now="")

    def advance(self) -> None:
        """One step done (an analysis, the cheat sheets, the scoring examples)."""
        self.done, self.part = min(self.done + 1, self.steps), 0.0
        if self.progress is not None:
            self.progress.update(self.task, completed=self.done)

    def within(self, fraction: float) -> None:
        """The step under way is ``fraction`` done."""
        # an analysis of several runs reports each run: the step never moves back
        self.part = max(self.part, min(max(fraction, 0.0), 1.0))
        if self.progress is not None:
            self.progress.update(self.task, completed=min(self.done + self.part, self.steps))

    def runs(self, folder: str) -> Progress | None:
        """A bar factory for one analysis's runs: they report into this bar."""
        if self.progress is None:
            return None
        return _Tickers(self, folder)

    def note(self, text: str) -> None:
        if self.progress is not None:
            self.progress.update(self.task, now=text)

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()


class _Tickers:
    def __init__(self, bar: ReportBar, folder: str):
        self.bar, self.folder = bar, folder

    def __call__(self, total: int, label: str) -> _Ticker:
        return _Ticker(self.bar, self.folder, total)

    def compiling(self, package: str | None) -> None:
        self.bar.note(f"{self.folder}: compiling {_which(package)}")


class _Ticker:
    def __init__(self, bar: ReportBar, folder: str, total: int):
        self.bar, self.folder, self.total, self.done = bar, folder, total, 0
        self.t0 = time.perf_counter()
        bar.note(f"{folder}: 0 of {total:,} games")

    def advance(self, n: int) -> None:
        self.done += n
        rate = self.done / max(time.perf_counter() - self.t0, 1e-9)
        self.bar.within(self.done / max(self.total, 1))
        self.bar.note(f"{self.folder}: {self.done:,} of {self.total:,} games, {rate:,.0f}/s")

    def close(self) -> None:
        pass
