"""The Davoserjas part of the main report."""

from __future__ import annotations

from tableodds.analysis import davoserjas as analysis
from tableodds.reports.html import img, p, table
from tableodds.reports.report import facts


def section(book) -> str:
    parts = [
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
    rows.append(["P(lowest total)"] + [str(x) for x in s.lowest] + [""])
    parts.append(
        table(
            ["round"] + [f"seat {i}" for i in range(4)] + ["all seats"],
            rows,
            f"4 players, random policy, {facts(r)}",
        )
    )
    parts.append(img("davoserjas/random4/penalty_distribution", "penalty distribution per round"))
    parts.append(img("davoserjas/random4/seat_advantage", "seat advantage"))
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
    rows.append(["P(lowest total)"] + [str(x) for x in s.lowest])
    parts.append(
        table(
            ["round", "seat 0 (careful)", "seat 1", "seat 2", "seat 3"],
            rows,
            f"one careful player against three random ones, {facts(r)}",
        )
    )
    parts.append(img("davoserjas/careful4/seat_advantage", "careful against random"))
    # 3. the player count
    rows = []
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
        rows.append(
            [players, facts(r)]
            + [str(x.overall) for x in r.summary.rounds]
            + [str(r.summary.lowest[0])]
        )
    parts.append(
        table(
            ["players", "games"]
            + [f"r{x.number}" for x in r.summary.rounds]
            + ["P(seat 0 lowest)"],
            rows,
            "mean penalty per seat and round by player count (random policy)",
        )
    )
    return "".join(parts)
