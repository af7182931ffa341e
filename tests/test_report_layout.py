"""The report's page parts that need no simulation: run facts in captions, the questions
linked from the top, and the one progress bar with its estimate of the time left."""

import importlib
import io
from types import SimpleNamespace

from tableodds.analysis.result import Result
from tableodds.reports.html import page
from tableodds.reports.progress import ReportBar
from tableodds.reports.report import facts
from tableodds.sim.registry import PACKAGES


def _result(*sizes, interrupted=False):
    runs = {
        f"r{i}": SimpleNamespace(
            games=n, games_done=n // 2 if interrupted else n, interrupted=interrupted, seed=7
        )
        for i, n in enumerate(sizes)
    }
    return Result("x", {}, None, SimpleNamespace(runs=runs, interrupted=interrupted))


def test_facts_name_runs_of_one_size_once():
    assert facts(_result(10_000)) == "10,000 games, seed 7"
    assert facts(_result(*[10_000] * 13)) == "13 runs of 10,000 games, seed 7"
    assert facts(_result(1_000, 2_000)) == "2 runs, 3,000 games in all, seed 7"
    stopped = facts(_result(1_000, 1_000, interrupted=True))
    assert stopped.count("INTERRUPTED at 500 of 1,000") == 2
    assert facts(Result("x", {}, None)) == "exact"


def test_every_section_declares_its_questions_and_runs():
    asked = []
    for package in PACKAGES.values():
        module = importlib.import_module("tableodds.reports." + package.rsplit(".", 1)[-1])
        # the count is checked against what a report runs in test_protocol (the report's
        # run.json, section by section)
        assert isinstance(module.RUNS, int) and module.RUNS > 0
        asked += [anchor for _, anchor in module.QUESTIONS]
    assert {"davos-goals", "s1844-rush", "davoserjas-hands", "boss-deal", "borgia-pope"} <= set(
        asked
    )


def test_questions_link_only_to_what_the_page_has():
    sections = ["<h2 id=a>A</h2><h3 id=a-q>Q</h3>", "<h2 id=b>B</h2>"]
    html = page("t", sections, "f", [("Is a?", "a-q"), ("Is c?", "c-q")])
    assert '<a href="#a-q">Is a?</a>' in html and "c-q" not in html
    assert html.index("Questions this report answers") < html.index("Contents")
    assert "Questions this report answers" not in page("t", sections, "f", [("Is c?", "c-q")])


def test_one_bar_for_the_whole_report_with_the_time_left():
    bar = ReportBar(True, 4)
    bar.progress.console.file = io.StringIO()  # keep the test's output clean
    task = bar.progress.tasks[0]
    clock = [c for c in bar.progress.columns if type(c).__name__ == "Clock"]
    assert len(clock) == 1  # time elapsed and time left, each labelled
    assert str(clock[0].render(task)).endswith("· left ?")  # nothing done: no pace yet
    bar.section("davos")
    tick = bar.runs("davos/4p-goal")(1000, "davos")
    tick.advance(500)
    assert task.completed == 0.5 and task.total == 4
    assert "davos/4p-goal: 500 of 1,000 games" in task.fields["now"]
    text = str(clock[0].render(task))
    assert text.startswith("elapsed 0:00:0") and "left ?" not in text
    tick.advance(500)
    bar.advance()  # the analysis is done: one whole step
    assert task.completed == 1
    # a second run of the same analysis starting over does not move the bar back
    bar.within(0.6)
    bar.within(0.2)
    assert task.completed == 1.6
    for _ in range(5):
        bar.advance()
    assert task.completed == 4  # never beyond the end
    bar.close()
    off = ReportBar(False, 4)
    assert off.runs("x") is None
    off.advance()
    off.within(0.5)
    off.close()


def test_an_interrupted_result_is_written_without_its_plots(tmp_path):
    """Drawing takes seconds, so an interrupted run writes its tables and run.json at once."""
    import json

    import polars as pl

    from tableodds.reports.output import write_result

    class Summary:
        def tables(self):
            return {"t": pl.DataFrame({"a": [1]})}

        def plots(self):
            raise AssertionError("an interrupted run must not draw")

        def as_dict(self):
            return {}

    plan = SimpleNamespace(runs={}, interrupted=True)
    names = {p.name for p in write_result(Result("x", {}, Summary(), plan), tmp_path)}
    assert names == {"t.parquet", "t.csv", "run.json"}
    assert json.loads((tmp_path / "run.json").read_text())["plots"] == []


def test_the_report_drops_figures_whose_run_was_interrupted(tmp_path):
    from tableodds.reports.html import drop_missing_figures, img

    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "drawn.png").write_bytes(b"")
    text = img("a/drawn", "kept") + img("a/left", "left out")
    out = drop_missing_figures(text, tmp_path)
    assert img("a/drawn", "kept") in out and "a/left" not in out
    assert "plot left out: its run was interrupted" in out
