"""Read an 18xx.games export of a 1844 game and rebuild its train-rush timeline.

The export is the site's JSON document: ``players``, ``result`` (final value per player
id), ``game_end_reason`` and ``actions``, the log in order.  Only what the log says is
used; nothing here replays the game's money, so bank cash is not rebuilt (the log carries
no share prices); the bank break is placed by the end reason (see :class:`Timeline`).

How the log is read:

* ``undo`` takes back the last action still in force, or every action after
  ``action_id`` when it is given; ``redo`` restores what the last undo took back; any
  other action clears what could be redone.  ``auto_actions`` count with their action;
  ``program_*`` actions and unknown action types change nothing here.
* Rounds: player actions that only a stock round has (``par``, ``buy_shares``, ``bid``,
  a player's ``pass`` outside a company's turn) open a stock round; a corporation's
  action opens an operating round after one.  Inside an operating-round set, a new OR
  starts when a corporation that already had its turn in this OR acts again after
  another one.  "OR t.n" is the n-th OR after stock round t; "#k" counts ORs from 1.
* Trains: a train id (``"3-4"``) not owned by any corporation is bought from the depot
  (its type is the id before the last ``-``, ``variant`` ending in H the H side); an id
  that a corporation owns is bought across.  The depot is the rules' ordered deck; a
  purchase takes its own id off the deck, and at the end of every OR set from phase 2
  on (the game's last set excepted) the lowest remaining card is exported.  The 5s that
  P7 (EVA) and the SBB get are not in the depot deck.
* Phases start with the first purchase or export of a type; rusting comes with the
  phases (2s with the first 4, 3s with the first 6, 4s with the first 8E); the SBB
  forms at the end of the OR in which the first 5 arrives (the log shows it when the
  SBB first appears).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from tableodds.sim.core.data import shallow, too_deep
from tableodds.sim.core.errors import InputError
from tableodds.sim.s1844 import rules as R
from tableodds.sim.s1844.export_schema import check_actions, check_document

SR_ONLY = {"par", "buy_shares", "bid"}
IGNORED_PREFIX = ("program_",)
# the engine's card numbers of the depot deck by type: of the six 5s, 5-1 and 5-2 are P7's
# EVA and the SBB's own 5H (they never leave a depot)
DECK_IDS = tuple(
    tuple(k for k in range(n + (2 if t == 3 else 0)) if t != 3 or k not in (1, 2))
    for t, n in enumerate(R.DEPOT_COUNT)
)


def _charter(corp: str, pars: dict) -> int:
    """The tokens a corporation may place beyond its home (placed when it floats, never by an
    action): its charter's (a historical's by its par); the SBB's at most the pre-SBB
    companies' charters together (their tokens pass to it)."""
    if corp not in R.CORPS:
        return 0
    ctype = int(R.CTYPE[R.CORPS.index(corp)])
    if ctype == R.SBB_TYPE:
        return sum(int(R.TYPE_TOKENS[R.PRE]) for c in range(R.NCORP) if R.CTYPE[c] == R.PRE)
    if ctype == R.HISTORICAL:
        return R.HIST_TOKENS.get(pars.get(corp), max(R.HIST_TOKENS.values())) - 1
    return int(R.TYPE_TOKENS[ctype]) - 1


TYPE_OF_NAME = {name: t for t, name in enumerate(R.TRAIN_NAMES)} | {"8": 5, "8H": 5}
DECK = [(t, k) for t in range(R.NTYPE) for k in DECK_IDS[t]]
PRE_SBB = {R.CORPS[c] for c in range(R.NCORP) if R.CTYPE[c] == R.PRE}
# the director's certificate is two ordinary shares: 50% (pre-SBB), 40% (regional), 20%
DIRECTOR_PCT = {
    R.CORPS[c]: 200 // int(R.UNITS[R.CTYPE[c]]) for c in range(R.NCORP) if R.CTYPE[c] != 3
}


@dataclass
class Timeline:
    """What happened in one recorded game, in the forecast's terms.

    ``events`` maps each of :data:`rules.EVENTS` to ``(global OR, set, n)`` or ``None``.
    ``bank`` is the global OR of the first OR of the last set when the game ended by
    the bank (the engine ends the game after the set in which the bank breaks, so the
    break lies within that set; the log alone does not say in which of its ORs).
    """

    game_id: object
    players: int
    player_ids: list
    end_reason: str
    events: dict
    ors: list  # (global OR, set, n) in order
    revenue: list  # total route revenue per OR, same order as ``ors``
    bought: dict  # train type name -> trains bought from the depot
    bought_h: dict  # of them on the H side
    exported: dict  # train type name -> trains exported
    across: int  # trains bought across between corporations
    withholds: int
    withholds_by_phase: dict
    payouts: int
    floated: list  # corporations in the order they first operated
    scores: dict  # player id -> final value
    notes: list = field(default_factory=list)
    depot_gone: list = field(default_factory=list)  # depot cards gone by each OR's end
    cut: int | None = None  # read up to the end of this global OR (None: the whole log)
    finished: bool = True  # the log reaches the game's end
    last_or_over: bool = True  # the last OR read is over (a later one follows, or the end)
    end_source: str = "export"  # where end_reason comes from: "export", "log" or "none"
    position: dict = field(default_factory=dict)  # see read_timeline
    # the log's moves that carry money or market moves, in order (see read_timeline); the
    # position's money and prices are replayed from them (position.py)
    moves: list = field(default_factory=list)
    player_names: dict = field(default_factory=dict)  # player id -> name in the export

    def label(self, k: int) -> str:
        s, n = next((s, n) for g, s, n in self.ors if g == k)
        return f"OR {s}.{n}"

    def when(self, k: int) -> str:
        """Global OR ``k`` as players say it, with its number: "OR 6.1 (#8)"."""
        return f"{self.label(k)} (#{k})"

    def name(self, pid) -> str:
        return self.player_names.get(pid, str(pid))

    def as_dict(self) -> dict:
        return {
            "game_id": self.game_id,
            "players": self.players,
            "end_reason": self.end_reason,
            "events": {
                e: (None if v is None else {"or": v[0], "label": f"OR {v[1]}.{v[2]}"})
                for e, v in self.events.items()
            },
            "revenue_per_or": [
                {"or": g, "label": f"OR {s}.{n}", "revenue": r}
                for (g, s, n), r in zip(self.ors, self.revenue)
            ],
            "bought": self.bought,
            "bought_h_side": self.bought_h,
            "exported": self.exported,
            "bought_across": self.across,
            "withholds": self.withholds,
            "withholds_by_phase": self.withholds_by_phase,
            "payouts": self.payouts,
            "companies_operated": self.floated,
            "final_scores": {str(k): v for k, v in self.scores.items()},
            "notes": self.notes,
        }


def effective_actions(actions: list) -> list:
    """The actions still in force after every ``undo`` and ``redo``."""
    done: list = []
    undone: list[list] = []
    for a in actions:
        kind = a.get("type")
        if kind == "undo":
            target = a.get("action_id")
            batch = []
            if target is None:
                if done:
                    batch.append(done.pop())
            else:
                while done and done[-1].get("id", -1) > target:
                    batch.append(done.pop())
            if batch:
                undone.append(batch[::-1])
        elif kind == "redo":
            if undone:
                done.extend(undone.pop())
        else:
            done.append(a)
            undone.clear()
    return done


def _expanded(actions: list):
    for a in actions:
        yield a
        for sub in a.get("auto_actions") or ():
            if isinstance(sub, dict):
                yield sub


def load_export(path) -> dict:
    """The export's JSON document (an :class:`InputError` when it is not one)."""
    doc = _parse(path)
    check_export(doc, str(path))
    return doc


def _parse(path):
    """The export's JSON, not yet checked against the schema."""
    p = Path(path)
    try:
        data = p.read_bytes()
        # msgspec's parser (faster than json's, which pays for the schema's check)
        doc = shallow(msgspec.json.decode(data.removeprefix(b"\xef\xbb\xbf")), str(p))
    except RecursionError:
        raise too_deep(str(p)) from None
    except FileNotFoundError:
        raise InputError(f"{p}: no such file") from None
    except (OSError, msgspec.DecodeError) as e:
        raise InputError(
            f"{p}: not an 18xx.games export ({type(e).__name__}: "
            f"{str(e).splitlines()[0] if str(e) else 'unreadable'})"
        ) from None
    return doc


def check_export(doc, where: str = "export") -> None:
    if not isinstance(doc, dict):
        raise InputError(f"{where}: not an 18xx.games export (the top level is not an object)")
    for key in ("players", "actions"):
        if not isinstance(doc.get(key), list):
            raise InputError(f"{where}: not an 18xx.games export (no list {key!r})")
    title = str(doc.get("title", "1844"))
    if title != "1844":
        raise InputError(f"{where}: a game of {title!r}, not 1844")
    n = len(doc["players"])
    if n not in R.PLAYERS:
        raise InputError(f"{where}: {n} players; 1844 is for 3-7")
    check_document(doc, where)
    check_actions(doc["actions"], doc["players"], where)


def _train_type(train_id: str, variant) -> int:
    name = str(train_id).rsplit("-", 1)[0]
    if name not in TYPE_OF_NAME:
        name = str(variant or "")
    if name not in TYPE_OF_NAME:
        raise InputError(f"unknown train {train_id!r}")
    return TYPE_OF_NAME[name]


def read_timeline(doc: dict, where: str = "export", upto: int | None = None) -> Timeline:
    """Rebuild the timeline of one exported game (see the module's docstring).

    ``upto``: read the log only to the end of global OR ``upto`` (the set's export, when
    that OR closes its set, included), as if the game were still going on there; an
    :class:`InputError` when the log has fewer ORs.

    The timeline's ``position`` is the game's state at the end of what was read, as far
    as the log says it: each company's trains (type names, rusted ones gone; the pre-SBB
    companies' trains go to the SBB when it forms), the phase, the depot cards left, the
    companies that operated (the pre-SBB ones closed by the SBB marked), each player's
    and company's share percentages and the directors (the largest holding, the earlier
    one on a tie), the privates' owners (the last bid of the auction, then
    ``buy_company``), the station tokens placed.  Money (cash, treasuries, loans) and
    share prices are not rebuilt: the log does not carry them.
    """
    check_export(doc, where)
    if upto is not None and (not isinstance(upto, int) or upto < 1):
        raise InputError(f"{where}: --at must be a global OR number of 1 or more, not {upto}")
    players = doc["players"]
    ids = {p.get("id") for p in players if isinstance(p, dict)}
    actions = list(_expanded(effective_actions(doc["actions"])))
    deck = [(t, k) for t in range(R.NTYPE) for k in DECK_IDS[t]]
    in_deck = set(deck)
    owner: dict[str, str] = {}
    events: dict = {e: None for e in R.EVENTS}
    ors: list = []
    revenue: list = []
    bought = {name: 0 for name in R.TRAIN_NAMES}
    bought_h = {name: 0 for name in R.TRAIN_NAMES}
    exported = {name: 0 for name in R.TRAIN_NAMES}
    withholds_by_phase: dict = {}
    floated: list = []
    notes: list = []
    trains: dict[str, tuple[str, int]] = {}  # train id -> (corporation, type)
    holding: dict = {}  # (holder, corporation) -> percent
    first_holder: dict = {}  # (holder, corporation) -> order of the first purchase
    share_pct: dict = {}  # corporation -> percent of one ordinary share
    privates: dict = {}  # company -> owner (player id or corporation)
    bids: dict = {}  # company -> last bidder
    tokens: dict = {}
    pars: dict = {}  # corporation -> par price
    depot_gone: list = []
    closed: set = set()
    moves: list = []
    h_side: set = set()  # train ids bought on the H side
    state = {
        "stop": False,
        "phase": 1,
        "sr": 0,
        "in_or": False,
        "n": 0,
        "g": 0,
        "corp": None,
        "turned": set(),
        "sbb_seen": False,
        "pending_sr": False,
        "across": 0,
        "withholds": 0,
        "payouts": 0,
    }

    def event(name):
        if events[name] is None and state["g"] > 0:
            events[name] = (state["g"], state["sr"], state["n"])

    def new_type(t):
        phase = int(R.PHASE_OF[t])
        if phase > state["phase"]:
            for k in range(state["phase"] + 1, phase + 1):
                event(f"phase{k}")
                moves.append(("phase", k))
            state["phase"] = phase
        for r in range(R.NTYPE):
            if R.RUSTED_BY[r] == t:
                event(f"rust{r + 2}")
                for tid in [k for k, v in trains.items() if v[1] == r]:
                    del trains[tid]

    def take(card):
        if card in in_deck:
            in_deck.discard(card)
            deck.remove(card)
        if events[f"phase{int(R.PHASE_OF[card[0]])}"] is None:
            new_type(card[0])

    def start_or():
        if not state["in_or"]:
            if state["g"] > 0 and state["phase"] >= 2 and deck:  # the set just ended
                card = deck[0]
                exported[R.TRAIN_NAMES[card[0]]] += 1
                take(card)
            if state["sr"] > 0:  # (after the set's export: its phase sets the next set)
                moves.append(("sr_end",))
            state["in_or"] = True
            state["n"] = 0
        if depot_gone:
            depot_gone[-1] = len(DECK) - len(deck)
        if upto is not None and state["g"] >= upto:
            state["stop"] = True
            return
        state["g"] += 1
        state["n"] += 1
        state["turned"] = set()
        state["corp"] = None
        ors.append((state["g"], state["sr"], state["n"]))
        moves.append(("or", state["g"], state["n"]))
        revenue.append(0)
        depot_gone.append(len(DECK) - len(deck))

    def sbb_forms():
        for tid, (c, t) in list(trains.items()):
            if c in PRE_SBB:
                trains[tid] = ("SBB", t)
        closed.update(c for c in PRE_SBB if c in floated)
        moves.append(("sbb",))

    def shares_of(a):
        out = []
        for sh in a.get("shares") or ():
            corp = str(sh).rsplit("_", 1)[0]
            out.append(corp)
        return out

    def move_shares(player, a, sign):
        names = shares_of(a)
        if not names:
            return
        pct = a.get("percent")
        each = (int(pct) / len(names)) if isinstance(pct, (int, float)) else None
        for corp in names:
            if each is not None:
                share_pct.setdefault(corp, each)
            # the action's own percent: a director's certificate (two shares) sold or
            # bought counts as what it is
            step = each if each is not None else share_pct.get(corp, 10)
            key = (player, corp)
            holding[key] = holding.get(key, 0) + sign * step
            # (SBB shares also come from the exchange of pre-SBB ones, which the log omits)
            if holding[key] < 0 and corp != "SBB":
                raise InputError(
                    f"{where}: action {a.get('id')} (sell_shares): player {player} sells "
                    f"{corp} shares it does not hold ({holding[key] - sign * step:g}% held)"
                )
            first_holder.setdefault(key, len(first_holder))

    def open_sr():
        if state["in_or"] or state["sr"] == 0:
            state["in_or"] = False
            state["sr"] += 1
            state["corp"] = None
        state["pending_sr"] = False

    for a in actions:
        if state["stop"]:
            break
        kind = a["type"]
        if kind.startswith(IGNORED_PREFIX):
            continue
        etype = a.get("entity_type")
        ent = a.get("entity")
        is_player = etype == "player" or (etype is None and ent in ids)
        if is_player and kind in ("pass", "sell_shares") and state["in_or"]:
            # a stock round's first move, or a player's move inside a company's turn
            # (emergency money): decided by who acts next
            state["pending_sr"] = True
        elif is_player and kind in SR_ONLY:
            open_sr()
        if is_player:
            for s in a.get("shares") or ():
                if str(s).startswith("SBB_") and not state["sbb_seen"]:
                    state["sbb_seen"] = True
                    event("sbb")
                    sbb_forms()
            if kind == "par":
                corp = str(a.get("corporation"))
                key = (ent, corp)
                holding[key] = holding.get(key, 0) + DIRECTOR_PCT.get(corp, 20)
                first_holder.setdefault(key, len(first_holder))
                moves.append(("par", ent, corp, _amount(str(a.get("share_price")).split(",")[0])))
                pars[corp] = _amount(str(a.get("share_price")).split(",")[0])
            elif kind == "buy_shares":
                move_shares(ent, a, 1)
                moves.append(
                    ("buy", ent, [str(x) for x in a.get("shares") or ()], a.get("percent"))
                )
            elif kind == "sell_shares":
                move_shares(ent, a, -1)
                moves.append(
                    ("sell", ent, [str(x) for x in a.get("shares") or ()], a.get("percent"))
                )
            elif kind == "bid" and a.get("company"):
                bids[str(a["company"])] = ent
                moves.append(("bid", ent, str(a["company"]), _amount(a.get("price"))))
            elif kind == "buy_company" and a.get("company"):
                privates[str(a["company"])] = ent
                moves.append(("company", ent, str(a["company"]), _amount(a.get("price"))))
            continue
        if etype == "company" and kind == "bid" and a.get("company"):
            bids[str(a["company"])] = ent
        if etype != "corporation":
            continue
        corp = str(ent)
        if kind == "discard_train":
            owner.pop(str(a.get("train")), None)
            if corp == "SBB" and not state["sbb_seen"]:
                state["sbb_seen"] = True
                event("sbb")
                sbb_forms()
            trains.pop(str(a.get("train")), None)
            continue
        if state["pending_sr"]:
            if corp != state["corp"]:
                open_sr()
            state["pending_sr"] = False
        if not state["in_or"]:
            start_or()
        elif corp != state["corp"] and corp in state["turned"]:
            start_or()
        if state["stop"]:
            break
        if corp == "SBB" and not state["sbb_seen"]:
            # it forms at the end of the OR before the one it first acts in (or the
            # current one when it first acts as the same OR's formation)
            state["sbb_seen"] = True
            if state["n"] == 1 and len(ors) >= 2 and state["corp"] is None:
                events["sbb"] = ors[-2] if events["sbb"] is None else events["sbb"]
            elif events["sbb"] is None and len(ors) >= 2:
                events["sbb"] = ors[-2]
            sbb_forms()
        if corp != state["corp"]:
            state["corp"] = corp
            state["turned"].add(corp)
            moves.append(("turn", corp))
            if corp not in floated:
                floated.append(corp)
        if kind == "run_routes":
            total = 0
            for route in a.get("routes") or ():
                if isinstance(route, dict):
                    total += int(route.get("revenue") or 0)
            total += int(a.get("extra_revenue") or 0)
            revenue[-1] += total
            moves.append(("run", corp, total))
            for route in a.get("routes") or ():
                tid = str(route.get("train", "")) if isinstance(route, dict) else ""
                if not tid or trains.get(tid, (None,))[0] == corp:
                    continue
                if tid in trains:  # the reading had it elsewhere: a reading error
                    notes.append(f"{corp} ran train {tid}, read as {trains[tid][0]}'s")
                elif tid not in owner:  # P7's EVA or the SBB's own 5 (no purchase)
                    notes.append(f"{corp} ran train {tid}, which it got without a purchase")
                trains[tid] = (corp, _train_type(tid, None))
        elif kind == "dividend":
            moves.append(("div", corp, str(a.get("kind"))))
            if a.get("kind") == "withhold":
                state["withholds"] += 1
                ph = state["phase"]
                withholds_by_phase[ph] = withholds_by_phase.get(ph, 0) + 1
            else:
                state["payouts"] += 1
        elif kind == "buy_train":
            tid = str(a.get("train"))
            variant = str(a.get("variant") or "")
            t = _train_type(tid, variant)
            seller = trains.get(tid, (None,))[0]
            moves.append(("train", corp, _amount(a.get("price")), seller))
            trains[tid] = (corp, t)
            if variant.endswith("H"):
                h_side.add(tid)
            if tid in owner and owner[tid] != corp:
                state["across"] += 1
            elif tid not in owner:
                try:
                    k = int(tid.rsplit("-", 1)[1])
                except (IndexError, ValueError):
                    k = -1
                card = (t, k)
                depot_price = int(R.PRICE_H[t] if variant.endswith("H") else R.PRICE_N[t])
                if card not in in_deck and (not variant or a.get("price") != depot_price):
                    # a train never seen in the log (P7's or the SBB's 5H) changing hands
                    state["across"] += 1
                    owner[tid] = corp
                    continue
                if card not in in_deck:
                    notes.append(f"train {tid} bought from the depot was not in the deck")
                    card = next((c for c in deck if c[0] == t), None)
                    if card is None:
                        raise InputError(
                            f"{where}: action {a.get('id')} (buy_train): {corp} buys {tid} from "
                            f"the depot, but no {R.TRAIN_NAMES[t]} train is left in it "
                            f"({len(DECK_IDS[t])} in the game)"
                        )
                bought[R.TRAIN_NAMES[t]] += 1
                if variant.endswith("H"):
                    bought_h[R.TRAIN_NAMES[t]] += 1
                take(card)
            owner[tid] = corp
        elif kind == "place_token":
            tokens[corp] = tokens.get(corp, 0) + 1
            charter = _charter(corp, pars)
            if tokens[corp] > charter:
                raise InputError(
                    f"{where}: action {a.get('id')} (place_token): {corp} places its token "
                    f"{tokens[corp] + 1} (its home the first), but its charter has {charter + 1}"
                )
            moves.append(("token", corp))
        elif kind == "buy_company" and a.get("company"):
            privates[str(a["company"])] = corp
            moves.append(("company", corp, str(a["company"]), _amount(a.get("price"))))
        elif kind == "bankrupt":
            state["bankrupt"] = corp
    if not ors:
        raise InputError(f"{where}: the log has no operating round")
    if upto is not None and not state["stop"] and upto > len(ors):
        raise InputError(
            f"{where}: the game has {len(ors)} operating rounds; --at {upto} is past its end"
        )
    if depot_gone:
        depot_gone[-1] = max(depot_gone[-1], len(DECK) - len(deck))
    finished = not state["stop"] and (
        doc.get("status") in (None, "finished") or bool(doc.get("game_end_reason"))
    )
    last_set = ors[-1][1]
    if not finished:
        reason, source = "in progress", "none"
    elif doc.get("game_end_reason"):
        reason, source = str(doc["game_end_reason"]), "export"
    else:
        reason, source = end_from_log(state, ors, notes)
    if finished:
        events["end"] = ors[-1]
    if reason == "bank":
        events["bank"] = next(o for o in ors if o[1] == last_set)
    owners_of_privates = dict(bids)
    owners_of_privates.update(privates)
    directors = {}
    for (holder, corp), pct in sorted(holding.items(), key=lambda kv: first_holder[kv[0]]):
        if pct > 0 and (corp not in directors or pct > holding[(directors[corp], corp)]):
            directors[corp] = holder
    per_corp: dict = {}
    per_corp_h: dict = {}
    for tid, (c, t) in sorted(trains.items()):
        per_corp.setdefault(c, []).append(R.TRAIN_NAMES[t])
        if tid in h_side:
            per_corp_h.setdefault(c, []).append(R.TRAIN_NAMES[t])
    position = {
        "phase": state["phase"],
        "trains": {c: sorted(v, key=R.TRAIN_NAMES.index) for c, v in sorted(per_corp.items())},
        # of them bought on the H side (a train downgraded later is H too)
        "trains_h": {c: sorted(v, key=R.TRAIN_NAMES.index) for c, v in sorted(per_corp_h.items())},
        "depot_left": len(deck),
        "next_train": R.TRAIN_NAMES[deck[0][0]] if deck else None,
        "operated": list(floated),
        "closed": sorted(closed),
        "shares": {
            str(h): {c: int(p) for (h2, c), p in holding.items() if h2 == h and p > 0}
            for h in dict.fromkeys(h for h, _ in holding)
        },
        "directors": {c: directors[c] for c in sorted(directors)},
        "privates": {k: owners_of_privates[k] for k in sorted(owners_of_privates)},
        "tokens": dict(sorted(tokens.items())),
        "bankrupt": state.get("bankrupt"),
    }
    scores = {}
    result = doc.get("result")
    if isinstance(result, dict):
        for k, v in result.items():
            try:
                scores[int(k) if str(k).lstrip("-").isdigit() else k] = int(v)
            except (TypeError, ValueError):
                continue
    return Timeline(
        game_id=doc.get("id"),
        players=len(players),
        player_ids=[p.get("id") for p in players if isinstance(p, dict)],
        player_names={
            p.get("id"): str(p.get("name") or p.get("id")) for p in players if isinstance(p, dict)
        },
        end_reason=reason,
        events=events,
        ors=ors,
        revenue=revenue,
        bought=bought,
        bought_h=bought_h,
        exported=exported,
        across=state["across"],
        withholds=state["withholds"],
        withholds_by_phase=withholds_by_phase,
        payouts=state["payouts"],
        floated=floated,
        scores=scores,
        notes=notes,
        depot_gone=depot_gone,
        cut=upto,
        finished=finished,
        last_or_over=finished or state["stop"],
        end_source=source,
        position=position,
        moves=moves,
    )


def _amount(v) -> int:
    """A money amount of the log (0 where it is missing or not a number)."""
    try:
        return int(v)
    except (TypeError, ValueError):
        return 0


def end_from_log(state: dict, ors: list, notes: list) -> tuple[str, str]:
    """How a finished game ended, read off its log (older exports lack ``game_end_reason``).

    The engine ends 1844 at once when a player goes bankrupt (a ``bankrupt`` action), else
    after the OR set in which the bank breaks; the game's last phase (7) sets no limit of
    its own.  So: a ``bankrupt`` action is a bankruptcy; a game that ends with a complete
    OR set of its phase is a bank break; anything else is left "unknown".
    """
    if state.get("bankrupt") is not None:
        notes.append("end reason read off the log: a bankrupt action")
        return "bankrupt", "log"
    g, s, n = ors[-1]
    in_set = sum(1 for o in ors if o[1] == s)
    if in_set == int(R.ORS_PER_SET[state["phase"]]):
        notes.append(
            f"end reason read off the log: the game ended after a complete set of "
            f"{in_set} ORs in phase {state['phase']} with no bankruptcy: the bank broke"
        )
        return "bank", "log"
    notes.append("end reason unknown: no game_end_reason, no bankruptcy, the last set cut short")
    return "unknown", "log"


RECORDED = Path(__file__).parent / "games"  # two real games shipped for calibration


def recorded_games() -> list[Path]:
    """The recorded games shipped with the package (18xx.games exports)."""
    return sorted(RECORDED.glob("*.json"))


def read_export(path, upto: int | None = None) -> Timeline:
    """Load an 18xx.games export file and rebuild its timeline (to global OR ``upto``)."""
    return read_timeline(_parse(path), str(path), upto)  # (which checks it, once)
