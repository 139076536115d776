"""Contract tests: every registered game obeys the shared protocol.

They pick up new games automatically from ``pygame_core.list_games()``.
"""

import json
import random

import pytest

import pygame_core
from pygame_core import GameError, IllegalMoveError, InvalidMoveError, agents, view
from pygame_core.agents.mcts import MCTSAgent
from pygame_core.bridge import Session, handle

GAME_IDS = [g["id"] for g in pygame_core.list_games()]


def smallest_options(game_id):
    """Default options, with integer options at their minimum+1 to keep games short."""
    opts = {}
    for o in pygame_core.game_class(game_id).OPTIONS:
        if o.type == "int" and o.minimum is not None and o.name == "size":
            opts[o.name] = min(o.default, o.minimum + 3)
        if getattr(o, "nullable", False):  # e.g. Triominos target=None: a single round
            opts[o.name] = None
    return opts


def test_registry_lists_games_with_schemas():
    games = pygame_core.list_games()
    assert "hex" in GAME_IDS
    for g in games:
        assert g["id"] and g["title"]
        for o in g["options"]:
            assert o["name"].isidentifier() and o["type"] in ("int", "bool", "choice")
            assert "default" in o
        json.dumps(games)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_unknown_option_and_game_rejected(game_id):
    with pytest.raises(GameError):
        pygame_core.new_game(game_id, no_such_option=1)
    with pytest.raises(GameError):
        pygame_core.new_game("no-such-game")


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", range(6))
def test_random_games_to_the_end(game_id, seed):
    rng = random.Random(seed)
    opts = smallest_options(game_id) if seed % 2 else {}
    game = pygame_core.new_game(game_id, seed=seed, **opts)
    steps = 0
    movers = []
    while not game.is_over:
        player = game.current_player
        assert 0 <= player < game.num_players
        assert sorted(game.turn_order) == list(range(game.num_players))
        movers.append(player)
        legal = game.legal_moves()
        assert legal, "a running game must have a legal move"
        texts = [game.format_move(m) for m in legal]
        assert len(set(texts)) == len(texts)
        for m in rng.sample(legal, min(5, len(legal))):  # round trip and acceptance
            assert game.parse_move(game.format_move(m)) == m
            trial = game.clone()
            trial.play(game.format_move(m))
            assert len(trial.history) == len(game.history) + 1
        # moves played earlier that are no longer legal are rejected, game unchanged
        for old in sorted(set(game.moves) - set(texts))[-5:]:
            before = game.record()
            with pytest.raises(GameError):
                game.play(old)
            assert game.record() == before
        move = rng.choice(legal)
        game.play(move)
        steps += 1
        assert steps < 10_000
    assert game.legal_moves() == []
    assert game.winners or game.scores is not None
    assert game.movers == movers  # who made each move (the move list is coloured by it)
    with pytest.raises(IllegalMoveError):
        game.play(game.moves[0])
    rec = json.loads(json.dumps(game.record()))
    again = pygame_core.replay(rec)
    assert again.moves == game.moves
    assert again.render_text() == game.render_text()
    assert again.winners == game.winners and again.scores == game.scores


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("bad", ["", "   ", "!!", "zzz999", "(1,2,3)", None, 3.5, {}, [], object()])
def test_malformed_moves_rejected_unchanged(game_id, bad):
    game = pygame_core.new_game(game_id, seed=1)
    game.play(game.legal_moves()[0])
    before = (game.record(), game.render_text())
    with pytest.raises(InvalidMoveError) as info:
        game.play(bad)
    assert isinstance(info.value, ValueError) and str(info.value)
    assert (game.record(), game.render_text()) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_clone_is_independent(game_id):
    game = pygame_core.new_game(game_id, seed=3)
    game.play(game.legal_moves()[0])
    copy = game.clone()
    copy.play(copy.legal_moves()[0])
    assert len(copy.history) == len(game.history) + 1
    assert game.render_text() != copy.render_text()
    assert pygame_core.replay(game.record()).render_text() == game.render_text()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_same_game(game_id):
    def run(seed):
        game = pygame_core.new_game(game_id, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(game.history) < 60:
            game.play(rng.choice(game.legal_moves()))
        return game.render_text(), game.moves
    assert run(9) == run(9)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_agent_plays_legal_moves(game_id):
    for info in agents.list_agents(game_id):
        game = pygame_core.new_game(game_id, seed=2, **smallest_options(game_id))
        cls = agents.get(info["name"])
        # search agents with a small budget: legality, not strength, is tested here
        agent = cls(seed=5, iterations=12) if issubclass(cls, MCTSAgent) else cls(seed=5)
        while not game.is_over:
            before = game.record()
            move = agent.choose(game.view(game.current_player))
            assert game.record() == before
            game.play(move)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_scene_and_targets(game_id):
    game = pygame_core.new_game(game_id, seed=4)
    rng = random.Random(4)
    for _ in range(4):
        scene = view.scene(game)
        json.dumps(scene)
        assert len(scene["viewBox"]) == 4 and scene["layers"]
        layers = scene["layers"] + [layer for panel in scene.get("panels", []) for layer in panel["layers"]]
        targets = {item.get("target") for layer in layers for item in layer["items"]}
        moves = view.move_targets(game)
        assert {m["move"] for m in moves} == {game.format_move(m) for m in game.legal_moves()}
        for m in moves:
            assert m["target"] is None and m["label"] or m["target"] in targets
            assert all(t in targets for t in m.get("path", []))  # every click of the path is drawn
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bridge_plays_a_game_with_agents(game_id):
    s = Session()
    agent_names = [a["name"] for a in agents.list_agents(game_id)]
    n = handle({"cmd": "hello"}, s)["result"]
    info = next(g for g in n["games"] if g["id"] == game_id)
    players = [agent_names[i % len(agent_names)] for i in range(len(info["players"]))]
    r = handle({"cmd": "new", "game": game_id, "options": smallest_options(game_id), "seed": 7,
                "players": players}, s)
    assert r["ok"], r
    while not r["result"]["is_over"]:
        r = handle({"cmd": "ai"}, s)
        assert r["ok"], r
    state = r["result"]
    assert state["status"] and state["legal"] == []
    assert pygame_core.replay(state["record"]).moves == state["moves"]


HIDDEN_IDS = [g["id"] for g in pygame_core.list_games() if g["hidden_information"]]


@pytest.mark.parametrize("game_id", HIDDEN_IDS)
def test_what_a_player_sees_does_not_depend_on_hidden_information(game_id):
    """The scene and the clickable moves of a player's view are the same for every deal of
    what that player cannot see (other hands, bags): nothing hidden reaches the page."""
    game = pygame_core.new_game(game_id, seed=9, **smallest_options(game_id))
    rng = random.Random(9)
    for step in range(60):
        if game.is_over:
            break
        me = game.current_player
        mine = game.view(me)
        other = mine.determinize(pygame_core.Rng(step)).view(me)
        assert json.dumps(view.scene(mine, me), sort_keys=True) == json.dumps(view.scene(other, me), sort_keys=True)
        assert view.move_targets(mine, me) == view.move_targets(other, me)
        game.play(rng.choice(game.legal_moves()))
