"""The root's proof marks (what the analysis board shows as proven) against an exhaustive solver
on small Hex boards, with H-search over every pair of points at the root and the fill-in: a
move marked lost loses, a move marked won wins.  A move into the fill-in (the captured and dead
cells) is inferior, never better than the best other move, but it is not lost: the opponent's
must-play region, found on the filled board, says nothing about it."""

from __future__ import annotations

import pygame_core
from pygame_core.agents.mcts import MCTSAgent
from pygame_core.games.connection.bitboard import hex_core
from pygame_core.games.hex import HexMove

from test_inferior_cells import _sample, _solver


def _game(size: int, s0: int, s1: int):
    """A Hex game reaching the position (Blue's and Red's stones alternately), or ``None``."""
    core = hex_core(size)
    cells = core.cells(s0, s1)
    order = [i for i, c in enumerate(cells) if c == 0], [i for i, c in enumerate(cells) if c == 1]
    if len(order[0]) - len(order[1]) not in (0, 1):
        return None
    g = pygame_core.new_game("hex", seed=0, size=size)
    for k in range(len(order[0]) + len(order[1])):
        i = order[k % 2][k // 2]
        g.play(HexMove(i % size, i // size))
    return None if g.is_over else g


class _ToMove:
    """A game seen with another player to move (the marks' logic reads only the stones)."""

    def __init__(self, game, player: int):
        self._game, self.current_player = game, player

    def __getattr__(self, name):
        return getattr(self._game, name)


def _check_marks(size: int, s0: int, s1: int, wins, me: int | None = None, iterations: int = 60,
                 **tweaks) -> int:
    g = _game(size, s0, s1)
    if g is None:
        return 0
    if me is not None:
        g = _ToMove(g, me)
    me = g.current_player
    agent = MCTSAgent(seed=1)
    agent.hsearch_visits = 1
    for name, value in tweaks.items():
        setattr(agent, name, value)
    agent.start(g)
    agent.think(iterations=iterations)
    marked = 0
    for pos, child in agent._root.kids.items():
        if child.proven is None:
            continue
        b = 1 << pos
        after = (s0 | b, s1) if me == 0 else (s0, s1 | b)
        assert (child.proven == 1.0) == (not wins(*after, 1 - me)), (s0, s1, pos, child.proven)
        marked += 1
    return marked


def test_a_move_into_the_opponents_captured_pair_is_not_marked_lost():
    """Hex 4, Blue to move (four Blue stones and three Red: as if Red had passed); Red's captured
    pair a1 a2 (filled for Red on the board H-search sees).  Every Blue move wins here, a1 and a2
    too; Red's winning semi-connections on the filled board left them off its must-play region,
    and they were marked lost."""
    core = hex_core(4)
    s0, s1 = 263240, 131204
    # (enough iterations for a mark whatever the prior's order: at 60 the search may have proven none)
    assert _check_marks(4, s0, s1, _solver(core), me=0, iterations=400) > 0


def test_every_root_mark_holds_on_random_hex_4_positions():
    core = hex_core(4)
    wins = _solver(core)
    marked = 0
    for s0, s1 in _sample(core, 300, 3, 9, 11):
        marked += _check_marks(4, s0, s1, wins)
    assert marked > 100, marked


def test_every_root_mark_holds_with_decompositions():
    """The same with the decompositions' fills (bitboard_decompose.py) on Hex 4 and 5."""
    marked = 0
    for size, count, lo, hi in ((4, 300, 3, 9), (5, 40, 12, 16)):
        core = hex_core(size)
        wins = _solver(core)
        for s0, s1 in _sample(core, count, lo, hi, 12):
            marked += _check_marks(size, s0, s1, wins, decompose_rounds=4)
    assert marked > 100, marked
