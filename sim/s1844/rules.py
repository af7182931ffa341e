"""1844: Schweiz rules: market grid, corporations, trains, phases, and the model parameters.

Sources: shared/seeds/1844-schweiz.nl.txt (Dutch) and the digest shared/rules/1844.md
(numbers from the online 18xx engine).  Rule numbers are constants here; everything the
map and the players decide is a model parameter in ``params.toml`` (user-overridable).

Indices used everywhere (kernel, reference and records):
corporations 0-4 pre-SBB (NOB SCB VSB JS GB), 5-7 regional (JN ChA VZ), 8-13 historical
(FNM RhB BLS STB AB MOB), 14 SBB; train types 0-5 = 2, 3, 4, 5, 6, 8E; side 0 normal, 1 H.
Shares are counted in units: 4 per pre-SBB (25%), 5 per regional (20%), 10 per historical
(10%), 20 per SBB (5%); every director certificate is 2 units and one certificate.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from tableodds.sim.core.data import int_field, load_toml, seat_policies, whole
from tableodds.sim.core.errors import InputError
from tableodds.sim.s1844.options import (
    PLAYERS,
    POLICIES,
)

BANK = 12_000
START_CASH = {3: 800, 4: 620, 5: 510, 6: 440, 7: 400}
CERT_LIMIT = {3: 24, 4: 18, 5: 15, 6: 13, 7: 11}

# --- market (digest §2); None = no cell, "t" = regional-limited cell --------------------
_GRID = [
    "- - 90 100 110 120 130 140 155 170 185 200 220t 240t 260t 290t 320t 350t",
    "- 70 80 90 100 110 120 130 145 160 175 190 210t 230t 250t 280t 310t 340t",
    "55 60 70 80 90 100 110 120 135 150 165 180 200t 220t 240t 270t 300t 330t",
    "50 56 60 70 80 90 100 110 125 140 155 170 190t 210t 230t",
    "45 52 57 60 70 80 90 100 115 130 145 160",
    "40 50 54 58 60 70 80 90 100 120",
    "35 45 52 56 59 64 70 80",
    "30 40 48 54 58 60",
]
ROWS, COLS = 8, 18
PRICE = np.zeros((ROWS, COLS), np.int32)  # 0 = no cell
LIMITED = np.zeros((ROWS, COLS), np.int8)  # 1 = regionals may not enter
for _r, _line in enumerate(_GRID):
    for _c, _cell in enumerate(_line.split()):
        if _cell != "-":
            LIMITED[_r, _c] = _cell.endswith("t")
            PRICE[_r, _c] = int(_cell.rstrip("t"))
# the seed: "De aandelenkoers van de Regionale maatschappijen is begrensd op 200 SFR"; the
# grid's "t" cells, which regionals may not enter, keep them at or below it
REGIONAL_PRICE_CAP = 200
assert PRICE[(PRICE > 0) & (LIMITED == 0)].max() == REGIONAL_PRICE_CAP
PARS = (100, 90, 80, 70, 60)  # par cells in column 4, rows 1..5
PAR_ROW = {100: 1, 90: 2, 80: 3, 70: 4, 60: 5}
PAR_COL = 4
SBB_ROW, SBB_COL = 5, 8  # the "x" cell, 100

# --- corporations (digest §7) ------------------------------------------------------------
PRE, REGIONAL, HISTORICAL, SBB_TYPE = 0, 1, 2, 3
TYPE_NAMES = ("pre-SBB", "regional", "historical", "SBB")
CORPS = (
    "NOB",
    "SCB",
    "VSB",
    "JS",
    "GB",
    "JN",
    "ChA",
    "VZ",
    "FNM",
    "RhB",
    "BLS",
    "STB",
    "AB",
    "MOB",
    "SBB",
)
NCORP = len(CORPS)
SBB = 14
FNM, MOB = 8, 13
CTYPE = np.array([PRE] * 5 + [REGIONAL] * 3 + [HISTORICAL] * 6 + [SBB_TYPE], np.int8)
UNITS = np.array([4, 5, 10, 20], np.int32)  # share units by type
FLOAT_UNITS = np.array([2, 3, 5, 0], np.int32)  # 50%, 60%, 50% sold
IPO_LIMIT = np.array([3, 3, 6, 12], np.int32)  # 75%, 60%, 60%, 60% in units
# Market-pool limit 50% (digest §1): a sale may not put more in the pool.  Only the SBB merger
# can pass it (the pre-SBB pool and IPO shares become SBB shares in the pool).  The kernel's
# HALF_UNITS is the same per corporation (tests/test_scoring_s1844.py checks it).
POOL_LIMIT_PCT = 50
POOL_UNITS = UNITS * POOL_LIMIT_PCT // 100  # 2, 2, 5, 10 units
TOKEN_COST = (0, 40, 100, 100, 100)  # home token, then 40, then 100 each
TYPE_TOKENS = np.array([2, 3, 0, 0], np.int32)  # historicals: by par (below)
HIST_TOKENS = {100: 5, 90: 4, 80: 3, 70: 2, 60: 1}

# --- trains and phases (digest §3-4) ------------------------------------------------------
TRAIN_NAMES = ("2", "3", "4", "5", "6", "8E")
TRAIN_H_NAMES = ("2H", "3H", "4H", "5H", "6H", "8H")
NTYPE = 6
DEPOT_COUNT = (13, 9, 6, 4, 4, 20)  # 5s: 6 cards, one is P7's EVA, one the SBB's
TOTAL_TRAINS = sum(DEPOT_COUNT) + 2  # + EVA + the SBB's reserved 5H
DEPOT = np.repeat(np.arange(NTYPE, dtype=np.int8), DEPOT_COUNT)
PRICE_N = np.array([90, 180, 300, 450, 630, 960], np.int32)
PRICE_H = np.array([70, 150, 260, 400, 550, 700], np.int32)
RUSTED_BY = np.array([2, 4, 5, -1, -1, -1], np.int8)  # type whose first copy rusts this one
DOWNGRADES = np.array([-1, 0, 1, -1, 2, 3], np.int8)  # type flipped to H when this one comes
PHASE_OF = np.array([2, 3, 4, 5, 6, 7], np.int8)
ORS_PER_SET = (0, 1, 1, 2, 2, 3, 3, 3)  # by phase 1..7


def train_limit(phase: int, ctype: int) -> int:
    """Train limit by phase and corporation type (digest §3)."""
    if ctype == SBB_TYPE:
        return 4
    if phase >= 5:
        return 2
    if ctype == HISTORICAL:
        return 3 if phase == 4 else 4
    return 2


LIMIT = np.array([[train_limit(p, t) for t in range(4)] for p in range(8)], np.int32)

# --- privates, mountain railways, tunnels (digest §5-6) -----------------------------------
PRIVATE_FACE = np.array([20, 50, 80, 110, 140, 180, 100], np.int32)
PRIVATE_REV = np.array([5, 10, 15, 20, 25, 30, 0], np.int32)
P1, P2, P3, P4, P5, P6, P7 = 0, 1, 2, 3, 4, 5, 6
P4_COMPENSATION = 80
NMOUNTAIN, MOUNTAIN_PRICE, MOUNTAIN_REV, MOUNTAIN_VALUE = 5, 150, 40, 150
NTUNNEL, TUNNEL_PRICE, TUNNEL_REV, TUNNEL_VALUE, TUNNEL_BUILD = 5, 50, 10, 50, 100
SBB_START_CASH = 400

# --- the map: each company's tiles to its destination (map.toml) ----------------------------
MAX_TILES = 8
NEEDS = {"": 0, "green": 1, "p4": 2}


def _load_map():
    import tomllib
    from importlib import resources

    doc = tomllib.loads(
        resources.files("tableodds.sim.s1844").joinpath("map.toml").read_text(encoding="utf-8")
    )
    terrain = np.zeros((NCORP, MAX_TILES), np.int32)
    ntiles = np.zeros(NCORP, np.int32)
    needs = np.zeros(NCORP, np.int32)
    for c, name in enumerate(CORPS[:SBB]):
        tiles = doc[name]["tiles"]
        assert len(tiles) <= MAX_TILES
        terrain[c, : len(tiles)] = tiles
        ntiles[c] = len(tiles)
        needs[c] = NEEDS[doc[name].get("needs", "")]
    return terrain, ntiles, needs


TERRAIN, NTILES, DEST_NEEDS = _load_map()  # SBB: no tiles of its own (it keeps its track)

# --- the real map (1844-map.md §2, §5.1, §6, §7): what a replay of a recorded game charges --
HOME = {
    "NOB": "D19", "SCB": "C12", "VSB": "C24", "JS": "I4", "GB": "G18", "JN": "F7",
    "ChA": "G28", "VZ": "K10", "FNM": "L21", "RhB": "G26", "BLS": "F11", "STB": "D15",
    "AB": "D25", "MOB": "I6",
}  # fmt: skip
# terrain paid with the first tile on a hex (D15, pre-printed yellow: on its green upgrade)
_TERRAIN = {
    20: "B19 C12 C16 D13 D19 E12 E18 E22 F7 F9 F17 G26 H13 I6 K10 K20 K22 L21 E10 F25 J1 K8 D15",
    30: "C22 D7 D9 D11 D23 E6 F13 F15 F21 G28 H3 H5 H15 I8 I10 I28 J7 J11 L11",
    60: "F23 G10 G24 H9 H11 H25 I22 I24 I26 J15 J19 J21 J23 J27 K6 K12 L7 L9",
    90: "G22 I18 I20",
}
TERRAIN_COST = {h: cost for cost, hexes in _TERRAIN.items() for h in hexes.split()}
TUNNEL_HEXES = frozenset("J9 I12 K14 I16 H17 H19 H21 H23 H27".split())
MOUNTAIN_HEXES = frozenset("H7 L13 I14 G14 F19 J29 L23".split())
TUNNEL_TILES, P4_TILES, MOUNTAIN_MARKERS = (
    ("X78", "X79"),
    ("OP1", "OP2", "OP3"),
    ("XM1", "XM2", "XM3"),
)
P4_HEXES = ("I16", "H17", "H19", "H21", "H23")
# the phase from which each tile colour may be laid (yellow 1, green 3, brown 5, gray 7)
_COLOUR = {
    1: "3 4 5 6 7 8 9 57 58",
    3: "14 15 16 19 20 23 24 25 26 27 28 29 59 87 88 204 619 901 904 907 908",
    5: "39 40 41 42 43 44 45 46 47 64 65 66 67 68 70 611 902 905 909 911",
    7: "903 906 910 915",
}
TILE_PHASE = {t: ph for ph, tiles in _COLOUR.items() for t in tiles.split()}
SBB_TOKEN_COST = 100  # a token the SBB lays after its formation

# --- bots ---------------------------------------------------------------------------------
POLICY_CODES = {name: i for i, name in enumerate(POLICIES)}
RANDOM, CAREFUL = POLICY_CODES["random"], POLICY_CODES["careful"]
POLICY_CODE = POLICY_CODES  # the former name

END_REASONS = {1: "bank", 2: "bankruptcy", 3: "cap"}

# --- records: one row per game; kernel and reference fill the same columns ---------------
# every event a game's record times (its columns EVENT_or, EVENT_sr, EVENT_n), in record
# order, with its label in the tables, plots and sheets: the one place the names are written
EVENT_LABELS = {
    "phase2": "first 2 (phase 2)",
    "phase3": "first 3 (phase 3)",
    "phase4": "first 4 (phase 4)",
    "phase5": "first 5 (phase 5)",
    "phase6": "first 6 (phase 6)",
    "phase7": "first 8E (phase 7)",
    "rust2": "2s rust",
    "rust3": "3s rust",
    "rust4": "4s rust",
    "sbb": "SBB forms",
    "bank": "bank breaks",
    "end": "game ends",
}
EVENTS = tuple(EVENT_LABELS)
EV = {name: i for i, name in enumerate(EVENTS)}
# every event after the first 2 (which is always OR 1): the ones a forecast or a timeline
# places
TIMED_EVENTS = EVENTS[1:]
MAX_OR_RECORD = 40  # per-OR series are kept for the first 40 ORs
SCALARS = (
    "end_reason",
    "ors",
    "sets",
    "phase",
    "floated",
    "loans",
    "withholds",
    "over_limit",
    "bank",
    "player_cash",
    "corp_cash",
    "debt",
    "depot_left",
    "owned",
    "exported",
    "rusted",
    "discarded",
    "eva_held",
    "reserved",
    "privates_bought",
    "across_sister",
    "across_other",
    "p2_tile",
)
# the raw record row the kernel fills (int32, in this order); score_<p> for every seat of 7
COLUMNS = {
    name: np.dtype(np.int32)
    for name in (
        list(SCALARS)
        + [f"{e}_{k}" for e in EVENTS for k in ("or", "sr", "n")]
        + [f"bought_{t}" for t in TRAIN_NAMES]
        + [f"exported_{t}" for t in TRAIN_NAMES]
        + [f"score_{p}" for p in range(7)]
        + [f"rev_{k}" for k in range(1, MAX_OR_RECORD + 1)]
        + [f"bankcash_{k}" for k in range(1, MAX_OR_RECORD + 1)]
        + [f"depot_{k}" for k in range(1, MAX_OR_RECORD + 1)]
    )
}
COL = {name: i for i, name in enumerate(COLUMNS)}
NCOL = len(COLUMNS)


def _seated(name: str, players: int) -> bool:
    return not (name.startswith("score_") and int(name[6:]) >= players)


def columns(settings) -> dict[str, np.dtype]:
    """The record columns and their dtypes: ``game``, then the raw row less absent seats."""
    return {"game": np.dtype(np.int64)} | {
        name: dtype for name, dtype in COLUMNS.items() if _seated(name, settings.players)
    }


def to_columns(rows: np.ndarray, settings, start: int) -> dict:
    """Raw rows int32[game, NCOL] -> the records (see :func:`columns`)."""
    cols = {"game": np.arange(start, start + rows.shape[0], dtype=np.int64)}
    for i, name in enumerate(COLUMNS):
        if _seated(name, settings.players):
            cols[name] = np.ascontiguousarray(rows[:, i])
    return cols


# --- parameters -------------------------------------------------------------------------
@dataclass(frozen=True)
class Params:
    """The model parameters of ``params.toml`` (see its comments)."""

    revenue_model: str
    route_normal: tuple
    route_h: tuple
    route_type_pct: tuple
    base_normal: tuple
    base_h: tuple
    phase_pct: tuple
    type_pct: tuple
    maturity_start_pct: int
    maturity_step_pct: int
    maturity_token_pct: int
    train_share_pct: tuple
    destination_pct: int
    noise_pct: int
    tunnel_bonus: int
    p2_tile_pct: int
    mountain_chance: int
    auction_value_pct: tuple
    auction_noise: int
    fnm_par: int
    max_directorships: tuple
    sell_below_pct: int
    min_yield_permille: int
    mountain_max_phase: int
    mountain_reserve: int
    payback_pct: int
    ors_per_train_pct: int
    horizon_ors: int
    private_price_pct: int
    private_keep_pct: int
    value_low_pct: int
    value_span_pct: int
    max_or_sets: int
    max_sr_turns: int
    bankruptcy: str
    private_sellers: str
    across_price_pct: int
    across_keep_trains: int
    withhold_for_train: int
    train_reserve_pct: int
    float_order: tuple
    withhold_savings: int
    sister_price_pct: int
    float_cash_pct: int
    float_help: int
    rust_buy: int
    bankrupt_lookahead: int
    sell_to_float: int
    pre_sbb_first: int
    sister_funds: int
    sister_gifts: int


_SECTIONS = {
    "revenue": (
        "revenue_model",
        "route_normal",
        "route_h",
        "route_type_pct",
        "base_normal",
        "base_h",
        "phase_pct",
        "type_pct",
        "maturity_start_pct",
        "maturity_step_pct",
        "maturity_token_pct",
        "train_share_pct",
        "destination_pct",
        "noise_pct",
        "tunnel_bonus",
        "p2_tile_pct",
    ),
    "network": ("mountain_chance",),
    "careful": (
        "auction_value_pct",
        "auction_noise",
        "fnm_par",
        "max_directorships",
        "sell_below_pct",
        "min_yield_permille",
        "mountain_max_phase",
        "mountain_reserve",
        "payback_pct",
        "ors_per_train_pct",
        "horizon_ors",
        "private_price_pct",
        "private_keep_pct",
        "withhold_for_train",
        "train_reserve_pct",
        "float_order",
        "withhold_savings",
        "sister_price_pct",
        "float_cash_pct",
        "float_help",
        "rust_buy",
        "bankrupt_lookahead",
        "sell_to_float",
        "pre_sbb_first",
        "sister_funds",
        "sister_gifts",
    ),
    "random": ("value_low_pct", "value_span_pct"),
    "game": (
        "max_or_sets",
        "max_sr_turns",
        "bankruptcy",
        "private_sellers",
        "across_price_pct",
        "across_keep_trains",
    ),
}
# [revenue] keys a params file may leave out: the map's route table comes from routes.toml
_ROUTE_KEYS = ("route_normal", "route_h", "route_type_pct")
# list lengths and (low, high) bounds of every integer (keeps the kernel's int64 safe)
_LISTS = {
    "base_normal": 6,
    "base_h": 6,
    "phase_pct": 7,
    "type_pct": 4,
    "route_type_pct": 4,
    "train_share_pct": 4,
    "auction_value_pct": 7,
    "max_directorships": 5,
}
_BOUNDS = {
    "withhold_for_train": (0, 1),
    "withhold_savings": (0, 1),
    "sister_price_pct": (0, 100),
    "float_cash_pct": (1, 100),
    "float_help": (0, 1),
    "rust_buy": (0, 1),
    "bankrupt_lookahead": (0, 5),
    "sell_to_float": (0, 1),
    "pre_sbb_first": (0, 1),
    "sister_funds": (0, 8),
    "sister_gifts": (0, 3),
    "mountain_chance": (0, 100),
    "noise_pct": (0, 99),
    "fnm_par": (60, 100),
    "max_or_sets": (1, 60),
    "max_sr_turns": (10, 10_000),
    "auction_noise": (0, 100),
    "mountain_max_phase": (1, 7),
    "max_directorships": (0, 14),
    "train_reserve_pct": (0, 1000),
    "value_low_pct": (0, 1000),
    "value_span_pct": (0, 1000),
    "p2_tile_pct": (0, 100),
    "private_price_pct": (1, 200),
    "across_price_pct": (1, 100),
    "across_keep_trains": (1, 3),
}
_CHOICES = {
    "bankruptcy": ("never", "allowed"),
    "private_sellers": ("director", "any"),
    "revenue_model": ("map", "base"),
}
_TABLES = ("route_normal", "route_h")  # 6 train types x 7 phases (routes.toml)


def _check_int(value, where: str, key: str) -> int:
    low, high = _BOUNDS.get(key.split("[")[0], (0, 100_000))
    return int_field({key: value}, key, where, low=low, high=high)


def _float_order(value, where: str) -> tuple:
    """``float_order``: the 13 companies players may par (all but FNM, parred with P6, and
    the SBB), each once, as names -> indices."""
    names = tuple(n for i, n in enumerate(CORPS) if i not in (FNM, SBB))
    if (
        not isinstance(value, list)
        or sorted(map(str, value)) != sorted(names)
        or len(value) != len(names)
    ):
        raise InputError(
            f"{where}: [careful] float_order must name each of {', '.join(names)} once, "
            f"got {value!r}"
        )
    return tuple(CORPS.index(v) for v in value)


def _route_table(value, where: str, name: str) -> tuple:
    """A route table: for each train type 2, 3, 4, 5, 6, 8E a list of 7 values (phases)."""
    if (
        not isinstance(value, list)
        or len(value) != NTYPE
        or not all(isinstance(r, list) and len(r) == 7 for r in value)
    ):
        raise InputError(
            f"{where}: {name} must be {NTYPE} lists (trains 2 .. 8E) of 7 integers "
            f"(phases 1 .. 7), got {value!r}"
        )
    return tuple(
        tuple(_check_int(v, where, f"{name.split()[-1]}[{i}][{k}]") for k, v in enumerate(r))
        for i, r in enumerate(value)
    )


# The rules as the 18xx.games engine plays them where the rulebook reads them otherwise: a
# director may declare bankruptcy (which ends the game) and any player may sell a private
# to a company.  A recorded game from that site is compared under these (``compare``).
ENGINE_READINGS = {"bankruptcy": "allowed", "private_sellers": "any"}


def load_params(path: Path | None = None, readings: dict | None = None) -> Params:
    """The packaged parameters, with ``readings`` ([game] keys, e.g. ENGINE_READINGS) in
    place of the packaged ones, then overridden key by key from ``path`` when given."""
    base, _ = load_toml(None, "tableodds.sim.s1844", "params.toml")
    routes, _ = load_toml(None, "tableodds.sim.s1844", "routes.toml")
    merged = {s: dict(base[s]) for s in _SECTIONS}
    merged["game"].update(readings or {})
    for key in ("normal", "h", "type_pct"):  # the map's route table (routes.toml)
        merged["revenue"]["route_" + key] = routes["routes"][key]
    where = "params.toml"
    if path is not None:
        user, where = load_toml(path)
        for section, table in user.items():
            if section not in _SECTIONS:
                raise InputError(
                    f"{where}: unknown section [{section}]; choose from {', '.join(_SECTIONS)}"
                )
            if not isinstance(table, dict):
                raise InputError(f"{where}: [{section}] must be a table")
            for key, value in table.items():
                if key not in _SECTIONS[section]:
                    raise InputError(f"{where}: [{section}] unknown key {key!r}")
                merged[section][key] = value
    values = {}
    for section, keys in _SECTIONS.items():
        for key in keys:
            name = f"[{section}] {key}"
            value = merged[section].get(key)
            if key in _CHOICES:
                if value not in _CHOICES[key]:
                    a, b = _CHOICES[key]
                    raise InputError(f"{where}: {name} must be '{a}' or '{b}', got {value!r}")
            elif key == "float_order":
                value = _float_order(value, where)
            elif key in _TABLES:
                value = _route_table(value, where, name)
            elif key in _LISTS:
                if key == "max_directorships" and isinstance(value, int):
                    value = [value] * _LISTS[key]  # one number: the same for every count
                if not isinstance(value, list) or len(value) != _LISTS[key]:
                    raise InputError(
                        f"{where}: {name} must be a list of {_LISTS[key]} integers, got {value!r}"
                    )
                value = tuple(_check_int(v, where, f"{key}[{i}]") for i, v in enumerate(value))
            else:
                value = _check_int(value, where, key)
            values[key] = value
    if values["fnm_par"] not in PARS:
        raise InputError(
            f"{where}: [careful] fnm_par must be one of {PARS}, got {values['fnm_par']}"
        )
    # the file overrides whole sections: each one it gives has every key of params.toml's
    # (the map's route table, from routes.toml, may be left out), so a file cut short is
    # refused rather than read with the defaults for the rest of its section
    for section, table in user.items() if path is not None else ():
        whole(table, _SECTIONS[section], f"{where}: [{section}]", optional=_ROUTE_KEYS)
    return Params(**values)


def _shown(key: str, value):
    """A parameter as a params file gives it (lists; float_order by company name)."""
    if key == "float_order":
        return [CORPS[i] for i in value]
    if key in _TABLES:
        return [list(r) for r in value]
    return list(value) if isinstance(value, tuple) else value


@dataclass(frozen=True)
class Settings:
    """Everything one simulation needs; built by :func:`make_settings`."""

    players: int
    policies: tuple[str, ...]
    params: Params

    def describe(self) -> dict:
        return {
            "players": self.players,
            "policies": list(self.policies),
            "params": {k: _shown(k, v) for k, v in asdict(self.params).items()},
        }


def make_settings(
    players: int, policies=None, params_file: Path | None = None, readings: dict | None = None
) -> Settings:
    """Validate user choices and build the frozen settings (``readings``: see load_params)."""
    if players not in PLAYERS:
        raise InputError(f"1844 is for 3-7 players, not {players}")
    policies = seat_policies(policies, players, POLICIES, "careful")
    return Settings(players, policies, load_params(params_file, readings))


def check(frame, settings: Settings) -> None:
    """Assert the model's invariants on game records (one row per game)."""
    import polars as pl

    df = frame if isinstance(frame, pl.DataFrame) else frame.collect()

    def bad(expr, what):
        rows = df.filter(~expr)
        assert rows.height == 0, f"{what}: game {rows['game'][0]}"

    bad(
        pl.col("bank") + pl.col("player_cash") + pl.col("corp_cash") == BANK,
        "money is not conserved",
    )
    bad(
        pl.sum_horizontal(
            "depot_left", "owned", "exported", "rusted", "discarded", "eva_held", "reserved"
        )
        == TOTAL_TRAINS,
        "trains are not conserved",
    )
    bad(pl.col("over_limit") == 0, "a company kept more trains than its limit")
    bad(pl.col("end_or") == pl.col("ors"), "end OR differs from the ORs played")
    bad(pl.col("end_reason").is_in(list(END_REASONS)), "unknown end reason")
    prev = None
    for k in range(2, 8):
        col = pl.col(f"phase{k}_or")
        bad(col >= -1, "bad phase record")
        if prev is not None:
            # phases only move forward: a later phase never starts before an earlier one
            bad((col < 0) | ((prev >= 0) & (prev <= col)), f"phase {k} before phase {k - 1}")
        prev = col
    bad(
        pl.col("phase")
        == pl.max_horizontal(
            [pl.lit(1)]
            + [pl.when(pl.col(f"phase{k}_or") >= 0).then(k).otherwise(1) for k in range(2, 8)]
        ),
        "final phase differs from the phase events",
    )
    for rust, phase in (("rust2", "phase4"), ("rust3", "phase6"), ("rust4", "phase7")):
        bad(pl.col(f"{rust}_or") == pl.col(f"{phase}_or"), f"{rust} not on its phase")
    # one export at the end of every OR set from the one phase 2 started in, but not after
    # the last set (no depot runs dry before the game ends in practice: checked too)
    expected = (
        pl.when(pl.col("phase2_sr") > 0).then(pl.col("sets") - pl.col("phase2_sr")).otherwise(0)
    )
    bad((pl.col("exported") == expected) | (pl.col("depot_left") == 0), "export count is wrong")
    bad(
        pl.col("exported") == pl.sum_horizontal([f"exported_{t}" for t in TRAIN_NAMES]),
        "exports by type do not add up",
    )
    bad(
        pl.sum_horizontal([f"bought_{t}" for t in TRAIN_NAMES])
        + pl.col("exported")
        + pl.col("depot_left")
        == len(DEPOT),
        "depot trains do not add up",
    )
    # companies buy privates (P1-P5) only in phases 3-4, and trains across only from 3
    bad(
        (pl.col("privates_bought") <= 5)
        & ((pl.col("privates_bought") == 0) | (pl.col("phase3_or") >= 0)),
        "a private was bought outside phases 3-4",
    )
    bad(
        (pl.col("across_sister") + pl.col("across_other") == 0) | (pl.col("phase3_or") >= 0),
        "a train was bought across before phase 3",
    )
    bad((pl.col("p2_tile") == 0) | (pl.col("phase3_or") >= 0), "P2's tile before phase 3")
    bad(
        (pl.col("sbb_or") >= pl.col("phase5_or"))
        & (pl.col("sbb_or") <= pl.col("ors"))
        & ((pl.col("sbb_or") >= 0) == (pl.col("phase5_or") >= 0))
        | (pl.col("end_reason") == 2),
        "the SBB formed without a 5 (or not after one)",
    )
