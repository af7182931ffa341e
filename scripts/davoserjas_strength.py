"""The search bot with its networks against the search bot without them, on the same
duplicate deals: each against three ``counting`` seats (``sim/davoserjas/duel.py``), and the
paired difference per six-round game with its 95% interval, whole and by round.

    python scripts/davoserjas_strength.py [--games 100000] [--players 4] [--workers 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from tableodds.sim.davoserjas.duel import duel, interval


def _part(confidence, players, games, seed, start):
    t0 = time.process_time()
    d = duel("search", "counting", players, games, seed=seed, start=start, confidence=confidence)
    return d, time.process_time() - t0


def run(confidence, players, games, seed, workers):
    """Per-game, per-round differences to counting, and the CPU seconds they took."""
    step = -(-games // workers)
    with ProcessPoolExecutor(workers) as pool:
        parts = list(
            pool.map(
                _part,
                [confidence] * workers,
                [players] * workers,
                [min(step, games - i * step) for i in range(workers)],
                [seed] * workers,
                [i * step for i in range(workers)],
            )
        )
    return np.concatenate([p[0] for p in parts]), sum(p[1] for p in parts)


def _show(name, d):
    m, lo, hi = interval(d)
    rounds = "  ".join(f"{x:+.3f}" for x in d.mean(0))
    print(f"{name:<42} {m:+.3f} [{lo:+.3f}, {hi:+.3f}]   by round: {rounds}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    with_net, cpu_net = run(None, a.players, a.games, a.seed, a.workers)
    without, cpu_plain = run(-1.0, a.players, a.games, a.seed, a.workers)
    print(
        f"{a.games:,} duplicate deals, seed {a.seed}, {a.players} players; penalty per game, 95% CI"
    )
    _show("search with networks - counting", with_net)
    _show("search without networks - counting", without)
    _show("with networks - without (paired)", with_net - without)
    print(
        f"CPU: with networks {cpu_net:.0f} s, without {cpu_plain:.0f} s "
        f"({cpu_plain / cpu_net:.1f}x), compilation included"
    )


if __name__ == "__main__":
    main()
