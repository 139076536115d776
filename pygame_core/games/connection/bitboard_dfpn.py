"""A solver for connection games on the bitboard core (:mod:`.bitboard`): depth-first
proof-number search (Nagai's df-pn, 2002) on positions reduced by what the engine already knows.

At each position, for the player to move:

* a cell that joins its sides at once: **won**; two cells where the opponent would: **lost**;
  one: the only move that does not lose;
* inferior cells (:func:`.bitboard_ica.fill_in`): captured cells are filled in for their captor,
  dead cells are never played (a move there is no better than any other);
* H-search (:func:`.bitboard_hsearch.hsearch`, with ``hsearch_budget`` connections; 0: the bridge
  and edge-template check :meth:`BitCore.must_play` instead): the opponent virtually connected,
  **lost**; the player to move semi- or virtually connected, **won**; else the opponent's
  winning semi-connections give the must-play region, the only moves that can save the game.

Each of these rules is sound (``tests/test_hsearch.py``, ``tests/test_inferior_cells.py``), so a
proof here is a proof of the game: a position the solver calls won is won, whatever the
defence.  The search (:mod:`.hsearch`) runs it at the root and
marks what it proves; ``tests/test_dfpn.py`` checks every answer against an exhaustive solver on
small boards.

Proof numbers are counted in positions reduced this way (``nodes`` expansions at most: the
search is deterministic for a budget).  Positions are keyed by their stones after the fill-in
and the player to move; the game is a tree of growing boards (no cycles), so df-pn's
transposition table needs no cycle handling.
"""

from __future__ import annotations

from .bitboard_hsearch import hsearch
from .bitboard_ica import fill_in

INF = 1 << 30
WIN, LOSS = 1, 0


class Dfpn:
    """One solver for one core: ``solve(s0, s1, me)`` proves the position won or lost for
    ``me`` (to move) within ``nodes`` expansions, or gives up (``None``)."""

    def __init__(self, core, nodes: int = 200, hsearch_budget: int = 300, ica_rounds: int = 3,
                 regions: bool = True):
        self.core = core
        self.budget = nodes
        self.hsearch_budget = hsearch_budget
        self.ica_rounds = ica_rounds
        self.regions = regions
        self.tt: dict = {}  # key -> [pn, dn] for the player to move there
        self.moves: dict = {}  # key -> the children's (cell, key), or WIN / LOSS
        self.nodes = 0

    # ---- the position's knowledge -----------------------------------------------------------
    def _expand(self, key) -> object:
        """``WIN`` or ``LOSS`` for the player to move, or the moves worth trying as
        ``[(cell, child key)]``."""
        s0, s1, me = key
        core = self.core
        self.nodes += 1
        s = (s0, s1)
        other = 1 - me
        empty = core.full & ~(s0 | s1)
        if not empty:
            return WIN if core.full_winner(s0, s1) == me else LOSS
        if s[me].bit_count() >= core.threat_stones and core.winning_cells(s[me], empty, me):
            return WIN
        threat = core.winning_cells(s[other], empty, other) if s[other].bit_count() >= core.threat_stones else 0
        if threat & (threat - 1):
            return LOSS
        f0, f1, dead = fill_in(core, s0, s1, self.ica_rounds, self.regions)
        t = (s0 | f0, s1 | f1)
        open_cells = empty & ~(f0 | f1)
        must = open_cells
        if threat:
            must = threat & open_cells or threat
        elif self.hsearch_budget:
            theirs = hsearch(core, t[other] | dead, t[me], other, self.hsearch_budget)
            if theirs.vc_win is not None:
                return LOSS
            mine = hsearch(core, t[me] | dead, t[other], me, self.hsearch_budget)
            if mine.vc_win is not None or mine.sc_wins:
                return WIN
            if theirs.must:
                must = theirs.must & open_cells
                if not must:
                    return LOSS  # (every move misses one of its winning semi-connections)
        elif core.must_play(t[other], open_cells, other):
            return LOSS  # (the opponent joined by bridges and edge templates)
        cells = must & ~dead or must
        if not cells:  # (every empty cell filled in: the board is decided)
            return WIN if core.full_winner(t[0] | (dead if me == 0 else 0), t[1] | (dead if me else 0)) == me \
                else LOSS
        out = []
        for p in core.static_order:
            if cells >> p & 1:
                bit = 1 << p
                out.append((p, (t[0] | bit, t[1], 1) if me == 0 else (t[0], t[1] | bit, 0)))
        return out

    # ---- df-pn -------------------------------------------------------------------------------
    def _mid(self, key, th_pn: int, th_dn: int) -> tuple[int, int]:
        """Search ``key`` until its proof number reaches ``th_pn`` or its disproof number
        ``th_dn`` (or the budget is spent); returns and stores its numbers."""
        moves = self.moves.get(key)
        if moves is None:
            moves = self.moves[key] = self._expand(key)
        if moves is WIN or moves is LOSS:
            entry = (0, INF) if moves is WIN else (INF, 0)
            self.tt[key] = entry
            return entry
        tt = self.tt
        while True:
            # a child's numbers are for its player to move: the opponent's proof is our disproof
            pn, dn, best, best_dn, second = INF, 0, None, INF, INF
            for _, child in moves:
                cpn, cdn = tt.get(child, (1, 1))
                if cdn < best_dn:
                    best, second, best_dn = child, best_dn, cdn
                elif cdn < second:
                    second = cdn
                dn += cpn
            pn = best_dn
            if dn > INF:
                dn = INF
            if pn >= th_pn or dn >= th_dn or self.nodes >= self.budget:
                tt[key] = (pn, dn)
                return pn, dn
            cpn = tt.get(best, (1, 1))[0]
            child_th_pn = min(INF, th_dn - dn + cpn)  # (the child's proof is our disproof)
            child_th_dn = min(th_pn, second + 1)
            self._mid(best, child_th_pn, child_th_dn)

    def solve(self, s0: int, s1: int, me: int):
        """``(WIN, cell)``, ``(WIN, None)`` (won, but by a connection whose first move is not
        named), ``(LOSS, None)``, or ``(None, None)`` when the budget ran out first; ``cell`` a
        bit position that wins."""
        key = (s0, s1, me)
        pn, dn = self._mid(key, INF, INF)
        if pn == 0:
            moves = self.moves[key]
            if moves is WIN:
                empty = self.core.full & ~(s0 | s1)
                s = (s0, s1)
                win = self.core.winning_cells(s[me], empty, me) if s[me].bit_count() >= self.core.threat_stones else 0
                return WIN, ((win & -win).bit_length() - 1 if win else None)
            for cell, child in moves:
                if self.tt.get(child, (1, 1))[1] == 0:
                    return WIN, cell
        if dn == 0:
            return LOSS, None
        return None, None
