"""Build sim/s1844/routes.toml: one train's route revenue by (train, side, phase) from the map.

Usage: python scripts/build_s1844_routes.py [--map ../shared/rules/1844-map.md] [--out FILE]
       [--reach 3,5,7,9,10,13] [--show]

The map digest (sections 2 and 3: every hex, its stop and revenue, its connecting sides)
is read into a hex graph.  For each company and phase 2..7 the network is grown tile by
tile from the company's home: every hex within ``reach[phase]`` connecting steps of the
home (track is shared, so a company's network is what all companies have built around
it; the default is one hex per OR played by the phase's middle OR, see README).
On it the best route of each train is searched (a beam search: the 60 best walks of
each length and end group from the home, joined in disjoint pairs through it) by the
route rules of the digest (8.2-8.5):

* normal trains count stops (towns count; a route cannot pass a town or city without
  stopping); H trains count hexes and pay every stop in them but no red off-board;
  the 8E pays its best 8 stops (here: up to 8 stops visited, all paid);
* stops pay the value of the phase's newest tile colour (yellow in 2, green 3-4, brown
  5-6, gray 7; the digest 7.2's ladders for cities, 10 for towns, the off-boards' columns);
* off-boards (red and gray, and Vaduz) are dead ends; one stop per group; a red N-S or
  E-W pair earns the sum of its bonus values; the route must include the home;
* the P4 Furka-Oberalp line is on the map from phase 5 (where it is forced at the
  latest); tunnels and mountain railways are left to the kernel's own terms (the model
  does not place them on hexes), so their stops are not used here;
* not modelled: blocking tokens, tile scarcity, track overlap inside a plain hex, two-city
  hexes' separate exits (a two-city hex is one stop).

The table is the median over the companies that may own the train in that phase
(regionals only H; the pre-SBB companies until phase 5; the SBB, from phase 5, on the
network of all five pre-SBB homes).  ``type_pct`` is each corporation type's median
route value over all (train, side, phase) cells as a percent of the table (an H-only
regional's trains meet no red off-board).  The kernel reads the file unless ``--params``
gives its own [revenue] route_normal / route_h / route_type_pct.
"""

from __future__ import annotations

import argparse
import re
import statistics
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT.parent / "shared" / "rules" / "1844-map.md"
OUT = ROOT / "sim" / "s1844" / "routes.toml"
# one hex per OR played by the middle OR of each phase, +1 for the home (phases 2..7 run
# over ORs #1-3, #4-5, #5-8, #8-9, #9-11 and #11-16 in the two recorded games): a train
# runs over the whole phase, so the network at its middle OR is the typical one
REACH = (3, 5, 7, 9, 10, 13)
TRAINS = (2, 3, 4, 5, 6, 8)  # normal length / H hexes; the 8th normal is the 8E
HOMES = {
    "NOB": "D19", "SCB": "C12", "VSB": "C24", "JS": "I4", "GB": "G18",
    "JN": "F7", "ChA": "G28", "VZ": "K10",
    "FNM": "L21", "RhB": "G26", "BLS": "F11", "STB": "D15", "AB": "D25", "MOB": "I6",
}  # fmt: skip
TYPES = {"pre-SBB": ("NOB", "SCB", "VSB", "JS", "GB"), "regional": ("JN", "ChA", "VZ")}
HEX = re.compile(r"\b([A-M]\d{1,2})\b")
# the P4 line (digest 6.3): J15 - J17 - I16 - H17 (town 10) - H19 - H21 - H23 - H25
P4_LINE = ("J17", "I16", "H17", "H19", "H21", "H23", "H25")
# plain city tiles (digest 7.1, 7.2): 15 green (14, 15, 619), 6 brown (611), 2 gray (915)
# for the 20 plain city hexes (19 white and D15); a copy upgraded away returns to the
# supply, so at most that many are on the map at once.  A plain city pays the mean of
# the upgrades the supply allows: the newest colour on as many as its tiles cover.
PLAIN_HEXES = 20
SUPPLY = ((17, 20), (15, 30), (6, 40), (2, 50))  # (tiles, revenue): yellow .. gray


def plain_ladder(base: int = 0) -> tuple:
    """Mean plain-city revenue in each colour under the tile supply (``base``: a pre-printed
    city's lower yellow value, D15's 10)."""
    out = []
    for c in range(4):
        left, total = PLAIN_HEXES, 0.0
        for tiles, rev in reversed(SUPPLY[1 : c + 1]):
            n = min(tiles, left)
            total += n * rev
            left -= n
        total += left * (base or SUPPLY[0][1])
        out.append(total / PLAIN_HEXES)
    return tuple(out)


# city ladders by colour (yellow, green, brown, gray), digest 7.2
LADDER = {
    "plain": plain_ladder(),
    "ZB": (20, 40, 50, 60),  # Zurich, Bern
    "L": (20, 40, 50, 60),  # Lausanne (one of its cities)
    "OO": (0, 40, 50, 50),  # no track in yellow
    "D15": plain_ladder(10),
}


def colour(phase: int) -> int:
    return 0 if phase <= 2 else 1 if phase <= 4 else 2 if phase <= 6 else 3


def rows(text: str, title: str) -> list[list[str]]:
    """The body rows of the first table headed "Hex" after the heading ``title``."""
    part = text.split(title, 1)[1]
    out, state = [], 0  # 0 before its header, 1 in it, 2 after it
    for line in part.splitlines():
        if not line.startswith("|"):
            if state == 1 and out:
                break
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if state == 0 and cells[0] == "Hex":
            state = 1
        elif state == 1 and not set(cells[0]) <= set("-: "):
            out.append(cells)
    return out


class Map:
    def __init__(self, text: str):
        self.kind: dict[str, str] = {}  # stop kind: city, town, off, dead, track
        self.values: dict[str, tuple] = {}  # value per colour
        self.groups: dict[str, frozenset] = {}
        self.bonus: dict[str, int] = {}
        self.red: set[str] = set()
        self.edges: dict[str, set] = {}
        for cells in rows(text, "## 2. Every hex"):
            h, name, col, printed, revenue, _terrain, track = cells[:7]
            role = cells[8]
            self.edges.setdefault(h, set())
            if col in ("red", "gray"):
                for t in HEX.findall(track.split("—")[0]):
                    self.link(h, t)
            if col == "red":
                self.red.add(h)
                if "no track" in printed or "frame" in printed:
                    continue
                self.kind[h] = "dead"
                self.values[h] = tuple(int(v) for v in revenue.split("/"))
                g = re.search(r"groups (.+?)(?:;|\(|$)", printed).group(1)
                self.groups[h] = frozenset(x.strip() for x in g.split("+"))
                b = re.search(r"bonus (\d+)", role)
                self.bonus[h] = int(b.group(1)) if b else 0
            elif col == "gray":
                if "mountain" in printed:
                    continue  # unmarked mountains are no stop (the kernel's own term)
                if "/" in revenue:  # Vaduz
                    self.kind[h] = "dead"
                    self.values[h] = tuple(int(v) for v in revenue.split("/"))
                elif "town" in printed or "city" in printed:
                    self.kind[h] = "stop"
                    self.values[h] = (int(revenue),) * 4
                else:
                    self.kind[h] = "track"
            elif col == "blue":
                continue
            elif col == "purple":
                if h == "H17":
                    self.values[h] = (10,) * 4  # Andermatt once P4's tiles are there
                    self.kind[h] = "stop"
                else:
                    self.kind[h] = "track"
            elif "town" in printed:
                self.kind[h], self.values[h] = "stop", (10,) * 4
            elif "city" in printed or "cities" in printed:
                if h in ("D19", "F11"):
                    ladder = "ZB"
                elif "label L" in printed:
                    ladder = "L"
                elif "OO" in printed:
                    ladder = "OO"
                elif h == "D15":
                    ladder = "D15"
                else:
                    ladder = "plain"
                self.kind[h], self.values[h] = "stop", LADDER[ladder]
            else:
                self.kind[h] = "track"
        self.purple = set()
        for cells in rows(text, "## 3. Neighbour table"):
            h = cells[0]
            for c in cells[1:7]:
                if c.startswith(("(", "‖", "—")):
                    continue
                t = HEX.match(c).group(1)
                if c.endswith("*"):
                    self.purple.add(t)
                self.link(h, t)

    def link(self, a: str, b: str) -> None:
        self.edges.setdefault(a, set()).add(b)
        self.edges.setdefault(b, set()).add(a)

    def usable(self, h: str, p4: bool) -> bool:
        if h in self.purple or self.kind.get(h) is None:
            return p4 and h in P4_LINE
        return True

    def passable(self, h: str) -> bool:
        return self.kind.get(h) in ("stop", "track")

    def network(self, homes, reach: int, p4: bool) -> set:
        """Hexes within ``reach`` connecting steps of the homes (dead ends end a walk)."""
        seen = set(homes)
        edge = list(homes)
        for _ in range(reach):
            nxt = []
            for h in edge:
                if not self.passable(h):
                    continue
                for t in self.edges[h]:
                    if t not in seen and self.usable(t, p4):
                        seen.add(t)
                        nxt.append(t)
            edge = nxt
        return seen


def bonus(m: Map, ends) -> int:
    """The E-W and N-S bonus of a route whose off-board ends are ``ends``."""
    g = set()
    for s in ends:
        g |= m.groups.get(s, frozenset())
    out = 0
    for a, b in (("E", "W"), ("N", "S")):
        if a in g and b in g:
            out += sum(m.bonus.get(s, 0) for s in ends if m.groups.get(s, frozenset()) & {a, b})
    return out


def arms(start, steps, nxt, pay, m: Map, keep: int = 60) -> dict:
    """Simple walks from ``start`` of 1..steps further nodes (a dead end ends a walk), by
    beam search: for each length and end group the ``keep`` best (value, nodes, end),
    each extended by one node for the next length."""
    found: dict = {}
    level = [(0, frozenset(), start)]
    for length in range(1, steps + 1):
        nxt_level: dict = {}
        for total, nodes, end in level:
            if nodes and m.kind.get(end) == "dead":
                continue
            for t in nxt(end):
                if t == start or t in nodes:
                    continue
                key = (length, m.groups.get(t, frozenset()))
                nxt_level.setdefault(key, []).append((total + pay(t), nodes | {t}, t))
        level = []
        for key, v in nxt_level.items():
            v.sort(key=lambda x: -x[0])
            found[key] = v[:keep]
            level += v[:keep]
    return found


def best_pairs(m: Map, found: dict, limits, home_pay: int) -> list:
    """For each limit, the best route through the home from one walk or two disjoint walks
    of at most ``limit`` further nodes in all."""
    top = max(limits)
    best = [0] * (top + 1)  # best[L]: best route of exactly L further nodes
    items = list(found.items())
    for (la, ga), va in items:
        best[la] = max(best[la], home_pay + va[0][0])
        for (lb, gb), vb in items:
            if la + lb > top or (ga and gb and ga & gb):
                continue
            for x in va:
                for y in vb:
                    if x[0] + y[0] + home_pay + 180 <= best[la + lb]:
                        break  # (180: the largest bonus)
                    if x[1] & y[1]:
                        continue
                    v = home_pay + x[0] + y[0] + bonus(m, [x[2], y[2]])
                    best[la + lb] = max(best[la + lb], v)
    for k in range(1, top + 1):
        best[k] = max(best[k], best[k - 1])
    return [best[n] for n in limits]


def stop_graph(m: Map, net: set, col: int, red: bool) -> dict:
    """Two stops are adjacent when plain track hexes of the network join them."""
    stops = {h for h in net if h in m.values and m.values[h][col] > 0}
    if not red:
        stops -= m.red
    adj = {}
    for s in stops:
        near, seen, edge = set(), {s}, [s]
        while edge:
            nxt = []
            for h in edge:
                for t in m.edges[h]:
                    if t in seen or t not in net:
                        continue
                    seen.add(t)
                    if t in stops:
                        near.add(t)
                    elif m.kind.get(t) == "track":
                        nxt.append(t)
            edge = nxt
        adj[s] = near
    return adj


def best_normal(m: Map, net: set, home: str, col: int) -> list:
    """Best route of 2, 3, 4, 5, 6 and 8 stops through ``home`` in the stop graph."""
    adj = stop_graph(m, net, col, True)
    if home not in adj:
        return [0] * len(TRAINS)
    found = arms(home, max(TRAINS) - 1, lambda s: adj[s], lambda s: m.values[s][col], m)
    hp = m.values[home][col]
    return best_pairs(m, found, [n - 1 for n in TRAINS], hp)


def best_h(m: Map, net: set, home: str, col: int) -> list:
    """Best route of 2, 3, 4, 5, 6 and 8 hexes through ``home``, paying every stop on it
    (no red off-board)."""

    def nxt(h):
        if not m.passable(h):
            return ()
        return [t for t in m.edges[h] if t in net and t not in m.red and open_(t)]

    def open_(t):
        return not (m.kind.get(t) == "stop" and m.values[t][col] == 0)  # OO without track

    def pay(t):
        return m.values[t][col] if t in m.values else 0

    found = arms(home, max(TRAINS) - 1, nxt, pay, m)
    # at least two stops: drop walks that pay nothing
    found = {k: [x for x in v if x[0] > 0] for k, v in found.items()}
    found = {k: v for k, v in found.items() if v}
    hp = m.values[home][col]
    return best_pairs(m, found, [n - 1 for n in TRAINS], hp)


def build(m: Map, reach=REACH) -> dict:
    companies = dict(HOMES)
    cells = {}  # (company, side, train index, phase) -> value
    for phase in range(2, 8):
        col = colour(phase)
        p4 = phase >= 5
        groups = [(c, (h,)) for c, h in companies.items()]
        if phase >= 5:
            groups.append(("SBB", tuple(companies[c] for c in TYPES["pre-SBB"])))
        for c, homes in groups:
            if c in TYPES["pre-SBB"] and phase > 5:
                continue
            net = m.network(homes, reach[phase - 2], p4)
            normal = [0] * len(TRAINS)
            h = [0] * len(TRAINS)
            for home in homes:  # (the SBB: its best home)
                if c not in TYPES["regional"]:
                    normal = list(map(max, normal, best_normal(m, net, home, col)))
                h = list(map(max, h, best_h(m, net, home, col)))
            for k in range(len(TRAINS)):
                if c not in TYPES["regional"]:
                    cells[c, 0, k, phase] = normal[k]
                cells[c, 1, k, phase] = h[k]
    table = {}
    for side in (0, 1):
        for k in range(len(TRAINS)):
            for phase in range(2, 8):
                vals = [v for (c, s, kk, p), v in cells.items() if (s, kk, p) == (side, k, phase)]
                table[side, k, phase] = int(statistics.median(vals) + 5) // 10 * 10
    for side in (0, 1):  # phase 1 runs no train: the phase-2 value
        for k in range(len(TRAINS)):
            table[side, k, 1] = table[side, k, 2]
    kinds = {c: t for t, cs in TYPES.items() for c in cs}
    type_pct = []
    for t in ("pre-SBB", "regional", "historical", "SBB"):
        ratios = [
            v / table[s, k, p]
            for (c, s, k, p), v in cells.items()
            if kinds.get(c, "SBB" if c == "SBB" else "historical") == t and table[s, k, p] > 0
        ]
        type_pct.append(round(100 * statistics.median(ratios)))
    return {"table": table, "type_pct": type_pct, "cells": cells}


def toml_text(res: dict, reach, source: str) -> str:
    t = res["table"]
    lines = [
        "# 1844: Schweiz - one train's route revenue by (train, side, phase), built from the map",
        f"# by scripts/build_s1844_routes.py (from {source}; reach by phase 2..7: "
        f"{', '.join(map(str, reach))} hexes).",
        "# Do not edit by hand: rebuild it, or override it with --params ([revenue] route_normal,",
        "# route_h, route_type_pct).  Rows: train 2, 3, 4, 5, 6, 8E (H: 2H .. 6H, 8H); columns:",
        "# phases 1..7 (phase 1 runs no train and repeats phase 2).",
        "[routes]",
    ]
    for side, key in ((0, "normal"), (1, "h")):
        lines.append(f"{key} = [")
        for k in range(len(TRAINS)):
            lines.append("    [" + ", ".join(str(t[side, k, p]) for p in range(1, 8)) + "],")
        lines.append("]")
    lines.append("# each corporation type's median route value, percent of the table: pre-SBB,")
    lines.append("# regional, historical, SBB")
    lines.append(f"type_pct = [{', '.join(map(str, res['type_pct']))}]")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--map", type=Path, default=MAP)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--reach", default=",".join(map(str, REACH)))
    ap.add_argument("--show", action="store_true", help="print per-company values too")
    args = ap.parse_args()
    reach = tuple(int(x) for x in args.reach.split(","))
    if len(reach) != 6:
        raise SystemExit("--reach: six hex counts, for phases 2..7")
    m = Map(args.map.read_text(encoding="utf-8"))
    res = build(m, reach)
    if args.show:
        for key, v in sorted(res["cells"].items()):
            print(*key, v)
    text = toml_text(res, reach, "shared/rules/1844-map.md")
    args.out.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
