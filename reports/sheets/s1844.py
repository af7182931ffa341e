"""The 1844: Schweiz cheat sheet: start, trains, phases, privates and the final score."""
from __future__ import annotations

from importlib.metadata import version

from tableodds.reports.sheet import Section, Sheet, table
from tableodds.sim.s1844 import rules as R

TYPES = ("pre-SBB", "regional", "historical", "SBB")


def build(variants=(), seed: int = 1) -> Sheet:
    if variants:
        from tableodds.sim.core.errors import InputError
        raise InputError("the 1844 cheat sheet has no variants")
    start = table(["players", "start cash", "certificate limit", "bank after the hand-out"],
                  [[p, R.START_CASH[p], R.CERT_LIMIT[p], f"{R.BANK - p * R.START_CASH[p]:,}"]
                   for p in R.PLAYERS],
                  f"bank {R.BANK:,} SFR; privates, mountain railways and tunnels do not count "
                  "toward the certificate limit")
    trains = []
    for t, name in enumerate(R.TRAIN_NAMES):
        rust = R.RUSTED_BY[t]
        down = [R.TRAIN_NAMES[d] for d in range(R.NTYPE) if R.DOWNGRADES[t] == d]
        trains.append([f"{name} / {R.TRAIN_H_NAMES[t]}", R.DEPOT_COUNT[t],
                       int(R.PRICE_N[t]), int(R.PRICE_H[t]), int(R.PHASE_OF[t]),
                       f"first {R.TRAIN_NAMES[rust]}" if rust >= 0 else "never",
                       f"{down[0]} → {down[0]}H" if down else ""])
    trains = table(["train", "in depot", "price", "H price", "starts phase", "rusts on",
                    "downgrades"], trains,
                   "only the next train of the depot can be bought; from phase 2 one depot "
                   "train is exported after every OR set")
    phases = table(["phase", "ORs per set", "pre-SBB", "regional", "historical", "SBB"],
                   [[ph, R.ORS_PER_SET[ph], *(int(R.LIMIT[ph, c]) for c in range(4))]
                    for ph in range(1, 8)],
                   "ORs per set (fixed at the end of the stock round) and train limits")
    corps = table(["type", "share unit", "director", "floats at", "holding limit"],
                  [[TYPES[c], f"{100 // int(R.UNITS[c])}%", f"{200 // int(R.UNITS[c])}%",
                    f"{100 * int(R.FLOAT_UNITS[c]) // int(R.UNITS[c])}%" if c < 3 else "-",
                    f"{100 * int(R.IPO_LIMIT[c]) // int(R.UNITS[c])}%"] for c in range(4)],
                  f"par {', '.join(map(str, sorted(R.PARS)))}; the director's certificate costs "
                  "2 × par")
    privates = table(["private", "face", "revenue per OR"],
                     [[f"P{i + 1}", int(R.PRIVATE_FACE[i]), int(R.PRIVATE_REV[i])]
                      for i in range(len(R.PRIVATE_FACE))],
                     "auctioned in order, minimum face value, steps of 5; most close at phase 5")
    extras = table(["", "count", "price", "revenue per OR", "worth at the end"],
                   [["mountain railway", R.NMOUNTAIN, R.MOUNTAIN_PRICE, R.MOUNTAIN_REV,
                     R.MOUNTAIN_VALUE],
                    ["tunnel company", R.NTUNNEL, R.TUNNEL_PRICE, R.TUNNEL_REV, R.TUNNEL_VALUE]],
                   "revenue and end value only once a route has used it")
    score = (f"Final score = cash + shares × market price (corporations that have IPO'd) + "
             f"{R.MOUNTAIN_VALUE} per activated mountain railway + {R.TUNNEL_VALUE} per "
             "activated tunnel company − debt. Private companies count nothing. The game ends "
             "after the OR set in which the bank breaks, or at once on a bankruptcy.")
    sections = (Section("Set-up", (start, corps)), Section("The train rush", (trains, phases)),
                Section("Companies", (privates, extras)), Section("Final score", (score,)))
    return Sheet("1844", "1844: Schweiz — scoring sheet",
                 "Stock rounds, operating rounds and the train rush.", sections,
                 f"tableodds {version('tableodds')} · 1844: Schweiz · rules as in the packaged "
                 "data")
