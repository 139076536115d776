"""Hex's opening book (games/hex/book.py): every line legal, the half-turn lookup, where the
agent plays it and where it does not (swap on, other sizes, past the book, analysis)."""

import random

import pytest

import pygame_core
from pygame_core.agents.mcts import MCTSAgent
from pygame_core.analysis import analyse
from pygame_core.games.hex import book as hexbook
from pygame_core.games.hex import book_table


def hex11(swap=False, size=11):
    return pygame_core.new_game("hex", size=size, swap=swap, seed=3)


def test_every_line_of_the_table_is_kept_and_legal():
    table = hexbook.book()
    assert len(table) == len(book_table.BOOK) >= 62  # the empty board and every first move at least
    assert () in table
    firsts = {line[0] for line in table if len(line) == 1}
    assert {hexbook.half_turn(c) for c in firsts} | firsts == {hexbook.cell_name(x, y) for x in range(11) for y in range(11)}
    for line, answer in table.items():
        game = hex11()
        for m in line:
            game.play(m)
        assert not game.is_over
        assert game.parse_move(answer) in game.legal_moves(), (line, answer)


def test_the_half_turn_gives_the_turned_answer():
    rng = random.Random(5)
    for line, answer in hexbook.book().items():
        turned = [hexbook.half_turn(m) for m in line]
        assert hexbook.book_answer(list(line)) == answer
        if turned != list(line):  # (a line that is its own half-turn, e.g. f6, keeps its answer)
            assert hexbook.book_answer(turned) == hexbook.half_turn(answer)
        assert hexbook.canonical_line(turned) == list(line)
    for _ in range(200):  # any line: the same canonical line as its half-turn
        cells = rng.sample([hexbook.cell_name(x, y) for x in range(11) for y in range(11)], rng.randint(0, 3))
        assert hexbook.canonical_line(cells) == hexbook.canonical_line([hexbook.half_turn(c) for c in cells])


def test_lines_outside_the_book_have_no_answer():
    assert hexbook.book_answer(["a1", "b1", "c1", "d1"]) is None  # past the book's depth
    assert hexbook.book_answer(["a1", "b1", "c1"]) is None  # a line of three it does not hold
    assert hexbook.book_answer(["z9"]) is None and hexbook.book_answer(["a12"]) is None
    assert hexbook.book_answer(["a1", "a1"]) is None  # no such line


def test_malformed_table_lines_are_left_out(monkeypatch):
    monkeypatch.setattr(book_table, "BOOK", {"": "f6", "f6": "f6", "a1 q9": "b2", "k11": "a1", "x": "y",
                                             "a1": "zz", "b2": "c3"})
    monkeypatch.setattr(hexbook, "_BOOK", None)
    # kept: the empty board, b2 (canonical); left out: an answer on the line's own cell, a cell off
    # the board, a line not in canonical form (k11 is a1 turned), a name that is no cell
    assert hexbook.book() == {(): "f6", ("b2",): "c3"}
    monkeypatch.setattr(hexbook, "_BOOK", None)


def test_the_agent_plays_the_book_without_searching():
    game = hex11()
    agent = MCTSAgent(seed=1)
    move = agent.start(game)
    assert move is not None and game.format_move(move) == hexbook.book_answer([])
    assert agent.last_iterations == 0
    assert agent.choose(game) == move
    game.play(move)
    reply = MCTSAgent(seed=2).start(game)
    assert game.format_move(reply) == hexbook.book_answer([game.format_move(move)])


def test_the_table_holds_reds_second_moves_after_its_own_answers_and_no_third_moves():
    table = hexbook.book()
    assert not [line for line in table if len(line) == 2]  # Blue's third moves are the search's
    seconds = [line for line in table if len(line) == 3]
    assert len(seconds) >= 61  # at least one line after each opening's answer
    for line in seconds:  # each line starts with the book's own answer to the opening
        first, answer = line[0], hexbook.book_answer([line[0]])
        assert line[1] == answer or (hexbook.half_turn(first) == first and line[1] == hexbook.half_turn(answer)), line


def test_reds_second_move_is_played_only_within_four_book_plies():
    line = next(line for line in hexbook.book() if len(line) == 3)
    game = hex11()
    for m in line:
        game.play(m)
    agent = MCTSAgent(seed=1)
    agent.book_plies = 3
    assert agent.start(game) is None
    agent = MCTSAgent(seed=1)
    agent.book_plies = 4
    assert game.format_move(agent.start(game)) == hexbook.book_answer(list(line))
    turned = hex11()  # and its half-turn, the answer turned
    for m in line:
        turned.play(hexbook.half_turn(m))
    agent = MCTSAgent(seed=1)
    agent.book_plies = 4
    assert turned.format_move(agent.start(turned)) == hexbook.half_turn(hexbook.book_answer(list(line)))


def test_no_book_with_swap_other_sizes_past_it_or_when_asked_not_to():
    assert MCTSAgent(seed=1).start(hex11(swap=True)) is None
    assert MCTSAgent(seed=1).start(hex11(size=9)) is None
    agent = MCTSAgent(seed=1)
    agent.book_plies = 0
    assert agent.start(hex11()) is None
    game = hex11()
    for m in ("a1", "b1", "c1", "d1"):
        game.play(m)
    agent = MCTSAgent(seed=1)
    agent.book_plies = 5
    assert agent.start(game) is None
    y = pygame_core.new_game("y", seed=1)
    assert MCTSAgent(seed=1).start(y) is None


def test_analysis_searches_where_the_book_has_an_answer():
    out = analyse(hex11(), iterations=200)
    assert out["iterations"] > 100 and len(out["candidates"]) > 1


@pytest.mark.parametrize("first", ["f6", "a1", "k11", "c9"])
def test_play_from_the_book_on_is_deterministic_for_a_seed(first):
    def moves():
        game = hex11()
        game.play(first)
        agent = MCTSAgent(seed=4, iterations=50)
        for _ in range(3):
            game.apply(agent.choose(game))
        return [game.format_move(m) for m in game.history]

    line = moves()
    assert line == moves()
    answer = hexbook.book_answer([first])
    assert answer is not None and line[1] == answer  # Red's answer came from the book
