"""Engine analysis of positions and whole games, for every game.

    analyse(game, seconds=1.0, top=5)        -> {"player", "agent", "iterations", "candidates": [...]}
    review(record, seconds_per_move=0.5)     -> {"positions": [...], "moves": [...], "thresholds": ...}

Both use the game's strongest search agent (the one that gives hints: an MCTS of
:mod:`pygame_core.agents.mcts`; Hex and Y with RAVE and the solver, the hidden-hand games with
information-set MCTS over what the player to move may see).  A candidate is a legal move with
its share of the search, its value (the expected result for the player to move, 0..1: the win
rate in two-player games), whether the solver proved it (``"win"``/``"loss"``) and, with
perfect information, its principal variation.  ``iterations`` instead of ``seconds`` makes a
result reproducible (the agent's seed comes from the position).

A review evaluates every position of a record's line; the value of a position is its best
candidate's value for the player to move, and a move's *loss* is how much the mover's value
fell: the best value before the move minus the mover's value after it (in two-player games
``1 - value`` of the next position, whose player is the opponent, averaged with the played
move's own value in the search before it when that search tried it at least
:data:`MIN_VISITS` times: two independent searches differ by their noise, and the mean halves
it; with more players, the played move's own candidate value).  Moves are marked by
:data:`THRESHOLDS`.

This module sits above the agents (it imports :mod:`pygame_core.agents`); nothing below imports it.
"""
from __future__ import annotations

from . import agents
from .core import GameError, MAX_SEED, replay

# a move that loses at least this much of the mover's value (0..1) gets the mark
THRESHOLDS = (("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.10))
PV_LENGTH = 12  # principal variations are cut here
PV_MIN_VISITS = 3  # a principal variation stops at a move searched fewer times than this
MIN_VISITS = 20  # a review trusts a candidate's own value from this many visits on


def search_agent(game_id: str) -> str:
    """The agent that analyses ``game_id``: the strongest one that can think in slices."""
    search = [c for c in agents.available(game_id) if hasattr(c, "think")]
    if not search:
        raise GameError(f"no agent of {game_id!r} can analyse")
    return max(search, key=lambda c: c.strength).name


def position_seed(game) -> int:
    """A seed from the position (game seed and move count), so analyses with an iteration
    budget are reproducible."""
    return (game.seed * 1_000_003 + len(game.history) * 7919) % (MAX_SEED + 1)


def _pv(game, node, first) -> list[str]:
    """The most visited line under the candidate ``node`` (its move ``first`` included)."""
    state = game.clone()
    line = [state.format_move(first)]
    state.apply(first)
    while len(line) < PV_LENGTH and node.children and not state.is_over:
        node = max(node.children.values(), key=lambda c: (c.visits, c.wins))
        if node.visits < PV_MIN_VISITS:
            break
        line.append(state.format_move(node.move))
        state.apply(node.move)
    return line


def _proof(node) -> str | None:
    if node is None or node.proven is None:
        return None
    return "win" if node.proven == 1.0 else "loss"


def _value(node) -> float | None:
    """A candidate's value for the player to move: 1 or 0 when proven, else its mean result."""
    if node.proven is not None:
        return float(node.proven)
    return round(node.wins / node.visits, 3) if node.visits else None


def analyse(game, *, seconds: float | None = None, iterations: int | None = None, top: int = 5,
            agent: str | None = None, seed: int | None = None) -> dict:
    """Search ``game``'s position for its player to move; the ``top`` candidates, best first.

    Exactly one budget: ``seconds`` or ``iterations`` (neither: 1 second).  A position with
    nothing to search (one legal move, an immediate win) answers at once with that move."""
    if game.is_over:
        raise GameError("the game is over: there is nothing to analyse")
    if seconds is not None and iterations is not None:
        raise GameError("give seconds or iterations, not both")
    if seconds is None and iterations is None:
        seconds = 1.0
    if top < 1:
        raise GameError("top must be at least 1")
    name = agent or search_agent(game.game_id)
    searcher = agents.get(name, game.game_id)(seed=position_seed(game) if seed is None else seed)
    if not hasattr(searcher, "think"):
        raise GameError(f"agent {name!r} does not search, so it cannot analyse")
    searcher.book_plies = 0  # analysis shows the search's view, not the opening book's move
    quick = searcher.start(game)
    base = {"player": game.current_player, "agent": name, "moves_played": len(game.history)}
    if quick is None:
        searcher.think(iterations=iterations, seconds=seconds)
    return {**base, **candidates(searcher, game, top, quick=quick)}


def candidates(searcher, game, top: int = 5, quick=None) -> dict:
    """What a started search agent (``searcher.start(game)`` was called; ``quick`` is what it
    returned) thinks of ``game``'s position so far: ``{iterations, candidates, best, solved}``,
    the ``top`` candidates best first.  Used by :func:`analyse` and by the page's live analysis
    (:mod:`pygame_core.bridge.analysis`), which thinks in slices and asks after each."""
    player = game.current_player
    shown = game.view(player) if game.hidden_information else game
    if quick is not None:
        trial = shown.clone()
        trial.apply(quick)
        won = trial.is_over and trial.winners == [player]
        one = {"move": shown.format_move(quick), "visits": 0, "share": 1.0, "value": 1.0 if won else None,
               "proven": "win" if won else None, "pv": [shown.format_move(quick)]}
        return {"iterations": 0, "visits": 0, "candidates": [one], "best": one["move"], "solved": won}
    root = searcher._root
    kids = [root.children[m] for m in searcher._legal if m in root.children]
    total = sum(c.visits for c in kids) or 1
    best = searcher.best_move()

    def rank(c):  # the agent's own choice first, proven wins, then visits; proven losses last
        return (c.move != best, c.proven != 1.0, c.proven == 0.0, -c.visits, -c.wins)

    out = []
    for c in sorted(kids, key=rank)[:top]:
        out.append({"move": shown.format_move(c.move), "visits": c.visits, "share": round(c.visits / total, 3),
                    "value": _value(c), "proven": _proof(c),
                    "pv": [shown.format_move(c.move)] if game.hidden_information else _pv(shown, c, c.move)})
    return {"iterations": searcher.last_iterations, "visits": sum(c.visits for c in kids), "candidates": out, "best": shown.format_move(best),
            "solved": root.proven is not None or _proof(root.children.get(best)) == "win"}


def _final_value(game, player: int) -> float:
    """The result of a finished game for ``player``: 1 a sole win, shared wins split, 0 a loss."""
    winners = game.winners
    return 1.0 / len(winners) if player in winners else 0.0


def evaluate(game, index: int, *, seconds: float | None = None, iterations: int | None = None) -> dict:
    """One review position: ``game`` after ``index`` moves; its value for the player to move
    (its best candidate's), the best move, a proof mark, and every candidate's value (what the
    mover of the next move could have had; :func:`mark_moves` needs them with more players)."""
    if game.is_over:
        return {"index": index, "player": None, "value": None, "proven": None, "best": None, "candidates": {}}
    found = analyse(game, seconds=seconds, iterations=iterations, top=50)
    first = found["candidates"][0]
    return {"index": index, "player": found["player"], "value": first["value"], "best": found["best"],
            "proven": first["proven"], "iterations": found["iterations"],
            "candidates": {c["move"]: c["value"] for c in found["candidates"]
                           if c["value"] is not None and (c["proven"] or c["visits"] >= MIN_VISITS)}}


def _analyse_position(job) -> dict:
    record, n, seconds, iterations = job
    game = replay({**record, "moves": record["moves"][:n]})
    return evaluate(game, n, seconds=seconds, iterations=iterations)


def mark_moves(moves: list[str], positions: list, final) -> list[dict]:
    """The review of each move of ``moves`` from the evaluated ``positions`` (index n: the
    position after n moves, or ``None`` while not evaluated yet; a move whose two positions are
    not both known gets no loss and no mark).  ``final``: the game after every move."""
    out = []
    for i, text in enumerate(moves):
        before = positions[i] if i < len(positions) else None
        after = positions[i + 1] if i + 1 < len(positions) else None
        if before is None or after is None:
            out.append({"index": i + 1, "move": text, "player": None if before is None else before["player"],
                        "best": None if before is None else before.get("best"), "value_before": None,
                        "value_after": None, "loss": None, "mark": None})
            continue
        mover = before["player"]
        if after["player"] is None:  # the move ended the game
            value_after = _final_value(final, mover)
        elif final.num_players == 2 and after["player"] != mover and after["value"] is not None:
            value_after = 1.0 - after["value"]
            searched = before["candidates"].get(text)
            if searched is not None and after["proven"] is None:
                # two estimates of the same position (the next search's and this move's own in the
                # search before it): their mean halves the noise of comparing two searches
                value_after = (value_after + searched) / 2
        elif after["player"] == mover and after["value"] is not None:
            value_after = after["value"]  # the mover moves again (a draw before placing)
        else:
            value_after = before["candidates"].get(text)
        loss = None if before["value"] is None or value_after is None else max(0.0, before["value"] - value_after)
        mark = next((name for name, limit in THRESHOLDS if loss is not None and loss >= limit), None)
        out.append({"index": i + 1, "move": text, "player": mover, "best": before.get("best"),
                    "value_before": before["value"], "value_after": None if value_after is None else round(value_after, 3),
                    "loss": None if loss is None else round(loss, 3), "mark": mark})
    return out


def first_player_values(positions: list, final) -> list:
    """For a win-rate graph of a two-player game: each position's value for the first player
    (``None`` where not evaluated); the end of the game is its result.  With more players the
    value is the player to move's (each point says whose it is)."""
    out = []
    for p in positions:
        if p is None:
            out.append(None)
        elif p["player"] is None:  # the game is over here
            out.append(round(_final_value(final, 0), 3) if final.is_over else None)
        elif p["value"] is None:
            out.append(None)
        elif final.num_players == 2 and p["player"] == 1:
            out.append(round(1.0 - p["value"], 3))
        else:
            out.append(p["value"])
    return out


def review(record, *, seconds_per_move: float | None = None, iterations: int | None = None,
           jobs: int = 1, progress=None) -> dict:
    """Evaluate every position of ``record``'s line (a record dict or its JSON text) and mark
    the moves that lost value.  ``jobs`` > 1 analyses positions in parallel processes (CPython;
    Pyodide has no processes and uses 1).  ``progress(done, total)`` is called after each."""
    game = replay(record)
    rec = game.record()
    if seconds_per_move is None and iterations is None:
        seconds_per_move = 0.5
    n_moves = len(rec["moves"])
    work = [(rec, n, seconds_per_move, iterations) for n in range(n_moves + 1)]
    positions = _run(work, jobs, progress)
    positions.sort(key=lambda p: p["index"])
    return {"game": rec["game"], "agent": search_agent(rec["game"]), "seconds_per_move": seconds_per_move,
            "iterations": iterations, "thresholds": dict((n, t) for n, t in THRESHOLDS),
            "positions": [{k: p[k] for k in ("index", "player", "value", "proven", "best")} for p in positions],
            "moves": mark_moves(rec["moves"], positions, game)}


def _run(work: list, jobs: int, progress) -> list:
    out = []
    if jobs > 1 and len(work) > 1:
        try:
            from concurrent.futures import ProcessPoolExecutor, as_completed
            pool = ProcessPoolExecutor(max_workers=jobs)
        except (ImportError, NotImplementedError, OSError):  # Pyodide: no processes
            pool = None
        if pool is not None:
            with pool:
                for fut in as_completed([pool.submit(_analyse_position, job) for job in work]):
                    out.append(fut.result())
                    if progress:
                        progress(len(out), len(work))
            return out
    for job in work:
        out.append(_analyse_position(job))
        if progress:
            progress(len(out), len(work))
    return out
