"""MkDocs hooks of the documentation site (mkdocs.yml ``hooks:``).

* ``<!-- columns: GAME -->`` in a page becomes the record schema of every simulator kind of
  GAME, generated from its ``rules.columns()`` (through the game's ``GameSpec``), so the
  documented columns are the declared ones.
* ``<!-- commands -->`` becomes the table of commands, one row per game made from the
  registered analyses (``tableodds.analysis.registry``).
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


def on_page_markdown(markdown: str, page, config, files) -> str:
    from tableodds.sim.registry import PACKAGES

    def swap(m: re.Match) -> str:  # a name that is no game (an example in the text) stays
        return columns_markdown(m.group(1)) if m.group(1) in PACKAGES else m.group(0)

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


def api_functions() -> list[str]:
    """The public API: tableodds.__all__ and every game's analyses."""
    import tableodds

    names = [f"tableodds.{n}" for n in tableodds.__all__]
    for game, analyses in tableodds.ANALYSES.items():
        for analysis in analyses:
            fn = tableodds._function(game, analysis)
            names.append(f"{fn.__module__}.{fn.__name__}")
    return names


def on_config(config):
    """Load the lazy game groups into the root group: mkdocs-click documents a group's
    ``commands`` and would otherwise see only the commands that are not games."""
    from tableodds.reports.cli import cli
    from tableodds.reports.cli.lazy import GROUPS

    ctx = click.Context(cli, info_name="tableodds")
    for name in GROUPS:
        cli.add_command(cli.get_command(ctx, name), name)
    return config


def on_post_build(config) -> None:
    from mkdocs.exceptions import PluginError

    from tableodds.reports.cli import cli

    site = Path(config["site_dir"])
    cli_html = (site / "cli" / "index.html").read_text("utf-8")
    missing = [
        " ".join(p) for p in command_paths(cli) if f"tableodds {' '.join(p)}" not in cli_html
    ]
    api_html = (site / "api" / "index.html").read_text("utf-8")
    missing += [n for n in api_functions() if f'id="{n}"' not in api_html]
    if missing:
        raise PluginError("not in the generated reference: " + ", ".join(missing))
