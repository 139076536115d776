"""The games, one module or package per game (plus ``connection``, what Hex and Y share, and
``hex_formats``, Hex's SGF and HexWorld record formats: ``hex_sgf``, ``hex_hexworld`` and
``hex_notation``, what they share).  ``triominos``, ``iwoki`` and ``codex`` are packages that hold
all of a game: pieces, board, notation, rules, search hooks, agents and view (each package's
``__init__`` imports its rules layer only).

Importing this package imports no game: :mod:`pygame_core.catalog` says which modules register
each game, and the registries of :mod:`pygame_core.core` import them on first use
(``game_class("hex")`` imports ``hex`` and ``hex_formats``; ``list_games()`` imports them all).
``pygame_core.games.<module>`` still works as an attribute: it imports the module.
"""

from ..catalog import submodule_getattr

__getattr__ = submodule_getattr(__name__)
