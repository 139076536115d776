"""Correspondence links (pygame_core.records.v3) and what a page makes of one
(pygame_core.records.correspondence): round trips, sizes, every check, a fuzz test, and each
answer of ``compare``."""

import random

import pytest

from pygame_core import agents
from pygame_core.core import InvalidRecordError, new_game, replay
from pygame_core.records import decode_link, encode_corr_link, encode_link
from pygame_core.records.correspondence import compare, new_game_id
from pygame_core.records.v3 import wait_code, wait_minutes

START = 29_400_000  # minutes since 1970: late 2025


def played(game_id="hex", n=None, seed=0, **options):
    game = new_game(game_id, seed=seed, **options)
    bot = agents.get("random")(seed=seed)
    while not game.is_over and (n is None or len(game.history) < n):
        game.play(bot.choose(game))
    return game


def clock(n, seed=0, most=3 * 1440):
    rnd = random.Random(seed)
    out, t = [], START
    for _ in range(n):
        t += rnd.randint(0, most)
        out.append(t)
    return out


def link(game, **kw):
    kw.setdefault("game_id", "Abc123_-xyz9")
    kw.setdefault("sender", 1 - game.current_player if not game.is_over else 0)
    kw.setdefault("start", START)
    kw.setdefault("times", clock(len(game.history)))
    return encode_corr_link(game, **kw)


# --------------------------------------------------------------------------- round trips
@pytest.mark.parametrize("game_id, options", [("hex", {"size": 11}), ("hex", {"size": 7, "swap": True}),
                                              ("y", {"family": "regular", "size": 9})])
def test_round_trip(game_id, options):
    for seed in range(6):
        game = played(game_id, n=5 + 7 * seed, seed=seed, **options)
        if game.is_over:
            continue
        times = clock(len(game.history), seed, most=[5, 300, 5000, 90_000][seed % 4])
        token = link(game, times=times, names=["Ana", "Bo \u00e9"], sender=1 - game.current_player)
        assert token.startswith("3.")
        got = decode_link(token)
        assert got["record"] == game.record()
        corr = got["corr"]
        assert corr["id"] == "Abc123_-xyz9" and corr["names"] == ["Ana", "Bo \u00e9"]
        assert corr["sender"] == 1 - game.current_player and got["view"] == game.current_player
        assert corr["start"] == START and corr["lines"] == [] and corr["resigned"] is None
        prev_true = prev_read = START
        for true, read in zip(times, corr["times"]):
            gap = true - prev_true
            unit = 1 if gap < 60 else 60 if gap < 1440 else 1440
            assert read <= true and true - read < max(unit, 1440), (true, read)
            prev_true, prev_read = true, read


def test_wait_codes_round_down_and_cover_every_wait():
    for minutes in list(range(0, 3000)) + [10**6, 10**9]:
        code = wait_code(minutes)
        assert wait_minutes(code) <= minutes < wait_minutes(code + 1) + (0 if code < 84 else 1440)
    assert wait_code(44 * 1440) < 128  # one byte for any wait under 45 days


def test_a_resigned_game_and_conditional_lines_round_trip():
    game = played("hex", n=10, seed=3, size=9)
    mover = game.current_player
    a = game.clone()
    x = a.format_move(a.legal_moves()[0])
    a.play(x)
    y = a.format_move(a.legal_moves()[5])
    token = link(game, lines=[[x, y]])
    assert decode_link(token)["corr"]["lines"] == [[x, y]]
    resigned = decode_link(link(game, resigned=mover))["corr"]
    assert resigned["resigned"] == mover


def test_sizes():
    """Hex 11 links stay under 400 characters and Hex 19 ones under 1,200 (names left out):
    measured 221 (60 moves), 265 (80), about 310 (a random game to its end, 100 moves); Hex 19
    472 (120 moves), 550 (150)."""
    sizes = {}
    for size, moves, cap in ((11, 80, 400), (19, 150, 1200)):
        worst = 0
        for seed in range(5):
            game = played("hex", n=moves, seed=seed, size=size)
            token = link(game, game_id=new_game_id(), times=clock(len(game.history), seed, most=2 * 1440))
            worst = max(worst, len(token))
        sizes[size] = worst
        assert worst < cap, (size, worst)
    # random games of Hex 11 played to their end (100 moves or so: longer than people's games)
    for seed in range(3):
        full = played("hex", seed=seed, size=11)
        assert full.is_over and len(link(full, times=clock(len(full.history)))) < 400


def test_shared_links_are_unchanged_by_version_3():
    game = played("hex", n=6, seed=5, size=5)
    assert encode_link(game.record()).startswith("1.")


# --------------------------------------------------------------------------- checks
def _game():
    return played("hex", n=8, seed=2, size=7)


@pytest.mark.parametrize("kw, fragment", [
    ({"game_id": "short"}, "game id"),
    ({"game_id": "bad id with spaces"}, "game id"),
    ({"names": ["x" * 25, ""]}, "at most 24"),
    ({"names": ["a\x07", ""]}, "control"),
    ({"names": ["a"]}, "list of 2"),
    ({"start": -1}, "time per move"),
    ({"times": [START] * 3}, "time per move"),
    ({"resigned": 2}, "resigning seat"),
    ({"sender": 0}, "not a reply"),
    ({"lines": [["a1"]]}, "2 or 4"),
    ({"lines": [["zz9", "a1"]]}, "not a legal move"),
    ({"lines": [[]] * 9}, "at most 8"),
])
def test_bad_links_are_refused_when_written(kw, fragment):
    game = _game()
    assert game.current_player == 0
    kw = {"sender": 1, **kw}
    with pytest.raises(InvalidRecordError, match=fragment):
        link(game, **kw)


def test_lines_must_alternate_and_answer_once():
    game = _game()
    texts = [game.format_move(m) for m in game.legal_moves()]
    with pytest.raises(InvalidRecordError, match="two answers"):
        link(game, sender=1, lines=[[texts[0], texts[1]], [texts[0], texts[2]]])
    link(game, sender=1, lines=[[texts[0], texts[1]], [texts[3], texts[1]]])
    with pytest.raises(InvalidRecordError, match="not a legal move"):
        link(game, sender=1, lines=[[texts[0], texts[0]]])


def test_a_finished_game_cannot_resign_or_hold_lines():
    game = played("hex", seed=4, size=5)
    assert game.is_over
    with pytest.raises(InvalidRecordError, match="already ended"):
        link(game, resigned=0)


def test_damaged_links_raise_only_invalid_record_error():
    token = link(_game(), sender=1, names=["Ana", "Bo"])
    rnd = random.Random(7)
    for cut in range(2, len(token)):
        with pytest.raises(InvalidRecordError):
            decode_link(token[:cut])
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for _ in range(400):
        chars = list(token)
        for _ in range(rnd.randint(1, 3)):
            chars[rnd.randrange(2, len(chars))] = rnd.choice(alphabet)
        try:
            decode_link("".join(chars))
        except InvalidRecordError:
            pass


# --------------------------------------------------------------------------- compare
def _exchange():
    """Hex 7 after 9 moves (Blue, seat 0, made the 9th) and Blue's copy after 7 moves."""
    game = played("hex", n=9, seed=11, size=7)
    copy = {"id": "Abc123_-xyz9", "moves": game.record()["moves"][:7], "lines": []}
    return game, copy


def compared() -> dict:
    """What a friend's link is to this page's copy, in each case: ``{name: compare's answer}``
    (``texts``: the conditional replies' moves of the ``answered`` and ``forged`` cases)."""
    game, copy = _exchange()
    assert game.current_player == 1  # Red to move after 9 moves: Blue sent the link, for Red
    red_copy = {"id": copy["id"], "moves": game.record()["moves"][:8], "lines": []}
    token = decode_link(link(game, sender=0))
    out = {"ahead": compare(token, 1, red_copy), "current": compare(token, 1, {**red_copy, "moves": game.record()["moves"]})}
    longer = played("hex", n=11, seed=11, size=7)
    out["behind"] = compare(token, 1, {**red_copy, "moves": longer.record()["moves"]})
    changed = list(game.record()["moves"][:8])
    other = [m for m in (game.format_move(x) for x in replay({**game.record(), "moves": changed[:3]}).legal_moves())
             if m != changed[3]][0]
    changed[3] = other
    out.update(conflict=compare(token, 1, {**red_copy, "moves": changed}), new=compare(token, 1, None),
               own=compare(token, 0, red_copy))
    base = played("hex", n=6, seed=12, size=7)  # Blue to move; Red sent this link with a line
    assert base.current_player == 0
    texts = [base.format_move(m) for m in base.legal_moves()]
    x, y = texts[0], texts[1]
    red_copy = {"id": "Abc123_-xyz9", "moves": base.record()["moves"], "lines": [[x, y]]}
    after = base.clone()
    after.play(x)  # Blue plays X; Blue's page plays Red's answer Y at once, then Blue moves again
    after.play(y)
    z = after.format_move(after.legal_moves()[0])
    after.play(z)
    token = decode_link(link(after, sender=0))
    out.update(answered=compare(token, 1, red_copy), forged=compare(token, 1, {**red_copy, "lines": [[x, texts[2]]]}),
               texts=[x, y, z])
    return out


def test_compare_ahead_current_behind_conflict_and_new():
    c = compared()
    assert c["ahead"]["status"] == "ahead" and len(c["ahead"]["new"]) == 1 and c["ahead"]["answered"] == 0
    assert c["current"]["status"] == "current"
    assert c["behind"]["status"] == "behind" and "2 moves behind" in c["behind"]["message"]
    assert c["conflict"]["status"] == "conflict" and "changes move 4" in c["conflict"]["message"]
    assert c["new"]["status"] == "new"
    assert c["own"]["status"] == "not-yours" and "you sent" in c["own"]["message"]


def test_conditional_answers_played_for_a_seat_are_checked():
    c = compared()
    x, y, z = c["texts"]
    got = c["answered"]
    assert got["status"] == "ahead" and got["answered"] == 1 and got["new"] == [x, y, z] and got["answers"] == [y]
    assert got["message"] == f"3 new moves: your friend's page played your conditional reply {y} for you (checked: you set it)."
    forged = c["forged"]
    assert forged["status"] == "conflict" and "not one of your conditional replies" in forged["message"]


def test_a_damaged_copy_is_one_clear_error():
    game, copy = _exchange()
    token = decode_link(link(game, sender=0))
    for bad in ("garbage", {"id": copy["id"], "moves": "f6"}, {"id": copy["id"], "moves": [1, 2]},
                {"id": copy["id"], "moves": [], "lines": "x"}):
        with pytest.raises(InvalidRecordError, match="copy of the game is damaged"):
            compare(token, 1, bad)


def test_a_shared_game_is_not_a_correspondence_link():
    with pytest.raises(InvalidRecordError, match="not a move in a game with a friend"):
        compare(decode_link(encode_link(_game().record())), 0, None)


def test_new_game_ids_are_valid_and_differ():
    ids = {new_game_id() for _ in range(50)}
    assert len(ids) == 50
    game = _game()
    for gid in list(ids)[:5]:
        assert decode_link(link(game, sender=1, game_id=gid))["corr"]["id"] == gid


# --------------------------------------------------------------------------- the command line
def test_link_show_prints_any_link(capsys):
    from pygame_core.__main__ import main
    assert main(["link", "show", "1.AGVjIowBEXsiZyI6ImhleCIsImMiOjJ9PjQn"]) == 0
    out = capsys.readouterr().out
    assert "Hex (size=11, swap=False), seed 1, 3 moves" in out and "3. Blue         d5" in out
    game = _game()
    texts = [game.format_move(m) for m in game.legal_moves()]
    token = link(game, sender=1, names=["Ana", "Bo"], lines=[[texts[0], texts[1]]])
    assert main(["link", "show", f"https://example.org/play/#r={token}"]) == 0
    out = capsys.readouterr().out
    assert "a game with a friend, id Abc123_-xyz9: Blue (Ana) against Red (Bo)" in out
    assert f"      {texts[0]} {texts[1]}" in out and "Blue (Ana) to move" in out
    assert main(["link", "show", token, "--format", "json"]) == 0
    assert '"sender": 1' in capsys.readouterr().out


def test_link_show_refuses_bad_links_in_one_line(capsys, monkeypatch):
    import io

    from pygame_core.__main__ import main
    for bad in ("3.AAAxx", "nonsense", "9." + "A" * 50):
        assert main(["link", "show", bad]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1 and len(err) < 300, err
    monkeypatch.setattr("sys.stdin", io.StringIO("x" * 300_000))
    assert main(["link", "show", "-"]) == 2
    assert "longer than" in capsys.readouterr().err
