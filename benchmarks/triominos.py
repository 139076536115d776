"""Benchmark (not a test): Triominos move generation, playouts and agent speed.

    python benchmarks/triominos.py [--seconds 2] [--games 4]

Prints:
* legal-move generation on crowded boards built by seeded random play, as calls/s and ms per
  call: ``Board.valid_placements`` (what ``legal_moves`` uses) and the playout generator
  ``TriominosGame.fast_placements``.  56 tiles exist, so a board of 50+ tiles leaves at most 6
  for a hand; the "full hand" case is a board of 38 tiles with all 18 remaining tiles in hand;
* playouts from the start of a round, as rounds/s: the spec's Random policy through the
  checked and the fast (``apply``) path, and the search agent's greedy-ish playout move by move
  (``playout_move`` + ``apply``) and in one call (``playout_rewards``);
* agents: milliseconds per move over a few seeded single-round games against Greedy.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import pygame_core  # noqa: E402
from pygame_core import agents  # noqa: E402
from pygame_core.core import Rng  # noqa: E402
from common import random_playouts, timed  # noqa: E402
from pygame_core.games.triominos import ABC, ALL_TILES, Board, Placement  # noqa: E402
from pygame_core.games.triominos.search import HOOKS  # noqa: E402



def random_board(tiles: int, seed: int) -> Board:
    """A board of ``tiles`` tiles: seeded random placements of any tile not yet placed."""
    rng = Rng(seed)
    while True:
        board = Board()
        board.place_unchecked(Placement(ALL_TILES[rng.below(len(ALL_TILES))], ABC, (0, 0)))
        while len(board) < tiles:
            moves = board.valid_placements([t for t in ALL_TILES if t not in board.played])
            if not moves:
                break
            board.place_unchecked(moves[rng.below(len(moves))])
        if len(board) >= tiles:
            return board


def crowded_game(min_tiles: int, seed: int):
    """A position from seeded random single-round games with at least ``min_tiles`` placed."""
    rnd = agents.get("random")
    for s in range(seed, seed + 10_000):
        game = pygame_core.new_game("triominos", seed=s, target=None)
        players = [rnd(seed=s * 31 + i) for i in range(2)]
        while not game.is_over:
            if len(game.board) >= min_tiles:
                return game
            p = game.current_player
            game.apply(players[p].choose(game))
    raise RuntimeError("no crowded board found")


def bench_movegen(seconds: float) -> list[tuple]:
    rows = []
    game = crowded_game(50, 1)
    unplayed = [t for t in ALL_TILES if t not in game.board.played]
    cases = [(f"{len(game.board)} tiles placed, hand of all {len(unplayed)} unplayed", game, unplayed)]
    board = random_board(38, 2)
    big = pygame_core.new_game("triominos", seed=2, target=None)
    big.board = board
    hand = [t for t in ALL_TILES if t not in board.played]
    cases.append((f"{len(board)} tiles placed, hand of {len(hand)} tiles", big, hand))
    for label, g, tiles in cases:
        g.hands[g.current_player] = list(tiles)
        n_moves = len(g.board.valid_placements(tiles))
        assert set(g.fast_placements(tiles)) == set(g.board.valid_placements(tiles))
        position = f"{label}, {len(g.board.frontier)} open spots: {n_moves} placements"
        for name, fn in (("game.legal_moves()", g.legal_moves),
                         ("Board.valid_placements", lambda: g.board.valid_placements(tiles)),
                         ("fast_placements (playouts)", lambda: g.fast_placements(tiles))):
            rate, _ = timed(fn, seconds)
            rows.append((position, name, rate))
    return rows


def bench_playouts(seconds: float) -> list[tuple]:
    rows = []
    counter = [0]

    def fresh():
        counter[0] += 1
        return pygame_core.new_game("triominos", seed=counter[0], target=None)

    rng = Rng(5)

    random_checked, random_fast = random_playouts(fresh, HOOKS.random_policy_moves, rng)

    def greedy_moves():
        g = fresh()
        start = g.clone()
        while not HOOKS.playout_horizon_reached(g, start):
            g.apply(HOOKS.playout_move(g, rng))

    def greedy_whole():
        g = fresh()
        HOOKS.playout_rewards(g, rng, g.clone())

    for name, fn in (("Random policy, checked play()", random_checked),
                     ("Random policy, fast path apply()", random_fast),
                     ("search playout, playout_move + apply", greedy_moves),
                     ("search playout, playout_rewards (one call)", greedy_whole)):
        rate, n = timed(fn, seconds)
        rows.append((name, rate, n))
    return rows


def bench_agents(names: list[str], games: int) -> list[tuple]:
    rows = []
    for name in names:
        spent, moves = 0.0, 0
        for s in range(games):
            g = pygame_core.new_game("triominos", seed=100 + s, target=None)
            seat = s % 2
            players = [None, None]
            players[seat] = agents.get(name)(seed=s)
            players[1 - seat] = agents.get("greedy")(seed=s)
            while not g.is_over:
                p = g.current_player
                view = g.view(p)
                if p == seat:
                    t0 = time.perf_counter()
                    move = players[p].choose(view)
                    spent += time.perf_counter() - t0
                    moves += 1
                else:
                    move = players[p].choose(view)
                g.play(move)
        rows.append((name, 1000 * spent / max(1, moves), moves))
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    ap.add_argument("--games", type=int, default=4, help="games per agent for ms/move")
    ap.add_argument("--agents", default="random,greedy,dump,flexible,bonus,cautious,hoarder,mcts,ismcts")
    args = ap.parse_args(argv)
    print(f"Triominos, {platform.python_implementation()} {platform.python_version()} on "
          f"{platform.machine()}, {args.seconds:g} s per measurement")
    print()
    print("Legal-move generation")
    shown = None
    for position, name, rate in bench_movegen(args.seconds):
        if position != shown:
            print(f"  {position}")
            shown = position
        print(f"    {name:<30}{rate:>12,.0f} calls/s{1000 / rate:>10.3f} ms/call")
    print()
    print(f"{'Playouts from the start of a round (single round)':<48}{'rounds/s':>10}{'rounds':>8}")
    for name, rate, n in bench_playouts(args.seconds):
        print(f"  {name:<46}{rate:>10,.1f}{n:>8}")
    print()
    print(f"Agents against Greedy, {args.games} single-round games each")
    print(f"  {'agent':<12}{'ms/move':>10}{'moves':>8}")
    for name, ms, n in bench_agents(args.agents.split(","), args.games):
        print(f"  {name:<12}{ms:>10.1f}{n:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
