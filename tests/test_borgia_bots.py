"""Borgia bots decide only from what their seat may know.

At every player turn of many reference games, each seat's decisions are taken on a copy of
the game, then again on a copy whose cards hidden from that seat (the other hands, the
stack, the face-down pile) are shuffled among those places; the decisions must agree. The
random stream is copied too, so the random bot's draws line up.
"""

import copy
import random

import pytest

from tableodds.sim.borgia import reference
from tableodds.sim.borgia.rules import OFFICE, VOTES_PER_CARDINAL, make_settings


def clone(game):
    keep = {id(game.s): game.s, id(game.d): game.d, id(game.card): game.card}
    return copy.deepcopy(game, keep)


def shuffle_hidden(game, seat, rng):
    """Deal the cards seat cannot see anew over the same places (same hand sizes)."""
    others = [q for q in range(game.P) if q != seat]
    hidden = [c for q in others for c in sorted(game.hand[q])] + game.stack + game.pile
    rng.shuffle(hidden)
    k = 0
    for q in others:
        n = len(game.hand[q])
        game.hand[q] = set(hidden[k : k + n])
        k += n
    game.stack = hidden[k : k + len(game.stack)]
    k += len(game.stack)
    game.pile = hidden[k:]
    return hidden


def decisions(game, seat):
    """Everything seat would decide now: its attack, its defence against each rival's attack
    on each of its cards, its vote, its bid for each face-up card on the table."""
    own = [
        VOTES_PER_CARDINAL * game.cardinals[p]
        + sum(game.card[c].votes for c in game.table[p] if game.kind(c) == OFFICE)
        for p in range(game.P)
    ]
    out = {"attack": game.attack_choice(seat), "vote": game.vote(seat, own)}
    out["market"] = game.market(own)  # the same for every seat: all inputs are face up
    for p in range(game.P):
        if p != seat:
            for t in sorted(game.table[seat]):
                out[("defend", p, t)] = game.defence_choice(seat, p, game.defence(t))
    for c in sorted(c for q in range(game.P) for c in game.table[q])[:6]:
        out[("bid", c)] = game.bid(seat, c, 3)
    return out


def probe(game_class, settings, games=4):
    """Play games; at every player turn compare each seat's decisions before and after the
    cards hidden from it are shuffled. Returns (turns compared, mismatches, attacks)."""
    rng = random.Random(5)
    seen = {"moved": 0, "differ": 0, "attacks": 0}

    class Probe(game_class):
        def player_turn(self, p):
            for seat in range(self.P):
                mine = decisions(clone(self), seat)
                other = clone(self)
                before = [set(h) for h in other.hand], list(other.stack), list(other.pile)
                shuffle_hidden(other, seat, rng)
                after = [set(h) for h in other.hand], list(other.stack), list(other.pile)
                seen["moved"] += before != after
                seen["differ"] += decisions(other, seat) != mine
                seen["attacks"] += mine["attack"] is not None
            super().player_turn(p)

    for g in range(games):
        Probe(settings, 9, g).play()
    return seen


@pytest.mark.parametrize(
    "players,policies",
    [
        (4, ["value"]),
        (4, ["random"]),
        (3, ["value", "random", "value"]),
        (5, ["value"]),
        (4, ["market", "market", "value", "market"]),
    ],
)
def test_decisions_ignore_the_cards_hidden_from_the_seat(players, policies):
    seen = probe(reference.Game, make_settings(players, policies))
    assert seen["differ"] == 0
    assert seen["moved"] > 100 and seen["attacks"] > 10


def test_the_probe_catches_a_bot_that_peeks():
    """A value bot that also weighs its rivals' condottieri (as it once did) fails it."""
    from tableodds.sim.borgia.rules import CONDOTTIERE

    class Peeking(reference.Game):
        def attack_choice(self, p):
            choice = super().attack_choice(p)
            if choice is None:
                return None
            seen = sum(len(self.of_type(self.hand[q], CONDOTTIERE)) for q in self.others(p))
            return choice if seen < 2 else None

    seen = probe(Peeking, make_settings(4, ["value"]), games=2)
    assert seen["differ"] > 0
