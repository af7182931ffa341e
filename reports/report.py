"""``tableodds report``: every game's default analyses on one HTML page.

Each game contributes ``tableodds.reports.<package>.section(book)``: it runs its analyses
through ``book.analyse`` (each into its own folder ``<game>/<name>/`` with ``run.json``,
tables, plots and records, the same files as the command's ``--out``) and yields the HTML
fragments of its section as they are made (its heading first), whose captions quote those
results' own run facts.  After the games come the cheat sheets and a worked scoring example
per game.  The whole report is one stop scope: the first Ctrl-C or SIGTERM stops it, and
the page shows every fragment made by then (the section cut short in the contents too),
marked INTERRUPTED; a table built from several analyses shows the rows that finished
(:func:`rows_of`).
"""

from __future__ import annotations

import html
import importlib
import importlib.util
import json
import tempfile
from importlib.metadata import version
from pathlib import Path

from tableodds.analysis.result import SCHEMA_VERSION, Result
from tableodds.reports.cheatsheets import builders
from tableodds.reports.driver import run_into
from tableodds.reports.html import drop_missing_figures, page, scaled
from tableodds.reports.output import OutFolder, write_bytes, write_text
from tableodds.reports.progress import ReportBar
from tableodds.reports.sheet import pdf_name, to_pdf, write_sheet
from tableodds.sim.core import cache, compiling
from tableodds.sim.core.runner import stop_scope
from tableodds.sim.registry import PACKAGES, game


class Stopped(Exception):
    """The report was interrupted: no further analysis runs."""


# The least --scale: the largest default run (1,000,000 games) is at its least size (1,000) at
# 1/1000, and so is every other; a smaller scale would run the same report and name another.
SCALE_FLOOR = 0.001


class ReportRuns:
    """The report being built: where each analysis writes, and what has run."""

    def __init__(
        self, root: Path, scale: float, seed: int, workers: int | None, bar: ReportBar | None = None
    ):
        self.root, self.scale, self.seed, self.workers = root, scale, seed, workers
        self.results: dict[str, Result] = {}
        self.files: dict[str, list[Path]] = {}  # folder -> the files written for it
        self.section_folders: list[str] = []  # the folders of the section being built
        self.stopped = False
        self.bar = bar or ReportBar(False, 0)

    def size(self, n: int, least: int = 1000) -> int:
        return scaled(n, self.scale, least)

    def analyse(
        self, folder: str, analysis, games: int, chunk_size: int | None = None, **settings
    ) -> Result:
        """``analysis(plan, **settings)`` into ``folder``: the commands' own step
        (:func:`~tableodds.reports.driver.run_into`), its records and files in ``folder``."""
        if self.stopped:
            raise Stopped
        if folder in self.results:
            raise ValueError(f"two analyses of the report write {folder}")
        try:
            result, self.files[folder] = run_into(
                lambda plan: analysis(plan, **settings),
                self.root / folder,
                games=games,
                seed=self.seed,
                workers=self.workers,
                chunk_size=chunk_size,
                progress=self.bar.runs(folder) or False,
            )
        except KeyboardInterrupt:
            self.stopped = True
            raise Stopped from None
        self.results[folder] = result
        self.section_folders.append(folder)
        self.bar.advance()
        self.stopped = result.interrupted
        return result

    def link(self, folder: str, name: str, kind: str = "csv") -> str:
        return f'<a href="{html.escape(folder)}/{html.escape(name)}.{kind}">{kind.upper()}</a>'

    def runs_block(self) -> str:
        """The section's runs: games, seed, policies and a link to every file behind its
        tables and plots (run.json, CSV, Parquet, SVG, PNG)."""
        rows = []
        for folder in self.section_folders:
            r = self.results[folder]
            by_stem: dict[str, list[Path]] = {}
            for path in self.files[folder]:
                by_stem.setdefault(path.stem, []).append(path)
            links = []
            for stem, paths in by_stem.items():
                rel = [p.relative_to(self.root).as_posix() for p in paths]
                kinds = " ".join(
                    f'<a href="{html.escape(x)}">{html.escape(p.suffix[1:])}</a>'
                    for x, p in zip(rel, paths)
                )
                links.append(f"{html.escape(stem)}: {kinds}" if stem != "run" else kinds)
            pol = r.settings.get("policies") if isinstance(r.settings, dict) else None
            pol = ", ".join(map(str, pol)) if isinstance(pol, (list, tuple)) else "-"
            seed = next(iter(r.runs.values())).seed if r.runs else None
            rows.append(
                f"<tr><td><code>{html.escape(folder)}</code></td>"
                f"<td class=num>{r.games_done:,}"
                f"{' (INTERRUPTED)' if r.interrupted else ''}</td>"
                f"<td class=num>{'-' if seed is None else seed}</td>"
                f"<td>{html.escape(pol)}</td><td>{' · '.join(links)}</td></tr>"
            )
        games = sum(self.results[f].games_done for f in self.section_folders)
        count = len(self.section_folders)
        self.section_folders = []
        if not rows:
            return ""
        return (
            f"<details class=runs><summary>Runs behind this section: {count} "
            f"analys{'is' if count == 1 else 'es'}, {games:,} games, seed {self.seed} — "
            "their policies and files (run.json, CSV, Parquet, SVG, PNG)</summary>"
            "<table class=runs><thead><tr><th>analysis</th><th class=num>games"
            "</th><th class=num>seed</th><th>policies</th><th>files</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></details>"
            '<a class=top href="#top">back to the contents</a>'
        )


class _CompileRuns(ReportRuns):
    """A section run for the kernels it compiles only: each analysis on a few games, in a
    folder thrown away (:func:`compile_sections`)."""

    GAMES = 64

    def size(self, n: int, least: int = 1000) -> int:
        return min(n, self.GAMES)

    def analyse(self, folder, analysis, games, chunk_size=None, **settings):
        return super().analyse(folder, analysis, min(games, self.GAMES), chunk_size, **settings)


def _package(module: str) -> str:
    return module.rsplit(".", 1)[-1]


def _compile_section(module: str) -> str:
    """Run the section of ``module`` small, in a worker process, so that every kernel and
    variant it runs is compiled into the cache; returns the module."""
    with tempfile.TemporaryDirectory() as tmp, stop_scope():
        book = _CompileRuns(Path(tmp), 0.0, 1, 1)
        try:
            for _ in importlib.import_module(module).section(book):
                pass
        except Exception:  # the parent's own run of the section meets and reports it
            return module
    cache.note(_package(module), "report")
    return module


def compile_sections(games: list[tuple[str, str]], processes: int | None = None) -> list[str]:
    """Compile the kernels of the sections (``(game, module)`` pairs, :func:`section_modules`)
    whose games have not run their section on these sources, side by side (one worker per
    section, :func:`compiling.side_by_side`): a cold report then waits for its longest game's
    compile instead of the sum of all."""
    cold = [(n, m) for n, m in games if not cache.noted(_package(m), "report")]
    if len(cold) < 2:
        return []
    cold.sort(key=lambda g: -game(g[0]).compile_seconds)  # the longest first
    watch = compiling.Watch.install()
    for _, m in cold:
        watch.tell(_package(m))  # the one line each, as if compiled here
    return compiling.side_by_side(_compile_section, [m for _, m in cold], processes)


def section_modules() -> list[tuple[str, str]]:
    """(game, module) of each game's report section, in the registry's order."""
    games = [(n, "tableodds.reports." + _package(p)) for n, p in PACKAGES.items()]
    return [(n, m) for n, m in games if importlib.util.find_spec(m) is not None]


def rows_of(rows) -> tuple[list, Stopped | None]:
    """The rows of a table that runs one analysis per row (``rows``, an iterator), up to the
    end or to an interrupt: (the rows made, the :class:`Stopped` to raise once they are
    shown, or None)."""
    made = []
    try:
        for row in rows:
            made.append(row)
    except Stopped as stop:
        return made, stop
    return made, None


def facts(result: Result) -> str:
    """A caption's run facts, from the result itself (so they match its run.json): one
    run's games, or for several runs of one size "13 runs of 10,000 games" (each run listed
    where the sizes differ or a run was interrupted)."""
    runs = list(result.runs.values())
    seed = runs[0].seed if runs else None
    tail = f", seed {seed}" if seed is not None else ""
    if not runs:
        return "exact" + tail
    if len(runs) > 1 and not any(r.interrupted for r in runs):
        sizes = {r.games_done for r in runs}
        if len(sizes) == 1:
            return f"{len(runs)} runs of {runs[0].games_done:,} games" + tail
        return f"{len(runs)} runs, {sum(r.games_done for r in runs):,} games in all" + tail
    parts = []
    for r in runs:
        stop = f", INTERRUPTED at {r.games_done:,} of {r.games:,}" if r.interrupted else ""
        parts.append(f"{r.games_done:,} games{stop}")
    return " + ".join(parts) + tail


def _sheets(out: Path, seed: int) -> str:
    items = []
    for name, build in builders().items():
        sheet = build(seed=seed)
        paths = write_sheet(sheet, out / "cheatsheets")
        letter = write_bytes(
            out / "cheatsheets" / pdf_name(sheet.game, "letter"), to_pdf(sheet, "letter")
        )
        paths.insert(1, letter)
        names = {
            pdf_name(sheet.game, "a4"): "PDF (A4)",
            letter.name: "PDF (Letter)",
            f"{sheet.game}-cheatsheet.md": "Markdown",
            f"{sheet.game}-cheatsheet.html": "HTML",
        }
        links = " · ".join(f'<a href="cheatsheets/{p.name}">{names[p.name]}</a>' for p in paths)
        items.append(f"<li>{html.escape(name)}: {links}</li>")
    return (
        "<h2 id=cheatsheets>Cheat sheets</h2><p>One page each, A4 or US Letter, to print at "
        "100%: a score grid, the turn summary and the odds players ask for. Every number "
        f"on them comes from the code.</p><ul>{''.join(items)}</ul>"
    )


def _scoring_examples() -> str:
    parts = [
        "<h2 id=scoring>Scoring examples</h2>"
        "<p>Each game's <code>tableodds GAME score --template"
        "</code> file, scored by <code>tableodds GAME score FILE</code>.</p>"
    ]
    for name, package in PACKAGES.items():
        if importlib.util.find_spec(package + ".scoring") is None:
            continue
        module = importlib.import_module(package + ".scoring")
        with tempfile.TemporaryDirectory() as tmp:
            f = Path(tmp) / "record.toml"
            f.write_text(module.TEMPLATE, "utf-8")
            result = module.score(module.load(f)).render()
        parts.append(
            f"<h3>{html.escape(name)}</h3><details><summary>record</summary><pre>"
            f"{html.escape(module.TEMPLATE)}</pre></details>"
            f"<pre>{html.escape(result)}</pre>"
        )
    return "".join(parts)


def build_report(
    out,
    scale: float = 1.0,
    seed: int = 1,
    workers: int | None = None,
    force: bool = False,
    progress: bool = False,
) -> tuple[Path, bool]:
    """Write the report to ``out`` when done (an earlier report there is replaced, nothing
    else is touched: see :class:`OutFolder`); returns (index, interrupted).

    ``progress``: one bar on stderr for the whole report (the CLI sets it on a terminal).
    """
    folder = OutFolder(out, force)
    games = section_modules()
    modules = {m: importlib.import_module(m) for _, m in games}
    # one bar for the whole report: a step per analysis (each section says how many it
    # runs), one for the cheat sheets and one for the scoring examples
    bar = ReportBar(progress, sum(modules[m].RUNS for _, m in games) + 2)
    asked = [q for _, m in games for q in getattr(modules[m], "QUESTIONS", ())]
    try:
        book = ReportRuns(folder.staging, scale, seed, workers, bar)
        sections = []
        with stop_scope():
            bar.section("compiling")
            try:
                compile_sections(games, workers)
            except KeyboardInterrupt:
                book.stopped = True
                name = "the kernels' compile, before the first section"
            for name, module in [] if book.stopped else games:
                bar.section(name)
                parts = []
                try:
                    for part in modules[module].section(book):
                        parts.append(part)
                except (Stopped, KeyboardInterrupt):  # also one between two analyses
                    book.stopped = True
                sections.append("".join(parts) + book.runs_block())
                if book.stopped:
                    break
                cache.note(_package(module), "report")
        if book.stopped:
            sections = [drop_missing_figures(x, folder.staging) for x in sections]
            sections.insert(
                0,
                "<p class=stop><strong>INTERRUPTED</strong>: the report was "
                f"stopped during {html.escape(name)}; the sections before it are complete, "
                "that one shows what had finished, and the later ones did not run.</p>",
            )
        else:
            bar.section("cheat sheets")
            sections.append(_sheets(folder.staging, seed))
            bar.advance()
            bar.section("scoring examples")
            sections.append(_scoring_examples())
            bar.advance()
        footer = f"tableodds {version('tableodds')} · seed {seed} · scale {scale}"
        write_text(folder.staging / "index.html", page("tableodds report", sections, footer, asked))
        write_text(
            folder.staging / "run.json",
            json.dumps(
                {
                    "schema_version": SCHEMA_VERSION,
                    "command": "report",
                    "settings": {"scale": scale, "seed": seed},
                    "interrupted": book.stopped,
                    "analyses": {
                        k: {
                            "command": r.command,
                            "games_done": r.games_done,
                            "interrupted": r.interrupted,
                        }
                        for k, r in book.results.items()
                    },
                },
                indent=2,
            )
            + "\n",
        )
        path = folder.commit()
    except BaseException:
        folder.discard()
        raise
    finally:
        bar.close()
    return path / "index.html", book.stopped
