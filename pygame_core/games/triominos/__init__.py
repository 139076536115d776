"""Triominos (rules: docs/rules/triominos.md, after the luddwichr/triominos project).

One package, split by concern:

* :mod:`.pieces`: :class:`Tile`, :class:`Orientation` (``ABC`` ...), :func:`arrangements`,
  :class:`Placement`;
* :mod:`.board`: :class:`Board` (validate, place and score a placement: :class:`Score`) and the
  scores and penalties;
* :mod:`.notation`: move text (:func:`parse_placement`);
* :mod:`.rules`: :class:`TriominosGame`, the whole game for 2-6 players (registered as
  ``"triominos"``);
* :mod:`.search`: the search hooks (:class:`~.search.TriominosSearch`);
* :mod:`.agents` and :mod:`.view`: the game's agents and its drawing.  This module imports
  neither: they are other layers, loaded on their own (:mod:`pygame_core.catalog`).

This module re-exports the public names of the rules layer.
"""

from ...core import DRAW, PASS
from .board import (BRIDGE_BONUS, BRIDGES, DRAW_PENALTY, GOING_OUT_BONUS, HEXAGON_AT, HEXAGON_BONUS, MAX_DRAWS,
                    PASS_PENALTY, Board, Score)
from .notation import parse_placement
from .pieces import (ABC, ACB, ALL_TILES, BAC, BCA, CAB, CBA, DOWN_ORIENTATIONS, ORIENTATIONS, TILE_INDEX,
                     UP_ORIENTATIONS, Location, Orientation, Placement, Tile, arrangements)
from .rules import (DEFAULT_MAX_ROUNDS, HAND_SIZES, MAX_ROUNDS_LIMIT, PLAYER_NAMES, TRIPLE_OPENING_BONUS,
                    ZERO_TRIPLE_OPENING, RoundResult, TriominosGame, choose_opener, hand_points, opening_score)
from .search import TriominosSearch

__all__ = ["DRAW", "PASS", "BRIDGE_BONUS", "BRIDGES", "DRAW_PENALTY", "GOING_OUT_BONUS", "HEXAGON_AT",
           "HEXAGON_BONUS", "MAX_DRAWS", "PASS_PENALTY", "Board", "Score", "parse_placement", "ABC", "ACB",
           "ALL_TILES", "BAC", "BCA", "CAB", "CBA", "DOWN_ORIENTATIONS", "ORIENTATIONS", "TILE_INDEX",
           "UP_ORIENTATIONS", "Location", "Orientation", "Placement", "Tile", "arrangements", "DEFAULT_MAX_ROUNDS",
           "HAND_SIZES", "MAX_ROUNDS_LIMIT", "PLAYER_NAMES", "TRIPLE_OPENING_BONUS", "ZERO_TRIPLE_OPENING",
           "RoundResult", "TriominosGame", "choose_opener", "hand_points", "opening_score", "TriominosSearch"]
