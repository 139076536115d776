"""Hex on the built site, in real Chromium, driven as a person would (clicks, form, buttons)."""

import re

import pytest

from helpers import open_app, same_origin_only, wait_idle
from pygame_core.levels import levels

def moves(page):
    return page.locator("#move-list li").count()


def new_game(page, size=None, swap=None, blue="human", red="astar"):
    if size is not None:
        page.fill("[data-option=size]", str(size))
    if swap is not None:
        page.set_checked("[data-option=swap]", swap)
    page.select_option("[data-seat='0']", blue)
    page.select_option("[data-seat='1']", red)
    page.click("#new-game")
    wait_idle(page)


def test_page_shows_a_hex_board_and_settings(page, site_url):
    seconds = open_app(page, site_url)
    print(f"cold load to interactive: {seconds:.2f} s")
    assert page.locator("polygon.cell").count() == 121
    assert page.locator("polygon.cell.legal").count() == 121
    assert page.inner_text("#status").startswith("Blue to move")
    assert page.input_value("[data-option=size]") == "11"
    assert not page.is_checked("[data-option=swap]")
    seat_choices = page.locator("[data-seat='1'] option").all_inner_texts()
    assert seat_choices == ["Human", "Random", "A*", "Smart", "MCTS", "A friend (by link)"]
    assert page.locator("[data-seat='1'] option:checked").inner_text() == "MCTS"
    assert page.locator("#game-over").is_hidden()
    # switching games: seats left at their default take the new game's strongest agent, a seat
    # the person changed keeps its choice where the new game offers it
    page.select_option("#game-select", "codex")
    assert page.locator("[data-seat='1'] option:checked").inner_text() == "ISMCTS"
    page.select_option("[data-seat='1']", "random")
    page.select_option("#game-select", "y")
    assert page.locator("[data-seat='1'] option:checked").inner_text() == "Random"
    assert page.locator("[data-seat='0'] option:checked").inner_text() == "Human"
    page.select_option("#game-select", "hex")
    page.wait_for_selector("[data-option=size]")
    assert page.locator("text.coord", has_text="k").count() == 1
    same_origin_only(page, site_url)
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


def test_full_game_against_astar_with_undo_redo(page, site_url):
    open_app(page, site_url)
    new_game(page, size=7, red="astar")
    assert page.locator("polygon.cell").count() == 49
    # Blue walks down column d, then takes whatever is free: the game must end with the game-over card
    order = [f"d{r}" for r in range(1, 8)] + [f"{c}{r}" for c in "abcefg" for r in range(1, 8)]
    for target in order:
        if page.locator("#game-over").is_visible():
            break
        cell = page.locator(f'polygon[data-target="{target}"]')
        if "legal" not in (cell.get_attribute("class") or ""):
            continue
        before = moves(page)
        cell.click()
        page.wait_for_function(
            f"document.querySelectorAll('#move-list li').length >= {before + 2} || "
            "!document.getElementById('game-over').hidden", timeout=60_000)
        wait_idle(page)
        last = page.locator("polygon.cell.last")
        assert last.count() == 1
        assert page.locator("circle.last-marker").count() == 1
    result = page.locator("#game-over-result")
    assert result.is_visible()
    assert re.fullmatch(r"(Blue|Red) wins!", result.inner_text())
    winner_cls = "blue" if result.inner_text().startswith("Blue") else "red"
    chain = page.locator(f"polygon.cell.win.{winner_cls}")
    assert chain.count() >= 7
    assert page.locator("polygon.cell.legal").count() == 0
    total = moves(page)
    # the move list uses a1 notation
    texts = page.locator("#move-list li button").all_inner_texts()
    assert all(re.fullmatch(r"[a-g][1-7]", t) for t in texts), texts
    # undo takes back the computer's reply and the person's move; redo brings the end back
    if winner_cls == "red":
        page.click("#undo")
        wait_idle(page)
        assert page.locator("#game-over").is_hidden()
        assert page.locator("#move-list li.future").count() == 2
        assert page.inner_text("#status").startswith("Blue to move")
        page.click("#redo")
        wait_idle(page)
        assert page.locator("#game-over").is_visible() and page.locator("#move-list li.future").count() == 0
    else:
        page.click("#undo")
        wait_idle(page)
        assert page.locator("#game-over").is_hidden()
        assert page.locator("#move-list li.future").count() == 1
        page.click("#redo")
        wait_idle(page)
        assert page.locator("#game-over").is_visible()
    # undo all the way to the start, then redo everything
    while not page.locator("#undo").is_disabled():
        page.click("#undo")
        wait_idle(page)
    assert page.locator("polygon.cell.stone").count() == 0
    assert page.locator("#move-list li.future").count() == total
    assert page.inner_text("#status").startswith("Blue to move")
    while not page.locator("#redo").is_disabled():
        page.click("#redo")
        wait_idle(page)
    assert page.locator("#game-over").is_visible() and moves(page) == total
    same_origin_only(page, site_url)
    assert not page.page_errors, page.page_errors


def test_illegal_click_and_bad_option_keep_the_game(page, site_url):
    open_app(page, site_url)
    new_game(page, size=5, red="human")
    page.click('polygon[data-target="c3"]')
    wait_idle(page)
    assert page.locator('polygon[data-target="c3"].stone.blue').count() == 1
    assert page.inner_text("#status").startswith("Red to move")
    page.click('polygon[data-target="c3"]')  # occupied: not playable
    assert page.locator("#error").is_visible()
    assert "not a legal move" in page.inner_text("#error")
    assert moves(page) == 1
    page.fill("[data-option=size]", "99")
    page.click("#new-game")
    wait_idle(page)
    assert "at most 26" in page.inner_text("#error")
    assert page.locator("polygon.cell").count() == 25 and moves(page) == 1
    # the game goes on
    page.click('polygon[data-target="a1"]')
    wait_idle(page)
    assert moves(page) == 2 and page.locator("#error").is_hidden()


def test_swap_button_and_hover_highlight(page, site_url):
    open_app(page, site_url)
    new_game(page, size=3, swap=True, red="human")
    page.click('polygon[data-target="b1"]')
    wait_idle(page)
    swap = page.locator("#actions button", has_text="Swap")
    assert swap.count() == 1
    swap.click()
    wait_idle(page)
    assert page.locator('polygon[data-target="a2"].stone.red').count() == 1
    assert page.locator('polygon[data-target="b1"].empty').count() == 1
    assert page.locator("#actions button").count() == 0
    assert page.inner_text("#status").startswith("Blue to move")
    fill = 'el => getComputedStyle(el).fill'
    cell = page.locator('polygon[data-target="c3"]')
    plain = cell.evaluate(fill)
    cell.hover()
    assert cell.evaluate(fill) != plain
    page.mouse.move(0, 0)
    page.locator('polygon[data-target="c2"]').focus()
    page.keyboard.press("ArrowRight")  # keyboard focus lights the cell (:focus-visible, not a click's focus)
    page.keyboard.press("ArrowLeft")
    target = page.evaluate("document.activeElement.dataset.target")
    assert page.locator(f'polygon[data-target="{target}"]').evaluate(fill) != plain, target
    page.keyboard.press("Enter")  # keyboard play
    wait_idle(page)
    assert page.locator(f'polygon[data-target="{target}"].stone.blue').count() == 1


def test_computer_against_computer_plays_to_the_end(page, site_url):
    open_app(page, site_url)
    new_game(page, size=5, blue="smart", red="random")
    page.wait_for_selector("#game-over:not([hidden])", timeout=120_000)
    assert page.locator("#game-over-result").inner_text() in ("Blue wins!", "Red wins!")


def test_pyodide_and_cpython_play_the_same_game(page, site_url):
    """Determinism across interpreters: the same (options, seed, agents) give the same moves."""
    from pygame_core.bridge import Session, handle

    request = {"cmd": "new", "game": "hex", "options": {"size": 6, "swap": True}, "seed": 12345,
               "players": ["smart", "random"]}
    s = Session()
    st = handle(request, s)["result"]
    while not st["is_over"]:
        st = handle({"cmd": "ai"}, s)["result"]
    open_app(page, site_url)
    page.evaluate("req => window.boardwright.send(req)", request)
    page.wait_for_selector("#game-over:not([hidden])", timeout=120_000)
    browser_state = page.evaluate("window.boardwright.state()")
    assert browser_state["record"] == st["record"]
    assert browser_state["moves"] == st["moves"]


def test_y_is_selectable_and_plays_hot_seat_to_a_win(page, site_url):
    open_app(page, site_url)
    page.select_option("#game-select", "y")
    assert page.input_value("[data-option=size]") == "13"
    assert page.locator("[data-option=family] option").all_inner_texts() == ["regular", "radial"]
    page.fill("[data-option=size]", "3")
    page.select_option("[data-seat='0']", "human")
    page.select_option("[data-seat='1']", "human")
    page.click("#new-game")
    wait_idle(page)
    assert page.locator("polygon.cell").count() == 6
    for target in ["a1", "b1", "a2", "b2", "a3"]:
        page.click(f'polygon[data-target="{target}"]')
        wait_idle(page)
    assert page.locator("#game-over-result").inner_text() == "Blue wins!"
    assert page.locator("polygon.cell.win").count() == 3
    page.click("#undo")
    wait_idle(page)
    assert page.locator("#game-over").is_hidden() and page.inner_text("#status").startswith("Blue to move")


def test_y_radial_board_plays_to_the_end(page, site_url):
    open_app(page, site_url)
    page.select_option("#game-select", "y")
    page.select_option("[data-option=family]", "radial")
    page.fill("[data-option=center_rows]", "3")
    page.fill("[data-option=outer_rows]", "2")
    page.select_option("[data-seat='0']", "human")
    page.select_option("[data-seat='1']", "random")
    page.click("#new-game")
    wait_idle(page)
    assert page.locator("circle.node").count() == 27
    assert page.locator("polyline.edge").count() > 27
    for _ in range(27):
        if page.locator("#game-over").is_visible():
            break
        before = moves(page)
        page.locator("circle.node.legal").first.click()
        page.wait_for_function(
            f"document.querySelectorAll('#move-list li').length >= {before + 2} || "
            "!document.getElementById('game-over').hidden", timeout=60_000)
        wait_idle(page)
    assert page.locator("#game-over-result").inner_text() in ("Blue wins!", "Red wins!")
    assert page.locator("circle.node.win").count() >= 3
    texts = page.locator("#move-list li button").all_inner_texts()
    assert all(re.fullmatch(r"\d+\.\d+", t) for t in texts), texts


SPY_REQUESTS = """(() => {  // log every request the page sends its worker, in order
  const post = Worker.prototype.postMessage;
  window.__sent = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.request) window.__sent.push(message.request.cmd);
    return post.call(this, message, ...rest);
  };
})();"""


def test_computer_thinks_in_slices_shows_progress_and_moves_now_on_request(page, site_url):
    page.add_init_script(SPY_REQUESTS)
    open_app(page, site_url)
    assert page.locator("#level option").all_inner_texts() == [lv["label"] for lv in levels("hex")]
    page.select_option("#level", "3")  # Hard: tens of thousands of playouts (on Hex 7 several slices)
    new_game(page, size=7, blue="human", red="mcts")
    page.locator("polygon.cell.legal").first.click()
    # the worker thinks in slices: the page shows the progress and stays responsive
    page.wait_for_selector("#thinking-info:not([hidden])", timeout=30_000)
    page.wait_for_function("/[0-9,]+ of [0-9,]+ playouts \\([0-9,]+\\/s\\); best so far [a-g][1-7]/.test("
                           "document.getElementById('thinking-info').textContent)")
    assert page.locator("#stop-thinking").is_visible()
    thinks_before = page.evaluate("window.__sent.filter((c) => c === 'think').length")
    page.click("#stop-thinking")  # "Move now": the best move so far, without the rest of the budget
    page.wait_for_function("window.boardwright.state().moves.length === 2", timeout=30_000)
    wait_idle(page)
    sent = page.evaluate("window.__sent")
    # the Hard budget in 0.15 s slices takes many think requests; "Move now" ends the search
    # with the slice in flight (one more request may have left as the click came), then the
    # best move so far is played
    thinks = [i for i, c in enumerate(sent) if c == "think"]
    assert len(thinks) <= thinks_before + 2, sent
    assert "play" in sent[thinks[-1]:], sent
    assert page.locator("#thinking-info").is_hidden() and page.locator("#stop-thinking").is_hidden()
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


def test_hint_marks_a_suggested_move_for_the_person_to_move(page, site_url):
    open_app(page, site_url)
    page.select_option("#level", "1")
    new_game(page, size=5, blue="human", red="human")
    assert page.locator("#hint").is_visible()
    page.click("#hint")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Hint: ')",
                           timeout=30_000)
    move = page.inner_text("#status").split("Hint: ")[1].strip()
    marked = page.locator("#board-svg polygon.cell.hint")
    assert marked.count() == 1 and marked.first.get_attribute("data-target") == move
    assert len(page.evaluate("window.boardwright.state().moves")) == 0  # a hint plays nothing
    marked.first.click()  # playing it clears the mark
    page.wait_for_function("window.boardwright.state().moves.length === 1")
    assert page.locator("#board-svg .hint").count() == 0
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


def test_the_computer_answers_from_the_opening_book_at_once(page, site_url):
    """Hex 11 without swap (the page's default game): the computer's answer to the first move
    is the opening book's (games/hex/book.py), with no search shown."""
    from pygame_core.games.hex.book import book_answer

    page.add_init_script(SPY_REQUESTS)
    open_app(page, site_url)
    page.select_option("#level", "3")  # Hard: seconds of search a move without the book
    new_game(page, size=11, swap=False, blue="human", red="mcts")
    page.click("#board-svg polygon.cell[data-target='c3']")
    page.wait_for_function("window.boardwright.state().moves.length === 2", timeout=30_000)
    wait_idle(page)
    assert page.evaluate("window.boardwright.state().moves") == ["c3", book_answer(["c3"])]
    # one think request, answered at once (without the book, Hard takes many slices of search)
    assert page.evaluate("window.__sent.filter((c) => c === 'think').length") == 1
    assert page.locator("#thinking-info").is_hidden()
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)
