"""The bitboard core of Hex and Y (pygame_core.games.connection.bitboard) against the readable rules, on
thousands of random games: the position, the legal moves, the moment a game is won (and by whom),
the winner of a full board, the cells that win at once, and the fill playout."""

import random
from collections import Counter

import pytest

import pygame_core
from pygame_core.games.connection.bitboard import PermPool, hex_core

BOARDS = ([("hex", {"size": n}) for n in (2, 3, 5, 8, 11, 14)]
          + [("y", {"family": "regular", "size": n}) for n in (2, 3, 6, 9, 13)]
          + [("y", {"family": "regular", "size": 7, "misere": True}),
             ("y", {"family": "radial", "center_rows": 3, "outer_rows": 2}),
             ("y", {"family": "radial", "center_rows": 5, "outer_rows": 4})])
IDS = [f"{g}-{'-'.join(str(v) for v in o.values())}" for g, o in BOARDS]
GAMES = 250  # random games per board: 4,250 in all


def bits(mask: int):
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1


def completer_of(g) -> int:
    """Who joined the sides (in misère the other player wins)."""
    return 1 - g.winners[0] if g.options.get("misere") else g.winners[0]


@pytest.mark.parametrize("game_id, options", BOARDS, ids=IDS)
def test_the_core_follows_the_rules_move_by_move(game_id, options):
    rnd = random.Random(7)
    for k in range(GAMES):
        g = pygame_core.new_game(game_id, seed=k, **options)
        core, s0, s1 = g.bit_state()
        stones = [s0, s1]
        assert stones == [0, 0]
        moves = g.bit_moves()
        while not g.is_over:
            legal = g.legal_moves()
            empty = core.full & ~(stones[0] | stones[1])
            assert sorted(map(str, (moves[p] for p in bits(empty)))) == sorted(map(str, legal))
            move = rnd.choice(legal)
            player = g.current_player
            pos = core.positions[g.move_cell(move)]
            assert moves[pos] == move
            g.play(move)
            stones[player] |= 1 << pos
            assert list(g.bit_state()[1:]) == stones
            done = core.completes(pos, stones[player], player)
            assert done == g.is_over, (g.moves, done)
            assert core.owner(stones[player], player) == done
        assert completer_of(g) == player
        assert core.cells(*stones) == g.board.cells


@pytest.mark.parametrize("game_id, options", BOARDS, ids=IDS)
def test_winning_cells_are_exactly_the_moves_that_win_at_once(game_id, options):
    rnd = random.Random(11)
    checked = 0
    for k in range(40):
        g = pygame_core.new_game(game_id, seed=k, **options)
        core = g.bit_state()[0]
        while not g.is_over:
            if rnd.random() < 0.3:
                _, s0, s1 = g.bit_state()
                me = g.current_player
                empty = core.full & ~(s0 | s1)
                found = core.winning_cells((s0, s1)[me], empty, me)
                expected = 0
                for move in g.legal_moves():
                    trial = g.clone()
                    trial.play(move)
                    if trial.is_over and completer_of(trial) == me:
                        expected |= 1 << core.positions[g.move_cell(move)]
                assert found == expected, g.moves
                checked += 1
            g.play(rnd.choice(g.legal_moves()))
    assert checked >= 10


@pytest.mark.parametrize("game_id, options", BOARDS, ids=IDS)
def test_the_winner_of_a_full_board_is_the_rules_winner(game_id, options):
    g = pygame_core.new_game(game_id, seed=1, **options)
    core = g.bit_state()[0]
    rnd = random.Random(3)
    n = len(g.board.cells)
    for _ in range(300):
        cells = [0] * ((n + 1) // 2) + [1] * (n // 2)
        rnd.shuffle(cells)
        assert core.full_winner(*core.stones(cells)) == g.filled_winner(cells)


def _position(game_id, options, seed, moves):
    g = pygame_core.new_game(game_id, seed=seed, **options)
    rnd = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.play(rnd.choice(g.legal_moves()))
    return g


@pytest.mark.parametrize("game_id, options", BOARDS, ids=IDS)
def test_the_fill_playout_fills_every_cell_alternately(game_id, options):
    rnd = random.Random(5)
    for k in range(60):
        g = _position(game_id, options, k, rnd.randrange(0, 12))
        core, s0, s1 = g.bit_state()
        pool = PermPool(core, random.Random(k), size=8)
        me = g.current_player if not g.is_over else 0
        mine, other = (s0, s1) if me == 0 else (s1, s0)
        empty = core.full & ~(s0 | s1)
        for bridges in (True, False):
            f_mine, f_other = core.fill(mine, other, rnd, pool.draw(), bridges=bridges)
            assert f_mine | f_other == core.full and not f_mine & f_other
            assert f_mine & mine == mine and f_other & other == other
            assert (f_mine & empty).bit_count() == (empty.bit_count() + 1) // 2  # the mover: the odd one


def test_the_fill_keeps_bridges_and_is_uniform_otherwise():
    core = hex_core(5)
    w = core.width
    a, b = 1 * w + 1, 2 * w + 2  # Blue's bridge (1,1)-(2,2): carriers (2,1) and (1,2)
    c, d = 1 * w + 2, 2 * w + 1
    blue = 1 << a | 1 << b
    rnd = random.Random(1)
    pool = PermPool(core, random.Random(2), size=16)
    cut = 0
    for _ in range(400):
        red, blue_after = core.fill(0, blue, rnd, pool.draw())  # Red to move
        assert (blue_after >> c & 1) + (blue_after >> d & 1) == 1  # one carrier each
        red, blue_after = core.fill(0, blue, rnd, pool.draw(), bridges=False)
        cut += not blue_after >> c & 1 and not blue_after >> d & 1
    assert 40 < cut < 160  # without the rule Red takes both carriers about a quarter of the time
    # no bridge on the board: every subset of the right size is as likely (2x2: 6 of them)
    small = hex_core(2)
    pool = PermPool(small, random.Random(3), size=8)
    counts = Counter(small.fill(0, 0, rnd, pool.draw())[0] for _ in range(6000))
    assert len(counts) == 6 and all(850 < v < 1150 for v in counts.values()), counts


def test_swar_counters_count_each_cell():
    core = hex_core(11)
    rnd = random.Random(4)
    total, expected = 0, [0] * core.nbits
    for _ in range(50):
        mask = rnd.getrandbits(core.nbits) & core.full
        total += core.spread(mask)
        for p in bits(mask):
            expected[p] += 1
    fields = core.fields(total)
    assert [fields[p] for p in range(core.nbits)] == expected


def test_perm_pool_gives_orders_of_every_cell():
    core = hex_core(4)
    pool = PermPool(core, random.Random(1), size=4)
    every = sorted(1 << p for p in core.positions)
    for _ in range(20):
        assert sorted(pool.draw()) == every


def test_no_bit_state_while_a_swap_may_come():
    g = pygame_core.new_game("hex", seed=1, size=5, swap=True)
    assert g.bit_state() is None
    g.play("c3")
    assert g.bit_state() is None  # Red may still swap
    g.play("swap")
    assert g.bit_state() is not None


@pytest.mark.parametrize("game_id, options, cell, side_cells", [
    ("hex", {"size": 5}, (2, 1), ((2, 0), (3, 0))),  # Blue on row 2: the top edge's c1 and d1
    ("hex", {"size": 5}, (2, 3), ((2, 4), (1, 4))),  # ... on row 4: the bottom edge
    ("y", {"family": "regular", "size": 6}, (1, 2), ((0, 2), (0, 3))),  # side A
    ("y", {"family": "regular", "size": 6}, (2, 1), ((2, 0), (3, 0))),  # side B
    ("y", {"family": "regular", "size": 6}, (2, 2), ((3, 2), (2, 3))),  # side C
])
def test_the_fill_keeps_edge_templates(game_id, options, cell, side_cells):
    g = pygame_core.new_game(game_id, seed=1, **options)
    core = g.bit_state()[0]
    w = core.width
    stone = 1 << (cell[1] * w + cell[0])
    a, b = (1 << (y * w + x) for x, y in side_cells)
    rnd = random.Random(2)
    pool = PermPool(core, random.Random(3), size=8)
    kept = cut = 0
    for _ in range(200):  # player 1 to move against player 0's stone
        _, mine = core.fill(0, stone, rnd, pool.draw(), True, 1, edges=True)
        kept += bool(mine & a) + bool(mine & b) == 1
        _, plain = core.fill(0, stone, rnd, pool.draw(), True, 1, edges=False)
        cut += not plain & (a | b)
    assert kept == 200 and cut > 20, (kept, cut)


def test_replies_mend_bridges_and_edge_templates():
    core = hex_core(5)
    w = core.width
    blue_replies = core.replies()[0]
    a, b, c, d = 1 * w + 1, 2 * w + 2, 1 * w + 2, 2 * w + 1  # Blue's bridge (1,1)-(2,2), carriers c, d
    assert (d, 1 << a | 1 << b) in blue_replies[c] and (c, 1 << a | 1 << b) in blue_replies[d]
    t = 1 * w + 3  # a Blue stone on row 2: the top cells (3,0) and (4,0) are its template
    assert (4, 1 << t) in blue_replies[3] and (3, 1 << t) in blue_replies[4]
    assert all(ends != 1 << t for _, ends in core.replies()[1][3])  # not Red's side


def test_bit_playout_gives_a_winner_and_leaves_the_game_alone():
    g = _position("hex", {"size": 7}, 3, 10)
    before = list(g.board.cells)
    rnd = random.Random(1)
    results = {g.bit_playout(rnd, bridges=b) for b in (False, True) for _ in range(50)}
    assert results <= {0, 1} and g.board.cells == before
    # a column of Blue's stones: every fill is Blue's
    col = pygame_core.new_game("hex", seed=1, size=5)
    for y in range(5):
        col.play(f"c{y + 1}")
        if not col.is_over:
            col.play(f"a{y + 1}")
    assert col.is_over and col.bit_playout(rnd) == 0
    blocked = pygame_core.new_game("hex", seed=1, size=5)
    for y in range(4):
        blocked.play(f"c{y + 1}")
        blocked.play(f"{'abde'[y]}5")
    assert {blocked.bit_playout(rnd) for _ in range(100)} == {0, 1}
