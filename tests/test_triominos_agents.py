"""Triominos agents (rules spec section 10): Random, Greedy, the strategy agents and ISMCTS."""

import pytest

import pygame_core
from pygame_core import agents
from pygame_core.games.triominos.agents import (StrategyAgent, board_after, hand_flexibility,
                                                hexagon_spots)
from pygame_core.core import Rng
from pygame_core.games.triominos import (ALL_TILES, DRAW, PASS, TILE_INDEX, Board, Placement,
                                         Tile, parse_placement)
from pygame_core.games.triominos.search import HOOKS

TRIOMINOS_AGENTS = [a["name"] for a in agents.list_agents("triominos")]

# a hexagon is closed at (2,-1) by 1-2-4 (57 points); the heaviest placeable tile is 3-3-5
HEXAGON_BOARD = ["2-2-2 ACB (1,0)", "2-2-4 BCA (1,-1)", "2-3-4 BAC (0,-1)", "3-3-4 ABC (0,-2)",
                 "3-4-4 ACB (1,-2)", "1-4-4 BCA (2,-2)"]
HEXAGON_HAND = ["0-4-4", "1-1-5", "1-2-4", "3-3-5", "4-4-5"]
# 1-2-3 ABC (2,0) scores most but leaves a spot where one tile closes a hexagon
SPOT_BOARD = ["1-1-1 ABC (0,0)", "0-1-1 BAC (0,1)", "0-1-3 ABC (1,1)", "1-3-3 ACB (2,1)",
              "2-3-3 BCA (3,1)", "0-2-3 CBA (4,1)"]
SPOT_HAND = ["0-0-4", "0-1-2", "0-2-4", "1-2-3", "1-3-4", "2-2-5", "2-4-5", "4-4-5", "4-5-5", "5-5-5"]


def position(board_moves, hand, opponent=9, pool=None, draws=0, seed=0):
    """A full two-player single-round game with Player 1 to move: the layout of
    ``board_moves`` (checked), Player 1's ``hand``, the other tiles dealt at random between
    Player 2 (``opponent`` tiles) and the pool (``pool`` tiles, default all the rest)."""
    game = pygame_core.new_game("triominos", seed=seed, target=None)
    board = Board()
    for text in board_moves:
        board.place(parse_placement(text))
    mine = sorted(Tile.parse(t) for t in hand)
    rest = [t for t in ALL_TILES if t not in board.played and t not in mine]
    Rng(seed).shuffle(rest)
    theirs = sorted(rest[:opponent])
    pool = rest[opponent:] if pool is None else rest[opponent:opponent + pool]
    game.board, game.hands, game.pool = board, [mine, theirs], pool
    game._turn, game.draws, game.passes = 0, draws, 0
    return game


def choose(name, game, seed=1, **settings):
    return agents.get(name)(seed=seed, **settings).choose(game.view(game.current_player))


def random_positions(count, seed=0, agent="random"):
    """Positions (full games) met in seeded single-round games between two ``agent``s."""
    out = []
    s = seed
    while len(out) < count:
        game = pygame_core.new_game("triominos", seed=s, target=None)
        players = [agents.get(agent)(seed=s * 7 + i) for i in range(2)]
        while not game.is_over and len(out) < count:
            out.append(game.clone())
            p = game.current_player
            game.play(players[p].choose(game.view(p)))
        s += 1
    return out


# --------------------------------------------------------------------------- registry
def test_agents_registered_for_triominos_with_titles_and_strengths():
    names = set(TRIOMINOS_AGENTS)
    assert {"random", "greedy", "dump", "flexible", "bonus", "cautious", "hoarder", "ismcts"} <= names
    for info in agents.list_agents("triominos"):
        assert info["title"] and info["description"]
    assert agents.strongest("triominos").name == "ismcts"
    assert agents.strongest("hex").name == "mcts" and agents.strongest("y").name == "mcts"
    assert not agents.get("greedy").supports("hex")
    with pytest.raises(ValueError):
        StrategyAgent(seed=1, placement="nonsense")
    with pytest.raises(ValueError):
        StrategyAgent(seed=1, drawing="sometimes")


# --------------------------------------------------------------------------- Random
def test_random_policy_moves_follow_the_spec():
    for game in random_positions(150):
        moves = HOOKS.random_policy_moves(game)
        legal = game.legal_moves()
        placements = [m for m in legal if isinstance(m, Placement)]
        if placements:
            assert moves == placements
        elif DRAW in legal:
            assert moves == [DRAW]
        else:
            assert moves == [PASS]
        view = game.view(game.current_player)
        assert HOOKS.random_policy_moves(view) == moves  # the own hand is enough


def test_random_agent_uses_the_policy_and_spreads_its_choices():
    game = position(HEXAGON_BOARD, HEXAGON_HAND)
    placements = set(HOOKS.random_policy_moves(game))
    assert len(placements) >= 2 and DRAW in game.legal_moves()
    picks = {choose("random", game, seed=s) for s in range(60)}
    assert picks == placements  # never draws while it can place; every placement comes up
    empty = position(["0-0-0 ABC (0,0)"], ["1-1-1", "2-2-2"], pool=5)
    assert choose("random", empty) == DRAW
    assert choose("random", position(["0-0-0 ABC (0,0)"], ["1-1-1"], pool=0)) == PASS
    assert choose("random", position(["0-0-0 ABC (0,0)"], ["1-1-1"], draws=3)) == PASS


def test_random_agent_on_other_games_still_uses_legal_moves():
    game = pygame_core.new_game("hex", size=5, seed=1)
    assert agents.get("random")(seed=3).choose(game) in game.legal_moves()


# --------------------------------------------------------------------------- Greedy and strategies
def test_greedy_takes_the_hexagon():
    game = position(HEXAGON_BOARD, HEXAGON_HAND)
    move = choose("greedy", game)
    assert str(move) == "1-2-4 CBA (2,-1)"
    assert game.board.score(move).bonus_name == "hexagon" and game.board.score(move).total == 57


def test_greedy_plays_a_max_score_placement_and_draws_only_when_forced():
    checked = drew = 0
    for game in random_positions(200, seed=50, agent="greedy"):
        me = game.current_player
        move = choose("greedy", game, seed=len(game.history))
        placements = [m for m in game.legal_moves() if isinstance(m, Placement)]
        if game.board.is_empty:
            continue
        if placements:
            assert isinstance(move, Placement)
            score = game.board.score
            best = max(score(p).total for p in placements)
            assert score(move).total == best
            heaviest = max(p.tile.points for p in placements if score(p).total == best)
            assert move.tile.points == heaviest
            checked += 1
        else:
            assert move == (DRAW if game.pool and game.draws < 3 else PASS)
            drew += move == DRAW
        assert len(game.hands[me]) > 0
    assert checked > 50 and drew > 0


def test_dump_plays_its_heaviest_placeable_tile():
    game = position(HEXAGON_BOARD, HEXAGON_HAND)
    move = choose("dump", game)
    heaviest = max(p.tile.points for p in game.board.valid_placements(game.hands[0]))
    assert move.tile.points == heaviest and str(move.tile) == "3-3-5"
    for game in random_positions(80, seed=7):
        placements = [m for m in game.legal_moves() if isinstance(m, Placement)]
        if placements and not game.board.is_empty:
            move = choose("dump", game)
            assert move.tile.points == max(p.tile.points for p in placements)


def test_flexible_keeps_the_most_tiles_playable():
    differs = 0
    for game in random_positions(120, seed=11, agent="greedy"):
        me = game.current_player
        placements = [m for m in game.legal_moves() if isinstance(m, Placement)]
        if game.board.is_empty or len(placements) < 2:
            continue
        move = choose("flexible", game)
        hand = game.hands[me]

        def playable(p):
            rest = [t for t in hand if t != p.tile]
            after = board_after(game.board, p)
            return len({q.tile for q in after.valid_placements(rest)})
        assert playable(move) == max(playable(p) for p in placements)
        assert hand_flexibility(board_after(game.board, move), [t for t in hand if t != move.tile])[0] \
            == playable(move)
        differs += move != choose("greedy", game)
    assert differs > 0


def test_bonus_avoids_leaving_a_hexagon_spot():
    game = position(SPOT_BOARD, SPOT_HAND)
    unseen = {TILE_INDEX[t] for t in game.unseen_tiles(0)}
    greedy, bonus = choose("greedy", game), choose("bonus", game)
    assert str(greedy) == "1-2-3 ABC (2,0)"
    assert hexagon_spots(board_after(game.board, greedy), unseen) == 1
    assert str(bonus) == "0-1-2 CAB (5,1)"
    assert hexagon_spots(board_after(game.board, bonus), unseen) == 0
    # and it still closes the hexagon when it can
    assert str(choose("bonus", position(HEXAGON_BOARD, HEXAGON_HAND))) == "1-2-4 CBA (2,-1)"


def test_threshold_drawing():
    # best placement here: 0-1-1 or 0-0-1 next to 0-0-0, at most 2 points
    low = ["0-0-0 ABC (0,0)"]
    hand = ["0-0-1", "3-4-5", "2-4-5"]
    assert choose("cautious", position(low, hand)) == DRAW
    assert isinstance(choose("greedy", position(low, hand)), Placement)
    assert isinstance(choose("cautious", position(low, hand, draws=3)), Placement)  # no draws left
    assert isinstance(choose("cautious", position(low, hand, pool=0)), Placement)  # empty pool
    assert isinstance(choose("cautious", position(low, hand), threshold=1), Placement)
    assert choose("greedy", position(low, hand), drawing="threshold", threshold=3) == DRAW
    # a placement at or above the threshold is played; a last tile always goes out
    assert choose("cautious", position(HEXAGON_BOARD, HEXAGON_HAND)) == parse_placement("1-2-4 CBA (2,-1)")
    assert isinstance(choose("cautious", position(low, ["0-0-1"])), Placement)
    # hoarder: draws unless a bonus (or going out) is available
    assert choose("hoarder", position(SPOT_BOARD, SPOT_HAND)) == DRAW
    assert choose("hoarder", position(HEXAGON_BOARD, HEXAGON_HAND)) == parse_placement("1-2-4 CBA (2,-1)")


# --------------------------------------------------------------------------- hidden information
def _hidden_twins():
    """Pairs of full games that differ only in what Player 1 cannot see."""
    pairs = []
    for game in random_positions(40, seed=21, agent="greedy")[::4]:
        if game.board.is_empty:
            continue
        me = game.current_player
        other = game.clone()
        opp = 1 - me
        if not other.pool or not other.hands[opp]:
            continue
        tiles = other.hands[opp] + other.pool  # reshuffle the unseen tiles
        Rng(99).shuffle(tiles)
        k = len(other.hands[opp])
        other.hands[opp], other.pool = sorted(tiles[:k]), tiles[k:]
        assert other.hands[opp] != game.hands[opp] or other.pool != game.pool
        assert other.view(me).render_text() == game.view(me).render_text()
        pairs.append((game, other))
    return pairs


@pytest.mark.parametrize("name", ["random", "greedy", "dump", "flexible", "bonus", "cautious",
                                  "hoarder", "ismcts"])
def test_agents_never_read_hidden_tiles(name):
    settings = {"iterations": 25} if name == "ismcts" else {}
    pairs = _hidden_twins()
    assert len(pairs) >= 5
    for a, b in pairs:
        me = a.current_player
        for g in (a, b):  # on the full game or the view: the same choice
            assert agents.get(name)(seed=4, **settings).choose(g) == \
                agents.get(name)(seed=4, **settings).choose(a.view(me))


# --------------------------------------------------------------------------- search
def test_fast_playout_matches_the_generic_playout_exactly():
    checked = 0
    for game in random_positions(60, seed=31)[::3]:
        view = game.view(game.current_player)
        for k in range(3):
            full = view.determinize(Rng(k))
            fast, slow = full.clone(), full.clone()
            r1, r2 = Rng(100 + k), Rng(100 + k)
            rewards = HOOKS.playout_rewards(fast, r1, view)
            while not HOOKS.playout_horizon_reached(slow, view):
                slow.apply(HOOKS.playout_move(slow, r2))
            assert rewards == [HOOKS.playout_reward(slow, p, view) for p in range(2)]
            assert r1.state == r2.state and all(0 <= r <= 1 for r in rewards)
            checked += 1
    assert checked >= 40


def test_fast_placements_equal_valid_placements():
    for game in random_positions(100, seed=41):
        if not game.board.is_empty:
            hand = game.hands[game.current_player]
            assert set(game.fast_placements(hand)) == set(game.board.valid_placements(hand))
            assert len(game.fast_placements(hand)) == len(game.board.valid_placements(hand))


def test_search_is_reproducible_and_legal_on_views():
    game = position(SPOT_BOARD, SPOT_HAND)
    view = game.view(0)
    a = agents.get("ismcts")(seed=3, iterations=60).choose(view)
    b = agents.get("ismcts")(seed=3, iterations=60).choose(view)
    assert a == b and game.is_legal(a)
    # generic mcts on Triominos also searches determinizations of the view
    assert game.is_legal(agents.get("mcts")(seed=3, iterations=40).choose(view))


def test_search_goes_out_when_it_can():
    """With one tile left that fits, ending the round (+25 + the opponent's hand) beats any
    draw: the search finds it on every seed, from the player's view only."""
    for seed in range(4):
        base = position(SPOT_BOARD, ["0-1-2"], seed=seed)
        fits = base.board.valid_placements(base.hands[0])
        assert fits
        move = choose("ismcts", base, seed=seed, iterations=80)
        assert move in fits, move
        game = base.clone()
        game.play(move)
        assert game.is_over and game.rounds[-1].kind == "out"


def test_search_plays_a_full_round_against_greedy():
    """A seeded single round, both seats: the search finishes the round with legal moves only
    and replays exactly (strength is measured by the tournament, not here)."""
    for seat in (0, 1):
        game = pygame_core.new_game("triominos", seed=3, target=None)
        players = [None, None]
        players[seat] = agents.get("ismcts")(seed=3, iterations=40)
        players[1 - seat] = agents.get("greedy")(seed=3)
        while not game.is_over:
            p = game.current_player
            game.play(players[p].choose(game.view(p)))
        assert pygame_core.replay(game.record()).scores == game.scores
