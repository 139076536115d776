"""Drive Firefox and WebKit without Playwright's own browser builds (cross-browser smoke tests, benchmark).

* ``Firefox``: Debian's ``firefox-esr``, headless, over its built-in WebDriver BiDi (no geckodriver):
  ``firefox-esr --headless --remote-debugging-port=P --profile <fresh dir>``, then a WebSocket
  ``ws://127.0.0.1:P/session`` (the pinned ``websockets`` package, sync client). BiDi's
  ``log.entryAdded`` events give the page's console errors and uncaught exceptions.
* ``WebKit``: Debian's ``webkit2gtk-driver`` (``WebKitWebDriver``, W3C WebDriver classic over HTTP,
  driven with urllib + JSON) launching the GTK ``MiniBrowser`` under ``Xvfb``. Classic WebDriver shows
  no console, so listeners for error and unhandledrejection events and for console.error are added
  to the page at its DOMContentLoaded (errors before that are not seen; the page's error box is).
* ``Chromium``: Playwright with the system Chromium (used by the benchmark; the tests use the
  ordinary ``page`` fixture for Chromium).

All three offer the same small interface: ``navigate(url)``, ``value(js_expression)`` (the
expression's value, through JSON), ``click(css)`` (a real pointer click in the middle of the
element), ``errors()`` and ``close()``. ``smoke(client, url)`` loads the site, plays one move and
waits for the computer's reply, returning what it measured.

Executables come from ``BOARDWRIGHT_FIREFOX``, ``BOARDWRIGHT_WEBKIT_DRIVER``,
``BOARDWRIGHT_MINIBROWSER`` and ``BOARDWRIGHT_XVFB`` when set, else from ``PATH`` (and the
MiniBrowser from libwebkit2gtk's directory).
"""
from __future__ import annotations

import contextlib
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

BOOT_S = 240.0    # cold boot of Pyodide + the engine: ~3 s in Firefox, ~10-20 s in WebKit here
REPLY_S = 180.0   # the person's move and the computer's answer
POLL_S = 0.05

# A fresh Firefox profile: the remote agent already sets its "recommended" automation prefs;
# these also keep first-run pages, telemetry, updates and remote settings quiet and offline.
FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "toolkit.telemetry.enabled": False,
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/remote-settings",
    "extensions.update.enabled": False,
    "browser.safebrowsing.update.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "network.proxy.type": 0,  # direct: the site is served on 127.0.0.1
}
MINIBROWSER_GLOBS = ["/usr/lib/*/webkit2gtk-4.*/MiniBrowser", "/usr/lib/webkit2gtk-4.*/MiniBrowser",
                     "/usr/libexec/webkit2gtk-4.*/MiniBrowser"]


class BrowserError(RuntimeError):
    """The browser or its driver failed (did not start, answered with an error, timed out)."""


# ----------------------------------------------------------------------------- finding things

def find_firefox() -> str | None:
    return os.environ.get("BOARDWRIGHT_FIREFOX") or shutil.which("firefox-esr") or shutil.which("firefox")


def find_webkit() -> tuple[str | None, str | None, str | None]:
    """(WebKitWebDriver, MiniBrowser, Xvfb) paths, None for each one not found."""
    driver = os.environ.get("BOARDWRIGHT_WEBKIT_DRIVER") or shutil.which("WebKitWebDriver")
    mini = os.environ.get("BOARDWRIGHT_MINIBROWSER")
    if not mini:
        found = sorted(p for g in MINIBROWSER_GLOBS for p in glob.glob(g))
        mini = found[-1] if found else None
    xvfb = os.environ.get("BOARDWRIGHT_XVFB") or shutil.which("Xvfb")
    return driver, mini, xvfb


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop(proc: subprocess.Popen | None, grace: float = 10.0) -> None:
    """End a process started here (in its own session) and whatever it started itself."""
    if proc is None or proc.poll() is not None:
        return
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(grace)
            return
        except subprocess.TimeoutExpired:
            continue


# ----------------------------------------------------------------------------- Xvfb

class Xvfb:
    """A virtual X display on a free display number (Xvfb picks it: ``-displayfd``)."""

    def __init__(self, executable: str = "Xvfb", size: str = "1280x1024x24"):
        read_fd, write_fd = os.pipe()
        self.proc = subprocess.Popen(
            [executable, "-displayfd", str(write_fd), "-screen", "0", size, "-nolisten", "tcp"],
            pass_fds=[write_fd], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(write_fd)
        try:
            number = b""
            end = time.monotonic() + 30
            while not number.endswith(b"\n") and time.monotonic() < end:
                chunk = os.read(read_fd, 16)  # Xvfb writes "N\n" once it accepts connections
                if not chunk:
                    break
                number += chunk
        finally:
            os.close(read_fd)
        if not number.strip().isdigit():
            self.close()
            raise BrowserError("Xvfb did not start (no display number)")
        self.display = ":" + number.decode().strip()

    def close(self) -> None:
        _stop(self.proc, grace=5)


# ----------------------------------------------------------------------------- Firefox (BiDi)

class Firefox:
    name = "firefox"

    def __init__(self, executable: str | None = None, startup_s: float = 60.0):
        from websockets.sync.client import connect  # pinned in build_scripts/test.sh

        executable = executable or find_firefox()
        if not executable:
            raise BrowserError("no Firefox found (firefox-esr)")
        self.profile = tempfile.mkdtemp(prefix="boardwright-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w", encoding="utf-8") as f:
            for key, val in FIREFOX_PREFS.items():
                f.write(f"user_pref({json.dumps(key)}, {json.dumps(val)});\n")
        port = free_port()
        self.log = tempfile.TemporaryFile()  # Firefox's output (a file: a pipe could fill up)
        self.proc = subprocess.Popen(
            [executable, "--headless", f"--remote-debugging-port={port}", "--profile", self.profile,
             "--no-remote", "about:blank"],
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
            env=dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1"))
        self.ws = None
        self._stack = contextlib.ExitStack()
        self._id = 0
        self.events: list[dict] = []
        try:
            self._wait_listening(startup_s)
            self.ws = self._stack.enter_context(
                connect(f"ws://127.0.0.1:{port}/session", max_size=None, open_timeout=startup_s, proxy=None))
            self.version = self.command("session.new", {"capabilities": {}})["capabilities"]["browserVersion"]
            self.command("session.subscribe", {"events": ["log.entryAdded"]})
            self.context = self.command("browsingContext.getTree", {})["contexts"][0]["context"]
        except BaseException:
            self.close()
            raise

    def _wait_listening(self, timeout: float) -> None:
        """Read Firefox's output until the remote agent says it listens (it prints the address)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.log.seek(0)
            text = self.log.read().decode(errors="replace")
            if "WebDriver BiDi listening on" in text:
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        self.log.seek(0)
        raise BrowserError(f"Firefox's remote agent did not start: {self.log.read().decode(errors='replace')[-2000:]}")

    def command(self, method: str, params: dict, timeout: float = 120.0) -> dict:
        self._id += 1
        ident = self._id
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise BrowserError(f"BiDi {method}: no answer in {timeout} s")
            try:
                msg = json.loads(self.ws.recv(timeout=left))
            except TimeoutError:
                continue
            if msg.get("type") == "event":
                self.events.append(msg)
            elif msg.get("id") == ident:
                if msg.get("type") == "error":
                    raise BrowserError(f"BiDi {method}: {msg.get('error')}: {msg.get('message')}")
                return msg["result"]

    def navigate(self, url: str) -> None:
        self.command("browsingContext.navigate", {"context": self.context, "url": url, "wait": "interactive"})

    def _evaluate(self, expression: str) -> dict:
        res = self.command("script.evaluate", {"expression": expression, "target": {"context": self.context},
                                               "awaitPromise": True, "resultOwnership": "root"})
        if res.get("type") == "exception":
            details = res.get("exceptionDetails", {})
            raise BrowserError(f"script error: {details.get('text')}")
        return res["result"]

    def value(self, expression: str):
        text = self._evaluate(f"JSON.stringify({expression})").get("value")  # none for undefined
        return None if text is None else json.loads(text)

    def click(self, css: str) -> None:
        node = self._evaluate(
            f"(() => {{ const e = document.querySelector({json.dumps(css)});"
            " if (e) e.scrollIntoView({block: 'center', inline: 'center'}); return e; })()")
        if node.get("type") != "node":
            raise BrowserError(f"no element {css}")
        origin = {"type": "element", "element": {"sharedId": node["sharedId"]}}
        self.command("input.performActions", {"context": self.context, "actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "x": 0, "y": 0, "origin": origin},
                        {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})
        self.command("input.releaseActions", {"context": self.context})

    def errors(self) -> list[str]:
        """Console errors and uncaught exceptions of the page, as BiDi reported them."""
        self.value("1")  # reads the events that arrived since the last command
        found = []
        for ev in self.events:
            if ev.get("method") == "log.entryAdded" and ev["params"].get("level") == "error":
                p = ev["params"]
                where = (p.get("stackTrace") or {}).get("callFrames") or [{}]
                found.append(f"{p.get('type')}: {p.get('text')} ({where[0].get('url', '')}:{where[0].get('lineNumber', '')})")
        return found

    def close(self) -> None:
        if self.ws is not None:
            try:
                self.command("browser.close", {}, timeout=10)
            except Exception:
                pass
            try:
                self._stack.close()
            except Exception:
                pass
            self.ws = None
        _stop(self.proc)
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)


# ----------------------------------------------------------------------------- WebKit (classic)

ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf"
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # the driver is local: no proxy
ERROR_HOOK = """
if (!window.__bwErrors) {
  window.__bwErrors = [];
  addEventListener("error", (e) => window.__bwErrors.push(`error: ${e.message} (${e.filename}:${e.lineno})`));
  addEventListener("unhandledrejection", (e) => window.__bwErrors.push(`unhandledrejection: ${e.reason}`));
  const consoleError = console.error.bind(console);
  console.error = (...a) => { window.__bwErrors.push(`console: ${a.join(" ")}`); consoleError(...a); };
}
"""


class WebKit:
    name = "webkit"

    def __init__(self, display: str, driver: str | None = None, minibrowser: str | None = None,
                 startup_s: float = 60.0):
        found_driver, found_mini, _ = find_webkit()
        driver, minibrowser = driver or found_driver, minibrowser or found_mini
        if not driver or not minibrowser:
            raise BrowserError(f"WebKit not found (WebKitWebDriver: {driver}, MiniBrowser: {minibrowser})")
        port = free_port()
        self.base = f"http://127.0.0.1:{port}"
        self.log = tempfile.TemporaryFile()
        env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}  # all is local
        self.proc = subprocess.Popen([driver, f"--port={port}"], env=dict(env, DISPLAY=display),
                                     stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.session = None
        try:
            end = time.monotonic() + startup_s
            while True:
                try:
                    self._http("GET", "/status", timeout=2)
                    break
                except (OSError, BrowserError):
                    if time.monotonic() > end or self.proc.poll() is not None:
                        raise BrowserError(f"WebKitWebDriver did not start: {self._log_tail()}")
                    time.sleep(0.1)
            caps = {"webkitgtk:browserOptions": {"binary": minibrowser, "args": ["--automation"]},
                    "pageLoadStrategy": "eager", "timeouts": {"script": 120_000, "pageLoad": 300_000}}
            res = self._http("POST", "/session", {"capabilities": {"alwaysMatch": caps}}, timeout=startup_s)
            self.session = res["sessionId"]
            self.version = res["capabilities"].get("browserVersion")
        except BaseException:
            self.close()
            raise

    def _log_tail(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-2000:]

    def _http(self, method: str, path: str, body: dict | None = None, timeout: float = 120.0):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json; charset=utf-8"})
        try:
            with _DIRECT.open(req, timeout=timeout) as resp:
                return json.loads(resp.read() or b"null").get("value")
        except urllib.error.HTTPError as e:
            try:
                err = json.loads(e.read()).get("value", {})
            except ValueError:
                err = {}
            raise BrowserError(f"WebDriver {method} {path}: {e.code} {err.get('error')}: {err.get('message')}") from None

    def _s(self, method: str, path: str, body: dict | None = None, timeout: float = 120.0):
        return self._http(method, f"/session/{self.session}{path}", body, timeout)

    def navigate(self, url: str) -> None:
        self._s("POST", "/url", {"url": url}, timeout=300)

    def value(self, expression: str, timeout: float = 120.0, attempt_s: float = 10.0):
        # WebKitWebDriver (2.50) may never answer a script sent while the page is still loading
        # its modules (seen with page/first.js, an async module script: the first probe after
        # navigating hung for good while the page itself drew its board and became ready, and the
        # next probe was answered at once). So each attempt waits `attempt_s`, and a lost answer
        # is asked again until `timeout`.
        body = {"script": ERROR_HOOK + f"return JSON.stringify({expression});", "args": []}
        end = time.monotonic() + timeout
        while True:
            try:
                text = self._s("POST", "/execute/sync", body, timeout=min(attempt_s, max(1.0, end - time.monotonic())))
                return None if text is None else json.loads(text)
            except TimeoutError:
                if time.monotonic() >= end:
                    raise BrowserError(f"WebKit answered no script in {timeout:.0f} s") from None

    def click(self, css: str) -> None:
        el = self._s("POST", "/element", {"using": "css selector", "value": css})
        self._s("POST", f"/element/{el[ELEMENT_KEY]}/click", {})

    def errors(self) -> list[str]:
        return list(self.value("window.__bwErrors || []"))

    def close(self) -> None:
        if self.session is not None:
            try:
                self._s("DELETE", "", timeout=20)
            except Exception:
                pass
            self.session = None
        _stop(self.proc)
        self.log.close()


# ----------------------------------------------------------------------------- Chromium (Playwright)

class Chromium:
    """Headless Chromium through Playwright, in a fresh context (its own empty profile): in `browser`
    (a Playwright Browser, e.g. the tests' fixture) or else in a browser launched here."""
    name = "chromium"

    def __init__(self, browser=None, executable: str | None = None, args: list[str] | None = None):
        self._pw = None
        if browser is None:
            from playwright.sync_api import sync_playwright

            self._pw = sync_playwright().start()
            try:
                browser = self._pw.chromium.launch(headless=True, executable_path=executable, args=args or [])
            except BaseException:
                self._pw.stop()
                raise
        self.browser = browser
        self.version = browser.version
        self.context = browser.new_context()
        self.page = self.context.new_page()
        self._errors: list[str] = []
        self.page.on("pageerror", lambda exc: self._errors.append(f"pageerror: {exc}"))
        self.page.on("console", lambda m: self._errors.append(f"console: {m.text} ({m.location.get('url')})")
                     if m.type == "error" else None)

    def navigate(self, url: str) -> None:
        self.page.goto(url, wait_until="domcontentloaded")

    def value(self, expression: str):
        return json.loads(self.page.evaluate(f"JSON.stringify({expression})"))

    def click(self, css: str) -> None:
        self.page.click(css)

    def errors(self) -> list[str]:
        return list(self._errors)

    def close(self) -> None:
        self.context.close()
        if self._pw is not None:
            try:
                self.browser.close()
            finally:
                self._pw.stop()


# ----------------------------------------------------------------------------- the smoke run

PROBE = """({
  ready: document.body.dataset.ready === "true",
  targets: document.querySelectorAll("#board-svg [data-target]").length,
  moves: document.querySelectorAll("#move-list li").length,
  firstBoardMs: document.body.dataset.firstBoardMs ?? null,
  readyMs: document.body.dataset.readyMs ?? null,
  error: document.getElementById("error") && !document.getElementById("error").hidden
    ? document.getElementById("error").textContent : null,
})"""
# a playable cell near the middle of the list of playable ones (occupied ones are not .selectable)
PICK = """(() => {
  const cells = [...document.querySelectorAll("#board-svg [data-target].selectable:not([aria-disabled=true])")];
  return cells.length ? cells[Math.floor(cells.length / 2)].dataset.target : null;
})()"""


def _watch(client, done, what: str, timeout: float, each=None) -> dict:
    """Probe the page every POLL_S until done(probe); fail on a shown error or after `timeout` s."""
    end = time.monotonic() + timeout
    while True:
        probe = client.value(PROBE)
        if probe["error"]:
            raise AssertionError(f"the page shows an error while waiting for {what}: {probe['error']}")
        if each:
            each(probe)
        if done(probe):
            return probe
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}; last probe {probe}")
        time.sleep(POLL_S)


def _ms(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def smoke(client, url: str, boot_s: float = BOOT_S, reply_s: float = REPLY_S) -> dict:
    """Open `url` (the site's index.html), wait for the engine, click a playable cell and wait for
    the computer's reply. Returns seconds measured here (from just before navigating) and the
    page's own milliseconds since navigation (None when the page does not set them):

    board_s (first cells seen), ready_s (body[data-ready=true]), reply_s (click -> reply listed),
    board_seen_before_ready, firstBoardMs, readyMs, moves (after the reply), cell (the one clicked),
    cell_still_playable (after the reply: should be False)."""
    seen = {}

    def first_board(probe):  # is a board with cells drawn before the engine is ready?
        if probe["targets"] and "board_s" not in seen:
            seen.update(board_s=time.monotonic() - start, board_seen_before_ready=not probe["ready"])

    start = time.monotonic()
    client.navigate(url)
    probe = _watch(client, lambda p: p["ready"], "the engine (body[data-ready=true])", boot_s, first_board)
    ready_s = time.monotonic() - start
    assert probe["targets"] > 0, "the engine is ready but the board has no cells"
    cell = client.value(PICK)
    assert cell, "no playable cell on the board"
    want = max(2, probe["moves"] + 2)
    clicked = time.monotonic()
    client.click(f'#board-svg [data-target="{cell}"]')
    probe = _watch(client, lambda p: p["moves"] >= want, f"{want} moves in #move-list (the computer's reply)", reply_s)
    reply = time.monotonic() - clicked
    return {
        "board_s": seen.get("board_s"), "ready_s": ready_s, "reply_s": reply,
        "board_seen_before_ready": seen.get("board_seen_before_ready", False),
        "firstBoardMs": _ms(probe["firstBoardMs"]), "readyMs": _ms(probe["readyMs"]),
        "moves": probe["moves"], "cell": cell,
        "cell_still_playable": client.value(f"!!document.querySelector('#board-svg [data-target=\"{cell}\"].selectable')"),
    }


# ----------------------------------------------------------------------------- the bot sandbox
WB_PROBE = """({
  ready: document.body.dataset.ready === "true",
  busy: document.body.dataset.busy,
  done: Number(document.body.dataset.done || 0),
  message: document.getElementById("wb-message").textContent,
  error: document.getElementById("wb-error").hidden ? "" : document.getElementById("wb-error").textContent,
})"""


def bot_check(client, url: str, source: str, boot_s: float = BOOT_S) -> dict:
    """Open the workbench at `url`, put `source` in the editor, press Check and wait until it has
    finished; returns the workbench's message and error."""
    end = time.monotonic() + boot_s
    client.navigate(url)
    probe = None
    while True:
        try:
            probe = client.value(WB_PROBE)
        except BrowserError as e:  # (WebKit's driver may fail a script while the page is still loading)
            probe = {"ready": False, "error": str(e)[:120]}
        if probe["ready"] and probe.get("busy") != "true":
            break
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for the workbench; last probe {probe}")
        time.sleep(POLL_S)
    client.value(f"document.getElementById('wb-code').value = {json.dumps(source)}")
    client.value("(document.querySelector('#wb-options input[type=number]') || {}).value = 5")
    before = probe["done"]
    client.click("#wb-check")
    while True:
        probe = client.value(WB_PROBE)
        if probe["done"] > before:
            return probe
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for Check; last probe {probe}")
        time.sleep(POLL_S)
