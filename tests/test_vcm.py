"""VC maintenance (``bitboard_vcm``): after a move into every carrier of a connection H-search
found, the replies it names join the two ends again (brute force on small boards), and the
search looks at them first in the child the move leads to."""

from __future__ import annotations

import pytest

import pygame_core
from pygame_core.agents.mcts import MCTSAgent
from pygame_core.games.connection.bitboard import hex_core
from pygame_core.games.connection.bitboard_hsearch import hsearch
from pygame_core.games.connection.bitboard_hsearch_pairs import hsearch_pairs
from pygame_core.games.connection.bitboard_vcm import replies

from test_hsearch import _holds, _points
from test_inferior_cells import _bits, _sample


def _hex(moves):
    g = pygame_core.new_game("hex", seed=0)
    for m in moves:
        g.play(m)
    return g


@pytest.mark.parametrize("search", [hsearch, hsearch_pairs])
def test_a_move_into_a_bridge_is_answered_by_the_bridge_s_other_cell(search):
    g = _hex(["f6", "a1", "g7"])  # Blue's bridge f6-g7 (carrier g6, f7)
    core, s0, s1 = g.bit_state()
    pos = {str(m): p for p, m in enumerate(g.bit_moves()) if m is not None}
    empty = core.full & ~(s0 | s1)
    r = replies(core, search(core, s0, s1, 0, 1500), 0, empty)
    assert r[pos["g6"]] == 1 << pos["f7"] and r[pos["f7"]] == 1 << pos["g6"]
    assert set(r) == {pos["g6"], pos["f7"]}  # (nothing else is broken by one move)


@pytest.mark.parametrize("size, count, lo, hi", [(4, 120, 3, 8), (5, 30, 6, 11)])
def test_every_reply_joins_again_a_pair_the_probe_broke(size, count, lo, hi):
    core = hex_core(size)
    nb = core.nbits
    checked = 0
    for s0, s1 in _sample(core, count, lo, hi, seed=size):
        for player in (0, 1):
            mine, theirs = (s0, s1) if player == 0 else (s1, s0)
            res = hsearch(core, mine, theirs, player)
            empty = core.full & ~(s0 | s1)
            got = replies(core, res, player, empty)
            chains, nchain, vc, _ = res.tables
            seed, reached = _points(core, mine, chains, nchain, player)
            anchors = nchain + len(core.goals[player])
            for p, mask in got.items():
                assert empty >> p & 1 and mask and not mask >> p & 1 and mask & ~empty == 0
                for q in _bits(mask):
                    q = q.bit_length() - 1
                    ok = False
                    for a in range(min(nchain, anchors)):
                        for b in range(a + 1, anchors):
                            cars = vc[a].get(nb + b)
                            if not cars or not all(c >> p & 1 for c in cars):
                                continue
                            for c1 in vc[a].get(q, ()):
                                for c2 in vc[b].get(q, ()):
                                    if not c1 & c2 and not (c1 | c2) >> p & 1 and _holds(
                                            core, mine | 1 << q, seed, reached, a, nb + b, c1 | c2, False):
                                        ok = True
                    assert ok, (s0, s1, player, p, q)
                    checked += 1
    assert checked > count // 2, checked


def test_the_search_looks_first_at_the_mending_move_after_a_probe():
    # Red to move; Blue holds a chain and its bridges: a probe into a bridge is answered first
    g = _hex(["f6", "b2", "g7", "j2", "e4"])
    agent = MCTSAgent(seed=3, iterations=600)
    agent.vc_maintenance = True
    agent.start(g)
    agent.think(iterations=600)
    root = agent._root
    assert root.vcm, "the root's H-search names probes and their replies"
    looked = 0
    for p, child in root.kids.items():
        if p in root.vcm and child.window is not None and child.order is not None:
            want = root.vcm[p] & ~child.ica
            assert any(q in child.window for q in range(want.bit_length()) if want >> q & 1)
            looked += 1
    assert looked, "some probe was tried and opened"
    off = MCTSAgent(seed=3, iterations=600)  # (off by default)
    off.start(g)
    off.think(iterations=600)
    assert off._root.vcm is None


def test_the_search_with_vc_maintenance_stays_deterministic():
    g = _hex(["f6", "b2", "g7", "j2", "e4"])
    moves = []
    for _ in range(2):
        a = MCTSAgent(seed=5, iterations=800)
        a.vc_maintenance = True
        a.start(g)
        a.think(iterations=800)
        moves.append((a.best_move(), a._root.visits, sorted((c.visits for c in a._root.children.values()))))
    assert moves[0] == moves[1]
