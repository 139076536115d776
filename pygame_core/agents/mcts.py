"""A generic Monte-Carlo tree search agent over the shared protocol (UCT / ISMCTS).

It needs nothing from a game but the protocol: ``legal_moves``, ``clone``, ``apply``,
``current_player``, ``is_over``, ``winners`` and ``determinize``.  Each iteration starts from
``game.determinize(rng)`` - a full game consistent with what the player to move can see (for
perfect-information games simply a clone) - so hidden-information games are searched as
information sets (single-observer ISMCTS): children are keyed by move, and an iteration only
considers the children and untried moves that are legal in its own determinization; the UCB
exploration term counts how often a child was *available*, not how often its parent was
visited.  With perfect information this is plain UCT.

The game's search knowledge comes from its search hooks (:mod:`pygame_core.search_hooks`,
found once per search by :func:`~pygame_core.search_hooks.hooks_for`): its tuning
(``settings``: agent attributes such as ``exploration``; arguments given to the agent win), its
default budget (``iterations``), the moves worth searching (``search_moves``), a prior
(``preferred_moves``: with ``prior_weight`` > 0 their nodes get the progressive bias
``prior_weight / (visits + 1)``) and its playouts (``playout_move``, ``playout_horizon_reached``,
``playout_reward``, or all three in one faster ``playout_rewards``).  Hooks a game leaves at
their generic default are not called: the search takes its own generic path.

Connection games (Hex and Y) keep their fill playouts on the state: ``random_playout(rng) ->
winner`` (a whole fast playout), and with ``rave_equivalence`` > 0 the hooks
``amaf_playout(rng) -> (winner, cells)`` and ``move_cell(move) -> index`` make the search use
UCT-RAVE (all-moves-as-first statistics from the fill playouts) and the MCTS-solver (proven
wins and losses are carried up the tree).

Budgets are an iteration count (reproducible with a seed; by default the game's hooks'
``iterations`` if they set one, else ``default_iterations``) or a time limit.  An iteration
budget stops early once the most visited move cannot be caught up.  The first ``think`` of a
move tells the search what the move expects (``expected``: its iterations, or its seconds at
the game's CPython rate, :data:`pygame_core.levels.RATES`), so the Hex/Y root's analysis fits
short budgets; ``open_ended`` agents (the analysis board) get the full analysis.  A ``sliced``
agent (the page's: a ``think`` a slice) stops the root's analysis at a slice's end and goes on
with it at the next, so "stop" stays prompt; with an iteration budget the search ends as it would
in one piece.  With perfect information it always takes a move that wins at once.
"""

from __future__ import annotations

import math
import random
import time

from ..levels import DEFAULT_RATE, RATES
from ..search_hooks import hooks_for
from . import Agent, check_number, register
from ..games.connection.collector import paused, thaw
from ..games.connection.mcts import BitNode, BitSearch
from ..games.connection.hsearch import SliceEnd

MAX_ITERATIONS = 10**8  # settings above these are typing mistakes, not searches anyone waits for
MAX_SECONDS = 3600  # a move


class _Node:
    __slots__ = ("move", "parent", "children", "visits", "wins", "avail", "player", "legal", "bias",
                 "to_move", "cells", "amaf", "proven", "kids")

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
        self.to_move = None  # RAVE: the player to move here
        self.cells = None  # RAVE: the cell each legal move takes
        self.amaf = None  # RAVE: [visits, wins] per legal move, all-moves-as-first
        self.proven = None  # solver: 1.0 a proven win for ``player``, 0.0 a proven loss
        self.kids = None  # RAVE: the child per legal move index (None: not tried yet)


@register
class MCTSAgent(BitSearch, Agent):
    name = "mcts"
    title = "MCTS"
    # above every seed agent (in Hex it beats Smart and A*), below each game's own name for the
    # same tuned search (ismcts, iwoki-ismcts, codex-ismcts), which stays the default there
    strength = 3.5
    description = "Monte-Carlo tree search (UCT) with random playouts; any game."
    exploration = 1.0
    default_iterations = 300

    rave_equivalence = 0  # RAVE (games with ``amaf_playout``): visits at which RAVE and UCT weigh alike
    max_depth: int | None = None  # tree depth limit (None: grow as deep as the search goes)
    prior_weight = 0.0  # progressive bias towards the hooks' ``preferred_moves`` (0: off)
    reuse_tree = True  # perfect information: keep the searched subtree for the next move
    # the game's opening book's move (its hooks' ``book_move``), played without searching while fewer
    # than this many moves have been played (0: never).  Hex: 2, the first move and the answer to it;
    # Red's second move from its book (book_plies = 4) won 5 and lost 6 of the games that ended
    # differently against MoHex (docs/benchmarks.md, "The opening book")
    book_plies = 2
    use_bits = True  # Hex and regular Y (``bit_state()``, hex-grid boards): the fast search (games/connection/mcts.py)
    # the clock of time budgets: wall time by default; benchmarks that give each side the same
    # CPU time set ``time.process_time``
    clock = staticmethod(time.perf_counter)
    # a search thought on in slices with no end in view (the analysis board): the root's analysis is
    # not scaled to the first slice's budget (BitSearch.pairs_share)
    open_ended = False

    def __init__(self, seed: int | None = None, iterations: int | None = None,
                 time_limit: float | None = None, exploration: float | None = None,
                 max_depth: int | None = None, prior_weight: float | None = None):
        super().__init__(seed)
        iterations = check_number("iterations", iterations, whole=True, high=MAX_ITERATIONS)
        time_limit = check_number("time_limit", time_limit, high=MAX_SECONDS)
        exploration = check_number("exploration", exploration, low_ok=True)
        max_depth = check_number("max_depth", max_depth, whole=True)
        prior_weight = check_number("prior_weight", prior_weight, low_ok=True)
        self.iterations = iterations  # None: the game hooks' iterations, else default_iterations
        self.time_limit = time_limit
        if exploration is not None:
            self.exploration = exploration
        if max_depth is not None:
            self.max_depth = max_depth
        if prior_weight is not None:
            self.prior_weight = prior_weight
        self.last_iterations = 0  # iterations run by the last ``choose`` (for benchmarks)
        given = {"exploration": exploration, "max_depth": max_depth, "prior_weight": prior_weight}
        self._given = {k for k, v in given.items() if v is not None}

    def configure(self, **settings) -> "MCTSAgent":
        """Search settings by name (the class's, e.g. ``pattern_prior``, ``rave_equivalence``),
        kept over the game's own tuning (its hooks' ``settings``, applied at ``start``)."""
        for name, value in settings.items():
            if name.startswith("_") or not hasattr(type(self), name) or callable(getattr(type(self), name)):
                raise ValueError(f"not a search setting: {name[:40]!r}")
            setattr(self, name, value)
            self._given.add(name)
        return self

    def choose(self, game):
        self._require_turn(game)
        quick = self.start(game)
        if quick is not None:
            return quick
        self.think()
        return self.best_move()

    # ---- a resumable search: start, think (in slices), best_move ----------------------------
    def start(self, game):
        """Begin a search for ``game.current_player``; returns the move at once when there is
        nothing to search (one legal move, an immediate win, or within ``book_plies`` the game's
        opening book's move), else ``None``."""
        self._require_turn(game)
        thaw()  # (collector.py: what the last slices froze is collected as usual again)
        me = game.current_player
        hidden = game.hidden_information
        if hidden:
            game = game.view(me)  # never search with tiles the player cannot see
        self._game, self._hidden = game, hidden
        hooks = self._hooks = hooks_for(game)
        for name, value in hooks.settings.items():  # the game's tuning
            if name not in self._given:
                setattr(self, name, value)
        # the hooks the game has (None: the generic path), looked up once per search
        self._h_search = hooks.overridden("search_moves")
        self._h_preferred = hooks.overridden("preferred_moves")
        self._h_horizon = hooks.overridden("playout_horizon_reached")
        self._h_policy = hooks.overridden("playout_move")
        self._h_reward = hooks.overridden("playout_reward")
        self._h_rewards = hooks.overridden("playout_rewards")
        self._rave = (not hidden and self.rave_equivalence > 0 and game.num_players == 2
                      and hasattr(game, "amaf_playout") and hasattr(game, "move_cell"))
        state = game.bit_state() if self._rave and self.use_bits and hasattr(game, "bit_state") else None
        # the fast search where its playouts keep bridges (hex-grid boards: Hex, regular Y); on
        # radial Y boards the list-based search's generic bridge table plays better (16/20)
        self._bits = state is not None and state[0].bridge_dirs != ()
        self._root = self._reused_root(game, hidden, BitNode if self._bits else _Node)
        if self._bits:
            self._bits_start(game, self._root)
        self._legal = legal = game.legal_moves()
        self.last_iterations = 0
        self.expected = None  # the iterations this move's search expects: set by its first think
        self._rate = RATES.get(game.game_id, DEFAULT_RATE)
        self._expecting = not self.open_ended
        self._root_job = None  # (an analysis of another position stopped at a slice's end)
        if len(legal) == 1:
            return legal[0]
        if not hidden:
            for move in legal:  # never miss an immediate win
                trial = game.clone()
                trial.apply(move)
                if trial.is_over and trial.winners == [me]:
                    return move
            if len(game.history) < self.book_plies and hooks.overridden("book_move"):
                move = hooks.book_move(game)
                if move is not None and move in legal:
                    return move
        return None

    def _reused_root(self, game, hidden: bool, kind=_Node) -> _Node:
        """The root for a search of ``game``: with perfect information and ``reuse_tree``, the
        subtree of the previous search under the moves played since (its statistics, cached
        moves and proofs stay valid: the position is the same), else a fresh node."""
        old, key = getattr(self, "_root", None), None
        if not hidden and self.reuse_tree:
            key = (type(game), repr(sorted(game.options.items())), game.seed)
            history = list(game.history)
            prev = getattr(self, "_reuse", None)
            if type(old) is kind and prev is not None and prev[0] == key and len(prev[1]) <= len(history) \
                    and history[: len(prev[1])] == prev[1]:
                node = old
                for move in history[len(prev[1]):]:
                    node = node.children.get(move)
                    if node is None:
                        break
                if node is not None and node is not old and node.visits:
                    proven = node.proven
                    node.move = node.parent = node.player = None
                    node.proven = None if proven is None else 1.0 - proven  # now: for the mover
                    node.avail = 1
                    self._reuse = (key, history)
                    self.reused_visits = node.visits
                    return node
            self._reuse = (key, history)
        else:
            self._reuse = None
        self.reused_visits = 0
        return kind(None, None, None)

    def think(self, iterations: int | None = None, seconds: float | None = None) -> int:
        """Run the search on: ``iterations`` more, or for ``seconds``, or both (whichever ends
        first: an iteration budget with a wall-clock cap); with neither, the agent's own budget
        (its time limit, else its iteration count).  Returns the iterations run."""
        root, game, hidden = self._root, self._game, self._hidden
        iterate = self._iterate_bits if self._bits else self._iterate_rave if self._rave else self._iterate
        if iterations is None and seconds is None:
            seconds = self.time_limit
            if seconds is None:
                iterations = self.iterations or self._hooks.iterations or self.default_iterations
        if self._expecting:  # the move's budget (a time budget at the game's CPython rate)
            self._expecting = False
            self.expected = iterations if iterations is not None else int(seconds * self._rate)
        clock = self.clock
        deadline = self._deadline = None if seconds is None else clock() + seconds
        done = 0
        with paused(self._bits, self.sliced):  # (collector.py: no collector inside a search)
            while True:
                if iterations is not None and done >= iterations:
                    break
                if deadline is not None and done > 0 and clock() >= deadline:
                    break
                if root.proven is not None:
                    break  # solved
                try:
                    iterate(root, game, hidden)
                except SliceEnd:
                    break  # (the slice ended in the root's analysis: it goes on at the next)
                done += 1
                if iterations is not None and done % 10 == 0 and self._decided(root, iterations - done):
                    break  # the most visited move can no longer be caught up
        self.last_iterations += done
        return done

    def best_move(self):
        """The move the search prefers now: a proven win, else the most visited move (moves
        proven lost only when nothing else is left; in a position H-search proved lost, the move
        in the most of the opponent's winning connections)."""
        children = [self._root.children[m] for m in self._legal if m in self._root.children]
        if not children:
            return self._legal[0]
        wins = [c for c in children if c.proven == 1.0]
        if wins:
            return wins[0].move
        alive = [c for c in children if c.proven != 0.0]
        if not alive and self._root.proven == 0.0:
            lost = self.lost_move()  # (proven lost: the move that blocks the most)
            if lost in self._legal:
                return lost
        return max(alive or children, key=lambda c: (c.visits, c.wins)).move

    def progress(self) -> dict:
        """What the search thinks so far: iterations, the best move, its visits and its value
        for the player to move (for a thinking indicator or a hint), and ``analysing``: a slice
        ended inside the Hex/Y root's analysis or solver, which the next goes on with (the
        iterations wait for it)."""
        root = self._root
        best = self.best_move()
        child = root.children.get(best)
        return {"iterations": self.last_iterations, "move": best,
                "visits": child.visits if child else 0,
                "value": round(child.wins / child.visits, 3) if child and child.visits else None,
                "solved": child is not None and child.proven == 1.0,
                "analysing": getattr(self, "_root_job", None) is not None}

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
        horizon = self._h_horizon
        preferred = self._h_preferred if self.prior_weight else None
        moves_of = self._h_search
        node = root
        depth, max_depth = 0, self.max_depth
        while not state.is_over and not (horizon is not None and horizon(state, game)):
            if max_depth is not None and depth >= max_depth:
                break
            depth += 1
            if hidden:
                legal = moves_of(state) if moves_of is not None else state.legal_moves()
            else:
                if node.legal is None:
                    node.legal = moves_of(state) if moves_of is not None else state.legal_moves()
                legal = node.legal
            children = node.children
            untried = [m for m in legal if m not in children]
            if untried:  # expansion
                move = untried[rng.below(len(untried))]
                child = _Node(move, node, state.current_player)
                if preferred is not None and move in preferred(state):
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

    def _iterate_rave(self, root: _Node, game, hidden: bool) -> None:
        """One iteration for two-player connection games (hooks ``amaf_playout`` and
        ``move_cell``): selection by UCT-RAVE over every legal move (all-moves-as-first values
        stand in for moves not tried yet), expansion of one move, a fill playout, and the
        MCTS-solver: a move that wins is a proven win, a position whose every move loses is a
        proven loss, and proofs are carried up the tree.  Per node the moves, their cells, their
        children and their AMAF counts are lists by move index (``kids``, ``cells``, ``amaf`` =
        ``[visits list, wins list]``), so selection and the AMAF update need no hashing."""
        state = game.clone()
        node = root
        path = [root]
        k, c = self.rave_equivalence, self.exploration
        k3 = 3.0 / k if k else 0.0
        sqrt, log = math.sqrt, math.log
        while not state.is_over and node.proven is None:
            if node.legal is None:
                self._expand_lists(node, state)
            kids = node.kids
            an, aw = node.amaf
            log_n = log(node.visits + 1)
            fresh = c * sqrt(log_n + 1.0)
            best_i, best_value = -1, -1.0
            for i in range(len(kids)):
                child = kids[i]
                na = an[i]
                qa = aw[i] / na if na else 1.0
                if child is None:
                    value = qa + fresh
                else:
                    proven = child.proven
                    if proven is not None:
                        if proven == 1.0:
                            best_i = i
                            break
                        continue
                    n = child.visits
                    beta = 1.0 / sqrt(k3 * n + 1.0)  # = sqrt(k / (3n + k))
                    value = (1 - beta) * child.wins / n + beta * qa + c * sqrt(log_n / n)
                if value > best_value:
                    best_i, best_value = i, value
            if best_i < 0:  # every move is proven lost for the player to move
                node.proven = 1.0 if node.player is not None else None
                break
            move = node.legal[best_i]
            child = kids[best_i]
            state.apply(move)
            if child is None:
                child = _Node(move, node, node.to_move)
                kids[best_i] = child
                node.children[move] = child
                if state.is_over and state.winners == [child.player]:
                    child.proven = 1.0
                path.append(child)
                node = child
                break
            path.append(child)
            node = child
        if node.proven is not None and node.player is not None:
            winner = node.player if node.proven == 1.0 else 1 - node.player
            cells = state.board.cells
        elif state.is_over:
            winner, cells = state.winners[0], state.board.cells
        else:
            winner, cells = state.amaf_playout(self._fast_rng())
        check = True  # a proof can change only where a child's proof just changed
        for n in reversed(path):  # backpropagation, AMAF and proofs
            n.visits += 1
            if n.player is not None and winner == n.player:
                n.wins += 1.0
            if n.amaf is not None:
                p = n.to_move
                an, aw = n.amaf
                if winner == p:
                    for i, cell in n.cells:
                        if cells[cell] == p:
                            an[i] += 1
                            aw[i] += 1.0
                else:
                    for i, cell in n.cells:
                        if cells[cell] == p:
                            an[i] += 1
                if check and n.proven is None:
                    kids = n.children
                    if any(ch.proven == 1.0 for ch in kids.values()):
                        n.proven = 0.0 if n.player is not None else None
                        if n.player is None:
                            root.proven = 1.0
                    elif len(kids) == len(n.legal) and all(ch.proven == 0.0 for ch in kids.values()):
                        if n.player is not None:
                            n.proven = 1.0
                        else:
                            root.proven = 0.0
            check = n.proven is not None

    @staticmethod
    def _expand_lists(node: _Node, state) -> None:
        """Fill a RAVE node's move lists from ``state`` (the position at the node)."""
        legal = node.legal = state.legal_moves()
        node.to_move = state.current_player
        cell_of = state.move_cell
        node.cells = [(i, cell) for i, cell in enumerate(cell_of(m) for m in legal) if cell is not None]
        node.amaf = [[0] * len(legal), [0.0] * len(legal)]
        children = node.children
        node.kids = [children.get(m) for m in legal]  # a reused root keeps its children

    def _fast_rng(self):
        """The playouts' random numbers: Python's Mersenne Twister seeded from the agent's
        seed (the same stream in CPython and Pyodide; about twice as fast as the rules'
        SplitMix64 for shuffling a fill playout).  The rules never use it."""
        fast = getattr(self, "_fast", None)
        if fast is None:
            fast = self._fast = random.Random(self.seed)
        return fast

    def _playout(self, state, start) -> list[float]:
        """Play ``state`` on (to the end or the game's horizon); the reward of every player."""
        n = state.num_players
        rng = self.rng
        if not state.is_over:
            fast = getattr(state, "random_playout", None)
            if fast is not None:
                winner = fast(rng)
                return [1.0 if p == winner else 0.0 for p in range(n)]
            whole = self._h_rewards
            if whole is not None:
                return whole(state, rng, start)
            policy = self._h_policy
            horizon = self._h_horizon
            while not state.is_over and not (horizon is not None and horizon(state, start)):
                if policy is not None:
                    state.apply(policy(state, rng))
                else:
                    moves = state.legal_moves()
                    state.apply(moves[rng.below(len(moves))])
        reward = self._h_reward
        if reward is not None:
            return [reward(state, p, start) for p in range(n)]
        winners = state.winners
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
