"""iwoki Maths texts for people, each in English and as a code for the page's catalog
(:mod:`pygame_core.words`): a move in words ("1 1 2 (+) between H1, H5 and H6, +8") and the
status ("Player 2 to move (has drawn)")."""

from __future__ import annotations

from ...geometry import hexspiral
from ...words import code, player, points_code, points_text, winners_with_points
from .pieces import HexPlacement, SmallPlacement, order_text


def move_words(move, event: dict) -> tuple[str, dict]:
    """A move in words and as a code: ``1 1 2 (+) between H1, H5 and H6, +8``, ``hexagon
    *52466 in H7, +6``, ``a draw``, ``a pass``; a hexagonal tile the white tokens brought is
    added."""
    opening = "_opens" if event.get("opening") else ""
    opens = " opens" if opening else ""
    points = event.get("points", 0)
    if isinstance(move, SmallPlacement):
        a, b, c = sorted(hexspiral.small_gap_name(move.gap).split("_"), key=lambda h: int(h[1:]))
        digits = " ".join(str(d) for d in move.order.digits)
        sign = "+" if move.order.sign == "+" else "−"
        text = f"{digits} ({sign}){opens} between {a}, {b} and {c}, {points_text(points)}"
        words = code(f"iwoki.move.small{opening}", digits=digits, sign=sign, a=a, b=b, c=c,
                     points=points_code(points))
    elif isinstance(move, HexPlacement):
        order, gap = order_text(move.order), hexspiral.hex_name(move.gap)
        text = f"hexagon {order}{opens} in {gap}, {points_text(points)}"
        words = code(f"iwoki.move.hex{opening}", order=order, gap=gap, points=points_code(points))
    else:
        kind = "draw" if str(move) == "draw" else "pass"  # (read after "Ana played")
        text, words = f"a {kind}", code(f"iwoki.move.{kind}")
    if "hex_drawn" in event and event["hex_drawn"] != "":
        return f"{text}; 3 white tokens: a hexagonal tile", code("iwoki.move.with_hex", move=words)
    return text, words


def status_words(game) -> tuple[str, dict]:
    """The status line and its code: ``Player 1 makes the first move``, ``Player 2 to move (has
    drawn)``, ``Player 1 wins with 31 points``."""
    if game.is_over:
        return winners_with_points(game, game.scores)
    q = game.current_player
    name = game.player_names[q]
    if game.board.is_empty:
        return f"{name} makes the first move", code("iwoki.status.first", name=player(q))
    if game.drew:
        return f"{name} to move (has drawn)", code("iwoki.status.to_move_drawn", name=player(q))
    return f"{name} to move", code("words.to_move", name=player(q))
