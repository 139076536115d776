"""A fast core for two-player connection games (Hex, Y): positions as bitboards on Python ints.

Every cell of a board is one bit of a Python integer (its *position*), a player's stones are one
integer, and the questions a search asks are answered with a few whole-board integer operations
instead of a loop over cells in Python:

* **flood fill** (the group of a stone, the cells joined to a side): boards drawn on a hex grid
  (Hex, regular Y) put cell ``(x, y)`` at bit ``y * W + x`` with ``W = n + 1`` (one padding
  column, so a shift never wraps a row), and one step of the fill is six shifts of the whole
  frontier; other boards (radial Y) spread through a neighbour mask per cell;
* **a fill playout** (every empty cell filled, players alternating): which cells the player to
  move gets is a uniformly random subset of the right size, drawn as random bits and balanced to
  that size; before it, each player's *bridges* (two stones with two empty common neighbours)
  get one carrier each, the bridge-saving reply of a playout that answers every intrusion;
* **the winner of a full board**: one flood fill (Hex: Blue from the top; Y: X's groups on side A);
* **must-play regions**: when a player's groups join its sides through bridges and edge
  templates (a flood fill that also follows each bridge's link), the opponent must play on
  their carriers.

The rules classes (:mod:`pygame_core.games.hex.rules`, :mod:`pygame_core.games.y.rules`) keep
their readable API and give a position to this core with ``bit_state()``; ``tests/test_bitboard.py`` checks the two against each other on
thousands of random games.  The search
(:mod:`pygame_core.games.connection.mcts`) works on it.
"""

from __future__ import annotations

import sys

from .bitboard_base import disjoint
from .bitboard_vc import must_play

# one byte of a mask -> the 32-byte block of eight 32-bit counters it adds one to (SWAR counters)
_SPREAD = tuple(b"".join((1 if (byte >> j) & 1 else 0).to_bytes(4, sys.byteorder) for j in range(8))
                for byte in range(256))


class BitCore:
    """The geometry of one connection board as bits (immutable; shared by every position).

    ``positions[i]`` is the bit of rules cell ``i``; ``goals[p]`` are the side masks player
    ``p`` must join with one group (Hex: two, Y: three); ``width`` is the row width of a hex-grid
    embedding (``None``: use ``neighbours``); ``misere``: the player who connects loses."""

    def __init__(self, positions: list[int], neighbours, goals, width: int | None = None,
                 misere: bool = False):
        self.positions = list(positions)
        self.nbits = max(self.positions) + 1
        self.cell_of = [-1] * self.nbits
        for cell, pos in enumerate(self.positions):
            self.cell_of[pos] = cell
        self.full = sum(1 << p for p in self.positions)
        self.nmask = [0] * self.nbits
        for cell, around in enumerate(neighbours):
            self.nmask[self.positions[cell]] = sum(1 << self.positions[j] for j in around)
        self.goals = tuple(tuple(g) for g in goals)
        self.width = width
        self.misere = misere
        self.moves = None  # the game's move object per bit position (filled by the game)
        self._pool = None  # the PermPool of :meth:`playout`
        # fewest stones a player has with a winning cell next to them (a threat needs as many)
        self.threat_stones = 0
        self.bridge_dirs = ()
        self.patterns = None  # (kind, size) of the local patterns (hex_patterns.py), if any
        self.edge_dirs = ((), ())  # per player: (second line of a side, the two side cells' offsets)
        if width is not None:  # (dx, dy) = (1, 1), (2, -1), (1, -2) and their carriers
            w = width
            self.bridge_dirs = ((w + 1, 1, w), (2 - w, 1, 1 - w), (1 - 2 * w, -w, 1 - w))
        # replies[p][pos]: (the other carrier, the stones it keeps joined) of each bridge or
        # edge template of player p that a stone on ``pos`` intrudes (filled in by replies())
        self._replies = None
        self._split = None  # the patterns of bridges_split (built on first use)
        self.bridge_partners = None  # per cell, the cells a bridge away (bitboard_hsearch, on first use)
        self._neighbours = neighbours
        self.nbytes = (self.nbits + 7) // 8
        self.swar_bytes = 32 * self.nbytes  # a SWAR counter block: one 32-bit field per bit
        self.full_spread = self.spread(self.full)  # a counter block with one in every cell's field
        # the cells by distance from the centre of the board (a static first move order)
        cx = sum(self.positions) / len(self.positions)
        self.static_order = sorted(self.positions, key=lambda p: (abs(p - cx), p))
        if width is not None:
            xs = [p % width for p in self.positions]
            ys = [p // width for p in self.positions]
            mx, my = sum(xs) / len(xs), sum(ys) / len(ys)

            def dist(p: int) -> float:
                dx, dy = p % width - mx, p // width - my
                return (dx * dx + dy * dy + dx * dy, p)  # hex distance, squared

            self.static_order = sorted(self.positions, key=dist)

    def replies(self) -> tuple[list, list]:
        """Per player and bit position: ``[(reply position, mask of stones)]`` - where an
        intrusion on ``pos`` into a bridge (both ends the player's) or an edge template (the
        stone on a side's second line) is answered to keep them joined."""
        if self._replies is None:
            from .rules import bridge_table
            pos = self.positions
            table = [[] for _ in range(self.nbits)]
            for c, entries in enumerate(bridge_table(self._neighbours)):
                for d, a, b in entries:
                    table[pos[c]].append((pos[d], 1 << pos[a] | 1 << pos[b]))
            out = []
            for player in (0, 1):
                mine = [list(t) for t in table]
                for under in self.second_lines(player):
                    for t, cells in under.items():
                        low = cells & -cells
                        e1, e2 = low.bit_length() - 1, (cells ^ low).bit_length() - 1
                        mine[e1].append((e2, 1 << t))
                        mine[e2].append((e1, 1 << t))
                out.append(mine)
            self._replies = (out[0], out[1])
        return self._replies

    def second_lines(self, player: int) -> list[dict]:
        """Per side of ``player`` (``edge_dirs``): ``{bit position on the side's second line:
        the mask of its two side cells}``, for the cells whose two side cells are both on the
        board (in order along the line)."""
        sides = []
        for line, c1, c2 in self.edge_dirs[player]:
            under = {}
            while line:
                low = line & -line
                line ^= low
                t = low.bit_length() - 1
                e1, e2 = t + c1, t + c2
                if 0 <= e1 < self.nbits and 0 <= e2 < self.nbits and self.full >> e1 & 1 and self.full >> e2 & 1:
                    under[t] = 1 << e1 | 1 << e2
            sides.append(under)
        return sides

    # ---- conversions -----------------------------------------------------------------------
    def stones(self, cells: list[int]) -> tuple[int, int]:
        """The two players' stones of a rules board (cells ``0``, ``1``, or ``-1`` empty)."""
        s = [0, 0]
        pos = self.positions
        for i, c in enumerate(cells):
            if c >= 0:
                s[c] |= 1 << pos[i]
        return s[0], s[1]

    def cells(self, stones0: int, stones1: int) -> list[int]:
        """A rules board (list of ``0``, ``1``, ``-1``) from the two players' stones."""
        return [0 if stones0 >> p & 1 else 1 if stones1 >> p & 1 else -1 for p in self.positions]

    # ---- flood fill --------------------------------------------------------------------------
    def flood(self, seed: int, stones: int, target: int = 0) -> int:
        """The cells of ``stones`` joined to ``seed`` (a subset of ``stones``) by neighbours;
        with a ``target`` mask, it may stop as soon as it reaches the target."""
        w = self.width
        if w is not None:
            r = seed
            while True:  # (x +- 1), (y +- 1) and (x + 1, y - 1), (x - 1, y + 1): six neighbours
                a, b = r << 1, r >> 1  # (a bit shifted into the padding column is dropped by ``& stones``)
                g = (r | a | b | (r | b) << w | (r | a) >> w) & stones
                if g == r or g & target:
                    return g
                r = g
        nmask = self.nmask
        reach = frontier = seed
        while frontier:
            grow = 0
            while frontier:
                low = frontier & -frontier
                grow |= nmask[low.bit_length() - 1]
                frontier ^= low
            frontier = grow & stones & ~reach
            reach |= frontier
        return reach

    def around(self, cells: int) -> int:
        """The neighbours of ``cells`` (with ``cells`` themselves)."""
        w = self.width
        if w is not None:
            a, b = cells << 1, cells >> 1
            return (cells | a | b | (cells | b) << w | (cells | a) >> w) & self.full
        nmask, out = self.nmask, cells
        while cells:
            low = cells & -cells
            out |= nmask[low.bit_length() - 1]
            cells ^= low
        return out

    def winning_cells(self, stones: int, empty: int, player: int) -> int:
        """The empty cells where a stone of ``player`` would join all of its sides now: those
        next to (or on) each side and to a group touching it."""
        out = empty
        for side in self.goals[player]:
            touching = stones & side
            if touching:
                touching = self.flood(touching, stones)
            out &= self.around(touching) | side
            if not out:
                return 0
        return out

    def connects(self, group: int, player: int) -> bool:
        """Does ``group`` touch every side ``player`` must join?"""
        for side in self.goals[player]:
            if not group & side:
                return False
        return True

    def completes(self, pos: int, stones: int, player: int) -> bool:
        """Does the stone at bit ``pos`` (in ``stones``, ``player``'s) join all of the player's
        sides?  Only its group can have changed, so only its group is filled."""
        return self.connects(self.flood(1 << pos, stones), player)

    def owner(self, stones: int, player: int) -> bool:
        """Does ``player`` have a group joining all of its sides among ``stones``?"""
        goals = self.goals[player]
        seeds = stones & goals[0]
        if len(goals) == 2:  # one fill from the first side reaches the second or not
            return bool(seeds and self.flood(seeds, stones, goals[1]) & goals[1])
        while seeds:
            group = self.flood(seeds & -seeds, stones)
            if self.connects(group, player):
                return True
            seeds &= ~group
        return False

    def full_winner(self, stones0: int, stones1: int) -> int:
        """The winner of a full board (where exactly one player connects)."""
        first = 0 if self.owner(stones0, 0) else 1
        return 1 - first if self.misere else first

    # ---- virtual connections (bitboard_vc.py) -------------------------------------------------
    def must_play(self, stones: int, empty: int, player: int) -> int:
        """The carriers the opponent of ``player`` must play on when ``player`` is virtually
        connected by bridges and edge templates, else ``0`` (:func:`.bitboard_vc.must_play`)."""
        return must_play(self, stones, empty, player)

    # ---- playouts ------------------------------------------------------------------------------
    def _split_tables(self) -> tuple:
        """The patterns :meth:`bridges_split` looks for, each anchored at its lowest cell so that
        every offset is ``>= 0`` (one right shift each): bridges ``(s1, s2, c1, c2)`` (stones at
        ``a + s1`` and ``a + s2``, carriers at ``a + c1`` and ``a + c2``), and per player edge
        templates ``(line, s, c1, c2)`` (the stone at ``a + s`` on ``line`` shifted alike); each
        ends with ``both``, the mask of the two carriers of the pattern anchored at bit 0."""
        if self._split is None:
            bridges = []
            for o, c1, c2 in self.bridge_dirs:
                m = min(0, o, c1, c2)
                bridges.append((-m, o - m, c1 - m, c2 - m, 1 << (c1 - m) | 1 << (c2 - m)))
            edges = []
            for lines in self.edge_dirs:
                out = []
                for line, c1, c2 in lines:
                    m = min(0, c1, c2)
                    out.append((line >> -m, -m, c1 - m, c2 - m, 1 << (c1 - m) | 1 << (c2 - m)))
                edges.append(tuple(out))
            self._split = (tuple(bridges), edges[0], edges[1], self.edge_dirs[0] == self.edge_dirs[1])
        return self._split

    def bridges_split(self, mover: int, other: int, empty: int, coin, to_move: int = 0,
                      edges: bool = False) -> tuple[int, int]:
        """Each player's bridges whose two carriers are empty (and in no other such bridge found
        first) get one carrier for each player, at random: ``(mover's, other's)`` carriers.
        With ``edges``, so do the *edge templates* (a stone on the second line of one of its
        player's sides, with its two neighbours on the side empty; ``to_move``: the mover)."""
        bridges, edges0, edges1, shared = self._split or self._split_tables()
        hits = []  # (anchors, c1, c2) in the order they are split: the same every run
        for s1, s2, c1, c2, both in bridges:  # (bit ``a`` of ``x >> c`` is bit ``a + c`` of ``x``)
            e = empty >> c1 & empty >> c2
            if e:
                found = (mover >> s1 & mover >> s2 | other >> s1 & other >> s2) & e
                if found:
                    hits.append((found, c1, c2, both))
        if edges:
            if shared:  # (Y: both players' templates are on the same lines)
                pairs = ((mover | other, edges0),)
            else:
                pairs = ((mover, edges1 if to_move else edges0), (other, edges0 if to_move else edges1))
            for stones, lines in pairs:
                for line, s0, c1, c2, both in lines:
                    found = stones >> s0 & line
                    if found:
                        found &= empty >> c1 & empty >> c2
                        if found:
                            hits.append((found, c1, c2, both))
        gm = taken = 0
        for found, c1, c2, both in hits:
            if not found & found - 1:  # one pattern: no conflict inside the group
                pair = found * both
                if not pair & taken:
                    taken |= pair
                    gm |= found << c1 if coin(1) else found << c2
                continue
            kept = disjoint(found, both, taken)
            taken |= kept << c1 | kept << c2
            r = coin(self.nbits) & kept  # which of the two carriers the mover gets
            gm |= r << c1 | (kept ^ r) << c2
        return gm, taken ^ gm

    def fill(self, mover: int, other: int, rng, perm: list[int], bridges: bool = True,
             to_move: int = 0, edges: bool = False) -> tuple[int, int]:
        """A playout: every empty cell filled, players alternating from the one to move (the
        mover gets the extra cell of an odd count); with ``bridges``, each player's intact
        bridges keep one carrier each.  The mover's cells are uniform among the subsets of the
        right size: random bits, then balanced by dropping (or adding) the first extra cells
        in the order of ``perm`` (single-bit ints of every cell in random order, e.g. from a
        :class:`PermPool`).  Returns the final ``(mover's stones, other's stones)``."""
        empty = self.full & ~(mover | other)
        if not empty:
            return mover, other
        if bridges and self.bridge_dirs:
            gm, go = self.bridges_split(mover, other, empty, rng.getrandbits, to_move, edges)
            if gm:
                mover |= gm
                other |= go
                empty &= ~(gm | go)
                if not empty:
                    return mover, other
        want = (empty.bit_count() + 1) // 2
        r = rng.getrandbits(self.nbits) & empty
        d = r.bit_count() - want
        if d > 0:
            for b in perm:
                if r & b:
                    r ^= b
                    d -= 1
                    if not d:
                        break
        elif d < 0:
            free = empty & ~r
            for b in perm:
                if free & b:
                    r |= b
                    d += 1
                    if not d:
                        break
        return mover | r, other | (empty & ~r)

    def playout(self, mover: int, other: int, to_move: int, rng, bridges: bool = False) -> int:
        """The winner of one fill playout from a position (``mover`` = stones of ``to_move``),
        with the core's own :class:`PermPool` (made once, mixed by ``rng``'s draws)."""
        if self._pool is None:
            import random
            self._pool = PermPool(self, random.Random(self.nbits))
        mine, theirs = self.fill(mover, other, rng, self._pool.draw(rng), bridges)
        return self.full_winner(mine, theirs) if to_move == 0 else self.full_winner(theirs, mine)

    # ---- SWAR counters (one 32-bit field per bit): all-moves-as-first statistics --------------
    def spread(self, mask: int) -> int:
        """``mask`` as a counter block: ``1`` in the field of each set bit (add it to count)."""
        return int.from_bytes(b"".join(map(_SPREAD.__getitem__, mask.to_bytes(self.nbytes, "little"))),
                              sys.byteorder)

    def fields(self, counters: int):
        """The 32-bit fields of a counter block, indexable by bit position."""
        return memoryview(counters.to_bytes(self.swar_bytes, sys.byteorder)).cast("I")


class PermPool:
    """A pool of random orders of a board's cells (as single-bit ints) for :meth:`BitCore.fill`;
    each draw swaps two entries of the order it gives, so the pool keeps mixing."""

    def __init__(self, core: BitCore, rng, size: int = 64):
        bits = [1 << p for p in core.positions]
        self.orders = []
        for _ in range(size):
            order = list(bits)
            rng.shuffle(order)
            self.orders.append(order)
        self.rng = rng
        self.n = len(bits)
        self.k = size.bit_length() - 1  # size is a power of two

    def draw(self, rng=None) -> list[int]:
        """An order of every cell; ``rng`` (default: the pool's) picks it and mixes it."""
        rng = rng or self.rng
        order = self.orders[rng.getrandbits(self.k)]
        i, j = int(rng.random() * self.n), int(rng.random() * self.n)
        order[i], order[j] = order[j], order[i]
        return order


def hex_core(size: int) -> BitCore:
    """Hex ``size x size``: cell ``(x, y)`` (rules index ``y * size + x``) at bit
    ``y * (size + 1) + x``; Blue (0) joins the top and bottom rows, Red (1) the left and right
    columns."""
    return _cached(("hex", size), lambda: _hex_core(size))


def _hex_core(size: int) -> BitCore:
    from ...geometry import hexgrid
    w = size + 1
    positions = [(i // size) * w + i % size for i in range(size * size)]
    top = sum(1 << x for x in range(size))
    bottom = top << ((size - 1) * w)
    left = sum(1 << (y * w) for y in range(size))
    right = left << (size - 1)
    core = BitCore(positions, hexgrid.neighbour_table(size), ((top, bottom), (left, right)), width=w)
    core.threat_stones = size - 1  # a chain joining two opposite sides has at least ``size`` cells
    core.hex_size = size
    core.patterns = ("hex", size)  # (the local patterns' geometry, hex_patterns.py)
    row1, col1 = top << w, left << 1
    core.edge_dirs = (((row1, -w, 1 - w), (bottom >> w, w, w - 1)),  # Blue: row 2 and row n-1
                      ((col1, -1, w - 1), (right >> 1, 1, 1 - w)))  # Red: column b and the last but one
    return core


def y_core(layout, radial: bool, misere: bool = False) -> BitCore:
    """A Y board: regular triangles embed in Hex's grid (``(x, y)`` at ``y * (n + 1) + x``);
    radial boards use the rules' node index as the bit and a neighbour mask per node."""
    key = ("y", id(layout), misere)
    entry = _CORES.get(key)
    if entry is not None and entry[0] is layout:
        return entry[1]
    if radial:
        positions = list(range(len(layout.nodes)))
        width = None
    else:
        width = layout.size + 1
        positions = [y * width + x for x, y in layout.nodes]
    sides = [sum(1 << positions[i] for i, m in enumerate(layout.sides) if m & bit) for bit in (1, 2, 4)]
    core = BitCore(positions, layout.neighbours, (sides, sides), width=width, misere=misere)
    if not radial:  # a group touching the three sides of a side-n triangle has n cells or more
        n = layout.size
        core.threat_stones = n - 1
        line = [sum(1 << (y * width + x) for x, y in layout.nodes if test(x, y))
                for test in (lambda x, y: x == 1, lambda x, y: y == 1, lambda x, y: x + y == n - 2)]
        edges = ((line[0], -1, width - 1), (line[1], -width, 1 - width), (line[2], 1, width))
        core.edge_dirs = (edges, edges)
        if not misere:  # (patterns learned from normal play)
            core.patterns = ("y", n)
    _CORES[key] = (layout, core)
    return core


_CORES: dict = {}


def _cached(key, make):
    entry = _CORES.get(key)
    if entry is None:
        entry = _CORES[key] = (None, make())
    return entry[1]
