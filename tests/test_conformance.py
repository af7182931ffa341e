"""The contract every registered game passes (cf. OpenSpiel's random-simulation test)."""
import polars as pl
import pytest

from tableodds.sim.core.errors import InputError
from tableodds.sim.core.runner import run
from tableodds.sim.registry import games

GAMES = games()
IDS = [g.name for g in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_kernel_equals_reference(game):
    for players in game.players:
        settings = game.settings(players)
        kernel = pl.DataFrame(game.simulate_chunk(settings, 11, 1000, 25))
        reference = pl.DataFrame(game.reference_chunk(settings, 11, 1000, 25))
        assert kernel.equals(reference), f"{game.name}, {players} players"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_invariants_hold_on_random_games(game):
    for players in game.players:
        settings = game.settings(players)
        game.check(pl.DataFrame(game.simulate_chunk(settings, 3, 0, 5000)), settings)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_same_seed_same_records_any_workers_or_chunks(game, tmp_path):
    settings = game.settings(game.players[0])

    def chunk(seed, start, count):
        return game.simulate_chunk(settings, seed, start, count)

    one = run(chunk, 3000, 42, tmp_path / "one", workers=1, chunk_size=3000, progress=False)
    two = run(chunk, 3000, 42, tmp_path / "two", workers=2, chunk_size=211, progress=False)
    assert one.scan().collect().equals(two.scan().collect())
    other = run(chunk, 3000, 43, tmp_path / "other", workers=2, chunk_size=211, progress=False)
    assert not one.scan().collect().equals(other.scan().collect())


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_wrong_player_count_is_refused(game):
    for players in (game.players.start - 1, game.players.stop, 99):
        with pytest.raises(InputError, match=str(players)):
            game.settings(players)
