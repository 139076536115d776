"""H-search over every pair of points: :mod:`.bitboard_hsearch`'s rules, with connections between
two empty cells kept too (as in Anshelevich's H-search and Benzene's VC builder), and the OR rule
searching every combination of up to ``MAX_ORS`` semi-connections.

:mod:`.bitboard_hsearch` keeps only connections with a chain or a side at one end (an *anchor*),
so its AND rule through an empty cell ``z`` reaches no further than ``z``'s neighbours and the
cells a bridge away.  Here ``(z, y)`` may be any connection of two points, so a VC ``(x, z)``
and a VC ``(z, y)`` with disjoint carriers give the SC ``(x, y)`` with key ``z`` whatever ``y``
is (a cell whose own connections were built the same way), and bridges, edge templates and
their chains follow from the base connections (neighbouring cells, a cell on a side, a chain
and the cells around it) by the rules alone.

**Rules** (each sound; see :mod:`.bitboard_hsearch` for VC, SC and carrier):

* base: two neighbouring empty cells, a chain and an empty cell next to it, a side and an empty
  cell on it, a chain and a side it touches: a VC with the empty carrier;
* AND through an empty cell ``z``: VCs ``(x, z, A)``, ``(z, y, B)``, ``A & B`` empty, ``x`` not in
  ``B``, ``y`` not in ``A``: the SC ``(x, y, A | B | z)`` with key ``z``;
* AND through a chain ``g``: ``(x, g, A)`` and ``(g, y, B)`` disjoint give a VC ``(x, y, A | B)``,
  an SC if one of them is an SC;
* OR: SCs of ``x, y`` whose carriers have nothing in common (at most ``MAX_ORS`` of them) give
  the VC with the union of their carriers; besides those combinations, the union Benzene's VC
  builder takes (:func:`_narrowing`) for each cell still in every VC of the pair: the SCs that
  miss it, smallest first, each if it narrows the intersection so far;
* the AND rules may let the two carriers overlap in the captured set of the cell they go
  through or of an end (the two side cells of a cell on a side's second row, :mod:`.edge_strips`:
  the connection then holds with that set in its carrier);
* Hex: the second-row strips of :mod:`.edge_strips` (and, with ``LADDER_STARTS``, its ladders
  started from the third and fourth rows) are base connections of a weaker sense (joined, or
  both joined to that side: enough for a Hex win); what is derived from one is weak too
  (``HResult.weak``), for Hex wins only.

No AND through a side (a side is one line: two points joined to it are not joined for the win
unless the other side is reached too).  A VC is kept when no kept carrier is a subset of it and
it removes a larger one or narrows the intersection of the pair's carriers (what the OR rule and
must-play regions use), at most ``MAX_VC`` a pair; at most ``MAX_SC`` SCs a pair.  Connections
are worked through smallest carrier first, ``budget`` of them: stopping early finds less, and
what is found holds.

**Wins**: in Hex a VC or SC between the player's two sides (the SC's key wins at once); in Y a
chain or empty point joined to all three sides with pairwise disjoint carriers, as in
:mod:`.bitboard_hsearch`.  The result is a :class:`~.bitboard_hsearch.HResult` (``tables``:
``(chains, nchain, vc, sc)``, ``vc[x][y]`` the carriers of points ``x`` and ``y``, both ways).

Measured on 150 decided middle-game positions of our games against MoHex 2.0
(``benchmarks/vc_decided.py``): with the fill-in, 117 proven against the anchored H-search's 87,
at about 10 times its cost; ``tests/test_hsearch_pairs.py`` checks every connection it keeps
against an exhaustive solver on small Hex and Y boards (a weak one in its own sense).
"""

from __future__ import annotations

import heapq

from .bitboard_base import drain
from .bitboard_hsearch import HResult, _wins, chains_of
from .edge_strips import captured_sets, ladder_starts, strips
from .edge_templates import template_vcs

# list sizes: on the 1,086 positions MoHex decides of benchmarks/data (vc_decided.py --pairs),
# 4/8/16 a pair with the OR rule over 4 SCs and 4 results proved 730 at 6,000 connections; these
# 769 at 6,000 and 821 at 10,000 connections, at 1.3-1.6 times the cost (docs/benchmarks.md);
# with _narrowing (NARROWING below) twice these (16/32/64): on a third of them 306 against 297
# at 12,000 connections
KEEP_VC = 16
MAX_VC = 32
MAX_SC = 64
MAX_ORS = 6  # semi-connections the OR rule combines at most
# steps of the OR rule's search for one new SC: some pairs with 32 SCs took 5,000 (a tenth of a
# second); on the 260 searches of the analysis positions 50 to 200 steps give the same wins and
# must-play regions as no cap, 13 % sooner (docs/benchmarks.md, "The root's analysis in slices")
MAX_COMBINE = 200
OR_RESULTS = 16  # new VCs one new SC may give at most
# _narrowing's unions too (Benzene's OR rule): on a third of the 1,086 positions MoHex decides,
# with the list sizes below, 306 of 362 proven against 289 at 12,000 connections, at 1.26 times
# the cost (docs/benchmarks.md, "A stronger OR rule")
NARROWING = True
BUDGET = 12000
STEP = 5  # connections between two steps of pairs_steps (at most some 40 ms where the OR rule is busiest)
# edge_strips.py: the second-row strips (Hex; on the 1,086 positions MoHex decides, with the
# captured sets: 870 proven against 837, at 0.148 CPU s a position against 0.107) and the
# captured sets of the cells next to a side (docs/benchmarks.md)
STRIPS = True
CAPTURED = True
# edge_strips.py's ladders started from the third and fourth rows (weak too): on the 68 positions
# after our losing moves against MoHex 28 seen won against 24, but on a third of the 1,086 decided
# positions 289 proven either way at 1.5 times the cost (docs/benchmarks.md): off
LADDER_STARTS = False


def _bits(m: int):
    while m:
        low = m & -m
        m ^= low
        yield low.bit_length() - 1


class _Tables:
    """The connections found so far and the queue of those not worked through yet."""

    def __init__(self, sides_from: int):
        self.vc, self.sc = {}, {}  # point -> {point: carriers} (one list shared by both ends)
        self.keys = {}  # (x, y, carrier) of an SC (x < y) -> its key (a cell: the first move)
        self.heap = []
        self.tick = 0
        self.sides_from = sides_from
        self.weak = set()  # (x, y, carrier, semi), x < y: from a strip (edge_strips.py)

    @staticmethod
    def get(table: dict, x: int, y: int):
        row = table.get(x)
        return row.get(y) if row is not None else None

    @staticmethod
    def make(table: dict, x: int, y: int) -> list:
        row = table.get(x)
        if row is None:
            row = table[x] = {}
        lst = row.get(y)
        if lst is None:
            lst = row[y] = []
            table.setdefault(y, {})[x] = lst
        return lst

    def push(self, semi: int, x: int, y: int, carrier: int) -> None:
        self.tick += 1
        heapq.heappush(self.heap, (carrier.bit_count(), self.tick, semi, x, y, carrier))

    def is_weak(self, x: int, y: int, carrier: int, semi: int) -> bool:
        return bool(self.weak) and ((x, y, carrier, semi) if x < y else (y, x, carrier, semi)) in self.weak

    def add_vc(self, x: int, y: int, carrier: int, weak: bool = False) -> None:
        lst = self.make(self.vc, x, y)
        for c in lst:
            if c & ~carrier == 0:
                return
        kept = [c for c in lst if carrier & ~c]
        if len(kept) == len(lst) and len(lst) >= KEEP_VC:  # it replaces none: beyond KEEP_VC,
            if len(lst) >= MAX_VC:  # keep it only if it narrows the intersection
                return
            inter = -1
            for c in lst:
                inter &= c
            if inter & ~carrier == 0:
                return
        lst[:] = kept
        lst.append(carrier)
        if weak:
            self.weak.add((x, y, carrier, 0) if x < y else (y, x, carrier, 0))
        semis = self.get(self.sc, x, y)
        if semis:
            semis[:] = [c for c in semis if carrier & ~c]
        self.push(0, x, y, carrier)

    def add_sc(self, x: int, y: int, carrier: int, key: int, weak: bool = False) -> None:
        row = self.vc.get(x)
        fulls = row.get(y) if row is not None else None
        if fulls:
            for c in fulls:
                if c & ~carrier == 0:
                    return
        row = self.sc.get(x)
        lst = row.get(y) if row is not None else None
        if lst:
            for c in lst:
                if c & ~carrier == 0:
                    return
            if len(lst) >= MAX_SC:
                return
            found = _or_rule(lst, carrier, fulls)
            lst[:] = [c for c in lst if carrier & ~c]
        else:  # (the pair's first SC: nothing to combine it with)
            found = ()
            if lst is None:
                lst = self.make(self.sc, x, y)
        lst.append(carrier)
        self.keys[(x, y, carrier) if x < y else (y, x, carrier)] = key
        if weak:
            self.weak.add((x, y, carrier, 1) if x < y else (y, x, carrier, 1))
        self.tick += 1
        heapq.heappush(self.heap, (carrier.bit_count(), self.tick, 1, x, y, carrier))
        if found:  # (an OR over a weak SC is weak: any of the pair's, to be safe)
            weak = weak or any(self.is_weak(x, y, c, 1) for c in lst)
        for union in found:
            self.add_vc(x, y, union, weak)


def _combine(lst, inter, union, depth, found, steps):
    """The OR rule's search (``_or_rule``): carriers of ``lst`` with nothing in common.  (A
    module function, not a closure: a closure that calls itself is a reference cycle, left
    for the cyclic collector with everything it holds.)"""
    if not inter:
        found.append(union)
        return
    steps[0] -= 1
    if depth >= MAX_ORS or steps[0] < 0:
        return
    low = inter & -inter  # (some carrier must miss this cell)
    for c in lst:
        if len(found) >= OR_RESULTS:
            return
        if not c & low:
            _combine(lst, inter & c, union | c, depth + 1, found, steps)


def _or_rule(lst: list, carrier: int, fulls=None) -> list:
    """The OR rule for a new SC ``carrier`` of a pair whose SCs are ``lst`` (and VCs ``fulls``):
    the unions of combinations of at most ``MAX_ORS`` of them (the new one first) with nothing
    in common, at most ``OR_RESULTS``, looked for in at most ``MAX_COMBINE`` steps; else the
    greedy pass over every SC of the pair; then :func:`_narrowing`'s."""
    inter = carrier
    for c in lst:
        inter &= c
    if inter:  # (a cell in every carrier: no combination, nor the greedy pass, can miss it)
        return ()
    found = []
    _combine(lst, carrier, carrier, 1, found, [MAX_COMBINE])
    if not found:  # greedily, over every SC of the pair
        inter, union = carrier, carrier
        for c in lst:
            if inter & ~c:
                inter &= c
                union |= c
        if not inter:
            found.append(union)
    if NARROWING:
        cands = -1
        for c in fulls or ():
            cands &= c
        for union in _narrowing(lst, carrier, cands):
            if union not in found:
                found.append(union)
    return found


def _narrowing(lst: list, carrier: int, cands: int = -1) -> list:
    """Benzene's OR rule (``VCOr``, Pawlewicz, Hayward, Henderson and Arneson, "Stronger
    virtual connections in Hex", 2015), for SCs with nothing in common: the union of the SCs
    taken smallest first, each only if it narrows the intersection so far, until it is empty;
    then, for each cell of the unions found so far, the same over the SCs that miss that
    cell: a VC whose carrier misses it, which narrows the intersection of the pair's VCs
    (what must-play regions use).  The search of :func:`_combine` finds many unions, big ones
    first where the list's order puts them first; this finds the small ones that matter.

    ``cands``: the intersection of the pair's VCs (``-1``: none yet, then the first union is
    sought); only its cells outside the new SC are tried (a union missing a cell of the new SC
    does without it, and was there to be found before it came)."""
    semis = sorted((*lst, carrier), key=int.bit_count)
    found = []
    avoid = 0
    if cands != -1:
        cands &= ~carrier
        if not cands:
            return found
        avoid = cands & -cands
    while True:
        inter, union = -1, 0
        for c in semis:
            if c & avoid or inter & ~c == 0:
                continue
            inter &= c
            union |= c
            if not inter:
                break
        if not inter:
            found.append(union)
            cands &= union & ~carrier if cands == -1 else union
        elif avoid:
            cands &= ~avoid
        else:
            return found  # (no union at all: the carriers have a cell in common)
        if not cands:
            return found
        avoid = cands & -cands


def hsearch_pairs(core, stones: int, other: int, player: int, budget: int = BUDGET) -> HResult:
    """The connections of ``player`` (``stones``) against ``other``, every pair of points (see
    the module docstring)."""
    return drain(pairs_steps(core, stones, other, player, budget))


def pairs_steps(core, stones: int, other: int, player: int, budget: int = BUDGET, step: int = STEP):
    """:func:`hsearch_pairs` in steps: a generator that yields (``None``) after every ``step``
    connections worked through and returns the :class:`~.bitboard_hsearch.HResult`, so a
    search in slices can stop between two steps and go on later (:func:`.bitboard_base.drain`
    runs it through)."""
    empty = core.full & ~(stones | other)
    sides = core.goals[player]
    hex_like = len(sides) == 2
    nb = core.nbits
    chains, touch = chains_of(core, stones, sides)
    nchain = len(chains)
    first_side = nb + nchain
    for t in touch:
        if t == (1 << len(sides)) - 1:
            return HResult(0, [], 0, 0, 0)  # (already won)
    tab = _Tables(first_side)
    nmask = core.nmask
    for p in _bits(empty):
        for q in _bits(nmask[p] & empty):
            if q > p:
                tab.add_vc(p, q, 0)
    for a, g in enumerate(chains):
        for p in _bits(core.around(g) & empty):
            tab.add_vc(nb + a, p, 0)
        for i in range(len(sides)):
            if touch[a] >> i & 1:
                tab.add_vc(nb + a, first_side + i, 0)
    for i, side in enumerate(sides):
        for p in _bits(side & empty):
            tab.add_vc(first_side + i, p, 0)
    point = {q: nb + a for a, g in enumerate(chains) for q in _bits(g)}
    for i, p, carrier in template_vcs(core, player, stones, empty):  # (edge_templates.py)
        if empty >> p & 1:
            tab.add_vc(first_side + i, p, carrier)
        elif not touch[point[p] - nb] >> i & 1:
            tab.add_vc(point[p], first_side + i, carrier)
    if hex_like and STRIPS:  # (edge_strips.py: weak, for Hex wins only)
        ladders = strips(core, player, stones, empty)
        if LADDER_STARTS:
            ladders = (*ladders, *ladder_starts(core, player, stones, empty))
        for e, f, carrier in ladders:
            pe, pf = point.get(e, e), point.get(f, f)
            if pe != pf:
                tab.add_vc(pe, pf, carrier, True)
    capture = captured_sets(core, sides, empty) if CAPTURED else {}
    vc, sc, heap = tab.vc, tab.sc, tab.heap
    add_vc, add_sc, pop, key_of, is_weak = tab.add_vc, tab.add_sc, heapq.heappop, tab.keys.get, tab.is_weak
    work = 0
    while heap and work < budget:
        _, _, semi, x, y, carrier = pop(heap)
        lst = (sc if semi else vc)[x].get(y)
        if not lst or carrier not in lst:
            continue  # (replaced by a smaller one since)
        work += 1
        if not work % step:
            yield
        weak = is_weak(x, y, carrier, semi)
        for far, mid in ((x, y), (y, x)):
            if mid >= first_side or (semi and mid < nb):
                continue  # (no AND through a side; through a cell: two VCs)
            far_cell = far < nb
            for w, fulls in vc.get(mid, {}).items():  # (what the loop adds is never mid's)
                if w == far or (w < nb and carrier >> w & 1):
                    continue
                if w >= first_side and far >= first_side and not hex_like:
                    continue  # (Y: two sides joined win nothing)
                for d in fulls:
                    if far_cell and d >> far & 1:
                        continue
                    both = d | carrier
                    if d & carrier:  # (an overlap only in a captured set: edge_strips.py)
                        cap = capture.get(mid, 0) | capture.get(far, 0) | capture.get(w, 0)
                        if not capture or d & carrier & ~cap:
                            continue
                        both |= cap
                    wk = weak or is_weak(mid, w, d, 0)
                    if mid < nb:
                        add_sc(far, w, both | 1 << mid, mid, wk)
                    elif semi:  # (the SC's key is the first move of the joined one)
                        add_sc(far, w, both, key_of((x, y, carrier) if x < y else (y, x, carrier), -1), wk)
                    else:
                        add_vc(far, w, both, wk)
                if mid >= nb and not semi:
                    for d in sc.get(mid, {}).get(w, ()):
                        if not d & carrier and not (far_cell and d >> far & 1):
                            add_sc(far, w, carrier | d, key_of((mid, w, d) if mid < w else (w, mid, d), -1),
                                   weak or is_weak(mid, w, d, 1))
    if hex_like:
        out = _hex_wins(tab, first_side, empty, nb, work, (chains, nchain, vc, sc))
        out.weak = tab.weak
        return out
    rows = range(nb, nb + nchain + len(sides))  # (the anchored search's tables: one row an anchor)
    out = _wins(core, chains, touch, sides, [vc.get(a, {}) for a in rows], [sc.get(a, {}) for a in rows],
                empty, nb, nchain, work)
    out.tables = (chains, nchain, vc, sc)
    return out


def _hex_wins(tab, first_side, empty, nb, work, tables) -> HResult:
    a, b = first_side, first_side + 1
    fulls = tab.get(tab.vc, a, b) or []
    semis = list(tab.get(tab.sc, a, b) or [])
    keys = 0
    for c in semis:
        k = tab.keys.get((a, b, c), -1)
        if 0 <= k < nb:
            keys |= 1 << k
    if fulls:
        out = HResult(min(fulls, key=int.bit_count), semis, keys, 0, work)
    else:
        out = HResult(None, semis, keys, 0, work)
        if semis:
            must, union = empty, 0
            for c in sorted(semis, key=int.bit_count):
                must &= c
                union |= c
                if not must:  # the OR rule over the winning SCs
                    out.vc_win = union
                    break
            out.must = must
    out.tables = tables
    return out
