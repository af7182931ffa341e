"""Every command speaks one protocol: the same --json top level, the same --out files, and one
interrupt policy (the first Ctrl-C or SIGTERM stops the whole command)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from importlib import resources
from pathlib import Path

import polars as pl
import pytest
from cli_helpers import HANG, default_sigint, run_cli, wait_for

import tableodds
from tableodds.analysis import registry

VOTES = str(resources.files("tableodds.sim.borgia").joinpath("votes_example.toml"))
PARLIAMENT = str(resources.files("tableodds.sim.davos").joinpath("example_parliament.toml"))
HAND = "2C 3C 4C 5C 6C 2D 3D 4D 5D 2H 3H 4H 5H".split()
FAST = ["-n", "300", "-w", "1"]
# what a quick run of a command needs besides FAST (its arguments, or other sizes); every
# registered analysis is a command here (tests/test_registry.py checks it)
ARGS = {
    "davoserjas hand": [*FAST, *HAND],
    "davoserjas duel": [*FAST, "--policies", "counting,careful"],
    "davos goals": [*FAST, "--policies", "goal", "--policies", "random"],
    "davos vote": [PARLIAMENT],
    "davos duel": [*FAST, "--policies", "contest,goal"],
    "1844 train-rush": ["-n", "60", "-w", "1", "--players", "3,4"],
    "1844 compare": [
        str(resources.files("tableodds.sim.s1844").joinpath("games", "160062.json")),
        "-n",
        "60",
        "-w",
        "1",
    ],
    "1844 replay": [
        str(resources.files("tableodds.sim.s1844").joinpath("games", "160062.json")),
        "--at",
        "8",
        "--check",
    ],
    "1844 forecast": [
        str(resources.files("tableodds.sim.s1844").joinpath("games", "202933.json")),
        "--at",
        "4",
        *FAST,
    ],
    "borgia conquest": ["--attack", "3,2", "--hand", "2", "--trials", "3000", "-w", "1"],
    "boss simulate": [*FAST, "--card-values"],
    "boss variants": [*FAST, "--variant", "short"],
    "boss deal": ["--example", "final"],
    "davoserjas ladder": [*FAST, "--policies", "counting,random", "--fairness-games", "200"],
}
# a score command scores its game's --template file (written by the test, see _args)
TEMPLATE = "<the game's score --template file>"
ARGS |= {e.key: [TEMPLATE] for e in registry.scores()}
COMMANDS = {
    e.key: [e.game, e.command, *ARGS.get(e.key, FAST if e.games else [])]
    for e in registry.commands()
}
# settings worth a protocol run of their own
COMMANDS |= {
    "davos goals --game big": ["davos", "goals", *FAST, "--game", "big", "--policy", "random"],
    "davos duel --mode team": [
        "davos",
        "duel",
        *FAST,
        "--policies",
        "contest,goal",
        "--mode",
        "team",
        "--players",
        "4",
    ],
    "borgia election --votes": ["borgia", "election", "--votes", VOTES],
}
TOP = {"schema_version", "command", "settings", "interrupted", "results"}


def _args(name: str, folder: Path) -> list[str]:
    """The command's arguments, its score template written into ``folder``."""
    from tableodds.analysis.scores import scoring_module

    args = COMMANDS[name]
    if TEMPLATE in args:
        record = folder / "record.toml"
        record.write_text(scoring_module(args[0]).TEMPLATE, "utf-8")
        args = [str(record) if a == TEMPLATE else a for a in args]
    return args


@pytest.mark.parametrize("name", COMMANDS)
def test_json_has_one_top_level(name, tmp_path, capsys):
    code, out, err = run_cli([*_args(name, tmp_path), "--json"], capsys)
    assert code == 0, err
    doc = json.loads(out)
    assert TOP <= set(doc) and len(set(doc) - TOP) == 1 and ({"run", "runs"} & set(doc))
    assert doc["schema_version"] == 1 and doc["command"] == name.split(" --")[0]
    assert doc["interrupted"] is False
    runs = doc["runs"] if "runs" in doc else [doc["run"]] if doc["run"] else []
    for r in runs:
        assert r["games_done"] == r["games"] and {"seed", "backend", "seconds"} <= set(r)


@pytest.mark.parametrize("name", COMMANDS)
def test_out_holds_run_json_tables_plots_and_records(name, tmp_path, tmp_path_factory, capsys):
    out = tmp_path / "out"
    args = _args(name, tmp_path_factory.mktemp("in"))
    code, text, err = run_cli([*args, "--out", str(out)], capsys)
    assert code == 0, err
    doc = json.loads((out / "run.json").read_text())
    assert TOP - {"results"} <= set(doc) and "results" not in doc
    assert doc["tables"], "every command writes at least one table"
    for t in doc["tables"]:
        assert (out / f"{t}.parquet").exists() and (out / f"{t}.csv").exists()
    for p in doc["plots"]:
        assert (out / f"{p}.png").exists() and (out / f"{p}.svg").exists()
    runs = doc.get("runs") or ([dict(doc["run"], name="")] if doc.get("run") else [])
    for r in runs:
        records = pl.scan_parquet(out / "records" / r["name"] / "part-*.parquet")
        games = records.select(pl.col("game").n_unique()).collect().item()
        assert games == r["games_done"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # no staging left behind


def test_a_second_run_replaces_the_first_whole(tmp_path, capsys):
    out = tmp_path / "out"
    assert run_cli(["boss", "simulate", *FAST, "--card-values", "--out", str(out)], capsys)[0] == 0
    assert (out / "card_values.csv").exists() and (out / "records" / "family").is_dir()
    assert run_cli(["davoserjas", "simulate", *FAST, "--out", str(out)], capsys)[0] == 0
    assert not (out / "card_values.csv").exists() and not (out / "records" / "family").exists()
    assert json.loads((out / "run.json").read_text())["command"] == "davoserjas simulate"


def test_a_folder_of_other_files_is_refused_and_force_writes_beside_them(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    code, _, err = run_cli(["davoserjas", "simulate", *FAST, "--out", str(tmp_path)], capsys)
    assert code == 2 and "did not write" in err and len(err.strip().splitlines()) == 1
    assert (tmp_path / "notes.txt").read_text() == "mine"
    code, _, _ = run_cli(
        ["davoserjas", "simulate", *FAST, "--out", str(tmp_path), "--force"], capsys
    )
    assert code == 0 and (tmp_path / "notes.txt").read_text() == "mine"
    assert (tmp_path / "run.json").exists()


@pytest.mark.parametrize("out", ["/", "/proc/x", "/sys/x", "/dev/full/x"])
def test_system_folders_are_refused(out, capsys):
    code, _, err = run_cli(["davoserjas", "simulate", *FAST, "--out", out], capsys)
    assert code == 2 and "system folder" in err


def test_bad_input_writes_nothing(tmp_path, capsys):
    code, _, err = run_cli(
        ["davoserjas", "simulate", "-p", "9", "--out", str(tmp_path / "o")], capsys
    )
    assert code == 2 and "3-7 players" in err
    assert list(tmp_path.iterdir()) == []


def _interrupt(tmp_path, sig):
    """Start a long multi-run command, signal it once its first chunk is on disk."""
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tableodds.reports.cli",
            "boss",
            "variants",
            "--games",
            "1000000",
            "-w",
            "1",
            "--json",
            "--out",
            str(out),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=default_sigint,
    )
    wait_for(lambda: list(tmp_path.glob(".out.tableodds-*/records/standard/part-*.parquet")), proc)
    proc.send_signal(sig)
    stdout, stderr = proc.communicate(timeout=HANG)
    return proc.returncode, json.loads(stdout), stderr, out


@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_one_signal_stops_a_multi_run_command(sig, code, tmp_path):
    rc, doc, err, out = _interrupt(tmp_path, sig)
    assert rc == code and doc["interrupted"] is True and "interrupted" in err
    # no later variant was started: each is listed, not run
    assert [r["name"] for r in doc["runs"]][0] == "standard"
    assert doc["runs"][0]["status"] == "interrupted"
    assert {r["status"] for r in doc["runs"][1:]} == {"not run"} and len(doc["runs"]) > 1
    assert 0 < doc["runs"][0]["games_done"] < 1_000_000
    saved = json.loads((out / "run.json").read_text())
    assert (
        saved["interrupted"] is True
        and saved["runs"][0]["games_done"] == doc["runs"][0]["games_done"]
    )


def test_an_interrupt_after_the_first_run_keeps_its_table_marked_complete(tmp_path):
    """Ctrl-C during the 5-player run of ``1844 train-rush --players 4,5``: the 4-player run
    is printed and written, marked complete, the 5-player one marked as what it is."""
    out = tmp_path / "out"
    proc = subprocess.Popen(
        [sys.executable, "-m", "tableodds.reports.cli", "1844", "train-rush"]
        + ["--players", "4,5", "--games", "20000", "-w", "1", "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
        preexec_fn=default_sigint,
    )
    wait_for(lambda: list(tmp_path.glob(".out.tableodds-*/records/p5")), proc)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=HANG)
    assert proc.returncode == 130, stderr
    head = stdout.splitlines()
    assert head[0].startswith("1844 · 4 players") and head[0].endswith(" · complete")
    assert "20,000 games" in head[0]
    assert head[1].startswith("1844 · 5 players")
    assert "NOT RUN" in head[1] or "INTERRUPTED" in head[1]
    table = next(line for line in head if line.startswith("event "))
    assert "4p" in table  # the finished run's table
    doc = json.loads((out / "run.json").read_text())
    p4, p5 = doc["runs"]
    assert doc["interrupted"] is True
    assert (p4["name"], p4["status"], p4["games_done"]) == ("p4", "complete", 20_000)
    assert p5["name"] == "p5" and p5["status"] in ("not run", "interrupted")


def test_the_python_api_returns_results_whose_records_stay_readable():
    r = tableodds.simulate("davoserjas", players=4, games=2000, seed=3, workers=1)
    assert isinstance(r, tableodds.Result) and r.games_done == 2000
    assert r.records().collect().height == 2000 * 4
    assert set(r.tables()) >= {"seats", "round_means"}
    assert r.as_dict()["command"] == "davoserjas simulate" and "Davoserjas" in r.text()
    again = tableodds.analyse(
        "davoserjas", "simulate", players=4, games=2000, seed=3, workers=2, chunk_size=333
    )
    assert (
        again.records()
        .collect()
        .sort(["game", "seat"])
        .equals(r.records().collect().sort(["game", "seat"]))
    )
    with pytest.raises(tableodds.InputError, match="3-7 players"):
        tableodds.simulate("davoserjas", players=2, games=10)
    with pytest.raises(tableodds.InputError, match="unknown game"):
        tableodds.simulate("chess")


def test_the_package_is_typed():
    assert (Path(tableodds.__file__).parent / "py.typed").exists()


def declared_runs() -> dict[str, int]:
    """game -> the analyses its report section says it runs (``RUNS``, the progress bar's
    steps)."""
    import importlib

    from tableodds.reports.report import section_modules

    return {game: importlib.import_module(m).RUNS for game, m in section_modules()}


def runs_by_section(report: dict) -> dict[str, int]:
    """game -> the analyses the report's run.json lists for its section (each writes the
    folder ``GAME/...`` or ``GAME-...``)."""
    import collections
    import re

    return dict(collections.Counter(re.split(r"[/-]", k)[0] for k in report["analyses"]))


@pytest.mark.slow
def test_every_report_table_counts_the_games_of_the_files_beside_it(tmp_path, capsys):
    import re

    code, out, err = run_cli(
        ["report", "--scale", "0.002", "-w", "2", "--out", str(tmp_path / "r")], capsys
    )
    assert code == 0, err
    root = tmp_path / "r"
    page = (root / "index.html").read_text()
    # each section ran the analyses it declares, so the progress bar's steps are its runs
    assert runs_by_section(json.loads((root / "run.json").read_text())) == declared_runs()
    done = set()
    for run_json in root.rglob("run.json"):
        doc = json.loads(run_json.read_text())
        if doc.get("command") == "report":
            continue
        runs = doc.get("runs") or ([doc["run"]] if doc.get("run") else [])
        sizes = {r["games_done"] for r in runs}
        done |= sizes
        for csv in run_json.parent.glob("*.csv"):
            df = pl.read_csv(csv)
            if "games" in df.columns and len(runs) == 1:
                assert set(df["games"].to_list()) == sizes, csv
    captions = re.findall(r"<caption>(.*?)</caption>", page)
    counted = {int(n.replace(",", "")) for c in captions for n in re.findall(r"([\d,]+) games", c)}
    assert counted and counted <= done


def test_one_signal_stops_the_whole_report(tmp_path):
    out = tmp_path / "r"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tableodds.reports.cli",
            "report",
            "--scale",
            "0.05",
            "-w",
            "1",
            "--out",
            str(out),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
    )
    # the first section (Davoserjas) done, the second (Davos) started
    wait_for(lambda: list(tmp_path.glob(".r.tableodds-*/davos/*/records")), proc)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=HANG)
    assert proc.returncode == 130, stderr
    doc = json.loads((out / "run.json").read_text())
    assert doc["interrupted"] is True
    # the finished section ran the analyses it declares (the progress bar's steps)
    assert runs_by_section(doc)["davoserjas"] == declared_runs()["davoserjas"]
    page = (out / "index.html").read_text()
    assert "INTERRUPTED" in page
    assert not (out / "boss").exists()  # no later section ran
    # the finished section is in the contents and shown whole; the cut one shows its start
    contents = page[
        page.index("<nav class=toc>") : page.index("</nav>", page.index("<nav class=toc>"))
    ]
    assert 'href="#davoserjas"' in contents and 'href="#davos"' in contents
    first = page[page.index("<h2 id=davoserjas>") : page.index("<h2 id=davos>")]
    assert first.count("<table") >= 6 and "davoserjas-ladder" in first
    assert "random7" in first  # its last analysis, and the files behind it
