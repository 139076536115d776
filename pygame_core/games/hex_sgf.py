"""Hex SGF files (FF[4] ``GM[11]``), both directions: :func:`to_sgf` and :func:`from_sgf`
(registered by :mod:`pygame_core.games.hex_formats`, which also says how our Hex is laid out).

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
  swapper's colour moves again).  ``resign``/``forfeit`` may only end the main line and are
  dropped (a Boardwright record has no resignation); ``pass`` is rejected (no passing in Hex).
* Missing ``GM`` is accepted (Little Golem omits it); ``GM`` other than 11 is rejected.  Boards
  must be square, 2..26.  Setup properties ``AB``/``AW``/``AE`` are rejected (a record starts
  from the empty board).  All other properties (``C``, ``PB``, ``DT``...) are ignored;
  variations are skipped (the main line is the first child at every branch).
* Swap rule: imported as on when the main line contains a swap move, or when the root's ``RU``
  mentions ``swap`` or ``pie`` (the spec leaves ``RU`` values free; we write ``RU[swap]`` for
  games with the swap option on, so an unplayed swap option survives a round trip).

Hostile input: the reader is one left-to-right pass, linear in its input, with no backtracking
pattern over untrusted text; it refuses up front (with a clear message) a text over
:data:`MAX_SGF_CHARS` characters, more than :data:`MAX_SGF_NODES` nodes
(:data:`MAX_SGF_MAIN_LINE` on the main line), a property value over :data:`MAX_SGF_VALUE`
characters and more moves than :meth:`HexGame.max_moves` allows.
"""

from __future__ import annotations

import re

from ..core import InvalidRecordError
from .hex import MAX_SIZE, HexGame
from .hex_notation import SNIP, Converter, as_hex_game, build_record, check_size, read_cell, snip

# Caps on what the importer reads (checked before or while parsing, so a hostile text costs
# little).
MAX_SGF_CHARS = 1_000_000     # a real Hex SGF is a few KB; comments and variations fit easily
MAX_SGF_NODES = 100_000       # every node of the file, variations included
MAX_SGF_MAIN_LINE = MAX_SIZE * MAX_SIZE + 16  # root + every cell + a swap + resign, and spare
MAX_SGF_VALUE = 100_000       # characters of one property value (a long comment still fits)


def _winner_letter(game: HexGame) -> str | None:
    if not game.is_over or not game.winners:
        return None
    return "B" if game.winners[0] == 0 else "W"


def to_sgf(game_or_record) -> str:
    """SGF (FF[4] GM[11]) text of a Hex game: Blue is Black (``B``), Red is White (``W``)."""
    game = as_hex_game(game_or_record)
    try:
        from .. import __version__ as version
    except ImportError:  # pragma: no cover
        version = "?"
    root = f";FF[4]GM[11]CA[UTF-8]AP[Boardwright:{version}]SZ[{game.size}]"
    if game.options["swap"]:
        root += "RU[swap]"
    result = _winner_letter(game)
    if result:
        root += f"RE[{result}+]"
    nodes = []
    for i, move in enumerate(game.history):
        colour = "BW"[i % 2]
        nodes.append(f";{colour}[{'swap-pieces' if move.is_swap else move}]")
    lines = ["(" + root]
    for start in range(0, len(nodes), 10):
        lines.append("".join(nodes[start:start + 10]))
    return "\n".join(lines) + ")\n"


# --------------------------------------------------------------------------- SGF reading
_IDENT = re.compile(r"[A-Za-z]+")
_VALUE_RUN = re.compile(r"[^\]\\]*")
_SPACE_RUN = re.compile(r"\s*")


def _sgf_main_line(text: str) -> list[list[tuple[str, list[str]]]]:
    """Parse SGF text; return the main line as a list of nodes, a node = [(ident, values)].

    Iterative (no recursion), one left-to-right pass (linear in the text; runs of white space
    and value text are skipped by simple regex runs), validates the bracket structure of the
    whole collection.  Refuses, as soon as it sees them, a text over :data:`MAX_SGF_CHARS`,
    more than :data:`MAX_SGF_NODES` nodes (:data:`MAX_SGF_MAIN_LINE` on the main line) and a
    property value over :data:`MAX_SGF_VALUE` characters.
    """
    n = len(text)
    if n > MAX_SGF_CHARS:
        raise InvalidRecordError(
            f"the SGF text is too long ({n:,} characters; at most {MAX_SGF_CHARS:,} are read): "
            "a Hex game file is a few thousand")
    i = 0
    if text.startswith("\ufeff"):
        i = 1
    i = _SPACE_RUN.match(text, i).end()
    if i >= n:
        raise InvalidRecordError("not an SGF file: the text is empty")
    if text[i] != "(":
        raise InvalidRecordError(f"not an SGF file: it must start with '(' (found {snip(text[i:i + 20])})")

    main: list[list[tuple[str, list[str]]]] = []
    # stack of open game trees: True if the tree is on the main line and still collecting
    stack: list[bool] = []
    trees_done = 0                    # finished top-level game trees
    children_seen: list[int] = []     # per open tree: number of child trees started
    collecting = False                # are nodes currently appended to the main line?
    nodes_in_tree: list[int] = []
    nodes_total = 0
    while True:
        i = _SPACE_RUN.match(text, i).end()
        if i >= n:
            break
        ch = text[i]
        if ch == "(":
            if stack:
                if nodes_in_tree[-1] == 0:
                    raise InvalidRecordError(f"bad SGF at character {i}: a game tree must start with a node ';'")
                parent_main = stack[-1]
                on_main = parent_main and children_seen[-1] == 0
                children_seen[-1] += 1
            else:
                on_main = trees_done == 0
            stack.append(on_main)
            children_seen.append(0)
            nodes_in_tree.append(0)
            collecting = on_main
            i += 1
        elif ch == ")":
            if not stack:
                raise InvalidRecordError(f"bad SGF at character {i}: unbalanced ')'")
            if nodes_in_tree[-1] == 0:
                raise InvalidRecordError(f"bad SGF at character {i}: empty game tree '()'")
            stack.pop()
            children_seen.pop()
            nodes_in_tree.pop()
            collecting = False
            if not stack:
                trees_done += 1
            i += 1
        elif ch == ";":
            if not stack:
                raise InvalidRecordError(f"bad SGF at character {i}: node ';' outside a game tree")
            if children_seen[-1]:
                raise InvalidRecordError(f"bad SGF at character {i}: node ';' after a variation")
            nodes_in_tree[-1] += 1
            nodes_total += 1
            if nodes_total > MAX_SGF_NODES:
                raise InvalidRecordError(
                    f"bad SGF at character {i}: more than {MAX_SGF_NODES:,} nodes ';' (a Hex game file "
                    "has one per move)")
            node: list[tuple[str, list[str]]] = []
            if collecting:
                if len(main) >= MAX_SGF_MAIN_LINE:
                    raise InvalidRecordError(
                        f"bad SGF at character {i}: the game has more than {MAX_SGF_MAIN_LINE:,} nodes "
                        f"';', more than any Hex game (at most {MAX_SIZE}x{MAX_SIZE} moves and a swap)")
                main.append(node)
            i += 1
            # properties of this node
            while True:
                i = _SPACE_RUN.match(text, i).end()
                m = _IDENT.match(text, i)
                if not m:
                    break
                ident = m.group(0)
                i = m.end()
                upper = "".join(c for c in ident if c.isupper())
                ident = upper if upper else ident.upper()     # FF[3]: lowercase letters ignored
                shown = ident if len(ident) <= 12 else ident[:12] + "..."  # for messages
                values: list[str] = []
                while True:
                    i = _SPACE_RUN.match(text, i).end()
                    if i >= n or text[i] != "[":
                        break
                    start = i
                    i += 1
                    buf = []
                    while True:
                        run = _VALUE_RUN.match(text, i)
                        if run.end() > i:
                            buf.append(run.group(0))
                            i = run.end()
                        if i - start > MAX_SGF_VALUE:
                            raise InvalidRecordError(
                                f"bad SGF at character {start}: the value of {shown}[...] is longer "
                                f"than {MAX_SGF_VALUE:,} characters")
                        if i >= n:
                            raise InvalidRecordError(
                                f"truncated SGF: the value of {shown}[...] is not closed with ']'")
                        c = text[i]
                        if c == "\\":
                            if i + 1 >= n:
                                raise InvalidRecordError(
                                    f"truncated SGF: the value of {shown}[...] is not closed with ']'")
                            nxt = text[i + 1]
                            if nxt == "\n" or nxt == "\r":           # soft line break
                                i += 2
                                if nxt == "\r" and i < n and text[i] == "\n":
                                    i += 1
                                continue
                            buf.append(nxt)
                            i += 2
                            continue
                        if c == "]":
                            i += 1
                            break
                        buf.append(c)
                        i += 1
                    values.append("".join(buf))
                if not values:
                    raise InvalidRecordError(f"bad SGF at character {i}: property {shown} has no value '[...]'")
                if collecting:
                    node.append((ident, values))
        else:
            if not stack:
                raise InvalidRecordError(
                    f"bad SGF at character {i}: unexpected text after the end of the game {snip(text[i:i + 20])}")
            raise InvalidRecordError(f"bad SGF at character {i}: unexpected {snip(text[i:i + 20])}")
    if stack:
        raise InvalidRecordError(
            f"truncated SGF: {len(stack)} game tree{'s are' if len(stack) > 1 else ' is'} not closed with ')'")
    if not main:
        raise InvalidRecordError("not an SGF game: no node ';' found")
    return main


_SWAP_WORDS = {"swap-pieces": "swap-pieces", "swap": "swap-pieces", "swap-sides": "swap-sides",
               "resign": "end", "forfeit": "end"}


def from_sgf(text: str) -> dict:
    """Read an SGF Hex game (main line) into a Boardwright record (see the module notes)."""
    if not isinstance(text, str):
        raise InvalidRecordError("SGF input must be text")
    main = _sgf_main_line(text)
    root = dict()
    for ident, values in main[0]:
        root.setdefault(ident, values)

    if "FF" in root:
        ff = root["FF"][0].strip()
        if not re.fullmatch(r"[1-4]", ff):
            raise InvalidRecordError(f"unsupported SGF version FF[{ff[:10]}] (expected 1 to 4)")
    if "GM" in root:
        gm = root["GM"][0].strip()
        if gm != "11":
            names = {"1": "Go", "2": "Othello", "3": "chess", "4": "Gomoku", "5": "Nine Men's Morris",
                     "6": "Backgammon", "7": "Chinese chess", "8": "Shogi", "9": "Lines of Action",
                     "10": "Ataxx", "12": "Jungle", "13": "Neutron", "14": "Philosopher's Football",
                     "15": "Quadrature", "16": "Trax", "17": "Tantrix", "18": "Amazons",
                     "19": "Octi", "20": "Gess", "21": "Twixt", "22": "Zertz", "23": "Plateau",
                     "24": "Yinsh", "25": "Punct", "26": "Gobblet", "27": "hive", "28": "Exxit",
                     "29": "Hnefatal", "30": "Kuba", "31": "Tripples", "32": "Chase",
                     "33": "Tumbling Down", "34": "Sahara", "35": "Byte", "36": "Focus",
                     "37": "Dvonn", "38": "Tamsk", "39": "Gipf", "40": "Kropki"}
            name = names.get(gm)
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

    conv = Converter(size, "SGF")
    k = 0
    for node in main:
        colours = [(ident, values) for ident, values in node if ident in ("B", "W")]
        setup = [ident for ident, _ in node if ident in ("AB", "AW", "AE")]
        if setup:
            raise InvalidRecordError(
                f"SGF setup stones ({setup[0]}[...]) are not supported: a game must start from the empty board")
        if not colours:
            continue
        k += 1
        if len(colours) > 1:
            raise InvalidRecordError(f"SGF move {k}: one node holds two moves ({colours[0][0]} and {colours[1][0]})")
        colour, values = colours[0]
        if len(values) > 1:
            raise InvalidRecordError(f"SGF move {k}: {colour}[...] has {len(values)} values, expected one")
        raw = values[0]
        value = raw.strip().lower()
        label = f"{colour}[{raw[:SNIP]}]"
        if value in ("", "pass", "tt"):
            raise InvalidRecordError(f"SGF move {k} ({label}): pass is not a move in Hex")
        kind = _SWAP_WORDS.get(value)
        if kind is None:
            conv.add(k, colour, "cell", read_cell(raw.strip(), size, f"SGF move {k}", True), label)
        else:
            conv.add(k, colour, kind, None, label)
    return build_record(size, swap_rule or conv.has_swap, conv.moves, "SGF")
