"""Every number on a cheat sheet comes from the code: the rules modules, the calculators and
the simulators, never from text typed into a sheet's builder.

The test reads each sheet's text (its Markdown, every caption, paragraph, label and cell)
and looks for the text its builder typed: each string literal of ``reports/sheets/<game>.py``
that holds a digit (f-string parts included).  Where such a literal shows on the sheet, a
number was typed there instead of made from the rules, and the test names it.  A planted
copy of a builder with a typed number (the 1844 SBB share unit as it once read) must fail.
"""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util
import re
import sys
from pathlib import Path

import pytest

from tableodds.reports.cheatsheets import builders
from tableodds.reports.sheet import to_markdown
from tableodds.sim.registry import PACKAGES

DIGIT = re.compile(r"\d")


def typed(source: str) -> list[str]:
    """The string literals of a module's source that hold a digit (docstrings and f-string
    format specs left out): each a piece of text written by hand."""
    tree = ast.parse(source)
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    specs = {
        id(part)
        for node in ast.walk(tree)
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None
        for part in ast.walk(node.format_spec)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docs | specs
        and DIGIT.search(node.value)
    ]


def shown(literal: str, text: str) -> bool:
    """Whether a typed literal shows in the sheet's text (as a whole word where it is short,
    so that a "2" typed as an index is not taken for every 2 on the sheet)."""
    bare = literal.strip()
    if len(bare) < 4:
        return re.search(rf"(?<![\w.,]){re.escape(bare)}(?![\w.,])", text) is not None
    return bare in text


def typed_numbers(module, build, game: str) -> list[str]:
    """The typed literals with a digit of a builder module that show on its sheet (the
    game's own name, "1844", is a name, not a number)."""
    text = to_markdown(build(seed=1))
    source = Path(module.__file__).read_text("utf-8")
    return [
        lit for lit in typed(source) if DIGIT.search(lit.replace(game, "")) and shown(lit, text)
    ]


@functools.cache
def sheet_modules() -> dict:
    return {
        name: importlib.import_module("tableodds.reports.sheets." + PACKAGES[name].split(".")[-1])
        for name in builders()
    }


@pytest.mark.parametrize("game", list(builders()))
def test_no_number_on_a_sheet_is_typed_by_hand(game):
    module = sheet_modules()[game]
    assert typed_numbers(module, module.build, game) == []


def test_a_typed_number_is_found(tmp_path, monkeypatch):
    """The planted control: the 1844 builder with the SBB share unit typed as it once read
    ("10% (historical, SBB)", half the rules' 5%) fails the check."""
    module = sheet_modules()["1844"]
    source = Path(module.__file__).read_text("utf-8")
    planted = re.sub(
        r'"End-game value worksheet: one column per player\..*?",\n',
        '"End-game value worksheet: one column per player. A share unit is 25% (pre-SBB), '
        '20% (regional), 10% (historical, SBB); privates count nothing.",\n',
        source,
        count=1,
        flags=re.S,
    )
    assert planted != source
    path = tmp_path / "planted_s1844.py"
    path.write_text(planted, "utf-8")
    spec = importlib.util.spec_from_file_location("planted_s1844", path)
    copy = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "planted_s1844", copy)
    spec.loader.exec_module(copy)
    copy.rush_table = module.rush_table  # the simulations are not what is checked
    found = typed_numbers(copy, copy.build, "1844")
    assert any("10% (historical, SBB)" in f for f in found), found


def test_the_sbb_share_unit_reads_5_percent():
    from tableodds.sim.s1844 import rules as R

    text = to_markdown(sheet_modules()["1844"].build(seed=1))
    unit = 100 // int(R.UNITS[R.SBB_TYPE])
    assert unit == 5 and f"{unit}% (SBB)" in text
