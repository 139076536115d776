"""Y boards. Regular family: cells ``(x, y)`` with ``x, y >= 0`` and ``x + y < n``.

Neighbours use Hex's six offsets; sides are A (``x = 0``), B (``y = 0``), C (``x + y = n - 1``).
"""

from __future__ import annotations

from functools import lru_cache

from .hexgrid import NEIGHBOUR_OFFSETS

SIDE_A, SIDE_B, SIDE_C = 1, 2, 4
ALL_SIDES = SIDE_A | SIDE_B | SIDE_C


@lru_cache(maxsize=None)
def regular_cells(n: int) -> tuple[tuple[int, int], ...]:
    """The cells of a regular board of side ``n``, row by row (index = position here)."""
    return tuple((x, y) for y in range(n) for x in range(n - y))


@lru_cache(maxsize=None)
def regular_index(n: int) -> dict:
    return {c: i for i, c in enumerate(regular_cells(n))}


def on_regular_board(n: int, x: int, y: int) -> bool:
    return x >= 0 and y >= 0 and x + y < n


@lru_cache(maxsize=None)
def regular_neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    index = regular_index(n)
    return tuple(tuple(index[(x + dx, y + dy)] for dx, dy in NEIGHBOUR_OFFSETS
                       if on_regular_board(n, x + dx, y + dy))
                 for x, y in regular_cells(n))


@lru_cache(maxsize=None)
def regular_sides(n: int) -> tuple[int, ...]:
    """For each cell, the bitmask of sides it lies on (corners lie on two)."""
    return tuple((SIDE_A if x == 0 else 0) | (SIDE_B if y == 0 else 0) | (SIDE_C if x + y == n - 1 else 0)
                 for x, y in regular_cells(n))


class RegularLayout:
    """A regular board with the same interface as :class:`~.yradial.RadialLayout`:
    ``nodes`` (the cells ``(x, y)``), ``index``, ``neighbours`` and ``sides`` (bitmasks)."""

    def __init__(self, n: int):
        self.size = n
        self.nodes = list(regular_cells(n))
        self.index = regular_index(n)
        self.neighbours = regular_neighbours(n)
        self.sides = regular_sides(n)


@lru_cache(maxsize=None)
def regular_layout(n: int) -> RegularLayout:
    return RegularLayout(n)
