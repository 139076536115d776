"""Hostile input: no text, record, file, link or request can freeze the engine or flood a message.

Every registered game and every parser is fed pathological input - long runs of white space,
digits and separators, a megabyte value, NUL and odd Unicode, deep nesting - through every door:
``Game.play`` / ``Game.parse_move``, :func:`pygame_core.replay` (dicts and JSON text), the Hex
SGF and HexWorld importers (directly and through the bridge's ``import``), share links (the
bridge's ``open`` and :func:`pygame_core.records.decode_link`) and the bridge's request JSON.
Each must fail at once with a clear :class:`~pygame_core.core.GameError` (or a bridge
``{"ok": false}``) whose message is short, and leave the game as it was.

Then the move bounds: ``max_moves(options)`` is never exceeded by random games (Hex, Y and
Codex here; tests/test_move_bounds.py covers every game with more policies), ``replay`` refuses
a record one move longer before replaying it, and the bridge's request cap holds the longest
record of every game.

``@pytest.mark.timeout`` is a hang guard only (a parser that backtracks on 40,000 spaces runs
for minutes); no test measures speed.
"""

from __future__ import annotations

import base64
import itertools
import json
import random
import zlib

import pytest

from pygame_core import list_games, new_game, replay
from pygame_core.bridge import MAX_REQUEST_CHARS, Session, _link_token, handle, handle_json
from pygame_core.core import MAX_SEED, GameError, InvalidOptionError, InvalidRecordError, game_class
from pygame_core.games.hex import formats as hex_formats
from pygame_core.games.codex import CODEX_PASS, CodexGame, GameField, PlayMove, load_cards
from pygame_core.games.hex import HexGame, cell_name
from pygame_core.games.y import YGame, YMove
from pygame_core.geometry.yradial import radial_layout
from pygame_core.records import MAX_BODY_BYTES, MAX_TOKEN_CHARS, decode_link, encode_link

GAME_IDS = [g["id"] for g in list_games()]
SHORT = 300  # every error message is shorter than this, whatever it was given
GUARD = pytest.mark.timeout(20)  # a hang guard, not a speed target
N = 40_000

# ------------------------------------------------------------------------- pathological texts
HOSTILE_TEXTS = {
    "spaces+zz": " " * N + "zz",
    "mixed white space": "\t\n \r\x0b\x0c\u00a0\u2003" * (N // 8) + "a1",
    "digits": "1" * N,
    "digits+x": "9" * N + "x",
    "dashes": "-" * N,
    "commas": "," * N,
    "open parens": "(" * N,
    "open brackets": "[" * N,
    "close parens": ")" * N,
    "dots": "." * N,
    "tile+spaces": "1-2-3 ABC" + " " * 3000 + "!",
    "megabyte": "x" * 1_000_000,
    "cell+spaces": "a" + " " * N + "1",
    "xy+spaces": "(" + " " * N + "1" + " " * N + "," + " " * N + "2",
    "play+spaces": "play 1 front at (" + " " * N + "0,0)",
    "radial+spaces": "[" + "1" * N + "." + " " * N,
    # short ones (under the 200-character cap) reach the move patterns themselves
    "short spaces+zz": " " * 150 + "zz",
    "short tile+spaces": "1-2-3 ABC" + " " * 150 + "!",
    "short parens": "(" * 150,
    "short dashes": "-" * 150,
    "short xy": " ( " * 60 + "1,2",
    "short digits": "1" * 199,
    "short play": "play " + "1 " * 90,
    "NUL": "\x00" * 50,
    "NUL in a cell": "a\x001",
    "lone surrogates": "\ud800" * 50,
    "bidi override": "\u202e" * 50,
    "cards": "🂡" * 50,
    "tag characters": "\U000e0001" * 50,
    "arabic digits": "c\u0663",
    "fullwidth": "ｃ５",
    "empty": "",
    "blank": "   ",
}


def midgame(game_id: str, moves: int = 6, seed: int = 5):
    """A game a few random legal moves in (the hostile text must not change it)."""
    game = new_game(game_id, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def short(exc: BaseException) -> str:
    message = str(exc)
    assert message and len(message) < SHORT, (len(message), message[:400])
    return message


@GUARD
@pytest.mark.parametrize("name", list(HOSTILE_TEXTS))
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_play_and_parse_move_refuse_hostile_text(game_id, name):
    text = HOSTILE_TEXTS[name]
    game = midgame(game_id)
    before = game.record()
    for call in (game.play, game.parse_move):
        with pytest.raises(GameError) as info:
            call(text)
        short(info.value)
        assert game.record() == before
    assert game.is_legal(text) is False
    assert game.record() == before


# ------------------------------------------------------------------------- records and replay
BIG = "x" * 1_000_000


def hostile_records(game_id: str) -> dict:
    bound = game_class(game_id).max_moves(new_game(game_id, seed=0).options)
    base = {"format": "boardwright", "version": 1, "game": game_id, "options": {}, "seed": 1}
    return {
        "seed null": {**base, "seed": None},
        "seed megabyte": {**base, "seed": BIG},
        "seed huge number": {**base, "seed": 10 ** 400},
        "game megabyte": {**base, "game": BIG},
        "game list": {**base, "game": [1] * 100_000},
        "version megabyte": {**base, "version": BIG},
        "option value megabyte": {**base, "options": {game_class(game_id).OPTIONS[0].name: BIG}},
        "option name megabyte": {**base, "options": {BIG: 1}},
        "move megabyte": {**base, "moves": [BIG]},
        "move of spaces": {**base, "moves": [" " * N + "zz"]},
        "move of tile and spaces": {**base, "moves": ["1-2-3 ABC" + " " * 3000 + "!"]},
        "moves text megabyte": {**base, "moves": "a1 " * 400_000},
        "one move too many": {**base, "moves": ["a1"] * (bound + 1)},
        "a million moves": {**base, "moves": ["a1"] * 1_000_000},
        "moves not texts": {**base, "moves": [[1]] * 100_000},
    }


RECORD_CASES = list(hostile_records("hex"))


@GUARD
@pytest.mark.parametrize("name", RECORD_CASES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_refuses_hostile_records(game_id, name):
    record = hostile_records(game_id)[name]
    for given in (record, json.dumps(record)):
        with pytest.raises(InvalidRecordError) as info:
            replay(given)
        message = short(info.value)
        if name == "seed null":
            assert "seed" in message and "null" in message
        if name in ("one move too many", "a million moves", "moves text megabyte"):
            assert "moves" in message and "lasts more than" in message, message


@GUARD
@pytest.mark.parametrize("text", ["[" * 1_000_000, "{\"a\":" * 200_000, "\"" + BIG, BIG, "\x00" * 1000,
                                  "{" + " " * N + "}", "[" + "1," * 300_000 + "1]"])
def test_replay_refuses_hostile_json_text(text):
    with pytest.raises(InvalidRecordError) as info:
        replay(text)
    short(info.value)


# ------------------------------------------------------------------------- max_moves
def random_game(cls, options: dict, seed: int, prefer=None):
    """Play a whole game of uniformly random legal moves (``prefer(move)``: always play such a
    move when one is legal, e.g. the swap)."""
    game = cls(seed=seed, **options)
    rng = random.Random(seed)
    bound = cls.max_moves(game.options)
    while not game.is_over:
        moves = game.legal_moves()
        liked = [m for m in moves if prefer is not None and prefer(m)]
        game.apply(rng.choice(liked or moves))
        assert len(game.history) <= bound, "the game outlasted its proven bound"
    return game, bound


HEX_OPTIONS = [{"size": n, "swap": s} for n in (2, 3, 4, 5, 7, 11) for s in (False, True)]
Y_OPTIONS = ([{"size": n} for n in (2, 3, 5, 9, 13)] + [{"size": 5, "misere": True}]
             + [{"family": "radial", "center_rows": c, "outer_rows": o}
                for c, o in ((2, 0), (3, 2), (4, 3), (5, 4))])
CODEX_OPTIONS = [{"players": n} for n in (2, 3, 4)]


@GUARD
@pytest.mark.parametrize("options", HEX_OPTIONS, ids=str)
def test_hex_games_stay_within_max_moves(options):
    n = options["size"]
    assert HexGame.max_moves(HexGame(seed=0, **options).options) == n * n + options["swap"]
    for seed in range(40 if n <= 5 else 6):
        game, bound = random_game(HexGame, options, seed, prefer=lambda m: m.is_swap)
        assert game.board.stones <= n * n
        assert len(game.history) <= bound


@GUARD
@pytest.mark.parametrize("options", Y_OPTIONS, ids=str)
def test_y_games_stay_within_max_moves(options):
    full = YGame(seed=0, **options)
    assert YGame.max_moves(full.options) == len(full.board.cells)
    for seed in range(20):
        game, bound = random_game(YGame, options, seed)
        assert len(game.history) <= bound


@GUARD
@pytest.mark.parametrize("options", CODEX_OPTIONS, ids=str)
def test_codex_games_stay_within_max_moves(options):
    for seed in range(4):
        game, bound = random_game(CodexGame, options, seed)
        assert len(game.history) <= bound
        # the passing policy: pass whenever legal (only a closed area allows it)
        game, bound = random_game(CodexGame, options, seed + 100, prefer=lambda m: m == CODEX_PASS)
        assert len(game.history) <= bound


def closed_field(starter: int = 85) -> GameField:
    """A play area with no free card position: starter 85 (hidden DL/DR) capped by three gold
    cards whose hidden corners face every free position."""
    cards, _ = load_cards()
    field = GameField()
    field.place_starter(cards[starter], True)
    for cid, at in ((49, (-2, 2)), (47, (2, 2)), (79, (0, 4))):
        field.place_unchecked(cards[cid], True, at)
    assert not field.available
    return field


def codex_in_play(players: int = 2, seed: int = 3) -> CodexGame:
    game = CodexGame(seed=seed, players=players)
    for _ in range(players):
        game.play(f"starter {game.starters[game.turn]} front")
    for _ in range(players):
        game.play(f"objective {game.dealt[game.turn][0]}")
    return game


@GUARD
@pytest.mark.parametrize("players", [2, 3, 4])
def test_codex_passes_with_every_area_closed_trigger_the_end(players):
    """The rule that makes Codex finite: when nobody can ever place a card again, a pass
    triggers the end (the rest of the round and one more round, all passes)."""
    game = codex_in_play(players)
    for q in range(players):
        game.fields[q] = closed_field()
    assert game.legal_moves() == [CODEX_PASS]
    start = len(game.history)
    game.play("pass")
    assert game.events[-1].get("end_triggered")
    while not game.is_over:
        assert game.legal_moves() == [CODEX_PASS]
        game.play("pass")
    assert len(game.history) - start <= 2 * players
    assert len(game.history) <= CodexGame.max_moves(game.options)


@GUARD
def test_codex_a_pass_with_an_open_area_left_does_not_trigger_the_end():
    game = codex_in_play(2)
    p = game.turn
    game.fields[p] = closed_field()
    game.play("pass")
    assert not game.events[-1].get("end_triggered") and game.turns_left is None
    assert not game.is_over and game.turn != p


def test_max_moves_values():
    assert HexGame.max_moves({"size": 11, "swap": False}) == 121
    assert HexGame.max_moves({"size": 11, "swap": True}) == 122
    assert HexGame.max_moves({"size": 26, "swap": True}) == 677
    assert YGame.max_moves({"family": "regular", "size": 13, "center_rows": 5, "outer_rows": 4,
                            "misere": False}) == 91
    radial = {"family": "radial", "size": 13, "center_rows": 5, "outer_rows": 4, "misere": False}
    assert YGame.max_moves(radial) == len(radial_layout(5, 4).nodes) == 93
    assert [CodexGame.max_moves({"players": n}) for n in (2, 3, 4)] == [253, 340, 427]


def option_sets(game_id: str) -> list[dict]:
    """Every combination of each option's extremes (min, max, default, null; every choice and
    bool), validated."""
    cls = game_class(game_id)
    values = []
    for o in cls.OPTIONS:
        vals = {o.default}
        if o.type == "int":
            vals |= {o.minimum, o.maximum}
        elif o.type == "bool":
            vals |= {False, True}
        elif o.type == "choice":
            vals |= set(o.choices)
        if o.nullable:
            vals.add(None)
        values.append([(o.name, v) for v in vals])
    out = []
    for combo in itertools.product(*values):
        try:
            out.append(cls(seed=0, **dict(combo)).options)
        except InvalidOptionError:
            continue
    return out


@GUARD
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_refuses_one_move_more_than_max_moves_at_once(game_id):
    cls = game_class(game_id)
    for options in option_sets(game_id)[:12]:
        bound = cls.max_moves(options)
        assert isinstance(bound, int) and bound > 0
        record = {"game": game_id, "options": options, "seed": 0, "moves": ["zz"] * (bound + 1)}
        with pytest.raises(InvalidRecordError) as info:
            replay(record)
        message = short(info.value)
        assert f"{bound + 1:,} moves" in message and f"{bound:,}" in message


# ------------------------------------------------------------------------- the request cap
def longest_move_text(game_id: str) -> int:
    """The longest canonical move text: built from the notation where it is bounded (Hex, Y,
    Codex), and at least the longest legal move text seen in a few long random games."""
    seen = 0
    for seed in range(3):
        opts = {"players": 6, "target": None} if game_id == "triominos" else {}
        if game_id in ("iwoki", "codex"):
            opts = {"players": 4}
        game = new_game(game_id, seed=seed, **opts)
        rng = random.Random(seed)
        while not game.is_over:
            moves = game.legal_moves()
            seen = max(seen, max(len(game.format_move(m)) for m in moves))
            game.apply(rng.choice(moves))
    built = {
        "hex": max(len("swap"), len(cell_name(25, 25))),
        "y": max(len(str(YMove(t, i, True))) for c in (12,) for t, i in radial_layout(c, 12).nodes),
        # a card lies at most 2 steps per placed card from the starter: |x|, |y| <= 2 * 81
        "codex": max(len("starter 86 front"), len(str(PlayMove(80, False, (-162, -162))))),
    }
    return max(seen, built.get(game_id, 0))


@GUARD
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_longest_record_of_every_game_fits_in_a_request(game_id):
    cls = game_class(game_id)
    longest = longest_move_text(game_id)
    worst = max(option_sets(game_id), key=cls.max_moves)
    bound = cls.max_moves(worst)
    n_players = cls(seed=0, **worst).num_players
    record = {"format": "boardwright", "version": 1, "game": game_id, "options": worst, "seed": MAX_SEED,
              "moves": ["M" * longest] * bound}
    request = json.dumps({"cmd": "load", "record": record, "cursor": bound,
                          "players": ["hex-mcts-strong-xxxxxxxxxxxxxxxxx"] * n_players})
    assert len(request) < MAX_REQUEST_CHARS, (game_id, bound, longest, len(request))


@GUARD
def test_a_full_26x26_hex_game_loads_through_the_request_json():
    game = HexGame(seed=0, size=26, swap=True)
    rng = random.Random(1)
    order = [(x, y) for x in range(26) for y in range(26)]
    rng.shuffle(order)
    game.play(order.pop())
    game.play("swap")
    while not game.is_over:
        cell = order.pop()
        if game.board.is_empty(*cell):
            game.play(cell)
    from pygame_core import bridge
    saved, bridge._session = bridge._session, Session()  # handle_json uses the module's session
    try:
        out = json.loads(handle_json(json.dumps({"cmd": "load", "record": game.record()})))
    finally:
        bridge._session = saved
    assert out["ok"], str(out)[:300]
    assert len(out["result"]["moves"]) == len(game.history)


# ------------------------------------------------------------------------- SGF and HexWorld
SGF_HOSTILE = {
    "900 KB of empty nodes": "(;" + ";" * 900_000 + ")",
    "nested trees": "(;" * 400_000,
    "variations": "(;GM[11]" + "(;B[a1])" * 150_000 + ")",
    "nested variations": "(;GM[11];B[a1]" + "(;W[b1])(;W[b2]" * 60_000 + ")" * 60_000 + ")",
    "unclosed variations": "(;GM[11];B[a1]" + "(;W[b1])(;W[b2]" * 60_000,
    "empty variations": "(;GM[11];B[a1]" + "()" * 400_000 + ")",
    "main line of moves": "(;FF[4]" + ";B[a1]" * 100_000 + ")",
    "over a megabyte": "(;C[" + "x" * 1_000_001 + "])",
    "long value": "(;C[" + "x" * 200_000 + "])",
    "escapes": "(;C[" + "\\x" * 200_000 + "])",
    "unclosed value": "(;C[" + "x" * 500_000,
    "long property name": "(;" + "A" * 500_000 + ")",
    "many values": "(;C" + "[x]" * 300_000,
    "open parens": "(" * N,
    "open brackets": "[" * N,
    "spaces+zz": " " * N + "zz",
    "spaces in SZ": "(;SZ[11" + " " * N + ":12])",
    "long SZ": "(;SZ[" + "1" * N + "])",
    "long cell": "(;SZ[11];B[" + "a" * 90_000 + "1])",
    "long cell letters": "(;SZ[11];B[" + "a" * 90_000 + "!])",
    "long GM": "(;GM[" + "1" * N + "])",
    "long FF": "(;FF[" + "4" * N + "])",
    "NUL": "(;\x00" * 50,
    "lone surrogates": "(;C[\ud800];B[\ud800" * 30 + "])",
    "tag characters": "(;B[" + "\U000e0001" * 50 + "])",
}
HEXWORLD_HOSTILE = {
    "megabyte": "x" * 1_000_000,
    "letters": "11," + "a" * 19_000,
    "cells": "11," + "a1" * 9_000,
    "percent": "#" + "%" * 19_000,
    "colons": "https://hexworld.org/board/#11c1," + ":" * 19_000,
    "params": "11" + "r" * 19_000 + "!",
    "size digits": "#" + "1" * 19_000,
    "commas": "https://hexworld.org/board/#11," + ",a1" * 5_000,
    "spaces": "https://hexworld.org/board/#" + " " * N + "11,a1",
    "NUL": "#11," + "\x00" * 50,
}


@GUARD
@pytest.mark.parametrize("fmt, name", [("sgf", n) for n in SGF_HOSTILE] + [("hexworld", n) for n in HEXWORLD_HOSTILE])
def test_sgf_and_hexworld_import_refuse_hostile_text(fmt, name):
    text = (SGF_HOSTILE if fmt == "sgf" else HEXWORLD_HOSTILE)[name]
    with pytest.raises(InvalidRecordError) as info:
        (hex_formats.from_sgf if fmt == "sgf" else hex_formats.from_hexworld)(text)
    short(info.value)
    hex_formats.detect_format(text)  # answers (anything) at once


@GUARD
@pytest.mark.parametrize("text", list(HOSTILE_TEXTS.values()), ids=list(HOSTILE_TEXTS))
def test_format_detection_answers_at_once(text):
    assert hex_formats.detect_format(text) in (None, "sgf", "hexworld")


def test_sgf_caps_leave_real_files_alone():
    game = HexGame(seed=0, size=26)
    rng = random.Random(2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_moves()))
    sgf = hex_formats.to_sgf(game)
    commented = sgf.replace("SZ[26]", "SZ[26]C[" + "a long comment " * 5000 + "]", 1)
    assert hex_formats.from_sgf(commented)["moves"] == game.record()["moves"]


# ------------------------------------------------------------------------- share links
def frame_token(frame: bytes) -> str:
    return "1." + base64.urlsafe_b64encode(frame).decode().rstrip("=")


def stored_token(body: bytes) -> str:
    return frame_token(bytes([0]) + zlib.crc32(body).to_bytes(4, "big") + body)


def deflated_token(body: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return frame_token(bytes([1]) + zlib.crc32(body).to_bytes(4, "big") + packer.compress(body) + packer.flush())


def varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b, n = n & 0x7F, n >> 7
        out.append(b | 0x80 if n else b)
        if not n:
            return bytes(out)


def link_body(header: dict, moves: bytes = b"", seed: int = 1) -> bytes:
    head = json.dumps(header, separators=(",", ":")).encode()
    return varint(seed) + varint(len(head)) + head + moves


def real_body() -> bytes:
    token = encode_link(midgame("hex", moves=20).record())
    payload = token.split(".", 1)[1]
    frame = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    return zlib.decompress(frame[5:], -15) if frame[0] == 1 else frame[5:]


@GUARD
def test_a_flipped_share_link_gives_a_friendly_message():
    token = deflated_token(real_body())
    assert decode_link(token)["record"]["game"] == "hex"
    messages = []
    for i in range(len("1.") + 8, len(token)):  # every character of the packed data
        for replacement in "A_":
            if token[i] == replacement:
                continue
            flipped = token[:i] + replacement + token[i + 1:]
            try:
                decode_link(flipped)
            except InvalidRecordError as exc:
                messages.append(short(exc))
    assert messages
    for message in messages:
        assert "Error -" not in message and "zlib" not in message and "distance" not in message, message
    assert any("the link is damaged (its data does not unpack); copy the whole link again" == m
               for m in messages)


@GUARD
def test_a_deflate_bomb_is_refused_without_unpacking_it():
    body = link_body({"g": "hex"}, b"\x00" * (60 * MAX_BODY_BYTES))
    token = deflated_token(body)
    assert len(token) <= MAX_TOKEN_CHARS
    with pytest.raises(InvalidRecordError) as info:
        decode_link(token)
    assert "unpacks to more than" in short(info.value)


@GUARD
@pytest.mark.parametrize("pack", [stored_token, deflated_token])
def test_a_link_with_more_moves_than_max_moves_is_refused_before_replaying(pack):
    bound = HexGame.max_moves({"size": 11, "swap": False})
    token = pack(link_body({"g": "hex"}, b"\x00" * (bound + 1)))
    with pytest.raises(InvalidRecordError) as info:
        decode_link(token)
    assert "lasts more than" in short(info.value)
    token = pack(link_body({"g": "codex"}, b"\x81\x01" * 10_000))
    with pytest.raises(InvalidRecordError) as info:
        decode_link(token)
    assert "lasts more than" in short(info.value)


TOKEN_HOSTILE = {
    "long token": "1." + "A" * (MAX_TOKEN_CHARS + 10),
    "long valid-looking token": "1." + "A" * (MAX_TOKEN_CHARS - 10),
    "megabyte": BIG,
    "spaces": " " * N + "1.AAAA",
    "fragment": "#r=" + "x" * N,
    "url": "https://example.org/?" + "&" * N + "r=1.AAAA",
    "dots": "1" + "." * N,
    "digits": "9" * N + ".AAAA",
    "version zeros": "0" * N + "1.AAAA",
    "NUL": "1.\x00" * 50,
    "odd unicode": "1." + "\U000e0001" * 50,
    "header game id": stored_token(link_body({"g": "x" * 100_000})),
    "header game id list": stored_token(link_body({"g": [1] * 40_000})),
    "header option value": stored_token(link_body({"g": "hex", "o": {"size": "x" * 100_000}})),
    "header option name": stored_token(link_body({"g": "hex", "o": {"x" * 100_000: 1}})),
    "header cursor": stored_token(link_body({"g": "hex", "c": "x" * 100_000})),
    "header view": stored_token(link_body({"g": "hex", "v": "x" * 100_000})),
    "header players": stored_token(link_body({"g": "hex", "p": ["human", "x" * 100_000]})),
    "header deep": stored_token(varint(1) + varint(100_000) + b"[" * 100_000),
    "seed too big": stored_token(link_body({"g": "hex"}, seed=2 ** 60)),
}


@GUARD
@pytest.mark.parametrize("name", list(TOKEN_HOSTILE))
def test_decode_link_refuses_hostile_tokens(name):
    with pytest.raises(InvalidRecordError) as info:
        decode_link(TOKEN_HOSTILE[name])
    short(info.value)


# ------------------------------------------------------------------------- the bridge
def ok(session, **req):
    r = handle(req, session)
    assert r["ok"], r
    return r["result"]


def refused(session, **req) -> dict:
    r = handle(req, session)
    assert not r["ok"], str(r)[:300]
    short(r["error"]["message"])
    return r["error"]


def snapshot(session):
    st = ok(session, cmd="state")
    return st["save"], st["cursor"], st["players"]


def started(game_id="hex") -> Session:
    s = Session()
    ok(s, cmd="new", game=game_id, seed=4)
    rng = random.Random(4)
    for _ in range(5):
        st = ok(s, cmd="state")
        if st["is_over"] or not st["legal"]:
            break
        ok(s, cmd="play", move=rng.choice(st["legal"])["move"])
    return s


IMPORT_HOSTILE = {**{f"text {k}": v for k, v in HOSTILE_TEXTS.items() if v.strip()},
                  **{f"sgf {k}": v for k, v in SGF_HOSTILE.items()},
                  **{f"hexworld {k}": v for k, v in HEXWORLD_HOSTILE.items()},
                  **{f"token {k}": v for k, v in TOKEN_HOSTILE.items()},
                  "json deep": "[" * 1_000_000, "json object deep": "{\"a\":" * 200_000,
                  "json seed null": json.dumps({"game": "hex", "seed": None, "moves": []}),
                  "json megabyte move": json.dumps({"game": "hex", "seed": 1, "moves": [BIG]})}


@GUARD
@pytest.mark.parametrize("name", list(IMPORT_HOSTILE))
def test_bridge_import_refuses_hostile_text(name):
    s = started()
    before = snapshot(s)
    refused(s, cmd="import", text=IMPORT_HOSTILE[name])
    assert snapshot(s) == before


@GUARD
@pytest.mark.parametrize("name", list(TOKEN_HOSTILE) + ["flipped", "bomb"])
def test_bridge_open_refuses_hostile_links(name):
    s = started()
    before = snapshot(s)
    if name == "flipped":
        token = deflated_token(real_body())
        payload = base64.urlsafe_b64decode(token[2:] + "=" * (-len(token[2:]) % 4))
        broken = payload[:5] + b"\xff\xff\xff" + payload[8:]
        error = refused(s, cmd="open", token="https://example.org/play#r=" + frame_token(broken) + "&embed=1")
        assert "damaged" in error["message"]
    elif name == "bomb":
        refused(s, cmd="open", token=deflated_token(link_body({"g": "hex"}, b"\x00" * (60 * MAX_BODY_BYTES))))
    else:
        refused(s, cmd="open", token=TOKEN_HOSTILE[name])
    assert snapshot(s) == before


@GUARD
@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("name", ["spaces+zz", "megabyte", "tile+spaces", "xy+spaces", "NUL", "lone surrogates",
                                  "short xy", "tag characters"])
def test_bridge_play_refuses_hostile_moves(game_id, name):
    s = started(game_id)
    before = snapshot(s)
    text = HOSTILE_TEXTS[name]
    refused(s, cmd="play", move=text)
    refused(s, cmd="preview", move=text)
    out = json.loads(handle_json(json.dumps({"cmd": "play", "move": text})))
    assert not out["ok"] and len(out["error"]["message"]) < SHORT
    assert snapshot(s) == before


@GUARD
def test_bridge_load_refuses_hostile_records():
    s = started()
    before = snapshot(s)
    for name, record in hostile_records("hex").items():
        error = refused(s, cmd="load", record=record)
        if name == "seed null":
            assert "null" in error["message"]
    refused(s, cmd="load", record="[" * 1_000_000)
    refused(s, cmd="new", game=BIG)
    refused(s, cmd="new", game="hex", options={"size": BIG})
    refused(s, cmd="new", game="hex", options={BIG: 1})
    refused(s, cmd="new", game="hex", seed=BIG)
    refused(s, cmd="new", game="hex", players=["human", BIG])
    refused(s, cmd="export", format=BIG)
    refused(s, cmd=BIG)
    assert snapshot(s) == before


@GUARD
@pytest.mark.parametrize("text", [
    "x" * (MAX_REQUEST_CHARS + 1),
    "[" * 1_000_000 + "]" * 1_000_000,
    '{"a":' * 500_000,
    '{"cmd": "' + "x" * 1_000_000 + '"}',
    '{"cmd": "play", "move": "' + " " * 1_000_000 + 'zz"}',
    '{"cmd": "import", "text": "' + "(;" * 500_000 + '"}',
    '{"cmd": "open", "token": "' + "r=" * 500_000 + '"}',
    '{"cmd": "load", "record": {"game": "hex", "seed": null}}',
    " " * N + "zz",
    "\x00" * 1000,
    '{"cmd": "goto", "cursor": ' + "9" * 4000 + "}",
])
def test_bridge_request_json_refuses_hostile_text(text):
    from pygame_core import bridge
    s = started()
    saved, bridge._session = bridge._session, s  # handle_json uses the module's session
    try:
        before = snapshot(s)
        out = json.loads(handle_json(text))
        assert out["ok"] is False and len(out["error"]["message"]) < SHORT, str(out)[:300]
        assert snapshot(s) == before
    finally:
        bridge._session = saved


# ------------------------------------------------------------------------- link detection
def test_share_link_detection_is_strict():
    token = encode_link(midgame("hex").record())
    assert _link_token(token) == token
    assert _link_token("  " + token + "\n") == token
    assert _link_token("#r=" + token) == token
    assert _link_token("r=" + token) == token
    assert _link_token(f"https://example.org/play/#r={token}&embed=replay") == token
    assert _link_token(f"https://example.org/play/?lang=en&r={token}") == token
    assert _link_token(f"https://example.org/play/#view=1&r={token}") == token
    for not_a_link in ["(;FF[4]GM[11]SZ[3]C[winner=Black];B[a1])",
                       f"(;FF[4]GM[11]SZ[3]C[see https://example.org/#r={token}];B[a1])",
                       '{"game": "hex", "note": "r=1.AAAA"}',
                       f"look at https://example.org/#r={token}",
                       "https://example.org/?ref=x#bar=1",
                       "https://hexworld.org/board/#11c1,a1b2",
                       "11c1,a1b2", "winner=Black", ""]:
        assert _link_token(not_a_link) is None, not_a_link


@GUARD
def test_an_sgf_whose_comment_says_r_equals_imports():
    sgf = "(;FF[4]GM[11]SZ[5]C[winner=Black, r=1.AAAA]PB[r=me];B[c3]C[r=2];W[b2]C[#r=1.AAAA&r=x])"
    assert hex_formats.detect_format(sgf) == "sgf"
    assert hex_formats.from_sgf(sgf)["moves"] == ["c3", "b2"]
    s = started()
    st = ok(s, cmd="import", text=sgf)
    assert st["game"] == "hex" and st["moves"] == ["c3", "b2"]
    st = ok(Session(), cmd="import", text="\n  " + sgf.replace("C[winner=Black, r=1.AAAA]", "C[winner=Black]") + "\n")
    assert st["moves"] == ["c3", "b2"]


@GUARD
def test_share_links_still_import_and_open():
    record = midgame("hex").record()
    token = encode_link(record)
    for text in [token, "#r=" + token, f"https://example.org/play/#r={token}&embed=replay"]:
        assert ok(Session(), cmd="import", text=text)["record"] == record
        assert ok(Session(), cmd="open", token=text)["record"] == record
