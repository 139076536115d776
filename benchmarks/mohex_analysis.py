"""Analysis quality against MoHex 2.0 (issue 30): on middle-game Hex 11 positions, how often our
top move agrees with MoHex's at a large budget, beside how often MoHex at a small budget agrees
with itself at the large one.  A benchmark only (MoHex is never a requirement of the tests).

    nice python benchmarks/mohex_analysis.py --positions 50 --seconds 1 --log analysis.jsonl
    python benchmarks/mohex_analysis.py --summary --log analysis.jsonl
    python benchmarks/mohex_analysis.py --rescore --log analysis.jsonl --set pattern_prior=10
    python benchmarks/mohex_analysis.py --rescore --log analysis.jsonl --our-iterations 3000

* Positions: position ``i`` opens with a seeded random cell, then MoHex at ``--play`` playouts
  (300) plays both sides for a seeded 14-34 more moves (one MoHex process, ``--seed``); a
  position already decided for MoHex (its genmove needs no search at the large budget, or the
  game ended) is replaced by the next seed.
* Reference: MoHex at ``--reference`` playouts (16,000); the small budget: ``--small`` (1,000);
  ours: the registered ``mcts`` with ``--seconds`` CPU s (``time.process_time``), a fresh tree.
  Each MoHex answer comes from a fresh ``clear_board`` and the moves replayed, with
  ``reuse_subtree`` off (else MoHex would answer the small budget from the reference's tree).
* ``--log FILE``: one JSON line a position; a rerun with the same settings resumes.  The
  summary: agreements with the reference, ours and MoHex's small budget, each with its 95 %
  Wilson interval, and the CPU s a position of each.  MoHex's path as in ``benchmarks/mohex.py``.
* ``--rescore``: no MoHex needed; our search again on the logged positions with ``--set``
  settings (as ``benchmarks/selfplay.py``'s ``--a``), against the logged reference moves: a quick
  A/B of a change of the search against MoHex's judgement.  With ``--our-iterations N`` the
  search runs N iterations instead of ``--seconds`` (the same moves whatever the machine's load:
  the search is deterministic for a seed).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import bounded  # noqa: E402
from mohex import COLOUR, MoHex, default_mohex, need_mohex, new_hex  # noqa: E402
from selfplay import setting  # noqa: E402

from pygame_core.agents.mcts import MCTSAgent  # noqa: E402
from pygame_core.tournament import wilson  # noqa: E402

SETTINGS = ("play", "reference", "small", "seconds", "seed")


def ask(eng: MoHex, moves: list[str], playouts: int) -> tuple[str, float, int | None]:
    """MoHex's move after ``moves`` at ``playouts``: (cell, CPU s, playouts or None: no search)."""
    eng.send("clear_board")
    for i, cell in enumerate(moves):
        eng.play(i % 2, cell)
    move, cpu, _, searched = eng.genmove(len(moves) % 2, playouts)
    return move, cpu, searched


def position(eng: MoHex, cfg: dict, i: int) -> list[str]:
    """The moves of middle-game position ``i`` (MoHex at ``play`` playouts on both sides)."""
    rng = random.Random(cfg["seed"] * 7919 + i)
    game = new_hex()
    first = f"{chr(97 + rng.randrange(11))}{rng.randrange(11) + 1}"
    game.play(first)
    moves = [first]
    for _ in range(rng.randint(14, 34)):
        move, _, _ = ask(eng, moves, cfg["play"])
        game.play(move)
        moves.append(move)
        if game.is_over:
            break
    return moves if not game.is_over else []


def our_top(moves: list[str], seconds: float, seed: int, settings=(), iterations: int | None = None) -> tuple[str, float, object]:
    """Our search's move after ``moves`` at ``seconds`` CPU s (or ``iterations``): (cell, CPU s, the agent)."""
    game = new_hex()
    for m in moves:
        game.play(m)
    agent = MCTSAgent(seed=seed)
    agent.clock = time.process_time
    for name, value in settings:
        agent.configure(**{name: value})
    agent.book_plies = 0  # (a position after the book's plies; analysis never plays the book)
    cpu = time.process_time()
    quick = agent.start(game)
    if quick is not None:
        return game.format_move(quick), time.process_time() - cpu, agent
    if iterations is None:
        agent.think(seconds=seconds)
    else:
        agent.think(iterations=iterations)
    return game.format_move(agent.best_move()), time.process_time() - cpu, agent


def rescore(recs: list[dict], seconds: float, settings, iterations: int | None = None) -> str:
    k = 0
    cpus = []
    for r in recs:
        move, c, _ = our_top(r["moves"], seconds, r["seed"], settings, iterations)
        k += move == r["reference_move"]
        cpus.append(c)
    lo, hi = wilson(k, len(recs))
    budget = f"{iterations} iterations" if iterations else f"{seconds:g} CPU s"
    cpus.sort()
    n = len(cpus)
    return (f"ours at {budget} with {dict(settings)} agrees with MoHex's reference on {k}/{n} = "
            f"{100 * k / n:.0f} % (95 % Wilson {100 * lo:.1f}-{100 * hi:.1f} %), CPU s a position: mean "
            f"{sum(cpus) / n:.2f}, median {cpus[n // 2]:.2f}, 90th percentile {cpus[int(0.9 * n)]:.2f}, max {cpus[-1]:.2f}")


def measure(eng: MoHex, cfg: dict, moves: list[str]) -> dict | None:
    ref, ref_cpu, searched = ask(eng, moves, cfg["reference"])
    if searched is None:
        return None  # decided for MoHex (its connections or solver): not a middle-game question
    small, small_cpu, _ = ask(eng, moves, cfg["small"])
    ours, cpu, agent = our_top(moves, cfg["seconds"], cfg["seed"])
    return {"moves": moves, "reference_move": ref, "small_move": small, "ours_move": ours, "reference_cpu": ref_cpu,
            "small_cpu": small_cpu, "ours_cpu": cpu, "iterations": getattr(agent, "last_iterations", 0),
            "ours_proven": getattr(getattr(agent, "_root", None), "proven", None)}


def summary(recs: list[dict]) -> list[str]:
    n = len(recs)
    out = [f"{n} positions (to move: Blue {sum(len(r['moves']) % 2 == 0 for r in recs)}, "
           f"Red {sum(len(r['moves']) % 2 for r in recs)})"]
    for who, label in (("ours", "ours"), ("small", "MoHex small")):
        k = sum(r[f"{who}_move"] == r["reference_move"] for r in recs)
        lo, hi = wilson(k, n)
        cpu = sum(r[f"{who}_cpu"] for r in recs) / n
        out.append(f"{label:12s} agrees with MoHex's reference on {k}/{n} = {100 * k / n:.0f} % "
                   f"(95 % Wilson {100 * lo:.1f}-{100 * hi:.1f} %), {cpu:.2f} CPU s a position")
    out.append(f"MoHex reference: {sum(r['reference_cpu'] for r in recs) / n:.2f} CPU s a position; "
               f"ours proven at the root in {sum(r['ours_proven'] is not None for r in recs)}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mohex", default=default_mohex())
    ap.add_argument("--positions", type=bounded(int, 1, 10000), default=50)
    ap.add_argument("--play", type=bounded(int, 10, 10**6), default=300, help="MoHex's playouts making the positions")
    ap.add_argument("--reference", type=bounded(int, 10, 10**7), default=16000)
    ap.add_argument("--small", type=bounded(int, 10, 10**7), default=1000)
    ap.add_argument("--seconds", type=bounded(float, 0.01, 600), default=1.0, help="our CPU s a position")
    ap.add_argument("--seed", type=bounded(int, 0, 2**20), default=1)
    ap.add_argument("--log", type=Path)
    ap.add_argument("--summary", action="store_true", help="only summarise --log")
    ap.add_argument("--rescore", action="store_true", help="our search again on the logged positions (no MoHex)")
    ap.add_argument("--set", type=setting, action="append", default=[], metavar="NAME=VALUE",
                    help="--rescore: a search setting")
    ap.add_argument("--our-iterations", type=bounded(int, 1, 10**7), metavar="N",
                    help="--rescore: our search at N iterations a position instead of --seconds")
    args = ap.parse_args(argv)
    cfg = {"play": args.play, "reference": args.reference, "small": args.small, "seconds": args.seconds,
           "seed": args.seed}
    recs = []
    if args.log and args.log.exists():
        for line in args.log.read_text(encoding="utf-8").splitlines():
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if isinstance(rec, dict) and all(rec.get(k) == cfg[k] for k in SETTINGS) \
                    and isinstance(rec.get("moves"), list) and isinstance(rec.get("reference_move"), str):
                recs.append(rec)
    if args.summary or args.rescore:
        if not recs:
            print(f"no positions in {args.log}")
        elif args.rescore:
            print(rescore(recs, args.seconds, args.set, args.our_iterations))
        else:
            print("\n".join(summary(recs)))
        return 0
    path = need_mohex(args.mohex)
    eng = MoHex(path, args.seed)
    i = max((r["index"] for r in recs), default=-1) + 1
    try:
        eng.new_game(args.play)
        eng.send("param_mohex reuse_subtree 0")  # (else the small budget reuses the reference's tree)
        while len(recs) < args.positions:
            moves = position(eng, cfg, i)
            rec = measure(eng, cfg, moves) if moves else None
            if rec is not None:
                rec.update(cfg, index=i)
                recs.append(rec)
                print(f"position {len(recs)} (seed {i}, {len(moves)} moves, {COLOUR[len(moves) % 2]} to move): "
                      f"reference {rec['reference_move']}, small {rec['small_move']}, ours {rec['ours_move']}",
                      flush=True)
                if args.log:
                    with args.log.open("a", encoding="utf-8") as f:
                        f.write(json.dumps(rec) + "\n")
            i += 1
    finally:
        eng.close()
    print("\n".join(summary(recs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
