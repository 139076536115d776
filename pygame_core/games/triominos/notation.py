"""Triominos move text: ``1-2-3 ACB (-2,1)`` (tile, orientation, location), read by
:func:`parse_placement` (``draw`` and ``pass`` are the shared actions of :mod:`pygame_core.core`)."""

from __future__ import annotations

import re

from ...core import InvalidMoveError, clean_move_text, quote
from ...words import points_text
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



# --------------------------------------------------------------------------- moves in words
# Where the new tile lies from the neighbour it shares an edge with: (dx, dy) from the new
# tile to that neighbour -> "<new> <side> <neighbour>"; MIDDLE is below an up-facing location
# (rows grow downward) and above a down-facing one.
_SIDES = {(-1, 0): "to the right of", (1, 0): "to the left of", (0, 1): "above", (0, -1): "below"}


def placement_words(move: Placement, event: dict, earlier) -> str:
    """A placement in words: ``5-5-5 to the right of 2-4-5, +7`` (``+57 with a hexagon``; the
    opening tile ``opens``). ``earlier``: the round's placements before it, in play order."""
    x, y = move.location
    down = (x + y) % 2 == 1
    placed = {p.location: p for p in earlier}
    where = "opens"
    for p in reversed(list(placed.values())):  # the latest neighbour across an edge
        dx, dy = p.location[0] - x, p.location[1] - y
        if dy and (dx or (dy == 1) == down):
            continue  # not across an edge: MIDDLE is (0, +1) up-facing, (0, -1) down-facing
        side = _SIDES.get((dx, dy))
        if side:
            where = f"{side} {p.tile}"
            break
    text = f"{move.tile} {where}, {points_text(event.get('points', 0))}"
    bonus = event.get("bonus_name")
    if bonus and bonus != "opening":
        text += f" with a {bonus}"
    elif bonus == "opening":
        text += " with the opening bonus"
    return text


def action_words(move_text: str, points: int) -> str:
    """``draw`` and ``pass`` in words, with what they cost: ``a draw, −5`` (read after "Ana
    played", as a placement is)."""
    return f"{'a draw' if move_text == 'draw' else 'a pass'}, {points_text(points)}"
