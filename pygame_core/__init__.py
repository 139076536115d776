"""Boardwright: a pure-Python engine for unusual-geometry tile and connection games.

Public API (see README.md and docs/api.md)::

    import pygame_core
    pygame_core.list_games()
    game = pygame_core.new_game("hex", size=11, swap=False)
    game.play("f6"); game.legal_moves(); game.record()
    pygame_core.replay(game.record())
    pygame_core.agents.get("astar")(seed=1).choose(game)
"""

__version__ = "0.1.0"

from .core import (Game, GameError, GameOverError, IllegalMoveError, InvalidMoveError,
                   InvalidOptionError, InvalidRecordError, Option, Rng, UnknownGameError,
                   game_class, list_games, new_game, replay)
# No game is imported here: the registries import a game's modules on first use (see
# pygame_core.catalog), so `import pygame_core` stays cheap; list_games() still lists them all.
from . import games  # noqa: F401
from . import agents  # noqa: F401

__all__ = [
    "Game", "GameError", "GameOverError", "IllegalMoveError", "InvalidMoveError",
    "InvalidOptionError", "InvalidRecordError", "Option", "Rng", "UnknownGameError",
    "agents", "game_class", "list_games", "new_game", "replay", "__version__",
]
