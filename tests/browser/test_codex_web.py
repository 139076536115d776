"""Codex Naturalis on the built site, in real Chromium: setup choices, placing a card by
clicking (front/back chosen with the preview), drawing from the market, hidden hands."""

import json
import re

from helpers import open_app, same_origin_only, state, wait_idle
from tile_play import human_turn


def test_codex_setup_place_and_draw_against_random(page, site_url):
    open_app(page, site_url)
    assert "unofficial" in page.inner_text("footer").lower() and "CODEX" in page.inner_text("footer")
    page.select_option("#game-select", "codex")
    page.select_option("[data-seat='0']", "human")
    page.select_option("[data-seat='1']", "random")
    page.click("#new-game")
    wait_idle(page)
    placed = drawn = 0
    for _ in range(60):
        wait_idle(page)
        s = state(page)
        if s["is_over"] or (placed >= 2 and drawn >= 2):
            break
        # the opponent's hand never reaches the page: only backs (no card targets or ids)
        assert all(p["name"] != "hand-1" for p in s["scene"]["panels"])
        if not human_turn(page):
            continue
        before = len(s["moves"])
        setup = page.locator(SETUP)
        if setup.count():  # starter side / objective choice: cards to click
            assert page.locator("#actions button[data-move]").count() == 0
            setup.first.click()
        elif page.locator(".panel-svg polygon[data-target^='card:'].selectable").count():
            page.locator(".panel-svg polygon[data-target^='card:'].selectable").first.click()
            spots = page.locator("#board-svg polygon.spot.selectable")
            assert spots.count() >= 1
            spots.first.click()
            page.wait_for_function(f"window.boardwright.state().moves.length > {before} || "
                                   "document.getElementById('confirm') !== null", timeout=60_000)
            if page.locator("#confirm").count():  # front and back both fit: flip once, then place
                first = page.inner_text(".choice-info")
                page.keyboard.press("r")
                page.wait_for_function(f"document.querySelector('.choice-info').textContent !== {first!r}")
                page.keyboard.press("Enter")
            placed += 1
        else:  # the draw step: a face-up card or a deck
            page.locator(".panel-svg polygon[data-target^='draw:'].selectable").first.click()
            drawn += 1
        page.wait_for_function(f"window.boardwright.state().moves.length > {before}", timeout=60_000)
    s = state(page)
    assert placed >= 2 and drawn >= 2, (placed, drawn, s["moves"])
    assert any(m.startswith("play ") for m in s["moves"]) and any(m.startswith("draw ") for m in s["moves"])
    assert "Common objectives" in page.inner_text("#notes")
    assert page.locator("#board-svg polygon.card.placed").count() >= 3  # starter + two cards
    same_origin_only(page, site_url)
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


def test_board_zooms_and_pans_without_playing(page, site_url):
    open_app(page, site_url)  # the default game (Hex): zoom is generic
    def box():
        return [float(v) for v in page.get_attribute("#board-svg", "viewBox").split()]
    full = box()
    page.click("#zoom-in")
    zoomed = box()
    assert zoomed[2] < full[2] and zoomed[3] < full[3]
    # drag to pan: the view moves and no move is played
    moves = len(state(page)["moves"])
    svg = page.locator("#board-svg").bounding_box()
    x, y = svg["x"] + svg["width"] / 2, svg["y"] + svg["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 80, y + 40, steps=5)
    page.mouse.up()
    panned = box()
    assert panned[0] < zoomed[0] and panned[2] == zoomed[2]
    assert len(state(page)["moves"]) == moves
    page.mouse.wheel(0, 300)  # the wheel zooms out
    assert box()[2] > panned[2]
    page.click("#zoom-fit")
    assert box() == full
    # a plain click still plays
    page.locator("#board-svg polygon.selectable").first.click()
    page.wait_for_function(f"window.boardwright.state().moves.length > {moves}")
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


# ------------------------------------------------------------------ playing whole turns by clicking
OPPONENT = "codex-greedy"
HAND_CARDS = ".panel-svg polygon[data-target^='card:'].selectable"
SPOTS = "#board-svg polygon.spot.selectable"
DRAWS = ".panel-svg polygon[data-target^='draw:'].selectable"
# setup: the starter card's two sides on the board, the two secret objectives dealt in a panel
SETUP = "polygon[data-target^='starter:'].selectable, polygon[data-target^='objective:'].selectable"

# every card id the page shows: id labels, click targets and accessible names ("card 43, ...")
PAGE_CARD_IDS = """() => {
  const ids = new Set();
  for (const t of document.querySelectorAll('text.card-id')) ids.add(Number(t.textContent));
  for (const n of document.querySelectorAll('[data-target]')) {
    const m = n.dataset.target.match(/^(?:card|draw):(\\d+)$/);
    if (m) ids.add(Number(m[1]));
  }
  for (const n of document.querySelectorAll('[aria-label]')) {
    if (n.closest('#move-list')) continue; // (the moves played, in words: cards everybody has seen)
    for (const m of n.getAttribute('aria-label').matchAll(/\\bcard (\\d+)\\b/g)) ids.add(Number(m[1]));
  }
  return [...ids];
}"""


def start_codex(page, seats, seed):
    """Choose Codex and the seats in the form, then start with a fixed seed (a failure replays):
    seeds are below 2**53, so the state's record (a JS number) is exact and the test can rebuild
    the whole game, every hand included, to know what is hidden."""
    page.select_option("#game-select", "codex")
    page.fill("[data-option=players]", str(len(seats)))
    page.dispatch_event("[data-option=players]", "input")
    for i, who in enumerate(seats):
        page.select_option(f"[data-seat='{i}']", who)
    request = {"cmd": "new", "game": "codex", "options": {"players": len(seats)}, "players": list(seats), "seed": seed}
    assert page.evaluate("async (r) => (await window.boardwright.send(r)).ok", request)
    wait_idle(page)
    assert state(page)["seed"] == seed
    return seed


def true_game(s):
    """The whole game (every hand), rebuilt from the state's record: the test knows what the
    page must not show."""
    from pygame_core.core import replay
    return replay(s["record"])


def check_hands_hidden(page, s, viewer):
    """Only `viewer`'s hand is on the page (with targets only on their own turn); no card of
    another player's hand appears anywhere: id labels, targets, accessible names, the scene."""
    panels = s["scene"]["panels"]
    hands = [p for p in panels if p["name"].startswith("hand-")]
    assert [p["name"] for p in hands] in ([f"hand-{viewer}"], []), [p["name"] for p in panels]
    for p in panels:
        if p["name"] != f"hand-{viewer}":
            assert not any((i.get("target") or "").startswith("card:") for layer in p["layers"]
                           for i in layer["items"]), p["name"]
    if hands:
        assert page.inner_text(".panel-scene.own figcaption") == f"Player {viewer + 1}'s hand (fronts shown)"
    game = true_game(s)
    hidden = {c for q, hand in enumerate(game.hands) if q != viewer for c in hand}
    on_page = set(page.evaluate(PAGE_CARD_IDS))
    assert not hidden & on_page, (hidden & on_page, hidden)
    if hands:  # (the viewer's own cards are found: the search does see hand cards)
        assert set(game.hands[viewer]) <= on_page, (game.hands[viewer], on_page)
    # (but the last move in words: a face-up card drawn is one everybody saw, as in the move list)
    scene = dict(s["scene"], notes=[n for n in s["scene"].get("notes", []) if n.get("cls") != "last-move"])
    in_scene = {int(m) for m in re.findall(r"\bcard[ :](\d+)\b", json.dumps(scene) + json.dumps(s["legal"]))}
    assert not hidden & in_scene, (hidden & in_scene, hidden)
    targets = [int(i["target"].split(":")[1]) for h in hands for layer in h["layers"] for i in layer["items"]
               if (i.get("target") or "").startswith("card:")]
    if targets:  # placing: every card of the viewer's own hand can be chosen
        assert sorted(targets) == sorted(game.hands[viewer])


def visible_counts(page):
    """The viewer's visible symbols, from the "Visible: fungi 3, plant 1, ..." note."""
    note = next(t for t in page.locator("#notes li").all_inner_texts() if t.startswith("Visible:"))
    return {name: int(n) for name, n in re.findall(r"(\w+) (\d+)", note)}


def card_value(label, counts):
    """What a person reads on a hand card: its points, if its front can be played now
    (a gold card needs the symbols it names)."""
    m = re.search(r", needs (.*?)(?:, playable|$)", label)
    if m and any(counts.get(sym, 0) < int(n) for n, sym in re.findall(r"(\d+) (\w+)", m.group(1))):
        return -1  # only the back fits
    m = re.search(r", scores (\d+)", label)
    return int(m.group(1)) if m else 0


def codex_turn(page, log, flip=False):
    """One action by clicking: a setup card (starter side, objective), or placing the hand
    card worth most (front when it fits; with `flip`, R shows the back and R again the front
    before Enter), or a draw (face-up cards and decks in turn), or the pass button.
    Returns when the move has been played."""
    before = len(state(page)["moves"])
    cards = page.locator(HAND_CARDS)
    if cards.count():
        counts = visible_counts(page)
        labels = cards.evaluate_all("ns => ns.map(n => n.getAttribute('aria-label'))")
        order = sorted(range(len(labels)), key=lambda i: -card_value(labels[i], counts))
        for i in order:
            page.locator(HAND_CARDS).nth(i).click()
            spots = page.locator(SPOTS)
            if not spots.count():
                continue
            spots.first.click()
            page.wait_for_function(f"window.boardwright.state().moves.length > {before} || "
                                   "document.getElementById('confirm') !== null", timeout=60_000)
            chosen = None
            if page.locator("#confirm").count():  # front and back both fit: the front first
                # the move in words once the engine's preview is in (the notation until then)
                page.wait_for_function("document.querySelector('.choice-info').textContent.includes(' up, at ')")
                first = page.inner_text(".choice-info")
                assert first.endswith("(1 of 2)") and " front up, at " in first, first
                chosen = page.get_attribute(".choice-info", "title")  # the notation
                if flip:
                    page.keyboard.press("r")
                    page.wait_for_function("document.querySelector('.choice-info').textContent.includes(' back up, at ')")
                    page.wait_for_selector("#board-svg polygon.card.preview")  # the back, drawn tentatively
                    page.keyboard.press("r")
                    page.wait_for_function(f"document.querySelector('.choice-info').textContent === {first!r}")
                    log.append("flipped")
                page.keyboard.press("Enter")
            page.wait_for_function(f"window.boardwright.state().moves.length > {before}", timeout=60_000)
            played = state(page)["moves"][before]
            assert played.startswith("play "), played
            if chosen:
                assert played == chosen, (played, chosen)
            log.append("front" if " front " in played else "back")
            return played
        raise AssertionError(f"no hand card has a highlighted position: {labels}")
    draws = page.locator(DRAWS)
    setup = page.locator(SETUP)
    if draws.count():
        assert page.locator(SPOTS).count() == 0 and page.locator(".panel-svg [data-target^='card:']").count() == 0
        draws.nth(before % draws.count()).click()
        log.append("draw")
    elif setup.count():  # the side of the starter card, a secret objective: click the card
        target = setup.nth(before % setup.count()).get_attribute("data-target")
        move = next(m["move"] for m in state(page)["legal"] if m["path"] == [target])
        log.append(move)
        setup.nth(before % setup.count()).click()
    else:
        button = page.locator("#actions button[data-move]").first
        text = button.inner_text()
        assert text.startswith("Pass"), text
        log.append(button.get_attribute("data-move"))
        button.click()
    page.wait_for_function(f"window.boardwright.state().moves.length > {before}", timeout=60_000)
    return state(page)["moves"][before]


def test_codex_game_against_greedy_to_the_end(page, site_url):
    open_app(page, site_url)
    start_codex(page, ("human", OPPONENT), seed=20261126)
    s = state(page)
    assert s["game"] == "codex" and s["hidden_information"]
    assert [p["agent"] for p in s["players"]] == ["human", OPPONENT]
    assert page.locator("#handover").is_hidden()  # one person: nothing to hide from anybody
    log = []
    placements = 0
    for _ in range(400):
        wait_idle(page)
        s = state(page)
        if s["is_over"]:
            break
        # the page shows Player 1's side: their manuscript, their hand, never Greedy's hand
        assert s["viewer"] == 0 and s["scene"]["title"] in (
            "Player 1's manuscript", "Player 1's starter card: choose a side")  # (before it is placed)
        check_hands_hidden(page, s, 0)
        if not human_turn(page):  # Greedy places and draws: wait for the person's turn
            page.wait_for_function("document.getElementById('board').classList.contains('human-turn') || "
                                   "window.boardwright.state().is_over", timeout=60_000)
            continue
        if s["legal"] and s["legal"][0]["path"][:1] and s["legal"][0]["path"][0].startswith("card:"):
            placements += 1
        codex_turn(page, log, flip=placements % 4 == 1)
    wait_idle(page)
    s = state(page)
    assert s["is_over"], f"the game did not end: {len(s['moves'])} moves, {log}"
    print(f"{len(s['moves'])} moves; Player 1: {log.count('front')} fronts, {log.count('back')} backs, "
          f"{log.count('draw')} draws, {log.count('pass')} passes, {log.count('flipped')} flips; scores {s['scores']}")
    assert page.locator("#game-over").is_visible()
    assert re.search(r"Player [12] (wins|win)", page.inner_text("#game-over-result"))
    notes = page.inner_text("#notes")
    assert "Final:" in notes and "objectives" in notes and "completed" in notes, notes
    assert "front" in log and "draw" in log and "flipped" in log
    scores = [int(t) for t in page.locator("#scores td.score").all_inner_texts()]
    assert scores == s["scores"]
    assert s["scores"][0] > 0, "Player 1 scored nothing"
    check_hands_hidden(page, s, 0)
    # every card placed is drawn: Player 1's manuscript on the board, Greedy's in its panel
    plays = [sum(1 for m, who in zip(s["moves"], s["movers"]) if who == q and m.startswith("play "))
             for q in (0, 1)]
    assert page.locator("#board-svg polygon.card.placed").count() == 1 + plays[0]
    assert page.locator("#board-svg polygon.card.preview").count() == 0
    assert page.locator(".panel-area-1 polygon.card.placed").count() == 1 + plays[1]
    assert plays[0] == log.count("front") + log.count("back")
    same_origin_only(page, site_url)
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


def test_codex_hot_seat_hides_hands_between_players(page, site_url):
    open_app(page, site_url)
    start_codex(page, ("human", "human"), seed=4242)
    s = state(page)
    first = s["current_player"]
    second = 1 - first
    assert s["viewer"] == first
    log = []
    shown = None
    handovers = 0
    escaped = refused = False
    # 2 starters, 2 objectives, then three turns (place + draw) each
    while len(state(page)["moves"]) < 16:
        wait_idle(page)
        s = state(page)
        v = s["viewer"]
        assert v == s["current_player"] and not s["is_over"]
        if v != shown:  # a different person is to move: the screen hides everything first
            assert page.locator("#handover").is_visible()
            assert f"Pass the device to Player {v + 1}." == page.inner_text("#handover-text")
            assert page.locator(".panel-scene").count() == 0
            assert page.locator("#board-svg > *").count() == 0
            assert page.locator("#actions button").count() == 0
            assert not set(page.evaluate(PAGE_CARD_IDS))
            page.click("#handover-go")
            shown = v
            handovers += 1
        assert page.locator("#handover").is_hidden()
        check_hands_hidden(page, s, v)
        setup = page.locator(SETUP).evaluate_all("ns => ns.map(n => n.dataset.target)")
        assert page.locator("#actions button[data-move]").count() == 0  # setup choices are cards
        if len(s["moves"]) < 2:  # both sides of this player's starter card, on the board
            assert setup == ["starter:front", "starter:back"], setup
            assert page.locator("#board-svg [data-target^='starter:']").count() == 2
            assert f"card {true_game(s).starters[v]}, starter" in page.get_attribute(
                "#board-svg [data-target='starter:back']", "aria-label")
            assert page.locator(".panel-svg [data-target^='card:']").count() == 0  # cards not yet playable
        elif len(s["moves"]) < 4:  # the two objective cards dealt to this player, not the other's
            dealt = true_game(s).dealt
            assert setup == [f"objective:{o}" for o in dealt[v]], (setup, dealt)
            assert page.locator(".panel-objective-choice [data-target^='objective:']").count() == 2
            notes = page.inner_text("#notes")
            assert "Choose your secret objective" in notes
            assert not any(re.search(rf"\b{o}: ", notes) for o in dealt[1 - v]), (notes, dealt)
        else:
            secret = true_game(s).secret
            assert f"Your secret objective {secret[v]}:" in page.inner_text("#notes")
            assert f"objective {secret[1 - v]}:" not in page.inner_text("#notes")
        if len(s["moves"]) < 4:  # setup: only the setup cards can be clicked
            assert page.locator("[data-target].selectable").count() == len(setup) == 2
        elif page.locator(HAND_CARDS).count():  # placing first: nothing to draw yet
            assert page.locator(".panel-svg [data-target^='draw:']").count() == 0
        if not escaped and page.locator(HAND_CARDS).count():
            # a placement can be looked at and called off with Escape
            page.locator(HAND_CARDS).first.click()
            page.locator(SPOTS).first.click()
            page.wait_for_selector("#confirm")
            page.keyboard.press("Escape")
            page.wait_for_selector("#confirm", state="detached")
            assert page.locator("#board-svg .selected").count() == 0
            assert len(state(page)["moves"]) == len(s["moves"])
            escaped = True
        if not refused and page.locator(HAND_CARDS).count():
            # moves the clicks do not offer are refused with a reason, game unchanged:
            # a card of the other player's hand, and a draw before placing
            game = true_game(s)
            other_card = game.hands[1 - v][0]
            spot = next(m["path"][1] for m in s["legal"] if m["path"][0].startswith("card:"))
            for move in (f"play {other_card} back at {spot[3:]}", "draw resource-deck"):
                bad = page.evaluate(f"window.boardwright.call({{cmd: 'play', move: {move!r}}})")
                assert not bad["ok"] and bad["error"]["message"], bad
            assert state(page)["moves"] == s["moves"]
            refused = True
        codex_turn(page, log)
    wait_idle(page)
    s = state(page)
    # one hand-over per change of person: every setup move and every completed turn
    assert handovers == 10, handovers
    assert [m.split()[0] for m in s["moves"]] == ["starter"] * 2 + ["objective"] * 2 + ["play", "draw"] * 6
    assert s["movers"] == [first, second] * 2 + [first, first, second, second] * 3
    assert escaped and refused
    # the first player is to move, behind the hand-over screen
    assert page.locator("#handover").is_visible() and s["viewer"] == first
    assert page.inner_text("#handover-text") == f"Pass the device to Player {first + 1}."
    page.click("#handover-go")
    check_hands_hidden(page, s, first)
    # undo takes back the second player's draw: the device goes back to them, hidden first
    page.click("#undo")
    wait_idle(page)
    u = state(page)
    assert u["cursor"] == 15 and u["viewer"] == second and u["current_player"] == second
    assert page.locator("#handover").is_visible()
    assert page.inner_text("#handover-text") == f"Pass the device to Player {second + 1}."
    assert page.locator(".panel-scene").count() == 0 and page.locator("#board-svg > *").count() == 0
    assert not set(page.evaluate(PAGE_CARD_IDS))
    page.click("#handover-go")
    check_hands_hidden(page, u, second)
    assert page.locator(DRAWS).count() >= 2 and page.locator(HAND_CARDS).count() == 0  # their draw step again
    # redo: the first player's turn again, behind the hand-over screen
    page.click("#redo")
    wait_idle(page)
    r = state(page)
    assert r["cursor"] == 16 and r["viewer"] == first and r["moves"] == s["moves"]
    assert page.locator("#handover").is_visible()
    assert page.inner_text("#handover-text") == f"Pass the device to Player {first + 1}."
    same_origin_only(page, site_url)
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


def test_codex_secret_objective_of_the_opponent_stays_secret(page, site_url):
    open_app(page, site_url)
    start_codex(page, ("human", OPPONENT), seed=77)
    log = []
    while True:  # both players choose a starter side and an objective
        wait_idle(page)
        s = state(page)
        if len(s["moves"]) >= 4 and human_turn(page):
            break
        if human_turn(page):
            codex_turn(page, log)
        else:
            page.wait_for_function("document.getElementById('board').classList.contains('human-turn')",
                                   timeout=60_000)
    secret = true_game(s).secret
    text = page.inner_text("body")
    assert f"objective {secret[0]}" in text  # one's own choice is shown
    assert f"objective {secret[1]}" not in text, f"Greedy's secret objective {secret[1]} is on the page"


def test_codex_ismcts_is_the_default_opponent_and_answers_in_the_worker(page, site_url):
    """The search agent thinks in Pyodide (sampling the hidden cards) and plays whole turns."""
    open_app(page, site_url)
    page.select_option("#game-select", "codex")
    default = page.eval_on_selector("[data-seat='1']", "s => s.options[s.selectedIndex].text")
    assert default == "ISMCTS", default
    start_codex(page, ("human", "codex-ismcts"), seed=31)
    log = []
    for _ in range(40):
        wait_idle(page)
        s = state(page)
        theirs = [m for m, q in zip(s["moves"], s["movers"]) if q == 1]
        if sum(m.startswith("play ") for m in theirs) >= 2:
            break
        if human_turn(page):
            codex_turn(page, log)
    assert sum(m.startswith("play ") for m in theirs) >= 2 and any(m.startswith("draw ") for m in theirs), theirs
    check_hands_hidden(page, state(page), 0)
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)
