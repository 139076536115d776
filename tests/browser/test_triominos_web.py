"""Triominos on the built site, in real Chromium: a round against the computer by clicking,
hot-seat with the pass-the-device screen, and the settings form (players, single round)."""

import re

from helpers import open_app, same_origin_only, state, wait_idle
from tile_play import human_turn, play_one_turn

OPPONENT = "greedy"


def start(page, players=2, single_round=True, seats=("human", OPPONENT)):
    page.select_option("#game-select", "triominos")
    page.fill("[data-option=players]", str(players))
    page.set_checked("[name=null-target]", single_round)
    for i, who in enumerate(seats):
        page.select_option(f"[data-seat='{i}']", who)
    page.click("#new-game")
    wait_idle(page)


def _round_to_the_end(page, log):
    """Play a new single round against the computer by clicking until it ends."""
    start(page)
    s = state(page)
    assert s["game"] == "triominos" and s["options"]["target"] is None
    assert page.locator("#scores tr").count() == 2
    assert page.locator("#scores-card").is_visible()
    for _ in range(400):
        wait_idle(page)
        s = state(page)
        if s["is_over"]:
            break
        # only Player 1's own hand is ever on the page while the round runs
        assert page.locator(".panel-scene").count() == 1
        assert "Your tiles (Player 1)" in page.inner_text(".panel-scene figcaption")
        assert [p["name"] for p in s["scene"]["panels"]] == ["hand-0"]
        if human_turn(page):
            play_one_turn(page, log)
    wait_idle(page)
    s = state(page)
    assert s["is_over"], "the round did not end"
    assert page.locator("#game-over").is_visible()
    assert re.search(r"Player [12] (wins|win)", page.inner_text("#game-over-result"))
    notes = page.inner_text("#notes")
    assert "Round 1 over" in notes or "Round 1 blocked" in notes
    return s


def test_triominos_round_against_greedy_to_the_end(page, site_url):
    open_app(page, site_url)
    log = []
    for _ in range(3):  # a rare deal (a new game's seed is fresh) leaves the person no tile to place
        s = _round_to_the_end(page, log)
        if "placed" in log:
            break
    assert "placed" in log, log
    # at the end everybody's tiles are shown, and the record replays in the engine
    assert page.locator(".panel-scene").count() == 2
    scores = [int(t) for t in page.locator("#scores td.score").all_inner_texts()]
    assert scores == s["scores"]
    same_origin_only(page, site_url)
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


def test_triominos_hot_seat_hides_hands_between_players(page, site_url):
    open_app(page, site_url)
    start(page, seats=("human", "human"))
    s = state(page)
    opener = s["current_player"]
    assert s["viewer"] == opener
    # a new hot-seat game starts behind the hand-over screen: nobody's tiles are on the page yet
    assert page.locator("#handover").is_visible()
    assert f"Player {opener + 1}" in page.inner_text("#handover-text")
    assert page.locator(".panel-scene").count() == 0
    page.click("#handover-go")
    assert page.locator("#handover").is_hidden()
    hand_before = page.inner_text(".panel-scene figcaption")
    assert f"Player {opener + 1}" in hand_before
    # an illegal click: a hand tile that is not the opening tile shows a message, game unchanged
    legal_tiles = {m["path"][0] for m in s["legal"]}
    for t in page.locator(".panel-svg polygon[data-target]").all():
        if t.get_attribute("data-target") not in legal_tiles:
            t.click()
            assert page.locator("#error").is_visible()
            assert state(page)["moves"] == []
            break
    # open with the required tile
    log = []
    play_one_turn(page, log)
    wait_idle(page)
    s = state(page)
    assert len(s["moves"]) == 1 and s["viewer"] == 1 - opener
    # the next person must take the device first: board and hands are hidden meanwhile
    assert page.locator("#handover").is_visible()
    assert f"Player {2 - opener}" in page.inner_text("#handover-text")
    assert page.locator(".panel-scene").count() == 0
    assert page.locator("#board-svg polygon").count() == 0
    page.click("#handover-go")
    assert page.locator("#handover").is_hidden()
    assert f"Your tiles (Player {2 - opener})" in page.inner_text(".panel-scene figcaption")
    assert page.locator("#board-svg polygon.tile").count() == 1
    # undo goes back to the opener, whose view needs the device handed back
    page.click("#undo")
    wait_idle(page)
    assert state(page)["cursor"] == 0
    assert page.locator("#handover").is_visible()
    page.click("#handover-go")
    assert page.inner_text(".panel-scene figcaption") == hand_before
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


def test_triominos_form_players_and_target(page, site_url):
    open_app(page, site_url)
    page.select_option("#game-select", "triominos")
    assert page.locator("[data-seat]").count() == 2
    page.fill("[data-option=players]", "4")
    page.dispatch_event("[data-option=players]", "input")
    assert page.locator("[data-seat]").count() == 4
    assert page.is_disabled("[data-option=target]") is False
    page.set_checked("[name=null-target]", True)
    assert page.is_disabled("[data-option=target]")
    for i in range(1, 4):
        page.select_option(f"[data-seat='{i}']", "random")
    page.click("#new-game")
    wait_idle(page)
    s = state(page)
    assert len(s["players"]) == 4 and s["options"] == {"players": 4, "target": None, "max_rounds": 20}
    # a bad option keeps the current game and says why
    page.fill("[data-option=players]", "9")
    page.click("#new-game")
    wait_idle(page)
    assert "players" in page.inner_text("#error")
    assert len(state(page)["players"]) == 4


def test_form_follows_a_game_started_through_the_bridge(page, site_url):
    open_app(page, site_url)
    page.evaluate("window.boardwright.send({cmd: 'new', game: 'triominos', seed: 27, "
                  "options: {players: 3, target: null}, players: ['human', 'greedy', 'random']})")
    wait_idle(page)
    assert page.input_value("#game-select") == "triominos"
    assert page.input_value("[data-option=players]") == "3"
    assert page.is_checked("[name=null-target]")
    assert [page.input_value(f"[data-seat='{i}']") for i in range(3)] == ["human", "greedy", "random"]
