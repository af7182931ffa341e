"""Figures for the analyses: matplotlib on its non-interactive backend."""
from __future__ import annotations


def figure(**kw):
    """A new figure and its axes (``plt.subplots``) on the Agg backend."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt.subplots(**kw)
