"""The command line: list, play in the terminal, selfplay."""

import subprocess
import sys

from pygame_core.__main__ import main


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "pygame_core", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_list():
    r = run("list")
    assert r.returncode == 0 and "hex" in r.stdout and "astar" in r.stdout


def test_play_in_terminal_hot_seat_to_a_win():
    moves = "a1\nb1\nzz\nb1\na2\nb2\nundo\nb2\na3\n"
    r = run("play", "hex", "--size", "3", "--players", "human,human", stdin=moves)
    assert r.returncode == 0, r.stderr
    assert "error:" in r.stdout and "Blue wins" in r.stdout
    assert "moves: a1 b1 a2 b2 a3" in r.stdout


def test_play_against_agent_until_eof():
    r = run("play", "hex", "-o", "size=4", "--players", "human,astar", stdin="b2\n")
    assert r.returncode == 0 and "Red (astar) plays" in r.stdout


def test_selfplay_table(capsys):
    assert main(["selfplay", "hex", "--size", "5", "--players", "smart,random", "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "smart" in out and "win %" in out and "games: 4" in out


def test_bad_cli_input_is_an_error_not_a_crash(capsys):
    assert main(["play", "hex", "--size", "99"]) == 2
    assert main(["selfplay", "hex", "--players", "human,random"]) == 2
    assert main(["play", "nogame"]) == 2
    assert "error:" in capsys.readouterr().err
