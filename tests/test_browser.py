"""The report in a real browser: headless Chromium opens a small report, every image loads,
every link points at a file that is there, the contents' and the questions' anchors exist, a
table sorts on a click; at 400 px (a phone) and at 1280 px the page never scrolls sideways
(a wide table scrolls inside its own box, plots scale), and a screenshot is taken at each
width and checked.  Skipped, saying why, where Chromium is not installed."""

import json
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from tableodds.reports.report import build_report

CHROMIUM = next(
    (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)),
    None,
)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="Chromium is not installed: the report's browser test needs it "
    "(Debian: apt-get install chromium; .ci/run installs it when run as root)",
)

# run in the page once it has loaded: broken images, the page height, and a click on the
# header of a numeric column, written into the DOM for --dump-dom to print
PROBE = """<script>window.addEventListener("load", function () {
  var doc = document.documentElement, w = window.innerWidth;
  var out = {broken: [], height: doc.scrollHeight, sorted: null, width: w,
             scroll_width: doc.scrollWidth, wide: [], narrow_imgs: []};
  // nothing but what sits in its own scroll box (a wide table, a plot on a phone) may be
  // wider than the window
  function boxed(e) {
    for (var a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      var o = getComputedStyle(a).overflowX;
      if (o === "auto" || o === "scroll") return true;
    }
    return false;
  }
  document.querySelectorAll("body *").forEach(function (e) {
    if (e.closest("table") || boxed(e)) return;
    var r = e.getBoundingClientRect();
    if (r.width > 0 && (r.right > w + 1 || r.left < -1))
      out.wide.push(e.tagName + " " + (e.id || e.className || "") + " " + Math.round(r.right));
  });
  document.querySelectorAll("table").forEach(function (t) {
    var r = t.getBoundingClientRect();
    if (r.right > w + 1) out.wide.push("TABLE " + Math.round(r.right));
  });
  document.querySelectorAll("img").forEach(function (i) {
    var r = i.getBoundingClientRect();
    if (r.width > w && !boxed(i)) out.narrow_imgs.push(i.getAttribute("src"));
  });
  document.querySelectorAll("img").forEach(function (i) {
    if (!i.complete || i.naturalWidth === 0) out.broken.push(i.getAttribute("src")); });
  var th = document.querySelector("table.sortable th.num");
  if (th) {
    var t = th.closest("table"), col = Array.prototype.indexOf.call(th.parentNode.cells, th);
    th.click();
    out.sorted = Array.prototype.map.call(t.tBodies[0].rows, function (r) {
      return r.cells[col].textContent; });
    out.sort_state = th.getAttribute("aria-sort");
  }
  var pre = document.createElement("pre"); pre.id = "probe";
  pre.textContent = JSON.stringify(out); document.body.appendChild(pre);
  if (window.parent !== window) window.parent.postMessage(JSON.stringify(out), "*");
});</script>"""

# headless Chromium's window is at least 500 px wide: a narrower screen is a frame of that
# width, whose page reports back what it found
FRAME = """<!doctype html><html><body style="margin:0"><iframe src="{src}"
style="border:0;width:{width}px;height:{height}px"></iframe><script>
window.addEventListener("message", function (e) {{
  var pre = document.createElement("pre"); pre.id = "probe";
  pre.textContent = e.data; document.body.appendChild(pre); }});</script></body></html>"""


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.hrefs, self.srcs, self.probe, self._in_probe = set(), [], [], "", False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and "href" in a:
            self.hrefs.append(a["href"])
        if tag == "img":
            self.srcs.append(a["src"])
        self._in_probe = tag == "pre" and a.get("id") == "probe"

    def handle_data(self, data):
        if self._in_probe:
            self.probe += data

    def handle_endtag(self, tag):
        self._in_probe = False


def chromium(*args, tmp):
    cmd = [
        CHROMIUM,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-dev-shm-usage",
        "--allow-file-access-from-files",
        f"--user-data-dir={tmp / 'profile'}",
        "--virtual-time-budget=5000",
        *args,
    ]
    return subprocess.run(
        cmd, capture_output=True, text=True, timeout=180, env={**os.environ, "HOME": str(tmp)}
    )


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "site"
    index, interrupted = build_report(out, scale=0.001, seed=3, workers=1)
    assert not interrupted
    return index


def probe(report, tmp, width):
    """The page at ``width`` px (in a frame of that width): its links and anchors, and what
    the probe found in the browser."""
    root = report.parent
    inner = root / "index-probe.html"
    inner.write_text(report.read_text("utf-8").replace("</body>", PROBE + "</body>"), "utf-8")
    outer = root / f"frame-{width}.html"
    outer.write_text(FRAME.format(src=inner.name, width=width, height=900), "utf-8")
    run = chromium("--window-size=1280,900", "--dump-dom", outer.as_uri(), tmp=tmp)
    assert run.returncode == 0, run.stderr[-2000:]
    found = Page()
    found.feed(run.stdout)
    assert found.probe, "the page's script did not run:\n" + run.stderr[-2000:]
    page = Page()
    page.feed(report.read_text("utf-8"))
    return page, json.loads(found.probe)


def screenshot(report, tmp, width):
    """A screenshot of the page at ``width`` px; checked: not a blank page."""
    from matplotlib.image import imread

    outer = report.parent / f"shot-{width}.html"
    outer.write_text(FRAME.format(src=report.name, width=width, height=1600), "utf-8")
    shot = tmp / f"report-{width}.png"
    run = chromium(f"--screenshot={shot}", "--window-size=1280,1600", outer.as_uri(), tmp=tmp)
    assert shot.is_file() and shot.stat().st_size > 10_000, run.stderr[-2000:]
    pixels = imread(shot)[:, :width, :3]
    # text and tables: a good share of the pixels is not background
    ink = (pixels.mean(axis=2) < 0.8).mean()
    assert ink > 0.01, ink
    return shot, pixels.shape


def test_report_in_a_browser(report, tmp_path):
    root = report.parent
    page, found = probe(report, tmp_path, 1280)
    assert found["broken"] == [] and page.srcs
    # the contents: every anchor has its target, and every game has its section
    anchors = [h[1:] for h in page.hrefs if h.startswith("#")]
    assert {"davoserjas", "davos", "s1844", "borgia", "boss", "cheatsheets"} <= set(anchors)
    assert set(anchors) <= page.ids
    # the questions people bring, each linked from the top
    assert {
        "davos-goals",
        "s1844-rush",
        "davoserjas-hands",
        "boss-deal",
        "borgia-pope",
    } <= set(anchors)
    # every other link is a file of the report
    files = [h for h in page.hrefs if not h.startswith("#")]
    kinds = {Path(urlparse(h).path).suffix for h in files}
    assert {".csv", ".parquet", ".svg", ".png", ".json", ".pdf"} <= kinds
    for h in files:
        assert not urlparse(h).scheme, h  # works offline: nothing from the network
        assert (root / unquote(urlparse(h).path)).is_file(), h
    # a click on a numeric header sorts its column
    values = [float(v.replace(",", "").split()[0].rstrip("%")) for v in found["sorted"]]
    assert found["sort_state"] == "ascending" and values == sorted(values)
    # the screenshot, for the README and for a look
    shot, shape = screenshot(report, tmp_path, 1280)
    print(f"report page height {found['height']} px; screenshot {shot} {shape}")


@pytest.mark.parametrize("width", [400, 1280])
def test_nothing_scrolls_sideways(report, tmp_path, width):
    _, found = probe(report, tmp_path, width)
    assert found["width"] == width
    assert found["scroll_width"] <= width, found["wide"][:10]
    assert found["wide"] == [] and found["narrow_imgs"] == []
    shot, shape = screenshot(report, tmp_path, width)
    print(f"{width} px: page height {found['height']} px; screenshot {shot} {shape}")


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    """A page made by the report's own page builder and style, no simulation: a wide table,
    a long pre block, long code, a wide plot, the contents and the questions."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    from tableodds.reports.html import img, p, page, table

    root = tmp_path_factory.mktemp("sample")
    fig, ax = plt.subplots(figsize=(13, 5))
    ax.plot(range(10))
    for kind in ("png", "svg"):
        fig.savefig(root / f"plot.{kind}", dpi=100)
    plt.close(fig)
    wide = table(
        [f"a long column header {i}" for i in range(12)],
        [[f"{i * j:,} [{i}, {j}]" for i in range(12)] for j in range(6)],
        "a table far wider than a phone",
    )
    sections = [
        "<h2 id=one>One</h2><h3 id=one-q>The question</h3>"
        + p("text " * 200)
        + wide
        + img("plot", "a wide plot")
        + "<p>read by <code>tableodds 1844 compare --a-very-long-option-name-that-goes-on"
        "-and-on</code></p><pre>" + "x" * 300 + "</pre>",
        "<h2 id=two>Two</h2>" + wide,
    ]
    index = root / "index.html"
    index.write_text(page("sample", sections, "footer", [("The question?", "one-q")]), "utf-8")
    return index


@pytest.mark.parametrize("width", [400, 1280])
def test_the_style_never_scrolls_sideways(sample, tmp_path, width):
    page, found = probe(sample, tmp_path, width)
    assert found["width"] == width and found["broken"] == []
    assert found["scroll_width"] <= width, found["wide"][:10]
    assert found["wide"] == [] and found["narrow_imgs"] == []
    assert "one-q" in page.ids and "#one-q" in page.hrefs
    screenshot(sample, tmp_path, width)


def test_text_reads_as_text(report):
    text = report.read_text("utf-8")
    # markup is markup: no escaped tags shown to the reader
    assert "&lt;code&gt;" not in text and "<code>tableodds 1844 compare</code>" in text
    # a caption names several runs of one size once, not "N games + N games + ..."
    assert re.search(r"(\d[\d,]* games \+ ){2}", text) is None


def test_page_has_viewport_and_no_remote_resources(report):
    text = report.read_text("utf-8")
    assert '<meta name=viewport content="width=device-width, initial-scale=1">' in text
    assert "http://" not in text and "https://" not in text
