"""Property-based tests (hypothesis) over every registered game (issue 9).

Random seeded games are played to the end and after EVERY move the tests check:

* the legal moves are distinct, round-trip through ``parse_move``/``format_move``, and a checked
  ``play`` accepts a move exactly when its canonical text is among them (random text from
  hypothesis, garbled legal move texts, wrong types, moves of other positions and games);
* every rejected move raises ``InvalidMoveError`` (malformed) or ``IllegalMoveError`` (against
  the rules) with a message, and leaves the game exactly as it was (record, text board, legal
  moves and a deep fingerprint of the whole object);
* an accepted move changes the state as the rules say (history, movers, scores moved by what the
  move scored) and the game's conservation laws hold (stones, tiles, cards, tokens, scores);
* record -> JSON -> replay gives an identical game; ``clone()`` copies are independent;
* in hidden-information games a player's view hides what that player may not see, and
  ``determinize`` completes it consistently.

Sizing: the default (CI) profile is derandomized (reproducible) and runs in about a minute;
``BOARDWRIGHT_FUZZ=long`` runs ~20x more examples with fresh randomness (the on-demand long
run).  ``BOARDWRIGHT_FUZZ_SCALE=<float>`` multiplies the example counts further.  Totals (games,
moves, inputs tried) are printed at the end of the module and written to
``/tmp/boardwright-fuzz-totals.json``.
"""

from __future__ import annotations

import dataclasses
import json
import os
import pickle
import random
import time
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from pygame_core import GameError, IllegalMoveError, InvalidMoveError, Rng
from pygame_core.core import (MAX_SEED, GameOverError, InvalidOptionError, InvalidRecordError,
                              game_class, list_games, new_game, replay)

GAME_IDS = [g["id"] for g in list_games()]
HIDDEN_IDS = [g["id"] for g in list_games() if g["hidden_information"]]

# --------------------------------------------------------------------------- sizing and totals
PROFILE = os.environ.get("BOARDWRIGHT_FUZZ", "ci").strip().lower() or "ci"
LONG = PROFILE == "long"
SCALE = float(os.environ.get("BOARDWRIGHT_FUZZ_SCALE", "1")) * (20 if LONG else 1)
TOTALS_FILE = "/tmp/boardwright-fuzz-totals.json"
STATS: Counter = Counter()


def sized(n: int, shrink: bool = True, **extra):
    """Settings for a test with ``n`` examples in CI (scaled up in the long profile).  Whole-game
    tests do not shrink (a failing game is reported by its seed, options and the blob)."""
    if not shrink:
        extra["phases"] = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target]
    return settings(max_examples=max(1, int(n * SCALE)), deadline=None, derandomize=not LONG,
                    database=None, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much, HealthCheck.large_base_example], **extra)


def write_totals(key: str, stats: Counter, seconds: float) -> str:
    try:
        with open(TOTALS_FILE) as f:
            data = json.load(f)
    except (OSError, ValueError):
        data = {}
    data[key] = {"profile": PROFILE, "scale": SCALE, "seconds": round(seconds, 1), **dict(stats)}
    try:
        with open(TOTALS_FILE, "w") as f:
            json.dump(data, f, indent=1, sort_keys=True)
    except OSError:
        pass
    return ", ".join(f"{k} {v}" for k, v in sorted(stats.items()))


@pytest.fixture(scope="module", autouse=True)
def _report_totals(request):
    start = time.time()
    yield
    line = write_totals("properties", STATS, time.time() - start)
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    text = f"\n[fuzz totals: properties, profile {PROFILE}] {line} ({TOTALS_FILE})"
    capman = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capman is not None:
        with capman.global_and_fixture_disabled():  # shown without -s too
            reporter.write_line(text)
    else:  # pragma: no cover
        print(text)


# --------------------------------------------------------------------------- options
# Integer options are kept small enough for whole games per example (the long run goes further).
_INT_CAP = {"size": 13 if LONG else 8, "center_rows": 5 if LONG else 4, "outer_rows": 4 if LONG else 3,
            "target": 400 if LONG else 120}


def options_strategy(game_id: str, *, single_round: bool = True):
    """Options drawn from the game's schema (ints capped, every choice and bool)."""
    parts = {}
    for o in game_class(game_id).OPTIONS:
        if o.type == "int":
            lo = o.minimum if o.minimum is not None else 0
            top = o.maximum if o.maximum is not None else lo + 10
            hi = min(top, max(lo, _INT_CAP[o.name]) if o.name in _INT_CAP else lo + 4)
            s = st.integers(lo, hi)
        elif o.type == "bool":
            s = st.booleans()
        else:
            s = st.sampled_from(list(o.choices))
        if o.nullable:
            s = st.none() if single_round else s
        parts[o.name] = s
    return st.fixed_dictionaries(parts)


# --------------------------------------------------------------------------- fingerprints
def canon(obj, _seen=None, _depth=0) -> str:
    """A deterministic text of an object graph (dict order kept, sets sorted): equal before and
    after a rejected move iff nothing in the game object changed."""
    if obj is None or isinstance(obj, (bool, int, float, str, bytes)):
        return repr(obj)
    if _depth > 60:
        return "<deep>"
    _seen = set() if _seen is None else _seen
    if id(obj) in _seen and not isinstance(obj, (tuple, frozenset)):
        return "<cycle>"
    _seen = _seen | {id(obj)}
    d = _depth + 1
    if isinstance(obj, dict):
        return "{" + ",".join(canon(k, _seen, d) + ":" + canon(v, _seen, d) for k, v in obj.items()) + "}"
    if isinstance(obj, (list, tuple)):
        return type(obj).__name__ + "[" + ",".join(canon(v, _seen, d) for v in obj) + "]"
    if isinstance(obj, (set, frozenset)):
        return "set{" + ",".join(sorted(canon(v, _seen, d) for v in obj)) + "}"
    if isinstance(obj, Counter):
        return canon(dict(obj), _seen, d)
    fields = {}
    if dataclasses.is_dataclass(obj):
        fields = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
    else:
        for cls in type(obj).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(obj, name):
                    fields[name] = getattr(obj, name)
        fields.update(getattr(obj, "__dict__", {}))
    return type(obj).__name__ + "(" + ",".join(
        f"{k}={canon(v, _seen, d)}" for k, v in fields.items() if not k.startswith("_bridge_table")) + ")"


def fingerprint(game) -> bytes | str:
    """The whole object graph of ``game`` as bytes (pickle keeps dict order; a set that is not
    touched keeps its order), to compare the SAME object before and after an operation."""
    try:
        return pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # pragma: no cover - an unpicklable game: the slower canonical text
        return canon(game)


def legal_texts(game) -> list[str]:
    return [game.format_move(m) for m in game.legal_moves()]


def snapshot(game) -> tuple:
    """What a player or the UI can observe of a game (full game, not a view)."""
    return (json.dumps(game.record(), sort_keys=True), game.render_text(), legal_texts(game),
            game.scores, game.winners, game.current_player, game.is_over, game.movers,
            game.turn_order, game.result_text())


# --------------------------------------------------------------------------- game invariants
def _check_connection(game, before=None, text=None):
    cells = game.board.cells
    stones = sum(1 for c in cells if c != -1)
    swaps = sum(1 for m in game.moves if m == "swap")
    assert stones == len(game.history) - swaps
    counts = Counter(c for c in cells if c != -1)
    assert counts[0] - counts[1] in (0, 1, -1)
    if not game.is_over:
        assert game.current_player == len(game.history) % 2
        assert stones < len(cells), "a full board must have a winner (no draws)"
    else:
        assert len(game.winners) == 1
        last_mover = (len(game.history) - 1) % 2
        misere = game.options.get("misere", False)
        assert game.winners == [1 - last_mover if misere else last_mover]
    if before is not None and text != "swap":
        m = game.history[-1]
        mover = before.current_player
        assert game.board.owner(m.x, m.y) == mover


def _check_triominos(game, before=None, text=None):
    from pygame_core.games.triominos import ALL_TILES, DRAW_PENALTY, MAX_DRAWS, PASS_PENALTY
    n = game.num_players
    tiles = list(game.board.played) + [t for h in game.hands for t in h] + list(game.pool)
    assert len(tiles) == 56 and set(tiles) == set(ALL_TILES), "tiles in hands + pool + board must be the 56"
    assert len(game.board.placements) == len(game.board.played)
    assert all(h == sorted(h) for h in game.hands)
    assert 0 <= game.draws <= MAX_DRAWS and 0 <= game.passes < n or game.is_over
    assert game.round == len(game.rounds) + (0 if game.is_over else 1)
    expect = [0] * n
    for e in game.events:
        expect[e["player"]] += e["points"]
    for r in game.rounds:
        for q in range(n):
            expect[q] += r.gains[q]
    assert game.totals == expect == game.scores, "totals = move points + round-end gains"
    target = game.options["target"]
    out_of_rounds = len(game.rounds) >= game.options["max_rounds"]  # the game's length bound
    if game.is_over:
        assert target is None or max(game.totals) >= target or out_of_rounds
        assert all(game.totals[w] == max(game.totals) for w in game.winners)
    if before is None:
        return
    p = before.current_player
    e = game.events[-1]
    assert e["player"] == p and e["move"] == text
    gain = [a - b for a, b in zip(game.totals, before.totals)]
    ends = e.get("round_end")
    if ends:
        assert game.rounds[-1].to_json() == ends
        # the round ended: the game goes on only while everybody is below the target and
        # rounds remain
        assert game.is_over == (target is None or max(game.totals) >= target or out_of_rounds)
        if not game.is_over:
            assert game.round == before.round + 1 and len(game.pool) + sum(map(len, game.hands)) == 56
    own = e["points"] + (ends["gains"][p] if ends else 0)
    assert gain[p] == own
    if text == "draw":
        assert e["points"] == -DRAW_PENALTY and len(game.pool) == len(before.pool) - 1
        assert len(game.hands[p]) == len(before.hands[p]) + 1 and game.current_player == p
    elif text == "pass":
        assert e["points"] == -PASS_PENALTY
    else:
        placed = game.history[-1]
        assert game.board.at(placed.location) == placed and placed.tile not in game.hands[p] or ends
        assert e["points"] >= placed.tile.points


def _check_iwoki(game, before=None, text=None):
    from pygame_core.games.iwoki import COPIES, HEX_ORDER_TILE, HEX_TILES, SMALL_TILES, WHITE_LIMIT, hand_penalty
    n = game.num_players
    small = Counter(o.tile for o in game.board.smalls.values())
    small.update(t for h in game.small_hands for t in h)
    small.update(game.small_bag)
    assert small == Counter({t: COPIES for t in SMALL_TILES}), "48 small tiles conserved"
    hexes = [HEX_ORDER_TILE[o] for o in game.board.hexes.values()] + [t for h in game.hex_hands for t in h]
    hexes += game.hex_bag
    assert len(hexes) == 20 and set(hexes) == set(HEX_TILES), "20 hexagonal tiles conserved"
    assert all(0 <= w < WHITE_LIMIT for w in game.white)
    assert sorted(game.order) == list(range(n))
    expect = [0] * n
    for e in game.events:
        expect[e["player"]] += e["points"]
    assert game.points == expect
    if game.is_over:
        assert game.penalties == [hand_penalty(h) for h in game.small_hands]
        assert game.scores == [a - b for a, b in zip(game.points, game.penalties)]
        assert all(game.scores[w] == max(game.scores) for w in game.winners) and game.winners
    else:
        assert game.scores == game.points and game.penalties is None
    for q in range(n):
        assert game.red(q) == (len(game.small_hands[q]) == 1)
    if before is None:
        return
    p = before.current_player
    e = game.events[-1]
    assert e["player"] == p and e["move"] == text
    assert game.points[p] - before.points[p] == e["points"]
    whites = before.white[p] + (1 if text in ("draw", "pass") or "-" in text.split("@")[0] else 0)
    assert game.white[p] == whites % WHITE_LIMIT
    gained_hex = whites >= WHITE_LIMIT and bool(before.hex_bag)
    if text == "draw":
        assert len(game.small_bag) == len(before.small_bag) - 1 and game.current_player == p and game.drew
    elif text != "pass":
        m = game.history[-1]
        board = game.board.smalls if hasattr(m.order, "sign") else game.board.hexes
        assert m.gap in board and m.gap not in (before.board.smalls if board is game.board.smalls
                                                else before.board.hexes)
    assert len(game.hex_bag) == len(before.hex_bag) - (1 if gained_hex else 0)


def _check_codex(game, before=None, text=None):
    from pygame_core.games.codex import load_cards
    cards, objectives = load_cards()
    n = game.num_players
    placed = [c.card.id for f in game.fields for c in f.cards.values()]
    starters = [c for c in placed if cards[c].type == "starter"]
    assert all(c in game.starters for c in starters) and len(set(starters)) == len(starters)
    pool = (list(game.resource_deck) + list(game.gold_deck) + [c for c in game.market if c is not None]
            + [c for h in game.hands for c in h] + [c for c in placed if cards[c].type != "starter"])
    assert sorted(pool) == sorted(c for c in cards if cards[c].type != "starter"), "80 cards conserved"
    objs = list(game.common) + [o for d in game.dealt for o in d] + list(game.objective_rest)
    assert sorted(objs) == sorted(objectives)
    for q in range(n):
        assert game.secret[q] is None or game.secret[q] in game.dealt[q]
    expect = [0] * n
    for e in game.events:
        expect[e["player"]] += e.get("points", 0)
    assert game.points == expect, "points = sum of placement points"
    if game.is_over:
        assert game.scores == [a + b for a, b in zip(game.points, game.final["objective_points"])]
        assert game.winners and all(game.scores[w] == max(game.scores) for w in game.winners)
    else:
        assert game.scores == game.points
        if game.phase == "play":
            assert all(len(h) <= 3 for h in game.hands)
    if before is None:
        return
    p = before.current_player
    e = game.events[-1]
    assert e["player"] == p and e["move"] == text
    assert game.points[p] - before.points[p] == e.get("points", 0)
    m = game.history[-1]
    if text.startswith("play "):
        cell = game.fields[p].cards[m.at]
        assert cell.card.id == m.card and cell.front == m.front
        assert len(game.hands[p]) == len(before.hands[p]) - 1
    elif text.startswith("draw "):
        assert len(game.hands[p]) == len(before.hands[p]) + 1


INVARIANTS = {"hex": _check_connection, "y": _check_connection, "triominos": _check_triominos,
              "iwoki": _check_iwoki, "codex": _check_codex}


def check_state(game, before=None, text=None):
    """Generic protocol invariants plus the game's own (if known)."""
    n = game.num_players
    assert n >= 1 and sorted(game.turn_order) == list(range(n))
    assert len(game.movers) == len(game.history) == len(game.moves)
    scores = game.scores
    assert scores is None or (len(scores) == n and all(isinstance(s, int) for s in scores))
    if game.is_over:
        assert game.current_player is None and game.legal_moves() == []
        assert game.winners or scores is not None
        assert all(0 <= w < n for w in game.winners) and len(set(game.winners)) == len(game.winners)
    else:
        assert 0 <= game.current_player < n and game.winners == []
    if before is not None:
        assert game.history[:-1] == before.history and game.moves[-1] == text
        assert game.movers[:-1] == before.movers and game.movers[-1] == before.current_player
    checker = INVARIANTS.get(game.game_id)
    if checker:
        checker(game, before, text)


# --------------------------------------------------------------------------- hostile inputs
WRONG_TYPES = [None, 0, -1, 7, 2**70, 3.5, float("nan"), True, False, b"draw", (), [], {}, (0,), (0, 0),
               [1, 1], (1, 2, 3), ("a", 1), {"move": "draw"}, frozenset(), object(), Rng(1), Counter()]


def garble(text: str, rnd: random.Random) -> str:
    """A legal move text with a random edit (which may or may not still name a legal move)."""
    ops = rnd.randrange(9)
    i = rnd.randrange(len(text) + 1)
    junk = rnd.choice(["", " ", "-", "(", ")", ",", "0", "9", "x", "@", "H", "+", "é", "\x00", "\u202e",
                       "99999999999999999999", "-1", "at", "front", "*", "_"])
    if ops == 0:
        return text[:i] + junk + text[i:]
    if ops == 1:
        return text[:i] + text[i + 1:]
    if ops == 2:
        return text[:i]
    if ops == 3:
        return text.upper() if rnd.random() < 0.5 else "  " + text.swapcase() + "\t"
    if ops == 4:
        return text.replace(rnd.choice(text or "x"), junk, 1)
    if ops == 5:
        return text + text
    if ops == 6:
        digits = [k for k, c in enumerate(text) if c.isdigit()]
        if digits:
            k = rnd.choice(digits)
            return text[:k] + str(rnd.choice([0, 1, 5, 6, 9, 12, 99])) + text[k + 1:]
        return text + "1"
    if ops == 7:
        return " ".join(reversed(text.split()))
    return "".join(rnd.sample(text, len(text)))


def try_move(game, move, legal: set[str]) -> str:
    """Offer ``move`` to ``game``: it must be accepted iff its canonical text is legal.  Returns
    "accepted", "illegal" or "invalid".  Rejected moves are offered to ``game`` itself (the
    caller checks with :func:`canon` that nothing changed); accepted ones are played on a clone."""
    STATS["inputs tried"] += 1
    try:
        value = game.to_move(move)
    except InvalidMoveError as exc:
        assert str(exc), "an error needs a message"
        with pytest.raises(InvalidMoveError):
            game.play(move)
        STATS["rejected invalid"] += 1
        return "invalid"
    canonical = game.format_move(value)
    assert isinstance(canonical, str) and canonical
    if canonical in legal:
        trial = game.clone()
        trial.play(move)
        assert trial.moves[-1] == canonical
        STATS["accepted (other spelling)"] += 1
        return "accepted"
    with pytest.raises(IllegalMoveError) as info:
        game.play(move)
    assert str(info.value) and isinstance(info.value, GameError)
    assert game.is_legal(move) is False
    STATS["rejected illegal"] += 1
    return "illegal"


def offer_all(game, offers: list, legal: set[str]) -> None:
    """:func:`try_move` each offer; the game must be exactly as before (deep fingerprint)."""
    before = fingerprint(game)
    for move in offers:
        try_move(game, move, legal)
    if fingerprint(game) != before:  # find the culprit for the report
        for move in offers:
            trial = game.clone()
            fp = fingerprint(trial)
            try:
                trial.play(move)
            except GameError:
                assert fingerprint(trial) == fp, f"rejecting {move!r} changed the game"
        raise AssertionError(f"a rejected move changed the game: {offers!r}")


# --------------------------------------------------------------------------- views
def _check_view_hides(game, v, p):
    gid = game.game_id
    if gid == "triominos":
        assert v.hands[p] == game.hands[p]
        assert all(t is None for q, h in enumerate(v.hands) if q != p for t in h)
        assert all(t is None for t in v.pool) and len(v.pool) == len(game.pool)
    elif gid == "iwoki":
        assert v.small_hands[p] == game.small_hands[p] and v.hex_hands == game.hex_hands  # face up
        assert all(t is None for q, h in enumerate(v.small_hands) if q != p for t in h)
        assert all(t is None for t in v.small_bag) and all(t is None for t in v.hex_bag)
    elif gid == "codex":
        assert v.hands[p] == game.hands[p] and v.dealt[p] == game.dealt[p] and v.secret[p] == game.secret[p]
        assert all(not isinstance(c, int) for q, h in enumerate(v.hands) if q != p for c in h)
        assert all(d is None for q, ds in enumerate(v.dealt) if q != p for d in ds)
        assert all(s is None for q, s in enumerate(v.secret) if q != p)
        assert all(not isinstance(c, int) for c in v.resource_deck + v.gold_deck)
        assert all(o is None for o in v.objective_rest)


def check_views(game, k: int):
    """Every player's view hides the others' secrets; what it shows does not depend on them;
    determinize completes it consistently (and independently of the game)."""
    if not game.hidden_information:
        v = game.view(game.current_player)
        assert snapshot(v) == snapshot(game)
        return
    before = fingerprint(game)
    everyone = game.view(None)
    assert everyone.render_text() == game.render_text()
    for p in range(game.num_players):
        v = game.view(p)
        STATS["views checked"] += 1
        if game.is_over:  # at the end every hand and objective is public: the view is the game
            assert not v.is_view and v.record() == game.record() and v.render_text() == game.render_text()
            continue
        assert v.is_view and v.seed == 0
        with pytest.raises(GameError):
            v.record()
        _check_view_hides(game, v, p)
        d = v.determinize(Rng(k * 31 + p))
        assert not d.is_view
        assert d.moves == game.moves and d.scores == game.scores
        assert d.current_player == game.current_player and d.is_over == game.is_over
        assert d.view(p).render_text() == v.render_text(), "a view must not depend on hidden things"
        check_state(d)
        if p == game.current_player:
            assert legal_texts(v) == legal_texts(game) == legal_texts(d)
            if not d.is_over:  # playing on the sample never touches the game or the view
                shown = v.render_text()
                d.play(d.legal_moves()[0])
                assert v.render_text() == shown
    assert fingerprint(game) == before


# --------------------------------------------------------------------------- the main property
def foreign_moves(game_id: str, options: dict, seed: int, rnd: random.Random) -> list:
    """Legal moves (values and texts) of positions of another deal of the same game."""
    other = new_game(game_id, seed=seed, **options)
    out = []
    for _ in range(rnd.randrange(1, 80)):
        if other.is_over:
            break
        legal = other.legal_moves()
        out.extend(rnd.sample(legal, min(3, len(legal))))
        other.play(rnd.choice(legal))
    return out


def play_checked_game(game, rnd: random.Random, junk: list, *, views_every: int = 1,
                      replay_every: int = 1, max_moves: int = 5000):
    """Play ``game`` to the end with random legal moves, checking everything after every move."""
    STATS["games"] += 1
    game_id, options = game.game_id, dict(game.options)
    foreign = foreign_moves(game_id, options, rnd.randrange(MAX_SEED), rnd)
    foreign += [m for gid in GAME_IDS if gid != game_id
                for m in new_game(gid, seed=1).legal_moves()[:2]]  # other games' move values
    seen_texts: list[str] = []
    check_state(game)
    k = 0
    while not game.is_over:
        k += 1
        assert k <= max_moves, "a game must end"
        legal = legal_texts(game)
        assert legal, "a running game has a legal move"
        assert len(set(legal)) == len(legal), "legal move texts are distinct"
        legal_set = set(legal)
        values = game.legal_moves()
        for m in rnd.sample(values, min(6, len(values))):
            assert game.parse_move(game.format_move(m)) == m
        # hostile inputs, all offered to the real game: rejections must change nothing
        offers = [junk[k % len(junk)] if junk else "", garble(rnd.choice(legal), rnd),
                  garble(rnd.choice(legal), rnd), rnd.choice(WRONG_TYPES)]
        offers += rnd.sample(foreign, min(3, len(foreign)))
        offers += rnd.sample(seen_texts, min(2, len(seen_texts)))
        offer_all(game, offers, legal_set)
        # clone independence: a clone plays another move, the game does not notice ...
        deep = fingerprint(game)
        twin = game.clone()
        twin.play(rnd.choice(values))
        assert fingerprint(game) == deep, "playing on a clone changed the original"
        twin_deep = fingerprint(twin)
        # the move itself, as text or as a value
        move = rnd.choice(values)
        text = game.format_move(move)
        before = game.clone()
        played = game.play(text if rnd.random() < 0.7 else move)
        STATS["moves"] += 1
        assert game.format_move(played) == text and game.moves[-1] == text
        check_state(game, before, text)
        # ... and the clone does not notice the original's move
        assert fingerprint(twin) == twin_deep, "playing on the original changed a clone"
        seen_texts.append(text)
        if k % replay_every == 0 or game.is_over:
            rec = json.loads(json.dumps(game.record()))
            again = replay(rec)
            assert again.record() == game.record() == rec
            assert snapshot(again) == snapshot(game)
            STATS["replays"] += 1
        if k % views_every == 0 or game.is_over:
            check_views(game, k)
    # after the end: nothing is accepted and nothing changes
    deep = fingerprint(game)
    for move in rnd.sample(seen_texts, min(5, len(seen_texts))) + [rnd.choice(WRONG_TYPES)]:
        STATS["inputs tried"] += 1
        with pytest.raises(GameError) as info:
            game.play(move)
        assert isinstance(info.value, (InvalidMoveError, GameOverError)) and str(info.value)
    assert fingerprint(game) == deep
    check_state(game)
    return game


def _examples(game_id: str) -> int:
    return {"hex": 12, "y": 12, "triominos": 8, "iwoki": 10, "codex": 5}.get(game_id, 6)


# per game: examples in CI, and how often (in moves) replay and views are checked in CI (the
# long run checks both after every move)
PLAN = {"hex": (30, 1, 1), "y": (30, 1, 1), "triominos": (12, 3, 4), "iwoki": (15, 2, 3), "codex": (10, 3, 4)}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_games_keep_every_invariant(game_id):
    examples, replay_every, views_every = PLAN.get(game_id, (5, 2, 2))
    if LONG:
        replay_every = views_every = 1

    @sized(examples, shrink=False)
    @given(seed=st.integers(0, MAX_SEED), options=options_strategy(game_id),
           choices=st.integers(0, 2**64), junk=st.lists(st.text(max_size=24), max_size=8))
    def run(seed, options, choices, junk):
        note(f"new_game({game_id!r}, seed={seed}, **{options!r}), choices random.Random({choices})")
        game = new_game(game_id, seed=seed, **options)
        play_checked_game(game, random.Random(choices), junk, views_every=views_every,
                          replay_every=replay_every)
    run()


@sized(12, shrink=False)
@given(seed=st.integers(0, MAX_SEED), players=st.integers(2, 6), target=st.integers(1, _INT_CAP["target"]),
       choices=st.integers(0, 2**64))
def test_triominos_games_to_a_target(seed, players, target, choices):
    """Several rounds: tiles are conserved per round, totals carry over, the end is right."""
    game = new_game("triominos", seed=seed, players=players, target=target)
    play_checked_game(game, random.Random(choices), [], views_every=1 if LONG else 9,
                      replay_every=1 if LONG else 6)
    assert max(game.scores) >= target or len(game.rounds) == game.options["max_rounds"]
    STATS["triominos rounds"] += len(game.rounds)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_text_never_crashes_and_never_changes_the_game(game_id):
    @sized(80)
    @given(seed=st.integers(0, 1000), prefix=st.integers(0, 40),
           text=st.one_of(st.text(max_size=60), st.from_regex(r"[a-z ]{0,8}[0-9() ,.@_*+-]{0,16}", fullmatch=True)))
    def run(seed, prefix, text):
        game = new_game(game_id, seed=seed)
        rng = random.Random(seed)
        for _ in range(prefix):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
        deep = fingerprint(game)
        try_move(game, text, set(legal_texts(game)))
        assert fingerprint(game) == deep
    run()


# --------------------------------------------------------------------------- other input paths
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_options_are_validated(game_id):
    schema = {o.name: o for o in game_class(game_id).OPTIONS}

    @sized(60)
    @given(options=st.dictionaries(st.sampled_from(sorted(schema) + ["seed", "nope", ""]), json_values, max_size=3),
           seed=st.one_of(st.none(), st.integers(-5, 2**60), json_values))
    def run(options, seed):
        STATS["inputs tried"] += 1
        try:
            game = new_game(game_id, seed=seed, **options)
        except InvalidOptionError as exc:
            assert str(exc)
            return
        except TypeError:  # a Python keyword clash ('seed' twice): the bridge reports it as bad input
            assert "seed" in options
            return
        assert set(options) <= set(schema)
        check_state(game)
        for name, value in options.items():
            assert game.options[name] == value
    run()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_corrupted_records_replay_or_are_rejected(game_id):
    """A record with edits either replays to exactly the game its moves give, or is rejected
    with InvalidRecordError (never another exception)."""
    @sized(60)
    @given(seed=st.integers(0, 10_000), n=st.integers(0, 30), choices=st.integers(0, 2**32), junk=json_values)
    def run(seed, n, choices, junk):
        rnd = random.Random(choices)
        game = new_game(game_id, seed=seed)
        for _ in range(n):
            if game.is_over:
                break
            game.play(rnd.choice(game.legal_moves()))
        rec = json.loads(json.dumps(game.record()))
        edit = rnd.randrange(10)
        moves = rec["moves"]
        if edit == 0 and moves:
            moves.pop(rnd.randrange(len(moves)))
        elif edit == 1 and len(moves) > 1:
            i = rnd.randrange(len(moves) - 1)
            moves[i], moves[i + 1] = moves[i + 1], moves[i]
        elif edit == 2 and moves:
            moves[rnd.randrange(len(moves))] = garble(rnd.choice(moves), rnd)
        elif edit == 3:
            rec["seed"] = junk
        elif edit == 4:
            rec["options"] = junk
        elif edit == 5:
            rec[rnd.choice(["game", "version", "moves"])] = junk
        elif edit == 6:
            rec["moves"] = " ".join(moves)
        elif edit == 7:
            rec = junk
        elif edit == 8 and rec["options"]:
            rec["options"][rnd.choice(sorted(rec["options"]))] = junk
        else:
            rec["seed"] = rnd.choice([-1, MAX_SEED, MAX_SEED + 1, 2**64, 1.0, "1", True])
        STATS["records tried"] += 1
        STATS["inputs tried"] += 1
        text = json.dumps(rec)
        try:
            again = replay(text if rnd.random() < 0.5 else json.loads(text))
        except InvalidRecordError as exc:
            assert str(exc)
            return
        assert isinstance(rec, dict)
        check_state(again)
        assert replay(again.record()).record() == again.record()
    run()


def test_hidden_views_spot_check():
    """A deterministic spot check of views in every hidden-information game at several points."""
    for game_id in HIDDEN_IDS:
        game = new_game(game_id, seed=11)
        rng = random.Random(11)
        k = 0
        while not game.is_over:
            if k % 7 == 0:
                check_views(game, k)
            game.play(rng.choice(game.legal_moves()))
            k += 1
        check_views(game, k)


def _finished(game_id, seed):
    game = new_game(game_id, seed=seed, **({"target": None} if game_id == "triominos" else {}))
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def _end_consistent(d) -> bool:
    """Does a (determinized) finished game agree with its own recorded end of game?"""
    if d.game_id == "iwoki":
        from pygame_core.games.iwoki import hand_penalty
        return d.penalties == [hand_penalty(h) for h in d.small_hands]
    if d.game_id == "triominos":
        from pygame_core.games.triominos import hand_points
        return d.rounds[-1].hands == [hand_points(h) for h in d.hands]
    from pygame_core.games.codex import load_cards
    _, objectives = load_cards()
    points = [sum(objectives[o].points * d.fields[q].objective_count(objectives[o])
                  for o in d.common + [d.secret[q]]) for q in range(d.num_players)]
    return points == d.final["objective_points"]


@pytest.mark.parametrize("game_id", ["iwoki", "triominos", "codex"])
def test_determinized_finished_game_is_consistent(game_id):
    """After the end, a sample of a player's view should agree with the recorded result (iwoki:
    ``penalties`` = each hand's highest numbers; Triominos: the last round's ``hands`` points;
    Codex: ``final["objective_points"]`` from the secret objectives).  At the end every hand and
    objective is public, so the view of a finished game is the whole game."""
    bad = [(seed, p) for seed in range(8) for p in range(2)
           if not _end_consistent(_finished(game_id, seed).view(p).determinize(Rng(seed)))]
    assert not bad, f"inconsistent samples (seed, viewer): {bad}"
