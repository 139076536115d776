"""A generic Monte-Carlo tree search agent over the shared protocol (UCT / ISMCTS).

It needs nothing from a game but the protocol: ``legal_moves``, ``clone``, ``apply``,
``current_player``, ``is_over``, ``winners`` and ``determinize``.  Each iteration starts from
``game.determinize(rng)`` - a full game consistent with what the player to move can see (for
perfect-information games simply a clone) - so hidden-information games are searched as
information sets (single-observer ISMCTS): children are keyed by move, and an iteration only
considers the children and untried moves that are legal in its own determinization; the UCB
exploration term counts how often a child was *available*, not how often its parent was
visited.  With perfect information this is plain UCT.

Optional game hooks (looked up by name; game-specific knowledge lives only there):

* ``random_playout(rng) -> winner``: a whole fast playout (Hex and Y fill the board and test once);
* ``playout_move(rng) -> move``: the playout policy (default: a uniformly random legal move);
* ``playout_horizon_reached(start) -> bool``: stop the playout here (``start`` is the position
  searched from), e.g. Triominos stops at the end of the round;
* ``playout_reward(player, start) -> float``: the value in [0, 1] of the final position of a
  playout for ``player`` (default: 1 for a win, 1/k for a win shared by k, 0 otherwise);
* ``playout_rewards(rng, start) -> list[float]``: the three above in one faster call (the
  rewards of every player), used instead of them when present;
* ``search_moves() -> list``: the legal moves worth searching here (a non-empty subset of
  ``legal_moves()``, e.g. the best few placements plus draw), so that a wide move list does not
  spread the iterations too thin;
* ``preferred_moves() -> list``: the moves the game's own policy would play here; with
  ``prior_weight`` > 0 their nodes get the progressive bias ``prior_weight / (visits + 1)``.

Budgets are an iteration count (reproducible with a seed; by default the game's
``SEARCH_ITERATIONS`` if it sets one, else ``default_iterations``) or a time limit.  An iteration
budget stops early once the most visited move cannot be caught up.  With perfect information it
always takes a move that wins at once.
"""

from __future__ import annotations

import math
import time

from . import Agent, register


class _Node:
    __slots__ = ("move", "parent", "children", "visits", "wins", "avail", "player", "legal", "bias")

    def __init__(self, move, parent, player):
        self.move = move
        self.parent = parent
        self.children: dict = {}  # move -> _Node
        self.visits = 0
        self.wins = 0.0
        self.avail = 1  # iterations in which this move was legal at its parent
        self.player = player  # the player who made ``move`` (whose rewards are counted here)
        self.legal = None  # cached legal moves (perfect information only)
        self.bias = 0.0  # progressive bias: the game's policy prefers this move


@register
class MCTSAgent(Agent):
    name = "mcts"
    title = "MCTS"
    strength = 2
    description = "Monte-Carlo tree search (UCT) with random playouts; any game."
    exploration = 1.0
    default_iterations = 300

    max_depth: int | None = None  # tree depth limit (None: grow as deep as the search goes)
    prior_weight = 0.0  # progressive bias towards the game's ``preferred_moves`` (0: off)

    def __init__(self, seed: int | None = None, iterations: int | None = None,
                 time_limit: float | None = None, exploration: float | None = None,
                 max_depth: int | None = None, prior_weight: float | None = None):
        super().__init__(seed)
        self.iterations = iterations  # None: the game's SEARCH_ITERATIONS, else default_iterations
        self.time_limit = time_limit
        if exploration is not None:
            self.exploration = exploration
        if max_depth is not None:
            self.max_depth = max_depth
        if prior_weight is not None:
            self.prior_weight = prior_weight
        self.last_iterations = 0  # iterations run by the last ``choose`` (for benchmarks)

    def choose(self, game):
        self._require_turn(game)
        me = game.current_player
        hidden = game.hidden_information
        if hidden:
            game = game.view(me)  # never search with tiles the player cannot see
        legal = game.legal_moves()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if not hidden:
            for move in legal:  # never miss an immediate win
                trial = game.clone()
                trial.apply(move)
                if trial.is_over and trial.winners == [me]:
                    self.last_iterations = 0
                    return move
        root = _Node(None, None, None)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        budget = self.iterations
        if budget is None:
            budget = getattr(game, "SEARCH_ITERATIONS", None) or self.default_iterations
        done = 0
        while done < budget or (deadline is not None and time.perf_counter() < deadline):
            if deadline is not None and time.perf_counter() >= deadline and done > 0:
                break
            self._iterate(root, game, hidden)
            done += 1
            if deadline is None and done % 10 == 0 and self._decided(root, budget - done):
                break  # the most visited move can no longer be caught up
        self.last_iterations = done
        children = [root.children[m] for m in legal if m in root.children]
        best = max(children, key=lambda c: (c.visits, c.wins))
        return best.move

    @staticmethod
    def _decided(root: _Node, remaining: int) -> bool:
        """True when no other root move could reach the most visited one's visit count with
        the ``remaining`` iterations, so more iterations cannot change the choice."""
        if len(root.children) < 2:
            return False
        first, second = sorted((c.visits for c in root.children.values()), reverse=True)[:2]
        return first - second > remaining

    def _iterate(self, root: _Node, game, hidden: bool) -> None:
        rng = self.rng
        state = game.determinize(rng)
        horizon = getattr(state, "playout_horizon_reached", None)
        preferred = getattr(state, "preferred_moves", None) if self.prior_weight else None
        moves_of = getattr(state, "search_moves", None)
        node = root
        depth, max_depth = 0, self.max_depth
        while not state.is_over and not (horizon is not None and horizon(game)):
            if max_depth is not None and depth >= max_depth:
                break
            depth += 1
            if hidden:
                legal = moves_of() if moves_of is not None else state.legal_moves()
            else:
                if node.legal is None:
                    node.legal = moves_of() if moves_of is not None else state.legal_moves()
                legal = node.legal
            children = node.children
            untried = [m for m in legal if m not in children]
            if untried:  # expansion
                move = untried[rng.below(len(untried))]
                child = _Node(move, node, state.current_player)
                if preferred is not None and move in preferred():
                    child.bias = self.prior_weight
                children[move] = child
                state.apply(move)
                node = child
                break
            # selection among the children legal in this determinization
            c = self.exploration
            best, best_value = None, -1.0
            for m in legal:
                child = children[m]
                child.avail += 1
                n = child.visits
                value = child.wins / n + c * math.sqrt(math.log(child.avail) / n) + child.bias / (n + 1)
                if value > best_value:
                    best, best_value = child, value
            node = best
            state.apply(node.move)
        rewards = self._playout(state, game)
        while node is not None:  # backpropagation
            node.visits += 1
            if node.player is not None:
                node.wins += rewards[node.player]
            node = node.parent

    def _playout(self, state, start) -> list[float]:
        """Play ``state`` on (to the end or the game's horizon); the reward of every player."""
        n = state.num_players
        rng = self.rng
        if not state.is_over:
            fast = getattr(state, "random_playout", None)
            if fast is not None:
                winner = fast(rng)
                return [1.0 if p == winner else 0.0 for p in range(n)]
            whole = getattr(state, "playout_rewards", None)
            if whole is not None:
                return whole(rng, start)
            policy = getattr(state, "playout_move", None)
            horizon = getattr(state, "playout_horizon_reached", None)
            while not state.is_over and not (horizon is not None and horizon(start)):
                if policy is not None:
                    state.apply(policy(rng))
                else:
                    moves = state.legal_moves()
                    state.apply(moves[rng.below(len(moves))])
        reward = getattr(state, "playout_reward", None)
        if reward is not None:
            return [reward(p, start) for p in range(n)]
        winners = state.winners
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
