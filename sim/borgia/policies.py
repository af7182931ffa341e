"""Borgia bots: what the two policies value, shared by kernel and reference.

A policy is a per-seat code (``rules.POLICY_CODES``):

* ``random`` (0): every optional choice is a coin flip (``bounded(2)``) and
  every target, victim or recipient a uniform draw among the legal ones in
  card-id / seat order; bids raise the high bid by 1-10 D.
* ``value`` (1): bids up to :func:`card_value` (capped by its cash), uses a
  spy at the auction whenever it holds one, steals only with a second spy,
  pays patronage when ``10 * vp * turns left >= patronage``, kills the most
  valuable rival office/artist, votes for itself when it has the most votes
  and otherwise for the rival with most votes who is not ahead of it in VP,
  attacks the most valuable target its affordable condottieri beat with the
  defender's hidden condottieri counted at their deck average, and as pope
  gives offices to the weakest rival and keeps a one-cardinal lead.

The numbers below turn a card into D for the value bot (1 VP = 10 D, since
10 D in the purse are worth 1 VP at every scoring).
"""

import numpy as np

from tableodds.sim.borgia.rules import (
    ARTIST,
    ASSASSIN,
    CITY,
    CONDOTTIERE,
    FAMILY,
    MARRIAGE,
    MEDICINE,
    OFFICE,
    POISON,
    POLICY_CODES,
    POPE_VP,
    SAVONAROLA,
    SIMONY,
    SPY,
    TYPES,
    VOTES_PER_CARDINAL,
    policy_codes,  # noqa: F401 (the former home)
)

RANDOM, VALUE, MARKET = POLICY_CODES["random"], POLICY_CODES["value"], POLICY_CODES["market"]
VP_WORTH = 10  # D per VP
POWER_WORTH = 3  # D per defence point of a city or Da Vinci
FAMILY_WORTH = 4  # D per power point of an independent family
CONDOTTIERE_WORTH = 6  # D per strength point, less its pay
VOTE_WORTH = 2  # D per office vote
# Flat worth of the hand cards, by type code.
HAND_WORTH = np.zeros(len(TYPES), np.int64)
HAND_WORTH[SPY] = 10
HAND_WORTH[POISON] = 8
HAND_WORTH[ASSASSIN] = 8
HAND_WORTH[MEDICINE] = 4
HAND_WORTH[MARRIAGE] = 4
HAND_WORTH[SAVONAROLA] = 6
HAND_WORTH[SIMONY] = 4


def keeps_artist(vp, cost, turns_left, each_turn):
    """Whether the value bot pays an artist's patronage: when his VP (10 D each) earn it
    back, over the scorings it pays for (this turn's alone when it is due every turn)."""
    return VP_WORTH * vp * (1 if each_turn else turns_left) >= cost


def card_value(t, power, income, vp, votes, cost, turns_left, city_vp, each_turn):
    """D the value bot will pay for one card with ``turns_left`` scorings to come
    (``each_turn``: an artist's patronage is due every turn, else once).

    Written with plain integer operations so numba compiles the same function
    for the kernel (see ``kernel.py``); the reference calls it as Python.
    """
    if t == CITY:
        v = income * turns_left + POWER_WORTH * power
        if city_vp:
            v += VP_WORTH * vp * turns_left
        return v
    if t == OFFICE:
        return (income + VP_WORTH * vp) * turns_left + VOTE_WORTH * votes
    if t == ARTIST:
        if each_turn:
            return max(0, (VP_WORTH * vp - cost) * turns_left + POWER_WORTH * power)
        return max(0, VP_WORTH * vp * turns_left + POWER_WORTH * power - cost)
    if t == FAMILY:
        return FAMILY_WORTH * power
    if t == CONDOTTIERE:
        return max(0, CONDOTTIERE_WORTH * power - cost)
    return HAND_WORTH[t]


# --- the vote market (policy ``market``) ---------------------------------------------------
PRIZE = POPE_VP * VP_WORTH  # D: what the papacy is worth to whoever wins this election
CARDINAL_WORTH = VOTES_PER_CARDINAL * VOTE_WORTH  # D: a cardinal as currency (3 votes)


def factorial(n):
    f = 1
    for k in range(2, n + 1):
        f *= k
    return f


def pivot_counts(weights, quota, out):
    """Shapley-Shubik index of the weighted vote [quota; weights], exactly: ``out[i]`` is
    the number of the n! orders of the players in which player i is pivotal (the votes
    before him fall short of the quota, with his they reach it); the index is out[i] / n!.
    Counted over the coalitions S without i that i turns into winners: |S|! (n-1-|S|)!
    orders each.  Plain loops, so numba compiles the same function for the kernel."""
    n = len(weights)
    for i in range(n):
        out[i] = 0
        for mask in range(1 << n):
            if (mask >> i) & 1:
                continue
            w, size = 0, 0
            for j in range(n):
                if (mask >> j) & 1:
                    w += weights[j]
                    size += 1
            if w < quota <= w + weights[i]:
                orders = 1  # size! * (n - 1 - size)!, inline so numba needs no other function
                for k in range(2, size + 1):
                    orders *= k
                for k in range(2, n - size):
                    orders *= k
                out[i] += orders


def shapley_shubik(weights, quota):
    """The Shapley-Shubik index of [quota; weights] as exact fractions."""
    from fractions import Fraction

    out = [0] * len(weights)
    pivot_counts(list(weights), quota, out)
    n = factorial(len(weights))
    return tuple(Fraction(k, n) for k in out)


def office_worth(income, vp, votes, later):
    """An office as payment, in D, to a player who holds it for the ``later`` scorings
    after this election: its income and VP then, and its votes if an election follows."""
    return (income + VP_WORTH * vp) * later + (VOTE_WORTH * votes if later > 0 else 0)
