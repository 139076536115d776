"""Hex rules (shared/rules/hex.md) and the seed's HexBoard facts (seed 002)."""

import json
import random

import pytest

import pygame_core
from pygame_core import IllegalMoveError, InvalidMoveError, InvalidOptionError, InvalidRecordError
from pygame_core.games.hex import (BLUE, EMPTY, RED, HexBoard, HexMove, full_board_winner,
                                   parse_cell)
from pygame_core.geometry import hexgrid


# ---------------------------------------------------------------- the seed's board
def test_play_area_is_0_to_10_on_the_seed_board():
    b = HexBoard()
    assert b.size == 11
    assert all(b.in_play_area(x, y) for x in range(11) for y in range(11))
    for x, y in [(-1, 0), (0, -1), (11, 0), (0, 11), (11, 11)]:
        assert not b.in_play_area(x, y)
    assert len(b.empty_cells()) == 121  # empty board: every cell empty


def test_seed_end_zone_table():
    b = HexBoard(11)
    top, bottom = b.end_zones(BLUE)
    left, right = b.end_zones(RED)
    assert top == [(x, -1) for x in range(11)] and bottom == [(x, 11) for x in range(11)]
    assert left == [(-1, y) for y in range(11)] and right == [(11, y) for y in range(11)]
    assert b.end_zone_owner(0, -1) == BLUE and b.end_zone_owner(10, 11) == BLUE
    assert b.end_zone_owner(-1, 5) == RED and b.end_zone_owner(11, 10) == RED
    for corner in [(-1, -1), (11, 11), (-1, 11), (11, -1)]:  # the four corners do not exist
        assert b.end_zone_owner(*corner) is None
    assert b.end_zone_owner(5, 5) is None


def test_seed_neighbour_offsets():
    assert set(hexgrid.NEIGHBOUR_OFFSETS) == {(0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1)}
    b = HexBoard(11)
    # from the seed's ASCII drawing: hex 1,1 touches 1,0 above, 1,2 below, 0,1 and 0,2 on the
    # left, 2,0 and 2,1 on the right
    assert set(b.neighbours(1, 1)) == {(1, 0), (1, 2), (0, 1), (0, 2), (2, 0), (2, 1)}
    assert set(b.neighbours(5, 5)) == {(5, 4), (5, 6), (4, 5), (6, 5), (4, 6), (6, 4)}


@pytest.mark.parametrize("n", [2, 3, 5, 11, 26])
def test_neighbour_counts(n):
    b = HexBoard(n)
    for x in range(n):
        for y in range(n):
            k = len(b.neighbours(x, y))
            if (x, y) in [(0, 0), (n - 1, n - 1)]:
                assert k == 2
            elif (x, y) in [(n - 1, 0), (0, n - 1)]:
                assert k == 3
            elif x in (0, n - 1) or y in (0, n - 1):
                assert k == 4
            else:
                assert k == 6
            for nb in b.neighbours(x, y):  # symmetric
                assert (x, y) in b.neighbours(*nb)


def test_corner_cells_touch_two_sides():
    b = HexBoard(11)
    zones = {b.end_zone_owner(*c) for c in b.neighbours(0, 0, include_end_zones=True)} - {None}
    assert zones == {BLUE, RED}
    assert set(b.neighbours(0, 0, include_end_zones=True)) == {(1, 0), (0, 1), (0, -1), (1, -1), (-1, 0), (-1, 1)}


def test_chain_between_end_zones_wins():
    b = HexBoard(3)
    b.place(0, 0, BLUE)
    b.place(0, 1, BLUE)
    assert b.winner is None
    b.place(1, 1, RED)
    b.place(0, 2, BLUE)
    assert b.winner == BLUE and b.has_won(BLUE) and not b.has_won(RED)
    assert set(b.winning_chain(BLUE)) == {(0, 0), (0, 1), (0, 2)}


def test_red_connects_left_right_through_diagonal_neighbours():
    b = HexBoard(3)
    for cell in [(0, 2), (1, 1), (2, 0)]:  # linked by the (+1,-1) offset
        b.place(*cell, RED)
    assert b.winner == RED


def test_place_rejects_taken_and_off_board():
    b = HexBoard(5)
    b.place(2, 2, BLUE)
    with pytest.raises(IllegalMoveError, match="already taken"):
        b.place(2, 2, RED)
    with pytest.raises(IllegalMoveError, match="not on the"):
        b.place(5, 0, RED)
    assert b.owner(2, 2) == BLUE and b.stones == 1


@pytest.mark.parametrize("n", [2, 3, 4, 7, 11])
def test_full_board_has_exactly_one_winner(n):
    rng = random.Random(n)
    for _ in range(30):
        b = HexBoard(n)
        cells = [i % 2 for i in range(n * n)]
        rng.shuffle(cells)
        for i, c in enumerate(cells):
            b.place_index(i, c)
        assert b.has_won(BLUE) != b.has_won(RED)
        assert full_board_winner(b.cells, n) == b.winner


# ---------------------------------------------------------------- notation
def test_notation_round_trip_and_seed_form():
    g = pygame_core.new_game("hex")
    assert str(g.parse_move("c5")) == "c5"
    assert g.parse_move("(2,4)") == g.parse_move("c5") == HexMove(2, 4)
    assert g.parse_move(" ( 2 , 4 ) ") == HexMove(2, 4)
    assert g.parse_move("C5") == HexMove(2, 4)
    assert str(g.parse_move("(0,0)")) == "a1" and str(g.parse_move("(10,10)")) == "k11"
    assert g.parse_move("SWAP") == HexMove.SWAP
    for m in g.legal_moves():
        assert g.parse_move(str(m)) == m


@pytest.mark.parametrize("text", ["l1", "a0", "a12", "(11,0)", "(0,-1)", "", "c", "5c", "hello", "a1b2"])
def test_malformed_or_off_board_text_is_rejected(text):
    g = pygame_core.new_game("hex")
    with pytest.raises(InvalidMoveError):
        g.play(text)
    assert g.history == [] and g.current_player == BLUE


def test_off_board_message_names_the_board():
    g = pygame_core.new_game("hex", size=5)
    with pytest.raises(InvalidMoveError, match="off the 5x5 board"):
        g.play("f1")


def test_moves_as_values():
    g = pygame_core.new_game("hex", size=5)
    g.play((2, 2))
    g.play(HexMove(1, 1))
    assert g.moves == ["c3", "b2"]
    with pytest.raises(InvalidMoveError):
        g.play((9, 9))
    with pytest.raises(InvalidMoveError):
        g.play(3.5)


# ---------------------------------------------------------------- the game
def test_blue_moves_first_and_players_alternate():
    g = pygame_core.new_game("hex", size=4)
    assert g.current_player == BLUE and g.player_names == ["Blue", "Red"]
    g.play("a1")
    assert g.current_player == RED
    g.play("b1")
    assert g.current_player == BLUE
    assert g.board.owner(0, 0) == BLUE and g.board.owner(1, 0) == RED


def test_occupied_cell_is_illegal_and_game_unchanged():
    g = pygame_core.new_game("hex", size=4)
    g.play("b2")
    before = g.record()
    with pytest.raises(IllegalMoveError, match="already taken by Blue"):
        g.play("(1,1)")
    assert g.record() == before


def test_win_ends_game_and_no_more_moves():
    g = pygame_core.new_game("hex", size=3)
    for m in ["a1", "b1", "a2", "b2", "a3"]:
        g.play(m)
    assert g.is_over and g.winners == [BLUE] and g.current_player is None
    assert g.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        g.play("c3")
    assert g.result_text() == "Blue wins"


def test_swap_rule():
    g = pygame_core.new_game("hex", size=5, swap=True)
    assert HexMove.SWAP not in g.legal_moves()
    g.play("c2")  # (2,1)
    assert HexMove.SWAP in g.legal_moves()
    g.play("swap")
    assert g.board.owner(2, 1) == EMPTY and g.board.owner(1, 2) == RED
    assert g.current_player == BLUE and g.moves == ["c2", "swap"]
    assert HexMove.SWAP not in g.legal_moves()
    with pytest.raises(IllegalMoveError, match="only allowed as Red's first move"):
        g.play("swap")


def test_swap_on_the_diagonal_and_when_off():
    g = pygame_core.new_game("hex", size=5, swap=True)
    g.play("c3")
    g.play("swap")
    assert g.board.owner(2, 2) == RED and g.board.stones == 1
    off = pygame_core.new_game("hex", size=5)
    off.play("c3")
    with pytest.raises(IllegalMoveError, match="swap rule is off"):
        off.play("swap")


def test_swap_then_win_is_detected():
    g = pygame_core.new_game("hex", size=2, swap=True)
    g.play("b1")  # (1,0) -> Red on (0,1) = a2
    g.play("swap")
    g.play("a1")  # Blue
    g.play("b2")  # Red: a2-b2 joins left and right
    assert g.winners == [RED]


@pytest.mark.parametrize("bad", [{"size": 1}, {"size": 27}, {"size": "11"}, {"size": True},
                                 {"swap": "yes"}, {"colour": "red"}])
def test_bad_options(bad):
    with pytest.raises(InvalidOptionError):
        pygame_core.new_game("hex", **bad)


def test_defaults():
    g = pygame_core.new_game("hex")
    assert g.options == {"size": 11, "swap": False}
    assert len(g.legal_moves()) == 121


def test_record_round_trip_and_bad_records():
    g = pygame_core.new_game("hex", seed=5, size=5, swap=True)
    for m in ["c2", "swap", "a1", "e5"]:
        g.play(m)
    rec = json.loads(json.dumps(g.record()))
    assert rec["moves"] == ["c2", "swap", "a1", "e5"] and rec["game"] == "hex" and rec["seed"] == 5
    h = pygame_core.replay(rec)
    assert h.render_text() == g.render_text() and h.moves == g.moves
    assert pygame_core.replay(json.dumps(rec)).moves == g.moves
    with pytest.raises(InvalidRecordError, match="move 2"):
        pygame_core.replay({**rec, "moves": ["c2", "c2"]})
    with pytest.raises(InvalidRecordError, match="unknown game"):
        pygame_core.replay({**rec, "game": "chess"})
    with pytest.raises(InvalidRecordError, match="not valid JSON"):
        pygame_core.replay(json.dumps(rec)[:-5])
    with pytest.raises(InvalidRecordError):
        pygame_core.replay({**rec, "options": {"size": 99}})
    with pytest.raises(InvalidRecordError):
        pygame_core.replay([1, 2])


def test_render_text_shows_board_and_result():
    g = pygame_core.new_game("hex", size=3)
    for m in ["a1", "b1", "a2", "b2", "a3"]:
        g.play(m)
    text = g.render_text()
    assert "Blue wins" in text and "[B]" in text and "B*" in text
    assert text.splitlines()[0].split()[:3] == ["a", "b", "c"]


def test_parse_cell_helper():
    assert parse_cell("k11", 11) == (10, 10)
    with pytest.raises(InvalidMoveError):
        parse_cell("k11", 10)
