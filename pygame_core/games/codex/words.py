"""Codex Naturalis texts for people, each in English and as a code for the page's catalog
(:mod:`pygame_core.words`): a move in words ("card 66, back up, at (2,-6), +3") and the status
("Player 2 draws a card"); records and exports keep the notation ("play 66 back at (2,-6)")."""

from __future__ import annotations

from ...words import code, player, winners_with_points
from .notation import DrawMove, ObjectiveMove, PlayMove, StarterMove

_SIDE = {True: ("front", "front up"), False: ("back", "back up")}


def move_words(game, index: int, viewer: int | None) -> tuple[str, dict]:
    """Move ``index`` in words as ``viewer`` may read it (another's secret objective stays
    secret while the game goes on), and as a code."""
    move, event = game.history[index], game.events[index]
    if isinstance(move, StarterMove):
        side, words = _SIDE[move.front]
        return f"starter card {move.card}, {words}", code(f"codex.move.starter_{side}", card=move.card)
    if isinstance(move, ObjectiveMove):
        if viewer is not None and viewer != event["player"] and not game.is_over:
            return "a secret objective", code("codex.move.objective_secret")
        return f"objective {move.objective}", code("codex.move.objective", objective=move.objective)
    if isinstance(move, PlayMove):
        side, words = _SIDE[move.front]
        at = f"({move.at[0]},{move.at[1]})"
        points = event.get("points", 0)
        if points:
            return (f"card {move.card}, {words}, at {at}, +{points}",
                    code(f"codex.move.play_{side}_points", card=move.card, at=at, points=points))
        return f"card {move.card}, {words}, at {at}", code(f"codex.move.play_{side}", card=move.card, at=at)
    if isinstance(move, DrawMove):
        if move.source in ("resource-deck", "gold-deck"):
            kind = move.source[:-5]
            return f"a card from the {kind} deck", code(f"codex.move.draw_{kind}_deck")
        return f"face-up card {move.source}", code("codex.move.draw_face_up", card=int(move.source))
    return "a pass", code("codex.move.pass")


def status_words(game) -> tuple[str, dict]:
    """The status line and its code: ``Player 1 places their starter card``, ``… chooses a
    secret objective``, ``… places a card``, ``… draws a card``, ``Player 2 wins with 23 points``."""
    if game.is_over:
        return winners_with_points(game, game.scores)
    q = game.turn
    name = game.player_names[q]
    if game.phase == "starter":
        return f"{name} places their starter card", code("codex.status.starter", name=player(q))
    if game.phase == "objective":
        return f"{name} chooses a secret objective", code("codex.status.objective", name=player(q))
    if game.step == "place":
        return f"{name} places a card", code("codex.status.place", name=player(q))
    return f"{name} draws a card", code("codex.status.draw", name=player(q))
