"""Inferior-cell analysis on the bitboard core (:mod:`.bitboard`): dead cells and captured pairs.

**Dead cells.**  Look at an empty cell ``c`` and its six neighbours in cyclic order (a neighbour
off the board is the edge there: Hex frames the board with stones, its top and bottom rows'
outside Blue's, its columns' outside Red's; an edge is one connected line, so neighbouring edge
slots of one colour are one node).  From player ``P``'s side, a slot is *open* if it is empty or
``P``'s (a stone or ``P``'s edge); maximal runs of consecutive ``P`` slots are one node each
(consecutive neighbours of a cell are neighbours of each other, so such a run is one group even
without ``c``).  If the open nodes are pairwise adjacent (consecutive in the cycle), ``c`` is
*useless to P*: in any full board where ``P``'s winning group holds ``c``, the group's members
next to ``c`` stay joined without it, so ``P`` still wins with ``c`` taken by the opponent.  In
Hex and Y exactly one player wins a full board, so a cell useless to one player is **dead**: no
completion's winner depends on its colour.  The rule is a function of the six slots' states;
:func:`_dead_table` works it out for all 729 of them and covers the dead ones by *cubes* (per
slot: Blue, Red, a stone of either, or anything; a dead neighbourhood stays dead when an empty
slot is filled either way): 24 cubes, two shapes turned six ways and coloured both ways - four
consecutive neighbours of one colour, or two of one colour, a stone, two of the other - which
:func:`dead_from` matches on the whole board at once from one shifted mask per direction and
colour (``tests/test_inferior_cells.py`` checks the two agree on every neighbourhood).

**Captured pairs.**  Two adjacent empty cells ``a, b`` are *captured* by ``P`` when ``a`` is dead
once ``b`` is ``P``'s and ``b`` dead once ``a`` is: if the opponent plays one, ``P`` answers the
other and the opponent's stone is dead (as good as ``P``'s).  So filling the pair for ``P``
changes no game value; pairs are filled lowest first without a shared cell, one player then the
other, and the analysis runs again on the filled board (new stones make new patterns).

**Use.**  :func:`fill_in` returns ``(Blue's fill, Red's fill, dead)``; the position with the
fills added (and the dead cells either colour) has the value of the original for the player to
move, and a winning move, if there is one, lies outside the three masks (the patterns need no
empty cell outside them, so they outlive any other move).  The search prunes them from a
node's candidates (never all of them).  ``tests/test_inferior_cells.py`` checks every claim
against an exhaustive solver on Hex 3x3, 4x4 and 5x5.

Regular Y boards use the same rules on the cells with six neighbours on the board (a side
belongs to both players there, so a cell on a side is left alone); radial Y is not analysed.
The clique rule of :mod:`.bitboard_regions` adds the dead cells that only whole groups show
(a cell or region behind a wall, next to one group or side of a player).
"""

from __future__ import annotations

from itertools import product

from .bitboard_base import disjoint
from .bitboard_perm import perm_inferior
from .bitboard_regions import dead_cells as region_dead

PERM_INFERIOR = False  # fill permanently inferior cells too (bitboard_perm.py)

E, B, R = 0, 1, 2  # slot states: empty, Blue (player 0), Red (player 1)
ANY, BLUE, RED, STONE = None, 1, 2, 3  # a cube's requirement on a slot


def _useless(slots: tuple, me: int) -> bool:
    """Are the open nodes around a cell (``slots``: six states in cyclic order) pairwise
    adjacent from ``me``'s side (runs of ``me``'s slots merged into one node)?"""
    if all(s == me for s in slots):
        return True
    nodes = []  # each: the set of slot indices it covers
    start = next(i for i in range(6) if slots[i] != me)  # a run never wraps past ``start``
    run = None
    for k in range(1, 7):
        i = (start + k) % 6
        s = slots[i]
        if s == me:
            if run is None:
                run = set()
                nodes.append(run)
            run.add(i)
        else:
            run = None
            if s == E:
                nodes.append({i})
    for x in range(len(nodes)):
        for y in range(x + 1, len(nodes)):
            if not any((i - j) % 6 in (1, 5) for i in nodes[x] for j in nodes[y]):
                return False
    return True


def dead_slots(slots: tuple) -> bool:
    """The dead-cell rule on one neighbourhood (six slot states in cyclic order)."""
    return _useless(slots, B) or _useless(slots, R)


_ALLOWED = {ANY: (E, B, R), BLUE: (B,), RED: (R,), STONE: (B, R)}


def _dead_table() -> tuple:
    """Cubes covering exactly the dead neighbourhoods: for each dead one that no cube found so far
    covers, widen its slots (a stone to "either stone" to "anything") while the cube stays dead,
    then keep the fewest cubes that cover every dead neighbourhood (greedy)."""
    dead = {s for s in product((E, B, R), repeat=6) if dead_slots(s)}

    def cells(cube):
        return set(product(*(_ALLOWED[c] for c in cube)))

    primes = set()
    for s in sorted(dead):
        for order in (range(6), range(5, -1, -1)):
            cube = [ANY if x == E else x for x in s]
            for i in order:
                for wider in (STONE, ANY):
                    if cube[i] in (ANY, wider):
                        continue
                    trial = cube[:i] + [wider] + cube[i + 1:]
                    if cells(trial) <= dead:
                        cube = trial
            primes.add(tuple(cube))
    left, chosen = set(dead), []
    ranked = sorted(primes, key=lambda c: tuple(-1 if x is None else x for x in c))
    while left:
        best = max(ranked, key=lambda c: len(cells(c) & left))
        chosen.append(best)
        left -= cells(best)
    return tuple(chosen)


_CUBES = None


def cubes() -> tuple:
    global _CUBES
    if _CUBES is None:
        _CUBES = _dead_table()
    return _CUBES


class Geometry:
    """The per-board constants: the six neighbour offsets in cyclic order, and per direction
    which cells have that neighbour off the board as Blue's or Red's edge (Hex), or are left out
    (Y: ``cells`` are only the interior ones).  The two off-board slots next to Hex's obtuse
    corners (beside cells ``(n - 1, 0)`` and ``(0, n - 1)``) touch a row's and a column's frame:
    they count as Blue's, a frame that gives every full board the same winner as either would."""

    def __init__(self, core, hex_size: int | None):
        w = core.width
        self.dirs = (1, 1 - w, -w, -1, w - 1, w)  # E, NE, N, W, SW, S: consecutive ones touch
        self.full = core.full
        self.edge = [[0] * 6, [0] * 6]  # edge[player][d]: cells whose d-neighbour is its edge
        self.cells = core.full
        if hex_size is not None:
            n = hex_size
            for pos in core.positions:
                x, y = pos % w, pos // w
                for d, (dx, dy) in enumerate(((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))):
                    u, v = x + dx, y + dy
                    if 0 <= u < n and 0 <= v < n:
                        continue
                    self.edge[0 if v < 0 or v >= n else 1][d] |= 1 << pos
        else:  # regular Y: only cells with six neighbours on the board
            inner = 0
            for pos in core.positions:
                if all(core.full >> (pos + o) & 1 for o in self.dirs if pos + o >= 0) and \
                        all(pos + o >= 0 for o in self.dirs):
                    inner |= 1 << pos
            self.cells = inner


def geometry(core):
    g = getattr(core, "_ica", None)
    if g is None:
        if core.width is None or core.misere:  # (misere: an extra stone may hurt)
            g = False
        else:  # Hex: two players with different sides; regular Y: the same three
            g = Geometry(core, core.width - 1 if core.goals[0] != core.goals[1] else None)
        core._ica = g
    return g


def _slot_masks(g, s0: int, s1: int) -> tuple:
    """Per direction: the cells whose neighbour that way is Blue's, Red's (stones or edge)."""
    full = g.full
    bl, rd = [], []
    e0, e1 = g.edge
    for d, o in enumerate(g.dirs):
        if o > 0:
            bl.append(s0 >> o & full | e0[d])
            rd.append(s1 >> o & full | e1[d])
        else:
            bl.append(s0 << -o & full | e0[d])
            rd.append(s1 << -o & full | e1[d])
    return bl, rd


def dead_from(bl: list, rd: list) -> int:
    """The cells whose neighbourhood is dead, from the six direction masks of each colour (a bit
    of ``bl[d]``: that cell's neighbour in direction ``d`` is Blue's).  The 24 cubes of
    :func:`cubes` are two shapes turned six ways: four consecutive neighbours of one colour,
    and two of one colour, then a stone of either, then two of the other."""
    pb = [bl[d] & bl[d - 5] for d in range(6)]  # (``bl[d - 5]``: the next direction round)
    pr = [rd[d] & rd[d - 5] for d in range(6)]
    out = 0
    for d in range(6):
        e, f = d - 4, d - 3  # d + 2, d + 3 (mod 6)
        b, r = pb[d], pr[d]
        if b:
            out |= b & (pb[e] | (bl[e] | rd[e]) & pr[f])
        if r:
            out |= r & (pr[e] | (bl[e] | rd[e]) & pb[f])
    return out


def dead_cells(core, s0: int, s1: int) -> int:
    """The empty cells that are dead by the neighbourhood rule (module docstring)."""
    g = geometry(core)
    if not g:
        return 0
    bl, rd = _slot_masks(g, s0, s1)
    return dead_from(bl, rd) & g.cells & ~(s0 | s1)


def _pairs(g, bl: list, rd: list, empty: int, player: int) -> list:
    """Captured pairs of ``player`` given the direction masks (see :func:`captured_pairs`)."""
    cand = g.cells & empty
    out = []
    own = bl if player == 0 else rd
    full = g.full
    for d in range(3):
        o = g.dirs[d]
        a = cand & (empty >> o if o > 0 else empty << -o)  # cells whose d-neighbour is empty too
        if not a:
            continue
        keep = own[d]
        own[d] = full  # as if that neighbour were the player's
        a &= dead_from(bl, rd)
        own[d] = keep
        if not a:
            continue
        back = d + 3  # the other cell, seen from it: its neighbour towards ``a`` is the player's
        keep = own[back]
        own[back] = full
        bs = dead_from(bl, rd) & cand
        own[back] = keep
        a &= bs >> o if o > 0 else bs << -o
        if a:
            out.append((a, o))
    return out


def captured_pairs(core, s0: int, s1: int, player: int) -> list:
    """``[(anchors, offset)]``: pairs ``a, a + offset`` of empty cells captured by ``player``
    (``a`` dead when ``a + offset`` is the player's and the other way round), any overlap
    allowed; :func:`fill_in` takes a set without a shared cell."""
    g = geometry(core)
    if not g:
        return []
    bl, rd = _slot_masks(g, s0, s1)
    return _pairs(g, bl, rd, core.full & ~(s0 | s1), player)


def fill_in(core, s0: int, s1: int, rounds: int = 3, regions: bool = True,
            perm: bool | None = None) -> tuple[int, int, int]:
    """``(Blue's fill, Red's fill, dead)``: captured pairs filled for their captor (Blue's, then
    Red's on the filled board, again up to ``rounds`` times while anything new is found), then
    the dead cells of the filled board: by the neighbourhood rule, and with ``regions`` by the
    clique rule over whole groups (:mod:`.bitboard_regions`).  With ``perm`` (``None``: the
    module's ``PERM_INFERIOR``) each round also fills the player's permanently inferior cells
    (:mod:`.bitboard_perm`) with the captured pairs.  The three masks are empty cells, pairwise
    disjoint."""
    g = geometry(core)
    if not g:
        return 0, 0, 0
    if perm is None:
        perm = PERM_INFERIOR
    f = [0, 0]
    s = [s0, s1]
    full = core.full
    bl, rd = _slot_masks(g, s0, s1)
    masks = (bl, rd)
    for _ in range(rounds):
        grew = False
        for p in (0, 1):
            taken = 0
            for anchors, o in _pairs(g, bl, rd, full & ~(s[0] | s[1]), p):
                if o < 0:  # (anchor each pair at its lower cell for ``disjoint``)
                    anchors, o = anchors >> -o, -o
                kept = disjoint(anchors, 1 | 1 << o, taken)
                if kept:
                    taken |= kept | kept << o
            if perm:  # (bitboard_perm.py)
                taken |= perm_inferior(g, bl, rd, full & ~(s[0] | s[1] | taken), p,
                                       g.cells & ~(s[0] | s[1] | taken))
            if taken:
                f[p] |= taken
                s[p] |= taken
                grew = True
                own, edge = masks[p], g.edge[p]
                for d, o in enumerate(g.dirs):  # (the player's direction masks, again)
                    own[d] = (s[p] >> o if o > 0 else s[p] << -o) & full | edge[d]
        if not grew:
            break
    dead = dead_from(bl, rd) & g.cells & ~(s[0] | s[1])
    if regions:
        dead |= region_dead(core, s[0], s[1])
    return f[0], f[1], dead


def vulnerable(core, s0: int, s1: int, player: int, cand: int) -> int:
    """The cells of ``cand`` (empty) that ``player``, to move, may leave out: a cell ``c`` is
    *vulnerable* to a *killer* ``k`` (an empty neighbour) when ``player``'s stone at ``c`` is dead
    once the opponent plays ``k``; then ``player`` at ``k`` is at least as good as at ``c``
    (``tests/test_inferior_cells.py`` checks it against brute force).  A cell is left out when one
    of its killers is still in, lowest cell first, so every cell left out is dominated by a chain
    ending in a cell kept: a winning move, if ``cand`` holds one, stays in."""
    g = geometry(core)
    if not g:
        return 0
    cand &= g.cells
    bl, rd = _slot_masks(g, s0, s1)
    theirs = rd if player == 0 else bl
    found = []
    for d, o in enumerate(g.dirs):
        a = cand & (cand >> o if o > 0 else cand << -o)  # cells whose d-neighbour is in ``cand``
        if not a:
            continue
        keep = theirs[d]
        theirs[d] = g.full  # as if that neighbour were the opponent's
        a &= dead_from(bl, rd)
        theirs[d] = keep
        if a:
            found.append((a, o))
    kept = cand
    every = 0
    for a, _ in found:
        every |= a
    while every:
        c = every & -every
        every ^= c
        for a, o in found:
            if a & c and (c << o if o > 0 else c >> -o) & kept:
                kept &= ~c
                break
    return cand & ~kept
