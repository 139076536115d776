"""HexWorld board links (hexworld.org/board), both directions: :func:`to_hexworld` and
:func:`from_hexworld` (registered by :mod:`pygame_core.games.hex.formats`).

HexWorld (hexworld.org/board), source: its board script (``URLHash``/``fromURLHash``) and the
site's "About" page (Board Game Arena bookmarklet): the fragment is
``<size>[r<rot>][m][n][c<k>],<moves up to the shown position>[,<later moves>]``, moves are
concatenated without separators: a cell ``[a-z]+[1-9][0-9]*``, ``:s`` swap-pieces, ``:S``
swap-sides, ``:p`` pass, ``:rb``/``:rw`` resign (black/white), ``:fb``/``:fw`` forfeit.  Black
moves first and owns the borders along rank 1 and rank n (top-bottom), exactly like SGF, so
the same direct mapping applies.  ``r``, ``m``, ``n`` are view settings (rotation, mirrored,
numbered stones) and ``c1`` selects the red/blue colouring; they do not change the game.
Decisions: export writes ``<n>c1,<moves>`` as the spec asks (note that HexWorld's red/blue
palette draws the first player, our Blue, in red — pass ``red_blue=False`` for its default
black/white); import reads the whole move list (both the part before and after the shown
position), ignores view settings, and rejects non-square sizes, pass and illegal moves instead
of silently truncating as HexWorld does.

Hostile input: the reader is one left-to-right pass, linear in its input, and refuses up front a
link over :data:`MAX_HEXWORLD_CHARS` characters and more moves than :meth:`HexGame.max_moves`
allows.
"""

from __future__ import annotations

import re

from ...core import InvalidRecordError
from .notation import MAX_DIGITS, Converter, as_hex_game, build_record, check_size, read_cell, snip

MAX_HEXWORLD_CHARS = 20_000   # a full 26x26 game is under 3,000 characters (URL included)


def to_hexworld(game_or_record, *, red_blue: bool = True) -> str:
    """The HexWorld board fragment of a Hex game, without the site address or ``#``.

    ``"11c1,f6:se7"``: size, ``c1`` (HexWorld's red/blue colouring; ``red_blue=False`` leaves
    it out), a comma, then the moves run together (``:s`` = swap pieces).  A caller may prefix
    any base URL, e.g. HexWorld's board page (``hex_formats.HEXWORLD_BOARD``).
    """
    game = as_hex_game(game_or_record)
    moves = "".join(":s" if m.is_swap else str(m) for m in game.history)
    head = f"{game.size}{'c1' if red_blue else ''}"
    return f"{head},{moves}" if moves else head


# --------------------------------------------------------------------------- HexWorld reading
_HW_SIZE = re.compile(r"([0-9]{1,%d})(?:x([0-9]{1,%d}))?" % (MAX_DIGITS, MAX_DIGITS))
_HW_PARAM = re.compile(r"[a-z][0-9]{0,%d}" % MAX_DIGITS)
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
            f"not a HexWorld link: too many ',' in {snip(frag)} (expected <size>,<moves>[,<moves>])")
    head = parts[0]
    size = 11                                   # HexWorld's default when no size is given
    m = _HW_SIZE.match(head)
    if m:
        if m.group(2) is not None and m.group(2) != m.group(1):
            raise InvalidRecordError(
                f"HexWorld board {m.group(0)}: only square Hex boards are supported")
        size = check_size(m.group(1), "HexWorld size")
        rest = head[m.end():]
    elif head and head[0].isdigit():
        raise InvalidRecordError(f"HexWorld size: bad board size in {snip(head)}")
    else:
        rest = head
    pos = 0
    while pos < len(rest):
        p = _HW_PARAM.match(rest, pos)
        if not p:
            raise InvalidRecordError(
                f"not a HexWorld link: cannot read the settings {snip(head)} "
                "(expected a size then options like r10, m, n, c1)")
        pos = p.end()

    conv = Converter(size, "HexWorld")
    moves: list[tuple[str, object]] = []
    moves_text = "".join(parts[1:])
    pos = 0
    k = 0
    while pos < len(moves_text):
        mm = _HW_MOVE.match(moves_text, pos)
        k += 1
        if not mm and moves_text.startswith(":", pos):
            raise InvalidRecordError(
                f"HexWorld move {k}: unknown special move {snip(moves_text[pos:pos + 4])} "
                "(HexWorld writes :s, :S, :p, :rb, :rw, :fb, :fw)")
        if not mm:
            raise InvalidRecordError(
                f"HexWorld move {k}: cannot read {snip(moves_text[pos:pos + 20])} "
                "(expected a cell like f6 or :s)")
        token = mm.group(0)
        pos = mm.end()
        if token.startswith(":"):
            if token == ":p":
                raise InvalidRecordError(f"HexWorld move {k} (:p): pass is not a move in Hex")
            move = conv.add(k, None, _HW_SPECIAL[token], None, token)
        else:
            move = conv.add(k, None, "cell", read_cell(token, size, f"HexWorld move {k}", False), token)
        if move is not None:
            moves.append(move)
    return build_record(size, conv.has_swap, moves, "HexWorld")
