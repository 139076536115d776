"""The bridge's variation tree (engine side): the session's moves are a
:class:`~pygame_core.tree.GameTree`; the game on screen is at ``cursor`` on the *current line*
(``line_path``: a path from the start to the end of a line).  ``moves`` (the move list the page
shows, undo/redo, replay, share links) is that line, so everything that knew one list of moves
works unchanged; playing a different move at an earlier position adds a variation instead of
dropping the rest of the game.

Commands (mixed into :class:`pygame_core.bridge.Session`):

* ``goto`` - ``path`` (a list of child indexes) goes to any position of the tree; the line
  continues from there along the line it was on, else along first children.
* ``promote`` - ``path`` (default: the position on screen): its line becomes the main line.
* ``delete`` - ``path`` (default: the position on screen): that move and everything after it
  go; the game on screen moves back to its parent if it was on that branch.

The state carries ``tree`` (the JSON form of :mod:`pygame_core.tree`), ``path`` (the position
on screen) and ``line_path``.  Hidden-information games keep one line (a new move drops the
tail as before): their alternatives would show a move its player kept secret.
"""
from __future__ import annotations

from .core import InvalidRecordError
from .tree import GameTree, record_tree


class TreeSession:
    tree: GameTree
    line_path: list[int]

    def _reset_tree(self, moves: list[str]) -> None:
        self.tree = GameTree(moves)
        self.line_path = [0] * len(moves)

    @property
    def moves(self) -> list[str]:
        return self.tree.line(self.line_path)

    @property
    def path(self) -> list[int]:
        return self.line_path[: self.cursor]

    def _set_line(self, path: list[int]) -> None:
        """Go on along the current line if ``path`` lies on it, else along first children."""
        if self.line_path[: len(path)] != path:
            self.line_path = self.tree.continuation(path)

    def _play_in_tree(self, text: str) -> None:
        """Record ``text`` played at the position on screen (the game is already there)."""
        path = self.line_path[: self.cursor - 1]
        if self.game.hidden_information:  # one line: the tail goes, as it always did
            self.tree.node(path).children = []
            self.line_path = self.tree.add(path, text)
            return
        self._set_line(self.tree.add(path, text))

    @staticmethod
    def _tree_from_record(record, game) -> tuple[GameTree, list[int]]:
        """The record's ``tree`` (validated against ``game``'s options and seed) and the path
        of its ``moves`` (the current line) in it; a record without a tree is one line.
        Changes nothing: the caller installs the result once everything is checked."""
        if isinstance(record, dict) and record.get("tree") is not None and game.hidden_information:
            raise InvalidRecordError("hidden-hand games have no variations")
        return record_tree(record, game)

    def _tree_state(self) -> dict:
        if self.game.hidden_information:
            return {}
        return {"tree": self.tree.to_json(), "path": self.path, "line_path": list(self.line_path)}

    def _path_arg(self, req) -> list[int]:
        path = req.get("path", self.path)
        if not isinstance(path, list) or len(path) > len(self.line_path) + 100_000:
            raise InvalidRecordError("path must be a list of child indexes")
        self.tree.node(path)  # checks every index
        return path

    def _goto_path(self, path: list[int]) -> None:
        self._set_line(path)
        self._goto(len(path))

    def cmd_goto(self, req):
        self._require_game()
        if "path" in req:
            self._goto_path(self._path_arg(req))
            return self.state()
        return self._goto_cursor(req)

    def cmd_promote(self, req):
        """The line through ``path`` becomes the main line; the position on screen stays."""
        self._require_game()
        path = self._path_arg(req)
        line = self.moves
        self.tree.promote(path)
        self.line_path = self._walk_moves(line)  # every node is still there
        return self.state()

    def cmd_delete(self, req):
        """Delete the move at ``path`` and all after it; the game on screen goes back to the
        deleted move's parent if it was on that branch."""
        self._require_game()
        path = self._path_arg(req)
        line, cursor = self.moves, self.cursor
        self.tree.delete(path)
        kept = self._walk_moves(line)
        self.line_path = self.tree.continuation(kept)
        if cursor > len(kept):
            self._goto(len(kept))
        return self.state()

    def _walk_moves(self, moves: list[str]) -> list[int]:
        """The path of the longest start of ``moves`` that is still a line of the tree."""
        path, node = [], self.tree.root
        for text in moves:
            child = node.child(text)
            if child is None:
                break
            path.append(node.children.index(child))
            node = child
        return path
