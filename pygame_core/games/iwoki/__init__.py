"""iwoki Maths (rules: docs/rules/iwoki.md, after the heidihac/iwoki project).

One package, split by concern (the seed's model stands on its own):

* :mod:`.pieces`: :class:`HexagonalTile` (20 tiles, 12 orders each: 6 rotations of each face),
  :class:`SmallTile` (12 number triples x 4 copies; orders :class:`SmallOrder`, 3 on the ``+``
  face and 3 on the ``-`` face), the placements :class:`SmallPlacement` (``112+ @ H1_H5_H6``) and
  :class:`HexPlacement` (``*52466 @ H7``);
* :mod:`.board`: :class:`VirtualBoard`, unbounded, with its gaps (:class:`HexagonalGap`,
  :class:`SmallGap`, their :class:`Vertex` lists): placements validated with a reason and scored;
* :mod:`.notation`: move text (:func:`parse_placement`);
* :mod:`.rules`: :class:`IwokiGame`, the game for 2-4 players (registered as ``"iwoki"``);
* :mod:`.fastmoves`: the placements through cached tables (agents and playouts);
* :mod:`.search`: the search hooks (:class:`~.search.IwokiSearch`);
* :mod:`.agents` and :mod:`.view`: the game's agents and its drawing.  This module imports
  neither: they are other layers, loaded on their own (:mod:`pygame_core.catalog`).

This module re-exports the public names of the rules layer.
"""

from ...core import DRAW, PASS
from .board import Evaluation, HexagonalGap, SmallGap, Vertex, VirtualBoard, hex_order_score
from .notation import MAX_HEX_NUMBER, parse_hex_gap, parse_placement, parse_small_gap
from .pieces import (COPIES, DELIVERED, HEX_ORDER_TILE, HEX_TILE_VALUES, HEX_TILES, SMALL_FITS, SMALL_ORDERS,
                     SMALL_TILES, WILD, HexagonalTile, HexPlacement, SmallOrder, SmallPlacement, SmallTile,
                     hand_penalty, minus, order_text, plus, small_tile_by_id)
from .rules import (HEX_DEAL, OPENING_HEX, OPENING_SMALL, PLAYER_NAMES, SMALL_DEAL, WHITE_LIMIT, IwokiGame,
                    opening_score)
from .search import IwokiSearch

__all__ = ["DRAW", "PASS", "Evaluation", "HexagonalGap", "SmallGap", "Vertex", "VirtualBoard", "hex_order_score",
           "MAX_HEX_NUMBER", "parse_hex_gap", "parse_placement", "parse_small_gap", "COPIES", "DELIVERED",
           "HEX_ORDER_TILE", "HEX_TILE_VALUES", "HEX_TILES", "SMALL_FITS", "SMALL_ORDERS", "SMALL_TILES", "WILD",
           "HexagonalTile", "HexPlacement", "SmallOrder", "SmallPlacement", "SmallTile", "hand_penalty", "minus",
           "order_text", "plus", "small_tile_by_id", "HEX_DEAL", "OPENING_HEX", "OPENING_SMALL", "PLAYER_NAMES",
           "SMALL_DEAL", "WHITE_LIMIT", "IwokiGame", "opening_score", "IwokiSearch"]
