"""The options of Borgia as data: names, choices, help and defaults.

numpy-free, so that ``tableodds borgia --help`` stays light; ``rules.py`` imports every name
from here, so ``rules.POLICIES`` and the rest keep working.
"""

from tableodds.sim.core.options import Option, file_option

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


# How a side picks its condottieri in secret, for the conquest calculator.
CONQUEST_STRATEGIES = {
    "all": "commit every condottiere",
    "none": "commit none",
    "random": "each condottiere with probability 1/2 (every subset equally likely)",
    "one": "one condottiere chosen uniformly",
    "strongest": "the single strongest condottiere",
}

# the settings every Borgia simulation takes (README, Borgia); None: the cards file's value
SETTINGS = (
    file_option("cards", "A deck file (TOML) instead of the packaged cards.toml."),
    Option(
        "city_vp",
        "Cities score their printed VP too [default: from the cards file, off, as in the "
        "rulebook].",
        kind="switch",
    ),
    Option(
        "unsold",
        "A card nobody bids on",
        choices={"aside": "it is set aside", "opener": "the opener takes it free"},
        default_from="the cards file",
    ),
    Option(
        "cardinal_deal",
        "After the election the pope",
        choices={
            "hand_out": "hands out new cardinals from the box",
            "redeal": "takes all back and deals them again",
        },
        default_from="the cards file",
    ),
    Option(
        "patronage",
        "An artist's patronage is due",
        choices={"each_turn": "every turn", "once": "only when he is played"},
        default_from="the cards file",
    ),
)

# readings of the rulebook that are settings (README, Borgia): the first of each is the default
_BY_NAME = {o.name: o for o in SETTINGS}
UNSOLD, CARDINAL_DEALS, PATRONAGE = (
    tuple(_BY_NAME[n].choices) for n in ("unsold", "cardinal_deal", "patronage")
)
