"""VC maintenance (MoHex 2.0's "VCM" in its tree): where a node's H-search found the
virtual connections of the player who moved there, a move of the opponent that breaks one of
them (a *probe*: a cell in every carrier the search kept between two of that player's anchors)
is answered first by the moves that join the two again.

A reply ``q`` mends the pair ``(a, b)`` when the search kept VCs ``(a, q, A)`` and ``(q, b, B)``
with ``A`` and ``B`` disjoint and the probe in neither: the AND rule through ``q``, so with
``q`` played the two are joined again whatever the probe did.  That is the *key* of a
semi-connection the probe missed, which is what MoHex's ``VCUtil::RespondToProbe`` answers
with (it also tries flares, which we leave out).  A heuristic for the search's order, never a
proof: the search still has to find that the reply works.
"""

from __future__ import annotations


def _rows(tables, nb: int, anchors: int) -> list:
    """Each anchor's row of the VC table (point -> carriers), whichever search made it: the
    anchored one keeps a list indexed by anchor, the search over every pair a dict by point
    (an anchor ``i`` is the point ``nb + i`` in both)."""
    vc = tables[2]
    if isinstance(vc, list):
        return vc[:anchors]
    return [vc.get(nb + i, {}) for i in range(anchors)]


def replies(core, result, player: int, empty: int, pairs_max: int = 64) -> dict:
    """``{probe: cells}`` (bit positions to a mask of empty cells) for ``player``'s connections in
    ``result`` (an :class:`~.bitboard_hsearch.HResult` with its ``tables``): for each probe, the
    cells that mend some pair of anchors it breaks (see the module's docstring).  Pairs of two
    sides are left out (their connection is the win itself), and at most ``pairs_max`` pairs are
    looked at (the first in anchor order), so the work stays small."""
    tables = result.tables
    if tables is None:
        return {}
    nb = core.nbits
    nchain = tables[1]
    anchors = nchain + len(core.goals[player])
    rows = _rows(tables, nb, anchors)
    out: dict = {}
    looked = 0
    for a in range(anchors):
        ra = rows[a]
        for b in range(a + 1, anchors):
            if a >= nchain:  # (two sides: b is a side too)
                break
            cars = ra.get(nb + b)
            if not cars:
                continue
            looked += 1
            if looked > pairs_max:
                return out
            inter = empty
            for c in cars:
                inter &= c
            if not inter:
                continue
            rb = rows[b]
            menders = []  # (reply, the carrier its AND rule needs)
            for q, lst in ra.items():
                if q >= nb or not empty >> q & 1:
                    continue
                other = rb.get(q)
                if not other:
                    continue
                for c1 in lst:
                    for c2 in other:
                        if not c1 & c2:
                            menders.append((q, c1 | c2))
            if not menders:
                continue
            probes = inter
            while probes:
                low = probes & -probes
                probes ^= low
                mask = 0
                for q, carrier in menders:
                    if not carrier & low:
                        mask |= 1 << q
                mask &= ~low
                if mask:
                    p = low.bit_length() - 1
                    out[p] = out.get(p, 0) | mask
    return out
