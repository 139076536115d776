"""The command line's agents: the seats of ``play`` and ``selfplay``, the agent specs of
``tournament`` (:func:`pygame_core.tournament.parse_seat`)."""
from __future__ import annotations

from .core import GameError
from .tournament import parse_seat

def parse_seats(text: str | None, default: str, game, humans: bool = True) -> tuple[list[str], list]:
    """``(labels, seats)`` from comma-separated agent specs (one for every seat, or one for all):
    ``"human"`` (if ``humans``) or a spec as ``tournament`` takes it (a seat dict)."""
    specs = [s.strip() for s in (text or default).split(",")]
    if len(specs) == 1:
        specs = specs * game.num_players
    if len(specs) != game.num_players:
        raise GameError(f"{game.title} needs {game.num_players} players, got {len(specs)}")
    if not humans and "human" in specs:
        raise GameError("selfplay needs agents in every seat")
    return specs, [s if s == "human" else parse_seat(s, game.game_id) for s in specs]
