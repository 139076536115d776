"""What the bitboard modules share below :mod:`.bitboard` itself: :mod:`.bitboard` (playouts),
:mod:`.bitboard_vc` (must-play regions), :mod:`.bitboard_ica` (inferior cells) and
:mod:`.bitboard_captured` (captured sets) import this
module, and it imports none of them; :func:`drain` runs the stepwise searches (a search that
yields between pieces of its work, so the page's search can stop it at a slice's end).
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


def drain(steps):
    """Run a generator of work in steps (one that yields between pieces of its work and
    returns its result, as :func:`.bitboard_hsearch_pairs.pairs_steps` does) to its end: its
    result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def single_bits(m: int) -> list[int]:
    """The set bits of ``m`` as masks of one bit each, lowest first."""
    out = []
    while m:
        low = m & -m
        m ^= low
        out.append(low)
    return out
