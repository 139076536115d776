"""What both versions of share links are made of (:mod:`pygame_core.records.v1` documents the
format; :mod:`pygame_core.records.v2` adds the tree of version 2): the frame (method, CRC-32,
stored or DEFLATE, base64url), varints, the body's head (seed and JSON header, every field
checked), and a move as its index among the sorted legal move texts.

Both :mod:`~pygame_core.records.v1` and :mod:`~pygame_core.records.v2` build on this module, and
it imports neither of them (nor the package's ``__init__``).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from ..core import MAX_SEED, Game, GameError, InvalidRecordError, UnknownGameError, game_class, quote

MAX_BODY_BYTES = 1 << 18  # a DEFLATE bomb stops here (256 KiB: tens of thousands of moves)
MAX_GAME_ID = 40  # longer than any game id: a longer one is refused before any look-up
_DAMAGED = "the link is damaged (its data does not unpack); copy the whole link again"
MAX_PLAYER_NAME = 40

_METHOD_STORED, _METHOD_DEFLATE = 0, 1
_B64_CHARS = re.compile(r"[A-Za-z0-9_-]*")
_PLAYER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
_HEADER_KEYS = ("g", "o", "c", "v", "p")
_HEADER_KEYS_V2 = _HEADER_KEYS + ("l",)
SPECTATOR = "spectator"


def _brief(exc: Exception, limit: int = 200) -> str:
    """An error's message for another message: cut to about ``limit`` characters (a message
    that repeats a huge input stays short)."""
    text = str(exc)
    return text if len(text) <= limit else text[:limit] + "..."


# --------------------------------------------------------------------------- varints
def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _read_varint(data: bytes, pos: int, what: str) -> tuple[int, int]:
    """The varint at ``pos`` and the position after it; ``InvalidRecordError`` if cut off."""
    value = shift = 0
    for i in range(10):
        if pos + i >= len(data):
            raise InvalidRecordError(f"the link is truncated: {what} is cut off; copy the whole link")
        b = data[pos + i]
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            if b == 0 and i > 0:
                raise InvalidRecordError(f"the link is corrupted: {what} is badly encoded")
            return value, pos + i + 1
    raise InvalidRecordError(f"the link is corrupted: {what} is too long a number")


# --------------------------------------------------------------------------- shared checks
def _sorted_legal(game: Game) -> tuple[list[str], dict[str, Any]]:
    by_text = {}
    for m in game.legal_moves():
        by_text.setdefault(game.format_move(m), m)
    return sorted(by_text), by_text


def _whole(value: Any, low: int, high: int) -> bool:
    """Whether ``value`` is an int (not a bool) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _check_cursor(cursor: Any, n_moves: int) -> None:
    if cursor is None:
        return
    if not _whole(cursor, 0, n_moves):
        raise InvalidRecordError(
            f"the link's cursor {quote(cursor)} is out of range: it must be a move number from 0 to "
            f"{n_moves} (the game has {n_moves} moves)")


def _check_view(view: Any, game: Game) -> None:
    if view is None:
        return
    if view == SPECTATOR and isinstance(view, str):
        if game.hidden_information and not game.is_over:
            raise InvalidRecordError(
                "the link asks for a spectator view of an unfinished game with hidden hands; "
                "a spectator view (every hand shown) is only possible once the game is over")
        return
    if not _whole(view, 0, game.num_players - 1):
        raise InvalidRecordError(
            f"the link's view {quote(view)} is not valid: it must be a seat from 0 to "
            f"{game.num_players - 1} or 'spectator'")


def _check_players(players: Any, game: Game) -> None:
    if players is None:
        return
    n = game.num_players
    if not isinstance(players, list) or len(players) != n:
        raise InvalidRecordError(
            f"the link's players are not valid: they must be a list of {n} seats "
            "('human' or an agent name)")
    for p in players:
        if (not isinstance(p, str) or len(p) > MAX_PLAYER_NAME
                or not _PLAYER_NAME.fullmatch(p)):
            raise InvalidRecordError(
                f"the link's players are not valid: {quote(p)} is not 'human' or an agent name")


def _non_default_options(game: Game) -> dict:
    out = {}
    for o in game.OPTIONS:
        value = game.options[o.name]
        if type(value) is not type(o.default) or value != o.default:
            out[o.name] = value
    return out



# --------------------------------------------------------------------------- the head and the moves
def _head_bytes(game: Game, *, cursor, view, players, **more) -> bytes:
    """The body's start: seed, header length, header (arguments checked; ``more``: v2 keys)."""
    _check_cursor(cursor, len(game.history))
    _check_view(view, game)
    if players is not None:
        players = list(players) if isinstance(players, tuple) else players
    _check_players(players, game)
    header: dict[str, Any] = {"g": game.game_id}
    options = _non_default_options(game)
    if options:
        header["o"] = options
    if cursor is not None:
        header["c"] = cursor
    if view is not None:
        header["v"] = view
    if players is not None:
        header["p"] = list(players)
    header.update(more)
    head = json.dumps(header, separators=(",", ":"), allow_nan=False).encode()
    return _varint(game.seed) + _varint(len(head)) + head



def _read_head(body: bytes, keys: tuple) -> tuple[Game, dict, int]:
    """The new game (options, seed), the header and the position after it, all checked."""
    seed, pos = _read_varint(body, 0, "the seed")
    hlen, pos = _read_varint(body, pos, "the header length")
    if pos + hlen > len(body):
        raise InvalidRecordError("the link is truncated: its header is cut off; copy the whole link")
    try:
        header = json.loads(body[pos:pos + hlen].decode("utf-8"))
    except (ValueError, RecursionError):
        raise InvalidRecordError("the link is corrupted: its header is not valid JSON") from None
    pos += hlen
    if not isinstance(header, dict):
        raise InvalidRecordError("the link is corrupted: its header is not a JSON object")
    unknown = sorted(str(k) for k in header if k not in keys)
    if unknown:
        shown = ", ".join(quote(k, 16) for k in unknown[:3]) + (f" and {len(unknown) - 3:,} more" if len(unknown) > 3 else "")
        raise InvalidRecordError(f"the link is corrupted: its header has unknown fields {shown}")

    game_id = header.get("g")
    if isinstance(game_id, str) and len(game_id) > MAX_GAME_ID:
        raise InvalidRecordError(f"the link is for unknown game {quote(game_id)}")
    try:
        cls = game_class(game_id)
    except UnknownGameError as exc:
        raise InvalidRecordError(f"the link is for {_brief(exc)}") from None
    options = header.get("o", {})
    if not isinstance(options, dict):
        raise InvalidRecordError("the link's options must be an object of option names and values")
    if seed > MAX_SEED:
        raise InvalidRecordError(f"the link's seed {seed} is not valid: seeds go from 0 to 2**53-1")
    try:
        game = cls(seed=seed, **options)
    except (GameError, TypeError) as exc:
        raise InvalidRecordError(
            f"the link's options or seed are not valid for {cls.title}: {_brief(exc)}") from None

    return game, header, pos


def _play_index(game: Game, index: int, k: int) -> str:
    """Play the move of sorted index ``index`` (the link's move ``k``); returns its text."""
    if game.is_over:
        raise InvalidRecordError(
            f"the link's move {k} cannot be played: the game is already over after {len(game.history)} moves")
    texts, _ = _sorted_legal(game)
    if not texts:  # pragma: no cover - a running game always has a move
        raise InvalidRecordError(f"the link's move {k} cannot be played: no move is legal there")
    if index >= len(texts):
        raise InvalidRecordError(
            f"the link's move {k} is out of range: it is choice {index + 1}, but only "
            f"{len(texts)} moves are legal there")
    try:
        game.play(texts[index])
    except GameError as exc:  # pragma: no cover - a legal move's text always plays
        raise InvalidRecordError(f"the link's move {k} ({texts[index]}) cannot be played: {exc}") from None
    return texts[index]



# --------------------------------------------------------------------------- the frame
def _frame_token(body: bytes, version: int) -> str:
    """``<version>.`` and the base64url frame of ``body`` (stored or deflated, the shorter)."""
    crc = zlib.crc32(body).to_bytes(4, "big")
    frames = [bytes([_METHOD_STORED]) + crc + body]
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = packer.compress(body) + packer.flush()
    if len(deflated) < len(body):
        frames.append(bytes([_METHOD_DEFLATE]) + crc + deflated)
    frame = min(frames, key=len)
    payload = base64.urlsafe_b64encode(frame).decode("ascii").rstrip("=")
    return f"{version}.{payload}"



def _unpack_v1(payload: str, offset: int) -> bytes:
    """The body of a version-1 payload (base64url -> frame -> checked body)."""
    if not payload:
        raise InvalidRecordError("the link is truncated: nothing follows its version; copy the whole link")
    bad = _B64_CHARS.match(payload).end()
    if bad < len(payload):
        raise InvalidRecordError(
            f"the link is corrupted: it contains {payload[bad]!r} (character {offset + bad + 1}), "
            "which cannot be in a link; only letters, digits, '-' and '_' follow the version")
    if len(payload) % 4 == 1:
        raise InvalidRecordError("the link is truncated or corrupted: its length is impossible; copy the whole link")
    try:
        frame = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):  # pragma: no cover - the checks above exclude it
        raise InvalidRecordError("the link is corrupted: it is not valid base64url") from None
    # a cut-off link often ends in a character that no encoder writes (unused low bits set):
    # report that only once the rest has been checked, so truncation is named as such
    canonical = base64.urlsafe_b64encode(frame).decode("ascii").rstrip("=") == payload
    if len(frame) < 5:
        raise InvalidRecordError("the link is truncated: it is too short to hold a game; copy the whole link")
    method, crc, data = frame[0], int.from_bytes(frame[1:5], "big"), frame[5:]
    if method == _METHOD_STORED:
        body = data
    elif method == _METHOD_DEFLATE:
        # bounded: at most MAX_BODY_BYTES + 1 bytes are ever unpacked, so a DEFLATE bomb costs
        # a quarter megabyte, not gigabytes; zlib's own messages mean nothing to people
        unpacker = zlib.decompressobj(-15)
        try:
            body = unpacker.decompress(data, MAX_BODY_BYTES + 1)
        except zlib.error:
            raise InvalidRecordError(_DAMAGED) from None
        if len(body) > MAX_BODY_BYTES:
            raise InvalidRecordError(
                f"the link is corrupted: its data unpacks to more than {MAX_BODY_BYTES:,} bytes, "
                "far more than any game")
        if not unpacker.eof:
            raise InvalidRecordError("the link is truncated or damaged: its data ends early; copy the whole link")
        if unpacker.unused_data:
            raise InvalidRecordError("the link is corrupted: extra data follows its packed data")
    else:
        raise InvalidRecordError(f"the link is corrupted: unknown packing method {method}")
    if zlib.crc32(body) != crc:
        raise InvalidRecordError(
            "the link is corrupted: its checksum does not match (a character was changed or lost; "
            "copy the whole link)")
    if not canonical:
        raise InvalidRecordError("the link is corrupted: its last character is not a possible one")
    return body
