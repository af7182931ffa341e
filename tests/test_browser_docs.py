"""Every page of the documentation site, and the report, in a real browser at 400 px (a
phone) and 1280 px: no console error (an uncaught script error, a console.error, a file that
fails to load: the site works offline, nothing is fetched from the network), no
``Sentinel`` or raw reST role (``:class:``) in what the page shows, and the page itself never
scrolls sideways (a code block or a wide table scrolls inside its own box).

The site is built with ``mkdocs build --strict`` into a scratch folder and served from a
local HTTP server that adds a small probe to every page; headless Chromium loads all pages
of one width at once, each in a frame of that width.  Skipped, saying why, without Chromium
or without the docs extra (``pip install -e ".[docs]"``).
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_browser import CHROMIUM, Page, chromium

ROOT = Path(__file__).resolve().parents[1]
pytestmark = [
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="Chromium is not installed: the browser tests need it "
        "(Debian: apt-get install chromium; .ci/run installs it when run as root)",
    ),
    pytest.mark.skipif(
        importlib.util.find_spec("mkdocs") is None,
        reason='the docs extra is not installed (pip install -e ".[docs]")',
    ),
]
WIDTHS = (400, 1280)
RAW = ("Sentinel", ":class:", ":func:", ":meth:", ":mod:", ":data:", ":attr:")

# first thing in <head>: every error the page meets, before its own scripts run
CATCH = """<script>window.__errors = [];
window.addEventListener("error", function (e) {
  var t = e.target;
  window.__errors.push(t && t !== window && (t.src || t.href)
    ? "failed to load " + (t.src || t.href) : "error: " + e.message);
}, true);
window.addEventListener("unhandledrejection", function (e) {
  window.__errors.push("unhandled rejection: " + e.reason); });
var __error = console.error;
console.error = function () {
  window.__errors.push("console.error: " + Array.prototype.join.call(arguments, " "));
  return __error.apply(console, arguments); };
</script>"""

# at the end of <body>: once loaded, what the page found, posted to the frame around it
PROBE = """<script>window.addEventListener("load", function () { setTimeout(function () {
  var doc = document.documentElement, w = window.innerWidth, wide = [];
  function boxed(e) {
    for (var a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      var o = getComputedStyle(a).overflowX;
      if (o === "auto" || o === "scroll" || o === "hidden") return true;
    }
    return false;
  }
  document.querySelectorAll("body *").forEach(function (e) {
    var r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > w + 1 && !boxed(e) && getComputedStyle(e).position !== "fixed")
      wide.push(e.tagName + "." + (e.className || "") + " " + Math.round(r.right));
  });
  var text = document.body.innerText, raw = [];
  RAW.forEach(function (r) { if (text.indexOf(r) >= 0) raw.push(r); });
  window.parent.postMessage(JSON.stringify({page: location.pathname, width: w,
    scroll_width: doc.scrollWidth, wide: wide.slice(0, 10), raw: raw,
    errors: window.__errors || ["the page's errors were not caught"]}), "*");
}, 300); });</script>"""

# the frame page: every page at one width; the results gathered into the DOM
FRAMES = """<!doctype html><html><body style="margin:0">{frames}<script>
var got = [];
window.addEventListener("message", function (e) {{
  got.push(JSON.parse(e.data));
  if (got.length === {n}) {{
    var pre = document.createElement("pre"); pre.id = "probe";
    pre.textContent = JSON.stringify(got); document.body.appendChild(pre); }} }});
</script></body></html>"""


class Probing(http.server.SimpleHTTPRequestHandler):
    """Serves the site's files, with the error catcher and the probe in every page."""

    def log_message(self, *args):  # quiet
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if path.suffix != ".html" or not path.is_file() or self.path.startswith("/frames-"):
            return super().send_head()
        text = path.read_text("utf-8")
        head = re.search(r"<head>|<meta charset=[^>]*>", text)  # the report has no <head>
        text = text[: head.end()] + CATCH + text[head.end() :]
        text = text.replace("</body>", PROBE.replace("RAW", json.dumps(RAW)) + "</body>", 1)
        body = text.encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        import io

        return io.BytesIO(body)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The documentation site and a small report beside it, built and served locally:
    (base URL, the site's folder, the pages to load)."""
    root = tmp_path_factory.mktemp("docs")
    site = root / "site"
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
    )
    assert build.returncode == 0, build.stderr[-3000:]
    from tableodds.reports.report import build_report

    index, interrupted = build_report(site / "report", scale=0.001, seed=3, workers=1)
    assert not interrupted
    pages = sorted(
        "/" + p.relative_to(site).as_posix()
        for p in site.rglob("index.html")
        if not p.relative_to(site).parts[0].startswith(("assets", "search"))
    )
    handler = functools.partial(Probing, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}", site, pages
    server.shutdown()


def every_page(served, tmp_path, width: int) -> list[dict]:
    base, site, pages = served
    frames = "".join(
        f'<iframe src="{p}" style="border:0;width:{width}px;height:900px;display:block"></iframe>'
        for p in pages
    )
    name = f"frames-{width}.html"
    (site / name).write_text(FRAMES.format(frames=frames, n=len(pages)), "utf-8")
    # offline: nothing but the local server resolves
    run = chromium(
        "--window-size=1400,900",
        "--virtual-time-budget=30000",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
        "--dump-dom",
        f"{base}/{name}",
        tmp=tmp_path,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    found = Page()
    found.feed(run.stdout)
    assert found.probe, "not every page reported back:\n" + run.stderr[-2000:]
    return json.loads(found.probe)


@pytest.mark.parametrize("width", WIDTHS)
def test_every_docs_page_and_the_report_in_a_browser(served, tmp_path, width):
    _, _, pages = served
    results = every_page(served, tmp_path, width)
    assert sorted(r["page"] for r in results) == sorted(pages)
    assert "/report/index.html" in pages and "/cli/index.html" in pages
    assert all(r["width"] == width for r in results)
    bad = {}
    for r in results:
        found = {k: r[k] for k in ("errors", "raw", "wide") if r[k]}
        if r["scroll_width"] > width:
            found["scroll_width"] = r["scroll_width"]
        if found:
            bad[r["page"]] = found
    assert bad == {}, json.dumps(bad, indent=1)


def test_the_probe_sees_what_it_should(served, tmp_path):
    """A control page with a failed script, a console error, a raw role and a wide block:
    the probe must report each of them."""
    base, site, pages = served
    (site / "control").mkdir(exist_ok=True)
    (site / "control" / "index.html").write_text(
        "<!doctype html><html><head><script src='/missing.js'></script></head><body>"
        "<script>console.error('boom')</script><p>:class:`x` Sentinel.UNSET</p>"
        "<div style='width:3000px'>wide</div></body></html>",
        "utf-8",
    )
    served = (base, site, ["/control/index.html"])
    (r,) = every_page(served, tmp_path, 400)
    assert any("missing.js" in e for e in r["errors"]) and any("boom" in e for e in r["errors"])
    assert {"Sentinel", ":class:"} <= set(r["raw"])
    assert r["scroll_width"] > 400 and r["wide"]
