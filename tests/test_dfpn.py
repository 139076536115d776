"""The df-pn solver (``games/connection/bitboard_dfpn.py``): every answer it gives agrees with an exhaustive
solver over the rules on small boards (Hex 3-5, regular Y 4-6), with and without H-search; a
winning move it names wins; and the search marks what it proves at the root."""

from __future__ import annotations

import random
import pytest

import pygame_core
from pygame_core.games.connection.bitboard_dfpn import LOSS, WIN, Dfpn
from pygame_core.games.connection.bitboard_hsearch import hsearch

# (game, options, stones before the position): positions a few stones in, where the solver's
# root alone (H-search included) does not decide, so df-pn itself must search
BOARDS = [("hex", (("size", 3),), 0), ("hex", (("size", 4),), 2), ("hex", (("size", 5),), 10),
          ("y", (("family", "regular"), ("size", 4)), 0), ("y", (("family", "regular"), ("size", 5)), 3),
          ("y", (("family", "regular"), ("size", 6)), 7)]


def _replay(game_id, options, moves):
    g = pygame_core.new_game(game_id, seed=0, **dict(options))
    for m in moves:
        g.play(m)
    return g


def _mover_wins(core, s0: int, s1: int, me: int, memo: dict) -> bool:
    """Exhaustive search (every empty cell, every reply; positions memoised by their stones):
    does the player to move win with perfect play?  A player wins by joining its sides
    (``core.owner``, checked against the rules on thousands of games in tests/test_bitboard.py)."""
    key = (s0, s1)
    if key in memo:
        return memo[key]
    s = [s0, s1]
    empty = core.full & ~(s0 | s1)
    won = False
    while empty and not won:
        low = empty & -empty
        empty ^= low
        s[me] |= low
        won = core.owner(s[me], me) or not _mover_wins(core, s[0], s[1], 1 - me, memo)
        s[me] ^= low
    memo[key] = won
    return won


def _positions(game_id, options, stones, count, seed, hsearch_budget):
    """``count`` positions of random games ``stones`` to ``stones + 3`` moves in, not over, that
    the solver's root does not decide at once (when the board has such positions)."""
    rnd = random.Random(seed)
    out = []
    for _ in range(400):
        g = pygame_core.new_game(game_id, seed=0, **dict(options))
        k = rnd.randint(stones, stones + 3)
        while len(g.moves) < k and not g.is_over:
            g.play(rnd.choice(g.legal_moves()))
        if g.is_over:
            continue
        core, s0, s1 = g.bit_state()
        if Dfpn(core, nodes=1, hsearch_budget=hsearch_budget).solve(s0, s1, g.current_player)[0] is None:
            out.append(tuple(g.moves))
            if len(out) == count:
                break
    return out


@pytest.mark.parametrize("game_id,options,stones", BOARDS)
@pytest.mark.parametrize("hsearch_budget", [300, 0])
def test_every_answer_agrees_with_an_exhaustive_solver(game_id, options, stones, hsearch_budget):
    positions = _positions(game_id, options, stones, 6, stones * 7 + hsearch_budget, hsearch_budget)
    assert len(positions) >= (2 if (game_id, options) == ("hex", (("size", 3),)) else 6)
    searched = 0
    for moves in positions:
        g = _replay(game_id, options, moves)
        core, s0, s1 = g.bit_state()
        me = g.current_player
        solver = Dfpn(core, nodes=20000, hsearch_budget=hsearch_budget)
        result, cell = solver.solve(s0, s1, me)
        searched += solver.nodes > 2
        truth = _mover_wins(core, s0, s1, me, {})
        assert result is not None, f"not solved with a large budget: {moves}"
        assert (result == WIN) == truth, f"{game_id} {moves}: solver {result}, truth {truth}"
        if result == WIN:  # the move it names wins
            assert cell is not None
            trial = g.clone()
            trial.play(g.bit_moves()[cell])
            t0, t1 = trial.bit_state()[1:]
            assert (trial.is_over and trial.winners == [me]) or not _mover_wins(core, t0, t1, 1 - me, {})
    if stones >= 7:  # (on the larger boards df-pn goes deeper than the root's children)
        assert searched, "no position needed more than one level of search"


def test_a_small_budget_gives_up_rather_than_guess():
    g = pygame_core.new_game("hex", seed=0, size=9)
    g.play(g.parse_move("e5"))
    core, s0, s1 = g.bit_state()
    solver = Dfpn(core, nodes=5)
    assert solver.solve(s0, s1, g.current_player) == (None, None) and solver.nodes <= 6


def _undecided_at_the_root(result_wanted):
    """A Hex 5 position that the search's root H-search alone does not decide and that df-pn
    proves ``result_wanted`` for the player to move (with the move it names)."""
    for moves in _positions("hex", (("size", 5),), 10, 40, 11, 300):
        g = _replay("hex", (("size", 5),), moves)
        core, s0, s1 = g.bit_state()
        me = g.current_player
        s = (s0, s1)
        if hsearch(core, s[me], s[1 - me], me, 1500).sc_wins:
            continue  # (the root's own H-search would prove this one)
        result, cell = Dfpn(core, nodes=20000).solve(s0, s1, me)
        if result == result_wanted:
            return g, cell
    raise AssertionError("no such position")


def test_the_search_marks_what_its_root_solver_proves_and_analysis_shows_it():
    from pygame_core.agents.mcts import MCTSAgent
    from pygame_core.analysis import candidates
    g, cell = _undecided_at_the_root(WIN)
    core, s0, s1 = g.bit_state()
    me = g.current_player
    agent = MCTSAgent(seed=3)
    agent.solver_rate = 1.0  # (a budget large enough for these small positions at the first ranking)
    agent.solver_margin = 0.0  # (whatever the means say)
    assert agent.start(g) is None
    agent.think(iterations=400)
    root = agent._root
    won = [m for m, c in root.children.items() if c.proven == 1.0]
    assert root.proven == 1.0 and won and agent.best_move() == won[0]
    t0, t1 = _played(g, won[0]).bit_state()[1:]
    assert not _mover_wins(core, t0, t1, 1 - me, {}), "a move marked won must win"
    shown = candidates(agent, g)
    assert shown["solved"] and shown["candidates"][0]["proven"] == "win"
    g, _ = _undecided_at_the_root(LOSS)
    agent = MCTSAgent(seed=3)
    agent.solver_rate, agent.solver_margin = 1.0, 0.0
    agent.start(g)
    agent.think(iterations=400)
    assert agent._root.proven == 0.0 and all(c.proven == 0.0 for c in agent._root.children.values())
    core, s0, s1 = g.bit_state()
    assert not _mover_wins(core, s0, s1, g.current_player, {})
    off = MCTSAgent(seed=3)  # without the solver the same search does not prove it so soon
    off.solver_rate = 0
    off.start(g)
    off.think(iterations=40)
    assert off._root.proven is None


def _played(g, move):
    t = g.clone()
    t.play(move)
    return t


def test_the_root_solver_runs_only_where_the_position_looks_decided():
    from pygame_core.games.connection.mcts import BitNode
    from pygame_core.agents.mcts import MCTSAgent
    agent = MCTSAgent(seed=1)
    root = BitNode(None, None, None)
    root.open()
    assert agent._looks_decided(root)  # (nothing tried yet)
    for pos, (visits, wins) in enumerate(((40, 22.0), (10, 9.0))):
        child = root.kids[pos] = BitNode(pos, root, 0)
        child.visits, child.wins = visits, wins
    assert not agent._looks_decided(root)  # the most visited move: 0.55
    root.kids[0].wins = 31.0
    assert agent._looks_decided(root)  # 0.775
    root.kids[0].wins = 9.0
    assert agent._looks_decided(root)  # 0.225: decided the other way
