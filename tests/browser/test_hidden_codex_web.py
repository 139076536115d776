"""A whole Codex game with hidden hands by link (panels/hidden.js, hidden-card.js; the engine's
pygame_core/hidden_bags.py): two browser contexts, a computer and a phone, play Codex to its
end passing the links the pages show, as test_hidden_web.py plays Triominos: the deal, both
starter cards and secret objectives, every placement and draw clicked as a person does; then
both pages hold the audit: passed on both, the same final scores on both, and the result on
the game-over card. Neither page holds a card of the other's hand before the end.

Codex has no option that shortens a game (its only option is the number of players), so the
players here play for points, as people do: each placement is the one that scores most at once
(tried on the seat's own copy, loaded from its page's record), which ends a game at 20 points
in about 45-60 hops instead of the 80 of a game played by the first legal placement (both
decks emptied; measured in CPython over the same links). Every other draw takes a face-up gold
card when there is one, so both kinds of draw are made; the leak check leaves out the face-up
cards a seat took (both players saw them). Measured on the shared 2-core machine: 49-53 hops,
88-96 moves, 1.6-2.6 minutes for the whole test. Screenshots: dist/screenshots/hidden-codex-end-*.png."""
from __future__ import annotations

import time

from helpers import poll, state
from test_hidden_web import accept, choose, context, exchange, need, page_text, record_of, shot, shows, start


def check_no_leak(pages):
    """Neither page's storage nor DOM holds a card of the other's hand, but the face-up cards it
    took (both saw them taken); each page shows its own hand."""
    from pygame_core.hidden import load_player
    for seat in (0, 1):
        mine, theirs = pages[seat], pages[1 - seat]
        player = load_player(record_of(theirs))
        face_up = {int(m.split()[1]) for m in player.moves if m.startswith("draw ") and m.split()[1].isdigit()}
        hand = [rf"(?:card|objective)[ :]{n}(?!\d)" for n in player.game.hands[player.seat]]
        assert hand
        blob = page_text(mine)
        leaked = [p for p, n in zip(hand, player.game.hands[player.seat]) if n not in face_up and shows(blob, [p])]
        assert not leaked, (seat, leaked)
        assert any(shows(page_text(theirs), [p]) for p in hand), "the page's own hand is not written as read"


def scoring(pg):
    """A person's pick on ``pg`` who plays for points: the placement that scores most now (its
    copy, from the page's own record); every other draw a face-up gold card if there is one
    (gold cards score), else :func:`choose`'s (a choice, a deck)."""
    draws = []

    def pick(legal):
        plays = [m for m in legal if m["move"].startswith("play ")]
        if not plays:
            gold = [m for m in legal if m["move"].startswith("draw ") and m["move"].split()[1].isdigit()
                    and int(m["move"].split()[1]) > 40]
            if any(m["move"].startswith("draw ") for m in legal):
                draws.append(1)
            return gold[0] if gold and len(draws) % 2 else choose(legal)
        from pygame_core.hidden import load_player
        player = load_player(record_of(pg))
        assert not state(pg)["hidden"]["pending"]     # (a Codex turn places first, then draws)
        game, seat = player.game, player.seat

        def points(entry):
            walk = game.clone()
            walk.play(walk.to_move(entry["move"]))
            return walk.points[seat]
        return max(plays, key=points)
    return pick


def test_two_friends_play_codex_to_the_end_by_links(browser, site_url):
    ctx_a, ana = context(browser)
    ctx_b, bo = context(browser, phone=True)
    began = time.monotonic()
    try:
        invitation = start(ana, site_url, "codex", "Ana", "Bo")
        answer = accept(bo, site_url, invitation, "Bo")
        pages = (ana, bo)

        def on_hop(hops, pages, who, link):
            if hops in (4, 20) and need(pages[who]) != "audit":
                check_no_leak(pages)

        hops = exchange(pages, site_url, answer, 0, game="codex", on_hop=on_hop,
                        picks={0: scoring(ana), 1: scoring(bo)})
        print(f"\nCodex by links in the browser: {hops} hops, {len(state(ana)['moves'])} moves, "
              f"{time.monotonic() - began:.0f} s")
        audits = []
        for pg in pages:
            assert need(pg) == "audit"
            pg.wait_for_selector("#hidden-audit .verdict")
            poll(pg, "() => !document.querySelector('#hidden-audit').textContent.includes('Checking')")
            audit = pg.inner_text("#hidden-audit")
            assert "Audit passed" in audit, audit
            audits.append(next(line for line in audit.splitlines() if line.startswith("Final scores")))
        # the same final scores on both pages, in the audit and on the game-over card
        assert audits[0] == audits[1], audits
        st = [state(pg) for pg in pages]
        assert st[0]["scores"] == st[1]["scores"] and st[0]["winners"] == st[1]["winners"]
        assert len(st[0]["moves"]) == len(st[1]["moves"]) and st[0]["is_over"] and st[1]["is_over"]
        scores, winners = st[0]["scores"], st[0]["winners"]
        assert audits[0] == f"Final scores: Ana {scores[0]} · Bo {scores[1]}"
        for pg in pages:
            result = pg.inner_text("#game-over-result")
            assert all(("Ana", "Bo")[w] in result for w in winners), result
            assert f"Ana {scores[0]} · Bo {scores[1]}" in pg.inner_text("#game-over-detail")
        # a whole game: both starter cards and secret objectives chosen, cards placed and
        # drawn from the decks and the face-up cards, to 20 points or both decks emptied
        moves = st[0]["moves"]
        assert sum(m.startswith("objective") for m in moves) == 2, moves[:8]
        assert sum(m.startswith("play ") for m in moves) > 20
        draws = [m for m in moves if m.startswith("draw ")]
        assert any(m.split()[1].isdigit() for m in draws) and any(not m.split()[1].isdigit() for m in draws), draws
        assert max(scores) >= 20 or sum(m.startswith("draw ") for m in moves) >= 70
        for pg, name in ((ana, "codex-end-1280"), (bo, "codex-end-390")):
            pg.evaluate("() => document.getElementById('game-over').scrollIntoView({block: 'start'})")
            shot(pg, name)
        assert not ana.page_errors and not bo.page_errors, (ana.page_errors, bo.page_errors)
    finally:
        ctx_a.close()
        ctx_b.close()
