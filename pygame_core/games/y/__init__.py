"""The Game of Y (rules: docs/rules/y.md), built on :mod:`..connection` and Hex's
notation.

* :mod:`.rules`: :class:`YGame` (registered as ``"y"``), :class:`YBoard`, :class:`YMove`;
* :mod:`.pattern_table`: the learned move priors of :mod:`..connection.hex_patterns` for Y;
* :mod:`.view`: the game's drawing.  This module does not import it: it is another layer,
  loaded on its own (:mod:`pygame_core.catalog`).

This module re-exports the public names of :mod:`.rules`.
"""

from .rules import EMPTY, PLAYER_NAMES, O, X, YBoard, YGame, YMove, full_board_y_owner, has_y

__all__ = ["EMPTY", "PLAYER_NAMES", "O", "X", "YBoard", "YGame", "YMove", "full_board_y_owner", "has_y"]
