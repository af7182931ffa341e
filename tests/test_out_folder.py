"""``--out`` removes and replaces only what tableodds wrote (the folder's manifest).

Every case checks the user's files byte for byte afterwards.
"""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import HANG, default_sigint, run_cli, wait_for

from tableodds.reports.output import MANIFEST, OutFolder, write_text

FAST = ["davoserjas", "simulate", "-n", "200", "-w", "1"]
BOSS = ["boss", "simulate", "-n", "200", "-w", "1", "--card-values"]


def _users_files(folder: Path) -> dict[str, bytes]:
    """A user's folder: a file, a sub-folder with a file, a hidden file."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "keep.txt").write_bytes(b"precious\n")
    (folder / "sub").mkdir()
    (folder / "sub" / "notes.md").write_bytes(b"notes\x00\xff")
    (folder / ".hidden").write_bytes(b"dot")
    return _snapshot(folder, ["keep.txt", "sub/notes.md", ".hidden"])


def _snapshot(folder: Path, names) -> dict[str, bytes]:
    return {n: (folder / n).read_bytes() for n in names}


def _manifest(folder: Path) -> dict:
    return json.loads((folder / MANIFEST).read_text())["files"]


def _consistent(folder: Path) -> None:
    """Every file the manifest lists is there as written, and run.json is one of them."""
    files = _manifest(folder)
    assert "run.json" in files
    for rel, (size, _) in files.items():
        assert (folder / rel).stat().st_size == size, rel


def test_without_force_a_users_folder_is_refused_and_untouched(tmp_path, capsys):
    out = tmp_path / "x"
    before = _users_files(out)
    code, _, err = run_cli([*FAST, "--out", str(out)], capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "did not write" in err and "keep.txt" in err
    assert _snapshot(out, before) == before
    assert sorted(p.name for p in out.iterdir()) == [".hidden", "keep.txt", "sub"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x"]  # no staging left


def test_force_writes_beside_the_users_files_and_never_removes_them(tmp_path, capsys):
    out = tmp_path / "x"
    before = _users_files(out)
    assert run_cli([*BOSS, "--out", str(out), "--force"], capsys)[0] == 0
    assert _snapshot(out, before) == before
    files = _manifest(out)
    assert not set(files) & set(before) and "card_values.csv" in files
    _consistent(out)
    # a second forced run replaces only the earlier run's files of the same name
    assert run_cli([*FAST, "--out", str(out), "--force"], capsys)[0] == 0
    assert _snapshot(out, before) == before
    assert json.loads((out / "run.json").read_text())["command"] == "davoserjas simulate"
    _consistent(out)


def test_replacing_an_earlier_run_removes_exactly_its_files(tmp_path, capsys):
    out = tmp_path / "x"
    assert run_cli([*BOSS, "--out", str(out)], capsys)[0] == 0
    first = set(_manifest(out))
    assert run_cli([*FAST, "--out", str(out)], capsys)[0] == 0
    second = set(_manifest(out))
    assert "card_values.csv" in first and "card_values.csv" not in second
    on_disk = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert on_disk == second | {MANIFEST}  # nothing of the first run is left, no folder either
    assert not (out / "records" / "family").exists()


def test_a_file_changed_after_the_run_is_the_users(tmp_path, capsys):
    out = tmp_path / "x"
    assert run_cli([*FAST, "--out", str(out)], capsys)[0] == 0
    table = next(out.glob("*.csv"))
    table.write_text("my edits\n")
    code, _, err = run_cli([*FAST, "--out", str(out)], capsys)
    assert code == 2 and table.name in err
    assert table.read_text() == "my edits\n"
    assert run_cli([*FAST, "--out", str(out), "--force"], capsys)[0] != 0 or (
        table.read_text() == "my edits\n"
    )
    assert table.read_text() == "my edits\n"


def test_a_name_taken_by_a_users_file_is_refused_even_with_force(tmp_path, capsys):
    out = tmp_path / "x"
    out.mkdir()
    (out / "run.json").write_text("my own run.json")
    code, _, err = run_cli([*FAST, "--out", str(out), "--force"], capsys)
    assert code == 2 and "run.json" in err and "nothing was changed" in err
    assert (out / "run.json").read_text() == "my own run.json"
    assert sorted(p.name for p in out.iterdir()) == ["run.json"]


def _refused(out, capsys, *extra):
    code, _, err = run_cli([*FAST, "--out", str(out), *extra], capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    return err


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_the_current_folder_and_those_above_it_are_refused(force, tmp_path, capsys, monkeypatch):
    here = tmp_path / "a" / "b"
    before = _users_files(here)
    monkeypatch.chdir(here)
    for out in ["", ".", str(here), "..", str(tmp_path)]:
        err = _refused(out, capsys, *force)
        assert "current" in err or "above" in err
    assert _snapshot(here, before) == before


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_home_root_system_git_and_source_folders_are_refused(force, tmp_path, capsys, monkeypatch):
    home = tmp_path / "home"
    before = _users_files(home)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir("/")
    assert "home folder" in _refused("~", capsys, *force)
    assert "home folder" in _refused(home, capsys, *force)
    assert "above the home" in _refused(tmp_path, capsys, *force)
    for system in ["/", "/usr", "/etc", "/usr/share/x", "/proc/x"]:
        assert "system folder" in _refused(system, capsys, *force)
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    assert ".git" in _refused(repo, capsys, *force)
    source = Path(__file__).resolve().parent.parent
    for folder in [source, source / "sim", source / "tests" / "out", source / "reports"]:
        assert "source tree" in _refused(folder, capsys, *force)
    assert _snapshot(home, before) == before


def test_an_interrupted_swap_leaves_the_old_run_whole(tmp_path):
    """A failure while the new run is written: the old run stays as it was."""
    out = tmp_path / "x"
    first = OutFolder(out)
    write_text(first.staging / "run.json", "{}\n")
    write_text(first.staging / "a.csv", "old\n")
    first.commit()
    second = OutFolder(out)
    write_text(second.staging / "run.json", "{}\n")
    try:
        raise KeyboardInterrupt  # as a Ctrl-C would, before commit
    except KeyboardInterrupt:
        second.discard()
    assert (out / "a.csv").read_text() == "old\n" and "a.csv" in _manifest(out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x"]


def test_the_swap_holds_back_signals_until_it_is_done(tmp_path):
    out = tmp_path / "x"
    folder = OutFolder(out)
    write_text(folder.staging / "run.json", "{}\n")
    seen = []
    previous = signal.signal(signal.SIGTERM, lambda *a: seen.append(out.exists()))
    try:
        real = folder._swap

        def swap():
            signal.raise_signal(signal.SIGTERM)  # in this thread, in the middle of the swap
            real()

        folder._swap = swap
        folder.commit()
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert seen == [True]  # the handler ran only once the new run was in place


def test_sigterm_during_a_run_keeps_the_earlier_run(tmp_path, capsys):
    """A real process into a folder holding an earlier run, stopped mid-run: the folder
    then holds either the old run or the new (interrupted) one, whole, never a mix."""
    out = tmp_path / "x"
    before = _users_files(out)
    assert run_cli([*BOSS, "--out", str(out), "--force"], capsys)[0] == 0
    old = _manifest(out)
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
            "--force",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
        preexec_fn=default_sigint,
    )
    wait_for(lambda: list(tmp_path.glob(".x.tableodds-*/records/standard/part-*.parquet")), proc)
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=HANG)
    assert proc.returncode == 143
    assert _snapshot(out, before) == before
    new = _manifest(out)
    _consistent(out)
    assert new != old and json.loads((out / "run.json").read_text())["interrupted"] is True
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x"]


def test_cheatsheets_are_added_beside_the_users_files(tmp_path, capsys):
    out = tmp_path / "x"
    before = _users_files(out)
    code, text, err = run_cli(["cheatsheet", "boss", "--out", str(out)], capsys)
    assert code == 0, err
    assert _snapshot(out, before) == before
    assert all((out / line.split("/")[-1]).exists() for line in text.split() if "/" in line)
    (out / "boss-cheatsheet.md").unlink()
    (out / "boss-cheatsheet.md").write_text("my sheet")  # now the user's
    code, _, err = run_cli(["cheatsheet", "boss", "--out", str(out)], capsys)
    assert code == 2 and "boss-cheatsheet.md" in err
    assert (out / "boss-cheatsheet.md").read_text() == "my sheet"
    assert _snapshot(out, before) == before


def test_the_report_refuses_a_users_folder_before_any_work(tmp_path, capsys):
    out = tmp_path / "x"
    before = _users_files(out)
    code, _, err = run_cli(["report", "--out", str(out), "--scale", "0.001"], capsys)
    assert code == 2 and "did not write" in err
    assert _snapshot(out, before) == before
