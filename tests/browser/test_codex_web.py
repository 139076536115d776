"""Codex Naturalis on the built site, in real Chromium: setup choices, placing a card by
clicking (front/back chosen with the preview), drawing from the market, hidden hands."""

from test_web_games import open_app, same_origin_only, wait_idle
from tile_play import human_turn, state


def test_codex_setup_place_and_draw_against_random(page, site_url):
    open_app(page, site_url)
    assert "unofficial" in page.inner_text("footer").lower() and "CODEX" in page.inner_text("footer")
    page.select_option("#game-select", "codex")
    page.select_option("[data-seat='0']", "human")
    page.select_option("[data-seat='1']", "random")
    page.click("#new-game")
    wait_idle(page)
    placed = drawn = 0
    for _ in range(60):
        wait_idle(page)
        s = state(page)
        if s["is_over"] or (placed >= 2 and drawn >= 2):
            break
        # the opponent's hand never reaches the page: only backs (no card targets or ids)
        assert all(p["name"] != "hand-1" for p in s["scene"]["panels"])
        if not human_turn(page):
            continue
        before = len(s["moves"])
        buttons = page.locator("#actions button[data-move]")
        if buttons.count():  # starter side / objective choice
            text = buttons.first.inner_text()
            assert text.startswith("Starter") or text.startswith("Keep objective")
            buttons.first.click()
        elif page.locator(".panel-svg polygon[data-target^='card:'].selectable").count():
            page.locator(".panel-svg polygon[data-target^='card:'].selectable").first.click()
            spots = page.locator("#board-svg polygon.spot.selectable")
            assert spots.count() >= 1
            spots.first.click()
            page.wait_for_function(f"window.boardwright.state().moves.length > {before} || "
                                   "document.getElementById('confirm') !== null", timeout=60_000)
            if page.locator("#confirm").count():  # front and back both fit: flip once, then place
                first = page.inner_text(".choice-info")
                page.keyboard.press("r")
                page.wait_for_function(f"document.querySelector('.choice-info').textContent !== {first!r}")
                page.keyboard.press("Enter")
            placed += 1
        else:  # the draw step: a face-up card or a deck
            page.locator(".panel-svg polygon[data-target^='draw:'].selectable").first.click()
            drawn += 1
        page.wait_for_function(f"window.boardwright.state().moves.length > {before}", timeout=60_000)
    s = state(page)
    assert placed >= 2 and drawn >= 2, (placed, drawn, s["moves"])
    assert any(m.startswith("play ") for m in s["moves"]) and any(m.startswith("draw ") for m in s["moves"])
    assert "Common objectives" in page.inner_text("#notes")
    assert page.locator("#board-svg polygon.card.placed").count() >= 3  # starter + two cards
    same_origin_only(page, site_url)
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


def test_board_zooms_and_pans_without_playing(page, site_url):
    open_app(page, site_url)  # the default game (Hex): zoom is generic
    def box():
        return [float(v) for v in page.get_attribute("#board-svg", "viewBox").split()]
    full = box()
    page.click("#zoom-in")
    zoomed = box()
    assert zoomed[2] < full[2] and zoomed[3] < full[3]
    # drag to pan: the view moves and no move is played
    moves = len(state(page)["moves"])
    svg = page.locator("#board-svg").bounding_box()
    x, y = svg["x"] + svg["width"] / 2, svg["y"] + svg["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 80, y + 40, steps=5)
    page.mouse.up()
    panned = box()
    assert panned[0] < zoomed[0] and panned[2] == zoomed[2]
    assert len(state(page)["moves"]) == moves
    page.mouse.wheel(0, 300)  # the wheel zooms out
    assert box()[2] > panned[2]
    page.click("#zoom-fit")
    assert box() == full
    # a plain click still plays
    page.locator("#board-svg polygon.selectable").first.click()
    page.wait_for_function(f"window.boardwright.state().moves.length > {moves}")
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)
