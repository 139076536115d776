"""edge_strips.py against brute force on small Hex boards: a second-row strip holds in the weaker
sense (joined, or both joined to the side) though two stones across it cut it, and so does a
ladder started from the third or fourth row (each cell of its piece needed); the captured
set of a second-row cell is dead for the opponent once the cell is played; and the H-search
over every pair proves more Hex wins with them, each confirmed by an exhaustive solver."""

from __future__ import annotations

import pytest

import pygame_core.games.connection.bitboard_hsearch_pairs as pairs
from pygame_core.games.connection.bitboard import hex_core
import pygame_core.games.connection.edge_strips as edge_strips
from pygame_core.games.connection.edge_strips import STARTS, captured_sets, ladder_starts, second_row, strips

from test_hsearch import check_wins
from test_hsearch_pairs import _check, _holds, holds_weak
from test_inferior_cells import _sample, _solver


def test_a_strip_holds_only_in_the_weaker_sense():
    """Every strip of an empty Hex 5 holds in the weaker sense; as a plain connection of its two
    cells, the long ones do not (two stones across the strip cut it)."""
    core = hex_core(5)
    found = list(strips(core, 0, 0, core.full))
    assert found
    cut = 0
    for e, f, carrier in found:
        assert not carrier >> e & 1 and not carrier >> f & 1
        assert holds_weak(core, 0, [], 0, e, f, carrier, False), (e, f, carrier)
        cut += not _holds(core, 0, [], 0, e, f, carrier, False)
    assert cut > 0
    # with a stone of the opponent on the strip's second row, that strip is gone
    e, f, carrier = max(found, key=lambda t: t[2].bit_count())
    inside = carrier & second_row(core, core.goals[0][0] if carrier & core.goals[0][0] else core.goals[0][1])
    stone = inside & -inside
    assert (e, f, carrier) not in set(strips(core, 0, 0, core.full & ~stone))


def test_strips_with_both_side_cells_free_hold(monkeypatch):
    """``BOTH_FREE``: a strip whose first cell has both side cells free comes with each as its
    carrier's start.  Every strip of an empty Hex 5 then still holds in the weaker sense, there
    are more of them, each new one avoids the side cell the old one took, and every connection
    the pairs search keeps with them on Hex 4 positions holds (brute force)."""
    core = hex_core(5)
    before = set(strips(core, 0, 0, core.full))
    monkeypatch.setattr(edge_strips, "BOTH_FREE", True)
    after = set(strips(core, 0, 0, core.full))
    assert before < after
    for e, f, carrier in after - before:
        assert holds_weak(core, 0, [], 0, e, f, carrier, False), (e, f, carrier)
        assert any(e2 == e and f2 == f and (c2 ^ carrier).bit_count() == 2 for e2, f2, c2 in before)
    small = hex_core(4)
    wins = _solver(small)
    checked = 0
    for s0, s1 in _sample(small, 30, 3, 9, 21):
        for player in (0, 1):
            checked += _check(small, wins, s0, s1, player)[0]
    assert checked > 600


def _name(core, n, cell):
    return "abcdefghijk"[cell % (n + 1)] + str(cell // (n + 1) + 1)


def test_a_ladder_from_the_third_row_holds_only_in_the_weaker_sense():
    """Every third-row start of an empty Hex 6 (each side, both ways, each end of its strip up to
    12 cells of carrier) holds in the weaker sense and none as a plain connection; with a stone
    of the opponent on one of its piece's cells it is no longer offered."""
    core = hex_core(6)
    sides = core.goals[0][0] | core.goals[0][1]
    third = [t for t in ladder_starts(core, 0, 0, core.full) if t[2].bit_count() <= 12]
    assert all(not core.nmask[s] & sides and core.nmask[s] & second_row(core, core.goals[0][0] | core.goals[0][1])
               for s, _, _ in third)
    assert len(third) >= 20
    for s, f, carrier in third:
        assert not carrier >> s & 1 and not carrier >> f & 1
        assert holds_weak(core, 0, [], 0, s, f, carrier, False), (s, f, carrier)
        assert not _holds(core, 0, [], 0, s, f, carrier, False), (s, f, carrier)
    s, f, carrier = third[0]
    near = core.nmask[s] & carrier  # (the piece's second-row cells)
    stone = near & -near
    assert not any(t[0] == s and t[1] == f for t in ladder_starts(core, 0, 0, core.full & ~stone))


def test_a_ladder_from_the_fourth_row_holds_and_needs_each_cell():
    """The fourth-row start (its 16-cell piece) on an empty Hex 7, from e4 to b6: it holds in the
    weaker sense, by brute force over its 17 cells, and without any one of five of them (the
    row-4 cell beside it, the side's cells at both ends, a third- and a second-row cell) the
    opponent breaks it; its mirror image, from f4 to g6, holds too."""
    assert [len(piece) for _, piece in STARTS] == [5, 16]
    n = 7
    core = hex_core(n)
    cell = {_name(core, n, c): c for c in range(core.nbits) if core.full >> c & 1}
    found = {(_name(core, n, s), _name(core, n, f)): c for s, f, c in ladder_starts(core, 0, 0, core.full)}
    carrier = found[("e4", "b6")]
    assert sorted(_name(core, n, c) for c in range(core.nbits) if carrier >> c & 1) == sorted(
        "f4 d5 e5 f5 g5 c6 d6 e6 f6 g6 a7 b7 c7 d7 e7 f7 g7".split())
    assert holds_weak(core, 0, [], 0, cell["e4"], cell["b6"], carrier, False)
    mirrored = found[("f4", "g6")]  # (the ladder the other way along the side: the mirror image)
    assert mirrored.bit_count() == 17
    assert holds_weak(core, 0, [], 0, cell["f4"], cell["g6"], mirrored, False)
    for name in ("f4", "a7", "g7", "g5", "c6"):
        assert not holds_weak(core, 0, [], 0, cell["e4"], cell["b6"], carrier & ~(1 << cell[name]), False), name


@pytest.mark.parametrize("size, lo, hi, count", [(4, 2, 6, 6), (5, 11, 15, 2)])
def test_a_captured_set_is_dead_for_the_opponent_once_its_cell_is_played(size, lo, hi, count):
    """For each cell ``z`` with a captured set ``{p, q}`` and a sample of positions around it
    with ``z`` the player's: the opponent's stone on ``p`` answered on ``q`` leaves the winner
    what it is with both the player's (the solver, the opponent to move)."""
    core = hex_core(size)
    wins = _solver(core)
    checked = 0
    for player in (0, 1):
        cap = captured_sets(core, core.goals[player], core.full)
        assert cap and all(c.bit_count() == 2 for c in cap.values())
        for z, pair in cap.items():
            p = pair & -pair
            q = pair ^ p
            for s0, s1 in _sample(core, count, lo, hi, z + 7 * player):
                mine, theirs = (s0, s1) if player == 0 else (s1, s0)
                mine, theirs = (mine | 1 << z) & ~pair, theirs & ~(pair | 1 << z)
                for a, b in ((p, q), (q, p)):
                    real = (mine | b, theirs | a)
                    filled = (mine | a | b, theirs)
                    vals = []
                    for m, t in (real, filled):
                        pos = (m, t) if player == 0 else (t, m)
                        if core.owner(m, player) or core.owner(t, 1 - player):
                            vals.append(bool(core.owner(m, player)))
                        else:
                            vals.append(not wins(pos[0], pos[1], 1 - player))
                    assert vals[0] == vals[1], (size, player, z, s0, s1)
                    checked += 1
    assert checked > 20


def test_strips_and_captured_sets_prove_more_and_the_solver_agrees(monkeypatch):
    """On sampled Hex 4 positions the search with both proves every win it proved without them,
    and more; each winning VC, SC, key and must-play region checked against the exhaustive
    solver (every connection they give, in its own sense: test_hsearch_pairs.py)."""
    core = hex_core(4)
    wins = _solver(core)
    more = 0
    for s0, s1 in _sample(core, 200, 3, 9, 11):
        for player in (0, 1):
            mine, theirs = (s0, s1) if player == 0 else (s1, s0)
            monkeypatch.setattr(pairs, "STRIPS", False)
            monkeypatch.setattr(pairs, "CAPTURED", False)
            before = pairs.hsearch_pairs(core, mine, theirs, player, budget=100_000)
            monkeypatch.setattr(pairs, "STRIPS", True)
            monkeypatch.setattr(pairs, "CAPTURED", True)
            now = pairs.hsearch_pairs(core, mine, theirs, player, budget=100_000)
            check_wins(core, wins, s0, s1, player, now)
            assert now.vc_win is not None or before.vc_win is None, (s0, s1, player)
            assert now.vc_win is not None or now.sc_wins or not before.sc_wins, (s0, s1, player)
            more += (now.vc_win is not None, bool(now.sc_wins)) > (before.vc_win is not None, bool(before.sc_wins))
    assert more > 0



def test_the_search_takes_the_ladder_starts_as_weak_connections_when_asked(monkeypatch):
    """With ``LADDER_STARTS`` on (off by default: docs/benchmarks.md), the H-search over every pair
    of an empty Hex 6 keeps each third-row start as a weak connection, and claims no win."""
    core = hex_core(6)
    third = [t for t in ladder_starts(core, 0, 0, core.full) if t[2].bit_count() <= 8]
    assert third
    for flag in (False, True):
        monkeypatch.setattr(pairs, "LADDER_STARTS", flag)
        r = pairs.hsearch_pairs(core, 0, 0, 0, budget=3000)
        assert r.vc_win is None and not r.sc_wins
        kept = [(min(s, f), max(s, f), c, 0) in r.weak for s, f, c in third]
        assert all(kept) if flag else not any(kept)
