"""The page's languages (web/i18n/, docs/languages.md): one message catalog, every key in every
language with the same parameters, every message well formed; no text a person reads in
``web/`` bypasses the catalog (tests/i18n_scan.py says what counts); the engine's errors carry
a finer code and its parameters, and every such code is worded in every language.

Not yet through the catalog (each still has texts of its own: the test fails when one no longer
has any, so that it leaves this list): see NOT_YET.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from i18n_scan import page_problems, script_problems
from pygame_core import bridge

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
NODE = shutil.which("node")
LANGUAGES = ["de", "en", "fr", "it"]
MERGED = ("workbench", "engine", "hidden")  # the parts each language's catalog merges (messages/<part>/<lang>.js)

# modules whose texts are not through the catalog yet: a module that still words texts of its own
# in English goes here, with why (docs/languages.md)
NOT_YET: dict[str, str] = {}  # (empty: the preview's scene names went through the catalog, as codes)
# never shown to a person
EXEMPT = {
    "sw.js": "the service worker: content types and install errors in the console, no page",
    "preview/link.js": "a friend's link read early: a link it cannot read is not drawn (the engine says why)",
    "preview/inflate.js": "the same (its errors only stop the early drawing)",
    "i18n/format.js": "the formatter's errors: the catalog test compiles every message, none reaches a reader",
    "bots/bot-frame.js": "the sandbox frame's bootstrap ('use strict')",
}


def _scripts() -> dict[str, Path]:
    return {p.relative_to(WEB).as_posix(): p for p in sorted(WEB.rglob("*.js"))
            if not p.relative_to(WEB).as_posix().startswith("i18n/messages/")}


def _pages() -> dict[str, Path]:
    return {p.name: p for p in sorted(WEB.glob("*.html"))}


def _problems(name: str, path: Path) -> list[tuple[int, str]]:
    text = path.read_text(encoding="utf-8")
    return page_problems(text) if name.endswith(".html") else script_problems(text)


def _catalog(lang: str) -> dict[str, str]:
    """A language's messages: the page's (messages/<lang>.js) and the parts it merges, the
    workbench's (messages/workbench/<lang>.js), the engine's
    (messages/engine/<lang>.js) and the hidden-hand games' by link
    (messages/hidden/<lang>.js), each one JSON object; a key in two of them is an error."""
    text = (WEB / "i18n" / "messages" / f"{lang}.js").read_text(encoding="utf-8")
    parts = {}
    for part in MERGED:
        assert f'import {part} from "./{part}/{lang}.js";' in text
    page = json.loads(text.split("const page = ", 1)[1].split(
        f";\n\nexport default Object.assign(page, {', '.join(MERGED)});", 1)[0])
    for part in MERGED:
        text = (WEB / "i18n" / "messages" / part / f"{lang}.js").read_text(encoding="utf-8")
        parts[part] = json.loads(text.split("export default ", 1)[1].rstrip().rstrip(";"))
    merged = dict(page)
    for messages in parts.values():
        assert not set(merged) & set(messages), sorted(set(merged) & set(messages))
        merged.update(messages)
    return merged


def engine_catalog(lang: str) -> dict[str, str]:
    """The engine's game texts of a language alone (messages/engine/<lang>.js)."""
    text = (WEB / "i18n" / "messages" / "engine" / f"{lang}.js").read_text(encoding="utf-8")
    return json.loads(text.split("export default ", 1)[1].rstrip().rstrip(";"))


# ---------------------------------------------------------------- no text bypasses the catalog
def test_no_visible_text_bypasses_the_catalog():
    files = {**_scripts(), **_pages()}
    found = {}
    for name, path in files.items():
        if name in NOT_YET or name in EXEMPT:
            continue
        problems = _problems(name, path)
        if problems:
            found[name] = problems[:5]
    assert not found, f"texts a person reads, not from the catalog (t(key) / data-i18n): {found}"


def test_the_not_yet_list_is_honest():
    files = {**_scripts(), **_pages()}
    for name in [*NOT_YET, *EXEMPT]:
        assert name in files, f"{name} is listed but does not exist"
    done = [name for name in NOT_YET if not _problems(name, files[name])]
    assert not done, f"these have no text of their own any more: take them off NOT_YET: {done}"


@pytest.mark.parametrize("snippet", [
    'el.textContent = "Game over";',
    'b.title = `Undo ${n} moves`;',
    'node.setAttribute("aria-label", "Zoom in");',
    'status.append(swatch, " is thinking…");',
    'showError(ok ? "" : "That move is not allowed.");',
    'const message = "The engine could not start";',
])
def test_the_scan_finds_a_text_of_a_script(snippet):
    assert script_problems(snippet), snippet


@pytest.mark.parametrize("snippet", [
    'el.textContent = t("over.moves", { n });',
    'el.className = "swatch p0";',
    'if (p.agent === "human") go();',
    'console.warn("Boardwright: the first board was left to the page:", err);',
    'const x = document.querySelector("[data-target] .cell");',
    'throw new TypeError("the page state is already held");',
    'pyodide.runPython("import sys; sys.path.append(x)"); // @i18n-ignore (Python)',
])
def test_the_scan_leaves_what_is_not_text(snippet):
    assert not script_problems(snippet), snippet


def test_the_scan_reads_a_page():
    html = ('<p>Hello there</p><p data-i18n="k">Hello</p><button title="Undo" data-i18n-title="k.t">'
            '<span data-i18n="k">Undo</span></button><option lang="fr">Français</option>'
            '<h1>Boardwright</h1><img alt="A board"><input placeholder="optional">')
    problems = [text for _, text in page_problems(html)]
    assert problems == ["Hello there", "img alt='A board'", "input placeholder='optional'"]


# ---------------------------------------------------------------- the catalogs
def test_every_language_has_every_key():
    catalogs = {lang: _catalog(lang) for lang in LANGUAGES}
    assert sorted(p.stem for p in (WEB / "i18n" / "messages").glob("*.js")) == LANGUAGES
    for part in MERGED:
        assert sorted(p.stem for p in (WEB / "i18n" / "messages" / part).glob("*.js")) == LANGUAGES
    keys = set(catalogs["en"])
    for lang, messages in catalogs.items():
        assert set(messages) == keys, (lang, sorted(keys - set(messages)), sorted(set(messages) - keys))
        empty = [k for k, v in messages.items() if not isinstance(v, str) or not v.strip()]
        assert not empty, (lang, empty)


def test_the_languages_are_the_catalogs():
    text = (WEB / "i18n" / "choice.js").read_text(encoding="utf-8")
    named = re.search(r"LANGUAGES = Object\.freeze\(\{([^}]*)\}", text).group(1)
    assert sorted(re.findall(r"(\w+):", named)) == LANGUAGES
    display = (WEB / "index.html").read_text(encoding="utf-8")
    assert sorted(re.findall(r'<option value="(\w+)" lang="\1">', display)) == LANGUAGES


def _calls(text: str, name: str) -> list[str]:
    """The argument text of each call of ``name(`` in ``text`` (to its matching parenthesis)."""
    found = []
    for m in re.finditer(rf"(?<![\w.$]){name}\(", text):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        found.append(text[m.end():i - 1])
    return found


def _keys_used() -> tuple[set[str], list[str]]:
    """The catalog keys the sources name (t("key"), data-i18n…), and the prefixes of keys they
    build (t(`error.${detail}`))."""
    used, prefixes = set(), []
    for name, path in {**_scripts(), **_pages()}.items():
        text = path.read_text(encoding="utf-8")
        prefixes += re.findall(r"`([\w.]+\.)\$\{", text)
        if name.startswith("i18n/"):
            continue  # (the catalog's own module names no key: its comments show the forms)
        for call in _calls(text, "t"):  # t("key"…), t(cond ? "a.b" : f(x) ? "c.d" : "e.f"…)
            used.update(re.findall(r"[\"']([a-z]\w*(?:\.\w+)+)[\"']", call))
        used.update(re.findall(r'data-i18n(?:-[\w-]+)?="([\w.]+)"', text))
    return used, prefixes


def test_every_key_named_is_in_the_catalog_and_every_key_is_used():
    en = _catalog("en")
    used, prefixes = _keys_used()
    missing = sorted(used - set(en))
    assert not missing, f"keys named in web/ but not in en.js: {missing}"
    engine = set(engine_catalog("en"))  # (named by the engine's codes: tests/test_engine_words.py)
    unused = sorted(k for k in en if k not in used and k not in engine and not any(k.startswith(p) for p in prefixes))
    assert not unused, f"keys in the catalog that nothing uses: {unused}"


pytestmark_node = pytest.mark.skipif(NODE is None, reason="Node.js runs the page's formatter")


def node_json(cases: list, tmp_path: Path, script: str = "i18n_catalog.mjs") -> dict:
    """The one JSON line of ``tests/js/<script>`` run on ``cases`` (under Node.js)."""
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(cases), encoding="utf-8")
    proc = subprocess.run([NODE, str(ROOT / "tests" / "js" / script), str(path)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


_node = node_json


@pytestmark_node
def test_every_message_compiles_with_the_same_parameters_in_every_language(tmp_path):
    out = _node([], tmp_path)
    assert out["problems"] == []
    catalogs = out["catalogs"]
    assert sorted(catalogs) == LANGUAGES
    differ = {key: {lang: catalogs[lang][key] for lang in LANGUAGES}
              for key in catalogs["en"] if any(catalogs[lang][key] != catalogs["en"][key] for lang in LANGUAGES)}
    assert not differ, f"messages whose parameters differ between languages: {differ}"


@pytestmark_node
def test_the_formatter_words_plurals_numbers_and_selects_by_language(tmp_path):
    fr, de, it, en = (_catalog(lang) for lang in ("fr", "de", "it", "en"))
    cases = [
        ["en", en["over.moves"], {"n": 1}], ["en", en["over.moves"], {"n": 1234}],
        ["fr", fr["over.moves"], {"n": 0}], ["fr", fr["over.moves"], {"n": 2}],
        ["de", de["over.moves"], {"n": 1}], ["de", de["over.moves"], {"n": 5}],
        ["it", it["over.moves"], {"n": 1}], ["it", it["over.moves"], {"n": 12000}],
        ["fr", fr["result.wins"], {"names": "Ana et Bo", "count": 2}],
        ["it", it["result.wins"], {"names": "Ana", "count": 1}],
        ["de", de["error.no_help_friend"], {"help": "hint"}],
        ["en", "{x, select, a {A} other {O}}", {"x": "zzz"}],
        ["en", "It''s '{'literal'}' {n, number}", {"n": 3}],
        ["en", "{n, plural, =0 {none} one {# one} other {# more}}", {"n": 0}],
        ["en", "{missing}", {}],
    ]
    got = _node(cases, tmp_path)["formatted"]
    assert got == [
        "1 move", "1,234 moves",
        "0 coup", "2 coups",
        "1 Zug", "5 Züge",
        "1 mossa", "12.000 mosse",
        "Ana et Bo gagnent\u202f!",
        "Vince Ana!",
        "Kein Tipp, solange eine Partie mit einem Freund läuft: Das kommt zurück, sobald sie vorbei ist.",
        "O",
        "It's {literal} 3",
        "none",
        'ERROR: the parameter "missing" is missing',
    ]


# ---------------------------------------------------------------- the engine's errors
def _details_raised() -> set[str]:
    found = set()
    for path in (ROOT / "pygame_core").rglob("*.py"):
        found.update(re.findall(r"""\bdetail=["'](\w+)["']""", path.read_text(encoding="utf-8")))
        found.update(re.findall(r"""["']detail["']:\s*["'](\w+)["']""", path.read_text(encoding="utf-8")))
    return found


def test_every_error_detail_the_engine_raises_is_worded_in_every_language():
    details = _details_raised()
    assert {"game_over", "cell_taken", "link_empty", "not_a_record"} <= details
    for lang in LANGUAGES:
        missing = sorted(d for d in details if f"error.{d}" not in _catalog(lang))
        assert not missing, (lang, missing)
    stale = sorted(k for k in _catalog("en") if k.startswith("error.") and k[6:] not in details)
    assert not stale, f"error messages no engine error has: {stale}"


def test_the_bridge_sends_the_detail_and_its_params_with_the_english_message():
    session = bridge.Session()
    assert bridge.handle({"cmd": "new", "game": "hex", "options": {"size": 5}}, session)["ok"]
    assert bridge.handle({"cmd": "play", "move": "c3"}, session)["ok"]
    error = bridge.handle({"cmd": "play", "move": "c3"}, session)["error"]
    assert error == {"code": "illegal_move", "message": "c3 is already taken by Blue",
                     "detail": "cell_taken", "params": {"cell": "c3"}}
    error = bridge.handle({"cmd": "open", "token": ""}, session)["error"]
    assert (error["code"], error["detail"], error["params"]) == ("invalid_record", "link_empty", {})
    assert error["message"] == "the share link is empty: there is no game in it"
    too_long = json.loads(bridge.handle_json(" " * (bridge.MAX_REQUEST_CHARS + 1)))["error"]
    assert too_long["detail"] == "request_too_large"
    assert too_long["params"] == {"chars": bridge.MAX_REQUEST_CHARS + 1, "max": bridge.MAX_REQUEST_CHARS}


def test_an_error_without_a_detail_is_as_before():
    error = bridge.handle({"cmd": "nope"})["error"]
    assert set(error) == {"code", "message"}


def test_a_long_text_parameter_is_cut():
    from pygame_core.errors import IllegalMoveError
    error = bridge._error(IllegalMoveError("x", detail="cell_taken", params={"cell": "z" * 500}))
    assert len(error["params"]["cell"]) == bridge.MAX_PARAM_CHARS


# ---------------------------------------------------------------- the engine's own words
def test_the_catalog_holds_the_engine_s_english_words_as_they_are():
    """The page words the engine's texts (hello: descriptions, options, agents, seats, levels)
    by their ids (i18n.js engineText); en.js must say what the engine says, so that a change of
    the engine's words shows here and its translations are looked at again."""
    en = _catalog("en")
    hello = bridge.handle({"cmd": "hello"})["result"]
    expected = {}
    for g in hello["games"]:
        expected[f"game.{g['id']}.description"] = g["description"]
        for o in g["options"]:
            expected[f"option.{o['name']}"] = o["title"]
            if o.get("help"):
                expected[f"option.{g['id']}.{o['name']}.help"] = o["help"]
            for c in o.get("choices") or []:
                expected[f"option.{o['name']}.{c}"] = c
            if o.get("null_label"):
                expected[f"option.{o['name']}.null"] = o["null_label"]
        for a in g["agents"]:
            if a["title"] not in ("A*", "MCTS", "ISMCTS", "Minimax"):  # the same in every language
                expected[f"agent.{a['name']}"] = a["title"]
        for lv in g["levels"]:
            expected[f"level.{lv['name']}"] = lv["name"]
            label = en["level.label"].replace("{iterations, number}", f"{lv['iterations']:,}")
            assert label.format(level=lv["level"], name=lv["name"]) == lv["label"]
        for name in g.get("seat_names") or g["players"]:
            if not name.startswith("Player "):
                expected[f"player.{name.lower()}"] = name
        new = bridge.handle({"cmd": "new", "game": g["id"]}, bridge.Session())["result"]
        for f in new["export_options"]:
            expected[f"format.{f['format']}"] = f["description"]
            if f["label"] != f["format"].upper():  # "JSON", "SGF": the same in every language
                expected[f"format.{f['format']}.label"] = f["label"]
            if f["note"]:
                expected[f"format.{f['format']}.note"] = f["note"]
    wrong = {k: (en.get(k), v) for k, v in expected.items() if en.get(k) != v}
    assert not wrong, f"en.js differs from the engine's words: {wrong}"


@pytest.mark.parametrize("request_,detail,params", [
    ({"cmd": "load", "record": "{nope"}, "record_not_json", {}),
    ({"cmd": "load", "record": "[1]"}, "record_not_object", {}),
    ({"cmd": "load", "record": {"game": "hex", "version": 99, "moves": []}}, "record_version",
     {"version": "99", "reads": 1}),
    ({"cmd": "load", "record": {"game": "nope", "moves": []}}, "record_unknown_game", {"game": "'nope'"}),
    ({"cmd": "load", "record": {"game": "hex", "seed": None}}, "record_field", {"field": "seed"}),
    ({"cmd": "load", "record": {"game": "hex", "options": {"size": 99}}}, "record_options", {}),
    ({"cmd": "load", "record": {"game": "hex", "options": {"size": 5}, "moves": ["c3", "c3"]}}, "record_move",
     {"n": 2, "move": "c3"}),
    ({"cmd": "load", "record": {"game": "hex", "options": {"size": 5}, "moves": ["c3"]}, "cursor": 7},
     "record_cursor", {"max": 1}),
    ({"cmd": "open", "token": "1.AAAA"}, "link_damaged", {}),
    ({"cmd": "hidden_state", "record": "{"}, "hidden_record_damaged", {}),
    ({"cmd": "hidden_state", "record": {"kind": "boardwright-hidden", "version": 9}}, "hidden_record_version",
     {"version": "9"}),
    ({"cmd": "hidden_state", "record": {"kind": "a save"}}, "hidden_record_kind", {}),
    ({"cmd": "hidden_state", "record": {"kind": "boardwright-hidden", "version": 1, "seed": "zz"}},
     "hidden_record_damaged", {}),
])
def test_a_damaged_record_is_refused_with_its_code(request_, detail, params):
    """A stored or imported record that is damaged (a save, a seat's record of a game with
    hidden hands): the bridge keeps its English message (the CLI's) and sends the code that
    the page words (error.<detail>, in every language: the test above)."""
    error = bridge.handle(request_, bridge.Session())["error"]
    assert error["message"] and (error.get("detail"), error.get("params")) == (detail, params), error


@pytestmark_node
def test_a_damaged_record_s_error_reads_in_each_language(tmp_path):
    params = {"n": 2, "move": "c3"}
    got = _node([[lang, _catalog(lang)["error.record_move"], params] for lang in LANGUAGES], tmp_path)["formatted"]
    assert got == ["Diese Aufzeichnung ist beschädigt: Zug 2 (c3) kann nicht gespielt werden.",
                   "This record is damaged: move 2 (c3) cannot be played.",
                   "Cet enregistrement est endommagé : le coup 2 (c3) ne peut pas être joué.",
                   "Questa registrazione è danneggiata: la mossa 2 (c3) non può essere giocata."]
