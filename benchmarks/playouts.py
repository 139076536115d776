"""Benchmark (not a test): random playouts per second from the empty board, ours beside
OpenSpiel's driven from Python, on Hex 11 and regular Y 13.

    python benchmarks/playouts.py [--hex-size 11] [--y-size 13] [--only hex|y] [--seconds 1] [--rounds 3]

One row per way of playing a random game to its end, each measured ``--rounds`` times for
``--seconds`` of wall time, the rows taking turns (the machine is shared and noisy); the rates
are medians per CPU second (``time.process_time``) and per wall second.  Ours, in this Python:

* ``play()``: whole games through the checked protocol (validation, win check every move);
* ``apply()``: the unchecked fast path, ``legal_moves()`` every move;
* ``random_playout(Rng)`` / ``random_playout(random.Random)``: fill the board at random and
  decide the winner once, with the rules' SplitMix64 or Python's Mersenne Twister;
* ``amaf_playout(random.Random)``: the bridge-saving fill of the list-based search;
* ``bit_playout(random.Random)``: the fill on the bitboard core (``pygame_core.games.connection.bitboard``:
  random bits balanced to the mover's share, one flood fill), without and with the bridge rule
  (each player's intact bridges keep one carrier each, as in the fast search's playouts).

OpenSpiel (``pip install -e '.[bench]'``), from Python: ``legal_actions()`` and a random
``apply_action`` every move, and one shuffle of the legal actions applied until terminal (the
same random game with a single call for the moves).  The last lines: our fastest over each
OpenSpiel row, per CPU second, its spread over the rounds, and the issue's target (3x).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_core  # noqa: E402
from pygame_core.core import Rng  # noqa: E402
from common import bounded, cpu_timed, random_playouts, spread  # noqa: E402
from spiel import game_options, pyspiel, spiel_game  # noqa: E402

TARGET = 3.0  # the issue: fastest random playout >= 3x OpenSpiel's driven from Python


def our_rows(kind: str, size: int) -> tuple[list, list[str]]:
    opts = game_options(kind, size)
    game = pygame_core.new_game(kind, seed=1, **opts)
    checked, fast = random_playouts(lambda: pygame_core.new_game(kind, seed=1, **opts),
                                    lambda g: g.legal_moves(), Rng(1))
    rng, mt, mt2 = Rng(1), random.Random(1), random.Random(2)
    rows = [("ours: play() (checked)", checked), ("ours: apply() (unchecked)", fast),
            ("ours: random_playout(Rng)", lambda: game.random_playout(rng)),
            ("ours: random_playout(random.Random)", lambda: game.random_playout(mt)),
            ("ours: amaf_playout(random.Random)", lambda: game.amaf_playout(mt2))]
    mt3, mt4 = random.Random(3), random.Random(4)
    rows += [("ours: bit_playout(random.Random)", lambda: game.bit_playout(mt3)),  # the bitboard core
             ("ours: bit_playout, bridges kept", lambda: game.bit_playout(mt4, bridges=True))]
    return rows, []


def their_rows(kind: str, size: int) -> list:
    if pyspiel is None:
        return []
    game, rng = spiel_game(kind, size), random.Random(1)

    def per_move():
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))

    def one_shuffle():
        state = game.new_initial_state()
        actions = state.legal_actions()
        rng.shuffle(actions)
        for a in actions:
            state.apply_action(a)
            if state.is_terminal():
                break

    return [("OpenSpiel (Python): legal_actions() per move", per_move),
            ("OpenSpiel (Python): one shuffle", one_shuffle)]


def measure(rows: list, seconds: float, rounds: int) -> list[list[tuple[float, float]]]:
    """Per row, per round: (playouts per CPU s, per wall s); rows take turns in each round."""
    out = [[] for _ in rows]
    for r in range(rounds):
        order = list(range(len(rows)))
        if r % 2:
            order.reverse()  # neither side always runs first
        for i in order:
            n, cpu, wall = cpu_timed(rows[i][1], seconds)
            out[i].append((n / max(cpu, 1e-9), n / wall))
    return out


def print_playouts(kind: str, size: int, seconds: float, rounds: int) -> None:
    ours, skipped = our_rows(kind, size)
    theirs = their_rows(kind, size)
    rows = ours + theirs
    rates = measure(rows, seconds, rounds)
    cpu = [statistics.median(c for c, _ in r) for r in rates]
    print(f"\n{kind.capitalize()} {size} random playouts from the empty board, {platform.python_implementation()} "
          f"{platform.python_version()}; {rounds} rounds x {seconds:g} s a row (medians)")
    print(f"{'playout':<62}{'/CPU s':>10}{'/wall s':>10}")
    for (name, _), r, c in zip(rows, rates, cpu):
        print(f"{name:<62}{c:>10,.0f}{statistics.median(w for _, w in r):>10,.0f}")
    for line in skipped:
        print(f"  skipped {line}")
    if not theirs:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no ratio")
        return
    best = max(range(len(ours)), key=cpu.__getitem__)
    for top in range(len(ours), len(rows)):  # the target against each way OpenSpiel is driven
        per_round = [max(rates[i][k][0] for i in range(len(ours))) / rates[top][k][0] for k in range(rounds)]
        ratio = cpu[best] / cpu[top]
        print(f"fastest ({rows[best][0]}) / {rows[top][0]}: {ratio:.2f}x per CPU s "
              f"(per round: {spread(per_round)}); target >= {TARGET:g}x: {'met' if ratio >= TARGET else 'not met'}")

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hex-size", type=bounded(int, 2, 26), default=11)
    ap.add_argument("--y-size", type=bounded(int, 2, 25), default=13)
    ap.add_argument("--only", choices=("hex", "y"))
    ap.add_argument("--seconds", type=bounded(float, 0.01, 600), default=1.0, help="wall time of one measurement")
    ap.add_argument("--rounds", type=bounded(int, 1, 100), default=3)
    args = ap.parse_args(argv)
    for kind, size in (("hex", args.hex_size), ("y", args.y_size)):
        if args.only in (None, kind):
            print_playouts(kind, size, args.seconds, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
