"""The page's own reading of friend links (web/preview/link.js, connection.js), which draws a
link's board before the engine is up, against the engine's (pygame_core.records.decode_link).

A corpus of version-3 links made by the engine's own writer (random Hex and Y games of every
size, regular and radial boards, with and without the swap rule, misère, names in many scripts, conditional replies,
resignations, finished games) and of damaged ones (every cut of some links, changed characters,
bodies rewritten with a valid checksum, forged headers, DEFLATE with bytes after its end) is read
by both under Node.js. For every link the page must give the engine's reading (game, options,
seed, moves, the seat it is for, the correspondence fields, whether the game is over and who
won) or refuse it when the engine refuses it; it may decline to read (null) only a link of a
game it does not preview (the tile games). For positions it reads, its scene must be
the engine's view's (the same items, classes, names and targets; coordinates to 0.002): its
names and title as the engine's codes (``name_code``, ``title_code``, which the page words in the
reader's language), without the engine's English beside them.
"""
from __future__ import annotations

import json
import random
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest

from pygame_core import agents
from pygame_core.bridge import Session, handle
from pygame_core.core import InvalidRecordError, new_game, replay
from pygame_core.records import decode_link, encode_corr_link
from pygame_core.records.frame import _frame_token, _varint
from pygame_core.geometry.yradial import node_count
from pygame_core.view import view_for

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
START = 29_400_000
NAMES = ["", "Ana", "Bo é", "Zoë-Ř", "王小明", "Ана", "🦊 fox", "x" * 24, "a\u0301b", "Ωmega 7"]
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js runs the page's reader")


def random_game(rnd: random.Random, game_id: str, options: dict, moves: int | None):
    game = new_game(game_id, seed=rnd.randrange(2 ** 53), **options)
    bot = agents.get("random")(seed=rnd.randrange(1000))
    while not game.is_over and (moves is None or len(game.history) < moves):
        game.play(bot.choose(game))
    return game


def some_lines(rnd: random.Random, game, sender: int) -> list[list[str]]:
    """Up to 3 conditional replies from the end of `game` (their move, the sender's answer)."""
    if game.is_over or game.current_player == sender:
        return []
    lines, seen = [], set()
    for _ in range(rnd.randint(0, 3)):
        walk, line = game.clone(), []
        for _ in range(rnd.choice((2, 4))):
            if walk.is_over:
                break
            text = walk.format_move(rnd.choice(walk.legal_moves()))
            line.append(text)
            walk.play(text)
        if len(line) in (2, 4) and tuple(line[:1]) not in seen and tuple(line[:3]) not in seen:
            seen.update({tuple(line[:1]), tuple(line[:3])})
            lines.append(line)
    return lines


def valid_links(rnd: random.Random) -> list[str]:
    out = []
    boards = [("hex", {"size": s, "swap": rnd.random() < 0.5}) for s in range(2, 27)]
    boards += [("y", {"family": "regular", "size": s, "misere": rnd.random() < 0.3}) for s in range(2, 26)]
    boards += [("hex", {"size": 3, "swap": True})] * 6 + [("hex", {"size": 11})] * 6
    # radial Y: every centre size, the form's boards (27, 55, 93 nodes) and the smallest ones
    radial = [(c, rnd.randint(0, 12)) for c in range(2, 13)] + [(3, 2), (4, 3), (5, 4), (2, 0), (2, 1), (3, 0), (12, 12)]
    boards += [("y", {"family": "radial", "center_rows": c, "outer_rows": o, "misere": rnd.random() < 0.3}) for c, o in radial]
    for game_id, options in boards:
        if options.get("family") == "radial":
            cells = node_count(options["center_rows"], options["outer_rows"])
        else:
            cells = options["size"] ** 2 if game_id == "hex" else options["size"] * (options["size"] + 1) // 2
        game = random_game(rnd, game_id, options, rnd.choice((0, 1, 2, rnd.randint(0, cells), None)))
        sender = rnd.randint(0, 1) if game.is_over else 1 - game.current_player
        resigned = rnd.randint(0, 1) if not game.is_over and rnd.random() < 0.15 else None
        names = [rnd.choice(NAMES), rnd.choice(NAMES)] if rnd.random() < 0.7 else None
        times, t = [], START
        for _ in game.history:
            t += rnd.choice((0, 3, 59, 61, 1500, 90_000))
            times.append(t)
        lines = some_lines(rnd, game, sender) if resigned is None else []
        gid = "".join(rnd.choice("ABCxyz019_-") for _ in range(rnd.randint(8, 24)))
        out.append(encode_corr_link(game, game_id=gid, sender=sender, start=START, times=times, names=names,
                                    lines=lines or None, resigned=resigned))
    return out


def body_of(game, header: dict, moves: list[int] | None = None, waits: list[int] | None = None,
            seed: int | None = None, raw_header: bytes | None = None) -> bytes:
    """A version-3 body with any header (no checks): seed, header, moves (sorted-legal indices)."""
    head = raw_header if raw_header is not None else json.dumps(header, separators=(",", ":")).encode()
    if moves is None:
        walk, moves = replay({**game.record(), "moves": []}), []
        for text in game.moves:
            legal = sorted({walk.format_move(m) for m in walk.legal_moves()})
            moves.append(legal.index(text))
            walk.play(text)
    waits = [1] * len(moves) if waits is None else waits
    return (_varint(game.seed if seed is None else seed) + _varint(len(head)) + head + _varint(len(moves))
            + b"".join(_varint(m) for m in moves) + b"".join(_varint(w) for w in waits))


def forged_links(rnd: random.Random) -> list[str]:
    hex5 = random_game(rnd, "hex", {"size": 5}, 6)  # Blue to move: Red sent it
    ok = {"g": "hex", "o": {"size": 5}, "i": "Abcdefgh12", "s": 1, "t": START}
    over = random_game(rnd, "hex", {"size": 3}, None)
    y4 = random_game(rnd, "y", {"family": "regular", "size": 4}, 3)
    yok = {"g": "y", "o": {"size": 4}, "i": "Abcdefgh12", "s": 0, "t": START}
    headers = [
        ok, {**ok, "x": None}, {**ok, "x": 0}, {**ok, "x": 2}, {**ok, "x": True}, {**ok, "s": 0}, {**ok, "s": True},
        {**ok, "s": 1.0}, {**ok, "s": None}, {**ok, "t": None}, {**ok, "t": -1}, {**ok, "t": 2 ** 40 + 1},
        {**ok, "t": 2 ** 40}, {**ok, "i": "short"}, {**ok, "i": "x" * 25}, {**ok, "i": "Abcdefgh1!"}, {**ok, "i": 12345678},
        {**ok, "n": ["Ana"]}, {**ok, "n": None}, {**ok, "n": ["Ana", 7]}, {**ok, "n": ["\u0007", ""]},
        {**ok, "n": ["a\u200bb", ""]}, {**ok, "n": ["\ue000", ""]}, {**ok, "n": ["x" * 25, ""]}, {**ok, "n": ["🦊" * 24, ""]},
        {**ok, "q": None}, {**ok, "q": []}, {**ok, "q": [["a1"]]}, {**ok, "q": [["a1", "a1"]]}, {**ok, "q": "a1"},
        {**ok, "o": {"size": 5, "swap": 1}}, {**ok, "o": {"size": 27}}, {**ok, "o": {"size": True}}, {**ok, "o": {"sise": 5}},
        {**ok, "o": None}, {**ok, "o": {"size": 5.0}}, {**ok, "g": "chess"}, {**ok, "g": None}, {**ok, "g": "x" * 41},
        {**ok, "z": 1}, {**ok, "__proto__": 1}, {**ok, "g": "triominos"},
        {**yok, "o": {"size": 4, "family": "radial"}}, {**yok, "o": {"size": 4, "family": "hex"}},
        {**yok, "o": {"size": 4, "misere": True}}, {**yok, "o": {"family": 1}},
        {**yok, "o": {"family": "radial", "center_rows": 1}}, {**yok, "o": {"family": "radial", "outer_rows": 13}},
        {**yok, "o": {"family": "radial", "center_rows": 2, "outer_rows": 0}},
    ]
    tokens = [_frame_token(body_of(hex5 if h.get("g") != "y" else y4, h), 3) for h in headers]
    # conditional replies from the link's end: legal, illegal, not alternating, two answers
    legal = sorted({hex5.format_move(m) for m in hex5.legal_moves()})
    a, b, c = legal[:3]
    for q in ([[a, b]], [[a, b], [a, c]], [[a, b], [a, b]], [[a, b, c, legal[3]]], [[a, a]], [[a, b, c]],
              [[a, b]] * 9, [["swap", b]], [[a, "z9"]], [[a, b], [b, a]]):
        tokens.append(_frame_token(body_of(hex5, {**ok, "q": q}), 3))
    over_ok = {"g": "hex", "o": {"size": 3}, "i": "Abcdefgh12", "s": 0, "t": START}
    for h in (over_ok, {**over_ok, "s": 1}, {**over_ok, "x": 1}, {**over_ok, "q": [["a1", "a2"]]}):
        tokens.append(_frame_token(body_of(over, h), 3))
    # moves after the end, too many moves, out-of-range indices, bad varints, extra bytes
    tokens.append(_frame_token(body_of(over, over_ok, moves=body_moves(over) + [0], waits=[1] * (len(over.history) + 1)), 3))
    tokens.append(_frame_token(body_of(hex5, ok, moves=[0] * 26), 3))
    tokens.append(_frame_token(body_of(hex5, ok, moves=[25, 0, 0, 0, 0, 0]), 3))
    # the swap rule: "swap" is legal at the second move only (Hex 3: a1..c3, then "swap")
    swap3 = {"g": "hex", "o": {"size": 3, "swap": True}, "i": "Abcdefgh12", "t": START}
    for moves, sender in (([9], 0), ([0, 8], 1), ([0, 8, 8], 0), ([0, 8, 7], 0), ([4, 8, 0], 0)):
        tokens.append(_frame_token(body_of(hex5, {**swap3, "s": sender}, moves=moves), 3))
    tokens.append(_frame_token(body_of(hex5, ok, moves=[24, 0, 0, 0, 0, 0]), 3))
    good = body_of(hex5, ok)
    tokens += [_frame_token(good + b"\x00", 3), _frame_token(good[:-1], 3), _frame_token(b"\x80\x00" + good[1:], 3)]
    tokens.append(_frame_token(body_of(hex5, ok, waits=[2 ** 45] + [1] * 5), 3))
    tokens.append(_frame_token(body_of(hex5, ok, waits=[2 ** 40 - 2000] * 6), 3))
    tokens.append(_frame_token(body_of(hex5, ok, seed=2 ** 53), 3))
    tokens.append(_frame_token(body_of(hex5, ok, seed=2 ** 53 - 1), 3))
    for raw in (b"\xef\xbb\xbf" + json.dumps(ok).encode(), b"[1]", b"{", b"\xff\xfe", b'{"g":"hex","s":1e0}',
                b'{"g":"hex","o":{"size":5},"i":"Abcdefgh12","s":1,"t":29400000,"t":NaN}', b"null",
                json.dumps(ok).encode().replace(b"}", b',"n":["\\ud800",""]}')):
        tokens.append(_frame_token(body_of(hex5, ok, raw_header=raw), 3))
    # DEFLATE framing: bytes after the end, cut, a stored block, a damaged stream
    for body in (good, body_of(random_game(rnd, "hex", {"size": 11}, 80), {**ok, "o": {"size": 11}})):
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        packed = packer.compress(body) + packer.flush()
        crc = zlib.crc32(body).to_bytes(4, "big")
        for data in (packed, packed + b"\x00", packed[:-1], b"\x01" + len(body).to_bytes(2, "little")
                     + (len(body) ^ 0xFFFF).to_bytes(2, "little") + body, packed[:3] + b"\xff" + packed[4:]):
            tokens.append(frame_of(b"\x01" + crc + data))
    tokens.append(frame_of(b"\x02" + zlib.crc32(good).to_bytes(4, "big") + good))
    return tokens


def body_moves(game) -> list[int]:
    walk, out = replay({**game.record(), "moves": []}), []
    for text in game.moves:
        out.append(sorted({walk.format_move(m) for m in walk.legal_moves()}).index(text))
        walk.play(text)
    return out


def frame_of(frame: bytes) -> str:
    import base64
    return "3." + base64.urlsafe_b64encode(frame).decode().rstrip("=")


def damaged(rnd: random.Random, tokens: list[str]) -> list[str]:
    out = []
    for token in tokens[:6]:
        out += [token[:k] for k in range(0, len(token), max(1, len(token) // 40))]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for token in rnd.sample(tokens, min(40, len(tokens))):
        for _ in range(6):
            k = rnd.randrange(2, len(token))
            out.append(token[:k] + rnd.choice(alphabet) + token[k + 1:])
        out += [token + "A", " " + token + "\n", token.replace("3.", "3.!", 1), "03." + token[2:], "4." + token[2:]]
    # bodies changed byte by byte behind a valid checksum: the deeper checks
    for token in rnd.sample(tokens, min(60, len(tokens))):
        try:
            body = _body_of(token)
        except InvalidRecordError:
            continue
        for _ in range(5):
            data = bytearray(body)
            k = rnd.randrange(len(data))
            data[k] = rnd.randrange(256) if rnd.random() < 0.5 else data[k] ^ (1 << rnd.randrange(8))
            if rnd.random() < 0.3:
                del data[rnd.randrange(len(data)):]
            out.append(_frame_token(bytes(data), 3))
    return out


def _body_of(token: str) -> bytes:
    from pygame_core.records.frame import _unpack_v1
    return _unpack_v1(token[2:], 2)


def engine_reading(token: str):
    try:
        link = decode_link(token)
    except InvalidRecordError:
        return None
    record, corr = link["record"], link["corr"]
    game = replay(record)
    return {"game": record["game"], "options": record["options"], "seed": record["seed"], "moves": record["moves"],
            "view": link["view"], "over": game.is_over, "winners": game.winners,
            "corr": {k: corr[k] for k in ("id", "sender", "names", "start", "times", "lines", "resigned")}}


def run_page_reader(tmp_path: Path, cases: list[dict]) -> list[dict]:
    games = handle({"cmd": "hello"}, Session())["result"]["games"]
    path = tmp_path / "cases.json"
    path.write_text(json.dumps({"games": games, "cases": cases}))
    proc = subprocess.run([NODE, str(ROOT / "tests" / "js" / "link_contract.mjs"), str(path)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def same_scene(ours, theirs, where="scene"):
    """Equal JSON, numbers to 0.002 (the two languages round thousandths a little differently)."""
    if isinstance(theirs, float) or isinstance(ours, float):
        assert abs(ours - theirs) <= 0.002, (where, ours, theirs)
    elif isinstance(theirs, dict):
        assert isinstance(ours, dict) and sorted(ours) == sorted(theirs), (where, sorted(ours), sorted(theirs))
        for k in theirs:
            same_scene(ours[k], theirs[k], f"{where}.{k}")
    elif isinstance(theirs, list):
        assert isinstance(ours, list) and len(ours) == len(theirs), (where, len(ours), len(theirs))
        for k, (a, b) in enumerate(zip(ours, theirs)):
            same_scene(a, b, f"{where}[{k}]")
    else:
        assert ours == theirs, (where, ours, theirs)


def coded(scene):
    """The engine's scene as the preview draws it: the English names and title that have a code
    beside them left out (the page words the codes; tests/test_engine_words.py holds the English
    they give to the engine's)."""
    if isinstance(scene, list):
        return [coded(x) for x in scene]
    if not isinstance(scene, dict):
        return scene
    drop = {k for k in ("name", "title") if f"{k}_code" in scene}
    return {k: coded(v) for k, v in scene.items() if k not in drop}


def test_the_page_reads_links_as_the_engine_does(tmp_path):
    rnd = random.Random(32)
    valid = valid_links(rnd)
    tokens = valid + forged_links(rnd) + damaged(rnd, valid)
    results = run_page_reader(tmp_path, [{"token": t, "scene": False} for t in tokens])
    counts = {"same": 0, "refused": 0, "declined": 0}
    for token, got in zip(tokens, results, strict=True):
        ours, theirs = got["result"], engine_reading(token)
        if theirs is None:
            assert ours is None or "error" in ours, f"the engine refuses {token[:80]}, the page read {ours}"
            assert ours or not token.strip().startswith("3."), f"the page declined {token[:80]}"
            counts["refused" if ours else "declined"] += 1
        elif ours is None:
            previewed = theirs["game"] in ("hex", "y")
            assert not previewed and token.startswith("3."), f"the page declined {token[:80]}"
            counts["declined"] += 1
        else:
            assert ours == theirs, f"{token[:80]}: the page read {ours}, the engine {theirs}"
            counts["same"] += 1
    assert counts["same"] >= len(valid) and counts["refused"] > 500, counts


def test_the_preview_draws_the_engines_scene(tmp_path):
    rnd = random.Random(7)
    tokens = [t for t in valid_links(rnd) if not engine_reading(t)["over"]]
    results = run_page_reader(tmp_path, [{"token": t, "scene": True} for t in tokens])
    assert len(tokens) > 40
    radial = [t for t in tokens if decode_link(t)["record"]["options"].get("family") == "radial"]
    assert len(radial) >= 8, len(radial)  # radial Y boards drawn too, every centre size
    for token, got in zip(tokens, results, strict=True):
        game = replay(decode_link(token)["record"])
        engine = view_for(game.game_id).scene(game)
        assert "title_code" in engine and "title" not in got["scene"]
        same_scene(got["scene"], coded(engine), f"{game.game_id} {game.options}")
