"""Davos bots decide only from what is open at the table, in every mode (normal, team,
dissident), every game version (base, mean, big) and with every bot.

A seat sees its own goals, the revealed goals of every other seat, the open and discarded
cards and the board; it does not see another seat's unrevealed goals, its team-mate's
included (rulebook: "Overleg: teamgenoten mogen met elkaar overleggen, maar alleen openlijk aan
tafel"), nor the order of the goal stack under the cards a draw shows, nor the control stack.
Positions are recorded at every kind of decision in whole reference games; what the seat
cannot see is dealt again, and the decision must not change.
"""

from __future__ import annotations

import copy
import random

import pytest

from tableodds.sim.davos import reference as ref
from tableodds.sim.davos import rules as R
from tableodds.sim.davos.reference_big import BigGame

PLAYERS = 4  # every mode allows 4: two teams of two, or three players and one dissident
LIMIT = 25  # positions kept per kind of decision
TURNS = ("random_turn", "goal_turn", "contest_turn", "dissident_turn")


def _recorded(settings, seeds):
    """{kind: [(game, args)]} at the decisions of whole reference games."""
    base = BigGame if settings.game == "big" else ref.Game
    seen = {k: [] for k in ("turn", "reveal", "vote", "play", "block", "copy")}
    depth = [0]  # a contesting bot's turn calls the goal bot's: keep the outer one

    def keep(kind, g, *args):
        if len(seen[kind]) < LIMIT:
            h = copy.deepcopy(g)
            h.__class__ = base  # replays run the plain game, unrecorded
            seen[kind].append((h, args))

    def turn(name):
        def hooked(self, p, eff, year, final):
            if depth[0] == 0:
                keep("turn", self, name, p, eff, year, final)
            depth[0] += 1
            try:
                return getattr(base, name)(self, p, eff, year, final)
            finally:
                depth[0] -= 1

        return hooked

    class Recorded(base):
        def check_goals(self, year):
            keep("reveal", self, year)
            return super().check_goals(year)

        def resolve(self, bloc, bill):
            keep("vote", self, bloc, bill)
            return super().resolve(bloc, bill)

        def choose_play(self, p):
            if self.playable(p):
                keep("play", self, p)
            return super().choose_play(p)

        def wants_block(self, r, p, c, action, inst):
            keep("block", self, r, p, c, action, inst)
            return super().wants_block(r, p, c, action, inst)

        def copy_choice(self, r, k, action):
            keep("copy", self, r, k, action)
            return super().copy_choice(r, k, action)

    for name in TURNS:
        setattr(Recorded, name, turn(name))
    for seed in seeds:
        Recorded(settings, seed, 0).play()
    return seen


def _deal_again(g, p, rng):
    """A copy of g with what seat p cannot see dealt again: every unrevealed goal of another
    seat (a mate's too) and the goal stack below the two cards a draw shows shuffled together
    (each hand keeps its size), and the control stack shuffled; also whether a hidden goal
    changed hands."""
    g = copy.deepcopy(g)
    slots = [s for o in range(g.P) if o != p for s in g.goals[o] if not s[2] and not s[3]]
    keep = min(2, len(g.g_hidden))
    before = [s[0] for s in slots]
    pool = before + g.g_hidden[: len(g.g_hidden) - keep]
    rng.shuffle(pool)
    for s in slots:
        s[0] = pool.pop()
    g.g_hidden[: len(g.g_hidden) - keep] = pool
    if hasattr(g, "k_hidden"):
        rng.shuffle(g.k_hidden)
    return g, [s[0] for s in slots] != before


def _open(g, p):
    """What the table sees after seat p's decision (its own goal slots and cards included)."""
    out = (
        g.corp_assets,
        g.party_assets,
        g.corp_sector,
        g.supply,
        g.goals[p],
        g.g_open,
        g.g_disc,
        g.c_open,
        g.c_disc,
    )
    if hasattr(g, "held"):
        out += (g.held, g.used, g.tok[p])
    return copy.deepcopy(out)


def _decide(kind, g, args, mine=False):
    """(the seat whose information counts, what its decision shows) on a copy of g (on g
    itself when ``mine``)."""
    g = g if mine else copy.deepcopy(g)
    if kind == "turn":
        name, p, eff, year, final = args
        acted = getattr(g, name)(p, eff, year, final)
        return p, (acted, _open(g, p))
    if kind == "vote":
        bloc, bill = args
        return None, [g.wish(h, bloc, bill, g.st.rejected(bill)) for h in range(g.nw)]
    if kind == "play":
        (p,) = args
        return p, g.choose_play(p)
    if kind == "block":
        r, p, c, action, inst = args
        return r, g.wants_block(r, p, c, action, inst)
    r, k, action = args
    return r, g.copy_choice(r, k, action)


def _reveals(g, year, p):
    g = copy.deepcopy(g)
    g.check_goals(year)
    return copy.deepcopy(g.goals[p]), (g.tok[p] if hasattr(g, "tok") else None)


CASES = [(m, v, b) for m in R.MODES for v in R.GAMES for b in R.POLICIES]


@pytest.mark.parametrize("mode,game,bot", CASES, ids=["-".join(c) for c in CASES])
def test_bots_decide_only_from_what_is_open_at_the_table(mode, game, bot):
    st = R.make_settings(PLAYERS, game, [bot] * PLAYERS, mode=mode)
    seen = _recorded(st, range(2))
    rng = random.Random(CASES.index((mode, game, bot)))
    checked = moved = 0
    for kind in ("turn", "vote", "play", "block", "copy"):
        for g, args in seen[kind]:
            seat, decision = _decide(kind, g, args)
            # a vote is the colours' wishes: deal again what each colour's first seat cannot see
            seats = [seat] if seat is not None else [g.seats_of[h][0] for h in range(g.nw)]
            for p in seats:
                h, changed = _deal_again(g, p, rng)
                moved += changed
                checked += 1
                assert _decide(kind, h, args, mine=True)[1] == decision, (kind, p, args)
    for g, (year,) in seen["reveal"]:
        # a random seat's reveal is a coin from the game's stream, which the seats before it
        # draw from only for goals they met: only the first seat's draws are its own
        seats = [0] if bot == "random" else range(g.P)
        for p in seats:
            if g.col[p] == g.NC and g.dmode:
                continue  # dissident players hold no goals
            h, changed = _deal_again(g, p, rng)
            moved += changed
            checked += 1
            assert _reveals(h, year, p) == _reveals(g, year, p), ("reveal", p, year)
    assert len(seen["turn"]) == LIMIT and seen["reveal"] and seen["vote"]
    if game == "big" and bot != "random":  # random seats seldom lead a card's domain
        assert seen["play"]
    assert moved >= checked // 2  # the hidden goals really were dealt again


def test_a_team_bot_does_not_weigh_its_mates_hidden_goal():
    st = R.make_settings(4, "big", ["goal"] * 4, mode="team")
    g = BigGame(st, 1, 0)
    g.setup()
    g.corp_assets = [
        [0] * 3 for _ in g.corp_assets
    ]  # an empty board: two team colours and the white assets
    g.party_assets = [[0] * 3 for _ in g.party_assets]
    goal = next(i for i, x in enumerate(st.goals) if x.requires == ((3, 0),))  # party:America
    g.goals = [[], [], [[goal, 1, 0, 0, 0, 0]], []]  # seat 2 (seat 0's mate) holds it, hidden
    g.party_assets[0][0] = 1  # team 0 meets it
    g.supply = [0, 0, 0, 0]
    assert g.value(2, -1) == 4  # its holder counts it
    assert g.value(0, -1) == 0  # the mate does not know it
    g.goals[2][0][3] = 1  # revealed: now everybody sees it, and it is achieved
    assert g.value(0, -1) == g.value(2, -1) == 0
