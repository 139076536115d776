"""The analysis board on the page (issue 19, items 2 and 3): live analysis (candidates that
update, the overlay on the board, proof marks, a principal variation played into the tree) and
the game review (progress, the win-rate graph, marks in the move list, clicking the graph)."""
from __future__ import annotations

from helpers import open_app, poll, send, state, wait_idle

UPDATES = "Number(document.body.dataset.analysisUpdates || 0)"


def new_hex(page, size, moves=(), seed=4):
    send(page, {"cmd": "new", "game": "hex", "options": {"size": size}, "seed": seed, "players": ["human", "human"]})
    for m in moves:
        send(page, {"cmd": "play", "move": m})


def test_live_analysis_updates_shows_candidates_on_the_board_and_plays_a_line(page, site_url):
    open_app(page, site_url)
    new_hex(page, 7, ["d4", "c5"])
    assert page.locator("#analysis-card").is_hidden()
    page.click("#analyse")
    assert page.get_attribute("#analyse", "aria-pressed") == "true"
    first = poll(page, UPDATES)
    poll(page, f"{UPDATES} >= {first + 3}")  # it goes on updating by itself
    poll(page, "document.querySelectorAll('#board-svg .analysis-label').length > 0")
    # one look at the page (it updates itself several times a second)
    seen = page.evaluate("""() => ({
      rows: [...document.querySelectorAll('#analysis-lines li')].map((li) => li.textContent),
      moves: [...document.querySelectorAll('#analysis-lines .candidate-move')].map((b) => b.textContent),
      labels: [...document.querySelectorAll('#board-svg .analysis-label')].map((n) => n.dataset.move),
      info: document.querySelector('#analysis-info').textContent})""")
    assert 1 <= len(seen["rows"]) <= 5 and "%" in seen["rows"][0] and "playouts" in seen["info"]
    legal = {m["move"] for m in state(page)["legal"]}
    assert seen["moves"] and set(seen["moves"]) <= legal
    # the board shows each candidate's win rate on its cell (not clickable: clicks reach the cell)
    assert seen["labels"] and set(seen["labels"]) <= set(seen["moves"])
    # the board stays playable while the analysis runs: a click plays at once
    page.click('[data-target="e3"]')
    wait_idle(page)
    assert state(page)["moves"] == ["d4", "c5", "e3"]
    poll(page, "document.querySelector('#analysis-info').textContent.startsWith('Red to move')")
    # a move of a principal variation plays the line up to it into the tree
    poll(page, "document.querySelectorAll('#analysis-lines .pv button').length > 0")
    line = page.evaluate("""() => {
      const li = [...document.querySelectorAll('#analysis-lines li')].find((l) => l.querySelector('.pv button'));
      const b = li.querySelector('.pv button');
      const line = [li.querySelector('.candidate-move').textContent, b.textContent];
      b.click();  // in the same task as the reading: the list cannot change in between
      return line;
    }""")
    wait_idle(page)
    st = state(page)
    assert st["moves"][3:5] == line and st["cursor"] == 5
    # off: the card and the overlay go, and the engine stops being asked
    page.click("#analyse")
    assert page.locator("#analysis-card").is_hidden()
    assert page.locator("#board-svg .analysis-label").count() == 0
    before = page.evaluate(UPDATES)
    page.wait_for_timeout(800)
    assert page.evaluate(UPDATES) == before
    assert not page.page_errors, page.page_errors


def test_a_proven_win_is_marked_with_a_symbol_and_a_word(page, site_url):
    open_app(page, site_url)
    new_hex(page, 3, ["a1", "b1", "a2", "c1"])  # Blue wins with a3
    page.click("#analyse")
    poll(page, "document.querySelector('#analysis-info').textContent.startsWith('Solved')")
    assert page.inner_text("#analysis-info") == "Solved: Blue wins with a3"
    assert "✓ win" in page.locator("#analysis-lines li").first.inner_text()
    label = page.locator('#board-svg .analysis-label[data-move="a3"]')
    assert label.text_content() == "✓W"
    # a finished game has nothing to analyse, and says so
    page.click('[data-target="a3"]')
    wait_idle(page)
    poll(page, "document.querySelector('#analysis-info').textContent.includes('over')")
    assert not page.page_errors, page.page_errors


def test_review_shows_progress_a_graph_to_click_and_marks(page, site_url):
    open_app(page, site_url)
    # 3x3: b2 wins for Blue; after a3, Blue's a1 throws the win (see tests/test_analysis.py)
    new_hex(page, 3, ["b2", "a3", "a1", "b3", "c1", "c2"])
    st = state(page)
    page.click("#review-start")
    poll(page, "document.querySelector('#review-status').textContent.startsWith('Reviewed 7 positions')", timeout=60)
    assert page.locator("#review-start").is_visible() and page.locator("#review-cancel").is_hidden()
    assert page.locator("#review-graph-box").is_visible()
    assert page.locator("#review-graph .graph-point").count() == 7
    assert page.locator("#review-graph .mark-blunder").count() >= 1
    assert "blunder" in page.inner_text("#review-status")
    # the marks are in the move list too, with a symbol and a word
    mark = page.locator("#move-list .move-mark.mark-blunder").first
    assert mark.inner_text() == "??" and "blunder" in mark.get_attribute("title")
    # a click at the left end of the graph goes to the start, at the right end back to the end
    graph = page.locator("#review-graph")
    box = graph.bounding_box()
    graph.click(position={"x": 4, "y": box["height"] / 2})
    wait_idle(page)
    assert state(page)["cursor"] == 0
    graph.click(position={"x": box["width"] - 4, "y": box["height"] / 2})
    wait_idle(page)
    assert state(page)["cursor"] == len(st["moves"])
    # the review goes into the JSON export
    text = page.evaluate("async () => (await window.boardwright.call({cmd: 'export', format: 'json'})).result.text")
    assert '"review"' in text
    assert not page.page_errors, page.page_errors


def test_a_review_can_be_cancelled_and_goes_on_later(page, site_url):
    open_app(page, site_url)
    new_hex(page, 11, ["f6", "e7", "g5", "d8", "c9", "h4", "b10", "i3"])
    page.click("#review-start")
    poll(page, "document.querySelector('#review-status').textContent.startsWith('Reviewing')")
    page.click("#review-cancel")
    poll(page, "document.querySelector('#review-status').textContent.startsWith('Review stopped')")
    done = page.evaluate("async () => (await window.boardwright.call({cmd: 'review', status: true})).result.done")
    assert done < 9
    page.wait_for_timeout(1500)
    assert page.evaluate("async () => (await window.boardwright.call({cmd: 'review', status: true})).result.done") <= done + 1
    assert page.inner_text("#review-start") == "Go on with the review"
    assert not page.page_errors, page.page_errors
