"""The page's computer levels: per game, an iteration budget with a wall-clock cap.

A level is a number of search iterations (playouts), so it means the same on any machine: a slow
or busy machine, or Pyodide (slower than CPython), takes longer but plays as strongly, up to the
cap (:data:`CAP_FACTOR` times the level's nominal time), after which it plays the best move found
so far.  The budget of a level is the game's :data:`RATES` figure times the level's nominal time
(:data:`LEVELS`), rounded to two significant digits.  The bridge lists them per game in ``hello``
(``levels``); the page builds its level menu from that list and sends the budget with each
``think`` request (:meth:`pygame_core.bridge.Session.cmd_think`).
"""

from __future__ import annotations

# Search iterations per second of each game's search agent (the one that gives hints and
# analyses: pygame_core.analysis.search_agent) in CPython, at the game's default options: the
# median over the first position and the positions after 10 and 20 random moves, measured with
# ``benchmarks/level_rates.py`` (one process, 1 s a position, on the project's 2-core machine).
# The Hex and Y searches are getting faster: run the script again and change the figures here
# (one edit; the budgets follow).
RATES: dict[str, int] = {
    "hex": 29_000,
    "y": 27_000,
    "triominos": 1_000,
    "iwoki": 1_400,
    "codex": 850,
}

# (name, nominal seconds of CPython thinking) of each level, weakest first; levels are numbered
# from 1.  The page's menu chose among 0.3, 1 and 3 seconds a move before levels were budgets.
LEVELS: tuple[tuple[str, float], ...] = (("easy", 0.3), ("medium", 1.0), ("hard", 3.0))
DEFAULT_LEVEL = 2
CAP_FACTOR = 3  # the wall-clock cap of a level: this many times its nominal time
HINT_SECONDS = 2.0  # a hint searches at most a level of this nominal time (and its cap)
DEFAULT_RATE = 500  # a game missing from RATES (tests/test_levels.py says which)
MIN_BUDGET = 10  # no level searches fewer iterations, however slow a game's search


def _round(n: float) -> int:
    """``n`` to two significant digits, at least :data:`MIN_BUDGET`."""
    n = max(MIN_BUDGET, int(n))
    step = 10 ** max(0, len(str(n)) - 2)
    return int(round(n / step) * step)


def budget(game_id: str, seconds: float) -> dict:
    """``{iterations, seconds}``: the iterations the game's search runs in ``seconds`` of
    CPython time (:data:`RATES`), and the wall-clock cap."""
    rate = RATES.get(game_id, DEFAULT_RATE)
    return {"iterations": _round(rate * seconds), "seconds": round(CAP_FACTOR * seconds, 2)}


def levels(game_id: str) -> list[dict]:
    """The game's levels for the page: ``level`` (1, 2, ...), ``name``, ``iterations``,
    ``seconds`` (the wall-clock cap), ``label`` and ``help`` (for the menu), ``default`` and ``hint`` (the
    budget of the Hint button at this level: the level, capped at :data:`HINT_SECONDS`)."""
    out = []
    for number, (name, nominal) in enumerate(LEVELS, 1):
        level = budget(game_id, nominal)
        out.append({"level": number, "name": name, **level,
                    "label": f"Level {number} ({name}) — {level['iterations']:,} playouts",
                    "help": f"The computer searches {level['iterations']:,} playouts a move (about"
                            f" {nominal:g} s in CPython), at most {level['seconds']:g} s on a slower machine",
                    "default": number == DEFAULT_LEVEL,
                    "hint": budget(game_id, min(nominal, HINT_SECONDS))})
    return out
