"""The I'm the Boss! cheat sheet: payouts per deal and space, and when the game ends."""
from __future__ import annotations

from importlib.metadata import version

from tableodds.reports.sheet import Section, Sheet, table
from tableodds.sim.boss.rules import make_settings, exact_deal_counts


def build(variants=(), seed: int = 1) -> Sheet:
    settings = make_settings(4, variants=list(variants))
    cards = settings.cards
    dividends = sorted({s.dividends for s in cards.spaces})
    ends = exact_deal_counts(settings)
    alive = 1.0
    rows = []
    for k, card in enumerate(settings.stack, start=1):
        p_end = float(ends.get(k, 0))
        faces = settings.rolls_after(k)
        roll = ("always" if k == len(settings.stack) else
                ",".join(str(d + 1) for d in range(6) if faces >> d & 1) or "-")
        value = cards.values[card - 1]
        rows.append([k, f"#{card}", value, *(d * value for d in dividends), roll,
                     f"{p_end:.1%}", f"{alive:.1%}"])
        alive -= p_end
    payouts = table(["deal", "card", "M per dividend", *(f"{d} div." for d in dividends),
                     "ends on", "P(ends here)", "P(reached)"], rows,
                    "payout = dividends on the space × value of the top deal card; from the "
                    "tenth deal on the boss rolls after a success and the faces shown end the "
                    "game (exact, from the card backs in the data file)")
    spaces = table(["space", "required", "optional", "dividends"],
                   [[i + 1, _families(s.required), _families(s.optional, s.pick), s.dividends]
                    for i, s in enumerate(cards.spaces)], f"board spaces from {cards.source}")
    mean = sum(k * float(p) for k, p in ends.items())
    length = (f"A game lasts {mean:.2f} completed deals on average (exact, from the data file).")
    sections = (Section("Payouts and the end", (payouts, length)), Section("The board", (spaces,)))
    return Sheet("boss", "I'm the Boss! — scoring sheet", "Deals, dividends and a dice-driven "
                 "end; most money wins.", sections,
                 f"tableodds {version('tableodds')} · I'm the Boss! · data {cards.source} · "
                 f"variants: {', '.join(variants) or 'none'}")


def _families(mask: int, pick: int = 0) -> str:
    from tableodds.sim.boss.rules import FAMILIES
    names = [f for i, f in enumerate(FAMILIES) if mask >> i & 1]
    if not names:
        return "-"
    return (f"{pick} of " if pick else "") + " ".join(names)
