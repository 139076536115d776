"""The move that loses: in our games against MoHex 2.0, the position before the move after which
MoHex's connection analysis had the game won. Does our search still play a losing move there?

Against MoHex at 100 playouts our games are lost in one move, not slowly (docs/benchmarks.md):
one of our moves lets MoHex's virtual connections decide the game. This benchmark takes, for each
such game, the position just before that move, and asks our search again (fresh, ``--seconds``
CPU s); MoHex's df-pn solver then judges the move it chose. It measures the failure that loses
games, in a few minutes a setting, without playing whole games.

    nice python benchmarks/mohex_blunders.py --make vc-decided.jsonl --out blunders.jsonl
    nice python benchmarks/mohex_blunders.py --score blunders.jsonl [--seconds 1] [--set NAME=VALUE] [--log F]
    nice python benchmarks/mohex_blunders.py --vc blunders.jsonl [--pairs 12000] [--param 'param_player_vc use_patterns 0']
        [--vc-patterns REGEX] [--decompose 4 [--no-near-filter]] [--ladder-starts] [--mohex-fillin] [--fill-gap]
        [--sets 4]

* ``--make`` (needs MoHex, path as in ``benchmarks/mohex.py``): from ``benchmarks/vc_decided.py``'s
  positions (MoHex to move, decided by its analysis), each game's first one MoHex wins; the
  position before our last move, our move there, and MoHex's df-pn verdict on it for us
  (``dfpn-solve-state`` within ``--timelimit`` s): ``"win"`` (we had a winning move), ``"loss"``
  (lost already: no setting can help; left out of the score) or ``null`` (not solved).
* ``--score`` (needs MoHex): our move in each position not already lost; the same move as in the
  game is a blunder again, any other is solved by MoHex's df-pn with MoHex to move (within
  ``--judge`` s): a blunder when MoHex wins. Prints the blunders avoided with a 95 % Wilson
  interval and our CPU s a move. ``--log`` keeps one line a position (a rerun with the same
  settings resumes).
* ``--vc`` (needs MoHex): in each position right after the losing move (MoHex to move), whether
  MoHex's VC builder (``vc-build``, then a full or semi-connection between its sides) sees its
  win, and whether our H-search over every pair (``--pairs`` connections, on our fill-in) does;
  ``--param`` sends MoHex a setting first (e.g. ``param_player_vc use_patterns 0``: without its
  ladder and template patterns).  What our connection engine misses that MoHex's sees.
  ``--vc-patterns REGEX`` keeps only the VC patterns whose names match (MoHex's own
  ``vc-patterns.txt``, filtered at run time into a temporary copy of MoHex: which of them
  decide), e.g. ``'^row2'`` (the second-row ladders), ``'^row2(start[12]|end2b)$'``, ``'^$'`` (none).
  ``--decompose R``: ``bitboard_decompose.decompose``'s fills (up to ``R``, the fill-in again
  after each) before our search; ``--no-near-filter`` looks at every pair of groups.
  ``--fill-gap``: MoHex's filled cells by kind (captured, dead, permanently inferior; for whom)
  and how many of them our fill-in (with ``--decompose``, its fills too) leaves out.
  ``--sets K``: our fill-in with ``bitboard_captured.fill_in_sets``'s captured sets of up to
  ``K`` cells (as the search's root does, ``ica_sets``).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import bounded, make_or_score  # noqa: E402
from mohex import COLOUR, MoHex, default_mohex, need_mohex, new_hex  # noqa: E402
from selfplay import setting  # noqa: E402
from vc_decided import read_lines  # noqa: E402

from pygame_core.agents.mcts import MCTSAgent  # noqa: E402
import pygame_core.games.connection.bitboard_hsearch_pairs as hsearch_pairs_module  # noqa: E402
from pygame_core.games.connection.bitboard_hsearch_pairs import hsearch_pairs  # noqa: E402
from pygame_core.games.connection.bitboard_captured import fill_in_sets  # noqa: E402
from pygame_core.games.connection.bitboard_ica import fill_in  # noqa: E402
import pygame_core.games.connection.bitboard_decompose as decompose_module  # noqa: E402
from pygame_core.games.connection.bitboard_decompose import decompose  # noqa: E402
from pygame_core.tournament import wilson  # noqa: E402


def first_decided(recs: list[dict]) -> list[dict]:
    """Each game's first position MoHex wins (``vc_decided.py`` writes a game's positions in
    order, each one's moves extending the one before)."""
    out, prev, done = [], None, False
    for rec in recs:
        moves = rec.get("moves")
        if not (isinstance(moves, list) and rec.get("to_move") in (0, 1) and rec.get("winner") in (0, 1)):
            sys.exit("a position needs 'moves', 'to_move' and 'winner', as vc_decided.py --make writes")
        if prev is None or moves[:len(prev)] != prev:
            done = False
        prev = moves
        if not done and rec["winner"] == rec["to_move"] and len(moves) >= 2:
            out.append(rec)
            done = True
    return out


def solve(eng: MoHex, moves: list[str], limit: float) -> int | None:
    """MoHex's df-pn winner (0 or 1) of the position after ``moves``, or None if not solved."""
    eng.send(f"param_dfpn timelimit {limit}")
    eng.send("clear_board")
    for j, mv in enumerate(moves):
        eng.play(j % 2, mv)
    answer = eng.send(f"dfpn-solve-state {COLOUR[len(moves) % 2]}").strip()
    return COLOUR.index(answer) if answer in COLOUR else None


def our_move(moves: list, seconds: float, seed: int, settings) -> tuple[str, float, int]:
    """Our search's move after ``moves`` (a fresh tree, ``seconds`` CPU s, ``settings`` as
    ``--set`` gives them): (move, CPU s, iterations)."""
    game = new_hex()
    for mv in moves:
        game.play(mv)
    agent = MCTSAgent(seed=seed, time_limit=seconds)
    agent.clock = time.process_time
    for name, value in settings:
        agent.configure(**{name: value})
    cpu = time.process_time()
    move = game.format_move(agent.choose(game))
    return move, time.process_time() - cpu, agent.last_iterations


def logged(log, label: str, seconds: float) -> dict:
    """The lines of a ``--log`` written with the same settings and budget, by their position's
    moves (what a rerun resumes from)."""
    done = {}
    if log and log.exists():
        for r in read_lines(log):
            if r.get("set") == label and r.get("seconds") == seconds and isinstance(r.get("moves"), list):
                done[" ".join(map(str, r["moves"]))] = r
    return done


def judged_options(ap, timelimit: float) -> None:
    """The options of a benchmark whose moves MoHex's df-pn judges (this one's and
    ``mohex_won.py``'s): MoHex's path, its time limits, our search's budget, seed and settings, a log."""
    ap.add_argument("--mohex", default=default_mohex())
    ap.add_argument("--timelimit", type=bounded(float, 0.1, 600), default=timelimit)
    ap.add_argument("--judge", type=bounded(float, 0.1, 600), default=2.0)
    ap.add_argument("--seconds", type=bounded(float, 0.01, 600), default=1.0)
    ap.add_argument("--seed", type=bounded(int, 0, 10**9), default=1)
    ap.add_argument("--set", action="append", default=[], type=setting, metavar="NAME=VALUE",
                    help="a search setting of our side (as benchmarks/selfplay.py's --a)")
    ap.add_argument("--log", type=Path)


def make(args) -> int:
    eng = MoHex(need_mohex(args.mohex), 1)
    firsts = first_decided(read_lines(args.make))
    counts = {"win": 0, "loss": 0, None: 0}
    try:
        eng.new_game(100)
        with args.out.open("w", encoding="utf-8") as out:
            for rec in firsts:
                before, ours = rec["moves"][:-1], 1 - rec["to_move"]
                winner = solve(eng, before, args.timelimit)
                verdict = None if winner is None else ("win" if winner == ours else "loss")
                counts[verdict] += 1
                out.write(json.dumps({"moves": before, "to_move": ours, "played": rec["moves"][-1],
                                      "verdict": verdict}) + "\n")
    finally:
        eng.close()
    print(f"{len(firsts)} positions before the losing move: {counts['win']} won for us, "
          f"{counts['loss']} already lost, {counts[None]} not solved in {args.timelimit} s -> {args.out}")
    return 0


def score(args) -> int:
    recs = [r for r in read_lines(args.score) if r.get("verdict") != "loss"]
    settings = args.set
    label = " ".join(f"{name}={value}" for name, value in settings)
    done = logged(args.log, label, args.seconds)
    eng = MoHex(need_mohex(args.mohex), 1)
    try:
        eng.new_game(100)
        for n, rec in enumerate(recs):
            key = " ".join(rec["moves"])
            if key in done:
                continue
            move, cpu, iterations = our_move(rec["moves"], args.seconds, args.seed + n, settings)
            if move == rec["played"]:
                blunder = True
            else:
                blunder = solve(eng, rec["moves"] + [move], args.judge) == 1 - rec["to_move"]
            line = {"set": label, "seconds": args.seconds, "moves": rec["moves"], "move": move,
                    "played": rec["played"], "verdict": rec["verdict"], "blunder": blunder,
                    "cpu": round(cpu, 3), "iterations": iterations}
            done[key] = line
            if args.log:
                with args.log.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(line) + "\n")
    finally:
        eng.close()
    lines = [done[" ".join(r["moves"])] for r in recs]
    for name, chosen in (("all", lines), ("won for us", [x for x in lines if x["verdict"] == "win"]),
                         ("not solved", [x for x in lines if x["verdict"] is None])):
        avoided = sum(not x["blunder"] for x in chosen)
        lo, hi = wilson(avoided, len(chosen)) if chosen else (0.0, 0.0)
        print(f"  {name:11} {avoided:3d}/{len(chosen)} losing moves avoided "
              f"(95 % Wilson {100 * lo:.1f}-{100 * hi:.1f} %)")
    cpu = sum(x["cpu"] for x in lines) / max(1, len(lines))
    its = sum(x["iterations"] for x in lines) / max(1, len(lines))
    print(f"  [{label or 'defaults'}] {cpu:.2f} CPU s and {its:.0f} iterations a move")
    return 0


SIDES = ("north south", "east west")  # MoHex's sides of black and white


def patterns_only(mohex: str, regex: str, tmp: str) -> str:
    """A copy of the MoHex binary in ``tmp`` beside its ``vc-patterns.txt`` cut down to the
    patterns whose names match ``regex`` (MoHex reads the file from its own directory first);
    returns the copy's path."""
    try:
        keep = re.compile(regex)
    except re.error as exc:
        sys.exit(f"--vc-patterns: not a regular expression ({str(exc)[:60]})")
    binary = Path(mohex).resolve()
    found = [d / "vc-patterns.txt" for d in [binary.parent, *[p / "share" for p in binary.parents]]
             if (d / "vc-patterns.txt").is_file()]
    if not found:
        sys.exit(f"--vc-patterns: no vc-patterns.txt beside MoHex or in a share/ above it ({str(binary)[:60]})")
    blocks = [b for b in found[0].read_text(encoding="utf-8").split("\n\n") if b.strip()]
    names = [re.match(r"name\s+(\S+)", b.strip()) for b in blocks]
    kept = [b.strip("\n") for b, m in zip(blocks, names) if m and keep.search(m.group(1))]
    copy = Path(tmp) / "mohex"
    shutil.copy2(binary, copy)
    (Path(tmp) / "vc-patterns.txt").write_text("\n\n".join(kept) + "\n\n\n", encoding="utf-8")
    print(f"  MoHex's VC patterns kept: {len(kept)} of {len(blocks)} ({regex!r})")
    return str(copy)


FILLED = re.compile(r"\b([a-z]\d+) f[cd]([bw])\b")  # vc-build's filled cells: captured or dead, and whose


def mohex_fill(text: str, bits: dict) -> tuple[int, int]:
    """The cells MoHex's ``vc-build`` output names filled (``fcb``, ``fdw``, ...) as our masks of
    the first and the second player's stones (MoHex's black and white); ``bits`` caches each
    cell's bit, found by playing it in our engine."""
    out = [0, 0]
    for cell, colour in FILLED.findall(text):
        if cell not in bits:
            game = new_hex()
            game.play(cell)
            bits[cell] = game.bit_state()[1]
        out[colour == "w"] |= bits[cell]
    return out[0], out[1]


KINDS = re.compile(r"\b([a-z]\d+) (f[cdp][bw])\b")  # vc-build's filled cells by kind: fcb, fdw, fpb, ...


def fill_gap(text: str, bits: dict, ours: int, gap: dict) -> None:
    """Count, per kind of cell MoHex's ``vc-build`` fills (``fc``: captured, ``fd``: dead,
    ``fp``: permanently inferior; ``b``/``w``: for whom), how many it names and how many of
    them ``ours`` (our fill-in's mask) leaves out: ``gap[kind] = [named, missing]``."""
    for cell, kind in KINDS.findall(text):
        if cell not in bits:
            game = new_hex()
            game.play(cell)
            bits[cell] = game.bit_state()[1]
        row = gap.setdefault(kind, [0, 0])
        row[0] += 1
        row[1] += not bits[cell] & ours


def vc(args) -> int:
    if args.vc_patterns is not None:
        with tempfile.TemporaryDirectory() as tmp:
            args.mohex = patterns_only(need_mohex(args.mohex), args.vc_patterns, tmp)
            args.vc_patterns = None
            return vc(args)
    recs = read_lines(args.vc)
    for n, rec in enumerate(recs, 1):
        if not (isinstance(rec.get("moves"), list) and isinstance(rec.get("played"), str)):
            sys.exit(f"{str(args.vc)[:60]} position {n}: needs 'moves' and 'played', as --make writes")
        game = new_hex()
        try:
            for mv in rec["moves"] + [rec["played"]]:
                game.play(mv)
        except (TypeError, ValueError) as exc:  # (the engine's move errors are ValueErrors)
            sys.exit(f"{str(args.vc)[:60]} position {n}: {str(exc)[:80]}")
    eng = MoHex(need_mohex(args.mohex), 1)
    bits = {}
    seen = {"mohex": 0, "ours": 0, "both": 0}
    gap = {}
    cpu = 0.0
    try:
        eng.new_game(100)
        for cmd in args.param:
            eng.send(cmd)
        for rec in recs:
            moves = rec["moves"] + [rec["played"]]
            eng.send("clear_board")
            for j, mv in enumerate(moves):
                eng.play(j % 2, mv)
            me = len(moves) % 2
            built = eng.send(f"vc-build {COLOUR[me]}")
            theirs = any(eng.send(f"vc-between-cells-{kind} {COLOUR[me]} {SIDES[me]}").strip()
                         for kind in ("full", "semi"))
            game = new_hex()
            for mv in moves:
                game.play(mv)
            core, s0, s1 = game.bit_state()
            start = time.process_time()
            if args.sets:  # (bitboard_captured.py: captured sets of 3 to SIZE cells too)
                refill = lambda a, b: fill_in_sets(core, a, b, 3, size=args.sets)  # noqa: E731
            else:
                refill = lambda a, b: fill_in(core, a, b, 3)  # noqa: E731
            if args.mohex_fillin:  # (MoHex's, in place of ours)
                (f0, f1), dead = mohex_fill(built, bits), 0
            else:
                f0, f1, dead = refill(s0, s1)
            if args.decompose:  # (bitboard_decompose.py, the fill-in again after each fill)
                searches = [(hsearch_pairs, args.pairs)] * 2
                (f0, f1, dead), _, _ = decompose(core, (s0 | f0, s1 | f1), (f0, f1, dead), me, searches,
                                                 args.decompose, refill)
            if args.fill_gap:
                fill_gap(built, bits, f0 | f1 | dead, gap)
            stones = (s0 | f0, s1 | f1)
            found = hsearch_pairs(core, stones[me] | dead, stones[1 - me], me, args.pairs)
            cpu += time.process_time() - start
            ours = found.vc_win is not None or bool(found.sc_wins)
            seen["mohex"] += theirs
            seen["ours"] += ours
            seen["both"] += theirs and ours
    finally:
        eng.close()
    n = len(recs)
    for name, k in seen.items():
        lo, hi = wilson(k, n) if n else (0.0, 0.0)
        label = {"mohex": "MoHex's VC builder", "ours": f"ours ({args.pairs} connections)",
                 "both": "both"}[name]
        print(f"  {label:28} {k:3d}/{n} positions after the losing move seen won for MoHex "
              f"(95 % Wilson {100 * lo:.1f}-{100 * hi:.1f} %)")
    for kind, (named, missing) in sorted(gap.items()):
        print(f"  MoHex's {kind} cells: {named}, {missing} of them not in our fill-in")
    print(f"  ours: {cpu / max(1, n):.3f} CPU s a position, {'MoHex' if args.mohex_fillin else 'our'} fill-in; "
          f"MoHex settings: {'; '.join(args.param) or 'defaults'}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--make", type=Path, metavar="POSITIONS", help="benchmarks/vc_decided.py --make's file")
    mode.add_argument("--score", type=Path, metavar="BLUNDERS")
    mode.add_argument("--vc", type=Path, metavar="BLUNDERS", help="MoHex's VCs against ours after the losing moves")
    ap.add_argument("--out", type=Path, help="with --make: the file to write")
    judged_options(ap, 5.0)
    ap.add_argument("--pairs", type=bounded(int, 1, 10**7), default=12000, help="with --vc: our connections")
    ap.add_argument("--param", action="append", default=[], metavar="GTP",
                    help="with --vc: a MoHex setting command sent first (repeatable)")
    ap.add_argument("--vc-patterns", metavar="REGEX",
                    help="with --vc: MoHex with only the VC patterns whose names match")
    ap.add_argument("--mohex-fillin", action="store_true",
                    help="with --vc: MoHex's fill-in (its vc-build's filled cells) in place of ours")
    ap.add_argument("--decompose", type=bounded(int, 0, 50), default=0, metavar="ROUNDS",
                    help="with --vc: bitboard_decompose.py's fills (up to ROUNDS rounds), then the fill-in again")
    ap.add_argument("--sets", type=bounded(int, 0, 6), default=0, metavar="SIZE",
                    help="with --vc: captured sets of 3 to SIZE cells in the fill-in (bitboard_captured.py)")
    ap.add_argument("--fill-gap", action="store_true",
                    help="with --vc: count MoHex's filled cells by kind, and those our fill-in leaves out")
    ap.add_argument("--no-near-filter", action="store_true",
                    help="with --decompose: every pair of groups, not only those next to two opponent groups in common")
    ap.add_argument("--ladder-starts", action="store_true",
                    help="our H-search over every pair with edge_strips.py's ladder starts (off by default)")
    if argv is None:
        argv = sys.argv[1:]
    if "--ladder-starts" in argv:
        hsearch_pairs_module.LADDER_STARTS = True
    if "--no-near-filter" in argv:
        decompose_module.NEAR_FILTER = False
    if "--vc" in argv:
        return vc(ap.parse_args(argv))
    return make_or_score(ap, argv, make, score)


if __name__ == "__main__":
    sys.exit(main())
