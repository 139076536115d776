"""The engine's texts in the reader's language (docs/languages.md, "The engine's words"): a
Triominos and an iwoki game in French and in German at a phone's size, a tile placed by
clicking, show their moves in words (the last move under the status, the move list, the board's
names) and, once over, the engine's status in that language; the notation stays in the
tooltips. Screenshots in tmp_path (viewed when the page changes)."""

import json
import re

import pytest

from helpers import app_page, poll, send, state, wait_idle
from tile_play import human_turn, play_one_turn

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "device_scale_factor": 2}
TILE = r"\d-\d-\d"
POINTS = r"(?:\+\d+|−\d+|{none})"
WORDS = {  # each language's words of a move (the page's catalog) and its status once over
    "fr-FR": {
        "player": r"Joueur [12]", "played": "{name} a joué {move}", "none": "aucun point",
        "triominos": rf"{TILE} (?:à droite de {TILE}|à gauche de {TILE}|au-dessus de {TILE}|en dessous de {TILE}"
                     rf"|en ouverture), {POINTS}(?: avec (?:un pont|un hexagone|un double hexagone|un triple hexagone"
                     rf"|le bonus d'ouverture))?|une pioche, {POINTS}|une passe, {POINTS}",
        "iwoki": rf"(?:(?:\d \d \d \([+−]\)(?: en ouverture)? entre H\d+, H\d+ et H\d+|hexagone [*0-6]{{6}}"
                 rf"(?: en ouverture)? en H\d+), {POINTS}|une pioche|une passe)"
                 rf"(?: ; 3 jetons blancs : une tuile hexagonale)?",
        "over": r"Joueur [12] gagne avec -?\d+ points|Joueur 1 et Joueur 2 gagnent avec -?\d+ points",
    },
    "de-DE": {
        "player": r"Spieler [12]", "played": "{name} hat {move} gespielt", "none": "keine Punkte",
        "triominos": rf"{TILE} (?:rechts von {TILE}|links von {TILE}|über {TILE}|unter {TILE}|als Eröffnung), "
                     rf"{POINTS}(?: mit (?:einer Brücke|einem Sechseck|einem Doppelsechseck|einem Dreifachsechseck"
                     rf"|dem Eröffnungsbonus))?|Nachziehen, {POINTS}|Passen, {POINTS}",
        "iwoki": rf"(?:(?:\d \d \d \([+−]\)(?: als Eröffnung)? zwischen H\d+, H\d+ und H\d+|Sechseck [*0-6]{{6}}"
                 rf"(?: als Eröffnung)? in H\d+), {POINTS}|Nachziehen|Passen)"
                 rf"(?:; 3 weiße Marker: ein sechseckiges Plättchen)?",
        "over": r"Spieler [12] gewinnt mit -?\d+ Punkten|Spieler 1 und Spieler 2 gewinnen mit -?\d+ Punkten",
    },
}
OPTIONS = {"triominos": {"players": 2, "target": None}, "iwoki": {"players": 2}}
COMPUTER = {"triominos": "greedy", "iwoki": "iwoki-greedy"}


def _move_re(words, game):
    return words[game].replace("{none}", words["none"])


def _visible(page):
    return page.evaluate("""() => ({
        last: document.getElementById('status-last').hidden ? null : document.getElementById('status-last').textContent,
        lastTitle: document.getElementById('status-last').title,
        status: document.getElementById('status').textContent,
        moves: [...document.querySelectorAll('#move-list li button')].map((b) => [b.textContent, b.title]),
    })""")


@pytest.mark.parametrize("game", ["triominos", "iwoki"])
@pytest.mark.parametrize("locale", ["fr-FR", "de-DE"])
def test_a_tile_game_in_french_and_german_words_its_moves_and_status(browser, site_url, locale, game, tmp_path):
    words = WORDS[locale]
    move = _move_re(words, game)
    context, page = app_page(browser, site_url, locale=locale, **PHONE)
    try:
        # a game against the computer: a tile placed by clicking, the computer's answer
        send(page, {"cmd": "new", "game": game, "seed": 33, "options": OPTIONS[game], "players": ["human", COMPUTER[game]]})
        log = []
        for _ in range(6):
            wait_idle(page)
            if "placed" in log or state(page)["is_over"]:
                break
            if human_turn(page):
                play_one_turn(page, log)
        assert "placed" in log, log
        wait_idle(page)
        seen = _visible(page)
        played = words["played"].format(name=f"(?:{words['player']})", move=f"(?:{move})")
        assert re.fullmatch(played, seen["last"]), (seen["last"], played)
        assert seen["lastTitle"] == state(page)["last_move"]  # the notation, in the tooltip
        assert seen["moves"] and all(re.fullmatch(move, text) for text, _ in seen["moves"]), seen["moves"]
        assert [title for _, title in seen["moves"]] == state(page)["moves"]
        page.screenshot(path=str(tmp_path / f"{game}-{locale}-390.png"))
        # the same game played out by the computer: the engine's status, in the reader's words
        send(page, {"cmd": "new", "game": game, "seed": 33, "options": OPTIONS[game], "players": [COMPUTER[game]] * 2})
        poll(page, "() => window.boardwright.state().is_over", timeout=240)
        wait_idle(page)
        seen = _visible(page)
        assert re.fullmatch(words["over"], seen["status"]), seen["status"]
        assert all(re.fullmatch(move, text) for text, _ in seen["moves"]), [t for t, _ in seen["moves"]
                                                                             if not re.fullmatch(move, t)]
        assert not re.search(r"\b(?:to the|between|hexagon|wins|points)\b", page.inner_text("#move-list"))
        page.screenshot(path=str(tmp_path / f"{game}-{locale}-390-over.png"), full_page=True)
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


@pytest.mark.parametrize("locale,cell,side", [("fr-FR", "c3, Bleu, dernier coup", "côté haut de Bleu"),
                                              ("de-DE", "c3, Blau, letzter Zug", "obere Seite von Blau")])
def test_the_board_s_names_in_the_reader_s_language(browser, site_url, locale, cell, side):
    context, page = app_page(browser, site_url, locale=locale)
    try:
        send(page, {"cmd": "new", "game": "hex", "options": {"size": 5}, "players": ["human", "human"]})
        page.click('polygon[data-target="c3"]')
        wait_idle(page)
        label = page.get_attribute('polygon[data-target="c3"]', "aria-label")
        assert label.startswith(cell), label
        assert page.get_attribute("polygon.zone.blue", "aria-label") == side
        assert page.get_attribute("#board-svg", "aria-label") == "Hex 5x5"
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


CODEX = {  # what a French and a German reader see of Codex's cards, objectives and choices
    "fr-FR": {"sides": ["Recto", "Verso"], "starter": r"poser la carte de départ recto visible : carte 8\d, "
              r"carte de départ, recto : haut gauche \w+, ", "legend": ["champignon", "végétal", "animal", "insecte",
              "plume", "encrier", "parchemin"], "market": "Pioches et cartes visibles", "common": "Objectifs communs : ",
              "rule": r"\d points par ", "keep": r"garder l'objectif \d+ : \d points par ", "hint": r"Indice\s:\sGarder "
              r"l'objectif \d+ \(\d points par .*\)", "card": r"carte \d+, carte (?:ressource|or) (?:rouge|verte|bleue"
              r"|violette), recto : haut gauche ", "visible": "Visibles : champignon ", "hand": "Main de Joueur 1"},
    "de-DE": {"sides": ["Vorderseite", "Rückseite"], "starter": r"die Startkarte mit der Vorderseite oben legen: "
              r"Karte 8\d, Startkarte, Vorderseite: oben links \w+, ", "legend": ["Pilz", "Pflanze", "Tier", "Insekt",
              "Feder", "Tintenfass", "Pergament"], "market": "Stapel und offene Karten", "common": "Gemeinsame Ziele: ",
              "rule": r"\d Punkte je ", "keep": r"Ziel \d+ behalten: \d Punkte je ", "hint": r"Tipp: Ziel \d+ behalten "
              r"\(\d Punkte je .*\)", "card": r"Karte \d+, (?:rote|grüne|blaue|violette) (?:Ressourcen|Gold)karte, "
              r"Vorderseite: oben links ", "visible": "Sichtbar: Pilz ", "hand": "Hand von Spieler 1"},
}


def _labels(page, selector):
    return page.eval_on_selector_all(selector, "ns => ns.map((n) => n.getAttribute('aria-label'))")


# the rectangles of the legend's names and the cards' points ("2/Ecke") that overlap a symbol's box
OVERLAPS = """() => {
  const boxes = (svg) => [...svg.querySelectorAll('polygon.corner')].map((n) => n.getBoundingClientRect());
  const out = [];
  for (const svg of document.querySelectorAll('svg')) {
    const bs = boxes(svg);
    for (const t of svg.querySelectorAll('text.legend-name, text.card-points')) {
      const r = t.getBoundingClientRect();
      if (bs.some((b) => r.left < b.right - 0.5 && b.left < r.right - 0.5 && r.top < b.bottom - 0.5 && b.top < r.bottom - 0.5))
        out.push(t.textContent);
    }
  }
  return out;
}"""


def _setup_click(page, selector):
    before = len(state(page)["moves"])
    page.locator(selector).first.click()
    poll(page, "(n) => window.boardwright.state().moves.length > n", before)
    wait_idle(page)


@pytest.mark.parametrize("locale", ["fr-FR", "de-DE"])
def test_codex_cards_objectives_and_choices_in_french_and_german(browser, site_url, locale, tmp_path):
    """Codex at a phone's size and on a desktop: the starter's sides, the objectives' rules, the
    objective choice's hint, the hand's cards, the notes and the legend in the reader's language;
    a Triominos tile's name too."""
    words = CODEX[locale]
    context, page = app_page(browser, site_url, locale=locale, **PHONE)
    try:
        send(page, {"cmd": "new", "game": "codex", "seed": 33, "options": {"players": 2}, "players": ["human", "random"]})
        assert page.locator("#board-svg text.choice-label").all_text_contents() == words["sides"]
        starter = _labels(page, "#board-svg [data-target='starter:front']")[0]
        assert re.match(words["starter"], starter), starter
        assert page.locator(".panel-legend text.legend-name").all_text_contents() == words["legend"]
        assert words["market"] in page.locator(".panel-scene figcaption").all_inner_texts()
        notes = page.locator("#notes li").all_inner_texts()
        assert any(n.startswith(words["common"]) and re.search(words["rule"], n) for n in notes), notes
        assert any(n.startswith(words["visible"]) for n in notes), notes
        page.screenshot(path=str(tmp_path / f"codex-{locale}-390-starter.png"), full_page=True)
        _setup_click(page, "#board-svg [data-target^='starter:']")  # (the computer places its own)
        keep = _labels(page, ".panel-svg [data-target^='objective:']")
        assert len(keep) == 2 and all(re.match(words["keep"], k) for k in keep), keep
        page.click("#hint")
        poll(page, "(p) => new RegExp(p).test(document.getElementById('status').textContent)", words["hint"], timeout=120)
        assert re.fullmatch(words["hint"], page.inner_text("#status")), page.inner_text("#status")
        _setup_click(page, ".panel-svg [data-target^='objective:']")
        cards = _labels(page, ".panel-svg polygon.card.hand")
        assert len(cards) == 3 and all(re.match(words["card"], c) for c in cards), cards
        assert words["hand"] in page.inner_text("body")
        assert not re.search(r"\b(?:front|points per|fungi|Common objectives|Visible)\b", page.inner_text("body"))
        assert page.evaluate(OVERLAPS) == []  # long words stay clear of the symbols' boxes
        page.screenshot(path=str(tmp_path / f"codex-{locale}-390.png"), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 800})
        assert page.evaluate(OVERLAPS) == []
        page.screenshot(path=str(tmp_path / f"codex-{locale}-1280.png"), full_page=True)
        # a Triominos hand tile's name
        send(page, {"cmd": "new", "game": "triominos", "seed": 33, "options": OPTIONS["triominos"], "players": ["human", "greedy"]})
        tiles = _labels(page, ".panel-svg polygon.tile.hand")
        tile = {"fr-FR": r"tuile \d-\d-\d, \d+ points?", "de-DE": r"Stein \d-\d-\d, \d+ Punkte?"}[locale]
        assert tiles and all(re.match(tile, t) for t in tiles), tiles
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


def _failed_audit_export(tmp_path):
    """The export of a seat (Ann's) of a Triominos game by link whose other seat (Bob) claimed
    Ann opens while he held the best hand (his own copy altered, as the engine's tests plant
    it): its audit fails, naming Bob."""
    from test_hidden_links import false_opening_claim  # noqa: PLC0415 - the engine's own tests
    ann = false_opening_claim()[0]
    record = {**ann.to_json(), "names": ["Ann", "Bob"]}    # (Ann's name for her friend)
    entry = {"id": f"hidden-{record['id']}-{record['seat']}", "game": "triominos", "title": "Triominos",
             "status": "", "moves": len(record["moves"]), "cursor": len(record["moves"]), "players": ["human", "friend"],
             "record": record, "hiddenSeat": {"id": record["id"], "seat": record["seat"], "names": record["names"],
                                              "need": "audit", "finished": True, "audit": None},
             "created": 1_700_000_000_000, "updated": 1_700_000_000_000}
    path = tmp_path / "ann-keys.json"
    path.write_text(json.dumps({"format": "boardwright-saves", "version": 2, "saves": {entry["id"]: entry}}))
    return path


def test_a_french_page_words_a_failed_audit_and_a_tile_preview_in_french(browser, site_url, tmp_path):
    """A failed audit's problems (a game by link with a planted cheat, imported with its keys)
    and a previewed tile's name, in French; the notation stays in the preview's tooltip."""
    path = _failed_audit_export(tmp_path)
    context, page = app_page(browser, site_url, locale="fr-FR", **PHONE)
    try:
        page.set_input_files("#import-file", str(path))
        poll(page, "() => !!document.querySelector('#hidden-audit li')", timeout=120)
        box = page.locator("#hidden-audit")
        assert box.locator(".verdict").inner_text() == "Audit échoué : Bob a triché."
        assert box.locator("li").all_inner_texts() == [
            "Bob : a décidé que c'était à Ann d'ouvrir, alors que Bob avait la meilleure main"]
        status = page.evaluate("() => document.getElementById('status').textContent")
        assert "gagn" in status and "win" not in status, status     # (the whole game's result, in French)
        moves = page.locator("#move-list li button").all_inner_texts()
        assert moves and not re.search(r"\b(?:to the|above|below|opens|a draw|a pass)\b", " ".join(moves)), moves
        box.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "audit-fr-390.png"))
        # the opening tile of a Triominos game placed on the empty board (its three turns fit the
        # spot: a preview waits for the choice), named in French
        send(page, {"cmd": "new", "game": "triominos", "seed": 31, "options": OPTIONS["triominos"],
                    "players": ["human", "human"]})            # (seed 31: 4-4-5 opens, not a triple)
        if page.locator("#handover").is_visible():
            page.click("#handover-go")
        label = _preview_label(page)
        assert label, "the opening tile was placed without a choice"
        name, tip, shown = label
        move = _move_re(WORDS["fr-FR"], "triominos")
        assert re.fullmatch(rf"aperçu de (?:{move})", name), name
        assert tip == shown and re.fullmatch(r"\d-\d-\d [A-C]{3} \(-?\d+,-?\d+\)", tip), (tip, shown)
        page.screenshot(path=str(tmp_path / "preview-fr-390.png"))
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


def _preview_label(page):
    """Click hand tiles and a spot until several orientations fit (a preview waits): the
    preview tile's accessible name, its tooltip and the notation the choice shows in its
    tooltip; None when each tile tried was placed at once (then it was a move)."""
    before = len(state(page)["moves"])
    tiles = page.locator(".panel-svg polygon.selectable")
    for i in range(tiles.count()):
        tiles.nth(i).click()
        spots = page.locator("#board-svg polygon.spot.selectable")
        if not spots.count():
            continue
        spots.first.click()
        page.wait_for_function(f"window.boardwright.state().moves.length > {before} || "
                               "document.getElementById('confirm') !== null", timeout=60_000)
        if not page.locator("#confirm").count():
            return None
        page.wait_for_selector("#board-svg polygon.tile.preview", timeout=60_000)
        tile = page.locator("#board-svg polygon.tile.preview")
        return (tile.get_attribute("aria-label"), tile.locator("title").text_content(),
                page.get_attribute(".choice-info", "title"))
    page.locator("#actions button[data-move]").first.click()
    page.wait_for_function(f"window.boardwright.state().moves.length > {before}", timeout=60_000)
    return None
