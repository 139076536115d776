"""Games of MoHex 2.0 against itself on Hex 11x11, as data for our pattern priors
(``build_scripts/learn_patterns.py``): games MoHex plays for us are our data; its code, weights
and books never enter the repository.

    nice python benchmarks/mohex_games.py --games 200 --playouts 300 --out mohex-games.jsonl

Game ``k`` opens with a seeded random cell (``--seed``), then MoHex plays both sides at
``--playouts`` a move (swap off) to the end.  One JSON line a game: ``moves`` (our cell names,
which are MoHex's), ``winner`` (0: Blue, the first player; 1: Red), ``playouts``, ``seed``,
``game``.  A rerun appends only the games the file lacks.  MoHex's path as in
``benchmarks/mohex.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import bounded, games_done  # noqa: E402
from mohex import MoHex, default_mohex, need_mohex, new_hex, opening  # noqa: E402


def play(eng: MoHex, playouts: int, first: str) -> dict:
    eng.send("clear_board")
    game = new_hex()
    game.play(first)
    eng.play(0, first)
    while not game.is_over:
        move, _, _, _ = eng.genmove(game.current_player, playouts)
        game.play(move)
    return {"moves": [str(m) for m in game.history], "winner": game.winners[0]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mohex", default=default_mohex())
    ap.add_argument("--games", type=bounded(int, 1, 10**6), default=100)
    ap.add_argument("--playouts", type=bounded(int, 10, 10**7), default=300)
    ap.add_argument("--seed", type=bounded(int, 0, 2**20), default=1)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    path = need_mohex(args.mohex)
    done = games_done(args.out, {"playouts": args.playouts, "seed": args.seed}, "game")
    eng = MoHex(path, args.seed)
    try:
        eng.new_game(args.playouts)
        for k in range(args.games):
            if k in done:
                continue
            rec = play(eng, args.playouts, opening(args.seed, k))
            rec.update(playouts=args.playouts, seed=args.seed, game=k)
            with args.out.open("a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")
            print(f"game {k + 1}/{args.games}: {len(rec['moves'])} moves, won by {('Blue', 'Red')[rec['winner']]}",
                  flush=True)
    finally:
        eng.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
