"""Hidden-hand games by link on the game page (Pyodide in headless Chromium): the wall-clock
seconds of each bridge command the page calls (``web/panels/hidden.js``), measured in the page
around ``window.boardwright.call`` (the worker's round trip: the request and the record out, the
answer back), two pages playing one whole game (a benchmark, not a test).

    .venv/bin/python benchmarks/hidden_page.py [--game triominos|iwoki|codex] [--site dist/site]

Build the site first (build_scripts/build.py --out dist/site). Moves: the first placement or
choice, else draw, else pass, chosen step by step with ``hidden_play`` as a person clicks.
Printed, per command: calls, median and largest seconds; the largest link in characters.

``--resign HOPS``: each game stops after that many links (at least 4: the deal's locks are
done) and the first page resigns (``hidden_resign``, whoever's turn it is); the other page
opens and takes in the resignation (``hidden_receive (resignation)``: the seed checked, its
answer made), the first takes in the answer, and both run the audit (``hidden_audit (resigned)``);
``--games N`` plays N games that way (the pages' storages are not used: the record travels in
each call). Printed besides: the resignation links' sizes.
"""
from __future__ import annotations

import argparse
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
    ap.add_argument("--resign", type=int, default=0, metavar="HOPS",
                    help="resign after HOPS links (at least 4) instead of playing to the end")
    ap.add_argument("--games", type=int, default=1)
    args = ap.parse_args()
    if args.resign and args.resign < 4:
        ap.error("--resign needs at least 4 links: a seat can resign once the deal's locks are done")
    from playwright.sync_api import sync_playwright
    server, url = serve_in_thread(Path(args.site), port=0)
    times: dict[str, list[float]] = {}
    longest, resigned = 0, []
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

        def call(page, label="", **req):
            if page["record"] is not None and "record" not in req:
                req["record"] = page["record"]
            got = page["pg"].evaluate(TIMED, req)
            label = label or (" (preview)" if "preview" in req else "")
            times.setdefault(req["cmd"] + label, []).append(got["s"])
            if not got["r"]["ok"]:
                raise SystemExit(f"{req['cmd']}: {got['r']['error']['message']}")
            result = got["r"]["result"]
            if result.get("changed"):
                page["record"] = result["record"]
            return result

        for _ in range(args.games):
            for page in pages:
                page["record"] = None
            longest = max(longest, play(call, pages, args, resigned))
        browser.close()
    server.shutdown()
    print(f"{args.game}: Pyodide in headless Chromium, wall-clock seconds a call (median / largest)"
          + (f", {args.games} games resigned after {args.resign} links" if args.resign else ""))
    for cmd, ts in sorted(times.items()):
        print(f"  {cmd:30} {len(ts):4} calls  {statistics.median(ts):.3f} / {max(ts):.3f}")
    print(f"  the largest link: {longest:,} characters")
    if resigned:
        print(f"  the resignation link: {min(resigned):,}-{max(resigned):,} characters")


def play(call, pages, args, resigned) -> int:
    """One game between the two pages (to its end, or resigned): the largest link's size."""
    longest = 0
    options = {"players": 2, **({"target": None} if args.game == "triominos" else {})}
    got = call(pages[0], cmd="hidden_new", game=args.game, options=options, names=["Ann", "Bob"])
    link = got["link"]
    call(pages[1], cmd="hidden_open", link=link)
    link = call(pages[1], cmd="hidden_accept", link=link, name="Bob")["link"]
    me, sent = 0, 2
    for _ in range(600):
        longest = max(longest, len(link))
        if args.resign and sent >= args.resign:
            resigned.append(resign(call, pages, me, link))
            return longest
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
        link, me, sent = got["link"], 1 - me, sent + 1
    for page in pages:
        if call(page, cmd="hidden_state")["hidden"]["need"] == "audit":
            audit = call(page, cmd="hidden_audit")["audit"]
            assert audit["ok"], audit
    return longest


def resign(call, pages, me, link) -> int:
    """The first page resigns (``link``, the last one sent, is on its way to ``pages[me]``);
    the other takes the resignation in and answers; both audit. The resignation's size."""
    resigner, friend = pages[0], pages[1]
    if me == 0:                  # (the first page's friend had sent it a link: taken in first)
        call(resigner, cmd="hidden_open", link=link)
        call(resigner, cmd="hidden_receive", link=link)
    resignation = call(resigner, cmd="hidden_resign")["link"]
    call(friend, " (resignation)", cmd="hidden_open", link=resignation)
    answer = call(friend, " (resignation)", cmd="hidden_receive", link=resignation)["link"]
    call(resigner, " (answer)", cmd="hidden_receive", link=answer)
    for page in pages:
        audit = call(page, " (resigned)", cmd="hidden_audit")["audit"]
        assert audit["ok"] and audit["resigned"] == [0], audit
    return len(resignation)


if __name__ == "__main__":
    main()
