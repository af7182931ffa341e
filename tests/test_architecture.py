"""The shape of the package: one top-level name, layers that only look down, one protocol."""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tableodds.sim.core.cache import digest_of
from tableodds.sim.registry import PACKAGES

ROOT = Path(__file__).resolve().parents[1]
# folder -> the package it installs as (pyproject.toml's package-dir)
FOLDERS = {"sim": "tableodds.sim", "analysis": "tableodds.analysis", "reports": "tableodds.reports"}
BARE = {"sim", "analysis", "reports"}
# lower layers first; a module may import only from its own layer or those before it
LAYERS = [
    "tableodds.sim",
    "tableodds.analysis",
    "tableodds.reports",
    "tableodds.reports.cli",
    "tableodds",
]


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT)
    if rel.parts[:2] == ("reports", "api"):
        parts = ["tableodds", *rel.parts[2:]]
    else:
        parts = [FOLDERS[rel.parts[0]], *rel.parts[1:]]
    name = ".".join(parts).removesuffix(".py")
    return name.removesuffix(".__init__")


def layer(module: str) -> int:
    best = -1
    for i, prefix in enumerate(LAYERS):
        if module == prefix or module.startswith(prefix + "."):
            if best < 0 or len(prefix) > len(LAYERS[best]):
                best = i
    return best


def imports(path: Path):
    tree = ast.parse(path.read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module


def sources(*folders: str) -> list[Path]:
    return sorted(p for f in folders for p in (ROOT / f).rglob("*.py"))


@pytest.mark.parametrize(
    "path", sources("sim", "analysis", "reports"), ids=lambda p: str(p.relative_to(ROOT))
)
def test_imports_only_look_down(path):
    me = module_name(path)
    upward = [
        (line, name)
        for line, name in imports(path)
        if name.startswith("tableodds") and layer(name) > layer(me)
    ]
    assert not upward, f"{me} imports upward: {upward}"


def test_the_engine_layer_has_no_cli_plot_or_writer_libraries():
    banned = ("click", "matplotlib", "rich.console")
    found = [
        (str(p.relative_to(ROOT)), line, name)
        for p in sources("sim")
        for line, name in imports(p)
        if name.startswith(banned) and "bench" not in p.name
    ]
    assert not found


def test_the_layer_test_can_fail():
    assert layer("tableodds.reports.cli.boss") > layer("tableodds.analysis.boss")
    assert layer("tableodds") > layer("tableodds.reports.cli")
    assert layer("tableodds.sim.core.runner") == 0


@pytest.mark.parametrize(
    "path",
    sources("sim", "analysis", "reports", "scripts", "tests"),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_bare_top_level_imports(path):
    """``import sim`` would load a second copy of a module beside ``tableodds.sim``."""
    bare = [(line, name) for line, name in imports(path) if name.split(".")[0] in BARE]
    assert not bare, f"{path.name}: {bare}"


def test_importing_everything_loads_no_bare_package():
    code = (
        "import sys, tableodds, tableodds.reports.cli, tableodds.reports.report; "
        "print([m for m in sys.modules if m.split('.')[0] in ('sim','analysis','reports')])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd="/"
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.slow
def test_the_wheel_holds_only_tableodds(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
    )
    (wheel,) = tmp_path.glob("tableodds-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    top = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert top == {"tableodds"}
    for needed in (
        "tableodds/__init__.py",
        "tableodds/py.typed",
        "tableodds/sim/davoserjas/rounds.toml",
        "tableodds/reports/cli/__init__.py",
        "tableodds/analysis/result.py",
    ):
        assert needed in names
    assert not any(n.startswith("tableodds/reports/api/") for n in names)
    # an install from the wheel finds the kernels compiled from this tree (and the reverse)
    zipfile.ZipFile(wheel).extractall(tmp_path / "installed")
    for package in [*(p.rsplit(".", 1)[-1] for p in PACKAGES.values()), "core"]:
        assert digest_of(package, tmp_path / "installed" / "tableodds" / "sim") == digest_of(
            package, ROOT / "sim"
        )


# The plain-Python reference twins exist to be checked against the kernels. Besides tests/,
# only these may import them: the twins themselves (the Big Game's builds on the game's), a
# game package's __init__ (its GameSpec names reference_chunk for the conformance suite,
# which alone calls it) and the benchmark scripts (kernel against reference).
REFERENCE_IMPORTERS = ("sim/*/reference*.py", "sim/*/__init__.py", "scripts/bench_*.py")


def reference_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of each import of a ``reference*`` module in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        found += [(node.lineno, n) for n in names if n.split(".")[-1].startswith("reference")]
    return found


@pytest.mark.parametrize(
    "path",
    [
        p
        for p in sources("sim", "analysis", "reports", "scripts")
        if not any(p.relative_to(ROOT).match(g) for g in REFERENCE_IMPORTERS)
    ],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_only_tests_import_the_reference_twins(path):
    found = reference_imports(path)
    assert not found, f"{path.relative_to(ROOT)} imports a reference twin: {found}"


def test_the_reference_import_test_can_fail(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text(
        "from tableodds.sim.davos.reference import parliament\n"
        "from tableodds.sim.boss import reference_big\n"
        "import tableodds.sim.borgia.reference as r\n"
        "from tableodds.sim.davos.parliament import party_vote\n"
    )
    assert [line for line, _ in reference_imports(planted)] == [1, 2, 3]
