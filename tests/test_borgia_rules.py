"""Borgia: the rulebook's redistribution, cardinals, patronage and simony, in the reference."""

import pytest

from tableodds.sim.borgia import reference
from tableodds.sim.borgia.rules import ARTIST, OFFICE, SIMONY, make_settings
from tableodds.sim.core.errors import InputError


def offices_of(game, p):
    return {c for c in game.table[p] if game.kind(c) == OFFICE}


class Watched(reference.Game):
    """Records every redistribution: offices and cardinals before and after."""

    log: list

    def redistribute(self):
        before = [offices_of(self, p) for p in range(self.P)]
        cards_before = list(self.cardinals)
        accusations = [len(self.of_type(self.hand[p], SIMONY)) for p in range(self.P)]
        super().redistribute()
        after = [offices_of(self, p) for p in range(self.P)]
        played = sum(a - len(self.of_type(self.hand[p], SIMONY)) for p, a in enumerate(accusations))
        self.log.append((self.pope, before, after, cards_before, list(self.cardinals), played))


def redistributions(players, policies, games=20, deck=None, **kw):
    s = make_settings(players, policies, cards_file=deck, **kw)
    out = []
    for g in range(games):
        game = Watched(s, 11, g)
        game.log = []
        game.play()
        out += game.log
    return s, out


@pytest.mark.parametrize("policy", ["value", "random"])
def test_the_pope_redistributes_all_offices(policy):
    """He keeps none, and offices of other players move too (not only his own)."""
    _, log = redistributions(4, [policy])
    moved_from_others = 0
    for pope, before, after, *_ in log:
        assert not after[pope], "the pope kept an office"
        assert set().union(*before) == set().union(*after), "an office was lost or created"
        moved_from_others += sum(len(before[q] - after[q]) for q in range(len(before)) if q != pope)
    assert moved_from_others > len(log)  # on average more than one per redistribution


def test_the_value_pope_spreads_office_votes():
    """Most votes first, each to the rival with the fewest votes so far: no rival ends more
    than one office's votes above another (cardinal votes included)."""
    s, log = redistributions(4, ["value"])
    votes = {c.id: c.votes for c in s.cards}
    for pope, _, after, cards, *_ in log:
        tally = [3 * cards[q] + sum(votes[c] for c in after[q]) for q in range(4) if q != pope]
        top_office = max((votes[c] for o in after for c in o), default=0)
        assert max(tally) - min(tally) <= max(top_office, 3 * (max(cards) - min(cards)))


@pytest.mark.parametrize("policy", ["value", "random"])
def test_cardinals_handed_out_from_the_box(policy):
    """Natural reading: players keep theirs; new tokens come from the box; the pope gets at
    most one more than the most he gives anyone."""
    s, log = redistributions(4, [policy])
    grew = 0
    for pope, _, _, before, after, _ in log:
        gain = [a - b for a, b in zip(after, before, strict=True)]
        assert min(gain) >= 0 and sum(after) <= s.deck.cardinal_tokens
        assert gain[pope] <= 1 + max(g for q, g in enumerate(gain) if q != pope)
        grew += sum(gain)
    assert grew > 0


def test_cardinals_redealt_in_the_literal_reading():
    s, log = redistributions(4, ["value"], cardinal_deal="redeal")
    for pope, _, _, before, after, _ in log:
        assert sum(after) == sum(before) == 16
        assert after[pope] == 1 + max(a for q, a in enumerate(after) if q != pope)


def test_patronage_is_paid_every_turn_by_default():
    """Each artist kept into a later turn costs its patronage again (or is set aside)."""
    seen = {"paid": 0, "aside": 0}

    class Upkeep(reference.Game):
        def upkeep(self, artists):
            money = list(self.money)
            super().upkeep(artists)
            for p in range(self.P):
                kept = [c for c in artists[p] if c in self.table[p]]
                assert money[p] - self.money[p] == sum(self.card[c].cost for c in kept)
                gone = [c for c in artists[p] if c not in self.table[p]]
                assert all(c in self.aside for c in gone)
                seen["paid"] += len(kept)
                seen["aside"] += len(gone)

    for policy in ("value", "random"):
        s = make_settings(4, [policy])
        for g in range(15):
            Upkeep(s, 2, g).play()
    assert seen["paid"] > 0 and seen["aside"] > 0

    class Never(reference.Game):
        def upkeep(self, artists):
            raise AssertionError("patronage charged again under patronage = 'once'")

    s = make_settings(4, ["value"], patronage="once")
    for g in range(5):
        Never(s, 2, g).play()


def test_artist_value_counts_patronage_per_turn():
    from tableodds.sim.borgia.policies import card_value, keeps_artist

    # VP 2, patronage 15, two scorings to come: 2*(20-15) each turn, 40-15 when paid once
    assert card_value(ARTIST, 0, 0, 2, 0, 15, 2, False, True) == 10
    assert card_value(ARTIST, 0, 0, 2, 0, 15, 2, False, False) == 25
    assert keeps_artist(1, 15, 3, False) and not keeps_artist(1, 15, 3, True)


def test_simony_accusations_are_not_capped(tmp_path):
    """A deck with several simony cards: two accusations at one redistribution happen."""
    from importlib import resources

    text = resources.files("tableodds.sim.borgia").joinpath("cards.toml").read_text("utf-8")
    deck = tmp_path / "deck.toml"
    deck.write_text(text.replace('name = "simony"\ncount = 1', 'name = "simony"\ncount = 4'))
    _, log = redistributions(4, ["random"], games=60, deck=deck)
    assert max(played for *_, played in log) >= 2


def test_bad_readings_are_refused(tmp_path):
    with pytest.raises(InputError, match="--cardinal-deal must be"):
        make_settings(4, cardinal_deal="keep")
    with pytest.raises(InputError, match="--patronage must be"):
        make_settings(4, patronage="never")
    from importlib import resources

    text = resources.files("tableodds.sim.borgia").joinpath("cards.toml").read_text("utf-8")
    deck = tmp_path / "deck.toml"
    deck.write_text(text.replace("cardinal_tokens = 40", "cardinal_tokens = 12"))
    with pytest.raises(InputError, match="cardinal_tokens = 12 is fewer than the 16"):
        make_settings(4, cards_file=deck)
    deck.write_text(text.replace('patronage = "each_turn"', 'patronage = "yearly"'))
    with pytest.raises(InputError, match="patronage must be 'each_turn' or 'once'"):
        make_settings(4, cards_file=deck)


@pytest.mark.parametrize("kind", ["city", "spy", "condottiere"])
def test_one_more_card_for_one_seat_leaves_the_deal_alone(kind):
    """The extra card goes to seat g mod players after the deal; the deal is the same seed's."""
    base = make_settings(4, ["value"])
    more = make_settings(4, ["value"], extra=kind)
    assert len(more.cards) == 61 and more.cards[-1].type == kind and more.dealt == 60
    first = {}

    class First(reference.Game):
        def receive(self, p, c):
            if c == 60:
                first.setdefault(self.game, p)
            super().receive(p, c)

    for g in range(6):
        a, b = reference.Game(base, 3, g), reference.Game(more, 3, g)
        assert a.shuffle(range(60)) == b.shuffle(range(more.dealt))
        First(more, 3, g).play()
        assert first[g] == g % 4  # the first to hold it


def test_card_worth_table(tmp_path):
    from tableodds.analysis.borgia import card_worth
    from tableodds.sim.core.runner import CommandRuns

    res = card_worth(CommandRuns(300, workers=1, progress=False, records=tmp_path), 4)
    rows = res.summary.rows
    assert [r.type for r in rows][:3] == ["city", "office", "artist"] and len(rows) == 12
    assert len({r.base.estimate for r in rows}) == 1  # one base run for all
    assert all(r.change.n == 300 and r.change.se > 0 for r in rows)
    assert "One more card at the start" in res.summary.text()


# --------------------------------------------------------------- the pope's choice
@pytest.mark.parametrize("policy", ["value", "market"])
def test_a_pope_bot_that_keeps_the_offices_moves_none(policy):
    """Seed: the pope "mag" redistribute the offices; with pope_offices = "never" the value and
    market popes leave every office where it lies, their own included."""
    s, log = redistributions(4, [policy], pope_offices="never")
    kept = 0
    for pope, before, after, *_ in log:
        assert before == after, "an office moved"
        kept += bool(before[pope])
    assert kept > 0  # popes that held offices kept them


def test_a_random_pope_still_redistributes_when_the_bots_keep():
    _, log = redistributions(4, ["random"], pope_offices="never")
    assert all(not after[pope] for pope, _, after, *_ in log)


def test_the_pope_choice_is_checked_and_the_kernel_follows_the_reference():
    import numpy as np

    from tableodds.sim.borgia import kernel

    with pytest.raises(InputError, match="pope_offices must be 'always' or 'never'"):
        make_settings(4, pope_offices="sometimes")
    pols = ["market", "value", "random", "market"]
    s = make_settings(4, pols, pope_offices="never")
    k = kernel.arrays(s, 5, 0, 30)
    r = reference.reference_arrays(s, 5, 0, 30)
    for name in k:  # scores, votes, final card places and every auction and attack
        assert np.array_equal(k[name], r[name]), name
    always = kernel.arrays(make_settings(4, pols), 5, 0, 30)
    assert not all(np.array_equal(k[name], always[name]) for name in k)
