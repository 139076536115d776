"""Layout (issue 20): the board's box follows the drawn board, and after New game the first
screen shows the board, whose turn it is and, in the tile and card games, the player's hand, on
a phone (390x844, touch, device scale 2) and on a desktop (1280x800); the loading screen lists
the games and has no stray separator before the engine is up.

Every check reads the page's geometry (bounding boxes), never timings: a smooth scroll to the
board is waited for by polling until the page holds still.
"""
from __future__ import annotations

import json
import urllib.request

import pytest

from conftest import CONTEXT_OPTIONS
from helpers import READY, poll, settled, state, wait_idle

GAMES = ["hex", "y", "triominos", "iwoki", "codex"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}
# a scene's margins around its first tiles (pygame_core/view keeps a minimum viewBox): the tile
# and card games' boards do not fill their box right after New game, whatever the page does
SCENE_MARGINS = {"triominos", "iwoki", "codex"}

# the first screen, as the player sees it: rectangles in CSS pixels of the window
GEOMETRY = """() => {
  const r = (el) => { if (!el || !el.getClientRects().length) return null;
    const b = el.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, width: b.width, height: b.height}; };
  const svg = document.getElementById('board-svg');
  let content = null;
  for (const layer of svg.querySelectorAll('.layer')) {
    const b = layer.getBoundingClientRect();
    if (!b.width && !b.height) continue;
    content = content ? {left: Math.min(content.left, b.left), top: Math.min(content.top, b.top),
      right: Math.max(content.right, b.right), bottom: Math.max(content.bottom, b.bottom)} : {left: b.left, top: b.top, right: b.right, bottom: b.bottom};
  }
  const scene = window.boardwright.state().scene;
  const hand = document.querySelector('#panels .panel-scene.own') || document.querySelector('#panels .panel-scene');
  return {innerHeight: window.innerHeight, innerWidth: window.innerWidth, scrollY: window.scrollY,
    board: r(svg), content, viewBox: svg.dataset.sceneBox.split(' ').map(Number), panels: (scene.panels || []).length,
    status: r(document.getElementById('status')), swatch: !!document.querySelector('#status .swatch'),
    statusText: document.getElementById('status').textContent, hand: r(hand)};
}"""


def _context(browser, kind, **extra):
    context = browser.new_context(**CONTEXT_OPTIONS, **VIEWPORTS[kind], **extra)
    page = context.new_page()
    page.page_errors = []
    page.on("pageerror", lambda exc: page.page_errors.append(str(exc)))
    return context, page


def _inside(rect, geo):
    return rect is not None and rect["top"] >= -1 and rect["bottom"] <= geo["innerHeight"] + 1 \
        and rect["left"] >= -1 and rect["right"] <= geo["innerWidth"] + 1


def _first_screen(page):
    """The geometry once the page holds still (a smooth scroll has ended) and is what it shows.
    A smooth scroll that has not started yet holds still too (a busy machine's first frames come
    late): the board's box is given up to 10 s to come into the window first."""
    for _ in range(100):
        geo = page.evaluate(GEOMETRY)
        if _inside(geo["board"], geo):
            break
        page.wait_for_timeout(100)
    return settled(page, GEOMETRY, key=lambda geo: json.dumps([geo["scrollY"], geo["board"], geo["hand"], geo["status"]]))


def _new_game(page, game):
    seed = page.evaluate("() => { const s = window.boardwright.state(); return s ? s.seed : null; }")
    page.select_option("#game-select", game)
    page.click("#new-game")  # (scrolls the page down to the form first, as a player does)
    poll(page, "([g, seed]) => { const s = window.boardwright.state(); return s && s.game === g && s.seed !== seed; }",
         [game, seed])
    wait_idle(page)


def _cover(geo):
    """How much of the board's box the drawing covers along the box's limiting dimension."""
    box, content = geo["board"], geo["content"]
    if not content:
        return 0.0
    return max((content["right"] - content["left"]) / box["width"], (content["bottom"] - content["top"]) / box["height"])


def _fill(box, aspect):
    """How much of the box the scene's box as drawn (turned) covers along the box's limiting side."""
    if box["width"] / box["height"] > aspect:
        return box["height"] * aspect / box["width"]
    return box["width"] / aspect / box["height"]


@pytest.mark.parametrize("kind", ["phone", "desktop"])
def test_first_screen_after_new_game(browser, site_url, kind):
    """Board, status line (with the side's swatch) and the player's hand in the first viewport,
    and the board's box with the scene's aspect (no empty bands), in all five games."""
    context, page = _context(browser, kind)
    try:
        page.goto(site_url + "index.html")
        page.wait_for_selector(READY, timeout=120_000)
        problems = []
        for game in GAMES:
            _new_game(page, game)
            geo = _first_screen(page)
            where = f"{kind} {game}: {geo}"
            if not _inside(geo["board"], geo):
                problems.append(f"board off screen ({where})")
            if not _inside(geo["status"], geo):
                problems.append(f"status off screen ({where})")
            if not state(page)["is_over"] and not geo["swatch"]:
                problems.append(f"no swatch in the status line ({where})")
            if geo["panels"] and not _inside(geo["hand"], geo):
                problems.append(f"hand off screen ({where})")
            vb = geo["viewBox"]
            fill = _fill(geo["board"], vb[2] / vb[3])
            if fill < 0.97:
                problems.append(f"the board box has empty bands: the scene covers {fill:.0%} ({where})")
            # small only because the scene caps its scale (the first tiles of a tile game) is fine
            scale = geo["board"]["height"] / vb[3]
            capped = scale >= 0.95 * (state(page)["scene"].get("max_scale") or float("inf"))
            if (geo["board"]["width"] < 0.5 * geo["innerWidth"] and geo["board"]["height"] < 0.5 * geo["innerHeight"]
                    and not capped):
                problems.append(f"the board is tiny ({where})")
            if game not in SCENE_MARGINS and _cover(geo) < 0.85:
                problems.append(f"the drawing covers {_cover(geo):.0%} of the box ({where})")
        assert not problems, "\n".join(problems)
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


@pytest.mark.parametrize("kind", ["phone", "desktop"])
def test_tile_and_card_boards_fill_the_box(browser, site_url, kind):
    """The drawing of a tile or card game's board covers 85 % of its box along the limiting
    dimension right after New game: the scene's viewBox hugs what is drawn, and its
    ``max_scale`` keeps the first tiles from filling the screen (Hex and Y are checked in
    test_first_screen_after_new_game)."""
    context, page = _context(browser, kind)
    try:
        page.goto(site_url + "index.html")
        page.wait_for_selector(READY, timeout=120_000)
        covers = {}
        for game in sorted(SCENE_MARGINS):
            _new_game(page, game)
            covers[game] = _cover(_first_screen(page))
        low = {g: f"{c:.0%}" for g, c in covers.items() if c < 0.85}
        assert not low, f"the drawing covers {low} of the box"
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


def test_the_page_shows_the_new_board_after_scrolling_away(browser, site_url):
    """Scrolled down to the form (or anywhere), New game brings the board back to the top of
    the window, instantly under reduced motion."""
    context, page = _context(browser, "phone", reduced_motion="reduce")
    try:
        page.goto(site_url + "index.html")
        page.wait_for_selector(READY, timeout=120_000)
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        before = page.evaluate("window.scrollY")
        assert before > 500
        _new_game(page, "y")
        geo = page.evaluate(GEOMETRY)  # no waiting: reduced motion scrolls at once
        assert _inside(geo["board"], geo) and _inside(geo["status"], geo), geo
        assert geo["scrollY"] < before
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


def _served_index(site_url):
    with urllib.request.urlopen(site_url + "index.html") as resp:
        return resp.read().decode("utf-8")


def test_loading_screen_lists_the_games_and_has_no_stray_separator(browser, site_url):
    """Before any script runs the page's HTML lists the five games and names the engine; with
    the engine held back (worker.js never answers) the menu is there and the footer reads well."""
    html = _served_index(site_url)
    for game in GAMES:
        assert f'<option value="{game}"' in html, game
    context, page = _context(browser, "desktop")
    held = []
    context.route("**/worker.js", lambda route: held.append(route))  # the engine never comes up
    try:
        page.goto(site_url + "index.html")
        page.wait_for_selector("#board-svg:not([data-first]) [data-target]")  # boot.json's board, drawn early by the page
        for _ in range(200):
            if held:
                break
            page.wait_for_timeout(50)
        assert held, "the worker was not held back"
        early = page.evaluate("""() => ({
            games: [...document.querySelectorAll('#game-select option')].map((o) => o.value),
            footer: document.querySelector('footer').innerText.trim(),
            ready: document.body.dataset.ready || null,
            disabled: document.getElementById('new-game').disabled,
            loading: !document.getElementById('loading').hidden})""")
        assert early["ready"] is None and early["loading"] and early["disabled"]
        assert early["games"] == GAMES
        assert not early["footer"].startswith(("·", "-", "|")) and early["footer"].startswith("Boardwright"), early
        assert " · runs" not in early["footer"] and not early["footer"].startswith(" ")
        # choosing another game before the engine is up builds that game's form (boot.json)
        page.select_option("#game-select", "codex")
        assert page.locator("#player-fields [data-seat]").count() >= 2
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


def test_the_menu_without_boot_json(browser, site_url):
    """Without boot.json (a failed fetch) and without the engine, the menu still lists the games
    (the page's own HTML), and choosing one does not break the page."""
    context, page = _context(browser, "phone")
    context.route("**/worker.js", lambda route: None)
    context.route("**/boot.json", lambda route: route.fulfill(status=404, body="missing"))
    try:
        page.goto(site_url + "index.html")
        page.wait_for_load_state("load")
        assert page.evaluate("[...document.querySelectorAll('#game-select option')].map((o) => o.value)") == GAMES
        page.select_option("#game-select", "iwoki")
        assert page.input_value("#game-select") == "iwoki"
        assert page.inner_text("footer").startswith("Boardwright")
        assert not page.page_errors, page.page_errors
    finally:
        context.close()
