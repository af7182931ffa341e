"""I'm the Boss! with 2 players, worked by hand from the rulebook's 2-player rules.

"Vanaf nu kan de baas zonder toestemming van de tegenstander de investeerders van de
tegenstander gebruiken. In dat geval betaalt hij 'een bedrag dat gelijk is aan de totale
dividenden gedeeld door het aantal investeerderskaarten'. Elke speler kan zijn
investeerderskaarten gebruiken met reiskaarten om een transactie te voorkomen."

The case: board space 5 (blue + pink + orange, 3 dividends) under a 5 M deal card: payout 15.
The boss A holds the pink and orange investors, B the blue one.  A may use B's blue without
consent at 15 / 3 = 5 M (the investors the deal needs; the other reading, 15 / 6, rounds down
to 2 M), so A alone completes and guarantees the deal: v(A) = 15 - 5 = 10 (13), v(A + B) = 15.
With a blue travel card B may travel its own investor, and A holds no stop: A alone no longer
guarantees the deal, only A + B does (v(A) = 0, v(A + B) = 15).
"""

import dataclasses

import pytest
from cli_helpers import run_cli

from tableodds.sim.boss import bargain
from tableodds.sim.boss.reference import Game
from tableodds.sim.boss.rules import DECK_COUNTS, TRAVEL, make_settings, two_player_price
from tableodds.sim.core.rng import PyStream

BLUE, PINK, ORANGE = 1, 3, 4
CASE = """\
space = 5
deal = 11
boss = "A"
[players.A]
investors = ["pink", "orange"]
[players.B]
investors = ["blue"]
"""
TRAVEL_BLUE = CASE + 'travel = ["blue"]\n'


def solve(tmp_path, text, variants=(), threats=True):
    path = tmp_path / "deal.toml"
    path.write_text(text)
    return bargain.solve(bargain.load_deal(path, variants=variants), threats)


def test_the_price_by_hand():
    # space 5: 3 required families, no optional group
    assert two_player_price(15, 0b011010, 0) == 5
    assert two_player_price(15, 0b011010, 0, sixth=True) == 2  # 15 / 6 = 2.5, whole M down
    assert two_player_price(30, 0b000111, 2) == 6  # the rulebook's space needs 5


@pytest.mark.parametrize(("variants", "price"), [((), 5), (("two-player-sixth",), 2)])
def test_the_boss_uses_the_opponents_investor_without_consent(tmp_path, variants, price):
    s = solve(tmp_path, CASE, variants)
    assert s.deal.payout == 15 and s.deal.unconsented == price
    A, B, AB = 0b01, 0b10, 0b11
    assert s.completes[A] and s.v[A] == 15 - price > 0  # A alone completes and guarantees it
    assert s.v[B] == 0 and s.v[AB] == 15
    # the simulator's terms: B is paid the fixed price, A keeps the rest; never walks away
    assert s.investors == (15 - price, price)
    assert s.settled()["investors"] == ([15 - price, price], True)
    assert s.nash == (15 - price, price)  # A alone, B paid its price


def test_the_opponents_travel_card_blocks_it(tmp_path):
    for variants in ((), ("two-player-sixth",)):
        s = solve(tmp_path, TRAVEL_BLUE, variants)
        assert s.completes[0b01] and s.v[0b01] == 0  # A alone completes, cannot guarantee
        assert s.v[0b10] == 0 and s.v[0b11] == 15  # only A + B guarantees it
        assert s.veto == [0, 1]
    # a stop of A's cancels B's travel card: A alone guarantees it again
    s = solve(tmp_path, TRAVEL_BLUE.replace('"orange"]', '"orange"]\nstop = 1'))
    assert s.v[0b01] == 10


def test_the_ordinary_rules_need_the_opponent(tmp_path):
    # the same two seats in a 3-player deal without the 2-player rules: A needs B
    text = CASE + "[players.C]\n"
    s = solve(tmp_path, text)
    assert s.deal.unconsented is None and s.v[0b001] == 0 and s.v[0b011] == 15
    s = solve(tmp_path, text, ("two-player-rules",))  # the variant at any table size
    assert s.v[0b001] == 10


def reference_game(b_travel):
    """The case in the reference simulator: 2 shrewd seats, A (seat 0) deals on space 5
    under 5 M cards."""
    g = Game(make_settings(2, ["shrewd"]), PyStream(1, 0), 0)
    g.cards = dataclasses.replace(g.cards, values=(5,) * 15)
    g.owner = [-1, 1, -1, 0, 0, -1]
    g.hands = [[0] * 16 for _ in range(2)]
    g.hands[1][TRAVEL + BLUE] = b_travel
    g.pile = [t for t in range(16) for _ in range(DECK_COUNTS[t])]
    g.discard = [0] * 16
    g.fresh_table()
    return g


def test_the_simulator_plays_the_case_alike():
    g = reference_game(0)
    o = g.offer(0, 4, 15)
    assert o.ok and o.share == [0, 5] and o.take == 10 and 1 not in o.consent
    ok, boss = g.deal(0, 4)
    assert ok and boss == 0 and g.money == [10, 5]
    g = reference_game(1)  # B's share (5) is below A's take (10): B travels its own blue
    ok, _ = g.deal(0, 4)
    assert not ok and g.money == [0, 0] and g.discard[TRAVEL + BLUE] == 1


def test_cli_two_player_deal_and_the_price_setting(tmp_path, capsys):
    path = tmp_path / "deal.toml"
    path.write_text(CASE)
    code, out, _ = run_cli(["boss", "deal", str(path)], capsys)
    assert code == 0 and "without consent at 5 M each" in out
    code, out, _ = run_cli(["boss", "deal", str(path), "--variant", "two-player-sixth"], capsys)
    assert code == 0 and "without consent at 2 M each" in out
    code, _, err = run_cli(["boss", "deal", str(path), "--variant", "short"], capsys)
    assert code == 2 and "does not change one deal's value" in err and err.count("\n") == 1
