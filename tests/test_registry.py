"""One source of truth: every game and every analysis is in every layer that lists them.

The games are registered in ``tableodds.sim.registry``, the analyses where they are written
(``@analysis(...)``, ``tableodds.analysis.registry``); the CLI, the Python API, the protocol
tests and the docs' command table are made from these, and this test fails naming whatever
a layer misses.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.util
import inspect
import io
import re
import tomllib
from importlib import resources
from pathlib import Path

import click
import pytest

import tableodds
from tableodds.analysis import registry
from tableodds.reports.cli import cli, main
from tableodds.reports.cli.lazy import GROUPS, command_table
from tableodds.sim.registry import PACKAGES

ROOT = Path(__file__).resolve().parents[1]


def _folder(game: str) -> str:
    return PACKAGES[game].rsplit(".", 1)[-1]


def missing_layers(game: str, root: Path = ROOT) -> list[str]:
    """What a registered game lacks: the files a game needs, one name per missing one."""
    f = _folder(game)
    needed = {
        f"sim/{f}/__init__.py": "its GameSpec (GAME)",
        f"sim/{f}/options.py": "its options as data (numpy-free, for --help)",
        f"sim/{f}/rules.py": "its rules",
        f"sim/{f}/kernel.py": "its kernel",
        f"sim/{f}/reference.py": "its reference twin",
        f"sim/{f}/scoring.py": "its scoring calculator",
        f"analysis/{f}.py": "its analyses",
        f"reports/cli/{f}.py": "its commands",
        f"reports/{f}.py": "its report section",
        f"reports/sheets/{f}.py": "its cheat sheet",
        f"docs/{game}.md": "its docs page",
    }
    out = [f"{path} ({what})" for path, what in needed.items() if not (root / path).exists()]
    golden = tomllib.loads((root / "tests" / "golden.toml").read_text("utf-8"))
    if game not in golden:
        out.append("tests/golden.toml (its golden digests)")
    if not any(e.main for e in registry.of(game)):
        out.append("a main analysis (@analysis(..., main=True))")
    if f"{game}.md" not in (root / "mkdocs.yml").read_text("utf-8"):
        out.append("mkdocs.yml nav (its docs page)")
    return out


@pytest.mark.parametrize("game", PACKAGES)
def test_every_game_has_every_layer(game):
    assert missing_layers(game) == [], f"{game} lacks: {missing_layers(game)}"


def test_the_layer_check_can_fail(monkeypatch):
    monkeypatch.setitem(PACKAGES, "chess", "tableodds.sim.chess")
    missing = missing_layers("chess")
    for part in ("sim/chess/kernel.py", "reports/cli/chess.py", "docs/chess.md", "golden.toml"):
        assert any(part in m for m in missing), part
    assert any("main analysis" in m for m in missing)


def test_every_game_folder_is_registered():
    folders = {p.parent.name for p in (ROOT / "sim").glob("*/__init__.py")} - {"core"}
    assert folders == {_folder(g) for g in PACKAGES}
    for game in PACKAGES:
        assert importlib.import_module(PACKAGES[game]).GAME.name, game


def _pyproject_packages() -> set[str]:
    return set(
        tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"][
            "packages"
        ]
    )


def _folder_packages(root: Path = ROOT) -> set[str]:
    found = {"tableodds"}
    for top, name in {
        "sim": "tableodds.sim",
        "analysis": "tableodds.analysis",
        "reports": "tableodds.reports",
    }.items():
        for init in (root / top).rglob("__init__.py"):
            rel = init.parent.relative_to(root / top).parts
            if top == "reports" and rel[:1] == ("api",):
                continue  # the package root, tableodds itself
            found.add(".".join((name, *rel)))
    return found


def test_pyproject_packages_are_the_folders():
    assert _pyproject_packages() == _folder_packages()


def test_the_package_check_can_fail(tmp_path):
    for top in ("sim", "analysis", "reports"):
        (tmp_path / top).mkdir()
        (tmp_path / top / "__init__.py").touch()
    (tmp_path / "sim" / "chess").mkdir()
    (tmp_path / "sim" / "chess" / "__init__.py").touch()
    assert "tableodds.sim.chess" in _folder_packages(tmp_path) - _pyproject_packages()


# --- the analyses ---------------------------------------------------------------------------


def test_the_registry_read_from_the_sources_is_what_the_decorator_records():
    read = registry.entries()
    assert len(read) == len({e.key for e in read}) > 15
    for e in read:
        assert e.load().registered == e, e.key
    modules = {
        importlib.import_module(f"tableodds.analysis.{p.stem}")
        for p in (ROOT / "analysis").glob("*.py")
    }
    marked = {
        fn.registered
        for m in modules
        for fn in vars(m).values()
        if inspect.isfunction(fn) and hasattr(fn, "registered")
    }
    assert marked == set(read)


def test_each_game_has_one_main_analysis_first():
    for game in PACKAGES:
        entries = registry.of(game)
        assert [e.main for e in entries].count(True) == 1, game
        assert entries[0].main, game


def test_an_analysis_simulates_when_it_takes_a_plan():
    for e in registry.entries():
        first = next(iter(inspect.signature(e.load()).parameters))
        assert (first == "plan") == (e.games is not None), e.key
        assert e.about, f"{e.key} has no line for the docs' command table"


def test_every_analysis_is_a_command_and_every_command_an_analysis():
    ctx = click.Context(cli)
    assert list(GROUPS) == list(PACKAGES)
    for game in PACKAGES:
        group = cli.get_command(ctx, game)
        assert set(group.list_commands(ctx)) == {e.command for e in registry.commands(game)}
        assert {e.command for e in registry.commands(game)} - {registry.SCORE} == {
            e.command for e in registry.of(game)
        }, game
        for e in registry.of(game):
            if e.games is not None and e.command != "conquest":
                games = next(p for p in group.commands[e.command].params if p.name == "games")
                assert games.default == e.games, e.key


def test_a_command_list_that_misses_an_analysis_is_refused():
    from tableodds.reports.cli.lazy import group

    with pytest.raises(RuntimeError, match="no command for"):
        group("boss", {"length": None})


def test_the_api_offers_every_analysis():
    assert tableodds.ANALYSES == {
        game: tuple(e.function for e in registry.of(game)) for game in PACKAGES
    }
    params = inspect.signature(tableodds.analyse).parameters
    assert [p.kind for p in list(params.values())[:2]] == [inspect.Parameter.POSITIONAL_ONLY] * 2
    assert set(tableodds.RUN_KEYWORDS) == {
        n for n, p in params.items() if p.kind == inspect.Parameter.KEYWORD_ONLY
    }
    for e in registry.entries():
        clash = set(inspect.signature(e.load()).parameters) & set(tableodds.RUN_KEYWORDS)
        assert not clash, f"{e.key} has settings the API keeps for itself: {clash}"


# --- the protocol tests, against the CLI as a user sees it ----------------------------------


def _help(args: list[str]) -> str:
    """``tableodds ARGS --help`` as the command prints it."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as e:
        main([*args, "--help"])
    assert e.value.code == 0, args
    return out.getvalue()


def _listed(text: str) -> list[str]:
    """The commands a ``--help`` lists: the first word of each entry of its Commands section
    (an entry's wrapped lines are indented further)."""
    section = text.split("\nCommands:\n", 1)[1] if "\nCommands:\n" in text else ""
    return [m.group(1) for m in re.finditer(r"^  (\S+)", section, re.M)]


@functools.cache
def help_commands() -> dict[str, bool]:
    """Every command of the real ``tableodds`` as its ``--help`` pages list them, walked from
    the top (``"davos goals"``, ``"report"``): whether its own ``--help`` offers ``--json``,
    that is, speaks the protocol."""
    found = {}

    def walk(path: list[str]) -> None:
        text = _help(path)
        names = _listed(text)
        if not names:
            found[" ".join(path)] = bool(re.search(r"^\s+--json\b", text, re.M))
        for name in names:
            walk([*path, name])

    walk([])
    return found


def missing_from_protocol(commands) -> list[str]:
    """The commands that a user of the CLI can run and that the protocol tests' ``commands``
    (test_protocol.COMMANDS: name -> arguments) do not run: every game's commands, and any
    other command whose help offers ``--json``.  Read from ``--help``, not from the registry
    the protocol tests are made from."""
    ran = set(commands)  # a command's own name (its settings' runs are named "NAME --...")
    every = help_commands()
    games = {k for k in every if k.split(" ")[0] in PACKAGES}
    protocol = {k for k, json_ in every.items() if json_}
    return sorted((games | protocol) - ran)


def test_the_help_lists_what_the_registries_declare():
    listed = help_commands()
    assert {k for k in listed if k.split(" ")[0] in PACKAGES} == {
        e.key for e in registry.commands()
    }
    assert {"report", "cheatsheet", "cache"} <= set(listed)
    # every game's command speaks the protocol
    assert all(json_ for k, json_ in listed.items() if k.split(" ")[0] in PACKAGES)


def test_the_protocol_tests_run_every_command():
    import test_protocol

    assert missing_from_protocol(test_protocol.COMMANDS) == []
    # and no command's arguments are kept for a command that is gone
    assert set(test_protocol.ARGS) <= set(test_protocol.COMMANDS)
    assert set(SETTINGS) <= {e.key for e in registry.entries()}


def test_the_protocol_check_can_fail():
    import test_protocol

    for dropped in ("davos goals", "boss score", "1844 forecast"):
        fewer = {k: v for k, v in test_protocol.COMMANDS.items() if k != dropped}
        assert missing_from_protocol(fewer) == [dropped]
    # a command the registries do not know is still found in the help
    assert "report" not in missing_from_protocol({})  # no --json: not a protocol command
    assert len(missing_from_protocol({})) == len(registry.commands())


def test_the_docs_command_table_lists_every_command():
    assert "<!-- commands -->" in (ROOT / "docs" / "getting-started.md").read_text("utf-8")
    table = command_table()
    for game in PACKAGES:
        (row,) = [r for r in table.splitlines() if r.startswith(f"| `tableodds {game} ")]
        for e in registry.of(game):
            assert f"`{e.command}`" in row or f"{game} {e.command}`" in row, e.key
            assert e.about in row, e.key


def test_every_command_is_on_its_game_page():
    for e in registry.entries():
        pages = [ROOT / "docs" / f"{e.game}.md", *(ROOT / "docs").glob(f"{e.game}-*.md")]
        text = "".join(p.read_text("utf-8") for p in pages)
        assert f"tableodds {e.key}" in text, f"docs/{e.game}*.md do not show {e.key}"


# --- the Python API runs every analysis ------------------------------------------------------

S1844 = resources.files("tableodds.sim.s1844").joinpath("games")
SETTINGS = {
    "davoserjas simulate": dict(games=200),
    "davoserjas hand": dict(games=40, cards="2C 3C 4C 5C 6C 2D 3D 4D 5D 2H 3H 4H 5H".split()),
    "davoserjas duel": dict(games=40, policies=["counting", "careful"]),
    "davos goals": dict(games=100, game="big"),
    "davos duel": dict(games=40, game="mean"),
    "davos vote": dict(
        path=str(resources.files("tableodds.sim.davos").joinpath("example_parliament.toml"))
    ),
    "1844 train-rush": dict(games=30, players=4),
    "1844 compare": dict(games=30, game_file=str(S1844.joinpath("160062.json"))),
    "1844 replay": dict(game_file=str(S1844.joinpath("202933.json")), at=5, check=True),
    "1844 forecast": dict(games=60, game_file=str(S1844.joinpath("202933.json")), at=4),
    "borgia conquest": dict(games=1000, attack=[3, 2], defend=[2]),
    "boss deal": dict(example="final"),
}


@pytest.mark.parametrize("key", [e.key for e in registry.entries()])
def test_the_api_runs_every_analysis(key):
    game, command = key.split(" ")
    entry = registry.find(game, command)
    settings = dict(SETTINGS.get(key, {"games": 100}))
    r = tableodds.analyse(game, command, workers=1, **settings)
    assert r.command == key
    if entry.games is not None:
        assert r.games_done == r.games > 0 and not r.interrupted
    assert r.text() and r.as_dict()["command"] == key
    if "game" in settings:
        assert r.settings["game"] == settings["game"]


def test_the_api_refuses_an_unknown_analysis():
    with pytest.raises(tableodds.InputError, match="no analysis 'fly'.*card_worth"):
        tableodds.analyse("borgia", "fly")


def test_the_api_checks_settings_against_the_declared_options():
    # a keyword the analysis does not take, and a choice its game does not declare, are
    # refused by name before anything runs (no TypeError, no kernel compiled)
    with pytest.raises(tableodds.InputError, match="takes no setting 'colour'.*unsold"):
        tableodds.analyse("borgia", "auction", colour="red")
    with pytest.raises(tableodds.InputError, match="unsold must be one of aside, opener"):
        tableodds.analyse("borgia", "auction", unsold="burn")
    with pytest.raises(tableodds.InputError, match="mode must be one of normal, team, dissident"):
        tableodds.analyse("davos", "duel", mode="solo")


def test_a_games_own_game_setting_reaches_the_analysis():
    # Davos's game= is the analysis's setting, not the API's first argument: it is checked
    # by the game's declared settings (before any kernel runs), not refused with a TypeError
    with pytest.raises(tableodds.InputError, match="game must be one of base, mean, big"):
        tableodds.analyse("davos", "goals", game="huge", games=10, workers=1)
    with pytest.raises(tableodds.InputError, match="game must be one of"):
        tableodds.simulate("davos", game="huge", games=10)
