"""boot.json (build_scripts/prerender.py): the board before the engine is the engine's own output."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from pygame_core import bridge, list_games

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build_scripts"))
import prerender  # noqa: E402


def test_boot_data_is_the_bridges_own_answers():
    data = prerender.boot_data()
    session = bridge.Session()
    assert data["hello"] == bridge.handle({"cmd": "hello"}, session)["result"]
    default = data["hello"]["games"][0]["id"]
    assert list(data["initial"]) == [default]
    entry = data["initial"][default]
    request = entry["request"]
    assert request["cmd"] == "new" and request["game"] == default
    live = bridge.handle({**request, "seed": 12345}, session)["result"]
    # the same game as any visitor's, but for what belongs to one game (seed, record, save)
    expected = {k: v for k, v in live.items() if k not in ("seed", "record", "save", "export_formats", "export_options")}
    assert entry["state"] == expected
    assert [p["agent"] for p in entry["state"]["players"]][0] == "human"


def test_default_seats_follow_the_form():
    """The page's form: the first seat a person, the others the strongest agent."""
    for info in bridge.handle({"cmd": "hello"}, bridge.Session())["result"]["games"]:
        seats = prerender._default_players(info)
        best = max(a["strength"] for a in info["agents"])
        assert seats[0] == "human" and len(seats) == len(info["players"])
        for name in seats[1:]:
            assert next(a for a in info["agents"] if a["name"] == name)["strength"] == best


@pytest.mark.parametrize("game_id", [g["id"] for g in list_games() if g["id"] in ("triominos", "iwoki", "codex")])
def test_hidden_hands_are_never_in_the_static_copy(game_id):
    session = bridge.Session()
    state = bridge.handle({"cmd": "new", "game": game_id, "seed": 3}, session)["result"]
    assert state["hidden_information"] and state["scene"].get("panels")
    public = prerender.public_state(state)
    assert public["dealing"] is True and public["legal"] == [] and public["scene"]["panels"] == []
    assert "seed" not in public and "record" not in public and "save" not in public
    assert "notes" not in public["scene"] and "player_notes" not in public["scene"]
    assert public["scene"]["layers"] == state["scene"]["layers"]


def test_the_built_site_carries_boot_json(built_site):
    data = json.loads((built_site / "boot.json").read_text())
    build = json.loads((built_site / "build.json").read_text())
    assert data.pop("wheel") == build["wheel_sha256"]  # the page trusts its hello for this wheel only
    assert data == prerender.boot_data()


def test_the_page_lists_the_games_before_any_script(built_site):
    """index.html's game menu and footer are written in by the build (prerender.fill_page): the
    first paint lists the games, in hello's order, the first one selected."""
    page = (built_site / "index.html").read_text(encoding="utf-8")
    hello = prerender.boot_data()["hello"]
    menu = page.split('<select id="game-select" name="game">')[1].split("</select>")[0]
    assert [part.split('"')[0] for part in menu.split('<option value="')[1:]] == [g["id"] for g in hello["games"]]
    assert menu.count(" selected") == 1 and menu.startswith(f'<option value="{hello["games"][0]["id"]}" selected>')
    assert f'Boardwright<span id="engine-version"> engine {hello["version"]}</span><span data-i18n="footer.runs"> runs' in page
    # the level menu: the first game's levels (search budgets), its default level selected
    levels = page.split('<select id="level" name="level">')[1].split("</select>")[0]
    first = hello["games"][0]["levels"]
    assert [part.split("</option>")[0].split(">")[-1] for part in levels.split("<option ")[1:]] == \
        [lv["label"] for lv in first]
    default = next(lv for lv in first if lv["default"])
    assert levels.count(" selected") == 1 and f'value="{default["level"]}" title="{default["help"]}" selected>' in levels


def test_fill_page_escapes_and_leaves_other_pages_alone():
    hello = {"version": "1<2", "games": [{"id": "a&b", "title": "<A>", "levels": [
        {"level": 1, "label": "L<1>", "help": 'a "b"', "default": True}]}]}
    page = prerender.fill_page('<select id="game-select" name="game"></select><span id="engine-version"></span>'
                               '<select id="level" name="level"></select>', hello)
    assert page == ('<select id="game-select" name="game"><option value="a&amp;b" selected>&lt;A&gt;</option></select>'
                    '<span id="engine-version"> engine 1&lt;2</span><select id="level" name="level">'
                    '<option value="1" title="a &quot;b&quot;" selected>L&lt;1&gt;</option></select>')
    assert prerender.fill_page("<p>other</p>", hello) == "<p>other</p>"
