"""Board first, engine second: what the page shows before the Python runtime is up.

    write_boot_data(site, wheel_sha256) -> Path   # writes <site>/boot.json, fills <site>/index.html

The engine itself (``pygame_core`` from this checkout, run in CPython at build time) produces
everything in it, through the same bridge the web worker calls; nothing is a hand-written copy:

  version   the engine version
  wheel     the sha256 of the engine wheel built from the same sources: the page uses `hello`
            below instead of asking the engine only when the engine's wheel is this one
  hello     the bridge's ``hello`` answer (the form's game list, options, seats, record formats)
  initial   {game id: {request, state}} for the default game (the first one ``hello`` lists):
            ``request`` is the ``new`` request the page sends once the engine is ready (default
            options, seats as the page's form fills them: a person, then the strongest agent),
            ``state`` the bridge's answer to it, minus what belongs to one particular game (its
            seed, record and save). A hidden-information game keeps only its public board: no
            hands, no legal moves, no notes, and ``dealing`` is true: the page says "dealing…"
            until the engine deals every visitor their own game.

The page itself (index.html) gets the game menu's options and the engine version in its HTML
(``fill_page``), so that its first paint, before any script has run, already lists the games.
"""
from __future__ import annotations

import html
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOT_FILE = "boot.json"
# per-game fields of a state that the static copy must not carry (one fixed game for everybody)
_PER_GAME = ("seed", "record", "save", "export_formats", "export_options")


def _default_players(info: dict) -> list[str]:
    """The seats the page's form starts with (web/panels/form.js buildSeats): the first seat a person,
    the others the strongest agent (the first of equal strength)."""
    best = max(info["agents"], key=lambda a: a["strength"])["name"]
    return ["human"] + [best] * (len(info["players"]) - 1)


def public_state(state: dict) -> dict:
    """A state as every visitor may see it before their own game exists."""
    out = {k: v for k, v in state.items() if k not in _PER_GAME}
    if state.get("hidden_information"):
        scene = dict(out["scene"])
        scene["panels"] = []
        scene.pop("notes", None)
        scene.pop("player_notes", None)
        out.update(scene=scene, legal=[], dealing=True)
    return out


def boot_data() -> dict:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pygame_core import bridge

    session = bridge.Session()

    def ask(request: dict) -> dict:
        response = bridge.handle(request, session)
        if not response.get("ok"):
            raise RuntimeError(f"bridge {request.get('cmd')}: {response.get('error')}")
        return response["result"]

    hello = ask({"cmd": "hello"})
    info = hello["games"][0]
    request = {"cmd": "new", "game": info["id"], "options": {}, "players": _default_players(info)}
    state = ask({**request, "seed": 0})
    request["options"] = state["options"]
    return {"version": hello["version"], "hello": hello,
            "initial": {info["id"]: {"request": request, "state": public_state(state)}}}


GAME_SELECT = '<select id="game-select" name="game"></select>'
LEVEL_SELECT = '<select id="level" name="level"></select>'
ENGINE_VERSION = '<span id="engine-version"></span>'


def fill_page(page: str, hello: dict) -> str:
    """index.html with the game menu's options (the first one selected, as the page's form does),
    the level menu of that game (its default level selected) and the footer's engine version
    written in (web/panels/form.js setupHello and buildLevels write the same)."""
    options = "".join(f'<option value="{html.escape(g["id"])}"{" selected" if i == 0 else ""}>'
                      f'{html.escape(g["title"])}</option>' for i, g in enumerate(hello["games"]))
    levels = "".join(f'<option value="{lv["level"]}" title="{html.escape(lv["help"])}"'
                     f'{" selected" if lv["default"] else ""}>{html.escape(lv["label"])}</option>'
                     for lv in hello["games"][0].get("levels", []))
    for empty, filled in ((GAME_SELECT, GAME_SELECT.replace("></", f">{options}</")),
                          (LEVEL_SELECT, LEVEL_SELECT.replace("></", f">{levels}</")),
                          (ENGINE_VERSION, ENGINE_VERSION.replace("></", f"> engine {html.escape(hello['version'])}</"))):
        page = page.replace(empty, filled, 1)  # (a page without them is left as it is)
    return page


def first_request(data: dict) -> dict:
    """The `new` request the page sends first (the default game's, from boot_data())."""
    return next(iter(data["initial"].values()))["request"]


def write_boot_data(site: Path, wheel_sha256: str, boot: dict | None = None) -> Path:
    """boot: boot_data(), if already made."""
    path = Path(site) / BOOT_FILE
    data = {"wheel": wheel_sha256, **(boot or boot_data())}
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    index = Path(site) / "index.html"
    if index.is_file():
        index.write_text(fill_page(index.read_text(encoding="utf-8"), data["hello"]), encoding="utf-8")
    return path


if __name__ == "__main__":
    data = boot_data()
    print(json.dumps({k: (v if k == "version" else "...") for k, v in data.items()}))
    print(f"{len(json.dumps(data, separators=(',', ':')))} bytes")
