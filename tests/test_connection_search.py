"""The connection-game search (Hex and Y): bridge table, bridge-saving fill playouts, UCT-RAVE
and the MCTS-solver of the shared search agent."""

import functools
import gc
import math
import random

import pytest

import pygame_core
from pygame_core.agents.mcts import MCTSAgent
from pygame_core.core import Rng
from pygame_core.games.connection import bridge_fill, bridge_table
from pygame_core.geometry import hexgrid


def test_hex_bridge_table():
    n = 11
    nbrs = hexgrid.neighbour_table(n)
    table = bridge_table(nbrs)
    centre = 5 * n + 5
    assert len(table[centre]) == 6  # an inner cell carries six bridges
    pairs = set()
    for c, entries in enumerate(table):
        for d, a, b in entries:
            assert d in nbrs[c] and {c, d} <= set(nbrs[a]) & set(nbrs[b]) and b not in nbrs[a]
            assert (c, a, b) in table[d]  # the other carrier knows the same bridge
            pairs.add((a, b))
    # a bridge joins cells two rows apart and one column over, or one row apart and two back
    for a, b in pairs:
        (ay, ax), (by, bx) = divmod(a, n), divmod(b, n)
        assert (by - ay, bx - ax) in ((1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2))


def test_y_bridge_table_comes_from_the_neighbour_table():
    g = pygame_core.new_game("y", seed=1, family="regular", size=9)
    table = bridge_table(g.board.layout.neighbours)
    inner = g.board.index[(3, 3)]
    assert len(table[inner]) == 6


def test_bridge_fill_fills_alternately_and_saves_bridges():
    n = 5
    nbrs = hexgrid.neighbour_table(n)
    table = bridge_table(nbrs)
    a, b = 1 * n + 1, 2 * n + 2  # Blue's bridge with carriers c and d
    c, d = sorted(set(nbrs[a]) & set(nbrs[b]))
    saved = cut = 0
    for seed in range(60):
        cells = [-1] * (n * n)
        cells[a] = cells[b] = 0
        filled = bridge_fill(cells, 1, Rng(seed), table)  # Red moves first
        assert -1 not in filled
        assert filled.count(1) - cells.count(1) == (n * n - 2 + 1) // 2  # Red starts: the odd one
        assert not filled[c] == filled[d] == 1, "Blue answers an intrusion on the other carrier"
        saved += filled[c] != filled[d]
        plain = bridge_fill(cells, 1, Rng(seed), [[] for _ in table])
        cut += plain[c] == plain[d] == 1
    assert saved > 20 and cut > 5, (saved, cut)  # without the replies Red often cuts the bridge


def test_bridge_fill_is_a_plain_random_fill_without_bridges():
    table = [[] for _ in range(9)]
    seen = {tuple(bridge_fill([-1] * 9, 0, Rng(s), table)) for s in range(40)}
    assert len(seen) > 20 and all(t.count(0) == 5 for t in seen)


@functools.lru_cache(maxsize=None)
def _solve(cells: tuple, to_move: int, n: int) -> bool:
    """Brute force: does the player to move win this Hex position?"""
    game = pygame_core.new_game("hex", seed=0, size=n)
    for i, c in enumerate(cells):
        if c >= 0:
            game.board.place_index(i, c)
    for i, c in enumerate(cells):
        if c == -1:
            after = list(cells)
            after[i] = to_move
            game2 = pygame_core.new_game("hex", seed=0, size=n)
            for j, v in enumerate(after):
                if v >= 0:
                    game2.board.place_index(j, v)
            if game2.board.has_won(to_move) or not _solve(tuple(after), 1 - to_move, n):
                return True
    return False


def test_solver_proves_a_3x3_opening_and_plays_a_winning_move():
    g = pygame_core.new_game("hex", seed=0, size=3)
    agent = MCTSAgent(seed=1)
    assert agent.start(g) is None
    agent.think(iterations=20_000)
    progress = agent.progress()
    assert progress["solved"], progress  # the search stopped with a proof, not the budget
    assert agent.last_iterations < 20_000
    move = agent.best_move()
    after = [-1] * 9
    after[g.move_cell(move)] = 0
    assert not _solve(tuple(after), 1, 3), f"{move} does not win"


def test_solver_sees_a_lost_move_and_avoids_it():
    # 3x3 after Blue a1 and Red a3: only c2 wins (brute force); the proof finds it
    g = pygame_core.new_game("hex", seed=0, size=3)
    for text in ("a1", "a3"):
        g.play(text)
    agent = MCTSAgent(seed=2)
    agent.start(g)
    agent.think(iterations=20_000)
    move = agent.best_move()
    base = list(g.board.cells)
    wins = {i for i in range(9) if base[i] == -1 and not _solve(tuple(base[:i] + [0] + base[i + 1:]), 1, 3)}
    assert len(wins) == 1, wins  # one winning move among seven
    assert g.move_cell(move) in wins, (move, wins)
    assert agent.progress()["solved"]


@pytest.mark.parametrize("game_id, options", [("hex", {"size": 7}), ("y", {"family": "regular", "size": 7})])
def test_rave_search_is_on_reproducible_and_legal(game_id, options):
    g = pygame_core.new_game(game_id, seed=3, **options)
    for text in [m for m in g.legal_moves()[:1]]:
        g.play(text)
    a = MCTSAgent(seed=9, iterations=300)
    move = a.choose(g)
    assert a._rave and move in g.legal_moves()
    root = a._root
    assert a._bits  # the fast search on the bitboard core
    assert sum(a._core.fields(root.an)) > 300  # AMAF counted per cell (SWAR counters)
    old = MCTSAgent(seed=9, iterations=300)
    old.use_bits = False
    assert old.choose(g) in g.legal_moves() and not old._bits
    assert old._root.amaf is not None and sum(old._root.amaf[0]) > 300  # per move (the list search)
    assert MCTSAgent(seed=9, iterations=300).choose(g) == move
    plain = MCTSAgent(seed=9, iterations=50)
    plain.rave_equivalence = 0
    plain._given.add("rave_equivalence")
    plain.choose(g)
    assert not plain._rave


@pytest.mark.parametrize("game_id, options", [("hex", {"size": 7}), ("y", {"family": "regular", "size": 7})])
def test_the_search_keeps_its_subtree_for_the_next_move(game_id, options):
    g = pygame_core.new_game(game_id, seed=3, **options)
    a = MCTSAgent(seed=4, iterations=2000)
    move = a.choose(g)
    root = a._root
    g.play(move)
    # the opponent answers with the reply the search looked at most
    reply = max(root.children[move].children.values(), key=lambda c: c.visits)
    expected = reply.visits
    g.play(reply.move)
    a.start(g)
    assert a._root is reply and a.reused_visits == expected > 0
    assert a._root.player is None and a._root.move is None and a._root.parent is None
    done = a.think(iterations=200)  # (it may stop early once the choice cannot change)
    assert done > 0 and a._root.visits == expected + done
    assert a.best_move() in g.legal_moves()
    # an unexpected reply, another game, or reuse turned off: a fresh tree
    other = pygame_core.new_game(game_id, seed=3, **options)
    other.play(g.legal_moves()[0])
    a.start(other)
    assert a.reused_visits == 0 and a._root.visits == 0
    b = MCTSAgent(seed=4, iterations=300)
    b.reuse_tree = False
    b.choose(g)
    g.play(g.legal_moves()[0])
    g.play(g.legal_moves()[0])
    b.start(g)
    assert b.reused_visits == 0


def test_a_reused_tree_plays_exactly_as_when_replayed():
    # reproducible: the same seeds and positions give the same moves with a kept tree
    def game(seed):
        g = pygame_core.new_game("y", seed=seed, family="regular", size=7)
        agents = [MCTSAgent(seed=11, iterations=400), MCTSAgent(seed=12, iterations=400)]
        reused = 0
        while not g.is_over:
            agent = agents[g.current_player]
            g.play(agent.choose(g))
            reused += agent.reused_visits
        return g.history, reused

    first, reused = game(1)
    assert reused > 0 and game(1) == (first, reused)


def _searched(game_id, options, moves, iterations, **settings):
    g = pygame_core.new_game(game_id, seed=2, **options)
    rnd = random.Random(5)
    for _ in range(moves):
        g.play(rnd.choice(g.legal_moves()))
    a = MCTSAgent(seed=7)
    for name, value in settings.items():
        setattr(a, name, value)
    assert a.start(g) is None and a._bits
    a.think(iterations=iterations)
    return g, a


@pytest.mark.parametrize("game_id, options", [("hex", {"size": 11}), ("y", {"family": "regular", "size": 13})])
def test_kept_values_stay_close_to_the_values_worked_out_afresh(game_id, options):
    # a node works its window's values out again only every visits >> refresh_shift visits, and
    # the move it chose last at each visit: the kept values stay within a few hundredths
    _, a = _searched(game_id, options, 20, 6000)
    k3 = 3.0 / a.rave_equivalence
    checked, diffs = 0, []
    stack = [a._root]
    while stack:
        node = stack.pop()
        stack.extend(node.children.values())
        if node.window is None or node.vals is None or node.visits < 64:
            continue
        kept = list(node.vals)
        last = node.last
        fresh = a._refresh(node, node.visits, k3)
        for i, (old, new) in enumerate(zip(kept, fresh)):
            if i == last:  # (worked out again at the node's next visit)
                continue
            if math.isinf(new):
                assert old == new
            else:
                assert abs(old - new) < 0.1, (node.visits, i, old, new)
                diffs.append(abs(old - new))
            checked += 1
    assert checked > 100 and sum(diffs) / len(diffs) < 0.02, (checked, max(diffs), sum(diffs) / len(diffs))


def test_a_leaf_is_played_out_expand_times_before_it_is_opened():
    for expand in (1, 3):
        _, a = _searched("hex", {"size": 9}, 10, 3000, expand=expand)
        opened = leaves = 0
        stack = list(a._root.children.values())
        while stack:
            node = stack.pop()
            stack.extend(node.children.values())
            if node.window is not None:
                opened += 1
                assert node.visits > expand
            elif node.proven is None:
                leaves += 1
                assert node.visits <= expand
        assert opened > 50 and leaves > 50


def test_the_search_pauses_the_garbage_collector_only_while_it_runs():
    g, a = _searched("hex", {"size": 7}, 4, 10)
    seen = []
    real = a._iterate_bits

    def spy(root, game, hidden):
        seen.append(gc.isenabled())
        if len(seen) == 5:
            raise KeyboardInterrupt  # a search cut short (a killed slice) leaves it on again
        real(root, game, hidden)

    a._iterate_bits = spy
    assert gc.isenabled()
    with pytest.raises(KeyboardInterrupt):
        a.think(iterations=100)
    assert seen == [False] * 5 and gc.isenabled()
    gc.disable()  # a host that turned it off keeps it off
    try:
        a._iterate_bits = real
        a.think(iterations=20)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_visit_works_out_again_the_value_of_the_move_chosen_last():
    g, a = _searched("hex", {"size": 11}, 20, 100)  # (few visits: the choice changes often)
    root, k3 = a._root, 3.0 / a.rave_equivalence
    checked = 0
    for _ in range(400):
        root.fresh_at = root.visits + 10  # no refresh of every value in the next iteration
        a._iterate_bits(root, g, False)
        i = root.last
        child = root.wk[i]
        v = child.visits
        q = child.wins / v
        expected = q + (k3 * v + 1.0) ** -0.5 * (root.qas[i] - q) + root.explore * v ** -0.5
        fresh_at = root.fresh_at
        a._iterate_bits(root, g, False)
        if root.fresh_at != fresh_at:
            continue  # the window grew or was ranked again: every value was worked out again
        if root.last != i and child.proven is None:  # (chosen again: worked out again and used)
            assert root.vals[i] == expected
            checked += 1
    assert checked > 20


def test_a_search_tree_has_no_cycles_so_it_is_freed_without_the_collector():
    gc.collect()
    g, a = _searched("hex", {"size": 9}, 6, 3000)
    nodes = 0
    stack = [a._root]
    while stack:
        node = stack.pop()
        nodes += 1
        assert node.parent is None
        stack.extend(node.children.values())
    assert nodes > 1000
    gc.disable()
    try:
        del a, stack, node
        assert gc.collect() < 100  # (nothing of the thousands of nodes was left to the collector)
    finally:
        gc.enable()


MIDDLE_GAME = ["k8", "j10", "i10", "h9", "g9", "h7", "f8", "g6", "e7", "f5", "e5", "e6", "c7", "d6",
               "c6", "d5", "c5", "d3", "d4", "e3"]  # (Hex 11, MoHex playing both sides)


def test_the_root_s_analysis_leaves_no_garbage_for_the_collector():
    # H-search over every pair (its OR rule), captured sets and the anchored search's AND rule
    # once kept recursive closures: a reference cycle per call holding its tables, thousands of
    # objects a position left to the cyclic collector (or frozen with the tree between slices)
    g = pygame_core.new_game("hex", seed=0)
    for m in MIDDLE_GAME:
        g.play(m)
    gc.collect()
    gc.disable()
    try:
        a = MCTSAgent(seed=1)
        a.open_ended = True  # (the full analysis)
        assert a.start(g) is None
        a.think(iterations=1500)
        assert a._root.hs == 2 and a._root.visits
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_sliced_search_freezes_the_collector_s_objects_between_slices_until_the_next_start():
    g = pygame_core.new_game("hex", seed=0)
    for m in MIDDLE_GAME:
        g.play(m)
    plain = MCTSAgent(seed=1)
    plain.start(g)
    plain.think(iterations=200)
    assert gc.get_freeze_count() == 0  # (benchmarks, choose, the CLI: never)
    a = MCTSAgent(seed=1)
    a.sliced = True
    try:
        a.start(g)
        a.think(seconds=0.05)
        assert gc.isenabled() and gc.get_freeze_count() > 1000  # (the tree among them)
        a.think(seconds=0.05)
        g.play(a.best_move())
        a.start(g)  # the next position: collected as usual again
        assert gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()


@pytest.mark.parametrize("saves", [True, False])
def test_a_playout_after_an_intrusion_into_a_bridge_saves_it_first(saves):
    """A leaf whose last move took one carrier of a bridge of the player to move: the playout
    gives that player the other carrier before the fill (``playout_saves``); without it the
    fill leaves the bridge to chance (the other player fills first)."""
    g = pygame_core.new_game("hex", seed=2, size=5)
    g.play("c3")
    g.play("a5")
    core, blue, red = g.bit_state()
    c3 = blue.bit_length() - 1
    # a cell a bridge away from c3, and the bridge's carriers (core.replies: per carrier, the other)
    (x, c1, c2), = [(ends ^ (1 << c3), c, d) for c in range(core.nbits) for d, ends in core.replies()[0][c]
                    if ends >> c3 & 1 and c < d and not (ends ^ 1 << c3) & red][:1]
    g.play(g.bit_moves()[x.bit_length() - 1])  # Blue's bridge c3-x; Red to move
    a = MCTSAgent(seed=7)
    a.playout_saves = saves
    assert a.start(g) is None and a._bits
    root_blue, root_red = blue | x, red
    seen = []
    real = core.fill

    def fill(mover, other, rng, perm, bridges=True, to_move=0, edges=False):
        b, r = (mover, other) if to_move == 0 else (other, mover)
        if r == root_red | 1 << c1 and b & ~(1 << c2) == root_blue:  # the leaf: Red took c1
            seen.append((to_move, bool(b >> c2 & 1)))
        return real(mover, other, rng, perm, bridges, to_move, edges)

    core.fill = fill
    try:
        a.think(iterations=400)
    finally:
        del core.fill
    assert seen, "no playout from the leaf after the intrusion"
    if saves:
        assert all(who == 1 and kept for who, kept in seen), seen  # Blue kept c2: Red fills on
    else:
        assert all(who == 0 and not kept for who, kept in seen), seen
