"""The command line: list, play in the terminal, selfplay; as a newcomer meets it (issue 31):
one line, not a traceback, for a mistake; the agent specs of tournament everywhere; saving a
game; a time estimate before a long run; the ``boardwright`` command."""

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

from pygame_core.__main__ import main

ROOT = Path(__file__).resolve().parents[1]


def command(*args):
    return [sys.executable, "-m", "pygame_core", *args]


def run(*args, stdin="", env=None, cwd=ROOT):
    """The command line as a user runs it, in ``cwd`` (this checkout's pygame_core on the path)."""
    env = env or {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    return subprocess.run(command(*args), input=stdin, capture_output=True, text=True, timeout=120,
                          cwd=cwd, env=env)


def one_line_error(r, *parts):
    """Exit status 2 and one line on stderr, ``error: ...`` with each of ``parts``."""
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: "), r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr) < 300, r.stderr
    for part in parts:
        assert part in r.stderr, (part, r.stderr)


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


def test_tournament_table_for_a_scored_game(capsys):
    argv = ["tournament", "triominos", "--agents", "greedy,random,dump", "--games", "2",
            "--seed", "5", "-o", "target=none"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    out = captured.out
    assert "3 agents, 6 seatings x 2 games" in out and "= 12 games" in out
    table = out.split("head to head")[0]
    rows = {line.split()[0]: line.split() for line in table.splitlines()
            if line.split() and line.split()[0] in ("greedy", "random", "dump")}
    assert set(rows) == {"greedy", "random", "dump"}
    assert all(r[1] == "8" for r in rows.values())  # each agent: 2 opponents x 2 seats x 2 games
    assert sum(float(r[2]) for r in rows.values()) == 12  # one win per game (shared wins split)
    assert "95% CI" in out and "avg score" in out and "head to head" in out
    assert "12/12" in captured.err  # the progress bar
    assert "estimate" not in captured.err  # a run of well under 10 s starts without one
    assert main(argv) == 0
    assert capsys.readouterr().out.split("average length")[0] == out.split("average length")[0]


def test_tournament_for_a_game_without_scores_and_with_settings(capsys):
    assert main(["tournament", "hex", "--size", "4", "--agents", "mcts:iterations=20,random",
                 "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "mcts:iterations=20" in out and "2 seatings x 2 games" in out
    line = next(x for x in out.splitlines() if x.startswith("random"))
    assert line.split()[1] == "4" and line.rstrip().endswith("-")  # no scores in Hex


def test_tournament_rotates_seats_for_more_players(capsys):
    from pygame_core.__main__ import run_tournament, tournament_schedule
    assert tournament_schedule(["a", "b"], 2) == [[0, 1], [1, 0]]
    assert tournament_schedule(["a", "b", "c"], 3) == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    assert tournament_schedule(["a", "b"], 3) == [[0, 1, 0], [1, 0, 0], [0, 0, 1]]
    assert len(tournament_schedule(["a", "b", "c", "d"], 3)) == 4 * 3
    result = run_tournament("triominos", ["greedy", "random", "dump"], 1, 3,
                            {"players": 3, "target": None})
    assert result["games"] == 3
    assert all(result["stats"][a]["games"] == 3 for a in ("greedy", "random", "dump"))
    assert sum(result["stats"][a]["wins"] for a in result["stats"]) == 3


def test_tournament_bad_input_is_an_error(capsys):
    assert main(["tournament", "hex", "--agents", "random"]) == 2
    assert main(["tournament", "hex", "--agents", "random,greedy"]) == 2  # greedy: Triominos only
    assert main(["tournament", "hex", "--agents", "random,nobody"]) == 2
    assert main(["tournament", "hex", "--agents", "random,mcts:bogus=1"]) == 2
    assert main(["tournament", "triominos", "--agents", "random,greedy:placement=odd"]) == 2
    assert main(["tournament", "triominos", "--agents", "random,greedy", "--games", "0"]) == 2
    assert "error:" in capsys.readouterr().err


def test_tournament_in_parallel_gives_the_same_table():
    from pygame_core.__main__ import run_tournament
    one = run_tournament("triominos", ["greedy", "dump"], 2, 9, {"target": None})
    two = run_tournament("triominos", ["greedy", "dump"], 2, 9, {"target": None}, jobs=2)
    assert one["stats"] == two["stats"] and one["lengths"] == two["lengths"]


# --------------------------------------------------------------------------- issue 31
def test_bad_agent_settings_are_one_line_not_a_traceback():
    long = "x" * 500
    whole = "iterations must be a whole number from 1 to 100,000,000, not"
    for spec, said in [("mcts:iterations=abc", f"{whole} 'abc'"), ("mcts:iterations=-5", f"{whole} -5"),
                       ("mcts:time_limit=abc", "time_limit must be a number above 0 and at most 3,600, not 'abc'"),
                       ("mcts:iterations=0", "not 0"), ("mcts:time_limit=nan", "not nan"),
                       ("mcts:time_limit=-1", "not -1"), ("mcts:exploration=-0.5", "exploration must be"),
                       (f"mcts:iterations={long}", "... (500 characters)")]:
        one_line_error(run("tournament", "hex", "--size", "3", "--agents", f"{spec},random", "--games", "1"),
                       "bad settings for agent 'mcts': ", said)
    one_line_error(run("play", "hex", "--players", "human,mcts:iterations=abc"), "iterations must be")
    one_line_error(run("selfplay", "hex", "--players", "mcts:time_limit=abc,random"), "time_limit must be")


def test_scheduler_without_dask_is_one_line(tmp_path):
    """Dask hidden: a ``dask`` package earlier on the path that fails to import, as a missing one does."""
    (tmp_path / "dask").mkdir()
    (tmp_path / "dask" / "__init__.py").write_text("raise ModuleNotFoundError('No module named dask', name='dask')\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    r = run("tournament", "hex", "--size", "3", "--agents", "random,random", "--games", "1",
            "--scheduler", "tcp://127.0.0.1:8786", env=env)
    one_line_error(r, "--scheduler needs Dask: pip install '.[cluster]' in a checkout")


def test_list_into_a_closed_pipe_exits_quietly():
    """``boardwright list | head -2``: the reader goes away before the listing is written."""
    proc = subprocess.Popen(command("list"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 1 and err == ""
    r = subprocess.run(["sh", "-c", f"{sys.executable} -m pygame_core list | head -2"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 2 and r.stderr == ""


def test_play_and_selfplay_take_the_agent_specs_of_tournament():
    r = run("play", "hex", "--size", "3", "--players", "human,mcts:iterations=30", stdin="b2\n")
    assert r.returncode == 0, r.stderr
    assert "Red = mcts:iterations=30" in r.stdout and "Red (mcts:iterations=30) plays" in r.stdout
    r = run("selfplay", "hex", "--size", "3", "--players", "mcts:iterations=20,random", "--games", "2")
    assert r.returncode == 0 and "mcts:iterations=20" in r.stdout and "games: 2" in r.stdout
    # an unknown agent: the agents of this game, not all of them
    r = run("play", "hex", "--players", "human,mtcs:iterations=500")
    one_line_error(r, "unknown agent 'mtcs'; the agents of Hex: ")
    assert set(r.stderr.split(": ")[-1].strip().split(", ")) == {"random", "astar", "smart", "mcts"}
    one_line_error(run("selfplay", "hex", "--players", "random,greedy"),
                   "agent 'greedy' does not play Hex; the agents of Hex: random, astar, smart, mcts")
    one_line_error(run("selfplay", "hex", "--players", "human,random"), "selfplay needs agents in every seat")


WIN = "a1\nb1\na2\nb2\na3\n"  # Blue wins on a 3x3 board


def test_play_saves_a_record_that_analyse_review_and_the_page_read(tmp_path):
    from pygame_core import bridge, replay
    from pygame_core.core import detect_record_format
    r = run("play", "hex", "--size", "3", "--seed", "4", "--players", "human,human", "--save", "g.json",
            stdin=WIN, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Blue wins" in r.stdout and "saved to g.json" in r.stdout
    text = (tmp_path / "g.json").read_text()
    record = json.loads(text)
    assert record["moves"] == ["a1", "b1", "a2", "b2", "a3"] and record["seed"] == 4
    assert record["players"] == ["human", "human"] and record["cursor"] == 5
    assert replay(record).winners == [0]
    r = run("analyse", str(tmp_path / "g.json"), "--at", "2", "--iterations", "40")
    assert r.returncode == 0 and "Hex, 2 moves played, Blue to move" in r.stdout, r.stderr
    r = run("review", str(tmp_path / "g.json"), "--iterations", "20", "--format", "json")
    assert r.returncode == 0 and len(json.loads(r.stdout)["moves"]) == 5, r.stderr
    state = bridge.handle({"cmd": "import", "text": text}, bridge.Session())  # the page's Import
    assert state["ok"] and state["result"]["moves"] == record["moves"]

    # SGF for Hex; a game quit half way is saved too, with the agent's seat by name
    r = run("play", "hex", "--size", "3", "--players", "human,mcts:iterations=20", "--save", "g.sgf",
            stdin="a1\nquit\n", cwd=tmp_path)
    assert r.returncode == 0 and "saved to g.sgf" in r.stdout, r.stderr
    sgf = (tmp_path / "g.sgf").read_text()
    assert sgf.startswith("(;FF[4]GM[11]") and "SZ[3]" in sgf and ";B[a1];W[" in sgf
    assert replay(detect_record_format(sgf).parse(sgf)).moves[0] == "a1"
    assert run("analyse", str(tmp_path / "g.sgf"), "--iterations", "40").returncode == 0
    r = run("play", "hex", "--size", "3", "--players", "human,mcts:iterations=20", "--save", "q.json",
            stdin="a1\nquit\n", cwd=tmp_path)
    assert json.loads((tmp_path / "q.json").read_text())["players"] == ["human", "mcts"]


def test_play_save_failures(tmp_path):
    r = run("play", "hex", "--size", "3", "--players", "human,human", "--save",
            str(tmp_path / "missing" / "g.json"), stdin=WIN)
    one_line_error(r, "cannot save the game to ", "No such file or directory")
    assert "Blue wins" in r.stdout and "moves: a1 b1 a2 b2 a3" in r.stdout  # the result all the same
    r = run("play", "triominos", "--save", "t.sgf", cwd=tmp_path)  # refused before the game starts
    one_line_error(r, "Triominos cannot be saved as an SGF file of Hex; save it as .json")
    assert r.stdout == ""


def first_stderr_line(*args) -> str:
    """The first line a run writes on stderr; the run is stopped there."""
    proc = subprocess.Popen(command(*args), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        return proc.stderr.readline()
    finally:
        proc.kill()
        proc.wait(timeout=60)


def test_long_runs_say_how_long_they_will_take_first():
    # a time limit above 3 s is taken as it is, not timed: the line comes at once
    line = first_stderr_line("tournament", "hex", "--agents", "mcts:time_limit=5,random", "--games", "20")
    # 2 seatings x 20 games of ~100 moves at 2.5 s a move on average (5 s, and random's next to nothing)
    assert line.startswith("estimate: up to about ") and " h for 40 games of ~" in line, line
    assert "(a random game's length) at ~2.5 s a move (a move of each agent timed, or its time limit)" in line
    line = first_stderr_line("selfplay", "hex", "--players", "mcts:time_limit=4", "--games", "50", "--size", "5")
    assert line.startswith("estimate: up to about ") and " min for 50 games of ~" in line, line
    r = run("selfplay", "hex", "--size", "3", "--players", "random", "--games", "3")
    assert r.returncode == 0 and "estimate" not in r.stderr


def test_the_command_is_boardwright():
    assert run("--help").stdout.startswith("usage: boardwright ")
    assert run("play", "--help").stdout.startswith("usage: boardwright play ")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"] == {"boardwright": "pygame_core.__main__:main"}
