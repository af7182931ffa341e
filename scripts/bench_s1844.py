"""1844 benchmarks: full 5-player games per core, kernel against reference, per policy mix."""

from __future__ import annotations

from tableodds.sim.core.bench import case, print_rows

MIXES = {
    "careful": ["careful"],
    "random": ["random"],
    "mixed": ["careful", "random", "careful", "random", "careful"],
}


def bench(seconds: float, players: int = 5) -> list[dict]:
    from tableodds.sim.s1844.kernel import records
    from tableodds.sim.s1844.reference import Game
    from tableodds.sim.s1844.rules import make_settings

    rows = []
    for name, mix in MIXES.items():
        settings = make_settings(players, mix)

        def kernel(start, count, s=settings):
            records(s, 1, start, count)

        def reference(start, count, s=settings):
            for i in range(start, start + count):
                Game(s, 1, i).play()

        rows.append(
            case(
                f"1844: {name} game, {players} players",
                kernel,
                reference,
                seconds,
                batch=500,
                reference_batch=2,
            )
        )
    return rows


if __name__ == "__main__":
    print_rows(bench(2.0))
