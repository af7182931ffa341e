"""Davoserjas benchmarks: one random round-1 deal, one Kabalen deal, whole games (4 players),
and whole games with one search seat.

The last rows set the round-1 kernel and the six-round game with one search seat (with its
networks, and sampling only as before them) against the best hand-written C loop of
``shared/bench/trick_limit.sh`` (round-1 deal shape), measured alternately in this run so that
a busy machine slows all alike; set ``TRICK_LIMIT`` to the script's path if it is not in
``../shared/bench`` next to the project.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path
from statistics import median

from tableodds.sim.core.bench import case, print_rows, rate


def _trick_limit() -> Path | None:
    here = Path(__file__).resolve().parent
    for p in (
        os.environ.get("TRICK_LIMIT"),
        here.parent.parent / "shared/bench/trick_limit.sh",
        here.parent / "shared/bench/trick_limit.sh",
    ):
        if p and Path(p).is_file():
            return Path(p)
    return None


def best_c_loop(games: int = 1_000_000) -> float | None:
    """games/s per core of the best C loop (the script's last line), or None without gcc."""
    script = _trick_limit()
    if script is None:
        return None
    env = dict(os.environ, NO_OPENSPIEL="1", GAMES=str(games))
    try:
        out = subprocess.run(
            ["bash", str(script)], capture_output=True, text=True, env=env, timeout=600
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r"best_c_loop (\d+) games/s", out)
    return float(m.group(1)) if m and int(m.group(1)) > 0 else None


def c_ratio(seconds: float, repeats: int = 3) -> list[dict]:
    """Round-1 kernel, search + 3 counting (with and without its networks) and the best C
    loop measured alternately; medians and their ratios to the C loop."""
    from tableodds.sim.davoserjas.kernel import penalties
    from tableodds.sim.davoserjas.rules import make_settings

    s = make_settings(4, rounds=[1])
    strong = make_settings(4, ["search", "counting", "counting", "counting"])
    kern, c, search, old = [], [], [], []
    for _ in range(repeats):
        v = best_c_loop()
        if v is None:
            return []
        c.append(v)
        kern.append(rate(lambda start, n: penalties(s, 1, start, n), 200_000, seconds))
        search.append(rate(lambda start, n: penalties(strong, 1, start, n), 100, seconds))
        old.append(
            rate(lambda start, n: penalties(strong, 1, start, n, confidence=-1), 100, seconds)
        )
    k, cl, sr, so = median(kern), median(c), median(search), median(old)
    nan = float("nan")
    return [
        {
            "case": "best C loop (trick_limit.sh), same run",
            "kernel_per_s": cl,
            "reference_per_s": nan,
            "ratio": nan,
        },
        {
            "case": f"round-1 kernel / best C loop = {k / cl:.2f}",
            "kernel_per_s": k,
            "reference_per_s": nan,
            "ratio": nan,
        },
        {
            "case": f"search + 3 counting (six rounds) / best C loop = {sr / cl:.2e}",
            "kernel_per_s": sr,
            "reference_per_s": nan,
            "ratio": nan,
        },
        {
            "case": f"search without networks + 3 counting / best C loop = {so / cl:.2e}",
            "kernel_per_s": so,
            "reference_per_s": nan,
            "ratio": nan,
        },
    ]


def bench(seconds: float) -> list[dict]:
    from tableodds.sim.davoserjas.kernel import penalties
    from tableodds.sim.davoserjas.reference import play_game
    from tableodds.sim.davoserjas.rules import make_settings

    rows = []
    for label, settings in [
        ("davoserjas: random round-1 deal, 4 players", make_settings(4, rounds=[1])),
        ("davoserjas: random Kabalen deal, 4 players", make_settings(4, rounds=[6])),
        ("davoserjas: random six-round game, 4 players", make_settings(4)),
        ("davoserjas: careful six-round game, 4 players", make_settings(4, ["careful"])),
    ]:

        def kernel(start, n, s=settings):
            penalties(s, 1, start, n)

        def reference(start, n, s=settings):
            for g in range(start, start + n):
                play_game(s, 1, g)

        rows.append(case(label, kernel, reference, seconds))
    # the search bot in one seat against counting (no reference row: its plain-Python
    # twin takes seconds a game)
    s = make_settings(4, ["search", "counting", "counting", "counting"])
    k = rate(lambda start, n: penalties(s, 1, start, n), 100, seconds)
    nan = float("nan")
    rows.append(
        {
            "case": "davoserjas: search + 3 counting, six-round game",
            "kernel_per_s": k,
            "reference_per_s": nan,
            "ratio": nan,
        }
    )
    return rows + c_ratio(seconds)


if __name__ == "__main__":
    print_rows(bench(2.0))
