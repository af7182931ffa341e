"""Borgia: deck data, kernel = reference, rules invariants, conquest odds and the CLI."""

import json
from fractions import Fraction
from importlib import resources

import numpy as np
import polars as pl
import pytest

from tableodds.analysis.borgia import (
    conquest_exact,
    strength_distribution,
    summarise_conquest,
    vote_table,
)
from tableodds.reports.cli.borgia import group
from tableodds.sim.borgia import GAME, check, kernel, reference
from tableodds.sim.borgia import rules as R
from tableodds.sim.borgia.rules import (
    ARTIST,
    CITY,
    FAMILY,
    OFFICE,
    STRATEGY_CODES,
    TYPES,
    Voter,
    check_attacks,
    check_auctions,
    conquest_succeeds,
    count_votes,
    election_winner,
    load_deck,
    load_vote_table,
    make_settings,
    parse_defence,
    parse_strengths,
)
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.runner import run

CONFIGS = [
    (4, ["value"], {}),
    (4, ["random"], {}),
    (3, ["random", "value", "random"], {}),
    (5, ["value", "random", "value", "random", "random"], {"unsold": "opener", "city_vp": True}),
    (3, ["value", "random", "value"], {"cardinal_deal": "redeal", "patronage": "once"}),
    (4, ["market"], {}),
    (5, ["market", "value", "market", "random", "market"], {"cardinal_deal": "redeal"}),
    (4, ["value", "random", "market", "market"], {"extra": "artist"}),
]


def test_packaged_deck_has_the_article_counts():
    deck = load_deck()
    counts = {t: sum(1 for c in deck.cards if c.type == t) for t in TYPES}
    assert len(deck.cards) == 60
    assert counts == {
        "city": 12,
        "office": 9,
        "artist": 10,
        "family": 6,
        "condottiere": 9,
        "spy": 6,
        "poison": 2,
        "assassin": 2,
        "medicine": 1,
        "marriage": 1,
        "savonarola": 1,
        "simony": 1,
    }
    assert deck.deal[4] == (4, 12)  # the one review's numbers for 4 players
    assert [c.id for c in deck.cards] == list(range(60))


@pytest.mark.parametrize(
    "text,match",
    [
        ('[[card]]\ntype = "dragon"\n', "type must be one of"),
        ('[[card]]\ntype = "city"\npower = -1\n', "power must be at least 0"),
        ('[[card]]\ntype = "city"\nvotes = 2\n', "unknown key 'votes'"),
        ('[[card]]\ntype = "office"\nvotes = "x"\n', "votes must be an integer"),
        ('[deal.7]\nhand = 4\nauction = 12\n[[card]]\ntype = "spy"\n', "player count"),
        ('[rules]\nunsold = "burn"\n[[card]]\ntype = "spy"\n', "unsold must be"),
        ("[[card]\n", "not valid TOML"),
        ("[setup]\nmoney = 100\n", "needs \\[\\[card\\]\\] tables"),
    ],
)
def test_bad_deck_files_are_refused_naming_the_field(tmp_path, text, match):
    f = tmp_path / "deck.toml"
    f.write_text(text)
    with pytest.raises(InputError, match=match):
        load_deck(f)


def test_deck_too_small_for_the_deal(tmp_path):
    f = tmp_path / "deck.toml"
    packaged = resources.files("tableodds.sim.borgia").joinpath("cards.toml").read_text("utf-8")
    # one card of every type (a deck has them all): 12 cards for a deal of 28
    cards = "".join(
        f'[[card]]\ntype = "{t}"\n' + "".join(f"{k} = 1\n" for k in R.FIELDS.get(t, ()))
        for t in TYPES
    )
    f.write_text(packaged[: packaged.index("[[card]]")] + cards)
    with pytest.raises(InputError, match="needs 28 cards"):
        make_settings(4, cards_file=f)


def test_bad_settings_are_refused():
    with pytest.raises(InputError, match="3-5 players"):
        make_settings(6)
    with pytest.raises(InputError, match="unknown policy"):
        make_settings(4, ["smart"])
    with pytest.raises(InputError, match="3 policies given for 4"):
        make_settings(4, ["value", "random", "value"])
    with pytest.raises(InputError, match="cannot read"):
        make_settings(4, cards_file="/nonexistent/deck.toml")


@pytest.mark.parametrize("players,policies,kw", CONFIGS)
def test_kernel_equals_reference_move_by_move(players, policies, kw):
    s = make_settings(players, policies, **kw)
    k = kernel.arrays(s, 7, 100, 30)
    r = reference.reference_arrays(s, 7, 100, 30)
    for name in k:  # scores, votes, final card places and every auction and attack
        assert np.array_equal(k[name], r[name]), name


@pytest.fixture(
    scope="module",
    params=CONFIGS,
    ids=["value4", "random4", "mixed3", "mixed5", "literal3", "market4", "market5", "extra4"],
)
def games(request):
    players, policies, kw = request.param
    s = make_settings(players, policies, **kw)
    return s, kernel.arrays(s, 3, 0, 3000)


def test_records_satisfy_the_invariants(games):
    s, out = games
    check(pl.DataFrame(kernel.seat_columns(out, s, 0)), s)


def test_money_is_conserved(games):
    s, out = games
    assert np.all(out["money"].sum(axis=1) + out["bank"] == s.deck.bank)
    assert np.all(out["money"] >= 0)


def test_a_city_shelters_at_most_one_office_artist_and_family(games):
    s, out = games
    ctype = s.card_arrays()["ctype"]
    loc, owner, host = out["loc"], out["owner"], out["host"]
    sheltered = 0
    for g in range(loc.shape[0]):
        for city in np.flatnonzero((ctype == CITY) & (loc[g] == kernel.PLAY)):
            inside = np.flatnonzero((loc[g] == kernel.PLAY) & (host[g] == city))
            kinds = sorted(ctype[inside])
            assert len(kinds) == len(set(kinds)), f"game {g}: city {city} holds {kinds}"
            assert set(kinds) <= {OFFICE, ARTIST, FAMILY}
            assert np.all(owner[g, inside] == owner[g, city]), "sheltered card changed owner"
            sheltered += len(inside)
        hosts = host[g][host[g] >= 0]
        assert np.all(ctype[hosts] == CITY) and np.all(loc[g, hosts] == kernel.PLAY)
        for p in range(s.players):
            home = (loc[g] == kernel.PLAY) & (owner[g] == p) & (host[g] == kernel.HOME)
            assert (home & (ctype == OFFICE)).sum() <= s.deck.home_offices
            assert (home & (ctype == ARTIST)).sum() <= s.deck.home_artists
    assert sheltered > 0


def test_auction_and_attack_records_satisfy_their_invariants(games):
    s, out = games
    check_auctions(pl.DataFrame(kernel.auction_columns(out, s, 0)), s)
    attacks = pl.DataFrame(kernel.attack_columns(out, s, 0))
    assert len(attacks) > 0
    check_attacks(attacks, s)


def test_ties_go_to_the_defender():
    assert not conquest_succeeds(3, 3)
    assert conquest_succeeds(4, 3)
    assert conquest_succeeds(0, 0)  # a target with no power falls
    assert not conquest_succeeds(0, 1)
    assert conquest_exact([2], [], 2, "all", "none") == 0
    assert conquest_exact([2, 1], [1], 2, "all", "all") == 0  # 3 against 3


def test_sold_card_has_exactly_one_owner():
    """In the reference, each card sold at auction lands with its buyer and nowhere else."""
    checked = []

    class Watched(reference.Game):
        def receive(self, p, c):
            super().receive(p, c)
            places = [i for i, s in enumerate(self.hand + self.table) if c in s]
            places += ["aside"] if c in self.aside else []
            assert len(places) == 1, f"card {c} in {places}"
            k = len(self.auctions)  # the receive that ends auction k (not a later deal)
            if k and self.auctions[-1][1] == c and self.auctions[-1][2] != reference.UNSOLD:
                if k in done:
                    return
                done.add(k)
                assert places[0] in (p, p + self.P) or (
                    places == ["aside"] and self.kind(c) == ARTIST
                )
                checked.append(c)

    s = make_settings(4, ["random", "value", "random", "value"])
    taken = 0
    for g in range(20):
        done = set()
        game = Watched(s, 5, g)
        game.play()
        everywhere = [
            c
            for part in game.hand + game.table + [game.aside, game.discard, set(game.stack)]
            for c in part
        ]
        assert sorted(everywhere) == list(range(60)), "a card is lost or in two places"
        taken += sum(1 for a in game.auctions if a[2] != reference.UNSOLD)
    assert len(checked) == taken > 20 * 30


def test_election_counts_three_votes_per_cardinal_plus_office_votes():
    voters = (Voter("A", 4, (2, 6), "A"), Voter("B", 5, (), "B"), Voter("C", 3, (4,), "B"))
    received, winner = count_votes(voters, "A")
    assert [v.votes for v in voters] == [20, 15, 13]
    assert received == [20, 28, 0] and winner == "B"
    # ties: the sitting pope keeps it, else the first tied player clockwise from him
    assert election_winner([10, 10, 5], 1) == 1
    assert election_winner([10, 5, 10], 1) == 2
    assert election_winner([7, 7, 7, 1], 3) == 0


def test_simulated_elections_count_votes_as_the_rules_say():
    """Each election in the reference: 3 votes per cardinal plus printed office votes,
    every vote cast lands on one candidate, and the winner follows the tie rule."""
    seen = []

    class Watched(reference.Game):
        def election(self):
            winner = super().election()
            t = self.turn
            for p in range(self.P):
                offices = [self.card[c].votes for c in self.table[p] if self.kind(c) == OFFICE]
                assert self.own_votes[p][t] == 3 * self.cardinals[p] + sum(offices)
            received = [self.received[p][t] for p in range(self.P)]
            assert sum(received) == sum(self.own_votes[p][t] for p in range(self.P))
            assert winner == election_winner(received, self.pope)
            seen.append(winner)
            return winner

    for policies in (["value"], ["random"]):
        s = make_settings(4, policies)
        for g in range(15):
            Watched(s, 8, g).play()
    assert len(seen) == 2 * 15 * 3 and len(set(seen)) == 4


def test_vote_table_file(tmp_path):
    f = tmp_path / "votes.toml"
    f.write_text(
        'pope = "Ann"\n'
        '[[player]]\nname = "Ann"\ncardinals = 4\noffices = [2]\n'
        '[[player]]\nname = "Bea"\ncardinals = 4\noffices = [2]\n'
        '[[player]]\nname = "Cas"\ncardinals = 2\nvote_for = "Bea"\n'
    )
    r = vote_table(*load_vote_table(f))
    assert r.own == (14, 14, 6) and r.received == (14, 20, 0) and r.winner == "Bea"
    f.write_text('[[player]]\nname = "Ann"\ncardinals = 4\nvote_for = "Zed"\n' * 3)
    with pytest.raises(InputError, match="appears twice"):
        load_vote_table(f)
    f.write_text(
        '[[player]]\nname = "A"\ncardinals = 4\nvote_for = "Zed"\n'
        '[[player]]\nname = "B"\ncardinals = 4\n[[player]]\nname = "C"\ncardinals = 4\n'
    )
    with pytest.raises(InputError, match="vote_for 'Zed' is not a player"):
        load_vote_table(f)


def test_strength_distributions_are_exact():
    assert strength_distribution([1, 2], "random") == {
        0: Fraction(1, 4),
        1: Fraction(1, 4),
        2: Fraction(1, 4),
        3: Fraction(1, 4),
    }
    assert strength_distribution([3, 1, 3], "one") == {3: Fraction(2, 3), 1: Fraction(1, 3)}
    assert strength_distribution([3, 1], "strongest") == {3: 1}
    # 5 against 3 + a random subset of {2, 1}: wins against 3 and 4 only
    assert conquest_exact([3, 2], [2, 1], 3, "all", "random") == Fraction(1, 2)


@pytest.mark.parametrize("sa", list(STRATEGY_CODES))
def test_conquest_exact_and_simulated_agree(sa, tmp_path):
    attack, defend, base = [3, 2, 1], [2, 2, 1], 2
    for sd in STRATEGY_CODES:

        def chunk(seed, start, count, sd=sd):
            return kernel.conquest_chunk(
                attack, defend, base, STRATEGY_CODES[sa], STRATEGY_CODES[sd], seed, start, count
            )

        res = run(
            chunk,
            100_000,
            4,
            tmp_path / f"{sa}-{sd}",
            workers=1,
            chunk_size=100_000,
            progress=False,
        )
        summary = summarise_conquest(res.scan(), attack, defend, base, sa, sd)
        p, sim = float(summary.exact), summary.simulated
        se = max((p * (1 - p) / sim.n) ** 0.5, 1e-9)
        assert abs(sim.estimate - p) <= 5 * se, (sa, sd, p, sim.estimate)


def test_bad_conquest_input_is_refused():
    with pytest.raises(InputError, match="--attack takes"):
        parse_strengths("3,x", "--attack")
    with pytest.raises(InputError, match="unknown part 'castle'"):
        parse_defence("castle=2")
    assert parse_defence("city=2,family=1,1") == {"city": 2, "family": 1, "other": 1}


def _cli(args, capsys):
    group.main(args, standalone_mode=False)
    return capsys.readouterr().out


def test_cli_conquest_json(capsys):
    doc = json.loads(
        _cli(
            [
                "conquest",
                "--attack",
                "3,2",
                "--defend",
                "city=2,family=1",
                "--hand",
                "2,1",
                "--trials",
                "20000",
                "--json",
                "-w",
                "1",
            ],
            capsys,
        )
    )
    s = doc["results"]
    assert s["exact_fraction"] == "1/2" and s["base_defence"] == 3
    assert s["simulated"]["low"] <= 0.5 <= s["simulated"]["high"]


def test_cli_commands_write_tables(tmp_path, capsys):
    text = _cli(
        [
            "simulate",
            "-n",
            "400",
            "-w",
            "1",
            "--policies",
            "value,random,random,random",
            "--out",
            str(tmp_path / "sim"),
        ],
        capsys,
    )
    assert "from pope" in text
    assert (tmp_path / "sim" / "seats.csv").exists() and (tmp_path / "sim" / "vp.png").exists()
    doc = json.loads(
        _cli(["auction", "-n", "300", "-w", "1", "--json", "--out", str(tmp_path / "auc")], capsys)
    )
    assert {r["type"] for r in doc["results"]["by_type"]} == set(TYPES)
    assert (tmp_path / "auc" / "auction_prices.parquet").exists()
    text = _cli(["election", "-n", "300", "-w", "1", "--players", "3"], capsys)
    assert "P(elected pope)" in text


def test_cli_refuses_bad_input(tmp_path):
    with pytest.raises(InputError, match="3-5 players"):
        group.main(["simulate", "--players", "7"], standalone_mode=False)
    with pytest.raises(InputError, match="cannot read .*none.toml"):
        group.main(["election", "--votes", str(tmp_path / "none.toml")], standalone_mode=False)


@pytest.mark.slow
def test_value_bot_beats_random_players():
    s = make_settings(4, ["value", "random", "random", "random"])
    df = pl.DataFrame(kernel.simulate_chunk(s, 1, 0, 20_000))
    win = df.filter(pl.col("seat") == 0)["won"].mean()
    assert win > 0.5  # four equal players would win 1/4 each


def test_gamespec():
    assert GAME.name == "borgia" and list(GAME.players) == [3, 4, 5]
