"""The one plot style: two runs with the same seed write byte-identical SVG; integer axes
get integer ticks; the 1844 timeline fades rare events."""

import pytest

from tableodds.analysis import borgia, boss, davoserjas, s1844
from tableodds.analysis.plots import STYLE
from tableodds.reports.output import save_figure, write_result
from tableodds.sim.core.runner import CommandRuns

RUNS = {
    "davoserjas": lambda: davoserjas.simulate(
        CommandRuns(500, 3, progress=False), 4, policies=["careful", "random", "random", "random"]
    ),
    "1844": lambda: s1844.train_rush(CommandRuns(200, 3, progress=False), players=[3, 5]),
    "borgia": lambda: borgia.simulate(CommandRuns(200, 3, progress=False), players=4),
    "boss": lambda: boss.length(CommandRuns(1000, 3, progress=False), players=4),
}


# the figures drawn from each run (the many-panel ones are slow to draw on a small machine)
PLOTS = {
    "davoserjas": {"seat_advantage": davoserjas.plot_seats},
    "1844": {
        "timeline": lambda s: s1844.plot_timeline(list(s.results)),
        "trains_by_type": lambda s: s1844.plot_trains(list(s.results)),
    },
}


def _svgs(name, result, out):
    if name not in PLOTS:
        return write_result(result, out)
    return [
        p
        for plot, draw in PLOTS[name].items()
        for p in save_figure(draw(result.summary), out, plot)
    ]


@pytest.mark.parametrize("name", list(RUNS))
def test_same_seed_gives_byte_identical_svg(name, tmp_path):
    a = _svgs(name, RUNS[name](), tmp_path / "a")
    b = _svgs(name, RUNS[name](), tmp_path / "b")
    svgs = [p for p in a if p.suffix == ".svg"]
    assert svgs
    for p in svgs:
        q = tmp_path / "b" / p.name
        assert q in b and p.read_bytes() == q.read_bytes(), p.name
        assert b"<dc:date>" not in p.read_bytes()


def test_style_is_shipped_and_applied():
    assert STYLE.is_file() and "svg.hashsalt: tableodds" in STYLE.read_text()
    fig = davoserjas.plot_seats(RUNS["davoserjas"]().summary)
    import matplotlib

    assert matplotlib.rcParams["svg.hashsalt"] == "tableodds"
    a = fig.axes[0]
    assert [t.get_text() for t in a.get_xticklabels()][0] == "seat 0\n(careful)"
    assert "95% interval" in fig._suptitle.get_text()


def test_integer_ticks_and_faded_rare_events():
    r = RUNS["1844"]().summary.results
    fig = s1844.plot_timeline(list(r))
    ax = fig.axes[0]
    assert all(float(t).is_integer() for t in ax.get_xticks())
    # a dot's opacity is the share of games in which its event happens
    dots = [line for line in ax.get_lines() if line.get_marker() == "o"]
    shares = sorted(
        {
            round(max(e.happens.estimate, 0.08), 6)
            for x in r
            for e in x.events
            if e.median is not None
        }
    )
    assert sorted({round(d.get_alpha(), 6) for d in dots}) == shares
    assert min(shares) < 1.0  # some event misses some games, and is drawn faded
    legend = ax.get_legend()
    assert legend is not None and legend.get_bbox_to_anchor().x0 > ax.bbox.x1 - 1
    fig = s1844.plot_trains(list(r))
    texts = [
        t.get_text()
        for lg in fig.axes[0].findobj(lambda o: o.__class__.__name__ == "Legend")
        for t in lg.get_texts()
    ]
    assert "3 players" in texts and "5 players" in texts


def test_the_seat_plot_splits_a_tie_so_a_fair_table_sits_on_zero():
    """The Davoserjas seat plot shows each seat's share of the win (a tie split) minus 1/P:
    the shares add up to 1, so the edges add up to 0; P(lowest total) counts a tie for every
    tied seat and would show an edge for all of them."""
    from matplotlib import pyplot as plt

    s = RUNS["davoserjas"]().summary
    fig = davoserjas.plot_seats(s)
    edges = fig.axes[1].lines[0].get_ydata()
    assert abs(sum(edges)) < 1e-9 and "share of the win" in fig.axes[1].get_ylabel()
    assert sum(p.estimate for p in s.lowest) > 1  # ties counted for every tied seat
    plt.close(fig)
