"""``tableodds davos ...``: which goals are hardest, and how a parliament votes."""
from __future__ import annotations

import json
from pathlib import Path

import click

from tableodds.sim.core.data import load_toml, unknown_keys
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.options import int_list, output_options, run_options, split_list
from tableodds.sim.core.runner import record_dir, run
from tableodds.sim.davos import GAME
from tableodds.sim.davos.kernel import simulate_chunk
from tableodds.sim.davos.rules import GAMES, IDEOLOGIES, PLAYERS, POLICIES, load_cards, make_settings

group = click.Group(name="davos", help="Davos: secret goals, corps, parliaments and bills.")

LIMITS = ("Bots do not negotiate, promise, pay each other or share profits; every number "
          "describes games between these bots only.")
_POLICY_HELP = "; ".join(f"{k}: {v}" for k, v in POLICIES.items())


def _policy_sets(policy: str | None, policies: tuple[str, ...]) -> list[list[str] | None]:
    if policy and policies:
        raise click.UsageError("give --policy or --policies, not both")
    if policies:
        return [split_list(p) for p in policies]
    return [[policy] if policy else ["goal"]]


def _slug(settings) -> str:
    pol = settings.policies[0] if len(set(settings.policies)) == 1 else "-".join(settings.policies)
    return f"{settings.game}-{settings.players}p-{pol}"


def run_goals(settings, games, seed, workers, chunk_size, out, progress=None):
    """Simulate and aggregate the goal table; records stay in OUT/records when out is given."""
    from tableodds.analysis.davos import goal_difficulty

    def chunk(seed, start, count):
        return simulate_chunk(settings, seed, start, count)

    with record_dir(out) as path:
        res = run(chunk, games, seed, path, workers=workers, chunk_size=chunk_size,
                  progress=progress, label="davos")
        return goal_difficulty(res.scan(), settings), res


def write_goals(summary, settings, res, out: Path) -> None:
    from tableodds.reports.output import write_tables, write_text
    write_tables(out, summary.tables())
    write_text(out / "run.json", json.dumps({"settings": settings.describe(),
                                             "run": res.describe()}, indent=2))


def _cell(pr) -> str:
    return "—" if pr is None else f"{pr.estimate:.3f} [{pr.low:.3f},{pr.high:.3f}]"


def render_goals(summary, settings, res) -> str:
    stop = " · INTERRUPTED" if res.interrupted else ""
    lines = [f"Davos · {settings.game} · {settings.players} players · policies "
             f"{','.join(settings.policies)} · {res.games_done:,} games · seed {res.seed} · "
             f"{res.seconds:.1f} s ({res.games_per_s:,.0f} games/s){stop}",
             LIMITS, "",
             "P(achieved by the check | held at the check), 95% Wilson intervals, hardest first",
             f"{'':>3} {'goal':<24} {'requires':<34} {'year 1':>21} {'year 2':>21} "
             f"{'final':>21} {'held':>8}"]
    for i, g in enumerate(summary.goals, start=1):
        n = g.final.n if g.final else 0
        lines.append(f"{i:>3} {g.name[:24]:<24} {g.requires[:34]:<34} "
                     + " ".join(f"{_cell(p):>21}" for p in g.by_check) + f" {n:>8,}")
    lines += ["", "By requirement kind",
              f"{'kind':<20} {'goals':>5} {'year 1':>21} {'year 2':>21} {'final':>21}"]
    for k in summary.kinds:
        lines.append(f"{k.kind:<20} {k.goals:>5} " + " ".join(f"{_cell(p):>21}" for p in k.by_check))
    lines += ["", f"{'seat':<6} {'policy':<8} {'score (± se)':>14} {'P(win) [95% CI]':>24}"]
    for s, (m, w) in enumerate(zip(summary.score, summary.wins)):
        lines.append(f"{s:<6} {settings.policies[s]:<8} {str(m):>14} {_cell(w):>24}")
    return "\n".join(lines)


def render_differences(diffs, a, b, top: int = 12) -> str:
    lines = [f"Final-check difference, {b.label} minus {a.label} (95% interval), largest first"]
    for d in diffs[:top]:
        lines.append(f"  {d.name[:28]:<28} {d.a.estimate:.3f} -> {d.b.estimate:.3f}  "
                     f"{d.estimate:+.3f} [{d.low:+.3f},{d.high:+.3f}]")
    if len(diffs) > top:
        lines.append(f"  ... {len(diffs) - top} more in --json / --out")
    return "\n".join(lines)


@group.command()
@click.option("--players", "-p", default="4", show_default=True, metavar="P[,P...]",
              help=f"Number of players ({PLAYERS.start}-{PLAYERS.stop - 1}); several "
                   "comma-separated to compare player counts.")
@run_options(games=100_000, chunk_size=GAME.chunk_size)
@click.option("--policy", default=None, metavar="NAME",
              help=f"Policy for every seat [default: goal]. {_POLICY_HELP}.")
@click.option("--policies", multiple=True, metavar="A,B,...",
              help="One policy per seat (or one for all), comma-separated; repeat the option "
                   "to compare policy mixes.")
@click.option("--game", "variant", type=click.Choice(GAMES), default="base", show_default=True,
              help="Base Game, or the Mean Game (7 sectors, two C positions, bills without "
                   "ideology, one goal deck).")
@click.option("--cards", "cards_file", type=click.Path(path_type=Path, dir_okay=False),
              default=None, help="Goals, bills and party ideologies in TOML instead of the "
                                 "packaged defaults (same format as sim/davos/cards.toml).")
@output_options
def goals(players, games, seed, workers, chunk_size, policy, policies, variant, cards_file,
          as_json, out):
    """Which goals are hardest: P(achieved) by year-1, year-2 and final check, per goal and kind.

    Example: tableodds davos goals --players 4 --games 200000 --policies goal --policies random
    """
    from tableodds.analysis.davos import differences, plot_goals
    from tableodds.reports.output import emit_json, save_figure, write_tables
    counts = int_list(players, "--players")
    if not counts:
        raise click.UsageError("--players needs at least one player count")
    cards = load_cards(cards_file)
    configs = [make_settings(p, variant, pols, cards=cards)
               for p in counts for pols in _policy_sets(policy, policies)]
    results = []
    for settings in configs:
        sub = out / _slug(settings) if out and len(configs) > 1 else out
        summary, res = run_goals(settings, games, seed, workers, chunk_size, sub)
        if sub:
            write_goals(summary, settings, res, sub)
        results.append((settings, summary, res))
        if res.interrupted:
            break
    first = results[0][1]
    diffs = [(s, differences(first, summ)) for s, summ, _ in results[1:]]
    if out:
        save_figure(plot_goals([s for _, s, _ in results]), out, "goal_ranking")
        if diffs:
            import polars as pl
            rows = [{"config": _slug(s), **{k: v for k, v in d.as_dict().items()
                                            if k not in ("a", "b")},
                     "p_a": d.a.estimate, "p_b": d.b.estimate} for s, ds in diffs for d in ds]
            write_tables(out, {"differences": pl.DataFrame(rows)})
    if as_json:
        emit_json({"limits": LIMITS,
                   "runs": [{"settings": s.describe(), "run": r.describe(),
                             "goals": summ.as_dict()} for s, summ, r in results],
                   "differences": [{"baseline": results[0][1].label, "config": summ.label,
                                    "goals": [d.as_dict() for d in ds]}
                                   for (s, ds), (_, summ, _) in zip(diffs, results[1:])]})
    else:
        blocks = [render_goals(summ, s, r) for s, summ, r in results]
        blocks += [render_differences(ds, first, summ)
                   for (s, ds), (_, summ, _) in zip(diffs, results[1:])]
        click.echo("\n\n".join(blocks))
    if any(r.interrupted for _, _, r in results):
        click.echo("tableodds: interrupted; results cover the games finished", err=True)
        raise SystemExit(130)


# ---------------------------------------------------------------- the vote calculator
def load_parliament(path: Path) -> dict:
    """Read and validate a parliament file (see ``tableodds davos vote --help``)."""
    data, _ = load_toml(Path(path))
    unknown_keys(data, ("bill", "wishes", "parties"), str(path))
    bill = data.get("bill")
    if bill not in IDEOLOGIES:
        raise InputError(f"{path}: bill must be the bill's ideology L, C, R or none, got {bill!r}")
    wishes = data.get("wishes", {})
    if not isinstance(wishes, dict):
        raise InputError(f"{path}: [wishes] must be a table like {{ red = \"for\" }}")
    for who, w in wishes.items():
        if w not in ("for", "against"):
            raise InputError(f"{path}: wishes.{who} must be \"for\" or \"against\", got {w!r}")
    parties = data.get("parties")
    if not isinstance(parties, list) or not parties:
        raise InputError(f"{path}: needs at least one [[parties]] table")
    out = []
    for i, party in enumerate(parties, start=1):
        w = f"{path}: party {i}"
        if not isinstance(party, dict):
            raise InputError(f"{w}: must be a table")
        unknown_keys(party, ("name", "ideology", "dissidents", "assets"), w)
        name = party.get("name", f"party {i}")
        if not isinstance(name, str):
            raise InputError(f"{w}: name must be a string")
        if party.get("ideology") not in IDEOLOGIES[:3]:
            raise InputError(f"{w}: ideology must be L, C or R, got {party.get('ideology')!r}")
        diss = party.get("dissidents", 0)
        if not isinstance(diss, int) or isinstance(diss, bool) or diss < 0:
            raise InputError(f"{w}: dissidents must be a non-negative integer, got {diss!r}")
        assets = party.get("assets", {})
        if not isinstance(assets, dict):
            raise InputError(f"{w}: assets must be a table like {{ red = 2, blue = 1 }}")
        for who, n in assets.items():
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InputError(f"{w}: assets.{who} must be a non-negative integer, got {n!r}")
            if n > 0 and who not in wishes:
                raise InputError(f"{w}: {who} holds assets but has no entry in [wishes]")
            if who.lower() == "dissidents":
                raise InputError(f"{w}: give the white assets as dissidents = N, not in assets")
        out.append({"name": name, "ideology": party["ideology"], "dissidents": diss,
                    "assets": {k: v for k, v in assets.items()}})
    return {"bill": bill, "wishes": wishes, "parties": out}


def count_votes(parliament: dict) -> dict:
    """How each party votes and whether the bill passes (the seed's rules, via the reference)."""
    from tableodds.sim.davos.reference import biggest, parliament as tally, party_vote
    players = sorted({who for p in parliament["parties"] for who in p["assets"]}
                     | set(parliament["wishes"]))
    wishes = [parliament["wishes"].get(who) == "for" for who in players]
    bill = IDEOLOGIES.index(parliament["bill"])
    votes, totals, rows = [], [], []
    for party in parliament["parties"]:
        counts = [party["assets"].get(who, 0) for who in players]
        ideo = IDEOLOGIES.index(party["ideology"])
        v = party_vote(counts, party["dissidents"], wishes, ideo, bill)
        b = biggest(counts + [party["dissidents"]])
        votes.append(v)
        totals.append(sum(counts) + party["dissidents"])
        if sum(counts) + party["dissidents"] == 0:
            why = "empty: does not vote"
        elif b == len(players):
            why = f"dissidents biggest: vote their ideology {party['ideology']}"
        elif b >= 0:
            why = f"{players[b]} biggest: decides"
        else:
            why = "no biggest: unanimous" if v else "no biggest, no agreement: does not vote"
        rows.append({"party": party["name"], "ideology": party["ideology"],
                     "holders": {**{w: n for w, n in zip(players, counts) if n},
                                 **({"dissidents": party["dissidents"]} if party["dissidents"] else {})},
                     "biggest": ("dissidents" if b == len(players) else players[b]) if b >= 0 else None,
                     "vote": {1: "for", -1: "against", 0: "none"}[v], "why": why})
    yes, no, passed = tally(votes, totals)
    largest = biggest(totals)
    for i, r in enumerate(rows):
        r["weight"] = 0 if totals[i] == 0 else (1.5 if i == largest else 1.0)
    return {"bill": parliament["bill"], "parties": rows, "for": yes / 2, "against": no / 2,
            "passes": passed,
            "rule": "largest party 1.5 votes, other non-empty parties 1; a tie or no votes fails"}


def render_votes(result: dict) -> str:
    lines = [f"Bill ideology: {result['bill']}", "",
             f"{'party':<16} {'ideo':<4} {'holders':<30} {'weight':>6}  {'vote':<8} why"]
    for r in result["parties"]:
        holders = " ".join(f"{k}:{v}" for k, v in r["holders"].items()) or "-"
        lines.append(f"{r['party'][:16]:<16} {r['ideology']:<4} {holders[:30]:<30} "
                     f"{r['weight']:>6g}  {r['vote']:<8} {r['why']}")
    verdict = "PASSES" if result["passes"] else "FAILS"
    lines += ["", f"For {result['for']:g} · against {result['against']:g} → the bill {verdict}",
              f"({result['rule']})"]
    return "\n".join(lines)


@group.command()
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document on stdout.")
def vote(file, as_json):
    """How a parliament votes on a bill, party by party.

    FILE is TOML: bill = "L" (the bill's ideology, or "none"), a [wishes] table
    (player = "for" / "against") and one [[parties]] table per party with
    name, ideology, dissidents = N and assets = { player = N, ... }.
    """
    from tableodds.reports.output import emit_json
    result = count_votes(load_parliament(file))
    if as_json:
        emit_json(result)
    else:
        click.echo(render_votes(result))

