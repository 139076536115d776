"""The card-corner grid of a Codex Naturalis play area (rules: docs/rules/codex.md).

Cards sit on *card cells* at even coordinates with ``x + y ≡ 0 (mod 4)``; their four corners on the
*corner cells* at odd coordinates round them.  ``y`` grows upward.  The card at ``p + 2·d`` (``d``
the offset of one of ``p``'s corners) shares that corner cell and touches it with the opposite
corner.
"""

from __future__ import annotations

Point = tuple[int, int]

CORNERS = ("UL", "UR", "DL", "DR")
CORNER_OFFSETS: dict[str, Point] = {"UL": (-1, 1), "UR": (1, 1), "DL": (-1, -1), "DR": (1, -1)}
OPPOSITE = {"UL": "DR", "UR": "DL", "DL": "UR", "DR": "UL"}


def is_card_cell(p: Point) -> bool:
    x, y = p
    return x % 2 == 0 and y % 2 == 0 and (x + y) % 4 == 0


def corner_cell(p: Point, corner: str) -> Point:
    dx, dy = CORNER_OFFSETS[corner]
    return (p[0] + dx, p[1] + dy)


def diagonal(p: Point, corner: str) -> Point:
    """The card cell that touches ``p``'s ``corner`` (with its opposite corner)."""
    dx, dy = CORNER_OFFSETS[corner]
    return (p[0] + 2 * dx, p[1] + 2 * dy)


def card_cells_of(corner: Point) -> tuple[Point, Point] | None:
    """The two card cells that share a corner cell (``None`` if it is not a corner cell)."""
    x, y = corner
    if x % 2 == 0 or y % 2 == 0:
        return None
    cells = [(x + dx, y + dy) for dx, dy in ((1, 1), (-1, -1), (1, -1), (-1, 1))]
    out = tuple(c for c in cells if is_card_cell(c))
    return out if len(out) == 2 else None  # type: ignore[return-value]
