"""The ``think`` command: the computer's search in slices.

``think`` - ``seconds`` (default 0.15, at most 5): search a slice longer for the player to move
(their agent, or the hint agent for a human); ``iterations`` (optional): the budget of this
search, the total it should reach for this position (a level, :mod:`pygame_core.levels`), so a
slice stops there; ``restart`` starts afresh.  Returns the progress, not the state: ``{move,
iterations, visits, value, solved, done, agent, iterations_per_second, analysing}``
(``analysing``: the slice ended inside the Hex/Y root's analysis of connections or its solver,
which the next slice goes on with before more iterations).  ``iterations`` counts
this search's iterations for this position; ``iterations_per_second`` is its measured rate
(iterations over the wall time spent searching in ``think``; null before any); ``done`` is true
when thinking longer cannot change the move: one legal move, an immediate win, a solved
position, an agent that does not search, the budget reached, or a most visited move the rest
of the budget cannot catch up.  The page calls it in a loop (a thinking indicator, a level's
budget and its wall-clock cap, Move now, Hint) and then plays the move with ``play``.

The search going on is the session's ``search``: ``{key, agent, move, done, spent}``.
"""
from __future__ import annotations

import time

from .. import agents
from .errors import BridgeError, refuse_bot, seconds
from .session import Session, agent_seed, refuse_help_in_friend_game, require_game
from .state import words_of

MAX_THINK_ITERATIONS = 200_000  # the hardest level (Hex: 90,000) with room to grow


def _budget(req) -> int | None:
    budget = req.get("iterations")
    if budget is None:
        return None
    if isinstance(budget, bool) or not isinstance(budget, int) or not 1 <= budget <= MAX_THINK_ITERATIONS:
        raise BridgeError(f"iterations must be a whole number from 1 to {MAX_THINK_ITERATIONS:,}")
    return budget


def _settled(agent, budget: int | None) -> bool:
    """The search has run its ``budget``, or the rest of it cannot change the move (the most
    visited move cannot be caught up: MCTSAgent's own early stop)."""
    if budget is None:
        return False
    left = budget - agent.last_iterations
    decided = getattr(agent, "_decided", None)
    return left <= 0 or (decided is not None and decided(agent._root, left))


def hint_agent(game_id: str) -> str:
    """The agent that gives hints: the strongest one that can think in slices."""
    search = [c for c in agents.available(game_id) if hasattr(c, "think")]
    return max(search or agents.available(game_id), key=lambda c: c.strength).name


def cmd_think(session: Session, req):
    """A slice of search (see the module docstring).  Playing the move is a separate
    ``play``, so "stop" is simply playing the best move so far.  A search agent that reuses
    its tree (perfect information: Hex, Y) is kept from one position of the same game to the
    next, so what it searched under the moves since is not lost."""
    game = require_game(session)
    if game.is_over:
        raise BridgeError("the game is over", detail="game_over")
    slice_seconds, budget = seconds(req, 0.15), _budget(req)
    name = session.players[game.current_player]
    refuse_bot(name, game)
    hint = name == "human"
    if name == "human":
        refuse_help_in_friend_game(session, "hint")
        name = hint_agent(game.game_id)
    search = _think_search(session, game, name, bool(req.get("restart")))
    agent = search["agent"]
    if search["done"]:
        return _with_words({"move": game.format_move(search["move"]), "iterations": 0, "visits": 0, "value": None,
                            "solved": False, "done": True, "agent": name, "iterations_per_second": None,
                            "analysing": False}, game, hint)
    if not _settled(agent, budget):
        start = time.perf_counter()
        agent.think(iterations=None if budget is None else budget - agent.last_iterations, seconds=slice_seconds)
        search["spent"] += time.perf_counter() - start
    info = agent.progress()
    done = info["solved"] or agent._root.proven is not None or _settled(agent, budget)
    spent = search["spent"]
    return _with_words({"move": game.format_move(info["move"]), "iterations": info["iterations"],
                        "visits": info["visits"], "value": info["value"], "solved": info["solved"], "done": done,
                        "agent": name, "iterations_per_second": round(info["iterations"] / spent) if spent > 0 else None,
                        "analysing": bool(info.get("analysing"))}, game, hint)


def _with_words(progress: dict, game, hint: bool) -> dict:
    """A hint's move in words (``words``): what the page shows of the best move so far."""
    if hint:
        progress["words"], progress["words_code"] = words_of(game, progress["move"], game.current_player)
    return progress


def _think_search(session: Session, game, name: str, restart: bool) -> dict:
    """The search of the position on screen by ``name``: the one going on, else a new one."""
    key = (game.game_id, game.seed, tuple(session.moves[: session.cursor]), name)
    search = session.search
    if not restart and search is not None and search["key"] == key:
        return search
    agent = agents.get(name, game.game_id)(seed=agent_seed(game))
    shown = game.view(game.current_player)
    if (not restart and search is not None and search["key"][0] == key[0]
            and search["key"][1] == key[1] and search["key"][3] == name
            and getattr(search["agent"], "reuse_tree", False)):
        agent = search["agent"]  # same game and agent: it keeps the subtree searched so far
    if hasattr(agent, "think"):
        agent.sliced = True  # thought slice after slice: the root's analysis stops at a slice's end
        quick = agent.start(shown)
        search = {"key": key, "agent": agent, "move": quick, "done": quick is not None}
    else:  # an agent that does not search: its move at once
        search = {"key": key, "agent": agent, "move": agent.choose(shown), "done": True}
    search["spent"] = 0.0  # wall seconds spent in think for this search
    session.search = search
    return search
