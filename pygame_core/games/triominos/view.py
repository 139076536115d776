"""Scene for Triominos: triangle tiles with their corner numbers, free spots, the hand panel.

Click targets: ``tile:1-2-3`` (a tile in the hand), ``at:(x,y)`` (a free spot on the board).
A placement is the click path ``[tile, spot]``; the orientation is chosen automatically among
those that fit there (the UI cycles through them when several fit, e.g. for the opening tile).
``draw`` and ``pass`` are buttons.
"""

from __future__ import annotations

from ...core import DRAW, PASS
from ...geometry import trigrid
from ...view import GameView, polygon, pts, r3, register_view
from .pieces import ABC, Placement, Tile
from ...words import code
from . import view_words as words
from .rules import TriominosGame, hand_points

# Corner numbers (tile side 1).  Each number sits on the line from its corner to the tile's
# centre, far enough in that its text box (about 1.2-1.36 em high, 0.7 em wide, whatever the
# font) stays inside its own triangle and clear of the numbers of the tiles sharing that corner:
# six tiles meet at a lattice vertex, their numbers 60 degrees apart on a circle of radius
# ``r``, so two of them are ``r`` apart vertically and ``r`` must exceed a box height.  The font
# sizes are in web/style.css (``.num.tn``: NUMBER_EM, ``.num.tn.hand``: HAND_NUMBER_EM, in
# tile sides); the insets follow from them.
NUMBER_EM = 0.2  # board numbers, in tile sides
HAND_NUMBER_EM = 0.25  # hand tiles have no neighbours: bigger numbers
CENTRE_DISTANCE = 1 / 3 ** 0.5  # corner to centre of a unit triangle
NUMBER_INSET = 1.4 * NUMBER_EM / CENTRE_DISTANCE  # 0.485 of the way from corner to centre
HAND_NUMBER_INSET = 1.4 * HAND_NUMBER_EM / CENTRE_DISTANCE
HAND_PER_ROW = 6  # fewer, bigger tiles per row: legible on a phone
HAND_STEP = 1.15  # hand tiles: side 1, this far apart
HAND_ROW = 1.05
MAX_SCALE = 72  # the page draws a tile side at most this many CSS px (scene key "max_scale"): a
# board of a few tiles keeps the scale of a fuller one


def _tile_items(points, numbers, cls, target=None, name=None, inset=NUMBER_INSET, num_cls="tn") -> list[dict]:
    """A triangle (``points`` = left, middle, right corner) with its three numbers."""
    cx = sum(p[0] for p in points) / 3
    cy = sum(p[1] for p in points) / 3
    items = [polygon(points, cls, target, name)]
    for (px, py), n in zip(points, numbers):
        at = [r3(px + inset * (cx - px)), r3(py + inset * (cy - py))]
        items.append({"kind": "text", "at": at, "text": str(n), "cls": f"num {num_cls} n{n}"})
    return items


def _centroid(points) -> tuple[float, float]:
    return sum(p[0] for p in points) / 3, sum(p[1] for p in points) / 3


def _shrink(points, f):
    cx = sum(p[0] for p in points) / 3
    cy = sum(p[1] for p in points) / 3
    return [(cx + f * (x - cx), cy + f * (y - cy)) for x, y in points]


def loc_target(loc) -> str:
    return f"at:({loc[0]},{loc[1]})"


def tile_target(tile: Tile) -> str:
    return f"tile:{tile}"


class TriominosView(GameView):
    def scene(self, game: TriominosGame, viewer=None, preview: Placement | None = None) -> dict:
        board = game.board
        items, nums, spots, marks = [], [], [], []
        last = last_tile = None
        for ev in reversed(game.events):  # the latest placement of this round
            if ev["round"] != game.round or "round_end" in ev:
                break
            if ev["move"] not in ("draw", "pass"):
                last = ev["move"]
                break
        # the round's opening tile, which the rules chose (the opener's best): marked as such
        opening = next((ev["move"] for ev in game.events if ev["round"] == game.round
                        and ev["move"] not in ("draw", "pass")), None)
        for loc, p in board.placements.items():
            cls = "tile " + ("up" if p.orientation.up else "down")
            last_here = last is not None and str(p) == last
            if last_here:
                cls += " last"
            if str(p) == opening:
                cls += " opening"
            x, y = loc
            name = words.placed_name(loc, p, str(p) == opening, last_here)
            corners = trigrid.triangle_points(x, y)
            tile_items = _tile_items(corners, p.corners, cls, name=name)
            nums.extend(tile_items[1:])
            if last_here:  # a thick outline (its own stroke: above its neighbours, under the numbers), a dot
                last_tile = tile_items[0]
                cx, cy = _centroid(corners)
                marks.append({"kind": "circle", "c": [r3(cx), r3(cy)], "r": 0.075, "cls": "last-marker dark"})
            else:
                items.append(tile_items[0])
        if last_tile is not None:
            items.append(last_tile)
        free = list(board.frontier) if not board.is_empty else [(0, 0), (1, 0)]
        if not game.is_over:
            for loc in free:
                x, y = loc
                up = trigrid.up_facing(x, y)
                need = [(c, v) for c, v in zip(trigrid.CORNERS, board.requirements(loc)) if v is not None]
                name, name_code = words.spot_name(loc, up, need)
                spots.append({"kind": "polygon", "points": pts(_shrink(trigrid.triangle_points(x, y), 0.86)),
                              "cls": f"spot {'up' if up else 'down'}", "target": loc_target(loc),
                              "name": name, "name_code": name_code})
        if preview is not None:
            x, y = preview.location
            marks.extend(_tile_items(trigrid.triangle_points(x, y), preview.corners, "tile preview",
                                     name=words.preview_name(preview)))
        # the box is what is drawn (tiles, and free spots as drawn: shrunk) with a thin margin;
        # the page caps its size at MAX_SCALE px a unit, so the first tiles are not giant
        xs, ys = [], []
        for loc in board.placements:
            for px, py in trigrid.triangle_points(*loc):
                xs.append(px)
                ys.append(py)
        for loc in free:
            for px, py in _shrink(trigrid.triangle_points(*loc), 0.86):
                xs.append(px)
                ys.append(py)
        pad = 0.06
        x0, x1, y0, y1 = min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad
        view_box = [r3(x0), r3(y0), r3(x1 - x0), r3(y1 - y0)]
        scene = {"viewBox": view_box, "max_scale": MAX_SCALE, "title": f"Triominos, round {game.round}",
                 "title_code": code("triominos.title", round=game.round),
                 "layers": [{"name": "spots", "items": spots}, {"name": "tiles", "items": items},
                            {"name": "numbers", "items": nums}, {"name": "marks", "items": marks}],
                 "panels": self._panels(game, viewer), "notes": self._notes(game),
                 "player_notes": self._player_notes(game),
                 "player_notes_codes": [code("triominos.player_note", n=len(h)) for h in game.hands]}
        return scene

    # ---- panels and notes --------------------------------------------------------
    def _panels(self, game: TriominosGame, viewer) -> list[dict]:
        seats = [viewer] if viewer is not None else range(game.num_players)
        out = []
        for q in seats:
            hand = game.hands[q]
            if any(t is None for t in hand):
                continue
            mine = q == game.current_player
            items = []
            for i, t in enumerate(hand):
                row, col = divmod(i, HAND_PER_ROW)
                ox, oy = col * HAND_STEP + 0.55, row * HAND_ROW + 0.05
                points = [(ox - 0.5, oy + trigrid.ROW_HEIGHT), (ox, oy), (ox + 0.5, oy + trigrid.ROW_HEIGHT)]
                items.extend(_tile_items(points, ABC.corners(t), "tile up hand",
                                         target=tile_target(t) if mine else None,
                                         name=words.hand_tile_name(t),
                                         inset=HAND_NUMBER_INSET, num_cls="tn hand"))
            rows = max(1, (len(hand) + HAND_PER_ROW - 1) // HAND_PER_ROW)
            title, title_code = words.hand_title(game, q, viewer, hand, hand_points(hand))
            out.append({"name": f"hand-{q}", "title": title, "title_code": title_code,
                        "viewBox": [0, 0, r3(HAND_PER_ROW * HAND_STEP + 0.1), r3(rows * HAND_ROW + 0.05)],
                        "layers": [{"name": "hand", "items": items}]})
        return out

    def _notes(self, game: TriominosGame) -> list[dict]:
        notes = [words.note(*words.info(game), "info")]
        for ev in reversed(game.events[-6:]):
            if "round_end" in ev:
                notes.append(words.note(*words.round_end(game, ev["round_end"]), "round-end"))
        if game.events:
            notes.append(words.note(*words.last_move(game, game.events[-1]), "last-move"))
        if not game.is_over and game.board.is_empty:
            notes.append(words.note(*words.opens(game, game._viewer in (None, game.current_player)), "info"))
        elif not game.is_over and game.draws:
            notes.append(words.note(*words.drawn(game), "info"))
        return notes

    def _player_notes(self, game: TriominosGame) -> list[str]:
        return [f"{len(h)} tile" + ("" if len(h) == 1 else "s") for h in game.hands]

    # ---- targets -------------------------------------------------------------------
    def move_targets(self, game: TriominosGame, viewer=None) -> list[dict]:
        out = []
        for m in game.legal_moves():
            if m == DRAW:
                label, label_code = words.ACTIONS["draw"]
                out.append({"move": "draw", "target": None, "path": [], "label": label, "label_code": label_code})
            elif m == PASS:
                label, label_code = words.ACTIONS["pass"]
                out.append({"move": "pass", "target": None, "path": [], "label": label, "label_code": label_code})
            else:
                path = [tile_target(m.tile), loc_target(m.location)]
                out.append({"move": str(m), "target": path[-1], "path": path, "label": None})
        return out


register_view("triominos", TriominosView())
