"""Codex Naturalis agents: Greedy's choices, legality and knowledge limits."""

from collections import Counter

import pygame_core
from pygame_core import agents
from pygame_core.core import Rng
from pygame_core.games.codex import DrawMove, PlayMove, load_cards, placement_values
from pygame_core.games.codex.search import HOOKS

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


def mid_game(seed, moves=24):
    g = pygame_core.new_game("codex", seed=seed, players=2)
    bots = [agents.get("codex-greedy")(seed=seed), agents.get("random")(seed=seed + 1)]
    while len(g.history) < moves and not g.is_over:
        g.play(bots[g.current_player].choose(g))
    if g.step == "draw":
        g.play(g.legal_moves()[0])
    return g


def test_placement_values_are_points_plus_exact_objective_gains():
    _, objectives = load_cards()
    kinds = Counter()
    for seed in range(40):
        g = mid_game(seed, moves=20 + seed)
        p = g.current_player
        g.hands[p] = [c for c in g.hands[p] if CARDS[c].type == "resource"]  # no gold: no hints
        if seed % 2:  # pattern objectives (the rest keep the dealt ones, mostly symbol sets)
            g.common, g.secret[p] = [87 + seed % 4, 91 + seed % 4], 88 + seed % 3
        mine = [objectives[o] for o in g.common + [g.secret[p]]]
        field = g.fields[p]
        before = sum(field.objective_points(o) for o in mine)
        values = placement_values(g)
        assert [m for _, m in values] == g.placements()
        for value, m in values:
            trial = field.copy()
            points = trial.place(CARDS[m.card], m.front, m.at).points
            gain = sum(trial.objective_points(o) for o in mine) - before
            assert value == points + gain, (seed, m)
            if gain:
                kinds.update(o.kind for o in mine if trial.objective_count(o) != field.objective_count(o))
    assert kinds["symbols"] and kinds["diagonal"] and kinds["L"], kinds


def test_placement_values_count_steps_towards_a_gold_requirement():
    g = game_in_play()
    p = g.current_player
    g.hands[p] = [1, 50]  # 1 is a fungi resource card (fungi in the centre of its back); 50 needs 5 fungi
    g.common, g.secret[p] = [100, 101], 102  # objects only: no kingdom objective interferes
    values = {m: v for v, m in placement_values(g)}
    backs = [v for m, v in values.items() if m.card == 1 and not m.front]
    # the back adds a fungi, half a point towards card 50, unless it covers a visible fungi
    assert max(backs) == 0.5
    g.hands[p] = [1, 2]
    assert max(v for v, m in placement_values(g) if m.card == 1 and not m.front) == 0


def test_search_moves_are_the_best_placements_or_every_draw():
    g = mid_game(4)
    ranked = sorted(placement_values(g), key=lambda vm: -vm[0])
    chosen = HOOKS.search_moves(g)
    assert len(chosen) == min(HOOKS.SEARCH_WIDTH, len(ranked))
    assert set(chosen) <= set(g.legal_moves())
    assert chosen[0] == ranked[0][1] and min(v for v, m in ranked if m in chosen) >= ranked[len(chosen) - 1][0]
    g.play(chosen[0])
    assert g.step == "draw" and HOOKS.search_moves(g) == g.legal_moves()


def test_ismcts_plays_legal_reproducible_moves_and_ignores_what_it_cannot_see():
    g = mid_game(7)
    me = g.current_player
    a = agents.get("codex-ismcts")(seed=3, iterations=30).choose(g)
    assert a in g.legal_moves()
    for k in range(3):
        other = g.view(me).determinize(Rng(k))
        other.hands[me] = list(g.hands[me])
        other.secret[me] = g.secret[me]
        assert agents.get("codex-ismcts")(seed=3, iterations=30).choose(other) == a


def test_ismcts_plays_a_whole_game_that_replays():
    g = pygame_core.new_game("codex", seed=12, players=2)
    bots = [agents.get("codex-ismcts")(seed=1, iterations=15), agents.get("codex-greedy")(seed=2)]
    while not g.is_over:
        g.play(bots[g.current_player].choose(g))
    assert g.final is not None and g.winners
    assert pygame_core.replay(g.record()).scores == g.scores
