"""pygame_core.analysis: candidates, proof marks against an exhaustive solver, reviews, CLI."""
from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest

from pygame_core import new_game, replay
from pygame_core.analysis import THRESHOLDS, analyse, review
from pygame_core.core import GameError


def hex_game(size, moves):
    g = new_game("hex", size=size, seed=0)
    for m in moves:
        g.play(m)
    return g


@lru_cache(maxsize=None)
def _wins(size: int, moves: tuple) -> bool:
    """Exhaustive: does the player to move win this Hex position with best play?"""
    g = hex_game(size, moves)
    me = g.current_player
    for m in g.legal_moves():
        t = g.clone()
        t.apply(m)
        if t.is_over:
            if t.winners == [me]:
                return True
            continue
        if not _wins(size, moves + (t.format_move(m),)):
            return True
    return False


def test_a_one_move_win_is_the_top_candidate_and_proven():
    g = hex_game(4, ["b1", "a1", "b2", "a2", "b3", "a3"])  # Blue: a4 or b4 joins top and bottom
    found = analyse(g, iterations=200)
    top = found["candidates"][0]
    assert top["move"] in ("a4", "b4") and top["value"] == 1.0 and top["proven"] == "win" and found["solved"]
    t = g.clone()
    t.play(top["move"])
    assert t.is_over and t.winners == [0]


@pytest.mark.parametrize("opening", [(), ("b2",), ("a1",), ("c1",), ("a1", "b2"), ("b2", "a3")])
def test_proof_marks_agree_with_an_exhaustive_solver_on_3x3(opening):
    g = hex_game(3, list(opening))
    found = analyse(g, iterations=20_000, top=9)
    for c in found["candidates"]:
        if c["proven"] is None:
            continue
        t = g.clone()
        t.play(c["move"])
        exact = t.is_over and t.winners == [g.current_player] or (not t.is_over and not _wins(3, opening + (c["move"],)))
        assert (c["proven"] == "win") == exact, (opening, c)
    if found["solved"]:  # a solved root: its best move really wins (or every move loses)
        assert _wins(3, opening) == (found["candidates"][0]["proven"] == "win")


def test_a_lost_position_shows_every_move_as_a_proven_loss():
    g = hex_game(3, ["b2"])  # the centre wins 3x3 Hex for Blue: every Red move loses
    assert not _wins(3, ("b2",))
    found = analyse(g, iterations=50_000, top=9)
    assert found["candidates"] and all(c["proven"] == "loss" for c in found["candidates"])


def test_candidates_are_sane_for_every_game():
    for game_id in ("hex", "y", "triominos", "iwoki", "codex"):
        g = new_game(game_id, seed=3)
        rng = random.Random(3)
        for _ in range(4):
            g.play(rng.choice(g.legal_moves()))
        found = analyse(g, iterations=40, top=4)
        legal = {g.format_move(m) for m in g.view(g.current_player).legal_moves()} if g.hidden_information \
            else {g.format_move(m) for m in g.legal_moves()}
        assert 1 <= len(found["candidates"]) <= 4
        for c in found["candidates"]:
            assert c["move"] in legal and 0 <= c["share"] <= 1
            assert c["value"] is None or 0 <= c["value"] <= 1
            assert c["pv"][0] == c["move"]
        assert found["best"] == found["candidates"][0]["move"]
        replay(g.record())  # nothing changed the game


def test_analyse_is_reproducible_with_an_iteration_budget_and_refuses_bad_calls():
    g = hex_game(5, ["c3"])
    assert analyse(g, iterations=300) == analyse(g, iterations=300)
    with pytest.raises(GameError):
        analyse(g, iterations=10, seconds=1)
    with pytest.raises(GameError):
        analyse(hex_game(2, ["a1", "b1", "a2"]), iterations=10)  # over


def test_review_marks_a_blunder():
    # 3x3: Blue's b2 wins; from (b2, a3) Blue has winning moves, and a1 is one that throws the win
    opening = ("b2", "a3")
    losing = [m for m in ("a1", "c1", "c3", "b1", "b3", "a2", "c2")
              if not hex_game(3, list(opening) + [m]).is_over and _wins(3, opening + (m,))]
    assert _wins(3, opening) and losing
    blunder = losing[0]
    g = hex_game(3, list(opening) + [blunder])
    while not g.is_over:  # then both play perfectly: Red wins
        for m in g.legal_moves():
            t = g.clone()
            t.apply(m)
            text = g.format_move(m)
            if (t.is_over and t.winners == [g.current_player]) or (not t.is_over and not _wins(3, tuple(g.moves) + (text,))):
                g.play(m)
                break
        else:
            g.play(g.legal_moves()[0])
    result = review(g.record(), iterations=20_000)
    third = result["moves"][2]
    assert third["move"] == blunder and third["mark"] == "blunder" and third["loss"] >= THRESHOLDS[0][1]
    assert result["moves"][0]["mark"] is None  # b2 is the best first move
    assert len(result["positions"]) == len(g.moves) + 1 and result["positions"][-1]["value"] is None
    assert json.loads(json.dumps(result)) == result


def test_review_in_parallel_gives_the_same_marks():
    g = hex_game(4, ["b2", "c2", "b3", "c3"])
    one = review(g.record(), iterations=400)
    two = review(g.record(), iterations=400, jobs=2)
    assert one == two


def test_cli_analyse_and_review(tmp_path, capsys):
    from pygame_core.__main__ import main
    path = tmp_path / "game.json"
    path.write_text(json.dumps(hex_game(4, ["b2", "c2", "b3"]).record()))
    assert main(["analyse", str(path), "--iterations", "300", "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["player"] == 1 and found["candidates"]
    assert main(["analyse", str(path), "--iterations", "300", "--at", "1", "--top", "2"]) == 0
    table = capsys.readouterr().out
    assert "Red to move" in table and table.count("\n") == 4
    assert main(["review", str(path), "--iterations", "200"]) == 0
    table = capsys.readouterr().out
    assert "reviewed by mcts" in table and "blunder (loses 30%+)" in table
    assert main(["review", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    path.write_text("(;FF[4]GM[11]SZ[4];B[bb];W[cb])")  # SGF is read too
    assert main(["analyse", str(path), "--iterations", "100", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["moves_played"] == 2
