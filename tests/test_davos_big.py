"""Davos Big Game: the control deck and the specialties in the card file (``[big]``)."""

import pytest

from tableodds.sim.core.errors import InputError
from tableodds.sim.davos import decks
from tableodds.sim.davos import rules as R

GOOD = (
    'goals = [{ name = "g", category = "x", requires = ["sector:Pharma"] }]\n'
    'bills = [{ name = "b", ideology = "L", target = "all", own = [1, 0], other = [0, 0] }]\n'
    '[parties]\nAmerica = ["L", "R"]\nEurope = ["L", "C", "R"]\n'
    '"Global South" = ["L", "C", "R"]\nChina = ["C"]\n'
)
SPEC = 'specialties = ["sector:Tech", "ccorp:China"]\nstart_specialty = "sector:Arms"\n'
CARD = '{ name = "c", domain = "sector:Tech", action = "gain" }'


def _load(tmp_path, big: str) -> R.Cards:
    path = tmp_path / "cards.toml"
    path.write_text(GOOD + ("\n[big]\n" + big if big else ""))
    return R.load_cards(path)


def test_packaged_big_cards_cover_every_action_and_domain_kind():
    cards = R.load_cards()
    assert len(cards.controls) == 30
    actions = [c.action for c in cards.controls]
    # every action of the rulebook's two lists, twice each
    assert sorted(actions) == sorted(list(range(len(R.CONTROL_ACTIONS))) * 2)
    for c in cards.controls:
        sector_card = c.domain[0] == R.DOMAIN_KINDS.index("sector")
        assert (R.CONTROL_ACTIONS[c.action] in R.SECTOR_ACTIONS) == sector_card, c.name
    assert {c.domain[0] for c in cards.controls} == {0, 1, 2}
    assert len(cards.specialties) == 8 and cards.start_specialty == (0, R.SECTORS.index("Media"))
    # both kinds of specialty in every seat count from 2 up
    assert {k for k, _ in cards.specialties[:2]} == {0, 1}
    assert cards.controls[0].text() == "sector:Banking / fail_to_party"


def test_a_file_without_big_still_loads(tmp_path):
    cards = _load(tmp_path, "")
    assert cards.controls == () and cards.specialties == () and cards.start_specialty is None


def test_a_user_big_table_is_read(tmp_path):
    cards = _load(
        tmp_path, SPEC + 'controls = [{ name = "x", domain = "party:C", action = "swap_corps" }]'
    )
    assert cards.specialties == ((0, R.SECTORS.index("Tech")), (1, R.BLOCS.index("China")))
    assert cards.start_specialty == (0, R.SECTORS.index("Arms"))
    (c,) = cards.controls
    assert c.domain == (2, 1) and R.CONTROL_ACTIONS[c.action] == "swap_corps"


@pytest.mark.parametrize(
    "big,match",
    [
        (SPEC + "controls = []", "non-empty controls"),
        ('specialties = ["sector:Tech"]\nstart_specialty = "sector:Arms"', "2 to 8 member"),
        (
            'specialties = ["sector:Tech", "bloc:China"]\nstart_specialty = "sector:Arms"',
            "member card 2: specialty kind 'bloc'",
        ),
        (
            'specialties = ["sector:Tech", "ccorp:Mars"]\nstart_specialty = "sector:Arms"',
            "specialty ccorp needs one of",
        ),
        ('specialties = ["sector:Tech", "ccorp:China"]', "start_specialty None"),
        (
            SPEC + 'controls = [{ name = "c", domain = "sector:Tech", action = "swap_card" }]',
            r"control card 1 \('c'\): action 'swap_card' is not one of a sector card's",
        ),
        (
            SPEC + 'controls = [{ name = "c", domain = "bloc:Europe", action = "gain" }]',
            "not one of a bloc or party card's",
        ),
        (
            SPEC + 'controls = [{ name = "c", domain = "party:X", action = "fail_home" }]',
            "domain party needs one of L, C, R",
        ),
        (SPEC + f"controls = [{CARD}, {CARD}]", "listed twice"),
        (
            SPEC + 'controls = [{ name = "c", domain = "sector:Tech", action = "gain", n = 2 }]',
            "unknown key 'n'",
        ),
        (SPEC + f"controls = [{CARD}]\ncolour = 1", r"\[big\]: unknown key 'colour'"),
    ],
)
def test_bad_big_tables_are_refused(tmp_path, big, match):
    with pytest.raises(InputError, match=match):
        _load(tmp_path, big)


def test_generated_decks_keep_the_big_cards():
    cards = R.load_cards()
    deck = decks.random_deck(cards, "mean", 3, 1)
    assert deck.controls == cards.controls and deck.specialties == cards.specialties
    assert deck.goals != cards.goals


# ---------------------------------------------------------------- the game: helpers
import copy  # noqa: E402
import random  # noqa: E402

import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from tableodds.sim.davos import GAME  # noqa: E402
from tableodds.sim.davos import kernel as K  # noqa: E402
from tableodds.sim.davos import reference as ref  # noqa: E402
from tableodds.sim.davos.reference_big import A, BigGame  # noqa: E402

W = 3  # the white assets' holder index with 3 players


def _game(players=3, policies=("goal",), **kw) -> BigGame:
    """A set-up Big Game with an empty board: no corps, no assets anywhere."""
    g = BigGame(R.make_settings(players, "big", list(policies), **kw), 5, 0)
    g.setup()
    for row in g.corp_assets + g.party_assets:
        row[:] = [0] * len(row)
    g.corp_sector = [-1] * g.nslot
    return g


def _corp(g, x, sector, **held):
    """Lay a corp of ``sector`` on slot x with holdings {h0: n, ...} (white: w)."""
    g.corp_sector[x] = sector
    for k, n in held.items():
        g.corp_assets[x][g.NC if k == "w" else int(k[1:])] = n


# ---------------------------------------------------------------- set-up and buying
def test_setup_opens_three_positions_and_turns_the_top_card():
    g = _game()
    assert len(set(g.k_open)) == 4 and min(g.k_open) >= 0
    assert len(g.k_hidden) == len(g.st.controls) - 4
    assert sorted(g.k_open + g.k_hidden) == list(range(len(g.st.controls)))


def test_a_bought_card_costs_one_asset_and_the_turned_card_fills_its_place():
    g = _game()
    before, turned, nxt = list(g.k_open), g.k_open[3], g.k_hidden[-1]
    g.supply[1] = 5
    g.take_control(1, 0)
    assert g.held[1] == [before[0]] and g.supply[1] == 4 and g.paid[1] == 1
    assert g.k_open == [turned, before[1], before[2], nxt]
    assert g.choosable() == [0, 1, 2, 3]
    assert _game(control_open="three").choosable() == [0, 1, 2]


def test_goal_bots_buy_a_card_whose_domain_they_lead():
    g = _game()
    g.supply[0] = 5
    g.k_open[2] = next(
        i for i, c in enumerate(g.st.controls) if c.domain == (2, 0)
    )  # a party:L card
    g.party_assets[0][0] = 2  # seat 0 leads the L parties (America's first party is L)
    others = [i for i in range(4) if i != 2]
    for i in others:  # the other open cards' domains nobody leads
        g.k_open[i] = next(
            k for k, c in enumerate(g.st.controls) if c.domain[0] == 0 and k not in g.k_open
        )
    assert g.buy_control(0) and g.held[0] == [g.held[0][0]]
    assert g.st.controls[g.held[0][0]].domain == (2, 0)
    assert not g.buy_control(0)  # it holds a card it leads now


# ---------------------------------------------------------------- domains
def test_domains_add_up_corps_parties_and_ideologies():
    g = _game()
    banking = R.SECTORS.index("Banking")
    _corp(g, 0, banking, h0=2, h1=3)  # America
    _corp(g, 5, banking, h0=3, h1=1)  # Europe: seat 0 leads Banking 5 to 4 without the biggest corp
    assert g.domain_margin(0, (0, banking)) == 1 and g.domain_margin(1, (0, banking)) == -1
    g.party_assets[2][2] = 3  # Europe's L party
    assert g.domain_margin(2, (1, R.BLOCS.index("Europe"))) == 0  # 3 against seat 0's 3
    assert g.domain_margin(2, (2, 0)) == 3  # the L parties worldwide
    assert g.domain_margin(0, (1, R.BLOCS.index("America"))) == -1  # 2 against 3


# ---------------------------------------------------------------- every action
def _act(g, action, inst, p=0, card=0):
    g.act(p, card, A[action], inst)
    return g


def test_fail_to_party_moves_every_holder_and_bankrupts_the_corp():
    g = _game()
    _corp(g, 1, 2, h0=2, h1=1, w=1)
    _act(g, "fail_to_party", (1, 4, 0, 0))
    assert (
        g.party_assets[4] == [2, 1, 0, 1]
        and g.corp_sector[1] == -1
        and g.c_disc[-1] == 2
        and g.bankrupt == 1
    )


def test_corp_to_party_moves_some_of_one_holder():
    g = _game()
    _corp(g, 1, 2, h0=2, h1=3)
    _act(g, "corp_to_party", (1, 0, 1, 2))
    assert (
        g.corp_assets[1] == [2, 1, 0, 0]
        and g.party_assets[0] == [0, 2, 0, 0]
        and g.corp_sector[1] == 2
    )
    _act(g, "corp_to_party", (1, 0, 0, 2))
    _act(g, "corp_to_party", (1, 0, 1, 1))  # the last asset leaves: bankrupt
    assert g.corp_sector[1] == -1 and g.bankrupt == 1


def test_party_moves_and_merges():
    g = _game()
    g.party_assets[0] = [3, 1, 0, 1]
    _act(g, "party_to_party", (0, 5, 0, 2))
    assert g.party_assets[0] == [1, 1, 0, 1] and g.party_assets[5] == [2, 0, 0, 0]
    _act(g, "party_merge", (0, 5, 0, 0))
    assert g.party_assets[0] == [0, 0, 0, 0] and g.party_assets[5] == [3, 1, 0, 1]


def test_assets_go_home_to_their_owners():
    g = _game()
    g.party_assets[3] = [2, 1, 0, 2]
    _corp(g, 4, 1, h1=3, w=1)
    supply = list(g.supply)
    _act(g, "party_home", (3, 0, 0, 0))
    _act(g, "fail_home", (4, 0, 0, 0))
    assert g.supply == [supply[0] + 2, supply[1] + 4, supply[2]]
    assert g.diss_home == 3 and sum(g.party_assets[3]) == 0 and g.corp_sector[4] == -1


def test_gain_gives_two_assets_from_the_bank():
    g = _game()
    s = g.supply[2]
    _act(g, "gain", (0, 0, 2, 0))
    assert g.supply[2] == s + 2 and g.gained[2] == 2 and g.ctl_gained[2] == 2


def test_swap_card_exchanges_this_card_for_another_players():
    g = _game()
    g.held = [[7, 8], [9, 11], []]
    _act(g, "swap_card", (1, 11, 0, 0), p=0, card=8)
    assert g.held == [[7, 11], [9, 8], []]


def test_corp_actions_party_to_corp_fail_to_corp_swap_corps():
    g = _game()
    _corp(g, 0, 0, h0=1)
    _corp(g, 6, 3, h1=2, w=1)
    g.party_assets[1] = [0, 0, 4, 0]
    _act(g, "party_to_corp", (1, 0, 2, 3))
    assert g.corp_assets[0] == [1, 0, 3, 0] and g.party_assets[1] == [0, 0, 1, 0]
    _act(g, "swap_corps", (0, 6, 0, 0))
    assert (
        g.corp_sector[0] == 3
        and g.corp_sector[6] == 0
        and g.corp_assets[0] == [0, 2, 0, 1]
        and g.corp_assets[6] == [1, 0, 3, 0]
    )
    _act(g, "fail_to_corp", (6, 0, 0, 0))
    assert g.corp_assets[0] == [1, 2, 3, 1] and g.corp_sector[6] == -1 and g.c_disc[-1] == 0


def test_fail_to_new_lays_a_new_corp_by_the_usual_rules():
    g = _game()
    _corp(g, 2, 1, h0=2, w=1)
    g.c_open = 5
    disc = list(g.c_disc)
    _act(g, "fail_to_new", (2, 9, 0, 0))  # the open card, laid on slot 9
    assert g.corp_sector[9] == 5 and g.corp_assets[9] == [2, 0, 0, 1] and g.corp_sector[2] == -1
    assert g.c_disc == disc + [1] and g.c_open >= 0


def test_replace_bill_takes_the_top_bill():
    g = _game()
    top = g.b_hidden[-1]
    _act(g, "replace_bill", (2, 0, 0, 0))
    assert g.bills[2] == g.st.bills[top] and len(g.b_hidden) == len(g.st.bills) - 4 - 1


def test_instances_list_only_legal_choices():
    g = _game()
    _corp(g, 1, 0, h0=2)
    g.party_assets[0] = [0, 1, 0, 0]
    assert g.instances(0, 0, A["corp_to_party"], True) == [
        (1, q, 0, n) for q in range(9) for n in (1, 2)
    ]
    assert g.instances(0, 0, A["corp_to_party"], False) == [(1, q, 0, 2) for q in range(9)]
    assert g.instances(0, 0, A["swap_corps"], True) == []  # one corp only
    assert g.instances(0, 0, A["party_home"], True) == [(0, 0, 0, 0)]
    g.b_hidden = []
    assert g.instances(0, 0, A["replace_bill"], True) == []


# ---------------------------------------------------------------- the Control phase
def _control_cards(g, **wanted):
    """Card ids of the packaged deck: {seat: [(domain, action name), ...]}."""
    out = {}
    for seat, want in wanted.items():
        ids = []
        for dom, action in want:
            ids.append(
                next(
                    k
                    for k, c in enumerate(g.st.controls)
                    if c.domain == dom and c.action == A[action] and k not in ids
                )
            )
        out[int(seat[1:])] = ids
    return out


def test_a_card_needs_the_domain_and_plays_once_a_year():
    g = _game()
    banking = R.SECTORS.index("Banking")
    (card,) = _control_cards(g, s0=[((0, banking), "fail_to_party")])[0]
    g.held[0] = [card]
    _corp(g, 0, banking, h1=1)  # seat 1 leads Banking: seat 0 cannot play
    assert g.playable(0) == []
    g.corp_assets[0] = [2, 1, 0, 0]
    assert g.playable(0) == [card]
    g.used[card] = True
    assert g.playable(0) == []


def test_the_goal_bot_plays_what_raises_its_value():
    g = _game(policies=("goal",))
    media = R.SECTORS.index("Media")
    cards = [k for k, c in enumerate(g.st.controls) if c.action == A["gain"]]
    g.held[0] = cards[:1]
    dom = g.st.controls[cards[0]].domain
    _corp(g, 0, dom[1], h0=2)
    assert dom[0] == 0 and media != dom[1]
    choice = g.choose_play(0)
    assert choice == (cards[0], (0, 0, 0, 0))  # the 2 assets to itself, not to a rival
    s = g.supply[0]
    g.play_card(0, *choice)
    assert g.supply[0] == s + 2 and g.played[0] == 1 and g.used[cards[0]]


def test_a_block_stops_the_card_and_a_copy_repeats_it():
    g = _game(policies=("goal",))
    block = next(k for k, c in enumerate(g.st.controls) if c.action == A["block"])
    copy_card = next(k for k, c in enumerate(g.st.controls) if c.action == A["copy"])
    gain = next(k for k, c in enumerate(g.st.controls) if c.action == A["gain"])
    fail = next(k for k, c in enumerate(g.st.controls) if c.action == A["fail_home"])
    g.held = [[gain, fail], [block], [copy_card]]
    for k in (gain, block, copy_card):  # every seat leads the domain of its own card
        kind, a = g.st.controls[k].domain
        assert kind == 0
    _corp(g, 0, g.st.controls[gain].domain[1], h0=3)
    _corp(g, 1, g.st.controls[block].domain[1], h1=3)
    _corp(g, 2, g.st.controls[copy_card].domain[1], h2=3)
    s = list(g.supply)
    g.play_card(0, gain, (0, 0, 0, 0))  # seat 0 gains 2: nobody is hurt, seat 2 copies
    assert g.supply == [s[0] + 2, s[1], s[2] + 2] and g.used[copy_card] and not g.used[block]
    # seat 0 sends seat 1's corp home: seat 1 blocks it
    g.goals[1] = [
        [next(i for i, x in enumerate(g.st.goals) if x.requires == ((1, 0),)), 1, 0, 0, 0, 0]
    ]
    g.play_card(0, fail, (1, 0, 0, 0))
    assert g.used[block] and g.corp_sector[1] >= 0 and g.played == [2, 1, 1]


def test_control_passing_keeps_the_start_player_and_charges_extra_plays():
    g = _game(policies=("random",))
    g.start = 1
    g.control_phase()  # nobody holds a card: everyone passes, nothing drawn
    assert g.start == 1 and g.paid == [0, 0, 0]


# ---------------------------------------------------------------- Specialty and tokens
def test_specialty_pays_a_corp_of_the_specialty_where_the_player_is_biggest():
    g = _game()
    g.st = R.make_settings(3, "big", ["goal"])
    sec = g.st.specialties[0]  # seat 0: sector:Banking; seat 1: ccorp:Europe; start: Media
    assert sec == (0, 0) and g.st.specialties[1] == (1, 1) and g.st.specialties[-1] == (0, 6)
    _corp(g, 0, 0, h0=2)  # Banking, seat 0 biggest
    _corp(g, 5, 0, h0=2, h1=1)  # Banking, seat 0 biggest
    _corp(g, 9, 0, h0=1, h1=1)  # Banking, tied: nothing
    _corp(g, 6, 4, h1=1)  # Europe's first C position
    _corp(g, 4, 3, h1=1)  # Europe's L position: not a C-corp
    _corp(g, 2, 6, h2=1)  # Media: the start player card's specialty
    g.start = 2
    supply = list(g.supply)
    g.specialty()
    assert g.spec_gained == [2, 1, 1] and g.supply == [supply[0] + 2, supply[1] + 1, supply[2] + 1]


def test_a_revealed_goal_met_again_takes_one_then_two_more_tokens():
    g = _game()
    goal = next(i for i, x in enumerate(g.st.goals) if x.requires == ((3, 0),))  # party:America
    g.goals[0] = [[goal, 1, 0, 1, 1, 0]]  # revealed in year 1
    g.party_assets[0][0] = 2
    g.check_goals(1)
    assert g.tok[0][0] == 0  # not in the year it was revealed
    g.check_goals(2)
    assert g.tok[0][0] == 1
    g.check_goals(3)
    assert g.tok[0][0] == 3
    g.check_goals(3)
    assert g.tok[0][0] == 3 and g.tokens_of(0) == 3  # 3 at most
    h = _game(big_tokens="goals")
    h.goals[0] = [[goal, 1, 0, 1, 1, 0]]
    h.party_assets[0][0] = 2
    h.check_goals(2)
    h.check_goals(3)
    assert h.tok[0][0] == 1  # no tokens at the end of year 3
    g.party_assets[0][0] = 0
    g.tok[0][0] = 1
    g.check_goals(3)
    assert g.tok[0][0] == 1  # not met: no token


# ---------------------------------------------------------------- whole games
SETS = [
    (4, ["random"], {}),
    (4, ["goal", "random", "contest", "bargain"], {}),
    (3, ["random", "goal", "random"], {"control_open": "three", "big_tokens": "goals"}),
    (2, ["goal", "random"], {}),
    (5, ["bargain", "random", "goal", "random", "contest"], {"control_open": "three"}),
]


@pytest.mark.parametrize("players,policies,kw", SETS)
def test_kernel_equals_reference(players, policies, kw):
    st = R.make_settings(players, "big", policies, **kw)
    for seed in (3, 17):
        k = pl.DataFrame(K.simulate_chunk(st, seed, 40, 12))
        r = pl.DataFrame(ref.reference_chunk(st, seed, 40, 12))
        assert k.equals(r)


@pytest.mark.parametrize("players,policies,kw", SETS)
def test_invariants_hold_and_every_phase_acts(players, policies, kw):
    st = R.make_settings(players, "big", policies, **kw)
    f = pl.DataFrame(K.simulate_chunk(st, 9, 0, 400))
    R.check(f, st)
    for col in ("tokens", "controls_bought", "controls_played", "specialty_gained"):
        assert f[col].sum() > 0, col


def test_check_catches_broken_big_records():
    st = R.make_settings(4, "big", ["random"])
    f = pl.DataFrame(K.simulate_chunk(st, 9, 0, 200))
    i = int(np.argmax(f["tokens"].to_numpy() > 0))
    for column, by, match in [
        ("tokens", 1, "victory tokens"),
        ("controls_held", 1, "held != bought"),
        ("dissidents_home", 1, "dissidents not conserved"),
    ]:
        bad = f.with_columns(
            pl.when(pl.arange(0, f.height) == i)
            .then(pl.col(column) + by)
            .otherwise(pl.col(column))
            .alias(column)
        )
        with pytest.raises(AssertionError, match=match):
            R.check(bad, st)
    no_reveal = f.with_columns(
        *[pl.lit(0, pl.Int16).alias(f"g{k}_revealed") for k in range(R.GOAL_SLOTS)]
    )
    with pytest.raises(AssertionError):
        R.check(no_reveal, st)


def test_victory_tokens_count_as_points():
    st = R.make_settings(4, "big", ["goal"])
    f = pl.DataFrame(K.simulate_chunk(st, 2, 0, 300))
    assert (f["score"] == f["achieved"] + f["categories"] - f["failed"] + f["tokens"]).all()
    assert f["tokens"].mean() > 0.5


def test_the_big_game_plays_every_mode_and_needs_the_big_cards(tmp_path):
    for players, mode in [(4, "team"), (8, "team"), (3, "dissident"), (7, "dissident")]:
        st = R.make_settings(players, "big", mode=mode)
        assert st.game == "big" and len(st.specialties) == players + 1
    with pytest.raises(InputError, match="team variant of Davos is for 4, 6 or 8 players"):
        R.make_settings(5, "big", mode="team")
    path = tmp_path / "cards.toml"
    path.write_text(GOOD)
    with pytest.raises(InputError, match="needs a \\[big\\] table"):
        R.make_settings(2, "big", cards_file=path)
    with pytest.raises(InputError, match="--control-open"):
        R.make_settings(4, "big", control_open="five")
    assert GAME.kind("big").name == "big"


# ---------------------------------------------------------------- the team and dissident variants
def _mode_game(players, mode, policies=("goal",)) -> BigGame:
    """An empty-board Big Game of a variant (as _game)."""
    g = BigGame(R.make_settings(players, "big", list(policies), mode=mode), 5, 0)
    g.setup()
    for row in g.corp_assets + g.party_assets:
        row[:] = [0] * len(row)
    g.corp_sector = [-1] * g.nslot
    return g


def test_specialty_goes_to_the_seat_and_a_dissident_card_has_none():
    g = _mode_game(4, "team")  # seats 0 and 2 are colour 0
    assert g.st.specialties[0] == (0, 0) and g.st.specialties[2] == (0, 1)  # Banking, Energy
    _corp(g, 0, 0, h0=2, h1=1)  # Banking, team 0 biggest: seat 0's specialty
    _corp(g, 5, 1, h0=1)  # Energy, team 0 biggest: seat 2's specialty
    g.start = 1
    g.supply = [5, 0, 0, 0]  # teams share profit, not assets: the mate's supply is no matter
    g.specialty()
    assert g.spec_gained == [1, 0, 1, 0] and g.supply == [6, 0, 1, 0]
    d = _mode_game(4, "dissident")  # seat 3 plays the white assets (colour 3)
    assert d.st.specialties[3] == R.NO_SPECIALTY
    assert g.st.specialties[3] == (1, 2)  # the same seat's member card in the team variant
    _corp(d, 9, 0, w=2)  # a C-corp of Global South, the white assets biggest
    d.start = 0
    d.specialty()
    assert d.spec_gained == [0, 0, 0, 0]


def test_a_dissident_member_card_can_be_read_to_keep_its_specialty():
    st = R.make_settings(4, "big", ["goal", "random", "goal", "random"], mode="dissident")
    card = R.make_settings(
        4, "big", list(st.policies), mode="dissident", dissident_specialty="card"
    )
    assert st.specialties[3] == R.NO_SPECIALTY and card.specialties[3] == (1, 2)
    assert card.specialties[:3] == st.specialties[:3]
    assert pl.DataFrame(K.simulate_chunk(card, 3, 0, 12)).equals(
        pl.DataFrame(ref.reference_chunk(card, 3, 0, 12))
    )
    gained = []
    for settings in (card, st):
        f = pl.DataFrame(K.simulate_chunk(settings, 3, 0, 300))
        R.check(f, settings)
        gained.append(f.filter(pl.col("colour") == settings.colours)["specialty_gained"].sum())
    # with no specialty of its own a dissident is paid only as the start player (its card's)
    assert gained[0] > 2 * gained[1]
    for kw in ({"mode": "team"}, {"mode": "dissident", "game": "mean"}):
        with pytest.raises(InputError, match="for the Big Game's dissident variant"):
            R.make_settings(4, kw.pop("game", "big"), dissident_specialty="card", **kw)
    with pytest.raises(InputError, match="none or card"):
        R.make_settings(4, "big", mode="dissident", dissident_specialty="some")


def test_control_actions_name_seats_and_white_goes_home_to_the_dissident():
    d = _mode_game(4, "dissident")
    gains = d.instances(0, 0, A["gain"], True)
    assert [i[2] for i in gains] == [0, 1, 2, 3]  # "one player": the dissident player too
    d.party_assets[3] = [1, 0, 0, 2]
    _corp(d, 4, 1, h1=1, w=3)
    supply = list(d.supply)
    _act(d, "party_home", (3, 0, 0, 0))
    _act(d, "fail_home", (4, 0, 0, 0))
    # the white assets are the dissident player's: back to its supply, none leave the board
    assert d.supply == [supply[0] + 1, supply[1] + 1, supply[2], supply[3] + 5]
    assert d.diss_home == 0
    t = _mode_game(4, "team")
    t.party_assets[3] = [2, 1, 1]  # team 0, team 1 and the neutral white assets
    supply = list(t.supply)
    _act(t, "party_home", (3, 0, 0, 0))
    assert t.supply == [supply[0] + 2, supply[1] + 1, supply[2], supply[3]]  # the first seats
    assert t.diss_home == 1
    _act(t, "gain", (0, 0, 3, 0))
    assert t.supply[3] == supply[3] + 2 and t.ctl_gained == [0, 0, 0, 2]


def test_tokens_count_for_the_team_and_the_dissidents_never_hold_any():
    g = _mode_game(4, "team")
    goal = next(i for i, x in enumerate(g.st.goals) if x.requires == ((3, 0),))  # party:America
    g.goals = [[], [], [[goal, 1, 0, 1, 1, 0]], []]
    g.party_assets[0][0] = 2  # team 0 (seat 0's assets) meets seat 2's revealed goal
    g.check_goals(2)
    assert g.tok[2][0] == 1 and g.tokens_of(0) == 1
    res = g.score()
    assert res["score"][0] == res["score"][2] == 1 + 1 + 1  # achieved, category, token
    st = R.make_settings(5, "big", ["random"], mode="dissident")
    f = pl.DataFrame(K.simulate_chunk(st, 4, 0, 200))
    white = f.filter(pl.col("colour") == st.colours)
    assert white["tokens"].sum() == 0 and white["controls_played"].sum() > 0
    assert f.filter(pl.col("colour") != st.colours)["tokens"].sum() > 0


def test_a_dissident_goal_bot_buys_a_card_whose_domain_the_white_assets_lead():
    g = _mode_game(3, "dissident", ("goal", "goal", "goal"))  # seat 2: the dissident
    g.party_assets[0][g.NC] = 2  # the white assets lead the L parties
    g.k_open[0] = next(i for i, c in enumerate(g.st.controls) if c.domain == (2, 0))
    for i in range(1, 4):
        g.k_open[i] = next(
            k for k, c in enumerate(g.st.controls) if c.domain[0] == 0 and k not in g.k_open
        )
    g.supply[2], g.passed = 3, [False] * 3
    assert g.dissident_turn(2, 3, 1, False) and len(g.held[2]) == 1
    assert not g.dissident_turn(2, 2, 1, False)  # it holds a card it leads now: it passes


def test_a_goal_bot_values_its_own_goals_on_its_teams_assets_and_never_blocks_its_team():
    g = _mode_game(4, "team")
    goal = next(i for i, x in enumerate(g.st.goals) if x.requires == ((3, 0),))  # party:America
    g.goals = [[], [], [[goal, 1, 0, 0, 0, 0]], []]  # seat 2's open goal, hidden from its mate
    g.party_assets[0][0] = 1  # team 0 meets it (seat 0's asset counts for seat 2)
    g.supply = [0, 0, 0, 0]
    assert g.value(2, -1) == 4 and g.value(0, -1) == g.value(1, -1) == 0
    # seat 0 plays a card that undoes the mate's goal: a rival would block it, the mate not
    block = next(i for i, c in enumerate(g.st.controls) if c.action == A["block"])
    move = next(i for i, c in enumerate(g.st.controls) if c.action == A["party_to_party"])
    _corp(g, 0, g.st.controls[block].domain[1], h0=1)  # team 0 leads the block card's domain
    g.held = [[move], [], [block], []]
    assert g.reaction_card(2, A["block"]) == block
    lead = g.lead_colour(2)
    assert g.value_after(2, lead, 0, move, A["party_to_party"], (0, 5, 0, 1)) < g.value(2, lead)
    g.play_card(0, move, (0, 5, 0, 1))
    assert g.party_assets[5][0] == 1 and not g.used[block] and g.played == [1, 0, 0, 0]


# combined modes: every bot, random seats among them (rules.POLICIES)
MODE_SETS = [
    (4, "team", ["random", "bargain", "goal", "contest"]),
    (6, "team", ["goal", "random", "bargain", "contest", "random", "goal"]),
    (8, "team", ["random", "bargain", "goal", "random", "contest", "goal", "bargain", "random"]),
    (3, "dissident", ["goal", "random", "random"]),
    (4, "dissident", ["random", "contest", "bargain", "goal"]),
    (5, "dissident", ["contest", "random", "goal", "bargain", "random"]),
    (6, "dissident", ["random", "goal", "random", "contest", "bargain", "goal"]),
    (7, "dissident", ["random", "contest", "goal", "bargain", "random", "goal", "random"]),
    (8, "dissident", ["bargain", "random", "goal", "random", "contest", "goal", "random", "goal"]),
]


@pytest.mark.parametrize("players,mode,policies", MODE_SETS)
def test_kernel_equals_reference_in_the_variants(players, mode, policies):
    st = R.make_settings(players, "big", policies, mode=mode)
    for seed in (5, 23):
        k = pl.DataFrame(K.simulate_chunk(st, seed, 7, 6))
        r = pl.DataFrame(ref.reference_chunk(st, seed, 7, 6))
        assert k.equals(r)


@pytest.mark.parametrize("players,mode,policies", MODE_SETS)
def test_invariants_hold_in_the_variants_and_every_phase_acts(players, mode, policies):
    st = R.make_settings(players, "big", policies, mode=mode)
    f = pl.DataFrame(K.simulate_chunk(st, 9, 0, 150))
    R.check(f, st)
    assert list(f.columns[-8:]) == R.TEAM_COLUMNS + R.BIG_COLUMNS
    for col in ("tokens", "controls_bought", "controls_played", "specialty_gained"):
        assert f[col].sum() > 0, col


def test_check_catches_broken_big_variant_records():
    st = R.make_settings(4, "big", ["random", "goal", "random", "goal"], mode="dissident")
    f = pl.DataFrame(K.simulate_chunk(st, 9, 0, 200))
    i = int(np.argmax((f["tokens"].to_numpy() > 0) & (f["colour"].to_numpy() != st.colours)))
    bad = f.with_columns(
        pl.when(pl.arange(0, f.height) == i)
        .then(pl.col("tokens") + 1)
        .otherwise(pl.col("tokens"))
        .alias("tokens")
    )
    with pytest.raises(AssertionError, match="victory tokens"):
        R.check(bad, st)


# ---------------------------------------------------------------- what a seat may know
def _big_positions(seeds, limit=150):
    """(game, seat) at the goal bots' Control turns in whole reference games."""
    seen = []

    class Recorded(BigGame):
        def choose_play(self, p):
            if len(seen) < limit and self.pol[p] != 0 and self.playable(p):
                seen.append((copy.deepcopy(self), p))
            return super().choose_play(p)

    st = R.make_settings(4, "big", ["goal", "contest", "bargain", "goal"])
    for seed in seeds:
        Recorded(st, seed, 0).play()
    return seen


def _shuffle_hidden(g, p, rng):
    """Deal again what seat p cannot see: the others' unrevealed goals, the goal stack below
    its top two cards, the corp stack below its top two and the control stack."""
    g = copy.deepcopy(g)
    slots = [s for o in range(g.P) if o != p for s in g.goals[o] if not s[2] and not s[3]]
    keep = min(2, len(g.g_hidden))
    pool = [s[0] for s in slots] + g.g_hidden[: len(g.g_hidden) - keep]
    rng.shuffle(pool)
    for s in slots:
        s[0] = pool.pop()
    g.g_hidden[: len(g.g_hidden) - keep] = pool
    rng.shuffle(g.k_hidden)
    return g


def test_big_game_bots_decide_only_from_what_their_seat_may_know():
    rng = random.Random(3)
    plays = 0
    for g, p in _big_positions(range(6)):
        decision = copy.deepcopy(g).choose_play(p)
        plays += decision is not None
        buy = copy.deepcopy(g)
        bought = buy.buy_control(p), buy.held[p]
        for _ in range(2):
            h = _shuffle_hidden(g, p, rng)
            assert copy.deepcopy(h).choose_play(p) == decision
            assert (h.buy_control(p), h.held[p]) == bought
    assert plays >= 10


def test_the_first_to_pass_in_control_takes_no_asset_and_the_start_player_stays():
    # the rulebook: "Voor passen gelden dezelfde regels als in de fase Turns, al blijft de
    # startspeler dezelfde": the asset comes with the start player card, which stays put
    g = _game(3)
    g.start, g.supply = 1, [2, 2, 2]
    g.control_phase()  # nobody holds a card: every seat passes, seat 1 first
    assert g.start == 1 and g.supply == [2, 2, 2] and g.income == [5, 5, 5]
