"""Games of morat-y against itself on the regular Y board, as data for move priors in Y (issue
30; the Hex counterpart is ``benchmarks/mohex_games.py``): games morat plays for us are our data;
its code, binaries and data files never enter the repository.

    nice python benchmarks/morat_games.py --games 200 --sims 10000 --out morat-games.jsonl

Game ``k`` opens with a seeded random cell (``--seed``), then morat-y plays both sides at
``--sims`` simulations a move to the end.  One JSON line a game: ``moves`` (our cell names, which
are morat's), ``winner`` (0: X, the first player; 1: O), ``size``, ``game`` (``"y"``), ``sims``,
``seed``, ``index``.  A rerun appends only the games the file lacks.  morat's path as in
``benchmarks/morat.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import bounded, games_done  # noqa: E402
from morat import Morat, default_morat, need_morat, new_y, opening  # noqa: E402


def play(path: str, size: int, sims: int, first: str) -> dict:
    eng = Morat(path)  # (one process a game: morat keeps its tree between moves)
    try:
        eng.new_game(size, sims)
        game = new_y(size)
        game.play(game.parse_move(first))
        eng.play(0, first)
        while not game.is_over:
            move, _, _, _ = eng.genmove(game.current_player)
            game.play(game.parse_move(move))
    finally:
        eng.close()
    return {"moves": [str(m) for m in game.history], "winner": game.winners[0]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--morat", default=default_morat())
    ap.add_argument("--games", type=bounded(int, 1, 10**6), default=100)
    ap.add_argument("--size", type=bounded(int, 5, 25), default=13)
    ap.add_argument("--sims", type=bounded(int, 10, 10**8), default=10000)
    ap.add_argument("--seed", type=bounded(int, 0, 2**20), default=1)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    path = need_morat(args.morat)
    done = games_done(args.out, {"sims": args.sims, "seed": args.seed, "size": args.size}, "index")
    for k in range(args.games):
        if k in done:
            continue
        rec = play(path, args.size, args.sims, opening(args.size, args.seed, k))
        rec.update(size=args.size, game="y", sims=args.sims, seed=args.seed, index=k)
        with args.out.open("a", encoding="utf-8") as f:
            f.write(json.dumps(rec) + "\n")
        print(f"game {k + 1}/{args.games}: {len(rec['moves'])} moves, won by {('X', 'O')[rec['winner']]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
