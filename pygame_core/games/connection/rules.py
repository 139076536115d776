"""What Hex and Y share: two players alternate placing stones on a board until one connects."""

from __future__ import annotations

from typing import ClassVar

from ...core import Game
from ...search_hooks import SearchHooks


class UnionFindBoard:
    """Mixin for boards that keep a union-find in ``_parent`` (path halving) and copy their
    mutable lists, named in ``_LISTS``, on ``copy()``."""

    _LISTS: ClassVar[tuple[str, ...]] = ("cells", "_parent")

    def _find(self, i: int) -> int:
        parent = self._parent
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def copy(self):
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        for name in self._LISTS:
            setattr(other, name, list(getattr(self, name)))
        return other


def bridge_table(neighbours: list) -> list[list[tuple[int, int, int]]]:
    """For every cell ``c``, the bridges ``c`` is a carrier of, as ``(d, a, b)``: cells ``a``
    and ``b`` are not adjacent and have exactly the two common neighbours ``c`` and ``d``, which
    are adjacent (so a stone on ``c`` is answered on ``d`` to keep ``a`` and ``b`` connected).
    Works for any board given as a neighbour table (Hex rhombus, Y triangles, radial boards)."""
    sets = [set(x) for x in neighbours]
    table: list[list[tuple[int, int, int]]] = [[] for _ in neighbours]
    for c, around in enumerate(neighbours):
        for d in around:
            common = sets[c] & sets[d]
            if len(common) == 2:
                a, b = sorted(common)
                if b not in sets[a]:
                    table[c].append((d, a, b))
    return table


def bridge_fill(cells: list[int], to_move: int, rng, table) -> list[int]:
    """A playout of a connection game: every empty cell (``-1``) filled, players alternating
    from ``to_move``, in random order - except that a move into the carrier of an opponent's
    bridge is answered on the other carrier (the bridge-saving reply)."""
    cells = list(cells)
    empty = [i for i, c in enumerate(cells) if c == -1]
    rng.shuffle(empty)
    p, k, last = to_move, 0, -1
    for _ in range(len(empty)):
        move = -1
        if last >= 0:
            for d, a, b in table[last]:
                if cells[d] == -1 and cells[a] == p and cells[b] == p:
                    move = d
                    break
        if move < 0:
            while cells[empty[k]] != -1:
                k += 1
            move = empty[k]
        cells[move] = p
        last = move
        p = 1 - p
    return cells


SEARCH_SETTINGS = {"rave_equivalence": 300, "exploration": 0.1}


class ConnectionGame(Game):
    """Base for stone-placing connection games: ``board`` (with ``copy()`` and ``size``),
    ``_to_move`` and ``_winner``; subclasses add the rules and call ``_copy_extra``."""

    PLAYER_NAMES: ClassVar[tuple[str, str]] = ("First", "Second")
    # the search agent's tuning here: UCT-RAVE with little exploration (see agents/mcts.py); the
    # fill playouts are methods of the state (random_playout, amaf_playout, move_cell)
    search_hooks: ClassVar[SearchHooks] = SearchHooks(settings=SEARCH_SETTINGS)

    def _copy_state(self, other: "ConnectionGame") -> None:
        other.board = self.board.copy()
        other._to_move = self._to_move
        other._winner = self._winner
        self._copy_extra(other)

    def _copy_extra(self, other: "ConnectionGame") -> None:
        """Copy state beyond board, player to move and winner (none by default)."""

    def random_fill(self, rng) -> list[int]:
        """The board's cells with every empty one (``-1``) filled at random, players alternating
        from the one to move: what a playout of a connection game reaches."""
        cells = list(self.board.cells)
        empty = [i for i, c in enumerate(cells) if c == -1]
        rng.shuffle(empty)
        p = self._to_move
        for i in empty:
            cells[i] = p
            p = 1 - p
        return cells

    # ---- search hooks (pygame_core.agents.mcts): RAVE playouts -------------------------------
    _BRIDGE_TABLES: ClassVar[dict] = {}  # id(neighbour table) -> (that table, its bridge table)

    def _bridges(self):
        """The board's bridge table, computed once per neighbour table (boards copied for
        search share their neighbour table, so every copy finds it here)."""
        nbrs = self.board._nbrs
        entry = self._BRIDGE_TABLES.get(id(nbrs))
        if entry is None or entry[0] is not nbrs:
            if len(self._BRIDGE_TABLES) > 32:
                self._BRIDGE_TABLES.clear()
            entry = self._BRIDGE_TABLES[id(nbrs)] = (nbrs, bridge_table(nbrs))
        return entry[1]

    def amaf_playout(self, rng) -> tuple[int, list[int]]:
        """A bridge-saving fill playout: ``(winner, final cells)``; the cells say who played
        each move of the playout, for the all-moves-as-first statistics."""
        if self._winner is not None:
            return self._winner, self.board.cells
        cells = bridge_fill(self.board.cells, self._to_move, rng, self._bridges())
        return self.filled_winner(cells), cells

    def bit_playout(self, rng, bridges: bool = False) -> int:
        """The fastest playout: the winner of a fill of the board on the bitboard core
        (:mod:`.bitboard`; ``rng`` a ``random.Random``), with the bridge rule or without it.
        The game is not changed."""
        if self._winner is not None:
            return self._winner
        state = self.bit_state()
        if state is None:
            return self.random_playout(rng)
        core, s0, s1 = state
        me = self._to_move
        return core.playout(s0 if me == 0 else s1, s1 if me == 0 else s0, me, rng, bridges)

    def filled_winner(self, cells: list[int]) -> int:  # pragma: no cover - per game
        raise NotImplementedError

    def move_cell(self, move) -> int | None:  # pragma: no cover - per game
        """The cell index a move takes (``None`` for moves that take no cell, e.g. swap)."""
        raise NotImplementedError

    @property
    def size(self) -> int:
        return self.board.size

    @property
    def player_names(self) -> list[str]:
        return list(self.PLAYER_NAMES)

    @property
    def current_player(self) -> int | None:
        return None if self._winner is not None else self._to_move

    @property
    def winners(self) -> list[int]:
        return [] if self._winner is None else [self._winner]
