"""Bridge commands for records: share links (share/open), files (export/import), load with a
cursor (autosave), spectator links; bad records never change the current game."""

import json
import random
from dataclasses import replace

import pytest

from pygame_core import agents, core
from pygame_core.bridge import Session, handle
from pygame_core.core import InvalidRecordError, RecordFormat, list_games, register_format

GAME_IDS = [g["id"] for g in list_games()]
QUICK_OPTIONS = {"triominos": {"target": None}}


def ok(session, **req):
    r = handle(req, session)
    assert r["ok"], r
    return r["result"]


def err(session, **req):
    r = handle(req, session)
    assert not r["ok"], r
    return r["error"]


def play_random(session, n, seed=1):
    rng = random.Random(seed)
    st = ok(session, cmd="state")
    for _ in range(n):
        if st["is_over"] or not st["legal"]:
            break
        st = ok(session, cmd="play", move=rng.choice(st["legal"])["move"])
    return st


def started(game_id, players=None, seed=7, **options):
    s = Session()
    opts = {**QUICK_OPTIONS.get(game_id, {}), **options}
    ok(s, cmd="new", game=game_id, options=opts, seed=seed, players=players)
    return s


def snapshot(session):
    st = ok(session, cmd="state")
    return st["save"], st["cursor"], st["players"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_share_link_round_trip_with_cursor(game_id):
    s = started(game_id)
    st = play_random(s, 12)
    n = len(st["save"]["record"]["moves"])
    assert n >= 4
    ok(s, cmd="goto", cursor=n - 2)  # a redo tail: the link keeps it and opens at the cursor
    shared = ok(s, cmd="share")
    assert shared["moves"] == n and shared["cursor"] == n - 2
    assert all(c.isalnum() or c in "-_." for c in shared["token"])
    other = Session()
    opened = ok(other, cmd="open", token=shared["token"])
    assert opened["save"]["record"] == st["save"]["record"]
    assert opened["cursor"] == n - 2 and opened["can_redo"]
    assert [p["agent"] for p in opened["players"]] == [p["agent"] for p in st["players"]]
    # a whole URL or a fragment with other parameters opens the same game
    url = f"http://example.invalid/user/repo/index.html#r={shared['token']}&embed=replay"
    assert ok(Session(), cmd="open", token=url)["save"] == opened["save"]


def test_hidden_information_link_opens_the_players_view():
    s = started("triominos", players=["human", "human"])
    play_random(s, 3)
    st = ok(s, cmd="state")
    viewer = st["viewer"]
    shared = ok(s, cmd="share")
    assert shared["view"] == viewer
    other = Session()
    opened = ok(other, cmd="open", token=shared["token"])
    assert opened["viewer"] == viewer
    # an explicit view of the other seat: that seat becomes the person at the screen
    other_seat = 1 - viewer
    token = ok(s, cmd="share", view=other_seat)["token"]
    third = Session()
    ok(third, cmd="open", token=token)
    state = ok(third, cmd="state")
    assert state["players"][other_seat]["agent"] == "human"


def test_spectator_links_only_once_the_game_is_over():
    s = started("triominos", players=["greedy", "greedy"], seed=3)
    e = err(s, cmd="share", view="spectator")
    assert "over" in e["message"]
    # an agents-only game in progress shows everything, so its automatic view is refused too
    assert "over" in err(s, cmd="share")["message"]
    for _ in range(400):
        st = ok(s, cmd="state")
        if st["is_over"]:
            break
        ok(s, cmd="ai")
    assert ok(s, cmd="state")["is_over"]
    ok(s, cmd="goto", cursor=5)
    shared = ok(s, cmd="share")
    assert shared["view"] == "spectator"
    opened = ok(Session(), cmd="open", token=shared["token"])
    assert opened["spectator"] and opened["viewer"] is None and opened["cursor"] == 5
    assert not opened["is_over"]  # every hand is shown while replaying a finished game


def test_bad_links_keep_the_current_game():
    s = started("hex", players=["human", "astar"])
    play_random(s, 3)
    before = snapshot(s)
    token = ok(s, cmd="share")["token"]
    for bad in ["", "r=", "1.", "garbage", token[:-6], token[:-1] + ("A" if token[-1] != "A" else "B"),
                "99." + token.split(".", 1)[1], "#r=%%%"]:
        e = err(s, cmd="open", token=bad)
        assert e["code"] in ("invalid_record", "bad_request") and e["message"], bad
        assert snapshot(s) == before
    assert err(s, cmd="open")["code"] == "bad_request"
    assert snapshot(s) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_json_export_import_round_trip(game_id):
    s = started(game_id)
    play_random(s, 9, seed=3)
    ok(s, cmd="undo")
    before = snapshot(s)
    exported = ok(s, cmd="export", format="json")
    assert exported["filename"].endswith(".json") and exported["mime"] == "application/json"
    data = json.loads(exported["text"])
    assert data["format"] == "boardwright" and data["game"] == game_id
    other = Session()
    ok(other, cmd="import", text=exported["text"])
    assert snapshot(other) == before


def test_hex_sgf_and_hexworld_export_import():
    s = started("hex", players=["human", "human"], size=7, swap=True)
    for mv in ["c3", "swap", "d4", "e2"]:
        ok(s, cmd="play", move=mv)
    sgf = ok(s, cmd="export", format="sgf")
    assert "GM[11]" in sgf["text"] and "swap-pieces" in sgf["text"] and sgf["filename"].endswith(".sgf")
    hw = ok(s, cmd="export", format="hexworld")
    assert "7c1," in hw["text"]
    for text in (sgf["text"], hw["text"]):
        other = Session()
        st = ok(other, cmd="import", text=text)
        assert st["save"]["record"]["moves"] == ["c3", "swap", "d4", "e2"]
        assert st["options"] == {"size": 7, "swap": True}


def test_export_formats_per_game():
    assert ok(started("hex"), cmd="state")["export_formats"] == ["json", "sgf", "hexworld"]
    s = started("y")
    assert ok(s, cmd="state")["export_formats"] == ["json"]
    assert "exported as json" in err(s, cmd="export", format="sgf")["message"]
    options = ok(started("hex"), cmd="state")["export_options"]
    assert [(o["format"], o["label"], o["link"]) for o in options] == [
        ("json", "JSON", False), ("sgf", "SGF", False), ("hexworld", "HexWorld link", True)]
    assert "HexWorld" in options[2]["note"]


def _y_moves_format():
    """A toy record format for Y (a first line "ymoves <seed>", then one move per line),
    registered the way a game module registers its own."""
    def export(record):
        return "\n".join([f"ymoves {record['seed']}"] + record["moves"]) + "\n"

    def parse(text):
        head, *moves = text.strip().splitlines()
        try:
            seed = int(head.split()[1])
        except (IndexError, ValueError):
            raise InvalidRecordError("ymoves: the first line is 'ymoves <seed>'") from None
        return {"game": "y", "options": {"family": "radial", "center_rows": 3, "outer_rows": 2},
                "seed": seed, "moves": moves}

    return RecordFormat(name="ymoves", game_id="y", label="Moves", description="a Y move list",
                        extension=".txt", mime="text/plain", export=export, parse=parse,
                        detect=lambda text: text.startswith("ymoves "))


def test_a_registered_format_exports_and_imports_with_no_bridge_change(monkeypatch):
    monkeypatch.setattr(core, "_FORMATS", dict(core._FORMATS))  # the registration is undone after
    register_format(_y_moves_format())
    s = started("y", players=["human", "human"], family="radial", center_rows=3, outer_rows=2)
    st = play_random(s, 5)
    assert st["export_formats"] == ["json", "ymoves"]
    assert st["export_options"][1]["description"] == "a Y move list"
    out = ok(s, cmd="export", format="ymoves")
    assert out["filename"].endswith(".txt") and out["link"] is False
    assert out["text"].splitlines()[1:] == st["record"]["moves"]
    other = started("hex")
    loaded = ok(other, cmd="import", text=out["text"])
    assert loaded["game"] == "y" and loaded["record"]["moves"] == st["record"]["moves"]
    assert "a Y move list" in err(other, cmd="import", text="hello")["message"]
    bad = err(other, cmd="import", text="ymoves x\na1")["message"]  # the format's own message
    assert "first line" in bad and ok(other, cmd="state")["game"] == "y"
    assert ok(started("hex"), cmd="state")["export_formats"] == ["json", "sgf", "hexworld"]


def test_register_format_checks_names(monkeypatch):
    monkeypatch.setattr(core, "_FORMATS", dict(core._FORMATS))
    fmt = _y_moves_format()
    for name in ("json", "Bad", "two words", "sgf"):
        with pytest.raises(ValueError):
            register_format(replace(fmt, name=name))
    assert register_format(fmt) is fmt and register_format(fmt) is fmt  # the same one twice is fine
    assert core.detect_record_format("ymoves 3\n") is fmt
    assert core.detect_record_format("(;FF[4]GM[11]SZ[5];B[c3])").name == "sgf"
    assert core.detect_record_format(None) is None


@pytest.mark.parametrize("text, words", [
    ("", "import needs"),
    ("hello there", "not a record we can read"),
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('{"game": "chess", "moves": []}', "unknown game"),
    ('{"game": "hex", "options": {"size": 5}, "seed": 1, "moves": ["a1", "a1"]}', "move 2"),
    ('{"game": "hex", "options": {"size": 5}, "seed": 1, "moves": ["a1"], "cursor": 9}', "cursor"),
    ('{"game": "hex", "options": {"size": 5}, "seed": 1, "moves": [], "players": ["human"]}', "players"),
    ("(;FF[4]GM[1]SZ[19];B[dd])", "GM"),
    ("(;FF[4]GM[11]SZ[11];B[f6];W[f6])", "f6"),
])
def test_bad_imports_keep_the_current_game(text, words):
    s = started("y", players=["human", "mcts"])
    play_random(s, 2)
    before = snapshot(s)
    e = err(s, cmd="import", text=text)
    assert words.lower() in e["message"].lower(), e
    assert snapshot(s) == before


def test_load_with_cursor_keeps_the_redo_tail():
    s = started("hex", players=["human", "human"])
    for mv in ["a1", "b2", "c3"]:
        ok(s, cmd="play", move=mv)
    record = ok(s, cmd="state")["save"]["record"]
    other = Session()
    st = ok(other, cmd="load", record=record, players=["human", "smart"], cursor=1)
    assert st["cursor"] == 1 and st["moves"] == ["a1", "b2", "c3"] and st["can_redo"]
    assert st["save"]["record"]["moves"] == ["a1", "b2", "c3"] and st["save"]["cursor"] == 1
    assert st["players"][1]["agent"] == "smart"
    assert "cursor" in err(other, cmd="load", record=record, cursor=4)["message"]
    assert ok(other, cmd="state")["cursor"] == 1


def test_autosave_state_has_the_whole_record():
    s = started("codex", players=["human", "codex-greedy"])
    st = play_random(s, 3)
    save = st["save"]
    assert save["cursor"] == st["cursor"] and save["players"] == ["human", "codex-greedy"]
    again = Session()
    st2 = ok(again, cmd="load", **save)
    assert st2["save"] == save and st2["scene"] == st["scene"]


def test_agents_in_links_must_exist_here():
    s = started("hex", players=["human", "smart"])
    play_random(s, 1)
    token = ok(s, cmd="share")["token"]
    from pygame_core import records
    link = records.decode_link(token)
    bad = records.encode_link(link["record"], players=["human", "no-such-agent"])
    e = err(Session(), cmd="open", token=bad)
    assert "players" in e["message"] or "agent" in e["message"]
    assert agents.get("smart")
