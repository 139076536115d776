"""The iwoki Maths board: :class:`VirtualBoard`, unbounded: hexagonal gaps ``H<n>`` numbered by
the spiral of :mod:`pygame_core.geometry.hexspiral`, small gaps ``H<a>_H<b>_H<c>`` named by their
three hexagonal gaps; :class:`HexagonalGap` / :class:`SmallGap` snapshots list their vertices
as :class:`Vertex` ``(gap, number, value, status)`` with status ``"O"`` (this gap holds a tile)
or ``"V"`` (vacant, but the vertex may already be assigned from the other side).  Placements are
validated with a reason and scored (wildcards accept anything for 0 points, at least one numeric
match, a match scores its number, 0 included)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ...core import IllegalMoveError
from ...geometry import hexspiral
from ...geometry.hexspiral import Hex, SmallKey
from .notation import parse_hex_gap, parse_small_gap
from .pieces import DELIVERED, SMALL_FITS, WILD, HexPlacement, SmallOrder, SmallPlacement, order_text

class Vertex(NamedTuple):
    """A vertex as the seed lists it: gap id, vertex number 1-6, value (a number, ``*`` or
    ``None`` while unassigned) and status ``"O"`` (occupied) / ``"V"`` (vacant)."""

    gap: str
    number: int
    value: object
    status: str



def hex_order_score(req: tuple, order: tuple) -> int | None:
    """The score of a hexagonal ``order`` against the values delivered at its six vertices
    (``None``: unassigned), or ``None`` if it is invalid (a mismatch, or no numeric match)."""
    score, matched = 0, False
    for there, mine in zip(req, order):
        if there is None or mine == WILD:
            continue
        if there != mine:
            return None
        score += mine
        matched = True
    return score if matched else None


# --------------------------------------------------------------------------- the board
@dataclass(frozen=True)
class HexagonalGap:
    """A snapshot of a hexagonal gap: its id, coordinates, the tile order on it (or ``None``)
    and its six vertices."""

    id: str
    coord: Hex
    order: tuple | None
    vertices: tuple


@dataclass(frozen=True)
class SmallGap:
    """A snapshot of a small gap: id ``H<a>_H<b>_H<c>``, key, the order on it and its three
    contact vertices (in delivery order)."""

    id: str
    key: SmallKey
    order: SmallOrder | None
    vertices: tuple

    @property
    def shape(self) -> str:
        return "▷" if self.key[2] == ">" else "◁"


class Evaluation(NamedTuple):
    """The outcome of checking a placement: ``reason`` is ``None`` when it is valid;
    ``matches`` lists ``(gap id, vertex, value)`` of the numeric matches; ``score`` their sum."""

    reason: str | None
    score: int
    matches: tuple


class VirtualBoard:
    """The unbounded layout: hexagonal tiles (orders) in hexagonal gaps, small tiles (orders)
    in small gaps, the values delivered at vertices, and the fittable gaps (kept up to date)."""

    def __init__(self):
        self.hexes: dict[Hex, tuple] = {}
        self.smalls: dict[SmallKey, SmallOrder] = {}
        self.delivered: dict[tuple[Hex, int], int] = {}  # (gap, vertex) -> value from a small tile
        self.fittable_hex: dict[Hex, None] = {}  # insertion-ordered sets
        self.fittable_small: dict[SmallKey, None] = {}

    def copy(self) -> "VirtualBoard":
        other = VirtualBoard.__new__(VirtualBoard)
        other.hexes = dict(self.hexes)
        other.smalls = dict(self.smalls)
        other.delivered = dict(self.delivered)
        other.fittable_hex = dict(self.fittable_hex)
        other.fittable_small = dict(self.fittable_small)
        return other

    @property
    def is_empty(self) -> bool:
        return not self.hexes and not self.smalls

    def __len__(self) -> int:
        return len(self.hexes) + len(self.smalls)

    # ---- vertices ------------------------------------------------------------------
    def vertex_value(self, h: Hex, v: int):
        """The value at vertex ``(h, v)``: a number if either side gives one, ``*`` for a
        wildcard with no small tile against it, ``None`` while unassigned."""
        d = self.delivered.get((h, v))
        if d is not None:
            return d
        order = self.hexes.get(h)
        return None if order is None else order[v - 1]

    def hexagonal_gap(self, gap) -> HexagonalGap:
        h = parse_hex_gap(gap) if isinstance(gap, str) else gap
        name = hexspiral.hex_name(h)
        status = "O" if h in self.hexes else "V"
        return HexagonalGap(name, h, self.hexes.get(h), tuple(
            Vertex(name, v, self.vertex_value(h, v), status) for v in range(1, 7)))

    def small_gap(self, gap) -> SmallGap:
        key = parse_small_gap(gap) if isinstance(gap, str) else gap
        status = "O" if key in self.smalls else "V"
        return SmallGap(hexspiral.small_gap_name(key), key, self.smalls.get(key), tuple(
            Vertex(hexspiral.hex_name(h), v, self.vertex_value(h, v), status)
            for h, v in hexspiral.small_gap_contacts(key)))

    # ---- requirements ----------------------------------------------------------------
    def small_requirements(self, key: SmallKey) -> tuple:
        """For each contact (delivery order): the hexagonal tile's value there, or ``None``."""
        hexes = self.hexes
        out = []
        for h, v in hexspiral.small_gap_contacts(key):
            order = hexes.get(h)
            out.append(None if order is None else order[v - 1])
        return tuple(out)

    def hex_requirements(self, h: Hex) -> tuple:
        """For each vertex 1-6: the value a small tile delivered there, or ``None``."""
        get = self.delivered.get
        return tuple(get((h, v)) for v in range(1, 7))

    # ---- validity and score ------------------------------------------------------------
    def evaluate(self, p) -> Evaluation:
        """Check ``p`` against the layout (not the opening rule or the player's hand)."""
        if isinstance(p, SmallPlacement):
            name = hexspiral.small_gap_name(p.gap)
            if p.gap in self.smalls:
                return Evaluation(f"small gap {name} already holds {self.smalls[p.gap]}", 0, ())
            if p.gap not in self.fittable_small:
                return Evaluation(f"small gap {name} is not fittable: none of its hexagonal gaps holds a tile", 0, ())
            pairs = [((h, v), req, got) for (h, v), req, got in
                     zip(hexspiral.small_gap_contacts(p.gap), self.small_requirements(p.gap), DELIVERED[p.order])]
        else:
            name = hexspiral.hex_name(p.gap)
            if p.gap in self.hexes:
                return Evaluation(f"hexagonal gap {name} already holds {order_text(self.hexes[p.gap])}", 0, ())
            if p.gap not in self.fittable_hex:
                return Evaluation(f"hexagonal gap {name} is not fittable: no small tile touches it", 0, ())
            pairs = [((p.gap, v), req, got) for v, req, got in
                     zip(range(1, 7), self.hex_requirements(p.gap), p.order)]
        matches = []
        for (h, v), there, mine in pairs:
            if there is None or there == WILD or mine == WILD:
                continue
            if there != mine:
                return Evaluation(f"at ({hexspiral.hex_name(h)},{v}) the layout shows {there} but "
                                  f"{p.order if isinstance(p, SmallPlacement) else order_text(p.order)} "
                                  f"gives {mine}", 0, ())
            matches.append((hexspiral.hex_name(h), v, mine))
        if not matches:
            return Evaluation("it matches no number (a wildcard alone is not enough)", 0, ())
        return Evaluation(None, sum(m[2] for m in matches), tuple(matches))

    def validate(self, p) -> str | None:
        """Why ``p`` cannot be placed here, or ``None`` if it can."""
        return self.evaluate(p).reason

    def score(self, p) -> int:
        return self.evaluate(p).score

    # ---- placing ---------------------------------------------------------------------
    def place(self, p) -> int:
        """Validate, place and return the score (``ValueError`` with the reason if invalid)."""
        ev = self.evaluate(p)
        if ev.reason is not None:
            raise IllegalMoveError(f"{p} is not a valid placement: {ev.reason}")
        self.place_unchecked(p)
        return ev.score

    def place_unchecked(self, p) -> None:
        """Put ``p`` on the layout and update the fittable gaps (no checks: openings, search)."""
        if isinstance(p, SmallPlacement):
            key = p.gap
            self.smalls[key] = p.order
            self.fittable_small.pop(key, None)
            for (h, v), value in zip(hexspiral.small_gap_contacts(key), DELIVERED[p.order]):
                self.delivered[(h, v)] = value
                if h not in self.hexes:
                    self.fittable_hex[h] = None
        else:
            h = p.gap
            self.hexes[h] = p.order
            self.fittable_hex.pop(h, None)
            for key in hexspiral.small_gaps_round(h):
                if key not in self.smalls:
                    self.fittable_small[key] = None

    # ---- search ----------------------------------------------------------------------
    def small_placements(self, orders_by_tile: dict) -> list:
        """Valid small placements with ``(placement, score)`` for the tiles keyed in
        ``orders_by_tile`` (any mapping whose keys are the :class:`SmallTile` types held)."""
        out = []
        hexes = self.hexes
        for key in self.fittable_small:
            req = []
            score = 0
            for h, v in hexspiral.small_gap_contacts(key):
                order = hexes.get(h)
                value = None if order is None else order[v - 1]
                if value == WILD:
                    value = None
                elif value is not None:
                    score += value
                req.append(value)
            for o in SMALL_FITS.get(tuple(req), ()):
                if o.tile in orders_by_tile:
                    out.append((SmallPlacement(o, key), score))
        return out

    def hex_placements(self, tiles) -> list:
        """Valid hexagonal placements with ``(placement, score)`` of the given tiles."""
        out = []
        orders = [o for t in dict.fromkeys(tiles) for o in t.orders()]
        for h in self.fittable_hex:
            req = self.hex_requirements(h)
            for o in orders:
                score = hex_order_score(req, o)
                if score is not None:
                    out.append((HexPlacement(o, h), score))
        return out

    # ---- text ------------------------------------------------------------------------
    def render_text(self) -> str:
        if self.is_empty:
            return "(empty layout)"
        lines = []
        for h in sorted(self.hexes, key=hexspiral.number_of):
            lines.append(f"  {hexspiral.hex_name(h):>8}  {order_text(self.hexes[h])}")
        for key in sorted(self.smalls, key=lambda k: sorted(hexspiral.number_of(h) for h in hexspiral.small_gap_hexes(k))):
            o = self.smalls[key]
            gives = " ".join(f"({hexspiral.hex_name(h)},{v})={d}" for (h, v), d in
                             zip(hexspiral.small_gap_contacts(key), DELIVERED[o]))
            lines.append(f"  {hexspiral.small_gap_name(key):>8}  {o}  {gives}")
        return "\n".join(lines)

