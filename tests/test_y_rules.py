"""Y, regular family (shared/rules/y.md sections 3.1, 5, 7, 8, 9)."""

import random

import pytest

import pygame_core
from pygame_core import IllegalMoveError, InvalidMoveError, InvalidOptionError
from pygame_core.games.y import O, X, YBoard, YMove, full_board_y_owner
from pygame_core.geometry import ygrid


@pytest.mark.parametrize("n", [2, 3, 5, 13, 25])
def test_cell_counts_and_neighbour_symmetry(n):
    b = YBoard(n)
    assert len(b.cells) == n * (n + 1) // 2
    for x, y in b.cells_xy:
        nbrs = b.neighbours(x, y)
        assert 2 <= len(nbrs) <= 6
        for nb in nbrs:
            assert (x, y) in b.neighbours(*nb)


def test_corners_lie_on_two_sides():
    b = YBoard(5)
    assert b.sides(0, 0) == {"A", "B"} and b.sides(4, 0) == {"B", "C"} and b.sides(0, 4) == {"A", "C"}
    assert b.sides(2, 0) == {"B"} and b.sides(0, 2) == {"A"} and b.sides(2, 2) == {"C"}
    assert b.sides(1, 1) == set()
    assert set(b.neighbours(1, 1)) == {(1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2)}


def test_worked_example_group_along_side_a_to_the_far_corner():
    # X fills column a of a side-4 board: a1 (A,B) .. a4 (A,C) touches all three sides
    g = pygame_core.new_game("y", size=4)
    for m in ["a1", "b1", "a2", "b2", "a3", "c1"]:
        g.play(m)
    assert not g.is_over
    g.play("a4")
    assert g.winners == [X] and g.result_text() == "X wins"
    assert sorted(g.winning_group()) == [(0, 0), (0, 1), (0, 2), (0, 3)]


def test_two_sides_are_not_enough():
    g = pygame_core.new_game("y", size=5)
    for m in ["a1", "e1", "b1", "a5", "c1", "b4"]:  # X: a1 b1 c1 touches A and B only
        g.play(m)
    assert not g.is_over


def test_misere_completer_loses():
    g = pygame_core.new_game("y", size=2, misere=True)
    g.play("a1")  # X on A,B
    g.play("a2")  # O on A,C
    g.play("b1")  # X: a1-b1 touches A, B, C -> X completed, so X loses
    assert g.winners == [O]


def test_notation_and_bad_cells():
    g = pygame_core.new_game("y", size=5)
    assert g.parse_move("(2,1)") == g.parse_move("C2") == YMove(2, 1)
    assert str(YMove(0, 0)) == "a1"
    for bad in ["e2", "a6", "(3,2)", "f1", "swap"]:
        with pytest.raises(InvalidMoveError):
            g.play(bad)
    g.play("c2")
    with pytest.raises(IllegalMoveError, match="already taken by X"):
        g.play("(2,1)")


def test_options():
    assert pygame_core.new_game("y").options == {"family": "regular", "size": 13, "misere": False}
    for bad in [{"size": 1}, {"size": 26}, {"family": "hex"}]:
        with pytest.raises(InvalidOptionError):
            pygame_core.new_game("y", **bad)


@pytest.mark.parametrize("n", [2, 3, 4, 6, 9])
def test_no_draws_on_full_boards(n):
    rng = random.Random(n)
    for _ in range(40):
        cells = [i % 2 for i in range(n * (n + 1) // 2)]
        rng.shuffle(cells)
        b = YBoard(n)
        wins = {p: False for p in (X, O)}
        for i, c in enumerate(cells):
            wins[c] |= b.place_index(i, c)
        assert wins[X] != wins[O]
        assert full_board_y_owner(cells, n) == (X if wins[X] else O)


def test_random_games_end_before_the_board_is_full_or_on_it():
    for seed in range(20):
        g = pygame_core.new_game("y", size=6, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_moves()))
        assert len(g.history) <= 21 and g.winners
    assert ygrid.ALL_SIDES == 7
