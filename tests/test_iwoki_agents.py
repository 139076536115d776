"""iwoki Maths agents (rules spec section 10): Greedy, Minimax, ISMCTS and the game's agent hooks."""

import pytest

import pygame_core
from pygame_core import agents
from pygame_core.games.iwoki.agents import IwokiMinimaxAgent, greedy_choice
from pygame_core.core import DRAW, PASS, Rng
from pygame_core.games.iwoki import (COPIES, HEX_TILES, SMALL_TILES, HexPlacement, SmallPlacement, SmallTile,
                                     VirtualBoard, parse_placement)
from pygame_core.games.iwoki.search import HOOKS, IwokiSearch

IWOKI_AGENTS = ("iwoki-greedy", "iwoki-minimax", "iwoki-ismcts")
FAST = {"iwoki-minimax": {"time_limit": None}, "iwoki-ismcts": {"iterations": 25}}

# a 333+ in H1_H5_H6 meets 6 on H6 and 6 on H1: 12 points; nothing else in the hand scores over 6
TWELVE_BOARD = ["6*5246 @ H1", "*23465 @ H6"]
TWELVE_HAND = ["112", "113", "122", "333"]


def tile(text: str) -> SmallTile:
    return SmallTile(tuple(int(c) for c in text))


def position(board_moves, small, hexes=(), opponent=9, seed=0, drew=False, bag=None, players=2):
    """A full game with Player 1 to move: the layout of ``board_moves`` (laid unchecked),
    Player 1's ``small`` tiles and ``hexes`` (tile ids), the other small tiles dealt at random
    (``opponent`` to each other player, ``bag`` to the bag, default all the rest), three random
    hexagonal tiles to each other player and the rest to the bag."""
    game = pygame_core.new_game("iwoki", seed=seed, players=players)
    board = VirtualBoard()
    for text in board_moves:
        board.place_unchecked(parse_placement(text))
    rng = Rng(seed)
    mine = sorted(tile(t) for t in small)
    rest = [t for t in SMALL_TILES for _ in range(COPIES)]
    for t in mine + [o.tile for o in board.smalls.values()]:
        rest.remove(t)
    rng.shuffle(rest)
    my_hex = [HEX_TILES[i - 1] for i in hexes]
    used = set(my_hex) | {HexPlacement(o, h).tile for h, o in board.hexes.items()}
    hex_rest = [t for t in HEX_TILES if t not in used]
    rng.shuffle(hex_rest)
    game.small_hands, game.hex_hands = [mine], [my_hex]
    for _ in range(players - 1):
        game.small_hands.append(sorted(rest[:opponent]))
        rest = rest[opponent:]
        game.hex_hands.append(sorted(hex_rest[:3], key=lambda t: t.id))
        hex_rest = hex_rest[3:]
    game.small_bag = rest if bag is None else rest[:bag]
    game.hex_bag = hex_rest
    game.board, game.order, game.turn_index = board, list(range(players)), 0
    game.points, game.white = [0] * players, [0] * players
    game.drew, game.passes = drew, 0
    return game


def choose(name, game, seed=1, **settings):
    return agents.get(name)(seed=seed, **{**FAST.get(name, {}), **settings}).choose(game.view(game.current_player))


def played_positions(count, seed=0, players=2):
    """Positions (full games) met in seeded games between Greedy players."""
    out, s = [], seed
    while len(out) < count:
        game = pygame_core.new_game("iwoki", seed=s, players=players)
        bots = [agents.get("iwoki-greedy")(seed=s * 7 + i) for i in range(players)]
        while not game.is_over and len(out) < count:
            out.append(game.clone())
            game.play(bots[game.current_player].choose(game.view(game.current_player)))
        s += 1
    return out


# --------------------------------------------------------------------------- registry
def test_agents_registered_for_iwoki_with_titles_and_strengths():
    infos = {a["name"]: a for a in agents.list_agents("iwoki")}
    assert set(IWOKI_AGENTS) | {"random"} <= set(infos)
    assert [infos[n]["title"] for n in IWOKI_AGENTS] == ["Greedy", "Minimax", "ISMCTS"]
    assert agents.strongest("iwoki").name == "iwoki-ismcts"
    assert infos["iwoki-greedy"]["strength"] < infos["iwoki-minimax"]["strength"] < infos["iwoki-ismcts"]["strength"]
    for name in IWOKI_AGENTS:
        assert infos[name]["description"] and infos[name]["games"] == ["iwoki"]
        assert not agents.get(name).supports("triominos")
    # the Triominos agents keep their names
    assert agents.get("greedy").supports("triominos") and not agents.get("greedy").supports("iwoki")
    assert agents.strongest("triominos").name == "ismcts"


# --------------------------------------------------------------------------- every agent
@pytest.mark.parametrize("name", IWOKI_AGENTS)
def test_agents_return_legal_moves_without_changing_the_game(name):
    games = [pygame_core.new_game("iwoki", seed=3), pygame_core.new_game("iwoki", seed=4, players=4)]
    games += played_positions(6, seed=11)[1::2] + played_positions(4, seed=5, players=3)[1::3]
    games.append(position(TWELVE_BOARD, ["333"], drew=True))
    for game in games:
        before = game.record(), game.render_text()
        move = choose(name, game)
        assert (game.record(), game.render_text()) == before
        assert game.is_legal(move), (name, move)


# --------------------------------------------------------------------------- Greedy
def test_greedy_takes_the_highest_score():
    game = position(TWELVE_BOARD, TWELVE_HAND)
    assert max(s for _, s in game.placements()) == 12
    for seed in range(5):
        assert str(choose("iwoki-greedy", game, seed=seed)) == "333+ @ H1_H5_H6"


def test_greedy_ties_prefer_small_tiles_then_its_rng():
    seen_small = seen_hex = 0
    for game in played_positions(120, seed=20):
        placements = game.placements()
        if not placements:
            continue
        best = max(s for _, s in placements)
        top = [m for m, s in placements if s == best]
        small = [m for m in top if isinstance(m, SmallPlacement)]
        moves = {choose("iwoki-greedy", game, seed=k) for k in range(4)}
        assert moves <= set(small or top)
        if small and len(small) < len(top):
            seen_small += 1  # a tie between small and hexagonal placements: small wins
        if not small:
            seen_hex += 1
    assert seen_small and seen_hex
    # the RNG breaks the remaining ties, and a seed repeats its choice
    ties = [(SmallPlacement(parse_placement(t).order, parse_placement(t).gap), 3) for t in
            ("112+ @ H1_H5_H6", "121+ @ H1_H5_H6", "211+ @ H1_H5_H6")]
    ties.append((parse_placement("*52466 @ H7"), 3))
    picks = {str(greedy_choice(ties, Rng(k))) for k in range(30)}
    assert picks == {"112+ @ H1_H5_H6", "121+ @ H1_H5_H6", "211+ @ H1_H5_H6"}
    assert greedy_choice(ties, Rng(5)) == greedy_choice(ties, Rng(5))


def test_greedy_draws_only_without_a_placement_and_passes_when_it_must():
    # *53421 in H1: the 333 delivers only 6 or 0, which no vertex shows; no hexagonal gap is open
    stuck = ["*53421 @ H1"]
    game = position(stuck, ["333"])
    assert game.placements() == [] and game.legal_moves() == [DRAW]
    assert choose("iwoki-greedy", game) == DRAW
    assert choose("iwoki-greedy", position(stuck, ["333"], drew=True)) == PASS
    assert choose("iwoki-greedy", position(stuck, ["333"], bag=0)) == PASS
    # with a placement it never draws, though drawing is allowed
    for game in played_positions(40, seed=30):
        if game.placements():
            assert DRAW in game.legal_moves() or game.is_opening or game.drew or not game.small_bag
            assert choose("iwoki-greedy", game) not in (DRAW, PASS)


# --------------------------------------------------------------------------- Minimax
def test_minimax_finds_the_clearly_best_move():
    game = position(TWELVE_BOARD, TWELVE_HAND)
    assert str(choose("iwoki-minimax", game)) == "333+ @ H1_H5_H6"
    assert choose("iwoki-minimax", position(["*53421 @ H1"], ["333"])) == DRAW
    assert choose("iwoki-minimax", position(["*53421 @ H1"], ["333"], drew=True)) == PASS


def test_minimax_models_the_opponents_from_what_it_knows():
    game = position(TWELVE_BOARD, TWELVE_HAND)
    view = game.view(0)
    agent = IwokiMinimaxAgent(seed=1, time_limit=None)
    agent._prepare(view)
    unseen = view.unseen_small(0)
    assert agent.mean == pytest.approx(sum(t.highest * k for t, k in unseen.items()) / sum(unseen.values()))
    # its own moves: only its hand; an opponent's: its face-up hexagonal tiles and every unseen type
    own = {m.tile for m, _ in agent.moves(view) if isinstance(m, SmallPlacement)}
    assert own <= {tile(t) for t in TWELVE_HAND}
    view.turn_index = 1
    theirs = agent.moves(view, dedupe=False)
    small_types = {m.tile for m, _ in theirs if isinstance(m, SmallPlacement)}
    assert small_types == {t for t in unseen if any(True for _ in view.board.small_placements({t: None}))}
    hexes = {m.tile for m, _ in theirs if isinstance(m, HexPlacement)}
    assert hexes <= set(game.hex_hands[1])
    assert theirs[-1] == (DRAW, 0)
    scores = [s for _, s in theirs[:-1]]
    assert scores == sorted(scores, reverse=True)
    # the leaf value: own score minus the best opponent's, after the (estimated) deduction
    view.turn_index = 0
    view.points = [20, 15]
    mine = 20 - sum(tile(t).highest for t in TWELVE_HAND)
    assert agent.value(view) == pytest.approx(mine - (15 - 9 * agent.mean))


def test_minimax_time_limit_stops_the_root_early():
    game = played_positions(3, seed=2)[2]
    agent = IwokiMinimaxAgent(seed=1, time_limit=0.0)
    move = agent.choose(game.view(game.current_player))
    assert game.is_legal(move) and not agent.last_complete
    full = IwokiMinimaxAgent(seed=1, time_limit=None)
    assert full.choose(game) == IwokiMinimaxAgent(seed=9, time_limit=None).choose(game)
    assert full.last_complete and full.last_nodes > 0


# --------------------------------------------------------------------------- knowledge and seeds
@pytest.mark.parametrize("name", IWOKI_AGENTS)
def test_choice_does_not_depend_on_hidden_tiles(name):
    for game in (played_positions(7, seed=3)[6], played_positions(6, seed=8, players=3)[5]):
        me = game.current_player
        view = game.view(me)
        a, b = view.determinize(Rng(1)), view.determinize(Rng(2))
        assert a.small_hands != b.small_hands and a.small_hands[me] == b.small_hands[me]
        assert choose(name, a, seed=4) == choose(name, b, seed=4) == choose(name, game, seed=4)


@pytest.mark.parametrize("name", IWOKI_AGENTS)
def test_same_seed_same_choices(name):
    for game in played_positions(4, seed=40)[1:]:
        assert choose(name, game, seed=7) == choose(name, game, seed=7)


# --------------------------------------------------------------------------- whole games
@pytest.mark.parametrize("seats", [("iwoki-greedy", "iwoki-minimax"), ("iwoki-ismcts", "iwoki-greedy")])
def test_full_two_player_games(seats):
    for seed in (1, 2):
        game = pygame_core.new_game("iwoki", seed=seed)
        bots = [agents.get(n)(seed=seed + i, **FAST.get(n, {})) for i, n in enumerate(seats)]
        while not game.is_over:
            p = game.current_player
            game.play(bots[p].choose(game.view(p)))
        assert game.winners and game.penalties is not None
        assert pygame_core.replay(game.record()).scores == game.scores


# --------------------------------------------------------------------------- game hooks
def test_fast_placements_match_placements_in_games_and_views():
    for game in played_positions(60, seed=50) + played_positions(30, seed=51, players=4):
        view = game.view(game.current_player)
        for g in (game, view):
            for p in range(g.num_players):
                assert sorted(map(str, g.fast_placements(p))) == sorted(map(str, g.placements(p)))


def test_playout_policy_and_rewards():
    game = position(TWELVE_BOARD, TWELVE_HAND)
    assert HOOKS.preferred_moves(game) == [parse_placement("333+ @ H1_H5_H6")]
    stuck = position(["*53421 @ H1"], ["333"])
    assert HOOKS.playout_move(stuck, Rng(1)) == DRAW
    assert HOOKS.playout_move(position(["*53421 @ H1"], ["333"], drew=True), Rng(1)) == PASS
    for seed in range(4):
        g = pygame_core.new_game("iwoki", seed=seed, players=2 + seed % 3)
        assert HOOKS.PLAYOUT_DEPTH is None  # to the end of the game
        start = g.clone()
        rewards = HOOKS.playout_rewards(g, Rng(seed), start)
        assert g.is_over and len(rewards) == g.num_players
        assert all(0.0 <= r <= 1.0 for r in rewards)
        assert rewards == [HOOKS.playout_reward(g, q, start) for q in range(g.num_players)]
        for q in g.winners:
            assert rewards[q] >= 0.5
        g2 = start.clone()
        rng = Rng(seed)
        while not g2.is_over:
            g2.apply(HOOKS.playout_move(g2, rng))
        assert g2.record() == g.record()  # the one-call playout plays the same moves
    # with PLAYOUT_DEPTH playouts stop that many moves on, valued by the points gained since the start
    for game in played_positions(12, seed=60)[4::4]:
        state, start = game.clone(), game.view(game.current_player)
        hooks = IwokiSearch()
        hooks.PLAYOUT_DEPTH = 6
        rewards = hooks.playout_rewards(state, Rng(3), start)
        assert state.is_over or len(state.history) - len(start.history) == hooks.PLAYOUT_DEPTH
        assert hooks.playout_horizon_reached(state, start) and all(0.0 <= r <= 1.0 for r in rewards)
        if not state.is_over:
            gain = [state.points[q] - start.points[q] - sum(t.highest for t in state.small_hands[q])
                    for q in range(2)]
            assert (rewards[0] > 0.5) == (gain[0] > gain[1])
