"""The clique rule of inferior-cell analysis (games/connection/bitboard_regions.py) against brute
force: every cell it calls dead is dead (in every completion of the board the winner does not
depend on its colour, and a dead region's cells together: any colouring of the region gives the
same winner), on every Hex 3x3 position, random Hex 4x4 and 5x5 positions and random regular Y
positions; and it finds what the neighbourhood rule cannot (cells behind a wall)."""

from itertools import product

import pytest

from pygame_core.games.connection import bitboard_ica as ica
from pygame_core.games.connection import bitboard_regions as regions
from pygame_core.games.connection.bitboard import hex_core

from test_inferior_cells import _all_positions, _bits, _random_positions, _random_y_positions


def _check_dead_together(core, s0, s1, dead):
    """Every colouring of ``dead`` gives the same winner in every completion of the rest."""
    empty = core.full & ~(s0 | s1)
    rest = _bits(empty & ~dead)
    cells = _bits(dead)
    for colours in product((0, 1), repeat=len(rest)):
        a = s0 | sum(b for b, x in zip(rest, colours) if x == 0)
        b = s1 | sum(b for b, x in zip(rest, colours) if x == 1)
        winner = core.full_winner(a | dead, b)
        if len(cells) <= 6:
            for mine in product((0, 1), repeat=len(cells)):
                d0 = sum(c for c, x in zip(cells, mine) if x == 0)
                assert core.full_winner(a | d0, b | (dead & ~d0)) == winner, (s0, s1, dead)
        else:
            assert core.full_winner(a, b | dead) == winner, (s0, s1, dead)


def test_hex3_every_position():
    core = hex_core(3)
    found = 0
    for s0, s1 in _all_positions(core):
        dead = regions.dead_cells(core, s0, s1)
        if dead:
            found += 1
            _check_dead_together(core, s0, s1, dead)
    assert found > 1000


@pytest.mark.parametrize("size, count, lo, hi", [(4, 1500, 4, 11), (5, 300, 10, 17)])
def test_random_hex_positions(size, count, lo, hi):
    core, positions = _random_positions(size, count, lo, hi, seed=40 + size)
    found = beyond = 0
    for s0, s1 in positions:
        dead = regions.dead_cells(core, s0, s1)
        if dead:
            found += 1
            beyond += bool(dead & ~ica.dead_cells(core, s0, s1))
            _check_dead_together(core, s0, s1, dead)
    assert found > count // 10 and beyond > count // 50, (found, beyond)


@pytest.mark.parametrize("size", [5, 6])
def test_random_regular_y_positions(size):
    core, positions = _random_y_positions(size, 200, size + 2, 2 * size + 2, seed=size)
    found = 0
    for s0, s1 in positions:
        dead = regions.dead_cells(core, s0, s1)
        if dead:
            found += 1
            _check_dead_together(core, s0, s1, dead)
    assert found >= 10, found


def test_a_region_behind_a_wall_is_dead():
    """Hex 5: Blue's group a3 b3 b4 c4 c5 (on Blue's bottom side) walls off the corner a4 a5 b5:
    to Blue the corner touches one node (that group with the bottom side), so all three cells
    are dead, which the neighbourhood rule alone does not see for a4 and b5; with c4 empty the
    corner joins the open board and is not."""
    core = hex_core(5)
    w = core.width

    def bits(*names):
        return sum(1 << ((int(n[1:]) - 1) * w + ord(n[0]) - 97) for n in names)

    wall = bits("a3", "b3", "b4", "c4", "c5")
    corner = bits("a4", "a5", "b5")
    red = bits("e1", "d2")
    assert regions.dead_cells(core, wall, red) & corner == corner
    assert ica.dead_cells(core, wall, red) & corner != corner
    f0, f1, dead = ica.fill_in(core, wall, red)
    assert (f0 | f1 | dead) & corner == corner and dead & corner
    _check_dead_together(core, wall, red, corner)
    assert regions.dead_cells(core, wall & ~bits("c4"), red) & corner != corner


def test_misere_boards_are_left_alone():
    core = hex_core(3)
    core_m = type(core).__new__(type(core))
    core_m.__dict__.update(core.__dict__)
    core_m.misere = True
    assert regions.dead_cells(core_m, 0, 0) == 0
