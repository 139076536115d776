"""Decompositions (games/connection/bitboard_decompose.py) against brute force on small Hex
boards: every carrier filled keeps the position's winner, with either player to move (an
exhaustive solver), with Benzene's filter on the pairs of groups and without it; the area is
what makes it hold (a VC's carrier filled without it changes winners); the search's root marks
hold where they fill."""

from __future__ import annotations

import pytest

import pygame_core.games.connection.bitboard_decompose as decompose_module
from pygame_core.games.connection.bitboard import hex_core
from pygame_core.games.connection.bitboard_decompose import decompose, decomposition
from pygame_core.games.connection.bitboard_hsearch_pairs import hsearch_pairs

from test_inferior_cells import _sample, _solver
from test_root_marks import _check_marks


def _fills(core, positions):
    """``(s0, s1, player, carrier)`` for each position and player with a decomposition."""
    out = []
    for s0, s1 in positions:
        for p in (0, 1):
            mine, theirs = (s0, s1) if p == 0 else (s1, s0)
            c = decomposition(core, mine, theirs, p, hsearch_pairs(core, mine, theirs, p, 100_000))
            if c:
                assert c & (s0 | s1) == 0
                out.append((s0, s1, p, c))
    return out


def _keeps_value(wins, s0, s1, p, c) -> bool:
    f0, f1 = (s0 | c, s1) if p == 0 else (s0, s1 | c)
    return all(wins(s0, s1, me) == wins(f0, f1, me) for me in (0, 1))


@pytest.mark.parametrize("size, count, lo, hi, least", [(4, 400, 4, 9, 80), (5, 150, 13, 17, 50),
                                                        (6, 20, 22, 26, 6)])
@pytest.mark.parametrize("near_filter, side_bridges", [(True, False), (False, False), (True, True)])
def test_every_fill_keeps_the_winner(size, count, lo, hi, least, near_filter, side_bridges, monkeypatch):
    monkeypatch.setattr(decompose_module, "NEAR_FILTER", near_filter)
    monkeypatch.setattr(decompose_module, "SIDE_BRIDGES", side_bridges)
    core = hex_core(size)
    wins = _solver(core)
    fills = _fills(core, _sample(core, count, lo, hi, 7))
    assert len(fills) >= least, len(fills)
    for s0, s1, p, c in fills:
        assert _keeps_value(wins, s0, s1, p, c), (s0, s1, p, c)


def test_the_area_is_what_makes_a_fill_hold(monkeypatch):
    """With every empty cell counted inside the area (any VC between two groups filled), the
    solver finds fills that change the winner: the check above can fail."""
    core = hex_core(4)
    wins = _solver(core)
    monkeypatch.setattr(decompose_module, "_reached", lambda core, seeds, passable, empty: 0)
    fills = _fills(core, _sample(core, 400, 4, 9, 7))
    assert sum(not _keeps_value(wins, *f) for f in fills) >= 3


def test_the_filter_only_narrows_the_pairs_looked_at(monkeypatch):
    core = hex_core(5)
    positions = _sample(core, 150, 13, 17, 7)
    monkeypatch.setattr(decompose_module, "NEAR_FILTER", True)
    with_filter = {(s0, s1, p) for s0, s1, p, _ in _fills(core, positions)}
    monkeypatch.setattr(decompose_module, "SIDE_BRIDGES", True)  # (Benzene's: more pairs)
    side_bridges = {(s0, s1, p) for s0, s1, p, _ in _fills(core, positions)}
    monkeypatch.setattr(decompose_module, "NEAR_FILTER", False)
    without = {(s0, s1, p) for s0, s1, p, _ in _fills(core, positions)}
    assert with_filter < without and with_filter <= side_bridges <= without


def test_decompose_fills_both_players_in_turn_and_each_fill_holds():
    core = hex_core(5)
    wins = _solver(core)
    seen = 0
    for s0, s1 in _sample(core, 60, 11, 15, 3):
        (f0, f1, _), _, _ = decompose(core, (s0, s1), (0, 0, 0), 0, [(hsearch_pairs, 100_000)] * 2)
        assert not (f0 & f1 or (f0 | f1) & (s0 | s1))
        if f0 | f1:
            seen += 1
            assert all(wins(s0, s1, me) == wins(s0 | f0, s1 | f1, me) for me in (0, 1)), (s0, s1)
    assert seen >= 12, seen


def test_the_root_marks_hold_where_decompositions_fill():
    """Positions with a decomposition for either player, searched with ``decompose_rounds``:
    every root mark agrees with the solver."""
    marked = 0
    for size, count, lo, hi in ((4, 400, 4, 9), (5, 150, 13, 17)):
        core = hex_core(size)
        wins = _solver(core)
        for s0, s1 in {(f[0], f[1]) for f in _fills(core, _sample(core, count, lo, hi, 7))}:
            marked += _check_marks(size, s0, s1, wins, decompose_rounds=4)
    assert marked >= 50, marked

