"""The numba game loop for Borgia.

The state of a game lives in one int64 array laid out by :data:`STATE`
(``sim.core.layout``): per card its place ``loc``, ``own`` and ``host``; per
seat its money, cardinals, VP (the total and ``vps`` by source) and the offices
it gave away; the game scalars ``sc`` (pope, Savonarola, marriage, ...); and
uint64 masks over card ids (each seat's hand and table, each card type) that
``put`` keeps in step with the places, so most questions are a few bit
operations instead of a scan of the deck (measured: about twice the games/s of
scans).  Each function of the game loop takes the array and its table
(``work, table``) and the settings' scalars (``cfg``), or ``st`` where it is
inlined into its caller.  "In id order" is lowest-bit-first, the order the
reference sorts into; both make their random draws at the same points (see
``reference.py``) and so play identical games.
"""

from collections import namedtuple

import numpy as np

from tableodds.sim.borgia.policies import (
    CARDINAL_WORTH,
    MARKET,
    PRIZE,
    RANDOM,
    card_value,
    factorial,
    keeps_artist,
    office_worth,
    pivot_counts,
    policy_codes,
)

# the record layouts live in rules (kept importable from here)
from tableodds.sim.borgia.rules import (  # noqa: F401
    ARTIST,
    ASSASSIN,
    AUCTION_METHODS,
    CITY,
    CONDOTTIERE,
    FAMILY,
    MARRIAGE,
    MEDICINE,
    OFFICE,
    PART_NAMES,
    POISON,
    POPE_VP,
    SAVONAROLA,
    SIMONY,
    SPY,
    TYPES,
    VOTES_PER_CARDINAL,
    attack_columns,
    auction_columns,
    empty_out,
    seat_columns,
)
from tableodds.sim.core.bits import kth_bit, lowest_bit, popcount
from tableodds.sim.core.jit import entry, jit
from tableodds.sim.core.layout import Layout
from tableodds.sim.core.rng import bounded, seed_stream, shuffle

HOME = -2
# Constants passed on to a compiled function (or set where a loop changes them) as typed
# numpy scalars: a literal (``-1``, ``True``) is typed as a constant of its own, and numba
# compiles the callee once more for it.
_ZERO, _NONE = np.int64(0), np.int64(-1)
_NO, _YES = np.bool_(False), np.bool_(True)
STACK, PILE, ASIDE, DISCARD, HAND, PLAY, SAVO_IN_PLAY, MARRIAGE_IN_PLAY = range(8)
BID, SPIED, UNSOLD, OPENER = range(len(AUCTION_METHODS))  # auction records' method codes
# the game scalars, st.sc[...]
POPE, SAVO, MAR_C, MAR_A, MAR_B, SKIP, TURN, BANK, PILE_POS, N_AUC, N_ATT = range(11)

# The state of a game and the settings' tables (sim.core.layout).  Dimensions: P seats, N
# cards, T turns, A auctions and K attack records at most in a game.
STATE = Layout(
    ("rng", (4,), "uint64"),
    ("ty", ("N",)),  # the inputs: per card its type, power, income, VP, votes and cost,
    ("pw", ("N",)),  # per seat its policy, per type its cards as a mask
    ("inc", ("N",)),
    ("vp", ("N",)),
    ("vo", ("N",)),
    ("co", ("N",)),
    ("pol", ("P",)),
    ("of_type", (len(TYPES),), "uint64"),
    ("loc", ("N",)),  # per card: where it lies, its owner, the city (or HOME) sheltering it
    ("own", ("N",)),
    ("host", ("N",)),
    ("in_hand", ("P",), "uint64"),  # per seat, masks of its hand and its cards in play
    ("in_play", ("P",), "uint64"),
    ("money", ("P",)),  # per seat
    ("cards", ("P",)),  # cardinals
    ("total", ("P",)),  # VP
    ("vps", ("P", len(PART_NAMES))),  # VP by source, in PART_NAMES order
    ("given_vp", ("P",)),  # VP of the offices it gave away as pope, and their number
    ("given", ("P",)),
    ("got", ("P",)),  # got an office or a cardinal from this pope
    ("tally", ("P",)),  # votes, as the value pope hands out offices
    ("owed", ("P",)),  # D still owed to a seller of votes
    ("sc", (N_ATT + 1,)),
    ("deck", ("N",)),  # the shuffled deck, this turn's auction pile
    ("pile", ("N",)),
    ("kept", ("P",), "uint64"),  # each seat's artists kept from the last turn
    ("own_v", ("P", "T")),  # per seat and turn: its votes, the votes it got, pope or not
    ("recv", ("P", "T")),
    ("popes", ("P", "T")),
    ("auc", ("A", 6)),  # the game's auction and attack records (rules.auction_columns)
    ("att", ("K", 8)),
    ("seats", ("P",)),  # scratch
    ("snap", ("N",)),
    ("active", ("P",)),
    ("n_hand", ("P",)),
    ("bonus", ("N",)),
    ("vbonus", ("N",)),
    ("votes", ("P",)),  # the vote market: votes, pivot counts, prices
    ("pivots", ("P",)),
    ("prices", ("P",)),
)
views = STATE.views
# the settings' scalars
Config = namedtuple(
    "Config",
    "P N hand auction turns city_vp opener home_offices home_artists max_attacks redeal money "
    "cardinals family_income bank tokens each dealt keep",
)
# a chunk's records, as rules.empty_out names them
Records = namedtuple(
    "Records",
    "parts money cardinals given_vp given is_pope own_votes received bank loc owner host "
    "auctions n_auctions attacks n_attacks",
)
_card_value = jit(card_value, alloc=False)
_keeps_artist = jit(keeps_artist, alloc=False)
_factorial = jit(factorial, alloc=False)
_pivot_counts = jit(pivot_counts, alloc=False)
_office_worth = jit(office_worth, alloc=False)


@jit(alloc=False)
def coin(s):
    return bounded(s, 2) == 1


@jit(inline="always")
def pay(st, p, amount):
    st.money[p] -= amount
    st.sc[BANK] += amount


@jit(inline="always")
def earn(st, p, amount):
    st.money[p] += amount
    st.sc[BANK] -= amount


@jit(inline="always")
def turns_left(cfg, st):
    return cfg.turns - st.sc[TURN]


@jit(inline="always")
def value(cfg, st, c):
    return _card_value(
        st.ty[c],
        st.pw[c],
        st.inc[c],
        st.vp[c],
        st.vo[c],
        st.co[c],
        turns_left(cfg, st),
        cfg.city_vp,
        cfg.each,
    )


@jit(inline="always")
def first_in_hand(st, p, t):
    m = st.in_hand[p] & st.of_type[t]
    return lowest_bit(m) if m else -1


@jit(inline="always")
def count_in_hand(st, p, t):
    return popcount(st.in_hand[p] & st.of_type[t])


@jit(inline="always")
def hand_count(st, p):
    return popcount(st.in_hand[p])


@jit(inline="always")
def put(st, c, loc, owner, host):
    """Move card c; keeps the per-seat hand and table masks in step."""
    bit = np.uint64(1) << np.uint64(c)
    old = st.loc[c]
    if old == HAND:
        st.in_hand[st.own[c]] &= ~bit
    elif old == PLAY:
        st.in_play[st.own[c]] &= ~bit
    st.loc[c], st.own[c], st.host[c] = loc, owner, host
    if loc == HAND:
        st.in_hand[owner] |= bit
    elif loc == PLAY:
        st.in_play[owner] |= bit


@jit(inline="always")
def married(st, a, b):
    sc = st.sc
    return sc[MAR_C] >= 0 and (
        (sc[MAR_A] == a and sc[MAR_B] == b) or (sc[MAR_A] == b and sc[MAR_B] == a)
    )


@jit(inline="always")
def blocked(st, p):
    return st.sc[SAVO] >= 0 and p == st.sc[POPE]


@jit(inline="always")
def weakest(st, P, skip1, skip2):
    best = _NONE
    for q in range(P):
        if q == skip1 or q == skip2:
            continue
        if best < 0 or st.total[q] < st.total[best]:
            best = q
    return best


@jit(alloc=False)
def other(P, p, k):
    """The k-th seat other than p, in seat order."""
    return k if k < p else k + 1


@jit(alloc=False)
def rehouse(work, table, cfg, p):
    """Shelter p's unprotected offices, artists and families (id order): the first
    city by id with no card of that type, else the family seat if it has room.
    One pass collects which cities already hold each type (bit masks over card
    ids, at most 64 cards), so this is O(cards)."""
    st = views(work, table)
    one = np.uint64(1)
    cities = np.uint64(0)
    full_off, full_art, full_fam = np.uint64(0), np.uint64(0), np.uint64(0)
    home_off, home_art = 0, 0
    loose = False
    m = st.in_play[p]
    while m:
        h = lowest_bit(m)
        m &= m - one
        t = st.ty[h]
        host = st.host[h]
        if t == CITY:
            cities |= one << np.uint64(h)
        elif host >= 0:
            bit = one << np.uint64(host)
            if t == OFFICE:
                full_off |= bit
            elif t == ARTIST:
                full_art |= bit
            elif t == FAMILY:
                full_fam |= bit
        elif host == HOME:
            if t == OFFICE:
                home_off += 1
            elif t == ARTIST:
                home_art += 1
        elif t == OFFICE or t == ARTIST or t == FAMILY:
            loose = True
    if not loose:
        return
    m = st.in_play[p] & (st.of_type[OFFICE] | st.of_type[ARTIST] | st.of_type[FAMILY])
    while m:
        c = lowest_bit(m)
        m &= m - one
        t = st.ty[c]
        if st.host[c] != -1:
            continue
        if t == OFFICE:
            free = cities & ~full_off
        elif t == ARTIST:
            free = cities & ~full_art
        elif t == FAMILY:
            free = cities & ~full_fam
        else:
            continue
        if free:
            city = lowest_bit(free)
            st.host[c] = city
            bit = one << np.uint64(city)
            if t == OFFICE:
                full_off |= bit
            elif t == ARTIST:
                full_art |= bit
            else:
                full_fam |= bit
        elif t == OFFICE and home_off < cfg.home_offices:
            st.host[c] = HOME
            home_off += 1
        elif t == ARTIST and home_art < cfg.home_artists:
            st.host[c] = HOME
            home_art += 1


@jit(inline="always")
def patron(cfg, st, p, c):
    """p pays artist c's patronage (True) or refuses it."""
    cost = st.co[c]
    if st.money[p] < cost:
        return False
    if st.pol[p] == RANDOM:
        keep = coin(st.rng)
    else:
        keep = _keeps_artist(st.vp[c], cost, turns_left(cfg, st), cfg.each)
    if keep:
        pay(st, p, cost)
    return keep


@jit(alloc=False)
def upkeep(work, table, cfg):
    """Patronage at the start of a later turn for the artists kept from the last one."""
    st = views(work, table)
    for p in range(cfg.P):
        m = st.kept[p]
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            if st.loc[c] == PLAY and st.own[c] == p and not patron(cfg, st, p, c):
                put(st, c, ASIDE, -1, -1)
                rehouse(work, table, cfg, p)


@jit(alloc=False)
def receive(work, table, cfg, p, c):
    st = views(work, table)
    t = st.ty[c]
    if t == ARTIST and not patron(cfg, st, p, c):
        put(st, c, ASIDE, -1, -1)
        return
    if t == CITY or t == OFFICE or t == ARTIST or t == FAMILY:
        put(st, c, PLAY, p, -1)
        rehouse(work, table, cfg, p)
    else:
        put(st, c, HAND, p, -1)


@jit(alloc=False)
def transfer(work, table, cfg, c, q):
    st = views(work, table)
    p = st.own[c]
    if st.ty[c] == CITY:
        m = st.in_play[p]
        while m:
            h = lowest_bit(m)
            m &= m - np.uint64(1)
            if st.host[h] == c:
                put(st, h, PLAY, q, c)
    put(st, c, PLAY, q, -1)
    rehouse(work, table, cfg, p)
    rehouse(work, table, cfg, q)


@jit(inline="always")
def bid(st, q, v, high):
    if st.pol[q] == RANDOM:
        if st.money[q] <= high:
            return 0
        if not coin(st.rng):
            return 0
        return high + 1 + bounded(st.rng, min(10, st.money[q] - high))
    limit = min(v, st.money[q])
    return high + 1 if limit > high else 0


@jit(inline="always")
def log_auction(st, c, method, price, buyer, opener):
    k = st.sc[N_AUC]
    st.auc[k, 0] = st.sc[TURN]
    st.auc[k, 1] = c
    st.auc[k, 2] = method
    st.auc[k, 3] = price
    st.auc[k, 4] = buyer
    st.auc[k, 5] = opener
    st.sc[N_AUC] = k + 1


@jit(alloc=False)
def auction(work, table, cfg, opener, c):
    st = views(work, table)
    P = cfg.P
    active = st.active
    high, holder = 0, -1
    v = value(cfg, st, c)  # the same for every bidder: it depends on card and turn
    for q in range(P):
        active[q] = 1
    cur = opener
    while True:
        if active[cur] and cur != holder:
            b = bid(st, cur, v, high)
            if b > high:
                high, holder = b, cur
            else:
                active[cur] = 0
        left = 0
        for q in range(P):
            if active[q] and q != holder:
                left += 1
        if left == 0:
            break
        cur = (cur + 1) % P
    if holder >= 0:
        pay(st, holder, high)
        log_auction(st, c, BID, high, holder, opener)
        receive(work, table, cfg, holder, c)
    elif cfg.opener:
        log_auction(st, c, OPENER, 0, opener, opener)
        receive(work, table, cfg, opener, c)
    else:
        log_auction(st, c, UNSOLD, 0, -1, opener)
        put(st, c, ASIDE, -1, -1)


@jit(alloc=False)
def kill(work, table, cfg, p, t, c):
    st = views(work, table)
    P = cfg.P
    put(st, c, DISCARD, -1, -1)
    k = st.ty[t]
    if k == MARRIAGE:
        st.sc[MAR_C] = -1
        put(st, t, DISCARD, -1, -1)
    elif k == SAVONAROLA:
        st.sc[SAVO] = -1
        put(st, t, DISCARD, -1, -1)
    elif k == ARTIST:
        victim = st.own[t]
        put(st, t, DISCARD, -1, -1)
        rehouse(work, table, cfg, victim)
    else:
        victim = st.own[t]
        put(st, t, ASIDE, -1, -1)
        rehouse(work, table, cfg, victim)
        if p == st.sc[POPE]:
            if st.pol[p] == RANDOM:
                r = other(P, p, bounded(st.rng, P - 1))
            else:
                r = weakest(st, P, p, victim)
            put(st, t, PLAY, r, -1)
            rehouse(work, table, cfg, r)


@jit(alloc=False)
def play_spy(work, table, cfg, p, c):
    st = views(work, table)
    s, seats = st.rng, st.seats
    n = 0
    for q in range(cfg.P):
        if q != p and hand_count(st, q) > 0 and not married(st, p, q):
            seats[n] = q
            n += 1
    if n == 0:
        return -1
    if st.pol[p] == RANDOM:
        if not coin(s):
            return -1
        v = seats[bounded(s, n)]
    else:
        if count_in_hand(st, p, SPY) < 2:
            return -1
        v = -1
        best = -1
        for k in range(n):
            h = hand_count(st, seats[k])
            if h > best:
                best, v = h, seats[k]
    taken = kth_bit(st.in_hand[v], bounded(s, popcount(st.in_hand[v])))
    put(st, taken, HAND, p, -1)
    put(st, c, DISCARD, -1, -1)
    return taken


@jit(alloc=False)
def play_death(work, table, cfg, p, c, assassin):
    st = views(work, table)
    s = st.rng
    kinds = st.of_type[OFFICE] if assassin else st.of_type[OFFICE] | st.of_type[ARTIST]
    victims = np.uint64(0)
    for q in range(cfg.P):
        if q != p and not married(st, p, q):
            victims |= st.in_play[q] & kinds
    best, best_key = -1, -1
    m = victims
    while m:
        x = lowest_bit(m)
        m &= m - np.uint64(1)
        key = st.vo[x] if assassin else st.vp[x]
        if key > best_key:
            best, best_key = x, key
    if st.pol[p] == RANDOM:
        if st.sc[MAR_C] >= 0:
            victims |= np.uint64(1) << np.uint64(st.sc[MAR_C])
        if assassin and st.sc[SAVO] >= 0:
            victims |= np.uint64(1) << np.uint64(st.sc[SAVO])
    n = popcount(victims)
    if st.pol[p] == RANDOM:
        if n == 0 or not coin(s):
            return
        t = kth_bit(victims, bounded(s, n))
    else:
        if best < 0:
            return
        t = best
    if not assassin and (st.ty[t] == OFFICE or st.ty[t] == ARTIST):
        o = st.own[t]
        med = first_in_hand(st, o, MEDICINE)
        if med >= 0 and not blocked(st, o) and st.money[o] >= st.co[med]:
            if st.pol[o] != RANDOM or coin(s):
                pay(st, o, st.co[med])
                put(st, med, DISCARD, -1, -1)
                put(st, c, DISCARD, -1, -1)
                return
    kill(work, table, cfg, p, t, c)


@jit(alloc=False)
def play_cards(work, table, cfg, p):
    st = views(work, table)
    s, sc, snap = st.rng, st.sc, st.snap
    P = cfg.P
    if blocked(st, p):
        a = first_in_hand(st, p, ASSASSIN)
        if a >= 0 and (st.pol[p] != RANDOM or coin(s)):
            kill(work, table, cfg, p, sc[SAVO], a)
        if blocked(st, p):
            return
    have = 0
    m = st.in_hand[p]
    while m:
        c = lowest_bit(m)
        m &= m - np.uint64(1)
        have |= 1 << st.ty[c]
    for step in range(5):
        t = (SPY, ASSASSIN, POISON, SAVONAROLA, MARRIAGE)[step]
        if not (have >> t) & 1:
            continue
        n = 0
        m = st.in_hand[p] & st.of_type[t]
        while m:
            snap[n] = lowest_bit(m)
            m &= m - np.uint64(1)
            n += 1
        for k in range(n):
            c = snap[k]
            if t == SPY:
                loot = play_spy(work, table, cfg, p, c)
                if loot >= 0:
                    have |= 1 << st.ty[loot]
            elif t == ASSASSIN:
                play_death(work, table, cfg, p, c, _YES)
            elif t == POISON:
                play_death(work, table, cfg, p, c, _NO)
            elif t == SAVONAROLA:
                if p != sc[POPE] and sc[SAVO] < 0 and not married(st, p, sc[POPE]):
                    if st.pol[p] != RANDOM or coin(s):
                        put(st, c, SAVO_IN_PLAY, -1, -1)
                        sc[SAVO] = c
            else:
                if sc[MAR_C] < 0:
                    if st.pol[p] == RANDOM:
                        if not coin(s):
                            continue
                        q = other(P, p, bounded(s, P - 1))
                    else:
                        q, best = -1, -1
                        for r in range(P):
                            if r != p:
                                h = hand_count(st, r)
                                if h > best:
                                    best, q = h, r
                    put(st, c, MARRIAGE_IN_PLAY, -1, -1)
                    sc[MAR_C], sc[MAR_A], sc[MAR_B] = c, p, q


@jit(inline="always")
def defence(st, t):
    """The target's own power: a city adds the family and Da Vinci it shelters."""
    base = st.pw[t]
    if st.ty[t] == CITY:
        m = st.in_play[st.own[t]]
        while m:
            h = lowest_bit(m)
            m &= m - np.uint64(1)
            if st.host[h] == t:
                base += st.pw[h]
    return base


@jit(inline="always")
def force(st, p, armed):
    """p's condottieri, strongest first (ties: lowest id) as far as cash pays, as a mask."""
    use = np.uint64(0)
    if not armed:
        return use
    budget = st.money[p]
    while True:
        best = -1
        m = st.in_hand[p] & st.of_type[CONDOTTIERE] & ~use
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            if st.co[c] <= budget and (best < 0 or st.pw[c] > st.pw[best]):
                best = c
        if best < 0:
            return use
        use |= np.uint64(1) << np.uint64(best)
        budget -= st.co[best]


@jit(inline="always")
def random_force(st, p, armed):
    """A coin per condottiere in id order, then those the cash pays for, as a mask."""
    use = np.uint64(0)
    if not armed:
        return use
    m = st.in_hand[p] & st.of_type[CONDOTTIERE]
    while m:
        c = lowest_bit(m)
        m &= m - np.uint64(1)
        if coin(st.rng):
            use |= np.uint64(1) << np.uint64(c)
    budget = st.money[p]
    m = use
    while m:
        c = lowest_bit(m)
        m &= m - np.uint64(1)
        if st.co[c] <= budget:
            budget -= st.co[c]
        else:
            use &= ~(np.uint64(1) << np.uint64(c))
    return use


@jit(inline="always")
def strength(st, use):
    total = 0
    while use:
        c = lowest_bit(use)
        use &= use - np.uint64(1)
        total += st.pw[c]
    return total


@jit(alloc=False)
def conquer(work, table, cfg, p):
    st = views(work, table)
    s = st.rng
    P = cfg.P
    n_hand, bonus, vbonus = st.n_hand, st.bonus, st.vbonus
    kinds = st.of_type[CITY] | st.of_type[OFFICE] | st.of_type[ARTIST] | st.of_type[FAMILY]
    for _ in range(cfg.max_attacks):
        # a rival's cities, and its offices, artists and families outside any shelter
        targets = np.uint64(0)
        for q in range(P):
            if q != p and not married(st, p, q):
                targets |= st.in_play[q] & kinds
        m = targets & ~st.of_type[CITY]
        while m:
            x = lowest_bit(m)
            m &= m - np.uint64(1)
            if st.host[x] != -1:
                targets &= ~(np.uint64(1) << np.uint64(x))
        n = popcount(targets)
        if n == 0:
            return
        armed = not blocked(st, p)
        if st.pol[p] == RANDOM:
            if not coin(s):
                return
            t = kth_bit(targets, bounded(s, n))
            att = random_force(st, p, armed)
        else:
            # p cannot see a rival's hand: each of its cards counts as a condottiere of the
            # average strength among the cards hidden from p (stack, pile, other hands)
            n_hidden, s_hidden = hidden_from(st, cfg, p)
            n_hidden = max(n_hidden, 1)
            # hand size per seat (public) and sheltered power and worth per city
            for q in range(P):
                n_hand[q] = 0 if blocked(st, q) else hand_count(st, q)
                m = st.in_play[q]
                while m:
                    x = lowest_bit(m)
                    m &= m - np.uint64(1)
                    bonus[x] = 0
                    vbonus[x] = 0
                m = st.in_play[q]
                while m:
                    x = lowest_bit(m)
                    m &= m - np.uint64(1)
                    if st.host[x] >= 0:
                        bonus[st.host[x]] += st.pw[x]
                        vbonus[st.host[x]] += value(cfg, st, x)
            att = force(st, p, armed)
            power = strength(st, att)
            t, best_value = -1, -1
            m = targets
            while m:
                x = lowest_bit(m)
                m &= m - np.uint64(1)
                expected = (st.pw[x] + bonus[x]) * n_hidden + n_hand[st.own[x]] * s_hidden
                if expected == 0 or power * n_hidden > expected:
                    v = value(cfg, st, x) + vbonus[x]
                    if v > best_value:
                        t, best_value = x, v
            if t < 0:
                return
        resolve(work, table, cfg, p, t, att)


@jit(inline="always")
def hidden_from(st, cfg, p):
    """How many cards p cannot see (stack, face-down pile, other hands) and the total
    strength of the condottieri among them."""
    n, total = 0, 0
    for c in range(cfg.N):
        loc = st.loc[c]
        if loc == STACK or loc == PILE or (loc == HAND and st.own[c] != p):
            n += 1
            if st.ty[c] == CONDOTTIERE:
                total += st.pw[c]
    return n, total


@jit(alloc=False)
def resolve(work, table, cfg, p, t, att):
    st = views(work, table)
    q = st.own[t]
    base = defence(st, t)
    d_armed = not blocked(st, q)
    if st.pol[q] == RANDOM:
        dfd_use = random_force(st, q, d_armed)
    else:
        # the attacker's condottieri are secret: defend whenever his hand might hold one
        dfd_use = force(st, q, d_armed and (hand_count(st, p) > 0 or base == 0))
    attack = strength(st, att)
    dfd = base + strength(st, dfd_use)
    for who, use in ((p, att), (q, dfd_use)):
        while use:
            c = lowest_bit(use)
            use &= use - np.uint64(1)
            pay(st, who, st.co[c])
            put(st, c, ASIDE, -1, -1)
    won = dfd == 0 or attack > dfd
    k = st.sc[N_ATT]
    st.att[k, 0] = st.sc[TURN]
    st.att[k, 1] = p
    st.att[k, 2] = q
    st.att[k, 3] = t
    st.att[k, 4] = base
    st.att[k, 5] = attack
    st.att[k, 6] = dfd
    st.att[k, 7] = 1 if won else 0
    st.sc[N_ATT] = k + 1
    if won:
        transfer(work, table, cfg, t, p)


@jit(alloc=False)
def player_turn(work, table, cfg, p):
    st = views(work, table)
    spy = first_in_hand(st, p, SPY)
    use_spy = False
    if spy >= 0 and not blocked(st, p):
        use_spy = coin(st.rng) if st.pol[p] == RANDOM else True
    c = st.pile[st.sc[PILE_POS]]
    st.sc[PILE_POS] += 1
    if use_spy:
        put(st, spy, DISCARD, -1, -1)
        log_auction(st, c, SPIED, 0, p, p)
        receive(work, table, cfg, p, c)
    else:
        auction(work, table, cfg, p, c)
    play_cards(work, table, cfg, p)
    conquer(work, table, cfg, p)


@jit(inline="always")
def budget(st, cfg, later):
    """D a new pope can pay: every office in play (unless his bot keeps them where they lie)
    and, when he hands out cardinals and an election follows, every token left in the box."""
    total = 0
    for q in range(0 if cfg.keep else cfg.P):
        m = st.in_play[q] & st.of_type[OFFICE]
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            total += _office_worth(st.inc[c], st.vp[c], st.vo[c], later)
    if not cfg.redeal and later > 0:
        left = cfg.tokens
        for q in range(cfg.P):
            left -= st.cards[q]
        total += CARDINAL_WORTH * left
    return total


@jit(alloc=False)
def market(work, table, cfg):
    """The vote market (see reference.Game.market) on the votes in st.votes: the buyer, or
    -1; st.prices gets the prices and the sellers' seat mask is returned as the second
    value."""
    st = views(work, table)
    P, own, prices = cfg.P, st.votes, st.prices
    total, top, traders = 0, 0, 0
    for p in range(P):
        total += own[p]
        top = max(top, own[p])
        if st.pol[p] == MARKET:
            traders |= 1 << p
    quota = total // 2 + 1
    n_traders = 0
    for p in range(P):
        n_traders += (traders >> p) & 1
    if n_traders < 2 or top >= quota:
        return -1, 0
    _pivot_counts(own, quota, st.pivots)
    f = _factorial(P)
    for p in range(P):
        prices[p] = (st.pivots[p] * PRIZE + f - 1) // f
    cash = budget(st, cfg, cfg.turns - st.sc[TURN] - 1)
    best_cost, best_own, best_k, best_m, buyer = -1, 0, 0, 0, -1
    for k in range(P):
        c = (st.sc[POPE] + k) % P
        if not (traders >> c) & 1:
            continue
        for m in range(1, 1 << P):
            if (m >> c) & 1 or m & ~traders:
                continue
            votes, cost = own[c], 0
            for q in range(P):
                if (m >> q) & 1:
                    votes += own[q]
                    cost += prices[q]
            if votes < quota or cost > cash:
                continue
            better = buyer < 0 or cost < best_cost
            if not better and cost == best_cost:
                better = own[c] > best_own or (
                    own[c] == best_own and (k < best_k or (k == best_k and m < best_m))
                )
            if better:
                best_cost, best_own, best_k, best_m, buyer = cost, own[c], k, m, c
    return buyer, best_m


@jit(alloc=False)
def end_turn(work, table, cfg):
    st = views(work, table)
    s, sc = st.rng, st.sc
    own_v, recv = st.own_v, st.recv
    P = cfg.P
    turn = sc[TURN]
    # income
    for p in range(P):
        inc = 0
        m = st.in_play[p] & (st.of_type[CITY] | st.of_type[OFFICE])
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            inc += st.inc[c]
        earn(st, p, inc)
    # election
    top = 0
    for p in range(P):
        v = VOTES_PER_CARDINAL * st.cards[p]
        m = st.in_play[p] & st.of_type[OFFICE]
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            v += st.vo[c]
        own_v[p, turn] = v
        recv[p, turn] = 0
        top = max(top, v)
    for p in range(P):
        st.votes[p] = own_v[p, turn]
        st.owed[p] = 0
    buyer, sellers = market(work, table, cfg)
    for p in range(P):
        if buyer >= 0 and (p == buyer or (sellers >> p) & 1):
            choice = buyer
            if p != buyer:
                st.owed[p] = st.prices[p]
        elif st.pol[p] == RANDOM:
            choice = bounded(s, P)
        elif own_v[p, turn] == top:
            choice = p
        else:
            choice = p
            best = -1
            for q in range(P):
                if q != p and st.total[q] <= st.total[p] and own_v[q, turn] > best:
                    best, choice = own_v[q, turn], q
        recv[choice, turn] += own_v[p, turn]
    most = 0
    for p in range(P):
        most = max(most, recv[p, turn])
    winner = -1
    for k in range(P):
        p = (sc[POPE] + k) % P
        if recv[p, turn] == most:
            winner = p
            break
    # scoring
    for p in range(P):
        cash = st.money[p] // 10
        office, artist, city = 0, 0, 0
        m = st.in_play[p]
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            if st.ty[c] == OFFICE:
                office += st.vp[c]
            elif st.ty[c] == ARTIST:
                artist += st.vp[c]
            elif st.ty[c] == CITY and cfg.city_vp:
                city += st.vp[c]
        pope_vp = POPE_VP if p == winner else 0
        st.vps[p, 0] += cash
        st.vps[p, 1] += pope_vp
        st.vps[p, 2] += office
        st.vps[p, 3] += artist
        st.vps[p, 4] += city
        st.total[p] += cash + pope_vp + office + artist + city
    sc[POPE] = winner
    st.popes[winner, turn] = 1
    redistribute(work, table, cfg)
    if sc[MAR_C] >= 0:
        put(st, sc[MAR_C], DISCARD, -1, -1)
        sc[MAR_C] = -1
    if sc[SAVO] >= 0:
        put(st, sc[SAVO], DISCARD, -1, -1)
        sc[SAVO] = -1


@jit(alloc=False)
def deal_office(work, table, cfg, c, r):
    st = views(work, table)
    if st.own[c] != r:
        transfer(work, table, cfg, c, r)
    st.got[r] = 1


@jit(alloc=False)
def redistribute(work, table, cfg):
    """All offices (the pope's own to others) unless his bot keeps them where they lie, then
    cardinals, then simony (see reference)."""
    st = views(work, table)
    s, sc = st.rng, st.sc
    P = cfg.P
    pope = sc[POPE]
    last = sc[TURN] >= cfg.turns - 1
    keep = cfg.keep != 0 and st.pol[pope] != RANDOM
    offices = np.uint64(0)
    for q in range(P):
        st.got[q] = 0
        offices |= st.in_play[q] & st.of_type[OFFICE]
    if keep:
        offices = np.uint64(0)
    if not last and not keep:
        m = st.in_play[pope] & st.of_type[OFFICE]
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            st.given_vp[pope] += st.vp[c]
            st.given[pope] += 1
    if st.pol[pope] == RANDOM:
        m = offices  # in id order
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            deal_office(work, table, cfg, c, other(P, pope, bounded(s, P - 1)))
    else:
        tally, owed = st.tally, st.owed
        for q in range(P):
            tally[q] = VOTES_PER_CARDINAL * st.cards[q]
        later = cfg.turns - sc[TURN] - 1
        m = offices
        while m:  # most votes first (then lowest id), each to the rival with fewest votes
            best = _NONE
            x = m
            while x:
                c = lowest_bit(x)
                x &= x - np.uint64(1)
                if best < 0 or st.vo[c] > st.vo[best]:
                    best = c
            m &= ~(np.uint64(1) << np.uint64(best))
            r = _NONE  # promises first: the seller still owed most (ties: lower seat)
            for q in range(P):
                if q != pope and owed[q] > 0 and (r < 0 or owed[q] > owed[r]):
                    r = q
            if r >= 0:
                owed[r] -= _office_worth(st.inc[best], st.vp[best], st.vo[best], later)
            else:
                for q in range(P):
                    if q == pope:
                        continue
                    if (
                        r < 0
                        or tally[q] < tally[r]
                        or (tally[q] == tally[r] and st.total[q] < st.total[r])
                    ):
                        r = q
            tally[r] += st.vo[best]
            deal_office(work, table, cfg, best, r)
    hand_out_cardinals(work, table, cfg, pope)
    if last:
        return
    for k in range(1, P):
        q = (pope + k) % P
        card = first_in_hand(st, q, SIMONY)
        if card < 0 or married(st, q, pope):
            continue
        if st.pol[q] == RANDOM:
            play = coin(s)
        else:
            play = st.got[q] == 0 and sc[SKIP] != pope
        if not play:
            continue
        put(st, card, DISCARD, -1, -1)
        yes = st.cards[q]
        no = st.cards[pope]
        for r in range(P):
            if r == q or r == pope:
                continue
            if st.pol[r] == RANDOM:
                agree = coin(s)
            else:
                agree = st.got[r] == 0
            if agree:
                yes += st.cards[r]
            else:
                no += st.cards[r]
        if yes > no:
            sc[SKIP] = pope


@jit(alloc=False)
def hand_out_cardinals(work, table, cfg, pope):
    st = views(work, table)
    s, cards, got, owed = st.rng, st.cards, st.got, st.owed
    P = cfg.P
    if cfg.redeal:
        if st.pol[pope] == RANDOM:
            return
        total = 0
        for q in range(P):
            total += cards[q]
        cap = (total - 1 + P - 1) // P if total else 0
        mine = min(cap + 1, total)
        rest = total - mine
        cards[pope] = mine
        # the others by (VP, seat): a selection pass per rank
        done = 1 << pope
        for _ in range(P - 1):
            q = weakest_open(st, P, done)
            done |= 1 << q
            cards[q] = min(cap, rest)
            rest -= cards[q]
            if cards[q] > 0:
                got[q] = 1
        return
    supply = cfg.tokens
    for q in range(P):
        supply -= cards[q]
    if st.pol[pope] == RANDOM:
        top = 0
        for q in range(P):
            if q == pope:
                continue
            g = min(bounded(s, 3), supply)
            cards[q] += g
            supply -= g
            top = max(top, g)
            if g > 0:
                got[q] = 1
        cards[pope] += min(bounded(s, top + 2), supply)
    else:  # what is still owed for votes, in cardinals; himself one more than the most given
        later = cfg.turns - st.sc[TURN] - 1
        top = 0
        for q in range(P):
            if q != pope and owed[q] > 0 and later > 0:
                g = min((owed[q] + CARDINAL_WORTH - 1) // CARDINAL_WORTH, supply)
                cards[q] += g
                owed[q] -= g * CARDINAL_WORTH
                supply -= g
                top = max(top, g)
                if g > 0:
                    got[q] = 1
        cards[pope] += min(top + 1, supply)


@jit(inline="always")
def weakest_open(st, P, done):
    best = -1
    for q in range(P):
        if not (done >> q) & 1 and (best < 0 or st.total[q] < st.total[best]):
            best = q
    return best


@jit(alloc=False)
def _copy(dst, src):
    """``dst[:] = src`` for arrays of one shape (one or two dimensions), element by element:
    numba compiles an array assignment with a shape check whose error message takes string
    formatting, seconds of compile at every site."""
    if src.ndim == 1:  # a constant of the signature: numba drops the other branch
        for i in range(src.shape[0]):
            dst[i] = src[i]
    else:
        for i in range(src.shape[0]):
            for j in range(src.shape[1]):
                dst[i, j] = src[i, j]


@entry(alloc=False)
def simulate(seed, start, count, work, table, cfg, rec):
    """Play games start .. start+count-1 into the records ``rec``; all state, and the
    settings' tables (written in by :func:`place`), lives in ``work`` as :data:`STATE`
    lays it out at ``table``."""
    P, N = cfg.P, cfg.N
    st = views(work, table)
    s, sc, deck, pile = st.rng, st.sc, st.deck, st.pile
    for g in range(count):
        seed_stream(s, seed, start + g)
        st.loc[:] = STACK
        st.own[:] = -1
        st.host[:] = -1
        st.in_hand[:] = 0
        st.in_play[:] = 0
        for seat in (st.money, st.total, st.given_vp, st.given, st.got, st.tally, st.owed):
            seat[:] = 0
        st.vps[:, :] = 0
        st.popes[:, :] = 0
        sc[:] = 0
        sc[SAVO], sc[MAR_C], sc[SKIP], sc[BANK] = -1, -1, -1, cfg.bank
        for p in range(P):
            st.cards[p] = cfg.cardinals
            earn(st, p, cfg.money)
        for c in range(N):
            deck[c] = c
        D = cfg.dealt  # all cards but an extra one (card-worth analysis)
        shuffle(s, deck, D)
        H, A = cfg.hand, cfg.auction
        for p in range(P):
            for k in range(p * H, (p + 1) * H):
                receive(work, table, cfg, p, deck[k])
        n_pile = 0
        for k in range(P * H, min(P * H + A, D)):
            pile[n_pile] = deck[k]
            st.loc[deck[k]] = PILE
            n_pile += 1
        if D < N:
            receive(work, table, cfg, (start + g) % P, D)
        for turn in range(cfg.turns):
            sc[TURN] = turn
            if turn > 0:
                for p in range(P):
                    st.kept[p] = st.in_play[p] & st.of_type[ARTIST]
                n = _ZERO
                for c in range(N):
                    if st.loc[c] == STACK or st.loc[c] == ASIDE:
                        deck[n] = c
                        n += 1
                shuffle(s, deck, n)
                for c in range(N):
                    if st.loc[c] == ASIDE:
                        st.loc[c] = STACK
                for p in range(min(P, n)):
                    receive(work, table, cfg, p, deck[p])
                for p in range(P):
                    earn(st, p, cfg.family_income)
                if cfg.each:
                    upkeep(work, table, cfg)
                n_pile = 0
                for k in range(P, min(P + A, n)):
                    pile[n_pile] = deck[k]
                    st.loc[deck[k]] = PILE
                    n_pile += 1
            sc[PILE_POS] = 0
            skip = sc[SKIP]
            sc[SKIP] = -1
            cur = sc[POPE]
            while sc[PILE_POS] < n_pile:
                if cur == skip:
                    skip = -1
                else:
                    player_turn(work, table, cfg, cur)
                cur = (cur + 1) % P
            end_turn(work, table, cfg)
        _copy(rec.parts[g], st.vps)
        _copy(rec.money[g], st.money)
        _copy(rec.cardinals[g], st.cards)
        _copy(rec.given_vp[g], st.given_vp)
        _copy(rec.given[g], st.given)
        _copy(rec.is_pope[g], st.popes)
        _copy(rec.own_votes[g], st.own_v)
        _copy(rec.received[g], st.recv)
        rec.bank[g] = sc[BANK]
        _copy(rec.loc[g], st.loc)
        _copy(rec.owner[g], st.own)
        _copy(rec.host[g], st.host)
        rec.n_auctions[g] = sc[N_AUC]
        _copy(rec.auctions[g, : sc[N_AUC]], st.auc[: sc[N_AUC]])
        rec.n_attacks[g] = sc[N_ATT]
        _copy(rec.attacks[g, : sc[N_ATT]], st.att[: sc[N_ATT]])


def place(settings):
    """The state array of :data:`STATE` for these settings, with the settings' tables
    written in, and its placed layout: (work, placed)."""
    a = settings.card_arrays()
    kinds = np.zeros(len(TYPES), np.uint64)
    for c, t in enumerate(a["ctype"]):
        kinds[t] |= np.uint64(1) << np.uint64(c)
    turns, auctions = settings.deck.turns, settings.deck.turns * settings.auction
    placed = STATE.place(
        P=settings.players,
        N=len(settings.cards),
        T=turns,
        A=auctions,
        K=max(auctions * settings.deck.max_attacks, 1),
    )
    work = placed.new()
    placed.fill(
        work,
        ty=a["ctype"],
        pw=a["power"],
        inc=a["income"],
        vp=a["vp"],
        vo=a["votes"],
        co=a["cost"],
        pol=policy_codes(settings.policies),
        of_type=kinds.view(np.int64),
    )
    return work, placed


def config(settings) -> Config:
    """The settings' scalars, as the kernel takes them."""
    d = settings.deck
    return Config(
        P=settings.players,
        N=len(settings.cards),
        hand=settings.hand,
        auction=settings.auction,
        turns=d.turns,
        city_vp=int(d.city_vp),
        opener=int(d.unsold == "opener"),
        home_offices=d.home_offices,
        home_artists=d.home_artists,
        max_attacks=d.max_attacks,
        redeal=int(d.cardinal_deal == "redeal"),
        money=d.money,
        cardinals=d.cardinals,
        family_income=d.family_income,
        bank=d.bank,
        tokens=d.cardinal_tokens,
        each=int(d.patronage == "each_turn"),
        dealt=settings.dealt,
        keep=int(settings.pope_offices == "never"),
    )


def arrays(settings, seed, start, count):
    """Play games start .. start+count-1 in the kernel; the raw output arrays."""
    out = empty_out(settings, count)
    work, placed = place(settings)
    simulate(np.uint64(seed), start, count, work, placed.table, config(settings), Records(**out))
    return out


def simulate_chunk(settings, seed, start, count):
    return seat_columns(arrays(settings, seed, start, count), settings, start)


def auction_chunk(settings, seed, start, count):
    return auction_columns(arrays(settings, seed, start, count), settings, start)


def attack_chunk(settings, seed, start, count):
    return attack_columns(arrays(settings, seed, start, count), settings, start)


@jit(alloc=False)
def commit(s, strengths, strategy):
    """Total strength a side commits under a conquest strategy (rules.CONQUEST_STRATEGIES)."""
    n = strengths.shape[0]
    total = 0
    if strategy == 0:  # all
        for i in range(n):
            total += strengths[i]
    elif strategy == 2:  # random subset
        for i in range(n):
            if coin(s):
                total += strengths[i]
    elif strategy == 3:  # one, uniformly
        if n > 0:
            total = strengths[bounded(s, n)]
    elif strategy == 4:  # the strongest
        for i in range(n):
            total = max(total, strengths[i])
    return total


@entry
def conquest_trials(seed, start, count, attack, defend, base, sa, sd, out_a, out_d):
    """Secret choices of both sides, trial by trial (attacker's draws first)."""
    s = np.empty(4, np.uint64)
    for g in range(count):
        seed_stream(s, seed, start + g)
        out_a[g] = commit(s, attack, sa)
        out_d[g] = base + commit(s, defend, sd)


def conquest_chunk(attack, defend, base, sa, sd, seed, start, count):
    """One record per simulated attack: committed strengths and the outcome."""
    a = np.zeros(count, np.int64)
    d = np.zeros(count, np.int64)
    conquest_trials(
        np.uint64(seed),
        start,
        count,
        np.asarray(attack, np.int64),
        np.asarray(defend, np.int64),
        base,
        sa,
        sd,
        a,
        d,
    )
    return {
        "game": np.arange(start, start + count, dtype=np.int64),
        "attack": a.astype(np.int16),
        "defence": d.astype(np.int16),
        "success": ((d == 0) | (a > d)).astype(np.int8),
    }
