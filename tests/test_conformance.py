"""The contract every registered game passes, one case per game, simulator kind and player
count (cf. OpenSpiel's random-simulation test): kernel = reference on the same seeds, the
same records whatever the workers and chunk sizes, the declared column schema, invariants
that hold on random games and catch a corrupted frame, a golden digest per game and kind,
and bad input refused.

``python tests/test_conformance.py`` prints the golden digests in golden.toml's format.
"""

import functools
import hashlib
import importlib
import tomllib
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from tableodds.sim.core.errors import InputError
from tableodds.sim.core.runner import run
from tableodds.sim.registry import PACKAGES, games

GAMES = {g.name: g for g in games()}
CASES = [(g.name, k.name, p) for g in GAMES.values() for k in g.kinds for p in g.kind_players(k)]
IDS = [f"{g}-{k}-{p}p" for g, k, p in CASES]
KINDS = [(g.name, k.name) for g in GAMES.values() for k in g.kinds]
GOLDEN = Path(__file__).with_name("golden.toml")
# games per kernel = reference case (the 1844 reference is slow)
REFERENCE_GAMES = {"1844": 6}


def _kind(game, kind):
    g = GAMES[game]
    return g, g.kind(kind)


@functools.cache
def _settings(game, kind, players):
    g, k = _kind(game, kind)
    return g.kind_settings(k, players)


@functools.cache
def _kernel(game, kind, players, seed=11, start=1000, count=None):
    count = count or REFERENCE_GAMES.get(game, 25)
    return _kind(game, kind)[1].simulate_chunk(_settings(game, kind, players), seed, start, count)


@functools.cache
def _reference(game, kind, players):
    count = REFERENCE_GAMES.get(game, 25)
    return _kind(game, kind)[1].reference_chunk(_settings(game, kind, players), 11, 1000, count)


def _schema(cols):
    return [(name, np.asarray(a).dtype) for name, a in cols.items()]


@pytest.mark.parametrize("game,kind,players", CASES, ids=IDS)
def test_kernel_equals_reference(game, kind, players):
    assert pl.DataFrame(_kernel(game, kind, players)).equals(
        pl.DataFrame(_reference(game, kind, players))
    )


@pytest.mark.parametrize("game,kind,players", CASES, ids=IDS)
def test_records_have_the_declared_columns(game, kind, players):
    declared = list(_kind(game, kind)[1].columns(_settings(game, kind, players)).items())
    assert _schema(_kernel(game, kind, players)) == declared
    assert _schema(_reference(game, kind, players)) == declared


@pytest.mark.parametrize("game,kind,players", CASES, ids=IDS)
def test_same_seed_same_records_any_workers_or_chunks(game, kind, players, tmp_path):
    g, k = _kind(game, kind)
    settings = _settings(game, kind, players)
    n = 300 if game == "1844" else 1500

    def chunk(seed, start, count):
        return k.simulate_chunk(settings, seed, start, count)

    one = run(chunk, n, 42, tmp_path / "one", workers=1, chunk_size=n, progress=False)
    two = run(chunk, n, 42, tmp_path / "two", workers=2, chunk_size=97, progress=False)
    assert one.scan().collect().equals(two.scan().collect())
    other = run(chunk, n, 43, tmp_path / "other", workers=2, chunk_size=97, progress=False)
    assert not one.scan().collect().equals(other.scan().collect())


def _first(frame, mask):
    """Index of the first row matching ``mask``."""
    return int(frame.with_row_index("_i").filter(mask)["_i"][0])


def _bump(frame, column, row=0, by=1):
    values = frame[column].to_numpy().copy()
    values[row] += by
    return frame.with_columns(pl.Series(column, values, dtype=frame[column].dtype))


def _corrupt_davoserjas(frame, settings):
    # a trick round hands out a fixed total of penalty points per deal
    r = next(r for r in settings.rounds if r.kind == "tricks")
    return _bump(frame, f"r{r.number}")


def _corrupt_auctions(frame, settings):
    # a bought card costs at least 1 D
    row = _first(frame, pl.col("method") == 0)
    return _bump(frame, "price", row, -int(frame["price"][row]))


def _corrupt_attacks(frame, settings):
    # the outcome follows the conquest rule
    return _bump(frame, "success", 0, 1 - 2 * int(frame["success"][0]))


CORRUPT = {
    ("davoserjas", "games"): _corrupt_davoserjas,
    ("davos", "games"): lambda f, s: _bump(f, "supply"),  # a seat's assets are conserved
    ("davos", "team"): lambda f, s: _bump(f, "supply"),  # a team's assets are conserved
    ("davos", "dissident"): lambda f, s: _bump(f, "failed"),  # the dissidents score them
    ("davos", "big"): lambda f, s: _bump(f, "tokens"),  # victory tokens are points
    ("davos", "big_team"): lambda f, s: _bump(f, "tokens"),  # the team's tokens are its points
    ("davos", "big_dissident"): lambda f, s: _bump(f, "failed"),  # the dissidents score them
    ("1844", "games"): lambda f, s: _bump(f, "exported_2"),  # exports by type add up
    ("borgia", "games"): lambda f, s: _bump(f, "money"),  # money is conserved with the bank
    ("borgia", "auctions"): _corrupt_auctions,
    ("borgia", "attacks"): _corrupt_attacks,
    ("boss", "games"): lambda f, s: _bump(f, "money"),  # the seats' money is what was paid
}


def test_every_kind_has_a_corruption():
    assert set(CORRUPT) == set(KINDS)


@pytest.mark.parametrize("game,kind,players", CASES, ids=IDS)
def test_invariants_hold_and_catch_a_corrupted_frame(game, kind, players):
    k = _kind(game, kind)[1]
    settings = _settings(game, kind, players)
    frame = pl.DataFrame(k.simulate_chunk(settings, 3, 0, 300 if game == "1844" else 3000))
    k.check(frame, settings)
    with pytest.raises(AssertionError):
        k.check(CORRUPT[game, kind](frame, settings), settings)


def digest(cols) -> str:
    """sha256 over every column's name, dtype and bytes, in record order."""
    h = hashlib.sha256()
    for name, a in cols.items():
        a = np.ascontiguousarray(a)
        h.update(f"{name}:{a.dtype.str}:{a.shape[0]}\n".encode())
        h.update(a.tobytes())
    return h.hexdigest()


def _golden_run(game, kind):
    g, k = _kind(game, kind)
    players = g.kind_players(k)[0]
    return digest(
        k.simulate_chunk(_settings(game, kind, players), 2024, 0, 40 if game == "1844" else 200)
    )


@pytest.mark.parametrize("game,kind", KINDS, ids=[f"{g}-{k}" for g, k in KINDS])
def test_golden_digest(game, kind):
    golden = tomllib.loads(GOLDEN.read_text("utf-8"))
    assert _golden_run(game, kind) == golden[game][kind], (
        f"{game} {kind}: records changed; update tests/golden.toml only for an intended rule change"
    )


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("wrong", ["below", "above", "99"])
def test_wrong_player_count_is_refused(game, wrong):
    g = GAMES[game]
    players = {"below": g.players.start - 1, "above": g.players.stop, "99": 99}[wrong]
    with pytest.raises(InputError, match=str(players)):
        g.settings(players)


@pytest.mark.parametrize("game", list(GAMES))
def test_unknown_policy_is_refused(game):
    rules = importlib.import_module(PACKAGES[game] + ".rules")
    with pytest.raises(InputError, match="unknown policy 'no-such-bot'"):
        rules.make_settings(GAMES[game].players[0], policies=["no-such-bot"])


@pytest.mark.parametrize("game", list(GAMES))
def test_policy_codes_come_from_the_policy_list(game):
    rules = importlib.import_module(PACKAGES[game] + ".rules")
    assert rules.POLICY_CODES == {name: i for i, name in enumerate(rules.POLICIES)}


if __name__ == "__main__":
    print("# Golden digests (sha256 of a small seeded kernel run) per game and simulator kind,")
    print("# checked by tests/test_conformance.py.  Update a digest ONLY for an intended rule")
    print("# change, and say so in the commit; any other change means the records changed.")
    print("# Regenerate with: python tests/test_conformance.py > tests/golden.toml")
    for game in GAMES:
        print(f'\n["{game}"]')
        for g, kind in KINDS:
            if g == game:
                print(f'{kind} = "{_golden_run(game, kind)}"')
