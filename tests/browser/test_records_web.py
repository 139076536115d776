"""Records on the built site, in real Chromium: share links for every game, autosave across a
reload and the saved-games list, the replay bar, the embed view, JSON/SGF/HexWorld export and
import, and bad links or files that leave the current game as it was."""

import json

import pytest

from conftest import CONTEXT_OPTIONS
from helpers import READY, open_app, play_random, same_origin_only, send, state, wait_idle

GAMES = {  # game id -> (options, players): quick games with a computer opponent that answers at once
    "hex": ({"size": 7}, ["human", "random"]),
    "y": ({"family": "radial", "center_rows": 3, "outer_rows": 2}, ["human", "random"]),
    "triominos": ({"target": None}, ["human", "random"]),
    "iwoki": ({}, ["human", "random"]),
    "codex": ({}, ["human", "random"]),
}


def move_texts(page):
    return page.locator("#move-list li button").all_inner_texts()


def copy_link(page):
    page.click("#share")
    page.wait_for_function("document.getElementById('share-output').value.includes('#r=')")
    return page.input_value("#share-output")


def fresh_page(browser):
    context = browser.new_context(**CONTEXT_OPTIONS)
    pg = context.new_page()
    pg.page_errors = []
    pg.on("pageerror", lambda exc: pg.page_errors.append(str(exc)))
    return context, pg


@pytest.mark.parametrize("game_id", list(GAMES))
def test_share_link_round_trip(page, site_url, browser, game_id):
    open_app(page, site_url)
    options, players = GAMES[game_id]
    send(page, {"cmd": "new", "game": game_id, "options": options, "seed": 11, "players": players})
    play_random(page, 4)
    shown = move_texts(page)
    assert len(shown) >= 4
    link = copy_link(page)
    assert link.startswith(site_url + "index.html#r=") and len(link) < len(site_url) + 400, link
    note = page.inner_text("#share-note")
    assert f"{len(shown)} move" in note
    if game_id in ("triominos", "iwoki", "codex"):
        assert "view" in note  # whose view the link opens
    context, other = fresh_page(browser)
    try:
        other.goto(link)
        other.wait_for_selector(READY, timeout=120_000)
        wait_idle(other)
        assert move_texts(other) == shown
        st = state(other)
        assert st["game"] == game_id and st["seed"] == 11
        assert st["save"]["record"] == state(page)["save"]["record"]
        assert other.locator("#error").is_hidden()
        # the link is consumed: a reload resumes the same game from this browser's autosave
        assert "#r=" not in other.url
        other.reload()
        other.wait_for_selector(READY, timeout=120_000)
        wait_idle(other)
        assert move_texts(other) == shown
        assert not other.page_errors, other.page_errors
    finally:
        context.close()


def test_reload_keeps_the_game_and_saved_games_list(page, site_url):
    open_app(page, site_url)
    send(page, {"cmd": "new", "game": "hex", "options": {"size": 5}, "seed": 2,
                "players": ["human", "human"]})
    for cell in ["c3", "b2", "d4"]:
        page.click(f'polygon[data-target="{cell}"]')
        wait_idle(page)
    assert move_texts(page) == ["c3", "b2", "d4"]
    page.reload()
    page.wait_for_selector(READY, timeout=120_000)
    wait_idle(page)
    assert move_texts(page) == ["c3", "b2", "d4"]
    assert page.inner_text("#status").startswith("Red to move")
    assert page.locator("#saves li").count() == 1 and page.locator("#saves li.current").count() == 1
    # a second game: both are listed; resume the first, delete the second
    page.select_option("#game-select", "y")
    page.click("#new-game")
    wait_idle(page)
    assert state(page)["game"] == "y"
    for cell in ["c3", "b2"]:  # both seats stay human, as in the game before
        page.click(f'[data-target="{cell}"]')
        wait_idle(page)
    assert len(state(page)["moves"]) == 2
    assert page.locator("#saves li").count() == 2
    first = page.locator("#saves li", has_text="Hex")
    first.get_by_role("button", name="Resume").click()
    wait_idle(page)
    assert state(page)["game"] == "hex" and move_texts(page) == ["c3", "b2", "d4"]
    page.locator("#saves li", has_text="Y").get_by_role("button", name="Delete").click()
    assert page.locator("#saves li").count() == 1
    # a new game nobody moved in is replaced by the next one, not kept in the list
    page.click("#new-game")
    wait_idle(page)
    page.click("#new-game")
    wait_idle(page)
    assert page.locator("#saves li").count() == 2
    page.locator("#saves li", has_text="Hex · 3 moves").get_by_role("button", name="Resume").click()
    wait_idle(page)
    assert page.locator("#saves li").count() == 1
    page.reload()
    page.wait_for_selector(READY, timeout=120_000)
    wait_idle(page)
    assert state(page)["game"] == "hex" and move_texts(page) == ["c3", "b2", "d4"]
    assert not page.page_errors, page.page_errors


def test_corrupted_link_shows_an_error_and_keeps_the_game(page, site_url, browser):
    open_app(page, site_url)
    send(page, {"cmd": "new", "game": "hex", "options": {"size": 5}, "seed": 2,
                "players": ["human", "human"]})
    for cell in ["c3", "b2"]:
        page.click(f'polygon[data-target="{cell}"]')
        wait_idle(page)
    good = copy_link(page)
    token = good.split("#r=")[1]
    for bad in ["1.AAAA", token[:-8], "7." + token.split(".", 1)[1], "%%"]:
        page.evaluate("(h) => { location.hash = h; }", "r=" + bad)
        page.wait_for_function("!document.getElementById('error').hidden")
        wait_idle(page)
        assert "could not be opened" in page.inner_text("#error")
        assert move_texts(page) == ["c3", "b2"]
        page.evaluate("history.replaceState(null, '', location.pathname)")
        page.evaluate("document.getElementById('error').hidden = true")
    # opening the page with a bad link: the error shows and this browser's game is resumed
    page.goto(site_url + "index.html#r=1.nonsense")
    page.wait_for_selector(READY, timeout=120_000)
    wait_idle(page)
    assert "could not be opened" in page.inner_text("#error")
    assert move_texts(page) == ["c3", "b2"]
    # a link from another game replaces it only when it is valid
    page.evaluate("(h) => { location.hash = h; }", "r=" + token)
    page.wait_for_function("document.getElementById('error').hidden")
    assert move_texts(page) == ["c3", "b2"]
    assert not page.page_errors, page.page_errors


def test_replay_bar_and_embed_view(page, site_url, browser):
    open_app(page, site_url)
    send(page, {"cmd": "new", "game": "hex", "options": {"size": 5}, "seed": 2,
                "players": ["human", "human"]})
    for cell in ["c3", "b2", "d4", "a5"]:
        page.click(f'polygon[data-target="{cell}"]')
        wait_idle(page)
    assert page.locator("#replay").is_visible()
    assert page.inner_text("#rp-pos") == "4 / 4"
    page.click("#rp-start")
    wait_idle(page)
    assert page.inner_text("#rp-pos") == "0 / 4" and page.locator("polygon.stone").count() == 0
    page.click("#rp-fwd")
    wait_idle(page)
    assert page.locator("polygon.stone").count() == 1 and page.input_value("#rp-slider") == "1"
    page.fill("#rp-slider", "3")
    page.wait_for_function("window.boardwright.state().cursor === 3")
    wait_idle(page)
    assert page.locator("polygon.stone").count() == 3
    page.click("#rp-play")
    page.wait_for_function("window.boardwright.state().cursor === 4", timeout=10_000)
    page.click("#rp-start")
    wait_idle(page)
    page.click("#embed-code")
    page.wait_for_function("document.getElementById('share-output').value.startsWith('<iframe')")
    code = page.input_value("#share-output")
    src = code.split('src="')[1].split('"')[0]
    assert src.endswith("&embed=replay") and "#r=" in src
    context, embed = fresh_page(browser)
    try:
        embed.goto(src)
        embed.wait_for_selector(READY, timeout=120_000)
        wait_idle(embed)
        assert embed.locator("#board-svg").is_visible()
        assert embed.locator("aside.panel").is_hidden() and embed.locator(".topbar").is_hidden()
        assert embed.locator("#replay").is_visible() and embed.inner_text("#rp-pos") == "0 / 4"
        embed.click("#rp-end")
        wait_idle(embed)
        assert embed.locator("polygon.stone").count() == 4
        embed.click('polygon[data-target="e1"]')  # the embed view is read-only
        wait_idle(embed)
        assert len(state(embed)["moves"]) == 4
        # embedding keeps nothing (but the tests' own setting, conftest.NO_SNAPSHOT)
        assert embed.evaluate("Object.keys(localStorage).filter((k) => k !== 'boardwright.snapshot.v1')") == []
        embed.goto("about:blank")  # a new load: only the fragment differs
        embed.goto(src.replace("embed=replay", "embed=board"))
        embed.wait_for_selector(READY, timeout=120_000)
        assert embed.locator("#replay").is_hidden() and embed.locator("#board-svg").is_visible()
    finally:
        context.close()
    same_origin_only(page, site_url)


def test_export_and_import_json_sgf_hexworld(page, site_url, tmp_path):
    open_app(page, site_url)
    # the page names the formats the engine registered, not a list of its own
    assert "an SGF file of Hex, a HexWorld link" in page.get_attribute("#import-text", "placeholder")
    assert {".json", ".sgf", ".txt"} <= set(page.get_attribute("#import-file", "accept").split(","))
    send(page, {"cmd": "new", "game": "hex", "options": {"size": 7, "swap": True}, "seed": 4,
                "players": ["human", "human"]})
    for move in ["c3", "swap", "d4", "e2"]:
        send(page, {"cmd": "play", "move": move})
    expected = move_texts(page)
    assert expected == ["c3", "swap", "d4", "e2"]
    files = {}
    for fmt in ("json", "sgf"):
        with page.expect_download() as info:
            page.click(f"[data-export={fmt}]")
        path = tmp_path / info.value.suggested_filename
        info.value.save_as(path)
        files[fmt] = path
    assert json.loads(files["json"].read_text())["moves"] == expected
    assert "GM[11]" in files["sgf"].read_text()
    page.click("[data-export=hexworld]")
    page.wait_for_function("document.getElementById('share-output').value.includes('7c1,')")
    hexworld = page.input_value("#share-output")
    for source in (files["json"], files["sgf"], hexworld):
        send(page, {"cmd": "new", "game": "y", "options": {}, "seed": 1, "players": ["human", "human"]})
        assert state(page)["game"] == "y"
        page.click("details.import summary")
        if isinstance(source, str):
            page.fill("#import-text", source)
            page.click("#import-go")
        else:
            page.set_input_files("#import-file", str(source))
        page.wait_for_function("window.boardwright.state().game === 'hex'")
        wait_idle(page)
        assert move_texts(page) == expected
        assert page.locator("#error").is_hidden()
    # a truncated file and a file of another game type: a message, the game stays
    bad = tmp_path / "bad.sgf"
    bad.write_text(files["sgf"].read_text()[:25])
    page.set_input_files("#import-file", str(bad))
    page.wait_for_function("!document.getElementById('error').hidden")
    assert "could not be loaded" in page.inner_text("#error")
    assert move_texts(page) == expected
    page.fill("#import-text", '{"game": "hex", "options": {"size": 7}, "seed": 1, "moves": ["a1", "a1"]}')
    page.click("#import-go")
    page.wait_for_function("document.getElementById('error').textContent.includes('move 2')")
    assert move_texts(page) == expected
    assert not page.page_errors, page.page_errors


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_a_long_move_list_scrolls_down_inside_its_card(page, site_url, width, height):
    """A 60-move Hex 11 game: the move list keeps to its card's width (no column cut off at the
    side, as CSS columns in a box of fixed height did past 20 moves), Blue's moves in the first
    column and Red's in the second, and scrolls down to the last move."""
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, site_url)
    send(page, {"cmd": "new", "game": "hex", "options": {"size": 11}, "seed": 1, "players": ["human", "human"]})
    play_random(page, 60, seed=3)
    box = page.evaluate("""() => {
      const list = document.getElementById('move-list');
      const items = [...list.querySelectorAll(':scope > li')].map((li) => li.getBoundingClientRect());
      const b = list.getBoundingClientRect();
      return {scroll: list.scrollWidth, client: list.clientWidth, tall: list.scrollHeight > list.clientHeight,
              within: items.every((r) => r.left >= b.left - 1 && r.right <= b.right + 1),
              columns: [items[0].left, items[1].left, items[2].left], n: items.length};
    }""")
    assert box["n"] == 60 and box["scroll"] <= box["client"] and box["within"] and box["tall"], box
    first, second, third = box["columns"]
    assert second > first and third == first, box  # (row by row: one player's moves a column)
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)
