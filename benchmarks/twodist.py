"""Queenbee's two-distance as Hex knowledge, screened offline on our match logs (no MoHex needed):
does it add to the learned prior, and does it read a position better than the fill playouts?

    python benchmarks/twodist.py --prior benchmarks/data/mohex-*.jsonl [--analysis] [--games N]
    python benchmarks/twodist.py --value benchmarks/data/mohex-*.jsonl [--playouts 128] [--games N]

* The two-distance of an empty cell to one of player P's sides (van Rijswijck's Queenbee): 1 on
  a cell next to the side (or next to a P chain touching it), else 1 + the second smallest
  two-distance among its neighbours, P's chains passed through (a cell's neighbours include the
  empty cells around each P chain next to it), the opponent's stones walls.  A cell's *sum* is
  its two-distances to P's two sides; P's *potential* is the smallest sum (how many more moves
  P needs, with the opponent blocking the best way each time), with how many cells reach it.
* ``--prior``: the learned prior (``build_scripts/learn_patterns.py``'s model, MoHex's moves of
  the logged games, every fifth game held out) with its third feature, where a cell lies from
  the last move, crossed with the cell's *two-distance class* (its sum minus the potential,
  0-3, for the mover and for the opponent: 16 classes), against the model without it (``learn_patterns.py``'s default); prints
  the held-out top-1 of both.  ``--analysis``: held out instead are the 130 positions of
  ``benchmarks/data/analysis*.jsonl`` (MoHex's move at 16,000 playouts; games opening as they
  do are left out of the training).
* ``--value``: in every fourth position from ply 10 of the logged games (labelled by who won),
  a logistic fit (four fifths of the games; tested on the rest) of the share of ``--playouts``
  fill playouts the mover wins, of the potentials' difference (and the counts), and of both;
  prints log-loss and accuracy by stage of the game.

Results (docs/benchmarks.md, "Two-distance"): on 2,300 games the prior's held-out top-1
0.633 -> 0.670 with the class (0.585 -> 0.623 on the analysis positions); as an evaluation the
potentials read positions no better than the fill playouts.  The two-distance itself is the
engine's (``pygame_core/games/connection/twodist.py``), and the shipped Hex table crosses the
classes in (docs/benchmarks.md, "The two-distance prior, in the engine and in play").
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))

import learn_patterns as lp  # noqa: E402

import pygame_core  # noqa: E402
from pygame_core.games.connection import twodist  # noqa: E402

K = twodist.K
FAR = twodist.FAR


def two_distance(core, own: int, opp: int, side: int) -> dict:
    """Bit position -> two-distance to ``side`` (a row of cells) for the player of ``own``
    (the engine's :func:`pygame_core.games.connection.twodist.levels`); cells that cannot reach
    it are left out."""
    out = {}
    for d, m in enumerate(twodist.levels(core, own, opp, side), 1):
        while m:
            low = m & -m
            out[low.bit_length() - 1] = d
            m ^= low
    return out


def sums(core, own: int, opp: int, player: int) -> tuple[dict, int, int]:
    """``(cell -> its two sums, potential, cells reaching it)`` for ``player`` (``own``)."""
    a = two_distance(core, own, opp, core.goals[player][0])
    b = two_distance(core, own, opp, core.goals[player][1])
    empty = core.full & ~(own | opp)
    total = {}
    while empty:
        low = empty & -empty
        c = low.bit_length() - 1
        empty ^= low
        total[c] = a.get(c, FAR) + b.get(c, FAR)
    pot = min(total.values(), default=0)
    return total, pot, sum(1 for v in total.values() if v == pot)


def prior(games: list, analysis: bool) -> None:
    if analysis:
        recs = [json.loads(line) for f in sorted((ROOT / "benchmarks" / "data").glob("analysis*.jsonl"))
                for line in f.read_text(encoding="utf-8").splitlines()]
        opens = {r["moves"][0] for r in recs}
        train = [g for g in games if g["moves"] and g["moves"][0] not in opens]
        held = [{"moves": r["moves"] + [r["reference_move"]]} for r in recs]
    else:
        train = [g for i, g in enumerate(games) if i % 5]
        held = [g for i, g in enumerate(games) if not i % 5]
    if not train or not held:
        sys.exit("twodist.py: too few games to hold some out")
    for classes in (False, True):
        t = time.process_time()
        cross = lp.Classes() if classes else None
        m = lp.Model(list(lp.positions(train, cross)), 10, lp.NEAR * (K * K if classes else 1))
        m.learn(6)
        top1 = m.top1(list(lp.positions(held, cross, analysis)))
        print(f"{'with the two-distance class' if classes else 'the plain prior':28} held-out top-1 "
              f"{top1:.3f} ({len(held)} {'positions' if analysis else 'games'} held out, {len(train)} "
              f"games learned; {time.process_time() - t:.0f} CPU s)", flush=True)


def _fit(rows: list, steps: int = 300) -> list:
    """A logistic regression by gradient descent: rows of (features..., label)."""
    w = [0.0] * (len(rows[0]) - 1)
    for _ in range(steps):
        grad = [0.0] * len(w)
        for *x, y in rows:
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x))))))
            for i, a in enumerate(x):
                grad[i] += (p - y) * a
        w = [wi - 0.5 * gi / len(rows) for wi, gi in zip(w, grad)]
    return w


def value(games: list, playouts: int) -> None:
    rng = random.Random(1)
    rows = []
    for n, g in enumerate(games):
        if "won" not in g:
            continue
        winner = g["seat"] if g["won"] else 1 - g["seat"]
        game = pygame_core.new_game("hex", size=11, seed=0)
        h = g["moves"]
        for k, name in enumerate(h):
            if 10 <= k <= len(h) - 4 and k % 4 == n % 4:
                core, *s = game.bit_state()
                me = k % 2
                wins = sum(core.playout(s[me], s[1 - me], me, rng, True) == me for _ in range(playouts))
                _, pm, mm = sums(core, s[me], s[1 - me], me)
                _, po, mo = sums(core, s[1 - me], s[me], 1 - me)
                fill = math.log((wins + 0.5) / (playouts - wins + 0.5))
                pot = max(-10, min(10, po - pm))
                mob = math.log((mo + 1) / (mm + 1)) if po == pm else 0.0
                rows.append((n, k, fill, pot, mob, int(winner == me)))
            game.play(name)
    print(f"{len(rows)} positions of {len(games)} games, {playouts} fill playouts each")
    for lo, hi in ((10, 25), (26, 40), (41, 10**6)):
        part = [r for r in rows if lo <= r[1] <= hi]
        train, test = [r for r in part if r[0] % 5], [r for r in part if not r[0] % 5]
        if not train or not test:
            continue
        out = []
        for name, cols in (("fill playouts", (2,)), ("two-distance", (3, 4)), ("both", (2, 3, 4))):
            w = _fit([(*(r[c] for c in cols), 1.0, r[5]) for r in train])
            loss = hits = 0
            for r in test:
                z = sum(a * b for a, b in zip(w, (*(r[c] for c in cols), 1.0)))
                p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
                loss -= math.log(p if r[5] else 1 - p)
                hits += (p > 0.5) == bool(r[5])
            out.append(f"{name} {loss / len(test):.3f} / {hits / len(test):.3f}")
        span = f"{lo}-{hi}" if hi < 10**6 else f"{lo} on"
        print(f"plies {span} ({len(test)} test positions), log-loss / accuracy: " + "; ".join(out))


def _legal(moves: list) -> bool:
    """Whether ``moves`` replay on Hex 11 (no cell twice, none after the end)."""
    game = pygame_core.new_game("hex", size=11, seed=0)
    try:
        for name in moves:
            game.play(name)
    except Exception:  # noqa: BLE001 - any refusal: not a game to learn from
        return False
    return True


def read(paths: list[Path], ap, limit: int) -> list:
    """The games of match logs (``benchmarks/mohex.py``): moves, whose moves are MoHex's, result."""
    games, illegal = [], 0
    for path in paths:
        for g in lp.read_games([path], ap):
            if g.get("game", "hex") != "hex" or int(g.get("size", 11)) != 11:
                continue
            if len(g["moves"]) > 121 or not _legal(g["moves"]):
                illegal += 1
                continue
            games.append(g)
    if illegal:
        print(f"{illegal} game line(s) not a legal Hex 11 game, skipped", file=sys.stderr)
    by_moves = {}
    for path in paths:  # (the result and seat, which learn_patterns' reader leaves out)
        try:
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    rec = json.loads(line)
                    by_moves[tuple(rec["history"])] = (bool(rec["won"]), int(rec["ours_seat"]) & 1)
                except (ValueError, KeyError, TypeError):
                    continue
        except (OSError, UnicodeDecodeError):
            continue
    for g in games:
        if tuple(g["moves"]) in by_moves:
            g["won"], g["seat"] = by_moves[tuple(g["moves"])]
    return games[:limit]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--prior", action="store_true", help="the prior's top-1 with and without the class")
    mode.add_argument("--value", action="store_true", help="fill playouts against two-distance potentials")
    ap.add_argument("logs", nargs="+", type=Path, help="benchmarks/mohex.py match logs")
    ap.add_argument("--analysis", action="store_true", help="--prior: hold out the analysis positions")
    ap.add_argument("--games", type=int, default=100000, help="at most this many games (default: all)")
    ap.add_argument("--playouts", type=int, default=128, help="--value: fill playouts a position (default 128)")
    args = ap.parse_args(argv)
    if not 1 <= args.games <= 10**6 or not 1 <= args.playouts <= 10**5:
        ap.error("--games 1 to 1000000, --playouts 1 to 100000")
    games = read(args.logs, ap, args.games)
    if not games:
        ap.error("no Hex 11 games in those logs")
    if args.prior:
        prior(games, args.analysis)
    else:
        value(games, args.playouts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
