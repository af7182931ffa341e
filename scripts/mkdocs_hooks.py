"""MkDocs hooks of the documentation site (mkdocs.yml ``hooks:``).

* ``<!-- columns: GAME -->`` in a page becomes the record schema of every simulator kind of
  GAME, generated from its ``rules.columns()`` (through the game's ``GameSpec``), so the
  documented columns are the declared ones.
* ``<!-- commands -->`` becomes the table of commands, one row per game made from the
  registered analyses (``tableodds.analysis.registry``).
* ``<!-- cli -->`` becomes the command line reference: every command of the ``tableodds``
  click group (lazy groups through ``list_commands``), its whole help, its usage and one
  entry per option with the default ``--help`` would show (``show_default`` on for all).
* After the build, every command of the ``tableodds`` CLI (walked through the click group,
  lazy or not) must appear in the generated CLI reference, and every public function of the
  Python API in the API reference; a missing one fails the build.
"""

from __future__ import annotations

import re
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parents[1]
# the installed package's layout (pyproject's package-dir), as links, for mkdocstrings to read
SOURCE = ROOT / "build" / "docs-src"
LAYOUT = {"": "reports/api", "analysis": "analysis", "reports": "reports", "sim": "sim"}
COLUMNS = re.compile(r"<!--\s*columns:\s*(\S+)\s*-->")
COMMANDS = "<!-- commands -->"
CLI = "<!-- cli -->"


def _pattern(name: str) -> str:
    return re.sub(r"\d+", "N", name)


def _compact(schema: dict) -> list[tuple[str, str, int]]:
    """Columns with the same name pattern and dtype -> (shown name, dtype, count), in the order
    of their first column."""
    groups: dict[tuple[str, str], list[str]] = {}
    for name, dtype in schema.items():
        groups.setdefault((_pattern(name), str(dtype)), []).append(name)
    out = []
    for (_, dtype), names in groups.items():
        shown = f"`{names[0]}`" if len(names) == 1 else f"`{names[0]}` … `{names[-1]}`"
        out.append((shown, dtype, len(names)))
    return out


def _table(rows: list[tuple[str, str, int]]) -> str:
    lines = ["| columns | dtype | count |", "|---|---|---|"]
    lines += [f"| {name} | {dtype} | {count} |" for name, dtype, count in rows]
    return "\n".join(lines)


def columns_markdown(game_name: str) -> str:
    """The record schema of every simulator kind of a game, as Markdown."""
    from tableodds.sim.registry import game

    spec = game(game_name)
    parts = []
    first = None
    for kind in spec.kinds:
        players = spec.kind_players(kind)
        p = 4 if 4 in players else players[0]
        schema = kind.columns(spec.kind_settings(kind, p))
        head = f"**`{kind.name}`** records ({p} players, {len(schema)} columns"
        if first is not None and set(first) <= set(schema) and kind.name != "auctions":
            extra = {n: d for n, d in schema.items() if n not in first}
            parts.append(
                head
                + f"): the `{spec.kinds[0].name}` columns"
                + (" and\n\n" + _table(_compact(extra)) if extra else ".")
            )
            continue
        parts.append(head + "):\n\n" + _table(_compact(schema)))
        first = first if first is not None else schema
    note = (
        f"Generated from `rules.columns()` of `{spec.kinds[0].columns.__module__}` when "
        "the site is built; columns numbered per seat, company or turn are shown as a range."
    )
    return note + "\n\n" + "\n\n".join(parts)


def lay_out_sources() -> None:
    """Lay out ``build/docs-src/tableodds`` as the package is installed (mkdocs.yml's
    mkdocstrings ``paths``), so the API reference is read from the sources.  Done when the
    hooks load, before mkdocstrings looks at its paths."""
    package = SOURCE / "tableodds"
    package.mkdir(parents=True, exist_ok=True)
    for sub, folder in LAYOUT.items():
        if not sub:
            for f in (ROOT / folder).iterdir():
                if f.suffix in (".py", ".typed") and not (package / f.name).exists():
                    (package / f.name).symlink_to(f)
        elif not (package / sub).exists():
            (package / sub).symlink_to(ROOT / folder, target_is_directory=True)


lay_out_sources()


# --- the command line reference ---------------------------------------------------------
_DEFAULT = re.compile(r"\s*\[((?:default: |required)[^\]]*(?:\][^\]]*)?)\]$")


def _md(text: str) -> str:
    """Help text as Markdown: HTML and Markdown characters escaped, ``literals`` as code."""
    import html

    parts = re.split(r"``(.+?)``", text)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(f"`{part}`")
        else:
            out.append(re.sub(r"([\\`*_\[\]])", r"\\\1", html.escape(part, quote=False)))
    return "".join(out)


def _help_blocks(text: str) -> list[str]:
    """A command's help as Markdown blocks: paragraphs rejoined, click's ``\\b`` blocks and
    ``Example:`` lines as code."""
    import inspect

    blocks = []
    for para in inspect.cleandoc(text).split("\n\n"):
        if para.startswith("\b\n"):
            blocks.append("```text\n" + para[2:] + "\n```")
        elif m := re.match(r"Examples?: (.*)", para, re.S):
            commands = [" ".join(c.split()) for c in re.split(r"\s*;\s*(?=tableodds )", m[1])]
            blocks.append("Example:\n\n```sh\n" + "\n".join(commands) + "\n```")
        else:
            blocks.append(_md(" ".join(para.split())))
    return blocks


def _option_entry(param: click.Parameter, ctx: click.Context) -> str | None:
    """One option as one list entry: its names and value, its help, its default."""
    record = param.get_help_record(ctx)
    if record is None or set(param.opts) & set(ctx.help_option_names):  # -h/--help: said once
        return None
    names, text = record
    default = ""
    if m := _DEFAULT.search(text):
        text, default = text[: m.start()], m[1]
    default = (
        f" *Default:* `{default.removeprefix('default: ')}`."
        if default.startswith("default")
        else " *Required.*"
        if default
        else ""
    )
    return f"- <code class=opt>{_md(names).replace(' ', '&nbsp;')}</code>: {_md(text)}{default}"


def _command_markdown(command: click.Command, ctx: click.Context, depth: int) -> list[str]:
    from tableodds.reports.cli.lazy import summary

    path = ctx.command_path
    lines = [f"{'#' * depth} {path} {{#{path.replace(' ', '-')}}}", ""]
    lines += [b + "\n" for b in _help_blocks(command.help or "")]
    pieces = " ".join(command.collect_usage_pieces(ctx))
    lines += ["```text", f"{path} {pieces}", "```", ""]
    if isinstance(command, click.Group):
        lines += ["Commands:", ""]
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            anchor = f"{path} {name}".replace(" ", "-")
            lines.append(f"- [`{name}`](#{anchor}): {_md(summary(sub))}")
        lines.append("")
    options = [e for p in command.get_params(ctx) if (e := _option_entry(p, ctx)) is not None]
    if options:
        lines += ["Options:", "", *options, ""]
    return lines


def cli_markdown() -> str:
    """The command line reference (Markdown): every command, its whole help, its usage, its
    subcommands with their summaries and one entry per option with its real default."""
    from tableodds.reports.cli import cli

    def walk(command, parent, name, depth):
        ctx = click.Context(command, info_name=name, parent=parent, show_default=True)
        lines = _command_markdown(command, ctx, depth)
        if isinstance(command, click.Group):
            for sub in command.list_commands(ctx):
                lines += walk(command.get_command(ctx, sub), ctx, sub, min(depth + 1, 3))
        return lines

    return "\n".join(walk(cli, None, "tableodds", 2))


def on_page_markdown(markdown: str, page, config, files) -> str:
    from tableodds.sim.registry import PACKAGES

    def swap(m: re.Match) -> str:  # a name that is no game (an example in the text) stays
        return columns_markdown(m.group(1)) if m.group(1) in PACKAGES else m.group(0)

    if CLI in markdown:
        markdown = markdown.replace(CLI, cli_markdown())
    if COMMANDS in markdown:
        from tableodds.reports.cli.lazy import command_table

        markdown = markdown.replace(COMMANDS, command_table())
    return COLUMNS.sub(swap, markdown)


def command_paths(group: click.Command, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command path of a click group (lazy groups through list_commands)."""
    ctx = click.Context(group, info_name=prefix[-1] if prefix else "tableodds")
    out = []
    if isinstance(group, click.Group):
        for name in group.list_commands(ctx):
            sub = group.get_command(ctx, name)
            out.append((*prefix, name))
            out += command_paths(sub, (*prefix, name))
    return out


def api_functions() -> list[list[str]]:
    """The public API, each as the ids it may be documented under: tableodds.__all__ (by
    the package's name or where it is defined), every game's analyses and every public
    method and property of ``Result``."""
    import tableodds
    from tableodds.analysis.result import Result

    names = []
    for n in tableodds.__all__:
        obj = getattr(tableodds, n)
        where = getattr(obj, "__module__", None)
        names.append([f"tableodds.{n}"] + ([f"{where}.{obj.__qualname__}"] if where else []))
    for game, analyses in tableodds.ANALYSES.items():
        for analysis in analyses:
            fn = tableodds._function(game, analysis)
            names.append([f"{fn.__module__}.{fn.__name__}"])
    path = f"{Result.__module__}.Result"
    names += [
        [f"{path}.{m}"]
        for m, v in vars(Result).items()
        if not m.startswith("_") and (callable(v) or isinstance(v, property))
    ]
    return names


def on_post_build(config) -> None:
    from mkdocs.exceptions import PluginError

    from tableodds.reports.cli import cli

    site = Path(config["site_dir"])
    cli_html = (site / "cli" / "index.html").read_text("utf-8")
    missing = [
        " ".join(p) for p in command_paths(cli) if f"tableodds {' '.join(p)}" not in cli_html
    ]
    api_html = (site / "api" / "index.html").read_text("utf-8")
    missing += [ids[0] for ids in api_functions() if not any(f'id="{n}"' in api_html for n in ids)]
    if missing:
        raise PluginError("not in the generated reference: " + ", ".join(missing))
