"""Our engine beside OpenSpiel on Hex 11x11 and a regular Y board (a benchmark, not a test).

    pip install -e '.[bench]'          # open_spiel: a benchmark-only extra, never a runtime one
    python benchmarks/openspiel.py [--seconds 1.0] [--games 40] [--y-size 13] [--skip-match]

Prints one table:
* random playouts per second to the end of the game: ours in CPython (the plain fill playout,
  the bridge-saving fill the search uses, and whole games through ``play()``), and
  OpenSpiel's, driven from Python (``state.apply_action`` per move);
* a match of our search agent (``mcts``: UCT-RAVE, bridge-saving fill playouts, solver) against
  OpenSpiel's C++ ``MCTSBot`` with random rollouts, at equal wall time per move, both colours
  alternating: games, our wins, win rate and its 95 % Wilson interval, and the time each side
  really used per move.  MCTSBot has no time limit, only a simulation count: it is recalibrated
  after each of its moves from its measured simulations per second, steering its running mean
  time per move to the time ours is given (its real mean time is printed).

Cells map one to one: OpenSpiel's action ``row * n + column`` is our ``(x=column, y=row)``, in
both games; the script checks on random games that both engines agree on every winner before
the match.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_core  # noqa: E402
from pygame_core.__main__ import wilson  # noqa: E402
from pygame_core.agents.mcts import MCTSAgent  # noqa: E402
from pygame_core.core import Rng  # noqa: E402

try:
    import pyspiel
except ImportError:  # pragma: no cover - a benchmark dependency
    sys.exit("open_spiel is not installed: pip install -e '.[bench]'")


class Pair:
    """One game in both engines, kept in step."""

    def __init__(self, kind: str, size: int, seed: int):
        self.kind, self.n = kind, size
        opts = {"size": size} if kind == "hex" else {"family": "regular", "size": size}
        self.ours = pygame_core.new_game(kind, seed=seed, **opts)
        self.theirs = pyspiel.load_game(f"{kind}(board_size={size})").new_initial_state()

    def play_ours(self, move) -> None:
        self.ours.play(move)
        self.theirs.apply_action(self.ours.move_cell(move) if self.kind == "hex" else self._action(move))

    def play_theirs(self, action: int) -> None:
        self.theirs.apply_action(action)
        y, x = divmod(action, self.n)
        self.ours.play(f"({x},{y})")

    def _action(self, move) -> int:
        return move.y * self.n + move.x

    def agree(self) -> bool:
        if self.ours.is_over != self.theirs.is_terminal():
            return False
        return not self.ours.is_over or self.theirs.returns()[self.ours.winners[0]] > 0


def check_mapping(kind: str, size: int, games: int = 30) -> None:
    rng = random.Random(1)
    for s in range(games):
        p = Pair(kind, size, s)
        while not p.ours.is_over:
            p.play_theirs(rng.choice(p.theirs.legal_actions()))
            assert p.agree(), f"{kind}: the engines disagree after {p.ours.moves}"
    print(f"{kind} {size}: both engines agree on {games} random games", file=sys.stderr)


def rate(fn, seconds: float) -> float:
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        count += 1
    return count / (time.perf_counter() - start)


def playout_rates(kind: str, size: int, seconds: float) -> dict:
    opts = {"size": size} if kind == "hex" else {"family": "regular", "size": size}
    game = pygame_core.new_game(kind, seed=1, **opts)
    rng = Rng(1)
    spiel = pyspiel.load_game(f"{kind}(board_size={size})")
    prng = random.Random(1)
    fast = random.Random(2)

    def whole_game():
        g = pygame_core.new_game(kind, seed=1, **opts)
        while not g.is_over:
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])

    def spiel_game():
        st = spiel.new_initial_state()
        while not st.is_terminal():
            st.apply_action(prng.choice(st.legal_actions()))

    return {"fill": rate(lambda: game.random_playout(rng), seconds),
            # as the search draws it: Mersenne Twister (MCTSAgent._fast_rng)
            "bridge fill": rate(lambda: game.amaf_playout(fast), seconds),
            "play()": rate(whole_game, seconds),
            "openspiel": rate(spiel_game, seconds)}


def match(kind: str, size: int, games: int, seconds: float, seed: int) -> dict:
    spiel = pyspiel.load_game(f"{kind}(board_size={size})")
    wins, times_ours, times_theirs, sims = 0, [], [], 2000
    iterations = []  # our search's iterations per move
    bot_total = 0.0  # MCTSBot's thinking time so far (its running mean is steered to ``seconds``)
    for k in range(games):
        p = Pair(kind, size, seed + k)
        ours_seat = k % 2  # both colours, alternating
        agent = MCTSAgent(seed=seed + k, time_limit=seconds)
        while not p.ours.is_over:
            start = time.perf_counter()
            if p.ours.current_player == ours_seat:
                p.play_ours(agent.choose(p.ours))
                times_ours.append(time.perf_counter() - start)
                iterations.append(agent.last_iterations)
            else:
                bot = pyspiel.MCTSBot(spiel, pyspiel.RandomRolloutEvaluator(1, seed + k), 2.0, sims, 1000,
                                      True, seed + k + len(p.ours.history), False)
                action = bot.step(p.theirs)
                used = time.perf_counter() - start
                times_theirs.append(used)
                bot_total += used
                # equal mean wall time: the next move aims at the time that brings MCTSBot's
                # running mean back to ``seconds`` (within 0.5-1.5 s for 1 s), scaling the
                # simulation count by the rate just measured; damped (x0.5..x2), since a solved
                # position ends early and rollouts get shorter as the board fills
                target = min(1.5 * seconds, max(0.5 * seconds, seconds * (len(times_theirs) + 1) - bot_total))
                sims = max(100, int(sims * min(2.0, max(0.5, target / max(used, 1e-3)))))
                p.play_theirs(action)
            assert p.agree()
        won = p.ours.winners == [ours_seat]
        wins += won
        print(f"{kind} game {k + 1}/{games}: ours as {p.ours.player_names[ours_seat]} "
              f"{'won' if won else 'lost'} in {len(p.ours.history)} moves", file=sys.stderr, flush=True)
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "rate": wins / games, "ci": (low, high),
            "ours_s": sum(times_ours) / len(times_ours), "theirs_s": sum(times_theirs) / len(times_theirs),
            "sims": sims, "iterations": sum(iterations) / len(iterations)}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="thinking time per move (both sides)")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--y-size", type=int, default=13)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rate-seconds", type=float, default=3.0)
    ap.add_argument("--skip-match", action="store_true")
    ap.add_argument("--only", choices=("hex", "y"))
    args = ap.parse_args(argv)
    boards = [("hex", 11), ("y", args.y_size)]
    if args.only:
        boards = [b for b in boards if b[0] == args.only]
    rows = []
    for kind, size in boards:
        check_mapping(kind, size)
        r = playout_rates(kind, size, args.rate_seconds)
        m = None if args.skip_match else match(kind, size, args.games, args.seconds, args.seed)
        rows.append((kind, size, r, m))
    print(f"{'board':<10} {'ours fill/s':>11} {'bridge/s':>9} {'play()/s':>9} {'OpenSpiel/s':>11}   "
          f"match vs MCTSBot ({args.seconds:g} s/move)")
    for kind, size, r, m in rows:
        name = f"{kind} {size}"
        line = (f"{name:<10} {r['fill']:>11.0f} {r['bridge fill']:>9.0f} {r['play()']:>9.0f} "
                f"{r['openspiel']:>11.0f}   ")
        if m:
            line += (f"{m['wins']}/{m['games']} = {100 * m['rate']:.1f} % (95 % CI {100 * m['ci'][0]:.1f}-"
                     f"{100 * m['ci'][1]:.1f} %); s/move ours {m['ours_s']:.2f} "
                     f"({m['iterations']:.0f} iterations), MCTSBot {m['theirs_s']:.2f}")
        print(line)


if __name__ == "__main__":
    main()
