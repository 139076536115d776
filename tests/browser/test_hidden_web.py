"""Games with hidden hands by link (panels/hidden.js, hidden-card.js; the engine's
pygame_core/bridge/hidden.py): two browser contexts (two players, two storages), one a computer
and one a phone, play a whole Triominos game passing the links the pages show, opened as a
person opens them (the address); their hands drawn, whose link is awaited, the audit's verdict
and the scores; neither page's storage nor DOM ever holds a tile of the other's hand before
the end; a tampered link pasted in is named and changes nothing; a reload goes on; the seat's
record goes out with its export and comes back with an import in another browser, which then
plays on. A Codex game is played through the deal and several turns here, and to its end in
test_hidden_codex_web.py. Screenshots go to dist/screenshots/hidden-*.png."""
from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

from helpers import READY, poll, state, wait_idle
from test_friends_web import context as friend_context, open_link


def context(browser, phone=False):
    return friend_context(browser, phone, accept_downloads=True)

SHOTS = Path(__file__).resolve().parents[2] / "dist" / "screenshots"
STORE = "() => JSON.stringify(Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])))"


def shot(pg, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"hidden-{name}.png"), full_page=False)


def need(pg):
    st = state(pg)
    return st["hidden"]["need"] if st and st.get("hidden") else None


def link_shown(pg):
    """The link the card offers to send (the page's address with the token)."""
    pg.wait_for_selector("#hidden-send:not([hidden])")
    return poll(pg, "() => document.getElementById('hidden-link').value")


def start(pg, site_url, game, me, them):
    pg.goto(site_url + "index.html")
    pg.wait_for_selector(READY, timeout=120_000)
    wait_idle(pg)
    pg.select_option("#game-select", game)
    pg.fill('[name="opt-players"]', "2")
    pg.dispatch_event('[name="opt-players"]', "input")
    pg.select_option('#player-fields [data-seat="1"]', "friend")
    assert pg.is_visible("#friend-hidden-note")
    pg.fill("#friend-my-name", me)
    pg.fill("#friend-their-name", them)
    pg.click("#new-game")
    wait_idle(pg)
    return link_shown(pg)


def accept(pg, site_url, link, name):
    open_link(pg, site_url, link)
    notice = pg.inner_text("#hidden-notice")
    assert "invites you to play" in notice, notice
    pg.fill("#hidden-accept-name", name)
    pg.click("#hidden-accept")
    wait_idle(pg)
    return link_shown(pg)


def click_move(pg, entry):
    """Play a legal move as a person does: its targets clicked in turn (Place when several
    moves fit), or its button (a draw, a pass)."""
    before = len(state(pg)["moves"])
    if not entry["path"]:
        pg.click(f'#actions button[data-move="{entry["move"]}"]')
    else:
        for target in entry["path"]:
            pg.locator(f'#board-svg [data-target="{target}"], #panels [data-target="{target}"]').first.click()
        if pg.locator("#confirm").count():
            pg.click("#confirm")
    poll(pg, "(b) => window.boardwright.state().moves.length > b", before)
    wait_idle(pg)


def choose(legal):
    """A person's pick: a placement or a choice, else a draw, else a pass."""
    return next((m for m in legal if m["move"].split(" ")[0] not in ("draw", "pass")), None) or \
        next((m for m in legal if m["move"].split(" ")[0] == "draw"), legal[0])


def play_turn(pg, pick=choose):
    """This page's whole turn by clicks, each move ``pick(legal)``; returns the link to send,
    and checks that the card counts the turn's moves while it goes on."""
    moves = 0
    while need(pg) == "move":
        st = state(pg)
        assert st["legal"], st["hidden"]
        click_move(pg, pick(st["legal"]))
        moves += 1
        if need(pg) == "move":
            assert f"{moves} move" in pg.inner_text("#hidden-headline")
        assert moves < 20
    return link_shown(pg)


def record_of(pg):
    """This page's stored seat record (the one game it keeps)."""
    saves = [json.loads(v) for k, v in json.loads(pg.evaluate(STORE)).items() if k.startswith("boardwright.save.")]
    hidden = [e for e in saves if isinstance(e, dict) and e.get("hiddenSeat")]
    assert len(hidden) == 1, [e.get("id") for e in saves]
    return hidden[0]["record"]


def secret_hand(record):
    """The tiles or cards of the seat's hand that only it knows, and whether its game has begun:
    its hand in the game, or, while the opener is still being decided (equal best tiles: one more
    shown at each hop), the hand it was dealt less the tiles it has shown (empty before then)."""
    from pygame_core.hidden import load_player
    player = load_player(record)
    if player.game is not None:
        return list(player.game.hands[player.seat]), True
    if not hasattr(player, "_ranked_hand"):   # (several bags: the game is built with the deal)
        return [], False
    dealt = player._ranked_hand()
    shown = {str(t) for t in player._shown(player.seat)}
    return ([t for t in dealt if str(t) not in shown] if len(dealt) == player.hand_size else []), False


def hand_names(hand, game):
    """A hand's tiles or cards as they could be written anywhere (every order of a tile's
    numbers; a card as "card 12" or "card:12")."""
    if game == "triominos":
        return [[rf"(?<![\w.\-]){'-'.join(map(str, p))}(?![\w\-])" for p in set(itertools.permutations((t.x, t.y, t.z)))]
                for t in hand]
    return [[rf"(?:card|objective)[ :]{n}(?!\d)"] for n in hand]


def page_text(pg):
    return pg.evaluate(STORE) + pg.evaluate("() => document.documentElement.outerHTML")


def shows(blob, patterns):
    return any(re.search(p, blob) for p in patterns)


def check_no_leak(pages, game):
    """Neither page's storage nor DOM holds a tile of the other's hand; each shows its own once
    its game has begun (while equal best tiles still decide the opener, a seat has no board)."""
    for seat in (0, 1):
        mine, theirs = pages[seat], pages[1 - seat]
        for _ in range(150):  # (a busy machine: the seat's dealt record may reach storage a little later)
            hand, begun = secret_hand(record_of(theirs))
            if begun:
                break
            theirs.wait_for_timeout(200)
        hand = hand_names(hand, game)
        assert hand
        blob = page_text(mine)
        leaked = [p for p in hand if shows(blob, p)]
        assert not leaked, (seat, leaked)
        if begun:
            own = page_text(theirs)
            assert any(shows(own, p) for p in hand), "the page's own hand is not written as the check reads it"


def exchange(pages, site_url, link, who, *, game, on_hop=None, max_hops=200, picks=None):
    """Pass links until both pages hold the audit (or ``max_hops``): ``who`` opens ``link``
    first (``picks``: each page's chooser, :func:`choose` by default). Returns the number of hops."""
    hops = 0
    while hops < max_hops:
        pg = pages[who]
        open_link(pg, site_url, link)
        hops += 1
        if on_hop:
            on_hop(hops, pages, who, link)
        n = need(pages[who])
        if n == "move":
            link = play_turn(pg, (picks or {}).get(who, choose))
        elif n == "audit" and need(pages[1 - who]) == "audit":
            return hops
        else:
            link = link_shown(pg)
        who = 1 - who
    return hops


def test_a_note_about_a_hidden_game_goes_when_another_game_starts(browser, site_url):
    """The card's note (here: the invitation opened again by its sender) stays while its game is
    on screen and goes with it when a new ordinary game starts."""
    ctx, ana = context(browser)
    try:
        invitation = start(ana, site_url, "triominos", "Ana", "Bo")
        open_link(ana, site_url, invitation)
        assert "the link you sent" in ana.inner_text("#hidden-notice")
        ana.select_option("#game-select", "hex")
        ana.select_option('#player-fields [data-seat="1"]', "human")
        ana.click("#new-game")
        wait_idle(ana)
        poll(ana, "() => window.boardwright.state().game === 'hex'")
        assert not state(ana).get("hidden")
        assert ana.is_hidden("#hidden-notice") and ana.is_hidden("#hidden-card")
        assert not ana.page_errors, ana.page_errors
    finally:
        ctx.close()


def test_two_friends_play_triominos_with_hidden_hands_by_links(browser, site_url, tmp_path):
    ctx_a, ana = context(browser)
    ctx_b, bo = context(browser, phone=True)
    try:
        invitation = start(ana, site_url, "triominos", "Ana", "Bo")
        # the form: three players are not offered by link, and say why
        ana.fill('[name="opt-players"]', "3")
        ana.dispatch_event('[name="opt-players"]', "input")
        option = ana.locator('#player-fields [data-seat="1"] option[value="friend"]')
        assert option.is_disabled() and "two players only" in option.inner_text()
        assert "choose 2 players" in option.get_attribute("title")
        assert "#r=4." in invitation
        assert ana.inner_text("#hidden-headline").startswith("Invite Bo")
        assert "live in this browser only" in ana.inner_text("#hidden-card")
        assert ana.is_hidden("#hidden-resign")            # not before the deal is done
        # the invitation fits a QR code (a later link may not: the card says so)
        assert len(invitation) < 2_900 and poll(ana, "() => document.querySelector('#hidden-qr svg.qr-code')")
        shot(ana, "invitation-1280")
        ana.set_viewport_size({"width": 390, "height": 844})
        shot(ana, "invitation-390")
        ana.set_viewport_size({"width": 1280, "height": 800})
        assert "Triominos with Bo" in ana.inner_text("#friend-games")

        answer = accept(bo, site_url, invitation, "Bo")
        assert "Waiting for Ana's link" in bo.inner_text("#hidden-headline")
        # the inviter's own invitation, opened again: named, nothing changes
        open_link(ana, site_url, invitation)
        assert "the link you sent" in ana.inner_text("#hidden-notice")
        ana.click("#hidden-notice button")
        pages = (ana, bo)
        seen = {"old": False, "reload": False, "turn": False}

        def on_hop(hops, pages, who, link):
            pg = pages[who]
            st = state(pg)
            if st["hidden"]["need"] == "audit":
                return
            if hops == 2:  # the link just taken in, opened again: named, nothing changes
                # (early: a deal that blocks the game at once ends it in a few hops)
                before = (pg.evaluate(STORE), st["moves"])
                open_link(pg, site_url, link)
                assert "taken this link in already" in pg.inner_text("#hidden-notice")
                assert (pg.evaluate(STORE), state(pg)["moves"]) == before
                seen["old"] = True
            if hops in (3, 6):
                check_no_leak(pages, "triominos")
            news = pg.locator("#hidden-news")
            if news.is_visible():  # the friend's moves, worded as the move list words them
                last = pg.locator("#move-list li button").last.inner_text().strip()
                assert news.inner_text().rstrip(".").endswith(last), (news.inner_text(), last)
            if st["hidden"]["need"] == "move" and not seen["turn"]:  # (the first turn)
                seen["turn"] = True
                # the seat's hand is drawn, and whose turn it is
                assert pg.locator("#panels .panel-svg [data-target]").count() >= 1
                assert "Your turn" in pg.inner_text("#hidden-headline")
                shot(pg, "turn-" + ("1280" if pg is ana else "390"))
                other = 390 if pg is ana else 1280
                pg.set_viewport_size({"width": other, "height": 844 if other == 390 else 800})
                shot(pg, f"turn-{other}")
                pg.set_viewport_size({"width": 1280, "height": 800} if pg is ana else {"width": 390, "height": 844})
            if hops == 3 and not seen["reload"]:
                seen["reload"] = True
                before = state(pg)["moves"]
                pg.reload()
                pg.wait_for_selector(READY, timeout=120_000)
                wait_idle(pg)
                assert state(pg)["moves"] == before and state(pg)["hidden"]["need"] == st["hidden"]["need"]

        hops = exchange(pages, site_url, answer, 0, game="triominos", on_hop=on_hop)
        assert seen["turn"] and seen["reload"] and seen["old"]
        for pg in pages:
            assert need(pg) == "audit"
            pg.wait_for_selector("#hidden-audit .verdict")
            poll(pg, "() => !document.querySelector('#hidden-audit').textContent.includes('Checking')")
            assert "Audit passed" in pg.inner_text("#hidden-audit")
            assert "Final scores" in pg.inner_text("#hidden-audit")
        scores = [state(pg)["scores"] for pg in pages]
        assert scores[0] == scores[1]
        assert "Ana" in ana.inner_text("#game-over") and ana.is_hidden("#go-rematch")
        for pg in pages:   # the audit passed: the game-over card names the winner, in their colour
            winners, result = state(pg)["winners"], pg.inner_text("#game-over-result")
            assert winners and all(("Ana", "Bo")[w] in result for w in winners) and "win" in result, result
            assert "does not stand" not in result and "cheated" not in result, result
            if len(winners) == 1:
                assert pg.get_attribute("#game-over", "class").split() == ["game-over", f"p{winners[0]}"]
        shot(ana, "audit-1280")
        shot(bo, "audit-390")
        # the shortest single round: one tile, then each seat draws three and passes (two
        # passes in a row block a two-player round, however full the pool: rules spec)
        assert hops >= 5 and len(state(ana)["moves"]) >= 9
        assert not ana.page_errors and not bo.page_errors, (ana.page_errors, bo.page_errors)
    finally:
        ctx_a.close()
        ctx_b.close()


def test_a_tampered_link_is_named_and_the_seat_goes_on_from_its_export(browser, site_url, tmp_path):
    ctx_a, ana = context(browser)
    ctx_b, bo = context(browser, phone=True)
    ctx_c = None
    try:
        invitation = start(ana, site_url, "codex", "Ana", "Bo")
        answer = accept(bo, site_url, invitation, "Bo")
        pages = (ana, bo)
        # a few hops of the deal and the first turns
        link, who = answer, 0
        for _ in range(5):
            open_link(pages[who], site_url, link)
            link = play_turn(pages[who]) if need(pages[who]) == "move" else link_shown(pages[who])
            who = 1 - who
        check_no_leak(pages, "codex")
        assert ana.locator("#panels .panel-svg").count() >= 1 and bo.locator("#panels .panel-svg").count() >= 1
        shot(ana, "codex-1280")
        shot(bo, "codex-390")
        pg = pages[who]
        # a tampered link pasted in the card: the problem named, nothing changes
        before = (pg.evaluate(STORE), state(pg)["moves"])
        head, token = link.split("#r=", 1)
        at = len(token) // 2
        tampered = head + "#r=" + token[:at] + ("A" if token[at] != "A" else "B") + token[at + 1:]
        pg.fill("#hidden-paste", tampered)
        pg.click("#hidden-take")
        wait_idle(pg)
        notice = pg.inner_text("#hidden-notice")
        assert "could not be opened" in notice and ("damaged" in notice or "corrupted" in notice), notice
        assert (pg.evaluate(STORE), state(pg)["moves"]) == before
        # the seat's export, imported in a third browser (its storage holds no game): it goes on there
        with pg.expect_download() as download:
            pg.click("#hidden-export")
        path = tmp_path / "keys.json"
        download.value.save_as(path)
        exported = json.loads(path.read_text())
        assert exported["format"] == "boardwright-saves"
        (entry,) = exported["saves"].values()
        assert entry["record"]["seed"] == record_of(pg)["seed"]
        ctx_c, other = context(browser)
        other.goto(site_url + "index.html")
        other.wait_for_selector(READY, timeout=120_000)
        wait_idle(other)
        open_link(other, site_url, link)          # without the keys: it says so
        assert "secret keys are not in this browser" in other.inner_text("#hidden-notice")
        other.set_input_files("#import-file", str(path))
        wait_idle(other)
        poll(other, "() => window.boardwright.state() && window.boardwright.state().hidden")
        assert "back, with its secret keys" in other.inner_text("#hidden-notice")
        assert state(other)["moves"] == before[1]
        pages = (other, pages[1 - who]) if who == 0 else (pages[1 - who], other)
        # the imported seat takes the link in and the game goes on for several turns
        open_link(other, site_url, link)
        link = play_turn(other) if need(other) == "move" else link_shown(other)
        hops = exchange(pages, site_url, link, 1 - who, game="codex", max_hops=6)
        assert hops == 6 and len(state(other)["moves"]) > len(before[1])
        check_no_leak(pages, "codex")
        assert not ana.page_errors and not bo.page_errors and not other.page_errors
    finally:
        ctx_a.close()
        ctx_b.close()
        if ctx_c:
            ctx_c.close()
