"""Our engine beside OpenSpiel on Hex 11x11 and regular Y 13: the targets of the issue "Engine
speed", with CPU-time accounting (a benchmark, not a test).

    pip install -e '.[bench]'          # open_spiel: a benchmark-only extra, never a runtime one
    python benchmarks/openspiel.py [--seconds 1] [--odds 1] [--seat both] [--games 40] [--jobs 1]
                                   [--log FILE] [--only hex|y] [--y-size 13] [--skip-speed]
                                   [--skip-playouts] [--skip-match] [--summary]

Prints, per board:
* search speed: our ``MCTSAgent``'s iterations (``start`` + ``think(iterations=N)``) and the
  C++ ``MCTSBot``'s simulations (random rollouts, solver on, as the issue's harness builds it)
  per CPU second and per wall second, on the empty board and on fixed middle-game positions
  (random moves from fixed seeds, the same in both engines, either colour to move); each side
  gets a budget of about ``--speed-seconds``, the two take turns ``--rounds`` times, and the
  ratio ours/theirs is given per round as median [min-max]; the target is >= 1.0x;
* random playouts (benchmarks/playouts.py): our fastest over OpenSpiel's from Python (>= 3x);
* the match (benchmarks/openspiel_match.py): our ``mcts`` against MCTSBot with ``--odds`` times
  our CPU time a move, games, wins, win rate, 95 % Wilson interval, CPU and wall time a move of
  each side, our iterations a move, and the issue's targets (>= 75 % at 10x odds, >= 90 % at
  equal time as second player).

Before the match it checks on random games that both engines agree on every winner.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from common import bounded, spread
from openspiel_match import read_log, run_match, summary
from playouts import print_playouts
from spiel import Pair, bot_search, check_mapping, middle_game, need_pyspiel, spiel_game

from pygame_core.agents.mcts import MCTSAgent

# (random moves, seed): the empty board, and middle games with the first and the second player to move
POSITIONS = ((0, 0), (30, 1), (31, 2), (40, 3))
TARGET_SPEED = 1.0  # the issue: our iterations per CPU second >= 1.0x MCTSBot's simulations


def ours_search(game, iterations: int, seed: int) -> tuple[int, float, float]:
    """A fresh search of ``game``: (iterations run, CPU s, wall s), ``start`` included."""
    cpu, wall = time.process_time(), time.perf_counter()
    agent = MCTSAgent(seed=seed)
    if agent.start(game) is not None:
        raise RuntimeError("the position has a move our search plays without searching")
    done = agent.think(iterations=iterations)
    return done, time.process_time() - cpu, time.perf_counter() - wall


def speed_row(kind: str, size: int, moves: int, seed: int, seconds: float, rounds: int) -> dict:
    p, used = middle_game(kind, size, moves, seed) if moves else (Pair(kind, size, 0), None)
    spiel = spiel_game(kind, size)
    ours = lambda n, s: ours_search(p.ours, n, s)  # noqa: E731
    theirs = lambda n, s: bot_search(spiel, p.theirs, n, s)[1:]  # noqa: E731
    budgets = []
    for run, n in ((ours, 300), (theirs, 1000)):  # budgets of about ``seconds`` of CPU each
        done, cpu, _ = run(n, 0)
        budgets.append(max(10, round(done / max(cpu, 1e-6) * seconds)))
    runs = ([], [])
    for r in range(rounds):
        for side in ((0, 1) if r % 2 == 0 else (1, 0)):  # take turns; neither always first
            runs[side].append((ours, theirs)[side](budgets[side], r + 1))
    rate = [[(d / max(c, 1e-9), d / max(w, 1e-9)) for d, c, w in side] for side in runs]
    name = "empty" if not moves else f"{moves} moves (seed {used})"
    return {"name": name, "to_move": p.ours.player_names[p.ours.current_player], "budgets": budgets,
            "done": [statistics.mean(d for d, _, _ in side) for side in runs],
            "ours": [statistics.median(x[i] for x in rate[0]) for i in (0, 1)],
            "theirs": [statistics.median(x[i] for x in rate[1]) for i in (0, 1)],
            "ratio": [[a[i] / b[i] for a, b in zip(*rate)] for i in (0, 1)]}


def print_speed(kind: str, size: int, seconds: float, rounds: int) -> None:
    print(f"\nSearch speed, {kind.capitalize()} {size}: our MCTSAgent iterations and C++ MCTSBot simulations a second "
          f"({rounds} rounds, ~{seconds:g} CPU s a search, taking turns; medians, ratios median [min-max])")
    print(f"{'position':<22}{'to move':<9}{'ours /CPU s':>12}{'/wall s':>9}{'MCTSBot /CPU s':>15}{'/wall s':>9}"
          f"{'  ours/MCTSBot CPU':<22}{'wall':<18}{'iterations (ours/MCTSBot)'}")
    lows = []
    for moves, seed in POSITIONS:
        r = speed_row(kind, size, moves, seed, seconds, rounds)
        lows.append(statistics.median(r["ratio"][0]))
        print(f"{r['name']:<22}{r['to_move']:<9}{r['ours'][0]:>12,.0f}{r['ours'][1]:>9,.0f}{r['theirs'][0]:>15,.0f}"
              f"{r['theirs'][1]:>9,.0f}  {spread(r['ratio'][0]):<20}{spread(r['ratio'][1]):<18}"
              f"{r['done'][0]:,.0f} of {r['budgets'][0]:,} / {r['done'][1]:,.0f} of {r['budgets'][1]:,}")
    print(f"target >= {TARGET_SPEED:g}x on every position (CPU): {'met' if min(lows) >= TARGET_SPEED else 'not met'} "
          f"(lowest median {min(lows):.2f}x)")


def calibrate_bot(kind: str, size: int) -> float:
    """MCTSBot's simulations per CPU second on the empty board: where the match starts from."""
    game = spiel_game(kind, size)
    _, done, cpu, _ = bot_search(game, game.new_initial_state(), 2000, 1)
    return done / max(cpu, 1e-6)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=bounded(float, 0.01, 600), default=1.0, help="our CPU s a move in the match")
    ap.add_argument("--odds", type=bounded(float, 0.01, 1000), default=1.0,
                    help="MCTSBot's CPU time a move, in multiples of ours (default 1)")
    ap.add_argument("--seat", choices=("first", "second", "both"), default="both",
                    help="our colour in the match (both: alternate)")
    ap.add_argument("--games", type=bounded(int, 1, 100000), default=40, help="games a board")
    ap.add_argument("--jobs", type=bounded(int, 1, 64), default=1, help="games in parallel, each its own process")
    ap.add_argument("--log", type=Path, help="one JSON line a game; a rerun with the same settings resumes")
    ap.add_argument("--summary", action="store_true", help="only summarise the games in --log")
    ap.add_argument("--y-size", type=bounded(int, 2, 25), default=13)
    ap.add_argument("--seed", type=bounded(int, 0, 2**20), default=1)
    ap.add_argument("--only", choices=("hex", "y"))
    ap.add_argument("--speed-seconds", type=bounded(float, 0.01, 600), default=1.0,
                    help="CPU s of one search in the speed table")
    ap.add_argument("--rounds", type=bounded(int, 1, 100), default=5, help="rounds of the speed and playout tables")
    ap.add_argument("--playout-seconds", type=bounded(float, 0.01, 600), default=1.0)
    ap.add_argument("--skip-speed", action="store_true")
    ap.add_argument("--skip-playouts", action="store_true")
    ap.add_argument("--skip-match", action="store_true")
    args = ap.parse_args(argv)
    if args.summary and not (args.log and args.log.is_file()):
        ap.error("--summary needs --log with an existing log file")
    if args.log and (args.log.is_dir() or not args.log.parent.is_dir()):
        ap.error(f"--log {args.log}: not a file in an existing folder")
    need_pyspiel()
    boards = [b for b in (("hex", 11), ("y", args.y_size)) if args.only in (None, b[0])]
    results = []
    for kind, size in boards:
        cfg = {"kind": kind, "size": size, "seconds": args.seconds, "odds": args.odds, "seat": args.seat,
               "seed": args.seed}
        if args.summary:
            results.append((cfg, [r for k, r in sorted(read_log(args.log, cfg).items()) if k < args.games]))
            continue
        if not args.skip_speed:
            print_speed(kind, size, args.speed_seconds, args.rounds)
        if not args.skip_playouts:
            print_playouts(kind, size, args.playout_seconds, args.rounds)
        if not args.skip_match:
            check_mapping(kind, size)
            cfg["bot_rate"] = calibrate_bot(kind, size)
            results.append((cfg, run_match(cfg, args.games, args.jobs, args.log)))
    for cfg, records in results:
        print(f"\nMatch vs MCTSBot: ours {cfg['seconds']:g} CPU s a move, MCTSBot {cfg['odds']:g}x, "
              f"seat {cfg['seat']}, seeds {cfg['seed']}..")
        print("\n".join(summary(records, cfg)))


if __name__ == "__main__":
    main()
