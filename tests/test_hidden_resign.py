"""Resigning a hidden-hand game by link (pygame_core/hidden_resign.py): on the resigner's turn
or the friend's, in the middle of a turn, with a hop the friend has not taken in yet; the
friend verifies it (a forged or replayed resignation is refused, the game as it was) and
answers with its keys, so both audits run and name the result "resigned"; records old and new."""
from __future__ import annotations

import pytest

from pygame_core.core import GameError, InvalidRecordError, new_game
from pygame_core.hidden import HiddenPlayer
from pygame_core.hidden_resign import _step
from pygame_core.records import decode_link
from pygame_core.records.v4 import encode_hidden_link
from test_hidden_bags import play as play_bags
from test_hidden_links import play as play_triominos


def play(name, seed, stop):
    return play_triominos(seed, stop=stop) if name == "triominos" else play_bags(name, seed, stop=stop)


def _relinked(link, **change):
    h = {**decode_link(link)["hidden"], **change}
    resign = h["resign"]
    return encode_hidden_link(new_game(h["game"], seed=0, **h["options"]), game_id=h["id"], sender=h["sender"],
                              start=h["start"], moves=h["moves"], hops=h["hops"], first_player=h["first_player"],
                              names=h["names"], resign=resign)


def _finish(resigner, winner, link):
    """The winner takes the resignation in, the resigner its answer: both audits."""
    got = winner.receive(link)
    assert got["status"] == "ahead" and winner.finished and winner.resigned == [resigner.seat]
    assert not winner.my_turn and "you win" in winner.status()
    assert resigner.receive(winner.last_link)["status"] == "ahead" and resigner.finished
    audits = resigner.audit(), winner.audit()
    for audit in audits:
        assert audit["ok"], audit
        assert audit["resigned"] == [resigner.seat] and audit["winners"] == [winner.seat]
        assert audit["result"] == f"Player {resigner.seat + 1} resigned: player {winner.seat + 1} wins."
    if _step(resigner) == _step(winner):          # (a hop of the winner's may not have reached it)
        assert audits[0]["hands"] == audits[1]["hands"]
    return audits


@pytest.mark.parametrize("name", ["triominos", "iwoki", "codex"])
def test_resign_on_your_turn_and_both_audits_say_resigned(name):
    a, b, links = play(name, 5, 9)
    mover, other = [a, b][len(links) % 2], [a, b][1 - len(links) % 2]
    mover.receive(links[-1])
    assert mover.my_turn
    assert mover.can_resign and not mover.resigned
    link = mover.resign()
    assert mover.resign() == link                       # resigning again: the same link
    assert not mover.my_turn and not mover.finished and "You resigned" in mover.status()
    with pytest.raises(GameError):
        mover.reply([])
    _finish(mover, other, link)
    assert "You resigned: your friend wins" in mover.status()


@pytest.mark.parametrize("name", ["triominos", "iwoki", "codex"])
def test_resign_on_the_friends_turn_with_a_hop_it_has_not_taken_in(name):
    """The resigner sent a link the friend has not opened, then resigns: the resignation
    carries that hop, taken in first, and the friend's audit covers it."""
    a, b, links = play(name, 6, 10)
    sender = [a, b][(len(links) - 1) % 2]              # sent the last link: the friend's turn now
    friend = b if sender is a else a
    assert not sender.my_turn and _step(friend) < _step(sender)
    moves = list(sender.moves)
    link = sender.resign()
    got = friend.receive(link)
    assert got["status"] == "ahead" and friend.moves == moves
    assert sender.receive(friend.last_link)["status"] == "ahead"
    for audit in (sender.audit(), friend.audit()):
        assert audit["ok"] and audit["winners"] == [friend.seat], audit


def test_resign_when_the_friends_link_crossed_it():
    """The friend moved (its link not yet received) and the resigner resigns: its moves are
    behind the friend's, which is fine; the crossing link then changes nothing."""
    a, b, links = play("triominos", 7, 10)
    crossing = links[-1]
    resigner = [a, b][len(links) % 2]                  # has not taken the last link in
    winner = b if resigner is a else a
    link = resigner.resign()
    _finish(resigner, winner, link)
    got = resigner.receive(crossing)
    assert got["status"] == "current" and "resigned" in got["message"]


@pytest.mark.parametrize("name", ["triominos", "codex"])
def test_resign_in_the_middle_of_a_turn_drops_its_moves(name):
    """A turn of several moves is sent as one link: moves chosen and not sent are dropped."""
    a, b, links = play(name, 8, 12)
    mover = [a, b][len(links) % 2]
    mover.receive(links[-1])
    assert mover.my_turn and mover.game.current_player == mover.seat
    first = sorted({mover.game.format_move(m) for m in mover.game.legal_moves()})[0]
    walk = mover.game.clone()
    walk.play(first)
    if walk.current_player == mover.seat:             # the turn goes on: a link cannot end here
        with pytest.raises(GameError, match="a link ends your turn"):
            mover.reply([first])
    done = list(mover.moves)
    link = mover.resign()
    assert mover.moves == done and decode_link(link)["hidden"]["moves"] == done[:len(decode_link(link)["hidden"]["moves"])]
    _finish(mover, [a, b][1 - mover.seat], link)


@pytest.mark.parametrize("name", ["triominos", "iwoki"])
def test_a_forged_resignation_is_refused_and_changes_nothing(name):
    a, b, links = play(name, 9, 9)
    resigner, friend = (a, b) if a.my_turn else (b, a)
    link = resigner.resign()
    seat, seed = decode_link(link)["hidden"]["resign"]
    friend_saved = friend.to_json()
    forged = [_relinked(link, resign=(seat, bytes(32))),                    # a made-up key
              _relinked(link, resign=(seat, seed[:-1] + bytes([seed[-1] ^ 1]))),
              _relinked(link, resign=(seat, friend.seed if hasattr(friend, "dps") else friend.dp.seed))]
    for bad in forged:
        with pytest.raises(InvalidRecordError, match="a forged resignation: its key is not player") as refused:
            friend.receive(bad)
        assert (refused.value.detail, refused.value.params) == ("hidden_forged_resignation", {"n": seat + 1})
        assert friend.to_json() == friend_saved and not friend.resigned and not friend.finished
    for damaged in [(seat, seed[:31]), (2, seed), (seat, seed + b"!")]:
        with pytest.raises(InvalidRecordError, match="resignation is damaged|seat"):
            _relinked(link, resign=damaged)
    _finish(resigner, friend, link)


def test_a_replayed_resignation_is_refused_or_changes_nothing():
    """Received again it holds nothing new; moved into another game (its id rewritten), its
    key does not match that game's commitment; an answer to a resignation nobody made is
    refused."""
    a, b, links = play("triominos", 10, 9)
    resigner, friend = (a, b) if a.my_turn else (b, a)
    link = resigner.resign()
    _finish(resigner, friend, link)
    assert friend.receive(link)["status"] == "current"
    assert resigner.receive(friend.last_link)["status"] == "current"
    c, d, more = play_triominos(11, stop=9)
    target = d if resigner.seat == 0 else c
    saved = target.to_json()
    moved = _relinked(link, id=target.id, moves=[], hops=[])
    with pytest.raises(InvalidRecordError, match="a forged resignation"):
        target.receive(moved)
    assert target.to_json() == saved
    answer = _relinked(friend.last_link, id=target.id, moves=[], hops=[])
    with pytest.raises(InvalidRecordError, match="answers a resignation you did not make") as refused:
        (c if target is d else d).receive(answer)
    assert refused.value.detail == "hidden_answer_unasked"


def test_no_resignation_before_the_deal_or_after_the_end():
    a, b, links = play_triominos(12, stop=2)
    with pytest.raises(GameError, match="once the deal is done"):
        a.resign()
    a, b, links = play_triominos(3)
    assert a.finished and not a.can_resign
    with pytest.raises(GameError, match="nothing to resign"):
        a.resign()


def test_both_resign_across_and_nobody_wins():
    a, b, links = play("iwoki", 13, 9)
    la, lb = a.resign(), b.resign()
    assert a.receive(lb)["status"] == "ahead" and b.receive(la)["status"] == "ahead"
    for p in (a, b):
        audit = p.audit()
        assert p.finished and audit["ok"] and audit["resigned"] == [0, 1] and audit["winners"] == []
        assert audit["result"] == "Both players resigned: nobody wins."


@pytest.mark.parametrize("name", ["triominos", "codex"])
def test_records_carry_the_resignation_and_old_records_load(name):
    a, b, links = play(name, 14, 9)
    old = {k: v for k, v in b.to_json().items() if k not in ("resigned", "shown")}
    assert HiddenPlayer(old).to_json() == b.to_json()          # a record from before resigning
    resigner, friend = (a, b) if a.my_turn else (b, a)
    link = resigner.resign()
    again = HiddenPlayer(resigner.to_json())
    assert again.resigned == [resigner.seat] and again.last_link == link and not again.my_turn
    friend.receive(link)
    loaded = HiddenPlayer(friend.to_json())
    assert loaded.finished and loaded.audit()["winners"] == [friend.seat]
    bad = {**friend.to_json(), "shown": {"0": "zz"}}
    with pytest.raises(InvalidRecordError, match="damaged"):
        HiddenPlayer(bad)


def test_the_link_carries_the_resignation_and_older_links_still_read():
    a, b, links = play_triominos(15, stop=9)
    assert all(decode_link(link)["hidden"]["resign"] is None for link in links)
    resigner = a if a.my_turn else b
    before = decode_link(resigner.last_link)["hidden"]
    link = resigner.resign()
    after = decode_link(link)["hidden"]
    assert after["resign"] == (resigner.seat, resigner.dp.seed) and len(link) < 8192
    assert {**after, "resign": None} == before            # its last hop and moves, and the seed


def test_link_show_and_verify_a_resignation(tmp_path, capsys):
    import json

    from pygame_core.__main__ import main
    a, b, links = play_triominos(16, stop=9)
    resigner, friend = (a, b) if a.my_turn else (b, a)
    link = resigner.resign()
    assert main(["link", "show", link]) == 0
    assert f"Player {resigner.seat + 1}" in capsys.readouterr().out.split("resigned")[0].splitlines()[-1]
    assert main(["link", "show", link, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["hidden"]["resign"] == resigner.seat
    state = tmp_path / "friend.json"
    state.write_text(json.dumps(friend.to_json()))
    assert main(["link", "verify", link, "--state", str(state)]) == 0
    out = capsys.readouterr().out
    assert "Your friend resigned: you win." in out
    assert f"audit: passed; Player {resigner.seat + 1} resigned: player {friend.seat + 1} wins." in out


@pytest.mark.parametrize("name", ["triominos", "iwoki", "codex"])
def test_resign_as_soon_as_the_deal_is_done(name):
    """A resigns right after its third link (B has not drawn its hand yet): both audits pass
    and name the result; B, before taking that link in, cannot resign yet."""
    a, b, links = play(name, 30, 3)
    assert a.can_resign and not b.can_resign
    with pytest.raises(GameError, match="once the deal is done"):
        b.resign()
    _finish(a, b, a.resign())


@pytest.mark.parametrize("name", ["triominos", "iwoki"])
def test_a_resignation_after_the_friends_last_move_does_not_count(name):
    """The friend's move ended the game; before its link arrives, this seat resigns: the friend
    refuses the resignation (too late), this seat takes the link in as usual and the game ends
    as played, both audits passed with its result."""
    _, _, whole = play(name, 17, None)
    n = len(whole) - 2                                   # the link whose move ended the game
    a, b, links = play(name, 17, n + 1)
    late, friend = [a, b][(n + 1) % 2], [a, b][n % 2]
    assert friend.game.is_over and not late.game.is_over
    link = late.resign()
    saved = friend.to_json()
    with pytest.raises(InvalidRecordError, match="too late") as refused:
        friend.receive(link)
    assert refused.value.detail == "hidden_resign_late"
    assert friend.to_json() == saved
    got = late.receive(links[n])
    assert got["status"] == "ahead" and "does not count" in got["message"] and late.game.is_over
    assert not late.resigned and late.my_turn
    friend.receive(late.reply([]))
    for p in (late, friend):
        audit = p.audit()
        assert p.finished and audit["ok"] and audit["resigned"] == [] and "resigned" not in audit["result"]
