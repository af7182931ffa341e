"""``tableodds 1844 replay``: a recorded game's exact position, replayed by the engine's rules.

The replay itself is :mod:`tableodds.sim.s1844.replay`; this is its command: the position at
the end of an OR (or of the log) as tables of players and companies, the bank and the depot,
and with ``--check`` the first action that breaks a rule the replay applies.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import polars as pl

from tableodds.analysis.registry import analysis
from tableodds.analysis.result import Result, Summary, _rows, table
from tableodds.sim.s1844.replay import check as check_log
from tableodds.sim.s1844.replay import position, read_replay

PLAYER_COLUMNS = ("player", "cash", "debt", "value", "result", "certificates", "companies")
COMPANY_COLUMNS = (
    "company",
    "director",
    "price",
    "treasury",
    "ipo_pct",
    "pool_pct",
    "trains",
    "tokens",
    "tiles_laid",
)


def _money(v) -> str:
    return f"{v:,}"


@dataclass(frozen=True)
class ReplaySummary(Summary):
    """The replayed position (see :func:`tableodds.sim.s1844.replay.position`)."""

    game_id: object
    cut: str
    last_or: dict
    phase: int
    bank: int
    bank_overdrawn: int
    bank_broke_in: dict | None
    depot: dict
    next_train: str | None
    exported: list
    rusted: int
    discarded: int
    bankrupt: str | None
    players: pl.DataFrame = table("players")
    companies: pl.DataFrame = table("companies")
    tiles: pl.DataFrame = table("tiles")
    check: dict | None = field(default=None)
    checked: bool = False

    def text(self) -> str:
        last = self.last_or
        where = (
            f"the log's end ({last['label']}, #{last['or']})"
            if self.cut == "log end"
            else f"the end of {last['label']} (#{last['or']})"
        )
        broke = self.bank_broke_in
        lines = [
            f"position at {where} · phase {self.phase}",
            f"bank {_money(self.bank)}"
            + (f" (broke in {broke['label']}, #{broke['or']}" if broke else "")
            + (f"; {_money(self.bank_overdrawn)} paid out beyond it" if self.bank_overdrawn else "")
            + (")" if broke else "")
            + " · depot "
            + (", ".join(f"{n} x{k}" for n, k in self.depot.items()) or "empty")
            + f" · exported {' '.join(self.exported) or 'none'}"
            + f" · rusted {self.rusted}"
            + (f" · discarded {self.discarded}" if self.discarded else ""),
        ]
        if self.bankrupt:
            lines.append(f"{self.bankrupt} went bankrupt: the game ended")
        players = self.players.select(
            [c for c in PLAYER_COLUMNS if c in self.players.columns]
        ).with_columns(pl.col("result").cast(pl.Utf8).fill_null("-"))
        lines += ["", "players", *_rows(players)]
        comps = self.companies.filter(pl.col("status") != "closed").select(COMPANY_COLUMNS)
        lines += ["", "companies (percent in the IPO and the pool)", *_rows(comps)]
        closed = self.companies.filter(pl.col("status") == "closed")["company"].to_list()
        if closed:
            lines.append(f"closed: {' '.join(closed)} (merged into the SBB)")
        if self.checked:
            lines.append("")
            if self.check is None:
                lines.append(
                    "check: every action follows the rules replayed"
                    + ("; every value equals the export's result" if self.cut == "log end" else "")
                )
            elif self.check["action"] is None:
                lines.append(f"check: {self.check['what']} (rule: {self.check['rule']})")
            else:
                c = self.check
                lines.append(f"check: action {c['action']}: {c['what']} (rule: {c['rule']})")
        return "\n".join(lines)


@analysis(
    "1844",
    "replay",
    about="a recorded game's exact position",
    example="tableodds 1844 replay 160062.json --at 8",
)
def replay(game_file, at=None, check: bool = False) -> Result:
    """Replay a recorded game (an 18xx.games export) by the 18xx.games engine's rules on the
    real map: each player's cash, certificates, debt and value, each company's treasury,
    share price, IPO and pool, trains, tokens and tiles, the bank and the depot, at the end
    of OR ``--at`` or of the log.  At the log's end each value is the export's result.
    ``--check`` names the first action whose effect breaks a rule the replay applies (or
    the first value that differs from the result)."""
    doc, g = read_replay(game_file, at)
    pos = position(g, doc)
    summary = ReplaySummary(
        **{k: v for k, v in pos.items() if k not in ("players", "companies", "tiles", "game_id")},
        game_id=pos["game_id"],
        players=pl.DataFrame(pos["players"], infer_schema_length=None).with_columns(
            pl.col("result").cast(pl.Int64)
        ),
        companies=pl.DataFrame(pos["companies"], infer_schema_length=None),
        tiles=pl.DataFrame(
            pos["tiles"], schema={"company": pl.Utf8, "hex": pl.Utf8, "tile": pl.Utf8}
        ),
        check=check_log(g, doc) if check else None,
        checked=check,
    )
    return Result(
        "1844 replay",
        {"game_file": str(game_file), "game_id": pos["game_id"], "at": at, "check": check},
        summary,
    )
