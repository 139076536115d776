"""Inferior-cell analysis (games/connection/bitboard_ica.py) against brute force on small Hex boards.

* a dead cell: in every completion of the board, the winner does not depend on its colour;
* a captured pair, and the whole fill-in (pairs of both players, then dead cells of either
  colour): the position has the same game value with them filled, whichever player moves;
* pruning: when the player to move wins, a winning move lies outside the fill-in and dead cells.

Hex 3x3: every position; Hex 4x4 and 5x5: random positions.  The solver is an independent
minimax over the bitboards, memoized on the position."""

import random
from functools import lru_cache
from itertools import product

import pytest

from pygame_core.games.connection import bitboard_ica as ica
from pygame_core.games.connection.bitboard import hex_core, y_core
from pygame_core.games.connection.bitboard_base import single_bits


_bits = single_bits  # (each set bit as a mask of its own)


def _solver(core):
    full = core.full

    @lru_cache(maxsize=None)
    def wins(s0: int, s1: int, me: int) -> bool:
        """Does ``me`` (to move) win with perfect play?"""
        mine, theirs = (s0, s1) if me == 0 else (s1, s0)
        if core.owner(theirs, 1 - me):
            return False
        if core.owner(mine, me):
            return True
        empty = full & ~(s0 | s1)
        for b in _bits(empty):
            if me == 0:
                if not wins(s0 | b, s1, 1):
                    return True
            elif not wins(s0, s1 | b, 0):
                return True
        return False
    return wins


def _over(core, s0, s1):
    return core.owner(s0, 0) or core.owner(s1, 1)


def _all_positions(core):
    """Every position of ``core`` that is not over: ``(s0, s1)``."""
    cells = [1 << p for p in core.positions]
    for states in product((0, 1, 2), repeat=len(cells)):
        s0 = sum(b for b, x in zip(cells, states) if x == 1)
        s1 = sum(b for b, x in zip(cells, states) if x == 2)
        if not _over(core, s0, s1):
            yield s0, s1


def _random_y_positions(size, count, lo, hi, seed):
    """A regular Y board's core and ``count`` random positions (``lo``-``hi`` stones) not over."""
    import pygame_core
    core, _, _ = pygame_core.new_game("y", seed=0, family="regular", size=size).bit_state()
    return core, _sample(core, count, lo, hi, seed)


def _random_positions(size, count, lo, hi, seed):
    """The same on Hex ``size``."""
    core = hex_core(size)
    return core, _sample(core, count, lo, hi, seed)


def _sample(core, count, lo, hi, seed):
    rnd = random.Random(seed)
    out = []
    cells = [1 << p for p in core.positions]
    while len(out) < count:
        k = rnd.randint(lo, hi)
        picked = rnd.sample(cells, k)
        n1 = k // 2 if rnd.random() < 0.5 else (k + 1) // 2
        s1 = sum(picked[:n1])
        s0 = sum(picked[n1:])
        if not _over(core, s0, s1):
            out.append((s0, s1))
    return out


def _check_dead(core, s0, s1, dead):
    empty = core.full & ~(s0 | s1)
    for c in _bits(dead):
        rest = _bits(empty & ~c)
        for colours in product((0, 1), repeat=len(rest)):
            a = s0 | sum(b for b, x in zip(rest, colours) if x == 0)
            b = s1 | sum(b for b, x in zip(rest, colours) if x == 1)
            assert core.full_winner(a | c, b) == core.full_winner(a, b | c), (s0, s1, c)


def _check_values(core, wins, s0, s1):
    """Fill-in keeps the value for either player to move; pruning keeps a winning move."""
    f0, f1, dead = ica.fill_in(core, s0, s1)
    assert not (f0 & f1 or f0 & dead or f1 & dead or (f0 | f1 | dead) & (s0 | s1))
    empty = core.full & ~(s0 | s1)
    for anchors, o in ica.captured_pairs(core, s0, s1, 0) + ica.captured_pairs(core, s0, s1, 1):
        assert anchors & empty and (anchors << o if o > 0 else anchors >> -o) & empty
    if not (f0 | f1 | dead):
        return 0
    for me in (0, 1):
        v = wins(s0, s1, me)
        assert wins(s0 | f0 | dead, s1 | f1, me) == v, (s0, s1, me)
        assert wins(s0 | f0, s1 | f1 | dead, me) == v, (s0, s1, me)
        if v:
            keep = empty & ~(f0 | f1 | dead)
            if keep:
                assert any(not wins(s0 | b, s1, 1) if me == 0 else not wins(s0, s1 | b, 0)
                           for b in _bits(keep)), (s0, s1, me)
    return 1


def test_the_dead_rule_is_the_four_or_three_two_patterns():
    cubes = ica.cubes()
    assert len(cubes) == 24
    # 4 consecutive neighbours of one colour (12), 2 + 2 with a stone between (12)
    assert sum(1 for c in cubes if c.count(None) == 2) == 12


def test_hex3_every_position():
    core = hex_core(3)
    wins = _solver(core)
    fired = 0
    for s0, s1 in _all_positions(core):
        dead = ica.dead_cells(core, s0, s1)
        _check_dead(core, s0, s1, dead)
        fired += _check_values(core, wins, s0, s1)
    assert fired > 1000


@pytest.mark.parametrize("size, count, lo, hi", [(4, 1500, 5, 11), (5, 150, 13, 17)])
def test_random_positions(size, count, lo, hi):
    core, positions = _random_positions(size, count, lo, hi, seed=size)
    wins = _solver(core)
    fired = dead_seen = 0
    for s0, s1 in positions:
        dead = ica.dead_cells(core, s0, s1)
        dead_seen += dead.bit_count()
        _check_dead(core, s0, s1, dead)
        f0, f1, d2 = ica.fill_in(core, s0, s1)
        _check_dead(core, s0 | f0, s1 | f1, d2)
        fired += _check_values(core, wins, s0, s1)
    assert fired > count // 10 and dead_seen > 0


def test_the_closed_form_is_the_rule_on_every_neighbourhood():
    for slots in product((0, 1, 2), repeat=6):
        bl = [1 if s == 1 else 0 for s in slots]
        rd = [1 if s == 2 else 0 for s in slots]
        assert bool(ica.dead_from(bl, rd)) == ica.dead_slots(slots), slots


def test_regular_y_interior_cells():
    import pygame_core
    core, positions = _random_y_positions(6, 150, 10, 14, seed=6)
    wins = _solver(core)
    fired = 0
    for s0, s1 in positions:
        dead = ica.dead_cells(core, s0, s1)
        _check_dead(core, s0, s1, dead)
        fired += _check_values(core, wins, s0, s1)
    assert fired > 10


@pytest.mark.parametrize("game_id, options", [("hex", {"size": 4}), ("y", {"family": "regular", "size": 5})])
def test_the_search_with_inferior_cells_proves_only_truths_and_replays(game_id, options):
    proofs, pruned, _ = search_proofs(game_id, options, hsearch_visits=0)
    assert proofs > 20 and (pruned > 5 or game_id == "y"), (proofs, pruned)  # (Y 5: 3 inner cells)


def search_proofs(game_id, options, games=10, moves=4, **tweaks):
    """Search positions a few random moves in with ``tweaks`` set on the agent, twice each:
    every proven node of the tree agrees with the exhaustive solver, and the same seed gives
    the same move.  Returns (proofs, nodes with cells pruned, nodes H-searched)."""
    import pygame_core
    from pygame_core.agents.mcts import MCTSAgent
    rnd = random.Random(30)
    proofs = pruned = searched = 0
    for k in range(games):
        g = pygame_core.new_game(game_id, seed=0, **options)
        for _ in range(moves + k % 3):
            g.play(rnd.choice(g.legal_moves()))
        if g.is_over:
            continue
        core, r0, r1 = g.bit_state()
        wins = _solver(core)
        best = []
        for _ in range(2):
            agent = MCTSAgent(seed=k)
            agent.inferior_cells = True
            for name, value in tweaks.items():
                setattr(agent, name, value)
            if agent.start(g) is not None:
                break
            agent.think(iterations=2000)
            best.append(agent.best_move())
            root = agent._root
            if root.proven is not None:
                proofs += 1
                assert (root.proven == 1.0) == wins(r0, r1, g.current_player)
            stack = [(c, r0, r1) for c in root.children.values()]
            while stack:
                node, s0, s1 = stack.pop()
                pruned += bool(getattr(node, "ica", 0))
                searched += bool(getattr(node, "hs", False))
                if node.player == 0:
                    s0 |= 1 << node.pos
                else:
                    s1 |= 1 << node.pos
                if node.proven is not None:
                    proofs += 1
                    if core.owner(s0, 0) or core.owner(s1, 1):
                        assert (node.proven == 1.0) == core.owner((s0, s1)[node.player], node.player)
                    else:
                        assert (node.proven == 1.0) != wins(s0, s1, 1 - node.player)
                stack.extend((c, s0, s1) for c in node.children.values())
        assert len(set(best)) <= 1  # the same seed, the same move
    return proofs, pruned, searched


def _killed(core, s0, s1, player):
    """``(c, k)``: ``player``'s stone at empty ``c`` dead once the opponent plays its empty
    neighbour ``k``, read slot by slot from the geometry (not from the shifted masks)."""
    g = ica.geometry(core)
    empty = core.full & ~(s0 | s1)
    out = []
    for pos in core.positions:
        c = 1 << pos
        if not c & empty & g.cells:
            continue
        ring = []
        for d, o in enumerate(g.dirs):
            edge = 1 if g.edge[0][d] & c else 2 if g.edge[1][d] & c else 0
            ring.append((0, edge) if edge else (1 << (pos + o), 0))
        for k, _ in ring:
            if not k & empty:
                continue
            a, b = (s0 | c, s1 | k) if player == 0 else (s0 | k, s1 | c)
            slots = tuple(e or (1 if a & n else 2 if b & n else 0) for n, e in ring)
            if ica.dead_slots(slots):
                out.append((c, k))
    return out


@pytest.mark.parametrize("size, count, lo, hi", [(4, 300, 6, 10), (5, 60, 13, 17)])
def test_a_vulnerable_cell_is_dominated_by_its_killer(size, count, lo, hi):
    """Playing the killer is at least as good as playing the vulnerable cell (exhaustive)."""
    core, positions = _random_positions(size, count, lo, hi, seed=size + 40)
    wins = _solver(core)
    seen = 0
    for s0, s1 in positions:
        for p in (0, 1):
            for c, k in _killed(core, s0, s1, p):
                seen += 1
                if p == 0:
                    assert wins(s0 | c, s1, 1) or not wins(s0 | k, s1, 1), (s0, s1, p, c, k)
                else:
                    assert wins(s0, s1 | c, 0) or not wins(s0, s1 | k, 0), (s0, s1, p, c, k)
    assert seen > 300, seen


@pytest.mark.parametrize("board", ["hex4", "hex5", "y6"])
def test_leaving_out_vulnerable_cells_keeps_a_winning_move(board):
    """``vulnerable`` on top of the fill-in: never every candidate, only cells the rule kills,
    and when the player to move wins, a winning move is among the cells kept."""
    if board == "y6":
        core, positions = _random_y_positions(6, 200, 8, 14, seed=8)
    else:
        size = int(board[-1])
        core, positions = _random_positions(size, (300, 80)[size - 4], *((6, 10), (12, 17))[size - 4], seed=size)
    wins = _solver(core)
    cut = 0
    for s0, s1 in positions:
        f0, f1, dead = ica.fill_in(core, s0, s1)
        cand = core.full & ~(s0 | s1 | f0 | f1 | dead)
        for me in (0, 1):
            v = ica.vulnerable(core, s0, s1, me, cand)
            if not v:
                continue
            assert not v & ~cand and cand & ~v
            assert all(any(c == x for x, _ in _killed(core, s0, s1, me)) for c in _bits(v))
            cut += v.bit_count()
            if wins(s0, s1, me):
                keep = cand & ~v
                assert any(not wins(s0 | b, s1, 1) if me == 0 else not wins(s0, s1 | b, 0)
                           for b in _bits(keep)), (s0, s1, me)
    assert cut > (5 if board == "y6" else 50), cut


def test_the_search_leaving_out_vulnerable_cells_proves_only_truths_and_replays():
    proofs, pruned, _ = search_proofs("hex", {"size": 4}, ica_vulnerable=True)
    assert proofs > 20 and pruned > 5, (proofs, pruned)
