"""Saved games survive two tabs, a full storage, unreadable entries, saves that cannot be opened
and a reload while the computer thinks (issue 18: no saved game is ever lost)."""
from __future__ import annotations

import json

from helpers import READY, poll, send, state, wait_idle

PREFIX = "boardwright.save."  # one key a saved game
LEGACY = "boardwright.saves.v1"  # the first versions' single list
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


def _started(browser, site_url, n_moves):
    """A new context with the page open on a two-person 5x5 Hex game, ``n_moves`` in."""
    context, page = _context_page(browser)
    errors = _open(page, site_url)
    send(page, HUMANS)
    _play(page, CELLS[:n_moves])
    return context, page, errors


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
    """Every saved-game key, by id, parsed (or as its text when it is not JSON)."""
    return page.evaluate("""(p) => {
        const out = {};
        for (let i = 0; i < localStorage.length; i++) {
          const k = localStorage.key(i);
          if (!k.startsWith(p)) continue;
          const text = localStorage.getItem(k);
          try { out[k.slice(p.length)] = JSON.parse(text); } catch (e) { out[k.slice(p.length)] = text; }
        }
        return out; }""", PREFIX)


def _moves_by_save(page):
    return sorted(len(e["record"]["moves"]) for e in _stored(page).values() if e)


def test_two_tabs_never_overwrite_each_other(browser, site_url):
    context, a, errors = _started(browser, site_url, 3)
    try:
        b = context.new_page()
        errors += _open(b, site_url)  # resumes the same saved game
        assert len(state(b)["moves"]) == 3
        _play(a, CELLS[3:8])
        assert _moves_by_save(a) == [8]
        # tab B learns at once that its game moved on elsewhere
        b.wait_for_selector("#tab-notice:not([hidden])", timeout=10_000)
        assert "another tab" in b.inner_text("#tab-notice")
        _play(b, [CELLS[9]])  # the stale tab plays: its line becomes a game of its own
        assert b.locator("#tab-notice").is_visible() and "separate game" in b.inner_text("#tab-notice")
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


FILL = """(prefix) => {
  // fill the origin's storage with valid but big old saves, the last one padded to the byte
  const old = (id, size, n) => JSON.stringify({ id, game: "hex", title: "Hex", status: "old", moves: 1, cursor: 1,
    players: ["human", "human"], record: { game: "hex", options: {}, seed: 1, moves: ["x".repeat(size)] },
    created: n, updated: n, rev: 1 });
  const fits = (id, size, n) => { try { localStorage.setItem(prefix + id, old(id, size, n)); return true; } catch (e) { return false; } };
  let n = 0;
  while (fits("old" + n, 400000, n + 1)) n++;
  let lo = 0, hi = 400000; // the longest padding that still fits
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits("pad", mid, n + 1)) lo = mid; else hi = mid - 1;
  }
  if (!fits("pad", lo, n + 1)) throw new Error("could not fill the storage");
  return n + 1;
}"""


def test_storage_full_warns_and_loses_nothing(browser, site_url):
    context, page, errors = _started(browser, site_url, 2)
    try:
        n_saves = page.evaluate(FILL, PREFIX) + 1  # and the game on screen
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
    context, page, errors = _started(browser, site_url, 3)
    try:
        page.evaluate("""(p) => { localStorage.setItem(p + "broken", "null");
            localStorage.setItem(p + "half", JSON.stringify({ id: "half", game: "hex" }));
            localStorage.setItem(p, "text"); }""", PREFIX)
        _reload(page)  # a null entry no longer stops the page
        assert len(state(page)["moves"]) == 3
        assert "3 stored entries could not be read" in page.inner_text("#saves-card")
        _play(page, [CELLS[3]])
        stored = _stored(page)  # still there, exactly as they were, for export
        assert stored["broken"] is None and stored["half"] == {"id": "half", "game": "hex"} and stored[""] == "text"
        # the first versions' single list, unreadable: the page starts, and the text stays
        page.evaluate("(k) => localStorage.setItem(k, '{not json')", LEGACY)
        _reload(page)
        _play(page, [CELLS[4]])
        assert page.evaluate("(k) => localStorage.getItem(k)", LEGACY) == "{not json"
        assert "4 stored entries could not be read" in page.inner_text("#saves-card")
        with page.expect_download() as dl:
            page.locator("#saves li.unreadable").get_by_role("button", name="Export JSON").click()
        exported = json.loads(open(dl.value.path(), encoding="utf-8").read())
        assert exported["legacy"] == "{not json" and exported["unreadable"]["broken"] == "null"
        assert len(exported["saves"]) == 1
        assert not errors, errors
    finally:
        context.close()


def test_a_save_that_cannot_be_opened_stays_listed_with_its_reason(browser, site_url):
    context, page, errors = _started(browser, site_url, 2)
    try:
        # the current entry: a Triominos record far longer than any Triominos game (over 1 MB)
        page.evaluate("""([p, c]) => { const id = localStorage.getItem(c);
            const s = JSON.parse(localStorage.getItem(p + id));
            s.game = "triominos"; s.title = "Triominos";
            s.record = { format: "boardwright", version: 1, game: "triominos", options: {}, seed: 1,
              moves: Array(200000).fill("draw") };
            s.moves = 200000; s.cursor = 200000;
            localStorage.setItem(p + id, JSON.stringify(s)); }""", [PREFIX, CURRENT])
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
    context, page, errors = _started(browser, site_url, 3)
    try:
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


def test_the_first_versions_list_is_split_into_one_key_a_game(browser, site_url):
    context, page, errors = _started(browser, site_url, 2)
    try:
        games = {}
        for i, n in ((1, 3), (2, 5)):  # two old-format games, one of them current, and a null
            entry = dict(_stored(page)[page.evaluate("(c) => localStorage.getItem(c)", CURRENT)])
            entry.update(id=f"old{i}", moves=n, cursor=n, updated=1000 + i, created=1000 + i)
            entry["record"] = {**entry["record"], "moves": CELLS[:n]}
            entry.pop("rev", None)
            games[f"old{i}"] = entry
        games["gone"] = None
        page.evaluate("""([k, c, g]) => { for (let i = localStorage.length - 1; i >= 0; i--) {
              const key = localStorage.key(i); if (key.startsWith("boardwright.save")) localStorage.removeItem(key); }
            localStorage.setItem(k, JSON.stringify(g)); localStorage.setItem(c, "old2"); }""",
                      [LEGACY, CURRENT, games])
        _reload(page)
        assert len(state(page)["moves"]) == 5  # the current game of the old list resumed
        stored = _stored(page)
        assert sorted(stored) == ["old1", "old2"]
        # the null stays in the old list (kept for export), the moved games are gone from it
        assert json.loads(page.evaluate("(k) => localStorage.getItem(k)", LEGACY)) == {"gone": None}
        assert page.locator("#saves li[data-save]").count() == 2
        assert "1 stored entry could not be read" in page.inner_text("#saves-card")
        assert not errors, errors
    finally:
        context.close()


def test_a_simultaneous_write_of_the_same_revision_keeps_both_lines(browser, site_url):
    """localStorage has no lock across tabs: two tabs may write the same revision at once. The
    tab whose write is hidden sees the other's in the storage event and keeps its own line."""
    context, a, errors = _started(browser, site_url, 2)
    try:
        a_id = a.evaluate("(c) => localStorage.getItem(c)", CURRENT)
        b = context.new_page()
        _open(b, site_url)
        # tab B writes the same revision A just wrote, with another line (as a racing tab would)
        b.evaluate("""([p, id]) => { const e = JSON.parse(localStorage.getItem(p + id));
            e.record.moves = ["c3", "d3"]; e.tab = "racing-tab"; localStorage.setItem(p + id, JSON.stringify(e)); }""",
                   [PREFIX, a_id])
        a.wait_for_selector("#tab-notice:not([hidden])", timeout=10_000)
        assert "separate game" in a.inner_text("#tab-notice")
        lines = sorted(tuple(e["record"]["moves"]) for e in _stored(a).values())
        assert lines == [("a1", "b1"), ("c3", "d3")]  # both lines kept
        assert a.evaluate("(c) => localStorage.getItem(c)", CURRENT) != a_id  # A plays on in its own copy
        _play(a, [CELLS[2]])
        assert sorted(len(e["record"]["moves"]) for e in _stored(a).values()) == [2, 3]
        assert not errors, errors
    finally:
        context.close()
