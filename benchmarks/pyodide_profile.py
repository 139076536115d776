"""cProfile of the Hex/Y search inside Pyodide (headless Chromium), beside the same in CPython
(a benchmark, not a test).  Build the site first, then

    .venv/bin/python build_scripts/build.py --out dist/site
    .venv/bin/python benchmarks/pyodide_profile.py [--game hex|y] [--plies 30] [--iterations 10000]

Loads the built site's Pyodide and wheel in a blank page of the served site, searches a seeded
middle-game position (``--plies`` random moves) with the default agent, and prints the
unprofiled rate and the ten functions with the most own time - first in Pyodide, then in this
CPython - so where the time goes can be compared between the two.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for folder in (ROOT, ROOT / "build_scripts", ROOT / "tests" / "browser"):
    sys.path.insert(0, str(folder))

from conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from serve import serve_in_thread  # noqa: E402

CODE = r'''
import cProfile, io, pstats, random, time
import pygame_core
from pygame_core.agents.mcts import MCTSAgent

def profile(game_id, plies, iterations):
    opts = {"size": 11} if game_id == "hex" else {"family": "regular", "size": 13}
    g = pygame_core.new_game(game_id, seed=1, **opts)
    rnd = random.Random(1)
    for _ in range(plies):
        g.play(rnd.choice(g.legal_moves()))
    a = MCTSAgent(seed=1)
    a.start(g)
    t = time.perf_counter()
    a.think(iterations=iterations)
    plain = a.last_iterations / (time.perf_counter() - t)
    a = MCTSAgent(seed=1)
    a.start(g)
    pr = cProfile.Profile()
    pr.enable()
    a.think(iterations=iterations)
    pr.disable()
    out = io.StringIO()
    pstats.Stats(pr, stream=out).sort_stats("tottime").print_stats(10)
    return f"{plain:,.0f} iterations/s unprofiled\n" + out.getvalue()
'''


def in_pyodide(site: Path, call: str) -> str:
    from playwright.sync_api import sync_playwright
    wheel = json.loads((site / "build.json").read_text())["wheel"]
    server, url = serve_in_thread(site, 0)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(url + "build.json")
            return page.evaluate("""async ([wheel, code]) => {
                const { loadPyodide } = await import('./pyodide/pyodide.mjs');
                const py = await loadPyodide({ indexURL: './pyodide/', packages: ['micropip'] });
                const name = wheel.split('/').pop();
                py.FS.writeFile('/tmp/' + name, new Uint8Array(await (await fetch(wheel)).arrayBuffer()));
                await py.runPythonAsync(`import micropip\\nawait micropip.install('emfs:/tmp/${name}', deps=False)`);
                return py.runPython(code);
            }""", [wheel, CODE + "\n" + call])
    finally:
        server.shutdown()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=("hex", "y"), default="hex")
    ap.add_argument("--plies", type=int, default=30)
    ap.add_argument("--iterations", type=int, default=10_000)
    ap.add_argument("--site", type=Path, default=ROOT / "dist" / "site")
    args = ap.parse_args(argv)
    if not (args.site / "build.json").is_file():
        sys.exit(f"no built site in {args.site}: run build_scripts/build.py first")
    call = f"profile({args.game!r}, {args.plies}, {args.iterations})"
    print("== Pyodide (headless Chromium)")
    print(in_pyodide(args.site, call))
    print("== CPython", sys.version.split()[0])
    scope: dict = {}
    exec(CODE, scope)  # the same code, in this process
    print(eval(call, scope))


if __name__ == "__main__":
    main()
