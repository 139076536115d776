"""Virtual connections on the bitboard core (:mod:`.bitboard`): where a player must play when
the opponent's groups join its sides through bridges and edge templates.

A bridge (two stones with two empty common neighbours) and an edge template (a stone on the
second line of a side, with its two neighbours on the side empty) each hold whatever the other
player does outside their two carriers: an intrusion into one carrier is answered in the other.
So if a player's groups join all of its sides once every such pattern counts as joined (the
patterns taken lowest first, none sharing a carrier with one taken before), that player wins, and
every move of the opponent off the carriers the joining group uses loses (Hex and Y: stones are
never taken, and two players cannot both connect).  The search (``games/connection/mcts.py``)
proves such a position lost for the player to move.
"""

from __future__ import annotations

from .bitboard_base import disjoint


def must_play(core, stones: int, empty: int, player: int) -> int:
    """Where the opponent of ``player`` must play, when ``player`` is virtually connected:
    its groups join all of its sides once each intact bridge (two stones with two empty
    common neighbours) links its two stones and each intact edge template (a stone on a
    side's second line with its two side cells empty) touches that side, the patterns taken
    lowest first without a shared carrier, as :meth:`BitCore.bridges_split` takes them.
    Each such pattern holds whatever the opponent does outside its two carriers (``player``
    answers in the other), so every move outside the carriers of the patterns the joining
    group uses loses: the result is those carriers (a subset of ``empty``), or ``0`` when
    ``player`` is not virtually connected this way."""
    bridges, edges0, edges1, _ = core._split or core._split_tables()
    taken = 0
    links = []  # (kept anchors, s1, s2, c1, c2): bridges between a + s1 and a + s2
    for s1, s2, c1, c2, both in bridges:
        found = stones >> s1 & stones >> s2 & empty >> c1 & empty >> c2
        kept = disjoint(found, both, taken)
        if kept:
            links.append((kept, s1, s2, c1, c2))
            taken |= _carriers(kept, c1, c2)
    sides = list(core.goals[player])
    templates = []  # (kept anchors, s0, c1, c2)
    for line, s0, c1, c2, both in (edges1 if player else edges0):
        found = stones >> s0 & line & empty >> c1 & empty >> c2
        kept = disjoint(found, both, taken)
        if kept:
            taken |= _carriers(kept, c1, c2)
            templates.append((kept, s0, c1, c2))
            on = _carriers(kept, c1, c2)
            for i, side in enumerate(sides):  # the stone touches a side both carriers are on
                if on & side:
                    sides[i] = side | (kept & side >> c1 & side >> c2) << s0
    if not links and not templates:
        return 0
    group = 0
    if len(sides) == 2:  # one fill from the first side reaches the second or not
        r = _linked(core, stones & sides[0], stones, links, sides[1])
        if r & sides[1]:
            group = r
    else:
        seeds = stones & sides[0]
        while seeds:  # each group touching the first side
            r = _linked(core, seeds & -seeds, stones, links, 0)
            seeds &= ~r
            if all(r & side for side in sides[1:]):
                group = r
                break
    if not group:
        return 0
    out = 0
    for kept, s1, s2, c1, c2 in links:
        used = kept & group >> s1
        if used:
            out |= _carriers(used, c1, c2)
    for kept, s0, c1, c2 in templates:
        used = kept & group >> s0
        if used:
            out |= _carriers(used, c1, c2)
    return out


def _linked(core, r: int, stones: int, links: list, target: int) -> int:
    """:meth:`BitCore.flood` that also follows each bridge of ``links`` from one stone to the
    other (it may stop once it meets ``target``)."""
    while True:
        g = core.around(r) & stones
        for kept, s1, s2, _, _ in links:
            g |= (r >> s1 & kept) << s2 | (r >> s2 & kept) << s1
        if g == r or g & target:
            return g
        r = g


def _carriers(anchors: int, c1: int, c2: int) -> int:
    """The carrier cells of the patterns anchored at ``anchors``."""
    return anchors << c1 | anchors << c2
