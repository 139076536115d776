"""Cold start in three browser engines (a benchmark, not a test): build the site first
(``python build_scripts/build.py --out dist/site``), then

    .venv/bin/python benchmarks/browsers.py [--runs 3] [--browsers chromium,firefox,webkit] [--site dist/site]

Each run starts a fresh browser with an empty profile (nothing cached, no service worker), opens
the served site's index.html, waits for the engine, clicks a playable cell of the default game
(Hex, person against computer) and waits for the computer's reply in the move list; runs are
interleaved across the browsers, so that a busy machine hurts each alike. Drivers (see
tests/browser/webdriver_clients.py): Chromium through Playwright with the system Chromium,
Firefox ESR over WebDriver BiDi, WebKitGTK's MiniBrowser through WebKitWebDriver under Xvfb.

Prints, per browser, the medians of: the first board paint (the page's ``data-first-board-ms``,
ms since navigation), the engine ready (``data-ready-ms``; where the page has none, the time
until ``body[data-ready=true]`` measured by the driver from just before navigating, marked ``~``)
and the reply (ms from the click until the computer's move is listed, measured by the driver,
polling every 50 ms: the person's move and the computer's thinking both count). ``n/a`` where a
figure is missing or a browser failed or is not installed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build_scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from serve import serve_in_thread  # noqa: E402
from conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
import webdriver_clients as wc  # noqa: E402

BROWSERS = ("chromium", "firefox", "webkit")


def open_browser(name: str, display: str | None):
    if name == "chromium":
        return wc.Chromium(executable=chromium_executable(), args=CHROMIUM_ARGS)
    if name == "firefox":
        return wc.Firefox()
    if display is None:
        raise wc.BrowserError("no Xvfb for WebKit")
    return wc.WebKit(display)


def missing(name: str) -> str | None:
    """Why `name` cannot run here, or None."""
    if name == "firefox":
        return None if wc.find_firefox() else "no firefox-esr"
    if name == "webkit":
        driver, mini, xvfb = wc.find_webkit()
        absent = [what for what, path in (("WebKitWebDriver", driver), ("MiniBrowser", mini), ("Xvfb", xvfb)) if not path]
        return f"no {', '.join(absent)}" if absent else None
    return None


def one_run(name: str, url: str, display: str | None) -> dict:
    started = time.monotonic()
    client = open_browser(name, display)
    launch_s = time.monotonic() - started
    try:
        result = wc.smoke(client, url)
        result["errors"] = client.errors()
        result["version"] = client.version
    finally:
        client.close()
    result["launch_s"] = launch_s
    return result


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(value, mark: str = "") -> str:
    return "n/a" if value is None else f"{mark}{value:.0f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="cold loads per browser (default 3)")
    ap.add_argument("--browsers", default=",".join(BROWSERS), help="comma-separated, from " + ", ".join(BROWSERS))
    ap.add_argument("--site", type=Path, default=ROOT / "dist" / "site", help="the built site (default dist/site)")
    args = ap.parse_args(argv)
    names = [b.strip() for b in args.browsers.split(",") if b.strip()]
    unknown = [b for b in names if b not in BROWSERS]
    if unknown:
        ap.error(f"unknown browser(s): {', '.join(unknown)}")
    if not (args.site / "index.html").is_file():
        ap.error(f"no built site in {args.site}: run build_scripts/build.py --out {args.site} first")

    skipped = {b: why for b in names if (why := missing(b))}
    names = [b for b in names if b not in skipped]
    server, url = serve_in_thread(args.site, port=0)
    xvfb = wc.Xvfb(wc.find_webkit()[2]) if "webkit" in names else None
    results: dict[str, list[dict]] = {b: [] for b in names}
    failures: dict[str, list[str]] = {b: [] for b in names}
    versions: dict[str, str] = {}
    try:
        for run in range(1, args.runs + 1):
            for name in names:
                try:
                    r = one_run(name, url + "index.html", xvfb.display if xvfb else None)
                except Exception as exc:  # a browser that fails is reported, the others go on
                    failures[name].append(f"{type(exc).__name__}: {exc}")
                    print(f"run {run} {name}: FAILED {type(exc).__name__}: {str(exc)[:300]}", flush=True)
                    continue
                versions[name] = r["version"]
                results[name].append(r)
                print(f"run {run} {name}: launch {r['launch_s']:.1f} s, first board {fmt(r['firstBoardMs'])} ms, "
                      f"ready {fmt(r['readyMs'])} ms (driver {r['ready_s'] * 1000:.0f} ms), "
                      f"reply {r['reply_s'] * 1000:.0f} ms, page errors {len(r['errors'])}", flush=True)
    finally:
        if xvfb:
            xvfb.close()
        server.shutdown()
        server.server_close()

    print()
    print(f"medians of {args.runs} cold loads (ms; first board and ready since navigation, reply since the click)")
    print(f"{'browser':<26} {'first board':>12} {'engine ready':>13} {'reply':>8} {'runs ok':>8}")
    for name in BROWSERS:
        if name in skipped:
            print(f"{name:<26} {'n/a':>12} {'n/a':>13} {'n/a':>8} {'0':>8}   ({skipped[name]})")
            continue
        if name not in results:
            continue
        rs = results[name]
        label = f"{name} {versions.get(name, '')}".strip()
        page_ready = [r["readyMs"] for r in rs]
        if rs and all(v is not None for v in page_ready):
            ready = fmt(median(page_ready))
        else:  # the page does not publish it: the driver's own clock
            ready = fmt(median([r["ready_s"] * 1000 for r in rs]), "~")
        board = fmt(median([r["firstBoardMs"] for r in rs]) if all(r["firstBoardMs"] is not None for r in rs) else None)
        reply = fmt(median([r["reply_s"] * 1000 for r in rs]))
        print(f"{label:<26} {board:>12} {ready:>13} {reply:>8} {len(rs):>5}/{args.runs}")
        for err in sorted({e for r in rs for e in r["errors"]}):
            print(f"    page error: {err}")
        for fail in failures[name]:
            print(f"    failed run: {fail[:300]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
