"""The Borgia part of the main report: auction prices and conquest odds."""
from __future__ import annotations

import json
from pathlib import Path

from tableodds.reports.html import img, p, scaled, table
from tableodds.reports.output import write_tables, write_text
from tableodds.sim.borgia.cli import (run_auctions, run_conquest, run_records, run_simulation,
                            write_auctions, write_simulation)
from tableodds.sim.borgia.kernel import attack_chunk
from tableodds.sim.borgia.rules import make_settings
from tableodds.sim.core.runner import record_dir

# (label, attacker strengths, defence, defender strengths) for the conquest table
SCENARIOS = [
    ("unprotected office, defender holds a 2", [2], 0, [2]),
    ("city 2 + family 1 against 3,2; defender holds 2,1", [3, 2], 3, [2, 1]),
    ("city 3 against 4; defender holds 1,1", [4], 3, [1, 1]),
    ("city 3 + family 2 against 4,3,1; defender holds 3,2", [4, 3, 1], 5, [3, 2]),
]


def section(out: Path, scale: float, seed: int, workers) -> str:
    from tableodds.analysis.borgia import summarise_attacks
    parts = ["<h2>Borgia</h2>",
             p("The deck's numbers are the packaged assumptions of cards.toml (see the README); "
               "load the real deck with --cards. Means carry their standard error, "
               "probabilities a 95% Wilson interval.")]
    # 1. auction prices among four value bots
    s = make_settings(4)
    auc, res = run_auctions(s, scaled(30_000, scale, 500), seed, workers, 4096, out / "auction",
                            progress=False)
    write_auctions(auc, s, res, out / "auction")
    rows = []
    for r in auc.types.to_dicts():
        has = r.get("mean_price") is not None
        rows.append([r["type"], f"{r['offered']:,}", f"{r['bid']:,}", f"{r['spy']:,}",
                     f"{r['unsold'] + r['opener']:,}",
                     f"{r['mean_price']:.2f} ± {r['se']:.2f}" if has else "-",
                     f"{r['median']:.0f}" if has else "-",
                     f"{r['p10']:.0f}-{r['p90']:.0f}" if has else "-"])
    parts.append(table(["card type", "offered", "bought", "spied", "unsold", "mean price (D)",
                        "median", "10-90%"], rows,
                       f"auction prices, 4 value bots, {res.games_done:,} games"))
    if auc.spy_beats is not None:
        parts.append(p(f"A card bought at auction nets value - price = {auc.bid_net} D; a card "
                       f"taken blind with a spy is worth {auc.spy_net} D. The spied card beats "
                       f"the mean bought card of its turn with probability {auc.spy_beats}."))
    parts.append(img("borgia/auction/auction_prices", "auction price distribution"))
    # 2. conquest: exact and simulated odds for a few positions
    rows = []
    tables = []
    for label, attack, base, defend in SCENARIOS:
        for sa, sd in (("all", "random"), ("all", "all"), ("random", "random")):
            summary, cres = run_conquest(attack, defend, base, sa, sd, scaled(400_000, scale, 500),
                                         seed, workers, None)
            sim = summary.simulated
            rows.append([label, sa, sd, f"{float(summary.exact):.4f}", str(summary.exact),
                         f"{sim.estimate:.4f} [{sim.low:.4f}, {sim.high:.4f}]"])
            tables.append(summary.tables()["conquest"])
    import polars as pl
    write_tables(out / "conquest", {"conquest": pl.concat(tables)})
    parts.append(table(["position", "attacker", "defender", "exact", "fraction",
                        "simulated [95% CI]"], rows,
                       "P(attack succeeds) with secret condottieri (ties go to the defender)"))
    # 3. attacks in whole games, by target
    with record_dir(out / "attacks") as path:
        ares = run_records(s, attack_chunk, scaled(20_000, scale, 500), seed, workers, 4096, path,
                           progress=False)
        att = summarise_attacks(ares.scan())
    write_tables(out / "attacks", {"attacks_by_target": att.table})
    write_text(out / "attacks" / "run.json", json.dumps({"settings": s.describe(),
                                                        "run": ares.describe()}, indent=2))
    rows = [[r["target"], f"{r['n']:,}", f"{r['p_success']:.4f} [{r['low']:.4f}, "
             f"{r['high']:.4f}]", f"{r['mean_base']:.2f}", f"{r['mean_attack']:.2f}",
             f"{r['mean_defence']:.2f}"] for r in att.table.to_dicts()]
    parts.append(table(["target", "attacks", "P(success)", "mean own defence",
                        "mean attack", "mean total defence"], rows,
                       f"attacks in {ares.games_done:,} games of 4 value bots"))
    # 4. what the value bot is worth against random players
    s = make_settings(4, ["value", "random", "random", "random"])
    summary, res = run_simulation(s, scaled(20_000, scale, 500), seed, workers, 4096, out / "vp",
                                  progress=False)
    write_simulation(summary, s, res, out / "vp")
    rows = [[f"{x.seat} {x.policy}", str(x.vp)] + [str(x.sources[k]) for k in
                                                   ("vp_cash", "vp_pope", "vp_office",
                                                    "vp_artist")] + [str(x.win)]
            for x in summary.seats]
    parts.append(table(["seat", "VP", "cash", "pope", "offices", "artists", "P(most VP)"],
                       rows, f"VP sources, one value bot against three random players, "
                             f"{res.games_done:,} games"))
    parts.append(img("borgia/vp/vp", "VP distribution and sources"))
    return "".join(parts)
