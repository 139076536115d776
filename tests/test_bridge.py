"""The JSON bridge: commands, undo/redo, and bad input that never loses the game."""

import json
import random

import pytest

from pygame_core.bridge import Session, handle, handle_json


@pytest.fixture
def s():
    session = Session()
    r = handle({"cmd": "new", "game": "hex", "options": {"size": 5}, "seed": 1,
                "players": ["human", "astar"]}, session)
    assert r["ok"]
    return session


def test_hello_lists_games_agents_and_schema():
    r = json.loads(handle_json(json.dumps({"cmd": "hello"})))
    assert r["ok"]
    hexinfo = next(g for g in r["result"]["games"] if g["id"] == "hex")
    assert [o["name"] for o in hexinfo["options"]] == ["size", "swap"]
    assert hexinfo["players"] == ["Blue", "Red"]
    assert {"random", "astar", "smart"} <= {a["name"] for a in hexinfo["agents"]}
    # the record formats besides JSON, from the registry, and what import reads in words
    assert [(f["format"], f["game"]) for f in r["result"]["record_formats"]] == [("sgf", "hex"), ("hexworld", "hex")]
    assert r["result"]["importable"] == ("a Boardwright JSON record, an SGF file of Hex, a HexWorld link "
                                         "or a Boardwright share link")


def test_state_shape(s):
    st = handle({"cmd": "state"}, s)["result"]
    assert st["game"] == "hex" and st["options"] == {"size": 5, "swap": False}
    assert st["current_player"] == 0 and st["cursor"] == 0 and not st["can_undo"]
    assert len(st["legal"]) == 25 and st["legal"][0] == {"move": "a1", "target": "a1", "path": ["a1"],
                                                       "label": None}
    assert st["players"][1]["agent"] == "astar" and st["players"][1]["agent_title"] == "A*"
    assert st["status"] == "Blue to move"


def test_play_ai_undo_redo_goto(s):
    st = handle({"cmd": "play", "move": "(2,2)"}, s)["result"]
    assert st["moves"] == ["c3"] and st["last_move"] == "c3"
    r = handle({"cmd": "ai"}, s)
    st = r["result"]
    assert len(st["moves"]) == 2 and r["result"]["ai_move"] == st["moves"][1]
    st = handle({"cmd": "undo", "until_human": True}, s)["result"]
    assert st["cursor"] == 0 and st["can_redo"] and len(st["moves"]) == 2
    st = handle({"cmd": "redo"}, s)["result"]
    assert st["cursor"] == 1 and st["current_player"] == 1
    st = handle({"cmd": "goto", "cursor": 2}, s)["result"]
    assert st["cursor"] == 2 and not st["can_redo"]
    handle({"cmd": "undo", "steps": 2}, s)
    st = handle({"cmd": "play", "move": "a1"}, s)["result"]
    assert st["moves"] == ["a1"] and not st["can_redo"]  # a new move drops the redo tail


def test_ai_is_reproducible(s):
    handle({"cmd": "play", "move": "c3"}, s)
    first = handle({"cmd": "ai"}, s)["result"]["ai_move"]
    handle({"cmd": "undo"}, s)
    assert handle({"cmd": "ai"}, s)["result"]["ai_move"] == first


@pytest.mark.parametrize("request_, code", [
    ({"cmd": "play", "move": "z9"}, "invalid_move"),
    ({"cmd": "play", "move": 5}, "bad_request"),
    ({"cmd": "play"}, "bad_request"),
    ({"cmd": "ai"}, "bad_request"),                     # Blue is human
    ({"cmd": "ai", "agent": "nope"}, "unknown_agent"),
    ({"cmd": "goto", "cursor": 5}, "bad_request"),
    ({"cmd": "undo", "steps": -1}, "bad_request"),
    ({"cmd": "new", "game": "hex", "options": {"size": 0}}, "invalid_option"),
    ({"cmd": "new", "game": "hex", "options": []}, "bad_request"),
    ({"cmd": "new", "game": "hex", "seed": "x"}, "invalid_option"),
    ({"cmd": "new", "game": "hex", "players": ["human"]}, "bad_request"),
    ({"cmd": "new", "game": "nope"}, "unknown_game"),
    ({"cmd": "load", "record": {"game": "hex", "moves": ["a1", "a1"]}}, "invalid_record"),
    ({"cmd": "load", "record": "{not json"}, "invalid_record"),
    ({"cmd": "players", "players": ["human", "human", "human"]}, "bad_request"),
    ({"cmd": "__init__"}, "bad_request"),
    ({"cmd": None}, "bad_request"),
])
def test_bad_requests_keep_the_game(s, request_, code):
    handle({"cmd": "play", "move": "c3"}, s)
    handle({"cmd": "ai"}, s)  # Blue (human) to move again
    before = handle({"cmd": "state"}, s)["result"]
    r = handle(request_, s)
    assert not r["ok"] and r["error"]["code"] == code and r["error"]["message"]
    assert handle({"cmd": "state"}, s)["result"] == before


def test_handle_json_never_raises():
    rng = random.Random(0)
    s = Session()
    texts = ["", "{", "[]", "null", "1", '"x"', '{"cmd": 1}', "{" * 5000 + "}" * 5000, "x" * 2_000_000]
    for _ in range(200):
        obj = {"cmd": rng.choice(["play", "ai", "undo", "redo", "goto", "new", "load", "state", "hello"])}
        for key in rng.sample(["move", "steps", "cursor", "game", "options", "seed", "players", "record"], 3):
            obj[key] = rng.choice([None, -1, 0, 3, "a1", "hex", [], {}, {"size": 3}, ["human", "random"], 1e9])
        texts.append(json.dumps(obj))
    for t in texts:
        out = json.loads(handle_json(t))
        assert out["ok"] in (True, False)
        if not out["ok"]:
            assert out["error"]["code"] != "internal", out


def test_load_record(s):
    rec = {"format": "boardwright", "version": 1, "game": "hex", "options": {"size": 3},
           "seed": 2, "moves": ["a1", "b1", "a2", "b2", "a3"]}
    st = handle({"cmd": "load", "record": json.dumps(rec)}, s)["result"]
    assert st["is_over"] and st["winners"] == [0] and st["status"] == "Blue wins"
    cells = [i for layer in st["scene"]["layers"] for i in layer["items"] if "win" in i["cls"].split()]
    assert sorted(i["target"] for i in cells) == ["a1", "a2", "a3"]


# ---------------------------------------------------------------- hidden information (Triominos)
def _tiles_in(obj) -> set:
    """Every tile name mentioned anywhere in a JSON-like object."""
    import re
    found = set()
    for m in re.finditer(r"\b[0-5]-[0-5]-[0-5]\b", json.dumps(obj)):
        found.add(m.group(0))
    return found


def test_hello_names_the_seat_option():
    s = Session()
    games = {g["id"]: g for g in handle({"cmd": "hello"}, s)["result"]["games"]}
    tri = games["triominos"]
    assert tri["seat_option"] == "players" and len(tri["seat_names"]) == 6
    assert tri["hidden_information"] and "seat_option" not in games["hex"]
    target = next(o for o in tri["options"] if o["name"] == "target")
    assert target["nullable"] and target["null_label"] == "Single round"


def test_hidden_hands_never_reach_the_viewer():
    import pygame_core
    s = Session()
    st = handle({"cmd": "new", "game": "triominos", "seed": 11, "options": {"target": None},
                 "players": ["human", "random"]}, s)["result"]
    for _ in range(40):
        game = pygame_core.replay(st["record"])
        if st["is_over"]:
            assert st["viewer"] is None  # the end reveals everything
            break
        assert st["viewer"] == 0
        others = {str(t) for t in game.hands[1]} | {str(t) for t in game.pool}
        own = {str(t) for t in game.hands[0]}
        board = {str(p.tile) for p in game.board.placements.values()}
        shown = _tiles_in({k: st[k] for k in ("scene", "legal")})
        assert own <= shown | board or not own
        assert not (shown & others), f"hidden tiles leaked: {shown & others}"
        if st["current_player"] == 0:
            assert st["legal"]
            st = handle({"cmd": "play", "move": st["legal"][0]["move"]}, s)["result"]
        else:
            assert st["legal"] == []  # the computer's options are not shown
            st = handle({"cmd": "ai"}, s)["result"]


def test_viewer_rules_and_preview():
    s = Session()
    st = handle({"cmd": "new", "game": "triominos", "seed": 5, "options": {"players": 3},
                 "players": ["random", "random", "random"]}, s)["result"]
    assert st["viewer"] is None and len(st["scene"]["panels"]) == 3  # nobody at the screen: all shown
    st = handle({"cmd": "players", "players": ["human", "random", "human"]}, s)["result"]
    cp = st["current_player"]
    assert st["viewer"] == (cp if cp in (0, 2) else 0)
    assert [p["name"] for p in st["scene"]["panels"]] == [f"hand-{st['viewer']}"]
    # preview: only for the player to move, only legal moves; the game is unchanged
    while st["players"][st["current_player"]]["agent"] != "human":
        st = handle({"cmd": "ai"}, s)["result"]
    move = st["legal"][0]["move"]
    r = handle({"cmd": "preview", "move": move}, s)
    assert r["ok"] and any("preview" in i.get("cls", "") for layer in r["result"]["scene"]["layers"]
                           for i in layer["items"])
    assert handle({"cmd": "state"}, s)["result"]["moves"] == st["moves"]
    bad = handle({"cmd": "preview", "move": "5-5-5 ABC (40,40)"}, s)
    assert not bad["ok"] and bad["error"]["code"] in ("illegal_move", "bad_request")
    assert not handle({"cmd": "preview", "move": 3}, s)["ok"]


def test_codex_secret_objective_choices_are_masked_for_the_other_players():
    s = Session()
    st = handle({"cmd": "new", "game": "codex", "options": {"players": 2}, "seed": 5,
                 "players": ["human", "human"]}, s)["result"]
    for _ in range(4):  # two starter cards, then two objective choices
        st = handle({"cmd": "play", "move": st["legal"][0]["move"]}, s)["result"]
    game = s.game
    first = game.turn_order[0]
    viewer = st["viewer"]
    assert viewer == first and game.phase == "play"
    mine, theirs = game.secret[viewer], game.secret[1 - viewer]
    assert st["moves"][2] == f"objective {mine}" and st["moves"][3] == "objective (secret)"
    assert st["last_move"] == "objective (secret)"
    text = json.dumps({k: v for k, v in st.items() if k not in ("record", "save")})  # the logs (see docs/architecture.md)
    assert f"objective {theirs}" not in text and "objective (secret)" in text
    assert "Last move by Player 2: a secret objective" in text or "Last move by Player 1: a secret objective" in text
    # the redo tail is masked as well
    st = handle({"cmd": "undo", "steps": 2}, s)["result"]
    assert st["moves"][2:] in (["objective (secret)", f"objective {mine}"],
                               [f"objective {mine}", "objective (secret)"])
    # at the end every objective is revealed
    handle({"cmd": "redo"}, s)
    st = handle({"cmd": "redo"}, s)["result"]
    while not st["is_over"]:
        st = handle({"cmd": "play", "move": st["legal"][0]["move"]}, s)["result"]
    assert sorted(st["moves"][2:4]) == sorted([f"objective {mine}", f"objective {theirs}"])


def test_think_in_slices_then_play_the_best_move():
    s = Session()
    handle({"cmd": "new", "game": "hex", "options": {"size": 7}, "seed": 3, "players": ["human", "mcts"]}, s)
    handle({"cmd": "play", "move": "d4"}, s)
    first = handle({"cmd": "think", "seconds": 0.05}, s)["result"]
    assert first["agent"] == "mcts" and first["iterations"] > 0 and not first["done"]
    more = handle({"cmd": "think", "seconds": 0.05}, s)["result"]
    assert more["iterations"] > first["iterations"]  # the same search goes on
    again = handle({"cmd": "think", "seconds": 0.05, "restart": True}, s)["result"]
    assert again["iterations"] < more["iterations"]
    state = handle({"cmd": "play", "move": more["move"]}, s)["result"]
    assert state["moves"] == ["d4", more["move"]] and state["current_player"] == 0
    # a human asks for a hint: the hint agent searches the new position
    hint = handle({"cmd": "think", "seconds": 0.05}, s)["result"]
    assert hint["agent"] == "mcts" and hint["move"] in [m["move"] for m in state["legal"]]


def test_think_with_an_agent_that_does_not_search_and_bad_input():
    s = Session()
    handle({"cmd": "new", "game": "hex", "options": {"size": 5}, "seed": 1, "players": ["astar", "human"]}, s)
    r = handle({"cmd": "think"}, s)["result"]
    assert r["done"] and r["agent"] == "astar" and r["iterations"] == 0
    before = handle({"cmd": "state"}, s)["result"]
    for bad in ({"cmd": "think", "seconds": 0}, {"cmd": "think", "seconds": "1"}, {"cmd": "think", "seconds": 99}):
        reply = handle(bad, s)
        assert not reply["ok"] and "seconds" in reply["error"]["message"]
    assert handle({"cmd": "state"}, s)["result"] == before


def test_think_solves_a_won_position_and_says_it_is_done():
    s = Session()
    handle({"cmd": "new", "game": "hex", "options": {"size": 3}, "seed": 1, "players": ["mcts", "human"]}, s)
    r = {"done": False}
    for _ in range(50):
        r = handle({"cmd": "think", "seconds": 0.1}, s)["result"]
        if r["done"]:
            break
    assert r["done"] and r["solved"]  # (that the proven move wins: test_connection_search.py)


def test_think_keeps_the_searched_subtree_across_moves_in_hex():
    s = Session()
    handle({"cmd": "new", "game": "hex", "options": {"size": 7}, "seed": 3, "players": ["human", "mcts"]}, s)
    handle({"cmd": "play", "move": "d4"}, s)
    handle({"cmd": "think", "seconds": 0.3}, s)
    agent = s.search["agent"]
    reply = handle({"cmd": "think", "seconds": 0.01}, s)["result"]["move"]
    handle({"cmd": "play", "move": reply}, s)
    # the person answers with the reply the search looked at most under the computer's move
    under = agent._root.children[s.game.parse_move(reply)].children
    assert under
    ours = max(under.values(), key=lambda c: c.visits).move
    handle({"cmd": "play", "move": s.game.format_move(ours)}, s)
    handle({"cmd": "think", "seconds": 0.01}, s)
    assert s.search["agent"] is agent and agent.reused_visits > 0
    # undo goes back: a fresh tree (the kept one belongs to a later position)
    handle({"cmd": "undo", "steps": 2}, s)
    handle({"cmd": "think", "seconds": 0.01}, s)
    assert s.search["agent"].reused_visits == 0
