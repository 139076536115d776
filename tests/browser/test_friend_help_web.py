"""No computer help in a running game with a friend (page.js noHelpReason, bridge
session.refuse_help_in_friend_game): Hint, Analyse and Review game are disabled with a one-line
reason beside them, and the engine refuses them too; once the game is over they work again,
and so they do in a friend's link opened as an ordinary game (a copy to look at)."""
from __future__ import annotations

from helpers import READY, poll, wait_idle
from test_friends_web import context, link_in_card

REASON = "No computer help during a game with a friend"


def help_shown(pg) -> dict:
    return pg.evaluate("""() => ({
      hint: !document.getElementById('hint').hidden && !document.getElementById('hint').disabled,
      analyse: !document.getElementById('analyse').disabled,
      review: !document.getElementById('review-start').disabled,
      note: document.getElementById('help-note').hidden ? '' : document.getElementById('help-note').textContent,
      reviewNote: document.getElementById('review-status').textContent})""")


def test_hint_analyse_and_review_wait_until_the_friend_game_is_over(browser, site_url):
    ctx, ana = context(browser)
    try:
        ana.goto(site_url + "index.html")
        ana.wait_for_selector(READY, timeout=120_000)
        # an ordinary game first, with the analysis on: a friend game turns it off
        ana.click("#analyse")
        poll(ana, "() => document.getElementById('analyse').getAttribute('aria-pressed') === 'true'")
        ana.select_option("#game-select", "hex")
        ana.fill('[name="opt-size"]', "5")
        ana.select_option('#player-fields [data-seat="1"]', "friend")
        ana.click("#new-game")
        wait_idle(ana)
        shown = help_shown(ana)
        assert not shown["hint"] and not shown["analyse"] and not shown["review"], shown
        assert shown["note"].startswith(REASON) and shown["reviewNote"].startswith(REASON), shown
        assert ana.is_visible("#hint") and ana.get_attribute("#hint", "aria-describedby") == "help-note"
        assert ana.get_attribute("#analyse", "aria-pressed") == "false" and ana.is_hidden("#analysis-card")
        refused = ana.evaluate("() => window.boardwright.call({cmd: 'think', seconds: 0.01})")
        assert not refused["ok"] and "no hint while a game with a friend" in refused["error"]["message"]
        # a move, sent: the game goes on, still no help; then a resignation ends it
        ana.evaluate("async () => { await window.boardwright.send({cmd: 'play', move: 'c3'}); }")
        wait_idle(ana)
        link = link_in_card(ana)
        ana.click("#friend-copy")
        poll(ana, "() => window.boardwright.state().friend.sent === 1")
        assert not help_shown(ana)["review"]
        # the link opened as an ordinary game (what "Open it as a separate copy" does): help
        ana.evaluate("async (t) => { await window.boardwright.send({cmd: 'open', token: t}); }", link.split("#r=", 1)[1])
        wait_idle(ana)
        shown = help_shown(ana)
        assert shown["hint"] and shown["analyse"] and shown["review"] and not shown["note"] and not shown["reviewNote"], shown
        ana.click("#hint")
        poll(ana, "() => document.getElementById('status').textContent.startsWith('Hint:')")
        ana.click("#analyse")
        poll(ana, "() => document.querySelectorAll('#analysis-lines li').length > 0")
        ana.click("#analyse")
    finally:
        ctx.close()
    # the friend's side: the game is running for Bo too; his resignation ends it, and help is back
    ctx, bo = context(browser)
    try:
        bo.goto(link)
        bo.wait_for_selector(READY, timeout=120_000)
        wait_idle(bo)
        assert bo.evaluate("() => window.boardwright.state().friend.running")
        shown = help_shown(bo)
        assert not shown["analyse"] and shown["note"].startswith(REASON), shown
        bo.click("#friend-resign")
        bo.click("#friend-resign")
        poll(bo, "() => window.boardwright.state().is_over")
        wait_idle(bo)
        shown = help_shown(bo)
        assert shown["analyse"] and shown["review"] and not shown["note"] and not shown["reviewNote"], shown
        bo.click("#review-start")
        poll(bo, "() => /Reviewed/.test(document.getElementById('review-status').textContent)")
    finally:
        ctx.close()
