"""Bridge commands for games with a friend by link (pygame_core/bridge/friends.py and
friend_replies.py): two sessions (two pages) pass links; stale, rewritten and wrong-seat links
change nothing; undo stops at the moves sent; resign; resume from a page's copy; conditional
replies chosen move by move, added, continued and removed (not once sent); the receiver's name."""

from pygame_core.bridge import Session
from test_bridge_records import err as refused, ok

NOW = 29_400_000


def err(session, **req):
    """The message of a refused request."""
    return refused(session, **req)["message"]


def copy_of(st):
    """What a page keeps of the game on screen (its localStorage copy), as friend_open takes it."""
    f = st["save"]["friend"]
    return {f["id"]: {"seat": f["seat"], "moves": st["save"]["record"]["moves"][:st["cursor"]], "lines": f["mine"]}}


def first_legal(st):
    return st["legal"][0]["move"]


def test_hello_says_which_games_a_friend_can_play():
    games = {g["id"]: g["friend"] for g in ok(Session(), cmd="hello")["games"]}
    assert games["hex"] and games["y"]
    assert not games["triominos"] and not games["iwoki"] and not games["codex"]
    assert "hidden hands" in err(Session(), cmd="friend_new", game="triominos", options={"target": None}, now=NOW)


def test_an_invitation_with_no_move_when_the_friend_moves_first_then_moves_by_link():
    ana, bo = Session(), Session()
    st = ok(ana, cmd="friend_new", game="hex", options={"size": 5}, seed=3, seat=1, names=["", "Ana"], now=NOW)
    assert st["friend"]["turn"] == "friend" and st["legal"] == []
    assert "your friend's move" in err(ana, cmd="play", move="c3")
    invite = ok(ana, cmd="friend_link", now=NOW, commit=True)
    assert invite["token"].startswith("3.") and invite["link_moves"] == 0
    ana_copy = copy_of(invite)
    got = ok(bo, cmd="friend_open", token=invite["token"], copies={})
    assert got["link"]["status"] == "new" and "could not be checked" in got["link"]["message"]
    assert got["friend"]["seat"] == 0 and got["friend"]["turn"] == "you" and got["friend"]["names"] == ["", "Ana"]
    st = ok(bo, cmd="play", move="c3")
    assert st["friend"]["turn"] == "friend" and st["legal"] == []
    assert ok(bo, cmd="undo")["cursor"] == 0  # not sent yet: it can be taken back
    ok(bo, cmd="play", move="b2")
    reply = ok(bo, cmd="friend_link", now=NOW + 90, commit=True)
    st = ok(bo, cmd="undo")
    assert st["cursor"] == 1 and not st["can_undo"]  # sent: final
    assert "your friend's move" in err(bo, cmd="play", move="c3")
    bo_copy = copy_of(reply)
    got = ok(ana, cmd="friend_open", token=reply["token"], copies=ana_copy)
    assert got["link"]["status"] == "ahead" and got["link"]["new"] == ["b2"]
    assert got["friend"]["turn"] == "you" and got["last_move"] == "b2" and got["friend"]["times"] == [NOW + 60]  # 90 minutes: "1 hour" (times round down)
    ok(ana, cmd="play", move="c3")
    ana_link = ok(ana, cmd="friend_link", now=NOW + 200, commit=True)
    # Bo opens his own old link (not for his seat), then Ana's new one
    assert ok(bo, cmd="friend_open", token=reply["token"], copies=bo_copy)["link"]["status"] == "not-yours"
    got = ok(bo, cmd="friend_open", token=ana_link["token"], copies=bo_copy)
    assert got["link"]["status"] == "ahead" and got["moves"] == ["b2", "c3"]
    bo_copy = copy_of(got)
    # the invitation again: 2 moves behind; nothing changes
    before = ok(bo, cmd="state")
    stale = ok(bo, cmd="friend_open", token=invite["token"], copies={**bo_copy})
    assert stale["link"]["status"] == "not-yours" or stale["link"]["status"] == "behind"
    assert ok(bo, cmd="state") == before


def test_a_stale_link_and_a_rewritten_move_are_refused_and_change_nothing():
    ana, bo = Session(), Session()
    ok(ana, cmd="friend_new", game="hex", options={"size": 5}, seed=1, seat=0, names=["Ana", "Bo"], now=NOW)
    assert "your move" in err(ana, cmd="friend_link", now=NOW)  # the first move goes with the invitation
    ok(ana, cmd="play", move="c3")
    first = ok(ana, cmd="friend_link", now=NOW + 1, commit=True)
    ok(bo, cmd="friend_open", token=first["token"], copies={})
    ok(bo, cmd="play", move="b2")
    second = ok(bo, cmd="friend_link", now=NOW + 2, commit=True)
    got = ok(ana, cmd="friend_open", token=second["token"], copies=copy_of(first))
    ok(ana, cmd="play", move="d4")
    third = ok(ana, cmd="friend_link", now=NOW + 3, commit=True)
    got = ok(bo, cmd="friend_open", token=third["token"], copies=copy_of(second))
    bo_copy = copy_of(got)
    before = ok(bo, cmd="state")
    # an older link from Ana (1 move): 2 moves behind Bo's game
    old = ok(bo, cmd="friend_open", token=first["token"], copies=bo_copy)["link"]
    assert old["status"] == "behind" and old["message"] == "This link is 2 moves behind your game."
    # a forged link with Ana's first move changed: refused, naming the move
    forged = Session()
    ok(forged, cmd="friend_resume", record={**got["save"]["record"], "moves": []}, cursor=0,
       friend={**got["save"]["friend"], "seat": 0, "times": [], "final": 0, "sent": None})
    ok(forged, cmd="play", move="a1")
    ok(forged, cmd="undo")  # a take-back before sending is fine
    ok(forged, cmd="play", move="a1")
    ok(forged, cmd="friend_link", now=NOW + 1, commit=True)
    ok(forged, cmd="friend_resume", record={**got["save"]["record"], "moves": ["a1", "b2", "d4"]}, cursor=3,
       friend={**got["save"]["friend"], "seat": 0, "times": [NOW] * 3, "final": 3, "sent": 3})
    bad = ok(forged, cmd="friend_link", now=NOW + 4)["token"]
    refused = ok(bo, cmd="friend_open", token=bad, copies=bo_copy)["link"]
    assert refused["status"] == "conflict" and refused["message"] == "This link changes move 1 from 'c3' to 'a1'."
    assert ok(bo, cmd="state") == before
    # a truncated link: an error, nothing changes
    assert err(bo, cmd="friend_open", token=third["token"][:-5], copies=bo_copy)
    assert ok(bo, cmd="state") == before


def test_resign_resume_and_bad_contexts():
    ana, bo = Session(), Session()
    ok(ana, cmd="friend_new", game="y", options={}, seed=2, seat=1, names=["Bo", "Ana"], now=NOW)
    invite = ok(ana, cmd="friend_link", now=NOW, commit=True)
    st = ok(bo, cmd="friend_open", token=invite["token"], copies={})
    move = first_legal(st)
    ok(bo, cmd="play", move=move)
    assert "take back" in err(bo, cmd="friend_resign")
    ok(bo, cmd="undo")
    st = ok(bo, cmd="friend_resign")
    assert st["is_over"] and st["winners"] == [1] and st["status"] == "Bo resigned. Ana wins." and st["legal"] == []
    # the same as a code for the page's catalog (the names the friends chose stay as they are)
    assert st["status_code"] == {"key": "words.resigned", "params": {"loser": "Bo", "winner": "Ana"}}
    final = ok(bo, cmd="friend_link", now=NOW + 5, commit=True)
    got = ok(ana, cmd="friend_open", token=final["token"], copies=copy_of(invite))
    assert got["link"]["status"] == "current" and got["is_over"] and got["friend"]["turn"] == "over"
    # resume from the saved copy: the same state
    again = Session()
    resumed = ok(again, cmd="friend_resume", record=got["save"]["record"], cursor=got["cursor"], friend=got["save"]["friend"])
    assert resumed["friend"] == got["friend"] and resumed["is_over"]
    for bad in (None, {}, {**got["save"]["friend"], "seat": 5}, {**got["save"]["friend"], "final": 9}):
        assert "friend details" in err(Session(), cmd="friend_resume", record=got["save"]["record"], friend=bad)
    # a new ordinary game leaves the friend game's rules behind
    st = ok(again, cmd="new", game="hex", options={"size": 5})
    assert "friend" not in st and "friend" not in st["save"]
    assert "not a game with a friend" in err(again, cmd="friend_link", now=NOW)


def test_bad_requests():
    s = Session()
    assert "now must be" in err(s, cmd="friend_new", game="hex", options={"size": 5}, now="soon")
    assert "seat must be" in err(s, cmd="friend_new", game="hex", options={"size": 5}, seat=2, now=NOW)
    assert "at most 24" in err(s, cmd="friend_new", game="hex", options={"size": 5}, names=[1, ""], now=NOW)
    long = ok(s, cmd="friend_new", game="hex", options={"size": 5}, names=["x" * 40, ""], now=NOW)
    assert long["friend"]["names"] == ["x" * 24, ""]  # cut to the cap
    ok(s, cmd="new", game="hex", options={"size": 5})
    shared = ok(s, cmd="share")["token"]
    assert "not a move in a game with a friend" in err(s, cmd="friend_open", token=shared, copies={})
    assert err(s, cmd="friend_open", token="3.garbage", copies={})


def test_conditional_replies_are_played_at_once_and_checked_by_the_sender():
    ana, bo = Session(), Session()
    ok(ana, cmd="friend_new", game="hex", options={"size": 5}, seed=4, seat=0, names=["Ana", ""], now=NOW)
    ok(ana, cmd="play", move="c3")
    assert "at most 8" in err(ana, cmd="friend_lines", lines=[["a1", "a2"]] * 9)
    assert "not a legal move" in err(ana, cmd="friend_lines", lines=[["c3", "a2"]])
    assert "two answers" in err(ana, cmd="friend_lines", lines=[["b2", "d4"], ["b2", "d2"]])
    st = ok(ana, cmd="friend_lines", lines=[["b2", "d4", "e1", "e2"], ["a1", "a2"]])
    assert st["friend"]["mine"] == [["b2", "d4", "e1", "e2"], ["a1", "a2"]]
    invite = ok(ana, cmd="friend_link", now=NOW + 1, commit=True)
    assert "went with the link you sent" in err(ana, cmd="friend_lines", lines=[])
    ana_copy = copy_of(invite)
    got = ok(bo, cmd="friend_open", token=invite["token"], copies={})
    assert got["friend"]["theirs"] == [["b2", "d4", "e1", "e2"], ["a1", "a2"]]
    st = ok(bo, cmd="play", move="b2")
    assert st["friend_answer"] == "d4" and st["moves"] == ["c3", "b2", "d4"] and st["friend"]["turn"] == "you"
    assert st["can_undo"]
    st = ok(bo, cmd="undo")  # the answer goes back with the move it answered
    assert st["cursor"] == 1 and st["friend"]["turn"] == "you"
    ok(bo, cmd="play", move="b2")
    st = ok(bo, cmd="play", move="e1")
    assert st["friend_answer"] == "e2" and st["cursor"] == 5
    ok(bo, cmd="play", move="b4")
    reply = ok(bo, cmd="friend_link", now=NOW + 9, commit=True)
    got = ok(ana, cmd="friend_open", token=reply["token"], copies=ana_copy)
    link = got["link"]
    assert link["status"] == "ahead" and link["answered"] == 2 and link["new"] == ["b2", "d4", "e1", "e2", "b4"]
    # on a page whose copy set other replies, the same link is refused: an answer it did not set
    other = {k: {**v, "lines": [["a1", "a2"]]} for k, v in ana_copy.items()}
    refused = ok(Session(), cmd="friend_open", token=reply["token"], copies=other)["link"]
    assert refused["status"] == "conflict" and "not one of your conditional replies" in refused["message"]


def _sender(size=5, seed=4):
    """Ana (seat 0) has played c3 in a new Hex game: her friend is to move."""
    ana = Session()
    ok(ana, cmd="friend_new", game="hex", options={"size": size}, seed=seed, seat=0, names=["Ana", ""], now=NOW)
    ok(ana, cmd="play", move="c3")
    return ana


def test_friend_pick_shows_the_position_after_the_moves_chosen():
    ana = Session()
    ok(ana, cmd="friend_new", game="hex", options={"size": 5}, seed=4, seat=0, names=["Ana", ""], now=NOW)
    assert "after your move" in err(ana, cmd="friend_pick", line=[])  # her move first
    ok(ana, cmd="play", move="c3")
    before = ok(ana, cmd="state")
    pick = ok(ana, cmd="friend_pick", line=[])
    assert pick["turn"] == "friend" and pick["marks"] == [] and len(pick["legal"]) == 24
    pick = ok(ana, cmd="friend_pick", line=["b2"])
    assert pick["turn"] == "you" and pick["marks"] == ["b2"] and "b2" not in [m["move"] for m in pick["legal"]]
    assert any("b2" == item.get("target") and "stone" in item.get("cls", "")
               for layer in pick["scene"]["layers"] for item in layer["items"])  # drawn on its cell
    assert ok(ana, cmd="friend_pick", line=["b2", "d4", "e1"])["marks"] == ["b2", "d4", "e1"]
    assert "not a legal move" in err(ana, cmd="friend_pick", line=["c3"])
    assert "not a legal move" in err(ana, cmd="friend_pick", line=["b2", "b2"])
    assert "at most 4 moves" in err(ana, cmd="friend_pick", line=["b2", "d4", "e1", "e2"])
    assert "list of move texts" in err(ana, cmd="friend_pick", line="b2")
    assert ok(ana, cmd="state") == before  # choosing changes nothing
    ok(ana, cmd="friend_lines", add=["b2", "d4"])
    message = err(ana, cmd="friend_pick", line=["b2"])  # that position has an answer: say which
    assert "reply 1 answers that already (if b2, answer d4)" in message and "continue it" in message
    coded = refused(ana, cmd="friend_pick", line=["b2"])  # (and as a code, for the page's words)
    assert (coded["detail"], coded["params"]) == ("replies_answered", {"n": 1, "more": "yes", "line": "b2\nd4"})
    assert ok(ana, cmd="friend_pick", line=["b2", "d4"])["turn"] == "friend"  # continuing it
    ok(ana, cmd="friend_lines", lines=[[x, "a5"] for x in ("a1", "a2", "a3", "a4", "b1", "b3", "b4", "b5")])
    assert "at most 8" in err(ana, cmd="friend_pick", line=[])
    assert refused(ana, cmd="friend_pick", line=[])["params"] == {"max": 8}


def test_a_move_that_ends_the_game_has_no_answer():
    ana = Session()
    ok(ana, cmd="friend_new", game="hex", options={"size": 2}, seed=1, seat=0, names=["", ""], now=NOW)
    ok(ana, cmd="play", move="a1")
    ok(ana, cmd="friend_lines", lines=[])
    # Red's b1 after a1: Red then needs only a2 to win; pick that line's end
    assert ok(ana, cmd="friend_pick", line=["b1"])["turn"] == "you"
    assert "ends the game" in err(ana, cmd="friend_pick", line=["b1", "b2", "a2"])


def test_lines_are_added_continued_and_removed_until_sent():
    ana = _sender()
    st = ok(ana, cmd="friend_lines", add=["b2", "d4"])
    assert st["friend"]["mine"] == [["b2", "d4"]]
    assert "reply 1 is that line already" in err(ana, cmd="friend_lines", add=["b2", "d4"])
    assert "reply 1 answers that already" in err(ana, cmd="friend_lines", add=["b2", "d2"])
    ok(ana, cmd="friend_lines", add=["a1", "a2"])
    st = ok(ana, cmd="friend_lines", add=["b2", "d4", "e1", "e2"])  # continues line 1, in its place
    assert st["friend"]["mine"] == [["b2", "d4", "e1", "e2"], ["a1", "a2"]]
    assert "reply 1 is that line already" in err(ana, cmd="friend_lines", add=["b2", "d4"])
    assert "answers that already" in err(ana, cmd="friend_lines", add=["b2", "d4", "e1", "e3"])
    assert "not a legal move" in err(ana, cmd="friend_lines", add=["c3", "a5"])
    assert "2 or 4 move texts" in err(ana, cmd="friend_lines", add=["a3"])
    assert "index of a conditional reply" in err(ana, cmd="friend_lines", remove=2)
    assert "index of a conditional reply" in err(ana, cmd="friend_lines", remove=True)
    assert ok(ana, cmd="friend_lines", remove=1)["friend"]["mine"] == [["b2", "d4", "e1", "e2"]]
    # sent: the lines in the link stay (the friend may hold them); new ones replace the link
    first = ok(ana, cmd="friend_link", now=NOW + 1, commit=True)
    assert first["friend"]["mine_sent"] == [["b2", "d4", "e1", "e2"]]
    assert "went with the link you sent" in err(ana, cmd="friend_lines", remove=0)
    assert "went with the link you sent" in err(ana, cmd="friend_lines", lines=[])
    st = ok(ana, cmd="friend_lines", add=["a1", "a2"])
    assert st["friend"]["mine"] == [["b2", "d4", "e1", "e2"], ["a1", "a2"]] and st["friend"]["sent"] == 1
    assert ok(ana, cmd="friend_lines", remove=1)["friend"]["mine"] == [["b2", "d4", "e1", "e2"]]  # not sent: it goes
    ok(ana, cmd="friend_lines", add=["a1", "a2"])
    again = ok(ana, cmd="friend_link", now=NOW + 30, commit=True)  # sent again: the same move, its time kept
    assert again["token"] != first["token"] and again["friend"]["times"] == first["friend"]["times"] == [NOW + 1]
    assert again["friend"]["mine_sent"] == [["b2", "d4", "e1", "e2"], ["a1", "a2"]]
    # a resumed copy keeps what was sent; an older copy without it reads as none sent
    copy = again["save"]
    resumed = ok(Session(), cmd="friend_resume", record=copy["record"], cursor=copy["cursor"], friend=copy["friend"])
    assert resumed["friend"] == again["friend"]
    old = {k: v for k, v in copy["friend"].items() if k != "mine_sent"}
    assert ok(Session(), cmd="friend_resume", record=copy["record"], cursor=copy["cursor"], friend=old)["friend"]["mine_sent"] == []
    # the friend opens the newer link: both lines; answers are listed in the state as played
    bo = Session()
    got = ok(bo, cmd="friend_open", token=again["token"], copies={})
    assert got["friend"]["theirs"] == [["b2", "d4", "e1", "e2"], ["a1", "a2"]] and got["friend"]["answers"] == []
    st = ok(bo, cmd="play", move="a1")
    assert st["friend"]["answers"] == [["a1", "a2"]] and st["friend_answer"] == "a2"
    st = ok(bo, cmd="undo")
    assert st["friend"]["answers"] == [] and st["cursor"] == 1
    ok(bo, cmd="play", move="b2")
    st = ok(bo, cmd="play", move="e1")
    assert st["friend"]["answers"] == [["b2", "d4"], ["e1", "e2"]]
    ok(bo, cmd="play", move="b4")
    reply = ok(bo, cmd="friend_link", now=NOW + 40, commit=True)
    assert reply["friend"]["answers"] == []  # sent: final moves, no longer answers of this turn
    back = ok(ana, cmd="friend_open", token=reply["token"], copies=copy_of(again))["link"]
    assert back["status"] == "ahead" and back["answers"] == ["d4", "e2"]
    assert "played your conditional replies d4 and e2 for you (checked: you set them)" in back["message"]


def test_the_receiver_names_themselves_and_the_name_travels():
    ana = _sender()
    invite = ok(ana, cmd="friend_link", now=NOW + 1, commit=True)
    bo = Session()
    ok(bo, cmd="friend_open", token=invite["token"], copies={})
    st = ok(bo, cmd="friend_name", name="  Bo ")
    assert st["friend"]["names"] == ["Ana", "Bo"]
    assert ok(bo, cmd="friend_name", name="B" * 40)["friend"]["names"][1] == "B" * 24  # the format's cap
    assert "control" in err(bo, cmd="friend_name", name="Bo\u0007")
    assert "as text" in err(bo, cmd="friend_name", name=7)
    plain = Session()
    ok(plain, cmd="new", game="hex", options={"size": 5})
    assert "not a game with a friend" in err(plain, cmd="friend_name", name="Bo")
    ok(bo, cmd="friend_name", name="Bo")
    ok(bo, cmd="play", move="b2")
    reply = ok(bo, cmd="friend_link", now=NOW + 2, commit=True)
    got = ok(ana, cmd="friend_open", token=reply["token"], copies=copy_of(invite))
    assert got["friend"]["names"] == ["Ana", "Bo"]


def test_no_engine_help_while_a_friend_game_runs_then_help_once_it_is_over():
    ana, bo = Session(), Session()
    ok(ana, cmd="friend_new", game="hex", options={"size": 4}, seed=5, seat=1, names=["Bo", "Ana"], now=NOW)
    st = ok(bo, cmd="friend_open", token=ok(ana, cmd="friend_link", now=NOW, commit=True)["token"], copies={})
    assert st["friend"]["running"] and st["friend"]["turn"] == "you"
    assert "no hint while a game with a friend is running" in err(bo, cmd="think", seconds=0.01)
    assert "no analysis" in err(bo, cmd="analyse", seconds=0.01)
    ok(bo, cmd="play", move=first_legal(st))
    assert "no review" in err(bo, cmd="review", seconds=0.01)
    assert ok(bo, cmd="review", status=True) is not None  # (what was reviewed: nothing, no search)
    ok(bo, cmd="undo")
    st = ok(bo, cmd="friend_resign")  # over: the engine helps again, on the positions before the end
    assert not st["friend"]["running"]
    assert ok(bo, cmd="review", iterations=20)["done"] >= 1
    # the same link opened as an ordinary game (a copy to look at): every help
    copy = Session()
    ok(copy, cmd="open", token=ok(ana, cmd="friend_link", now=NOW, commit=True)["token"])
    assert ok(copy, cmd="think", seconds=0.01)["move"]
    assert ok(copy, cmd="analyse", seconds=0.01)["candidates"]
