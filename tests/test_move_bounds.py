"""Every game ends, and within its proven bound: ``len(history) <= max_moves(options)``.

``Game.max_moves(options)`` is an upper bound on the number of moves of any game with those
options (each game proves it in its docstring); :func:`pygame_core.core.replay` refuses a longer
record before replaying it, so a bound that is too small would reject real games.  Here every
registered game is played to the end from seeded deals with several policies:

* ``random``: a uniformly random legal move;
* ``stall``: ``draw`` or ``pass`` whenever legal (else random) - the strategy that made
  Triominos endless before ``max_rounds`` and ended iwoki too early before a draw reset the
  pass streak;
* ``stretch``: like ``stall``, but never a move that ends the game (or the round) while another
  move does not - it drags every pass streak to its limit, the worst case of the bounds' proofs.

The games run over their option schemas' extremes (one option at a time) and a few hand-picked
sets, and a hypothesis property draws seeds, options and policies (derandomized in CI, fresh
with ``BOARDWRIGHT_FUZZ=long``, as tests/test_properties.py).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from pygame_core.core import InvalidOptionError, game_class, list_games, new_game

GAME_IDS = [g["id"] for g in list_games()]
LONG = os.environ.get("BOARDWRIGHT_FUZZ", "ci").strip().lower() == "long"
SCALE = float(os.environ.get("BOARDWRIGHT_FUZZ_SCALE", "1")) * (20 if LONG else 1)
HANG_GUARD = 120  # seconds: a guard against a game that never ends, not a time budget

# hand-picked option sets besides the defaults and the schema's extremes
EXTRA_OPTIONS = {
    "hex": [{"size": 5, "swap": True}],
    "y": [{"family": "radial", "center_rows": 2, "outer_rows": 0}, {"size": 5, "misere": True}],
    "triominos": [{"target": None, "players": n} for n in range(2, 7)]
                 + [{"players": 6, "max_rounds": 3, "target": 100_000}, {"players": 3, "target": 60}],
    "iwoki": [{"players": n} for n in (2, 3, 4)],
    "codex": [{"players": n} for n in (2, 3, 4)],
}
# option sets that make long games (many rounds of many players) are played only with these policies
HEAVY_POLICIES = ("stall", "random")


def _valid(game_id: str, options: dict) -> dict | None:
    """The validated options (defaults filled in), or ``None`` if the combination is refused."""
    try:
        return new_game(game_id, seed=0, **options).options
    except InvalidOptionError:
        return None


def option_sets(game_id: str) -> list[dict]:
    """Defaults, each option at each extreme of its schema (the others at their defaults), every
    choice and bool value, and the hand-picked sets - validated, without duplicates."""
    candidates: list[dict] = [{}]
    for o in game_class(game_id).OPTIONS:
        if o.type == "int":
            values = [v for v in (o.minimum, o.maximum) if v is not None]
        elif o.type == "bool":
            values = [False, True]
        else:
            values = list(o.choices)
        if o.nullable:
            values.append(None)
        candidates += [{o.name: v} for v in values]
    candidates += EXTRA_OPTIONS.get(game_id, [])
    out: list[dict] = []
    for c in candidates:
        v = _valid(game_id, c)
        if v is not None and v not in out:
            out.append(v)
    return out


def _is_stall(game, move) -> bool:
    return game.format_move(move) in ("draw", "pass")


def choose(policy: str, game, rng: random.Random):
    legal = game.legal_moves()
    if policy == "random":
        return rng.choice(legal)
    stall = [m for m in legal if _is_stall(game, m)]
    if policy == "stall":
        return stall[0] if stall else rng.choice(legal)
    # stretch: stalling moves first, then the others in random order; the first that neither
    # ends the game nor (Triominos) the round, else any
    others = [m for m in legal if not _is_stall(game, m)]
    rng.shuffle(others)
    # a draw before a pass: drawing keeps the turn and never ends anything
    stall.sort(key=lambda m: game.format_move(m) != "draw")
    for m in stall + others:
        after = game.clone()
        after.apply(m)
        if not after.is_over and getattr(after, "round", None) == getattr(game, "round", None):
            return m
    return rng.choice(legal)


def play_to_end(game_id: str, options: dict, seed: int, policy: str) -> int:
    """Plays one game to its end; returns its length (asserting the bound after every move, so
    a game that runs past its bound fails there instead of running on)."""
    game = new_game(game_id, seed=seed, **options)
    bound = type(game).max_moves(game.options)
    assert isinstance(bound, int) and bound > 0
    rng = random.Random(seed * 7 + len(policy))
    while not game.is_over:
        game.play(choose(policy, game, rng))
        assert len(game.history) <= bound, (
            f"{game_id} {game.options} seed {seed} ({policy}): {len(game.history)} moves "
            f"> max_moves {bound}")
    assert game.is_over and game.legal_moves() == []
    return len(game.history)


def _cases():
    for game_id in GAME_IDS:
        for i, options in enumerate(option_sets(game_id)):
            heavy = game_id == "triominos" and options["target"] is not None and options["players"] > 3
            for policy in ("random", "stall", "stretch"):
                if heavy and policy not in HEAVY_POLICIES:
                    continue
                yield pytest.param(game_id, options, policy, id=f"{game_id}-{i}-{policy}")


@pytest.mark.timeout(HANG_GUARD)
@pytest.mark.parametrize("game_id, options, policy", list(_cases()))
def test_games_end_within_max_moves(game_id, options, policy):
    for seed in range(3):
        play_to_end(game_id, options, seed, policy)


@pytest.mark.timeout(HANG_GUARD)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_max_moves_is_stable_and_positive(game_id):
    """The bound is a positive whole number that depends on the options only."""
    cls = game_class(game_id)
    for options in option_sets(game_id):
        bound = cls.max_moves(options)
        assert isinstance(bound, int) and not isinstance(bound, bool) and bound > 0
        assert cls.max_moves(dict(options)) == bound


@pytest.mark.timeout(HANG_GUARD)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_triominos_stalling_lasts_exactly_max_rounds(players):
    """Draw-and-pass play never reaches the target; the game still ends, after max_rounds."""
    game = new_game("triominos", seed=players, players=players, max_rounds=7, target=100_000)
    rng = random.Random(players)
    while not game.is_over:
        game.play(choose("stall", game, rng))
    assert game.round == 7 and len(game.rounds) == 7 and max(game.scores) < 100_000
    assert len(game.history) <= type(game).max_moves(game.options)


@pytest.mark.timeout(HANG_GUARD)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_iwoki_stalling_ends_only_once_the_bag_is_empty(players):
    for seed in range(3):
        game = new_game("iwoki", seed=seed, players=players)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(choose("stall", game, rng))
        assert game.events[-1]["game_end"]["why"] == "out" or not game.small_bag
        assert len(game.history) <= type(game).max_moves(game.options)


def _examples(n: int) -> int:
    return max(1, int(n * SCALE))


@pytest.mark.timeout(HANG_GUARD)
@settings(max_examples=_examples(150), deadline=None, derandomize=not LONG, database=None, print_blob=True,
          phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), game_id=st.sampled_from(GAME_IDS), seed=st.integers(0, 2**53 - 1),
       policy=st.sampled_from(["random", "stall", "stretch"]))
def test_property_every_game_ends_within_max_moves(data, game_id, seed, policy):
    """Seeds, small option sets and policies drawn by hypothesis (whole games: no shrinking)."""
    small = [o for o in option_sets(game_id)
             if not (game_id == "triominos" and o["target"] is not None and o["players"] > 3)]
    options = data.draw(st.sampled_from(small), "options")
    play_to_end(game_id, options, seed, policy)
