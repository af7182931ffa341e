"""A finished game's scores as a :class:`~tableodds.analysis.result.Result`."""

from __future__ import annotations

import importlib
from pathlib import Path

import polars as pl

from tableodds.analysis.result import Result, Summary
from tableodds.sim.core.scoring import Scores
from tableodds.sim.registry import PACKAGES


class ScoreTable(Summary):
    """The calculator's scores in the result protocol."""

    def __init__(self, scores: Scores):
        self.scores = scores

    def tables(self) -> dict[str, pl.DataFrame]:
        place = {id(p): k for k, p in self.scores.ranking()}
        rows = [
            {"name": p.name, **p.components, "total": p.total, "place": place[id(p)]}
            for p in self.scores.players
        ]
        return {"scores": pl.DataFrame(rows)}

    def as_dict(self) -> dict:
        return self.scores.as_dict()

    def text(self) -> str:
        return self.scores.render()


def scoring_module(game: str):
    return importlib.import_module(PACKAGES[game] + ".scoring")


def score(game: str, record, _plan=None) -> Result:
    """Score a finished game: ``record`` is a file (TOML, or CSV for Davoserjas) or a loaded
    record."""
    module = scoring_module(game)
    if isinstance(record, (str, Path)):
        record = module.load(Path(record))
    return Result(f"{game} score", {"game": game}, ScoreTable(module.score(record)))
