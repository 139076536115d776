"""Security (issue 9) in real Chromium with the site's Content-Security-Policy *enforced*.

The other browser tests bypass the policy (Playwright's wait_for_function evaluates its string
with eval, which the policy forbids); here nothing bypasses it, so these tests wait with
selectors and by polling page.evaluate (DevTools evaluation is not subject to the page's CSP).

Violations are collected three ways:
  * a `securitypolicyviolation` listener in every page (added before the page's own scripts,
    reported through an exposed binding, so navigations lose nothing);
  * console messages about the Content Security Policy from pages, dedicated workers and
    service workers;
  * CSP reports: the test server sends the site's policy plus `report-uri csp-report` and
    records what the browser posts there. This is what sees violations inside the engine's
    worker and the service worker, which are governed by the policy of their own responses.
Requests that leave the site's origin are recorded by a route on the whole context (aborted)
and by the context's request events (which include the workers' requests).
"""
from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import threading
import time
import urllib.error
import urllib.request
import warnings
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import build  # build_scripts/ is on sys.path (tests/browser/conftest.py)
import serve
from helpers import BOOT_MS, READY, n_moves, play_random, poll, send, state, wait_idle

POLICY = build.CONTENT_SECURITY_POLICY
# the policy written out: a weaker build.CONTENT_SECURITY_POLICY must fail here too
STRICT = {
    "default-src": ["'none'"],
    # blob: and the one hash: the bot sandbox (web/bots/botclient.js, site_checks.CSP_DIRECTIVES)
    "script-src": ["'self'", "'wasm-unsafe-eval'", "blob:", build.BOT_FRAME_HASH],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'"],
    "img-src": ["'self'"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
}
FOREIGN = "http://example.invalid/x"
CSP_TEXT = re.compile(r"content[ -]security[ -]policy|violates the following", re.I)

GAMES = {  # game id -> options: small games; a random opponent answers at once
    "hex": {"size": 7},
    "y": {"family": "radial", "center_rows": 3, "outer_rows": 2},
    "triominos": {"target": None},
    "iwoki": {},
    "codex": {},
}

# added to every page before its own scripts; __bwCspViolation is an exposed binding
LISTEN_JS = """
window.addEventListener("securitypolicyviolation", (e) => {
  window.__bwCspViolation(`${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} ` +
    `in ${e.documentURI} at ${e.sourceFile || "?"}:${e.lineNumber} ${e.sample || ""}`);
}, true);
"""


# --------------------------------------------------------------------------- server
class ReportingHandler(serve.SiteHandler):
    """serve.py's handler, with `report-uri` added to the policy and a report endpoint."""

    quiet = True
    csp = POLICY + "; report-uri csp-report"
    reports: list = []

    def do_POST(self):  # noqa: N802 (stdlib naming)
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path.split("?", 1)[0].endswith("/csp-report"):
            try:
                self.reports.append(json.loads(body)["csp-report"])
            except (ValueError, KeyError, TypeError):
                self.reports.append({"raw": body.decode("utf-8", "replace")})
            self.send_response(204)
            self.end_headers()
        else:
            self.send_error(405)


class ReportingSite:
    def __init__(self, folder: Path):
        self.handler = type("Handler", (ReportingHandler,), {"reports": []})
        self.server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(self.handler, directory=str(folder)))
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.origin = self.url.rstrip("/")

    @property
    def reports(self):
        return self.handler.reports

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def reporting_site(site_dir):
    site = ReportingSite(site_dir)
    yield site
    site.stop()


# --------------------------------------------------------------------------- watching a context
def leaves_origin(url: str, origin: str) -> bool:
    if url.startswith("data:"):
        return False
    if url.startswith("blob:"):
        url = url[len("blob:"):]
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" != origin


class Watch:
    """Everything a context does that the policy or the origin rule cares about."""

    def __init__(self, context, origin: str):
        self.context = context
        self.origin = origin
        self.violations: list[str] = []  # securitypolicyviolation events of pages
        self.console: list[str] = []     # CSP console messages (pages, workers, service workers)
        self.routed: list[str] = []     # every request the context's route saw
        self.requested: list[str] = []  # every request event (pages and workers)
        self.routed_foreign: list[str] = []
        self.requested_foreign: list[str] = []
        self.page_errors: list[str] = []
        self.dialogs: list[str] = []
        context.expose_binding("__bwCspViolation", lambda _source, text: self.violations.append(text))
        context.add_init_script(LISTEN_JS)
        context.route("**/*", self._route)
        context.on("request", self._request)
        context.on("console", lambda msg: self._console("page", msg))
        context.on("serviceworker", lambda sw: sw.on("console", lambda msg: self._console("service worker", msg)))

    def _route(self, route):
        url = route.request.url
        self.routed.append(url)
        if leaves_origin(url, self.origin):
            self.routed_foreign.append(url)
            route.abort()
        else:
            route.fallback()

    def _request(self, request):
        self.requested.append(request.url)
        if leaves_origin(request.url, self.origin):
            self.requested_foreign.append(request.url)

    def _console(self, where, msg):
        if CSP_TEXT.search(msg.text):
            self.console.append(f"{where}: {msg.text}")

    def new_page(self):
        page = self.context.new_page()
        page.on("pageerror", lambda exc: self.page_errors.append(str(exc)))
        page.on("worker", lambda w: w.on("console", lambda msg: self._console("worker", msg)))
        page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        return page

    @property
    def foreign(self):
        return sorted(set(self.routed_foreign) | set(self.requested_foreign))

    def assert_clean(self, site=None):
        time.sleep(3)  # CSP reports are posted asynchronously
        assert self.violations == [], self.violations
        assert self.console == [], self.console
        if site is not None:
            assert site.reports == [], json.dumps(site.reports, indent=1)
        assert self.foreign == [], f"requests that left {self.origin}: {self.foreign}"
        assert self.page_errors == [], self.page_errors
        assert self.dialogs == [], self.dialogs


def watched_context(browser, origin, **options):
    context = browser.new_context(**options)  # never bypass_csp here
    return context, Watch(context, origin)


def wait_until(condition, what, timeout=30.0):
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {what() if callable(what) else what}")
        time.sleep(0.2)


# --------------------------------------------------------------------------- page helpers (no eval)
def open_url(page, url):
    """Open ``url`` (any page of the site, a link included) and wait until it is ready and idle."""
    page.goto(url)
    page.wait_for_selector(READY, timeout=BOOT_MS)
    wait_idle(page)


def click_cell(page, target=None):
    """Click a legal Hex cell (the given one, else the first) and wait for the computer's answer."""
    if target is None:
        target = page.locator("#board-svg polygon.cell.legal").first.get_attribute("data-target")
    before = n_moves(page)
    page.click(f"[data-target='{target}']")
    poll(page, "(b) => window.boardwright.state().moves.length >= b + 2 || window.boardwright.state().is_over",
         before)
    wait_idle(page)
    return target


def preview_and_place_tile(page):
    """Triominos: when a hand tile fits one spot in several ways, click the tile and the spot:
    the board previews the first way, R shows the next, Enter places it. Returns True then;
    else plays a legal move through the bridge and returns False."""
    st = state(page)
    before = len(st["moves"])
    paths = Counter(tuple(m["path"]) for m in st["legal"] if len(m.get("path") or []) == 2)
    pair = next((p for p, count in paths.items() if count >= 2), None)
    if pair is None:
        send(page, {"cmd": "play", "move": st["legal"][0]["move"]})
        poll(page, "(b) => window.boardwright.state().moves.length > b", before)
        wait_idle(page)
        return False
    tile, spot = (json.dumps(t) for t in pair)
    page.click(f".panel-svg [data-target={tile}]")
    page.hover(f"#board-svg [data-target={spot}]")
    page.click(f"#board-svg [data-target={spot}]")
    page.wait_for_selector("#confirm", timeout=30_000)
    page.wait_for_selector("#board-svg polygon.tile.preview", state="attached", timeout=30_000)
    first = page.inner_text(".choice-info")
    page.keyboard.press("r")
    poll(page, "(t) => document.querySelector('.choice-info').textContent !== t", first)
    page.wait_for_selector("#board-svg polygon.tile.preview", state="attached", timeout=30_000)
    page.keyboard.press("Enter")
    poll(page, "(b) => window.boardwright.state().moves.length > b", before)
    wait_idle(page)
    return True


# --------------------------------------------------------------------------- 1. the policy is served
def fetch(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as resp:
            return resp.status, resp.headers, resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()


def meta_policies(html_text):
    scanner = build._PageScanner()
    scanner.feed(html_text)
    scanner.close()
    return scanner


def test_policy_is_strict_and_sent_as_meta_and_header(site_url):
    directives, duplicates = build.parse_csp(POLICY)
    assert directives == STRICT and duplicates == []
    assert build.csp_weaknesses(POLICY) == []
    # not even for Pyodide: it needs WebAssembly compilation only
    assert "'unsafe-eval'" not in POLICY and "'unsafe-inline'" not in POLICY
    # the board may be embedded by other sites (a <meta> ignores frame-ancestors anyway)
    assert "frame-ancestors" not in POLICY
    assert not re.search(r"https?:|\*|data:", POLICY)  # (blob: only where STRICT has it: the bot sandbox)

    # every response of serve.py carries the header: pages, the worker scripts, errors
    for path in ("", "index.html", "page/app.js", "engine/worker.js", "sw.js", "styles/offline.css",
                 "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm", "build.json", "no-such-file"):
        status, headers, body = fetch(site_url + path)
        assert status == (404 if path == "no-such-file" else 200), path
        assert headers.get_all("Content-Security-Policy") == [POLICY], path
        if path.endswith(".html") or path == "":
            scanner = meta_policies(body.decode())
            assert [m[1] for m in scanner.csp_metas] == [POLICY], path  # the same policy, once
            assert scanner.csp_metas[0][2], f"{path}: the <meta> must come before any script or stylesheet"
            assert scanner.problems == [], scanner.problems


def test_app_boots_under_the_policy(browser, reporting_site):
    context, watch = watched_context(browser, reporting_site.origin)
    try:
        page = watch.new_page()
        page.goto(reporting_site.url + "index.html")
        page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
        assert page.evaluate("window.boardwright.call({ cmd: 'hello' })")["ok"] is True
        watch.assert_clean(reporting_site)
    finally:
        context.close()


# --------------------------------------------------------------------------- 2. no violation anywhere
def test_no_violation_while_playing_sharing_exporting_previewing_and_embedding(browser, reporting_site, tmp_path):
    context, watch = watched_context(browser, reporting_site.origin, accept_downloads=True)
    try:
        page = watch.new_page()
        open_url(page, reporting_site.url + "index.html")
        assert state(page)["game"] == "hex"
        # Hex against the default opponent, by clicking cells
        click_cell(page, "f6")
        click_cell(page)
        click_cell(page)
        assert n_moves(page) >= 6
        # share link and embed code
        page.click("#share")
        link = poll(page, "document.getElementById('share-output').value.includes('#r=') && "
                          "document.getElementById('share-output').value")
        page.click("#embed-code")
        embed_code = poll(page, "document.getElementById('share-output').value.startsWith('<iframe') && "
                                "document.getElementById('share-output').value")
        embed_src = embed_code.split('src="')[1].split('"')[0]
        # exports: JSON and SGF files (blob: downloads), the HexWorld link
        for fmt in ("json", "sgf"):
            with page.expect_download(timeout=30_000) as info:
                page.click(f"[data-export={fmt}]")
            path = tmp_path / info.value.suggested_filename
            info.value.save_as(path)
            assert path.stat().st_size > 0
            if fmt == "json":
                assert json.loads(path.read_text())["moves"] == state(page)["moves"]
        page.click("[data-export=hexworld]")
        poll(page, "document.getElementById('share-output').value.includes('hexworld')")
        # the replay bar, then import of the share link
        moves = state(page)["moves"]
        page.click("#rp-start")
        wait_idle(page)
        page.click("#rp-end")
        wait_idle(page)
        page.click("details.import summary")
        page.fill("#import-text", link)
        page.click("#import-go")
        wait_idle(page)
        assert state(page)["moves"] == moves and page.locator("#error").is_hidden()
        # Triominos: a tile previewed on the board, then placed (seed 27: the opening tile fits
        # its spot in three ways, so the board previews them one after another)
        send(page, {"cmd": "new", "game": "triominos", "options": {"target": None}, "seed": 27,
                    "players": ["human", "greedy"]})
        previewed = False
        for _ in range(12):
            if state(page)["is_over"] or previewed:
                break
            previewed = preview_and_place_tile(page)
        assert previewed, "no tile preview was shown"
        # the embed view of the Hex game, in the same (watched) context
        embed = watch.new_page()
        embed.goto(embed_src)
        embed.wait_for_selector(READY, timeout=BOOT_MS)
        wait_idle(embed)
        assert len(state(embed)["moves"]) == len(moves)
        embed.click("#rp-start")
        wait_idle(embed)
        assert state(embed)["cursor"] == 0
        watch.assert_clean(reporting_site)
    finally:
        context.close()


def test_no_violation_going_offline_and_updating(browser, site_dir, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    site = ReportingSite(copy)
    context, watch = watched_context(browser, site.origin, service_workers="allow")
    try:
        page = watch.new_page()
        open_url(page, site.url + "index.html")
        click_cell(page, "f6")
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=BOOT_MS)
        # offline: the service worker serves the page, the engine and the runtime
        context.set_offline(True)
        page.reload()
        page.wait_for_selector(READY, timeout=BOOT_MS)
        wait_idle(page)
        assert n_moves(page) >= 2  # the autosaved game
        click_cell(page)
        context.set_offline(False)
        # a new build: the update notice (styled by offline.css, not inline) and its Reload
        with open(copy / "styles" / "style.css", "a", encoding="utf-8") as f:
            f.write("\n/* another build */\n")
        build.stamp_service_worker(copy)
        page.reload()
        notice = page.wait_for_selector("#update-ready", timeout=BOOT_MS)
        assert "new version" in notice.inner_text()
        assert notice.get_attribute("style") is None
        assert notice.evaluate("(el) => getComputedStyle(el).position") == "fixed"
        with page.expect_navigation(timeout=60_000):
            page.click("#update-ready button")
        page.wait_for_selector(READY, timeout=BOOT_MS)
        wait_idle(page)
        watch.assert_clean(site)
    finally:
        context.close()
        site.stop()


# --------------------------------------------------------------------------- 3. nothing leaves the origin
def test_no_request_leaves_the_origin_in_any_game(browser, reporting_site):
    # service workers blocked: the context's route then sees every request of the page and its
    # engine worker (requests answered by a service worker bypass routes)
    context, watch = watched_context(browser, reporting_site.origin, service_workers="block")
    try:
        page = watch.new_page()
        open_url(page, reporting_site.url + "index.html")
        click_cell(page, "f6")
        click_cell(page)
        for seed, (game, options) in enumerate(GAMES.items(), 1):
            send(page, {"cmd": "new", "game": game, "options": options, "seed": seed,
                        "players": ["human", "random"]})
            assert state(page)["game"] == game
            play_random(page, 3, seed)
            assert n_moves(page) >= 2, game
        # the recorder saw the engine worker's own requests (the runtime and the wheel)
        assert any(u.endswith("pyodide/pyodide.asm.wasm") for u in watch.routed), "worker requests not routed"
        assert any(u.endswith(".whl") or ".whl?" in u for u in watch.requested), "worker requests not seen"
        time.sleep(3)
        assert watch.foreign == [], watch.foreign
        assert watch.violations == [] and watch.console == [] and reporting_site.reports == []
    finally:
        context.close()


def test_the_origin_check_catches_foreign_requests(browser, reporting_site):
    """The detectors of the tests above do fail: a foreign fetch from the page or from the engine
    worker is blocked by the policy (and reported); a foreign navigation, which no policy stops,
    is caught by the request recorder; without the policy the recorder catches the fetch."""
    context, watch = watched_context(browser, reporting_site.origin, service_workers="block")
    try:
        page = watch.new_page()
        open_url(page, reporting_site.url + "index.html")
        fetch_js = "(u) => fetch(u).then(() => 'fetched', (e) => 'failed: ' + e)"
        assert page.evaluate(fetch_js, FOREIGN).startswith("failed")
        worker = page.workers[0]
        assert worker.url == reporting_site.url + "engine/worker.js"
        worker.evaluate("""() => { self.__blocked = [];
            self.addEventListener("securitypolicyviolation", (e) => self.__blocked.push(e.blockedURI)); }""")
        assert worker.evaluate(fetch_js, FOREIGN + "-from-worker").startswith("failed")
        assert poll(worker, "self.__blocked.length && self.__blocked") == [FOREIGN + "-from-worker"]
        wait_until(lambda: any(v.startswith("connect-src blocked " + FOREIGN) for v in watch.violations),
                   "the page's securitypolicyviolation event")
        reported = lambda: {(r.get("document-uri"), r.get("blocked-uri")) for r in reporting_site.reports}  # noqa: E731
        wait_until(lambda: (reporting_site.url + "index.html", FOREIGN) in reported(),
                   lambda: f"the page's CSP report (got {reporting_site.reports})", timeout=60)
        # the worker's report: Chromium posts it late, or (seen once in a full run on a busy
        # machine) not within a minute; the worker's own securitypolicyviolation event above
        # already shows its policy blocked the fetch, so the report is waited for, not required
        try:
            wait_until(lambda: (reporting_site.url + "engine/worker.js", FOREIGN + "-from-worker") in reported(),
                       "the engine worker's CSP report", timeout=30)
        except AssertionError:
            warnings.warn("the engine worker's CSP report did not arrive within 30 s")
        assert watch.foreign == []  # blocked before it reached the network
        # a navigation to another origin (no CSP directive governs it): the recorder sees it
        with context.expect_page() as popup:
            page.evaluate("(u) => { const a = document.createElement('a'); a.href = u; a.target = '_blank';"
                          " a.rel = 'noopener'; document.body.append(a); a.click(); a.remove(); }",
                          FOREIGN + "-navigation")
        try:
            popup.value.wait_for_load_state(timeout=30_000)
        except Exception:  # noqa: BLE001 (the aborted navigation may never "load")
            pass
        wait_until(lambda: FOREIGN + "-navigation" in watch.routed_foreign, "the recorder")
    finally:
        context.close()
    # without the policy (bypassed) the same fetch goes out and the recorder catches it
    context = browser.new_context(bypass_csp=True, service_workers="block")
    try:
        watch = Watch(context, reporting_site.origin)
        page = watch.new_page()
        page.goto(reporting_site.url + "index.html")
        page.wait_for_selector(READY, timeout=BOOT_MS)
        assert page.evaluate("(u) => fetch(u).then(() => 'fetched', (e) => 'failed: ' + e)", FOREIGN)
        wait_until(lambda: FOREIGN in watch.routed_foreign and FOREIGN in watch.requested_foreign, "the recorder")
    finally:
        context.close()


# --------------------------------------------------------------------------- 4. shared data is never run
PAYLOADS = [
    "<script>window.__pwned = 1; alert(1)</script>",
    "javascript:alert(1)",
    "<img src=x onerror=\"window.__pwned = 1; alert(1)\">",
    "1.<svg onload=alert(1)>",
]
NOTHING_RAN = """() => window.__pwned === undefined
  && document.querySelectorAll('script:not([src]), [onerror], [onload], [onclick], img[src="x"]').length === 0"""


def error_shown_as_text(page):
    poll(page, "!document.getElementById('error').hidden && document.getElementById('error').textContent")
    wait_idle(page)
    info = page.evaluate("""() => { const e = document.getElementById('error');
        return {text: e.textContent, elements: e.children.length}; }""")
    assert info["text"].strip() and info["elements"] == 0, info
    page.evaluate("document.getElementById('error').hidden = true")
    return info["text"]


def test_links_and_imports_with_script_payloads_only_show_a_text_error(browser, reporting_site):
    context, watch = watched_context(browser, reporting_site.origin)
    try:
        page = watch.new_page()
        open_url(page, reporting_site.url + "index.html")
        send(page, {"cmd": "new", "game": "hex", "options": {"size": 5}, "seed": 2, "players": ["human", "human"]})
        for cell in ("c3", "b2"):
            page.click(f"[data-target='{cell}']")
            poll(page, "(c) => window.boardwright.state().moves.includes(c)", cell)
            wait_idle(page)
        kept = state(page)["moves"]
        page.click("details.import summary")
        for payload in PAYLOADS:
            # a share link whose record is a payload, opened on the running page
            page.evaluate("(h) => { location.hash = h; }", "r=" + payload)
            assert "could not be opened" in error_shown_as_text(page)
            page.evaluate("history.replaceState(null, '', location.pathname)")
            # the same as pasted import text
            page.fill("#import-text", payload)
            page.click("#import-go")
            error_shown_as_text(page)
            assert state(page)["moves"] == kept
            assert page.evaluate(NOTHING_RAN)
        # a fresh load of a link carrying a payload
        page.goto("about:blank")
        page.goto(reporting_site.url + "index.html#r=" + PAYLOADS[0])
        page.wait_for_selector(READY, timeout=BOOT_MS)
        assert "could not be opened" in error_shown_as_text(page)
        assert state(page)["moves"] == kept
        assert page.evaluate(NOTHING_RAN)
        watch.assert_clean(reporting_site)  # no dialog, no violation: nothing even tried to run
    finally:
        context.close()


# --------------------------------------------------------------------------- 5. the service worker's answers keep the policy
# From the second visit on (and offline) the service worker answers the page and the engine's
# worker script. A worker is governed by the policy of its own script's response only (a <meta>
# cannot reach it), so these answers must carry the site's headers (build.SECURITY_HEADERS,
# stamped into sw.js by the build) or the engine would run with no policy at all.
OFFLINE_READY = "html[data-offline=ready]"
WORKER_FETCH_JS = """async (url) => {
  self.__blocked = self.__blocked || [];
  if (!self.__listening) {
    self.__listening = true;
    self.addEventListener("securitypolicyviolation", (e) => self.__blocked.push(e.blockedURI));
  }
  try {
    const r = await fetch(url);
    return "fetched " + r.status + " " + (await r.text());
  } catch (e) {
    return "failed: " + e;
  }
}"""
# what the service worker answers for a few of the site's files (fetched by the page, so through it)
SW_ANSWERS_JS = """async (paths) => {
  const out = [];
  for (const [path, method] of paths) {
    const r = await fetch(path, { method });
    out.push({ path, method, status: r.status, type: r.headers.get("Content-Type"),
               encoding: r.headers.get("Content-Encoding"),
               csp: r.headers.get("Content-Security-Policy"), size: (await r.arrayBuffer()).byteLength });
  }
  return out;
}"""


class ForeignOrigin:
    """Another origin (127.0.0.1, another port) that answers every GET with "ok", CORS allowed,
    and records the paths asked: a fetch the page's or worker's policy lets through reaches it
    and succeeds."""

    def __init__(self):
        hits = self.hits = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (stdlib naming)
                hits.append(self.path)
                self.send_response(200)
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def foreign():
    origin = ForeignOrigin()
    yield origin
    origin.stop()


class SwSite:
    """A folder served by serve.py (its own server, so a test can take it away) and a fresh
    context that keeps the policy (never bypass_csp) with service workers on, recording every
    response (the page's and its workers')."""

    def __init__(self, browser, folder: Path):
        self.server, self.url = serve.serve_in_thread(folder, port=0)
        self.running = True
        self.context = browser.new_context(service_workers="allow")
        self.responses = []
        self.page_errors = []
        self.context.on("response", lambda response: self.responses.append(response))
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda exc: self.page_errors.append(str(exc)))

    def stop_server(self):
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()

    def close(self):
        self.context.close()
        self.stop_server()

    def first_visit(self):
        """Open the app from the server; wait until the whole site is precached and the
        service worker controls the page."""
        response = self.page.goto(self.url + "index.html")
        assert not response.from_service_worker
        assert response.all_headers().get("content-security-policy") == POLICY  # serve.py's header
        self.page.wait_for_selector(READY, timeout=BOOT_MS)
        self.page.wait_for_selector(OFFLINE_READY, state="attached", timeout=BOOT_MS)
        poll(self.page, "navigator.serviceWorker.controller !== null")

    def reload(self):
        """Reload the page (answered by the service worker); wait until the engine is up; return
        (the document's response, the engine worker's script response, the engine worker)."""
        self.responses.clear()
        document = self.page.reload()
        self.page.wait_for_selector(READY, timeout=BOOT_MS)
        assert self.page.evaluate("navigator.serviceWorker.controller !== null")
        script_url = self.url + "engine/worker.js"
        wait_until(lambda: any(w.url == script_url for w in self.page.workers), "the engine worker")
        worker = next(w for w in self.page.workers if w.url == script_url)
        script = [r for r in self.responses if r.url.split("?")[0] == script_url]
        assert len(script) == 1, [r.url for r in self.responses]
        return document, script[0], worker


def assert_served_by_the_service_worker_with_the_headers(document, script, headers):
    """The document and the engine worker's script came from the service worker, carrying
    exactly `headers` (name -> value; an absent name: not sent) and their types."""
    for response, content_type in ((document, "text/html; charset=utf-8"),
                                   (script, "text/javascript; charset=utf-8")):
        assert response.from_service_worker, response.url
        assert response.status == 200, response.url
        got = response.all_headers()
        assert got.get("content-type") == content_type, (response.url, got)
        assert "content-encoding" not in got, (response.url, got)
        for name in build.SECURITY_HEADERS:
            assert got.get(name.lower()) == headers.get(name), (response.url, name, got)
    # response.headers (without the cookie headers) says the same for the policy
    assert document.headers.get("content-security-policy") == headers.get("Content-Security-Policy")


def assert_sw_answers_carry_the_headers(page, site_dir):
    """Files fetched through the service worker: cached copies with their type, decoded (the
    server's .gz is not what is cached), the policy on each, HEAD answers too."""
    paths = [("index.html", "GET"), ("index.html", "HEAD"), ("engine/worker.js", "GET"), ("page/app.js", "GET"),
             ("pyodide/pyodide.asm.wasm", "GET"), ("build.json", "GET"), ("./", "GET")]
    answers = page.evaluate(SW_ANSWERS_JS, paths)
    types = {"html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
             "wasm": "application/wasm", "json": "application/json"}
    for answer in answers:
        path, method = answer["path"], answer["method"]
        file = site_dir / (path if path != "./" else "index.html")
        assert answer["status"] == 200, answer
        assert answer["type"] == types[file.suffix[1:]], answer
        assert answer["encoding"] is None, answer
        assert answer["csp"] == POLICY, answer
        assert answer["size"] == (file.stat().st_size if method == "GET" else 0), answer


def assert_worker_fetch_blocked(worker, url):
    """A fetch to another origin from inside the engine worker is stopped by the worker's own
    policy: the fetch fails and the worker sees a securitypolicyviolation for exactly that URL
    (a network failure raises no such event)."""
    result = worker.evaluate(WORKER_FETCH_JS, url)
    assert result.startswith("failed"), result
    assert poll(worker, "self.__blocked.length && self.__blocked", timeout=10) == [url]


def page_fetch_violations(page, url):
    """Fetch `url` from the page; return how many securitypolicyviolation events it raised: one
    per policy that blocked it (the <meta> policy, and the header's when the page has one)."""
    result = page.evaluate("""async (url) => {
      const seen = [];
      const listen = (e) => { if (e.blockedURI === url) seen.push(e.originalPolicy); };
      window.addEventListener("securitypolicyviolation", listen, true);
      let outcome;
      try { outcome = "fetched " + (await fetch(url)).status; } catch (e) { outcome = "failed: " + e; }
      await new Promise((resolve) => setTimeout(resolve, 500));  // the events are queued tasks
      window.removeEventListener("securitypolicyviolation", listen, true);
      return { outcome, seen };
    }""", url)
    assert result["outcome"].startswith("failed"), result  # the <meta> policy alone blocks it
    assert set(result["seen"]) == {POLICY}, result
    return len(result["seen"])


def test_service_worker_answers_keep_the_policy_in_the_page_and_the_engine_worker(browser, site_dir, foreign):
    """(a) From the second visit on the service worker answers the page and the engine's worker
    script with the site's headers: the worker's policy holds (its fetch to another, reachable
    and CORS-open origin is blocked and never arrives), as on the first visit."""
    site = SwSite(browser, site_dir)
    try:
        assert build.read_service_worker_stamp(site_dir)["headers"] == build.SECURITY_HEADERS
        site.first_visit()
        document, script, worker = site.reload()
        assert_served_by_the_service_worker_with_the_headers(document, script, build.SECURITY_HEADERS)
        assert_sw_answers_carry_the_headers(site.page, site_dir)
        assert_worker_fetch_blocked(worker, foreign.url + "from-sw-served-worker")
        # the page: its <meta> policy and its header policy both block (one violation each)
        assert page_fetch_violations(site.page, foreign.url + "from-sw-served-page") == 2
        time.sleep(1)
        assert foreign.hits == [], foreign.hits  # blocked before the network
        # the engine still works under the policy
        assert site.page.evaluate("window.boardwright.call({ cmd: 'hello' })")["ok"] is True
        assert site.page_errors == [], site.page_errors
    finally:
        site.close()


def test_offline_the_service_worker_answers_keep_the_policy(browser, site_dir, foreign):
    """(b) The same with the site's server gone and the browser offline: the page and the engine
    worker come from the cache with the site's headers, and the worker's policy still blocks a
    fetch to another origin (the violation event proves it is the policy, not the network)."""
    site = SwSite(browser, site_dir)
    try:
        site.first_visit()
        site.stop_server()
        site.context.set_offline(True)
        document, script, worker = site.reload()
        assert site.page.evaluate("navigator.onLine") is False
        assert_served_by_the_service_worker_with_the_headers(document, script, build.SECURITY_HEADERS)
        assert_sw_answers_carry_the_headers(site.page, site_dir)
        assert_worker_fetch_blocked(worker, foreign.url + "from-offline-worker")
        assert page_fetch_violations(site.page, foreign.url + "from-offline-page") == 2
        assert foreign.hits == [], foreign.hits
        assert site.page.evaluate("window.boardwright.call({ cmd: 'hello' })")["ok"] is True
        assert site.page_errors == [], site.page_errors
        # an unknown page of the site, offline: the service worker's redirect to the cached app,
        # which keeps the policy too
        document = site.page.goto(site.url + "no-such-page.html")
        assert document.url == site.url + "index.html" and document.from_service_worker
        assert document.all_headers().get("content-security-policy") == POLICY
        site.page.wait_for_selector(READY, timeout=BOOT_MS)
    finally:
        site.close()


def test_without_the_stamped_headers_the_engine_worker_runs_with_no_policy(browser, site_dir, foreign, tmp_path):
    """The control for the two tests above (and the bug they guard against): the same site with
    an empty header table stamped into sw.js. Its service worker answers without the policy, and
    the engine worker's fetch to the other origin then goes out and succeeds; offline it fails
    without any securitypolicyviolation. So the checks above see the policy itself at work."""
    copy = shutil.copytree(site_dir, tmp_path / "site")
    build.stamp_service_worker(copy, headers={})
    assert build.find_service_worker_problems(copy) != []  # the build would refuse this site
    site = SwSite(browser, copy)
    try:
        site.first_visit()
        document, script, worker = site.reload()
        assert_served_by_the_service_worker_with_the_headers(document, script, {})
        assert page_fetch_violations(site.page, foreign.url + "from-unprotected-page") == 1  # the <meta> only
        url = foreign.url + "from-unprotected-worker"
        assert worker.evaluate(WORKER_FETCH_JS, url) == "fetched 200 ok"
        assert foreign.hits == ["/from-unprotected-worker"]
        site.stop_server()
        site.context.set_offline(True)
        document, script, worker = site.reload()
        assert_served_by_the_service_worker_with_the_headers(document, script, {})
        assert worker.evaluate(WORKER_FETCH_JS, foreign.url + "offline").startswith("failed")
        time.sleep(1)
        assert worker.evaluate("self.__blocked") == []
        assert foreign.hits == ["/from-unprotected-worker"]
    finally:
        site.close()
