"""Local patterns of Hex cells for move priors: the six neighbours of an empty cell as the
player to move sees them, and a learned weight per pattern (``build_scripts/learn_patterns.py``).

A cell's *pattern* reads its six neighbours in a fixed cyclic order, each as one of five states
from the point of view of the player to move: empty, its stone, the opponent's stone, off the
board on one of its own sides, off the board on one of the opponent's sides (beyond both, at a
corner: its own).  Red's board is
read transposed (``x`` and ``y`` swapped: the same geometry as Blue's, the cyclic order
reversed), and a pattern and its half-turn (the same six read from the opposite neighbour) are
one pattern: the smaller code.  So a pattern means the same for both players, anywhere on any
board size.  ``weights()`` is the learned table, ``hex_pattern_table.py`` (``None`` while no table
is shipped: the search's ``pattern_prior`` hook then does nothing).
"""

from __future__ import annotations

# the six neighbour directions (dx, dy) of the hex grid (x+1, y-1 and x-1, y+1 are neighbours),
# in cyclic order
DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
EMPTY, MINE, THEIRS, MY_SIDE, THEIR_SIDE = range(5)
CODES = 5 ** 6


def code(cells: list[int], size: int, x: int, y: int, me: int) -> int:
    """The canonical pattern code of empty cell ``(x, y)`` for ``me`` to move (``cells``: the
    rules' board, ``cells[y * size + x]`` the player or -1)."""
    slots = []
    for dx, dy in DIRS:
        if me == 1:  # (Red reads the board transposed)
            dx, dy = dy, dx
        nx, ny = x + dx, y + dy
        if not (0 <= nx < size and 0 <= ny < size):
            slots.append(side(nx, ny, size, me))
            continue
        v = cells[ny * size + nx]
        slots.append(EMPTY if v < 0 else MINE if v == me else THEIRS)
    return canonical(slots)


def side(nx: int, ny: int, size: int, me: int) -> int:
    """The state of an off-board neighbour: Blue's sides are beyond the top and bottom rows,
    Red's beyond the columns; a corner's neighbour beyond both is counted as the mover's (so
    the transposed, colour-swapped board reads the same)."""
    row_out, col_out = not 0 <= ny < size, not 0 <= nx < size
    if row_out and col_out:
        return MY_SIDE
    return MY_SIDE if row_out == (me == 0) else THEIR_SIDE


def canonical(slots: list[int]) -> int:
    a = b = 0
    for i in range(6):
        a = a * 5 + slots[i]
        b = b * 5 + slots[(i + 3) % 6]
    return min(a, b)


def weights():
    """The learned weight of each pattern code (1.0: no better or worse than a cell picked at
    random), or ``None`` if no table has been generated."""
    if not _TABLE:
        try:
            from . import hex_pattern_table
        except ImportError:
            _TABLE.append(None)
        else:
            _TABLE.append(hex_pattern_table.weights())
    return _TABLE[0]


_TABLE: list = []  # the loaded table (once)


_SLOTS: dict = {}


def slots(size: int) -> tuple:
    """Per player, per bit position of :func:`.bitboard.hex_core` (``y * (size + 1) + x``), the
    six neighbour reads of :func:`code`: ``(bit, state)``, ``bit`` -1 for a side (then ``state``
    is the side's), else the neighbour's bit position."""
    out = _SLOTS.get(size)
    if out is None:
        w = size + 1
        out = ([], [])
        for me in (0, 1):
            table = [None] * (size * w)
            for y in range(size):
                for x in range(size):
                    reads = []
                    for dx, dy in DIRS:
                        if me == 1:
                            dx, dy = dy, dx
                        nx, ny = x + dx, y + dy
                        if 0 <= nx < size and 0 <= ny < size:
                            reads.append((ny * w + nx, EMPTY))
                        else:
                            reads.append((-1, side(nx, ny, size, me)))
                    table[y * w + x] = tuple(reads)
            out[me].extend(table)
        out = _SLOTS[size] = (tuple(out[0]), tuple(out[1]))
    return out


def bit_code(reads: tuple, mine: int, theirs: int) -> int:
    """:func:`code` on the bitboard: ``reads`` from :func:`slots`, the two players' stones."""
    a = b = 0
    digits = []
    for bit, state in reads:
        if bit >= 0:
            state = MINE if mine >> bit & 1 else THEIRS if theirs >> bit & 1 else EMPTY
        digits.append(state)
    for i in range(6):
        a = a * 5 + digits[i]
        b = b * 5 + digits[i - 3]
    return a if a < b else b
