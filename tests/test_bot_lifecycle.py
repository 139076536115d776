"""A bot's lifecycle (issue 29): ``start`` once, with its seat's view at move 0, before any
``observe``, in every seat and every way a game is run (play_match, the bot bridge's new/step
and choose); a failing start forfeits; and the docs' bot examples run as written."""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from pygame_core import bot_bridge, new_game
from pygame_core.tournament import play_match

ROOT = Path(__file__).resolve().parents[1]

# Checks its own lifecycle and raises (so forfeits the game, with the reason) when it is wrong.
RECORDER = '''
from pygame_core.bots import Bot


class Recorder(Bot):
    def start(self, game):
        assert not hasattr(self, "events"), "started twice"
        assert len(game.history) == 0, f"started at move {len(game.history)}"
        assert game.is_view or not game.hidden_information, "start got the full game"
        self.events = [("start", self.seat)]
        self.observed = 0

    def observe(self, move):
        assert hasattr(self, "events"), "observe before start"
        self.events.append(("observe", move))
        self.observed += 1

    def choose(self, game):
        assert hasattr(self, "events"), "choose before start"
        assert game.current_player == self.seat, f"seat {self.seat} asked to move for {game.current_player}"
        assert self.observed == len(game.history), f"observed {self.observed} of {len(game.history)} moves"
        self.events.append(("choose", len(game.history)))
        return self.rng.choice(game.legal_moves())
'''

BAD_START = '''
class BadStart:
    def start(self, game):
        return {}["x"]

    def choose(self, game):
        return game.legal_moves()[0]
'''


def _seats(bot_seat, n=2, source=RECORDER):
    return [{"bot": source, "file": "<rec>", "settings": {}} if i == bot_seat else
            {"agent": "random", "settings": {}} for i in range(n)]


@pytest.mark.parametrize("game_id, options", [("hex", {"size": 4}), ("triominos", {"target": None})])
@pytest.mark.parametrize("bot_seat", [0, 1])
def test_play_match_starts_every_bot_before_any_observe(game_id, options, bot_seat):
    for seed in (1, 2):
        res = play_match(game_id, options, seed, _seats(bot_seat))
        assert "forfeit" not in res, res
    both = play_match("hex", {"size": 4}, 3, [{"bot": RECORDER, "file": "<rec>", "settings": {}}] * 2)
    assert "forfeit" not in both, both


@pytest.mark.parametrize("bot_seat", [0, 1])
def test_a_bot_whose_start_raises_forfeits_with_the_reason(bot_seat):
    res = play_match("hex", {"size": 3}, 1, _seats(bot_seat, source=BAD_START))
    assert res["forfeit"] == bot_seat and res["moves"] == 0
    assert "the bot's start raised line 4: KeyError" in res["error"]


@pytest.mark.skipif(not hasattr(__import__("signal"), "setitimer"), reason="Unix interval timers")
def test_a_start_or_observe_that_loops_is_stopped_by_the_move_limit():
    loop_start = "class L:\n    def start(self, game):\n        while True:\n            pass\n" \
                 "    def choose(self, game):\n        return game.legal_moves()[0]\n"
    res = play_match("hex", {"size": 3}, 1, _seats(1, source=loop_start), move_limit=0.2)
    assert res["forfeit"] == 1 and res["error"] == "the bot's start took longer than 0.2 s"
    loop_observe = loop_start.replace("def start(self, game)", "def observe(self, move)")
    res = play_match("hex", {"size": 3}, 1, _seats(1, source=loop_observe), move_limit=0.2)
    assert res["forfeit"] == 1 and res["error"] == "the bot's observe took longer than 0.2 s" and res["moves"] == 1


def _ok(req):
    out = bot_bridge.handle(req)
    assert out["ok"], out
    return out["result"]


@pytest.mark.parametrize("game_id, options", [("hex", {"size": 4}), ("triominos", {"target": None})])
@pytest.mark.parametrize("bot_seat", [0, 1])
def test_bridge_new_and_step_start_the_bot_before_any_observe(game_id, options, bot_seat):
    _ok({"cmd": "load", "source": RECORDER})
    seats = [{"bot": True} if i == bot_seat else {"agent": "random"} for i in range(2)]
    state = _ok({"cmd": "new", "game": game_id, "options": options, "seed": 5, "seats": seats})
    bot = bot_bridge._session.match[1][bot_seat].bot
    assert bot.events == [("start", bot_seat)]  # started by new, before any step
    while not state["is_over"]:
        state = _ok({"cmd": "step"})
        assert "forfeit" not in state, state
    assert state == {**state, "winners": play_match(game_id, options, 5, _seats(bot_seat))["winners"]}


def test_bridge_new_forfeits_a_bot_whose_start_raises():
    _ok({"cmd": "load", "source": BAD_START})
    state = _ok({"cmd": "new", "game": "hex", "options": {"size": 3}, "seed": 1,
                 "seats": [{"agent": "random"}, {"bot": True}]})
    assert state["is_over"] and state["forfeit"] == 1 and state["winners"] == [0] and state["line"] == 4
    assert "start raised" in state["error"] and bot_bridge._session.match is None


@pytest.mark.parametrize("game_id, options", [("hex", {"size": 4}), ("triominos", {"target": None})])
@pytest.mark.parametrize("bot_seat", [0, 1])
def test_bridge_choose_replays_start_at_move_0_then_every_move(game_id, options, bot_seat):
    _ok({"cmd": "load", "source": RECORDER})
    game = new_game(game_id, seed=9, **options)
    while game.current_player != bot_seat or len(game.history) < 3:
        game.play(game.legal_moves()[0])
    for _ in range(2):  # a fresh bot, then the same bot going on with the record
        _ok({"cmd": "choose", "record": game.record(), "seat": bot_seat})
        events = bot_bridge._session.played[1].bot.events
        seen = [game.public_move_text(i, bot_seat) for i in range(len(game.history))]
        assert events[0] == ("start", bot_seat)
        assert [e[1] for e in events if e[0] == "observe"] == seen
        assert events[-1] == ("choose", len(game.history))
        game.play(game.legal_moves()[-1])
        while game.current_player != bot_seat:
            game.play(game.legal_moves()[0])


def test_bridge_check_starts_the_bot_at_move_0():
    _ok({"cmd": "load", "source": RECORDER})
    assert _ok({"cmd": "check", "game": "triominos", "positions": 10})["positions"] == 10


# --------------------------------------------------------------------------- the docs, as written
# the bot examples live in the documentation's pages: docs/bots.md (the bot class, the
# tournament commands) and docs/play.md (the workbench's downloaded bot)
DOC_PAGES = ("docs/bots.md", "docs/play.md")


def _docs():
    return "\n".join((ROOT / page).read_text(encoding="utf-8") for page in DOC_PAGES)


def docs_bot_blocks() -> list[str]:
    """The docs' Python code blocks that define a bot class."""
    blocks = re.findall(r"```python\n(.*?)```", _docs(), re.S)
    return [b for b in blocks if "(Bot)" in b and "def choose" in b]


def docs_bot_commands() -> list[str]:
    """The docs' ``boardwright tournament`` commands that play a bot file."""
    out = []
    for line in _docs().splitlines():
        for cmd in re.findall(r"boardwright tournament [^`#\n]*", line):
            if re.search(r"\w+\.py\b", cmd):
                out.append(cmd.strip())
    return out


def test_the_docs_have_the_bot_examples_this_file_runs():
    assert len(docs_bot_blocks()) == 1 and "class Playouts(Bot)" in docs_bot_blocks()[0]
    commands = docs_bot_commands()
    assert len(commands) >= 3  # never passes on zero examples
    assert sum("mybot.py" in c for c in commands) == 2 and sum("my_bot.py" in c for c in commands) == 1


@pytest.mark.parametrize("command", docs_bot_commands(), ids=lambda c: re.search(r"--agents (\S+)", c).group(1))
def test_the_docs_bot_commands_run_as_written_without_forfeits(tmp_path, command):
    (tmp_path / "mybot.py").write_text(docs_bot_blocks()[0])
    (tmp_path / "my_bot.py").write_text(bot_bridge.template("hex"))  # the workbench's Download .py
    args = shlex.split(command)[1:]  # after "boardwright": the installed console script
    if "--games" in args:  # fewer games (each plays in both seats), else as written
        args[args.index("--games") + 1] = "1"
    else:
        args += ["--games", "1"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in [str(ROOT), os.environ.get("PYTHONPATH")] if p)}
    run = subprocess.run([sys.executable, "-m", "pygame_core", *args], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "forfeited" not in run.stdout and "error" not in run.stdout.lower(), run.stdout
    bot = "mybot.py:Playouts" if "mybot.py" in command else "my_bot.py:MyBot"
    row = next((line.split() for line in run.stdout.splitlines() if line.startswith(bot + " ")), None)
    assert row is not None and int(row[1]) >= 2, run.stdout  # the table's row: its games, in both seats
