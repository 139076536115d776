"""What the fast search of connection games (:mod:`.mcts`) knows at a node's ranking
(``_rank``): must-play regions, inferior cells, H-search (what a node's virtual and
semi-connections, :func:`.bitboard_hsearch.hsearch`, prove and where they make it play), the
root's solver and the learned prior, then the node's order.  A mixin of
:class:`~.mcts.BitSearch`; the node is its ``BitNode``.  The root's analysis and solver run in
steps (``_root_work``), so a search thought in slices stops them at a slice's end."""

from __future__ import annotations

import math
from array import array

from . import hex_patterns, twodist
from .bitboard_dfpn import LOSS, WIN, Dfpn
from .bitboard_hsearch import hsearch
from .bitboard_base import drain
from .bitboard_decompose import decompose_steps, run_search
from .bitboard_hsearch_pairs import hsearch_pairs
from .bitboard_captured import fill_in_sets
from .bitboard_ica import fill_in, vulnerable
from .bitboard_vcm import replies


def most_blocking(carriers: list, cells: int) -> int:
    """The cell of ``cells`` in the most of ``carriers`` (the opponent's winning connections),
    the lowest on a tie, or -1: a lost position's move that leaves the opponent the most to find
    (MoHex's choice in a lost game), where a search that stopped at the proof would play almost
    at random."""
    best, most = -1, 0
    for c in carriers:
        c &= cells
        while c:
            low = c & -c
            c ^= low
            n = sum(1 for d in carriers if d & low)
            if n > most or n == most and low.bit_length() - 1 < best:
                best, most = low.bit_length() - 1, n
    return best


SOLVER_STEP = 4  # df-pn expansions between two steps of the root's solver (some 25 ms)


class SliceEnd(Exception):
    """A slice of a search in slices ended inside the root's analysis or solver
    (``HSearchKnowledge._root_work``): the iteration is dropped, the work goes on at the next
    slice."""


class HSearchKnowledge:
    """A node's knowledge at its ranking (``_rank``: must-play, inferior cells, ``_hsearch``,
    the root's solver, the prior) for :class:`~.mcts.BitSearch` (which sets ``_core``,
    ``inferior_cells``, ``ica_rounds``, ``dead_regions``, ``hsearch_budget``, ``pairs_budget``,
    ``pairs_visits``, ``decompose_rounds`` and ``ica_sets``)."""

    # in a position the opponent has virtually won, play the move in the most of its winning
    # connections (False, the default: the most visited move of a search that stopped at the
    # proof; against MoHex at 100 playouts True scored 13/40 against 20/40, docs/benchmarks.md)
    lost_blocking = False
    # below the root, the search over every pair runs for the player to move alone (what proves a
    # node lost for the player who moved there: a losing move), the anchored one for the other
    pairs_mover_only = False
    # the root's most visited move, once it has this many visits (0: never), is looked at by the
    # search over every pair for the opponent to move there (a losing move proven lost: the next
    # most visited takes its place); no decompositions, the root's budget (``_root_pairs``).  Off:
    # against MoHex at 100 playouts 36/60 with it (256), 34/60 without (docs/benchmarks.md)
    pairs_leader = 0
    # a search thought in slices (the page's: bridge/think.py, bridge/analysis.py) stops the root's
    # analysis at a slice's end and goes on with it at the next (``_hsearch``); elsewhere a
    # ``think`` runs it through (one whole move's budget: its time is the move's)
    sliced = False
    _root_job = None  # (the root, which work, its steps): work stopped at a slice's end
    _leader = None  # the child ``_check_leader`` looks at
    _deadline = None  # the slice's end (the agent's clock), set by ``think``

    def lost_move(self):
        """In a root position the opponent has virtually won (H-search over every pair, from the
        root's stones with the fill-in): the move in the most of its winning connections (see
        :func:`most_blocking`); else ``None``."""
        if not (self.lost_blocking and getattr(self, "_bits", False)) or self._core.misere:
            return None
        core, s = self._core, self._stones
        me = self._root.to_move
        known = getattr(self, "_lost", None)
        if known is not None and known[0] == (core, s, me):
            return known[1]
        self._lost = ((core, s, me), self._blocking_move(core, s, me))
        return self._lost[1]

    def _blocking_move(self, core, s, me):
        f = fill_in(core, s[0], s[1], self.ica_rounds, self.dead_regions) if self.inferior_cells else (0, 0, 0)
        stones = (s[0] | f[0], s[1] | f[1])
        theirs = hsearch_pairs(core, stones[1 - me] | f[2], stones[me], 1 - me, self.pairs_budget or 12000)
        if theirs.vc_win is None:
            return None
        empty = core.full & ~(s[0] | s[1])
        cell = most_blocking([theirs.vc_win] + theirs.sc_wins, empty & ~(f[0] | f[1] | f[2]) or empty)
        return self._move_of[cell] if cell >= 0 else None

    def _root_pairs(self) -> int:
        """The root's budget for H-search over every pair: ``pairs_budget``, at most
        ``pairs_share`` connections per iteration the move's search expects (``expected``; None:
        open-ended, no cap)."""
        if self.expected is None:
            return self.pairs_budget
        return min(self.pairs_budget, int(self.pairs_share * self.expected))

    def _rank(self, node, empty: int, s: list, parent=None, grand=None) -> None:
        """Order every empty cell of ``node`` by its value now: a tried move by its
        RAVE-blended mean, an untried one by its all-moves-as-first mean.  The first time, in
        normal play, whether the opponent is virtually connected (:meth:`BitCore.must_play`):
        then the node is a proven loss for the player to move (at the root, where a move must
        still be chosen, the window takes only the cells it must play)."""
        core = self._core
        if node.must is None:
            other = 1 - node.to_move
            node.must = core.must_play(s[other], empty, other) if self.must_play and not core.misere else 0
            if node.must:
                if node.player is not None:
                    node.proven = 1.0  # the player who moved here is virtually connected: it wins
                    return
                for p, child in node.kids.items():  # the root: a move off the carriers loses
                    if not node.must >> p & 1 and child.proven is None:
                        child.proven = 0.0
            if self.inferior_cells and not core.misere:
                f0, f1, dead = fill_in(core, s[0], s[1], self.ica_rounds, self.dead_regions)
                drop = f0 | f1 | dead
                if self.ica_vulnerable:  # (cells a reply kills, dominated by their killer)
                    drop |= vulnerable(core, s[0], s[1], node.to_move, empty & ~drop)
                if empty & ~drop & (node.must or empty):  # (never every move)
                    node.ica = drop
                    if f0 | f1:
                        node.icaf = (f0, f1)
        if self.hsearch_visits and not core.misere \
                and (self._resuming(node, "hsearch") or self._hsearch_due(node, parent)):
            if self._hsearch(node, empty, s):
                return
        if node.player is None and self.solver_rate and not core.misere and node.proven is None \
                and (self._resuming(node, "solve") or self._looks_decided(node)):
            self._solve_root(node, s)
            if node.proven is not None:
                return
        an, aw = core.fields(node.an), core.fields(node.aw)
        kids = node.kids
        k3 = 3.0 / self.rave_equivalence
        scored = []
        e = empty
        prior = node.prior
        k = self._prior_weight()
        if prior is None and k:
            prior = node.prior = self._pattern_prior(node, s, parent, grand) or ()
            if prior and parent is not None and parent.vcm and node.pos in parent.vcm:
                _lift(prior, parent.vcm[node.pos] & empty)
        while e:
            low = e & -e
            e ^= low
            p = low.bit_length() - 1
            na = an[p]
            if not prior:
                qa = (aw[p] + 0.5) / (na + 1)
            else:
                qa = (aw[p] + prior[p]) / (na + k)
            child = kids.get(p)
            if child is not None and child.visits:
                if child.proven is not None:
                    qa = 2.0 if child.proven == 1.0 else -1.0
                else:
                    beta = 1.0 / math.sqrt(k3 * child.visits + 1.0)
                    qa = (1 - beta) * child.wins / child.visits + beta * qa
            scored.append((-qa, p))
        scored.sort()
        node.order = [p for _, p in scored]  # (with the inferior cells: grandchildren inherit it)
        node.scan = 0
        width = len(node.window)
        node.window, node.wk = [], []
        node.full = False
        node.skip = 0
        self._widen(node, empty, width)
        node.rank_at = node.visits * 2

    def _check_leader(self, root, empty: int, s: list) -> None:
        """Each time the root works its values out again (every eighth more visits, with
        ``refresh_shift`` 3: :meth:`BitSearch._iterate_bits`): its most visited move, once it has ``pairs_leader``
        visits, looked at by the search over every pair for the opponent to move there, with
        the root's budget (:meth:`_root_pairs`), the captured sets and no decompositions
        (``hs`` 3): a move the opponent then wins against is proven lost, and the next most
        visited takes its place.  Once a child; in slices like the root's own analysis
        (``_root_work``)."""
        if self._resuming(root, "leader"):
            lead = self._leader
        else:
            lead = max(root.kids.values(), key=lambda c: c.visits)
            if lead.visits < self.pairs_leader or lead.window is None or lead.hs >= 2 or lead.proven is not None:
                return
            lead.hs = 3
            self._leader = lead
        after = list(s)
        after[root.to_move] |= 1 << lead.pos
        self._root_work(root, "leader", self._hsearch_steps, lead, empty & ~(1 << lead.pos), tuple(after))

    def _hsearch_due(self, node, parent=None) -> bool:
        """Whether the node's H-search runs at this ranking, and which (``node.hs``): the root
        at its first ranking, another node at ``hsearch_visits`` visits; over every pair of
        points (2) at the root (when its budget, :meth:`_root_pairs`, reaches
        ``hsearch_budget``), at the root's children from ``pairs_children`` visits and at
        any node from ``pairs_visits`` visits (each 0: never), when ``pairs_budget`` is set;
        else the anchored one (1).  (3: :meth:`_check_leader`'s.)"""
        pairs = self.pairs_budget and (
            node.player is None and self._root_pairs() >= self.hsearch_budget
            or self.pairs_visits and node.visits >= self.pairs_visits
            or self.pairs_children and parent is not None and parent.player is None
            and node.visits >= self.pairs_children)
        if not node.hs and (node.player is None or node.visits >= self.hsearch_visits or pairs):
            node.hs = 2 if pairs else 1
            return True
        if node.hs in (1, 3) and pairs:  # (3: a root's child once; now a root, or deeper search due)
            node.hs = 2
            return True
        return False

    def _hsearch(self, node, empty: int, s: list) -> bool:
        """:meth:`_hsearch_steps` run through (:meth:`_root_work`)."""
        return self._root_work(node, "hsearch", self._hsearch_steps, node, empty, tuple(s))

    def _root_work(self, node, kind: str, steps, *args):
        """``steps(*args)`` (a generator of work in steps) run through: its result.  At the root
        of a search thought in slices (``sliced``, a ``think`` with a deadline) it stops at the
        slice's end (raises :class:`SliceEnd`, which ``think`` catches) and goes on from there
        at the next slice's first iteration (``_root_job``, ``kind``: which piece of the root's
        work): the page's "stop" stays prompt through the root's analysis and its solver, and
        a search with an iteration budget ends as it would in one piece."""
        if node.player is not None or not self.sliced or self._deadline is None:
            return drain(steps(*args))
        job = self._root_job
        if job is None or job[0] is not node or job[1] != kind:
            job = self._root_job = (node, kind, steps(*args))
        clock, deadline, work = self.clock, self._deadline, job[2]
        while True:
            try:
                next(work)
            except StopIteration as done:
                self._root_job = None
                return done.value
            if clock() >= deadline:
                raise SliceEnd

    def _resuming(self, node, kind: str) -> bool:
        """Whether ``node`` (the root) has ``kind`` of work stopped at a slice's end to go on with."""
        job = self._root_job
        return job is not None and job[0] is node and job[1] == kind

    def _hsearch_steps(self, node, empty: int, s):
        """H-search (:func:`.bitboard_hsearch.hsearch`, or :func:`.bitboard_hsearch_pairs.hsearch_pairs`
        where ``_hsearch_due`` chose it) for both players on the node's position
        with the captured cells filled in (each player's search counts the dead cells its own):
        the player who moved here virtually connected proves the node won for it, the player to
        move semi-connected proves it lost; else the opponent's winning semi-connections narrow
        ``must``.  At the root (a move must still be chosen) the keys that win at once, or the
        must-play region, narrow the window, and the moves off it are proven lost.  Returns
        ``True`` when the node is proven.  A generator: it yields between the steps of its
        searches over every pair (:func:`.bitboard_decompose.run_search`)."""
        core = self._core
        me = node.to_move
        f = (0, 0, 0)
        root = node.player is None
        refill = None
        if self.inferior_cells:
            if self.ica_sets and (node.hs >= 2 or self.ica_sets_below):  # (bitboard_captured.py)
                def refill(a, b):
                    return fill_in_sets(core, a, b, self.ica_rounds, self.dead_regions, self.ica_sets)
            else:
                def refill(a, b):
                    return fill_in(core, a, b, self.ica_rounds, self.dead_regions)
            f = refill(s[0], s[1])
            drop = (f[0] | f[1] | f[2]) & empty
            if drop & ~node.ica and empty & ~(node.ica | drop) & (node.must or empty):
                node.ica |= drop  # (a winning move lies outside the fill-in: the window leaves it out)
        stones = (s[0] | f[0], s[1] | f[1])
        budget = self.hsearch_budget
        other = 1 - me
        search = their_search = hsearch
        if node.hs >= 2:  # (the deeper search over every pair of points)
            search, budget = hsearch_pairs, self._root_pairs() if root or node.hs == 3 else self.pairs_budget
            if root or not (self.pairs_mover_only or node.hs == 3):
                their_search = hsearch_pairs
        found = [None, None]
        searches = [None, None]
        searches[me] = (search, budget)
        searches[other] = (their_search, budget if their_search is search else self.hsearch_budget)
        if node.hs == 2 and self.decompose_rounds:  # (bitboard_decompose.py)
            f, stones, found = yield from decompose_steps(core, stones, f, me, searches, self.decompose_rounds, refill)
        theirs = found[other] or (yield from run_search(their_search, core, stones[other] | f[2], stones[me], other,
                                                        searches[other][1]))
        if theirs.vc_win is not None:
            node.proven = 1.0 if not root else 0.0  # (the root's proof is the player to move's)
            if root:  # every move of the player to move loses (``lost_move`` chooses one)
                for child in node.kids.values():
                    child.proven = 0.0
            return True
        if self.vc_maintenance:  # (the opponent's moves into the connections of the player who moved here)
            node.vcm = replies(core, theirs, other, empty & ~(f[0] | f[1] | f[2])) or None
            if node.vcm:
                for p, child in node.kids.items():
                    if p in node.vcm and child.window is not None and child.order is not None \
                            and child.proven is None:
                        self._mend(child, node.vcm[p], empty & ~(1 << p))
        mine = found[me] or (yield from run_search(search, core, stones[me] | f[2], stones[other], me, budget))
        must = theirs.must & empty
        if mine.vc_win is not None or mine.sc_wins:
            if not root:
                node.proven = 0.0
                return True
            keys = mine.keys & empty or (yield from self._keys(mine, stones, f[2], empty, me, self.hsearch_budget))
            if mine.vc_win is not None:
                # already virtually connected: every move keeps the win (a stone never hurts in a
                # connection game); one inside the connection's carrier goes on with it, best one
                # that threatens two wins at once, and the search looks for the quickest proof,
                # not the learned prior's taste
                keys |= mine.vc_win & empty
                node.prior, node.pb = (), None
                quick, cells = 0, keys
                while cells:  # (the cells that threaten two wins at once: won in two moves)
                    low = cells & -cells
                    cells ^= low
                    if core.winning_cells(s[me] | low, empty & ~low, me).bit_count() >= 2:
                        quick |= low
                keys = quick or keys
            if keys:  # (the other moves are not proven lost: not marked)
                node.must = keys
            return False
        if must:
            if node.must:
                both = node.must & must
                if not both:  # every move misses one of two must-play regions: all lose
                    if not root:
                        node.proven = 1.0
                        return True
                    return False
                must = both
            node.must = must
            if root:  # (a move into the fill-in is inferior, not lost: not marked)
                keep = must | f[0] | f[1] | f[2]
                for p, child in node.kids.items():
                    if not keep >> p & 1 and child.proven is None:
                        child.proven = 0.0
        return False

    def _mend(self, node, cells: int, empty: int) -> None:
        """VC maintenance (:mod:`.bitboard_vcm`): ``cells`` mend a connection the move into
        ``node`` broke; they join its window (those not left out: inferior, or off a must-play
        region) and, once it has a prior, get the prior of its favourite."""
        cells &= empty & ~(node.skip | node.ica)
        if node.must:
            cells &= node.must
        if node.prior:
            _lift(node.prior, cells)
        window = node.window
        while cells:
            low = cells & -cells
            cells ^= low
            q = low.bit_length() - 1
            if q not in window:
                window.append(q)
                node.wk.append(node.kids.get(q))
                node.skip |= low
        node.fresh_at = 0  # (the window changed: every value again)

    def _prior_weight(self) -> float:
        """The virtual playouts of the learned prior on this board: ``pattern_prior`` (Hex),
        ``y_pattern_prior`` (regular Y), 0 elsewhere."""
        patterns = self._core.patterns
        if patterns is None:
            return 0.0
        return self.pattern_prior if patterns[0] == "hex" else self.y_pattern_prior

    def _pattern_prior(self, node, s, parent=None, grand=None):
        """Hex and regular Y: per bit position (an ``array``), ``pattern_prior`` virtual AMAF
        playouts won at the rate ``r / (1 + r)``, ``r`` the cell's strength under the learned
        model (:mod:`.hex_patterns`: its patterns, then where it lies from the last move, on Hex
        crossed with its two-distance classes, :mod:`.twodist`) over
        the mean strength of the empty cells (so 0.5 for a cell as strong as the mean, as without
        a prior); ``None`` without a model, on other boards, or on the empty board (its first
        moves were seeded at random in the games learned from).  The pattern strengths come from
        the grandparent's (the same player to move) where it has them: only the cells near the
        two stones played since are read again."""
        core = self._core
        if core.patterns is None or not s[0] | s[1]:
            return None  # (the empty board: no game the model learned from shows one)
        kind, size = core.patterns
        model = hex_patterns.weights(kind)
        if model is None:
            return None
        geo = hex_patterns.geometry(kind, size)
        me = node.to_move
        empty = core.full & ~(s[0] | s[1])
        n = empty.bit_count()
        if not n:
            return None
        if grand is not None and grand.gam is not None and parent is not None and parent.pos >= 0 \
                and node.pos >= 0:
            base = hex_patterns.base_strengths(model, geo, s[me], s[1 - me], empty, me, grand.gam,
                                               (parent.pos, node.pos))
        else:
            base = hex_patterns.base_strengths(model, geo, s[me], s[1 - me], empty, me)
        node.gam = base
        pairs = None
        if hex_patterns.classes_per_near(model) > 1:  # (Hex: crossed with the two-distance classes)
            pairs = twodist.cell_classes(core, s[me], s[1 - me], me)
        rs = hex_patterns.relative(model, geo, base, empty, n, node.pos, pairs)
        k = self._prior_weight()
        if self.prior_bias:  # a cell's probability: its strength over their sum, r / n
            c = self.prior_bias / n
            node.pb = array("f", (c * r for r in rs))
        return array("f", (k * r / (1.0 + r) for r in rs))

    def _looks_decided(self, node) -> bool:
        """Whether the root's most visited move's mean is ``solver_margin`` or more from 0.5 (no
        move tried yet: yes)."""
        kids = [c for c in node.kids.values() if c.visits]
        if not kids:
            return True
        best = max(kids, key=lambda c: c.visits)
        return abs(best.wins / best.visits - 0.5) >= self.solver_margin

    def _solve_root(self, node, s) -> None:
        """:meth:`_solve_steps` run through (:meth:`_root_work`)."""
        self._root_work(node, "solve", self._solve_steps, node, tuple(s))

    def _solve_steps(self, node, s):
        """The root's df-pn (:class:`.bitboard_dfpn.Dfpn`), kept from ranking to ranking: it goes
        on with ``solver_rate`` expansions per root visit since its last turn, ``SOLVER_STEP``
        at a time (a generator that yields between them).  A win it proves with a named move
        marks that move won (the root is then won: the search stops and plays it); a loss marks
        every move lost.  Its proofs hold whatever the defence, so the analysis board's marks
        from them stay proven."""
        solver = getattr(self, "_solver", None)
        key = (self._core, s[0], s[1], node.to_move)
        if solver is None or self._solver_key != key:
            solver = self._solver = Dfpn(self._core, 0, self.solver_hsearch, self.ica_rounds, self.dead_regions)
            self._solver_key = key
        target = solver.nodes + max(1, int(node.visits * self.solver_rate))
        while True:
            before = solver.nodes
            solver.budget = min(target, before + SOLVER_STEP)
            result, cell = solver.solve(s[0], s[1], node.to_move)
            if result is not None or solver.nodes >= target or solver.nodes == before:
                break
            yield
        if result == LOSS:
            node.proven = 0.0  # (the root's proof is the player to move's)
            for child in node.kids.values():
                child.proven = 0.0
        elif result == WIN and cell is not None:
            child = node.kids.get(cell)
            if child is None:
                move = self._move_of[cell]
                child = node.kids[cell] = node.children[move] = type(node)(move, node, node.to_move)
                child.pos = cell
            child.proven = 1.0
            node.proven = 1.0

    def _keys(self, mine, stones, dead, empty, me, budget, tries: int = 16):
        """At the root, when the player to move has a winning SC whose key is not known (a
        chain's): the first cell of the smallest such carrier after which H-search finds a
        winning VC (one more H-search a cell, at most ``tries``), or ``0``.  A generator that
        yields after each H-search."""
        core = self._core
        smallest = min(mine.sc_wins, key=int.bit_count, default=0) if mine.vc_win is None else 0
        cells = smallest & empty
        while cells and tries:
            low = cells & -cells
            cells ^= low
            tries -= 1
            if hsearch(core, stones[me] | dead | low, stones[1 - me], me, budget).vc_win is not None:
                return low
            yield
        return 0


def _lift(prior, cells: int) -> None:
    """VC maintenance's prior: each of ``cells`` gets (at least) the prior of the favourite."""
    top = max(prior)
    while cells:
        low = cells & -cells
        cells ^= low
        q = low.bit_length() - 1
        prior[q] = max(prior[q], top)
