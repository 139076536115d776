"""Playing a friend by link (panels/friends.js, pygame_core/bridge/friends.py): two browser
contexts (two players, two storages) pass links back and forth in a Hex 5 game, one of them on a
phone viewport with a stubbed navigator.share; a stale link, a link changing a move, a truncated
link and a player's own link are refused and change nothing; resign, the final link, rematch;
the games-with-friends list. Screenshots go to dist/screenshots/friends-*.png."""
from __future__ import annotations

from pathlib import Path

from helpers import READY, poll, send, state, wait_idle

SHOTS = Path(__file__).resolve().parents[2] / "dist" / "screenshots"
# the phone's share sheet: records what it was given (the link is then "sent")
SHARE_STUB = "navigator.share = async (data) => { window.__shared = (window.__shared || []).concat([data]); };"


def context(browser, phone=False, **options):
    from conftest import CONTEXT_OPTIONS  # noqa: PLC0415 - the browser tests' own conftest
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    ctx = browser.new_context(**CONTEXT_OPTIONS, viewport=size, is_mobile=phone, has_touch=phone, **options)
    if phone:
        ctx.add_init_script(SHARE_STUB)
    pg = ctx.new_page()
    pg.page_errors = []
    pg.on("pageerror", lambda exc: pg.page_errors.append(str(exc)))
    return ctx, pg


def link_in_card(pg):
    """The link the friend card offers (made by the engine after the move)."""
    pg.wait_for_selector("#friend-send:not([hidden])")
    return poll(pg, "() => document.getElementById('friend-link').value")


def open_link(pg, site_url, url):
    """Open a friend's link: the page's own address with its #r= fragment."""
    if pg.url.startswith(site_url + "index.html"):
        pg.evaluate("(h) => { location.hash = h; }", url.split("#", 1)[1])
    else:
        pg.goto(url)
        pg.wait_for_selector(READY, timeout=120_000)
    poll(pg, "() => !location.hash && !document.getElementById('board').classList.contains('busy')")
    wait_idle(pg)


def add_reply(pg, *cells):
    """Add a conditional reply by clicking: "Add a conditional reply", then
    their move and your answer (and once more) on the board."""
    pg.click("#friend-cond-add")
    wait_idle(pg)
    for cell in cells:
        pg.click(f'#board-svg [data-target="{cell}"]')
        wait_idle(pg)


def headline(pg):
    return pg.inner_text("#friend-headline")


def shot(pg, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"friends-{name}.png"), full_page=False)


def test_two_friends_play_hex_by_links(browser, site_url):
    ctx_a, ana = context(browser)
    ctx_b, bo = context(browser, phone=True)
    try:
        ana.goto(site_url + "index.html")
        ana.wait_for_selector(READY, timeout=120_000)
        # the form: hidden-hand games are offered by link too, for two players (test_hidden_web.py)
        ana.select_option("#game-select", "triominos")
        option = ana.locator('#player-fields [data-seat="1"] option[value="friend"]')
        assert not option.is_disabled() and option.inner_text() == "A friend (by link)"
        ana.select_option("#game-select", "hex")
        ana.fill('[name="opt-size"]', "5")
        ana.select_option('#player-fields [data-seat="1"]', "friend")
        assert ana.is_visible("#friend-fields")
        ana.fill("#friend-my-name", "Ana")
        ana.click("#new-game")
        wait_idle(ana)
        st = state(ana)
        assert st["friend"]["seat"] == 0 and st["friend"]["turn"] == "you"
        assert headline(ana).startswith("You play Blue against your friend: your move")
        # Ana moves first: her invitation goes with her first move
        send(ana, {"cmd": "play", "move": "c3"})
        assert ana.inner_text("#friend-send-title") == "Invite your friend"
        invitation = link_in_card(ana)
        assert "#r=3." in invitation
        assert not ana.is_disabled("#undo")  # not sent yet: it can be taken back
        shot(ana, "invitation-1280")
        ana.click("#friend-copy")
        poll(ana, "() => window.boardwright.state().friend.sent === 1")
        assert ana.is_disabled("#undo")  # sent: final
        assert "Hex with your friend · their move" in ana.inner_text("#friend-games")

        # Bo (a phone, no copy of the game): the receiver's view
        open_link(bo, site_url, invitation)
        st = state(bo)
        assert st["friend"]["seat"] == 1 and st["last_move"] == "c3" and st["legal"]
        assert headline(bo) == "You play Red against Ana: your move"
        assert "could not be checked here" in bo.inner_text("#friend-notice")
        assert bo.locator("#board-svg .last").count() >= 1  # the friend's last move is marked
        shot(bo, "receiver-390")
        send(bo, {"cmd": "play", "move": "b2"})
        assert bo.inner_text("#friend-send-title") == "Send your move" and bo.is_visible("#friend-share")
        reply_shown = link_in_card(bo)
        shot(bo, "send-390")
        bo.click("#friend-share")
        shared = poll(bo, "() => window.__shared && window.__shared[0]")
        assert shared["url"] == reply_shown and "Your move" in shared["text"]
        poll(bo, "() => window.boardwright.state().friend.sent === 2")
        reply = shared["url"]

        # Ana gets it; then plays on; her old invitation, opened again, is behind and changes nothing
        open_link(ana, site_url, reply)
        assert headline(ana) == "You play Blue against your friend: your move" and state(ana)["last_move"] == "b2"
        send(ana, {"cmd": "play", "move": "d2"})
        # a conditional reply, chosen on the board: if Bo plays a1, Ana answers a2 at once
        add_reply(ana, "a1", "a2")
        poll(ana, "() => window.boardwright.state().friend.mine.length === 1")
        ana.click("#friend-copy")
        poll(ana, "() => window.boardwright.state().friend.sent === 3")
        third = ana.input_value("#friend-link")
        open_link(bo, site_url, third)
        assert state(bo)["moves"] == ["c3", "b2", "d2"]
        before = state(bo)["save"]
        open_link(bo, site_url, invitation)
        assert "2 moves behind your game" in bo.inner_text("#friend-notice")
        assert state(bo)["save"] == before
        # Bo's own link: for the other seat
        open_link(bo, site_url, reply)
        assert "the link you sent" in bo.inner_text("#friend-notice")
        assert state(bo)["save"] == before
        # a link changing a move already seen: refused, openable as a separate copy
        from pygame_core.core import new_game
        from pygame_core.records import decode_link, encode_corr_link
        corr = decode_link(third.split("#r=", 1)[1])["corr"]
        game = new_game("hex", seed=before["record"]["seed"], **before["record"]["options"])
        for m in ("a1", "b2", "d2"):
            game.play(m)
        forged = encode_corr_link(game, game_id=corr["id"], sender=0, start=corr["start"], times=corr["times"],
                                  names=corr["names"])
        open_link(bo, site_url, third.split("#r=")[0] + "#r=" + forged)
        assert "changes move 1 from 'c3' to 'a1'" in bo.inner_text("#friend-notice")
        assert state(bo)["save"] == before
        # a truncated link: a clear error, nothing changes
        open_link(bo, site_url, third[:-6])
        assert "could not be opened" in bo.inner_text("#error") and state(bo)["save"] == before
        # Bo plays a1: Ana's reply a2 comes at once; undo takes both back; played again, it goes
        # to Ana, whose page checks that a2 is a reply she set
        send(bo, {"cmd": "play", "move": "a1"})
        assert state(bo)["moves"][-2:] == ["a1", "a2"]
        assert bo.inner_text("#friend-answer").startswith("Ana had answered your a1 with a2 in advance")
        send(bo, {"cmd": "undo", "until_human": True})
        assert state(bo)["cursor"] == 3
        send(bo, {"cmd": "play", "move": "a1"})
        send(bo, {"cmd": "play", "move": "e5"})
        bo.click("#friend-copy")
        poll(bo, "() => window.boardwright.state().friend.sent === 6")
        open_link(ana, site_url, bo.input_value("#friend-link"))
        assert state(ana)["moves"] == ["c3", "b2", "d2", "a1", "a2", "e5"] and state(ana)["friend"]["turn"] == "you"
        # Bo resigns; the final link shows the result to both
        bo.click("#friend-resign")
        bo.click("#friend-resign")
        wait_idle(bo)
        assert state(bo)["is_over"] and "Ana wins" in headline(bo)
        assert bo.inner_text("#friend-send-title") == "Send the final link"
        final = link_in_card(bo)
        bo.click("#friend-copy")
        poll(bo, "() => window.boardwright.state().friend.sent === 6")
        open_link(ana, site_url, final)
        assert "Ana wins" in headline(ana) and ana.is_visible("#friend-rematch")
        assert "Ana wins" in ana.inner_text("#friend-games")
        shot(ana, "list-1280")
        bo.evaluate("window.scrollTo(0, document.getElementById('friends-card').offsetTop - 20)")
        shot(bo, "list-390")
        # rematch: seats swapped, same options, a new game in the list beside the old one
        ana.click("#friend-rematch")
        wait_idle(ana)
        st = state(ana)
        assert st["friend"]["seat"] == 1 and st["options"]["size"] == 5 and st["friend"]["turn"] == "friend"
        assert ana.inner_text("#friend-send-title") == "Invite your friend"
        assert link_in_card(ana)
        assert ana.locator("#friend-games li").count() == 2
        # a reload keeps the game with its friend rules
        ana.reload()
        ana.wait_for_selector(READY, timeout=120_000)
        assert state(ana)["friend"]["seat"] == 1
        assert not ana.page_errors and not bo.page_errors, (ana.page_errors, bo.page_errors)
    finally:
        ctx_a.close()
        ctx_b.close()
