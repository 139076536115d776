"""What Hex and Y share: two players alternate placing stones on a board until one connects."""

from __future__ import annotations

from typing import ClassVar

from ..core import Game


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


class ConnectionGame(Game):
    """Base for stone-placing connection games: ``board`` (with ``copy()`` and ``size``),
    ``_to_move`` and ``_winner``; subclasses add the rules and call ``_copy_extra``."""

    PLAYER_NAMES: ClassVar[tuple[str, str]] = ("First", "Second")

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
