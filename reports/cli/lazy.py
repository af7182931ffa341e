"""What keeps ``tableodds --help`` light: the game groups load on first use, and a command's
analysis is named by module and function, imported only when the command runs.

Its help text (the analysis's docstring) is read from the module's source, so that listing
or describing a command imports neither numba, polars nor a kernel.
"""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util

import click

# game -> (module of its commands, the group's one-line help)
GROUPS = {
    "davoserjas": (
        "tableodds.reports.cli.davoserjas",
        "Davoserjas: six rounds of minus tricks and Kabalen.",
    ),
    "davos": ("tableodds.reports.cli.davos", "Davos: secret goals, corps, parliaments and bills."),
    "1844": (
        "tableodds.reports.cli.s1844",
        "1844: Schweiz: when the phases start, the trains rust, the SBB forms and the bank breaks.",
    ),
    "borgia": (
        "tableodds.reports.cli.borgia",
        "Borgia: auctions, papal elections and conquest odds.",
    ),
    "boss": (
        "tableodds.reports.cli.boss",
        "I'm the Boss!: deals, dividends and the dice-driven end.",
    ),
}


def group(name: str) -> click.Group:
    """The game's click group (its commands are added by the module that calls this)."""
    return click.Group(name=name, help=GROUPS[name][1])


@functools.cache
def _docstrings(module: str) -> dict[str, str]:
    spec = importlib.util.find_spec(module)
    with open(spec.origin, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    return {
        node.name: ast.get_docstring(node, clean=False) or ""
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }


class Lazy:
    """``module.name``, imported on first call; ``__doc__`` read from the source."""

    def __init__(self, module: str, name: str):
        self.module, self.__name__ = module, name
        self.__doc__ = _docstrings(module)[name]

    def load(self):
        return getattr(importlib.import_module(self.module), self.__name__)

    def __call__(self, *args, **kwargs):
        return self.load()(*args, **kwargs)


class LazyModule:
    """``LazyModule("tableodds.analysis.davos").goals`` is ``Lazy(..., "goals")``."""

    def __init__(self, module: str):
        self.__name__ = module

    def __getattr__(self, name: str) -> Lazy:
        return Lazy(self.__name__, name)


class LazyRoot(click.Group):
    """The top-level group: a game's commands are imported when that game is named."""

    def list_commands(self, ctx):
        return [*GROUPS, *super().list_commands(ctx)]

    def get_command(self, ctx, name):
        if name not in GROUPS:
            return super().get_command(ctx, name)
        from tableodds.reports.cli.score import score_command
        from tableodds.sim.registry import PACKAGES

        g = importlib.import_module(GROUPS[name][0]).group
        if "score" not in g.commands and importlib.util.find_spec(PACKAGES[name] + ".scoring"):
            g.add_command(score_command(name))
        return g

    def format_commands(self, ctx, formatter):
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(n) for n in names)
        rows = [
            (n, click.Command(n, help=h).get_short_help_str(limit)) for n, (_, h) in GROUPS.items()
        ]
        for name in super().list_commands(ctx):
            cmd = super().get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, cmd.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)
