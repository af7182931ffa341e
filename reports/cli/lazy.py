"""What keeps ``tableodds --help`` light: the game groups load on first use, and a command's
analysis is named by module and function, imported only when the command runs.

Its help text (the analysis's docstring) is read from the module's source, so that listing
or describing a command imports neither numba, polars nor a kernel.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import re

import click

from tableodds.analysis import registry
from tableodds.sim.core.game import lazy_function
from tableodds.sim.registry import PACKAGES


def _cli_module(package: str) -> str:
    return "tableodds.reports.cli." + package.rsplit(".", 1)[-1]


def _source(module: str) -> str:
    with open(importlib.util.find_spec(module).origin, encoding="utf-8") as f:
        return f.read()


def _parse_head(text: str) -> ast.Module:
    """The statements at the start of ``text`` that parse: parsing a whole analysis module
    took most of a game's ``--help`` time, and a docstring sits in its statement's first lines."""
    for end in re.finditer(r"^(?=def |class |@|[A-Za-z_]\w* *=)", text, re.M):
        if end.start():
            try:
                return ast.parse(text[: end.start()])
            except SyntaxError:
                pass
    return ast.parse(text)


def module_doc(module: str) -> str:
    return ast.get_docstring(_parse_head(_source(module))) or ""


# game -> (module of its commands, the group's help: the first line of that module's docstring)
GROUPS = {
    name: (_cli_module(package), module_doc(_cli_module(package)).split("\n\n")[0])
    for name, package in PACKAGES.items()
}


def group(name: str, commands: dict) -> click.Group:
    """The game's click group: one command per registered analysis of the game
    (:mod:`tableodds.analysis.registry`), made by ``commands[entry.command](entry)``, and its
    registered score command."""
    entries = registry.of(name)
    missing = [e.command for e in entries if e.command not in commands]
    unknown = sorted(set(commands) - {e.command for e in entries})
    if missing or unknown:
        raise RuntimeError(
            f"the {name} commands do not match its registered analyses: "
            f"no command for {missing}, no analysis for {unknown}"
        )
    from tableodds.reports.cli.score import score_command

    return Group(
        name=name,
        help=GROUPS[name][1],
        commands=[commands[e.command](e) for e in entries]
        + [score_command(e) for e in registry.scores() if e.game == name],
    )


def _docstring(module: str, name: str) -> str:
    text = _source(module)
    start = re.search(rf"^def {name}\(", text, re.M)
    tree = _parse_head(text[start.start() :])
    return ast.get_docstring(tree.body[0], clean=False) or ""


class Lazy(lazy_function):
    """``module.name``, imported on first call; ``__doc__`` read from the source."""

    def __init__(self, module: str, name: str):
        super().__init__(module, name)
        self.__doc__ = _docstring(module, name)

    def load(self):
        return getattr(importlib.import_module(self.module), self.name)


class LazyRoot(click.Group):
    """The top-level group: a game's commands are imported when that game is named."""

    def list_commands(self, ctx):
        return [*GROUPS, *super().list_commands(ctx)]

    def get_command(self, ctx, name):
        if name not in GROUPS:
            return super().get_command(ctx, name)
        return importlib.import_module(GROUPS[name][0]).group

    def format_commands(self, ctx, formatter):
        rows = [(n, first_paragraph(h)) for n, (_, h) in GROUPS.items()]
        for name in super().list_commands(ctx):
            cmd = super().get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, summary(cmd)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


class Group(click.Group):
    """A game's group: its commands listed with whole summaries."""

    def format_commands(self, ctx, formatter):
        rows = [(n, summary(self.commands[n])) for n in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def first_paragraph(text: str) -> str:
    """A help text's first paragraph on one line."""
    return " ".join(inspect.cleandoc(text or "").split("\n\n")[0].split())


_SENTENCE_END = re.compile(r"(?<=[a-z0-9)][.!?])\s+(?=[A-Z`])")


def summary(command: click.Command) -> str:
    """A command's summary where commands are listed (``--help`` of its group, the docs'
    reference): the whole first sentence of its help, never cut mid-sentence as click's short
    help is."""
    return command.short_help or _SENTENCE_END.split(first_paragraph(command.help or ""))[0]


def command_table() -> str:
    """The docs' table of commands (Markdown), one row per game made from the registered
    analyses (:mod:`tableodds.analysis.registry`), between the report and the commands
    every game shares."""
    rows = [
        "| command | what it answers |",
        "|---|---|",
        "| `tableodds report` | everything below at default sizes, as `out/index.html` |",
    ]
    for game in GROUPS:
        entries = registry.of(game)
        names = " / ".join(f"`{e.command}`" for e in entries[1:])
        rows.append(
            f"| `tableodds {game} {entries[0].command}`{' / ' + names if names else ''} | "
            + "; ".join(e.about for e in entries)
            + " |"
        )
    rows += [
        f"| `tableodds GAME {registry.SCORE} FILE` | {registry.SCORE_ABOUT} |",
        "| `tableodds cheatsheet GAME\\|all` | one-page score sheets, A4 or Letter (PDF, Markdown, "
        "HTML) |",
    ]
    return "\n".join(rows)
