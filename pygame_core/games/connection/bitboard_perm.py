"""Permanently inferior cells: an empty cell a player may fill, by three shapes around it.

Name the six neighbours of an empty cell ``c`` in cyclic order ``s0 s1 s2 z y x``.  The shape
needs ``s0``, ``s1`` and ``s2`` to be player ``P``'s (stones or ``P``'s edge) and ``x``, ``y``,
``z`` empty cells.  Two more cells each side count: ``a``, the cell next to both ``x`` and
``s0`` (not ``c``), and ``x'``, the cell beyond ``x`` in line from ``c``; on the other side ``b``
(next to ``z`` and ``s2``) and ``z'`` (beyond ``z``).  The cell ``c`` is *permanently inferior*
for ``P`` when, besides, ``a`` and ``b`` are ``P``'s (shape 1), or ``a`` is ``P``'s and ``z'``
the opponent's (shape 2, and its mirror image: ``b`` ``P``'s, ``x'`` the opponent's), or ``x'``
and ``z'`` are both the opponent's (shape 3).  Drawn one way round (``P``: ``s0``, ``s1``,
``s2``; ``o``: the opponent's; ``.``: anything), each with all six turns and its mirror image::

     a x y             a x y               o
      P c z             P c z o           . x y
       P P b             P P               P c z o
                                            P P
    shape 1           shape 2            shape 3

These are the shapes of the permanently inferior cells that Benzene's fill-in (``ICEngine``,
MoHex's engine) fills, read from the drawings in its pattern file and written here as bit masks
(no pattern file enters this package).

**Why the colour of ``c`` rarely matters.**  In any full board, ``P``'s stone at ``c`` joins
``s0``-``s2`` (one group: consecutive neighbours touch) to ``x``, ``y`` and ``z``; but ``x``
touches ``s0`` and ``z`` touches ``s2`` without ``c``, so the stone only matters when ``y`` is
``P``'s and ``x`` and ``z`` are not.  The opponent's stone at ``c`` joins ``x``, ``y`` and ``z``
(``s0``-``s2`` are ``P``'s), and ``y`` touches both others, so it only matters when ``x`` and
``z`` are the opponent's and ``y`` is not.  So ``c`` decides a full board only when ``x`` and
``z`` are the opponent's and ``y`` is ``P``'s; the outer cells ``a``, ``b``, ``x'``, ``z'`` hem
that pocket in.  **The rule** - filling ``c`` for ``P`` keeps the position's value, whichever
player moves - is checked by ``tests/test_perm_inferior.py`` against an exhaustive solver on
every position of Hex 4x4 and 5x5 samples (and regular Y boards) where a shape matches; shapes
with any of the outer conditions dropped fail there, and the test shows it.

**Use.**  :func:`perm_inferior` returns a set of such cells, no two next to each other (each
keeps its shape when the others are filled: a filled cell is a ``P`` stone, and none lies in
another's ``x y z``), which :func:`.bitboard_ica.fill_in` fills for ``P`` with the captured
pairs, then looks again.  A winning move, if the player to move has one, lies outside them: if
``P`` wins by playing ``c``, ``P`` wins the filled position with the opponent to move, so the
original too, and then every move wins; the opponent wins the filled position by a move outside
``c``, and it wins the original as well (``c`` empty is no worse for it than ``P``'s).
"""

from __future__ import annotations


def _back(mask: int, o: int, full: int) -> int:
    """The cells ``c`` whose cell ``c + o`` is in ``mask``."""
    return (mask >> o if o > 0 else mask << -o) & full


def perm_inferior(g, bl: list, rd: list, empty: int, player: int, cand: int) -> int:
    """Cells of ``cand`` (empty cells with six neighbours, :class:`.bitboard_ica.Geometry`)
    permanently inferior for ``player``, no two adjacent (module docstring).  ``bl``/``rd``:
    per direction, the cells whose neighbour that way is Blue's/Red's (stones or edge);
    ``empty``: the empty cells."""
    own, theirs = (bl, rd) if player == 0 else (rd, bl)
    full = g.full
    dirs = g.dirs
    open_ = [_back(empty, o, full) for o in dirs]  # cells whose d-neighbour is an empty cell
    found = 0
    for k in range(6):
        d3, d4, d5 = (k + 3) % 6, (k + 4) % 6, (k + 5) % 6
        d1, d2 = (k + 1) % 6, (k + 2) % 6
        t = cand & own[k] & own[d1] & own[d2] & open_[d3] & open_[d4] & open_[d5]
        if not t:
            continue
        ox, oz = dirs[d5], dirs[d3]  # c -> x, c -> z
        a = _back(own[k], ox, full)  # x's neighbour towards s0's side: a
        b = _back(own[d2], oz, full)  # z's: b
        xo = _back(theirs[d5], ox, full)  # x', the opponent's
        zo = _back(theirs[d3], oz, full)  # z'
        found |= t & (a & b | a & zo | b & xo | xo & zo)
    out = 0
    while found:
        c = found & -found
        found ^= c
        out |= c
        for o in dirs:  # (keep no neighbour of a cell taken)
            found &= ~_back(c, -o, full)
    return out
