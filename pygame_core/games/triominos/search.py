"""The Triominos search hooks (:class:`TriominosSearch`, :data:`HOOKS`): the Random agent's
policy (spec section 10) and the search agent's playouts, which stop at the end of the round and
score it by the points difference to the best opponent.  They read only what the state holds:
search agents call the playout hooks on determinized copies of a view."""

from __future__ import annotations

from ...core import DRAW, PASS, Rng
from ...geometry import trigrid
from ...search_hooks import SearchHooks
from .board import DRAW_PENALTY, GOING_OUT_BONUS, MAX_DRAWS, PASS_PENALTY
from .pieces import TILE_INDEX


class TriominosSearch(SearchHooks):
    """Greedy-ish playouts to the end of the round, valued by the points lead."""

    PLAYOUT_EPSILON = 0.1  # share of random placements in playouts
    PLAYOUT_DRAW_BELOW = 16  # playouts draw while no placement scores this much
    PLAYOUT_SCALE = 40.0  # a lead of this many points is worth a reward of 0.75
    # the search agent's tuning (every search agent here: mcts and ismcts play alike)
    settings = {"exploration": 0.7, "prior_weight": 1.0}
    iterations = 300  # default search budget: about 0.6 s a move in CPython

    def random_policy_moves(self, state) -> list:
        """Spec "Random": the valid placements if any, else ``draw`` if allowed, else ``pass``."""
        if state._over:
            return []
        if state.board.is_empty:
            return state._legal_moves()
        moves: list = state.board.valid_placements(state.hands[state._turn])
        if moves:
            return moves
        return [DRAW] if state.pool and state.draws < MAX_DRAWS else [PASS]

    def playout_move(self, state, rng: Rng):
        """A fast greedy-ish move: draw while allowed if no placement scores
        ``PLAYOUT_DRAW_BELOW`` (16: no bonus in sight; a last tile is always placed) - drawing
        early to find bonuses and to empty the pool is what wins single rounds between the
        strategy agents; else usually the placement scoring most (bonuses included; ties: more
        tile points, then the first found), sometimes a random one (``PLAYOUT_EPSILON``); pass
        only when forced."""
        if state.board.is_empty:
            moves = state._legal_moves()
            return moves[rng.below(len(moves))]
        return self._policy_move(state, rng)

    def preferred_moves(self, state) -> list:
        """The playout policy's choice without its random share (a prior for the search)."""
        if state._over:
            return []
        if state.board.is_empty:
            return state._legal_moves()
        return [self._policy_move(state, None)]

    def _policy_move(self, state, rng: Rng | None):
        hand = state.hands[state._turn]
        moves = state.fast_placements(hand)
        can_draw = bool(state.pool) and state.draws < MAX_DRAWS
        if not moves:
            return DRAW if can_draw else PASS
        occ = state.board.placements.keys()
        keys = [(p.tile.points + state._bonus(occ, p.location), p.tile.points) for p in moves]
        best = max(keys)
        if can_draw and best[0] < self.PLAYOUT_DRAW_BELOW and len(hand) > 1:
            return DRAW
        if rng is not None and len(moves) > 1 and rng.random() < self.PLAYOUT_EPSILON:
            return moves[rng.below(len(moves))]
        return moves[keys.index(best)]

    def playout_horizon_reached(self, state, start) -> bool:
        """Playouts stop when the round that was running in ``start`` has ended."""
        return state._over or state.round != start.round

    def playout_reward(self, state, player: int, start) -> float:
        """Reward in [0, 1] for ``player``: the points gained since ``start`` minus the best
        opponent's, squashed (0.5 = even); at the end of the game half of it is the result."""
        return self._playout_value(state.totals, state._over, state._winners, player, start)

    def _playout_value(self, totals, over: bool, winners, player: int, start) -> float:
        n = len(totals)
        base = totals if over else [totals[q] - start.totals[q] for q in range(n)]
        diff = base[player] - max(base[q] for q in range(n) if q != player)
        value = 0.5 + 0.5 * diff / (abs(diff) + self.PLAYOUT_SCALE)
        if over:
            won = 1.0 / len(winners) if player in winners else 0.0
            value = 0.5 * value + 0.5 * won
        return value

    def playout_rewards(self, state, rng: Rng, start) -> list[float]:
        """The whole playout in one call: the moves of ``playout_move`` until
        ``playout_horizon_reached(start)``, then ``playout_reward`` for every player - the same
        moves and rewards for the same ``rng``, on light copies of the state and several times
        faster (the search agent uses this).  Leaves ``state`` at the start of the playout
        (apart from an opening move)."""
        if not state._over and state.board.is_empty:
            state.apply(self.playout_move(state, rng))
        n = len(state.totals)
        if state._over or state.round != start.round:
            return [self.playout_reward(state, p, start) for p in range(n)]
        fits = state.fit_table()
        fits_at, bonus_of = state._fits_at, state._bonus
        board = state.board
        occ = set(board.placements)
        values = dict(board.values)
        frontier = dict(board.frontier)
        played = {TILE_INDEX[t] for t in board.played}

        def live_fits(loc):  # the fitting arrangements of tiles not placed yet
            return tuple(e for e in fits_at(fits, values, loc) if e[0] not in played)

        cache = {loc: live_fits(loc) for loc in frontier}
        hands = [{TILE_INDEX[t] for t in h} for h in state.hands]
        pool = [TILE_INDEX[t] for t in state.pool]
        totals = list(state.totals)
        turn, draws, passes = state._turn, state.draws, state.passes
        eps, draw_below = self.PLAYOUT_EPSILON, self.PLAYOUT_DRAW_BELOW
        points = state._POINTS
        while True:
            hand = hands[turn]
            moves = []
            k, best = -1, (-1, 0)
            for loc in frontier:
                bonus = -1
                for e in cache[loc]:
                    if e[0] in hand:
                        if bonus < 0:
                            bonus = bonus_of(occ, loc)
                        pts = points[e[0]]
                        if (pts + bonus, pts) > best:
                            k, best = len(moves), (pts + bonus, pts)
                        moves.append((e, loc))
            best_k = k
            can_draw = draws < MAX_DRAWS and bool(pool)
            if moves:
                if can_draw and best[0] < draw_below and len(hand) > 1:
                    k = -1
                elif len(moves) > 1 and rng.random() < eps:
                    k = rng.below(len(moves))
            if k >= 0:
                (i, tile, o, numbers), loc = moves[k]
                totals[turn] += points[i] + (best[0] - best[1] if k == best_k else bonus_of(occ, loc))
                hand.discard(i)
                played.add(i)
                occ.add(loc)
                frontier.pop(loc, None)
                cache.pop(loc, None)
                for q in trigrid.edge_neighbours(*loc):
                    if q not in occ and q not in frontier:
                        frontier[q] = None
                        cache[q] = ()  # filled below: it touches the new tile's corners
                fresh = [v for v in trigrid.corner_vertices(*loc) if v not in values]
                for v, number in zip(trigrid.corner_vertices(*loc), numbers):
                    values[v] = number
                for q in trigrid.edge_neighbours(*loc):
                    if q in cache and not cache[q]:
                        cache[q] = live_fits(q)
                for vx, vy in fresh:  # locations round a corner that got its number now
                    for q in ((vx, vy), (vx + 1, vy - 1), (vx - 1, vy - 1),
                              (vx + 1, vy), (vx, vy - 1), (vx - 1, vy)):
                        if q in frontier:
                            cache[q] = live_fits(q)
                draws = passes = 0
                if not hand:
                    left = [sum(points[j] for j in h) for h in hands]
                    totals[turn] += GOING_OUT_BONUS + sum(left)
                    round_winners = [turn]
                    break
                turn = (turn + 1) % n
            elif can_draw:
                hand.add(pool.pop())
                draws += 1
                totals[turn] -= DRAW_PENALTY
            else:
                totals[turn] -= PASS_PENALTY
                draws = 0
                passes += 1
                if passes >= n:
                    left = [sum(points[j] for j in h) for h in hands]
                    low = min(left)
                    round_winners = [q for q in range(n) if left[q] == low]
                    gain = sum(v - low for v in left)
                    for q in round_winners:
                        totals[q] += gain
                    break
                turn = (turn + 1) % n
        over = state._game_ends(totals, state.round)
        winners: list[int] = []
        if over:
            top = [q for q in range(n) if totals[q] == max(totals)]
            winners = [q for q in top if q in round_winners] or top
        return [self._playout_value(totals, over, winners, p, start) for p in range(n)]


HOOKS = TriominosSearch()
