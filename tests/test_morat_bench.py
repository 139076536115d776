"""benchmarks/morat.py without morat-y: its help, a clear message with exit status 2, and the
mapping check's positions in our engine alone (morat-y is a benchmark opponent only, never a
requirement of the tests: an installed one is hidden from them)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
from bench_logs import summary_rows

import pygame_core

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "morat.py"


def run(*args: str, script=SCRIPT, **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in ("MORAT", "XDG_CACHE_HOME")}
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=60,
                          env={**base, **env}, cwd=ROOT)


def test_the_games_maker_without_morat(tmp_path):
    absent = str(tmp_path / "absent")
    script = ROOT / "benchmarks" / "morat_games.py"
    r = run("--help", script=script, MORAT=absent)
    assert r.returncode == 0 and "--sims" in r.stdout and "--size" in r.stdout
    r = run("--games", "1", "--out", str(tmp_path / "g.jsonl"), script=script, MORAT=absent)
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and lines[0].startswith(f"morat-y not found at {absent}")
    r = run("--games", "0", "--out", str(tmp_path / "g.jsonl"), script=script, MORAT=absent)
    assert r.returncode == 2 and "--games" in r.stderr.strip().splitlines()[-1]


def test_help_works_without_morat(tmp_path):
    r = run("--help", MORAT=str(tmp_path / "absent"))
    assert r.returncode == 0 and "--ladder" in r.stdout and "--equal" in r.stdout and "--size" in r.stdout


def test_absent_morat_is_one_clear_line_and_status_2(tmp_path):
    absent = str(tmp_path / "absent")
    for args, env in ((("--check", "--morat", absent), {}), (("--ladder", "100"), {"MORAT": absent}),
                      (("--equal",), {"XDG_CACHE_HOME": str(tmp_path)})):  # the default path, in an empty cache
        r = run(*args, **env)
        assert r.returncode == 2, r.stderr
        lines = r.stderr.strip().splitlines()
        want = absent if "XDG_CACHE_HOME" not in env else str(tmp_path / "boardwright-morat" / "morat" / "morat-y")
        assert len(lines) == 1 and lines[0].startswith(f"morat-y not found at {want}") and "--morat" in lines[0]


@pytest.fixture(scope="module")
def morat_module():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec = importlib.util.spec_from_file_location("morat_bench", SCRIPT)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


@pytest.mark.parametrize("size", [5, 13, 25])
def test_check_positions_have_one_winning_cell(morat_module, size):
    """What --check asks morat holds in our engine: for X and for O to move, exactly one cell wins."""
    for o_to_move in (False, True):
        xs, os_, winning = morat_module.one_gap_position(size, o_to_move)
        game = pygame_core.new_game("y", family="regular", size=size)
        for x, y in [c for pair in zip(xs, os_) for c in pair] + xs[len(os_):]:
            game.play(morat_module.cell(x, y))
        assert not game.is_over and game.current_player == int(o_to_move)
        assert morat_module.winning_moves(game) == [winning]


def test_search_settings_are_checked_and_kept_apart_in_the_summary(tmp_path):
    absent = str(tmp_path / "absent")
    r = run("--ladder", "100", "--set", "bogus=1", MORAT=absent)
    assert r.returncode == 2 and "not a search setting: 'bogus=1'" in r.stderr.strip().splitlines()[-1]
    base = {"size": 13, "mode": "ladder", "sims": 1000, "seconds": 1.0, "our_iterations": None, "seed": 1,
            "steer": None, "game": 0, "ours_seat": 0, "opening": "g4", "won": True, "moves": 30, "wall": 20.0,
            "ours": {"moves": 15, "cpu": 12.0, "wall": 12.0, "iterations": 300000, "each": []},
            "theirs": {"moves": 14, "cpu": 0.3, "wall": 0.3, "sims": 14000, "budget": 14000, "short": 2, "each": []}}
    tuned = {**base, "won": False, "set": "prior_bias=10.0"}  # (``base``: a line from before --set)
    rows = summary_rows(run, tmp_path, (base, tuned), "vs morat 1,000 sims", MORAT=absent)
    assert len(rows) == 2 and "prior_bias" not in rows[0] and "prior_bias=10.0 vs morat" in rows[1]
