"""Decompositions (Hex): a player's virtual connection whose carrier an area of the board encloses
is filled in for that player, as Benzene's ``Decompositions::Find`` does (Henderson, Arneson and
Hayward, *Hex, braids, the crossing rule and XH-search*, and Henderson's thesis, 2010).

**Groups.**  From player ``P``'s side: each of its two sides together with the chains touching
it is one group, and each other chain of ``P`` is a group.  The opponent's groups are its chains
and sides the same way.  A ``P`` group and an opponent group are *next* to each other when a
stone of one touches a stone of the other (a side counts as a line of stones beyond its row),
when a ``P`` stone and an opponent stone are a bridge apart with both cells between them empty
(with ``SIDE_BRIDGES``, as in Benzene, a ``P`` side and an opponent stone off its row with two
empty neighbours on the row too), and always for a side of each (they meet at a corner).

**Rule.**  Take two ``P`` groups ``g1`` and ``g2`` with a VC between them (not a weak one:
:mod:`.edge_strips`).  The *area* they enclose is the set of empty cells that ``P`` cannot reach
from its sides other than ``g1`` and ``g2`` without first stepping on an empty cell next to
``g1`` or ``g2`` (walking over empty cells and through ``P``'s other groups; the opponent's
stones are walls).  If the VC's carrier lies inside that area, ``P`` may fill the carrier: the
position's winner, whoever moves, does not change.  (The area is cut off from the rest of the
board by ``g1``, ``g2`` and the opponent's stones.  A ``P`` path through it only joins ``g1``
and ``g2`` again, which the VC does anyway; an opponent path through it would cut ``g1`` from
``g2``, which the VC prevents; so no cell of the carrier is worth a move to either player.)
Like Benzene, it looks only at pairs of groups next to at least two opponent groups in common
(areas with no such pair around them are empty or reach a free side; ``NEAR_FILTER``), and none
when ``P`` has won already.

:func:`decomposition` returns the carrier of one such VC (or 0) from the player's
:func:`~.bitboard_hsearch_pairs.hsearch_pairs` result; :func:`decompose` fills them in a loop
for both players, with the fill-in again after each (as the search does: ``decompose_rounds``).  ``tests/test_decompose.py`` checks every fill against an exhaustive solver
on small Hex boards (the winner with either player to move).  Hex only: Y's groups must keep
every side they reach, and the argument above is Hex's.
"""

from __future__ import annotations

from .bitboard_hsearch import bridge_partners, chains_of
from .bitboard_base import drain
from .bitboard_hsearch_pairs import _bits, hsearch_pairs, pairs_steps

# Benzene looks only at pairs of groups next to two opponent groups in common (the rule holds
# without it: the module docstring's proof does not use it); off, matches overran the move's CPU
# time (more fills, each a new search over every pair)
NEAR_FILTER = True
# Benzene also counts an opponent stone a bridge from a side (two empty cells of its row between)
# as next to the side: with it, at the ends of MoHex's proofs the filter costs 3 of 78 wins seen
# instead of 6, but against MoHex it won no more (docs/benchmarks.md, "Permanently inferior cells")
SIDE_BRIDGES = False


def _groups(core, stones: int, sides) -> tuple[list, list]:
    """``(masks, points)``: each group's stones (a side's group: the chains touching it; a side
    with none: 0) and its points in the H-search's tables, minus ``nbits`` (the chains, in
    :func:`~.bitboard_hsearch.chains_of`'s order, then the sides); the sides' groups first."""
    chains, touch = chains_of(core, stones, sides)
    nchain = len(chains)
    masks = [0, 0]
    points = [[nchain], [nchain + 1]]
    for a, g in enumerate(chains):
        for i in (0, 1):
            if touch[a] >> i & 1:
                masks[i] |= g
                points[i].append(a)
        if not touch[a]:
            masks.append(g)
            points.append([a])
    return masks, points


def _near(core, masks: list, sides, other: int, empty: int, their_sides) -> list:
    """Per ``P`` group (``masks``; the first two are ``P``'s sides): the set (a bit per opponent
    group) of opponent groups next to it (module docstring)."""
    theirs, tpoint = _groups(core, other, their_sides)
    owner = {}  # opponent stone -> its group's index
    for k, m in enumerate(theirs):
        for p in _bits(m):
            owner[p] = k
    bp = bridge_partners(core)
    out = []
    for k, m in enumerate(masks):
        near = 0
        touched = core.around(m) & other
        if k < 2:  # a side: the opponent's stones on its row, and both opponent sides (corners)
            touched |= sides[k] & other
            near |= 3
            row = sides[k] if SIDE_BRIDGES else 0  # its stones a bridge away: two empty row cells
            for y in _bits(core.around(row & empty) & other & ~row):
                two = core.around(1 << y) & row
                if two.bit_count() == 2 and two & empty == two:
                    near |= 1 << owner[y]
        for p in _bits(touched):
            near |= 1 << owner[p]
        for x in _bits(m):
            for y, pair in bp[x]:
                if other >> y & 1 and pair & empty == pair:
                    near |= 1 << owner[y]
        for i, side in enumerate(their_sides):
            if m & side:
                near |= 1 << i
        out.append(near)
    return out


def _nbs(core, mask: int, side: int, empty: int) -> int:
    """The empty cells next to a group (its stones ``mask``; ``side``: its side's row, or 0)."""
    return (core.around(mask) | side) & empty if mask else side & empty


def _reached(core, seeds: int, passable: int, empty: int) -> int:
    """The empty cells reached from ``seeds`` (empty cells, visited): the cells of ``passable``
    (empty cells one may go on from, and ``P``'s stones of other groups) are walked through, and
    every empty cell next to one walked through is reached."""
    reach = core.flood(seeds & passable, passable) if seeds & passable else 0
    return (seeds | reach | core.around(reach)) & empty


def decomposition(core, stones: int, other: int, player: int, found) -> int:
    """The carrier of a VC of ``player`` (``stones``, against ``other``) inside the area its two
    groups enclose (module docstring), or 0; ``found``: :func:`~.bitboard_hsearch_pairs.hsearch_pairs`
    on the same position."""
    sides = core.goals[player]
    if len(sides) != 2 or core.width is None or core.misere or found.vc_win is not None:
        return 0
    if found.tables is None:
        return 0
    chains, nchain, vc, _ = found.tables
    nb = core.nbits
    empty = core.full & ~(stones | other)
    masks, points = _groups(core, stones, sides)
    if len(masks) < 3:
        return 0
    near = _near(core, masks, sides, other, empty, core.goals[1 - player]) if NEAR_FILTER else None
    weak = found.weak or ()
    nbs = [_nbs(core, m, sides[k] if k < 2 else 0, empty) for k, m in enumerate(masks)]
    for i in range(len(masks)):
        for j in range(i):
            if near and (near[i] & near[j]).bit_count() < 2:
                continue
            carriers = []
            for a in points[i]:
                row = vc.get(nb + a)
                if not row:
                    continue
                for b in points[j]:
                    for c in row.get(nb + b, ()):
                        x, y = (nb + a, nb + b) if a < b else (nb + b, nb + a)
                        if (x, y, c, 0) not in weak:
                            carriers.append(c)
            if not carriers:
                continue
            stop = nbs[i] | nbs[j]
            passable = (empty & ~stop) | (stones & ~masks[i] & ~masks[j])
            seeds = 0
            for k in (0, 1):
                if k not in (i, j):  # (a free side: its group's stones are passable)
                    seeds |= nbs[k]
            area = empty & ~_reached(core, seeds, passable, empty)
            for c in sorted(carriers, key=int.bit_count):
                if c and c & ~area == 0:
                    return c
    return 0


def decompose(core, stones, fill, me: int, searches, rounds: int = 4, refill=None):
    """:func:`decompose_steps` run through (see there)."""
    return drain(decompose_steps(core, stones, fill, me, searches, rounds, refill))


def run_search(fn, core, stones: int, other: int, player: int, budget: int):
    """An H-search (``fn``, :func:`~.bitboard_hsearch_pairs.hsearch_pairs` or the anchored one)
    in steps: the pairs search yields between its steps (``yield from`` this)."""
    if fn is hsearch_pairs:
        return (yield from pairs_steps(core, stones, other, player, budget))
    return fn(core, stones, other, player, budget)


def decompose_steps(core, stones, fill, me: int, searches, rounds: int = 4, refill=None):
    """Decompositions on a filled board, the opponent of ``me`` first, for each player whose
    search is :func:`~.bitboard_hsearch_pairs.hsearch_pairs`: a carrier found is filled for its
    player, then ``refill(s0, s1)`` (the fill-in: ``(Blue's, Red's, dead)``; ``None``: none) runs
    again, up to ``rounds`` fills.  ``stones``: both players' stones with the fill-in so far,
    ``fill``: that fill-in ``(Blue's, Red's, dead)`` (each player's search counts the dead cells
    its own), ``searches[p]``: ``(function, budget)`` of player ``p``'s H-search.  Returns
    ``(fill, stones, found)``: the fill-in with the decompositions' fills, the stones, and both
    players' searches on them (``None`` where a winning VC ended the loop first, or where the
    last fill left it to be run again).  A generator: its searches yield between their steps
    (:func:`run_search`)."""
    f, s = list(fill), list(stones)
    found = [None, None]
    for _ in range(rounds):
        grew = False
        for p in (1 - me, me):
            fn, budget = searches[p]
            if found[p] is None:
                found[p] = yield from run_search(fn, core, s[p] | f[2], s[1 - p], p, budget)
            if found[p].vc_win is not None:
                return tuple(f), tuple(s), found
            if fn is not hsearch_pairs:
                continue
            c = decomposition(core, s[p] | f[2], s[1 - p], p, found[p])
            if c:
                s[p] |= c
                f[p] |= c
                g = refill(s[0], s[1]) if refill else (0, 0, 0)
                s = [s[0] | g[0], s[1] | g[1]]
                f = [f[0] | g[0], f[1] | g[1], (f[2] | g[2]) & ~(s[0] | s[1])]
                found = [None, None]
                grew = True
                break
        if not grew:
            break
    return tuple(f), tuple(s), found
