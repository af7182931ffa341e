"""Train the search bot's networks (``sim/davoserjas/net.py``) and write ``net.npz``.

For each trick round of the packaged rules at each of ``--players`` (default 3, 4 and 5):
``--games`` deals in which one
seat (rotating) plays the search bot with its sampling only (no network) against three
``counting`` seats.  At each of that seat's decisions with more than one class of cards
and a point still to take, the classes' features are kept with a label: the class a
search with ``TEACHER`` sampled deals (drawn from a stream of their own) scores lowest,
ties to ``counting``'s class, then the lowest card.  A network is fitted to the first
three quarters of the decisions (softmax over the classes, Adam) and judged on the rest
by the teacher's own totals: the mean penalty per decision it gives away against the
teacher's best class, beside the default search's and, for each probability in ``GRID``,
a search that plays the network's card where the network is at least that sure and its
own elsewhere (the setting ``confidence``).

    python scripts/davoserjas_net.py [--players 3 4 5] [--games 40000] [--seed 1] [--out FILE]

The deals of a round are seeded by the round and the player count, so the networks for one
count do not depend on which other counts are trained with them.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from tableodds.sim.core.bits import ONE, popcount
from tableodds.sim.core.jit import jit
from tableodds.sim.core.rng import seed_stream
from tableodds.sim.davoserjas import net as N
from tableodds.sim.davoserjas.counting import counting_trick
from tableodds.sim.davoserjas.kernel import deal
from tableodds.sim.davoserjas.rules import SUIT_BITS, make_settings
from tableodds.sim.davoserjas.search import (
    EXACT,
    SAMPLES,
    classes,
    lay,
    round_rules_inline,
    search_trick,
    trick_extra,
    values,
)

GRID = (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95)
# networks that played worse than the sampling search in their round, on 20,000 duplicate
# deals (scripts/davoserjas_strength.py): not written, so the bot samples there
LEFT_OUT = ((3, 5),)  # (players, round number): 3 players, first and last trick, +0.37 a game
ROWS = 18  # classes a decision may have, at most (17 cards a hand)


@jit
def collect(
    seed, count, players, size, deck_mask, pen, per_trick, first, last, teacher, X, L, C, N_
):
    """Decisions of ``count`` deals (rows of X, L, C, N_); returns how many."""
    s = np.empty(4, np.uint64)
    s2 = np.empty(4, np.uint64)
    base = np.empty(52, np.int64)
    n_base = 0
    for c in range(52):
        if (deck_mask >> np.uint64(c)) & ONE:
            base[n_base] = c
            n_base += 1
    deck = np.empty(52, np.int64)
    hands = np.zeros(players, np.uint64)
    voids = np.zeros(players, np.int64)
    sizes = np.zeros(players, np.int64)
    tot = np.zeros(ROWS, np.int64)
    feat = np.zeros((ROWS, N.FEATURES))
    none = np.zeros(N.WEIGHTS)
    rnd = round_rules_inline(players, size, pen, per_trick, first, last, deck_mask)
    n = 0
    for g in range(count):
        seed_stream(s, seed, g)
        seed_stream(s2, seed + np.uint64(1), g)  # the teacher's samples
        deal(s, base, n_base, hands, players, size, -1, np.uint64(0), deck)
        me = g % players
        played = np.uint64(0)
        voids[:] = 0
        seat = 0
        for t in range(size):
            led, win, win_seat, points = -1, -1, seat, np.int64(trick_extra(rnd, t))
            free = trick_extra(rnd, t) == 0 and not rnd.card_round
            for k in range(players):
                hand = hands[seat]
                follow = hand & (SUIT_BITS << np.uint64(13 * led)) if k else np.uint64(0)
                legal = follow if follow else hand
                unseen = deck_mask & ~hand & ~played
                default = counting_trick(
                    hand, legal, k, led, win, points, free, rnd.card_round, players, seat,
                    unseen, voids, pen,
                )  # fmt: skip
                c = default
                if seat == me:
                    for q in range(players):
                        sizes[q] = popcount(hands[q])
                    c = search_trick(
                        s, 0, hand, legal, sizes, seat, k, led, win, win_seat, points, t,
                        played, voids, pen, rnd, SAMPLES, EXACT, none, -1.0,
                    )  # fmt: skip
                    reps = classes(legal, unseen, k, win, pen)
                    live = points or rnd.per_trick or rnd.last or (rnd.penmask & ~played)
                    if popcount(reps) > 1 and live and n < X.shape[0]:
                        m = N.features(
                            hand, reps, default, k, led, win, points, t, played, voids, seat,
                            pen, rnd, feat,
                        )  # fmt: skip
                        values(
                            s2, 0, hand, reps, sizes, seat, k, led, win, win_seat, points, t,
                            played, voids, pen, rnd, teacher, EXACT, tot,
                        )  # fmt: skip
                        X[n, :m] = feat[:m]
                        N_[n] = m
                        L[n, :m] = tot[:m]
                        C[n] = popcount(reps & ((ONE << np.uint64(c + 1)) - ONE)) - 1
                        n += 1
                played, led, win, win_seat, points, seat = lay(
                    hands, voids, played, seat, hand, c, k, led, win, win_seat, points, pen, rnd
                )
            seat = win_seat
    return n


def decisions(rnd, settings, games, seed):
    cap = games * settings.hand_size
    X = np.zeros((cap, ROWS, N.FEATURES))
    L = np.zeros((cap, ROWS), np.int64)
    C = np.zeros(cap, np.int64)
    n_ = np.zeros(cap, np.int64)
    n = collect(
        np.uint64(seed % 2**64), games, settings.players, settings.hand_size,
        np.uint64(settings.deck_mask), rnd.card_penalties(), rnd.per_trick, rnd.first_trick,
        rnd.last_trick, N.TEACHER, X, L, C, n_,
    )  # fmt: skip
    return X[:n], L[:n], C[:n], n_[:n]


def labels(X, L, n_):
    """The teacher's class (ties to counting's, then the lowest), the valid rows, and
    the totals with invalid rows at +inf."""
    mask = np.arange(ROWS)[None, :] < n_[:, None]
    tot = np.where(mask, L.astype(np.float64), np.inf)
    tie = tot == tot.min(1, keepdims=True)
    counting = tie & (X[:, :, 0] > 0.5)
    lab = np.where(counting.any(1), counting.argmax(1), tie.argmax(1))
    return lab, mask, tot


def _forward(p, X):
    W1, b1, W2, b2, w3 = p
    h1 = np.maximum(X @ W1 + b1, 0.0)
    h2 = np.maximum(h1 @ W2 + b2, 0.0)
    return h1, h2, h2 @ w3


def scores(p, X, mask):
    return np.where(mask, _forward(p, X)[2], -np.inf)


def train(X, lab, mask, epochs, seed, batch=512, rate=2e-3):
    """A network fitted by Adam to the labels (cross-entropy of the softmax over classes)."""
    g = np.random.default_rng(seed)
    F, H = N.FEATURES, N.HIDDEN
    p = [
        g.normal(0, 1 / np.sqrt(F), (F, H)), np.zeros(H),
        g.normal(0, 1 / np.sqrt(H), (H, H)), np.zeros(H), g.normal(0, 1 / np.sqrt(H), H),
    ]  # fmt: skip
    m1 = [np.zeros_like(q) for q in p]
    m2 = [np.zeros_like(q) for q in p]
    it = 0
    for ep in range(epochs):
        order = g.permutation(len(lab))
        loss = 0.0
        for b in range(0, len(lab), batch):
            j = order[b : b + batch]
            x, y, mk = X[j], lab[j], mask[j]
            h1, h2, sc = _forward(p, x)
            sc = np.where(mk, sc, -np.inf)
            e = np.exp(sc - sc.max(1, keepdims=True))
            pr = e / e.sum(1, keepdims=True)
            loss -= np.log(pr[np.arange(len(j)), y] + 1e-12).sum()
            ds = pr
            ds[np.arange(len(j)), y] -= 1.0
            ds /= len(j)
            dh2 = ds[:, :, None] * p[4] * (h2 > 0)
            dh1 = (dh2 @ p[2].T) * (h1 > 0)
            grads = [
                np.einsum("nci,ncj->ij", x, dh1), dh1.sum((0, 1)),
                np.einsum("nci,ncj->ij", h1, dh2), dh2.sum((0, 1)),
                np.einsum("nch,nc->h", h2, ds),
            ]  # fmt: skip
            it += 1
            for q in range(5):
                m1[q] = 0.9 * m1[q] + 0.1 * grads[q]
                m2[q] = 0.999 * m2[q] + 0.001 * grads[q] ** 2
                step = (m1[q] / (1 - 0.9**it)) / (np.sqrt(m2[q] / (1 - 0.999**it)) + 1e-8)
                p[q] -= rate * step
        print(f"    epoch {ep + 1}: loss {loss / len(lab):.4f}", flush=True)
    return p


def pack_weights(p):
    w = np.zeros(N.WEIGHTS)
    W1, b1, W2, b2, w3 = p
    w[N._W1 : N._B1] = W1.ravel()
    w[N._B1 : N._W2] = b1
    w[N._W2 : N._B2] = W2.ravel()
    w[N._B2 : N._W3] = b2
    w[N._W3 :] = w3
    return w


def network(settings, rnd, seed, a):
    """One round's network (its weights row and signature), with the held-out report."""
    t0 = time.time()
    X, L, C, n_ = decisions(rnd, settings, a.games, seed)
    lab, mask, tot = labels(X, L, n_)
    n = len(lab)
    fit = np.arange(n) < 3 * n // 4
    print(
        f"{settings.players} players, round {rnd.number} ({rnd.name}): {n:,} decisions, "
        f"{time.time() - t0:.0f} s",
        flush=True,
    )
    p = train(X[fit], lab[fit], mask[fit], a.epochs, a.seed)
    held = ~fit
    sc = scores(p, X, mask)
    net = sc.argmax(1)
    sure = 1.0 / np.exp(sc - sc.max(1, keepdims=True)).sum(1)

    def given_away(choice, tot=tot, held=held):
        """Mean penalty per held-out decision given away against the teacher's best."""
        lost = tot[np.arange(len(choice)), choice] - tot.min(1)
        return float((lost / N.TEACHER)[held].mean())

    print(
        f"  held-out decisions {held.sum():,}: penalty given away per decision against the "
        f"{N.TEACHER}-sample teacher: network {given_away(net):.4f}, search "
        f"({SAMPLES} samples) {given_away(C):.4f}, counting "
        f"{given_away(np.argmax(X[:, :, 0], 1)):.4f}"
    )
    for tau in GRID:
        mixed = given_away(np.where(sure >= tau, net, C))
        share = float((sure >= tau)[held].mean())
        print(f"  confidence {tau:.2f}: network plays {share:.1%}, gives away {mixed:.4f}")
    return pack_weights(p), N.signature(settings, rnd)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40_000)
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, nargs="*", default=[3, 4, 5])
    ap.add_argument("--rounds", type=int, nargs="*", default=None)
    ap.add_argument("--out", default=str(N.PATH))
    a = ap.parse_args(argv)
    weights, sigs = [], []
    for players in sorted(a.players):
        settings = make_settings(players)
        for rnd in settings.rounds:
            wanted = not a.rounds or rnd.number in a.rounds
            if rnd.kind == "tricks" and wanted and (players, rnd.number) not in LEFT_OUT:
                seed = a.seed + 10 * rnd.number + 1000 * (players - 4)
                w, sig = network(settings, rnd, seed, a)
                weights.append(w)
                sigs.append(sig)
    np.savez(a.out, weights=np.array(weights), signatures=np.array(sigs))
    print(f"wrote {a.out}")


if __name__ == "__main__":
    sys.exit(main())
