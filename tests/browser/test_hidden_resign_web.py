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
        invitation = start(ana, site_url, "triominos", "Ana", "Bo")
        assert ana.is_hidden("#hidden-resign") and ana.is_hidden("#hidden-rematch")
        link, who, pages, moved = accept(bo, site_url, invitation, "Bo"), 0, (ana, bo), 0
        while moved < 2:                    # the deal, the opening and two turns
            pg = pages[who]
            open_link(pg, site_url, link)
            if need(pg) == "move":
                link, moved = play_turn(pg), moved + 1
            else:
                link = link_shown(pg)
            who = 1 - who
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
