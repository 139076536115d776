"""The table on a phone (390x844, touch, device scale 2) and a desktop (1280x800): boards that
fill the screen (the automatic orientation), a zoomed board that keeps its edges, coordinates and
an overview in sight, the game-over card (never over the board; Rematch swaps the seats), and a
focus ring for keyboard focus only.

Geometry is read from the page (bounding boxes, computed styles), never from timings.
"""
from __future__ import annotations

import json
import random

import pytest

from helpers import app_page, poll, send, settled, state, wait_idle
from pygame_core.core import new_game

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}
SETTINGS = "boardwright.settings"

# a finished game of each kind, played at random in CPython, and the seats it is loaded with
FINISHED = {
    "hex": ({"size": 5}, ["human", "random"]),
    "y": ({"size": 5}, ["human", "random"]),
    "triominos": ({"players": 3, "target": None}, ["human", "random", "greedy"]),
    "iwoki": ({}, ["human", "random"]),
    "codex": ({}, ["human", "random"]),
}

# the board's box, its targets' median size (the smaller side), its coordinates' median height
BOARD = """() => {
  const svg = document.getElementById('board-svg');
  const b = svg.getBoundingClientRect();
  const med = (xs) => { xs.sort((a, b) => a - b); return xs.length ? xs[xs.length >> 1] : 0; };
  const cells = [...svg.querySelectorAll('[data-target]')].map((n) => { const r = n.getBoundingClientRect(); return Math.min(r.width, r.height); });
  const coords = [...svg.querySelectorAll('.layer text.coord')].map((n) => n.getBoundingClientRect().height);
  return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, height: b.height, width: b.width,
    cell: med(cells), coord: med(coords), turned: svg.dataset.turned === '1', innerHeight, innerWidth};
}"""


def _page(browser, site_url, kind, settings=None):
    seed = None if settings is None else (
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1'); "
        f"localStorage.setItem({json.dumps(SETTINGS)}, {json.dumps(json.dumps(settings))}); }}")
    return app_page(browser, site_url, seed, **VIEWPORTS[kind])


def _form_game(page, game, size=None):
    """A new game from the form, as a player starts one (the page scrolls to the board)."""
    seed = state(page)["seed"]
    page.select_option("#game-select", game)
    if size is not None:
        page.fill("#option-fields [data-option=size]", str(size))
    for i, select in enumerate(page.locator("#player-fields [data-seat]").all()):
        select.select_option("human" if i == 0 else "random")
    page.click("#new-game")
    poll(page, "([g, s]) => { const st = window.boardwright.state(); return st.game === g && st.seed !== s; }", [game, seed])
    wait_idle(page)
    return _still(page)


def _still(page):
    """The board's geometry once a smooth scroll has ended."""
    return settled(page, BOARD, key=json.dumps)


# ---------------------------------------------------------------- boards that fill the screen
def test_boards_fill_the_phone(browser, site_url):
    """Hex 11 on a 390x844 phone: turned, cells of 30 px or more, the board over half the
    window's height and wholly on screen, coordinates at least 10 px tall; Hex 13 and 19 and Y
    turned as well; the tile and card games as they were (never turned)."""
    context, page = _page(browser, site_url, "phone")
    try:
        geo = _form_game(page, "hex", 11)
        assert geo["turned"], geo
        assert geo["cell"] >= 30, geo
        assert geo["height"] >= 0.5 * geo["innerHeight"], geo
        assert geo["top"] >= -1 and geo["bottom"] <= geo["innerHeight"] + 1, geo
        assert geo["coord"] >= 10, geo
        for size in (13, 19):
            geo = _form_game(page, "hex", size)
            assert geo["turned"] and geo["height"] >= 0.5 * geo["innerHeight"], (size, geo)
            assert geo["cell"] >= 30 * 11 / size - 1, (size, geo)
        geo = _form_game(page, "y")
        assert geo["turned"] and geo["height"] >= 0.5 * geo["innerHeight"], geo
        for game in ("triominos", "iwoki", "codex"):
            geo = _form_game(page, game)
            assert not geo["turned"], (game, geo)
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


def test_boards_stay_flat_on_a_desktop(browser, site_url):
    """At 1280x800 Hex 11 keeps its usual orientation (turning would draw it smaller), with
    cells of 40 px and over half the window's height."""
    context, page = _page(browser, site_url, "desktop")
    try:
        geo = _form_game(page, "hex", 11)
        assert not geo["turned"] and geo["cell"] >= 40 and geo["height"] >= 0.5 * geo["innerHeight"], geo
        geo = _form_game(page, "y")
        assert not geo["turned"], geo
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


def _corner(page, target):
    r = page.locator(f'#board-svg [data-target="{target}"]').bounding_box()
    return r["x"] + r["width"] / 2, r["y"] + r["height"] / 2


def _display(page, rotate):
    page.click("#display-open")
    page.wait_for_selector("#display-dialog[open]")
    page.select_option("#display-form [name=rotate]", rotate)
    page.click("#display-close")


def test_an_explicit_orientation_is_kept(browser, site_url):
    """Display's orientation: a turn chosen there is what is drawn, on a phone too; Automatic
    (the default) turns Hex as its transpose (a1 stays top left) and follows the window: a phone
    turned to landscape gets the flat board, back upright the turned one. Settings kept by an
    older page (rotate 0, which was the default) read as Automatic."""
    context, page = _page(browser, site_url, "phone", settings={"rotate": 0})  # an older page's default
    try:
        send(page, {"cmd": "new", "game": "hex", "options": {"size": 11}, "players": ["human", "human"], "seed": 3})
        geo = page.evaluate(BOARD)
        assert geo["turned"], geo
        a1, k1, a11 = _corner(page, "a1"), _corner(page, "k1"), _corner(page, "a11")
        assert a1[0] < a11[0] and a1[1] < k1[1], (a1, k1, a11)  # the transpose: letters down, numbers across
        _display(page, "0")
        assert not page.evaluate(BOARD)["turned"]
        a1, k1 = _corner(page, "a1"), _corner(page, "k1")
        assert k1[0] > a1[0] + 100, (a1, k1)  # as the engine draws it: flat
        assert json.loads(page.evaluate(f"localStorage.getItem({json.dumps(SETTINGS)})"))["rotate"] == 0
        _display(page, "90")
        a1, k1 = _corner(page, "a1"), _corner(page, "k1")
        assert k1[1] > a1[1] + 100 and a1[0] > k1[0] - 5, (a1, k1)  # a quarter turn clockwise
        _display(page, "auto")
        assert page.evaluate(BOARD)["turned"]
        page.set_viewport_size({"width": 844, "height": 390})  # the phone turned
        poll(page, "() => document.getElementById('board-svg').dataset.turned === ''", timeout=10)
        page.set_viewport_size({"width": 390, "height": 844})
        poll(page, "() => document.getElementById('board-svg').dataset.turned === '1'", timeout=10)
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


# ---------------------------------------------------------------- zoom with context
CONTEXT_VIEW = """() => {
  const svg = document.getElementById('board-svg');
  const ov = document.getElementById('board-overview');
  const vb = svg.getAttribute('viewBox').split(' ').map(Number);
  const zones = [...svg.querySelectorAll('.layer .zone')].map((z) => getComputedStyle(z).fill);
  const bands = [...svg.querySelectorAll('.zoom-context .zoom-band')].map((b) => getComputedStyle(b).fill);
  const labels = [...svg.querySelectorAll('.zoom-context text.coord')].map((t) => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, x: +t.getAttribute('x'), y: +t.getAttribute('y'), height: r.height,
      shown: getComputedStyle(t).display !== 'none'}; });
  const lines = {};
  for (const t of svg.querySelectorAll('.layer text.coord[data-line]')) lines[t.textContent] = t.dataset.line.split(' ').map((p) => p.split(',').map(Number));
  const ovShown = !!ov && !ov.hasAttribute('hidden') && ov.getClientRects().length > 0;
  const rect = ov && ov.querySelector('.ov-view');
  const last = ov && ov.querySelector('.ov-last');
  const lastCell = svg.querySelector('.layer [data-target].last');
  const lb = lastCell && lastCell.getBBox();
  const sr = svg.getBoundingClientRect();
  const orr = ovShown ? ov.getBoundingClientRect() : null;
  return {vb, zones, bands, labels, lines, ovShown,
    ovRect: rect ? ['x', 'y', 'width', 'height'].map((a) => +rect.getAttribute(a)) : null,
    ovLast: last ? [+last.getAttribute('cx'), +last.getAttribute('cy'), +last.getAttribute('r')] : null,
    lastCentre: lb ? [lb.x + lb.width / 2, lb.y + lb.height / 2] : null,
    svgRect: [sr.left, sr.top, sr.right, sr.bottom], ovBox: orr ? [orr.left, orr.top, orr.right, orr.bottom] : null};
}"""


def _distance_to_line(p, line):
    (ax, ay), (bx, by) = line
    dx, dy = bx - ax, by - ay
    return abs((p[0] - ax) * dy - (p[1] - ay) * dx) / (dx * dx + dy * dy) ** 0.5


def test_a_zoomed_board_keeps_its_edges_coordinates_and_an_overview(browser, site_url):
    """Zoomed in on a phone's Hex 11: bands in the edges' colours along the view's borders,
    coordinates on them that sit on the line they name and do not overlap, an overview inside
    the board's box with the part on screen outlined and the last move marked; a tap on the
    overview pans there; Fit takes it all away."""
    context, page = _page(browser, site_url, "phone")
    try:
        send(page, {"cmd": "new", "game": "hex", "options": {"size": 11}, "players": ["human", "human"], "seed": 3})
        for move in ("f6", "e7", "b2"):
            send(page, {"cmd": "play", "move": move})
        page.locator("#board-svg").scroll_into_view_if_needed()
        ctx = page.evaluate(CONTEXT_VIEW)
        assert not ctx["ovShown"] and not ctx["bands"] and not ctx["labels"], ctx  # not zoomed: nothing
        for _ in range(4):
            page.click("#zoom-in")
        ctx = page.evaluate(CONTEXT_VIEW)
        # the bands: four, each in the colour of one of the board's edges (Hex has no neutral side)
        assert len(ctx["bands"]) == 4 and set(ctx["bands"]) <= set(ctx["zones"]) and len(set(ctx["bands"])) == 2, ctx
        # the coordinates: some of each kind, on the line they name, readable, apart
        shown = [lb for lb in ctx["labels"] if lb["shown"]]
        assert any(lb["text"].isalpha() for lb in shown) and any(lb["text"].isdigit() for lb in shown), shown
        unit = ctx["vb"][2] / (ctx["svgRect"][2] - ctx["svgRect"][0])  # scene units a CSS px
        for lb in shown:
            assert _distance_to_line((lb["x"], lb["y"]), ctx["lines"][lb["text"]]) < 1e-3 + 2 * unit, lb
            assert lb["height"] >= 10, lb
        for i, a in enumerate(shown):
            for b in shown[i + 1:]:
                assert ((a["x"] - b["x"]) ** 2 + (a["y"] - b["y"]) ** 2) ** 0.5 >= 12 * unit, (a, b)
        # the overview: in the board's box, the view outlined, the last move (b2) marked
        assert ctx["ovShown"], ctx
        s, o = ctx["svgRect"], ctx["ovBox"]
        assert o[0] >= s[0] - 1 and o[1] >= s[1] - 1 and o[2] <= s[2] + 1 and o[3] <= s[3] + 1, ctx
        assert all(abs(a - b) < 1e-2 for a, b in zip(ctx["ovRect"], ctx["vb"])), ctx
        assert ctx["ovLast"][2] > 0 and abs(ctx["ovLast"][0] - ctx["lastCentre"][0]) < 1e-2 \
            and abs(ctx["ovLast"][1] - ctx["lastCentre"][1]) < 1e-2, ctx
        # a tap on the overview near its top left corner brings that part to the middle
        before = ctx["vb"]
        box = page.locator("#board-overview").bounding_box()
        page.tap("#board-overview", position={"x": box["width"] * 0.2, "y": box["height"] * 0.15})
        after = page.evaluate(CONTEXT_VIEW)["vb"]
        assert after[1] < before[1] - 1 and after[2] == pytest.approx(before[2]), (before, after)
        assert len(state(page)["moves"]) == 3  # it played nothing
        page.click("#zoom-fit")
        ctx = page.evaluate(CONTEXT_VIEW)
        assert not ctx["ovShown"] and not ctx["bands"] and not ctx["labels"], ctx
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


# ---------------------------------------------------------------- the game-over card
def _finished(game):
    options, players = FINISHED[game]
    g = new_game(game, seed=5, **options)
    rng = random.Random(5)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    return g.record(), players


OVER_THE_BOARD = """() => {
  // every visible element, other than the board and what holds it, that overlaps the board's
  // box, and the winning chain's cells that another element covers at their centre
  const svg = document.getElementById('board-svg');
  const b = svg.getBoundingClientRect();
  const overlaps = (r, q) => r.left < q.right - 1 && r.right > q.left + 1 && r.top < q.bottom - 1 && r.bottom > q.top + 1;
  const shown = (el) => { // the part of el's box on screen: clipped by the boxes that scroll it
    let r = el.getBoundingClientRect();
    r = {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflow === 'visible') continue;
      const c = a.getBoundingClientRect();
      r = {left: Math.max(r.left, c.left), top: Math.max(r.top, c.top), right: Math.min(r.right, c.right), bottom: Math.min(r.bottom, c.bottom)};
    }
    return r;
  };
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el === svg || svg.contains(el) || el.contains(svg) || !el.getClientRects().length) continue;
    const st = getComputedStyle(el);
    if (st.visibility === 'hidden' || st.display === 'none' || +st.opacity === 0) continue;
    if (overlaps(shown(el), b)) out.push(el.id || el.className || el.tagName);
  }
  const covered = [];
  for (const cell of svg.querySelectorAll('.layer [data-target].win')) {
    const r = cell.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !svg.contains(hit)) covered.push(cell.dataset.target);
  }
  const chain = svg.querySelectorAll('.layer [data-target].win').length;
  return {overlaps: out, covered, chain};
}"""


@pytest.mark.parametrize("kind", ["phone", "desktop"])
def test_game_over_card_in_every_game(browser, site_url, kind):
    """A finished game of each of the five games: the card names the result and offers
    Rematch, New game, Review game and Share, all on screen with the board, and nothing lies
    over the board (the winning chain of Hex and Y included); Rematch starts the same game with
    the same options and every seat moved on one (two players: swapped)."""
    context, page = _page(browser, site_url, kind)
    try:
        for game in FINISHED:
            record, players = _finished(game)
            send(page, {"cmd": "load", "record": record, "players": players})
            st = state(page)
            assert st["is_over"] and st["game"] == game, game
            page.locator("#play-card").scroll_into_view_if_needed()
            page.evaluate("() => window.scrollTo(0, document.getElementById('play-card').getBoundingClientRect().top + scrollY - 4)")
            assert page.locator("#game-over").is_visible(), game
            assert page.locator("#status").is_hidden(), game
            result = page.inner_text("#game-over-result")
            winners = [st["players"][i]["name"] for i in st["winners"]]
            assert all(w in result for w in winners) and ("win" in result or result == "Draw"), (game, result)
            for button in ("#go-rematch", "#go-new", "#go-review", "#go-share"):
                r = page.locator(button).bounding_box()
                assert page.locator(button).is_visible() and r["y"] >= 0 and r["y"] + r["height"] <= page.viewport_size["height"], (game, button)
            over = page.evaluate(OVER_THE_BOARD)
            assert not over["overlaps"] and not over["covered"], (game, over)
            if game in ("hex", "y"):
                assert over["chain"] > 0, game
            # Rematch: same game and options, seats moved on one
            before = state(page)
            page.click("#go-rematch")
            poll(page, "(seed) => { const s = window.boardwright.state(); return s.seed !== seed; }", before["seed"])
            wait_idle(page)
            after = state(page)
            agents = [p["agent"] for p in before["players"]]
            assert [p["agent"] for p in after["players"]] == agents[-1:] + agents[:-1], (game, before["players"], after["players"])
            assert after["game"] == game and after["options"] == before["options"], game
            assert page.locator("#game-over").is_hidden() and page.locator("#status").is_visible(), game
            seats = [page.input_value(f'#player-fields [data-seat="{i}"]') for i in range(len(agents))]
            assert seats == agents[-1:] + agents[:-1], (game, seats)  # the form shows the seats as they are
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


def test_game_over_card_review_share_and_new_game(browser, site_url):
    """The card's other buttons: Review game starts the review, Share puts the game's link in
    the share box (and says so on the card), New game takes the player to the form."""
    context, page = _page(browser, site_url, "desktop")
    try:
        record, players = _finished("hex")
        send(page, {"cmd": "load", "record": record, "players": players})
        page.click("#go-share")
        poll(page, "() => document.getElementById('share-output').value.includes('#r=')")
        assert not page.locator("#game-over-note").is_hidden()
        assert "link" in page.inner_text("#game-over-note").lower()
        page.click("#go-review")
        poll(page, "() => !document.getElementById('review-cancel').hidden || /review|position/i.test(document.getElementById('review-status').textContent)")
        assert page.locator("#go-review").is_hidden()
        page.click("#go-new")
        poll(page, "() => document.activeElement && document.activeElement.id === 'game-select'")
        assert page.locator("#game-select").is_visible()
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


# ---------------------------------------------------------------- the focus ring
RING = """(t) => { const n = document.querySelector(`#board-svg [data-target="${t}"]`);
  return {focused: document.activeElement === n, visible: n.matches(':focus-visible'),
    width: parseFloat(getComputedStyle(n).strokeWidth)}; }"""


def test_focus_ring_for_keyboard_focus_only(browser, site_url):
    """A mouse click on a cell leaves no ring on it (its stroke stays the grid's), a tap on a
    phone neither; the arrow keys move a focus that shows the ring."""
    context, page = _page(browser, site_url, "desktop")
    try:
        send(page, {"cmd": "new", "game": "hex", "options": {"size": 5}, "players": ["human", "human"], "seed": 1})
        normal = page.evaluate(RING, "e5")["width"]
        page.click('#board-svg [data-target="c3"]')
        poll(page, "() => window.boardwright.state().moves.length === 1")
        wait_idle(page)
        ring = page.evaluate(RING, "c3")
        assert ring["focused"] and not ring["visible"] and ring["width"] == pytest.approx(normal), ring
        page.keyboard.press("ArrowRight")
        target = page.evaluate("document.activeElement.dataset.target")
        ring = page.evaluate(RING, target)
        assert ring["focused"] and ring["visible"] and ring["width"] > 2 * normal, ring
        assert not page.page_errors, page.page_errors
    finally:
        context.close()
    context, page = _page(browser, site_url, "phone")
    try:
        send(page, {"cmd": "new", "game": "hex", "options": {"size": 3}, "players": ["human", "human"], "seed": 1})
        page.locator("#board-svg").scroll_into_view_if_needed()
        normal = page.evaluate(RING, "c3")["width"]
        page.tap('#board-svg [data-target="b2"]')
        poll(page, "() => window.boardwright.state().moves.length === 1")
        wait_idle(page)
        ring = page.evaluate(RING, "b2")
        assert not ring["visible"] and ring["width"] == pytest.approx(normal), ring
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


HEADER = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const [h1, tag, link, display] = ['.topbar h1', '.topbar .tagline', '.topbar-link', '#display-open'].map(box);
  return {h1, tag, link, display, width: innerWidth, bar: box('.topbar').height};
}"""


@pytest.mark.parametrize("kind", ["phone", "desktop"])
def test_header_buttons_share_rows(browser, site_url, kind):
    """The header's Display button sits on the title's row and the Bot workbench beside the tag
    line or the title, at the right edge (on a phone too: no row for the workbench alone)."""
    context, page = _page(browser, site_url, kind)
    try:
        h = page.evaluate(HEADER)
        overlaps = lambda a, b: a["top"] < b["bottom"] and b["top"] < a["bottom"]  # noqa: E731
        assert overlaps(h["h1"], h["display"]), h
        assert overlaps(h["tag"], h["link"]) or overlaps(h["h1"], h["link"]), h
        assert h["width"] - 40 < h["display"]["right"] <= h["width"], h
        if kind == "phone":  # (under the Display button, at the right edge)
            assert h["width"] - 40 < h["link"]["right"] <= h["width"], h
        else:  # (on the title's row, just before the Display button)
            assert h["display"]["left"] - 40 < h["link"]["right"] <= h["display"]["left"], h
        assert h["bar"] < (110 if kind == "phone" else 70), h
    finally:
        context.close()
