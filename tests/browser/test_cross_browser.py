"""Cross-browser smoke test: the site boots and plays a move in Chromium, Firefox and WebKit.

Each browser, from a fresh profile, loads the served site, must draw the board before the engine
is ready (the page's ``data-first-board-ms`` < ``data-ready-ms``), gets a click on a playable
cell of the default game (Hex, person against computer) and must show the computer's reply in
the move list, with no error on the page.

* Chromium: Playwright with the system Chromium (as every browser test).
* Firefox: Debian's ``firefox-esr`` over WebDriver BiDi (console errors and uncaught exceptions seen).
* WebKit: Debian's ``webkit2gtk-driver`` (WebKitWebDriver + MiniBrowser) under ``Xvfb``.

``build_scripts/test.sh`` installs Firefox, WebKit and Xvfb with apt-get and sets
``BOARDWRIGHT_CROSS_BROWSER=required``: a browser missing then is a failure. Without it a missing
browser skips its test with the reason; ``BOARDWRIGHT_CROSS_BROWSER=skip`` skips them all. Run them
alone with ``pytest tests/browser/test_cross_browser.py``; leave them out with ``-k "not cross_browser"``.
"""
from __future__ import annotations

import os
import time

import pytest

import webdriver_clients as wc

MODE = os.environ.get("BOARDWRIGHT_CROSS_BROWSER", "").strip().lower()


def _missing(what: str):
    """A browser is not installed: a failure where test.sh installed them, else a skip."""
    if MODE == "required":
        pytest.fail(f"{what} (BOARDWRIGHT_CROSS_BROWSER=required: build_scripts/test.sh installs it)",
                    pytrace=False)
    pytest.skip(f"{what}; install it (Debian: apt-get install firefox-esr webkit2gtk-driver xvfb) "
                "or run bash build_scripts/test.sh, which does")


@pytest.fixture(autouse=True)
def _maybe_skip():
    if MODE in ("skip", "0", "off", "no"):
        pytest.skip("BOARDWRIGHT_CROSS_BROWSER=skip")


@pytest.fixture(scope="module")
def xvfb():
    if MODE in ("skip", "0", "off", "no"):
        pytest.skip("BOARDWRIGHT_CROSS_BROWSER=skip")
    executable = wc.find_webkit()[2]
    if not executable:
        _missing("no Xvfb found (Debian package xvfb)")
    display = wc.Xvfb(executable)
    yield display.display
    display.close()


def _open(name: str, request):
    if name == "chromium":
        return wc.Chromium(request.getfixturevalue("browser"))  # conftest's, the system Chromium
    if name == "firefox":
        try:
            import websockets  # noqa: F401  (pinned in test.sh)
        except ImportError:
            _missing("the websockets package is not installed (pip install websockets)")
        if not wc.find_firefox():
            _missing("no Firefox found (Debian package firefox-esr)")
        return wc.Firefox()
    driver, mini, _ = wc.find_webkit()
    if not driver or not mini:
        _missing(f"WebKit not found (WebKitWebDriver: {driver}, MiniBrowser: {mini}; Debian package webkit2gtk-driver)")
    return wc.WebKit(request.getfixturevalue("xvfb"), driver, mini)


@pytest.fixture
def client(request):
    started = time.monotonic()
    c = _open(request.param, request)
    c.startup_s = time.monotonic() - started
    yield c
    c.close()


@pytest.mark.parametrize("client", ["chromium", "firefox", "webkit"], indirect=True)
def test_boots_and_plays_a_move(client, site_url):
    result = wc.smoke(client, site_url + "index.html")
    print(f"\n{client.name} {client.version}: started in {client.startup_s:.1f} s, {result}")
    assert result["moves"] >= 2, "no reply from the computer"
    assert not result["cell_still_playable"], f"the clicked cell {result['cell']} is still playable"
    assert client.errors() == [], f"errors on the page in {client.name}"
    # the board is painted before the engine is ready (the page's own timings since navigation)
    first, ready = result["firstBoardMs"], result["readyMs"]
    assert first is not None, "the page sets no data-first-board-ms"
    assert ready is not None, "the page sets no data-ready-ms"
    assert first < ready, f"first board at {first} ms, not before the engine was ready at {ready} ms"


FIRST = "class First:\n    def choose(self, game):\n        return game.legal_moves()[0]\n"
# tries to write the site's Cache Storage and localStorage, then plays on as if nothing happened
SNOOP = """import js
from pyodide.ffi import create_proxy
SITE = {site!r}
TRIED = []

class Snoop:
    def choose(self, game):
        if not TRIED:
            TRIED.append(1)
            try:
                js.self.caches.open("bw-sandbox-probe").then(
                    create_proxy(lambda cache: cache.put(SITE + "probe", js.Response.new("x"))))
            except Exception:
                pass
            try:
                js.self.localStorage.setItem("bw-sandbox-probe", "x")
            except Exception:
                pass
        return game.legal_moves()[0]
"""


@pytest.mark.parametrize("client", ["chromium", "firefox", "webkit"], indirect=True)
def test_a_bot_runs_sealed_off(client, site_url):
    """The workbench's bot sandbox (issue 29) in each browser: a bot plays, and what a bot writes
    to Cache Storage or localStorage does not reach the site's (its worker has an opaque origin)."""
    result = wc.bot_check(client, site_url + "workbench.html", FIRST)
    assert result["message"].startswith("OK: 20 positions") and not result["error"], (client.name, result)
    result = wc.bot_check(client, site_url + "workbench.html", SNOOP.format(site=site_url))
    assert result["message"].startswith("OK: 20 positions") and not result["error"], (client.name, result)
    time.sleep(1.0)  # what the bot started asynchronously has had its time
    client.value("(window.__bwProbe = null, caches.has('bw-sandbox-probe').then((v) => { window.__bwProbe = v; }), 0)")
    end = time.monotonic() + 30
    while client.value("window.__bwProbe") is None and time.monotonic() < end:
        time.sleep(0.1)
    assert client.value("window.__bwProbe") is False, f"a bot wrote the site's Cache Storage in {client.name}"
    assert client.value("localStorage.getItem('bw-sandbox-probe')") is None
    assert client.errors() == [], f"errors on the page in {client.name}"
