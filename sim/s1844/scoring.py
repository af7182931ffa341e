"""Score a finished 1844 game: cash + shares at market price + activated mountain railways
and tunnel companies − debt; private companies count nothing.

A share is worth the corporation's price per share unit (25% pre-SBB, 20% regional,
10% historical, 5% SBB; the director's certificate is two units).  Only
corporations that have IPO'd have a price.  Holdings are checked: known
corporations, whole share units, at most 100% across players and pool, no
more in the pool than its limit (but the SBB's, which the merger fills), no
pre-SBB shares beside SBB shares (the merger closed them), prices on the market
grid and a regional's at most its cap, and the certificate limit for the player
count (privates, mountain railways and tunnel companies do not count toward it).
Every cap and limit is the simulator's, from ``rules.py``.
"""

from __future__ import annotations

from pathlib import Path

from tableodds.sim.core.data import unknown_keys
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.scoring import PlayerScore, Scores, need, read_toml, unique_names
from tableodds.sim.s1844.rules import (
    CERT_LIMIT,
    CORPS,
    CTYPE,
    MOUNTAIN_VALUE,
    NMOUNTAIN,
    NTUNNEL,
    PLAYERS,
    POOL_LIMIT_PCT,
    PRE,
    PRICE,
    REGIONAL,
    REGIONAL_PRICE_CAP,
    SBB_TYPE,
    TUNNEL_VALUE,
    TYPE_NAMES,
    UNITS,
)

PRIVATES = ("P1", "P2", "P3", "P4", "P5", "P6", "P7")
GRID_PRICES = frozenset(int(p) for p in PRICE.flat if p)

TEMPLATE = """\
# 1844: Schweiz final scoring, one [[players]] table per player (3-7).
# Shares are in percent; prices are per share unit, as on the market.

[prices]          # current market price of every corporation that has IPO'd
SBB = 120
RhB = 100
BLS = 80
JN = 70

[pool]            # shares in the market pool, in percent
BLS = 20

[[players]]
name = "Anna"
cash = 1250
debt = 0
shares = { SBB = 30, RhB = 60 }
mountain_railways = 1            # activated ones, 150 each
tunnel_companies = 1             # activated ones, 50 each
inactive_mountain_railways = 0   # not yet activated: worth 0
inactive_tunnel_companies = 0
privates = ["P2"]                # count nothing

[[players]]
name = "Bo"
cash = 980
shares = { SBB = 25, BLS = 50 }

[[players]]
name = "Cai"
cash = 1420
shares = { SBB = 15, RhB = 20, JN = 60 }
tunnel_companies = 2

[[players]]
name = "Dee"
cash = 600
debt = 150
shares = { SBB = 10, BLS = 20, JN = 40, RhB = 10 }
mountain_railways = 2
"""


def _unit_pct(corp: int) -> int:
    return 100 // int(UNITS[CTYPE[corp]])


def _holdings(table, where: str) -> dict[int, int]:
    if not isinstance(table, dict):
        raise InputError(f"{where} must be a table like {{ SBB = 20 }}")
    out = {}
    for sym, pct in table.items():
        if sym not in CORPS:
            raise InputError(f"{where}.{sym}: no such corporation; choose from {', '.join(CORPS)}")
        c = CORPS.index(sym)
        pct = need(table, sym, where, int)
        if pct <= 0 or pct % _unit_pct(c):
            raise InputError(f"{where}.{sym} = {pct}%: {sym} shares come in {_unit_pct(c)}% units")
        out[c] = pct
    return out


def load(path: Path) -> dict:
    data = read_toml(path)
    unknown_keys(data, ("prices", "pool", "players"), "record")
    raw = need(data, "players", "record", list)
    n = len(raw)
    if n not in PLAYERS:
        raise InputError(f"1844 is for 3-7 players, the record lists {n}")
    prices = {}
    for sym, price in need(data, "prices", "record", dict, default={}).items():
        if sym not in CORPS:
            raise InputError(f"prices.{sym}: no such corporation; choose from {', '.join(CORPS)}")
        price = need(data["prices"], sym, "prices", int)
        if price not in GRID_PRICES:
            raise InputError(f"prices.{sym} = {price} is not a price on the market grid")
        if CTYPE[CORPS.index(sym)] == REGIONAL and price > REGIONAL_PRICE_CAP:
            raise InputError(
                f"prices.{sym} = {price}: a regional's share price is capped at "
                f"{REGIONAL_PRICE_CAP} ('De aandelenkoers van de Regionale maatschappijen is "
                f"begrensd op {REGIONAL_PRICE_CAP} SFR')"
            )
        prices[CORPS.index(sym)] = price
    pool = _holdings(data.get("pool", {}), "pool")
    for c, pct in pool.items():
        if CTYPE[c] != SBB_TYPE and pct > POOL_LIMIT_PCT:
            raise InputError(
                f"pool.{CORPS[c]} = {pct}%: the market pool holds at most {POOL_LIMIT_PCT}% of "
                f"a {TYPE_NAMES[CTYPE[c]]} corporation"
            )
    players = []
    for i, p in enumerate(raw, start=1):
        if not isinstance(p, dict):
            raise InputError(f"players[{i}] must be a table")
        name = need(p, "name", f"players[{i}]", str)
        w = f"players.{name}"
        unknown_keys(
            p,
            (
                "name",
                "cash",
                "debt",
                "shares",
                "mountain_railways",
                "tunnel_companies",
                "inactive_mountain_railways",
                "inactive_tunnel_companies",
                "privates",
            ),
            w,
        )
        row = {
            "name": name,
            "cash": need(p, "cash", w, int),
            "debt": need(p, "debt", w, int, 0),
            "shares": _holdings(p.get("shares", {}), f"{w}.shares"),
        }
        for key in (
            "mountain_railways",
            "tunnel_companies",
            "inactive_mountain_railways",
            "inactive_tunnel_companies",
        ):
            row[key] = need(p, key, w, int, 0)
        for key in (
            "cash",
            "debt",
            "mountain_railways",
            "tunnel_companies",
            "inactive_mountain_railways",
            "inactive_tunnel_companies",
        ):
            if row[key] < 0:
                raise InputError(f"{w}.{key} cannot be negative")
        row["privates"] = need(p, "privates", w, list, [], items=str)
        players.append(row)
    unique_names([p["name"] for p in players], "record.players")
    _validate(players, pool, prices)
    return {"players": players, "prices": prices, "pool": pool}


def _validate(players, pool, prices) -> None:
    n = len(players)
    held = {}
    for owner in [pool] + [p["shares"] for p in players]:
        for c, pct in owner.items():
            held[c] = held.get(c, 0) + pct
    for c, pct in held.items():
        if pct > 100:
            raise InputError(f"{CORPS[c]}: players and pool hold {pct}%, more than 100%")
        if c not in prices:
            raise InputError(
                f"{CORPS[c]} shares are held but prices.{CORPS[c]} is missing "
                "(only corporations that have IPO'd count)"
            )
    sbb = [c for c in held if CTYPE[c] == SBB_TYPE]
    pre = [c for c in held if CTYPE[c] == PRE]
    if sbb and pre:
        raise InputError(
            f"{CORPS[pre[0]]} shares beside SBB shares: the SBB merger closed "
            "every pre-SBB corporation"
        )
    for key, limit, label in (
        ("mountain_railways", NMOUNTAIN, "mountain railways"),
        ("tunnel_companies", NTUNNEL, "tunnel companies"),
    ):
        total = sum(p[key] + p["inactive_" + key] for p in players)
        if total > limit:
            raise InputError(f"the players hold {total} {label}; the game has {limit}")
    seen = {}
    for p in players:
        for priv in p["privates"]:
            if priv not in PRIVATES:
                raise InputError(
                    f"players.{p['name']}.privates: no private {priv!r}; "
                    f"choose from {', '.join(PRIVATES)}"
                )
            if priv in seen:
                raise InputError(f"private {priv} is held by {seen[priv]} and {p['name']}")
            seen[priv] = p["name"]
    # The largest holder (at least two units) holds the director's certificate,
    # which is two units on one certificate.
    director = {}
    for c in held:
        best = max(players, key=lambda p: p["shares"].get(c, 0))
        if best["shares"].get(c, 0) >= 2 * _unit_pct(c):
            director[c] = best["name"]
    for p in players:
        certs = 0
        for c, pct in p["shares"].items():
            units = pct // _unit_pct(c)
            if director.get(c) == p["name"]:
                units -= 1
            if CTYPE[c] == SBB_TYPE:  # SBB also has four 10% certificates: count the fewest
                units -= min(4, units // 2)
            certs += units
        if certs > CERT_LIMIT[n]:
            raise InputError(
                f"{p['name']} holds {certs} certificates; the {n}-player limit is {CERT_LIMIT[n]}"
            )


def score(record: dict) -> Scores:
    prices = record["prices"]
    rows = []
    for p in record["players"]:
        shares = sum(pct // _unit_pct(c) * prices[c] for c, pct in p["shares"].items())
        comps = {
            "cash": p["cash"],
            "shares": shares,
            "mountains": MOUNTAIN_VALUE * p["mountain_railways"],
            "tunnels": TUNNEL_VALUE * p["tunnel_companies"],
            "privates": 0,
            "debt": -p["debt"],
        }
        rows.append(PlayerScore(p["name"], comps, sum(comps.values())))
    return Scores("1844", tuple(rows))
