"""The variation tree, engine side: the session's moves are a
:class:`~pygame_core.tree.GameTree`; the game on screen is at ``cursor`` on the *current line*
(``line_path``: a path from the start to the end of a line).  ``moves`` (the move list the page
shows, undo/redo, replay, share links) is that line, so everything that knew one list of moves
works unchanged; playing a different move at an earlier position adds a variation instead of
dropping the rest of the game.

Commands:

* ``goto`` - ``cursor``: a position on the current line; or ``path`` (a list of child indexes):
  any position of the tree; the line continues from there along the line it was on, else
  along first children.
* ``promote`` - ``path`` (default: the position on screen): its line becomes the main line.
* ``delete`` - ``path`` (default: the position on screen): that move and everything after it
  go; the game on screen moves back to its parent if it was on that branch.

The state carries ``tree`` (the JSON form of :mod:`pygame_core.tree`), ``path`` (the position
on screen) and ``line_path``.  Hidden-information games keep one line (a new move drops the
tail as before): their alternatives would show a move its player kept secret.
"""
from __future__ import annotations

from ..core import InvalidRecordError
from ..tree import GameTree, record_tree
from .errors import BridgeError, whole_number
from .session import Session, goto, require_game
from .state import state


def set_line(session: Session, path: list[int]) -> None:
    """Go on along the current line if ``path`` lies on it, else along first children."""
    if session.line_path[: len(path)] != path:
        session.line_path = session.tree.continuation(path)


def play_in_tree(session: Session, text: str) -> None:
    """Record ``text`` played at the position on screen (the game is already there)."""
    path = session.line_path[: session.cursor - 1]
    if session.game.hidden_information:  # one line: the tail goes, as it always did
        session.tree.node(path).children = []
        session.line_path = session.tree.add(path, text)
        return
    set_line(session, session.tree.add(path, text))


def tree_from_record(record, game) -> tuple[GameTree, list[int]]:
    """The record's ``tree`` (validated against ``game``'s options and seed) and the path of
    its ``moves`` (the current line) in it; a record without a tree is one line.  Changes
    nothing: the caller installs the result once everything is checked."""
    if isinstance(record, dict) and record.get("tree") is not None and game.hidden_information:
        raise InvalidRecordError("hidden-hand games have no variations")
    return record_tree(record, game)


def walk_moves(tree: GameTree, moves: list[str]) -> list[int]:
    """The path of the longest start of ``moves`` that is still a line of ``tree``."""
    path, node = [], tree.root
    for text in moves:
        child = node.child(text)
        if child is None:
            break
        path.append(node.children.index(child))
        node = child
    return path


def _path_arg(session: Session, req) -> list[int]:
    path = req.get("path", session.path)
    if not isinstance(path, list) or len(path) > len(session.line_path) + 100_000:
        raise InvalidRecordError("path must be a list of child indexes")
    session.tree.node(path)  # checks every index
    return path


def cmd_goto(session: Session, req):
    """``path``: any position of the tree; else ``cursor``: a position on the current line."""
    require_game(session)
    if "path" in req:
        path = _path_arg(session, req)
        set_line(session, path)
        goto(session, len(path))
        return state(session)
    cursor = whole_number(req, "cursor", session.cursor)
    if not 0 <= cursor <= len(session.moves):
        raise BridgeError(f"cursor must be between 0 and {len(session.moves)}")
    goto(session, cursor)
    return state(session)


def cmd_promote(session: Session, req):
    """The line through ``path`` becomes the main line; the position on screen stays."""
    require_game(session)
    path = _path_arg(session, req)
    line = session.moves
    session.tree.promote(path)
    session.line_path = walk_moves(session.tree, line)  # every node is still there
    return state(session)


def cmd_delete(session: Session, req):
    """Delete the move at ``path`` and all after it; the game on screen goes back to the
    deleted move's parent if it was on that branch."""
    require_game(session)
    path = _path_arg(session, req)
    line, cursor = session.moves, session.cursor
    session.tree.delete(path)
    kept = walk_moves(session.tree, line)
    session.line_path = session.tree.continuation(kept)
    if cursor > len(kept):
        goto(session, len(kept))
    return state(session)
