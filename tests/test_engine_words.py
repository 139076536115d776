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
TILE_GAMES = ("triominos", "iwoki", "codex")  # (their tiles' and cards' names, docs/languages.md)


def _codes_of(game, viewer) -> list[tuple[dict, str]]:
    """``(code, english)`` of each move in words, the status and the scene's texts of ``game``
    (names, titles, notes, the action buttons' labels)."""
    out = [(game.result_code(), game.result_text())]
    for i in range(len(game.history)):
        words = game.move_words_code(i, viewer)
        if words is not None:
            out.append((words, game.move_words(i, viewer)))
    shown = game.view(viewer) if game.hidden_information else game
    stack = _scenes(game, viewer)
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


def _scenes(game, viewer) -> list:
    """What the bridge sends of ``game`` as ``viewer`` sees it: the scene, the legal moves' targets
    and (tile and card games, a placement legal now) the scene with that move's preview."""
    shown = game.view(viewer) if game.hidden_information else game
    gview = view_for(game.game_id)
    out = [gview.scene(shown, viewer), gview.move_targets(shown, viewer)]
    if game.game_id in TILE_GAMES and viewer is None and not game.is_over:
        move = next((m for m in game.legal_moves() if str(m) != "pass" and not str(m).startswith(
            ("draw", "starter ", "objective "))), None)
        if move is not None:
            out.append(gview.scene(shown, viewer, move))
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
                "iwoki.hand.public", "iwoki.action.draw", "triominos.action.draw", "hex.action.swap",
                # the tiles' and cards' names, the objectives' rules, Codex's notes and choices
                "codex.card", "codex.corner.ul", "codex.card.needs", "codex.card.scores", "codex.kind.gold",
                "codex.objective.symbols", "codex.objective.common", "codex.note.visible", "codex.note.last_move",
                "codex.choice.starter_label", "codex.choice.keep_label", "codex.choice.front", "codex.title.market",
                "codex.symbol.quill", "scene.preview", "triominos.tile.hand", "triominos.tile.placed",
                "triominos.spot.up", "scene.spot_needs", "iwoki.gap.small", "iwoki.gap.hex", "iwoki.tile.hex_placed",
                "iwoki.tile.small"):
        assert key in found, key
    assert len(cases) > 1000, len(cases)


WORDS = re.compile(r"[a-z]{2}")  # a word (symbol letters "PPF", gaps "H4", numbers are not)


def _read(node: dict) -> list[str]:
    """The keys of what a person reads in a scene's ``node``: a drawn item's accessible name and
    its drawn words; a scene's or a panel's title, a note's text, a move's label."""
    if "kind" in node:
        keys = ["name"] if isinstance(node.get("name"), str) else []
        return keys + (["text"] if WORDS.search(str(node.get("text", ""))) else [])
    return [k for k in ("title", "text", "label") if isinstance(node.get(k), str)]


def test_the_tile_and_card_games_send_no_text_without_its_code():
    """Triominos, iwoki and Codex: every accessible name, title, note, label and drawn word of
    their scenes (previews, choices, hands, market, objectives) comes with its code."""
    rnd, seen, bare = random.Random(7), set(), []
    for game_id in TILE_GAMES:
        for _ in range(2):
            game = new_game(game_id, seed=rnd.randrange(2 ** 40))
            bot = agents.get("random")(seed=rnd.randrange(1000))
            for n in range(500):
                if n < 6 or n % 5 == 0 or game.is_over:
                    for viewer in ([None, 0] if game.hidden_information else [None]):
                        stack = _scenes(game, viewer)
                        while stack:
                            node = stack.pop()
                            if isinstance(node, (list, dict)):
                                stack.extend(node.values() if isinstance(node, dict) else node)
                            if isinstance(node, dict):
                                for k in _read(node):
                                    seen.add((game_id, k))
                                    if f"{k}_code" not in node:
                                        bare.append((game_id, k, node[k]))
                if game.is_over:
                    break
                game.play(bot.choose(game))
    assert not bare, bare[:10]
    assert seen == {(g, k) for g in TILE_GAMES for k in ("name", "title", "text", "label")}, seen


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
    # the previewed tile is named by the move in words (as the move list), its notation in the tooltip
    (tile,) = [i for layer in preview["scene"]["layers"] for i in layer["items"] if i.get("notation")]
    assert tile["notation"] == move and tile["name"] == f"preview of {preview['words']}"
    assert tile["name_code"] == {"key": "scene.preview", "params": {"move": preview["words_code"]}}
    assert st["last_words_code"]["key"].startswith("triominos.move.place")
    hint = handle({"cmd": "think", "seconds": 0.02}, s)["result"]
    assert hint["words_code"]["key"].startswith("triominos.move.")
    st = handle({"cmd": "new", "game": "hex", "options": {"size": 3}, "players": ["human", "human"]}, s)["result"]
    for move in ("a1", "b1", "a2", "b2", "a3"):
        st = handle({"cmd": "play", "move": move}, s)["result"]
    assert st["is_over"] and st["status"] == "Blue wins"
    assert st["status_code"] == {"key": "words.wins", "params": {"names": {"players": [0]}, "count": 1}}
    assert st["move_words_codes"] is None and st["last_words_code"] is None  # (the cells are the words)


@needs_node
def test_cards_objectives_and_tiles_in_other_languages(tmp_path):
    """A gold card's name, objectives' rules (colours agreeing, symbols counted), a choice's label
    and a tile's name, composed from their parts in each language."""
    from pygame_core.games.codex.pieces import load_cards
    from pygame_core.games.codex.view_words import card_name, objective_label
    from pygame_core.games.triominos.pieces import Tile
    from pygame_core.games.triominos.view_words import hand_tile_name
    cards, objectives = load_cards()
    gold = next(c for c in cards.values() if c.type == "gold" and c.front.points["kind"] == "per-object")
    texts = [card_name(gold, True), objectives[91].rule(), objectives[99].rule(), objective_label(objectives[96]),
             hand_tile_name(Tile(2, 4, 5))]
    got = _node([{"lang": lang, "code": c, "names": ["Ana", "Bo"]} for _, c in texts for lang in ("en", "fr", "de")],
                tmp_path)["texts"]
    assert got[0::3] == [e for e, _ in texts]
    assert got[1::3] == [
        "carte 41, carte or rouge, recto : haut gauche caché, haut droit vide, bas gauche vide, bas droit plume, "
        "rapporte 1 par plume, demande 2 champignons, 1 animal",
        "3 points par 2 cartes rouges superposées avec une carte verte en (2, -6)",
        "3 points par lot de 1 plume + 1 encrier + 1 parchemin visibles",
        "Garder l'objectif 96 (2 points par lot de 3 végétaux visibles)",
        "tuile 2-4-5, 11 points"]
    assert got[2::3] == [
        "Karte 41, rote Goldkarte, Vorderseite: oben links verdeckt, oben rechts leer, unten links leer, "
        "unten rechts Feder, bringt 1 je Feder, braucht 2 Pilze, 1 Tier",
        "3 Punkte je 2 übereinanderliegende rote Karten mit einer grünen Karte bei (2, -6)",
        "3 Punkte je sichtbaren Satz aus 1 Feder + 1 Tintenfass + 1 Pergament",
        "Ziel 96 behalten (2 Punkte je sichtbaren Satz aus 3 Pflanzen)",
        "Stein 2-4-5, 11 Punkte"]


# ---------------------------------------------------------------- the hidden audit's problems
def _audit_cases() -> list[tuple[dict, str]]:
    """``(code, english)`` of each problem of failed audits: a deal's planted cheats (a shuffle
    that is not the one committed to, a lock tampered with, seeds not shown), a false claim of
    who opens (Triominos by link), a key altered in a seat's record (iwoki: a bag's problem) and
    a move the rules refuse in the audit's replay."""
    from pygame_core.hidden_audit import _replay
    from test_deal_protocol import Substitute, Swapper, Table, TRIOMINOS, play_with, seeds
    from test_hidden_bags import planted_wrong_key
    from test_hidden_links import false_opening_claim
    reports = [play_with(Swapper, 1)[1], play_with(Substitute, 0, hand=20)[1]]
    table = Table(TRIOMINOS, seeds=seeds(2))
    table.deliver(0, table.players[0].send())
    reports.append(table.players[0].audit())            # (no seed revealed yet)
    out = [(c, e) for r in reports for c, e in zip(r.codes, r.problems, strict=True)]
    audits = [false_opening_claim()[0].audit(), planted_wrong_key("iwoki")[1]]
    replayed = {"cheaters": set(), "problems": [], "codes": []}
    _replay(new_game("triominos", seed=4, target=None), ["pass"], replayed)
    for report in [*audits, replayed]:
        assert report["problems"] and len(report["codes"]) == len(report["problems"]), report
        out += list(zip(report["codes"], report["problems"]))
    return out


@needs_node
def test_the_audit_s_problems_are_codes_the_page_words_in_every_language(tmp_path):
    """Every problem of a failed audit comes with its code: the English the page makes of it is
    the engine's (the CLI's) with the seats named "player N", each key is in every language with
    the code's parameters, and a French reader reads it in French with the seats' names."""
    cases = _audit_cases()
    found = {}
    for code, _ in cases:
        _keys(code, found)
    assert {"audit.player", "audit.seed_missing", "audit.shuffle", "audit.lock", "audit.position_empty",
            "audit.opener", "audit.in_bag", "audit.bag.small", "audit.wrong_key", "audit.illegal"} <= set(found)
    names = ["player 1", "player 2"]
    got = _node([{"lang": "en", "code": c, "names": names} for c, _ in cases], tmp_path)
    wrong = [(e, text) for (_, e), text in zip(cases, got["texts"], strict=True) if text != e]
    assert not wrong, wrong
    for key, sets in found.items():
        assert len(sets) == 1, (key, sets)
        for lang in LANGUAGES:
            assert tuple(got["params"][lang][key]) == next(iter(sets)), (lang, key)
    french = _node([{"lang": "fr", "code": c, "names": ["Ana", "Bo"]} for c, _ in cases], tmp_path)["texts"]
    assert None not in french, french
    by_english = dict(zip((e for _, e in cases), french, strict=True))
    assert by_english["player 2: decided that player 1 opens, but player 2 held the best hand"] == \
        "Bo : a décidé que c'était à Ana d'ouvrir, alors que Bo avait la meilleure main"
    assert by_english["player 1: did not reveal its seed"] == "Ana : n'a pas révélé sa graine secrète"
    wrong_key = next(f for e, f in by_english.items() if e.startswith("small bag, player"))
    assert re.fullmatch(r"sac des petites tuiles, (Ana|Bo) : a donné une mauvaise clé pour la position \d+ "
                        r"à l'étape \d+", wrong_key), wrong_key
    shuffle = by_english["player 2: its shuffle (step 1) is not the permutation it committed to"]
    assert shuffle == "Bo : son mélange (étape 1) n'est pas la permutation à laquelle il s'était engagé"


def test_the_bridge_sends_the_audit_s_problems_as_codes_beside_the_english():
    from test_hidden_links import false_opening_claim
    a, _ = false_opening_claim()
    got = handle({"cmd": "hidden_audit", "record": a.to_json()}, Session())["result"]["audit"]
    assert not got["ok"] and got["cheaters"] == [1]
    assert got["problems"] == ["player 2: decided that player 1 opens, but player 2 held the best hand"]
    assert got["codes"] == [{"key": "audit.player", "params": {"player": {"player": 1}, "problem": {
        "key": "audit.opener", "params": {"opener": {"player": 0}, "best": {"player": 1}}}}}]
    assert got["result"] and got["result_code"]["key"].startswith("words.wins")


@needs_node
def test_what_a_friend_s_link_is_to_the_copy_is_a_code_the_page_words(tmp_path):
    """compare's message (a friend's link against this page's copy: ahead, behind, a changed
    move, conditional replies played) comes with its code: the page's English is the message,
    every key is in every language with the code's parameters, French reads French."""
    from test_correspondence import compared
    cases = [(c["code"], c["message"]) for name, c in compared().items() if name != "texts"]
    assert len(cases) == 8 and all(code for code, _ in cases)
    found = {}
    for code, _ in cases:
        _keys(code, found)
    got = _node([{"lang": "en", "code": c, "names": []} for c, _ in cases], tmp_path)
    assert [text for text in got["texts"]] == [e for _, e in cases]
    for key, sets in found.items():
        assert all(tuple(got["params"][lang][key]) == next(iter(sets)) for lang in LANGUAGES), key
    french = _node([{"lang": "fr", "code": c, "names": []} for c, _ in cases], tmp_path)["texts"]
    by_english = dict(zip((e for _, e in cases), french, strict=True))
    assert by_english["This link is 2 moves behind your game."] == "Ce lien a 2 coups de retard sur votre partie."
    assert by_english["This link holds no new move."] == "Ce lien ne contient aucun nouveau coup."
    answered = next(f for e, f in by_english.items() if e.startswith("3 new moves: your friend's page"))
    assert re.fullmatch(r"3 nouveaux coups : la page de votre ami a joué pour vous votre réponse conditionnelle "
                        r"\w+ \(vérifié : c'est vous qui l'aviez prévue\)\.", answered), answered
