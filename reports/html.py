"""Tiny building blocks for the report's sections: run sizes, escaped tables, figures and
the page (a table of contents from the sections' ``<h2 id=...>``, sortable tables)."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime


def scaled(n: int, scale: float, least: int = 1000) -> int:
    """A section's run size: its default ``n`` times ``--scale``, never below ``least``."""
    return max(least, int(n * scale))


_NUMBER = re.compile(r"^[#+\-−~≈]?[\d.,]+(/\d+)?%?([ ±\[\](),–\-−\d.%/]*|( [A-Za-z]{1,2})?)$")


def numeric(cell) -> bool:
    """A number, a fraction, a percentage or an estimate with its interval (right-aligned)."""
    s = str(cell).strip()
    return bool(s) and bool(_NUMBER.match(s))


# what must not break across lines in a cell: an interval or range in brackets with the
# estimate before it, an estimate with its error
_UNBROKEN = re.compile(r"(?:\S+ )?\[[^\]]*\]|\S+ ± \S+")


def cell(value) -> str:
    """A cell's text, escaped, its intervals and ``x ± se`` kept on one line."""
    text = html.escape(str(value))
    return _UNBROKEN.sub(lambda m: f"<span class=nw>{m.group(0)}</span>", text)


def table(headers: list[str], rows: list[list], caption: str = "") -> str:
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    columns = list(zip(*rows)) if rows else [()] * len(headers)
    num = [
        bool(col)
        and all(numeric(c) or str(c) in ("", "-", "—") for c in col)
        and any(numeric(c) for c in col)
        for col in columns
    ]
    cls = [" class=num" if n else "" for n in num] + [""] * len(headers)
    head = "".join(
        f"<th{cls[i]} scope=col>{html.escape(str(h))}</th>" for i, h in enumerate(headers)
    )
    body = "".join(
        "<tr>" + "".join(f"<td{cls[i]}>{cell(c)}</td>" for i, c in enumerate(r)) + "</tr>"
        for r in rows
    )
    return f"<table class=sortable>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def img(name: str, alt: str) -> str:
    """A plot: its PNG, linked to its SVG, with both files named under it."""
    n = html.escape(name)
    return (
        f'<figure><a href="{n}.svg"><img src="{n}.png" alt="{html.escape(alt)}" '
        f'loading=lazy></a><figcaption>{html.escape(alt)} · <a href="{n}.svg">SVG</a> · '
        f'<a href="{n}.png">PNG</a></figcaption></figure>'
    )


_FIGURE = re.compile(r'<figure><a href="([^"]+)\.svg">.*?</figure>', re.S)


def drop_missing_figures(text: str, root) -> str:
    """``text`` with each figure whose PNG is not under ``root`` replaced by a note: an
    interrupted run is written without its plots."""

    def keep(m: re.Match) -> str:
        if (root / f"{html.unescape(m.group(1))}.png").exists():
            return m.group(0)
        return p("(plot left out: its run was interrupted)")

    return _FIGURE.sub(keep, text)


def p(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


# narrow screens: the page never scrolls sideways; a wide table scrolls inside its own box
# (its caption stays in view and wraps to the screen), numbers and intervals never break
# inside, plots keep a readable width on a phone and scroll inside their figure, long words
# and code break
STYLE = """*,*:before,*:after{box-sizing:border-box}
body{font-family:system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#222;line-height:1.4;overflow-wrap:break-word}
table{border-collapse:collapse;margin:1rem 0;font-size:.9rem;display:block;overflow-x:auto;max-width:100%}
pre{overflow-x:auto;max-width:100%;font-size:.85rem}code{overflow-wrap:anywhere}
p,li,figcaption,summary,footer{overflow-wrap:anywhere}
nav.questions{background:#eef5ff;border:1px solid #c7dcf5;padding:.5rem 1rem;margin:1rem 0}
nav.questions ul{margin:.3rem 0;padding-left:1.2rem}
td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}th{background:#f3f3f3}
.nw{white-space:nowrap}
th.sort{cursor:pointer;user-select:none}th.sort:after{content:" \\2195";color:#999}
th[aria-sort=ascending]:after{content:" \\2191";color:#222}th[aria-sort=descending]:after{content:" \\2193";color:#222}
caption{display:block;position:sticky;left:0;max-width:min(100%,calc(100vw - 2rem));text-align:left;font-weight:600;padding:.3rem 0}
img{max-width:100%;height:auto}
figure{margin:1rem 0;overflow-x:auto}figcaption{font-size:.85rem;color:#555;position:sticky;left:0}
h2{border-bottom:2px solid #444;margin-top:3rem}.note{color:#555;font-size:.9rem}
nav.toc{background:#f7f7f7;border:1px solid #ddd;padding:.5rem 1rem;margin:1rem 0}
nav.toc ol{margin:.3rem 0;padding-left:1.5rem;columns:2}
.runs{font-size:.85rem}.runs td{white-space:nowrap}a.top{font-size:.8rem;float:right}
@media (max-width:40rem){body{margin:1rem auto;padding:0 .6rem}nav.toc ol{columns:1}
table{font-size:.8rem}td,th{padding:.2rem .35rem}h1{font-size:1.6rem}
figure img{max-width:none;width:40rem}}"""

# sort a table by a column on a click on its header: numbers by value, text alphabetically
SCRIPT = """document.querySelectorAll("table.sortable").forEach(function(t){
var hs=t.tHead?t.tHead.rows[0].cells:[];
function key(c){var s=c.textContent.trim().replace(/[,#]/g,"");var m=s.match(/^[+-\\u2212]?\\d*\\.?\\d+(e-?\\d+)?/);
return m?[0,parseFloat(m[0].replace("\\u2212","-"))]:[1,s.toLowerCase()];}
Array.prototype.forEach.call(hs,function(h,i){h.className+=" sort";h.tabIndex=0;
function go(){var b=t.tBodies[0],rows=Array.prototype.slice.call(b.rows);
var asc=h.getAttribute("aria-sort")!=="ascending";
Array.prototype.forEach.call(hs,function(o){o.removeAttribute("aria-sort");});
h.setAttribute("aria-sort",asc?"ascending":"descending");
rows.sort(function(x,y){var a=key(x.cells[i]||x),c=key(y.cells[i]||y);
var r=a[0]-c[0]||(a[1]<c[1]?-1:a[1]>c[1]?1:0);return asc?r:-r;});
rows.forEach(function(r){b.appendChild(r);});}
h.addEventListener("click",go);h.addEventListener("keydown",function(e){if(e.key==="Enter")go();});});});"""

_H2 = re.compile(r"<h2 id=\"?([\w-]+)\"?>(.*?)</h2>", re.S)


def toc(sections: list[str]) -> str:
    """The table of contents: one link per ``<h2 id=...>`` of the sections."""
    items = [f'<li><a href="#{i}">{t}</a></li>' for s in sections for i, t in _H2.findall(s)]
    return f"<nav class=toc><strong>Contents</strong><ol>{''.join(items)}</ol></nav>"


def questions(pairs, sections: list[str]) -> str:
    """The questions people bring, each linked to the part of the page that answers it;
    a question whose anchor is not on the page (an interrupted report) is left out."""
    body = "".join(sections)
    items = [
        f'<li><a href="#{a}">{html.escape(q)}</a></li>'
        for q, a in pairs
        if f"id={a}>" in body or f'id="{a}"' in body
    ]
    if not items:
        return ""
    return (
        "<nav class=questions><strong>Questions this report answers</strong>"
        f"<ul>{''.join(items)}</ul></nav>"
    )


def page(title: str, sections: list[str], footer: str, asked=()) -> str:
    """The page: the questions (``asked``: (question, anchor) pairs), the contents, the
    sections and the footer."""
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return (
        f"<!doctype html><html lang=en><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style><body id=top>"
        f"<h1>{html.escape(title)}</h1>{questions(asked, sections)}{toc(sections)}"
        + "".join(sections)
        + f"<footer class=note>{html.escape(footer)} · built {stamp}</footer>"
        f"<script>{SCRIPT}</script></body></html>"
    )
