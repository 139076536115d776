"""The bot worker's JSON surface (pygame_core.bot_bridge): every command, bad input, links."""
from __future__ import annotations

import base64
import json
import zlib

import pytest

from pygame_core import bot_bridge
from pygame_core.bot_bridge import BotSession, handle, handle_json
from pygame_core.core import list_games
from pygame_core.tournament import play_match

GAMES = [g["id"] for g in list_games()]
TRIVIAL = "from pygame_core.bots import Bot\n\nclass First(Bot):\n    def choose(self, game):\n        return game.legal_moves()[0]\n"


@pytest.fixture(autouse=True)
def fresh_session(monkeypatch):
    monkeypatch.setattr(bot_bridge, "_session", BotSession())


def ok(req):
    resp = handle(req)
    assert resp["ok"], resp
    return resp["result"]


def err(req):
    resp = handle(req)
    assert not resp["ok"], resp
    return resp["error"]


def test_hello_lists_games_and_agents():
    hello = ok({"cmd": "hello"})
    hex_ = next(g for g in hello["games"] if g["id"] == "hex")
    assert "random" in [a["name"] for a in hex_["agents"]]


@pytest.mark.parametrize("game_id", GAMES)
def test_template_passes_check(game_id):
    tpl = ok({"cmd": "template", "game": game_id})
    ok({"cmd": "load", "source": tpl["source"]})
    res = ok({"cmd": "check", "game": game_id, "positions": 3, "seed": 5})
    assert res["positions"] == 3 and res["message"].startswith("OK: 3 positions")


@pytest.mark.parametrize("source, words, line", [
    ("class A:\n    def choose(self, game)\n        return 1\n", "does not compile", 2),
    ("class A:\n    def choose(self, game):\n        return 1 / 0\n", "ZeroDivisionError", 3),
    ("class A:\n    def choose(self, game):\n        return 'zz99'\n", "not a move", None),
])
def test_bot_errors_name_the_line(source, words, line):
    load = handle({"cmd": "load", "source": source})
    error = load["error"] if not load["ok"] else err({"cmd": "check", "game": "hex", "options": {"size": 5}})
    assert words in error["message"]
    assert error.get("line") == line


def test_step_games_equal_play_match():
    ok({"cmd": "load", "source": TRIVIAL})
    for seed in (1, 2, 3):
        for seats in ([{"bot": True}, {"agent": "random"}], [{"agent": "random"}, {"bot": True}]):
            ok({"cmd": "new", "game": "hex", "options": {"size": 5}, "seed": seed, "seats": seats})
            while True:
                res = ok({"cmd": "step"})
                if res["is_over"]:
                    break
            dict_seats = [{"bot": TRIVIAL, "class": None, "file": "<bot>", "settings": {}} if "bot" in s
                          else {"agent": "random", "settings": {}} for s in seats]
            want = play_match("hex", {"size": 5}, seed, dict_seats)
            assert (res["winners"], res["moves"]) == (want["winners"], want["moves"])


def test_step_forfeit_for_a_raising_bot_and_a_page_forfeit():
    ok({"cmd": "load", "source": "class A:\n    def choose(self, game):\n        raise ValueError('no')\n"})
    ok({"cmd": "new", "game": "hex", "options": {"size": 5}, "seed": 1, "seats": [{"bot": True}, {"agent": "random"}]})
    res = ok({"cmd": "step"})
    assert res["is_over"] and res["forfeit"] == 0 and res["winners"] == [1] and res["line"] == 3
    ok({"cmd": "new", "game": "hex", "options": {"size": 5}, "seed": 1, "seats": [{"agent": "random"}, {"bot": True}]})
    res = ok({"cmd": "forfeit", "seat": 1, "error": "too slow"})
    assert res["winners"] == [0] and res["error"] == "too slow"


def test_score_uses_wilson():
    rows = ok({"cmd": "score", "results": [{"opponent": "random", "wins": 15, "games": 20}]})["rows"]
    assert rows[0]["rate"] == 0.75 and 0.5 < rows[0]["low"] < 0.75 < rows[0]["high"] < 1


def test_choose_plays_for_the_seat():
    ok({"cmd": "load", "source": TRIVIAL})
    record = {"game": "hex", "options": {"size": 5}, "seed": 3, "moves": []}
    move = ok({"cmd": "choose", "record": record, "seat": 0})["move"]
    record["moves"] = [move]
    assert ok({"cmd": "choose", "record": record, "seat": 1})["move"] != move
    assert "turn" in err({"cmd": "choose", "record": record, "seat": 0})["message"]


def test_pack_unpack_round_trip_and_caps():
    token = ok({"cmd": "pack", "source": TRIVIAL})["token"]
    assert token.startswith("1.")
    assert len(ok({"cmd": "pack", "source": TRIVIAL * 20})["token"]) < len(TRIVIAL) * 2
    assert ok({"cmd": "unpack", "token": "https://x/workbench.html#bot=" + token})["source"] == TRIVIAL
    assert "corrupted" in err({"cmd": "unpack", "token": "1.!!!"})["message"]
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = bomb.compress(b"#" * 2_000_000) + bomb.flush()
    bomb_token = "1." + base64.urlsafe_b64encode(data).decode().rstrip("=")
    assert "more than" in err({"cmd": "unpack", "token": bomb_token})["message"]
    assert "too long" in err({"cmd": "unpack", "token": "1." + "A" * 70_000})["message"]
    assert "not a bot link" in err({"cmd": "unpack", "token": "xyz"})["message"]
    assert "cut short" in err({"cmd": "unpack", "token": token[:-8]})["message"]
    noise = "".join(chr(0x4E00 + (i * 7919) % 20000) for i in range(40_000))
    assert "download it" in err({"cmd": "pack", "source": noise})["message"]


@pytest.mark.parametrize("req", [
    None, [], {"cmd": "nope"}, {"cmd": "template", "game": "chess"}, {"cmd": "check", "game": "hex"},
    {"cmd": "step"}, {"cmd": "new", "game": "hex", "seats": [{"bot": True}, {"agent": "random"}]},
    {"cmd": "load", "source": 5}, {"cmd": "load", "source": "x = 1\n"}, {"cmd": "score", "results": [5]},
    {"cmd": "choose", "record": "{"}, {"cmd": "check", "game": "hex", "positions": 10**9},
    {"cmd": "new", "game": "hex", "seed": 1, "seats": [{"agent": "nope"}, {}]},
])
def test_bad_input_is_an_error_not_a_crash(req):
    resp = json.loads(handle_json(json.dumps(req)))
    assert resp["ok"] is False and resp["error"]["code"] != "internal", resp


@pytest.mark.parametrize("game_id", ["triominos", "iwoki", "codex"])
def test_choose_in_hidden_hand_games(game_id):
    from pygame_core import new_game
    ok({"cmd": "load", "source": ok({"cmd": "template", "game": game_id})["source"]})
    game = new_game(game_id, seed=3)
    move = ok({"cmd": "choose", "record": game.record(), "seat": game.current_player})["move"]
    game.play(move)  # legal in the whole game


def test_the_engine_bridge_takes_a_bot_seat_and_leaves_its_moves_to_the_page():
    import pygame_core.bridge as bridge
    session = bridge.Session()

    def engine(text):
        return json.dumps(bridge.handle(json.loads(text), session))
    new = json.loads(engine(json.dumps({"cmd": "new", "game": "hex", "options": {"size": 5},
                                        "players": ["bot", "human"]})))
    assert new["ok"] and new["result"]["players"][0]["agent"] == "bot"
    assert new["result"]["players"][0]["agent_title"] == "Your bot"
    for cmd in ("ai", "think"):
        error = json.loads(engine(json.dumps({"cmd": cmd})))["error"]
        assert "played by your bot" in error["message"]
    assert json.loads(engine(json.dumps({"cmd": "play", "move": "c3"})))["ok"]
