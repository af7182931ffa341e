"""The 1844: Schweiz cheat sheet: start, trains, phases, privates and the final score."""

from __future__ import annotations

from importlib.metadata import version

from tableodds.analysis import s1844 as analysis
from tableodds.reports.sheet import INTERVAL, Section, Sheet, grid, proportion, table
from tableodds.sim.core.runner import CommandRuns
from tableodds.sim.s1844 import rules as R

TYPES = R.TYPE_NAMES
# a director's certificate is two share units (rules.py: "every director certificate is 2
# units and one certificate"); rules.py holds no constant for it
DIRECTOR = 2
GAMES = 1_000  # simulated games per player count behind the train-rush table


def _when(e) -> str:
    """An event's typical OR as set.round (the most common label among the games where it
    falls on the median OR), its median global OR number and the 10–90% range."""
    if e.median is None:
        return "never"
    lo, med, hi = f"{e.p10:g}", f"{e.median:g}", f"{e.p90:g}"
    return f"{e.typical.removeprefix('OR ')} · #{med} [{lo}–{hi}]"


def _how_often(e) -> str:
    """How often the event happens at all, with its 95% interval ("always" from 99.5%)."""
    return "always" if e.happens.estimate >= 0.995 else proportion(e.happens)


def rush_table(seed: int = 1, games: int = GAMES):
    """The train-rush tables for 3-7 players from ``games`` seeded games per count (when
    each event happens; how often the rarer ones happen at all); also the result."""
    result = analysis.train_rush(CommandRuns(games, seed, progress=False), players=list(R.PLAYERS))
    runs = result.summary.results
    labels = {e.event: e.label for e in runs[0].events}
    first = runs[0].events[0]  # the first 2: always the first OR, which names the numbering
    band = "–".join(f"{q:.0%}".removesuffix("%") for q in analysis.BAND) + "%"
    event = {(r.players, e.event): e for r in runs for e in r.events}
    head = ["event", *(f"{r.players} players" for r in runs)]
    rows = [[labels[ev]] + [_when(event[r.players, ev]) for r in runs] for ev in R.TIMED_EVENTS]
    rare = [
        ev
        for ev in R.TIMED_EVENTS
        if any(event[r.players, ev].happens.estimate < 0.995 for r in runs)
    ]
    when = table(
        head,
        rows,
        f"When the rush hits: the typical OR as set.round · the median global OR number "
        f"({first.typical} = #{first.median:g}) [its {band} range]. The set.round shown "
        f"is the most common one "
        f"among the games where the event falls on the median OR. Careful bots, the "
        f"map-free company model; {games:,} simulated games per player count, seed {seed}.",
        align=("l",) + ("l",) * len(runs),
    )
    often = table(
        head,
        [[labels[ev]] + [_how_often(event[r.players, ev]) for r in runs] for ev in rare],
        f"How often the rarer events happen at all (the same games), with the {INTERVAL}; "
        "the others happen in every game.",
        align=("l",) + ("r",) * len(runs),
    )
    return when, often, result


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
        "only the next train of the depot can be bought; from phase "
        f"{R.PHASE_OF[0]} one depot train is exported after every OR set",
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
                f"{100 * DIRECTOR // int(R.UNITS[c])}%",
                f"{100 * int(R.FLOAT_UNITS[c]) // int(R.UNITS[c])}%" if c < 3 else "-",
                f"{100 * int(R.IPO_LIMIT[c]) // int(R.UNITS[c])}%",
            ]
            for c in range(4)
        ],
        f"par {', '.join(map(str, sorted(R.PARS)))}; the director's certificate costs "
        f"{DIRECTOR} × par",
    )
    privates = table(
        ["private", "face", "revenue per OR"],
        [
            [f"P{i + 1}", int(R.PRIVATE_FACE[i]), int(R.PRIVATE_REV[i])]
            for i in range(len(R.PRIVATE_FACE))
        ],
        "auctioned in order from their face value up; most close in the phase the SBB forms",
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
        "End-game value worksheet: one column per player. A share unit is "
        + ", ".join(f"{100 // int(R.UNITS[c])}% ({TYPES[c]})" for c in range(len(TYPES)))
        + "; privates count nothing.",
        row_height="1.85em",
    )
    rush, often, _ = rush_table(seed)
    score = (
        f"Final score = cash + shares × market price (corporations that have IPO'd) + "
        f"{R.MOUNTAIN_VALUE} per activated mountain railway + {R.TUNNEL_VALUE} per "
        "activated tunnel company − debt. Private companies count nothing. The game ends "
        "after the OR set in which the bank breaks, or at once on a bankruptcy."
    )
    sections = (
        Section("End-game value", (worksheet,), wide=True),
        Section("The train rush in play", (rush, often), wide=True),
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
