"""Permanently inferior cells (games/connection/bitboard_perm.py) against brute force.

* the rule: filling one such cell, or the whole set found, for its player keeps the position's
  value whichever player moves (an exhaustive solver, Hex 4x4 and 5x5 random positions, regular
  Y 6);
* the outer conditions are needed: the bare shape (three of the player's neighbours, three empty
  ones) and shape 1 with one outer cell dropped change some position's value;
* the shapes are the ones drawn in the module docstring, on a board built for each."""

import pytest

from pygame_core.games.connection import bitboard_ica as ica
from pygame_core.games.connection.bitboard import hex_core
from pygame_core.games.connection.bitboard_perm import _back, perm_inferior

from test_inferior_cells import _bits, _random_positions, _random_y_positions, _solver


def _found(core, s0, s1, player):
    g = ica.geometry(core)
    bl, rd = ica._slot_masks(g, s0, s1)
    empty = core.full & ~(s0 | s1)
    return perm_inferior(g, bl, rd, empty, player, g.cells & empty)


def _keeps(wins, s0, s1, player, fill):
    a, b = (s0 | fill, s1) if player == 0 else (s0, s1 | fill)
    return all(wins(s0, s1, me) == wins(a, b, me) for me in (0, 1))


def _check(core, positions):
    wins = _solver(core)
    fired = 0
    for s0, s1 in positions:
        for p in (0, 1):
            cells = _found(core, s0, s1, p)
            if not cells:
                continue
            fired += 1
            for c in _bits(cells):
                assert _keeps(wins, s0, s1, p, c), (s0, s1, p, c)
            assert _keeps(wins, s0, s1, p, cells), (s0, s1, p, cells)
    return fired


@pytest.mark.parametrize("size, count, lo, hi", [(4, 700, 4, 10), (5, 200, 13, 17)])
def test_filling_them_keeps_the_value(size, count, lo, hi):
    core, positions = _random_positions(size, count, lo, hi, seed=40 + size)
    assert _check(core, positions) > count // 10


def test_regular_y():
    core, positions = _random_y_positions(6, 1500, 8, 14, seed=61)
    positions = [(a, b) for a, b in positions if _found(core, a, b, 0) | _found(core, a, b, 1)]
    assert _check(core, positions) >= 1


def _bare(core, s0, s1, player, drop_b_only=False):
    """The shape without its outer conditions (or shape 1 with ``b`` dropped): cells of three
    ``player`` neighbours in a row and the other three empty (and ``a`` the player's)."""
    g = ica.geometry(core)
    bl, rd = ica._slot_masks(g, s0, s1)
    own = bl if player == 0 else rd
    empty = core.full & ~(s0 | s1)
    opened = [_back(empty, o, g.full) for o in g.dirs]
    out = 0
    for k in range(6):
        d = [(k + j) % 6 for j in range(6)]
        t = g.cells & empty & own[d[0]] & own[d[1]] & own[d[2]] & opened[d[3]] & opened[d[4]] & opened[d[5]]
        if drop_b_only:
            t &= _back(own[d[0]], g.dirs[d[5]], g.full)
        out |= t
    return out


@pytest.mark.parametrize("drop_b_only", [False, True])
def test_the_outer_conditions_are_needed(drop_b_only):
    core, positions = _random_positions(4, 3000, 4, 10, seed=2)
    wins = _solver(core)
    for s0, s1 in positions:
        for p in (0, 1):
            for c in _bits(_bare(core, s0, s1, p, drop_b_only)):
                if not _keeps(wins, s0, s1, p, c):
                    return
    pytest.fail("no position where the weaker shape changes the value")


def _stones(core, cells):
    w = core.width
    return sum(1 << (y * w + x) for x, y in cells)


@pytest.mark.parametrize("shape, blue, red, found", [
    # c = (2, 2) on Hex 5; directions E NE N W SW S; s0 = E (3, 2), s1 = NE (3, 1), s2 = N (2, 1);
    # z = W (1, 2), y = SW (1, 3), x = S (2, 3); a = x's E (3, 3), b = z's N (1, 1);
    # x' = (2, 4), z' = (0, 2)
    (1, [(3, 2), (3, 1), (2, 1), (3, 3), (1, 1)], [], True),
    (1, [(3, 2), (3, 1), (2, 1), (3, 3)], [], False),  # b missing
    (2, [(3, 2), (3, 1), (2, 1), (3, 3)], [(0, 2)], True),  # a Blue's, z' Red's
    (2, [(3, 2), (3, 1), (2, 1), (1, 1)], [(2, 4)], True),  # mirror: b Blue's, x' Red's
    (3, [(3, 2), (3, 1), (2, 1)], [(2, 4), (0, 2)], True),
    (3, [(3, 2), (3, 1), (2, 1)], [(2, 4)], False),  # z' empty
    (3, [(3, 2), (3, 1), (2, 1)], [(2, 4), (0, 2), (1, 2)], False),  # z not empty
])
def test_the_shapes_as_drawn(shape, blue, red, found):
    core = hex_core(5)
    s0, s1 = _stones(core, blue), _stones(core, red)
    c = _stones(core, [(2, 2)])
    assert bool(_found(core, s0, s1, 0) & c) == found
    assert not _found(core, s0, s1, 1) & c  # (not Red's)


@pytest.mark.parametrize("size, count, lo, hi", [(4, 400, 4, 10), (5, 200, 13, 17)])
def test_the_whole_fill_in_with_them_keeps_the_value(size, count, lo, hi):
    """``fill_in(..., perm=True)``: captured pairs and these cells of both players, round after
    round, then dead cells; the value for either player to move and a winning move outside."""
    from test_inferior_cells import _check_values
    core, positions = _random_positions(size, count, lo, hi, seed=50 + size)
    wins = _solver(core)
    fill = ica.fill_in
    more = 0
    try:
        ica.fill_in = lambda core, s0, s1, rounds=3, regions=True: fill(core, s0, s1, rounds, regions, True)
        for s0, s1 in positions:
            with_perm = ica.fill_in(core, s0, s1)
            more += (with_perm[0] | with_perm[1]) != (fill(core, s0, s1, 3, True, False)[0] |
                                                      fill(core, s0, s1, 3, True, False)[1])
            _check_values(core, wins, s0, s1)
    finally:
        ica.fill_in = fill
    assert more >= count // 50
