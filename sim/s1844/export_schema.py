"""The declared schema of an 18xx.games export of 1844: every field the reader uses.

Each action type that the reader reads is a :class:`msgspec.Struct`: its fields' types, their
ranges, and the names of the title's corporations, companies and trains (from
:mod:`~tableodds.sim.s1844.rules`).  Fields the reader does not use are not declared (the site
adds new ones over time) and action types it does not read are checked only as actions (a
``type``, an integer ``id``, an entity).  What the types cannot say is checked after them: a
player entity is one of the export's players, the result names only them, the player ids are
unique.  A break is one :class:`InputError` line naming the action, the field, its value and
what it must be::

    160062.json: action 412 (buy_train): price -90 is not a train price (>= 0)
"""

from __future__ import annotations

import re
from typing import Annotated, ClassVar, Literal

import msgspec
from msgspec import Meta

from tableodds.sim.core.errors import InputError
from tableodds.sim.s1844 import rules as R

# the title's names, from the rules: privates P1-P7, mountain railways B1-B5, tunnels T1-T5
CORPORATIONS = R.CORPS
COMPANIES = (
    tuple(f"P{k + 1}" for k in range(len(R.PRIVATE_FACE)))
    + tuple(f"B{k + 1}" for k in range(R.NMOUNTAIN))
    + tuple(f"T{k + 1}" for k in range(R.NTUNNEL))
)
# a train's id is its type and its card number ("3-4"); the engine calls the 8E "8"
TRAIN_TYPES = (*R.TRAIN_NAMES, "8")
VARIANTS = R.TRAIN_NAMES + R.TRAIN_H_NAMES
TRAIN = f"a train of 1844 ({', '.join(f'{t}-K' for t in TRAIN_TYPES)})"
# the cards of each train type, numbered from 0: the depot's, and for the 5 also P7's EVA and
# the SBB's reserved 5H
CARDS = {
    name: int(n) + (2 if name == "5" else 0) for name, n in zip(R.TRAIN_NAMES, R.DEPOT_COUNT)
} | {"8": int(R.DEPOT_COUNT[-1])}
MONEY_MAX = 2**31 - 1  # the kernels' money is int32: no amount of the game comes near it

Corporation = Literal[CORPORATIONS]
Company = Literal[COMPANIES]
Variant = Literal[VARIANTS]
TrainId = Annotated[str, Meta(pattern=rf"^({'|'.join(map(re.escape, TRAIN_TYPES))})-\d+$")]
ShareId = Annotated[str, Meta(pattern=rf"^({'|'.join(CORPORATIONS)})_\d+$")]
Money = Annotated[int, Meta(ge=0, le=MONEY_MAX)]
ActionId = Annotated[int, Meta(ge=0, le=MONEY_MAX)]
Entity = int | str


class Action(msgspec.Struct, kw_only=True):
    """What every action has (and all an action type the reader does not read must have)."""

    type: str
    id: ActionId | None = None
    entity: Entity | None = None
    entity_type: Literal["player", "corporation", "company"] | None = None
    auto_actions: list[dict] | None = None
    # what each field is, for the error line
    what: ClassVar[dict] = {
        "id": "an action id",
        "entity": "an entity (a player id or a name)",
        "entity_type": "an entity type",
        "auto_actions": "a list of actions",
    }


class Par(Action):
    corporation: Corporation
    share_price: Annotated[str, Meta(pattern=r"^\d{1,9},\d+,\d+$")]
    what: ClassVar[dict] = Action.what | {
        "corporation": "a corporation of 1844",
        "share_price": "a share price (PRICE,ROW,COLUMN)",
    }


class Shares(Action):
    shares: Annotated[list[ShareId], Meta(min_length=1)]
    percent: Annotated[int, Meta(ge=1, le=100)] | None = None
    what: ClassVar[dict] = Action.what | {
        "shares": "a list of shares of 1844's corporations (NAME_K)",
        "percent": "a percentage",
    }


class Bid(Action):
    company: Company | None = None
    price: Money | None = None
    what: ClassVar[dict] = Action.what | {"company": "a company of 1844", "price": "a bid"}


class BuyCompany(Action):
    company: Company | None = None
    price: Money | None = None
    what: ClassVar[dict] = Action.what | {"company": "a company of 1844", "price": "a price"}


class Route(msgspec.Struct):
    train: TrainId | None = None
    revenue: Money | None = None


class RunRoutes(Action):
    routes: list[Route] | None = None
    extra_revenue: Money | None = None
    what: ClassVar[dict] = Action.what | {
        "routes": "a list of routes",
        "train": TRAIN,
        "revenue": "a revenue",
        "extra_revenue": "a revenue",
    }


class Dividend(Action):
    kind: Literal["payout", "withhold"]
    what: ClassVar[dict] = Action.what | {"kind": "a dividend"}


class BuyTrain(Action):
    train: TrainId
    price: Money | None = None
    variant: Variant | None = None
    what: ClassVar[dict] = Action.what | {
        "train": TRAIN,
        "price": "a train price",
        "variant": "a train variant of 1844",
    }


class DiscardTrain(Action):
    train: TrainId
    what: ClassVar[dict] = Action.what | {"train": TRAIN}


class Undo(Action):
    action_id: ActionId | None = None
    what: ClassVar[dict] = Action.what | {"action_id": "an action id"}


SCHEMA: dict[str, type[Action]] = {
    "par": Par,
    "buy_shares": Shares,
    "sell_shares": Shares,
    "bid": Bid,
    "buy_company": BuyCompany,
    "run_routes": RunRoutes,
    "dividend": Dividend,
    "buy_train": BuyTrain,
    "discard_train": DiscardTrain,
    "undo": Undo,
}
# the entity each entity type names (players: the export's own, checked by check_actions)
_NAMES = {"corporation": set(CORPORATIONS), "company": set(COMPANIES)}


class Player(msgspec.Struct):
    id: Entity
    name: str | None = None


class Export(msgspec.Struct):
    """The top level: what :func:`check_document` checks before the actions."""

    players: list[Player]
    actions: list[dict]
    result: dict | None = None  # its values: see check_document (msgspec's error path
    # does not name a dict's key)
    what: ClassVar[dict] = {
        "players": "a list of players with an id",
        "id": "a player id",
        "result": "a final value per player id",
        "actions": "a list of actions",
    }


def _value(doc, path: str):
    """The value at msgspec's error path (``$.routes[0].revenue``) in ``doc``."""
    for name, index in re.findall(r"\.([A-Za-z_]\w*)|\[(\d+)\]", path):
        try:
            doc = doc[name] if name else doc[int(index)]
        except (KeyError, IndexError, TypeError):
            return None
    return doc


def _short(v) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _suggest(value, choices) -> str:
    """' (did you mean 'NOB'?)' for a name that differs only by case or spacing."""
    if isinstance(value, str):
        key = re.sub(r"[\s_-]", "", value).lower()
        for c in choices:
            if re.sub(r"[\s_-]", "", str(c)).lower() == key:
                return f"; did you mean {c!r}?"
    return ""


_TYPE_WORDS = {"int": "an integer", "str": "a string"}


def _explain(err: msgspec.ValidationError, doc, what: dict) -> str:
    """msgspec's message as ``FIELD VALUE is not WHAT (EXPECTED)``."""
    text = str(err)
    path = text.rsplit(" - at `", 1)[1][:-1] if " - at `" in text else "$"
    field = re.findall(r"[A-Za-z_]\w*", path)
    name = field[-1] if field else "value"
    if text.startswith("Object missing required field"):
        missing = re.search(r"`(\w+)`", text).group(1)
        return f"no {missing} ({what.get(missing, 'required')})"
    value, kind = _value(doc, path), what.get(name, "valid")
    expected = re.match(r"Expected `([^`]+)`(.*?)(?:, got `[^`]+`)? - at", text)
    if expected:
        wanted, bound = expected.group(1).replace(" | null", ""), expected.group(2).strip()
        # a range ("price -90 is not a train price (>= 0)"), else the type it must be (a
        # pattern is the field's own description)
        want = "" if "regex" in bound else bound or _TYPE_WORDS.get(wanted, "")
        return f"{name} {_short(value)} is not {kind}" + (f" ({want})" if want else "")
    choices = _choices(name)
    if choices:
        shown = ", ".join(choices)
        return f"{name} {_short(value)} is not {kind} ({shown}){_suggest(value, choices)}"
    return f"{name} {_short(value)} is not {kind}"


def _choices(name: str) -> tuple:
    return {
        "corporation": CORPORATIONS,
        "company": COMPANIES,
        "variant": VARIANTS,
        "kind": ("payout", "withhold"),
        "entity_type": ("player", "corporation", "company"),
    }.get(name, ())


def check_document(doc, where: str) -> None:
    """The top level against :class:`Export` (the caller checks the title and player count)."""
    try:
        msgspec.convert(doc, Export)
    except msgspec.ValidationError as e:
        raise InputError(f"{where}: {_explain(e, doc, Export.what)}") from None
    ids = [p["id"] for p in doc["players"]]
    if len(set(map(str, ids))) != len(ids):
        raise InputError(f"{where}: a player id given twice in players ({_short(ids)})")
    for k, v in (doc.get("result") or {}).items():
        if k not in set(map(str, ids)):
            raise InputError(
                f"{where}: result names player {k!r}, who is not among the players "
                f"({', '.join(map(str, ids))})"
            )
        if type(v) is not int or abs(v) > MONEY_MAX:
            raise InputError(
                f"{where}: result {_short(v)} of player {k} is not a final value "
                f"(an integer of at most {MONEY_MAX} either way)"
            )


def check_actions(actions: list, players: list, where: str) -> None:
    """Every action (and the actions it applied automatically) against :data:`SCHEMA`.

    The actions of one type are converted in one call (the reading's cost); on a break the
    actions are checked one by one, so that the first one that breaks is named.
    """
    flat = []
    for i, a in enumerate(actions):
        if not isinstance(a, dict) or not isinstance(a.get("type"), str):
            raise InputError(f"{where}: action {i + 1} is not an object with a 'type'")
        flat.append((a, i))
        for sub in a.get("auto_actions") or () if type(a.get("auto_actions")) is list else ():
            if not isinstance(sub, dict) or not isinstance(sub.get("type"), str):
                raise InputError(
                    f"{where}: {_label(a, i)}: an automatic action is not an object with a 'type'"
                )
            flat.append((sub, None))
    groups: dict = {}
    for a, _ in flat:
        groups.setdefault(SCHEMA.get(a["type"], Action), []).append(a)
    try:
        for cls, group in groups.items():
            msgspec.convert(group, list[cls])
    except msgspec.ValidationError:
        for i, a in enumerate(actions):
            _one(a, _label(a, i), where)
            for sub in a.get("auto_actions") or ():
                _one(sub, f"{_label(a, i)}: {_label(sub, None)}", where)
    ids = {p["id"] for p in players}
    for a, i in flat:
        for tid in _train_ids(a):
            kind, _, k = tid.rpartition("-")
            if int(k) >= CARDS[kind]:
                raise InputError(
                    f"{where}: {_label(a, i)}: train {tid!r} is not a train of 1844 (the "
                    f"{kind}s are {kind}-0 to {kind}-{CARDS[kind] - 1})"
                )
        etype, ent = a.get("entity_type"), a.get("entity")
        if ent is None or etype is None:
            continue
        if etype == "player":
            if ent not in ids:
                raise InputError(
                    f"{where}: {_label(a, i)}: entity {_short(ent)} is not a player of this "
                    f"game ({', '.join(map(str, ids))})"
                )
        elif ent not in _NAMES[etype]:
            names = CORPORATIONS if etype == "corporation" else COMPANIES
            raise InputError(
                f"{where}: {_label(a, i)}: entity {_short(ent)} is not a {etype} of 1844 "
                f"({', '.join(names)}){_suggest(ent, names)}"
            )


def _train_ids(a: dict) -> list:
    """The train ids an action names (checked by the schema: TYPE-NUMBER)."""
    if a["type"] in ("buy_train", "discard_train"):
        return [a["train"]]
    if a["type"] == "run_routes":
        return [r["train"] for r in a.get("routes") or () if r.get("train") is not None]
    return []


def _label(a: dict, i: int | None) -> str:
    """``action 412 (buy_train)``: by its id, else its place in the log."""
    at = a["id"] if type(a.get("id")) is int else "" if i is None else i + 1
    return f"action {at} ({a['type']})" if at != "" else f"automatic action ({a['type']})"


def _one(a: dict, label: str, where: str) -> None:
    cls = SCHEMA.get(a["type"], Action)
    try:
        msgspec.convert(a, cls)
    except msgspec.ValidationError as e:
        raise InputError(f"{where}: {label}: {_explain(e, a, cls.what)}") from None
