"""An opening book for Hex 11x11 without swap, from MoHex 2.0's answers at a large budget, as data
for our engine (``pygame_core/games/hex/book_table.py``): the answers MoHex gives us are our data;
its code, weights and its own book never enter the repository.

    nice python benchmarks/mohex_book.py --log benchmarks/data/book.jsonl      # ask MoHex (resumable)
    python benchmarks/mohex_book.py --log benchmarks/data/book.jsonl --write   # the table from the log

The lines asked, each once up to the half-turn (a symmetry of Hex: the same player joins the same
sides), so 61 openings stand for 121:

* the empty board (Blue's first move);
* every first move (Red's answer);
* after every first move, Red's ``--replies`` most likely answers by our own search (the most
  visited moves of ``--iterations`` iterations, seeded) and MoHex's own answer: Blue's move;
* after every first move and the book's answer to it, Blue's likeliest third moves: MoHex's own
  (at ``--playouts``, and at each of the smaller budgets ``--thirds``, both orientations of the
  line) and our search's ``--replies`` most visited: Red's second move.

MoHex plays each with ``--playouts`` (16,000) playouts, one thread, swap off.  One JSON line per
line asked: ``moves``, ``reply``, ``cpu`` (MoHex's CPU s), ``searched`` (its playouts; null: its
connections or solver decided), ``playouts`` (the smaller budgets' third moves are logged the
same way, at their playouts).  ``--write`` turns the log into the table: the lines of the log at
``--playouts`` whose answer is one of the ``--plies`` (the first move is ply 1; by default 1, 2
and 4: Blue's third moves from MoHex did worse against it than our search's own).  MoHex's
path as in ``benchmarks/mohex.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import bounded  # noqa: E402
from mohex import MoHex, default_mohex, need_mohex, new_hex  # noqa: E402
from mohex_analysis import ask as mohex_move  # noqa: E402

from pygame_core.agents.mcts import MCTSAgent  # noqa: E402
from pygame_core.games.hex.book import (MAX_LINE, SIZE, canonical_line, cell_name, half_turn,  # noqa: E402
                                        parse_cell, table_text)

TABLE = Path(__file__).resolve().parents[1] / "pygame_core" / "games" / "hex" / "book_table.py"


def ask(eng: MoHex, moves: list[str], playouts: int) -> dict:
    reply, cpu, searched = mohex_move(eng, moves, playouts)
    return {"moves": moves, "reply": reply, "cpu": round(cpu, 3), "searched": searched, "playouts": playouts}


def our_replies(moves: list[str], k: int, iterations: int) -> list[str]:
    """The ``k`` most visited answers after ``moves`` by our search (seeded, so the same each run)."""
    game = new_hex()
    for m in moves:
        game.play(m)
    agent = MCTSAgent(seed=1)
    agent.book_plies = 0
    if agent.start(game) is None:
        agent.think(iterations=iterations)
    kids = sorted(agent._root.children.values(), key=lambda c: (-c.visits, -c.wins))
    return [game.format_move(c.move) for c in kids[:k]]


def openings() -> list[str]:
    """One first move for each pair the half-turn joins (the first of the pair by name)."""
    seen, out = set(), []
    for y in range(SIZE):
        for x in range(SIZE):
            line = tuple(canonical_line([cell_name(x, y)]))
            if line not in seen:
                seen.add(line)
                out.append(" ".join(line))
    return out


def read(log: Path) -> dict:
    """The log's lines as ``{(canonical line, playouts): record}``."""
    done = {}
    if log.exists():
        for text in log.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                rec = json.loads(text)
            except ValueError:
                continue
            if isinstance(rec, dict) and isinstance(rec.get("playouts"), int) and isinstance(rec.get("moves"), list) \
                    and len(rec["moves"]) <= MAX_LINE and all(parse_cell(m) for m in rec["moves"] + [rec.get("reply")]):
                done[tuple(canonical_line(rec["moves"])), rec["playouts"]] = rec
    return done


def plies(text: str) -> set[int]:
    """``--plies``: ply numbers (1 to MAX_LINE + 1) separated by commas."""
    try:
        out = {int(p) for p in text.split(",")}
    except ValueError:
        out = set()
    if not out or not out <= set(range(1, MAX_LINE + 2)):
        raise argparse.ArgumentTypeError(f"plies are numbers from 1 to {MAX_LINE + 1} separated by commas, not {text[:30]!r}")
    return out


def budgets(text: str) -> list[int]:
    """``--thirds``: MoHex's smaller budgets (playouts) separated by commas, or empty."""
    try:
        out = [int(p) for p in text.split(",") if p.strip()]
    except ValueError:
        out = [0]
    if len(out) > 8 or any(not 10 <= p <= 10**6 for p in out):
        raise argparse.ArgumentTypeError(f"up to 8 budgets from 10 to 1000000 separated by commas, not {text[:30]!r}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mohex", default=default_mohex())
    ap.add_argument("--log", type=Path, required=True)
    ap.add_argument("--playouts", type=bounded(int, 10, 10**7), default=16000)
    ap.add_argument("--replies", type=bounded(int, 0, 20), default=4)
    ap.add_argument("--iterations", type=bounded(int, 10, 10**6), default=5000)
    ap.add_argument("--thirds", type=budgets, default=[100, 1000],
                    help="MoHex's smaller budgets whose third moves Red's second move answers (default 100,1000)")
    ap.add_argument("--plies", type=plies, default={1, 2, 4}, help="--write: the plies the table holds (default 1,2,4)")
    ap.add_argument("--seed", type=bounded(int, 0, 2**20), default=1)
    ap.add_argument("--write", action="store_true", help="write the table from the log (no MoHex)")
    ap.add_argument("--out", type=Path, default=TABLE, help="--write: the table file (default: the wheel's)")
    args = ap.parse_args(argv)
    try:
        done = read(args.log)
    except OSError as e:
        print(f"cannot read {str(args.log)[:60]}: {e.strerror}", file=sys.stderr)
        return 2
    if args.write:
        lines = {key: rec["reply"] for (key, playouts), rec in done.items()
                 if playouts == args.playouts and len(key) + 1 in args.plies}
        if not lines:
            print(f"no lines at {args.playouts} playouts in {str(args.log)[:60]}: {args.out.name} left as it was")
            return 2
        args.out.write_text(table_text(lines, f"MoHex 2.0 at {args.playouts} playouts a move"), encoding="utf-8")
        print(f"wrote {len(lines)} lines to {args.out}")
        return 0
    eng = MoHex(need_mohex(args.mohex), args.seed)
    eng.new_game(args.playouts)

    def line(moves: list[str], playouts: int = args.playouts, turn: bool = True) -> str:
        """MoHex's answer after ``moves`` (asked on the canonical line when ``turn``, else as
        given), in the orientation of ``moves``."""
        key = tuple(canonical_line(moves)) if turn else tuple(moves)
        if (key, playouts) not in done:
            rec = done[key, playouts] = ask(eng, list(key), playouts)
            with args.log.open("a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")
            print(f"{' '.join(key) or '(empty)':14s} -> {rec['reply']:4s} {rec['cpu']:.2f} CPU s ({playouts})", flush=True)
        reply = done[key, playouts]["reply"]
        return reply if list(key) == list(moves) else half_turn(reply)

    try:
        line([])
        for first in openings():
            answer = line([first])
            for reply in dict.fromkeys([answer] + our_replies([first], args.replies, args.iterations)):
                if reply != first:
                    line([first, reply])
        for first in openings():  # Red's second move, after the book's answer to the opening
            answer = line([first])
            opened = [first, answer]
            thirds = [line(opened)] + our_replies(opened, args.replies, args.iterations)
            for turned in (opened, [half_turn(m) for m in opened]):  # MoHex's own at smaller budgets, as played
                for p in args.thirds:
                    third = line(turned, p, turn=False)
                    thirds.append(third if turned == opened else half_turn(third))
            for third in dict.fromkeys(thirds):
                if third not in opened:
                    line(opened + [third])
    finally:
        eng.close()
    print(f"{len(done)} lines in {args.log}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
