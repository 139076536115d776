"""Our Hex search against MoHex 2.0 (benzene) on Hex 11x11 over GTP, with CPU-time accounting on
both sides: a benchmark only (MoHex is never a requirement of the tests or of the wheel, and none
of its code, binaries or data files belong in this repository).

Build MoHex 2.0 outside the repository from benzene-vanilla-cmake at commit f888938 (the master
branch answers random or illegal moves in won positions); its path comes from ``--mohex``, else
the environment variable ``MOHEX``, else the build recipe's folder
``~/.cache/boardwright-mohex/benzene-f888938/build/src/mohex/mohex``.

    python benchmarks/mohex.py --check                 # the cell mapping, before trusting a match
    nice python benchmarks/mohex.py --ladder 100 --seconds 1 --games 10 --log mohex.jsonl
    nice python benchmarks/mohex.py --equal --seconds 1 --games 6 --log mohex.jsonl
    python benchmarks/mohex.py --summary --log mohex.jsonl   # the table of every match in the log

* Our side: ``MCTSAgent`` (the registered ``mcts``) with ``--seconds`` CPU s a move
  (``time.process_time``), its tree kept between its moves as in play; or ``--our-iterations N``.
* MoHex: one process a game (``--quiet --use-logfile=0 --seed K``), one thread, swap off
  (``param_game allow_swap 0``), ``max_time`` high so that ``max_games`` is its budget:
  ``--ladder N`` gives it N playouts a move; ``--equal`` steers ``max_games`` before each of its
  moves from its playouts per CPU second on its last searched move, so that its running mean CPU
  time a move comes back to ours (our running mean in the game; ``--seconds`` before our first
  move), within 0.5-``--steer`` (3) times that a move.  MoHex also ends a search early once its
  best move cannot change, so it may use less than it is offered.  Its CPU time is utime + stime of its process from
  ``/proc/<pid>/stat`` (clock ticks), the change over each ``genmove``.  After each of its moves
  ``mohex-search-statistics`` tells whether it searched (a new statistics text) and how many
  playouts it ran; moves its connection analysis, solver or pre-search decided show no search.
  ``--mohex-param [GROUP.]NAME=VALUE`` (repeatable) sets one of MoHex's settings for the match
  (``param_GROUP NAME VALUE``; GROUP ``mohex``, the default, ``player_board``, ``player_ice``,
  ``player_vc`` or ``dfpn``), e.g. ``perform_pre_search=0`` or ``player_vc.use_patterns=0``:
  ablations of its knowledge.
* Games: colours alternate (even games we are Blue = MoHex's black, the first player); game pair
  ``k // 2`` opens with the same seeded random first move (any cell) for both colour assignments;
  no swap.  ``--seat first`` or ``second`` plays only the games of ``--games`` where ours is that
  player (the same games, openings and MoHex seeds as in the whole match, so a log holds both
  halves; for a change that acts in one seat only, such as Red's book moves).  Our cells are MoHex's (``a1`` = column a, row 1; Blue/black joins rows 1 and 11):
  ``--check`` (also run before every match unless ``--skip-check``) asks MoHex for the winning
  move in two positions that one cell wins at once, for each colour, and compares the winner of
  random games in both engines (``final_score``).
* ``--log FILE``: one JSON line a game; a rerun with the same settings plays only the games the
  log lacks.  The table: wins, games, win %, 95 % Wilson interval, per seat, mean CPU s a move of
  each side (our iterations, MoHex's playouts and searched moves), moves a game, wall time a game.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import (GtpEngine, bounded, equal_budget, grouped, match_table, need_binary, our_move, read_log,  # noqa: E402
                    run_match, total_line, winning_moves)

import pygame_core  # noqa: E402
from pygame_core.agents.mcts import MCTSAgent  # noqa: E402
from selfplay import setting, settings_of  # noqa: E402

SIZE = 11
COLOUR = ("black", "white")  # MoHex's colour of our player 0 (Blue: moves first, rows 1 and N) and 1 (Red)
SETTINGS = ("mode", "playouts", "seconds", "our_iterations", "seed", "steer", "set", "mohex_set")  # what a log line must match to be resumed
MIN_GAMES, MAX_GAMES = 50, 10_000_000  # bounds of MoHex's max_games in --equal
STEER = 3.0  # --equal: MoHex's CPU aim for one move at most STEER times ours (at least half)
START_RATE = 5000.0  # MoHex's playouts per CPU second before it has searched (about 7,300 on the empty board)


def default_mohex() -> str:
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return os.environ.get("MOHEX") or os.path.join(cache, "boardwright-mohex", "benzene-f888938", "build",
                                                   "src", "mohex", "mohex")


def need_mohex(path: str) -> str:
    return need_binary(path, f"MoHex not found at {path}: build MoHex 2.0 (benzene, commit f888938) outside the "
                             f"repository and give its path with --mohex PATH or MOHEX=PATH")


class MoHex(GtpEngine):
    """One MoHex process driven over GTP; ``cpu()`` is its CPU time so far (utime + stime)."""

    name = "MoHex"

    def __init__(self, path: str, seed: int):
        super().__init__([path, "--quiet", "--use-logfile=0", "--seed", str(seed)])
        self._stats = None  # the last search statistics text

    def new_game(self, max_games: int, params: str = "") -> None:
        """A new game; ``params``: ``--mohex-param`` as a log records it (``"name=value ..."``)."""
        extra = []
        for item in params.split():
            name, value = item.split("=")
            group, _, name = name.rpartition(".")
            extra.append(f"param_{group or 'mohex'} {name} {value}")
        for command in (f"boardsize {SIZE}", "param_game allow_swap 0", "param_mohex num_threads 1",
                        "param_mohex use_time_management 0", "param_mohex max_time 100000",
                        f"param_mohex max_games {max_games}", *extra):
            self.send(command)
        self._stats = self.send("mohex-search-statistics")

    def play(self, player: int, cell: str) -> None:
        self.send(f"play {COLOUR[player]} {cell}")

    def genmove(self, player: int, max_games: int | None = None) -> tuple[str, float, float, int | None]:
        """MoHex's move for ``player``: (cell, CPU s, wall s, playouts of its search or None when
        it did not search)."""
        if max_games is not None:
            self.send(f"param_mohex max_games {max_games}")
        cpu, wall = self.cpu(), time.perf_counter()
        move = self.send(f"genmove {COLOUR[player]}")
        cpu, wall = self.cpu() - cpu, time.perf_counter() - wall
        stats = self.send("mohex-search-statistics")
        playouts = None
        if stats != self._stats:
            m = re.search(r"^Count\s+([0-9]+)", stats, re.M) or re.search(r"Games[^0-9\n]*([0-9]+)", stats)
            playouts = int(m.group(1)) if m else -1
        self._stats = stats
        return move.strip().lower(), cpu, wall, playouts


def new_hex(seed: int = 0):
    return pygame_core.new_game("hex", size=SIZE, seed=seed)


# ------------------------------------------------------------------------------ the mapping check
def one_gap_position(transposed: bool) -> tuple[list, list, str]:
    """(Blue's cells, Red's cells, the winning cell) of a position where one cell wins at once
    for the player to move and nothing else does; Blue to move, or Red (``transposed``).

    Blue's chain runs along the anti-diagonal x + y = 10 (connected only with our skew: (x+1, y-1)
    and (x-1, y+1) are neighbours) from the top row to the bottom row with one gap, h4 = (7, 3);
    Red's stones on x + y = 9 (but a1's row end (0, 9)) and x + y = 11 seal the gap, so that it is
    the only way through for Blue, while Red has no move that wins at once.  Blue's extra stones
    lie in the bottom right corner, cut off from the top row.  ``transposed``: x and y swapped and
    the colours exchanged (a symmetry of Hex), plus one Blue stone so that Red is to move."""
    mover = [(x, 10 - x) for x in range(11) if x != 7]
    wall = [(a, 9 - a) for a in range(1, 10)] + [(a, 11 - a) for a in range(1, 11)]
    spare = [(10, 10), (9, 10), (10, 9), (8, 10), (10, 8), (9, 9), (7, 10), (10, 7), (9, 8)]
    gap = (7, 3)
    if not transposed:
        return mover + spare, wall, "h4"
    t = lambda cells: [(y, x) for x, y in cells]  # noqa: E731
    return t(wall) + [(6, 10)], t(mover + spare), f"{chr(97 + gap[1])}{gap[0] + 1}"


def check_mapping(path: str, games: int = 20) -> None:
    """Exit 1 unless MoHex and our engine agree on the cells, the colours and the winner."""
    eng = MoHex(need_mohex(path), 1)
    try:
        for transposed in (False, True):
            blue, red, cell = one_gap_position(transposed)
            game = new_hex()
            eng.new_game(100)
            order = [c for pair in zip(blue, red) for c in pair] + blue[len(red):]
            for x, y in order:
                name = f"{chr(97 + x)}{y + 1}"
                eng.play(game.current_player, name)
                game.play(name)
            mover = game.current_player
            ours = winning_moves(game)
            if game.is_over or ours != [cell]:
                sys.exit(f"mapping check: our engine's winning moves are {ours}, not [{cell}] (a bug of the check)")
            move, _, _, searched = eng.genmove(mover)
            how = "without search" if searched is None else f"after {searched} playouts"
            if move != cell:
                sys.exit(f"mapping check FAILED: MoHex as {COLOUR[mover]} ({game.player_names[mover]}) played {move}, "
                         f"the winning cell in our coordinates is {cell}")
            trial = game.clone()
            trial.play(move)
            if trial.winners != [mover]:
                sys.exit(f"mapping check FAILED: MoHex's {move} does not win in our engine")
            print(f"mapping check: {game.player_names[mover]} = MoHex {COLOUR[mover]} to move, MoHex plays {move} "
                  f"({how}), the only cell that wins at once in our engine", file=sys.stderr)
        rng = random.Random(1)
        for g in range(games):
            game = new_hex(g)
            eng.new_game(100)
            while not game.is_over:
                move = game.format_move(rng.choice(game.legal_moves()))
                eng.play(game.current_player, move)
                game.play(move)
            score = eng.send("final_score")
            if score != ("B+", "W+")[game.winners[0]]:
                sys.exit(f"mapping check FAILED: random game {g} ({len(game.history)} moves): our winner "
                         f"{game.player_names[game.winners[0]]}, MoHex's score {score}")
        print(f"mapping check: MoHex's final_score agrees with our winner in {games} random games", file=sys.stderr)
    finally:
        eng.close()


# ------------------------------------------------------------------------------ a match
def opening(seed: int, pair: int) -> str:
    """The first move of game pair ``pair``: a seeded random cell (the same for both colours)."""
    rng = random.Random(seed * 1_000_003 + pair)
    return f"{chr(97 + rng.randrange(SIZE))}{rng.randrange(SIZE) + 1}"


def play_game(cfg: dict, k: int, path: str) -> dict:
    """Game ``k`` of the match ``cfg``: one JSON-ready record."""
    seed, me = cfg["seed"] + k, k % 2  # our player: Blue (MoHex's black, first) in even games
    game = new_hex(seed)
    agent = MCTSAgent(seed=seed, iterations=cfg["our_iterations"],
                      time_limit=None if cfg["our_iterations"] else cfg["seconds"])
    agent.clock = time.process_time
    for name, value in settings_of(cfg["set"]):
        agent.configure(**{name: value})
    first = opening(cfg["seed"], k // 2)
    ours = {"moves": 0, "cpu": 0.0, "wall": 0.0, "iterations": 0, "each": []}  # each: [CPU s, iterations] a move
    theirs = {"moves": 0, "cpu": 0.0, "wall": 0.0, "searched": 0, "playouts": 0, "max_games": 0,
              "each": []}  # each: [CPU s, playouts (None: no search), max_games] a move
    rate = START_RATE
    start = time.perf_counter()
    eng = MoHex(path, seed)
    try:
        eng.new_game(cfg["playouts"] or 1000, cfg["mohex_set"])
        eng.play(0, first)
        game.play(first)
        while not game.is_over:
            if game.current_player == me:
                move = our_move(agent, game, ours)
                eng.play(me, move)
                game.play(move)
                continue
            budget = cfg["playouts"]
            if cfg["mode"] == "equal":
                budget = equal_budget(ours, theirs, cfg["seconds"], cfg["steer"], rate, MIN_GAMES, MAX_GAMES)
            move, cpu, wall, playouts = eng.genmove(1 - me, budget)
            if playouts is not None:
                theirs["searched"] += 1
                theirs["playouts"] += max(0, playouts)
                if playouts > 0 and cpu >= 0.05:
                    rate = playouts / cpu
            theirs["each"].append([round(cpu, 3), playouts, budget])
            for key, value in (("moves", 1), ("cpu", cpu), ("wall", wall), ("max_games", budget)):
                theirs[key] += value
            try:
                game.play(move)
            except Exception as e:  # noqa: BLE001 - an illegal or unreadable answer ends the match
                raise RuntimeError(f"MoHex answered {move!r} after {[str(m) for m in game.history]}: {e}")
        score = eng.send("final_score")
        if score != ("B+", "W+")[game.winners[0]]:
            raise RuntimeError(f"the engines disagree on the winner after {[str(m) for m in game.history]}: "
                               f"ours {game.winners}, MoHex {score}")
    finally:
        eng.close()
    return {**{key: cfg[key] for key in SETTINGS}, "game": k, "ours_seat": me, "opening": first,
            "won": game.winners == [me], "moves": len(game.history), "wall": time.perf_counter() - start,
            "ours": ours, "theirs": theirs, "history": [str(m) for m in game.history]}


def mohex_param(text: str) -> str:
    """``--mohex-param``: ``[group.]name=value`` (``param_<group> name value``, the group
    ``mohex`` if none), words and a plain value (nothing else reaches GTP)."""
    name, sep, value = text.partition("=")
    if not sep or not re.fullmatch(r"(?:(?:mohex|player_board|player_ice|player_vc|dfpn)\.)?[a-z_]{1,40}", name) \
            or not re.fullmatch(r"[A-Za-z0-9_.-]{1,20}", value):
        raise argparse.ArgumentTypeError(f"not a MoHex setting: {text[:40]!r} (NAME=VALUE, e.g. perform_pre_search=0)")
    return f"{name}={value}"


def fix_old(rec: dict) -> None:
    rec.setdefault("steer", 1.5 if rec["mode"] == "equal" else None)  # the first runs: 1.5
    rec.setdefault("set", "")  # (runs before --set: the defaults)
    rec.setdefault("mohex_set", "")  # (and before --mohex-param)


def describe(rec: dict, games: int) -> str:
    o, t = rec["ours"], rec["theirs"]
    return (f"game {rec['game'] + 1}/{games}: ours {'Blue (first)' if rec['ours_seat'] == 0 else 'Red (second)'} "
            f"{'won' if rec['won'] else 'lost'} in {rec['moves']} moves (opening {rec['opening']}), "
            f"{rec['wall']:.0f} s; CPU s/move ours {o['cpu'] / max(1, o['moves']):.3f}, "
            f"MoHex {t['cpu'] / max(1, t['moves']):.3f} (searched {t['searched']}/{t['moves']})")


def label(cfg: dict) -> str:
    mohex = f"{cfg['playouts']:,} playouts" if cfg["mode"] == "ladder" else f"equal CPU (<= {cfg['steer']:g}x)"
    ours = f"{cfg['our_iterations']:,} it." if cfg["our_iterations"] else f"{cfg['seconds']:g} CPU s"
    mohex += f" {cfg['mohex_set']}" if cfg.get("mohex_set") else ""
    return f"{ours}{' ' + cfg['set'] if cfg['set'] else ''} vs MoHex {mohex}, seed {cfg['seed']}"


def table(groups: dict[tuple, list[dict]]) -> list[str]:
    def theirs(recs, tm):
        searched = sum(r["theirs"]["searched"] for r in recs)
        tcpu = sum(r["theirs"]["cpu"] for r in recs) / max(1, tm)
        tpl = sum(r["theirs"]["playouts"] for r in recs) / max(1, searched)
        return f"{tcpu:.3f} ({tpl:,.0f}, {searched}/{tm})"
    return match_table(groups, "match (ours vs MoHex)", 47, label, ("MoHex CPU/move (playouts, searched)", 37), theirs,
                       "CPU/move: mean CPU s per own move (the seeded opening move not counted); MoHex's playouts: "
                       "mean over its searched moves; searched: its moves that ran a search / its moves")

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.split("\n")[1:]))
    ap.add_argument("--mohex", default=default_mohex(), help="MoHex's binary (default: $MOHEX or build.sh's folder)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--ladder", type=bounded(int, 1, MAX_GAMES), metavar="N",
                      help="MoHex at a fixed max_games N a move")
    mode.add_argument("--equal", action="store_true", help="MoHex's max_games steered to our CPU time a move")
    ap.add_argument("--steer", type=bounded(float, 1, 100), default=STEER,
                    help=f"--equal: MoHex's CPU aim for one move at most this times ours (default {STEER:g})")
    ap.add_argument("--seconds", type=bounded(float, 0.01, 600), default=1.0, help="our CPU s a move (default 1)")
    ap.add_argument("--our-iterations", type=bounded(int, 1, 10**8), metavar="N",
                    help="our agent at N iterations a move instead of a time budget")
    ap.add_argument("--set", type=setting, action="append", default=[], metavar="NAME=VALUE",
                    help="a search setting of our side (as benchmarks/selfplay.py's --a)")
    ap.add_argument("--mohex-param", type=mohex_param, action="append", default=[], metavar="[GROUP.]NAME=VALUE",
                    help="a MoHex setting (param_GROUP NAME VALUE; GROUP mohex unless given), "
                         "e.g. perform_pre_search=0, player_vc.use_patterns=0")
    ap.add_argument("--games", type=bounded(int, 1, 100000), default=10, help="games (colours alternate)")
    ap.add_argument("--seat", choices=("both", "first", "second"), default="both",
                    help="play only the games (of --games) where ours is the first player (Blue) or the second")
    ap.add_argument("--seed", type=bounded(int, 0, 2**20), default=1)
    ap.add_argument("--log", type=Path, help="one JSON line a game; a rerun with the same settings resumes")
    ap.add_argument("--summary", action="store_true", help="only print the table of the games in --log")
    ap.add_argument("--check", action="store_true", help="only check the cell mapping against MoHex")
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
        print(total_line(recs, "MoHex"))
        return 0
    path = need_mohex(args.mohex)
    if args.check:
        check_mapping(path)
        return 0
    if args.ladder is None and not args.equal:
        ap.error("give --ladder N, --equal, --check or --summary")
    cfg = {"mode": "ladder" if args.ladder else "equal", "playouts": args.ladder, "seconds": args.seconds,
           "our_iterations": args.our_iterations, "seed": args.seed,
           "steer": args.steer if args.equal else None,
           "set": " ".join(f"{name}={value}" for name, value in args.set),
           "mohex_set": " ".join(args.mohex_param)}
    if not args.skip_check:
        check_mapping(path)
    keep = None if args.seat == "both" else (lambda k: k % 2 == (args.seat == "second"))
    try:
        recs = run_match(cfg, args.games, args.log, SETTINGS, lambda k: play_game(cfg, k, path), describe, fix_old,
                         keep)
    except RuntimeError as e:  # (MoHex refused a command or stopped: the games logged so far stay)
        hint = f" (with --mohex-param {cfg['mohex_set']})" if cfg["mohex_set"] else ""
        print(f"mohex.py: match stopped: {str(e)[:160]}{hint}", file=sys.stderr)
        return 1
    print("\n".join(table(grouped(recs, SETTINGS))))
    print(total_line(recs, "MoHex"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
