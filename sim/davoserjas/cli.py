"""``tableodds davoserjas ...``: simulate whole games, or value one hand."""
from __future__ import annotations

from pathlib import Path

import click

from tableodds.sim.core.errors import InputError
from tableodds.sim.core.options import (chosen_policies, exit_if_interrupted, int_list, output_options,
                              players_option, policy_options, run_options)
from tableodds.sim.core.runner import record_dir, run
from tableodds.sim.davoserjas import GAME
from tableodds.sim.davoserjas.kernel import simulate_chunk
from tableodds.sim.davoserjas.rules import (PLAYERS, POLICIES, VARIANTS, card_name, deck_mask, hand_size,
                                  make_settings, parse_card)

group = click.Group(name="davoserjas", help="Davoserjas: six rounds of minus tricks and Kabalen.")

_VARIANT_HELP = "; ".join(f"{k}: {v}" for k, v in VARIANTS.items())
_POLICY_HELP = "; ".join(f"{k}: {v}" for k, v in POLICIES.items())


def game_options(f):
    f = click.option("--rules", "rules_file", type=click.Path(path_type=Path, dir_okay=False),
                     default=None, help="A round list in TOML instead of the packaged one.")(f)
    f = click.option("--variant", "variants", multiple=True, metavar="NAME[=VALUE]",
                     help=f"Rule variant, repeatable. {_VARIANT_HELP}.")(f)
    return policy_options(_POLICY_HELP, "random")(f)


def _header(settings, res) -> str:
    pol = ",".join(settings.policies)
    extra = f" · variants {','.join(settings.variants)}" if settings.variants else ""
    stop = " · INTERRUPTED" if res.interrupted else ""
    return (f"Davoserjas · {settings.players} players · {res.games_done:,} games · seed {res.seed}"
            f" · policies {pol}{extra} · {res.seconds:.1f} s ({res.games_per_s:,.0f} games/s){stop}")


def _distribution_lines(dist, rounds) -> list[str]:
    import polars as pl
    pooled = (dist.group_by(["round", "penalty"]).agg(pl.col("count").sum())
              .with_columns((pl.col("count") / pl.col("count").sum().over("round")).alias("p"))
              .sort(["round", "penalty"]))
    lines = []
    for r in rounds:
        part = pooled.filter(pl.col("round") == r.number)
        n = int(part["count"].sum())
        cells = [f"{k}:{p:.3f}" for k, p in zip(part["penalty"], part["p"]) if p >= 0.0005]
        half = 1.96 * (0.25 / n) ** 0.5
        lines.append(f"  r{r.number:<2} {' '.join(cells)}   (each ±≤{half:.4f})")
    return lines


def render_simulation(summary, settings, res) -> str:
    seats = range(settings.players)
    w = 15
    lines = [_header(settings, res), "",
             "Mean penalty per round and seat (± standard error)",
             f"{'round':<30}" + "".join(f"{'seat ' + str(s):>{w}}" for s in seats)]
    for r in summary.rounds:
        label = f"{r.number} {r.name}"[:29]
        lines.append(f"{label:<30}" + "".join(f"{str(m):>{w}}" for m in r.by_seat))
    lines.append(f"{'total':<30}" + "".join(f"{str(m):>{w}}" for m in summary.total))
    lines.append(f"{'P(lowest total) [95% CI]':<30}"
                 + "".join(f"{p.estimate:>{w}.4f}" for p in summary.lowest))
    lines.append(f"{'':<30}" + "".join(f"{f'[{p.low:.3f},{p.high:.3f}]':>{w}}"
                                        for p in summary.lowest))
    lines += ["", "P(penalty = k), all seats pooled (k:p; per-seat tables with intervals: --out/--json)"]
    lines += _distribution_lines(summary.distribution, summary.rounds)
    return "\n".join(lines)


def run_simulation(settings, games, seed, workers, chunk_size, out, progress=None):
    """Run and summarise; the records stay in OUT/records when --out is given."""
    from tableodds.analysis.davoserjas import summarise

    def chunk(seed, start, count):
        return simulate_chunk(settings, seed, start, count)

    with record_dir(out) as path:
        res = run(chunk, games, seed, path, workers=workers, chunk_size=chunk_size,
                  progress=progress, label="davoserjas")
        return summarise(res.scan(), settings), res


def write_simulation(summary, settings, res, out: Path) -> None:
    from tableodds.analysis.davoserjas import plot_distribution, plot_seats
    import json

    from tableodds.reports.output import save_figure, write_tables, write_text
    write_tables(out, summary.tables())
    save_figure(plot_distribution(summary), out, "penalty_distribution")
    save_figure(plot_seats(summary), out, "seat_advantage")
    write_text(out / "run.json", json.dumps({"settings": settings.describe(),
                                             "run": res.describe()}, indent=2))


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=100_000, chunk_size=GAME.chunk_size)
@game_options
@click.option("--rounds", default=None, metavar="1,2,...",
              help="Play only these rounds (numbers in the round list) [default: all].")
@output_options
def simulate(players, games, seed, workers, chunk_size, policy, policies, variants, rules_file,
             rounds, as_json, out):
    """Simulate whole games: mean penalty per round and seat, distributions, P(lowest total).

    Example: tableodds davoserjas simulate --players 4 --games 1000000 --policies careful,random,random,random
    """
    from tableodds.reports.output import emit_json
    settings = make_settings(players, chosen_policies(policy, policies), int_list(rounds, "--rounds"),
                             variants, rules_file)
    summary, res = run_simulation(settings, games, seed, workers, chunk_size, out)
    if out:
        write_simulation(summary, settings, res, out)
    if as_json:
        emit_json({"settings": settings.describe(), "run": res.describe(),
                   "summary": summary.as_dict()})
    else:
        click.echo(render_simulation(summary, settings, res))
    exit_if_interrupted(res)


def parse_hand(cards: tuple[str, ...], players: int) -> list[int]:
    ids = [parse_card(c) for c in cards]
    seen = set()
    for text, c in zip(cards, ids):
        if c in seen:
            raise InputError(f"card {text} is listed twice")
        seen.add(c)
        if not deck_mask(players) >> c & 1:
            raise InputError(f"card {text} is not in the {players}-player deck "
                             f"(the 2s removed for {players} players are out)")
    if len(ids) != hand_size(players):
        raise InputError(f"a {players}-player hand has {hand_size(players)} cards, "
                         f"{len(ids)} given")
    return ids


@group.command()
@players_option(PLAYERS, 4)
@click.option("--round", "round_number", type=int, default=1, show_default=True,
              help="Round number in the round list (seat (round-1) mod players leads).")
@click.option("--seat", type=int, default=0, show_default=True, help="The seat holding the hand.")
@run_options(games=100_000, chunk_size=GAME.chunk_size)
@game_options
@output_options
@click.argument("cards", nargs=-1, required=True)
def hand(players, round_number, seat, games, seed, workers, chunk_size, policy, policies,
         variants, rules_file, as_json, out, cards):
    """Expected penalty of one hand in one round; the unseen cards are dealt at random.

    CARDS are rank then suit: AS KH 10D 2C (T for ten and the symbols ♠♥♦♣ work too).
    """
    from tableodds.analysis.davoserjas import summarise_hand
    from tableodds.reports.output import emit_json, write_tables
    settings = make_settings(players, chosen_policies(policy, policies), [round_number], variants,
                             rules_file)
    if not 0 <= seat < players:
        raise InputError(f"--seat must be 0-{players - 1} for {players} players, not {seat}")
    ids = parse_hand(cards, players)
    mask = sum(1 << c for c in ids)

    def chunk(seed, start, count):
        return simulate_chunk(settings, seed, start, count, seat, mask)

    with record_dir(out) as path:
        res = run(chunk, games, seed, path, workers=workers, chunk_size=chunk_size,
                  label="deals")
        names = [card_name(c) for c in sorted(ids)]
        summary = summarise_hand(res.scan(), settings, seat, names)
    if out:
        write_tables(out, summary.tables())
    if as_json:
        emit_json({"settings": settings.describe(), "run": res.describe(),
                   "hand": summary.as_dict()})
    else:
        r = settings.rounds[0]
        lines = [f"Davoserjas · {players} players · round {r.number} ({r.name}) · seat {seat}"
                 f" · {res.games_done:,} deals · seed {seed}",
                 f"hand: {' '.join(names)}",
                 f"expected penalty: {summary.penalty.estimate:.3f} ± {summary.penalty.se:.3f}"
                 f" (95% CI {summary.penalty.low:.3f} to {summary.penalty.high:.3f})", "",
                 f"{'penalty':>8} {'P':>8}   95% CI"]
        for row in summary.distribution.iter_rows(named=True):
            lines.append(f"{row['penalty']:>8} {row['p']:>8.4f}   "
                         f"[{row['low']:.4f}, {row['high']:.4f}]")
        click.echo("\n".join(lines))
    exit_if_interrupted(res)
