"""The Triominos agents (rules spec section 10): Greedy, the strategy agents and ISMCTS.

Every agent reads only what its player may see: its own hand, the layout, the scores, the
number of tiles in the pool and the tiles not yet seen (:meth:`TriominosGame.unseen_tiles`).

:class:`StrategyAgent` is one agent with two independent settings, so that a tournament
(``python -m pygame_core tournament triominos --agents greedy,dump,...``) can compare the
seed's "drawing and placement strategies":

* ``placement``: ``max-score`` (highest immediate score, bonuses included), ``dump`` (the tile
  with the most points), ``flexible`` (keep a hand that can still be placed), ``bonus`` (go for
  hexagons and bridges, do not leave a hexagon spot open for the next player);
* ``drawing``: ``forced-only`` (draw only without a valid placement) or ``threshold`` (also draw,
  while draws remain this turn, when the best placement scores less than ``threshold``).

Ties always go to the placement scoring more, then to the tile with more points, then to the
agent's RNG.  The named variants (``greedy``, ``dump``, ``flexible``, ``bonus``, ``cautious``,
``hoarder``) are registered for the UI; any setting can be overridden with keyword arguments.

:class:`ISMCTSAgent` is the generic search of :mod:`pygame_core.agents.mcts` (determinized per
iteration, moves legal per determinization) with the game's hooks (:mod:`.search`): rounds played out by a fast policy (draw
until a bonus is in sight, then greedy), rewarded by the points difference to the best
opponent at the round end, and a progressive bias towards that policy's own choice.
"""

from __future__ import annotations

from ...agents import Agent, check_number, register
from ...agents.mcts import MCTSAgent
from ...core import DRAW, PASS
from ...geometry import trigrid
from .board import GOING_OUT_BONUS, HEXAGON_AT, MAX_DRAWS
from .pieces import TILE_INDEX, Placement
from .rules import TriominosGame, opening_score

PLACEMENT_POLICIES = ("max-score", "dump", "flexible", "bonus")
DRAWING_POLICIES = ("forced-only", "threshold")
HEXAGON_RISK = 50  # ``bonus``: points a hexagon spot left to the next player is assumed to cost


def own_hand(game, player: int) -> list:
    """The tiles ``player`` holds (its own hand is never hidden from it)."""
    return [t for t in game.hands[player] if t is not None]


def immediate_score(game, p: Placement) -> int:
    """What placing ``p`` scores at once: the opening score, or the tile plus its bonus; a
    last tile adds the going-out bonus of 25 (the opponents' points are hidden, so not counted)."""
    if game.board.is_empty:
        return opening_score(p.tile)
    points = game.board.score(p).total
    if len(game.hands[game.current_player]) == 1:
        points += GOING_OUT_BONUS
    return points


def board_after(board, p: Placement):
    """A copy of ``board`` with ``p`` placed (``p`` must be valid)."""
    after = board.copy()
    after.place_unchecked(p)
    return after


def hand_flexibility(board, tiles) -> tuple[int, int]:
    """``(tiles that can still be placed, distinct tile/location pairs that fit)`` on ``board``."""
    fits = {(q.tile, q.location) for q in board.valid_placements(tiles)}
    return len({t for t, _ in fits}), len(fits)


def hexagon_spots(board, unseen_indices) -> int:
    """Free locations where one more tile would close a hexagon and some unseen tile fits."""
    occ = board.placements
    get = board.values.get
    fits = TriominosGame.fit_table()
    count = 0
    for loc in board.frontier:
        nb = trigrid.neighbours(*loc)
        if not any(all(nb[n] in occ for n in names) for names in HEXAGON_AT.values()):
            continue
        l, m, r = (get(v) for v in trigrid.corner_vertices(*loc))
        key = (trigrid.up_facing(*loc), l, m, r)
        if any(e[0] in unseen_indices for e in fits.get(key, ())):
            count += 1
    return count


class StrategyAgent(Agent):
    """One parameterised Triominos agent: a placement policy and a drawing policy."""

    games = ("triominos",)
    placement = "max-score"
    drawing = "forced-only"
    threshold = 8

    def __init__(self, seed: int | None = None, placement: str | None = None,
                 drawing: str | None = None, threshold: int | None = None):
        super().__init__(seed)
        if placement is not None:
            self.placement = placement
        if drawing is not None:
            self.drawing = drawing
        if threshold is not None:
            self.threshold = check_number("threshold", threshold, whole=True, low_ok=True)
        if self.placement not in PLACEMENT_POLICIES:
            raise ValueError(f"placement policy must be one of {', '.join(PLACEMENT_POLICIES)}, "
                             f"not {self.placement!r}")
        if self.drawing not in DRAWING_POLICIES:
            raise ValueError(f"drawing policy must be one of {', '.join(DRAWING_POLICIES)}, "
                             f"not {self.drawing!r}")

    def choose(self, game):
        self._require_turn(game)
        me = game.current_player
        board = game.board
        if board.is_empty:
            moves = game.legal_moves()  # the opening: the opener's best tile(s)
            can_draw = False
        else:
            moves = board.valid_placements(own_hand(game, me))
            can_draw = bool(game.pool) and game.draws < MAX_DRAWS
        if not moves:
            return DRAW if can_draw else PASS
        scores = [immediate_score(game, p) for p in moves]
        if self.drawing == "threshold" and can_draw and max(scores) < self.threshold:
            return DRAW
        keys = self.placement_keys(game, moves, scores)
        best = max(keys)
        return self.rng.choice([p for p, k in zip(moves, keys) if k == best])

    def placement_keys(self, game, moves: list, scores: list) -> list[tuple]:
        """One sort key per placement; the agent plays a placement with the largest key."""
        if self.placement == "max-score":
            return [(s, p.tile.points) for p, s in zip(moves, scores)]
        if self.placement == "dump":
            return [(p.tile.points, s) for p, s in zip(moves, scores)]
        board = game.board
        if self.placement == "flexible":
            hand = own_hand(game, game.current_player)
            keys = []
            for p, s in zip(moves, scores):
                rest = [t for t in hand if t != p.tile]
                keys.append((*hand_flexibility(board_after(board, p), rest), s, p.tile.points))
            return keys
        # bonus: a hexagon/bridge counts, minus the hexagon spots left to the next player
        unseen = {TILE_INDEX[t] for t in game.unseen_tiles(game.current_player)}
        keys = []
        for p, s in zip(moves, scores):
            bonus = 0 if board.is_empty else board.score(p).bonus
            spots = hexagon_spots(board_after(board, p), unseen)
            keys.append((bonus - HEXAGON_RISK * spots, s, p.tile.points))
        return keys


@register
class GreedyAgent(StrategyAgent):
    name = "greedy"
    title = "Greedy"
    description = ("Plays the placement that scores most right now (bonuses included; ties: the "
                   "heavier tile). Draws only when it cannot place.")
    strength = 2


@register
class DumpAgent(StrategyAgent):
    name = "dump"
    title = "Dumper"
    description = ("Gets rid of its heaviest tile first (most points; score breaks ties), to hold "
                   "few points if someone goes out. Draws only when it cannot place.")
    placement = "dump"
    strength = 1


@register
class FlexibleAgent(StrategyAgent):
    name = "flexible"
    title = "Flexible"
    description = ("Keeps a playable hand: prefers the placement after which most of its other "
                   "tiles still fit the layout (then the higher score). Draws only when it cannot place.")
    placement = "flexible"
    strength = 1


@register
class BonusAgent(StrategyAgent):
    name = "bonus"
    title = "Bonus hunter"
    description = ("Goes for hexagons and bridges, and avoids leaving a spot where one more tile "
                   "closes a hexagon for the next player. Draws only when it cannot place.")
    placement = "bonus"
    strength = 2


@register
class CautiousAgent(StrategyAgent):
    name = "cautious"
    title = "Cautious drawer"
    description = ("Plays like Greedy, but draws (-5 each, up to 3 a turn) while its best "
                   "placement would score less than 8 points.")
    drawing = "threshold"
    strength = 2


@register
class HoarderAgent(StrategyAgent):
    name = "hoarder"
    title = "Hoarder"
    description = ("Draws (-5 each, up to 3 a turn) unless it can close a hexagon or bridge or go "
                   "out, then plays like Bonus hunter: a big hand finds more bonuses and empties "
                   "the pool for the others.")
    placement = "bonus"
    drawing = "threshold"
    threshold = 16
    strength = 3


@register
class ISMCTSAgent(MCTSAgent):
    name = "ismcts"
    title = "ISMCTS"
    description = ("Information-set Monte-Carlo tree search: samples the hidden tiles, weighs "
                   "every placement, draw and pass, and plays the round out (drawing until a "
                   "bonus is in sight, then greedily) to maximise its lead at the round end. "
                   "The strongest Triominos agent.")
    games = ("triominos",)
    strength = 4
    default_iterations = 300  # as TriominosSearch.iterations: about 0.6 s a move in CPython
    exploration = 0.7
    prior_weight = 1.0  # lean on the playout policy's own choice until the samples disagree
