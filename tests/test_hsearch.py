"""H-search (``bitboard_hsearch``) against brute force on small boards: every VC and SC it keeps
holds against every defence inside its carrier; every winning VC wins with the opponent to
move; no opponent move off the must-play region saves the opponent; a key wins at once."""

from __future__ import annotations

from functools import lru_cache

import pytest

from pygame_core.games.connection.bitboard import hex_core
from pygame_core.games.connection.bitboard_hsearch import hsearch

from test_inferior_cells import _bits, _sample, _solver, search_proofs


def _points(core, stones, chains, nchain, player):
    nb = core.nbits
    sides = core.goals[player]

    def seed(key, s):
        if key < nb:
            return 1 << key
        if key < nb + nchain:
            return chains[key - nb]
        return s & sides[key - nb - nchain]

    def reached(key, group):
        if key < nb:
            return group >> key & 1
        if key < nb + nchain:
            return group & chains[key - nb]
        return group & sides[key - nb - nchain]
    return seed, reached


def _holds(core, stones, seed, reached, a, key, carrier, first) -> bool:
    """Does the player join points ``a`` and ``key`` playing only in ``carrier`` (opponent first
    unless ``first``), the empty points counted as its own?"""
    nb = core.nbits
    base = stones | (1 << key if key < nb else 0)

    def joined(mine: int) -> bool:
        s = base | mine
        start = seed(nb + a, s)
        return bool(start and reached(key, core.flood(start, s)))
    return plays_to(carrier, joined, first)


def plays_to(carrier: int, goal, first: bool) -> bool:
    """Can the player reach ``goal(mine)`` (its stones played so far) playing only in
    ``carrier``, the opponent there too, the opponent first unless ``first``?"""
    cells = list(_bits(carrier))

    @lru_cache(maxsize=None)
    def win(mine: int, theirs: int, me_first: bool) -> bool:
        if goal(mine):
            return True
        free = [c for c in cells if not (mine | theirs) & c]
        if not free:
            return False
        if me_first:
            return any(win(mine | c, theirs, False) for c in free)
        return all(win(mine, theirs | c, True) for c in free)
    return win(0, 0, first)


def _check(core, wins, s0, s1, player, limit=8):
    mine, theirs = (s0, s1) if player == 0 else (s1, s0)
    r = hsearch(core, mine, theirs, player)
    chains, nchain, vc, sc = r.tables
    seed, reached = _points(core, mine, chains, nchain, player)
    checked = 0
    for table, first in ((vc, False), (sc, True)):
        for a, row in enumerate(table):
            for key, carriers in row.items():
                for c in carriers:
                    if c.bit_count() <= limit:
                        assert _holds(core, mine, seed, reached, a, key, c, first), (s0, s1, player, a, key, c)
                        checked += 1
    check_wins(core, wins, s0, s1, player, r)
    return checked, r


def check_wins(core, wins, s0, s1, player, r):
    """The result's winning VC, winning SCs, must-play region and keys against the solver."""
    empty = core.full & ~(s0 | s1)
    opp = 1 - player

    def after(b, who):
        return (s0 | b, s1) if who == 0 else (s0, s1 | b)
    if r.vc_win is not None:
        assert not wins(s0, s1, opp), (s0, s1, player)
    for c in r.sc_wins:
        assert wins(s0, s1, player), (s0, s1, player)
        for b in _bits(empty & ~c):
            assert wins(*after(b, opp), player), (s0, s1, player, c)
    if r.must:
        for b in _bits(empty & ~r.must):
            assert wins(*after(b, opp), player), (s0, s1, player)
    for b in _bits(r.keys):
        assert not wins(*after(b, player), opp), (s0, s1, player)


def _positions(core, count, lo, hi, seed):
    return _sample(core, count, lo, hi, seed)


def _y_core(size):
    import pygame_core
    if size == "r22":  # the radial board of 2 centre rows and 2 rings: 18 nodes, no hex grid
        return pygame_core.new_game("y", seed=0, family="radial", center_rows=2, outer_rows=2).bit_state()[0]
    return pygame_core.new_game("y", seed=0, family="regular", size=size).bit_state()[0]


@pytest.mark.parametrize("board, count, lo, hi", [
    ("hex4", 100, 4, 9), ("hex5", 25, 12, 16), ("y5", 80, 4, 9), ("y6", 15, 10, 14), ("yr22", 40, 5, 9)])
def test_every_connection_found_holds(board, count, lo, hi):
    core = hex_core(int(board[3:])) if board.startswith("hex") else _y_core(board[1:] if board[1] == "r" else int(board[1:]))
    wins = _solver(core)
    checked = wins_seen = must_seen = 0
    for s0, s1 in _positions(core, count, lo, hi, seed=len(board) + lo):
        for player in (0, 1):
            n, r = _check(core, wins, s0, s1, player)
            checked += n
            wins_seen += r.vc_win is not None or bool(r.sc_wins)
            must_seen += bool(r.must)
    assert checked > count and wins_seen > count // 10 and must_seen > 0, (checked, wins_seen, must_seen)


def test_edge_templates_ii_and_iiia_are_found():
    core = hex_core(11)
    w = 12
    nb = core.nbits
    for y, size in ((1, 2), (2, 8)):
        r = hsearch(core, 1 << (y * w + 5), 0, 0)
        chains, nchain, vc, _ = r.tables
        top = vc[0].get(nb + nchain, [])
        assert [c.bit_count() for c in top] == [size]


def test_a_bridge_ladder_to_both_sides_is_a_win_and_the_budget_only_finds_less():
    core = hex_core(5)
    w = 6
    stones = 1 << (1 * w + 2) | 1 << (3 * w + 1)  # (2, 1) and (1, 3): a bridge apart, templates II
    r = hsearch(core, stones, 0, 0)
    assert r.vc_win is not None and r.must == 0
    small = hsearch(core, stones, 0, 0, budget=3)
    assert small.vc_win is None and small.work <= 3


@pytest.mark.parametrize("game_id, options, moves", [("hex", {"size": 4}, 4), ("hex", {"size": 5}, 10),
                                                     ("y", {"family": "regular", "size": 6}, 10)])
def test_the_search_with_h_search_at_every_node_proves_only_truths(game_id, options, moves):
    proofs, _, searched = search_proofs(game_id, options, games=30, moves=moves, hsearch_visits=4)
    assert proofs > 20 and searched >= 3, (proofs, searched)


def test_at_the_root_a_lost_position_is_proven_and_a_won_one_finds_its_key():
    """Positions where one player has a winning VC or SC (found by H-search), searched with the
    other or that player to move: the root is proven lost at its first H-search, or the search
    plays a winning move, as the exhaustive solver says."""
    import pygame_core
    from pygame_core.agents.mcts import MCTSAgent
    from pygame_core.games.hex import HexMove
    core = hex_core(5)
    wins = _solver(core)
    lost = won = 0
    for s0, s1 in _positions(core, 60, 10, 13, seed=5):
        cells = core.cells(s0, s1)
        order = [i for i, c in enumerate(cells) if c == 0], [i for i, c in enumerate(cells) if c == 1]
        if len(order[0]) - len(order[1]) not in (0, 1):
            continue
        for me in (len(order[0]) - len(order[1]),):  # (Blue moves when the counts are even)
            g = pygame_core.new_game("hex", seed=0, size=5)
            for k in range(len(order[0]) + len(order[1])):
                i = order[k % 2][k // 2]
                g.play(HexMove(i % 5, i // 5))
            if g.is_over:
                continue
            mine, theirs = (s0, s1)[me], (s1, s0)[me]
            lost_here = hsearch(core, theirs, mine, 1 - me).vc_win is not None
            won_here = bool(hsearch(core, mine, theirs, me).sc_wins)
            if not (lost_here or won_here):
                continue
            agent = MCTSAgent(seed=1)
            agent.hsearch_visits = 1
            agent.start(g)
            agent.think(iterations=1000)
            if lost_here:
                assert agent._root.proven == 0.0 and not wins(s0, s1, me)
                lost += 1
            else:
                # and with the tree kept from the position a move earlier, where H-search proved
                # this node lost for the player who moved into it without naming the key
                before = pygame_core.new_game("hex", seed=0, size=5)
                for move in g.history[:-1]:
                    before.play(move)
                kept = MCTSAgent(seed=2)
                kept.hsearch_visits = 1
                kept.start(before)
                kept.think(iterations=1000)
                kept.start(g)
                kept.think(iterations=1000)
                for move in (agent.best_move(), kept.best_move()):
                    b = 1 << core.positions[g.move_cell(move)]
                    assert not wins(*((s0 | b, s1) if me == 0 else (s0, s1 | b)), 1 - me), (s0, s1, me)
                won += 1
    assert lost > 3 and won > 3, (lost, won)


@pytest.mark.parametrize("board, lo, hi", [("hex5", 12, 16), ("y6", 10, 14)])
def test_the_and_rule_through_a_cell_a_bridge_away_finds_more_and_only_truths(board, lo, hi):
    """Positions where H-search with the AND rule's cells a bridge away finds a win (a winning VC
    or SC) that it does not find without them: some exist, and every connection and win found
    there holds against every defence (the exhaustive solver, as above)."""
    core = hex_core(5) if board == "hex5" else _y_core(6)
    wins = _solver(core)
    more = 0
    for s0, s1 in _positions(core, 100, lo, hi, seed=7):
        for player in (0, 1):
            mine, theirs = (s0, s1) if player == 0 else (s1, s0)
            narrow = hsearch(core, mine, theirs, player, bridge_and=False)
            full = hsearch(core, mine, theirs, player)
            if (full.vc_win is not None and narrow.vc_win is None) or len(full.sc_wins) > len(narrow.sc_wins):
                more += 1
                if more <= 8:  # (the exhaustive solver is slow on these boards: eight are checked)
                    _check(core, wins, s0, s1, player)
    assert more >= 3, more
