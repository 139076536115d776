"""The Triominos game (rules: docs/rules/triominos.md, after the luddwichr/triominos project).

The board model (:mod:`.pieces`, :mod:`.board`) stands on its own; this module is the game.

:class:`TriominosGame` is the whole game for 2-6 players: the 56-tile pool dealt by its draw source
(:mod:`pygame_core.bag`: the seed, or the fair deal of a game by link),
hands of 9/7/6, the opener (best tile, triples first) and the opening bonuses, voluntary drawing
(-5, at most 3 a turn), passing (-10, after 3 draws or with an empty pool), going out
(+25 + the opponents' hands), blocked rounds, rounds to a target (default 400) or a single round,
and at most ``max_rounds`` rounds (default 20).

Decision: a maximum number of rounds (option ``max_rounds``, 1-100, default 20), because
otherwise a game need not end.  Players who only draw and pass lose points every turn, so
nobody ever reaches the target and blocked rounds follow one another for ever (a legal record
could hold hundreds of thousands of moves).  A table would simply agree to "play at most N
rounds": when round ``max_rounds`` ends, the game ends exactly as if the target had been
reached - the highest total wins, ties go to the last round's winner(s), else shared.  Games
to 400 take 2-7 rounds in practice (random and greedy play, 2-6 players), so 20 never cuts a
real game short and old records of up to 20 rounds replay identically.

Length bound (:meth:`TriominosGame.max_moves`).  With ``N`` players and hands of ``h`` tiles, one
round has at most ``56 N + (56 - N h) + 1`` moves: at most 56 placements (each tile once), at
most ``56 - N h`` draws (the pool at the deal; nothing returns to it), and at most
``(N - 1) P + 1`` passes for ``P`` placements, because only a placement resets the pass streak
(a draw does not), the round's first move is a placement, ``N`` consecutive passes end the
round, so at most ``N - 1`` passes follow each placement but the last, and ``N`` the last one.
A game has at most ``max_rounds`` rounds (one with ``target`` = single round).

Notation: ``1-2-3 ACB (-2,1)`` (tile, orientation, location), ``draw``, ``pass``.
"""


from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ...bag import BagSpec, HiddenSpec
from ...core import DRAW, PASS, Action, Game, IllegalMoveError, Option, Rng, clean_move_text, register_game
from ...geometry import trigrid
from .board import (BRIDGE_BONUS, BRIDGES, DRAW_PENALTY, GOING_OUT_BONUS, HEXAGON_AT, HEXAGON_BONUS, MAX_DRAWS,
                    PASS_PENALTY, Board)
from .notation import parse_placement
from .pieces import ALL_TILES, TILE_INDEX, Location, Placement, Tile, arrangements
from .search import HOOKS
from .words import action_words, placement_words, status_words

HAND_SIZES = {2: 9, 3: 7, 4: 7, 5: 6, 6: 6}
TRIPLE_OPENING_BONUS = 10
ZERO_TRIPLE_OPENING = 40
DEFAULT_MAX_ROUNDS = 20  # games to 400 take 2-7 rounds; this only stops endless drawing and passing
MAX_ROUNDS_LIMIT = 100
PLAYER_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6")


def hand_points(hand) -> int:
    return sum(t.points for t in hand if t is not None)


def opening_score(tile: Tile) -> int:
    """Points for the opening tile: its points, +10 for a triple, 40 for 0-0-0."""
    if tile == Tile(0, 0, 0):
        return ZERO_TRIPLE_OPENING
    return tile.points + (TRIPLE_OPENING_BONUS if tile.is_triple else 0)


def choose_opener(hands) -> int:
    """The seat whose hand is best: best tile first (triples first), then next best, then seat."""
    keys = [sorted((t.rank for t in hand), reverse=True) for hand in hands]
    best = 0
    for seat in range(1, len(hands)):
        if keys[seat] > keys[best]:
            best = seat
    return best


@dataclass
class RoundResult:
    round: int
    kind: str  # "out" (a player emptied their hand) or "blocked"
    winners: list[int]
    gains: list[int]  # points each player received at the round end
    hands: list[int] = field(default_factory=list)  # points left in each hand

    def to_json(self) -> dict:
        return {"round": self.round, "kind": self.kind, "winners": list(self.winners),
                "gains": list(self.gains), "hands": list(self.hands)}


@register_game
class TriominosGame(Game):
    game_id = "triominos"
    title = "Triominos"
    description = ("Lay triangular tiles so that touching corners match; score the tile plus "
                   "bonuses for closing hexagons and bridges. Empty your hand to win the round. "
                   "2-6 players, rounds to 400 points (at most 20 rounds) or a single round.")
    hidden_information = True
    SEAT_OPTION = "players"
    SEAT_NAMES = PLAYER_NAMES
    OPTIONS = (
        Option("players", "int", 2, "Players", "number of players (2-6)", minimum=2, maximum=6),
        Option("target", "int", 400, "Target score",
               "play rounds until someone reaches this score, or a single round",
               minimum=1, maximum=100_000, nullable=True, null_label="Single round"),
        Option("max_rounds", "int", DEFAULT_MAX_ROUNDS, "Maximum rounds",
               "the game also ends after this many rounds, even if nobody has reached the target "
               "(the highest total wins); so every game ends",
               minimum=1, maximum=MAX_ROUNDS_LIMIT),
    )

    @classmethod
    def hidden_spec(cls, options: dict) -> HiddenSpec:
        """Played apart by link (:mod:`pygame_core.hidden`): one bag, the keys of the three
        tiles a turn may draw sent ahead, the opener decided by comparing hands."""
        return HiddenSpec((BagSpec("triominos", tuple(ALL_TILES), ahead=MAX_DRAWS),), opener="best-hand",
                          hand=HAND_SIZES[options["players"]])

    @classmethod
    def max_moves(cls, options: dict) -> int:
        """At most ``rounds * (56 N + (56 - N h) + 1)`` moves (proof in the module docstring):
        per round 56 placements, the ``56 - N h`` tiles of the pool drawn, and ``(N - 1) P + 1``
        passes for ``P <= 56`` placements (only a placement resets the pass streak; the first
        move is one; ``N`` passes in a row end the round).  ``rounds`` is ``max_rounds``, or 1
        for a single round.  2 players, 20 rounds: 3,020; 6 players: 7,140."""
        n = options["players"]
        per_round = len(ALL_TILES) * n + (len(ALL_TILES) - n * HAND_SIZES[n]) + 1
        rounds = 1 if options["target"] is None else options["max_rounds"]
        return rounds * per_round

    # ---- setup ---------------------------------------------------------------
    def _setup(self) -> None:
        n = self.options["players"]
        self.totals = [0] * n
        self.rounds: list[RoundResult] = []
        self.events: list[dict] = []  # what each move scored, one entry per move
        self._over = False
        self._winners: list[int] = []
        self._viewer: int | None = None  # set on views: the only hand that is known
        self.round = 0
        self._start_round()

    def _start_round(self) -> None:
        n = self.options["players"]
        self.round += 1
        source = self.draw_source
        self.hands, self.pool = source.deal(self, list(ALL_TILES), [HAND_SIZES[n]] * n)
        for hand in self.hands:
            if None not in hand:
                hand.sort()
        self.board = Board()
        known = source.first_player
        self.opener = choose_opener(self.hands) if known is None else known
        self.opening_tiles = frozenset()  # a hidden opener's best tile is unknown here
        if None not in self.hands[self.opener]:
            top = max(t.rank for t in self.hands[self.opener])
            self.opening_tiles = frozenset(t for t in self.hands[self.opener] if t.rank == top)
        self._turn = self.opener
        self.draws = 0
        self.passes = 0

    def _copy_state(self, other: "TriominosGame") -> None:
        other.totals = list(self.totals)
        other.rounds = list(self.rounds)
        other.events = list(self.events)
        other._over = self._over
        other._winners = list(self._winners)
        other._viewer = self._viewer
        other.round = self.round
        other.pool = list(self.pool)
        other.hands = [list(h) for h in self.hands]
        other.board = self.board.copy()
        other.opener = self.opener
        other.opening_tiles = self.opening_tiles
        other._turn = self._turn
        other.draws = self.draws
        other.passes = self.passes

    # ---- protocol --------------------------------------------------------------
    @property
    def player_names(self) -> list[str]:
        return list(PLAYER_NAMES[: self.options["players"]])

    @property
    def current_player(self) -> int | None:
        return None if self._over else self._turn

    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def movers(self) -> list[int]:
        return [e["player"] for e in self.events]  # drawing keeps the turn

    def move_words(self, index: int, viewer: int | None) -> str:
        """``5-5-5 to the right of 2-4-5, +7``, ``a draw, −5``, ``a pass, −10`` (words.py)."""
        return self._words(index)[0]

    def move_words_code(self, index: int, viewer: int | None) -> dict:
        return self._words(index)[1]

    def _words(self, index: int) -> tuple[str, dict]:
        move, event = self.history[index], self.events[index]
        if not isinstance(move, Placement):
            return action_words(str(move), event.get("points", 0))
        earlier = [m for m, e in zip(self.history[:index], self.events) if isinstance(m, Placement)
                   and e.get("round") == event.get("round")]
        return placement_words(move, event, earlier)

    def held(self) -> list[dict[str, int]]:
        return [{"tiles": len(h)} for h in self.hands]

    @property
    def is_opening(self) -> bool:
        return self.board.is_empty

    def hand(self, player: int) -> list:
        """The tiles in ``player``'s hand (``None`` for tiles hidden from this view)."""
        return list(self.hands[player])

    def parse_move(self, text: str):
        text = clean_move_text(text)  # public: callers may skip ``to_move``
        low = text.lower()
        if low == "draw":
            return DRAW
        if low == "pass":
            return PASS
        return parse_placement(text)

    def coerce_move(self, move):
        if isinstance(move, (Placement, Action)):
            return move
        return super().coerce_move(move)

    def _legal_moves(self) -> list:
        p = self._turn
        if self.board.is_empty:
            return self.board.valid_placements(sorted(self.opening_tiles))
        moves: list = self.board.valid_placements(self.hands[p])
        if self.pool and self.draws < MAX_DRAWS:
            moves.append(DRAW)
        if not self.pool or self.draws >= MAX_DRAWS:
            moves.append(PASS)
        return moves

    def _check(self, move) -> None:
        p = self._turn
        if self.board.is_empty:
            if not isinstance(move, Placement):
                raise IllegalMoveError(
                    f"{self.player_names[p]} opens the round and must place a tile first")
            if move.tile not in self.opening_tiles and None not in self.hands[p]:
                best = " or ".join(str(t) for t in sorted(self.opening_tiles))
                raise IllegalMoveError(f"the opening tile must be your best tile: {best}")
            reason = self.board.validate(move, self._held(p))
            if reason:
                raise IllegalMoveError(f"{move} is not a valid placement: {reason}")
            return
        if move == DRAW:
            if not self.pool:
                raise IllegalMoveError("the pool is empty: you cannot draw (pass instead)")
            if self.draws >= MAX_DRAWS:
                raise IllegalMoveError("you have already drawn 3 tiles this turn: place a tile or pass")
            return
        if move == PASS:
            if self.pool and self.draws < MAX_DRAWS:
                left = MAX_DRAWS - self.draws
                raise IllegalMoveError(f"you may pass only after drawing 3 tiles this turn or with an "
                                       f"empty pool ({left} draw(s) left)")
            return
        reason = self.board.validate(move, self._held(p))
        if reason:
            raise IllegalMoveError(f"{move} is not a valid placement: {reason}")

    def _held(self, p: int):
        """``p``'s hand for the checks, or ``None`` when it holds hidden tiles (a seat's copy
        of a game dealt by the fair deal: the deal proves each tile played was drawn)."""
        hand = self.hands[p]
        return None if None in hand else hand

    def apply(self, move) -> None:
        p = self._turn
        n = len(self.totals)
        self.history.append(move)
        event = {"player": p, "move": str(move), "round": self.round}
        if isinstance(move, Placement):
            opening = self.board.is_empty
            hand = self.hands[p]
            if move.tile in hand:
                hand.remove(move.tile)
            else:  # a view: the tile came from a hidden hand
                hand.remove(None)
            score = self.board.place_unchecked(move)
            if opening:
                points = opening_score(move.tile)
                event.update(base=move.tile.points, bonus=points - move.tile.points,
                             bonus_name="opening" if points > move.tile.points else None)
            else:
                points = score.total
                event.update(base=score.base, bonus=score.bonus, bonus_name=score.bonus_name,
                             hexagons=list(score.hexagons), bridges=list(score.bridges))
            self.totals[p] += points
            event["points"] = points
            self.draws = 0
            self.passes = 0
            self.events.append(event)
            if not hand:
                others = [hand_points(self.hands[q]) for q in range(n)]
                gain = GOING_OUT_BONUS + sum(others)
                gains = [0] * n
                gains[p] = gain
                event["round_end"] = self._end_round("out", [p], gains, others)
            else:
                self._turn = (p + 1) % n
            return
        if move == DRAW:
            tile = self.draw_source.draw(self, p)
            hand = self.hands[p]
            hand.append(tile)
            if tile is not None and None not in hand:
                hand.sort()
            self.draws += 1
            self.totals[p] -= DRAW_PENALTY
            event["points"] = -DRAW_PENALTY
            self.events.append(event)
            return
        # pass
        self.totals[p] -= PASS_PENALTY
        event["points"] = -PASS_PENALTY
        self.events.append(event)
        self.draws = 0
        self.passes += 1
        if self.passes >= n:
            left = [hand_points(h) for h in self.hands]
            low = min(left)
            winners = [q for q in range(n) if left[q] == low]
            gain = sum(v - low for v in left)
            gains = [gain if q in winners else 0 for q in range(n)]
            event["round_end"] = self._end_round("blocked", winners, gains, left)
        else:
            self._turn = (p + 1) % n

    def _end_round(self, kind: str, winners: list[int], gains: list[int], hands: list[int]) -> dict:
        for q, g in enumerate(gains):
            self.totals[q] += g
        result = RoundResult(self.round, kind, winners, gains, hands)
        self.rounds.append(result)
        if self._game_ends(self.totals, self.round):
            self._over = True
            best = max(self.totals)
            top = [q for q, s in enumerate(self.totals) if s == best]
            won_round = [q for q in top if q in winners]
            self._winners = won_round or top
        else:
            self._start_round()
        return result.to_json()

    def _game_ends(self, totals, finished_round: int) -> bool:
        """Whether the game ends once round ``finished_round`` has ended with these totals: a
        single round, the target reached, or the last round (``max_rounds``) played."""
        target = self.options["target"]
        return (target is None or max(totals) >= target
                or finished_round >= self.options["max_rounds"])

    # ---- hidden information --------------------------------------------------------
    def view(self, player: int | None) -> "TriominosGame":
        """What ``player`` may see: their own hand, the board, scores, counts (``None`` = all)."""
        other = self.clone()
        if player is None or self.is_over:  # at the end every hand and objective is shown
            return other
        other._viewer = player
        other.hands = [list(h) if q == player else [None] * len(h) for q, h in enumerate(self.hands)]
        other.pool = [None] * len(self.pool)
        other.rng = Rng(0)  # the future shuffles are hidden too
        other.seed = 0  # the seed would re-deal every hand (a view has no record)
        if player != self.opener:
            other.opening_tiles = frozenset()  # the opener's best tile is in a hidden hand
        return other

    def unseen_tiles(self, player: int) -> list[Tile]:
        """Tiles ``player`` cannot see this round: other hands and the pool (sorted)."""
        known = set(self.board.played) | {t for t in self.hands[player] if t is not None}
        return [t for t in ALL_TILES if t not in known]

    def determinize(self, rng: Rng) -> "TriominosGame":
        if self._viewer is None:
            return self.clone()
        full = self.clone()
        unseen = self.unseen_tiles(self._viewer)
        rng.shuffle(unseen)
        for q, hand in enumerate(full.hands):
            if q != self._viewer:
                full.hands[q] = sorted(unseen.pop() for _ in hand)
        full.pool = [unseen.pop() for _ in self.pool]
        full.rng = Rng(rng.next64())
        full._viewer = None
        if full.board.is_empty and full.opener != self._viewer:
            top = max(t.rank for t in full.hands[full.opener])
            full.opening_tiles = frozenset(t for t in full.hands[full.opener] if t.rank == top)
        return full

    # ---- text ----------------------------------------------------------------------
    def last_event(self) -> dict | None:
        return self.events[-1] if self.events else None

    def result_text(self) -> str:
        return status_words(self)[0]

    def result_code(self) -> dict:
        return status_words(self)[1]

    def render_text(self) -> str:
        lines = [self.result_text(),
                 "Scores: " + ", ".join(f"{n} {s}" for n, s in zip(self.player_names, self.totals)),
                 f"Pool: {len(self.pool)} tiles"]
        for q, hand in enumerate(self.hands):
            shown = " ".join("?" if t is None else str(t) for t in hand)
            lines.append(f"{self.player_names[q]} hand ({len(hand)}): {shown}")
        lines.append(self.board.render_text())
        return "\n".join(lines)

    # ---- fast placements (search playouts and the strategy agents) -----------------------
    _FITS: ClassVar[dict | None] = None
    _SHAPES: ClassVar[dict] = {}
    _POINTS: ClassVar[tuple] = tuple(t.points for t in ALL_TILES)
    search_hooks: ClassVar = HOOKS  # the search's knowledge of this game (search.py)

    @classmethod
    def fit_table(cls) -> dict:
        """``(up, left, middle, right) -> ((index, tile, orientation, corners), ...)``: every
        arrangement whose corners fit those numbers (``None`` = a free corner), heavier tiles
        first (``corners`` = the placed left, middle and right numbers)."""
        if cls._FITS is None:
            fits: dict = {}
            for tile in sorted(ALL_TILES, key=lambda t: (-t.points, t)):
                for up in (True, False):
                    for o, (a, b, c) in arrangements(tile, up):
                        for mask in range(8):
                            key = (up, a if mask & 1 else None, b if mask & 2 else None,
                                   c if mask & 4 else None)
                            fits.setdefault(key, []).append((TILE_INDEX[tile], tile, o, (a, b, c)))
            cls._FITS = {k: tuple(v) for k, v in fits.items()}
        return cls._FITS

    @staticmethod
    def _fits_at(fits: dict, values: dict, loc: Location) -> tuple:
        x, y = loc
        get = values.get
        if (x + y) & 1:
            return fits.get((False, get((x - 1, y)), get((x, y + 1)), get((x + 1, y))), ())
        return fits.get((True, get((x - 1, y + 1)), get((x, y)), get((x + 1, y + 1))), ())

    @classmethod
    def _shape(cls, loc: Location) -> tuple:
        """``(hexagon groups, bridges)`` round ``loc`` as locations (cached), for fast scoring."""
        shape = cls._SHAPES.get(loc)
        if shape is None:
            nb = trigrid.neighbours(*loc)
            shape = (tuple(frozenset(nb[n] for n in names) for names in HEXAGON_AT.values()),
                     tuple((nb[edge], frozenset(nb[n] for n in others)) for edge, others, _ in BRIDGES))
            cls._SHAPES[loc] = shape
        return shape

    @classmethod
    def _bonus(cls, occupied, loc: Location) -> int:
        """The bonus of a placement at ``loc`` (as :meth:`Board.score`) from occupancy only."""
        hexes, bridges = cls._shape(loc)
        k = 0
        for group in hexes:
            if group <= occupied:
                k += 1
        if k:
            return HEXAGON_BONUS[k]
        for edge, others in bridges:
            if edge in occupied and not occupied.isdisjoint(others):
                return BRIDGE_BONUS
        return 0

    def fast_placements(self, tiles) -> list:
        """The valid placements of ``tiles`` after the opening: the same set as
        ``board.valid_placements`` (other order), through :meth:`fit_table` (for playouts)."""
        fits = self.fit_table()
        values = self.board.values
        held = {TILE_INDEX[t] for t in tiles}
        return [Placement(tile, o, loc) for loc in self.board.frontier
                for i, tile, o, _ in self._fits_at(fits, values, loc) if i in held]
