"""How the engine starts: the engine wheel is on Python's path without micropip (the page never
asks for micropip's wheel), from the bytecode the build compiled, and micropip is loaded only
when the bot workbench installs a wheel a person drops; that wheel is then importable by the
bot, also in a fresh bot worker. (The service worker is blocked here, so that its precache of
the whole site does not blur which requests the page and its workers make.)"""
from __future__ import annotations

import io
import json
import zipfile

from helpers import BOOT_MS, open_app, poll, send, state
from test_workbench_web import IDLE, check, open_workbench

WHEEL = "bwdemo-1.0-py3-none-any.whl"
DEMO_BOT = ("import bwdemo\nfrom pygame_core.bots import Bot\n\nclass UsesDemo(Bot):\n"
            "    def choose(self, game):\n        return game.legal_moves()[bwdemo.INDEX]\n")


def demo_wheel() -> bytes:
    """A pure-Python wheel of one module, bwdemo (INDEX = 0)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("bwdemo/__init__.py", "INDEX = 0\n")
        z.writestr("bwdemo-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: bwdemo\nVersion: 1.0\n")
        z.writestr("bwdemo-1.0.dist-info/WHEEL", "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        z.writestr("bwdemo-1.0.dist-info/RECORD", "")
    return buf.getvalue()


def _context(browser):
    context = browser.new_context(bypass_csp=True, service_workers="block")
    requests: list[str] = []
    context.on("request", lambda req: requests.append(req.url))
    page = context.new_page()
    page.page_errors = []
    page.on("pageerror", lambda exc: page.page_errors.append(str(exc)))
    return context, page, requests


def test_the_engine_starts_from_its_wheel_without_micropip(browser, site_url):
    context, page, requests = _context(browser)
    try:
        open_app(page, site_url)
        phases = json.loads(page.evaluate("document.body.dataset.bootPhases"))
        assert {"runtime", "wheel_wait", "install", "engine", "total"} <= set(phases), phases
        send(page, {"cmd": "new", "game": "hex", "options": {"size": 5}, "players": ["human", "human"]})
        send(page, {"cmd": "play", "move": "c3"})
        assert state(page)["moves"] == ["c3"]
        assert any("/wheels/" in u and u.endswith(".whl") for u in requests)
        assert not [u for u in requests if "micropip" in u]
        # the build's bytecode: the wheel and the standard library carry .pyc files
        info = page.evaluate("async () => (await fetch('build.json')).json()")
        assert info["stdlib_sha256"] and info["wheel_sha256"]
        assert page.page_errors == []
    finally:
        context.close()


def test_micropip_is_loaded_only_to_install_a_dropped_wheel(browser, site_url):
    context, page, requests = _context(browser)
    try:
        open_workbench(page, site_url)
        error, message = check(page, "from pygame_core.bots import Bot\n\nclass First(Bot):\n"
                                     "    def choose(self, game):\n        return game.legal_moves()[0]\n")
        assert not error and message.startswith("OK"), (error, message)
        assert not [u for u in requests if "micropip" in u]  # the bot's Python starts without it
        error, _message = check(page, DEMO_BOT)
        assert "bwdemo" in error  # not installed yet
        page.set_input_files("#wb-wheel", files=[{"name": WHEEL, "mimeType": "application/octet-stream",
                                                   "buffer": demo_wheel()}])
        page.wait_for_selector(f"body[data-installed='{WHEEL}']", state="attached", timeout=BOOT_MS)
        page.wait_for_selector(IDLE, timeout=BOOT_MS)
        assert page.text_content("#wb-packages") == WHEEL
        assert len([u for u in requests if "micropip" in u]) == 1
        error, message = check(page, DEMO_BOT)
        assert not error and message.startswith("OK: 20 positions"), (error, message)
        # a fresh bot worker (the last one was stopped) installs it again before the bot
        page.evaluate("window.boardwrightBots.kill(new Error('test'))")
        error, message = check(page, DEMO_BOT + "\n")
        assert not error and message.startswith("OK: 20 positions"), (error, message)
        assert page.evaluate("window.boardwrightBots.workersStarted") == 2
        # not a wheel, or not a pure-Python one: a clear message, nothing installed
        page.set_input_files("#wb-wheel", files=[{"name": "numpy-2.0-cp314-cp314-emscripten_wasm32.whl",
                                                   "mimeType": "application/octet-stream", "buffer": b"x"}])
        poll(page, "() => !document.getElementById('wb-error').hidden")
        assert "pure-Python wheel" in page.text_content("#wb-error")
        assert page.page_errors == []
    finally:
        context.close()
