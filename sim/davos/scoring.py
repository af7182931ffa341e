"""Score a finished Davos game: goals, categories, failed goals, victory tokens.

Per player (seed, "Eindtelling"): +1 per achieved goal, +1 per distinct category
achieved, -1 per failed goal, +1 per victory token (Big Game).  Victory tokens exist
only in the Big Game and lie only on revealed goals: 1 the first time a revealed goal is met
again, 2 more the second time, so at most 3 per revealed goal.  Tie-break: most
assets on the board; still tied, the tied players draw goals (left to the table).
Team variant: a team pools its goals, so a category counts once per team.
Dissident variant: the dissident players take every failed goal of the others as
achieved goals of their own (with categories), and those goals cost their owners
nothing.

A sheet the table could not have produced is refused in one line: tokens outside the Big
Game, on an unrevealed goal, or other than 0, 1 or 3 on a goal (a player's total must be such
a sum over its revealed goals); a team not of two ("teams van twee"); a dissident count other
than the rulebook's (one for 3-5 players, a team of two for 6 and 8, one super dissident for 7),
and with 6-8 players in the dissident variant the others not in teams of two; a goal that is
not the deck's (a card name or a category no card has, the card's category given otherwise,
a Mean Game card outside the Mean and Big Game, one card held twice; ``cards = "FILE"`` names
the deck, else the packaged one); more assets on the board than the game puts in play
(``rules.most_assets``).
"""

from __future__ import annotations

import difflib
from pathlib import Path

from tableodds.sim.core.data import unknown_keys
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.scoring import (
    PlayerScore,
    Scores,
    loose,
    need,
    read_toml,
    unique_names,
)
from tableodds.sim.davos import rules as R
from tableodds.sim.davos.options import GAMES, MODES

TEMPLATE = """\
# Davos final scoring. mode: "normal", "team" or "dissident"; game: "base", "mean" or "big".
mode = "normal"
game = "base"
# goals are the deck's cards, by name (the category is the card's) or by category alone;
# cards = "FILE" scores against your own card file (as --cards), else the packaged deck

[[players]]
name = "Anna"
assets_on_board = 14
victory_tokens = 0          # Big Game only: at most 3 per revealed goal
goals = [
  { name = "Big Pharma", category = "industry", achieved = true },
  { name = "Europe government", category = "politics", achieved = true },
  { name = "China market", category = "markets", achieved = true },
  { name = "Big Tech", category = "industry", achieved = false },
]

[[players]]
name = "Bo"
assets_on_board = 17
goals = [
  { name = "America lobby", category = "politics", achieved = true },
  { name = "Big Banking", category = "industry", achieved = true },
]

# team mode: give each player team = "NAME" (teams of two); dissident mode: dissident = true
# (one dissident player with 3-5 or 7 players, two with 6 or 8; with 6-8 the others in teams)
# Big Game: a revealed goal may carry tokens = 1 or 3, or give the player's victory_tokens
"""

TOKENS_PER_GOAL = (
    3  # the rulebook: 1 the first time a revealed goal is met again, 2 more the second
)
GOAL_TOKENS = (0, 1, 3)  # so a goal carries none, 1 or 1 + 2


class _Counts(tuple):
    text = ""


def _counts(values, text: str) -> _Counts:
    c = _Counts(values)
    c.text = text
    return c


# The rulebook: the game is for 2-5 players; teams of two for 4, 6 or 8; dissidents from 3 to 8.
PLAYER_COUNTS = {
    "normal": _counts(range(2, 6), "2-5"),
    "team": _counts((4, 6, 8), "4, 6 or 8"),
    "dissident": _counts(range(3, 9), "3-8"),
}


def load(path: Path) -> dict:
    data = read_toml(path)
    unknown_keys(data, ("mode", "game", "cards", "players"), "record")
    mode = need(data, "mode", "record", str, default="normal")
    if mode not in MODES:
        raise InputError(f"record.mode must be one of {', '.join(MODES)}, got {mode!r}")
    game = need(data, "game", "record", str, default="base")
    if game not in GAMES:
        raise InputError(f"record.game must be one of {', '.join(GAMES)}, got {game!r}")
    deck, deck_name = _deck(data, Path(path))
    raw = need(data, "players", "record", list)
    if not raw:
        raise InputError("record.players is empty")
    players = []
    for i, p in enumerate(raw, start=1):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise InputError(f"{where} must be a table")
        name = need(p, "name", where, str)
        where = f"players.{name}"
        unknown_keys(
            p, ("name", "assets_on_board", "victory_tokens", "goals", "team", "dissident"), where
        )
        goals = []
        for j, g in enumerate(need(p, "goals", where, list, default=[]), start=1):
            gw = f"{where}.goals[{j}]"
            if not isinstance(g, dict):
                raise InputError(
                    f"{gw} must be a table like {{ name = ..., category = ..., achieved = true }}"
                )
            unknown_keys(g, ("name", "category", "achieved", "revealed", "tokens"), gw)
            achieved = need(g, "achieved", gw, bool)
            revealed = need(g, "revealed", gw, bool, default=achieved)
            if revealed and not achieved:
                raise InputError(f"{gw}.revealed: only an achieved goal can lie revealed")
            on_goal = need(g, "tokens", gw, int, default=0)
            if on_goal:
                _goal_tokens(on_goal, revealed, game, gw)
            card = need(g, "name", gw, str) if "name" in g else None
            goals.append(
                {
                    "name": card if card is not None else f"goal {j}",
                    "card": card is not None,
                    # a card's category is the card's: given, it must agree
                    "category": need(g, "category", gw, str)
                    if "category" in g or card is None
                    else None,
                    "achieved": achieved,
                    "revealed": revealed,
                    "tokens": on_goal,
                }
            )
        if len(goals) > R.GOAL_SLOTS:
            raise InputError(
                f"{where}.goals: {len(goals)} goals; a player holds at most {R.GOAL_SLOTS} "
                "(3 dealt and 5 bought)"
            )
        assets = need(p, "assets_on_board", where, int)
        per_goal = sum(g["tokens"] for g in goals)
        tokens = need(p, "victory_tokens", where, int, default=per_goal)
        if assets < 0 or tokens < 0:
            raise InputError(f"{where}: assets_on_board and victory_tokens cannot be negative")
        if tokens and game != "big":
            raise InputError(
                f"{where}.victory_tokens: {tokens} victory tokens, but tokens exist only in "
                f'the Big Game (game = "big"), this is the {game} game'
            )
        if per_goal and tokens != per_goal:
            raise InputError(
                f"{where}.victory_tokens: {tokens}, but the player's goals carry {per_goal} "
                "(give the tokens per goal or as one total, or make them agree)"
            )
        revealed = sum(g["revealed"] for g in goals)
        if tokens > TOKENS_PER_GOAL * revealed:
            raise InputError(
                f"{where}.victory_tokens: {tokens} victory tokens on {revealed} revealed "
                f"goal{'s' if revealed != 1 else ''}: at most {TOKENS_PER_GOAL * revealed} "
                f"(1 + 2 per revealed goal)"
            )
        if not _reachable(tokens, revealed):
            raise InputError(
                f"{where}.victory_tokens: {tokens} victory tokens on {revealed} revealed "
                f"goal{'s' if revealed != 1 else ''} cannot be: each goal carries 0, 1 or 3 "
                "(1 the first time it is met again, 2 more the second)"
            )
        dissident = need(p, "dissident", where, bool, default=False)
        if dissident and goals:
            raise InputError(f"{where} is a dissident player: dissidents never hold goals")
        players.append(
            {
                "name": name,
                "goals": goals,
                "assets": assets,
                "tokens": tokens,
                "team": need(p, "team", where, str) if "team" in p else None,
                "dissident": dissident,
            }
        )
    unique_names([p["name"] for p in players], "record.players")
    _check_goals(players, deck, deck_name, game)
    if mode == "team" and any(not isinstance(p["team"], str) for p in players):
        bad = next(p["name"] for p in players if not isinstance(p["team"], str))
        raise InputError(f"players.{bad}.team is missing: every player needs a team in team mode")
    if mode == "dissident" and not any(p["dissident"] for p in players):
        raise InputError("dissident mode needs at least one player with dissident = true")
    if mode != "dissident" and any(p["dissident"] for p in players):
        raise InputError('dissident = true needs mode = "dissident"')
    counts = PLAYER_COUNTS[mode]
    if len(players) not in counts:
        raise InputError(
            f"Davos ({mode} mode) is for {counts.text} players, the record lists {len(players)}"
        )
    _check_sides(players, mode)
    most = R.most_assets(deck, game, len(players), mode)
    for p in players:
        if p["assets"] > most:
            raise InputError(
                f"players.{p['name']}.assets_on_board: {p['assets']} assets, but a {game} game "
                f"of {len(players)} players puts at most {most} in play (set-up and resets, "
                "first passes, every bill's largest gain on every corp)"
            )
    return {"mode": mode, "game": game, "players": players}


def _deck(data: dict, path: Path) -> tuple[R.Cards, str]:
    """The goal cards the sheet is scored against: ``cards = "FILE"`` (a card file as for
    ``--cards``, relative to the sheet's folder), else the packaged deck."""
    if "cards" not in data:
        return R.load_cards(), "the packaged deck"
    name = need(data, "cards", "record", str)
    file = Path(name).expanduser()
    if not file.is_absolute():
        file = path.parent / file
    return R.load_cards(file), str(name)


def _check_goals(players: list[dict], deck: R.Cards, deck_name: str, game: str) -> None:
    """Goals by the deck: a goal named is one of its cards in play (the Mean Game's cards
    only in the Mean and Big Game) and takes the card's category; a goal given by its
    category alone names one of the deck's categories, exactly (``Sector`` beside ``sector``
    is a typo, not a fourth category; an empty one is refused); a goal card is held by one
    player, once."""
    in_play = {g.name: g for g in deck.goals if game != "base" or not g.mean}
    categories = list(dict.fromkeys(g.category for g in in_play.values()))
    held: dict = {}
    for p in players:
        for j, g in enumerate(p["goals"], start=1):
            gw = f"players.{p['name']}.goals[{j}]"
            c = g["category"]
            if c is not None and not c.strip():
                raise InputError(f"{gw}.category is empty")
            if g["card"]:
                card = _card(g["name"], in_play, deck, deck_name, game, gw)
                if c is not None and c != card.category:
                    near = loose(c) == loose(card.category)
                    raise InputError(
                        f"{gw}.category {c!r}: goal {card.name!r} has the category "
                        f"{card.category!r} in {deck_name}"
                        + (f"; did you mean {card.category!r}?" if near else "")
                    )
                g["category"] = card.category
                if card.name in held:
                    raise InputError(
                        f"{gw}: goal {card.name!r} is held already ({held[card.name]}); "
                        "each goal card is held by one player, once"
                    )
                held[card.name] = gw
            elif c not in categories:
                near = [k for k in categories if loose(k) == loose(c)]
                hint = f"; did you mean {near[0]!r}?" if near else ""
                raise InputError(
                    f"{gw}.category {c!r} is not a category of the goal cards in {deck_name} "
                    f"({', '.join(categories)}){hint}"
                )


def _card(name: str, in_play: dict, deck: R.Cards, deck_name: str, game: str, gw: str):
    """The goal card ``name`` of the deck, else an InputError (with did you mean for a name
    that differs from a card's only by case or spacing)."""
    if name in in_play:
        return in_play[name]
    if any(g.name == name for g in deck.goals):
        raise InputError(
            f"{gw}: goal {name!r} is a Mean Game card; the {game} game plays without them"
        )
    near = [k for k in in_play if loose(k) == loose(name)]
    if not near:
        near = difflib.get_close_matches(name, list(in_play), n=1)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    raise InputError(f"{gw}: goal {name!r} is not a goal card of {deck_name}{hint}")


def _goal_tokens(n: int, revealed: bool, game: str, where: str) -> None:
    """Victory tokens on one goal: the Big Game only, on a revealed goal, 0, 1 or 3."""
    if game != "big":
        raise InputError(
            f"{where}.tokens: {n} victory tokens, but tokens exist only in the Big Game "
            f'(game = "big"), this is the {game} game'
        )
    if not revealed:
        raise InputError(f"{where}.tokens: victory tokens lie only on a revealed goal")
    if n not in GOAL_TOKENS:
        raise InputError(
            f"{where}.tokens: {n} victory tokens on one goal: a goal carries 0, 1 or 3 "
            "(1 the first time it is met again, 2 more the second)"
        )


def _reachable(tokens: int, revealed: int) -> bool:
    """Whether ``tokens`` is a sum of 0, 1 or 3 on each of ``revealed`` goals."""
    return any(
        0 <= tokens - 3 * threes <= revealed - threes
        for threes in range(min(revealed, tokens // 3) + 1)
    )


def dissidents_for(players: int) -> int:
    """The rulebook's dissident players: one for 3-5 players, a team of two for 6 and 8, one
    super dissident for 7."""
    return 2 if players in (6, 8) else 1


def _check_sides(players: list[dict], mode: str) -> None:
    """Teams of two ("teams van twee"), and the dissident players the player count asks for;
    in the dissident variant with 6-8 players the others play in teams, with 3-5 alone."""
    n = len(players)
    if mode == "dissident":
        want = dissidents_for(n)
        have = sum(p["dissident"] for p in players)
        if have != want:
            kind = {1: "one dissident player", 2: "a dissident team of two"}[want]
            extra = " (a super dissident)" if n == 7 else ""
            raise InputError(
                f"the dissident variant with {n} players has {kind}{extra}, the record "
                f"marks {have} with dissident = true"
            )
        for p in players:
            if p["dissident"] and p["team"] is not None:
                raise InputError(
                    f"players.{p['name']}.team: a dissident player plays on the dissidents' "
                    "side, not in a team"
                )
    teamed = mode == "team" or (mode == "dissident" and n >= 6)
    others = [p for p in players if not p["dissident"]]
    if not teamed:
        bad = next((p for p in others if p["team"] is not None), None)
        if bad is not None:
            why = "in team mode" if mode == "normal" else "with 6-8 players"
            raise InputError(
                f"players.{bad['name']}.team: players form teams only {why}, "
                f"this is {mode} mode with {n} players"
            )
        return
    sizes: dict[str, list[str]] = {}
    for p in others:
        if not isinstance(p["team"], str):
            raise InputError(
                f"players.{p['name']}.team is missing: with {n} players in the dissident "
                "variant the other players play in teams of two"
            )
        sizes.setdefault(p["team"], []).append(p["name"])
    for team, names in sizes.items():
        if len(names) != 2:
            raise InputError(
                f"team {team!r} has {len(names)} player{'s' if len(names) != 1 else ''} "
                f"({', '.join(names)}): Davos teams are teams of two"
            )


def _side(player: dict, mode: str) -> str:
    """Who scores together: a team, the dissidents, or the player alone."""
    if mode == "dissident" and player["dissident"]:
        return "dissidents"
    if isinstance(player.get("team"), str):
        return f"team {player['team']}"
    return player["name"]


def score(record: dict) -> Scores:
    mode = record["mode"]
    sides: dict[str, dict] = {}
    for p in record["players"]:
        side = sides.setdefault(
            _side(p, mode), {"members": [], "goals": [], "assets": 0, "tokens": 0}
        )
        side["members"].append(p["name"])
        side["goals"] += p["goals"]
        side["assets"] += p["assets"]
        side["tokens"] += p["tokens"]
    if mode == "dissident":
        failed = [
            g
            for s, v in sides.items()
            if s != "dissidents"
            for g in v["goals"]
            if not g["achieved"]
        ]
        sides["dissidents"]["goals"] = [dict(g, achieved=True) for g in failed]
        for s, v in sides.items():
            if s != "dissidents":
                v["goals"] = [g for g in v["goals"] if g["achieved"]]
    rows = []
    for label, v in sides.items():
        won = [g for g in v["goals"] if g["achieved"]]
        comps = {
            "goals": len(won),
            "categories": len({g["category"] for g in won}),
            "failed": -sum(not g["achieved"] for g in v["goals"]),
            "tokens": v["tokens"],
        }
        name = label if v["members"] == [label] else f"{label} ({', '.join(v['members'])})"
        rows.append(PlayerScore(name, comps, sum(comps.values()), (v["assets"],)))
    scores = Scores("davos", tuple(rows), tiebreak_names=("assets on the board",))
    notes = []
    ranking = scores.ranking()
    places = [k for k, _ in ranking]
    if len(set(places)) < len(places):
        notes.append(
            "a tie remains after assets on the board: the tied players each draw a "
            "goal and reveal them together until one wins"
        )
    return Scores("davos", tuple(rows), tiebreak_names=("assets on the board",), notes=tuple(notes))
