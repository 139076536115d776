"""Share links, version 2: a game with variations (a :class:`pygame_core.tree.GameTree`).

Same token and frame as version 1 (:mod:`pygame_core.records.v1`: ``"2." base64url(frame)``,
method, CRC-32, stored or DEFLATE; the code both share is :mod:`pygame_core.records.frame`),
another body::

    body    = seed:varint  hlen:varint  header:hlen bytes  tree
    header  = version 1's keys ("g", "o", "c", "v", "p"), plus
              "l": the line on screen, a list of child indexes from the start to the end of a
                   line (always present); "c" counts moves along it
    tree    = count:varint  child*count           the start position's moves, in tree order
    child   = move:varint  count:varint  child*count
    move    = the move's index among the sorted legal move texts there (as in version 1)

Children are in tree order (the first continues the main line).  Decoding replays every node
once (a clone per child), refuses a tree of more than ``tree.MAX_NODES`` moves or a line longer
than the game's bound before playing past it, and rebuilds the tree exactly.  The encoder
writes version 1 for a game without variations, so such links are unchanged.  This module
imports only :mod:`~pygame_core.records.frame` of its package.
"""
from __future__ import annotations

from ..core import InvalidRecordError, check_length
from ..tree import MAX_NODES, GameTree
from .frame import (_HEADER_KEYS_V2, _check_cursor, _check_players, _check_view, _frame_token, _head_bytes,
                    _play_index, _read_head, _read_varint, _sorted_legal, _varint)


def encode_tree_link(game, tree: GameTree, *, cursor=None, view=None, players=None) -> str:
    """A version-2 token: ``game``'s options and seed, ``tree``, and ``game``'s moves as the line
    on screen (they must be a line of the tree)."""
    line, node = [], tree.root
    for text in game.moves:
        child = node.child(text)
        if child is None:
            raise InvalidRecordError("the game's moves are not a line of its tree")
        line.append(node.children.index(child))
        node = child
    line = tree.continuation(line)
    body = bytearray(_head_bytes(game, cursor=cursor, view=view, players=players, l=line))
    start = type(game)(seed=game.seed, **game.options)
    stack = [(tree.root, start, None)]
    while stack:
        node, state, index = stack.pop()
        if index is not None:
            body += _varint(index)
        body += _varint(len(node.children))
        if not node.children:
            continue
        texts, by_text = _sorted_legal(state)
        items = []
        for child in node.children:
            if child.move not in by_text:
                raise InvalidRecordError(f"the tree's move {child.move!r} is not legal where it is")
            after = state.clone()
            after.play(by_text[child.move])
            items.append((child, after, texts.index(child.move)))
        stack.extend(reversed(items))  # preorder: the first child (and all under it) first
    return _frame_token(bytes(body), 2)


def decode_tree_body(body: bytes) -> dict:
    """``{"record", "tree", "cursor", "view", "players"}`` of a version-2 body: ``record`` is the
    line on screen, ``tree`` the JSON form of the whole tree."""
    game, header, pos = _read_head(body, _HEADER_KEYS_V2)
    start = type(game)(seed=game.seed, **game.options)
    tree = GameTree()
    count, pos = _read_varint(body, pos, "the number of first moves")
    frames = [[tree.root, start, count]]  # [node, its position, children still to read]
    nodes = 0
    while frames:
        frame = frames[-1]
        if frame[2] == 0:
            frames.pop()
            continue
        frame[2] -= 1
        node, state = frame[0], frame[1]
        nodes += 1
        if nodes > MAX_NODES:
            raise InvalidRecordError(f"the link's tree has more than {MAX_NODES:,} moves")
        index, pos = _read_varint(body, pos, f"move {nodes}")
        check_length(state, len(state.history) + 1)
        after = state.clone()
        text = _play_index(after, index, nodes)
        if node.child(text) is not None:
            raise InvalidRecordError(f"the link is corrupted: the move {text} appears twice at one point")
        child = GameTree._append(node, text)
        count, pos = _read_varint(body, pos, f"the number of moves after move {nodes}")
        frames.append([child, after, count])
    if pos != len(body):
        raise InvalidRecordError("the link is corrupted: data follows its tree")
    line = header.get("l")
    if not isinstance(line, list):
        raise InvalidRecordError("the link is corrupted: it does not say which line is on screen")
    node = tree.root
    for i in line:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(node.children):
            raise InvalidRecordError("the link is corrupted: its line on screen is not in its tree")
        node = node.children[i]
    if node.children:
        raise InvalidRecordError("the link is corrupted: its line on screen stops before the end of a line")
    moves = tree.line(line)
    shown = type(game)(seed=game.seed, **game.options)
    for text in moves:
        shown.play(text)
    cursor, view, players = header.get("c"), header.get("v"), header.get("p")
    _check_cursor(cursor, len(shown.history))
    _check_view(view, shown)
    _check_players(players, shown)
    return {"record": shown.record(), "tree": tree.to_json(), "cursor": cursor, "view": view, "players": players}
