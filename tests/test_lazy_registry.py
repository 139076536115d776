"""The registries learn games lazily (pygame_core.catalog): the browser's worker imports
``pygame_core.bridge`` and starts Hex without importing (compiling) the other games' modules,
and every look-up still answers exactly what importing everything answers.

Each check runs in a fresh interpreter, since this test process has long imported every game.
"""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME_IDS = ["hex", "y", "triominos", "iwoki", "codex"]
OTHER_GAMES = ["y", "triominos", "iwoki", "codex"]


def run(code: str):
    """Run ``code`` in a fresh interpreter and return what it printed last, read as JSON."""
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


LOADED = """
import json, sys
def loaded():
    return sorted(m for m in sys.modules if m.startswith("pygame_core"))
"""

# What the registries held before they were lazy: every module imported, in the order the
# package __init__ files used to import them, read in registration order; then every other
# module of the package, so anything registered outside the catalog's table shows up too.
FULL_IMPORT = """
import importlib, json, pkgutil
import pygame_core
OLD_ORDER = ["games.hex.rules", "games.hex.formats", "games.y.rules", "games.triominos", "games.iwoki",
             "games.codex", "games.hex.agents", "agents.mcts", "games.triominos.agents",
             "games.iwoki.agents", "games.codex.agents", "games.hex.view", "games.y.view",
             "games.triominos.view", "games.iwoki.view", "games.codex.view"]
for name in OLD_ORDER:
    importlib.import_module("pygame_core." + name)
ALL_MODULES = sorted(m.name for m in pkgutil.walk_packages(pygame_core.__path__, "pygame_core.")
                     if m.name != "pygame_core.__main__")
for name in ALL_MODULES:
    importlib.import_module(name)
"""

DESCRIBE = """
from pygame_core import agents, core, view
def agent_info(classes):
    return [{"name": c.name, "title": c.title, "strength": c.strength, "module": c.__module__,
             "games": c.games and list(c.games)} for c in classes]
def describe(game_id, agent_classes):
    cls = core.game_class(game_id)
    v = view.view_for(game_id)
    return {"class": cls.__module__ + "." + cls.__qualname__,
            "agents": agent_info(agent_classes),
            "formats": [f.name for f in core.record_formats(game_id)],
            "view": type(v).__module__ + "." + type(v).__qualname__}
"""


@pytest.fixture(scope="module")
def full():
    """The registries after importing everything, read straight from their dicts."""
    return run(FULL_IMPORT + DESCRIBE + """
from pygame_core import catalog
games = {g: describe(g, [c for c in agents._AGENTS.values() if c.supports(g)]) for g in core._GAMES}
print(json.dumps({
    "games": games, "game_order": list(core._GAMES),
    "agents": agent_info(agents._AGENTS.values()),
    "formats": [[f.name, f.game_id] for f in core._FORMATS.values()],
    "views": {g: type(v).__module__ for g, v in view._VIEWS.items()},
    "all_modules": ALL_MODULES,
    "list_games": [g["id"] for g in core.list_games()],
    "list_agents": [a["name"] for a in agents.list_agents()],
}))
""")


def test_bridge_import_and_a_hex_game_import_only_hex():
    out = run(LOADED + """
import pygame_core.bridge as bridge
after_import = loaded()
new = bridge.handle({"cmd": "new", "game": "hex", "players": ["human", "mcts"]})
state = bridge.handle({"cmd": "state"})
play = bridge.handle({"cmd": "play", "move": "f6"})
think = bridge.handle({"cmd": "think", "seconds": 0.05})
hint = bridge.handle({"cmd": "think", "seconds": 0.05, "restart": True})
ok = all(r["ok"] for r in (new, state, play, think, hint))
print(json.dumps({"ok": ok, "after_import": after_import, "after_game": loaded()}))
""")
    assert out["ok"]
    assert not [m for m in out["after_import"] if m.startswith(("pygame_core.games.", "pygame_core.agents.",
                                                                 "pygame_core.view."))]
    for game in OTHER_GAMES:
        for module in (f"pygame_core.games.{game}", f"pygame_core.games.{game}.agents",
                       f"pygame_core.games.{game}.view", f"pygame_core.view.{game}"):
            assert module not in out["after_game"], f"{module} was imported for a Hex game"
    assert "pygame_core.games.hex.view" in out["after_game"] and "pygame_core.games.hex.formats" in out["after_game"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_one_game_look_ups_equal_the_full_registries(full, game_id):
    lazy = run(LOADED + DESCRIBE + f"""
game_id = {game_id!r}
rules = (core.game_class(game_id), core.record_formats(game_id))
rules_only = loaded()
info = describe(game_id, agents.available(game_id))
listed = agents.list_agents(game_id)
print(json.dumps({{"info": info, "rules_only": rules_only, "loaded": loaded(),
                  "listed": [[a["name"], a["title"], a["strength"]] for a in listed],
                  "strongest": agents.strongest(game_id).name}}))
""")
    assert lazy["info"] == full["games"][game_id]
    assert lazy["listed"] == [[a["name"], a["title"], a["strength"]] for a in full["games"][game_id]["agents"]]
    strongest = max(full["games"][game_id]["agents"], key=lambda a: a["strength"])["name"]
    assert lazy["strongest"] == strongest
    # rules never import agents or views; a game's look-ups import no other game's modules
    assert not [m for m in lazy["rules_only"] if m.startswith(("pygame_core.agents.", "pygame_core.view."))
                or m.startswith("pygame_core.games.") and m.endswith((".agents", ".view"))]
    others = [g for g in GAME_IDS if g != game_id and not (game_id == "y" and g == "hex")]  # Y builds on Hex
    for other in others:
        assert not [m for m in lazy["loaded"] if m.rpartition(".")[2] in (other, f"{other}_agents")
                    or m.startswith(f"pygame_core.games.{other}.")], other


def test_listings_of_every_game_are_unchanged(full):
    assert full["game_order"] == GAME_IDS == full["list_games"]
    assert full["list_agents"] == [a["name"] for a in full["agents"]]
    lazy = run(LOADED + """
import pygame_core
from pygame_core import agents, core
sgf = core.detect_record_format("(;FF[4]GM[11]SZ[5];B[c3])")
print(json.dumps({"games": [g["id"] for g in pygame_core.list_games()],
                  "agents": [a["name"] for a in agents.list_agents()],
                  "formats": [[f.name, f.game_id] for f in core.record_formats()],
                  "sgf": sgf and sgf.name}))
""")
    assert lazy["games"] == GAME_IDS
    assert lazy["agents"] == full["list_agents"]
    assert lazy["formats"] == full["formats"]
    assert lazy["sgf"] == "sgf"


def test_look_ups_in_any_order_list_in_the_same_order(full):
    """Whichever game comes first, listings follow the catalog, not the import order."""
    lazy = run(LOADED + """
from pygame_core import agents, core, view
agents.get("iwoki-greedy")              # an agent of another game: found by importing all agents
codex_first = [a["name"] for a in agents.list_agents("codex")]
view.view_for("triominos")
print(json.dumps({"codex": codex_first, "games": [g["id"] for g in core.list_games()],
                  "hex": [a["name"] for a in agents.list_agents("hex")],
                  "all": [a["name"] for a in agents.list_agents()]}))
""")
    assert lazy["codex"] == [a["name"] for a in full["games"]["codex"]["agents"]]
    assert lazy["hex"] == [a["name"] for a in full["games"]["hex"]["agents"]]
    assert lazy["games"] == GAME_IDS and lazy["all"] == full["list_agents"]


def test_unknown_names_still_fail_with_every_known_name():
    out = run(LOADED + """
from pygame_core import agents, core
msgs = []
for call in (lambda: core.game_class("nope"), lambda: agents.get("nope"), lambda: agents.get("nope", "hex")):
    try:
        call()
    except ValueError as exc:
        msgs.append(str(exc))
print(json.dumps(msgs))
""")
    assert len(out) == 3
    assert all(g in out[0] for g in GAME_IDS)
    assert "iwoki-ismcts" in out[1] and "codex-greedy" in out[2]


def test_the_catalog_names_every_module_that_registers_something(full):
    """A module registering a game, a format, an agent or a view must be in the catalog's
    table under that game, or a lazy look-up would miss it."""
    from pygame_core import catalog

    assert list(catalog.GAMES) == full["game_order"]
    for game_id, info in full["games"].items():
        rules = catalog.modules(game_id, "rules")
        assert info["class"].rpartition(".")[0] in rules
        assert set(catalog.modules(game_id, "view")) == {full["views"][game_id]}
        for agent in info["agents"]:
            if agent["module"] != "pygame_core.agents":  # random: always there
                assert agent["module"] in catalog.modules(game_id, "agents"), (game_id, agent)
    for agent in full["agents"]:
        if agent["games"] is None and agent["module"] != "pygame_core.agents":
            assert agent["module"] in [f"pygame_core.{m}" for m in catalog.GENERIC_AGENTS]
    agent_modules = {m for m in full["all_modules"] if m.startswith("pygame_core.agents.")
                     or m.startswith("pygame_core.games.") and m.endswith(".agents")}
    assert {f"pygame_core.{m}" for m in catalog.AGENT_MODULES} == agent_modules
    named = {f"pygame_core.{m}" for entry in catalog.GAMES.values() for mods in entry.values() for m in mods}
    assert named <= set(full["all_modules"])
    # every module of games/ and view/ that is not shared code belongs to a game's row
    shared = {m for m in full["all_modules"] if m.startswith("pygame_core.games.connection")}
    # (a game's package: its rules, agents and view modules are named; its other modules are
    # what those import)
    packages = {m.rpartition(".")[0] for m in named if m.rpartition(".")[0].startswith("pygame_core.games.")}
    for m in full["all_modules"]:
        if m.startswith(("pygame_core.games.", "pygame_core.view.")) and m not in shared:
            inside = m in packages or m.rpartition(".")[0] in packages
            assert m in named or inside, f"{m} is in no row of pygame_core.catalog.GAMES"
    # record formats: the lazy per-game look-ups (compared above) see all of them
    for name, game_id in full["formats"]:
        assert name in full["games"][game_id]["formats"]


def test_module_attributes_still_import_submodules():
    out = run("""
import json
import pygame_core
from pygame_core import agents, games
ok = [games.iwoki.IwokiGame.game_id, agents.mcts.MCTSAgent.__name__, games.y.YGame.game_id]
try:
    games.nope
except AttributeError:
    ok.append("AttributeError")
print(json.dumps(ok))
""")
    assert out == ["iwoki", "MCTSAgent", "y", "AttributeError"]
