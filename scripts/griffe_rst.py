"""A griffe extension for the API reference (mkdocs.yml, mkdocstrings ``extensions``): the
docstrings are written with reStructuredText roles (``:class:`~a.b.C```, ``:func:`f```), which
Markdown would show raw; each becomes a code span of the name (the last part after ``~``, as
Sphinx shows it), and a paragraph ending ``::`` (a literal block follows) ends ``:``."""

from __future__ import annotations

import re

import griffe

ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|attr|data|exc|obj|const):`(~?)([^`]+)`")


def rst_to_markdown(text: str) -> str:
    """A docstring's roles as code spans and its ``::`` as ``:``."""
    text = ROLE.sub(lambda m: f"`{m[2].rsplit('.', 1)[-1] if m[1] else m[2]}`", text)
    return re.sub(r"(?<=\S)::$", ":", text, flags=re.M)


class RstRoles(griffe.Extension):
    def on_object(self, *, obj, **kwargs) -> None:
        if obj.docstring is not None:
            obj.docstring.value = rst_to_markdown(obj.docstring.value)

    def on_package(self, *, pkg, **kwargs) -> None:  # on_object skips a package itself
        self.on_object(obj=pkg)
