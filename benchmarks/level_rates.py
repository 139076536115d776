"""Search iterations per second of each game's default search agent in CPython (a benchmark, not
a test): the figures behind the page's computer levels (``pygame_core/levels.py``, ``RATES``).

    .venv/bin/python benchmarks/level_rates.py [--seconds 1] [--games hex y]

For each game, at its default options, the search agent the page uses for a level and for a hint
(the strongest one that thinks in slices) searches, from a fresh tree, the first position and the
positions after 10 and 20 random moves (a seeded game), ``--seconds`` each.  Prints the rate per
position (iterations over wall time, and over CPU time) and the median, beside the rate the level
table uses now.  To update the table: put the median wall-time figures (rounded) in ``RATES``.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pygame_core import agents, levels, new_game  # noqa: E402
from pygame_core.analysis import search_agent  # noqa: E402
from pygame_core.core import Rng, list_games  # noqa: E402

PLIES = (0, 10, 20)


def position(game_id: str, plies: int, seed: int = 1):
    """The position after ``plies`` random moves of a seeded game (fewer if it ends first)."""
    game, rng = new_game(game_id, seed=seed), Rng(seed)
    while len(game.history) < plies and not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    while game.is_over:  # ended early: step back one move at a time
        history = game.moves[:-1]
        game = new_game(game_id, seed=seed)
        for text in history:
            game.play(text)
    return game


def rate(game_id: str, plies: int, seconds: float) -> tuple[float, float, int]:
    """(iterations per wall second, per CPU second, iterations) of one search."""
    cls = agents.get(search_agent(game_id), game_id)
    agent = cls(seed=1)
    game = position(game_id, plies)
    if agent.start(game.view(game.current_player)) is not None:
        return float("nan"), float("nan"), 0
    w, c = time.perf_counter(), time.process_time()
    agent.think(seconds=seconds)
    wall, cpu = time.perf_counter() - w, time.process_time() - c
    return agent.last_iterations / wall, agent.last_iterations / cpu, agent.last_iterations


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0,
                    help="search time per position (the default level's nominal time)")
    ap.add_argument("--games", nargs="+", default=[g["id"] for g in list_games()])
    args = ap.parse_args()
    print(f"{'game':<10} {'agent':<13} " + " ".join(f"{f'ply {p} it/s (cpu)':>22}" for p in PLIES)
          + f" {'median':>8} {'table':>7}")
    for game_id in args.games:
        name = search_agent(game_id)
        figures = [rate(game_id, p, args.seconds) for p in PLIES]
        walls = [f[0] for f in figures if f[2]]
        cells = " ".join(f"{f'{w:,.0f} ({c:,.0f})':>22}" for w, c, _ in figures)
        median = statistics.median(walls) if walls else float("nan")
        print(f"{game_id:<10} {name:<13} {cells} {median:>8,.0f} {levels.RATES.get(game_id, 0):>7,}")
        sys.stdout.flush()
    print("(one process on this machine; a busy machine lowers every figure alike)")


if __name__ == "__main__":
    main()
