"""The engine's errors, and how they quote what they were given (the bottom layer: it imports
nothing from the package).  :mod:`pygame_core.core` re-exports every name here."""
from __future__ import annotations

from typing import Any

MAX_MOVE_TEXT = 200  # no move of any game is written with more characters than this
QUOTE_CHARS = 40  # error messages quote at most this many characters of what they were given


def quote(value: Any, limit: int = QUOTE_CHARS) -> str:
    """``value`` for an error message: its ``repr``, cut to about ``limit`` characters (the cut
    says how long the whole was), so a message never repeats a huge input.  Linear in
    ``limit``, not in the input: a long string is cut before ``repr`` sees it, and the ``repr``
    itself is cut too (``repr`` writes one odd character as up to 10)."""
    if isinstance(value, str):
        text = repr(value[:limit])
        if len(text) > limit + 2:
            text = text[: limit + 1] + "...'"
        if len(value) > limit:
            text += f"... ({len(value):,} characters)"
        return text
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a number of {value.bit_length():,} bits"
    if isinstance(value, (list, tuple, dict)) and len(value) > 8:
        return f"a {type(value).__name__} of {len(value):,} items"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"
    return text if len(text) <= limit + 2 else text[:limit] + "..."


def clean_move_text(text: str) -> str:
    """A move text as the parsers read it: at most :data:`MAX_MOVE_TEXT` characters (else
    :class:`InvalidMoveError` up front), stripped, each run of white space one space.  The
    parsers' patterns then never meet a long run of spaces, so they cannot backtrack on one."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is written as text, not {quote(text)}")
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidMoveError(f"a move is at most {MAX_MOVE_TEXT} characters; "
                               f"this one has {len(text):,} and starts {quote(text[:24])}...")
    return " ".join(text.split())


# --------------------------------------------------------------------------- errors
class GameError(ValueError):
    """Base class of every error the engine raises for bad input. ``code`` is stable.

    ``detail`` (optional) is a finer stable code for one situation (``"cell_taken"``,
    ``"game_over"``…) and ``params`` its values (``{"cell": "f6"}``): the bridge sends both with
    the English message, so that the web page words the error in its reader's language (its
    catalog's ``error.<detail>``, web/i18n/); the CLI prints the message as before."""

    code = "game_error"

    def __init__(self, message: str = "", *, detail: str | None = None, params: dict | None = None):
        super().__init__(message)
        self.detail = detail
        self.params = dict(params) if params else {}


class InvalidMoveError(GameError):
    """The move text (or value) is malformed: it names no move of this game."""

    code = "invalid_move"


class IllegalMoveError(GameError):
    """The move is well formed but the rules forbid it now."""

    code = "illegal_move"


class InvalidOptionError(GameError):
    """An option name or value is not accepted by the game's option schema."""

    code = "invalid_option"


class InvalidRecordError(GameError):
    """A game record (save, link, file) is malformed or does not replay."""

    code = "invalid_record"


class UnknownGameError(GameError):
    code = "unknown_game"


class GameOverError(IllegalMoveError):
    code = "game_over"
