"""The engine's texts for people as codes (pygame_core/words.py, docs/languages.md): beside its
English (moves in words, the status, the board's names), the engine sends each as a code with
parameters, which the page words through its catalog (web/i18n/messages/engine/<lang>.js) in the
reader's language.

Random games of all five games (hidden-hand ones as a seat sees them too) give the codes: every
key they name is in every language's catalog with exactly the code's parameters, and the English
the page makes of each code through the English catalog, with the page's own code (web/i18n/
codes.js, format.js, under Node.js), is the engine's English, so the two cannot drift apart.
"""
from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest

from pygame_core import agents, new_game
from pygame_core.bridge import Session, handle
from pygame_core.view import view_for
from test_i18n import LANGUAGES, engine_catalog, node_json

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
GAMES = [("hex", {"size": 5}), ("hex", {"size": 3, "swap": True}), ("y", {"size": 5}),
         ("y", {"family": "radial", "center_rows": 2, "outer_rows": 1}), ("triominos", {"players": 3}),
         ("triominos", {"target": None}), ("iwoki", {"players": 2}), ("iwoki", {"players": 3}),
         ("codex", {"players": 2})]


def _codes_of(game, viewer) -> list[tuple[dict, str]]:
    """``(code, english)`` of each move in words, the status and the scene's texts of ``game``
    (names, titles, notes, the action buttons' labels)."""
    out = [(game.result_code(), game.result_text())]
    for i in range(len(game.history)):
        words = game.move_words_code(i, viewer)
        if words is not None:
            out.append((words, game.move_words(i, viewer)))
    shown = game.view(viewer) if game.hidden_information else game
    gview = view_for(game.game_id)
    stack = [gview.scene(shown, viewer), gview.move_targets(shown, viewer)]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for k in ("name", "title", "text", "label"):
                if f"{k}_code" in node:
                    out.append((node[f"{k}_code"], node[k]))
            if "player_notes_codes" in node:
                out += list(zip(node["player_notes_codes"], node["player_notes"], strict=True))
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return out


def collected() -> list[tuple[dict, str, list[str]]]:
    """``(code, english, seat names)`` from random games of every game, at many positions."""
    rnd, out = random.Random(33), []
    for game_id, options in GAMES:
        for _ in range(3):
            game = new_game(game_id, seed=rnd.randrange(2 ** 40), **options)
            bot = agents.get("random")(seed=rnd.randrange(1000))
            n = 0
            while True:
                if n < 3 or n % 7 == 0 or game.is_over:
                    for viewer in ([None, 0] if game.hidden_information else [None]):
                        out += [(c, e, list(game.player_names)) for c, e in _codes_of(game, viewer)]
                if game.is_over or n > 400:
                    break
                game.play(bot.choose(game))
                n += 1
    return out


@pytest.fixture(scope="module")
def cases():
    return collected()


def _keys(code, found: dict) -> None:
    """Each key of a (nested) code with its parameter names."""
    if isinstance(code, list):
        for part in code:
            _keys(part, found)
    elif isinstance(code, dict) and "key" in code:
        found.setdefault(code["key"], set()).add(tuple(sorted(code["params"])))
        for part in code["params"].values():
            _keys(part, found)
    elif isinstance(code, dict):
        _keys(code.get("parts") or code.get("or") or [], found)


def test_the_games_send_codes_of_every_kind(cases):
    found = {}
    for code, _, _ in cases:
        _keys(code, found)
    prefixes = {key.split(".")[0] for key in found}
    assert {"words", "triominos", "iwoki", "codex", "scene"} <= prefixes, prefixes
    for key in ("triominos.move.place", "triominos.where.right_of", "iwoki.move.small", "iwoki.move.hex",
                "codex.move.play_front", "codex.status.draw", "scene.cell", "scene.state.last", "scene.side.top",
                "scene.title.y_radial", "words.wins_points", "words.to_move", "words.points.gain",
                "notes.last_move", "triominos.note.info", "triominos.hand.yours", "iwoki.note.final_player",
                "iwoki.hand.public", "iwoki.action.draw", "triominos.action.draw", "hex.action.swap"):
        assert key in found, key
    assert len(cases) > 1000, len(cases)


def test_every_key_a_game_sends_is_in_every_language(cases):
    found = {}
    for code, _, _ in cases:
        _keys(code, found)
    for lang in LANGUAGES:
        missing = sorted(set(found) - set(engine_catalog(lang)))
        assert not missing, (lang, missing)


def _source_keys() -> tuple[set[str], list[str]]:
    """The keys the engine's sources name (``code("key", …)``) and the prefixes it builds
    (``code(f"triominos.move.{kind}", …)``)."""
    keys, prefixes = set(), []
    for path in (ROOT / "pygame_core").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        keys.update(re.findall(r"""code\("([a-z_]+(?:\.[a-z_]+)+)\"""", text))
        prefixes += re.findall(r"""code\(f"([a-z_.]+)\{""", text)
        keys.update(re.findall(r""""(words\.action\.[a-z]+)\"""", text))
    return keys, prefixes


def test_every_key_of_the_engine_catalog_is_one_the_engine_sends():
    keys, prefixes = _source_keys()
    assert keys and prefixes
    catalog = set(engine_catalog("en"))
    assert not keys - catalog, sorted(keys - catalog)
    unused = sorted(k for k in catalog if k not in keys and not any(k.startswith(p) for p in prefixes))
    assert not unused, f"messages no engine code names: {unused}"


needs_node = pytest.mark.skipif(NODE is None, reason="Node.js runs the page's catalog")


def _node(cases: list, tmp_path: Path) -> dict:
    return node_json(cases, tmp_path, "engine_words.mjs")


@needs_node
def test_every_code_has_the_catalog_s_parameters_in_every_language(cases, tmp_path):
    params = _node([], tmp_path)["params"]
    found = {}
    for code, _, _ in cases:
        _keys(code, found)
    for key, sets in found.items():
        assert len(sets) == 1, (key, sets)
        for lang in LANGUAGES:
            assert tuple(params[lang][key]) == next(iter(sets)), (lang, key, params[lang][key], sets)
    for key in params["en"]:  # the same parameters in every language, sent or not
        assert all(params[lang][key] == params["en"][key] for lang in LANGUAGES), key


@needs_node
def test_the_english_the_page_makes_of_each_code_is_the_engine_s(cases, tmp_path):
    unique = {json.dumps([c, e, n], sort_keys=True): (c, e, n) for c, e, n in cases}
    cases = list(unique.values())
    texts = _node([{"lang": "en", "code": c, "names": n} for c, _, n in cases], tmp_path)["texts"]
    wrong = [(e, got) for (_, e, _), got in zip(cases, texts, strict=True) if got != e]
    assert not wrong, wrong[:10]
    assert len(cases) > 500, len(cases)


@needs_node
def test_other_languages_word_the_codes(tmp_path):
    code = {"key": "triominos.move.place_bonus", "params": {
        "tile": "5-5-5", "where": {"key": "triominos.where.right_of", "params": {"tile": "2-4-5"}},
        "points": {"key": "words.points.gain", "params": {"n": 57}},
        "bonus": {"key": "triominos.bonus.hexagon", "params": {}}}}
    status = {"key": "words.wins_points", "params": {"names": {"players": [0, 1]}, "count": 2, "points": 400}}
    names = ["Ana", "Bo"]
    got = _node([{"lang": lang, "code": c, "names": names} for c in (code, status) for lang in LANGUAGES],
                tmp_path)["texts"]
    assert got == [
        "5-5-5 rechts von 2-4-5, +57 mit einem Sechseck", "5-5-5 to the right of 2-4-5, +57 with a hexagon",
        "5-5-5 à droite de 2-4-5, +57 avec un hexagone", "5-5-5 a destra di 2-4-5, +57 con un esagono",
        "Ana und Bo gewinnen mit 400 Punkten", "Ana and Bo win with 400 points",
        "Ana et Bo gagnent avec 400 points", "Vincono Ana e Bo con 400 punti",
    ]
    unknown = _node([{"lang": "fr", "code": {"key": "nope.never", "params": {}}, "names": names},
                     {"lang": "fr", "code": {"key": "words.to_move", "params": {}}, "names": names}], tmp_path)
    assert unknown["texts"] == [None, None]  # (the page then shows the engine's English)


def test_the_bridge_sends_the_codes_beside_the_english():
    s = Session()
    st = handle({"cmd": "new", "game": "triominos", "seed": 5, "players": ["human", "human"]}, s)["result"]
    assert st["status_code"]["key"] == "triominos.status.opens" and st["move_words_codes"] is None
    move = st["legal"][0]["move"]
    preview = handle({"cmd": "preview", "move": move}, s)["result"]
    st = handle({"cmd": "play", "move": move}, s)["result"]
    assert preview["words_code"] == st["last_words_code"] == st["move_words_codes"][0]
    assert st["last_words_code"]["key"].startswith("triominos.move.place")
    hint = handle({"cmd": "think", "seconds": 0.02}, s)["result"]
    assert hint["words_code"]["key"].startswith("triominos.move.")
    st = handle({"cmd": "new", "game": "hex", "options": {"size": 3}, "players": ["human", "human"]}, s)["result"]
    for move in ("a1", "b1", "a2", "b2", "a3"):
        st = handle({"cmd": "play", "move": move}, s)["result"]
    assert st["is_over"] and st["status"] == "Blue wins"
    assert st["status_code"] == {"key": "words.wins", "params": {"names": {"players": [0]}, "count": 1}}
    assert st["move_words_codes"] is None and st["last_words_code"] is None  # (the cells are the words)
