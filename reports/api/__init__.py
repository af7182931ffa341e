"""tableodds: odds, scores and cheat sheets for five tabletop games."""
from __future__ import annotations

from importlib.metadata import version as _version

__version__ = _version("tableodds")
