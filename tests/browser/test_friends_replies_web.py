"""Conditional replies and names in games with a friend by link (panels/friend-replies.js,
pygame_core/bridge/friend_replies.py), in two browser contexts (two players, two storages):
a whole Hex 7 game played by links, one player on a phone with a stubbed navigator.share;
replies chosen by clicking and by keys, played at once on the other page and checked by their
sender's; reloads in the middle of the exchange; replies added after the link was sent; two
games with the same friend at once; a link that moves for the other seat. Screenshots go to
dist/screenshots/friends-replies-*.png."""
from __future__ import annotations

from helpers import READY, poll, send, state, wait_idle
from test_friends_web import SHOTS, add_reply, context, headline, link_in_card, open_link

from pygame_core.records import decode_link


def shot(pg, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"friends-replies-{name}.png"), full_page=False)


def start(pg, site_url, name, size=7):
    """A new Hex game against a friend (the friend in seat 1): this page plays Blue."""
    if not pg.url.startswith(site_url):
        pg.goto(site_url + "index.html")
        pg.wait_for_selector(READY, timeout=120_000)
    pg.select_option("#game-select", "hex")
    pg.fill('[name="opt-size"]', str(size))
    pg.select_option('#player-fields [data-seat="1"]', "friend")
    pg.fill("#friend-my-name", name)
    pg.click("#new-game")
    wait_idle(pg)


def click(pg, cell):
    pg.click(f'#board-svg [data-target="{cell}"]')
    wait_idle(pg)


def copy(pg):
    """Copy the card's link (the moves in it are then final); returns it."""
    link_in_card(pg)
    pg.click("#friend-copy")
    poll(pg, "() => { const s = window.boardwright.state(); return s.friend.sent === s.cursor"
             " && JSON.stringify(s.friend.mine) === JSON.stringify(s.friend.mine_sent); }")
    wait_idle(pg)
    return pg.input_value("#friend-link")


def share(pg):
    """Send the card's link with the (stubbed) share sheet; returns it."""
    link_in_card(pg)
    before = pg.evaluate("(window.__shared || []).length")
    pg.click("#friend-share")
    shared = poll(pg, "(n) => window.__shared && window.__shared.length > n && window.__shared[n]", before)
    poll(pg, "() => { const s = window.boardwright.state(); return s.friend.sent === s.cursor; }")
    wait_idle(pg)
    return shared["url"]


def lines_of(url):
    return decode_link(url.split("#r=", 1)[1])["corr"]["lines"]


def reload(pg):
    pg.reload()
    pg.wait_for_selector(READY, timeout=120_000)
    wait_idle(pg)


def test_a_whole_hex_7_game_with_conditional_replies_both_ways(browser, site_url):
    ctx_a, ana = context(browser)
    ctx_b, bo = context(browser, phone=True)
    try:
        start(ana, site_url, "Ana")
        click(ana, "d4")
        assert ana.inner_text("#friend-send-title") == "Invite your friend" and ana.is_visible("#friend-cond-add")
        # if Bo plays a2, Ana answers d3; and if then a3, d5 (a line continued from the list)
        add_reply(ana, "a2", "d3")
        assert ana.inner_text("#friend-cond-list") == "1. If a2, answer d3\nContinue\nRemove"
        assert "Added: if a2, answer d3" in ana.inner_text("#friend-cond-status")
        ana.click('#friend-cond-list [data-action="continue-0"]')
        wait_idle(ana)
        assert ana.inner_text(".pick-info") == "After if a2, answer d3: click their next move."
        assert ana.locator("#board-svg .conditional").count() == 2 and ana.is_visible("#board.picking")
        click(ana, "a3")
        assert "If they play a3: click your answer" in ana.inner_text(".pick-info")
        click(ana, "d5")
        assert state(ana)["friend"]["mine"] == [["a2", "d3", "a3", "d5"]]
        assert not ana.is_visible("#board.picking") and ana.locator("#board-svg .conditional").count() == 0
        # by keys: Home (a1), Enter, → (b1), Enter
        ana.click("#friend-cond-add")
        wait_idle(ana)
        assert ana.evaluate("document.activeElement.closest('#board-svg') !== null")
        ana.keyboard.press("Home")
        ana.keyboard.press("Enter")
        wait_idle(ana)
        ana.keyboard.press("ArrowRight")
        ana.keyboard.press("Enter")
        wait_idle(ana)
        assert state(ana)["friend"]["mine"] == [["a2", "d3", "a3", "d5"], ["a1", "b1"]]
        # Esc goes back to the game, nothing added; a taken cell and an answered move are refused
        ana.click("#friend-cond-add")
        wait_idle(ana)
        ana.keyboard.press("Escape")
        assert not ana.is_visible("#board.picking") and ana.evaluate("document.activeElement.id") == "friend-cond-add"
        ana.click("#friend-cond-add")
        wait_idle(ana)
        click(ana, "d4")
        assert ana.inner_text("#error") == "d4 is not a legal move there."
        click(ana, "a2")
        assert "Reply 1 answers that already (if a2, answer d3; then if a3, answer d5)" in ana.inner_text("#error")
        ana.click("#pick-cancel")
        assert state(ana)["friend"]["mine"] == [["a2", "d3", "a3", "d5"], ["a1", "b1"]]
        ana.evaluate("window.scrollTo(0, 0)")
        shot(ana, "card-1280")
        # a reload before the link is sent keeps the move, the replies and the link
        before = ana.input_value("#friend-link")
        reload(ana)
        assert ana.locator("#friend-cond-list li").count() == 2 and not ana.is_disabled("#undo")
        assert lines_of(link_in_card(ana)) == lines_of(before) == [["a2", "d3", "a3", "d5"], ["a1", "b1"]]
        invitation = copy(ana)
        assert ana.locator("#friend-cond-list .sent-tag").count() == 2  # sent: they stay

        # Bo, on a phone: a2 is answered at once with d3, a3 with d5
        open_link(bo, site_url, invitation)
        assert headline(bo) == "You play Red against Ana: your move"
        send(bo, {"cmd": "play", "move": "a2"})
        assert state(bo)["moves"] == ["d4", "a2", "d3"] and state(bo)["friend"]["turn"] == "you"
        assert bo.inner_text("#friend-answer") == "Ana had answered your a2 with d3 in advance (a conditional reply in their link)."
        send(bo, {"cmd": "play", "move": "a3"})
        assert "your a2 with d3 and your a3 with d5 in advance" in bo.inner_text("#friend-answer")
        send(bo, {"cmd": "play", "move": "a4"})
        assert bo.is_visible("#friend-answer")  # until Bo's link goes: his moves are not final yet
        bo.fill("#friend-me-name", "Bo")  # the receiver's name: sent with the link (no Enter needed)
        shot(bo, "send-390")
        reply = share(bo)
        assert not bo.is_visible("#friend-answer")
        assert decode_link(reply.split("#r=", 1)[1])["corr"]["names"] == ["Ana", "Bo"]

        # Ana's page checks the answers played for her against the replies she set
        open_link(ana, site_url, reply)
        assert state(ana)["moves"] == ["d4", "a2", "d3", "a3", "d5", "a4"]
        notice = ana.inner_text("#friend-notice")
        assert "played your conditional replies d3 and d5 for you (checked: you set them)" in notice
        assert headline(ana) == "You play Blue against Bo: your move"
        click(ana, "d2")
        add_reply(ana, "a5", "d6")
        third = copy(ana)

        # Bo: a5 is answered with d6; he plays a6, sets two replies of his own on the phone, and
        # reloads in the middle (nothing sent yet): all of it is still there
        open_link(bo, site_url, third)
        send(bo, {"cmd": "play", "move": "a5"})
        send(bo, {"cmd": "play", "move": "a6"})
        add_reply(bo, "d1", "a7")
        add_reply(bo, "c6", "c7")
        bo.evaluate("document.getElementById('friend-send').scrollIntoView({block: 'start'})")
        shot(bo, "card-390")
        saved = state(bo)["save"]
        reload(bo)
        assert state(bo)["save"] == saved and not bo.is_disabled("#undo")
        assert bo.inner_text("#friend-cond-list").count("Remove") == 2
        fourth = share(bo)
        assert lines_of(fourth) == [["d1", "a7"], ["c6", "c7"]]

        # Ana: d1 is answered with a7 at once on her page; d7 wins; the final link ends it for Bo
        open_link(ana, site_url, fourth)
        click(ana, "d1")
        assert state(ana)["moves"][-2:] == ["d1", "a7"]
        assert ana.inner_text("#friend-answer").startswith("Bo had answered your d1 with a7 in advance")
        click(ana, "d7")
        assert state(ana)["is_over"] and "Blue wins" in headline(ana)
        assert ana.inner_text("#friend-send-title") == "Send the final link" and not ana.is_visible("#friend-cond")
        final = copy(ana)
        open_link(bo, site_url, final)
        assert "checked: you set it" in bo.inner_text("#friend-notice")
        assert state(bo)["is_over"] and "Blue wins" in headline(bo) and len(state(bo)["moves"]) == 13
        assert not ana.page_errors and not bo.page_errors, (ana.page_errors, bo.page_errors)
    finally:
        ctx_a.close()
        ctx_b.close()


def test_replies_after_sending_two_games_at_once_and_a_move_made_for_the_other_seat(browser, site_url):
    ctx_a, ana = context(browser)
    ctx_b, bo = context(browser)
    try:
        # two games with the same friend at once
        start(ana, site_url, "Ana")
        click(ana, "d4")
        first = copy(ana)
        start(ana, site_url, "Ana")
        click(ana, "c3")
        second = copy(ana)
        assert ana.locator("#friend-games li").count() == 2
        open_link(bo, site_url, first)
        send(bo, {"cmd": "play", "move": "a1"})
        bo.fill("#friend-me-name", "Bo")
        reply_first = copy(bo)
        open_link(bo, site_url, second)
        send(bo, {"cmd": "play", "move": "g7"})
        reply_second = copy(bo)
        assert bo.locator("#friend-games li").count() == 2
        open_link(ana, site_url, reply_second)
        assert state(ana)["moves"] == ["c3", "g7"]
        open_link(ana, site_url, reply_first)
        assert state(ana)["moves"] == ["d4", "a1"]
        games = ana.locator("#friend-games li")
        assert games.count() == 2
        texts = sorted(games.all_inner_texts())
        assert "Hex with Bo · your move" in texts[0] and "2 moves" in texts[0]  # the name came with Bo's link
        assert "Hex with your friend · your move" in texts[1] and "2 moves" in texts[1]  # not with this one

        # replies added after the link was sent: the sent ones stay, the new link replaces it
        click(ana, "d3")
        add_reply(ana, "a2", "d2")
        sent = copy(ana)
        assert ana.inner_text("#friend-send-note").startswith("Sent: this is final")
        add_reply(ana, "a3", "d5")
        assert ana.inner_text("#friend-send-note").startswith("Sent, with other replies: send this link again")
        rows = ana.locator("#friend-cond-list li")
        assert "sent" in rows.nth(0).inner_text() and "Remove" not in rows.nth(0).inner_text()
        assert "Remove" in rows.nth(1).inner_text()
        again = copy(ana)
        assert lines_of(sent) == [["a2", "d2"]] and lines_of(again) == [["a2", "d2"], ["a3", "d5"]]
        assert ana.inner_text("#friend-send-note").startswith("Sent: this is final")
        shot(ana, "sent-1280")

        # a link that moves for the other seat (a move of Ana's that is none of her replies): refused
        corr = decode_link(again.split("#r=", 1)[1])["corr"]
        from pygame_core.core import new_game
        from pygame_core.records import encode_corr_link
        record = state(ana)["save"]["record"]
        game = new_game("hex", seed=record["seed"], **record["options"])
        for move in ("d4", "a1", "d3", "a4", "d1", "a5"):
            game.play(move)
        forged = encode_corr_link(game, game_id=corr["id"], sender=1, start=corr["start"],
                                  times=corr["times"] + [corr["times"][-1]] * 3, names=["Ana", "Bo"])
        before = state(ana)["save"]
        open_link(ana, site_url, again.split("#r=")[0] + "#r=" + forged)
        assert ana.inner_text("#friend-notice").startswith(
            "This link plays move 5 ('d1') for you, and it is not one of your conditional replies.")
        assert state(ana)["save"] == before
        # the other game is untouched by all of this
        ana.locator("#friend-games li", has_text="your friend").get_by_role("button", name="Open").click()
        wait_idle(ana)
        assert state(ana)["moves"] == ["c3", "g7"] and state(ana)["friend"]["mine"] == []
        assert not ana.page_errors and not bo.page_errors, (ana.page_errors, bo.page_errors)
    finally:
        ctx_a.close()
        ctx_b.close()
