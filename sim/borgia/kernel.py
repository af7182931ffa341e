"""The numba game loop for Borgia.

All state lives in small fixed-size arrays: ``cs[card] = (location, owner,
host)``, ``pl[seat] = (money, cardinals, VP total, VP by source, offices given
away)``, ``st`` the game scalars (pope, Savonarola, marriage, ...), and ``mk``
uint64 masks over card ids (each seat's hand and table, each card type) that
``put`` keeps in step with ``cs``, so most questions are a few bit operations
instead of a scan of the deck (measured: about twice the games/s of scans).
"In id order" is lowest-bit-first, the order the reference sorts into; both
make their random draws at the same points (see ``reference.py``) and so play
identical games.
"""

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
    VOTES_PER_CARDINAL,
    attack_columns,
    auction_columns,
    empty_out,
    seat_columns,
)
from tableodds.sim.core.bits import kth_bit, lowest_bit, popcount
from tableodds.sim.core.jit import entry, jit
from tableodds.sim.core.rng import bounded, seed_stream, shuffle

HOME = -2
STACK, PILE, ASIDE, DISCARD, HAND, PLAY, SAVO_IN_PLAY, MARRIAGE_IN_PLAY = range(8)
BID, SPIED, UNSOLD, OPENER = range(len(AUCTION_METHODS))  # auction records' method codes
# columns of cd (card data), cs (card state), pl (player state), st (scalars), cfg
TY, PW, INC, VP, VO, CO = range(6)
LOC, OWN, HOST = range(3)
(
    MONEY,
    CARDS,
    TOTAL,
    V_CASH,
    V_POPE,
    V_OFFICE,
    V_ARTIST,
    V_CITY,
    GIVEN_VP,
    GIVEN,
    GOT,
    TALLY,
    OWED,
) = range(13)
N_PL = 13
POPE, SAVO, MAR_C, MAR_A, MAR_B, SKIP, TURN, BANK, PILE_POS, PILE_N, N_AUC, N_ATT = range(12)
N_ST = 12
(
    C_P,
    C_N,
    C_HAND,
    C_AUC,
    C_TURNS,
    C_CITYVP,
    C_OPENER,
    C_HOME_OFF,
    C_HOME_ART,
    C_MAXATT,
    C_REDEAL,
    C_MONEY,
    C_CARDINALS,
    C_FAMINC,
    C_BANK,
    C_TOKENS,
    C_EACH,
    C_DEALT,
    C_KEEP,
) = range(19)
_card_value = jit(card_value)
_keeps_artist = jit(keeps_artist)
_factorial = jit(factorial)
_pivot_counts = jit(pivot_counts)
_office_worth = jit(office_worth)


@jit
def coin(s):
    return bounded(s, 2) == 1


@jit
def pay(st, pl, p, amount):
    pl[p, MONEY] -= amount
    st[BANK] += amount


@jit
def earn(st, pl, p, amount):
    pl[p, MONEY] += amount
    st[BANK] -= amount


@jit
def turns_left(cfg, st):
    return cfg[C_TURNS] - st[TURN]


@jit
def value(cfg, cd, st, c):
    return _card_value(
        cd[c, TY],
        cd[c, PW],
        cd[c, INC],
        cd[c, VP],
        cd[c, VO],
        cd[c, CO],
        turns_left(cfg, st),
        cfg[C_CITYVP],
        cfg[C_EACH],
    )


@jit
def first_in_hand(cd, cs, mk, p, t):
    m = mk[0, p] & mk[2, t]
    return lowest_bit(m) if m else -1


@jit
def count_in_hand(cd, cs, mk, p, t):
    return popcount(mk[0, p] & mk[2, t])


@jit
def hand_count(cs, mk, p):
    return popcount(mk[0, p])


@jit
def put(cs, mk, c, loc, owner, host):
    """Move card c; keeps the per-seat hand (row 0) and table (row 1) masks in step."""
    bit = np.uint64(1) << np.uint64(c)
    old = cs[c, LOC]
    if old == HAND:
        mk[0, cs[c, OWN]] &= ~bit
    elif old == PLAY:
        mk[1, cs[c, OWN]] &= ~bit
    cs[c, LOC], cs[c, OWN], cs[c, HOST] = loc, owner, host
    if loc == HAND:
        mk[0, owner] |= bit
    elif loc == PLAY:
        mk[1, owner] |= bit


@jit
def married(st, a, b):
    return st[MAR_C] >= 0 and (
        (st[MAR_A] == a and st[MAR_B] == b) or (st[MAR_A] == b and st[MAR_B] == a)
    )


@jit
def blocked(st, p):
    return st[SAVO] >= 0 and p == st[POPE]


@jit
def weakest(pl, P, skip1, skip2):
    best = -1
    for q in range(P):
        if q == skip1 or q == skip2:
            continue
        if best < 0 or pl[q, TOTAL] < pl[best, TOTAL]:
            best = q
    return best


@jit
def other(P, p, k):
    """The k-th seat other than p, in seat order."""
    return k if k < p else k + 1


@jit
def rehouse(cfg, cd, cs, mk, p):
    """Shelter p's unprotected offices, artists and families (id order): the first
    city by id with no card of that type, else the family seat if it has room.
    One pass collects which cities already hold each type (bit masks over card
    ids, at most 64 cards), so this is O(cards)."""
    one = np.uint64(1)
    cities = np.uint64(0)
    full_off, full_art, full_fam = np.uint64(0), np.uint64(0), np.uint64(0)
    home_off, home_art = 0, 0
    loose = False
    m = mk[1, p]
    while m:
        h = lowest_bit(m)
        m &= m - one
        t = cd[h, TY]
        host = cs[h, HOST]
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
    m = mk[1, p] & (mk[2, OFFICE] | mk[2, ARTIST] | mk[2, FAMILY])
    while m:
        c = lowest_bit(m)
        m &= m - one
        t = cd[c, TY]
        if cs[c, HOST] != -1:
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
            cs[c, HOST] = city
            bit = one << np.uint64(city)
            if t == OFFICE:
                full_off |= bit
            elif t == ARTIST:
                full_art |= bit
            else:
                full_fam |= bit
        elif t == OFFICE and home_off < cfg[C_HOME_OFF]:
            cs[c, HOST] = HOME
            home_off += 1
        elif t == ARTIST and home_art < cfg[C_HOME_ART]:
            cs[c, HOST] = HOME
            home_art += 1


@jit
def patron(s, cfg, cd, pol, st, pl, p, c):
    """p pays artist c's patronage (True) or refuses it."""
    cost = cd[c, CO]
    if pl[p, MONEY] < cost:
        return False
    if pol[p] == RANDOM:
        keep = coin(s)
    else:
        keep = _keeps_artist(cd[c, VP], cost, turns_left(cfg, st), cfg[C_EACH])
    if keep:
        pay(st, pl, p, cost)
    return keep


@jit
def upkeep(s, cfg, cd, pol, st, cs, mk, pl, kept):
    """Patronage at the start of a later turn for the artists kept from the last one."""
    for p in range(cfg[C_P]):
        m = kept[p]
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            if cs[c, LOC] == PLAY and cs[c, OWN] == p and not patron(s, cfg, cd, pol, st, pl, p, c):
                put(cs, mk, c, ASIDE, -1, -1)
                rehouse(cfg, cd, cs, mk, p)


@jit
def receive(s, cfg, cd, pol, st, cs, mk, pl, p, c):
    t = cd[c, TY]
    if t == ARTIST and not patron(s, cfg, cd, pol, st, pl, p, c):
        put(cs, mk, c, ASIDE, -1, -1)
        return
    if t == CITY or t == OFFICE or t == ARTIST or t == FAMILY:
        put(cs, mk, c, PLAY, p, -1)
        rehouse(cfg, cd, cs, mk, p)
    else:
        put(cs, mk, c, HAND, p, -1)


@jit
def transfer(cfg, cd, cs, mk, c, q):
    p = cs[c, OWN]
    if cd[c, TY] == CITY:
        m = mk[1, p]
        while m:
            h = lowest_bit(m)
            m &= m - np.uint64(1)
            if cs[h, HOST] == c:
                put(cs, mk, h, PLAY, q, c)
    put(cs, mk, c, PLAY, q, -1)
    rehouse(cfg, cd, cs, mk, p)
    rehouse(cfg, cd, cs, mk, q)


@jit
def bid(s, pol, pl, q, v, high):
    if pol[q] == RANDOM:
        if pl[q, MONEY] <= high:
            return 0
        if not coin(s):
            return 0
        return high + 1 + bounded(s, min(10, pl[q, MONEY] - high))
    limit = min(v, pl[q, MONEY])
    return high + 1 if limit > high else 0


@jit
def log_auction(st, auctions, c, method, price, buyer, opener):
    k = st[N_AUC]
    auctions[k, 0] = st[TURN]
    auctions[k, 1] = c
    auctions[k, 2] = method
    auctions[k, 3] = price
    auctions[k, 4] = buyer
    auctions[k, 5] = opener
    st[N_AUC] = k + 1


@jit
def auction(s, cfg, cd, pol, st, cs, mk, pl, auctions, active, opener, c):
    P = cfg[C_P]
    high, holder = 0, -1
    v = value(cfg, cd, st, c)  # the same for every bidder: it depends on card and turn
    for q in range(P):
        active[q] = 1
    cur = opener
    while True:
        if active[cur] and cur != holder:
            b = bid(s, pol, pl, cur, v, high)
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
        pay(st, pl, holder, high)
        log_auction(st, auctions, c, BID, high, holder, opener)
        receive(s, cfg, cd, pol, st, cs, mk, pl, holder, c)
    elif cfg[C_OPENER]:
        log_auction(st, auctions, c, OPENER, 0, opener, opener)
        receive(s, cfg, cd, pol, st, cs, mk, pl, opener, c)
    else:
        log_auction(st, auctions, c, UNSOLD, 0, -1, opener)
        put(cs, mk, c, ASIDE, -1, -1)


@jit
def kill(s, cfg, cd, pol, st, cs, mk, pl, p, t, c):
    P = cfg[C_P]
    put(cs, mk, c, DISCARD, -1, -1)
    k = cd[t, TY]
    if k == MARRIAGE:
        st[MAR_C] = -1
        put(cs, mk, t, DISCARD, -1, -1)
    elif k == SAVONAROLA:
        st[SAVO] = -1
        put(cs, mk, t, DISCARD, -1, -1)
    elif k == ARTIST:
        victim = cs[t, OWN]
        put(cs, mk, t, DISCARD, -1, -1)
        rehouse(cfg, cd, cs, mk, victim)
    else:
        victim = cs[t, OWN]
        put(cs, mk, t, ASIDE, -1, -1)
        rehouse(cfg, cd, cs, mk, victim)
        if p == st[POPE]:
            if pol[p] == RANDOM:
                r = other(P, p, bounded(s, P - 1))
            else:
                r = weakest(pl, P, p, victim)
            put(cs, mk, t, PLAY, r, -1)
            rehouse(cfg, cd, cs, mk, r)


@jit
def play_spy(s, cfg, cd, pol, st, cs, mk, pl, buf, p, c):
    P = cfg[C_P]
    n = 0
    for q in range(P):
        if q != p and hand_count(cs, mk, q) > 0 and not married(st, p, q):
            buf[n] = q
            n += 1
    if n == 0:
        return -1
    if pol[p] == RANDOM:
        if not coin(s):
            return -1
        v = buf[bounded(s, n)]
    else:
        if count_in_hand(cd, cs, mk, p, SPY) < 2:
            return -1
        v = -1
        best = -1
        for k in range(n):
            h = hand_count(cs, mk, buf[k])
            if h > best:
                best, v = h, buf[k]
    taken = kth_bit(mk[0, v], bounded(s, popcount(mk[0, v])))
    put(cs, mk, taken, HAND, p, -1)
    put(cs, mk, c, DISCARD, -1, -1)
    return taken


@jit
def play_death(s, cfg, cd, pol, st, cs, mk, pl, buf, p, c, assassin):
    kinds = mk[2, OFFICE] if assassin else mk[2, OFFICE] | mk[2, ARTIST]
    victims = np.uint64(0)
    for q in range(cfg[C_P]):
        if q != p and not married(st, p, q):
            victims |= mk[1, q] & kinds
    best, best_key = -1, -1
    m = victims
    while m:
        x = lowest_bit(m)
        m &= m - np.uint64(1)
        key = cd[x, VO] if assassin else cd[x, VP]
        if key > best_key:
            best, best_key = x, key
    if pol[p] == RANDOM:
        if st[MAR_C] >= 0:
            victims |= np.uint64(1) << np.uint64(st[MAR_C])
        if assassin and st[SAVO] >= 0:
            victims |= np.uint64(1) << np.uint64(st[SAVO])
    n = popcount(victims)
    if pol[p] == RANDOM:
        if n == 0 or not coin(s):
            return
        t = kth_bit(victims, bounded(s, n))
    else:
        if best < 0:
            return
        t = best
    if not assassin and (cd[t, TY] == OFFICE or cd[t, TY] == ARTIST):
        o = cs[t, OWN]
        med = first_in_hand(cd, cs, mk, o, MEDICINE)
        if med >= 0 and not blocked(st, o) and pl[o, MONEY] >= cd[med, CO]:
            if pol[o] != RANDOM or coin(s):
                pay(st, pl, o, cd[med, CO])
                put(cs, mk, med, DISCARD, -1, -1)
                put(cs, mk, c, DISCARD, -1, -1)
                return
    kill(s, cfg, cd, pol, st, cs, mk, pl, p, t, c)


@jit
def play_cards(s, cfg, cd, pol, st, cs, mk, pl, buf, snap, p):
    P = cfg[C_P]
    if blocked(st, p):
        a = first_in_hand(cd, cs, mk, p, ASSASSIN)
        if a >= 0 and (pol[p] != RANDOM or coin(s)):
            kill(s, cfg, cd, pol, st, cs, mk, pl, p, st[SAVO], a)
        if blocked(st, p):
            return
    have = 0
    m = mk[0, p]
    while m:
        c = lowest_bit(m)
        m &= m - np.uint64(1)
        have |= 1 << cd[c, TY]
    for step in range(5):
        t = (SPY, ASSASSIN, POISON, SAVONAROLA, MARRIAGE)[step]
        if not (have >> t) & 1:
            continue
        n = 0
        m = mk[0, p] & mk[2, t]
        while m:
            snap[n] = lowest_bit(m)
            m &= m - np.uint64(1)
            n += 1
        for k in range(n):
            c = snap[k]
            if t == SPY:
                loot = play_spy(s, cfg, cd, pol, st, cs, mk, pl, buf, p, c)
                if loot >= 0:
                    have |= 1 << cd[loot, TY]
            elif t == ASSASSIN:
                play_death(s, cfg, cd, pol, st, cs, mk, pl, buf, p, c, True)
            elif t == POISON:
                play_death(s, cfg, cd, pol, st, cs, mk, pl, buf, p, c, False)
            elif t == SAVONAROLA:
                if p != st[POPE] and st[SAVO] < 0 and not married(st, p, st[POPE]):
                    if pol[p] != RANDOM or coin(s):
                        put(cs, mk, c, SAVO_IN_PLAY, -1, -1)
                        st[SAVO] = c
            else:
                if st[MAR_C] < 0:
                    if pol[p] == RANDOM:
                        if not coin(s):
                            continue
                        q = other(P, p, bounded(s, P - 1))
                    else:
                        q, best = -1, -1
                        for r in range(P):
                            if r != p:
                                h = hand_count(cs, mk, r)
                                if h > best:
                                    best, q = h, r
                    put(cs, mk, c, MARRIAGE_IN_PLAY, -1, -1)
                    st[MAR_C], st[MAR_A], st[MAR_B] = c, p, q


@jit
def defence(cd, cs, mk, t):
    """The target's own power: a city adds the family and Da Vinci it shelters."""
    base = cd[t, PW]
    if cd[t, TY] == CITY:
        m = mk[1, cs[t, OWN]]
        while m:
            h = lowest_bit(m)
            m &= m - np.uint64(1)
            if cs[h, HOST] == t:
                base += cd[h, PW]
    return base


@jit
def force(cd, cs, mk, pl, p, armed):
    """p's condottieri, strongest first (ties: lowest id) as far as cash pays, as a mask."""
    use = np.uint64(0)
    if not armed:
        return use
    budget = pl[p, MONEY]
    while True:
        best = -1
        m = mk[0, p] & mk[2, CONDOTTIERE] & ~use
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            if cd[c, CO] <= budget and (best < 0 or cd[c, PW] > cd[best, PW]):
                best = c
        if best < 0:
            return use
        use |= np.uint64(1) << np.uint64(best)
        budget -= cd[best, CO]


@jit
def random_force(s, cd, cs, mk, pl, p, armed):
    """A coin per condottiere in id order, then those the cash pays for, as a mask."""
    use = np.uint64(0)
    if not armed:
        return use
    m = mk[0, p] & mk[2, CONDOTTIERE]
    while m:
        c = lowest_bit(m)
        m &= m - np.uint64(1)
        if coin(s):
            use |= np.uint64(1) << np.uint64(c)
    budget = pl[p, MONEY]
    m = use
    while m:
        c = lowest_bit(m)
        m &= m - np.uint64(1)
        if cd[c, CO] <= budget:
            budget -= cd[c, CO]
        else:
            use &= ~(np.uint64(1) << np.uint64(c))
    return use


@jit
def strength(cd, use):
    total = 0
    while use:
        c = lowest_bit(use)
        use &= use - np.uint64(1)
        total += cd[c, PW]
    return total


@jit
def conquer(s, cfg, cd, pol, st, cs, mk, pl, scr, attacks, p):
    P = cfg[C_P]
    n_hand, bonus, vbonus = scr[0], scr[1], scr[2]
    kinds = mk[2, CITY] | mk[2, OFFICE] | mk[2, ARTIST] | mk[2, FAMILY]
    for _ in range(cfg[C_MAXATT]):
        # a rival's cities, and its offices, artists and families outside any shelter
        targets = np.uint64(0)
        for q in range(P):
            if q != p and not married(st, p, q):
                targets |= mk[1, q] & kinds
        m = targets & ~mk[2, CITY]
        while m:
            x = lowest_bit(m)
            m &= m - np.uint64(1)
            if cs[x, HOST] != -1:
                targets &= ~(np.uint64(1) << np.uint64(x))
        n = popcount(targets)
        if n == 0:
            return
        armed = not blocked(st, p)
        if pol[p] == RANDOM:
            if not coin(s):
                return
            t = kth_bit(targets, bounded(s, n))
            att = random_force(s, cd, cs, mk, pl, p, armed)
        else:
            # p cannot see a rival's hand: each of its cards counts as a condottiere of the
            # average strength among the cards hidden from p (stack, pile, other hands)
            n_hidden, s_hidden = hidden_from(cfg, cd, cs, mk, p)
            n_hidden = max(n_hidden, 1)
            # hand size per seat (public) and sheltered power and worth per city
            for q in range(P):
                n_hand[q] = 0 if blocked(st, q) else hand_count(cs, mk, q)
                m = mk[1, q]
                while m:
                    x = lowest_bit(m)
                    m &= m - np.uint64(1)
                    bonus[x] = 0
                    vbonus[x] = 0
                m = mk[1, q]
                while m:
                    x = lowest_bit(m)
                    m &= m - np.uint64(1)
                    if cs[x, HOST] >= 0:
                        bonus[cs[x, HOST]] += cd[x, PW]
                        vbonus[cs[x, HOST]] += value(cfg, cd, st, x)
            att = force(cd, cs, mk, pl, p, armed)
            power = strength(cd, att)
            t, best_value = -1, -1
            m = targets
            while m:
                x = lowest_bit(m)
                m &= m - np.uint64(1)
                expected = (cd[x, PW] + bonus[x]) * n_hidden + n_hand[cs[x, OWN]] * s_hidden
                if expected == 0 or power * n_hidden > expected:
                    v = value(cfg, cd, st, x) + vbonus[x]
                    if v > best_value:
                        t, best_value = x, v
            if t < 0:
                return
        resolve(s, cfg, cd, pol, st, cs, mk, pl, attacks, p, t, att)


@jit
def hidden_from(cfg, cd, cs, mk, p):
    """How many cards p cannot see (stack, face-down pile, other hands) and the total
    strength of the condottieri among them."""
    n, total = 0, 0
    for c in range(cfg[C_N]):
        loc = cs[c, LOC]
        if loc == STACK or loc == PILE or (loc == HAND and cs[c, OWN] != p):
            n += 1
            if cd[c, TY] == CONDOTTIERE:
                total += cd[c, PW]
    return n, total


@jit
def resolve(s, cfg, cd, pol, st, cs, mk, pl, attacks, p, t, att):
    q = cs[t, OWN]
    base = defence(cd, cs, mk, t)
    d_armed = not blocked(st, q)
    if pol[q] == RANDOM:
        dfd_use = random_force(s, cd, cs, mk, pl, q, d_armed)
    else:
        # the attacker's condottieri are secret: defend whenever his hand might hold one
        dfd_use = force(cd, cs, mk, pl, q, d_armed and (hand_count(cs, mk, p) > 0 or base == 0))
    attack = strength(cd, att)
    dfd = base + strength(cd, dfd_use)
    for who, use in ((p, att), (q, dfd_use)):
        while use:
            c = lowest_bit(use)
            use &= use - np.uint64(1)
            pay(st, pl, who, cd[c, CO])
            put(cs, mk, c, ASIDE, -1, -1)
    won = dfd == 0 or attack > dfd
    k = st[N_ATT]
    attacks[k, 0] = st[TURN]
    attacks[k, 1] = p
    attacks[k, 2] = q
    attacks[k, 3] = t
    attacks[k, 4] = base
    attacks[k, 5] = attack
    attacks[k, 6] = dfd
    attacks[k, 7] = 1 if won else 0
    st[N_ATT] = k + 1
    if won:
        transfer(cfg, cd, cs, mk, t, p)


@jit
def player_turn(
    s, cfg, cd, pol, st, cs, mk, pl, buf, snap, scr, active, auctions, attacks, pile, p
):
    spy = first_in_hand(cd, cs, mk, p, SPY)
    use_spy = False
    if spy >= 0 and not blocked(st, p):
        use_spy = coin(s) if pol[p] == RANDOM else True
    c = pile[st[PILE_POS]]
    st[PILE_POS] += 1
    if use_spy:
        put(cs, mk, spy, DISCARD, -1, -1)
        log_auction(st, auctions, c, SPIED, 0, p, p)
        receive(s, cfg, cd, pol, st, cs, mk, pl, p, c)
    else:
        auction(s, cfg, cd, pol, st, cs, mk, pl, auctions, active, p, c)
    play_cards(s, cfg, cd, pol, st, cs, mk, pl, buf, snap, p)
    conquer(s, cfg, cd, pol, st, cs, mk, pl, scr, attacks, p)


@jit
def budget(cfg, cd, mk, pl, later):
    """D a new pope can pay: every office in play (unless his bot keeps them where they lie)
    and, when he hands out cardinals and an election follows, every token left in the box."""
    total = 0
    for q in range(cfg[C_P] * (1 - cfg[C_KEEP])):
        m = mk[1, q] & mk[2, OFFICE]
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            total += _office_worth(cd[c, INC], cd[c, VP], cd[c, VO], later)
    if not cfg[C_REDEAL] and later > 0:
        left = cfg[C_TOKENS]
        for q in range(cfg[C_P]):
            left -= pl[q, CARDS]
        total += CARDINAL_WORTH * left
    return total


@jit
def market(cfg, cd, pol, st, mk, pl, own, vm):
    """The vote market (see reference.Game.market): the buyer, or -1; vm[2] gets the prices
    and the sellers' seat mask is returned as the second value."""
    P = cfg[C_P]
    total, top, traders = 0, 0, 0
    for p in range(P):
        total += own[p]
        top = max(top, own[p])
        if pol[p] == MARKET:
            traders |= 1 << p
    quota = total // 2 + 1
    n_traders = 0
    for p in range(P):
        n_traders += (traders >> p) & 1
    if n_traders < 2 or top >= quota:
        return -1, 0
    _pivot_counts(own, quota, vm[1])
    f = _factorial(P)
    for p in range(P):
        vm[2, p] = (vm[1, p] * PRIZE + f - 1) // f
    cash = budget(cfg, cd, mk, pl, cfg[C_TURNS] - st[TURN] - 1)
    best_cost, best_own, best_k, best_m, buyer = -1, 0, 0, 0, -1
    for k in range(P):
        c = (st[POPE] + k) % P
        if not (traders >> c) & 1:
            continue
        for m in range(1, 1 << P):
            if (m >> c) & 1 or m & ~traders:
                continue
            votes, cost = own[c], 0
            for q in range(P):
                if (m >> q) & 1:
                    votes += own[q]
                    cost += vm[2, q]
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


@jit
def end_turn(s, cfg, cd, pol, st, cs, mk, pl, own_v, recv, is_pope, vm):
    P = cfg[C_P]
    turn = st[TURN]
    # income
    for p in range(P):
        inc = 0
        m = mk[1, p] & (mk[2, CITY] | mk[2, OFFICE])
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            inc += cd[c, INC]
        earn(st, pl, p, inc)
    # election
    top = 0
    for p in range(P):
        v = VOTES_PER_CARDINAL * pl[p, CARDS]
        m = mk[1, p] & mk[2, OFFICE]
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            v += cd[c, VO]
        own_v[p, turn] = v
        recv[p, turn] = 0
        top = max(top, v)
    for p in range(P):
        vm[0, p] = own_v[p, turn]
        pl[p, OWED] = 0
    buyer, sellers = market(cfg, cd, pol, st, mk, pl, vm[0], vm)
    for p in range(P):
        if buyer >= 0 and (p == buyer or (sellers >> p) & 1):
            choice = buyer
            if p != buyer:
                pl[p, OWED] = vm[2, p]
        elif pol[p] == RANDOM:
            choice = bounded(s, P)
        elif own_v[p, turn] == top:
            choice = p
        else:
            choice = p
            best = -1
            for q in range(P):
                if q != p and pl[q, TOTAL] <= pl[p, TOTAL] and own_v[q, turn] > best:
                    best, choice = own_v[q, turn], q
        recv[choice, turn] += own_v[p, turn]
    most = 0
    for p in range(P):
        most = max(most, recv[p, turn])
    winner = -1
    for k in range(P):
        p = (st[POPE] + k) % P
        if recv[p, turn] == most:
            winner = p
            break
    # scoring
    for p in range(P):
        cash = pl[p, MONEY] // 10
        office, artist, city = 0, 0, 0
        m = mk[1, p]
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            if cd[c, TY] == OFFICE:
                office += cd[c, VP]
            elif cd[c, TY] == ARTIST:
                artist += cd[c, VP]
            elif cd[c, TY] == CITY and cfg[C_CITYVP]:
                city += cd[c, VP]
        pope_vp = POPE_VP if p == winner else 0
        pl[p, V_CASH] += cash
        pl[p, V_POPE] += pope_vp
        pl[p, V_OFFICE] += office
        pl[p, V_ARTIST] += artist
        pl[p, V_CITY] += city
        pl[p, TOTAL] += cash + pope_vp + office + artist + city
    st[POPE] = winner
    is_pope[winner, turn] = 1
    redistribute(s, cfg, cd, pol, st, cs, mk, pl)
    if st[MAR_C] >= 0:
        put(cs, mk, st[MAR_C], DISCARD, -1, -1)
        st[MAR_C] = -1
    if st[SAVO] >= 0:
        put(cs, mk, st[SAVO], DISCARD, -1, -1)
        st[SAVO] = -1


@jit
def deal_office(cfg, cd, cs, mk, pl, c, r):
    if cs[c, OWN] != r:
        transfer(cfg, cd, cs, mk, c, r)
    pl[r, GOT] = 1


@jit
def redistribute(s, cfg, cd, pol, st, cs, mk, pl):
    """All offices (the pope's own to others) unless his bot keeps them where they lie, then
    cardinals, then simony (see reference)."""
    P = cfg[C_P]
    pope = st[POPE]
    last = st[TURN] >= cfg[C_TURNS] - 1
    keep = cfg[C_KEEP] != 0 and pol[pope] != RANDOM
    offices = np.uint64(0)
    for q in range(P):
        pl[q, GOT] = 0
        offices |= mk[1, q] & mk[2, OFFICE]
    if keep:
        offices = np.uint64(0)
    if not last and not keep:
        m = mk[1, pope] & mk[2, OFFICE]
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            pl[pope, GIVEN_VP] += cd[c, VP]
            pl[pope, GIVEN] += 1
    if pol[pope] == RANDOM:
        m = offices  # in id order
        while m:
            c = lowest_bit(m)
            m &= m - np.uint64(1)
            deal_office(cfg, cd, cs, mk, pl, c, other(P, pope, bounded(s, P - 1)))
    else:
        for q in range(P):
            pl[q, TALLY] = VOTES_PER_CARDINAL * pl[q, CARDS]
        later = cfg[C_TURNS] - st[TURN] - 1
        m = offices
        while m:  # most votes first (then lowest id), each to the rival with fewest votes
            best = -1
            x = m
            while x:
                c = lowest_bit(x)
                x &= x - np.uint64(1)
                if best < 0 or cd[c, VO] > cd[best, VO]:
                    best = c
            m &= ~(np.uint64(1) << np.uint64(best))
            r = -1  # promises first: the seller still owed most (ties: lower seat)
            for q in range(P):
                if q != pope and pl[q, OWED] > 0 and (r < 0 or pl[q, OWED] > pl[r, OWED]):
                    r = q
            if r >= 0:
                pl[r, OWED] -= _office_worth(cd[best, INC], cd[best, VP], cd[best, VO], later)
            else:
                for q in range(P):
                    if q == pope:
                        continue
                    if (
                        r < 0
                        or pl[q, TALLY] < pl[r, TALLY]
                        or (pl[q, TALLY] == pl[r, TALLY] and pl[q, TOTAL] < pl[r, TOTAL])
                    ):
                        r = q
            pl[r, TALLY] += cd[best, VO]
            deal_office(cfg, cd, cs, mk, pl, best, r)
    hand_out_cardinals(s, cfg, pol, st, pl, pope)
    if last:
        return
    for k in range(1, P):
        q = (pope + k) % P
        card = first_in_hand(cd, cs, mk, q, SIMONY)
        if card < 0 or married(st, q, pope):
            continue
        if pol[q] == RANDOM:
            play = coin(s)
        else:
            play = pl[q, GOT] == 0 and st[SKIP] != pope
        if not play:
            continue
        put(cs, mk, card, DISCARD, -1, -1)
        yes = pl[q, CARDS]
        no = pl[pope, CARDS]
        for r in range(P):
            if r == q or r == pope:
                continue
            if pol[r] == RANDOM:
                agree = coin(s)
            else:
                agree = pl[r, GOT] == 0
            if agree:
                yes += pl[r, CARDS]
            else:
                no += pl[r, CARDS]
        if yes > no:
            st[SKIP] = pope


@jit
def hand_out_cardinals(s, cfg, pol, st, pl, pope):
    P = cfg[C_P]
    if cfg[C_REDEAL]:
        if pol[pope] == RANDOM:
            return
        total = 0
        for q in range(P):
            total += pl[q, CARDS]
        cap = (total - 1 + P - 1) // P if total else 0
        mine = min(cap + 1, total)
        rest = total - mine
        pl[pope, CARDS] = mine
        # the others by (VP, seat): a selection pass per rank
        done = 1 << pope
        for _ in range(P - 1):
            q = weakest_open(pl, P, done)
            done |= 1 << q
            pl[q, CARDS] = min(cap, rest)
            rest -= pl[q, CARDS]
            if pl[q, CARDS] > 0:
                pl[q, GOT] = 1
        return
    supply = cfg[C_TOKENS]
    for q in range(P):
        supply -= pl[q, CARDS]
    if pol[pope] == RANDOM:
        top = 0
        for q in range(P):
            if q == pope:
                continue
            g = min(bounded(s, 3), supply)
            pl[q, CARDS] += g
            supply -= g
            top = max(top, g)
            if g > 0:
                pl[q, GOT] = 1
        pl[pope, CARDS] += min(bounded(s, top + 2), supply)
    else:  # what is still owed for votes, in cardinals; himself one more than the most given
        later = cfg[C_TURNS] - st[TURN] - 1
        top = 0
        for q in range(P):
            if q != pope and pl[q, OWED] > 0 and later > 0:
                g = min((pl[q, OWED] + CARDINAL_WORTH - 1) // CARDINAL_WORTH, supply)
                pl[q, CARDS] += g
                pl[q, OWED] -= g * CARDINAL_WORTH
                supply -= g
                top = max(top, g)
                if g > 0:
                    pl[q, GOT] = 1
        pl[pope, CARDS] += min(top + 1, supply)


@jit
def weakest_open(pl, P, done):
    best = -1
    for q in range(P):
        if not (done >> q) & 1 and (best < 0 or pl[q, TOTAL] < pl[best, TOTAL]):
            best = q
    return best


@entry
def simulate(
    seed,
    start,
    count,
    cfg,
    cd,
    pol,
    parts,
    money,
    cardinals,
    given_vp,
    given,
    is_pope,
    own_v,
    recv,
    bank,
    card_state,
    auctions,
    n_auctions,
    attacks,
    n_attacks,
):
    P = cfg[C_P]
    N = cfg[C_N]
    s = np.empty(4, np.uint64)
    cs = np.empty((N, 3), np.int64)
    pl = np.zeros((P, N_PL), np.int64)
    st = np.zeros(N_ST, np.int64)
    deck = np.empty(N, np.int64)
    pile = np.empty(N, np.int64)
    buf = np.empty(max(N, P), np.int64)
    snap = np.empty(N, np.int64)
    active = np.zeros(P, np.int64)
    kept = np.zeros(P, np.uint64)
    vm = np.zeros((3, P), np.int64)  # the vote market: votes, pivot counts, prices
    scr = np.zeros((3, max(N, P)), np.int64)
    # masks over card ids: row 0 hand of each seat, row 1 table of each seat, row 2 each type
    mk = np.zeros((3, max(P, 12)), np.uint64)
    for c in range(N):
        mk[2, cd[c, TY]] |= np.uint64(1) << np.uint64(c)
    for g in range(count):
        seed_stream(s, seed, start + g)
        cs[:, LOC] = STACK
        cs[:, OWN] = -1
        mk[0, :] = 0
        mk[1, :] = 0
        cs[:, HOST] = -1
        pl[:, :] = 0
        st[:] = 0
        st[SAVO], st[MAR_C], st[SKIP], st[BANK] = -1, -1, -1, cfg[C_BANK]
        for p in range(P):
            pl[p, CARDS] = cfg[C_CARDINALS]
            earn(st, pl, p, cfg[C_MONEY])
        for c in range(N):
            deck[c] = c
        D = cfg[C_DEALT]  # all cards but an extra one (card-worth analysis)
        shuffle(s, deck, D)
        H, A = cfg[C_HAND], cfg[C_AUC]
        for p in range(P):
            for k in range(p * H, (p + 1) * H):
                receive(s, cfg, cd, pol, st, cs, mk, pl, p, deck[k])
        n_pile = 0
        for k in range(P * H, min(P * H + A, D)):
            pile[n_pile] = deck[k]
            cs[deck[k], LOC] = PILE
            n_pile += 1
        if D < N:
            receive(s, cfg, cd, pol, st, cs, mk, pl, (start + g) % P, D)
        ga = auctions[g]
        gt = attacks[g]
        for turn in range(cfg[C_TURNS]):
            st[TURN] = turn
            if turn > 0:
                for p in range(P):
                    kept[p] = mk[1, p] & mk[2, ARTIST]
                n = 0
                for c in range(N):
                    if cs[c, LOC] == STACK or cs[c, LOC] == ASIDE:
                        deck[n] = c
                        n += 1
                shuffle(s, deck, n)
                for c in range(N):
                    if cs[c, LOC] == ASIDE:
                        cs[c, LOC] = STACK
                for p in range(min(P, n)):
                    receive(s, cfg, cd, pol, st, cs, mk, pl, p, deck[p])
                for p in range(P):
                    earn(st, pl, p, cfg[C_FAMINC])
                if cfg[C_EACH]:
                    upkeep(s, cfg, cd, pol, st, cs, mk, pl, kept)
                n_pile = 0
                for k in range(P, min(P + A, n)):
                    pile[n_pile] = deck[k]
                    cs[deck[k], LOC] = PILE
                    n_pile += 1
            st[PILE_POS] = 0
            skip = st[SKIP]
            st[SKIP] = -1
            cur = st[POPE]
            while st[PILE_POS] < n_pile:
                if cur == skip:
                    skip = -1
                else:
                    player_turn(
                        s, cfg, cd, pol, st, cs, mk, pl, buf, snap, scr, active, ga, gt, pile, cur
                    )
                cur = (cur + 1) % P
            end_turn(s, cfg, cd, pol, st, cs, mk, pl, own_v[g], recv[g], is_pope[g], vm)
        for p in range(P):
            parts[g, p, 0] = pl[p, V_CASH]
            parts[g, p, 1] = pl[p, V_POPE]
            parts[g, p, 2] = pl[p, V_OFFICE]
            parts[g, p, 3] = pl[p, V_ARTIST]
            parts[g, p, 4] = pl[p, V_CITY]
            money[g, p] = pl[p, MONEY]
            cardinals[g, p] = pl[p, CARDS]
            given_vp[g, p] = pl[p, GIVEN_VP]
            given[g, p] = pl[p, GIVEN]
        bank[g] = st[BANK]
        card_state[g] = cs
        n_auctions[g] = st[N_AUC]
        n_attacks[g] = st[N_ATT]


def pack(settings):
    """The settings as the flat arrays the kernel takes."""
    d = settings.deck
    a = settings.card_arrays()
    cd = np.stack([a["ctype"], a["power"], a["income"], a["vp"], a["votes"], a["cost"]], axis=1)
    cfg = np.array(
        [
            settings.players,
            len(settings.cards),
            settings.hand,
            settings.auction,
            d.turns,
            int(d.city_vp),
            int(d.unsold == "opener"),
            d.home_offices,
            d.home_artists,
            d.max_attacks,
            int(d.cardinal_deal == "redeal"),
            d.money,
            d.cardinals,
            d.family_income,
            d.bank,
            d.cardinal_tokens,
            int(d.patronage == "each_turn"),
            settings.dealt,
            int(settings.pope_offices == "never"),
        ],
        np.int64,
    )
    return cfg, np.ascontiguousarray(cd, np.int64), policy_codes(settings.policies)


def arrays(settings, seed, start, count):
    """Play games start .. start+count-1 in the kernel; the raw output arrays."""
    out = empty_out(settings, count)
    cfg, cd, pol = pack(settings)
    N = len(settings.cards)
    cs = np.zeros((count, N, 3), np.int64)
    simulate(
        np.uint64(seed),
        start,
        count,
        cfg,
        cd,
        pol,
        out["parts"],
        out["money"],
        out["cardinals"],
        out["given_vp"],
        out["given"],
        out["is_pope"],
        out["own_votes"],
        out["received"],
        out["bank"],
        cs,
        out["auctions"],
        out["n_auctions"],
        out["attacks"],
        out["n_attacks"],
    )
    out["loc"], out["owner"], out["host"] = cs[:, :, 0], cs[:, :, 1], cs[:, :, 2]
    return out


def simulate_chunk(settings, seed, start, count):
    return seat_columns(arrays(settings, seed, start, count), settings, start)


def auction_chunk(settings, seed, start, count):
    return auction_columns(arrays(settings, seed, start, count), settings, start)


def attack_chunk(settings, seed, start, count):
    return attack_columns(arrays(settings, seed, start, count), settings, start)


@jit
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
