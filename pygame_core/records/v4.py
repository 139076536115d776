"""Share links, version 4: a move in a hidden-hand game played by link (the fair deal).

Same token and frame as version 1 (``"4." base64url(frame)``, CRC-32, stored or DEFLATE;
:mod:`pygame_core.records.frame`), another body::

    body    = seed:varint (always 0)  hlen:varint  header:hlen bytes
              n:varint  (len:varint  move text)*n  h:varint  (len:varint  deal message)*h
    header  = UTF-8 JSON object, compact, keys in this order when present:
              "g", "o"  the game and its options (as in version 1)
              "i", "s", "n", "t"  game id, sender seat, names, start minute (as in version 3)
              "f": the seat that opens, once it is known (omitted before)
              "x": [seat that resigned, the sender's seed (base64, 32 bytes)]: a resignation
                   (the seat is the sender's) or the answer to one (the other seat's);
                   :mod:`pygame_core.hidden_resign` (absent from older links)
    move    = a public move text (a tile placed is public; a draw is just "draw")
    message = a :mod:`pygame_core.deal` message: the sender's hop since the receiver last
              moved (locks, shuffles, keys for the receiver's next draws with their proofs,
              the sender's own key for each tile it placed, its seed at the end); a game with
              several bags (iwoki, Codex) sends one message per bag, in its spec's order

A link holds no seed, no hand and no key for a position the receiver may not draw: the
receiver opens only its own tiles, with its own keys kept on its device
(:mod:`pygame_core.hidden`).  Reading a link without that device's record checks the form and
replays the public moves on a copy where every hand is hidden (board, turn and draw rules).
At most :data:`MAX_HOPS` messages of :data:`MAX_MESSAGE` bytes each.
"""
from __future__ import annotations

import base64
import binascii

from ..bag import BagsSource, HiddenBag
from ..core import GameError, InvalidRecordError, check_length, quote
from .frame import _frame_token, _head_bytes, _read_head, _read_varint, _varint, _whole
from .v3 import check_common

HEADER_KEYS_V4 = ("g", "o", "i", "s", "n", "t", "f", "x")
HIDDEN_GAMES = ("triominos", "iwoki", "codex")
MAX_HOPS = 8
MAX_MESSAGE = 16_384
MAX_MOVE_TEXT = 40


def check_hidden_options(game) -> None:
    """``InvalidRecordError`` unless ``game``'s id and options can be played by hidden link
    (a game that declares a ``hidden_spec``, two players, a single round)."""
    if game.game_id not in HIDDEN_GAMES:
        raise InvalidRecordError(f"{game.title} cannot be played with hidden hands by link yet "
                                 f"(only {', '.join(HIDDEN_GAMES)})")
    if game.options.get("target", None) is not None or game.options.get("players") != 2:
        what = "a single round for two players (options players=2, target=single round)" \
            if "target" in game.options else "for two players (option players=2)"
        raise InvalidRecordError(f"{game.title} by link with hidden hands is {what}")


def public_game(cls, options: dict, first_player: int):
    """A copy of the game where every hand is hidden (an onlooker's), opened by ``first_player``."""
    spec = cls.hidden_spec(options)
    if spec.opener == "best-hand":
        return cls.from_source(HiddenBag(-1, first_player), **options)
    source = BagsSource(-1, spec, first_player=first_player)
    game = cls.from_source(source, **options)
    source.setting_up = False
    return game


def encode_hidden_link(game, *, game_id: str, sender: int, start: int, moves: list[str],
                       hops: list[bytes], first_player: int | None = None,
                       names: list[str] | None = None, resign: tuple | None = None) -> str:
    """A version-4 token: ``game`` gives the game and options (its seed and moves are not
    used), ``moves`` the public move texts, ``hops`` the deal messages; ``resign``: ``(seat
    that resigned, the sender's 32-byte seed)`` for a resignation or the answer to one."""
    more = {"i": game_id, "s": sender}
    if names is not None and any(names):
        more["n"] = list(names)
    more["t"] = start
    if first_player is not None:
        more["f"] = first_player
    if resign is not None:
        more["x"] = [resign[0], base64.b64encode(bytes(resign[1])).decode("ascii")]
    _check_header(game, more)
    body = bytearray(_head_bytes(type(game)(seed=0, **game.options), cursor=None, view=None,
                                 players=None, **more))
    body += _varint(len(moves))
    for text in moves:
        data = text.encode("utf-8")
        body += _varint(len(data)) + data
    body += _varint(len(hops))
    for data in hops:
        body += _varint(len(data)) + bytes(data)
    return _frame_token(bytes(body), 4)


def _check_header(game, header: dict) -> None:
    check_hidden_options(game)
    check_common(game, header)
    n = game.num_players
    if "f" in header and not _whole(header["f"], 0, n - 1):
        raise InvalidRecordError(f"the link's opening seat must be a seat from 0 to {n - 1}")
    if "x" in header:
        _resign_of(header["x"], n)


def _resign_of(value, n: int) -> tuple[int, bytes]:
    """A header's ``"x"`` (a resignation or its answer): ``(seat, seed)``, checked for form."""
    bad = InvalidRecordError("the link's resignation is damaged: it must name a seat and carry a 32-byte key")
    if not isinstance(value, list) or len(value) != 2 or not _whole(value[0], 0, n - 1) \
            or not isinstance(value[1], str) or len(value[1]) != 44:
        raise bad
    try:
        seed = base64.b64decode(value[1], validate=True)
    except (binascii.Error, ValueError):
        raise bad from None
    if len(seed) != 32:
        raise bad
    return value[0], seed


def _chunk(body: bytes, pos: int, limit: int, what: str) -> tuple[bytes, int]:
    size, pos = _read_varint(body, pos, what)
    if size > limit:
        raise InvalidRecordError(f"the link is corrupted: {what} is too long")
    if pos + size > len(body):
        raise InvalidRecordError(f"the link is truncated: {what} is cut off; copy the whole link")
    return body[pos:pos + size], pos + size


def decode_hidden_body(body: bytes) -> dict:
    """``{"record": None, "cursor", "view", "players", "hidden"}`` of a version-4 body;
    ``hidden`` holds ``game``, ``options``, ``id``, ``sender``, ``names``, ``start``,
    ``first_player``, ``moves``, ``movers``, ``hops`` (bytes) and ``resign`` (``(seat, seed)``
    or None); ``view`` is the receiver."""
    game, header, pos = _read_head(body, HEADER_KEYS_V4)
    _check_header(game, header)
    n, pos = _read_varint(body, pos, "the number of moves")
    try:
        check_length(game, n)
    except InvalidRecordError as exc:
        raise InvalidRecordError(f"the link is corrupted: {exc}") from None
    moves = []
    for k in range(1, n + 1):
        data, pos = _chunk(body, pos, MAX_MOVE_TEXT, f"move {k}")
        try:
            moves.append(data.decode("utf-8"))
        except UnicodeDecodeError:
            raise InvalidRecordError(f"the link is corrupted: move {k} is not text") from None
    h, pos = _read_varint(body, pos, "the number of deal messages")
    if h > MAX_HOPS:
        raise InvalidRecordError(f"the link carries {h} deal messages (at most {MAX_HOPS})")
    hops = []
    for k in range(1, h + 1):
        data, pos = _chunk(body, pos, MAX_MESSAGE, f"deal message {k}")
        hops.append(data)
    if pos != len(body):
        raise InvalidRecordError("the link is corrupted: extra data follows its deal messages")
    first = header.get("f")
    if moves and first is None:
        raise InvalidRecordError("the link has moves but does not say who opened")
    movers = []
    if moves:
        walk = public_game(type(game), game.options, first)
        for k, text in enumerate(moves, 1):
            if walk.is_over:
                raise InvalidRecordError(f"the link's move {k} ({quote(text, 20)}) comes after the game's end")
            movers.append(walk.current_player)
            try:
                walk.play(text)
            except GameError as exc:
                raise InvalidRecordError(f"the link's move {k} ({quote(text, 20)}) cannot be played: {exc}") from None
    sender = header["s"]
    hidden = {"game": game.game_id, "options": dict(game.options), "id": header["i"], "sender": sender,
              "names": list(header.get("n", [""] * game.num_players)), "start": header["t"],
              "first_player": first, "moves": moves, "movers": movers, "hops": hops,
              "resign": _resign_of(header["x"], game.num_players) if "x" in header else None}
    return {"record": None, "cursor": None, "view": 1 - sender, "players": None, "hidden": hidden}
