"""Learn a Hex or Y move-prior model (``pygame_core/games/connection/hex_patterns.py``) from games, and
write the table the wheel ships (``pygame_core/games/hex/pattern_table.py`` or
``pygame_core/games/y/pattern_table.py``).

    python build_scripts/learn_patterns.py GAMES.jsonl [GAMES.jsonl ...] [--min-seen 10] [--holdout LOG] [--out PATH] [--two-distance]

The games are JSON lines with ``moves`` (cell names such as ``f6``; the first move, a seeded
random opening, is not learned from), a board of 11 unless ``size`` says otherwise, and Hex
unless ``game`` is ``"y"`` (a regular triangle, 13 unless ``size`` says otherwise), e.g. as
``benchmarks/mohex_games.py`` writes them (MoHex 2.0 playing itself: its games are our data; none
of its code, weights or books is used) or ``benchmarks/morat_games.py`` (morat-y playing itself);
the game logs of ``benchmarks/mohex.py`` and ``benchmarks/morat.py`` count too, with only the
other engine's moves learned from.  All
the games of a run are of one game; the table is that game's.  ``--holdout LOG`` (a ``benchmarks/mohex_analysis.py`` log) leaves
out every game that opens with the first move of one of its positions, so that the analysis
benchmark's positions stay unseen.

The model is Bradley–Terry over the empty cells of a position (Coulom's "minorization-
maximization", 2007): each cell's strength is the product of the strengths of its small
pattern, its large pattern (only those seen at least ``--min-seen`` times; others count 1) and
where it lies from the last move, on Hex with ``--two-distance`` crossed with the cell's two-distance
class pair (``pygame_core/games/connection/twodist.py``: how far its way between the sides is from
the best, for the mover and for the opponent; 4 x 16 values); the chance of a move is its
strength over the sum.  Each
strength is smoothed by one virtual win and one virtual expected win.  Every ``--test``-th game
is held out and the top-1 rate (how often the strongest cell is the move played) printed for it,
then the model is learned again from every game and written: each strength as
``round(16 * log2(gamma)) + 128`` in one byte, the table zlib-compressed and base64-encoded.
Deterministic: the same games give the same file.
"""

from __future__ import annotations

import argparse
import base64
import json
import math
import struct
import sys
import zlib
from array import array
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pygame_core.games.connection import twodist  # noqa: E402
from pygame_core.games.connection.bitboard import hex_core  # noqa: E402
from pygame_core.games.connection.hex_patterns import CODES, NEAR, codes, geometry, near  # noqa: E402

TABLES = Path(__file__).resolve().parents[1] / "pygame_core" / "games"
ROUNDS = 12
DEFAULT_SIZE = {"hex": 11, "y": 13}


def kind_of(g: dict) -> str:
    """A game line's game: ``game`` if it names one (``benchmarks/mohex_games.py`` numbers its
    games there), else Hex."""
    kind = g.get("game", 0)
    if isinstance(kind, str):
        return kind
    if isinstance(kind, int) and not isinstance(kind, bool):
        return "hex"
    raise ValueError("not a game")


def board(g: dict):
    """The pattern geometry of a game line (``game``: ``"hex"`` or ``"y"``, ``size``)."""
    kind = kind_of(g)
    if kind not in DEFAULT_SIZE:
        raise ValueError
    size = int(g.get("size", DEFAULT_SIZE[kind]))
    if not 2 <= size <= 26:
        raise ValueError
    return geometry(kind, size)


def cell(name: str, geo) -> tuple[int, int]:
    x, y = ord(name[0]) - 97, int(name[1:]) - 1
    if not geo.on(x, y):
        raise ValueError(f"not a cell of {geo.kind} {geo.size}: {name[:8]!r}")
    return x, y


def positions(games: list[dict], cross=None, last_only: bool = False):
    """Per learned move: (small codes, large codes, near classes, index of the move played).
    ``cross`` (screens of new features, ``benchmarks/twodist.py``): ``cross(moves, size)``, the
    moves before a learned one, gives a function of a cell ``(x, y)`` to a class below
    ``cross.classes``, crossed into the third feature; ``last_only``: each game's last move only."""
    for g in games:
        geo = board(g)
        size = geo.size
        cells = [-1] * (size * size)
        skip = g.get("skip_seat")  # (a match record: only the other seat's moves are learned from)
        last = None
        for i, name in enumerate(g["moves"]):
            x, y = cell(name, geo)
            me = i % 2
            if i > 0 and me != skip and cells[y * size + x] < 0 and (not last_only or i == len(g["moves"]) - 1):
                klass = cross(g["moves"][:i], size) if cross else None
                small, large, nears, chosen = array("i"), [], array("b"), -1
                for cx, cy in geo.cells:
                    if cells[cy * size + cx] < 0:
                        if (cx, cy) == (x, y):
                            chosen = len(small)
                        a, b = codes(cells, geo, cx, cy, me)
                        small.append(a)
                        large.append(b)
                        n = near(cx, cy, *last) if last else 0
                        nears.append(n * cross.classes + klass(cx, cy) if klass else n)
                yield small, large, nears, chosen
            cells[y * size + x] = me
            last = (x, y)


class Classes:
    """:func:`positions`' ``cross`` for Hex: each empty cell's two-distance class pair
    (:func:`pygame_core.games.connection.twodist.cell_classes`) before each learned move."""

    classes = twodist.K * twodist.K

    def __call__(self, moves: list, size: int):
        core, w = hex_core(size), size + 1
        s = [0, 0]
        for i, name in enumerate(moves):
            s[i % 2] |= 1 << ((int(name[1:]) - 1) * w + ord(name[0]) - 97)
        me = len(moves) % 2
        pairs = twodist.cell_classes(core, s[me], s[1 - me], me)
        return lambda x, y: pairs[y * w + x]


class Model:
    def __init__(self, data: list, min_seen: int, near: int = NEAR):
        seen: dict = {}
        for _, large, _, _ in data:
            for c in large:
                seen[c] = seen.get(c, 0) + 1
        kept = sorted(c for c, n in seen.items() if n >= min_seen)
        self.large_codes = kept
        ids = {c: i for i, c in enumerate(kept)}
        # features: small codes, then kept large codes, then near classes, then one "no large" id
        self.n_large = len(kept)
        self.off_large = CODES
        self.off_near = CODES + len(kept)
        self.near = near
        self.none = self.off_near + near
        self.rows = []
        for small, large, nears, chosen in data:
            lg = array("i", (CODES + ids[c] if c in ids else self.none for c in large))
            nr = array("i", (self.off_near + n for n in nears))
            self.rows.append((small, lg, nr, chosen))
        self.gamma = [1.0] * (self.none + 1)

    def learn(self, rounds: int = ROUNDS) -> None:
        wins = [0.0] * len(self.gamma)
        for small, lg, nr, chosen in self.rows:
            for f in (small[chosen], lg[chosen], nr[chosen]):
                wins[f] += 1.0
        g = self.gamma
        for _ in range(rounds):
            for group in range(3):
                den = [0.0] * len(g)
                for row in self.rows:
                    small, lg, nr, _ = row
                    strengths = [g[a] * g[b] * g[c] for a, b, c in zip(small, lg, nr)]
                    inv = 1.0 / sum(strengths)
                    for f, s in zip(row[group], strengths):
                        den[f] += s / g[f] * inv
                lo, hi = ((0, CODES), (CODES, self.off_near), (self.off_near, self.none))[group]
                for f in range(lo, hi):
                    g[f] = (wins[f] + 1.0) / (den[f] + 1.0)
            g[self.none] = 1.0

    def top1(self, data: list) -> float:
        """How often the strongest cell of a held-out position is the move played."""
        g, ids = self.gamma, {c: i for i, c in enumerate(self.large_codes)}
        hits = 0
        for small, large, nears, chosen in data:
            best, arg = -1.0, -1
            for i, (a, b, c) in enumerate(zip(small, large, nears)):
                s = g[a] * (g[CODES + ids[b]] if b in ids else 1.0) * g[self.off_near + c]
                if s > best:
                    best, arg = s, i
            hits += arg == chosen
        return hits / max(1, len(data))

    def encode(self) -> bytes:
        def byte(x: float) -> int:
            return max(0, min(255, round(16 * math.log2(x)) + 128))
        g = self.gamma
        out = bytearray(struct.pack("<II", CODES, self.n_large))
        out += bytes(byte(g[f]) for f in range(CODES))
        prev = 0
        for c in self.large_codes:  # (sorted: gaps as LEB128 varints)
            d, prev = c - prev, c
            while True:
                b, d = d & 0x7F, d >> 7
                out.append(b | (0x80 if d else 0))
                if not d:
                    break
        out += bytes(byte(g[CODES + i]) for i in range(self.n_large))
        out += bytes(byte(g[self.off_near + k]) for k in range(self.near))
        return bytes(out)


def source(data: bytes, kind: str, games: int, count: int, min_seen: int, top1: float | None) -> str:
    text = base64.b64encode(zlib.compress(data, 9)).decode("ascii")
    lines = [text[i:i + 96] for i in range(0, len(text), 96)]
    body = "\n".join(f'    "{line}"' for line in lines)
    held = "" if top1 is None else f"; held-out top-1 {top1:.3f}"
    return (f'"""Generated by build_scripts/learn_patterns.py from {games} {kind} games ({count} positions), '
            f'min-seen {min_seen}{held}: do not edit.  Read by hex_patterns.weights()."""\n\n'
            f'DATA = (\n{body}\n)\n')

def read_games(paths: list[Path], ap) -> list[dict]:
    games = []
    for path in paths:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as e:
            ap.error(f"cannot read {str(path)[:60]}: {e.strerror}")
        except UnicodeDecodeError:
            ap.error(f"cannot read {str(path)[:60]}: not text")
        for n, line in enumerate(lines, 1):
            try:
                g = json.loads(line)
                if "history" in g and "ours_seat" in g:  # a benchmarks/mohex.py or morat.py match: theirs only
                    match = {"moves": g["history"], "skip_seat": int(g["ours_seat"])}
                    if "sims" in g:  # (morat-y's: a Y match)
                        match.update(game="y", size=g["size"])
                    g = match
                geo = board(g)
                if not isinstance(g["moves"], list):
                    raise ValueError
                for name in g["moves"]:
                    cell(name, geo)
            except (ValueError, KeyError, TypeError, IndexError, AttributeError):
                print(f"{str(path)[:60]}:{n}: not a game line, skipped", file=sys.stderr)
                continue
            games.append(g)
    return games


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="+", type=Path)
    ap.add_argument("--min-seen", type=int, default=10)
    ap.add_argument("--test", type=int, default=5, help="hold out every N-th game to measure (0: none)")
    ap.add_argument("--rounds", type=int, default=ROUNDS)
    ap.add_argument("--holdout", type=Path, action="append", default=[],
                    help="a benchmarks/mohex_analysis.py log: leave out games opening as its positions do")
    ap.add_argument("--out", type=Path, help="the table to write (default: the game's, in the package)")
    ap.add_argument("--two-distance", action="store_true",
                    help="Hex: cross the third feature with the cells' two-distance classes (not Y)")
    args = ap.parse_args(argv)
    if not 1 <= args.min_seen <= 10**6 or not 0 <= args.test <= 10**6 or not 1 <= args.rounds <= 1000:
        ap.error("--min-seen 1 to 1000000, --test 0 to 1000000, --rounds 1 to 1000")
    games = read_games(args.games, ap)
    openings = {g["moves"][0] for g in read_games(args.holdout, ap) if g["moves"]}
    if openings:
        kept = [g for g in games if not g["moves"] or g["moves"][0] not in openings]
        print(f"--holdout: {len(games) - len(kept)} games left out")
        games = kept
    if not games:
        ap.error("no games")
    kinds = {kind_of(g) for g in games}
    if len(kinds) > 1:
        ap.error("the games are of more than one game (hex and y): learn each apart")
    kind = kinds.pop()
    out = args.out or TABLES / kind / "pattern_table.py"
    if args.two_distance and kind != "hex":
        ap.error("--two-distance: Hex games only")
    cross = Classes() if args.two_distance else None
    nears = NEAR * (cross.classes if cross else 1)
    top1 = None
    if args.test and len(games) >= 2 * args.test:
        train = [g for i, g in enumerate(games) if i % args.test]
        held = [g for i, g in enumerate(games) if not i % args.test]
        m = Model(list(positions(train, cross)), args.min_seen, nears)
        m.learn(args.rounds)
        top1 = m.top1(list(positions(held, cross)))
        print(f"held out {len(held)} games: top-1 {top1:.3f}")
    data = list(positions(games, cross))
    m = Model(data, args.min_seen, nears)
    m.learn(args.rounds)
    out.write_text(source(m.encode(), kind, len(games), len(data), args.min_seen, top1), encoding="utf-8")
    print(f"{len(games)} {kind} games, {len(data)} positions, {m.n_large} large patterns: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
