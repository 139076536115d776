"""Captured sets (games/connection/bitboard_captured.py) against brute force on small boards:
every set found keeps the position's value filled for its captor, with either player to move
(an exhaustive solver), on Hex 4x4 and 5x5 and a regular Y board; the whole fill-in with them
keeps the value and a winning move outside it; the turning order is what makes a set hold (with
each opponent stone judged as if the rest of the set were the captor's, the solver finds changed
values); the search's root, which leaves the sets out of its window, keeps a winning move in it
and its proof marks hold."""

from __future__ import annotations

import pytest

import pygame_core.games.connection.bitboard_captured as captured_module
from pygame_core.games.connection.bitboard import hex_core
from pygame_core.games.connection.bitboard_captured import captured_sets, fill_in_sets
from pygame_core.games.connection.bitboard_ica import fill_in

from test_inferior_cells import _bits, _random_y_positions, _sample, _solver
from test_root_marks import _check_marks, _game


def _sets(core, positions, size=4):
    """``(s0, s1, player, set)`` for every captured set of either player."""
    out = []
    for s0, s1 in positions:
        for p in (0, 1):
            mine, theirs = (s0, s1) if p == 0 else (s1, s0)
            for c in captured_sets(core, mine, theirs, p, size):
                assert c & (s0 | s1) == 0 and c.bit_count() >= 3
                out.append((s0, s1, p, c))
    return out


def _keeps_value(wins, s0, s1, p, c) -> bool:
    f0, f1 = (s0 | c, s1) if p == 0 else (s0, s1 | c)
    return all(wins(s0, s1, me) == wins(f0, f1, me) for me in (0, 1))


def _boards():
    return [(hex_core(4), _sample(hex_core(4), 600, 4, 9, 11), 150),
            (hex_core(5), _sample(hex_core(5), 150, 13, 17, 11), 40)]


@pytest.mark.parametrize("k", [0, 1])
def test_every_set_keeps_the_value(k):
    core, positions, least = _boards()[k]
    wins = _solver(core)
    found = _sets(core, positions)
    assert len(found) >= least, len(found)
    assert any(c.bit_count() == 4 for *_, c in found)
    for s0, s1, p, c in found:
        assert _keeps_value(wins, s0, s1, p, c), (s0, s1, p, c)


def test_every_set_keeps_the_value_on_a_regular_y_board():
    core, positions = _random_y_positions(6, 300, 8, 14, seed=9)
    wins = _solver(core)
    found = _sets(core, positions)
    assert len(found) >= 3, len(found)
    for s0, s1, p, c in found:
        assert _keeps_value(wins, s0, s1, p, c), (s0, s1, p, c)


def test_the_turning_order_is_what_makes_a_set_hold(monkeypatch):
    """Judge each opponent stone as if the rest of the set were the captor's (a plausible
    shortcut): sets are found that change the value, so the check above can fail."""
    def all_at_once(cells, rings, mine, theirs, player, table):
        inside = sum(cells)
        for c in cells:
            if theirs & c:
                m, t = mine | inside & ~c, theirs & ~inside | c
                s0, s1 = (m, t) if player == 0 else (t, m)
                if not captured_module._dead(rings[c], s0, s1, table):
                    return False
        return True
    monkeypatch.setattr(captured_module, "_settles", all_at_once)
    core, positions, _ = _boards()[0]
    wins = _solver(core)
    assert sum(not _keeps_value(wins, *f) for f in _sets(core, positions)) >= 3


@pytest.mark.parametrize("k", [0, 1])
def test_the_fill_in_with_sets_keeps_the_value_and_a_winning_move(k):
    core, positions, _ = _boards()[k]
    wins = _solver(core)
    more = 0
    for s0, s1 in positions:
        f0, f1, dead = fill_in_sets(core, s0, s1)
        assert not (f0 & f1 or (f0 | f1) & dead or (f0 | f1 | dead) & (s0 | s1))
        g0, g1, _ = fill_in(core, s0, s1)
        assert g0 & ~f0 == 0 and g1 & ~f1 == 0  # (the pairs' fill-in is kept)
        if (f0 | f1) == (g0 | g1):
            continue
        more += 1
        empty = core.full & ~(s0 | s1)
        keep = empty & ~(f0 | f1 | dead)
        for me in (0, 1):
            v = wins(s0, s1, me)
            assert wins(s0 | f0 | dead, s1 | f1, me) == v, (s0, s1, me)
            assert wins(s0 | f0, s1 | f1 | dead, me) == v, (s0, s1, me)
            if v and keep:
                assert any(not wins(s0 | b, s1, 1) if me == 0 else not wins(s0, s1 | b, 0)
                           for b in _bits(keep)), (s0, s1, me)
    assert more >= (10, 5)[k], more


def test_the_root_leaves_the_sets_out_and_keeps_a_winning_move():
    """At the root (H-search over every pair) the fill-in with the sets leaves the window; when
    the player to move wins, a winning move stays in it; the proof marks hold."""
    from pygame_core.agents.mcts import MCTSAgent
    core = hex_core(5)
    wins = _solver(core)
    narrowed = marked = 0
    for s0, s1 in _sample(core, 60, 12, 16, 5):
        g = _game(5, s0, s1)
        if g is None:
            continue
        me = g.current_player
        agent = MCTSAgent(seed=1)
        agent.hsearch_visits = 1
        agent.start(g)
        agent.think(iterations=40)
        root = agent._root
        ica = root.ica
        empty = core.full & ~(s0 | s1)
        f0, f1, _ = fill_in(core, s0, s1)
        narrowed += bool(ica & ~(f0 | f1) & empty)
        if wins(s0, s1, me) and empty & ~ica:
            assert any(not wins(s0 | b, s1, 1) if me == 0 else not wins(s0, s1 | b, 0)
                       for b in _bits(empty & ~ica)), (s0, s1)
        marked += _check_marks(5, s0, s1, wins)
    assert narrowed >= 5 and marked > 20, (narrowed, marked)
