"""What the bitboard modules share below :mod:`.bitboard` itself: :mod:`.bitboard` (playouts),
:mod:`.bitboard_vc` (must-play regions) and :mod:`.bitboard_ica` (inferior cells) import this
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
