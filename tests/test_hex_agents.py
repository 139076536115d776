"""Hex agents: A* (real A*, same costs as a plain shortest-path search) and Smart."""

import random
from collections import deque

import pytest

import pygame_core
from pygame_core import agents
from pygame_core.games.hex.agents import astar_path
from pygame_core.games.hex import BLUE, EMPTY, RED, HexBoard, HexMove
from pygame_core.geometry import hexgrid


def zero_one_bfs(board, player):
    """Reference cheapest path cost: 0-1 BFS, own stone 0, empty 1, opponent blocked."""
    n, cells = board.size, board.cells
    nbrs = hexgrid.neighbour_table(n)
    axis = (lambda i: i // n) if player == BLUE else (lambda i: i % n)
    starts = [i for i in range(n * n) if axis(i) == 0 and cells[i] != 1 - player]
    dist = {}
    dq = deque()
    for s in starts:
        d = 0 if cells[s] == player else 1
        dist[s] = d
        (dq.appendleft if d == 0 else dq.append)(s)
    best = None
    while dq:
        i = dq.popleft()
        if axis(i) == n - 1:
            best = dist[i] if best is None else min(best, dist[i])
        for j in nbrs[i]:
            if cells[j] == 1 - player:
                continue
            d = dist[i] + (0 if cells[j] == player else 1)
            if d < dist.get(j, 1 << 30):
                dist[j] = d
                (dq.appendleft if d == dist[i] else dq.append)(j)
    return best


def random_position(n, stones, seed):
    rng = random.Random(seed)
    g = pygame_core.new_game("hex", size=n)
    while len(g.history) < stones and not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    return g


def test_astar_costs_equal_reference_and_expands_less():
    with_h = without_h = 0
    checked = 0
    for seed in range(150):
        n = 3 + seed % 9
        g = random_position(n, seed % (n * n // 2 + 1), seed)
        for player in (BLUE, RED):
            ref = zero_one_bfs(g.board, player)
            found = astar_path(g.board, player)
            plain = astar_path(g.board, player, use_heuristic=False)
            if ref is None:
                assert found is None
                continue
            cost, path, exp = found
            assert cost == ref == plain[0]
            # the path is a real chain of neighbours from edge to edge through no enemy stone
            assert all(g.board.cells[i] != 1 - player for i in path)
            assert sum(1 for i in path if g.board.cells[i] == EMPTY) == cost
            for a, b in zip(path, path[1:]):
                assert b in hexgrid.neighbour_table(n)[a]
            with_h += exp
            without_h += plain[2]
            checked += 1
    assert checked > 200
    assert with_h < without_h  # the heuristic saves expansions


def test_astar_agent_plays_an_empty_cell_on_a_cheapest_path():
    g = random_position(7, 10, 3)
    me = g.current_player
    before = astar_path(g.board, me)[0]
    move = agents.get("astar")(seed=1).choose(g)
    g.play(move)
    assert astar_path(g.board, me)[0] == before - 1


def test_agent_registry():
    assert agents.get("astar").title == "A*"
    assert {a["name"] for a in agents.list_agents("hex")} >= {"random", "astar", "smart"}
    with pytest.raises(ValueError, match="unknown agent"):
        agents.get("nope")


def test_smart_opening():
    g = pygame_core.new_game("hex", size=11)
    smart = agents.get("smart")(seed=0)
    assert smart.choose(g) == HexMove(5, 5)
    g.play("f6")  # (5,5) taken by Blue
    assert smart.choose(g) == HexMove(5, 6)  # Red: (c, c+1)
    g2 = pygame_core.new_game("hex", size=11, swap=True)
    g2.play("f6")
    g2.play("swap")  # Red now owns the centre and Blue has no stone
    assert smart.choose(g2) == HexMove(4, 5)  # Blue: (c-1, c)


def test_smart_repairs_a_bridge():
    g = pygame_core.new_game("hex", size=9)
    # Blue stones e5 (4,4) and f3 (5,2): a bridge with carriers (4,3)=e4 and (5,3)=f4
    for m in ["e5", "a9", "f3", "e4"]:
        g.play(m)
    assert agents.get("smart")(seed=0).choose(g) == HexMove(5, 3)


def test_smart_seals_a_finished_chain():
    g = pygame_core.new_game("hex", size=5)
    # Blue: c1 (2,0), c3 (2,2)? not a bridge; use bridges (x,y)->(x+1,y-2)
    # Blue stones b5 (1,4), c3 (2,2), d1 (3,0): bridges b5-c3 (carriers b4/c4) and c3-d1 (c2/d2)
    for m in ["b5", "a1", "c3", "a2", "d1", "a3"]:
        g.play(m)
    move = agents.get("smart")(seed=0).choose(g)
    assert move in {HexMove(1, 3), HexMove(2, 3), HexMove(2, 1), HexMove(3, 1)}


def play(players, seed, size=7):
    g = pygame_core.new_game("hex", size=size)
    seats = [agents.get(p)(seed=seed * 2 + i) for i, p in enumerate(players)]
    while not g.is_over:
        g.play(seats[g.current_player].choose(g))
    return g


def test_agents_are_deterministic_given_seeds():
    assert play(["astar", "random"], 4).moves == play(["astar", "random"], 4).moves


@pytest.mark.parametrize("name", ["astar", "smart"])
def test_pathfinding_agents_beat_random(name):
    wins = 0
    for seed in range(10):
        wins += play([name, "random"], seed).winners == [BLUE]
        wins += play(["random", name], seed).winners == [RED]
    assert wins >= 19


def test_smart_usually_beats_astar():
    wins = sum(play(["smart", "astar"], s, 9).winners == [BLUE] for s in range(10))
    wins += sum(play(["astar", "smart"], s, 9).winners == [RED] for s in range(10))
    assert wins >= 14


def test_agents_never_mutate_the_game():
    g = random_position(6, 7, 11)
    before = g.record(), list(g.board.cells)
    for name in ("random", "astar", "smart"):
        agents.get(name)(seed=2).choose(g)
    assert (g.record(), list(g.board.cells)) == before


def test_agent_on_finished_game_raises():
    g = play(["astar", "astar"], 1, 4)
    with pytest.raises(ValueError):
        agents.get("smart")(seed=0).choose(g)


# ---------------------------------------------------------------- the generic search agent
def test_mcts_takes_an_immediate_win_and_is_reproducible():
    g = pygame_core.new_game("hex", size=5)
    for m in ["a1", "b1", "a2", "b2", "a3", "b3", "a4", "c4"]:
        g.play(m)
    mcts = agents.get("mcts")
    assert mcts(seed=1, iterations=50).choose(g) == HexMove(0, 4)  # a5 wins for Blue
    y = pygame_core.new_game("y", size=6)
    y.play("c2")
    assert mcts(seed=7, iterations=120).choose(y) == mcts(seed=7, iterations=120).choose(y)


def test_mcts_beats_random_on_y():
    wins = 0
    for seed in range(6):
        g = pygame_core.new_game("y", size=5, seed=seed)
        seats = [agents.get("mcts")(seed=seed, iterations=200), agents.get("random")(seed=seed)]
        if seed % 2:
            seats.reverse()
        while not g.is_over:
            g.play(seats[g.current_player].choose(g))
        wins += g.winners == [seed % 2]
    assert wins >= 5


def test_strongest_agent_per_game():
    assert agents.strongest("hex").name == "mcts"
    assert agents.strongest("y").name == "mcts"
