"""Hidden-hand games by link (``pygame_core/hidden.py``, ``hidden_bags.py``) in CPython: link
sizes at every point of whole two-player Triominos, iwoki or Codex games, and the time each
side takes (a benchmark, not a test).

    .venv/bin/python benchmarks/hidden_links.py [--game triominos|iwoki|codex] [--games 10] [--seed 0]

Each game is played by two :class:`HiddenPlayer` objects that pass only link strings (moves:
the first placement, else draw, else pass; odd games pick a random move: a random placement
in Triominos, in iwoki a draw whenever allowed, else any move, in Codex any move).  Printed: per
game its hops, moves and largest link; then, over all games, the size of the link at each hop
of the deal (invitation, reply, first hand) and the largest move link and final (seed) link,
in characters (the target: under 8 KB at every point); the CPU seconds of making a link
(the three setup hops, then a move's: ``reply``) and of taking one in (``receive``: proofs and moves checked), medians and maxima;
loading a whole finished game's record (every message checked again); the final audit; and
how many turns found the bag's next tiles locked for the other player's draws.

``--resign LINKS``: each game stops after that many links (at least 4) and player 1 resigns
instead; printed: the resignation link's size, the CPU seconds of making it, of the friend's
taking it in (its seed checked against the deal's commitment, the answer made), of the resigner's
taking the answer in, and of the audit that follows.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pygame_core.core import GameError  # noqa: E402
from pygame_core.hidden import HiddenPlayer, load_player, random_placer  # noqa: E402


def timed(fn):
    cpu = time.process_time()
    out = fn()
    return out, time.process_time() - cpu


def chooser(name: str, rng):
    if name == "triominos":
        return random_placer(rng)
    if name == "iwoki":
        return lambda g, texts: "draw" if "draw" in texts else rng.choice(texts)
    return lambda g, texts: rng.choice(texts)


def game(name: str, seed: int, greedy: bool):
    rng = random.Random(seed)
    choose = None if greedy else chooser(name, rng)
    rb = lambda n: rng.randbytes(n)  # noqa: E731
    options = {"target": None} if name == "triominos" else {}
    (a, t0) = timed(lambda: HiddenPlayer.invite(name, randbytes=rb, **options))
    (b, t1) = timed(lambda: HiddenPlayer.accept(a.last_link, randbytes=rb))
    links, make, take, players, turn = [a.last_link, b.last_link], [t0, t1], [], [a, b], 0
    while not (a.finished and b.finished):
        _, t = timed(lambda: players[turn].receive(links[-1]))
        take.append(t)
        if a.finished and b.finished:
            break
        link, t = timed(lambda: players[turn].take_turn(choose))
        links.append(link)
        make.append(t)
        turn = 1 - turn
    return a, b, links, make, take


def resigned(name: str, seed: int, at: int) -> dict:
    """A game played for ``at`` links, then player 1 resigns: sizes and CPU seconds."""
    rng = random.Random(seed)
    rb = lambda n: rng.randbytes(n)  # noqa: E731
    a = HiddenPlayer.invite(name, randbytes=rb, **({"target": None} if name == "triominos" else {}))
    b = HiddenPlayer.accept(a.last_link, randbytes=rb)
    link, players, turn, sent = b.last_link, [a, b], 0, 2
    while sent < at and not (a.finished or b.finished):
        players[turn].receive(link)
        link, turn, sent = players[turn].take_turn(), 1 - turn, sent + 1
    if turn == 0:                      # (b's link on its way to a: taken in first)
        a.receive(link)
    resignation, make = timed(a.resign)
    _, take = timed(lambda: b.receive(resignation))
    _, answer = timed(lambda: a.receive(b.last_link))
    ra, audit = timed(a.audit)
    rb_ = b.audit()
    assert ra["ok"] and ra["resigned"] == [0] and ra["result"] == rb_["result"], (ra, rb_)
    return {"size": len(resignation), "make": make, "take": take, "answer": answer, "audit": audit}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=("triominos", "iwoki", "codex"), default="triominos")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--resign", type=int, default=0, metavar="LINKS")
    args = ap.parse_args()
    if args.resign:
        if args.resign < 4:
            ap.error("--resign needs at least 4 links: a seat can resign once the deal's locks are done")
        got = [resigned(args.game, args.seed + g, args.resign) for g in range(args.games)]
        sizes = [r["size"] for r in got]
        print(f"{args.game}: {args.games} games resigned after {args.resign} links; the resignation link "
              f"{min(sizes):,}-{max(sizes):,} characters; CPU seconds, median / max:")
        for key, name in (("make", "make the resignation"), ("take", "take it in and answer"),
                          ("answer", "take the answer in"), ("audit", "the audit after it")):
            values = [r[key] for r in got]
            print(f"  {name:40} {statistics.median(values):.3f} / {max(values):.3f}")
        return
    sizes: dict[str, list[int]] = {"invitation": [], "reply (lock, shuffle, relock, keys)": [],
                                   "first hand and relock": [], "largest move link": [], "final (seed)": []}
    make, take, loads, audits, locked, longest = [], [], [], [], 0, 0
    setup = [[], [], []]       # making the invitation, B's reply, A's relock and first hand
    for g in range(args.games):
        seed = args.seed + g
        try:
            a, b, links, mk, tk = game(args.game, seed, greedy=g % 2 == 0)
        except GameError as exc:
            locked += 1
            print(f"game {g}: stopped: {exc}")
            continue
        lens = [len(x) for x in links]
        longest = max(longest, max(lens))
        for name, value in zip(sizes, [lens[0], lens[1], lens[2], max(lens[3:-1] or [0]), lens[-1]]):
            sizes[name].append(value)
        make += mk[3:]
        for values, t in zip(setup, mk):
            values.append(t)
        take += tk
        _, t = timed(lambda: load_player(a.to_json()))
        loads.append(t)
        report, t = timed(a.audit)
        audits.append(t)
        assert report["ok"] and report == b.audit(), report
        print(f"game {g}: {len(links)} links, {len(a.moves)} moves, largest link {max(lens):,} "
              f"characters, {report['result']}")
    print(f"\n{args.game}: link sizes, characters (median / max over {args.games} games; "
          "Triominos' target under 8,192):")
    for name, values in sizes.items():
        if values:
            print(f"  {name:40} {int(statistics.median(values)):6,} / {max(values):6,}")
    for name, values in (("make the invitation", setup[0]), ("make B's reply", setup[1]),
                         ("make A's relock and first hand", setup[2]), ("make a move's link", make),
                         ("take a link in (receive)", take),
                         ("load a finished game's record", loads), ("final audit", audits)):
        print(f"  {name:40} median {statistics.median(values):.3f} s, max {max(values):.3f} s CPU")
    print(f"games stopped with the bag's next tiles locked for the other's draws: {locked}")
    print(f"largest link of all: {longest:,} characters")


if __name__ == "__main__":
    main()
