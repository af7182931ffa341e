"""Score a Borgia game: victory points of every turn's scoring, summed.

Each turn (seed): 1 VP per full 10 D in hand, 10 VP for the newly elected pope,
and the printed VP of every office and artist held; cities score their VP only
where the deck's ``city_vp`` setting (or the record's ``cities_score``) says so.
Card VP come from the deck file: the packaged defaults, or ``cards = FILE``.
"""

from __future__ import annotations

from pathlib import Path

from tableodds.sim.borgia.rules import CASH_PER_VP, POPE_VP, load_deck
from tableodds.sim.core.data import unknown_keys
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.scoring import PlayerScore, Scores, need, read_toml, unique_names

TEMPLATE = """\
# Borgia scoring: what each player held at each turn's scoring, turns in order.
# Card names are those of the deck file (the packaged one unless cards = "FILE").
# cards = "my-deck.toml"
# cities_score = true     # override the deck's city_vp setting

[[players]]
name = "Anna"
[[players.turns]]
cash = 87
pope = true
offices = []
artists = ["painter"]
cities = ["town"]
[[players.turns]]
cash = 64
offices = ["office"]
artists = ["painter"]
cities = ["town", "city"]
[[players.turns]]
cash = 120
offices = ["office"]
artists = ["painter", "sculptor"]
cities = ["town", "city"]

[[players]]
name = "Bo"
[[players.turns]]
cash = 130
offices = ["office", "minor office"]
[[players.turns]]
cash = 105
pope = true
[[players.turns]]
cash = 150
pope = true
offices = []
artists = ["painter"]

[[players]]
name = "Cai"
[[players.turns]]
cash = 95
offices = ["minor office"]
cities = ["capital"]
[[players.turns]]
cash = 140
offices = ["minor office", "office"]
cities = ["capital"]
[[players.turns]]
cash = 90
offices = ["minor office", "office"]
cities = ["capital"]
"""

KINDS = {"offices": "office", "artists": "artist", "cities": "city"}


def load(path: Path) -> dict:
    path = Path(path)
    data = read_toml(path)
    unknown_keys(data, ("cards", "cities_score", "players"), "record")
    cards = data.get("cards")
    deck = load_deck(
        (path.parent / need(data, "cards", "record", str)).resolve() if cards is not None else None
    )
    cities = need(data, "cities_score", "record", bool, default=deck.city_vp)
    raw = need(data, "players", "record", list)
    if not 3 <= len(raw) <= 5:
        raise InputError(f"Borgia is for 3-5 players, the record lists {len(raw)}")
    vp = {}  # (type, name) -> printed VP
    available = {}
    for c in deck.cards:
        vp[(c.type, c.name)] = c.vp
        available[(c.type, c.name)] = available.get((c.type, c.name), 0) + 1
    players = []
    for i, p in enumerate(raw, start=1):
        if not isinstance(p, dict):
            raise InputError(f"players[{i}] must be a table")
        name = need(p, "name", f"players[{i}]", str)
        unknown_keys(p, ("name", "turns"), f"players.{name}")
        turns = []
        for t, turn in enumerate(need(p, "turns", f"players.{name}", list), start=1):
            w = f"players.{name}.turns[{t}]"
            if not isinstance(turn, dict):
                raise InputError(f"{w} must be a table")
            unknown_keys(turn, ("cash", "pope", "offices", "artists", "cities"), w)
            row = {"cash": need(turn, "cash", w, int), "pope": need(turn, "pope", w, bool, False)}
            if row["cash"] < 0:
                raise InputError(f"{w}.cash cannot be negative")
            for key, ctype in KINDS.items():
                names = need(turn, key, w, list, [], items=str)
                for n in names:
                    if (ctype, n) not in vp:
                        known = sorted({nm for (ty, nm) in vp if ty == ctype})
                        raise InputError(
                            f"{w}.{key}: no {ctype} card named {n!r} in "
                            f"{deck.source}; choose from {', '.join(known)}"
                        )
                row[key] = names
            turns.append(row)
        if len(turns) > deck.turns:
            raise InputError(f"players.{name} has {len(turns)} turns; the game has {deck.turns}")
        players.append({"name": name, "turns": turns})
    unique_names([p["name"] for p in players], "record.players")
    played = {len(p["turns"]) for p in players}
    if len(played) > 1:
        raise InputError("every player needs the same number of turns scored")
    for t in range(played.pop()):
        popes = [p["name"] for p in players if p["turns"][t]["pope"]]
        if len(popes) != 1:
            raise InputError(f"turn {t + 1}: exactly one player is the new pope, not {len(popes)}")
        for key, ctype in KINDS.items():
            held = {}
            for p in players:
                for n in p["turns"][t][key]:
                    held[n] = held.get(n, 0) + 1
            for n, k in held.items():
                if k > available[(ctype, n)]:
                    raise InputError(
                        f"turn {t + 1}: {k} {ctype} cards {n!r} held, the deck "
                        f"has {available[(ctype, n)]}"
                    )
    return {"players": players, "vp": vp, "cities_score": cities, "turns": deck.turns}


def score(record: dict) -> Scores:
    vp = record["vp"]
    rows = []
    for p in record["players"]:
        comps = {"cash": 0, "pope": 0, "offices": 0, "artists": 0, "cities": 0}
        for turn in p["turns"]:
            comps["cash"] += turn["cash"] // CASH_PER_VP
            comps["pope"] += POPE_VP * turn["pope"]
            for key, ctype in KINDS.items():
                if key != "cities" or record["cities_score"]:
                    comps[key] += sum(vp[(ctype, n)] for n in turn[key])
        rows.append(PlayerScore(p["name"], comps, sum(comps.values())))
    played = len(record["players"][0]["turns"])
    notes = (
        []
        if played == record["turns"]
        else [f"partial game: turns 1-{played} of {record['turns']} scored"]
    )
    if not record["cities_score"]:
        notes.append(
            "cities score no VP (the rulebook's reading; set cities_score = true to count them)"
        )
    return Scores("borgia", tuple(rows), notes=tuple(notes))
