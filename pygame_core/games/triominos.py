"""Triominos (rules: docs/rules/triominos.md, after the luddwichr/triominos project).

The seed's board model stands on its own: :class:`Tile`, :class:`Orientation`, locations
``(x, y)`` with their facing and twelve named neighbours (:mod:`pygame_core.geometry.trigrid`),
:class:`Placement`, and :class:`Board`, which validates a placement (saying why it is invalid),
places it and scores it (:class:`Score`: base, hexagon 1/2/3 = +50/60/70, bridge +40).

:class:`TriominosGame` is the whole game for 2-6 players: the 56-tile pool dealt from the seed,
hands of 9/7/6, the opener (best tile, triples first) and the opening bonuses, voluntary drawing
(-5, at most 3 a turn), passing (-10, after 3 draws or with an empty pool), going out
(+25 + the opponents' hands), blocked rounds, rounds to a target (default 400) or a single round,
and at most ``max_rounds`` rounds (default 20).

Decision: a maximum number of rounds (option ``max_rounds``, 1-100, default 20), because
otherwise a game need not end.  Players who only draw and pass lose points every turn, so
nobody ever reaches the target and blocked rounds follow one another for ever (a legal record
could hold hundreds of thousands of moves).  A table would simply agree to "play at most N
rounds": when round ``max_rounds`` ends, the game ends exactly as if the target had been
reached - the highest total wins, ties go to the last round's winner(s), else shared.  Games
to 400 take 2-7 rounds in practice (random and greedy play, 2-6 players), so 20 never cuts a
real game short and old records of up to 20 rounds replay identically.

Length bound (:meth:`TriominosGame.max_moves`).  With ``N`` players and hands of ``h`` tiles, one
round has at most ``56 N + (56 - N h) + 1`` moves: at most 56 placements (each tile once), at
most ``56 - N h`` draws (the pool at the deal; nothing returns to it), and at most
``(N - 1) P + 1`` passes for ``P`` placements, because only a placement resets the pass streak
(a draw does not), the round's first move is a placement, ``N`` consecutive passes end the
round, so at most ``N - 1`` passes follow each placement but the last, and ``N`` the last one.
A game has at most ``max_rounds`` rounds (one with ``target`` = single round).

Notation: ``1-2-3 ACB (-2,1)`` (tile, orientation, location), ``draw``, ``pass``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar

from ..core import (DRAW, PASS, Action, Game, IllegalMoveError, InvalidMoveError, Option, Rng, clean_move_text,
                    quote, register_game)
from ..geometry import trigrid

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



_PLACEMENT = re.compile(  # on folded text (see _TILE): bounded quantifiers only
    r"([0-5]) ?- ?([0-5]) ?- ?([0-5]) ([A-Ca-c]{3}) ?(?:@|at)? ?\(? ?(-?\d{1,4}) ?, ?(-?\d{1,4}) ?\)?")


def parse_placement(text: str) -> Placement:
    text = clean_move_text(text)
    m = _PLACEMENT.fullmatch(text)
    if not m:
        raise InvalidMoveError(
            f"{quote(text)} is not a Triominos move; write a placement like 1-2-3 ACB (-2,1), or draw, or pass")
    a, b, c, o, x, y = m.groups()
    name = o.upper()
    if name not in _ORIENT:
        raise InvalidMoveError(f"{quote(o)} is not an orientation; use one of ABC, ACB, CAB, CBA, BCA, BAC")
    return Placement(Tile.of(int(a), int(b), int(c)), _ORIENT[name], (int(x), int(y)))


# --------------------------------------------------------------------------- board
HEXAGON_BONUS = {1: 50, 2: 60, 3: 70}
BRIDGE_BONUS = 40

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


# --------------------------------------------------------------------------- the game
HAND_SIZES = {2: 9, 3: 7, 4: 7, 5: 6, 6: 6}
DRAW_PENALTY = 5
PASS_PENALTY = 10
MAX_DRAWS = 3
GOING_OUT_BONUS = 25
TRIPLE_OPENING_BONUS = 10
ZERO_TRIPLE_OPENING = 40
DEFAULT_MAX_ROUNDS = 20  # games to 400 take 2-7 rounds; this only stops endless drawing and passing
MAX_ROUNDS_LIMIT = 100
PLAYER_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6")


def hand_points(hand) -> int:
    return sum(t.points for t in hand if t is not None)


def opening_score(tile: Tile) -> int:
    """Points for the opening tile: its points, +10 for a triple, 40 for 0-0-0."""
    if tile == Tile(0, 0, 0):
        return ZERO_TRIPLE_OPENING
    return tile.points + (TRIPLE_OPENING_BONUS if tile.is_triple else 0)


def choose_opener(hands) -> int:
    """The seat whose hand is best: best tile first (triples first), then next best, then seat."""
    keys = [sorted((t.rank for t in hand), reverse=True) for hand in hands]
    best = 0
    for seat in range(1, len(hands)):
        if keys[seat] > keys[best]:
            best = seat
    return best


@dataclass
class RoundResult:
    round: int
    kind: str  # "out" (a player emptied their hand) or "blocked"
    winners: list[int]
    gains: list[int]  # points each player received at the round end
    hands: list[int] = field(default_factory=list)  # points left in each hand

    def to_json(self) -> dict:
        return {"round": self.round, "kind": self.kind, "winners": list(self.winners),
                "gains": list(self.gains), "hands": list(self.hands)}


@register_game
class TriominosGame(Game):
    game_id = "triominos"
    title = "Triominos"
    description = ("Lay triangular tiles so that touching corners match; score the tile plus "
                   "bonuses for closing hexagons and bridges. Empty your hand to win the round. "
                   "2-6 players, rounds to 400 points (at most 20 rounds) or a single round.")
    hidden_information = True
    SEAT_OPTION = "players"
    SEAT_NAMES = PLAYER_NAMES
    OPTIONS = (
        Option("players", "int", 2, "Players", "number of players (2-6)", minimum=2, maximum=6),
        Option("target", "int", 400, "Target score",
               "play rounds until someone reaches this score, or a single round",
               minimum=1, maximum=100_000, nullable=True, null_label="Single round"),
        Option("max_rounds", "int", DEFAULT_MAX_ROUNDS, "Maximum rounds",
               "the game also ends after this many rounds, even if nobody has reached the target "
               "(the highest total wins); so every game ends",
               minimum=1, maximum=MAX_ROUNDS_LIMIT),
    )

    @classmethod
    def max_moves(cls, options: dict) -> int:
        """At most ``rounds * (56 N + (56 - N h) + 1)`` moves (proof in the module docstring):
        per round 56 placements, the ``56 - N h`` tiles of the pool drawn, and ``(N - 1) P + 1``
        passes for ``P <= 56`` placements (only a placement resets the pass streak; the first
        move is one; ``N`` passes in a row end the round).  ``rounds`` is ``max_rounds``, or 1
        for a single round.  2 players, 20 rounds: 3,020; 6 players: 7,140."""
        n = options["players"]
        per_round = len(ALL_TILES) * n + (len(ALL_TILES) - n * HAND_SIZES[n]) + 1
        rounds = 1 if options["target"] is None else options["max_rounds"]
        return rounds * per_round

    # ---- setup ---------------------------------------------------------------
    def _setup(self) -> None:
        n = self.options["players"]
        self.totals = [0] * n
        self.rounds: list[RoundResult] = []
        self.events: list[dict] = []  # what each move scored, one entry per move
        self._over = False
        self._winners: list[int] = []
        self._viewer: int | None = None  # set on views: the only hand that is known
        self.round = 0
        self._start_round()

    def _start_round(self) -> None:
        n = self.options["players"]
        self.round += 1
        tiles = list(ALL_TILES)
        self.rng.shuffle(tiles)
        self.pool = tiles
        self.hands = []
        for _ in range(n):
            hand = [self.pool.pop() for _ in range(HAND_SIZES[n])]
            hand.sort()
            self.hands.append(hand)
        self.board = Board()
        self.opener = choose_opener(self.hands)
        top = max(t.rank for t in self.hands[self.opener])
        self.opening_tiles = frozenset(t for t in self.hands[self.opener] if t.rank == top)
        self._turn = self.opener
        self.draws = 0
        self.passes = 0

    def _copy_state(self, other: "TriominosGame") -> None:
        other.totals = list(self.totals)
        other.rounds = list(self.rounds)
        other.events = list(self.events)
        other._over = self._over
        other._winners = list(self._winners)
        other._viewer = self._viewer
        other.round = self.round
        other.pool = list(self.pool)
        other.hands = [list(h) for h in self.hands]
        other.board = self.board.copy()
        other.opener = self.opener
        other.opening_tiles = self.opening_tiles
        other._turn = self._turn
        other.draws = self.draws
        other.passes = self.passes

    # ---- protocol --------------------------------------------------------------
    @property
    def player_names(self) -> list[str]:
        return list(PLAYER_NAMES[: self.options["players"]])

    @property
    def current_player(self) -> int | None:
        return None if self._over else self._turn

    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def movers(self) -> list[int]:
        return [e["player"] for e in self.events]  # drawing keeps the turn

    @property
    def is_opening(self) -> bool:
        return self.board.is_empty

    def hand(self, player: int) -> list:
        """The tiles in ``player``'s hand (``None`` for tiles hidden from this view)."""
        return list(self.hands[player])

    def parse_move(self, text: str):
        text = clean_move_text(text)  # public: callers may skip ``to_move``
        low = text.lower()
        if low == "draw":
            return DRAW
        if low == "pass":
            return PASS
        return parse_placement(text)

    def coerce_move(self, move):
        if isinstance(move, (Placement, Action)):
            return move
        return super().coerce_move(move)

    def _legal_moves(self) -> list:
        p = self._turn
        if self.board.is_empty:
            return self.board.valid_placements(sorted(self.opening_tiles))
        moves: list = self.board.valid_placements(self.hands[p])
        if self.pool and self.draws < MAX_DRAWS:
            moves.append(DRAW)
        if not self.pool or self.draws >= MAX_DRAWS:
            moves.append(PASS)
        return moves

    def _check(self, move) -> None:
        p = self._turn
        if self.board.is_empty:
            if not isinstance(move, Placement):
                raise IllegalMoveError(
                    f"{self.player_names[p]} opens the round and must place a tile first")
            if move.tile not in self.opening_tiles:
                best = " or ".join(str(t) for t in sorted(self.opening_tiles))
                raise IllegalMoveError(f"the opening tile must be your best tile: {best}")
            reason = self.board.validate(move, self.hands[p])
            if reason:
                raise IllegalMoveError(f"{move} is not a valid placement: {reason}")
            return
        if move == DRAW:
            if not self.pool:
                raise IllegalMoveError("the pool is empty: you cannot draw (pass instead)")
            if self.draws >= MAX_DRAWS:
                raise IllegalMoveError("you have already drawn 3 tiles this turn: place a tile or pass")
            return
        if move == PASS:
            if self.pool and self.draws < MAX_DRAWS:
                left = MAX_DRAWS - self.draws
                raise IllegalMoveError(f"you may pass only after drawing 3 tiles this turn or with an "
                                       f"empty pool ({left} draw(s) left)")
            return
        reason = self.board.validate(move, self.hands[p])
        if reason:
            raise IllegalMoveError(f"{move} is not a valid placement: {reason}")

    def apply(self, move) -> None:
        p = self._turn
        n = len(self.totals)
        self.history.append(move)
        event = {"player": p, "move": str(move), "round": self.round}
        if isinstance(move, Placement):
            opening = self.board.is_empty
            hand = self.hands[p]
            if move.tile in hand:
                hand.remove(move.tile)
            else:  # a view: the tile came from a hidden hand
                hand.remove(None)
            score = self.board.place_unchecked(move)
            if opening:
                points = opening_score(move.tile)
                event.update(base=move.tile.points, bonus=points - move.tile.points,
                             bonus_name="opening" if points > move.tile.points else None)
            else:
                points = score.total
                event.update(base=score.base, bonus=score.bonus, bonus_name=score.bonus_name,
                             hexagons=list(score.hexagons), bridges=list(score.bridges))
            self.totals[p] += points
            event["points"] = points
            self.draws = 0
            self.passes = 0
            self.events.append(event)
            if not hand:
                others = [hand_points(self.hands[q]) for q in range(n)]
                gain = GOING_OUT_BONUS + sum(others)
                gains = [0] * n
                gains[p] = gain
                event["round_end"] = self._end_round("out", [p], gains, others)
            else:
                self._turn = (p + 1) % n
            return
        if move == DRAW:
            tile = self.pool.pop()
            hand = self.hands[p]
            hand.append(tile)
            if tile is not None and None not in hand:
                hand.sort()
            self.draws += 1
            self.totals[p] -= DRAW_PENALTY
            event["points"] = -DRAW_PENALTY
            self.events.append(event)
            return
        # pass
        self.totals[p] -= PASS_PENALTY
        event["points"] = -PASS_PENALTY
        self.events.append(event)
        self.draws = 0
        self.passes += 1
        if self.passes >= n:
            left = [hand_points(h) for h in self.hands]
            low = min(left)
            winners = [q for q in range(n) if left[q] == low]
            gain = sum(v - low for v in left)
            gains = [gain if q in winners else 0 for q in range(n)]
            event["round_end"] = self._end_round("blocked", winners, gains, left)
        else:
            self._turn = (p + 1) % n

    def _end_round(self, kind: str, winners: list[int], gains: list[int], hands: list[int]) -> dict:
        for q, g in enumerate(gains):
            self.totals[q] += g
        result = RoundResult(self.round, kind, winners, gains, hands)
        self.rounds.append(result)
        if self._game_ends(self.totals, self.round):
            self._over = True
            best = max(self.totals)
            top = [q for q, s in enumerate(self.totals) if s == best]
            won_round = [q for q in top if q in winners]
            self._winners = won_round or top
        else:
            self._start_round()
        return result.to_json()

    def _game_ends(self, totals, finished_round: int) -> bool:
        """Whether the game ends once round ``finished_round`` has ended with these totals: a
        single round, the target reached, or the last round (``max_rounds``) played."""
        target = self.options["target"]
        return (target is None or max(totals) >= target
                or finished_round >= self.options["max_rounds"])

    # ---- hidden information --------------------------------------------------------
    def view(self, player: int | None) -> "TriominosGame":
        """What ``player`` may see: their own hand, the board, scores, counts (``None`` = all)."""
        other = self.clone()
        if player is None or self.is_over:  # at the end every hand and objective is shown
            return other
        other._viewer = player
        other.hands = [list(h) if q == player else [None] * len(h) for q, h in enumerate(self.hands)]
        other.pool = [None] * len(self.pool)
        other.rng = Rng(0)  # the future shuffles are hidden too
        other.seed = 0  # the seed would re-deal every hand (a view has no record)
        if player != self.opener:
            other.opening_tiles = frozenset()  # the opener's best tile is in a hidden hand
        return other

    def unseen_tiles(self, player: int) -> list[Tile]:
        """Tiles ``player`` cannot see this round: other hands and the pool (sorted)."""
        known = set(self.board.played) | {t for t in self.hands[player] if t is not None}
        return [t for t in ALL_TILES if t not in known]

    def determinize(self, rng: Rng) -> "TriominosGame":
        if self._viewer is None:
            return self.clone()
        full = self.clone()
        unseen = self.unseen_tiles(self._viewer)
        rng.shuffle(unseen)
        for q, hand in enumerate(full.hands):
            if q != self._viewer:
                full.hands[q] = sorted(unseen.pop() for _ in hand)
        full.pool = [unseen.pop() for _ in self.pool]
        full.rng = Rng(rng.next64())
        full._viewer = None
        if full.board.is_empty and full.opener != self._viewer:
            top = max(t.rank for t in full.hands[full.opener])
            full.opening_tiles = frozenset(t for t in full.hands[full.opener] if t.rank == top)
        return full

    # ---- text ----------------------------------------------------------------------
    def last_event(self) -> dict | None:
        return self.events[-1] if self.events else None

    def result_text(self) -> str:
        if self._over:
            names = [self.player_names[q] for q in self._winners]
            pts = self.totals[self._winners[0]]
            return " and ".join(names) + (" win" if len(names) > 1 else " wins") + f" with {pts} points"
        name = self.player_names[self._turn]
        if self.board.is_empty:
            return f"Round {self.round}: {name} opens"
        extra = f" (drawn {self.draws})" if self.draws else ""
        return f"Round {self.round}: {name} to move{extra}"

    def render_text(self) -> str:
        lines = [self.result_text(),
                 "Scores: " + ", ".join(f"{n} {s}" for n, s in zip(self.player_names, self.totals)),
                 f"Pool: {len(self.pool)} tiles"]
        for q, hand in enumerate(self.hands):
            shown = " ".join("?" if t is None else str(t) for t in hand)
            lines.append(f"{self.player_names[q]} hand ({len(hand)}): {shown}")
        lines.append(self.board.render_text())
        return "\n".join(lines)

    # ---- agent hooks -----------------------------------------------------------------
    # Optional methods the agents look for by name (pygame_core/agents): the Random agent's
    # policy (spec section 10) and the search agent's playouts, which stop at the end of the
    # round and score it by the points difference to the best opponent.  They read only what
    # the state holds: search agents call the playout hooks on determinized copies.
    PLAYOUT_EPSILON: ClassVar[float] = 0.1  # share of random placements in playouts
    PLAYOUT_DRAW_BELOW: ClassVar[int] = 16  # playouts draw while no placement scores this much
    PLAYOUT_SCALE: ClassVar[float] = 40.0  # a lead of this many points is worth a reward of 0.75
    SEARCH_ITERATIONS: ClassVar[int] = 300  # default search budget: about 0.6 s a move in CPython
    # the search agent's tuning (every search agent here: mcts and ismcts play alike)
    SEARCH_SETTINGS: ClassVar[dict] = {"exploration": 0.7, "prior_weight": 1.0}
    _FITS: ClassVar[dict | None] = None
    _SHAPES: ClassVar[dict] = {}
    _POINTS: ClassVar[tuple] = tuple(t.points for t in ALL_TILES)

    def random_policy_moves(self) -> list:
        """Spec "Random": the valid placements if any, else ``draw`` if allowed, else ``pass``."""
        if self._over:
            return []
        if self.board.is_empty:
            return self._legal_moves()
        moves: list = self.board.valid_placements(self.hands[self._turn])
        if moves:
            return moves
        return [DRAW] if self.pool and self.draws < MAX_DRAWS else [PASS]

    @classmethod
    def fit_table(cls) -> dict:
        """``(up, left, middle, right) -> ((index, tile, orientation, corners), ...)``: every
        arrangement whose corners fit those numbers (``None`` = a free corner), heavier tiles
        first (``corners`` = the placed left, middle and right numbers)."""
        if cls._FITS is None:
            fits: dict = {}
            for tile in sorted(ALL_TILES, key=lambda t: (-t.points, t)):
                for up in (True, False):
                    for o, (a, b, c) in arrangements(tile, up):
                        for mask in range(8):
                            key = (up, a if mask & 1 else None, b if mask & 2 else None,
                                   c if mask & 4 else None)
                            fits.setdefault(key, []).append((TILE_INDEX[tile], tile, o, (a, b, c)))
            cls._FITS = {k: tuple(v) for k, v in fits.items()}
        return cls._FITS

    @staticmethod
    def _fits_at(fits: dict, values: dict, loc: Location) -> tuple:
        x, y = loc
        get = values.get
        if (x + y) & 1:
            return fits.get((False, get((x - 1, y)), get((x, y + 1)), get((x + 1, y))), ())
        return fits.get((True, get((x - 1, y + 1)), get((x, y)), get((x + 1, y + 1))), ())

    @classmethod
    def _shape(cls, loc: Location) -> tuple:
        """``(hexagon groups, bridges)`` round ``loc`` as locations (cached), for fast scoring."""
        shape = cls._SHAPES.get(loc)
        if shape is None:
            nb = trigrid.neighbours(*loc)
            shape = (tuple(frozenset(nb[n] for n in names) for names in HEXAGON_AT.values()),
                     tuple((nb[edge], frozenset(nb[n] for n in others)) for edge, others, _ in BRIDGES))
            cls._SHAPES[loc] = shape
        return shape

    @classmethod
    def _bonus(cls, occupied, loc: Location) -> int:
        """The bonus of a placement at ``loc`` (as :meth:`Board.score`) from occupancy only."""
        hexes, bridges = cls._shape(loc)
        k = 0
        for group in hexes:
            if group <= occupied:
                k += 1
        if k:
            return HEXAGON_BONUS[k]
        for edge, others in bridges:
            if edge in occupied and not occupied.isdisjoint(others):
                return BRIDGE_BONUS
        return 0

    def fast_placements(self, tiles) -> list:
        """The valid placements of ``tiles`` after the opening: the same set as
        ``board.valid_placements`` (other order), through :meth:`fit_table` (for playouts)."""
        fits = self.fit_table()
        values = self.board.values
        held = {TILE_INDEX[t] for t in tiles}
        return [Placement(tile, o, loc) for loc in self.board.frontier
                for i, tile, o, _ in self._fits_at(fits, values, loc) if i in held]

    def playout_move(self, rng: Rng):
        """A fast greedy-ish move: draw while allowed if no placement scores
        ``PLAYOUT_DRAW_BELOW`` (16: no bonus in sight; a last tile is always placed) - drawing
        early to find bonuses and to empty the pool is what wins single rounds between the
        strategy agents; else usually the placement scoring most (bonuses included; ties: more
        tile points, then the first found), sometimes a random one (``PLAYOUT_EPSILON``); pass
        only when forced."""
        if self.board.is_empty:
            moves = self._legal_moves()
            return moves[rng.below(len(moves))]
        return self._policy_move(rng)

    def preferred_moves(self) -> list:
        """The playout policy's choice without its random share (a prior for the search)."""
        if self._over:
            return []
        if self.board.is_empty:
            return self._legal_moves()
        return [self._policy_move(None)]

    def _policy_move(self, rng: Rng | None):
        hand = self.hands[self._turn]
        moves = self.fast_placements(hand)
        can_draw = bool(self.pool) and self.draws < MAX_DRAWS
        if not moves:
            return DRAW if can_draw else PASS
        occ = self.board.placements.keys()
        keys = [(p.tile.points + self._bonus(occ, p.location), p.tile.points) for p in moves]
        best = max(keys)
        if can_draw and best[0] < self.PLAYOUT_DRAW_BELOW and len(hand) > 1:
            return DRAW
        if rng is not None and len(moves) > 1 and rng.random() < self.PLAYOUT_EPSILON:
            return moves[rng.below(len(moves))]
        return moves[keys.index(best)]

    def playout_horizon_reached(self, start: "TriominosGame") -> bool:
        """Playouts stop when the round that was running in ``start`` has ended."""
        return self._over or self.round != start.round

    def playout_reward(self, player: int, start: "TriominosGame") -> float:
        """Reward in [0, 1] for ``player``: the points gained since ``start`` minus the best
        opponent's, squashed (0.5 = even); at the end of the game half of it is the result."""
        return self._playout_value(self.totals, self._over, self._winners, player, start)

    @classmethod
    def _playout_value(cls, totals, over: bool, winners, player: int, start) -> float:
        n = len(totals)
        base = totals if over else [totals[q] - start.totals[q] for q in range(n)]
        diff = base[player] - max(base[q] for q in range(n) if q != player)
        value = 0.5 + 0.5 * diff / (abs(diff) + cls.PLAYOUT_SCALE)
        if over:
            won = 1.0 / len(winners) if player in winners else 0.0
            value = 0.5 * value + 0.5 * won
        return value

    def playout_rewards(self, rng: Rng, start: "TriominosGame") -> list[float]:
        """The whole playout in one call: the moves of ``playout_move`` until
        ``playout_horizon_reached(start)``, then ``playout_reward`` for every player - the same
        moves and rewards for the same ``rng``, on light copies of the state and several times
        faster (the search agent uses this).  Leaves this game at the start of the playout
        (apart from an opening move)."""
        if not self._over and self.board.is_empty:
            self.apply(self.playout_move(rng))
        n = len(self.totals)
        if self._over or self.round != start.round:
            return [self.playout_reward(p, start) for p in range(n)]
        fits = self.fit_table()
        fits_at, bonus_of = self._fits_at, self._bonus
        board = self.board
        occ = set(board.placements)
        values = dict(board.values)
        frontier = dict(board.frontier)
        played = {TILE_INDEX[t] for t in board.played}

        def live_fits(loc):  # the fitting arrangements of tiles not placed yet
            return tuple(e for e in fits_at(fits, values, loc) if e[0] not in played)

        cache = {loc: live_fits(loc) for loc in frontier}
        hands = [{TILE_INDEX[t] for t in h} for h in self.hands]
        pool = [TILE_INDEX[t] for t in self.pool]
        totals = list(self.totals)
        turn, draws, passes = self._turn, self.draws, self.passes
        eps, draw_below = self.PLAYOUT_EPSILON, self.PLAYOUT_DRAW_BELOW
        points = self._POINTS
        while True:
            hand = hands[turn]
            moves = []
            k, best = -1, (-1, 0)
            for loc in frontier:
                bonus = -1
                for e in cache[loc]:
                    if e[0] in hand:
                        if bonus < 0:
                            bonus = bonus_of(occ, loc)
                        pts = points[e[0]]
                        if (pts + bonus, pts) > best:
                            k, best = len(moves), (pts + bonus, pts)
                        moves.append((e, loc))
            best_k = k
            can_draw = draws < MAX_DRAWS and bool(pool)
            if moves:
                if can_draw and best[0] < draw_below and len(hand) > 1:
                    k = -1
                elif len(moves) > 1 and rng.random() < eps:
                    k = rng.below(len(moves))
            if k >= 0:
                (i, tile, o, numbers), loc = moves[k]
                totals[turn] += points[i] + (best[0] - best[1] if k == best_k else bonus_of(occ, loc))
                hand.discard(i)
                played.add(i)
                occ.add(loc)
                frontier.pop(loc, None)
                cache.pop(loc, None)
                for q in trigrid.edge_neighbours(*loc):
                    if q not in occ and q not in frontier:
                        frontier[q] = None
                        cache[q] = ()  # filled below: it touches the new tile's corners
                fresh = [v for v in trigrid.corner_vertices(*loc) if v not in values]
                for v, number in zip(trigrid.corner_vertices(*loc), numbers):
                    values[v] = number
                for q in trigrid.edge_neighbours(*loc):
                    if q in cache and not cache[q]:
                        cache[q] = live_fits(q)
                for vx, vy in fresh:  # locations round a corner that got its number now
                    for q in ((vx, vy), (vx + 1, vy - 1), (vx - 1, vy - 1),
                              (vx + 1, vy), (vx, vy - 1), (vx - 1, vy)):
                        if q in frontier:
                            cache[q] = live_fits(q)
                draws = passes = 0
                if not hand:
                    left = [sum(points[j] for j in h) for h in hands]
                    totals[turn] += GOING_OUT_BONUS + sum(left)
                    round_winners = [turn]
                    break
                turn = (turn + 1) % n
            elif can_draw:
                hand.add(pool.pop())
                draws += 1
                totals[turn] -= DRAW_PENALTY
            else:
                totals[turn] -= PASS_PENALTY
                draws = 0
                passes += 1
                if passes >= n:
                    left = [sum(points[j] for j in h) for h in hands]
                    low = min(left)
                    round_winners = [q for q in range(n) if left[q] == low]
                    gain = sum(v - low for v in left)
                    for q in round_winners:
                        totals[q] += gain
                    break
                turn = (turn + 1) % n
        over = self._game_ends(totals, self.round)
        winners: list[int] = []
        if over:
            top = [q for q in range(n) if totals[q] == max(totals)]
            winners = [q for q in top if q in round_winners] or top
        return [self._playout_value(totals, over, winners, p, start) for p in range(n)]
