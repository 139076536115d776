"""The won game we lose: in our lost games against MoHex 2.0, the positions where we were to move
with a win in hand (MoHex's df-pn proves it), and whether our move kept it.

A third of our lost games against MoHex at 100 playouts passed through such a position
(docs/benchmarks.md, "The won games we lose"). This benchmark takes them from match logs, then
asks our search (or MoHex itself, for comparison) again in each one and lets MoHex's df-pn judge
the move: does it keep the win?

    nice python benchmarks/mohex_won.py --make LOG.jsonl [LOG.jsonl ...] --out won.jsonl [--from 10]
    nice python benchmarks/mohex_won.py --score won.jsonl [--seconds 1] [--set NAME=VALUE] [--log F]
    nice python benchmarks/mohex_won.py --score won.jsonl --mohex-playouts 100

* ``--make`` (needs MoHex, path as in ``benchmarks/mohex.py``): in each lost game of the match
  logs (``benchmarks/mohex.py --log``), every position from move ``--from`` on where we are to
  move, solved by MoHex's df-pn within ``--timelimit`` s; each one won for us is written with
  our move in the game and its verdict (``--judge`` s, MoHex to move): ``"kept"`` (still won),
  ``"thrown"`` (now MoHex's) or ``null`` (not solved).
* ``--score`` (needs MoHex): in each position whose game move has a verdict, our move (fresh
  search, ``--seconds`` CPU s), or with ``--mohex-playouts N`` MoHex's own move at N playouts a
  move; the game's move keeps its verdict, any other is judged by MoHex's df-pn. Prints the wins
  kept with a 95 % Wilson interval, overall and apart for the positions where the game's move
  threw the win. ``--log`` keeps one line a position (a rerun with the same settings resumes).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import bounded, make_or_score  # noqa: E402
from mohex import MoHex, need_mohex, new_hex  # noqa: E402
from mohex_blunders import judged_options, logged, our_move, solve  # noqa: E402
from vc_decided import read_lines  # noqa: E402

from pygame_core.tournament import wilson  # noqa: E402

VERDICTS = ("kept", "thrown")


def lost_games(recs: list[dict]) -> list[tuple[list, int]]:
    """``(moves, our seat)`` of each lost game in a match log's lines (summaries and games we
    won left out)."""
    out = []
    for rec in recs:
        moves, seat = rec.get("history"), rec.get("ours_seat")
        if rec.get("won") is False and isinstance(moves, list) and seat in (0, 1) \
                and all(isinstance(m, str) for m in moves):
            out.append((moves, seat))
    return out


def our_turns(moves: list, seat: int, start: int) -> list[int]:
    """The plies from ``start`` on where we are to move (ply ``i``: ``moves[:i]`` played)."""
    return [i for i in range(max(0, start), len(moves)) if i % 2 == seat]


def verdict(winner: int | None, ours: int) -> str | None:
    """A move's verdict from MoHex's df-pn winner after it: kept, thrown, or not solved."""
    return None if winner is None else VERDICTS[winner != ours]


def replay(moves: list, where: str):
    """The game after ``moves``; exits with one line naming ``where`` if one is not legal."""
    game = new_hex()
    try:
        for mv in moves:
            game.play(mv)
    except (TypeError, ValueError) as exc:  # (the engine's move errors are ValueErrors)
        sys.exit(f"{where}: {str(exc)[:80]}")
    return game


def make(args) -> int:
    games = []
    for path in args.make:
        for k, (moves, seat) in enumerate(lost_games(read_lines(path)), 1):
            replay(moves, f"{str(path)[:60]} lost game {k}")
            games.append((path.name, moves, seat))
    path = need_mohex(args.mohex)
    counts = {"kept": 0, "thrown": 0, None: 0}
    passed = 0
    with args.out.open("w", encoding="utf-8") as out:
        for name, moves, seat in games:
            # (a fresh MoHex a game: one kept for a whole run once spun past its df-pn time limit)
            eng = MoHex(path, 1)
            try:
                eng.new_game(100)
                won_here = False
                for i in our_turns(moves, seat, args.start):
                    if solve(eng, moves[:i], args.timelimit) != seat:
                        continue
                    won_here = True
                    after = verdict(solve(eng, moves[:i + 1], args.judge), seat)
                    counts[after] += 1
                    out.write(json.dumps({"log": name, "moves": moves[:i], "to_move": seat, "played": moves[i],
                                          "verdict": "win", "after": after}) + "\n")
                    out.flush()
                passed += won_here
            finally:
                eng.close()
    n = sum(counts.values())
    print(f"{len(games)} lost games, {passed} of them through a position won for us: {n} such positions; "
          f"the game's move kept the win in {counts['kept']}, threw it in {counts['thrown']}, "
          f"{counts[None]} not solved -> {args.out}")
    return 0


def choose(args, rec: dict, n: int, mohex: MoHex | None) -> tuple[str, float, int]:
    """The move to judge in ``rec``: (move, CPU s, iterations or playouts)."""
    if mohex is not None:
        mohex.send("clear_board")
        for j, mv in enumerate(rec["moves"]):
            mohex.play(j % 2, mv)
        move, cpu, _, playouts = mohex.genmove(rec["to_move"])
        return move, cpu, playouts or 0
    return our_move(rec["moves"], args.seconds, args.seed + n, args.set)


def score(args) -> int:
    recs = [r for r in read_lines(args.score) if r.get("after") in VERDICTS]
    for n, rec in enumerate(recs, 1):
        if not (isinstance(rec.get("moves"), list) and rec.get("to_move") in (0, 1)
                and isinstance(rec.get("played"), str)):
            sys.exit(f"{str(args.score)[:60]} position {n}: needs 'moves', 'to_move' and 'played', as --make writes")
        replay(rec["moves"] + [rec["played"]], f"{str(args.score)[:60]} position {n}")
    label = f"mohex {args.mohex_playouts}" if args.mohex_playouts else \
        " ".join(f"{name}={value}" for name, value in args.set)
    done = logged(args.log, label, args.seconds)
    judge = MoHex(need_mohex(args.mohex), 1)
    player = None
    try:
        judge.new_game(100)
        if args.mohex_playouts:
            player = MoHex(args.mohex, 1)
            player.new_game(args.mohex_playouts)
        for n, rec in enumerate(recs):
            key = " ".join(rec["moves"])
            if key in done:
                continue
            move, cpu, work = choose(args, rec, n, player)
            after = rec["after"] if move == rec["played"] else \
                verdict(solve(judge, rec["moves"] + [move], args.judge), rec["to_move"])
            line = {"set": label, "seconds": args.seconds, "moves": rec["moves"], "move": move,
                    "played": rec["played"], "game": rec["after"], "after": after, "cpu": round(cpu, 3),
                    "work": work}
            done[key] = line
            if args.log:
                with args.log.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(line) + "\n")
    finally:
        judge.close()
        if player is not None:
            player.close()
    lines = [done[" ".join(r["moves"])] for r in recs]
    for name, chosen in (("all", lines), ("game threw", [x for x in lines if x["game"] == "thrown"]),
                         ("game kept", [x for x in lines if x["game"] == "kept"])):
        kept = sum(x["after"] == "kept" for x in chosen)
        lo, hi = wilson(kept, len(chosen)) if chosen else (0.0, 0.0)
        unknown = sum(x["after"] is None for x in chosen)
        print(f"  {name:10} {kept:3d}/{len(chosen)} wins kept (95 % Wilson {100 * lo:.1f}-{100 * hi:.1f} %; "
              f"{unknown} moves not solved)")
    cpu = sum(x["cpu"] for x in lines) / max(1, len(lines))
    work = sum(x["work"] for x in lines) / max(1, len(lines))
    unit = "playouts" if args.mohex_playouts else "iterations"
    print(f"  [{label or 'defaults'}] {cpu:.2f} CPU s and {work:.0f} {unit} a move")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--make", type=Path, nargs="+", metavar="LOG", help="benchmarks/mohex.py match logs")
    mode.add_argument("--score", type=Path, metavar="WON")
    ap.add_argument("--out", type=Path, help="with --make: the file to write")
    ap.add_argument("--from", dest="start", type=bounded(int, 0, 10**4), default=10,
                    help="with --make: the first ply looked at")
    judged_options(ap, 1.0)
    ap.add_argument("--mohex-playouts", type=bounded(int, 1, 10**7), metavar="N",
                    help="with --score: judge MoHex's own move at N playouts a move instead of ours")
    return make_or_score(ap, sys.argv[1:] if argv is None else argv, make, score)


if __name__ == "__main__":
    sys.exit(main())
