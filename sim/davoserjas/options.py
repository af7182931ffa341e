"""The options of Davoserjas as data: names, choices, help and defaults.

numpy-free, so that ``tableodds davoserjas --help`` stays light; ``rules.py`` imports every name
from here, so ``rules.POLICIES`` and the rest keep working.
"""

from tableodds.sim.core.options import file_option, variant_option

PLAYERS = range(3, 8)

# the search bot's endgame models, by code (sim/davoserjas/search.py), and the default
ENDGAMES = ("counting", "paranoid")
ENDGAME = "counting"
# ... and how sure its network (sim/davoserjas/net.py) must be for the bot to play its card
CONFIDENCE = 0.0  # always, where a network fits the round

POLICIES = {
    "random": "every card uniformly from the legal ones (Kabalen: from the playable ones)",
    "duck": "trick rounds: the highest card that does not win, else the lowest (the highest "
    "when last to play); void: the most penalised, then highest card; "
    "lead: the lowest rank. Kabalen: random",
    "hold": "trick rounds: random. Kabalen: the playable card that frees most of its own "
    "cards behind it; on ties a card other than a 7, then the lowest card",
    "careful": "duck in trick rounds and hold in Kabalen",
}
POLICIES["counting"] = (
    "tracks cards played and voids; sheds danger and keeps low exits "
    "by the round's scoring; Kabalen: frees own cards, opens few for others"
)
POLICIES["search"] = (
    "trick rounds: where a network trained on its deeper searches fits the round (3-5 "
    "players, packaged rounds) plays the network's card; elsewhere samples deals of the "
    "unseen cards consistent with what it saw, scores each card by counting rollouts or, "
    "near the end, exactly; Kabalen: counting"
)

# --variant NAME or NAME=VALUE; each edits the round data or the Kabalen settings.
VARIANTS = {
    "last-trick-only": "the first-and-last-trick round charges only the last trick",
    "strict-gaps": "Kabalen: the ace above a removed 2 is dead; a blocked table ends the round",
    "pool": "Kabalen scored as a pool shared by the first and second player out",
    "pool=N": "pool size (implies pool); default 30",
    "pool-split=W:R": "winner's and runner-up's shares of the pool; default 2:1",
    "trick=N": "penalty per trick where tricks are penalised (rulebook: 1)",
    "first-trick=N": "penalty for the first trick (rulebook: 10)",
    "last-trick=N": "penalty for the last trick (rulebook: 10)",
    "club=N": "penalty per club (rulebook: 1)",
    "queen=N": "penalty per queen (rulebook: 5)",
    "king-of-clubs=N": "penalty for the king of clubs (rulebook: 15)",
}

SETTINGS = (
    variant_option(VARIANTS, metavar="NAME[=VALUE]"),
    file_option("rules", "A round list in TOML instead of the packaged one."),
)
