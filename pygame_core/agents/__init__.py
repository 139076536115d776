"""Agents: computer players written against the shared protocol.

``get(name)`` returns an agent class; ``AgentClass(seed=...)`` makes a player whose
``choose(game)`` returns a legal move for ``game.current_player`` without changing ``game``.
Agents use their own seeded :class:`~pygame_core.core.Rng`, so games between agents replay.

The agent modules are imported on first use (see :mod:`pygame_core.catalog`): ``available``,
``strongest`` and ``list_agents`` of a game import that game's agents and the generic ones
(``mcts``); ``get`` of a name not registered yet and ``list_agents()`` import them all.  Agents
are listed in the catalog's order, whatever was imported first.
"""

from __future__ import annotations

import math
from typing import ClassVar

from .. import catalog
from ..core import GameError, GameOverError, Rng, fresh_seed, quote
from ..search_hooks import hooks_for


class UnknownAgentError(GameError):
    code = "unknown_agent"


class Agent:
    """Base class. Subclasses set ``name``/``title`` and implement :meth:`choose`."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    description: ClassVar[str] = ""
    games: ClassVar[tuple[str, ...] | None] = None  # None: every game
    strength: ClassVar[int] = 0  # rough playing strength; UIs offer the strongest by default

    def __init__(self, seed: int | None = None):
        self.seed = fresh_seed() if seed is None else seed
        self.rng = Rng(self.seed)

    @classmethod
    def supports(cls, game_id: str) -> bool:
        return cls.games is None or game_id in cls.games

    def choose(self, game):  # pragma: no cover - abstract
        raise NotImplementedError

    def _require_turn(self, game) -> None:
        if game.is_over:
            raise GameOverError("the game is over; there is no move to choose")
        if not self.supports(game.game_id):
            raise UnknownAgentError(f"agent {self.name!r} does not play {game.title}")


_AGENTS: dict[str, type[Agent]] = {}


def register(cls: type[Agent]) -> type[Agent]:
    _AGENTS[cls.name] = cls
    return cls


def _ordered(classes) -> list[type[Agent]]:
    """Agent classes in the catalog's order (registration order within a module)."""
    return sorted(classes, key=lambda cls: catalog.agent_rank(cls.__module__))


def get(name: str, game: str | None = None) -> type[Agent]:
    """The agent class registered as ``name`` (e.g. ``"random"``, ``"astar"``, ``"smart"``).

    A name not registered yet is looked for in the agents of ``game`` (a game id, if given) and
    the generic ones, then in every agent module."""
    if isinstance(name, str) and name not in _AGENTS:
        catalog.load(game, "agents")  # an unknown or missing game: the generic agents
        if name not in _AGENTS:
            catalog.load_all("agents")
    if not isinstance(name, str) or name not in _AGENTS:
        catalog.load_all("agents")  # the message lists every agent
        raise UnknownAgentError(f"unknown agent {quote(name)}; known agents: {', '.join(sorted(_AGENTS))}")
    return _AGENTS[name]


def check_number(name: str, value, *, whole: bool = False, low: float = 0, low_ok: bool = False,
                 high: float | None = None):
    """``value`` of the agent setting ``name`` (``None`` passes), or ``ValueError`` with a
    one-line message unless it is a number (a whole one if ``whole``; never a bool, inf or nan)
    above ``low`` (at least ``low`` if ``low_ok``) and at most ``high``."""
    if value is None:
        return None
    number = isinstance(value, int if whole else (int, float)) and not isinstance(value, bool)
    if number and (isinstance(value, int) or math.isfinite(value)) and (
            value >= low if low_ok else value > low) and (high is None or value <= high):
        return value
    if whole:
        least = int(low) if low_ok else int(low) + 1
        bound = f"from {least} to {high:,}" if high is not None else f"at least {least}"
    else:
        bound = (f"at least {low:g}" if low_ok else f"above {low:g}") + (f" and at most {high:,}" if high else "")
    raise ValueError(f"{name} must be {'a whole number' if whole else 'a number'} {bound}, not {quote(value)}")


def available(game_id: str) -> list[type[Agent]]:
    """The agents that can play ``game_id``."""
    catalog.load(game_id, "agents")
    return _ordered(cls for cls in _AGENTS.values() if cls.supports(game_id))


def list_agents(game_id: str | None = None) -> list[dict]:
    """Name, title, description, strength and games of the agents (of ``game_id``, else all)."""
    if game_id is None:
        catalog.load_all("agents")
    classes = _ordered(_AGENTS.values()) if game_id is None else available(game_id)
    return [{"name": c.name, "title": c.title, "description": c.description, "strength": c.strength,
             "games": None if c.games is None else list(c.games)} for c in classes]


def strongest(game_id: str) -> type[Agent]:
    """The agent with the highest ``strength`` that plays ``game_id``."""
    return max(available(game_id), key=lambda c: c.strength)


@register
class RandomAgent(Agent):
    name = "random"
    title = "Random"
    description = "Plays a uniformly random legal move."

    def choose(self, game):
        """A uniform choice among the game's ``random_policy_moves`` (its search hooks: the
        rules' idea of a random player, e.g. Triominos draws only when it cannot place; by
        default every legal move)."""
        self._require_turn(game)
        return self.rng.choice(hooks_for(game).random_policy_moves(game))


# The other agent modules are imported on first use (pygame_core.catalog);
# pygame_core.agents.<module> still works as an attribute.
__getattr__ = catalog.submodule_getattr(__name__)
