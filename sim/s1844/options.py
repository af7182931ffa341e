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

# ``1844 forecast``: how the rest of a game is forecast (analysis/s1844_forecast.py)
FORECAST_METHODS = ("conditioning", "position")
# The position method's bots: the players at this table are unknown, so each game played
# on draws the careful bot's purchase and withhold rules from ranges of plausible values
# (rules.Params; docs/1844-forecast.md says why each range).  "fixed": the defaults.
SPREADS = {
    "fixed": {},
    "players": {
        "payback_pct": (80, 140),
        "ors_per_train_pct": (15, 40),
        "horizon_ors": (5, 10),
        "withhold_for_train": (0, 1),
        "withhold_savings": (0, 1),
        "sister_funds": (3, 5),
        "sister_gifts": (0, 3),
        "rust_buy": (0, 1),
    },
    "wide": {
        "payback_pct": (60, 200),
        "ors_per_train_pct": (10, 60),
        "horizon_ors": (4, 12),
        "withhold_for_train": (0, 1),
        "withhold_savings": (0, 1),
        "sister_funds": (3, 5),
        "sister_gifts": (0, 3),
        "rust_buy": (0, 1),
        "private_price_pct": (50, 200),
    },
}
# ... and the money at the cut scaled per game: every treasury and player's cash by a
# percent within +-money_pct (from when the replay only approached the money; the position
# is now replayed exactly, so the default draws the players' rules only)
SPREADS["money"] = SPREADS["wide"] | {"money_pct": 25}
SPREAD = "wide"  # the default


def split_spread(spread: dict | None) -> tuple[dict, int]:
    """A spread as (the parameters' ranges, the money's half-range in percent)."""
    sp = dict(spread or {})
    return sp, sp.pop("money_pct", 0)
