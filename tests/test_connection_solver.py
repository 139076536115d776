"""The fast connection search (games/connection/mcts.py): its proofs agree with a brute-force
solver on small boards, and it solves tactical positions (a threat to block, a broken bridge to
mend, a double threat to make) at a small budget."""

import random
from functools import lru_cache

import pytest

import pygame_core
from pygame_core.agents.mcts import MCTSAgent

SMALL = [("hex", {"size": 3}, 0), ("hex", {"size": 4}, 6), ("y", {"family": "regular", "size": 4}, 1),
         ("y", {"family": "regular", "size": 5}, 6), ("y", {"family": "regular", "size": 4, "misere": True}, 2)]


def _replay(game_id, options, moves):
    g = pygame_core.new_game(game_id, seed=0, **options)
    for m in moves:
        g.play(m)
    return g


@lru_cache(maxsize=None)
def _mover_wins(game_id, options_key, moves: tuple) -> bool:
    """Brute force over the rules: does the player to move win with perfect play?"""
    g = _replay(game_id, dict(options_key), moves)
    me = g.current_player
    for move in g.legal_moves():
        trial = g.clone()
        trial.play(move)
        if trial.is_over:
            if trial.winners == [me]:
                return True
            continue
        if not _mover_wins(game_id, options_key, tuple(trial.moves)):
            return True
    return False


def _positions(game_id, options, stones, count, seed):
    rnd = random.Random(seed)
    out = []
    while len(out) < count:
        g = pygame_core.new_game(game_id, seed=0, **options)
        for _ in range(stones + rnd.randrange(0, 3)):
            if g.is_over:
                break
            g.play(rnd.choice(g.legal_moves()))
        if not g.is_over:
            out.append(tuple(g.moves))
    return out


@pytest.mark.parametrize("game_id, options, stones", SMALL, ids=[f"{g}-{o}" for g, o, _ in SMALL])
def test_every_proof_in_the_tree_agrees_with_brute_force(game_id, options, stones):
    key = tuple(sorted(options.items()))
    proofs = roots = 0
    for k, moves in enumerate(_positions(game_id, options, stones, 12, seed=len(game_id) + stones)):
        g = _replay(game_id, options, moves)
        agent = MCTSAgent(seed=k)
        if agent.start(g) is not None:
            continue  # one legal move or an immediate win: nothing to search
        agent.think(iterations=4000)
        assert agent._bits
        root = agent._root
        if root.proven is not None:
            roots += 1
            assert (root.proven == 1.0) == _mover_wins(game_id, key, moves), moves
        stack = [(child, moves + (g.format_move(move),)) for move, child in root.children.items()]
        while stack:
            node, line = stack.pop()
            if node.proven is not None:
                proofs += 1
                # proven 1.0: the player who moved into the node wins, so its player to move loses
                state = _replay(game_id, options, line)
                if state.is_over:
                    assert (node.proven == 1.0) == (state.winners == [node.player]), line
                else:
                    assert (node.proven == 1.0) != _mover_wins(game_id, key, line), line
            state = None
            stack.extend((c, line + (str(m) if game_id == "hex" else g.format_move(m),))
                         for m, c in node.children.items())
    assert proofs > 20 and roots > 0, (proofs, roots)


MUST = [("hex", {"size": 4}, 5), ("y", {"family": "regular", "size": 5}, 6)]


@pytest.mark.parametrize("game_id, options, stones", MUST, ids=[g for g, _, _ in MUST])
def test_every_move_outside_the_must_play_region_loses(game_id, options, stones):
    # BitCore.must_play: when the opponent is virtually connected by bridges and edge templates,
    # the carriers it names are the only cells that may not lose; brute force over the rules
    key = tuple(sorted(options.items()))
    regions = 0
    for moves in _positions(game_id, options, stones, 150, seed=17):
        g = _replay(game_id, options, moves)
        core, s0, s1 = g.bit_state()
        me = g.current_player
        empty = core.full & ~(s0 | s1)
        region = core.must_play((s0, s1)[1 - me], empty, 1 - me)
        if not region:
            continue
        regions += 1
        assert region & empty == region
        assert not _mover_wins(game_id, key, moves), moves  # the opponent wins: a proof
        for move in g.legal_moves():
            cell = g.move_cell(move)
            if region >> core.positions[cell] & 1:
                continue
            trial = g.clone()
            trial.play(move)
            assert not trial.is_over and _mover_wins(game_id, key, tuple(trial.moves)), (moves, str(move))
    assert regions >= 10, regions


def test_must_play_names_the_carriers_of_a_bridge_chain():
    # Blue: f1-e3-d5-c7-b9-a11 (bridges, the ends on the edges): Red must play on a carrier
    blue = [_cell(5 - k, 2 * k) for k in range(6)]
    red = [_cell(x, 0) for x in (8, 9, 10)] + [_cell(10, 2), _cell(10, 4)]
    g = _hex(blue, red, to_move_red=True)
    core, s0, s1 = g.bit_state()
    region = core.must_play(s0, core.full & ~(s0 | s1), 0)
    w = core.width
    cells = sorted(_cell(p % w, p // w) for p in range(core.nbits) if region >> p & 1)
    carriers = [_cell(5 - k, 2 * k + 1) for k in range(5)] + [_cell(4 - k, 2 * k + 1) for k in range(5)]
    assert cells == sorted(carriers)
    assert core.must_play(s1, core.full & ~(s0 | s1), 1) == 0  # Red is not connected
    agent = _searched(g, 4, 3000, hsearch_visits=0, solver_rate=0)  # the root keeps to the region
    root = agent._root
    assert root.must == region and root.proven != 1.0
    searched = [m for m, child in root.children.items() if child.visits > 40]
    assert searched and all(region >> core.positions[g.move_cell(m)] & 1 for m in searched)
    # Red's intrusions are proven lost: Blue's answer restores a virtual connection, and a
    # position whose mover's opponent is virtually connected is proven at its first ranking
    assert sum(child.proven == 0.0 for child in root.children.values()) >= 5
    # with H-search (bitboard_hsearch) the root's first H-search proves it lost at once
    agent = _searched(g, 4, 3000)
    assert agent._root.proven == 0.0 and agent.last_iterations <= agent.hsearch_visits * 2


def test_must_play_takes_patterns_without_a_shared_carrier():
    # patterns are taken lowest first, each only if neither carrier is given out already; a
    # single bridge joining the sides of 3x3 Hex is a virtual connection until it is intruded
    from pygame_core.games.connection.bitboard import disjoint, hex_core
    assert disjoint(0b101, 0b11, 0) == 0b101  # anchors 0 and 2: carriers {0,1}, {2,3}
    assert disjoint(0b011, 0b11, 0) == 0b001  # anchors 0 and 1 share the cell 1
    assert disjoint(0b001, 0b11, 0b10) == 0  # a carrier already given out
    core = hex_core(3)
    w = core.width
    at = lambda x, y: 1 << (y * w + x)  # noqa: E731
    blue = at(1, 0) | at(0, 2)  # the bridge b1-a3 joins top and bottom: carriers a2, b2
    empty = core.full & ~blue
    assert core.must_play(blue, empty, 0) == at(0, 1) | at(1, 1)
    red = at(1, 1)
    assert core.must_play(blue, empty & ~red, 0) == 0  # intruded: no longer a virtual connection


def _hex(blue, red, to_move_red: bool):
    """A Hex 11 position from cell lists (Blue's and Red's), played in alternation."""
    g = pygame_core.new_game("hex", seed=0, size=11)
    blue, red = list(blue), list(red)
    assert len(blue) == len(red) + (1 if to_move_red else 0)
    while blue or red:
        g.play(blue.pop(0) if g.current_player == 0 else red.pop(0))
    return g


def _cell(x, y):
    return f"{'abcdefghijk'[x]}{y + 1}"


def _searched(g, seed, iterations, **tweaks):
    """A started search of ``g`` (nothing decided at once) after ``iterations``."""
    agent = MCTSAgent(seed=seed)
    for name, value in tweaks.items():
        setattr(agent, name, value)
    assert agent.start(g) is None
    agent.think(iterations=iterations)
    return agent


def test_a_threat_is_blocked():
    # Blue's column f is whole but for f7: Red must take f7, every other move loses at once
    blue = [_cell(5, y) for y in range(11) if y != 6]
    red = [_cell(x, y) for x, y in ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2))]
    g = _hex(blue, red, to_move_red=True)
    agent = _searched(g, 1, 300)
    assert str(agent.best_move()) == "f7"


def test_a_broken_bridge_is_mended():
    # Blue's bridges f1-e3-d5-c7-b9-a11 join top and bottom; Red took d6, a carrier of d5-c7:
    # Blue answers on the other carrier, c6
    blue = [_cell(5 - k, 2 * k) for k in range(6)]
    red = [_cell(x, 0) for x in (8, 9, 10)] + [_cell(10, 2), _cell(10, 4), _cell(3, 5)]
    g = _hex(blue, red, to_move_red=False)
    agent = _searched(g, 2, 2000)
    assert str(agent.best_move()) == "c6"


def test_a_double_threat_is_found_and_proven():
    # Blue's column f reaches row 9 (f1..f9): f10 threatens f11 and e11 at once
    blue = [_cell(5, y) for y in range(9)]
    red = [_cell(10, y) for y in range(9)]
    g = _hex(blue, red, to_move_red=False)
    agent = _searched(g, 3, 3000)
    assert agent.progress()["solved"]
    after = g.clone()
    after.play(agent.best_move())
    core = after.bit_state()[0]
    for reply in after.legal_moves():  # whatever Red does, Blue then wins at once
        trial = after.clone()
        trial.play(reply)
        _, s0, s1 = trial.bit_state()
        assert core.winning_cells(s0, core.full & ~(s0 | s1), 0), reply


def test_y_threat_is_blocked():
    # X's edge a1..a9 of a side-9 triangle misses a5 (the only cell joining both halves)
    xs = [_cell(0, y) for y in range(9) if y != 4]
    os_ = [_cell(x, y) for x, y in ((5, 0), (6, 0), (7, 0), (4, 1), (5, 1), (6, 1), (4, 2))]
    g = pygame_core.new_game("y", seed=0, family="regular", size=9)
    while xs or os_:
        g.play(xs.pop(0) if g.current_player == 0 else os_.pop(0))
    agent = _searched(g, 4, 300)
    assert str(agent.best_move()) == "a5"
