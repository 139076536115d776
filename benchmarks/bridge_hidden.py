"""Hidden-hand games by link through the bridge (``pygame_core/bridge/hidden.py``) in CPython:
the CPU seconds of each command the page calls, with the session's cached seat and after a
reload (a fresh session given the stored record), and the size of the answers (a benchmark,
not a test).

    .venv/bin/python benchmarks/bridge_hidden.py [--game triominos|iwoki|codex] [--reload-every 3]

Two sessions play one whole game passing link texts and stored record texts (moves: the first
placement or choice, else draw, else pass, chosen step by step with ``hidden_play`` as a person
clicks).  Printed, per command: calls, median and largest CPU seconds, with the cache and after a
reload; the largest answer and stored record in characters.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pygame_core.bridge import Session, handle  # noqa: E402

TIMES: dict = {}
SIZES = {"answer": 0, "record": 0}


def call(page: dict, reloaded: bool, **req) -> dict:
    if "record" not in req and page["stored"] is not None:
        req["record"] = page["stored"]
    text = json.dumps(req)
    t0 = time.process_time()
    out = json.dumps(handle(json.loads(text), page["session"]))
    TIMES.setdefault((req["cmd"], "reload" if reloaded else "cached"), []).append(time.process_time() - t0)
    SIZES["answer"] = max(SIZES["answer"], len(out))
    got = json.loads(out)
    if not got["ok"]:
        raise SystemExit(f"{req['cmd']}: {got['error']['message']}")
    result = got["result"]
    if result.get("changed"):
        page["stored"] = json.dumps(result["record"])
        SIZES["record"] = max(SIZES["record"], len(page["stored"]))
    return result


def pick(legal: list) -> str:
    texts = [m["move"] for m in legal]
    return next((t for t in texts if t.split(" ")[0] not in ("draw", "pass")), None) or \
        next((t for t in texts if t.split(" ")[0] == "draw"), texts[0])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="triominos", choices=["triominos", "iwoki", "codex"])
    ap.add_argument("--reload-every", type=int, default=3, help="a page reloads before every n-th link taken in")
    args = ap.parse_args()
    pages = [{"session": Session(), "stored": None} for _ in range(2)]
    link = call(pages[0], False, cmd="hidden_new", game=args.game, names=["Ann", "Bob"])["link"]
    link = call(pages[1], False, cmd="hidden_accept", link=link)["link"]
    me, hops = 0, 0
    while True:
        page, hops = pages[me], hops + 1
        reloaded = hops % args.reload_every == 0
        if reloaded:
            page["session"] = Session()
        got = call(page, reloaded, cmd="hidden_receive", link=link)
        if got["hidden"]["need"] == "audit":
            break
        if got["hidden"]["need"] == "move":
            moves = []
            while not got["changed"] or not moves:
                moves.append(pick(got["board"]["legal"]))
                got = call(page, False, cmd="hidden_play", moves=moves)
        link = got["link"]
        me = 1 - me
    other = pages[1 - me]
    call(other, False, cmd="hidden_receive", link=pages[me]["session"].hidden[1].last_link)
    call(page, False, cmd="hidden_audit")
    page["session"] = Session()
    call(page, True, cmd="hidden_audit")
    print(f"{args.game}: {hops} links taken in; largest answer {SIZES['answer']:,} characters, "
          f"largest stored record {SIZES['record']:,}")
    print(f"{'command':<16} {'session':<7} {'calls':>5} {'median s':>9} {'max s':>7}")
    for (cmd, how), ts in sorted(TIMES.items()):
        print(f"{cmd:<16} {how:<7} {len(ts):>5} {statistics.median(ts):>9.3f} {max(ts):>7.3f}")


if __name__ == "__main__":
    main()
