"""How long the page's search holds the worker in one slice (a benchmark, not a test): the root's
analysis of Hex/Y (H-search over every pair, decompositions) stopped at a slice's end and
resumed at the next (``sliced``, as the bridge's ``think`` and ``analyse`` set it), against the
same analysis run through in one piece.

    .venv/bin/python benchmarks/slices.py [--positions 30] [--log benchmarks/data/analysis.jsonl ...]

For each middle-game position of the logs (``benchmarks/mohex_analysis.py``'s: Hex 11, MoHex's
self-play), two searches in slices as the page runs them, each sliced and in one piece, side by
side: the **analysis board** (open-ended, 0.25 s slices, ``--analysis-seconds`` in all) and the
**computer's move** at the medium level (its iterations, 0.15 s slices, the level's wall-clock
cap).  Prints per mode the longest slice (CPU s: what "stop" or a click waits for at most, twice
that in Pyodide) as a median, 90th percentile and maximum over the positions, the slices spent
before the first iteration past the root's analysis, and for the move how often both ways chose
the same move (they must: an iteration budget ends as it would in one piece).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from pygame_core import levels, new_game  # noqa: E402
from pygame_core.agents.mcts import MCTSAgent  # noqa: E402

DATA = ROOT / "benchmarks" / "data"


def positions(paths: list[Path], n: int) -> list[list[str]]:
    out = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            if isinstance(rec.get("moves"), list):
                out.append(rec["moves"])
    return out[:n]


def run(moves: list[str], sliced: bool, open_ended: bool, slice_s: float, total_s: float,
        iterations: int | None) -> dict:
    """One search in slices; the longest slice (CPU s), the slices before the root's first
    ranking was done, the move."""
    game = new_game("hex", seed=0)
    for m in moves:
        game.play(game.parse_move(m))
    agent = MCTSAgent(seed=1)
    agent.open_ended, agent.sliced = open_ended, sliced
    agent.clock = time.process_time
    agent.start(game)
    longest, waited, spent = 0.0, None, 0.0
    for k in range(10**6):
        if agent._root.proven is not None or spent >= total_s:
            break
        left = None if iterations is None else iterations - agent.last_iterations
        if left is not None and left <= 0:
            break
        t = time.process_time()
        agent.think(iterations=left, seconds=min(slice_s, total_s - spent))
        d = time.process_time() - t
        spent += d
        longest = max(longest, d)
        if waited is None and getattr(agent._root, "rank_at", 0) > agent.rank_first:
            waited = k + 1
    return {"longest": longest, "waited": waited, "move": agent.best_move(), "iterations": agent.last_iterations}


def spread(xs: list[float]) -> str:
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(0.9 * len(xs)))]
    return f"median {statistics.median(xs):.2f}, p90 {p90:.2f}, max {xs[-1]:.2f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--log", type=Path, action="append",
                    help="position logs (default: benchmarks/data/analysis.jsonl and analysis-s2.jsonl)")
    ap.add_argument("--analysis-seconds", type=float, default=3.0)
    args = ap.parse_args(argv)
    if not 1 <= args.positions <= 10**4 or not 0 < args.analysis_seconds <= 600:
        ap.error("--positions 1 to 10000, --analysis-seconds above 0, at most 600")
    paths = args.log or [DATA / "analysis.jsonl", DATA / "analysis-s2.jsonl"]
    try:
        todo = positions(paths, args.positions)
    except (OSError, ValueError) as e:
        ap.error(f"cannot read the positions: {str(e)[:80]}")
    level = levels.budget("hex", 1.0)
    modes = (("analysis board", True, 0.25, args.analysis_seconds, None),
             ("medium level's move", False, 0.15, level["seconds"], level["iterations"]))
    for name, open_ended, slice_s, total_s, iterations in modes:
        got = {True: [], False: []}
        for moves in todo:
            for sliced in (True, False):  # (side by side, position by position)
                got[sliced].append(run(moves, sliced, open_ended, slice_s, total_s, iterations))
        print(f"{name} ({len(todo)} positions, {slice_s:g} s slices):")
        for sliced in (False, True):
            rs = got[sliced]
            waited = [r["waited"] for r in rs if r["waited"] is not None]
            print(f"  {'sliced' if sliced else 'in one piece'}: longest slice CPU s {spread([r['longest'] for r in rs])}; "
                  f"slices before the root's analysis was done: {spread(waited) if waited else '-'}")
        if iterations is not None:
            same = sum(a["move"] == b["move"] for a, b in zip(got[True], got[False]))
            full = sum(a["iterations"] == b["iterations"] for a, b in zip(got[True], got[False]))
            print(f"  the same move {same}/{len(todo)} (the same iterations in {full})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
