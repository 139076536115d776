"""Local patterns of Hex cells for move priors: what surrounds an empty cell as the player to
move sees it, and a learned weight per feature (``build_scripts/learn_patterns.py``).

A cell's *small pattern* reads its six neighbours in a fixed cyclic order, its *large pattern*
those six and then the six bridge cells (two steps away, sharing two neighbours with it) in the
same cyclic order.  Each read is one of five states from the point of view of the player to
move: empty, its stone, the opponent's stone, off the board on one of its own sides, off the
board on one of the opponent's sides (beyond both, at a corner: its own).  Red's board is read
transposed (``x`` and ``y`` swapped: the same geometry as Blue's, the cyclic order reversed), and a
pattern and its half-turn (the same cells read from the opposite side) are one pattern: the
smaller code.  So a pattern means the same for both players, anywhere on any board size.

A cell's third feature is where it lies from the opponent's last move (``near``): a neighbour, a
bridge cell, two steps away in a line, or further.  The learned model (Bradley–Terry, one
strength ``gamma`` per feature value, a cell's strength their product) is ``weights()``, the
table ``hex_pattern_table.py`` in the wheel (``None`` if absent: the search's prior then does
nothing).
"""

from __future__ import annotations

from array import array

# the six neighbour directions (dx, dy) of the hex grid (x+1, y-1 and x-1, y+1 are neighbours),
# in cyclic order; then the six bridge cells, the one between directions i and i+1 at i
DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
BRIDGES = tuple((a[0] + b[0], a[1] + b[1]) for a, b in zip(DIRS, DIRS[1:] + DIRS[:1]))
LINES = tuple((2 * dx, 2 * dy) for dx, dy in DIRS)
SHAPE = DIRS + BRIDGES
EMPTY, MINE, THEIRS, MY_SIDE, THEIR_SIDE = range(5)
CODES = 5 ** 6  # small patterns
FAR, NEIGHBOUR, BRIDGE, LINE = range(4)  # ``near`` classes
NEAR = 4


def side(nx: int, ny: int, size: int, me: int) -> int:
    """The state of an off-board cell: Blue's sides are beyond the top and bottom rows, Red's
    beyond the columns; beyond both (a corner) is the mover's side (so the transposed,
    colour-swapped board reads the same)."""
    row_out, col_out = not 0 <= ny < size, not 0 <= nx < size
    if row_out and col_out:
        return MY_SIDE
    return MY_SIDE if row_out == (me == 0) else THEIR_SIDE


def canonical(d: list[int]) -> tuple[int, int]:
    """The (small, large) codes of twelve reads: each the smaller of the pattern's and its
    half-turn's."""
    a = b = 0
    for i in range(6):
        a = a * 5 + d[i]
        b = b * 5 + d[(i + 3) % 6]
    small = a if a < b else b
    for i in range(6, 12):
        a = a * 5 + d[i]
        b = b * 5 + d[(i - 3) if i >= 9 else i + 3]
    return small, (a if a < b else b)


def reads(cells: list[int], size: int, x: int, y: int, me: int) -> list[int]:
    """The twelve reads of empty cell ``(x, y)`` for ``me`` to move (``cells``: the rules'
    board, ``cells[y * size + x]`` the player or -1)."""
    out = []
    for dx, dy in SHAPE:
        if me == 1:  # (Red reads the board transposed)
            dx, dy = dy, dx
        nx, ny = x + dx, y + dy
        if not (0 <= nx < size and 0 <= ny < size):
            out.append(side(nx, ny, size, me))
            continue
        v = cells[ny * size + nx]
        out.append(EMPTY if v < 0 else MINE if v == me else THEIRS)
    return out


def code(cells: list[int], size: int, x: int, y: int, me: int) -> int:
    """The canonical small pattern code of empty cell ``(x, y)`` for ``me`` to move."""
    return canonical(reads(cells, size, x, y, me))[0]


def codes(cells: list[int], size: int, x: int, y: int, me: int) -> tuple[int, int]:
    """The canonical (small, large) pattern codes of empty cell ``(x, y)`` for ``me``."""
    return canonical(reads(cells, size, x, y, me))


def near(x: int, y: int, lx: int, ly: int) -> int:
    """Where cell ``(x, y)`` lies from the last move ``(lx, ly)`` (the same for both players)."""
    d = (x - lx, y - ly)
    return NEIGHBOUR if d in DIRS else BRIDGE if d in BRIDGES else LINE if d in LINES else FAR


def weights():
    """The learned model ``(small, large, near)``: per small code its strength (a list), per
    large code seen often enough its strength (a dict), per ``near`` class its strength; or
    ``None`` if no table has been generated."""
    if not _TABLE:
        try:
            from . import hex_pattern_table
        except ImportError:
            _TABLE.append(None)
        else:
            _TABLE.append(hex_pattern_table.weights())
    return _TABLE[0]


_TABLE: list = []  # the loaded model (once)
_SLOTS: dict = {}


def slots(size: int) -> tuple:
    """Per player, per bit position of :func:`.bitboard.hex_core` (``y * (size + 1) + x``), the
    twelve reads of :func:`reads`: ``(bit, state)``, ``bit`` -1 off the board (then ``state`` is
    the side's), else the cell's bit position."""
    out = _SLOTS.get(size)
    if out is None:
        w = size + 1
        out = ([], [])
        for me in (0, 1):
            table = [None] * (size * w)
            for y in range(size):
                for x in range(size):
                    cell = []
                    for dx, dy in SHAPE:
                        if me == 1:
                            dx, dy = dy, dx
                        nx, ny = x + dx, y + dy
                        if 0 <= nx < size and 0 <= ny < size:
                            cell.append((ny * w + nx, EMPTY))
                        else:
                            cell.append((-1, side(nx, ny, size, me)))
                    table[y * w + x] = tuple(cell)
            out[me].extend(table)
        out = _SLOTS[size] = (tuple(out[0]), tuple(out[1]))
    return out


def bit_codes(cell_reads: tuple, mine: int, theirs: int) -> tuple[int, int]:
    """:func:`codes` on the bitboard: ``cell_reads`` from :func:`slots`, the two players' stones."""
    d = []
    for bit, state in cell_reads:
        if bit >= 0:
            state = MINE if mine >> bit & 1 else THEIRS if theirs >> bit & 1 else EMPTY
        d.append(state)
    return canonical(d)


def bit_code(cell_reads: tuple, mine: int, theirs: int) -> int:
    """:func:`code` on the bitboard."""
    return bit_codes(cell_reads, mine, theirs)[0]


_AROUND: dict = {}


def around(size: int) -> tuple:
    """Per bit position ``q`` of Hex ``size``: ``(influence, near)``: the mask of the cells whose
    twelve reads include ``q`` (the shape is symmetric, and the same for both players), and the
    ``(p, class)`` of the cells within two steps of ``q`` (its :func:`near` classes)."""
    out = _AROUND.get(size)
    if out is None:
        w = size + 1
        out = [(0, ())] * (size * w)
        for y in range(size):
            for x in range(size):
                mask, close = 0, []
                for dx, dy in SHAPE + LINES:
                    nx, ny = x + dx, y + dy
                    if 0 <= nx < size and 0 <= ny < size:
                        if (dx, dy) in SHAPE:
                            mask |= 1 << (ny * w + nx)
                        close.append((ny * w + nx, near(nx, ny, x, y)))
                out[y * w + x] = (mask, tuple(close))
        out = _AROUND[size] = tuple(out)
    return out


def base_strengths(model, size: int, mine: int, theirs: int, empty: int, me: int, grand=None,
                   moved: tuple = ()) -> array:
    """Per bit position of a Hex bitboard, the strength of its small and large patterns for ``me``
    to move (0 off the empty cells).  With ``grand``, the same player's array two plies up, and
    ``moved``, the two cells taken since, only the cells within reach of those are read again."""
    small, large, _ = model
    table = slots(size)[me]
    if grand is None:
        out = array("f", bytes(4 * len(table)))
        cells = empty
    else:
        out = array("f", grand)
        infl = around(size)
        cells = 0
        for q in moved:
            out[q] = 0.0
            cells |= infl[q][0]
        cells &= empty
    get = large.get
    while cells:
        low = cells & -cells
        cells ^= low
        p = low.bit_length() - 1
        c6, c12 = bit_codes(table[p], mine, theirs)
        out[p] = small[c6] * get(c12, 1.0)
    return out


def strengths(model, size: int, mine: int, theirs: int, empty: int, me: int, last: int) -> dict:
    """Per empty cell (bit position) of a Hex bitboard, its strength under ``model`` (from
    :func:`weights`) for ``me`` to move; ``last`` the bit position of the opponent's last move
    (-1: none)."""
    base = base_strengths(model, size, mine, theirs, empty, me)
    nearw = model[2]
    factor = dict(around(size)[last][1]) if last >= 0 else {}
    out = {}
    e = empty
    while e:
        low = e & -e
        e ^= low
        p = low.bit_length() - 1
        out[p] = base[p] * nearw[factor.get(p, FAR)] if last >= 0 else base[p]
    return out
