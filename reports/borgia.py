"""The Borgia part of the main report: auction prices, conquest odds, attacks, VP sources,
the vote market and what a card is worth in wins."""

from __future__ import annotations

from tableodds.analysis import borgia as analysis
from tableodds.analysis.stats import ci, plus_minus
from tableodds.reports.html import img, p, table
from tableodds.reports.report import facts

# the questions this section answers, linked from the top of the report: (question, anchor)
QUESTIONS = (("Who becomes pope in Borgia?", "borgia-pope"),)

# (label, attacker strengths, defence, defender strengths) for the conquest table
SCENARIOS = [
    ("unprotected office, defender holds a 2", [2], 0, [2]),
    ("city 2 + family 1 against 3,2; defender holds 2,1", [3, 2], 3, [2, 1]),
    ("city 3 against 4; defender holds 1,1", [4], 3, [1, 1]),
    ("city 3 + family 2 against 4,3,1; defender holds 3,2", [4, 3, 1], 5, [3, 2]),
]
# the attacker's and the defender's strategies each scenario is run with
STRATEGIES = (("all", "random"), ("all", "all"), ("random", "random"))
# the analyses section() runs (the report's progress bar counts them): the auctions, each
# conquest scenario with each pair of strategies, the attacks, the VP sources, the election
# and the card worth
RUNS = 1 + len(SCENARIOS) * len(STRATEGIES) + 4


def section(book):
    yield from [
        "<h2 id=borgia>Borgia</h2>",
        p(
            "The deck's numbers are the packaged assumptions of cards.toml (see the README); "
            "load the real deck with --cards. Means carry their standard error, "
            "probabilities a 95% Wilson interval."
        ),
    ]
    yield from _auction(book)
    yield from _conquest(book)
    yield from _attacks(book)
    yield from _vp(book)
    yield from _election(book)
    yield from _card_worth(book)


def _auction(book):
    """Auction prices among four value bots."""
    r = book.analyse("borgia/auction", analysis.auction, book.size(30_000, 500), 4096, players=4)
    auc = r.summary
    rows = []
    for x in auc.types.to_dicts():
        has = x.get("mean_price") is not None
        rows.append(
            [
                x["type"],
                f"{x['offered']:,}",
                f"{x['bid']:,}",
                f"{x['spy']:,}",
                f"{x['unsold'] + x['opener']:,}",
                plus_minus(x["mean_price"], x["se"]) if has else "-",
                f"{x['median']:.0f}" if has else "-",
                f"{x['p10']:.0f}-{x['p90']:.0f}" if has else "-",
            ]
        )
    yield (
        table(
            [
                "card type",
                "offered",
                "bought",
                "spied",
                "unsold",
                "mean price (D)",
                "median",
                "10-90%",
            ],
            rows,
            f"auction prices, 4 value bots, {facts(r)}",
        )
    )
    if auc.spy_beats is not None:
        yield (
            p(
                f"A card bought at auction nets value - price = {auc.bid_net} D; a card "
                f"taken blind with a spy is worth {auc.spy_net} D. The spied card beats "
                f"the mean bought card of its turn with probability {auc.spy_beats}."
            )
        )
    yield (img("borgia/auction/auction_prices", "auction price distribution"))


def _conquest(book):
    """Conquest: exact and simulated odds for a few positions."""
    rows = []
    for i, (label, attack, base, defend) in enumerate(SCENARIOS):
        for sa, sd in STRATEGIES:
            r = book.analyse(
                f"borgia/conquest/{i + 1}-{sa}-{sd}",
                analysis.conquest,
                book.size(400_000, 500),
                attack=attack,
                defend=defend,
                base=base,
                attacker=sa,
                defender=sd,
            )
            x, sim = r.summary, r.summary.simulated
            rows.append(
                [
                    label,
                    sa,
                    sd,
                    f"{float(x.exact):.4f}",
                    str(x.exact),
                    str(sim),
                    facts(r),
                ]
            )
    yield (
        table(
            [
                "position",
                "attacker",
                "defender",
                "exact",
                "fraction",
                "simulated [95% CI]",
                "trials",
            ],
            rows,
            "P(attack succeeds) with secret condottieri (ties go to the defender)",
        )
    )


def _attacks(book):
    """Attacks in whole games, by target."""
    r = book.analyse("borgia/attacks", analysis.attacks, book.size(20_000, 500), 4096, players=4)
    rows = [
        [
            x["target"],
            f"{x['n']:,}",
            ci(x["p_success"], x["low"], x["high"]),
            f"{x['mean_base']:.2f}",
            f"{x['mean_attack']:.2f}",
            f"{x['mean_defence']:.2f}",
        ]
        for x in r.summary.table.to_dicts()
    ]
    yield (
        table(
            [
                "target",
                "attacks",
                "P(success)",
                "mean own defence",
                "mean attack",
                "mean total defence",
            ],
            rows,
            f"attacks in games of 4 value bots, {facts(r)}",
        )
    )


def _vp(book):
    """What the value bot is worth against random players (the VP sources)."""
    r = book.analyse(
        "borgia/vp",
        analysis.simulate,
        book.size(20_000, 500),
        4096,
        players=4,
        policies=["value", "random", "random", "random"],
    )
    rows = [
        [f"{x.seat} {x.policy}", str(x.vp)]
        + [str(x.sources[k]) for k in ("vp_cash", "vp_pope", "vp_office", "vp_artist")]
        + [str(x.win)]
        for x in r.summary.seats
    ]
    yield (
        table(
            ["seat", "VP", "cash", "pope", "offices", "artists", "P(most VP)"],
            rows,
            f"VP sources, one value bot against three random players, {facts(r)}",
        )
    )
    yield (img("borgia/vp/vp", "VP distribution and sources"))


def _election(book):
    """The vote market: the same games with and without it."""
    r = book.analyse("borgia/election", analysis.election, book.size(20_000, 500), 4096, players=4)
    e, m = r.summary, r.summary.market
    yield ("<h3 id=borgia-pope>Who becomes pope?</h3>")
    yield (
        table(
            ["seat", *(f"P(pope), turn {t + 1}" for t in range(len(e.pope[0])))],
            [[f"{s} {e.policies[s]}", *(str(x) for x in e.pope[s])] for s in range(e.players)],
            f"P(the seat is elected pope) in each turn's election, four value bots, {facts(r)}",
        )
    )
    rows = [
        [
            "turn-1 pope re-elected in turn 2",
            str(e.reelected),
            str(m.reelected),
            str(m.d_reelected),
        ],
        ["turn-1 election unanimous", str(e.unanimous), str(m.unanimous), str(m.d_unanimous)],
    ] + [
        [f"P(pope, turn 1) seat {s}", str(e.pope[s][0]), str(m.pope_t1[s]), str(m.d_pope_t1[s])]
        for s in range(e.players)
    ]
    yield (
        table(
            ["", "four value bots", "four market bots", "difference (paired)"],
            rows,
            f"the vote market (Shapley-Shubik prices, paid in offices and cardinals), {facts(r)}",
        )
    )


def _card_worth(book):
    """What one more card at the start is worth in wins."""
    r = book.analyse(
        "borgia/card-worth", analysis.card_worth, book.size(10_000, 300), 4096, players=4
    )
    rows = [
        [x.type, x.card, str(x.formula), str(x.base), str(x.extra), str(x.change)]
        for x in r.summary.rows
    ]
    yield (
        table(
            ["type", "card", "formula D", "P(win) without", "P(win) with", "change"],
            rows,
            f"one more card at the start for seat g mod 4, four value bots, {facts(r)}",
        )
    )
