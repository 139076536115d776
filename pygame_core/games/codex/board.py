"""The Codex Naturalis play area: :class:`GameField`, a player's area as the seed designs it -
:class:`CardCell` at even coordinates, :class:`AngleCell` at odd ones, the set of available
cells, placement in O(1) with the rules' checks (:meth:`GameField.check` says why a placement is
illegal), visible-symbol counters updated per placement, the corners each placement covered, and
objective counting (each card used at most once per objective; O(n))."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...core import IllegalMoveError
from ...geometry.cornergrid import CORNERS, Point, corner_cell, diagonal, is_card_cell
from .pieces import HIDDEN, SYMBOLS, Card, Objective, Side

# --------------------------------------------------------------------------- the game field
@dataclass
class CardCell:
    """A card cell: the card placed there and the side it shows (``front`` True/False)."""

    position: Point
    card: Card
    front: bool
    order: int  # placement number (0 = the starter card)

    @property
    def side(self) -> Side:
        return self.card.side(self.front)


@dataclass
class AngleCell:
    """A corner cell: the symbol visible on top, and the cards attached to it as
    ``(card id, corner)`` in placement order (the last one is on top)."""

    position: Point
    top: str
    cards: list = field(default_factory=list)


@dataclass(frozen=True)
class PlacementResult:
    points: int
    covered: int  # corners of other cards this placement covered


class GameField:
    """One player's play area (the seed's three sets: card cells, angle cells and the available
    cells), with visible-symbol counters and objective counting."""

    def __init__(self):
        self.cards: dict[Point, CardCell] = {}
        self.angles: dict[Point, AngleCell] = {}
        self.available: set[Point] = set()  # empty card cells a card may be placed on
        self.blocked: set[Point] = set()  # empty card cells next to a hidden corner (forever)
        self.counts: Counter = Counter({s: 0 for s in SYMBOLS})
        self.colours: dict[Point, str] = {}  # position -> kingdom of resource/gold cards

    def copy(self) -> "GameField":
        other = GameField.__new__(GameField)
        other.cards = dict(self.cards)  # CardCells are never changed after placement
        other.angles = {p: AngleCell(a.position, a.top, list(a.cards)) for p, a in self.angles.items()}
        other.available = set(self.available)
        other.blocked = set(self.blocked)
        other.counts = Counter(self.counts)
        other.colours = dict(self.colours)
        return other

    def __len__(self) -> int:
        return len(self.cards)

    def count(self, symbol: str) -> int:
        """How many ``symbol`` symbols are visible in this area (O(1))."""
        return self.counts[symbol]

    # ---- rules ------------------------------------------------------------------------
    def check(self, card: Card, front: bool, p: Point) -> str | None:
        """Why ``card`` cannot be placed at ``p`` showing that side, or ``None`` if it can."""
        if card.type == "starter":
            return "the starter card is placed at (0,0) at the start" if self.cards else None
        if not self.cards:
            return "the starter card must be placed first"
        if not is_card_cell(p):
            return f"{_pt(p)} is not a card position (both coordinates even, x + y a multiple of 4)"
        if p in self.cards:
            return f"{_pt(p)} already holds card {self.cards[p].card.id}"
        if p in self.blocked:
            return f"{_pt(p)} would cover a hidden corner"
        if p not in self.available:
            return f"{_pt(p)} touches no card of your area"
        if front and card.type == "gold":
            missing = [f"{n - self.counts[s]} more {s}" for s, n in card.front.requires.items() if self.counts[s] < n]
            if missing:
                return "card {} needs {} visible".format(card.id, ", ".join(missing))
        return None

    def place_starter(self, card: Card, front: bool) -> None:
        if self.cards:
            raise IllegalMoveError("the starter card is already placed")
        self._put(card, front, (0, 0))

    def place(self, card: Card, front: bool, p: Point) -> PlacementResult:
        """Check and place a card; returns its points and the corners it covered."""
        reason = self.check(card, front, p)
        if reason:
            raise IllegalMoveError(f"card {card.id} cannot go at {_pt(p)}: {reason}")
        return self.place_unchecked(card, front, p)

    def place_unchecked(self, card: Card, front: bool, p: Point) -> PlacementResult:
        covered = self._put(card, front, p)
        side = card.side(front)
        pts = side.points if front else None
        points = 0
        if pts:
            kind = pts["kind"]
            if kind == "fixed":
                points = pts["value"]
            elif kind == "per-object":
                points = pts["value"] * self.counts[pts["object"]]
            elif kind == "per-corner":
                points = pts["value"] * covered
        return PlacementResult(points, covered)

    def points_if_placed(self, card: Card, front: bool, p: Point) -> int:
        """The points :meth:`place_unchecked` would give, without placing (O(1); for agents)."""
        pts = card.front.points if front else None
        if not pts:
            return 0
        kind = pts["kind"]
        if kind == "fixed":
            return pts["value"]
        angles = self.angles
        if kind == "per-corner":
            return pts["value"] * sum(1 for corner in CORNERS if corner_cell(p, corner) in angles)
        obj = pts["object"]
        n = self.counts[obj] + card.front.centre.count(obj)
        for corner in CORNERS:
            angle = angles.get(corner_cell(p, corner))
            if angle is not None and angle.top == obj:
                n -= 1
            if card.front.corners[corner] == obj:
                n += 1
        return pts["value"] * n

    def _put(self, card: Card, front: bool, p: Point) -> int:
        side = card.side(front)
        covered = 0
        counts = self.counts
        for corner in CORNERS:
            k = corner_cell(p, corner)
            symbol = side.corners[corner]
            angle = self.angles.get(k)
            if angle is not None:  # the neighbour's corner is covered now
                covered += 1
                if angle.top in SYMBOLS:
                    counts[angle.top] -= 1
                angle.top = symbol
                angle.cards.append((card.id, corner))
            else:
                self.angles[k] = AngleCell(k, symbol, [(card.id, corner)])
            if symbol in SYMBOLS:
                counts[symbol] += 1
            q = diagonal(p, corner)
            if q not in self.cards:
                if symbol == HIDDEN:
                    self.blocked.add(q)
                    self.available.discard(q)
                elif q not in self.blocked:
                    self.available.add(q)
        for s in side.centre:
            counts[s] += 1
        self.cards[p] = CardCell(p, card, front, len(self.cards))
        self.available.discard(p)
        if card.kingdom is not None:
            self.colours[p] = card.kingdom
        return covered

    # ---- objectives ------------------------------------------------------------------------
    def objective_count(self, obj: Objective) -> int:
        """How many disjoint times ``obj`` is fulfilled (each card used at most once)."""
        if obj.kind == "symbols":
            return min(self.counts[s] // n for s, n in obj.symbols.items())
        colours = self.colours
        if obj.kind == "diagonal":
            dx, dy = (2, 2) if obj.rising else (2, -2)
            total = 0
            for (x, y), c in colours.items():
                if c != obj.kingdom or colours.get((x - dx, y - dy)) == c:
                    continue  # not the start of a run
                run = 0
                while colours.get((x, y)) == c:
                    run += 1
                    x, y = x + dx, y + dy
                total += run // 3
            return total
        # L shapes: candidates are keyed by their upper column card (x, y)
        fx, fy = obj.foot_at
        candidates = sorted(
            (x, y) for (x, y), c in colours.items()
            if c == obj.column and colours.get((x, y - 4)) == c and colours.get((x + fx, y + fy)) == obj.foot)
        total, last = 0, None
        for x, y in candidates:  # bottom to top within each column
            if last != (x, y - 4):  # its lower card was not used by the candidate just taken
                total += 1
                last = (x, y)
        return total

    def objective_points(self, obj: Objective) -> int:
        return obj.points * self.objective_count(obj)


def _pt(p: Point) -> str:
    return f"({p[0]},{p[1]})"

