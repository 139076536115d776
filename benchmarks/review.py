"""Time a whole-game review (issue 19's target: a 60-move Hex 11 game at 0.5 s a position in
at most 40 s with --jobs 2, CPython).  Prints wall and CPU time for each --jobs value.

    python benchmarks/review.py [--moves 60] [--seconds 0.5] [--jobs 1 2]
"""
from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pygame_core import new_game  # noqa: E402
from pygame_core.analysis import review  # noqa: E402


def game_of(moves: int, seed: int) -> dict:
    """A Hex 11x11 game of random moves that has not ended after ``moves`` moves."""
    for s in range(seed, seed + 1000):
        g, rng = new_game("hex", size=11, seed=0), random.Random(s)
        while len(g.history) < moves and not g.is_over:
            g.play(rng.choice(g.legal_moves()))
        if len(g.history) == moves:
            return g.record()
    raise SystemExit("no such game")


def cpu_seconds() -> float:
    self_, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return self_.ru_utime + self_.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=60)
    ap.add_argument("--seconds", type=float, default=0.5)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    record = game_of(args.moves, args.seed)
    print(f"Hex 11x11, {args.moves} moves ({args.moves + 1} positions), {args.seconds} s a position")
    print(f"{'jobs':>4} {'wall s':>8} {'cpu s':>8} {'marked':>7}")
    for jobs in args.jobs:
        w, c = time.perf_counter(), cpu_seconds()
        result = review(record, seconds_per_move=args.seconds, jobs=jobs)
        wall, cpu = time.perf_counter() - w, cpu_seconds() - c
        marked = sum(1 for m in result["moves"] if m["mark"])
        print(f"{jobs:>4} {wall:8.1f} {cpu:8.1f} {marked:>7}")


if __name__ == "__main__":
    main()
