"""Second-line ladders played out before a fill (``ladders.py``, the search's ``playout_ladders``)."""

import random

import pytest

import pygame_core
from pygame_core.agents.mcts import MCTSAgent
from pygame_core.games.connection import ladders as ladders_module
from pygame_core.games.connection.bitboard import PermPool, hex_core
from pygame_core.games.connection.ladders import ladders, resolve

N = 7
CORE = hex_core(N)


def bits(*names: str) -> int:
    """The bits of Hex 7 cells named like ``d2`` (column letter, row number)."""
    out = 0
    for name in names:
        x, y = ord(name[0]) - 97, int(name[1:]) - 1
        out |= 1 << CORE.positions[y * N + x]
    return out


def played(blue: int, red: int, to_move: int):
    """The cells ``resolve`` gives Blue and Red from a position."""
    s = [blue, red]
    resolve(CORE, s, to_move)
    return s[0] & ~blue, s[1] & ~red


@pytest.mark.parametrize("to_move", [0, 1])
def test_a_dead_ladder_is_blocked_not_run(to_move):
    """Blue's d2 under Red's d1 and e1, no escape: Red takes the cells ahead of d2 along row 2
    (c2, e2) and Blue their side cells (c1, f1): the fill cannot join d2 to the top through the
    ladder, and the cells stay balanced."""
    assert played(bits("d2"), bits("d1", "e1"), to_move) == (bits("c1", "f1"), bits("c2", "e2"))


def test_a_ladder_with_an_escape_is_run_to_it():
    """Blue's stone on g1 ahead: Blue runs the ladder right (e2, f2), Red answers on f1, and f2
    reaches g1; the other direction is not played."""
    assert played(bits("d2", "g1"), bits("d1", "e1"), 1) == (bits("e2", "f2"), bits("f1"))


def test_a_step_next_to_another_stone_of_the_defender_ends_the_ladder():
    """Blue's e3 touches the first step right (e2): Blue takes it and the rest is the fill's."""
    assert played(bits("d2", "e3"), bits("d1", "e1"), 1) == (bits("e2"), 0)


@pytest.mark.parametrize("to_move", [0, 1])
def test_a_contested_side_cell_goes_to_the_player_to_move(to_move):
    """d2 with one side cell Red's and one empty: Blue to move joins it; Red to move blocks it,
    and the ladder is then dead and blocked as above."""
    got = played(bits("d2"), bits("d1"), to_move)
    if to_move == 0:
        assert got == (bits("e1"), 0)
    else:
        assert got == (bits("c1", "f1"), bits("e1", "c2", "e2"))


@pytest.mark.parametrize("blue, red, to_move", [
    ("d2", "", 1),  # both side cells empty: an edge template, the fill's
    ("d2 d1", "e1", 1),  # joined by its own side cell
    ("c2 d2", "c1", 1),  # a run of two with two side cells left (d1, e1)
    ("d2", "d1 e1 c2 e2", 1),  # blocked both ways already: nothing to step
    ("d2", "d1 e1 c1 f1", 0),  # no fresh side cell either way: no threat, no step
])
def test_what_is_not_a_live_ladder_is_left_alone(blue, red, to_move):
    assert played(bits(*blue.split()), bits(*red.split()), to_move) == (0, 0)


def test_red_ladders_along_its_columns():
    """Red's b4 (second column) under Blue's a4 and a5: dead; Blue takes the cells ahead of it
    along column b, Red their side cells on column a."""
    got = played(bits("a4", "a5"), bits("b4"), 0)
    assert got == (bits("b3", "b5"), bits("a3", "a6"))


@pytest.mark.parametrize("board", ["hex 11", "y 9"])
def test_every_second_line_cell_blocked_from_its_side_is_a_dead_ladder(board):
    """On every side of both boards, each player's lone second-line stone with both side cells
    the opponent's (the board otherwise empty; away from the corners): the opponent gets exactly the line's cells next
    to it that have a fresh side cell, and the player those side cells."""
    if board == "hex 11":
        core = hex_core(11)
    else:
        core = pygame_core.new_game("y", seed=0, family="regular", size=9).bit_state()[0]
    table = ladders(core)
    seen = 0
    for d in (0, 1):
        for i, (mask, under, along) in enumerate(table.sides[d]):
            # (away from corners: where a block lands on another side's lines it makes a ladder there)
            near = 0
            for k, (m2, u2, _) in enumerate(table.sides[0] + table.sides[1]):
                if (k % len(table.sides[0])) != i:
                    near |= m2 | sum(u2.values())
            for t in under:
                s = [0, 0]
                s[d] = 1 << t
                s[1 - d] = under[t]
                if (1 << t | sum(1 << u | under[u] for u in along[t])) & near:
                    continue
                want_a = sum(1 << u for u in along[t] if under[u] & ~under[t] & core.full)
                want_d = sum(under[u] & ~under[t] for u in along[t])
                before = list(s)
                resolve(core, s, 1 - d)
                assert (s[d] & ~before[d], s[1 - d] & ~before[1 - d]) == (want_d, want_a)
                seen += 1
    assert seen >= (30 if board == "hex 11" else 12)


def test_the_fill_joins_a_dead_ladder_less_and_an_escape_always():
    """The module's measurement: Blue's f2 under Red's f1 and g1 on Hex 11, a thousand fills
    (bridges and edge templates kept): with the ladder played out first f2 reaches the top less
    often when dead, and always with an escape on k1 (a fill alone: less than always)."""
    core = hex_core(11)
    pos = {chr(97 + i % 11) + str(i // 11 + 1): 1 << p for i, p in enumerate(core.positions)}
    top = core.goals[0][0]

    def group(stones, start):
        g = start
        while True:
            grown = g
            rest = g
            while rest:
                low = rest & -rest
                rest ^= low
                grown |= core.nmask[low.bit_length() - 1] & stones
            if grown == g:
                return g
            g = grown

    rate = {}
    for lad in (False, True):
        for esc in (0, pos["k1"]):
            rng = random.Random(5)
            pool = PermPool(core, rng)
            hits = 0
            for _ in range(1000):
                s = [pos["f2"] | esc, pos["f1"] | pos["g1"]]
                if lad:
                    resolve(core, s, 0)
                blue, _ = core.fill(s[0], s[1], rng, pool.draw(rng), True, 0, True)
                hits += bool(group(blue, pos["f2"]) & top)
            rate[lad, bool(esc)] = hits / 1000
    assert rate[True, False] < rate[False, False] - 0.15
    assert rate[True, True] == 1.0 > rate[False, True]


def test_the_search_plays_ladders_out_only_when_asked(monkeypatch):
    """``playout_ladders`` calls ``resolve`` before each fill (and not when off), and the
    search stays deterministic for a seed."""
    calls = []
    real = ladders_module.resolve

    def spy(core, s, to_move):
        calls.append(to_move)
        return real(core, s, to_move)

    monkeypatch.setattr("pygame_core.games.connection.mcts.resolve_ladders", spy)
    moves = []
    for on in (False, True, True):
        g = pygame_core.new_game("hex", seed=3, size=7)
        for cell in ("d2", "d1", "a4", "e1"):
            g.play(cell)
        a = MCTSAgent(seed=11)
        a.playout_ladders = on
        calls.clear()
        moves.append(a.choose(g))
        assert bool(calls) == on
    assert moves[1] == moves[2]
