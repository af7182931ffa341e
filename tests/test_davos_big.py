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
    # every action of the seed's two lists, twice each
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
