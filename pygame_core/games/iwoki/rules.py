"""The iwoki Maths game (rules: docs/rules/iwoki.md, after the heidihac/iwoki project).

The board model (:mod:`.pieces`, :mod:`.board`) stands on its own; this module is the game.

:class:`IwokiGame` is the game for 2-4 players: 9 small and 3 hexagonal tiles each, a random
turn order, the opening (a hexagonal tile in H1 or a small tile in H1_H4_H5 with their special
scores), one voluntary draw per turn, passing only when nothing else is possible, white tokens
(3 bring a hexagonal tile) and the red token, the end (a player without small tiles at the
start of their turn, or N passes in a row with N players) and the final deduction.  The
bags, the hands, every draw and the turn order come from the game's draw source
(:mod:`pygame_core.bag`: the seeded ``Rng`` by default, the fair deal when played by link, see
:meth:`IwokiGame.hidden_spec`).

The pass streak counts the passes since the last placement **or draw**: a draw restarts it, as
in the reference game (heidihac/iwoki, ``GameState.move``: drawing sets ``turnPassed = 0``, a
pass adds one).  A turn "draw, then pass" therefore leaves the streak at 1.  Since a player may
pass without drawing only when the bag is empty, N passes in a row can happen only once the
bag is empty (its first turn may have drawn the last tile): players who cannot place keep
drawing while tiles remain, and the game does not end by passes while they do.

Length bound (:meth:`IwokiGame.max_moves`).  Every move is a placement, a draw or a pass (the
hexagonal tiles the white tokens bring are automatic).  Placements: at most 48 + 20 = 68 (each
small and hexagonal tile is laid once); draws: at most ``48 - 9 N`` (the small bag after the
deal; nothing returns to it).  Let ``R`` be the number of placements and draws, the moves that
reset the pass streak.  The first move is a placement; after each reset but the last at most
``N - 1`` passes follow before the next one (``N`` would end the game), after the last at most
``N``: passes <= ``(N - 1) R + 1``, so a game has at most ``N R + 1 <= N (116 - 9 N) + 1`` moves
(197, 268 and 321 for 2, 3 and 4 players).
"""


from __future__ import annotations

from collections import Counter
from typing import ClassVar

from ...bag import BagSpec, HiddenSpec
from ...core import DRAW, PASS, Action, Game, IllegalMoveError, Option, Rng, clean_move_text, register_game
from ...geometry import hexspiral
from .board import VirtualBoard
from .fastmoves import fast_placements
from .notation import parse_placement
from .pieces import (COPIES, HEX_ORDER_TILE, HEX_TILES, SMALL_TILES, WILD, HexagonalTile, HexPlacement,
                     SmallPlacement, hand_penalty, order_text)
from .search import HOOKS
from .words import move_words, status_words

# --------------------------------------------------------------------------- the game
OPENING_HEX = (0, 0)  # H1
OPENING_SMALL = hexspiral.small_gap_of([(0, 0), (0, 1), (-1, 1)])  # H1_H4_H5
SMALL_DEAL = 9
HEX_DEAL = 3
WHITE_LIMIT = 3
PLAYER_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")


def _small_items() -> list:
    """The small-tile bag before its shuffle: four copies of the twelve tiles."""
    return [t for _ in range(COPIES) for t in SMALL_TILES]


def opening_score(p) -> int:
    """The first move's score: a hexagonal tile's largest number; a small tile's two largest
    numbers summed (``+`` face) or its largest minus its smallest (``-`` face)."""
    if isinstance(p, HexPlacement):
        return max(c for c in p.order if c != WILD)
    nums = sorted(p.order.digits)
    return nums[1] + nums[2] if p.order.sign == "+" else nums[2] - nums[0]


@register_game
class IwokiGame(Game):
    game_id = "iwoki"
    title = "iwoki Maths"
    description = ("Lay hexagonal and small triangular tiles so that sums (+ face) and differences "
                   "(- face) of the small tiles' numbers match the hexagons' corners; every match "
                   "scores its number. 2-4 players.")
    hidden_information = True
    SEAT_OPTION = "players"
    SEAT_NAMES = PLAYER_NAMES
    OPTIONS = (Option("players", "int", 2, "Players", "number of players (2-4)", minimum=2, maximum=4),)

    @classmethod
    def max_moves(cls, options: dict) -> int:
        """``N R + 1`` with ``R = 68 + (48 - 9 N)`` (proof in the module docstring): at most 68
        placements and ``48 - 9 N`` draws, the moves that reset the pass streak, each followed by
        at most ``N - 1`` passes (``N`` after the last; the first move is a placement)."""
        n = options["players"]
        small = COPIES * len(SMALL_TILES)
        resets = small + len(HEX_TILES) + (small - n * SMALL_DEAL)
        return n * resets + 1

    # ---- setup ------------------------------------------------------------------------
    @classmethod
    def hidden_spec(cls, options: dict) -> HiddenSpec:
        """Played apart by link (:mod:`pygame_core.hidden_bags`): the small tiles hidden (the
        keys of the one small tile a turn may draw travel ahead: it may be laid at once), the
        hexagonal tiles face up once drawn (the key of the next one a white token brings
        travels ahead too), the turn order drawn from a public bag of the seats."""
        n = options["players"]
        return HiddenSpec((BagSpec("small", tuple(_small_items()), ahead=1),
                           BagSpec("hex", tuple(HEX_TILES), ahead=1, public=True),
                           BagSpec("order", tuple(range(n)), public=True)))

    def _setup(self) -> None:
        n = self.options["players"]
        src = self.draw_source
        self.small_bag: list = src.shuffle(self, _small_items(), "small")
        self.hex_bag: list = src.shuffle(self, list(HEX_TILES), "hex")
        self.small_hands: list[list] = []
        self.hex_hands: list[list] = []
        for q in range(n):
            small = [src.draw(self, q, self.small_bag, "small") for _ in range(SMALL_DEAL)]
            hexes = [src.draw(self, q, self.hex_bag, "hex", True) for _ in range(HEX_DEAL)]
            self.small_hands.append(small if None in small else sorted(small))
            self.hex_hands.append(hexes if None in hexes else sorted(hexes, key=lambda t: t.id))
        self.order = src.order(self, n, "order")
        self.turn_index = 0
        self.board = VirtualBoard()
        self.points = [0] * n
        self.white = [0] * n
        self.drew = False  # the player to move has drawn this turn
        self.passes = 0  # passes since the last placement or draw (N of them end the game)
        self.events: list[dict] = []
        self.penalties: list[int] | None = None  # set at the end: the deduction per player
        self._over = False
        self._winners: list[int] = []
        self._viewer: int | None = None

    def _copy_state(self, other: "IwokiGame") -> None:
        other.small_bag = list(self.small_bag)
        other.hex_bag = list(self.hex_bag)
        other.small_hands = [list(h) for h in self.small_hands]
        other.hex_hands = [list(h) for h in self.hex_hands]
        other.order = self.order
        other.turn_index = self.turn_index
        other.board = self.board.copy()
        other.points = list(self.points)
        other.white = list(self.white)
        other.drew = self.drew
        other.passes = self.passes
        other.events = list(self.events)
        other.penalties = None if self.penalties is None else list(self.penalties)
        other._over = self._over
        other._winners = list(self._winners)
        other._viewer = self._viewer

    # ---- protocol ----------------------------------------------------------------------
    @property
    def player_names(self) -> list[str]:
        return list(PLAYER_NAMES[: self.options["players"]])

    @property
    def current_player(self) -> int | None:
        return None if self._over else self.order[self.turn_index]

    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    @property
    def scores(self) -> list[int]:
        """Points so far; after the end, with the deduction for small tiles left in hand."""
        if self.penalties is None:
            return list(self.points)
        return [p - d for p, d in zip(self.points, self.penalties)]

    @property
    def movers(self) -> list[int]:
        return [e["player"] for e in self.events]  # drawing keeps the turn

    @property
    def turn_order(self) -> list[int]:
        """The seats in turn order (a random permutation drawn at setup)."""
        return list(self.order)

    def move_words(self, index: int, viewer: int | None) -> str:
        """``1 1 2 (+) between H1, H5 and H6, +8``, ``hexagon *52466 in H7, +6``, ``a pass``."""
        return move_words(self.history[index], self.events[index])[0]

    def move_words_code(self, index: int, viewer: int | None) -> dict:
        return move_words(self.history[index], self.events[index])[1]

    def held(self) -> list[dict[str, int]]:
        return [{"small": len(s), "hex": len(h)} for s, h in zip(self.small_hands, self.hex_hands)]

    @property
    def is_opening(self) -> bool:
        return self.board.is_empty

    def red(self, player: int) -> bool:
        """The red token: on while ``player`` holds exactly one small tile."""
        return len(self.small_hands[player]) == 1

    def parse_move(self, text: str):
        text = clean_move_text(text)  # public: callers may skip ``to_move``
        low = text.lower()
        if low == "draw":
            return DRAW
        if low == "pass":
            return PASS
        return parse_placement(text)

    def hidden_play(self, move):
        """``(bag, tile)`` of a tile ``move`` takes from its player's hidden hand, else None
        (hexagonal tiles are face up)."""
        return ("small", move.tile) if isinstance(move, SmallPlacement) else None

    def coerce_move(self, move):
        if isinstance(move, (SmallPlacement, HexPlacement, Action)):
            return move
        return super().coerce_move(move)

    # ---- hands ---------------------------------------------------------------------------
    def unseen_small(self, player: int) -> Counter:
        """Small tile types ``player`` cannot see (other hands and the bag), with counts."""
        seen = Counter(o.tile for o in self.board.smalls.values())
        seen.update(t for t in self.small_hands[player] if t is not None)
        return Counter({t: COPIES - seen[t] for t in SMALL_TILES if COPIES - seen[t] > 0})

    def unseen_hex(self) -> list[HexagonalTile]:
        """Hexagonal tiles in the bag (their order is hidden; which they are is public)."""
        seen = {HEX_ORDER_TILE[o] for o in self.board.hexes.values()}
        for hand in self.hex_hands:
            seen.update(t for t in hand if t is not None)
        return [t for t in HEX_TILES if t not in seen]

    def _small_candidates(self, p: int) -> dict:
        """The small tile types ``p`` may lay: the hand, and in a view the unseen types for
        each hidden tile of that hand."""
        hand = self.small_hands[p]
        out = dict.fromkeys(t for t in hand if t is not None)
        if None in hand and self._viewer is not None:
            out.update(dict.fromkeys(self.unseen_small(self._viewer)))
        return out

    def placements(self, p: int | None = None) -> list:
        """``(placement, score)`` for every valid placement of player ``p`` (default: to move),
        small tiles first."""
        if p is None:
            p = self.current_player
        smalls = self._small_candidates(p)
        hexes = [t for t in self.hex_hands[p] if t is not None]
        if self.board.is_empty:
            out = [(SmallPlacement(o, OPENING_SMALL), 0) for t in smalls for o in t.orders()]
            out += [(HexPlacement(o, OPENING_HEX), 0) for t in dict.fromkeys(hexes) for o in t.orders()]
            return [(m, opening_score(m)) for m, _ in out]
        return self.board.small_placements(smalls) + self.board.hex_placements(hexes)

    def _legal_moves(self) -> list:
        moves = [m for m, _ in self.placements()]
        if self.board.is_empty:
            return moves
        if not self.drew and self.small_bag:
            moves.append(DRAW)
        elif not moves:
            moves.append(PASS)
        return moves

    def _check(self, move) -> None:
        p = self.current_player
        name = self.player_names[p]
        if isinstance(move, Action):
            if self.board.is_empty:
                raise IllegalMoveError(f"{name} makes the first move and must place a tile")
            if move == DRAW:
                if self.drew:
                    raise IllegalMoveError("you have already drawn a small tile this turn: place a tile or pass")
                if not self.small_bag:
                    raise IllegalMoveError("the small-tile bag is empty")
                return
            if not self.drew and self.small_bag:
                raise IllegalMoveError("you may pass only when nothing else is possible: you can still draw")
            if None not in self.small_hands[p] and self.placements():   # (a hidden hand: the audit checks)
                raise IllegalMoveError("you may pass only when nothing else is possible: a tile fits")
            return
        if isinstance(move, SmallPlacement):
            held = self.small_hands[p]
            if move.tile not in held and not (None in held and self._viewer is not None):
                raise IllegalMoveError(f"{name} holds no small tile {move.tile}")
            if self.board.is_empty:
                if move.gap != OPENING_SMALL:
                    raise IllegalMoveError(f"the first small tile goes in {hexspiral.small_gap_name(OPENING_SMALL)}")
                return
        else:
            tile = move.tile
            if tile not in self.hex_hands[p] and not (None in self.hex_hands[p] and self._viewer is not None):
                raise IllegalMoveError(f"{name} holds no hexagonal tile {order_text(move.order)} ({tile})")
            if self.board.is_empty:
                if move.gap != OPENING_HEX:
                    raise IllegalMoveError("the first hexagonal tile goes in H1")
                return
        reason = self.board.validate(move)
        if reason:
            raise IllegalMoveError(f"{move} is not a valid placement: {reason}")

    def apply(self, move) -> None:
        p = self.order[self.turn_index]
        self.history.append(move)
        event = {"player": p, "move": str(move)}
        if isinstance(move, Action):
            self._gain_white(p, event)
            if move == DRAW:
                tile = self.draw_source.draw(self, p, self.small_bag, "small")
                self.small_hands[p].append(tile)
                if tile is not None and None not in self.small_hands[p]:
                    self.small_hands[p].sort()
                self.drew = True
                self.passes = 0  # a draw restarts the pass streak (the reference's move())
                event["points"] = 0
                self.events.append(event)
                return
            self.passes += 1
            event["points"] = 0
            self.events.append(event)
            self._end_turn()
            return
        opening = self.board.is_empty
        if opening:
            points, matches = opening_score(move), ()
            self.board.place_unchecked(move)
        else:
            ev = self.board.evaluate(move)
            points, matches = ev.score, ev.matches
            self.board.place_unchecked(move)
        if isinstance(move, SmallPlacement):
            hand = self.small_hands[p]
            hand.remove(move.tile if move.tile in hand else None)
            if move.order.sign == "-":
                self._gain_white(p, event)
        else:
            hand = self.hex_hands[p]
            hand.remove(move.tile if move.tile in hand else None)
        self.points[p] += points
        event["points"] = points
        event["matches"] = [list(m) for m in matches]
        if opening:
            event["opening"] = True
        self.passes = 0
        self.events.append(event)
        self._end_turn()

    def _gain_white(self, p: int, event: dict) -> None:
        self.white[p] += 1
        if self.white[p] >= WHITE_LIMIT:
            self.white[p] = 0
            if self.hex_bag:
                tile = self.draw_source.draw(self, p, self.hex_bag, "hex", True)
                self.hex_hands[p].append(tile)
                event["hex_drawn"] = None if tile is None else tile.name
            else:
                event["hex_drawn"] = ""

    def _end_turn(self) -> None:
        n = len(self.order)
        self.drew = False
        self.turn_index = (self.turn_index + 1) % n
        if self.passes >= n:
            self._finish("passes")
        elif not self.small_hands[self.order[self.turn_index]]:
            self._finish("out")

    def _finish(self, why: str) -> None:
        self._over = True
        self.penalties = [hand_penalty(h) for h in self.small_hands]
        final = self.scores
        best = max(final)
        self._winners = [q for q in range(len(final)) if final[q] == best]
        if self.events:
            self.events[-1]["game_end"] = {"why": why, "penalties": list(self.penalties), "scores": final}

    # ---- hidden information ----------------------------------------------------------------
    def view(self, player: int | None) -> "IwokiGame":
        """What ``player`` sees: the layout, scores, tokens, every face-up hexagonal tile, hand
        and bag sizes and their own small tiles (``None`` = everything)."""
        other = self.clone()
        if player is None or self.is_over:  # at the end every hand and objective is shown
            return other
        other._viewer = player
        other.small_hands = [list(h) if q == player else [None] * len(h) for q, h in enumerate(self.small_hands)]
        other.small_bag = [None] * len(self.small_bag)
        other.hex_bag = [None] * len(self.hex_bag)
        other.rng = Rng(0)
        other.seed = 0
        return other

    def determinize(self, rng: Rng) -> "IwokiGame":
        """A full game consistent with this view: hidden small tiles and the hexagonal bag's
        order sampled with ``rng``."""
        if self._viewer is None:
            return self.clone()
        full = self.clone()
        unseen = list(self.unseen_small(self._viewer).elements())
        rng.shuffle(unseen)
        for q, hand in enumerate(full.small_hands):
            if None in hand:
                full.small_hands[q] = sorted([t for t in hand if t is not None] + [unseen.pop() for t in hand if t is None])
        full.small_bag = [unseen.pop() for _ in self.small_bag]
        hexes = self.unseen_hex()
        rng.shuffle(hexes)
        for q, hand in enumerate(full.hex_hands):
            full.hex_hands[q] = [t if t is not None else hexes.pop() for t in hand]
        full.hex_bag = [hexes.pop() for _ in self.hex_bag]
        full.rng = Rng(rng.next64())
        full._viewer = None
        return full

    # ---- text ------------------------------------------------------------------------------
    def result_text(self) -> str:
        return status_words(self)[0]

    def result_code(self) -> dict:
        return status_words(self)[1]

    def render_text(self) -> str:
        lines = [self.result_text(),
                 "Turn order: " + ", ".join(self.player_names[q] for q in self.order),
                 f"Bags: {len(self.small_bag)} small, {len(self.hex_bag)} hexagonal"]
        for q in range(self.num_players):
            small = " ".join("?" if t is None else str(t) for t in self.small_hands[q])
            hexes = " ".join("?" if t is None else f"{t}({order_text(t.values)})" for t in self.hex_hands[q])
            tokens = f"white {self.white[q]}" + (", red" if self.red(q) else "")
            lines.append(f"{self.player_names[q]}: {self.scores[q]} points, {tokens}; "
                         f"small ({len(self.small_hands[q])}): {small}; hexagonal: {hexes or '-'}")
        lines.append("Layout:")
        lines.append(self.board.render_text())
        return "\n".join(lines)

    # ---- the search and the agents -----------------------------------------------------
    search_hooks: ClassVar = HOOKS  # the search's knowledge of this game (search.py)

    def fast_placements(self, p: int | None = None, smalls=None, hexes=None) -> list:
        """``(placement, score)`` for the valid placements of player ``p`` after the opening: the
        same set as :meth:`placements` (other order, small tiles first), several times faster.
        ``smalls`` / ``hexes`` replace the small tile types / hexagonal tiles considered (default:
        what :meth:`placements` would use).  On the empty layout this is :meth:`placements`."""
        return fast_placements(self, p, smalls, hexes)
