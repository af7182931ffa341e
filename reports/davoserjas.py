"""The Davoserjas part of the main report."""

from __future__ import annotations

from tableodds.analysis import davoserjas as analysis
from tableodds.reports.html import img, p, table
from tableodds.reports.report import facts, rows_of
from tableodds.sim.davoserjas.rules import make_settings

# the questions this section answers, linked from the top of the report: (question, anchor)
QUESTIONS = (
    ("What will my Davoserjas hand cost?", "davoserjas-hands"),
    ("Which Davoserjas bot plays best?", "davoserjas-ladder"),
)

# typical hands at four players, each in the round where its make-up matters:
# (what it is, round, seat, cards)
HANDS = (
    ("a middling hand: two aces, a king, a queen", 1, 0, "AS 9S 5S 2S KH 8H 4H AD JD 7D 3D QC 6C"),
    (
        "long in one suit: seven spades from the ace",
        1,
        0,
        "AS KS QS JS 10S 9S 8S 3H 2H 4D 2D 3C 2C",
    ),
    ("six clubs, the ace and king among them", 2, 0, "AC KC 10C 8C 5C 2C AH 9H 4H QD 6D 3D JS"),
    ("three queens with few low cards", 3, 0, "QS QH QD AS KS AH 8H 5H 9D 4D 10C 7C 3C"),
    ("the king of clubs guarded by three clubs", 4, 2, "KC QC 9C 3C AH 10H 4H 8D 7D 2D 6S 5S 2S"),
    ("the king of clubs with one small club", 4, 2, "KC 2C AH 9H 6H 3H AD 8D 5D JS 9S 7S 4S"),
)
# the analyses section() runs (the report's progress bar counts them): random and careful at
# four players, the hands, the ladder, random at 3, 5, 6 and 7 players
RUNS = 2 + len(HANDS) + 1 + 4


def section(book):
    yield from [
        "<h2 id=davoserjas>Davoserjas</h2>",
        p(
            "Penalties are lower-is-better. Each cell is a mean ± its standard error, or a "
            "probability with its 95% Wilson interval. Seat (r-1) mod P leads round r."
        ),
    ]
    # 1. four random players: the baseline for every round
    r = book.analyse("davoserjas/random4", analysis.simulate, book.size(1_000_000), players=4)
    s = r.summary
    rows = [
        [f"{x.number} {x.name}"] + [str(m) for m in x.by_seat] + [str(x.overall)] for x in s.rounds
    ]
    rows.append(["total"] + [str(m) for m in s.total] + [""])
    rows.append(["P(lowest total, a tie too)"] + [str(x) for x in s.lowest] + [""])
    rows.append(["share of the win (ties split)"] + [str(x) for x in s.win_share] + [""])
    yield (
        table(
            ["round"] + [f"seat {i}" for i in range(4)] + ["all seats"],
            rows,
            f"4 players, random policy, {facts(r)}",
        )
    )
    yield (img("davoserjas/random4/penalty_distribution", "penalty distribution per round"))
    yield (img("davoserjas/random4/seat_advantage", "seat advantage"))
    # 2. what the heuristics are worth against random players
    r = book.analyse(
        "davoserjas/careful4",
        analysis.simulate,
        book.size(300_000),
        players=4,
        policies=["careful", "random", "random", "random"],
    )
    s = r.summary
    rows = [[f"{x.number} {x.name}"] + [str(m) for m in x.by_seat] for x in s.rounds]
    rows.append(["total"] + [str(m) for m in s.total])
    rows.append(["P(lowest total, a tie too)"] + [str(x) for x in s.lowest])
    rows.append(["share of the win (ties split)"] + [str(x) for x in s.win_share])
    yield (
        table(
            ["round", "seat 0 (careful)", "seat 1", "seat 2", "seat 3"],
            rows,
            f"one careful player against three random ones, {facts(r)}",
        )
    )
    yield (img("davoserjas/careful4/seat_advantage", "careful against random"))
    # 3. what typical hands cost a strong player against the hand command's default players
    yield from hand_costs(book)
    # 4. the bots' ladder, and what a seat is worth between strong players
    yield (ladder(book))

    # 5. the player count
    def by_count():
        for players in range(3, 8):
            # four players ran above (the baseline); its bigger run gives that row
            r = (
                book.results["davoserjas/random4"]
                if players == 4
                else book.analyse(
                    f"davoserjas/random{players}",
                    analysis.simulate,
                    book.size(150_000),
                    players=players,
                )
            )
            yield (
                [players, facts(r)]
                + [str(x.overall) for x in r.summary.rounds]
                + [str(r.summary.lowest[0])]
            )

    rows, stop = rows_of(by_count())
    yield table(
        ["players", "games"] + [f"r{x.number}" for x in s.rounds] + ["P(seat 0 lowest)"],
        rows,
        "mean penalty per seat and round by player count (random policy)",
    )
    if stop:
        raise stop


def ladder(book) -> str:
    """``tableodds davoserjas ladder`` over the four bots: ratings and the seats' fairness."""
    r = book.analyse(
        "davoserjas/ladder",
        analysis.ladder,
        book.size(20_000, 200),
        players=4,
        policies=["search", "counting", "careful", "random"],
        fairness_games=book.size(20_000, 200),
    )
    s = r.summary
    ratings = [
        [i, name, f"{elo:+.0f}", f"[{elo - analysis.Z * se:+.0f}, {elo + analysis.Z * se:+.0f}]"]
        for i, (name, elo, se) in enumerate(s.ratings, start=1)
    ]
    seats = [
        [q, str(m), f"{d.value(signed=True)} {d.interval(signed=True)}"]
        for q, (m, d) in enumerate(zip(s.seats, s.vs_table))
    ]
    return (
        "<h3 id=davoserjas-ladder>Which bot plays best?</h3>"
        + p(
            "Every pair of bots plays the same deals with the seats rotated (a duplicate "
            "duel); a bot wins a deal when its penalty is below the mean of the other seats. "
            "The rating is Bradley-Terry on those deals, on the Elo scale (mean 0): a bot "
            "rated 400 above another does better on a deal 10 times in 11. search plays "
            "networks trained on its own deeper searches; counting tracks the cards; careful "
            "ducks; random plays any legal card."
        )
        + table(["rank", "policy", "Elo", "95% CI"], ratings, f"the ladder, {facts(r)}")
        + p(
            f"What a seat is worth between strong players: every seat plays {s.strongest}. "
            "Seat (r-1) mod 4 leads round r, so seat 0 leads rounds 1 and 5 (fewest tricks; "
            "first and last trick)."
        )
        + table(
            ["seat", "penalty per game ± se", "seat − table mean [95% CI]"],
            seats,
            f"every seat {s.strongest}, 4 players",
        )
    )


def hand_costs(book):
    """``tableodds davoserjas hand`` on a few typical hands, at its defaults: the holder plays
    the strongest bot (search), the other seats card counters (counting)."""
    rounds = {r.number: r for r in make_settings(4).rounds}

    def hands():
        for i, (what, number, seat, cards) in enumerate(HANDS, start=1):
            r = book.analyse(
                f"davoserjas/hand-{i}",
                analysis.hand,
                book.size(4_000, 60),
                cards=cards.split(),
                players=4,
                round=number,
                seat=seat,
            )
            h = r.summary.models[0][1]
            rnd = rounds[number]
            share = f"{rnd.deal_total(4) / 4:g}" if rnd.kind == "tricks" else "-"
            yield (
                r.summary.holder,
                [
                    what,
                    f"{number} {rnd.name}",
                    seat,
                    " ".join(h.hand),
                    str(h.penalty),
                    h.penalty.interval(),
                    share,
                    facts(r),
                ],
            )

    made, stop = rows_of(hands())
    yield "<h3 id=davoserjas-hands>What will my hand cost?</h3>"
    if made:
        yield p(
            f"The expected penalty of a few typical hands, each in the round where its "
            f"make-up matters, as the hand command computes it at its defaults: the holder "
            f"plays {made[0][0]} (the strongest bot), the other three seats play counting "
            "(card counters), and the unseen cards are dealt at random. For scale: in a "
            "trick round the four seats share a fixed total, so an average seat takes a "
            "quarter of it. Any hand: tableodds davoserjas hand --round R CARDS."
        )
        yield table(
            [
                "hand",
                "round",
                "seat",
                "cards",
                "expected penalty ± se",
                "95% CI",
                "average seat",
                "deals",
            ],
            [row for _, row in made],
            "what a hand costs a search player against three counting players, 4 players",
        )
    if stop:
        raise stop
