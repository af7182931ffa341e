"""Davoserjas benchmarks: one random round-1 deal, one Kabalen deal, whole games (4 players)."""
from __future__ import annotations

from tableodds.sim.core.bench import case, print_rows


def bench(seconds: float) -> list[dict]:
    from tableodds.sim.davoserjas.kernel import penalties
    from tableodds.sim.davoserjas.reference import play_game
    from tableodds.sim.davoserjas.rules import make_settings

    rows = []
    for label, settings in [
            ("davoserjas: random round-1 deal, 4 players", make_settings(4, rounds=[1])),
            ("davoserjas: random Kabalen deal, 4 players", make_settings(4, rounds=[6])),
            ("davoserjas: random six-round game, 4 players", make_settings(4)),
            ("davoserjas: careful six-round game, 4 players", make_settings(4, ["careful"]))]:
        def kernel(start, n, s=settings):
            penalties(s, 1, start, n)

        def reference(start, n, s=settings):
            for g in range(start, start + n):
                play_game(s, 1, g)
        rows.append(case(label, kernel, reference, seconds))
    return rows


if __name__ == "__main__":
    print_rows(bench(2.0))
