"""benchmarks/selfplay.py, the A/B match of search settings: it plays, counts and reports, and a
bad setting is one clear line with exit status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "selfplay.py"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120, cwd=ROOT)


def test_a_small_match_reports_every_game_and_the_interval():
    r = run("--size", "4", "--games", "2", "--seconds", "0.01", "--a", "hsearch_visits=0", "--b", "widen=2")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("hex 4: A {'hsearch_visits': 0} against B {'widen': 2.0}")
    assert sum(line.startswith("game ") for line in lines) == 2
    assert "95 % Wilson" in lines[-1] and "first " in lines[-1] and "/1, second " in lines[-1]


def test_bad_settings_are_one_clear_line():
    for args in (("--a", "no_such_thing=1"), ("--b", "widen=wide"), ("--games", "0"),
                 ("--a", "inferior_cells=maybe"), ("--a", "playout_saves=" + " " * 100_000)):
        r = run(*args)
        assert r.returncode == 2
        assert r.stderr.strip().splitlines()[-1].startswith("usage:") is False
        assert len(r.stderr.strip().splitlines()[-1]) < 120


def test_a_setting_the_game_also_tunes_is_kept_over_the_game_s_tuning():
    # (Hex's hooks set exploration and rave_equivalence at start: a benchmark's --a/--set of
    # either was once silently replaced by the game's value)
    import pygame_core
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import selfplay
    a = selfplay.agent([("rave_equivalence", 30), ("exploration", 0.25)], seed=1)
    g = pygame_core.new_game("hex", seed=0, size=5)
    g.play(g.legal_moves()[0])
    a.start(g)
    assert (a.rave_equivalence, a.exploration) == (30, 0.25)
    b = selfplay.agent([], seed=1)
    b.start(g)
    assert (b.rave_equivalence, b.exploration) == (300, 0.1)  # (the game's own)
