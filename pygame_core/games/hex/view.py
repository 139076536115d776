"""Scene for Hex: the rhombus in the recommended drawing, end zones as coloured borders."""

from __future__ import annotations

from .rules import BLUE, EMPTY, RED, PLAYER_NAMES, HexGame, cell_name
from ...geometry.hexgrid import cell_centre
from ...view import GameView, coord_labels, hex_cell_items, pts, r3, register_view
from ...words import code, player

COLOUR = ("blue", "red")


def _offset_line(p, q, centre, d):
    """The line through p,q moved by d away from ``centre``: returns (point, direction)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = (dx * dx + dy * dy) ** 0.5
    nx, ny = -dy / length, dx / length
    mx, my = (p[0] + q[0]) / 2 - centre[0], (p[1] + q[1]) / 2 - centre[1]
    if nx * mx + ny * my < 0:
        nx, ny = -nx, -ny
    return (p[0] + nx * d, p[1] + ny * d), (dx, dy)


def _intersect(l1, l2):
    (p, r), (q, s) = l1, l2
    cross = r[0] * s[1] - r[1] * s[0]
    t = ((q[0] - p[0]) * s[1] - (q[1] - p[1]) * s[0]) / cross
    return (p[0] + t * r[0], p[1] + t * r[1])


class HexView(GameView):
    def scene(self, game: HexGame, viewer=None, preview=None) -> dict:
        n = game.size
        board = game.board
        corners = [cell_centre(0, 0), cell_centre(n - 1, 0), cell_centre(n - 1, n - 1), cell_centre(0, n - 1)]
        centre = (sum(c[0] for c in corners) / 4, sum(c[1] for c in corners) / 4)
        # the four sides of the rhombus, pushed outwards: top, right, bottom, left
        sides = [_offset_line(corners[i], corners[(i + 1) % 4], centre, 1.75) for i in range(4)]
        outer = [_intersect(sides[i - 1], sides[i]) for i in range(4)]  # corner before side i
        zones = []
        owners = (BLUE, RED, BLUE, RED)
        for i, who in enumerate(owners):
            tri = [outer[i], outer[(i + 1) % 4], centre]
            side = ("top", "right", "bottom", "left")[i]
            zones.append({"kind": "polygon", "points": pts(tri), "cls": f"zone {COLOUR[who]}",
                          "name": f"{PLAYER_NAMES[who]}'s {side} side",
                          "name_code": code(f"scene.side.{side}", player=player(who))})
        legal = set()
        if not game.is_over:
            legal = {(m.x, m.y) for m in game.legal_moves() if not m.is_swap}
        last = game.last_move
        last_cell = None
        if last is not None:
            last_cell = (game.history[0].y, game.history[0].x) if last.is_swap else last.cell
        chain = set(game.winning_chain())
        cells, marks = hex_cell_items(
            (((x, y), cell_name(x, y), cell_centre(x, y),
             None if board.owner(x, y) == EMPTY else f"{COLOUR[board.owner(x, y)]} p{board.owner(x, y)}",
             None if board.owner(x, y) == EMPTY else board.owner(x, y))
            for y in range(n) for x in range(n)), legal, last_cell, chain, PLAYER_NAMES)
        labels = coord_labels(n, n)
        xs = [p[0] for p in outer]
        ys = [p[1] for p in outer]
        pad = 0.3
        view_box = [r3(min(xs) - pad), r3(min(ys) - pad), r3(max(xs) - min(xs) + 2 * pad),
                    r3(max(ys) - min(ys) + 2 * pad)]
        return {"viewBox": view_box, "title": f"Hex {n}x{n}", "title_code": code("scene.title.hex", n=n), "turnable": True,
                "layers": [{"name": "zones", "items": zones}, {"name": "cells", "items": cells},
                           {"name": "marks", "items": marks}, {"name": "labels", "items": labels}]}

    def move_targets(self, game: HexGame, viewer=None) -> list[dict]:
        out = []
        for m in game.legal_moves():
            if m.is_swap:
                out.append({"move": "swap", "target": None, "label": "Swap (take over Blue's stone)",
                            "label_code": code("hex.action.swap")})
            else:
                out.append({"move": str(m), "target": str(m), "label": None})
        return out


register_view("hex", HexView())
