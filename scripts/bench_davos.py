"""Benchmark: full Davos games/s per core, numba kernel against the plain-Python reference.

Both run in the same process on one thread (see ``sim.core.bench``).
"""

from __future__ import annotations

from tableodds.sim.core.bench import case, print_rows


def bench(seconds: float) -> list[dict]:
    from tableodds.sim.davos.kernel import simulate_chunk
    from tableodds.sim.davos.reference import play_game
    from tableodds.sim.davos.rules import make_settings

    rows = []
    for label, settings in [
        ("davos: Base, 4 random players", make_settings(4, "base", ["random"])),
        ("davos: Base, 4 goal-seeking players", make_settings(4, "base", ["goal"])),
        ("davos: Base, 2 goal-seeking players", make_settings(2, "base", ["goal"])),
        ("davos: Base, 5 goal-seeking players", make_settings(5, "base", ["goal"])),
        ("davos: Mean, 4 goal-seeking players", make_settings(4, "mean", ["goal"])),
        (
            "davos: Big, 4 goal-seeking players, two teams",
            make_settings(4, "big", ["goal"], mode="team"),
        ),
        (
            "davos: Base, 3 goal-seeking players + 1 dissident",
            make_settings(4, "base", ["goal"], mode="dissident"),
        ),
    ]:

        def kernel(start, n, s=settings):
            simulate_chunk(s, 1, start, n)

        def reference(start, n, s=settings):
            for g in range(start, start + n):
                play_game(s, 1, g)

        rows.append(case(label, kernel, reference, seconds, batch=20_000, reference_batch=10))
    return rows


if __name__ == "__main__":
    print_rows(bench(2.0))
