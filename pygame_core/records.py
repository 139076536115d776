"""Share links: a game record packed into a short, URL-fragment-safe, versioned token.

``encode_link(record, cursor=None, view=None, players=None)`` turns a record (see
:meth:`pygame_core.core.Game.record`) into a token such as ``1.AAZ...``; the page puts it in the
URL fragment as ``#r=<token>``.  ``decode_link(token)`` turns it back into
``{"record", "cursor", "view", "players"}``, replaying every move on the way, and raises
:class:`~pygame_core.core.InvalidRecordError` with a specific message for anything wrong (and
never any other exception, whatever text it is given).

Link format, version 1 (a stored format: never change it; add a version 2 next to it instead)
=============================================================================================

Token::

    token   = "1." payload
    payload = base64url(frame)           RFC 4648 section 5 alphabet (A-Z a-z 0-9 - _), no "="
                                         padding, canonical (unused low bits of the last
                                         character are zero)

So a token only ever contains ``A-Z a-z 0-9 - _ .``: nothing a URL fragment has to escape, and no
``&``, ``=``, ``#``, ``%``, ``+`` or ``/``.  The digits before the first ``.`` are the link format
version (decimal, no leading zeros); a later version gets a new number and version-1 links keep
decoding with the version-1 reader below.

Frame (bytes)::

    frame   = method:u8  crc:u32be  data
    method  = 0: data is the body as is
              1: data is the body compressed with raw DEFLATE (zlib wbits=-15, no zlib header)
    crc     = CRC-32 (zlib.crc32, the ISO-HDLC / PNG CRC) of the *uncompressed* body
    data    = the body, stored or deflated; the encoder writes whichever frame is shorter
              (stored on a tie): move indices of big boards are nearly random bytes that DEFLATE
              cannot shrink, while tile games (few legal moves, small indices) halve.

Body (bytes)::

    body    = seed:varint  hlen:varint  header:hlen bytes  move:varint*
    header  = UTF-8 JSON object, compact (no spaces), keys in this order when present:
              "g": game id (string, always present)
              "o": the options whose values differ from the game's defaults, in the game's
                   option order (omitted when none; the reader fills in the defaults)
              "c": cursor, the number of moves shown when the link opens (omitted: at the end)
              "v": whose view the link opens: a seat index or "spectator" (omitted: not stated)
              "p": the seats, "human" or an agent name, one per player (omitted when the
                   sharer gave none); names match [A-Za-z0-9][A-Za-z0-9_.-]*, at most 40 long,
                   and whether such an agent exists is for the opener to decide
              A "spectator" view of a hidden-information game is only valid once the game (all
              the moves of the link, whatever the cursor) is over.  No other keys are allowed.
    move    = the move's index in  sorted(set(format_move(m) for m in game.legal_moves()))
              at that point of the game (Python string order, i.e. by code point); the moves run
              to the end of the body, so their count is implicit
    varint  = unsigned LEB128: 7 bits per byte, least significant group first, high bit set on
              every byte but the last; minimal (no trailing 0x00 group), at most 10 bytes

The seed is a varint rather than a JSON number because fresh seeds are 53-bit random numbers:
8 bytes instead of 16 decimal digits.  Sorting the canonical move texts makes an index
independent of the order in which a game generates its moves, so a game may reorder
``legal_moves()`` without breaking old links; only a change of the rules or of the move
notation would.  Decoding replays the game move by move, so a link can never hold an illegal
move.
"""

from __future__ import annotations

from .core import GameError, InvalidRecordError, check_length, quote, replay
from .records_frame import (MAX_BODY_BYTES, MAX_GAME_ID, MAX_PLAYER_NAME, SPECTATOR,  # noqa: F401 - importable from here
                            _HEADER_KEYS, _brief, _check_cursor, _check_players, _check_view, _frame_token,
                            _head_bytes, _play_index, _read_head, _read_varint, _sorted_legal, _unpack_v1,
                            _varint)
from .records_v2 import decode_tree_body, encode_tree_link

LINK_VERSION = 2  # the newest format this engine writes (version 1 for a game without variations)

MAX_TOKEN_CHARS = 200_000  # far more than any game needs; bounds the work a pasted text causes


# --------------------------------------------------------------------------- encoding
def encode_link(record: dict, *, cursor: int | None = None, view: int | str | None = None,
                players: list[str] | None = None, tree=None) -> str:
    """A share-link token for ``record`` (a dict or its JSON text, as :func:`replay` takes).

    ``cursor``: the number of moves shown when the link opens (``None``: all); ``view``: the
    seat whose view the link opens, or ``"spectator"`` (only for perfect-information games or
    finished ones); ``players``: the seats ("human" or agent names), stored only if given.
    ``tree``: a :class:`pygame_core.tree.GameTree` holding the record's moves as one of its lines
    (variations): with more than that line, a version-2 token (below) is written.
    Raises :class:`InvalidRecordError` if the record does not replay or an argument is bad.
    """
    game = replay(record)
    if tree is not None and tree.size() > len(game.history):
        return encode_tree_link(game, tree, cursor=cursor, view=view, players=players)
    walk = type(game)(seed=game.seed, **game.options)
    body = bytearray(_head_bytes(game, cursor=cursor, view=view, players=players))
    for text in game.moves:
        texts, by_text = _sorted_legal(walk)
        if text not in by_text:  # pragma: no cover - a game whose notation does not round-trip
            raise InvalidRecordError(
                f"move {len(walk.history) + 1} ({text}) is not among {walk.title}'s legal move texts")
        body += _varint(texts.index(text))
        walk.play(by_text[text])
    return _frame_token(bytes(body), 1)


# --------------------------------------------------------------------------- decoding
def decode_link(token: str) -> dict:
    """Read a share-link token: ``{"record", "cursor", "view", "players"}``.

    ``record`` is a full record (every option, the seed, the canonical move texts) that
    :func:`pygame_core.core.replay` accepts; ``cursor``/``view``/``players`` are ``None`` when
    the link does not state them.  Everything is checked, the moves by replaying them; any
    problem raises :class:`InvalidRecordError` with a message that says what is wrong.
    """
    try:
        return _decode(token)
    except InvalidRecordError:
        raise
    except GameError as exc:
        raise InvalidRecordError(f"the link does not hold a valid game: {_brief(exc)}") from None
    except Exception as exc:  # pragma: no cover - a safety net: only InvalidRecordError escapes
        raise InvalidRecordError(
            f"the link could not be read ({type(exc).__name__}: {quote(str(exc), 80)})") from exc


def _decode(token: str) -> dict:
    if not isinstance(token, str):
        raise InvalidRecordError("a share link must be text")
    token = token.strip(" \t\r\n")
    if not token:
        raise InvalidRecordError("the share link is empty: there is no game in it")
    if len(token) > MAX_TOKEN_CHARS:
        raise InvalidRecordError(f"the share link is too long ({len(token):,} characters; at most "
                                 f"{MAX_TOKEN_CHARS:,}) to be a game")
    version_text, dot, payload = token.partition(".")
    if not dot or not version_text.isascii() or not version_text.isdigit():
        raise InvalidRecordError(
            f"this is not a Boardwright share link: it should start with a format version "
            f"such as '{LINK_VERSION}.'")
    if len(version_text) > 1 and version_text[0] == "0":
        raise InvalidRecordError(f"the link has an unknown format version {quote(version_text)}")
    if len(version_text) > 9 or int(version_text) > LINK_VERSION:
        raise InvalidRecordError(
            f"this link was made by a newer version of Boardwright (link format {quote(version_text, 12)}; this "
            f"version reads format {LINK_VERSION}); open it with an up-to-date page")
    if int(version_text) == 2:
        return decode_tree_body(_unpack_v1(payload, len(version_text) + 1))
    if int(version_text) != 1:
        raise InvalidRecordError(f"the link has an unknown format version {quote(version_text)}")
    return _decode_v1(payload, len(version_text) + 1)


def _decode_v1(payload: str, offset: int) -> dict:
    body = _unpack_v1(payload, offset)
    game, header, pos = _read_head(body, _HEADER_KEYS)
    # the moves run to the end of the body: one varint ends at each byte without the high bit;
    # count them, and refuse a game longer than any game of these options, before replaying
    n_moves = sum(1 for b in body[pos:] if b < 0x80)
    try:
        check_length(game, n_moves)
    except InvalidRecordError as exc:
        raise InvalidRecordError(f"the link is corrupted: {exc}") from None
    k = 0
    while pos < len(body):
        k += 1
        index, pos = _read_varint(body, pos, f"move {k}")
        _play_index(game, index, k)
    cursor, view, players = header.get("c"), header.get("v"), header.get("p")
    _check_cursor(cursor, len(game.history))
    _check_view(view, game)
    _check_players(players, game)
    return {"record": game.record(), "cursor": cursor, "view": view, "players": players}
