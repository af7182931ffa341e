"""``tableodds 1844 ...``: the train-rush forecast over whole simulated games."""
from __future__ import annotations

import json
from pathlib import Path

import click

from tableodds.sim.core.errors import InputError
from tableodds.sim.core.options import (chosen_policies, exit_if_interrupted, int_list, output_options,
                              policy_options, run_options)
from tableodds.sim.core.runner import record_dir, run
from tableodds.sim.s1844 import GAME
from tableodds.sim.s1844.kernel import simulate_chunk
from tableodds.sim.s1844.rules import PLAYERS, POLICIES, make_settings

group = click.Group(name="1844", help="1844: Schweiz: when the phases start, the trains rust, "
                    "the SBB forms and the bank breaks.")

_POLICY_HELP = "; ".join(f"{k}: {v}" for k, v in POLICIES.items())



def run_forecast(settings, games, seed, workers, chunk_size, out, progress=None):
    """Simulate and summarise one player count; records stay in OUT/records with --out."""
    from tableodds.analysis.s1844 import summarise

    def chunk(seed, start, count):
        return simulate_chunk(settings, seed, start, count)

    with record_dir(out) as path:
        res = run(chunk, games, seed, path, workers=workers, chunk_size=chunk_size,
                  progress=progress, label=f"1844 {settings.players}p")
        return summarise(res.scan(), settings), res


def write_forecast(results, settings_list, runs, out: Path) -> None:
    from tableodds.analysis.s1844 import compare, plot_bank, plot_histograms, plot_timeline, plot_trains
    import polars as pl

    from tableodds.reports.output import save_figure, write_tables, write_text
    tables = {}
    for r in results:
        for name, df in r.tables().items():
            tables.setdefault(name, []).append(df if "players" in df.columns else
                                               df.with_columns(pl.lit(r.players).alias("players")))
    write_tables(out, {name: pl.concat(dfs, how="diagonal") for name, dfs in tables.items()})
    write_tables(out, {"compare": compare(results)})
    save_figure(plot_timeline(results), out, "timeline")
    save_figure(plot_bank(results), out, "bank_cash")
    save_figure(plot_trains(results), out, "trains_by_type")
    save_figure(plot_histograms(results), out, "event_histograms")
    write_text(out / "run.json", json.dumps(
        {"settings": [s.describe() for s in settings_list],
         "runs": [r.describe() for r in runs]}, indent=2))


def render(results, settings_list, runs) -> str:
    from tableodds.analysis.s1844 import compare
    lines = []
    for s, r, res in zip(settings_list, results, runs):
        stop = " · INTERRUPTED" if res.interrupted else ""
        lines.append(f"1844 · {s.players} players · {res.games_done:,} games · seed {res.seed}"
                     f" · policies {','.join(s.policies)} · {res.seconds:.1f} s "
                     f"({res.games_per_s:,.0f} games/s){stop}")
    lines += ["", "When it happens: global OR number, median [10%-90%], the most common "
              "'OR t.n' label (and how often the event happens at all, if not always)"]
    table = compare(results)
    cols = table.columns
    widths = [max(len(c), *(len(str(v)) for v in table[c])) for c in cols]
    lines.append("  ".join(c.ljust(w) for c, w in zip(cols, widths)))
    for row in table.iter_rows():
        lines.append("  ".join(str(v).ljust(w) for v, w in zip(row, widths)))
    for r in results:
        lines += ["", f"{r.players} players:"]
        lines.append("  game ends by: " + ", ".join(
            f"{name} {p.estimate:.3f} [{p.low:.3f}, {p.high:.3f}]" for name, p in r.ends))
        lines.append(f"  trains exported {r.exported}, rusted {r.rusted}; "
                     f"player loans per game {r.loans}")
        lines.append(f"  companies bought privates {r.privates_bought} per game; trains bought "
                     f"across {r.across_sister} (same director), {r.across_other} (other "
                     f"director); P2's tile laid in {r.p2_tile.estimate:.3f} of games")
        lo, med, hi = r.spread_band
        lines.append(f"  winning score {r.winner}; spread (winner - last) {r.spread}, "
                     f"median {med:g} [{lo:g}-{hi:g}]")
        lines.append("  score by seat: " + "  ".join(
            f"{i}:{m.estimate:.0f}±{m.se:.0f} (top {w.estimate:.3f})"
            for i, (m, w) in enumerate(zip(r.seat_score, r.seat_wins))))
        d = r.per_or
        lines.append("  OR  running  route revenue, median   bank cash at the OR's end,")
        lines.append("               [10%-90%]               median [10%-90%]")
        for row in d.filter(d["share_running"] >= 0.05).iter_rows(named=True):
            rev = f"{row['revenue_median']:.0f} [{row['revenue_p10']:.0f}-{row['revenue_p90']:.0f}]"
            bank = f"{row['bank_median']:.0f} [{row['bank_p10']:.0f}-{row['bank_p90']:.0f}]"
            lines.append(f"  {row['or']:>2}  {row['share_running']:7.3f}  {rev:<24}{bank}")
    return "\n".join(lines)


@group.command("train-rush")
@click.option("--players", "-p", default="5", show_default=True, metavar="P[,P...]",
              help="Player count(s), 3-7; several are compared side by side.")
@run_options(games=20_000, chunk_size=GAME.chunk_size)
@policy_options(_POLICY_HELP, "careful")
@click.option("--params", "params_file", type=click.Path(path_type=Path, dir_okay=False),
              default=None, help="A TOML file overriding model parameters (see params.toml).")
@output_options
def train_rush(players, games, seed, workers, chunk_size, policy, policies, params_file,
               as_json, out):
    """Forecast the train rush: the OR of each phase, rust, SBB formation, bank break and end.

    Example: tableodds 1844 train-rush --players 4,5 --games 100000 --out rush
    """
    from tableodds.reports.output import emit_json
    counts = int_list(players, "--players") or []
    if not counts:
        raise InputError("--players needs at least one player count")
    for n in counts:
        if n not in PLAYERS:
            raise InputError(f"1844 is for 3-7 players, not {n}")
    if len(set(counts)) != len(counts):
        raise InputError("a player count is listed twice in --players")
    pols = chosen_policies(policy, policies)
    if pols and len(pols) > 1 and len(counts) > 1:
        raise InputError("--policies (one per seat) needs a single player count")
    settings_list = [make_settings(n, pols, params_file) for n in counts]
    results, runs = [], []
    for s in settings_list:
        sub = None if out is None else Path(out) / f"p{s.players}"
        r, res = run_forecast(s, games, seed, workers, chunk_size, sub)
        results.append(r)
        runs.append(res)
        if res.interrupted:
            break
    if out:
        write_forecast(results, settings_list[:len(results)], runs, Path(out))
    if as_json:
        emit_json({"settings": [s.describe() for s in settings_list[:len(results)]],
                   "runs": [r.describe() for r in runs],
                   "forecasts": [r.as_dict() for r in results]})
    else:
        click.echo(render(results, settings_list, runs))
    for res in runs:
        exit_if_interrupted(res)
