"""The hexagonal lattice of a Hex rhombus, in the seed's ``(x, y)`` coordinates.

Cells of an ``n x n`` board are ``(x, y)`` with ``0 <= x, y < n`` and index ``y * n + x``.
Neighbour offsets are exactly the seed's six: (0,-1), (0,+1), (-1,0), (+1,0), (-1,+1), (+1,-1).
"""

from __future__ import annotations

import math
from functools import lru_cache

# The seed's neighbour offsets, in the order of the rules spec's table.
NEIGHBOUR_OFFSETS = ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1))

# The same six directions in cyclic (clockwise in the recommended drawing) order:
# right, lower-right, lower-left, left, upper-left, upper-right.
CYCLIC_DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

# Bridge ("two-bridge") offsets: the sum of two cyclically adjacent directions, with the two
# carrier cells (the adjacent directions themselves).
BRIDGES = tuple(
    ((a[0] + b[0], a[1] + b[1]), a, b)
    for a, b in zip(CYCLIC_DIRECTIONS, CYCLIC_DIRECTIONS[1:] + CYCLIC_DIRECTIONS[:1])
)


def on_board(n: int, x: int, y: int) -> bool:
    return 0 <= x < n and 0 <= y < n


def neighbours(n: int, x: int, y: int) -> list[tuple[int, int]]:
    """The on-board neighbours of ``(x, y)`` in the seed's offset order."""
    return [(x + dx, y + dy) for dx, dy in NEIGHBOUR_OFFSETS if on_board(n, x + dx, y + dy)]


@lru_cache(maxsize=None)
def neighbour_table(n: int) -> tuple[tuple[int, ...], ...]:
    """For each cell index, the indices of its neighbours (computed once per size)."""
    return tuple(
        tuple(ny * n + nx for nx, ny in neighbours(n, i % n, i // n)) for i in range(n * n)
    )


@lru_cache(maxsize=None)
def bridge_table(n: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each cell index, its on-board bridge partners as ``(partner, carrier1, carrier2)``."""
    out = []
    for i in range(n * n):
        x, y = i % n, i // n
        row = []
        for (dx, dy), (ax, ay), (bx, by) in BRIDGES:
            if on_board(n, x + dx, y + dy):
                row.append(((y + dy) * n + x + dx, (y + ay) * n + x + ax, (y + by) * n + x + bx))
        out.append(tuple(row))
    return tuple(out)


# --------------------------------------------------------------------------- layout
SQRT3 = math.sqrt(3.0)


def cell_centre(x: int, y: int, radius: float = 1.0) -> tuple[float, float]:
    """Centre of a pointy-top hexagon in the recommended drawing (row y shifted right by y/2)."""
    w = SQRT3 * radius
    return ((x + y / 2.0) * w, y * 1.5 * radius)


def hexagon_corners(cx: float, cy: float, radius: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hexagon, clockwise from the top."""
    return [(cx + radius * math.sin(math.radians(a)), cy - radius * math.cos(math.radians(a)))
            for a in range(0, 360, 60)]
