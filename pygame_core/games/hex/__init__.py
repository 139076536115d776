"""Hex (rules: docs/rules/hex.md), built on :mod:`..connection`.

One package, split by concern:

* :mod:`.rules`: :class:`HexGame` (registered as ``"hex"``), :class:`HexBoard`,
  :class:`HexMove` and the cell notation (``c5``);
* :mod:`.notation`: what the record formats share; :mod:`.sgf` (with :mod:`.sgf_parse`) and
  :mod:`.hexworld`: the SGF and HexWorld records; :mod:`.formats` registers them;
* :mod:`.pattern_table`: the learned move priors of :mod:`..connection.hex_patterns` for Hex;
* :mod:`.agents` and :mod:`.view`: the game's agents and its drawing.  This module imports
  neither: they are other layers, loaded on their own (:mod:`pygame_core.catalog`).

This module re-exports the public names of :mod:`.rules`.
"""

from .rules import (BLUE, EMPTY, LETTERS, MAX_SIZE, MIN_SIZE, PLAYER_NAMES, RED, HexBoard, HexGame, HexMove,
                    all_moves, cell_name, full_board_winner, parse_cell, render_board)

__all__ = ["BLUE", "EMPTY", "LETTERS", "MAX_SIZE", "MIN_SIZE", "PLAYER_NAMES", "RED", "HexBoard", "HexGame",
           "HexMove", "all_moves", "cell_name", "full_board_winner", "parse_cell", "render_board"]
