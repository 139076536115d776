"""Hidden-hand games by link on the game page (Pyodide in headless Chromium): the wall-clock
seconds of each bridge command the page calls (``web/panels/hidden.js``), measured in the page
around ``window.boardwright.call`` (the worker's round trip: the request and the record out, the
answer back), two pages playing one whole game (a benchmark, not a test).

    .venv/bin/python benchmarks/hidden_page.py [--game triominos|iwoki|codex] [--site dist/site]

Build the site first (build_scripts/build.py --out dist/site). Moves: the first placement or
choice, else draw, else pass, chosen step by step with ``hidden_play`` as a person clicks.
Printed, per command: calls, median and largest seconds; the largest link in characters.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build_scripts"))
from serve import serve_in_thread  # noqa: E402

TIMED = """async (req) => { const t0 = performance.now(); const r = await window.boardwright.call(req);
  return { r, s: (performance.now() - t0) / 1000 }; }"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="triominos", choices=["triominos", "iwoki", "codex"])
    ap.add_argument("--site", default=str(ROOT / "dist" / "site"))
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    server, url = serve_in_thread(Path(args.site), port=0)
    times: dict[str, list[float]] = {}
    longest = 0
    with sync_playwright() as pw:
        browser = pw.chromium.launch(headless=True, executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        pages = []
        for _ in range(2):
            ctx = browser.new_context()
            ctx.add_init_script("try { localStorage.setItem('boardwright.snapshot.v1', 'off'); } catch (e) {}")
            pg = ctx.new_page()
            pg.goto(url + "index.html")
            pg.wait_for_selector("body[data-ready=true]", timeout=180_000)
            pages.append({"pg": pg, "record": None})

        def call(page, **req):
            if page["record"] is not None and "record" not in req:
                req["record"] = page["record"]
            got = page["pg"].evaluate(TIMED, req)
            times.setdefault(req["cmd"] + (" (preview)" if "preview" in req else ""), []).append(got["s"])
            if not got["r"]["ok"]:
                raise SystemExit(f"{req['cmd']}: {got['r']['error']['message']}")
            result = got["r"]["result"]
            if result.get("changed"):
                page["record"] = result["record"]
            return result

        options = {"players": 2, **({"target": None} if args.game == "triominos" else {})}
        got = call(pages[0], cmd="hidden_new", game=args.game, options=options, names=["Ann", "Bob"])
        link = got["link"]
        call(pages[1], cmd="hidden_open", link=link)
        link = call(pages[1], cmd="hidden_accept", link=link, name="Bob")["link"]
        me = 0
        for _ in range(600):
            longest = max(longest, len(link))
            page = pages[me]
            call(page, cmd="hidden_open", link=link)
            got = call(page, cmd="hidden_receive", link=link)
            if got["hidden"]["need"] == "audit":
                break
            if got["hidden"]["need"] == "move":
                moves = []
                while True:
                    legal = [m["move"] for m in got["board"]["legal"]]
                    move = next((t for t in legal if t.split(" ")[0] not in ("draw", "pass")), None) \
                        or next((t for t in legal if t.split(" ")[0] == "draw"), legal[0])
                    if move.split(" ")[0] not in ("draw", "pass"):
                        call(page, cmd="hidden_play", moves=moves, preview=move)
                    moves.append(move)
                    got = call(page, cmd="hidden_play", moves=moves)
                    if got["changed"]:
                        break
            link = got["link"]
            me = 1 - me
        for page in pages:
            if call(page, cmd="hidden_state")["hidden"]["need"] == "audit":
                audit = call(page, cmd="hidden_audit")["audit"]
                assert audit["ok"], audit
        browser.close()
    server.shutdown()
    print(f"{args.game}: Pyodide in headless Chromium, wall-clock seconds a call (median / largest)")
    for cmd, ts in sorted(times.items()):
        print(f"  {cmd:24} {len(ts):4} calls  {statistics.median(ts):.3f} / {max(ts):.3f}")
    print(f"  the largest link: {longest:,} characters")


if __name__ == "__main__":
    main()
