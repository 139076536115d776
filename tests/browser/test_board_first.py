"""Board first, engine second (issue 17): the board is drawn and playable before the Python
runtime is up; a move made then is played once the engine is ready; a broken engine says so.

The runtime is held back in these tests by a route handler that keeps the request for
pyodide.asm.wasm waiting until the test releases it, so "before the engine is ready" is a state
the test controls, not a race.
"""
from __future__ import annotations

import json

from playwright.sync_api import Error as PlaywrightError

from helpers import READY, open_app, poll, send, state, wait_idle

WASM = "**/pyodide.asm.wasm"
BOARD = "#board-svg:not([data-first]) [data-target]"  # the page's own early board (page/first.js may draw one before)


class HeldRuntime:
    """Keep every request for the runtime's wasm waiting until release()."""

    def __init__(self, context):
        self.context = context
        self.routes = []
        context.route(WASM, self._hold)

    def _hold(self, route):
        if getattr(self, "released", False):
            route.continue_()
        else:
            self.routes.append(route)

    def release(self):
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


def _early(page):
    return page.evaluate("""() => ({
        ready: document.body.dataset.ready || null,
        targets: document.querySelectorAll('#board-svg [data-target]').length,
        stones: document.querySelectorAll('#board-svg .stone').length,
        panels: document.querySelectorAll('#panels .panel-scene').length,
        status: document.getElementById('status').textContent,
        games: [...document.querySelectorAll('#game-select option')].map((o) => o.value),
        progress: [document.getElementById('loading-progress').value, document.getElementById('loading-progress').max],
        loading: !document.getElementById('loading').hidden,
        firstBoardMs: document.body.dataset.firstBoardMs || null,
        pending: document.body.dataset.pendingMove || null,
    })""")


def test_board_and_form_before_the_engine(page, site_url):
    held = HeldRuntime(page.context)
    page.goto(site_url + "index.html")
    page.wait_for_selector(BOARD)  # (the board can be there before the worker asks for the runtime)
    for _ in range(400):
        if held.routes:
            break
        page.wait_for_timeout(50)
    early = _early(page)
    assert early["ready"] is None and held.routes, "the runtime was not held back"
    assert early["targets"] == 121 and early["stones"] == 0  # the empty 11x11 Hex board
    assert early["games"] == ["hex", "y", "triominos", "iwoki", "codex"]
    assert "Blue to move" in early["status"] and "engine is starting" in early["status"]
    assert early["loading"] and early["progress"][0] < early["progress"][1]
    assert early["firstBoardMs"] is not None
    # the form already offers the game's options and seats, as the engine will
    assert page.input_value('[data-option="size"]') == "11"
    assert page.input_value('[data-seat="1"]') == "mcts"
    assert page.is_disabled("#new-game")
    held.release()
    page.wait_for_selector(READY, timeout=120_000)
    st = state(page)
    assert st["game"] == "hex" and st["options"]["size"] == 11 and not st["moves"]
    assert [p["agent"] for p in st["players"]] == ["human", "mcts"]
    assert page.is_hidden("#loading") and not page.is_disabled("#new-game")
    assert int(page.evaluate("document.body.dataset.firstBoardMs")) < int(page.evaluate("document.body.dataset.readyMs"))
    phases = json.loads(page.evaluate("document.body.dataset.bootPhases"))
    assert {"runtime", "wheel_wait", "install", "engine"} <= set(phases), phases
    assert not page.page_errors, page.page_errors


def test_a_move_before_the_engine_is_played_once_ready(page, site_url):
    held = HeldRuntime(page.context)
    page.goto(site_url + "index.html")
    page.wait_for_selector(BOARD)
    page.click('[data-target="f6"]')
    page.wait_for_selector('#board-svg [data-target="f6"].pending', timeout=2_000)
    early = _early(page)
    assert early["pending"] == "f6" and "f6" in early["status"]
    assert "waiting for the engine" in page.get_attribute('[data-target="f6"]', "aria-label")
    page.click('[data-target="e5"]')  # one move waits at a time, and the page says so
    assert "already waiting" in page.inner_text("#error")
    page.click("#share")  # engine-only actions say the engine is starting instead of hanging
    assert "still starting" in page.inner_text("#error")
    held.release()
    page.wait_for_selector(READY, timeout=120_000)
    poll(page, "() => window.boardwright.state().moves.length >= 2", timeout=90)
    wait_idle(page)
    st = state(page)
    assert st["moves"][0] == "f6" and st["movers"][:2] == [0, 1]  # played, and the computer answered
    assert page.evaluate("document.body.dataset.pendingMove") is None
    assert not page.query_selector("#board-svg .pending")


def test_a_move_the_engine_rejects_says_so(page, site_url):
    """The early board's game and the engine's differ (here: boot.json asks the engine for a
    5x5 board under an 11x11 picture): the waiting move is refused with a message, the game
    the engine started stays, nothing else is lost."""
    def small(route):
        try:
            response = route.fetch()
            data = response.json()
            data["initial"]["hex"]["request"]["options"]["size"] = 5
            route.fulfill(response=response, body=json.dumps(data))
        except PlaywrightError:  # the context closed under a late request (test over)
            pass

    page.context.route("**/boot.json", small)
    held = HeldRuntime(page.context)
    page.goto(site_url + "index.html")
    page.wait_for_selector(BOARD)
    page.click('[data-target="k11"]')
    page.wait_for_selector("#board-svg .pending")
    held.release()
    page.wait_for_selector(READY, timeout=120_000)
    poll(page, "() => !document.getElementById('error').hidden")
    assert "k11" in page.inner_text("#error") and "not played" in page.inner_text("#error")
    st = state(page)
    assert st["options"]["size"] == 5 and st["moves"] == [] and st["legal"]
    page.context.unroute_all(behavior="ignoreErrors")


def test_return_visit_paints_the_last_screen_before_the_engine(page, site_url):
    open_app(page, site_url)
    send(page, {"cmd": "new", "game": "hex", "options": {"size": 7}, "players": ["human", "human"]})
    send(page, {"cmd": "play", "move": "d4"})
    send(page, {"cmd": "play", "move": "c3"})
    held = HeldRuntime(page.context)
    page.reload()
    page.wait_for_selector(BOARD)
    early = _early(page)
    assert early["ready"] is None and early["targets"] == 49 and early["stones"] == 2
    assert "Blue to move" in early["status"]
    assert page.inner_text("#move-list").split() == ["d4", "c3"]
    page.click('[data-target="a1"]')  # a move on the resumed board waits, then is played there
    page.wait_for_selector('#board-svg [data-target="a1"].pending')
    held.release()
    page.wait_for_selector(READY, timeout=120_000)
    poll(page, "() => window.boardwright.state().moves.length === 3")
    assert state(page)["moves"] == ["d4", "c3", "a1"]


def test_hidden_hands_are_not_painted_before_the_engine(page, site_url):
    """A tile game's return visit shows the board, but no hand and no playable move, until the
    engine has the game again."""
    open_app(page, site_url)
    send(page, {"cmd": "new", "game": "triominos", "players": ["human", "greedy"], "seed": 5})
    assert page.query_selector_all("#panels .panel-scene")
    held = HeldRuntime(page.context)
    page.reload()
    page.wait_for_selector("#board-svg")
    poll(page, "() => document.body.dataset.firstBoardMs || document.querySelector('#board-svg polygon')")
    early = _early(page)
    assert early["ready"] is None and early["panels"] == 0
    assert not page.query_selector("#board-svg .selectable")
    held.release()
    page.wait_for_selector(READY, timeout=120_000)
    poll(page, "() => document.querySelectorAll('#panels .panel-scene').length > 0")


def _fails_with_reload(page, site_url):
    page.goto(site_url + "index.html")
    page.wait_for_selector("#reload:not([hidden])", timeout=60_000)
    text = page.inner_text("#loading")
    assert "could not start" in text, text
    assert page.evaluate("document.body.dataset.failed") == "true"
    assert page.evaluate("document.body.dataset.ready") is None
    return text


def test_a_broken_worker_shows_the_error_and_reload(page, site_url):
    page.context.route("**/worker.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body="this is not javascript ("))
    _fails_with_reload(page, site_url)
    page.wait_for_selector(BOARD)  # the board painted first stays on screen
    poll(page, "() => document.getElementById('status').textContent === 'The engine could not start.'")
    page.context.unroute("**/worker.js")
    page.click("#reload")
    page.wait_for_selector(READY, timeout=120_000)


def test_a_missing_worker_or_runtime_shows_the_error(page, site_url):
    page.context.route("**/worker.js", lambda route: route.fulfill(status=404, body="not found"))
    _fails_with_reload(page, site_url)
    page.context.unroute("**/worker.js")
    page.context.route("**/pyodide.mjs", lambda route: route.fulfill(status=404, body="not found"))
    text = _fails_with_reload(page, site_url)
    assert "pyodide" in text.lower() or "import" in text.lower(), text


def test_warm_visits_boot_from_the_engine_snapshot(browser, site_url):
    """After a boot without it, the page makes the engine's memory snapshot; the next visit
    boots from it and plays; a corrupt snapshot is dropped and the normal boot follows."""
    context = browser.new_context(snapshot=True, bypass_csp=True)  # without the tests' no-snapshot setting
    page = context.new_page()
    try:
        open_app(page, site_url)
        assert page.evaluate("document.body.dataset.bootSnapshot") == "none"
        page.wait_for_selector("body[data-snapshot]", state="attached", timeout=120_000)
        assert page.evaluate("document.body.dataset.snapshot") == "stored"
        page.reload()
        page.wait_for_selector(READY, timeout=120_000)
        assert page.evaluate("document.body.dataset.bootSnapshot") == "restored"
        assert set(json.loads(page.evaluate("document.body.dataset.bootPhases"))) == {"snapshot", "total"}
        send(page, {"cmd": "new", "game": "codex", "players": ["human", "human"], "seed": 4})
        assert state(page)["game"] == "codex" and state(page)["legal"]
        send(page, {"cmd": "new", "game": "hex", "options": {"size": 5}, "players": ["human", "human"]})
        send(page, {"cmd": "play", "move": "c3"})
        assert state(page)["moves"] == ["c3"]
        # two restored engines do not share their random numbers (the snapshot froze them)
        seeds = [page.evaluate("async () => (await window.boardwright.call({cmd: 'new', game: 'triominos'})).result.seed")]
        # a warm visit with the network gone: the site from the offline copy, the engine from the snapshot
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=120_000)
        context.set_offline(True)
        page.reload()
        page.wait_for_selector(READY, timeout=120_000)
        assert page.evaluate("document.body.dataset.bootSnapshot") == "restored"
        send(page, {"cmd": "play", "move": "b2"})
        assert state(page)["moves"][-1] == "b2"
        context.set_offline(False)
        # corrupt it (same length, so only the boot can tell): dropped, normal boot, and made anew
        page.evaluate("""async () => {
            const cache = await caches.open('bw-engine-snapshot');
            const [request] = await cache.keys();
            const bytes = new Uint8Array((await (await cache.match(request)).arrayBuffer()).byteLength);
            await cache.put(request, new Response(bytes, {headers: {'X-Snapshot-Length': String(bytes.byteLength)}}));
        }""")
        page.reload()
        page.wait_for_selector(READY, timeout=120_000)
        assert page.evaluate("document.body.dataset.bootSnapshot") == "failed"
        seeds.append(page.evaluate("async () => (await window.boardwright.call({cmd: 'new', game: 'triominos'})).result.seed"))
        assert seeds[0] != seeds[1]
        send(page, {"cmd": "new", "game": "hex"})
        assert state(page)["game"] == "hex"
        # the bad snapshot is gone, and this build's is not made again on every visit
        assert not page.evaluate("caches.has('bw-engine-snapshot')")
        wheel = page.evaluate("async () => (await (await fetch('build.json')).json()).wheel_sha256")
        assert page.evaluate("localStorage.getItem('boardwright.snapshot-failed.v1')") == wheel
    finally:
        context.close()


def test_a_saved_game_without_its_screen_is_not_replaced_by_the_default_board(page, site_url):
    """The game to resume has no stored screen (an older version saved it, or storage was full):
    no playable board before the engine (a click there would land in another game), and the
    engine then resumes that game."""
    open_app(page, site_url)
    send(page, {"cmd": "new", "game": "hex", "options": {"size": 7}, "players": ["human", "human"]})
    send(page, {"cmd": "play", "move": "d4"})
    page.evaluate("localStorage.removeItem('boardwright.screen.v1')")
    held = HeldRuntime(page.context)
    page.reload()
    page.wait_for_selector("#loading:not([hidden])")
    page.wait_for_timeout(500)
    assert _early(page)["targets"] == 0 and page.evaluate("document.body.dataset.ready") is None
    held.release()
    page.wait_for_selector(READY, timeout=120_000)
    st = state(page)
    assert st["options"]["size"] == 7 and st["moves"] == ["d4"]


def test_a_broken_stored_screen_is_forgotten_and_the_engine_takes_over(page, site_url):
    open_app(page, site_url)
    send(page, {"cmd": "play", "move": "f6"})
    page.evaluate("""() => {
        const entry = JSON.parse(localStorage.getItem('boardwright.screen.v1'));
        entry.state.scene.layers[0].items[0] = {kind: 'polygon'};  // no points: drawing it throws
        localStorage.setItem('boardwright.screen.v1', JSON.stringify(entry));
    }""")
    page.reload()
    page.wait_for_selector(READY, timeout=120_000)
    assert state(page)["moves"][0] == "f6"  # the saved game, from the engine
    assert page.evaluate("localStorage.getItem('boardwright.screen.v1')") is not None  # written anew
    assert not page.page_errors, page.page_errors


def test_a_stale_boot_json_is_not_trusted(page, site_url):
    """boot.json from another build (another wheel) with a request this engine refuses: the
    engine's own hello and form start the game, and it plays."""
    def stale(route):
        response = route.fetch()
        data = response.json()
        data["wheel"] = "0" * 64
        data["initial"]["hex"]["request"]["options"] = {"size": 11, "old_option": True}
        route.fulfill(response=response, body=json.dumps(data))

    page.context.route("**/boot.json", stale)
    open_app(page, site_url)
    st = state(page)
    assert st["game"] == "hex" and st["legal"] and not page.is_visible("#error")
    send(page, {"cmd": "play", "move": "f6"})
    assert state(page)["moves"][0] == "f6"


def test_a_failed_start_drops_the_waiting_move_and_says_so(page, site_url):
    held = []
    page.context.route("**/pyodide.mjs", lambda route: held.append(route))  # held, then missing
    page.goto(site_url + "index.html")
    page.wait_for_selector(BOARD)
    page.click('[data-target="f6"]')
    page.wait_for_selector("#board-svg .pending")
    for _ in range(200):  # the worker asks for the runtime's module at once
        if held:
            break
        page.wait_for_timeout(50)
    assert held
    for route in held:
        route.fulfill(status=404, body="not found")
    page.wait_for_selector("#reload:not([hidden])", timeout=60_000)
    assert "f6 was not played" in page.inner_text("#loading")
    assert page.get_attribute("#loading", "role") == "alert"
    assert page.inner_text("#status") == "The engine could not start."
    assert not page.query_selector("#board-svg .pending")
    page.dispatch_event('[data-target="e5"]', "click")  # (under the failure message)
    assert "reload the page" in page.inner_text("#error")
