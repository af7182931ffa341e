"""Printable cheat sheets: one small document model, rendered to PDF (Typst), Markdown and HTML.

A game builds a :class:`Sheet` from its rules data, calculators and simulator;
nothing on a sheet is typed by hand.  The PDF is A4, meant to be printed at 100%,
with big table text and the version and variant settings in the footer.
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field
from pathlib import Path

from tableodds.reports.output import write_bytes, write_text


@dataclass(frozen=True)
class Table:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""


@dataclass(frozen=True)
class Section:
    title: str
    items: tuple = ()  # Table or str (a paragraph)


@dataclass(frozen=True)
class Sheet:
    game: str
    title: str
    subtitle: str
    sections: tuple[Section, ...]
    footer: str
    notes: tuple[str, ...] = field(default=())


def table(headers, rows, caption: str = "") -> Table:
    return Table(tuple(map(str, headers)), tuple(tuple(map(str, r)) for r in rows), caption)


def _typ_str(text: str) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_typst(sheet: Sheet) -> str:
    out = [
        '#set page(paper: "a4", margin: (x: 1.5cm, top: 1.4cm, bottom: 1.8cm), '
        f'footer: align(center, text(size: 8pt, fill: gray)[#{_typ_str(sheet.footer)}]))',
        '#set text(size: 12pt)',
        '#set table(inset: 5pt, stroke: 0.5pt + gray)',
        '#show heading.where(level: 1): set text(size: 22pt)',
        '#show heading.where(level: 2): set text(size: 15pt)',
        f'#heading(level: 1, {_typ_str(sheet.title)})',
        f'#text(size: 11pt, fill: rgb("#444"))[#{_typ_str(sheet.subtitle)}]',
    ]
    for sec in sheet.sections:
        out.append(f'#heading(level: 2, {_typ_str(sec.title)})')
        for item in sec.items:
            if isinstance(item, Table):
                n = len(item.headers)
                header = ", ".join(f"text(weight: \"bold\", {_typ_str(h)})" for h in item.headers)
                cells = ", ".join(f"text(size: 13pt, {_typ_str(c)})" for r in item.rows for c in r)
                cap = f'#text(size: 10pt, style: "italic")[#{_typ_str(item.caption)}]\n' \
                    if item.caption else ""
                out.append(f"{cap}#table(columns: {n}, fill: (x, y) => if y == 0 {{ luma(230) }},"
                           f" table.header({header}), {cells})")
            else:
                out.append(f"#par[#{_typ_str(item)}]")
    for note in sheet.notes:
        out.append(f'#text(size: 9pt, fill: rgb("#555"))[#{_typ_str(note)}]')
    return "\n".join(out) + "\n"


def to_pdf(sheet: Sheet) -> bytes:
    import typst
    return typst.compile(to_typst(sheet).encode("utf-8"))


def to_markdown(sheet: Sheet) -> str:
    def esc(s):
        return str(s).replace("|", "\\|")
    lines = [f"# {sheet.title}", "", sheet.subtitle, ""]
    for sec in sheet.sections:
        lines += [f"## {sec.title}", ""]
        for item in sec.items:
            if isinstance(item, Table):
                if item.caption:
                    lines += [f"*{item.caption}*", ""]
                lines.append("| " + " | ".join(map(esc, item.headers)) + " |")
                lines.append("|" + "---|" * len(item.headers))
                lines += ["| " + " | ".join(map(esc, r)) + " |" for r in item.rows]
                lines.append("")
            else:
                lines += [item, ""]
    lines += [f"_{n}_" for n in sheet.notes]
    lines += ["", "---", sheet.footer, ""]
    return "\n".join(lines)


def to_html(sheet: Sheet) -> str:
    e = html.escape
    parts = [f"<h1>{e(sheet.title)}</h1><p>{e(sheet.subtitle)}</p>"]
    for sec in sheet.sections:
        parts.append(f"<h2>{e(sec.title)}</h2>")
        for item in sec.items:
            if isinstance(item, Table):
                cap = f"<caption>{e(item.caption)}</caption>" if item.caption else ""
                head = "".join(f"<th>{e(h)}</th>" for h in item.headers)
                body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>"
                               for r in item.rows)
                parts.append(f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}"
                             "</tbody></table>")
            else:
                parts.append(f"<p>{e(item)}</p>")
    parts += [f"<p class=note>{e(n)}</p>" for n in sheet.notes]
    return ("<!doctype html><html lang=en><meta charset=utf-8>"
            f"<title>{e(sheet.title)}</title><style>body{{font-family:sans-serif;max-width:50rem;"
            "margin:1rem auto;font-size:14pt}table{border-collapse:collapse;margin:.5rem 0}"
            "td,th{border:1px solid #999;padding:.2rem .5rem;text-align:right}"
            ".note{color:#555;font-size:10pt}</style><body>" + "".join(parts)
            + f"<footer class=note>{e(sheet.footer)}</footer></body></html>")


def write_sheet(sheet: Sheet, out: Path) -> list[Path]:
    """``out/<game>-cheatsheet.pdf``, ``.md`` and ``.html``."""
    base = Path(out) / f"{sheet.game}-cheatsheet"
    return [write_bytes(base.with_suffix(".pdf"), to_pdf(sheet)), write_text(base.with_suffix(".md"), to_markdown(sheet)),
            write_text(base.with_suffix(".html"), to_html(sheet))]
