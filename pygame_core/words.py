"""What the games share to write texts for people: moves in words (``Game.move_words``), the
status (``Game.result_text``) and the scene's names, each in English and ALSO as a *code*, so
that the page words it in the reader's language (docs/languages.md, "The engine's words").

A code is JSON: ``{"key": "triominos.move.place", "params": {...}}``; the page's catalog
(``web/i18n/messages/engine/<lang>.js``) holds the message of each key.  A parameter is a plain
value (a number, a tile "2-4-5", a cell "c3": the same in every language), a nested code (a part
of a composed text: the points, where a tile lies), ``{"player": q}`` (seat ``q``'s name as the
page shows it), ``{"players": [q, ...]}`` (their names as a list: "Ana and Bo"), ``{"and": [...]}``
(parts as such a list: "fungi and plant"), ``{"or": [...]}`` or ``{"parts": [...]}``.  The English
a code gives through the English catalog is the engine's English (tests/test_engine_words.py).
"""
from __future__ import annotations


def code(key: str, **params) -> dict:
    """A text as a code: ``code("words.points.gain", n=7)``."""
    return {"key": key, "params": params}


def player(q: int) -> dict:
    """Seat ``q``'s name, as a parameter of a code."""
    return {"player": q}


def players(seats) -> dict:
    """Seats' names as a list ("Ana and Bo"), as a parameter of a code."""
    return {"players": list(seats)}


def all_of(items) -> dict:
    """Parts as a list joined by "and" (``Intl.ListFormat``: "fungi and plant", in English as
    :func:`names_text` writes it), as a parameter of a code."""
    return {"and": list(items)}


def names_text(names) -> str:
    """Names as an English list, as the page's ``Intl.ListFormat`` writes it: "Ana", "Ana and
    Bo", "Ana, Bo, and Cy"."""
    names = list(names)
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + ", and " + names[-1]


def points_text(points: int) -> str:
    """Points won or lost by a move: ``+7``, ``−5`` (a true minus sign), ``no points``."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "no points"


def points_code(points: int) -> dict:
    """:func:`points_text` as a code."""
    if points > 0:
        return code("words.points.gain", n=points)
    if points < 0:
        return code("words.points.loss", n=-points)
    return code("words.points.none")


def wins_text(names, points: int | None = None) -> str:
    """"Blue wins", "Ana and Bo win", "… with 57 points"."""
    names = list(names)
    text = names_text(names) + (" win" if len(names) > 1 else " wins")
    return text if points is None else text + f" with {points} points"


def wins_code(seats, points: int | None = None) -> dict:
    """:func:`wins_text` as a code, by the winners' seats."""
    seats = list(seats)
    if points is None:
        return code("words.wins", names=players(seats), count=len(seats))
    return code("words.wins_points", names=players(seats), count=len(seats), points=points)


ACTIONS = {"draw": "words.action.draw", "pass": "words.action.pass", "swap": "words.action.swap"}


def or_text(items) -> str:
    """Alternatives as an English list, as ``Intl.ListFormat`` (disjunction) writes them: "a",
    "a or b", "a, b, or c" (a code's parameter ``{"or": [...]}``)."""
    items = list(items)
    if len(items) <= 2:
        return " or ".join(items)
    return ", ".join(items[:-1]) + ", or " + items[-1]


def parts(items) -> dict:
    """Parts of a text joined by ", " (the same in every language), as a parameter of a code."""
    return {"parts": list(items)}


def winners_with_points(game, totals) -> tuple[str, dict]:
    """A finished game's result with the winners' points (``totals``: each seat's), in English
    and as a code: "Player 1 wins with 412 points"."""
    winners = game.winners
    points = totals[winners[0]]
    return wins_text((game.player_names[q] for q in winners), points), wins_code(winners, points)
