"""Derive the edge templates of ``pygame_core/games/connection/edge_templates.py``.

    python build_scripts/edge_templates.py [--depth 4] [--margin 2]

A template of row ``depth`` is searched on Hex 13x13, a lone Blue stone (the anchor) on that row
of the top side, in a region below it: the cells between the anchor and the side, ``margin``
cells wider on each side, and the anchor's two neighbours in its own row; every other cell is
Red's.  The region *holds* when every Red intrusion has a Blue reply after which the anchored
H-search (``bitboard_hsearch``, without any edge template) proves a VC from the anchor to the
side: sound, since every connection H-search claims holds (``tests/test_hsearch.py`` checks them
against an exhaustive solver).  Cells are then dropped one at a time, the farthest from the
anchor's line to the side first, whenever the region still holds: the carrier printed is minimal
for this proof (one intrusion, one reply, then H-search).  Printed as the offsets of
``TEMPLATES[depth]`` (anchor ``(0, 0)``, ``dy < 0`` towards the side); the tests compare the
table with :func:`derive`.  About a second on a desktop.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pygame_core.games.connection import edge_templates as et  # noqa: E402
from pygame_core.games.connection.bitboard import hex_core  # noqa: E402
from pygame_core.games.connection.bitboard_hsearch import hsearch  # noqa: E402

N, X0 = 13, 5


def derive(depth: int = 4, margin: int = 2) -> tuple | None:
    """The template's carrier offsets, or ``None`` when the region does not hold."""
    saved = et.TEMPLATES
    et.TEMPLATES = {}  # (H-search without the templates: what it derives alone)
    core = hex_core(N)
    core.__dict__.pop("_edge_templates", None)
    try:
        return _derive(core, depth, margin)
    finally:
        et.TEMPLATES = saved
        core.__dict__.pop("_edge_templates", None)


def _derive(core, depth: int, margin: int):
    w, nb = N + 1, core.nbits
    anchor = 1 << ((depth - 1) * w + X0)
    side = core.goals[0][0]

    def proved(mine: int, theirs: int) -> bool:
        chains, nchain, vc, _ = hsearch(core, mine, theirs, 0, budget=4000).tables
        for i, g in enumerate(chains):
            if g & anchor:
                return bool(g & side) or bool(vc[i].get(nb + nchain))
        return False

    def holds(carrier: int) -> bool:
        outside = core.full & ~carrier & ~anchor
        for c in _bits(carrier):
            replies = sorted(_bits(carrier & ~c), key=lambda r: not core.around(c) & r)
            if not any(proved(anchor | r, outside | c) for r in replies):
                return False
        return True

    cells = [(x, y) for y in range(depth - 1) for x in range(X0 - margin, X0 + depth - 1 - y + margin + 1)]
    cells += [(X0 - 1, depth - 1), (X0 + 1, depth - 1)]
    carrier = sum(1 << (y * w + x) for x, y in cells)
    if not holds(carrier):
        return None
    for x, y in sorted(cells, key=lambda c: (-abs(c[0] - X0 - (depth - 1 - c[1]) / 2), c)):
        smaller = carrier & ~(1 << (y * w + x))
        if holds(smaller):
            carrier = smaller
    offsets = [(b % w - X0, b // w - (depth - 1)) for b in range(nb) if carrier >> b & 1]
    return tuple(sorted(offsets, key=lambda c: (c[1], c[0])))


def _bits(m: int):
    while m:
        low = m & -m
        m ^= low
        yield low


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--depth", type=int, default=4, choices=range(2, 7), metavar="2..6")
    ap.add_argument("--margin", type=int, default=2, choices=range(0, 4), metavar="0..3")
    args = ap.parse_args(argv)
    found = derive(args.depth, args.margin)
    if found is None:
        print(f"no template of row {args.depth} within a margin of {args.margin} (one reply, then H-search)")
        return 1
    print(f"{args.depth}: {found},  # {len(found)} cells")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
