"""The options of Borgia as data: names, choices, help and defaults.

numpy-free, so that ``tableodds borgia --help`` stays light; ``rules.py`` imports every name
from here, so ``rules.POLICIES`` and the rest keep working.
"""

PLAYERS = range(3, 6)

POLICIES = {
    "random": "every choice uniformly among the legal ones (each optional card play, "
    "bid and attack a coin flip, bids raise by 1-10 D)",
    "value": "bids up to a value estimate of the card, pays patronage when the artist "
    "earns it back, votes for itself when it can win and otherwise for the "
    "strongest rival who is not ahead of it, attacks when its affordable "
    "condottieri beat the defence plus the defender's expected condottieri",
    "market": "the value bot, and in the election it buys and sells votes with the other "
    "market bots: the cheapest majority at Shapley-Shubik prices, paid by the new pope "
    "in offices and cardinals (README, Borgia)",
}

UNSOLD = ("aside", "opener")

# Readings of the rulebook that are settings (README, Borgia): the first of each is the default.
CARDINAL_DEALS = ("hand_out", "redeal")  # new tokens from the box / take all back and re-deal
PATRONAGE = ("each_turn", "once")  # an artist's patronage every turn / only when played

# How a side picks its condottieri in secret, for the conquest calculator.
CONQUEST_STRATEGIES = {
    "all": "commit every condottiere",
    "none": "commit none",
    "random": "each condottiere with probability 1/2 (every subset equally likely)",
    "one": "one condottiere chosen uniformly",
    "strongest": "the single strongest condottiere",
}
