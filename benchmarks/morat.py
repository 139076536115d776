"""Our Y search against morat-y (MIT, tewalds/morat, by Timo Ewalds) on the regular Y board over
GTP, with CPU-time accounting on both sides: a benchmark only (morat is never a requirement of the
tests or of the wheel, and none of its code, binaries or data files belong in this repository).

Build morat-y outside the repository (``../shared/tools/morat/README.md``: ``make morat-y``, g++
only, commit cbfb58c); its path comes from ``--morat``, else the environment variable ``MORAT``,
else ``~/.cache/boardwright-morat/morat/morat-y``.

    python benchmarks/morat.py --check                 # the cell mapping, before trusting a match
    nice python benchmarks/morat.py --ladder 1000 --seconds 1 --games 6 --log morat.jsonl
    nice python benchmarks/morat.py --equal --seconds 1 --games 6 --log morat.jsonl
    python benchmarks/morat.py --summary --log morat.jsonl   # the table of every match in the log

* Our side: ``MCTSAgent`` (the registered ``mcts``) with ``--seconds`` CPU s a move
  (``time.process_time``), its tree kept between its moves as in play; or ``--our-iterations N``.
* morat-y: one process a game, one thread and no pondering (``params -t 1 -o 0``; its other
  settings its defaults: RAVE, five rollouts a simulation, bridge patterns, the tree kept between
  its moves, the solver backed up in the tree), a wall-clock limit of 10^5 s a move so that its
  simulation budget ``time -i N`` is what stops it: ``--ladder N`` gives it N simulations a move;
  ``--equal`` steers N before each of its moves from its simulations per CPU second on its last
  move of at least 0.05 CPU s, so that its running mean CPU time a move comes back to ours (our
  running mean in the game; ``--seconds`` before our first move), within 0.5-``--steer`` (3)
  times that a move.  It stops early once its root is solved.  Its CPU time is utime + stime of
  its process from ``/proc/<pid>/stat`` (clock ticks), the change over each ``genmove``; its
  simulations a move are read from its log on stderr ("Finished: N runs").  morat seeds its
  random numbers from the clock: its games cannot be replayed.
* Games: board side ``--size`` (13), colours alternate (even games we are X = morat's ``w``, the
  first player); game pair ``k // 2`` opens with the same seeded random first move (any cell)
  for both colour assignments.  Our cells are morat's (``c2`` = x 2, y 1; cells x + y < N):
  ``--check`` (also run before every match unless ``--skip-check``) compares the cells of the
  empty board (``all_legal``), asks morat for the winning move in a position that one cell wins
  at once, for each colour (a side of the triangle one cell short, on two different sides), and
  compares the winner of random games in both engines (``winner``).
* ``--log FILE``: one JSON line a game; a rerun with the same settings plays only the games the
  log lacks.  The table: wins, games, win %, 95 % Wilson interval, per seat, mean CPU s a move of
  each side (our iterations, morat's simulations), moves a game, wall time a game.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import (GtpEngine, bounded, equal_budget, grouped, match_table, need_binary, our_move, read_log,  # noqa: E402
                    run_match, total_line, winning_moves)

import pygame_core  # noqa: E402
from pygame_core.agents.mcts import MCTSAgent  # noqa: E402
from selfplay import setting, settings_of  # noqa: E402

COLOUR = ("w", "b")  # morat's colour of our player 0 (X: moves first) and 1 (O)
WINNER = ("white", "black")  # morat's ``winner`` answer when our player 0 or 1 has won
SETTINGS = ("size", "mode", "sims", "seconds", "our_iterations", "seed", "steer", "set")  # what a resumed log line matches
MIN_SIMS, MAX_SIMS = 50, 100_000_000  # bounds of morat's simulations a move in --equal
STEER = 3.0  # --equal: morat's CPU aim for one move at most STEER times ours (at least half)
START_RATE = 30000.0  # morat's simulations per CPU second before its first move (about 39,000 on empty Y 13)
MOVE_SECONDS = 100000  # morat's wall-clock limit a move: high, so that its simulation budget stops it


def default_morat() -> str:
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return os.environ.get("MORAT") or os.path.join(cache, "boardwright-morat", "morat", "morat-y")


def need_morat(path: str) -> str:
    return need_binary(path, f"morat-y not found at {path}: build it (tewalds/morat, commit cbfb58c, `make morat-y`) "
                             f"outside the repository and give its path with --morat PATH or MORAT=PATH")


class Morat(GtpEngine):
    """One morat-y process driven over GTP; its log on stderr goes to a temporary file, read after
    each ``genmove`` for the simulations it ran."""

    name = "morat-y"

    def __init__(self, path: str):
        self._log = tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace")
        super().__init__([path], stderr=self._log)
        self._seen = 0

    def new_game(self, size: int, sims: int) -> None:
        for command in (f"boardsize {size}", "params -t 1 -o 0", f"time -m {MOVE_SECONDS} -g 0 -f 0 -i {sims}"):
            self.send(command)

    def play(self, player: int, cell: str) -> None:
        self.send(f"play {COLOUR[player]} {cell}")

    def genmove(self, player: int, sims: int | None = None) -> tuple[str, float, float, int | None]:
        """morat's move for ``player``: (cell, CPU s, wall s, simulations it ran or None when its
        log does not say)."""
        if sims is not None:
            self.send(f"time -i {sims}")
        cpu, wall = self.cpu(), time.perf_counter()
        move = self.send(f"genmove {COLOUR[player]}")
        cpu, wall = self.cpu() - cpu, time.perf_counter() - wall
        self._log.seek(self._seen)
        text = self._log.read()
        self._seen = self._log.tell()
        m = re.findall(r"Finished:\s+([0-9]+) runs", text)
        return move.strip().lower(), cpu, wall, int(m[-1]) if m else None

    def close(self) -> None:
        super().close()
        self._log.close()


def new_y(size: int, seed: int = 0):
    return pygame_core.new_game("y", family="regular", size=size, seed=seed)


def cell(x: int, y: int) -> str:
    return f"{chr(97 + x)}{y + 1}"


# ------------------------------------------------------------------------------ the mapping check
def one_gap_position(size: int, o_to_move: bool) -> tuple[list, list, str]:
    """(X's cells, O's cells, the winning cell) of a position where one cell wins at once for the
    player to move (X, or O with ``o_to_move``) and nothing else does.

    The mover holds side C (x + y = size - 1, corners included: a Y by itself) but for one gap;
    the other player holds the whole line next to it (x + y = size - 2), so that the gap is the
    only way through.  For O the position is turned a third of the way round the triangle
    ((x, y) -> (y, size - 1 - x - y): the mover's side is B) and X has one more stone, in the
    corner (0, size - 1), away from everything."""
    n = size
    gap = (n // 2 + 1, n - 2 - n // 2)
    mover = [(x, n - 1 - x) for x in range(n) if (x, n - 1 - x) != gap]
    wall = [(x, n - 2 - x) for x in range(n - 1)]
    if not o_to_move:
        return mover, wall, cell(*gap)
    turn = lambda c: (c[1], n - 1 - c[0] - c[1])  # noqa: E731
    return [turn(c) for c in wall] + [(0, n - 1)], [turn(c) for c in mover], cell(*turn(gap))


def check_mapping(path: str, size: int, games: int = 20) -> None:
    """Exit 1 unless morat and our engine agree on the cells, the colours and the winner."""
    eng = Morat(need_morat(path))
    try:
        eng.new_game(size, 1000)
        theirs, ours = set(eng.send("all_legal").lower().split()), {str(m) for m in new_y(size).legal_moves()}
        if theirs != ours:
            sys.exit(f"mapping check FAILED: morat's empty board has {len(theirs)} cells, ours {len(ours)}; "
                     f"only morat's: {sorted(theirs - ours)[:8]}, only ours: {sorted(ours - theirs)[:8]}")
        print(f"mapping check: morat's empty board of side {size} has our {len(ours)} cells", file=sys.stderr)
        for o_to_move in (False, True):
            xs, os_, winning = one_gap_position(size, o_to_move)
            game = new_y(size)
            eng.new_game(size, 1000)
            for x, y in [c for pair in zip(xs, os_) for c in pair] + xs[len(os_):]:
                eng.play(game.current_player, cell(x, y))
                game.play(cell(x, y))
            mover = game.current_player
            found = winning_moves(game)
            if game.is_over or mover != int(o_to_move) or found != [winning]:
                sys.exit(f"mapping check: our engine's winning moves are {found}, not [{winning}] (a bug of the check)")
            move, _, _, sims = eng.genmove(mover)
            if move != winning:
                sys.exit(f"mapping check FAILED: morat as {COLOUR[mover]} ({game.player_names[mover]}) played {move}, "
                         f"the winning cell in our coordinates is {winning}")
            game.play(move)
            said = eng.send("winner")
            if game.winners != [mover] or said != WINNER[mover]:
                sys.exit(f"mapping check FAILED: after morat's {move}, our winners {game.winners}, morat's {said}")
            print(f"mapping check: {game.player_names[mover]} = morat {COLOUR[mover]} to move, morat plays {move} "
                  f"(simulations: {sims}), the only cell that wins at once in our engine; both see "
                  f"{game.player_names[mover]} win", file=sys.stderr)
        rng = random.Random(1)
        for g in range(games):
            game = new_y(size, g)
            eng.new_game(size, 1000)
            while not game.is_over:
                move = game.format_move(rng.choice(game.legal_moves()))
                eng.play(game.current_player, move)
                game.play(move)
            said = eng.send("winner")
            if said != WINNER[game.winners[0]]:
                sys.exit(f"mapping check FAILED: random game {g} ({len(game.history)} moves): our winner "
                         f"{game.player_names[game.winners[0]]}, morat's {said}")
        print(f"mapping check: morat's winner agrees with ours in {games} random games", file=sys.stderr)
    finally:
        eng.close()


# ------------------------------------------------------------------------------ a match
def opening(size: int, seed: int, pair: int) -> str:
    """The first move of game pair ``pair``: a seeded random cell (the same for both colours)."""
    rng = random.Random(seed * 1_000_003 + pair)
    return str(rng.choice(new_y(size).legal_moves()))


def play_game(cfg: dict, k: int, path: str) -> dict:
    """Game ``k`` of the match ``cfg``: one JSON-ready record."""
    seed, me, size = cfg["seed"] + k, k % 2, cfg["size"]  # our player: X (morat's w, first) in even games
    game = new_y(size, seed)
    agent = MCTSAgent(seed=seed, iterations=cfg["our_iterations"],
                      time_limit=None if cfg["our_iterations"] else cfg["seconds"])
    agent.clock = time.process_time
    for name, value in settings_of(cfg["set"]):
        agent.configure(**{name: value})
    first = opening(size, cfg["seed"], k // 2)
    ours = {"moves": 0, "cpu": 0.0, "wall": 0.0, "iterations": 0, "each": []}  # each: [CPU s, iterations] a move
    theirs = {"moves": 0, "cpu": 0.0, "wall": 0.0, "sims": 0, "budget": 0, "short": 0,
              "each": []}  # each: [CPU s, simulations run (None: not logged), budget] a move
    rate = START_RATE
    start = time.perf_counter()
    eng = Morat(path)
    try:
        eng.new_game(size, cfg["sims"] or 1000)
        eng.play(0, first)
        game.play(first)
        while not game.is_over:
            if game.current_player == me:
                move = our_move(agent, game, ours)
                eng.play(me, move)
                game.play(move)
                continue
            budget = cfg["sims"]
            if cfg["mode"] == "equal":
                budget = equal_budget(ours, theirs, cfg["seconds"], cfg["steer"], rate, MIN_SIMS, MAX_SIMS)
            move, cpu, wall, sims = eng.genmove(1 - me, budget)
            if sims is not None:
                theirs["sims"] += sims
                theirs["short"] += sims < budget  # stopped early: its root solved
                if sims > 0 and cpu >= 0.05:
                    rate = sims / cpu
            theirs["each"].append([round(cpu, 3), sims, budget])
            for key, value in (("moves", 1), ("cpu", cpu), ("wall", wall), ("budget", budget)):
                theirs[key] += value
            try:
                game.play(move)
            except Exception as e:  # noqa: BLE001 - an illegal or unreadable answer ends the match
                raise RuntimeError(f"morat answered {move!r} after {[str(m) for m in game.history]}: {e}")
        said = eng.send("winner")
        if said != WINNER[game.winners[0]]:
            raise RuntimeError(f"the engines disagree on the winner after {[str(m) for m in game.history]}: "
                               f"ours {game.winners}, morat {said}")
    finally:
        eng.close()
    return {**{key: cfg[key] for key in SETTINGS}, "game": k, "ours_seat": me, "opening": first,
            "won": game.winners == [me], "moves": len(game.history), "wall": time.perf_counter() - start,
            "ours": ours, "theirs": theirs, "history": [str(m) for m in game.history]}


def describe(rec: dict, games: int) -> str:
    o, t = rec["ours"], rec["theirs"]
    return (f"game {rec['game'] + 1}/{games}: ours {'X (first)' if rec['ours_seat'] == 0 else 'O (second)'} "
            f"{'won' if rec['won'] else 'lost'} in {rec['moves']} moves (opening {rec['opening']}), "
            f"{rec['wall']:.0f} s; CPU s/move ours {o['cpu'] / max(1, o['moves']):.3f}, "
            f"morat {t['cpu'] / max(1, t['moves']):.3f} ({t['sims'] / max(1, t['moves']):,.0f} simulations)")


def label(cfg: dict) -> str:
    morat = f"{cfg['sims']:,} sims" if cfg["mode"] == "ladder" else f"equal CPU (<= {cfg['steer']:g}x)"
    ours = f"{cfg['our_iterations']:,} it." if cfg["our_iterations"] else f"{cfg['seconds']:g} CPU s"
    return f"Y {cfg['size']}: {ours}{' ' + cfg['set'] if cfg['set'] else ''} vs morat {morat}, seed {cfg['seed']}"


def fix_old(rec: dict) -> None:
    rec.setdefault("set", "")  # (runs before --set: the defaults)


def table(groups: dict[tuple, list[dict]]) -> list[str]:
    def theirs(recs, tm):
        short = sum(r["theirs"]["short"] for r in recs)
        tcpu = sum(r["theirs"]["cpu"] for r in recs) / max(1, tm)
        tsims = sum(r["theirs"]["sims"] for r in recs) / max(1, tm)
        return f"{tcpu:.3f} ({tsims:,.0f}, {short}/{tm})"
    return match_table(groups, "match (ours vs morat-y)", 50, label, ("morat CPU/move (sims, solved)", 31), theirs,
                       "CPU/move: mean CPU s per own move (the seeded opening move not counted); morat's sims: mean "
                       "simulations a move; solved: its moves that stopped short of their budget (root solved) / its moves")

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.split("\n")[1:]))
    ap.add_argument("--morat", default=default_morat(),
                    help="morat-y's binary (default: $MORAT or ~/.cache/boardwright-morat/morat/morat-y)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--ladder", type=bounded(int, 1, MAX_SIMS), metavar="N",
                      help="morat at N simulations a move (time -i N)")
    mode.add_argument("--equal", action="store_true", help="morat's simulations steered to our CPU time a move")
    ap.add_argument("--steer", type=bounded(float, 1, 100), default=STEER,
                    help=f"--equal: morat's CPU aim for one move at most this times ours (default {STEER:g})")
    ap.add_argument("--size", type=bounded(int, 5, 25), default=13, help="the side of the regular Y board (default 13)")
    ap.add_argument("--seconds", type=bounded(float, 0.01, 600), default=1.0, help="our CPU s a move (default 1)")
    ap.add_argument("--our-iterations", type=bounded(int, 1, 10**8), metavar="N",
                    help="our agent at N iterations a move instead of a time budget")
    ap.add_argument("--games", type=bounded(int, 1, 100000), default=10, help="games (colours alternate)")
    ap.add_argument("--set", type=setting, action="append", default=[], metavar="NAME=VALUE",
                    help="a search setting of our side (as benchmarks/selfplay.py's --a)")
    ap.add_argument("--seed", type=bounded(int, 0, 2**20), default=1)
    ap.add_argument("--log", type=Path, help="one JSON line a game; a rerun with the same settings resumes")
    ap.add_argument("--summary", action="store_true", help="only print the table of the games in --log")
    ap.add_argument("--check", action="store_true", help="only check the cell mapping against morat")
    ap.add_argument("--skip-check", action="store_true", help="play without checking the mapping first")
    args = ap.parse_args(argv)

    if args.summary:
        if not args.log:
            ap.error("--summary needs --log")
        recs = read_log(args.log, SETTINGS, fix_old)
        if not recs:
            print(f"no games in {args.log}")
            return 0
        print("\n".join(table(grouped(recs, SETTINGS))))
        print(total_line(recs, "morat"))
        return 0
    path = need_morat(args.morat)
    if args.check:
        check_mapping(path, args.size)
        return 0
    if args.ladder is None and not args.equal:
        ap.error("give --ladder N, --equal, --check or --summary")
    cfg = {"size": args.size, "mode": "ladder" if args.ladder else "equal", "sims": args.ladder,
           "seconds": args.seconds, "our_iterations": args.our_iterations, "seed": args.seed,
           "steer": args.steer if args.equal else None,
           "set": " ".join(f"{name}={value}" for name, value in args.set)}
    if not args.skip_check:
        check_mapping(path, args.size)
    recs = run_match(cfg, args.games, args.log, SETTINGS, lambda k: play_game(cfg, k, path), describe, fix_old)
    print("\n".join(table(grouped(recs, SETTINGS))))
    print(total_line(recs, "morat"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
