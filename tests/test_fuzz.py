"""Property-based fuzzing of every command: any arguments, any data file.

Whatever the arguments and files, a command exits 0 or 2, never shows a traceback, and on exit 2
prints exactly one line ``tableodds: error: ...`` and creates nothing (the ``--out`` folder's
parent is unchanged).  The data files are the packaged ones and the score templates, mutated:
a value replaced by a wrong type or an extreme integer, a key added, removed or repeated, a list
entry duplicated, the text cut at a random byte, random or non-UTF-8 bytes; so most inputs get
past parsing and deep into validation.

The budget is fixed: every test draws a fixed number of examples from a derandomized search
(the same inputs on every run), with small game counts, so the file runs in about a minute.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import tempfile
import tomllib
from importlib import resources
from pathlib import Path

import click
from cli_helpers import cli_commands
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tableodds.analysis import registry
from tableodds.reports.cli import main
from tableodds.sim.registry import PACKAGES
from tableodds.sim.registry import game as game_spec

FUZZ = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
FEW = settings(FUZZ, max_examples=10)
DATA = settings(FUZZ, max_examples=15)

# --- the commands, as the CLI has them ---------------------------------------------------------


COMMANDS = cli_commands()
FUZZED: set[str] = set()  # the commands a test of this file fuzzes


def fuzzes(*keys: str):
    """Mark a test as fuzzing the commands ``keys`` (each a key of :data:`COMMANDS`)."""
    unknown = [k for k in keys if k not in COMMANDS]
    assert not unknown, f"no such commands: {unknown}"
    FUZZED.update(keys)
    return lambda test: test


def flags(key: str) -> set[str]:
    """The long flags the command takes (``--players``, ``--policies``, ...)."""
    return {o for p in COMMANDS[key].params if isinstance(p, click.Option) for o in p.opts}


# --- running a command ------------------------------------------------------------------------


def invoke(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(args)
            code = 0
        except SystemExit as e:
            code = e.code
    return code, out.getvalue(), err.getvalue()


def tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def check(args: list[str], root: Path) -> int:
    """Run ``args``; assert the contract; return the exit status."""
    before = tree(root)
    code, out, err = invoke(args)
    assert code in (0, 2), (args, code, err[-2000:])
    assert "Traceback" not in err, (args, err[-2000:])
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("tableodds: error: "), (args, err)
        assert tree(root) == before, (args, "created files on exit 2")
    return code


def fuzz_run(make_args):
    """Give ``make_args(root)`` a fresh folder holding the inputs; --out is root/out."""
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        args = make_args(root)
        return check(args, root)


# --- values ---------------------------------------------------------------------------------

EXTREME = [
    0,
    -1,
    1,
    2,
    3,
    5,
    7,
    13,
    10**6,
    10**6 + 1,
    2**31,
    2**63 - 1,
    2**63,
    2**64,
    10**20,
    -(10**20),
    -(2**63),
    -(2**63) - 1,
]
JUNK = ["", "x", "1.5", "1e3", "0x10", " 3", "nan", "-", "٣", "1_0", "\x00", "é", ",", "3,"]


def int_text(valid):
    """A flag's value: mostly ``valid`` integers, else extreme integers or junk text."""
    return st.one_of(valid.map(str), st.sampled_from(EXTREME).map(str), st.sampled_from(JUNK))


def leaf():
    """A value to put in a data file where another was."""
    return st.one_of(
        st.sampled_from(EXTREME),
        st.integers(-3, 20),
        st.booleans(),
        st.sampled_from([0.5, -1.0, math.inf, -math.inf, math.nan, 1e300]),
        st.text(max_size=6),
        st.just([]),
        st.just({}),
        st.lists(st.integers(-2, 12), max_size=4),
        st.sampled_from(
            [
                "Anna",
                "Bo",
                "L",
                "C",
                "R",
                "none",
                "for",
                "against",
                "town",
                "city",
                "painter",
                "office",
                "SBB",
                "P2",
                "sector",
                "normal",
                "team",
                "dissident",
            ]
        ),
    )


# --- a TOML writer (inline tables, so any nesting is valid TOML) -----------------------------


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return (
            "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
        )
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return (
            "{" + ", ".join(f"{json.dumps(str(k))} = {toml_value(x)}" for k, x in v.items()) + "}"
        )
    raise TypeError(type(v))


def toml_dumps(doc: dict) -> str:
    return "".join(f"{json.dumps(str(k))} = {toml_value(v)}\n" for k, v in doc.items())


def paths(doc, prefix=()):
    """Every (path to a container, key) in a parsed document."""
    items = doc.items() if isinstance(doc, dict) else enumerate(doc)
    for k, v in items:
        yield prefix, k
        if isinstance(v, (dict, list)):
            yield from paths(v, prefix + (k,))


def at(doc, path):
    for k in path:
        doc = doc[k]
    return doc


@st.composite
def mutated(draw, doc: dict, keep: tuple = ()) -> dict:
    """``doc`` (a parsed file) with up to three edits; keys in ``keep`` are left alone."""
    doc = json.loads(json.dumps(doc))  # a deep copy
    for _ in range(draw(st.integers(0, 3))):
        spots = [(p, k) for p, k in paths(doc) if not (p == () and k in keep)]
        if not spots:
            break
        path, key = draw(st.sampled_from(spots))
        box = at(doc, path)
        how = draw(st.sampled_from(["replace", "replace", "drop", "add", "dup"]))
        if how == "replace":
            box[key] = draw(leaf())
        elif how == "drop":
            del box[key]
        elif how == "add":
            if isinstance(box, dict):
                box[draw(st.sampled_from(["extra", "name", "Anna", "colour", "x y"]))] = draw(
                    leaf()
                )
            else:
                box.append(draw(leaf()))
        elif isinstance(box, list):
            box.append(json.loads(json.dumps(box[key])))
        elif isinstance(box[key], list) and box[key]:
            box[key].append(box[key][0])
    return doc


@st.composite
def file_bytes(draw, text: str, keep: tuple = (), toml: bool = True) -> bytes:
    """A data file made from the valid ``text``: mutated, cut, garbled or random."""
    kind = draw(st.sampled_from(["mutate"] * 5 + ["valid", "cut", "bytes", "latin1", "dupkey"]))
    raw = text.encode("utf-8")
    if kind == "valid":
        return raw
    if kind == "cut":
        return raw[: draw(st.integers(0, len(raw)))]
    if kind == "bytes":
        return draw(st.binary(max_size=64))
    if kind == "latin1":
        i = draw(st.integers(0, len(raw)))
        return raw[:i] + b"\xe9\xff" + raw[i:]
    if kind == "dupkey" and toml:
        lines = text.splitlines(keepends=True)
        i = draw(st.integers(0, len(lines) - 1))
        return "".join(lines[: i + 1] + [lines[i]] + lines[i + 1 :]).encode("utf-8")
    if not toml:
        return raw
    return toml_dumps(draw(mutated(tomllib.loads(text), keep))).encode("utf-8")


def packaged(package: str, name: str) -> str:
    return resources.files(package).joinpath(name).read_text("utf-8")


def template(game: str) -> str:
    code, out, _ = invoke([game, "score", "--template"])
    assert code == 0
    return out


TEMPLATES = {e.game: template(e.game) for e in registry.scores()}
DAVOSERJAS_CSV = "round,Anna,Bo,Cai,Dee\n1,3,4,2,4\n2,4,2,7,0\n3,5,10,0,5\n"


def put(root: Path, data: bytes, name: str = "in.toml") -> str:
    path = root / name
    path.write_bytes(data)
    return str(path)


# --- the simulation flags -------------------------------------------------------------------

POLICIES = [
    "random",
    "careful",
    "duck",
    "hold",
    "goal",
    "value",
    "shrewd",
    "greedy",
    "",
    "x",
    "random,random",
    "careful,random,random,random",
    ",",
    "random,,random",
]
VARIANTS = [
    "last-trick-only",
    "queen=3",
    "queen=x",
    "queen=10000000000000000000000",
    "queen=-1",
    "short",
    "fixed-turn",
    "turbo",
    "",
    "=",
    "x=1",
    "kabalen-strict",
]


PLAYER_COUNTS = st.integers(1, 8)


@st.composite
def run_flags(
    draw, players=PLAYER_COUNTS, policies=("--policy", "--policies"), variants=True
) -> list[str]:
    """Flags every simulation takes, each present or not; games stay small."""
    flags = [
        "-n",
        draw(
            st.one_of(
                st.integers(1, 30).map(str),
                st.sampled_from(["0", "-1", str(10**20), str(2**63), str(10**15 + 1), "x", ""]),
            )
        ),
        "-w",
        draw(
            st.one_of(
                st.just("1"), st.sampled_from(["0", "-1", "1025", str(10**20), str(2**63), "x"])
            )
        ),
    ]
    if draw(st.booleans()):
        flags += ["--players", draw(int_text(players))]
    if draw(st.booleans()):
        flags += ["--seed", draw(int_text(st.integers(0, 10)))]
    if draw(st.booleans()):
        flags += [
            "--chunk-size",
            draw(
                st.one_of(
                    st.integers(1, 40).map(str),
                    st.sampled_from(["0", "-1", str(2**20 + 1), str(10**20), str(2**63), "x"]),
                )
            ),
        ]
    if policies and draw(st.booleans()):
        flags += [
            draw(st.sampled_from(list(policies))),
            draw(st.sampled_from(POLICIES)),
        ]
    if variants:
        for v in draw(st.lists(st.sampled_from(VARIANTS), max_size=2)):
            flags += ["--variant", v]
    return flags


def out_flag(root: Path) -> list[str]:
    return ["--out", str(root / "out")]


def simulation_flags(key: str) -> dict:
    """``run_flags``'s keywords for the command, from its own options: player counts one
    beyond the game's range each side, its policy flags, --variant where it takes one."""
    players = game_spec(key.split(" ")[0]).players
    return dict(
        players=st.integers(players.start - 1, players.stop),
        policies=tuple(f for f in ("--policy", "--policies") if f in flags(key)),
        variants="--variant" in flags(key),
    )


def runs_on_flags(key: str) -> bool:
    """A game's simulation that needs nothing but flags: it takes --games and --players and
    has no required argument or option."""
    params = COMMANDS[key].params
    return (
        key.split(" ")[0] in PACKAGES
        and {"--games", "--players"} <= flags(key)
        and not any(p.required for p in params)
    )


# every simulation the CLI runs on flags alone, fuzzed on its flags
SIMULATIONS = {tuple(k.split(" ")): simulation_flags(k) for k in COMMANDS if runs_on_flags(k)}


def simulation_test(cmd, kw):
    fuzzes(" ".join(cmd))

    @FEW
    @given(flags=run_flags(**kw), json_=st.booleans(), out=st.booleans())
    def test(flags, json_, out):
        fuzz_run(
            lambda root: [
                *cmd,
                *flags,
                *(["--json"] if json_ else []),
                *(out_flag(root) if out else []),
            ]
        )

    test.__name__ = f"test_{'_'.join(cmd).replace('-', '_')}_flags"
    return test


for _cmd, _kw in SIMULATIONS.items():
    _t = simulation_test(_cmd, _kw)
    globals()[_t.__name__] = _t


# --- data file options ----------------------------------------------------------------------

DATA_OPTIONS = [
    (["davoserjas", "simulate"], "--rules", packaged("tableodds.sim.davoserjas", "rounds.toml")),
    (["davos", "goals"], "--cards", packaged("tableodds.sim.davos", "cards.toml")),
    (["borgia", "simulate"], "--cards", packaged("tableodds.sim.borgia", "cards.toml")),
    (["borgia", "election"], "--votes", packaged("tableodds.sim.borgia", "votes_example.toml")),
    (["boss", "simulate"], "--cards", packaged("tableodds.sim.boss", "deals.toml")),
    (["1844", "train-rush"], "--params", packaged("tableodds.sim.s1844", "params.toml")),
]


def data_option_test(cmd, option, text):
    fuzzes(" ".join(cmd))

    @DATA
    @given(data=file_bytes(text), out=st.booleans())
    def test(data, out):
        fuzz_run(
            lambda root: [
                *cmd,
                option,
                put(root, data),
                "-n",
                "5",
                "-w",
                "1",
                *(out_flag(root) if out else []),
            ]
        )

    test.__name__ = f"test_{cmd[0]}_{option.strip('-')}_file"
    return test


for _cmd, _opt, _text in DATA_OPTIONS:
    _t = data_option_test(_cmd, _opt, _text)
    globals()[_t.__name__] = _t


def score_test(game):
    fuzzes(f"{game} {registry.SCORE}")

    @FUZZ
    @given(data=file_bytes(TEMPLATES[game]), json_=st.booleans(), out=st.booleans())
    def test(data, json_, out):
        fuzz_run(
            lambda root: [
                game,
                "score",
                put(root, data),
                *(["--json"] if json_ else []),
                *(out_flag(root) if out else []),
            ]
        )

    test.__name__ = f"test_{game}_score_file"
    return test


for _game in TEMPLATES:
    _t = score_test(_game)
    globals()[_t.__name__] = _t


@st.composite
def csv_sheet(draw) -> bytes:
    kind = draw(st.sampled_from(["edit"] * 4 + ["valid", "cut", "bytes", "latin1"]))
    raw = DAVOSERJAS_CSV.encode()
    if kind == "valid":
        return raw
    if kind == "cut":
        return raw[: draw(st.integers(0, len(raw)))]
    if kind == "bytes":
        return draw(st.binary(max_size=64))
    if kind == "latin1":
        return raw.replace(b"Bo", b"B\xf6")
    rows = [line.split(",") for line in DAVOSERJAS_CSV.splitlines()]
    for _ in range(draw(st.integers(1, 3))):
        r = draw(st.integers(0, len(rows) - 1))
        how = draw(st.sampled_from(["cell", "cell", "droprow", "duprow", "addcell", "dropcell"]))
        if how == "cell" and rows[r]:
            c = draw(st.integers(0, len(rows[r]) - 1))
            rows[r][c] = str(
                draw(
                    st.one_of(
                        st.sampled_from(EXTREME),
                        st.sampled_from(JUNK),
                        st.sampled_from(["Anna", "round", "0", "4"]),
                    )
                )
            )
        elif how == "droprow" and len(rows) > 1:
            del rows[r]
        elif how == "duprow":
            rows.insert(r, list(rows[r]))
        elif how == "addcell":
            rows[r].append(draw(st.sampled_from(["1", "", "x", str(10**20)])))
        elif rows[r]:
            rows[r].pop()
    return "\n".join(",".join(row) for row in rows).encode("utf-8")


@fuzzes("davoserjas score")
@FUZZ
@given(data=csv_sheet(), out=st.booleans())
def test_davoserjas_score_csv(data, out):
    fuzz_run(
        lambda root: [
            "davoserjas",
            "score",
            put(root, data, "in.csv"),
            *(out_flag(root) if out else []),
        ]
    )


@fuzzes("davos vote")
@FUZZ
@given(data=file_bytes(packaged("tableodds.sim.davos", "example_parliament.toml")))
def test_davos_vote_file(data):
    fuzz_run(lambda root: ["davos", "vote", put(root, data), "--json"])


EXPORT = resources.files("tableodds.sim.s1844").joinpath("games/160062.json").read_text("utf-8")


@st.composite
def export_bytes(draw) -> bytes:
    kind = draw(st.sampled_from(["mutate"] * 4 + ["cut", "bytes", "latin1"]))
    raw = EXPORT.encode("utf-8")
    if kind == "cut":
        return raw[: draw(st.integers(0, len(raw)))]
    if kind == "bytes":
        return draw(st.binary(max_size=64))
    if kind == "latin1":
        return b"\xff" + raw
    doc = json.loads(EXPORT)
    top = draw(mutated({k: v for k, v in doc.items() if k != "actions"}))
    if "actions" in doc and draw(st.booleans()):
        actions = list(doc["actions"])
        cut = draw(st.integers(0, len(actions)))
        top["actions"] = actions[:cut]
        if actions and draw(st.booleans()):
            i = draw(st.integers(0, len(top["actions"]) or 1) if top["actions"] else st.just(0))
            if top["actions"]:
                i = min(i, len(top["actions"]) - 1)
                top["actions"][i] = draw(mutated(top["actions"][i]))
    elif "actions" in doc:
        top["actions"] = doc["actions"]
    return json.dumps(top, allow_nan=True).encode("utf-8")


@fuzzes("1844 compare")
@FEW
@given(
    data=export_bytes(),
    players=st.one_of(st.none(), int_text(st.integers(2, 8))),
    out=st.booleans(),
)
def test_1844_compare_file(data, players, out):
    fuzz_run(
        lambda root: [
            "1844",
            "compare",
            put(root, data, "game.json"),
            "-n",
            "3",
            "-w",
            "1",
            *(["--players", players] if players is not None else []),
            *(out_flag(root) if out else []),
        ]
    )


@fuzzes("1844 replay")
@FEW
@given(data=export_bytes(), at=st.one_of(st.none(), int_text(st.integers(-1, 20))))
def test_1844_replay_file(data, at):
    fuzz_run(
        lambda root: [
            "1844",
            "replay",
            put(root, data, "game.json"),
            "--check",
            *(["--at", at] if at is not None else []),
        ]
    )


# Every field of the export, mutated by its type, its range and what it refers to: each draw
# edits one field of one action (or of one of its automatic actions), the players or the
# result of a recorded game, and the reading must end in a clean line or a normal answer.
GAME = json.loads(EXPORT)
NAMES = ["NOB", "SBB", "P1", "B2", "T5", "2-0", "8-3", "3H", "payout", "withhold"]
BY_TYPE = [None, True, 0.5, math.inf, -math.inf, math.nan, "", "x", "12", [], [1], {}, {"a": 1}]
BY_RANGE = [-1, -90, 0, 2**31, 2**63, 10**20, -(10**20)]
BY_REFERENCE = [999, -1, "XYZ", "nob", " NOB", "P9", "B6", "9-1", "2-", "2H-1", "8H", "half"]


def _player_ids():
    return [p["id"] for p in GAME["players"]]


@st.composite
def export_field(draw) -> bytes:
    doc = json.loads(EXPORT)
    where = draw(st.sampled_from(["action"] * 6 + ["auto", "players", "result"]))
    if where == "players":
        keep = draw(st.integers(0, len(doc["players"]) - 1))
        doc["players"] = doc["players"][:keep] + doc["players"][keep + 1 :]
        if draw(st.booleans()):  # the result left as it was, or cut to the players kept
            ids = {str(p["id"]) for p in doc["players"]}
            doc["result"] = {k: v for k, v in doc["result"].items() if k in ids}
        return json.dumps(doc).encode("utf-8")
    if where == "result":
        box, key = doc["result"], draw(st.sampled_from(sorted(doc["result"]) + ["999"]))
    else:
        i = draw(st.integers(0, len(doc["actions"]) - 1))
        box = doc["actions"][i]
        if where == "auto":
            with_auto = [a for a in doc["actions"] if a.get("auto_actions")]
            box = draw(st.sampled_from(with_auto))["auto_actions"][0]
        key = draw(st.sampled_from(sorted(box) + ["type", "id", "entity", "price", "routes"]))
        if key == "routes" and isinstance(box.get("routes"), list) and box["routes"]:
            box, key = box["routes"][0], draw(st.sampled_from(["train", "revenue"]))
    how = draw(st.sampled_from(["type", "range", "reference", "drop"]))
    if how == "drop":
        box.pop(key, None)
    else:
        pool = {"type": BY_TYPE, "range": BY_RANGE, "reference": BY_REFERENCE + NAMES}[how]
        box[key] = draw(st.sampled_from(pool + (_player_ids() if how == "reference" else [])))
    return json.dumps(doc, allow_nan=True).encode("utf-8")


@fuzzes("1844 compare", "1844 forecast")
@FUZZ
@given(
    data=export_field(),
    command=st.sampled_from(
        [["compare"], ["forecast", "--at", "6"], ["forecast", "--at", "6", "--method", "position"]]
    ),
)
def test_1844_export_fields(data, command):
    fuzz_run(lambda root: ["1844", *command, put(root, data, "game.json"), "-n", "3", "-w", "1"])


# --- davoserjas hand, boss deal -------------------------------------------------------------

DECK = [r + s for s in "CDHS" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J"]]
DECK += [r + s for s in "CDHS" for r in "QKA"]
JUNK_CARDS = ["1S", "11H", "ZZ", "as", "", "2C", "10", "AS AH"]


@st.composite
def hand_cards(draw) -> list[str]:
    """A hand of the 4-player deal (13 cards), mostly: or one cut, grown, with a repeated or a
    junk card, or junk alone."""
    cards = draw(st.permutations(DECK))[:13]
    how = draw(st.sampled_from(["valid", "valid", "cut", "grow", "junk", "repeat", "noise"]))
    if how == "cut":
        cards = cards[: draw(st.integers(0, 12))]
    elif how == "grow":
        cards = draw(st.permutations(DECK))[: draw(st.integers(14, 20))]
    elif how == "junk":
        cards[draw(st.integers(0, 12))] = draw(st.sampled_from(JUNK_CARDS))
    elif how == "repeat":
        cards[1] = cards[0]
    elif how == "noise":
        cards = draw(st.lists(st.sampled_from(JUNK_CARDS + DECK[:4]), max_size=15))
    return cards


DEAL = invoke(["boss", "deal", "--template"])[1]


@fuzzes("davoserjas hand")
@FEW
@given(
    cards=hand_cards(),
    flags=run_flags(players=st.integers(3, 5), policies=()),
    round_=st.one_of(st.none(), int_text(st.integers(0, 7))),
    seat=st.one_of(st.none(), int_text(st.integers(-1, 7))),
)
def test_davoserjas_hand(cards, flags, round_, seat):
    fuzz_run(
        lambda root: [
            "davoserjas",
            "hand",
            *flags,
            *(["--round", round_] if round_ is not None else []),
            *(["--seat", seat] if seat is not None else []),
            "--",
            *cards,
        ]
    )


@fuzzes("boss deal")
@FUZZ
@given(
    data=file_bytes(DEAL),
    boss=st.one_of(st.none(), st.sampled_from(["Lotte", "Daan", "x", ""])),
    threats=st.booleans(),
    variants=st.lists(st.sampled_from(["two-player-rules", "two-player-sixth", "x"]), max_size=2),
    out=st.booleans(),
)
def test_boss_deal_file(data, boss, threats, variants, out):
    def args(root):
        a = ["boss", "deal", put(root, data), "--threats" if threats else "--no-threats"]
        a += ["--boss", boss] if boss is not None else []
        for v in variants:
            a += ["--variant", v]
        return a + (out_flag(root) if out else [])

    fuzz_run(args)


# --- borgia conquest, cheatsheet, report ----------------------------------------------------


def strengths():
    item = st.one_of(
        st.integers(-2, 7).map(str), st.sampled_from(EXTREME).map(str), st.sampled_from(JUNK)
    )
    return st.lists(item, max_size=5).map(",".join)


def defence():
    part = st.tuples(
        st.sampled_from(["city", "family", "town", "x", "", "city"]),
        st.one_of(
            st.integers(-1, 6).map(str), st.sampled_from(EXTREME).map(str), st.sampled_from(JUNK)
        ),
    )
    return st.lists(part.map("=".join) | st.sampled_from(JUNK), max_size=3).map(",".join)


@fuzzes("borgia conquest")
@FUZZ
@given(
    attack=strengths(),
    hand=st.one_of(st.none(), strengths()),
    defend=st.one_of(st.none(), defence()),
    attacker=st.sampled_from([None, "all", "none", "random", "one", "strongest", "x"]),
    trials=int_text(st.integers(0, 30)),
    out=st.booleans(),
)
def test_borgia_conquest(attack, hand, defend, attacker, trials, out):
    def args(root):
        a = ["borgia", "conquest", "--attack", attack, "-n", trials, "-w", "1"]
        a += ["--hand", hand] if hand is not None else []
        a += ["--defend", defend] if defend is not None else []
        a += ["--attacker", attacker] if attacker is not None else []
        return a + (out_flag(root) if out else [])

    fuzz_run(args)


@fuzzes("cheatsheet")
@FEW
@given(
    game=st.sampled_from(["davoserjas", "davos", "1844", "borgia", "boss", "all", "x", ""]),
    variants=st.lists(st.sampled_from(VARIANTS), min_size=1, max_size=2),
    seed=st.one_of(st.none(), int_text(st.integers(0, 3))),
    paper=st.sampled_from([None, "a4", "letter", "A5", ""]),
)
def test_cheatsheet(game, variants, seed, paper):
    def args(root):
        a = ["cheatsheet", game, *out_flag(root)]
        for v in variants:
            a += ["--variant", v]
        a += ["--seed", seed] if seed is not None else []
        return a + (["--paper", paper] if paper is not None else [])

    fuzz_run(args)


# Only scales a report refuses at once: a valid scale runs every analysis, which is no fuzz
# budget; the valid report is tested in test_protocol.
BAD_SCALES = [
    "0",
    "-1",
    "-0.0",
    "nan",
    "inf",
    "-inf",
    "x",
    "",
    "1e400",
    "1e20",
    "1e300",
    "1,5",
    str(10**20),
    "0x1",
]


@fuzzes("report")
@FEW
@given(
    scale=st.sampled_from(BAD_SCALES),
    seed=st.one_of(st.none(), int_text(st.integers(0, 3))),
    workers=st.one_of(st.none(), int_text(st.just(1))),
)
def test_report_scale(scale, seed, workers):
    def args(root):
        a = ["report", "--scale", scale, *out_flag(root)]
        a += ["--seed", seed] if seed is not None else []
        return a + (["--workers", workers] if workers is not None else [])

    code = fuzz_run(args)
    assert code == 2


# --- every command is fuzzed ----------------------------------------------------------------

# the commands no test here fuzzes, and why
NOT_FUZZED = {
    "cache": "takes no input but --prune",
}


def data_files() -> set[tuple[str, str]]:
    """(game, flag) of every data-file option of the game commands (``--cards FILE``)."""
    return {
        (key.split(" ")[0], o)
        for key, c in COMMANDS.items()
        for p in c.params
        if isinstance(p, click.Option) and isinstance(p.type, click.Path) and not p.type.dir_okay
        for o in p.opts
        if o.startswith("--")
    }


def test_every_command_is_fuzzed():
    assert set(COMMANDS) - FUZZED == set(NOT_FUZZED)
    assert not FUZZED & set(NOT_FUZZED)


def test_every_data_file_option_is_fuzzed():
    assert {(cmd[0], option) for cmd, option, _ in DATA_OPTIONS} == data_files()
