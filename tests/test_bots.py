"""Bots (pygame_core.bots) and tournaments with them (pygame_core.tournament): loading from source
and files, clear errors with lines, forfeits for bad bots, the CLI (a Dask cluster:
tests/test_cluster.py; the bot lifecycle: tests/test_bot_lifecycle.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pygame_core import new_game
from pygame_core.bots import Bot, BotError, load_bot, make_bot_agent, random_playout
from pygame_core.core import Rng
from pygame_core.tournament import parse_seat, play_match, run_tournament

ROOT = Path(__file__).resolve().parents[1]

FIRST = '''
from pygame_core.bots import Bot

class FirstMove(Bot):
    """Plays the first legal move."""
    def choose(self, game):
        return game.format_move(game.legal_moves()[0])
'''

PLAYOUTS = '''
from pygame_core.bots import Bot, random_playout

class Playouts(Bot):
    """Plays the move that wins most of 5 random playouts."""
    def start(self, game):
        self.seen = []

    def observe(self, move):
        self.seen.append(move)

    def choose(self, game):
        me = game.current_player
        def score(move):
            wins = 0
            for _ in range(5):
                g = game.clone()
                g.apply(move)
                wins += me in random_playout(g, self.rng)
            return wins
        return max(game.legal_moves(), key=score)
'''


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_a_bot_class_loads_from_source_and_plays_legal_moves_seeing_only_its_view():
    cls = load_bot(FIRST)
    assert cls.__name__ == "FirstMove" and issubclass(cls, Bot)
    agent = make_bot_agent(FIRST)(seed=3)
    game = new_game("triominos", seed=2)
    move = agent.choose(game.view(game.current_player))
    assert game.is_legal(move)
    assert agent.name == "FirstMove" and agent.description == "Plays the first legal move."


def test_observe_and_start_are_called_and_the_bot_is_seeded():
    seat = {"bot": PLAYOUTS, "class": None, "file": "<playouts>", "settings": {}}
    one = play_match("hex", {"size": 4}, 7, [seat, {"agent": "random", "settings": {}}])
    two = play_match("hex", {"size": 4}, 7, [seat, {"agent": "random", "settings": {}}])
    assert one == two and one["winners"]  # the same game twice: the bot's rng is seeded
    agent = make_bot_agent(PLAYOUTS)(seed=1)
    game = new_game("hex", size=3, seed=0)
    game.play(agent.choose(game))
    agent.observe(game.moves[-1])
    assert agent.bot.seen == game.moves


@pytest.mark.parametrize("source, words", [
    ("class A:\n    def choose(self, game)\n        return 1\n", ["does not compile", "line 2", "SyntaxError"]),
    ("x = 1 / 0\n", ["failed while loading", "line 1", "ZeroDivisionError"]),
    ("class A:\n    pass\n", ["exactly one class", "found 0"]),
    ("class A:\n    def choose(self, g): pass\nclass B(A):\n    pass\n", ["exactly one class", "found 2"]),
    ("x" * 200_001, ["too long"]),
])
def test_broken_bots_are_refused_with_a_clear_message(source, words):
    with pytest.raises(BotError) as err:
        load_bot(source)
    assert all(w in str(err.value) for w in words), str(err.value)
    assert len(str(err.value)) < 300


def test_bots_that_raise_return_illegal_moves_or_garbage_forfeit_with_the_reason():
    game = new_game("hex", size=3, seed=0)
    game.play("b2")
    cases = {
        "class A:\n    def choose(self, game):\n        return {}['x']\n": "line 3: KeyError",
        "class A:\n    def choose(self, game):\n        return 'b2'\n": "'b2', which is not legal here",
        "class A:\n    def choose(self, game):\n        return 'zz99'\n": "not a move of Hex",
        "class A:\n    def choose(self, game):\n        return object()\n": "not a move of Hex",
    }
    for source, words in cases.items():
        agent = make_bot_agent(source)(seed=0)
        with pytest.raises(BotError) as err:
            agent.choose(game.view(1))
        assert words in str(err.value), str(err.value)
        seat = {"bot": source, "file": "<bot>", "settings": {}}
        res = play_match("hex", {"size": 3}, 1, [seat, {"agent": "random", "settings": {}}])
        assert res["forfeit"] == 0 and res["winners"] == [1] and words.split(",")[0] in res["error"]


@pytest.mark.skipif(not hasattr(__import__("signal"), "setitimer"), reason="Unix interval timers")
def test_a_runaway_bot_is_stopped_by_the_move_limit():
    loop = "class Loop:\n    def choose(self, game):\n        while True:\n            pass\n"
    seat = {"bot": loop, "file": "<loop>", "settings": {}}
    res = play_match("hex", {"size": 3}, 1, [seat, {"agent": "random", "settings": {}}], move_limit=0.2)
    assert res["forfeit"] == 0 and "longer than 0.2 s" in res["error"]


def test_random_playout_and_building_blocks():
    game = new_game("y", seed=1)
    winners = random_playout(game.clone(), Rng(3))
    assert len(winners) == 1
    bot = Bot(seed=5)
    assert bot.agent("mcts", iterations=20).choose(game) in game.legal_moves()


def test_tournament_with_a_bot_file_from_the_command_line(tmp_path, capsys):
    from pygame_core.__main__ import main
    path = write(tmp_path, "first.py", FIRST)
    assert main(["tournament", "hex", "--size", "4", "--agents", f"{path}:FirstMove,random", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert f"{path}:FirstMove" in out and "random" in out and "12 games" not in out and "6 games" in out
    bad = write(tmp_path, "boom.py", "class Boom:\n    def choose(self, game):\n        return 1 / 0\n")
    assert main(["tournament", "hex", "--size", "3", "--agents", f"{bad},random", "--games", "1"]) == 0
    assert "forfeited by a bot's error" in capsys.readouterr().out
    assert main(["tournament", "hex", "--agents", f"{tmp_path}/missing.py,random"]) == 2
    assert "cannot read the bot file" in capsys.readouterr().err
    assert main(["tournament", "hex", "--agents", f"{path}:Nope,random"]) == 2
    assert "no class 'Nope'" in capsys.readouterr().err


def test_parse_seat_reads_class_and_settings(tmp_path):
    path = write(tmp_path, "p.py", PLAYOUTS)
    seat = parse_seat(f"{path}:Playouts", "hex")
    assert seat["class"] == "Playouts" and seat["settings"] == {} and "random_playout" in seat["bot"]
    with pytest.raises(BotError):
        parse_seat(f"{path}:Playouts:depth=3", "hex")  # the class takes no such setting


def test_the_engine_never_imports_dask():
    import subprocess
    code = "import sys, pygame_core.tournament, pygame_core.bots; assert 'dask' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
