"""Figures for the analyses: matplotlib on its non-interactive backend, in one style.

Every figure starts with :func:`figure`, which applies ``tableodds.mplstyle`` (shipped beside
this module): the same fonts, grid, colour-blind-safe colours and a fixed SVG hash salt, so
the same run always gives byte-identical SVG.  The helpers below keep the figures alike:
integer ticks where the values are counts, legends beside the data instead of on it.
"""

from __future__ import annotations

from pathlib import Path

STYLE = Path(__file__).with_name("tableodds.mplstyle")
ERRORBARS = "error bars: 95% interval"


def figure(**kw):
    """A new figure and its axes (``plt.subplots``) on the Agg backend, in the style."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.style.use(STYLE)
    return plt.subplots(**kw)


def integer_ticks(ax, axis: str = "x") -> None:
    """Ticks only at whole numbers on ``axis`` ("x", "y" or "both")."""
    from matplotlib.ticker import MaxNLocator

    for name in ("x", "y") if axis == "both" else (axis,):
        getattr(ax, f"{name}axis").set_major_locator(MaxNLocator(integer=True))


def legend_outside(ax, **kw):
    """The axes' legend to the right of the plot, off the data."""
    return ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0, **kw)


def legend_below(fig, ax, ncol: int = 4, **kw):
    """One legend for the figure, below the axes, from ``ax``'s handles."""
    handles, labels = ax.get_legend_handles_labels()
    return fig.legend(
        handles, labels, loc="lower center", ncol=ncol, bbox_to_anchor=(0.5, -0.02), **kw
    )
