"""The Game of Y (rules: docs/rules/y.md): regular and radial boards.

X (player 0) moves first; a player wins with one group touching all three sides (corners lie on
two sides).  In the misère variant that player loses.  Regular boards of side 2..25 use Hex's
notation (``a1``; only cells with ``x + y < n``); radial boards (the seed's GamesCrafters
numbering) name nodes ``t.i`` (ring ``t``, index ``i``).
"""

from __future__ import annotations

from dataclasses import dataclass

import re

from ...core import IllegalMoveError, InvalidMoveError, Option, Rng, clean_move_text, quote, register_game

from ...geometry import ygrid
from ...geometry.yradial import radial_layout
from ..connection.bitboard import y_core
from ..connection.rules import ConnectionGame, UnionFindBoard
from ..hex.rules import LETTERS, _A1, _XY

# read on a text cleaned by clean_move_text (short, stripped, single spaces): linear, like _A1/_XY
_TI = re.compile(r"\[? ?([0-9]{1,3}) ?[.,] ?([0-9]{1,4}) ?\]?")

X, O = 0, 1
EMPTY = -1
PLAYER_NAMES = ("Blue", "Red")  # the spec's X and O, named by their stones' colours (as in Hex)


@dataclass(frozen=True, slots=True)
class YMove:
    """A Y move: the node ``(x, y)`` of a regular board, or ``[t, i]`` of a radial one."""

    x: int
    y: int
    radial: bool = False

    @property
    def node(self) -> tuple[int, int]:
        return (self.x, self.y)

    def __str__(self) -> str:
        return f"{self.x}.{self.y}" if self.radial else f"{LETTERS[self.x]}{self.y + 1}"


class YBoard(UnionFindBoard):
    """A Y board (regular side ``n``, or radial ``center_rows``/``outer_rows``) with a union-find
    that tracks which sides each group touches; nodes are ``(x, y)`` or ``(t, i)``."""

    _LISTS = ("cells", "_parent", "_mask")

    def __init__(self, size: int = 13, *, radial: tuple[int, int] | None = None):
        if radial is not None:
            self.layout = radial_layout(*radial)
            self.size = None
        else:
            if isinstance(size, bool) or not isinstance(size, int) or not 2 <= size <= 25:
                raise ValueError(f"board size must be 2..25, not {quote(size)}")
            self.layout = ygrid.regular_layout(size)
            self.size = size
        self.radial = radial is not None
        self.cells_xy = self.layout.nodes
        self.index = self.layout.index
        self.cells = [EMPTY] * len(self.cells_xy)
        self._nbrs = self.layout.neighbours
        self._side = self.layout.sides
        self._parent = list(range(len(self.cells)))
        self._mask = list(self._side)  # sides touched by each root's group

    def neighbours(self, x: int, y: int) -> list[tuple[int, int]]:
        """Neighbours of a node (radial boards: in the seed's clockwise order)."""
        return [self.cells_xy[j] for j in self._nbrs[self.index[(x, y)]]]

    def sides(self, x: int, y: int) -> set[str]:
        m = self._side[self.index[(x, y)]]
        names = ("left", "right", "bottom") if self.radial else ("A", "B", "C")
        return {name for bit, name in zip((1, 2, 4), names) if m & bit}

    def owner(self, x: int, y: int) -> int:
        return self.cells[self.index[(x, y)]]

    def place_index(self, i: int, player: int) -> bool:
        """Unchecked placement; returns True if the group of ``i`` now touches all three sides."""
        self.cells[i] = player
        root = self._find(i)
        for j in self._nbrs[i]:
            if self.cells[j] == player:
                rj = self._find(j)
                if rj != root:
                    self._parent[rj] = root
                    self._mask[root] |= self._mask[rj]
        return self._mask[root] == ygrid.ALL_SIDES

    def is_win(self, player: int) -> bool:
        """Does ``player`` have one group touching all three sides? (BFS; any board size.)"""
        return has_y(self.cells, self.layout, player)

    def group(self, i: int) -> list[int]:
        root = self._find(i)
        player = self.cells[i]
        return [j for j, c in enumerate(self.cells) if c == player and self._find(j) == root]



def has_y(cells: list[int], layout, player: int) -> bool:
    """Is there a group of ``player`` touching all three sides? One BFS per group on a side."""
    nbrs, side = layout.neighbours, layout.sides
    seen = set()
    for start, c in enumerate(cells):
        if c != player or start in seen or not side[start]:
            continue
        stack, mask = [start], 0
        seen.add(start)
        while stack:
            i = stack.pop()
            mask |= side[i]
            for j in nbrs[i]:
                if j not in seen and cells[j] == player:
                    seen.add(j)
                    stack.append(j)
        if mask == ygrid.ALL_SIDES:
            return True
    return False


def full_board_y_owner(cells: list[int], layout) -> int:
    """Who has a Y on a completely filled board (exactly one player does)."""
    if isinstance(layout, int):
        layout = ygrid.regular_layout(layout)
    return X if has_y(cells, layout, X) else O


@register_game
class YGame(ConnectionGame):
    game_id = "y"
    title = "Y"
    description = ("Two players place stones on a triangle of hexagons. The first to join all three "
                   "sides with one group wins (corners count for both their sides). No draws.")
    PLAYER_NAMES = PLAYER_NAMES
    OPTIONS = (
        Option("family", "choice", "regular", "Board family",
               "regular: a triangle of hexagons; radial: the seed's curved [triangle, index] board",
               choices=("regular", "radial")),
        Option("size", "int", 13, "Board size", "regular boards: cells per side", minimum=2, maximum=25),
        Option("center_rows", "int", 5, "Centre rows", "radial boards: nodes per side of the inner triangle "
               "(3/2 = 27, 4/3 = 55, 5/4 = 93 nodes)", minimum=2, maximum=12),
        Option("outer_rows", "int", 4, "Outer rows", "radial boards: rings around the inner triangle",
               minimum=0, maximum=12),
        Option("misere", "bool", False, "Misère", "the player who completes a Y loses"),
    )

    def _setup(self) -> None:
        o = self.options
        self.radial = o["family"] == "radial"
        self.board = YBoard(o["size"], radial=(o["center_rows"], o["outer_rows"]) if self.radial else None)
        self._to_move = X
        self._winner = None
        self._completer = None  # player whose group touches all three sides

    @classmethod
    def max_moves(cls, options: dict) -> int:
        """The number of cells of the board: ``size * (size + 1) / 2`` on a regular board, the
        radial layout's node count on a radial one.  Proof: every move puts a stone on an empty
        cell (:meth:`_check`) and no move ever removes one (there is no swap in Y)."""
        if options["family"] == "radial":
            return len(radial_layout(options["center_rows"], options["outer_rows"]).nodes)
        return options["size"] * (options["size"] + 1) // 2

    def _copy_extra(self, other: "YGame") -> None:
        other.radial, other._completer = self.radial, self._completer

    def parse_move(self, text: str) -> YMove:
        text = clean_move_text(text)  # the length cap and folded white space keep parsing linear
        shown = text
        if self.radial:
            m = _TI.fullmatch(text)
            if not m:
                raise InvalidMoveError(f"{quote(shown)} is not a node: write ring.index like '2.11' (or [2,11])")
            return self._node(int(m.group(1)), int(m.group(2)), shown)
        m = _A1.fullmatch(text)
        if m:
            x, y = LETTERS.index(m.group(1).lower()), int(m.group(2)) - 1
        else:
            m = _XY.fullmatch(text)
            if not m:
                raise InvalidMoveError(f"{quote(shown)} is not a Y move: write a cell like 'c2' or '(2,1)'")
            x, y = int(m.group(1)), int(m.group(2))
        return self._node(x, y, shown)

    def _node(self, a: int, b: int, shown) -> YMove:
        if (a, b) not in self.board.index:
            if self.radial:
                sizes = self.board.layout.sizes
                raise InvalidMoveError(f"{quote(shown)} is not a node of this board (rings 0..{len(sizes) - 1}; "
                                       f"ring t has indices 0..size-1, sizes {sizes})")
            raise InvalidMoveError(f"{quote(shown)} is not a cell of the side-{self.size} triangle "
                                   f"(cells a1..{LETTERS[self.size - 1]}1 in row 1, one fewer per row)")
        return YMove(a, b, self.radial)

    def coerce_move(self, move) -> YMove:
        if isinstance(move, YMove) and move.radial == self.radial:
            return self._node(move.x, move.y, str(move))
        if (isinstance(move, (tuple, list)) and len(move) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in move)):
            return self._node(move[0], move[1], tuple(move))
        raise InvalidMoveError(f"{quote(move)} is not a Y move")

    def _legal_moves(self) -> list[YMove]:
        xy = self.board.cells_xy
        return [YMove(*xy[i], self.radial) for i, c in enumerate(self.board.cells) if c == EMPTY]

    def _check(self, move: YMove) -> None:
        owner = self.board.owner(move.x, move.y)
        if owner != EMPTY:
            raise IllegalMoveError(f"{move} is already taken by {PLAYER_NAMES[owner]}",
                                   detail="cell_taken", params={"cell": str(move)})

    def apply(self, move: YMove) -> None:
        player = self._to_move
        if self.board.place_index(self.board.index[(move.x, move.y)], player):
            self._completer = player
            self._winner = 1 - player if self.options["misere"] else player
        self.history.append(move)
        self._to_move = 1 - player

    def random_playout(self, rng: Rng) -> int:
        """Normal play: fill the board at random and return the winner (game unchanged)."""
        if self._winner is not None:
            return self._winner
        owner = full_board_y_owner(self.random_fill(rng), self.board.layout)
        return 1 - owner if self.options["misere"] else owner

    def filled_winner(self, cells: list[int]) -> int:
        owner = full_board_y_owner(cells, self.board.layout)
        return 1 - owner if self.options["misere"] else owner

    def move_cell(self, move: YMove) -> int:
        return self.board.index[(move.x, move.y)]

    # ---- the bitboard core (pygame_core.games.connection.bitboard), for the fast search --------------
    def _core(self):
        return y_core(self.board.layout, self.radial, self.options["misere"])

    def bit_state(self):
        """``(core, X's stones, O's stones)`` as bitboards."""
        core = self._core()
        return (core, *core.stones(self.board.cells))

    def bit_moves(self) -> list:
        """The move of each bit position of the core (``None`` for padding bits)."""
        core = self._core()
        if core.moves is None:
            moves = [None] * core.nbits
            for (a, b), pos in zip(self.board.layout.nodes, core.positions):
                moves[pos] = YMove(a, b, self.radial)
            core.moves = moves
        return core.moves

    def winning_group(self) -> list[tuple[int, int]]:
        """The group that touches all three sides (the completer's, also in misère)."""
        if self._completer is None:
            return []
        last = self.history[-1]
        return [self.board.cells_xy[i] for i in self.board.group(self.board.index[(last.x, last.y)])]

    def render_text(self) -> str:
        if self.radial:
            return self._render_radial()
        n = self.size
        last = self.history[-1] if self.history else None
        group = set(self.winning_group())
        lines = ["    " + " ".join(f" {c} " for c in LETTERS[:n]) + "   sides: A = column a, B = row 1, C = diagonal"]
        for y in range(n):
            parts = []
            for x in range(n - y):
                c = self.board.owner(x, y)
                ch = "." if c == EMPTY else "XO"[c]
                parts.append(f"[{ch}]" if last is not None and (x, y) == (last.x, last.y)
                             else f" {ch}{'*' if (x, y) in group else ' '}")
            lines.append(" " * (2 * y) + f"{y + 1:>3} " + " ".join(parts))
        return "\n".join(lines) + "\n" + self.result_text()

    def _render_radial(self) -> str:
        """ASCII: one line per ring, indices clockwise from the lower-left corner; corners in ()."""
        last = self.history[-1].node if self.history else None
        group = set(self.winning_group())
        layout = self.board.layout
        lines = [f"radial Y board, {len(layout.nodes)} nodes (rings from the centre; X, O, . = empty; "
                 "[ ] last move, * winning group)"]
        for t, size in enumerate(layout.sizes):
            m = layout.segs[t]
            parts = []
            for i in range(size):
                c = self.board.owner(t, i)
                ch = ("." if c == EMPTY else "XO"[c]) + ("*" if (t, i) in group else "")
                if (t, i) == last:
                    ch = f"[{ch}]"
                elif m and i % m == 0:
                    ch = f"({ch})"
                parts.append(ch)
            lines.append(f"ring {t:>2}: " + " ".join(parts))
        return "\n".join(lines) + "\n" + self.result_text()
