"""The fast search of two-player connection games (Hex, Y) on the bitboard core.

:class:`~pygame_core.agents.mcts.MCTSAgent` uses it when the game offers ``bit_state()``
(:mod:`pygame_core.games.connection.bitboard`).  It is the same UCT-RAVE search with the MCTS-solver as the
generic one, with these changes that make an iteration several times cheaper in Python:

* a position is two integers (each player's stones); a move is one ``|``; whether a move
  connects is known from its node's winning cells (below; in misère, by filling only the
  mover's group, :meth:`BitCore.completes`);
* the playout is :meth:`BitCore.fill` (bridge carriers split, then a balanced random fill), and
  its all-moves-as-first statistics are *SWAR counters*: per node one integer with a 32-bit field
  per cell, so crediting every cell a player took in the playout is one integer addition;
* **progressive widening**: a node chooses among the first ``width`` moves of an *order* (the
  grandparent's order - the same player's preferences two plies up - until the node has been
  visited ``RANK_FIRST`` times, then its own all-moves-as-first values, ranked again each time its
  visits double), the width growing with the logarithm of its visits.  Selection looks at a
  handful of moves instead of every empty cell;
* **values kept between visits**: a node keeps the UCT-RAVE value of each move of its window and
  works them all out again (decoding its SWAR counters) only every ``visits >> refresh_shift``
  visits; in between, only the move it chose last has changed enough to matter, so a visit
  works out one value and takes the largest.  The all-moves-as-first means and the exploration
  term it uses are at most an eighth of its visits old (``refresh_shift = 64``: every visit);
* a leaf is played out from ``expand`` times before it is opened (its first moves chosen);
* threats (below) found at a node are reused by its children: the cells where the player who
  moved would win at once are, one cell fewer, that player's winning cells a ply later.

Self-play at equal iterations found no loss from the first two (Hex 11, 3,000 iterations a
move, 40 games each against every value worked out at every visit and leaves opened at their
second visit: 20/40 with both as set here), and they make an iteration about a third cheaper.

Proofs: a move that connects is a proven win; a node whose every move (the whole board, not just
the window) is a proven loss is a proven win for the player who moved into it.  "Every move"
may be fewer: a single threat of the opponent's (the one cell that does not lose at once), or,
from a node's first ranking, a must-play region (:meth:`BitCore.must_play`: the opponent is
virtually connected, so every move off its carriers loses).

Inferior cells (``inferior_cells``, :func:`.bitboard_ica.fill_in`): at its first ranking a node
also leaves out of its window the dead cells and both players' captured pairs (a winning move,
if there is one, lies outside them, so "every move left loses" is still a proof; never every
move), the playouts below it give the captured cells still empty to their captor, and after an
intrusion into a pair captured by the player to move the pair's other cell comes first.  The
order a node passes on to its grandchildren keeps those cells: the pruning holds only where it
was worked out.

H-search (``hsearch_visits``, :func:`.bitboard_hsearch.hsearch`): at its first ranking after that
many visits a node runs H-search for both players on its position (captured cells filled in): the
player who moved there virtually connected proves it won, the player to move semi-connected
proves it lost, else the opponent's winning semi-connections narrow ``must``.  At the root a
winning key becomes the only move looked at, and an opponent's winning VC proves the root lost.
"""

from __future__ import annotations

import math
import sys

from .bitboard import PermPool
from .hsearch import HSearchKnowledge
from .ladders import resolve as resolve_ladders

RANK_FIRST = 32  # visits before a node ranks its moves by its own statistics
INF = math.inf


class BitNode:
    """A search node of the fast search; the attributes the rest of the engine reads
    (``move``, ``children`` by move, ``visits``, ``wins``, ``player``, ``proven``, ``avail``)
    mean what they mean in :class:`~pygame_core.agents.mcts._Node`; ``parent`` is always
    ``None`` (see ``__init__``)."""

    __slots__ = ("move", "parent", "children", "visits", "wins", "avail", "player", "proven",
                 "to_move", "order", "scan", "window", "wk", "kids", "an", "aw", "rank_at", "full",
                 "vals", "qas", "last", "explore", "fresh_at", "widen_at", "pos", "skip",
                 "threat", "wins_now", "must", "ica", "icaf", "hs", "prior", "gam", "pb", "pbs", "vcm")

    def __init__(self, move, parent, player):
        self.move = move
        # no link up the tree (the search keeps its path): a tree has no cycles, so what a search
        # leaves behind is freed at once by reference counting, not by the cyclic collector
        self.parent = None
        self.children: dict = {}
        self.visits = 0
        self.wins = 0.0
        self.avail = 1
        self.player = player
        self.proven = None
        self.to_move = None if player is None else 1 - player
        self.window = None  # the moves (bit positions) selection looks at (None: not opened)
        self.kids = None  # bit position -> child
        self.pos = -1  # the bit position of ``move``
        # (the rest is set when the node is opened, see open(): most nodes stay leaves)

    def open(self) -> None:
        """Before the node chooses its first move: the state of an inner node."""
        self.order = None  # bit positions of moves, best first (may list cells taken here)
        self.scan = 0  # how far ``order`` has been read into ``window``
        self.kids = {}
        self.wk = None  # the child of each move of ``window`` (None: not tried)
        self.vals = self.qas = None  # per move of ``window``: its UCT-RAVE value, its AMAF mean
        self.last = -1  # the index in ``window`` of the move chosen last
        self.explore = 0.0  # the exploration factor of ``vals``
        self.fresh_at = 0  # visits at which every value of ``vals`` is worked out again
        self.widen_at = 0  # visits at which the window grows next
        self.skip = 0  # cells put first in the window (so the order's scan passes them)
        self.an = 0  # SWAR: playouts in which the player to move here took each cell
        self.aw = 0  # SWAR: ... and won
        self.rank_at = RANK_FIRST
        # normal play: the cells where the player who moved here would win at once (-1: unknown),
        # and whether the window is such a cell for the player to move
        self.threat = -1
        self.wins_now = False
        self.full = False  # the window holds every empty cell (of ``must``, if set)
        self.must = None  # where the player to move must play (0: anywhere; None: not known yet)
        self.ica = 0  # inferior cells left out of the order (dead and captured, from the first ranking)
        self.icaf = None  # (Blue's, Red's) captured cells, filled in the playouts below the node
        self.hs = 0  # H-search has looked at the node: 1 anchored, 2 over every pair (``_hsearch_due``)
        self.prior = None  # per bit position, its virtual AMAF wins (``pattern_prior``; (): none)
        self.gam = None  # per bit position, its pattern strength (hex_patterns.base_strengths)
        self.pb = None  # per bit position, ``prior_bias`` times its prior probability (None: no bias)
        self.pbs = None  # per move of ``window``: its ``pb``
        self.vcm = None  # after H-search: {an opponent's move: the cells that mend what it breaks}


class BitSearch(HSearchKnowledge):
    """Mixin for :class:`MCTSAgent`: the fast iteration for games with ``bit_state()``."""

    rank_first = RANK_FIRST  # visits before a node ranks its moves by its own statistics (and its prior)
    widen = 1.5  # window = 2 + widen * log2(visits + 1), capped by the empty cells
    edge_templates = True  # playouts keep edge templates as well as bridges
    parent_order = True  # a node with no grandparent order takes its parent's (else the static one)
    bridge_replies = True  # after an intrusion into a bridge or edge template, its reply comes first
    # a playout after an intrusion into a bridge or edge template of the player to move saves it first
    # (the fill keeps intact ones only); off: against MoHex at 100 playouts 31/60 with it and without
    playout_saves = False
    # a playout first plays out second-line ladders (ladders.py); off: against MoHex at 100 playouts
    # 32/60 with it, 30/60 without; in self-play on Y 13 14/40 (docs/benchmarks.md)
    playout_ladders = False
    expand = 2  # a leaf is opened at visit expand + 1 (1: at its second visit, as MCTSBot does)
    must_play = True  # at its first ranking a node whose mover is virtually connected is proven
    refresh_shift = 3  # a node works out every value again after visits >> refresh_shift more visits
    inferior_cells = True  # from its first ranking a node leaves out dead and captured cells
    ica_rounds = 3  # rounds of captured-pair fill-in (bitboard_ica.fill_in; 1 round: 19/40)
    dead_regions = True  # the fill-in adds the clique rule's dead cells (bitboard_regions)
    ica_playouts = True  # playouts below such a node give captured cells to their captor
    ica_replies = True  # after an intrusion into a captured pair, its other cell comes first
    ica_vulnerable = False  # a node's window also leaves out cells vulnerable to a killer it keeps
    # after a move that breaks a connection H-search found, the mending moves first (bitboard_vcm;
    # off: against MoHex at 100 playouts fewer wins with it than without, docs/benchmarks.md)
    vc_maintenance = False
    # Hex: from a node's first ranking, each cell's learned prior (hex_patterns) as this many virtual
    # AMAF playouts (0: off).  So many that the prior, not the AMAF mean, steers a child until its own
    # visits take over: 3000 won 6/10 against MoHex at 100 playouts (500: 2/10, 10000: 4/10, off: 1-2/10)
    pattern_prior = 3000.0
    # Y (regular boards): the same from Y's table; off: 300 won 11/20 and 3000 13/40 against morat
    # at 1,000 simulations where the search without it won 12/20 and 21/40 on the same seeds
    y_pattern_prior = 0.0
    # and as a progressive bias (MoHex 2.0's form): a move's value gains prior_bias * its prior
    # probability / sqrt(its visits + 1) (0: off)
    prior_bias = 0.0
    hsearch_visits = 256  # a node with this many visits runs H-search at its next ranking (0: never; the root: its first)
    hsearch_budget = 1500  # connections H-search works through for each player (bitboard_hsearch)
    # H-search over every pair of points, this many connections (0: never), at the root (once a move), its
    # children from pairs_children visits, any node from pairs_visits (0: never): HSearchKnowledge._hsearch_due
    pairs_budget = 12000
    # ... scaled to the move's budget at the root: at most pairs_share connections per iteration the
    # move expects (``expected``, set by the agent's first think of a move; None: open-ended, the
    # full pairs_budget), and below hsearch_budget the root keeps the anchored search: at 0.3 s a
    # move its full search took up to 2.6 CPU s (docs/benchmarks.md, "The root's analysis")
    pairs_share = 0.45
    expected = None
    pairs_visits = 0
    pairs_children = 0
    # decompositions (bitboard_decompose) where the search over every pair runs (the root): at
    # most this many fills a node (0: off); against MoHex at 100 playouts 11/20 with them at the
    # root, 8/20 without (seed 37, side by side; docs/benchmarks.md)
    decompose_rounds = 4
    # captured sets (bitboard_captured) of 3 to this many cells in the fill-in where the search
    # over every pair runs (the root; 0: off), whose cells then leave the root's window
    ica_sets = 4
    ica_sets_below = False  # and at every node below the root that runs H-search
    # the root's df-pn solver (bitboard_dfpn): at each of the root's rankings where the position
    # looks decided (the most visited move's mean at least solver_margin from 0.5) it goes on with
    # this many expansions per root visit (0: off), each position's H-search at solver_hsearch
    # connections.  1/400: 14 % fewer iterations a CPU s where it runs
    solver_rate = 1 / 400
    solver_margin = 0.2
    solver_hsearch = 300

    def _bits_start(self, game, root) -> None:
        core, s0, s1 = game.bit_state()
        self._core = core
        self._stones = (s0, s1)
        self._move_of = game.bit_moves()
        if root.to_move is None:
            root.to_move = game.current_player
        if root.proven == 1.0 and root.window is not None and root.rank_at < math.inf \
                and not any(c.proven == 1.0 for c in root.children.values()):
            # a kept subtree proven won by H-search (the player to move semi-connected) names no
            # winning move: the root is searched again, and its H-search finds the key
            root.proven = None
            root.hs = 0
            root.rank_at = min(root.rank_at, root.visits)
        if root.window is None and game.history:  # the opponent's last move, for bridge replies
            cell = game.move_cell(game.history[-1])
            root.pos = -1 if cell is None else core.positions[cell]
        if getattr(self, "_pool_core", None) is not core:
            self._pool = PermPool(core, self._fast_rng())
            self._pool_core = core

    def _open(self, node: BitNode, parent: BitNode | None, grand: BitNode | None, empty: int,
              s: list) -> bool:
        """First time ``node`` chooses a move: its order (the grandparent's, or the board's
        static one) and its first window.  Threats first (normal play): a cell that wins at
        once is the only move looked at; else, one cell where the opponent would win at once is
        the only move that does not lose (the window is it, complete); two of them and the
        position is lost (returns ``True``: proven for the player who moved here)."""
        core = self._core
        node.open()
        node.rank_at = self.rank_first
        me = node.to_move
        if not core.misere:
            if s[me].bit_count() >= core.threat_stones:
                if parent is not None and parent.threat >= 0:  # (my stones have not changed since)
                    win = parent.threat & empty
                else:
                    win = core.winning_cells(s[me], empty, me)
                if win:
                    node.window = [(win & -win).bit_length() - 1]  # (no order to pass on)
                    node.wk = [None]
                    node.scan, node.full, node.rank_at = 1, True, math.inf
                    node.wins_now = True
                    return False
            node.threat = 0
            if s[1 - me].bit_count() >= core.threat_stones:
                threat = node.threat = core.winning_cells(s[1 - me], empty, 1 - me)
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
        elif self.parent_order and parent is not None and parent.order is not None:
            node.order = parent.order
        else:
            node.order = core.static_order
        node.window, node.wk = [], []
        if self.bridge_replies and node.pos >= 0 and not core.misere:  # an intrusion: mend it first
            for d, ends in core.replies()[me][node.pos]:
                if s[me] & ends == ends and empty >> d & 1 and not node.skip >> d & 1:
                    node.window.append(d)
                    node.wk.append(None)
                    node.skip |= 1 << d
        if self.ica_replies and grand is not None and grand.icaf is not None and node.pos >= 0:
            mine = grand.icaf[me]  # an intrusion into a pair captured by ``me``: the other cell
            if mine >> node.pos & 1:
                reply = core.around(1 << node.pos) & mine & empty & ~node.skip
                while reply:
                    low = reply & -reply
                    reply ^= low
                    d = low.bit_length() - 1
                    node.window.append(d)
                    node.wk.append(None)
                    node.skip |= low
        if parent is not None and parent.vcm and node.pos in parent.vcm:  # a connection broken
            self._mend(node, parent.vcm[node.pos], empty)
        self._widen(node, empty, 1)
        return False

    def _widen(self, node: BitNode, empty: int, want: int) -> None:
        order, window, wk, kids, i = node.order, node.window, node.wk, node.kids, node.scan
        n = len(order)
        empty &= ~(node.skip | node.ica)
        if node.must:  # (the opponent is virtually connected: only its carriers do not lose)
            empty &= node.must
        while len(window) < want and i < n:
            p = order[i]
            i += 1
            if empty >> p & 1:
                window.append(p)
                wk.append(kids.get(p))
        node.scan = i
        if i >= n:
            node.full = True

    def _refresh(self, node: BitNode, visits: int, k3: float) -> list:
        """Work out the UCT-RAVE value of every move of the window (the AMAF means from the
        SWAR counters, the exploration term from the visits); until ``fresh_at`` visits, only the
        move chosen last is worked out again (``refresh_shift``)."""
        nbytes, order = self._core.swar_bytes, sys.byteorder
        an = memoryview(node.an.to_bytes(nbytes, order)).cast("I")  # (core.fields, inlined)
        aw = memoryview(node.aw.to_bytes(nbytes, order)).cast("I")
        log_n = math.log(visits + 1)
        c = self.exploration
        explore = node.explore = c * math.sqrt(log_n)
        fresh = c * math.sqrt(log_n + 1.0)
        qas, vals = [], []
        prior = node.prior
        k = self._prior_weight() if prior else 0.0
        pb = node.pb
        pbs = [] if pb else None
        for p, child in zip(node.window, node.wk):
            na = an[p]
            if prior:
                qa = (aw[p] + prior[p]) / (na + k)
            else:
                qa = aw[p] / na if na else 1.0
            qas.append(qa)
            bias = 0.0
            if pb:
                bias = pb[p]
                pbs.append(bias)
            if child is None or not child.visits:
                vals.append(qa + fresh + bias)
            elif child.proven is None:
                v = child.visits
                q = child.wins / v
                vals.append(q + (k3 * v + 1.0) ** -0.5 * (qa - q) + explore * v ** -0.5
                            + bias * (v + 1.0) ** -0.5)
            else:
                vals.append(INF if child.proven == 1.0 else -INF)
        node.qas, node.vals, node.pbs = qas, vals, pbs
        due = visits + 1 + (visits >> self.refresh_shift)
        if node.rank_at < due:  # (ranking and widening come with working every value out)
            due = node.rank_at
        if node.widen_at < due and not node.full:
            due = node.widen_at
        node.fresh_at = due
        return vals

    def _iterate_bits(self, root: BitNode, game, hidden: bool) -> None:
        core = self._core
        s = list(self._stones)
        full = core.full
        node = root
        path = [root]
        k3 = 3.0 / self.rave_equivalence
        widen = self.widen
        expand = self.expand
        winner = None
        fills = None
        ica_playouts = self.ica_playouts
        while True:
            if node.proven is not None:
                if node.player is not None:
                    winner = node.player if node.proven == 1.0 else 1 - node.player
                break
            if node.window is None:
                if node.visits < expand and node is not root:
                    break  # a leaf is played out from ``expand`` times before it grows children
                depth = len(path)
                if self._open(node, path[-2] if depth > 1 else None, path[-3] if depth > 2 else None,
                              full & ~(s[0] | s[1]), s):
                    node.proven = 1.0  # two threats: whatever the player to move does, it loses
                    winner = node.player
                    break
            if node.icaf is not None and ica_playouts:
                fills = node.icaf
            visits = node.visits
            if visits >= node.fresh_at:  # every value again (``fresh_at`` <= rank_at, widen_at)
                if node is root and self.pairs_leader and self.pairs_budget and root.kids and not core.misere:
                    self._check_leader(root, full & ~(s[0] | s[1]), s)  # (is the leader a losing move?)
                if visits >= node.rank_at or visits >= node.widen_at and not node.full:
                    empty = full & ~(s[0] | s[1])
                    if visits >= node.rank_at:
                        depth = len(path)
                        self._rank(node, empty, s, path[-2] if depth > 1 else None,
                                   path[-3] if depth > 2 else None)
                        if node.proven is not None:
                            if node.player is not None:
                                winner = node.player if node.proven == 1.0 else 1 - node.player
                            break
                    if visits >= node.widen_at and not node.full:  # the window grows with log(visits)
                        self._widen(node, empty, 2 + int(widen * math.log2(visits + 1)))
                        node.widen_at = math.ceil(2 ** ((len(node.window) - 1) / widen)) - 1
                vals = self._refresh(node, visits, k3)
            else:  # only the move chosen last time has changed since
                vals = node.vals
                i = node.last
                child = node.wk[i]
                if child.proven is None:
                    v = child.visits
                    q = child.wins / v
                    vals[i] = q + (k3 * v + 1.0) ** -0.5 * (node.qas[i] - q) + node.explore * v ** -0.5
                    if node.pbs:
                        vals[i] += node.pbs[i] * (v + 1.0) ** -0.5
                else:
                    vals[i] = INF if child.proven == 1.0 else -INF
            best = max(vals)
            if best == -INF:  # every move looked at is proven lost for the player to move
                if not node.full:
                    empty = full & ~(s[0] | s[1])
                    before = len(node.window)
                    self._widen(node, empty, before + 1)  # look further before giving up
                    node.fresh_at = 0
                    if len(node.window) > before:
                        continue
                if node.player is not None:
                    node.proven = 1.0
                    winner = node.player
                break
            i = node.last = vals.index(best)
            best_p = node.window[i]
            best_child = node.wk[i]
            me = node.to_move
            s[me] |= 1 << best_p
            child = best_child
            if child is None:
                move = self._move_of[best_p]
                child = node.wk[i] = node.kids[best_p] = node.children[move] = BitNode(move, node, me)
                child.pos = best_p
                if node.wins_now or core.misere and core.completes(best_p, s[me], me):
                    child.proven = 0.0 if core.misere else 1.0
                    winner = 1 - me if core.misere else me
                path.append(child)
                node = child
                break
            path.append(child)
            node = child
        if winner is None:
            if fills is not None:  # captured cells go to their captor (those still empty)
                e = full & ~(s[0] | s[1])
                s[0] |= fills[0] & e
                s[1] |= fills[1] & e
            me = node.to_move
            keep = not core.misere  # (in misère a connection loses: no bridges kept for anyone)
            save = keep and self.playout_saves and node.pos >= 0 and _save(core, s, me, node.pos, self._fast)
            if save:  # (the mover's reply is played: the other player fills on from there)
                s[me] |= save
                me = 1 - me
            if keep and self.playout_ladders and core.edge_dirs[0]:
                resolve_ladders(core, s, me)
            mine, other = core.fill(s[me], s[1 - me], self._fast, self._pool.draw(), keep, me,
                                    keep and self.edge_templates)
            s[me], s[1 - me] = mine, other
            winner = core.full_winner(s[0], s[1])
            a0 = core.spread(s[0])
            amaf = (a0, core.full_spread - a0)  # (the board is full: the rest is the other's)
        else:
            amaf = (core.spread(s[0]), core.spread(s[1]))
        check = True
        for n in reversed(path):  # backpropagation, AMAF and proofs
            n.visits += 1
            if winner == n.player:  # (the root's player is None)
                n.wins += 1.0
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
                elif n.full and all(ch is not None and ch.proven == 0.0 for ch in n.wk):
                    if n.player is not None:
                        n.proven = 1.0
                    else:
                        root.proven = 0.0
            check = n.proven is not None


def _save(core, s, me: int, pos: int, rng) -> int:
    """The bit of ``me``'s reply to the intrusion on ``pos`` into one of its bridges or edge
    templates (one at random when it broke several), else ``0``."""
    empty = core.full & ~(s[0] | s[1])
    found = [d for d, ends in core.replies()[me][pos] if s[me] & ends == ends and empty >> d & 1]
    if not found:
        return 0
    return 1 << found[rng.randrange(len(found))] if len(found) > 1 else 1 << found[0]
