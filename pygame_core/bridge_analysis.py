"""The bridge's analysis board: live engine analysis of the position
on screen, a PV played into the tree, and a review of the whole line, for every game.

Commands (mixed into :class:`pygame_core.bridge.Session`):

* ``analyse`` - ``seconds`` (default 0.25, at most 5) more of search of the position on screen,
  ``top`` (default 5, at most 20) candidates; ``restart`` drops what was searched there.
  Returns ``{position, player, agent, iterations, visits, candidates, best, solved, done}``
  (not the state): ``position`` is ``{path, cursor}`` (the page checks the answer is still
  about the position on screen); each candidate is ``{move, visits, share, value, proven, pv}``
  as :func:`pygame_core.analysis.candidates` gives it.  The page calls it in a loop, a slice at
  a time, so the worker answers a person's move between two slices.  Each position analysed
  keeps its own search (the last :data:`KEPT_SEARCHES`): going back to one goes on where it
  stopped, and a position reached by moves from the one analysed last (Hex, Y) starts from
  the subtree searched under them.  Hidden-hand games: only the player to move's view is
  searched (ISMCTS over determinisations), and only when that player is the viewer.
* ``play_line`` - ``moves``: play several moves from the position on screen, all or none (a
  PV clicked into the tree).
* ``review`` - ``seconds`` (default 0.5, at most 5) or ``iterations``: evaluate the next
  position of the current line not evaluated yet (one per call; results are kept per
  position, so a line reviewed before, or a variation sharing its start, costs nothing).
  Returns :meth:`review_state`: ``{total, done, complete, thresholds, values, positions,
  moves}`` (``values``: the graph, each position's value for the first player in two-player
  games, else for the player to move; ``moves``: each move's loss and mark).  ``review`` with
  ``status: true`` evaluates nothing and answers what is known.  Hidden-hand games: only
  once everything is shown (game over, or no human seat), so a review cannot read a hand.

A JSON export carries ``review`` (:meth:`review_state`) once the line is reviewed completely;
loading such a record (``load``, ``import``) fills the cache again when it fits the line.
"""
from __future__ import annotations

from collections import OrderedDict

from . import agents
from .analysis import THRESHOLDS, candidates, evaluate, first_player_values, mark_moves, position_seed, search_agent
from .bridge_errors import BridgeError
from .core import GameError

KEPT_SEARCHES = 8  # positions whose search is kept for when the page comes back to them
MAX_REVIEWED = 20_000  # positions kept in the review cache (a few hundred bytes each)
MAX_TOP = 20


def _seconds(req: dict, default: float) -> float:
    seconds = req.get("seconds", default)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= 5:
        raise BridgeError("seconds must be a number of seconds above 0 and at most 5")
    return float(seconds)


class AnalysisSession:
    def _game_key(self) -> tuple:
        game = self.game
        return (game.game_id, repr(sorted(game.options.items())), game.seed)

    # ---------------------------------------------------------------- live analysis
    def _searches(self) -> OrderedDict:
        kept = getattr(self, "_kept_searches", None)
        if kept is None:
            kept = self._kept_searches = OrderedDict()
        return kept

    def _search_for(self, key: tuple, game, restart: bool) -> dict:
        """The search of the position ``key`` (kept, or started: from the subtree of the last
        search when the position follows from it, else afresh)."""
        kept = self._searches()
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
        quick = agent.start(game)
        entry = {"agent": agent, "name": name, "quick": quick}
        kept[key] = entry
        while len(kept) > KEPT_SEARCHES:
            kept.popitem(last=False)
        return entry

    def cmd_analyse(self, req):
        game = self._require_game()
        if game.is_over:
            raise BridgeError("the game is over: there is nothing to analyse")
        seconds = _seconds(req, 0.25)
        top = req.get("top", 5)
        if isinstance(top, bool) or not isinstance(top, int) or not 1 <= top <= MAX_TOP:
            raise BridgeError(f"top must be a whole number from 1 to {MAX_TOP}")
        if game.hidden_information and self.viewer() not in (None, game.current_player):
            raise BridgeError("the analysis waits for your turn: it may only use what you can see")
        key = (self._game_key(), tuple(self.moves[: self.cursor]))
        entry = self._search_for(key, game, bool(req.get("restart")))
        agent = entry["agent"]
        done = entry["quick"] is not None or agent._root.proven is not None
        if not done:
            agent.think(seconds=seconds)
        found = candidates(agent, game, top, quick=entry["quick"])
        done = done or agent._root.proven is not None or found["solved"]
        return {"position": {"path": list(self.path), "cursor": self.cursor}, "player": game.current_player,
                "agent": entry["name"], **found, "done": done}

    def cmd_play_line(self, req):
        """``moves``: play them one after the other from the position on screen (a principal
        variation clicked into the tree); checked first, so nothing changes on an error."""
        game = self._require_game()
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
            nxt = self.game.clone()
            nxt.play(text)
            self.game = nxt
            self._play_in_tree(text)
        return self.state()

    # ---------------------------------------------------------------- review
    def _review_cache(self) -> dict:
        """Evaluated positions of this game, by the moves that lead to them."""
        key = self._game_key()
        cache = getattr(self, "_reviewed", None)
        if cache is None or cache["game"] != key:
            cache = self._reviewed = {"game": key, "positions": {}}
        return cache["positions"]

    def _review_allowed(self) -> None:
        game = self._require_game()
        if game.hidden_information and self.viewer() is not None:
            raise BridgeError("a game with hidden hands can be reviewed once it is over (a review would read the hands)")

    def review_state(self) -> dict:
        """What is known of the review of the current line (see the module's docstring)."""
        game = self._require_game()
        line = list(self.moves)
        cache = self._review_cache()
        positions = [cache.get(tuple(line[:n])) for n in range(len(line) + 1)]
        final = game if self.cursor == len(line) else self._replayed_line()
        done = sum(p is not None for p in positions)
        return {"total": len(positions), "done": done, "complete": done == len(positions),
                "thresholds": dict(THRESHOLDS), "agent": search_agent(game.game_id),
                "values": first_player_values(positions, final),
                "positions": [None if p is None else {k: p[k] for k in ("index", "player", "value", "proven", "best")}
                              for p in positions],
                "moves": mark_moves(line, positions, final)}

    def _replayed_line(self):
        game = self.game
        full = type(game)(seed=game.seed, **game.options)
        for text in self.moves:
            full.play(text)
        return full

    def cmd_review(self, req):
        self._review_allowed()
        if req.get("status"):
            return self.review_state()
        iterations = req.get("iterations")
        if iterations is not None:
            if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= 100_000:
                raise BridgeError("iterations must be a whole number from 1 to 100,000")
            seconds = None
        else:
            seconds = _seconds(req, 0.5)
        line = list(self.moves)
        cache = self._review_cache()
        todo = next((n for n in range(len(line) + 1) if tuple(line[:n]) not in cache), None)
        if todo is not None:
            if len(cache) >= MAX_REVIEWED:
                cache.clear()
            game = type(self.game)(seed=self.game.seed, **self.game.options)
            for text in line[:todo]:
                game.play(text)
            cache[tuple(line[:todo])] = evaluate(game, todo, seconds=seconds, iterations=iterations)
        return self.review_state()

    def _restore_review(self, record) -> None:
        """A JSON record's ``review`` back into the cache, when it is one of this line (a
        malformed or foreign one is ignored: the game itself loaded fine)."""
        review = record.get("review") if isinstance(record, dict) else None
        if not isinstance(review, dict):
            return
        positions = review.get("positions")
        line = list(self.moves)
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
        cache = self._review_cache()
        for key, p in found.items():
            cache.setdefault(key, p)
