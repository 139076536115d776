"""The Triominos view's texts for people (the notes, the hands' titles, the action buttons), each
in English and as a code for the page's catalog (:mod:`pygame_core.words`): ``note(text, code,
cls)`` gives a note as the scene carries it."""

from __future__ import annotations

from ...words import code, names_text, or_text, parts, player, players


def note(text: str, words: dict, cls: str) -> dict:
    return {"text": text, "text_code": words, "cls": cls}


def last_move(game, ev: dict) -> tuple[str, dict]:
    """``Last move: Player 2 played 5-5-5 to the right of 2-4-5, +7``."""
    q, n = ev["player"], len(game.history) - 1
    who = game.player_names[q]
    words, words_code = game.move_words(n, game._viewer), game.move_words_code(n, game._viewer)
    return (f"Last move: {who} played {words}",
            code("notes.last_move", move=code("words.played", name=player(q), move=words_code)))


def round_end(game, end: dict) -> tuple[str, dict]:
    """``Round 1 over: Player 1 went out: 25 + 31 = 56`` or ``Round 2 blocked: …``."""
    names = names_text(game.player_names[q] for q in end["winners"])
    who = players(end["winners"])
    gain = max(end["gains"]) if end["gains"] else 0
    r, count = end["round"], len(end["winners"])
    if end["kind"] == "out":  # (one player goes out)
        return (f"Round {r} over: {names} went out: 25 + {gain - 25} = {gain}",
                code("triominos.note.round_out", round=r, names=who, rest=gain - 25, gain=gain))
    return (f"Round {r} blocked: {names} had the lowest hand and {'scores' if count == 1 else 'score'} {gain}",
            code("triominos.note.round_blocked", round=r, names=who, count=count, gain=gain))


def info(game) -> tuple[str, dict]:
    """``Round 1 · pool 14 tiles`` (`` · playing to 400, at most 20 rounds``)."""
    r, pool = game.round, len(game.pool)
    if game.options["target"] is None:
        return f"Round {r} · pool {pool} tiles", code("triominos.note.info", round=r, pool=pool)
    target, rounds = game.options["target"], game.options["max_rounds"]
    return (f"Round {r} · pool {pool} tiles · playing to {target}, at most {rounds} rounds",
            code("triominos.note.info_target", round=r, pool=pool, target=target, rounds=rounds))


def opens(game, shown: bool) -> tuple[str, dict]:
    """``Player 2 opens with the best tile (5-5-5)`` (the tile for those who may see it)."""
    q = game.current_player
    name = game.player_names[q]
    if not shown:
        return f"{name} opens with the best tile", code("triominos.note.opens", name=player(q))
    tiles = [str(t) for t in sorted(game.opening_tiles)] or ["?"]
    return (f"{name} opens with the best tile ({or_text(tiles)})",
            code("triominos.note.opens_with", name=player(q), tiles={"or": tiles}))


def drawn(game) -> tuple[str, dict]:
    q = game.current_player
    return (f"{game.player_names[q]} has drawn {game.draws} of 3",
            code("triominos.note.drawn", name=player(q), draws=game.draws))


def hand_title(game, q: int, viewer, hand, points: int) -> tuple[str, dict]:
    """``Your tiles (Player 1): 7 tiles, 61 points`` or ``Player 2's tiles: …``."""
    name = game.player_names[q]
    n = len(hand)
    count = f"{n} tile" + ("" if n == 1 else "s")
    if viewer is not None:
        return (f"Your tiles ({name}): {count}, {points} points",
                code("triominos.hand.yours", name=player(q), n=n, points=points))
    return f"{name}'s tiles: {count}, {points} points", code("triominos.hand.of", name=player(q), n=n, points=points)


ACTIONS = {"draw": ("Draw a tile (-5)", code("triominos.action.draw")),
           "pass": ("Pass (-10)", code("triominos.action.pass"))}


# ---------------------------------------------------------------- the board's accessible names
def placed_name(loc, placement, opening: bool, last: bool) -> tuple[str, dict]:
    """``(3,1) 2-4-5 showing left 2, middle 5, right 4`` (``, the opening tile``, ``, last move``)."""
    x, y = loc
    a, b, c = placement.corners
    text = f"({x},{y}) {placement.tile} showing left {a}, middle {b}, right {c}"
    words = code("triominos.tile.placed", at=f"({x},{y})", tile=str(placement.tile), left=a, middle=b, right=c)
    if opening:
        text, words = f"{text}, the opening tile", code("scene.state.opening", state=words)
    if last:
        text, words = f"{text}, last move", code("scene.state.last", state=words)
    return text, words


def spot_name(loc, up: bool, needs) -> tuple[str, dict]:
    """``free spot (3,1), up-facing, needs left 2, right 4`` (``needs``: corner name -> number)."""
    x, y = loc
    facing = "up" if up else "down"
    text, words = f"free spot ({x},{y}), {facing}-facing", code(f"triominos.spot.{facing}", at=f"({x},{y})")
    if needs:
        shown = ", ".join(f"{c} {v}" for c, v in needs)
        text, words = (f"{text}, needs {shown}", code("scene.spot_needs", spot=words, needs=parts(
            code(f"triominos.corner.{c}", n=v) for c, v in needs)))
    return text, words


def hand_tile_name(tile) -> tuple[str, dict]:
    """``tile 2-4-5, 11 points``."""
    return f"tile {tile}, {tile.points} points", code("triominos.tile.hand", tile=str(tile), points=tile.points)


def preview_name(move) -> tuple[str, dict]:
    return f"preview of {move}", code("scene.preview", move=str(move))
