"""The options of Davos as data: names, choices, help and defaults.

numpy-free, so that ``tableodds davos --help`` stays light; ``rules.py`` imports every name
from here, so ``rules.POLICIES`` and the rest keep working.
"""

from tableodds.sim.core.options import Option, file_option

PLAYERS = range(2, 6)
GAMES = {  # the Big Game builds on the Mean Game
    "base": "the Base Game",
    "mean": "the Mean Game (7 sectors, two C positions, bills without ideology, one goal deck)",
    "big": "the Big Game (the Mean Game with control cards, specialties and victory tokens; "
    "with every --mode)",
}

# the rulebook's "Modules"; with 7 dissident players the super dissident has 10 assets at
# set-up and every reset
MODES = {
    "normal": "2-5 players",
    "team": "teams of two, mates diagonally opposite (seat i and i + players/2), a shared "
    "colour and pooled goals (4, 6 or 8 players)",
    "dissident": "dissident players play the white assets and take the others' failed goals "
    "(3-8: one with 3-5, a team of two with 6 or 8, one super dissident with 7, the others "
    "in teams); each mode plays with the Base, the Mean or the Big Game (--game)",
}
MODE_PLAYERS = {"normal": range(2, 6), "team": (4, 6, 8), "dissident": range(3, 9)}

# bot parameters that the policies' help quotes
BELIEF = 4  # contest bot: likelihood ratio of being biggest where one's own goal asks (assumed)
TRADE_GAIN = 1  # bargain bot: a vote trade is made when each side gains at least this (assets)
MAX_PLACE = 3  # random bot: places 1..min(supply, MAX_PLACE) assets, uniformly

CONTROL_OPENS = {
    "four": "the four open control cards (three on the control positions and the stack's "
    "turned top card) may all be bought; the rulebook: 'zodat er weer vier control cards open "
    "liggen', and only the hidden card beneath may not be chosen",
    "three": "only the three cards on the control positions may be bought; the stack's turned "
    "top card fills the next free position",
}
BIG_TOKENS = {
    "final": "a revealed goal met again at the end of year 3 also takes tokens (without "
    "it the rulebook's 'de tweede keer nog 2' could never happen)",
    "goals": "tokens only in the Goals phase of years 1 and 2",
}

NONE_BILLS = {
    "split": "a bill without ideology has one effect when passed and another when rejected "
    "(the rulebook: 'een effect, of ze nu aangenomen of verworpen worden')",
    "same": "a bill without ideology has the same effect whether passed or rejected",
}
# the rulebook's "Winst voor de dissidents negeer je", read two ways for the dissident variant:
# the rules' own words are the default (the first entry)
DISSIDENT_PROFIT = {
    "none": "the dissident players' white assets earn no profit from bills, as the rulebook says "
    "of every white asset: 'Winst voor de dissidents negeer je' (their losses still apply)",
    "take": "the dissident players' white assets take bill profits like any colour (the "
    "sentence read as being about the neutral white assets of the normal game only)",
}

POLICIES = {
    "random": "uniform over the legal kinds of action (new corp, corp, party, goal, pass), then "
    f"uniform over that kind's choices; places 1..{MAX_PLACE} assets uniformly; "
    "votes for or against with equal chance; reveals an achieved goal with chance 1/2; "
    "in the Final it does not pass while it has assets; Big Game: buying an open control "
    "card is one more kind, in Control it picks uniformly among its playable cards and "
    "passing, then among the card's legal choices (any amount), and it blocks or copies a "
    "card just played with chance 1/2",
    "goal": "goal-seeking: puts the fewest assets that make it the biggest by a lead of 2 "
    "for a requirement of its own unrevealed goals, cheapest first; with every requirement "
    "safe buys a goal (when it has 4 or more assets, not in the Final), swapping out a goal "
    "it cannot afford; in the Final, where every asset must be placed and later seats still "
    "play, it then puts half its assets (rounded up) on the requirement of its goals with "
    "the smallest lead; votes for a bill iff passing it profits its holdings more than rejecting it; "
    "reveals in year 2, and in year 1 when its lead is 2 or less; Big Game (contest and "
    "bargain alike): with every requirement safe and no control card whose domain it leads, "
    "buys the open card (not a block or copy) whose domain it leads by the most; in Control "
    "plays the choice (moving all of a holder's assets, known corp cards only) that most "
    "raises 4 x its open goals' requirements met + its supply - 2 x the places where the "
    "leader is the biggest, blocks a card that would lower that, copies one that raises it",
    "contest": "the goal bot, reading the others: it estimates each opponent's goals from the "
    "board (a posterior over the goal cards it has not seen, in which a seat is "
    f"{BELIEF} times likelier to be the biggest where a goal it holds asks) and, when a rival "
    "has passed (so cannot answer) and is the biggest everywhere a likely goal asks, ties "
    "the rival there if the expected goals denied per asset beat 1 / the cost of its own "
    "cheapest requirement (1/4 when none is open); otherwise plays as the goal bot; votes "
    "for a bill iff passing helps it more than the leader (most revealed goals, then most "
    "assets on the board)",
    "bargain": "the contesting bot that bargains (with bargaining seats only): when a bill it "
    "wants is about to fail, it first offers a seat that decides a party against it a vote "
    "for a vote (a logroll): that seat's vote now, for its own vote for a later bill of the "
    "year that the seat gains from and it loses from, where it decides a party; both accept "
    f"when each gains at least {TRADE_GAIN} asset(s) net from the two bills passing (on the "
    "board as it stands) and the seat's vote passes the bill now; the promise is kept. "
    "Failing that, it offers the smallest "
    "share of its profit from the bill that leaves that seat better off (its loss from the "
    "bill + 1 asset), if that is at most half the profit; the seat accepts when its votes "
    "then pass the bill, and the share is paid out of the profit in the payee's colour",
}

DISSIDENT_SPECIALTIES = {
    "none": "a dissident player's member card has no specialty (the rulebook gives none)",
    "card": "a dissident player's member card keeps its seat's specialty, as any player's",
}

# the settings of Davos's simulations: the first choice of each is the default
SETTINGS = (
    Option("game", "The game", choices=GAMES, default="base"),
    Option("none_bills", "Mean Game bills without ideology", choices=NONE_BILLS, default="split"),
    file_option(
        "cards",
        "Goals, bills and party ideologies in TOML instead of the packaged defaults (same "
        "format as sim/davos/cards.toml).",
    ),
    Option("mode", "The mode", choices=MODES, default="normal"),
    Option("control_open", "Big Game: which cards", choices=CONTROL_OPENS, default="four"),
    Option("big_tokens", "Big Game: victory tokens", choices=BIG_TOKENS, default="final"),
    Option(
        "dissident_specialty",
        "Big Game, dissident variant",
        choices=DISSIDENT_SPECIALTIES,
        default="none",
    ),
    Option(
        "dissident_profit",
        "The dissident variant's reading of the rulebook's 'Winst voor de dissidents negeer je'",
        choices=DISSIDENT_PROFIT,
        default="none",
    ),
)
