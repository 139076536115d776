"""The seed's radial Y boards (GamesCrafters numbering, rules spec y.md section 3.2).

Every node is ``[t, i]``: ring ("triangle") ``t`` from 0 (innermost) outwards and index ``i``
clockwise round the ring, index 0 of every ring at the same corner.  A board is an inner
triangle with ``center_rows`` nodes per side wrapped in ``outer_rows`` rings.  Neighbours follow
the spec's closed form and are computed once per board (the writeup's own future goal), listed
in the seed's clockwise order.
"""

from __future__ import annotations

from functools import lru_cache

SIDE_LEFT, SIDE_RIGHT, SIDE_BOTTOM = 1, 2, 4


class RadialLayout:
    """Rings, node names, neighbour table and sides of one radial configuration."""

    def __init__(self, center_rows: int, outer_rows: int):
        if center_rows < 2 or outer_rows < 0:
            raise ValueError("a radial Y board needs center_rows >= 2 and outer_rows >= 0")
        self.center_rows, self.outer_rows = center_rows, outer_rows
        s = center_rows - 1
        self.s = s
        self.t0 = s // 3  # the transition ring: rim of the inner triangle
        self.segs = [s % 3 + 3 * t for t in range(self.t0 + 1)] + [s + k for k in range(1, outer_rows + 1)]
        self.sizes = [3 * m if m else 1 for m in self.segs]
        self.nodes = [(t, i) for t, n in enumerate(self.sizes) for i in range(n)]
        self.index = {node: k for k, node in enumerate(self.nodes)}
        self.neighbours = tuple(tuple(self.index[nb] for nb in self._neighbours(t, i)) for t, i in self.nodes)
        outer = len(self.segs) - 1
        d = self.segs[outer]
        sides = [0] * len(self.nodes)
        for i in range(self.sizes[outer]):
            mask = ((SIDE_LEFT if i <= d else 0) | (SIDE_RIGHT if d <= i <= 2 * d else 0)
                    | (SIDE_BOTTOM if i >= 2 * d or i == 0 else 0))
            sides[self.index[(outer, i)]] = mask
        self.sides = tuple(sides)

    @property
    def rings(self) -> int:
        return len(self.segs)

    def _neighbours(self, t: int, i: int) -> list[tuple[int, int]]:
        m = self.segs[t]
        last = len(self.segs) - 1
        if m == 0:  # the centre node: the six non-corner nodes of ring 1, clockwise
            return [(1, j) for j in (1, 2, 4, 5, 7, 8)]
        n = 3 * m
        a, b = divmod(i, m)
        inner_ring = t <= self.t0
        out: list[tuple[int, int]] = [(t, (i + 1) % n)]
        if inner_ring and b == m - 1:
            out.append((t, (i + 2) % n))
        # inwards, from the larger index offset to the smaller
        if t >= 1:
            mi = self.segs[t - 1]
            if mi == 0:
                inward = [(t - 1, 0)] if b != 0 else []
            elif inner_ring:  # ring t-1 is an inner triangle with m - 3 segments
                ni = 3 * mi
                if b == 0:
                    inward = []
                elif b == 1 and b == m - 1:
                    inward = [(t - 1, ((a + 1) * mi) % ni), (t - 1, a * mi % ni)]
                elif b == 1:
                    inward = [(t - 1, a * mi % ni)]
                elif b == m - 1:
                    inward = [(t - 1, ((a + 1) * mi) % ni)]
                else:
                    inward = [(t - 1, (a * mi + b - 1) % ni), (t - 1, (a * mi + b - 2) % ni)]
            else:  # from an outer ring to ring t-1 with m - 1 segments
                ni, base = 3 * (m - 1), a * (m - 1)
                inward = [(t - 1, base % ni)] if b == 0 else [(t - 1, (base + b) % ni), (t - 1, (base + b - 1) % ni)]
            out += inward
        if inner_ring and b == 1:
            out.append((t, (i - 2) % n))
        out.append((t, (i - 1) % n))
        if t < last:  # outwards, in increasing offset order
            if t < self.t0:
                no, base = 3 * (m + 3), a * (m + 3)
                offs = (-2, -1, 1, 2) if b == 0 else (b + 1, b + 2)
            else:
                no, base = 3 * (m + 1), a * (m + 1)
                offs = (-1, 0, 1) if b == 0 else (b, b + 1)
            out += [(t + 1, (base + o) % no) for o in offs]
        seen, result = set(), []
        for nb in out:  # drop duplicates on tiny rings, keep the clockwise order
            if nb != (t, i) and nb not in seen:
                seen.add(nb)
                result.append(nb)
        return result

    def clockwise(self, node: tuple[int, int]) -> list[tuple[int, int]]:
        """The neighbours of ``node`` in the seed's clockwise order."""
        return [self.nodes[k] for k in self.neighbours[self.index[node]]]


def node_count(center_rows: int, outer_rows: int) -> int:
    """The spec's closed formula for the number of nodes."""
    s = center_rows - 1
    return (s + 1) * (s + 2) // 2 + (2 * s + outer_rows + 1) * outer_rows // 2 * 3


@lru_cache(maxsize=None)
def radial_layout(center_rows: int, outer_rows: int) -> RadialLayout:
    return RadialLayout(center_rows, outer_rows)
