"""A game record with variations: a tree of move texts (engine side).

Each node is a move; a node's first child continues the main line, the others are variations.
Positions are named by *paths*: the list of child indexes from the root (``[]`` the start,
``[0, 0, 1]`` the second choice for the third move).  The tree only holds texts; validity comes
from the game (:func:`build`), which replays every line once: the work is one ``play`` per
node plus one ``clone`` per branch point.

JSON form (``to_json``/``from_json``), PGN-like: the main line as a list of move texts, where a
list right after a move is a variation *replacing that move* (its own main line, which may
carry variations the same way)::

    ["c3", "b3", ["d2", "e1"], "a1"]      # after c3: b3 then a1 (main), or d2 then e1

A flat list of texts (an ordinary record's moves) is a tree with one line.
"""
from __future__ import annotations

from .core import GameError, InvalidRecordError, check_length, quote

MAX_NODES = 100_000  # every node is a replayed move: a bound on the work of reading a tree
MAX_NESTING = 100  # variations inside variations (JSON nesting stays far from any recursion limit)


class Node:
    __slots__ = ("move", "children", "parent")

    def __init__(self, move: str | None, parent: "Node | None" = None):
        self.move = move
        self.parent = parent
        self.children: list[Node] = []

    def child(self, move: str) -> "Node | None":
        return next((c for c in self.children if c.move == move), None)


class GameTree:
    """Move texts in a tree.  ``add(path, move)`` plays a move at a position (an existing
    child is reused, else a variation is added); ``promote`` and ``delete`` edit it."""

    def __init__(self, moves: list[str] | None = None):
        self.root = Node(None)
        node = self.root
        for m in moves or []:
            node = self._append(node, m)

    @staticmethod
    def _append(node: Node, move: str) -> Node:
        child = Node(move, node)
        node.children.append(child)
        return child

    # ---- positions ---------------------------------------------------------------------
    def node(self, path: list[int]) -> Node:
        node = self.root
        for depth, i in enumerate(path):
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(node.children):
                raise InvalidRecordError(f"no move {quote(i)} at depth {depth + 1} of the tree")
            node = node.children[i]
        return node

    @staticmethod
    def path_of(node: Node) -> list[int]:
        path = []
        while node.parent is not None:
            path.append(node.parent.children.index(node))
            node = node.parent
        return path[::-1]

    def line(self, path: list[int]) -> list[str]:
        """The moves from the start to the position ``path``."""
        node, out = self.root, []
        for i in path:
            node = node.children[i]
            out.append(node.move)
        return out

    def continuation(self, path: list[int]) -> list[int]:
        """``path`` followed to the end of its line (first children): what "redo" walks."""
        node, out = self.node(path), list(path)
        while node.children:
            node = node.children[0]
            out.append(0)
        return out

    def main_line(self) -> list[str]:
        return self.line(self.continuation([]))

    def size(self) -> int:
        count, stack = 0, [self.root]
        while stack:
            n = stack.pop()
            count += len(n.children)
            stack.extend(n.children)
        return count

    # ---- edits -------------------------------------------------------------------------
    def add(self, path: list[int], move: str) -> list[int]:
        """Play ``move`` at ``path``: the existing child with that text, else a new variation
        (the first child if there was none). Returns the new position's path."""
        node = self.node(path)
        child = node.child(move)
        if child is None:
            if node.children and self.nesting(path) >= MAX_NESTING:
                raise InvalidRecordError(f"variations can be nested at most {MAX_NESTING} deep")
            child = self._append(node, move)
        return path + [node.children.index(child)]

    def promote(self, path: list[int]) -> list[int]:
        """Make the line through ``path`` the main line at every branch point on the way.
        Returns the position's new path (all zeros)."""
        node = self.node(path)
        while node.parent is not None:
            siblings = node.parent.children
            siblings.remove(node)
            siblings.insert(0, node)
            node = node.parent
        return [0] * len(path)

    def delete(self, path: list[int]) -> list[int]:
        """Remove the move at ``path`` and everything after it. Returns its parent's path."""
        if not path:
            raise InvalidRecordError("the start of the game cannot be deleted")
        node = self.node(path)
        node.parent.children.remove(node)
        return path[:-1]

    # ---- JSON --------------------------------------------------------------------------
    def to_json(self) -> list:
        result: list = []
        stack = [(self.root, result)]  # each list is filled by one entry (no recursion)
        while stack:
            node, out = stack.pop()
            while node.children:
                first = node.children[0]
                out.append(first.move)
                for alt in node.children[1:]:
                    sub = [alt.move]
                    out.append(sub)
                    stack.append((alt, sub))
                node = first
        return result

    @staticmethod
    def nesting(path: list[int]) -> int:
        """How many variations deep the position is (branches off a first child)."""
        return sum(1 for i in path if i)

    @classmethod
    def from_json(cls, data) -> "GameTree":
        """The tree of a JSON form (see the module docstring); ``InvalidRecordError`` for
        anything else, in time linear in its size (no recursion: deep nesting is fine)."""
        if not isinstance(data, list):
            raise InvalidRecordError("a move tree is a list of move texts and variations (lists)")
        tree = cls()
        count = 0
        # a stack of (items, index, the node the next move hangs on, the node of the last move)
        stack = [(data, 0, tree.root, None)]
        if _depth(data) > MAX_NESTING:
            raise InvalidRecordError(f"variations can be nested at most {MAX_NESTING} deep")
        while stack:
            items, i, at, last = stack.pop()
            while i < len(items):
                item = items[i]
                i += 1
                count += 1
                if count > MAX_NODES:
                    raise InvalidRecordError(f"the move tree has more than {MAX_NODES:,} moves")
                if isinstance(item, str):
                    last = tree._append(at, item)
                    at = last
                elif isinstance(item, list):
                    if last is None:
                        raise InvalidRecordError("a variation must follow the move it replaces")
                    if not item or not isinstance(item[0], str):
                        raise InvalidRecordError("a variation starts with a move text")
                    stack.append((items, i, at, last))  # go on here after the variation
                    stack.append((item, 0, last.parent, None))
                    break
                else:
                    raise InvalidRecordError(f"a move tree holds move texts and lists, not {quote(item)}")
        return tree


def _depth(data: list) -> int:
    """The nesting depth of lists in ``data`` (iterative, linear)."""
    deepest, stack = 0, [(data, 0)]
    while stack:
        items, d = stack.pop()
        deepest = max(deepest, d)
        stack.extend((x, d + 1) for x in items if isinstance(x, list))
    return deepest


def build(game, tree: GameTree) -> dict:
    """Check every line of ``tree`` from ``game`` (a new game: its options and seed); raise
    ``InvalidRecordError`` naming the first bad move, else return ``{"nodes": n}``.  Each line
    is checked against the game's length bound before it is played."""
    if tree.size() > MAX_NODES:
        raise InvalidRecordError(f"the move tree has more than {MAX_NODES:,} moves")
    stack = [(tree.root, game, 0)]
    nodes = 0
    while stack:
        node, state, depth = stack.pop()
        check_length(state, depth + (1 if node.children else 0))
        for k, child in enumerate(node.children):
            trial = state if k == len(node.children) - 1 else state.clone()
            try:
                trial.play(child.move)
            except GameError as exc:  # name the move and its line
                path = GameTree.path_of(child)
                raise InvalidRecordError(f"move {depth + 1} ({quote(child.move, 24)}) of the line "
                                         f"{' '.join(tree.line(path)[:-1][-3:]) or 'from the start'}... "
                                         f"cannot be played: {exc}") from None
            nodes += 1
            stack.append((child, trial, depth + 1))
    return {"nodes": nodes}


def record_tree(record, game) -> tuple[GameTree, list[int]]:
    """The variation tree of a record (its ``tree``, checked with :func:`build` against a new
    game of ``game``'s options and seed) and the path of ``game``'s moves (the record's current
    line) in it, continued to the end of that line; a record without a tree is one line.
    ``InvalidRecordError`` if the tree is bad or the moves are not one of its lines."""
    moves = game.moves
    data = record.get("tree") if isinstance(record, dict) else None
    if data is None:
        return GameTree(moves), [0] * len(moves)
    tree = GameTree.from_json(data)
    build(type(game)(seed=game.seed, **game.options), tree)
    path, node = [], tree.root
    for text in moves:
        child = node.child(text)
        if child is None:
            raise InvalidRecordError("the record's moves are not a line of its tree")
        path.append(node.children.index(child))
        node = child
    return tree, tree.continuation(path)
