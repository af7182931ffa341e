"""``tableodds boss ...``: game length, money and deals, and the house rules side by side."""
from __future__ import annotations

import json
from pathlib import Path

import click

from tableodds.sim.boss import GAME
from tableodds.sim.boss.kernel import simulate_chunk
from tableodds.sim.boss.rules import PLAYERS, POLICIES, VARIANTS, make_settings
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.options import (chosen_policies, exit_if_interrupted, output_options,
                              players_option, policy_options, run_options)
from tableodds.sim.core.runner import record_dir, run

group = click.Group(name="boss", help="I'm the Boss!: deals, dividends and the dice-driven end.")

_VARIANT_HELP = "; ".join(f"{k}: {v}" for k, v in VARIANTS.items())
_POLICY_HELP = "; ".join(f"{k}: {v}" for k, v in POLICIES.items())
# The extra starting cards whose value `simulate --card-values` measures.
CARD_TYPES = ("family", "travel", "recruit", "boss", "stop")


def game_options(f):
    f = click.option("--cards", "cards_file", type=click.Path(path_type=Path, dir_okay=False),
                     default=None, help="Board spaces, deal-card values and die faces in TOML "
                     "instead of the packaged defaults (same layout as sim/boss/deals.toml).")(f)
    f = click.option("--variant", "variants", multiple=True, metavar="NAME",
                     help=f"House rule, repeatable. {_VARIANT_HELP}.")(f)
    f = policy_options(_POLICY_HELP, "random")(f)
    return f



def _header(settings, res, what="games") -> str:
    pol = ",".join(settings.policies)
    extra = f" · variants {','.join(settings.variants)}" if settings.variants else ""
    stop = " · INTERRUPTED" if res.interrupted else ""
    return (f"I'm the Boss! · {settings.players} players · {res.games_done:,} {what} · "
            f"seed {res.seed} · policies {pol}{extra} · {res.seconds:.1f} s "
            f"({res.games_per_s:,.0f} games/s){stop}")


def run_games(settings, games, seed, workers, chunk_size, path, progress=None):
    def chunk(seed, start, count):
        return simulate_chunk(settings, seed, start, count)

    res = run(chunk, games, seed, path, workers=workers, chunk_size=chunk_size,
              progress=progress, label="boss")
    return res


def run_length(settings, games, seed, workers, chunk_size, out, progress=None):
    from tableodds.analysis.boss import length
    with record_dir(out) as path:
        res = run_games(settings, games, seed, workers, chunk_size, path, progress)
        return length(res.scan(), settings), res


def write_length(summary, settings, res, out: Path) -> None:
    from tableodds.analysis.boss import plot_length
    from tableodds.reports.output import save_figure, write_tables, write_text
    write_tables(out, summary.tables())
    save_figure(plot_length(summary, f"I'm the Boss!, {settings.players} players, "
                                     f"{summary.games:,} games"), out, "length")
    write_text(out / "run.json", json.dumps({"settings": settings.describe(),
                                             "run": res.describe()}, indent=2))


def render_length(s, settings, res) -> str:
    lines = [_header(settings, res), "",
             f"completed deals per game: mean {s.mean_deals} (exact {s.exact_mean_deals:.3f})",
             f"{'deals':>6} {'simulated':>10}  {'95% CI':<17} {'exact':>8}  agrees"]
    for r in s.deals.iter_rows(named=True):
        lines.append(f"{r['deals']:>6} {r['p']:>10.4f}  [{r['low']:.4f}, {r['high']:.4f}] "
                     f"{r['exact']:>8.4f}  {'yes' if r['inside'] else 'NO'}")
    q = s.turn_quantiles
    lines += ["", f"turns per game: mean {s.mean_turns}; 5%/25%/50%/75%/95%: "
              f"{q['0.05']:.0f}/{q['0.25']:.0f}/{q['0.5']:.0f}/{q['0.75']:.0f}/{q['0.95']:.0f};"
              f" longest {q['max']}"]
    if s.capped:
        lines.append(f"WARNING: {s.capped} games stopped at the turn cap")
    return "\n".join(lines)


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=200_000, chunk_size=GAME.chunk_size)
@game_options
@output_options
def length(players, games, seed, workers, chunk_size, policy, policies, variants, cards_file,
           as_json, out):
    """How long a game runs: completed deals (simulated and exact) and turns per game.

    The deal count follows from the die faces on the deal cards alone, so it is
    also computed exactly from the data file; the table shows both.

    Example: tableodds boss length --players 4 --variant short
    """
    from tableodds.reports.output import emit_json
    settings = make_settings(players, chosen_policies(policy, policies), variants, cards_file)
    summary, res = run_length(settings, games, seed, workers, chunk_size, out)
    if out:
        write_length(summary, settings, res, out)
    if as_json:
        emit_json({"settings": settings.describe(), "run": res.describe(),
                   "length": summary.as_dict()})
    else:
        click.echo(render_length(summary, settings, res))
    exit_if_interrupted(res)


def run_simulation(settings, games, seed, workers, chunk_size, out, progress=None):
    from tableodds.analysis.boss import summarise
    with record_dir(out) as path:
        res = run_games(settings, games, seed, workers, chunk_size, path, progress)
        return summarise(res.scan(), settings), res


def run_card_values(settings, base, games, seed, workers, chunk_size, progress=None):
    """One run per card type in which a rotating seat starts with that card extra."""
    from tableodds.analysis.boss import card_value
    values = []
    for card in CARD_TYPES:
        s = make_settings(settings.players, settings.policies, settings.variants,
                          cards=settings.cards, extra=card)
        with record_dir(None) as path:
            res = run_games(s, games, seed, workers, chunk_size, path, progress)
            values.append(card_value(base, res.scan(), card))
    return values


def render_simulation(s, values, settings, res) -> str:
    w = 16
    seats = range(s.players)
    lines = [_header(settings, res), "",
             f"deals per game {s.deals} · turns {s.turns} · richest minus poorest {s.spread} M",
             "", f"{'':<28}" + "".join(f"{'seat ' + str(i):>{w}}" for i in seats),
             f"{'policy':<28}" + "".join(f"{settings.policies[i]:>{w}}" for i in seats),
             f"{'money (M) ± se':<28}" + "".join(f"{str(m):>{w}}" for m in s.money),
             f"{'win share ± se':<28}" + "".join(f"{str(m):>{w}}" for m in s.win_share),
             f"{'money by turn position':<28}" + "".join(f"{str(m):>{w}}" for m in s.by_position),
             f"{'win share by turn position':<28}"
             + "".join(f"{str(m):>{w}}" for m in s.win_by_position)]
    if len(s.by_policy) > 1:
        lines += ["", "by policy: " + " · ".join(f"{k}: money {m}, win share {v}"
                                                 for k, (m, v) in s.by_policy.items())]
    lines += ["", f"{'space':>5}  {'needs':<38} {'div':>3} {'attempts':>9} {'success':>8}  95% CI"]
    for r in s.spaces.iter_rows(named=True):
        ci = f"[{r['low']:.3f}, {r['high']:.3f}]" if r["attempts"] else ""
        p = f"{r['p']:.3f}" if r["attempts"] else "-"
        lines.append(f"{r['space']:>5}  {r['needs']:<38} {r['dividends']:>3} "
                     f"{r['attempts']:>9,} {p:>8}  {ci}")
    if values:
        lines += ["", "one extra starting card (the holder against the average seat; ± se)",
                  f"{'card':<10} {'money':>16} {'gain':>16} {'win share':>16} {'win gain':>16}"]
        for v in values:
            lines.append(f"{v.card:<10} {str(v.money):>16} {str(v.gain):>16} "
                         f"{str(v.win_share):>16} {str(v.win_gain):>16}")
    return "\n".join(lines)


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=200_000, chunk_size=GAME.chunk_size)
@game_options
@click.option("--card-values", is_flag=True,
              help="Also measure one extra starting card of each type (5 more runs of "
                   "--games games; the extra card rotates over the seats).")
@output_options
def simulate(players, games, seed, workers, chunk_size, policy, policies, variants, cards_file,
             card_values, as_json, out):
    """Money per seat, turn position and policy; deal success per space; card values.

    Example: tableodds boss simulate -p 4 --policies shrewd,random,random,random --card-values
    """
    from tableodds.analysis.boss import plot_money
    from tableodds.reports.output import emit_json, save_figure, write_tables, write_text
    import polars as pl
    settings = make_settings(players, chosen_policies(policy, policies), variants, cards_file)
    summary, res = run_simulation(settings, games, seed, workers, chunk_size, out)
    values = []
    if card_values:
        values = run_card_values(settings, summary, games, seed, workers, chunk_size)
    if out:
        tables = summary.tables()
        if values:
            tables["card_values"] = pl.DataFrame([
                {"card": v.card, "money": v.money.estimate, "money_se": v.money.se,
                 "gain": v.gain.estimate, "gain_se": v.gain.se, "win_share": v.win_share.estimate,
                 "win_gain": v.win_gain.estimate, "win_gain_se": v.win_gain.se} for v in values])
        write_tables(out, tables)
        save_figure(plot_money(summary, f"I'm the Boss!, {players} players, "
                                        f"{summary.games:,} games"), out, "money")
        write_text(out / "run.json", json.dumps({"settings": settings.describe(),
                                                 "run": res.describe()}, indent=2))
    if as_json:
        emit_json({"settings": settings.describe(), "run": res.describe(),
                   "summary": summary.as_dict(), "card_values": [v.as_dict() for v in values]})
    else:
        click.echo(render_simulation(summary, values, settings, res))
    exit_if_interrupted(res)


def run_variants(players, policies, chosen, cards_file, games, seed, workers, chunk_size,
                 progress=None):
    """The standard game and each house rule alone, at equal size and seed."""
    from tableodds.analysis.boss import variant_row
    base = make_settings(players, policies, (), cards_file)
    rows = []
    for name in ("standard", *chosen):
        s = base if name == "standard" else make_settings(players, policies, (name,),
                                                          cards=base.cards)
        with record_dir(None) as path:
            res = run_games(s, games, seed, workers, chunk_size, path, progress)
            rows.append(variant_row(res.scan(), name))
    return base, rows


def render_variants(rows, players, games) -> str:
    lines = [f"I'm the Boss! · {players} players · {games:,} games per rule · each house rule "
             "alone against the standard game (± se)", "",
             f"{'house rule':<20} {'deals':>15} {'turns':>15} {'money spread (M)':>17} "
             f"{'start player wins':>18} {'edge':>7}"]
    for r in rows:
        lines.append(f"{r.variant:<20} {str(r.deals):>15} {str(r.turns):>15} "
                     f"{str(r.spread):>17} {str(r.first_win):>18} "
                     f"{r.first_win.estimate - 1 / players:>+7.3f}")
    lines += ["", "money spread: richest minus poorest seat; edge: the start player's win share "
              f"minus 1/{players}"]
    return "\n".join(lines)


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=50_000, chunk_size=GAME.chunk_size)
@policy_options(_POLICY_HELP, "random")
@click.option("--variant", "variants", multiple=True, metavar="NAME",
              help="Only these house rules [default: all of them].")
@click.option("--cards", "cards_file", type=click.Path(path_type=Path, dir_okay=False),
              default=None, help="Board data in TOML instead of the packaged defaults.")
@output_options
def variants(players, games, seed, workers, chunk_size, policy, policies, variants, cards_file,
             as_json, out):
    """Each house rule side by side: game length, money spread and start-player advantage.

    Example: tableodds boss variants --players 4 --policy shrewd
    """
    from tableodds.analysis.boss import variant_table
    from tableodds.reports.output import emit_json, write_tables
    chosen = variants or tuple(VARIANTS)
    for v in chosen:
        if v not in VARIANTS:
            raise InputError(f"unknown variant {v!r}; choose from: {', '.join(VARIANTS)}")
    base, rows = run_variants(players, chosen_policies(policy, policies), chosen, cards_file,
                              games, seed, workers, chunk_size)
    if out:
        write_tables(out, {"variants": variant_table(rows, players)})
    if as_json:
        emit_json({"settings": base.describe(), "games": games, "seed": seed,
                   "variants": [r.as_dict() for r in rows]})
    else:
        click.echo(render_variants(rows, players, games))
