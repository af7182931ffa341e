"""``tableodds borgia ...``: auction prices, papal elections, conquest odds, whole games."""
from __future__ import annotations

import json
from pathlib import Path

import click

from tableodds.sim.borgia import GAME
from tableodds.sim.borgia.kernel import auction_chunk, conquest_chunk, simulate_chunk
from tableodds.sim.borgia.rules import (CONQUEST_STRATEGIES, PLAYERS, POLICIES, STRATEGY_CODES, UNSOLD,
                              load_vote_table, make_settings, parse_defence, parse_strengths)
from tableodds.sim.core.errors import InputError
from tableodds.sim.core.options import (chosen_policies, exit_if_interrupted, output_options,
                              players_option, policy_options, run_options)
from tableodds.sim.core.runner import record_dir, run

group = click.Group(name="borgia", help="Borgia: auctions, papal elections and conquest odds.")

_POLICY_HELP = "; ".join(f"{k}: {v}" for k, v in POLICIES.items())
_STRATEGY_HELP = "; ".join(f"{k}: {v}" for k, v in CONQUEST_STRATEGIES.items())


def game_options(f):
    f = click.option("--unsold", type=click.Choice(UNSOLD), default=None,
                     help="A card nobody bids on is set aside, or the opener takes it free "
                          "[default: from the cards file, 'aside'].")(f)
    f = click.option("--city-vp/--no-city-vp", default=None,
                     help="Cities score their printed VP too [default: from the cards file, "
                          "off, as in the seed].")(f)
    f = click.option("--cards", "cards_file", type=click.Path(path_type=Path, dir_okay=False),
                     default=None, help="A deck file (TOML) instead of the packaged "
                                        "cards.toml.")(f)
    f = policy_options(_POLICY_HELP, "value")(f)
    return f


def settings_from(players, policy, policies, cards_file, city_vp, unsold):
    return make_settings(players, chosen_policies(policy, policies), cards_file, city_vp, unsold)


def _header(settings, res) -> str:
    stop = " · INTERRUPTED" if res.interrupted else ""
    return (f"Borgia · {settings.players} players · {res.games_done:,} games · seed {res.seed}"
            f" · policies {','.join(settings.policies)} · cards {settings.deck.source}"
            f" · {res.seconds:.1f} s ({res.games_per_s:,.0f} games/s){stop}")


def run_records(settings, chunk_fn, games, seed, workers, chunk_size, path, progress=None,
                label="borgia"):
    def chunk(seed, start, count):
        return chunk_fn(settings, seed, start, count)
    res = run(chunk, games, seed, path, workers=workers, chunk_size=chunk_size,
              progress=progress, label=label)
    return res


def _write_run(out: Path, settings, res) -> None:
    from tableodds.reports.output import write_text
    write_text(out / "run.json", json.dumps({"settings": settings.describe(),
                                             "run": res.describe()}, indent=2))


# --- simulate ---------------------------------------------------------------------
def run_simulation(settings, games, seed, workers, chunk_size, out, progress=None):
    from tableodds.analysis.borgia import summarise_games
    with record_dir(out) as path:
        res = run_records(settings, simulate_chunk, games, seed, workers, chunk_size, path,
                          progress)
        return summarise_games(res.scan(), settings), res


def write_simulation(summary, settings, res, out: Path) -> None:
    from tableodds.analysis.borgia import plot_vp
    from tableodds.reports.output import save_figure, write_tables
    write_tables(out, summary.tables())
    save_figure(plot_vp(summary), out, "vp")
    _write_run(out, settings, res)


def render_simulation(summary, settings, res) -> str:
    w = 15
    head = f"{'':<22}" + "".join(f"{f'seat {s.seat} {s.policy}':>{w}}" for s in summary.seats)
    lines = [_header(settings, res), "", "Mean VP per game (± standard error)", head]
    lines.append(f"{'total VP':<22}" + "".join(f"{str(s.vp):>{w}}" for s in summary.seats))
    for k in ("vp_cash", "vp_pope", "vp_office", "vp_artist", "vp_city"):
        lines.append(f"{'  from ' + k.removeprefix('vp_'):<22}"
                     + "".join(f"{str(s.sources[k]):>{w}}" for s in summary.seats))
    lines.append(f"{'elected pope (times)':<22}" + "".join(f"{str(s.popes):>{w}}"
                                                            for s in summary.seats))
    lines.append(f"{'P(most VP) [95% CI]':<22}" + "".join(f"{s.win.estimate:>{w}.4f}"
                                                           for s in summary.seats))
    lines.append(f"{'':<22}" + "".join(f"{f'[{s.win.low:.3f},{s.win.high:.3f}]':>{w}}"
                                        for s in summary.seats))
    lines.append(f"{'share of the win':<22}" + "".join(f"{str(s.win_share):>{w}}"
                                                        for s in summary.seats))
    return "\n".join(lines)


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=100_000, chunk_size=GAME.chunk_size)
@game_options
@output_options
def simulate(players, games, seed, workers, chunk_size, policy, policies, cards_file, city_vp,
             unsold, as_json, out):
    """Whole games: VP distribution and VP sources (cash, pope, offices, artists) by seat.

    Example: tableodds borgia simulate --players 4 --policies value,random,random,random
    """
    from tableodds.reports.output import emit_json
    settings = settings_from(players, policy, policies, cards_file, city_vp, unsold)
    summary, res = run_simulation(settings, games, seed, workers, chunk_size, out)
    if out:
        write_simulation(summary, settings, res, out)
    if as_json:
        emit_json({"settings": settings.describe(), "run": res.describe(),
                   "summary": summary.as_dict()})
    else:
        click.echo(render_simulation(summary, settings, res))
    exit_if_interrupted(res)


# --- auction ----------------------------------------------------------------------
def run_auctions(settings, games, seed, workers, chunk_size, out, progress=None):
    from tableodds.analysis.borgia import summarise_auctions
    with record_dir(out) as path:
        res = run_records(settings, auction_chunk, games, seed, workers, chunk_size, path,
                          progress)
        return summarise_auctions(res.scan(), settings, res.games_done), res


def write_auctions(summary, settings, res, out: Path) -> None:
    from tableodds.analysis.borgia import plot_prices
    from tableodds.reports.output import save_figure, write_tables
    write_tables(out, summary.tables())
    save_figure(plot_prices(summary), out, "auction_prices")
    _write_run(out, settings, res)


def _int_or_dash(x) -> str:
    return "-" if x is None else f"{x:.0f}"


def render_auctions(summary, settings, res) -> str:
    lines = [_header(settings, res), "",
             "Auction-pile cards by type: how they were taken, and the price when bought (D)",
             f"{'type':<12}{'offered':>9}{'bought':>9}{'spied':>8}{'unsold':>8}"
             f"{'mean ± se':>15}{'median':>8}{'10%':>6}{'90%':>6}"]
    for r in summary.types.to_dicts():
        price = (f"{r['mean_price']:.2f} ± {r['se']:.2f}" if r.get("mean_price") is not None
                 else "-")
        med = r.get("median")
        lines.append(f"{r['type']:<12}{r['offered']:>9,}{r['bid']:>9,}{r['spy']:>8,}"
                     f"{r['unsold'] + r['opener']:>8,}{price:>15}"
                     f"{'-' if med is None else f'{med:.0f}':>8}"
                     f"{_int_or_dash(r.get('p10')):>6}{_int_or_dash(r.get('p90')):>6}")
    if summary.bid_net and summary.spy_net:
        lines += ["", "Spy or bid (card worth by the value bot's yardstick, D):",
                  f"  bought at auction: value - price = {summary.bid_net}",
                  f"  taken with a spy:  value (free)  = {summary.spy_net}"]
        if summary.spy_beats:
            b = summary.spy_beats
            lines.append(f"  P(spied card beats the mean bought card of its turn) = "
                         f"{b.estimate:.4f} [{b.low:.4f}, {b.high:.4f}]")
    return "\n".join(lines)


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=20_000, chunk_size=GAME.chunk_size)
@game_options
@output_options
def auction(players, games, seed, workers, chunk_size, policy, policies, cards_file, city_vp,
            unsold, as_json, out):
    """Price paid per card type (mean, median, 10-90%) and how often the spy beats bidding.

    Example: tableodds borgia auction --players 4 --policy value --games 50000
    """
    from tableodds.reports.output import emit_json
    settings = settings_from(players, policy, policies, cards_file, city_vp, unsold)
    summary, res = run_auctions(settings, games, seed, workers, chunk_size, out)
    if out:
        write_auctions(summary, settings, res, out)
    if as_json:
        emit_json({"settings": settings.describe(), "run": res.describe(),
                   "summary": summary.as_dict()})
    else:
        click.echo(render_auctions(summary, settings, res))
    exit_if_interrupted(res)


# --- election ---------------------------------------------------------------------
def render_votes(result) -> str:
    lines = [f"Papal election · sitting pope {result.sitting} · 3 votes per cardinal + "
             "printed office votes", "",
             f"{'player':<14}{'own votes':>10}  {'votes for':<14}{'received':>9}"]
    for n, o, f, r in zip(result.names, result.own, result.vote_for, result.received):
        mark = "  <- new pope" if n == result.winner else ""
        lines.append(f"{n:<14}{o:>10}  {f:<14}{r:>9}{mark}")
    lines += ["", "A tie keeps the sitting pope if he is among the tied, else the first tied "
              "player clockwise from him wins."]
    return "\n".join(lines)


def run_elections(settings, games, seed, workers, chunk_size, out, progress=None):
    from tableodds.analysis.borgia import summarise_elections
    with record_dir(out) as path:
        res = run_records(settings, simulate_chunk, games, seed, workers, chunk_size, path,
                          progress)
        return summarise_elections(res.scan(), settings), res


def render_elections(summary, settings, res) -> str:
    T = len(summary.pope[0])
    lines = [_header(settings, res), "", "P(elected pope) per turn [95% CI]",
             f"{'seat':<18}" + "".join(f"{f'turn {t + 1}':>22}" for t in range(T))]
    for s in range(summary.players):
        lines.append(f"{f'{s} {summary.policies[s]}':<18}" + "".join(
            f"{f'{p.estimate:.4f} [{p.low:.3f},{p.high:.3f}]':>22}" for p in summary.pope[s]))
    lines += ["", f"A new pope gains {summary.gain_vp} VP at once and gives away his offices "
              f"(turns 1-{T - 1}; in the last turn nothing follows):",
              f"{'seat':<18}{'office VP given / election':>28}{'offices given':>16}"
              f"{'elections':>11}"]
    for s in range(summary.players):
        v, o = summary.given_vp[s], summary.given_offices[s]
        lines.append(f"{f'{s} {summary.policies[s]}':<18}{'-' if v is None else str(v):>28}"
                     f"{'-' if o is None else str(o):>16}{0 if v is None else v.n:>11}")
    lines.append("(office VP: the printed VP scored at each later scoring the office would "
                 "have stayed)")
    return "\n".join(lines)


@group.command()
@players_option(PLAYERS, 4)
@run_options(games=50_000, chunk_size=GAME.chunk_size)
@game_options
@click.option("--votes", "votes_file", type=click.Path(path_type=Path, dir_okay=False),
              default=None, help="Count one election from a vote table (TOML) instead of "
                                 "simulating; see the Borgia chapter of the README.")
@output_options
def election(players, games, seed, workers, chunk_size, policy, policies, cards_file, city_vp,
             unsold, votes_file, as_json, out):
    """P(pope) by seat and strategy, the VP a pope gains and loses; or count a vote table.

    Example: tableodds borgia election --policies value,random,random,random
    """
    from tableodds.analysis.borgia import plot_pope, vote_table
    from tableodds.reports.output import emit_json, save_figure, write_tables
    if votes_file is not None:
        result = vote_table(*load_vote_table(votes_file))
        if out:
            write_tables(out, {"votes": result.table()})
        if as_json:
            emit_json(result.as_dict())
        else:
            click.echo(render_votes(result))
        return
    settings = settings_from(players, policy, policies, cards_file, city_vp, unsold)
    summary, res = run_elections(settings, games, seed, workers, chunk_size, out)
    if out:
        write_tables(out, summary.tables())
        save_figure(plot_pope(summary), out, "p_pope")
        _write_run(out, settings, res)
    if as_json:
        emit_json({"settings": settings.describe(), "run": res.describe(),
                   "summary": summary.as_dict()})
    else:
        click.echo(render_elections(summary, settings, res))
    exit_if_interrupted(res)


# --- conquest ---------------------------------------------------------------------
def run_conquest(attack, defend, base, sa, sd, trials, seed, workers, out, progress=None):
    from tableodds.analysis.borgia import summarise_conquest
    if trials == 0:
        return summarise_conquest(None, attack, defend, base, sa, sd), None
    ca, cd = STRATEGY_CODES[sa], STRATEGY_CODES[sd]

    def chunk(seed, start, count):
        return conquest_chunk(attack, defend, base, ca, cd, seed, start, count)
    with record_dir(out) as path:
        res = run(chunk, trials, seed, path, workers=workers, chunk_size=262_144,
                  progress=progress, label="conquest")
        return summarise_conquest(res.scan(), attack, defend, base, sa, sd), res


def render_conquest(summary, res) -> str:
    lines = [f"Conquest · attacker condottieri {list(summary.attack)} ({summary.attacker}) "
             f"against defence {summary.base} + condottieri {list(summary.defend)} "
             f"({summary.defender})", "",
             "The attacker needs strictly more power; a target with no power falls.",
             ""]
    if summary.exact is not None:
        lines.append(f"P(attack succeeds), exact:     {float(summary.exact):.6f}"
                     f"  (= {summary.exact})")
    else:
        lines.append("P(attack succeeds), exact:     too many choices to enumerate")
    if summary.simulated is not None:
        s = summary.simulated
        lines.append(f"P(attack succeeds), simulated: {s.estimate:.6f} "
                     f"[{s.low:.6f}, {s.high:.6f}]  ({s.n:,} trials, seed {res.seed})")
    m = summary.matrix
    lines += ["", "Exact P(success) for every pair of strategies (rows: attacker, "
              "columns: defender)", f"{'':<11}" + "".join(f"{c:>11}" for c in m.columns[1:])]
    for r in m.to_dicts():
        lines.append(f"{r['attacker']:<11}" + "".join(
            f"{'-' if r[c] is None else f'{r[c]:.4f}':>11}" for c in m.columns[1:]))
    return "\n".join(lines)


@group.command()
@click.option("--attack", required=True, metavar="S,S,...",
              help="Strengths of the attacker's condottieri in hand, e.g. 3,2.")
@click.option("--defend", default=None, metavar="PART=N,...",
              help="The target's own power: city=N, family=N (independent families), "
                   "davinci=N, other=N; empty for an unprotected office or artist.")
@click.option("--hand", default=None, metavar="S,S,...",
              help="Strengths of the defender's condottieri in hand.")
@click.option("--attacker", "sa", type=click.Choice(list(CONQUEST_STRATEGIES)), default="all",
              show_default=True, help=f"Attacker's secret choice. {_STRATEGY_HELP}.")
@click.option("--defender", "sd", type=click.Choice(list(CONQUEST_STRATEGIES)),
              default="random", show_default=True, help="Defender's secret choice.")
@click.option("--trials", "-n", type=int, default=1_000_000, show_default=True,
              help="Simulated attacks (0: exact only).")
@click.option("--seed", "-s", type=int, default=1, show_default=True, help="Master seed.")
@click.option("--workers", "-w", type=int, default=None,
              help="Worker threads [default: all cores].")
@output_options
def conquest(attack, defend, hand, sa, sd, trials, seed, workers, as_json, out):
    """The chance an attack succeeds when both sides pick condottieri in secret.

    Exact by enumeration when the choices are few, and simulated; the two agree.

    Example: tableodds borgia conquest --attack 3,2 --defend city=2,family=1 --hand 2,1
    """
    from tableodds.reports.output import emit_json, write_tables
    att = parse_strengths(attack, "--attack")
    dfd = parse_strengths(hand, "--hand")
    base = sum(parse_defence(defend).values())
    if trials < 0:
        raise InputError(f"--trials must be at least 0, not {trials}")
    summary, res = run_conquest(att, dfd, base, sa, sd, trials, seed, workers, out)
    if out:
        write_tables(out, summary.tables())
    if as_json:
        emit_json({"run": None if res is None else res.describe(), "summary": summary.as_dict()})
    else:
        click.echo(render_conquest(summary, res))
    if res is not None:
        exit_if_interrupted(res)
