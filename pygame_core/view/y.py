"""Scene for Y (regular family): a triangle of hexagons with its three sides marked."""

from __future__ import annotations

from ..games.y import EMPTY, LETTERS, PLAYER_NAMES, YGame
from ..geometry.hexgrid import cell_centre
from . import GameView, hex_cell_items, pts, r3, register_view


class YView(GameView):
    def scene(self, game: YGame, viewer=None) -> dict:
        n = game.size
        board = game.board
        legal = set() if game.is_over else {(m.x, m.y) for m in game.legal_moves()}
        last = game.history[-1] if game.history else None
        last_cell = (last.x, last.y) if last else None
        chain = set(game.winning_group())
        # the frame: a triangle around the corner cells, its sides 1.9 cell radii out
        a, b, c = cell_centre(0, 0), cell_centre(n - 1, 0), cell_centre(0, n - 1)
        g = ((a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3)
        grow = 1.0 + 3.8 / max(1.0, ((a[0] - g[0]) ** 2 + (a[1] - g[1]) ** 2) ** 0.5)
        frame = [(g[0] + (p[0] - g[0]) * grow, g[1] + (p[1] - g[1]) * grow) for p in (a, b, c)]
        cells, marks = hex_cell_items(
            (((x, y), f"{LETTERS[x]}{y + 1}", cell_centre(x, y),
             None if board.owner(x, y) == EMPTY else f"p{board.owner(x, y)}",
             None if board.owner(x, y) == EMPTY else PLAYER_NAMES[board.owner(x, y)])
            for (x, y) in board.cells_xy), legal, last_cell, chain)
        labels = []
        for x in range(n):
            cx, cy = cell_centre(x, 0)
            labels.append({"kind": "text", "at": [r3(cx), r3(cy - 1.38)], "text": LETTERS[x], "cls": "coord"})
        for y in range(n):
            cx, cy = cell_centre(0, y)
            labels.append({"kind": "text", "at": [r3(cx - 1.3), r3(cy)], "text": str(y + 1), "cls": "coord"})
        xs, ys = [p[0] for p in frame], [p[1] for p in frame]
        pad = 0.3
        return {"viewBox": [r3(min(xs) - pad), r3(min(ys) - pad), r3(max(xs) - min(xs) + 2 * pad),
                            r3(max(ys) - min(ys) + 2 * pad)],
                "title": f"Y, side {n}",
                "layers": [{"name": "frame", "items": [{"kind": "polygon", "points": pts(frame), "cls": "frame",
                                                        "name": "the board's three sides"}]},
                           {"name": "cells", "items": cells}, {"name": "marks", "items": marks},
                           {"name": "labels", "items": labels}]}


register_view("y", YView())
