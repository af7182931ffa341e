"""I'm the Boss!: the deal at the table (anyone acts at any moment; family cards laid face up).

The rulebook's worked example (shared/seeds/im-the-boss.nl.txt, lines 129-178) is
replayed action by action through the protocol and settled as the rulebook prints it; the fixed order it replaced stays the variant
``fixed-order``, pinned to the records from before the protocol.
"""

import hashlib

import numpy as np

from tableodds.sim.boss import GAME, bargain
from tableodds.sim.boss.reference import Game
from tableodds.sim.boss.rules import BOSS, DECK_COUNTS, RECRUIT, STOP, TRAVEL, make_settings
from tableodds.sim.core.rng import PyStream

RED, BLUE, YELLOW, PINK, ORANGE, GREEN = range(6)
SEED_SPACE = 2  # R+B+Y required, 2 of P/O/G, 6 dividends


def digest(cols):
    """The records' digest, without the win share and spread (read off the money, added since)."""
    h = hashlib.sha256()
    for name, a in cols.items():
        if name in ("share", "spread"):
            continue
        a = np.ascontiguousarray(a)
        h.update(f"{name}:{a.dtype.str}:{a.shape[0]}\n".encode())
        h.update(a.tobytes())
    return h.hexdigest()


def test_fixed_order_keeps_the_records_from_before_the_protocol():
    # kernel records (seed 2024, games 0-299) of commit e618c09, before interventions at
    # any moment and laid family cards: the same settings plus fixed-order and
    # narrow-stops reproduce them.  At 2 players the digest is that of those records with
    # one fix: under the 2-player rules an owner travelling its own investor could stop its
    # own travel card, which the rules forbid (a stop answers someone else's card); the
    # reference with that self-stop put back gives e618c09's records (cbbc0288...).
    cases = [
        (2, None, [], "3e3a45af8fad6f8f5ca9332ff2b18660392bc8c198384f5d25e10756f2efa275"),
        (
            4,
            ["random", "shrewd", "patient", "shrewd"],
            [],
            "9d519cc3c41e540d17dca39ada3e6db40a8854d219c721b009a88951f23d860e",
        ),
        (
            3,
            ["patient", "random", "shrewd"],
            ["card-to-earn-discard"],
            "d4a62987a3ed6c89b39bba1787e11daeea197d98055926c909687cdb8b8821b1",
        ),
    ]
    for players, policies, variants, old in cases:
        s = make_settings(players, policies, variants + ["fixed-order", "narrow-stops"])
        assert digest(GAME.simulate_chunk(s, 2024, 0, 300)) == old, (players, variants)
        assert (
            digest(GAME.simulate_chunk(make_settings(players, policies, variants), 2024, 0, 300))
            != old
        )


def table(players, policies=("shrewd",), variants=()):
    """A game with empty hands and no investors, to set up a deal by hand."""
    g = Game(make_settings(players, list(policies), list(variants)), PyStream(1, 0), 0)
    g.owner = [-1] * 6
    g.hands = [[0] * 16 for _ in range(players)]
    g.pile = [t for t in range(16) for _ in range(DECK_COUNTS[t])]
    g.discard = [0] * 16
    g.fresh_table()
    return g


class Scripted(Game):
    """Seats act as a script says, in its order; answers (stop cards) stay the bots'."""

    script: list = []

    def choose(self, q, boss, space, value):
        if self.script and self.script[0][0] == q:
            return self.script.pop(0)[1]
        return None


def test_the_rulebooks_worked_example_plays_through_the_protocol():
    # The rulebook's players are "Daan, Lotte, Lars, Sofie" (four); the "Simon" who later
    # offers his yellow investor and loses it to Daan's recruitment is none of the others,
    # so he is Lars, as in the calculator's example files (deal_example*.toml), where Lars
    # holds the yellow and green investors.  Daan 0, Lotte 1, Lars 2, Sofie 3; deal 13
    # pays 5 x 6 dividends = 30.
    g = table(4)
    g.__class__ = Scripted
    g.deal_spaces = [0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    assert g.payout(SEED_SPACE) == 30
    g.owner = [1, 0, 2, 0, 3, 2]  # red Lotte, blue and pink Daan, yellow and green Lars
    g.hands[0][GREEN] = g.hands[0][YELLOW] = g.hands[0][BOSS] = g.hands[0][STOP] = 1
    g.hands[0][RECRUIT] = 3
    g.hands[1][ORANGE] = g.hands[1][PINK] = 1
    g.hands[1][BOSS] = 2
    g.hands[2][TRAVEL + BLUE] = 1
    g.hands[3][BLUE] = g.hands[3][TRAVEL + BLUE] = 1
    g.script = [
        (0, ("lay", GREEN)),  # Daan lays his green and yellow family cards
        (0, ("lay", YELLOW)),
        (2, ("travel", BLUE, TRAVEL + BLUE)),  # Lars travels Daan's blue: Daan stops it
        (3, ("travel", BLUE, TRAVEL + BLUE)),  # Sofie travels it again
        (3, ("lay", BLUE)),  # ... and offers her blue family card
        (1, ("boss",)),  # Lotte: "I'm the boss!"
        (0, ("boss",)),  # Daan takes it back
        (1, ("boss",)),  # Lotte's second boss card: after the travel cards
        (1, ("lay", ORANGE)),
        (1, ("lay", PINK)),
        (0, ("recruit", YELLOW)),  # Daan recruits Lars's ("Simon's") yellow investor card
    ]
    closing = []
    g.settle = lambda o, boss, value: closing.append(o)  # the terms, settled below
    ok, boss = g.deal(0, SEED_SPACE)
    assert ok and boss == 1 and g.script == []
    assert g.owner[YELLOW] == 0 and g.travelled[BLUE]
    (terms,) = closing
    # the table now is the calculator's final moment, the same cards in the same hands
    d = bargain.load_deal(bargain.example_path("final"))
    assert [p.name for p in d.players] == ["Daan", "Lotte", "Lars", "Sofie"]
    for q, p in enumerate(d.players):
        assert p.investors == sum(1 << f for f in range(6) if g.owner[f] == q)
        assert p.travelled == sum(1 << f for f in range(6) if g.owner[f] == q and g.travelled[f])
        assert list(p.family) == [g.laid[q][f] + g.hands[q][f] for f in range(6)]
    assert d.boss == boss and d.payout == 30
    # the simulator's bargaining rule would pay blue and yellow 4/15 of 30 each (8/14/8);
    # the rulebook's players agree on 10 each, the calculator's Shapley value and Nash
    # split, settled in whole millions as the simulator settles
    assert terms.share == [8, 0, 0, 8] and terms.supplier == {
        RED: 1,
        BLUE: 3,
        YELLOW: 0,
        ORANGE: 1,
        PINK: 1,
    }
    s = bargain.solve(d)
    shares, keeps_minimum = s.settled()["shapley"]
    assert shares == s.settled()["nash"][0] == [10, 10, 0, 10] and keeps_minimum
    terms.share = [shares[q] if q != boss else 0 for q in range(4)]
    Game.settle(g, terms, boss, 30)
    assert g.money == [10, 10, 0, 10]  # the rulebook: 30 to Lotte, 10 each to Sofie and Daan
    # used family cards are discarded; the others laid go back to their hands
    assert g.discard[BLUE] == g.discard[ORANGE] == g.discard[PINK] == 1
    assert g.hands[0][GREEN] == g.hands[0][YELLOW] == 1
    assert g.discard[TRAVEL + BLUE] == 2 and g.discard[STOP] == 1 and g.discard[BOSS] == 3
    assert g.discard[RECRUIT] == 3 and not any(map(any, g.laid))
    assert sum(map(sum, g.hands)) + sum(g.discard) == 14  # every card accounted for


def test_laid_family_cards_are_speculative():
    g = table(4)
    g.owner = [0, -1, -1, -1, -1, -1]  # space 0: red + blue; the boss owns red
    g.hands[1][BLUE] = 1
    g.hands[2][BLUE] = 1
    g.deal_spaces = []
    ok, boss = g.deal(0, 0)
    # seat 1 lays blue first (priority starts at the boss's left); seat 2 does not lay a
    # second: the table already offers blue.  Seat 1's card is used and discarded.
    assert ok and g.log == [(1, ("lay", BLUE))]
    assert g.hands[1][BLUE] == 0 and g.hands[2][BLUE] == 1 and g.discard[BLUE] == 1
    # a family card not used goes back to the hand: the boss's investor makes it unneeded
    g = table(4, ["random"])
    g.owner = [0, 0, -1, -1, -1, -1]
    g.laid[1][BLUE] = 1
    g.settle(g.offer(0, 0, 2), 0, 2)
    assert g.hands[1][BLUE] == 1 and g.discard[BLUE] == 0 and g.money[0] == 2
    # a travel card on a laid family card discards both at once, and the deal fails:
    # the laid cards left go back
    g = table(4)
    g.owner = [0, -1, -1, -1, -1, -1]
    g.hands[0][YELLOW] = 1
    g.hands[1][BLUE] = 1
    g.hands[3][TRAVEL + BLUE] = 1
    ok, _ = g.deal(0, 0)
    assert not ok and g.log == [(1, ("lay", BLUE)), (3, ("travel", BLUE, TRAVEL + BLUE))]
    assert g.discard[BLUE] == 1 and g.discard[TRAVEL + BLUE] == 1 and g.hands[1][BLUE] == 0
    # a failed deal returns every laid card
    g = table(4)
    g.owner = [0, -1, -1, -1, -1, -1]  # space 1 needs yellow + pink and one of red/green
    g.hands[0][YELLOW] = 1
    ok, _ = g.deal(0, 1)
    assert not ok and g.log == [(0, ("lay", YELLOW))] and g.hands[0][YELLOW] == 1


def test_bots_play_boss_cards_after_travel_cards():
    # the fixed order asks for boss cards first; at the table a shrewd seat takes over
    # once a travel card has changed the terms
    s = make_settings(4, ["shrewd"])
    after = 0
    for i in range(60):
        g = Game(s, PyStream(3, i), i)
        deals = []
        orig = g.deal

        def logged(first, space, g=g, orig=orig, deals=deals):
            r = orig(first, space)
            deals.append(list(g.log))
            return r

        g.deal = logged
        g.play_game()
        for log in deals:
            kinds = [a[0] for _, a in log]
            if "travel" in kinds and "boss" in kinds[kinds.index("travel") :]:
                after += 1
    assert after > 0
