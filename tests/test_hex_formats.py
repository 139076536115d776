"""Hex SGF and HexWorld import/export (issue 8): round trips, real-world inputs, errors, fuzz."""

import json
import random

import pytest

import pygame_core
from pygame_core.core import InvalidRecordError, replay
from pygame_core.games.hex.formats import (detect_format, from_hexworld, from_sgf, to_hexworld,
                                           to_sgf)

BLUE, RED = 0, 1


def random_game(size, swap=False, seed=0, n_moves=None, finish=False):
    """A Hex game of random legal moves (a swap at move 2 when ``swap``)."""
    rng = random.Random(seed * 1000 + size)
    game = pygame_core.new_game("hex", seed=7, size=size, swap=swap)
    limit = size * size if n_moves is None else n_moves
    while not game.is_over and len(game.history) < limit:
        moves = game.legal_moves()
        if swap and len(game.history) == 1:
            move = next(m for m in moves if m.is_swap)
        else:
            move = rng.choice([m for m in moves if not m.is_swap])
        game.play(move)
    if finish:
        assert game.is_over
    return game


def assert_same_game(record, game):
    assert record["format"] == "boardwright" and record["game"] == "hex"
    assert record["options"]["size"] == game.size
    assert record["moves"] == game.moves
    again = replay(record)
    assert again.moves == game.moves
    assert again.winners == game.winners


# --------------------------------------------------------------------------- round trips
@pytest.mark.parametrize("size", [2, 11, 19, 26])
@pytest.mark.parametrize("swap", [False, True])
def test_sgf_round_trip(size, swap):
    for seed, n in ((1, 8), (2, None)):
        game = random_game(size, swap=swap, seed=seed, n_moves=n)
        text = to_sgf(game)
        assert text.startswith("(;FF[4]GM[11]") and f"SZ[{size}]" in text
        assert detect_format(text) == "sgf"
        record = from_sgf(text)
        assert_same_game(record, game)
        assert record["options"]["swap"] is swap
        assert record["seed"] == 0
        if swap and len(game.history) >= 2:
            assert ";W[swap-pieces]" in text


@pytest.mark.parametrize("size", [2, 11, 19, 26])
@pytest.mark.parametrize("swap", [False, True])
def test_hexworld_round_trip(size, swap):
    for seed, n in ((1, 8), (2, None)):
        game = random_game(size, swap=swap, seed=seed, n_moves=n)
        frag = to_hexworld(game)
        assert frag.startswith(f"{size}c1")
        assert detect_format(frag) == "hexworld"
        for text in (frag, "#" + frag, "https://hexworld.org/board/#" + frag):
            record = from_hexworld(text)
            assert_same_game(record, game)
            assert record["options"]["swap"] is (swap and len(game.history) >= 2)


def test_exports_accept_records_and_json():
    game = random_game(11, swap=True, seed=3, n_moves=6)
    rec = game.record()
    assert to_sgf(rec) == to_sgf(game) == to_sgf(json.dumps(rec))
    assert to_hexworld(rec) == to_hexworld(game) == to_hexworld(json.dumps(rec))


def test_exact_output_shapes():
    game = pygame_core.new_game("hex", seed=1, size=11, swap=True)
    for m in ("f6", "swap", "e7"):
        game.play(m)
    assert to_hexworld(game) == "11c1,f6:se7"
    assert to_hexworld(game, red_blue=False) == "11,f6:se7"
    assert to_hexworld(pygame_core.new_game("hex", seed=1, size=9)) == "9c1"
    sgf = to_sgf(game)
    assert "RU[swap]" in sgf and ";B[f6];W[swap-pieces];B[e7])" in sgf
    assert "RE[" not in sgf                              # game not over
    empty = to_sgf(pygame_core.new_game("hex", seed=1, size=5))
    assert from_sgf(empty)["moves"] == [] and "RU[" not in empty


def test_swap_option_without_swap_move_survives_sgf():
    game = pygame_core.new_game("hex", seed=1, size=7, swap=True)
    game.play("d4")
    game.play("c5")
    assert from_sgf(to_sgf(game))["options"]["swap"] is True
    # HexWorld links carry no rules: only a played swap turns it on
    assert from_hexworld(to_hexworld(game))["options"]["swap"] is False


# --------------------------------------------------------------------------- colours and edges
def test_blue_win_is_black_win_and_back():
    for seed in range(6):
        game = random_game(11, swap=seed % 2 == 1, seed=seed, finish=True)
        text = to_sgf(game)
        letter = "B" if game.winners == [BLUE] else "W"
        assert f"RE[{letter}+]" in text
        assert replay(from_sgf(text)).winners == game.winners
        assert replay(from_hexworld(to_hexworld(game))).winners == game.winners


def test_small_games_both_winners():
    blue = pygame_core.new_game("hex", seed=1, size=2)
    for m in ("a1", "b1", "a2"):
        blue.play(m)
    assert blue.winners == [BLUE] and "RE[B+]" in to_sgf(blue)
    red = pygame_core.new_game("hex", seed=1, size=2)
    for m in ("b2", "a2", "a1", "b1"):
        red.play(m)
    assert red.winners == [RED] and "RE[W+]" in to_sgf(red)


def test_black_joins_top_and_bottom_in_imported_files():
    # Black fills column a (rows 1..5): in SGF and HexWorld Black joins top and bottom, so the
    # first player (our Blue) must have won after the import.
    sgf = "(;FF[4]GM[11]SZ[5];B[a1];W[b1];B[a2];W[b2];B[a3];W[b3];B[a4];W[b4];B[a5])"
    game = replay(from_sgf(sgf))
    assert game.is_over and game.winners == [BLUE]
    game = replay(from_hexworld("5c1,a1b1a2b2a3b3a4b4a5"))
    assert game.is_over and game.winners == [BLUE]
    # White filling row 1 joins left and right: our Red wins
    sgf = "(;FF[4]GM[11]SZ[3];B[a2];W[a1];B[b2];W[b1];B[a3];W[c1])"
    assert replay(from_sgf(sgf)).winners == [RED]


def test_swap_pieces_position_matches():
    rec = from_sgf("(;FF[4]GM[11]SZ[11];B[f3];W[swap-pieces];B[d4])")
    game = replay(rec)
    assert rec["moves"] == ["f3", "swap", "d4"]
    assert game.board.owner(2, 5) == RED            # f3 = (5, 2) mirrored to (2, 5) = c6
    assert game.board.owner(5, 2) == -1


def test_swap_sides_is_imported_mirrored():
    # swap-sides: the stone stays, the players exchange colours, the swapper's colour moves
    # again (HexWorld).  Imported as our swap with every later cell transposed.
    rec = from_sgf("(;FF[4]GM[11]SZ[11];B[f5];W[swap-sides];W[e7];B[c4])")
    assert rec["moves"] == ["f5", "swap", "g5", "d3"]
    assert rec["options"]["swap"] is True
    rec2 = from_hexworld("11c1,f5:Se7c4")
    assert rec2["moves"] == ["f5", "swap", "g5", "d3"]


def test_white_first_file_is_mirrored():
    rec = from_sgf("(;FF[4]GM[11]SZ[11];W[c2];B[e4])")
    assert rec["moves"] == ["b3", "d5"]


# --------------------------------------------------------------------------- real-world inputs
HEXGUI_LIKE = """\ufeff(;FF[4]CA[UTF-8]AP[HexGui:0.9.GIT]GM[11]SZ[13]
PB[alice]PW[bob]DT[2024-05-01]RE[B+R]RU[swap]
C[A friendly game. Escaped \\] bracket and a fake move ;W[a1\\] in a comment.
Second line.]
;B[G7]C[centre]
;W[swap-pieces]
;b[D10] ;W[e9]
(;B[f8];W[resign])
(;B[a1]C[a variation])
)
"""


def test_hexgui_like_file():
    rec = from_sgf(HEXGUI_LIKE)
    assert rec["options"] == {"size": 13, "swap": True}
    assert rec["moves"] == ["g7", "swap", "d10", "e9", "f8"]
    assert detect_format(HEXGUI_LIKE) == "sgf"


def test_little_golem_like_file():
    lg = ("(;FF[4]EV[hex.ch.23.1.1]PB[Player One]PW[Player Two]SZ[13]RE[W]GC[ game #1]"
          "SO[http://www.littlegolem.com];W[mf];B[swap];W[kj];B[ie];W[resign])")
    rec = from_sgf(lg)   # no GM, W first, Go-style cells, "swap": read as HexGui does, mirrored
    assert rec["options"] == {"size": 13, "swap": True}
    assert rec["moves"] == ["f13", "swap", "j11", "e9"]


def test_whitespace_case_and_collections():
    text = "  \n( ; GM [11] SZ [ 7 ]\r\n ; B [ D4 ] ; W [c3]\n)\n(;GM[11]SZ[5];B[a1])\n"
    assert from_sgf(text)["moves"] == ["d4", "c3"]
    assert from_sgf("(;GaMe[11]SiZe[5];B[a1])")["options"]["size"] == 5     # FF[3] identifiers
    assert from_sgf("(;FF[4]GM[11]SZ[5:5];B[a1])")["options"]["size"] == 5
    assert from_sgf("(;FF[4]GM[11])")["options"] == {"size": 11, "swap": False}   # SZ default
    assert from_sgf("(;GM[11]SZ[9]RU[Pie rule];B[a1])")["options"]["swap"] is True
    assert from_sgf("(;GM[11]SZ[9];B[a1]\\\n)".replace("B[a1]\\\n", "B[a\\\n1]"))["moves"] == ["a1"]


def test_hexworld_variants():
    base = "https://hexworld.org/board/#"
    assert from_hexworld(base + "11r4mnc1,f6e7")["moves"] == ["f6", "e7"]
    assert from_hexworld(base + "11c1,,f6e7")["moves"] == ["f6", "e7"]      # shown at move 0
    assert from_hexworld(base + "11c1,f6,e7d5")["moves"] == ["f6", "e7", "d5"]
    assert from_hexworld("  #9x9,a1b2  ")["options"]["size"] == 9
    assert from_hexworld(",f6")["options"]["size"] == 11                     # HexWorld default
    assert from_hexworld("11c1,f6:se7:rw")["moves"] == ["f6", "swap", "e7"]
    assert from_hexworld("11c1,f10e7")["moves"] == ["f10", "e7"]
    assert from_hexworld(base.replace("#", "%23") + "#11c1%2Cf6")["moves"] == ["f6"]


def test_detect_format():
    assert detect_format("(;FF[4]GM[11]SZ[11];B[f6])") == "sgf"
    assert detect_format("  (\n;GM[11])") == "sgf"
    assert detect_format("11c1,f6e7") == "hexworld"
    assert detect_format("#11,f6") == "hexworld"
    assert detect_format("https://hexworld.org/board/#11c1,f6e7") == "hexworld"
    assert detect_format('{"game": "hex"}') is None
    assert detect_format("hello") is None
    assert detect_format("") is None
    assert detect_format("11") is None
    assert detect_format(None) is None


# --------------------------------------------------------------------------- errors
SGF_ERRORS = [
    ("", "empty"),
    ("hello", "must start with '('"),
    ("(;GM[1]SZ[19];B[dd])", "GM[1] is Go"),
    ("(;GM[99];B[a1])", "not a Hex game: GM[99]"),
    ("(;FF[5]GM[11];B[a1])", "unsupported SGF version FF[5]"),
    ("(;GM[11]SZ[abc])", "bad board size 'abc'"),
    ("(;GM[11]SZ[1])", "board size 1 is not supported"),
    ("(;GM[11]SZ[27])", "board size 27 is not supported"),
    ("(;GM[11]SZ[" + "9" * 5000 + "])", "bad board size"),
    ("(;GM[11]SZ[11:13])", "only square"),
    ("(;GM[11]SZ[5];B[a1];W[b2];B[9z])", "SGF move 3: '9z' is not a Hex cell"),
    ("(;GM[11]SZ[5];B[a1];W[f2])", "SGF move 2: 'f2' is off the 5x5 board"),
    ("(;GM[11]SZ[5];B[a1];W[a" + "1" * 5000 + "])", "off the 5x5 board"),
    ("(;GM[11]SZ[5];B[a1];W[a1])", "SGF move 2 (W[a1]) is illegal here: a1 is already taken by Blue"),
    ("(;GM[11]SZ[5];B[swap])", "cannot start with a swap"),
    ("(;GM[11]SZ[5];B[a1];W[b1];B[c1];W[swap-pieces])", "only allowed as Red's first move"),
    ("(;GM[11]SZ[5];B[a1];W[pass])", "pass is not a move in Hex"),
    ("(;GM[11]SZ[5];B[a1];W[])", "pass is not a move in Hex"),
    ("(;GM[11]SZ[5];B[a1];W[resign];B[b2])", "moves after the game ended"),
    ("(;GM[11]SZ[5];B[a1];B[b2])", "Black moves, but it is White's turn"),
    ("(;GM[11]SZ[5];B[a1]W[b2])", "one node holds two moves"),
    ("(;GM[11]SZ[5];B[a1][b2])", "has 2 values"),
    ("(;GM[11]SZ[5]AB[a1];W[b2])", "setup stones (AB[...])"),
    ("(;GM[11]SZ[5];B[a1", "truncated SGF: the value of B[...]"),
    ("(;GM[11]SZ[5];B[a1]", "truncated SGF: 1 game tree is not closed"),
    ("(;GM[11]SZ[5];B[a1]))", "unbalanced ')'"),
    ("(;GM[11]SZ[5];B[a1])junk", "unexpected text after the end"),
    ("(;GM[11]SZ[5] FOO ;B[a1])", "property FOO has no value"),
    ("()", "empty game tree"),
    ("((;B[a1]))", "must start with a node"),
    ("(;B[a1](;W[b1]);B[c1])", "node ';' after a variation"),
    ("(;GM[11]SZ[2];B[a1];W[b1];B[a2];W[b2])", "move 4 (W[b2]) is illegal here"),   # game over
]


@pytest.mark.parametrize("text,message", SGF_ERRORS)
def test_sgf_errors(text, message):
    with pytest.raises(InvalidRecordError) as info:
        from_sgf(text)
    assert message in str(info.value)


HEXWORLD_ERRORS = [
    ("", "empty"),
    ("#", "empty"),
    ("https://hexworld.org/board/", "no board part after '#'"),
    ("11x9,a1", "only square"),
    ("27,a1", "board size 27 is not supported"),
    ("1,a1", "board size 1 is not supported"),
    ("11Q,a1", "cannot read the settings"),
    ("11c1,f6,e7,d5", "too many ','"),
    ("11c1,f6!e7", "HexWorld move 2: cannot read '!e7'"),
    ("11c1,f6:x", "unknown special move ':x'"),
    ("11c1,f6:p", "pass is not a move in Hex"),
    ("5c1,a1f1", "HexWorld move 2: 'f1' is off the 5x5 board"),
    ("5c1,a1aa1", "'aa1' is off the 5x5 board"),
    ("5c1,a1a1", "HexWorld move 2 (a1) is illegal here: a1 is already taken by Blue"),
    ("5c1,:s", "cannot start with a swap"),
    ("5c1,a1b1:s", "only allowed as Red's first move"),
    ("5c1,a1:rbb2", "moves after the game ended"),
    ("5c1,a1%ZZ", "cannot read '%ZZ'"),
    ("5c1,a1%C3%28", "badly escaped"),
]


@pytest.mark.parametrize("text,message", HEXWORLD_ERRORS)
def test_hexworld_errors(text, message):
    with pytest.raises(InvalidRecordError) as info:
        from_hexworld(text)
    assert message in str(info.value)


def test_non_text_and_export_errors():
    for bad in (None, 3, b"(;GM[11])", ["a1"]):
        with pytest.raises(InvalidRecordError, match="must be text"):
            from_sgf(bad)
        with pytest.raises(InvalidRecordError, match="must be text"):
            from_hexworld(bad)
    y_game = pygame_core.new_game("y", seed=1)
    for export in (to_sgf, to_hexworld):
        with pytest.raises(InvalidRecordError, match="only Hex games"):
            export(y_game)
        with pytest.raises(InvalidRecordError, match="only Hex games"):
            export(y_game.record())
        with pytest.raises(InvalidRecordError, match="not valid JSON"):
            export("{nope")
        with pytest.raises(InvalidRecordError, match="expected a Hex game"):
            export(42)
        bad = {"format": "boardwright", "version": 1, "game": "hex",
               "options": {"size": 5}, "seed": 0, "moves": ["a1", "a1"]}
        with pytest.raises(InvalidRecordError, match="move 2"):
            export(bad)


# --------------------------------------------------------------------------- fuzz
def _check_never_crashes(parse, text):
    try:
        record = parse(text)
    except InvalidRecordError as exc:
        assert str(exc)
        return False
    replay(record)
    return True


def test_fuzz_random_and_mutated_inputs():
    rng = random.Random(2026)
    alphabet = "();[]\\:,#%abcswBWGMSZ0123456789 \n-x.S\u00e9\ud800"
    seeds_sgf = [to_sgf(random_game(s, swap=True, seed=s, n_moves=12)) for s in (2, 5, 11)]
    seeds_sgf += [HEXGUI_LIKE, "(;FF[4]GM[11]SZ[11];B[f5];W[swap-sides];W[e7];B[c4])"]
    seeds_hw = [to_hexworld(random_game(s, swap=True, seed=s, n_moves=12)) for s in (2, 5, 11)]
    seeds_hw += ["https://hexworld.org/board/#11r4mnc1,f6:Se7,d5:rw"]
    ok = 0
    for i in range(2500):
        kind = i % 3
        if kind == 0:
            text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40)))
            if rng.random() < 0.5:
                text = "(;" + text
        else:
            base = list(rng.choice(seeds_sgf + seeds_hw))
            for _ in range(rng.randrange(1, 4)):
                op = rng.randrange(3)
                pos = rng.randrange(len(base) + 1)
                if op == 0 and base:
                    del base[min(pos, len(base) - 1)]
                elif op == 1:
                    base.insert(pos, rng.choice(alphabet))
                elif base:
                    base[min(pos, len(base) - 1)] = rng.choice(alphabet)
            text = "".join(base)
        assert detect_format(text) in ("sgf", "hexworld", None)
        ok += _check_never_crashes(from_sgf, text)
        ok += _check_never_crashes(from_hexworld, text)
    assert ok > 50          # mutations keep a fair share of inputs valid
