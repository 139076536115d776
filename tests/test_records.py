"""Share-link codec (pygame_core.records): round trips for every game, link lengths, the golden
token, every error path, and a fuzz test that only InvalidRecordError ever escapes."""

import base64
import json
import random
import re
import zlib

import pytest

from pygame_core import agents
from pygame_core.core import MAX_SEED, InvalidRecordError, game_class, list_games, new_game, replay
from pygame_core.records import LINK_VERSION, decode_link, encode_link

GAME_IDS = [g["id"] for g in list_games()]
QUICK_OPTIONS = {"triominos": {"target": None}}  # a single round keeps the tests fast
TOKEN_RE = re.compile(r"[0-9]+\.[A-Za-z0-9_-]+")
BIG_SEED = MAX_SEED - 12345  # fresh seeds are 53-bit random numbers: the longest varint

# The golden link: Hex, default options, seed 1, moves f6 e7 d5, cursor 2.  Produced once by
# encode_link; it must decode to the same record forever (the format is stored in URLs).
GOLDEN_TOKEN = "1.AGVjIowBEXsiZyI6ImhleCIsImMiOjJ9PjQn"
GOLDEN_RECORD = {"format": "boardwright", "version": 1, "game": "hex",
                 "options": {"size": 11, "swap": False}, "seed": 1, "moves": ["f6", "e7", "d5"]}


def play_random(game, n=None, seed=0):
    bot = agents.get("random")(seed=seed)
    while not game.is_over and (n is None or len(game.history) < n):
        game.play(bot.choose(game))
    return game


def check_token(token):
    assert TOKEN_RE.fullmatch(token), token
    assert not set(token) & set("&=#%+/ ")
    return token


# --------------------------------------------------------------------------- helpers: the byte layout
def varint(n):
    out = bytearray()
    while True:
        out.append((n & 0x7F) | (0x80 if n >> 7 else 0))
        n >>= 7
        if not n:
            return bytes(out)


def pack(body, method=0, crc=None, version="1"):
    """A token built from a body by the documented version-1 layout (independently of the codec)."""
    crc = zlib.crc32(body) if crc is None else crc
    if method == 1:
        c = zlib.compressobj(9, zlib.DEFLATED, -15)
        data = c.compress(body) + c.flush()
    else:
        data = body
    frame = bytes([method]) + crc.to_bytes(4, "big") + data
    return f"{version}." + base64.urlsafe_b64encode(frame).decode().rstrip("=")


def body_of(header, seed=1, moves=(), raw_header=None):
    head = raw_header if raw_header is not None else json.dumps(header, separators=(",", ":")).encode()
    return varint(seed) + varint(len(head)) + head + b"".join(varint(i) for i in moves)


def unpack(token):
    """(seed, header, move indices) of a token, by the documented layout."""
    payload = token.split(".", 1)[1]
    frame = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    method, crc, data = frame[0], int.from_bytes(frame[1:5], "big"), frame[5:]
    body = zlib.decompress(data, -15) if method == 1 else data
    assert zlib.crc32(body) == crc
    values, pos = [], 0
    while pos < len(body):
        n = shift = 0
        while True:
            b = body[pos]
            pos += 1
            n |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                break
        values.append(n)
        if len(values) == 2:
            header = json.loads(body[pos:pos + n])
            pos += n
    return values[0], header, values[2:]


def sorted_indices(record):
    game = new_game(record["game"], seed=record["seed"], **record["options"])
    out = []
    for text in record["moves"]:
        texts = sorted({game.format_move(m) for m in game.legal_moves()})
        out.append(texts.index(text))
        game.play(text)
    return out


# --------------------------------------------------------------------------- round trips
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_round_trip_every_game(game_id):
    for k in range(6):
        game = new_game(game_id, seed=k * 7919 + 3, **QUICK_OPTIONS.get(game_id, {}))
        play_random(game, n=None if k % 2 == 0 else 5 + 7 * k, seed=k)
        record = game.record()
        n = len(record["moves"])
        hidden = game.hidden_information
        cursor = [None, n, 0, n // 2, max(0, n - 1), None][k]
        view = [None, 0, 1, "spectator" if (game.is_over or not hidden) else 0, None, 1][k]
        players = [None, ["human"] * game.num_players,
                   ["human"] + ["random"] * (game.num_players - 1), None, ["random"] * game.num_players,
                   None][k]
        token = check_token(encode_link(record, cursor=cursor, view=view, players=players))
        link = decode_link(token)
        assert link == {"record": record, "cursor": cursor, "view": view, "players": players}
        assert replay(link["record"]).moves == game.moves
        # the documented layout: seed, header, then each move's index among the sorted texts
        seed, header, indices = unpack(token)
        assert seed == record["seed"] and header["g"] == game_id
        assert indices == sorted_indices(record)


@pytest.mark.parametrize("game_id, options", [
    ("hex", {"size": 7, "swap": True}),
    ("y", {"family": "radial"}),
    ("y", {"size": 6, "misere": True}),
    ("triominos", {"players": 3, "target": None}),
    ("iwoki", {"players": 3}),
    ("codex", {"players": 3}),
])
def test_non_default_options_round_trip(game_id, options):
    game = new_game(game_id, seed=BIG_SEED, **options)
    if game_id == "hex":
        for mv in ["c3", "swap", "d4", "e2"]:
            game.play(mv)
    play_random(game, n=40, seed=5)
    token = check_token(encode_link(game.record(), cursor=3, view=2 % game.num_players))
    link = decode_link(token)
    assert link["record"] == game.record()
    assert link["record"]["options"] == game.options and link["cursor"] == 3
    _, header, _ = unpack(token)
    assert header["o"] == options  # only the options that differ from the defaults


def test_header_holds_only_what_differs_from_the_defaults():
    game = new_game("hex", seed=0)
    game.play("a1")
    seed, header, moves = unpack(encode_link(game.record()))
    assert (seed, header, moves) == (0, {"g": "hex"}, [0])
    # a default option given explicitly is still left out; a record without options works too
    record = {"game": "hex", "options": {"size": 11}, "seed": 0, "moves": ["a1"]}
    assert encode_link(record) == encode_link(game.record())
    record = {"game": "triominos", "options": {"target": None}, "seed": 4, "moves": []}
    assert unpack(encode_link(record))[1] == {"g": "triominos", "o": {"target": None}}


def test_players_and_view_are_stored_only_when_given():
    game = play_random(new_game("codex", seed=2), n=6)
    _, header, _ = unpack(encode_link(game.record()))
    assert set(header) == {"g"}
    _, header, _ = unpack(encode_link(game.record(), cursor=1, view=0, players=["human", "codex-greedy"]))
    assert header == {"g": "codex", "c": 1, "v": 0, "p": ["human", "codex-greedy"]}


def test_indices_do_not_depend_on_move_generation_order(monkeypatch):
    game = play_random(new_game("y", seed=3), n=20)
    token = encode_link(game.record())
    cls = game_class("y")
    original = cls.legal_moves
    monkeypatch.setattr(cls, "legal_moves", lambda self: list(reversed(original(self))))
    assert encode_link(game.record()) == token
    assert decode_link(token)["record"] == game.record()


def test_non_canonical_move_texts_are_stored_canonically():
    record = {"game": "hex", "options": {"size": 5}, "seed": 9, "moves": ["(2,2)", "A1", " b3 "]}
    link = decode_link(encode_link(record))
    assert link["record"]["moves"] == ["c3", "a1", "b3"]


def test_deflate_is_used_only_when_it_is_shorter():
    hexgame = play_random(new_game("hex", seed=BIG_SEED), seed=1)
    tri = play_random(new_game("triominos", seed=BIG_SEED, target=None), seed=1)
    methods = {}
    for game in (hexgame, tri):
        token = encode_link(game.record())
        payload = token.split(".", 1)[1]
        methods[game.game_id] = base64.urlsafe_b64decode(payload + "==")[0]
    assert methods == {"hex": 0, "triominos": 1}  # random-looking bytes stay stored


# --------------------------------------------------------------------------- lengths
# Honest upper bounds, measured with random play to the end, 53-bit seeds, no players/cursor.
LENGTH_BOUNDS = {"hex": 200, "y": 160, "triominos": 160, "iwoki": 90, "codex": 240}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_links_are_short(game_id):
    lengths = []
    for k in range(4):
        game = new_game(game_id, seed=BIG_SEED - k, **QUICK_OPTIONS.get(game_id, {}))
        play_random(game, seed=k)
        token = encode_link(game.record())
        lengths.append((len(game.moves), len(token)))
        text_record = json.dumps(game.record(), separators=(",", ":"))
        assert len(token) < len(text_record) / 2
    print(f"\n{game_id}: (moves, characters) {lengths}")
    assert max(chars for _, chars in lengths) <= LENGTH_BOUNDS.get(game_id, 300), lengths


def test_a_full_11x11_hex_board_fits_in_200_characters():
    game = new_game("hex", seed=BIG_SEED)
    for y in range(11):  # every cell, row by row, alternating: the longest game there is
        for x in range(11):
            if game.is_over:
                break
            game.play((x, y))
    token = encode_link(game.record())
    assert len(token) <= 200, len(token)
    # with seats and a cursor, a little more
    token = encode_link(game.record(), cursor=5, view=0, players=["human", "astar"])
    assert len(token) <= 240, len(token)


# --------------------------------------------------------------------------- golden
def test_golden_link_keeps_decoding():
    link = decode_link(GOLDEN_TOKEN)
    assert link == {"record": GOLDEN_RECORD, "cursor": 2, "view": None, "players": None}
    assert LINK_VERSION == 4  # 2 adds variations, 3 correspondence games, 4 hidden hands; a plain game is still written as 1
    assert encode_link(GOLDEN_RECORD, cursor=2) == GOLDEN_TOKEN
    assert unpack(GOLDEN_TOKEN) == (1, {"g": "hex", "c": 2}, sorted_indices(GOLDEN_RECORD))


# --------------------------------------------------------------------------- errors
def _valid_token():
    game = play_random(new_game("hex", seed=5, size=5), n=6)
    return encode_link(game.record(), cursor=2)


HEX5 = {"g": "hex", "o": {"size": 5}}


def _with_unused_bits_set():
    """A valid token with a low bit of its last character set: base64 decoders ignore it, we don't."""
    b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    token = next(t for t in (pack(body_of(HEX5, moves=[1] * k)) for k in range(4)) if len(t) % 4 != 2)
    decode_link(token)
    return token[:-1] + b64[b64.index(token[-1]) | 1]


@pytest.mark.parametrize("token, words", [
    ("", "empty"),
    ("   ", "empty"),
    ("garbage", "not a boardwright share link"),
    ("r=1.AAAA", "not a boardwright share link"),
    ("#r=%%%", "not a boardwright share link"),
    ("v1.AAAA", "not a boardwright share link"),
    ("5." + _valid_token().split(".", 1)[1], "newer version"),
    ("3." + _valid_token().split(".", 1)[1], "the link"),  # a version-1 body read as version 3
    ("2." + _valid_token().split(".", 1)[1], "the link"),  # a version-1 body read as version 2
    ("99.AAAA", "newer version"),
    ("1" + "0" * 40 + ".AAAA", "newer version"),
    ("0.AAAA", "unknown format version"),
    ("01.AAAA", "unknown format version"),
    ("1.", "truncated"),
    ("1.AB%CD", "'%'"),
    ("1.AB+CD", "'+'"),
    ("1.AB/CD", "cannot be in a link"),
    ("1.AB=CD", "cannot be in a link"),
    ("1.AB.CD", "cannot be in a link"),
    ("1.ABCDE", "length is impossible"),
    ("1.AAAAB", "length is impossible"),
    (_with_unused_bits_set(), "last character"),
    ("1.AAAA", "too short"),
    (pack(b"", crc=0)[:-1], "too short"),
    (_valid_token()[:-1] + ("A" if _valid_token()[-1] != "A" else "B"), "corrupted"),
    (_valid_token()[:-6], "link is"),
    (pack(body_of(HEX5, moves=[1, 2]), crc=1234), "checksum"),
    (pack(body_of(HEX5, moves=[1, 2]), method=7), "packing method"),
    ("1." + base64.urlsafe_b64encode(b"\x01\0\0\0\0\xff\xff\xff").decode().rstrip("="), "does not unpack"),
    (pack(body_of(HEX5, moves=[1, 2]) * 5, method=1)[:-8], "truncated"),
    ("1." + base64.urlsafe_b64encode(
        bytes([1]) + zlib.crc32(b"ab").to_bytes(4, "big") + zlib.compress(b"ab")[2:-4] + b"xyz"
    ).decode().rstrip("="), "extra data"),
    (pack(b"\x80"), "seed is cut off"),
    (pack(b"\x81\x00"), "badly encoded"),
    (pack(b"\xff" * 10 + b"\x01"), "too long a number"),
    (pack(varint(1) + varint(50) + b'{"g":"hex"}'), "header is cut off"),
    (pack(body_of(None, raw_header=b'{"g":"hex"')), "not valid JSON"),
    (pack(body_of(None, raw_header=b"\xff\xfe")), "not valid JSON"),
    (pack(body_of(None, raw_header=b"[" * 5000 + b"]" * 5000)), "not valid JSON"),
    (pack(body_of(["hex"])), "not a JSON object"),
    (pack(body_of({"g": "hex", "x": 1})), "unknown fields 'x'"),
    (pack(body_of({"g": "chess"})), "unknown game 'chess'"),
    (pack(body_of({})), "unknown game None"),
    (pack(body_of({"g": "hex", "o": [11]})), "options must be an object"),
    (pack(body_of({"g": "hex", "o": {"size": 99}})), "at most 26"),
    (pack(body_of({"g": "hex", "o": {"colour": "red"}})), "unknown option"),
    (pack(body_of({"g": "hex", "o": {"seed": 3}})), "options or seed"),
    (pack(body_of({"g": "hex"}, seed=MAX_SEED + 1)), "seed"),
    (pack(body_of(HEX5, moves=[0, 0, 25])), "move 3 is out of range: it is choice 26, but only 23"),
    (pack(body_of(HEX5, moves=[25])), "move 1 is out of range"),
    (pack(body_of(HEX5, moves=[0, 0]) + b"\x85"), "move 3 is cut off"),
    (pack(body_of({"g": "hex", "o": {"size": 3}}, moves=[0] * 8)),
     "move 8 cannot be played: the game is already over after 7 moves"),
    (pack(body_of({"g": "hex", "o": {"size": 2}}, moves=[0] * 5)),
     "the record has 5 moves, but no Hex game with these options lasts more than 4"),
    (pack(body_of({**HEX5, "c": 3}, moves=[0, 0])), "cursor 3 is out of range"),
    (pack(body_of({**HEX5, "c": -1})), "cursor -1"),
    (pack(body_of({**HEX5, "c": True})), "cursor True"),
    (pack(body_of({**HEX5, "c": "2"})), "cursor '2'"),
    (pack(body_of({**HEX5, "v": 2})), "view 2 is not valid"),
    (pack(body_of({**HEX5, "v": "everyone"})), "view 'everyone'"),
    (pack(body_of({"g": "triominos", "o": {"target": None}, "v": "spectator"})), "spectator view"),
    (pack(body_of({**HEX5, "p": ["human"]})), "players are not valid: they must be a list of 2"),
    (pack(body_of({**HEX5, "p": "human,human"})), "players are not valid"),
    (pack(body_of({**HEX5, "p": ["human", "bad name!"]})), "'bad name!' is not 'human' or an agent name"),
    (pack(body_of({**HEX5, "p": ["human", 3]})), "players are not valid"),
    (pack(body_of({**HEX5, "p": ["human", "x" * 41]})), "players are not valid"),
])
def test_bad_links_give_a_clear_message(token, words):
    with pytest.raises(InvalidRecordError) as info:
        decode_link(token)
    assert words.lower() in str(info.value).lower(), str(info.value)


def test_the_crafted_layout_is_the_documented_one():
    # the same hand-built bytes the error cases use decode when they are right
    token = pack(body_of({**HEX5, "c": 1, "v": "spectator", "p": ["human", "smart"]}, seed=77, moves=[0, 0]))
    link = decode_link(token)
    assert link["record"]["moves"] == ["a1", "a2"] and link["record"]["seed"] == 77
    assert (link["cursor"], link["view"], link["players"]) == (1, "spectator", ["human", "smart"])
    assert decode_link(pack(body_of(HEX5, seed=77, moves=[0, 0]), method=1))["record"] == link["record"]
    # surrounding whitespace (a pasted link) is ignored
    assert decode_link(f"  {token}\n") == link


def test_non_text_is_refused():
    for value in (None, 12, b"1.AAAA", ["1.AAAA"]):
        with pytest.raises(InvalidRecordError, match="must be text"):
            decode_link(value)


def test_over_long_text_is_refused_quickly():
    with pytest.raises(InvalidRecordError, match="too long"):
        decode_link("1." + "A" * 300_000)


@pytest.mark.parametrize("kwargs, words", [
    ({"cursor": 7}, "cursor 7"),
    ({"cursor": -1}, "cursor -1"),
    ({"view": 2}, "view 2"),
    ({"view": True}, "view True"),
    ({"players": ["human"]}, "players"),
    ({"players": ["human", "two words"]}, "players"),
])
def test_encode_refuses_bad_arguments(kwargs, words):
    record = {"game": "hex", "options": {"size": 5}, "seed": 1, "moves": ["a1", "b2"]}
    with pytest.raises(InvalidRecordError, match=words):
        encode_link(record, **kwargs)


def test_encode_refuses_bad_records_and_early_spectators():
    with pytest.raises(InvalidRecordError, match="move 2"):
        encode_link({"game": "hex", "options": {"size": 5}, "seed": 1, "moves": ["a1", "a1"]})
    with pytest.raises(InvalidRecordError, match="unknown game"):
        encode_link({"game": "chess", "moves": []})
    running = play_random(new_game("iwoki", seed=1), n=3)
    with pytest.raises(InvalidRecordError, match="spectator"):
        encode_link(running.record(), view="spectator")
    finished = play_random(new_game("iwoki", seed=1))
    assert decode_link(encode_link(finished.record(), view="spectator"))["view"] == "spectator"
    # a perfect-information game may be watched at any time
    assert decode_link(encode_link({"game": "hex", "seed": 1, "moves": []}, view="spectator"))["view"] == "spectator"


# --------------------------------------------------------------------------- fuzz
def _fuzz_inputs():
    rng = random.Random(20261126)
    valid = []
    for game_id in GAME_IDS:
        game = play_random(new_game(game_id, seed=11, **QUICK_OPTIONS.get(game_id, {})), n=25, seed=2)
        valid.append(encode_link(game.record(), cursor=3, view=0, players=["human"] * game.num_players))
    tri = play_random(new_game("triominos", seed=4, target=None), seed=3)
    valid.append(encode_link(tri.record()))  # deflated
    b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    junk = b64 + ".&=#%+/ \n\t\x00é€😀"
    inputs = []
    for _ in range(80):  # random strings
        inputs.append("".join(rng.choice(junk) for _ in range(rng.randrange(0, 40))))
        inputs.append("1." + "".join(rng.choice(b64) for _ in range(rng.randrange(0, 80))))
    for token in valid:
        for _ in range(25):  # truncations
            inputs.append(token[:rng.randrange(0, len(token))])
        for _ in range(40):  # single-character mutations
            i = rng.randrange(len(token))
            inputs.append(token[:i] + rng.choice(junk) + token[i + 1:])
    for _ in range(80):  # random bodies behind a valid frame: they reach the header and moves
        header = rng.choice([b'{"g":"hex"}', b'{"g":"y","c":1}', b'{"g":"codex","v":0}', b'{"g":"iwoki"}',
                             b'{"g":"triominos","o":{"target":null}}', bytes(rng.randrange(256) for _ in range(8))])
        tail = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 30)))
        inputs.append(pack(varint(rng.randrange(1 << 60)) + varint(len(header)) + header + tail,
                           method=rng.randrange(2)))
    return valid, inputs


def test_fuzz_only_invalid_record_error_escapes():
    valid, inputs = _fuzz_inputs()
    assert len(inputs) > 500
    outcomes = {"valid": 0, "refused": 0}
    for text in inputs:
        try:
            link = decode_link(text)
        except InvalidRecordError as exc:
            assert str(exc), text
            outcomes["refused"] += 1
            continue
        # a mutation that stays valid must still be a complete, replayable link
        assert replay(link["record"]).record() == link["record"]
        outcomes["valid"] += 1
    assert outcomes["refused"] > 400
    for token in valid:
        assert decode_link(token)["record"]["moves"]
