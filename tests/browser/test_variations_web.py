"""Variations on the page (issue 19, first part): a different move played back in the game
keeps the old line; the strip under the move list goes between the lines, makes one the main
line, deletes one; the tree survives a reload (autosave)."""
from __future__ import annotations

from helpers import READY, open_app, send, state, wait_idle

HUMANS = {"cmd": "new", "game": "hex", "options": {"size": 5}, "seed": 4, "players": ["human", "human"]}


def strip_buttons(page):
    return page.locator("#variations button").all_inner_texts()


def test_variations_by_clicking(page, site_url):
    open_app(page, site_url)
    send(page, HUMANS)
    for cell in ["c3", "b3", "a1"]:
        page.click(f'[data-target="{cell}"]')
        wait_idle(page)
    assert page.locator("#variations").is_hidden()  # one line: nothing to show
    page.click("#undo")
    wait_idle(page)
    page.click("#undo")
    wait_idle(page)
    page.click('[data-target="d2"]')  # another second move: a variation, the old line is kept
    wait_idle(page)
    st = state(page)
    assert st["moves"] == ["c3", "d2"] and st["tree"] == ["c3", "b3", ["d2"], "a1"]
    assert page.locator("#variations").is_visible()
    assert strip_buttons(page)[:2] == ["b3 (main)", "d2"]
    assert page.locator("#variations button.current").inner_text() == "d2"
    page.locator("#variations button", has_text="b3 (main)").click()  # back to the old line
    wait_idle(page)
    assert state(page)["moves"] == ["c3", "b3", "a1"] and state(page)["cursor"] == 2
    assert page.get_by_role("button", name="Make main line").count() == 0  # already the main line
    page.locator("#variations button", has_text="d2").click()
    wait_idle(page)
    page.get_by_role("button", name="Make main line").click()
    wait_idle(page)
    assert state(page)["tree"] == ["c3", "d2", ["b3", "a1"]]
    assert strip_buttons(page)[:2] == ["d2 (main)", "b3"]
    # the tree is saved: a reload brings it back, on the same position
    page.reload()
    page.wait_for_selector(READY, timeout=120_000)
    wait_idle(page)
    assert state(page)["tree"] == ["c3", "d2", ["b3", "a1"]] and state(page)["moves"] == ["c3", "d2"]
    page.get_by_role("button", name="Delete from here").click()
    wait_idle(page)
    st = state(page)
    assert st["tree"] == ["c3", "b3", "a1"] and st["cursor"] == 1 and st["moves"] == ["c3", "b3", "a1"]
    assert not page.page_errors, page.page_errors


def test_the_next_move_of_the_line_on_screen_is_marked(page, site_url):
    open_app(page, site_url)
    send(page, {**HUMANS, "options": {"size": 7}})
    for m in ["d4", "c4", "c5", "b5"]:
        send(page, {"cmd": "play", "move": m})
    send(page, {"cmd": "goto", "cursor": 2})
    for m in ["e3", "d3"]:
        send(page, {"cmd": "play", "move": m})
    send(page, {"cmd": "goto", "path": [0, 0]})  # back two moves: redo would follow e3
    assert strip_buttons(page)[:2] == ["c5 (main)", "e3"]
    assert page.locator("#variations button.current").inner_text() == "e3"
    page.click("#redo")
    wait_idle(page)
    assert state(page)["moves"][:3] == ["d4", "c4", "e3"]


def test_a_share_link_opens_the_whole_tree_in_a_fresh_browser(page, site_url, browser):
    from conftest import CONTEXT_OPTIONS
    open_app(page, site_url)
    send(page, HUMANS)
    for m in ["c3", "b3", "a1"]:
        send(page, {"cmd": "play", "move": m})
    send(page, {"cmd": "goto", "cursor": 1})
    send(page, {"cmd": "play", "move": "d2"})
    page.click("#share")
    page.wait_for_function("document.getElementById('share-output').value.includes('#r=2.')")
    link = page.input_value("#share-output")
    context = browser.new_context(**CONTEXT_OPTIONS)
    try:
        fresh = context.new_page()
        fresh.goto(link)
        fresh.wait_for_selector(READY, timeout=120_000)
        wait_idle(fresh)
        st = state(fresh)
        assert st["tree"] == ["c3", "b3", ["d2"], "a1"] and st["moves"] == ["c3", "d2"]
        assert fresh.locator("#variations").is_visible()
    finally:
        context.close()


def test_arrow_keys_walk_the_line_and_switch_variations(page, site_url):
    open_app(page, site_url)
    send(page, HUMANS)
    for m in ["c3", "b3", "a1"]:
        send(page, {"cmd": "play", "move": m})
    send(page, {"cmd": "goto", "cursor": 1})
    send(page, {"cmd": "play", "move": "d2"})  # on screen: c3 d2 (the variation)

    def press(key):
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.keyboard.press(key)
        wait_idle(page)
        st = state(page)
        return st["moves"][: st["cursor"]]

    assert press("ArrowUp") == ["c3", "b3"]  # the main line's move at this point
    assert press("ArrowDown") == ["c3", "d2"]
    assert press("ArrowLeft") == ["c3"]
    assert press("ArrowRight") == ["c3", "d2"]  # along the line on screen
    assert press("ArrowUp") == ["c3", "b3"]
    assert press("ArrowRight") == ["c3", "b3", "a1"]
    # on the board the arrows move the focus between cells, not through the game
    page.focus('[data-target="e5"]')
    page.keyboard.press("ArrowLeft")
    wait_idle(page)
    assert state(page)["cursor"] == 3
