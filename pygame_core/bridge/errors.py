"""The bridge's own error (a request the bridge cannot take) and the checks of the arguments
several commands share."""
from __future__ import annotations

from ..core import GameError

BOT_SEAT = "bot"  # a seat played by the person's bot: the page asks its bot worker for the moves
MAX_SLICE_SECONDS = 5  # the longest slice of search one request may ask for (think, analyse, review)


class BridgeError(GameError):
    code = "bad_request"


def refuse_bot(name: str, game) -> None:
    """The engine does not move for a seat played by the person's bot."""
    if name == BOT_SEAT:
        raise BridgeError(f"{game.player_names[game.current_player]} is played by your bot:"
                          " the page's bot worker chooses its moves, not the engine")


def whole_number(req: dict, name: str, default: int) -> int:
    """The argument ``name`` (default ``default``): a whole number >= 0."""
    value = req.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BridgeError(f"{name} must be a whole number >= 0")
    return value


def seconds(req: dict, default: float) -> float:
    """The ``seconds`` of a slice of search: above 0, at most :data:`MAX_SLICE_SECONDS`."""
    value = req.get("seconds", default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_SLICE_SECONDS:
        raise BridgeError(f"seconds must be a number of seconds above 0 and at most {MAX_SLICE_SECONDS}")
    return float(value)
