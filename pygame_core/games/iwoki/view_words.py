"""The iwoki Maths view's texts for people (the notes, the hands' titles, the action buttons),
each in English and as a code for the page's catalog (:mod:`pygame_core.words`)."""

from __future__ import annotations

from ...words import code, parts, player


def note(text: str, words: dict, cls: str) -> dict:
    return {"text": text, "text_code": words, "cls": cls}


def last_move(game, ev: dict) -> tuple[str, dict]:
    """``Last move: Player 1 played 1 1 2 (+) between H1, H5 and H6, +8 (3 + 5)``; the white
    tokens' hexagonal tile that the empty bag could not give is said."""
    q, n = ev["player"], len(game.history) - 1
    words, words_code = game.move_words(n, game._viewer), game.move_words_code(n, game._viewer)
    text, played = f"{game.player_names[q]} played {words}", code("words.played", name=player(q), move=words_code)
    matches = [str(m[2]) for m in ev.get("matches", [])]
    if len(matches) > 1:
        total = " + ".join(matches)
        text, played = f"{text} ({total})", code("iwoki.note.matches", played=played, sum=total)
    if ev.get("hex_drawn") == "":
        text, played = (f"{text}; 3 white tokens, but the hexagonal bag is empty",
                        code("iwoki.note.bag_empty", played=played))
    return f"Last move: {text}", code("notes.last_move", move=played)


def final(game) -> tuple[str, dict]:
    """``Final: Player 1 31 − 4 = 27, Player 2 …`` (points minus the small tiles left)."""
    texts, codes = [], []
    for q, name in enumerate(game.player_names):
        p, pen, score = game.points[q], game.penalties[q], game.scores[q]
        texts.append(f"{name} {p} − {pen} = {score}")
        codes.append(code("iwoki.note.final_player", name=player(q), points=p, penalties=pen, score=score))
    return "Final: " + ", ".join(texts), code("iwoki.note.final", scores=parts(codes))


def info(game) -> tuple[str, dict]:
    """``Turn order: Player 2, Player 1 · bags: 21 small, 9 hexagonal``."""
    order = ", ".join(game.player_names[q] for q in game.order)
    small, hexes = len(game.small_bag), len(game.hex_bag)
    return (f"Turn order: {order} · bags: {small} small, {hexes} hexagonal",
            code("iwoki.note.info", order=parts(player(q) for q in game.order), small=small, hexes=hexes))


TOKENS = ("● white tokens: a draw, a − face or a pass earns one; the third brings a hexagonal tile · "
          "red: one small tile left", code("iwoki.note.tokens"))


def tokens(game, q: int) -> tuple[str, dict]:
    """A seat's tokens for the scoreboard (white, red): "●○", "●● · red"."""
    white = f"{'●' * game.white[q]}{'○' * (2 - game.white[q])}"
    if game.red(q):
        return f"{white} · red", code("iwoki.player_note_red", tokens=white)
    return white, code("iwoki.player_note", tokens=white)


def to_move(game) -> tuple[str, dict] | None:
    """What the player to move may do at the start, or after drawing; else ``None``."""
    q = game.current_player
    who = game.player_names[q]
    if game.board.is_empty:
        return (f"{who} opens: a hexagonal tile in H1 or a small tile in H1_H4_H5",
                code("iwoki.note.opens", name=player(q)))
    if game.drew:
        return f"{who} has drawn: place a tile or pass", code("iwoki.note.drawn", name=player(q))
    return None


def hand_title(game, q: int, viewer, own: bool, n_small: int) -> tuple[str, dict]:
    """``Your tiles (Player 1): 8 small, 3 hexagonal``, ``Player 2's tiles: …`` or another's
    ``Player 2's hexagonal tiles (face up); 9 small tiles hidden``."""
    name, n_hex = game.player_names[q], len(game.hex_hands[q])
    if not own:
        return (f"{name}'s hexagonal tiles (face up); {n_small} small tiles hidden",
                code("iwoki.hand.public", name=player(q), small=n_small))
    if viewer is not None:
        return (f"Your tiles ({name}): {n_small} small, {n_hex} hexagonal",
                code("iwoki.hand.yours", name=player(q), small=n_small, hexes=n_hex))
    return (f"{name}'s tiles: {n_small} small, {n_hex} hexagonal",
            code("iwoki.hand.of", name=player(q), small=n_small, hexes=n_hex))


ACTIONS = {"draw": ("Draw a small tile", code("iwoki.action.draw")), "pass": ("Pass", code("iwoki.action.pass"))}


# ---------------------------------------------------------------- the board's accessible names
def _marked(text: str, words: dict, last: bool, opening: bool) -> tuple[str, dict]:
    if last:
        text, words = f"{text}, last move", code("scene.state.last", state=words)
    if opening:
        text, words = f"{text}, the opening tile", code("scene.state.opening", state=words)
    return text, words


def hex_placed_name(gap: str, order: str, values, last: bool, opening: bool) -> tuple[str, dict]:
    """``H4: hexagonal tile *36242 (vertices 1-6: wildcard, 3, 6, 2, 4, 2)`` (``, last
    move``, ``, the opening tile``); ``values``: the numbers, ``None`` for the wildcard."""
    shown = [("wildcard", code("iwoki.wildcard")) if v is None else (str(v), v) for v in values]
    text = f"{gap}: hexagonal tile {order} (vertices 1-6: {', '.join(t for t, _ in shown)})"
    words = code("iwoki.tile.hex_placed", gap=gap, order=order, values=parts(c for _, c in shown))
    return _marked(text, words, last, opening)


def small_placed_name(gap: str, tile: str, delivers: str, last: bool, opening: bool) -> tuple[str, dict]:
    """``H1_H4_H5: small tile 124+ (delivers 3, 5, 6)``."""
    return _marked(f"{gap}: small tile {tile} (delivers {delivers})",
                   code("iwoki.tile.small_placed", gap=gap, tile=tile, delivers=delivers), last, opening)


def hex_gap_name(gap: str, needs) -> tuple[str, dict]:
    """``fittable hexagonal gap H7, needs vertex 1 3, vertex 2 5`` (``needs``: (vertex, number))."""
    text, words = f"fittable hexagonal gap {gap}", code("iwoki.gap.hex", gap=gap)
    if needs:
        text = f"{text}, needs " + ", ".join(f"vertex {v} {d}" for v, d in needs)
        words = code("scene.spot_needs", spot=words, needs=parts(code("iwoki.vertex", v=v, n=d) for v, d in needs))
    return text, words


def small_gap_name(gap: str) -> tuple[str, dict]:
    return f"fittable small gap {gap}", code("iwoki.gap.small", gap=gap)


def hand_small_name(tile, count: int) -> tuple[str, dict]:
    """``small tile 124`` (``, 2 copies``)."""
    if count > 1:
        return f"small tile {tile}, {count} copies", code("iwoki.tile.small_copies", tile=str(tile), n=count)
    return f"small tile {tile}", code("iwoki.tile.small", tile=str(tile))


def hand_hex_name(tile, order: str) -> tuple[str, dict]:
    return f"hexagonal tile {tile} {order}", code("iwoki.tile.hex", tile=str(tile), order=order)


def preview_name(move) -> tuple[str, dict]:
    return f"preview of {move}", code("scene.preview", move=str(move))
