"""Scene for Y (regular family): a triangle of hexagons with its three sides marked."""

from __future__ import annotations

from .rules import EMPTY, LETTERS, PLAYER_NAMES, YGame
from ...geometry.hexgrid import cell_centre
from ...view import GameView, cell_name, coord_labels, hex_cell_items, pts, r3, register_view
from ...words import code

FRAME = "the board's three sides"


class YView(GameView):
    def scene(self, game: YGame, viewer=None, preview=None) -> dict:
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
             None if board.owner(x, y) == EMPTY else board.owner(x, y))
            for (x, y) in board.cells_xy), legal, last_cell, chain, PLAYER_NAMES)
        labels = coord_labels(n, n, triangle=True)
        xs, ys = [p[0] for p in frame], [p[1] for p in frame]
        pad = 0.3
        return {"viewBox": [r3(min(xs) - pad), r3(min(ys) - pad), r3(max(xs) - min(xs) + 2 * pad),
                            r3(max(ys) - min(ys) + 2 * pad)],
                "title": f"Y, side {n}", "title_code": code("scene.title.y", n=n), "turnable": True,
                "layers": [{"name": "frame", "items": [{"kind": "polygon", "points": pts(frame), "cls": "frame",
                                                        "name": FRAME, "name_code": code("scene.frame")}]},
                           {"name": "cells", "items": cells}, {"name": "marks", "items": marks},
                           {"name": "labels", "items": labels}]}



def radial_positions(layout) -> list[tuple[float, float]]:
    """Screen positions of a radial board's nodes: inner rings as straight triangles, outer
    rings bent progressively into arcs (like the commercial 93-point board).  Index 0 of each
    ring is at the lower-left corner and indices run clockwise (up the left side first)."""
    import math
    corners_deg = (210.0, 90.0, -30.0)
    t0 = layout.t0
    out = []
    base = max(layout.segs[t0], 1) / math.sqrt(3)
    for t, m in enumerate(layout.segs):
        if m == 0:
            out.append((0.0, 0.0))
            continue
        k = t - t0  # > 0 for the outer rings
        radius = m / math.sqrt(3) if k <= 0 else base + 0.95 * k
        bend = 0.0 if k <= 0 else 0.45 * k / max(1, layout.outer_rows)
        corners = [(radius * math.cos(math.radians(a)), radius * math.sin(math.radians(a))) for a in corners_deg]
        for i in range(3 * m):
            side, f = divmod(i, m)
            p, q = corners[side], corners[(side + 1) % 3]
            tri = (p[0] + (q[0] - p[0]) * f / m, p[1] + (q[1] - p[1]) * f / m)
            ang = math.radians(corners_deg[side] - 120.0 * f / m)
            arc = (radius * math.cos(ang), radius * math.sin(ang))
            x = (1 - bend) * tri[0] + bend * arc[0]
            y = (1 - bend) * tri[1] + bend * arc[1]
            out.append((x, -y))  # screen y grows downwards
    return out


class RadialYView(GameView):
    """The seed's radial board drawn as points joined by lines (the curved commercial look)."""

    def scene(self, game: YGame, viewer=None, preview=None) -> dict:
        layout = game.board.layout
        pos = radial_positions(layout)
        board = game.board
        legal = set() if game.is_over else {m.node for m in game.legal_moves()}
        last = game.history[-1].node if game.history else None
        chain = set(game.winning_group())
        edges = []
        for k, nbrs in enumerate(layout.neighbours):
            for j in nbrs:
                if j > k:
                    edges.append({"kind": "polyline", "points": pts([pos[k], pos[j]]), "cls": "edge"})
        outer = len(layout.segs) - 1
        rim = [pos[layout.index[(outer, i)]] for i in range(layout.sizes[outer])]
        frame = {"kind": "polygon", "points": pts(rim), "cls": "frame radial", "name": FRAME,
                 "name_code": code("scene.frame")}
        nodes, marks = [], []
        for k, (t, i) in enumerate(layout.nodes):
            owner = board.cells[k]
            name = f"{t}.{i}"
            cls = ["node"]
            if owner == EMPTY:
                cls.append("empty")
            else:
                cls += ["stone", f"p{owner}"]
            if (t, i) in legal:
                cls.append("legal")
            if (t, i) == last:
                cls.append("last")
                marks.append({"kind": "circle", "c": [r3(pos[k][0]), r3(pos[k][1])], "r": 0.13, "cls": "last-marker"})
            if (t, i) in chain:
                cls.append("win")
                marks.append({"kind": "circle", "c": [r3(pos[k][0]), r3(pos[k][1])], "r": 0.38, "cls": "win-outline"})
            text, name_code = cell_name(name, None if owner == EMPTY else owner, PLAYER_NAMES, (t, i) == last,
                                        (t, i) in chain, group=True)
            nodes.append({"kind": "circle", "c": [r3(pos[k][0]), r3(pos[k][1])], "r": 0.3,
                          "cls": " ".join(cls), "target": name, "name": text, "name_code": name_code})
        xs, ys = [p[0] for p in pos], [p[1] for p in pos]
        pad = 1.0
        return {"viewBox": [r3(min(xs) - pad), r3(min(ys) - pad), r3(max(xs) - min(xs) + 2 * pad),
                            r3(max(ys) - min(ys) + 2 * pad)],
                "title": f"Y, radial board of {len(layout.nodes)} nodes",
                "title_code": code("scene.title.y_radial", n=len(layout.nodes)), "turnable": True,
                "layers": [{"name": "frame", "items": [frame]}, {"name": "edges", "items": edges},
                           {"name": "cells", "items": nodes}, {"name": "marks", "items": marks}]}


class AnyYView(GameView):
    """Dispatches on the board family."""

    def scene(self, game: YGame, viewer=None, preview=None) -> dict:
        return (_RADIAL if game.radial else _REGULAR).scene(game, viewer)


_RADIAL, _REGULAR = RadialYView(), YView()
register_view("y", AnyYView())
