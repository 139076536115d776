"""How many of the Hex positions MoHex 2.0's connection analysis decides does ours decide?

In our matches against MoHex (``benchmarks/mohex.py`` logs) about half of MoHex's moves needed no
search: its virtual connections, inferior cells and solver had already decided the game.  Our
search keeps valuing such positions at 0.5 or more for many moves; this benchmark measures that
gap directly, without playing games.

    nice python benchmarks/vc_decided.py --make LOG.jsonl [LOG.jsonl ...] --out positions.jsonl
    python benchmarks/vc_decided.py --score positions.jsonl [--budget 1500] [--pairs 6000] [--nodes 0,50,200]
        [--decompose 4] [--sets 4] [--ladder-starts]

* ``--make`` (needs MoHex, path as in ``benchmarks/mohex.py``): every position of the logged
  games where MoHex moved without searching, solved by MoHex's df-pn (``dfpn-solve-state``,
  ``--timelimit`` s); kept with the winner when solved within ``--fast`` s (decided by its
  connection analysis, not by a long solve).  One JSON line a position: ``moves``, ``to_move``
  (0: Blue, MoHex's black), ``winner``, MoHex's solve time.
* ``--score`` (no MoHex): for each position, whether our analysis proves the same winner: the
  root's H-search after the inferior-cell fill-in (``bitboard_ica.fill_in``,
  ``bitboard_hsearch.hsearch`` at ``--budget`` connections for each player; with ``--pairs N``,
  ``bitboard_hsearch_pairs.hsearch_pairs`` at ``N``, as the search's root does; with
  ``--decompose R`` too, ``bitboard_decompose.decompose``'s fills first, up to ``R``; with
  ``--sets K``, ``bitboard_captured.fill_in_sets``'s captured sets of up to ``K`` cells in the
  fill-in), then our df-pn
  solver (``bitboard_dfpn.Dfpn``) at each ``--nodes`` budget.  A wrong winner is a bug (both are
  sound): the script says so.  Prints the decided share with its 95 % Wilson interval and the
  CPU s a position.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import bounded, make_or_score  # noqa: E402
from mohex import COLOUR, MoHex, default_mohex, need_mohex, new_hex  # noqa: E402

from pygame_core.games.connection.bitboard_dfpn import LOSS, WIN, Dfpn  # noqa: E402
from pygame_core.games.connection.bitboard_hsearch import hsearch  # noqa: E402
import pygame_core.games.connection.bitboard_hsearch_pairs as hsearch_pairs_module  # noqa: E402
from pygame_core.games.connection.bitboard_hsearch_pairs import hsearch_pairs  # noqa: E402
from pygame_core.games.connection.bitboard_captured import fill_in_sets  # noqa: E402
from pygame_core.games.connection.bitboard_decompose import decompose  # noqa: E402
from pygame_core.games.connection.bitboard_ica import fill_in  # noqa: E402
from pygame_core.tournament import wilson  # noqa: E402


def read_lines(path: Path) -> list[dict]:
    """A JSON-lines file's objects; exits with one line naming the file (and line) if it cannot."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        sys.exit(f"cannot read {str(path)[:60]}: {getattr(exc, 'strerror', None) or 'not UTF-8 text'}")
    out = []
    for n, line in enumerate(lines, 1):
        if line.strip():
            try:
                rec = json.loads(line)
            except ValueError:
                rec = None
            if not isinstance(rec, dict):
                sys.exit(f"{str(path)[:60]} line {n}: not a JSON object")
            out.append(rec)
    return out


def undecided_positions(logs: list[Path]) -> list[list[str]]:
    """The move lists before each MoHex move made without a search, in log order, once each."""
    seen, out = set(), []
    for path in logs:
        for rec in read_lines(path):
            if rec.get("mode") is None or "theirs" not in rec or "history" not in rec:
                continue
            history, seat = rec["history"], rec["ours_seat"]
            mohex_at = [i for i in range(1, len(history)) if i % 2 != seat]
            for i, each in zip(mohex_at, rec["theirs"].get("each", [])):
                if each[1] is None and i < len(history):
                    key = tuple(history[:i])
                    if key not in seen:
                        seen.add(key)
                        out.append(list(key))
    return out


def make(args) -> int:
    path = need_mohex(args.mohex)
    positions = undecided_positions(args.make)
    print(f"{len(positions)} positions where MoHex moved without searching", flush=True)
    eng = MoHex(path, 1)
    kept = 0
    try:
        eng.new_game(100)
        eng.send(f"param_dfpn timelimit {args.timelimit}")
        with args.out.open("w", encoding="utf-8") as out:
            for moves in positions:
                eng.send("clear_board")
                for j, mv in enumerate(moves):
                    eng.play(j % 2, mv)
                to_move = len(moves) % 2
                start = time.perf_counter()
                answer = eng.send(f"dfpn-solve-state {COLOUR[to_move]}").strip()
                spent = time.perf_counter() - start
                if answer not in COLOUR or spent > args.fast:
                    continue
                kept += 1
                out.write(json.dumps({"moves": moves, "to_move": to_move,
                                      "winner": COLOUR.index(answer), "mohex_s": round(spent, 3)}) + "\n")
    finally:
        eng.close()
    print(f"{kept} kept (solved by MoHex within {args.fast} s) in {args.out}")
    return 0


def score(args) -> int:
    recs = read_lines(args.score)
    for n, rec in enumerate(recs, 1):
        if not (isinstance(rec.get("moves"), list) and rec.get("winner") in (0, 1)):
            sys.exit(f"{str(args.score)[:60]} position {n}: needs 'moves' and 'winner' (0 or 1), as --make writes")
    nodes = [int(n) for n in args.nodes.split(",")] if args.nodes else []
    found = {n: 0 for n in ["hsearch"] + nodes}
    cpu = {n: 0.0 for n in found}
    wrong = 0
    for rec in recs:
        game = new_hex()
        try:
            for mv in rec["moves"]:
                game.play(mv)
        except (TypeError, ValueError) as exc:  # (the engine's move errors are ValueErrors)
            sys.exit(f"position {' '.join(map(str, rec['moves']))[:40]}: {str(exc)[:80]}")
        core, s0, s1 = game.bit_state()
        me = game.current_player
        start = time.process_time()
        if args.sets:  # (bitboard_captured.py: captured sets of 3 to SIZE cells as well)
            def refill(a, b):
                return fill_in_sets(core, a, b, 3, size=args.sets)[:2] + (0,)
        else:
            def refill(a, b):
                return fill_in(core, a, b, 3)[:2] + (0,)
        f0, f1, _ = refill(s0, s1)
        stones = (s0 | f0, s1 | f1)
        pre = [None, None]
        if args.pairs and args.decompose:  # (bitboard_decompose.py, the fill-in again after each fill)
            (f0, f1, _), stones, pre = decompose(core, stones, (f0, f1, 0), me, [(hsearch_pairs, args.pairs)] * 2,
                                                   args.decompose, refill)
        if args.pairs:  # (the root's search over every pair of points)
            mine = pre[me] or hsearch_pairs(core, stones[me], stones[1 - me], me, args.pairs)
            theirs = pre[1 - me] or hsearch_pairs(core, stones[1 - me], stones[me], 1 - me, args.pairs)
        else:
            mine = hsearch(core, stones[me], stones[1 - me], me, args.budget)
            theirs = hsearch(core, stones[1 - me], stones[me], 1 - me, args.budget)
        got = None
        if mine.vc_win is not None or mine.keys or mine.sc_wins:
            got = me
        elif theirs.vc_win is not None:
            got = 1 - me
        cpu["hsearch"] += time.process_time() - start
        decided = {"hsearch": got}
        for n in nodes:
            start = time.process_time()
            result, _ = Dfpn(core, n, args.budget).solve(s0, s1, me)
            cpu[n] += time.process_time() - start
            decided[n] = None if result is None else (me if result == WIN else 1 - me)
            assert result in (None, WIN, LOSS)
        for name, who in decided.items():
            if who is None:
                continue
            if who == rec["winner"]:
                found[name] += 1
            else:
                wrong += 1
                print(f"WRONG: {name} says {COLOUR[who]} wins after {' '.join(rec['moves'])[:60]}…")
    total = len(recs)
    print(f"{total} positions MoHex's analysis decides (solved by its df-pn within its --fast limit)")
    for name in found:
        lo, hi = wilson(found[name], total)
        label = ("H-search (every pair)" if args.pairs else "H-search at the root") if name == "hsearch" else f"df-pn, {name} expansions"
        print(f"  {label:28} {found[name]:4d}/{total} = {100 * found[name] / max(1, total):5.1f} % "
              f"(95 % Wilson {100 * lo:.1f}-{100 * hi:.1f} %), {cpu[name] / max(1, total):.3f} CPU s a position")
    return 1 if wrong else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--make", type=Path, nargs="+", metavar="LOG", help="benchmarks/mohex.py logs")
    mode.add_argument("--score", type=Path, metavar="POSITIONS")
    ap.add_argument("--out", type=Path, help="with --make: the positions file to write")
    ap.add_argument("--mohex", default=default_mohex())
    ap.add_argument("--timelimit", type=bounded(float, 0.1, 600), default=5.0)
    ap.add_argument("--fast", type=bounded(float, 0.01, 600), default=1.0)
    ap.add_argument("--budget", type=bounded(int, 0, 10**7), default=1500)
    ap.add_argument("--pairs", type=bounded(int, 0, 10**7), default=0,
                    help="score H-search over every pair of points (bitboard_hsearch_pairs) with this budget")
    ap.add_argument("--nodes", default="50,200", help="df-pn budgets, comma-separated ('' for none)")
    ap.add_argument("--decompose", type=bounded(int, 0, 50), default=0, metavar="ROUNDS",
                    help="with --pairs: bitboard_decompose.py's fills first (up to ROUNDS)")
    ap.add_argument("--sets", type=bounded(int, 0, 6), default=0, metavar="SIZE",
                    help="captured sets of 3 to SIZE cells in the fill-in (bitboard_captured.py)")
    ap.add_argument("--ladder-starts", action="store_true",
                    help="our H-search over every pair with edge_strips.py's ladder starts (off by default)")
    if "--ladder-starts" in (sys.argv[1:] if argv is None else argv):
        hsearch_pairs_module.LADDER_STARTS = True
    return make_or_score(ap, argv, make, score)


if __name__ == "__main__":
    sys.exit(main())
