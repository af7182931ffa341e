"""1844 mid-game: the export read to a cut, the position it gives, the end reason read off
the log, and ``tableodds 1844 forecast`` on the two recorded games."""

import json
from collections import Counter

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
    # 10-90% bands: about 80% would be calibrated; the later events of the two games
    # land inside far more often, and the bands are narrower than those of all games
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
