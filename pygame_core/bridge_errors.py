"""The bridge's own error (a request the bridge cannot take), shared by its modules."""
from __future__ import annotations

from .core import GameError


class BridgeError(GameError):
    code = "bad_request"


BOT_SEAT = "bot"  # a seat played by the person's bot: the page asks its bot worker for the moves


def refuse_bot(name: str, game) -> None:
    """The engine does not move for a seat played by the person's bot."""
    if name == BOT_SEAT:
        raise BridgeError(f"{game.player_names[game.current_player]} is played by your bot:"
                          " the page's bot worker chooses its moves, not the engine")
