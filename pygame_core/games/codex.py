"""Codex Naturalis (rules: docs/rules/codex.md, after the "Design proposal for the
Game Field" of the LucaLeonx/ing-sw-2024 project).  Unofficial implementation of the rules; CODEX
Naturalis is a trademark of its publisher.

This module holds the seed's model, usable on its own:

* the card data, loaded from the package data file ``pygame_core/data/codex_cards.json``
  (:func:`load_cards`: :class:`Card` with a front and a back :class:`Side`, :class:`Objective`);
* :class:`GameField`: a player's play area as the seed designs it - :class:`CardCell` at even
  coordinates, :class:`AngleCell` at odd ones, the set of available cells, placement in O(1)
  with the rules' checks (:meth:`GameField.check` says why a placement is illegal), visible-symbol
  counters updated per placement, the corners each placement covered, and objective counting
  (each card used at most once per objective; O(n)).

:class:`CodexGame` is the game (registered as ``"codex"``): setup from the seed, starter and
objective choices as moves, place-then-draw turns, the market, the end trigger with the extra
round, objectives and the tie-break; ``view``/``determinize`` for hidden hands and objectives.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from ..core import (Game, IllegalMoveError, InvalidMoveError, Option, Rng, clean_move_text, quote,
                    register_game)
from ..geometry.cornergrid import CORNERS, OPPOSITE, Point, corner_cell, diagonal, is_card_cell

KINGDOMS = ("fungi", "plant", "animal", "insect")
OBJECTS = ("quill", "inkwell", "manuscript")
SYMBOLS = KINGDOMS + OBJECTS
EMPTY = "empty"
HIDDEN = "hidden"
COLOUR_NAMES = {"fungi": "red", "plant": "green", "animal": "blue", "insect": "purple"}


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
        if self.kind == "diagonal":
            return (f"{self.points} points per diagonal of 3 {COLOUR_NAMES[self.kingdom]} cards "
                    f"({'rising' if self.rising else 'falling'})")
        if self.kind == "L":
            return (f"{self.points} points per 2 stacked {COLOUR_NAMES[self.column]} cards with a "
                    f"{COLOUR_NAMES[self.foot]} card at {self.foot_at}")
        need = " + ".join(f"{n} {s}" for s, n in self.symbols.items())
        return f"{self.points} points per {need} visible"


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


# --------------------------------------------------------------------------- the game field
@dataclass
class CardCell:
    """A card cell: the card placed there and the side it shows (``front`` True/False)."""

    position: Point
    card: Card
    front: bool
    order: int  # placement number (0 = the starter card)

    @property
    def side(self) -> Side:
        return self.card.side(self.front)


@dataclass
class AngleCell:
    """A corner cell: the symbol visible on top, and the cards attached to it as
    ``(card id, corner)`` in placement order (the last one is on top)."""

    position: Point
    top: str
    cards: list = field(default_factory=list)


@dataclass(frozen=True)
class PlacementResult:
    points: int
    covered: int  # corners of other cards this placement covered


class GameField:
    """One player's play area (the seed's three sets: card cells, angle cells and the available
    cells), with visible-symbol counters and objective counting."""

    def __init__(self):
        self.cards: dict[Point, CardCell] = {}
        self.angles: dict[Point, AngleCell] = {}
        self.available: set[Point] = set()  # empty card cells a card may be placed on
        self.blocked: set[Point] = set()  # empty card cells next to a hidden corner (forever)
        self.counts: Counter = Counter({s: 0 for s in SYMBOLS})
        self.colours: dict[Point, str] = {}  # position -> kingdom of resource/gold cards

    def copy(self) -> "GameField":
        other = GameField.__new__(GameField)
        other.cards = dict(self.cards)  # CardCells are never changed after placement
        other.angles = {p: AngleCell(a.position, a.top, list(a.cards)) for p, a in self.angles.items()}
        other.available = set(self.available)
        other.blocked = set(self.blocked)
        other.counts = Counter(self.counts)
        other.colours = dict(self.colours)
        return other

    def __len__(self) -> int:
        return len(self.cards)

    def count(self, symbol: str) -> int:
        """How many ``symbol`` symbols are visible in this area (O(1))."""
        return self.counts[symbol]

    # ---- rules ------------------------------------------------------------------------
    def check(self, card: Card, front: bool, p: Point) -> str | None:
        """Why ``card`` cannot be placed at ``p`` showing that side, or ``None`` if it can."""
        if card.type == "starter":
            return "the starter card is placed at (0,0) at the start" if self.cards else None
        if not self.cards:
            return "the starter card must be placed first"
        if not is_card_cell(p):
            return f"{_pt(p)} is not a card position (both coordinates even, x + y a multiple of 4)"
        if p in self.cards:
            return f"{_pt(p)} already holds card {self.cards[p].card.id}"
        if p in self.blocked:
            return f"{_pt(p)} would cover a hidden corner"
        if p not in self.available:
            return f"{_pt(p)} touches no card of your area"
        if front and card.type == "gold":
            missing = [f"{n - self.counts[s]} more {s}" for s, n in card.front.requires.items() if self.counts[s] < n]
            if missing:
                return "card {} needs {} visible".format(card.id, ", ".join(missing))
        return None

    def place_starter(self, card: Card, front: bool) -> None:
        if self.cards:
            raise IllegalMoveError("the starter card is already placed")
        self._put(card, front, (0, 0))

    def place(self, card: Card, front: bool, p: Point) -> PlacementResult:
        """Check and place a card; returns its points and the corners it covered."""
        reason = self.check(card, front, p)
        if reason:
            raise IllegalMoveError(f"card {card.id} cannot go at {_pt(p)}: {reason}")
        return self.place_unchecked(card, front, p)

    def place_unchecked(self, card: Card, front: bool, p: Point) -> PlacementResult:
        covered = self._put(card, front, p)
        side = card.side(front)
        pts = side.points if front else None
        points = 0
        if pts:
            kind = pts["kind"]
            if kind == "fixed":
                points = pts["value"]
            elif kind == "per-object":
                points = pts["value"] * self.counts[pts["object"]]
            elif kind == "per-corner":
                points = pts["value"] * covered
        return PlacementResult(points, covered)

    def points_if_placed(self, card: Card, front: bool, p: Point) -> int:
        """The points :meth:`place_unchecked` would give, without placing (O(1); for agents)."""
        pts = card.front.points if front else None
        if not pts:
            return 0
        kind = pts["kind"]
        if kind == "fixed":
            return pts["value"]
        angles = self.angles
        if kind == "per-corner":
            return pts["value"] * sum(1 for corner in CORNERS if corner_cell(p, corner) in angles)
        obj = pts["object"]
        n = self.counts[obj] + card.front.centre.count(obj)
        for corner in CORNERS:
            angle = angles.get(corner_cell(p, corner))
            if angle is not None and angle.top == obj:
                n -= 1
            if card.front.corners[corner] == obj:
                n += 1
        return pts["value"] * n

    def _put(self, card: Card, front: bool, p: Point) -> int:
        side = card.side(front)
        covered = 0
        counts = self.counts
        for corner in CORNERS:
            k = corner_cell(p, corner)
            symbol = side.corners[corner]
            angle = self.angles.get(k)
            if angle is not None:  # the neighbour's corner is covered now
                covered += 1
                if angle.top in SYMBOLS:
                    counts[angle.top] -= 1
                angle.top = symbol
                angle.cards.append((card.id, corner))
            else:
                self.angles[k] = AngleCell(k, symbol, [(card.id, corner)])
            if symbol in SYMBOLS:
                counts[symbol] += 1
            q = diagonal(p, corner)
            if q not in self.cards:
                if symbol == HIDDEN:
                    self.blocked.add(q)
                    self.available.discard(q)
                elif q not in self.blocked:
                    self.available.add(q)
        for s in side.centre:
            counts[s] += 1
        self.cards[p] = CardCell(p, card, front, len(self.cards))
        self.available.discard(p)
        if card.kingdom is not None:
            self.colours[p] = card.kingdom
        return covered

    # ---- objectives ------------------------------------------------------------------------
    def objective_count(self, obj: Objective) -> int:
        """How many disjoint times ``obj`` is fulfilled (each card used at most once)."""
        if obj.kind == "symbols":
            return min(self.counts[s] // n for s, n in obj.symbols.items())
        colours = self.colours
        if obj.kind == "diagonal":
            dx, dy = (2, 2) if obj.rising else (2, -2)
            total = 0
            for (x, y), c in colours.items():
                if c != obj.kingdom or colours.get((x - dx, y - dy)) == c:
                    continue  # not the start of a run
                run = 0
                while colours.get((x, y)) == c:
                    run += 1
                    x, y = x + dx, y + dy
                total += run // 3
            return total
        # L shapes: candidates are keyed by their upper column card (x, y)
        fx, fy = obj.foot_at
        candidates = sorted(
            (x, y) for (x, y), c in colours.items()
            if c == obj.column and colours.get((x, y - 4)) == c and colours.get((x + fx, y + fy)) == obj.foot)
        total, last = 0, None
        for x, y in candidates:  # bottom to top within each column
            if last != (x, y - 4):  # its lower card was not used by the candidate just taken
                total += 1
                last = (x, y)
        return total

    def objective_points(self, obj: Objective) -> int:
        return obj.points * self.objective_count(obj)


def _pt(p: Point) -> str:
    return f"({p[0]},{p[1]})"


# --------------------------------------------------------------------------- moves
@dataclass(frozen=True)
class StarterMove:
    card: int
    front: bool

    def __str__(self) -> str:
        return f"starter {self.card} {'front' if self.front else 'back'}"


@dataclass(frozen=True)
class ObjectiveMove:
    objective: int

    def __str__(self) -> str:
        return f"objective {self.objective}"


@dataclass(frozen=True)
class PlayMove:
    card: int
    front: bool
    at: Point

    def __str__(self) -> str:
        return f"play {self.card} {'front' if self.front else 'back'} at ({self.at[0]},{self.at[1]})"


@dataclass(frozen=True)
class DrawMove:
    source: str  # "resource-deck", "gold-deck" or a face-up card id as text

    def __str__(self) -> str:
        return f"draw {self.source}"


CODEX_PASS = "pass"

# read on a text cleaned by clean_move_text (at most 200 characters, single spaces) and
# lower-cased: each pattern is a fixed sequence of literal words and bounded numbers, so a match
# is linear in the (short) text
_MOVE_RE = {
    "starter": re.compile(r"starter ([0-9]{1,3}) (front|back)"),
    "objective": re.compile(r"objective ([0-9]{1,3})"),
    "play": re.compile(r"play ([0-9]{1,3}) (front|back) at \( ?(-?[0-9]{1,4}) ?, ?(-?[0-9]{1,4}) ?\)"),
    "draw": re.compile(r"draw (resource-deck|gold-deck|[0-9]{1,3})"),
}


def parse_codex_move(text: str):
    """The notation of spec section 9 (any case, extra spaces)."""
    t = clean_move_text(text).lower()  # a length cap first, white space folded to single spaces
    if t == "pass":
        return CODEX_PASS
    word = t.split(" ", 1)[0]
    rx = _MOVE_RE.get(word)
    m = rx.fullmatch(t) if rx else None
    if not m:
        raise InvalidMoveError(f"{quote(text.strip(), 32)} is not a Codex move: e.g. 'play 43 front at (2,-2)', "
                               "'draw 51', 'draw gold-deck', 'objective 97', 'starter 81 back' or 'pass'")
    if word == "starter":
        return StarterMove(int(m.group(1)), m.group(2) == "front")
    if word == "objective":
        return ObjectiveMove(int(m.group(1)))
    if word == "play":
        return PlayMove(int(m.group(1)), m.group(2) == "front", (int(m.group(3)), int(m.group(4))))
    source = m.group(1)
    return DrawMove(source if not source.isdigit() else str(int(source)))  # "draw 037" = "draw 37"


# --------------------------------------------------------------------------- the game
@dataclass(frozen=True)
class HiddenCard:
    """A card whose face a view may not see: its back still shows the type and kingdom
    (``kingdom`` is ``None`` where even the back is unseen: inside a deck)."""

    type: str
    kingdom: str | None


END_SCORE = 20
HAND_DEAL = ("resource", "resource", "gold")
PLAYER_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")


class CodexGame(Game):
    """Codex Naturalis for 2-4 players (rules spec sections 4-7).  Phases: ``starter`` (each
    player places their starter card), ``objective`` (each keeps one of two objectives), then
    ``play`` turns of two steps, ``place`` then ``draw``.

    One addition to the spec's end trigger (section 7), so that every game ends: a ``pass``
    made when *no* play area has a free card position left (nobody can ever place a card
    again, e.g. every area walled in by hidden corners) triggers the end like 20 points do.
    Without it such a game would pass forever (see :meth:`max_moves`)."""

    game_id = "codex"
    title = "Codex Naturalis"
    description = ("Build your own manuscript: lay cards over the corners of your cards, collect "
                   "symbols for gold cards, score objectives. 2-4 players. Unofficial implementation.")
    hidden_information = True
    SEAT_OPTION = "players"
    SEAT_NAMES = PLAYER_NAMES
    OPTIONS = (Option("players", "int", 2, "Players", "number of players (2-4)", minimum=2, maximum=4),)

    def _setup(self) -> None:
        cards, objectives = load_cards()
        n = self.options["players"]
        rng = self.rng
        self.resource_deck = [c.id for c in cards.values() if c.type == "resource"]
        self.gold_deck = [c.id for c in cards.values() if c.type == "gold"]
        starters = [c.id for c in cards.values() if c.type == "starter"]
        objs = sorted(objectives)
        for deck in (self.resource_deck, self.gold_deck, starters, objs):
            rng.shuffle(deck)
        self.market: list = [self.resource_deck.pop(), self.resource_deck.pop(),
                             self.gold_deck.pop(), self.gold_deck.pop()]
        self.starters = [starters.pop() for _ in range(n)]
        self.hands: list[list] = [[] for _ in range(n)]
        for q in range(n):
            for kind in HAND_DEAL:
                self.hands[q].append((self.resource_deck if kind == "resource" else self.gold_deck).pop())
        self.common = [objs.pop(), objs.pop()]
        self.dealt = [[objs.pop(), objs.pop()] for _ in range(n)]
        self.objective_rest = objs  # never used in play
        self.secret: list = [None] * n
        self.first = rng.below(n)
        self.turn = self.first
        self.phase = "starter"
        self.step = "place"
        self.fields = [GameField() for _ in range(n)]
        self.points = [0] * n
        self.turns_left: int | None = None  # after the end is triggered: turns still to play
        self.events: list[dict] = []
        self.final: dict | None = None  # objective points and completions, at the end
        self._over = False
        self._winners: list[int] = []
        self._viewer: int | None = None

    @classmethod
    def max_moves(cls, options: dict) -> int:
        """``2n + 2H + (n - 1)(H + 1) + 4n`` for ``n`` players and the ``H = 80`` resource and
        gold cards (n = 2: 253, n = 4: 427).  Proof, part by part:

        * setup: ``starter`` then ``objective`` phases, one move per player each (:meth:`_check`
          allows nothing else): ``2n`` moves;
        * a ``play`` move puts a card of the player's hand into their area for good, and hands
          only ever hold resource and gold cards, so at most ``H`` play moves happen in a game;
          a ``draw`` move only follows a play move: at most ``2H`` moves for both;
        * ``pass`` (legal only when the player can place nothing): until the end is triggered
          (:meth:`_end_turn`) both decks are never empty at the start of a turn, so every hand
          holds 3 cards then, and a card's back fits any free position: a pass means the
          player's area has no free position, and it never gets one again (only a placement in
          that area adds one).  So ``n`` passes in a row are made by ``n`` different players
          whose areas are all closed, and the last of them triggers the end (a pass with every
          area closed does).  Before the trigger, runs of passes are thus at most ``n - 1``
          long and separated by play turns: at most ``(n - 1)(H + 1)`` passes;
        * the triggering turn and the turns after it (the rest of its round and one more round,
          ``2n - 1`` at most): at most ``2n`` turns of at most 2 moves, ``4n`` moves.
        """
        cards, _ = load_cards()
        n = options["players"]
        hand_cards = sum(1 for c in cards.values() if c.type != "starter")
        return 2 * n + 2 * hand_cards + (n - 1) * (hand_cards + 1) + 4 * n

    def _copy_state(self, other: "CodexGame") -> None:
        for name in ("resource_deck", "gold_deck", "market", "starters", "common", "secret",
                     "objective_rest", "points", "events"):
            setattr(other, name, list(getattr(self, name)))
        other.hands = [list(h) for h in self.hands]
        other.dealt = [list(d) for d in self.dealt]
        other.fields = [f.copy() for f in self.fields]
        for name in ("first", "turn", "phase", "step", "turns_left", "final", "_over", "_viewer"):
            setattr(other, name, getattr(self, name))
        other._winners = list(self._winners)

    # ---- protocol ------------------------------------------------------------------------
    @property
    def player_names(self) -> list[str]:
        return list(PLAYER_NAMES[: self.options["players"]])

    @property
    def turn_order(self) -> list[int]:
        n = self.options["players"]
        return [(self.first + k) % n for k in range(n)]

    @property
    def movers(self) -> list[int]:
        return [e["player"] for e in self.events]

    @property
    def current_player(self) -> int | None:
        return None if self._over else self.turn

    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    @property
    def scores(self) -> list[int]:
        if self.final is None:
            return list(self.points)
        return [p + o for p, o in zip(self.points, self.final["objective_points"])]

    def parse_move(self, text: str):
        return parse_codex_move(text)

    def coerce_move(self, move):
        if isinstance(move, (StarterMove, ObjectiveMove, PlayMove, DrawMove)) or move == CODEX_PASS:
            return move
        return super().coerce_move(move)

    # ---- legal moves -------------------------------------------------------------------------
    def placements(self, p: int | None = None) -> list:
        """Every legal ``PlayMove`` of player ``p`` (default: to move)."""
        p = self.turn if p is None else p
        cards, _ = load_cards()
        f = self.fields[p]
        out = []
        spots = sorted(f.available)
        for cid in self.hands[p]:
            if not isinstance(cid, int):
                continue
            card = cards[cid]
            for front in (True, False):
                if front and card.type == "gold" and any(f.counts[s] < k for s, k in card.front.requires.items()):
                    continue
                out.extend(PlayMove(cid, front, q) for q in spots)
        return out

    def draws(self) -> list:
        out = []
        if self.resource_deck:
            out.append(DrawMove("resource-deck"))
        if self.gold_deck:
            out.append(DrawMove("gold-deck"))
        out.extend(DrawMove(str(c)) for c in self.market if isinstance(c, int))
        return out

    def _legal_moves(self) -> list:
        p = self.turn
        if self.phase == "starter":
            return [StarterMove(self.starters[p], True), StarterMove(self.starters[p], False)]
        if self.phase == "objective":
            return [ObjectiveMove(o) for o in self.dealt[p] if isinstance(o, int)]
        if self.step == "draw":
            return self.draws()
        return self.placements() or [CODEX_PASS]

    def _check(self, move) -> None:
        p = self.turn
        name = self.player_names[p]
        cards, _ = load_cards()
        if self.phase == "starter":
            if not isinstance(move, StarterMove):
                raise IllegalMoveError(f"{name} first places their starter card: starter {self.starters[p]} front|back")
            if move.card != self.starters[p]:
                raise IllegalMoveError(f"{name}'s starter card is {self.starters[p]}, not {move.card}")
            return
        if self.phase == "objective":
            if not isinstance(move, ObjectiveMove):
                raise IllegalMoveError(f"{name} first chooses a secret objective: "
                                       + " or ".join(f"objective {o}" for o in self.dealt[p]))
            if move.objective not in self.dealt[p]:
                raise IllegalMoveError(f"objective {move.objective} is not one of {name}'s two objective cards")
            return
        if self.step == "draw":
            if not isinstance(move, DrawMove):
                raise IllegalMoveError(f"{name} has placed a card and now draws one")
            if move.source == "resource-deck" and not self.resource_deck:
                raise IllegalMoveError("the resource deck is empty")
            if move.source == "gold-deck" and not self.gold_deck:
                raise IllegalMoveError("the gold deck is empty")
            if move.source not in ("resource-deck", "gold-deck") and int(move.source) not in self.market:
                raise IllegalMoveError(f"card {move.source} is not face up")
            return
        if move == CODEX_PASS:
            if self.placements():
                raise IllegalMoveError("you may pass only when no card can be placed")
            return
        if not isinstance(move, PlayMove):
            raise IllegalMoveError(f"{name} places a card first: play <card> front|back at (x,y)")
        if move.card not in self.hands[p] and not (self._viewer is not None and self._viewer != p):
            raise IllegalMoveError(f"card {move.card} is not in {name}'s hand")
        card = cards.get(move.card)
        if card is None or card.type == "starter":
            raise IllegalMoveError(f"card {move.card} cannot be played from a hand")
        reason = self.fields[p].check(card, move.front, move.at)
        if reason:
            raise IllegalMoveError(f"{move} is illegal: {reason}")

    # ---- playing ---------------------------------------------------------------------------------
    def apply(self, move) -> None:
        p = self.turn
        n = self.options["players"]
        cards, _ = load_cards()
        self.history.append(move)
        event = {"player": p, "move": str(move)}
        self.events.append(event)
        if self.phase in ("starter", "objective"):
            if self.phase == "starter":
                self.fields[p].place_starter(cards[move.card], move.front)
            else:
                self.secret[p] = move.objective
            self.turn = (p + 1) % n
            if self.turn == self.first:
                self.phase = "objective" if self.phase == "starter" else "play"
            return
        if self.step == "place":
            if move == CODEX_PASS:
                # a pass when no play area has a free position left: nobody can ever place a
                # card again, so the end is triggered (else the passes would never end)
                self._end_turn(closed=not any(f.available for f in self.fields))
                return
            hand = self.hands[p]
            hand.remove(move.card if move.card in hand else next(c for c in hand if not isinstance(c, int)))
            res = self.fields[p].place_unchecked(cards[move.card], move.front, move.at)
            self.points[p] += res.points
            event["points"] = res.points
            if self.draws():
                self.step = "draw"
            else:
                self._end_turn()
            return
        # draw
        src = move.source
        if src == "resource-deck":
            card = self.resource_deck.pop()
        elif src == "gold-deck":
            card = self.gold_deck.pop()
        else:
            cid = int(src)
            slot = self.market.index(cid)
            card = cid
            kind = "resource" if slot < 2 else "gold"
            same, other = ((self.resource_deck, self.gold_deck) if kind == "resource"
                           else (self.gold_deck, self.resource_deck))
            self.market[slot] = same.pop() if same else (other.pop() if other else None)
        self.hands[p].append(card)
        self._end_turn()

    def _end_turn(self, closed: bool = False) -> None:
        """End the turn; trigger the end on 20 points, on both decks empty, or (``closed``)
        on a pass when no play area has a free card position left."""
        n = self.options["players"]
        p = self.turn
        self.step = "place"
        if self.turns_left is None and (self.points[p] >= END_SCORE or closed
                                        or (not self.resource_deck and not self.gold_deck)):
            pos = (p - self.first) % n  # this turn's place in the round
            self.turns_left = (n - 1 - pos) + n  # the rest of this round, then one more round
            self.events[-1]["end_triggered"] = True
        elif self.turns_left is not None:
            self.turns_left -= 1
        if self.turns_left == 0:
            self._finish()
            return
        self.turn = (p + 1) % n

    def _finish(self) -> None:
        _, objectives = load_cards()
        n = self.options["players"]
        pts, done = [], []
        for q in range(n):
            f = self.fields[q]
            mine = [objectives[o] for o in self.common + [self.secret[q]] if o is not None]
            counts = [f.objective_count(o) for o in mine]
            pts.append(sum(o.points * c for o, c in zip(mine, counts)))
            done.append(sum(counts))
        self.final = {"objective_points": pts, "completions": done}
        self._over = True
        totals = self.scores
        best = max(totals)
        top = [q for q in range(n) if totals[q] == best]
        most = max(done[q] for q in top)
        self._winners = [q for q in top if done[q] == most]

    def public_move_text(self, index: int, viewer: int | None) -> str:
        move, mover = self.history[index], self.events[index]["player"]
        if isinstance(move, ObjectiveMove) and viewer is not None and viewer != mover and not self._over:
            return "objective (secret)"
        return self.format_move(move)

    def result_text(self) -> str:
        if self._over:
            names = [self.player_names[q] for q in self._winners]
            return " and ".join(names) + (" win" if len(names) > 1 else " wins") + f" with {self.scores[self._winners[0]]} points"
        name = self.player_names[self.turn]
        if self.phase == "starter":
            return f"{name} places their starter card"
        if self.phase == "objective":
            return f"{name} chooses a secret objective"
        return f"{name} " + ("places a card" if self.step == "place" else "draws a card")


def _view_and_determinize():  # attached to CodexGame below (keeps the class readable)
    def view(self, player: int | None) -> "CodexGame":
        """What ``player`` sees: every play area and score, the market, the common objectives,
        card backs (type and kingdom) of every hand and of the deck tops, hand and deck sizes,
        and their own hand and objectives (``None`` = everything)."""
        other = self.clone()
        if player is None or self.is_over:  # at the end every hand and objective is shown
            return other
        cards, _ = load_cards()
        other._viewer = player

        def back(cid):
            return cid if not isinstance(cid, int) else HiddenCard(cards[cid].type, cards[cid].kingdom)

        other.hands = [list(h) if q == player else [back(c) for c in h] for q, h in enumerate(self.hands)]
        for name, kind in (("resource_deck", "resource"), ("gold_deck", "gold")):
            deck = getattr(self, name)
            hidden = [HiddenCard(kind, None)] * len(deck)
            if deck:
                hidden[-1] = back(deck[-1])  # the top card's back is in view
            setattr(other, name, hidden)
        other.dealt = [list(d) if q == player else [None] * len(d) for q, d in enumerate(self.dealt)]
        other.secret = [s if q == player else None for q, s in enumerate(self.secret)]
        other.objective_rest = [None] * len(self.objective_rest)
        other.rng = Rng(0)
        other.seed = 0
        return other

    def determinize(self, rng: Rng) -> "CodexGame":
        """A full game consistent with this view: hidden hands and deck cards sampled to match
        their visible backs, other players' objectives from the unseen objective cards."""
        if self._viewer is None:
            return self.clone()
        cards, objectives = load_cards()
        me = self._viewer
        full = self.clone()
        seen = {c for h in self.hands for c in h if isinstance(c, int)}
        seen.update(c for c in self.market if isinstance(c, int))
        for f in self.fields:
            seen.update(cell.card.id for cell in f.cards.values())
        pool: dict = {}
        for c in cards.values():
            if c.type != "starter" and c.id not in seen:
                pool.setdefault((c.type, c.kingdom), []).append(c.id)
        for ids in pool.values():
            rng.shuffle(ids)

        def take(h: HiddenCard) -> int:
            if h.kingdom is not None:
                return pool[(h.type, h.kingdom)].pop()
            keys = [k for k in sorted(pool, key=str) if k[0] == h.type and pool[k]]
            weights = [len(pool[k]) for k in keys]
            r = rng.below(sum(weights))
            for k, w in zip(keys, weights):
                if r < w:
                    return pool[k].pop()
                r -= w
            raise AssertionError("inconsistent view")

        # constrained slots (known backs) first, then the rest of the decks
        full.hands = [[take(c) if isinstance(c, HiddenCard) else c for c in h] for h in self.hands]
        for name in ("resource_deck", "gold_deck"):
            deck = list(getattr(self, name))
            if deck and deck[-1].kingdom is not None:
                deck[-1] = take(deck[-1])
            setattr(full, name, deck)
        for name in ("resource_deck", "gold_deck"):
            setattr(full, name, [take(c) if isinstance(c, HiddenCard) else c for c in getattr(full, name)])
        unseen_obj = [o for o in sorted(objectives) if o not in self.common and o not in self.dealt[me]]
        rng.shuffle(unseen_obj)
        for q in range(len(self.hands)):
            if q != me:
                full.dealt[q] = [unseen_obj.pop(), unseen_obj.pop()]
                if self.phase == "play" or (self.phase == "objective" and (q - self.first) % len(self.hands)
                                            < (self.turn - self.first) % len(self.hands)):
                    full.secret[q] = full.dealt[q][0]
        full.objective_rest = unseen_obj
        full.rng = Rng(rng.next64())
        full._viewer = None
        return full

    CodexGame.view = view
    CodexGame.determinize = determinize


_view_and_determinize()


def _symbol_delta(field: GameField, side: Side, p: Point) -> Counter:
    """How the visible-symbol counts change if ``side`` is placed at ``p``."""
    delta: Counter = Counter(side.centre)
    angles = field.angles
    for corner in CORNERS:
        a = angles.get(corner_cell(p, corner))
        if a is not None and a.top in SYMBOLS:
            delta[a.top] -= 1
        symbol = side.corners[corner]
        if symbol in SYMBOLS:
            delta[symbol] += 1
    return delta


def _pattern_gain(field: GameField, kingdom: str, p: Point, patterns) -> int:
    """Points the diagonal/L objectives in ``patterns`` gain from a card of ``kingdom`` at ``p``."""
    if not patterns:
        return 0
    colours = field.colours
    before = sum(o.points * field.objective_count(o) for o in patterns)
    colours[p] = kingdom
    try:
        after = sum(o.points * field.objective_count(o) for o in patterns)
    finally:
        del colours[p]
    return after - before


def placement_values(game: "CodexGame", q: int | None = None) -> list[tuple[float, "PlayMove"]]:
    """Agent knowledge (not rules): each legal placement of player ``q`` (default: to move) with
    a value in points - the points it scores now, what it adds to the player's objectives
    (common and secret, as far as the player knows them), and half a point per symbol it brings
    towards the requirement of a gold card in the hand."""
    q = game.turn if q is None else q
    cards, objectives = load_cards()
    field = game.fields[q]
    mine = [objectives[o] for o in game.common + [game.secret[q]] if o is not None]
    sets = [o for o in mine if o.kind == "symbols"]
    hand = [cards[c] for c in game.hands[q] if isinstance(c, int)]
    needs: Counter = Counter()
    for g in hand:
        if g.type == "gold":
            for sym, n in g.front.requires.items():
                needs[sym] += max(0, n - field.counts[sym])
    counts = field.counts
    pattern_cache: dict = {}
    out = []
    for m in game.placements(q):
        card = cards[m.card]
        side = card.side(m.front)
        delta = _symbol_delta(field, side, m.at)
        value = float(field.points_if_placed(card, m.front, m.at))
        for o in sets:
            value += o.points * (min((counts[sym] + delta[sym]) // n for sym, n in o.symbols.items())
                                 - min(counts[sym] // n for sym, n in o.symbols.items()))
        for sym, d in delta.items():
            if d and needs[sym]:  # nearer to (or, covering, further from) a gold card's requirement
                value += 0.5 * (min(needs[sym], d) if d > 0 else d)
        key = (card.kingdom, m.at)
        if key not in pattern_cache:
            pattern_cache[key] = _pattern_gain(field, card.kingdom, m.at, [
                o for o in mine if o.kind != "symbols" and card.kingdom in (o.kingdom, o.column, o.foot)])
        value += pattern_cache[key]
        out.append((value, m))
    return out


def _search_hooks():
    """Hooks for the generic search agent (pygame_core.agents.mcts): the search looks at the best
    few placements by :func:`placement_values` and every draw; playouts follow that value
    (noisily) for a few turns and are valued by points plus objective points so far."""
    CodexGame.SEARCH_ITERATIONS = 150
    CodexGame.SEARCH_SETTINGS = {"exploration": 0.7}  # mcts and codex-ismcts play alike
    CodexGame.SEARCH_WIDTH = 6
    CodexGame.PLAYOUT_MOVES = 8

    def search_moves(self) -> list:
        if self.phase != "play" or self.step == "draw":
            return self.legal_moves()
        ranked = placement_values(self)
        if not ranked:
            return [CODEX_PASS]
        ranked.sort(key=lambda vm: -vm[0])
        return [m for _, m in ranked[: self.SEARCH_WIDTH]]

    def playout_move(self, rng: Rng):
        if self.phase != "play":
            moves = self.legal_moves()
            return moves[rng.below(len(moves))]
        if self.step == "draw":
            return self._playout_draw(rng)
        ranked = placement_values(self)
        if not ranked:
            return CODEX_PASS
        return max(ranked, key=lambda vm: vm[0] + rng.random())[1]

    def _playout_draw(self, rng: Rng):
        """A face-up gold card the player can already place, else a random draw."""
        cards, _ = load_cards()
        field = self.fields[self.turn]
        for c in self.market[2:]:
            if isinstance(c, int) and all(field.counts[s] >= n for s, n in cards[c].front.requires.items()):
                return DrawMove(str(c))
        moves = self.draws()
        return moves[rng.below(len(moves))]

    def estimated_totals(self) -> list[float]:
        """Points plus the objective points each area fulfils now (the final scores if over)."""
        if self._over:
            return [float(x) for x in self.scores]
        _, objectives = load_cards()
        out = []
        for q, f in enumerate(self.fields):
            ids = self.common + [self.secret[q]]
            out.append(self.points[q] + sum(f.objective_points(objectives[o]) for o in ids if o is not None))
        return out

    def playout_rewards(self, rng: Rng, start) -> list[float]:
        limit = len(start.history) + self.PLAYOUT_MOVES
        while not self._over and len(self.history) < limit:
            self.apply(self.playout_move(rng))
        totals = self.estimated_totals()
        n = len(totals)
        rewards = []
        for q in range(n):
            diff = totals[q] - max(totals[r] for r in range(n) if r != q)
            value = 0.5 + 0.5 * diff / (abs(diff) + 8.0)
            if self._over:
                value = 0.5 * value + (0.5 / len(self._winners) if q in self._winners else 0.0)
            rewards.append(value)
        return rewards

    def render_text(self) -> str:
        _, objectives = load_cards()
        lines = [self.result_text(),
                 "Scores: " + ", ".join(f"{n} {s}" for n, s in zip(self.player_names, self.scores)),
                 f"Decks: resource {len(self.resource_deck)}, gold {len(self.gold_deck)}; face up: "
                 + " ".join("-" if c is None else str(c) for c in self.market),
                 "Common objectives: " + "; ".join(f"{o} {objectives[o].describe()}" for o in self.common)]
        for q, f in enumerate(self.fields):
            hand = " ".join(str(c) if isinstance(c, int) else f"?{c.type[0]}" for c in self.hands[q])
            cells = " ".join(f"{c.card.id}{'f' if c.front else 'b'}({p[0]},{p[1]})" for p, c in
                             sorted(f.cards.items(), key=lambda kv: kv[1].order))
            lines.append(f"{self.player_names[q]}: hand {hand or '-'}; area {cells or '-'}")
        return "\n".join(lines)

    CodexGame.search_moves = search_moves
    CodexGame.playout_move = playout_move
    CodexGame._playout_draw = _playout_draw
    CodexGame.estimated_totals = estimated_totals
    CodexGame.playout_rewards = playout_rewards
    CodexGame.render_text = render_text


_search_hooks()
register_game(CodexGame)
