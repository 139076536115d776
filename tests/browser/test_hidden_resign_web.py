"""Resign and Rematch in a game with hidden hands by link (panels/hidden.js, hidden-card.js; the
engine's pygame_core/hidden_resign.py): two browser contexts, a computer and a phone, play a
Triominos game by links until the deal is done and a few turns are played; one resigns (Resign
asks to confirm first), the other page opens the link and shows the win and the audit's verdict,
its answer gives the resigner its audit too; then Rematch makes an invitation with the seats
swapped, which the other context accepts. Screenshots: dist/screenshots/hidden-resign-*.png."""
from __future__ import annotations

from helpers import poll, state, wait_idle
from test_friends_web import open_link
from test_hidden_web import accept, context, link_shown, need, play_turn, shot, start


def test_a_seat_resigns_mid_game_and_the_friend_sees_the_win_and_the_audit_then_a_rematch(browser, site_url):
    ctx_a, ana = context(browser)
    ctx_b, bo = context(browser, phone=True)
    try:
        for _ in range(5):                  # (a deal that blocks the game at once is dealt again)
            invitation = start(ana, site_url, "triominos", "Ana", "Bo")
            assert ana.is_hidden("#hidden-resign") and ana.is_hidden("#hidden-rematch")
            link, who, pages, moved = accept(bo, site_url, invitation, "Bo"), 0, (ana, bo), 0
            while moved < 2 and need(pages[1 - who]) != "audit":     # the deal, the opening, two turns
                pg = pages[who]
                open_link(pg, site_url, link)
                if need(pg) == "move":
                    link, moved = play_turn(pg), moved + 1
                else:
                    link = link_shown(pg)
                who = 1 - who
            if moved == 2 and "audit" not in (need(ana), need(bo)):
                break
        # Ana resigns, whoever's turn it is (her link may not have reached Bo yet)
        assert ana.is_visible("#hidden-resign") and ana.inner_text("#hidden-resign") == "Resign"
        assert "secret keys" in ana.get_attribute("#hidden-resign", "title")
        moves = len(state(ana)["moves"])
        ana.click("#hidden-resign")
        assert "click again to confirm" in ana.inner_text("#hidden-resign")
        assert len(state(ana)["moves"]) == moves and not state(ana)["hidden"]["resigned"]
        ana.locator("#hidden-card").scroll_into_view_if_needed()
        shot(ana, "resign-confirm-1280")
        ana.set_viewport_size({"width": 390, "height": 844})
        ana.locator("#hidden-resign").scroll_into_view_if_needed()
        shot(ana, "resign-confirm-390")
        ana.click("#hidden-resign")
        wait_idle(ana)
        ana.set_viewport_size({"width": 1280, "height": 800})
        poll(ana, "() => window.boardwright.state().hidden.resigned.length === 1")
        assert ana.inner_text("#hidden-headline").startswith("You resigned: send this link to Bo")
        assert ana.is_hidden("#hidden-resign")
        resignation = link_shown(ana)
        # Bo opens it: the win, and the audit at once
        open_link(bo, site_url, resignation)
        assert need(bo) == "audit"
        assert bo.inner_text("#hidden-headline") == "Ana resigned: you win."
        poll(bo, "() => (document.querySelector('#hidden-audit .result') || {}).textContent === 'Ana resigned: Bo wins.'")
        assert "Audit passed" in bo.inner_text("#hidden-audit")
        assert state(bo)["winners"] == [1] and state(bo)["status"] == "Ana resigned: Bo wins."
        bo.locator("#hidden-card").scroll_into_view_if_needed()
        shot(bo, "resign-result-390")
        # Bo's answer shows his keys: Ana's page audits too
        answer = link_shown(bo)
        open_link(ana, site_url, answer)
        assert need(ana) == "audit" and ana.inner_text("#hidden-headline") == "You resigned: Bo wins."
        poll(ana, "() => (document.querySelector('#hidden-audit .result') || {}).textContent === 'Ana resigned: Bo wins.'")
        assert "Audit passed" in ana.inner_text("#hidden-audit")
        assert ana.is_hidden("#hidden-send") and state(ana)["is_over"]     # Bo has had her link
        ana.locator("#hidden-card").scroll_into_view_if_needed()
        shot(ana, "resign-result-1280")
        # Rematch from Bo's finished game: he invites, so the seats are swapped; Ana accepts
        assert bo.is_visible("#hidden-rematch") and ana.is_visible("#hidden-rematch")
        bo.click("#hidden-rematch")
        wait_idle(bo)
        again = link_shown(bo)
        st = state(bo)
        assert st["hidden"]["seat"] == 0 and st["hidden"]["id"] != state(ana)["hidden"]["id"]
        assert [p["name"] for p in st["players"]] == ["Bo", "Ana"] and not st["hidden"]["resigned"]
        assert bo.inner_text("#hidden-headline").startswith("Invite Ana")
        accept(ana, site_url, again, "Ana")
        st = state(ana)
        assert st["hidden"]["seat"] == 1 and [p["name"] for p in st["players"]] == ["Bo", "Ana"]
        assert need(ana) == "wait" and st["options"] == state(bo)["options"]
        assert not ana.page_errors and not bo.page_errors, (ana.page_errors, bo.page_errors)
    finally:
        ctx_a.close()
        ctx_b.close()


def _forged(link_url, change):
    """``link_url`` (a page's address with #r=) with its hidden part changed by ``change(h)``
    (a dict of fields to set): the same address, the new token."""
    from pygame_core.core import new_game
    from pygame_core.records import decode_link
    from pygame_core.records.v4 import encode_hidden_link
    head, token = link_url.split("#r=", 1)
    h = decode_link(token)["hidden"]
    h.update(change(h))
    token = encode_hidden_link(new_game(h["game"], seed=0, **h["options"]), game_id=h["id"], sender=h["sender"],
                               start=h["start"], moves=h["moves"], hops=h["hops"], first_player=h["first_player"],
                               names=h["names"], resign=h["resign"])
    return head + "#r=" + token


def _wrong_key(h):
    """The link's deal message with one key for the receiver changed (a wrong key)."""
    from dataclasses import replace

    from pygame_core.deal.messages import parse, serialize
    msg = parse(h["hops"][0], 56)
    msg.unlocks[0] = replace(msg.unlocks[0], key=msg.unlocks[0].key + 1)
    return {"hops": [serialize(msg)]}


def french_phone(browser):
    from conftest import CONTEXT_OPTIONS  # noqa: PLC0415 - the browser tests' own conftest
    ctx = browser.new_context(**{**CONTEXT_OPTIONS, "locale": "fr-FR"}, viewport={"width": 390, "height": 844},
                              is_mobile=True, has_touch=True)
    pg = ctx.new_page()
    pg.page_errors = []
    pg.on("pageerror", lambda exc: pg.page_errors.append(str(exc)))
    return ctx, pg


def test_a_french_page_words_the_refusals_of_hidden_links_in_french(browser, site_url):
    ctx_a, ana = context(browser)
    ctx_b, bo = french_phone(browser)
    try:
        invitation = start(ana, site_url, "triominos", "Ana", "Bo")
        open_link(bo, site_url, invitation)
        bo.fill("#hidden-accept-name", "Bo")
        bo.click("#hidden-accept")
        wait_idle(bo)
        link = link_shown(bo)
        open_link(ana, site_url, link)
        link = link_shown(ana)            # Ana's relock and Bo's keys: a deal message with keys for Bo
        before = bo.evaluate("() => JSON.stringify(localStorage)")
        open_link(bo, site_url, _forged(link, _wrong_key))
        notice = bo.inner_text("#hidden-notice")
        assert notice.startswith("Le lien n'a pas été pris, la partie reste comme elle était"), notice
        assert "une clé ne correspond pas à la donne" in notice, notice
        assert bo.evaluate("() => JSON.stringify(localStorage)") == before
        bo.click("#hidden-notice button")
        open_link(bo, site_url, link)     # the true link goes in
        assert state(bo)["hidden"]["need"] in ("move", "wait", "send")
        # a resignation of Ana's with a made-up key, opened on Bo's page: refused, in French
        poll(ana, "() => window.boardwright.state().hidden.can_resign")
        ana.click("#hidden-resign")
        ana.click("#hidden-resign")
        wait_idle(ana)
        resignation = link_shown(ana)
        before = bo.evaluate("() => JSON.stringify(localStorage)")
        open_link(bo, site_url, _forged(resignation, lambda h: {"resign": (0, bytes(range(32)))}))
        notice = bo.inner_text("#hidden-notice")
        assert "Un abandon falsifié : sa clé n'est pas celle du joueur 1" in notice, notice
        assert bo.evaluate("() => JSON.stringify(localStorage)") == before and not state(bo)["hidden"]["resigned"]
        bo.locator("#hidden-card").scroll_into_view_if_needed()
        shot(bo, "refused-fr-390")
        open_link(bo, site_url, resignation)
        assert bo.inner_text("#hidden-headline") == "Ana a abandonné : vous gagnez."
        assert not ana.page_errors and not bo.page_errors, (ana.page_errors, bo.page_errors)
    finally:
        ctx_a.close()
        ctx_b.close()
