"""Zoom on touch screens and with the wheel (issue 20, item 3 and the touch-target half of item 2).

Touches go through Chromium's real input pipeline (DevTools ``Input.dispatchTouchEvent``), so the
page's CSS ``touch-action`` and its pointer-event handlers are what decide, as on a phone. The
rule tested (web/board/zoom-touch.js): while the board's cells are under 44 CSS px on screen a tap zooms
in around the tapped point until they are 48 px and plays nothing, the next tap plays; a second
tap soon after a tap that played nothing is a double tap and zooms in; a tap on a playable cell of
a board with cells big enough plays at once; a drag or a pinch never plays.
"""
from __future__ import annotations

import pytest

from helpers import app_page, poll, send, state, wait_idle

PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
DESKTOP = dict(viewport={"width": 1280, "height": 800})
DOUBLE_TAP_OVER_S = 0.45  # longer than the page's double-tap window (350 ms): the next tap is a new tap


@pytest.fixture
def phone(browser, site_url):
    yield from _page(browser, site_url, PHONE)


@pytest.fixture
def desktop(browser, site_url):
    yield from _page(browser, site_url, DESKTOP)


def _page(browser, site_url, options):
    context, page = app_page(browser, site_url, **options)
    page.cdp = context.new_cdp_session(page)
    yield page
    assert not page.page_errors, page.page_errors
    context.close()


def new_hex(page, size):
    send(page, {"cmd": "new", "game": "hex", "options": {"size": size}, "seed": 1, "players": ["human", "human"]})
    page.locator("#board-svg").scroll_into_view_if_needed()


def view_box(page):
    return [float(v) for v in page.get_attribute("#board-svg", "viewBox").split()]


def n_moves(page):
    return len(state(page)["moves"])


def scene_point(page, x, y):
    """The scene (viewBox) point drawn at the screen point (x, y)."""
    return page.evaluate("""([x, y]) => {
        const svg = document.getElementById('board-svg');
        const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM().inverse());
        return [p.x, p.y]; }""", [x, y])


def cell_px(page):
    """The median on-screen size (smaller side) of the board's targets, in CSS px."""
    return page.evaluate("""() => {
        const s = [...document.querySelectorAll('#board-svg [data-target]')].map((n) => {
            const r = n.getBoundingClientRect(); return Math.min(r.width, r.height); }).sort((a, b) => a - b);
        return s[s.length >> 1]; }""")


def centre_of(page, selector):
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def board_centre(page):
    return centre_of(page, "#board-svg")


def touch(page, kind, points):
    page.cdp.send("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})


def gesture(page, starts, ends, steps=8):
    """Fingers down at `starts`, moved in steps to `ends`, lifted."""
    touch(page, "touchStart", starts)
    for k in range(1, steps + 1):
        t = k / steps
        touch(page, "touchMove", [(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t) for (x0, y0), (x1, y1) in zip(starts, ends)])
    touch(page, "touchEnd", [])


def tap(page, x, y):
    touch(page, "touchStart", [(x, y)])
    touch(page, "touchEnd", [])


def settle(page):
    """Let the page handle what was dispatched (a click follows a tap in the same task queue)."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)))")
    wait_idle(page)


def test_pinch_zooms_about_its_centre_and_plays_nothing(phone):
    page = phone
    new_hex(page, 11)
    full = view_box(page)
    cx, cy = board_centre(page)
    cx += 30  # off the middle: the point between the fingers stays put, not the board's centre
    before = scene_point(page, cx, cy)
    scroll = page.evaluate("window.scrollY")
    gesture(page, [(cx - 40, cy), (cx + 40, cy)], [(cx - 100, cy), (cx + 100, cy)])
    settle(page)
    zoomed = view_box(page)
    assert zoomed[2] == pytest.approx(full[2] * 80 / 200, rel=0.05), (full, zoomed)  # 2.5 times
    assert zoomed[3] == pytest.approx(full[3] * 80 / 200, rel=0.05)
    after = scene_point(page, cx, cy)
    step = full[2] / page.locator("#board-svg").bounding_box()["width"]  # scene units per px at Fit
    assert abs(after[0] - before[0]) < 3 * step and abs(after[1] - before[1]) < 3 * step, (before, after)
    assert page.evaluate("window.scrollY") == scroll  # the page neither scrolled nor zoomed
    assert page.evaluate("visualViewport.scale") == 1
    assert n_moves(page) == 0
    assert page.locator("#board").get_attribute("class").split().count("zoomed") == 1
    # pinching in zooms out again, within the limits
    gesture(page, [(cx - 120, cy), (cx + 120, cy)], [(cx - 20, cy), (cx + 20, cy)])
    settle(page)
    out = view_box(page)
    assert out[2] > zoomed[2] and out[2] <= full[2] * 2 + 1e-6
    assert n_moves(page) == 0


def test_two_finger_pan_moves_the_view_and_a_drag_plays_nothing(phone):
    page = phone
    new_hex(page, 11)
    page.click("#zoom-in")
    page.click("#zoom-in")
    cx, cy = board_centre(page)  # (after the clicks: the page may have scrolled to the buttons)
    zoomed = view_box(page)
    # two fingers moving together pan: the board follows them
    gesture(page, [(cx - 30, cy), (cx + 30, cy)], [(cx + 30, cy + 40), (cx + 90, cy + 40)])
    settle(page)
    panned = view_box(page)
    assert panned[2] == pytest.approx(zoomed[2], rel=1e-3)
    assert panned[0] < zoomed[0] - 1e-3 and panned[1] < zoomed[1] - 1e-3, (zoomed, panned)
    # one finger pans the zoomed board, starting on a playable cell: no move
    x, y = centre_of(page, '#board-svg [data-target="f6"]')
    gesture(page, [(x, y)], [(x - 50, y - 20)])
    settle(page)
    dragged = view_box(page)
    assert dragged[0] > panned[0] + 1e-3
    assert n_moves(page) == 0
    # at Fit, one finger over the board is the page's (it scrolls): the board stays as it is
    page.click("#zoom-fit")
    fit = view_box(page)
    x, y = centre_of(page, '#board-svg [data-target="f6"]')
    scroll = page.evaluate("window.scrollY")
    gesture(page, [(x, y)], [(x, y - 120)])
    settle(page)
    assert view_box(page) == fit
    assert page.evaluate("window.scrollY") > scroll
    assert n_moves(page) == 0
    assert page.evaluate("getComputedStyle(document.getElementById('board-svg')).touchAction") == "pan-x pan-y"


def test_small_cells_first_tap_zooms_in_the_next_plays(phone):
    page = phone
    new_hex(page, 11)
    small = cell_px(page)
    assert small < 40, small  # Hex 11 on a 390 px phone: about 34 px cells (turned to fit, render.js)
    full = view_box(page)
    x, y = centre_of(page, '#board-svg [data-target="c3"]')
    tap(page, x, y)
    settle(page)
    assert n_moves(page) == 0
    zoomed = view_box(page)
    assert zoomed[2] < full[2]
    assert cell_px(page) >= 44
    # zoomed about the tapped point: the same cell is still under the finger
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[data-target]').dataset.target",
                         [x, y]) == "c3"
    assert page.locator("#zoom-tip").is_visible()
    assert "tap a cell again to play" in page.inner_text("#announcer")
    page.wait_for_timeout(DOUBLE_TAP_OVER_S * 1000)
    tap(page, x, y)
    poll(page, "() => window.boardwright.state().moves.length === 1")
    wait_idle(page)
    assert state(page)["moves"] == ["c3"]
    assert view_box(page) == zoomed  # the zoom stays for the next move
    # the tip is shown once
    page.wait_for_timeout(DOUBLE_TAP_OVER_S * 1000)
    page.click("#zoom-fit")
    x, y = centre_of(page, '#board-svg [data-target="h8"]')
    tap(page, x, y)
    settle(page)
    assert view_box(page) != full and n_moves(page) == 1
    assert page.locator("#zoom-tip").is_hidden()


def test_big_cells_a_tap_plays_at_once(phone):
    page = phone
    new_hex(page, 3)
    assert cell_px(page) >= 44
    full = view_box(page)
    page.locator('#board-svg [data-target="b2"]').tap()
    poll(page, "() => window.boardwright.state().moves.length === 1")
    wait_idle(page)
    assert state(page)["moves"] == ["b2"]
    assert view_box(page) == full


def test_double_tap_zooms_in_and_never_plays_twice(phone):
    page = phone
    new_hex(page, 3)  # cells of at least 44 px: a tap on a playable one plays
    full = view_box(page)
    # on a spot with nothing to play (the board's edge band, no cell): zoom in twice about it
    box = page.locator("#board-svg").bounding_box()
    x, y = page.evaluate("""() => {
        const r = document.getElementById('board-svg').getBoundingClientRect();
        for (let fy = 0.3; fy < 0.7; fy += 0.02) for (let fx = 0.1; fx < 0.9; fx += 0.02) {
            const x = r.left + r.width * fx, y = r.top + r.height * fy;
            const el = document.elementFromPoint(x, y);
            if (el && el.closest('#board-svg') && !el.closest('[data-target]')) return [x, y];
        }
        return null; }""")
    assert box["x"] < x < box["x"] + box["width"]
    before = scene_point(page, x, y)
    tap(page, x, y)
    tap(page, x, y)
    settle(page)
    zoomed = view_box(page)
    assert zoomed[2] == pytest.approx(full[2] / 2, rel=1e-3)
    after = scene_point(page, x, y)
    assert after == pytest.approx(before, abs=full[2] / 200)
    assert n_moves(page) == 0
    # on a playable cell: the first tap plays, the second does not play again
    page.wait_for_timeout(DOUBLE_TAP_OVER_S * 1000)
    page.click("#zoom-fit")
    x, y = centre_of(page, '#board-svg [data-target="c1"]')
    tap(page, x, y)
    tap(page, x, y)
    poll(page, "() => window.boardwright.state().moves.length >= 1")
    settle(page)
    assert state(page)["moves"] == ["c1"]


def test_wheel_zooms_about_the_cursor_and_a_mouse_click_plays(desktop):
    page = desktop
    new_hex(page, 11)
    full = view_box(page)
    x, y = (round(v) for v in centre_of(page, '#board-svg [data-target="c9"]'))  # wheel events: whole px
    page.mouse.move(x, y)
    before = scene_point(page, x, y)
    page.mouse.wheel(0, -200)
    settle(page)
    zoomed = view_box(page)
    assert zoomed[2] < full[2]
    assert scene_point(page, x, y) == pytest.approx(before, abs=1e-2)
    # a trackpad pinch comes as ctrl+wheel: zooms about the cursor too, and the page keeps its zoom
    page.keyboard.down("Control")
    page.mouse.wheel(0, -40)
    page.keyboard.up("Control")
    settle(page)
    more = view_box(page)
    assert more[2] < zoomed[2]
    assert scene_point(page, x, y) == pytest.approx(before, abs=1e-2)
    assert page.evaluate("visualViewport.scale") == 1
    # zoomed far out, the cells are tiny: a mouse click still plays at once (no tap rule)
    page.click("#zoom-fit")
    for _ in range(4):
        page.click("#zoom-out")
    assert view_box(page)[2] == pytest.approx(full[2] * 2, rel=1e-3)  # the limit: half size
    page.locator('#board-svg [data-target="f6"]').click()
    poll(page, "() => window.boardwright.state().moves.length === 1")
    assert state(page)["moves"] == ["f6"]
