"""A friend's link draws its board before the engine is up (web/preview/, page/early.js): the
receiver sees the game from their seat with the friend's last move marked, can move at once
(the move waits for the engine, then is played in the engine's game), and the engine's reading
replaces the preview; a link the engine refuses (here: it plays a move for this seat that is not
one of its conditional replies) leaves the game as it was, with the refusal shown. The first
board comes from page/first.js and a few modules, before the page's own have arrived: a click on
it waits for the page and is then played."""
from __future__ import annotations

from pathlib import Path

from helpers import READY, poll, state, wait_idle
from test_friends_web import context, link_in_card

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "dist" / "screenshots"


def invite(ana, site_url, first="d4") -> str:
    """Ana starts a Hex 7 game with a friend and plays `first`: the invitation in her card (not
    sent yet)."""
    ana.goto(site_url + "index.html")
    ana.wait_for_selector(READY, timeout=120_000)
    ana.select_option("#game-select", "hex")
    ana.fill('[name="opt-size"]', "7")
    ana.select_option('#player-fields [data-seat="1"]', "friend")
    ana.fill("#friend-my-name", "Ana")
    ana.click("#new-game")
    wait_idle(ana)
    ana.evaluate("async (m) => { await window.boardwright.send({cmd: 'play', move: m}); }", first)
    wait_idle(ana)
    return link_in_card(ana)


def start_invitation(ana, site_url, first="d4") -> str:
    """The invitation, sent (copied): final."""
    link = invite(ana, site_url, first)
    ana.click("#friend-copy")
    poll(ana, "() => window.boardwright.state().friend.sent === 1")
    return ana.input_value("#friend-link") or link


def test_a_friends_link_is_drawn_before_the_engine_and_a_move_waits(browser, site_url):
    ctx_a, ana = context(browser)
    ctx_b, bo = context(browser)
    try:
        invitation = start_invitation(ana, site_url)
        bo.goto(invitation)
        bo.wait_for_selector("body[data-link-preview=drawn]", timeout=60_000)
        early = bo.evaluate("""() => ({ready: document.body.dataset.ready === 'true',
          last: [...document.querySelectorAll('#board-svg .last')].map((n) => n.dataset.target).filter(Boolean),
          status: document.getElementById('status').textContent,
          state: window.boardwright.state()})""")
        assert early["last"] == ["d4"], early["last"]  # the friend's last move, marked
        SHOTS.mkdir(parents=True, exist_ok=True)
        bo.screenshot(path=str(SHOTS / "friends-preview-1280.png"))
        print("engine ready at the preview:", early["ready"])
        assert early["state"]["moves"] == ["d4"] and early["state"]["viewer"] == 1
        if not early["ready"]:
            assert "your move against Ana (the engine is starting)" in early["status"], early["status"]
            bo.click('#board-svg [data-target="c3"]')  # a move on the preview: it waits for the engine
        bo.wait_for_selector(READY, timeout=120_000)
        wait_idle(bo)
        if not early["ready"]:
            poll(bo, "() => window.boardwright.state().moves.length === 2")
        else:
            bo.evaluate("async () => { await window.boardwright.send({cmd: 'play', move: 'c3'}); }")
            wait_idle(bo)
        st = state(bo)
        assert st["moves"] == ["d4", "c3"] and st["friend"]["seat"] == 1 and "preview" not in st
        timing = bo.evaluate("() => ({first: +document.body.dataset.firstBoardMs, engine: +document.body.dataset.engineMs})")
        assert timing["first"] < timing["engine"], timing
        assert "Send your move" in bo.inner_text("#friend-send-title")
        assert link_in_card(bo)
        assert not bo.page_errors
    finally:
        ctx_a.close()
        ctx_b.close()


def test_a_link_the_engine_refuses_leaves_the_game_as_it_was(browser, site_url):
    import sys
    sys.path.insert(0, str(ROOT))
    from pygame_core.core import replay
    from pygame_core.records import encode_corr_link
    ctx_a, ana = context(browser)
    ctx_b, bo = context(browser)
    try:
        invitation = start_invitation(ana, site_url)
        bo.goto(invitation)
        bo.wait_for_selector(READY, timeout=120_000)
        wait_idle(bo)
        bo.evaluate("async () => { await window.boardwright.send({cmd: 'play', move: 'c3'}); }")
        wait_idle(bo)
        link_in_card(bo)
        bo.click("#friend-copy")
        poll(bo, "() => window.boardwright.state().friend.sent === 2")
        mine = state(bo)
        # a forged reply: Ana's move, then one for Bo he never set as a conditional reply, then Ana's
        game = replay(mine["save"]["record"])
        for move in ("e5", "b2", "f6"):
            game.play(move)
        f = mine["friend"]
        token = encode_corr_link(game, game_id=f["id"], sender=0, start=f["start"],
                                 times=[f["start"] + k for k in range(1, 6)], names=f["names"])
        bo.goto(f"{site_url}index.html#r={token}")
        bo.wait_for_selector("body[data-link-preview=drawn]", timeout=60_000)
        bo.wait_for_selector(READY, timeout=120_000)
        wait_idle(bo)
        notice = poll(bo, "() => document.getElementById('friend-notice').innerText")
        assert "not one of your conditional replies" in notice, notice
        st = state(bo)
        assert st["moves"] == ["d4", "c3"] and st["friend"]["id"] == f["id"] and "preview" not in st
        assert bo.locator('#board-svg [data-target="e5"].stone').count() == 0
        assert not bo.page_errors
    finally:
        ctx_a.close()
        ctx_b.close()


def test_the_first_board_comes_before_the_pages_modules_and_keeps_a_click(browser, site_url):
    """page/first.js draws the link's board while the page's own modules are held back (here:
    friends.js, which only app.js imports); a click on it waits, then is the page's move."""
    ctx_a, ana = context(browser)
    ctx_b, bo = context(browser)
    held = []
    try:
        invitation = start_invitation(ana, site_url)
        bo.context.route("**/panels/friends.js", lambda route: held.append(route))
        bo.goto(invitation, wait_until="commit")
        bo.wait_for_selector("#board-svg[data-first] [data-target]", timeout=60_000)
        first = bo.evaluate("""() => ({app: !!window.boardwright, last: [...document.querySelectorAll('#board-svg .last')]
          .map((n) => n.dataset.target).filter(Boolean), status: document.getElementById('status').textContent})""")
        assert held and not first["app"], "the page's modules were not held back"
        assert first["last"] == ["d4"] and "your move against Ana" in first["status"], first
        bo.click('#board-svg [data-target="c3"]')  # before the page has its board: it waits
        for route in held:
            route.continue_()
        held.clear()
        bo.context.unroute("**/panels/friends.js")
        bo.wait_for_selector(READY, timeout=120_000)
        poll(bo, "() => window.boardwright.state().moves.length === 2")
        wait_idle(bo)
        assert state(bo)["moves"] == ["d4", "c3"] and not bo.get_attribute("#board-svg", "data-first")
        assert not bo.page_errors
    finally:
        for route in held:
            route.continue_()
        ctx_a.close()
        ctx_b.close()


def test_a_radial_y_link_is_drawn_before_the_engine(browser, site_url):
    """Y's radial boards are previewed too (web/preview/radial.js): the 93-node board from the
    receiver's seat, the friend's move marked, then the engine's game."""
    import sys
    sys.path.insert(0, str(ROOT))
    from pygame_core.core import new_game
    from pygame_core.records import encode_corr_link
    game = new_game("y", seed=5, family="radial", center_rows=5, outer_rows=4)
    game.play("2.3")
    token = encode_corr_link(game, game_id="RadialTest01", sender=0, start=29_400_000, times=[29_400_010],
                             names=["Ana", ""])
    ctx, bo = context(browser)
    try:
        bo.goto(f"{site_url}index.html#r={token}")
        bo.wait_for_selector("body[data-link-preview=drawn]", timeout=60_000)
        early = bo.evaluate("""() => ({last: [...document.querySelectorAll('#board-svg .last')].map((n) => n.dataset.target)
          .filter(Boolean), nodes: document.querySelectorAll('#board-svg circle[data-target]').length})""")
        assert early == {"last": ["2.3"], "nodes": 93}, early
        bo.wait_for_selector(READY, timeout=120_000)
        wait_idle(bo)
        st = state(bo)
        assert st["moves"] == ["2.3"] and st["friend"]["seat"] == 1 and "preview" not in st
        assert not bo.page_errors
    finally:
        ctx.close()
