"""The iwoki Maths agents (rules spec section 10): Greedy, Minimax and ISMCTS.

Agent names are global in :mod:`pygame_core.agents` (the bridge, the CLI and the web page look
agents up by name alone) and ``greedy`` / ``ismcts`` already name the Triominos agents, so these
are registered as ``iwoki-greedy``, ``iwoki-minimax`` and ``iwoki-ismcts``; players see their
titles "Greedy", "Minimax" and "ISMCTS".  The spec's Random is the shared ``random`` agent
(uniform over every legal move, draw and pass included).

Every agent works on ``game.view(me)``: the layout, scores, tokens, the face-up hexagonal tiles,
hand and bag sizes and its own small tiles - never another player's small tiles or the bag order.

* :class:`IwokiGreedyAgent`: the placement scoring most now (ties: small tiles before hexagonal,
  then its RNG); draws only without a placement, passes when it must.
* :class:`IwokiMinimaxAgent`: alpha-beta over three plies in turn order from its own move
  (2 players own-opponent-own, 3-4 players own and the next two players, every opponent
  minimising: "paranoid").  Opponents' moves come from what it knows: their face-up hexagonal
  tiles and the small-tile types it has not seen (a view already generates exactly those for
  hidden tiles).  A draw ends its ply (hand + 1 unknown tile, + 1 white token).  Leaves are
  valued own score minus the best opponent's, each after the end-of-game deduction (own tiles
  exact, unknown tiles and opponents' tiles at the mean highest number of the unseen small
  tiles).  The last ply is valued straight from the move list (no move is played out).
* :class:`IwokiISMCTSAgent`: the generic information-set search of :mod:`pygame_core.agents.mcts`
  with the game's hooks (:mod:`.search`: greedy-ish playouts to the end of the game, reward =
  final margin plus the win).
"""

from __future__ import annotations

import time

from ...agents import Agent, check_number, register
from ...agents.mcts import MAX_SECONDS, MCTSAgent
from ...core import DRAW, PASS
from .pieces import SmallPlacement

GAME = "iwoki"


def greedy_choice(placements: list, rng):
    """Spec "Greedy" among ``(placement, score)`` pairs: the highest score; ties: small tiles
    before hexagonal ones, then ``rng``."""
    best = max(s for _, s in placements)
    top = [m for m, s in placements if s == best]
    small = [m for m in top if isinstance(m, SmallPlacement)]
    pool = small or top
    return pool[0] if len(pool) == 1 else rng.choice(pool)


@register
class IwokiGreedyAgent(Agent):
    name = "iwoki-greedy"
    title = "Greedy"
    description = ("Lays the tile that scores most right now, small tiles first on a tie. "
                   "Draws only when no tile fits.")
    games = (GAME,)
    strength = 1

    def choose(self, game):
        self._require_turn(game)
        me = game.current_player
        view = game.view(me)
        placements = view.placements(me)  # own hand only: the view hides nothing from ``me``
        if placements:
            return greedy_choice(placements, self.rng)
        if not view.drew and view.small_bag and not view.board.is_empty:
            return DRAW
        return PASS


@register
class IwokiMinimaxAgent(Agent):
    name = "iwoki-minimax"
    title = "Minimax"
    description = ("Looks three moves ahead (its own, the opponents' replies, its own again) and "
                   "assumes the opponents play the small tiles it has not seen against it.")
    games = (GAME,)
    strength = 2
    depth = 3
    # Opponent replies searched per node, best immediate score first (``None``: all).  A view
    # offers an opponent every unseen small-tile type, so the replies are many; the cap keeps a
    # move fast in the browser and rarely changes the choice.
    max_replies: int | None = 24

    def __init__(self, seed: int | None = None, time_limit: float | None = 2.0,
                 depth: int | None = None, max_replies: int | None = -1):
        super().__init__(seed)
        # seconds (0: the first root move only); None: search every root move (reproducible)
        self.time_limit = check_number("time_limit", time_limit, low_ok=True, high=MAX_SECONDS)
        if depth is not None:
            self.depth = check_number("depth", depth, whole=True)
        if max_replies != -1:
            self.max_replies = check_number("max_replies", max_replies, whole=True)
        self.last_nodes = 0  # positions expanded by the last ``choose`` (for benchmarks)
        self.last_complete = True  # the last ``choose`` searched every root move

    # ---- what the agent knows ----------------------------------------------------------------
    def _prepare(self, view) -> None:
        self.me = view.current_player
        unseen = view.unseen_small(self.me)
        total = sum(unseen.values())
        self.mean = sum(t.highest * k for t, k in unseen.items()) / total if total else 0.0

    def value(self, state) -> float:
        """Own score minus the best opponent's, each after the end-of-game deduction (own tiles
        exact, unknown tiles at the mean highest number of the unseen small tiles)."""
        me, mean = self.me, self.mean
        mine = state.points[me]
        for t in state.small_hands[me]:
            mine -= mean if t is None else t.highest
        best = max(state.points[q] - len(state.small_hands[q]) * mean
                   for q in range(len(state.points)) if q != me)
        return mine - best

    def moves(self, state, dedupe: bool = True) -> list:
        """``(move, score)`` for the player to move, best immediate score first (small tiles
        before hexagonal on a tie): own moves from its real hand, an opponent's from its face-up
        hexagonal tiles and the unseen small-tile types; then draw, or pass when forced."""
        q = state.current_player
        if q == self.me:
            known = dict.fromkeys(t for t in state.small_hands[q] if t is not None)
            if state.board.is_empty:
                placements = state.placements(q)
            else:
                placements = state.fast_placements(q, smalls=known)
        else:
            placements = state.fast_placements(q)
            if dedupe:  # the same values delivered in the same gap: one reply is enough
                seen, unique = set(), []
                for m, s in placements:
                    key = (m.gap, m.order.delivered()) if isinstance(m, SmallPlacement) else m
                    if key not in seen:
                        seen.add(key)
                        unique.append((m, s))
                placements = unique
        ordered = sorted(placements, key=lambda ms: (-ms[1], not isinstance(ms[0], SmallPlacement)))
        if state.board.is_empty:
            return ordered
        if not state.drew and state.small_bag:
            ordered.append((DRAW, 0))
        elif not ordered:
            ordered.append((PASS, 0))
        return ordered

    # ---- search ------------------------------------------------------------------------------
    def _after(self, state, move):
        child = state.clone()
        child.apply(move)
        if move == DRAW and not child.is_over:
            child._end_turn()  # a draw ends the ply: the follow-up depends on the unknown tile
        self.last_nodes += 1
        return child

    def _last_ply(self, state) -> float:
        """The value of the last ply straight from its moves: the mover's best by the leaf
        value, with each move's effect on the scores and the deduction."""
        me, mean = self.me, self.mean
        q = state.current_player
        moves = self.moves(state)
        mine = state.points[me] - sum(mean if t is None else t.highest for t in state.small_hands[me])
        opp = {r: state.points[r] - len(state.small_hands[r]) * mean
               for r in range(len(state.points)) if r != me}
        if q == me:
            best_opp = max(opp.values())
            gain = None
            for m, s in moves:
                if m == DRAW:
                    g = -mean
                elif m == PASS:
                    g = 0.0
                elif isinstance(m, SmallPlacement):
                    g = s + m.tile.highest
                else:
                    g = s
                if gain is None or g > gain:
                    gain = g
            return mine + (gain or 0.0) - best_opp
        others = max((v for r, v in opp.items() if r != q), default=float("-inf"))
        worst = None
        for m, s in moves:
            if m == DRAW:
                g = -mean
            elif m == PASS:
                g = 0.0
            elif isinstance(m, SmallPlacement):
                g = s + mean
            else:
                g = s
            if worst is None or g > worst:
                worst = g
        return mine - max(others, opp[q] + (worst or 0.0))

    def _search(self, state, depth: int, alpha: float, beta: float) -> float:
        if state.is_over:
            return self.value(state)
        if depth == 1:
            return self._last_ply(state)
        moves = self.moves(state)
        if state.current_player == self.me:
            best = float("-inf")
            for m, _ in moves:
                v = self._search(self._after(state, m), depth - 1, alpha, beta)
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
                if alpha >= beta:
                    break
            return best
        if self.max_replies is not None and len(moves) > self.max_replies:
            moves = moves[: self.max_replies]
        best = float("inf")
        for m, _ in moves:
            v = self._search(self._after(state, m), depth - 1, alpha, beta)
            if v < best:
                best = v
            if best < beta:
                beta = best
            if alpha >= beta:
                break
        return best

    def choose(self, game):
        self._require_turn(game)
        start = time.perf_counter()
        view = game.view(game.current_player)
        self._prepare(view)
        self.last_nodes = 0
        root = self.moves(view)
        if len(root) == 1:
            self.last_complete = True
            return root[0][0]
        best_move, best = root[0][0], float("-inf")
        alpha, beta = float("-inf"), float("inf")
        self.last_complete = False
        for i, (m, _) in enumerate(root):
            if i and self.time_limit is not None and time.perf_counter() - start >= self.time_limit:
                break
            v = self._search(self._after(view, m), self.depth - 1, alpha, beta)
            if v > best:
                best_move, best = m, v
                alpha = v
        else:
            self.last_complete = True
        return best_move


@register
class IwokiISMCTSAgent(MCTSAgent):
    name = "iwoki-ismcts"
    title = "ISMCTS"
    description = ("Guesses the tiles it cannot see many times over and plays each guess out to "
                   "the end of the game, then makes the move that won most often.")
    games = (GAME,)
    strength = 4
    default_iterations = 250  # as IwokiSearch.iterations: about 0.4 s a move in CPython
    exploration = 0.6  # tuned with search_moves (8 placements + draw): see the figures in docs/benchmarks.md
    prior_weight = 1.0  # lean on the playout policy's own choice until the samples disagree


__all__ = ["IwokiGreedyAgent", "IwokiMinimaxAgent", "IwokiISMCTSAgent", "greedy_choice"]
