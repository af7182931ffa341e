"""The report in a real browser: headless Chromium opens a small report, every image loads,
every link points at a file that is there, the contents' anchors exist, a table sorts on a
click, and a screenshot is taken.  Skipped, saying why, where Chromium is not installed."""

import json
import os
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
  var out = {broken: [], height: document.documentElement.scrollHeight, sorted: null};
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


def test_report_in_a_browser(report, tmp_path):
    root = report.parent
    probe = root / "index-probe.html"
    probe.write_text(report.read_text("utf-8").replace("</body>", PROBE + "</body>"), "utf-8")
    run = chromium("--dump-dom", probe.as_uri(), tmp=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    page = Page()
    page.feed(run.stdout)
    assert page.probe, "the page's script did not run:\n" + run.stderr[-2000:]
    found = json.loads(page.probe)
    assert found["broken"] == [] and page.srcs
    # the contents: every anchor has its target, and every game has its section
    anchors = [h[1:] for h in page.hrefs if h.startswith("#")]
    assert {"davoserjas", "davos", "s1844", "borgia", "boss", "cheatsheets"} <= set(anchors)
    assert set(anchors) <= page.ids
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
    shot = tmp_path / "report.png"
    run = chromium(f"--screenshot={shot}", "--window-size=1280,1600", report.as_uri(), tmp=tmp_path)
    assert shot.is_file() and shot.stat().st_size > 10_000, run.stderr[-2000:]
    print(f"report page height {found['height']} px; screenshot {shot}")


def test_page_has_viewport_and_no_remote_resources(report):
    text = report.read_text("utf-8")
    assert '<meta name=viewport content="width=device-width, initial-scale=1">' in text
    assert "http://" not in text and "https://" not in text
