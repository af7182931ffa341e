"""I'm the Boss!: the rules' threat model in the simulator, hand-worked deals.

The rules ("Stopkaart"): a stop card may be played at once after someone else has played a
card, to undo its effect, to protect one's own deals or for other reasons such as helping
other players; it cannot undo another stop.  So anyone may answer a boss card, a
recruitment set or a travel card, and the card and its stop are discarded together.  The
calculator's coalition values follow the same rules (tests/test_boss_deal.py).
"""

from tableodds.sim.boss.reference import Game
from tableodds.sim.boss.rules import BOSS, DECK_COUNTS, RECRUIT, STOP, TRAVEL, make_settings
from tableodds.sim.core.rng import PyStream

RED, BLUE, YELLOW, PINK, ORANGE, GREEN = range(6)


class Yes:
    """A stream whose every coin says yes (bounded(n) = 0): random bots take every card."""

    def bounded(self, n):
        return 0


def blank(policies, players=4):
    """A game with no cards in hand and no investors, to set up positions by hand."""
    g = Game(make_settings(players, list(policies)), PyStream(1, 0), 0)
    g.owner = [-1] * 6
    g.hands = [[0] * 16 for _ in range(players)]
    g.pile = [t for t in range(16) for _ in range(DECK_COUNTS[t])]
    g.discard = [0] * 16
    g.deal_spaces = []
    g.fresh_table()
    return g


def test_a_boss_card_is_stopped_by_the_boss_or_by_anyone_else():
    # space 1: red + blue; seat 1 owns red and gains more as boss than as seller
    g = blank(["shrewd"])
    g.owner[RED], g.owner[BLUE] = 1, 2
    g.hands[1][BOSS] = 1
    g.hands[0][STOP] = 1  # the boss protects its deal
    ok, boss = g.deal(0, 0)  # ... though it cannot pay both sellers and keep its minimum
    assert not ok and boss == 0 and g.takeovers[1] == 0
    assert g.discard[BOSS] == g.discard[STOP] == 1  # the card and its stop, together
    # the boss holds no stop; seat 3, a random bot out of the deal, answers with its own
    g = blank(["shrewd", "shrewd", "shrewd", "random"])
    g.rng = Yes()
    g.owner[RED], g.owner[BLUE] = 1, 2
    g.hands[1][BOSS] = 1
    g.hands[3][STOP] = 1
    ok, boss = g.deal(0, 0)
    assert not ok and boss == 0 and g.log[0] == (1, ("boss",))
    assert g.hands[3][STOP] == 0 and g.discard[BOSS] == g.discard[STOP] == 1
    # a shrewd seat out of the deal keeps its stop: seat 1 becomes the boss
    g = blank(["shrewd"])
    g.owner[RED], g.owner[BLUE] = 1, 2
    g.hands[1][BOSS] = 1
    g.hands[3][STOP] = 1
    ok, boss = g.deal(0, 0)
    assert ok and boss == 1 and g.hands[3][STOP] == 1


def test_a_partners_stop_on_a_travel_card_aimed_at_another_supplier():
    # space 5: pink + orange + blue, 3 dividends x 1; the boss has pink, seat 1 brings
    # orange, seat 2 blue; seat 3 travels seat 2's blue
    def deal(partner_stop):
        g = blank(["shrewd"])
        g.owner[PINK], g.owner[ORANGE], g.owner[BLUE] = 0, 1, 2
        g.hands[3][TRAVEL + BLUE] = 1
        g.hands[1][STOP] = partner_stop
        return g, *g.deal(0, 4)

    g, ok, boss = deal(0)
    assert not ok and g.travelled[BLUE]
    g, ok, boss = deal(1)  # seat 1, paid for orange, saves the deal from the travel card
    assert ok and not g.travelled[BLUE] and g.log == [(3, ("travel", BLUE, TRAVEL + BLUE))]
    assert g.money == [1, 1, 1, 0] and g.discard[STOP] == g.discard[TRAVEL + BLUE] == 1


def test_a_stopped_recruitment_of_a_spare_investor():
    # space 4: orange + green, both beside the board; the boss's set takes orange
    g = blank(["shrewd", "random", "shrewd", "shrewd"])
    g.rng = Yes()
    g.owner = [0, 1, 2, 3, -1, -1]
    g.hands[0][RECRUIT] = 3
    g.hands[1][STOP] = 1  # the random bot answers the set with its stop
    ok, boss = g.deal(0, 3)
    assert not ok and g.owner[ORANGE] == -1 and g.log == [(0, ("recruit", ORANGE))]
    assert g.discard[RECRUIT] == 3 and g.discard[STOP] == 1 and g.hands[1][STOP] == 0
    # no stop: the set takes the spare orange investor
    g = blank(["shrewd"])
    g.owner = [0, 1, 2, 3, -1, -1]
    g.hands[0][RECRUIT] = 3
    g.deal(0, 3)
    assert g.owner[ORANGE] == 0


def test_two_travel_cards_against_one_stop():
    # the rules' example: Lars travels Daan's blue, Daan stops it; Sofie travels it again
    # and Daan has no stop left.  Space 1: red + blue; the boss has red, seat 1 blue.
    g = blank(["shrewd"])
    g.owner[RED], g.owner[BLUE] = 0, 1
    g.hands[1][STOP] = 1
    g.hands[2][TRAVEL + BLUE] = 1
    g.hands[3][TRAVEL + BLUE] = 1
    ok, boss = g.deal(0, 0)
    assert not ok and g.travelled[BLUE]
    assert [a for _, a in g.log] == [("travel", BLUE, TRAVEL + BLUE)] * 2
    assert g.discard[TRAVEL + BLUE] == 2 and g.discard[STOP] == 1
    # a second stop, the boss's, answers the second travel card
    g = blank(["shrewd"])
    g.owner[RED], g.owner[BLUE] = 0, 1
    g.hands[1][STOP] = g.hands[0][STOP] = 1
    g.hands[2][TRAVEL + BLUE] = g.hands[3][TRAVEL + BLUE] = 1
    ok, boss = g.deal(0, 0)
    assert ok and g.discard[STOP] == 2 and g.money == [1, 1, 0, 0]
