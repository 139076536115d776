"""Moves in words (``Game.move_words``) and what each seat holds (``Game.held``): the default of
the protocol, the Triominos and iwoki texts on the rules' worked examples, and the bridge's
``move_words``, ``last_words``, ``held``, a preview's and a hint's ``words``."""
import random
import re

import pytest

from pygame_core import new_game
from pygame_core.bridge import Session, handle
from pygame_core.games.iwoki.words import move_words
from pygame_core.games.iwoki.notation import parse_placement as iwoki_move
from pygame_core.games.triominos.notation import parse_placement as tri_move
from pygame_core.games.triominos.words import placement_words as tile_words


def placement_words(move, event, earlier) -> str:
    return tile_words(move, event, earlier)[0]


def iwoki_words(move, event) -> str:
    return move_words(move, event)[0]


def random_game(game_id, seed, n):
    game, rnd = new_game(game_id, seed=seed), random.Random(seed)
    for _ in range(n):
        if game.is_over:
            break
        game.play(rnd.choice(sorted(game.legal_moves(), key=str)))
    return game


@pytest.mark.parametrize("game_id", ["hex", "y", "codex"])
def test_the_default_is_the_public_move_text(game_id):
    game = random_game(game_id, 4, 12)
    if game_id != "codex":
        assert [game.move_words(i, None) for i in range(len(game.history))] == game.moves
    held = game.held()
    assert held is None if game_id != "codex" else [h["cards"] for h in held] == [len(h) for h in game.hands]


def test_codex_moves_in_words():
    """Codex's moves in words (games/codex/words.py); the notation stays in the records."""
    game = new_game("codex", seed=4)
    starter = game.legal_moves()[0]
    game.play(starter)
    assert game.move_words(0, None) == f"starter card {starter.card}, {'front' if starter.front else 'back'} up"
    while game.phase != "play":
        game.play(game.legal_moves()[0])
    secret = next(i for i, e in enumerate(game.events) if str(e["move"]).startswith("objective"))
    mover = game.events[secret]["player"]
    assert game.move_words(secret, 1 - mover) == "a secret objective"
    assert game.move_words(secret, mover) == f"objective {game.history[secret].objective}"
    play = game.legal_moves()[0]
    game.play(play)
    side = "front" if play.front else "back"
    points = game.events[-1].get("points", 0)
    assert game.move_words(len(game.history) - 1, None) == (
        f"card {play.card}, {side} up, at ({play.at[0]},{play.at[1]})" + (f", +{points}" if points else ""))
    assert game.moves[-1] == str(play)  # (the notation: "play 43 front at (2,-2)")
    draw = next(m for m in game.legal_moves() if str(m) == "draw resource-deck")
    game.play(draw)
    assert game.move_words(len(game.history) - 1, None) == "a card from the resource deck"
    assert game.result_text().endswith("places a card")


def test_triominos_rules_examples():
    # the spec's orientation example: 0-2-5 CAB at (0,0), then BAC at (1,0), across its right edge
    first, second = tri_move("0-2-5 CAB (0,0)"), tri_move("0-2-5 BAC (1,0)")
    assert placement_words(first, {"points": 22, "bonus_name": "opening"}, []) == "0-2-5 opens, +22 with the opening bonus"
    assert placement_words(second, {"points": 7}, [first]) == "0-2-5 to the right of 0-2-5, +7"
    assert placement_words(first, {"points": 7}, [second]) == "0-2-5 to the left of 0-2-5, +7"
    # the spec's neighbours of the down-facing (3,2): MIDDLE (3,1) is above it, OPPOSITE (3,3) shares a corner
    new = tri_move("5-5-5 ACB (3,2)")
    above, opposite = tri_move("2-4-5 ABC (3,1)"), tri_move("1-1-1 ABC (3,3)")
    assert placement_words(new, {"points": 15}, [above, opposite]) == "5-5-5 below 2-4-5, +15"
    assert placement_words(above, {"points": 11}, [new]) == "2-4-5 above 5-5-5, +11"
    # the seed's hexagon example: a placement that closes a hexagon scores its bonus
    assert placement_words(new, {"points": 65, "bonus_name": "hexagon"}, [above]) == "5-5-5 below 2-4-5, +65 with a hexagon"


def test_triominos_games_in_words():
    for seed in range(3):
        game = random_game("triominos", seed, 60)
        for i, (move, ev) in enumerate(zip(game.history, game.events)):
            words = game.move_words(i, None)
            if str(move) == "draw":
                assert words == "a draw, −5"
            elif str(move) == "pass":
                assert words == "a pass, −10"
            else:
                assert words.startswith(f"{move.tile} ") and (f", +{ev['points']}" in words or ", no points" in words)
                m = re.match(r"\S+ (?:to the right of|to the left of|above|below) (\S+),", words)
                assert m or " opens, " in words
                if m:  # the neighbour named was placed before, in the same round
                    assert any(str(p.tile) == m.group(1) for p, e in zip(game.history[:i], game.events)
                               if hasattr(p, "tile") and e["round"] == ev["round"])


def test_iwoki_rules_examples():
    # the seed's worked example (112+ in H1_H5_H6) and the moves
    assert iwoki_words(iwoki_move("112+ @ H1_H5_H6"), {"points": 3}) == "1 1 2 (+) between H1, H5 and H6, +3"
    assert iwoki_words(iwoki_move("124+ @ H5_H1_H4"), {"points": 6, "opening": True}) \
        == "1 2 4 (+) opens between H1, H4 and H5, +6"
    assert iwoki_words(iwoki_move("211- @ H1_H4_H5"), {"points": 0}) == "2 1 1 (−) between H1, H4 and H5, no points"
    assert iwoki_words(iwoki_move("*36242 @ H4"), {"points": 5, "hex_drawn": "ht3"}) \
        == "hexagon *36242 in H4, +5; 3 white tokens: a hexagonal tile"
    game = random_game("iwoki", 2, 40)
    words = [game.move_words(i, None) for i in range(len(game.history))]
    assert all("@" not in w for w in words) and len(words) == len(game.moves)
    assert game.held() == [{"small": len(s), "hex": len(h)} for s, h in zip(game.small_hands, game.hex_hands)]


def test_bridge_words_and_held():
    s = Session()
    st = handle({"cmd": "new", "game": "iwoki", "seed": 3, "players": ["human", "human"]}, s)["result"]
    assert st["move_words"] is None and st["last_words"] is None
    assert all(p["held"] == {"small": 9, "hex": 3} for p in st["players"])
    move = st["legal"][0]["move"]
    preview = handle({"cmd": "preview", "move": move}, s)["result"]
    hint = handle({"cmd": "think", "seconds": 0.02}, s)["result"]
    assert "opens between H1" in preview["words"] and "opens" in hint["words"]
    st = handle({"cmd": "play", "move": move}, s)["result"]
    assert st["moves"] == [move] and st["move_words"] == [preview["words"]] == [st["last_words"]]
    st = handle({"cmd": "new", "game": "hex", "players": ["human", "human"]}, s)["result"]
    st = handle({"cmd": "play", "move": "f6"}, s)["result"]
    assert st["move_words"] is None and st["last_words"] == "f6" and st["players"][0]["held"] is None
