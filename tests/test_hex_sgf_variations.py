"""Hex SGF with variations (issue 19, item 1): the whole game tree in and out, main line first;
other programs' files; errors inside variations; hostile trees; the bridge's import/export."""
from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_core
from pygame_core.bridge import Session, handle
from pygame_core.core import InvalidRecordError, replay
from pygame_core.games.hex import sgf as hex_sgf, sgf_parse as hex_sgf_parse
from pygame_core.games.hex.formats import from_sgf, to_sgf
from pygame_core.tree import MAX_NESTING, GameTree, _depth, build

GUARD = pytest.mark.timeout(20)  # a hang guard, not a speed target


def record_of(tree: GameTree, size: int, swap: bool = False, moves=None) -> dict:
    record = {"format": "boardwright", "version": 1, "game": "hex", "options": {"size": size, "swap": swap},
              "seed": 0, "moves": tree.main_line() if moves is None else moves}
    if tree.size() > len(tree.main_line()):
        record["tree"] = tree.to_json()
    return record


def check_record(record: dict) -> None:
    """The record replays, and its tree (if any) is valid and holds ``moves`` as its main line."""
    game = replay(record)
    if "tree" in record:
        tree = GameTree.from_json(record["tree"])
        build(pygame_core.new_game("hex", seed=0, **record["options"]), tree)
        assert tree.main_line() == record["moves"] == game.moves
        assert tree.size() > len(record["moves"])


# --------------------------------------------------------------------------- other programs' files
def test_hexgui_style_file_with_variations():
    rec = from_sgf("(;FF[4]GM[11]SZ[11];B[a1];W[b2](;B[c3])(;B[d4];W[e5]))")
    assert rec["moves"] == ["a1", "b2", "c3"]
    assert rec["tree"] == ["a1", "b2", "c3", ["d4", "e5"]]
    check_record(rec)


def test_variations_at_the_root_nested_and_with_swaps():
    rec = from_sgf("(;GM[11]SZ[5](;B[a1];W[b2])(;B[c3](;W[d4])(;W[e5];B[a2](;W[b1])(;W[c1]))))")
    assert rec["moves"] == ["a1", "b2"]
    assert rec["tree"] == ["a1", ["c3", "d4", ["e5", "a2", "b1", ["c1"]]], "b2"]
    check_record(rec)
    # a swap only in a variation turns the swap option on (the tree needs it)
    rec = from_sgf("(;GM[11]SZ[5];B[c3](;W[b2])(;W[swap-pieces];B[a1]))")
    assert rec["options"]["swap"] is True and rec["tree"] == ["c3", "b2", ["swap", "a1"]]
    check_record(rec)
    # swap-sides in a variation: that line only is mirrored from there on
    rec = from_sgf("(;GM[11]SZ[5];B[c3](;W[b2];B[a1])(;W[swap-sides];W[a2]))")
    assert rec["tree"] == ["c3", "b2", ["swap", "b1"], "a1"]
    check_record(rec)
    # one line starts with White (Little Golem style): that line alone is mirrored
    rec = from_sgf("(;GM[11]SZ[5](;B[c2];W[a1])(;W[c2];B[a1]))")
    assert rec["tree"] == ["c2", ["b3", "a1"], "a1"]
    check_record(rec)


def test_the_hexgui_like_file_of_the_format_tests_keeps_its_variation():
    from tests.test_hex_formats import HEXGUI_LIKE
    rec = from_sgf(HEXGUI_LIKE)  # (;B[f8];W[resign])(;B[a1]C[a variation]): resign ends a line
    assert rec["moves"] == ["g7", "swap", "d10", "e9", "f8"]
    assert rec["tree"] == ["g7", "swap", "d10", "e9", "f8", ["a1"]]
    check_record(rec)


def test_nodes_without_moves_and_other_properties_in_variations():
    # comments, names, even SZ/RU in a variation node are ignored, as on the main line
    rec = from_sgf("(;GM[11]SZ[5];B[a1]C[x](;W[b1]C[main]SZ[9])(;C[only a comment])(;PB[x];W[c1]RU[swap]))")
    assert rec["options"] == {"size": 5, "swap": False}
    assert rec["tree"] == ["a1", "b1", ["c1"]]
    # a first variation without a move: the only line with moves is the main line
    rec = from_sgf("(;GM[11]SZ[5];B[a1](;C[just a note])(;W[b1]))")
    assert rec["moves"] == ["a1", "b1"] and "tree" not in rec
    # two variations playing the same move are one line
    rec = from_sgf("(;GM[11]SZ[5];B[a1](;W[b1];B[c1])(;W[b1];B[d1])(;W[B1]))")
    assert rec["tree"] == ["a1", "b1", "c1", ["d1"]]
    check_record(rec)


def test_only_the_first_game_tree_of_a_collection_is_read():
    text = "(;GM[11]SZ[5];B[a1](;W[b1])(;W[c1]))\n(;GM[11]SZ[7];B[a1](;W[b2])(;W[c2]))"
    assert from_sgf(text)["tree"] == ["a1", "b1", ["c1"]]
    with pytest.raises(InvalidRecordError, match="empty game tree"):  # the others are still checked
        from_sgf(text + "(;GM[11](;B[a1])())")


# --------------------------------------------------------------------------- writing
def test_export_writes_variations_main_line_first():
    tree = GameTree.from_json(["c3", "b3", ["d2", "e1"], "a1"])
    text = to_sgf(record_of(tree, 5))
    assert text.endswith("SZ[5]\n;B[c3]\n(;W[b3];B[a1])\n(;W[d2];B[e1]))\n")
    root_variations = GameTree.from_json(["a1", ["c3", "d4", ["e5"]], "b2"])
    text = to_sgf(record_of(root_variations, 5))
    assert text.endswith("SZ[5]\n(;B[a1];W[b2])\n(;B[c3]\n(;W[d4])\n(;W[e5])))\n")
    for t in (tree, root_variations):
        rec = from_sgf(to_sgf(record_of(t, 5)))
        assert rec["tree"] == t.to_json() and rec["moves"] == t.main_line()


def test_a_record_without_variations_is_written_as_before():
    game = pygame_core.new_game("hex", seed=0, size=7, swap=True)
    for m in ("d4", "swap", "c3", "e5"):
        game.play(m)
    flat = to_sgf(game.record())
    assert flat == to_sgf(game) and "(" not in flat[1:]
    assert to_sgf(dict(game.record(), tree=game.moves)) == flat  # a tree of one line
    shorter = dict(game.record(), moves=game.moves[:2], tree=game.moves)  # the line goes on
    assert to_sgf(shorter) == flat


def test_export_writes_the_main_line_whatever_line_the_record_is_on():
    tree = GameTree.from_json(["a1", "b1", ["b2", "a2"]])
    rec = record_of(tree, 2, moves=["a1", "b2", "a2"])  # on the variation, which Blue won
    assert replay(rec).is_over
    text = to_sgf(rec)
    assert "RE[" not in text  # the main line a1 b1 is not over
    back = from_sgf(text)
    assert back["moves"] == ["a1", "b1"] and back["tree"] == tree.to_json()
    tree.promote([0, 1, 0])
    assert "RE[B+]" in to_sgf(record_of(tree, 2))


def test_export_refuses_a_bad_tree():
    with pytest.raises(InvalidRecordError, match="'a1'"):
        to_sgf(record_of(GameTree.from_json(["a1", "b1", ["a1"]]), 3))
    tree = GameTree.from_json(["a1", "b1", ["c1"]])
    with pytest.raises(InvalidRecordError, match="not a line of its tree"):
        to_sgf(record_of(tree, 3, moves=["a1", "b2"]))


# --------------------------------------------------------------------------- round trips
def random_tree(rng: random.Random, size: int, swap: bool, steps: int) -> GameTree:
    """Random legal moves at random positions of a growing tree (swaps included)."""
    tree = GameTree()
    for _ in range(steps):
        node, path = tree.root, []
        while node.children and rng.random() < 0.85:
            k = rng.randrange(len(node.children))
            path.append(k)
            node = node.children[k]
        game = pygame_core.new_game("hex", seed=0, size=size, swap=swap)
        for text in tree.line(path):
            game.play(text)
        if game.is_over or GameTree.nesting(path) >= MAX_NESTING:
            continue
        tree.add(path, game.format_move(rng.choice(game.legal_moves())))
    return tree


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(size=st.integers(2, 5), swap=st.booleans(), seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_random_trees_survive_sgf(size, swap, seed, steps):
    rng = random.Random(seed)
    tree = random_tree(rng, size, swap, steps)
    line = tree.line(tree.continuation([rng.randrange(len(tree.root.children))] if tree.root.children else []))
    record = record_of(tree, size, swap, moves=line)  # on any line: SGF keeps the main line first
    back = from_sgf(to_sgf(record))
    assert back["moves"] == tree.main_line()
    assert back.get("tree") == (record.get("tree"))
    assert back["options"] == {"size": size, "swap": swap}
    check_record(back)
    assert to_sgf(back) == to_sgf(record)


# --------------------------------------------------------------------------- errors in variations
VARIATION_ERRORS = [
    ("(;GM[11]SZ[5];B[a1];W[b2](;B[c3])(;B[b2];W[e5]))",
     "SGF move 3 (B[b2]) in variation 1 (from character 33) is illegal here: b2 is already taken"),
    ("(;GM[11]SZ[5];B[a1](;W[b2])(;W[c3])(;W[a1]))", "SGF move 2 (W[a1]) in variation 2 (from character 35)"),
    ("(;GM[11]SZ[5];B[a1](;W[b2])(;B[c3]))", "move 2 (B[c3]) in variation 1 (from character 27): Black moves"),
    ("(;GM[11]SZ[5];B[a1](;W[b2])(;W[c3]AB[a2]))", "setup stones (AB[...]) in variation 1"),
    ("(;GM[11]SZ[5];B[a1](;W[b2])(;W[resign];B[c3]))", "move 3 (B[c3]) in variation 1 (from character 27): "
                                                         "there are moves after the game ended"),
    ("(;GM[11]SZ[5];B[a1];W[resign](;B[c3])(;B[d3]))", "SGF move 3 (B[c3]): there are moves after"),
    ("(;GM[11]SZ[5];B[a1](;W[b2])(;W[pass]))", "move 2 (W[pass]) in variation 1 (from character 27): pass is not"),
    ("(;GM[11]SZ[5];B[a1](;W[b2])(;W[z9]))", "SGF move 2 in variation 1 (from character 27): 'z9' is off the 5x5"),
    ("(;GM[11]SZ[5];B[a1](;W[b2])(;W[c3]B[c4]))", "move 2 in variation 1 (from character 27): one node holds two"),
    ("(;GM[11]SZ[5];B[a1](;W[b2])(;W[c3][c4]))", "has 2 values"),
    ("(;GM[11]SZ[5](;B[a1])(;B[swap-pieces]))", "move 1 (B[swap-pieces]) in variation 1 (from character 21): "
                                                "a game cannot start with a swap"),
    ("(;GM[11]SZ[5];B[a1](;W[b2];B[c3])(;W[c3](;B[d3])(;B[c3])))",
     "SGF move 3 (B[c3]) in variation 2 (from character 48) is illegal here: c3 is already taken by Red"),
    ("(;GM[11]SZ[5];B[a1](;W[b2])(;W[" + "x" * 500 + "]))", "is not a Hex cell"),
    ("(;GM[11]SZ[5];B[a1](;W[b2])(;W[c3])", "truncated SGF: 1 game tree is not closed"),
    ("(;GM[11]SZ[5];B[a1](;W[b2]))(;W[c3]))", "unbalanced ')'"),
    ("(;GM[11]SZ[5];B[a1]()(;W[b2]))", "empty game tree '()'"),
    ("(;GM[11]SZ[5];B[a1](;W[b2]);B[c3])", "node ';' after a variation"),
    ("(;GM[11]SZ[5];B[a1]((;W[b2])))", "must start with a node"),
]


@pytest.mark.parametrize("text,message", VARIATION_ERRORS)
def test_errors_in_variations_say_where(text, message):
    with pytest.raises(InvalidRecordError) as info:
        from_sgf(text)
    assert message in str(info.value)
    assert len(str(info.value)) < 200  # at most ~40 characters of the input are quoted


# --------------------------------------------------------------------------- hostile trees
@GUARD
def test_deep_nesting_is_refused_at_once_without_recursion():
    # 60,000 variations each inside the last (900 KB): refused at depth MAX_NESTING + 1
    text = "(;GM[11]SZ[26];B[a1]" + "(;W[b1])(;W[b2]" * 60_000 + ")" * 60_000 + ")"
    assert len(text) < hex_sgf_parse.MAX_SGF_CHARS
    start = time.process_time()
    with pytest.raises(InvalidRecordError, match=f"nested more than {MAX_NESTING} deep"):
        from_sgf(text)
    assert time.process_time() - start < 1
    # just inside the bound the same shape imports (colours alternating, a new cell each time)
    cells = [f"{chr(97 + x)}{y + 1}" for y in range(26) for x in range(26)]
    body, n = "", MAX_NESTING
    for k in range(n):
        body += f"(;{'WB'[k % 2]}[{cells[2 * k + 1]}])(;{'WB'[k % 2]}[{cells[2 * k + 2]}]"
    rec = from_sgf("(;GM[11]SZ[26];B[a1]" + body + ")" * n + ")")
    assert _depth(rec["tree"]) == n
    check_record(rec)


def test_merged_variations_that_nest_too_deep_are_refused(monkeypatch):
    # the second root variation repeats a line of the first: merged into it, its next move is
    # nested three deep in the tree though only one deep in the file
    text = ("(;GM[11]SZ[5](;B[a1](;W[e5])(;W[b2](;B[e4])(;B[c3];W[d4])))"
            "(;B[a1];W[b2];B[c3];W[e1]))")
    assert _depth(from_sgf(text)["tree"]) == 3
    monkeypatch.setattr(hex_sgf, "MAX_NESTING", 2)
    with pytest.raises(InvalidRecordError, match="move 4 \\(W\\[e1\\]\\) in variation 3 .*nested at most 2 deep"):
        from_sgf(text)


@GUARD
def test_huge_branching():
    rec = from_sgf("(;GM[11]SZ[26]" + "(;B[a1])" * 99_990 + ")")  # all the same move: one line
    assert rec["moves"] == ["a1"] and "tree" not in rec
    with pytest.raises(InvalidRecordError, match="more than 100,000 nodes"):
        from_sgf("(;GM[11]SZ[26]" + "(;B[a1])" * 100_001 + ")")
    # every first move, each with a line of 40 moves: 27,040 nodes, one tree
    rng = random.Random(3)
    cells = [f"{chr(97 + x)}{y + 1}" for y in range(26) for x in range(26)]
    parts = []
    for first in cells:
        line = [first] + rng.sample([c for c in cells if c != first], 39)
        parts.append("(" + "".join(f";{'BW'[k % 2]}[{m}]" for k, m in enumerate(line)) + ")")
    rec = from_sgf("(;GM[11]SZ[26]" + "".join(parts) + ")")
    tree = GameTree.from_json(rec["tree"])
    assert len(tree.root.children) == 676 and tree.size() == 27_040


# --------------------------------------------------------------------------- through the bridge
def ok(s, req):
    resp = handle(req, s)
    assert resp["ok"], resp
    return resp["result"]


def test_bridge_import_and_export_keep_variations():
    s = Session()
    st_ = ok(s, {"cmd": "import", "text": "(;FF[4]GM[11]SZ[11];B[a1];W[b2](;B[c3])(;B[d4];W[e5]))"})
    assert st_["tree"] == ["a1", "b2", "c3", ["d4", "e5"]] and st_["moves"] == ["a1", "b2", "c3"]
    st_ = ok(s, {"cmd": "goto", "path": [0, 0, 1, 0]})
    assert st_["moves"] == ["a1", "b2", "d4", "e5"]
    ok(s, {"cmd": "goto", "path": [0, 0, 1]})
    ok(s, {"cmd": "play", "move": "f6"})  # a variation inside the variation
    exported = ok(s, {"cmd": "export", "format": "sgf"})
    assert exported["filename"].endswith(".sgf")
    assert exported["text"].endswith(";B[a1];W[b2]\n(;B[c3])\n(;B[d4]\n(;W[e5])\n(;W[f6])))\n")
    other = Session()
    back = ok(other, {"cmd": "import", "text": exported["text"]})
    mine = ok(s, {"cmd": "state"})
    assert back["tree"] == mine["tree"] == ["a1", "b2", "c3", ["d4", "e5", ["f6"]]]
    assert back["moves"] == ["a1", "b2", "c3"]  # the main line comes first in SGF


def test_bridge_refuses_a_bad_variation_and_keeps_its_game():
    s = Session()
    ok(s, {"cmd": "new", "game": "hex", "options": {"size": 5}, "seed": 0, "players": ["human", "human"]})
    ok(s, {"cmd": "play", "move": "c3"})
    before = ok(s, {"cmd": "state"})
    resp = handle({"cmd": "import", "text": "(;GM[11]SZ[5];B[a1];W[b2](;B[c3])(;B[b2]))"}, s)
    assert not resp["ok"] and "in variation 1" in resp["error"]["message"]
    assert ok(s, {"cmd": "state"})["tree"] == before["tree"] == ["c3"]


def test_bridge_sessions_with_random_variations_survive_sgf():
    rng = random.Random(19)
    for _ in range(8):
        s = Session()
        ok(s, {"cmd": "new", "game": "hex", "options": {"size": 4, "swap": True}, "seed": 0,
               "players": ["human", "human"]})
        for _ in range(30):
            st_ = ok(s, {"cmd": "state"})
            if st_["is_over"] or rng.random() < 0.3:
                ok(s, {"cmd": "goto", "cursor": rng.randrange(st_["cursor"] + 1)})
            else:
                ok(s, {"cmd": "play", "move": rng.choice(st_["legal"])["move"]})
        mine = ok(s, {"cmd": "state"})
        back = ok(Session(), {"cmd": "import", "text": ok(s, {"cmd": "export", "format": "sgf"})["text"]})
        assert back["tree"] == mine["tree"]
        assert back["moves"] == GameTree.from_json(mine["tree"]).main_line()


def test_mutated_files_with_variations_import_cleanly_or_are_refused():
    rng = random.Random(7)
    seeds = ["(;FF[4]GM[11]SZ[11];B[a1];W[b2](;B[c3])(;B[d4];W[e5]))"]
    for _ in range(12):
        size, swap = rng.randint(2, 6), rng.random() < 0.5
        seeds.append(to_sgf(record_of(random_tree(rng, size, swap, rng.randint(5, 40)), size, swap)))
    alphabet = "();[]\\:abcswBWGMSZ0123456789 \n-CR"
    imported = 0
    for _ in range(3000):
        text = list(rng.choice(seeds))
        for _ in range(rng.randrange(1, 4)):
            pos = rng.randrange(len(text))
            text[pos:pos + rng.randrange(2)] = rng.choice(["", rng.choice(alphabet)])
        try:
            record = from_sgf("".join(text))
        except InvalidRecordError as exc:
            assert 0 < len(str(exc)) < 300
            continue
        check_record(record)
        assert from_sgf(to_sgf(record)) == record
        imported += 1
    assert imported > 100
