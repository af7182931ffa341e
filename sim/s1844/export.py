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
    log = _Log(doc, where, upto)
    log.read(list(_expanded(effective_actions(doc["actions"]))))
    return log.timeline(doc)


class _Log:
    """One reading of an export's log (:func:`read_timeline`): what the rounds share (the
    events, the depot, the phase, the trains and shares, where the log is), then one step
    per kind of action: the private auction's, the stock rounds' and the operating rounds'.
    """

    def __init__(self, doc: dict, where: str, upto: int | None):
        self.where, self.upto = where, upto
        self.ids = {p.get("id") for p in doc["players"] if isinstance(p, dict)}
        self.deck = [(t, k) for t in range(R.NTYPE) for k in DECK_IDS[t]]
        self.in_deck = set(self.deck)
        self.owner: dict[str, str] = {}  # train id -> the corporation that bought it
        self.events: dict = {e: None for e in R.EVENTS}
        self.ors: list = []
        self.revenue: list = []
        self.bought = {name: 0 for name in R.TRAIN_NAMES}
        self.bought_h = {name: 0 for name in R.TRAIN_NAMES}
        self.exported = {name: 0 for name in R.TRAIN_NAMES}
        self.withholds_by_phase: dict = {}
        self.floated: list = []
        self.notes: list = []
        self.trains: dict[str, tuple[str, int]] = {}  # train id -> (corporation, type)
        self.holding: dict = {}  # (holder, corporation) -> percent
        self.first_holder: dict = {}  # (holder, corporation) -> order of the first purchase
        self.share_pct: dict = {}  # corporation -> percent of one ordinary share
        self.privates: dict = {}  # company -> owner (player id or corporation)
        self.bids: dict = {}  # company -> last bidder
        self.tokens: dict = {}
        self.pars: dict = {}  # corporation -> par price
        self.depot_gone: list = []
        self.closed: set = set()
        self.moves: list = []
        self.h_side: set = set()  # train ids bought on the H side
        # where the log is
        self.stop = False  # past ``upto``
        self.phase = 1
        self.sr = 0
        self.in_or = False
        self.n = 0  # the OR's number in its set
        self.g = 0  # the global OR
        self.corp = None  # the corporation whose turn it is
        self.turned: set = set()  # the corporations that had their turn in this OR
        self.sbb_seen = False
        self.pending_sr = False  # a player's pass or sale in an OR: a stock round, or not
        self.across = 0
        self.withholds = 0
        self.payouts = 0
        self.bankrupt = None

    # -- what the rounds share --------------------------------------------------------------

    def event(self, name) -> None:
        if self.events[name] is None and self.g > 0:
            self.events[name] = (self.g, self.sr, self.n)

    def new_type(self, t) -> None:
        phase = int(R.PHASE_OF[t])
        if phase > self.phase:
            for k in range(self.phase + 1, phase + 1):
                self.event(f"phase{k}")
                self.moves.append(("phase", k))
            self.phase = phase
        for r in range(R.NTYPE):
            if R.RUSTED_BY[r] == t:
                self.event(f"rust{r + 2}")
                for tid in [k for k, v in self.trains.items() if v[1] == r]:
                    del self.trains[tid]

    def take(self, card) -> None:
        if card in self.in_deck:
            self.in_deck.discard(card)
            self.deck.remove(card)
        if self.events[f"phase{int(R.PHASE_OF[card[0]])}"] is None:
            self.new_type(card[0])

    def sbb_forms(self) -> None:
        for tid, (c, t) in list(self.trains.items()):
            if c in PRE_SBB:
                self.trains[tid] = ("SBB", t)
        self.closed.update(c for c in PRE_SBB if c in self.floated)
        self.moves.append(("sbb",))

    def read(self, actions: list) -> None:
        for a in actions:
            if self.stop:
                break
            kind = a["type"]
            if kind.startswith(IGNORED_PREFIX):
                continue
            etype = a.get("entity_type")
            ent = a.get("entity")
            if etype == "player" or (etype is None and ent in self.ids):
                self.player(a, kind, ent)
            elif etype == "company":
                if kind == "bid" and a.get("company"):
                    self.bids[str(a["company"])] = ent
            elif etype == "corporation":
                self.corporation(a, kind, str(ent))

    def player(self, a: dict, kind: str, ent) -> None:
        """A player's action: the private auction's or a stock round's."""
        if kind in ("pass", "sell_shares") and self.in_or:
            # a stock round's first move, or a player's move inside a company's turn
            # (emergency money): decided by who acts next
            self.pending_sr = True
        elif kind in SR_ONLY:
            self.open_sr()
        for s in a.get("shares") or ():
            if str(s).startswith("SBB_") and not self.sbb_seen:
                self.sbb_seen = True
                self.event("sbb")
                self.sbb_forms()
        if kind in ("bid", "buy_company"):
            self.auction(a, kind, ent)
        else:
            self.stock(a, kind, ent)

    # -- the private auction ----------------------------------------------------------------

    def auction(self, a: dict, kind: str, ent) -> None:
        """A player's bid on a private, or a private bought."""
        if kind == "bid" and a.get("company"):
            self.bids[str(a["company"])] = ent
            self.moves.append(("bid", ent, str(a["company"]), _amount(a.get("price"))))
        elif kind == "buy_company" and a.get("company"):
            self.privates[str(a["company"])] = ent
            self.moves.append(("company", ent, str(a["company"]), _amount(a.get("price"))))

    # -- the stock rounds -------------------------------------------------------------------

    def open_sr(self) -> None:
        if self.in_or or self.sr == 0:
            self.in_or = False
            self.sr += 1
            self.corp = None
        self.pending_sr = False

    def stock(self, a: dict, kind: str, ent) -> None:
        """A player's par, share purchase or share sale."""
        if kind == "par":
            corp = str(a.get("corporation"))
            key = (ent, corp)
            self.holding[key] = self.holding.get(key, 0) + DIRECTOR_PCT.get(corp, 20)
            self.first_holder.setdefault(key, len(self.first_holder))
            price = _amount(str(a.get("share_price")).split(",")[0])
            self.moves.append(("par", ent, corp, price))
            self.pars[corp] = price
        elif kind in ("buy_shares", "sell_shares"):
            self.move_shares(ent, a, 1 if kind == "buy_shares" else -1)
            self.moves.append(
                (
                    "buy" if kind == "buy_shares" else "sell",
                    ent,
                    [str(x) for x in a.get("shares") or ()],
                    a.get("percent"),
                )
            )

    def move_shares(self, player, a: dict, sign: int) -> None:
        names = [str(sh).rsplit("_", 1)[0] for sh in a.get("shares") or ()]
        if not names:
            return
        pct = a.get("percent")
        each = (int(pct) / len(names)) if isinstance(pct, (int, float)) else None
        for corp in names:
            if each is not None:
                self.share_pct.setdefault(corp, each)
            # the action's own percent: a director's certificate (two shares) sold or
            # bought counts as what it is
            step = each if each is not None else self.share_pct.get(corp, 10)
            key = (player, corp)
            self.holding[key] = self.holding.get(key, 0) + sign * step
            # (SBB shares also come from the exchange of pre-SBB ones, which the log omits)
            if self.holding[key] < 0 and corp != "SBB":
                raise InputError(
                    f"{self.where}: action {a.get('id')} (sell_shares): player {player} sells "
                    f"{corp} shares it does not hold ({self.holding[key] - sign * step:g}% held)"
                )
            self.first_holder.setdefault(key, len(self.first_holder))

    # -- the operating rounds ---------------------------------------------------------------

    def start_or(self) -> None:
        if not self.in_or:
            if self.g > 0 and self.phase >= 2 and self.deck:  # the set just ended
                card = self.deck[0]
                self.exported[R.TRAIN_NAMES[card[0]]] += 1
                self.take(card)
            if self.sr > 0:  # (after the set's export: its phase sets the next set)
                self.moves.append(("sr_end",))
            self.in_or = True
            self.n = 0
        if self.depot_gone:
            self.depot_gone[-1] = len(DECK) - len(self.deck)
        if self.upto is not None and self.g >= self.upto:
            self.stop = True
            return
        self.g += 1
        self.n += 1
        self.turned = set()
        self.corp = None
        self.ors.append((self.g, self.sr, self.n))
        self.moves.append(("or", self.g, self.n))
        self.revenue.append(0)
        self.depot_gone.append(len(DECK) - len(self.deck))

    def corporation(self, a: dict, kind: str, corp: str) -> None:
        """A corporation's action: its turn in an operating round (which may open one)."""
        if kind == "discard_train":
            self.owner.pop(str(a.get("train")), None)
            if corp == "SBB" and not self.sbb_seen:
                self.sbb_seen = True
                self.event("sbb")
                self.sbb_forms()
            self.trains.pop(str(a.get("train")), None)
            return
        if self.pending_sr:
            if corp != self.corp:
                self.open_sr()
            self.pending_sr = False
        if not self.in_or:
            self.start_or()
        elif corp != self.corp and corp in self.turned:
            self.start_or()
        if self.stop:
            return
        if corp == "SBB" and not self.sbb_seen:
            # it forms at the end of the OR before the one it first acts in (or the
            # current one when it first acts as the same OR's formation)
            self.sbb_seen = True
            if self.n == 1 and len(self.ors) >= 2 and self.corp is None:
                self.events["sbb"] = (
                    self.ors[-2] if self.events["sbb"] is None else self.events["sbb"]
                )
            elif self.events["sbb"] is None and len(self.ors) >= 2:
                self.events["sbb"] = self.ors[-2]
            self.sbb_forms()
        if corp != self.corp:
            self.corp = corp
            self.turned.add(corp)
            self.moves.append(("turn", corp))
            if corp not in self.floated:
                self.floated.append(corp)
        if kind == "run_routes":
            self.run_routes(a, corp)
        elif kind == "dividend":
            self.moves.append(("div", corp, str(a.get("kind"))))
            if a.get("kind") == "withhold":
                self.withholds += 1
                ph = self.phase
                self.withholds_by_phase[ph] = self.withholds_by_phase.get(ph, 0) + 1
            else:
                self.payouts += 1
        elif kind == "buy_train":
            self.buy_train(a, corp)
        elif kind == "place_token":
            self.tokens[corp] = self.tokens.get(corp, 0) + 1
            charter = _charter(corp, self.pars)
            if self.tokens[corp] > charter:
                raise InputError(
                    f"{self.where}: action {a.get('id')} (place_token): {corp} places its token "
                    f"{self.tokens[corp] + 1} (its home the first), but its charter has "
                    f"{charter + 1}"
                )
            self.moves.append(("token", corp))
        elif kind == "buy_company" and a.get("company"):
            self.privates[str(a["company"])] = corp
            self.moves.append(("company", corp, str(a["company"]), _amount(a.get("price"))))
        elif kind == "bankrupt":
            self.bankrupt = corp

    def run_routes(self, a: dict, corp: str) -> None:
        total = 0
        for route in a.get("routes") or ():
            if isinstance(route, dict):
                total += int(route.get("revenue") or 0)
        total += int(a.get("extra_revenue") or 0)
        self.revenue[-1] += total
        self.moves.append(("run", corp, total))
        for route in a.get("routes") or ():
            tid = str(route.get("train", "")) if isinstance(route, dict) else ""
            if not tid or self.trains.get(tid, (None,))[0] == corp:
                continue
            if tid in self.trains:  # the reading had it elsewhere: a reading error
                self.notes.append(f"{corp} ran train {tid}, read as {self.trains[tid][0]}'s")
            elif tid not in self.owner:  # P7's EVA or the SBB's own 5 (no purchase)
                self.notes.append(f"{corp} ran train {tid}, which it got without a purchase")
            self.trains[tid] = (corp, _train_type(tid, None))

    def buy_train(self, a: dict, corp: str) -> None:
        """A train bought from the depot (its card taken off the deck) or across."""
        tid = str(a.get("train"))
        variant = str(a.get("variant") or "")
        t = _train_type(tid, variant)
        seller = self.trains.get(tid, (None,))[0]
        self.moves.append(("train", corp, _amount(a.get("price")), seller))
        self.trains[tid] = (corp, t)
        if variant.endswith("H"):
            self.h_side.add(tid)
        if tid in self.owner and self.owner[tid] != corp:
            self.across += 1
        elif tid not in self.owner:
            try:
                k = int(tid.rsplit("-", 1)[1])
            except (IndexError, ValueError):
                k = -1
            card = (t, k)
            depot_price = int(R.PRICE_H[t] if variant.endswith("H") else R.PRICE_N[t])
            if card not in self.in_deck and (not variant or a.get("price") != depot_price):
                # a train never seen in the log (P7's or the SBB's 5H) changing hands
                self.across += 1
                self.owner[tid] = corp
                return
            if card not in self.in_deck:
                self.notes.append(f"train {tid} bought from the depot was not in the deck")
                card = next((c for c in self.deck if c[0] == t), None)
                if card is None:
                    raise InputError(
                        f"{self.where}: action {a.get('id')} (buy_train): {corp} buys {tid} "
                        f"from the depot, but no {R.TRAIN_NAMES[t]} train is left in it "
                        f"({len(DECK_IDS[t])} in the game)"
                    )
            self.bought[R.TRAIN_NAMES[t]] += 1
            if variant.endswith("H"):
                self.bought_h[R.TRAIN_NAMES[t]] += 1
            self.take(card)
        self.owner[tid] = corp

    # -- the end of what was read -----------------------------------------------------------

    def timeline(self, doc: dict) -> Timeline:
        """The timeline of what was read (an :class:`InputError` when it has no OR, or
        ends before ``upto``)."""
        ors, upto = self.ors, self.upto
        if not ors:
            raise InputError(f"{self.where}: the log has no operating round")
        if upto is not None and not self.stop and upto > len(ors):
            raise InputError(
                f"{self.where}: the game has {len(ors)} operating rounds; --at {upto} is past "
                "its end"
            )
        if self.depot_gone:
            self.depot_gone[-1] = max(self.depot_gone[-1], len(DECK) - len(self.deck))
        finished = not self.stop and (
            doc.get("status") in (None, "finished") or bool(doc.get("game_end_reason"))
        )
        last_set = ors[-1][1]
        if not finished:
            reason, source = "in progress", "none"
        elif doc.get("game_end_reason"):
            reason, source = str(doc["game_end_reason"]), "export"
        else:
            reason, source = end_from_log(self.bankrupt, self.phase, ors, self.notes)
        if finished:
            self.events["end"] = ors[-1]
        if reason == "bank":
            self.events["bank"] = next(o for o in ors if o[1] == last_set)
        players = doc["players"]
        return Timeline(
            game_id=doc.get("id"),
            players=len(players),
            player_ids=[p.get("id") for p in players if isinstance(p, dict)],
            player_names={
                p.get("id"): str(p.get("name") or p.get("id"))
                for p in players
                if isinstance(p, dict)
            },
            end_reason=reason,
            events=self.events,
            ors=ors,
            revenue=self.revenue,
            bought=self.bought,
            bought_h=self.bought_h,
            exported=self.exported,
            across=self.across,
            withholds=self.withholds,
            withholds_by_phase=self.withholds_by_phase,
            payouts=self.payouts,
            floated=self.floated,
            scores=_scores(doc),
            notes=self.notes,
            depot_gone=self.depot_gone,
            cut=upto,
            finished=finished,
            last_or_over=finished or self.stop,
            end_source=source,
            position=self.position(),
            moves=self.moves,
        )

    def position(self) -> dict:
        """The game's state at the end of what was read (see :func:`read_timeline`)."""
        holding = self.holding
        owners_of_privates = dict(self.bids)
        owners_of_privates.update(self.privates)
        directors = {}
        for (holder, corp), pct in sorted(holding.items(), key=lambda kv: self.first_holder[kv[0]]):
            if pct > 0 and (corp not in directors or pct > holding[(directors[corp], corp)]):
                directors[corp] = holder
        per_corp: dict = {}
        per_corp_h: dict = {}
        for tid, (c, t) in sorted(self.trains.items()):
            per_corp.setdefault(c, []).append(R.TRAIN_NAMES[t])
            if tid in self.h_side:
                per_corp_h.setdefault(c, []).append(R.TRAIN_NAMES[t])
        return {
            "phase": self.phase,
            "trains": {c: sorted(v, key=R.TRAIN_NAMES.index) for c, v in sorted(per_corp.items())},
            # of them bought on the H side (a train downgraded later is H too)
            "trains_h": {
                c: sorted(v, key=R.TRAIN_NAMES.index) for c, v in sorted(per_corp_h.items())
            },
            "depot_left": len(self.deck),
            "next_train": R.TRAIN_NAMES[self.deck[0][0]] if self.deck else None,
            "operated": list(self.floated),
            "closed": sorted(self.closed),
            "shares": {
                str(h): {c: int(p) for (h2, c), p in holding.items() if h2 == h and p > 0}
                for h in dict.fromkeys(h for h, _ in holding)
            },
            "directors": {c: directors[c] for c in sorted(directors)},
            "privates": {k: owners_of_privates[k] for k in sorted(owners_of_privates)},
            "tokens": dict(sorted(self.tokens.items())),
            "bankrupt": self.bankrupt,
        }


def _scores(doc: dict) -> dict:
    """The export's final value per player id (ids that read as numbers as ints)."""
    scores = {}
    result = doc.get("result")
    if isinstance(result, dict):
        for k, v in result.items():
            try:
                scores[int(k) if str(k).lstrip("-").isdigit() else k] = int(v)
            except (TypeError, ValueError):
                continue
    return scores


def _amount(v) -> int:
    """A money amount of the log (0 where it is missing or not a number)."""
    try:
        return int(v)
    except (TypeError, ValueError):
        return 0


def end_from_log(bankrupt, phase: int, ors: list, notes: list) -> tuple[str, str]:
    """How a finished game ended, read off its log (older exports lack ``game_end_reason``).

    The engine ends 1844 at once when a player goes bankrupt (a ``bankrupt`` action), else
    after the OR set in which the bank breaks; the game's last phase (7) sets no limit of
    its own.  So: a ``bankrupt`` action is a bankruptcy; a game that ends with a complete
    OR set of its phase is a bank break; anything else is left "unknown".
    """
    if bankrupt is not None:
        notes.append("end reason read off the log: a bankrupt action")
        return "bankrupt", "log"
    g, s, n = ors[-1]
    in_set = sum(1 for o in ors if o[1] == s)
    if in_set == int(R.ORS_PER_SET[phase]):
        notes.append(
            f"end reason read off the log: the game ended after a complete set of "
            f"{in_set} ORs in phase {phase} with no bankruptcy: the bank broke"
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
