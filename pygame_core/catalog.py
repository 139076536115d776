"""Which modules register each game: the table behind the lazy registries.

Games, record formats, agents and views register themselves when their modules are imported
(``register_game``/``register_format`` in :mod:`pygame_core.core`, ``agents.register``,
``view.register_view``).  Nothing imports those modules up front: importing (compiling) a
module is slow in the browser (Pyodide), and a page that starts with Hex should not pay for
Triominos.  Instead every registry look-up asks this table first:

* a look-up for one game (``game_class("hex")``, ``record_formats("hex")``,
  ``agents.available("hex")``, ``view.view_for("hex")``) imports that game's modules of the
  layer asked for, once (:func:`load`);
* a listing of every game (``list_games()``, ``record_formats()``, ``detect_record_format``,
  ``agents.list_agents()``, ``agents.get`` of a name not registered yet) imports every game's
  modules of that layer first (:func:`load_all`).

Registries list what they hold in this table's order (:func:`game_rank`, :func:`agent_rank`),
so a listing does not depend on which game happened to be imported first.

Adding a game: add its row to :data:`GAMES` (and its agent modules to :data:`AGENT_MODULES`).
A game that is a package (``games/<game>/``) names its ``rules``, ``agents`` and ``view``
modules here; the package's ``__init__`` imports only the rules layer.
``tests/test_lazy_registry.py`` fails when a module registers something this table misses.

This module imports nothing from the package (the bottom layer, :mod:`pygame_core.core`, uses
it); the layers stay as they are: a rules look-up imports only rules modules, an agents look-up
agents modules (which import their rules), a view look-up view modules.
"""

from __future__ import annotations

from importlib import import_module

PACKAGE = __name__.rpartition(".")[0]  # "pygame_core"

LAYERS = ("rules", "agents", "view")

# game id -> the modules (relative to the package) that register it, layer by layer:
# "rules": the game and its record formats, "agents": its own agents, "view": its GameView.
# The order of the rows is the order of list_games().
GAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "hex": {"rules": ("games.hex.rules", "games.hex.formats", "games.hex.sgf", "games.hex.sgf_parse",
                      "games.hex.hexworld", "games.hex.notation"),
            "agents": ("games.hex.agents",), "view": ("games.hex.view",)},
    "y": {"rules": ("games.y.rules",), "agents": (), "view": ("games.y.view",)},
    "triominos": {"rules": ("games.triominos.rules",), "agents": ("games.triominos.agents",),
                  "view": ("games.triominos.view",)},
    "iwoki": {"rules": ("games.iwoki.rules",), "agents": ("games.iwoki.agents",), "view": ("games.iwoki.view",)},
    "codex": {"rules": ("games.codex.rules",), "agents": ("games.codex.agents",), "view": ("games.codex.view",)},
}

# Agent modules that serve every game: loaded with the agents of any game.  ("random" lives in
# pygame_core/agents/__init__.py and is always there.)
GENERIC_AGENTS: tuple[str, ...] = ("agents.mcts",)

# Every agent module, in the order agents are listed (list_agents, and the first of equally
# strong agents); within a module, in the order the module registers them.
AGENT_MODULES: tuple[str, ...] = ("games.hex.agents", "agents.mcts", "games.triominos.agents",
                                  "games.iwoki.agents", "games.codex.agents")

_loaded: set[tuple[str, str]] = set()  # (game id, layer) pairs imported so far


def modules(game_id: str, layer: str) -> tuple[str, ...]:
    """The modules (absolute names) that register ``game_id`` in ``layer``; none if unknown.
    The agents layer includes the generic agents, whatever the game."""
    if layer not in LAYERS:
        raise ValueError(f"unknown layer {layer!r}")
    entry = GAMES.get(game_id) if isinstance(game_id, str) else None
    names = entry[layer] if entry else ()
    if layer == "agents":
        names = GENERIC_AGENTS + names
    return tuple(f"{PACKAGE}.{name}" for name in names)


def load(game_id: str, layer: str) -> None:
    """Import the modules that register ``game_id`` in ``layer`` (once; cheap afterwards)."""
    key = (game_id, layer) if isinstance(game_id, str) else ("", layer)
    if key in _loaded:
        return
    for name in modules(game_id, layer):
        __import__(name)  # (not importlib.import_module: this way -X importtime shows them)
    _loaded.add(key)


def load_all(layer: str) -> None:
    """Import the modules of every game in ``layer``, in table order."""
    for game_id in GAMES:
        load(game_id, layer)


def game_rank(game_id: str) -> int:
    """Sort key: the game's row in :data:`GAMES` (games not in the table last)."""
    for i, known in enumerate(GAMES):
        if known == game_id:
            return i
    return len(GAMES)


def agent_rank(module: str) -> int:
    """Sort key of an agent class by its ``__module__``: the package's own agents (random)
    first, then :data:`AGENT_MODULES` in order, then anything else."""
    if module == f"{PACKAGE}.agents":
        return -1
    name = module[len(PACKAGE) + 1:] if module.startswith(PACKAGE + ".") else module
    try:
        return AGENT_MODULES.index(name)
    except ValueError:
        return len(AGENT_MODULES)


def submodule_getattr(package: str):
    """A module ``__getattr__`` for a package whose ``__init__`` no longer imports its
    submodules: ``pygame_core.games.hex`` still works as an attribute (importing it)."""

    def __getattr__(name: str):
        if name.startswith("__"):
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        try:
            return import_module(f"{package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.{name}":
                raise
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None

    return __getattr__
