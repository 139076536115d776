"""The bot workbench (web/workbench.html): templates pass Check, bad bots give clear messages and
are stopped without harming the page or the engine, links show a bot without running it, the
tournament, "Play against it" on the game page, and the CSP inside the bot's worker."""
from __future__ import annotations

import threading
from pathlib import Path
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from helpers import BOOT_MS, open_app, poll, send, state, wait_idle

from pygame_core.bot_bridge import pack, unpack

IDLE = "body[data-busy=false]"
SYNTAX = "class Bad:\n    def choose(self, game)\n        return 1\n"
RAISES = "class Raises:\n    def choose(self, game):\n        x = 1\n        return x / 0\n"
ILLEGAL = "class Illegal:\n    def choose(self, game):\n        return 'zz99'\n"
LOOPS = "class Loops:\n    def choose(self, game):\n        while True:\n            pass\n"
HOGS = ("class Hog:\n    def choose(self, game):\n        blocks = []\n        while True:\n"
        "            blocks.append(bytearray(50_000_000))\n")
GOOD = "from pygame_core.bots import Bot\n\nclass First(Bot):\n    def choose(self, game):\n        return game.legal_moves()[0]\n"


def open_workbench(page, site_url, fragment=""):
    page.goto(site_url + "workbench.html" + fragment)
    page.wait_for_selector("body[data-ready=true]", timeout=BOOT_MS)
    if not fragment:
        page.wait_for_selector(IDLE, timeout=BOOT_MS)


def click_and_wait(page, button, timeout=BOOT_MS / 1000):
    """Click a button of the workbench and wait until the action it started has finished."""
    done = page.evaluate("Number(document.body.dataset.done || 0)")
    page.click(button)
    poll(page, "(n) => Number(document.body.dataset.done || 0) > n", done, timeout=timeout)


def check(page, source):
    page.fill("#wb-code", source)
    click_and_wait(page, "#wb-check")
    error = page.locator("#wb-error")
    return (error.text_content() if error.is_visible() else ""), page.text_content("#wb-message")


def selected_line(page):
    return page.evaluate("() => { const a = document.getElementById('wb-code');"
                         " return a.value.slice(0, a.selectionStart).split('\\n').length; }")


def test_every_template_passes_check(page, site_url):
    open_workbench(page, site_url)
    games = page.eval_on_selector_all("#wb-game option", "os => os.map(o => o.value)")
    assert "hex" in games and len(games) >= 5
    for game in games:
        page.select_option("#wb-game", game)
        click_and_wait(page, "#wb-template")
        assert "class MyBot" in page.input_value("#wb-code")
        error, message = check(page, page.input_value("#wb-code"))
        assert not error and message.startswith("OK: 20 positions"), (game, error, message)
    assert page.page_errors == []


def test_bad_bots_give_clear_messages_and_the_page_keeps_working(page, site_url):
    open_workbench(page, site_url)
    page.fill("#wb-options input[type=number]", "5")
    page.fill("#wb-limit", "1")
    error, _ = check(page, SYNTAX)
    assert "does not compile" in error and "line 2" in error and selected_line(page) == 2
    error, _ = check(page, RAISES)
    assert "ZeroDivisionError" in error and "line 4" in error and selected_line(page) == 4
    error, _ = check(page, ILLEGAL)
    assert "'zz99', which is not a move of Hex" in error
    workers = page.evaluate("window.boardwrightBots.workersStarted")
    error, _ = check(page, LOOPS)
    assert "took longer than 1 s" in error and "stopped" in error
    error, _ = check(page, HOGS)
    assert "stopped" in error or "out of memory" in error, error
    error, message = check(page, GOOD)
    assert not error and message.startswith("OK: 20 positions")
    assert page.evaluate("window.boardwrightBots.workersStarted") >= workers + 2  # fresh workers
    assert page.locator("iframe.bot-sandbox").count() == 1  # in the one sandbox frame, kept
    assert page.locator("iframe.bot-sandbox").get_attribute("sandbox") == "allow-scripts"
    # a frame dropped while it was still being made, then a request: a fresh frame gets the bytes
    answer = page.evaluate("""async () => { const b = window.boardwrightBots; b.kill(new Error('x')); b.dropFrame();
      b.start().catch(() => {}); b.kill(new Error('x')); b.dropFrame();
      return (await b.request({cmd: 'template', game: 'hex'})).ok; }""")
    assert answer is True and page.locator("iframe.bot-sandbox").count() == 1
    open_app(page, site_url)  # the game page's engine is unaffected
    send(page, {"cmd": "new", "game": "hex", "options": {"size": 5}, "players": ["human", "human"]})
    send(page, {"cmd": "play", "move": "c3"})
    assert state(page)["moves"] == ["c3"]
    assert page.page_errors == []


def test_a_bot_from_a_link_is_shown_but_not_run_until_run(page, site_url):
    open_workbench(page, site_url, "#bot=" + pack(GOOD))
    page.wait_for_selector("#wb-link-notice:not([hidden])")
    assert page.input_value("#wb-code") == GOOD
    assert "Read it, then press Run" in page.text_content("#wb-link-notice")
    page.wait_for_timeout(500)
    assert page.evaluate("window.boardwrightBots.workersStarted") == 0
    assert page.evaluate("window.boardwrightBots.requestsSent") == 0
    assert not [u for u in page.requests_seen if "bot-worker.js" in u or "pyodide.mjs" in u]
    page.click("#wb-run")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT_MS)
    page.wait_for_selector("#wb-message.ok", timeout=BOOT_MS)
    assert page.is_hidden("#wb-link-notice")
    assert page.evaluate("window.boardwrightBots.workersStarted") == 1


def test_copy_link_editor_keys_and_download(page, site_url):
    open_workbench(page, site_url)
    page.fill("#wb-code", GOOD + "# é ✓\n")
    page.click("#wb-link")
    page.wait_for_selector("#wb-share:not([hidden])")
    url = page.input_value("#wb-share-url")
    assert "workbench.html#bot=1." in url and unpack(url) == GOOD + "# é ✓\n"  # the page's link, Python's reader
    page.fill("#wb-code", "x")
    page.focus("#wb-code")
    page.keyboard.press("End")
    page.keyboard.press("Tab")
    assert page.input_value("#wb-code") == "x    " and page.evaluate("document.activeElement.id") == "wb-code"
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")  # Esc, then Tab: the focus leaves the editor
    assert page.evaluate("document.activeElement.id") == "wb-check"
    page.fill("#wb-code", GOOD)
    with page.expect_download() as download:
        page.click("#wb-download")
    assert download.value.suggested_filename == "first.py"
    assert Path(download.value.path()).read_text() == GOOD


def test_the_bot_worker_boots_from_the_engine_snapshot(browser, site_url):
    context = browser.new_context(snapshot=True, bypass_csp=True)
    page = context.new_page()
    page.page_errors = []
    page.on("pageerror", lambda exc: page.page_errors.append(str(exc)))
    try:
        open_app(page, site_url)
        page.wait_for_selector("body[data-snapshot]", state="attached", timeout=120_000)
        open_workbench(page, site_url)
        assert page.evaluate("window.boardwrightBots.lastBoot") == "restored"
        page.fill("#wb-options input[type=number]", "5")
        error, message = check(page, GOOD)
        assert not error and message.startswith("OK: 20 positions")
        assert page.page_errors == []
    finally:
        context.close()


def test_a_broken_link_says_so(page, site_url):
    open_workbench(page, site_url, "#bot=1.!!!")
    page.wait_for_selector("#wb-error:not([hidden])")
    assert "could not be opened" in page.text_content("#wb-error")
    assert page.evaluate("window.boardwrightBots.workersStarted") == 0


def test_tournament_progress_table_and_stop(page, site_url):
    open_workbench(page, site_url)
    page.fill("#wb-options input[type=number]", "5")
    page.fill("#wb-code", GOOD)
    page.check("#wb-agents input[value=smart]") if page.locator("#wb-agents input[value=smart]").count() else None
    page.fill("#wb-games", "4")
    click_and_wait(page, "#wb-start")
    assert page.text_content("#wb-message").startswith("Tournament done")
    rows = page.eval_on_selector_all("#wb-results-body tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
    assert rows and all(r[1] == "4" for r in rows)
    assert all("%" in r[3] and "–" in r[4] and "%" in r[4] for r in rows)
    assert page.get_attribute("#wb-progress", "value") == page.get_attribute("#wb-progress", "max")
    page.fill("#wb-games", "500")
    page.click("#wb-start")
    poll(page, "Number(document.getElementById('wb-progress').value) >= 2")
    page.click("#wb-stop")
    page.wait_for_selector(IDLE, state="attached", timeout=60_000)
    assert page.text_content("#wb-message").startswith("Stopped after")
    assert page.page_errors == []


def test_a_runaway_bot_loses_its_tournament_games_and_the_tournament_goes_on(page, site_url):
    open_workbench(page, site_url)
    page.fill("#wb-options input[type=number]", "5")
    page.fill("#wb-limit", "0.5")
    page.fill("#wb-code", LOOPS)
    page.fill("#wb-games", "2")
    click_and_wait(page, "#wb-start")
    assert page.text_content("#wb-message").startswith("Tournament done: 2 games")
    assert "took longer than 0.5 s on move" in page.text_content("#wb-error")
    row = page.eval_on_selector_all("#wb-results-body tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))")[0]
    assert row[1:3] == ["2", "0"] and row[5] == "2"
    assert page.page_errors == []


def test_play_against_it_on_the_game_page(page, site_url):
    open_workbench(page, site_url)
    page.fill("#wb-options input[type=number]", "5")
    page.fill("#wb-code", GOOD)
    page.click("#wb-play")
    page.wait_for_url("**/index.html**")
    page.wait_for_selector("body[data-ready=true]", timeout=BOOT_MS)
    st = state(page)
    assert st["game"] == "hex" and st["options"]["size"] == 5
    assert [p["agent"] for p in st["players"]] == ["human", "bot"]
    assert st["players"][1]["agent_title"] == "Your bot"
    assert "Your bot" in page.eval_on_selector_all("[data-seat='1'] option", "os => os.map(o => o.textContent)")
    send(page, {"cmd": "play", "move": "c3"})
    poll(page, "window.boardwright.state().moves.length === 2")
    assert state(page)["moves"] == ["c3", "a1"]  # the bot's first legal move, as Red
    # a bot that fails on the game page pauses the game with the reason; the person goes on
    page.evaluate("(s) => localStorage.setItem('boardwright.bot', JSON.stringify({source: s, game: 'hex', options: {size: 5}, limit: 1}))", LOOPS)
    send(page, {"cmd": "play", "move": "b2"})
    page.wait_for_selector("body[data-bot-error]", state="attached", timeout=60_000)
    assert "took longer than 1 s" in page.text_content("#error")
    send(page, {"cmd": "players", "players": ["human", "human"]})
    send(page, {"cmd": "play", "move": "d4"})
    assert state(page)["moves"][-1] == "d4"
    assert page.page_errors == []


class _Counting(BaseHTTPRequestHandler):
    hits: list = []

    def do_GET(self):  # noqa: N802 - http.server's name
        self.hits.append(self.path)
        self.send_response(200)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(b"secret")

    def log_message(self, *args):
        pass


def test_a_bot_cannot_reach_another_origin(browser, site_url):
    other = ThreadingHTTPServer(("127.0.0.1", 0), _Counting)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    other_url = f"http://127.0.0.1:{other.server_address[1]}/"
    try:
        context = browser.new_context()  # the site's CSP enforced, here and in the bot's worker
        page = context.new_page()
        page.goto(site_url + "workbench.html")
        page.wait_for_selector("body[data-ready=true]", timeout=BOOT_MS)
        page.wait_for_selector(IDLE, timeout=BOOT_MS)
        page.fill("#wb-options input[type=number]", "5")
        spy = ("from js import XMLHttpRequest\n\nclass Spy:\n    def choose(self, game):\n"
               "        req = XMLHttpRequest.new()\n"
               f"        req.open('GET', '{other_url}leak', False)\n"
               "        req.send(None)\n        return req.responseText\n")
        page.fill("#wb-code", spy)
        click_and_wait(page, "#wb-check")
        error = page.text_content("#wb-error")
        assert "line 7" in error and "raised" in error, error
        assert _Counting.hits == []  # the request never left the browser
        context.close()
    finally:
        other.shutdown()
        other.server_close()
