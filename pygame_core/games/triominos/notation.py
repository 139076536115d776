"""Triominos move text: ``1-2-3 ACB (-2,1)`` (tile, orientation, location), read by
:func:`parse_placement` (``draw`` and ``pass`` are the shared actions of :mod:`pygame_core.core`)."""

from __future__ import annotations

import re

from ...core import InvalidMoveError, clean_move_text, quote
from .pieces import _ORIENT, Placement, Tile


_PLACEMENT = re.compile(  # on folded text (see _TILE): bounded quantifiers only
    r"([0-5]) ?- ?([0-5]) ?- ?([0-5]) ([A-Ca-c]{3}) ?(?:@|at)? ?\(? ?(-?\d{1,4}) ?, ?(-?\d{1,4}) ?\)?")


def parse_placement(text: str) -> Placement:
    text = clean_move_text(text)
    m = _PLACEMENT.fullmatch(text)
    if not m:
        raise InvalidMoveError(
            f"{quote(text)} is not a Triominos move; write a placement like 1-2-3 ACB (-2,1), or draw, or pass")
    a, b, c, o, x, y = m.groups()
    name = o.upper()
    if name not in _ORIENT:
        raise InvalidMoveError(f"{quote(o)} is not an orientation; use one of ABC, ACB, CAB, CBA, BCA, BAC")
    return Placement(Tile.of(int(a), int(b), int(c)), _ORIENT[name], (int(x), int(y)))
