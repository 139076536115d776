"""The table's second pass, as a person sees it on a phone (390x844, touch, scale 2) and a desktop
(1280x800): the player strips at the board in every game (names by colour where pieces have one,
what each seat holds, the score, whose turn, "thinking…"), Triominos and iwoki moves in words in
the move list and the live region (the notation in the tooltip), tile boards at a stable scale
with a thin last-move mark, and Codex's gold and selected cards told apart in every theme.

One page per viewport, reused for every game."""
from __future__ import annotations

import re

import pytest

from helpers import app_page, poll, send, state, wait_idle

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}

STRIPS = """() => {
  const read = (box) => [...document.querySelectorAll(`#${box} .strip`)].map((s) => ({
    text: s.textContent, seat: +s.dataset.player, toMove: s.classList.contains('to-move'),
    border: getComputedStyle(s).borderTopColor, swatch: getComputedStyle(s.querySelector('.swatch')).backgroundColor,
    top: s.getBoundingClientRect().top, bottom: s.getBoundingClientRect().bottom}));
  const svg = document.getElementById('board-svg').getBoundingClientRect();
  return {top: read('strips-top'), bottom: read('strips-bottom'), board: {top: svg.top, bottom: svg.bottom},
    live: document.getElementById('announcer').textContent};
}"""

# the moves in the list as shown, and their tooltips
MOVE_LIST = """() => [...document.querySelectorAll('#move-list button[data-cursor]')].map((b) => [b.textContent, b.title])"""


def _new(page, game, players, seed=5, options=None):
    send(page, {"cmd": "new", "game": game, "options": options or {}, "players": players, "seed": seed})
    poll(page, "(g) => window.boardwright.state().game === g", game)
    wait_idle(page)


def _play(page, n, words=None):
    """Play `n` of the person's moves (placements first), the computer answering each."""
    for _ in range(n):
        st = state(page)
        if st["is_over"] or not st["legal"]:
            break
        legal = [m for m in st["legal"] if m["path"]] or st["legal"]
        before = len(st["moves"])
        send(page, {"cmd": "play", "move": legal[0]["move"]})
        poll(page, "(b) => window.boardwright.state().moves.length > b", before)
        wait_idle(page)


def _strips(page):
    page.evaluate("document.getElementById('strips-top').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(50)
    return page.evaluate(STRIPS)


def _at_the_board(s):
    """The strips sit right above and right under the board."""
    assert s["top"] and s["bottom"]
    assert 0 <= s["board"]["top"] - max(t["bottom"] for t in s["top"]) <= 16, s
    assert 0 <= s["bottom"][0]["top"] - s["board"]["bottom"] <= 16, s


@pytest.mark.parametrize("kind", ["phone", "desktop"])
def test_strips_and_moves_in_words(browser, site_url, kind):
    context, page = app_page(browser, site_url, **(PHONE if kind == "phone" else DESKTOP))
    try:
        # Hex and Y: seats named by their colour; the one to move highlighted in it
        for game in ("hex", "y"):
            _new(page, game, ["human", "human"], options={"size": 7})
            s = _strips(page)
            _at_the_board(s)
            assert [t["text"] for t in s["top"]] == ["Red"] and s["bottom"][0]["text"].startswith("Blue")
            assert s["bottom"][0]["toMove"] and "to move" in s["bottom"][0]["text"]
            assert s["bottom"][0]["border"] == s["bottom"][0]["swatch"]  # its colour's frame
            assert not s["top"][0]["toMove"] and s["top"][0]["border"] != s["top"][0]["swatch"]
            _play(page, 1)
            s = _strips(page)
            assert s["top"][0]["toMove"] and not s["bottom"][0]["toMove"]
            assert s["live"].startswith("Blue played ") and "Red to move" in s["live"]
        # Triominos: tiles left and scores in the strips, the computer "thinking…" on its turn
        _new(page, "triominos", ["human", "random"], seed=11)
        _play(page, 4)
        st = state(page)
        s = _strips(page)
        _at_the_board(s)
        bottom, top = s["bottom"][0], s["top"][0]
        assert re.search(r"Player 1.*\d+ tiles?", bottom["text"]) and f"{st['scores'][0]} pts" in bottom["text"], bottom
        assert "Random" in top["text"] and f"{st['scores'][1]} pts" in top["text"]
        for _ in range(8):  # (a draw keeps the turn)
            st = state(page)
            seat, thinking = page.evaluate("""async (m) => { await window.boardwright.send({cmd: 'play', move: m});
              const s = document.querySelector('#strips-top .strip.to-move');
              return [window.boardwright.state().current_player, s && s.textContent]; }""",
                                           ([m for m in st["legal"] if m["path"]] or st["legal"])[0]["move"])
            wait_idle(page)
            if seat == 1:
                break
        assert thinking and thinking.endswith("thinking…"), thinking
        # its moves in words, the notation in the tooltip; the live region in words too
        st = state(page)
        shown = page.evaluate(MOVE_LIST)
        assert [t for _, t in shown] == st["moves"] and [w for w, _ in shown] == st["move_words"]
        assert all(re.fullmatch(r"\d-\d-\d (opens|to the (left|right) of \d-\d-\d|above \d-\d-\d|below \d-\d-\d), "
                                r"(\+\d+|no points)( with .*)?|a draw, −5|a pass, −10", w) for w, _ in shown), shown
        assert st["last_words"] in page.inner_text("#announcer")
        # iwoki: small and hexagonal tiles held; its moves in words
        _new(page, "iwoki", ["human", "random"], seed=4)
        _play(page, 3)
        st = state(page)
        s = _strips(page)
        assert all(re.search(r"\d+ small · \d+ hex", x["text"]) for x in s["top"] + s["bottom"]), s
        shown = page.evaluate(MOVE_LIST)
        assert [t for _, t in shown] == st["moves"] and all("@" not in w for w, _ in shown), shown
        assert any(" between H" in w or w.startswith("hexagon ") for w, _ in shown), shown
        # Codex: the opponent's strip at the board (its manuscript is further down), cards held
        _new(page, "codex", ["human", "random"], seed=3)
        s = _strips(page)
        _at_the_board(s)
        assert s["top"][0]["text"].startswith("Player 2") and "3 cards" in s["top"][0]["text"]
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


# the board's tiles: their drawn size, the last move's outline, the free spots, the opening tile
TILES = """() => {
  const svg = document.getElementById('board-svg');
  const tiles = [...svg.querySelectorAll('polygon.tile')];
  const last = svg.querySelector('polygon.tile.last');
  const spot = svg.querySelector('polygon.spot');
  const side = (n) => { const r = n.getBoundingClientRect(); return Math.max(r.width, r.height); };
  return {n: tiles.length, size: tiles.length ? Math.max(...tiles.map(side)) : 0,
    last: last && getComputedStyle(last).strokeWidth, spotStroke: spot && getComputedStyle(spot).stroke,
    spotOpacity: spot && +getComputedStyle(spot).fillOpacity,
    opening: svg.querySelectorAll('polygon.tile.opening').length};
}"""

# iwoki's small tiles on the board: does any operator's glyph meet a digit's? (a text's box is its
# advance across and its line's height up and down: the glyph is about the middle 60 % of that)
CLASHES = """() => {
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const glyph = (n) => { const r = n.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top + 0.2 * r.height, bottom: r.bottom - 0.2 * r.height}; };
  const ops = [...document.querySelectorAll('#board-svg text.op')].map(glyph);
  const nums = [...document.querySelectorAll('#board-svg text.num.sn')].map(glyph);
  return {ops: ops.length, clashes: ops.filter((o) => nums.some((d) => meet(o, d))).length};
}"""


@pytest.mark.parametrize("kind", ["phone", "desktop"])
def test_tile_boards_keep_their_scale(browser, site_url, kind):
    """A first tile is drawn no bigger than the scale the board keeps (no giant first tile), the
    last move's outline is 3.5 px wide at any scale, free spots are light patches without seams,
    the opening tile is marked; iwoki's operators stay clear of the digits."""
    context, page = app_page(browser, site_url, **(PHONE if kind == "phone" else DESKTOP))
    try:
        for game, cap in (("triominos", 72), ("iwoki", 70 * 2 * 0.57)):
            _new(page, game, ["human", "random"], seed=2)
            _play(page, 1)
            first = page.evaluate(TILES)
            assert 1 <= first["n"] and first["size"] <= cap * 1.05, first
            assert first["last"] == "3.5px" and first["spotStroke"] == "none" and first["spotOpacity"] < 0.2, first
            assert first["opening"] == 1, first
            _play(page, 6)
            later = page.evaluate(TILES)
            assert later["n"] > first["n"] and later["last"] == "3.5px" and later["opening"] == 1, later
        clash = page.evaluate(CLASHES)
        assert clash["ops"] and not clash["clashes"], clash
        # a tile shown before it is placed hides what lies under it (a gap's "H4" label)
        opacity = page.evaluate("""() => { const svg = document.getElementById('board-svg');
          const n = document.createElementNS('http://www.w3.org/2000/svg', 'polygon');
          n.setAttribute('class', 'tile hextile preview'); svg.append(n);
          const o = getComputedStyle(n).fillOpacity; n.remove(); return o; }""")
        assert opacity == "1"
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


# a Codex card's frame: colour and width as drawn
FRAME = """(sel) => { const n = document.querySelector(sel); const cs = n && getComputedStyle(n);
  return cs && [cs.stroke, cs.strokeWidth, cs.strokeDasharray]; }"""


def test_codex_gold_and_selected_in_every_theme(browser, site_url):
    """A gold card's frame and the selected card's frame differ in colour (and the selected one is
    dashed) in the light, dark and both high-contrast themes; a gold frame never looks like a
    plain card's; the symbols' legend names every symbol."""
    context, page = app_page(browser, site_url, **DESKTOP)
    try:
        _new(page, "codex", ["human", "random"], seed=3)
        for _ in range(6):  # the starter card's side, the secret objective: up to the first placement
            st = state(page)
            if any(m["path"] and m["path"][0].startswith("card:") for m in st["legal"]):
                break
            send(page, {"cmd": "play", "move": st["legal"][0]["move"]})
        page.locator(".panel-svg polygon.card.hand.selectable").first.click()
        page.wait_for_selector(".panel-svg polygon.card.hand.selected")
        legend = page.locator(".panel-legend text.legend-name").all_text_contents()
        assert legend == ["fungi", "plant", "animal", "insect", "quill", "inkwell", "manuscript"]
        for theme, contrast in (("light", "normal"), ("dark", "normal"), ("light", "high"), ("dark", "high")):
            page.evaluate("([t, c]) => { document.documentElement.dataset.theme = t; document.documentElement.dataset.contrast = c; }",
                          [theme, contrast])
            gold = page.evaluate(FRAME, "polygon.card.gold")
            selected = page.evaluate(FRAME, "polygon.card.hand.selected")
            plain = page.evaluate(FRAME, "polygon.card.market:not(.gold)")
            assert gold and selected and plain, (theme, contrast)
            assert gold[0] != selected[0] and selected[2] != "none" and gold[2] == "none", (theme, contrast, gold, selected)
            assert gold[0] != plain[0], (theme, contrast, gold, plain)
    finally:
        context.close()


# each Codex card frame's width on screen, in CSS px: its stroke as drawn at its own scale
SCREEN_FRAMES = """(sel) => [...document.querySelectorAll(sel)].map((n) => {
  const cs = getComputedStyle(n), w = parseFloat(cs.strokeWidth);
  const where = n.closest('#board-svg') ? 'board' : 'panel';
  return [where, cs.vectorEffect === 'non-scaling-stroke' ? w : w * Math.abs(n.getScreenCTM().a)];
})"""


def test_codex_frames_keep_their_width_at_every_scale(browser, site_url):
    """On a phone the hand's and the market's cards are drawn bigger than the board's: a gold
    frame, and a plain card's outline, are as wide on screen in both (within half a pixel)."""
    context, page = app_page(browser, site_url, **PHONE)
    try:
        _new(page, "codex", ["human", "random"], seed=3)
        for _ in range(12):  # the starter card, the objective, then a few placements of both seats
            st = state(page)
            if st["is_over"] or not st["legal"]:
                break
            send(page, {"cmd": "play", "move": st["legal"][0]["move"]})
        for sel in ("polygon.card.gold", "polygon.card:not(.gold):not(.last):not(.selected):not(.empty):not(.secret)"):
            frames = page.evaluate(SCREEN_FRAMES, sel)
            assert {w for w, _ in frames} >= {"board", "panel"}, (sel, frames)
            widths = [x for _, x in frames]
            assert max(widths) - min(widths) <= 0.5, (sel, frames)
        assert not page.page_errors, page.page_errors
    finally:
        context.close()
