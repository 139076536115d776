"""Playing a tile game by clicking, as a person does (shared by the Triominos and iwoki tests)."""


from helpers import state


def human_turn(page):
    return page.evaluate("document.getElementById('board').classList.contains('human-turn')")


def play_one_turn(page, log):
    """Place a tile by clicking it in the hand and then a highlighted spot (cycling once with R
    when several orientations/orders fit there, then Enter); else press the first action button
    (draw or pass).  Returns when the move has been played."""
    before = len(state(page)["moves"])
    tiles = page.locator(".panel-svg polygon.selectable")
    for i in range(tiles.count()):
        tiles.nth(i).click()
        spots = page.locator("#board-svg polygon.spot.selectable")
        if spots.count():
            spots.first.click()
            # the move is played at once, or (several fit) a preview waits for a choice
            page.wait_for_function(f"window.boardwright.state().moves.length > {before} || "
                                   "document.getElementById('confirm') !== null", timeout=60_000)
            if page.locator("#confirm").count():
                first = page.inner_text(".choice-info")
                page.keyboard.press("r")
                page.wait_for_function(f"document.querySelector('.choice-info').textContent !== {first!r}")
                # the choice controls change at once, the preview follows from the worker
                page.wait_for_selector("#board-svg polygon.tile.preview", timeout=60_000)
                assert page.locator("#board-svg polygon.tile.preview").count() == 1
                log.append("rotated")
                page.keyboard.press("Enter")
            page.wait_for_function(f"window.boardwright.state().moves.length > {before}", timeout=60_000)
            log.append("placed")
            return
    button = page.locator("#actions button[data-move]").first
    log.append(button.get_attribute("data-move"))
    button.click()
    page.wait_for_function(f"window.boardwright.state().moves.length > {before}", timeout=60_000)
