"""A cheater caught on the page (panels/hidden.js, hidden-card.js): the honest seat is a page,
the cheater's seat a program of its own (a :class:`HiddenPlayer` the test drives, whose links
it crafts), as a cheater with a changed copy of the engine would play. A card played that its
player did not draw is refused when the link is opened, naming the moves, and the page stays as
it was (state and storage); a false "you open" claim, which nobody can refute before the
hands are shown, is named by the audit at the end: the page says who cheated and why, and the
game-over card that the result does not stand.
Screenshots: dist/screenshots/hidden-cheat-*.png."""
from __future__ import annotations

import pytest

from helpers import poll, state, wait_idle
from test_friends_web import open_link
from test_hidden_resign_web import _forged
from test_hidden_web import STORE, context, link_shown, need, play_turn, shot, start


def url(site_url, token):
    return f"{site_url}index.html#r={token}"


def kept(st):
    """The page's state but the link it last offered to send (shown again as the last link)."""
    return {**st, "hidden": {k: v for k, v in st["hidden"].items() if k != "link"}}


def turn_of(pg, site_url, token):
    """The page opens the cheater's link and answers it (its turn by clicks, or the deal's
    step): its link."""
    open_link(pg, site_url, url(site_url, token))
    return play_turn(pg) if need(pg) == "move" else link_shown(pg)


def test_a_card_played_that_was_not_drawn_is_refused_naming_the_moves(browser, site_url):
    from pygame_core.hidden import HiddenPlayer
    ctx, ana = context(browser)
    try:
        bo = HiddenPlayer.accept(start(ana, site_url, "codex", "Ana", "Bo"), name="Bo")
        token, honest = bo.last_link, None
        for _ in range(12):                    # the deal, then turns until Bo places a card
            bo.receive(turn_of(ana, site_url, token))
            done = len(bo.moves)
            token = bo.take_turn()
            new = bo.moves[done:]
            if any(m.startswith("play ") and m.split()[1].isdigit() for m in new):
                honest = token
                break
        assert honest, bo.moves
        # Bo's link, crafted: the card he placed swapped for one he never drew (its back up, so
        # it fits where his did); the deal message still shows the card he drew
        k = max(i for i, m in enumerate(bo.moves) if m.startswith("play "))
        placed = {c.card.id for f in bo.game.fields for c in f.cards.values()}
        mine = int(bo.moves[k].split()[1])
        other = next(c for c in range(1, 41) if c not in placed | set(bo.game.hands[1]) | {mine}
                     and c not in bo.game.market)
        at = bo.moves[k].split(" at ")[1]

        def swap(h):
            moves = list(h["moves"])
            moves[k] = f"play {other} back at {at}"
            return {"moves": moves}
        forged = _forged(url(site_url, honest), swap)
        before = (ana.evaluate(STORE), kept(state(ana)))
        open_link(ana, site_url, forged)
        notice = ana.inner_text("#hidden-notice")
        assert notice.startswith("The link was not taken in, the game stays as it was"), notice
        assert f"Moves {k + 1}–{k + 2} ('play {other} back at {at}" in notice, notice
        assert "it plays a tile or card its player did not draw" in notice, notice
        assert (ana.evaluate(STORE), kept(state(ana))) == before
        assert need(ana) == "wait" and "Waiting for Bo's link" in ana.inner_text("#hidden-headline")
        ana.locator("#hidden-card").scroll_into_view_if_needed()
        shot(ana, "cheat-refused-1280")
        ana.set_viewport_size({"width": 390, "height": 844})
        ana.locator("#hidden-notice").scroll_into_view_if_needed()
        shot(ana, "cheat-refused-390")
        ana.set_viewport_size({"width": 1280, "height": 800})
        ana.click("#hidden-notice button")
        # Bo's true link goes in and the game goes on
        open_link(ana, site_url, url(site_url, honest))
        assert len(state(ana)["moves"]) == len(bo.moves) and need(ana) == "move"
        assert not ana.page_errors, ana.page_errors
    finally:
        ctx.close()


def test_a_false_opening_claim_is_named_by_the_audit_on_the_page(browser, site_url):
    """Bo holds the best hand and says "you open" (Triominos' opener is the best hand, which
    neither side sees whole): the game goes on, and the audit names him."""
    from pygame_core.hidden import HiddenPlayer
    ctx, ana = context(browser)
    try:
        for _ in range(12):        # deals until Bo holds the best hand (about one in two)
            bo = HiddenPlayer.accept(start(ana, site_url, "triominos", "Ana", "Bo"), name="Bo")
            bo.receive(turn_of(ana, site_url, bo.last_link))   # Ana's relock, her best tile shown
            if bo.first_player == 1 and not bo.moves:
                break
        else:
            pytest.fail("Bo never held the best hand in 12 deals")
        bo.first_player, bo.decided_by, bo.game = 0, 1, None    # the cheat: "you open"
        bo._build()
        token = bo.take_turn()
        for _ in range(60):        # the single round to its end, and both seeds shown
            open_link(ana, site_url, url(site_url, token))
            if need(ana) == "audit" and bo.finished:
                break
            bo.receive(play_turn(ana) if need(ana) == "move" else link_shown(ana))
            if need(ana) == "audit" and bo.finished:
                break
            token = bo.take_turn()
        assert need(ana) == "audit" and state(ana)["is_over"]
        assert state(ana)["moves"][0].split()[0] != "draw"    # Ana opened, as Bo claimed
        ana.wait_for_selector("#hidden-audit .verdict")
        poll(ana, "() => !document.querySelector('#hidden-audit').textContent.includes('Checking')")
        audit = ana.inner_text("#hidden-audit")
        assert "Audit failed: Bo cheated." in audit, audit
        problems = ana.locator("#hidden-audit li").all_inner_texts()
        # (the page words each problem from its code, naming the seats by their players' names)
        assert any(p.startswith("Bo:") and "Ana opens" in p and "held the best hand" in p for p in problems), problems
        assert bo.audit()["cheaters"] == [1]                  # Bo's own copy says the same
        # the game-over card: the result does not stand, and no winner's colour (whoever the
        # rules' winner was); what the game came to stays
        over_card(ana)
        ana.locator("#hidden-audit").scroll_into_view_if_needed()
        shot(ana, "cheat-audit-1280")
        ana.set_viewport_size({"width": 390, "height": 844})
        ana.locator("#hidden-audit").scroll_into_view_if_needed()
        shot(ana, "cheat-audit-390")
        ana.evaluate("() => document.getElementById('game-over').scrollIntoView({block: 'start'})")
        shot(ana, "cheat-over-390")
        # the verdict stays: the page reloaded shows it again, the game as it ended
        moves = state(ana)["moves"]
        ana.reload()
        wait_idle(ana)
        poll(ana, "() => (document.querySelector('#hidden-audit .verdict') || {}).textContent"
                  " === 'Audit failed: Bo cheated.'")
        assert state(ana)["moves"] == moves
        over_card(ana)
        # a damaged save's audit (its seats not seat numbers) is not trusted: the audit runs again
        damaged = ana.evaluate("""() => {
          for (const k of Object.keys(localStorage)) {
            if (!k.startsWith('boardwright.save.')) continue;
            const e = JSON.parse(localStorage.getItem(k));
            if (!e.hiddenSeat || !e.hiddenSeat.audit) continue;
            e.hiddenSeat.audit.cheaters = 'x'.repeat(100000);
            localStorage.setItem(k, JSON.stringify(e));
            return k;
          }
          return null;
        }""")
        assert damaged
        ana.reload()
        wait_idle(ana)
        poll(ana, "() => (document.querySelector('#hidden-audit .verdict') || {}).textContent"
                  " === 'Audit failed: Bo cheated.'")
        assert state(ana)["moves"] == moves
        over_card(ana)
        assert not ana.page_errors, ana.page_errors
    finally:
        ctx.close()


def over_card(pg):
    """The game-over card of the audit that names Bo: he cheated, the result does not stand."""
    result = pg.inner_text("#game-over-result")
    assert result == "Bo cheated: the result does not stand.", (result, state(pg)["winners"])
    assert "wins" not in pg.inner_text("#game-over"), pg.inner_text("#game-over")
    assert pg.locator("#game-over-result .swatch").count() == 0
    assert pg.text_content("#announcer") == result  # (screen readers hear the verdict too)
    assert pg.get_attribute("#game-over", "class").split() == ["game-over", "void"]
    st = state(pg)
    assert pg.inner_text("#game-over-detail") == f"{len(st['moves'])} moves · Ana {st['scores'][0]} · Bo {st['scores'][1]}"
