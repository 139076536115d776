"""Variations on the page (issue 19): a different move played back in the game keeps the old
line; the move list shows the whole tree lichess style (the main line, each move's alternatives
in a block after it, nested ones in parentheses) and goes to any move; the strip under it makes
a line the main line or deletes one; the tree survives a reload (autosave) and share links;
the arrow keys walk it."""
from __future__ import annotations

import os
from pathlib import Path

from helpers import READY, open_app, send, state, wait_idle

HUMANS = {"cmd": "new", "game": "hex", "options": {"size": 5}, "seed": 4, "players": ["human", "human"]}
MAIN = "#move-list > li > button"  # the main line's moves (one item each)


def texts(page, selector):
    return page.locator(selector).all_inner_texts()


def click_move(page, text, where="#move-list"):
    page.locator(f"{where} button", has_text=text).first.click()
    wait_idle(page)


def test_variations_by_clicking(page, site_url):
    open_app(page, site_url)
    send(page, HUMANS)
    for cell in ["c3", "b3", "a1"]:
        page.click(f'[data-target="{cell}"]')
        wait_idle(page)
    assert page.locator("#variations").is_hidden()  # one line: nothing to show
    assert page.locator("#move-list .var-block").count() == 0
    page.click("#undo")
    wait_idle(page)
    page.click("#undo")
    wait_idle(page)
    page.click('[data-target="d2"]')  # another second move: a variation, the old line is kept
    wait_idle(page)
    st = state(page)
    assert st["moves"] == ["c3", "d2"] and st["tree"] == ["c3", "b3", ["d2"], "a1"]
    assert page.locator("#variations").is_visible()
    assert texts(page, MAIN) == ["c3", "b3", "a1"]  # the main line stays in the list
    assert texts(page, "#move-list > li:nth-child(2) .var-block button") == ["d2"]  # after b3
    assert page.locator("#move-list button.current").inner_text() == "d2"
    click_move(page, "b3")  # back to the old line
    assert state(page)["moves"] == ["c3", "b3", "a1"] and state(page)["cursor"] == 2
    assert page.get_by_role("button", name="Make main line").count() == 0  # already the main line
    click_move(page, "d2")
    page.get_by_role("button", name="Make main line").click()
    wait_idle(page)
    assert state(page)["tree"] == ["c3", "d2", ["b3", "a1"]]
    assert texts(page, MAIN) == ["c3", "d2"]
    assert texts(page, "#move-list > li:nth-child(2) .var-block button") == ["b3", "a1"]
    # the tree is saved: a reload brings it back, on the same position
    page.reload()
    page.wait_for_selector(READY, timeout=120_000)
    wait_idle(page)
    assert state(page)["tree"] == ["c3", "d2", ["b3", "a1"]] and state(page)["moves"] == ["c3", "d2"]
    page.get_by_role("button", name="Delete from here").click()
    wait_idle(page)
    st = state(page)
    assert st["tree"] == ["c3", "b3", "a1"] and st["cursor"] == 1 and st["moves"] == ["c3", "b3", "a1"]
    assert texts(page, "#move-list li button") == ["c3", "b3", "a1"]  # one line again: a plain list
    assert page.locator("#variations").is_hidden()
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
    assert texts(page, "#move-list button.future") == ["e3", "d3"]  # in the variation block
    assert texts(page, "#move-list .var-block button.future") == ["e3", "d3"]
    assert page.locator("#move-list button.current").inner_text() == "c4"
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


def build_nested_tree(page):
    """On Hex 5x5: c3 b3 a1 d4 (the main line), d2 e1 instead of b3, and e2 instead of e1."""
    send(page, HUMANS)
    for m in ["c3", "b3", "a1", "d4"]:
        send(page, {"cmd": "play", "move": m})
    send(page, {"cmd": "goto", "cursor": 1})
    for m in ["d2", "e1"]:
        send(page, {"cmd": "play", "move": m})
    send(page, {"cmd": "goto", "path": [0, 1]})
    send(page, {"cmd": "play", "move": "e2"})
    assert state(page)["tree"] == ["c3", "b3", ["d2", "e1", ["e2"]], "a1", "d4"]


def screenshot(page, tmp_path, name):
    """A screenshot of the whole page and of the move list's card (BOARDWRIGHT_SCREENSHOTS: a
    directory to keep them in)."""
    out = Path(os.environ.get("BOARDWRIGHT_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / f"{name}-page.png"), full_page=True)
    page.locator("section[aria-labelledby=moves-heading]").screenshot(path=str(out / f"{name}-moves.png"))


def test_the_move_list_shows_the_tree_inline(page, site_url, tmp_path):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, site_url)
    build_nested_tree(page)
    # the main line, one item a move; the variation in a block in b3's item, e2 nested inside it
    assert texts(page, MAIN) == ["c3", "b3", "a1", "d4"]
    items = page.locator("#move-list > li")
    assert items.nth(1).locator(".var-block").count() == 1
    assert sum(items.nth(i).locator(".var-block").count() for i in (0, 2, 3)) == 0
    assert texts(page, "#move-list .var-block > .var-line > .mv button") == ["d2", "e1"]
    assert texts(page, "#move-list .var-line > .var-inline button") == ["e2"]
    current = page.locator("#move-list button.current")
    assert current.count() == 1 and current.inner_text() == "e2"
    assert current.get_attribute("aria-current") == "true"
    assert current.get_attribute("aria-label") == "Go to the position after move 3, e2 (variation)"
    assert page.locator(MAIN).first.get_attribute("aria-label") == "Go to the position after move 1, c3"
    assert page.locator("#move-list > li").first.get_attribute("class") == "p0"  # by mover
    screenshot(page, tmp_path, "desktop")
    # a variation move goes to that node; a main-line move goes back to the main line
    click_move(page, "e1")
    st = state(page)
    assert st["path"] == [0, 1, 0] and st["moves"] == ["c3", "d2", "e1"]
    assert page.locator("#move-list button.current").inner_text() == "e1"
    click_move(page, "d2")
    assert state(page)["path"] == [0, 1]
    assert texts(page, "#move-list button.future") == ["e1"]  # the line on screen goes on with e1
    click_move(page, "a1")
    st = state(page)
    assert st["path"] == [0, 0, 0] and st["moves"] == ["c3", "b3", "a1", "d4"]
    assert texts(page, "#move-list > li.current > button") == ["a1"]
    assert texts(page, "#move-list > li.future > button") == ["d4"]
    # by keyboard: the focus follows the move on screen through the rebuilt list
    page.focus('#move-list button[aria-label="Go to the position after move 2, d2 (variation)"]')
    page.keyboard.press("Enter")
    wait_idle(page)
    assert state(page)["path"] == [0, 1]
    page.keyboard.press("ArrowLeft")
    wait_idle(page)
    assert state(page)["path"] == [0]
    assert page.evaluate("document.activeElement.matches('#move-list button.current')")
    assert page.evaluate("document.activeElement.textContent") == "c3"
    # promote: the variation becomes the main line, the old main line a block after d2
    click_move(page, "e2")
    page.get_by_role("button", name="Make main line").click()
    wait_idle(page)
    assert state(page)["tree"] == ["c3", "d2", ["b3", "a1", "d4"], "e2", ["e1"]]
    assert texts(page, MAIN) == ["c3", "d2", "e2"]
    assert texts(page, "#move-list > li:nth-child(2) .var-block button") == ["b3", "a1", "d4"]
    assert texts(page, "#move-list > li:nth-child(3) .var-block button") == ["e1"]
    assert page.locator("#move-list > li.current > button").inner_text() == "e2"
    # delete: b3 and what follows leave the list
    click_move(page, "b3")
    page.get_by_role("button", name="Delete from here").click()
    wait_idle(page)
    assert state(page)["tree"] == ["c3", "d2", "e2", ["e1"]]
    assert texts(page, MAIN) == ["c3", "d2", "e2"]
    assert texts(page, "#move-list .var-block button") == ["e1"]
    assert page.locator("#move-list button", has_text="b3").count() == 0
    assert not page.page_errors, page.page_errors


def test_the_tree_fits_a_phone(page, site_url, tmp_path):
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, site_url)
    build_nested_tree(page)
    for m in ["d5", "b4", "a5", "e5"]:  # a longer variation, to wrap
        send(page, {"cmd": "play", "move": m})
    send(page, {"cmd": "goto", "path": [0, 1, 1, 0]})
    send(page, {"cmd": "play", "move": "a2"})  # nested twice: instead of b4, in the e2 line
    send(page, {"cmd": "goto", "path": [0]})
    send(page, {"cmd": "play", "move": "a4"})  # a second variation of b3
    assert state(page)["tree"] == ["c3", "b3", ["d2", "e1", ["e2", "d5", "b4", ["a2"], "a5", "e5"]], ["a4"], "a1", "d4"]
    assert page.locator("#move-list .var-block .var-line").count() == 2
    assert texts(page, "#move-list .var-inline .var-inline button") == ["a2"]
    page.locator("#move-list").scroll_into_view_if_needed()
    screenshot(page, tmp_path, "phone")
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    lst = page.locator("#move-list")
    assert lst.evaluate("(l) => l.scrollWidth <= l.clientWidth")
    # playing a move scrolls the list, not the page
    page.evaluate("window.scrollTo(0, 0)")
    send(page, {"cmd": "goto", "path": [0, 0, 0]})
    assert page.evaluate("window.scrollY") == 0


def test_a_long_tree_is_built_without_a_layout_read(page, site_url):
    """A tree of 3,000 moves (a main line of 1,000, a two-move variation after each): the list
    is built with no layout read (nothing that makes the browser lay the page out before the
    list is done); it scrolls to the move on screen at the next frame. (How long it takes is a
    figure for the log, not a test: the machine is shared.)"""
    open_app(page, site_url)
    got = page.evaluate("""async () => {
      const { renderMoveList } = await import("./panels/moves.js");
      // every way a script reads layout, counted while the list is built
      let reads = 0, counting = false;
      const spy = (proto, name) => {
        const d = Object.getOwnPropertyDescriptor(proto, name);
        if (d.get) Object.defineProperty(proto, name, { ...d, get() { if (counting) reads++; return d.get.call(this); } });
        else Object.defineProperty(proto, name, { ...d, value(...a) { if (counting) reads++; return d.value.apply(this, a); } });
      };
      for (const n of ["getBoundingClientRect", "getClientRects", "scrollTop", "scrollHeight", "clientHeight",
                       "clientWidth", "scrollIntoView"]) spy(Element.prototype, n);
      for (const n of ["offsetTop", "offsetHeight", "offsetWidth", "offsetLeft", "innerText"]) spy(HTMLElement.prototype, n);
      spy(window, "getComputedStyle");
      const tree = [];
      for (let i = 0; i < 1000; i++) tree.push(`m${i}`, [`v${i}`, `w${i}`]);
      const line_path = Array(1000).fill(0);
      const state = { tree, path: line_path.slice(0, 500), line_path, moves: tree.filter((x) => typeof x === "string"),
                      cursor: 500, movers: Array.from({ length: 500 }, (_, i) => i % 2) };
      const times = [], during = [];
      for (let k = 0; k < 3; k++) {
        const t = performance.now();
        reads = 0; counting = true;
        renderMoveList(state);
        counting = false;
        during.push(reads);
        times.push(performance.now() - t);
        reads = 0; counting = true;
        await new Promise((r) => { requestAnimationFrame(() => requestAnimationFrame(r)); });
        counting = false;
        during.push(-reads);   // the frame's scroll does read (negative: after the build)
      }
      return { ms: Math.min(...times), during };
    }""")
    builds, frames = got["during"][0::2], got["during"][1::2]
    assert builds == [0, 0, 0], got          # no layout read while the list is built
    assert all(f < 0 for f in frames), got   # the spy sees reads: the scroll at the next frame reads
    assert page.locator("#move-list > li").count() == 1000
    assert page.locator("#move-list button").count() == 3000
    current = page.locator("#move-list button.current")
    assert current.inner_text() == "m499"
    box, cur = page.locator("#move-list").bounding_box(), current.bounding_box()
    assert box["y"] <= cur["y"] and cur["y"] + cur["height"] <= box["y"] + box["height"]  # scrolled to
    print(f"3,000-move tree built in {got['ms']:.1f} ms")
