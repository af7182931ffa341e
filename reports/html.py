"""Tiny building blocks for the report's sections: run sizes, escaped tables, figures and
the page."""
from __future__ import annotations

import html
from datetime import datetime, timezone


def scaled(n: int, scale: float, least: int = 1000) -> int:
    """A section's run size: its default ``n`` times ``--scale``, never below ``least``."""
    return max(least, int(n * scale))


def table(headers: list[str], rows: list[list], caption: str = "") -> str:
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>"
                   for r in rows)
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def img(name: str, alt: str) -> str:
    return f'<figure><img src="{html.escape(name)}.png" alt="{html.escape(alt)}"></figure>'


def p(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


STYLE = """body{font-family:system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:1rem 0;font-size:.9rem}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:right}
th{background:#f3f3f3}caption{text-align:left;font-weight:600;padding:.3rem 0}img{max-width:100%}
h2{border-bottom:2px solid #444;margin-top:3rem}.note{color:#555;font-size:.9rem}"""


def page(title: str, sections: list[str], footer: str) -> str:
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return (f"<!doctype html><html lang=en><meta charset=utf-8><title>{html.escape(title)}</title>"
            f"<style>{STYLE}</style><body><h1>{html.escape(title)}</h1>"
            + "".join(sections)
            + f"<footer class=note>{html.escape(footer)} · built {stamp}</footer></body></html>")
