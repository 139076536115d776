"""Hex SGF files (FF[4] ``GM[11]``), both directions: :func:`to_sgf` and :func:`from_sgf`
(registered by :mod:`pygame_core.games.hex.formats`, which also says how our Hex is laid out).

SGF for Hex (FF[4] GM[11]), sources: the SGF Hex page, red-bean.com/sgf/hex.html ("Black tries
to connect the top and bottom of the board; White tries to connect the left and right sides";
"The default first player is Black"; cells are a column letter plus a row number, ``a1``, case
insensitive, columns after ``z`` are ``aa``, ``ab``...; ``SZ[n]`` or ``SZ[columns:rows]``,
default 11; special moves ``swap-pieces``, ``swap-sides``, ``resign``, ``forfeit``, e.g.
``W[swap-pieces]``; rules may be given in ``RU[]``) and HexGui's reader/writer
(github.com/ryanbhayward/hexgui and jakubpawlewicz/hexgui, ``src/hexgui/sgf/SgfReader.java``,
``SgfWriter.java``, ``hex/HexPoint.java``:
writes ``(;FF[4]AP[HexGui..]GM[11]SZ[n];B[a1];W[swap-pieces]...)``, reads ``swap`` as
``swap-pieces``, also reads Little Golem's Go-style two-letter cells ``aa`` = a1, rejects
``GM`` other than 11, accepts files without ``GM``).  So the mapping is direct:

* ``B`` = Black = first player = top-bottom = our **Blue**; ``W`` = White = our **Red**.  Cells
  are identical (no transposition), so the position is the same cell for cell, and a game Blue
  wins here is a Black (first-player) win there.  Export writes ``RE[B+]``/``RE[W+]`` when the
  game is over.
* Our ``swap`` *is* ``swap-pieces`` (the stone is mirrored and changes colour, the swapper
  then plays White): exported as ``W[swap-pieces]``.
* ``swap-sides`` (the stone stays, the players exchange colours; HexWorld's code: after it the
  swapper's colour moves again) is the same game seen in the mirror of the long diagonal, so
  it is imported as our ``swap`` with every later cell transposed ``(x, y) -> (y, x)``.  The
  position after import is the mirror image of the file's, with the same players winning.
* A file whose first move is by ``W`` (Little Golem exports start with ``W``) has White (left-
  right) moving first; it is imported mirrored in the same way, so the first player is Blue.
  (Little Golem's own edge conventions were not confirmed from a primary source; such files
  are read by the SGF page's meaning of ``B`` and ``W``.)
* ``swap`` (HexGui / Little Golem) is read as ``swap-pieces``, as HexGui reads it.
* Colour letters must alternate (the swap move counts as a turn; after ``swap-sides`` the
  swapper's colour moves again), line by line.  ``resign``/``forfeit`` may only end a line and
  are dropped (a Boardwright record has no resignation); ``pass`` is rejected (no passing in Hex).
* Missing ``GM`` is accepted (Little Golem omits it); ``GM`` other than 11 is rejected.  Boards
  must be square, 2..26.  Setup properties ``AB``/``AW``/``AE`` are rejected (a record starts
  from the empty board), in variations too.  All other properties (``C``, ``PB``, ``DT``...)
  are ignored, and so are the nodes without a move.
* Variations (FF[4] game-tree syntax, as HexGui and Sabaki read and write it): ``(;root;B[..]
  ;W[..](;B[..]...)(;B[..]...))``, the first subtree at every branch on the main line.  Import
  reads the whole first game tree of the file (later ones are checked, not read) into the
  record's ``tree`` (:mod:`pygame_core.tree`'s JSON form; variations at the root, nested ones
  and swaps in them too), with ``moves`` its main line; each line is converted and checked on
  its own, and an error names the move number on its line and, off the main line, the
  variation (numbered in file order) and the character where it starts.  Two variations that
  play the same move at the same point become one line.  Export writes a record's ``tree``
  the same way, main line first; a record without one is written as a single line.
* Swap rule: imported as on when a line contains a swap move, or when the root's ``RU``
  mentions ``swap`` or ``pie`` (the spec leaves ``RU`` values free; we write ``RU[swap]`` for
  games with the swap option on, so an unplayed swap option survives a round trip).

Hostile input: the reader is one left-to-right pass, linear in its input, with no backtracking
pattern over untrusted text; it refuses up front (with a clear message) a text over
:data:`MAX_SGF_CHARS` characters, more than :data:`MAX_SGF_NODES` nodes
(:data:`MAX_SGF_MAIN_LINE` on a line), variations nested more than
:data:`pygame_core.tree.MAX_NESTING` deep, a property value over :data:`MAX_SGF_VALUE`
characters and more moves than :meth:`HexGame.max_moves` allows (:mod:`.sgf_parse`).
"""

from __future__ import annotations

import re

from ...core import GameError, InvalidRecordError, replay_moves
from ...tree import MAX_NESTING, GameTree, Node, record_tree
from .rules import HexGame
from .notation import (SNIP, Converter, build_record, check_move_count, check_size, hex_record,
                           read_cell)
from .sgf_parse import (MAX_SGF_CHARS, MAX_SGF_MAIN_LINE, MAX_SGF_NODES, MAX_SGF_VALUE,
                            SgfTree, parse_sgf)

__all__ = ["to_sgf", "from_sgf", "MAX_SGF_CHARS", "MAX_SGF_NODES", "MAX_SGF_MAIN_LINE", "MAX_SGF_VALUE"]

_NODES_PER_LINE = 10  # moves written on one line of the file


# --------------------------------------------------------------------------- writing
def _winner_letter(game: HexGame) -> str | None:
    if not game.is_over or not game.winners:
        return None
    return "B" if game.winners[0] == 0 else "W"


def to_sgf(game_or_record) -> str:
    """SGF (FF[4] GM[11]) text of a Hex game: Blue is Black (``B``), Red is White (``W``).  A
    record with a ``tree`` of several lines is written with its variations, main line first."""
    game, record = hex_record(game_or_record)
    tree = record_tree(record, game)[0]  # one line without a tree; else checked against the game
    main = tree.main_line()
    if main != game.moves:
        game = replay_moves(HexGame, game.options, game.seed, main)
    try:
        from ... import __version__ as version
    except ImportError:  # pragma: no cover
        version = "?"
    root = f";FF[4]GM[11]CA[UTF-8]AP[Boardwright:{version}]SZ[{game.size}]"
    if game.options["swap"]:
        root += "RU[swap]"
    result = _winner_letter(game)
    if result:
        root += f"RE[{result}+]"
    return _write_tree("(" + root, tree, game) + ")\n"


def _write_tree(head: str, tree: GameTree, game: HexGame) -> str:
    """``head`` then the moves of ``tree`` in SGF: a line of moves while there is one move at a
    time, then each next move's line in parentheses, the first child (main line) first.
    Iterative; ten moves to a line of text and each variation on a line of its own."""
    out, on_line = [head], _NODES_PER_LINE

    def write(node: Node, depth: int) -> None:
        nonlocal on_line
        if on_line == _NODES_PER_LINE:
            out.append("\n")
            on_line = 0
        move = game.parse_move(node.move)
        out.append(f";{'BW'[depth % 2]}[{'swap-pieces' if move.is_swap else move}]")
        on_line += 1

    stack: list = [(tree.root, 0)]  # (node, moves before it); None: close a variation
    while stack:
        item = stack.pop()
        if item is None:
            out.append(")")
            continue
        node, depth = item
        if node is not tree.root:  # a variation: "(" and its first move
            out.append("\n(")
            on_line = 0
            write(node, depth)
            depth += 1
        while len(node.children) == 1:
            node = node.children[0]
            write(node, depth)
            depth += 1
        if len(node.children) > 1:
            for child in reversed(node.children):
                stack += [None, (child, depth)]
    return "".join(out)


# --------------------------------------------------------------------------- reading
_SWAP_WORDS = {"swap-pieces": "swap-pieces", "swap": "swap-pieces", "swap-sides": "swap-sides",
               "resign": "end", "forfeit": "end"}
_GAME_NAMES = {"1": "Go", "2": "Othello", "3": "chess", "4": "Gomoku", "5": "Nine Men's Morris",
               "6": "Backgammon", "7": "Chinese chess", "8": "Shogi", "9": "Lines of Action",
               "10": "Ataxx", "12": "Jungle", "13": "Neutron", "14": "Philosopher's Football",
               "15": "Quadrature", "16": "Trax", "17": "Tantrix", "18": "Amazons",
               "19": "Octi", "20": "Gess", "21": "Twixt", "22": "Zertz", "23": "Plateau",
               "24": "Yinsh", "25": "Punct", "26": "Gobblet", "27": "hive", "28": "Exxit",
               "29": "Hnefatal", "30": "Kuba", "31": "Tripples", "32": "Chase",
               "33": "Tumbling Down", "34": "Sahara", "35": "Byte", "36": "Focus",
               "37": "Dvonn", "38": "Tamsk", "39": "Gipf", "40": "Kropki"}


def from_sgf(text: str) -> dict:
    """Read an SGF Hex game into a Boardwright record (see the module notes): ``moves`` is the
    main line; a file with variations also gives the record a ``tree``
    (:mod:`pygame_core.tree`'s JSON form)."""
    if not isinstance(text, str):
        raise InvalidRecordError("SGF input must be text")
    sgf = parse_sgf(text)
    size, swap_rule = _root_options(sgf.props[0])
    moves, has_swap, main_count = _convert(sgf, size)
    swap = swap_rule or has_swap
    check_move_count(size, swap, main_count, "SGF")
    tree = _play(sgf, moves, HexGame(seed=0, size=size, swap=swap))
    main = tree.main_line()
    record = build_record(size, swap, [(m, m) for m in main], "SGF")
    if tree.size() > len(main):
        record["tree"] = tree.to_json()
    return record


def _root_options(props) -> tuple[int, bool]:
    """The board size and the swap rule of the root node's properties (FF, GM, SZ, RU)."""
    root = dict()
    for ident, values in props:
        root.setdefault(ident, values)
    if "FF" in root:
        ff = root["FF"][0].strip()
        if not re.fullmatch(r"[1-4]", ff):
            raise InvalidRecordError(f"unsupported SGF version FF[{ff[:10]}] (expected 1 to 4)")
    if "GM" in root:
        gm = root["GM"][0].strip()
        if gm != "11":
            name = _GAME_NAMES.get(gm)
            raise InvalidRecordError(
                f"not a Hex game: GM[{gm[:10]}]{' is ' + name if name else ''} (Hex is GM[11])")
    size = 11
    if "SZ" in root:
        sz = root["SZ"][0].strip()
        if ":" in sz:
            cols, _, rows = sz.partition(":")
            cols_n = check_size(cols.strip(), "SZ")
            rows_n = check_size(rows.strip(), "SZ")
            if cols_n != rows_n:
                raise InvalidRecordError(f"SZ[{sz[:SNIP]}]: only square Hex boards are supported, "
                                         f"not {cols_n}x{rows_n}")
            size = cols_n
        else:
            size = check_size(sz, "SZ")
    swap_rule = False
    for value in root.get("RU", []):
        low = value.lower()
        if "swap" in low or "pie" in low:
            swap_rule = True
    return size, swap_rule


def _convert(sgf: SgfTree, size: int) -> tuple[list, bool, int]:
    """Pass 1, no game yet: every node's move as ours, ``((label, (x, y) | "swap") | None, k)``
    (``None``: resign/forfeit; ``k``: its move number on its line) or ``None`` for a node
    without a move; whether any line swaps; the number of moves on the main line.  Colours,
    swap kinds and mirroring are followed line by line (a variation copies the state of its
    line where it branches off); main line first, so its errors come first."""
    out: list = [None] * len(sgf.props)
    has_swap, main_count = False, 0
    # (node, the converter of its line, whether that converter is this node's own (the last
    # child's; the others copy it when their turn comes, before the owner changes it), moves before)
    stack = [(0, Converter(size, "SGF"), True, 0)]
    while stack:
        i, conv, owned, k = stack.pop()
        conv = conv if owned else conv.copy()
        node, at = sgf.props[i], sgf.where(i)
        colours = [(ident, values) for ident, values in node if ident in ("B", "W")]
        setup = [ident for ident, _ in node if ident in ("AB", "AW", "AE")]
        if setup:
            raise InvalidRecordError(f"SGF setup stones ({setup[0]}[...]){at} are not supported: "
                                     "a game must start from the empty board")
        if colours:
            k += 1
            if len(colours) > 1:
                raise InvalidRecordError(
                    f"SGF move {k}{at}: one node holds two moves ({colours[0][0]} and {colours[1][0]})")
            colour, values = colours[0]
            if len(values) > 1:
                raise InvalidRecordError(f"SGF move {k}{at}: {colour}[...] has {len(values)} values, expected one")
            raw = values[0]
            value = raw.strip().lower()
            label = f"{colour}[{raw[:SNIP]}]"
            if value in ("", "pass", "tt"):
                raise InvalidRecordError(f"SGF move {k} ({label}){at}: pass is not a move in Hex")
            kind = _SWAP_WORDS.get(value)
            cell = read_cell(raw.strip(), size, f"SGF move {k}{at}", True) if kind is None else None
            move = conv.add(k, colour, kind or "cell", cell, label, at)
            out[i] = (move, k)
            has_swap = has_swap or (move is not None and move[1] == "swap")
            main_count += move is not None and not sgf.variation[i]
        kids = sgf.children[i]
        stack += [(kid, conv, j == 0, k) for j, kid in enumerate(reversed(kids))]
    return out, has_swap, main_count


def _play(sgf: SgfTree, moves: list, game: HexGame) -> GameTree:
    """Pass 2: play every line from ``game`` (the start), main line first, into a
    :class:`GameTree`.  A game state is copied only when a branch's turn comes (the last branch
    takes its parent's), so memory stays one state per open branch point.  Two variations with
    the same move are one line in the tree."""
    tree = GameTree()
    known: dict[tuple[int, str], tuple[Node, int]] = {}   # (id(parent), move) -> (child, its nesting)
    stack = [(0, game, True, tree.root, 0)]  # (node, game before it, owned, tree node, nesting)
    while stack:
        i, state, owned, at, nesting = stack.pop()
        if moves[i] is not None and moves[i][0] is not None:
            state = state if owned else state.clone()
            (label, move), k = moves[i]
            try:
                value = state.play("swap" if move == "swap" else move)
            except GameError as exc:
                raise InvalidRecordError(f"SGF move {k} ({label}){sgf.where(i)} is illegal here: {exc}") from None
            text = state.format_move(value)
            if (id(at), text) not in known:
                child = Node(text, at)
                known[id(at), text] = child, nesting + (1 if at.children else 0)
                at.children.append(child)
            at, nesting = known[id(at), text]
            if nesting > MAX_NESTING:
                raise InvalidRecordError(f"SGF move {k} ({label}){sgf.where(i)}: variations can be "
                                         f"nested at most {MAX_NESTING} deep")
            owned = True
        kids = sgf.children[i]
        stack += [(kid, state, owned and j == 0, at, nesting) for j, kid in enumerate(reversed(kids))]
    return tree
