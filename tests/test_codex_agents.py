"""Codex Naturalis agents: Greedy's choices, legality and knowledge limits."""

import pygame_core
from pygame_core import agents
from pygame_core.core import Rng
from pygame_core.games.codex import DrawMove, PlayMove, load_cards

CARDS, _ = load_cards()


def game_in_play(seed=3, players=2):
    g = pygame_core.new_game("codex", seed=seed, players=players)
    while g.phase != "play":
        g.play(g.legal_moves()[0])
    return g


def test_greedy_takes_the_placement_scoring_most():
    g = game_in_play()
    p = g.current_player
    g.hands[p] = [1, 8, 50]  # 8 scores 1 on its front; 50 (5 points) needs 5 fungi: not playable
    move = agents.get("codex-greedy")(seed=1).choose(g)
    assert isinstance(move, PlayMove) and move.card == 8 and move.front
    before = g.points[p]
    g.play(move)
    assert g.points[p] == before + 1


def test_greedy_draws_a_face_up_card_it_can_score_with():
    g = game_in_play()
    p = g.current_player
    g.play(g.legal_moves()[0])  # place something; now the draw step
    # 9 scores 1 on its front, 1 scores 0, the gold cards 50 and 60 need five of a kingdom
    g.market = [9, 1, 50, 60]
    move = agents.get("codex-greedy")(seed=1).choose(g)
    assert move == DrawMove("9")
    g.market = [2, 1, 50, 60]  # nothing scores: a deck, the one whose top its gold cards need
    move = agents.get("codex-greedy")(seed=1).choose(g)
    assert move.source in ("resource-deck", "gold-deck")


def test_greedy_ignores_what_it_cannot_see():
    g = game_in_play(seed=8)
    me = g.current_player
    for k in range(4):  # other hands, objectives and deck orders resampled: same choice
        other = g.view(me).determinize(Rng(k))
        other.hands[me] = list(g.hands[me])
        a = agents.get("codex-greedy")(seed=5).choose(g)
        b = agents.get("codex-greedy")(seed=5).choose(other)
        assert a == b


def test_greedy_beats_random_in_a_whole_game():
    for seed in (1, 2):
        g = pygame_core.new_game("codex", seed=seed, players=2)
        bots = [agents.get("codex-greedy")(seed=1), agents.get("random")(seed=2)]
        while not g.is_over:
            g.play(bots[g.current_player].choose(g))
        assert g.winners == [0]
        assert pygame_core.replay(g.record()).scores == g.scores
