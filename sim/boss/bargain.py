"""I'm the Boss!: one deal as a cooperative game, and the fair shares under named models.

A deal (a TOML file, see ``deal_example.toml``) gives the space, the payout and, per
player, the investor cards, family cards, travel, stop, boss and recruitment cards.
Everything here is exact (fractions) and pure.

The characteristic function ``v(S)`` pays the deal's payout to a coalition ``S`` of
players that can complete the deal on its own, else 0:

* ``completes``: the members' investors (not travelled) and family cards, with the
  members' recruitment sets taking investors from the others (or from beside the
  board, where spares lie), cover the required families and ``pick`` optional ones,
  and a member leads the deal (is the boss, or holds a boss card);
* ``guaranteed`` (the default): as ``completes``, but against everything the others
  can do, under the rules' threat model, the simulator's too: anyone may answer any
  card but a stop (a boss card, a recruitment set, a travel card) with a stop card, and
  the two are discarded together.  The others' travel cards and recruitment sets knock
  out the members' investors and family cards, and a member's stop cancels one such
  card; the others' stops cancel the members' recruitment sets and boss cards, the
  members' stops the others' boss cards.  Every boss card of the others must be
  answered by a stop or by a member's boss card that stands; a coalition without the
  boss needs more boss cards standing than the others.  The others choose how to split
  their stops between the members' boss cards and recruitment sets, and the members,
  answering, how to split theirs between the boss fight and the rest.

Under the rulebook's 2-player rules (a deal of 2 players, or the variant ``two-player-rules``)
the leading coalition may use the others' untravelled investors without their consent, paying
each one used ``rules.two_player_price`` (the payout over the investors the deal needs; over
6 with ``two-player-sixth``), and an owner may still block by travelling its own investor
(a member's stop cancels that, as any travel card).  ``v(S)`` is then the payout less what
``S`` pays for the fewest such investors with which it completes (guarantees) the deal; a
recruitment set of the others knocks nothing out, since the boss may use a taken investor
without consent too (what it would add to the price is not counted).

Models of the split:

* ``shapley``: the Shapley value of ``v`` over the players;
* ``core``: each player's lowest and highest share over the core (scipy linprog);
  empty when no split gives every coalition at least its value;
* ``nash``: the Nash bargaining split (a failed deal pays nobody) inside the smallest
  winning coalition with the boss, where each member's outside option (its equal
  share in the best other minimal winning coalition) is a floor;
* ``investors``: each family is priced by its Shapley value in the space's own
  requirement game (families as players); a player bringing a family the boss lacks
  is paid its price, the boss keeps the rest;
* ``weights``: the simulator's original rule (``[bargain]`` in the board data).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product
from math import factorial
from pathlib import Path

from tableodds.sim.boss.options import EXAMPLES, PLAYERS, VARIANTS
from tableodds.sim.boss.rules import (
    FAMILIES,
    N_FAMILIES,
    RECRUIT_SET,
    SCALE,
    Cards,
    check_spares,
    load_cards,
    shapley_prices,
    two_player_price,
)
from tableodds.sim.core.data import int_field, load_toml, unknown_keys
from tableodds.sim.core.errors import InputError

MODELS = ("shapley", "core", "nash", "investors", "weights")
DEAL_VARIANTS = ("two-player-rules", "two-player-sixth")  # the house rules a deal's value reads


@dataclass(frozen=True)
class Holding:
    """One player's cards in this deal."""

    name: str
    investors: int = 0  # family bit mask of investor cards held
    travelled: int = 0  # of those, the ones under a travel card (out of this deal)
    family: tuple[int, ...] = (0,) * N_FAMILIES  # family cards, laid or in hand
    travel: tuple[int, ...] = (0,) * N_FAMILIES  # coloured travel cards
    wild: int = 0
    stop: int = 0
    boss: int = 0
    recruit: int = 0

    @property
    def sets(self) -> int:
        return self.recruit // RECRUIT_SET


@dataclass(frozen=True)
class Deal:
    required: int
    optional: int
    pick: int
    payout: int
    players: tuple[Holding, ...]
    boss: int
    spare: int = 0  # investors beside the board (4-5 players): recruitment takes these
    weights: tuple[int, int] = (2, 20)  # boss_weight, min_boss_percent of the old rule
    source: str = "deal"
    # the 2-player rules: what the leader pays for each other player's investor it uses
    # without consent (``rules.two_player_price``); None: the ordinary rules
    unconsented: int | None = None

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def needed(self) -> int:
        return self.required | self.optional

    def names(self, coalition: int) -> list[str]:
        return [p.name for i, p in enumerate(self.players) if coalition >> i & 1]


def _bits(mask: int) -> list[int]:
    return [f for f in range(N_FAMILIES) if mask >> f & 1]


def _covers(deal: Deal, alive: int) -> bool:
    return (
        alive & deal.required == deal.required
        and bin(alive & deal.optional).count("1") >= deal.pick
    )


# ---- the characteristic function -----------------------------------------------------------


def _members(deal: Deal, s: int) -> list[Holding]:
    return [p for i, p in enumerate(deal.players) if s >> i & 1]


def _leads(deal: Deal, s: int) -> bool:
    """Whether coalition ``s`` leads the deal when nobody stands against it."""
    return bool(s >> deal.boss & 1) or sum(p.boss for p in _members(deal, s)) > 0


def _keeps_lead(deal: Deal, s: int, k: int, j: int) -> bool:
    """The boss fight under threats: coalition ``s`` spends ``k`` stops on the others' boss
    cards, the others spend ``j`` stops on its boss cards.  Every boss card of the others
    must be answered by a stop or by a boss card of the coalition that is not stopped; a
    coalition without the boss must end with more boss cards standing than the others."""
    mine = sum(p.boss for p in _members(deal, s))
    theirs = sum(p.boss for p in _members(deal, ~s & ((1 << deal.n) - 1)))
    mine_left = mine - min(j, mine)
    theirs_left = theirs - min(k, theirs)
    return mine_left >= theirs_left if s >> deal.boss & 1 else mine_left > theirs_left


def _targets(deal: Deal, s: int) -> int:
    """Investors a recruitment set of the coalition may take: spares if any, else the
    others' investors that are not travelled."""
    if deal.spare:
        return deal.spare & deal.needed
    out = 0
    for p in _members(deal, ~s & ((1 << deal.n) - 1)):
        out |= p.investors & ~p.travelled
    return out & deal.needed


def _unconsented(deal: Deal, s: int, taken: int) -> int:
    """Investors the coalition may use without consent (the 2-player rules): the others'
    untravelled ones the deal needs, but those its recruitment sets take."""
    if deal.unconsented is None:
        return 0
    out = 0
    for p in _members(deal, ~s & ((1 << deal.n) - 1)):
        out |= p.investors & ~p.travelled
    return out & deal.needed & ~taken


def _supply(deal: Deal, s: int, taken: int) -> tuple[list[int], int]:
    """Units per family (investor + family cards) and the investor mask of a coalition;
    ``taken`` the investors it adds (recruited, or used without consent)."""
    inv = taken
    units = [0] * N_FAMILIES
    for p in _members(deal, s):
        inv |= p.investors & ~p.travelled
        for f in range(N_FAMILIES):
            units[f] += p.family[f]
    for f in _bits(inv):
        units[f] += 1
    return units, inv


def _survives(deal: Deal, s: int, units: list[int], inv: int, stops: int) -> bool:
    """Whether the coalition completes against every way the others knock out its cards."""
    others = _members(deal, ~s & ((1 << deal.n) - 1))
    colour = [sum(p.travel[f] for p in others) for f in range(N_FAMILIES)]
    wild = sum(p.wild for p in others)
    # with spares beside the board a recruitment set cannot take a player's investor; under
    # the 2-player rules a taken investor can still be used without consent
    raids = 0 if deal.spare or deal.unconsented is not None else sum(p.sets for p in others)
    fams = [f for f in _bits(deal.needed) if units[f] > 0]
    if not _covers(deal, sum(1 << f for f in fams)):
        return False

    def feasible(blocks):
        excess = [max(0, b - colour[f]) for f, b in zip(fams, blocks)]
        hit = sum(1 for f, e in zip(fams, excess) if e > 0 and inv >> f & 1)
        return sum(excess) - min(raids, hit) <= wild

    def holds(blocks):
        # restoring a knocked-out family costs one stop per block beyond the first unit
        alive, req_cost, opt_costs = 0, 0, []
        for f, b in zip(fams, blocks):
            if b < units[f]:
                alive |= 1 << f
            elif deal.required >> f & 1:
                req_cost += b - units[f] + 1
            else:
                opt_costs.append(b - units[f] + 1)
        left = stops - req_cost
        if left < 0:
            return False
        alive |= deal.required  # every knocked-out required family is restored
        got = bin(alive & deal.optional).count("1")
        for c in sorted(opt_costs):
            if got >= deal.pick or c > left:
                break
            left -= c
            got += 1
        return got >= deal.pick

    # each family: untouched, or knocked out with 0..stops blocks to spare
    choices = [[0] + list(range(units[f], units[f] + stops + 1)) for f in fams]

    def search(k, blocks):
        if not feasible(blocks + [0] * (len(fams) - k)):
            return True  # the others cannot afford this; nothing below is cheaper
        if k == len(fams):
            return holds(blocks)
        return all(search(k + 1, blocks + [b]) for b in choices[k])

    return search(0, [])


def value(deal: Deal, s: int, threats: bool = True) -> int:
    """v(S): the payout when coalition ``s`` (a seat bit mask) can complete the deal, less
    what it pays for investors used without consent (the 2-player rules), else 0."""
    return worth(deal, s, threats)[0]


def worth(deal: Deal, s: int, threats: bool = True) -> tuple[int, int]:
    """(v(S), the investors S uses without consent to get it, a family mask)."""
    if s == 0:
        return 0, 0
    sets = sum(p.sets for p in _members(deal, s))
    pool = _bits(_targets(deal, s))
    price = deal.unconsented or 0
    if not threats:
        if not _leads(deal, s):
            return 0, 0
        got = _completes(deal, s, pool, sets, 0, threats=False)
        return (0, 0) if got is None else (max(0, deal.payout - price * got[0]), got[1])
    # The others answer with every card they hold: boss cards, travel cards, recruitment
    # sets, and stops split between the coalition's boss cards (j) and its recruitment sets;
    # the coalition splits its stops between their boss cards (k) and the rest.  The others
    # pick the split that leaves S the least; S answers with the one that costs it least.
    mine = sum(p.stop for p in _members(deal, s))
    theirs = sum(p.stop for p in _members(deal, ~s & ((1 << deal.n) - 1)))
    worst = None
    for j in range(theirs + 1):
        left = max(0, sets - (theirs - j))
        best = None
        for k in range(mine + 1):
            if _keeps_lead(deal, s, k, j):
                got = _completes(deal, s, pool, left, mine - k)
                if got is not None and (best is None or got[0] < best[0]):
                    best = got
        if best is None:
            return 0, 0
        if worst is None or best[0] > worst[0]:
            worst = best
    return max(0, deal.payout - price * worst[0]), worst[1]


def _completes(
    deal: Deal, s: int, pool: list[int], sets: int, stops: int, threats: bool = True
) -> tuple[int, int] | None:
    """Whether coalition ``s`` completes against the others' travel cards and recruitment
    sets, taking investors with ``sets`` recruitment sets and restoring with ``stops``: the
    fewest investors it must use without consent (the 2-player rules) and which, or None."""
    best = None
    for k in range(min(sets, len(pool)), -1 if threats else min(sets, len(pool)) - 1, -1):
        for took in combinations(pool, k):
            taken = sum(1 << f for f in took)
            free = _bits(_unconsented(deal, s, taken))
            for m in range(len(free) + 1 if best is None else best[0]):
                for used in combinations(free, m):
                    units, inv = _supply(deal, s, taken | sum(1 << f for f in used))
                    if (
                        _survives(deal, s, units, inv, stops)
                        if threats
                        else _covers(deal, sum(1 << f for f in range(N_FAMILIES) if units[f]))
                    ):
                        best = (m, sum(1 << f for f in used))
                        break
                if best is not None and best[0] == m:
                    break
            if best is not None and best[0] == 0:
                return best
    return best


def game(deal: Deal, threats: bool = True) -> list[int]:
    """v for every coalition (index = seat bit mask)."""
    return [value(deal, s, threats) for s in range(1 << deal.n)]


# ---- solution concepts -------------------------------------------------------------------


def shapley(v: list[int], n: int) -> list[Fraction]:
    """The Shapley value: each player's average marginal contribution over all orders."""
    phi = [Fraction(0)] * n
    for i in range(n):
        for s in range(1 << n):
            if s >> i & 1:
                continue
            k = bin(s).count("1")
            w = Fraction(factorial(k) * factorial(n - k - 1), factorial(n))
            phi[i] += w * (v[s | 1 << i] - v[s])
    return phi


def core_ranges(v: list[int], n: int) -> tuple[tuple[float, float], ...] | None:
    """Each player's (lowest, highest) share over the core, or None when the core is empty."""
    import numpy as np
    from scipy.optimize import linprog

    full = (1 << n) - 1
    rows = [[-(s >> i & 1) for i in range(n)] for s in range(1, full)]
    rhs = [-v[s] for s in range(1, full)]
    a_ub = np.array(rows, float) if rows else None
    b_ub = np.array(rhs, float) if rows else None
    a_eq, b_eq = np.ones((1, n)), np.array([float(v[full])])
    out = []
    for i in range(n):
        lo_hi = []
        for sign in (1, -1):
            c = np.zeros(n)
            c[i] = sign
            r = linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq, bounds=(None, None))
            if r.status == 2:
                return None
            if r.status != 0:
                raise RuntimeError(f"linprog failed: {r.message}")
            lo_hi.append(sign * r.fun)
        out.append((round(lo_hi[0], 9) + 0.0, round(lo_hi[1], 9) + 0.0))
    return tuple(out)


def minimal_winning(v: list[int], n: int) -> list[int]:
    win = [s for s in range(1, 1 << n) if v[s] > 0]
    return [s for s in win if not any(v[s & ~(1 << i)] > 0 for i in range(n) if s >> i & 1)]


def nash(
    deal: Deal, v: list[int], threats: bool = True
) -> tuple[tuple[int, ...], list[Fraction], list[Fraction]]:
    """(coalitions, split, outside options): the Nash split inside the smallest winning
    coalition with the boss, each member's outside option (its equal share in the best
    other minimal winning coalition) a floor.  When several such coalitions tie, the split
    and the floors are their average, so that players the deal treats alike get alike."""
    n = deal.n
    mins = minimal_winning(v, n)
    if not mins:
        return (), [Fraction(0)] * n, [Fraction(0)] * n
    pool = [s for s in mins if s >> deal.boss & 1] or mins
    size = min(bin(s).count("1") for s in pool)
    tied = tuple(s for s in pool if bin(s).count("1") == size)
    x, floor = [Fraction(0)] * n, [Fraction(0)] * n
    for c in tied:
        xc, fc = _nash_inside(c, mins, v, n)
        # the 2-player rules: the owners of investors used without consent get their price
        for f in _bits(worth(deal, c, threats)[1]):
            xc[next(i for i, p in enumerate(deal.players) if p.investors >> f & 1)] += (
                deal.unconsented
            )
        for i in range(n):
            x[i] += xc[i] / len(tied)
            floor[i] += fc[i] / len(tied)
    return tied, x, floor


def _nash_inside(c: int, mins: list[int], v: list[int], n: int):
    members = [i for i in range(n) if c >> i & 1]
    floor = [Fraction(0)] * n
    for i in members:
        for t in mins:
            if t != c and t >> i & 1:
                floor[i] = max(floor[i], Fraction(v[t], bin(t).count("1")))
    total = Fraction(v[c])
    x = [Fraction(0)] * n
    if sum(floor) >= total:  # options beyond the payout: split it in their proportion
        for i in members:
            x[i] = total * floor[i] / sum(floor)
        return x, floor
    # maximise the product of shares subject to the floors: equal shares, floors binding
    free, fixed = list(members), Fraction(0)
    while True:
        level = (total - fixed) / len(free)
        bound = [i for i in free if floor[i] > level]
        if not bound:
            break
        for i in bound:
            free.remove(i)
            fixed += floor[i]
    for i in members:
        x[i] = floor[i] if i not in free else level
    return x, floor


def settle(deal: Deal, split) -> tuple[list[int], bool]:
    """A split settled as the simulator settles a deal: every other player's share rounded
    down to whole millions, the boss keeping the rest; and whether the boss keeps at least
    its minimum (``min_boss_percent`` of the payout; below it the simulator's boss walks
    away).  Players given alike stay alike."""
    out = [int(x) if i != deal.boss else 0 for i, x in enumerate(split)]  # x >= 0: floor
    out[deal.boss] = deal.payout - sum(out)
    # under the 2-player rules the boss must close a deal that can be completed
    return out, deal.unconsented is not None or out[deal.boss] * 100 >= deal.weights[
        1
    ] * deal.payout


def family_prices(deal: Deal) -> list[Fraction]:
    """Each family's Shapley value (a share of 1) in the space's requirement game."""
    return list(shapley_prices(deal.required, deal.optional, deal.pick))


def _sources(deal: Deal, boss: int, f: int) -> list[int]:
    """Who may bring family f, as the simulator chooses: the boss (its investor or family
    card), else the investor's holder, else every other holder of a family card, tied."""
    me = deal.players[boss]
    if (me.investors & ~me.travelled) >> f & 1 or me.family[f]:
        return [boss]
    for q, p in enumerate(deal.players):
        if (p.investors & ~p.travelled) >> f & 1:
            return [q]
    return [q for q, p in enumerate(deal.players) if p.family[f]]


def assignments(deal: Deal, boss: int) -> list[dict[int, int]]:
    """Every way the deal may be supplied (family -> player) that the simulator's choice
    cannot tell apart: the families the boss brings first, then any of the other options;
    a family brought by family cards from any of their holders.  Empty when the deal
    cannot be completed."""
    src = {f: _sources(deal, boss, f) for f in _bits(deal.needed)}
    if any(not src[f] for f in _bits(deal.required)):
        return []
    opts = [f for f in _bits(deal.optional) if src[f]]
    if len(opts) < deal.pick:
        return []
    free = [f for f in opts if src[f] == [boss]]
    paid = [f for f in opts if src[f] != [boss]]
    take = free[: deal.pick]
    used = [tuple(take + list(c)) for c in combinations(paid, deal.pick - len(take))]
    out = []
    for opt in used:
        fams = _bits(deal.required) + list(opt)
        for who in product(*(src[f] for f in fams)):
            out.append(dict(zip(fams, who)))
    return out


def suppliers(deal: Deal, boss: int) -> dict[int, int] | None:
    """The first of :func:`assignments` (who brings each family), or None."""
    ways = assignments(deal, boss)
    return ways[0] if ways else None


def _without_consent(deal: Deal, boss: int, chosen: dict[int, int]) -> list[int]:
    """Under the 2-player rules, what the boss pays each player whose investor it uses
    without consent in this way of supplying the deal (the simulator's terms); else 0s."""
    out = [0] * deal.n
    if deal.unconsented is not None:
        for f, q in chosen.items():
            p = deal.players[q]
            if q != boss and (p.investors & ~p.travelled) >> f & 1:
                out[q] += deal.unconsented
    return out


def investor_split(deal: Deal, boss: int) -> list[Fraction] | None:
    """Each family the boss lacks paid its price to whoever brings it, averaged over the
    ways of supplying the deal the simulator cannot tell apart; the boss keeps the rest.
    Under the 2-player rules an investor used without consent is paid its fixed price, a
    family card its Shapley price of what is left, as the simulator's terms."""
    ways = assignments(deal, boss)
    if not ways:
        return None
    price = family_prices(deal)
    x = [Fraction(0)] * deal.n
    for chosen in ways:
        fixed = _without_consent(deal, boss, chosen)
        rest = deal.payout - sum(fixed)
        for q in range(deal.n):
            x[q] += Fraction(fixed[q], len(ways))
        for f, q in chosen.items():
            p = deal.players[q]
            if q != boss and not (fixed[q] and (p.investors & ~p.travelled) >> f & 1):
                x[q] += price[f] * rest / len(ways)
    x[boss] = deal.payout - sum(x)
    return x


def weight_split(deal: Deal, boss: int) -> list[Fraction] | None:
    """The simulator's original rule: a partner's weight is 1/m for a family m other players
    can bring, the boss weighs ``boss_weight``; shares in proportion, rounded down (averaged
    over the ways of supplying the deal, as :func:`investor_split`)."""
    ways = assignments(deal, boss)
    if not ways:
        return None
    n = deal.n

    def sellers(f):
        return sum(
            1
            for q in range(n)
            if q != boss
            and (
                (deal.players[q].investors & ~deal.players[q].travelled) >> f & 1
                or deal.players[q].family[f]
            )
        )

    x = [Fraction(0)] * n
    for chosen in ways:
        fixed = _without_consent(deal, boss, chosen)
        rest = deal.payout - sum(fixed)
        w = [0] * n
        for f, q in chosen.items():
            p = deal.players[q]
            if q != boss and not (fixed[q] and (p.investors & ~p.travelled) >> f & 1):
                w[q] += SCALE // sellers(f)
        total = deal.weights[0] * SCALE + sum(w)
        for q in range(n):
            if q != boss:
                x[q] += Fraction(fixed[q] + rest * w[q] // total, len(ways))
    x[boss] = deal.payout - sum(x)
    if deal.unconsented is None and x[boss] * 100 < deal.weights[1] * deal.payout:
        return None  # the boss walks away (the 2-player rules: he must close)
    return x


# ---- the deal file -----------------------------------------------------------------------


def _family_list(table: dict, key: str, where: str, allow_wild: bool = False) -> list[int]:
    names = table.get(key, [])
    if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
        raise InputError(f"{where}: {key} must be a list of family names")
    known = FAMILIES + (("wild",) if allow_wild else ())
    for x in names:
        if x not in known:
            raise InputError(
                f"{where}: {key}: unknown family {x!r}; choose from: {', '.join(known)}"
            )
    return [known.index(x) for x in names]


def _mask(table: dict, key: str, where: str) -> int:
    fams = _family_list(table, key, where)
    if len(set(fams)) < len(fams):
        raise InputError(f"{where}: {key}: a family is listed twice")
    return sum(1 << f for f in fams)


def _counts(table: dict, key: str, where: str, allow_wild: bool = False) -> tuple[int, ...]:
    c = [0] * (N_FAMILIES + 1)
    for f in _family_list(table, key, where, allow_wild):
        c[f] += 1
    return tuple(c)


def load_deal(
    path: Path | None = None,
    cards_file: Path | None = None,
    boss: str | None = None,
    variants=(),
):
    """Read a deal file (the packaged rulebook example when ``path`` is None).  Its players
    are the whole table: 2 of them play by the 2-player rules, as ``two-player-rules`` does
    at any size; ``two-player-sixth`` takes the price's other reading."""
    variants = tuple(variants)
    for v in variants:
        if v not in DEAL_VARIANTS:
            known = v in VARIANTS
            raise InputError(
                f"variant {v!r} "
                + ("does not change one deal's value" if known else "is unknown")
                + f"; a deal takes: {', '.join(DEAL_VARIANTS)}"
            )
    data, where = load_toml(path, "tableodds.sim.boss", "deal_example.toml")
    unknown_keys(data, ("space", "deal", "value", "boss", "spare", "players"), where)
    cards: Cards = load_cards(cards_file)
    raw = data.get("space")
    if isinstance(raw, dict):
        w = f"{where}: [space]"
        unknown_keys(raw, ("required", "optional", "pick", "dividends"), w)
        required, optional = _mask(raw, "required", w), _mask(raw, "optional", w)
        if required & optional:
            raise InputError(f"{w}: a family is both required and optional")
        pick = int_field(raw, "pick", w, 0, 0, bin(optional).count("1"))
        if required == 0 and pick == 0:
            raise InputError(f"{w}: needs at least one investor")
        dividends = int_field(raw, "dividends", w, None, 1, 100)
    elif raw is None:
        raise InputError(f"{where}: missing space (a board space 1-16 or a [space] table)")
    else:
        number = int_field(data, "space", where, None, 1, len(cards.spaces))
        sp = cards.spaces[number - 1]
        required, optional, pick, dividends = sp.required, sp.optional, sp.pick, sp.dividends
    if "value" in data and "deal" in data:
        raise InputError(f"{where}: give deal (a deal card number) or value, not both")
    if "value" in data:
        per = int_field(data, "value", where, None, 0, 1000)
    else:
        per = cards.values[int_field(data, "deal", where, None, 1, len(cards.values)) - 1]
    players = data.get("players")
    if not isinstance(players, dict) or len(players) not in PLAYERS:
        raise InputError(
            f"{where}: needs {PLAYERS.start}-{PLAYERS.stop - 1} [players.NAME] tables "
            "(every player at the table)"
        )
    holdings, owned = [], 0
    keys = ("investors", "travelled", "family", "travel", "stop", "boss", "recruit")
    for name, t in players.items():
        w = f"{where}: players.{name}"
        unknown_keys(t, keys, w)
        inv, gone = _mask(t, "investors", w), _mask(t, "travelled", w)
        if gone & ~inv:
            raise InputError(f"{w}: travelled lists an investor the player does not hold")
        if inv & owned:
            raise InputError(f"{w}: investor {FAMILIES[_bits(inv & owned)[0]]} is held twice")
        owned |= inv
        fam = _counts(t, "family", w)[:N_FAMILIES]
        trav = _counts(t, "travel", w, allow_wild=True)
        holdings.append(
            Holding(
                name=name,
                investors=inv,
                travelled=gone,
                family=fam,
                travel=trav[:N_FAMILIES],
                wild=trav[N_FAMILIES],
                stop=int_field(t, "stop", w, 0, 0, 10),
                boss=int_field(t, "boss", w, 0, 0, 10),
                recruit=int_field(t, "recruit", w, 0, 0, 33),
            )
        )
    for f in range(N_FAMILIES):
        if sum(h.family[f] for h in holdings) > 4:
            raise InputError(f"{where}: more than 4 {FAMILIES[f]} family cards")
    spare = _mask(data, "spare", where)
    check_spares(len(holdings), bin(spare).count("1"), f"{where}: spare")
    if spare & owned:
        raise InputError(
            f"{where}: spare investor {FAMILIES[_bits(spare & owned)[0]]} is also held"
        )
    boss = boss if boss is not None else data.get("boss")
    names = [h.name for h in holdings]
    if not isinstance(boss, str) or boss not in names:
        raise InputError(f"{where}: boss must be one of the players: {', '.join(names)}")
    payout = dividends * per
    two_player = len(holdings) == 2 or "two-player-rules" in variants
    return Deal(
        required=required,
        optional=optional,
        pick=pick,
        payout=payout,
        players=tuple(holdings),
        boss=names.index(boss),
        spare=spare,
        weights=(cards.boss_weight, cards.min_boss_percent),
        source=where,
        unconsented=two_player_price(payout, required, pick, "two-player-sixth" in variants)
        if two_player
        else None,
    )


@dataclass(frozen=True)
class Solution:
    deal: Deal
    threats: bool
    v: tuple[int, ...]
    completes: tuple[int, ...]
    shapley: tuple[Fraction, ...]
    core: tuple[tuple[float, float], ...] | None
    nash_coalitions: tuple[int, ...]
    nash: tuple[Fraction, ...]
    outside: tuple[Fraction, ...]
    prices: tuple[Fraction, ...]
    investors: tuple[Fraction, ...] | None
    weights: tuple[Fraction, ...] | None

    def settled(self) -> dict[str, tuple[list[int], bool]]:
        """Each split settled as the simulator settles (see :func:`settle`): whole millions,
        and whether the boss keeps its minimum; the core's ranges are not a split."""
        out = {}
        for name in ("shapley", "nash", "investors", "weights"):
            split = getattr(self, name)
            if split is not None and self.v[-1]:
                out[name] = settle(self.deal, split)
        return out

    @property
    def veto(self) -> list[int]:
        n = self.deal.n
        full = (1 << n) - 1
        if not self.v[full]:
            return []
        return [i for i in range(n) if not self.v[full & ~(1 << i)]]


def solve(deal: Deal, threats: bool = True) -> Solution:
    """Every model's split of one deal."""
    n = deal.n
    v = game(deal, threats)
    plain = game(deal, False) if threats else v
    c, x, floor = nash(deal, v, threats)
    inv = investor_split(deal, deal.boss) if v[(1 << n) - 1] else None
    wts = weight_split(deal, deal.boss) if v[(1 << n) - 1] else None
    return Solution(
        deal=deal,
        threats=threats,
        v=tuple(v),
        completes=tuple(plain),
        shapley=tuple(shapley(v, n)),
        core=core_ranges(v, n),
        nash_coalitions=c,
        nash=tuple(x),
        outside=tuple(floor),
        prices=tuple(family_prices(deal)),
        investors=None if inv is None else tuple(inv),
        weights=None if wts is None else tuple(wts),
    )


def example_path(name: str) -> Path:
    """The packaged rulebook example ``final`` (10/10/10) or ``first`` (Lotte's 8 of 30)."""
    from importlib import resources

    return Path(str(resources.files("tableodds.sim.boss").joinpath(EXAMPLES[name])))
