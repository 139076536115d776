"""Benchmark (not a test): our Hex/Y search against itself with settings changed on one side, at
equal CPU time a move, to see whether a change of the search pays.

    nice python benchmarks/selfplay.py --a hsearch_visits=256 --b hsearch_visits=0 --games 20 --jobs 2
    python benchmarks/selfplay.py --game y --size 13 --a ica_playouts=0 --games 10 --seconds 0.3

* ``--a`` and ``--b``: ``NAME=VALUE`` settings of :class:`~pygame_core.games.connection.mcts.BitSearch`
  (class attributes of the ``mcts`` agent, e.g. ``hsearch_visits``, ``inferior_cells``,
  ``widen``); a name the agent lacks is an error.  Both sides get ``--seconds`` CPU s a move
  (``time.process_time``) and keep their trees between moves, as in play.
* Games: colours alternate; game pair ``k // 2`` opens with the same seeded random first move
  for both colour assignments.  ``--jobs N`` plays N games at once (processes; one a core).
* Prints each game, then A's wins, games, win %, its 95 % Wilson interval, per seat, and the mean
  CPU s a move of each side (a side's search may stop early once a move is proven).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_core  # noqa: E402
from pygame_core.agents.mcts import MCTSAgent  # noqa: E402
from pygame_core.tournament import wilson  # noqa: E402


def setting(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep or not hasattr(MCTSAgent, name) or name.startswith("_"):
        raise argparse.ArgumentTypeError(f"not a search setting: {text[:40]!r} (NAME=VALUE)")
    kind = type(getattr(MCTSAgent, name))
    try:
        if kind is bool:  # (anything else is a mistake, not "off")
            return name, {"1": True, "true": True, "yes": True, "on": True,
                          "0": False, "false": False, "no": False, "off": False}[value.strip().lower()]
        return name, kind(value)
    except (ValueError, KeyError):
        raise argparse.ArgumentTypeError(f"{name} takes a {kind.__name__}: {value[:20]!r}") from None


def settings_of(text: str) -> list:
    """``--set`` as a match log records it (``"name=value name=value"``): the settings to apply."""
    return [setting(item) for item in text.split()]


def agent(settings, seed):
    a = MCTSAgent(seed=seed)
    a.clock = time.process_time
    for name, value in settings:
        a.configure(**{name: value})
    return a


def play(args) -> dict:
    k, game_id, options, a_set, b_set, seconds, seed = args
    g = pygame_core.new_game(game_id, seed=0, **options)
    g.play(random.Random(seed * 1000 + k // 2).choice(g.legal_moves()))
    a_seat = k % 2  # A is the first player (whose first stone is the seeded opening) in even games
    sides = {a_seat: agent(a_set, seed + k), 1 - a_seat: agent(b_set, seed + k + 500)}
    cpu = {0: 0.0, 1: 0.0}
    moves = {0: 0, 1: 0}
    while not g.is_over:
        p = g.current_player
        bot = sides[p]
        t = time.process_time()
        bot.start(g)
        bot.think(seconds=seconds)
        move = bot.best_move()
        cpu[p] += time.process_time() - t
        moves[p] += 1
        g.play(move)
    winner = g.winners[0]
    return {"game": k, "a_seat": a_seat, "a_won": winner == a_seat, "moves": len(g.history),
            "a_cpu": cpu[a_seat] / max(1, moves[a_seat]), "b_cpu": cpu[1 - a_seat] / max(1, moves[1 - a_seat])}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=("hex", "y"), default="hex")
    ap.add_argument("--size", type=int, default=None, help="board size (Hex 11, Y 13)")
    ap.add_argument("--a", type=setting, action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--b", type=setting, action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--seconds", type=float, default=0.5, help="CPU s a move, both sides")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if not 1 <= args.games <= 10000 or not 1 <= args.jobs <= 64 or not 0 < args.seconds <= 600:
        ap.error("--games 1-10000, --jobs 1-64, --seconds in (0, 600]")
    size = args.size or (11 if args.game == "hex" else 13)
    options = {"size": size} if args.game == "hex" else {"family": "regular", "size": size}
    print(f"{args.game} {size}: A {dict(args.a)} against B {dict(args.b)}, {args.seconds} CPU s a move")
    work = [(k, args.game, options, args.a, args.b, args.seconds, args.seed) for k in range(args.games)]
    results = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for r in pool.map(play, work):
            results.append(r)
            print(f"game {r['game'] + 1}: A {'first' if r['a_seat'] == 0 else 'second'} "
                  f"{'won' if r['a_won'] else 'lost'} in {r['moves']} moves; CPU s a move A {r['a_cpu']:.2f}, "
                  f"B {r['b_cpu']:.2f}", flush=True)
    wins = sum(r["a_won"] for r in results)
    lo, hi = wilson(wins, len(results))
    seat = [sum(r["a_won"] for r in results if r["a_seat"] == s) for s in (0, 1)]
    n_seat = [sum(1 for r in results if r["a_seat"] == s) for s in (0, 1)]
    mean = (lambda key: sum(r[key] for r in results) / len(results))
    print(f"A won {wins}/{len(results)} = {100 * wins / len(results):.0f} % (95 % Wilson {100 * lo:.1f}-{100 * hi:.1f} %); "
          f"first {seat[0]}/{n_seat[0]}, second {seat[1]}/{n_seat[1]}; "
          f"CPU s a move A {mean('a_cpu'):.2f}, B {mean('b_cpu'):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
