"""A friend's move link on a warm visit (a benchmark, not a test): how soon the board is there.
Build the site first (``python build_scripts/build.py --out dist/site``), then

    .venv/bin/python benchmarks/link_preview.py [--runs 7] [--site dist/site] [--size 11]

Serves the built site (build_scripts/serve.py) and drives the system Chromium with Playwright,
service workers and the engine's memory snapshot on, as a person's browser has them. One
browser profile plays Bo: a first visit (the offline copy and the snapshot are stored), then
Ana's invitation to a Hex game (made here with the engine's own writer), his move, sent. Each
run is then a warm visit: Ana's reply (her next move, as a link made here) is opened in Bo's tab
by navigating to it, and the page's own clock (ms since navigation start) says when

* ``preview``: the board is drawn with Ana's last move marked (``#board-svg .last`` on the cell
  of her move, seen by a MutationObserver): page/first.js's drawing, from a few modules;
* ``page``: the page's own board (early.js) has replaced it (a click on the first one waits
  for it);
* ``engine``: the engine is ready (``body[data-engine-ms]``);
* ``opened``: the engine has read the link and its game is on screen (``body[data-ready-ms]``);

then Bo answers and sends his move, for the next run, and the same warm visit without a link
(the saved game's screen, as every reload draws it) gives ``plain``, its first board, for
comparison. Prints every run and the medians.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from serve import serve_in_thread  # noqa: E402

from pygame_core.core import new_game, replay  # noqa: E402
from pygame_core.records import encode_corr_link  # noqa: E402

LOAD_MS = 120_000
START = 29_400_000
# when the cell of the expected last move is first drawn marked "last" (ms since navigation)
WATCH_JS = """
(() => {
  const want = new URLSearchParams(location.hash.slice(1)).get("bench-last");
  if (!want) return;
  const seen = () => {
    if (!window.__lastMarkMs && document.querySelector(`#board-svg .last[data-target="${want}"]`)) {
      window.__lastMarkMs = performance.now();
    }
    if (!window.__pageBoardMs && document.querySelector(`#board-svg:not([data-first]) .last[data-target="${want}"]`)) {
      window.__pageBoardMs = performance.now(); // the page's own board (page/first.js drew the first one)
    }
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true });
})();
"""


def wait(page, expression, timeout_s=120.0):
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        value = page.evaluate(expression)
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError(expression)


def link_for(game, game_id: str, names: list[str]) -> str:
    times = [START + 30 * (k + 1) for k in range(len(game.history))]
    return encode_corr_link(game, game_id=game_id, sender=0, start=START, times=times, names=names)


def bo_moves_and_sends(page, rnd: random.Random) -> dict:
    """Bo plays a random legal move and copies his link (sent); returns his game's state."""
    st = page.evaluate("window.boardwright.state()")
    move = rnd.choice([m["move"] for m in st["legal"] if m["move"] != "swap"])
    page.evaluate("async (m) => { await window.boardwright.send({cmd: 'play', move: m}); }", move)
    wait(page, "() => document.getElementById('friend-link').value")
    page.click("#friend-copy")
    wait(page, "() => { const s = window.boardwright.state(); return s.friend.sent === s.moves.length; }")
    return page.evaluate("window.boardwright.state()")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--site", default=str(ROOT / "dist" / "site"))
    ap.add_argument("--size", type=int, default=11)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    server, url = serve_in_thread(args.site, port=0)
    rnd = random.Random(11)
    rows = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(headless=True, executable_path=chromium_executable(), args=CHROMIUM_ARGS)
            ctx = browser.new_context(bypass_csp=True, service_workers="allow", viewport={"width": 1280, "height": 800})
            ctx.add_init_script(script=WATCH_JS)
            page = ctx.new_page()
            page.goto(url + "index.html", timeout=LOAD_MS)
            wait(page, "() => document.body.dataset.ready === 'true'")
            wait(page, "() => document.documentElement.dataset.offline === 'ready' && document.body.dataset.snapshot === 'stored'")
            # Ana's invitation (her first move), then Bo's answer, sent
            game = new_game("hex", seed=rnd.randrange(2 ** 53), size=args.size)
            game.play(game.format_move(rnd.choice(game.legal_moves())))
            gid, names = "BenchGame_0001", ["Ana", "Bo"]
            page.goto("about:blank")
            page.goto(f"{url}index.html#r={link_for(game, gid, names)}", timeout=LOAD_MS)
            wait(page, "() => document.body.dataset.ready === 'true' && window.boardwright.state().friend")
            st = bo_moves_and_sends(page, rnd)
            for run in range(1, args.runs + 1):
                game = replay(st["save"]["record"])
                ana = game.format_move(rnd.choice(game.legal_moves()))
                game.play(ana)
                token = link_for(game, gid, names)
                page.goto("about:blank")  # a real visit (a new hash alone would not reload the page)
                page.goto(f"{url}index.html#r={token}&bench-last={ana}", timeout=LOAD_MS)
                wait(page, "() => document.body.dataset.ready === 'true'")
                wait(page, f"() => window.boardwright.state().moves.length === {len(game.history)}")
                d = page.evaluate("""() => ({preview: window.__lastMarkMs, page: window.__pageBoardMs,
                  first: +document.body.dataset.firstBoardMs,
                  drawn: document.body.dataset.linkPreview,
                  engine: +document.body.dataset.engineMs, opened: +document.body.dataset.readyMs,
                  snapshot: document.body.dataset.bootSnapshot})""")
                rows.append(d)
                print(f"run {run}: board with {ana} marked {fmt(d['preview'])} ms ({d['drawn'] or 'no preview'}; "
                      f"the page's own {fmt(d['page'])} ms), "
                      f"engine ready {fmt(d['engine'])} ms, link opened by the engine {fmt(d['opened'])} ms "
                      f"(snapshot {d['snapshot']})", flush=True)
                st = bo_moves_and_sends(page, rnd)
                # for comparison, the same warm visit without a link: the saved game's screen
                page.goto("about:blank")
                page.goto(f"{url}index.html", timeout=LOAD_MS)
                wait(page, "() => document.body.dataset.ready === 'true'")
                d["plain"] = page.evaluate("() => +document.body.dataset.firstBoardMs")
                print(f"       the same visit without a link: first board {fmt(d['plain'])} ms", flush=True)
            browser.close()
    finally:
        server.shutdown()
    print()
    for key, what in (("preview", "board drawn, last move marked"), ("page", "the page's own board"),
                      ("first", "its first board (as below)"), ("engine", "engine ready"),
                      ("opened", "the engine's game on screen"), ("plain", "first board of a visit without a link")):
        values = [r[key] for r in rows if r[key]]
        print(f"median {what}: {fmt(statistics.median(values)) if values else 'n/a'} ms ({len(values)} runs)")
    print("target: a playable board under 200 ms on a warm visit")
    return 0


def fmt(v) -> str:
    return "n/a" if v is None else f"{v:.0f}"


if __name__ == "__main__":
    sys.exit(main())
