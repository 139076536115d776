"""The iwoki Maths search hooks (:class:`IwokiSearch`, :data:`HOOKS`): the search agent's playout
policy (greedy-ish, to the end of the game unless ``PLAYOUT_DEPTH`` is set), the moves it weighs
(the best few placements plus draw or pass) and its reward (the final score difference to the
best opponent, squashed, plus the win).  They read only what the state holds: the search agents
call them on views and on determinized copies of a view.  The spec's Random needs no hook: it
picks among all the legal moves."""

from __future__ import annotations

from ...core import DRAW, PASS, Rng
from ...search_hooks import SearchHooks
from .fastmoves import raw_placements
from .pieces import HexPlacement, SmallOrder, SmallPlacement, hand_penalty


class IwokiSearch(SearchHooks):
    """Greedy-ish playouts valued by the final margin and the win."""

    PLAYOUT_EPSILON = 0.1  # share of random placements in playouts
    PLAYOUT_SHED = 1.0  # playouts add this times a laid small tile's deduction
    PLAYOUT_DEPTH: int | None = None  # playouts stop this many moves on (None: at the end)
    PLAYOUT_SCALE = 15.0  # a lead of this many points: 0.75 of the margin part
    SEARCH_WIDTH = 8  # placements the search weighs per position (search_moves)
    # the search agent's tuning (mcts and iwoki-ismcts play alike): see the figures in docs/benchmarks.md
    settings = {"exploration": 0.6, "prior_weight": 1.0}
    iterations = 250  # default search budget: about 0.4 s a move in CPython

    def playout_move(self, state, rng: Rng):
        """The playout policy: usually the placement scoring most, a small tile counted with
        the deduction it saves (``PLAYOUT_SHED``; ties: the first found, small tiles before
        hexagonal; the opening: the best opening score), sometimes a random one
        (``PLAYOUT_EPSILON``); a draw only without a placement; a pass when forced."""
        return self._policy_move(state, rng)

    def preferred_moves(self, state) -> list:
        """The playout policy's choice without its random share (a prior for the search)."""
        if state._over:
            return []
        return [self._policy_move(state, None)]

    def _policy_move(self, state, rng: Rng | None):
        if state.board.is_empty:
            moves = state.placements()
            if rng is not None and rng.random() < self.PLAYOUT_EPSILON:
                return moves[rng.below(len(moves))][0]
            return max(moves, key=lambda ms: ms[1])[0]
        raw = raw_placements(state)
        if not raw:
            return DRAW if not state.drew and state.small_bag else PASS
        if rng is not None and len(raw) > 1 and rng.random() < self.PLAYOUT_EPSILON:
            o, g, _ = raw[rng.below(len(raw))]
        else:
            o, g, best = None, None, -1
            shed = self.PLAYOUT_SHED
            for oo, gg, s in raw:
                if oo.__class__ is SmallOrder:
                    s += shed * max(oo.digits)
                if s > best:
                    o, g, best = oo, gg, s
        return SmallPlacement(o, g) if o.__class__ is SmallOrder else HexPlacement(o, g)

    def search_moves(self, state) -> list:
        """The moves the search weighs (``SEARCH_WIDTH`` best placements by the playout
        policy's value, plus draw or pass when legal): iwoki often has 30-90 legal moves."""
        if state._over:
            return []
        width = self.SEARCH_WIDTH
        if state.board.is_empty:
            moves = sorted(state.placements(), key=lambda ms: -ms[1])
            return [m for m, _ in moves[:width]]
        shed = self.PLAYOUT_SHED
        scored = sorted(raw_placements(state), key=lambda e: -(e[2] + (shed * max(e[0].digits) if e[0].__class__ is SmallOrder else 0)))
        out: list = [SmallPlacement(o, g) if o.__class__ is SmallOrder else HexPlacement(o, g)
                     for o, g, _ in scored[:width]]
        if not state.drew and state.small_bag:
            out.append(DRAW)
        elif not out:
            out.append(PASS)
        return out

    def playout_horizon_reached(self, state, start) -> bool:
        """Playouts stop at the end of the game or ``PLAYOUT_DEPTH`` moves after ``start``."""
        depth = self.PLAYOUT_DEPTH
        return state._over or (depth is not None and len(state.history) - len(start.history) >= depth)

    def playout_reward(self, state, player: int, start) -> float:
        """Reward in [0, 1] for ``player`` at the end of a playout.  At the end of the game:
        half the final score difference to the best opponent squashed (0.5 = even), half the
        result (1 a win, 1/k a win shared by k).  At the horizon: the points gained since
        ``start`` minus the deduction for the small tiles now in hand, against the best
        opponent's, squashed."""
        n = len(state.points)
        if state._over:
            final, winners = state.scores, state._winners
            diff = final[player] - max(final[q] for q in range(n) if q != player)
            won = 1.0 / len(winners) if player in winners else 0.0
            return 0.5 * (0.5 + 0.5 * diff / (abs(diff) + self.PLAYOUT_SCALE)) + 0.5 * won
        gain = [state.points[q] - start.points[q] - hand_penalty(state.small_hands[q]) for q in range(n)]
        diff = gain[player] - max(gain[q] for q in range(n) if q != player)
        return 0.5 + 0.5 * diff / (abs(diff) + self.PLAYOUT_SCALE)

    def playout_rewards(self, state, rng: Rng, start) -> list[float]:
        """The whole playout in one call: ``playout_move`` moves until
        ``playout_horizon_reached(start)``, then ``playout_reward`` for every player (changes
        ``state``: call it on a copy)."""
        policy, apply, horizon = self._policy_move, state.apply, self.playout_horizon_reached
        while not horizon(state, start):
            apply(policy(state, rng))
        return [self.playout_reward(state, q, start) for q in range(len(state.points))]


HOOKS = IwokiSearch()
