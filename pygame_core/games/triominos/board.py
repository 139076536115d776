"""The Triominos board: :class:`Board` validates a placement (saying why it is invalid), places
it and scores it (:class:`Score`: base, hexagon 1/2/3 = +50/60/70, bridge +40)."""

from __future__ import annotations

from dataclasses import dataclass

from ...core import IllegalMoveError
from ...geometry import trigrid
from .pieces import _ARRANGEMENTS, Location, Placement, Tile

# --------------------------------------------------------------------------- board
HEXAGON_BONUS = {1: 50, 2: 60, 3: 70}
BRIDGE_BONUS = 40
# the other scores and penalties of a turn (the game's, in rules.py; the search's playouts too)
DRAW_PENALTY = 5
PASS_PENALTY = 10
MAX_DRAWS = 3
GOING_OUT_BONUS = 25

HEXAGON_AT = {  # corner -> the five other positions round it
    "left": ("LEFT", "FAR_LEFT", "FAR_LEFT_TO_MIDDLE", "LEFT_TO_MIDDLE", "MIDDLE"),
    "middle": ("LEFT", "RIGHT", "LEFT_TO_OPPOSITE", "OPPOSITE", "RIGHT_TO_OPPOSITE"),
    "right": ("RIGHT", "FAR_RIGHT", "FAR_RIGHT_TO_MIDDLE", "RIGHT_TO_MIDDLE", "MIDDLE"),
}
BRIDGES = (  # (edge neighbour, corner-only neighbours at the corner not on that edge, that corner)
    ("RIGHT", ("FAR_LEFT", "LEFT_TO_MIDDLE", "FAR_LEFT_TO_MIDDLE"), "left"),
    ("LEFT", ("FAR_RIGHT", "RIGHT_TO_MIDDLE", "FAR_RIGHT_TO_MIDDLE"), "right"),
    ("MIDDLE", ("OPPOSITE", "LEFT_TO_OPPOSITE", "RIGHT_TO_OPPOSITE"), "middle"),
)


@dataclass(frozen=True)
class Score:
    """The score of one placement: ``base`` (the tile's points) plus at most one bonus."""

    base: int
    hexagons: tuple[str, ...] = ()  # corners at which a hexagon was completed
    bridges: tuple[str, ...] = ()  # corners bridged (only counted without a hexagon)

    @property
    def bonus(self) -> int:
        if self.hexagons:
            return HEXAGON_BONUS[len(self.hexagons)]
        return BRIDGE_BONUS if self.bridges else 0

    @property
    def bonus_name(self) -> str | None:
        if self.hexagons:
            return ("hexagon", "double hexagon", "triple hexagon")[len(self.hexagons) - 1]
        return "bridge" if self.bridges else None

    @property
    def total(self) -> int:
        return self.base + self.bonus


class Board:
    """The seed's game board: placements on the triangle lattice, validated and scored.

    ``validate(p)`` returns ``None`` or the reason ``p`` is invalid; ``place(p)`` checks, places
    and returns the :class:`Score`; ``score(p)`` scores a valid placement without placing it;
    ``valid_placements(tiles)`` lists every valid placement of those tiles.
    """

    def __init__(self):
        self.placements: dict[Location, Placement] = {}
        self.values: dict[tuple[int, int], int] = {}  # lattice vertex -> number on it
        self.frontier: dict[Location, None] = {}  # free locations with an occupied edge neighbour
        self.played: set[Tile] = set()

    def copy(self) -> "Board":
        other = object.__new__(Board)
        other.placements = dict(self.placements)
        other.values = dict(self.values)
        other.frontier = dict(self.frontier)
        other.played = set(self.played)
        return other

    # ---- queries -------------------------------------------------------------
    @property
    def is_empty(self) -> bool:
        return not self.placements

    def __len__(self) -> int:
        return len(self.placements)

    def occupied(self, location: Location) -> bool:
        return location in self.placements

    def at(self, location: Location) -> Placement | None:
        return self.placements.get(location)

    def neighbour(self, location: Location, name: str) -> Placement | None:
        """The placement at neighbour ``name`` (e.g. ``"FAR_LEFT"``) of ``location``."""
        return self.placements.get(trigrid.neighbour(*location, name))

    def requirements(self, location: Location) -> tuple:
        """The numbers the (left, middle, right) corners must show there (``None`` = free)."""
        get = self.values.get
        return tuple(get(v) for v in trigrid.corner_vertices(*location))

    # ---- validation ------------------------------------------------------------
    def validate(self, p: Placement, hand=None) -> str | None:
        """``None`` if ``p`` is valid, else the reason (checked in the spec's order).

        ``hand``: the tiles the player holds (rule 3: the tile is in the player's hand)."""
        x, y = p.location
        up = trigrid.up_facing(x, y)
        if not self.placements:
            if p.orientation.up and p.location != (0, 0):
                return "the first tile goes at (0,0) facing up (or at (1,0) facing down)"
            if not p.orientation.up and p.location != (1, 0):
                return "the first tile goes at (1,0) facing down (or at (0,0) facing up)"
            if hand is not None and p.tile not in hand:
                return f"you do not hold {p.tile}"
            return None
        if p.orientation.up != up:
            facing = "up" if up else "down"
            return (f"({x},{y}) faces {facing}; orientation {p.orientation} faces "
                    f"{'up' if p.orientation.up else 'down'}")
        if p.tile in self.played:
            return f"{p.tile} has already been played"
        if hand is not None and p.tile not in hand:
            return f"you do not hold {p.tile}"
        if p.location in self.placements:
            return f"({x},{y}) is already taken by {self.placements[p.location].tile}"
        if not any(n in self.placements for n in trigrid.edge_neighbours(x, y)):
            return f"({x},{y}) shares no edge with a placed tile"
        need = self.requirements(p.location)
        for corner, want, have in zip(trigrid.CORNERS, need, p.corners):
            if want is not None and want != have:
                return f"the {corner} corner shows {have} but the tiles touching it show {want}"
        return None

    def is_valid(self, p: Placement, hand=None) -> bool:
        return self.validate(p, hand) is None

    # ---- scoring and placing -----------------------------------------------------
    def score(self, p: Placement) -> Score:
        """The score of a valid placement ``p`` on this board (before it is placed)."""
        occ = self.placements
        nb = trigrid.neighbours(*p.location)
        hexagons = tuple(corner for corner, names in HEXAGON_AT.items()
                         if all(nb[n] in occ for n in names))
        bridges = ()
        if not hexagons:
            bridges = tuple(corner for edge, others, corner in BRIDGES
                            if nb[edge] in occ and any(nb[n] in occ for n in others))
        return Score(p.tile.points, hexagons, bridges)

    def place(self, p: Placement, hand=None) -> Score:
        """Validate, place and score ``p`` (``IllegalMoveError`` with the reason if invalid)."""
        reason = self.validate(p, hand)
        if reason:
            raise IllegalMoveError(f"{p} is not a valid placement: {reason}")
        return self.place_unchecked(p)

    def place_unchecked(self, p: Placement) -> Score:
        score = self.score(p)
        loc = p.location
        self.placements[loc] = p
        self.played.add(p.tile)
        self.frontier.pop(loc, None)
        for v, n in zip(trigrid.corner_vertices(*loc), p.corners):
            self.values[v] = n
        for n in trigrid.edge_neighbours(*loc):
            if n not in self.placements:
                self.frontier[n] = None
        return score

    # ---- move generation -----------------------------------------------------------
    def valid_placements(self, tiles) -> list[Placement]:
        """Every valid placement of the given tiles (distinct arrangements only)."""
        tiles = [t for t in tiles if t is not None and t not in self.played]
        if not self.placements:
            return [Placement(t, o, (0, 0) if up else (1, 0))
                    for t in tiles for up in (True, False) for o, _ in _ARRANGEMENTS[t][up]]
        out = []
        get = self.values.get
        for loc in self.frontier:
            x, y = loc
            up = (x + y) % 2 == 0
            cv = trigrid.corner_vertices(x, y)
            l, m, r = get(cv[0]), get(cv[1]), get(cv[2])
            for t in tiles:
                for o, (a, b, c) in _ARRANGEMENTS[t][up]:
                    if (l is None or l == a) and (m is None or m == b) and (r is None or r == c):
                        out.append(Placement(t, o, loc))
        return out

    def bounds(self) -> tuple[int, int, int, int]:
        """``(min x, min y, max x, max y)`` of the placed tiles (``(0,0,1,0)`` when empty)."""
        if not self.placements:
            return (0, 0, 1, 0)
        xs = [x for x, _ in self.placements]
        ys = [y for _, y in self.placements]
        return (min(xs), min(ys), max(xs), max(ys))

    def render_text(self) -> str:
        """ASCII drawing: numbers on the lattice vertices, tile edges as / \\ and ---."""
        if not self.placements:
            return "(empty board: the first tile goes at (0,0) up or (1,0) down)"
        marks: dict[tuple[int, int], str] = {}  # (text row, text column) -> character
        for (x, y), p in self.placements.items():
            (lv, mv, rv) = trigrid.corner_vertices(x, y)
            for (vx, vy), n in zip((lv, mv, rv), p.corners):
                marks[(2 * vy, 2 * vx)] = str(n)
            if trigrid.up_facing(x, y):
                marks[(2 * y + 1, 2 * x - 1)] = "/"
                marks[(2 * y + 1, 2 * x + 1)] = "\\"
                base = 2 * y + 2
            else:
                marks[(2 * y + 1, 2 * x - 1)] = "\\"
                marks[(2 * y + 1, 2 * x + 1)] = "/"
                base = 2 * y
            for cx in (2 * x - 1, 2 * x, 2 * x + 1):
                marks.setdefault((base, cx), "-")
        rows = [r for r, _ in marks]
        cols = [c for _, c in marks]
        r0, c0 = min(rows), min(cols)
        lines = []
        for r in range(r0, max(rows) + 1):
            line = [" "] * (max(cols) - c0 + 1)
            for (rr, cc), ch in marks.items():
                if rr == r:
                    line[cc - c0] = ch
            lines.append("".join(line).rstrip())
        return "\n".join(lines)

