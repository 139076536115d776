"""The view layer: turns a position into plain data for drawing (a *scene*).

A scene is JSON: ``{"viewBox": [x, y, w, h], "layers": [{"name", "items": [...]}]}``.  Items
are ``{"kind": "polygon", "points": [[x, y], ...]}``, ``{"kind": "circle", "c": [x, y], "r"}``,
``{"kind": "polyline", "points"}``, or ``{"kind": "text", "at": [x, y], "text"}`` (a coordinate
label may add ``"line"``: the first and last cell centres of the row or column it names), each with
``"cls"`` (CSS classes), and optionally ``"target"`` (the id the UI sends back when the item is
clicked) and ``"name"`` (its accessible name; a previewed tile's ``"notation"``: its move's
notation, the page's tooltip).  Colours come from CSS.

Optional scene keys: ``"panels"`` (more scenes drawn beside the board, e.g. a hand of tiles:
``{"name", "title", "viewBox", "layers"}``, their items may carry targets too), ``"notes"``
(``[{"text", "cls"}]``: lines for an information card, e.g. the last move's score) and
``"player_notes"`` (one short text per player for the scoreboard, e.g. "7 tiles"; with
``"player_notes_codes"``, the same as codes: :mod:`pygame_core.words`) and
``"max_scale"`` (the most CSS pixels a scene unit may take on the page: a tile game's viewBox
hugs what is drawn, and this keeps its first tiles from filling the screen) and ``"turnable"``
(true: the board looks right turned a quarter, so the page may turn it where that draws it
bigger, e.g. Hex and Y on a phone held upright; text stays upright).

Moves map to click *paths*: :meth:`GameView.move_targets` gives each legal move the list of
targets clicked in order (``["tile:1-2-3", "at:(0,0)"]``); the UI narrows the legal moves by the
path clicked so far, and when a whole path fits several moves (orientations) it lets the user
cycle through them with a preview (:meth:`GameView.scene` with ``preview=move``).

Each game registers a :class:`GameView`; rules never import this package.  A game's view module
is imported on its first look-up (:func:`view_for`, :func:`scene`, :func:`move_targets`), from
the table in :mod:`pygame_core.catalog`.
"""

from __future__ import annotations

from .. import catalog, words
from ..core import Game


class GameView:
    """How one game is drawn and how its moves map to clickable targets."""

    def scene(self, game: Game, viewer: int | None = None, preview=None) -> dict:  # pragma: no cover
        """The scene of ``game`` as ``viewer`` sees it; ``preview``: a legal move to show
        tentatively (games whose click paths can end in several moves draw it)."""
        raise NotImplementedError

    def move_targets(self, game: Game, viewer: int | None = None) -> list[dict]:
        """Each legal move as ``{"move": text, "target": id or None, "path": [ids], "label"}``.

        ``path`` lists the targets clicked in order to make the move (``target`` is its last
        one); a move with an empty path is offered as a button labelled ``label``.
        """
        return [{"move": game.format_move(m), "target": game.format_move(m),
                 "path": [game.format_move(m)], "label": None}
                for m in game.legal_moves()]


_VIEWS: dict[str, GameView] = {}


def register_view(game_id: str, view: GameView) -> GameView:
    _VIEWS[game_id] = view
    return view


def view_for(game_id: str) -> GameView:
    """The view of ``game_id`` (its module is imported on first use); ``KeyError`` if none."""
    view = _VIEWS.get(game_id)
    if view is None:
        catalog.load(game_id, "view")
        view = _VIEWS[game_id]
    return view


def scene(game: Game, viewer: int | None = None, preview=None, words: tuple | None = None) -> dict:
    """The scene of ``game`` (:meth:`GameView.scene`).  ``words``: the previewed move in words
    and as a code (``(text, code)``, :meth:`Game.move_words` and :meth:`Game.move_words_code` of
    the move played): a tile drawn tentatively and named by its notation (``preview of 2-4-5
    BAC (7,0)``) is named by them instead (``preview of 5-5-5 to the right of 2-4-5, +7``, as
    the move list words it), its notation kept in ``notation`` (the page's tooltip)."""
    if preview is None:
        return view_for(game.game_id).scene(game, viewer)
    out = view_for(game.game_id).scene(game, viewer, preview=preview)
    if words is not None:
        _name_preview(out, str(preview), *words)
    return out


def _name_preview(shown: dict, notation: str, text: str, code) -> None:
    for layer in shown["layers"]:
        for item in layer["items"]:
            named = item.get("name_code") or {}
            if named.get("key") == "scene.preview" and named["params"].get("move") == notation:
                item.update(name=f"preview of {text}", notation=notation,
                            name_code=words.code("scene.preview", move=text if code is None else code))


def move_targets(game: Game, viewer: int | None = None) -> list[dict]:
    """The legal moves with their click paths (``path`` filled in from ``target``)."""
    out = view_for(game.game_id).move_targets(game, viewer)
    for m in out:
        if "path" not in m:
            m["path"] = [] if m.get("target") is None else [m["target"]]
    return out


def polygon(points, cls: str, target: str | None = None, name: str | tuple | None = None) -> dict:
    """A polygon item, clickable when it has a ``target``, named for screen readers: ``name``
    is the English, or ``(english, code)`` (:mod:`pygame_core.words`: the page words the code)."""
    item = {"kind": "polygon", "points": pts(points), "cls": cls}
    if target is not None:
        item["target"] = target
    if isinstance(name, tuple):
        item["name"], item["name_code"] = name
    elif name is not None:
        item["name"] = name
    return item


def r3(v: float) -> float:
    return round(v, 3)


def pts(points) -> list[list[float]]:
    return [[r3(x), r3(y)] for x, y in points]


def hex_cell_items(cells, legal: set, last, chain: set, names) -> tuple[list[dict], list[dict]]:
    """Items for boards of pointy-top hexagonal cells (Hex, regular Y).

    ``cells`` yields ``(key, name, (cx, cy), owner_classes or None, owner seat or None)``;
    ``legal``, ``last`` and ``chain`` refer to keys; ``names``: the seats' names.  Returns
    ``(cell items, mark items)``: the marks are the last-move dot and the outlines of a winning
    chain, drawn above every cell.  Each cell is named in English (``name``) and as a code
    (``name_code``, :func:`cell_name_code`) the page words in the reader's language.
    """
    from ..geometry.hexgrid import hexagon_corners
    items, marks = [], []
    for key, name, (cx, cy), owner_cls, owner in cells:
        cls = ["cell"]
        if owner_cls is None:
            cls.append("empty")
        else:
            cls += ["stone", owner_cls]
        if key in legal:
            cls.append("legal")
        if key == last:
            cls.append("last")
        if key in chain:
            cls.append("win")
            marks.append({"kind": "polygon", "points": pts(hexagon_corners(cx, cy, 0.86)), "cls": "win-outline"})
        if key == last:
            marks.append({"kind": "circle", "c": [r3(cx), r3(cy)], "r": 0.28, "cls": "last-marker"})
        text, name_code = cell_name(name, owner, names, key == last, key in chain)
        items.append({"kind": "polygon", "points": pts(hexagon_corners(cx, cy, 1.0)),
                      "cls": " ".join(cls), "target": name, "name": text, "name_code": name_code})
    return items, marks


def cell_name(cell: str, owner, names, last: bool, win: bool, group: bool = False) -> tuple[str, dict]:
    """A cell's accessible name in English and as a code: "c3, empty", "c3, Blue, last move",
    "c3, Red, winning chain" (``group``: "winning group", radial Y)."""
    if owner is None:
        state, state_code = "empty", words.code("scene.state.empty")
    else:
        state, state_code = names[owner], words.code("scene.state.stone", player=words.player(owner))
    if last:
        state, state_code = f"{state}, last move", words.code("scene.state.last", state=state_code)
    if win:
        whole = "group" if group else "chain"
        state, state_code = f"{state}, winning {whole}", words.code(f"scene.state.win_{whole}", state=state_code)
    return f"{cell}, {state}", words.code("scene.cell", cell=cell, state=state_code)


def coord_labels(columns: int, rows: int, triangle: bool = False) -> list[dict]:
    """Column letters above row 1 and row numbers left of column a (Hex and regular Y).

    Each label's ``line`` holds the centres of the first and the last cell of the column or row
    it names (``triangle``: Y's board, whose row ``y`` and column ``x`` end at ``x + y = n - 1``),
    so a page that shows part of the board can keep the label beside its line."""
    from ..geometry.hexgrid import cell_centre
    letters = "abcdefghijklmnopqrstuvwxyz"
    labels = []
    for x in range(columns):
        cx, cy = cell_centre(x, 0)
        end = cell_centre(x, (columns - 1 - x) if triangle else rows - 1)
        labels.append({"kind": "text", "at": [r3(cx), r3(cy - 1.38)], "text": letters[x], "cls": "coord",
                       "line": pts([(cx, cy), end])})
    for y in range(rows):
        cx, cy = cell_centre(0, y)
        end = cell_centre((rows - 1 - y) if triangle else columns - 1, y)
        labels.append({"kind": "text", "at": [r3(cx - 1.3), r3(cy)], "text": str(y + 1), "cls": "coord",
                       "line": pts([(cx, cy), end])})
    return labels
