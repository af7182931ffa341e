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
    SAVONAROLA,
    SIMONY,
    SPY,
    TYPES,
    policy_codes,  # noqa: F401 (the former home)
)

RANDOM, VALUE = POLICY_CODES["random"], POLICY_CODES["value"]
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
