"""The fast search of two-player connection games (Hex, Y) on the bitboard core.

:class:`~pygame_core.agents.mcts.MCTSAgent` uses it when the game offers ``bit_state()``
(:mod:`pygame_core.games.bitboard`).  It is the same UCT-RAVE search with the MCTS-solver as the
generic one, with three changes that make an iteration several times cheaper in Python:

* a position is two integers (each player's stones); a move is one ``|``; a new node checks
  whether its move connects by filling only the mover's group (:meth:`BitCore.completes`);
* the playout is :meth:`BitCore.fill` (bridge carriers split, then a balanced random fill), and
  its all-moves-as-first statistics are *SWAR counters*: per node one integer with a 32-bit field
  per cell, so crediting every cell a player took in the playout is one integer addition;
* **progressive widening**: a node chooses among the first ``width`` moves of an *order* (the
  grandparent's order - the same player's preferences two plies up - until the node has been
  visited ``RANK_FIRST`` times, then its own all-moves-as-first values, ranked again each time its
  visits double), the width growing with the logarithm of its visits.  Selection looks at a
  handful of moves instead of every empty cell.

Proofs: a move that connects is a proven win; a node whose every move (the whole board, not just
the window) is a proven loss is a proven win for the player who moved into it.
"""

from __future__ import annotations

import math
import sys

from ..games.bitboard import PermPool

RANK_FIRST = 32  # visits before a node ranks its moves by its own statistics


class BitNode:
    """A search node of the fast search; the attributes the rest of the engine reads
    (``move``, ``parent``, ``children`` by move, ``visits``, ``wins``, ``player``, ``proven``,
    ``avail``) mean what they mean in :class:`~pygame_core.agents.mcts._Node`."""

    __slots__ = ("move", "parent", "children", "visits", "wins", "avail", "player", "proven",
                 "to_move", "order", "scan", "window", "wk", "kids", "an", "aw", "rank_at", "full",
                 "q", "beta", "isq", "widen_at", "pos", "skip")

    def __init__(self, move, parent, player):
        self.move = move
        self.parent = parent
        self.children: dict = {}
        self.visits = 0
        self.wins = 0.0
        self.avail = 1
        self.player = player
        self.proven = None
        self.to_move = None if player is None else 1 - player
        self.order = None  # bit positions of moves, best first (may list cells taken here)
        self.scan = 0  # how far ``order`` has been read into ``window``
        self.window = None  # the moves (bit positions) selection looks at
        self.kids = None  # bit position -> child
        self.wk = None  # the child of each move of ``window`` (None: not tried)
        self.q = self.beta = self.isq = 0.0  # mean result, RAVE weight, 1/sqrt(visits) (cached)
        self.widen_at = 0  # visits at which the window grows next
        self.pos = -1  # the bit position of ``move``
        self.skip = 0  # cells put first in the window (so the order's scan passes them)
        self.an = 0  # SWAR: playouts in which the player to move here took each cell
        self.aw = 0  # SWAR: ... and won
        self.rank_at = RANK_FIRST
        self.full = False  # the window holds every empty cell


class BitSearch:
    """Mixin for :class:`MCTSAgent`: the fast iteration for games with ``bit_state()``."""

    widen = 1.5  # window = 2 + widen * log2(visits + 1), capped by the empty cells
    edge_templates = True  # playouts keep edge templates as well as bridges
    parent_order = True  # a node with no grandparent order takes its parent's (else the static one)
    bridge_replies = True  # after an intrusion into a bridge or edge template, its reply comes first

    def _bits_start(self, game, root) -> None:
        core, s0, s1 = game.bit_state()
        self._core = core
        self._stones = (s0, s1)
        self._move_of = game.bit_moves()
        if root.to_move is None:
            root.to_move = game.current_player
        if root.window is None and game.history:  # the opponent's last move, for bridge replies
            cell = game.move_cell(game.history[-1])
            root.pos = -1 if cell is None else core.positions[cell]
        if getattr(self, "_pool_core", None) is not core:
            self._pool = PermPool(core, self._fast_rng())
            self._pool_core = core

    def _open(self, node: BitNode, grand: BitNode | None, empty: int, s: list) -> bool:
        """First time ``node`` chooses a move: its order (the grandparent's, or the board's
        static one) and its first window.  Threats first (normal play): a cell that wins at
        once is the only move looked at; else, one cell where the opponent would win at once is
        the only move that does not lose (the window is it, complete); two of them and the
        position is lost (returns ``True``: proven for the player who moved here)."""
        core = self._core
        node.kids = {}
        node.scan = 0
        me = node.to_move
        if not core.misere:
            if s[me].bit_count() >= core.threat_stones:
                win = core.winning_cells(s[me], empty, me)
                if win:
                    node.window = [(win & -win).bit_length() - 1]  # (no order to pass on)
                    node.wk = [None]
                    node.scan, node.full, node.rank_at = 1, True, math.inf
                    return False
            if s[1 - me].bit_count() >= core.threat_stones:
                threat = core.winning_cells(s[1 - me], empty, 1 - me)
                if threat:
                    cells = []
                    while threat:
                        low = threat & -threat
                        threat ^= low
                        cells.append(low.bit_length() - 1)
                    node.window = cells  # (no order: grandchildren must not inherit this one)
                    node.wk = [None] * len(cells)
                    node.scan, node.full, node.rank_at = len(cells), True, math.inf
                    return len(cells) > 1 and node.player is not None
        if grand is not None and grand.order is not None:
            node.order = grand.order
        elif self.parent_order and node.parent is not None and node.parent.order is not None:
            node.order = node.parent.order
        else:
            node.order = core.static_order
        node.window, node.wk = [], []
        if self.bridge_replies and node.pos >= 0 and not core.misere:  # an intrusion: mend it first
            for d, ends in core.replies()[me][node.pos]:
                if s[me] & ends == ends and empty >> d & 1 and not node.skip >> d & 1:
                    node.window.append(d)
                    node.wk.append(None)
                    node.skip |= 1 << d
        self._widen(node, empty, 1)
        return False

    def _widen(self, node: BitNode, empty: int, want: int) -> None:
        order, window, wk, kids, i = node.order, node.window, node.wk, node.kids, node.scan
        n = len(order)
        empty &= ~node.skip
        while len(window) < want and i < n:
            p = order[i]
            i += 1
            if empty >> p & 1:
                window.append(p)
                wk.append(kids.get(p))
        node.scan = i
        if i >= n:
            node.full = True

    def _rank(self, node: BitNode, empty: int) -> None:
        """Order every empty cell of ``node`` by its value now: a tried move by its
        RAVE-blended mean, an untried one by its all-moves-as-first mean."""
        core = self._core
        an, aw = core.fields(node.an), core.fields(node.aw)
        kids = node.kids
        k3 = 3.0 / self.rave_equivalence
        scored = []
        e = empty
        while e:
            low = e & -e
            e ^= low
            p = low.bit_length() - 1
            na = an[p]
            qa = (aw[p] + 0.5) / (na + 1)
            child = kids.get(p)
            if child is not None and child.visits:
                if child.proven is not None:
                    qa = 2.0 if child.proven == 1.0 else -1.0
                else:
                    beta = 1.0 / math.sqrt(k3 * child.visits + 1.0)
                    qa = (1 - beta) * child.wins / child.visits + beta * qa
            scored.append((-qa, p))
        scored.sort()
        node.order = [p for _, p in scored]
        node.scan = 0
        width = len(node.window)
        node.window, node.wk = [], []
        node.full = False
        node.skip = 0
        self._widen(node, empty, width)
        node.rank_at = node.visits * 2

    def _iterate_bits(self, root: BitNode, game, hidden: bool) -> None:
        core = self._core
        s = list(self._stones)
        full = core.full
        node = root
        path = [root]
        c = self.exploration
        k3 = 3.0 / self.rave_equivalence
        sqrt, log = math.sqrt, math.log
        widen = self.widen
        nbytes, order = core.swar_bytes, sys.byteorder
        winner = None
        while True:
            if node.proven is not None:
                if node.player is not None:
                    winner = node.player if node.proven == 1.0 else 1 - node.player
                break
            empty = full & ~(s[0] | s[1])
            if node.window is None and self._open(node, path[-3] if len(path) > 2 else None, empty, s):
                node.proven = 1.0  # two threats: whatever the player to move does, it loses
                winner = node.player
                break
            visits = node.visits
            if visits >= node.rank_at:
                self._rank(node, empty)
            window = node.window
            if visits >= node.widen_at and not node.full:  # the window grows with log(visits)
                self._widen(node, empty, 2 + int(widen * math.log2(visits + 1)))
                node.widen_at = math.ceil(2 ** ((len(window) - 1) / widen)) - 1
            wk = node.wk
            an = memoryview(node.an.to_bytes(nbytes, order)).cast("I")  # (core.fields, inlined)
            aw = memoryview(node.aw.to_bytes(nbytes, order)).cast("I")
            log_n = log(visits + 1)
            fresh = c * sqrt(log_n + 1.0)
            explore = c * sqrt(log_n)
            best_p, best_child, best_value, lost = -1, None, -1.0, 0
            for p, child in zip(window, wk):  # UCT-RAVE, with each child's mean and weights cached
                na = an[p]
                qa = aw[p] / na if na else 1.0
                if child is None:
                    value = qa + fresh
                elif child.proven is None:
                    q = child.q
                    value = q + child.beta * (qa - q) + explore * child.isq
                elif child.proven == 1.0:
                    best_p, best_child = p, child
                    break
                else:
                    lost += 1
                    continue
                if value > best_value:
                    best_p, best_child, best_value = p, child, value
            if best_p < 0:
                if lost == len(window) and not node.full:
                    self._widen(node, empty, len(window) + 1)  # look further before giving up
                    if len(window) > lost:
                        continue
                # every move is proven lost for the player to move
                if node.player is not None:
                    node.proven = 1.0
                    winner = node.player
                break
            me = node.to_move
            s[me] |= 1 << best_p
            child = best_child
            if child is None:
                move = self._move_of[best_p]
                child = wk[window.index(best_p)] = node.kids[best_p] = node.children[move] = BitNode(move, node, me)
                child.pos = best_p
                if core.completes(best_p, s[me], me):
                    child.proven = 0.0 if core.misere else 1.0
                    winner = 1 - me if core.misere else me
                path.append(child)
                node = child
                break
            path.append(child)
            node = child
        if winner is None:
            me = node.to_move
            keep = not core.misere  # (in misère a connection loses: no bridges kept for anyone)
            mine, other = core.fill(s[me], s[1 - me], self._fast, self._pool.draw(), keep, me,
                                    keep and self.edge_templates)
            s[me], s[1 - me] = mine, other
            winner = core.full_winner(s[0], s[1])
        spread = core.spread
        amaf = (spread(s[0]), spread(s[1]))
        check = True
        for n in reversed(path):  # backpropagation, AMAF and proofs
            v = n.visits = n.visits + 1
            if n.player is not None and winner == n.player:
                n.wins += 1.0
            n.q = n.wins / v
            n.isq = v ** -0.5
            n.beta = (k3 * v + 1.0) ** -0.5  # = sqrt(k / (3 v + k))
            p = n.to_move
            if n.window is not None:
                n.an += amaf[p]
                if winner == p:
                    n.aw += amaf[p]
            if check and n.proven is None and n.kids:
                kids = n.kids.values()
                if any(ch.proven == 1.0 for ch in kids):
                    n.proven = 0.0 if n.player is not None else None
                    if n.player is None:
                        root.proven = 1.0
                elif n.full and len(n.kids) == len(n.window) and all(ch.proven == 0.0 for ch in kids):
                    if n.player is not None:
                        n.proven = 1.0
                    else:
                        root.proven = 0.0
            check = n.proven is not None
