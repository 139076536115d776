"""H-search on the bitboard core (:mod:`.bitboard`): virtual connections (VCs) and
semi-connections (SCs) of one player, and from them where the opponent must play.

**Points.**  The player's *chains* (its groups of stones), its *sides* (``core.goals``) and the
empty cells.  A connection joins two points, one of them at least a chain or a side (an
*anchor*); its *carrier* is a set of empty cells, never one of its own points.  An empty point
counts as the player's: a connection to it says the player can join the anchor to the cell once
it holds the cell.

* A **VC** ``(x, y, C)``: the player joins ``x`` and ``y`` within ``C`` even if the opponent
  moves first (each opponent move in ``C`` answered in ``C``); moves outside ``C`` never matter.
* An **SC** ``(x, y, C)``: the same if the player moves first; its *key* (its first move) is in
  ``C``.  An opponent move outside ``C`` leaves it an SC, so the player still joins.

**Rules** (Anshelevich's, with the player's groups as points; all sound, none complete):

* base: an anchor and an empty cell next to it (a side and an empty cell on it, a chain and a
  side it touches) form a VC with the empty carrier;
* AND through an empty cell ``z``: VCs ``(x, z, A)`` and ``(z, y, B)`` with ``A``, ``B`` disjoint
  and free of ``x``, ``y`` give the SC ``(x, y, A | B | z)`` with key ``z`` (``y`` may be any empty
  neighbour of ``z``, with the empty carrier, or an empty cell a bridge away from ``z``, with the
  bridge's two empty cells as the carrier: on the decided positions of our MoHex games this
  found 52 of 79 instead of 43, ``benchmarks/vc_decided.py``);
* AND through a chain ``g``: ``(x, g, A)`` and ``(g, y, B)`` disjoint give a VC (an SC if one of
  them is an SC) ``(x, y, A | B)``: the two are defended apart, and ``g`` joins them;
* OR: SCs of ``x, y`` whose carriers have nothing in common give the VC with the union: an
  opponent move misses one of them, whose key then joins.

**Wins.**  A point whose connections reach every side the player must join with pairwise
disjoint carriers is a *winning* connection: all VCs (a chain) - the player has won whoever
moves; one SC, or an empty point (its cell is a key) - the player wins if it moves first.  The
opponent, to move, must then play in the carrier of every winning SC (its *must-play*, the
intersection); an empty intersection is a winning VC by the OR rule.

**Budget.**  At most ``MAX_VC`` VCs and ``MAX_SC`` SCs are kept per pair (the smallest first:
new connections are worked through in order of carrier size) and ``budget`` connections are
worked through in all.  Stopping early only finds less: whatever is found holds.
``tests/test_hsearch.py`` checks every claim against an exhaustive solver on small boards.
"""

from __future__ import annotations

import heapq

from .edge_templates import template_vcs

MAX_VC = 4
MAX_SC = 8
BUDGET = 4000


class HResult:
    """What :func:`hsearch` found for ``player``: ``vc_win`` (the carrier of a winning VC, or
    ``None``), ``sc_wins`` (carriers of winning SCs, keys included), ``keys`` (the cells that
    win at once as a first move: each SC's key, for the empty points found winning), ``must``
    (where the opponent must play: the intersection of ``sc_wins``; ``0`` when there is none,
    or when ``vc_win`` is set) and ``work`` (connections worked through)."""

    __slots__ = ("vc_win", "sc_wins", "keys", "must", "work", "tables", "weak")

    def __init__(self, vc_win, sc_wins, keys, must, work, tables=None):
        self.vc_win, self.sc_wins, self.keys, self.must, self.work = vc_win, sc_wins, keys, must, work
        self.tables = tables  # (chains, nchain, vc, sc): every connection found, for the tests
        # (x, y, carrier, semi) of the connections that hold only in the weaker sense of
        # edge_strips.py (joined, or both joined to a side: enough for a Hex win)
        self.weak = frozenset()


def _bits(m: int):
    while m:
        low = m & -m
        m ^= low
        yield low.bit_length() - 1


def chains_of(core, stones: int, sides) -> tuple[list, list]:
    """The player's chains (groups of ``stones``) and, for each, the mask of the sides it touches
    (bit ``i``: ``sides[i]``)."""
    chains, touch = [], []
    rest = stones
    while rest:
        g = core.flood(rest & -rest, stones)
        rest &= ~g
        chains.append(g)
        touch.append(sum(1 << i for i, side in enumerate(sides) if g & side))
    return chains, touch


def hsearch(core, stones: int, other: int, player: int, budget: int = BUDGET, bridge_and: bool = True) -> HResult:
    """The connections of ``player`` (``stones``) against ``other`` (the opponent's stones);
    ``bridge_and=False`` leaves out the AND rule's cells a bridge away (to measure what it adds)."""
    empty = core.full & ~(stones | other)
    sides = core.goals[player]
    nb = core.nbits
    # anchors: chains, then sides; point keys: a cell's bit position, an anchor nb + its index
    chains, touch = chains_of(core, stones, sides)
    nchain = len(chains)
    anchors = nchain + len(sides)
    near = [core.around(g) & empty for g in chains] + [side & empty for side in sides]
    vc = [dict() for _ in range(anchors)]  # vc[a][key] = carriers (a list shared by both ends)
    sc = [dict() for _ in range(anchors)]
    cell_anchors = {}  # cell -> anchors with a VC to it
    heap = []
    tick = 0

    def add_vc(a, key, carrier):
        nonlocal tick
        lst = vc[a].get(key)
        if lst is None:
            lst = vc[a][key] = []
            if key >= nb:
                vc[key - nb][nb + a] = lst
            else:
                cell_anchors.setdefault(key, []).append(a)
        for c in lst:
            if c & ~carrier == 0:
                return
        if len(lst) >= MAX_VC:
            return
        lst[:] = [c for c in lst if carrier & ~c]
        lst.append(carrier)
        tick += 1
        heapq.heappush(heap, (carrier.bit_count(), tick, 0, a, key, carrier))

    def add_sc(a, key, carrier):
        nonlocal tick
        for c in vc[a].get(key, ()):
            if c & ~carrier == 0:
                return
        lst = sc[a].get(key)
        if lst is None:
            lst = sc[a][key] = []
            if key >= nb:
                sc[key - nb][nb + a] = lst
        for c in lst:
            if c & ~carrier == 0:
                return
        if len(lst) >= MAX_SC:
            return
        inter, union = carrier, carrier  # the OR rule, greedily
        for c in lst:
            j = inter & c
            if j != inter:
                inter, union = j, union | c
                if not inter:
                    add_vc(a, key, union)
                    break
        lst[:] = [c for c in lst if carrier & ~c]
        lst.append(carrier)
        tick += 1
        heapq.heappush(heap, (carrier.bit_count(), tick, 1, a, key, carrier))

    for a in range(anchors):
        for p in _bits(near[a]):
            add_vc(a, p, 0)
    for a in range(nchain):
        for i in range(len(sides)):
            if touch[a] >> i & 1:
                add_vc(a, nb + nchain + i, 0)
    for i, p, carrier in template_vcs(core, player, stones, empty):  # (edge_templates.py)
        if empty >> p & 1:
            add_vc(nchain + i, p, carrier)
        else:
            a = next(a for a, g in enumerate(chains) if g >> p & 1)
            if not touch[a] >> i & 1:
                add_vc(a, nb + nchain + i, carrier)

    work = 0
    while heap and work < budget:
        _, _, semi, a, key, carrier = heapq.heappop(heap)
        lst = (sc if semi else vc)[a].get(key)
        if not lst or carrier not in lst:
            continue  # replaced by a smaller one since
        work += 1
        if key < nb and not semi:
            _through_cell(core, a, key, carrier, empty, near, vc, cell_anchors, add_sc, nchain, nb, bridge_and)
        ends = []
        if a < nchain:
            ends.append((a, key))
        if nb <= key < nb + nchain:
            ends.append((key - nb, nb + a))
        for g, far in ends:  # AND through chain g: far's connection to g, joined to g's others
            far_cell, far_side = far < nb, far >= nb + nchain
            for key2, lst2 in list(vc[g].items()):
                if key2 == far:
                    continue
                if key2 < nb:
                    if far_cell or carrier >> key2 & 1:
                        continue  # (two cells are not kept; a carrier never holds its point)
                elif far_side and key2 >= nb + nchain:
                    continue  # (side to side: the wins below)
                for c2 in list(lst2):
                    if c2 & carrier == 0 and not (far_cell and c2 >> far & 1):
                        _join(far, key2, carrier | c2, semi, add_vc, add_sc, nb)
                if not semi:
                    for c2 in list(sc[g].get(key2, ())):
                        if c2 & carrier == 0 and not (far_cell and c2 >> far & 1):
                            _join(far, key2, carrier | c2, True, add_vc, add_sc, nb)
    out = _wins(core, chains, touch, sides, vc, sc, empty, nb, nchain, work)
    out.tables = (chains, nchain, vc, sc)
    return out


def _join(x, y, carrier, semi, add_vc, add_sc, nb):
    """Record a connection of points ``x`` and ``y`` (one of them an anchor)."""
    if x >= nb:
        a, key = x - nb, y
    else:
        a, key = y - nb, x
    (add_sc if semi else add_vc)(a, key, carrier)


def bridge_partners(core) -> list:
    """Per bit position ``z``: ``(y, pair)`` for every cell ``y`` a bridge away from ``z`` (not a
    neighbour, sharing exactly two neighbours with it), ``pair`` the mask of those two cells."""
    table = core.bridge_partners
    if table is None:
        table = [()] * core.nbits
        for z in _bits(core.full):
            nz = core.around(1 << z) & core.full & ~(1 << z)
            out = []
            for y in _bits(core.around(nz) & core.full & ~nz & ~(1 << z)):
                pair = core.around(1 << y) & nz
                if pair.bit_count() == 2:
                    out.append((y, pair))
            table[z] = tuple(out)
        core.bridge_partners = table
    return table


def _through_cell(core, a, z, carrier, empty, near, vc, cell_anchors, add_sc, nchain, nb, bridge_and=True):
    """The AND rule through the empty cell ``z`` of a new VC ``(a, z, carrier)``: with the VC of
    ``z`` and a neighbour (no carrier), of ``z`` and a cell a bridge away (the bridge's two empty
    cells), and of ``z`` and an anchor."""
    zbit = 1 << z
    free = empty & ~zbit & ~carrier & ~near[a]
    for y in _bits(core.around(zbit) & free):
        add_sc(a, y, carrier | zbit)  # (z and y are neighbours: their VC has no carrier)
    for y, pair in bridge_partners(core)[z] if bridge_and else ():
        if free >> y & 1 and pair & empty & ~carrier == pair:
            add_sc(a, y, carrier | zbit | pair)
    for b in cell_anchors.get(z, ()):
        if b == a or a >= nchain and b >= nchain:
            continue  # (side to side: the wins below)
        for c in list(vc[b][z]):
            if c & carrier == 0:
                add_sc(a, nb + b, carrier | c | zbit)


def _combos(lists, need, limit=64):
    """Pairwise disjoint choices of one carrier from each of ``lists`` (each ``(carrier, is_sc)``)
    with at most ``need`` SCs: ``(union, sc count)``, at most ``limit`` of them."""
    out = []
    _walk(lists, need, limit, out, 0, 0, 0)
    return out


def _walk(lists, need, limit, out, i, used, semis):
    """``_combos``' search (a module function: a closure calling itself would be a reference
    cycle, left for the cyclic collector)."""
    if len(out) >= limit:
        return
    if i == len(lists):
        out.append((used, semis))
        return
    for c, s in lists[i]:
        if c & used == 0 and semis + s <= need:
            _walk(lists, need, limit, out, i + 1, used | c, semis + s)


def _wins(core, chains, touch, sides, vc, sc, empty, nb, nchain, work) -> HResult:
    allsides = (1 << len(sides)) - 1
    vc_win = None
    sc_wins = []
    keys = 0
    for g in range(len(chains)):  # a chain: VCs (or one SC) to the sides it does not touch
        lists = []
        for i in range(len(sides)):
            if not touch[g] >> i & 1:
                key = nb + nchain + i
                lists.append([(c, 0) for c in vc[g].get(key, ())] + [(c, 1) for c in sc[g].get(key, ())])
        if not lists and touch[g] == allsides:
            return HResult(0, [], 0, 0, work)
        for union, semis in _combos(lists, 1):
            if semis:
                sc_wins.append(union)
            elif vc_win is None or union.bit_count() < vc_win.bit_count():
                vc_win = union
    for z in _bits(empty):  # an empty point: VCs to every side
        lists = []
        for i in range(len(sides)):
            c = vc[nchain + i].get(z)
            if not c:
                break
            lists.append([(x, 0) for x in c])
        else:
            for union, _ in _combos(lists, 0, 8):
                sc_wins.append(union | 1 << z)
                keys |= 1 << z
    if vc_win is not None:
        return HResult(vc_win, sc_wins, keys, 0, work)
    must = 0
    if sc_wins:
        must = empty
        union = 0
        for c in sorted(sc_wins, key=int.bit_count):
            must &= c
            union |= c
            if not must:  # the OR rule over the winning SCs
                return HResult(union, sc_wins, keys, 0, work)
    return HResult(None, sc_wins, keys, must, work)
