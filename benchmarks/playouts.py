"""Benchmark (not a test): Hex random playouts per second.

    python benchmarks/playouts.py [--size 11] [--seconds 3]

Prints, side by side:
* ``engine, checked``: whole games through the public protocol (``play`` with validation,
  union-find win check after every move) - what the UI and the simple agents use;
* ``engine, fast path``: ``apply`` (no validation) move by move, union-find win check;
* ``engine, fill board``: fill every empty cell at random and decide the winner with one
  flood fill (what an MCTS playout does);
* ``OpenSpiel (Python API)``: the same random games through ``pyspiel`` when open-spiel is
  installed (``pip install open_spiel``), driven from Python: ``legal_actions`` +
  ``apply_action`` until terminal.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import pygame_core  # noqa: E402
from pygame_core.core import Rng  # noqa: E402
from common import timed  # noqa: E402
from pygame_core.games.hex import all_moves  # noqa: E402



def bench_engine(size: int, seconds: float) -> list[tuple[str, float, int]]:
    rnd = random.Random(1)
    rng = Rng(1)

    def checked():
        g = pygame_core.new_game("hex", size=size, seed=0)
        while not g.is_over:
            g.play(rnd.choice(g.legal_moves()))

    def fast():
        g = pygame_core.new_game("hex", size=size, seed=0)
        moves = all_moves(size)
        empty = g.empty_indices()
        rng.shuffle(empty)
        for i in empty:
            g.apply(moves[i])
            if g.is_over:
                break

    start = pygame_core.new_game("hex", size=size, seed=0)

    def fill():
        start.random_playout(rng)

    rows = []
    for name, fn in (("engine, checked play()", checked), ("engine, fast path apply()", fast),
                     ("engine, fill board + 1 flood fill", fill)):
        rate, n = timed(fn, seconds)
        rows.append((name, rate, n))
    return rows


def bench_openspiel(size: int, seconds: float):
    try:
        import pyspiel  # type: ignore
    except ImportError:
        return None
    game = pyspiel.load_game("hex", {"num_rows": size, "num_cols": size})
    rnd = random.Random(1)

    def playout():
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rnd.choice(state.legal_actions()))

    rate, n = timed(playout, seconds)
    return ("OpenSpiel (Python API) random playout", rate, n)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=11)
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = ap.parse_args(argv)
    print(f"Hex {args.size}x{args.size} random playouts, {platform.python_implementation()} "
          f"{platform.python_version()} on {platform.machine()}, {args.seconds:g} s each")
    rows = bench_engine(args.size, args.seconds)
    other = bench_openspiel(args.size, args.seconds)
    if other is None:
        rows.append(("OpenSpiel (Python API) random playout", None, 0))
    else:
        rows.append(other)
    print(f"{'implementation':<40}{'playouts/s':>12}{'playouts':>10}")
    for name, rate, n in rows:
        shown = "not installed" if rate is None else f"{rate:,.0f}"
        print(f"{name:<40}{shown:>12}{n:>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
