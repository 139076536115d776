"""iwoki Maths move text: :func:`parse_placement` reads ``112+ @ H1_H5_H6`` or ``*52466 @ H7``
(any order of the gap names, any case); gaps are ``H<n>`` (the spiral numbering of
:mod:`pygame_core.geometry.hexspiral`) and ``H<a>_H<b>_H<c>``."""

from __future__ import annotations

import re

from ...core import InvalidMoveError, clean_move_text, quote
from ...geometry import hexspiral
from ...geometry.hexspiral import Hex, SmallKey
from .pieces import (_SMALL_ORDER_SET, HEX_ORDER_TILE, SMALL_TILES, HexPlacement, SmallOrder, SmallPlacement,
                     _values)


MAX_HEX_NUMBER = 100_000
_GAP_NAME = re.compile(r"^h(\d{1,6})$")
# Read on text folded by ``clean_move_text`` (stripped, one space per run of white space), so a
# single optional space stands for any white space.  The two unbounded runs cannot backtrack
# more than linearly: each is followed only by characters outside its class (``[0-9*]+`` by a
# space, a sign or ``@``; the gap name by the end of the text).
_MOVE = re.compile(r"([0-9*]+) ?([+\-−])? ?@ ?([A-Za-z0-9_]+)")


def parse_hex_gap(text: str) -> Hex:
    m = _GAP_NAME.match(text.strip().lower())
    if not m or not 1 <= int(m.group(1)) <= MAX_HEX_NUMBER:
        raise InvalidMoveError(f"{quote(text)} is not a hexagonal gap; write H and a number from 1, e.g. H7")
    return hexspiral.hex_at(int(m.group(1)))


def parse_small_gap(text: str) -> SmallKey:
    parts = text.strip().split("_")
    if len(parts) != 3:
        raise InvalidMoveError(f"{quote(text)} is not a small gap; name its three hexagonal gaps, e.g. H1_H5_H6")
    hexes = [parse_hex_gap(p) for p in parts]
    key = hexspiral.small_gap_of(hexes)
    if key is None:
        raise InvalidMoveError(f"{quote(text)} is not a small gap: those three hexagonal gaps do not meet at a point")
    return key


def parse_placement(text: str):
    """``112+ @ H1_H5_H6`` or ``*52466 @ H7`` (any order of the gap names, any case)."""
    text = clean_move_text(text)
    m = _MOVE.fullmatch(text)
    if not m:
        raise InvalidMoveError(f"{quote(text)} is not an iwoki move; write e.g. 112+ @ H1_H5_H6, "
                               f"*52466 @ H7, draw or pass")
    digits, sign, gap = m.groups()
    if sign is not None:
        if len(digits) != 3 or not all(c in "1234" for c in digits):
            raise InvalidMoveError(f"{quote(digits + sign)} is not a small tile order: three numbers 1-4 and + or -")
        order = SmallOrder(tuple(int(c) for c in digits), "-" if sign in "-−" else "+")
        if order not in _SMALL_ORDER_SET:
            tile = order.tile
            known = any(t == tile for t in SMALL_TILES)
            if not known:
                raise InvalidMoveError(f"there is no small tile {''.join(sorted(digits))}")
            faces = ", ".join(str(o) for o in tile.orders())
            raise InvalidMoveError(f"{order} is not an order of the small tile {tile}: its orders are {faces}")
        return SmallPlacement(order, parse_small_gap(gap))
    if len(digits) != 6 or not all(c in "*0123456" for c in digits):
        raise InvalidMoveError(f"{quote(digits)} is not a hexagonal tile order: six characters from *0123456 "
                               f"(or a small tile order needs a + or - sign)")
    order = _values(digits)
    if order not in HEX_ORDER_TILE:
        raise InvalidMoveError(f"{digits} is not an order of any hexagonal tile")
    return HexPlacement(order, parse_hex_gap(gap))
