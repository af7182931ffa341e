"""Benchmark: I'm the Boss! games/s per core, numba kernel against the plain-Python reference.

Both run in the same process on one thread (see ``sim.core.bench``).
"""

from __future__ import annotations

from tableodds.sim.core.bench import case, print_rows


def bench(seconds: float) -> list[dict]:
    from tableodds.sim.boss.kernel import simulate_chunk
    from tableodds.sim.boss.reference import play_game
    from tableodds.sim.boss.rules import make_settings

    rows = []
    for label, settings in [
        ("boss: random game, 4 players", make_settings(4)),
        ("boss: shrewd game, 4 players", make_settings(4, ["shrewd"])),
        ("boss: shrewd vs random, 6 players", make_settings(6, ["shrewd", "random"] * 3)),
        (
            "boss: random game, 3 players, all house rules",
            make_settings(
                3,
                variants=[
                    "fixed-turn",
                    "forced-deal",
                    "card-to-earn",
                    "draw-by-investors",
                    "min-hand",
                    "late-limit",
                ],
            ),
        ),
    ]:

        def kernel(start, n, s=settings):
            simulate_chunk(s, 1, start, n)

        def reference(start, n, s=settings):
            for g in range(start, start + n):
                play_game(s, 1, g)

        rows.append(case(label, kernel, reference, seconds, batch=20_000))
    return rows


if __name__ == "__main__":
    print_rows(bench(2.0))
