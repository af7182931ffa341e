"""Davos bots decide only from what is open at the table, in every mode (normal, team,
dissident), every game version (base, mean, big) and with every bot.

A seat sees its own goals, the revealed goals of every other seat, the open and discarded
cards and the board; it does not see another seat's unrevealed goals, its team-mate's
included (rulebook: "Overleg: teamgenoten mogen met elkaar overleggen, maar alleen openlijk aan
tafel"), nor any face-down stack: the goal stack, the corp deck and the bill deck under the
cards face up, and the control stack.  Positions are recorded at every kind of decision in
whole reference games (turns, reveals, votes with the bargaining bots' vote trades and deals,
control cards, blocks and copies); what the seat cannot see is dealt again, and the decision
must not change: with every stack dealt again whole, which stacks and sources it draws from
(the open card, the discard, two from the stack); and where it
draws from one, with the top two cards of that stack kept (the seat then sees them), the
whole decision.  For each kind of hidden thing (an opponent's goals, the
payee's goals in a deal, the goal stack, the corp deck, the bill deck, the control stack) a
bot planted with a leak of it must fail the same test.
"""

from __future__ import annotations

import copy
import random

import pytest

from tableodds.sim.davos import reference as ref
from tableodds.sim.davos import rules as R
from tableodds.sim.davos.reference_big import BigGame

PLAYERS = 4  # every mode allows 4: two teams of two, or three players and one dissident
LIMIT = 25  # positions kept per kind of decision, sampled over the whole games
TURNS = ("random_turn", "goal_turn", "contest_turn", "dissident_turn")


class _Logged:
    """Logs the sources a decision takes cards from (the open card 0, the discard 1, two from
    the stack 2): chosen before it sees the cards."""

    sources = None

    def take_goal_card(self, src, keep_fn):
        if self.sources is not None:
            self.sources.append(("goal", src))
        return super().take_goal_card(src, keep_fn)

    def take_corp(self, src, keep=0):
        if self.sources is not None:
            self.sources.append(("corp", src))
        return super().take_corp(src, keep)


def _recorded(settings, seeds, leak=None, limit=LIMIT):
    """{kind: [(game, args)]} at the decisions of whole reference games (the bots with a
    planted ``leak`` mixed in, when given)."""
    base = BigGame if settings.game == "big" else ref.Game
    # the sources a draw takes are logged as the game itself takes them, after any leak
    base = type(base.__name__, (leak, _Logged, base) if leak else (_Logged, base), {})
    seen = {k: [] for k in ("turn", "reveal", "vote", "play", "block", "copy")}
    met = {k: 0 for k in seen}
    depth = [0]  # a contesting bot's turn calls the goal bot's: keep the outer one
    pick = random.Random(0)  # a uniform sample of each kind over the whole games

    def keep(kind, g, *args):
        met[kind] += 1
        at = len(seen[kind]) if len(seen[kind]) < limit else pick.randrange(met[kind])
        if at < limit:
            h = copy.deepcopy(g)
            h.__class__ = base  # replays run the plain game, unrecorded
            if at == len(seen[kind]):
                seen[kind].append((h, args))
            else:
                seen[kind][at] = (h, args)

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


STACKS = ("g_hidden", "c_hidden", "b_hidden", "k_hidden")  # face down, drawn from the end


def _drawn(before, after):
    """The stacks a decision drew from, refilled a face-up card from or laid a card under."""
    return {
        name
        for name in STACKS
        if hasattr(before, name) and getattr(before, name) != getattr(after, name)
    }


def _shuffle_under(stack, keep, rng, extra=()):
    """Shuffle ``stack`` below its top ``keep`` cards together with the cards ``extra``;
    returns the cards dealt back to ``extra``'s places."""
    n = max(0, len(stack) - keep)
    pool = stack[:n] + list(extra)
    rng.shuffle(pool)
    back = [pool.pop() for _ in extra]
    stack[:n] = pool
    return back


def _deal_again(g, p, rng, drawn=()):
    """A copy of g with what seat p cannot see dealt again: every unrevealed goal of another
    seat (a mate's too) and the goal stack shuffled together (each hand keeps its size); the
    corp deck, the bill deck and the control stack shuffled; each stack whole but for its top
    two cards where the decision drew from it (``drawn``).  Also whether a hidden goal
    changed hands."""
    g = copy.deepcopy(g)
    slots = [s for o in range(g.P) if o != p for s in g.goals[o] if not s[2] and not s[3]]
    before = [s[0] for s in slots]
    back = _shuffle_under(g.g_hidden, 2 * ("g_hidden" in drawn), rng, before)
    for s, goal in zip(slots, back, strict=True):
        s[0] = goal
    for name in STACKS[1:]:
        if hasattr(g, name):
            _shuffle_under(getattr(g, name), 2 * (name in drawn), rng)
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


def _decide(kind, g, args):
    """(the seat whose information counts, what its decision shows, the game after it, with
    the sources it took cards from in ``sources``) on a copy of g."""
    g = copy.deepcopy(g)
    g.sources = []
    if kind == "turn":
        name, p, eff, year, final = args
        acted = getattr(g, name)(p, eff, year, final)
        return p, (acted, _open(g, p)), g
    if kind == "vote":
        # every colour's wish, then (were the bill to fail) the bargaining bots' vote trade
        # and deal, as ``resolve`` makes them
        bloc, bill = args
        rejected = g.st.rejected(bill)
        wishes = [g.wish(h, bloc, bill, rejected) for h in range(g.nw)]
        if g.promise[bloc] >= 0:
            wishes[g.promise[bloc]] = True
        parties = g.parties_in(bloc)
        trade = g.trade(bloc, bill, rejected, wishes, parties)
        deal = g.bargain(bloc, bill, rejected, wishes, parties)
        return None, (wishes, trade, deal), g
    if kind == "reveal":
        (year,) = args
        g.check_goals(year)
        return None, [(g.goals[p], g.tok[p] if hasattr(g, "tok") else None) for p in range(g.P)], g
    if kind == "play":
        (p,) = args
        return p, g.choose_play(p), g
    if kind == "block":
        r, p, c, action, inst = args
        return r, g.wants_block(r, p, c, action, inst), g
    r, k, action = args
    return r, g.copy_choice(r, k, action), g


def _differs(kind, h, args, p, decision):
    """Whether the decision on the re-dealt h differs (a reveal: seat p's own)."""
    got = _decide(kind, h, args)[1]
    return got[p] != decision[p] if kind == "reveal" else got != decision


def _changed(settings, seeds, rng, leak=None, limit=LIMIT):
    """(decisions a re-deal changed, decisions checked, re-deals that moved a hidden goal)
    over the positions recorded in whole games."""
    seen = _recorded(settings, seeds, leak, limit)
    bot = settings.policies[0]
    changed = checked = moved = 0
    for kind in ("turn", "vote", "play", "block", "copy", "reveal"):
        for g, args in seen[kind]:
            seat, decision, after = _decide(kind, g, args)
            drawn = _drawn(g, after)
            if kind == "vote":  # each colour's wish and bargains, as its first seat sees
                seats = [g.seats_of[h][0] for h in range(g.nw)]
            elif kind == "reveal":
                # a random seat's reveal is a coin from the game's stream, which the seats
                # before it draw from only for goals they met: only the first seat's draws
                # are its own; dissident players hold no goals
                seats = [0] if bot == "random" else range(g.P)
                seats = [p for p in seats if not (g.col[p] == g.NC and g.dmode)]
            else:
                seats = [seat]
            for p in seats:
                # every stack dealt again whole: the choice to draw from one must not change
                # (nor, drawing from none, anything else)
                h, hidden_moved = _deal_again(g, p, rng)
                moved += hidden_moved
                checked += 1
                if not drawn:
                    changed += _differs(kind, h, args, p, decision)
                    continue
                again = _decide(kind, h, args)[2]
                changed += (_drawn(h, again), again.sources) != (drawn, after.sources)
                # and with the top two cards of the stacks it drew from kept, which the seat
                # then sees, the whole decision must not change
                h, _ = _deal_again(g, p, rng, drawn)
                changed += _differs(kind, h, args, p, decision)
    assert len(seen["turn"]) == limit and seen["reveal"] and seen["vote"]
    if settings.game == "big" and bot != "random":  # random seats seldom lead a card's domain
        assert seen["play"]
    return changed, checked, moved


CASES = [(m, v, b) for m in R.MODES for v in R.GAMES for b in R.POLICIES]


@pytest.mark.parametrize("mode,game,bot", CASES, ids=["-".join(c) for c in CASES])
def test_bots_decide_only_from_what_is_open_at_the_table(mode, game, bot):
    st = R.make_settings(PLAYERS, game, [bot] * PLAYERS, mode=mode)
    changed, checked, moved = _changed(st, range(2), random.Random(CASES.index((mode, game, bot))))
    assert changed == 0, f"{changed} of {checked} decisions changed"
    assert moved >= checked // 2  # the hidden goals really were dealt again


# ---- planted leaks, one per kind of hidden thing: the test must catch each ----------------


class CorpDeck:
    """Founds a corp of the wanted sector when it sees one in the top two hidden corp cards
    (the two a draw would take)."""

    def new_corp_option(self, sector, bloc):
        got = super().new_corp_option(sector, bloc)
        if got is None and sector >= 0 and sector in self.c_hidden[-2:]:
            free = [s for s in range(self.nslot) if self.corp_sector[s] < 0]
            if free and len(self.c_hidden) >= 2:
                return 2, free[0]
        return got


class BillDeck:
    """Votes for a bill when next year's top hidden bill is an L bill."""

    def wish(self, h, bloc, bill, rejected):
        top = self.b_hidden[-1] if self.b_hidden else -1
        if top >= 0 and self.st.bills[top].ideology == 0 and self.pol[self.seats_of[h][0]]:
            return True
        return super().wish(h, bloc, bill, rejected)


class PayeesGoal:
    """A bargaining payer that reads the payee's hidden goals: no deal with a payee whose
    first hidden goal card has an even number."""

    def bargain(self, bloc, bill, rejected, wishes, parties):
        payer, payee, price = super().bargain(bloc, bill, rejected, wishes, parties)
        if payee >= 0:
            hidden = [s[0] for m in self.seats_of[payee] for s in self.goals[m] if not s[3]]
            if hidden and hidden[0] % 2 == 0:
                return -1, -1, 0
        return payer, payee, price


class OpponentsGoals:
    """A contesting bot whose leader counts the opponents' hidden goals of even number too."""

    def leader(self, p):
        best, who = None, -1
        for o in range(self.P):
            h = self.col[o]
            if h != self.col[p]:
                goals = [s for m in self.seats_of[h] for s in self.goals[m]]
                seen = sum(1 for s in goals if s[3] or s[0] % 2 == 0)
                key = (seen, self.board_of(h))
                if best is None or key > best:
                    best, who = key, o
        return who


class GoalStack:
    """Buying a goal, draws two from the goal stack instead of taking a face-up card when it
    sees that the stack's top card is even."""

    def take_goal_card(self, src, keep_fn):
        if src != 2 and len(self.g_hidden) >= 2 and self.g_hidden[-1] % 2 == 0:
            src = 2
        return super().take_goal_card(src, keep_fn)


class ControlStack:
    """Plays no control card when the top of the control stack is odd."""

    def choose_play(self, p):
        got = super().choose_play(p)
        return None if self.k_hidden and self.k_hidden[-1] % 2 else got


LEAKS = [
    (CorpDeck, "base", "goal"),
    (BillDeck, "base", "goal"),
    (PayeesGoal, "base", "bargain"),
    (OpponentsGoals, "base", "contest"),
    (GoalStack, "base", "goal"),
    (ControlStack, "big", "goal"),
]


@pytest.mark.parametrize("leak,game,bot", LEAKS, ids=[x[0].__name__ for x in LEAKS])
def test_a_planted_leak_fails_the_test(leak, game, bot):
    st = R.make_settings(PLAYERS, game, [bot] * PLAYERS)
    # a leak shows only where it would change a choice: 100 positions of each kind over six
    # games (measured: corp deck 1 of 460 decisions changed, goal stack 2, control stack 4,
    # payee's goal 10, opponents' goals 78, bill deck 118)
    changed, checked, _ = _changed(st, range(6), random.Random(1), leak, limit=100)
    assert changed > 0, f"{leak.__name__}: 0 of {checked} decisions changed"


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
