"""The I'm the Boss! cheat sheet: a money tally, payouts per deal and space, and when the game
ends."""

from __future__ import annotations

from importlib.metadata import version

from tableodds.analysis import boss as analysis
from tableodds.analysis.boss import SETTLED
from tableodds.reports.sheet import (
    INTERVAL,
    Section,
    Sheet,
    Table,
    exact,
    grid,
    proportion,
    table,
)
from tableodds.sim.boss.rules import PLAYERS, exact_deal_counts, make_settings
from tableodds.sim.core.runner import CommandRuns

GAMES = 5_000  # simulated games behind the deal-space success rates


def space_values(settings, seed: int = 1, games: int = GAMES):
    """Each board space: what it needs, its dividends, the money a success pays (exact, from
    the deal values) and how often a deal there succeeds (simulated); and the result."""
    result = analysis.simulate(
        CommandRuns(games, seed, progress=False),
        players=settings.players,
        variants=list(settings.variants),
    )
    values = settings.cards.values
    lo, hi = min(values), max(values)
    rows = []
    for x in result.summary.game.spaces.iter_rows(named=True):
        d = x["dividends"]
        p = proportion(_Prop(x["p"], x["low"], x["high"])) if x["attempts"] else "not tried"
        rows.append([x["space"], x["needs"], d, f"{d * lo}–{d * hi}", p])
    return table(
        ["space", "needs", "div.", "M per success", "P(deal succeeds)"],
        rows,
        f"M per success = dividends × the deal card's value (exact); P from "
        f"{result.games_done:,} simulated games of {settings.players} random players, "
        f"seed {seed}, with its {INTERVAL}.",
        align=("r", "l", "r", "r", "r"),
    ), result


# the rulebook's worked example of a deal, at its two moments (as in the report)
MOMENTS = (
    ("first", "Daan leads, Lotte holds the one red investor"),
    ("final", "Lotte leads, Sofie brings blue and Daan yellow"),
)


def deal_example() -> tuple[Table, str]:
    """Fair shares of the rulebook's worked deal under every bargaining model, at its two
    moments side by side, exact (fractions where they are fractions); and the sentence that
    says how the simulator settles them in whole millions, and what the rulebook settles."""
    cols, boss, settled, payout = {}, {}, [], None
    summaries = {name: analysis.deal(example=name).summary for name, _ in MOMENTS}
    for name, _ in MOMENTS:
        summary = summaries[name]
        payout = summary.solution.deal.payout
        for r in summary.exact_shares():
            if r["boss"]:
                boss.setdefault(r["player"], []).append(name)
            cols.setdefault(r["player"], []).extend(
                [r[m] or "-" for m in ("shapley", "core", "nash", "investors")]
            )
        whole = summary.solution.settled()
        for model, label in (("shapley", "Shapley"), ("nash", "Nash")):
            split = [r[model] for r in summary.exact_shares()]
            if model in whole and any("/" in x for x in split):
                settled.append(
                    f"{name} moment, {label} {' · '.join(split)} as "
                    f"{' · '.join(map(str, whole[model][0]))}"
                )
    models = ("Shapley", "core", "Nash", "investor prices")
    first, final = (summaries[name] for name, _ in MOMENTS)
    lotte = next(r for r in first.exact_shares() if not r["boss"] and r["investors"] != exact(0))
    fair = "/".join(r["shapley"] for r in final.exact_shares() if r["shapley"] != exact(0))
    text = (
        f"Exact shares in M (fractions where the model gives fractions). The rulebook "
        f"settles the first moment at {lotte['investors']} M for {lotte['player']} (the "
        f"investor prices) and the final one at {fair} (the Shapley value and the Nash "
        "split). The core is the range no group of players would walk away from. "
        + (f"{SETTLED[0].upper()}{SETTLED[1:]}: " + "; ".join(settled) + "." if settled else "")
    )
    return table(
        ["player", "boss at", *(f"{name}: {m}" for name, _ in MOMENTS for m in models)],
        [[player, ", ".join(boss.get(player, ())), *cells] for player, cells in cols.items()],
        "; ".join(f"{name} moment: {moment}" for name, moment in MOMENTS)
        + f". Shares of {payout} M, in M.",
        align=("l", "l") + ("r",) * (len(models) * len(MOMENTS)),
    ), text


class _Prop:
    def __init__(self, estimate, low, high):
        self.estimate, self.low, self.high = estimate, low, high


def build(variants=(), seed: int = 1) -> Sheet:
    settings = make_settings(4, variants=list(variants))
    cards = settings.cards
    dividends = sorted({s.dividends for s in cards.spaces})
    ends = exact_deal_counts(settings)
    n = len(settings.stack)
    dice = [k for k in range(1, n) if settings.rolls_after(k)]  # the cards with die faces
    rows, tally, after = [], [], []
    alive = 1
    for k, card in enumerate(settings.stack, start=1):
        p_end = ends.get(k, 0)
        faces = settings.rolls_after(k)
        roll = (
            "always" if k == n else ",".join(str(d + 1) for d in range(6) if faces >> d & 1) or "-"
        )
        value = cards.values[card - 1]
        rows.append([k, f"#{card}", value, *(d * value for d in dividends), roll])
        tally.append((k, value))
        after.append((exact(p_end, percent=True), exact(alive, percent=True)))
        alive -= p_end
    money = grid(
        [
            "deal",
            "M/div.",
            *(f"player {i}" for i in range(1, max(PLAYERS) + 1)),
            "P(game ends here)",
            "P(deal reached)",
        ],
        tally + [("", "total")],
        after=after + [("", "")],
        caption="Money tally: write what each player receives per deal. The chances "
        "are exact, from the die faces on the card backs (assumed, see above).",
        row_height="1.5em",
    )
    payouts = table(
        ["deal", "card", "M per div.", *(f"{d} div." for d in dividends), "ends on"],
        rows,
        "payout = dividends on the space × value of the top deal card; from deal "
        f"{dice[0]} on the boss rolls after a success and these faces end the game",
    )
    spaces, _ = space_values(settings, seed)
    mean = sum(k * p for k, p in ends.items())
    length = (
        f"A game lasts {exact(mean)} completed deals on average (exact, given the "
        "assumed card backs)."
    )
    sections = (
        Section("Money", (money,), wide=True),
        Section("Payouts and the end", (payouts, length)),
        Section("The board: what a deal space is worth", (spaces,)),
        Section(
            "Splitting a deal: the rules' worked example",
            deal_example(),
            wide=True,
        ),
    )
    where = (
        "sim/boss/deals.toml (packaged defaults)" if cards.source == "deals.toml" else cards.source
    )
    return Sheet(
        "boss",
        "I'm the Boss! — score sheet",
        "Deals, dividends and a dice-driven end; most money wins.",
        sections,
        f"tableodds {version('tableodds')} · I'm the Boss! · data {cards.source} · "
        f"variants: {', '.join(variants) or 'none'} · seed {seed}",
        assumptions=(
            f"The board spaces, deal-card values and the die faces on the "
            f"backs of cards {dice[0]}–{dice[-1]} come from {where}; the rules do not "
            "print them. Load your own with --cards.",
        ),
    )
