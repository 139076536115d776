"""Queenbee's two-distance on the bitboards (van Rijswijck, 2000), bit-parallel: a global feature
of Hex positions for the learned move prior (:mod:`.hex_patterns`).

The *two-distance* of an empty cell to one of player P's sides is 1 on a cell of the side's row
(or next to a P chain touching that row), else 1 + the second smallest two-distance among its
neighbours: the opponent blocks P's best way each time.  P's chains are passed through (an empty
cell's neighbours include the empty cells around each P chain next to it); the opponent's stones
are walls.  A cell that never has two known neighbours cannot reach the side (:data:`FAR`).  A
cell's *sum* is its two-distances to P's two sides, P's *potential* the smallest sum, and the
cell's *class* its sum minus the potential, capped at ``K - 1``: 0 on P's best ways.

The definition computes one level at a time with a loop over the cells; here each level is a few
whole-board operations: an unknown cell joins the level when two of the six shifts of the known
set hit it, or it lies next to a P chain with two known cells around it, or next to a chain with
one (``a``) and also next to a known cell other than ``a`` or to a chain whose one is another.
``tests/test_twodist.py`` checks it against the cell loop on random positions.  Hex boards only
(a hex-grid embedding with two sides a player).
"""

from __future__ import annotations

K = 4  # classes a player: a cell's sum minus the potential, 0 to K - 1 (and beyond)
FAR = 50  # the two-distance of a cell that cannot reach the side


def _bits(m: int):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def levels(core, own: int, opp: int, side: int) -> list[int]:
    """The two-distance of the empty cells to ``side`` (a mask of a row) for the player of
    ``own`` as masks: ``out[d - 1]`` the cells at ``d``; the empty cells left out cannot reach it."""
    w, full, nm = core.width, core.full, core.nmask
    empty = full & ~(own | opp)
    chains, seen = [], 0  # per own chain next to an empty cell: its empty cells around
    for s in _bits(own):
        if not seen >> s & 1:
            g = core.flood(1 << s, own)
            seen |= g
            libs = core.around(g) & empty
            if libs:
                chains.append((libs, bool(g & side)))
    known = side & empty
    for libs, at_side in chains:
        if at_side:
            known |= libs
    out = [known]
    unknown = empty & ~known
    while unknown:
        k = known
        one = two = 0
        for s in (k << 1, k >> 1, k << w, k >> w, k >> 1 << w, k << 1 >> w):
            two |= one & s
            one |= s
        new = two
        if chains:
            singles = {}  # a known cell -> the cells around the chains whose only known cell around it is
            for libs, _ in chains:
                hit = libs & k
                if not hit or not libs & unknown:
                    continue
                if hit & (hit - 1):
                    new |= libs
                else:
                    singles[hit] = singles.get(hit, 0) | libs
            once = 0
            for a, m in singles.items():  # with another known neighbour, or another single
                new |= m & (one & ~nm[a.bit_length() - 1] | once)
                once |= m
        new &= unknown
        if not new:
            break
        out.append(new)
        known |= new
        unknown &= ~new
    return out


def classes(core, own: int, opp: int, player: int) -> list[int]:
    """``K`` masks of the empty cells: ``out[k]`` those whose sum for ``player`` (``own`` its
    stones) is the potential plus ``k`` (the last: plus ``K - 1`` or more, or no way at all)."""
    empty = core.full & ~(own | opp)
    a = levels(core, own, opp, core.goals[player][0])
    b = levels(core, own, opp, core.goals[player][1])
    ra, rb = empty, empty  # the cells that cannot reach a side are FAR from it
    for m in a:
        ra &= ~m
    for m in b:
        rb &= ~m
    a = list(enumerate(a, 1)) + [(FAR, ra)]
    b = list(enumerate(b, 1)) + [(FAR, rb)]
    pot = None
    for i, ma in a:
        if not ma:
            continue
        for j, mb in b:
            if ma & mb:
                if pot is None or i + j < pot:
                    pot = i + j
                break
    out = [0] * K
    if pot is None:
        out[0] = empty
        return out
    at_b = dict(b)
    rest = empty
    for k in range(K - 1):
        m = 0
        for i, ma in a:
            mb = at_b.get(pot + k - i)
            if mb:
                m |= ma & mb
        out[k] = m
        rest &= ~m
    out[K - 1] = rest
    return out


def cell_classes(core, mine: int, theirs: int, me: int) -> dict:
    """Per empty cell (bit position), its two-distance class pair for ``me`` to move as one
    number below ``K * K``: the mover's class times ``K`` plus the opponent's."""
    out = {}
    cm = classes(core, mine, theirs, me)
    co = classes(core, theirs, mine, 1 - me)
    for i, m in enumerate(cm):
        for j, o in enumerate(co):
            for p in _bits(m & o):
                out[p] = i * K + j
    return out
