"""Codex Naturalis cards: the symbols, the card data loaded from the package data file
``pygame_core/data/codex_cards.json`` (:func:`load_cards`: :class:`Card` with a front and a back
:class:`Side`, :class:`Objective`), and :class:`HiddenCard`, the back of a card a view may not see."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from ...geometry.cornergrid import CORNERS
from ...words import code

KINGDOMS = ("fungi", "plant", "animal", "insect")
OBJECTS = ("quill", "inkwell", "manuscript")
SYMBOLS = KINGDOMS + OBJECTS
EMPTY = "empty"
HIDDEN = "hidden"
COLOUR_NAMES = {"fungi": "red", "plant": "green", "animal": "blue", "insect": "purple"}


# ---------------------------------------------------------------- words (docs/languages.md)
def symbol_words(symbol: str) -> tuple[str, dict]:
    """A symbol's (or a corner's ``empty``/``hidden``) name, in English and as a code."""
    return symbol, code(f"codex.symbol.{symbol}")


def count_words(symbol: str, n: int) -> tuple[str, dict]:
    """``3 fungi`` (what an objective or a gold card asks for), in English and as a code."""
    return f"{n} {symbol}", code(f"codex.count.{symbol}", n=n)


def joined_words(items, plus: bool) -> tuple[str, dict]:
    """Texts ``(english, code)`` joined by " + " (``plus``) or "; ", the codes nested two by
    two (``"{a} + {b}"``: each language's own spacing)."""
    items = list(items)
    text, words = items[0]
    for more, more_code in items[1:]:
        if plus:
            text, words = f"{text} + {more}", code("codex.join.plus", a=words, b=more_code)
        else:
            text, words = f"{text}; {more}", code("codex.join.list", a=words, b=more_code)
    return text, words


# --------------------------------------------------------------------------- cards
@dataclass(frozen=True)
class Side:
    """One side of a card: its four corners (``UL UR DL DR`` -> symbol, ``empty`` or
    ``hidden``), centre symbols, points rule and (gold fronts) requirement."""

    corners: dict
    centre: tuple = ()
    points: dict | None = None  # {"kind": "fixed"|"per-object"|"per-corner", "value", "object"?}
    requires: dict = field(default_factory=dict)

    def symbols(self) -> list[str]:
        """The symbols this side shows (visible corner symbols and centre)."""
        return [c for c in self.corners.values() if c in SYMBOLS] + list(self.centre)


@dataclass(frozen=True)
class Card:
    id: int
    type: str  # "resource", "gold" or "starter"
    kingdom: str | None  # the card's colour; None for starter cards
    front: Side
    back: Side

    def side(self, front: bool) -> Side:
        return self.front if front else self.back

    def __str__(self) -> str:
        return str(self.id)


@dataclass(frozen=True)
class Objective:
    id: int
    kind: str  # "diagonal", "L" or "symbols"
    points: int
    kingdom: str | None = None  # diagonal: the colour
    rising: bool = True  # diagonal: (x+2, y+2) steps, else (x+2, y-2)
    column: str | None = None  # L: colour of the vertical pair
    foot: str | None = None  # L: colour of the third card
    foot_at: Point = (0, 0)  # L: the foot card's offset from the upper card of the pair
    symbols: dict = field(default_factory=dict)  # symbols: what one set needs

    def describe(self) -> str:
        return self.rule()[0]

    def rule(self) -> tuple[str, dict]:
        """The objective's rule in English and as a code (its colours and symbols as parts)."""
        pts = self.points
        if self.kind == "diagonal":
            way, colour = "rising" if self.rising else "falling", COLOUR_NAMES[self.kingdom]
            return (f"{pts} points per diagonal of 3 {colour} cards ({way})",
                    code(f"codex.objective.diagonal_{way}", points=pts, colour=colour))
        if self.kind == "L":
            colour, foot = COLOUR_NAMES[self.column], COLOUR_NAMES[self.foot]
            return (f"{pts} points per 2 stacked {colour} cards with a {foot} card at {self.foot_at}",
                    code("codex.objective.l", points=pts, colour=colour, foot=foot, at=str(self.foot_at)))
        need, need_code = joined_words((count_words(s, n) for s, n in self.symbols.items()), True)
        return f"{pts} points per {need} visible", code("codex.objective.symbols", points=pts, need=need_code)


def _side(d: dict) -> Side:
    return Side(dict(d["corners"]), tuple(d.get("centre", ())), d.get("points"), dict(d.get("requires", {})))


@lru_cache(maxsize=1)
def load_cards() -> tuple[dict[int, Card], dict[int, Objective]]:
    """The 86 playing cards (resource 1-40, gold 41-80, starter 81-86) and the 16 objectives
    (87-102), from the package data file.  Backs of resource and gold cards are derived: four
    visible empty corners and the card's kingdom in the centre, no points, no requirement."""
    text = resources.files("pygame_core").joinpath("data", "codex_cards.json").read_text(encoding="utf-8")
    cards: dict[int, Card] = {}
    objectives: dict[int, Objective] = {}
    for d in json.loads(text)["cards"]:
        if d["type"] == "objective":
            objectives[d["id"]] = Objective(
                d["id"], d["kind"], d["points"], kingdom=d.get("kingdom"), rising=d.get("rising", True),
                column=d.get("column"), foot=d.get("foot"), foot_at=tuple(d.get("foot_at", (0, 0))),
                symbols=dict(d.get("symbols", {})))
            continue
        front = _side(d["front"])
        if d["type"] == "starter":
            back = _side(d["back"])
        else:
            back = Side({c: EMPTY for c in CORNERS}, (d["kingdom"],))
        cards[d["id"]] = Card(d["id"], d["type"], d.get("kingdom"), front, back)
    return cards, objectives



@dataclass(frozen=True)
class HiddenCard:
    """A card whose face a view may not see: its back still shows the type and kingdom
    (``kingdom`` is ``None`` where even the back is unseen: inside a deck)."""

    type: str
    kingdom: str | None

