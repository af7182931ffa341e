"""Helpers shared by the per-game scoring and cheat-sheet tests."""

import importlib

from tableodds.reports.sheet import to_markdown, write_sheet


def load(module, tmp_path, text):
    f = tmp_path / "record.toml"
    f.write_text(text)
    return module.load(f)


def totals(scores):
    return {p.name: p.total for p in scores.players}


def sheet_markdown(package, variants=()):
    return to_markdown(
        importlib.import_module(f"tableodds.reports.sheets.{package}").build(variants=variants)
    )


def sheet_pdf_text(package, tmp_path):
    """Page count and text of the package's cheat-sheet PDF."""
    from pypdf import PdfReader

    sheet = importlib.import_module(f"tableodds.reports.sheets.{package}").build()
    reader = PdfReader(write_sheet(sheet, tmp_path)[0])
    return len(reader.pages), "\n".join(p.extract_text() for p in reader.pages)
