"""Printable cheat sheets: one small document model, rendered to PDF (Typst), Markdown and HTML.

A game builds a :class:`Sheet` from its rules data, calculators and simulator; nothing on a
sheet is typed by hand.  The PDF layout is the Typst template ``sheet.typ`` shipped beside
this module: :func:`to_data` turns a sheet into one JSON document that the template reads
(``sys.inputs.data``), on A4 or US Letter (``sys.inputs.paper``), one page, to print at 100%.
The template fits the text size to the paper: the largest size between ``Sheet.min_size`` and
``Sheet.size`` at which the sheet is still one page (:func:`fitted_size` reads it back), so a
sheet fills its page on either paper.  The PDF's file name says its paper:
``<game>-cheatsheet-a4.pdf``, ``<game>-cheatsheet-letter.pdf``.

Numbers go through :func:`exact`, :func:`proportion` and :func:`mean`, so an exact value
prints as a fraction, and an estimate always carries its interval.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from fractions import Fraction
from importlib.resources import files
from pathlib import Path

from tableodds.analysis.stats import LEVEL, Z95
from tableodds.reports.output import write_bytes, write_text

PAPERS = {"a4": "a4", "letter": "us-letter"}  # --paper choice -> Typst paper name
INTERVAL = f"{LEVEL:.0%} interval"  # what an estimate's brackets are, on every sheet


@dataclass(frozen=True)
class Table:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""
    align: tuple[str, ...] = ()  # per column: "l", "r" or "c"
    widths: tuple[str, ...] = ()  # per column: "auto", "fr" or a Typst length
    kind: str = "table"  # "grid": a score grid to fill in by hand
    blank: tuple[bool, ...] = ()  # grid: the columns left blank for writing
    row_height: str = "2.1em"  # grid: the height of a row to write in (scales with the text)


@dataclass(frozen=True)
class Section:
    title: str
    items: tuple = ()  # Table or str (a paragraph)
    wide: bool = False  # spans the page instead of one of two columns


@dataclass(frozen=True)
class Sheet:
    game: str
    title: str
    subtitle: str
    sections: tuple[Section, ...]
    footer: str
    notes: tuple[str, ...] = field(default=())
    assumptions: tuple[str, ...] = field(default=())  # assumed data, with the file it is from
    size: float = 12.0  # the largest base text size (pt) of the PDF
    min_size: float = 7.0  # the smallest: below it the sheet would be hard to read


_NUMBER_CHARS = set("0123456789.,/%()–-−+=≈±[] #")


def _numeric(cell: str) -> bool:
    """A number, a fraction, a percentage or an estimate with its interval: no words."""
    s = cell.strip()
    return any(c.isdigit() for c in s) and set(s) <= _NUMBER_CHARS


def table(headers, rows, caption: str = "", align=None, widths=()) -> Table:
    """A table of values; numeric columns are right-aligned unless ``align`` says otherwise."""
    headers = tuple(map(str, headers))
    rows = tuple(tuple(map(str, r)) for r in rows)
    if align is None:
        align = tuple(
            "r"
            if any(_numeric(r[i]) for r in rows if i < len(r))
            and all(_numeric(r[i]) or r[i] in ("", "-", "—") for r in rows if i < len(r))
            else "l"
            for i in range(len(headers))
        )
    return Table(headers, rows, caption, tuple(align), tuple(widths))


def grid(
    headers,
    labels,
    caption: str = "",
    blank: int | None = None,
    after=(),
    row_height: str = "2.1em",
) -> Table:
    """A score grid to fill in: label columns, then ``blank`` empty columns, then ``after``.

    ``labels`` are the rows' leading cells (a tuple per row); ``after`` the trailing cells of
    each row (the checks players compare their sums with), as a list of tuples.
    """
    headers = tuple(map(str, headers))
    labels = [tuple(map(str, r)) if isinstance(r, (tuple, list)) else (str(r),) for r in labels]
    nl = len(labels[0])
    after = [tuple(map(str, a)) for a in after] or [()] * len(labels)
    na = len(after[0])
    nb = len(headers) - nl - na if blank is None else blank
    rows = tuple(lab + ("",) * nb + a for lab, a in zip(labels, after))
    align = ("l",) * nl + ("c",) * nb + ("r",) * na
    widths = ("auto",) * nl + ("fr",) * nb + ("auto",) * na
    return Table(
        headers,
        rows,
        caption,
        align,
        widths,
        "grid",
        (False,) * nl + (True,) * nb + (False,) * na,
        row_height,
    )


# --- numbers: exact values exact, estimates with their interval --------------------------
def exact(value, percent: bool = False) -> str:
    """An exact value: ``13/4`` (``= 3.25`` when that is short), ``3/4 (75%)`` for a chance."""
    f = Fraction(value)
    if f.denominator == 1:
        return str(f.numerator)
    text = f"{f.numerator}/{f.denominator}"
    if percent:
        return f"{text} ({_pct(float(f))})"
    dec = float(f)
    return f"{text} = {dec:g}" if len(f"{dec:g}") <= 5 else f"{text} ≈ {dec:.3f}"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%" if 0.001 <= x < 0.1 or 0.9 < x < 0.999 else f"{100 * x:.0f}%"


def proportion(p) -> str:
    """A simulated chance with its interval: ``52% (48–55%)``."""
    return f"{_pct(p.estimate)} ({_pct(p.low).rstrip('%')}–{_pct(p.high)})"


def mean(m, digits: int = 2) -> str:
    """A simulated mean with its 95% interval: ``3.27 (3.21–3.33)``."""
    return (
        f"{m.estimate:.{digits}f} ({m.estimate - Z95 * m.se:.{digits}f}–"
        f"{m.estimate + Z95 * m.se:.{digits}f})"
    )


# --- rendering ---------------------------------------------------------------------------
def to_data(sheet: Sheet) -> dict:
    """The JSON document the Typst template lays out."""

    def item(x):
        if isinstance(x, Table):
            n = len(x.headers)
            return {
                "type": "table",
                "kind": x.kind,
                "headers": list(x.headers),
                "rows": [list(r) + [""] * (n - len(r)) for r in x.rows],
                "caption": x.caption,
                "align": list(x.align or ("l",) * n),
                "widths": list(x.widths),
                "blank": list(x.blank or (False,) * n),
                "row_height": x.row_height,
            }
        return {"type": "text", "text": str(x)}

    return {
        "game": sheet.game,
        "title": sheet.title,
        "subtitle": sheet.subtitle,
        "footer": sheet.footer,
        "notes": list(sheet.notes),
        "assumptions": list(sheet.assumptions),
        "size": sheet.size,
        "min_size": sheet.min_size,
        "sections": [
            {"title": s.title, "wide": s.wide, "column": c, "items": [item(x) for x in s.items]}
            for s, c in zip(sheet.sections, _columns(sheet.sections))
        ],
    }


def _weight(section: Section) -> float:
    """A rough height: table rows, wrapped paragraph lines, the heading."""
    w = 2.0
    for x in section.items:
        if isinstance(x, Table):
            w += len(x.rows) * (2.6 if x.kind == "grid" else 1.0) + 1.5 + bool(x.caption)
        else:
            w += 1 + len(str(x)) / 75
    return w


def _columns(sections) -> list[int]:
    """Each section's column (0 left, 1 right) so each run of narrow sections is balanced."""
    out, run = [], []

    def flush():
        weights = [_weight(s) for s in run]
        total, cut = sum(weights), len(run)
        best = total
        for k in range(len(run) + 1):
            left = sum(weights[:k])
            if abs(total - 2 * left) < best:
                best, cut = abs(total - 2 * left), k
        out.extend([0] * cut + [1] * (len(run) - cut))
        run.clear()

    for s in sections:
        if s.wide:
            flush()
            out.append(0)
        else:
            run.append(s)
    flush()
    return out


def template() -> Path:
    return Path(str(files("tableodds.reports") / "sheet.typ"))


def _compile_args(sheet: Sheet, paper: str) -> dict:
    if paper not in PAPERS:
        from tableodds.sim.core.errors import InputError

        raise InputError(f"unknown paper {paper!r}; choose from: {', '.join(PAPERS)}")
    tpl = template()
    return {
        "input": str(tpl),
        "root": str(tpl.parent),
        "sys_inputs": {
            "data": json.dumps(to_data(sheet), ensure_ascii=False),
            "paper": PAPERS[paper],
        },
    }


def to_pdf(sheet: Sheet, paper: str = "a4") -> bytes:
    import typst

    return typst.compile(**_compile_args(sheet, paper))


def fitted_size(sheet: Sheet, paper: str = "a4") -> float:
    """The base text size (pt) the template chose for ``sheet`` on ``paper``."""
    import typst

    args = _compile_args(sheet, paper)
    return float(json.loads(typst.query(args.pop("input"), "<fitted-size>", "value", True, **args)))


def pdf_name(game: str, paper: str = "a4") -> str:
    """A sheet's PDF file name; it says the paper, so A4 and Letter live side by side."""
    return f"{game}-cheatsheet-{paper}.pdf"


def to_markdown(sheet: Sheet) -> str:
    def esc(s):
        return str(s).replace("|", "\\|")

    lines = [f"# {sheet.title}", "", sheet.subtitle, ""]
    if sheet.assumptions:
        lines += [
            "> **Assumed data** (not printed in the rules; check against your copy): "
            + " ".join(sheet.assumptions),
            "",
        ]
    for sec in sheet.sections:
        lines += [f"## {sec.title}", ""]
        for item in sec.items:
            if isinstance(item, Table):
                if item.caption:
                    lines += [f"*{item.caption}*", ""]
                align = item.align or ("l",) * len(item.headers)
                lines.append("| " + " | ".join(map(esc, item.headers)) + " |")
                lines.append(
                    "|" + "".join({"r": "---:|", "c": ":---:|"}.get(a, "---|") for a in align)
                )
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
    if sheet.assumptions:
        parts.append(
            "<p class=assumed><strong>Assumed data</strong> (not printed in the rules; "
            f"check against your copy): {e(' '.join(sheet.assumptions))}</p>"
        )
    for sec in sheet.sections:
        parts.append(f"<h2>{e(sec.title)}</h2>")
        for item in sec.items:
            if isinstance(item, Table):
                cap = f"<caption>{e(item.caption)}</caption>" if item.caption else ""
                align = item.align or ("l",) * len(item.headers)
                cls = {"r": " class=num", "c": " class=mid"}
                head = "".join(
                    f"<th{cls.get(a, '')}>{e(h)}</th>" for h, a in zip(item.headers, align)
                )
                body = "".join(
                    "<tr>"
                    + "".join(f"<td{cls.get(a, '')}>{e(c)}</td>" for c, a in zip(r, align))
                    + "</tr>"
                    for r in item.rows
                )
                kind = " class=grid" if item.kind == "grid" else ""
                parts.append(
                    f"<table{kind}>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
                )
            else:
                parts.append(f"<p>{e(item)}</p>")
    parts += [f"<p class=note>{e(n)}</p>" for n in sheet.notes]
    return (
        "<!doctype html><html lang=en><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{e(sheet.title)}</title><style>body{{font-family:sans-serif;max-width:50rem;"
        "margin:1rem auto;padding:0 .5rem;font-size:12pt}table{border-collapse:collapse;"
        "margin:.5rem 0}td,th{border:1px solid #999;padding:.2rem .5rem;text-align:left}"
        ".num{text-align:right}.mid{text-align:center}.grid td{height:1.6em;min-width:3em}"
        "caption{text-align:left;font-style:italic}.assumed{background:#fff4d6;"
        "padding:.3rem}.note{color:#555;font-size:10pt}</style><body>"
        + "".join(parts)
        + f"<footer class=note>{e(sheet.footer)}</footer></body></html>"
    )


def write_sheet(sheet: Sheet, out: Path, paper: str = "a4") -> list[Path]:
    """``out/<game>-cheatsheet-<paper>.pdf``, ``out/<game>-cheatsheet.md`` and ``.html``."""
    base = Path(out) / f"{sheet.game}-cheatsheet"
    return [
        write_bytes(Path(out) / pdf_name(sheet.game, paper), to_pdf(sheet, paper)),
        write_text(base.with_suffix(".md"), to_markdown(sheet)),
        write_text(base.with_suffix(".html"), to_html(sheet)),
    ]
