"""Derive the edge templates of ``pygame_core/games/connection/edge_templates.py``.

    python build_scripts/edge_templates.py [--depth 4] [--margin 2]
    python build_scripts/edge_templates.py --helpers [--margin 1]

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

``--helpers`` derives ``HELPED``: the same with one more stone of Blue's (a *helper*) in the
region, at every cell of the fourth row's cone, beside the anchor and behind it, each with the
cells dropped in three orders (for the other minimal carriers), kept when H-search with the
table's templates does not already join the anchor (its own chain: a helper may lie apart) to
the side there, so each kept template adds a connection the search would otherwise miss.  About
a minute.  (The fifth row gives two more, of 16 and 18 cells; they added no proof on the
positions of ``benchmarks/data`` and take a minute each to check by playing every line, so
they are left out.)
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


def derive(depth: int = 4, margin: int = 2, helpers: tuple = (), order: int = 0) -> tuple | None:
    """The template's carrier offsets, or ``None`` when the region does not hold (or holds with
    no carrier at all: H-search alone joins the anchor and its helpers to the side)."""
    saved = et.TEMPLATES, et.HELPED
    et.TEMPLATES, et.HELPED = {}, ()  # (H-search without the templates: what it derives alone)
    core = hex_core(N)
    core.__dict__.pop("_edge_templates", None)
    try:
        return _derive(core, depth, margin, helpers, order)
    finally:
        et.TEMPLATES, et.HELPED = saved
        core.__dict__.pop("_edge_templates", None)


def _mask(depth: int, cells) -> int:
    return sum(1 << ((depth - 1 + dy) * (N + 1) + X0 + dx) for dx, dy in cells)


def _derive(core, depth: int, margin: int, helpers: tuple = (), order: int = 0):
    w, nb = N + 1, core.nbits
    stone = 1 << ((depth - 1) * w + X0)
    anchor = stone | _mask(depth, helpers)  # (the player's stones; the anchor's chain must reach the side)
    side = core.goals[0][0]

    def proved(mine: int, theirs: int) -> bool:
        chains, nchain, vc, _ = hsearch(core, mine, theirs, 0, budget=4000).tables
        for i, g in enumerate(chains):
            if g & stone:
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
    cells = [(x, y) for x, y in cells if not anchor >> (y * w + x) & 1]
    carrier = sum(1 << (y * w + x) for x, y in cells)
    if not holds(carrier) or helpers and proved(anchor, core.full & ~carrier & ~anchor):
        return None  # (with a helper: H-search alone may join them, no template needed)
    # the order cells are dropped in: the farthest from the anchor's line to the side first (0), or
    # from one end of the region (1: the left, 2: the right) for the other minimal carriers
    far = [lambda c: (-abs(c[0] - X0 - (depth - 1 - c[1]) / 2), c),
           lambda c: (c[0] + (depth - 1 - c[1]) / 2, c), lambda c: (-c[0] - (depth - 1 - c[1]) / 2, c)][order]
    for x, y in sorted(cells, key=far):
        smaller = carrier & ~(1 << (y * w + x))
        if holds(smaller):
            carrier = smaller
    offsets = [(b % w - X0, b // w - (depth - 1)) for b in range(nb) if carrier >> b & 1]
    return tuple(sorted(offsets, key=lambda c: (c[1], c[0])))


def already(depth: int, helpers: tuple, carrier: tuple) -> bool:
    """Whether H-search with the table's templates (``TEMPLATES`` and ``HELPED``) joins the
    anchor to the side within ``carrier`` (its helpers Blue's, every other cell Red's)."""
    core = hex_core(N)
    core.__dict__.pop("_edge_templates", None)
    try:
        nb = core.nbits
        a = 1 << ((depth - 1) * (N + 1) + X0)
        mine = a | _mask(depth, helpers)
        chains, nchain, vc, _ = hsearch(core, mine, core.full & ~_mask(depth, carrier) & ~mine, 0,
                                        budget=4000).tables
        g = next(i for i, c in enumerate(chains) if c & a)
        return bool(chains[g] & core.goals[0][0]) or bool(vc[g].get(nb + nchain))
    finally:
        core.__dict__.pop("_edge_templates", None)


def derive_helped(margin: int = 1) -> tuple:
    """``HELPED``: for the fourth row, each one-helper template that the table (as it grows,
    smallest carrier first) does not already give."""
    found = set()
    for depth in (4,):
        spots = [(-1, 1), (0, 1), (-2, 0), (-1, 0), (1, 0), (2, 0)]
        spots += [(dx, dy) for dy in range(2 - depth, 0) for dx in range(-2, depth + 1 + dy)]
        for h in spots:
            for order in (0, 1, 2):
                got = derive(depth, margin, (h,), order)
                if got is not None:
                    found.add((depth, (h,), got))
    found = sorted(found, key=lambda t: (len(t[2]), t))
    found.sort(key=lambda t: (len(t[2]), t))
    saved = et.HELPED
    kept = []
    try:
        for t in found:
            et.HELPED = tuple(kept)
            if not already(*t):
                kept.append(t)
    finally:
        et.HELPED = saved
    return tuple(sorted(kept))


def _bits(m: int):
    while m:
        low = m & -m
        m ^= low
        yield low


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--depth", type=int, default=4, choices=range(2, 7), metavar="2..6")
    ap.add_argument("--margin", type=int, default=None, choices=range(0, 4), metavar="0..3",
                    help="cells beyond the cone on each side (default 2; 1 with --helpers)")
    ap.add_argument("--helpers", action="store_true", help="derive HELPED: templates with one helper stone")
    args = ap.parse_args(argv)
    if args.helpers:
        print("HELPED = (")
        for depth, helpers, cells in derive_helped(1 if args.margin is None else args.margin):
            print(f"    ({depth}, {helpers}, {cells}),  # {len(cells)} cells")
        print(")")
        return 0
    args.margin = 2 if args.margin is None else args.margin
    found = derive(args.depth, args.margin)
    if found is None:
        print(f"no template of row {args.depth} within a margin of {args.margin} (one reply, then H-search)")
        return 1
    print(f"{args.depth}: {found},  # {len(found)} cells")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
