"""Golden playthroughs (issue 9): one seeded game per game id, recorded as readable text.

Each game is played with ``random.Random(seed).choice(sorted legal move texts)`` - no agent, so
agent tuning never changes the files - and written as: a header (game, options, seed, how moves
are chosen), then per move its number, the mover, the move text and the scores after it, the
text board (``render_text()``) at the start, in the middle and at the end, and the result.  The
test regenerates the text and compares it with ``tests/golden/<game>.txt``: any change of the
rules, the deal, the notation or the text board shows as a unified diff.

After an intended change, rewrite the files and review the diff in git::

    python tests/test_golden.py --update          # or BOARDWRIGHT_UPDATE_GOLDEN=1 pytest tests/test_golden.py
"""

from __future__ import annotations

import difflib
import json
import os
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))

from pygame_core.core import list_games, new_game, replay  # noqa: E402

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
GAME_IDS = [g["id"] for g in list_games()]
SEED = 20261126
# small but complete games; a new game without an entry is played with its default options
OPTIONS = {
    "hex": {"size": 7, "swap": True},
    "y": {"size": 7},
    "triominos": {"players": 3, "target": None},
    "iwoki": {"players": 3},
    "codex": {"players": 2},
}
MAX_MOVES = 600
UPDATE = os.environ.get("BOARDWRIGHT_UPDATE_GOLDEN", "") not in ("", "0")


def _scores(game) -> str:
    return "-" if game.scores is None else " ".join(str(s) for s in game.scores)


def _board(title: str, game) -> list[str]:
    # trailing spaces stripped: editors and git hooks would strip them from the files
    return [f"== {title} ==", *(line.rstrip() for line in game.render_text().rstrip("\n").split("\n")), ""]


def playthrough(game_id: str) -> str:
    """The golden text of ``game_id``'s seeded game."""
    options = OPTIONS.get(game_id, {})
    game = new_game(game_id, seed=SEED, **options)
    rng = random.Random(SEED)
    names = game.player_names
    # play it once to know the length (the middle board is shown halfway)
    probe = game.clone()
    length = 0
    while not probe.is_over and length < MAX_MOVES:
        probe.play(rng.choice(sorted(probe.format_move(m) for m in probe.legal_moves())))
        length += 1
    middle = length // 2
    rng = random.Random(SEED)
    lines = [f"# Boardwright golden playthrough: {game.title} ({game_id})",
             f"game: {game_id}",
             f"options: {json.dumps(game.options, sort_keys=True)}",
             f"seed: {SEED}",
             "moves chosen by: random.Random(seed).choice(sorted legal move texts)",
             f"players: {', '.join(names)}",
             f"turn order: {', '.join(names[p] for p in game.turn_order)}",
             f"scores: {'per player, after each move' if game.scores is not None else 'none (no points)'}",
             ""]
    lines += _board("start", game)
    lines.append("== moves (number, mover, move, scores after) ==")
    k = 0
    while not game.is_over and k < MAX_MOVES:
        mover = game.current_player
        legal = sorted(game.format_move(m) for m in game.legal_moves())
        text = rng.choice(legal)
        game.play(text)
        k += 1
        lines.append(f"{k:>4}  {names[mover]:<9} {text:<34} {_scores(game)}".rstrip())
        if k == middle and not game.is_over:
            lines += ["", *_board(f"after move {k} (middle)", game), "== moves (continued) =="]
    lines.append("")
    lines += _board(f"end, after move {k}", game)
    winners = ", ".join(names[w] for w in game.winners) or "none"
    lines += ["== result ==",
              f"over: {game.is_over}",
              f"winners: {winners}",
              f"scores: {_scores(game)}",
              f"status: {game.result_text()}",
              f"moves: {len(game.history)}"]
    # the record replays to the same text board
    assert replay(json.loads(json.dumps(game.record()))).render_text() == game.render_text()
    return "\n".join(lines) + "\n"


def golden_path(game_id: str) -> Path:
    return GOLDEN_DIR / f"{game_id}.txt"


def write_all() -> list[Path]:
    GOLDEN_DIR.mkdir(exist_ok=True)
    out = []
    for game_id in GAME_IDS:
        path = golden_path(game_id)
        path.write_text(playthrough(game_id), encoding="utf-8")
        out.append(path)
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_golden_playthrough(game_id):
    text = playthrough(game_id)
    path = golden_path(game_id)
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.is_file(), (f"no golden file for {game_id!r}: create it with "
                            f"`python tests/test_golden.py --update` and review it")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True),
                                            f"tests/golden/{game_id}.txt (expected)", "now", n=2))
        pytest.fail(f"the {game_id} playthrough changed (rules, deal, notation or text board?).\n"
                    f"If intended, run `python tests/test_golden.py --update` and review the diff.\n{diff}",
                    pytrace=False)


def test_every_game_has_a_golden_file_and_no_stale_ones():
    files = {p.stem for p in GOLDEN_DIR.glob("*.txt")}
    assert files == set(GAME_IDS), "golden files must match the registered games (run --update)"


def test_playthrough_is_deterministic():
    assert playthrough(GAME_IDS[0]) == playthrough(GAME_IDS[0])


if __name__ == "__main__":
    if "--update" in sys.argv[1:]:
        for p in write_all():
            print(f"wrote {p.relative_to(ROOT)} ({len(p.read_text().splitlines())} lines)")
    else:
        print(__doc__)
        sys.exit(2)
