"""Borgia benchmarks: whole games per core, kernel against reference, and conquest trials."""

from __future__ import annotations

from tableodds.sim.core.bench import case, print_rows, rate


def bench(seconds: float) -> list[dict]:
    from tableodds.sim.borgia.kernel import arrays, conquest_chunk
    from tableodds.sim.borgia.reference import play_game
    from tableodds.sim.borgia.rules import make_settings

    rows = []
    for label, settings in [
        ("borgia: 4 random players, whole game", make_settings(4, ["random"])),
        ("borgia: 4 value bots, whole game", make_settings(4, ["value"])),
        ("borgia: 4 market bots, whole game", make_settings(4, ["market"])),
        (
            "borgia: 5 players, value + random",
            make_settings(5, ["value", "random", "value", "random", "random"]),
        ),
    ]:

        def kernel(start, n, s=settings):
            arrays(s, 1, start, n)

        def reference(start, n, s=settings):
            for g in range(start, start + n):
                play_game(s, 1, g)

        rows.append(case(label, kernel, reference, seconds, batch=5000))
    k = rate(
        lambda start, n: conquest_chunk([3, 2, 1], [2, 2, 1], 3, 2, 2, 1, start, n),
        1_000_000,
        seconds,
    )
    rows.append(
        {
            "case": "borgia: conquest trials, random vs random",
            "kernel_per_s": k,
            "reference_per_s": float("nan"),
            "ratio": float("nan"),
        }
    )
    return rows


if __name__ == "__main__":
    print_rows(bench(2.0))
