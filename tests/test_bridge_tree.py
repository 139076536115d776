"""The bridge's variation tree: a move at an earlier position adds a variation; goto by path,
promote, delete; the tree in saves (load) and JSON export/import; hidden-hand games keep one line."""
from __future__ import annotations

import json

from pygame_core.bridge import Session, handle


def ok(s, req):
    resp = handle(req, s)
    assert resp["ok"], resp
    return resp["result"]


def hex_session(moves=("c3", "b3", "a1")):
    s = Session()
    ok(s, {"cmd": "new", "game": "hex", "options": {"size": 5}, "seed": 0, "players": ["human", "human"]})
    for m in moves:
        ok(s, {"cmd": "play", "move": m})
    return s


def test_a_move_played_back_in_the_game_is_a_variation():
    s = hex_session()
    ok(s, {"cmd": "undo", "steps": 2})
    st = ok(s, {"cmd": "play", "move": "d2"})
    assert st["moves"] == ["c3", "d2"] and st["tree"] == ["c3", "b3", ["d2"], "a1"]
    assert st["path"] == [0, 1] and not st["can_redo"]
    st = ok(s, {"cmd": "goto", "path": [0, 0, 0]})  # back into the main line, at its end
    assert st["moves"] == ["c3", "b3", "a1"] and st["cursor"] == 3
    st = ok(s, {"cmd": "goto", "path": [0]})  # the line through the last position goes on
    assert st["moves"] == ["c3", "b3", "a1"] and st["can_redo"]
    st = ok(s, {"cmd": "play", "move": "b3"})  # the same move again: the existing line, tail kept
    assert st["moves"] == ["c3", "b3", "a1"] and st["cursor"] == 2


def test_promote_and_delete_keep_the_position_on_screen():
    s = hex_session()
    ok(s, {"cmd": "goto", "cursor": 1})
    ok(s, {"cmd": "play", "move": "d2"})
    ok(s, {"cmd": "play", "move": "e1"})
    st = ok(s, {"cmd": "promote"})
    assert st["tree"] == ["c3", "d2", ["b3", "a1"], "e1"] and st["moves"] == ["c3", "d2", "e1"]
    assert st["path"] == [0, 0, 0] and st["cursor"] == 3
    st = ok(s, {"cmd": "delete", "path": [0, 0]})  # the branch on screen: back to its parent
    assert st["tree"] == ["c3", "b3", "a1"] and st["cursor"] == 1 and st["moves"] == ["c3", "b3", "a1"]
    bad = handle({"cmd": "delete", "path": []}, s)
    assert not bad["ok"] and "start" in bad["error"]["message"]
    bad = handle({"cmd": "goto", "path": [0, 7]}, s)
    assert not bad["ok"] and ok(s, {"cmd": "state"})["cursor"] == 1  # nothing changed


def test_the_tree_is_saved_exported_and_loaded_back():
    s = hex_session()
    ok(s, {"cmd": "goto", "cursor": 1})
    st = ok(s, {"cmd": "play", "move": "d2"})
    save = st["save"]
    assert save["record"]["tree"] == ["c3", "b3", ["d2"], "a1"] and save["record"]["moves"] == ["c3", "d2"]
    other = Session()
    st2 = ok(other, {"cmd": "load", "record": save["record"], "players": save["players"], "cursor": save["cursor"]})
    assert st2["tree"] == st["tree"] and st2["moves"] == ["c3", "d2"] and st2["path"] == [0, 1]
    text = ok(s, {"cmd": "export", "format": "json"})["text"]
    third = Session()
    st3 = ok(third, {"cmd": "import", "text": text})
    assert st3["tree"] == st["tree"] and st3["cursor"] == 2
    # a bad variation is refused with its move named, and the game stays as it was
    record = dict(save["record"], tree=["c3", "b3", ["c3"], "a1"])
    before = ok(other, {"cmd": "state"})
    bad = handle({"cmd": "load", "record": record}, other)
    assert not bad["ok"] and "'c3'" in bad["error"]["message"]
    assert ok(other, {"cmd": "state"})["tree"] == before["tree"]
    record = dict(save["record"], moves=["c3", "e5"])  # moves that are not a line of the tree
    assert not handle({"cmd": "load", "record": record}, other)["ok"]


def test_a_flat_record_has_no_tree_field_and_loads_as_one_line():
    s = hex_session()
    st = ok(s, {"cmd": "state"})
    assert "tree" not in st["save"]["record"] and st["tree"] == ["c3", "b3", "a1"]
    assert json.loads(ok(s, {"cmd": "export", "format": "json"})["text"]).get("tree") is None


def test_hidden_hand_games_keep_one_line():
    s = Session()
    ok(s, {"cmd": "new", "game": "triominos", "seed": 1, "players": ["human", "human"]})
    ok(s, {"cmd": "play", "move": s.game.format_move(s.game.legal_moves()[0])})
    ok(s, {"cmd": "play", "move": "draw"})
    ok(s, {"cmd": "undo", "steps": 2})  # back to the start, another opening
    st = ok(s, {"cmd": "play", "move": s.game.format_move(s.game.legal_moves()[1])})
    assert "tree" not in st and len(st["moves"]) == 1 and not st["can_redo"]
    assert "tree" not in st["save"]["record"]
    record = dict(st["save"]["record"], tree=st["save"]["record"]["moves"])
    bad = handle({"cmd": "load", "record": record}, s)
    assert not bad["ok"] and "variations" in bad["error"]["message"]


def test_a_share_link_carries_the_tree_and_a_line_without_variations_stays_version_1():
    s = hex_session()
    plain = ok(s, {"cmd": "share"})["token"]
    assert plain.startswith("1.")
    ok(s, {"cmd": "goto", "cursor": 1})
    ok(s, {"cmd": "play", "move": "d2"})
    ok(s, {"cmd": "play", "move": "e1"})
    ok(s, {"cmd": "goto", "cursor": 2})
    shared = ok(s, {"cmd": "share"})
    assert shared["token"].startswith("2.")
    other = Session()
    st = ok(other, {"cmd": "open", "token": shared["token"]})
    mine = ok(s, {"cmd": "state"})
    assert st["tree"] == mine["tree"] == ["c3", "b3", ["d2", "e1"], "a1"]
    assert st["moves"] == ["c3", "d2", "e1"] and st["cursor"] == 2 and st["path"] == [0, 1]
    # damaged version-2 links are refused clearly, the game stays
    from pygame_core.records import decode_link
    token = shared["token"]
    for bad in (token[:-3], token[:10], "2." + token[2:][::-1]):
        resp = handle({"cmd": "open", "token": bad}, other)
        assert not resp["ok"] and len(resp["error"]["message"]) < 300
    assert ok(other, {"cmd": "state"})["tree"] == st["tree"]
    assert decode_link(token)["tree"] == st["tree"]


def test_random_trees_survive_links_and_saves():
    import random
    rng = random.Random(11)
    for game_id, options in (("hex", {"size": 4}), ("y", {})):
        for _ in range(6):
            s = Session()
            ok(s, {"cmd": "new", "game": game_id, "options": options, "seed": 3, "players": ["human", "human"]})
            for _ in range(25):
                st = ok(s, {"cmd": "state"})
                if st["is_over"] or rng.random() < 0.25:
                    ok(s, {"cmd": "goto", "cursor": rng.randrange(st["cursor"] + 1)})
                else:
                    ok(s, {"cmd": "play", "move": rng.choice(st["legal"])["move"]})
            mine = ok(s, {"cmd": "state"})
            opened = ok(Session(), {"cmd": "open", "token": ok(s, {"cmd": "share"})["token"]})
            loaded = ok(Session(), {"cmd": "load", "record": mine["save"]["record"], "cursor": mine["save"]["cursor"]})
            for other in (opened, loaded):
                assert (other["tree"], other["moves"], other["cursor"], other["path"]) == \
                    (mine["tree"], mine["moves"], mine["cursor"], mine["path"])
