"""Share links, version 3: a correspondence game (two people playing by sending links).

Same token and frame as version 1 (:mod:`pygame_core.records.v1`: ``"3." base64url(frame)``,
method, CRC-32, stored or DEFLATE; the shared code is :mod:`pygame_core.records.frame`), another
body::

    body    = seed:varint  hlen:varint  header:hlen bytes  n:varint  move:varint*n  wait:varint*n
    header  = UTF-8 JSON object, compact, keys in this order when present:
              "g", "o"  as in version 1 (game, options that differ from the defaults)
              "i": the correspondence game's id: 8 to 24 characters of A-Z a-z 0-9 - _ (random,
                   made by the inviter; both pages file the game under it)
              "s": the seat of the player who sent this link
              "n": the players' display names, one per seat ("" when not given): plain text, at
                   most 24 characters each, no control characters (omitted when all are "")
              "t": when the game started, in minutes since 1970-01-01 UTC
              "q": the sender's conditional replies (omitted when none): at most 8 lines, each
                   2 or 4 move texts from the position at the end of the link, alternating
                   receiver, sender ("if they play X, I answer Y", and once more); one answer
                   per position
              "x": the seat that resigned (omitted while no one has)
    move    = as in version 1: the move's index among the sorted legal move texts there
    wait    = the time from the move before (the first move: from "t") as a code, one byte for
              any wait under 45 days: 0-59 that many minutes, 60-83 (code - 59) hours, from 84
              (code - 83) days.  The writer picks, move by move, the largest code that does not
              pass the move's true time, so a time read back is early by less than one step of
              its wait's unit and the error never adds up.

Checks when reading, besides version 1's: every move replays; while the game goes on, the sender
is never the seat to move (a link is sent after one's move); a resignation only in a game not
already over; every conditional line replays from the end and no position has two answers.  A
Hex 11 game of 80 moves takes about 300 characters (a move and its wait are a byte each).  This module imports only :mod:`~pygame_core.records.frame` of
its package.
"""

from __future__ import annotations

import re
import unicodedata

from ..core import InvalidRecordError, check_length, quote
from .frame import _frame_token, _head_bytes, _play_index, _read_head, _read_varint, _sorted_legal, _varint, _whole

HEADER_KEYS_V3 = ("g", "o", "i", "s", "n", "t", "q", "x")
MAX_NAME = 24
MAX_LINES = 8
MAX_DEPTH = 4
MAX_MINUTES = 1 << 40  # far beyond any date; bounds the numbers a link may hold
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{8,24}")


def check_name(name) -> str:
    """A display name as a link holds it, or ``InvalidRecordError``."""
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise InvalidRecordError(f"a player's name must be text of at most {MAX_NAME} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in name):
        raise InvalidRecordError(f"the name {quote(name, 30)} holds a control or unassigned character")
    return name


def check_common(game, header: dict) -> tuple:
    """The fields every link between two players has (game id, sender, names, start), checked:
    ``(id, sender, names, start)``."""
    gid = header.get("i")
    if not isinstance(gid, str) or not _GAME_ID.fullmatch(gid):
        raise InvalidRecordError("the link's correspondence game id is missing or not valid")
    seats = game.num_players
    sender = header.get("s")
    if not _whole(sender, 0, seats - 1):
        raise InvalidRecordError(f"the link's sender seat must be a seat from 0 to {seats - 1}")
    names = header.get("n", [""] * seats)
    if not isinstance(names, list) or len(names) != seats:
        raise InvalidRecordError(f"the link's names must be a list of {seats} names")
    for name in names:
        check_name(name)
    start = header.get("t")
    if not _whole(start, 0, MAX_MINUTES):
        raise InvalidRecordError("the link's start time is missing or out of range")
    return gid, sender, names, start


def _check_corr(game, header: dict, n_moves: int) -> dict:
    """The correspondence fields of a header, checked against the game at the link's end."""
    gid, sender, names, start = check_common(game, header)
    seats = game.num_players
    resigned = header.get("x")
    if resigned is not None:
        if not _whole(resigned, 0, seats - 1):
            raise InvalidRecordError(f"the link's resigning seat must be a seat from 0 to {seats - 1}")
        if game.is_over:
            raise InvalidRecordError("the link resigns a game that its moves already ended")
    elif not game.is_over and game.current_player == sender:
        raise InvalidRecordError(
            f"the link is not a reply: its sender (seat {sender}) is the one to move after its "
            f"{n_moves} moves")
    lines = header.get("q", [])
    _check_lines(game, lines, sender, resigned)
    return {"id": gid, "sender": sender, "names": list(names), "start": start, "lines": lines,
            "resigned": resigned}


def _check_lines(game, lines, sender: int, resigned) -> None:
    """Conditional replies: shape, one answer per position, and every line replays."""
    if not isinstance(lines, list) or len(lines) > MAX_LINES:
        raise InvalidRecordError(f"the link's conditional replies must be a list of at most {MAX_LINES} lines")
    if lines and (game.is_over or resigned is not None):
        raise InvalidRecordError("the link sets conditional replies in a game that is over")
    answers: dict = {}
    for k, line in enumerate(lines, 1):
        if not isinstance(line, list) or len(line) not in range(2, MAX_DEPTH + 1, 2) \
                or not all(isinstance(m, str) and len(m) <= 40 for m in line):
            raise InvalidRecordError(
                f"the link's conditional reply {k} must be 2 or {MAX_DEPTH} move texts (their move, your answer)")
        walk = game.clone()
        for j, text in enumerate(line):
            if walk.is_over:
                raise InvalidRecordError(f"the link's conditional reply {k} goes on after the game ends")
            if (walk.current_player == sender) != (j % 2 == 1):
                raise InvalidRecordError(f"the link's conditional reply {k} does not alternate the two players")
            _, by_text = _sorted_legal(walk)
            if text not in by_text:
                raise InvalidRecordError(
                    f"the link's conditional reply {k} holds {quote(text, 20)}, which is not a legal move there")
            if j % 2 == 1:
                key = tuple(line[:j])
                if answers.setdefault(key, text) != text:
                    raise InvalidRecordError(
                        f"the link's conditional replies give two answers to {quote(' '.join(key), 40)}")
            walk.play(by_text[text])


def wait_minutes(code: int) -> int:
    """The minutes a wait code stands for (see the module docstring)."""
    if code < 60:
        return code
    if code < 84:
        return (code - 59) * 60
    return (code - 83) * 1440


def wait_code(minutes: int) -> int:
    """The largest wait code standing for at most ``minutes`` (>= 0)."""
    if minutes < 60:
        return minutes
    if minutes < 1440:
        return 59 + minutes // 60
    return 83 + minutes // 1440


def encode_corr_link(game, *, game_id: str, sender: int, start: int, times: list[int],
                     names: list[str] | None = None, lines: list[list[str]] | None = None,
                     resigned: int | None = None) -> str:
    """A version-3 token for ``game`` (its options, seed and moves) as a correspondence game:
    ``start`` and ``times`` (one per move, not decreasing, none before ``start``) in minutes
    since 1970, the rest as the module docstring says.  Everything is checked as the reader
    checks it; ``InvalidRecordError`` if anything is wrong."""
    n = len(game.history)
    if not isinstance(times, list) or len(times) != n or not all(_whole(t, 0, MAX_MINUTES) for t in times) \
            or not _whole(start, 0, MAX_MINUTES) or any(b < a for a, b in zip([start] + times, times)):
        raise InvalidRecordError(f"a correspondence link needs one time per move ({n}), in order from the start")
    codes, clock = [], start
    for t in times:
        codes.append(wait_code(t - clock))
        clock += wait_minutes(codes[-1])
    more = {"i": game_id, "s": sender}
    if names is not None and any(names):
        more["n"] = list(names)
    more["t"] = start
    if lines:
        more["q"] = [list(line) for line in lines]
    if resigned is not None:
        more["x"] = resigned
    _check_corr(game, {"n": names, **more} if names is not None else more, n)
    body = bytearray(_head_bytes(game, cursor=None, view=None, players=None, **more))
    walk = type(game)(seed=game.seed, **game.options)
    moves = bytearray()
    for text in game.moves:
        texts, by_text = _sorted_legal(walk)
        moves += _varint(texts.index(text))
        walk.play(by_text[text])
    body += _varint(n) + moves + b"".join(_varint(c) for c in codes)
    return _frame_token(bytes(body), 3)


def decode_corr_body(body: bytes) -> dict:
    """``{"record", "cursor", "view", "players", "corr"}`` of a version-3 body; ``corr`` holds
    ``id``, ``sender``, ``names``, ``start``, ``times`` (each move's minute), ``lines`` and
    ``resigned``; ``view`` is the seat the link is for (the sender's opponent in a two-player
    game; else the seat to move)."""
    game, header, pos = _read_head(body, HEADER_KEYS_V3)
    n, pos = _read_varint(body, pos, "the number of moves")
    try:
        check_length(game, n)
    except InvalidRecordError as exc:
        raise InvalidRecordError(f"the link is corrupted: {exc}") from None
    for k in range(1, n + 1):
        index, pos = _read_varint(body, pos, f"move {k}")
        _play_index(game, index, k)
    times, minute = [], header.get("t")
    minute = minute if _whole(minute, 0, MAX_MINUTES) else 0
    for k in range(1, n + 1):
        code, pos = _read_varint(body, pos, f"the time of move {k}")
        minute += wait_minutes(min(code, MAX_MINUTES))
        if minute > MAX_MINUTES:
            raise InvalidRecordError(f"the link's time of move {k} is out of range")
        times.append(minute)
    if pos != len(body):
        raise InvalidRecordError("the link is corrupted: extra data follows its moves")
    corr = _check_corr(game, header, n)
    corr["times"] = times
    sender = corr["sender"]
    view = 1 - sender if game.num_players == 2 else (None if game.is_over else game.current_player)
    return {"record": game.record(), "cursor": None, "view": view, "players": None, "corr": corr}
