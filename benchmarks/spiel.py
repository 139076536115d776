"""What the OpenSpiel benchmarks share: one game in both engines, fixed test positions, and a
timed C++ ``MCTSBot`` search (openspiel.py, openspiel_match.py, playouts.py).

Cells map one to one: OpenSpiel's action ``row * n + column`` is our ``(x=column, y=row)``, in
Hex and in regular Y (``check_mapping`` plays random games in both engines and compares winners).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_core  # noqa: E402

try:
    import pyspiel
except ImportError:  # pragma: no cover - a benchmark dependency
    pyspiel = None

UCT_C = 2.0  # the harness: MCTSBot(game, RandomRolloutEvaluator(1, seed), 2.0, sims, 1000, True, seed, False)
MAX_MEMORY_MB = 1000


def need_pyspiel():
    if pyspiel is None:
        sys.exit("open_spiel is not installed: pip install -e '.[bench]'")
    return pyspiel


def game_options(kind: str, size: int) -> dict:
    return {"size": size} if kind == "hex" else {"family": "regular", "size": size}


def spiel_game(kind: str, size: int):
    return need_pyspiel().load_game(f"{kind}(board_size={size})")


class Pair:
    """One game in both engines, kept in step."""

    def __init__(self, kind: str, size: int, seed: int):
        self.kind, self.n = kind, size
        self.ours = pygame_core.new_game(kind, seed=seed, **game_options(kind, size))
        self.theirs = spiel_game(kind, size).new_initial_state()

    def play_ours(self, move) -> None:
        self.ours.play(move)
        self.theirs.apply_action(move.y * self.n + move.x)

    def play_theirs(self, action: int) -> None:
        self.theirs.apply_action(action)
        y, x = divmod(action, self.n)
        self.ours.play(f"({x},{y})")

    def agree(self) -> bool:
        if self.ours.is_over != self.theirs.is_terminal():
            return False
        return not self.ours.is_over or self.theirs.returns()[self.ours.winners[0]] > 0


def check_mapping(kind: str, size: int, games: int = 30) -> None:
    rng = random.Random(1)
    for s in range(games):
        p = Pair(kind, size, s)
        while not p.ours.is_over:
            p.play_theirs(rng.choice(p.theirs.legal_actions()))
            if not p.agree():
                sys.exit(f"{kind} {size}: the engines disagree after {p.ours.history}")
    print(f"{kind} {size}: both engines agree on {games} random games", file=sys.stderr)


def wins_at_once(game) -> bool:
    """True when the player to move has a winning move (our search would play it unsearched)."""
    me = game.current_player
    for move in game.legal_moves():
        trial = game.clone()
        trial.apply(move)
        if trial.is_over and trial.winners == [me]:
            return True
    return False


def middle_game(kind: str, size: int, moves: int, seed: int) -> tuple[Pair, int]:
    """A fixed position ``moves`` random moves in (the same in both engines): the first seed from
    ``seed`` on whose position is not over and has no winning move for the side to move."""
    for s in range(seed, seed + 1000, 100):
        rng, p = random.Random(s), Pair(kind, size, s)
        for _ in range(moves):
            if p.ours.is_over:
                break
            p.play_theirs(rng.choice(p.theirs.legal_actions()))
        if not p.ours.is_over and not wins_at_once(p.ours):
            return p, s
    sys.exit(f"{kind} {size}: no open position after {moves} random moves from seed {seed}")


def bot_search(game, state, sims: int, seed: int) -> tuple[int, int, float, float]:
    """One move of C++ ``MCTSBot`` with at most ``sims`` simulations, as the issue's harness
    builds it: (action, simulations run, CPU s, wall s).  ``mcts_search`` is what ``step`` runs;
    its root counts the simulations (fewer than ``sims`` once the solver proves the root)."""
    sp = need_pyspiel()
    cpu, wall = time.process_time(), time.perf_counter()
    bot = sp.MCTSBot(game, sp.RandomRolloutEvaluator(1, seed), UCT_C, sims, MAX_MEMORY_MB, True, seed, False)
    root = bot.mcts_search(state)
    action = root.best_child().action
    return action, root.explore_count, time.process_time() - cpu, time.perf_counter() - wall
