"""The unbounded flat-topped hexagonal lattice of iwoki's virtual board (rules:
docs/rules/iwoki.md).

*Hexagonal gaps* are axial coordinates ``(q, r)``; the six directions (index 0-5) are N, NE,
SE, S, SW, NW.  They are numbered by a spiral: ``H1`` is ``(0, 0)``; ring ``k`` holds ``6k`` gaps
numbered clockwise, starting just clockwise of due north and ending with due north ``(0, -k)``.

The six *vertices* of a gap are numbered 1-6 clockwise from the left point (the seed's
numbering).  Every vertex belongs to exactly one *small gap*, the junction of three mutually
adjacent hexagonal gaps.  A small gap is keyed here by ``(q, r, ">")`` (a "▷" gap: ``(q, r)`` is
its east hexagon, touching with vertex 1) or ``(q, r, "<")`` (a "◁" gap: ``(q, r)`` is its west
hexagon, touching with vertex 4).  Its three *contacts* are listed in delivery order: the
contact on vertex 5 (▷) or 2 (◁) first, then clockwise round the gap.

Screen layout (unit spacing, ``y`` grows downward): the centre of ``(q, r)`` is
``(1.5 q, √3 (r + q/2))``; a vertex of a unit hexagon is where three gaps meet.
"""

from __future__ import annotations

import math
from functools import lru_cache

Hex = tuple[int, int]
SmallKey = tuple[int, int, str]

SQRT3 = math.sqrt(3.0)

# index -> (dq, dr): N, NE, SE, S, SW, NW
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
N, NE, SE, S, SW, NW = range(6)

# vertex v (1-6) -> its offset from the centre of a unit flat-topped hexagon (y down)
VERTEX_OFFSETS: dict[int, tuple[float, float]] = {
    1: (-1.0, 0.0), 2: (-0.5, -SQRT3 / 2), 3: (0.5, -SQRT3 / 2),
    4: (1.0, 0.0), 5: (0.5, SQRT3 / 2), 6: (-0.5, SQRT3 / 2),
}


def step(h: Hex, direction: int, k: int = 1) -> Hex:
    dq, dr = DIRECTIONS[direction]
    return (h[0] + k * dq, h[1] + k * dr)


def distance(h: Hex) -> int:
    """The ring of ``h``: its distance from ``(0, 0)``."""
    q, r = h
    return max(abs(q), abs(r), abs(q + r))


def neighbours(h: Hex) -> list[Hex]:
    return [step(h, d) for d in range(6)]


# --------------------------------------------------------------------------- spiral numbering
def ring(k: int) -> list[Hex]:
    """The gaps of ring ``k`` in number order (``k = 0``: just the centre)."""
    if k == 0:
        return [(0, 0)]
    out = []
    h = (0, -k)
    for d in (SE, S, SW, NW, N, NE):
        for _ in range(k):
            h = step(h, d)
            out.append(h)
    return out  # the last one is (0, -k) again


def first_number(k: int) -> int:
    """The number of the first gap of ring ``k``."""
    return 1 if k == 0 else 3 * k * (k - 1) + 2


@lru_cache(maxsize=None)
def _ring_index(k: int) -> dict[Hex, int]:
    return {h: i for i, h in enumerate(ring(k))}


def number_of(h: Hex) -> int:
    """The spiral number ``n`` of gap ``h`` (``H<n>``)."""
    k = distance(h)
    return first_number(k) + _ring_index(k)[h]


def hex_at(n: int) -> Hex:
    """The gap numbered ``n >= 1``."""
    if n < 1:
        raise ValueError("hexagonal gaps are numbered from 1")
    if n == 1:
        return (0, 0)
    k = 1
    while first_number(k + 1) <= n:
        k += 1
    return ring(k)[n - first_number(k)]


def hex_name(h: Hex) -> str:
    return f"H{number_of(h)}"


# --------------------------------------------------------------------------- vertices and small gaps
def vertex_small_gap(h: Hex, v: int) -> SmallKey:
    """The small gap at vertex ``v`` (1-6) of gap ``h``."""
    q, r = h
    if v == 1:
        return (q, r, ">")
    if v == 3:  # h is the south-west hexagon of the gap's east hexagon
        return (q + 1, r - 1, ">")
    if v == 5:  # h is the north-west hexagon
        return (q + 1, r, ">")
    if v == 4:
        return (q, r, "<")
    if v == 6:  # h is the north-east hexagon of the gap's west hexagon
        return (q - 1, r + 1, "<")
    if v == 2:  # h is the south-east hexagon
        return (q - 1, r, "<")
    raise ValueError(f"vertex numbers are 1-6, not {v!r}")


def small_gap_contacts(key: SmallKey) -> tuple[tuple[Hex, int], tuple[Hex, int], tuple[Hex, int]]:
    """The three contacts ``(hexagonal gap, vertex)`` of a small gap, in delivery order:
    ▷ gaps: vertex 5 (north-west hexagon), 1 (east), 3 (south-west);
    ◁ gaps: vertex 2 (south-east hexagon), 4 (west), 6 (north-east)."""
    q, r, shape = key
    if shape == ">":
        return (((q - 1, r), 5), ((q, r), 1), ((q - 1, r + 1), 3))
    return (((q + 1, r), 2), ((q, r), 4), ((q + 1, r - 1), 6))


def small_gap_hexes(key: SmallKey) -> tuple[Hex, Hex, Hex]:
    return tuple(h for h, _ in small_gap_contacts(key))  # type: ignore[return-value]


def small_gap_name(key: SmallKey) -> str:
    """``H<a>_H<b>_H<c>`` with ``a < b < c``."""
    return "_".join(f"H{n}" for n in sorted(number_of(h) for h in small_gap_hexes(key)))


def small_gap_of(hexes) -> SmallKey | None:
    """The small gap whose three hexagonal gaps are ``hexes`` (any order), or ``None``."""
    hs = set(hexes)
    if len(hs) != 3:
        return None
    for h in hs:
        for v in range(1, 7):
            key = vertex_small_gap(h, v)
            if set(small_gap_hexes(key)) == hs:
                return key
    return None


def small_gaps_round(h: Hex) -> list[SmallKey]:
    """The six small gaps round gap ``h``, by vertex 1-6."""
    return [vertex_small_gap(h, v) for v in range(1, 7)]


# --------------------------------------------------------------------------- layout
def centre(h: Hex) -> tuple[float, float]:
    q, r = h
    return (1.5 * q, SQRT3 * (r + q / 2.0))


def vertex_point(h: Hex, v: int, radius: float = 1.0) -> tuple[float, float]:
    """Vertex ``v`` of gap ``h`` drawn as a hexagon of ``radius`` (1 touches the neighbours)."""
    cx, cy = centre(h)
    dx, dy = VERTEX_OFFSETS[v]
    return (cx + radius * dx, cy + radius * dy)


def hexagon_points(h: Hex, radius: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of gap ``h``, vertices 1-6 in order."""
    return [vertex_point(h, v, radius) for v in range(1, 7)]


def junction(key: SmallKey) -> tuple[float, float]:
    """Where the three hexagonal gaps of a small gap meet (unit hexagons)."""
    (h, v), _, _ = small_gap_contacts(key)
    return vertex_point(h, v)


def small_gap_points(key: SmallKey, radius: float) -> list[tuple[float, float]]:
    """The triangle between the contacts of a small gap when hexagons are drawn with
    ``radius`` (< 1), corners in contact order."""
    return [vertex_point(h, v, radius) for h, v in small_gap_contacts(key)]
