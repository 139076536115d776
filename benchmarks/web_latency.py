"""Latency of the engine inside Pyodide (a benchmark, not a test): build the site first
(``python build_scripts/build.py``), then ``python benchmarks/web_latency.py``.

For each game it loads a crowded position (a seeded random game played far in CPython) into the
page through the bridge, then times, in real Chromium, what one click costs: ``state`` (legal
moves with click paths + scene + record), ``preview`` when the game has one, and ``play``.
Prints milliseconds per request measured from the page (worker round trip included).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))

import pygame_core  # noqa: E402
from pygame_core.search_hooks import hooks_for  # noqa: E402
from serve import serve_in_thread  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402


def crowded_record(game_id: str, options: dict, seed: int, plies: int) -> dict:
    """A random game of ``plies`` moves (placements preferred) that is still running."""
    rng = random.Random(seed)
    game = pygame_core.new_game(game_id, seed=seed, **options)
    for _ in range(plies):
        choices = hooks_for(game).random_policy_moves(game)
        trial = game.clone()
        trial.play(rng.choice(choices))
        if trial.is_over:
            break
        game = trial
    return game.record()


def crowded_triominos(seed: int) -> dict:
    """A running single round where Player 1 hoards tiles (draws 3 every turn) while Player 2
    places: the position with the most (tiles on board x tiles in Player 1's hand)."""
    rng = random.Random(seed)
    game = pygame_core.new_game("triominos", seed=seed, target=None)
    best, best_key = game.record(), 0
    while not game.is_over:
        moves = game.legal_moves()
        places = [m for m in moves if str(m) not in ("draw", "pass")]
        if game.current_player == 0 and not game.board.is_empty and "draw" in map(str, moves):
            move = "draw"
        elif places:
            move = rng.choice(places)
        else:
            move = moves[0]
        game.play(move)
        if not game.is_over and game.current_player == 0 and game.draws == 0:
            key = len(game.board) * len(game.hands[0])
            if key > best_key:
                best, best_key = game.record(), key
    return best


def crowded_iwoki(seed: int) -> dict:
    """A running game where the player to move has drawn every turn (a big hand, many
    orders to try) on the largest layout found."""
    rng = random.Random(seed)
    game = pygame_core.new_game("iwoki", seed=seed, players=2)
    best, best_key = game.record(), 0
    while not game.is_over:
        moves = game.legal_moves()
        places = [m for m in moves if str(m) not in ("draw", "pass")]
        if game.current_player == game.turn_order[0] and "draw" in map(str, moves) and len(game.board) > 1:
            move = "draw"
        elif places:
            move = rng.choice(places)
        else:
            move = moves[0]
        game.play(move)
        p = game.current_player
        if not game.is_over and not game.drew:
            key = len(game.board) * (len(game.small_hands[p]) + len(game.hex_hands[p]))
            if key > best_key:
                best, best_key = game.record(), key
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    site = ROOT / "dist" / "site"
    server, url = serve_in_thread(site, port=0)
    cases = [("hex", {"size": 11}, 60), ("y", {}, 60),
             ("triominos", {"target": None, "players": 2}, 45), ("iwoki", {"players": 2}, 40)]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(url + "index.html")
        page.wait_for_selector("body[data-ready=true]", timeout=120_000)
        print(f"{'game':<10} {'position':<28} {'state ms':>9} {'preview ms':>11} {'play ms':>8}")
        for game_id, options, plies in cases:
            crowded = {"triominos": crowded_triominos, "iwoki": crowded_iwoki}.get(game_id)
            rec = crowded(3) if crowded else crowded_record(game_id, options, 3, plies)
            game = pygame_core.replay(rec)
            extra = ""
            if game_id == "triominos":
                extra = f"{len(game.board)} tiles, hand {len(game.hands[game.current_player])}"
            elif game_id == "iwoki":
                p = game.current_player
                extra = (f"{len(game.board)} tiles, hand {len(game.small_hands[p])}+"
                         f"{len(game.hex_hands[p])}")
            else:
                extra = f"{len(game.history)} stones"
            seats = ["human"] * game.num_players
            page.evaluate("r => window.boardwright.send(r)", {"cmd": "load", "record": rec, "players": seats})
            timing = page.evaluate("""async ([n]) => {
                const t = (await window.boardwright.call({cmd: 'state'})).result;
                const legal = t.legal.filter(m => m.path.length);
                const now = () => performance.now();
                let a = now();
                for (let i = 0; i < n; i++) await window.boardwright.call({cmd: 'state'});
                const state = (now() - a) / n;
                a = now();
                for (let i = 0; i < n; i++) await window.boardwright.call({cmd: 'preview', move: legal[0].move});
                const preview = (now() - a) / n;
                a = now();
                for (let i = 0; i < n; i++) {
                  await window.boardwright.call({cmd: 'play', move: legal[i % legal.length].move});
                  await window.boardwright.call({cmd: 'undo'});
                }
                const play = (now() - a) / n / 2;
                return {state, preview, play, legal: legal.length};
            }""", [args.repeat])
            print(f"{game_id:<10} {extra:<28} {timing['state']:>9.1f} {timing['preview']:>11.1f} "
                  f"{timing['play']:>8.1f}   ({timing['legal']} legal click moves)")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
