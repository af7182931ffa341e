"""The options of 1844: Schweiz as data: names, choices, help and defaults.

numpy-free, so that ``tableodds 1844 --help`` stays light; ``rules.py`` imports every name
from here, so ``rules.POLICIES`` and the rest keep working.
"""

from tableodds.sim.core.options import file_option

PLAYERS = range(3, 8)

POLICIES = {
    "random": "a uniform choice among the legal moves at every decision (a category of "
    "stock-round action, then one of its moves; payout or withhold; how many "
    "trains and which side; P2's tile; P4's tiles; a train across or the depot; a private "
    "and its price or none); bids up to a random value in the auction",
    "careful": "bids by value; directs at most max_directorships companies (by player "
    "count), parring them in float_order at the highest par it can float alone; buys "
    "the best-yielding share; sells shares of a company "
    "trading well below par; buys a train only when it pays back before it "
    "rusts, and a further 2 only while it keeps money for the 3s; withholds when its company would be left without a train it can "
    "afford or when withholding completes the next train it has room for; "
    "uses P4 when its tiles give one of its companies its destination; "
    "rescues a company by buying across from a sister company, else "
    "from another director's company; sells its privates to its companies "
    "in phases 3-4 at 2 x face while they keep money for a train; lays P2's "
    "extra tile at once",
}

SETTINGS = (file_option("params", "A TOML file overriding model parameters (see params.toml)."),)
