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
  visited moves of ``--iterations`` iterations, seeded) and MoHex's own answer: Blue's move.

MoHex plays each with ``--playouts`` (16,000) playouts, one thread, swap off.  One JSON line per
line asked: ``moves``, ``reply``, ``cpu`` (MoHex's CPU s), ``searched`` (its playouts; null: its
connections or solver decided), ``playouts``.  ``--write`` turns the log into the table (the lines
of the log at ``--playouts``).  MoHex's path as in ``benchmarks/mohex.py``.
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
from pygame_core.games.hex.book import SIZE, canonical_line, cell_name, parse_cell, table_text  # noqa: E402

TABLE = Path(__file__).resolve().parents[1] / "pygame_core" / "games" / "hex" / "book_table.py"


def ask(eng: MoHex, moves: list[str], playouts: int) -> dict:
    reply, cpu, searched = mohex_move(eng, moves, playouts)
    return {"moves": moves, "reply": reply, "cpu": round(cpu, 3), "searched": searched, "playouts": playouts}


def our_replies(first: str, k: int, iterations: int) -> list[str]:
    """Red's ``k`` most visited answers to ``first`` by our search (seeded, so the same each run)."""
    game = new_hex()
    game.play(first)
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


def read(log: Path, playouts: int) -> dict:
    done = {}
    if log.exists():
        for text in log.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                rec = json.loads(text)
            except ValueError:
                continue
            if isinstance(rec, dict) and rec.get("playouts") == playouts and isinstance(rec.get("moves"), list) \
                    and len(rec["moves"]) <= 2 and all(parse_cell(m) for m in rec["moves"] + [rec.get("reply")]):
                done[tuple(canonical_line(rec["moves"]))] = rec
    return done


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mohex", default=default_mohex())
    ap.add_argument("--log", type=Path, required=True)
    ap.add_argument("--playouts", type=bounded(int, 10, 10**7), default=16000)
    ap.add_argument("--replies", type=bounded(int, 0, 20), default=4)
    ap.add_argument("--iterations", type=bounded(int, 10, 10**6), default=5000)
    ap.add_argument("--seed", type=bounded(int, 0, 2**20), default=1)
    ap.add_argument("--write", action="store_true", help="write the table from the log (no MoHex)")
    ap.add_argument("--out", type=Path, default=TABLE, help="--write: the table file (default: the wheel's)")
    args = ap.parse_args(argv)
    try:
        done = read(args.log, args.playouts)
    except OSError as e:
        print(f"cannot read {str(args.log)[:60]}: {e.strerror}", file=sys.stderr)
        return 2
    if args.write:
        lines = {key: rec["reply"] for key, rec in done.items()}
        if not lines:
            print(f"no lines at {args.playouts} playouts in {str(args.log)[:60]}: {args.out.name} left as it was")
            return 2
        args.out.write_text(table_text(lines, f"MoHex 2.0 at {args.playouts} playouts a move"), encoding="utf-8")
        print(f"wrote {len(lines)} lines to {args.out}")
        return 0
    eng = MoHex(need_mohex(args.mohex), args.seed)
    eng.new_game(args.playouts)

    def line(moves: list[str]) -> dict:
        key = tuple(canonical_line(moves))
        if key not in done:
            rec = done[key] = ask(eng, list(key), args.playouts)
            with args.log.open("a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")
            print(f"{' '.join(key) or '(empty)':10s} -> {rec['reply']:4s} {rec['cpu']:.2f} CPU s", flush=True)
        return done[key]

    try:
        line([])
        for first in openings():
            answer = line([first])["reply"]
            for reply in dict.fromkeys([answer] + our_replies(first, args.replies, args.iterations)):
                if reply != first:
                    line([first, reply])
    finally:
        eng.close()
    print(f"{len(done)} lines in {args.log}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
