"""What the connection games (Hex and Y) share: their rules base and their search.

* :mod:`.rules`: :class:`ConnectionGame` (two players place stones until one connects),
  :class:`UnionFindBoard`, and the bridge tables and fills of playouts;
* :mod:`.bitboard` (with :mod:`.bitboard_base`, :mod:`.bitboard_vc`, :mod:`.bitboard_ica`,
  :mod:`.bitboard_hsearch`, :mod:`.bitboard_dfpn`): positions as bitboards on Python ints, and
  what the search proves on them (must-play regions, inferior cells, H-search, df-pn);
* :mod:`.hex_patterns`: the learned move priors of local patterns (the tables live in
  ``games/hex/pattern_table.py`` and ``games/y/pattern_table.py``);
* :mod:`.mcts` and :mod:`.hsearch`: the fast search itself, which
  :class:`~pygame_core.agents.mcts.MCTSAgent` uses for Hex and Y.

This module re-exports the rules base only; the search modules are imported by who uses them.
"""

from .rules import ConnectionGame, UnionFindBoard, bridge_fill, bridge_table

__all__ = ["ConnectionGame", "UnionFindBoard", "bridge_fill", "bridge_table"]
