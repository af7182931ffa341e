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
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
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
    """What a run says while numba compiles its kernel (``package``: the game's, or None)."""
    which = f"the {game_name(package)} kernels" if package else "the kernels"
    return f"compiling {which} (once per version of tableodds)"


class Spinner:
    """A spinner with the time elapsed on stderr, until ``close()``."""

    def __init__(self, text: str):
        from rich.console import Console
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.progress = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            TimeElapsedColumn(),
            console=Console(stderr=True),
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
        return Spinner(compiling_text(package))


def terminal() -> Progress | None:
    """A bar factory for the runner when stderr is a terminal; None (no bar) when piped."""
    if not sys.stderr.isatty():
        return None
    return Terminal()


class ReportBar:
    """The one bar of ``tableodds report``: the whole report in steps (one per analysis, one
    for the cheat sheets, one for the scoring examples), moving within an analysis as its
    games finish, with the time elapsed and an estimate of the time left for the whole
    report (from the pace so far: analyses differ in cost, so it firms up as the report
    runs).  Nothing when disabled (stderr piped)."""

    def __init__(self, enabled: bool, steps: int):
        self.progress = None
        self.steps, self.done, self.part = steps, 0, 0.0
        if not enabled:
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            TaskProgressColumn(),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            TextColumn("{task.fields[now]}"),
            console=Console(stderr=True),
            transient=True,
            # the pace over the whole report, not the last seconds' (analyses differ a lot)
            speed_estimate_period=24 * 3600,
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
        self.bar.note(f"{self.folder}: {compiling_text(package)}")


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
