"""Triominos texts for people, each in English and as a code for the page's catalog
(:mod:`pygame_core.words`): a move in words ("5-5-5 to the right of 2-4-5, +7") and the status
("Round 2: Player 1 to move (drawn 2)")."""

from __future__ import annotations

from ...words import code, player, points_code, points_text, winners_with_points
from .pieces import Placement

# Where the new tile lies from the neighbour it shares an edge with: (dx, dy) from the new
# tile to that neighbour -> "<new> <side> <neighbour>"; MIDDLE is below an up-facing location
# (rows grow downward) and above a down-facing one.
_SIDES = {(-1, 0): ("right_of", "to the right of"), (1, 0): ("left_of", "to the left of"),
          (0, 1): ("above", "above"), (0, -1): ("below", "below")}
_BONUSES = {"bridge": "a bridge", "hexagon": "a hexagon", "double hexagon": "a double hexagon",
            "triple hexagon": "a triple hexagon", "opening": "the opening bonus"}


def placement_words(move: Placement, event: dict, earlier) -> tuple[str, dict]:
    """A placement in words and as a code: ``5-5-5 to the right of 2-4-5, +7`` (``+57 with a
    hexagon``; the opening tile ``opens``). ``earlier``: the round's placements before it, in
    play order."""
    x, y = move.location
    down = (x + y) % 2 == 1
    placed = {p.location: p for p in earlier}
    where, where_code = "opens", code("triominos.where.opens")
    for p in reversed(list(placed.values())):  # the latest neighbour across an edge
        dx, dy = p.location[0] - x, p.location[1] - y
        if dy and (dx or (dy == 1) == down):
            continue  # not across an edge: MIDDLE is (0, +1) up-facing, (0, -1) down-facing
        side = _SIDES.get((dx, dy))
        if side:
            where, where_code = f"{side[1]} {p.tile}", code(f"triominos.where.{side[0]}", tile=str(p.tile))
            break
    points = event.get("points", 0)
    tile = str(move.tile)
    text = f"{tile} {where}, {points_text(points)}"
    bonus = event.get("bonus_name")
    if bonus in _BONUSES:
        key = bonus.replace(" ", "_")
        return (f"{text} with {_BONUSES[bonus]}",
                code("triominos.move.place_bonus", tile=tile, where=where_code, points=points_code(points),
                     bonus=code(f"triominos.bonus.{key}")))
    return text, code("triominos.move.place", tile=tile, where=where_code, points=points_code(points))


def action_words(move_text: str, points: int) -> tuple[str, dict]:
    """``draw`` and ``pass`` in words, with what they cost: ``a draw, −5`` (read after "Ana
    played", as a placement is)."""
    kind = "draw" if move_text == "draw" else "pass"
    return f"a {kind}, {points_text(points)}", code(f"triominos.move.{kind}", points=points_code(points))


def status_words(game) -> tuple[str, dict]:
    """The status line and its code: ``Round 1: Player 2 opens``, ``… to move (drawn 2)``,
    ``Player 1 wins with 412 points``."""
    if game.is_over:
        return winners_with_points(game, game.totals)
    q, r = game.current_player, game.round
    name = game.player_names[q]
    if game.board.is_empty:
        return f"Round {r}: {name} opens", code("triominos.status.opens", round=r, name=player(q))
    if game.draws:
        return (f"Round {r}: {name} to move (drawn {game.draws})",
                code("triominos.status.to_move_drawn", round=r, name=player(q), draws=game.draws))
    return f"Round {r}: {name} to move", code("triominos.status.to_move", round=r, name=player(q))
