"""1844 bots: the decisions of the "careful" bot as small numba functions.

Names and one-line descriptions live in ``rules.POLICIES``, codes in ``rules.POLICY_CODES``.  The "random" bot needs no
function of its own: wherever it decides, the kernel lists the legal choices in a fixed
order and draws one uniformly (see the draw order in ``reference.py``).  The reference
writes every decision again in plain Python; the tests require both to agree game by game.
"""

from tableodds.sim.core.jit import jit
from tableodds.sim.s1844.rules import CAREFUL, RANDOM

__all__ = ["CAREFUL", "RANDOM"]


@jit(inline="always")
def careful_sells(price, par, sell_below_pct):
    """Sell a company's shares once it trades well below par (only where one does not
    direct it: the kernel masks the player's directorships off)."""
    return price * 100 < par * sell_below_pct


@jit(inline="always")
def careful_par(float_units, held):
    """Shares to buy after the director's certificate to float the company alone."""
    need = float_units - held - 2
    return need if need > 0 else 0


@jit(inline="always")
def careful_yield_pick(pool_ok, ipo_ok, price, par):
    """True: buy from the pool (cheaper or the only source); False: from the IPO."""
    return pool_ok and (not ipo_ok or price <= par)


@jit(inline="always")
def careful_side(must, can_n, can_h, worth_n, cost_n, worth_h, cost_h):
    """Train side to buy (0 normal, 1 H) or -1 to stop.

    A forced train is the normal side when affordable, else H.  An optional one must pay
    back: worth = base revenue x its share as the company's n-th train x network maturity
    x expected ORs before it rusts, against price x payback_pct (all in percent units).
    """
    if must:
        return 0 if can_n else 1 if can_h else -1
    if can_n and worth_n >= cost_n:
        return 0
    if can_h and worth_h >= cost_h:
        return 1
    return -1


@jit(inline="always")
def careful_tunnel(cash, build_cost, next_train):
    """Build a tunnel only with money left for the next train."""
    return cash >= build_cost + next_train


@jit(inline="always")
def careful_pays(pre_sbb, safe_trains, depot_open, cash, next_train, rev, save):
    """Pay out unless the company would be left without a train it can afford and
    withholding the run ``rev`` pays for that train (or, with ``save``, always then)."""
    if pre_sbb:
        return True
    short = safe_trains == 0 and depot_open and cash < next_train
    return not (short and (save or cash + rev >= next_train))
