"""Codex Naturalis (rules: docs/rules/codex.md, after the "Design proposal for the Game
Field" of the LucaLeonx/ing-sw-2024 project).  Unofficial implementation of the rules; CODEX
Naturalis is a trademark of its publisher.

One package, split by concern (the seed's model stands on its own):

* :mod:`.pieces`: the card data (:func:`load_cards`: :class:`Card` with a front and a back
  :class:`Side`, :class:`Objective`) and :class:`HiddenCard`, a card's back;
* :mod:`.board`: :class:`GameField`, a player's play area (:class:`CardCell`, :class:`AngleCell`);
* :mod:`.notation`: the moves and their text (:func:`parse_codex_move`);
* :mod:`.rules`: :class:`CodexGame`, the game for 2-4 players (registered as ``"codex"``), with
  its views and determinization;
* :mod:`.search`: :func:`placement_values` and the search hooks (:class:`~.search.CodexSearch`);
* :mod:`.agents` and :mod:`.view`: the game's agents and its drawing.  This module imports
  neither: they are other layers, loaded on their own (:mod:`pygame_core.catalog`).

This module re-exports the public names of the rules layer.
"""

from .board import AngleCell, CardCell, GameField, PlacementResult
from .notation import CODEX_PASS, DrawMove, ObjectiveMove, PlayMove, StarterMove, parse_codex_move
from .pieces import (COLOUR_NAMES, EMPTY, HIDDEN, KINGDOMS, OBJECTS, SYMBOLS, Card, HiddenCard, Objective, Side,
                     load_cards)
from .rules import END_SCORE, HAND_DEAL, PLAYER_NAMES, CodexGame
from .search import CodexSearch, estimated_totals, placement_values

__all__ = ["AngleCell", "CardCell", "GameField", "PlacementResult", "CODEX_PASS", "DrawMove", "ObjectiveMove",
           "PlayMove", "StarterMove", "parse_codex_move", "COLOUR_NAMES", "EMPTY", "HIDDEN", "KINGDOMS", "OBJECTS",
           "SYMBOLS", "Card", "HiddenCard", "Objective", "Side", "load_cards", "END_SCORE", "HAND_DEAL",
           "PLAYER_NAMES", "CodexGame", "CodexSearch", "estimated_totals", "placement_values"]
