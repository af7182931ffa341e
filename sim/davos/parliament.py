"""The Davos parliament's vote in plain Python, from the rulebook: a party's vote and a bill's.

The reference game (``reference.py``) votes with these, and so do the ``davos vote``
calculator and the cheat sheet; the kernel has its own numba copy (``kernel.party_vote``,
``kernel.parliament``), checked against these by tests/test_davos.py.
"""

from __future__ import annotations


def biggest(counts) -> int:
    """Index of the holder with strictly more than every other, or -1 (empty or tied)."""
    top = max(counts)
    if top <= 0 or list(counts).count(top) > 1:
        return -1
    return list(counts).index(top)


def party_vote(
    players: list[int], dissidents: int, wishes: list[bool], party_ideology: int, bill_ideology: int
) -> int:
    """+1 for, -1 against, 0 does not vote (empty, or no biggest and no agreement)."""
    counts = list(players) + [dissidents]
    if sum(counts) == 0:
        return 0
    dissident_vote = 1 if bill_ideology == party_ideology else -1  # "none" never matches
    b = biggest(counts)
    if b == len(players):
        return dissident_vote
    if b >= 0:
        return 1 if wishes[b] else -1
    votes = {1 if wishes[h] else -1 for h, n in enumerate(players) if n > 0}
    if dissidents > 0:
        votes.add(dissident_vote)
    return votes.pop() if len(votes) == 1 else 0


def parliament(votes: list[int], totals: list[int]) -> tuple[int, int, bool]:
    """Half-votes for and against and whether the bill passes.

    The party with strictly the most assets has 1.5 votes (3 halves), every other
    non-empty party 1; a party that does not vote casts nothing; ties fail.
    """
    big = biggest(totals)
    yes = no = 0
    for i, v in enumerate(votes):
        weight = 3 if i == big else 2
        if v > 0:
            yes += weight
        elif v < 0:
            no += weight
    return yes, no, yes > no
