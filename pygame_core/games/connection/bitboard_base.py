"""What the bitboard modules share below :mod:`.bitboard` itself: :mod:`.bitboard` (playouts),
:mod:`.bitboard_vc` (must-play regions), :mod:`.bitboard_ica` (inferior cells) and
:mod:`.bitboard_captured` (captured sets) import this
module, and it imports none of them.
"""

from __future__ import annotations


def disjoint(found: int, both: int, taken: int) -> int:
    """The anchors of ``found``, lowest first, whose carriers (``both`` shifted to the
    anchor) meet neither ``taken`` nor the carriers of an anchor kept before."""
    kept = 0
    while found:
        low = found & -found
        found ^= low
        pair = low * both
        if not pair & taken:
            taken |= pair
            kept |= low
    return kept


def single_bits(m: int) -> list[int]:
    """The set bits of ``m`` as masks of one bit each, lowest first."""
    out = []
    while m:
        low = m & -m
        m ^= low
        out.append(low)
    return out
