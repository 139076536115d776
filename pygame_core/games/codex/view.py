"""Scene for Codex Naturalis: a player's play area (cards drawn from the card data: corner
symbols, centre resources, points and requirements), the available positions, the hand, the
face-up market and the decks.

Click targets: ``card:43`` (a card in the hand), ``at:(x,y)`` (an available position);
a placement is the path ``[card, position]`` and both sides usually fit, so the UI's preview
cycles between front and back (R) before Enter places it.  Drawing: ``draw:51`` (a face-up
card), ``draw:resource-deck`` / ``draw:gold-deck``.  Setup: ``starter:front`` / ``starter:back``
(both sides of the starter card, drawn on the empty board) and ``objective:97`` (the two secret
objective cards dealt, drawn in a panel above the hand).  Only ``pass`` is a button.
"""

from __future__ import annotations

from ...geometry.cornergrid import CORNER_OFFSETS, CORNERS
from ...view import GameView, polygon, r3, register_view
from ...words import code
from . import view_words as words
from .notation import CODEX_PASS, DrawMove, ObjectiveMove, PlayMove, StarterMove
from .pieces import COLOUR_NAMES, EMPTY, HIDDEN, HiddenCard, load_cards
from .rules import CodexGame

MAX_SCALE = 75  # the page draws a unit at most this many CSS px (a card about 195 px wide)
CARD_W, CARD_H = 2.6, 1.7  # a card; card cells two apart are (2, 1.24) apart on screen
Y_SCALE = 0.62
BOX = 0.46  # corner boxes
LETTER = {"fungi": "F", "plant": "P", "animal": "A", "insect": "I",
          "quill": "Q", "inkwell": "K", "manuscript": "M"}


def screen(p) -> tuple[float, float]:
    return (p[0] * 1.0, -p[1] * Y_SCALE)


def _rect(cx, cy, w, h):
    return [(cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx + w / 2, cy + h / 2), (cx - w / 2, cy + h / 2)]


def _text(at, text, cls) -> dict:
    return {"kind": "text", "at": [r3(at[0]), r3(at[1])], "text": text, "cls": cls}


def points_item(side, at) -> dict | None:
    """What a front shows of its points rule: ``3``, ``1/Q``, ``2/corner`` (worded)."""
    pts = side.points
    if not pts or not pts.get("value"):
        return None
    if pts["kind"] == "fixed":
        return _text(at, str(pts["value"]), "card-points")
    if pts["kind"] == "per-object":
        return _text(at, f"{pts['value']}/{LETTER[pts['object']]}", "card-points")
    return words.text_item(_text(at, "", "card-points"), words.per_corner_words(pts["value"]))


def card_items(card, front: bool, centre, cls: str, target=None, name=None) -> list[dict]:
    """A card at screen point ``centre`` showing one side (``name``: ``(english, code)``)."""
    side = card.side(front)
    cx, cy = centre
    kingdom = card.kingdom or "starter"
    items = [polygon(_rect(cx, cy, CARD_W, CARD_H), f"card {kingdom} {card.type} {cls}".strip(), target, name)]
    for corner in CORNERS:
        dx, dy = CORNER_OFFSETS[corner]
        bx = cx + dx * (CARD_W / 2 - BOX / 2)
        by = cy - dy * (CARD_H / 2 - BOX / 2)
        symbol = side.corners[corner]
        if symbol == HIDDEN:
            continue
        items.append(polygon(_rect(bx, by, BOX, BOX), "corner" + ("" if symbol == EMPTY else f" sym {symbol}")))
        if symbol != EMPTY:
            items.append(_text((bx, by), LETTER[symbol], f"sym-text {symbol}"))
    if side.centre:
        items.append(_text((cx, cy), "".join(LETTER[s] for s in side.centre), "centre-text"))
    pts = points_item(side, (cx, cy - CARD_H / 2 + 0.25)) if front else None
    if pts:
        items.append(pts)
    if front and side.requires:
        need = "".join(LETTER[s] * n for s, n in side.requires.items())
        items.append(_text((cx, cy + CARD_H / 2 - 0.22), need, "card-needs"))
    # the id at the bottom, left of the corner: the points ("2/corner") need the top's width
    items.append(_text((cx + CARD_W / 2 - BOX - 0.08, cy + CARD_H / 2 - 0.18), str(card.id), "card-id"))
    return items


def objective_items(obj, centre, cls: str = "", target=None, name=None) -> list[dict]:
    """An objective card at ``centre``: its points on top, its pattern in miniature (cards of
    the kingdoms' colours laid out as on the field) or the symbols of one set."""
    cx, cy = centre
    items = [polygon(_rect(cx, cy, CARD_W, CARD_H), f"card objective {cls}".strip(), target,
                     name or words.objective_name(obj))]
    items.append(_text((cx, cy - CARD_H / 2 + 0.25), str(obj.points), "card-points"))
    items.append(_text((cx + CARD_W / 2 - 0.12, cy - CARD_H / 2 + 0.16), str(obj.id), "card-id"))
    if obj.kind == "symbols":
        shown = [s for s, n in obj.symbols.items() for _ in range(n)]
        x0 = cx - (len(shown) - 1) * 0.25
        for i, sym in enumerate(shown):
            bx, by = x0 + i * 0.5, cy + 0.15
            items.append(polygon(_rect(bx, by, 0.42, 0.42), f"corner sym {sym}"))
            items.append(_text((bx, by), LETTER[sym], f"sym-text {sym}"))
        return items
    if obj.kind == "diagonal":
        step = 2 if obj.rising else -2
        cells = [((i * 2, i * step), obj.kingdom) for i in range(3)]
    else:  # L: the upper card of the pair, the card under it, the foot
        cells = [((0, 0), obj.column), ((0, -4), obj.column), (obj.foot_at, obj.foot)]
    k = 0.15  # field coordinates to miniature: cards 0.39 x 0.26 overlapping at the corners
    xs = [gx * k for (gx, _), _ in cells]
    ys = [-gy * Y_SCALE * k for (_, gy), _ in cells]
    ox, oy = cx - (min(xs) + max(xs)) / 2, cy + 0.15 - (min(ys) + max(ys)) / 2
    for (_, kingdom), x, y in zip(cells, xs, ys):
        items.append(polygon(_rect(ox + x, oy + y, CARD_W * k, CARD_H * k), f"mini {kingdom}"))
        items.append(_text((ox + x, oy + y), LETTER[kingdom], "mini-text"))
    return items


def legend_panel() -> dict:
    """The symbols' legend: each symbol's box as the cards draw it, and its name (two rows:
    the four kingdoms, then the three objects spread over the same width). A column leaves
    room for a name of eleven letters or so ("champignon", "Tintenfass")."""
    items, step = [], 2.3
    for i, (symbol, letter) in enumerate(LETTER.items()):
        row, col = divmod(i, 4)
        x, y = 0.3 + col * (step if row == 0 else 4 * step / 3), 0.3 + row * 0.6
        items.append(polygon(_rect(x, y, BOX, BOX), f"corner sym {symbol}"))
        items.append(_text((x, y), letter, f"sym-text {symbol}"))
        items.append(words.text_item({"kind": "text", "at": [r3(x + 0.33), r3(y)], "cls": "legend-name"},
                                     words.symbol_words(symbol)))
    title, title_code = words.LEGEND
    return {"name": "legend", "title": title, "title_code": title_code, "viewBox": [0, 0, r3(4 * step - 0.05), 1.2],
            "layers": [{"name": "legend", "items": items}]}


def _field_items(game: CodexGame, q: int, owner: int | None, where: bool) -> list[dict]:
    """The cards of ``q``'s play area (named with ``owner``'s name in another's area) in the order they were placed; the newest one, when it
    was the latest placement of the game, is the last move: a thick outline and a dot."""
    cards = sorted(game.fields[q].cards.items(), key=lambda kv: kv[1].order)
    latest = next((ev for ev in reversed(game.events) if ev["move"].startswith(("play ", "starter "))), None)
    items = []
    for i, (p, cell) in enumerate(cards):
        last = latest is not None and latest["player"] == q and i == len(cards) - 1
        name = words.placed_name(cell.card, cell.front, p if where else None, owner, game.player_names, last)
        items.extend(card_items(cell.card, cell.front, screen(p), "placed last" if last else "placed", name=name))
        if last:
            cx, cy = screen(p)
            items.append({"kind": "circle", "c": [r3(cx - CARD_W / 2 + 0.22), r3(cy)], "r": 0.1,
                          "cls": "last-marker dark"})
    return items


class CodexView(GameView):
    def shown_player(self, game: CodexGame, viewer) -> int:
        if viewer is not None:
            return viewer
        return game.current_player if game.current_player is not None else 0

    def scene(self, game: CodexGame, viewer=None, preview=None) -> dict:
        cards, _ = load_cards()
        q = self.shown_player(game, viewer)
        field = game.fields[q]
        if game.phase == "starter" and not field.cards:
            return self._starter_scene(game, viewer, q)
        spots, marks = [], []
        layers_cards = _field_items(game, q, None, True)
        placing = (not game.is_over and game.phase == "play" and game.step == "place" and game.current_player == q)
        if placing:
            for p in sorted(field.available):
                cx, cy = screen(p)
                spots.append(polygon(_rect(cx, cy, CARD_W * 0.62, CARD_H * 0.62), "spot cardspot",
                                     f"at:({p[0]},{p[1]})", words.spot_name(p)))
        if isinstance(preview, PlayMove):
            marks.extend(card_items(cards[preview.card], preview.front, screen(preview.at), "preview",
                                    name=words.preview_name(cards[preview.card], preview)))
        pts = list(field.cards) + (list(field.available) if placing else []) or [(0, 0)]
        xs = [screen(p)[0] for p in pts]
        ys = [screen(p)[1] for p in pts]
        # the cards (and free positions) with a thin margin; the page caps the size at MAX_SCALE
        x0, x1 = min(xs) - CARD_W / 2 - 0.15, max(xs) + CARD_W / 2 + 0.15
        y0, y1 = min(ys) - CARD_H / 2 - 0.15, max(ys) + CARD_H / 2 + 0.15
        title, title_code = words.area_title(game.player_names[q], q)
        return {"viewBox": [r3(x0), r3(y0), r3(x1 - x0), r3(y1 - y0)], "max_scale": MAX_SCALE,
                "title": title, "title_code": title_code,
                "layers": [{"name": "spots", "items": spots}, {"name": "cards", "items": layers_cards},
                           {"name": "marks", "items": marks}],
                "panels": self._panels(game, viewer, q), "notes": self._notes(game, viewer, q),
                "player_notes": [f"{len(h)} card" + ("" if len(h) == 1 else "s") for h in game.hands],
                "player_notes_codes": [code("codex.player_note", n=len(h)) for h in game.hands]}

    def _starter_scene(self, game: CodexGame, viewer, q) -> dict:
        """Before the starter card is placed: both its sides on the board, each a click target."""
        card = load_cards()[0][game.starters[q]]
        name = game.player_names[q]
        items = [words.text_item(_text((0, -1.3), "", "choice-title"), words.starter_heading(name, q))]
        for front, x in ((True, -1.6), (False, 1.6)):
            side = "front" if front else "back"
            items.extend(card_items(card, front, (x, 0), "choice", target=f"starter:{side}",
                                    name=words.starter_choice(words.card_name(card, front), front)))
            items.append(words.text_item(_text((x, 1.15), "", "choice-label"), words.side_label(front)))
        title, title_code = words.starter_title(name, q)
        return {"viewBox": [-3.1, -1.7, 6.2, 3.15], "title": title, "title_code": title_code,
                "layers": [{"name": "choice", "items": items}],
                "panels": self._panels(game, viewer, q), "notes": self._notes(game, viewer, q),
                "player_notes": [f"{len(h)} card" + ("" if len(h) == 1 else "s") for h in game.hands],
                "player_notes_codes": [code("codex.player_note", n=len(h)) for h in game.hands]}

    def _objective_panels(self, game: CodexGame, q) -> tuple[list[dict], list[dict]]:
        """(the choice of a secret objective, shown first while it is open; the objectives in
        play: the two common ones and the shown player's secret one once chosen)."""
        _, objectives = load_cards()
        choice = []
        dealt = [o for o in game.dealt[q] if isinstance(o, int)]
        if game.phase == "objective" and game.secret[q] is None and dealt:
            items = []
            for i, o in enumerate(dealt):
                items.extend(objective_items(objectives[o], (CARD_W / 2 + 0.1 + i * (CARD_W + 0.3), CARD_H / 2 + 0.1),
                                             "choice", target=f"objective:{o}",
                                             name=words.objective_name(objectives[o], "keep")))
            title, title_code = words.objective_choice_title(game.player_names[q], q)
            choice.append({"name": "objective-choice", "cls": "choice", "title": title, "title_code": title_code,
                           "viewBox": [0, 0, r3(3 * CARD_W + 0.8), r3(CARD_H + 0.2)],
                           "layers": [{"name": "choice", "items": items}]})
        shown = [(o, "common") for o in game.common]
        if game.secret[q] is not None:
            shown.append((game.secret[q], "secret"))
        items = []
        for i, (o, kind) in enumerate(shown):
            items.extend(objective_items(objectives[o], (CARD_W / 2 + 0.1 + i * (CARD_W + 0.3), CARD_H / 2 + 0.1),
                                         kind, name=words.objective_name(objectives[o], kind)))
        title, title_code = words.objectives_title(game.player_names[q], q, game.secret[q] is not None)
        return choice, [{"name": "objectives", "title": title, "title_code": title_code,
                         "viewBox": [0, 0, r3(3 * CARD_W + 0.8), r3(CARD_H + 0.2)],
                         "layers": [{"name": "objectives", "items": items}]}]

    def _panels(self, game: CodexGame, viewer, q) -> list[dict]:
        cards, _ = load_cards()
        choice, objectives = self._objective_panels(game, q)
        out = list(choice)
        hand = game.hands[q]
        mine = game.current_player == q and game.phase == "play" and game.step == "place"
        items, x = [], CARD_W / 2 + 0.1
        for cid in hand:
            if isinstance(cid, HiddenCard):
                continue
            if cid is None:        # (by link: a card drawn from a deck opens with the friend's next link)
                items.append(polygon(_rect(x, CARD_H / 2 + 0.1, CARD_W, CARD_H), "card back drawn", None, words.DRAWN))
                x += CARD_W + 0.3
                continue
            items.extend(card_items(cards[cid], True, (x, CARD_H / 2 + 0.1), "hand",
                                    target=f"card:{cid}" if mine else None, name=words.card_name(cards[cid], True)))
            x += CARD_W + 0.3
        if items:
            title, title_code = words.hand_title(game.player_names[q], q)
            out.append({"name": f"hand-{q}", "title": title, "title_code": title_code, "cls": "own", "viewBox": [0, 0, r3(max(x - CARD_W / 2 - 0.2, 3 * CARD_W + 0.8)), r3(CARD_H + 0.2)],
                        "layers": [{"name": "hand", "items": items}]})
        drawing = game.current_player == q and game.phase == "play" and game.step == "draw"
        items = []
        # two rows: the resource deck and its two face-up cards, then the gold ones
        for row, (name, deck) in enumerate((("resource-deck", game.resource_deck), ("gold-deck", game.gold_deck))):
            x, y = CARD_W / 2 + 0.1, CARD_H / 2 + 0.1 + row * (CARD_H + 0.25)
            top = deck[-1] if deck else None
            kingdom = (top.kingdom if isinstance(top, HiddenCard) else cards[top].kingdom) if top is not None else None
            cls = f"card deck {kingdom or 'empty'} {name.split('-')[0]}"
            label = words.deck_name(name.split("-")[0], len(deck), COLOUR_NAMES[kingdom] if kingdom else None)
            items.append(polygon(_rect(x, y, CARD_W, CARD_H), cls, f"draw:{name}" if drawing and deck else None, label))
            items.append(_text((x, y), f"{len(deck)}", "deck-count"))
            for cid in game.market[2 * row: 2 * row + 2]:
                x += CARD_W + 0.3
                if isinstance(cid, int):   # (by link: a face-up card not shown yet is a back)
                    items.extend(card_items(cards[cid], True, (x, y), "market",
                                            target=f"draw:{cid}" if drawing else None,
                                            name=words.face_up_name(cards[cid])))
        out.append({"name": "market", "title": words.MARKET[0], "title_code": words.MARKET[1],
                    "viewBox": [0, 0, r3(3 * CARD_W + 0.8), r3(2 * CARD_H + 0.45)],
                    "layers": [{"name": "market", "items": items}]})
        out.extend(objectives)
        out.append(self._score_track(game))
        out.append(legend_panel())
        for other in range(game.num_players):  # the other manuscripts are public
            if other != q and game.fields[other].cards:
                out.append(self._area_panel(game, other))
        return out

    def _score_track(self, game: CodexGame) -> dict:
        """The score track 0-29 (three rows of ten) with a token per player; scores from 30 on
        wrap round and are marked +30."""
        items = []
        def cell(k):
            return (k % 10) * 0.62 + 0.32, (k // 10) * 0.62 + 0.32

        for k in range(30):
            x, y = cell(k)
            items.append(polygon(_rect(x, y, 0.56, 0.56), "track" + (" goal" if k == 20 else "")))
            items.append(_text((x, y - 0.13), str(k), "track-num"))
        for p, score in enumerate(game.scores):
            x, y = cell(score % 30)
            tx = x - 0.18 + 0.12 * p
            items.append({"kind": "circle", "c": [r3(tx), r3(y + 0.12)], "r": 0.08,
                          "cls": f"token p{p}"} | dict(zip(("name", "name_code"),
                                                         words.token_name(game.player_names[p], p, score))))
        title, title_code = words.track_title(game.player_names, game.scores)
        return {"name": "track", "title": title, "title_code": title_code, "viewBox": [0, 0, 6.3, 1.95],
                "layers": [{"name": "track", "items": items}]}

    def _area_panel(self, game: CodexGame, q: int) -> dict:
        field = game.fields[q]
        items = _field_items(game, q, q, False)
        xs = [screen(p)[0] for p in field.cards]
        ys = [screen(p)[1] for p in field.cards]
        x0, y0 = min(xs) - CARD_W / 2 - 0.1, min(ys) - CARD_H / 2 - 0.1
        w, h = max(xs) - min(xs) + CARD_W + 0.2, max(ys) - min(ys) + CARD_H + 0.2
        title, title_code = words.area_title(game.player_names[q], q, game.scores[q])
        return {"name": f"area-{q}", "title": title, "title_code": title_code,
                "viewBox": [r3(x0), r3(y0), r3(max(w, 6.0)), r3(h)], "layers": [{"name": "area", "items": items}]}

    def _notes(self, game: CodexGame, viewer, q) -> list[dict]:
        _, objectives = load_cards()
        notes = [words.note(words.common_note(objectives, game.common), "info")]
        secret = game.secret[q]
        if secret is not None:
            notes.append(words.note(words.secret_note(objectives, secret), "info"))
        elif game.phase == "objective" and game.current_player == q:
            dealt = [o for o in game.dealt[q] if o is not None]
            if dealt:
                notes.append(words.note(words.choose_note(objectives, dealt), "info"))
        notes.append(words.note(words.visible_note(game.fields[q].counts, LETTER), "info"))
        if game.turns_left is not None and not game.is_over:
            notes.append(words.note(words.end_near_note(game.turns_left), "round-end"))
        if game.final is not None:
            notes.append(words.note(words.final_note(game), "round-end"))
            best = max(game.scores)
            if sum(1 for s in game.scores if s == best) > 1:
                notes.append(words.note(words.tied_note(len(game.winners) > 1), "round-end"))
        if game.events:
            notes.append(words.note(words.last_move_note(game, viewer), "last-move"))
        return notes

    def move_targets(self, game: CodexGame, viewer=None) -> list[dict]:
        _, objectives = load_cards()
        out = []
        for m in game.legal_moves():
            if isinstance(m, StarterMove):  # the two sides drawn on the board
                target = f"starter:{'front' if m.front else 'back'}"
                label, label_code = words.starter_label(m.card, m.front)
                out.append({"move": str(m), "target": target, "path": [target], "label": label,
                            "label_code": label_code})
            elif isinstance(m, ObjectiveMove):  # the two cards in the objective-choice panel
                target = f"objective:{m.objective}"
                label, label_code = words.objective_label(objectives[m.objective])
                out.append({"move": str(m), "target": target, "path": [target], "label": label,
                            "label_code": label_code})
            elif isinstance(m, PlayMove):
                path = [f"card:{m.card}", f"at:({m.at[0]},{m.at[1]})"]
                out.append({"move": str(m), "target": path[-1], "path": path, "label": None})
            elif isinstance(m, DrawMove):
                out.append({"move": str(m), "target": f"draw:{m.source}", "path": [f"draw:{m.source}"], "label": None})
            elif m == CODEX_PASS:
                out.append({"move": "pass", "target": None, "path": [], "label": "Pass (no card fits)",
                            "label_code": code("codex.action.pass")})
        return out


register_view("codex", CodexView())
