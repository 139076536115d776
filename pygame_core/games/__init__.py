"""The games, one package per game (``hex``, ``y``, ``triominos``, ``iwoki``, ``codex``), plus
``connection``: what Hex and Y share (their rules base, bitboard core and fast search).  A game's
package holds all of the game: pieces, board, notation, rules, search hooks, agents and view
(each package's ``__init__`` imports its rules layer only).

Importing this package imports no game: :mod:`pygame_core.catalog` says which modules register
each game, and the registries of :mod:`pygame_core.core` import them on first use
(``game_class("hex")`` imports ``hex.rules`` and ``hex.formats``; ``list_games()`` imports them all).
``pygame_core.games.<module>`` still works as an attribute: it imports the module.
"""

from ..catalog import submodule_getattr

__getattr__ = submodule_getattr(__name__)
