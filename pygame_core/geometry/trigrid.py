"""The triangle lattice of Triominos (rules: docs/rules/triominos.md).

A location ``(x, y)``: ``x`` grows to the right, the row ``y`` grows downward.  It is
*up-facing* iff ``x + y`` is even.  The twelve named neighbours are offsets for an up-facing
location; for a down-facing one the ``dy`` of every row is negated.

Lattice vertices are named ``(vx, vy)`` with ``vx`` in half tile widths and ``vy`` the row line
(``vx + vy`` is even).  The placed corners of a location:

* up-facing ``(x, y)``: left ``(x-1, y+1)``, middle (apex) ``(x, y)``, right ``(x+1, y+1)``;
* down-facing ``(x, y)``: left ``(x-1, y)``, middle (apex) ``(x, y+1)``, right ``(x+1, y)``.

Two locations touching the same vertex are exactly the six positions round it, so matching
corners through a vertex map is the same as the seed's neighbour-by-neighbour rules.
"""

from __future__ import annotations

import math
from functools import lru_cache

ROW_HEIGHT = math.sqrt(3) / 2

# name -> (dx, dy) for an up-facing location (dy is negated for a down-facing one)
NEIGHBOUR_OFFSETS: dict[str, tuple[int, int]] = {
    "LEFT": (-1, 0),
    "RIGHT": (1, 0),
    "MIDDLE": (0, 1),
    "FAR_LEFT": (-2, 0),
    "FAR_RIGHT": (2, 0),
    "LEFT_TO_MIDDLE": (-1, 1),
    "FAR_LEFT_TO_MIDDLE": (-2, 1),
    "RIGHT_TO_MIDDLE": (1, 1),
    "FAR_RIGHT_TO_MIDDLE": (2, 1),
    "OPPOSITE": (0, -1),
    "LEFT_TO_OPPOSITE": (-1, -1),
    "RIGHT_TO_OPPOSITE": (1, -1),
}
EDGE_NEIGHBOURS = ("LEFT", "RIGHT", "MIDDLE")
CORNERS = ("left", "middle", "right")


def up_facing(x: int, y: int) -> bool:
    return (x + y) % 2 == 0


def neighbour(x: int, y: int, name: str) -> tuple[int, int]:
    """The location of neighbour ``name`` of ``(x, y)``."""
    dx, dy = NEIGHBOUR_OFFSETS[name]
    return (x + dx, y + dy) if up_facing(x, y) else (x + dx, y - dy)


@lru_cache(maxsize=None)
def neighbours(x: int, y: int) -> dict[str, tuple[int, int]]:
    return {name: neighbour(x, y, name) for name in NEIGHBOUR_OFFSETS}


def edge_neighbours(x: int, y: int) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """LEFT, RIGHT and MIDDLE (the locations sharing an edge)."""
    return ((x - 1, y), (x + 1, y), (x, y + 1) if (x + y) % 2 == 0 else (x, y - 1))


def corner_vertices(x: int, y: int) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """The lattice vertices under the placed left, middle and right corners."""
    if (x + y) % 2 == 0:
        return ((x - 1, y + 1), (x, y), (x + 1, y + 1))
    return ((x - 1, y), (x, y + 1), (x + 1, y))


def vertex_point(vx: int, vy: int) -> tuple[float, float]:
    """Drawing position of a lattice vertex (tile side 1, ``y`` downward)."""
    return (vx / 2, vy * ROW_HEIGHT)


def triangle_points(x: int, y: int) -> list[tuple[float, float]]:
    """The three corners (left, middle, right) of a location in drawing units."""
    return [vertex_point(*v) for v in corner_vertices(x, y)]


def centroid(x: int, y: int) -> tuple[float, float]:
    pts = triangle_points(x, y)
    return (sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3)
