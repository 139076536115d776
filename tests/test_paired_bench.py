"""benchmarks/paired.py: two versions' match logs compared game by game (same seed, game, seat
and opening), with the exact sign test on the games that differ."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "paired.py"
sys.path.insert(0, str(ROOT / "benchmarks"))

from paired import _tail, sign_test  # noqa: E402


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60, cwd=ROOT)


def log(path: Path, results: list[bool], seed: int = 7, extra: str = "") -> Path:
    lines = [json.dumps({"seed": seed, "game": k, "ours_seat": k % 2, "opening": f"a{k + 1}", "won": w})
             for k, w in enumerate(results)]
    path.write_text("\n".join(lines) + "\n" + extra, encoding="utf-8")
    return path


def test_the_sign_test_against_counting_every_outcome():
    for a, b in ((8, 4), (0, 0), (5, 5), (11, 5), (0, 6), (12, 1)):
        n = a + b
        # every sequence of n fair coin flips; those at least as uneven as a to b
        extreme = sum(1 for flips in itertools.product((0, 1), repeat=n)
                      if abs(2 * sum(flips) - n) >= abs(a - b))
        assert abs(sign_test(a, b) - min(1.0, extreme / 2 ** n)) < 1e-12, (a, b)


def test_large_splits_are_quick_and_agree_with_the_exact_sum():
    import math
    for n, k in ((1200, 600), (1200, 550), (2001, 900)):  # the float sum against exact integers
        exact = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
        assert abs(_tail(n, k) - exact) <= 1e-9 * exact, (n, k)
    assert sign_test(100000, 100000) == 1.0
    z = 2000 / math.sqrt(200000)  # 101,000 to 99,000: the normal approximation, within 5 %
    assert abs(sign_test(101000, 99000) / math.erfc(z / math.sqrt(2)) - 1) < 0.05


def test_pairs_are_counted_by_their_start(tmp_path):
    a = log(tmp_path / "a.jsonl", [True, True, False, True, False, True])
    b = log(tmp_path / "b.jsonl", [True, False, False, False, True, True, True])  # one game more
    r = run("--a", str(a), "--b", str(b))
    assert r.returncode == 0, r.stderr
    assert "6 games played by both from the same start: A won 4, B won 3" in r.stdout
    assert "both won 2, only A 2, only B 1, both lost 1" in r.stdout
    assert "A won 2 of the 3 that differ" in r.stdout and "sign test p = 1.000" in r.stdout


def test_bad_lines_and_logs_that_share_no_game(tmp_path):
    a = log(tmp_path / "a.jsonl", [True, False], extra='not json\n{"seed": [1], "won": true}\n{"won": 1}\n')
    b = log(tmp_path / "b.jsonl", [False, False], seed=8)
    r = run("--a", str(a), "--b", str(b))
    assert r.returncode == 2
    assert "3 lines not a game, skipped" in r.stderr
    assert "no game is in both sets (2 in A, 2 in B)" in r.stderr
    r = run("--a", str(tmp_path / ("x" * 300)), "--b", str(b))
    assert r.returncode == 2 and "cannot read" in r.stderr and len(r.stderr.splitlines()[-1]) < 200
