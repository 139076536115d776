"""Timings and message sizes of the fair deal (``pygame_core/deal``) in CPython (a benchmark,
not a test): a two-player Triominos bag of 56 tiles, hands of nine.

    .venv/bin/python benchmarks/deal.py [--rounds 3] [--tiles 56] [--hand 9] [--players 2]

Each step is timed on its own (CPU and wall seconds, median over ``--rounds`` fresh deals with
other seeds): making each setup message (lock and shuffle; the second player's lock, shuffle,
relock and the first hand's keys; the first player's relock and the second hand's keys),
receiving and checking each of them (element decoding, proofs, opening one's tiles), a later
draw (the keys for three tiles, made and checked), a play (the player's own key shown and the
tile checked), and the final audit by one player. Then every message's size in bytes, raw and
as base64 (what a link would carry). The targets: any step under 1 s in Pyodide (about 2-3x
slower than CPython), the audit under 5 s, a two-player Triominos link under 8 KB.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pygame_core.deal import ristretto  # noqa: E402
from pygame_core.deal.messages import Setup  # noqa: E402
from pygame_core.deal.players import DealPlayer  # noqa: E402
from pygame_core.deal.protocol import tile_elements  # noqa: E402


def clock(fn):
    cpu, wall = time.process_time(), time.perf_counter()
    out = fn()
    return out, time.process_time() - cpu, time.perf_counter() - wall


def one_deal(setup: Setup, hand: int, salt: int):
    """One whole deal, every step timed: [(step name, cpu, wall)], [(message name, bytes)]."""
    players = [DealPlayer(i, hashlib.sha256(bytes([salt, i])).digest())
               for i in range(setup.players)]
    players[0].start(setup)
    times, sizes = [], []

    def send(name, who, **kw):
        data, cpu, wall = clock(lambda: players[who].send(**kw))
        times.append((f"make: {name}", cpu, wall))
        sizes.append((name, len(data)))
        for p in players:
            if p.index != who:
                _, cpu, wall = clock(lambda: p.receive(data))
                times.append((f"check: {name} (player {p.index + 1})", cpu, wall))
        return data

    deal = players[0].deal
    others = lambda who: {q: hand for q in range(setup.players) if q != who}  # noqa: E731
    for step in range(deal.setup_hops()):
        who, shuffle, relock = deal.scheduled(step)
        p = players[who]
        ready = [pos for pos in p.deal.reserved_for(who) if pos in p.hand]
        name = ("lock+shuffle" if shuffle else "") + ("+" if shuffle and relock else "") + \
            ("relock" if relock else "") + (" +keys" if relock else "") + \
            (f" +draw {len(ready)}" if ready else "")
        send(f"step {step} {name}", who, offer=others(who) if relock else None,
             draw=len(ready))
    last = setup.players - 1
    tile = sorted(players[last].hand.values())[0]
    send("draw hand +play 1 +keys for 3", last, draw=hand, play=[tile], offer={0: 3})
    send("draw 1 +keys for 3", 0, draw=1, offer={last: 3})
    for p in players:
        send(f"reveal seed (player {p.index + 1})", p.index, reveal=True)
    report, cpu, wall = clock(players[0].audit)
    assert report.ok, report.problems
    times.append(("final audit (one player)", cpu, wall))
    return times, sizes


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--tiles", type=int, default=56)
    ap.add_argument("--hand", type=int, default=9)
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    args = ap.parse_args(argv)
    setup = Setup("bench", args.players, args.tiles, "triominos")
    _, cpu, wall = clock(lambda: tile_elements(setup.bag, setup.tiles))
    print(f"one-off: the bag's {setup.tiles} tile elements {cpu:.3f} s CPU {wall:.3f} s wall")
    _, cpu, wall = clock(lambda: ristretto.base_mul(12345))
    print(f"one-off: the generator's table {cpu:.3f} s CPU {wall:.3f} s wall")
    rows: dict[str, list[tuple[float, float]]] = {}
    for rnd in range(args.rounds):
        times, sizes = one_deal(setup, args.hand, rnd)
        for name, cpu, wall in times:
            rows.setdefault(name, []).append((cpu, wall))
    print(f"\n{'step':58} {'CPU s':>7} {'wall s':>7}")
    for name, values in rows.items():
        cpu = statistics.median(v[0] for v in values)
        wall = statistics.median(v[1] for v in values)
        print(f"{name:58} {cpu:7.3f} {wall:7.3f}")
    print(f"\n{'message':40} {'bytes':>6} {'base64':>7}")
    for name, size in sizes:
        print(f"{name:40} {size:6} {len(base64.b64encode(bytes(size))):7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
