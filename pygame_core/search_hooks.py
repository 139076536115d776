"""What a search may know about a game beyond the shared protocol: a game's search hooks.

The generic search (:mod:`pygame_core.agents.mcts`), the Random agent and the bot tools need
nothing from a game but the protocol of :mod:`pygame_core.core`.  A game that can do better
(a greedy playout policy, a reward for a position cut short, a narrower move list to search)
says so in one object, a :class:`SearchHooks`, rather than in optional methods of its state:
the state stays the rules, the search knowledge sits beside it (OpenSpiel hands MCTS an
evaluator the same way).

How the search finds it: the game class's ``search_hooks`` attribute (``TriominosGame.search_hooks``
is the object in ``games/triominos/search.py``); :func:`hooks_for` answers :data:`GENERIC` for a
game without one.  Every hook takes the state (a game, a view or a determinized copy) as its
first argument and reads only what that state holds.  The defaults are the generic behaviour,
so a game overrides only what it knows better; :meth:`SearchHooks.overridden` tells the search
which hooks a game has, so that it can skip the generic ones where they would cost time.

Connection games (Hex and Y) keep their own fill playouts and bitboard search on the state
(``random_playout``, ``amaf_playout``, ``move_cell``, ``bit_state``: see
:mod:`pygame_core.games.connection.mcts`); their hooks object only carries the search settings.

This module imports nothing from the package: games and agents both build on it.
"""

from __future__ import annotations


class SearchHooks:
    """A game's search knowledge; the defaults are the generic behaviour.

    * ``settings``: the search agent's tuning for this game (agent attributes such as
      ``exploration``, ``prior_weight`` or ``rave_equivalence``; arguments given to the agent win);
    * ``iterations``: the default iteration budget of a search here (``None``: the agent's own).
    """

    settings: dict = {}
    iterations: int | None = None

    def __init__(self, settings: dict | None = None, iterations: int | None = None):
        if settings is not None:
            self.settings = dict(settings)
        if iterations is not None:
            self.iterations = iterations

    def book_move(self, state):
        """The game's opening book's move here (the agent plays it without searching when it
        is legal and the game is within the agent's ``book_plies``), else ``None``.  Default: no book."""
        return None

    def random_policy_moves(self, state) -> list:
        """The moves a random player chooses among (uniformly): the rules' idea of a random
        player, e.g. Triominos draws only when it cannot place.  Default: every legal move."""
        return state.legal_moves()

    def search_moves(self, state) -> list:
        """The legal moves worth searching here: a non-empty subset of ``legal_moves()`` (e.g. the
        best few placements plus draw), so that a wide move list does not spread the iterations
        too thin.  Default: every legal move."""
        return state.legal_moves()

    def preferred_moves(self, state) -> list:
        """The moves the game's own policy would play here (a prior: the search gives their
        nodes a progressive bias).  Default: none."""
        return []

    def playout_move(self, state, rng):
        """The playout policy's move.  Default: a uniformly random legal move."""
        moves = state.legal_moves()
        return moves[rng.below(len(moves))]

    def playout_horizon_reached(self, state, start) -> bool:
        """Stop the playout at ``state`` (``start``: the position searched from), e.g. Triominos
        stops at the end of the round.  Default: play to the end of the game."""
        return False

    def playout_reward(self, state, player: int, start) -> float:
        """The value in [0, 1] of the final position of a playout for ``player``.  Default: 1
        for a win, 1/k for a win shared by k, 0 otherwise."""
        winners = state.winners
        return 1.0 / len(winners) if player in winners else 0.0

    def playout_rewards(self, state, rng, start) -> list[float]:
        """A whole playout from ``state`` (changed in place), the reward of every player: the
        moves of :meth:`playout_move` until the end or :meth:`playout_horizon_reached`, then
        :meth:`playout_reward`.  A game overrides it with one faster call."""
        while not state.is_over and not self.playout_horizon_reached(state, start):
            state.apply(self.playout_move(state, rng))
        return [self.playout_reward(state, p, start) for p in range(state.num_players)]

    def overridden(self, name: str):
        """The bound hook ``name`` if this game's hooks define it, ``None`` if it is the generic
        default (the search then takes its own, faster generic path)."""
        if getattr(type(self), name) is getattr(SearchHooks, name):
            return None
        return getattr(self, name)


GENERIC = SearchHooks()  # the hooks of a game that has none of its own


def hooks_for(game) -> SearchHooks:
    """The search hooks of ``game`` (a game class or state): its ``search_hooks``, else :data:`GENERIC`."""
    return getattr(game, "search_hooks", None) or GENERIC
