"""Two versions of our search compared game by game: the games of two sets of match logs
(``benchmarks/mohex.py`` or ``benchmarks/morat.py``) that share their seed, game number, seat and
opening were played from the same start, so only the pairs where the results differ tell the
versions apart (a paired design: most of the noise of two independent win rates is the
openings', and it cancels).

    python benchmarks/paired.py --a vul-s44.jsonl vul-s45.jsonl --b base-s44.jsonl base-s45.jsonl

Prints the pairs both won, only A won, only B won, both lost; A's share of the pairs that differ
with its 95 % Wilson interval, and the exact two-sided sign test's p (the chance of a split at
least this uneven if A and B were equally strong).  A game appearing twice in one set counts
once (its first line).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pygame_core.tournament import wilson  # noqa: E402

KEY = ("seed", "game", "ours_seat", "opening")


def games(paths: list[Path], ap) -> dict[tuple, bool]:
    """The games of some logs: (seed, game, seat, opening) -> won; bad lines reported, skipped."""
    out: dict[tuple, bool] = {}
    for path in paths:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as e:
            ap.error(f"cannot read {str(path)[:60]}: {getattr(e, 'strerror', None) or 'not text'}")
        skipped = 0
        for line in lines:
            try:
                rec = json.loads(line)
                key = tuple(rec[k] for k in KEY)
                hash(key)
                won = rec["won"]
                if not isinstance(won, bool):
                    raise TypeError
            except (ValueError, KeyError, TypeError, RecursionError):
                skipped += 1
                continue
            out.setdefault(key, won)
        if skipped:
            print(f"{str(path)[:60]}: {skipped} lines not a game, skipped", file=sys.stderr)
    return out


def sign_test(a: int, b: int) -> float:
    """The exact two-sided sign test: the chance, with equal odds, of a split of ``a + b``
    at least as uneven as ``a`` to ``b``.  Exact integers up to 1,000 games; beyond, the same
    sum in floating point, term by term from the largest (linear in the games, not quadratic)."""
    n, k = a + b, min(a, b)
    if n == 0:
        return 1.0
    if n <= 1000:
        tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    else:
        tail = _tail(n, k)
    return min(1.0, 2 * tail)


def _tail(n: int, k: int) -> float:
    """The sum over ``i <= k`` of ``comb(n, i) / 2 ** n`` (``k <= n / 2``) in floating point."""
    log_term = math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) - n * math.log(2)
    total = 0.0
    for i in range(k, -1, -1):  # comb(n, i - 1) = comb(n, i) * i / (n - i + 1)
        term = math.exp(log_term)
        total += term
        if term < total * 1e-17 or i == 0:
            break
        log_term += math.log(i) - math.log(n - i + 1)
    return total


def compare(a: dict[tuple, bool], b: dict[tuple, bool]) -> dict:
    shared = sorted(set(a) & set(b), key=repr)
    counts = {"both": 0, "a": 0, "b": 0, "neither": 0}
    for key in shared:
        counts[{(True, True): "both", (True, False): "a", (False, True): "b", (False, False): "neither"}[
            (a[key], b[key])]] += 1
    return {"pairs": len(shared), **counts, "a_wins": sum(a[k] for k in shared),
            "b_wins": sum(b[k] for k in shared), "p": sign_test(counts["a"], counts["b"])}


def report(r: dict) -> list[str]:
    n, d = r["pairs"], r["a"] + r["b"]
    lo, hi = wilson(r["a"], d)
    return [f"{n} games played by both from the same start: A won {r['a_wins']}, B won {r['b_wins']}",
            f"both won {r['both']}, only A {r['a']}, only B {r['b']}, both lost {r['neither']}",
            (f"A won {r['a']} of the {d} that differ ({100 * lo:.1f}-{100 * hi:.1f} %); "
             f"sign test p = {r['p']:.3f}") if d else "no game differs"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", nargs="+", type=Path, required=True, help="version A's match logs")
    ap.add_argument("--b", nargs="+", type=Path, required=True, help="version B's match logs")
    args = ap.parse_args(argv)
    a, b = games(args.a, ap), games(args.b, ap)
    r = compare(a, b)
    if not r["pairs"]:
        ap.error(f"no game is in both sets ({len(a)} in A, {len(b)} in B): "
                 "pair logs of the same seeds and games")
    print("\n".join(report(r)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
