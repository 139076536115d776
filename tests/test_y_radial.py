"""The seed's radial Y boards ([triangle, index] nodes): counts, neighbours, sides, no draws."""

import random
from collections import Counter

import pytest

from pygame_core.geometry import ygrid
from pygame_core.geometry.yradial import (SIDE_BOTTOM, SIDE_LEFT, SIDE_RIGHT, node_count,
                                          radial_layout)

CONFIGS = {(3, 2): 27, (4, 3): 55, (5, 4): 93, (2, 0): 3, (2, 1): 9, (2, 2): 18, (2, 3): 30,
           (3, 0): 6, (3, 1): 15, (4, 0): 10, (4, 1): 22, (5, 0): 15}


@pytest.mark.parametrize("config, total", CONFIGS.items())
def test_node_counts(config, total):
    layout = radial_layout(*config)
    assert len(layout.nodes) == total == node_count(*config)
    assert len(set(layout.nodes)) == total


def test_standard_boards_rings():
    assert radial_layout(3, 2).sizes == [6, 9, 12]
    assert radial_layout(4, 3).sizes == [1, 9, 12, 15, 18]
    assert radial_layout(5, 4).sizes == [3, 12, 15, 18, 21, 24]


@pytest.mark.parametrize("config", list(CONFIGS))
def test_neighbours_symmetric_and_degrees(config):
    layout = radial_layout(*config)
    for k, nbrs in enumerate(layout.neighbours):
        assert k not in nbrs and len(set(nbrs)) == len(nbrs)
        for j in nbrs:
            assert k in layout.neighbours[j]
    degrees = Counter(len(n) for n in layout.neighbours)
    center_rows, outer_rows = config
    if outer_rows >= 1:
        s = center_rows - 1
        outer_seg = s + outer_rows
        assert degrees[3] == 3                       # the three outer corners
        assert degrees[5] == 3                       # the corners of the inner triangle
        assert degrees[4] == 3 * (outer_seg - 1)     # the rest of the rim
        assert degrees[6] == len(layout.nodes) - 6 - 3 * (outer_seg - 1)
    else:  # the same graph as a regular board of side center_rows
        regular = Counter(len(n) for n in ygrid.regular_neighbours(center_rows))
        assert degrees == regular
        assert sum(degrees.elements()) == sum(regular.elements())


def test_centre_node_and_clockwise_order():
    layout = radial_layout(4, 3)  # 55 nodes: a single centre node
    assert layout.clockwise((0, 0)) == [(1, 1), (1, 2), (1, 4), (1, 5), (1, 7), (1, 8)]
    # corner [1,0] of ring 1: same ring i+1, (no inner), same ring i-1, then outwards B-1, B, B+1
    assert layout.clockwise((1, 0)) == [(1, 1), (1, 8), (2, 11), (2, 0), (2, 1)]


def test_sides_of_the_outermost_ring():
    layout = radial_layout(5, 4)
    d = 8
    side = {layout.nodes[k]: m for k, m in enumerate(layout.sides) if m}
    assert len(side) == 24
    assert side[(5, 0)] == SIDE_LEFT | SIDE_BOTTOM
    assert side[(5, d)] == SIDE_LEFT | SIDE_RIGHT
    assert side[(5, 2 * d)] == SIDE_RIGHT | SIDE_BOTTOM
    assert side[(5, 3)] == SIDE_LEFT and side[(5, 12)] == SIDE_RIGHT and side[(5, 20)] == SIDE_BOTTOM


def y_owners(layout, cells):
    """Players with a group touching all three sides (plain BFS)."""
    owners = set()
    seen = set()
    for start, c in enumerate(cells):
        if start in seen:
            continue
        stack, mask = [start], 0
        seen.add(start)
        while stack:
            k = stack.pop()
            mask |= layout.sides[k]
            for j in layout.neighbours[k]:
                if j not in seen and cells[j] == c:
                    seen.add(j)
                    stack.append(j)
        if mask == 7:
            owners.add(c)
    return owners


@pytest.mark.parametrize("config", list(CONFIGS))
def test_full_boards_have_exactly_one_y(config):
    """The Y theorem: a wrong neighbour table would soon produce a draw or two winners."""
    layout = radial_layout(*config)
    rng = random.Random(sum(config))
    for _ in range(200):
        cells = [rng.randrange(2) for _ in layout.nodes]
        assert len(y_owners(layout, cells)) == 1
