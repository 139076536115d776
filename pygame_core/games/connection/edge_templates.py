"""Edge templates the H-searches do not derive in time, as base virtual connections.

An *edge template* joins a stone (or an empty cell, once the player holds it) to a side of the
board through a set of empty cells, its *carrier*, even if the opponent moves first.  The
bridge to the side (second row) and the ziggurat (third row) follow from H-search's rules; the
fourth-row template (HexWiki's "Edge template IV1a") never does in the anchored search
(:mod:`.bitboard_hsearch`), and the pairs search (:mod:`.bitboard_hsearch_pairs`) derives it
only after some 3,000 connections on an otherwise empty board, often beyond its budget in a
game.  So it is given here as a base connection, as MoHex gives its edge patterns to its VC
builder.

``HELPED`` adds fourth-row templates that need one more of the player's stones (a *helper*)
near the anchor: two stones side by side on the fourth row, say, are joined through 10 cells.
Measured on the 68 positions right after our losing moves against MoHex (``benchmarks/data``):
its VC builder proves a win for it in 48, ours in 20 before these and 22 with them; MoHex
without its own VC patterns (ladders and templates with helpers) proves only 4 of the 28 ours
missed, so patterns of this kind are the gap.

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

# templates with a helper: (depth, the player's own stones needed, carrier offsets), the same
# frame (``build_scripts/edge_templates.py --helpers``): a fourth-row stone with one of its own
# stones near it joins the side through fewer cells, or around an opponent's stone that breaks
# the lone stone's template (each checked by playing out every line: test_edge_templates.py)
HELPED = (
    (4, ((-1, -2),), ((-1, -3), (0, -3), (2, -3), (3, -3), (4, -3), (0, -2), (1, -2), (2, -2), (3, -2), (-1, -1),
                      (0, -1), (1, -1), (2, -1))),
    (4, ((-1, -1),), ((-1, -3), (0, -3), (1, -3), (2, -3), (-1, -2), (0, -2), (1, -2), (0, -1), (1, -1), (-1, 0))),
    (4, ((-1, -1),), ((0, -3), (1, -3), (2, -3), (3, -3), (-1, -2), (0, -2), (1, -2), (2, -2), (0, -1), (1, -1),
                      (-1, 0))),
    (4, ((-1, -1),), ((0, -3), (1, -3), (2, -3), (3, -3), (4, -3), (0, -2), (1, -2), (2, -2), (3, -2), (0, -1),
                      (1, -1), (2, -1), (-1, 0), (1, 0))),
    (4, ((-1, 0),), ((-1, -3), (0, -3), (1, -3), (2, -3), (-1, -2), (0, -2), (1, -2), (-1, -1), (0, -1), (1, -1))),
    (4, ((0, -2),), ((0, -3), (1, -3), (2, -3), (3, -3), (1, -2), (2, -2), (0, -1), (1, -1))),
    (4, ((2, -2),), ((-1, -3), (0, -3), (2, -3), (3, -3), (-1, -2), (0, -2), (1, -2), (-1, -1), (0, -1), (1, -1))),
)


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


def _table():
    """Every template as ``(depth, helper offsets, carrier offsets)``."""
    return [(depth, (), cells) for depth, cells in TEMPLATES.items()] + list(HELPED)


def placements(core, player: int) -> tuple:
    """``(side index, anchor bit, carrier mask, helpers mask)`` of every template laid along each
    side of ``player`` on ``core`` (cached on the core); the helpers must be ``player``'s stones."""
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
            for depth, helpers, cells in _table():
                for shape, help_shape in {(cells, helpers), (mirrored(cells), mirrored(helpers))}:
                    for a in range(-n, 2 * n):
                        anchor = bit(*frame(a, depth - 1))
                        if anchor is None:
                            continue
                        bits = [bit(*frame(a + dx, depth - 1 + dy)) for dx, dy in shape]
                        hbits = [bit(*frame(a + dx, depth - 1 + dy)) for dx, dy in help_shape]
                        if None not in bits and None not in hbits:
                            out.append((i, anchor, sum(1 << b for b in bits), sum(1 << b for b in hbits)))
    cache[player] = tuple(out)
    return cache[player]


def template_vcs(core, player: int, stones: int, empty: int):
    """``(side index, point, carrier)`` of each template that holds in this position: its carrier
    all empty, its anchor and helpers ``player``'s stones but at most one, which is empty and
    the anchor or next to it (the point, joined to the side once played; else the point is the
    anchor)."""
    for i, anchor, carrier, helpers in placements(core, player):
        if carrier & ~empty:
            continue
        missing = (helpers | 1 << anchor) & ~stones
        if not missing:
            yield i, anchor, carrier
        elif not missing & (missing - 1) and missing & empty and missing & core.around(1 << anchor):
            # the one empty cell (the anchor, or a helper next to it: then in the anchor's chain
            # once played) is joined to the side once played
            yield i, missing.bit_length() - 1, carrier
