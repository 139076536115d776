"""Display settings (web/page/settings.js, web/styles/themes.css): the Display dialog, kept across reloads,
applied to every game through the generic renderer; sound, animation, bad or full storage."""

import json

import pytest

from helpers import open_app, poll, send, state, wait_idle

GAMES = ["hex", "y", "triominos", "iwoki", "codex"]
KEY = "boardwright.settings"
LIGHT_BG = "rgb(250, 248, 243)"
DARK_BG = "rgb(21, 23, 27)"
HC_DARK_BG = "rgb(0, 0, 0)"

# A stand-in for the Web Audio API that counts what the page asks of it
AUDIO_SPY = """
window.__audio = { created: 0, tones: 0 };
(() => {
  const param = () => ({ setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  class SpyAudio {
    constructor() { window.__audio.created += 1; this.state = "running"; this.currentTime = 0; this.destination = {}; }
    createOscillator() { window.__audio.tones += 1; return { type: "", frequency: param(), connect() {}, start() {}, stop() {} }; }
    createGain() { return { gain: param(), connect() {} }; }
    resume() { return Promise.resolve(); }
  }
  window.AudioContext = SpyAudio;
  window.webkitAudioContext = SpyAudio;
})();
"""


def stored_once(value):
    """An init script that stores `value` as the settings on the first load only (not on reloads)."""
    return (f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1'); "
            f"localStorage.setItem({json.dumps(KEY)}, {json.dumps(value)}); }}")


@pytest.fixture
def new_page(browser):
    """new_page(*init_scripts, **context_options): a page in a context of its own (closed after)."""
    contexts = []

    def make(*scripts, **options):
        context = browser.new_context(bypass_csp=True, **options)
        contexts.append(context)
        for script in scripts:
            context.add_init_script(script)
        page = context.new_page()
        page.page_errors = []
        page.on("pageerror", lambda exc: page.page_errors.append(str(exc)))
        return page

    yield make
    for context in contexts:
        context.close()


def new_game(page, game, players=("human", "random"), seed=11):
    send(page, {"cmd": "new", "game": game, "options": {}, "players": list(players), "seed": seed})
    poll(page, "(g) => window.boardwright.state().game === g", game)
    wait_idle(page)


def to_board_moves(page):
    """Play the first of the person's button moves (Codex: starter card, objective) until a move
    is made on the board or the hands."""
    for _ in range(6):
        st = state(page)
        if st["is_over"] or any(m["path"] for m in st["legal"]):
            return
        send(page, {"cmd": "play", "move": st["legal"][0]["move"]})


def root_bg(page):
    return page.evaluate("getComputedStyle(document.documentElement).backgroundColor")


def visible_coords(page):
    return page.locator("#board-svg text.coord").evaluate_all(
        "ns => ns.filter((n) => getComputedStyle(n).display !== 'none').length")


def box(page, selector):
    """The scene box an svg is drawn in (render.js keeps it in data-scene-box)."""
    return [float(v) for v in page.get_attribute(selector, "data-scene-box").split()]


def stored(page):
    return page.evaluate(f"JSON.parse(localStorage.getItem({json.dumps(KEY)}))")


def open_dialog(page):
    page.click("#display-open")
    page.wait_for_selector("#display-dialog[open]")


def centre(page, target):
    box = page.locator(f'#board-svg [data-target="{target}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_dialog_by_keyboard_and_every_setting_kept_across_a_reload(page, site_url):
    open_app(page, site_url)
    assert page.get_attribute("html", "data-theme") == "light"
    assert root_bg(page) == LIGHT_BG
    assert visible_coords(page) > 0
    # the Display button and its dialog, by keyboard: Tab to it, Enter, Escape closes
    page.focus("#display-open")
    page.keyboard.press("Enter")
    page.wait_for_selector("#display-dialog[open]")
    assert page.evaluate("document.getElementById('display-dialog').contains(document.activeElement)")
    for name in ["language", "theme", "contrast", "coords", "targets", "rotate", "mirror", "sound", "animation"]:
        control = page.locator(f"#display-form [name={name}]").first
        assert control.evaluate("(n) => !!n.labels && n.labels.length > 0"), name  # a labelled control
    page.keyboard.press("Escape")
    page.wait_for_selector("#display-dialog:not([open])", state="attached")
    assert page.evaluate("document.activeElement.id") == "display-open"
    # every setting changed from its default, then a reload
    open_dialog(page)
    page.check("#display-form [name=theme][value=dark]")
    page.check("#display-form [name=contrast]")
    page.uncheck("#display-form [name=coords]")
    page.uncheck("#display-form [name=targets]")
    page.select_option("#display-form [name=rotate]", "90")
    page.check("#display-form [name=mirror]")
    page.check("#display-form [name=sound]")
    page.uncheck("#display-form [name=animation]")
    page.click("#display-close")
    wanted = {"theme": "dark", "language": "auto", "contrast": True, "coords": False, "targets": False, "rotate": 90,
              "mirror": True, "sound": True, "animation": False, "v": 2}  # (the language: test_i18n_web.py)
    assert stored(page) == wanted
    page.reload()
    page.wait_for_selector("body[data-ready=true]", timeout=120_000)
    assert stored(page) == wanted
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.get_attribute("html", "data-contrast") == "high"
    assert root_bg(page) == HC_DARK_BG
    classes = page.get_attribute("html", "class").split()
    assert "no-coords" in classes and "no-targets" in classes and "animate" not in classes
    open_dialog(page)
    assert page.is_checked("#display-form [name=theme][value=dark]")
    assert page.is_checked("#display-form [name=mirror]") and not page.is_checked("#display-form [name=coords]")
    assert page.input_value("#display-form [name=rotate]") == "90"
    page.click("#display-reset")  # back to the defaults, kept
    page.click("#display-close")
    assert stored(page)["theme"] == "system" and stored(page)["coords"] is True
    assert root_bg(page) == LIGHT_BG and visible_coords(page) > 0
    assert not page.page_errors, page.page_errors


def test_settings_apply_to_every_game(new_page, site_url):
    settings = json.dumps({"theme": "dark", "contrast": False, "coords": False, "targets": False, "rotate": 90,
                           "mirror": False, "sound": False, "animation": True})
    page = new_page(stored_once(settings))
    open_app(page, site_url)
    assert root_bg(page) == DARK_BG
    for game in GAMES:
        new_game(page, game)
        to_board_moves(page)
        assert root_bg(page) == DARK_BG, game
        # the board still draws, its targets too
        assert page.locator("#board-svg polygon, #board-svg circle").count() > 0, game
        assert page.locator("#board-svg [data-target], .panel-svg [data-target]").count() > 0, game
        assert visible_coords(page) == 0, game
        # no playable target is marked anywhere (board or hands), although some can be played
        assert page.locator(".selectable").count() == 0, game
        # the board is turned a quarter: the drawn box is the scene's with width and height swapped
        scene = state(page)["scene"]
        vb, drawn = scene["viewBox"], box(page, "#board-svg")
        assert abs(drawn[2] - vb[3]) < 1e-3 and abs(drawn[3] - vb[2]) < 1e-3, (game, vb, drawn)
        for panel in scene.get("panels") or []:  # the hands are not turned
            assert box(page, f".panel-{panel['name']}") == panel["viewBox"], (game, panel["name"])
    # coordinates on: Hex's and Y's labels and iwoki's gap names show again
    page.evaluate(f"localStorage.setItem({json.dumps(KEY)}, JSON.stringify({{coords: true}}))")
    page.reload()
    page.wait_for_selector("body[data-ready=true]", timeout=120_000)
    for game in GAMES:
        new_game(page, game)
        labels = page.locator("#board-svg text.coord").count()
        assert visible_coords(page) == labels, game
        if game in ("hex", "y", "iwoki"):
            assert labels > 0, game
    assert not page.page_errors, page.page_errors


def test_settings_apply_to_the_board_painted_before_the_engine(new_page, site_url):
    page = new_page(stored_once(json.dumps({"theme": "dark", "rotate": 270, "coords": False})))
    held, released = [], []  # the runtime's wasm is kept waiting: the board on screen is boot.json's

    def hold(route):
        if released:
            route.continue_()
        else:
            held.append(route)

    page.context.route("**/pyodide.asm.wasm", hold)
    page.goto(site_url + "index.html")
    page.wait_for_selector("#board-svg [data-target]")
    assert page.evaluate("document.body.dataset.ready") is None
    assert page.get_attribute("html", "data-theme") == "dark" and root_bg(page) == DARK_BG
    vb = state(page)["scene"]["viewBox"]
    drawn = box(page, "#board-svg")
    assert abs(drawn[2] - vb[3]) < 1e-3 and abs(drawn[3] - vb[2]) < 1e-3, (vb, drawn)
    assert visible_coords(page) == 0
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_selector("body[data-ready=true]", timeout=120_000)
    assert not page.page_errors, page.page_errors


def test_orientation_moves_the_drawing_not_the_moves(new_page, site_url):
    page = new_page()
    open_app(page, site_url)
    new_game(page, "hex", ("human", "human"))
    before = centre(page, "c3")
    open_dialog(page)
    page.select_option("#display-form [name=rotate]", "90")
    page.click("#display-close")
    after = centre(page, "c3")
    assert abs(after[0] - before[0]) + abs(after[1] - before[1]) > 50, (before, after)
    # a click on the drawn c3 plays c3
    page.click('#board-svg [data-target="c3"]')
    poll(page, "() => window.boardwright.state().moves.length === 1")
    assert state(page)["moves"] == ["c3"]
    wait_idle(page)
    # the arrow keys follow the drawn positions: Down goes to a target drawn lower
    page.focus('#board-svg [data-target="d4"]')
    page.keyboard.press("ArrowDown")
    below = page.evaluate("document.activeElement.dataset.target")
    assert below and below != "d4"
    assert centre(page, below)[1] > centre(page, "d4")[1]
    # the mirror as well; the state is the engine's, whatever the drawing
    open_dialog(page)
    page.check("#display-form [name=mirror]")
    page.click("#display-close")
    page.click('#board-svg [data-target="e5"]')
    poll(page, "() => window.boardwright.state().moves.length === 2")
    assert state(page)["moves"] == ["c3", "e5"]
    assert not page.page_errors, page.page_errors


def test_legal_targets_off_marks_nothing_but_clicks_play(new_page, site_url):
    page = new_page(stored_once(json.dumps({"targets": False})))
    open_app(page, site_url)
    new_game(page, "hex", ("human", "human"))
    assert page.locator("#board-svg .selectable").count() == 0
    cell = page.locator('#board-svg [data-target="b2"]')
    empty_fill = cell.evaluate("(n) => getComputedStyle(n).fill")
    cell.hover()
    assert cell.evaluate("(n) => getComputedStyle(n).fill") == empty_fill  # no highlight under the pointer
    assert "playable" in cell.get_attribute("aria-label")  # screen readers are still told
    cell.click()
    poll(page, "() => window.boardwright.state().moves.length === 1")
    # a tile game: the chosen tile is shown selected, no spot is marked, a click on a fitting spot plays
    new_game(page, "triominos", seed=1)  # the person opens, with a tile that fits
    assert state(page)["players"][state(page)["current_player"]]["agent"] == "human"
    move = next(m for m in state(page)["legal"] if len(m["path"]) == 2)
    page.click(f'.panel-svg [data-target="{move["path"][0]}"]')
    page.wait_for_selector(".panel-svg .selected")
    assert page.locator(".selectable").count() == 0
    before = len(state(page)["moves"])
    page.click(f'#board-svg [data-target="{move["path"][1]}"]')
    page.wait_for_function(f"window.boardwright.state().moves.length > {before} || !!document.getElementById('confirm')")
    assert not page.page_errors, page.page_errors


def test_move_sound_only_when_on(new_page, site_url):
    # on: the first move (a click: a user gesture) creates the AudioContext; the computer's reply sounds too
    page = new_page(AUDIO_SPY, stored_once(json.dumps({"sound": True})))
    open_app(page, site_url)
    new_game(page, "hex", ("human", "random"))
    assert page.evaluate("window.__audio.created") == 0  # nothing before a move
    page.click('#board-svg [data-target="f6"]')
    poll(page, "() => window.boardwright.state().moves.length === 2")
    wait_idle(page)
    assert page.evaluate("window.__audio.created") == 1
    assert page.evaluate("window.__audio.tones") == 2
    # off (the default): no AudioContext at all
    page = new_page(AUDIO_SPY)
    open_app(page, site_url)
    new_game(page, "hex", ("human", "random"))
    page.click('#board-svg [data-target="f6"]')
    poll(page, "() => window.boardwright.state().moves.length === 2")
    wait_idle(page)
    assert page.evaluate("window.__audio") == {"created": 0, "tones": 0}
    assert not page.page_errors, page.page_errors


def test_animation_and_reduced_motion(new_page, site_url):
    page = new_page()
    open_app(page, site_url)
    new_game(page, "hex", ("human", "human"))
    page.click('#board-svg [data-target="c3"]')
    poll(page, "() => window.boardwright.state().moves.length === 1")
    fresh = page.locator("#board-svg .fresh")
    assert fresh.count() >= 1  # the last move's stone and its dot fade in
    assert fresh.first.evaluate("(n) => getComputedStyle(n).animationName") == "bw-fresh"
    open_dialog(page)
    page.uncheck("#display-form [name=animation]")
    page.click("#display-close")
    assert page.locator("#board-svg .fresh").count() == 0  # a redraw does not fade it in again
    page.click('#board-svg [data-target="d4"]')
    poll(page, "() => window.boardwright.state().moves.length === 2")
    assert page.locator("#board-svg .fresh").count() == 0
    # reduced motion: the fade is off whatever the setting says
    page = new_page(reduced_motion="reduce")
    open_app(page, site_url)
    new_game(page, "hex", ("human", "human"))
    page.click('#board-svg [data-target="c3"]')
    poll(page, "() => window.boardwright.state().moves.length === 1")
    assert page.locator("#board-svg .fresh").first.evaluate("(n) => getComputedStyle(n).animationName") == "none"


def test_system_theme_follows_the_colour_scheme_live(new_page, site_url):
    page = new_page(color_scheme="dark")
    open_app(page, site_url)
    assert page.get_attribute("html", "data-theme") == "dark"
    assert root_bg(page) == DARK_BG
    assert page.locator("#board-svg [data-target]").count() > 0
    page.emulate_media(color_scheme="light")
    poll(page, "() => document.documentElement.dataset.theme === 'light'")
    assert root_bg(page) == LIGHT_BG
    assert not page.page_errors, page.page_errors


def test_corrupt_settings_fall_back_to_the_defaults(new_page, site_url):
    page = new_page(stored_once("{not json"))
    open_app(page, site_url)
    assert page.get_attribute("html", "data-theme") == "light" and visible_coords(page) > 0
    open_dialog(page)
    assert page.is_checked("#display-form [name=theme][value=system]")
    assert not page.is_checked("#display-form [name=sound]")
    assert not page.page_errors, page.page_errors
    # values of the wrong kind take their defaults one by one; good ones are kept
    bad = json.dumps({"theme": "purple", "rotate": 45, "coords": "no", "sound": 1, "contrast": True, "mirror": None})
    page = new_page(stored_once(bad))
    open_app(page, site_url)
    assert page.get_attribute("html", "data-theme") == "light"
    assert page.get_attribute("html", "data-contrast") == "high"
    assert visible_coords(page) > 0
    assert box(page, "#board-svg") == state(page)["scene"]["viewBox"]  # not turned (automatic, a wide window)
    open_dialog(page)
    assert page.input_value("#display-form [name=rotate]") == "auto"
    assert not page.is_checked("#display-form [name=sound]") and not page.is_checked("#display-form [name=mirror]")
    assert not page.page_errors, page.page_errors


def test_settings_work_when_storage_is_full(new_page, site_url):
    full = ("Storage.prototype.setItem = function () { "
            "throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };")
    page = new_page(full)
    open_app(page, site_url)
    open_dialog(page)
    page.check("#display-form [name=theme][value=dark]")
    page.uncheck("#display-form [name=coords]")
    assert page.get_attribute("html", "data-theme") == "dark"  # applied all the same
    assert root_bg(page) == DARK_BG and visible_coords(page) == 0
    assert "storage" in page.inner_text("#display-note")  # and said not to be kept
    page.click("#display-close")
    assert page.locator("#board-svg [data-target]").count() > 0
    assert not page.page_errors, page.page_errors
