"""1844 mid-game: the export read to a cut, the position it gives, the end reason read off
the log, and ``tableodds 1844 forecast`` on the two recorded games."""

import json
from collections import Counter

import numpy as np
import polars as pl
import pytest

from tableodds.analysis import s1844_forecast as F
from tableodds.reports.cli import main
from tableodds.sim.s1844 import rules as R
from tableodds.sim.s1844.export import effective_actions, load_export, read_export, read_timeline
from tableodds.sim.s1844.kernel import simulate_chunk


def _cli(args):
    from tableodds.reports.cli.s1844 import group

    group.main(args=args, prog_name="1844", standalone_mode=False)


DATA = __import__("pathlib").Path(R.__file__).parent / "games"
CUTS = (4, 6, 8, 10)


def test_a_cut_reads_the_log_only_to_that_or():
    full = read_export(DATA / "160062.json")
    t = read_export(DATA / "160062.json", 8)
    assert [o[0] for o in t.ors] == list(range(1, 9)) and t.ors == full.ors[:8]
    assert t.revenue == full.revenue[:8] and t.depot_gone == full.depot_gone[:8]
    assert not t.finished and t.end_reason == "in progress" and t.events["end"] is None
    for e, v in full.events.items():
        assert t.events[e] == (v if v is not None and v[0] <= 8 else None), e
    assert t.position["phase"] == 4 and t.position["next_train"] == "5"
    # trains bought after the cut are not in it
    assert sum(t.bought.values()) < sum(full.bought.values())
    with pytest.raises(Exception, match="16 operating rounds; --at 17 is past its end"):
        read_export(DATA / "160062.json", 17)


def _after_last_runs(doc):
    """Train types each company holds at the end, straight from the log: the trains it
    ran in its last run, those it bought after, less those bought from it after, less
    the rusted types (every 2, 3 and 4 is gone in phase 7)."""
    held: dict = {}
    for a in effective_actions(doc["actions"]):
        kind, corp = a.get("type"), a.get("entity")
        if kind == "run_routes":
            mine = {str(r["train"]) for r in a.get("routes") or ()}
            held[corp] = mine
        elif kind == "buy_train":
            tid = str(a["train"])
            for other in held.values():
                other.discard(tid)
            held.setdefault(corp, set()).add(tid)
    return {
        c: Counter(x.rsplit("-", 1)[0] for x in v if x.rsplit("-", 1)[0] not in ("2", "3", "4"))
        for c, v in held.items()
    }


@pytest.mark.parametrize("name,companies", [("160062", 15), ("202933", 15)])
def test_replay_to_the_end_rebuilds_the_state_the_log_shows(name, companies):
    doc = load_export(DATA / f"{name}.json")
    t = read_timeline(doc)
    pos = t.position
    assert pos["phase"] == 7 and t.events["phase7"] is not None
    assert len(pos["operated"]) == companies
    assert pos["closed"] == sorted(R.CORPS[c] for c in range(5))  # merged into the SBB
    # no train was read into a company other than the one that ran it
    assert not [n for n in t.notes if "read as" in n]
    held = {c: Counter(v) for c, v in pos["trains"].items()}
    for corp, expect in _after_last_runs(doc).items():
        if corp in pos["closed"]:
            assert corp not in held
            continue
        # a company runs every train it holds (1844 companies have a route in phase 7)
        assert expect == held.get(corp, Counter()), corp
    # no rusted type is left
    assert not {n for v in pos["trains"].values() for n in v} & {"2", "3", "4"}
    # directors hold the largest share and every player holds something
    for corp, p in pos["directors"].items():
        pct = pos["shares"][str(p)][corp]
        assert all(s.get(corp, 0) <= pct for s in pos["shares"].values())
    assert set(pos["shares"]) == {str(p) for p in t.player_ids}
    assert t.scores == {int(k): v for k, v in doc["result"].items()}


@pytest.mark.parametrize("name,reason,bank", [("160062", "bank", 14), ("202933", "bankrupt", None)])
def test_end_reason_from_the_log_without_game_end_reason(tmp_path, capsys, name, reason, bank):
    doc = json.loads((DATA / f"{name}.json").read_text())
    assert doc.pop("game_end_reason") == reason
    t = read_timeline(doc)
    assert t.end_reason == reason and t.end_source == "log"
    assert (t.events["bank"] or (None,))[0] == bank
    assert any("end reason read off the log" in n for n in t.notes)
    f = tmp_path / "old.json"
    f.write_text(json.dumps(doc))
    _cli(["compare", str(f), "--games", "200", "--workers", "1"])
    out = capsys.readouterr().out
    assert "ended by unknown" not in out
    assert ("the bank breaking" if reason == "bank" else "a bankruptcy") in out
    # a game still going on (its last set cut short, no bankruptcy) is not read as ended
    doc["status"] = "active"
    assert read_timeline(doc).end_reason == "in progress"


@pytest.fixture(scope="module")
def records():
    out = {}
    for n in (5, 7):
        s = R.make_settings(n, None, None, R.ENGINE_READINGS)
        df = pl.concat(
            [pl.DataFrame(simulate_chunk(s, 1, k, 25_000)) for k in range(0, 100_000, 25_000)]
        )
        out[n] = df
    return out


def test_forecast_holds_the_later_events_of_both_games(records):
    inside = total = 0
    cond_width = all_width = 0.0
    for name, n in (("160062", 5), ("202933", 7)):
        full = read_export(DATA / f"{name}.json")
        for at in CUTS:
            t = read_export(DATA / f"{name}.json", at)
            f = F.forecast_game(records[n], t)
            assert f.kept >= F.MIN_KEPT and f.tolerance is not None
            for r in f.events:
                v = full.events.get(r["event"])
                if v is not None and v[0] <= at:
                    assert r["happened_at"] == v[0] and r["median_or"] is None
                    continue
                assert r["happened_at"] is None
                real = F.real_value(full, r["event"])
                u = r["unconditional"]
                assert r["p10_or"] <= r["median_or"] <= r["p90_or"]
                assert r["p10_or"] > at  # nothing forecast for the past
                inside += r["p10_or"] <= real <= r["p90_or"]
                total += 1
                cond_width += r["p90_or"] - r["p10_or"]
                all_width += u["p90_or"] - u["p10_or"]
    # 10-90% bands of whole ORs: a right model would hold 55.1 of the 60 later events
    # (scripts/s1844_coverage.py), the real games put 54 inside; the bands are narrower
    # than those of all games
    assert total == 60 and inside >= 54
    assert cond_width < 0.9 * all_width


def test_cli_forecast(tmp_path, capsys):
    _cli(
        [
            "forecast",
            str(DATA / "202933.json"),
            "--at",
            "8",
            "--games",
            "3000",
            "--json",
            "--out",
            str(tmp_path),
        ]
    )
    doc = json.loads(capsys.readouterr().out)
    res = doc["results"]
    assert doc["command"] == "1844 forecast" and res["cut_or"] == 8
    events = {r["event"]: r for r in res["events"]}
    assert list(events) == list(F.FORECAST_EVENTS)
    assert events["phase5"]["happened_at"] == 8 and events["phase6"]["happened_at"] is None
    for r in res["events"]:
        assert set(r["unconditional"]) == {"median_or", "p10_or", "p90_or"}
    assert {r["company"] for r in res["rusts"]} == set(res["position"]["trains"])
    assert len(res["scores"]) == 7
    assert (tmp_path / "forecast.png").exists() and (tmp_path / "events.csv").exists()


def test_events_read_as_players_say_them_and_players_by_their_export_names():
    s = R.make_settings(7, None, None, R.ENGINE_READINGS)
    df = pl.DataFrame(simulate_chunk(s, 1, 0, 3000))
    t = read_export(DATA / "202933.json", 8)
    f = F.forecast_game(df, t, min_kept=1)
    text = f.text()
    assert "read to the end of OR 6.2 (#8)" in text and "the events by OR 6.2 (#8)" in text
    assert (
        "  first 5 (phase 5)  OR 6.2 (#8)  " in text and "  SBB forms          OR 6.2 (#8)" in text
    )
    assert "  seat 0 Player 1 (20382)     " in text and "  seat 6 Player 7 (4374)      " in text
    assert [r["name"] for r in f.scores] == [f"Player {k}" for k in range(1, 8)]
    assert t.when(8) == "OR 6.2 (#8)" and t.name(20382) == "Player 1"


@pytest.mark.parametrize("at,msg", [("12", "past its end"), ("0", "1 or more")])
def test_cli_forecast_refuses_a_cut_past_the_end(capsys, at, msg):
    with pytest.raises(SystemExit) as e:
        main(["1844", "forecast", str(DATA / "202933.json"), "--at", at, "--games", "10"])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    assert msg in err and len(err.splitlines()) == 1


def test_a_game_in_progress_may_be_in_the_middle_of_its_last_or(records):
    doc = json.loads((DATA / "202933.json").read_text())
    doc["actions"] = doc["actions"][:600]  # in OR 6.2: the first 5 is bought, no SBB yet
    doc["status"] = "active"
    doc.pop("game_end_reason")
    t = read_timeline(doc)
    assert not t.finished and not t.last_or_over and t.events["sbb"] is None
    assert t.ors[-1][0] == 8
    f = F.forecast_game(records[7], t)
    sbb = next(r for r in f.events if r["event"] == "sbb")
    # the SBB forms at the end of the OR of the first 5: this one, still going on
    assert f.kept >= F.MIN_KEPT and sbb["happened_at"] is None and sbb["p10_or"] == 8
    # --at at that OR reads the same; cut after OR 7, the OR is over
    assert F.forecast_game(records[7], read_timeline(doc, upto=8)).kept == f.kept
    assert read_timeline(doc, upto=7).last_or_over


# ---- the position method: the kernel played on from the state rebuilt at the cut -----------
def test_played_on_from_before_the_auction_are_the_games_of_simulate():
    from tableodds.sim.s1844 import kernel as K
    from tableodds.sim.s1844.position import fresh_state

    for n in (4, 7):
        s = R.make_settings(n, None, None, R.ENGINE_READINGS)
        out = np.empty((150, R.NCOL), np.int32)
        K.simulate_from(np.uint64(5), 100, 150, fresh_state(s), -1, K.spread_rows(None), 0, out)
        assert (out == K.records(s, 5, 100, 150)).all()


@pytest.mark.parametrize("name", ["160062", "202933"])
@pytest.mark.parametrize("at", CUTS)
def test_the_rebuilt_state_is_the_position_the_log_shows(name, at):
    from tableodds.sim.s1844 import kernel as K
    from tableodds.sim.s1844.position import CI, start_state

    doc = load_export(DATA / f"{name}.json")
    t = read_timeline(doc, upto=at)
    s = R.make_settings(t.players, None, None, R.ENGINE_READINGS)
    start = start_state(t, s, doc)
    st, pos = start.state, t.position
    f = lambda field, c: int(st[K.O_CS + field * 15 + c])  # noqa: E731
    assert st[K.G_PHASE] == pos["phase"] and st[K.G_OR] == at
    assert st[K.G_POS] == len(R.DEPOT) - pos["depot_left"]
    # trains per company and type (the SBB's own 5H beside those it has run)
    for corp, c in CI.items():
        held = Counter(pos["trains"].get(corp, []))
        if corp == "SBB" and st[K.G_SBBF] and "SBB" not in pos["operated"]:
            held["5"] += 1
        for k, tn in enumerate(R.TRAIN_NAMES):
            assert st[K.O_TR + c * 12 + 2 * k] + st[K.O_TR + c * 12 + 2 * k + 1] == held[tn]
    # companies: those that operated run (or closed into the SBB); directors and holdings
    closed = set(pos["closed"])
    for corp in pos["operated"]:
        assert f(K.F_STATUS, CI[corp]) == (3 if corp in closed else 2), corp
    seat = {pid: i for i, pid in enumerate(t.player_ids)}
    for corp, pid in pos["directors"].items():
        if corp in closed or corp == "SBB":
            continue
        c = CI[corp]
        assert f(K.F_DIR, c) == seat[pid], corp
        for p, pct in pos["shares"].items():
            units = st[K.O_HOLD + seat[int(p)] * 15 + c] * 100 // R.UNITS[R.CTYPE[c]]
            assert corp == "MOB" or units == pct.get(corp, 0), (corp, p)  # P5 gives a MOB share
    # prices on the market's cells, money conserved, no one below 0
    for corp, v in start.prices.items():
        c = CI[corp]
        assert v == R.PRICE[f(K.F_ROW, c), f(K.F_COL, c)] > 0
    treasuries = sum(f(K.F_CASH, c) for c in range(15))
    assert st[K.G_BANK] + st[K.O_CASH : K.O_CASH + t.players].sum() + treasuries == R.BANK
    assert min(start.cash.values()) >= 0
    # the events so far are the log's; the set under way resumes at its next OR
    for e, v in t.events.items():
        if v is not None:
            assert tuple(st[K.O_EV + R.EV[e] * 3 : K.O_EV + R.EV[e] * 3 + 3]) == v
    # (the log goes on: after a set's last OR it is read through the next stock round)
    full = read_export(DATA / f"{name}.json")
    g, sr, n_in = t.ors[-1]
    last = n_in == sum(1 for o in full.ors if o[1] == sr)
    assert start.first == (1 if last else n_in + 1) and st[K.G_SR] == sr + last


@pytest.mark.parametrize("spread", ["fixed", "money"])
def test_games_played_on_from_a_position_keep_its_past_and_any_chunking(spread):
    from tableodds.sim.s1844.kernel import simulate_from_chunk
    from tableodds.sim.s1844.position import start_state

    doc = load_export(DATA / "202933.json")
    t = read_timeline(doc, upto=8)
    s = R.make_settings(t.players, None, None, R.ENGINE_READINGS)
    start = start_state(t, s, doc)
    sp = F.SPREADS[spread]
    whole = simulate_from_chunk(s, start.state, start.first, 3, 0, 40, sp)
    part = simulate_from_chunk(s, start.state, start.first, 3, 20, 20, sp)
    for k, v in part.items():
        assert (whole[k][20:] == v).all(), k  # the draws come from each game's stream
    for e in ("phase3", "phase4", "phase5", "sbb"):
        assert (whole[f"{e}_or"] == t.events[e][0]).all(), e
    assert (whole["end_or"] > 8).all() and (whole["rev_8"] == t.revenue[7]).all()


@pytest.mark.parametrize("spread,least", [("fixed", 28), ("wide", 42), ("money", 45)])
def test_position_forecast_on_both_games_at_every_cut(spread, least):
    from tableodds.sim.core.runner import Counts
    from tableodds.sim.s1844.kernel import simulate_from_chunk
    from tableodds.sim.s1844.position import start_state

    inside = total = 0
    for name, n in (("160062", 5), ("202933", 7)):
        doc = load_export(DATA / f"{name}.json")
        full = read_timeline(doc)
        s = R.make_settings(n, None, None, R.ENGINE_READINGS)
        whole = pl.DataFrame(simulate_chunk(s, 1, 0, 3000))
        for at in CUTS:
            t = read_timeline(doc, upto=at)
            start = start_state(t, s, doc)
            on = simulate_from_chunk(s, start.state, start.first, 1, 0, 3000, F.SPREADS[spread])
            on = pl.DataFrame(on)
            c_all, c_on = F.counts(t, whole), F.counts(t, on, position=True)
            c = Counts({"all": c_all["all"]} | {k: c_on[k] for k in F._KEYS if k != "all"}, F._KEYS)
            f = F.forecast_of(c, t, start=start)
            assert f.method == "position" and f.kept == 3000 and f.games == 3000
            for r in f.events:
                if r["happened_at"] is not None:
                    continue
                assert at < r["p10_or"] <= r["median_or"] <= r["p90_or"]
                real = F.real_value(full, r["event"])
                inside += r["p10_or"] <= real <= r["p90_or"]
                total += 1
    # measured (docs/1844-forecast.md, 4,000 games): fixed 31 of 60, the bands from one
    # rebuilt state too narrow; the bots' rules drawn per game ("wide") 46 of 60, and the
    # money at the cut too ("money") 49: this holds the readings, not a calibration
    assert total == 60 and inside >= least


@pytest.mark.parametrize("name", ["160062", "202933"])
def test_the_state_built_from_the_replay_at_the_end_scores_the_export_result(name):
    from tableodds.sim.s1844 import kernel as K
    from tableodds.sim.s1844.position import start_state

    doc = load_export(DATA / f"{name}.json")
    t = read_timeline(doc)
    start = start_state(t, R.make_settings(t.players, None, None, R.ENGINE_READINGS), doc)
    # the kernel's score of every seat, on the state built from the replay, is the export's
    for seat, pid in enumerate(t.player_ids):
        assert K.score.py_func(start.state, seat) == t.scores[pid] == start.values[pid]


def test_cli_forecast_from_the_position(capsys):
    _cli(
        ["forecast", str(DATA / "160062.json"), "--at", "10", "--method", "position"]
        + ["--games", "500", "--json"]
    )
    res = json.loads(capsys.readouterr().out)["results"]
    assert res["method"] == "position" and res["games_kept"] == 500 and res["tolerance"] == 0
    assert res["spread"] == "wide"  # the default ranges
    pos = res["position"]
    assert pos["resume_or"] == 1 and set(pos["cash"]) == {str(p) for p in pos["shares"]}
    assert pos["prices"]["SBB"] > 0 and "SBB" in pos["treasuries"]
    assert any("tiles" in x for x in res["not_rebuilt"])
    # the exact replay's position (tableodds 1844 replay --at 10)
    from tableodds.sim.s1844.replay import position, replay

    doc = load_export(DATA / "160062.json")
    exact = position(replay(doc, upto=10, through_sr=True), doc)
    assert pos["cash"] == {str(r["id"]): r["cash"] for r in exact["players"]}
    assert pos["values"] == {str(r["id"]): r["value"] for r in exact["players"]}
    assert pos["bank"] == exact["bank"]
    late = {r["event"]: r for r in res["events"] if r["happened_at"] is None}
    assert set(late) == {"phase7", "rust4", "bank", "end"}
    assert all(r["p10_or"] > 10 for r in late.values())


def test_a_position_read_inside_an_or_says_so():
    from tableodds.sim.s1844.position import start_state

    doc = json.loads((DATA / "202933.json").read_text())
    doc["actions"] = doc["actions"][:600]  # in OR 6.2, its set's last OR
    doc["status"] = "active"
    doc.pop("game_end_reason")
    t = read_timeline(doc)
    start = start_state(t, R.make_settings(7, None, None, R.ENGINE_READINGS), doc)
    assert any("ends inside OR #8" in n for n in start.notes)


def test_a_position_read_inside_an_or_goes_on_with_the_companies_yet_to_operate():
    from tableodds.sim.s1844 import kernel as K
    from tableodds.sim.s1844.position import start_state

    doc = json.loads((DATA / "202933.json").read_text())
    doc["actions"] = doc["actions"][:600]  # in OR 6.2 (#8), its set's last OR
    doc["status"] = "active"
    doc.pop("game_end_reason")
    t = read_timeline(doc)
    start = start_state(t, R.make_settings(7, None, None, R.ENGINE_READINGS), doc)
    # the companies with a turn in the log since OR #8 began are marked as done
    moves = t.moves[max(i for i, m in enumerate(t.moves) if m[0] == "or") :]
    turned = {m[1] for m in moves if m[0] == "turn"}
    done = int(start.state[K.G_RESUME])
    assert start.first == 2 and done >> 15 == 1 and turned
    assert {R.CORPS[c] for c in range(15) if done >> c & 1} == turned
    # the games go on inside #8: its revenue grows by the turns left, and the next set's
    # first OR is #9 (skipping them, #8 kept the log's revenue in every game)
    settings = R.make_settings(7, None, None, R.ENGINE_READINGS)
    cols = K.simulate_from_chunk(settings, start.state, start.first, 1, 0, 50)
    assert (cols["rev_8"] >= t.revenue[7]).all() and (cols["rev_8"] > t.revenue[7]).mean() > 0.5
    assert (cols["rev_9"] > 0).mean() > 0.9


@pytest.mark.parametrize("name", ["160062", "202933"])
@pytest.mark.parametrize("at", CUTS)
def test_the_state_built_from_the_replay_is_its_position_exactly(name, at):
    from tableodds.sim.s1844 import kernel as K
    from tableodds.sim.s1844.position import CI, start_state
    from tableodds.sim.s1844.replay import replay

    doc = load_export(DATA / f"{name}.json")
    t = read_timeline(doc, upto=at)
    start = start_state(t, R.make_settings(t.players, None, None, R.ENGINE_READINGS), doc)
    g = replay(doc, upto=at, through_sr=True)
    st = start.state
    f = lambda field, c: int(st[K.O_CS + field * 15 + c])  # noqa: E731
    assert list(g.players) == t.player_ids
    for seat, (pid, p) in enumerate(g.players.items()):
        assert st[K.O_CASH + seat] == p.cash == start.cash[pid]
        assert st[K.O_DEBT + seat] == p.debt
        assert K.score.py_func(st, seat) == g.value(pid) == start.values[pid]
        for sym, c in CI.items():
            unit = g.corps[sym].unit
            assert st[K.O_HOLD + seat * 15 + c] * unit == p.shares.get(sym, 0), (pid, sym)
    for sym, co in g.corps.items():
        c = CI[sym]
        assert f(K.F_CASH, c) == co.cash, sym
        if co.par and not co.closed:
            assert f(K.F_PRICE, c) == co.price == start.prices[sym], sym
            assert f(K.F_IPO, c) * co.unit == co.ipo and f(K.F_POOL, c) * co.unit == co.pool
        held = Counter((g.train_type(x), int(x in g.h_side)) for x in co.trains)
        for k in range(R.NTYPE):
            for side in (0, 1):
                assert st[K.O_TR + c * 12 + k * 2 + side] == held[(k, side)], (sym, k, side)
        if co.operated:
            assert f(K.F_TLAID, c) == len(co.tokens)
    assert st[K.G_BANK] == g.bank and st[K.G_PHASE] == g.phase
    assert st[K.G_POS] == len(R.DEPOT) - len(g.depot)
    # money is conserved: the bank, the players and the treasuries hold all of it
    treasuries = sum(f(K.F_CASH, c) for c in range(15))
    assert st[K.G_BANK] + st[K.O_CASH : K.O_CASH + t.players].sum() + treasuries == R.BANK


def test_each_players_band_comes_from_their_own_holdings():
    from tableodds.sim.s1844 import kernel as K
    from tableodds.sim.s1844.position import start_state

    doc = load_export(DATA / "160062.json")
    t = read_timeline(doc, upto=10)
    s = R.make_settings(t.players, None, None, R.ENGINE_READINGS)
    start = start_state(t, s, doc)

    def medians(state):
        cols = K.simulate_from_chunk(s, state, start.first, 1, 0, 2000)
        return [float(np.median(cols[f"score_{p}"])) for p in range(t.players)]

    before = medians(start.state)
    assert len(set(before)) == t.players  # the bands differ by player
    moved = start.state.copy()
    moved[K.O_CASH + 0] -= 500  # 500 of seat 0's cash to seat 1 (seat 0 holds 605)
    moved[K.O_CASH + 1] += 500
    after = medians(moved)
    assert after[0] < before[0] - 300 and after[1] > before[1] + 300


def test_a_broken_bank_holds_0_in_the_records():
    s = R.make_settings(5, None, None, R.ENGINE_READINGS)
    cols = simulate_chunk(s, 1, 0, 300)
    ors = range(1, R.MAX_OR_RECORD + 1)
    bank = np.stack([cols[f"bankcash_{k}"] for k in ors], axis=1)
    running = np.stack([cols[f"rev_{k}"] for k in ors], axis=1) >= 0
    broke = cols["bank"] < 0  # the ledger: what the bank paid out beyond 0
    assert broke.mean() > 0.5 and (bank[running] >= 0).all()
    last = bank[np.arange(300), running.sum(axis=1) - 1]
    assert (last[broke] == 0).all()


def test_the_recorded_games_plot_fits_the_games_length():
    from tableodds.analysis import s1844_compare as C
    from tableodds.analysis.s1844 import summarise

    t = read_export(DATA / "160062.json")
    s = R.make_settings(5, None, None, R.ENGINE_READINGS)
    lf = pl.DataFrame(simulate_chunk(s, 1, 0, 500)).lazy()
    c = C.GameComparison(t, summarise(lf, s), C.compare_rows(t, lf), 0.0)
    ev = c.rows.filter(pl.col("kind") == "event")
    assert (ev["p90"] >= C.NEVER).any()  # a band reaching "never" is drawn
    fig = C.plot_game(c)
    for ax in fig.axes[:2]:
        lo, hi = ax.get_xlim()
        assert lo < 1 and t.ors[-1][0] + 2 < hi < 25  # (it was 45: the never bars)


@pytest.mark.parametrize("name", ["160062", "202933"])
def test_a_finished_game_plays_nothing_on_its_bands_are_the_results(name):
    from tableodds.sim.s1844.kernel import simulate_from_chunk
    from tableodds.sim.s1844.position import start_state

    doc = load_export(DATA / f"{name}.json")
    t = read_timeline(doc)
    s = R.make_settings(t.players, None, None, R.ENGINE_READINGS)
    start = start_state(t, s, doc)
    cols = simulate_from_chunk(s, start.state, start.first, 1, 0, 20, F.SPREADS["wide"])
    assert (cols["end_or"] == t.ors[-1][0]).all()
    for seat, pid in enumerate(t.player_ids):
        assert (cols[f"score_{seat}"] == t.scores[pid]).all()
