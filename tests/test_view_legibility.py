"""Legibility of the scenes (issue 20): Triominos corner numbers stay inside their own tile and
clear of their neighbours' numbers; the last move and the playable spots look different; Codex's
setup choices (starter side, secret objective) are cards to click; hand panels are laid out in
short rows.  The text boxes here are estimated from the font sizes in web/styles/style.css with wide
margins for any font (tests/browser/test_legibility_web.py measures the real ones)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import pygame_core
from pygame_core import view
from pygame_core.games.codex import ObjectiveMove, StarterMove
from pygame_core.games.triominos import DRAW, PASS
from pygame_core.games.iwoki import view as iwoki_view
from pygame_core.games.triominos import view as tri_view

STYLE = (Path(__file__).resolve().parent.parent / "web" / "styles" / "style.css").read_text()
EM_HEIGHT, DIGIT_WIDTH = 1.36, 0.7  # a text box, in em: the tallest usual fonts, bold digits


def crowded_triominos(seed: int, tiles: int = 26):
    """A seeded two-player round played (random placements first) until ``tiles`` are down."""
    game = pygame_core.new_game("triominos", seed=seed, players=2, target=None)
    rng = random.Random(seed)
    while not game.is_over and len(game.board.placements) < tiles:
        moves = game.legal_moves()
        places = [m for m in moves if m not in (DRAW, PASS)]
        game.play(rng.choice(places) if places else rng.choice(moves))
    return game


def inside(point, triangle, margin=0.0) -> bool:
    """``point`` lies inside ``triangle`` at least ``margin`` from every side."""
    (x, y) = point
    area = 0.0
    for i in range(3):
        (ax, ay), (bx, by) = triangle[i - 1], triangle[i]
        area += ax * by - bx * ay
    sign = 1 if area > 0 else -1
    for i in range(3):
        (ax, ay), (bx, by) = triangle[i - 1], triangle[i]
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        if sign * cross / ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 < margin:
            return False
    return True


def text_box(item, em: float) -> tuple[float, float, float, float]:
    w, h = DIGIT_WIDTH * em * len(item["text"]), EM_HEIGHT * em
    x, y = item["at"]
    return x - w / 2, y - h / 2, x + w / 2, y + h / 2


def corners(box):
    x0, y0, x1, y1 = box
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def css_font_size(selector: str) -> float:
    m = re.search(re.escape(selector) + r" \{ font-size: ([0-9.]+)px; \}", STYLE)
    assert m, f"no font size for {selector} in web/styles/style.css"
    return float(m.group(1))


def test_triominos_font_sizes_in_the_css_are_the_views():
    assert css_font_size(".num.tn") == tri_view.NUMBER_EM
    assert css_font_size(".num.tn.hand") == tri_view.HAND_NUMBER_EM


@pytest.mark.parametrize("seed", [3, 7, 11, 20])
def test_triominos_numbers_inside_their_tile_and_clear_of_neighbours(seed):
    game = crowded_triominos(seed)
    assert len(game.board.placements) >= 15
    scene = view.scene(game)
    layers = {layer["name"]: layer["items"] for layer in scene["layers"]}
    tiles = [t["points"] for t in layers["tiles"]]
    assert len(tiles) == len(game.board.placements)
    boxes = []  # (tile index, box)
    for num in layers["numbers"]:
        assert "tn" in num["cls"].split()
        owner = [i for i, t in enumerate(tiles) if inside(num["at"], t)]
        assert len(owner) == 1, num
        box = text_box(num, tri_view.NUMBER_EM)
        assert all(inside(c, tiles[owner[0]], margin=-1e-9) for c in corners(box)), (num, tiles[owner[0]])
        boxes.append((owner[0], box))
    assert len(boxes) == 3 * len(tiles)
    shared = 0
    for i, (ti, a) in enumerate(boxes):
        for tj, b in boxes[i + 1:]:
            if ti == tj:
                continue
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
            shared += abs(a[0] - b[0]) < 0.5 and abs(a[1] - b[1]) < 0.5
    assert shared > len(tiles)  # the numbers round shared corners were compared


def test_triominos_hand_tiles_are_big_rows_and_numbers_fit():
    game = crowded_triominos(5, tiles=2)
    while len(game.hands[game.current_player]) < 9 and not game.is_over:  # a bigger hand: draw
        if DRAW not in game.legal_moves():
            break
        game.play(DRAW)
    q = game.current_player
    panel = next(p for p in view.scene(game.view(q), q)["panels"] if p["name"] == f"hand-{q}")
    items = panel["layers"][0]["items"]
    tiles = [i for i in items if i["kind"] == "polygon"]
    nums = [i for i in items if i["kind"] == "text"]
    assert len(tiles) == len(game.hands[q]) and len(nums) == 3 * len(tiles)
    assert panel["viewBox"][2] <= tri_view.HAND_PER_ROW * tri_view.HAND_STEP + 0.1 + 1e-9
    assert tri_view.HAND_PER_ROW <= 7  # on a 390 px phone a tile is ~50 px wide
    for k, num in enumerate(nums):
        assert "hand" in num["cls"].split()
        box = text_box(num, tri_view.HAND_NUMBER_EM)
        assert all(inside(c, tiles[k // 3]["points"], margin=-1e-9) for c in corners(box)), num


def test_triominos_last_move_and_playable_spots_look_different():
    game = crowded_triominos(7, tiles=12)
    last = game.history[-1]
    while last in (DRAW, PASS):  # the latest placement
        last = game.history[game.history.index(last) - 1]
    scene = view.scene(game)
    layers = {layer["name"]: layer["items"] for layer in scene["layers"]}
    marked = [t for t in layers["tiles"] if "last" in t["cls"].split()]
    assert len(marked) == 1 and marked[0]["name"].endswith(", last move")
    assert layers["tiles"][-1] is marked[0]  # drawn last: its thick outline above its neighbours
    dots = [m for m in layers["marks"] if m["kind"] == "circle" and "last-marker" in m["cls"].split()]
    assert len(dots) == 1 and inside(dots[0]["c"], marked[0]["points"], margin=dots[0]["r"])
    assert not any("outline" in m["cls"] for m in layers["marks"])  # nothing drawn over the numbers
    assert all(s["cls"].split()[0] == "spot" and "last" not in s["cls"] for s in layers["spots"])
    # the styles: a thick dark outline for the last move, teal for a playable spot
    rule = re.search(r"^\.tile\.last \{([^}]*)\}", STYLE, re.M).group(1)
    spot = re.search(r"^\.human-turn \.spot\.selectable \{([^}]*)\}", STYLE, re.M).group(1)
    assert "stroke-width: .08" in rule
    fill = lambda r: re.search(r"fill: (#[0-9a-f]+)", r).group(1)  # noqa: E731
    assert fill(rule) != fill(spot)


def test_iwoki_last_move_is_marked_and_hand_rows_are_short():
    game = pygame_core.new_game("iwoki", seed=3, players=2)
    rng = random.Random(3)
    while len(game.history) < 12:
        game.play(rng.choice(game.legal_moves()))
    scene = view.scene(game)
    layers = {layer["name"]: layer["items"] for layer in scene["layers"]}
    marked = [t for t in layers["tiles"] if "last" in t["cls"].split()]
    assert len(marked) == 1 and marked[0]["name"].endswith(", last move")
    for panel in scene["panels"]:
        rows = {}
        for item in panel["layers"][0]["items"]:
            if item["kind"] == "polygon":
                top = round(min(y for _, y in item["points"]), 2)
                rows[top] = rows.get(top, 0) + 1
        assert all(n <= iwoki_view.PER_ROW for n in rows.values()), rows


def codex_game(seed=4):
    return pygame_core.new_game("codex", seed=seed, players=2)


def all_targets(scene) -> dict[str, dict]:
    items = [i for layer in scene["layers"] for i in layer["items"]]
    items += [i for p in scene.get("panels", []) for layer in p["layers"] for i in layer["items"]]
    return {i["target"]: i for i in items if i.get("target")}


def test_codex_starter_sides_are_cards_on_the_board():
    game = codex_game()
    q = game.current_player
    moves = view.move_targets(game.view(q), q)
    assert {m["move"]: m["path"] for m in moves} == {
        f"starter {game.starters[q]} front": ["starter:front"], f"starter {game.starters[q]} back": ["starter:back"]}
    scene = view.scene(game.view(q), q)
    board = {i["target"]: i for layer in scene["layers"] for i in layer["items"] if i.get("target")}
    assert set(board) == {"starter:front", "starter:back"}
    assert f"card {game.starters[q]}, starter, front" in board["starter:front"]["name"]
    assert f"card {game.starters[q]}, starter, back" in board["starter:back"]["name"]
    assert "choose a side" in scene["title"]
    x0, y0, w, h = scene["viewBox"]
    for item in (i for layer in scene["layers"] for i in layer["items"]):
        for x, y in item.get("points", [item.get("at") or item.get("c")]):
            assert x0 <= x <= x0 + w and y0 <= y <= y0 + h
    # played by its target; the board then shows the placed card, the other player's choice next
    game.play(StarterMove(game.starters[q], False))
    nxt = game.current_player
    scene = view.scene(game.view(nxt), nxt)
    assert set(all_targets(scene)) >= {"starter:front", "starter:back"}
    placed = view.scene(game.view(q), q)
    cards = [i for layer in placed["layers"] for i in layer["items"] if "placed" in i.get("cls", "").split()]
    assert len(cards) == 1 and "last" in cards[0]["cls"].split() and cards[0]["name"].endswith(", last move")


def test_codex_objectives_are_cards_in_a_panel():
    game = codex_game()
    for _ in range(2):
        q = game.current_player
        game.play(StarterMove(game.starters[q], True))
    assert game.phase == "objective"
    q = game.current_player
    seen = game.view(q)
    panels = view.scene(seen, q)["panels"]
    assert panels[0]["name"] == "objective-choice"  # first: right under the board
    targets = [i["target"] for layer in panels[0]["layers"] for i in layer["items"] if i.get("target")]
    assert targets == [f"objective:{o}" for o in game.dealt[q]]
    moves = view.move_targets(seen, q)
    assert {m["move"]: m["path"] for m in moves} == {f"objective {o}": [f"objective:{o}"] for o in game.dealt[q]}
    assert all(m["label"] for m in moves)
    # the other player's two objectives are nowhere in this player's scene
    other = 1 - q
    text = repr(view.scene(seen, q))
    for o in game.dealt[other]:
        assert f"objective:{o}" not in text and f"objective {o}" not in text
    common = next(p for p in panels if p["name"] == "objectives")
    names = [i["name"] for layer in common["layers"] for i in layer["items"] if i.get("name")]
    assert [n.split(":")[0] for n in names] == [f"common objective {o}" for o in game.common]
    game.play(ObjectiveMove(game.dealt[q][1]))
    panels = view.scene(game.view(q), q)["panels"]
    assert "objective-choice" not in [p["name"] for p in panels]
    mine = next(p for p in panels if p["name"] == "objectives")
    names = [i["name"] for layer in mine["layers"] for i in layer["items"] if i.get("name")]
    assert names[-1].startswith(f"secret objective {game.dealt[q][1]}:")


def test_codex_only_pass_is_a_button():
    game = codex_game(9)
    rng = random.Random(9)
    for _ in range(40):
        if game.is_over:
            break
        for m in view.move_targets(game):
            assert m["path"] or m["move"] == "pass", m
        game.play(rng.choice(game.legal_moves()))
