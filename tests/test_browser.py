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
  // nothing but a table's own scroll box may be wider than the window
  document.querySelectorAll("body *").forEach(function (e) {
    if (e.closest("table")) return;
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
    if (r.width > w) out.narrow_imgs.push(i.getAttribute("src"));
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
});</script>"""


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
    """The page at ``width`` px: its DOM after the probe ran, and the probe's findings."""
    root = report.parent
    page_file = root / f"index-probe-{width}.html"
    page_file.write_text(report.read_text("utf-8").replace("</body>", PROBE + "</body>"), "utf-8")
    run = chromium(f"--window-size={width},900", "--dump-dom", page_file.as_uri(), tmp=tmp)
    assert run.returncode == 0, run.stderr[-2000:]
    page = Page()
    page.feed(run.stdout)
    assert page.probe, "the page's script did not run:\n" + run.stderr[-2000:]
    return page, json.loads(page.probe)


def screenshot(report, tmp, width):
    """A screenshot at ``width`` px; checked: that size, and not a blank page."""
    import numpy as np
    from matplotlib.image import imread

    shot = tmp / f"report-{width}.png"
    run = chromium(f"--screenshot={shot}", f"--window-size={width},1600", report.as_uri(), tmp=tmp)
    assert shot.is_file() and shot.stat().st_size > 10_000, run.stderr[-2000:]
    pixels = imread(shot)
    assert pixels.shape[1] == width
    # text and tables: a good share of the pixels is not background
    ink = (pixels[..., :3].mean(axis=2) < 0.8).mean()
    assert ink > 0.01, ink
    return shot, np.asarray(pixels).shape


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
