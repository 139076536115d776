"""Captured sets: small sets of empty cells one player may fill, by a local game solved exactly.

:mod:`.bitboard_ica` fills *captured pairs*: two cells where an opponent stone in one is dead
once the player answers in the other.  This module widens the rule to a set ``S`` of up to
``size`` empty cells (connected, each with a full ring of neighbours by the rules of
:class:`.bitboard_ica.Geometry`):

**Rule.**  ``S`` is *captured* by player ``P`` when ``P`` has a second-player strategy inside
``S`` (the opponent ``O`` plays a cell of ``S``, ``P`` answers with another while one is left)
after which, ``S`` full, every ``O`` stone in ``S`` can be turned into ``P``'s one at a time,
each dead by the neighbourhood rule when it is turned (the six slots around it, the rest of the
board as it stands: stones, edges, and empty cells that match only "anything").

**Proof.**  Let ``X`` be the position and ``X'`` the same with ``S`` filled for ``P``.  ``P``
plays in ``X`` by its strategy in ``X'``, except that it answers ``O``'s moves in ``S`` inside
``S`` (an unanswered move of ``O`` that fills ``S``'s last cell gives ``P`` a free move: a stone
never hurts in a connection game).  At the end the board is full; ``S`` holds what the local
game left.  A cell dead by the neighbourhood rule stays dead whatever fills the cells around it
(:mod:`.bitboard_ica`), so the turns hold on the full board: each changes no winner, and after
them the board is a completion of ``X'``, which ``P`` wins if it wins ``X'``.  So ``X`` is worth
at least ``X'`` to ``P``, and no more (``X'`` has extra ``P`` stones).  The pairs of
:mod:`.bitboard_ica` are the case ``|S| = 2``; a captured set stays captured after any move
outside it, so sets without a shared cell can be filled together, and the fill-in runs again
after them (new stones make new patterns).

**Where it looks.**  A cell of ``S`` takes an opponent stone first in some line of play, and a
dead neighbourhood has at least four slots given a colour: so every cell of ``S`` has at most
two empty neighbours outside ``S``, next to each other.  The sets are grown from cells with few
empty neighbours, keeping that bound reachable; each is then solved (a memoized game of at most
``size``! lines).  Dead cells count for the player whose sets are sought (a dead cell's colour
changes no completion's winner).  ``tests/test_captured_sets.py`` checks every fill against an
exhaustive solver on Hex 4x4 and 5x5 and on a regular Y board.  (The *captured set* of
:mod:`.edge_strips` is another thing: the cells a second-row cell's VC may share, from MoHex's
VC builder.)  The search fills these sets where its search over every pair runs (the root:
``ica_sets``), and leaves their cells out of the root's candidates.
"""

from __future__ import annotations

from .bitboard_base import single_bits
from .bitboard_ica import dead_slots, fill_in, geometry

_TABLE = None
# permanently inferior cells (bitboard_perm.py) in this fill-in, where the search over every pair
# runs (the root); bitboard_ica.PERM_INFERIOR: everywhere.  Off: against MoHex neither won more
# (docs/benchmarks.md, "Permanently inferior cells")
PERM_SETS = False


def _table() -> bytes:
    """``dead_slots`` for every neighbourhood, by its base-3 code (slot ``i`` times ``3 ** i``)."""
    global _TABLE
    if _TABLE is None:
        out = bytearray(729)
        for code in range(729):
            out[code] = dead_slots(tuple(code // 3 ** i % 3 for i in range(6)))
        _TABLE = bytes(out)
    return _TABLE


def _rings(core, g) -> dict:
    """Per cell of ``g.cells``: its six slots, each ``(bit, 0)`` for a cell of the board or
    ``(0, colour)`` for an edge (1 Blue, 2 Red), in :class:`.Geometry`'s cyclic order."""
    rings = getattr(core, "_rings", None)
    if rings is None:
        rings = {}
        e0, e1 = g.edge
        for pos in core.positions:
            if not g.cells >> pos & 1:
                continue
            ring = []
            for d, o in enumerate(g.dirs):
                if e0[d] >> pos & 1:
                    ring.append((0, 1))
                elif e1[d] >> pos & 1:
                    ring.append((0, 2))
                else:
                    ring.append((1 << (pos + o), 0))
            rings[1 << pos] = tuple(ring)
        core._rings = rings
    return rings


def _dead(ring, s0: int, s1: int, table: bytes) -> bool:
    code, w = 0, 1
    for bit, edge in ring:
        code += w * (edge or (1 if s0 & bit else 2 if s1 & bit else 0))
        w *= 3
    return table[code] == 1


def _settles(cells, rings, mine: int, theirs: int, player: int, table: bytes) -> bool:
    """Can every opponent stone among ``cells`` be turned, one dead cell at a time?"""
    left = [c for c in cells if theirs & c]
    while left:
        for c in left:
            s0, s1 = (mine, theirs) if player == 0 else (theirs, mine)
            if _dead(rings[c], s0, s1, table):
                theirs &= ~c
                mine |= c
                left.remove(c)
                break
        else:
            return False
    return True


def captured(core, mine: int, theirs: int, player: int, cells: list, rings=None) -> bool:
    """Is the set of empty ``cells`` (single bits) captured by ``player`` (module docstring),
    ``mine`` and ``theirs`` its and the opponent's stones?"""
    g = geometry(core)
    if not g or not cells:
        return False
    rings = rings or _rings(core, g)
    if any(c not in rings for c in cells):
        return False
    return _holds_set((cells, rings, player, _table(), {}), mine, theirs)


def _holds_set(ctx, m: int, t: int) -> bool:
    """``captured``'s local game, the opponent to move inside the set (a module function: a
    closure calling itself would be a reference cycle, left for the cyclic collector)."""
    cells, rings, player, table, memo = ctx
    key = (m, t)
    if key in memo:
        return memo[key]
    free = [c for c in cells if not (m | t) & c]
    ok = True
    for c in free:
        t2 = t | c
        if len(free) == 1:
            ok = _settles(cells, rings, m, t2, player, table)
        else:
            ok = any(_holds_set(ctx, m | r, t2) for r in free if r != c)
        if not ok:
            break
    if not free:  # (the set full after the player's answer)
        ok = _settles(cells, rings, m, t, player, table)
    memo[key] = ok
    return ok


def _neighbours(rings, c: int) -> int:
    out = 0
    for bit, _ in rings[c]:
        out |= bit
    return out


def _loose(rings, c: int, empty: int, inside: int) -> int:
    """How many of ``c``'s empty neighbours outside ``inside`` must still join the set: all but
    two (and all but one if the two left are not next to each other)."""
    ring = rings[c]
    out = [i for i, (bit, _) in enumerate(ring) if bit & empty and not bit & inside]
    if len(out) <= 1:
        return 0
    if len(out) == 2:
        return 0 if (out[0] - out[1]) % 6 in (1, 5) else 1
    return len(out) - 2


def captured_sets(core, mine: int, theirs: int, player: int, size: int = 4) -> list[int]:
    """Captured sets of ``player`` (``mine`` its stones, dead cells best counted in), of 3 to
    ``size`` empty cells, without a shared cell: the first found of
    each cell, smallest sets first."""
    g = geometry(core)
    if not g or size < 3:
        return []
    rings = _rings(core, g)
    empty = core.full & ~(mine | theirs)
    cand = 0
    for c in rings:
        if c & empty and _loose(rings, c, empty, 0) <= size - 1:
            cand |= c
    found, taken, seen = [], 0, set()
    level = []
    left = cand
    while left:
        c = left & -left
        left ^= c
        if _loose(rings, c, empty, c) <= size - 1:
            level.append(c)
    for k in range(2, size + 1):
        grown = []
        for s in level:
            edge = 0
            rest = s
            while rest:
                b = rest & -rest
                rest ^= b
                edge |= _neighbours(rings, b)
            edge &= cand & ~s
            while edge:
                b = edge & -edge
                edge ^= b
                t = s | b
                if t in seen:
                    continue
                seen.add(t)
                cells = single_bits(t)
                need = max(_loose(rings, c, empty, t) for c in cells)
                if need > size - k:
                    continue
                if need == 0 and k >= 3 and not t & taken and captured(core, mine, theirs, player, cells, rings):
                    found.append(t)
                    taken |= t
                    continue
                if k < size:
                    grown.append(t)
        level = grown
    return found


def fill_in_sets(core, s0: int, s1: int, rounds: int = 3, regions: bool = True, size: int = 4,
                 passes: int = 3, perm: bool | None = None) -> tuple[int, int, int]:
    """:func:`.bitboard_ica.fill_in`, then captured sets of each player (dead cells counted its
    own) filled and the fill-in run again, up to ``passes`` times while a set is found."""
    if perm is None:
        perm = PERM_SETS
    f0, f1, dead = fill_in(core, s0, s1, rounds, regions, perm)
    for _ in range(passes):
        grew = False
        for p in (0, 1):
            a, b = s0 | f0, s1 | f1
            mine, theirs = (a | dead, b) if p == 0 else (b | dead, a)
            sets = captured_sets(core, mine, theirs, p, size)
            if sets:
                fill = 0
                for t in sets:
                    fill |= t
                if p == 0:
                    f0 |= fill
                else:
                    f1 |= fill
                grew = True
        if not grew:
            break
        g0, g1, more = fill_in(core, s0 | f0, s1 | f1, rounds, regions, perm)
        f0 |= g0
        f1 |= g1
        dead |= more  # (a dead cell stays dead: the earlier ones are kept)
    return f0, f1, dead & ~(f0 | f1)
