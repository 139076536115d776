"""The page in the reader's language (web/i18n/, docs/languages.md): a French browser starts in
French, the language chosen in Display changes the page's texts at once and after a reload,
the engine's errors are worded in it, and one whole game per language, at a phone's and a
desktop's size, with nothing wider than the window."""

import pytest

from conftest import CONTEXT_OPTIONS
from helpers import BOOT_MS, READY, app_page, poll, wait_idle

GAME_OVER = {  # (the result, the detail) of the game below, in each language
    "en-US": ("Blue wins!", "5 moves"),
    "fr-FR": ("Bleu gagne\u202f!", "5 coups"),
    "de-DE": ("Blau gewinnt!", "5 Züge"),
    "it-IT": ("Vince Blu!", "5 mosse"),
}


def _open(browser, site_url, locale, **options):
    return app_page(browser, site_url, **options, locale=locale)


def _texts(page):
    return page.evaluate("""() => ({
        lang: document.documentElement.lang, title: document.title,
        newGame: document.getElementById('new-game').textContent,
        display: document.getElementById('display-open').textContent.trim(),
        status: document.getElementById('status').textContent,
        undoTitle: document.getElementById('undo').title,
        level: document.querySelector('#level option:checked').textContent,
        seat: document.querySelector('#player-fields label').textContent.trim(),
    })""")


def test_a_french_browser_starts_in_french_and_words_the_engine_s_errors(browser, site_url):
    context, page = _open(browser, site_url, "fr-FR")
    try:
        texts = _texts(page)
        assert texts["lang"] == "fr"
        assert texts["title"] == "Boardwright — jeux de plateau aux géométries inhabituelles"
        assert texts["newGame"] == "Nouvelle partie" and texts["display"] == "⚙ Affichage"
        assert texts["status"].startswith("Au tour de Bleu")
        assert texts["undoTitle"] == "Reprendre un coup (Ctrl+Z)"
        assert texts["level"] == "Niveau 2 (moyen) — 29\u202f000 simulations"
        assert texts["seat"].startswith("Bleu")
        # the engine refuses a taken cell: the page words its code and parameters in French
        page.click('polygon[data-target="f6"]')
        wait_idle(page)
        page.evaluate("async () => { await window.boardwright.send({cmd: 'play', move: 'f6'}); }")
        poll(page, "() => !document.getElementById('error').hidden")
        assert page.inner_text("#error") == "f6 est déjà occupée."
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


def test_the_language_chosen_in_display_changes_the_page_and_stays_after_a_reload(browser, site_url):
    context, page = _open(browser, site_url, "en-US")
    try:
        assert _texts(page)["newGame"] == "New game" and _texts(page)["lang"] == "en"
        page.click("#display-open")
        page.select_option("#display-form select[name=language]", "de")
        poll(page, "() => document.documentElement.lang === 'de'")
        texts = _texts(page)
        assert texts["newGame"] == "Neue Partie" and texts["display"] == "⚙ Anzeige"
        assert page.inner_text("#display-heading") == "Anzeige"
        assert texts["status"].startswith("Blau ist am Zug")  # what the page drew, drawn again
        assert texts["seat"].startswith("Blau")
        assert texts["title"] == "Boardwright — Brettspiele mit ungewöhnlicher Geometrie"
        page.click("#display-close")
        page.reload()
        page.wait_for_selector(READY, timeout=BOOT_MS)
        wait_idle(page)
        texts = _texts(page)
        assert (texts["lang"], texts["newGame"]) == ("de", "Neue Partie")
        assert texts["status"].startswith("Blau ist am Zug")
        # back to the browser's language
        page.click("#display-open")
        assert page.input_value("#display-form select[name=language]") == "de"
        page.select_option("#display-form select[name=language]", "auto")
        poll(page, "() => document.documentElement.lang === 'en'")
        assert _texts(page)["newGame"] == "New game"
        assert not page.page_errors, page.page_errors
    finally:
        context.close()


@pytest.mark.parametrize("locale", list(GAME_OVER))
def test_a_whole_game_in_each_language_at_a_phone_s_and_a_desktop_s_size(browser, site_url, locale, tmp_path):
    for width, height in [(390, 844), (1280, 800)]:
        context, page = _open(browser, site_url, locale, viewport={"width": width, "height": height})
        try:
            page.select_option("#game-select", "y")
            page.fill("[data-option=size]", "3")
            page.select_option("[data-seat='0']", "human")
            page.select_option("[data-seat='1']", "human")
            page.click("#new-game")
            wait_idle(page)
            for target in ["a1", "b1", "a2", "b2", "a3"]:
                page.click(f'polygon[data-target="{target}"]')
                wait_idle(page)
            result = (page.inner_text("#game-over-result"), page.inner_text("#game-over-detail"))
            assert result == GAME_OVER[locale]
            # nothing wider than the window: longer words must wrap, not push the page sideways
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            page.screenshot(path=str(tmp_path / f"{locale}-{width}.png"), full_page=True)
            assert not page.page_errors, page.page_errors
        finally:
            context.close()


def test_the_bot_sandbox_s_own_failures_in_the_reader_s_language(browser, site_url):
    """The bot's worker (an opaque origin, no catalog) names its failure by a detail; the page
    words it: a wheel that is not pure Python, sent past the workbench's own check, in German."""
    context = browser.new_context(**{**CONTEXT_OPTIONS, "locale": "de-DE"})
    try:
        page = context.new_page()
        page.goto(site_url + "workbench.html")
        page.wait_for_selector(READY, timeout=BOOT_MS)
        assert page.evaluate("document.documentElement.lang") == "de"
        name = "numpy-2.0-cp314-cp314-emscripten_wasm32.whl"
        answer = page.evaluate("(n) => window.boardwrightBots.install(n, new Uint8Array([120]))", name)
        assert answer["ok"] is False and answer["error"]["detail"] == "not_pure", answer
        assert answer["error"]["message"].startswith(f"{name}: Hier kann nur ein reines Python-Wheel"), answer
    finally:
        context.close()
