"""Hidden-hand games by link through the bridge (pygame_core/bridge/hidden.py): two pages (two
bridge sessions, as two devices) play whole games passing only link strings, each storing its
record as JSON text between calls and reloading from it (a fresh session) now and then; the
audit passes at the end; what one seat is sent never holds the other's hand; damaged, wrong,
foreign and replayed input is refused with a short message and the stored record unchanged."""
from __future__ import annotations

import json
import re

import pytest

from pygame_core.bridge import MAX_MESSAGE_CHARS, Session, handle
from pygame_core.core import game_class
from pygame_core.hidden import KEYS_MISSING


class Page:
    """One player's page: a bridge session and the record it keeps in storage (JSON text)."""

    def __init__(self):
        self.session, self.stored = Session(), None

    def call(self, **req):
        if "record" not in req and self.stored is not None:
            req["record"] = self.stored
        # as through the worker: JSON text in, JSON text out
        out = json.loads(json.dumps(handle(json.loads(json.dumps(req)), self.session)))
        if out["ok"] and out["result"].get("changed"):
            self.stored = json.dumps(out["result"]["record"])   # what the page puts in storage
        return out

    def ok(self, **req):
        out = self.call(**req)
        assert out["ok"], out
        return out["result"]

    def refused(self, **req):
        before = self.stored
        out = self.call(**req)
        assert not out["ok"], out
        assert self.stored == before
        message = out["error"]["message"]
        assert len(message) <= MAX_MESSAGE_CHARS
        return message

    def reload(self):
        """The page reloaded: a fresh worker, the record from storage."""
        self.session = Session()


def choose(legal):
    """A person's pick: a placement or choice, else draw, else pass."""
    texts = [m["move"] for m in legal]
    return next((t for t in texts if t.split(" ")[0] not in ("draw", "pass")), None) or \
        next((t for t in texts if t.split(" ")[0] == "draw"), texts[0])


def turn(page):
    """This page's whole turn, move by move as a person clicks: the link it sends."""
    got = page.ok(cmd="hidden_state")
    assert got["hidden"]["need"] == "move", got["hidden"]
    moves = []
    while True:
        moves.append(choose(got["board"]["legal"]))
        got = page.ok(cmd="hidden_play", moves=moves)
        if got["changed"]:
            return got["link"]
        assert got["board"]["pending"] == moves and got["record"] == json.loads(page.stored)


def hidden_texts(page, seat):
    """The other seat's hidden items as this page's answers would spell them (from the audit)."""
    return page.ok(cmd="hidden_audit")["audit"]["hands"][1 - seat]


def play_game(game, options, *, watch=None):
    """A whole game between two pages: ``(a, b, links, answers)``, ``answers[seat]``: every
    answer that seat's page got, as JSON text."""
    a, b = Page(), Page()
    answers = {0: [], 1: []}
    got = a.ok(cmd="hidden_new", game=game, options=options, names=["Ann", "Bob"], now=29_000_000)
    answers[0].append(json.dumps(got))
    link, links = got["link"], [got["link"]]
    opened = b.ok(cmd="hidden_open", link=link)["opened"]
    assert opened["kind"] == "invitation" and opened["seat"] == 1
    got = b.ok(cmd="hidden_accept", link=link, name="Bob")
    answers[1].append(json.dumps(got))
    link = got["link"]
    links.append(link)
    pages, me, hops = (a, b), 0, 0
    while True:
        page = pages[me]
        hops += 1
        if hops % 7 == 0:
            page.reload()
        assert page.ok(cmd="hidden_open", link=link)["opened"]["kind"] == "next"
        got = page.ok(cmd="hidden_receive", link=link)
        answers[me].append(json.dumps(got))
        if got["hidden"]["need"] == "audit":
            break
        if got["hidden"]["need"] == "move":
            link = turn(page)
            answers[me].append(json.dumps(page.ok(cmd="hidden_state")))
        else:
            assert got["hidden"]["need"] == "wait" and got["link"], got["hidden"]
            link = got["link"]
        links.append(link)
        me = 1 - me
        assert hops < 600
    other = pages[1 - me]
    if other.ok(cmd="hidden_state")["hidden"]["need"] != "audit":
        other.ok(cmd="hidden_receive", link=page.ok(cmd="hidden_state")["last_link"])
    return a, b, links, answers


@pytest.fixture(scope="module", params=[("triominos", {"target": None}), ("iwoki", {}), ("codex", {})],
                ids=["triominos", "iwoki", "codex"])
def game(request):
    for _ in range(6):  # (a deal may block a Triominos game in a few moves: deal again)
        played = play_game(*request.param)
        if len(played[0].ok(cmd="hidden_state")["board"]["moves"]) > 10:
            break
    return request.param, played


def test_a_whole_game_through_the_bridge_ends_with_both_audits_passed(game):
    (name, _), (a, b, links, _) = game
    ra, rb = a.ok(cmd="hidden_audit")["audit"], b.ok(cmd="hidden_audit")["audit"]
    assert ra["ok"] and rb["ok"], (ra, rb)
    assert ra["result"] == rb["result"] and ra["scores"] == rb["scores"] and ra["winners"] == rb["winners"]
    assert ra["winners"] and all(0 <= w < 2 for w in ra["winners"])
    sa, sb = a.ok(cmd="hidden_state"), b.ok(cmd="hidden_state")
    assert json.loads(a.stored)["moves"] == json.loads(b.stored)["moves"]     # the moves of the links
    assert len(sa["board"]["moves"]) == len(sb["board"]["moves"]) > 10
    assert sa["board"]["is_over"] and sb["board"]["is_over"]
    assert sa["hidden"]["need"] == sb["hidden"]["need"] == "audit"
    assert json.loads(a.stored)["seat"] == 0 and json.loads(b.stored)["seat"] == 1


def _key(text):
    """A tile or small tile by its numbers (a placement's text turns it: 0-5-5, 213-)."""
    return "".join(sorted(re.findall(r"\d", text)))


def _shows(blob, item, game):
    """Whether the JSON text ``blob`` names ``item`` (a Codex card by its id: card 12, card:12)."""
    pattern = rf"(?:card|objective)[ :]{item}(?!\d)" if game == "codex" else \
        rf"(?<![\w.\-*]){re.escape(item)}(?![\w\-])"  # (not inside a hexagonal tile's order: 35*124)
    return re.search(pattern, blob) is not None


def _placed(moves):
    """The items the moves placed (or chose), by :func:`_key` and, for Codex, by card id."""
    return {_key(m.split(" ")[0]) for m in moves} | {n for m in moves for n in re.findall(r"^\w+ (\d+)", m)}


def test_no_answer_to_a_seat_holds_the_other_seats_hidden_items(game):
    (name, options), (a, b, links, answers) = game
    for seat, page in ((0, a), (1, b)):
        mine, theirs = hidden_texts(page, 1 - seat), hidden_texts(page, seat)
        seen_mine = 0
        for text in answers[seat]:
            got = json.loads(text)
            assert got["record"]["seat"] == seat
            board = got["board"]
            if board is None or board["is_over"]:
                continue
            placed = _placed(board["moves"])
            blob = json.dumps(board)
            hidden = [t for t in theirs if t not in placed and _key(t) not in placed
                      and t not in mine and _key(t) not in map(_key, mine)]
            assert not [t for t in hidden if _shows(blob, t, name)], (seat, board["moves"])
            seen_mine += sum(1 for t in mine if t not in placed and _key(t) not in placed and _shows(blob, t, name))
        assert seen_mine, "this seat's own hand never showed: the check above would see nothing"


def test_the_record_alone_goes_on_after_a_reload(game):
    _, (a, b, links, _) = game
    fresh = Page()
    fresh.stored = a.stored
    assert fresh.ok(cmd="hidden_state")["record"] == json.loads(a.stored)
    assert fresh.ok(cmd="hidden_audit")["audit"]["ok"]


def _midgame(game_name, options, hops=6):
    """Two pages a few links into a game: ``(a, b, links)``, A to take ``links[-1]`` in.  A deal
    that ends the game before (now and then a Triominos deal blocks it at once: both players
    draw three and pass) is dealt again."""
    for _ in range(20):
        a, b = Page(), Page()
        links = [a.ok(cmd="hidden_new", game=game_name, options=options, names=["Ann", ""])["link"]]
        links.append(b.ok(cmd="hidden_accept", link=links[0])["link"])
        pages, me = (a, b), 0
        while len(links) < hops:
            got = pages[me].ok(cmd="hidden_receive", link=links[-1])
            if got["hidden"]["finished"]:
                break
            links.append(turn(pages[me]) if got["hidden"]["need"] == "move" else got["link"])
            me = 1 - me
        else:
            assert me == 0
            return a, b, links
    raise AssertionError("twenty deals in a row ended the game early")


@pytest.fixture(scope="module")
def midgame():
    return _midgame("triominos", {"target": None})


def _tamper(link, at):
    """The link with one character of its token changed (the checksum then fails)."""
    head, token = link.split(".", 1)
    c = "A" if token[at] != "A" else "B"
    return head + "." + token[:at] + c + token[at + 1:]


def test_bad_input_is_refused_briefly_and_the_record_stays(midgame):
    a, b, links = midgame
    message = a.refused(cmd="hidden_receive", link=_tamper(links[-1], len(links[-1]) // 2))
    assert "damaged" in message or "corrupted" in message, message
    assert "not a Boardwright share link" in a.refused(cmd="hidden_receive", link="hello")
    assert "too long" in a.refused(cmd="hidden_receive", link="4." + "A" * 200_000)
    # the link this seat sent, and one it took in already (replayed)
    assert "the link you sent" in a.refused(cmd="hidden_receive", link=links[-2])
    assert "taken this link in already" in a.refused(cmd="hidden_receive", link=links[-3])
    assert a.ok(cmd="hidden_open", link=links[-3])["opened"]["kind"] == "old"
    assert a.ok(cmd="hidden_open", link=links[-2])["opened"]["kind"] == "own"
    # B's record with a link for A: B's own link; a record that is not one; no record at all
    b_record = b.stored
    assert "the link you sent" in a.refused(cmd="hidden_receive", link=links[-1], record=b_record)
    assert "not the record of a hidden-hand game" in a.refused(cmd="hidden_receive", link=links[-1],
                                                                record={"kind": "x"})
    assert "damaged" in a.refused(cmd="hidden_receive", link=links[-1], record="{" + "[" * 50)
    damaged = json.loads(a.stored)
    damaged["seed"] = "zz"
    assert "damaged" in a.refused(cmd="hidden_receive", link=links[-1], record=damaged)
    nobody = Page()
    assert KEYS_MISSING in nobody.refused(cmd="hidden_receive", link=links[-1]).lower()
    assert nobody.ok(cmd="hidden_open", link=links[-1])["opened"]["kind"] == "record"
    # moves: not this seat's turn, not legal, too many, too long
    assert "wait for their link" in b.refused(cmd="hidden_play", moves=["draw"])
    # and the honest link still goes in after all that
    assert a.ok(cmd="hidden_receive", link=links[-1])["changed"]


def test_a_link_of_another_game_is_refused(midgame):
    a, b, links = midgame
    other = _midgame("triominos", {"target": None}, hops=4)
    message = a.refused(cmd="hidden_receive", link=other[2][-1])
    assert "another game" in message
    assert a.ok(cmd="hidden_open", link=other[2][-1], record=None)["opened"]["kind"] == "record"
    assert "another game" in a.refused(cmd="hidden_open", link=other[2][-1])
    # this game's link with the other game's record (of the right seat)
    assert "another game" in a.refused(cmd="hidden_receive", link=links[-1], record=other[0].stored)


def test_moves_are_checked_before_anything_is_stored():
    for _ in range(20):  # (a deal now and then blocks the game at once: both draw three and pass)
        a, b, links = _midgame("triominos", {"target": None}, hops=6)
        got = a.ok(cmd="hidden_receive", link=links[-1])
        if not got["hidden"]["finished"]:
            break
    assert got["hidden"]["need"] == "move"
    assert "cannot be played" in a.refused(cmd="hidden_play", moves=["1-2-3 ABC (99,99)"])
    assert "cannot be played" in a.refused(cmd="hidden_play", moves=["x" * 150])
    assert "at most" in a.refused(cmd="hidden_play", moves=["x" * 5000])
    assert "at most" in a.refused(cmd="hidden_play", moves=["draw"] * 40)
    assert "a link ends your turn" in a.refused(cmd="hidden_play", moves=[])
    assert "wait for their link" in b.refused(cmd="hidden_play", moves=[])


def test_a_link_with_a_changed_move_is_refused_naming_it():
    from pygame_core.records import decode_link
    from pygame_core.records.v4 import encode_hidden_link
    a, b, links = _midgame("triominos", {"target": None}, hops=8)
    h = decode_link(links[-1])["hidden"]
    assert len(h["moves"]) >= 2
    cls = game_class("triominos")
    moves = list(h["moves"])
    moves[-1] = "pass" if moves[-1] != "pass" else "draw"
    forged = encode_hidden_link(cls(seed=0, **h["options"]), game_id=h["id"], sender=h["sender"], start=h["start"],
                                moves=moves, hops=h["hops"], first_player=h["first_player"], names=h["names"])
    message = a.refused(cmd="hidden_receive", link=forged)
    # (named alone, or in the turn's run of moves when a pass became a draw: "moves 7-10")
    assert re.search(rf"\bmoves? (\d+-)?{len(moves)}\b", message), message
    assert a.ok(cmd="hidden_receive", link=links[-1])["changed"]


def test_an_invitation_is_opened_and_accepted_once():
    a, b = Page(), Page()
    link = a.ok(cmd="hidden_new", game="codex", names=["Ann", ""])["link"]
    assert a.ok(cmd="hidden_open", link=link)["opened"]["kind"] == "own"
    got = b.ok(cmd="hidden_accept", link=link, name="Bob")
    assert got["hidden"]["seat"] == 1 and got["hidden"]["need"] == "wait" and got["board"] is None
    assert got["hidden"]["names"] == ["Ann", "Bob"]
    assert "not an invitation" in Page().refused(cmd="hidden_accept", link=got["link"])
    got = a.ok(cmd="hidden_receive", link=got["link"])
    assert got["hidden"]["need"] in ("move", "wait")
    assert "two players" in Page().refused(cmd="hidden_new", game="codex", options={"players": 3})
    assert "cannot be played with hidden hands" in Page().refused(cmd="hidden_new", game="hex")


def test_a_link_after_a_missing_one_is_named_and_refused():
    a, b, links = _midgame("iwoki", {}, hops=4)
    behind = Page()
    behind.stored = a.stored                  # A's record, before the friend's next link
    pages, me = (a, b), 0
    while len(links) < 6:
        got = pages[me].ok(cmd="hidden_receive", link=links[-1])
        links.append(turn(pages[me]) if got["hidden"]["need"] == "move" else got["link"])
        me = 1 - me
    assert behind.ok(cmd="hidden_open", link=links[-1])["opened"]["kind"] == "gap"
    assert "missing" in behind.refused(cmd="hidden_receive", link=links[-1])
    assert behind.ok(cmd="hidden_receive", link=links[-3])["changed"]     # the one it missed


def test_hello_says_which_games_are_played_by_hidden_link_and_with_which_options():
    games = {g["id"]: g["hidden_link"] for g in Page().ok(cmd="hello")["games"]}
    assert games == {"hex": None, "y": None, "triominos": {"players": 2, "target": None},
                     "iwoki": {"players": 2}, "codex": {"players": 2}}
    for game, options in games.items():       # the page sends them: the engine takes them
        if options is not None:
            assert Page().ok(cmd="hidden_new", game=game, options={**options}, names=["", ""])["link"]


def test_a_move_is_previewed_on_the_turn_so_far_and_nothing_is_stored():
    for _ in range(20):  # (A to move after the link: not so after some deals and passes)
        a, b, links = _midgame("triominos", {"target": None}, hops=6)
        got = a.ok(cmd="hidden_receive", link=links[-1])
        if got["hidden"]["need"] == "move":
            break
    assert got["hidden"]["need"] == "move"
    placements = [m["move"] for m in got["board"]["legal"] if m["path"]]
    stored = a.stored
    if placements:
        shown = a.ok(cmd="hidden_play", moves=[], preview=placements[0])
        assert shown["scene"]["layers"] and shown["words"] and a.stored == stored
        assert shown["scene"] != got["board"]["scene"]
        # its words as a code too, and the previewed tile named by them (its notation in the tooltip)
        assert shown["words_code"]["key"].startswith("triominos.move.place")
        (tile,) = [i for layer in shown["scene"]["layers"] for i in layer["items"] if i.get("notation")]
        assert tile["notation"] == placements[0]
        assert tile["name_code"] == {"key": "scene.preview", "params": {"move": shown["words_code"]}}
    assert "cannot be played" in a.refused(cmd="hidden_play", moves=[], preview="1-2-3 ABC (99,99)")
    assert "at most" in a.refused(cmd="hidden_play", moves=[], preview="x" * 500)
    assert "only the player to move" in b.refused(cmd="hidden_play", moves=[], preview="draw")
    assert a.stored == stored and not a.ok(cmd="hidden_state")["changed"]


def _until_turn(a, b, turns):
    """Two pages play from the invitation until ``turns`` turns were sent: ``(mover, other, its
    answer)``; a deal that blocks the game at once (both draw three and pass) is dealt again."""
    for _ in range(20):
        got = _try_until_turn(a, b, turns)
        if got:
            return got
        a.stored = b.stored = None
    raise AssertionError("twenty deals blocked the game")


def _try_until_turn(a, b, turns):
    link = a.ok(cmd="hidden_new", game="triominos", options={"target": None}, names=["Ann", "Bob"],
                now=29_000_000)["link"]
    link = b.ok(cmd="hidden_accept", link=link, name="Bob")["link"]
    pages, me, sent = (a, b), 0, 0
    while True:
        got = pages[me].ok(cmd="hidden_receive", link=link)
        if got["hidden"]["need"] == "audit":
            return None
        if got["hidden"]["need"] == "move":
            if sent == turns:
                return pages[me], pages[1 - me], got
            link, sent = turn(pages[me]), sent + 1
        else:
            link = got["link"]
        me = 1 - me


def test_hidden_resign_through_the_bridge_and_both_audits():
    a, b = Page(), Page()
    mover, other, got = _until_turn(a, b, 4)
    assert got["hidden"]["can_resign"] and got["hidden"]["resigned"] == []
    assert other.ok(cmd="hidden_state")["hidden"]["can_resign"]          # on the friend's turn too
    done = mover.ok(cmd="hidden_resign")
    assert done["changed"] and done["link"] and done["hidden"]["need"] == "wait"
    seat = done["hidden"]["seat"]
    assert done["hidden"]["resigned"] == [seat] and not done["hidden"]["can_resign"]
    assert "You resigned" in done["hidden"]["status"]
    assert mover.ok(cmd="hidden_resign")["link"] == done["link"]         # again: the same link
    assert "resigned" in mover.refused(cmd="hidden_play", moves=["draw"])
    assert other.ok(cmd="hidden_open", link=done["link"])["opened"]["kind"] == "resign"
    won = other.ok(cmd="hidden_receive", link=done["link"])
    assert won["hidden"]["need"] == "audit" and won["link"] and "you win" in won["hidden"]["status"]
    assert other.ok(cmd="hidden_open", link=done["link"])["opened"]["kind"] == "old"
    assert "replayed" in other.refused(cmd="hidden_receive", link=done["link"])
    assert mover.ok(cmd="hidden_open", link=won["link"])["opened"]["kind"] == "answer"
    assert mover.ok(cmd="hidden_receive", link=won["link"])["hidden"]["need"] == "audit"
    for page in (a, b):
        page.reload()
        audit = page.ok(cmd="hidden_audit")["audit"]
        assert audit["ok"] and audit["resigned"] == [seat] and audit["winners"] == [1 - seat]
        assert audit["result"] == f"Player {seat + 1} resigned: player {2 - seat} wins."


def test_hidden_resign_refused_before_the_deal_and_forged():
    a, b = Page(), Page()
    link = a.ok(cmd="hidden_new", game="triominos", options={"target": None}, names=["Ann", "Bob"],
                now=29_000_000)["link"]
    assert not a.ok(cmd="hidden_state")["hidden"]["can_resign"]
    assert "once the deal is done" in a.refused(cmd="hidden_resign")
    c, d = Page(), Page()
    mover, other, _ = _until_turn(c, d, 2)
    real = mover.ok(cmd="hidden_resign")["link"]
    forged = mover.ok(cmd="hidden_resign")["link"]          # the same, its seed swapped below
    from pygame_core.records import decode_link
    from pygame_core.records.v4 import encode_hidden_link
    h = decode_link(forged)["hidden"]
    forged = encode_hidden_link(game_class("triominos")(seed=0, **h["options"]), game_id=h["id"], sender=h["sender"],
                                start=h["start"], moves=h["moves"], hops=h["hops"], first_player=h["first_player"],
                                names=h["names"], resign=(h["sender"], bytes(range(32))))
    assert "a forged resignation" in other.refused(cmd="hidden_receive", link=forged)
    assert other.ok(cmd="hidden_receive", link=real)["hidden"]["need"] == "audit"


def test_hidden_refusals_and_status_carry_codes_for_the_page():
    """The engine's words of hidden links reach the page as codes: each refusal a ``detail``
    and its ``params`` (a link's problem by name, where it is), the status ``status_code``;
    every name is worded in every language's catalog."""
    from dataclasses import replace

    from test_i18n import LANGUAGES, _catalog

    from pygame_core.deal.messages import parse, serialize
    from pygame_core.hidden_common import PROBLEMS, STATUS
    from pygame_core.records import decode_link
    from pygame_core.records.v4 import encode_hidden_link
    a, b = Page(), Page()
    got = a.ok(cmd="hidden_new", game="triominos", options={"target": None}, names=["Ann", "Bob"], now=29_000_000)
    assert got["hidden"]["status_code"] == {"key": "hidden.status", "params": {"status": "wait"}}
    out = a.call(cmd="hidden_play", moves=[])
    assert out["error"]["detail"] == "hidden_not_your_turn"
    answer = b.ok(cmd="hidden_accept", link=got["link"], name="Bob")["link"]
    link = a.ok(cmd="hidden_receive", link=answer)["link"]
    h = decode_link(link)["hidden"]
    msg = parse(h["hops"][0], 56)
    msg.unlocks[0] = replace(msg.unlocks[0], key=msg.unlocks[0].key + 1)
    bad = encode_hidden_link(game_class("triominos")(seed=0, **h["options"]), game_id=h["id"], sender=0,
                             start=h["start"], moves=h["moves"], hops=[serialize(msg)], first_player=h["first_player"],
                             names=h["names"])
    before = b.stored
    error = b.call(cmd="hidden_receive", link=bad)["error"]
    assert b.stored == before
    assert error["detail"] == "hidden_refused" and error["params"]["problem"] == "wrong_key", error
    assert error["params"]["where"] in ("setup", "hop", "move", "moves")
    assert "does not fit the relock" in error["message"]             # the English stays for the CLI
    early = b.call(cmd="hidden_resign")["error"]
    assert early["detail"] == "hidden_resign_early"
    assert b.call(cmd="hidden_receive", link="4.AAAA")["error"]["message"]
    for lang in LANGUAGES:
        catalog = _catalog(lang)
        assert all(f" {name} {{" in catalog["hidden.status"] for name in STATUS), lang
        assert all(f" {kind} {{" in catalog["error.hidden_refused"] for kind in PROBLEMS if kind != "other"), lang
