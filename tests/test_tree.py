"""pygame_core.tree: the variation tree of a record (engine side of issue 19)."""
from __future__ import annotations

import json
import random

import pytest

from pygame_core import new_game
from pygame_core.core import InvalidRecordError
from pygame_core.tree import MAX_NESTING, GameTree, build


def test_a_flat_record_is_one_line_and_round_trips():
    t = GameTree(["c3", "b3", "a1"])
    assert t.to_json() == ["c3", "b3", "a1"] and t.main_line() == ["c3", "b3", "a1"] and t.size() == 3
    assert GameTree.from_json(t.to_json()).to_json() == t.to_json()


def test_play_at_a_position_adds_a_variation_instead_of_dropping_the_tail():
    t = GameTree(["c3", "b3", "a1"])
    path = t.add([0], "d2")  # back one move, another move: a variation
    assert path == [0, 1] and t.main_line() == ["c3", "b3", "a1"]
    assert t.add([0], "b3") == [0, 0]  # the same move again: the existing line
    t.add(path, "e1")
    assert t.to_json() == ["c3", "b3", ["d2", "e1"], "a1"]
    assert t.line([0, 1, 0]) == ["c3", "d2", "e1"] and t.continuation([0, 1]) == [0, 1, 0]


def test_promote_and_delete():
    t = GameTree.from_json(["c3", "b3", ["d2", "e1", ["a5"]], "a1"])
    assert t.promote([0, 1, 1]) == [0, 0, 0]
    assert t.main_line() == ["c3", "d2", "a5"]
    assert t.to_json() == ["c3", "d2", ["b3", "a1"], "a5", ["e1"]]
    assert t.delete([0, 0]) == [0]
    assert t.to_json() == ["c3", "b3", "a1"]
    with pytest.raises(InvalidRecordError):
        t.delete([])
    with pytest.raises(InvalidRecordError):
        t.node([0, 5])


def test_random_trees_round_trip_through_json():
    rng = random.Random(7)
    for _ in range(50):
        t = GameTree()
        for _ in range(rng.randrange(1, 60)):
            node_path = []
            while rng.random() < 0.8:
                node = t.node(node_path)
                if not node.children:
                    break
                node_path.append(rng.randrange(len(node.children)))
            t.add(node_path, f"m{rng.randrange(9)}")
        data = json.loads(json.dumps(t.to_json()))
        back = GameTree.from_json(data)
        assert back.to_json() == t.to_json() and back.size() == t.size()


def test_build_checks_every_line_and_names_the_bad_move():
    game = new_game("hex", size=5, seed=0)
    assert build(game, GameTree.from_json(["c3", "b3", ["d2", "e1"], "a1"])) == {"nodes": 5}
    with pytest.raises(InvalidRecordError, match=r"move 2 \('c3'\)"):
        build(new_game("hex", size=5, seed=0), GameTree.from_json(["c3", "b3", ["c3"]]))
    with pytest.raises(InvalidRecordError, match="moves"):  # a line longer than any Hex 2x2 game
        build(new_game("hex", size=2, seed=0), GameTree(["a1", "b1", "a2", "b2", "a1"]))


@pytest.mark.timeout(20)
@pytest.mark.parametrize("data, message", [
    ("c3 b3", "a list"),
    ([["c3"]], "follow the move"),
    (["c3", []], "starts with a move"),
    (["c3", 5], "not 5"),
    (["c3", ["d4", ["e5"] * 2]], None),  # fine: two variations of d4's reply... checked below
])
def test_bad_trees_are_refused_clearly(data, message):
    if message is None:
        GameTree.from_json(data)
        return
    with pytest.raises(InvalidRecordError, match=message):
        GameTree.from_json(data)


@pytest.mark.timeout(20)
def test_hostile_trees_are_refused_fast():
    deep = inner = ["a1"]
    for _ in range(10_000):  # 10,000 nested variations
        nxt = ["a1"]
        inner.append(nxt)
        inner = nxt
    with pytest.raises(InvalidRecordError, match="nested"):
        GameTree.from_json(deep)
    with pytest.raises(InvalidRecordError, match="more than"):
        GameTree.from_json(["a1"] * 200_000)
    t = GameTree(["a1"])
    path = [0]
    for k in range(MAX_NESTING):
        path = t.add(path[:-1], f"x{k}")
        path = t.add(path, "a1")
    with pytest.raises(InvalidRecordError, match="nested"):
        t.add(path[:-1], "zz")
