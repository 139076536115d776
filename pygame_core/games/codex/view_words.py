"""The Codex Naturalis view's texts for people (the cards' and objectives' accessible names,
the notes, the panels' titles, the choice labels), each in English and as a code for the
page's catalog (:mod:`pygame_core.words`), made here from the card data's parts (kind, colour,
corners, symbols, points rule), so that no card needs a message of its own."""

from __future__ import annotations

from ...geometry.cornergrid import CORNERS
from ...words import all_of, code, names_text, parts, player
from .pieces import COLOUR_NAMES, count_words, joined_words, symbol_words

Words = tuple[str, dict]


def note(words: Words, cls: str) -> dict:
    return {"text": words[0], "text_code": words[1], "cls": cls}


def text_item(item: dict, words: Words) -> dict:
    """A scene's text item worded: its English and its code."""
    item["text"], item["text_code"] = words
    return item


def side_words(front: bool) -> Words:
    side = "front" if front else "back"
    return side, code(f"codex.side.{side}")


def _kind(card) -> Words:
    if card.type == "starter":
        return "starter", code("codex.kind.starter")
    colour = COLOUR_NAMES[card.kingdom]
    return f"{colour} {card.type}", code(f"codex.kind.{card.type}", colour=colour)


def scores_words(pts: dict) -> Words:
    """A front's points rule: ``scores 3``, ``scores 1 per quill``, ``scores 2 per corner covered``."""
    n = pts["value"]
    if pts["kind"] == "fixed":
        return f"scores {n}", code("codex.card.scores", n=n)
    if pts["kind"] == "per-object":
        thing, thing_code = symbol_words(pts["object"])
        return f"scores {n} per {thing}", code("codex.card.scores_per", n=n, object=thing_code)
    return f"scores {n} per corner covered", code("codex.card.scores_corner", n=n)


def per_corner_words(n: int) -> Words:
    """What a card shows of ``scores 2 per corner covered``: ``2/corner``."""
    return f"{n}/corner", code("codex.card.per_corner", n=n)


def card_name(card, front: bool) -> Words:
    """``card 43, red gold, front: UL fungi, UR empty, DL hidden, DR quill, scores 1 per
    quill, needs 2 fungi, 1 animal``."""
    side = card.side(front)
    details = []
    for c in CORNERS:
        sym, sym_code = symbol_words(side.corners[c])
        details.append((f"{c} {sym}", code(f"codex.corner.{c.lower()}", symbol=sym_code)))
    if side.centre:
        names = [symbol_words(s) for s in side.centre]
        details.append(("centre " + names_text(n for n, _ in names),
                        code("codex.card.centre", symbols=all_of(c for _, c in names))))
    if front and side.points and side.points.get("value"):
        details.append(scores_words(side.points))
    if front and side.requires:
        counts = [count_words(s, n) for s, n in side.requires.items()]
        details.append(("needs " + ", ".join(t for t, _ in counts),
                        code("codex.card.needs", symbols=parts(c for _, c in counts))))
    kind, kind_code = _kind(card)
    way, way_code = side_words(front)
    return (f"card {card.id}, {kind}, {way}: " + ", ".join(t for t, _ in details),
            code("codex.card", card=card.id, kind=kind_code, side=way_code, details=parts(c for _, c in details)))


def placed_name(card, front: bool, at, owner: int | None, names, last: bool) -> Words:
    """A card of a play area: ``card 12, …`` (`` at (2,-6)`` on the board; ``Player 2: card
    12, …`` in another's area), ``, last move``."""
    text, words = card_name(card, front)
    if at is not None:
        text, words = f"{text} at ({at[0]},{at[1]})", code("codex.card.at", card=words, at=f"({at[0]},{at[1]})")
    if owner is not None:
        text, words = f"{names[owner]}: {text}", code("codex.card.of", name=player(owner), card=words)
    if last:
        text, words = f"{text}, last move", code("scene.state.last", state=words)
    return text, words


def face_up_name(card) -> Words:
    text, words = card_name(card, True)
    return f"face-up {text}", code("codex.card.face_up", card=words)


def objective_name(obj, kind: str | None = None) -> Words:
    """``objective 96: 2 points per 3 plant visible`` (``common objective …``, ``secret
    objective …``, ``keep objective …``)."""
    rule, rule_code = obj.rule()
    prefix = f"{kind} objective" if kind else "objective"
    return f"{prefix} {obj.id}: {rule}", code(f"codex.objective.{kind or 'name'}", objective=obj.id, rule=rule_code)


def objective_label(obj) -> Words:
    """The choice's label: ``Keep objective 96 (2 points per 3 plant visible)``."""
    rule, rule_code = obj.rule()
    return f"Keep objective {obj.id} ({rule})", code("codex.choice.keep_label", objective=obj.id, rule=rule_code)


def _rules(objectives, ids) -> Words:
    """``88: 2 points per …; 96: 2 points per …``."""
    items = []
    for o in ids:
        rule, rule_code = objectives[o].rule()
        items.append((f"{o}: {rule}", code("codex.objective.numbered", objective=o, rule=rule_code)))
    return joined_words(items, False)


def common_note(objectives, common) -> Words:
    text, words = _rules(objectives, common)
    return f"Common objectives: {text}", code("codex.note.common", objectives=words)


def secret_note(objectives, secret: int) -> Words:
    rule, rule_code = objectives[secret].rule()
    return (f"Your secret objective {secret}: {rule}",
            code("codex.note.secret", objective=secret, rule=rule_code))


def choose_note(objectives, dealt) -> Words:
    text, words = _rules(objectives, dealt)
    return f"Choose your secret objective: {text}", code("codex.note.choose", objectives=words)


def visible_note(counts, symbols) -> Words:
    """``Visible: fungi 3, plant 1, …`` (the shown player's visible symbols)."""
    items = []
    for s in symbols:
        name, name_code = symbol_words(s)
        items.append((f"{name} {counts[s]}", code("codex.visible", symbol=name_code, n=counts[s])))
    return ("Visible: " + ", ".join(t for t, _ in items),
            code("codex.note.visible", counts=parts(c for _, c in items)))


def end_near_note(turns: int) -> Words:
    return f"The end is near: {turns} turns left", code("codex.note.end_near", n=turns)


def final_note(game) -> Words:
    """``Final: Player 1 18 + 5 objectives = 23 (2 completed), …``."""
    items = []
    for q, (name, p, o, c) in enumerate(zip(game.player_names, game.points, game.final["objective_points"],
                                            game.final["completions"])):
        items.append((f"{name} {p} + {o} objectives = {p + o} ({c} completed)",
                      code("codex.note.final_player", name=player(q), points=p, objectives=o, total=p + o,
                           completed=c)))
    return "Final: " + ", ".join(t for t, _ in items), code("codex.note.final", scores=parts(c for _, c in items))


def tied_note(shared: bool) -> Words:
    if shared:
        return ("Tied on points: the most objectives completed wins (still tied: the win is shared)",
                code("codex.note.tied_shared"))
    return "Tied on points: the most objectives completed wins", code("codex.note.tied")


def last_move_note(game, viewer) -> Words:
    """``Last move by Player 2: card 66, back up, at (2,-6), +3`` (another's secret objective
    stays secret)."""
    n = len(game.events) - 1
    q = game.events[n]["player"]
    words, words_code = game.move_words(n, viewer), game.move_words_code(n, viewer)
    return (f"Last move by {game.player_names[q]}: {words}",
            code("codex.note.last_move", name=player(q), move=words_code))


# ---------------------------------------------------------------- panels and choices
def starter_title(name: str, q: int) -> Words:
    return f"{name}'s starter card: choose a side", code("codex.title.starter", name=player(q))


def starter_heading(name: str, q: int) -> Words:
    return f"{name}: choose a side", code("codex.choice.side_title", name=player(q))


def starter_choice(card_words: Words, front: bool) -> Words:
    """A side of the starter card as a target: ``place the starter card front up: card 81, …``."""
    way, _ = side_words(front)
    return (f"place the starter card {way} up: {card_words[0]}",
            code(f"codex.choice.starter_{way}", card=card_words[1]))


def side_label(front: bool) -> Words:
    """The word under each side: ``Front``, ``Back``."""
    return ("Front", code("codex.choice.front")) if front else ("Back", code("codex.choice.back"))


def starter_label(card: int, front: bool) -> Words:
    """The choice's label: ``Starter 81: front``."""
    way, way_code = side_words(front)
    return f"Starter {card}: {way}", code("codex.choice.starter_label", card=card, side=way_code)


def objective_choice_title(name: str, q: int) -> Words:
    return f"{name}: choose your secret objective (click a card)", code("codex.title.objective_choice", name=player(q))


def objectives_title(name: str, q: int, secret: bool) -> Words:
    if secret:
        return f"Objectives: two common, {name}'s secret one", code("codex.title.objectives_secret", name=player(q))
    return "Objectives: two common", code("codex.title.objectives")


def hand_title(name: str, q: int) -> Words:
    return f"{name}'s hand (fronts shown)", code("codex.title.hand", name=player(q))


def area_title(name: str, q: int, points: int | None = None) -> Words:
    """``Player 2's manuscript`` (``(12 points)``)."""
    if points is None:
        return f"{name}'s manuscript", code("codex.title.area", name=player(q))
    return f"{name}'s manuscript ({points} points)", code("codex.title.area_points", name=player(q), points=points)


DRAWN = ("a card you drew: it shows with your friend's next link", code("codex.card.drawn"))
MARKET = ("Decks and face-up cards", code("codex.title.market"))
LEGEND = ("Symbols", code("codex.title.legend"))


def deck_name(kind: str, n: int, colour: str | None) -> Words:
    """``resource deck: 12 cards, top card red``."""
    if colour is None:
        return f"{kind} deck: {n} cards", code(f"codex.deck.{kind}", n=n)
    return f"{kind} deck: {n} cards, top card {colour}", code(f"codex.deck.{kind}_top", n=n, colour=colour)


def spot_name(p) -> Words:
    return f"available position ({p[0]},{p[1]})", code("codex.spot", at=f"({p[0]},{p[1]})")


def preview_name(card, move) -> Words:
    """The card a placement would lay: ``preview of card 12, …, front: … at (-6,-2)``."""
    text, words = placed_name(card, move.front, move.at, None, (), False)
    return f"preview of {text}", code("scene.preview", move=words)


def token_name(name: str, q: int, points: int) -> Words:
    return f"{name}: {points} points", code("codex.track.token", name=player(q), points=points)


def track_title(names, scores) -> Words:
    """``Score track (20 ends the game)``, ``; Player 1 +30`` for a score from 30 on."""
    laps = [q for q, sc in enumerate(scores) if sc >= 30]
    if not laps:
        return "Score track (20 ends the game)", code("codex.title.track")
    return ("Score track (20 ends the game); " + ", ".join(f"{names[q]} +30" for q in laps),
            code("codex.title.track_laps", laps=parts(code("codex.track.lap", name=player(q)) for q in laps)))
