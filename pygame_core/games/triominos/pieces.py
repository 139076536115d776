"""Triominos pieces: :class:`Tile` (``x-y-z``, the 56 of :data:`ALL_TILES`), :class:`Orientation`
(which tile corner goes to the placed left, middle and right corner: ``ABC`` ...), their distinct
:func:`arrangements` per facing, and :class:`Placement` (a tile in an orientation at a location
``(x, y)`` of the triangle grid, :mod:`pygame_core.geometry.trigrid`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core import InvalidMoveError, clean_move_text, quote

Location = tuple[int, int]


# --------------------------------------------------------------------------- tiles
@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """A tile ``x-y-z`` with ``x <= y <= z`` (clockwise on the physical tile)."""

    x: int
    y: int
    z: int

    def __post_init__(self):
        if not (0 <= self.x <= self.y <= self.z <= 5):
            raise ValueError(f"a tile is x-y-z with 0 <= x <= y <= z <= 5, not {self.x}-{self.y}-{self.z}")

    @classmethod
    def of(cls, a: int, b: int, c: int) -> "Tile":
        """The tile with these three numbers in any order."""
        return cls(*sorted((a, b, c)))

    @classmethod
    def parse(cls, text: str) -> "Tile":
        text = clean_move_text(text)
        m = _TILE.fullmatch(text)
        if not m:
            raise InvalidMoveError(f"{quote(text)} is not a tile; write three numbers 0-5 like 1-2-3")
        return cls.of(*(int(g) for g in m.groups()))

    @property
    def numbers(self) -> tuple[int, int, int]:
        return (self.x, self.y, self.z)

    @property
    def points(self) -> int:
        return self.x + self.y + self.z

    @property
    def is_triple(self) -> bool:
        return self.x == self.z

    @property
    def rank(self) -> tuple[int, int]:
        """Opening rank: any triple beats any non-triple, then by points."""
        return (1 if self.is_triple else 0, self.points)

    def __str__(self) -> str:
        return f"{self.x}-{self.y}-{self.z}"


ALL_TILES: tuple[Tile, ...] = tuple(Tile(a, b, c) for a in range(6) for b in range(a, 6) for c in range(b, 6))
TILE_INDEX = {t: i for i, t in enumerate(ALL_TILES)}
# The patterns read texts folded by ``clean_move_text`` (stripped, one space for each run of white
# space), so a single optional space stands for any white space.  Every quantifier is bounded
# (``?``, ``{3}``, ``{1,4}``): a match tries a bounded number of ways, linear in the text.
_TILE = re.compile(r"([0-5]) ?-? ?([0-5]) ?-? ?([0-5])")


# --------------------------------------------------------------------------- orientations
@dataclass(frozen=True, slots=True)
class Orientation:
    """Which tile corner (A = x, B = y, C = z) goes to the placed left, middle and right corner."""

    name: str

    @property
    def order(self) -> tuple[int, int, int]:
        return tuple("ABC".index(ch) for ch in self.name)

    @property
    def up(self) -> bool:
        return self.name in ("ABC", "CAB", "BCA")

    def corners(self, tile: Tile) -> tuple[int, int, int]:
        """The numbers on the placed (left, middle, right) corners."""
        n = tile.numbers
        a, b, c = self.order
        return (n[a], n[b], n[c])

    def __str__(self) -> str:
        return self.name


ABC, ACB, CAB, CBA, BCA, BAC = (Orientation(n) for n in ("ABC", "ACB", "CAB", "CBA", "BCA", "BAC"))
ORIENTATIONS = (ABC, ACB, CAB, CBA, BCA, BAC)  # each the previous one turned 60 degrees clockwise
UP_ORIENTATIONS = (ABC, CAB, BCA)
DOWN_ORIENTATIONS = (ACB, CBA, BAC)
_ORIENT = {o.name: o for o in ORIENTATIONS}

# per tile and facing: the distinct (orientation, (left, middle, right)) arrangements
_ARRANGEMENTS: dict[Tile, dict[bool, tuple]] = {}
for _t in ALL_TILES:
    _ARRANGEMENTS[_t] = {}
    for _up, _group in ((True, UP_ORIENTATIONS), (False, DOWN_ORIENTATIONS)):
        seen, out = set(), []
        for _o in _group:
            c = _o.corners(_t)
            if c not in seen:
                seen.add(c)
                out.append((_o, c))
        _ARRANGEMENTS[_t][_up] = tuple(out)


def arrangements(tile: Tile, up: bool) -> tuple:
    """The distinct ``(orientation, corners)`` of ``tile`` facing up or down (1 for triples)."""
    return _ARRANGEMENTS[tile][up]


# --------------------------------------------------------------------------- placements
@dataclass(frozen=True, slots=True)
class Placement:
    """A tile in an orientation at a location: ``1-2-3 ACB (-2,1)``.

    A triple looks the same in its three orientations of one facing; its orientation is
    normalised to ``ABC`` (up) or ``ACB`` (down) so that equal placements compare equal."""

    tile: Tile
    orientation: Orientation
    location: Location

    def __post_init__(self):
        if self.tile.is_triple and self.orientation not in (ABC, ACB):
            object.__setattr__(self, "orientation", ABC if self.orientation.up else ACB)

    @property
    def corners(self) -> tuple[int, int, int]:
        return self.orientation.corners(self.tile)

    def __str__(self) -> str:
        x, y = self.location
        return f"{self.tile} {self.orientation} ({x},{y})"


