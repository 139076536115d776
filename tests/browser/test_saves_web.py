"""Saved games survive two tabs, a full storage, unreadable entries, saves that cannot be opened
and a reload while the computer thinks (issue 18: no saved game is ever lost)."""
from __future__ import annotations

import json

from helpers import READY, poll, send, state, wait_idle

SAVES = "boardwright.saves.v1"
CURRENT = "boardwright.current.v1"
HUMANS = {"cmd": "new", "game": "hex", "options": {"size": 5}, "seed": 4, "players": ["human", "human"]}
CELLS = ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3"]


def _context_page(browser):
    from conftest import CONTEXT_OPTIONS  # noqa: PLC0415 - the browser tests' own conftest
    context = browser.new_context(**CONTEXT_OPTIONS)
    return context, context.new_page()


def _open(page, site_url):
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(site_url + "index.html")
    page.wait_for_selector(READY, timeout=120_000)
    wait_idle(page)
    return errors


def _reload(page):
    page.reload()
    page.wait_for_selector(READY, timeout=120_000)
    wait_idle(page)


def _play(page, cells):
    for cell in cells:
        before = len(state(page)["moves"])
        send(page, {"cmd": "play", "move": cell})
        assert len(state(page)["moves"]) == before + 1


def _stored(page):
    return page.evaluate("(k) => JSON.parse(localStorage.getItem(k) || '{}')", SAVES)


def _moves_by_save(page):
    return sorted(len(e["record"]["moves"]) for e in _stored(page).values() if e)


def test_two_tabs_never_overwrite_each_other(browser, site_url):
    context, a = _context_page(browser)
    try:
        errors = _open(a, site_url)
        send(a, HUMANS)
        _play(a, CELLS[:3])
        b = context.new_page()
        errors += _open(b, site_url)  # resumes the same saved game
        assert len(state(b)["moves"]) == 3
        _play(a, CELLS[3:8])
        assert _moves_by_save(a) == [8]
        # tab B learns at once that its game moved on elsewhere
        b.wait_for_selector("#tab-notice:not([hidden])", timeout=10_000)
        assert "another tab" in b.inner_text("#tab-notice")
        _play(b, [CELLS[9]])  # the stale tab plays: its line becomes a game of its own
        assert "separate game" in b.inner_text("#tab-notice")
        assert _moves_by_save(a) == [4, 8]
        # after a reload tab A still has all 8 moves, and both games are listed
        _reload(a)
        assert len(state(a)["moves"]) in (4, 8)  # the page resumes the game last played here...
        texts = a.locator("#saves li").all_inner_texts()
        assert any("8 moves" in t for t in texts) and any("4 moves" in t for t in texts), texts
        # ... and "Show the latest" in the stale tab opens the other line
        b2 = context.new_page()
        _open(b2, site_url)
        b2.locator("#saves li", has_text="8 moves").get_by_role("button", name="Resume").click()
        wait_idle(b2)
        assert len(state(b2)["moves"]) == 8
        assert not errors, errors
    finally:
        context.close()


def test_latest_line_from_another_tab_on_request(browser, site_url):
    context, a = _context_page(browser)
    try:
        _open(a, site_url)
        send(a, HUMANS)
        _play(a, CELLS[:2])
        b = context.new_page()
        _open(b, site_url)
        _play(a, CELLS[2:5])
        b.wait_for_selector("#tab-latest:visible", timeout=10_000)
        b.click("#tab-latest")
        poll(b, "() => window.boardwright.state().moves.length === 5")
        _play(b, [CELLS[6]])  # now up to date: it plays on in the same entry, no fork
        assert _moves_by_save(b) == [6]
        assert b.locator("#tab-notice").is_hidden()
    finally:
        context.close()


FILL = """(key) => {
  // fill the origin's storage with valid but big old saves, the last one padded to the byte
  const saves = JSON.parse(localStorage.getItem(key) || "{}");
  const old = (id, size, n) => ({ id, game: "hex", title: "Hex", status: "old", moves: 1, cursor: 1,
    players: ["human", "human"], record: { game: "hex", options: {}, seed: 1, moves: ["x".repeat(size)] },
    created: n, updated: n, rev: 1 });
  const fits = () => { try { localStorage.setItem(key, JSON.stringify(saves)); return true; } catch (e) { return false; } };
  let n = 0;
  for (;;) {
    const id = "old" + (n++);
    saves[id] = old(id, 400000, n);
    if (!fits()) { delete saves[id]; break; }
  }
  let lo = 0, hi = 400000; // the longest padding that still fits
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    saves.pad = old("pad", mid, n);
    if (fits()) lo = mid; else hi = mid - 1;
  }
  saves.pad = old("pad", lo, n);
  if (!fits()) throw new Error("could not fill the storage");
  return Object.keys(saves).length;
}"""


def test_storage_full_warns_and_loses_nothing(browser, site_url):
    context, page = _context_page(browser)
    try:
        errors = _open(page, site_url)
        send(page, HUMANS)
        _play(page, CELLS[:2])
        n_saves = page.evaluate(FILL, SAVES)
        assert n_saves > 10
        _play(page, CELLS[2:4])  # these two moves cannot be written
        page.wait_for_selector("#storage-warning:not([hidden])")
        warning = page.inner_text("#storage-warning")
        assert "not being saved" in warning
        assert page.get_by_role("button", name="Export JSON").first.is_visible()
        assert len(_stored(page)) == n_saves  # nothing pruned behind the player's back
        # Export JSON: every saved game, in one file
        with page.expect_download() as dl:
            page.click("#storage-export")
        exported = json.loads(open(dl.value.path(), encoding="utf-8").read())
        assert exported["format"] == "boardwright-saves" and len(exported["saves"]) == n_saves
        # Delete old saves: the player's click makes room, the game is saved at once
        page.click("#storage-delete")
        page.wait_for_selector("#storage-warning", state="hidden")
        assert "deleted" in page.inner_text("#storage-note")
        current = page.evaluate("(k) => localStorage.getItem(k)", CURRENT)
        assert len(_stored(page)[current]["record"]["moves"]) == 4
        _reload(page)
        assert len(state(page)["moves"]) == 4  # not one move lost
        assert not errors, errors
    finally:
        context.close()


def test_unreadable_entries_are_skipped_and_kept(browser, site_url):
    context, page = _context_page(browser)
    try:
        errors = _open(page, site_url)
        send(page, HUMANS)
        _play(page, CELLS[:3])
        page.evaluate("""(k) => { const s = JSON.parse(localStorage.getItem(k));
            s.broken = null; s.half = { id: "half", game: "hex" }; s[""] = "text";
            localStorage.setItem(k, JSON.stringify(s)); }""", SAVES)
        _reload(page)  # a null entry no longer stops the page
        assert len(state(page)["moves"]) == 3
        assert "3 stored entries could not be read" in page.inner_text("#saves-card")
        _play(page, [CELLS[3]])
        stored = _stored(page)  # still there, exactly as they were, for export
        assert stored["broken"] is None and stored["half"] == {"id": "half", "game": "hex"} and stored[""] == "text"
        # a whole value that is not JSON: the page starts, and the text is kept aside
        page.evaluate("(k) => localStorage.setItem(k, '{not json')", SAVES)
        _reload(page)  # the saved games cannot be read: a new game (against the computer)
        send(page, HUMANS)
        _play(page, [CELLS[4]])
        assert page.evaluate("() => localStorage.getItem('boardwright.saves.unreadable.v1')") == "{not json"
        assert "could not be read" in page.inner_text("#saves-card")
        assert not errors, errors
    finally:
        context.close()


def test_a_save_that_cannot_be_opened_stays_listed_with_its_reason(browser, site_url):
    context, page = _context_page(browser)
    try:
        errors = _open(page, site_url)
        send(page, HUMANS)
        _play(page, CELLS[:2])
        # the current entry: a Triominos record far longer than any Triominos game (over 1 MB)
        page.evaluate("""([k, c]) => { const s = JSON.parse(localStorage.getItem(k));
            const id = localStorage.getItem(c);
            s[id].game = "triominos"; s[id].title = "Triominos";
            s[id].record = { format: "boardwright", version: 1, game: "triominos", options: {}, seed: 1,
              moves: Array(200000).fill("draw") };
            s[id].moves = 200000; s[id].cursor = 200000;
            localStorage.setItem(k, JSON.stringify(s)); }""", [SAVES, CURRENT])
        _reload(page)
        assert state(page)["game"] == "hex" and state(page)["moves"] == []  # a new game instead
        error = page.inner_text("#error")
        assert "could not be opened" in error and "moves" in error and len(error) < 400
        item = page.locator("#saves li.failed")
        assert item.count() == 1 and "Could not be opened" in item.inner_text()
        page.wait_for_timeout(500)
        assert page.inner_text("#error") == error  # not wiped by the new game
        # it stays across a reload until the player dismisses it; the game stays listed
        page.reload()
        page.wait_for_selector(READY, timeout=120_000)
        assert page.locator("#saves li.failed").count() == 1
        page.locator("#saves li.failed").get_by_role("button", name="Dismiss").click()
        assert page.locator("#saves li.failed").count() == 0
        assert page.locator("#saves li", has_text="Triominos").count() == 1
        assert not errors, errors
    finally:
        context.close()


def test_reload_while_the_computer_thinks_goes_on_thinking(browser, site_url):
    context, page = _context_page(browser)
    try:
        errors = _open(page, site_url)
        page.select_option("#level", "3")
        send(page, {"cmd": "new", "game": "hex", "options": {"size": 7}, "seed": 1, "players": ["human", "mcts"]})
        page.evaluate("(m) => { window.boardwright.send({cmd: 'play', move: m}); }", "d4")
        page.wait_for_selector("#board.thinking")
        page.reload()
        page.wait_for_selector(READY, timeout=120_000)
        # no "Let the computer move": it thinks again by itself and answers
        poll(page, "() => window.boardwright.state().moves.length === 2", timeout=60)
        assert page.locator("#ai-move").is_hidden()
        assert not errors, errors
    finally:
        context.close()


def test_hostile_import_and_link_get_a_short_message_and_keep_the_game(browser, site_url):
    """The issue's reproductions, through the page: the worker answers at once, the message is
    short, the game on screen stays exactly as it was."""
    context, page = _context_page(browser)
    try:
        errors = _open(page, site_url)
        send(page, HUMANS)
        _play(page, CELLS[:3])
        before = state(page)["record"]
        page.click("details.import summary")
        hostile = [
            json.dumps({"game": "triominos", "moves": ["1-2-3 ABC" + " " * 3000 + "!"]}),  # froze the worker
            json.dumps({"game": "hex", "seed": None, "moves": []}),
            json.dumps({"game": "triominos", "moves": ["draw"] * 50_000}),  # longer than any game
            "(;FF[4]GM[11]SZ[5]" + ";" * 200_000 + ")",
            "z" * 900_000,
        ]
        for text in hostile:
            page.evaluate("() => { document.getElementById('error').textContent = ''; }")
            page.evaluate("(t) => { document.getElementById('import-text').value = t; }", text)
            page.click("#import-go")
            page.wait_for_function("document.getElementById('error').textContent.length > 0", timeout=20_000)
            wait_idle(page)
            message = page.inner_text("#error")
            assert "could not be loaded" in message and len(message) < 400, message[:500]
            assert state(page)["record"] == before
        # a flipped share link: a plain message, no zlib internals
        token = page.evaluate("async () => (await window.boardwright.call({cmd: 'share'})).result.token")
        flipped = token[:-12] + ("A" if token[-12] != "A" else "B") + token[-11:]
        page.evaluate("(h) => { location.hash = h; }", "r=" + flipped)
        page.wait_for_function("document.getElementById('error').textContent.includes('link')")
        message = page.inner_text("#error")
        assert "Error -3" not in message and "zlib" not in message.lower() and len(message) < 400, message
        assert state(page)["record"] == before
        assert not errors, errors
    finally:
        context.close()
