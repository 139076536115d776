"""Scene for iwoki Maths: flat-topped hexagonal tiles with their six vertex numbers, small
triangular tiles in the gaps between them with their three numbers and operator, fittable gaps,
the player's hand and every player's face-up hexagonal tiles.

Click targets: ``small:112`` / ``hex:ht5`` (a tile in the hand), ``gap:H7`` / ``gap:H1_H5_H6``
(a fittable gap).  A placement is the click path ``[tile, gap]``; when several orders of the
tile fit that gap the UI cycles through them with a preview.  ``draw`` and ``pass`` are buttons.
"""

from __future__ import annotations

from ...core import DRAW, PASS
from ...geometry import hexspiral
from ...view import GameView, polygon, pts, r3, register_view
from ...words import code
from . import view_words as words
from .pieces import DELIVERED, WILD, SmallPlacement, order_text
from .rules import IwokiGame

MAX_SCALE = 70  # the page draws a unit at most this many CSS px (a hexagon about 80 px wide): a
# board of a few tiles keeps the scale of a fuller one
HEX_RADIUS = 0.57  # hexagons this size leave small gaps a little wider than a hexagon side
NUMBER_INSET = 0.3  # hexagon numbers sit this far from the vertex towards the centre
SIDE_INSET = 0.22  # small-tile numbers sit on the sides, this far towards the centre (clear of the operator)
PER_ROW = 5  # hand panels: tiles per row
SMALL_STEP, SMALL_ROW = 1.25, 1.2  # small hand tiles (1.1 wide, 0.95 high)
HEX_STEP, HEX_ROW = 1.35, 1.2  # hexagonal hand tiles (radius 0.6)
WILD_TEXT = "★"
MINUS = "−"


def small_target(tile) -> str:
    return f"small:{tile.name}"


def hex_target(tile) -> str:
    return f"hex:{tile.name}"


def gap_target(gap) -> str:
    if len(gap) == 3:
        return f"gap:{hexspiral.small_gap_name(gap)}"
    return f"gap:{hexspiral.hex_name(gap)}"


def _num(at, value, extra="") -> dict:
    wild = value == WILD
    cls = "num wild" if wild else f"num n{value}"
    return {"kind": "text", "at": [r3(at[0]), r3(at[1])], "text": WILD_TEXT if wild else str(value),
            "cls": cls + extra}


def hex_tile_items(corners, order, cls, target=None, name=None) -> list[dict]:
    """A hexagon (``corners`` = vertices 1-6) with its six numbers."""
    cx = sum(p[0] for p in corners) / 6
    cy = sum(p[1] for p in corners) / 6
    items = [polygon(corners, cls, target, name)]
    for (px, py), value in zip(corners, order):
        items.append(_num((px + NUMBER_INSET * (cx - px), py + NUMBER_INSET * (cy - py)), value, " hn"))
    return items


def small_tile_items(corners, order, cls, target=None, name=None) -> list[dict]:
    """A small triangle (``corners`` = its contacts in delivery order) with number ``x_i`` on
    the side between contacts ``i-1`` and ``i`` and the operator in the middle."""
    cx = sum(p[0] for p in corners) / 3
    cy = sum(p[1] for p in corners) / 3
    items = [polygon(corners, cls, target, name)]
    for i, x in enumerate(order.digits):
        (ax, ay), (bx, by) = corners[i - 1], corners[i]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        items.append(_num((mx + SIDE_INSET * (cx - mx), my + SIDE_INSET * (cy - my)), x, " sn"))
    items.append({"kind": "text", "at": [r3(cx), r3(cy)], "text": "+" if order.sign == "+" else MINUS,
                  "cls": "op " + ("plus" if order.sign == "+" else "minus")})
    return items


class IwokiView(GameView):
    def scene(self, game: IwokiGame, viewer=None, preview=None) -> dict:
        board = game.board
        spots, tiles, nums, marks = [], [], [], []
        last = None
        for ev in reversed(game.events):
            if ev["move"] not in ("draw", "pass"):
                last = ev["move"]
                break
        shown = set()
        # hexagonal tiles
        # the opening tile, placed where the rules put it (H1, or H1_H4_H5): marked as such
        opening = next((ev["move"] for ev in game.events if ev.get("opening")), None)
        for h, order in board.hexes.items():
            name = hexspiral.hex_name(h)
            is_last = last == f"{order_text(order)} @ {name}"
            is_open = opening == f"{order_text(order)} @ {name}"
            cls = "tile hextile" + (" last" if is_last else "") + (" opening" if is_open else "")
            values = [None if c == WILD else c for c in order]
            items = hex_tile_items(hexspiral.hexagon_points(h, HEX_RADIUS), order, cls,
                                   name=words.hex_placed_name(name, order_text(order), values, is_last, is_open))
            tiles.append(items[0])
            nums.extend(items[1:])
            shown.add(h)
            if is_last:  # a thick outline (the tile's stroke) and a dot in the middle
                cx, cy = hexspiral.centre(h)
                marks.append({"kind": "circle", "c": [r3(cx), r3(cy)], "r": 0.07, "cls": "last-marker dark"})
        # small tiles
        for key, order in board.smalls.items():
            name = hexspiral.small_gap_name(key)
            face = "plus" if order.sign == "+" else "minus"
            is_last = last == f"{order} @ {name}"
            is_open = opening == f"{order} @ {name}"
            cls = f"tile smalltile {face}" + (" last" if is_last else "") + (" opening" if is_open else "")
            gives = ", ".join(str(d) for d in DELIVERED[order])  # (the operator fills its middle)
            items = small_tile_items(hexspiral.small_gap_points(key, HEX_RADIUS), order, cls,
                                     name=words.small_placed_name(name, str(order), gives, is_last, is_open))
            tiles.append(items[0])
            nums.extend(items[1:])
        # fittable gaps
        playing = not game.is_over
        if board.is_empty:
            hex_gaps, small_gaps = [(0, 0)], [hexspiral.small_gap_of([(0, 0), (0, 1), (-1, 1)])]
        else:
            hex_gaps, small_gaps = list(board.fittable_hex), list(board.fittable_small)
        for h in hex_gaps:
            name = hexspiral.hex_name(h)
            corners = hexspiral.hexagon_points(h, HEX_RADIUS * 0.96)
            needs = board.hex_requirements(h)
            if playing:
                spots.append(polygon(corners, "spot hexspot", gap_target(h), words.hex_gap_name(
                    name, [(v, d) for v, d in zip(range(1, 7), needs) if d is not None])))
            else:
                spots.append({"kind": "polygon", "points": pts(corners), "cls": "spot hexspot"})
            cx, cy = hexspiral.centre(h)
            for (px, py), d in zip(hexspiral.hexagon_points(h, HEX_RADIUS), needs):
                if d is not None:
                    nums.append({"kind": "text", "at": [r3(px + NUMBER_INSET * (cx - px)), r3(py + NUMBER_INSET * (cy - py))],
                                 "text": str(d), "cls": "num hn need"})
            nums.append({"kind": "text", "at": [r3(cx), r3(cy)], "text": name, "cls": "gap-label coord"})
            shown.add(h)
        for key in small_gaps:
            name = hexspiral.small_gap_name(key)
            if playing:
                spots.append(polygon(hexspiral.small_gap_points(key, HEX_RADIUS), "spot smallspot", gap_target(key),
                                     words.small_gap_name(name)))
            for h in hexspiral.small_gap_hexes(key):
                shown.add(h)
        if preview is not None:
            if isinstance(preview, SmallPlacement):
                marks.extend(small_tile_items(hexspiral.small_gap_points(preview.gap, HEX_RADIUS), preview.order,
                                              "tile smalltile preview", name=words.preview_name(preview)))
            else:
                marks.extend(hex_tile_items(hexspiral.hexagon_points(preview.gap, HEX_RADIUS), preview.order,
                                            "tile hextile preview", name=words.preview_name(preview)))
        # the box is what is drawn (hexagons of HEX_RADIUS, the small gaps between them) with a
        # thin margin; the page caps its size at MAX_SCALE px a unit
        xs, ys = [], []
        for item in spots + tiles:
            for x, y in item.get("points", ()):
                xs.append(x)
                ys.append(y)
        if not xs:  # nothing drawn (cannot happen: a running game has a gap, an ended one tiles)
            xs, ys = [-1.0, 1.0], [-1.0, 1.0]
        pad = 0.12
        x0, x1, y0, y1 = min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad
        return {"viewBox": [r3(x0), r3(y0), r3(x1 - x0), r3(y1 - y0)], "max_scale": MAX_SCALE,
                "title": "iwoki Maths layout", "title_code": code("iwoki.title"),
                "layers": [{"name": "spots", "items": spots}, {"name": "tiles", "items": tiles},
                           {"name": "numbers", "items": nums}, {"name": "marks", "items": marks}],
                "panels": self._panels(game, viewer), "notes": self._notes(game),
                "player_notes": [words.tokens(game, q)[0] for q in range(game.num_players)],
                "player_notes_codes": [words.tokens(game, q)[1] for q in range(game.num_players)]}

    # ---- panels and notes ------------------------------------------------------------
    def _panels(self, game: IwokiGame, viewer) -> list[dict]:
        out = []
        to_move = game.current_player
        seats = list(range(game.num_players))
        if viewer is not None:  # the player's own tiles first
            seats.remove(viewer)
            seats.insert(0, viewer)
        for q in seats:
            smalls = game.small_hands[q]
            own = viewer is None or viewer == q
            if own and any(t is None for t in smalls):
                own = False
            clickable = q == to_move and own
            items = []
            y = width = 0.0  # rows of at most PER_ROW tiles: big enough to read on a phone
            if own:
                for i, t in enumerate(dict.fromkeys(smalls)):
                    row, col = divmod(i, PER_ROW)
                    x, y = 0.1 + col * SMALL_STEP, row * SMALL_ROW
                    count = smalls.count(t)
                    order = t.orders()[0]
                    corners = [(x, y + 0.95), (x + 0.55, y), (x + 1.1, y + 0.95)]  # an upright triangle
                    # delivery order: the left side first, so the numbers read clockwise a, b, c
                    items.extend(small_tile_items([corners[1], corners[2], corners[0]], order, "tile smalltile hand plus",
                                                  target=small_target(t) if clickable else None,
                                                  name=words.hand_small_name(t, count)))
                    if count > 1:
                        items.append({"kind": "text", "at": [r3(x + 1.0), r3(y + 0.12)], "text": f"×{count}", "cls": "count"})
                    width = max(width, x + SMALL_STEP)
                if items:
                    y += SMALL_ROW  # own hexagonal tiles: the rows below
            hexes = [t for t in game.hex_hands[q] if t is not None]
            for i, t in enumerate(hexes):
                row, col = divmod(i, PER_ROW)
                x = 0.1 + col * HEX_STEP
                corners = hexspiral.hexagon_points((0, 0), 0.6)
                corners = [(px + x + 0.62, py + 0.5 + y + row * HEX_ROW) for px, py in corners]
                items.extend(hex_tile_items(corners, t.values, "tile hextile hand",
                                            target=hex_target(t) if clickable else None,
                                            name=words.hand_hex_name(t, order_text(t.values))))
                width = max(width, x + HEX_STEP)
            height = y + (HEX_ROW * ((len(hexes) + PER_ROW - 1) // PER_ROW) if hexes else (0.0 if y else 1.2))
            if not items and not own:
                continue
            title, title_code = words.hand_title(game, q, viewer, own, len(smalls))
            width = max(width, 6.0)
            out.append({"name": f"hand-{q}", "title": title, "title_code": title_code,
                        "cls": "own" if own and viewer is not None else "",
                        "viewBox": [0, -0.1, r3(width), r3(height)],
                        "layers": [{"name": "hand", "items": items}]})
        return out

    def _notes(self, game: IwokiGame) -> list[dict]:
        notes = [words.note(*words.info(game), "info"), words.note(*words.TOKENS, "info")]
        if game.is_over and game.penalties is not None:
            notes.append(words.note(*words.final(game), "round-end"))
        if game.events:
            notes.append(words.note(*words.last_move(game, game.events[-1]), "last-move"))
        hint = None if game.is_over else words.to_move(game)
        if hint:
            notes.append(words.note(*hint, "info"))
        return notes

    # ---- targets ---------------------------------------------------------------------
    def move_targets(self, game: IwokiGame, viewer=None) -> list[dict]:
        out = []
        for m in game.legal_moves():
            if m == DRAW:
                label, label_code = words.ACTIONS["draw"]
                out.append({"move": "draw", "target": None, "path": [], "label": label, "label_code": label_code})
            elif m == PASS:
                label, label_code = words.ACTIONS["pass"]
                out.append({"move": "pass", "target": None, "path": [], "label": label, "label_code": label_code})
            else:
                first = small_target(m.tile) if isinstance(m, SmallPlacement) else hex_target(m.tile)
                path = [first, gap_target(m.gap)]
                out.append({"move": str(m), "target": path[-1], "path": path, "label": None})
        return out


register_view("iwoki", IwokiView())
