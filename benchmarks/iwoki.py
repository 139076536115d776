"""Benchmark (not a test): iwoki Maths move generation, playouts and agent speed.

    python benchmarks/iwoki.py [--seconds 2] [--games 4] [--players 2]

Prints:
* legal-move generation in positions met in seeded Greedy games (the opening, the middle game
  and a late position), as calls/s and ms per call: ``game.legal_moves()``, ``placements()``
  (what ``legal_moves`` uses) and the agents' ``fast_placements`` (same set, cached tables), for
  the player to move in the full game and for an opponent in the player's view (every unseen
  small-tile type: what Minimax searches);
* playouts from the start of a game, as games/s: the spec's Random (uniform over the legal
  moves) through the checked and the fast (``apply``) path, and the search agent's greedy-ish
  policy move by move (``playout_move`` + ``apply``) and in one call (``playout_rewards``, to the
  end of the game here);
* agents: milliseconds per move (CPU time) over a few seeded games against Greedy.
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
from pygame_core.games.iwoki.search import HOOKS  # noqa: E402
from common import random_playouts, timed  # noqa: E402



def greedy_positions(seed: int, players: int) -> list:
    """Every position of a seeded game between Greedy players."""
    game = pygame_core.new_game("iwoki", seed=seed, players=players)
    bots = [agents.get("iwoki-greedy")(seed=seed * 7 + i) for i in range(players)]
    out = []
    while not game.is_over:
        out.append(game.clone())
        game.play(bots[game.current_player].choose(game.view(game.current_player)))
    return out


def bench_movegen(seconds: float, players: int) -> list[tuple]:
    rows = []
    positions = greedy_positions(3, players)
    picks = [("opening", positions[0]), ("middle game", positions[len(positions) // 2]),
             ("late", positions[-3])]
    for label, game in picks:
        me = game.current_player
        opp = game.order[(game.turn_index + 1) % game.num_players]
        view = game.view(me)
        n_own = len(game.placements())
        n_opp = len(view.placements(opp))
        position = (f"{label}: {len(game.board)} tiles laid, {n_own} placements for the player to move, "
                    f"{n_opp} for an opponent in its view")
        for name, fn in (("game.legal_moves()", game.legal_moves),
                         ("placements() (own)", game.placements),
                         ("fast_placements() (own)", game.fast_placements),
                         ("view.placements(opponent)", lambda: view.placements(opp)),
                         ("view.fast_placements(opponent)", lambda: view.fast_placements(opp))):
            rate, _ = timed(fn, seconds)
            rows.append((position, name, rate))
    return rows


def bench_playouts(seconds: float, players: int) -> list[tuple]:
    rows = []
    counter = [0]

    def fresh():
        counter[0] += 1
        return pygame_core.new_game("iwoki", seed=counter[0], players=players)

    rng = Rng(5)

    random_checked, random_fast = random_playouts(fresh, lambda g: g.legal_moves(), rng)

    def policy_moves():
        g = fresh()
        while not g.is_over:
            g.apply(HOOKS.playout_move(g, rng))

    def policy_whole():
        g = fresh()
        assert HOOKS.PLAYOUT_DEPTH is None  # to the end of the game, like the rows above
        HOOKS.playout_rewards(g, rng, g.clone())

    for name, fn in (("Random, checked play()", random_checked),
                     ("Random, fast path apply()", random_fast),
                     ("search policy, playout_move + apply", policy_moves),
                     ("search policy, playout_rewards (one call)", policy_whole)):
        rate, n = timed(fn, seconds)
        rows.append((name, rate, n))
    return rows


def bench_agents(names: list[str], games: int, players: int) -> list[tuple]:
    rows = []
    for name in names:
        spent, moves, worst = 0.0, 0, 0.0
        for s in range(games):
            g = pygame_core.new_game("iwoki", seed=100 + s, players=players)
            seat = s % players
            bots = [agents.get("iwoki-greedy")(seed=s * 7 + i) for i in range(players)]
            bots[seat] = agents.get(name)(seed=s)
            while not g.is_over:
                p = g.current_player
                view = g.view(p)
                if p == seat:
                    t0 = time.process_time()
                    move = bots[p].choose(view)
                    dt = time.process_time() - t0
                    spent += dt
                    worst = max(worst, dt)
                    moves += 1
                else:
                    move = bots[p].choose(view)
                g.play(move)
        rows.append((name, 1000 * spent / max(1, moves), 1000 * worst, moves))
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    ap.add_argument("--games", type=int, default=4, help="games per agent for ms/move")
    ap.add_argument("--players", type=int, default=2, help="players (2-4)")
    ap.add_argument("--agents", default="random,iwoki-greedy,iwoki-minimax,iwoki-ismcts,mcts")
    args = ap.parse_args(argv)
    print(f"iwoki Maths, {args.players} players, {platform.python_implementation()} "
          f"{platform.python_version()} on {platform.machine()}, {args.seconds:g} s per measurement")
    print()
    print("Legal-move generation")
    shown = None
    for position, name, rate in bench_movegen(args.seconds, args.players):
        if position != shown:
            print(f"  {position}")
            shown = position
        print(f"    {name:<32}{rate:>12,.0f} calls/s{1000 / rate:>10.3f} ms/call")
    print()
    print(f"{'Playouts from the start of a game (to the end)':<50}{'games/s':>10}{'games':>8}")
    for name, rate, n in bench_playouts(args.seconds, args.players):
        print(f"  {name:<48}{rate:>10,.1f}{n:>8}")
    print()
    print(f"Agents against Greedy, {args.games} games each (CPU time)")
    print(f"  {'agent':<16}{'ms/move':>10}{'max ms':>10}{'moves':>8}")
    for name, ms, worst, n in bench_agents(args.agents.split(","), args.games, args.players):
        print(f"  {name:<16}{ms:>10.1f}{worst:>10.1f}{n:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
