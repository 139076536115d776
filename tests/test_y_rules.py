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
    assert g.winners == [X] and g.result_text() == "Blue wins"
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
    with pytest.raises(IllegalMoveError, match="already taken by Blue"):
        g.play("(2,1)")


def test_options():
    assert pygame_core.new_game("y").options == {"family": "regular", "size": 13, "center_rows": 5,
                                                 "outer_rows": 4, "misere": False}
    for bad in [{"size": 1}, {"size": 26}, {"family": "hex"}, {"center_rows": 1}, {"outer_rows": -1}]:
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


# ---------------------------------------------------------------- radial family
@pytest.mark.parametrize("config, total", [((3, 2), 27), ((4, 3), 55), ((5, 4), 93), ((2, 0), 3)])
def test_radial_games_play_to_the_end_and_replay(config, total):
    from pygame_core import view
    for seed in range(5):
        g = pygame_core.new_game("y", seed=seed, family="radial", center_rows=config[0], outer_rows=config[1])
        assert len(g.legal_moves()) == total
        rng = random.Random(seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_moves()))
        assert g.winners and g.winning_group()
        assert pygame_core.replay(g.record()).render_text() == g.render_text()
        scene = view.scene(g)
        wins = [i for layer in scene["layers"] for i in layer["items"] if "win" in i.get("cls", "").split()]
        assert sorted(i["target"] for i in wins) == sorted(f"{t}.{i}" for t, i in g.winning_group())


def test_radial_default_is_the_93_node_board_and_notation():
    g = pygame_core.new_game("y", family="radial")
    assert len(g.legal_moves()) == 93
    assert str(g.parse_move("[2, 11]")) == "2.11" == str(g.parse_move("2,11")) == str(g.parse_move(" 2.11 "))
    for bad in ["6.0", "0.3", "a1", "2.", "-1.0"]:
        with pytest.raises(InvalidMoveError):
            g.play(bad)
    g.play("2.11")
    with pytest.raises(IllegalMoveError, match="already taken by Blue"):
        g.play("[2,11]")


def test_radial_worked_example_nine_node_board():
    # (2,1): ring 0 = 3 nodes (seg 1), ring 1 = 6 nodes (seg 2) on the sides:
    # left = 1.0..1.2, right = 1.2..1.4, bottom = 1.4, 1.5, 1.0 (corners 1.0, 1.2, 1.4 on two)
    g = pygame_core.new_game("y", family="radial", center_rows=2, outer_rows=1)
    assert g.board.sides(1, 0) == {"left", "bottom"} and g.board.sides(1, 2) == {"left", "right"}
    assert g.board.sides(1, 1) == {"left"} and g.board.sides(0, 0) == set()
    assert set(g.board.neighbours(0, 0)) == {(0, 1), (0, 2), (1, 0), (1, 1), (1, 5)}
    for m in ["1.0", "0.0", "1.1", "0.1"]:
        g.play(m)
    assert not g.is_over  # X touches left and bottom only
    g.play("1.2")  # the corner 1.2 adds the right side: 1.0-1.1-1.2 is a Y
    assert g.winners == [X]
    assert sorted(g.winning_group()) == [(1, 0), (1, 1), (1, 2)]


@pytest.mark.parametrize("kind", [{"size": 7}, {"family": "radial", "center_rows": 4, "outer_rows": 3}])
def test_is_win_agrees_with_the_incremental_union_find(kind):
    for seed in range(15):
        g = pygame_core.new_game("y", seed=seed, **kind)
        rng = random.Random(seed)
        while not g.is_over:
            for p in (X, O):
                assert not g.board.is_win(p)
            g.play(rng.choice(g.legal_moves()))
        assert g.board.is_win(g.winners[0]) and not g.board.is_win(1 - g.winners[0])
