"""Edge templates the H-searches do not derive in time, as base virtual connections.

An *edge template* joins a stone (or an empty cell, once the player holds it) to a side of the
board through a set of empty cells, its *carrier*, even if the opponent moves first.  The
bridge to the side (second row) and the ziggurat (third row) follow from H-search's rules; the
fourth-row template (HexWiki's "Edge template IV1a") never does in the anchored search
(:mod:`.bitboard_hsearch`), and the pairs search (:mod:`.bitboard_hsearch_pairs`) derives it
only after some 3,000 connections on an otherwise empty board, often beyond its budget in a
game.  So it is given here as a base connection, as MoHex gives its edge patterns to its VC
builder.

Each template is written once, seen from a side along the top of the board: the anchor at
``(0, 0)``, its row ``depth`` (1: the cells on the side), every carrier cell ``(dx, dy)`` with
``dy < 0`` towards the side (the hex grid's neighbours: ``(x+1, y-1)`` and ``(x-1, y+1)`` too).
:func:`placements` lays it, and its mirror image, along each side of a Hex board or a regular Y
triangle (radial Y boards have none), wherever every carrier cell is on the board.

The carriers come from ``build_scripts/edge_templates.py``: every intrusion has a reply after
which H-search proves the rest, and no cell can be dropped.  ``tests/test_edge_templates.py``
checks every placement on small Hex boards and a Y triangle the same way, and one by an
exhaustive solver that knows nothing of H-search.
"""

from __future__ import annotations

# depth -> carrier offsets (anchor at (0, 0), the side beyond row ``-depth``)
TEMPLATES = {
    4: ((-1, -3), (0, -3), (1, -3), (2, -3), (3, -3), (4, -3), (5, -3),
        (-1, -2), (0, -2), (1, -2), (2, -2), (3, -2), (4, -2),
        (-1, -1), (0, -1), (1, -1), (2, -1), (3, -1),
        (1, 0)),
}


def mirrored(cells):
    """The template's mirror image across the anchor's line to the side (rows kept)."""
    return tuple((-dx - dy, dy) for dx, dy in cells)


def _frames(n: int):
    """Maps ``(a, r)`` (``r``: the row counted from 0 at the side, ``a``: along it) to ``(x, y)``
    for each straight side a hex-grid board of size ``n`` can have (each a symmetry of the grid):
    top, bottom, left, right, and a Y triangle's long side ``x + y = n - 1``."""
    m = n - 1
    return (lambda a, r: (a, r), lambda a, r: (m - a, m - r), lambda a, r: (r, a),
            lambda a, r: (m - r, m - a), lambda a, r: (a, m - r - a))


def placements(core, player: int) -> tuple:
    """``(side index, anchor bit, carrier mask)`` of every template laid along each side of
    ``player`` on ``core`` (cached on the core)."""
    cache = core.__dict__.setdefault("_edge_templates", {})
    if player in cache:
        return cache[player]
    out = []
    width = core.width
    if width is not None:
        n = width - 1

        def bit(x, y):
            if 0 <= x < n and 0 <= y < n:
                b = y * width + x
                if core.full >> b & 1:
                    return b
            return None
        for i, side in enumerate(core.goals[player]):
            frame = next((f for f in _frames(n)
                          if sum(1 << b for a in range(-n, 2 * n) if (b := bit(*f(a, 0))) is not None) == side), None)
            if frame is None:
                continue
            for depth, cells in TEMPLATES.items():
                for shape in {cells, mirrored(cells)}:
                    for a in range(-n, 2 * n):
                        anchor = bit(*frame(a, depth - 1))
                        if anchor is None:
                            continue
                        bits = [bit(*frame(a + dx, depth - 1 + dy)) for dx, dy in shape]
                        if None not in bits:
                            out.append((i, anchor, sum(1 << b for b in bits)))
    cache[player] = tuple(out)
    return cache[player]


def template_vcs(core, player: int, stones: int, empty: int):
    """``(side index, anchor bit, carrier)`` of each template that holds in this position: its
    carrier all empty, its anchor empty or ``player``'s stone."""
    for i, anchor, carrier in placements(core, player):
        if carrier & ~empty == 0 and (stones | empty) >> anchor & 1:
            yield i, anchor, carrier
