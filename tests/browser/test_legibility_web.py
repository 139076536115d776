"""Legibility in real Chromium (issue 20): Triominos corner numbers measured with getBBox() stay
inside their own tile and never meet a neighbour's, on the board and in the hand, on a desktop
and on a phone; the last move and the playable spots are drawn differently; Codex's starter side
and secret objective are chosen by clicking (or pressing Enter on) the drawn cards."""

import sys
from pathlib import Path

import pytest
from helpers import open_app, send, state, wait_idle

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_view_legibility import crowded_triominos  # noqa: E402

PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)

# every number text of an SVG layer: its box (getBBox), the polygon of `tiles` holding its anchor,
# whether the box's corners are all inside that polygon; and the pairs of boxes of different
# tiles that intersect
NUMBER_BOXES = """([svgSel, tileSel, numSel]) => {
  const svg = document.querySelector(svgSel);
  const tiles = [...svg.querySelectorAll(tileSel)].map((p) => [...p.points].map((q) => [q.x, q.y]));
  const side = (a, b, [x, y]) => (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
  const inside = (t, pt) => {
    const s = [side(t[0], t[1], pt), side(t[1], t[2], pt), side(t[2], t[0], pt)];
    return s.every((v) => v >= -1e-6) || s.every((v) => v <= 1e-6);
  };
  const nums = [...svg.querySelectorAll(numSel)].map((n) => {
    const b = n.getBBox();
    const at = [Number(n.getAttribute('x')), Number(n.getAttribute('y'))];
    const owners = tiles.map((t, i) => inside(t, at) ? i : -1).filter((i) => i >= 0);
    const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]];
    return {text: n.textContent, box: [b.x, b.y, b.width, b.height], owners,
            fits: owners.length === 1 && corners.every((c) => inside(tiles[owners[0]], c)),
            px: n.getBoundingClientRect().height};
  });
  const clashes = [];
  for (let i = 0; i < nums.length; i++) for (let j = i + 1; j < nums.length; j++) {
    const [a, b] = [nums[i], nums[j]];
    if (a.owners[0] === b.owners[0]) continue;
    const [ax, ay, aw, ah] = a.box, [bx, by, bw, bh] = b.box;
    if (ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah) clashes.push([a, b]);
  }
  const tilePx = svg.querySelector(tileSel).getBoundingClientRect().width;
  return {tiles: tiles.length, nums, clashes, tilePx};
}"""


def load(page, record, players=("human", "human")):
    send(page, {"cmd": "load", "record": record, "players": list(players)})
    if page.locator("#handover-go").is_visible():
        page.click("#handover-go")
    wait_idle(page)


def check_triominos_numbers(page):
    board = page.evaluate(NUMBER_BOXES, ["#board-svg", ".layer-tiles polygon.tile", ".layer-numbers text.num"])
    assert board["tiles"] >= 20 and len(board["nums"]) == 3 * board["tiles"], board["tiles"]
    misplaced = [n for n in board["nums"] if not n["fits"]]
    assert not misplaced, misplaced[:3]
    assert not board["clashes"], board["clashes"][:3]
    hand = page.evaluate(NUMBER_BOXES, [".panel-svg", "polygon.tile", "text.num"])
    assert hand["tiles"] >= 1 and len(hand["nums"]) == 3 * hand["tiles"]
    assert all(n["fits"] for n in hand["nums"]), [n for n in hand["nums"] if not n["fits"]][:3]
    return board, hand


@pytest.mark.parametrize("seed", [7, 20])
def test_triominos_numbers_stay_in_their_corners_on_a_crowded_board(page, site_url, seed):
    open_app(page, site_url)
    game = crowded_triominos(seed, tiles=30)
    load(page, game.record())
    assert len(state(page)["moves"]) == len(game.history)
    check_triominos_numbers(page)
    assert not page.page_errors, page.page_errors


def test_triominos_hand_is_legible_on_a_phone(browser, site_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_app(page, site_url)
        load(page, crowded_triominos(20, tiles=24).record())
        _, hand = check_triominos_numbers(page)
        # hand tiles a finger wide, their numbers well above the 7 px they were
        assert hand["tilePx"] >= 44, hand["tilePx"]
        assert min(n["px"] for n in hand["nums"]) >= 12, [n["px"] for n in hand["nums"]]
        assert not errors, errors
    finally:
        context.close()


def test_last_move_and_playable_spots_look_different(page, site_url):
    open_app(page, site_url)
    load(page, crowded_triominos(20, tiles=24).record())
    page.locator(".panel-svg polygon.tile.selectable").first.click()  # a tile that fits somewhere
    page.wait_for_selector("#board-svg polygon.spot.selectable")
    look = page.evaluate("""() => {
      const style = (sel) => { const s = getComputedStyle(document.querySelector(sel));
        return {fill: s.fill, stroke: s.stroke, width: parseFloat(s.strokeWidth), dash: s.strokeDasharray}; };
      const layers = [...document.querySelectorAll('#board-svg > g')].map((g) => g.getAttribute('class'));
      const last = document.querySelector('#board-svg polygon.tile.last');
      const dot = document.querySelector('#board-svg circle.last-marker');
      const r = last.getBoundingClientRect(), d = dot.getBoundingClientRect();
      return {last: style('#board-svg polygon.tile.last'), spot: style('#board-svg polygon.spot.selectable'),
              plain: style('#board-svg polygon.tile:not(.last)'),
              lastName: last.getAttribute('aria-label'), layers,
              dotInside: d.left > r.left && d.right < r.right && d.top > r.top && d.bottom < r.bottom};
    }""")
    last, spot, plain = look["last"], look["spot"], look["plain"]
    assert last["fill"] != spot["fill"] and last["stroke"] != spot["stroke"], look
    assert last["width"] >= 2 * plain["width"], look  # a thick outline, not only another colour
    assert look["dotInside"] and ", last move" in look["lastName"], look
    # the outline is the tile's own stroke: the numbers are drawn after (above) it
    assert look["layers"].index("layer layer-tiles") < look["layers"].index("layer layer-numbers")
    assert page.locator("#board-svg .last-outline").count() == 0
    assert not page.page_errors, page.page_errors


def test_codex_starter_side_and_objective_are_chosen_on_the_cards(page, site_url):
    open_app(page, site_url)
    send(page, {"cmd": "new", "game": "codex", "options": {"players": 2}, "players": ["human", "human"], "seed": 4})
    from pygame_core.core import replay
    game = replay(state(page)["record"])
    first = game.current_player
    played = []
    for step in range(4):
        page.click("#handover-go")
        s = state(page)
        q = s["current_player"]
        assert page.locator("#actions button[data-move]").count() == 0  # no buttons: cards
        if step < 2:  # both sides of the starter card on the (otherwise empty) board
            sides = page.locator("#board-svg polygon.card.choice.selectable")
            assert sides.count() == 2
            assert page.locator("#board-svg polygon.card.placed").count() == 0
            side = "back" if step == 0 else "front"
            page.click(f"#board-svg [data-target='starter:{side}']")
            played.append(f"starter {game.starters[q]} {side}")
        else:  # the two objectives dealt, as cards in the panel above the hand
            cards = page.locator(".panel-objective-choice polygon.card.objective.selectable")
            assert cards.count() == 2
            labels = cards.evaluate_all("ns => ns.map(n => n.getAttribute('aria-label'))")
            assert [lab.split(":")[0] for lab in labels] == [f"keep objective {o}" for o in game.dealt[q]]
            assert all(lab.endswith(", playable") for lab in labels)
            chosen = game.dealt[q][step - 2]
            target = f".panel-objective-choice [data-target='objective:{chosen}']"
            if step == 2:
                page.click(target)
            else:  # by keyboard: focus the card, Enter
                page.focus(target)
                page.keyboard.press("Enter")
            played.append(f"objective {chosen}")
        page.wait_for_function(f"window.boardwright.state().moves.length > {step}", timeout=60_000)
        wait_idle(page)
    s = state(page)
    assert replay(s["record"]).moves == played and s["current_player"] == first
    assert s["moves"][:3] == played[:3]  # (the second objective is secret to the first player)
    page.click("#handover-go")
    assert page.locator(".panel-objective-choice").count() == 0
    assert page.locator(".panel-objectives polygon.card.objective.secret").count() == 1
    assert page.locator(".panel-svg polygon[data-target^='card:'].selectable").count() >= 1  # placing now
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)
