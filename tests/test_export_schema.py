"""An 18xx.games export is read against its declared schema (sim/s1844/export_schema.py).

Each case is one kind of bad export, made from a copy of a recorded game with one field
changed; the old reader gave a traceback or read it as a game.  Each is refused in one line
naming the action, the field and what it must be.
"""

from __future__ import annotations

import copy
import json

import pytest
from cli_helpers import run_cli

from tableodds.sim.core.errors import InputError
from tableodds.sim.s1844.export import read_export, read_timeline, recorded_games

GAMES = {p.stem: json.loads(p.read_text("utf-8")) for p in recorded_games()}


def first(doc, kind, key=None):
    return next(a for a in doc["actions"] if a["type"] == kind and (key is None or key in a))


def put(doc, kind, key, value, has=None):
    first(doc, kind, has)[key] = value


def oversell(doc):
    a = first(doc, "sell_shares")
    a["shares"], a["percent"] = a["shares"] * 5, a["percent"] * 5


def without_two_players(doc):
    doc["players"] = doc["players"][:-2]
    doc["result"] = {k: v for k, v in doc["result"].items() if int(k) in _ids(doc)}


def _ids(doc):
    return {p["id"] for p in doc["players"]}


def mixed_ids(doc):
    doc["actions"][5]["id"] = str(doc["actions"][5]["id"])


def sixth_token(doc):
    """FNM (par 100: five tokens, its home the first) places a fifth token beyond its home."""
    i = max(
        i
        for i, a in enumerate(doc["actions"])
        if a["type"] == "place_token" and a["entity"] == "FNM"
    )
    extra = copy.deepcopy(doc["actions"][i])
    extra["id"], extra["city"] = 900000, "X1-0-0"
    extra.pop("auto_actions", None)
    doc["actions"].insert(i + 1, extra)


def more_trains(doc, ids):
    """Trains bought from the depot beyond its cards, in the first buyer's turn."""
    i = next(i for i, a in enumerate(doc["actions"]) if a["type"] == "buy_train")
    for k, tid in enumerate(ids):
        extra = copy.deepcopy(doc["actions"][i])
        extra["id"], extra["train"], extra["entity"] = 900100 + k, tid, "SCB"
        doc["actions"].insert(i + 1 + k, extra)


# kind -> (edit of 160062, what the line must say)
KINDS = {
    "routes int": (lambda d: put(d, "run_routes", "routes", 3), r"\(run_routes\): routes 3 is"),
    "routes str": (lambda d: put(d, "run_routes", "routes", "abc"), "routes 'abc' is not"),
    "auto_actions int": (
        lambda d: put(d, "lay_tile", "auto_actions", 3, "auto_actions"),
        "auto_actions 3 is not a list of actions",
    ),
    "auto_actions str": (
        lambda d: put(d, "lay_tile", "auto_actions", "x", "auto_actions"),
        "auto_actions 'x' is not",
    ),
    "entity list": (lambda d: put(d, "bid", "entity", [1]), r"entity \[1\] is not an entity"),
    "unknown player": (lambda d: put(d, "bid", "entity", 999), "entity 999 is not a player"),
    "extra_revenue x": (
        lambda d: put(d, "run_routes", "extra_revenue", "x"),
        r"extra_revenue 'x' is not a revenue \(an integer\)",
    ),
    "bid Infinity": (lambda d: put(d, "bid", "price", float("inf")), "price inf is not a bid"),
    "result Infinity": (
        lambda d: d["result"].__setitem__("2363", float("inf")),
        "result inf of player 2363 is not a final value",
    ),
    "price past a C long": (
        lambda d: put(d, "buy_train", "price", 2**70),
        r"price \d+ is not a train price \(<= 2147483647\)",
    ),
    "negative train price": (
        lambda d: put(d, "buy_train", "price", -90),
        r"action \d+ \(buy_train\): price -90 is not a train price \(>= 0\)$",
    ),
    "mixed action ids": (mixed_ids, r"id '\d+' is not an action id"),
    "no type": (
        lambda d: first(d, "lay_tile", "auto_actions")["auto_actions"][0].pop("type"),
        "an automatic action is not an object with a 'type'",
    ),
    "par without corporation": (
        lambda d: first(d, "par").pop("corporation"),
        r"\(par\): no corporation",
    ),
    "unknown corporation": (
        lambda d: put(d, "par", "corporation", "XYZ"),
        "corporation 'XYZ' is not a corporation of 1844",
    ),
    "corporation by case": (lambda d: put(d, "par", "corporation", "nob"), "did you mean 'NOB'"),
    "unknown company": (lambda d: put(d, "bid", "company", "P9"), "'P9' is not a company"),
    "unknown train": (lambda d: put(d, "buy_train", "train", "9-1"), "'9-1' is not a train"),
    "unknown variant": (lambda d: put(d, "buy_train", "variant", "9H"), "'9H' is not a train"),
    "unknown corporation entity": (
        lambda d: put(d, "buy_train", "entity", "XYZ"),
        "entity 'XYZ' is not a corporation",
    ),
    "more shares sold than held": (oversell, "sells [A-Za-z]+ shares it does not hold"),
    "two players removed": (without_two_players, r"entity \d+ is not a player of this game"),
    "a 6th token": (
        sixth_token,
        r"\(place_token\): FNM places its token 6 \(its home the first\), but its charter has 5",
    ),
    "a train card past the title's": (
        lambda d: more_trains(d, ["2-20"]),
        r"train '2-20' is not a train of 1844 \(the 2s are 2-0 to 2-12\)",
    ),
    "more trains than the depot has": (
        lambda d: more_trains(d, ["2-11", "2-12"]),
        r"\(buy_train\): \w+ buys \d-\d+ from the depot, but no \d train is left in it",
    ),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_field_that_breaks_the_schema_is_refused_in_one_line(kind):
    doc = copy.deepcopy(GAMES["160062"])
    edit, says = KINDS[kind]
    edit(doc)
    with pytest.raises(InputError, match=r"^160062\.json: .*" + says):
        read_timeline(doc, "160062.json")


@pytest.mark.parametrize(
    "command",
    [["compare"], ["forecast", "--at", "5"], ["forecast", "--at", "5", "--method", "position"]],
)
def test_a_seven_player_export_with_two_players_removed(command, tmp_path, capsys):
    doc = copy.deepcopy(GAMES["202933"])
    without_two_players(doc)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), "utf-8")
    code, out, err = run_cli(["1844", *command, str(path), "-n", "3", "-w", "1"], capsys)
    assert code == 2 and out == "", (code, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "is not a player of this game" in lines[0], err


@pytest.mark.parametrize("game", sorted(GAMES))
def test_what_the_schema_leaves_open_reads_as_before(game, tmp_path):
    """An action type the reader does not read, a field it does not use, an action without
    an id: the site's exports have them, and they read exactly as the game itself."""
    doc = copy.deepcopy(GAMES[game])
    doc["actions"].insert(3, {"type": "message", "entity": 1, "message": [1, {"a": None}]})
    doc["actions"][4]["new_field"] = {"x": [1, 2]}
    doc["actions"][6].pop("id", None)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), "utf-8")
    [plain] = [p for p in recorded_games() if p.stem == game]
    assert read_export(path).as_dict() == read_export(plain).as_dict()


def test_a_byte_order_mark_and_not_json(tmp_path):
    [plain] = [p for p in recorded_games() if p.stem == "160062"]
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes())
    assert read_export(path).as_dict() == read_export(plain).as_dict()
    path.write_bytes(plain.read_bytes().replace(b'"price":20', b'"price":Infinity', 1))
    with pytest.raises(InputError, match="not an 18xx.games export"):
        read_export(path)


@pytest.mark.parametrize("depth", [65, 100_000])
def test_an_export_nested_too_deep_is_refused(depth, tmp_path):
    path = tmp_path / "deep.json"
    [plain] = [p for p in recorded_games() if p.stem == "160062"]
    deep = b"[" * (depth - 1) + b"]" * (depth - 1)  # the top level is one
    path.write_bytes(plain.read_bytes()[:-1] + b', "deep": ' + deep + b"}")
    with pytest.raises(InputError, match="nested more than 64 levels deep"):
        read_export(path)
    path.write_bytes(plain.read_bytes()[:-1] + b', "deep": ' + deep[1:-1] + b"}")
    if depth == 65:  # 64 levels: read as the game
        assert read_export(path).as_dict() == read_export(plain).as_dict()
