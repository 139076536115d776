"""Share links, version 1: a game without variations (a record: options, seed, moves).

The encoder (:func:`pygame_core.records.encode_link`) writes this version for a game without
variations; version 2 (:mod:`pygame_core.records.v2`) adds a tree of variations on the same
token and frame.  The frame, varints and header checks both versions share are in
:mod:`pygame_core.records.frame`; this module imports only that one of its package.

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

from ..core import InvalidRecordError, check_length
from .frame import (_HEADER_KEYS, _check_cursor, _check_players, _check_view, _frame_token, _head_bytes,
                    _play_index, _read_head, _read_varint, _sorted_legal, _varint)


def encode_line_link(game, *, cursor=None, view=None, players=None) -> str:
    """A version-1 token: ``game``'s options, seed and moves (``cursor``, ``view`` and
    ``players`` as :func:`pygame_core.records.encode_link` takes them)."""
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


def decode_line_body(body: bytes) -> dict:
    """``{"record", "cursor", "view", "players"}`` of a version-1 body (the frame unpacked)."""
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
