"""What Hex's SGF and HexWorld readers and writers share (:mod:`pygame_core.games.hex.formats`):
the game behind a game object or a record, cell notation (``f6``, ``aa1``, Little Golem's
``fe``), board sizes, the conversion of a file's moves to ours (colours, swap kinds, mirroring)
and the final replay into a record.  Messages quote at most :data:`SNIP` characters of input.
"""

from __future__ import annotations

import re

from ...core import Game, GameError, InvalidRecordError, quote, record_dict, replay
from .rules import LETTERS, MAX_SIZE, MIN_SIZE, HexGame, cell_name

MAX_DIGITS = 6          # longest number we ever parse (keeps int() far from its digit limit)
SNIP = 40               # longest piece of user input quoted in a message


def snip(text: str) -> str:
    return quote(text, SNIP)


def as_hex_game(game_or_record) -> HexGame:
    """The validated Hex game behind a game object or a record (dict or JSON text)."""
    return hex_record(game_or_record)[0]


def hex_record(game_or_record) -> tuple[HexGame, dict]:
    """:func:`as_hex_game` and the record (as a dict) it was replayed from."""
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
            record = record_dict(record)  # "the record is not valid JSON: ..."
        if not isinstance(record, dict):
            raise InvalidRecordError("expected a Hex game or a Boardwright record (a JSON object)")
        if record.get("game") != "hex":
            raise InvalidRecordError(
                f"only Hex games can be written as SGF or HexWorld links, not {quote(record.get('game'))}")
    game = replay(record)                      # validates options and every move
    if not isinstance(game, HexGame):          # pragma: no cover - "hex" is always HexGame
        raise InvalidRecordError("the record is not a Hex game")
    return game, record


# --------------------------------------------------------------------------- shared import
_CELL = re.compile(r"([a-z]+)([0-9]+)")
_GO_CELL = re.compile(r"[a-z][a-z]")


def _column(letters: str) -> int:
    """Base-26 column label (SGF Hex / HexWorld): a..z, aa.. -> 0..25, 26.."""
    value = -1
    for ch in letters[:8]:
        value = (value + 1) * 26 + (ord(ch) - 97)
    return value if len(letters) <= 8 else 10 ** 12


def read_cell(text: str, size: int, where: str, go_style: bool) -> tuple[int, int]:
    """A cell ``f6`` (or, for SGF, Little Golem's ``fe``) -> ``(x, y)``, checked against the board."""
    low = text.lower()
    m = _CELL.fullmatch(low)
    if m:
        letters, digits = m.groups()
        if len(digits) > MAX_DIGITS:
            raise InvalidRecordError(f"{where}: {snip(text)} is off the {size}x{size} board")
        x, y = _column(letters), int(digits) - 1
    elif go_style and _GO_CELL.fullmatch(low):
        x, y = ord(low[0]) - 97, ord(low[1]) - 97
    else:
        raise InvalidRecordError(f"{where}: {snip(text)} is not a Hex cell or move")
    if not (0 <= x < size and 0 <= y < size):
        raise InvalidRecordError(
            f"{where}: {snip(text)} is off the {size}x{size} board "
            f"(columns a-{LETTERS[size - 1]}, rows 1-{size})")
    return x, y


def build_record(size: int, swap: bool, moves: list[tuple[str, object]], source: str) -> dict:
    """Play ``moves`` (``(label, (x, y) | "swap")``) in a fresh game and return its record."""
    try:
        game = HexGame(seed=0, size=size, swap=swap)
    except GameError as exc:  # pragma: no cover - size and swap are checked before
        raise InvalidRecordError(f"{source}: bad options: {exc}") from None
    check_move_count(size, swap, len(moves), source)
    for k, (label, move) in enumerate(moves, 1):
        try:
            game.play("swap" if move == "swap" else move)
        except GameError as exc:
            raise InvalidRecordError(f"{source} move {k} ({label}) is illegal here: {exc}") from None
    record = game.record()
    record["seed"] = 0
    replay(record)                                   # the final word on validity
    return record


def check_move_count(size: int, swap: bool, n_moves: int, source: str) -> None:
    """Refuse a line of more moves than any Hex game with these options has, before playing it."""
    bound = HexGame.max_moves({"size": size, "swap": swap})
    if n_moves > bound:
        raise InvalidRecordError(f"the {source} game has {n_moves:,} moves, but no {size}x{size} Hex game "
                                 f"has more than {bound:,}")


class Converter:
    """Turns a file's moves into ours, one line at a time: colour checks, swap kinds, mirroring.
    :meth:`copy` starts another line (a variation) from the same point."""

    def __init__(self, size: int, source: str):
        self.size = size
        self.source = source
        self.first: str | None = None       # "B" or "W": colour of the first move
        self.to_move: str | None = None
        self.mirrored = False               # True: cells are transposed on the way in
        self.has_swap = False
        self.ended = False                  # after resign / forfeit

    def copy(self) -> "Converter":
        other = object.__new__(Converter)
        for name in ("size", "source", "first", "to_move", "mirrored", "has_swap", "ended"):
            setattr(other, name, getattr(self, name))
        return other

    def add(self, k: int, colour: str | None, kind: str, value, label: str,
            at: str = "") -> tuple[str, object] | None:
        """``kind`` is "cell" (value = (x, y)), "swap-pieces", "swap-sides" or "end".  Returns
        our move as ``(label, (x, y) | "swap")``, ``None`` for "end".  ``at`` follows the move's
        label in messages (e.g. which variation)."""
        where = f"{self.source} move {k} ({label}){at}"
        if self.ended:
            raise InvalidRecordError(f"{where}: there are moves after the game ended (resign/forfeit)")
        if kind == "end":
            self.ended = True
            return None
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
            self.to_move = "W" if self.to_move == "B" else "B"
            return label, (x, y)
        self.has_swap = True
        if kind == "swap-pieces":
            self.to_move = "W" if self.to_move == "B" else "B"
        else:                                   # swap-sides: mirror from now on, same colour moves
            self.mirrored = not self.mirrored
        return label, "swap"


def check_size(text: str, where: str) -> int:
    if not re.fullmatch(r"[0-9]{1,%d}" % MAX_DIGITS, text):
        raise InvalidRecordError(f"{where}: bad board size {snip(text)} (expected a number {MIN_SIZE}-{MAX_SIZE})")
    n = int(text)
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise InvalidRecordError(f"{where}: board size {n} is not supported (Hex boards here are {MIN_SIZE}-{MAX_SIZE})")
    return n
