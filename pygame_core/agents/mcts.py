"""A generic Monte-Carlo tree search agent over the shared protocol (UCT).

It needs nothing from a game but the protocol: ``legal_moves``, ``clone``, ``apply``,
``current_player``, ``is_over`` and ``winners``.  Games may plug in a faster playout through a
``random_playout(rng) -> winner`` method (Hex and Y fill the board and test once).  Budgets are an
iteration count (reproducible with a seed) or a time limit.  It always takes a move that wins at
once.  This is the shared search interface; the strong, tuned version (RAVE, solver, hidden
information sampling) builds on it.
"""

from __future__ import annotations

import math
import time

from . import Agent, register


class _Node:
    __slots__ = ("move", "parent", "children", "untried", "visits", "wins", "player")

    def __init__(self, move, parent, untried, player):
        self.move = move
        self.parent = parent
        self.children: list[_Node] = []
        self.untried = untried
        self.visits = 0
        self.wins = 0.0
        self.player = player  # the player who made ``move`` (whose wins are counted here)


@register
class MCTSAgent(Agent):
    name = "mcts"
    title = "MCTS"
    strength = 2
    description = "Monte-Carlo tree search (UCT) with random playouts; any game."
    exploration = 1.0

    def __init__(self, seed: int | None = None, iterations: int = 300, time_limit: float | None = None):
        super().__init__(seed)
        self.iterations = iterations
        self.time_limit = time_limit

    def choose(self, game):
        self._require_turn(game)
        me = game.current_player
        legal = game.legal_moves()
        if len(legal) == 1:
            return legal[0]
        for move in legal:  # never miss an immediate win
            trial = game.clone()
            trial.apply(move)
            if trial.is_over and trial.winners == [me]:
                return move
        root = _Node(None, None, list(legal), None)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while done < self.iterations or (deadline is not None and time.perf_counter() < deadline):
            if deadline is not None and time.perf_counter() >= deadline and done > 0:
                break
            self._iterate(root, game)
            done += 1
        best = max(root.children, key=lambda c: (c.visits, c.wins))
        return best.move

    def _iterate(self, root: _Node, game) -> None:
        node, state = root, game.clone()
        rng = self.rng
        while not node.untried and node.children:  # selection
            log_n = math.log(node.visits)
            node = max(node.children, key=lambda c: c.wins / c.visits
                       + self.exploration * math.sqrt(log_n / c.visits))
            state.apply(node.move)
        if node.untried and not state.is_over:  # expansion
            move = node.untried.pop(rng.below(len(node.untried)))
            mover = state.current_player
            state.apply(move)
            child = _Node(move, node, [] if state.is_over else state.legal_moves(), mover)
            node.children.append(child)
            node = child
        winners = self._playout(state)
        while node is not None:  # backpropagation
            node.visits += 1
            if node.player is not None and node.player in winners:
                node.wins += 1.0 / len(winners)
            node = node.parent

    def _playout(self, state) -> list[int]:
        if state.is_over:
            return state.winners
        fast = getattr(state, "random_playout", None)
        if fast is not None:
            return [fast(self.rng)]
        while not state.is_over:
            moves = state.legal_moves()
            state.apply(moves[self.rng.below(len(moves))])
        return state.winners
