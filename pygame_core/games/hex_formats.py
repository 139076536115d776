"""Hex game files: SGF (``GM[11]``) and HexWorld board links, in both directions.

API (all pure functions, standard library only)::

    to_sgf(game_or_record) -> str          # "(;FF[4]GM[11]...SZ[11];B[f6];W[swap-pieces];B[e7])"
    from_sgf(text) -> dict                 # a Boardwright record, ready for pygame_core.replay
    to_hexworld(game_or_record) -> str     # "11c1,f6:se7"  (prefix e.g. "https://hexworld.org/board/#")
    from_hexworld(text) -> dict            # fragment, "#fragment" or a whole URL
    detect_format(text) -> "sgf" | "hexworld" | None

``game_or_record`` is a :class:`~pygame_core.games.hex.HexGame` or a record (dict, or its JSON
text) of a Hex game.  The importers validate everything and raise
:class:`pygame_core.core.InvalidRecordError` with a specific message for any bad input; they
never raise anything else for a ``str``.  The record they return has been replayed through
:func:`pygame_core.core.replay` (``seed`` is 0: Hex has no chance).

Conventions found, and how they map to Boardwright
---------------------------------------------------

*Our Hex*: Blue moves first and joins the top and bottom rows (``y = 0`` and ``y = n-1``);
Red joins columns ``a`` and the last one.  Cell ``a1`` is ``(x=0, y=0)``, the letter is the
column ``x`` and the number the row ``y + 1``.  ``swap`` replaces Blue's stone at ``(x, y)``
by a Red stone at ``(y, x)`` and Blue moves next ("swap pieces").

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

HexWorld (hexworld.org/board), source: its board script (``URLHash``/``fromURLHash``) and the
site's "About" page (Board Game Arena bookmarklet): the fragment is
``<size>[r<rot>][m][n][c<k>],<moves up to the shown position>[,<later moves>]``, moves are
concatenated without separators: a cell ``[a-z]+[1-9][0-9]*``, ``:s`` swap-pieces, ``:S``
swap-sides, ``:p`` pass, ``:rb``/``:rw`` resign (black/white), ``:fb``/``:fw`` forfeit.  Black
moves first and owns the borders along rank 1 and rank n (top-bottom), exactly like SGF, so
the same direct mapping applies.  ``r``, ``m``, ``n`` are view settings (rotation, mirrored,
numbered stones) and ``c1`` selects the red/blue colouring; they do not change the game.
Decisions: export writes ``<n>c1,<moves>`` as issue 8 asks (note that HexWorld's red/blue
palette draws the first player, our Blue, in red — pass ``red_blue=False`` for its default
black/white); import reads the whole move list (both the part before and after the shown
position), ignores view settings, and rejects non-square sizes, pass and illegal moves instead
of silently truncating as HexWorld does.

Hostile input: both readers are single left-to-right passes, linear in their input, with no
backtracking pattern over untrusted text, and refuse up front (with a clear message) what no
Hex game needs: an SGF text over :data:`MAX_SGF_CHARS` characters, more than
:data:`MAX_SGF_NODES` nodes (:data:`MAX_SGF_MAIN_LINE` on the main line), a property value over
:data:`MAX_SGF_VALUE` characters, a HexWorld link over :data:`MAX_HEXWORLD_CHARS` characters,
and more moves than :meth:`HexGame.max_moves` allows.  Messages quote at most a few dozen
characters of the input.
"""

from __future__ import annotations

import json
import re

from ..core import (RECORD_VERSION, Game, GameError, InvalidRecordError, RecordFormat, quote,
                    register_format, replay)
from .hex import LETTERS, MAX_SIZE, MIN_SIZE, HexGame, cell_name

__all__ = ["to_sgf", "from_sgf", "to_hexworld", "from_hexworld", "detect_format"]

_MAX_DIGITS = 6          # longest number we ever parse (keeps int() far from its digit limit)
_SNIP = 40               # longest piece of user input quoted in a message

# Caps on what the importers read (checked before or while parsing, so a hostile text costs
# little): every reader below is a single left-to-right pass, linear in its input.
MAX_SGF_CHARS = 1_000_000     # a real Hex SGF is a few KB; comments and variations fit easily
MAX_SGF_NODES = 100_000       # every node of the file, variations included
MAX_SGF_MAIN_LINE = MAX_SIZE * MAX_SIZE + 16  # root + every cell + a swap + resign, and spare
MAX_SGF_VALUE = 100_000       # characters of one property value (a long comment still fits)
MAX_HEXWORLD_CHARS = 20_000   # a full 26x26 game is under 3,000 characters (URL included)


def _snip(text: str) -> str:
    return quote(text, _SNIP)


# --------------------------------------------------------------------------- export
def _as_hex_game(game_or_record) -> HexGame:
    """The validated Hex game behind a game object or a record (dict or JSON text)."""
    if isinstance(game_or_record, Game):
        if game_or_record.game_id != "hex":
            raise InvalidRecordError(
                f"only Hex games can be written as SGF or HexWorld links, not {quote(game_or_record.game_id)}")
        try:
            record = game_or_record.record()
        except GameError as exc:
            raise InvalidRecordError(str(exc)) from None
    else:
        record = game_or_record
        if isinstance(record, str):
            try:
                record = json.loads(record)
            except (ValueError, RecursionError) as exc:
                raise InvalidRecordError(f"the record is not valid JSON: {exc}") from None
        if not isinstance(record, dict):
            raise InvalidRecordError("expected a Hex game or a Boardwright record (a JSON object)")
        if record.get("game") != "hex":
            raise InvalidRecordError(
                f"only Hex games can be written as SGF or HexWorld links, not {quote(record.get('game'))}")
    game = replay(record)                      # validates options and every move
    if not isinstance(game, HexGame):          # pragma: no cover - "hex" is always HexGame
        raise InvalidRecordError("the record is not a Hex game")
    return game


def _winner_letter(game: HexGame) -> str | None:
    if not game.is_over or not game.winners:
        return None
    return "B" if game.winners[0] == 0 else "W"


def to_sgf(game_or_record) -> str:
    """SGF (FF[4] GM[11]) text of a Hex game: Blue is Black (``B``), Red is White (``W``)."""
    game = _as_hex_game(game_or_record)
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


def to_hexworld(game_or_record, *, red_blue: bool = True) -> str:
    """The HexWorld board fragment of a Hex game, without the site address or ``#``.

    ``"11c1,f6:se7"``: size, ``c1`` (HexWorld's red/blue colouring; ``red_blue=False`` leaves
    it out), a comma, then the moves run together (``:s`` = swap pieces).  A caller may prefix
    any base URL, e.g. ``"https://hexworld.org/board/#" + to_hexworld(game)``.
    """
    game = _as_hex_game(game_or_record)
    moves = "".join(":s" if m.is_swap else str(m) for m in game.history)
    head = f"{game.size}{'c1' if red_blue else ''}"
    return f"{head},{moves}" if moves else head


# --------------------------------------------------------------------------- shared import
_CELL = re.compile(r"([a-z]+)([0-9]+)")
_GO_CELL = re.compile(r"[a-z][a-z]")


def _column(letters: str) -> int:
    """Base-26 column label (SGF Hex / HexWorld): a..z, aa.. -> 0..25, 26.."""
    value = -1
    for ch in letters[:8]:
        value = (value + 1) * 26 + (ord(ch) - 97)
    return value if len(letters) <= 8 else 10 ** 12


def _parse_cell(text: str, size: int, where: str, go_style: bool) -> tuple[int, int]:
    """A cell ``f6`` (or, for SGF, Little Golem's ``fe``) -> ``(x, y)``, checked against the board."""
    low = text.lower()
    m = _CELL.fullmatch(low)
    if m:
        letters, digits = m.groups()
        if len(digits) > _MAX_DIGITS:
            raise InvalidRecordError(f"{where}: {_snip(text)} is off the {size}x{size} board")
        x, y = _column(letters), int(digits) - 1
    elif go_style and _GO_CELL.fullmatch(low):
        x, y = ord(low[0]) - 97, ord(low[1]) - 97
    else:
        raise InvalidRecordError(f"{where}: {_snip(text)} is not a Hex cell or move")
    if not (0 <= x < size and 0 <= y < size):
        raise InvalidRecordError(
            f"{where}: {_snip(text)} is off the {size}x{size} board "
            f"(columns a-{LETTERS[size - 1]}, rows 1-{size})")
    return x, y


def _build(size: int, swap: bool, moves: list[tuple[str, object]], source: str) -> dict:
    """Play ``moves`` (``(label, (x, y) | "swap")``) in a fresh game and return its record."""
    try:
        game = HexGame(seed=0, size=size, swap=swap)
    except GameError as exc:  # pragma: no cover - size and swap are checked before
        raise InvalidRecordError(f"{source}: bad options: {exc}") from None
    bound = HexGame.max_moves(game.options)
    if len(moves) > bound:
        raise InvalidRecordError(f"the {source} game has {len(moves):,} moves, but no {size}x{size} Hex game "
                                 f"has more than {bound:,}")
    for k, (label, move) in enumerate(moves, 1):
        try:
            game.play("swap" if move == "swap" else move)
        except GameError as exc:
            raise InvalidRecordError(f"{source} move {k} ({label}) is illegal here: {exc}") from None
    record = game.record()
    record["seed"] = 0
    replay(record)                                   # the final word on validity
    return record


class _Converter:
    """Turns a file's move list into ours: colour checks, swap kinds, mirroring."""

    def __init__(self, size: int, source: str):
        self.size = size
        self.source = source
        self.moves: list[tuple[str, object]] = []
        self.first: str | None = None       # "B" or "W": colour of the first move
        self.to_move: str | None = None
        self.mirrored = False               # True: cells are transposed on the way in
        self.has_swap = False
        self.ended = False                  # after resign / forfeit

    def add(self, k: int, colour: str | None, kind: str, value, label: str) -> None:
        """``kind`` is "cell" (value = (x, y)), "swap-pieces", "swap-sides" or "end"."""
        where = f"{self.source} move {k} ({label})"
        if self.ended:
            raise InvalidRecordError(f"{where}: there are moves after the game ended (resign/forfeit)")
        if kind == "end":
            self.ended = True
            return
        if self.first is None:
            if kind != "cell":
                raise InvalidRecordError(f"{where}: a game cannot start with a swap")
            self.first = self.to_move = colour or "B"
            self.mirrored = self.first == "W"
        if colour is not None and colour != self.to_move:
            raise InvalidRecordError(
                f"{where}: {'Black' if colour == 'B' else 'White'} moves, but it is "
                f"{'Black' if self.to_move == 'B' else 'White'}'s turn (colours must alternate)")
        if kind == "cell":
            x, y = value
            if self.mirrored:
                x, y = y, x
                label = f"{label}, mirrored to {cell_name(x, y)}"
            self.moves.append((label, (x, y)))
            self.to_move = "W" if self.to_move == "B" else "B"
        else:
            self.has_swap = True
            self.moves.append((label, "swap"))
            if kind == "swap-pieces":
                self.to_move = "W" if self.to_move == "B" else "B"
            else:                               # swap-sides: mirror from now on, same colour moves
                self.mirrored = not self.mirrored


def _check_size(text: str, where: str) -> int:
    if not re.fullmatch(r"[0-9]{1,%d}" % _MAX_DIGITS, text):
        raise InvalidRecordError(f"{where}: bad board size {_snip(text)} (expected a number {MIN_SIZE}-{MAX_SIZE})")
    n = int(text)
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise InvalidRecordError(f"{where}: board size {n} is not supported (Hex boards here are {MIN_SIZE}-{MAX_SIZE})")
    return n


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
        raise InvalidRecordError(f"not an SGF file: it must start with '(' (found {_snip(text[i:i + 20])})")

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
                    f"bad SGF at character {i}: unexpected text after the end of the game {_snip(text[i:i + 20])}")
            raise InvalidRecordError(f"bad SGF at character {i}: unexpected {_snip(text[i:i + 20])}")
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
            cols_n = _check_size(cols.strip(), "SZ")
            rows_n = _check_size(rows.strip(), "SZ")
            if cols_n != rows_n:
                raise InvalidRecordError(f"SZ[{sz[:_SNIP]}]: only square Hex boards are supported, "
                                         f"not {cols_n}x{rows_n}")
            size = cols_n
        else:
            size = _check_size(sz, "SZ")
    swap_rule = False
    for value in root.get("RU", []):
        low = value.lower()
        if "swap" in low or "pie" in low:
            swap_rule = True

    conv = _Converter(size, "SGF")
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
        label = f"{colour}[{raw[:_SNIP]}]"
        if value in ("", "pass", "tt"):
            raise InvalidRecordError(f"SGF move {k} ({label}): pass is not a move in Hex")
        kind = _SWAP_WORDS.get(value)
        if kind is None:
            conv.add(k, colour, "cell", _parse_cell(raw.strip(), size, f"SGF move {k}", True), label)
        else:
            conv.add(k, colour, kind, None, label)
    return _build(size, swap_rule or conv.has_swap, conv.moves, "SGF")


# --------------------------------------------------------------------------- HexWorld reading
_HW_SIZE = re.compile(r"([0-9]{1,%d})(?:x([0-9]{1,%d}))?" % (_MAX_DIGITS, _MAX_DIGITS))
_HW_PARAM = re.compile(r"[a-z][0-9]{0,%d}" % _MAX_DIGITS)
_HW_MOVE = re.compile(r"[a-zA-Z]+[0-9]+|:(?:rb|rw|fb|fw|[sSp])")
_HW_SPECIAL = {":s": "swap-pieces", ":S": "swap-sides", ":rb": "end", ":rw": "end",
               ":fb": "end", ":fw": "end"}


def _hexworld_fragment(text: str) -> str:
    from urllib.parse import unquote  # here, not at the top: only reading a HexWorld link needs it

    s = text.strip()
    if "#" in s:
        s = s.split("#", 1)[1]
    elif re.match(r"(?i)(https?://|www\.|hexworld\.org)", s):
        raise InvalidRecordError("the HexWorld link has no board part after '#' (like #11c1,f6e7)")
    try:
        s = unquote(s, errors="strict")
    except (UnicodeDecodeError, ValueError):
        raise InvalidRecordError("the HexWorld link contains badly escaped characters (%..)") from None
    return s.strip()


def from_hexworld(text: str) -> dict:
    """Read a HexWorld board link (``11c1,f6e7``, ``#11c1,...`` or a whole URL) into a record."""
    if not isinstance(text, str):
        raise InvalidRecordError("a HexWorld link must be text")
    if len(text) > MAX_HEXWORLD_CHARS:
        raise InvalidRecordError(
            f"the HexWorld link is too long ({len(text):,} characters; at most {MAX_HEXWORLD_CHARS:,} "
            "are read): a whole game is a few thousand")
    frag = _hexworld_fragment(text)
    if not frag:
        raise InvalidRecordError("not a HexWorld link: it is empty (expected e.g. 11c1,f6e7)")
    parts = frag.split(",")
    while len(parts) > 1 and parts[-1] == "":
        parts.pop()
    if len(parts) > 3:
        raise InvalidRecordError(
            f"not a HexWorld link: too many ',' in {_snip(frag)} (expected <size>,<moves>[,<moves>])")
    head = parts[0]
    size = 11                                   # HexWorld's default when no size is given
    m = _HW_SIZE.match(head)
    if m:
        if m.group(2) is not None and m.group(2) != m.group(1):
            raise InvalidRecordError(
                f"HexWorld board {m.group(0)}: only square Hex boards are supported")
        size = _check_size(m.group(1), "HexWorld size")
        rest = head[m.end():]
    elif head and head[0].isdigit():
        raise InvalidRecordError(f"HexWorld size: bad board size in {_snip(head)}")
    else:
        rest = head
    pos = 0
    while pos < len(rest):
        p = _HW_PARAM.match(rest, pos)
        if not p:
            raise InvalidRecordError(
                f"not a HexWorld link: cannot read the settings {_snip(head)} "
                "(expected a size then options like r10, m, n, c1)")
        pos = p.end()

    conv = _Converter(size, "HexWorld")
    moves_text = "".join(parts[1:])
    pos = 0
    k = 0
    while pos < len(moves_text):
        mm = _HW_MOVE.match(moves_text, pos)
        k += 1
        if not mm and moves_text.startswith(":", pos):
            raise InvalidRecordError(
                f"HexWorld move {k}: unknown special move {_snip(moves_text[pos:pos + 4])} "
                "(HexWorld writes :s, :S, :p, :rb, :rw, :fb, :fw)")
        if not mm:
            raise InvalidRecordError(
                f"HexWorld move {k}: cannot read {_snip(moves_text[pos:pos + 20])} "
                "(expected a cell like f6 or :s)")
        token = mm.group(0)
        pos = mm.end()
        if token.startswith(":"):
            if token == ":p":
                raise InvalidRecordError(f"HexWorld move {k} (:p): pass is not a move in Hex")
            conv.add(k, None, _HW_SPECIAL[token], None, token)
        else:
            conv.add(k, None, "cell", _parse_cell(token, size, f"HexWorld move {k}", False), token)
    return _build(size, conv.has_swap, conv.moves, "HexWorld")


# --------------------------------------------------------------------------- sniffing
_SNIFF_SGF = re.compile(r"\ufeff?\s*\(\s*;")
_SNIFF_HW = re.compile(r"#?[0-9]{1,3}(x[0-9]{1,3})?([a-z][0-9]{0,3})*(,[a-zA-Z0-9:]*){0,2},?")


def detect_format(text) -> str | None:
    """``"sgf"``, ``"hexworld"`` or ``None``: a cheap look at the text, no validation."""
    if not isinstance(text, str):
        return None
    start = _SPACE_RUN.match(text, 1 if text.startswith("\ufeff") else 0).end()  # linear, no backtracking
    head = text[start:start + 4096]
    if head.startswith("(") and _SNIFF_SGF.match(head):
        return "sgf"
    s = head.strip()
    if "hexworld.org" in s.lower():
        return "hexworld"
    if "#" in s and re.match(r"(?i)https?://", s):
        s = s.split("#", 1)[1]
    if len(text) - start <= 4096 and _SNIFF_HW.fullmatch(s.strip()) and ("," in s or "c" in s or s.startswith("#")):
        return "hexworld"
    return None


# --------------------------------------------------------------------------- registration
HEXWORLD_BOARD = "https://hexworld.org/board/#"  # a link for people to open; never fetched here

SGF = register_format(RecordFormat(
    name="sgf", game_id="hex", label="SGF", description="an SGF file of Hex", extension=".sgf",
    mime="application/x-go-sgf", export=to_sgf, parse=from_sgf,
    detect=lambda text: detect_format(text) == "sgf"))
HEXWORLD = register_format(RecordFormat(
    name="hexworld", game_id="hex", label="HexWorld link", description="a HexWorld link",
    extension=".txt", mime="text/plain", export=lambda record: HEXWORLD_BOARD + to_hexworld(record),
    parse=from_hexworld, detect=lambda text: detect_format(text) == "hexworld", link=True,
    note="Open it in HexWorld's board editor to analyse the game there."))
