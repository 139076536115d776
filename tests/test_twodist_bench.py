"""benchmarks/twodist.py: Queenbee's two-distance on small Hex boards worked by hand, and the
screen's two modes on a few logged games (no MoHex needed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame_core

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "twodist.py"
sys.path.insert(0, str(ROOT / "benchmarks"))

import twodist  # noqa: E402


def position(size: int, blue=(), red=()):
    g = pygame_core.new_game("hex", size=size, seed=0)
    core, _, _ = g.bit_state()
    w = size + 1
    s0 = sum(1 << (y * w + x) for x, y in blue)
    s1 = sum(1 << (y * w + x) for x, y in red)
    return core, s0, s1


def at(size: int, table: dict) -> dict:
    w = size + 1
    return {(p % w, p // w): v for p, v in table.items()}


def test_two_distance_on_the_empty_board_worked_by_hand():
    # Blue's top row: 1; the next row has two top neighbours except the last cell (one, then its
    # left neighbour's 2 as the second smallest: 3); the bottom row: 3, 4 (2 and 3), 5 (3 and 4)
    core, s0, s1 = position(3)
    top = at(3, twodist.two_distance(core, s0, s1, core.goals[0][0]))
    assert top == {(0, 0): 1, (1, 0): 1, (2, 0): 1, (0, 1): 2, (1, 1): 2, (2, 1): 3,
                   (0, 2): 3, (1, 2): 4, (2, 2): 5}
    # the potential (the smallest sum of both sides) and how many cells reach it: the same for
    # both players on the empty board (Red's sides are Blue's turned a quarter)
    assert twodist.sums(core, s0, s1, 0)[1:] == twodist.sums(core, s1, s0, 1)[1:] == (4, 3)


def test_own_chains_are_passed_through_and_opposing_stones_wall_off():
    core, s0, s1 = position(3, blue=[(1, 1)])
    top = at(3, twodist.two_distance(core, s0, s1, core.goals[0][0]))
    assert top[(0, 2)] == 2  # (next to the chain: the chain's top neighbours are its own)
    assert (1, 1) not in top  # (a stone has none)
    core, s0, s1 = position(3, red=[(1, 0)])
    top = at(3, twodist.two_distance(core, s0, s1, core.goals[0][0]))
    # every second-row cell keeps only one free top neighbour: Red blocks it, so nothing below
    # the top row has a two-distance
    assert top == {(0, 0): 1, (2, 0): 1}
    # the potential goes through c1 alone: 1 to the top, 1 + two 2s to the bottom (b2 and c2
    # each see two bottom cells); a1 has one free neighbour below, so no way down
    total, pot, count = twodist.sums(core, s0, s1, 0)
    assert (pot, count) == (4, 1) and total[2] == 4 and total[0] > twodist.FAR


def small_log(tmp_path: Path, n: int = 10) -> Path:
    lines = (ROOT / "benchmarks" / "data" / "mohex-ladder100-or-s84.jsonl").read_text(encoding="utf-8").splitlines()
    log = tmp_path / "m.jsonl"
    log.write_text("\n".join(lines[:n]) + "\nnot json\n", encoding="utf-8")
    return log


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300,
                          cwd=ROOT)


def test_the_prior_screen_prints_both_models(tmp_path):
    r = run("--prior", str(small_log(tmp_path)))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 2 and lines[0].startswith("the plain prior") and "with the two-distance" in lines[1]
    assert all("held-out top-1 0." in line and "2 games held out, 8 games learned" in line for line in lines)
    assert "not a game line, skipped" in r.stderr


def test_the_value_screen_prints_each_stage(tmp_path):
    r = run("--value", str(small_log(tmp_path)), "--playouts", "8")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "8 fill playouts each" in out and "plies 10-25" in out
    assert "fill playouts 0." in out and "two-distance 0." in out and "both 0." in out


def test_bad_arguments_get_a_short_message(tmp_path):
    for args in (("--prior", "--value", "x"), ("--value", str(small_log(tmp_path)), "--playouts", "0"),
                 ("--prior", str(tmp_path / "absent.jsonl"))):
        r = run(*args)
        last = r.stderr.strip().splitlines()[-1]
        assert r.returncode == 2 and "Traceback" not in r.stderr and len(last) < 200, r.stderr
    empty = tmp_path / "e.jsonl"
    empty.write_text(json.dumps({"history": ["zz99"], "ours_seat": 0, "won": True}) + "\n", encoding="utf-8")
    r = run("--prior", str(empty))
    assert r.returncode == 2 and "no Hex 11 games" in r.stderr
    # a cell played twice, a record far longer than a game, a file that is not text
    odd = tmp_path / "odd.jsonl"
    odd.write_text("\n".join(json.dumps({"history": h, "ours_seat": 0, "won": True})
                             for h in (["a1", "a1", "b2"], ["a1"] * 100000)) + "\n", encoding="utf-8")
    r = run("--value", str(odd))
    assert r.returncode == 2 and "2 game line(s) not a legal Hex 11 game, skipped" in r.stderr
    assert "Traceback" not in r.stderr
    binary = tmp_path / "b.jsonl"
    binary.write_bytes(b"\xff\xfe not text")
    r = run("--prior", str(binary))
    assert r.returncode == 2 and "not text" in r.stderr and "Traceback" not in r.stderr
