"""The bridge's analysis board (pygame_core.bridge.analysis): live analysis in slices, a PV
played into the tree, and the review a position per call, with its cache, export and import."""
from __future__ import annotations

import json

import pytest

from pygame_core.bridge import Session, handle
from test_analysis import _wins


def ok(s, req):
    r = handle(req, s)
    assert r["ok"], r
    return r["result"]


def err(s, req) -> str:
    r = handle(req, s)
    assert not r["ok"], r
    return r["error"]["message"]


def hex_session(size=5, moves=()):
    s = Session()
    ok(s, {"cmd": "new", "game": "hex", "options": {"size": size}, "seed": 0, "players": ["human", "human"]})
    for m in moves:
        ok(s, {"cmd": "play", "move": m})
    return s


def analyse_past(s, before: dict, **req) -> dict:
    """``analyse`` slice after slice until the search has run iterations past ``before``'s (a
    slice may end inside the root's analysis, which goes on at the next: a slow machine may
    need a few)."""
    for _ in range(200):
        out = ok(s, {"cmd": "analyse", **req})
        if out["iterations"] > before["iterations"]:
            return out
    raise AssertionError("the analysis made no progress in 200 slices")


def test_analysis_goes_on_in_slices_and_answers_for_the_position_on_screen():
    s = hex_session(9, ["e5", "d5"])  # (not solved in these slices: the search goes on)
    first = ok(s, {"cmd": "analyse", "seconds": 0.05, "top": 3})
    second = analyse_past(s, first, seconds=0.05, top=3)
    assert first["position"] == {"path": [0, 0], "cursor": 2} and first["player"] == 0
    assert second["iterations"] > first["iterations"] > 0 and second["visits"] > first["visits"]
    assert 1 <= len(second["candidates"]) <= 3
    c = second["candidates"][0]
    assert set(c) == {"move", "visits", "share", "value", "proven", "pv"}
    assert c["move"] == second["best"] and c["pv"][0] == c["move"] and 0 <= c["value"] <= 1
    legal = {m["move"] for m in ok(s, {"cmd": "state"})["legal"]}
    assert all(x["move"] in legal for x in second["candidates"])
    # the state is untouched by analysing
    assert ok(s, {"cmd": "state"})["moves"] == ["e5", "d5"]


def test_the_analysis_board_is_open_ended_and_the_computers_move_expects_its_level():
    """The analysis board thinks slice after slice with no end in view, so its search keeps the
    root's full analysis (``open_ended``); the computer's move and a hint expect their level's
    iterations (``expected``: the root's analysis is scaled to them)."""
    s = hex_session(11, ["f6", "e7"])
    ok(s, {"cmd": "analyse", "seconds": 0.05, "top": 3})
    agent = next(iter(s.analyses.values()))["agent"]
    assert agent.open_ended and agent.expected is None and agent.sliced
    ok(s, {"cmd": "think", "seconds": 0.05, "iterations": 8700})
    assert s.search["agent"].expected == 8700 and not s.search["agent"].open_ended and s.search["agent"].sliced


@pytest.mark.parametrize("cmd", ["analyse", "think"])
def test_a_slice_of_the_page_ends_inside_the_roots_analysis_and_the_next_goes_on(monkeypatch, cmd):
    """The page's slices (``analyse``, ``think``) stop the root's analysis (seconds in Pyodide)
    at their end: the next slice goes on with it, then with the iterations; ``think`` says so
    (``analysing``: the page's indicator shows it)."""
    from pygame_core.agents.mcts import MCTSAgent
    ticks = iter(range(10**9))
    monkeypatch.setattr(MCTSAgent, "clock", staticmethod(lambda: next(ticks) * 0.001))  # (a ms a look)
    s = hex_session(11, ["f6", "e7", "c3", "h4", "d9", "g8"])
    req = {"cmd": cmd, "seconds": 0.04} if cmd == "analyse" else {"cmd": cmd, "seconds": 0.04, "iterations": 29000}
    first = ok(s, req)
    agent = next(iter(s.analyses.values()))["agent"] if cmd == "analyse" else s.search["agent"]
    assert first["iterations"] == agent.rank_first and agent._root_job is not None
    assert first.get("analysing", True) is True  # (analyse answers candidates, not progress)
    stopped = 0
    for _ in range(1000):
        out = ok(s, req)
        if out["iterations"] > first["iterations"]:
            break
        stopped += 1
    assert stopped >= 1 and agent._root_job is None and agent._root.hs == 2
    assert out.get("analysing", False) is False


def test_a_position_analysed_before_goes_on_where_it_stopped_and_a_following_one_reuses_the_subtree():
    s = hex_session(9, ["e5", "d5"])  # (big enough that a tenth of a second cannot solve it)
    before = ok(s, {"cmd": "analyse", "seconds": 0.1})
    assert not before["done"]
    ok(s, {"cmd": "goto", "cursor": 1})
    ok(s, {"cmd": "analyse", "seconds": 0.01})
    ok(s, {"cmd": "goto", "cursor": 2})
    agent = next(iter(s.analyses.values()))["agent"]
    back = analyse_past(s, before, seconds=0.01)
    assert back["visits"] > before["visits"] and s.analyses[next(reversed(s.analyses))]["agent"] is agent  # kept
    ok(s, {"cmd": "play", "move": back["best"]})
    after = ok(s, {"cmd": "analyse", "seconds": 0.01})
    assert after["visits"] > after["iterations"]  # it started from what was searched under best
    restarted = ok(s, {"cmd": "analyse", "seconds": 0.01, "restart": True})
    assert restarted["visits"] == restarted["iterations"]


def test_a_one_move_win_is_found_at_once_and_marked_proven():
    s = hex_session(3, ["a1", "b1", "a2", "c1"])  # Blue (a1, a2) wins with a3
    r = ok(s, {"cmd": "analyse", "seconds": 0.05})
    assert r["done"] and r["solved"] and r["best"] == "a3"
    assert r["candidates"][0] == {"move": "a3", "visits": 0, "share": 1.0, "value": 1.0, "proven": "win", "pv": ["a3"]}


@pytest.mark.parametrize("opening", [("b2", "a3"), ("a1",), ("b2", "b3", "a3")])
def test_proof_marks_of_the_live_analysis_agree_with_an_exhaustive_solver(opening):
    s = hex_session(3, opening)
    for _ in range(60):
        r = ok(s, {"cmd": "analyse", "seconds": 0.05, "top": 9})
        if r["done"]:
            break
    assert r["done"]
    for c in r["candidates"]:
        if c["proven"] is not None:
            # a proven win leaves the opponent without a winning reply (or ends the game)
            assert c["proven"] == ("loss" if _wins(3, opening + (c["move"],)) else "win"), c
            assert c["value"] == (1.0 if c["proven"] == "win" else 0.0)


def test_play_line_plays_a_principal_variation_into_the_tree_all_or_nothing():
    s = hex_session(5, ["c3", "b3", "a1"])
    ok(s, {"cmd": "goto", "cursor": 2})
    st = ok(s, {"cmd": "play_line", "moves": ["c2", "b4"]})
    assert st["moves"] == ["c3", "b3", "c2", "b4"] and st["cursor"] == 4
    assert len(st["tree"]) > 0 and st["path"] == [0, 0, 1, 0]  # a variation beside a1
    message = err(s, {"cmd": "play_line", "moves": ["d4", "d4"]})
    assert "move 2 of the line" in message
    assert ok(s, {"cmd": "state"})["moves"] == ["c3", "b3", "c2", "b4"]
    for bad in ([], "c2", [1], None):
        err(s, {"cmd": "play_line", "moves": bad})


def test_bad_analysis_requests_are_refused_clearly():
    s = hex_session(3)
    for req in ({"seconds": 0}, {"seconds": 6}, {"seconds": "1"}, {"top": 0}, {"top": 21}, {"top": True}):
        assert err(s, {"cmd": "analyse", **req})
    done = hex_session(2, ["a1", "b1", "a2"])
    assert "over" in err(done, {"cmd": "analyse"})
    assert "iterations" in err(s, {"cmd": "review", "iterations": 0})


def test_hidden_hand_analysis_only_on_the_viewers_turn_and_review_only_when_everything_is_shown():
    s = Session()
    st = ok(s, {"cmd": "new", "game": "iwoki", "seed": 4, "players": ["human", "random"]})
    assert st["current_player"] == 0
    r = ok(s, {"cmd": "analyse", "seconds": 0.05})
    assert r["candidates"] and all(c["pv"] == [c["move"]] for c in r["candidates"])  # no line of hidden moves
    assert "hidden hands" in err(s, {"cmd": "review", "iterations": 10})
    ok(s, {"cmd": "ai"}) if ok(s, {"cmd": "state"})["current_player"] == 1 else None
    first = ok(s, {"cmd": "state"})["legal"][0]["move"]
    st = ok(s, {"cmd": "play", "move": first})
    if not st["is_over"] and st["current_player"] == 1:
        assert "your turn" in err(s, {"cmd": "analyse", "seconds": 0.05})


def test_review_evaluates_a_position_per_call_keeps_them_and_marks_a_blunder():
    opening = ("b2", "a3")
    losing = [m for m in ("a1", "c1", "c3", "b1", "b3", "a2", "c2") if _wins(3, opening + (m,))]
    s = hex_session(3, opening + (losing[0],))
    status = ok(s, {"cmd": "review", "status": True})
    assert status == {**status, "total": 4, "done": 0, "complete": False}
    assert status["values"] == [None] * 4 and all(m["mark"] is None for m in status["moves"])
    steps = 0
    while not (r := ok(s, {"cmd": "review", "iterations": 20_000}))["complete"]:
        steps += 1
        assert r["done"] == steps
    assert r["done"] == 4 and r["thresholds"] == {"blunder": 0.3, "mistake": 0.2, "inaccuracy": 0.1}
    assert r["moves"][2]["move"] == losing[0] and r["moves"][2]["mark"] == "blunder"
    assert r["moves"][0]["mark"] is None and all(v is None or 0 <= v <= 1 for v in r["values"])
    assert r["values"][1] > 0.9 and r["values"][3] < 0.1  # Blue is winning, then losing
    # a variation sharing the start costs only its new positions
    ok(s, {"cmd": "goto", "cursor": 2})
    ok(s, {"cmd": "play", "move": "c1" if losing[0] != "c1" else "c3"})
    assert ok(s, {"cmd": "review", "status": True})["done"] == 3
    ok(s, {"cmd": "goto", "path": [0, 0, 0]})
    assert ok(s, {"cmd": "review", "status": True})["complete"]


def test_a_complete_review_is_exported_in_json_and_read_back_and_a_bad_one_is_ignored():
    s = hex_session(3, ["b2", "a3"])
    assert "review" not in json.loads(ok(s, {"cmd": "export", "format": "json"})["text"])
    while not ok(s, {"cmd": "review", "iterations": 500})["complete"]:
        pass
    text = ok(s, {"cmd": "export", "format": "json"})["text"]
    record = json.loads(text)
    assert record["review"]["complete"] and len(record["review"]["positions"]) == 3
    other = Session()
    ok(other, {"cmd": "import", "text": text})
    again = ok(other, {"cmd": "review", "status": True})
    assert again["complete"] and again["values"] == record["review"]["values"]
    for bad in ("x", {"positions": "x"}, {"positions": [None]}, {"positions": [{"index": 0, "value": 7}, None, None]},
                {"positions": [{"index": 5}, None, None]}):
        third = Session()
        ok(third, {"cmd": "load", "record": {**record, "review": bad}})
        assert ok(third, {"cmd": "review", "status": True})["done"] == 0
