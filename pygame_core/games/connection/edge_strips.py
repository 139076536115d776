"""Two pieces of edge knowledge for the H-search over every pair of points
(:mod:`.bitboard_hsearch_pairs`), after the Benzene VC builder's (MoHex 2.0): the *captured set*
of a cell next to a side, and the second-row *strip* (a ladder's connection).

**Captured set.**  An empty cell ``z`` on a side's second row whose two cells on the side are
empty: once ``z`` is played, those two are captured (an opponent stone in one, answered in the
other, is dead: its remaining neighbours are next to each other, so it joins nothing of the
opponent's that was not joined already).  So the AND rule through ``z`` (or with ``z`` an
end) may let its two carriers overlap in them: the player answers there, and the connections
hold as if both were its own.  This is an ordinary connection.

**Strip.**  Two cells ``e`` and ``f`` of the same side's second row, each empty or the player's,
with the first two rows between them empty (the second-row cells ``h1 … hk-1`` between, the
side's cells ``r0 … rk-1`` under each neighbouring two of ``e, h1, …, f``, and the side's cell
beyond ``f``; of ``e``'s own, one free: ``r0`` or the one behind; with ``BOTH_FREE``, when
both are free, a strip with each): played out as a ladder from
``e``, the opponent must take each ``ri`` or let that stone reach the side, and the ladder
reaches ``f``.  The strip is *not* a connection of ``e`` and ``f`` (two stones across it cut
it), but it holds in a weaker sense: **joined, or both joined to that side**.  In Hex that is
enough for the win: a chain from one side to the other that passes through a cut strip still
has a half joined to the side the strip runs along, and the other half reaches the other side.
The H-search keeps what it derives from a strip apart (``HResult.weak``) and uses it only for
Hex wins; ``tests/test_hsearch_pairs.py`` checks each in its own sense against brute force.
MoHex's VC builder has the same (its second-row ladder patterns): on the 68 positions right
after our losing moves against it, those patterns decide 46 of its 48 wins, none 22
(``benchmarks/mohex_blunders.py --vc-patterns``).

**Ladder starts** (:func:`ladder_starts`): a ladder entered from a cell of the third or fourth
row, weak in the same sense (``STARTS``; off in the search by default, see
``bitboard_hsearch_pairs.LADDER_STARTS``).
"""

from __future__ import annotations

# a strip from e with both its side cells free: a carrier with each (off: the first, as before).
# On the 68 positions after our losing moves against MoHex the root's analysis then sees 29, not
# 26; in play against MoHex at 100 playouts 30/60 with it, 36/60 without (docs/benchmarks.md,
# "What the strips still miss"): off
BOTH_FREE = False


def _bits(m: int):
    while m:
        low = m & -m
        m ^= low
        yield low.bit_length() - 1


def second_row(core, side: int) -> int:
    """The cells next to ``side`` and not on it."""
    row = 0
    for q in _bits(side):
        row |= core.nmask[q]
    return row & ~side


def captured_sets(core, sides, empty: int) -> dict:
    """``{z: cells}``: the captured set of each empty cell ``z`` on a side's second row (see the
    module docstring): its two cells on the side, both empty and next to each other, each of
    whose other neighbours (``z`` and the pair aside) are next to each other."""
    nmask, out = core.nmask, {}
    for side in sides:
        for z in _bits(second_row(core, side) & empty):
            pair = nmask[z] & side
            if pair.bit_count() != 2 or pair & ~empty:
                continue
            p = (pair & -pair).bit_length() - 1
            q = (pair & ~(1 << p)).bit_length() - 1
            if not nmask[p] >> q & 1:
                continue
            if all(_clique(nmask, nmask[a] & ~(1 << b | 1 << z)) for a, b in ((p, q), (q, p))):
                out[z] = out.get(z, 0) | pair
    return out


def _clique(nmask, cells: int) -> bool:
    """Whether the (at most two) ``cells`` are next to each other."""
    n = cells.bit_count()
    if n <= 1:
        return True
    if n > 2:
        return False
    a = (cells & -cells).bit_length() - 1
    return bool(nmask[a] & cells & ~(1 << a))


def _line(row: int, nmask) -> list:
    """The cells of ``row`` in order along the line they make, from one end."""
    cells = list(_bits(row))
    if not cells:
        return []
    ends = [c for c in cells if (nmask[c] & row).bit_count() <= 1]
    out = [ends[0] if ends else cells[0]]
    seen = 1 << out[0]
    while True:
        nxt = nmask[out[-1]] & row & ~seen
        if not nxt:
            return out
        c = (nxt & -nxt).bit_length() - 1
        out.append(c)
        seen |= 1 << c


def strips(core, player: int, stones: int, empty: int):
    """``(e, f, carrier)``: the strips of ``player``'s sides (module docstring), ``e`` and ``f``
    at least two cells apart, each empty or ``player``'s."""
    nmask = core.nmask
    own = stones | empty
    for side in core.goals[player]:
        line = _line(second_row(core, side), nmask)
        n = len(line)
        for order in (line, line[::-1]):
            under = [nmask[order[t]] & nmask[order[t + 1]] & side for t in range(n - 1)]
            for i in range(n - 2):
                e = order[i]
                if not own >> e & 1:
                    continue
                frees = [m for m in (under[i] & empty, nmask[e] & side & ~under[i] & empty) if m]
                if not frees:
                    continue
                if not BOTH_FREE:
                    frees = frees[:1]
                for f, carrier in _run(order, under, side, i, i + 2, nmask, own, empty):
                    for free in frees:  # (either of e's side cells starts the ladder: a carrier each)
                        yield e, f, (free & -free) | carrier


def ladder_starts(core, player: int, stones: int, empty: int):
    """``(s, f, carrier)``: the ladders of ``player``'s sides started from the third or fourth
    row (:func:`_starts`)."""
    nmask = core.nmask
    own = stones | empty
    for side in core.goals[player]:
        line = _line(second_row(core, side), nmask)
        for order in (line, line[::-1]):
            under = [nmask[order[t]] & nmask[order[t + 1]] & side for t in range(len(order) - 1)]
            yield from _starts(order, under, side, nmask, own, empty)


def _run(order, under, side, i, j0, nmask, own, empty):
    """``(f, carrier)``: the strip along the second row ``order`` from its ``i``-th cell to each
    ``f`` from the ``j0``-th on: the cells between, the side's cells under each neighbouring two
    and the one beyond ``f`` (``e``'s own side cells left to the caller)."""
    mid = 0
    for j in range(i + 1, len(order)):
        if j > i + 1:
            h, r = order[j - 1], under[j - 1]
            if not empty >> h & 1 or not r or r & ~empty:
                return  # (the strip's cells so far must be empty)
            mid |= 1 << h | r
        if j < j0:
            continue
        f = order[j]
        beyond = nmask[f] & side & ~under[j - 1]
        if own >> f & 1 and beyond and not beyond & ~empty:
            yield f, mid | beyond


# The ladder starts (:func:`_starts`): ``(row of s, cells)``, each cell ``(row, column)`` with
# the column counted from ``s``'s back along the ladder (row 1 the side's; a second-row cell
# ``x`` lies between the side's cells ``x - 1`` and ``x``, a cell of a row above between that
# row's cells ``x - 1`` and ``x`` below it).  The ladder's strip runs on from the second-row
# cell of column 0.  ``tests/test_edge_strips.py`` checks each against brute force.
STARTS = (
    (3, ((2, -1), (2, 0), (1, -2), (1, -1), (1, 0))),
    (4, ((4, -1), (3, -3), (3, -2), (3, -1), (3, 0), (2, -4), (2, -3), (2, -2), (2, -1), (2, 0),
         (1, -5), (1, -4), (1, -3), (1, -2), (1, -1), (1, 0))),
)


def _rows(order, under, side, nmask, upto: int) -> list:
    """The first ``upto`` rows of the side as lists by column (see ``STARTS``): row 1 the side's
    cells (column ``-1`` the one behind the first second-row cell, stored last), row 2
    ``order``; ``None`` where a row has no such cell."""
    n = len(order)
    first = nmask[order[0]] & side & ~(under[0] if under else 0)
    rows = [None, list(under) + [first & -first if first else 0], list(order)]
    below, done = rows[2], side
    for _ in range(3, upto + 1):
        done |= sum(1 << c for c in below if c is not None)
        row = [None]
        for x in range(1, n):
            p, q = below[x - 1], below[x]
            common = nmask[p] & nmask[q] & ~done if p is not None and q is not None else 0
            row.append((common & -common).bit_length() - 1 if common else None)
        rows.append(row)
        below = row
    return rows


def _starts(order, under, side, nmask, own, empty):
    """``(s, f, carrier)``: a ladder started from the third or fourth row (``STARTS``): ``s``
    (empty or the player's) with the cells of its piece empty, and a strip from the piece's
    second-row cell of ``s``'s column on to ``f`` (next to it or farther).  Weak in the strips'
    sense: played out, an opponent stone in the piece is answered so that ``s`` reaches the
    side (then ``s`` and the strip's far end are both joined to it) or the ladder's row; the
    strip does the rest.  MoHex's VC builder has the same pieces (``row2start3``,
    ``row2start5``): with them it sees 42 of the 68 positions after our losing moves, 33
    without (``benchmarks/mohex_blunders.py --vc-patterns``)."""
    rows = _rows(order, under, side, nmask, 4)
    n = len(order)
    for height, piece in STARTS:
        for x in range(1, n - 1):
            s = rows[height][x] if x < len(rows[height]) else None
            if s is None or not own >> s & 1:
                continue
            cells = 0
            for r, dx in piece:
                if r == 1:  # (the side's cells, as masks; column -1 stored last)
                    c = rows[1][x + dx] if -1 <= x + dx < n - 1 else 0
                    if not c or c & ~empty:
                        break
                    cells |= c
                    continue
                c = rows[r][x + dx] if 0 <= x + dx < n else None
                if c is None or not empty >> c & 1:
                    break
                cells |= 1 << c
            else:
                for f, carrier in _run(order, under, side, x, x + 1, nmask, own, empty):
                    yield s, f, cells | carrier
