"""iwoki Maths (rules: docs/rules/iwoki.md, after the heidihac/iwoki project).

The seed's model stands on its own:

* :class:`HexagonalTile` (20 tiles, 12 orders each: 6 rotations of each face) and
  :class:`SmallTile` (12 number triples x 4 copies; orders :class:`SmallOrder`, 3 on the ``+``
  face and 3 on the ``-`` face);
* :class:`VirtualBoard`, unbounded: hexagonal gaps ``H<n>`` numbered by the spiral of
  :mod:`pygame_core.geometry.hexspiral`, small gaps ``H<a>_H<b>_H<c>`` named by their three
  hexagonal gaps; :class:`HexagonalGap` / :class:`SmallGap` snapshots list their vertices as
  :class:`Vertex` ``(gap, number, value, status)`` with status ``"O"`` (this gap holds a tile)
  or ``"V"`` (vacant, but the vertex may already be assigned from the other side);
* placements :class:`SmallPlacement` (``112+ @ H1_H5_H6``) and :class:`HexPlacement`
  (``*52466 @ H7``), validated with a reason and scored (wildcards accept anything for 0 points,
  at least one numeric match, a match scores its number, 0 included).

:class:`IwokiGame` is the game for 2-4 players: 9 small and 3 hexagonal tiles each, a random
turn order, the opening (a hexagonal tile in H1 or a small tile in H1_H4_H5 with their special
scores), one voluntary draw per turn, passing only when nothing else is possible, white tokens
(3 bring a hexagonal tile) and the red token, the end (a player without small tiles at the
start of their turn, or N passes in a row with N players) and the final deduction.

The pass streak counts the passes since the last placement **or draw**: a draw restarts it, as
in the reference game (heidihac/iwoki, ``GameState.move``: drawing sets ``turnPassed = 0``, a
pass adds one).  A turn "draw, then pass" therefore leaves the streak at 1.  Since a player may
pass without drawing only when the bag is empty, N passes in a row can happen only once the
bag is empty (its first turn may have drawn the last tile): players who cannot place keep
drawing while tiles remain, and the game does not end by passes while they do.

Length bound (:meth:`IwokiGame.max_moves`).  Every move is a placement, a draw or a pass (the
hexagonal tiles the white tokens bring are automatic).  Placements: at most 48 + 20 = 68 (each
small and hexagonal tile is laid once); draws: at most ``48 - 9 N`` (the small bag after the
deal; nothing returns to it).  Let ``R`` be the number of placements and draws, the moves that
reset the pass streak.  The first move is a placement; after each reset but the last at most
``N - 1`` passes follow before the next one (``N`` would end the game), after the last at most
``N``: passes <= ``(N - 1) R + 1``, so a game has at most ``N R + 1 <= N (116 - 9 N) + 1`` moves
(197, 268 and 321 for 2, 3 and 4 players).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from ..core import (DRAW, PASS, Action, Game, IllegalMoveError, InvalidMoveError, Option, Rng, clean_move_text,
                    quote, register_game)
from ..geometry import hexspiral
from ..geometry.hexspiral import Hex, SmallKey

WILD = "*"

# --------------------------------------------------------------------------- tiles
HEX_TILE_VALUES: tuple[str, ...] = (
    "*52466", "*20446", "*36242", "*40346", "*53421", "*23465", "*60524", "*63035", "*20145", "*64203",
    "*01234", "*61443", "*41635", "*45214", "*41022", "*65543", "*65103", "*50426", "*54420", "*42356",
)


def _values(text: str) -> tuple:
    return tuple(WILD if c == WILD else int(c) for c in text)


def _rotations(seq: tuple) -> list[tuple]:
    return [seq[i:] + seq[:i] for i in range(len(seq))]


@dataclass(frozen=True, slots=True)
class HexagonalTile:
    """Hexagonal tile ``ht<id>``: six values clockwise, ``*`` the wildcard (both faces alike)."""

    id: int
    values: tuple

    @property
    def name(self) -> str:
        return f"ht{self.id}"

    def orders(self) -> list[tuple]:
        """The 12 orders: the 6 rotations of the front face, then of the back (reversed)."""
        back = (self.values[0],) + tuple(reversed(self.values[1:]))
        return _rotations(self.values) + _rotations(back)

    def __str__(self) -> str:
        return self.name


HEX_TILES: tuple[HexagonalTile, ...] = tuple(HexagonalTile(i + 1, _values(v)) for i, v in enumerate(HEX_TILE_VALUES))
HEX_ORDER_TILE: dict[tuple, HexagonalTile] = {o: t for t in HEX_TILES for o in t.orders()}


def order_text(order: tuple) -> str:
    return "".join(str(c) for c in order)


def plus(a: int, b: int) -> int:
    return a + b


def minus(a: int, b: int) -> int:
    return a - b if a >= b else b - a


@dataclass(frozen=True, order=True, slots=True)
class SmallTile:
    """A small tile type ``[a, b, c]`` (listed order, which is ascending); 4 copies each."""

    numbers: tuple

    @property
    def name(self) -> str:
        return "".join(str(n) for n in self.numbers)

    @property
    def highest(self) -> int:
        """What the tile costs in hand at the end of the game."""
        return max(self.numbers)

    def orders(self) -> list["SmallOrder"]:
        """The distinct orders: rotations of ``abc`` on the ``+`` face, of ``acb`` on ``-``."""
        a, b, c = self.numbers
        out = []
        for sign, seq in (("+", (a, b, c)), ("-", (a, c, b))):
            for rot in _rotations(seq):
                o = SmallOrder(rot, sign)
                if o not in out:
                    out.append(o)
        return out

    def __str__(self) -> str:
        return self.name


SMALL_TILES: tuple[SmallTile, ...] = tuple(SmallTile(tuple(int(c) for c in s)) for s in (
    "123", "112", "113", "114", "122", "133", "124", "222", "223", "224", "233", "333"))
COPIES = 4


def small_tile_by_id(n: int) -> SmallTile:
    """``st<n>`` (1-48): ``st(k + 12 j)`` is a copy of ``st k``."""
    if not 1 <= n <= COPIES * len(SMALL_TILES):
        raise ValueError("small tiles are st1-st48")
    return SMALL_TILES[(n - 1) % len(SMALL_TILES)]


@dataclass(frozen=True, order=True, slots=True)
class SmallOrder:
    """A small tile laid in one order: ``digits`` ``x0 x1 x2`` and its face ``sign``."""

    digits: tuple
    sign: str

    @property
    def tile(self) -> SmallTile:
        return SmallTile(tuple(sorted(self.digits)))

    @property
    def op(self):
        return plus if self.sign == "+" else minus

    def delivered(self) -> tuple[int, int, int]:
        """``(x0∘x1, x1∘x2, x2∘x0)``: what the contacts receive, in delivery order."""
        x0, x1, x2 = self.digits
        f = self.op
        return (f(x0, x1), f(x1, x2), f(x2, x0))

    def __str__(self) -> str:
        return "".join(str(d) for d in self.digits) + self.sign


SMALL_ORDERS: tuple[SmallOrder, ...] = tuple(o for t in SMALL_TILES for o in t.orders())
_SMALL_ORDER_SET = frozenset(SMALL_ORDERS)
DELIVERED: dict[SmallOrder, tuple] = {o: o.delivered() for o in SMALL_ORDERS}


def _build_small_fits() -> dict:
    """``(r0, r1, r2) -> orders`` whose delivered values equal every given ``r`` (``None``:
    anything), for every pattern of at least one number."""
    fits: dict = {}
    for o in SMALL_ORDERS:
        d = DELIVERED[o]
        for mask in range(1, 8):
            key = tuple(d[i] if mask >> i & 1 else None for i in range(3))
            fits.setdefault(key, []).append(o)
    return {k: tuple(v) for k, v in fits.items()}


SMALL_FITS: dict = _build_small_fits()


# --------------------------------------------------------------------------- placements
class Vertex(NamedTuple):
    """A vertex as the seed lists it: gap id, vertex number 1-6, value (a number, ``*`` or
    ``None`` while unassigned) and status ``"O"`` (occupied) / ``"V"`` (vacant)."""

    gap: str
    number: int
    value: object
    status: str


@dataclass(frozen=True, slots=True)
class SmallPlacement:
    order: SmallOrder
    gap: SmallKey

    @property
    def tile(self) -> SmallTile:
        return self.order.tile

    def __str__(self) -> str:
        return f"{self.order} @ {hexspiral.small_gap_name(self.gap)}"


@dataclass(frozen=True, slots=True)
class HexPlacement:
    order: tuple
    gap: Hex

    @property
    def tile(self) -> HexagonalTile:
        return HEX_ORDER_TILE[self.order]

    def __str__(self) -> str:
        return f"{order_text(self.order)} @ {hexspiral.hex_name(self.gap)}"



MAX_HEX_NUMBER = 100_000
_GAP_NAME = re.compile(r"^h(\d{1,6})$")
# Read on text folded by ``clean_move_text`` (stripped, one space per run of white space), so a
# single optional space stands for any white space.  The two unbounded runs cannot backtrack
# more than linearly: each is followed only by characters outside its class (``[0-9*]+`` by a
# space, a sign or ``@``; the gap name by the end of the text).
_MOVE = re.compile(r"([0-9*]+) ?([+\-−])? ?@ ?([A-Za-z0-9_]+)")


def parse_hex_gap(text: str) -> Hex:
    m = _GAP_NAME.match(text.strip().lower())
    if not m or not 1 <= int(m.group(1)) <= MAX_HEX_NUMBER:
        raise InvalidMoveError(f"{quote(text)} is not a hexagonal gap; write H and a number from 1, e.g. H7")
    return hexspiral.hex_at(int(m.group(1)))


def parse_small_gap(text: str) -> SmallKey:
    parts = text.strip().split("_")
    if len(parts) != 3:
        raise InvalidMoveError(f"{quote(text)} is not a small gap; name its three hexagonal gaps, e.g. H1_H5_H6")
    hexes = [parse_hex_gap(p) for p in parts]
    key = hexspiral.small_gap_of(hexes)
    if key is None:
        raise InvalidMoveError(f"{quote(text)} is not a small gap: those three hexagonal gaps do not meet at a point")
    return key


def parse_placement(text: str):
    """``112+ @ H1_H5_H6`` or ``*52466 @ H7`` (any order of the gap names, any case)."""
    text = clean_move_text(text)
    m = _MOVE.fullmatch(text)
    if not m:
        raise InvalidMoveError(f"{quote(text)} is not an iwoki move; write e.g. 112+ @ H1_H5_H6, "
                               f"*52466 @ H7, draw or pass")
    digits, sign, gap = m.groups()
    if sign is not None:
        if len(digits) != 3 or not all(c in "1234" for c in digits):
            raise InvalidMoveError(f"{quote(digits + sign)} is not a small tile order: three numbers 1-4 and + or -")
        order = SmallOrder(tuple(int(c) for c in digits), "-" if sign in "-−" else "+")
        if order not in _SMALL_ORDER_SET:
            tile = order.tile
            known = any(t == tile for t in SMALL_TILES)
            if not known:
                raise InvalidMoveError(f"there is no small tile {''.join(sorted(digits))}")
            faces = ", ".join(str(o) for o in tile.orders())
            raise InvalidMoveError(f"{order} is not an order of the small tile {tile}: its orders are {faces}")
        return SmallPlacement(order, parse_small_gap(gap))
    if len(digits) != 6 or not all(c in "*0123456" for c in digits):
        raise InvalidMoveError(f"{quote(digits)} is not a hexagonal tile order: six characters from *0123456 "
                               f"(or a small tile order needs a + or - sign)")
    order = _values(digits)
    if order not in HEX_ORDER_TILE:
        raise InvalidMoveError(f"{digits} is not an order of any hexagonal tile")
    return HexPlacement(order, parse_hex_gap(gap))


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


# --------------------------------------------------------------------------- the game
OPENING_HEX = (0, 0)  # H1
OPENING_SMALL = hexspiral.small_gap_of([(0, 0), (0, 1), (-1, 1)])  # H1_H4_H5
SMALL_DEAL = 9
HEX_DEAL = 3
WHITE_LIMIT = 3
PLAYER_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")


def opening_score(p) -> int:
    """The first move's score: a hexagonal tile's largest number; a small tile's two largest
    numbers summed (``+`` face) or its largest minus its smallest (``-`` face)."""
    if isinstance(p, HexPlacement):
        return max(c for c in p.order if c != WILD)
    nums = sorted(p.order.digits)
    return nums[1] + nums[2] if p.order.sign == "+" else nums[2] - nums[0]


def hand_penalty(tiles) -> int:
    """The end-of-game deduction of small tiles in hand: each tile's highest number."""
    return sum(t.highest for t in tiles if t is not None)


@register_game
class IwokiGame(Game):
    game_id = "iwoki"
    title = "iwoki Maths"
    description = ("Lay hexagonal and small triangular tiles so that sums (+ face) and differences "
                   "(- face) of the small tiles' numbers match the hexagons' corners; every match "
                   "scores its number. 2-4 players.")
    hidden_information = True
    SEAT_OPTION = "players"
    SEAT_NAMES = PLAYER_NAMES
    OPTIONS = (Option("players", "int", 2, "Players", "number of players (2-4)", minimum=2, maximum=4),)

    @classmethod
    def max_moves(cls, options: dict) -> int:
        """``N R + 1`` with ``R = 68 + (48 - 9 N)`` (proof in the module docstring): at most 68
        placements and ``48 - 9 N`` draws, the moves that reset the pass streak, each followed by
        at most ``N - 1`` passes (``N`` after the last; the first move is a placement)."""
        n = options["players"]
        small = COPIES * len(SMALL_TILES)
        resets = small + len(HEX_TILES) + (small - n * SMALL_DEAL)
        return n * resets + 1

    # ---- setup ------------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.options["players"]
        small = [t for _ in range(COPIES) for t in SMALL_TILES]
        self.rng.shuffle(small)
        hexes = list(HEX_TILES)
        self.rng.shuffle(hexes)
        self.small_bag: list = small
        self.hex_bag: list = hexes
        self.small_hands: list[list] = []
        self.hex_hands: list[list] = []
        for _ in range(n):
            self.small_hands.append(sorted(self.small_bag.pop() for _ in range(SMALL_DEAL)))
            self.hex_hands.append(sorted((self.hex_bag.pop() for _ in range(HEX_DEAL)), key=lambda t: t.id))
        order = list(range(n))
        self.rng.shuffle(order)
        self.order = order
        self.turn_index = 0
        self.board = VirtualBoard()
        self.points = [0] * n
        self.white = [0] * n
        self.drew = False  # the player to move has drawn this turn
        self.passes = 0  # passes since the last placement or draw (N of them end the game)
        self.events: list[dict] = []
        self.penalties: list[int] | None = None  # set at the end: the deduction per player
        self._over = False
        self._winners: list[int] = []
        self._viewer: int | None = None

    def _copy_state(self, other: "IwokiGame") -> None:
        other.small_bag = list(self.small_bag)
        other.hex_bag = list(self.hex_bag)
        other.small_hands = [list(h) for h in self.small_hands]
        other.hex_hands = [list(h) for h in self.hex_hands]
        other.order = self.order
        other.turn_index = self.turn_index
        other.board = self.board.copy()
        other.points = list(self.points)
        other.white = list(self.white)
        other.drew = self.drew
        other.passes = self.passes
        other.events = list(self.events)
        other.penalties = None if self.penalties is None else list(self.penalties)
        other._over = self._over
        other._winners = list(self._winners)
        other._viewer = self._viewer

    # ---- protocol ----------------------------------------------------------------------
    @property
    def player_names(self) -> list[str]:
        return list(PLAYER_NAMES[: self.options["players"]])

    @property
    def current_player(self) -> int | None:
        return None if self._over else self.order[self.turn_index]

    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    @property
    def scores(self) -> list[int]:
        """Points so far; after the end, with the deduction for small tiles left in hand."""
        if self.penalties is None:
            return list(self.points)
        return [p - d for p, d in zip(self.points, self.penalties)]

    @property
    def movers(self) -> list[int]:
        return [e["player"] for e in self.events]  # drawing keeps the turn

    @property
    def turn_order(self) -> list[int]:
        """The seats in turn order (a random permutation drawn at setup)."""
        return list(self.order)

    @property
    def is_opening(self) -> bool:
        return self.board.is_empty

    def red(self, player: int) -> bool:
        """The red token: on while ``player`` holds exactly one small tile."""
        return len(self.small_hands[player]) == 1

    def parse_move(self, text: str):
        text = clean_move_text(text)  # public: callers may skip ``to_move``
        low = text.lower()
        if low == "draw":
            return DRAW
        if low == "pass":
            return PASS
        return parse_placement(text)

    def coerce_move(self, move):
        if isinstance(move, (SmallPlacement, HexPlacement, Action)):
            return move
        return super().coerce_move(move)

    # ---- hands ---------------------------------------------------------------------------
    def unseen_small(self, player: int) -> Counter:
        """Small tile types ``player`` cannot see (other hands and the bag), with counts."""
        seen = Counter(o.tile for o in self.board.smalls.values())
        seen.update(t for t in self.small_hands[player] if t is not None)
        return Counter({t: COPIES - seen[t] for t in SMALL_TILES if COPIES - seen[t] > 0})

    def unseen_hex(self) -> list[HexagonalTile]:
        """Hexagonal tiles in the bag (their order is hidden; which they are is public)."""
        seen = {HEX_ORDER_TILE[o] for o in self.board.hexes.values()}
        for hand in self.hex_hands:
            seen.update(t for t in hand if t is not None)
        return [t for t in HEX_TILES if t not in seen]

    def _small_candidates(self, p: int) -> dict:
        """The small tile types ``p`` may lay: the hand, and in a view the unseen types for
        each hidden tile of that hand."""
        hand = self.small_hands[p]
        out = dict.fromkeys(t for t in hand if t is not None)
        if None in hand and self._viewer is not None:
            out.update(dict.fromkeys(self.unseen_small(self._viewer)))
        return out

    def placements(self, p: int | None = None) -> list:
        """``(placement, score)`` for every valid placement of player ``p`` (default: to move),
        small tiles first."""
        if p is None:
            p = self.current_player
        smalls = self._small_candidates(p)
        hexes = [t for t in self.hex_hands[p] if t is not None]
        if self.board.is_empty:
            out = [(SmallPlacement(o, OPENING_SMALL), 0) for t in smalls for o in t.orders()]
            out += [(HexPlacement(o, OPENING_HEX), 0) for t in dict.fromkeys(hexes) for o in t.orders()]
            return [(m, opening_score(m)) for m, _ in out]
        return self.board.small_placements(smalls) + self.board.hex_placements(hexes)

    def _legal_moves(self) -> list:
        moves = [m for m, _ in self.placements()]
        if self.board.is_empty:
            return moves
        if not self.drew and self.small_bag:
            moves.append(DRAW)
        elif not moves:
            moves.append(PASS)
        return moves

    def _check(self, move) -> None:
        p = self.current_player
        name = self.player_names[p]
        if isinstance(move, Action):
            if self.board.is_empty:
                raise IllegalMoveError(f"{name} makes the first move and must place a tile")
            if move == DRAW:
                if self.drew:
                    raise IllegalMoveError("you have already drawn a small tile this turn: place a tile or pass")
                if not self.small_bag:
                    raise IllegalMoveError("the small-tile bag is empty")
                return
            if not self.drew and self.small_bag:
                raise IllegalMoveError("you may pass only when nothing else is possible: you can still draw")
            if self.placements():
                raise IllegalMoveError("you may pass only when nothing else is possible: a tile fits")
            return
        if isinstance(move, SmallPlacement):
            held = self.small_hands[p]
            if move.tile not in held and not (None in held and self._viewer is not None):
                raise IllegalMoveError(f"{name} holds no small tile {move.tile}")
            if self.board.is_empty:
                if move.gap != OPENING_SMALL:
                    raise IllegalMoveError(f"the first small tile goes in {hexspiral.small_gap_name(OPENING_SMALL)}")
                return
        else:
            tile = move.tile
            if tile not in self.hex_hands[p]:
                raise IllegalMoveError(f"{name} holds no hexagonal tile {order_text(move.order)} ({tile})")
            if self.board.is_empty:
                if move.gap != OPENING_HEX:
                    raise IllegalMoveError("the first hexagonal tile goes in H1")
                return
        reason = self.board.validate(move)
        if reason:
            raise IllegalMoveError(f"{move} is not a valid placement: {reason}")

    def apply(self, move) -> None:
        p = self.order[self.turn_index]
        self.history.append(move)
        event = {"player": p, "move": str(move)}
        if isinstance(move, Action):
            self._gain_white(p, event)
            if move == DRAW:
                tile = self.small_bag.pop()
                self.small_hands[p].append(tile)
                if tile is not None and None not in self.small_hands[p]:
                    self.small_hands[p].sort()
                self.drew = True
                self.passes = 0  # a draw restarts the pass streak (the reference's move())
                event["points"] = 0
                self.events.append(event)
                return
            self.passes += 1
            event["points"] = 0
            self.events.append(event)
            self._end_turn()
            return
        opening = self.board.is_empty
        if opening:
            points, matches = opening_score(move), ()
            self.board.place_unchecked(move)
        else:
            ev = self.board.evaluate(move)
            points, matches = ev.score, ev.matches
            self.board.place_unchecked(move)
        if isinstance(move, SmallPlacement):
            hand = self.small_hands[p]
            hand.remove(move.tile if move.tile in hand else None)
            if move.order.sign == "-":
                self._gain_white(p, event)
        else:
            hand = self.hex_hands[p]
            hand.remove(move.tile if move.tile in hand else None)
        self.points[p] += points
        event["points"] = points
        event["matches"] = [list(m) for m in matches]
        if opening:
            event["opening"] = True
        self.passes = 0
        self.events.append(event)
        self._end_turn()

    def _gain_white(self, p: int, event: dict) -> None:
        self.white[p] += 1
        if self.white[p] >= WHITE_LIMIT:
            self.white[p] = 0
            if self.hex_bag:
                tile = self.hex_bag.pop()
                self.hex_hands[p].append(tile)
                event["hex_drawn"] = None if tile is None else tile.name
            else:
                event["hex_drawn"] = ""

    def _end_turn(self) -> None:
        n = len(self.order)
        self.drew = False
        self.turn_index = (self.turn_index + 1) % n
        if self.passes >= n:
            self._finish("passes")
        elif not self.small_hands[self.order[self.turn_index]]:
            self._finish("out")

    def _finish(self, why: str) -> None:
        self._over = True
        self.penalties = [hand_penalty(h) for h in self.small_hands]
        final = self.scores
        best = max(final)
        self._winners = [q for q in range(len(final)) if final[q] == best]
        if self.events:
            self.events[-1]["game_end"] = {"why": why, "penalties": list(self.penalties), "scores": final}

    # ---- hidden information ----------------------------------------------------------------
    def view(self, player: int | None) -> "IwokiGame":
        """What ``player`` sees: the layout, scores, tokens, every face-up hexagonal tile, hand
        and bag sizes and their own small tiles (``None`` = everything)."""
        other = self.clone()
        if player is None or self.is_over:  # at the end every hand and objective is shown
            return other
        other._viewer = player
        other.small_hands = [list(h) if q == player else [None] * len(h) for q, h in enumerate(self.small_hands)]
        other.small_bag = [None] * len(self.small_bag)
        other.hex_bag = [None] * len(self.hex_bag)
        other.rng = Rng(0)
        other.seed = 0
        return other

    def determinize(self, rng: Rng) -> "IwokiGame":
        """A full game consistent with this view: hidden small tiles and the hexagonal bag's
        order sampled with ``rng``."""
        if self._viewer is None:
            return self.clone()
        full = self.clone()
        unseen = list(self.unseen_small(self._viewer).elements())
        rng.shuffle(unseen)
        for q, hand in enumerate(full.small_hands):
            if None in hand:
                full.small_hands[q] = sorted([t for t in hand if t is not None] + [unseen.pop() for t in hand if t is None])
        full.small_bag = [unseen.pop() for _ in self.small_bag]
        hexes = self.unseen_hex()
        rng.shuffle(hexes)
        for q, hand in enumerate(full.hex_hands):
            full.hex_hands[q] = [t if t is not None else hexes.pop() for t in hand]
        full.hex_bag = [hexes.pop() for _ in self.hex_bag]
        full.rng = Rng(rng.next64())
        full._viewer = None
        return full

    # ---- text ------------------------------------------------------------------------------
    def result_text(self) -> str:
        if self._over:
            names = [self.player_names[q] for q in self._winners]
            pts = self.scores[self._winners[0]]
            return " and ".join(names) + (" win" if len(names) > 1 else " wins") + f" with {pts} points"
        name = self.player_names[self.current_player]
        if self.board.is_empty:
            return f"{name} makes the first move"
        return f"{name} to move" + (" (has drawn)" if self.drew else "")

    def render_text(self) -> str:
        lines = [self.result_text(),
                 "Turn order: " + ", ".join(self.player_names[q] for q in self.order),
                 f"Bags: {len(self.small_bag)} small, {len(self.hex_bag)} hexagonal"]
        for q in range(self.num_players):
            small = " ".join("?" if t is None else str(t) for t in self.small_hands[q])
            hexes = " ".join("?" if t is None else f"{t}({order_text(t.values)})" for t in self.hex_hands[q])
            tokens = f"white {self.white[q]}" + (", red" if self.red(q) else "")
            lines.append(f"{self.player_names[q]}: {self.scores[q]} points, {tokens}; "
                         f"small ({len(self.small_hands[q])}): {small}; hexagonal: {hexes or '-'}")
        lines.append("Layout:")
        lines.append(self.board.render_text())
        return "\n".join(lines)

    # ---- agent hooks -----------------------------------------------------------------
    # Optional methods the agents look for by name (pygame_core/agents/iwoki_agents.py and the
    # generic search of pygame_core/agents/mcts.py): a fast placement generator (the same
    # placements as ``placements``, through cached tables), the search agent's playout policy
    # (greedy-ish, to the end of the game unless ``PLAYOUT_DEPTH`` is set) and its reward (the
    # final score difference to the best opponent, squashed, plus the win).  They read only
    # what the state holds: the search agents call them on views and on determinized copies of
    # a view.  The spec's Random needs no hook: it picks among all the legal moves.
    PLAYOUT_EPSILON: ClassVar[float] = 0.1  # share of random placements in playouts
    PLAYOUT_SHED: ClassVar[float] = 1.0  # playouts add this times a laid small tile's deduction
    PLAYOUT_DEPTH: ClassVar[int | None] = None  # playouts stop this many moves on (None: at the end)
    PLAYOUT_SCALE: ClassVar[float] = 15.0  # a lead of this many points: 0.75 of the margin part
    SEARCH_WIDTH: ClassVar[int] = 8  # placements the search weighs per position (search_moves)
    SEARCH_ITERATIONS: ClassVar[int] = 250  # default search budget: about 0.4 s a move in CPython
    # the search agent's tuning (mcts and iwoki-ismcts play alike): see the README figures
    SEARCH_SETTINGS: ClassVar[dict] = {"exploration": 0.6, "prior_weight": 1.0}
    _SMALL_FITS_T: ClassVar[dict | None] = None  # requirement -> ((order, tile index), ...)
    _HEX_FITS: ClassVar[dict] = {}  # six vertex requirements -> ((order, tile id, score), ...)
    _CONTACTS: ClassVar[dict] = {}  # small gap -> its contacts (cache)
    _SMALL_INDEX: ClassVar[dict] = {t: i for i, t in enumerate(SMALL_TILES)}

    @classmethod
    def _small_fit_table(cls) -> dict:
        """``SMALL_FITS`` with each order's tile type as an index into ``SMALL_TILES``."""
        if cls._SMALL_FITS_T is None:
            index = {t: i for i, t in enumerate(SMALL_TILES)}
            cls._SMALL_FITS_T = {k: tuple((o, index[o.tile]) for o in v) for k, v in SMALL_FITS.items()}
        return cls._SMALL_FITS_T

    @classmethod
    def _hex_fits(cls, req: tuple) -> tuple:
        """Every hexagonal order valid against the six vertex requirements ``req`` (``None``:
        unassigned), with its tile id and score (cached per requirement pattern)."""
        entries = cls._HEX_FITS.get(req)
        if entries is None:
            out = []
            for order, tile in HEX_ORDER_TILE.items():
                score = hex_order_score(req, order)
                if score is not None:
                    out.append((order, tile.id, score))
            entries = cls._HEX_FITS[req] = tuple(out)
        return entries

    def fast_placements(self, p: int | None = None, smalls=None, hexes=None) -> list:
        """``(placement, score)`` for the valid placements of player ``p`` after the opening: the
        same set as :meth:`placements` (other order, small tiles first), several times faster.
        ``smalls`` / ``hexes`` replace the small tile types / hexagonal tiles considered (default:
        what :meth:`placements` would use).  On the empty layout this is :meth:`placements`."""
        if self.board.is_empty:
            return self.placements(p)
        return [(SmallPlacement(o, g) if o.__class__ is SmallOrder else HexPlacement(o, g), s)
                for o, g, s in self._raw_placements(p, smalls, hexes)]

    def _raw_placements(self, p: int | None = None, smalls=None, hexes=None) -> list:
        """:meth:`fast_placements` as ``(order, gap, score)`` triples (after the opening)."""
        if p is None:
            p = self.current_player
        if smalls is None:
            smalls = self._small_candidates(p)
        if hexes is None:
            hexes = self.hex_hands[p]
        board = self.board
        out = []
        if smalls:
            index = self._SMALL_INDEX
            held = {index[t] for t in smalls}
            fits = self._small_fit_table()
            contacts = self._CONTACTS
            get = board.hexes.get
            for key in board.fittable_small:
                c = contacts.get(key)
                if c is None:
                    c = contacts[key] = tuple((h, v - 1) for h, v in hexspiral.small_gap_contacts(key))
                req = []
                score = 0
                for h, i in c:
                    order = get(h)
                    value = None if order is None else order[i]
                    if value == WILD:
                        value = None
                    elif value is not None:
                        score += value
                    req.append(value)
                for o, t in fits.get(tuple(req), ()):
                    if t in held:
                        out.append((o, key, score))
        held = {t.id for t in hexes if t is not None}
        if held:
            dget = board.delivered.get
            hex_fits = self._hex_fits
            for h in board.fittable_hex:
                req = (dget((h, 1)), dget((h, 2)), dget((h, 3)), dget((h, 4)), dget((h, 5)), dget((h, 6)))
                for o, t, s in hex_fits(req):
                    if t in held:
                        out.append((o, h, s))
        return out

    def playout_move(self, rng: Rng):
        """The playout policy: usually the placement scoring most, a small tile counted with
        the deduction it saves (``PLAYOUT_SHED``; ties: the first found, small tiles before
        hexagonal; the opening: the best opening score), sometimes a random one
        (``PLAYOUT_EPSILON``); a draw only without a placement; a pass when forced."""
        return self._policy_move(rng)

    def preferred_moves(self) -> list:
        """The playout policy's choice without its random share (a prior for the search)."""
        if self._over:
            return []
        return [self._policy_move(None)]

    def _policy_move(self, rng: Rng | None):
        if self.board.is_empty:
            moves = self.placements()
            if rng is not None and rng.random() < self.PLAYOUT_EPSILON:
                return moves[rng.below(len(moves))][0]
            return max(moves, key=lambda ms: ms[1])[0]
        raw = self._raw_placements()
        if not raw:
            return DRAW if not self.drew and self.small_bag else PASS
        if rng is not None and len(raw) > 1 and rng.random() < self.PLAYOUT_EPSILON:
            o, g, _ = raw[rng.below(len(raw))]
        else:
            o, g, best = None, None, -1
            shed = self.PLAYOUT_SHED
            for oo, gg, s in raw:
                if oo.__class__ is SmallOrder:
                    s += shed * max(oo.digits)
                if s > best:
                    o, g, best = oo, gg, s
        return SmallPlacement(o, g) if o.__class__ is SmallOrder else HexPlacement(o, g)

    def search_moves(self) -> list:
        """The moves the search weighs (``SEARCH_WIDTH`` best placements by the playout
        policy's value, plus draw or pass when legal): iwoki often has 30-90 legal moves."""
        if self._over:
            return []
        width = self.SEARCH_WIDTH
        if self.board.is_empty:
            moves = sorted(self.placements(), key=lambda ms: -ms[1])
            return [m for m, _ in moves[:width]]
        shed = self.PLAYOUT_SHED
        scored = sorted(self._raw_placements(), key=lambda e: -(e[2] + (shed * max(e[0].digits) if e[0].__class__ is SmallOrder else 0)))
        out: list = [SmallPlacement(o, g) if o.__class__ is SmallOrder else HexPlacement(o, g)
                     for o, g, _ in scored[:width]]
        if not self.drew and self.small_bag:
            out.append(DRAW)
        elif not out:
            out.append(PASS)
        return out

    def playout_horizon_reached(self, start: "IwokiGame") -> bool:
        """Playouts stop at the end of the game or ``PLAYOUT_DEPTH`` moves after ``start``."""
        depth = self.PLAYOUT_DEPTH
        return self._over or (depth is not None and len(self.history) - len(start.history) >= depth)

    def playout_reward(self, player: int, start: "IwokiGame") -> float:
        """Reward in [0, 1] for ``player`` at the end of a playout.  At the end of the game:
        half the final score difference to the best opponent squashed (0.5 = even), half the
        result (1 a win, 1/k a win shared by k).  At the horizon: the points gained since
        ``start`` minus the deduction for the small tiles now in hand, against the best
        opponent's, squashed."""
        n = len(self.points)
        if self._over:
            final, winners = self.scores, self._winners
            diff = final[player] - max(final[q] for q in range(n) if q != player)
            won = 1.0 / len(winners) if player in winners else 0.0
            return 0.5 * (0.5 + 0.5 * diff / (abs(diff) + self.PLAYOUT_SCALE)) + 0.5 * won
        gain = [self.points[q] - start.points[q] - hand_penalty(self.small_hands[q]) for q in range(n)]
        diff = gain[player] - max(gain[q] for q in range(n) if q != player)
        return 0.5 + 0.5 * diff / (abs(diff) + self.PLAYOUT_SCALE)

    def playout_rewards(self, rng: Rng, start: "IwokiGame") -> list[float]:
        """The whole playout in one call: ``playout_move`` moves until
        ``playout_horizon_reached(start)``, then ``playout_reward`` for every player (changes
        this game: call it on a copy)."""
        policy, apply, horizon = self._policy_move, self.apply, self.playout_horizon_reached
        while not horizon(start):
            apply(policy(rng))
        return [self.playout_reward(q, start) for q in range(len(self.points))]
