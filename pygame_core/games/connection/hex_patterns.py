"""Local patterns of cells on a hex grid (Hex, and Y's regular triangles) for move priors: what
surrounds an empty cell as the player to move sees it, and a learned weight per feature
(``build_scripts/learn_patterns.py``).

A cell's *small pattern* reads its six neighbours in a fixed cyclic order, its *large pattern*
those six and then the six bridge cells (two steps away, sharing two neighbours with it) in the
same cyclic order.  Each read is one of five states from the point of view of the player to
move: empty, its stone, the opponent's stone, off the board on one of its own sides, off the
board on one of the opponent's sides.

* **Hex** (``n x n``): Blue's sides are beyond the top and bottom rows, Red's beyond the columns
  (beyond both, at a corner: the mover's).  Red's board is read transposed (``x`` and ``y``
  swapped: the same geometry as Blue's, the cyclic order reversed), and a pattern and its
  half-turn are one pattern: the smaller code.
* **Y** (the regular triangle of side ``n``, cells ``x + y < n``): every side belongs to both
  players, so an off-board read is always "its own side", and a pattern is one with all its
  turns and reflections (twelve: the smallest code; cached, as a position has few patterns).

So a pattern means the same for both players, anywhere on any board size.  A cell's third
feature is where it lies from the opponent's last move (``near``): a neighbour, a bridge cell,
two steps away in a line, or further.  The learned model (Bradley–Terry, one strength ``gamma``
per feature value, a cell's strength their product) is ``weights(kind)``, the tables
``games/hex/pattern_table.py`` and ``games/y/pattern_table.py`` in the wheel (``None`` if absent: the
search's prior then does nothing).
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
HEX, Y = "hex", "y"


class Geometry:
    """One board's pattern geometry: ``kind`` (``"hex"`` or ``"y"``) and ``size``; the cells
    ``(x, y)`` on it, the bit position ``y * (size + 1) + x`` of the bitboard core
    (:mod:`.bitboard`), and how an off-board cell reads."""

    def __init__(self, kind: str, size: int):
        if kind not in (HEX, Y):
            raise ValueError(f"no patterns for {kind[:20]!r}")
        self.kind, self.size, self.width = kind, size, size + 1
        self.cells = [(x, y) for y in range(size) for x in range(size) if self.on(x, y)]
        self.canonical = canonical if kind == HEX else canonical_turns
        self.slots = self.around = None  # (built on first use)

    def on(self, x: int, y: int) -> bool:
        return 0 <= x < self.size and 0 <= y < self.size and (self.kind == HEX or x + y < self.size)

    def side(self, nx: int, ny: int, me: int) -> int:
        """The state of an off-board cell for ``me`` to move."""
        if self.kind == Y:
            return MY_SIDE
        return side(nx, ny, self.size, me)

    def turn(self, dx: int, dy: int, me: int) -> tuple[int, int]:
        """An offset as ``me`` reads it (Hex: Red reads the board transposed)."""
        return (dy, dx) if me == 1 and self.kind == HEX else (dx, dy)


_GEOMETRIES: dict = {}


def geometry(kind, size: int | None = None) -> Geometry:
    """The (cached) :class:`Geometry` of a board; an int alone is a Hex board of that size."""
    if isinstance(kind, Geometry):
        return kind
    if size is None:
        kind, size = HEX, kind
    g = _GEOMETRIES.get((kind, size))
    if g is None:
        g = _GEOMETRIES[(kind, size)] = Geometry(kind, size)
    return g


def side(nx: int, ny: int, size: int, me: int) -> int:
    """Hex: the state of an off-board cell; beyond both a row and a column (a corner) is the
    mover's side (so the transposed, colour-swapped board reads the same)."""
    row_out, col_out = not 0 <= ny < size, not 0 <= nx < size
    if row_out and col_out:
        return MY_SIDE
    return MY_SIDE if row_out == (me == 0) else THEIR_SIDE


def canonical(d: list[int]) -> tuple[int, int]:
    """Hex: the (small, large) codes of twelve reads, each the smaller of the pattern's and its
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


def _turns() -> tuple:
    """The twelve symmetries of a cell's twelve reads (six turns, each also reflected): per
    symmetry, the read each new position takes (``new[T(i)] = d[i]``; bridge ``i`` lies between
    directions ``i`` and ``i + 1``, so under ``T`` between ``T(i)`` and ``T(i + 1)``)."""
    out = []
    for flip in (False, True):
        for k in range(6):
            t = [(k - i) % 6 if flip else (i + k) % 6 for i in range(6)]
            src = [0] * 12
            for i in range(6):
                src[t[i]] = i
                a, b = t[i], t[(i + 1) % 6]
                bridge = a if (a + 1) % 6 == b else b  # (the bridge between a and b)
                src[6 + bridge] = 6 + i
            out.append(tuple(src))
    return tuple(out)


TURNS = _turns()
_TURNED: dict = {}  # raw twelve-read code -> canonical (small, large) under the twelve symmetries


def canonical_turns(d: list[int]) -> tuple[int, int]:
    """Y: the (small, large) codes of twelve reads, each the smallest of its twelve turns and
    reflections."""
    raw = 0
    for v in d:
        raw = raw * 5 + v
    out = _TURNED.get(raw)
    if out is None:
        small = large = 5 ** 12
        for src in TURNS:
            a = 0
            for i in range(6):
                a = a * 5 + d[src[i]]
            if a < small:
                small = a
            for i in range(6, 12):
                a = a * 5 + d[src[i]]
            if a < large:
                large = a
        out = _TURNED[raw] = (small, large)
    return out


def reads(cells: list[int], geo, x: int, y: int, me: int) -> list[int]:
    """The twelve reads of empty cell ``(x, y)`` for ``me`` to move (``geo``: a
    :class:`Geometry`, or Hex's size; ``cells[y * size + x]``: the player or -1)."""
    geo = geometry(geo)
    size = geo.size
    out = []
    for dx, dy in SHAPE:
        dx, dy = geo.turn(dx, dy, me)
        nx, ny = x + dx, y + dy
        if not geo.on(nx, ny):
            out.append(geo.side(nx, ny, me))
            continue
        v = cells[ny * size + nx]
        out.append(EMPTY if v < 0 else MINE if v == me else THEIRS)
    return out


def codes(cells: list[int], geo, x: int, y: int, me: int) -> tuple[int, int]:
    """The canonical (small, large) pattern codes of empty cell ``(x, y)`` for ``me``."""
    geo = geometry(geo)
    return geo.canonical(reads(cells, geo, x, y, me))


def code(cells: list[int], geo, x: int, y: int, me: int) -> int:
    """The canonical small pattern code of empty cell ``(x, y)`` for ``me`` to move."""
    return codes(cells, geo, x, y, me)[0]


def near(x: int, y: int, lx: int, ly: int) -> int:
    """Where cell ``(x, y)`` lies from the last move ``(lx, ly)`` (the same for both players)."""
    d = (x - lx, y - ly)
    return NEIGHBOUR if d in DIRS else BRIDGE if d in BRIDGES else LINE if d in LINES else FAR


_TABLES: dict = {}  # kind -> the loaded model, or None


def weights(kind: str = HEX):
    """The learned model of ``kind`` (``"hex"``, ``"y"``) ``(small, large, near)``: per small
    code its strength (a list), per large code seen often enough its strength (a dict), per
    ``near`` class its strength; or ``None`` if no table has been generated."""
    if kind not in _TABLES:
        try:
            if kind == HEX:
                from ..hex import pattern_table as table
            else:
                from ..y import pattern_table as table
        except ImportError:
            _TABLES[kind] = None
        else:
            _TABLES[kind] = decode(table.DATA)
    return _TABLES[kind]


def decode(data: tuple) -> tuple:
    """A table's ``DATA`` (base64 lines of the zlib-compressed bytes the learner writes) as the
    model ``(small: list, large: dict, near: tuple)``: the small codes' strengths, the large
    codes (sorted, as LEB128 gaps) and theirs, then the third feature's to the end; one byte a
    strength, ``round(16 * log2(gamma)) + 128``.  The third feature is the ``near`` class, or
    (:func:`classes_per_near` above 1) the near class times that many classes plus the cell's
    two-distance class pair (:func:`.twodist.cell_classes`)."""
    import base64
    import struct
    import zlib
    raw = zlib.decompress(base64.b64decode("".join(data)))
    n_small, n_large = struct.unpack_from("<II", raw)
    at = 8
    small = [2.0 ** ((b - 128) / 16) for b in raw[at:at + n_small]]
    at += n_small
    codes, c = [], 0
    for _ in range(n_large):
        d = shift = 0
        while True:
            b = raw[at]
            at += 1
            d |= (b & 0x7F) << shift
            shift += 7
            if b < 0x80:
                break
        c += d
        codes.append(c)
    large = {c: 2.0 ** ((b - 128) / 16) for c, b in zip(codes, raw[at:at + n_large])}
    at += n_large
    near = tuple(2.0 ** ((b - 128) / 16) for b in raw[at:])
    if not near or len(near) % NEAR:
        raise ValueError("a pattern table's third feature: not a multiple of the near classes")
    return small, large, near


def classes_per_near(model) -> int:
    """How many two-distance class pairs a ``model``'s third feature crosses with each ``near``
    class: 1 (none: the feature is ``near`` alone) or ``twodist.K ** 2``."""
    return len(model[2]) // NEAR


def slots(geo) -> tuple:
    """Per player, per bit position of the bitboard core (``y * (size + 1) + x``), the twelve
    reads of :func:`reads`: ``(bit, state)``, ``bit`` -1 off the board (then ``state`` is the
    side's), else the cell's bit position (``None`` at a position off the board)."""
    geo = geometry(geo)
    if geo.slots is None:
        w, out = geo.width, ([], [])
        for me in (0, 1):
            table = [None] * (geo.size * w)
            for x, y in geo.cells:
                cell = []
                for dx, dy in SHAPE:
                    dx, dy = geo.turn(dx, dy, me)
                    nx, ny = x + dx, y + dy
                    if geo.on(nx, ny):
                        cell.append((ny * w + nx, EMPTY))
                    else:
                        cell.append((-1, geo.side(nx, ny, me)))
                table[y * w + x] = tuple(cell)
            out[me].extend(table)
        geo.slots = (tuple(out[0]), tuple(out[1]))
    return geo.slots


def bit_codes(cell_reads: tuple, mine: int, theirs: int, canon=canonical) -> tuple[int, int]:
    """:func:`codes` on the bitboard: ``cell_reads`` from :func:`slots`, the two players'
    stones; ``canon`` the geometry's ``canonical`` (Hex's by default)."""
    d = []
    for bit, state in cell_reads:
        if bit >= 0:
            state = MINE if mine >> bit & 1 else THEIRS if theirs >> bit & 1 else EMPTY
        d.append(state)
    return canon(d)


def bit_code(cell_reads: tuple, mine: int, theirs: int, canon=canonical) -> int:
    """:func:`code` on the bitboard."""
    return bit_codes(cell_reads, mine, theirs, canon)[0]


def around(geo) -> tuple:
    """Per bit position ``q``: ``(influence, near)``: the mask of the cells whose twelve reads
    include ``q`` (the shape is symmetric, and the same for both players), and the
    ``(p, class)`` of the cells within two steps of ``q`` (its :func:`near` classes)."""
    geo = geometry(geo)
    if geo.around is None:
        w = geo.width
        out = [(0, ())] * (geo.size * w)
        for x, y in geo.cells:
            mask, close = 0, []
            for dx, dy in SHAPE + LINES:
                nx, ny = x + dx, y + dy
                if geo.on(nx, ny):
                    if (dx, dy) in SHAPE:
                        mask |= 1 << (ny * w + nx)
                    close.append((ny * w + nx, near(nx, ny, x, y)))
            out[y * w + x] = (mask, tuple(close))
        geo.around = tuple(out)
    return geo.around


def base_strengths(model, geo, mine: int, theirs: int, empty: int, me: int, grand=None,
                   moved: tuple = ()) -> array:
    """Per bit position of a bitboard, the strength of its small and large patterns for ``me``
    to move (0 off the empty cells).  With ``grand``, the same player's array two plies up, and
    ``moved``, the two cells taken since, only the cells within reach of those are read again."""
    geo = geometry(geo)
    small, large, _ = model
    table = slots(geo)[me]
    if grand is None:
        out = array("f", bytes(4 * len(table)))
        cells = empty
    else:
        out = array("f", grand)
        infl = around(geo)
        cells = 0
        for q in moved:
            out[q] = 0.0
            cells |= infl[q][0]
        cells &= empty
    get, canon = large.get, geo.canonical
    while cells:
        low = cells & -cells
        cells ^= low
        p = low.bit_length() - 1
        c6, c12 = bit_codes(table[p], mine, theirs, canon)
        out[p] = small[c6] * get(c12, 1.0)
    return out


def third(model, geo, empty: int, last: int, pairs=None) -> dict:
    """Per empty cell (bit position), the strength of its third feature under ``model``:
    where it lies from ``last`` (the opponent's last move; -1: none, every cell far), crossed
    with its two-distance class pair from ``pairs`` (:func:`.twodist.cell_classes`) where the
    model has them."""
    nearw, per = model[2], classes_per_near(model)
    if per > 1 and pairs is None:
        raise ValueError("this model crosses the two-distance classes: give the cells' pairs")
    close = dict(around(geo)[last][1]) if last >= 0 else {}
    get = close.get
    out = {}
    while empty:
        low = empty & -empty
        empty ^= low
        p = low.bit_length() - 1
        out[p] = nearw[get(p, FAR) * per + pairs[p]] if per > 1 else nearw[get(p, FAR)]
    return out


def strengths(model, geo, mine: int, theirs: int, empty: int, me: int, last: int, pairs=None) -> dict:
    """Per empty cell (bit position), its strength under ``model`` (from :func:`weights`) for
    ``me`` to move; ``last`` the bit position of the opponent's last move (-1: none);
    ``pairs`` the cells' two-distance class pairs if the model crosses them in."""
    base = base_strengths(model, geo, mine, theirs, empty, me)
    return {p: base[p] * f for p, f in third(model, geo, empty, last, pairs).items()}


def relative(model, geo, base, empty: int, n: int, last: int, pairs=None) -> array:
    """Per bit position, the strength of a cell over the mean of the ``n`` empty cells (0 off
    them): ``base`` from :func:`base_strengths`, times :func:`third`'s."""
    if classes_per_near(model) > 1:
        rs = array("f", bytes(4 * len(base)))
        total = 0.0
        for p, f in third(model, geo, empty, last, pairs).items():
            rs[p] = v = base[p] * f
            total += v
        scale = n / total
        return array("f", (r * scale for r in rs))
    nearw = model[2]  # (near alone: the far cells' factor once, the close cells' apart)
    far = nearw[FAR]
    close = around(geo)[last][1] if last >= 0 else ()
    total = sum(base) * far
    for p, c in close:
        total += base[p] * (nearw[c] - far)
    scale = n / total
    f = far * scale
    rs = array("f", (b * f for b in base))
    for p, c in close:
        rs[p] = base[p] * nearw[c] * scale
    return rs
