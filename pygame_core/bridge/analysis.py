"""The analysis board: live engine analysis of the position on screen, a PV played into the
tree, and a review of the whole line, for every game.

Commands:

* ``analyse`` - ``seconds`` (default 0.25, at most 5) more of search of the position on screen,
  ``top`` (default 5, at most 20) candidates; ``restart`` drops what was searched there.
  Returns ``{position, player, agent, iterations, visits, candidates, best, solved, done}``
  (not the state): ``position`` is ``{path, cursor}`` (the page checks the answer is still
  about the position on screen); each candidate is ``{move, visits, share, value, proven, pv}``
  as :func:`pygame_core.analysis.candidates` gives it.  The page calls it in a loop, a slice at
  a time, so the worker answers a person's move between two slices.  Each position analysed
  keeps its own search (the last :data:`KEPT_SEARCHES`, the session's ``analyses``): going
  back to one goes on where it stopped, and a position reached by moves from the one analysed
  last (Hex, Y) starts from the subtree searched under them.  Hidden-hand games: only the
  player to move's view is searched (ISMCTS over determinisations), and only when that player
  is the viewer.
* ``play_line`` - ``moves``: play several moves from the position on screen, all or none (a
  PV clicked into the tree).
* ``review`` - ``seconds`` (default 0.5, at most 5) or ``iterations``: evaluate the next
  position of the current line not evaluated yet (one per call; results are kept per
  position in the session's ``reviewed``, so a line reviewed before, or a variation sharing
  its start, costs nothing).  Returns :func:`review_state`: ``{total, done, complete,
  thresholds, values, positions, moves}`` (``values``: the graph, each position's value for the
  first player in two-player games, else for the player to move; ``moves``: each move's loss
  and mark).  ``review`` with ``status: true`` evaluates nothing and answers what is known.
  Hidden-hand games: only once everything is shown (game over, or no human seat), so a review
  cannot read a hand.

A JSON export carries ``review`` (:func:`review_state`) once the line is reviewed completely;
loading such a record (``load``, ``import``) fills the cache again when it fits the line
(:func:`restore_review`).
"""
from __future__ import annotations

from .. import agents
from ..analysis import THRESHOLDS, candidates, evaluate, first_player_values, mark_moves, position_seed, search_agent
from ..core import GameError
from .errors import BridgeError, seconds
from .lines import play_in_tree
from .session import Session, game_key, line_end, refuse_help_in_friend_game, replayed, require_game, viewer
from .state import state

KEPT_SEARCHES = 8  # positions whose search is kept for when the page comes back to them
MAX_REVIEWED = 20_000  # positions kept in the review cache (a few hundred bytes each)
MAX_TOP = 20


# ---------------------------------------------------------------- live analysis
def _search_for(session: Session, key: tuple, game, restart: bool) -> dict:
    """The search of the position ``key`` (kept, or started: from the subtree of the last
    search when the position follows from it, else afresh)."""
    kept = session.analyses
    if restart:
        kept.pop(key, None)
    entry = kept.get(key)
    if entry is not None:
        kept.move_to_end(key)
        return entry
    name = search_agent(game.game_id)
    agent = None
    if not restart and kept:
        last_key, last = next(reversed(kept.items()))
        if (last_key[0] == key[0] and len(last_key[1]) < len(key[1]) and key[1][: len(last_key[1])] == last_key[1]
                and getattr(last["agent"], "reuse_tree", False) and not game.hidden_information):
            agent = last["agent"]  # the subtree under the moves since goes on
            del kept[last_key]
    if agent is None:
        agent = agents.get(name, game.game_id)(seed=position_seed(game))
    agent.book_plies = 0  # analysis shows the search's view, not the opening book's move
    agent.open_ended = True  # thought on slice after slice: the root's full analysis
    agent.sliced = True  # ... which stops at a slice's end and goes on at the next
    quick = agent.start(game)
    entry = {"agent": agent, "name": name, "quick": quick}
    kept[key] = entry
    while len(kept) > KEPT_SEARCHES:
        kept.popitem(last=False)
    return entry


def cmd_analyse(session: Session, req):
    game = require_game(session)
    if game.is_over:
        raise BridgeError("the game is over: there is nothing to analyse", detail="nothing_to_analyse")
    refuse_help_in_friend_game(session, "analysis")
    slice_seconds = seconds(req, 0.25)
    top = req.get("top", 5)
    if isinstance(top, bool) or not isinstance(top, int) or not 1 <= top <= MAX_TOP:
        raise BridgeError(f"top must be a whole number from 1 to {MAX_TOP}")
    if game.hidden_information and viewer(session) not in (None, game.current_player):
        raise BridgeError("the analysis waits for your turn: it may only use what you can see", detail="analysis_waits")
    key = (game_key(game), tuple(session.moves[: session.cursor]))
    entry = _search_for(session, key, game, bool(req.get("restart")))
    agent = entry["agent"]
    done = entry["quick"] is not None or agent._root.proven is not None
    if not done:
        agent.think(seconds=slice_seconds)
    found = candidates(agent, game, top, quick=entry["quick"])
    done = done or agent._root.proven is not None or found["solved"]
    return {"position": {"path": list(session.path), "cursor": session.cursor}, "player": game.current_player,
            "agent": entry["name"], **found, "done": done}


def cmd_play_line(session: Session, req):
    """``moves``: play them one after the other from the position on screen (a principal
    variation clicked into the tree); checked first, so nothing changes on an error."""
    game = require_game(session)
    moves = req.get("moves")
    if not isinstance(moves, list) or not moves or not all(isinstance(m, str) for m in moves):
        raise BridgeError("play_line needs a non-empty list of move texts")
    if len(moves) > type(game).max_moves(game.options):
        raise BridgeError("play_line got more moves than the game can have")
    trial = game.clone()
    played = []
    for i, text in enumerate(moves, 1):
        try:
            played.append(trial.format_move(trial.play(text)))
        except GameError as exc:
            raise BridgeError(f"move {i} of the line cannot be played: {exc}") from None
    for text in played:
        nxt = session.game.clone()
        nxt.play(text)
        session.game = nxt
        play_in_tree(session, text)
    return state(session)


# ---------------------------------------------------------------- review
def _review_cache(session: Session) -> dict:
    """Evaluated positions of this game, by the moves that lead to them."""
    key = game_key(session.game)
    cache = session.reviewed
    if cache is None or cache["game"] != key:
        cache = session.reviewed = {"game": key, "positions": {}}
    return cache["positions"]


def review_state(session: Session) -> dict:
    """What is known of the review of the current line (see the module's docstring)."""
    game = require_game(session)
    line = list(session.moves)
    cache = _review_cache(session)
    positions = [cache.get(tuple(line[:n])) for n in range(len(line) + 1)]
    final = line_end(session)
    done = sum(p is not None for p in positions)
    return {"total": len(positions), "done": done, "complete": done == len(positions),
            "thresholds": dict(THRESHOLDS), "agent": search_agent(game.game_id),
            "values": first_player_values(positions, final),
            "positions": [None if p is None else {k: p[k] for k in ("index", "player", "value", "proven", "best")}
                          for p in positions],
            "moves": mark_moves(line, positions, final)}


def cmd_review(session: Session, req):
    game = require_game(session)
    if game.hidden_information and viewer(session) is not None:
        raise BridgeError("a game with hidden hands can be reviewed once it is over (a review would read the hands)",
                          detail="review_hidden")
    if req.get("status"):
        return review_state(session)
    refuse_help_in_friend_game(session, "review")
    iterations = req.get("iterations")
    if iterations is not None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= 100_000:
            raise BridgeError("iterations must be a whole number from 1 to 100,000")
        slice_seconds = None
    else:
        slice_seconds = seconds(req, 0.5)
    line = list(session.moves)
    cache = _review_cache(session)
    todo = next((n for n in range(len(line) + 1) if tuple(line[:n]) not in cache), None)
    if todo is not None:
        if len(cache) >= MAX_REVIEWED:
            cache.clear()
        position = replayed(game, line[:todo])
        cache[tuple(line[:todo])] = evaluate(position, todo, seconds=slice_seconds, iterations=iterations)
    return review_state(session)


def restore_review(session: Session, record) -> None:
    """A JSON record's ``review`` back into the cache, when it is one of this line (a
    malformed or foreign one is ignored: the game itself loaded fine)."""
    review = record.get("review") if isinstance(record, dict) else None
    if not isinstance(review, dict):
        return
    positions = review.get("positions")
    line = list(session.moves)
    if not isinstance(positions, list) or len(positions) != len(line) + 1:
        return
    found = {}
    for n, p in enumerate(positions):
        if p is None:
            continue
        if not isinstance(p, dict) or p.get("index") != n:
            return
        value, player, proven, best = p.get("value"), p.get("player"), p.get("proven"), p.get("best")
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1):
            return
        if player is not None and (isinstance(player, bool) or not isinstance(player, int)):
            return
        if proven not in (None, "win", "loss") or not (best is None or (isinstance(best, str) and len(best) <= 200)):
            return
        found[tuple(line[:n])] = {"index": n, "player": player, "value": value, "proven": proven,
                                  "best": best, "candidates": {}}
    cache = _review_cache(session)
    for key, p in found.items():
        cache.setdefault(key, p)
