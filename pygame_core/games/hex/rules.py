"""Hex (rules: docs/rules/hex.md, after cuteB/hex-b): the seed's ``HexBoard`` and the game.

Blue (player 0) joins top and bottom (the ``y`` edges) and moves first; Red (player 1) joins
left and right (the ``x`` edges).  Cells are the seed's ``(x, y)``; the canonical notation is a
column letter and a row number (``(2, 4)`` = ``c5``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ...core import (IllegalMoveError, InvalidMoveError, Option, Rng, clean_move_text, quote,
                    register_game)
from ...geometry import hexgrid
from ..connection.bitboard import hex_core
from ..connection.rules import ConnectionGame, UnionFindBoard
from .search import HEX_HOOKS

BLUE, RED = 0, 1
EMPTY = -1
PLAYER_NAMES = ("Blue", "Red")

LETTERS = "abcdefghijklmnopqrstuvwxyz"
MIN_SIZE, MAX_SIZE = 2, 26


# --------------------------------------------------------------------------- notation
@dataclass(frozen=True, slots=True)
class HexMove:
    """A Hex move: a cell ``(x, y)``, or the swap move (``HexMove.SWAP``)."""

    x: int
    y: int

    @property
    def is_swap(self) -> bool:
        return self.x < 0

    @property
    def cell(self) -> tuple[int, int]:
        return (self.x, self.y)

    def __str__(self) -> str:
        return "swap" if self.is_swap else cell_name(self.x, self.y)


HexMove.SWAP = HexMove(-1, -1)  # type: ignore[attr-defined]


@lru_cache(maxsize=None)
def all_moves(size: int) -> tuple[HexMove, ...]:
    """Every cell move of a board, by cell index (shared, immutable)."""
    return tuple(HexMove(i % size, i // size) for i in range(size * size))


def cell_name(x: int, y: int) -> str:
    """Canonical cell text: ``(0, 0)`` -> ``a1``."""
    return f"{LETTERS[x]}{y + 1}"


# Both patterns read a text cleaned by :func:`~pygame_core.core.clean_move_text` (at most 200
# characters, stripped, white space folded to single spaces): every quantifier is bounded or
# stands between two literal tokens, so a match is linear in the (short) text.
_A1 = re.compile(r"([a-zA-Z]) ?([0-9]{1,3})")
_XY = re.compile(r"\(? ?(-?[0-9]{1,3}) ?, ?(-?[0-9]{1,3}) ?\)?")


def parse_cell(text: str, size: int) -> tuple[int, int]:
    """Parse ``c5`` or the seed's ``(2,4)``; raise :class:`InvalidMoveError` if not a cell.
    The text is cleaned first (:func:`~pygame_core.core.clean_move_text`: length cap, white
    space folded), so any input is refused or read in time linear in at most 200 characters."""
    text = clean_move_text(text)
    m = _A1.fullmatch(text)
    if m:
        x, y = LETTERS.index(m.group(1).lower()), int(m.group(2)) - 1
    else:
        m = _XY.fullmatch(text)
        if not m:
            raise InvalidMoveError(
                f"{quote(text)} is not a Hex move: write a cell like 'c5' or '(2,4)', or 'swap'")
        x, y = int(m.group(1)), int(m.group(2))
    if not hexgrid.on_board(size, x, y):
        last = LETTERS[size - 1]
        raise InvalidMoveError(
            f"{quote(text)} is off the {size}x{size} board "
            f"(columns a-{last}, rows 1-{size}; (x,y) from 0 to {size - 1})")
    return x, y


# --------------------------------------------------------------------------- the seed's board
class HexBoard(UnionFindBoard):
    """The seed's Hex board: an ``n x n`` play area of cells ``(x, y)`` plus four end zones.

    End zones are virtual rows/columns just outside the play area (Blue: ``y = -1`` and
    ``y = n``; Red: ``x = -1`` and ``x = n``); each acts as one connected line.  A union-find
    over the cells plus one virtual node per end zone answers "has this player won?" in
    near-constant time after every placement.
    """

    def __init__(self, size: int = 11):
        if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
            raise ValueError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, not {quote(size)}")
        self.size = size
        self.cells = [EMPTY] * (size * size)
        self._nbrs = hexgrid.neighbour_table(size)
        n2 = size * size
        # virtual nodes: Blue top, Blue bottom, Red left, Red right
        self.TOP, self.BOTTOM, self.LEFT, self.RIGHT = n2, n2 + 1, n2 + 2, n2 + 3
        self._parent = list(range(n2 + 4))
        self.stones = 0

    # ---- the seed's vocabulary ------------------------------------------
    def in_play_area(self, x: int, y: int) -> bool:
        return hexgrid.on_board(self.size, x, y)

    def end_zone_owner(self, x: int, y: int) -> int | None:
        """The player whose end zone holds virtual cell ``(x, y)``, or ``None``."""
        n = self.size
        if y in (-1, n) and 0 <= x < n:
            return BLUE
        if x in (-1, n) and 0 <= y < n:
            return RED
        return None

    def end_zones(self, player: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The two end zones of ``player`` as lists of virtual cells (seed's table)."""
        n = self.size
        if player == BLUE:
            return [(x, -1) for x in range(n)], [(x, n) for x in range(n)]
        return [(-1, y) for y in range(n)], [(n, y) for y in range(n)]

    def neighbours(self, x: int, y: int, include_end_zones: bool = False) -> list[tuple[int, int]]:
        """Neighbours of a cell with the seed's six offsets (optionally the end-zone cells too)."""
        out = []
        for dx, dy in hexgrid.NEIGHBOUR_OFFSETS:
            nx, ny = x + dx, y + dy
            if self.in_play_area(nx, ny) or (include_end_zones and self.end_zone_owner(nx, ny) is not None):
                out.append((nx, ny))
        return out

    def index(self, x: int, y: int) -> int:
        return y * self.size + x

    def owner(self, x: int, y: int) -> int:
        """``BLUE``, ``RED`` or ``EMPTY``."""
        return self.cells[y * self.size + x]

    def is_empty(self, x: int, y: int) -> bool:
        return self.cells[y * self.size + x] == EMPTY

    def empty_cells(self) -> list[tuple[int, int]]:
        n = self.size
        return [(i % n, i // n) for i, c in enumerate(self.cells) if c == EMPTY]

    def is_full(self) -> bool:
        return self.stones == len(self.cells)

    # ---- placing ----------------------------------------------------------
    def place(self, x: int, y: int, player: int) -> None:
        """Claim an empty cell for ``player`` (IllegalMoveError if occupied or off the board)."""
        if not self.in_play_area(x, y):
            raise IllegalMoveError(f"({x},{y}) is not on the {self.size}x{self.size} board")
        if player not in (BLUE, RED):
            raise ValueError(f"player must be 0 (Blue) or 1 (Red), not {quote(player)}")
        i = y * self.size + x
        if self.cells[i] != EMPTY:
            raise IllegalMoveError(f"{cell_name(x, y)} is already taken by {PLAYER_NAMES[self.cells[i]]}",
                                   detail="cell_taken", params={"cell": cell_name(x, y)})
        self.place_index(i, player)

    def place_index(self, i: int, player: int) -> None:
        """Unchecked placement by cell index (the fast path)."""
        n = self.size
        cells = self.cells
        cells[i] = player
        self.stones += 1
        find, parent = self._find, self._parent
        root = find(i)
        for j in self._nbrs[i]:
            if cells[j] == player:
                rj = find(j)
                if rj != root:
                    parent[rj] = root
        x, y = i % n, i // n
        if player == BLUE:
            zones = ((y == 0, self.TOP), (y == n - 1, self.BOTTOM))
        else:
            zones = ((x == 0, self.LEFT), (x == n - 1, self.RIGHT))
        for touching, zone in zones:
            if touching:
                rz = find(zone)
                if rz != root:
                    parent[rz] = root

    def clear(self, x: int, y: int) -> None:
        """Empty a cell (used only by the swap move); rebuilds the connectivity."""
        self.cells[y * self.size + x] = EMPTY
        self.rebuild()

    def rebuild(self) -> None:
        cells = list(self.cells)
        self.cells = [EMPTY] * len(cells)
        self._parent = list(range(len(cells) + 4))
        self.stones = 0
        for i, c in enumerate(cells):
            if c != EMPTY:
                self.place_index(i, c)

    # ---- winning ----------------------------------------------------------
    def has_won(self, player: int) -> bool:
        """Does ``player`` have a chain of own cells touching both of its end zones?"""
        if player == BLUE:
            return self._find(self.TOP) == self._find(self.BOTTOM)
        return self._find(self.LEFT) == self._find(self.RIGHT)

    @property
    def winner(self) -> int | None:
        for p in (BLUE, RED):
            if self.has_won(p):
                return p
        return None

    def winning_chain(self, player: int) -> list[tuple[int, int]]:
        """The cells of ``player``'s group that joins its two end zones (empty if none)."""
        if not self.has_won(player):
            return []
        zone = self.TOP if player == BLUE else self.LEFT
        root = self._find(zone)
        n = self.size
        return [(i % n, i // n) for i, c in enumerate(self.cells)
                if c == player and self._find(i) == root]

    def __str__(self) -> str:
        return render_board(self)


def full_board_winner(cells: list[int], size: int) -> int:
    """Winner of a completely filled board by one flood fill (Blue from the top row)."""
    nbrs = hexgrid.neighbour_table(size)
    last_row = size * (size - 1)
    stack = [i for i in range(size) if cells[i] == BLUE]
    seen = set(stack)
    while stack:
        i = stack.pop()
        if i >= last_row:
            return BLUE
        for j in nbrs[i]:
            if j not in seen and cells[j] == BLUE:
                seen.add(j)
                stack.append(j)
    return RED


def render_board(board: HexBoard, last: tuple[int, int] | None = None,
                 highlight: set | None = None) -> str:
    """ASCII board in the recommended drawing: B = Blue, R = Red, '.' = empty.

    The last move is bracketed ``[B]``; cells of a winning chain carry a ``*`` (`` B*``).
    """
    n = board.size
    highlight = highlight or set()
    lines = ["    " + " ".join(f" {c} " for c in LETTERS[:n]) + "   Blue: top-bottom, Red: left-right"]
    for y in range(n):
        parts = []
        for x in range(n):
            c = board.owner(x, y)
            ch = "." if c == EMPTY else "BR"[c]
            if last == (x, y):
                parts.append(f"[{ch}]")
            else:
                parts.append(f" {ch}{'*' if (x, y) in highlight else ' '}")
        lines.append(" " * (y * 2) + f"{y + 1:>3} " + " ".join(parts))
    return "\n".join(lines)


# --------------------------------------------------------------------------- the game
@register_game
class HexGame(ConnectionGame):
    """Hex on an ``n x n`` rhombus (2..26, default 11), optional swap rule (off by default)."""

    game_id = "hex"
    title = "Hex"
    description = ("Two players claim cells of a rhombus of hexagons. Blue joins top and bottom, "
                   "Red joins left and right; the first unbroken chain wins. No draws.")
    PLAYER_NAMES = PLAYER_NAMES
    search_hooks = HEX_HOOKS  # the connection games' settings and the opening book (search.py)
    OPTIONS = (
        Option("size", "int", 11, "Board size", "cells per side", minimum=MIN_SIZE, maximum=MAX_SIZE),
        Option("swap", "bool", False, "Swap rule",
               "Red may take over Blue's first stone (mirrored) instead of playing a cell"),
    )

    def _setup(self) -> None:
        self.board = HexBoard(self.options["size"])
        self._to_move = BLUE
        self._winner: int | None = None

    @classmethod
    def max_moves(cls, options: dict) -> int:
        """``size * size``, plus 1 with the swap rule on.  Proof: every move but ``swap`` puts a
        stone on an empty cell (:meth:`_check`) and ``swap`` leaves the number of stones as it
        was (it takes Blue's stone off and puts Red's on), so at most ``size * size`` moves are
        not swaps; ``swap`` is legal only with the swap option on and only while the history
        holds exactly one move, so it is played at most once.  (A game also ends at the first
        chain, at the latest on a full board, where one player always has one.)"""
        return options["size"] ** 2 + (1 if options["swap"] else 0)

    def swap_allowed(self) -> bool:
        return bool(self.options["swap"]) and len(self.history) == 1 and self._winner is None

    # ---- moves ---------------------------------------------------------------
    def parse_move(self, text: str) -> HexMove:
        text = clean_move_text(text)
        if text.lower() == "swap":
            return HexMove.SWAP
        x, y = parse_cell(text, self.size)
        return all_moves(self.size)[y * self.size + x]

    def coerce_move(self, move) -> HexMove:
        if isinstance(move, HexMove):
            if move.is_swap or hexgrid.on_board(self.size, move.x, move.y):
                return move
            raise InvalidMoveError(f"({move.x},{move.y}) is off the {self.size}x{self.size} board")
        if (isinstance(move, (tuple, list)) and len(move) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in move)):
            if not hexgrid.on_board(self.size, move[0], move[1]):
                raise InvalidMoveError(f"({move[0]},{move[1]}) is off the {self.size}x{self.size} board")
            return HexMove(move[0], move[1])
        raise InvalidMoveError(f"{quote(move)} is not a Hex move: give a cell like 'c5', (2, 4) or 'swap'")

    def _legal_moves(self) -> list[HexMove]:
        every = all_moves(self.size)
        moves = [every[i] for i, c in enumerate(self.board.cells) if c == EMPTY]
        if self.swap_allowed():
            moves.append(HexMove.SWAP)
        return moves

    def _check(self, move: HexMove) -> None:
        if move.is_swap:
            if not self.options["swap"]:
                raise IllegalMoveError("swap is not allowed: the swap rule is off in this game")
            if len(self.history) != 1:
                raise IllegalMoveError("swap is only allowed as Red's first move, right after Blue's opening")
            return
        owner = self.board.owner(move.x, move.y)
        if owner != EMPTY:
            raise IllegalMoveError(f"{move} is already taken by {PLAYER_NAMES[owner]}",
                                   detail="cell_taken", params={"cell": str(move)})

    def apply(self, move: HexMove) -> None:
        player = self._to_move
        if move.is_swap:
            first = self.history[0]
            self.board.clear(first.x, first.y)
            self.board.place(first.y, first.x, RED)
        else:
            self.board.place_index(move.y * self.size + move.x, player)
            if self.board.has_won(player):
                self._winner = player
        self.history.append(move)
        self._to_move = 1 - player

    # ---- fast paths for search ---------------------------------------------
    def empty_indices(self) -> list[int]:
        return [i for i, c in enumerate(self.board.cells) if c == EMPTY]

    def random_playout(self, rng: Rng) -> int:
        """Fill the board at random (players alternating) and return the winner.

        The game itself is not changed.  One flood fill decides the full board.
        """
        if self._winner is not None:
            return self._winner
        return full_board_winner(self.random_fill(rng), self.size)

    def filled_winner(self, cells: list[int]) -> int:
        return full_board_winner(cells, self.size)

    # ---- the bitboard core (pygame_core.games.connection.bitboard), for the fast search --------------
    def bit_state(self):
        """``(core, Blue's stones, Red's stones)`` as bitboards, or ``None`` while a swap may
        still come (the core knows only cell moves)."""
        if self.options["swap"] and len(self.history) < 2:
            return None
        core = hex_core(self.size)
        return (core, *core.stones(self.board.cells))

    def bit_moves(self) -> list:
        """The move of each bit position of the core (``None`` for padding bits)."""
        core = hex_core(self.size)
        if core.moves is None:
            moves = [None] * core.nbits
            for move, pos in zip(all_moves(self.size), core.positions):
                moves[pos] = move
            core.moves = moves
        return core.moves

    def move_cell(self, move: HexMove) -> int | None:
        return None if move.is_swap else move.y * self.size + move.x

    # ---- text ----------------------------------------------------------------
    def winning_chain(self) -> list[tuple[int, int]]:
        return self.board.winning_chain(self._winner) if self._winner is not None else []

    def render_text(self) -> str:
        last = self.history[-1] if self.history else None
        last_cell = None
        if last is not None:
            last_cell = last.cell if not last.is_swap else (self.history[0].y, self.history[0].x)
        board = render_board(self.board, last_cell, set(self.winning_chain()))
        return board + "\n" + self.result_text()
