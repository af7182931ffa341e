"""The 1844: Schweiz cheat sheet: start, trains, phases, privates and the final score."""

from __future__ import annotations

from importlib.metadata import version

from tableodds.analysis import s1844 as analysis
from tableodds.reports.sheet import Section, Sheet, grid, proportion, table
from tableodds.sim.core.runner import RunPlan
from tableodds.sim.s1844 import rules as R

TYPES = ("pre-SBB", "regional", "historical", "SBB")
GAMES = 1_000  # simulated games per player count behind the train-rush table
RUSH_EVENTS = R.EVENTS[1:]  # every event after the first 2 (which is always OR 1)


def _when(e) -> str:
    """An event's most common OR, the 10-90% range of its global OR number, how often."""
    if e.median is None:
        return "never"
    lo, hi = f"{e.p10:g}", f"{e.p90:g}"
    cell = (
        f"OR {e.typical.removeprefix('OR ')} (#{lo}–{hi})"
        if lo != hi
        else f"OR {e.typical.removeprefix('OR ')} (#{lo})"
    )
    if e.happens.estimate < 0.995:
        cell += f"; {proportion(e.happens)}"
    return cell


def rush_table(seed: int = 1, games: int = GAMES):
    """The train-rush table for 3-7 players from ``games`` seeded games per count; also the
    result it came from."""
    result = analysis.train_rush(RunPlan(games, seed, progress=False), players=list(R.PLAYERS))
    runs = result.summary.results
    labels = {e.event: e.label for e in runs[0].events}
    rows = [
        [labels[ev]] + [_when(next(e for e in r.events if e.event == ev)) for r in runs]
        for ev in RUSH_EVENTS
    ]
    return table(
        ["event", *(f"{r.players} players" for r in runs)],
        rows,
        f"When the rush hits: the most common OR (set.round), the 10–90% range of the "
        f"global OR number (OR 1.1 = #1), and how often it happens at all when not "
        f"always, with its 95% interval. Careful bots, the map-free company model; "
        f"{games:,} simulated games per player count, seed {seed}.",
        align=("l",) + ("l",) * len(runs),
    ), result


def build(variants=(), seed: int = 1) -> Sheet:
    if variants:
        from tableodds.sim.core.errors import InputError

        raise InputError("the 1844 cheat sheet has no variants")
    start = table(
        ["players", "start cash", "certificate limit", "bank after the hand-out"],
        [
            [p, R.START_CASH[p], R.CERT_LIMIT[p], f"{R.BANK - p * R.START_CASH[p]:,}"]
            for p in R.PLAYERS
        ],
        f"bank {R.BANK:,} SFR; privates, mountain railways and tunnels do not count "
        "toward the certificate limit",
    )
    trains = []
    for t, name in enumerate(R.TRAIN_NAMES):
        rust = R.RUSTED_BY[t]
        down = [R.TRAIN_NAMES[d] for d in range(R.NTYPE) if R.DOWNGRADES[t] == d]
        trains.append(
            [
                f"{name} / {R.TRAIN_H_NAMES[t]}",
                R.DEPOT_COUNT[t],
                int(R.PRICE_N[t]),
                int(R.PRICE_H[t]),
                int(R.PHASE_OF[t]),
                f"first {R.TRAIN_NAMES[rust]}" if rust >= 0 else "never",
                f"{down[0]} → {down[0]}H" if down else "",
            ]
        )
    trains = table(
        ["train", "in depot", "price", "H price", "starts phase", "rusts on", "downgrades"],
        trains,
        "only the next train of the depot can be bought; from phase 2 one depot "
        "train is exported after every OR set",
    )
    phases = table(
        ["phase", "ORs per set", "pre-SBB", "regional", "historical", "SBB"],
        [[ph, R.ORS_PER_SET[ph], *(int(R.LIMIT[ph, c]) for c in range(4))] for ph in range(1, 8)],
        "ORs per set (fixed at the end of the stock round) and train limits",
    )
    corps = table(
        ["type", "share unit", "director", "floats at", "holding limit"],
        [
            [
                TYPES[c],
                f"{100 // int(R.UNITS[c])}%",
                f"{200 // int(R.UNITS[c])}%",
                f"{100 * int(R.FLOAT_UNITS[c]) // int(R.UNITS[c])}%" if c < 3 else "-",
                f"{100 * int(R.IPO_LIMIT[c]) // int(R.UNITS[c])}%",
            ]
            for c in range(4)
        ],
        f"par {', '.join(map(str, sorted(R.PARS)))}; the director's certificate costs 2 × par",
    )
    privates = table(
        ["private", "face", "revenue per OR"],
        [
            [f"P{i + 1}", int(R.PRIVATE_FACE[i]), int(R.PRIVATE_REV[i])]
            for i in range(len(R.PRIVATE_FACE))
        ],
        "auctioned in order, minimum face value, steps of 5; most close at phase 5",
    )
    extras = table(
        ["", "count", "price", "revenue per OR", "worth at the end"],
        [
            ["mountain railway", R.NMOUNTAIN, R.MOUNTAIN_PRICE, R.MOUNTAIN_REV, R.MOUNTAIN_VALUE],
            ["tunnel company", R.NTUNNEL, R.TUNNEL_PRICE, R.TUNNEL_REV, R.TUNNEL_VALUE],
        ],
        "revenue and end value only once a route has used it",
    )
    worksheet = grid(
        ["", *(f"player {i}" for i in range(1, max(R.PLAYERS) + 1))],
        [
            "cash",
            *(["shares: corp ___ % held ÷ unit × price"] * 4),
            f"mountain railways activated × {R.MOUNTAIN_VALUE}",
            f"tunnel companies activated × {R.TUNNEL_VALUE}",
            "− debt",
            "= total",
        ],
        "End-game value worksheet: one column per player. A share unit is 25% "
        "(pre-SBB), 20% (regional), 10% (historical, SBB); privates count nothing.",
        row_height="0.52cm",
    )
    rush, _ = rush_table(seed)
    score = (
        f"Final score = cash + shares × market price (corporations that have IPO'd) + "
        f"{R.MOUNTAIN_VALUE} per activated mountain railway + {R.TUNNEL_VALUE} per "
        "activated tunnel company − debt. Private companies count nothing. The game ends "
        "after the OR set in which the bank breaks, or at once on a bankruptcy."
    )
    sections = (
        Section("End-game value", (worksheet,), wide=True),
        Section("The train rush in play", (rush,), wide=True),
        Section("Set-up", (start, corps)),
        Section("Trains and phases", (trains, phases)),
        Section("Companies", (privates, extras)),
        Section("Final score", (score,)),
    )
    return Sheet(
        "1844",
        "1844: Schweiz — score sheet",
        "Stock rounds, operating rounds and the train rush.",
        sections,
        f"tableodds {version('tableodds')} · 1844: Schweiz · rules as in the packaged "
        f"data · seed {seed}",
        assumptions=(
            "Revenue in the train-rush runs comes from the documented "
            "company model in sim/s1844/params.toml, not from a map.",
        ),
    )
