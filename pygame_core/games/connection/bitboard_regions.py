"""Dead regions from whole groups: the clique rule of inferior-cell analysis on the bitboards.

The neighbourhood rule of :mod:`.bitboard_ica` looks at one cell's six neighbours.  This module
looks at the whole board from one player's side, as a graph: its *nodes* are the player's groups
and the empty cells; in Hex, whose win is a path from one side to the other, a side is a node too
(merged with the groups touching it; a side no group touches is a node of its own).  Two groups
are never neighbours (they would be one group); a group and an empty cell are neighbours when the
cell touches the group (or lies on the group's side); two empty cells when they touch.

**Rule.**  A set ``S`` of empty cells is *useless* to player ``P`` when the nodes next to ``S``
(from ``P``'s side; the opponent's stones and sides are not nodes) are pairwise neighbours.  Proof:
in a full board that ``P`` wins, take ``P``'s winning group and the part of it inside ``S``; each
piece of that part is attached to the rest of the group only through nodes next to ``S``, all of
them ``P``'s and pairwise neighbours, so the group stays connected without ``S``.  In Hex a
winning path between the two side nodes stays one; in Y the group must also keep every side it
touched, so there ``S`` holds no cell on a side (and a side is no node: two groups touching one
side are not joined by it).  So ``P`` wins that board with ``S`` given to the opponent.  In Hex and on regular Y boards exactly one player wins a full board, so a set
useless to one player is *dead*: no completion's winner depends on the colours of its cells.
Deadness is about completions, so it holds after any further moves.

**Where it looks.**  Each empty cell on its own (at most one node next to it, and its empty
neighbours, at most two, next to that node and to each other), and each *region*: a maximal set
of empty cells joined through empty cells (its nodes must then be one at most).  A region behind
the opponent's wall touches at most one node of the player (the side or group it shares), so the
whole region is dead.  (The parts of a region that one empty cell cuts off found 7 % more dead
cells on the positions of ``benchmarks/vc_decided.py`` at five times the cost: left out.)

:func:`dead_cells` returns the union; :mod:`.bitboard_ica`'s fill-in uses it alongside the
neighbourhood rule.  ``tests/test_dead_regions.py`` checks every dead set against brute force
(every completion of the board, every colouring of the set) on Hex 3x3 to 5x5 and regular Y
boards (where a first version that let a side join two groups was caught).
"""

from __future__ import annotations


def player_nodes(core, stones: int, empty: int, player: int) -> list[int]:
    """The player's nodes as masks of the empty cells next to each (see the module docstring):
    Hex's sides are nodes, merged with the groups touching them; Y's are not nodes at all."""
    sides = core.goals[player] if len(core.goals[player]) == 2 else ()
    side_of = [-1] * len(sides)  # side index -> its node's index in ``adj`` (-1: none yet)
    adj = []
    left = stones
    while left:
        group = core.flood(left & -left, stones)
        left &= ~group
        mask = core.around(group) & empty
        held = 0  # the sides this group's node holds (its own and those of nodes merged in)
        for k, side in enumerate(sides):
            if group & side:
                j = side_of[k]
                if j >= 0 and adj[j] is not None:
                    mask |= adj[j]
                    adj[j] = None
                    held |= sum(1 << i for i in range(len(sides)) if side_of[i] == j)
                mask |= side & empty
                held |= 1 << k
        for k in range(len(sides)):
            if held >> k & 1:
                side_of[k] = len(adj)
        adj.append(mask)
    for k, side in enumerate(sides):
        if side_of[k] < 0:
            adj.append(side & empty)
    return [m for m in adj if m is not None]


def _clique(core, nodes: list[int], region: int, empty: int) -> bool:
    """Are the nodes next to ``region`` (a set of empty cells) pairwise neighbours?"""
    hit = 0
    for m in nodes:
        if m & region:
            if hit:
                return False  # (two groups are never neighbours)
            hit = m
    rim = core.around(region) & empty & ~region
    if not rim:
        return True
    if hit and rim & ~hit:
        return False
    nmask = core.nmask
    cells = rim
    while cells:
        low = cells & -cells
        cells ^= low
        if rim & ~low & ~nmask[low.bit_length() - 1]:
            return False
    return True


def useless(core, stones: int, other: int, region: int, player: int) -> bool:
    """Is the set of empty cells ``region`` useless to ``player`` (``stones``: its stones,
    ``other``: the opponent's)?  See the module docstring."""
    empty = core.full & ~(stones | other)
    return _clique(core, player_nodes(core, stones, empty, player), region, empty)


def _single_cells(core, nodes: list[int], empty: int) -> int:
    """The empty cells useless to the player on their own."""
    once = twice = 0
    for m in nodes:
        twice |= once & m
        once |= m
    out = 0
    nmask = core.nmask
    cells = empty & ~twice
    while cells:
        low = cells & -cells
        cells ^= low
        pos = low.bit_length() - 1
        rim = nmask[pos] & empty
        if rim & (rim - 1) and (rim & (rim - 1)) & ((rim & (rim - 1)) - 1):
            continue  # (three of a cell's neighbours are never pairwise neighbours)
        if rim & (rim - 1):
            a = rim & -rim
            if not nmask[a.bit_length() - 1] & (rim ^ a):
                continue
        if rim and low & once:
            hit = next(m for m in nodes if m & low)
            if rim & ~hit:
                continue
        out |= low
    return out


def _regions(core, empty: int) -> list[int]:
    """The maximal sets of empty cells joined through empty cells."""
    out = []
    left = empty
    while left:
        r = core.flood(left & -left, empty)
        left &= ~r
        out.append(r)
    return out


def dead_cells(core, s0: int, s1: int) -> int:
    """The empty cells the clique rule proves dead (for either player; see the module docstring)."""
    if core.misere or core.width is None:
        return 0
    empty = core.full & ~(s0 | s1)
    if not empty:
        return 0
    nodes = (player_nodes(core, s0, empty, 0), player_nodes(core, s1, empty, 1))
    cells = empty
    if len(core.goals[0]) != 2:  # Y: a region on no side (one cell of it might be a side's only contact)
        for side in core.goals[0]:
            cells &= ~side
    out = (_single_cells(core, nodes[0], empty) | _single_cells(core, nodes[1], empty)) & cells
    for region in _regions(core, empty):
        if region & ~cells:
            continue
        if _clique(core, nodes[0], region, empty) or _clique(core, nodes[1], region, empty):
            out |= region
    return out
