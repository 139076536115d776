"""Benchmark (not a test): how much the seat decides a two-player game between two agents.

    python benchmarks/seats.py GAME AGENT_A AGENT_B [--seeds 1-50] [--seat both|first|second]
                               [--clairvoyant] [--jobs 2] [--options '{"size": 7}']

Plays every seed in both seatings (``--seat first``/``second``: only the games in which A moves
first/second; the first mover is the game's own ``turn_order()[0]``, which iwoki draws at
random) and prints A's wins as first and as second player with 95 % Wilson intervals, and a
duplicate score: for each seed played in both seatings, whether A's total margin over the two
games (final scores) is positive, and A's mean margin a game.

``--clairvoyant`` is an upper bound, not an agent: A searches the true game (every hand and the
bag order) instead of its own view.  It works for the search agents (``mcts`` and the games'
ISMCTS), which search ``game.determinize(rng)``: here that returns the true position.

Agents are written as for the ``tournament`` command (``name[:key=value...]``).  ``--scheduler
tcp://host:8786`` plays the games on a Dask cluster (see docs/bots.md, *Tournaments on a Dask cluster*).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from pygame_core import agents, new_game  # noqa: E402
from pygame_core.__main__ import parse_agent_spec, wilson  # noqa: E402


def _true_game(game):
    """The true game, made to answer ``view`` and ``determinize`` with itself."""
    full = game.clone()
    full.view = lambda player: full
    full.determinize = lambda rng: full.clone()
    return full


def play(job):
    game_id, options, seed, seats, clairvoyant_seat = job
    game = new_game(game_id, seed=seed, **options)
    players = [agents.get(name)(seed=(seed * 31 + i) & 0x7FFFFFFF, **settings)
               for i, (name, settings) in enumerate(seats)]
    first = game.turn_order[0]
    while not game.is_over:
        p = game.current_player
        seen = _true_game(game) if p == clairvoyant_seat else game.view(p)
        game.play(players[p].choose(seen))
    return seed, first, game.winners, game.scores


def _indexed(item):
    index, job = item
    return index, play(job)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--seeds", default="1-50", help="first-last (default 1-50)")
    ap.add_argument("--seat", choices=("both", "first", "second"), default="both")
    ap.add_argument("--clairvoyant", action="store_true", help="A sees every hand and the bag")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--scheduler", metavar="ADDRESS", help="play on a Dask cluster, e.g. tcp://host:8786 "
                    "(pip install 'boardwright[cluster]'; the same results as a local run)")
    ap.add_argument("--options", default="{}", help="game options as JSON")
    args = ap.parse_args(argv)
    lo, _, hi = args.seeds.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    options = json.loads(args.options)
    spec_a, spec_b = parse_agent_spec(args.a, args.game), parse_agent_spec(args.b, args.game)
    jobs, a_seat = [], []
    for seed in seeds:
        first = new_game(args.game, seed=seed, **options).turn_order[0]
        for a in (0, 1):  # A in seat 0, then in seat 1
            if args.seat == "first" and first != a or args.seat == "second" and first == a:
                continue
            seats = [spec_a, spec_b] if a == 0 else [spec_b, spec_a]
            jobs.append((args.game, options, seed, seats, a if args.clairvoyant else None))
            a_seat.append(a)
    start = time.perf_counter()
    if args.scheduler:
        from pygame_core.cluster import run_on_dask
        indexed = run_on_dask(_indexed, list(enumerate(jobs)), args.scheduler)
        results = [r for _, r in sorted(indexed, key=lambda x: x[0])]
    elif args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(play, jobs)
    else:
        results = [play(j) for j in jobs]
    wins = {"first": [0.0, 0], "second": [0.0, 0]}
    margins: dict[int, list[float]] = {}
    for a, (seed, first, winners, scores) in zip(a_seat, results):
        rec = wins["first" if first == a else "second"]
        rec[0] += 1 / len(winners) if a in winners else 0.0
        rec[1] += 1
        if scores is not None:
            margins.setdefault(seed, []).append(scores[a] - scores[1 - a])
    label = args.a + (" (clairvoyant)" if args.clairvoyant else "")
    print(f"{args.game}: A = {label}, B = {args.b}, seeds {args.seeds}, "
          f"{len(jobs)} games in {time.perf_counter() - start:.0f} s")
    total_w = total_n = 0.0
    for seat, (w, n) in wins.items():
        if n:
            lo_ci, hi_ci = wilson(w, n)
            print(f"  A as {seat:6} player: {w:g}/{n} = {100 * w / n:5.1f} % (95 % CI {100 * lo_ci:.1f}-{100 * hi_ci:.1f} %)")
            total_w, total_n = total_w + w, total_n + n
    if total_n:
        print(f"  A in all:          {total_w:g}/{total_n:g} = {100 * total_w / total_n:5.1f} %")
    pairs = [sum(m) for m in margins.values() if len(m) == 2]
    if pairs:
        won = sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in pairs)
        games = [x for m in margins.values() for x in m]
        print(f"  duplicate: A wins {won:g}/{len(pairs)} deals on the two games' total margin; "
              f"mean margin {sum(games) / len(games):+.2f} a game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
