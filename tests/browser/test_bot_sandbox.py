"""Issue 29: a bot runs in an opaque-origin sandbox (web/bots/: botclient.js, bot-frame.js,
bot-worker.js) and cannot touch the site. In real Chromium with the site's policy enforced and
its service worker on: after a first visit (the offline copy complete, the engine's snapshot
stored, a game saved), hostile bots try to poison the service worker's cache (the issue's own
bot, from a link, run), read localStorage, open IndexedDB, write Cache Storage, register and
message the service worker, fetch and read the site's files, and start or reach the page's
workers. Each attempt fails; afterwards the site's caches (every entry's bytes), its saves and
its service worker registration are exactly as before, and the next visit, online and offline,
is the real site."""
from __future__ import annotations

import time

import pytest

from serve import serve_in_thread
from helpers import BOOT_MS, READY, poll, send

from pygame_core.bot_bridge import pack

OFFLINE_READY = "html[data-offline=ready]"
IDLE = "body[data-busy=false]"

# the bot, as written there
POISON = '''import js
from pyodide.ffi import create_proxy, to_js
PAGE = "<!doctype html><title>pwned</title><p id=pwned>changed by a bot</p>"
def _poison_cache(cache):
    def _with_keys(reqs):
        for r in reqs:
            u = str(r.url)
            if u.endswith("/index.html") or u.endswith("/"):
                init = to_js({"headers": {"content-type": "text/html"}}, dict_converter=js.Object.fromEntries)
                cache.put(r, js.Response.new(PAGE, init))
    cache.keys().then(create_proxy(_with_keys))
def _with_names(names):
    for n in names:
        js.caches.open(n).then(create_proxy(_poison_cache))
js.caches.keys().then(create_proxy(_with_names))

class FirstMove:
    def choose(self, game):
        return game.legal_moves()[0]
'''

# A probe makes one attempt at its first move, then answers legal moves until the attempt has
# settled (synchronously or as a promise) and then returns "V:blocked" or "V:REACHED", which is
# not a move, so Check shows the verdict.
PROBE = '''import js
from pyodide.ffi import create_proxy
SITE = {site!r}
STATE = {{"n": 0, "v": None}}

def attempt():
{body}

def _ok(value):
    STATE["v"] = "REACHED"

def _bad(error):
    STATE["v"] = "blocked"

class Probe:
    def choose(self, game):
        STATE["n"] += 1
        if STATE["n"] == 1:
            try:
                result = attempt()
            except Exception:
                STATE["v"] = "blocked"
            else:
                if hasattr(result, "then"):
                    result.then(create_proxy(_ok), create_proxy(_bad))
                else:
                    STATE["v"] = "REACHED" if result else "blocked"
        if STATE["n"] >= 4 and STATE["v"] is not None:
            return "V:" + STATE["v"]
        return game.legal_moves()[0]
'''

GOOD = "class FirstMove:\n    def choose(self, game):\n        return game.legal_moves()[0]\n"

ATTEMPTS = {
    "read localStorage (the saves)": "    return js.self.localStorage.getItem('boardwright.bot-draft') is not None or True",
    "open IndexedDB": """    req = js.indexedDB.open("bw-probe")
    def executor(resolve, reject):
        req.onsuccess = create_proxy(lambda e: resolve(1))
        req.onerror = create_proxy(lambda e: reject(1))
    return js.Promise.new(create_proxy(executor))""",
    "write Cache Storage": """    return js.caches.open("boardwright-probe").then(
        create_proxy(lambda cache: cache.put(SITE + "index.html", js.Response.new("pwned"))))""",
    "register the service worker": "    return js.navigator.serviceWorker.register(SITE + 'sw.js')",
    "message the service worker": """    js.navigator.serviceWorker.controller.postMessage(js.JSON.parse('{"type": "SKIP_WAITING"}'))
    return True""",
    "fetch the site (the original fetch)": """    fetch = js.WorkerGlobalScope.prototype.fetch
    return fetch.call(js.self, SITE + "build.json").then(create_proxy(lambda r: r.text()))""",
    "read the site (XMLHttpRequest)": """    req = js.XMLHttpRequest.new()
    req.open("GET", SITE + "build.json", False)
    req.send(None)
    return "wheel" in str(req.responseText)""",
    "start the engine's worker": "    return js.Worker.new(SITE + 'engine/worker.js', js.JSON.parse('{\"type\": \"module\"}')) is not None",
    "reach the page": "    return js.self.parent.document is not None",
}

DUMP = """async () => {
  const hex = (buf) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const out = {caches: {}, storage: {}, registrations: []};
  for (const name of (await caches.keys()).sort()) {
    const cache = await caches.open(name);
    const entries = {};
    for (const req of await cache.keys()) {
      const resp = await cache.match(req);
      entries[req.url] = hex(await crypto.subtle.digest("SHA-256", await resp.arrayBuffer()));
    }
    out.caches[name] = entries;
  }
  for (let i = 0; i < localStorage.length; i++) out.storage[localStorage.key(i)] = localStorage.getItem(localStorage.key(i));
  for (const r of await navigator.serviceWorker.getRegistrations()) {
    out.registrations.push([r.scope, r.active && r.active.scriptURL, !!r.waiting, !!r.installing]);
  }
  return out;
}"""


def _site_state(page):
    """The site's caches, saves and service worker; without the workbench's own draft (the
    code in its editor, which the page itself keeps)."""
    state = page.evaluate(DUMP)
    state["storage"].pop("boardwright.bot-draft", None)
    return state


def _check(page, source, timeout=BOOT_MS / 1000):
    page.fill("#wb-code", source)
    done = page.evaluate("Number(document.body.dataset.done || 0)")
    page.click("#wb-check")
    poll(page, "(n) => Number(document.body.dataset.done || 0) > n", done, timeout=timeout)
    error = page.locator("#wb-error")
    return (error.text_content() if error.is_visible() else "") + " | " + page.text_content("#wb-message")


def _game_page(context, url):
    """A new page of `context` on the game page, ready, its uncaught errors in page.page_errors."""
    page = context.new_page()
    page.page_errors = []
    page.on("pageerror", lambda exc: page.page_errors.append(str(exc)))
    page.goto(url + "index.html")
    page.wait_for_selector(READY, timeout=BOOT_MS)
    return page


def _the_real_site(page, url):
    page.goto(url + "index.html")
    page.wait_for_selector(READY, timeout=BOOT_MS)
    assert page.locator("#pwned").count() == 0
    assert "Boardwright" in page.title()


@pytest.fixture
def own_site(site_dir):
    server, url = serve_in_thread(site_dir, port=0)
    running = [True]

    def stop():
        if running[0]:
            running[0] = False
            server.shutdown()
            server.server_close()
    yield url, stop
    stop()


def test_hostile_bots_cannot_touch_the_site(browser, own_site):
    url, stop_server = own_site
    # the site's policy enforced (no bypass_csp), the service worker on, the snapshot made
    context = browser.new_context(snapshot=True, service_workers="allow")
    try:
        page = _game_page(context, url)
        page.wait_for_selector(OFFLINE_READY, state="attached", timeout=BOOT_MS)
        page.wait_for_selector("body[data-snapshot=stored]", state="attached", timeout=BOOT_MS)
        send(page, {"cmd": "new", "game": "hex", "options": {"size": 5}, "players": ["human", "human"]})
        send(page, {"cmd": "play", "move": "c3"})
        page.wait_for_timeout(1500)  # the autosave
        before = _site_state(page)
        assert any(n.startswith("boardwright-") for n in before["caches"]) and "bw-engine-snapshot" in before["caches"]
        assert before["registrations"] and before["storage"]

        # the bot, from a link: shown, then run by the person
        page.goto(url + "workbench.html#bot=" + pack(POISON))
        page.wait_for_selector("body[data-ready=true]", timeout=BOOT_MS)
        page.wait_for_selector("#wb-link-notice:not([hidden])")
        done = page.evaluate("Number(document.body.dataset.done || 0)")
        page.click("#wb-run")
        poll(page, "(n) => Number(document.body.dataset.done || 0) > n", done, timeout=BOOT_MS / 1000)
        said = page.text_content("#wb-error") + page.text_content("#wb-message")
        # line 15 is the bot's first touch of caches: an opaque origin has none
        assert "line 15" in said and ("caches" in said or "SecurityError" in said), said
        assert page.evaluate("window.boardwrightBots.lastBoot") == "restored"  # the page handed it the snapshot

        page.fill("#wb-options input[type=number]", "5")
        verdicts = {what: _check(page, PROBE.format(site=url, body=body)) for what, body in ATTEMPTS.items()}
        for what, text in verdicts.items():
            assert "V:blocked" in text and "REACHED" not in text, (what, text)
        # a bot that behaves still works in the same sandbox
        assert "| OK: 20 positions" in _check(page, GOOD)
        time.sleep(1.0)  # anything asynchronous a bot started has had its time

        _the_real_site(page, url)
        assert _site_state(page) == before
        # offline: the service worker's copy is the real site too
        stop_server()
        context.set_offline(True)
        _the_real_site(page, url)
        assert _site_state(page) == before
        # and bots still run offline: the page hands the sandbox the runtime from the offline copy
        page.goto(url + "workbench.html")
        page.wait_for_selector("body[data-ready=true]", timeout=BOOT_MS)
        page.fill("#wb-options input[type=number]", "5")
        assert "| OK: 20 positions" in _check(page, GOOD)
        assert page.page_errors == []
    finally:
        context.close()


def test_the_game_pages_bot_seat_under_the_policy(browser, site_url):
    """'Your bot' on the game page, with the site's policy enforced: the bot answers from its
    sandbox, and a bot that reaches for the page's storage pauses the game with the reason."""
    context = browser.new_context()  # no bypass_csp
    try:
        page = _game_page(context, site_url)
        page.evaluate("(s) => localStorage.setItem('boardwright.bot', JSON.stringify("
                      "{source: s, game: 'hex', options: {size: 5}, limit: 5}))", GOOD)
        page.goto("about:blank")
        page.goto(site_url + "index.html#play-bot")
        page.wait_for_selector(READY, timeout=BOOT_MS)
        poll(page, "window.boardwright.state().players[1].agent === 'bot'")
        send(page, {"cmd": "play", "move": "c3"})
        poll(page, "window.boardwright.state().moves.length === 2", timeout=BOOT_MS / 1000)
        assert page.evaluate("window.boardwright.state().moves") == ["c3", "a1"]
        snoop = "import js\n\nclass Snoop:\n    def choose(self, game):\n        return js.self.localStorage.getItem('boardwright.bot')\n"
        page.evaluate("(s) => localStorage.setItem('boardwright.bot', JSON.stringify("
                      "{source: s, game: 'hex', options: {size: 5}, limit: 5}))", snoop)
        send(page, {"cmd": "play", "move": "b2"})
        page.wait_for_selector("body[data-bot-error]", state="attached", timeout=BOOT_MS)
        assert "line 5" in page.text_content("#error") and "localStorage" in page.text_content("#error")
        assert page.evaluate("window.boardwright.state().moves") == ["c3", "a1", "b2"]
        assert page.page_errors == []
    finally:
        context.close()
