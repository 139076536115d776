"""The engine's texts in the reader's language (docs/languages.md, "The engine's words"): a
Triominos and an iwoki game in French and in German at a phone's size, a tile placed by
clicking, show their moves in words (the last move under the status, the move list, the board's
names) and, once over, the engine's status in that language; the notation stays in the
tooltips. Screenshots in tmp_path (viewed when the page changes)."""

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
