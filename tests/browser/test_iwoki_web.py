"""iwoki Maths on the built site, in real Chromium: a 2-player game against Greedy played by
clicking to the end, and hot-seat play behind the pass-the-device screen."""

import re

from helpers import open_app, same_origin_only, state, wait_idle
from tile_play import human_turn, play_one_turn

OPPONENT = "iwoki-greedy"


def start(page, players=2, seats=("human", OPPONENT)):
    page.select_option("#game-select", "iwoki")
    page.fill("[data-option=players]", str(players))
    page.dispatch_event("[data-option=players]", "input")
    for i, who in enumerate(seats):
        page.select_option(f"[data-seat='{i}']", who)
    page.click("#new-game")
    wait_idle(page)


def test_iwoki_game_against_greedy_to_the_end(page, site_url):
    open_app(page, site_url)
    start(page)
    s = state(page)
    assert s["game"] == "iwoki" and s["hidden_information"]
    assert [p["agent"] for p in s["players"]] == ["human", OPPONENT]
    assert page.locator("#scores tr").count() == 2
    assert "Turn order" in page.inner_text("#notes")
    log = []
    for _ in range(300):
        wait_idle(page)
        s, caption = page.evaluate("[window.boardwright.state(), "
                                   "document.querySelector('.panel-scene figcaption').textContent]")
        if s["is_over"]:
            break
        # Player 1's small tiles are the only small tiles on the page; Greedy's hexagonal
        # tiles are public (their own panel, not clickable)
        assert "Your tiles (Player 1)" in caption
        for panel in s["scene"]["panels"][1:]:
            assert "small tiles hidden" in panel["title"]
            assert not any(i.get("target") for layer in panel["layers"] for i in layer["items"])
            assert not any("small tile" in (i.get("name") or "") for layer in panel["layers"] for i in layer["items"])
        if human_turn(page):
            play_one_turn(page, log)
    wait_idle(page)
    s = state(page)
    assert s["is_over"], "the game did not end"
    assert page.locator("#game-over").is_visible()
    assert re.search(r"Player [12] (wins|win)", page.inner_text("#game-over-result"))
    assert "Final:" in page.inner_text("#notes")  # points minus the small tiles left in hand
    assert "placed" in log
    scores = [int(t) for t in page.locator("#scores td.score").all_inner_texts()]
    assert scores == s["scores"]
    # the board shows every tile laid: one polygon per placement
    placed = [m for m in s["moves"] if m not in ("draw", "pass")]
    assert page.locator("#board-svg polygon.tile:not(.preview)").count() == len(placed)
    same_origin_only(page, site_url)
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


def test_iwoki_hot_seat_hides_small_tiles_between_players(page, site_url):
    open_app(page, site_url)
    start(page, seats=("human", "human"))
    s = state(page)
    first = s["current_player"]
    assert page.locator("#handover").is_visible()
    assert f"Player {first + 1}" in page.inner_text("#handover-text")
    assert page.locator(".panel-scene").count() == 0
    page.click("#handover-go")
    caption = page.inner_text(".panel-scene figcaption")
    assert f"Your tiles (Player {first + 1})" in caption and "9 small, 3 hexagonal" in caption
    # the first move: only H1 and H1_H4_H5 are offered; a hexagonal tile's gap is H1
    page.locator(".panel-svg polygon[data-target^='hex:']").first.click()
    gaps = page.locator("#board-svg polygon.spot.selectable")
    assert gaps.count() == 1 and gaps.first.get_attribute("data-target") == "gap:H1"
    gaps.first.click()
    assert page.locator("#confirm").count() == 1  # 12 orders fit the empty layout
    assert "(1 of 12)" in page.inner_text(".choice-info")
    page.keyboard.press("Escape")
    # a draw is illegal on the first move: no draw button; play a small tile instead
    assert page.locator("#actions button[data-move=draw]").count() == 0
    log = []
    play_one_turn(page, log)
    wait_idle(page)
    s = state(page)
    assert len(s["moves"]) == 1 and s["viewer"] == 1 - first
    assert page.locator("#handover").is_visible()
    assert page.locator("#board-svg polygon").count() == 0
    page.click("#handover-go")
    assert f"Your tiles (Player {2 - first})" in page.inner_text(".panel-scene figcaption")
    # the second player's own hand, and the first player's hexagonal tiles face up
    assert page.locator(".panel-scene").count() == 2
    assert "small tiles hidden" in page.inner_text(".panel-scene >> nth=1")
    # an illegal move typed through the bridge is refused with a reason, game unchanged
    bad = page.evaluate("window.boardwright.call({cmd: 'play', move: '333+ @ H40_H41_H62'})")
    assert not bad["ok"] and bad["error"]["message"]
    assert state(page)["moves"] == s["moves"]
    # drawing keeps the turn: the same player acts again, now with 10 small tiles
    page.click("#actions button[data-move=draw]")
    wait_idle(page)
    s = state(page)
    assert s["moves"][-1] == "draw" and s["current_player"] == 1 - first
    assert page.locator("#handover").is_hidden()
    assert "10 small" in page.inner_text(".panel-scene figcaption")
    assert page.locator("#actions button[data-move=draw]").count() == 0  # once per turn
    # undo twice: back to the first player's view, behind the hand-over screen
    page.click("#undo")
    wait_idle(page)
    page.click("#undo")
    wait_idle(page)
    assert state(page)["cursor"] == 0
    assert page.locator("#handover").is_visible()
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


def test_iwoki_search_agents_answer_in_the_browser(page, site_url):
    """Minimax and ISMCTS think in the worker (Pyodide) and answer legal moves."""
    open_app(page, site_url)
    for agent in ("iwoki-minimax", "iwoki-ismcts"):
        start(page, seats=("human", agent))
        log = []
        replies = 0
        for _ in range(12):
            wait_idle(page)
            s = state(page)
            if s["is_over"] or replies >= 2:
                break
            if human_turn(page):
                n = len(s["moves"])
                play_one_turn(page, log)
                wait_idle(page)
                s = state(page)
                if len(s["movers"]) > n + 1 and 1 in s["movers"][n + 1:]:
                    replies += 1
        assert replies >= 1, f"{agent} did not answer"
        assert not page.locator("#error").is_visible() or not page.inner_text("#error")
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)
