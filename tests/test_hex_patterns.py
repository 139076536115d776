"""Hex local patterns (``hex_patterns``) and their learner (``build_scripts/learn_patterns.py``):
a pattern means the same for both players and both half-turns, the bitboard reading equals the
rules-board one, the learner is deterministic and refuses bad input with a short message, and
the search's prior hook reads a table when there is one."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from pygame_core.games import hex_patterns as hp
from pygame_core.games.bitboard import hex_core

ROOT = Path(__file__).resolve().parents[1]
LEARN = ROOT / "build_scripts" / "learn_patterns.py"


def _board(size, seed):
    rnd = random.Random(seed)
    return [rnd.choice((-1, -1, 0, 1)) for _ in range(size * size)]


def test_bit_codes_equal_board_codes():
    for size in (3, 6, 11):
        core, w = hex_core(size), size + 1
        for seed in range(30):
            cells = _board(size, seed)
            s = [0, 0]
            for i, v in enumerate(cells):
                if v >= 0:
                    s[v] |= 1 << ((i // size) * w + i % size)
            for me in (0, 1):
                reads = hp.slots(size)[me]
                for i, v in enumerate(cells):
                    if v < 0:
                        x, y = i % size, i // size
                        assert hp.code(cells, size, x, y, me) == hp.bit_code(reads[y * w + x], s[me], s[1 - me])
        assert core.hex_size == size


def test_a_pattern_means_the_same_for_both_players_and_both_half_turns():
    size = 7
    for seed in range(30):
        cells = _board(size, seed)
        swapped = [-1] * (size * size)  # transposed, colours exchanged: the same position for Red
        turned = [-1] * (size * size)  # a half-turn
        for i, v in enumerate(cells):
            x, y = i % size, i // size
            swapped[x * size + y] = -1 if v < 0 else 1 - v
            turned[(size - 1 - y) * size + (size - 1 - x)] = v
        for i, v in enumerate(cells):
            if v < 0:
                x, y = i % size, i // size
                for me in (0, 1):
                    c = hp.code(cells, size, x, y, me)
                    assert c == hp.code(swapped, size, y, x, 1 - me)
                    assert c == hp.code(turned, size, size - 1 - x, size - 1 - y, me)


def test_the_learner_is_deterministic_and_its_table_loads(tmp_path):
    games = tmp_path / "g.jsonl"
    lines = [json.dumps({"moves": ["a1", "f6", "f5", "e6"], "winner": 0}),
             json.dumps({"history": ["k11", "b2", "c3"], "ours_seat": 1}), "junk", json.dumps({"moves": ["z9"]})]
    games.write_text("\n".join(lines) + "\n", encoding="utf-8")
    outs = []
    for k in range(2):
        out = tmp_path / f"t{k}.py"
        r = subprocess.run([sys.executable, str(LEARN), str(games), "--out", str(out)], capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        assert "2 games, 4 positions" in r.stdout and r.stderr.count("not a game line, skipped") == 2
        outs.append(out.read_text(encoding="utf-8"))
    assert outs[0] == outs[1]
    scope: dict = {}
    exec(compile(outs[0], "t0.py", "exec"), scope)
    w = scope["weights"]()
    assert len(w) == hp.CODES and max(w) > 1.0 > min(w)
    r = subprocess.run([sys.executable, str(LEARN), str(tmp_path / "absent.jsonl")], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and "cannot read" in r.stderr.strip().splitlines()[-1]


def test_the_search_reads_a_table_through_its_prior_hook(monkeypatch):
    import pygame_core
    from pygame_core.agents.mcts import MCTSAgent
    g = pygame_core.new_game("hex", seed=0, size=5)
    g.play(g.parse_move("c3"))
    favourite = [1.0] * hp.CODES
    agent = MCTSAgent(seed=1)
    agent.start(g)
    assert agent._pattern_prior(agent._root, list(agent._stones)) is None or hp.weights() is not None
    monkeypatch.setattr(hp, "_TABLE", [favourite])
    agent.pattern_prior = 10.0
    prior = agent._pattern_prior(agent._root, list(agent._stones))
    assert len(prior) == 24 and set(prior.values()) == {5.0}  # a neutral weight: half of 10 playouts won
    agent.think(iterations=500)
    assert agent.best_move() in g.legal_moves()
