"""The options of I'm the Boss! as data: names, choices, help and defaults.

numpy-free, so that ``tableodds boss --help`` stays light; ``rules.py`` imports every name
from here, so ``rules.POLICIES`` and the rest keep working.
"""

from tableodds.sim.core.options import file_option, variant_option

PLAYERS = range(2, 7)  # the rulebook: 3-6 players, plus its 2-player rules

POLICIES = {
    "random": "every choice uniformly among the legal ones: the marker's first space, deal or "
    "roll, deal or draw; holding priority in a deal, a coin for each action it could take, in "
    "the order boss card, recruitment set (as boss), travel card, laying its first family card "
    "the space asks for (the first coin that says yes is taken); holding a stop, a coin for "
    "each card another player plays (boss card, recruitment set, travel card); "
    "over the hand limit a recruitment set "
    "(on a uniform takeable investor) or not, which card to discard",
    "shrewd": "deals where the bargaining rule, as far as its seat can foresee it (no family "
    "card in another hidden hand counted), leaves it a deal it accepts, else rolls and "
    "draws; holding priority in a deal, takes the first of: a boss card when it would take "
    "more as boss; as boss, a recruitment set on a needed investor; a travel card against "
    "a deal it has no share in; laying face up a family card the space asks for and the "
    "table does not offer yet (as boss, one it has no investor of); always stops "
    "a card played against it (a boss card against it as boss, a recruitment set on its "
    "investor, a travel card on a family it brings) and a travel card against a deal it "
    "is in, as boss or partner; over the hand limit first plays recruitment sets (on the "
    "first takeable investor), then discards coloured travel, family, recruitment, wild "
    "travel, stop and boss cards in that order; seated right of the start player, it "
    "places the marker on the lowest-paying space",
    "patient": "shrewd, but starts a deal only when holding 7 or more cards (the rulebook's tip: "
    "gather influence cards first); until then it rolls and draws",
}

VARIANTS = {
    "fixed-turn": "the turn does not move after a boss card: play goes on left of the "
    "player whose turn it was",
    "forced-deal": "a player starting a turn with 10 or more cards must attempt a deal "
    "(here, or after the roll)",
    "card-to-earn": "only the boss and players who used an influence card in the deal are "
    "paid ('Zo niet, dan krijg je geen dividend'): a player bringing only an investor card "
    "gets nothing, so does not sell it",
    "card-to-earn-discard": "the other reading of card-to-earn: a player who brought only an "
    "investor card discards one card at settlement to be paid",
    "draw-by-investors": "draw 4/3/2/1 cards when holding 0/1/2/3+ investor cards",
    "min-hand": "a player with 3 or fewer cards cannot start a deal",
    "late-limit": "hand limit 10 from the tenth deal on",
    "short": "deal cards 3, 6 and 9 are removed; the die is rolled after every deal that "
    "places a card with faces on its back (cards 10-14)",
    "short-late-roll": "as short, but the die is rolled only from the tenth completed deal "
    "(the other reading of 'the end conditions stay the same')",
    "limit-discard-only": "over the hand limit a player only discards (by default a set of 3 "
    "recruitment cards may be played instead, taking an investor card, as the rulebook allows)",
    "weight-bargain": "a model switch, not a rulebook rule: partners are paid by the original "
    "weight rule (boss_weight in deals.toml) instead of each family's Shapley price",
    "two-player-rules": "the rulebook's 2-player rules at any player count (always on for 2): "
    "the boss uses others' investors without consent, paying each the payout divided by "
    "the investors the deal needs; owners may travel their own investors; a deal that can "
    "be completed always is",
    "fixed-order": "the original model of a deal, not a rulebook rule: influence cards in a fixed "
    "order (boss cards, the boss's recruitment, the terms, travel cards) and family cards "
    "counted from the hand, never laid face up",
    "narrow-stops": "the earlier, narrower reading of the stop card: only the player a card "
    "is aimed at may stop it (for a travel card, then the boss); a recruitment set taking "
    "a spare investor cannot be stopped (by default anyone may stop any card but a stop)",
    "two-player-sixth": "with the 2-player rules, the other reading of 'the total dividends "
    "divided by the number of investor cards': the payout / 6 (all investor cards) each",
}

# the rulebook's worked deals, packaged beside this module (``tableodds boss deal --example``)
EXAMPLES = {"final": "deal_example.toml", "first": "deal_example_first.toml"}

SETTINGS = (
    variant_option(VARIANTS, "House rule"),
    file_option(
        "cards",
        "Board spaces, deal-card values and die faces in TOML instead of the packaged "
        "defaults (same layout as sim/boss/deals.toml).",
    ),
)
